//! The safe RADAU5 API: statistics frozen against the original Fortran, options,
//! output, failures, reentrancy.

mod common;

use common::solve;
use stiffdae::radau5::{DenseOutput, Matrix, Options, Problem, Structure, Tolerance};
use stiffdae::{Error, Statistics};

/// Van der Pol with eps = 1e-6, as in the IVP Test Set (x in [0, 2], y0 = (2, 0)).
struct VdPol;

impl Problem for VdPol {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1.0e-6;
    }
    fn jac(&mut self, _x: f64, y: &[f64], d: &mut [f64], ld: usize) {
        d[0] = 0.0;
        d[ld] = 1.0;
        d[1] = (-2.0 * y[0] * y[1] - 1.0) / 1.0e-6;
        d[1 + ld] = (1.0 - y[0] * y[0]) / 1.0e-6;
    }
    fn has_jacobian(&self) -> bool {
        true
    }
}

const VDPOL_REF: [f64; 2] = [0.1706167732170483e1, -0.8928097010247975];

/// Robertson's chemical kinetics, as an ODE.
struct Rober;

impl Problem for Rober {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2];
        f[2] = 3.0e7 * y[1] * y[1];
        f[1] = -f[0] - f[2];
    }
}

/// Robertson as an index-1 DAE: M = diag(1, 1, 0), conservation as the third equation.
struct RoberDae;

impl Problem for RoberDae {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2];
        f[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1];
        f[2] = y[0] + y[1] + y[2] - 1.0;
    }
    fn mas(&mut self, nm1: usize, am: &mut [f64], lmas: usize) {
        assert_eq!((nm1, lmas), (3, 1));
        am.copy_from_slice(&[1.0, 1.0, 0.0]);
    }
    fn has_mass(&self) -> bool {
        true
    }
}

fn scd(y: &[f64], yref: &[f64]) -> f64 {
    let e = y
        .iter()
        .zip(yref)
        .map(|(a, b)| ((a - b) / b).abs())
        .fold(0.0, f64::max);
    -e.log10()
}

fn options() -> Options {
    Options {
        max_steps: 10_000_000,
        ..Options::default()
    }
}

fn tol(t: f64) -> Tolerance {
    Tolerance::Scalar { rtol: t, atol: t }
}

fn vdpol(t: f64) -> ([f64; 2], Statistics) {
    let mut y = [2.0, 0.0];
    let (mut x, mut h) = (0.0, t);
    let st = Structure {
        analytic_jacobian: true,
        ..Structure::dense(2)
    };
    let done = solve(
        &mut VdPol,
        &st,
        &options(),
        &mut x,
        &mut y,
        2.0,
        &mut h,
        &tol(t),
    )
    .unwrap();
    assert_eq!(x, 2.0);
    (y, done.stats)
}

/// fortran-baseline.md, RADAU5 / vdpol: steps, accept, #f, #Jac, #LU and scd of the
/// original radau5.f with the Test Set driver (h0 = rtol = atol = tol).
#[test]
fn vdpol_statistics_equal_the_original() {
    let baseline = [
        (1e-4, 283, 245, 2267, 162, 254, 4.96),
        (1e-7, 720, 711, 5728, 433, 586, 7.83),
        (1e-10, 2269, 2267, 17378, 615, 1717, 10.17),
    ];
    for (t, steps, accept, nf, njac, nlu, scd_ref) in baseline {
        let (y, s) = vdpol(t);
        assert_eq!(
            (
                s.steps,
                s.accepted,
                s.function_evaluations,
                s.jacobian_evaluations,
                s.decompositions
            ),
            (steps, accept, nf, njac, nlu),
            "tol {t:e}"
        );
        assert!(
            (scd(&y, &VDPOL_REF) - scd_ref).abs() < 0.01,
            "tol {t:e}: scd {}",
            scd(&y, &VDPOL_REF)
        );
    }
}

#[test]
fn robertson_as_ode_and_as_dae_agree_with_the_reference() {
    let yref = [
        0.2083340149701255e-7,
        0.8333360770334713e-13,
        0.999_999_979_166_505,
    ];
    let st = Structure::dense(3);
    let mut y = [1.0, 0.0, 0.0];
    let (mut x, mut h) = (0.0, 1e-6);
    let t = Tolerance::Vector {
        rtol: vec![1e-8; 3],
        atol: vec![1e-14, 1e-20, 1e-14],
    };
    solve(
        &mut Rober,
        &st,
        &options(),
        &mut x,
        &mut y,
        1e11,
        &mut h,
        &t,
    )
    .unwrap();
    assert!(scd(&y, &yref) > 5.0, "ode scd {}", scd(&y, &yref));

    let st = Structure {
        mass: Some(Matrix::Banded { lower: 0, upper: 0 }),
        ..Structure::dense(3)
    };
    let mut yd = [1.0, 0.0, 0.0];
    let (mut x, mut h) = (0.0, 1e-6);
    solve(
        &mut RoberDae,
        &st,
        &options(),
        &mut x,
        &mut yd,
        1e11,
        &mut h,
        &t,
    )
    .unwrap();
    assert!(scd(&yd, &yref) > 5.0, "dae scd {}", scd(&yd, &yref));
}

/// Records every SOLOUT call and checks the dense output at the step ends.
struct Recorder {
    calls: Vec<(usize, f64, f64)>,
    stop_after: usize,
}

impl Problem for Recorder {
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]) {
        VdPol.fcn(x, y, f)
    }
    fn solout(
        &mut self,
        nr: usize,
        xold: f64,
        x: f64,
        y: &mut [f64],
        dense: &DenseOutput<'_>,
    ) -> bool {
        if nr > 1 {
            for (i, yi) in y.iter().enumerate() {
                assert_eq!(dense.eval(i, x), *yi, "dense output at the step end");
            }
            let mid = dense.eval(0, 0.5 * (xold + x));
            assert!(mid.is_finite());
        }
        self.calls.push((nr, xold, x));
        nr < self.stop_after
    }
}

#[test]
fn solout_sees_every_accepted_step_and_can_stop() {
    let st = Structure {
        dense_output: true,
        ..Structure::dense(2)
    };
    let mut rec = Recorder {
        calls: Vec::new(),
        stop_after: usize::MAX,
    };
    let mut y = [2.0, 0.0];
    let (mut x, mut h) = (0.0, 1e-4);
    let done = solve(
        &mut rec,
        &st,
        &options(),
        &mut x,
        &mut y,
        2.0,
        &mut h,
        &tol(1e-4),
    )
    .unwrap();
    assert!(!done.interrupted);
    assert_eq!(rec.calls.len() as u64, done.stats.accepted + 1);
    assert_eq!(rec.calls[0], (1, 0.0, 0.0));
    for (k, w) in rec.calls.windows(2).enumerate() {
        assert_eq!(w[1].0, k + 2);
        assert_eq!(w[1].1, w[0].2, "xold is the previous x");
    }

    let mut rec = Recorder {
        calls: Vec::new(),
        stop_after: 10,
    };
    let mut y = [2.0, 0.0];
    let (mut x, mut h) = (0.0, 1e-4);
    let done = solve(
        &mut rec,
        &st,
        &options(),
        &mut x,
        &mut y,
        2.0,
        &mut h,
        &tol(1e-4),
    )
    .unwrap();
    assert!(done.interrupted);
    assert_eq!(rec.calls.len(), 10);
    assert_eq!(x, rec.calls[9].2);
}

#[test]
fn invalid_input_is_reported_with_every_reason() {
    let cases: Vec<(Structure, Options, Tolerance)> = vec![
        (Structure::dense(0), options(), tol(1e-6)),
        (Structure::dense(2), options(), tol(0.0)),
        (
            Structure::dense(2),
            options(),
            Tolerance::Scalar {
                rtol: 1e-16,
                atol: 1e-6,
            },
        ),
        (
            Structure::dense(2),
            Options {
                uround: 1e-20,
                ..options()
            },
            tol(1e-6),
        ),
        (
            Structure::dense(2),
            Options {
                index_dims: [1, 0, 0],
                ..options()
            },
            tol(1e-6),
        ),
        (
            Structure::dense(2),
            Options {
                max_steps: -1,
                ..options()
            },
            tol(1e-6),
        ),
        (
            Structure::dense(2),
            Options {
                safety: 1.5,
                ..options()
            },
            tol(1e-6),
        ),
        (
            Structure {
                jacobian: Matrix::Banded { lower: 0, upper: 0 },
                mass: Some(Matrix::Banded { lower: 1, upper: 0 }),
                ..Structure::dense(2)
            },
            options(),
            tol(1e-6),
        ),
    ];
    for (st, o, t) in cases {
        let n = st.n;
        let mut y = vec![1.0; n];
        let (mut x, mut h) = (0.0, 1e-6);
        let (err, _) = solve(&mut VdPol, &st, &o, &mut x, &mut y, 1.0, &mut h, &t).unwrap_err();
        assert!(
            matches!(&err, Error::InvalidInput { idid: -1, messages } if !messages.is_empty())
                || matches!(err, Error::WrongLength { .. }),
            "{err}"
        );
        assert_eq!((x, h), (0.0, 1e-6), "nothing integrated");
    }
}

/// f turns NaN after x = 0.5.
struct PoisonAfterHalf;

impl Problem for PoisonAfterHalf {
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = if x > 0.5 { f64::NAN } else { -y[0] };
    }
}

/// The original carries a NaN from FCN on: the Newton iteration ends as converged on
/// a NaN norm, ESTRAD's MAX(NaN, 1e-10) accepts the step, and the run reaches XEND with
/// NaN in Y. IDID, H and the statistics below are the original radau5.f's for this
/// problem (linked from C, gfortran 12.2 -O2).
#[test]
fn non_finite_f_is_carried_on_as_by_the_original() {
    let mut y = [1.0];
    let (mut x, mut h) = (0.0, 1e-3);
    let done = solve(
        &mut PoisonAfterHalf,
        &Structure::dense(1),
        &options(),
        &mut x,
        &mut y,
        1.0,
        &mut h,
        &tol(1e-6),
    )
    .expect("IDID = 1, as the original");
    assert_eq!(x, 1.0);
    assert_eq!(h.to_bits(), 0x3FCE_0F83_1AF5_1C99, "h = {h:e}");
    assert!(y[0].is_nan());
    let s = done.stats;
    assert_eq!(
        [
            s.function_evaluations,
            s.jacobian_evaluations,
            s.steps,
            s.accepted,
            s.error_test_failures,
            s.decompositions,
            s.solves
        ],
        [27, 1, 6, 6, 0, 5, 7]
    );
}

#[test]
fn nmax_is_enforced() {
    let mut y = [2.0, 0.0];
    let (mut x, mut h) = (0.0, 1e-6);
    let o = Options {
        max_steps: 50,
        ..options()
    };
    let (err, stats) = solve(
        &mut VdPol,
        &Structure::dense(2),
        &o,
        &mut x,
        &mut y,
        2.0,
        &mut h,
        &tol(1e-6),
    )
    .unwrap_err();
    assert!(matches!(err, Error::StepLimit { nmax: 50, .. }), "{err}");
    assert_eq!(err.idid(), Some(-2));
    assert_eq!(stats.steps, 51);
}

/// x'' = -x as a second-order system (M1 = M2 = 1) must agree with the plain form.
struct Oscillator;

impl Problem for Oscillator {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = -y[0];
    }
}

#[test]
fn second_order_structure_gives_the_same_solution() {
    let run = |m1: i64| {
        let mut y = [1.0, 0.0];
        let (mut x, mut h) = (0.0, 1e-3);
        let o = Options {
            m1,
            m2: m1,
            ..options()
        };
        solve(
            &mut Oscillator,
            &Structure::dense(2),
            &o,
            &mut x,
            &mut y,
            10.0,
            &mut h,
            &tol(1e-9),
        )
        .unwrap();
        y
    };
    let (plain, reduced) = (run(0), run(1));
    let exact = [10.0_f64.cos(), -10.0_f64.sin()];
    for i in 0..2 {
        assert!((plain[i] - exact[i]).abs() < 1e-7);
        assert!((reduced[i] - exact[i]).abs() < 1e-7, "{reduced:?}");
    }
}

/// A SOLOUT that runs a whole other integration at every step.
struct Nesting {
    inner_results: Vec<[f64; 2]>,
}

impl Problem for Nesting {
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]) {
        Oscillator.fcn(x, y, f)
    }
    fn solout(
        &mut self,
        nr: usize,
        _xold: f64,
        x: f64,
        y: &mut [f64],
        dense: &DenseOutput<'_>,
    ) -> bool {
        if nr % 5 == 0 {
            let (inner, _) = vdpol(1e-4);
            self.inner_results.push(inner);
        }
        // The outer dense output is still this step's after the inner solve.
        assert_eq!(dense.eval(0, x), y[0]);
        true
    }
}

#[test]
fn a_solve_nested_in_solout_does_not_disturb_the_outer_one() {
    let st = Structure {
        dense_output: true,
        ..Structure::dense(2)
    };
    let mut p = Nesting {
        inner_results: Vec::new(),
    };
    let mut y = [1.0, 0.0];
    let (mut x, mut h) = (0.0, 1e-3);
    solve(
        &mut p,
        &st,
        &options(),
        &mut x,
        &mut y,
        10.0,
        &mut h,
        &tol(1e-9),
    )
    .unwrap();
    assert!(!p.inner_results.is_empty());
    let (alone, _) = vdpol(1e-4);
    assert!(p.inner_results.iter().all(|r| r == &alone));
    assert!((y[0] - 10.0_f64.cos()).abs() < 1e-7);
}

#[test]
fn eight_threads_give_bit_identical_results() {
    let serial: Vec<_> = [1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-6]
        .iter()
        .map(|&t| vdpol(t))
        .collect();
    let threads: Vec<_> = [1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-6]
        .iter()
        .map(|&t| std::thread::spawn(move || vdpol(t)))
        .collect();
    for (h, s) in threads.into_iter().zip(serial) {
        let r = h.join().unwrap();
        assert_eq!(r.0.map(f64::to_bits), s.0.map(f64::to_bits));
        assert_eq!(r.1, s.1);
    }
}
