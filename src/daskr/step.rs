//! One BDF step (DDSTP) with the direct nonlinear solver (DNEDD, DNSD): predictor,
//! modified Newton on `G_y + CJ·G_y'`, error test with VT, order and step-size
//! selection (Brenan, Campbell & Petzold 1996, §5.2-5.4).

use super::layout::{
    Work, IW_ETF, IW_MXORD, IW_NCFN, IW_NJE, IW_NNI, IW_NRE, IW_NST, RW_ALPHA, RW_BETA, RW_GAMMA,
    RW_PSI, RW_SIGMA,
};
use super::matrix::{form_matrix, solve, MatrixOutcome};
use super::vectors::weighted_rms;
use super::Problem;
use crate::dassl::step::{
    as_index, method_coefficients, not_gt, scale_differences, step_after_success, Carried,
};
use crate::dassl::vectors::interpolate;

/// Newton iterations per attempt (DNEDD's MAXIT).
const MAX_NEWTON: i32 = 4;
/// Largest relative change of CJ before the iteration matrix is re-formed (XRATE).
const CJ_RATE: f64 = 0.25;

/// Fixed inputs of a step.
pub struct StepLimits {
    /// Smallest step size allowed.
    pub hmin: f64,
    /// Unit roundoff.
    pub uround: f64,
    /// Newton convergence constant (RWORK(13), 0.33).
    pub epcon: f64,
    /// Whether to enforce a nonnegative solution (INFO(10) = 2 or 3).
    pub nonneg: bool,
}

/// The weights of the error test: VT, or WT when the algebraic variables stay in.
fn test_weights<'b>(vt: &'b [f64], wt: &'b [f64]) -> &'b [f64] {
    if vt.is_empty() {
        wt
    } else {
        vt
    }
}

/// Takes one step from `*x` with step size `*h` (DDSTP). `jstart` is INFO(1): 0 before
/// the first step, set to 1 here. Returns IDID: 1 on success (`*x`, `y`, `yp` advanced,
/// `*h` and the order chosen for the next step), or -6 … -11 with `y`, `yp`
/// interpolated back at `*x`.
#[allow(clippy::too_many_arguments)]
pub fn take_step<P: Problem + ?Sized>(
    p: &mut P,
    x: &mut f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: &mut f64,
    jstart: &mut i32,
    w: &mut Work<'_>,
    lim: &StepLimits,
) -> i32 {
    let neq = y.len();
    let mxord = as_index(w.iw[IW_MXORD]);
    let mut c = Carried::load(w.head, w.iw);
    let xold = *x;
    let mut ncf = 0;
    let mut nef = 0;
    let mut idid;
    if *jstart == 0 {
        c.k = 1;
        c.kold = 0;
        c.hold = 0.0;
        w.head[RW_PSI] = *h;
        c.cj = 1.0 / *h;
        c.phase = 0;
        c.ns = 0;
    }
    loop {
        // Statement 200: coefficients of the method for this step.
        let k = c.k;
        let kp1 = k + 1;
        let kp2 = k + 2;
        let km1 = k - 1;
        if *h != c.hold || k != c.kold {
            c.ns = 0;
        }
        c.ns = (c.ns + 1).min(c.kold + 2);
        let nsp1 = c.ns + 1;
        let cjlast = c.cj;
        let (cj, ck) = method_coefficients(&mut w.head[RW_ALPHA..RW_ALPHA + 30], *h, k, c.ns);
        c.cj = cj;
        if kp1 >= nsp1 {
            let beta = &w.head[RW_BETA..RW_BETA + 6];
            scale_differences(w.phi, neq, beta, nsp1, kp1, false);
        }
        *x += *h;
        idid = 1;
        let nls = newton(
            p, *x, y, yp, *h, *jstart, &mut idid, &mut c, cjlast, kp1, w, lim,
        );

        let mut knew = k;
        let mut est = 0.0;
        let mut erkm1 = 0.0;
        let mut terkm1 = 0.0;
        let mut terk = 0.0;
        let mut error_ok = false;
        if nls == 0 {
            // Error estimates for orders k, k-1, k-2 (statements 400-430).
            let vt = test_weights(w.vt, w.wt);
            let enorm = weighted_rms(w.e, vt);
            let erk = w.head[RW_SIGMA + k] * enorm;
            terk = (k + 1) as f64 * erk;
            est = erk;
            if k != 1 {
                for ((d, ph), ei) in w
                    .delta
                    .iter_mut()
                    .zip(&w.phi[(kp1 - 1) * neq..kp1 * neq])
                    .zip(w.e.iter())
                {
                    *d = ph + ei;
                }
                erkm1 = w.head[RW_SIGMA + k - 1] * weighted_rms(w.delta, vt);
                terkm1 = k as f64 * erkm1;
                let lower = if k > 2 {
                    for (d, ph) in w.delta.iter_mut().zip(&w.phi[(k - 1) * neq..k * neq]) {
                        *d += ph;
                    }
                    let erkm2 = w.head[RW_SIGMA + k - 2] * weighted_rms(w.delta, vt);
                    let terkm2 = (k - 1) as f64 * erkm2;
                    // Label 410 on NaN as DDASSL's (MAX as gfortran computes it).
                    let largest = if terkm2 > terkm1 { terkm2 } else { terkm1 };
                    not_gt(largest, terk)
                } else {
                    terkm1 <= 0.5 * terk
                };
                if lower {
                    knew = k - 1;
                    est = erkm1;
                }
            }
            let err = ck * enorm;
            // Label 430: IF(ERR .GT. 1.0D0) GO TO 600, so a NaN error estimate passes.
            error_ok = not_gt(err, 1.0);
        }

        if nls == 0 && error_ok {
            // The step succeeded (statements 500-595).
            w.iw[IW_NST] += 1;
            let kdiff = k as i64 - c.kold as i64;
            c.kold = k;
            c.hold = *h;
            if knew == km1 || k == mxord {
                c.phase = 1;
            }
            let vt = test_weights(w.vt, w.wt);
            enum Next {
                Double,
                Order(usize, f64),
            }
            let next = if c.phase == 0 {
                Next::Double
            } else if knew == km1 {
                Next::Order(km1, erkm1)
            } else if k == mxord || kp1 >= c.ns || kdiff == 1 {
                Next::Order(k, est)
            } else {
                for ((d, ei), ph) in w
                    .delta
                    .iter_mut()
                    .zip(w.e.iter())
                    .zip(&w.phi[(kp2 - 1) * neq..kp2 * neq])
                {
                    *d = ei - ph;
                }
                let erkp1 = (1.0 / (k + 2) as f64) * weighted_rms(w.delta, vt);
                let terkp1 = (k + 2) as f64 * erkp1;
                if k <= 1 {
                    if terkp1 >= 0.5 * terk {
                        Next::Order(k, est)
                    } else {
                        Next::Order(kp1, erkp1)
                    }
                } else if terkm1 <= (if terk < terkp1 { terk } else { terkp1 }) {
                    Next::Order(km1, erkm1)
                } else if terkp1 >= terk || k == mxord {
                    Next::Order(k, est)
                } else {
                    Next::Order(kp1, erkp1)
                }
            };
            match next {
                Next::Double => {
                    c.k = kp1;
                    *h *= 2.0;
                }
                Next::Order(knext, est) => {
                    c.k = knext;
                    *h = step_after_success(*h, est, knext);
                }
            }
            // Update the differences for the next step (statements 575-595).
            if c.kold != mxord {
                w.phi[(kp2 - 1) * neq..kp2 * neq].copy_from_slice(w.e);
            }
            for (ph, ei) in w.phi[(kp1 - 1) * neq..kp1 * neq].iter_mut().zip(w.e.iter()) {
                *ph += ei;
            }
            for j in (1..kp1).rev() {
                let (lo, hi) = w.phi.split_at_mut(j * neq);
                for (a, b) in lo[(j - 1) * neq..].iter_mut().zip(&hi[..neq]) {
                    *a += b;
                }
            }
            *jstart = 1;
            c.store(w.head, w.iw);
            return 1;
        }

        // The step failed: restore x, PHI and PSI (statements 600-640).
        c.phase = 1;
        *x = xold;
        if kp1 >= nsp1 {
            let beta = &w.head[RW_BETA..RW_BETA + 6];
            scale_differences(w.phi, neq, beta, nsp1, kp1, true);
        }
        for i in 1..kp1 {
            w.head[RW_PSI + i - 1] = w.head[RW_PSI + i] - *h;
        }
        let r;
        if nls != 0 {
            w.iw[IW_NCFN] += 1;
            if nls < 0 {
                return give_up(x, y, yp, jstart, w, &mut c, idid);
            }
            ncf += 1;
            r = 0.25;
            *h *= r;
            if !(ncf < 10 && h.abs() >= lim.hmin) {
                if idid == 1 {
                    idid = -7;
                }
                if nef >= 3 {
                    idid = -9;
                }
                return give_up(x, y, yp, jstart, w, &mut c, idid);
            }
        } else {
            nef += 1;
            w.iw[IW_ETF] += 1;
            if nef == 1 {
                c.k = knew;
                let temp2 = (c.k + 1) as f64;
                let rr = 0.90 * (2.0 * est + 0.0001).powf(-1.0 / temp2);
                r = 0.25_f64.max(0.9_f64.min(rr));
                *h *= r;
            } else if nef == 2 {
                c.k = knew;
                r = 0.25;
                *h *= r;
            } else {
                c.k = 1;
                r = 0.25;
                *h *= r;
            }
            if h.abs() < lim.hmin {
                return give_up(x, y, yp, jstart, w, &mut c, -6);
            }
        }
        // Statement 690: retry with the smaller step.
        if c.kold == 0 {
            w.head[RW_PSI] = *h;
            for v in &mut w.phi[neq..2 * neq] {
                *v *= r;
            }
        }
    }
}

/// Statement 675: interpolate y, y' back at `x` and return the failure.
fn give_up(
    x: &f64,
    y: &mut [f64],
    yp: &mut [f64],
    jstart: &mut i32,
    w: &mut Work<'_>,
    c: &mut Carried,
    idid: i32,
) -> i32 {
    let psi = &w.head[RW_PSI..RW_PSI + 6];
    interpolate(*x, *x, y, yp, c.k, w.phi, psi);
    *jstart = 1;
    c.store(w.head, w.iw);
    if idid >= 0 {
        -7
    } else {
        idid
    }
}

/// The direct nonlinear solver (DNEDD with DNSD): predicts y, y', solves the corrector
/// equation by modified Newton with the iteration matrix re-formed when CJ changed too
/// much or the iteration failed with an old matrix, and applies the nonnegativity
/// constraint. Returns IERNLS: 0 converged, 1 recoverable failure (IDID -8 or -10 set on
/// a singular matrix or IRES = -1), -1 unrecoverable (IDID = -11 on IRES = -2).
#[allow(clippy::too_many_arguments)]
fn newton<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: f64,
    jstart: i32,
    idid: &mut i32,
    c: &mut Carried,
    cjlast: f64,
    kp1: usize,
    w: &mut Work<'_>,
    lim: &StepLimits,
) -> i32 {
    let neq = y.len();
    if jstart == 0 {
        c.cjold = c.cj;
        c.jcalc = -1;
    }
    let temp1 = (1.0 - CJ_RATE) / (1.0 + CJ_RATE);
    let temp2 = 1.0 / temp1;
    if c.cj / c.cjold < temp1 || c.cj / c.cjold > temp2 {
        c.jcalc = -1;
    }
    if c.cj != cjlast {
        c.s = 100.0;
    }
    let (ires, singular) = loop {
        // Statement 300: the predictor.
        y.copy_from_slice(&w.phi[..neq]);
        yp.fill(0.0);
        for j in 1..kp1 {
            let gamma = w.head[RW_GAMMA + j];
            for ((yi, ypi), ph) in y
                .iter_mut()
                .zip(yp.iter_mut())
                .zip(&w.phi[j * neq..(j + 1) * neq])
            {
                *yi += ph;
                *ypi += gamma * ph;
            }
        }
        let pnorm = weighted_rms(y, w.wt);
        let tolnew = 100.0 * lim.uround * pnorm;
        w.iw[IW_NRE] += 1;
        let ires = p.residual(x, y, yp, c.cj, w.delta).ires();
        if ires < 0 {
            break (ires, false);
        }
        if c.jcalc == -1 {
            w.iw[IW_NJE] += 1;
            c.jcalc = 0;
            let outcome = form_matrix(p, w, x, y, yp, c.cj, h, lim.uround);
            c.cjold = c.cj;
            c.s = 100.0;
            match outcome {
                MatrixOutcome::ResidualFailed(ires) => break (ires, false),
                MatrixOutcome::Singular => break (0, true),
                MatrixOutcome::Factored => {}
            }
        }
        let confac = 2.0 / (1.0 + c.cj / c.cjold);
        let (iernew, ires) = corrector(p, x, y, yp, c, confac, tolnew, w, lim.epcon);
        if iernew > 0 && c.jcalc != 0 {
            c.jcalc = -1;
            continue;
        }
        if iernew != 0 {
            break (ires, false);
        }
        // Statement 375: nonnegativity.
        if lim.nonneg {
            for (d, &yi) in w.delta.iter_mut().zip(y.iter()) {
                *d = yi.min(0.0);
            }
            let delnrm = weighted_rms(w.delta, w.wt);
            if delnrm > lim.epcon {
                break (0, false);
            }
            for (ei, d) in w.e.iter_mut().zip(w.delta.iter()) {
                *ei -= d;
            }
        }
        c.jcalc = 1;
        return 0;
    };
    // Statement 380.
    c.jcalc = 1;
    if ires <= -2 {
        *idid = -11;
        return -1;
    }
    if ires < 0 {
        *idid = -10;
    }
    if singular {
        *idid = -8;
    }
    1
}

/// The modified Newton iteration on the corrector equation (DNSD), with the corrections
/// scaled by `confac` = 2/(1 + CJ/CJOLD) for an old matrix. Returns (IERNEW, IRES):
/// IERNEW 0 converged, 1 diverging or too slow or IRES = -1, -1 on IRES = -2.
#[allow(clippy::too_many_arguments)]
fn corrector<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    c: &mut Carried,
    confac: f64,
    tolnew: f64,
    w: &mut Work<'_>,
    epcon: f64,
) -> (i32, i32) {
    let cj = c.cj;
    let mut m = 0;
    let mut oldnrm = 0.0;
    let mut ires = 0;
    w.e.fill(0.0);
    loop {
        w.iw[IW_NNI] += 1;
        for d in w.delta.iter_mut() {
            *d *= confac;
        }
        solve(&w.layout, w.wm, w.ipvt, w.delta);
        for (((yi, ei), ypi), d) in y
            .iter_mut()
            .zip(w.e.iter_mut())
            .zip(yp.iter_mut())
            .zip(w.delta.iter())
        {
            *yi -= d;
            *ei -= d;
            *ypi -= cj * d;
        }
        let delnrm = weighted_rms(w.delta, w.wt);
        if m == 0 {
            oldnrm = delnrm;
            if delnrm <= tolnew {
                return (0, ires);
            }
        } else {
            let rate = (delnrm / oldnrm).powf(1.0 / f64::from(m));
            if rate > 0.9 {
                break;
            }
            c.s = rate / (1.0 - rate);
        }
        if c.s * delnrm <= epcon {
            return (0, ires);
        }
        m += 1;
        if m >= MAX_NEWTON {
            break;
        }
        w.iw[IW_NRE] += 1;
        ires = p.residual(x, y, yp, cj, w.delta).ires();
        if ires < 0 {
            break;
        }
    }
    (if ires <= -2 { -1 } else { 1 }, ires)
}
