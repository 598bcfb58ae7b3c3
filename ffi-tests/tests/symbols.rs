//! DDASSL and DDASKR from one library, next to a program that defines its own routines
//! named like the originals' helpers (both originals define DDATRP, DDAWTS, XERMSG,
//! D1MACH …): with the static and the shared library the link succeeds, both codes
//! solve y' = -y, and the program's own helpers are the ones it calls.

use ffi_tests::{fortran_program, root, run, Link};

fn check(link: Link, name: &str) {
    let exe = fortran_program(name, &[root().join("ffi-tests/fortran/no_clash.f")], link);
    let out = run(&exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let exact = (-1.0_f64).exp();
    for code in ["CODE 1", "CODE 2"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(code))
            .unwrap_or_else(|| panic!("{code} missing: {stdout}"));
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f[2], "3", "IDID of {line}");
        let y: f64 = f[3].parse().unwrap();
        assert!((y - exact).abs() < 1e-6, "{line}");
    }
    let own = stdout.lines().find(|l| l.starts_with("OWN")).unwrap();
    assert_eq!(own.split_whitespace().nth(1), Some("20"), "{own}");
    assert!(own.ends_with("4.20E+01"), "the program's own D1MACH: {own}");
}

#[test]
fn helpers_do_not_clash_with_the_static_library() {
    check(Link::Static, "no-clash-static");
}

#[test]
fn helpers_do_not_clash_with_the_shared_library() {
    check(Link::Shared, "no-clash-shared");
}
