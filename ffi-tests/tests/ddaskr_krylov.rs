//! DDASKR's Krylov option (INFO(12) = 1) through `ddaskr_`, against the original.
//!
//! `fortran/daskr_krylov.f` (ours) runs a reaction-diffusion DAE with its own line
//! preconditioner in ten cases: defaults, INFO(13) with incomplete GMRES and restarts,
//! Krylov initial values with INFO(16), no JAC, PSOL failing with IER < 0 and IER > 0,
//! JAC failing, MAXL > NEQ, KMP > MAXL, and single steps. `expected/daskr_krylov.txt` is
//! what it prints linked against the original DDASKR: every return (IDID, T, values,
//! IWORK(11..21), H, HOLD, TN) must be equal.
//!
//! The DDASKR authors' own example programs (dheat, dweb, dheatilu, dwebilu, with their
//! preconditioner files) are not in this repository: with `STIFFDAE_DASKR_SRC` set to
//! the DDASKR distribution (its `solver/`, `examples/`, `preconds/`), each is built
//! unchanged against the original and against libstiffdae (both with the distribution's
//! `daux.f` and `dlinpk.f` for D1MACH and LINPACK), and every file it writes must be the
//! same, the original's messages aside.

use ffi_tests::{fortran_program, fortran_program_with, root, run, work_dir, Link, LEGACY};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The original's XERRWD lines (on its standard output; ours go to stderr).
fn is_message(line: &str) -> bool {
    line.contains("DASKR--") || line.contains("In above") || line.contains("at T = R1")
}

fn without_messages(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !is_message(l)).collect()
}

#[test]
fn own_krylov_program_matches_the_original_line_for_line() {
    let exe = fortran_program(
        "daskr-krylov",
        &[root().join("ffi-tests/fortran/daskr_krylov.f")],
        Link::Static,
    );
    let out = run(&exe, "", &[]);
    assert!(out.status.success());
    let ours = String::from_utf8_lossy(&out.stdout);
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/daskr_krylov.txt"))
        .expect("expected output");
    let (ours, original) = (
        ours.lines().collect::<Vec<_>>(),
        without_messages(&expected),
    );
    for (k, (a, b)) in ours.iter().zip(&original).enumerate() {
        assert_eq!(a, b, "line {} differs from the original", k + 1);
    }
    assert_eq!(ours.len(), original.len(), "number of lines");
    for idid in ["   3 ", "   1 ", " -13 ", " -14 ", "  -5 ", " -33 "] {
        assert!(
            ours.iter().any(|l| l.starts_with(idid)),
            "no return with IDID {idid}"
        );
    }
    // The messages, as ours prints them (stderr), for the failures and warnings the
    // original printed.
    let stderr = String::from_utf8_lossy(&out.stderr);
    for needle in [
        "IER WAS NEGATIVE FROM PSOL",
        "LINEAR SYSTEM SOLVER COULD NOT CONVERGE.",
        "PRECONDITIONER HAD REPEATED FAILURES.",
        "MAXL (=I1) ILLEGAL. EITHER .LT. 1 OR .GT. NEQ  In above message, I1 = 66",
        "KMP (=I1) ILLEGAL. EITHER .LT. 1 OR .GT. MAXL  In above message, I1 = 5",
        "Warning. Poor iterative algorithm performance",
    ] {
        assert!(
            stderr.contains(needle),
            "no message {needle:?} in:\n{stderr}"
        );
    }
    let warnings = |s: &str| s.matches("Poor iterative").count();
    assert_eq!(warnings(&stderr), warnings(&expected));
}

/// Builds `sources` with the original DDASKR from `src/solver` into `name`.
fn original_program(name: &str, src: &Path, sources: &[PathBuf]) -> PathBuf {
    let mut all = sources.to_vec();
    all.extend(["ddaskr.f", "daux.f", "dlinpk.f"].map(|f| src.join("solver").join(f)));
    fortran_program_with(&format!("{name}-original"), &all, Link::Original, LEGACY)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `exe` in a fresh directory `dir` and returns what it wrote: its standard output
/// and every file it created, by name.
fn outputs(exe: &Path, dir: &Path) -> Vec<(String, String)> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("run dir");
    let out = Command::new(exe)
        .current_dir(dir)
        .env("STIFFDAE_QUIET", "1")
        .output()
        .expect("run example");
    assert!(out.status.success(), "{}", exe.display());
    let mut files = vec![(
        "stdout".to_string(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )];
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("run dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in names {
        let text = std::fs::read_to_string(dir.join(&name)).expect("output file");
        files.push((name, text));
    }
    files
}

#[test]
fn authors_examples_print_what_they_print_with_the_original() {
    let Some(src) = std::env::var_os("STIFFDAE_DASKR_SRC").map(PathBuf::from) else {
        eprintln!(
            "skipped: set STIFFDAE_DASKR_SRC to the DDASKR distribution (solver/, examples/, preconds/) to run the authors' Krylov examples"
        );
        return;
    };
    let examples: [(&str, &[&str]); 4] = [
        ("dheat", &["dbanpre.f"]),
        ("dweb", &["drbdpre.f", "drbgpre.f"]),
        ("dheatilu", &["dilupre.f", "dsparsk.f"]),
        ("dwebilu", &["dilupre.f", "dsparsk.f"]),
    ];
    for (example, preconds) in examples {
        let mut sources = vec![src.join("examples").join(format!("{example}.f"))];
        sources.extend(preconds.iter().map(|f| src.join("preconds").join(f)));
        let original = original_program(example, &src, &sources);
        sources.extend(["daux.f", "dlinpk.f"].map(|f| src.join("solver").join(f)));
        let ours =
            fortran_program_with(&format!("krylov-{example}"), &sources, Link::Static, LEGACY)
                .unwrap_or_else(|e| panic!("{e}"));
        let base = work_dir().join("krylov-runs").join(example);
        let expected = outputs(&original, &base.join("original"));
        let got = outputs(&ours, &base.join("ours"));
        assert_eq!(
            got.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            expected.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            "{example}: the files written"
        );
        for ((name, a), (_, b)) in got.iter().zip(&expected) {
            assert_eq!(
                without_messages(a),
                without_messages(b),
                "{example}: {name} differs from the original's"
            );
        }
    }
}
