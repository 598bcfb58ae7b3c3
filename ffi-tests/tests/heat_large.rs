//! The large-n heat driver of the bench (`bench/fortran/heat_large.f`, issue 13):
//! DDASKR's Krylov option on the authors' heat problem.
//!
//! In CI it is linked against libstiffdae with a preconditioner of our own
//! (`fortran/heat_linepre.f`) and must print, at M = 10 and 30, the statistics, last
//! step size, TN and error that `expected/heat_large.txt` froze from the same program
//! linked against the original DDASKR; so must it with our multigrid preconditioner
//! (`bench/fortran/heat_mgpre.f`, `expected/heat_large_mg.txt`), whose statistics stay
//! small as M grows. With `STIFFDAE_DASKR_SRC` set to the DDASKR
//! distribution, it is also built with the authors' banded preconditioner
//! (`preconds/dbanpre.f`, as the bench builds it) against both and must print the same.

use ffi_tests::{fortran_program_with, root, run, Link, LEGACY};
use std::path::PathBuf;

/// What the driver prints for mesh size `m`, its CPU time and the original's messages
/// (on its standard output) left out.
fn statistics(exe: &std::path::Path, m: usize) -> Vec<String> {
    let out = run(exe, &format!("{m} 0 1e-5 11\n"), &[("STIFFDAE_QUIET", "1")]);
    assert!(out.status.success(), "{}", exe.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| {
            let key = l.split_whitespace().next().unwrap_or("");
            !key.is_empty() && key.chars().all(|c| c.is_ascii_uppercase()) && key != "CPU"
        })
        .map(str::to_string)
        .collect()
}

fn driver() -> PathBuf {
    root().join("bench/fortran/heat_large.f")
}

/// Links the driver with preconditioner `pre` against libstiffdae and compares what it
/// prints at M = 10 and 30 with `expected` (frozen from the original DDASKR).
fn frozen(name: &str, pre: &str, expected: &str) {
    let exe = fortran_program_with(name, &[driver(), root().join(pre)], Link::Static, LEGACY)
        .unwrap_or_else(|e| panic!("{e}"));
    let ours: Vec<String> = [10, 30].iter().flat_map(|&m| statistics(&exe, m)).collect();
    let expected =
        std::fs::read_to_string(root().join("ffi-tests/expected").join(expected)).expect(expected);
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(ours, expected);
}

#[test]
fn heat_driver_with_our_preconditioner_prints_the_originals_statistics() {
    frozen(
        "heat-large-linepre",
        "ffi-tests/fortran/heat_linepre.f",
        "heat_large.txt",
    );
}

#[test]
fn heat_driver_with_our_multigrid_prints_the_originals_statistics() {
    frozen(
        "heat-large-mgpre",
        "bench/fortran/heat_mgpre.f",
        "heat_large_mg.txt",
    );
}

#[test]
fn heat_driver_with_the_authors_band_preconditioner_matches_the_original() {
    let Some(src) = std::env::var_os("STIFFDAE_DASKR_SRC").map(PathBuf::from) else {
        eprintln!(
            "skipped: set STIFFDAE_DASKR_SRC to the DDASKR distribution (solver/, preconds/) to build the heat driver with dbanpre.f"
        );
        return;
    };
    let solver = |f: &str| src.join("solver").join(f);
    let sources = vec![
        driver(),
        root().join("bench/fortran/heat_banpre.f"),
        src.join("preconds/dbanpre.f"),
        solver("daux.f"),
        solver("dlinpk.f"),
    ];
    let ours = fortran_program_with("heat-large-banpre", &sources, Link::Static, LEGACY)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut with_original = sources;
    with_original.push(solver("ddaskr.f"));
    let original = fortran_program_with(
        "heat-large-banpre-original",
        &with_original,
        Link::Original,
        LEGACY,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for m in [10, 30] {
        assert_eq!(statistics(&ours, m), statistics(&original, m), "M = {m}");
    }
}
