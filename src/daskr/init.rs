//! Consistent initial values with the direct method (DDASIC, DDASID, DNSID, DLINSD,
//! DFNRMD, DYYPNW; Brown, Hindmarsh & Petzold, *Consistent initial condition calculation
//! for differential-algebraic systems*, SIAM J. Sci. Comput. 19, 1998).
//!
//! INFO(11) = 1: given the differential components of y, compute the algebraic
//! components of y and the differential components of y' (ID = +1 / -1), by a damped
//! Newton iteration on `G(t, y, y') = 0` with y' tied to y through `y' = y'_0 + (y - y_0)/h`.
//! INFO(11) = 2: given y', compute y (CJ = 0).

use super::layout::{Work, IW_LSOFF, IW_MXNH, IW_MXNIT, IW_MXNJ, IW_NCFN, IW_NJE, IW_NNI, IW_NRE};
use super::matrix::{form_matrix, solve, MatrixOutcome};
use super::vectors::{restrict_step, weighted_rms};
use super::Problem;

/// Step-size reduction after a failed attempt (DDASIC's RHCUT).
const RHCUT: f64 = 0.1;
/// Convergence rate above which more Jacobians will not help (DDASIC's RATEMX).
const RATEMX: f64 = 0.8;
/// Largest relative change of a constrained component per Newton step (DNSID's RLX).
const RLX: f64 = 0.4;
/// Sufficient-decrease constant of the line search (DLINSD's ALPHA).
const ARMIJO: f64 = 1.0e-4;

/// What the initialisation is asked to do, fixed for one call.
pub struct InitControls {
    /// INFO(11): 1 or 2.
    pub icopt: i32,
    /// TDIST when no component is algebraic (the stopping tests are then scaled by the
    /// interval length), else 0.
    pub tscale: f64,
    /// Newton convergence constant: EPIN·EPCON.
    pub epcon: f64,
    /// Smallest Newton step before the line search gives up (STPTOL).
    pub stptol: f64,
    /// Unit roundoff.
    pub uround: f64,
    /// Whether the constraints of INFO(10) = 1, 3 are enforced.
    pub constrained: bool,
}

/// Computes consistent y, y' at `x` (DDASIC). `h` is the step size the iteration ties
/// y' to; it is cut by 10 after each failure (INFO(11) = 1), up to IWORK(34) attempts.
/// Returns IDID: 1, or -12 when no consistent values were found.
pub fn initial_values<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: &mut f64,
    ctl: &InitControls,
    w: &mut Work<'_>,
) -> i32 {
    let neq = y.len();
    let mxnh = w.iw[IW_MXNH];
    let mut nh = 1;
    // PHI(*,1..2) keep the starting values, PHI(*,3..4) take the trial values YIC, YPIC.
    let phi = std::mem::take(&mut w.phi);
    let (saved, trial) = phi.split_at_mut(2 * neq);
    saved[..neq].copy_from_slice(y);
    saved[neq..].copy_from_slice(yp);
    let (yic, rest) = trial.split_at_mut(neq);
    let ypic = &mut rest[..neq];
    let mut cj = if ctl.icopt == 2 { 0.0 } else { 1.0 / *h };
    let idid = loop {
        let iernls = solve_system(p, x, y, yp, *h, cj, ctl, w, yic, ypic);
        if iernls == 0 {
            break 1;
        }
        w.iw[IW_NCFN] += 1;
        if iernls == -1 || ctl.icopt == 2 || nh == mxnh {
            break -12;
        }
        nh += 1;
        *h *= RHCUT;
        cj = 1.0 / *h;
        if iernls != 1 {
            y.copy_from_slice(&saved[..neq]);
            yp.copy_from_slice(&saved[neq..]);
        }
    };
    w.phi = phi;
    idid
}

/// One attempt with a fixed `h` (DDASID): Newton with up to IWORK(33) Jacobians.
/// Returns IERNLS: 0 converged; 1 retry with a smaller h; 2 retry from the starting
/// values; -1 unrecoverable (IRES = -2).
#[allow(clippy::too_many_arguments)]
fn solve_system<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: f64,
    cj: f64,
    ctl: &InitControls,
    w: &mut Work<'_>,
    yic: &mut [f64],
    ypic: &mut [f64],
) -> i32 {
    let mxnit = w.iw[IW_MXNIT];
    let mxnj = w.iw[IW_MXNJ];
    let mut nj = 0;
    let unrecoverable = |ires: i32| if ires <= -2 { -1 } else { 2 };
    w.iw[IW_NRE] += 1;
    let ires = p.residual(x, y, yp, cj, w.delta).ires();
    if ires < 0 {
        return unrecoverable(ires);
    }
    loop {
        nj += 1;
        w.iw[IW_NJE] += 1;
        match form_matrix(p, w, x, y, yp, cj, h, ctl.uround) {
            MatrixOutcome::ResidualFailed(ires) => return unrecoverable(ires),
            MatrixOutcome::Singular => return 2,
            MatrixOutcome::Factored => {}
        }
        let iernew = newton(p, x, y, yp, cj, mxnit, ctl, w, yic, ypic);
        if iernew == 1 && nj < mxnj {
            w.iw[IW_NRE] += 1;
            let ires = p.residual(x, y, yp, cj, w.delta).ires();
            if ires < 0 {
                return unrecoverable(ires);
            }
            continue;
        }
        return iernew.min(2);
    }
}

/// Newton iterations with line search for one Jacobian (DNSID). Returns IERNEW: 0
/// converged; 1 too slow but converging (new Jacobian may help); 2 diverging;
/// 3 line search failed; -1 IRES = -2.
#[allow(clippy::too_many_arguments)]
fn newton<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    cj: f64,
    maxit: i32,
    ctl: &InitControls,
    w: &mut Work<'_>,
    yic: &mut [f64],
    ypic: &mut [f64],
) -> i32 {
    let lsoff = w.iw[IW_LSOFF] == 1;
    let mut m = 0;
    let mut rate;
    solve(&w.layout, w.wm, w.ipvt, w.delta);
    let mut delnrm = weighted_rms(w.delta, w.wt);
    let mut fnrm = delnrm;
    if ctl.tscale > 0.0 {
        fnrm = fnrm * ctl.tscale * cj.abs();
    }
    if fnrm <= ctl.epcon {
        return 0;
    }
    loop {
        w.iw[IW_NNI] += 1;
        let oldfnm = fnrm;
        let search = line_search(
            p,
            x,
            y,
            yp,
            cj,
            &mut delnrm,
            &mut fnrm,
            lsoff,
            ctl,
            w,
            yic,
            ypic,
        );
        rate = fnrm / oldfnm;
        match search {
            Search::Accepted => {}
            Search::Failed { ires } => return if ires <= -2 { -1 } else { 3 },
        }
        if fnrm <= ctl.epcon {
            return 0;
        }
        m += 1;
        if m >= maxit {
            return if rate <= RATEMX { 1 } else { 2 };
        }
        w.delta.copy_from_slice(w.e);
        delnrm = fnrm;
    }
}

/// How a line search ended (DLINSD's IRET).
enum Search {
    /// IRET = 0: y, y' updated.
    Accepted,
    /// IRET = 1 (step too small) or 2 (residual failed, with its IRES).
    Failed { ires: i32 },
}

/// New trial values `y - rl·p` for the components being computed (DYYPNW).
#[allow(clippy::too_many_arguments)]
fn trial_values(
    y: &[f64],
    yp: &[f64],
    cj: f64,
    rl: f64,
    step: &[f64],
    icopt: i32,
    id: &[i32],
    ynew: &mut [f64],
    ypnew: &mut [f64],
) {
    for i in 0..y.len() {
        if icopt == 1 && id[i] >= 0 {
            ynew[i] = y[i];
            ypnew[i] = yp[i] - rl * cj * step[i];
        } else {
            ynew[i] = y[i] - rl * step[i];
            ypnew[i] = yp[i];
        }
    }
}

/// The line search along the Newton step in `w.delta` (DLINSD): the step is first cut
/// to satisfy the constraints, then halved until the residual norm decreases
/// sufficiently (Armijo), down to STPTOL. The new scaled residual lands in R (`w.e`).
#[allow(clippy::too_many_arguments)]
fn line_search<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    cj: f64,
    pnrm: &mut f64,
    fnrm: &mut f64,
    lsoff: bool,
    ctl: &InitControls,
    w: &mut Work<'_>,
    ynew: &mut [f64],
    ypnew: &mut [f64],
) -> Search {
    let f1nrm = (*fnrm * *fnrm) / 2.0;
    let mut ratio = 1.0;
    let mut tau = *pnrm;
    let mut rl = 1.0;
    if ctl.constrained {
        loop {
            trial_values(y, yp, cj, rl, w.delta, ctl.icopt, w.id, ynew, ypnew);
            if !restrict_step(y, ynew, w.icnstr, &mut tau, RLX) {
                break;
            }
            let ratio1 = tau / *pnrm;
            ratio *= ratio1;
            for v in w.delta.iter_mut() {
                *v *= ratio1;
            }
            *pnrm = tau;
            if *pnrm <= ctl.stptol {
                return Search::Failed { ires: 0 };
            }
        }
    }
    let slpi = (-2.0 * f1nrm) * ratio;
    let rlmin = ctl.stptol / *pnrm;
    loop {
        trial_values(y, yp, cj, rl, w.delta, ctl.icopt, w.id, ynew, ypnew);
        // DFNRMD: the scaled norm of the Newton step from the trial values.
        let ires = p.residual(x, ynew, ypnew, cj, w.e).ires();
        w.iw[IW_NRE] += 1;
        if ires != 0 {
            return Search::Failed { ires };
        }
        solve(&w.layout, w.wm, w.ipvt, w.e);
        let mut fnrmp = weighted_rms(w.e, w.wt);
        if ctl.tscale > 0.0 {
            fnrmp = fnrmp * ctl.tscale * cj.abs();
        }
        if !lsoff {
            let f1nrmp = fnrmp * fnrmp / 2.0;
            if f1nrmp > f1nrm + ARMIJO * slpi * rl {
                if rl < rlmin {
                    return Search::Failed { ires: 0 };
                }
                rl /= 2.0;
                continue;
            }
        }
        y.copy_from_slice(ynew);
        yp.copy_from_slice(ypnew);
        *fnrm = fnrmp;
        return Search::Accepted;
    }
}
