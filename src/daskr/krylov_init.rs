//! Consistent initial values with the Krylov option (DDASIK, DNSIK, DLINSK, DFNRMK;
//! Brown, Hindmarsh & Petzold, SIAM J. Sci. Comput. 19, 1998): the same damped Newton
//! iteration with line search as the direct method's ([`super::init`]), with the
//! corrections from preconditioned GMRES and the residual norms measured after the
//! preconditioner (`||P⁻¹·G||`).

use super::init::{trial_values, Attempt, InitControls, ARMIJO, RATEMX, RLX};
use super::krylov::{dscal, solve_linear, Scalars};
use super::layout::{
    Work, IW_LOCWP, IW_LSOFF, IW_MXNIT, IW_MXNJ, IW_NJE, IW_NNI, IW_NPS, IW_NRE, RW_EPLI, RW_RSQRN,
    RW_SQRN,
};
use super::vectors::{restrict_step, weighted_rms};
use super::{Problem, ResFlag};

/// The trial values of the line search, YIC and YPIC, and PSOL's work vector PWK.
pub struct Trial<'a> {
    /// YIC: trial y.
    pub yic: &'a mut [f64],
    /// YPIC: trial y'.
    pub ypic: &'a mut [f64],
    /// PWK: PSOL's WK.
    pub pwk: &'a mut [f64],
}

/// One attempt with a fixed `h` (DDASIK): Newton with up to IWORK(33) preconditioner
/// setups (INFO(15) = 1); the first setup is skipped when `jskip` (DDASIC's second call,
/// whose preconditioner is still current).
#[allow(clippy::too_many_arguments)]
pub fn solve_system_krylov<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: f64,
    cj: f64,
    ctl: &InitControls,
    w: &mut Work<'_>,
    jskip: bool,
    mut trial: Trial<'_>,
) -> Attempt {
    let lwp = usize::try_from(w.iw[IW_LOCWP] - 1).unwrap_or(0);
    let mxnit = w.iw[IW_MXNIT];
    let mxnj = w.iw[IW_MXNJ];
    let mut nj = 0;
    let eplin = w.head[RW_EPLI] * ctl.epcon;
    let mut jskip = jskip;
    // Label 370: IERNLS = 2, or -1 for IRES = -2.
    let setup_failed = |ires: ResFlag| {
        if ires == ResFlag::Stop {
            Attempt::Unrecoverable
        } else {
            Attempt::Restart
        }
    };
    w.iw[IW_NRE] += 1;
    let ires = p.residual(x, y, yp, cj, w.delta);
    if ires != ResFlag::Ok {
        return setup_failed(ires);
    }
    loop {
        if ctl.jflg && !jskip {
            nj += 1;
            w.iw[IW_NJE] += 1;
            let (ires, ier) = p.setup_preconditioner(
                x,
                y,
                yp,
                w.wt,
                w.delta,
                w.e,
                h,
                cj,
                &mut w.wm[lwp..],
                w.ipvt,
            );
            if ires != ResFlag::Ok || ier != 0 {
                return setup_failed(ires);
            }
        }
        jskip = false;
        let iernew = newton(p, x, y, yp, cj, mxnit, eplin, ctl, w, &mut trial);
        if iernew == 1 && nj < mxnj && ctl.jflg {
            w.delta.copy_from_slice(w.savr);
            continue;
        }
        // Label 380: IERNLS = MIN(IERNEW, 2).
        return match iernew {
            0 => Attempt::Converged,
            1 => Attempt::SmallerStep,
            -1 => Attempt::Unrecoverable,
            _ => Attempt::Restart,
        };
    }
}

/// DNSIK: Newton iterations with line search, from the residual in DELTA. Returns
/// IERNEW: 0 converged, 1 slow (a new preconditioner may help), 2 diverging, 3 the
/// linear solve or line search failed, -1 unrecoverable.
#[allow(clippy::too_many_arguments)]
fn newton<P: Problem + ?Sized>(
    p: &mut P,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    cj: f64,
    maxit: i32,
    eplin: f64,
    ctl: &InitControls,
    w: &mut Work<'_>,
    trial: &mut Trial<'_>,
) -> i32 {
    let lsoff = w.iw[IW_LSOFF] == 1;
    let mut m = 0;
    let mut rate = 1.0;
    let sc = Scalars {
        tn: x,
        cj,
        eplin,
        sqrtn: w.head[RW_SQRN],
        rsqrtn: w.head[RW_RSQRN],
    };
    w.savr.copy_from_slice(w.delta);
    let first = preconditioned_norm(p, y, yp, &sc, ctl.tscale, w, trial.pwk, false);
    w.iw[IW_NPS] += 1;
    let Ok(mut fnrm) = first else {
        return 3;
    };
    if fnrm <= ctl.epcon {
        return 0;
    }
    let fnrm0 = fnrm;
    let (ires, iersl) = loop {
        w.iw[IW_NNI] += 1;
        let out = solve_linear(p, &sc, y, yp, w.savr, w.delta, w.wt, w.wm, w.ipvt, w.iw);
        if out.ires != ResFlag::Ok || out.iersl != 0 {
            break (out.ires, out.iersl);
        }
        let delnrm = weighted_rms(w.delta, w.wt);
        if delnrm == 0.0 {
            return 0;
        }
        let oldfnm = fnrm;
        let search = line_search(p, y, yp, &sc, delnrm, &mut fnrm, lsoff, ctl, w, trial);
        rate = fnrm / oldfnm;
        if let Err(ires) = search {
            break (ires, 0);
        }
        if fnrm <= ctl.epcon {
            return 0;
        }
        m += 1;
        if m >= maxit {
            // Label 380.
            return if rate <= RATEMX || fnrm <= 0.1 * fnrm0 {
                1
            } else {
                2
            };
        }
        w.delta.copy_from_slice(w.savr);
    };
    // Label 390.
    if ires == ResFlag::Stop || iersl < 0 {
        -1
    } else if ires == ResFlag::Ok && iersl == 1 && m >= 2 && rate < 1.0 {
        1
    } else {
        3
    }
}

/// DFNRMK: the weighted norm of `P⁻¹·G` (times TSCALE·|CJ| when TSCALE > 0) into R
/// (`w.e`), from the residual in SAVR, or (`evaluate`) of a new residual at (`y`, `yp`)
/// written into SAVR first. Fails with IRES when the residual failed; with `Ok` when
/// PSOL did.
#[allow(clippy::too_many_arguments)]
fn preconditioned_norm<P: Problem + ?Sized>(
    p: &mut P,
    y: &[f64],
    yp: &[f64],
    sc: &Scalars,
    tscale: f64,
    w: &mut Work<'_>,
    pwk: &mut [f64],
    evaluate: bool,
) -> Result<f64, ResFlag> {
    if evaluate {
        let ires = p.residual(sc.tn, y, yp, sc.cj, w.savr);
        if ires != ResFlag::Ok {
            return Err(ires);
        }
    }
    w.e.copy_from_slice(w.savr);
    dscal(sc.rsqrtn, w.wt);
    let lwp = usize::try_from(w.iw[IW_LOCWP] - 1).unwrap_or(0);
    let ier = p.solve_preconditioner(
        sc.tn,
        y,
        yp,
        w.savr,
        pwk,
        sc.cj,
        w.wt,
        &mut w.wm[lwp..],
        w.ipvt,
        w.e,
        sc.eplin,
    );
    dscal(sc.sqrtn, w.wt);
    if ier != 0 {
        return Err(ResFlag::Ok);
    }
    let mut fnorm = weighted_rms(w.e, w.wt);
    if tscale > 0.0 {
        fnorm = fnorm * tscale * sc.cj.abs();
    }
    Ok(fnorm)
}

/// DLINSK: the line search along the Newton step in DELTA with norm `pnrm`, cut first
/// to the constraints, then halved until the preconditioned residual norm decreases
/// sufficiently, down to STPTOL; y, y' and `fnrm` take the accepted values. Fails with
/// the IRES of the last residual (`Ok` when the step became too small or PSOL failed).
#[allow(clippy::too_many_arguments)]
fn line_search<P: Problem + ?Sized>(
    p: &mut P,
    y: &mut [f64],
    yp: &mut [f64],
    sc: &Scalars,
    pnrm: f64,
    fnrm: &mut f64,
    lsoff: bool,
    ctl: &InitControls,
    w: &mut Work<'_>,
    trial: &mut Trial<'_>,
) -> Result<(), ResFlag> {
    let cj = sc.cj;
    let mut pnrm = pnrm;
    let f1nrm = (*fnrm * *fnrm) / 2.0;
    let mut ratio = 1.0;
    let mut tau = pnrm;
    let mut rl = 1.0;
    let (ynew, ypnew) = (&mut *trial.yic, &mut *trial.ypic);
    if ctl.constrained {
        loop {
            trial_values(y, yp, cj, rl, w.delta, ctl.icopt, w.id, ynew, ypnew);
            if !restrict_step(y, ynew, w.icnstr, &mut tau, RLX) {
                break;
            }
            let ratio1 = tau / pnrm;
            ratio *= ratio1;
            for v in w.delta.iter_mut() {
                *v *= ratio1;
            }
            pnrm = tau;
            if pnrm <= ctl.stptol {
                return Err(ResFlag::Ok);
            }
        }
    }
    let slpi = (-2.0 * f1nrm) * ratio;
    let rlmin = ctl.stptol / pnrm;
    loop {
        trial_values(y, yp, cj, rl, w.delta, ctl.icopt, w.id, ynew, ypnew);
        let norm = preconditioned_norm(p, ynew, ypnew, sc, ctl.tscale, w, trial.pwk, true);
        w.iw[IW_NRE] += 1;
        if !matches!(norm, Err(ResFlag::IllegalY | ResFlag::Stop)) {
            w.iw[IW_NPS] += 1;
        }
        let fnrmp = norm?;
        if !lsoff {
            let f1nrmp = fnrmp * fnrmp / 2.0;
            if f1nrmp > f1nrm + ARMIJO * slpi * rl {
                if rl < rlmin {
                    return Err(ResFlag::Ok);
                }
                rl /= 2.0;
                continue;
            }
        }
        y.copy_from_slice(ynew);
        yp.copy_from_slice(ypnew);
        *fnrm = fnrmp;
        return Ok(());
    }
}
