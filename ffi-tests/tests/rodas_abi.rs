//! rodas_ and contro_ as C callers use them: eight threads at once, bit-identical to
//! serial runs, each SOLOUT reading its own step through contro_, and a whole rodas_
//! nested inside a SOLOUT (ffi-tests/c/rodas_threads.c); bad input refused with IDID =
//! -1 and one message per reason, nothing written outside the caller's arrays, and NaN
//! or Inf from FCN carried on as by the original (ffi-tests/c/rodas_bad_input.c).

use ffi_tests::{c_program, root, run, Link};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The RUN lines of rodas_bad_input.c built with -DORIGINAL against the original
/// rodas.f (October 28 1996), decsol.f and dc_decsol.f (gfortran 12.2 -O2 -std=legacy).
const ORIGINAL_RUNS: &str = r#"
RUN nan_once_0 IDID 1 X 0x1p+1 H 0x1.bef25d8ed730fp-6 STATS 3639 599 608 599 9 608 3648 Y 0x1.c35142430a144p+0 -0x1.ac00b4f382b07p-1
RUN nan_once_4 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN nan_once_5 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN nan_once_6 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN nan_once_7 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN nan_once_8 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN nan_once_12 IDID 1 X 0x1p+1 H 0x1.b061ff37744b1p-6 STATS 3651 601 610 601 9 610 3660 Y 0x1.c351425067cc7p+0 -0x1.ac00b8995ebecp-1
RUN inf_once_2 IDID 1 X 0x1p+1 H 0x1.bdbb550859da8p-6 STATS 3753 618 627 618 9 627 3762 Y 0x1.c3636412ae3abp+0 -0x1.abdf43eb0296cp-1
RUN inf_once_3 IDID 1 X 0x1p+1 H 0x1.bef9af30286e8p-6 STATS 3639 599 608 599 9 608 3648 Y 0x1.c35142687d8d4p+0 -0x1.ac00b4aca896cp-1
RUN inf_once_4 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN inf_once_5 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN inf_once_6 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN inf_once_7 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN inf_once_8 IDID 1 X 0x1p+1 H 0x1.a8ccba87e0a7cp-6 STATS 3651 601 610 601 8 610 3660 Y 0x1.c351424e5c043p+0 -0x1.ac00bad951d2ap-1
RUN inf_once_10 IDID 1 X 0x1p+1 H 0x1.b0866639867dfp-6 STATS 3748 618 626 618 8 626 3756 Y 0x1.c363aa5173b3p+0 -0x1.abdec5cebd1bep-1
RUN inf_once_11 IDID 1 X 0x1p+1 H 0x1.bedfcd8ad6c15p-6 STATS 3639 599 608 599 9 608 3648 Y 0x1.c351431826cd1p+0 -0x1.ac00b36ec187p-1
RUN inf_once_12 IDID 1 X 0x1p+1 H 0x1.b061ff37744b1p-6 STATS 3651 601 610 601 9 610 3660 Y 0x1.c351425067cc7p+0 -0x1.ac00b8995ebecp-1
"#;

fn threads_program() -> PathBuf {
    c_program(
        "c-rodas-threads",
        &[root().join("ffi-tests/c/rodas_threads.c")],
        Link::Static,
    )
}

/// Runs `exe` under valgrind memcheck when it is installed and asserts a clean run.
fn valgrind_clean(exe: &Path) {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("valgrind is not installed: skipping the memcheck run");
        return;
    }
    let out = Command::new("valgrind")
        .args(["--error-exitcode=99", "--leak-check=no", "--quiet"])
        .arg(exe)
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

/// Eight threads, 20 runs each, against the serial run of the same problem: the same
/// IDID, X, H, Y, statistics and checksum of dense output; no SOLOUT sees a foreign step.
#[test]
fn eight_threads_are_bit_identical_to_serial_runs() {
    let out = run(&threads_program(), "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("THREAD ")).count(),
        8
    );
    assert!(stdout.contains("ERRORS 0"), "{stdout}");
}

/// The threaded and nested runs make no invalid read or write (valgrind memcheck).
#[test]
fn threads_are_clean_under_valgrind() {
    valgrind_clean(&threads_program());
}

fn bad_input_program() -> PathBuf {
    c_program(
        "c-rodas-bad-input",
        &[root().join("ffi-tests/c/rodas_bad_input.c")],
        Link::Static,
    )
}

/// Every refusal gives IDID = -1 with its message (one stderr line per reason, all
/// prefixed by the routine's name), the valid calls IDID = 1, and no guard value around
/// Y, RTOL, ATOL, WORK or IWORK changes.
#[test]
fn bad_input_gets_idid_minus_1_and_a_message() {
    let out = run(&bad_input_program(), "", &[]);
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
        "N must be positive, N = 0",
        "N must be positive, N = -3",
        "insufficient storage for WORK, min. LWORK = 108",
        "insufficient storage for IWORK, min. LIWORK = 24",
        "tolerances are too small: RTOL = 1e-6, ATOL = 0e0",
        "tolerances(4) are too small: RTOL = 1e-6, ATOL = -1e-6",
        "tolerances are too small: RTOL = 1e-15, ATOL = 1e-6",
        "wrong input IWORK(1) = -5",
        "curious input IWORK(2) = 4",
        "curious input for IWORK(9,10) = 3, 2",
        "coefficients have 16 digits, UROUND = 1e-20",
        "coefficients have 16 digits, UROUND = 1e0",
        "curious input WORK(3,4) = 2e0",
        "curious input for WORK(5) = 1.5e0",
        "bandwidth of \"MAS\" not smaller than bandwidth of \"JAC\"",
        "FCN is a null pointer",
        "IJAC = 1 but JAC is a null pointer",
        "IFCN = 1 and IDFX = 1 but DFX is a null pointer",
        "IMAS = 1 but MAS is a null pointer",
        "IOUT = 1 but SOLOUT is a null pointer",
        "bandwidths of the Jacobian must be >= 0, MLJAC = -1, MUJAC = 1",
        "bandwidths of the mass matrix must be >= 0, MLMAS = -1, MUMAS = 0",
        "Y(1) = NaN is not finite",
        "tolerances are too small: RTOL = NaN, ATOL = 1e-6",
        "CONTRO: CONT was not handed to SOLOUT by RODAS",
    ] {
        assert!(
            stderr.contains(needle),
            "no message {needle:?} in:\n{stderr}"
        );
    }
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("RODAS: ") || l.starts_with("CONTRO: ")),
        "{stderr}"
    );
}

/// NaN or Inf from FCN at one call: the original's IDID, X, H, statistics and end
/// values, bit for bit (the calls after which the original never returns are listed in
/// rodas_bad_input.c and not run).
#[test]
fn nan_and_inf_from_fcn_go_on_as_in_the_original() {
    let out = run(&bad_input_program(), "", &[("STIFFDAE_QUIET", "1")]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let (guards, ours): (Vec<&str>, Vec<&str>) = stdout
        .lines()
        .filter(|l| l.starts_with("RUN "))
        .partition(|l| l.contains("_guard_"));
    let expected: Vec<&str> = ORIGINAL_RUNS.trim().lines().collect();
    assert_eq!(ours, expected);
    // Where the original loops for ever (H shrunk to zero after a NaN or Inf DY1 or
    // Jacobian), stiffdae ends with IDID = -3 (README).
    assert_eq!(guards.len(), 4, "{stdout}");
    for g in guards {
        assert!(g.contains(" IDID -3 "), "{g}");
    }
}

/// STIFFDAE_QUIET=1 silences every message.
#[test]
fn bad_input_messages_can_be_silenced() {
    let out = run(&bad_input_program(), "", &[("STIFFDAE_QUIET", "1")]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The refusals, the foreign CONT and the NaN runs make no invalid read or write.
#[test]
fn bad_input_is_clean_under_valgrind() {
    valgrind_clean(&bad_input_program());
}
