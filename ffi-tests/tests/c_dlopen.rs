//! libstiffdae.so opened with dlopen(3), as Python's ctypes or Julia's ccall open it:
//! DDASSL one step per call and RADAU5 with CONTR5 in SOLOUT, on the main thread, on
//! threads started before the library was opened and after dlclose and a second dlopen,
//! give bit for bit what the same program linked with the library gives (README,
//! "Linking from the build tree").

use ffi_tests::{c_program_with, library, root, run, Link};

#[test]
fn opened_at_run_time_on_any_thread_and_again_after_dlclose_as_linked() {
    let source = [root().join("ffi-tests/c/dlopen.c")];
    let opened = c_program_with("c-dlopen", &source, Link::Original, &["-ldl"]);
    let linked = c_program_with("c-dlopen-linked", &source, Link::Shared, &["-DLINKED"]);
    let path = library().cdylib.display().to_string();
    let quiet = ("STIFFDAE_QUIET", "1");
    let outputs = [
        run(&opened, "", &[quiet, ("STIFFDAE_LIBRARY", &path)]),
        run(&linked, "", &[quiet]),
    ];
    let [opened, linked] = outputs.map(|out| {
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{:?}\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    });
    assert!(opened.ends_with("ERRORS 0\n"), "{opened}");
    let results: Vec<&str> = opened
        .lines()
        .filter(|l| l.starts_with("RESULT "))
        .collect();
    assert_eq!(results.len(), 2, "{opened}");
    assert!(results[0].starts_with("RESULT ddassl") && results[0].contains(" idid=3 "));
    assert!(results[1].starts_with("RESULT radau5 idid=1 "), "{opened}");
    assert_eq!(opened, linked);
}
