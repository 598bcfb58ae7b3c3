//! DDASKR's options through `ddaskr_`, against the original: `fortran/daskr_modes.f`
//! runs Robertson's DAE with root functions in twelve option modes (initial values,
//! INFO(14)/(16)/(17), banded and user Jacobians, constraints, TSTOP, HMAX, MAXORD,
//! returns per step) and prints every return to 17 digits with the statistics;
//! `expected/daskr_modes.txt` is what the same program prints linked against the
//! original DDASKR. Every line must be equal: the same steps, roots and counters.

use ffi_tests::{fortran_program, root, run, Link};

#[test]
fn option_modes_match_the_original_line_for_line() {
    let exe = fortran_program(
        "daskr-modes",
        &[root().join("ffi-tests/fortran/daskr_modes.f")],
        Link::Static,
    );
    let out = run(&exe, "", &[("STIFFDAE_QUIET", "1")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ours = String::from_utf8_lossy(&out.stdout);
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/daskr_modes.txt"))
        .expect("expected output");
    let ours: Vec<&str> = ours.lines().collect();
    let expected: Vec<&str> = expected.lines().collect();
    for (k, (a, b)) in ours.iter().zip(&expected).enumerate() {
        assert_eq!(a, b, "line {} differs from the original", k + 1);
    }
    assert_eq!(ours.len(), expected.len(), "number of returns");
    // The cases exercise what they claim: roots (IDID 5), IDID 4, a failed
    // initialisation (-12), the 500-step return (-1), TSTOP (2), returns per step (1).
    for idid in ["   5 ", "   4 ", " -12 ", "  -1 ", "   2 ", "   1 "] {
        assert!(
            ours.iter().any(|l| l.starts_with(idid)),
            "no return with IDID {idid}"
        );
    }
}

/// A residual that turns NaN or overflows mid-run (`fortran/daskr_nan.f`): every return
/// equal to the original DDASKR's (`expected/daskr_nan.txt`), NaN solution included.
#[test]
fn nan_residuals_are_carried_as_the_original_carries_them() {
    let exe = fortran_program(
        "daskr-nan",
        &[root().join("ffi-tests/fortran/daskr_nan.f")],
        Link::Static,
    );
    let out = run(&exe, "", &[("STIFFDAE_QUIET", "1")]);
    assert!(out.status.success());
    let ours = String::from_utf8_lossy(&out.stdout);
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/daskr_nan.txt"))
        .expect("expected output");
    assert_eq!(
        ours.lines().collect::<Vec<_>>(),
        expected.lines().collect::<Vec<_>>()
    );
}
