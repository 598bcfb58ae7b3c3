//! Hairer's example driver for RADAU (`dr_radau.f`, van der Pol with CONTRA output) built
//! unchanged twice: against libstiffdae and against the original `radau.f`, `decsol.f`
//! and `dc_decsol.f`; both must print the same text. The driver and the originals are
//! third-party files and are not in the repository: set `STIFFDAE_HAIRER_SRC` to a
//! directory holding them (as distributed with Hairer's codes); without it the test says
//! so and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

use ffi_tests::{fortran_program_with, original_sources, run, work_dir, Link};

/// The directory the user supplies, or `None` (with the reason printed) when the
/// variable is unset or does not hold the driver.
fn hairer_dir() -> Option<PathBuf> {
    let Some(dir) = std::env::var_os("STIFFDAE_HAIRER_SRC") else {
        eprintln!("skipped: set STIFFDAE_HAIRER_SRC to a directory holding Hairer's dr_radau.f, radau.f, decsol.f and dc_decsol.f");
        return None;
    };
    let dir = PathBuf::from(dir);
    if !dir.join("dr_radau.f").is_file() {
        eprintln!(
            "skipped: no dr_radau.f in STIFFDAE_HAIRER_SRC={}",
            dir.display()
        );
        return None;
    }
    Some(dir)
}

/// The flags both builds share: the driver is legacy Fortran (a scalar RTOL passed for
/// an array, FCN passed as MAS).
const LEGACY: &[&str] = &["-std=legacy", "-w", "-fallow-argument-mismatch"];

/// The driver linked against the original code in `dir`.
fn original_program(dir: &Path) -> PathBuf {
    let exe = work_dir().join("dr-radau-original");
    let mut cmd = Command::new(std::env::var("FC").unwrap_or_else(|_| "gfortran".into()));
    cmd.arg("-O2")
        .args(LEGACY)
        .arg("-o")
        .arg(&exe)
        .arg(dir.join("dr_radau.f"))
        .args(original_sources("radau", dir).unwrap_or_else(|e| panic!("{e}")));
    let out = cmd.output().expect("run gfortran");
    assert!(
        out.status.success(),
        "build of dr_radau.f against the original failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn stdout_of(exe: &Path) -> String {
    let out = run(exe, "", &[]);
    assert!(
        out.status.success(),
        "{}: {:?}\n{}",
        exe.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn hairers_dr_radau_prints_what_it_prints_with_the_original() {
    let Some(dir) = hairer_dir() else { return };
    let ours = fortran_program_with("dr-radau", &[dir.join("dr_radau.f")], Link::Static, LEGACY)
        .unwrap_or_else(|e| panic!("{e}"));
    let original = original_program(&dir);
    let (ours, original) = (stdout_of(&ours), stdout_of(&original));
    assert!(original.contains("rtol="), "{original}");
    assert_eq!(ours, original);
}
