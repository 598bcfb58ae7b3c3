//! `make install` into a temporary prefix, then programs outside the repository find the
//! library as users find C and Fortran libraries: with `pkg-config --cflags --libs
//! stiffdae` and with CMake's `find_package(stiffdae)`. They run without
//! LD_LIBRARY_PATH (the installed rpath) and print what the original RADAU5 prints. The
//! same for libstiffdae64, installed beside it: a program compiled with
//! `-fdefault-integer-8` and `pkg-config stiffdae64` prints what the originals print
//! (`expected/int64_vdpol.txt`), and C programs see 64-bit `stiffdae_int` through
//! `pkg-config stiffdae64` and the CMake targets `stiffdae::stiffdae64` and
//! `stiffdae::static64`; the README names them.

use ffi_tests::{root, work_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// What `vdpol.c` prints for its statistics (RADAU5 at 1e-7: the baseline's vdpol row).
const C_STATS: &str = "STATS 5728 433 720 711 8 586 1672";

/// What `int64_checks.c` prints for RADAU5's statistics (at 1e-6: as `install/vdpol.f`).
const INT64_STATS: &str = "STATS 3965 308 501 489 8 410 1158";

fn checked(mut cmd: Command, what: &str) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    assert!(
        out.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs an installed program the way a user would: no LD_LIBRARY_PATH.
fn run_user_program(exe: &Path) -> String {
    let mut cmd = Command::new(exe);
    cmd.env_remove("LD_LIBRARY_PATH");
    String::from_utf8_lossy(&checked(cmd, &exe.display().to_string()).stdout).into_owned()
}

fn pkg_config(prefix: &Path, package: &str) -> Vec<String> {
    let mut cmd = Command::new("pkg-config");
    cmd.args(["--cflags", "--libs", package])
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"));
    let out = checked(cmd, "pkg-config (install pkg-config)");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// The shared library a program loads, as `ldd` resolves it.
fn loaded_stiffdae(exe: &Path) -> String {
    let mut cmd = Command::new("ldd");
    cmd.arg(exe).env_remove("LD_LIBRARY_PATH");
    let out = checked(cmd, "ldd");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find(|l| l.contains("libstiffdae"))
        .unwrap_or_else(|| panic!("{} does not load libstiffdae", exe.display()))
        .trim()
        .to_string()
}

fn install(prefix: &Path) {
    let _ = std::fs::remove_dir_all(prefix);
    let mut make = Command::new("make");
    make.arg("install")
        .arg(format!("PREFIX={}", prefix.display()))
        .current_dir(root());
    if let Ok(cargo) = std::env::var("CARGO") {
        make.arg(format!("CARGO={cargo}"));
    }
    checked(make, "make install");
}

/// A user's project directory outside the repository, holding copies of the sources.
fn user_project(prefix: &Path) -> PathBuf {
    let dir = prefix.join("user-project");
    std::fs::create_dir_all(&dir).expect("create the user project");
    for (from, to) in [
        ("ffi-tests/install/vdpol.f", "vdpol.f"),
        ("ffi-tests/install/CMakeLists.txt", "CMakeLists.txt"),
        ("ffi-tests/c/vdpol.c", "vdpol.c"),
        ("ffi-tests/fortran/int64_vdpol.f", "int64_vdpol.f"),
        ("ffi-tests/c/int64_checks.c", "int64_checks.c"),
    ] {
        std::fs::copy(root().join(from), dir.join(to)).expect("copy a user source");
    }
    dir
}

#[test]
fn installed_library_serves_fortran_c_and_cmake_users() {
    let prefix = work_dir().join(format!("install-{}", std::process::id()));
    install(&prefix);
    let lib = prefix.join("lib");
    for name in [
        "libstiffdae.so",
        "libstiffdae.so.0",
        "libstiffdae.a",
        "pkgconfig/stiffdae.pc",
        "cmake/stiffdae/stiffdaeConfig.cmake",
        "cmake/stiffdae/stiffdaeConfigVersion.cmake",
        "libstiffdae64.so",
        "libstiffdae64.so.0",
        "libstiffdae64.a",
        "pkgconfig/stiffdae64.pc",
    ] {
        assert!(lib.join(name).exists(), "{name} is not installed");
    }
    assert!(prefix.join("include/stiffdae.h").exists());
    assert!(prefix.join("share/stiffdae/stiffdae.f90").exists());
    let size = std::fs::metadata(lib.join("libstiffdae.so.0"))
        .expect("installed .so")
        .len();
    // 1.60 MB today (1.21 MB before RADAU5/RADAU's per-order kernels that solve E1 and
    // E2 side by side, measured faster): a guard against the text growing unnoticed.
    assert!(size < 1_800_000, "installed libstiffdae.so is {size} bytes");
    // The static libraries leave the C library's math functions to the C library
    // (capi/libm-symbols.txt; tests/static_archive.rs for the tests' copy). readelf, not
    // nm: nm lists no symbol for the members that carry LLVM bitcode.
    for archive in ["libstiffdae.a", "libstiffdae64.a"] {
        let out = Command::new("readelf")
            .args(["-W", "-s"])
            .arg(lib.join(archive))
            .output()
            .expect("run readelf");
        assert!(out.status.success());
        let symbols = String::from_utf8_lossy(&out.stdout);
        let defined = |name: &str| {
            symbols.lines().any(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                f.len() == 8 && f[7] == name && f[6] != "UND" && f[4] != "LOCAL"
            })
        };
        assert!(defined("radau5_"), "{archive} lacks radau5_");
        for name in ["cbrt", "fmod", "round", "fma"] {
            assert!(!defined(name), "{archive} defines {name}");
        }
    }

    let project = user_project(&prefix);
    let flags = pkg_config(&prefix, "stiffdae");

    // A Fortran 77 program, unchanged, with only pkg-config's flags.
    let f77 = project.join("vdpol_f77");
    let mut cmd = Command::new("gfortran");
    cmd.args(["-O2", "vdpol.f", "-o"])
        .arg(&f77)
        .args(&flags)
        .current_dir(&project);
    checked(cmd, "gfortran with pkg-config");
    let expected = std::fs::read_to_string(root().join("ffi-tests/install/vdpol.expected"))
        .expect("expected output");
    assert_eq!(run_user_program(&f77), expected);
    let loaded = loaded_stiffdae(&f77);
    assert!(
        loaded.starts_with("libstiffdae.so.0 => ") && loaded.contains(&lib.display().to_string()),
        "{loaded}"
    );

    // A C program with the installed header.
    let c = project.join("vdpol_c");
    let mut cmd = Command::new("cc");
    cmd.args(["-O2", "vdpol.c", "-o"])
        .arg(&c)
        .args(&flags)
        .arg("-lm")
        .current_dir(&project);
    checked(cmd, "cc with pkg-config");
    let stdout = run_user_program(&c);
    assert!(
        stdout.contains(C_STATS) && !stdout.contains("MISMATCH"),
        "{stdout}"
    );
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = "))
        .expect("the library's version")
        .trim_matches('"');
    assert!(
        stdout.contains(&format!("VERSION {version} header {version}")),
        "{stdout}"
    );

    // CMake: find_package(stiffdae) and its shared and static imported targets.
    let build = project.join("build");
    let mut cmd = Command::new("cmake");
    cmd.args(["-S", ".", "-B"])
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
        .current_dir(&project);
    checked(cmd, "cmake configure (install cmake)");
    let mut cmd = Command::new("cmake");
    cmd.arg("--build").arg(&build);
    checked(cmd, "cmake build");
    for exe in ["vdpol_shared", "vdpol_static"] {
        let stdout = run_user_program(&build.join(exe));
        assert!(
            stdout.contains(C_STATS) && !stdout.contains("MISMATCH"),
            "{exe}: {stdout}"
        );
    }
    assert!(loaded_stiffdae(&build.join("vdpol_shared")).contains(&lib.display().to_string()));

    // libstiffdae64: a Fortran 77 program compiled with -fdefault-integer-8 and
    // `pkg-config stiffdae64`, C through the same and through CMake.
    let flags64 = pkg_config(&prefix, "stiffdae64");
    let f64 = project.join("int64_vdpol");
    let mut cmd = Command::new("gfortran");
    cmd.args(["-O2", "-fdefault-integer-8", "int64_vdpol.f", "-o"])
        .arg(&f64)
        .args(&flags64)
        .current_dir(&project);
    checked(
        cmd,
        "gfortran -fdefault-integer-8 with pkg-config stiffdae64",
    );
    let mut cmd = Command::new(&f64);
    cmd.env_remove("LD_LIBRARY_PATH")
        .env("STIFFDAE_QUIET", "1")
        .stdin(std::fs::File::open(write_input(&project)).expect("input"));
    let out = checked(cmd, "int64_vdpol");
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/int64_vdpol.txt"))
        .expect("expected output");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    let loaded = loaded_stiffdae(&f64);
    assert!(
        loaded.starts_with("libstiffdae64.so.0 => ") && loaded.contains(&lib.display().to_string()),
        "{loaded}"
    );
    let c64 = project.join("int64_c");
    let mut cmd = Command::new("cc");
    cmd.args(["-O2", "int64_checks.c", "-o"])
        .arg(&c64)
        .args(&flags64)
        .arg("-lm")
        .current_dir(&project);
    checked(cmd, "cc with pkg-config stiffdae64");
    for exe in [c64, build.join("int64_shared"), build.join("int64_static")] {
        let stdout = run_user_program(&exe);
        assert!(
            stdout.starts_with("INTEGER BYTES 8\n")
                && stdout.contains(INT64_STATS)
                && !stdout.contains("FAILED"),
            "{}: {stdout}",
            exe.display()
        );
    }

    // The README says which library to link.
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    for claim in [
        "gfortran -fdefault-integer-8 prog.f $(pkg-config --cflags --libs stiffdae64)",
        "`-lstiffdae64`",
        "`stiffdae::stiffdae64`",
        "`STIFFDAE_INT64`",
    ] {
        assert!(readme.contains(claim), "README lacks {claim}");
    }
    let _ = std::fs::remove_dir_all(&prefix);
}

/// The standard input of `int64_vdpol.f`: every solver.
fn write_input(dir: &Path) -> PathBuf {
    let path = dir.join("int64_vdpol.in");
    std::fs::write(&path, "1 1 1 1 1\n").expect("write the input");
    path
}
