//! The Rust examples (`examples/*.rs`, built by `cargo test`) print what the same
//! programs in Fortran or C print with the original codes (`examples/<lang>/*.out`, or
//! frozen here).

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

/// Runs example `name` (building it if a filtered run has not) and returns its output.
fn output_of(name: &str) -> String {
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
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn prints_the_originals_output(name: &str, expected: &str) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let want = std::fs::read_to_string(root.join("examples").join(expected)).expect(expected);
    assert_eq!(output_of(name), want, "{name}");
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

/// What the DDASKR authors' `dheat.f` prints, built with their `dbanpre.f` and the
/// original `ddaskr.f`, `daux.f`, `dlinpk.f` (gfortran -O2 -std=legacy).
const DHEAT_ORIGINAL: &str = r" DHEAT: Heat Equation Example Program for DDASKR

    M+2 by M+2 mesh, M = 10,  System size NEQ = 144

    Root functions are: R1 = max(u) - 0.1 and R2 = max(u) - 0.01

    Linear solver method flag INFO(12) =  1    (0 = direct, 1 = Krylov)
    Preconditioner is a banded approximation with ML =  1  MU =  1

    Tolerances are RTOL =   0.0E+00   ATOL =   0.1E-04


     t            UMAX        NQ        H        STEPS     NNI     NLI

    0.10000E-01  0.8314E+00    4     0.146E-02     27       40      25
    0.20000E-01  0.6943E+00    5     0.146E-02     34       48      34
    0.40000E-01  0.4746E+00    4     0.292E-02     43       59      48
    0.80000E-01  0.2174E+00    4     0.526E-02     53       72      64
    0.11962E+00  0.1000E+00    5     0.105E-01     59       80      77
                    *****   Root found, JROOT = -1  0
    0.16000E+00  0.4531E-01    5     0.105E-01     63       84      88
    0.23707E+00  0.1000E-01    5     0.105E-01     70       91     105
                    *****   Root found, JROOT =  0 -1
    0.32000E+00  0.1967E-02    5     0.105E-01     78       99     123
    0.64000E+00  0.4353E-05    2     0.421E-01     94      119     194
    0.12800E+01  0.5878E-06    1     0.336E+00     98      125     214
    0.25600E+01  0.5995E-06    1     0.135E+01    100      128     218
    0.51200E+01  0.5613E-06    1     0.269E+01    101      130     221
    0.10240E+02  0.4931E-06    1     0.538E+01    102      131     223


 Final statistics for this run..
   RWORK size = 3373   IWORK size = 184
   Number of time steps ................ =  102
   Number of residual evaluations ...... =  426
   Number of root function evaluations . =  145
   Number of preconditioner evaluations  =   24
   Number of preconditioner solves ..... =  354
   Number of nonlinear iterations ...... =  131
   Number of linear iterations ......... =  223
   Average Krylov subspace dimension =  1.7023
    0 nonlinear conv. failures,    0 linear conv. failures
";

#[test]
fn heat_krylov_prints_what_dheat_prints_with_the_original() {
    assert_eq!(output_of("heat_krylov"), DHEAT_ORIGINAL);
}
