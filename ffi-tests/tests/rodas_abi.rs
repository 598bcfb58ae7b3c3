//! rodas_ and contro_ as C callers use them: eight threads at once, bit-identical to
//! serial runs, each SOLOUT reading its own step through contro_, and a whole rodas_
//! nested inside a SOLOUT (ffi-tests/c/rodas_threads.c).

use ffi_tests::{c_program, root, run, Link};
use std::path::{Path, PathBuf};
use std::process::Command;

fn threads_program() -> PathBuf {
    c_program(
        "c-rodas-threads",
        &[root().join("ffi-tests/c/rodas_threads.c")],
        Link::Static,
    )
}

/// Runs `exe` under valgrind memcheck when it is installed; `false` when it is not.
fn valgrind_clean(exe: &Path) -> bool {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("valgrind is not installed: skipping the memcheck run");
        return false;
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
    true
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
