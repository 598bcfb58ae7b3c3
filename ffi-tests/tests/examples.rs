//! Every C and Fortran program in `examples/` built against libstiffdae prints exactly
//! its `<name>.out`, which the same program printed linked against the original Fortran
//! (`examples/README.md`); the C programs also compiled as C++.

use ffi_tests::{c_program, cpp_program, fortran_program, root, run, Link};
use std::path::PathBuf;

fn examples(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("examples").join(dir))
        .expect("examples directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no examples in examples/{dir}");
    files
}

fn check(exe: PathBuf, source: &std::path::Path) {
    let out = run(&exe, "", &[("STIFFDAE_QUIET", "1")]);
    assert!(
        out.status.success(),
        "{}: {:?}",
        source.display(),
        out.status
    );
    let expected = std::fs::read_to_string(source.with_extension("out"))
        .unwrap_or_else(|e| panic!("{}.out: {e}", source.display()));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        expected,
        "{}",
        source.display()
    );
}

fn name(prefix: &str, source: &std::path::Path) -> String {
    let stem = source.file_stem().expect("a file name").to_string_lossy();
    format!("example-{prefix}-{stem}")
}

#[test]
fn c_examples_print_what_they_print_with_the_original() {
    for src in examples("c", "c") {
        check(
            c_program(&name("c", &src), std::slice::from_ref(&src), Link::Static),
            &src,
        );
    }
}

#[test]
fn c_examples_compiled_as_cpp_print_the_same() {
    for src in examples("c", "c") {
        check(
            cpp_program(&name("cpp", &src), std::slice::from_ref(&src), Link::Shared),
            &src,
        );
    }
}

#[test]
fn fortran77_examples_print_what_they_print_with_the_original() {
    for src in examples("fortran77", "f") {
        check(
            fortran_program(&name("f77", &src), std::slice::from_ref(&src), Link::Shared),
            &src,
        );
    }
}

#[test]
fn fortran90_examples_print_what_they_print_with_the_original() {
    for src in examples("fortran90", "f90") {
        let sources = [root().join("fortran/stiffdae.f90"), src.clone()];
        check(
            fortran_program(&name("f90", &src), &sources, Link::Static),
            &src,
        );
    }
}
