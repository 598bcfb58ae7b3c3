//! `STIFFDAE_MESSAGES=unit6` (issue 15): the Hairer codes' messages on standard output in
//! the originals' words and layout. `fortran/unit6_hairer.f` makes one call of RADAU5,
//! RADAU and RODAS per refusal the originals print and per exit before XEND (step
//! limit, step size too small, repeatedly singular, SOLOUT's stop);
//! `expected/unit6_hairer.txt` is what the same program prints linked against the
//! original codes (gfortran 12), every line of which must be ours.

use ffi_tests::{c_program, fortran_program, root, run, Link};

fn program() -> std::path::PathBuf {
    fortran_program(
        "unit6-hairer",
        &[root().join("ffi-tests/fortran/unit6_hairer.f")],
        Link::Static,
    )
}

#[test]
fn unit6_messages_are_the_originals_line_for_line() {
    let out = run(&program(), "", &[("STIFFDAE_MESSAGES", "unit6")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stderr.is_empty(),
        "nothing on stderr in the unit-6 style: {stderr}"
    );
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/unit6_hairer.txt"))
        .expect("expected/unit6_hairer.txt");
    let ours: Vec<&str> = stdout.lines().collect();
    let theirs: Vec<&str> = expected.lines().collect();
    for (k, (o, t)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(o, t, "line {}", k + 1);
    }
    assert_eq!(ours.len(), theirs.len(), "{stdout}");
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
