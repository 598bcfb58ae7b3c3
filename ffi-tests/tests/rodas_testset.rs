//! The Test Set kit driver for RODAS (`fortran/rodasd.f`), linked unchanged against
//! libstiffdae, must give on every row the original's IDID, statistics and accuracy
//! (the original's RESULT lines, frozen in `expected/testset_original.txt`), and must
//! refuse the problems of index > 1 and the implicit one as the Test Set's driver does.

use ffi_tests::{baseline, run_kit, Solver};

const PROBLEMS: [&str; 5] = ["hires", "vdpol", "pollu", "rober", "transamp"];

#[test]
fn every_rodas_row_gives_the_originals_statistics() {
    let mut report = Vec::new();
    for problem in PROBLEMS {
        for tol in [1e-4, 1e-7, 1e-10] {
            let want = baseline::original("RODAS", problem, tol)
                .unwrap_or_else(|| panic!("no frozen RODAS row for {problem} {tol:e}"));
            let (got, _) = run_kit(Solver::Rodas, problem, tol);
            let fields = [
                ("idid", i64::from(got.idid), i64::from(want.idid)),
                ("steps", got.steps as i64, want.steps as i64),
                ("accept", got.accept as i64, want.accept as i64),
                ("#f", got.nf as i64, want.nf as i64),
                ("#Jac", got.njac as i64, want.njac as i64),
                ("#LU", got.nlu as i64, want.nlu as i64),
            ];
            for (name, g, w) in fields {
                if g != w {
                    report.push(format!("{problem} {tol:e}: {name} {g} vs {w}"));
                }
            }
            if (got.mescd, got.scd) != (want.mescd, want.scd) {
                report.push(format!(
                    "{problem} {tol:e}: mescd/scd {:?}/{:?} vs {:?}/{:?}",
                    got.mescd, got.scd, want.mescd, want.scd
                ));
            }
        }
    }
    assert!(
        report.is_empty(),
        "differences from the original (stiffdae vs original):\n{}",
        report.join("\n")
    );
}

#[test]
fn problems_of_index_above_one_are_refused_with_a_reason() {
    for problem in ["andrews", "caraxis", "pump", "wheel", "wheelmm"] {
        assert!(Solver::Rodas.refuses(problem));
        let (res, out) = run_kit(Solver::Rodas, problem, 1e-4);
        assert_eq!(res.idid, -1, "{problem}: {res:?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("RODAS cannot solve"), "{problem}: {stdout}");
    }
}
