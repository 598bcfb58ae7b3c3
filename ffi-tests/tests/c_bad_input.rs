//! Bad input through the C ABI: the original's IDID, one stderr line per reason, no
//! write outside the caller's arrays (guard values, and valgrind when installed).

use ffi_tests::{c_program, root, run, Link};
use std::process::Command;

fn program() -> std::path::PathBuf {
    c_program(
        "c-bad-input",
        &[root().join("ffi-tests/c/bad_input.c")],
        Link::Static,
    )
}

#[test]
fn bad_input_gets_the_original_idid_and_a_message() {
    let out = run(&program(), "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("CASE ")).count(),
        27,
        "{stdout}"
    );
    assert!(stdout.contains("FAILURES 0"), "{stdout}");
    for needle in [
        "N must be positive",
        "insufficient storage for WORK",
        "insufficient storage for IWORK",
        "tolerances are too small",
        "tolerances(1) are too small",
        "coefficients have 20 digits",
        "curious input for IWORK(5,6,7)",
        "bandwidth of \"MAS\" not smaller than bandwidth of \"JAC\"",
        "Y(1) = NaN is not finite",
        "FCN is a null pointer",
        "bandwidths of the Jacobian must be >= 0",
        "bandwidths of the mass matrix must be >= 0",
        "curious input for IWORK(5,6,7) = 5, -1, 0",
        "WORK(5) = -5e-1 is negative",
        "RTOL and ATOL overlap without being the same array",
        "RTOL = NaN",
        "CONTR5: CONT was not handed to SOLOUT by RADAU5",
        "CONTR5: LRC = 6 is not the 4*N that SOLOUT received",
    ] {
        assert!(
            stderr.contains(needle),
            "no message {needle:?} in:\n{stderr}"
        );
    }
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("RADAU5: ") || l.starts_with("CONTR5: ")),
        "{stderr}"
    );
}

#[test]
fn messages_can_be_silenced() {
    let out = run(&program(), "", &[("STIFFDAE_QUIET", "1")]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_input_is_clean_under_valgrind() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("valgrind is not installed: skipping the memcheck run");
        return;
    }
    let out = Command::new("valgrind")
        .args(["--error-exitcode=99", "--leak-check=no", "--quiet"])
        .arg(program())
        .env("STIFFDAE_QUIET", "1")
        .output()
        .expect("run valgrind");
    assert!(
        out.status.success(),
        "valgrind: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
