//! `ddaskr_` at the ABI boundary from C: bad input gets IDID = -33 with the original's
//! message (or, for a Krylov request without PSOL, a message that says why), nothing is written outside the caller's arrays (guard values, and
//! valgrind when installed); eight threads and a solve nested inside a root function are
//! bit-identical to serial runs.

use ffi_tests::{c_program, root, run, Link};
use std::process::Command;

fn bad_input() -> std::path::PathBuf {
    c_program(
        "c-daskr-bad-input",
        &[root().join("ffi-tests/c/daskr_bad_input.c")],
        Link::Static,
    )
}

#[test]
fn bad_input_gets_minus_33_and_a_message() {
    let out = run(&bad_input(), "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("CASE ")).count(),
        28,
        "{stdout}"
    );
    assert!(stdout.contains("FAILURES 0"), "{stdout}");
    for needle in [
        "NEQ (=I1) .LE. 0  In above message, I1 = -2",
        "RWORK LENGTH NEEDED, LENRW (=I1), EXCEEDS LRW (=I2)  In above message, I1 = 102, I2 = 101",
        "IWORK LENGTH NEEDED, LENIW (=I1), EXCEEDS LIW (=I2)",
        "ELEMENT (=I1) OF INFO VECTOR IS NOT VALID  In above message, I1 = 18",
        "INFO(12) = 1 BUT PSOL IS A NULL POINTER.",
        "ILLEGAL IWORK VALUE FOR INFO(11) .NE. 0",
        "TOUT (=R1) IS EQUAL TO T (=R2)",
        "SOME ELEMENT OF RTOL IS .LT. 0",
        "SOME ELEMENT OF ATOL IS .LT. 0",
        "ALL ELEMENTS OF RTOL AND ATOL ARE ZERO",
        "ML (=I1) ILLEGAL",
        "MU (=I1) ILLEGAL",
        "INFO(4) = 1 AND TSTOP (=R1) BEHIND TOUT (=R2)",
        "NRT (=I1) .LT. 0",
        "ZERO VALUES WERE FOUND AT TWO VERY CLOSE T VALUES",
        "THE LAST STEP TERMINATED WITH A NEGATIVE VALUE (=I1) OF IDID AND NO APPROPRIATE ACTION WAS TAKEN. RUN TERMINATED  In above message, I1 = 99",
        "INFO(1) = 1 BUT THE ITERATION MATRIX WAS NEVER FACTORED: RESTART WITH INFO(1) = 0",
    ] {
        assert!(
            stderr.contains(needle),
            "no message {needle:?} in:\n{stderr}"
        );
    }
    assert!(stderr.lines().all(|l| l.starts_with("DASKR--")), "{stderr}");
}

/// A root function that returns NaN past t = 0.5 (`root_nan`, two functions, y' = -y):
/// the original DDASKR reports a root (IDID = 5) with all JROOT = 0 at the first step
/// past 0.5, with T and Y there, as ours does (checked above, and call for call in
/// `ddaskr_modes.rs`): y1 = exp(-T).
#[test]
fn nan_root_leaves_t_and_y_together() {
    let out = run(&bad_input(), "", &[("STIFFDAE_QUIET", "1")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("NANROOT "))
        .expect("a NANROOT line");
    let v: Vec<f64> = line
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert!(
        (v[1] - (-v[0]).exp()).abs() < 1e-4,
        "T = {}, y1 = {}",
        v[0],
        v[1]
    );
}

#[test]
fn bad_input_messages_can_be_silenced() {
    let out = run(&bad_input(), "", &[("STIFFDAE_QUIET", "1")]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
}

#[test]
fn bad_input_is_clean_under_valgrind() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("valgrind is not installed: skipping the memcheck run");
        return;
    }
    let out = Command::new("valgrind")
        .args(["--error-exitcode=99", "--leak-check=no", "--quiet"])
        .arg(bad_input())
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

#[test]
fn eight_threads_and_a_nested_solve_are_bit_identical() {
    let exe = c_program(
        "c-daskr-threads",
        &[root().join("ffi-tests/c/daskr_threads.c")],
        Link::Static,
    );
    let out = run(&exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().filter(|l| l.contains(" identical")).count(),
        8,
        "{stdout}"
    );
    assert!(stdout.contains("ERRORS 0"), "{stdout}");
}
