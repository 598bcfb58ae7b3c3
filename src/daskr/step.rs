//! One BDF step (DDSTP) with the direct nonlinear solver (DNEDD, DNSD) or the Krylov one
//! (DNEDK, in [`super::krylov_newton`]): predictor,
//! modified Newton on `G_y + CJ·G_y'`, error test with VT, order and step-size
//! selection (Brenan, Campbell & Petzold 1996, §5.2-5.4). The parts DDASSL's DDASTP
//! computes the same way are in [`crate::bdf`]; the nonlinear solver is DDASKR's own.

use super::krylov_newton::newton_krylov;
use super::layout::{
    Work, IW_ETF, IW_MXORD, IW_NCFN, IW_NJE, IW_NNI, IW_NRE, IW_NST, RW_ALPHA, RW_PSI,
};
use super::matrix::form_matrix;
use super::vectors::{prediction_norm, roundoff_test, weighted_rms, ErrorWeights};
use super::{Problem, ResFlag};
use crate::bdf::coefficients::{cj_changed_much, method_coefficients, C_BETA, C_LEN};
use crate::bdf::history::{interpolate, predict, restart_first_step, scale_differences, undo_step};
use crate::bdf::layout::{as_index, Carried};
use crate::bdf::matrix::MatrixOutcome;
use crate::bdf::newton::{
    clip_negative, newton_correction, rate, RoundoffTest, StepLimits, MAX_NEWTON,
};
use crate::bdf::order::{accept_step, after_error_test_failure, estimate_errors, Estimates};
use crate::bdf::outcome::{Failure, StepFailure};
use crate::intrinsics::fmax;

/// The weights of the error test: VT, or WT when the algebraic variables stay in.
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn test_weights<'b>(vt: &'b [f64], wt: &'b [f64]) -> &'b [f64] {
    if vt.is_empty() {
        wt
    } else {
        vt
    }
}

/// How the nonlinear solver failed (DNEDD's or DNEDK's IERNLS with the IDID it sets).
pub(super) enum NonlinearFailure {
    /// IERNLS = 1: retry with a smaller step; the IDID the solver set (-8 singular
    /// matrix, -10 IRES = -1, -5 preconditioner, -14 linear solver), if any. IDID keeps
    /// the last one set during the step; -7 if none was.
    Recoverable(Option<Failure>),
    /// IERNLS = -1: IRES = -2 (-11) or PSOL's IER < 0 (-13).
    Unrecoverable(Failure),
}

/// Why a step was rejected.
enum Rejected {
    /// The error test failed with these estimates.
    ErrorTest(Estimates),
    /// The nonlinear solver failed.
    Nonlinear(NonlinearFailure),
}

/// Takes one step from `*x` with step size `*h` (DDSTP). `jstart` is INFO(1): 0 before
/// the first step, set to 1 here. On success `*x`, `y`, `yp` are advanced and `*h` and
/// the order are chosen for the next step; on failure `y`, `yp` are interpolated back at
/// `*x`. With the Krylov option the nonlinear solver is DNEDK, `jflg` its INFO(15).
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn take_step<P: Problem + ?Sized>(
    p: &mut P,
    x: &mut f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: &mut f64,
    jstart: &mut i32,
    w: &mut Work<'_>,
    lim: &StepLimits,
    jflg: bool,
) -> Result<(), Failure> {
    let neq = y.len();
    let mut c = Carried::load(w.head, w.iw);
    let xold = *x;
    let mut ncf = 0;
    let mut nef = 0;
    let mut idid = None;
    if *jstart == 0 {
        c.k = 1;
        c.kold = 0;
        c.hold = 0.0;
        w.head[RW_PSI] = *h;
        c.cj = 1.0 / *h;
        c.phase = 0;
        c.ns = 0;
    }
    let result = loop {
        // Statements 200-240: coefficients of the method for this step, PHI to PHI*.
        let k = c.k;
        if *h != c.hold || k != c.kold {
            c.ns = 0;
        }
        c.ns = (c.ns + 1).min(c.kold + 2);
        let cjlast = c.cj;
        let coefficients = &mut w.head[RW_ALPHA..RW_ALPHA + C_LEN];
        // CK = MAX(CK,ALPHA(KP1)) as DDSTP compiles it (MAXSD): CK on NaN.
        let (cj, ck) = method_coefficients(coefficients, *h, k, c.ns, |ck, a| fmax(a, ck));
        c.cj = cj;
        let beta = &coefficients[C_BETA..C_BETA + 6];
        scale_differences(w.phi, neq, beta, c.ns + 1, k + 1, false);
        *x += *h;
        let nls = if w.krylov {
            newton_krylov(p, *x, y, yp, *h, *jstart, &mut c, cjlast, w, lim, jflg)
        } else {
            newton(p, *x, y, yp, *h, *jstart, &mut c, cjlast, w, lim)
        };

        // Statements 400-430: error estimates for orders k, k-1, k-2, the error test.
        let rejected = match nls {
            Ok(()) => {
                let (coef, phi, e, delta) = (&w.head[RW_ALPHA..], &*w.phi, &*w.e, &mut *w.delta);
                let vt = test_weights(w.vt, w.wt);
                let est = estimate_errors(coef, phi, e, delta, k, ck, ErrorWeights(vt));
                if est.passes() {
                    accept(&mut c, w, h, &est);
                    *jstart = 1;
                    c.store(w.head, w.iw);
                    return Ok(());
                }
                Rejected::ErrorTest(est)
            }
            Err(failure) => Rejected::Nonlinear(failure),
        };

        // The step failed: restore x, PHI and PSI (statements 600-640).
        c.phase = 1;
        *x = xold;
        undo_step(&mut w.head[RW_ALPHA..], w.phi, neq, c.ns, k, *h);
        let r = match rejected {
            Rejected::Nonlinear(failure) => {
                w.iw[IW_NCFN] += 1;
                let cause = match failure {
                    NonlinearFailure::Recoverable(cause) => cause,
                    NonlinearFailure::Unrecoverable(f) => break Err(f),
                };
                if cause.is_some() {
                    idid = cause;
                }
                ncf += 1;
                *h *= 0.25;
                if !(ncf < 10 && h.abs() >= lim.hmin) {
                    break Err(if nef >= 3 {
                        Failure::Step(StepFailure::ConvergenceAfterErrorTests)
                    } else {
                        idid.unwrap_or(Failure::Step(StepFailure::ConvergenceFailures))
                    });
                }
                0.25
            }
            Rejected::ErrorTest(est) => {
                nef += 1;
                w.iw[IW_ETF] += 1;
                let (knext, r) = after_error_test_failure(nef, est.knew, est.est);
                c.k = knext;
                *h *= r;
                if h.abs() < lim.hmin {
                    break Err(Failure::Step(StepFailure::ErrorTestFailures));
                }
                r
            }
        };
        // Statement 690: retry with the smaller step.
        if c.kold == 0 {
            restart_first_step(&mut w.head[RW_ALPHA..], w.phi, neq, *h, r);
        }
    };
    // Statement 675: interpolate y, y' back at x and return the failure.
    interpolate(*x, *x, y, yp, c.k, w.phi, &w.head[RW_PSI..RW_PSI + 6]);
    *jstart = 1;
    c.store(w.head, w.iw);
    result
}

/// Statements 500-595: the step passed; count it, choose the order and step size of the
/// next one and update PHI.
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn accept(c: &mut Carried, w: &mut Work<'_>, h: &mut f64, est: &Estimates) {
    let mxord = as_index(w.iw[IW_MXORD]);
    w.iw[IW_NST] += 1;
    let vt = test_weights(w.vt, w.wt);
    accept_step(c, h, est, mxord, w.e, w.phi, w.delta, |v| {
        weighted_rms(v, vt)
    });
}

/// The direct nonlinear solver (DNEDD with DNSD): predicts y, y', solves the corrector
/// equation by modified Newton with the iteration matrix re-formed when CJ changed too
/// much or the iteration failed with an old matrix, and applies the nonnegativity
/// constraint.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn newton<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: f64,
    jstart: i32,
    c: &mut Carried,
    cjlast: f64,
    w: &mut Work<'_>,
    lim: &StepLimits,
) -> Result<(), NonlinearFailure> {
    if jstart == 0 {
        c.cjold = c.cj;
        c.jcalc = -1;
    }
    if cj_changed_much(c.cj, c.cjold) {
        c.jcalc = -1;
    }
    if c.cj != cjlast {
        c.s = 100.0;
    }
    let (flag, singular) = loop {
        // Statement 300: the predictor.
        predict(w.phi, &w.head[RW_ALPHA..], c.k, y, yp);
        let roundoff = roundoff_test(y, w.wt, lim.uround);
        w.iw[IW_NRE] += 1;
        let flag = p.residual(x, y, yp, c.cj, w.delta);
        if flag != ResFlag::Ok {
            break (flag, false);
        }
        if c.jcalc == -1 {
            w.iw[IW_NJE] += 1;
            c.jcalc = 0;
            let outcome = form_matrix(p, w, x, y, yp, c.cj, h, lim.uround);
            c.cjold = c.cj;
            c.s = 100.0;
            match outcome {
                MatrixOutcome::ResidualFailed(flag) => break (flag, false),
                MatrixOutcome::Singular => break (ResFlag::Ok, true),
                MatrixOutcome::Factored => {}
            }
        }
        let confac = 2.0 / (1.0 + c.cj / c.cjold);
        match corrector(p, x, y, yp, c, confac, roundoff, w, lim.epcon) {
            Ok(()) => {}
            Err(flag) if flag != ResFlag::Stop && c.jcalc != 0 => {
                c.jcalc = -1;
                continue;
            }
            Err(flag) => break (flag, false),
        }
        // Statement 375: nonnegativity.
        let wt = &*w.wt;
        if lim.nonneg && !clip_negative(y, w.e, w.delta, lim.epcon, |d| weighted_rms(d, wt)) {
            break (ResFlag::Ok, false);
        }
        c.jcalc = 1;
        return Ok(());
    };
    // Statement 380.
    c.jcalc = 1;
    Err(match flag {
        ResFlag::Stop => NonlinearFailure::Unrecoverable(Failure::Step(StepFailure::Stopped)),
        _ if singular => {
            NonlinearFailure::Recoverable(Some(Failure::Step(StepFailure::SingularMatrix)))
        }
        ResFlag::IllegalY => {
            NonlinearFailure::Recoverable(Some(Failure::Step(StepFailure::IllegalY)))
        }
        ResFlag::Ok => NonlinearFailure::Recoverable(None),
    })
}

/// The modified Newton iteration on the corrector equation (DNSD), with the corrections
/// scaled by `confac` = 2/(1 + CJ/CJOLD) for an old matrix. Fails with the last IRES
/// (`Ok` when diverging or too slow; IERNEW = -1 when it is [`ResFlag::Stop`], else 1).
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn corrector<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    c: &mut Carried,
    confac: f64,
    roundoff: RoundoffTest,
    w: &mut Work<'_>,
    epcon: f64,
) -> Result<(), ResFlag> {
    let cj = c.cj;
    let shape = w.shape;
    let mut m = 0;
    let mut oldnrm = 0.0;
    loop {
        w.iw[IW_NNI] += 1;
        // E = 0 before the first pass.
        newton_correction(
            &shape,
            w.wm,
            w.ipvt,
            w.delta,
            confac,
            y,
            w.e,
            yp,
            cj,
            m == 0,
        );
        let delnrm = weighted_rms(w.delta, w.wt);
        if m == 0 {
            oldnrm = delnrm;
            if roundoff.passes(delnrm, || prediction_norm(w.phi, y.len(), c.k, w.wt)) {
                return Ok(());
            }
        } else {
            let rate = rate(delnrm, oldnrm, m);
            if rate > 0.9 {
                return Err(ResFlag::Ok);
            }
            c.s = rate / (1.0 - rate);
        }
        if c.s * delnrm <= epcon {
            return Ok(());
        }
        m += 1;
        if m >= MAX_NEWTON {
            return Err(ResFlag::Ok);
        }
        w.iw[IW_NRE] += 1;
        let flag = p.residual(x, y, yp, cj, w.delta);
        if flag != ResFlag::Ok {
            return Err(flag);
        }
    }
}
