//! The original's call over slices: [`ddaskr`] runs the typed driver and turns its
//! outcome into IDID, INFO(1) and the messages DDASKR prints through XERRWD (statements
//! 600-700 and 701-740), the one place where DDASKR's outcomes become codes. `src/ffi/`
//! calls it.

use super::driver::integrate;
use super::Problem;
use crate::bdf::diagnostics::{Diagnostic, Note};
use crate::bdf::outcome::{self, Failure, KrylovFailure, Outcome, RootProblem, StepFailure, Stop};

/// One DDASKR call: the original's arguments, as slices (RES, JAC, RT, RPAR and IPAR
/// travel in the [`Problem`] object; PSOL belongs to the Krylov option, not provided).
///
/// `#[repr(C)]`, TOUT after the arrays: `src/ffi/` keeps NEQ and the arrays of a checked
/// call in this order, and copies them in wide moves.
#[repr(C)]
pub struct Call<'a> {
    /// NEQ.
    pub neq: i32,
    /// T (in/out).
    pub t: &'a mut f64,
    /// Y(NEQ) (in/out).
    pub y: &'a mut [f64],
    /// YPRIME(NEQ) (in/out).
    pub yprime: &'a mut [f64],
    /// INFO(20).
    pub info: &'a mut [i32; 20],
    /// RTOL: one value, or NEQ with INFO(2) = 1. Scaled up on IDID = -2.
    pub rtol: &'a mut [f64],
    /// ATOL, like RTOL.
    pub atol: &'a mut [f64],
    /// IDID (read on continuation calls, as the original does, and written).
    pub idid: &'a mut i32,
    /// RWORK(LRW).
    pub rwork: &'a mut [f64],
    /// IWORK(LIW).
    pub iwork: &'a mut [i32],
    /// TOUT.
    pub tout: f64,
    /// NRT: number of root functions.
    pub nrt: i32,
    /// JROOT(NRT): on IDID = 5, +1 / -1 for the functions with a root (direction of the
    /// sign change), 0 for the others.
    pub jroot: &'a mut [i32],
}

/// Runs one DDASKR call and returns the messages the original would print. IDID, T, Y,
/// YPRIME, JROOT, INFO(1), RWORK, IWORK (and RTOL/ATOL on IDID = -2) are updated in `call`.
pub fn ddaskr<P: Problem + ?Sized>(p: &mut P, call: Call<'_>) -> Vec<Diagnostic> {
    let mut call = call;
    let mut notes = Vec::new();
    // The outcome is in IDID and the messages.
    let _ = run(p, &mut call, |note| notes.push(note.into_diagnostic()));
    notes
}

/// One call: the typed outcome, with IDID and INFO(1) written as the original writes
/// them; the messages it prints go to `report` (warnings first, then those of a call that
/// stopped).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub(crate) fn run<P: Problem + ?Sized>(
    p: &mut P,
    call: &mut Call<'_>,
    mut report: impl FnMut(Note<'_>),
) -> Outcome {
    let mut notes = Vec::new();
    let outcome = integrate(p, call, &mut notes);
    *call.idid = outcome::idid(&outcome);
    if !notes.is_empty() {
        warned(notes, &mut report);
    }
    if let Err(stop) = &outcome {
        stopped(stop, &mut call.info[0], report);
    }
    outcome
}

/// One call as the export makes it: [`run`] without the outcome, which IDID and the
/// messages carry (a call that succeeds has nothing to drop). Inlined into the export,
/// which runs it once per call; not `let _ = run(..)`, whose kept outcome costs 1.2 %
/// of a one-step-per-call DDASSL run (callgrind, kit vdpol 1e-10).
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub(crate) fn answer<P: Problem + ?Sized>(
    p: &mut P,
    call: &mut Call<'_>,
    mut report: impl FnMut(Note<'_>),
) {
    let mut notes = Vec::new();
    match integrate(p, call, &mut notes) {
        Ok(success) => {
            *call.idid = success.idid();
            // Without warnings `notes` was never pushed to and owns nothing: forgotten, so
            // that such a call (nearly all) runs no drop code for it.
            if notes.capacity() == 0 {
                std::mem::forget(notes);
            } else {
                warned(notes, &mut report);
            }
        }
        Err(stop) => failed(stop, notes, call, report),
    }
}

/// IDID, the warnings and the messages of a call that stopped, in that order: out of
/// line, off the path every step takes.
#[cold]
#[inline(never)]
fn failed(
    stop: Stop,
    notes: Vec<Diagnostic>,
    call: &mut Call<'_>,
    mut report: impl FnMut(Note<'_>),
) {
    let outcome = Err(stop);
    *call.idid = outcome::idid(&outcome);
    // Without warnings (nearly always) `notes` owns nothing: forgotten, so that no drop
    // code of its (cold on a first failing solve) runs.
    if notes.capacity() == 0 {
        std::mem::forget(notes);
    } else {
        warned(notes, &mut report);
    }
    if let Err(stop) = &outcome {
        stopped(stop, &mut call.info[0], report);
    }
}

/// The warnings a call printed on the way (the Krylov option's), reported in order.
#[cold]
#[inline(never)]
fn warned(notes: Vec<Diagnostic>, report: impl FnMut(Note<'_>)) {
    notes.iter().map(Note::Built).for_each(report);
}

/// The messages of a call that stopped, and INFO(1) = -1 after illegal input.
#[cold]
#[inline(never)]
fn stopped(stop: &Stop, info1: &mut i32, mut report: impl FnMut(Note<'_>)) {
    let refusal = match stop {
        Stop::Failed { failure, t, h } => {
            report(failure_message(*failure, *t, *h));
            None
        }
        Stop::Illegal(note) => Some(Note::Built(note)),
        Stop::Roots(problem) => Some(roots_message(*problem)),
        // The original returns here at XERRWD level 1 without setting IDID (it holds
        // the previous call's negative value); the library says with IDID = -33 that
        // the call was refused.
        Stop::NoActionTaken { idid } => {
            let no_action = Diagnostic::xerrwd(
                201,
                1,
                &[
                    "DASKR--  THE LAST STEP TERMINATED WITH A NEGATIVE",
                    "DASKR--  VALUE (=I1) OF IDID AND NO APPROPRIATE",
                    "DASKR--  ACTION WAS TAKEN. RUN TERMINATED",
                ],
                &[(*idid).into()],
                &[],
            );
            report(Note::Built(&no_action));
            None
        }
    };
    if let Some(note) = refusal {
        report(note);
        if *info1 == -1 {
            let repeated = Diagnostic::xerrwd(
                701,
                1,
                &[
                    "DASKR--  REPEATED OCCURRENCES OF ILLEGAL INPUT",
                    "DASKR--  RUN TERMINATED. APPARENT INFINITE LOOP",
                ],
                &[],
                &[],
            );
            report(Note::Built(&repeated));
        }
        *info1 = -1;
    }
}

/// The message of ill-defined root functions (IDID = -33, message 31).
fn roots_message(problem: RootProblem) -> Note<'static> {
    match problem {
        RootProblem::ZeroTwice { t } => Note::Xerrwd {
            nerr: 31,
            lines: &[
                "DASKR--  R IS ILL-DEFINED.  ZERO VALUES WERE FOUND AT TWO",
                "         VERY CLOSE T VALUES, AT T = R1",
            ],
            values: [t, 0.0],
            reals: 1,
        },
    }
}

/// The message of an unsuccessful return at TN = `t` with step size `h` (statements
/// 600-700), as parts formatted only when printed.
#[cold]
fn failure_message(failure: Failure, t: f64, h: f64) -> Note<'static> {
    const AT_T_H: &str = "DASKR--  AT T (=R1) AND STEPSIZE H (=R2) THE";
    let (nerr, lines, values, reals): (i32, &'static [&'static str], [f64; 2], usize) =
        match failure {
            Failure::TooMuchWork => (
                610,
                &[
                    "DASKR--  AT CURRENT T (=R1)  500 STEPS",
                    "DASKR--  TAKEN ON THIS CALL BEFORE REACHING TOUT",
                ],
                [t, h],
                1,
            ),
            Failure::TooMuchAccuracy { factor } => (
                620,
                &[
                    "DASKR--  AT T (=R1) TOO MUCH ACCURACY REQUESTED",
                    "DASKR--  FOR PRECISION OF MACHINE. RTOL AND ATOL",
                    "DASKR--  WERE INCREASED BY A FACTOR R (=R1)",
                ],
                [t, factor],
                2,
            ),
            Failure::NonPositiveWeight => (
                630,
                &[
                    "DASKR--  AT T (=R1) SOME ELEMENT OF WT",
                    "DASKR--  HAS BECOME .LE. 0.0",
                ],
                [t, h],
                1,
            ),
            Failure::Step(StepFailure::ErrorTestFailures) => (
                640,
                &[
                    AT_T_H,
                    "DASKR--  ERROR TEST FAILED REPEATEDLY OR WITH ABS(H)=HMIN",
                ],
                [t, h],
                2,
            ),
            Failure::Step(StepFailure::ConvergenceFailures) => (
                650,
                &[
                    AT_T_H,
                    "DASKR--  NONLINEAR SOLVER FAILED TO CONVERGE",
                    "DASKR--  REPEATEDLY OR WITH ABS(H)=HMIN",
                ],
                [t, h],
                2,
            ),
            Failure::Step(StepFailure::SingularMatrix) => (
                660,
                &[AT_T_H, "DASKR--  ITERATION MATRIX IS SINGULAR."],
                [t, h],
                2,
            ),
            Failure::Step(StepFailure::ConvergenceAfterErrorTests) => (
                670,
                &[
                    AT_T_H,
                    "DASKR--  NONLINEAR SOLVER COULD NOT CONVERGE.",
                    "DASKR--  ALSO, THE ERROR TEST FAILED REPEATEDLY.",
                ],
                [t, h],
                2,
            ),
            Failure::Step(StepFailure::IllegalY) => (
                675,
                &[
                    AT_T_H,
                    "DASKR--  NONLINEAR SYSTEM SOLVER COULD NOT CONVERGE",
                    "DASKR--  BECAUSE IRES WAS EQUAL TO MINUS ONE",
                ],
                [t, h],
                2,
            ),
            Failure::Step(StepFailure::Stopped) => (
                680,
                &[
                    "DASKR--  AT T (=R1) AND STEPSIZE H (=R2)",
                    "DASKR--  IRES WAS EQUAL TO MINUS TWO",
                ],
                [t, h],
                2,
            ),
            Failure::Krylov(KrylovFailure::Preconditioner) => (
                655,
                &[AT_T_H, "DASKR--  PRECONDITIONER HAD REPEATED FAILURES."],
                [t, h],
                2,
            ),
            Failure::Krylov(KrylovFailure::Psol) => (
                690,
                &[
                    "DASKR--  AT T (=R1) AND STEPSIZE H (=R2)",
                    "DASKR--  IER WAS NEGATIVE FROM PSOL",
                ],
                [t, h],
                2,
            ),
            Failure::Krylov(KrylovFailure::LinearSolver) => (
                695,
                &[AT_T_H, "DASKR--  LINEAR SYSTEM SOLVER COULD NOT CONVERGE."],
                [t, h],
                2,
            ),
            Failure::InitialValues { h: h0 } => (
                685,
                &[AT_T_H, "DASKR--  INITIAL (Y,YPRIME) COULD NOT BE COMPUTED"],
                [t, h0],
                2,
            ),
        };
    Note::Xerrwd {
        nerr,
        lines,
        values,
        reals,
    }
}
