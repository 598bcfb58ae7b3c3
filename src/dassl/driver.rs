//! The DDASSL driver: input checks, the start (weights, initial step, optional initial
//! derivative), the stepping loop with its TOUT/TSTOP logic and interpolation (Brenan,
//! Campbell & Petzold 1996, §5.1 and §5.4.3). All state between calls stays in INFO(1),
//! RWORK and IWORK, as in the original; the outcome is typed ([`crate::bdf::outcome`]),
//! and [`super::legacy`] turns it into IDID and messages.

use super::checks::{
    check_continuation, check_first_call, check_tolerance_lengths, info_not_binary,
    tolerance_illegal, tout_behind_t, tout_equals_t, tstop_illegal, Geometry, Illegal,
};
use super::init::initial_yprime;
use super::layout::{IW_KOLD, IW_NST, IW_NSTL, RW_H, RW_HMAX, RW_PSI, RW_ROUND, RW_TN, RW_TSTOP};
use super::legacy::Call;
use super::matrix::Work;
use super::norm::{weighted_rms, weights_and_bound};
use super::step::take_step;
use super::Residual;
use crate::bdf::compare::not_le;
use crate::bdf::control::{
    answer_without_step, check_tstop, clip_to_tstop, fit_first_step, initial_step, limit_by_hmax,
};
use crate::bdf::diagnostics::{fmt_d15, fmt_i8};
use crate::bdf::history::{column_mut, interpolate};
use crate::bdf::layout::as_index;
use crate::bdf::newton::StepLimits;
use crate::bdf::outcome::{Failure, Outcome, Stop, Success};
use crate::bdf::weights::{check_tolerances, scale_tolerances, set_weights};

/// Runs one DDASSL call (the original's statements 10-590): checks the input, starts or
/// continues the integration and steps until TOUT, TSTOP or a failure.
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub(crate) fn integrate<R: Residual + ?Sized>(res: &mut R, c: &mut Call<'_>) -> Outcome {
    let info1 = c.info[0];
    let geometry = if info1 == 0 {
        check_first_call(c)?
    } else {
        if info1 != 1 {
            if info1 != -1 {
                return Err(info_not_binary().into());
            }
            return Err(Stop::NoActionTaken { idid: *c.idid });
        }
        let geometry = check_continuation(c)?;
        c.iwork[IW_NSTL] = c.iwork[IW_NST];
        geometry
    };
    let neq = usize::try_from(c.neq).unwrap_or(0);
    if c.y.len() != neq || c.yprime.len() != neq {
        return Err(arrays_short(c.neq).into());
    }
    // Tolerances (statement 200).
    check_tolerance_lengths(c, neq)?;
    check_tolerances(c.info[1] == 1, c.rtol, c.atol, neq).map_err(tolerance_illegal)?;

    let mut run = Run::new(c, neq, geometry);
    let start = if info1 == 0 {
        run.first_call(res)?
    } else {
        run.continuation()?
    };
    let result = match start {
        Start::Integrate => run.step_loop(res),
        Start::Done(success) => Ok(success),
        Start::Failed(failure) => Err(failure),
    };
    run.finish(result)
}

#[cold]
fn arrays_short(neq: i32) -> Illegal {
    Illegal(
        2,
        format!("Y AND YPRIME MUST HOLD NEQ = {} VALUES", fmt_i8(neq.into())),
    )
}

/// A weight not positive on the first call.
#[cold]
fn weight_illegal() -> Illegal {
    Illegal(13, "SOME ELEMENT OF WT IS .LE. 0.0".into())
}

/// TOUT too close to T on the first call.
#[cold]
fn too_close(tout: f64, t0: f64) -> Illegal {
    Illegal(
        14,
        format!(
            "TOUT = {} TOO CLOSE TO T = {} TO START INTEGRATION",
            fmt_d15(tout),
            fmt_d15(t0)
        ),
    )
}

/// INFO(8) = 1 with H0 = 0.
#[cold]
fn h0_zero() -> Illegal {
    Illegal(12, "INFO(8)=1 AND H0=0.0".into())
}

/// Where the call goes after its set-up.
enum Start {
    /// Step (statement 500 of the original).
    Integrate,
    /// The answer is already available without a step (DONE in the original).
    Done(Success),
    /// The initial derivative could not be computed.
    Failed(Failure),
}

/// One call's view of the arguments and the scalars its phases share.
struct Run<'w> {
    w: Work<'w>,
    t: &'w mut f64,
    y: &'w mut [f64],
    yp: &'w mut [f64],
    info: &'w mut [i32; 15],
    rtol: &'w mut [f64],
    atol: &'w mut [f64],
    neq: usize,
    /// T on entry.
    t0: f64,
    tout: f64,
    tstop: f64,
    uround: f64,
    /// TN: where the integration stands.
    tn: f64,
    /// H: the step size.
    h: f64,
    /// H0: the initial step size (reported with IDID = -12).
    ho: f64,
}

impl<'w> Run<'w> {
    /// Cuts the work arrays of a checked call as the checks found them laid out.
    /// Inline: once per call, often once per step.
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn new(c: &'w mut Call<'_>, neq: usize, geometry: Geometry) -> Self {
        let Geometry { mtype, lenpd } = geometry;
        Run {
            w: Work::split(&mut *c.rwork, &mut *c.iwork, neq, mtype, lenpd),
            t0: *c.t,
            t: &mut *c.t,
            y: &mut *c.y,
            yp: &mut *c.yprime,
            info: &mut *c.info,
            rtol: &mut *c.rtol,
            atol: &mut *c.atol,
            neq,
            tout: c.tout,
            tstop: 0.0,
            uround: 0.0,
            tn: 0.0,
            h: 0.0,
            ho: 0.0,
        }
    }

    /// The first call (statements 300-390): weights, unit roundoff, the initial step size
    /// fitted to HMAX and TSTOP, the initial derivative (INFO(11) = 1), PHI. Out of line:
    /// once per integration, off the lines of the per-call path.
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn first_call<R: Residual + ?Sized>(&mut self, res: &mut R) -> Result<Start, Illegal> {
        let (t0, tout, w) = (self.t0, self.tout, &mut self.w);
        self.tn = t0;
        set_weights(self.info[1] != 0, self.rtol, self.atol, self.y, w.wt);
        if w.wt.iter().any(|&v| v <= 0.0) {
            return Err(weight_illegal());
        }
        let uround = f64::EPSILON;
        self.uround = uround;
        w.head[RW_ROUND] = uround;
        // MAX(ABS(T),ABS(TOUT)) as the reference gfortran build computes it: ABS(TOUT)
        // unless ABS(T) is larger, so a NaN TOUT gives a NaN HMIN (DDAINI then fails).
        let largest = if t0.abs() > tout.abs() {
            t0.abs()
        } else {
            tout.abs()
        };
        let hmin = 4.0 * uround * largest;
        let tdist = (tout - t0).abs();
        if tdist < hmin {
            return Err(too_close(tout, t0));
        }
        let mut ho = if self.info[7] != 0 {
            let ho = w.head[RW_H];
            if (tout - t0) * ho < 0.0 {
                return Err(tout_behind_t(tout, t0));
            }
            if ho == 0.0 {
                return Err(h0_zero());
            }
            ho
        } else {
            initial_step(tdist, weighted_rms(self.yp, w.wt), tout - t0)
        };
        if self.info[6] != 0 {
            ho = limit_by_hmax(ho, w.head[RW_HMAX]);
        }
        if self.info[3] != 0 {
            let tstop = w.head[RW_TSTOP];
            self.tstop = tstop;
            ho = fit_first_step(t0, tout, tstop, ho)
                .map_err(|p| tstop_illegal(p, tstop, t0, tout))?;
        }
        let (y, yp) = (&mut *self.y, &mut *self.yp);
        let nonneg = self.info[9] != 0;
        let initial = if self.info[10] != 0 {
            initial_yprime(res, &mut self.tn, y, yp, &mut ho, w, hmin, uround, nonneg)
        } else {
            Ok(())
        };
        self.ho = ho;
        self.h = ho;
        if let Err(failure) = initial {
            return Ok(Start::Failed(failure));
        }
        w.head[RW_H] = ho;
        let neq = self.neq;
        column_mut(w.phi, neq, 0).copy_from_slice(y);
        for (p, ypi) in column_mut(w.phi, neq, 1).iter_mut().zip(yp.iter()) {
            *p = ho * ypi;
        }
        Ok(Start::Integrate)
    }

    /// A continuation call (statements 400-490): is the answer already there? Else the
    /// step size is fitted to HMAX and TSTOP. Inline: on every call, its result handed
    /// on in registers.
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn continuation(&mut self) -> Result<Start, Illegal> {
        let (t0, tout) = (self.t0, self.tout);
        self.uround = self.w.head[RW_ROUND];
        self.tn = self.w.head[RW_TN];
        self.h = self.w.head[RW_H];
        if self.info[6] != 0 {
            self.h = limit_by_hmax(self.h, self.w.head[RW_HMAX]);
        }
        let (tn, h) = (self.tn, self.h);
        if t0 == tout {
            return Err(tout_equals_t(tout));
        }
        if (t0 - tout) * h > 0.0 {
            return Err(tout_behind_t(tout, t0));
        }
        let each_step = self.info[2] == 1;
        let pending = answer_without_step(each_step, t0, tn, tout, h);
        if self.info[3] != 1 {
            // Labels 420/425: TN at or past TOUT (.GE.) interpolates to TOUT, IDID = 3.
            return Ok(self.answer_or_step(pending));
        }
        let tstop = self.w.head[RW_TSTOP];
        self.tstop = tstop;
        check_tstop(tn, tstop, tout, h).map_err(|p| tstop_illegal(p, tstop, t0, tout))?;
        // Labels 440/445: as 420/425, .GE.
        if pending.is_some() {
            return Ok(self.answer_or_step(pending));
        }
        // Labels 450/460 test .GT. and .LE.: with a NaN the original takes the
        // fall-through sides (TSTOP answer; H = TSTOP - TN).
        if (tn - tstop).abs() > 100.0 * self.uround * (tn.abs() + h.abs()) {
            if let Some(h) = clip_to_tstop(tn, h, tstop) {
                self.h = h;
                self.w.head[RW_H] = h;
            }
            Ok(Start::Integrate)
        } else {
            Ok(self.answer_or_step(Some((tstop, Success::Tstop))))
        }
    }

    /// Interpolates the answer at `target` when there is one, else steps.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn answer_or_step(&mut self, pending: Option<(f64, Success)>) -> Start {
        match pending {
            Some((target, success)) => {
                self.answer(target);
                Start::Done(success)
            }
            None => Start::Integrate,
        }
    }

    /// Y, YPRIME interpolated at `target`, and T = `target` (DDATRP).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn answer(&mut self, target: f64) {
        let kold = as_index(self.w.iw[IW_KOLD]);
        let psi = &self.w.head[RW_PSI..RW_PSI + 6];
        interpolate(self.tn, target, self.y, self.yp, kold, self.w.phi, psi);
        *self.t = target;
    }

    /// The stepping loop (statements 500-555): the 500-step limit, new weights, the
    /// accuracy check and HMIN before each step; after it the TOUT/TSTOP tests.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn step_loop<R: Residual + ?Sized>(&mut self, res: &mut R) -> Result<Success, Failure> {
        let (neq, uround, tout) = (self.neq, self.uround, self.tout);
        loop {
            let w = &mut self.w;
            if w.iw[IW_NST] - w.iw[IW_NSTL] >= 500 {
                return Err(Failure::TooMuchWork);
            }
            // Label 520 tests WT .GT. 0, so a NaN weight (from a NaN solution) stops
            // the run here, unlike the .LE. test of the first call.
            let y = &w.phi[..neq];
            let info2 = self.info[1] != 0;
            let Some(bound) = weights_and_bound(info2, self.rtol, self.atol, y, w.wt) else {
                return Err(Failure::NonPositiveWeight);
            };
            // IF(R.LE.1.0D0) GO TO 525: a NaN R (an infinite Y) falls through to -2. R
            // from the bound of the norm where that is at most 1 (nearly always).
            if not_le(bound * 100.0 * uround, 1.0) {
                let r = weighted_rms(y, w.wt) * 100.0 * uround;
                if not_le(r, 1.0) {
                    scale_tolerances(self.info[1] == 1, self.rtol, self.atol, neq, r);
                    return Err(Failure::TooMuchAccuracy { factor: r });
                }
            }
            // Label 525: MAX(ABS(TN),ABS(TOUT)) as the reference gfortran build computes
            // it: ABS(TN) unless ABS(TOUT) is larger (a NaN TOUT leaves HMIN finite).
            let tn = self.tn;
            let largest = if tout.abs() > tn.abs() {
                tout.abs()
            } else {
                tn.abs()
            };
            if self.info[6] != 0 {
                self.h = limit_by_hmax(self.h, w.head[RW_HMAX]);
            }
            let limits = StepLimits {
                hmin: 4.0 * uround * largest,
                uround,
                epcon: 0.33,
                nonneg: self.info[9] != 0,
            };
            let (y, yp, h) = (&mut *self.y, &mut *self.yp, &mut self.h);
            take_step(res, &mut self.tn, y, yp, h, &mut self.info[0], w, &limits)
                .map_err(Failure::Step)?;
            if let Some(success) = self.after_step() {
                return Ok(success);
            }
        }
    }

    /// The tests after a step (labels 527-555), in the original's direction so that a NaN
    /// takes the side the original's IF takes: TOUT passed, TSTOP reached, one step per
    /// call; else the next step is cut to end at TSTOP.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn after_step(&mut self) -> Option<Success> {
        let (tn, h, tout, tstop) = (self.tn, self.h, self.tout, self.tstop);
        let uround = self.uround;
        let near_tstop = (tn - tstop).abs() <= 100.0 * uround * (tn.abs() + h.abs());
        let passed_tout = (tn - tout) * h >= 0.0;
        let each_step = self.info[2] != 0;
        let reached = if self.info[3] == 0 {
            if !each_step {
                if (tn - tout) * h < 0.0 {
                    None
                } else {
                    Some((tout, Success::Tout))
                }
            } else if passed_tout {
                Some((tout, Success::Tout))
            } else {
                Some((tn, Success::Step))
            }
        } else if !each_step {
            if (tn - tout) * h < 0.0 {
                if near_tstop {
                    Some((tstop, Success::Tstop))
                } else {
                    if let Some(h) = clip_to_tstop(tn, h, tstop) {
                        self.h = h;
                    }
                    None
                }
            } else {
                Some((tout, Success::Tout))
            }
        } else if passed_tout {
            Some((tout, Success::Tout))
        } else if near_tstop {
            Some((tstop, Success::Tstop))
        } else {
            Some((tn, Success::Step))
        };
        let (target, success) = reached?;
        if success == Success::Step {
            *self.t = tn;
        } else {
            self.answer(target);
        }
        Some(success)
    }

    /// The returns (statements 580 and 600-690): TN and H stored; on a failure T = TN and
    /// INFO(1) = -1, so that the next call must act on it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn finish(&mut self, result: Result<Success, Failure>) -> Result<Success, Stop> {
        let (tn, h) = (self.tn, self.h);
        if result.is_err() {
            self.info[0] = -1;
            *self.t = tn;
        }
        self.w.head[RW_TN] = tn;
        self.w.head[RW_H] = h;
        result.map_err(|failure| Stop::Failed { failure, t: tn, h })
    }
}
