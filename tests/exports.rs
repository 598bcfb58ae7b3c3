//! The shared library exports exactly the Fortran entry points: no Rust-mangled symbol
//! and no helper whose name could clash with another Fortran library (DEC, SOL, XERMSG…).

use std::path::PathBuf;
use std::process::Command;

/// The entry points of the legacy ABI, and nothing else.
const ENTRY_POINTS: &[&str] = &[
    "contr5_",
    "contra_",
    "contro_",
    "ddaskr_",
    "ddassl_",
    "radau5_",
    "radau_",
    "rodas_",
    "stiffdae_version",
];

fn cdylib() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--quiet"])
        .args(["-p", "stiffdae-capi", "--lib"])
        .current_dir(&root)
        .status()
        .expect("run cargo build");
    assert!(status.success());
    target.join("release/libstiffdae.so")
}

#[test]
fn only_the_entry_points_are_exported() {
    let out = Command::new("nm")
        .args(["-D", "--defined-only", "--format=posix"])
        .arg(cdylib())
        .output()
        .expect("run nm");
    assert!(out.status.success());
    let mut exported: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let (name, kind) = (f.next()?, f.next()?);
            // Text (code) and data symbols; the linker's own markers are not ours.
            matches!(kind, "T" | "D" | "B" | "R").then(|| name.to_string())
        })
        .collect();
    exported.sort();
    assert_eq!(exported, ENTRY_POINTS);
}
