//! DDASSL from C through include/stiffdae.h: Robertson as an index-1 DAE with an
//! inconsistent initial y' (INFO(11) = 1) and an analytic JAC.

use ffi_tests::{c_program, root, run, Link};

#[test]
fn robertson_dae_from_c() {
    let exe = c_program(
        "c-robertson-dassl",
        &[root().join("examples/c/robertson_ddassl.c")],
        Link::Static,
    );
    let out = run(&exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = stdout
        .lines()
        .rfind(|l| l.starts_with("T "))
        .expect("output lines");
    let v: Vec<f64> = last
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    // t = 4e10 (Hairer & Wanner II, §IV.1): y1 = 5.2e-8, y3 = 1 - y1 - y2.
    assert!((v[0] - 4e10).abs() < 1.0, "{last}");
    assert!((v[1] - 5.2e-8).abs() < 1e-9, "{last}");
    assert!(
        (v[1] + v[2] + v[3] - 1.0).abs() < 1e-12,
        "mass conservation: {last}"
    );
    // RES calls counted by the program equal IWORK(12).
    let stats: Vec<i64> = stdout
        .lines()
        .find(|l| l.starts_with("STATS"))
        .expect("stats")
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(
        stats[1], stats[5],
        "IWORK(12) counts every residual call: {stats:?}"
    );
}
