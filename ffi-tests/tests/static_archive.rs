//! The static library as programs link it (`make install`'s, and the one the tests and
//! the Test Set kit link): it defines no C library name besides the entry points, so a
//! program's own calls of cbrt, fmod, round… bind to the C library as without it.

use std::process::Command;

use ffi_tests::{c_program_with, library, root, run, Link};

/// The entry points of the legacy ABI (as `tests/exports.rs` lists them for the `.so`).
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

/// Names a C or Fortran program could call: defined, global or weak identifiers not
/// reserved to the implementation (a leading underscore: Rust's mangled names, the
/// compiler runtime; a dot: `DW.ref.rust_eh_personality`).
#[test]
fn the_archive_defines_no_c_library_name() {
    let out = Command::new("nm")
        .args(["-g", "--defined-only", "--format=posix"])
        .arg(&library().staticlib)
        .output()
        .expect("run nm");
    assert!(out.status.success());
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let (name, kind) = (f.next()?, f.next()?);
            let callable = matches!(kind, "T" | "W" | "V" | "D" | "B" | "R" | "i");
            let identifier = name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            (callable && identifier && !name.starts_with('_')).then(|| name.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(
        names, ENTRY_POINTS,
        "a name here that is not an entry point belongs in capi/libm-symbols.txt"
    );
}

/// cbrt (not correctly rounded: Rust's and glibc's differ in the last bit for some
/// arguments) and the exact functions give the C library's bits with libstiffdae.a linked.
#[test]
fn c_math_keeps_the_c_library() {
    let source = [root().join("ffi-tests/c/c_math.c")];
    let with = c_program_with(
        "c_math_stiffdae",
        &source,
        Link::Static,
        &["-DWITH_STIFFDAE"],
    );
    let without = c_program_with("c_math_alone", &source, Link::Original, &["-lm"]);
    let (a, b) = (run(&with, "", &[]), run(&without, "", &[]));
    assert!(a.status.success() && b.status.success());
    let (a, b) = (
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&b.stdout),
    );
    assert!(a.contains("stiffdae "), "{a}");
    let digests = |s: &str| s.lines().take(9).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(digests(&a), digests(&b));
}
