//! RODAS through the legacy ABI against the original (issue 12).
//!
//! `fortran/sweep_rodas.f` runs the problems of the RADAU5 sweep through RODAS over
//! N = 1 … 100 (and 1000 banded) with every storage combination (full/banded Jacobian,
//! analytic/numerical; identity/banded/full mass; M1 > 0; an index-1 DAE), the three
//! coefficient sets, classical step control, WORK(2..5), a non-autonomous problem with
//! `∂f/∂x` by differences and from DFX, IOUT = 1 with CONTRO, vector tolerances, and the
//! endings IDID = 2, -1, -2. `expected/sweep_rodas.txt` is what the same program prints
//! linked against the original RODAS (rodas.f, decsol.f, dc_decsol.f, gfortran -O2):
//! every line must be equal, IDID and statistics exactly and every value to the last
//! bit (17 digits).
//!
//! Hairer's own driver `dr_rodas.f` is not part of this repository: with
//! `STIFFDAE_HAIRER_SRC` naming a directory that holds it and the original's sources
//! (`rodas.f`, `decsol.f`, `dc_decsol.f`), the driver is built unchanged against both and
//! must print the same; without it that test says so and passes.

use std::path::PathBuf;

use ffi_tests::{fortran_program, root, run, work_dir, Link};

fn run_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("RUN "))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn the_sweep_prints_what_the_original_prints() {
    let exe = fortran_program(
        "sweep-rodas",
        &[root().join("ffi-tests/fortran/sweep_rodas.f")],
        Link::Static,
    );
    let out = run(&exe, "", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the sweep program failed:\n{stderr}");
    for bad in ["panic", "internal error"] {
        assert!(!stderr.contains(bad), "{bad} reported:\n{stderr}");
    }
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/sweep_rodas.txt"))
        .expect("expected output");
    let (orig, ours) = (
        run_lines(&expected),
        run_lines(&String::from_utf8_lossy(&out.stdout)),
    );
    assert_eq!(ours.len(), orig.len(), "number of runs\n{stderr}");
    let differing: Vec<String> = orig
        .iter()
        .zip(&ours)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("original: {a}\nstiffdae: {b}"))
        .collect();
    assert!(
        differing.is_empty(),
        "{} of {} runs differ from the original:\n{}",
        differing.len(),
        orig.len(),
        differing[..differing.len().min(20)].join("\n")
    );
}

/// The directory with Hairer's files, when the user supplies one.
fn hairer_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("STIFFDAE_HAIRER_SRC")?);
    let all = ["dr_rodas.f", "rodas.f", "decsol.f", "dc_decsol.f"]
        .iter()
        .all(|f| dir.join(f).is_file());
    all.then_some(dir)
}

#[test]
fn hairers_dr_rodas_prints_the_same_with_the_original_and_with_stiffdae() {
    let Some(dir) = hairer_dir() else {
        eprintln!(
            "skipped: set STIFFDAE_HAIRER_SRC to a directory with dr_rodas.f, rodas.f, \
             decsol.f and dc_decsol.f to compare Hairer's driver with the original"
        );
        return;
    };
    let driver = dir.join("dr_rodas.f");
    let ours = fortran_program_legacy("dr-rodas-stiffdae", std::slice::from_ref(&driver), true);
    let originals = ["rodas.f", "decsol.f", "dc_decsol.f"].map(|f| dir.join(f));
    let mut sources = vec![driver];
    sources.extend(originals);
    let theirs = fortran_program_legacy("dr-rodas-original", &sources, false);
    let (a, b) = (run(&theirs, "", &[]), run(&ours, "", &[]));
    assert!(a.status.success() && b.status.success());
    let (a, b) = (
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&b.stdout),
    );
    assert!(
        a.contains("accpt="),
        "no statistics from the original:\n{a}"
    );
    assert_eq!(b, a, "dr_rodas.f: stiffdae (left) and the original (right)");
}

/// Builds a legacy Fortran program (gfortran -O2 -std=legacy -w), linked against the
/// static library when `stiffdae` is set.
fn fortran_program_legacy(name: &str, sources: &[PathBuf], stiffdae: bool) -> PathBuf {
    let exe = work_dir().join(name);
    let mut cmd =
        std::process::Command::new(std::env::var("FC").unwrap_or_else(|_| "gfortran".into()));
    cmd.args(["-O2", "-std=legacy", "-w", "-o"])
        .arg(&exe)
        .args(sources);
    if stiffdae {
        cmd.arg(&ffi_tests::library().staticlib)
            .args(ffi_tests::NATIVE_LIBS);
    }
    let out = cmd.output().expect("run gfortran");
    assert!(
        out.status.success(),
        "gfortran {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}
