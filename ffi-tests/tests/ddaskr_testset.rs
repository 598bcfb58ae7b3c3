//! The Test Set kit's DASSL-family driver with DDASKR's segment routine
//! (`fortran/dassld.f` + `daskrs.f`), linked unchanged against libstiffdae. The
//! figures are the original DDASKR's with the same kit (every row checked identical):
//! steps (tried), accepted steps, #f (IWORK(12), which in DDASKR counts the
//! difference-Jacobian residuals too), #Jac. On the ODEs without difference Jacobians
//! (hires, pollu) DDASKR takes DDASSL's steps exactly (the netlib revision 000711 has
//! DDASKR's corrector); elsewhere the reciprocal weights and the increments of DMATD
//! give slightly different step sequences.

mod pump;

use ffi_tests::{run_kit, Solver};
use pump::{check_pump, Row};

#[test]
fn ddaskr_kit_runs_equal_the_original() {
    let rows = [
        ("hires", 1e-7, 3, [380, 369, 591, 32]),
        ("pollu", 1e-10, 3, [536, 532, 669, 38]),
        ("vdpol", 1e-7, 3, [1958, 1934, 2827, 146]),
        ("rober", 1e-7, 3, [586, 568, 830, 75]),
        ("transamp", 1e-4, 3, [7616, 4936, 14185, 5249]),
        ("wheel", 1e-7, 3, [22908, 20862, 93898, 3480]),
    ];
    for (problem, tol, idid, want) in rows {
        let (res, out) = run_kit(Solver::Ddaskr, problem, tol);
        assert!(out.status.success(), "{problem}");
        assert_eq!(res.idid, idid, "{problem} {tol:e}: {res:?}");
        assert_eq!(
            [res.steps, res.accept, res.nf, res.njac],
            want,
            "{problem} {tol:e}"
        );
    }
    // The wheelset reaches the accuracy DDASSL reaches (scd 3.34 at 1e-7).
    let (res, _) = run_kit(Solver::Ddaskr, "wheel", 1e-7);
    assert!(res.scd.expect("scd") >= 3.3, "{res:?}");
}

/// The charge pump (`problems/pump.f`): the original DDASKR with this kit succeeds at
/// 1e-3 and stops with IDID = -7 just after the first kink at 1e-4 … 1e-7, taking
/// DDASSL's steps (#f counts the difference-Jacobian residuals too). R1 = T and R2 = H of
/// its message are the original's.
#[test]
fn pump_runs_equal_the_original() {
    let rows: [Row; 5] = [
        (1e-3, 3, [923, 773, 8603, 813], "", Some((3.60, 2.22))),
        (
            1e-4,
            -7,
            [45, 26, 452, 42],
            "R1 = 0.5010042187500D-07, R2 = 0.2413988113403D-18",
            None,
        ),
        (
            1e-5,
            -7,
            [46, 26, 473, 44],
            "R1 = 0.5010015625000D-07, R2 = 0.2980232238770D-18",
            None,
        ),
        (
            1e-6,
            -7,
            [67, 40, 666, 61],
            "R1 = 0.5010004881832D-07, R2 = 0.2265595293239D-19",
            None,
        ),
        (
            1e-7,
            -7,
            [76, 44, 771, 72],
            "R1 = 0.5010000135679D-07, R2 = 0.9289585600032D-21",
            None,
        ),
    ];
    check_pump(Solver::Ddaskr, "", &rows);
}
