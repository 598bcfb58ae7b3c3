//! Modern Fortran through `fortran/stiffdae.f90` (bind(C) interfaces).

use ffi_tests::{fortran_program, root, run, Link};

#[test]
fn modern_fortran_calls_radau5_through_the_module() {
    let sources = [
        root().join("fortran/stiffdae.f90"),
        root().join("examples/fortran90/vdpol_radau5.f90"),
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

#[test]
fn modern_fortran_calls_ddaskr_through_the_module() {
    let sources = [
        root().join("fortran/stiffdae.f90"),
        root().join("examples/fortran90/ball_ddaskr.f90"),
    ];
    let exe = fortran_program("modern-fortran-daskr", &sources, Link::Static);
    let out = run(&exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let impacts: Vec<f64> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("IMPACT "))
        .map(|r| r.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    let (g, h) = (9.81_f64, 10.0_f64);
    let t1 = (2.0 * h / g).sqrt();
    let v1 = (2.0 * g * h).sqrt();
    let expected = [t1, t1 + 1.6 * v1 / g, t1 + 1.6 * v1 / g + 1.28 * v1 / g];
    assert_eq!(impacts.len(), 3, "{stdout}");
    for (a, b) in impacts.iter().zip(expected) {
        assert!((a - b).abs() < 1e-9, "{a} vs {b}");
    }
}
