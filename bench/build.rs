//! Compiles the Test Set kit's problem files (`fortran/problems/*.f`) into one static
//! library. Every file defines the same interface (prob, init, feval, ...), so each
//! object's global symbols get the problem's name as a prefix (objcopy) before they are
//! archived: `hires_feval_`, `vdpol_feval_`, ...

use std::path::{Path, PathBuf};
use std::process::Command;

const PROBLEMS: &[&str] = &[
    "hires", "vdpol", "pollu", "rober", "transamp", "andrews", "caraxis", "wheel", "wheelmm",
    "pump",
];

/// The files the problems include (wheel.f and wheelmm.f share the wheelset's model).
const INCLUDES: &[&str] = &["wheelres.inc", "wheelc.inc"];

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fortran/problems");
    let mut objects = Vec::new();
    for p in PROBLEMS {
        let file = src.join(format!("{p}.f"));
        println!("cargo:rerun-if-changed={}", file.display());
        let obj = out.join(format!("{p}.o"));
        run(Command::new("gfortran")
            .args(["-O2", "-c", "-o"])
            .arg(&obj)
            .arg(&file));
        let symbols = run(Command::new("nm")
            .args(["--defined-only", "-g", "--format=posix"])
            .arg(&obj));
        let mut objcopy = Command::new("objcopy");
        for line in symbols.lines() {
            if let Some(sym) = line.split_whitespace().next() {
                objcopy.arg(format!("--redefine-sym={sym}={p}_{sym}"));
            }
        }
        run(objcopy.arg(&obj));
        objects.push(obj);
    }
    for inc in INCLUDES {
        println!("cargo:rerun-if-changed={}", src.join(inc).display());
    }
    println!("cargo:rerun-if-changed={}", src.display());
    let lib = out.join("libtestset.a");
    let _ = std::fs::remove_file(&lib);
    run(Command::new("ar").arg("crs").arg(&lib).args(&objects));
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=testset");
    println!("cargo:rustc-link-lib=dylib=gfortran");
    if std::env::var_os("CARGO_FEATURE_IDA").is_some() {
        println!("cargo:rustc-link-lib=dylib=sundials_ida");
    }
}
