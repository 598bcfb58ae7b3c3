//! The original's call over slices: [`ddassl`] runs the typed driver and turns its
//! outcome into IDID, INFO(1) and the messages DDASSL prints (labels 600-690 and 701-760),
//! the one place where DDASSL's outcomes become codes. `src/ffi/` calls it.

use super::driver::integrate;
use super::Residual;
use crate::bdf::diagnostics::{fmt_i8, Diagnostic, Note};
use crate::bdf::outcome::{self, Failure, KrylovFailure, Outcome, StepFailure, Stop};

/// One DDASSL call: the original's arguments, as slices (RES, JAC, RPAR and IPAR travel
/// in the [`Residual`] object).
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
    /// INFO(15).
    pub info: &'a mut [i32; 15],
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
}

/// Runs one DDASSL call and returns the messages the original would print. IDID, T, Y,
/// YPRIME, INFO(1), RWORK, IWORK (and RTOL/ATOL on IDID = -2) are updated in `call`.
pub fn ddassl<R: Residual + ?Sized>(res: &mut R, call: Call<'_>) -> Vec<Diagnostic> {
    let mut call = call;
    let mut notes = Vec::new();
    // The outcome is in IDID and the messages.
    let _ = run(res, &mut call, |note| notes.push(note.into_diagnostic()));
    notes
}

/// One call: the typed outcome, with IDID and INFO(1) written as the original writes
/// them; the messages it prints go to `report`, which only an unsuccessful call reaches
/// (so that a call per step builds none). Inline: the export runs it on every step.
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub(crate) fn run<R: Residual + ?Sized>(
    res: &mut R,
    call: &mut Call<'_>,
    report: impl FnMut(Note<'_>),
) -> Outcome {
    let outcome = integrate(res, call);
    *call.idid = outcome::idid(&outcome);
    if let Err(stop) = &outcome {
        stopped(stop, &mut call.info[0], report);
    }
    outcome
}

/// One call as the export makes it: [`run`] without the outcome, which IDID and the
/// messages carry (a call that succeeds has nothing to drop); not `let _ = run(..)`,
/// whose kept outcome costs 1.2 % of a one-step-per-call DDASSL run (callgrind, kit
/// vdpol 1e-10). Out of line, the driver inlined into it: the outcome goes from the
/// driver to IDID in registers, not through memory the export reads back.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub(crate) fn answer<R: Residual + ?Sized>(
    res: &mut R,
    call: &mut Call<'_>,
    report: impl FnMut(Note<'_>),
) {
    match integrate(res, call) {
        Ok(success) => *call.idid = success.idid(),
        Err(stop) => failed(stop, call, report),
    }
}

/// IDID and the messages of a call that stopped: out of line, off the path every step
/// takes.
#[cold]
#[inline(never)]
fn failed(stop: Stop, call: &mut Call<'_>, report: impl FnMut(Note<'_>)) {
    let outcome = Err(stop);
    *call.idid = outcome::idid(&outcome);
    if let Err(stop) = &outcome {
        stopped(stop, &mut call.info[0], report);
    }
}

/// The messages of a call that stopped, and INFO(1) = -1 after illegal input.
#[cold]
#[inline(never)]
fn stopped(stop: &Stop, info1: &mut i32, mut report: impl FnMut(Note<'_>)) {
    match stop {
        // DDASSL has no root functions: its driver never reports them.
        Stop::Roots(_) => {}
        Stop::Failed { failure, t, h } => report(failure_message(*failure, *t, *h)),
        Stop::Illegal(note) => {
            report(Note::Built(note));
            if *info1 == -1 {
                let repeated = Diagnostic::xermsg(
                    -999,
                    2,
                    "REPEATED OCCURRENCES OF ILLEGAL INPUT$$RUN TERMINATED. APPARENT INFINITE LOOP"
                        .into(),
                );
                report(Note::Built(&repeated));
            }
            *info1 = -1;
        }
        // The original stops the program here (a fatal XERMSG); the library returns
        // instead, and says with IDID = -33 that the call was refused.
        Stop::NoActionTaken { idid } => {
            let no_action = Diagnostic::xermsg(
                -998,
                2,
                format!(
                    "THE LAST STEP TERMINATED WITH A NEGATIVE VALUE OF IDID = {} AND NO APPROPRIATE ACTION WAS TAKEN.  RUN TERMINATED",
                    fmt_i8((*idid).into())
                ),
            );
            report(Note::Built(&no_action));
        }
    }
}

/// The message of an unsuccessful return at TN = `t` with step size `h` (labels 600-690;
/// XERMSG's number is the IDID), as parts formatted only when printed.
#[cold]
fn failure_message(failure: Failure, t: f64, h: f64) -> Note<'static> {
    const AT_T: &str = "AT T = ";
    const AND_H: &str = " AND STEPSIZE H = ";
    let parts: &'static [&'static str] = match failure {
        Failure::TooMuchWork => &[
            "AT CURRENT T = ",
            " 500 STEPS TAKEN ON THIS CALL BEFORE REACHING TOUT",
        ],
        Failure::TooMuchAccuracy { .. } => &[
            AT_T,
            " TOO MUCH ACCURACY REQUESTED FOR PRECISION OF MACHINE. RTOL AND ATOL WERE INCREASED TO APPROPRIATE VALUES",
        ],
        Failure::NonPositiveWeight => &[AT_T, " SOME ELEMENT OF WT HAS BECOME .LE. 0.0"],
        Failure::Step(StepFailure::ErrorTestFailures) => &[
            AT_T,
            AND_H,
            " THE ERROR TEST FAILED REPEATEDLY OR WITH ABS(H)=HMIN",
        ],
        Failure::Step(StepFailure::ConvergenceFailures) => &[
            AT_T,
            AND_H,
            " THE CORRECTOR FAILED TO CONVERGE REPEATEDLY OR WITH ABS(H)=HMIN",
        ],
        Failure::Step(StepFailure::SingularMatrix) => {
            &[AT_T, AND_H, " THE ITERATION MATRIX IS SINGULAR"]
        }
        Failure::Step(StepFailure::ConvergenceAfterErrorTests) => &[
            AT_T,
            AND_H,
            " THE CORRECTOR COULD NOT CONVERGE.  ALSO, THE ERROR TEST FAILED REPEATEDLY.",
        ],
        Failure::Step(StepFailure::IllegalY) => &[
            AT_T,
            AND_H,
            " THE CORRECTOR COULD NOT CONVERGE BECAUSE IRES WAS EQUAL TO MINUS ONE",
        ],
        Failure::Step(StepFailure::Stopped) => &[AT_T, AND_H, " IRES WAS EQUAL TO MINUS TWO"],
        Failure::InitialValues { h: h0 } => {
            return Note::Xermsg {
                nerr: failure.idid(),
                parts: &[
                    AT_T,
                    AND_H,
                    " THE INITIAL YPRIME COULD NOT BE COMPUTED",
                ],
                values: [t, h0],
            }
        }
        // DDASSL has no Krylov option: its steps never fail this way.
        Failure::Krylov(KrylovFailure::Preconditioner) => {
            &[AT_T, AND_H, " THE KRYLOV SOLVER FAILED (IDID = -5)"]
        }
        Failure::Krylov(KrylovFailure::Psol) => {
            &[AT_T, AND_H, " THE KRYLOV SOLVER FAILED (IDID = -13)"]
        }
        Failure::Krylov(KrylovFailure::LinearSolver) => {
            &[AT_T, AND_H, " THE KRYLOV SOLVER FAILED (IDID = -14)"]
        }
    };
    Note::Xermsg {
        nerr: failure.idid(),
        parts,
        values: [t, h],
    }
}
