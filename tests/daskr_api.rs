//! The safe DASKR interface: events and consistent re-initialisation, through
//! `stiffdae::daskr::Daskr`.

use stiffdae::daskr::layout::{IW_KMP, IW_MAXL, IW_NRMAX, RW_EPLI};
use stiffdae::daskr::{Daskr, Initial, Krylov, LinearSolver, Options, Problem, ResFlag, WithRoots};
use stiffdae::prelude::*;

const G: f64 = 9.81;

/// A ball dropped from 10 m, restitution 0.8: the root y = 0 stops the integration
/// falling (JROOT = -1), the velocity is reversed and scaled, the integration restarts.
/// The impact times equal the closed form t1 = sqrt(2h/g), t(k+1) = t(k) + 2 e^k v1/g.
#[test]
fn bouncing_ball_impacts_match_the_closed_form() {
    let (h, e) = (10.0_f64, 0.8_f64);
    let mut ball = WithRoots {
        residual: |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
            d[0] = yp[0] - y[1];
            d[1] = yp[1] + G;
            ResFlag::Ok
        },
        roots: |_t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]| r[0] = y[0],
    };
    let options = Options {
        tolerance: Tolerance::scalar(1e-12, 1e-12),
        roots: 1,
        ..Options::default()
    };
    let mut s = Daskr::new(0.0, &[h, 0.0], &[0.0, -G], &options).unwrap();
    let v1 = (2.0 * G * h).sqrt();
    let mut expected = (2.0 * h / G).sqrt();
    let mut impacts = 0;
    while impacts < 10 {
        match s.advance(&mut ball, 100.0).unwrap() {
            Reached::Root(jroot) => {
                assert_eq!(jroot, vec![-1], "the ball falls through y = 0");
                assert!(
                    (s.t() - expected).abs() < 1e-9,
                    "impact {}: t = {} expected {expected}",
                    impacts + 1,
                    s.t()
                );
                let v = -e * s.y()[1];
                s.restart(&[0.0, v], &[v, -G], Initial::Given).unwrap();
                expected += 2.0 * e.powi(impacts + 1) * v1 / G;
                impacts += 1;
            }
            other => panic!("no impact before t = 100: {other:?}"),
        }
    }
    let stats = s.statistics();
    assert!(stats.root_evaluations > 0 && stats.steps > 0, "{stats:?}");
}

/// INFO(11) = 1 on an index-1 DAE with an inconsistent algebraic value and derivative
/// (Robertson, y3 = 0.2 and y' = 0 at t = 0): the computed values satisfy the residual
/// to well below the tolerance, y3 is the algebraic solution 1 - y1 - y2, and the
/// derivatives are the ODE's.
#[test]
fn consistent_initial_values_for_robertson() {
    let mut rober = |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
        d[0] = -0.04 * y[0] + 1e4 * y[1] * y[2] - yp[0];
        d[1] = 0.04 * y[0] - 1e4 * y[1] * y[2] - 3e7 * y[1] * y[1] - yp[1];
        d[2] = y[0] + y[1] + y[2] - 1.0;
        ResFlag::Ok
    };
    let options = Options {
        tolerance: Tolerance::scalar(1e-6, 1e-10),
        initial: Initial::AlgebraicAndDerivatives,
        stop_after_initial: true,
        differential: Some(vec![true, true, false]),
        ..Options::default()
    };
    let mut s = Daskr::new(0.0, &[1.0, 0.0, 0.2], &[0.0; 3], &options).unwrap();
    assert_eq!(s.advance(&mut rober, 40.0).unwrap(), Reached::Initialized);
    assert_eq!(s.t(), 0.0);
    let mut res = [0.0; 3];
    rober(0.0, s.y(), s.yprime(), 0.0, &mut res);
    let norm = res.iter().fold(0.0_f64, |m, r| m.max(r.abs()));
    assert!(norm < 1e-10, "residual {res:?}");
    assert_eq!(&s.y()[..2], &[1.0, 0.0], "differential components kept");
    assert!((s.yprime()[0] + 0.04).abs() < 1e-12, "{:?}", s.yprime());
    // Then the integration itself: Robertson at t = 40 (Hairer & Wanner II, §IV.1).
    assert_eq!(s.advance(&mut rober, 40.0).unwrap(), Reached::Tout);
    assert!((s.y()[0] - 0.7158270687).abs() < 1e-5, "{:?}", s.y());
}

/// A root function that is not finite gives a clean error, not a hang or a bogus root.
#[test]
fn root_function_returning_nan_is_refused() {
    let mut p = WithRoots {
        residual: |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
            d[0] = yp[0] + y[0];
            ResFlag::Ok
        },
        roots: |t: f64, _y: &[f64], _yp: &[f64], r: &mut [f64]| {
            r[0] = if t > 0.5 { f64::NAN } else { 1.0 };
        },
    };
    let options = Options {
        roots: 1,
        ..Options::default()
    };
    let mut s = Daskr::new(0.0, &[1.0], &[-1.0], &options).unwrap();
    let err = s.advance(&mut p, 2.0).unwrap_err();
    assert!(
        matches!(err, Error::IllDefinedRoots { t } if t > 0.5),
        "{err:?}"
    );
    assert_eq!(err.idid(), Some(-33));
}

/// Illegal input (here a zero initial step) comes back as the original's -33.
#[test]
fn illegal_input_is_reported() {
    let mut p = |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
        d[0] = yp[0] + y[0];
        ResFlag::Ok
    };
    let options = Options {
        h0: Some(0.0),
        ..Options::default()
    };
    let mut s = Daskr::new(0.0, &[1.0], &[-1.0], &options).unwrap();
    let err = s.advance(&mut p, 1.0).unwrap_err();
    assert_eq!(err.idid(), Some(-33), "{err}");
    assert!(err.to_string().contains("H0=0.0"), "{err}");
}

/// All state lives in RWORK/IWORK: copying them (with INFO, T, Y, Y') mid-run into fresh
/// arrays and continuing there gives bit-identical results, roots included.
#[test]
fn saved_work_arrays_continue_bit_identically() {
    use stiffdae::daskr::{ddaskr, Call};
    let mut p = WithRoots {
        residual: |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
            d[0] = yp[0] - y[1];
            d[1] = yp[1] - 100.0 * (1.0 - y[0] * y[0]) * y[1] + y[0];
            ResFlag::Ok
        },
        roots: |_t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]| r[0] = y[0],
    };
    struct State {
        t: f64,
        y: Vec<f64>,
        yp: Vec<f64>,
        info: [i32; 20],
        rtol: Vec<f64>,
        atol: Vec<f64>,
        idid: i32,
        rwork: Vec<f64>,
        iwork: Vec<i32>,
        jroot: Vec<i32>,
    }
    let call = |s: &mut State, p: &mut dyn stiffdae::daskr::Problem, tout: f64| {
        ddaskr(
            p,
            Call {
                neq: 2,
                t: &mut s.t,
                y: &mut s.y,
                yprime: &mut s.yp,
                tout,
                info: &mut s.info,
                rtol: &mut s.rtol,
                atol: &mut s.atol,
                idid: &mut s.idid,
                rwork: &mut s.rwork,
                iwork: &mut s.iwork,
                nrt: 1,
                jroot: &mut s.jroot,
            },
        );
        if s.idid == 5 || s.idid == 3 || s.idid == 1 {
            s.info[0] = 1;
        }
    };
    let mut info = [0; 20];
    info[2] = 1;
    let mut a = State {
        t: 0.0,
        y: vec![2.0, 0.0],
        yp: vec![0.0, -2.0],
        info,
        rtol: vec![1e-7],
        atol: vec![1e-7],
        idid: 0,
        rwork: vec![0.0; 200],
        iwork: vec![0; 100],
        jroot: vec![0],
    };
    for _ in 0..300 {
        call(&mut a, &mut p, 3000.0);
    }
    let mut b = State {
        t: a.t,
        y: a.y.clone(),
        yp: a.yp.clone(),
        info: a.info,
        rtol: a.rtol.clone(),
        atol: a.atol.clone(),
        idid: a.idid,
        rwork: a.rwork.clone(),
        iwork: a.iwork.clone(),
        jroot: a.jroot.clone(),
    };
    let mut roots = 0;
    for _ in 0..2000 {
        call(&mut a, &mut p, 3000.0);
        call(&mut b, &mut p, 3000.0);
        assert_eq!(a.idid, b.idid);
        assert!(a.idid == 1 || a.idid == 5, "still integrating: {}", a.idid);
        assert_eq!(a.t.to_bits(), b.t.to_bits());
        assert_eq!(a.y[0].to_bits(), b.y[0].to_bits());
        assert_eq!(a.y[1].to_bits(), b.y[1].to_bits());
        roots += usize::from(a.idid == 5);
    }
    assert_eq!(a.rwork, b.rwork);
    assert_eq!(a.iwork, b.iwork);
    assert!(roots >= 2, "the continuation crossed roots: {roots}");
}

/// A root function that vanishes at the initial point is not a root there (DRCHEK looks
/// a tenth of the first step ahead, where it is not zero); its later sign change is.
#[test]
fn root_at_the_initial_point_is_skipped_and_the_next_one_found() {
    let mut p = WithRoots {
        residual: |_t: f64, _y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
            d[0] = yp[0] - 1.0;
            ResFlag::Ok
        },
        // y = t: zero at t = 0 and at t = 1, negative in between.
        roots: |_t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]| r[0] = y[0] * (y[0] - 1.0),
    };
    let options = Options {
        tolerance: Tolerance::scalar(1e-10, 1e-10),
        roots: 1,
        ..Options::default()
    };
    let mut s = Daskr::new(0.0, &[0.0], &[1.0], &options).unwrap();
    assert_eq!(s.advance(&mut p, 5.0).unwrap(), Reached::Root(vec![1]));
    assert!((s.t() - 1.0).abs() < 1e-10, "{}", s.t());
    // Continuing: no root at the same point again, on to TOUT.
    assert_eq!(s.advance(&mut p, 5.0).unwrap(), Reached::Tout);
    assert!((s.y()[0] - 5.0).abs() < 1e-9);
    assert!(s.statistics().root_evaluations > 2);
}

/// INFO(11) = 2: y computed from a given y' (y1' + y1 = 0 with y1' = -1 gives y1 = 1;
/// the algebraic y2 = 2 y1), then integrated on: y1 = e^-t.
#[test]
fn initial_y_from_a_given_derivative() {
    let mut p = |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
        d[0] = yp[0] + y[0];
        d[1] = y[1] - 2.0 * y[0];
        ResFlag::Ok
    };
    let options = Options {
        tolerance: Tolerance::scalar(1e-10, 1e-10),
        initial: Initial::FromDerivative,
        stop_after_initial: true,
        ..Options::default()
    };
    let mut s = Daskr::new(0.0, &[0.5, 0.3], &[-1.0, -2.0], &options).unwrap();
    assert_eq!(s.advance(&mut p, 1.0).unwrap(), Reached::Initialized);
    assert!(
        (s.y()[0] - 1.0).abs() < 1e-10 && (s.y()[1] - 2.0).abs() < 1e-10,
        "{:?}",
        s.y()
    );
    assert_eq!(s.advance(&mut p, 1.0).unwrap(), Reached::Tout);
    assert!((s.y()[0] - (-1.0_f64).exp()).abs() < 1e-8, "{:?}", s.y());
}

/// Independent decays `y_i' = -k_i y_i` with the exact (diagonal) iteration matrix as
/// preconditioner, kept in `wp`; `solve_ier` is what the solve reports.
struct Decays {
    k: Vec<f64>,
    solve_ier: i32,
}

impl Decays {
    fn new(neq: usize) -> Self {
        Decays {
            k: (1..=neq).map(|i| 10f64.powi(i as i32 % 3)).collect(),
            solve_ier: 0,
        }
    }
}

impl Problem for Decays {
    fn residual(&mut self, _t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]) -> ResFlag {
        for (i, k) in self.k.iter().enumerate() {
            d[i] = yp[i] + k * y[i];
        }
        ResFlag::Ok
    }

    fn setup_preconditioner(
        &mut self,
        _t: f64,
        _y: &mut [f64],
        _yprime: &mut [f64],
        _rewt: &[f64],
        _savr: &[f64],
        _wk: &mut [f64],
        _h: f64,
        cj: f64,
        wp: &mut [f64],
        _iwp: &mut [i32],
    ) -> (ResFlag, i32) {
        for (w, k) in wp.iter_mut().zip(&self.k) {
            *w = cj + k;
        }
        (ResFlag::Ok, 0)
    }

    fn has_preconditioner(&self) -> bool {
        true
    }

    fn solve_preconditioner(
        &mut self,
        _t: f64,
        _y: &[f64],
        _yprime: &[f64],
        _savr: &[f64],
        _wk: &mut [f64],
        _cj: f64,
        _wght: &[f64],
        wp: &mut [f64],
        _iwp: &mut [i32],
        b: &mut [f64],
        _eplin: f64,
    ) -> i32 {
        for (x, w) in b.iter_mut().zip(&*wp) {
            *x /= w;
        }
        self.solve_ier
    }
}

fn krylov_options(neq: usize, krylov: Krylov) -> Options {
    Options {
        tolerance: Tolerance::scalar(1e-6, 1e-8),
        linear_solver: LinearSolver::Krylov(Krylov {
            preconditioner: true,
            lenwp: neq,
            ..krylov
        }),
        ..Options::default()
    }
}

/// Runs the decays to t = 1 with `options`: the solution's bits and the statistics.
fn decays(neq: usize, options: &Options) -> (Vec<u64>, Statistics, Daskr) {
    let y0 = vec![1.0; neq];
    let mut p = Decays::new(neq);
    let yp0: Vec<f64> = p.k.iter().map(|k| -k).collect();
    let mut s = Daskr::new(0.0, &y0, &yp0, options).unwrap();
    assert_eq!(s.advance(&mut p, 1.0), Ok(Reached::Tout));
    for (y, k) in s.y().iter().zip(&p.k) {
        assert!((y - (-k).exp()).abs() < 1e-5, "{y} against e^-{k}");
    }
    let bits = s.y().iter().map(|v| v.to_bits()).collect();
    (bits, s.statistics(), s)
}

/// INFO(13) = 0 sets MAXL = min(5, NEQ), KMP = MAXL, NRMAX = 5, EPLI = 0.05; giving the
/// same values explicitly (INFO(13) = 1) is the same run, bit for bit; other values land
/// in IWORK(24..26) and RWORK(10).
#[test]
fn krylov_settings_round_trip() {
    for neq in [3, 8] {
        let (bits, stats, s) = decays(neq, &krylov_options(neq, Krylov::default()));
        let (rwork, iwork) = s.work();
        let maxl = neq.min(5) as i32;
        assert_eq!(iwork[IW_MAXL..=IW_NRMAX], [maxl, maxl, 5]);
        assert_eq!(rwork[RW_EPLI], 0.05);
        let explicit = Krylov {
            maxl: Some(neq.min(5)),
            kmp: Some(neq.min(5)),
            nrmax: Some(5),
            epli: Some(0.05),
            ..Krylov::default()
        };
        let (bits2, stats2, _) = decays(neq, &krylov_options(neq, explicit));
        assert_eq!(bits, bits2);
        assert_eq!(stats, stats2);
    }
    let given = Krylov {
        maxl: Some(4),
        kmp: Some(2),
        nrmax: Some(1),
        epli: Some(0.01),
        ..Krylov::default()
    };
    let (_, _, s) = decays(6, &krylov_options(6, given));
    let (rwork, iwork) = s.work();
    assert_eq!(iwork[IW_MAXL..=IW_NRMAX], [4, 2, 1]);
    assert_eq!(iwork[IW_KMP], 2);
    assert_eq!(rwork[RW_EPLI], 0.01);
}

/// The Krylov option through the safe interface is the run of a Fortran caller who sets
/// INFO(12) = INFO(13) = INFO(15) = 1 and IWORK(24..28), RWORK(10) by hand.
#[test]
fn krylov_options_are_what_a_fortran_caller_sets() {
    use stiffdae::daskr::{ddaskr, Call};
    let neq = 6;
    let given = Krylov {
        maxl: Some(3),
        kmp: Some(2),
        nrmax: Some(2),
        epli: Some(0.02),
        ..Krylov::default()
    };
    let (bits, stats, _) = decays(neq, &krylov_options(neq, given));
    let mut p = Decays::new(neq);
    let (mut t, mut y) = (0.0, vec![1.0; neq]);
    let mut yp: Vec<f64> = p.k.iter().map(|k| -k).collect();
    let mut info = [0; 20];
    (info[11], info[12], info[14]) = (1, 1, 1);
    let (mut rwork, mut iwork) = (vec![0.0; 500], vec![0; 100]);
    iwork[23..28].copy_from_slice(&[3, 2, 2, neq as i32, 0]);
    rwork[9] = 0.02;
    let mut idid = 0;
    ddaskr(
        &mut p,
        Call {
            neq: neq as i32,
            t: &mut t,
            y: &mut y,
            yprime: &mut yp,
            tout: 1.0,
            info: &mut info,
            rtol: &mut [1e-6],
            atol: &mut [1e-8],
            idid: &mut idid,
            rwork: &mut rwork,
            iwork: &mut iwork,
            nrt: 0,
            jroot: &mut [],
        },
    );
    assert_eq!(idid, 3);
    assert_eq!(bits, y.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
    let count = |i: usize| iwork[i] as u64;
    assert_eq!(stats.accepted, count(10));
    assert_eq!(stats.function_evaluations, count(11));
    assert_eq!(stats.preconditioner_evaluations, count(12));
    assert_eq!(stats.linear_convergence_failures, count(15));
    assert_eq!(stats.nonlinear_iterations, count(18));
    assert_eq!(stats.linear_iterations, count(19));
    assert_eq!(stats.preconditioner_solves, count(20));
}

/// The Krylov counters are filled (IWORK(13) being preconditioner setups, no Jacobian),
/// and stay zero with the direct solver.
#[test]
fn krylov_statistics() {
    let (_, k, _) = decays(5, &krylov_options(5, Krylov::default()));
    assert!(k.linear_iterations > 0, "{k:?}");
    assert!(k.preconditioner_solves >= k.linear_iterations, "{k:?}");
    assert!(k.preconditioner_evaluations > 0, "{k:?}");
    assert_eq!(k.jacobian_evaluations, 0);
    let (_, d, _) = decays(5, &Options::default());
    assert!(d.jacobian_evaluations > 0, "{d:?}");
    let krylov_counters = |s: &Statistics| {
        [
            s.linear_iterations,
            s.preconditioner_evaluations,
            s.preconditioner_solves,
            s.linear_convergence_failures,
        ]
    };
    assert_eq!(krylov_counters(&d), [0; 4]);
    // Without INFO(15) the setup is never called.
    let no_setup = Options {
        linear_solver: LinearSolver::Krylov(Krylov::default()),
        ..Options::default()
    };
    let (_, n, _) = decays(5, &no_setup);
    assert_eq!(n.preconditioner_evaluations, 0);
    assert!(n.linear_iterations > 0, "{n:?}");
}

/// MAXL > NEQ, KMP > MAXL, NRMAX and EPLI out of range are refused by the first call with
/// the original's message (IDID = -33).
#[test]
fn bad_krylov_settings_give_the_originals_errors() {
    let mut p = Decays::new(4);
    let cases = [
        (
            Krylov {
                maxl: Some(5),
                ..Krylov::default()
            },
            "MAXL (=I1) ILLEGAL",
            "I1 = 5",
        ),
        (
            Krylov {
                maxl: Some(0),
                ..Krylov::default()
            },
            "MAXL (=I1) ILLEGAL",
            "I1 = 0",
        ),
        (
            Krylov {
                maxl: Some(3),
                kmp: Some(4),
                ..Krylov::default()
            },
            "KMP (=I1) ILLEGAL",
            "I1 = 4",
        ),
        (
            Krylov {
                kmp: Some(0),
                ..Krylov::default()
            },
            "KMP (=I1) ILLEGAL",
            "I1 = 0",
        ),
        (
            Krylov {
                epli: Some(1.0),
                ..Krylov::default()
            },
            "EPLI (=R1) ILLEGAL",
            "R1 =",
        ),
    ];
    for (krylov, message, value) in cases {
        let mut s = Daskr::new(
            0.0,
            &[1.0; 4],
            &[0.0; 4],
            &krylov_options(4, krylov.clone()),
        )
        .unwrap();
        let err = s.advance(&mut p, 1.0).unwrap_err();
        let Error::InvalidInput {
            idid: -33,
            messages,
        } = &err
        else {
            panic!("{krylov:?}: {err:?}");
        };
        assert!(
            messages[0].contains(message) && messages[0].contains(value),
            "{krylov:?}: {messages:?}"
        );
    }
}

/// INFO(15) = 1 asks for a preconditioner setup the problem does not implement.
#[test]
fn preconditioner_setup_without_one_is_refused() {
    let mut decay = |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
        d[0] = yp[0] + y[0];
        ResFlag::Ok
    };
    let mut s = Daskr::new(0.0, &[1.0], &[-1.0], &krylov_options(1, Krylov::default())).unwrap();
    let err = s.advance(&mut decay, 1.0).unwrap_err();
    assert!(matches!(err, Error::MissingCallback { .. }), "{err:?}");
    assert_eq!(err.idid(), None);
}

/// A preconditioner solve that fails unrecoverably (IER < 0) ends the integration with
/// IDID = -13.
#[test]
fn failing_preconditioner_solve_is_a_typed_error() {
    let mut p = Decays::new(3);
    p.solve_ier = -1;
    let mut s = Daskr::new(
        0.0,
        &[1.0; 3],
        &[-10.0, -100.0, -1000.0],
        &krylov_options(3, Krylov::default()),
    )
    .unwrap();
    let err = s.advance(&mut p, 1.0).unwrap_err();
    assert!(
        matches!(err, Error::PreconditionerSolveFailed { .. }),
        "{err:?}"
    );
    assert_eq!(err.idid(), Some(-13));
}

/// A restart is a first call with the same Krylov settings (IWORK(24..28), RWORK(10) are
/// read again); the counters go on across it.
#[test]
fn krylov_restart_keeps_the_settings_and_sums_the_counters() {
    let given = Krylov {
        maxl: Some(2),
        kmp: Some(1),
        ..Krylov::default()
    };
    let mut p = Decays::new(4);
    let yp0: Vec<f64> = p.k.iter().map(|k| -k).collect();
    let mut s = Daskr::new(0.0, &[1.0; 4], &yp0, &krylov_options(4, given)).unwrap();
    assert_eq!(s.advance(&mut p, 0.5), Ok(Reached::Tout));
    let first = s.statistics();
    let (y, yp) = (s.y().to_vec(), s.yprime().to_vec());
    s.restart(&y, &yp, Initial::Given).unwrap();
    assert_eq!(s.advance(&mut p, 1.0), Ok(Reached::Tout));
    let (_, iwork) = s.work();
    assert_eq!(iwork[IW_MAXL..=IW_KMP], [2, 1]);
    let total = s.statistics();
    assert!(
        total.linear_iterations > first.linear_iterations,
        "{total:?}"
    );
    assert!(total.preconditioner_evaluations > first.preconditioner_evaluations);
    for (y, k) in s.y().iter().zip(&p.k) {
        assert!((y - (-k).exp()).abs() < 1e-5, "{y} against e^-{k}");
    }
}
