//! libstiffdae64, the library for programs compiled with 64-bit default INTEGER
//! (`gfortran -fdefault-integer-8`, `--features int64`, built once into `target/int64`).
//!
//! `fortran/int64_vdpol.f` runs Van der Pol through RADAU5 (dense output by CONTR5 in
//! SOLOUT), RADAU (CONTRA), RODAS (CONTRO), DDASSL (continuing after IDID = -1) and
//! DDASKR (a root with JROOT, then the Krylov option whose JAC keeps a pivot and the
//! largest INTEGER less 5 in IWP, which PSOL checks). `expected/int64_vdpol.txt` is what
//! the same source prints linked against the originals, compiled with and without
//! `-fdefault-integer-8` (the two agree; the originals' unit-6 messages left out). The
//! program must print exactly that compiled without the flag against libstiffdae and
//! with it against libstiffdae64, shared and static. The DDASKR programs of
//! `ddaskr_krylov.rs` and `ddaskr_modes.rs` must print their originals' lines with
//! 64-bit INTEGER too, and `c/int64_checks.c` checks through the header's `stiffdae_int`
//! that values beyond 32 bits are refused where the core would read them and left alone
//! elsewhere.

use ffi_tests::{c_program, fortran_program_with, root, run, Link};
use std::path::PathBuf;

const FLAG: &str = "-fdefault-integer-8";

fn source(name: &str) -> PathBuf {
    root().join("ffi-tests/fortran").join(name)
}

/// The standard output of `exe` run with `stdin` (quiet: the messages are on stderr).
fn stdout_of(exe: &std::path::Path, stdin: &str) -> String {
    let out = run(exe, stdin, &[("STIFFDAE_QUIET", "1")]);
    assert!(
        out.status.success(),
        "{}: {}",
        exe.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The lines of `expected/<name>.txt` without the original DDASKR's messages.
fn original_lines(name: &str) -> Vec<String> {
    std::fs::read_to_string(root().join(format!("ffi-tests/expected/{name}")))
        .expect("expected output")
        .lines()
        .filter(|l| !l.contains("DASKR--") && !l.contains("In above") && !l.contains("at T = R1"))
        .map(String::from)
        .collect()
}

#[test]
fn van_der_pol_prints_the_originals_lines_with_either_integer_size() {
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/int64_vdpol.txt"))
        .expect("expected output");
    let sources = [source("int64_vdpol.f")];
    for (name, link, flags) in [
        ("int64-vdpol-default", Link::Shared, &[][..]),
        ("int64-vdpol-shared64", Link::Shared64, &[FLAG][..]),
        ("int64-vdpol-static64", Link::Static64, &[FLAG][..]),
    ] {
        let exe =
            fortran_program_with(name, &sources, link, flags).unwrap_or_else(|e| panic!("{e}"));
        let ours = stdout_of(&exe, "1 1 1 1 1\n");
        for (k, (a, b)) in ours.lines().zip(expected.lines()).enumerate() {
            assert_eq!(a, b, "{name}: line {} differs from the original", k + 1);
        }
        assert_eq!(ours.lines().count(), expected.lines().count(), "{name}");
    }
    // What the lines cover: dense output of all three Hairer codes, DDASSL's and
    // DDASKR's continuation after IDID = -1 (INFO(1) written back), a root.
    for needle in [
        "R5 ",
        "RA ",
        "RO ",
        "DDASSL -1",
        "DDASKR -1",
        "JROOT -1",
        "JROOT  1",
    ] {
        assert!(expected.contains(needle), "{needle}");
    }
}

/// A program compiled with 64-bit INTEGER does not run against the default library (nor
/// the other way round): the test above tells the two apart.
#[test]
fn mismatched_integer_sizes_do_not_reproduce_the_run() {
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/int64_vdpol.txt"))
        .expect("expected output");
    let sources = [source("int64_vdpol.f")];
    for (name, link, flags) in [
        ("int64-vdpol-mismatch-a", Link::Static, &[FLAG][..]),
        ("int64-vdpol-mismatch-b", Link::Static64, &[][..]),
    ] {
        let exe =
            fortran_program_with(name, &sources, link, flags).unwrap_or_else(|e| panic!("{e}"));
        let out = run(&exe, "1 0 0 0 0\n", &[("STIFFDAE_QUIET", "1")]);
        assert_ne!(
            String::from_utf8_lossy(&out.stdout).lines().next(),
            expected.lines().next(),
            "{name}"
        );
    }
}

#[test]
fn ddaskr_programs_print_the_originals_lines_with_64_bit_integers() {
    for (program, expected) in [
        ("daskr_krylov.f", "daskr_krylov.txt"),
        ("daskr_modes.f", "daskr_modes.txt"),
    ] {
        let name = format!("int64-{}", program.trim_end_matches(".f").replace('_', "-"));
        let exe = fortran_program_with(&name, &[source(program)], Link::Static64, &[FLAG])
            .unwrap_or_else(|e| panic!("{e}"));
        let ours = stdout_of(&exe, "");
        let original = original_lines(expected);
        for (k, (a, b)) in ours.lines().zip(&original).enumerate() {
            assert_eq!(a, b, "{program}: line {} differs from the original", k + 1);
        }
        assert_eq!(ours.lines().count(), original.len(), "{program}");
    }
}

#[test]
fn wide_values_are_refused_where_read_and_kept_elsewhere() {
    let exe = c_program(
        "int64-checks",
        &[root().join("ffi-tests/c/int64_checks.c")],
        Link::Shared64,
    );
    let out = run(&exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.starts_with("INTEGER BYTES 8\n"), "{stdout}");
    // RADAU5's statistics and CONTR5's y1(1) as with the original (int64_vdpol.txt).
    assert!(
        stdout.contains("\nIDID 1\nSTATS 3965 308 501 489 8 410 1158\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("CONTR5 -1.8636466664335014e+00\n"),
        "{stdout}"
    );
    assert_eq!(stdout.matches(" OK\n").count(), 13, "{stdout}");
    assert!(!stdout.contains("FAILED"), "{stdout}");
    // The refusals name the value that does not fit.
    for needle in [
        "RADAU5: N = 1099511627778 is outside the 32-bit range",
        "RADAU5: IWORK(2) = 1099511627776 is outside the 32-bit range",
        "CONTR5: component I = 1099511627777 outside 1..2",
        "NEQ = 1099511627777, LRW = 200 OR LIW = 60 IS OUTSIDE THE 32-BIT RANGE",
        "INFO(3) = 1099511627776 IS OUTSIDE THE 32-BIT RANGE",
        "IWORK(3) = 1099511627776 IS OUTSIDE THE 32-BIT RANGE",
        "NRT = 1099511627776 IS OUTSIDE THE 32-BIT RANGE",
        "IWORK(24) = 1099511627776 IS OUTSIDE THE 32-BIT RANGE",
    ] {
        assert!(stderr.contains(needle), "no {needle:?} in\n{stderr}");
    }
    // The same source against the default library: 32-bit INTEGER, the same run.
    let exe = c_program(
        "int64-checks-default",
        &[root().join("ffi-tests/c/int64_checks.c")],
        Link::Shared,
    );
    let out = run(&exe, "", &[]);
    let default = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(default.starts_with("INTEGER BYTES 4\n"), "{default}");
    let common: Vec<&str> = default.lines().skip(1).collect();
    assert_eq!(common.len(), 5, "{default}");
    assert_eq!(stdout.lines().skip(1).take(5).collect::<Vec<_>>(), common);
}
