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

/// Runs `fortran/<name>.f` against libstiffdae and compares its standard output line for
/// line with `expected/<name>.txt`, what the original printed there; the original's
/// error messages (printed on unit 6, ours go to stderr) are left out.
fn same_stdout_as_the_original(name: &str) {
    let exe = fortran_program(
        &name.replace('_', "-"),
        &[root().join(format!("ffi-tests/fortran/{name}.f"))],
        Link::Static,
    );
    let out = run(&exe, "", &[("STIFFDAE_QUIET", "1")]);
    assert!(out.status.success());
    let ours = String::from_utf8_lossy(&out.stdout);
    let expected = std::fs::read_to_string(root().join(format!("ffi-tests/expected/{name}.txt")))
        .expect("expected output");
    let original: Vec<&str> = expected
        .lines()
        .filter(|l| !l.contains("DASKR--") && !l.contains("In above"))
        .collect();
    assert_eq!(ours.lines().collect::<Vec<_>>(), original);
}

/// A residual that turns NaN or overflows mid-run (`fortran/daskr_nan.f`): every return
/// equal to the original DDASKR's (`expected/daskr_nan.txt`), NaN solution included.
#[test]
fn nan_residuals_are_carried_as_the_original_carries_them() {
    same_stdout_as_the_original("daskr_nan");
}

/// Root functions that turn NaN or infinite, from the start or mid-run, or follow a NaN
/// solution (`fortran/daskr_nan_root.f`): every return equal to the original DDASKR's
/// (`expected/daskr_nan_root.txt`), which takes NaN as "not greater than zero" and
/// reports roots with JROOT = 0 after every step.
#[test]
fn nan_root_functions_are_taken_as_the_original_takes_them() {
    same_stdout_as_the_original("daskr_nan_root");
}
