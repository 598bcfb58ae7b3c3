//! The kit's problem files speak the Test Set's problem interface (release 2.4): a
//! driver written against it the way the Test Set's drivers use it
//! (`ffi-tests/fortran/kit_genuine_driver.f`: chkdat checks pidate, getinp sets element 1
//! of RTOL and ATOL only, settolerances the rest, statistics summed into IWORK and
//! printed by report) gives every kit problem the same run as the kit's own drivers:
//! it stops with their IDID (or the problem's IERR) where they fail, and otherwise gets
//! their steps, accepted steps, #f, #Jac, #LU, mescd and scd.

use ffi_tests::{fortran_program, kit_program, parse_result, root, run, Link, Solver};
use std::path::PathBuf;

const PROBLEMS: &[&str] = &[
    "hires", "vdpol", "pollu", "rober", "transamp", "andrews", "caraxis", "wheel", "wheelmm",
    "pump",
];

/// The genuine-interface driver with `problem`, linked with the DASSL-family segment
/// routine of `solver` (RADAU5 runs take the DDASSL one, which they do not call).
fn genuine_program(solver: Solver, problem: &str) -> PathBuf {
    let kit = root().join("fortran");
    let segment = if solver == Solver::Ddaskr {
        "daskrs.f"
    } else {
        "dassls.f"
    };
    let sources = [
        root().join("ffi-tests/fortran/kit_genuine_driver.f"),
        kit.join(segment),
        kit.join("dasslres.f"),
        kit.join("report.f"),
        kit.join("problems").join(format!("{problem}.f")),
    ];
    let family = if solver == Solver::Ddaskr {
        "daskr"
    } else {
        "dassl"
    };
    fortran_program(
        &format!("kit-genuine-{family}-{problem}"),
        &sources,
        Link::Static,
    )
}

fn tolerances(problem: &str) -> [f64; 2] {
    if problem == "pump" {
        [1e-5, 1e-7]
    } else {
        [1e-4, 1e-7]
    }
}

#[test]
fn every_kit_problem_runs_through_a_genuine_interface_driver_as_through_the_kit() {
    let mut compared = 0;
    for solver in [Solver::Radau5, Solver::Ddassl, Solver::Ddaskr] {
        for &problem in PROBLEMS {
            if solver.refuses(problem) {
                continue;
            }
            let kit = kit_program(solver, problem).unwrap_or_else(|e| panic!("{e}"));
            let genuine = genuine_program(solver, problem);
            for tol in tolerances(problem) {
                let input = format!("{tol:e}\n{tol:e}\n{tol:e}\n");
                let env = [("STIFFDAE_QUIET", "1"), ("KIT_SOLVER", solver.name())];
                let what = format!("{} {problem} {tol:e}", solver.name());
                let kit_out = String::from_utf8_lossy(&run(&kit, &input, &env).stdout).into_owned();
                let gen_out =
                    String::from_utf8_lossy(&run(&genuine, &input, &env).stdout).into_owned();
                let want = parse_result(&kit_out).unwrap_or_else(|| panic!("{what}: {kit_out}"));
                if want.ierr != 0 {
                    assert!(
                        gen_out.contains(&format!("STOP ierr={}", want.ierr)),
                        "{what}: {gen_out}"
                    );
                } else if want.idid < 0 {
                    assert!(
                        gen_out.contains(&format!("STOP idid={}", want.idid)),
                        "{what}: {gen_out}"
                    );
                } else {
                    let got = parse_result(&gen_out).unwrap_or_else(|| panic!("{what}: {gen_out}"));
                    assert_eq!(
                        (&got.solver, &got.problem),
                        (&want.solver, &want.problem),
                        "{what}"
                    );
                    assert_eq!(
                        [got.steps, got.accept, got.nf, got.njac, got.nlu],
                        [want.steps, want.accept, want.nf, want.njac, want.nlu],
                        "{what}"
                    );
                    assert_eq!((got.mescd, got.scd), (want.mescd, want.scd), "{what}");
                }
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 2 * (9 + 8 + 8), "runs compared");
}

/// The kit's routines start on 64-byte boundaries in the programs that `testset` times
/// against the original (README: the same objects, the same alignment in both programs).
#[test]
fn kit_routines_start_on_64_byte_boundaries() {
    let exe = kit_program(Solver::Ddassl, "wheelmm").unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new("nm")
        .arg(&exe)
        .output()
        .expect("nm runs");
    let symbols = String::from_utf8_lossy(&out.stdout);
    for name in [
        "MAIN__", "dres_", "djac_", "result_", "prob_", "feval_", "jeval_",
    ] {
        let address = symbols
            .lines()
            .find_map(|line| {
                let mut fields = line.split_whitespace();
                let address = fields.next()?;
                let kind = fields.next()?;
                (fields.next() == Some(name) && kind.eq_ignore_ascii_case("t"))
                    .then(|| u64::from_str_radix(address, 16).ok())?
            })
            .unwrap_or_else(|| panic!("{name} is not in {}", exe.display()));
        assert_eq!(address % 64, 0, "{name} at {address:#x}");
    }
}
