//! The main job (`testset`, the first command of the README) as a user runs it: every
//! row of the table equals the original codes' run of the same kit driver
//! (`expected/testset_original.txt`), failures carry their reason, the options are
//! checked.

use std::process::Command;

fn testset(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_testset"))
        .args(args)
        .output()
        .expect("run testset")
}

#[test]
fn every_row_is_identical_to_the_original() {
    let out = testset(&[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("117 rows identical to the original, 0 differing"),
        "{stdout}"
    );
    for line in stdout
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| solver"))
    {
        let idid: i32 = line.split('|').nth(4).unwrap().trim().parse().unwrap();
        if idid < 1 {
            assert!(
                line.contains("the original fails here too"),
                "a failed row without its reason: {line}"
            );
        }
    }
    assert!(stdout.contains("legend:"), "{stdout}");
    assert!(
        stdout.contains("index > 1 (andrews, caraxis, wheel, wheelmm, pump)"),
        "{stdout}"
    );
}

#[test]
fn help_and_unknown_names() {
    let help = testset(&["--help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--original DIR"));
    for (args, list) in [
        (["--problem", "brusselator"], "hires, vdpol, pollu"),
        (["--solver", "lsoda"], "radau5, ddassl, ddaskr, rodas"),
    ] {
        let out = testset(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(list),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// README: the timed runs against the original leave our messages at their default, so
/// a row that ends in a failure prints its message inside the timed call, as the
/// original's does; the untimed runs are quiet.
#[test]
fn timed_runs_print_the_failure_message_as_the_original_does() {
    let exe = ffi_tests::kit_program(ffi_tests::Solver::Ddassl, "rober").expect("kit program");
    let (timed, out) = ffi_tests::run_kit_timed(&exe, 1e-10, 1);
    assert_eq!(timed.idid, -6);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("THE ERROR TEST FAILED REPEATEDLY"),
        "no message: {stderr}"
    );
    let (quiet, out) = ffi_tests::run_kit_repeated(&exe, 1e-10, 1);
    assert_eq!(quiet.idid, -6);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
