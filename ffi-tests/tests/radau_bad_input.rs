//! Bad input to `radau_` through the C ABI (`c/radau_bad_input.c`): the original's IDID,
//! end point and statistics for every case the original survives (frozen below from the
//! same program built with -DORIGINAL against radau.f, gfortran 12 -O2), one stderr line
//! per reason (the original's WRITE(6,*) texts in our words), refusal of what would make
//! the original read or write out of bounds, no write outside the caller's arrays
//! (guard values, and valgrind when installed).

use ffi_tests::{c_program, root, run, Link};
use std::process::Command;

/// The CASE lines of the original RADAU (the stage-number check of IWORK(13) and the
/// others before RADCOV; NaN from FCN carried on as the original carries it).
const ORIGINAL: &str = "\
CASE valid IDID 1 X 3ff0000000000000 STATS 69 1 14 14 0 9 17 ok
CASE lwork_small IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE liwork_small IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE atol_zero IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE atol_negative_vector IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE rtol_below_10_uround IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE uround_too_small IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE uround_too_large IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE nmax_negative IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE newton_iterations_above_50 IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE index_dims_sum IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE m1_m2_too_large IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE safety_factor_above_1 IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE thet_1 IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE quot1_above_1 IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE facl_below_1 IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE first_stages_negative IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE mlmas_above_mljac IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE mumas_above_mujac IDID -1 X 0000000000000000 STATS 0 0 0 0 0 0 0 ok
CASE stages_5 IDID 1 X 3ff0000000000000 STATS 46 1 6 6 0 5 8 ok
CASE stages_3_to_5_first_5 IDID 1 X 3ff0000000000000 STATS 46 1 6 6 0 5 8 ok
CASE implicit_euler IDID 1 X 3ff0000000000000 STATS 10664 1 5077 5076 0 36 5587 ok
CASE valid_mass IDID 1 X 3ff0000000000000 STATS 69 1 14 14 0 9 17 ok
CASE rtol_atol_overlap IDID 1 X 3ff0000000000000 STATS 69 1 14 14 0 9 17 ok
CASE nan_from_fcn IDID 1 X 3ff0000000000000 STATS 27 1 6 6 0 5 7 ok
";

fn program() -> std::path::PathBuf {
    c_program(
        "radau-bad-input",
        &[root().join("ffi-tests/c/radau_bad_input.c")],
        Link::Static,
    )
}

#[test]
fn bad_input_gets_the_original_idid_statistics_and_a_message() {
    let out = run(&program(), "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let cases: Vec<&str> = stdout.lines().filter(|l| l.starts_with("CASE ")).collect();
    let original: Vec<&str> = ORIGINAL.lines().collect();
    assert_eq!(cases.len(), original.len() + 10, "{stdout}");
    for (ours, theirs) in cases.iter().zip(&original) {
        assert_eq!(ours, theirs);
    }
    assert!(cases.iter().all(|l| l.ends_with(" ok")), "{stdout}");
    assert!(stdout.contains("FAILURES 0"), "{stdout}");
    for needle in [
        "insufficient storage for WORK, min. LWORK = 244",
        "insufficient storage for IWORK, min. LIWORK = 40",
        "tolerances are too small",
        "tolerances(4) are too small",
        "coefficients have 20 digits",
        "wrong input IWORK(2) = -5",
        "curious input IWORK(3) = 51",
        "curious input for IWORK(5,6,7) = 2, 1, 0",
        "curious input for IWORK(9,10) = 3, 3",
        "curious input for WORK(2)",
        "curious input for WORK(3)",
        "curious input for WORK(5,6)",
        "curious input WORK(8,9)",
        "wrong input IWORK(13) = -1",
        "bandwidth of \"MAS\" not smaller than bandwidth of \"JAC\"",
        "N must be positive, N = 0",
        "wrong input IWORK(13) = 2",
        "wrong input IWORK(13) = 7 (1, 3, 5 or 7, at most NSMAX = 3)",
        "Y(1) = NaN is not finite",
        "FCN is a null pointer",
        "bandwidths of the Jacobian must be >= 0",
        "bandwidths of the mass matrix must be >= 0",
        "RTOL = NaN",
        "CONTRA: CONT was not handed to SOLOUT by RADAU",
    ] {
        assert!(
            stderr.contains(needle),
            "no message {needle:?} in:\n{stderr}"
        );
    }
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("RADAU: ") || l.starts_with("CONTRA: ")),
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
