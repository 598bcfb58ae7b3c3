//! Typed results of a step and of a call. The core returns these; the IDID each stands
//! for is defined here, once, for the legacy drivers (`ddassl`, `ddaskr`) that write it.

use super::diagnostics::Diagnostic;
use crate::Error;

/// Why a step could not be completed (DDASTP/DDSTP; y, y' are then interpolated back to
/// the last point reached).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepFailure {
    /// IDID = -6: repeated error-test failures, or one with |h| = hmin.
    ErrorTestFailures,
    /// IDID = -7: the corrector failed to converge repeatedly, or with |h| = hmin.
    ConvergenceFailures,
    /// IDID = -8: the iteration matrix is singular.
    SingularMatrix,
    /// IDID = -9: corrector failures after repeated error-test failures.
    ConvergenceAfterErrorTests,
    /// IDID = -10: the corrector failed because the residual kept reporting an illegal y.
    IllegalY,
    /// IDID = -11: the residual asked to stop.
    Stopped,
}

/// How DDASKR's Krylov option (INFO(12) = 1) failed a step (DNEDK's IDID).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KrylovFailure {
    /// IDID = -5: the preconditioner setup (JAC) failed repeatedly.
    Preconditioner,
    /// IDID = -13: PSOL returned IER < 0.
    Psol,
    /// IDID = -14: the Krylov linear solver failed to converge.
    LinearSolver,
}

impl KrylovFailure {
    /// The IDID of DNEDK.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn idid(self) -> i32 {
        match self {
            Self::Preconditioner => -5,
            Self::Psol => -13,
            Self::LinearSolver => -14,
        }
    }
}

/// How a call returned successfully.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Success {
    /// IDID = 1: one step was taken (INFO(3) = 1).
    Step,
    /// IDID = 2: TSTOP reached.
    Tstop,
    /// IDID = 3: TOUT reached (by interpolation).
    Tout,
    /// IDID = 4 (DDASKR): consistent initial values computed, INFO(14) = 1.
    Initialized,
    /// IDID = 5 (DDASKR): a root found, JROOT set.
    Root,
}

/// Why a call stopped before TOUT although its input was legal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Failure {
    /// IDID = -1: 500 steps on this call.
    TooMuchWork,
    /// IDID = -2: the tolerances were too small; they were multiplied by `factor`.
    TooMuchAccuracy {
        /// The factor R the tolerances were multiplied by.
        factor: f64,
    },
    /// IDID = -3: an error weight became <= 0 (or NaN).
    NonPositiveWeight,
    /// IDID = -6 … -11: a step failed.
    Step(StepFailure),
    /// IDID = -12: consistent initial values could not be computed.
    InitialValues {
        /// The last step size tried.
        h: f64,
    },
    /// IDID = -5, -13, -14 (DDASKR, INFO(12) = 1): the Krylov solver failed a step.
    Krylov(KrylovFailure),
}

/// Why DDASKR's root functions cannot be searched (IDID = -33).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RootProblem {
    /// A root function is zero at T0 and again just after it.
    ZeroTwice {
        /// T0.
        t: f64,
    },
}

/// Why a call did not succeed.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// The integration stopped at `t` with step size `h` (IDID < 0).
    Failed {
        /// What went wrong.
        failure: Failure,
        /// TN, where the integration stands.
        t: f64,
        /// H, the last step size tried.
        h: f64,
    },
    /// IDID = -33: illegal input, with the original's message.
    Illegal(Diagnostic),
    /// IDID = -33 (DDASKR): the root functions are ill-defined.
    Roots(RootProblem),
    /// IDID = -33: the previous call failed with `idid` and the next call took no action
    /// (INFO(1) = -1); the originals stop the program here.
    NoActionTaken {
        /// The earlier failure's IDID.
        idid: i32,
    },
}

/// The typed result of one call.
pub type Outcome = Result<Success, Stop>;

impl StepFailure {
    /// The IDID of DDASTP/DDSTP.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn idid(self) -> i32 {
        match self {
            Self::ErrorTestFailures => -6,
            Self::ConvergenceFailures => -7,
            Self::SingularMatrix => -8,
            Self::ConvergenceAfterErrorTests => -9,
            Self::IllegalY => -10,
            Self::Stopped => -11,
        }
    }
}

impl Success {
    /// IDID 1 … 5.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn idid(self) -> i32 {
        match self {
            Self::Step => 1,
            Self::Tstop => 2,
            Self::Tout => 3,
            Self::Initialized => 4,
            Self::Root => 5,
        }
    }
}

impl Failure {
    /// IDID -1 … -12.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn idid(self) -> i32 {
        match self {
            Self::TooMuchWork => -1,
            Self::TooMuchAccuracy { .. } => -2,
            Self::NonPositiveWeight => -3,
            Self::Step(f) => f.idid(),
            Self::InitialValues { .. } => -12,
            Self::Krylov(k) => k.idid(),
        }
    }
}

/// The IDID of a call's outcome.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn idid(outcome: &Outcome) -> i32 {
    match outcome {
        Ok(s) => s.idid(),
        Err(Stop::Failed { failure, .. }) => failure.idid(),
        Err(Stop::Illegal(_) | Stop::Roots(_) | Stop::NoActionTaken { .. }) => -33,
    }
}

impl From<Stop> for Error {
    fn from(stop: Stop) -> Self {
        match stop {
            Stop::Failed { failure, t, h } => match failure {
                Failure::TooMuchWork => Error::TooMuchWork { t },
                Failure::TooMuchAccuracy { .. } => Error::TooMuchAccuracy { t },
                Failure::NonPositiveWeight => Error::NonPositiveWeight { t },
                Failure::InitialValues { .. } => Error::InitialValues { t },
                Failure::Krylov(KrylovFailure::Preconditioner) => {
                    Error::PreconditionerSetupFailed { t, h }
                }
                Failure::Krylov(KrylovFailure::Psol) => Error::PreconditionerSolveFailed { t, h },
                Failure::Krylov(KrylovFailure::LinearSolver) => Error::LinearSolverFailed { t, h },
                Failure::Step(f) => match f {
                    StepFailure::ErrorTestFailures => Error::ErrorTestFailures { t, h },
                    StepFailure::ConvergenceFailures => Error::ConvergenceFailures { t, h },
                    StepFailure::SingularMatrix => Error::SingularMatrix { t, h },
                    StepFailure::ConvergenceAfterErrorTests => {
                        Error::ConvergenceAfterErrorTests { t, h }
                    }
                    StepFailure::IllegalY => Error::IllegalY { t, h },
                    StepFailure::Stopped => Error::Stopped { t, h },
                },
            },
            Stop::Illegal(d) => Error::InvalidInput {
                idid: -33,
                messages: vec![d.text],
            },
            Stop::Roots(RootProblem::ZeroTwice { t }) => Error::IllDefinedRoots { t },
            Stop::NoActionTaken { idid } => Error::NoActionTaken { idid },
        }
    }
}
