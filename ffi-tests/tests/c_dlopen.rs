//! libstiffdae opened with dlopen(3), as Python's ctypes or Julia's ccall open it: DDASSL
//! one step per call and RADAU5 with CONTR5 in SOLOUT, on the main thread, on threads
//! started before the library was opened and after dlclose and a second dlopen, give bit
//! for bit what the same program linked with the library gives (README, "Linking from
//! the build tree"). Opened as built, and as a shared object made of the static archive
//! (as f2py or a Python extension module links it).

use ffi_tests::{c_program_with, library, root, run, Link, NATIVE_LIBS};
use std::path::Path;

/// Runs `c/dlopen.c` on `shared` and asserts its lines are the linked program's.
fn opened_as_linked(shared: &Path) {
    let source = [root().join("ffi-tests/c/dlopen.c")];
    let opened = c_program_with("c-dlopen", &source, Link::Original, &["-ldl"]);
    let linked = c_program_with("c-dlopen-linked", &source, Link::Shared, &["-DLINKED"]);
    let path = shared.display().to_string();
    let quiet = ("STIFFDAE_QUIET", "1");
    let outputs = [
        run(&opened, "", &[quiet, ("STIFFDAE_LIBRARY", &path)]),
        run(&linked, "", &[quiet]),
    ];
    let [opened, linked] = outputs.map(|out| {
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{path}: {:?}\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    });
    assert!(opened.ends_with("ERRORS 0\n"), "{path}:\n{opened}");
    let results: Vec<&str> = opened
        .lines()
        .filter(|l| l.starts_with("RESULT "))
        .collect();
    assert_eq!(results.len(), 2, "{opened}");
    assert!(results[0].starts_with("RESULT ddassl") && results[0].contains(" idid=3 "));
    assert!(results[1].starts_with("RESULT radau5 idid=1 "), "{opened}");
    assert_eq!(opened, linked, "{path}");
}

#[test]
fn the_shared_library_opened_at_run_time_as_linked() {
    opened_as_linked(&library().cdylib);
}

#[test]
fn the_static_archive_in_a_shared_object_opened_at_run_time_as_linked() {
    let archive = library().staticlib.display().to_string();
    let mut flags = vec![
        "-shared",
        "-Wl,--whole-archive",
        archive.as_str(),
        "-Wl,--no-whole-archive",
    ];
    flags.extend(NATIVE_LIBS);
    let wrapped = c_program_with("libwrapped-stiffdae.so", &[], Link::Original, &flags);
    opened_as_linked(&wrapped);
}
