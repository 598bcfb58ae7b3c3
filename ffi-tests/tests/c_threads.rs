//! Concurrency through the C ABI: eight threads, bit-identical to serial runs, contr5_
//! from each SOLOUT seeing its own step, and a solve nested inside a SOLOUT.

use ffi_tests::{c_program, root, run, Link};

#[test]
fn eight_threads_are_bit_identical_to_serial_runs() {
    let exe = c_program(
        "c-threads",
        &[root().join("ffi-tests/c/threads.c")],
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
        stdout.lines().filter(|l| l.starts_with("THREAD ")).count(),
        8
    );
    assert!(stdout.contains("ERRORS 0"), "{stdout}");
}
