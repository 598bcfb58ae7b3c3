//! A NaN in the iteration matrix of DDASSL and DDASKR (`fortran/nan_pivot_dassl.f`,
//! `fortran/nan_pivot_daskr.f`): the user's JAC puts a NaN below the diagonal, on it, on
//! the last pivot, mid-run, and in a band matrix. LINPACK's IDAMAX takes a NaN and then
//! the entry after it, so a NaN above a zero makes DGEFA meet a zero pivot (IDID = -8).
//! Every return (IDID, T, Y1, IWORK(11..15)) must be the line the original prints
//! (`expected/nan_pivot_*.txt`, produced by the same programs linked against the
//! original DDASSL and DDASKR). Both programs share their JAC (`nan_pivot_jac.f`).

use ffi_tests::{fortran_program, root, run, Link};

fn compare(name: &str, source: &str, expected: &str) {
    let exe = fortran_program(
        name,
        &[
            root().join("ffi-tests/fortran").join(source),
            root().join("ffi-tests/fortran/nan_pivot_jac.f"),
        ],
        Link::Static,
    );
    let out = run(&exe, "", &[("STIFFDAE_QUIET", "1")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let ours: Vec<&str> = stdout.lines().filter(|l| l.starts_with('R')).collect();
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected").join(expected))
        .expect("expected output");
    let expected: Vec<&str> = expected.lines().collect();
    for (k, (a, b)) in ours.iter().zip(&expected).enumerate() {
        assert_eq!(a, b, "{name}: line {} differs from the original", k + 1);
    }
    assert_eq!(ours.len(), expected.len(), "{name}: number of returns");
}

#[test]
fn ddassl_takes_the_originals_pivots_on_a_nan_jacobian() {
    compare(
        "nan-pivot-dassl",
        "nan_pivot_dassl.f",
        "nan_pivot_dassl.txt",
    );
}

#[test]
fn ddaskr_takes_the_originals_pivots_on_a_nan_jacobian() {
    compare(
        "nan-pivot-daskr",
        "nan_pivot_daskr.f",
        "nan_pivot_daskr.txt",
    );
}
