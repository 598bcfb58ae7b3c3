//! Why a DASSL or DASKR integration stopped: the originals' negative IDID codes as one
//! typed error for the BDF family (the DDASKR-only cases say so).

use thiserror::Error;

/// A DDASSL or DDASKR failure; [`BdfError::idid`] gives the original's code.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum BdfError {
    /// IDID = -33: illegal input; the message is the original's.
    #[error("illegal input: {message}")]
    IllegalInput {
        /// The original's message text.
        message: String,
    },
    /// IDID = -1: 500 steps were taken in this call before reaching TOUT; calling again
    /// continues.
    #[error("500 steps taken on this call before reaching tout (t = {t:e})")]
    TooMuchWork {
        /// Where the integration stands.
        t: f64,
    },
    /// IDID = -2: the tolerances are too small for the machine precision; they were
    /// increased, calling again continues with them.
    #[error("too much accuracy requested at t = {t:e}; tolerances were increased")]
    TooMuchAccuracy {
        /// Where the integration stands.
        t: f64,
    },
    /// IDID = -3: an error weight became zero or negative.
    #[error("an error weight became <= 0 at t = {t:e}")]
    NonPositiveWeight {
        /// Where the integration stands.
        t: f64,
    },
    /// IDID = -6: repeated error-test failures, or one with |h| = hmin.
    #[error("error test failed repeatedly at t = {t:e}, h = {h:e}")]
    ErrorTestFailures {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// IDID = -7: the corrector failed to converge repeatedly, or with |h| = hmin.
    #[error("corrector failed to converge repeatedly at t = {t:e}, h = {h:e}")]
    ConvergenceFailures {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// IDID = -8: the iteration matrix is singular.
    #[error("singular iteration matrix at t = {t:e}, h = {h:e}")]
    SingularMatrix {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// IDID = -9: corrector failures after repeated error-test failures.
    #[error("corrector failed after repeated error-test failures at t = {t:e}, h = {h:e}")]
    ConvergenceAfterErrorTests {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// IDID = -10: the corrector failed because the residual kept reporting an illegal y.
    #[error("residual reported illegal y repeatedly at t = {t:e}, h = {h:e}")]
    IllegalY {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// IDID = -11: the residual asked to stop.
    #[error("residual requested a stop at t = {t:e}, h = {h:e}")]
    Stopped {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// IDID = -12: consistent initial values (DDASSL: the initial derivative) could not
    /// be computed (INFO(11)).
    #[error("consistent initial values could not be computed at t = {t:e}")]
    InitialYprime {
        /// The initial point.
        t: f64,
    },
    /// DDASKR only, IDID = -33 from the root check: a root function is zero at two very close
    /// points, or returned a value that is not finite.
    #[error("root functions ill-defined at t = {t:e}")]
    IllDefinedRoots {
        /// Where the root functions were evaluated.
        t: f64,
    },
    /// The previous call failed with this IDID and the integration was called again
    /// without taking the action the failure requires.
    #[error("the last step terminated with idid = {idid} and no appropriate action was taken")]
    NoActionTaken {
        /// The earlier failure's IDID.
        idid: i32,
    },
}

impl BdfError {
    /// The original's IDID for this failure (`NoActionTaken` keeps the earlier one).
    pub fn idid(&self) -> i32 {
        match self {
            Self::IllegalInput { .. } => -33,
            Self::TooMuchWork { .. } => -1,
            Self::TooMuchAccuracy { .. } => -2,
            Self::NonPositiveWeight { .. } => -3,
            Self::ErrorTestFailures { .. } => -6,
            Self::ConvergenceFailures { .. } => -7,
            Self::SingularMatrix { .. } => -8,
            Self::ConvergenceAfterErrorTests { .. } => -9,
            Self::IllegalY { .. } => -10,
            Self::Stopped { .. } => -11,
            Self::InitialYprime { .. } => -12,
            Self::IllDefinedRoots { .. } => -33,
            Self::NoActionTaken { idid } => *idid,
        }
    }
}
