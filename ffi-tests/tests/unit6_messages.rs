//! `STIFFDAE_MESSAGES=unit6` (issue 15): the messages in the originals' words and layout
//! where the originals print them. `fortran/unit6_hairer.f` makes one call of RADAU5,
//! RADAU and RODAS per refusal the originals print and per exit before XEND (step
//! limit, step size too small, repeatedly singular, SOLOUT's stop);
//! `fortran/unit6_bdf.f` one call of DDASSL or DDASKR per illegal input and per failed
//! return. `expected/unit6_*` is what the same programs print linked against the
//! original codes (gfortran 12; DDASSL's SLATEC XERMSG writes to stderr), every line of
//! which must be ours.

use ffi_tests::{c_program, fortran_program, fortran_program_with, root, run, Link};

fn program() -> std::path::PathBuf {
    fortran_program(
        "unit6-hairer",
        &[root().join("ffi-tests/fortran/unit6_hairer.f")],
        Link::Static,
    )
}

/// Runs `exe` in the unit-6 style and compares its output with `expected/<name>`.
fn same_as_original(exe: &std::path::Path, name: &str) {
    let out = run(exe, "", &[("STIFFDAE_MESSAGES", "unit6")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stderr.is_empty(),
        "nothing on stderr in the unit-6 style: {stderr}"
    );
    let expected =
        std::fs::read_to_string(root().join("ffi-tests/expected").join(name)).expect(name);
    let ours: Vec<&str> = stdout.lines().collect();
    let theirs: Vec<&str> = expected.lines().collect();
    for (k, (o, t)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(o, t, "line {}", k + 1);
    }
    assert_eq!(ours.len(), theirs.len(), "{stdout}");
}

#[test]
fn unit6_messages_are_the_originals_line_for_line() {
    same_as_original(&program(), "unit6_hairer.txt");
}

/// libstiffdae64 writes INTEGER*8 values as gfortran does (21 columns): the same program
/// compiled with `-fdefault-integer-8`, against the originals compiled so.
#[test]
fn unit6_messages_of_the_int64_library_are_the_originals_line_for_line() {
    let exe = fortran_program_with(
        "unit6-hairer-int64",
        &[root().join("ffi-tests/fortran/unit6_hairer.f")],
        Link::Static64,
        &["-fdefault-integer-8"],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    same_as_original(&exe, "unit6_hairer_int64.txt");
}

#[test]
fn default_messages_are_one_line_each_on_stderr() {
    let out = run(&program(), "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.lines().all(|l| l.starts_with("CASE ")), "{stdout}");
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/unit6_hairer.txt"))
        .expect("expected/unit6_hairer.txt");
    let cases = expected.lines().filter(|l| l.starts_with("CASE ")).count();
    let messages = expected.lines().count() - cases;
    // One line per refusal and per exit; the originals' failed exits take two records.
    let failed_exits = expected.lines().filter(|l| l.contains("EXIT OF")).count();
    let interrupted = expected.lines().filter(|l| l.contains("IDID   2")).count();
    assert_eq!(
        stderr.lines().count(),
        messages - (failed_exits - interrupted),
        "{stderr}"
    );
    for line in stderr.lines() {
        assert!(
            ["RADAU5: ", "RADAU: ", "RODAS: "]
                .iter()
                .any(|p| line.starts_with(p)),
            "{line}"
        );
    }
}

#[test]
fn quiet_silences_both_styles() {
    let out = run(
        &program(),
        "",
        &[("STIFFDAE_MESSAGES", "unit6"), ("STIFFDAE_QUIET", "1")],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().all(|l| l.starts_with("CASE ")), "{stdout}");
    assert!(out.stderr.is_empty());
}

#[test]
fn refusals_the_original_does_not_make_keep_our_line_after_a_blank() {
    let exe = c_program(
        "c-bad-input",
        &[root().join("ffi-tests/c/bad_input.c")],
        Link::Static,
    );
    let out = run(&exe, "", &[("STIFFDAE_MESSAGES", "unit6")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.stderr.is_empty());
    for line in [
        " RADAU5: N must be positive, N = 0",
        " RADAU5: RTOL and ATOL overlap without being the same array",
        "  TOLERANCES ARE TOO SMALL",
    ] {
        assert!(stdout.lines().any(|l| l == line), "{line:?} in\n{stdout}");
    }
}

/// Runs `fortran/unit6_bdf.f` for DDASSL (1) or DDASKR (2) in the unit-6 style and
/// compares its standard output and error with the originals'.
fn bdf_case(code: &str, out: &str, err: Option<&str>) {
    let exe = fortran_program(
        "unit6-bdf",
        &[root().join("ffi-tests/fortran/unit6_bdf.f")],
        Link::Static,
    );
    let run_out = run(&exe, code, &[("STIFFDAE_MESSAGES", "unit6")]);
    let read = |name: &str| {
        std::fs::read_to_string(root().join("ffi-tests/expected").join(name)).expect(name)
    };
    let lines_equal = |ours: &[u8], expected: &str, what: &str| {
        let ours = String::from_utf8_lossy(ours);
        let (o, e): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), expected.lines().collect());
        for (k, (a, b)) in o.iter().zip(&e).enumerate() {
            assert_eq!(a, b, "{what} line {}", k + 1);
        }
        assert_eq!(o.len(), e.len(), "{what}:\n{ours}");
    };
    assert!(run_out.status.success());
    lines_equal(&run_out.stdout, &read(out), out);
    match err {
        Some(name) => lines_equal(&run_out.stderr, &read(name), name),
        None => assert!(run_out.stderr.is_empty()),
    }
}

#[test]
fn ddassl_messages_are_the_originals_xermsg_blocks_on_stderr() {
    bdf_case("1\n", "unit6_dassl.out", Some("unit6_dassl.err"));
}

#[test]
fn ddaskr_messages_are_the_originals_xerrwd_lines_on_stdout() {
    bdf_case("2\n", "unit6_daskr.out", None);
}

/// Illegal input twice: the originals' second message is fatal. DDASSL's SLATEC stops the
/// program after its block and a "JOB ABORT" line; the library prints the block, leaves
/// that line out and returns IDID = -33. DDASKR's original goes on, as the library does.
#[test]
fn a_fatal_message_is_the_originals_block_and_the_call_returns() {
    let exe = fortran_program(
        "unit6-bdf",
        &[root().join("ffi-tests/fortran/unit6_bdf.f")],
        Link::Static,
    );
    let read = |name: &str| {
        std::fs::read_to_string(root().join("ffi-tests/expected").join(name)).expect(name)
    };
    let out = run(&exe, "3\n", &[("STIFFDAE_MESSAGES", "unit6")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout,
        format!(
            "{}CASE  1 again 2 IDID -33\n",
            read("unit6_dassl_again.out")
        )
    );
    let original = read("unit6_dassl_again.err");
    let (block, abort) = original
        .trim_end_matches('\n')
        .rsplit_once('\n')
        .expect("the original's stderr");
    assert_eq!(abort, " ***JOB ABORT DUE TO FATAL ERROR.");
    assert_eq!(String::from_utf8_lossy(&out.stderr), format!("{block}\n"));
    let out = run(&exe, "4\n", &[("STIFFDAE_MESSAGES", "unit6")]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        read("unit6_daskr_again.out")
    );
    assert!(out.stderr.is_empty());
}
