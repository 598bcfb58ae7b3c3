//! The Test Set kit driver for DDASSL (`fortran/dassld.f`), linked unchanged against
//! libstiffdae.
//!
//! fortran-baseline.md's DDASSL rows at 1e-4 are reproduced; the tighter rows are not,
//! with the original netlib DDASSL (SLATEC revision 910624 + the 000711 fix) either:
//! the baseline's driver or DDASSL revision differs from what could be checked here.
//! Those runs are frozen to the original's figures with this kit (every one identical,
//! checked by linking the same driver against the original Fortran).

use ffi_tests::{baseline, run_kit, within_one_percent, Solver};

#[test]
fn the_1e4_baseline_rows_are_reproduced() {
    for problem in ["hires", "pollu", "transamp", "vdpol"] {
        let row = baseline::find("DDASSL", problem, 1e-4).expect("baseline row");
        let (res, _) = run_kit(Solver::Ddassl, problem, 1e-4);
        assert_eq!(res.idid, 3, "{problem}: {res:?}");
        let got = [res.steps, res.accept, res.nf, res.njac];
        let want = [row.steps, row.accept, row.nf, row.njac];
        if problem == "vdpol" {
            // 1267 residuals against 1260: within 1 %, steps and Jacobians identical.
            assert!(
                got.iter().zip(want).all(|(g, w)| within_one_percent(*g, w)),
                "{problem}: {got:?} vs {want:?}"
            );
        } else {
            assert_eq!(got, want, "{problem}");
        }
        let scd = res.scd.expect("scd");
        assert!(
            (scd - row.scd).abs() < 0.2,
            "{problem}: scd {scd} vs {}",
            row.scd
        );
    }
}

/// steps (tried), accept, #f, #Jac of the original DDASSL with this kit.
#[test]
fn tighter_tolerances_equal_the_original_with_this_kit() {
    let expected = [
        ("hires", 1e-7, [320, 309, 473, 40]),
        ("hires", 1e-10, [1150, 1134, 1588, 55]),
        ("vdpol", 1e-7, [1899, 1865, 3019, 142]),
        ("pollu", 1e-7, [135, 135, 190, 23]),
        ("pollu", 1e-10, [384, 381, 497, 37]),
        ("transamp", 1e-7, [51456, 29044, 98922, 44662]),
    ];
    for (problem, tol, want) in expected {
        let (res, _) = run_kit(Solver::Ddassl, problem, tol);
        assert_eq!(
            [res.steps, res.accept, res.nf, res.njac],
            want,
            "{problem} {tol:e}"
        );
    }
}

/// The wheelset reaches what the original reaches: scd 0.23, 3.34, 5.44.
#[test]
fn wheelset_reaches_the_originals_accuracy() {
    for (tol, min_scd, accept) in [(1e-4, 0.2, 5122), (1e-7, 3.3, 22702), (1e-10, 5.4, 98560)] {
        let (res, _) = run_kit(Solver::Ddassl, "wheel", tol);
        assert_eq!(res.idid, 3, "{tol:e}: {res:?}");
        let scd = res.scd.expect("scd");
        assert!(scd >= min_scd, "{tol:e}: scd {scd}");
        assert_eq!(res.accept, accept, "{tol:e}");
    }
}

/// The charge pump: with this kit the original DDASSL stops with IDID = -7 just after
/// the first kink (t = 5.01e-8); stiffdae stops the same way, cleanly.
#[test]
fn pump_fails_cleanly_as_the_original() {
    for (tol, steps) in [(1e-5, 40), (1e-6, 47), (1e-7, 46)] {
        let (res, out) = run_kit(Solver::Ddassl, "pump", tol);
        assert_eq!((res.idid, res.steps), (-7, steps), "{tol:e}");
        assert!(out.status.success());
    }
}

/// Index-3 problems are refused by the driver, as the Test Set's.
#[test]
fn index_3_problems_are_refused() {
    let (res, _) = run_kit(Solver::Ddassl, "caraxis", 1e-4);
    assert_eq!(res.idid, -33);
}
