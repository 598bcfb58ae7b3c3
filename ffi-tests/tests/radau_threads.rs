//! RADAU's concurrency through the C ABI (`c/radau_threads.c`): eight threads solving at
//! once, bit-identical to serial runs (end point, statistics and CONTRA's values inside
//! every step), and a whole `radau_` nested inside a SOLOUT that leaves the outer step's
//! CONTRA values unchanged. The jobs without a nested solve print what the original
//! prints for them (serial runs of the same program linked against radau.f): the
//! statistics and the hash of every CONTRA value to the bit. The original cannot nest
//! (CONTRA's data live in COMMON): its nested jobs 3 and 6 take other steps.

use ffi_tests::{c_program, root, run, Link};

const ORIGINAL: &[&str] = &[
    "THREAD 0 problem 0 idid 1 steps 149 hash f90e409d523ea409 errors 0",
    "THREAD 1 problem 1 idid 1 steps 74 hash 06d57c2fb9806a45 errors 0",
    "THREAD 2 problem 2 idid 1 steps 18 hash ac1561f53b50e5d9 errors 0",
    "THREAD 4 problem 1 idid 1 steps 68 hash c1c6dbcccf1a4b94 errors 0",
    "THREAD 5 problem 2 idid 1 steps 20 hash df80eff1bd538d7e errors 0",
    "THREAD 7 problem 1 idid 1 steps 105 hash 9a3ec625b854ab2f errors 0",
];

#[test]
fn eight_threads_and_a_nested_solve_are_bit_identical_to_serial_runs() {
    let exe = c_program(
        "radau-threads",
        &[root().join("ffi-tests/c/radau_threads.c")],
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
    for line in ORIGINAL {
        assert!(
            stdout.lines().any(|l| l == *line),
            "{line} not in\n{stdout}"
        );
    }
}
