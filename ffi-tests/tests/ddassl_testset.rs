//! The Test Set kit driver for DDASSL (`fortran/dassld.f`), linked unchanged against
//! libstiffdae.
//!
//! Every DDASSL row of fortran-baseline.md is reproduced exactly (steps, accepted steps,
//! #f, #Jac), with scd within 0.2. The baseline's DDASSL is netlib's revision 000711,
//! whose corrector applies the roundoff-level convergence test to the first correction
//! only; the SLATEC revision 910624 tests it on every iteration, which changes the
//! step sequences at tight tolerances. The other runs below are frozen to the original
//! (revision 000711) linked with the same kit: every one identical.

mod pump;

use ffi_tests::{baseline, run_kit, Solver};
use pump::{check_pump, Row};

#[test]
fn every_baseline_row_is_reproduced() {
    let rows = [
        ("hires", 1e-4),
        ("hires", 1e-7),
        ("hires", 1e-10),
        ("vdpol", 1e-4),
        ("vdpol", 1e-7),
        ("vdpol", 1e-10),
        ("pollu", 1e-4),
        ("pollu", 1e-7),
        ("pollu", 1e-10),
        ("transamp", 1e-4),
        ("transamp", 1e-7),
    ];
    for (problem, tol) in rows {
        let row = baseline::find("DDASSL", problem, tol).expect("baseline row");
        let (res, _) = run_kit(Solver::Ddassl, problem, tol);
        assert_eq!(res.idid, 3, "{problem} {tol:e}: {res:?}");
        assert_eq!(
            [res.steps, res.accept, res.nf, res.njac],
            [row.steps, row.accept, row.nf, row.njac],
            "{problem} {tol:e}"
        );
        let scd = res.scd.expect("scd");
        assert!(
            (scd - row.scd).abs() < 0.2,
            "{problem} {tol:e}: scd {scd} vs {}",
            row.scd
        );
    }
}

/// Robertson (not in the baseline): steps (tried), accept, #f, #Jac of the original.
#[test]
fn robertson_equals_the_original_with_this_kit() {
    for (tol, idid, want) in [
        (1e-4, 3, [198, 187, 292, 66]),
        (1e-7, 3, [586, 568, 830, 75]),
        (1e-10, -6, [27, 26, 34, 13]),
    ] {
        let (res, _) = run_kit(Solver::Ddassl, "rober", tol);
        assert_eq!(res.idid, idid, "{tol:e}");
        assert_eq!(
            [res.steps, res.accept, res.nf, res.njac],
            want,
            "rober {tol:e}"
        );
    }
}

/// Robertson at 10^-4.25: the solution blows up and the weights become NaN; the
/// original stops with IDID = -3 (its test is WT .GT. 0) after 7111 steps, and so must
/// stiffdae rather than carry the NaN to a "successful" end.
#[test]
fn robertson_nan_weights_stop_as_the_original() {
    let (res, _) = run_kit(Solver::Ddassl, "rober", 10f64.powf(-4.25));
    assert_eq!(res.idid, -3, "{res:?}");
    assert_eq!(
        [res.steps, res.accept, res.nf, res.njac],
        [7114, 7111, 12396, 691]
    );
}

/// The wheelset reaches what the original reaches: scd 0.23, 3.34, 5.45.
#[test]
fn wheelset_reaches_the_originals_accuracy() {
    for (tol, min_scd, accept) in [(1e-4, 0.2, 5122), (1e-7, 3.3, 22702), (1e-10, 5.4, 98744)] {
        let (res, _) = run_kit(Solver::Ddassl, "wheel", tol);
        assert_eq!(res.idid, 3, "{tol:e}: {res:?}");
        let scd = res.scd.expect("scd");
        assert!(scd >= min_scd, "{tol:e}: scd {scd}");
        assert_eq!(res.accept, accept, "{tol:e}");
    }
}

/// The charge pump (`problems/pump.f`, restart at each t(i), rtol(9) = atol(9) = 1000):
/// the original DDASSL (netlib ddassl.f, gfortran -O2, linked with this kit) succeeds at
/// 1e-3 and stops with IDID = -7 just after the first kink (t = 5.01e-8) at 1e-4 … 1e-7.
/// Steps (tried), accept, #f, #Jac, scd and the T and H of its message are the
/// original's; the failed first steps of each segment restart the history (label 690).
#[test]
fn pump_runs_equal_the_original() {
    let rows: [Row; 5] = [
        (1e-3, 3, [923, 773, 1267, 813], "", Some((3.58, 2.26))),
        (
            1e-4,
            -7,
            [45, 26, 74, 42],
            "5.010042D-08  AND STEPSIZE H =    2.413988D-19",
            None,
        ),
        (
            1e-5,
            -7,
            [46, 26, 77, 44],
            "5.010016D-08  AND STEPSIZE H =    2.980232D-19",
            None,
        ),
        (
            1e-6,
            -7,
            [67, 40, 117, 61],
            "5.010005D-08  AND STEPSIZE H =    2.265558D-20",
            None,
        ),
        (
            1e-7,
            -7,
            [76, 44, 123, 72],
            "5.010000D-08  AND STEPSIZE H =    9.289596D-22",
            None,
        ),
    ];
    check_pump(Solver::Ddassl, "AT T =    ", &rows);
}

/// Index-3 problems are refused by the driver, as the Test Set's.
#[test]
fn index_3_problems_are_refused() {
    let (res, _) = run_kit(Solver::Ddassl, "caraxis", 1e-4);
    assert_eq!(res.idid, -33);
}
