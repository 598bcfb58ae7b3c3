//! One step of the fixed-leading-coefficient BDF method in modified divided-difference
//! form, with its predictor, modified Newton corrector, error test and order/step-size
//! selection (DDASTP; Brenan, Campbell & Petzold 1996, §5.2-5.4). The parts DDASKR's
//! DDSTP computes the same way are in [`crate::bdf`]; the Newton iteration is DDASTP's.

use super::layout::{IW_ETF, IW_MXORD, IW_NCFN, IW_NJE, IW_NRE, IW_NST, RW_ALPHA, RW_PSI};
use super::matrix::Work;
use super::norm::{prediction_norm, roundoff_test, weighted_rms, ErrorWeights};
use super::{ResFlag, Residual};
use crate::bdf::coefficients::{cj_changed_much, method_coefficients, C_BETA, C_LEN};
use crate::bdf::history::{interpolate, predict, restart_first_step, scale_differences, undo_step};
use crate::bdf::layout::{as_index, Carried};
use crate::bdf::matrix::MatrixOutcome;
use crate::bdf::newton::{clip_negative, rate, RoundoffTest, StepLimits, MAX_NEWTON};
use crate::bdf::order::{accept_step, after_error_test_failure, estimate_errors, Estimates};
use crate::bdf::outcome::StepFailure;
use crate::intrinsics::fmax;

/// What one call of DDASTP remembers across the retries of its step: the failure counts
/// and the causes of the last corrector failure (the original's IER and IRES).
struct Retries {
    /// NCF: convergence failures.
    ncf: u32,
    /// NSF: singular iteration matrices.
    nsf: u32,
    /// NEF: error-test failures.
    nef: u32,
    /// IER != 0: the last iteration matrix formed was singular.
    singular: bool,
    /// IRES of the last residual evaluation.
    ires: ResFlag,
}

/// How the corrector ended (the original's CONVGD).
enum Corrector {
    Converged,
    Failed,
}

/// Takes one step from `*x` with step size `*h` (DDASTP). `jstart` is INFO(1): 0 before the
/// first step, set to 1 here. On success `*x`, `y`, `yp` are advanced and `*h` and the
/// order are chosen for the next step; on failure `y`, `yp` are interpolated back at `*x`.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn take_step<R: Residual + ?Sized>(
    res: &mut R,
    x: &mut f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: &mut f64,
    jstart: &mut i32,
    w: &mut Work<'_>,
    lim: &StepLimits,
) -> Result<(), StepFailure> {
    let mut v = Carried::load(w.head, w.iw);
    let mut st = Retries {
        ncf: 0,
        nsf: 0,
        nef: 0,
        singular: false,
        ires: ResFlag::Ok,
    };
    if *jstart == 0 {
        start(&mut v, w, *h);
        *jstart = 1;
    }
    let result = loop {
        // Block 2: coefficients of the formulas for this step, PHI to PHI* (§5.2.1).
        let k = v.k;
        let xold = *x;
        let ck = prepare(&mut v, w, *h, y.len());
        *x += *h;

        // Block 3: predict, then the modified Newton iteration (§5.2.2).
        let corrector = newton(res, *x, y, yp, *h, &mut v, w, lim, &mut st);
        v.jcalc = 1;

        // Block 4: error estimates at orders k, k-1, k-2 and the error test (§5.3).
        let est = match corrector {
            Corrector::Converged => {
                let (c, phi, e, delta, wt) =
                    (&w.head[RW_ALPHA..], &*w.phi, &*w.e, &mut *w.delta, &*w.wt);
                let est = estimate_errors(c, phi, e, delta, k, ck, ErrorWeights(wt));
                if est.passes() {
                    accept(&mut v, w, h, &est);
                    break Ok(());
                }
                Some(est)
            }
            Corrector::Failed => None,
        };

        // Block 6: the step failed; restore x, PHI and PSI and pick a smaller step (§5.4.2).
        v.phase = 1;
        *x = xold;
        undo_step(&mut w.head[RW_ALPHA..], w.phi, y.len(), v.ns, k, *h);
        let retry = match est {
            None => {
                w.iw[IW_NCFN] += 1;
                after_corrector_failure(h, &mut st, lim.hmin)
            }
            Some(est) => {
                st.nef += 1;
                w.iw[IW_ETF] += 1;
                let (knext, r) = after_error_test_failure(st.nef, est.knew, est.est);
                v.k = knext;
                *h *= r;
                let allowed = h.abs() >= lim.hmin;
                if allowed {
                    Ok(r)
                } else {
                    Err(StepFailure::ErrorTestFailures)
                }
            }
        };
        match retry {
            Ok(r) if v.kold == 0 => {
                restart_first_step(&mut w.head[RW_ALPHA..], w.phi, y.len(), *h, r)
            }
            Ok(_) => {}
            Err(failure) => break Err(failure),
        }
    };

    if result.is_err() {
        interpolate(*x, *x, y, yp, v.k, w.phi, &w.head[RW_PSI..RW_PSI + 6]);
    }
    v.store(w.head, w.iw);
    result
}

/// The state before the first step (DDASTP block 1): order 1, PSI(1) = H, CJ = 1/H, a
/// new iteration matrix due, the start-up phase.
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn start(v: &mut Carried, w: &mut Work<'_>, h: f64) {
    w.iw[IW_ETF] = 0;
    w.iw[IW_NCFN] = 0;
    v.k = 1;
    v.kold = 0;
    v.hold = 0.0;
    w.head[RW_PSI] = h;
    v.cjold = 1.0 / h;
    v.cj = v.cjold;
    v.s = 100.0;
    v.jcalc = -1;
    v.phase = 0;
    v.ns = 0;
}

/// Block 2 (labels 200-240): NS, the coefficients and CJ of this step of size `h`, whether
/// the iteration matrix is due, and PHI scaled to PHI*. Returns the error constant CK.
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn prepare(v: &mut Carried, w: &mut Work<'_>, h: f64, neq: usize) -> f64 {
    let k = v.k;
    if h != v.hold || k != v.kold {
        v.ns = 0;
    }
    v.ns = (v.ns + 1).min(v.kold + 2);
    let cjlast = v.cj;
    let coefficients = &mut w.head[RW_ALPHA..RW_ALPHA + C_LEN];
    // CK = MAX(CK,ALPHA(KP1)) as DDASTP compiles it (MAXSD): ALPHA(KP1) on NaN.
    let (cj, ck) = method_coefficients(coefficients, h, k, v.ns, fmax);
    v.cj = cj;
    if cj_changed_much(v.cj, v.cjold) {
        v.jcalc = -1;
    }
    if v.cj != cjlast {
        v.s = 100.0;
    }
    let beta = &coefficients[C_BETA..C_BETA + 6];
    scale_differences(w.phi, neq, beta, v.ns + 1, k + 1, false);
    ck
}

/// Block 3 (labels 300-380): the predictor, the residual there, the iteration matrix when
/// due, and the modified Newton iteration; retried once with a new matrix when it fails
/// to converge with an old one. Sets IER and IRES in `st` as the original does.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn newton<R: Residual + ?Sized>(
    res: &mut R,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: f64,
    v: &mut Carried,
    w: &mut Work<'_>,
    lim: &StepLimits,
    st: &mut Retries,
) -> Corrector {
    loop {
        predict(w.phi, &w.head[RW_ALPHA..], v.k, y, yp);
        let roundoff = roundoff_test(y, w.wt, lim.uround);
        w.iw[IW_NRE] += 1;
        st.ires = res.residual(x, y, yp, w.delta);
        if st.ires != ResFlag::Ok {
            return Corrector::Failed;
        }
        if v.jcalc == -1 {
            w.iw[IW_NJE] += 1;
            v.jcalc = 0;
            let formed = w.form_matrix(res, x, y, yp, v.cj, h, lim.uround);
            v.cjold = v.cj;
            v.s = 100.0;
            st.singular = formed == MatrixOutcome::Singular;
            match formed {
                MatrixOutcome::Factored => {}
                MatrixOutcome::Singular => return Corrector::Failed,
                MatrixOutcome::ResidualFailed(flag) => {
                    st.ires = flag;
                    return Corrector::Failed;
                }
            }
            st.nsf = 0;
        }
        match iterate(res, x, y, yp, v, w, lim, roundoff, &mut st.ires) {
            Iteration::Converged => {}
            Iteration::Stalled if v.jcalc == 0 => return Corrector::Failed,
            Iteration::Stalled => {
                v.jcalc = -1;
                continue;
            }
            Iteration::ResidualFailed => return Corrector::Failed,
        }
        // Label 370: the nonnegativity constraint (INFO(10) = 1).
        let wt = &*w.wt;
        if lim.nonneg && !clip_negative(y, w.e, w.delta, lim.epcon, |d| weighted_rms(d, wt)) {
            return Corrector::Failed;
        }
        return Corrector::Converged;
    }
}

/// How the corrector loop of labels 350-360 ended.
enum Iteration {
    Converged,
    /// Too slow or diverging, or MAXIT iterations.
    Stalled,
    /// A residual evaluation failed (IRES < 0, kept in `ires`).
    ResidualFailed,
}

/// The corrector loop (labels 350-360): corrections accelerated by 2/(1 + CJ/CJOLD) for an
/// old matrix, accumulated in E; converged when the first correction is at roundoff
/// level of the prediction norm `pnorm` or the rate-scaled one below 0.33.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn iterate<R: Residual + ?Sized>(
    res: &mut R,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    v: &mut Carried,
    w: &mut Work<'_>,
    lim: &StepLimits,
    roundoff: RoundoffTest,
    ires: &mut ResFlag,
) -> Iteration {
    let mut m = 0;
    let mut oldnrm = 0.0;
    loop {
        let accel = 2.0 / (1.0 + v.cj / v.cjold);
        // Loops 355-360, after loop 345's E = 0 on the first pass.
        w.correct(y, yp, accel, v.cj, m == 0);
        let delnrm = weighted_rms(w.delta, w.wt);
        // The roundoff-level test applies to the first correction only: the netlib
        // revision 000711 of DDASTP (as DDASKR's DNSD); the SLATEC revision 910624
        // applied it on every iteration.
        if m == 0 && roundoff.passes(delnrm, || prediction_norm(w.phi, y.len(), v.k, w.wt)) {
            return Iteration::Converged;
        }
        if m > 0 {
            let rate = rate(delnrm, oldnrm, m);
            if rate > 0.90 {
                return Iteration::Stalled;
            }
            v.s = rate / (1.0 - rate);
        } else {
            oldnrm = delnrm;
        }
        if v.s * delnrm <= lim.epcon {
            return Iteration::Converged;
        }
        m += 1;
        if m >= MAX_NEWTON {
            return Iteration::Stalled;
        }
        w.iw[IW_NRE] += 1;
        *ires = res.residual(x, y, yp, w.delta);
        if *ires != ResFlag::Ok {
            return Iteration::ResidualFailed;
        }
    }
}

/// Block 5 (labels 500-595): the step passed; count it, choose the order and step size
/// of the next one and update PHI (§5.4).
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn accept(v: &mut Carried, w: &mut Work<'_>, h: &mut f64, est: &Estimates) {
    let maxord = as_index(w.iw[IW_MXORD]);
    w.iw[IW_NST] += 1;
    let wt = &*w.wt;
    accept_step(v, h, est, maxord, w.e, w.phi, w.delta, |d| {
        weighted_rms(d, wt)
    });
}

/// Labels 600-650 after a corrector failure: a singular matrix three times, or ten
/// failures, or a step size below HMIN ends the step; else the step size is quartered.
/// Returns the step-size factor R of the retry.
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn after_corrector_failure(h: &mut f64, st: &mut Retries, hmin: f64) -> Result<f64, StepFailure> {
    if st.singular {
        st.nsf += 1;
        *h *= 0.25;
        if !(st.nsf < 3 && h.abs() >= hmin) {
            return Err(StepFailure::SingularMatrix);
        }
    } else {
        if st.ires == ResFlag::Stop {
            return Err(StepFailure::Stopped);
        }
        st.ncf += 1;
        *h *= 0.25;
        if !(st.ncf < 10 && h.abs() >= hmin) {
            let mut failure = StepFailure::ConvergenceFailures;
            if st.ires != ResFlag::Ok {
                failure = StepFailure::IllegalY;
            }
            if st.nef >= 3 {
                failure = StepFailure::ConvergenceAfterErrorTests;
            }
            return Err(failure);
        }
    }
    Ok(0.25)
}
