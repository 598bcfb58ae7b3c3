//! RADAU against the original (issue 12): `fortran/radau_sweep.f` runs van der Pol, a
//! Brusselator chain (banded and full, analytic and numerical Jacobian) and Robertson
//! with a singular diagonal mass matrix (full and banded) over three tolerances and the
//! stage settings IWORK(11..13) (fixed 3, 5, 7 stages and variable orders), scalar and
//! vector tolerances, both step-size controllers, SOLOUT with CONTRA.
//! `expected/radau_sweep.txt` holds the RUN lines of the same program linked against
//! the original RADAU: every line must be equal, statistics and values to the last bit.

use ffi_tests::{fortran_program, root, run, Link};

#[test]
fn radau_sweep_matches_the_original_bit_for_bit() {
    let exe = fortran_program(
        "radau-sweep",
        &[root().join("ffi-tests/fortran/radau_sweep.f")],
        Link::Static,
    );
    let out = run(&exe, "", &[]);
    let ours: Vec<&str> = std::str::from_utf8(&out.stdout)
        .expect("utf-8")
        .lines()
        .filter(|l| l.starts_with("RUN "))
        .collect();
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/radau_sweep.txt"))
        .expect("expected/radau_sweep.txt");
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(ours.len(), expected.len(), "number of RUN lines");
    for (o, e) in ours.iter().zip(&expected) {
        assert_eq!(o, e);
    }
}
