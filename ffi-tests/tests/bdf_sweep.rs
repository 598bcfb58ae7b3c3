//! The size and storage sweep of DDASSL and DDASKR (`fortran/bdf_sweep.f` with
//! `bdf_sweep_dassl.f` or `bdf_sweep_daskr.f`): a stiff reaction-diffusion chain, local
//! (tridiagonal) and with a nonlocal coupling (a truly dense iteration matrix), for
//! NEQ = 1, 2, 5, 27, 31, 32, 33, 64, 100, 200 with dense and banded, analytic and
//! difference Jacobians, vector tolerances, returns per step up to TSTOP, interpolated
//! returns, consistent initial values (INFO(11) = 1; DDASKR on an index-1 variant), HMAX,
//! H0, MAXORD and a nonnegative solution, and a tight tolerance (1e-10, 500-step returns).
//! `expected/bdf_sweep_*.txt` is what the same program prints linked against the
//! original codes (netlib ddassl.f, ddaskr.f, gfortran -O2; the original DDASKR's own
//! messages, which it writes to standard output, left out): every line must be equal —
//! IDID, T, IWORK(11..15), the number of returns and three solution values to 17
//! digits.

use ffi_tests::{fortran_program, root, run, Link};

const SIZES: [u32; 10] = [1, 2, 5, 27, 31, 32, 33, 64, 100, 200];

fn sweep(solver: &str) {
    let dir = root().join("ffi-tests/fortran");
    let exe = fortran_program(
        &format!("bdf-sweep-{solver}"),
        &[
            dir.join("bdf_sweep.f"),
            dir.join(format!("bdf_sweep_{solver}.f")),
        ],
        Link::Static,
    );
    let out = run(&exe, "", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("internal error"), "{stderr}");
    let ours = String::from_utf8_lossy(&out.stdout);
    let path = root().join(format!("ffi-tests/expected/bdf_sweep_{solver}.txt"));
    let expected = std::fs::read_to_string(path).expect("expected output");
    let ours: Vec<&str> = ours.lines().collect();
    let expected: Vec<&str> = expected.lines().collect();
    for (k, (a, b)) in ours.iter().zip(&expected).enumerate() {
        assert_eq!(a, b, "{solver}: line {} differs from the original", k + 1);
    }
    assert_eq!(ours.len(), expected.len(), "{solver}: number of lines");
    // Every case ran at every size, and reached its end.
    for n in SIZES {
        for case in 1..=10 {
            let line = ours
                .iter()
                .find(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    w.len() > 3
                        && w[0] == "CASE"
                        && w[1] == case.to_string()
                        && w[2] == n.to_string()
                })
                .unwrap_or_else(|| panic!("{solver}: no case {case} at NEQ = {n}"));
            let idid: i32 = line.split_whitespace().nth(3).unwrap().parse().unwrap();
            assert!(idid == 2 || idid == 3, "{solver}: {line}");
        }
    }
}

#[test]
fn ddassl_sweep_equals_the_original() {
    sweep("dassl");
}

#[test]
fn ddaskr_sweep_equals_the_original() {
    sweep("daskr");
}
