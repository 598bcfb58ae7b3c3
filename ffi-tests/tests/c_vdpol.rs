//! A C program using include/stiffdae.h: Van der Pol with SOLOUT and contr5_ dense output.

use ffi_tests::{c_program, root, run, Link};

/// Reference solution at x = 2 (IVP Test Set).
const YREF: [f64; 2] = [1.706_167_732_170_483, -0.892_809_701_024_797_5];

fn values(stdout: &str, key: &str) -> Vec<Vec<f64>> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix(key))
        .map(|rest| {
            rest.split_whitespace()
                .filter_map(|v| v.parse().ok())
                .collect()
        })
        .collect()
}

fn check(link: Link, name: &str) {
    let exe = c_program(name, &[root().join("ffi-tests/c/vdpol.c")], link);
    let out = run(&exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stdout.contains("MISMATCH"), "{stdout}");
    let y = &values(&stdout, "Y ")[0];
    let scd = -y
        .iter()
        .zip(YREF)
        .map(|(a, b)| ((a - b) / b).abs())
        .fold(0.0, f64::max)
        .log10();
    assert!(scd > 6.5, "scd {scd}");
    let dense = values(&stdout, "DENSE ");
    assert_eq!(dense.len(), 10, "{stdout}");
    // The last dense point is the end point itself.
    let last = &dense[9];
    assert!(
        (last[0] - 2.0).abs() < 1e-9 && (last[1] - y[0]).abs() < 1e-12,
        "{last:?} vs {y:?}"
    );
    // Full Jacobian: MLJAC and MUJAC come back as N, as the original writes them.
    assert!(stdout.contains("MLJAC 2 MUJAC 2"), "{stdout}");
    // RTOL is restored (through the original's transformation round trip).
    let rtol = values(&stdout, "RTOL ")[0][0];
    assert!((rtol / 1e-7 - 1.0).abs() < 1e-12);
}

#[test]
fn c_program_with_dense_output_static() {
    check(Link::Static, "c-vdpol");
}

#[test]
fn c_program_with_dense_output_shared() {
    check(Link::Shared, "c-vdpol-shared");
}
