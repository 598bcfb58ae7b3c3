//! The safe Rust interface: closures, options, statistics and typed errors. The Robertson
//! run (analytic Jacobian, INFO(3) = 0, tol 1e-7, TOUT = 1e11) must give the original's
//! numbers: IWORK(11..15) = 567, 857, 80, 26, 1 and the same final y (netlib ddassl.f
//! revision 000711, gfortran -O2), including the one 500-step return on the way.

// The original's results are quoted with the 17 digits Fortran printed them with.
#![allow(clippy::excessive_precision)]

use stiffdae::dassl::{Dassl, JacobianKind, Options, ResFlag, WithJacobian};
use stiffdae::prelude::*;

fn rober(y: &[f64], f: &mut [f64]) {
    f[0] = -(0.04 * y[0]) + 1.0e4 * y[1] * y[2];
    f[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1];
    f[2] = 3.0e7 * y[1] * y[1];
}

fn residual(_t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]) -> ResFlag {
    rober(y, delta);
    for (d, p) in delta.iter_mut().zip(yp) {
        *d = p - *d;
    }
    ResFlag::Ok
}

fn jacobian(_t: f64, y: &[f64], _yp: &[f64], cj: f64, pd: &mut [f64]) {
    let df = [
        [-0.04, 1.0e4 * y[2], 1.0e4 * y[1]],
        [0.04, -(1.0e4 * y[2]) - 6.0e7 * y[1], -(1.0e4 * y[1])],
        [0.0, 6.0e7 * y[1], 0.0],
    ];
    for j in 0..3 {
        for i in 0..3 {
            pd[i + 3 * j] = -df[i][j];
        }
    }
    for i in 0..3 {
        pd[i + 3 * i] += cj;
    }
}

fn start(options: &Options) -> Dassl {
    let y0 = [1.0, 0.0, 0.0];
    let mut yp0 = [0.0; 3];
    rober(&y0, &mut yp0);
    Dassl::new(0.0, &y0, &yp0, options).unwrap()
}

#[test]
fn robertson_matches_the_original() {
    let options = Options {
        tolerance: Tolerance::scalar(1e-7, 1e-7),
        jacobian: JacobianKind::Analytic,
        ..Options::default()
    };
    let mut solver = start(&options);
    let mut problem = WithJacobian { residual, jacobian };
    let mut too_much_work = 0;
    let reached = loop {
        match solver.advance(&mut problem, 1.0e11) {
            Err(Error::TooMuchWork { t }) => {
                too_much_work += 1;
                assert!(t > 0.0 && t < 1.0e11);
            }
            other => break other,
        }
    };
    assert_eq!(reached, Ok(Reached::Tout));
    assert_eq!(too_much_work, 1);
    assert_eq!(solver.t(), 1.0e11);
    let s = solver.statistics();
    assert_eq!(
        [
            s.accepted,
            s.function_evaluations,
            s.jacobian_evaluations,
            s.error_test_failures,
            s.convergence_failures
        ],
        [567, 857, 80, 26, 1]
    );
    let y_ref: [f64; 3] = [
        2.3278609454650874e-8,
        9.3114440015648895e-14,
        9.9999997672129681e-1,
    ];
    for (a, b) in solver.y().iter().zip(&y_ref) {
        assert_eq!(a.to_bits(), b.to_bits());
    }
    let d = solver.step_data();
    assert!(d.next_order >= 1 && d.last_order >= 1 && d.last_h > 0.0 && d.tn >= 1.0e11);
}

#[test]
fn closure_without_jacobian_and_tstop() {
    let options = Options {
        tolerance: Tolerance::Vector {
            rtol: vec![1e-6; 3],
            atol: vec![1e-8; 3],
        },
        every_step: true,
        tstop: Some(40.0),
        ..Options::default()
    };
    let mut solver = start(&options);
    let mut residual = residual;
    let mut steps = 0;
    while let Reached::Step = solver.advance(&mut residual, 40.0).unwrap() {
        steps += 1;
    }
    assert_eq!(solver.t(), 40.0);
    assert_eq!(steps + 1, solver.statistics().accepted);
    let sum: f64 = solver.y().iter().sum();
    assert!((sum - 1.0).abs() < 1e-6);
}

#[test]
fn typed_errors() {
    let mut solver = start(&Options::default());
    let mut stopping = |t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]| {
        if t > 1.0 {
            return ResFlag::Stop;
        }
        residual(t, y, yp, delta)
    };
    let err = solver.advance(&mut stopping, 10.0).unwrap_err();
    assert!(matches!(err, Error::Stopped { t, .. } if t <= 1.0 + 1e-12));
    assert_eq!(err.idid(), Some(-11));
    // Calling again without action: the original refuses.
    assert_eq!(
        solver.advance(&mut stopping, 10.0),
        Err(Error::NoActionTaken { idid: -11 })
    );

    let mut bad = start(&Options {
        tolerance: Tolerance::scalar(-1.0, 1e-6),
        ..Options::default()
    });
    let err = bad.advance(&mut residual.clone(), 1.0).unwrap_err();
    assert_eq!(
        err,
        Error::InvalidInput {
            idid: -33,
            messages: vec!["SOME ELEMENT OF RTOL IS .LT. 0".into()]
        }
    );
    assert_eq!(err.idid(), Some(-33));

    let y0 = [1.0, 0.0, 0.0];
    assert!(Dassl::new(0.0, &y0, &[0.0; 2], &Options::default()).is_err());
}

/// Robertson as the Test Set kit evaluates it (fortran/problems/rober.f through
/// dasslres.f): `prod = 1e4·y2·y3`, `sq = 3e7·(y2·y2)`, `PD = CJ·δij - ∂f/∂y`.
fn kit_rober(y: &[f64], f: &mut [f64]) {
    let prod = 1.0e4 * y[1] * y[2];
    let sq = 3.0e7 * (y[1] * y[1]);
    f[0] = -(0.04 * y[0]) + prod;
    f[1] = 0.04 * y[0] - prod - sq;
    f[2] = sq;
}

fn kit_residual(_t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]) -> ResFlag {
    let mut f = [0.0; 3];
    kit_rober(y, &mut f);
    for ((d, p), fi) in delta.iter_mut().zip(yp).zip(f) {
        *d = p - fi;
    }
    ResFlag::Ok
}

fn kit_jacobian(_t: f64, y: &[f64], _yp: &[f64], cj: f64, pd: &mut [f64]) {
    let df = [
        [-0.04, 1.0e4 * y[2], 1.0e4 * y[1]],
        [0.04, -(1.0e4 * y[2]) - 6.0e7 * y[1], -(1.0e4 * y[1])],
        [0.0, 6.0e7 * y[1], 0.0],
    ];
    for j in 0..3 {
        for i in 0..3 {
            let mij = if i == j { 1.0 } else { 0.0 };
            pd[i + 3 * j] = cj * mij - df[i][j];
        }
    }
}

/// Robertson at rtol = atol = 10^-4.25 as the kit drives it (every step, TSTOP = TOUT =
/// 1e11, analytic Jacobian): the solution blows up and turns NaN, and the original
/// (netlib DDASSL linked with the kit) stops with IDID = -3 at the step after the NaN,
/// because label 520 tests WT .GT. 0. Its numbers: t = 3.7966120873941644, IWORK(11..15)
/// = 7111, 12396, 691, 2, 1. Before the fix the port ran 553 steps more and ended
/// "successfully" at 1e11 with a NaN solution.
#[test]
fn robertson_nan_weights_stop_as_the_original() {
    let tol = 10f64.powf(-4.25);
    assert_eq!(tol, 5.6234132519034908e-5);
    let options = Options {
        tolerance: Tolerance::scalar(tol, tol),
        every_step: true,
        tstop: Some(1.0e11),
        jacobian: JacobianKind::Analytic,
        ..Options::default()
    };
    let y0 = [1.0, 0.0, 0.0];
    let mut yp0 = [0.0; 3];
    kit_rober(&y0, &mut yp0);
    let mut solver = Dassl::new(0.0, &y0, &yp0, &options).unwrap();
    let mut problem = WithJacobian {
        residual: kit_residual,
        jacobian: kit_jacobian,
    };
    let err = loop {
        match solver.advance(&mut problem, 1.0e11) {
            Ok(Reached::Step) | Err(Error::TooMuchWork { .. }) => {}
            other => break other.unwrap_err(),
        }
    };
    let t_stop = 3.7966120873941644;
    assert_eq!(err, Error::NonPositiveWeight { t: t_stop });
    assert_eq!(err.idid(), Some(-3));
    assert_eq!(solver.t().to_bits(), t_stop.to_bits());
    assert!(solver.y().iter().any(|v| v.is_nan()));
    let s = solver.statistics();
    assert_eq!(
        [
            s.accepted,
            s.function_evaluations,
            s.jacobian_evaluations,
            s.error_test_failures,
            s.convergence_failures
        ],
        [7111, 12396, 691, 2, 1]
    );
}

/// Inconsistent initial values (G1 = y1' + y1 - y2, G2 = y2 - y1/2 at y = (1, 1),
/// y' = 0; RTOL = ATOL = 1e-6, INFO all 0): every attempt of the first step fails the
/// error test. Netlib's DDASTP (revision 951030, label 690) restarts the history with
/// the smaller step (PSI(1) = H, PHI(*,2) scaled by R) before each retry; the original
/// gives up with IDID = -6 at T = 0, IWORK(11..15) = 0, 42, 21, 21, 0 and
/// RWORK(3) = 0.22737367544323206E-15 (gfortran -O2, netlib ddassl.f).
#[test]
fn failed_first_steps_restart_the_history_as_the_original() {
    let mut solver = Dassl::new(
        0.0,
        &[1.0, 1.0],
        &[0.0, 0.0],
        &Options {
            tolerance: Tolerance::scalar(1e-6, 1e-6),
            ..Options::default()
        },
    )
    .unwrap();
    let mut res = |_t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]| {
        delta[0] = yp[0] + y[0] - y[1];
        delta[1] = y[1] - 0.5 * y[0];
        ResFlag::Ok
    };
    let err = solver.advance(&mut res, 1.0).unwrap_err();
    let h = 0.22737367544323206e-15_f64;
    assert_eq!(err, Error::ErrorTestFailures { t: 0.0, h });
    assert_eq!(err.idid(), Some(-6));
    let s = solver.statistics();
    assert_eq!(
        [
            s.accepted,
            s.function_evaluations,
            s.jacobian_evaluations,
            s.error_test_failures,
            s.convergence_failures
        ],
        [0, 42, 21, 21, 0]
    );
    assert_eq!(solver.step_data().next_h.to_bits(), h.to_bits());
    assert_eq!(solver.y(), &[1.0, 1.0]);
}
