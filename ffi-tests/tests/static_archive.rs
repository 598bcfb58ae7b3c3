//! The static library as programs link it (`make install`'s, and the one the tests and
//! the Test Set kit link): it defines no C library name besides the entry points, so a
//! program's own calls of cbrt, fmod, round… bind to the C library as without it.

use std::path::Path;
use std::process::Command;

use ffi_tests::{c_program_with, library, root, run, Link};

/// The symbols `readelf` lists with `flags` for `file` that a C or Fortran program could
/// bind to: defined functions and data, global or weak whatever their visibility (a
/// hidden weak definition in an archive member still satisfies a program's reference),
/// identifiers not reserved to the implementation (a leading underscore: Rust's mangled
/// names, the compiler runtime; a dot: `DW.ref.rust_eh_personality`). Not `nm`: it hands
/// members that carry LLVM bitcode to the system's older LLVM plugin and lists no symbol
/// for them, compiler_builtins' among them.
fn callable_names(flags: &[&str], file: &Path) -> Vec<String> {
    let out = Command::new("readelf")
        .arg("-W")
        .args(flags)
        .arg(file)
        .output()
        .expect("run readelf");
    assert!(out.status.success());
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            // Num: Value Size Type Bind Vis Ndx Name
            let f: Vec<&str> = l.split_whitespace().collect();
            let [_, _, _, kind, bind, _, ndx, name] = f[..] else {
                return None;
            };
            let name = name.split('@').next()?;
            let defined = ndx != "UND"
                && matches!(bind, "GLOBAL" | "WEAK")
                && matches!(kind, "FUNC" | "OBJECT" | "IFUNC" | "TLS");
            let identifier = name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            (defined && identifier && !name.starts_with('_')).then(|| name.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The archive defines the names the shared library exports (its entry points, which
/// `tests/exports.rs` lists) and, of the others a program could call, only std's unwinding
/// personality routine, which no C library has.
#[test]
fn the_archive_defines_no_c_library_name() {
    let lib = library();
    let mut expected = callable_names(&["--dyn-syms"], &lib.cdylib);
    assert!(expected.iter().any(|n| n == "radau5_"), "{expected:?}");
    expected.push("rust_eh_personality".into());
    expected.sort();
    assert_eq!(
        callable_names(&["-s"], &lib.staticlib),
        expected,
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
