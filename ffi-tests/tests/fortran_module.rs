//! Modern Fortran through `fortran/stiffdae.f90` (bind(C) interfaces).

use ffi_tests::{fortran_program, root, run, Link};

#[test]
fn modern_fortran_calls_radau5_through_the_module() {
    let sources = [
        root().join("fortran/stiffdae.f90"),
        root().join("ffi-tests/fortran/modern.f90"),
    ];
    let exe = fortran_program("modern-fortran", &sources, Link::Static);
    let out = run(&exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("IDID 1"), "{stdout}");
    let value = |key: &str| -> Vec<f64> {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .map(|r| {
                r.split_whitespace()
                    .filter_map(|v| v.parse().ok())
                    .collect()
            })
            .unwrap_or_default()
    };
    let y = value("Y ");
    assert!((y[0] - 1.706_167_732_170_483).abs() < 1e-5, "{y:?}");
    // y1(1) = -1.86364622503 (the C example's dense output at rtol = 1e-7).
    let d = value("DENSE1 ")[0];
    assert!(
        (d + 1.863_646_225_03).abs() < 1e-4,
        "dense output at 1: {d}"
    );
}
