//! The family's one safe-API shape (README, "From Rust"): the three methods behind the
//! same traits and types, wrong lengths and missing routines as errors (never panics),
//! statistics summed over calls.

use stiffdae::daskr::{self, Daskr};
use stiffdae::dassl::{self, Dassl, JacobianKind, ResFlag};
use stiffdae::prelude::*;
use stiffdae::radau5::{self, Radau5, Structure};

struct Decay;
impl radau5::Problem for Decay {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = -y[0];
    }
}

fn residual(_t: f64, y: &[f64], yp: &[f64], d: &mut [f64]) -> ResFlag {
    d[0] = yp[0] + y[0];
    ResFlag::Ok
}

fn residual_cj(_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]) -> ResFlag {
    d[0] = yp[0] + y[0];
    ResFlag::Ok
}

/// Integrates to 1 and 2 with any method, through the traits only.
fn two_outputs<S: Advance<P>, P: ?Sized>(solver: &mut S, problem: &mut P) -> Statistics {
    let mut last = Statistics::default();
    for tout in [1.0, 2.0] {
        assert_eq!(solver.advance(problem, tout), Ok(Reached::Tout));
        assert_eq!(solver.t(), tout);
        assert!((solver.y()[0] - (-tout).exp()).abs() < 1e-5);
        let s = solver.statistics();
        assert!(s.accepted > last.accepted, "summed over calls: {s:?}");
        last = s;
    }
    last
}

#[test]
fn the_three_methods_share_one_shape() {
    let tolerance = Tolerance::scalar(1e-8, 1e-8);
    let mut r = Radau5::new(
        0.0,
        &[1.0],
        Structure::dense(1),
        radau5::Options {
            tolerance: tolerance.clone(),
            ..radau5::Options::default()
        },
    )
    .unwrap();
    let s = two_outputs(&mut r, &mut Decay);
    assert!(s.decompositions > 0 && s.solves > 0);
    assert_eq!(krylov_counters(&s), [0; 4]);
    let mut d = Dassl::new(
        0.0,
        &[1.0],
        &[-1.0],
        &dassl::Options {
            tolerance: tolerance.clone(),
            ..dassl::Options::default()
        },
    )
    .unwrap();
    let mut res = residual;
    assert_eq!(krylov_counters(&two_outputs(&mut d, &mut res)), [0; 4]);
    let mut k = Daskr::new(
        0.0,
        &[1.0],
        &[-1.0],
        &daskr::Options {
            tolerance,
            ..daskr::Options::default()
        },
    )
    .unwrap();
    let mut res = residual_cj;
    let s = two_outputs(&mut k, &mut res);
    assert!(s.nonlinear_iterations > 0);
    assert_eq!(krylov_counters(&s), [0; 4]);
}

/// DDASKR's Krylov counters (NLI, NPE, NPS, NCFL): the other methods, and DDASKR's
/// direct solver, keep none.
fn krylov_counters(s: &Statistics) -> [u64; 4] {
    [
        s.linear_iterations,
        s.preconditioner_evaluations,
        s.preconditioner_solves,
        s.linear_convergence_failures,
    ]
}

#[test]
fn wrong_lengths_are_errors() {
    let vector = Tolerance::Vector {
        rtol: vec![1e-6; 2],
        atol: vec![1e-6; 2],
    };
    let wrong = |e: Error| matches!(e, Error::WrongLength { .. });
    assert!(wrong(
        Radau5::new(
            0.0,
            &[1.0, 2.0],
            Structure::dense(3),
            radau5::Options::default()
        )
        .unwrap_err()
    ));
    assert!(wrong(
        Radau5::new(
            0.0,
            &[1.0],
            Structure::dense(1),
            radau5::Options {
                tolerance: vector.clone(),
                ..radau5::Options::default()
            }
        )
        .unwrap_err()
    ));
    assert!(wrong(
        Dassl::new(0.0, &[1.0], &[1.0, 2.0], &dassl::Options::default()).unwrap_err()
    ));
    assert!(wrong(
        Daskr::new(
            0.0,
            &[1.0],
            &[-1.0],
            &daskr::Options {
                tolerance: vector,
                ..daskr::Options::default()
            }
        )
        .unwrap_err()
    ));
    let mut k = Daskr::new(0.0, &[1.0], &[-1.0], &daskr::Options::default()).unwrap();
    assert!(wrong(
        k.restart(&[1.0, 2.0], &[0.0], daskr::Initial::Given)
            .unwrap_err()
    ));
    assert!(wrong(k.set_differential(&[true, false]).unwrap_err()));
}

#[test]
fn missing_routines_are_errors() {
    let missing = |e: Error| matches!(e, Error::MissingCallback { .. });
    let mut r = Radau5::new(
        0.0,
        &[1.0],
        Structure {
            analytic_jacobian: true,
            ..Structure::dense(1)
        },
        radau5::Options::default(),
    )
    .unwrap();
    assert!(missing(r.advance(&mut Decay, 1.0).unwrap_err()));
    let mut d = Dassl::new(
        0.0,
        &[1.0],
        &[-1.0],
        &dassl::Options {
            jacobian: JacobianKind::Analytic,
            ..dassl::Options::default()
        },
    )
    .unwrap();
    assert!(missing(d.advance(&mut residual, 1.0).unwrap_err()));
    let mut k = Daskr::new(
        0.0,
        &[1.0],
        &[-1.0],
        &daskr::Options {
            roots: 1,
            ..daskr::Options::default()
        },
    )
    .unwrap();
    assert!(missing(k.advance(&mut residual_cj, 1.0).unwrap_err()));
    assert_eq!(Error::MissingCallback { what: "x" }.idid(), None);
}
