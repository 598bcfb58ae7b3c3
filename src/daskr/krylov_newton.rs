//! The nonlinear solver of the Krylov option (DNEDK with DNSK): an inexact Newton
//! iteration whose corrections come from the preconditioned GMRES of [`super::krylov`],
//! to the linear tolerance EPLIN = EPLI·EPCON, with the preconditioner re-formed (the
//! user's JAC, INFO(15) = 1) when CJ changed much or the iteration failed with an old one.

use super::krylov::{solve_linear, Scalars};
use super::layout::{Work, IW_NJE, IW_NNI, IW_NRE, RW_ALPHA, RW_EPLI, RW_RSQRN, RW_SQRN};
use super::step::NonlinearFailure;
use super::vectors::weighted_rms;
use super::{Problem, ResFlag};
use crate::bdf::coefficients::cj_changed_much;
use crate::bdf::history::predict;
use crate::bdf::layout::Carried;
use crate::bdf::newton::{rate, StepLimits, MAX_NEWTON};
use crate::bdf::outcome::{Failure, KrylovFailure, StepFailure};
use crate::intrinsics::fmin;

/// The flags DNEDK's label 380 turns into IERNLS and IDID.
#[derive(Default)]
struct Flags {
    /// IRES of the last residual evaluation.
    ires: Option<ResFlag>,
    /// IERPJ: the preconditioner setup failed.
    ierpj: bool,
    /// IERSL of the last linear solve.
    iersl: i32,
}

impl Flags {
    /// Label 380: unrecoverable with IRES = -2 (IDID -11) or IERSL < 0 (-13); else
    /// recoverable, with the IDID of the last cause that sets one (-10, -5, -14).
    fn failure(&self) -> NonlinearFailure {
        let ires = self.ires.unwrap_or(ResFlag::Ok);
        if ires == ResFlag::Stop || self.iersl < 0 {
            let idid = if self.iersl < 0 {
                Failure::Krylov(KrylovFailure::Psol)
            } else {
                Failure::Step(StepFailure::Stopped)
            };
            return NonlinearFailure::Unrecoverable(idid);
        }
        let mut idid = None;
        if ires == ResFlag::IllegalY {
            idid = Some(Failure::Step(StepFailure::IllegalY));
        }
        if self.ierpj {
            idid = Some(Failure::Krylov(KrylovFailure::Preconditioner));
        }
        if self.iersl > 0 {
            idid = Some(Failure::Krylov(KrylovFailure::LinearSolver));
        }
        NonlinearFailure::Recoverable(idid)
    }
}

/// DNEDK: predicts y, y', and solves the corrector equation by DNSK; `jflg` is INFO(15)
/// (the user's JAC sets up the preconditioner). Without JAC the preconditioner is never
/// re-formed (JCALC = 0). Out of line: inlined into the step, its vector loops' set-up
/// (overlap tests of the Krylov work arrays) was hoisted to every call of the direct
/// methods too.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub fn newton_krylov<P: Problem + ?Sized>(
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
    jflg: bool,
) -> Result<(), NonlinearFailure> {
    if jstart == 0 {
        c.cjold = c.cj;
        c.jcalc = -1;
        c.s = 100.0;
    }
    if jflg {
        if cj_changed_much(c.cj, c.cjold) {
            c.jcalc = -1;
        }
        if c.cj != cjlast {
            c.s = 100.0;
        }
    } else {
        c.jcalc = 0;
    }
    let lwp = usize::try_from(w.iw[super::layout::IW_LOCWP] - 1).unwrap_or(0);
    let result = loop {
        // Statement 300.
        let mut flags = Flags::default();
        predict(w.phi, &w.head[RW_ALPHA..], c.k, y, yp);
        let eplin = w.head[RW_EPLI] * lim.epcon;
        let tolnew = eplin;
        w.iw[IW_NRE] += 1;
        let ires = p.residual(x, y, yp, c.cj, w.delta);
        if ires != ResFlag::Ok {
            flags.ires = Some(ires);
            break Err(flags.failure());
        }
        if c.jcalc == -1 {
            w.iw[IW_NJE] += 1;
            c.jcalc = 0;
            let (ires, ier) = p.setup_preconditioner(
                x,
                y,
                yp,
                w.wt,
                w.delta,
                w.e,
                h,
                c.cj,
                &mut w.wm[lwp..],
                w.ipvt,
            );
            c.cjold = c.cj;
            c.s = 100.0;
            if ires != ResFlag::Ok || ier != 0 {
                flags.ires = Some(ires);
                flags.ierpj = ier != 0;
                break Err(flags.failure());
            }
        }
        let sc = Scalars {
            tn: x,
            cj: c.cj,
            eplin,
            sqrtn: w.head[RW_SQRN],
            rsqrtn: w.head[RW_RSQRN],
        };
        match corrector(p, y, yp, c, &sc, tolnew, w, lim.epcon) {
            Ok(()) => {}
            Err(f) => {
                let recoverable = !(f.ires == Some(ResFlag::Stop) || f.iersl < 0);
                if recoverable && c.jcalc != 0 {
                    c.jcalc = -1;
                    continue;
                }
                break Err(f.failure());
            }
        }
        // Nonnegativity (DNEDK after DNSK).
        if lim.nonneg {
            for (d, &yi) in w.delta.iter_mut().zip(y.iter()) {
                *d = fmin(yi, 0.0);
            }
            let delnrm = weighted_rms(w.delta, w.wt);
            if delnrm > lim.epcon {
                break Err(Flags::default().failure());
            }
            for (ei, d) in w.e.iter_mut().zip(w.delta.iter()) {
                *ei -= d;
            }
        }
        break Ok(());
    };
    // Statement 390.
    c.jcalc = 1;
    result
}

/// DNSK: Newton iterations with the corrections from DSLVK (DELTA is not scaled: DNEDK
/// passes MULDEL = 0), converged when the first correction is below `tolnew` or the rate
/// estimate says the next would be below EPCON. Fails with the flags of its last call.
#[allow(clippy::too_many_arguments)]
fn corrector<P: Problem + ?Sized>(
    p: &mut P,
    y: &mut [f64],
    yp: &mut [f64],
    c: &mut Carried,
    sc: &Scalars,
    tolnew: f64,
    w: &mut Work<'_>,
    epcon: f64,
) -> Result<(), Flags> {
    let cj = sc.cj;
    let mut m = 0;
    let mut oldnrm = 0.0;
    w.e.fill(0.0);
    loop {
        w.iw[IW_NNI] += 1;
        w.savr.copy_from_slice(w.delta);
        let out = solve_linear(p, sc, y, yp, w.savr, w.delta, w.wt, w.wm, w.ipvt, w.iw);
        if out.ires != ResFlag::Ok || out.iersl != 0 {
            return Err(Flags {
                ires: Some(out.ires),
                ierpj: false,
                iersl: out.iersl,
            });
        }
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
                return Ok(());
            }
        } else {
            let rate = rate(delnrm, oldnrm, m);
            if rate > 0.9 {
                return Err(Flags::default());
            }
            c.s = rate / (1.0 - rate);
        }
        if c.s * delnrm <= epcon {
            return Ok(());
        }
        m += 1;
        if m >= MAX_NEWTON {
            return Err(Flags::default());
        }
        w.iw[IW_NRE] += 1;
        let ires = p.residual(sc.tn, y, yp, cj, w.delta);
        if ires != ResFlag::Ok {
            return Err(Flags {
                ires: Some(ires),
                ..Flags::default()
            });
        }
    }
}
