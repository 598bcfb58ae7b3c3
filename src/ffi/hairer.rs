//! What the Hairer-family exports share: the record of SOLOUT calls in progress, by
//! which CONTR5, CONTRA and CONTRO recognise a CONT (the originals kept its step data in
//! COMMON blocks), and the argument checks of those dense-output functions.

use std::borrow::Cow;
use std::cell::RefCell;

use super::{message, message_as, print, read, unfit, FInt, Message};
use crate::bdf::diagnostics::Text;
use crate::hairer::messages::{Exit, Refusals};
use crate::hairer::refuse;
use crate::radau5::Outcome;

/// Refuses an initial Y with a NaN or an infinity (its first such component named).
#[link_section = hot_path!(real)]
pub(crate) fn nonfinite_y(y: &[f64], errors: &mut Refusals) {
    if let Some(i) = y.iter().position(|v| !v.is_finite()) {
        refuse(errors, || format!("Y({}) = {} is not finite", i + 1, y[i]));
    }
}

/// The step data a dense-output function needs besides CONT (what each original kept in
/// its COMMON block).
#[derive(Clone, Copy)]
pub(crate) enum Step {
    /// RADAU5 (/CONRA5/): XSOL, HSOL.
    Radau5 { xsol: f64, hsol: f64 },
    /// RADAU (/WEIGHT/): NS, XSOL, HSOL and the nodes.
    Radau {
        ns: usize,
        xsol: f64,
        hsol: f64,
        c: [f64; 8],
    },
    /// RODAS (/CONROS/): XOLD, H.
    Rodas { xold: f64, h: f64 },
}

/// A SOLOUT call in progress: the address of its CONT, N and the step.
#[derive(Clone, Copy)]
pub(crate) struct ActiveSolout {
    pub cont: *const f64,
    pub n: usize,
    pub step: Step,
}

thread_local! {
    /// The SOLOUT calls in progress on this thread, innermost last: a dense-output
    /// function recognises a CONT by its address, so it never reads a foreign array, and
    /// nested or parallel integrations each find their own step.
    static ACTIVE: RefCell<Vec<ActiveSolout>> = const { RefCell::new(Vec::new()) };
}

/// Runs `call` (the user's SOLOUT) with `active` recorded as in progress.
pub(crate) fn with_active<R>(active: ActiveSolout, call: impl FnOnce() -> R) -> R {
    /// Takes the record off again however `call` ends.
    struct Pop;
    impl Drop for Pop {
        fn drop(&mut self) {
            ACTIVE.with(|a| a.borrow_mut().pop());
        }
    }
    ACTIVE.with(|a| a.borrow_mut().push(active));
    let _pop = Pop;
    call()
}

/// The arguments of a dense-output call: I, S and LRC read, LRC checked by `lrc_ok` as
/// far as it can be without the step, and the SOLOUT call in progress whose CONT is
/// `cont`. `None` after a message (prefixed `name`) for a null pointer, an LRC `lrc_ok`
/// refuses, or a CONT that `solver` did not hand to SOLOUT.
///
/// # Safety
/// `i`, `s` and `lrc` must be null or point to valid values.
pub(crate) unsafe fn dense_call(
    name: &str,
    solver: &str,
    i: *const FInt,
    s: *const f64,
    cont: *const f64,
    lrc: *const FInt,
    lrc_ok: impl Fn(FInt) -> Result<(), String>,
) -> Option<(FInt, f64, FInt, ActiveSolout)> {
    // SAFETY: null checks in `read`; valid targets are the caller's contract.
    let (Some(i), Some(s), Some(lrc)) =
        (unsafe { read(i) }, unsafe { read(s) }, unsafe { read(lrc) })
    else {
        message(&format!("{name}: a null pointer argument"));
        return None;
    };
    if let Err(why) = lrc_ok(lrc) {
        message(&format!("{name}: {why}"));
        return None;
    }
    let active = ACTIVE.with(|a| {
        a.borrow()
            .iter()
            .rev()
            .find(|active| std::ptr::eq(active.cont, cont))
            .copied()
    });
    let Some(active) = active else {
        message(&format!(
            "{name}: CONT was not handed to SOLOUT by {solver}"
        ));
        return None;
    };
    Some((i, s, lrc, active))
}

/// Component `i` (1-based) as a 0-based index into `n` components, or `None` after a
/// message.
pub(crate) fn component(name: &str, i: FInt, n: usize) -> Option<usize> {
    match usize::try_from(i) {
        Ok(k) if (1..=n).contains(&k) => Some(k - 1),
        _ => {
            message(&format!("{name}: component I = {i} outside 1..{n}"));
            None
        }
    }
}

/// IWORK(1..`len`) as the core's `Options::from_legacy` reads them, or the message of a
/// refusal when one of the slots `read` (1-based) does not fit `i32` (`int64` build).
pub(crate) fn iwork_options<'a>(
    iwork: &'a [FInt],
    len: usize,
    read: &[usize],
) -> Result<Cow<'a, [i32]>, String> {
    if let Some(why) = unfit("IWORK", iwork, read.iter().map(|k| k - 1)) {
        return Err(why);
    }
    let head = &iwork[..iwork.len().min(len)];
    #[cfg(not(feature = "int64"))]
    return Ok(Cow::Borrowed(head));
    #[cfg(feature = "int64")]
    return Ok(Cow::Owned(
        head.iter().map(|&v| super::saturate(v)).collect(),
    ));
}

/// Reports the refusals of a call of `name` (IDID = -1), one message each.
pub(crate) fn report(name: &str, refusals: &Refusals) {
    for refusal in refusals.iter() {
        message_as(&format!("{name}: {refusal}"), &[refusal.unit6(name)]);
    }
}

/// IDID for a call of `name` that ended with `outcome` at `x` (step size `h`, step limit
/// `nmax`), after the message of an exit before XEND.
#[link_section = hot_path!(real)]
pub(crate) fn exit_code(name: &str, outcome: Outcome, x: f64, h: f64, nmax: i64) -> i32 {
    match outcome {
        Outcome::Reached => 1,
        _ => exited(name, outcome, x, h, nmax),
    }
}

/// [`exit_code`] of an exit before XEND, with its message: out of line, off the path of
/// a call that reaches XEND.
#[cold]
#[inline(never)]
fn exited(name: &str, outcome: Outcome, x: f64, h: f64, nmax: i64) -> i32 {
    let (code, exit) = match outcome {
        Outcome::Reached => return 1,
        Outcome::Interrupted => (2, Exit::Interrupted),
        Outcome::TooManySteps => (-2, Exit::TooManySteps { nmax }),
        Outcome::StepSizeTooSmall => (-3, Exit::StepSizeTooSmall { h }),
        Outcome::RepeatedlySingular { stage } => (-4, Exit::RepeatedlySingular { ier: stage }),
    };
    print(&ExitAt { exit, name, x });
    code
}

/// An exit before XEND of the code `name` at `x`, as a message.
struct ExitAt<'a> {
    exit: Exit,
    name: &'a str,
    x: f64,
}

impl Message for ExitAt<'_> {
    #[cold]
    fn line(&self, out: &mut Text) {
        self.exit.write_line(out, self.name, self.x);
    }

    #[cold]
    fn records(&self, out: &mut Text) {
        self.exit.write_records(out, self.name, self.x);
    }
}
