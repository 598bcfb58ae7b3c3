//! The Rust examples (`examples/*.rs`, built by `cargo test`) print what the same
//! programs in Fortran or C print with the original codes (`examples/<lang>/*.out`).

use std::path::PathBuf;
use std::process::Command;

fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    dir.join("examples").join(name)
}

fn prints_the_originals_output(name: &str, expected: &str) {
    let exe = example(name);
    if !exe.exists() {
        // `cargo test` builds the examples; a filtered run may not have.
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--release", "--example", name, "--quiet"])
            .status()
            .expect("cargo build --example");
        assert!(status.success(), "building example {name}");
    }
    let out = Command::new(&exe)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e} (built by `cargo test`)", exe.display()));
    assert!(out.status.success(), "{name}: {:?}", out.status);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let want = std::fs::read_to_string(root.join("examples").join(expected)).expect(expected);
    assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{name}");
}

#[test]
fn vdpol_radau5_prints_what_the_fortran_program_prints_with_the_original() {
    prints_the_originals_output("vdpol_radau5", "fortran77/vdpol_radau5.out");
}

#[test]
fn robertson_ddassl_prints_what_the_c_program_prints_with_the_original() {
    prints_the_originals_output("robertson_ddassl", "c/robertson_ddassl.out");
}

#[test]
fn bouncing_ball_ddaskr_prints_what_the_c_program_prints_with_the_original() {
    prints_the_originals_output("bouncing_ball_ddaskr", "c/bouncing_ball_ddaskr.out");
}
