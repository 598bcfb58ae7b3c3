//! Consistent initial values with the direct method (DDASIC, DDASID, DNSID, DLINSD,
//! DFNRMD, DYYPNW; Brown, Hindmarsh & Petzold, *Consistent initial condition calculation
//! for differential-algebraic systems*, SIAM J. Sci. Comput. 19, 1998).
//!
//! INFO(11) = 1: given the differential components of y, compute the algebraic
//! components of y and the differential components of y' (ID = +1 / -1), by a damped
//! Newton iteration on `G(t, y, y') = 0` with y' tied to y through `y' = y'_0 + (y - y_0)/h`.
//! INFO(11) = 2: given y', compute y (CJ = 0).

use super::krylov_init::{solve_system_krylov, Trial};
use super::layout::{Work, IW_LSOFF, IW_MXNH, IW_MXNIT, IW_MXNJ, IW_NCFN, IW_NJE, IW_NNI, IW_NRE};
use super::matrix::form_matrix;
use super::vectors::{restrict_step, weighted_rms};
use super::{Problem, ResFlag};
use crate::bdf::matrix::{solve, MatrixOutcome};
use crate::bdf::outcome::Failure;

/// Step-size reduction after a failed attempt (DDASIC's RHCUT).
const RHCUT: f64 = 0.1;
/// Convergence rate above which more Jacobians will not help (DDASIC's RATEMX).
pub(super) const RATEMX: f64 = 0.8;
/// Largest relative change of a constrained component per Newton step (DNSID's RLX).
pub(super) const RLX: f64 = 0.4;
/// Sufficient-decrease constant of the line search (DLINSD's ALPHA).
pub(super) const ARMIJO: f64 = 1.0e-4;

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
    /// INFO(15): the Krylov option's preconditioner has a setup routine (JAC).
    pub jflg: bool,
}

/// Computes consistent y, y' at `x` (DDASIC). `h` is the step size the iteration ties
/// y' to; it is cut by 10 after each failure (INFO(11) = 1), up to IWORK(34) attempts.
/// `nic` is DDASIC's NIC: on the second call (2) the Krylov option keeps its
/// preconditioner for the first attempt (JSKIP). Fails with [`Failure::InitialValues`]
/// (IDID = -12) when no consistent values were found.
#[allow(clippy::too_many_arguments)]
pub fn initial_values<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: &mut f64,
    ctl: &InitControls,
    w: &mut Work<'_>,
    nic: i32,
) -> Result<(), Failure> {
    let neq = y.len();
    let mxnh = w.iw[IW_MXNH];
    let mut nh = 1;
    let mut jskip = nic == 2;
    // PHI(*,1..2) keep the starting values; the trial values YIC, YPIC are PHI(*,3..4)
    // (direct) or the head of WM with PWK after them (Krylov, whose PHI may have only
    // two columns and whose WM is GMRES scratch between the uses: taken apart here).
    let phi = std::mem::take(&mut w.phi);
    let (saved, trial) = phi.split_at_mut(2 * neq);
    saved[..neq].copy_from_slice(y);
    saved[neq..].copy_from_slice(yp);
    let mut scratch = if w.krylov {
        vec![0.0; 3 * neq]
    } else {
        Vec::new()
    };
    let (yic, ypic, pwk) = if w.krylov {
        let (yic, rest) = scratch.split_at_mut(neq);
        let (ypic, pwk) = rest.split_at_mut(neq);
        (yic, ypic, pwk)
    } else {
        let (yic, rest) = trial.split_at_mut(neq);
        (yic, &mut rest[..neq], <&mut [f64]>::default())
    };
    let mut cj = if ctl.icopt == 2 { 0.0 } else { 1.0 / *h };
    let result = loop {
        let attempt = if w.krylov {
            let trial = Trial {
                yic: &mut *yic,
                ypic: &mut *ypic,
                pwk: &mut *pwk,
            };
            solve_system_krylov(p, x, y, yp, *h, cj, ctl, w, jskip, trial)
        } else {
            solve_system(p, x, y, yp, *h, cj, ctl, w, yic, ypic)
        };
        jskip = false;
        if attempt == Attempt::Converged {
            break Ok(());
        }
        w.iw[IW_NCFN] += 1;
        if attempt == Attempt::Unrecoverable || ctl.icopt == 2 || nh == mxnh {
            break Err(Failure::InitialValues { h: *h });
        }
        nh += 1;
        *h *= RHCUT;
        cj = 1.0 / *h;
        if attempt != Attempt::SmallerStep {
            y.copy_from_slice(&saved[..neq]);
            yp.copy_from_slice(&saved[neq..]);
        }
    };
    w.phi = phi;
    result
}

/// How one attempt of DDASID or DDASIK ended (its IERNLS).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Attempt {
    /// 0: converged.
    Converged,
    /// 1: retry with a smaller h from the current values.
    SmallerStep,
    /// 2: retry with a smaller h from the starting values.
    Restart,
    /// -1: IRES = -2.
    Unrecoverable,
}

/// How DNSID's iterations for one Jacobian ended (its IERNEW).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Iteration {
    /// 0: converged.
    Converged,
    /// 1: too slow but converging: a new Jacobian may help.
    Slow,
    /// 2: diverging.
    Diverging,
    /// 3: the line search failed.
    SearchFailed,
    /// -1: IRES = -2.
    Unrecoverable,
}

/// One attempt with a fixed `h` (DDASID): Newton with up to IWORK(33) Jacobians.
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
) -> Attempt {
    let mxnit = w.iw[IW_MXNIT];
    let mxnj = w.iw[IW_MXNJ];
    let mut nj = 0;
    let unrecoverable = |flag: ResFlag| {
        if flag == ResFlag::Stop {
            Attempt::Unrecoverable
        } else {
            Attempt::Restart
        }
    };
    w.iw[IW_NRE] += 1;
    let flag = p.residual(x, y, yp, cj, w.delta);
    if flag != ResFlag::Ok {
        return unrecoverable(flag);
    }
    loop {
        nj += 1;
        w.iw[IW_NJE] += 1;
        match form_matrix(p, w, x, y, yp, cj, h, ctl.uround) {
            MatrixOutcome::ResidualFailed(flag) => return unrecoverable(flag),
            MatrixOutcome::Singular => return Attempt::Restart,
            MatrixOutcome::Factored => {}
        }
        let iteration = newton(p, x, y, yp, cj, mxnit, ctl, w, yic, ypic);
        if iteration == Iteration::Slow && nj < mxnj {
            w.iw[IW_NRE] += 1;
            let flag = p.residual(x, y, yp, cj, w.delta);
            if flag != ResFlag::Ok {
                return unrecoverable(flag);
            }
            continue;
        }
        // IERNLS = MIN(IERNEW, 2).
        return match iteration {
            Iteration::Converged => Attempt::Converged,
            Iteration::Slow => Attempt::SmallerStep,
            Iteration::Diverging | Iteration::SearchFailed => Attempt::Restart,
            Iteration::Unrecoverable => Attempt::Unrecoverable,
        };
    }
}

/// Newton iterations with line search for one Jacobian (DNSID).
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
) -> Iteration {
    let lsoff = w.iw[IW_LSOFF] == 1;
    let mut m = 0;
    let mut rate;
    solve(&w.shape, w.wm, w.ipvt, w.delta);
    let mut delnrm = weighted_rms(w.delta, w.wt);
    let mut fnrm = delnrm;
    if ctl.tscale > 0.0 {
        fnrm = fnrm * ctl.tscale * cj.abs();
    }
    if fnrm <= ctl.epcon {
        return Iteration::Converged;
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
            Search::Failed(ResFlag::Stop) => return Iteration::Unrecoverable,
            Search::Failed(_) => return Iteration::SearchFailed,
        }
        if fnrm <= ctl.epcon {
            return Iteration::Converged;
        }
        m += 1;
        if m >= maxit {
            return if rate <= RATEMX {
                Iteration::Slow
            } else {
                Iteration::Diverging
            };
        }
        w.delta.copy_from_slice(w.e);
        delnrm = fnrm;
    }
}

/// How a line search ended (DLINSD's IRET).
enum Search {
    /// IRET = 0: y, y' updated.
    Accepted,
    /// IRET = 1 (step too small: `Ok`) or 2 (the residual failed with this flag).
    Failed(ResFlag),
}

/// New trial values `y - rl·p` for the components being computed (DYYPNW).
#[allow(clippy::too_many_arguments)]
pub(super) fn trial_values(
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
                return Search::Failed(ResFlag::Ok);
            }
        }
    }
    let slpi = (-2.0 * f1nrm) * ratio;
    let rlmin = ctl.stptol / *pnrm;
    loop {
        trial_values(y, yp, cj, rl, w.delta, ctl.icopt, w.id, ynew, ypnew);
        // DFNRMD: the scaled norm of the Newton step from the trial values.
        let flag = p.residual(x, ynew, ypnew, cj, w.e);
        w.iw[IW_NRE] += 1;
        if flag != ResFlag::Ok {
            return Search::Failed(flag);
        }
        solve(&w.shape, w.wm, w.ipvt, w.e);
        let mut fnrmp = weighted_rms(w.e, w.wt);
        if ctl.tscale > 0.0 {
            fnrmp = fnrmp * ctl.tscale * cj.abs();
        }
        if !lsoff {
            let f1nrmp = fnrmp * fnrmp / 2.0;
            if f1nrmp > f1nrm + ARMIJO * slpi * rl {
                if rl < rlmin {
                    return Search::Failed(ResFlag::Ok);
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
