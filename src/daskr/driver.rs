//! The DDASKR driver: the start (weights, initial step, optional consistent initial
//! values, the root check at the initial point), the stepping loop with root checks,
//! TOUT/TSTOP logic and interpolation. All state between calls stays in INFO(1), RWORK
//! and IWORK, as in the original; the outcome is typed ([`crate::bdf::outcome`]), and
//! [`super::legacy`] turns it into IDID and messages.

use super::checks::{
    check_first_call, continuation_layout, illegal, info17_illegal, invalid_info,
    tolerance_illegal, tout_behind_t, tout_equals_t, tstop_illegal, weight_illegal, Illegal,
};
use super::init::{initial_values, InitControls};
use super::layout::{
    has_constraints, Layout, Work, IW_IRFND, IW_KOLD, IW_LCIWP, IW_MAXL, IW_NCFL, IW_NCFN, IW_NLI,
    IW_NNI, IW_NST, IW_NSTL, RW_EPCON, RW_EPIN, RW_H, RW_HMAX, RW_HOLD, RW_PSI, RW_ROUND, RW_RSQRN,
    RW_SQRN, RW_STOL, RW_T0, RW_TLAST, RW_TN, RW_TSTOP,
};
use super::legacy::Call;
use super::rootcheck::{check, Check, Job};
use super::step::take_step;
use super::vectors::{
    mask_algebraic, reciprocal_weights_of, set_reciprocal_weights, weighted_bound, weighted_rms,
};
use super::Problem;
use crate::bdf::compare::not_le;
use crate::bdf::control::{
    answer_without_step, check_tstop, clip_to_tstop, fit_first_step, initial_step, limit_by_hmax,
};
use crate::bdf::diagnostics::Diagnostic;
use crate::bdf::history::{column_mut, interpolate};
use crate::bdf::layout::as_index;
use crate::bdf::newton::StepLimits;
use crate::bdf::outcome::{Failure, Outcome, RootProblem, Stop, Success};
use crate::bdf::weights::{check_tolerances, scale_tolerances, ToleranceProblem};
use crate::intrinsics::fmax;

/// Runs one DDASKR call: checks the input, starts or continues the integration and steps
/// until TOUT, TSTOP, a root or a failure.
/// Warnings printed on the way (the Krylov option's poor-performance messages) are pushed
/// onto `notes`.
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub(crate) fn integrate<P: Problem + ?Sized>(
    p: &mut P,
    c: &mut Call<'_>,
    notes: &mut Vec<Diagnostic>,
) -> Outcome {
    let info1 = c.info[0];
    let (lay, index) = if info1 == 0 {
        check_first_call(c)?
    } else {
        if info1 != 1 {
            if info1 != -1 {
                return Err(invalid_info(1).into());
            }
            return Err(Stop::NoActionTaken { idid: *c.idid });
        }
        (continuation_layout(c)?, true)
    };
    check_arguments(c, &lay)?;
    let mut run = Run::new(c, lay, notes);
    let start = if info1 == 0 {
        run.first_call(p, index)?
    } else {
        run.continuation(p)?
    };
    let result = match start {
        Start::Integrate => run.step_loop(p)?,
        Start::Done(success) => Ok(success),
        Start::Failed(failure) => Err(failure),
    };
    run.finish(result)
}

/// TOUT, TSTOP and the array lengths, then the tolerances (statement 200); counts the
/// steps of this call from here and stores where the pivots start. Inline: on every call.
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn check_arguments(c: &mut Call<'_>, lay: &Layout) -> Result<(), Illegal> {
    // Not a check of the original, whose comparisons with a NaN TOUT or TSTOP are false
    // and send it down paths that depend on the compiler: refused with IDID = -33.
    if c.tout.is_nan() || (c.info[3] != 0 && c.rwork.first().is_some_and(|v| v.is_nan())) {
        return Err(illegal(
            40,
            "DASKR--  TOUT OR TSTOP (=R1, R2) IS NOT A NUMBER",
            &[],
            &[c.tout, c.rwork.first().copied().unwrap_or(0.0)],
        ));
    }
    let neq = lay.neq;
    if c.y.len() != neq || c.yprime.len() != neq || c.jroot.len() != lay.nrt {
        return Err(illegal(
            2,
            "DASKR--  Y, YPRIME AND JROOT MUST HOLD NEQ (=I1) AND NRT VALUES",
            &[c.neq.into()],
            &[],
        ));
    }
    c.iwork[IW_NSTL] = c.iwork[IW_NST];
    let vector_tol = c.info[1] == 1;
    let needed = if vector_tol { neq } else { 1 };
    if c.rtol.len() < needed || c.atol.len() < needed {
        return Err(illegal(
            6,
            "DASKR--  RTOL AND ATOL MUST HOLD I1 VALUES",
            &[needed as i64],
            &[],
        ));
    }
    if vector_tol {
        check_tolerances(true, c.rtol, c.atol, neq)
    } else {
        check_tolerance_pair(c.rtol[0], c.atol[0])
    }
    .map_err(tolerance_illegal)?;
    c.iwork[IW_LCIWP] = i32::try_from(lay.pivot_offset() + 1).unwrap_or(i32::MAX);
    Ok(())
}

/// Statement 210 with one RTOL and one ATOL: the original's loop tests the same pair NEQ
/// times and answers as it does the first time (inline, where the out-of-line loop
/// costs more than the tests).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn check_tolerance_pair(rtol: f64, atol: f64) -> Result<(), ToleranceProblem> {
    if rtol < 0.0 {
        Err(ToleranceProblem::NegativeRtol)
    } else if atol < 0.0 {
        Err(ToleranceProblem::NegativeAtol)
    } else if rtol > 0.0 || atol > 0.0 {
        Ok(())
    } else {
        Err(ToleranceProblem::AllZero)
    }
}

/// How the call proceeds after its checks.
enum Start {
    /// Take steps (statement 500).
    Integrate,
    /// The answer is already there (statement 590).
    Done(Success),
    /// Consistent initial values could not be computed.
    Failed(Failure),
}

/// One call's view of the arguments and the scalars its phases share.
struct Run<'w, 'n> {
    /// Where the warnings go.
    notes: &'n mut Vec<Diagnostic>,
    /// NNI, NLI, NCFN, NCFL at the start of the call (statement 200: NNI0, NLI0, NCFN0,
    /// NCFL0), for the Krylov performance test.
    counts0: [i32; 4],
    /// NWARN: the performance warnings printed in this call.
    nwarn: i32,
    w: Work<'w>,
    t: &'w mut f64,
    y: &'w mut [f64],
    yp: &'w mut [f64],
    jroot: &'w mut [i32],
    info: &'w mut [i32; 20],
    rtol: &'w mut [f64],
    atol: &'w mut [f64],
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
    h0: f64,
    /// The T this call returns.
    t_ret: f64,
}

impl<'w, 'n> Run<'w, 'n> {
    /// Cuts the work arrays of a checked call. Inline: once per call, often once per
    /// step, and built in place.
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn new(c: &'w mut Call<'_>, lay: Layout, notes: &'n mut Vec<Diagnostic>) -> Self {
        let iw = &*c.iwork;
        // Only the Krylov option's performance test reads them.
        let counts0 = if lay.krylov.is_some() {
            [iw[IW_NNI], iw[IW_NLI], iw[IW_NCFN], iw[IW_NCFL]]
        } else {
            [0; 4]
        };
        Run {
            notes,
            counts0,
            nwarn: 0,
            w: Work::split(&mut *c.rwork, &mut *c.iwork, lay),
            t0: *c.t,
            t_ret: *c.t,
            t: &mut *c.t,
            y: &mut *c.y,
            yp: &mut *c.yprime,
            jroot: &mut *c.jroot,
            info: &mut *c.info,
            rtol: &mut *c.rtol,
            atol: &mut *c.atol,
            tout: c.tout,
            tstop: 0.0,
            uround: 0.0,
            tn: 0.0,
            h: 0.0,
            h0: 0.0,
        }
    }

    /// INFO(3): return after each step.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn each_step(&self) -> bool {
        self.info[2] != 0
    }

    /// INFO(4): never step past TSTOP.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn with_tstop(&self) -> bool {
        self.info[3] != 0
    }

    /// H reduced to HMAX when INFO(7) = 1.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn limited(&self, h: f64) -> f64 {
        if self.info[6] != 0 {
            limit_by_hmax(h, self.w.head[RW_HMAX])
        } else {
            h
        }
    }

    /// Sets WT (reciprocal, DINVWT) and VT from Y (`from_y`) or PHI(*,1); false if a
    /// weight is <= 0. Out of line for the calls made once per integration or after a
    /// failure; the step loop inlines [`Run::weights_from`].
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn update_weights(&mut self, from_y: bool) -> bool {
        self.weights_from(from_y).is_some()
    }

    /// [`Run::update_weights`], inline: before every step. `Some`: the bound of the
    /// weighted norm of its base ([`weighted_bound`]), for the accuracy check.
    #[inline(always)]
    fn weights_from(&mut self, from_y: bool) -> Option<f64> {
        let w = &mut self.w;
        let base: &[f64] = if from_y { self.y } else { &w.phi[..w.neq] };
        let bound = if self.info[1] == 1 {
            if !set_reciprocal_weights(true, self.rtol, self.atol, base, w.wt) {
                return None;
            }
            weighted_bound(base, w.wt)
        } else {
            reciprocal_weights_of(self.rtol[0], self.atol[0], base, w.wt)?
        };
        if w.separate_vt {
            mask_algebraic(w.id, w.wt, w.vt);
        }
        Some(bound)
    }

    /// The initial step size from the weighted norm of y' over VT (statement 310).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn initial_step(&self, tdist: f64) -> f64 {
        let vt: &[f64] = if self.w.separate_vt {
            self.w.vt
        } else {
            self.w.wt
        };
        initial_step(tdist, weighted_rms(self.yp, vt), self.tout - self.t0)
    }

    /// The first call (statements 300-330): weights, unit roundoff and constants, the
    /// initial step size fitted to HMAX and TSTOP; then the initial values and the
    /// history. Out of line: once per integration.
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn first_call<P: Problem + ?Sized>(&mut self, p: &mut P, index: bool) -> Result<Start, Stop> {
        let (t0, tout) = (self.t0, self.tout);
        self.tn = t0;
        if !self.update_weights(true) {
            return Err(weight_illegal().into());
        }
        let uround = f64::EPSILON;
        self.uround = uround;
        let head = &mut *self.w.head;
        head[RW_ROUND] = uround;
        // MAX(ABS(T),ABS(TOUT)) as compiled (MAXSD): ABS(TOUT) on NaN.
        let hmin = 4.0 * uround * fmax(t0.abs(), tout.abs());
        if self.info[10] != 0 {
            if self.info[16] == 0 {
                head[RW_STOL] = uround.powf(0.6667);
            } else if head[RW_STOL] <= 0.0 {
                return Err(info17_illegal().into());
            }
        }
        head[RW_EPCON] = 0.33;
        head[RW_SQRN] = (self.w.neq as f64).sqrt();
        head[RW_RSQRN] = 1.0 / head[RW_SQRN];
        let tdist = (tout - t0).abs();
        if tdist < hmin {
            return Err(illegal(
                14,
                "DASKR-- TOUT (=R1) TOO CLOSE TO T (=R2) TO START INTEGRATION",
                &[],
                &[tout, t0],
            )
            .into());
        }
        let mut h0 = if self.info[7] != 0 {
            let h0 = head[RW_H];
            if (tout - t0) * h0 < 0.0 {
                return Err(tout_behind_t(tout, t0).into());
            }
            if h0 == 0.0 {
                return Err(illegal(12, "DASKR--  INFO(8)=1 AND H0=0.0", &[], &[]).into());
            }
            h0
        } else {
            self.initial_step(tdist)
        };
        h0 = self.limited(h0);
        if self.with_tstop() {
            let tstop = self.w.head[RW_TSTOP];
            self.tstop = tstop;
            h0 = fit_first_step(t0, tout, tstop, h0)
                .map_err(|p| tstop_illegal(p, tstop, t0, tout))?;
        }
        self.h0 = h0;
        if self.info[10] != 0 {
            if let Some(start) = self.consistent_values(p, index, tdist)? {
                self.h = self.h0;
                return Ok(start);
            }
        }
        self.h = self.h0;
        self.start_history(p)
    }

    /// Statements 340-360: consistent initial values (INFO(11)), twice (the second time
    /// with weights from the new y); then the initial step size again from them, unless
    /// the call stops here (INFO(14) = 1, IDID = 4). `None`: go on to the history.
    /// Out of line and cold: only with INFO(11) != 0, off the pages of the usual path.
    #[cold]
    #[inline(never)]
    fn consistent_values<P: Problem + ?Sized>(
        &mut self,
        p: &mut P,
        index: bool,
        tdist: f64,
    ) -> Result<Option<Start>, Illegal> {
        let constrained = has_constraints(self.info[9]);
        let head = &*self.w.head;
        let ctl = InitControls {
            icopt: self.info[10],
            tscale: if index { 0.0 } else { tdist },
            epcon: head[RW_EPIN] * head[RW_EPCON],
            stptol: head[RW_STOL],
            uround: self.uround,
            constrained,
            jflg: self.info[14] != 0,
        };
        for nwt in 1..=2 {
            let (y, yp) = (&mut *self.y, &mut *self.yp);
            let (tn, h0, w) = (self.tn, &mut self.h0, &mut self.w);
            if let Err(failure) = initial_values(p, tn, y, yp, h0, &ctl, w, nwt) {
                return Ok(Some(Start::Failed(failure)));
            }
            if nwt == 1 && !self.update_weights(true) {
                return Err(weight_illegal());
            }
        }
        if self.info[13] == 1 {
            if self.info[10] == 1 {
                self.w.head[RW_HOLD] = self.h0;
            }
            return Ok(Some(Start::Done(Success::Initialized)));
        }
        if !self.update_weights(true) {
            return Err(weight_illegal());
        }
        let h0 = if self.info[7] != 0 {
            self.w.head[RW_H]
        } else {
            self.initial_step(tdist)
        };
        let (t0, tstop) = (self.t0, self.tstop);
        let mut h0 = self.limited(h0);
        if self.with_tstop() && (t0 + h0 - tstop) * h0 > 0.0 {
            h0 = tstop - t0;
        }
        self.h0 = h0;
        Ok(None)
    }

    /// Statements 370-390: H, PHI, PSI and KOLD for the first step, and the root check at
    /// the initial point.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn start_history<P: Problem + ?Sized>(&mut self, p: &mut P) -> Result<Start, Stop> {
        let (h, neq) = (self.h, self.w.neq);
        let w = &mut self.w;
        w.head[RW_H] = h;
        column_mut(w.phi, neq, 0).copy_from_slice(self.y);
        for (ph, ypi) in column_mut(w.phi, neq, 1).iter_mut().zip(self.yp.iter()) {
            *ph = h * ypi;
        }
        w.head[RW_T0] = self.t0;
        w.iw[IW_IRFND] = 0;
        w.head[RW_PSI] = h;
        w.head[RW_PSI + 1] = 2.0 * h;
        w.iw[IW_KOLD] = 1;
        if self.w.nrt > 0 {
            self.roots(p, Job::Start, self.t0)?;
        }
        Ok(Start::Integrate)
    }

    /// The root check `job` at `tn` (DRCHEK): whether a root was found; the root
    /// functions' problems end the call (T is set where one returned a non-finite value).
    /// Out of line: only with root functions, whose evaluation outweighs the call.
    #[inline(never)]
    fn roots<P: Problem + ?Sized>(&mut self, p: &mut P, job: Job, tn: f64) -> Result<bool, Stop> {
        let (y, yp, jroot) = (&mut *self.y, &mut *self.yp, &mut *self.jroot);
        match check(
            job,
            p,
            tn,
            self.tout,
            y,
            yp,
            jroot,
            self.uround,
            &mut self.w,
        ) {
            Check::ZeroTwice if job != Job::AfterStep => Err(Stop::Roots(RootProblem::ZeroTwice {
                t: self.w.head[RW_T0],
            })),
            Check::Root if job != Job::Start => {
                self.w.iw[IW_IRFND] = 1;
                self.t_ret = self.w.head[RW_T0];
                Ok(true)
            }
            Check::ZeroTwice | Check::Root | Check::Clear => Ok(false),
        }
    }

    /// A continuation call (statements 400-490): a root pending at T0? Is the answer
    /// already there? Else the step size is fitted to HMAX and TSTOP.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn continuation<P: Problem + ?Sized>(&mut self, p: &mut P) -> Result<Start, Stop> {
        let (t0, tout) = (self.t0, self.tout);
        self.uround = self.w.head[RW_ROUND];
        self.tn = self.w.head[RW_TN];
        self.h = self.w.head[RW_H];
        let tn = self.tn;
        if self.w.nrt > 0 && self.roots(p, Job::Resume, tn)? {
            return Ok(Start::Done(Success::Root));
        }
        self.h = self.limited(self.h);
        let h = self.h;
        if t0 == tout {
            return Err(tout_equals_t(tout, t0).into());
        }
        if (t0 - tout) * h > 0.0 {
            return Err(tout_behind_t(tout, t0).into());
        }
        if self.with_tstop() {
            let tstop = self.w.head[RW_TSTOP];
            self.tstop = tstop;
            check_tstop(tn, tstop, tout, h).map_err(|p| tstop_illegal(p, tstop, t0, tout))?;
        }
        if let Some((target, success)) = answer_without_step(self.each_step(), t0, tn, tout, h) {
            self.answer(target);
            return Ok(Start::Done(success));
        }
        if !self.with_tstop() {
            return Ok(Start::Integrate);
        }
        let tstop = self.tstop;
        if (tn - tstop).abs() <= 100.0 * self.uround * (tn.abs() + h.abs()) {
            self.answer(tstop);
            return Ok(Start::Done(Success::Tstop));
        }
        if let Some(h) = clip_to_tstop(tn, h, tstop) {
            self.h = h;
            self.w.head[RW_H] = h;
        }
        Ok(Start::Integrate)
    }

    /// Y, YPRIME interpolated at `target`, which the call returns (DDATRP). Out of
    /// line: once per call at most, and it keeps [`Run::after_step`] small enough to inline.
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn answer(&mut self, target: f64) {
        let kold = as_index(self.w.iw[IW_KOLD]);
        let psi = &self.w.head[RW_PSI..RW_PSI + 6];
        interpolate(self.tn, target, self.y, self.yp, kold, self.w.phi, psi);
        self.t_ret = target;
    }

    /// The stepping loop (statements 500-580): the 500-step limit, new weights, the
    /// accuracy check and HMIN before each step; after it the root check and the
    /// TOUT/TSTOP tests. A root function's problem ends the call at once.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn step_loop<P: Problem + ?Sized>(
        &mut self,
        p: &mut P,
    ) -> Result<Result<Success, Failure>, Stop> {
        let (neq, uround, tout) = (self.w.neq, self.uround, self.tout);
        loop {
            if self.w.iw[IW_NST] - self.w.iw[IW_NSTL] >= 500 {
                return Ok(Err(Failure::TooMuchWork));
            }
            if self.w.krylov {
                self.check_performance();
            }
            let Some(bound) = self.weights_from(false) else {
                return Ok(Err(Failure::NonPositiveWeight));
            };
            // IF(R.LE.1.0D0) GO TO 525: a NaN R (an infinite Y) falls through to -2. R
            // from the bound of the norm where that is at most 1 (nearly always).
            let y = &self.w.phi[..neq];
            if not_le(bound * 100.0 * uround, 1.0) {
                let r = weighted_rms(y, self.w.wt) * 100.0 * uround;
                if not_le(r, 1.0) {
                    scale_tolerances(self.info[1] == 1, self.rtol, self.atol, neq, r);
                    return Ok(Err(Failure::TooMuchAccuracy { factor: r }));
                }
            }
            // MAX(ABS(TN),ABS(TOUT)) as compiled (MAXSD): ABS(TOUT) on NaN.
            let limits = StepLimits {
                hmin: 4.0 * uround * fmax(self.tn.abs(), tout.abs()),
                uround,
                epcon: self.w.head[RW_EPCON],
                nonneg: self.info[9] == 2 || self.info[9] == 3,
            };
            self.h = self.limited(self.h);
            let (y, yp, h) = (&mut *self.y, &mut *self.yp, &mut self.h);
            let jflg = self.info[14] != 0;
            let (tn, jstart, w) = (&mut self.tn, &mut self.info[0], &mut self.w);
            if let Err(failure) = take_step(p, tn, y, yp, h, jstart, w, &limits, jflg) {
                return Ok(Err(failure));
            }
            if self.w.nrt > 0 && self.roots(p, Job::AfterStep, self.tn)? {
                return Ok(Ok(Success::Root));
            }
            if let Some(success) = self.after_step() {
                return Ok(Ok(success));
            }
        }
    }

    /// Statement 505: after ten steps in this call, warns (at most ten times per call)
    /// when the linear iterations per nonlinear one exceed MAXL, or nine in ten steps
    /// had a nonlinear, or nine in ten nonlinear iterations a linear convergence failure.
    /// The ratios are single precision (the original's REAL), compared in double.
    fn check_performance(&mut self) {
        let iw = &*self.w.iw;
        let [nni0, nli0, ncfn0, ncfl0] = self.counts0;
        let nstd = iw[IW_NST] - iw[IW_NSTL];
        let nnid = iw[IW_NNI] - nni0;
        if nstd < 10 || nnid == 0 {
            return;
        }
        let ratio = |a: i32, b: i32| f64::from((a as f32) / (b as f32));
        let avlin = ratio(iw[IW_NLI] - nli0, nnid);
        let rcfn = ratio(iw[IW_NCFN] - ncfn0, nstd);
        let rcfl = ratio(iw[IW_NCFL] - ncfl0, nnid);
        let fmaxl = f64::from(iw[IW_MAXL]);
        let (lavl, lcfn, lcfl) = (avlin > fmaxl, rcfn > 0.9, rcfl > 0.9);
        if !(lavl || lcfn || lcfl) {
            return;
        }
        self.nwarn += 1;
        if self.nwarn > 10 {
            return;
        }
        let tn = self.tn;
        let warnings = [
            (
                lavl,
                501,
                "      at T = R1. Average no. of linear iterations = R2",
                avlin,
            ),
            (
                lcfn,
                502,
                "      at T = R1. Nonlinear convergence failure rate = R2",
                rcfn,
            ),
            (
                lcfl,
                503,
                "      at T = R1. Linear convergence failure rate = R2",
                rcfl,
            ),
        ];
        for (on, nerr, line, value) in warnings {
            if on {
                self.notes.push(Diagnostic::xerrwd(
                    nerr,
                    0,
                    &[
                        "DASKR-- Warning. Poor iterative algorithm performance",
                        line,
                    ],
                    &[],
                    &[tn, value],
                ));
            }
        }
    }

    /// The tests after a step (statements 525-580), in DDASKR's order: TSTOP reached,
    /// TOUT passed, one step per call; else the next step is cut to end at TSTOP.
    /// Inline: after every step.
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn after_step(&mut self) -> Option<Success> {
        let (tn, h, tout, tstop) = (self.tn, self.h, self.tout, self.tstop);
        let near_tstop = (tn - tstop).abs() <= 100.0 * self.uround * (tn.abs() + h.abs());
        let passed_tout = (tn - tout) * h >= 0.0;
        let reached = if !self.with_tstop() {
            if passed_tout {
                Some((tout, Success::Tout))
            } else if !self.each_step() {
                None
            } else {
                Some((tn, Success::Step))
            }
        } else if near_tstop {
            Some((tstop, Success::Tstop))
        } else if passed_tout {
            Some((tout, Success::Tout))
        } else if !self.each_step() {
            if let Some(h) = clip_to_tstop(tn, h, tstop) {
                self.h = h;
            }
            None
        } else {
            Some((tn, Success::Step))
        };
        let (target, success) = reached?;
        if success == Success::Step {
            self.t_ret = tn;
        } else {
            self.answer(target);
        }
        Some(success)
    }

    /// The returns (statements 590 and 600-700): TN, H (and TLAST) stored; T is the point
    /// returned, or TN on a failure, when INFO(1) = -1 makes the next call act on it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn finish(&mut self, result: Result<Success, Failure>) -> Outcome {
        let (tn, h) = (self.tn, self.h);
        self.w.head[RW_TN] = tn;
        self.w.head[RW_H] = h;
        match result {
            Ok(success) => {
                self.w.head[RW_TLAST] = self.t_ret;
                *self.t = self.t_ret;
                Ok(success)
            }
            Err(failure) => {
                self.info[0] = -1;
                *self.t = tn;
                Err(Stop::Failed { failure, t: tn, h })
            }
        }
    }
}
