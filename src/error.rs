//! Why an integration stopped, for every method of the family: one typed error whose
//! variants carry where it happened, and [`Error::idid`], the original's code for it.

use thiserror::Error;

/// A failed call of any method's safe API.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Error {
    /// Input the original refuses (RADAU5 IDID = -1, DDASSL/DDASKR -33), one message per
    /// offending setting, in the original's words.
    #[error("invalid input: {}", .messages.join("; "))]
    InvalidInput {
        /// The original's IDID for it.
        idid: i32,
        /// What is wrong.
        messages: Vec<String>,
    },
    /// A vector argument of the safe API does not have the length the problem needs.
    #[error("{what} has {found} components, {expected} expected")]
    WrongLength {
        /// Which argument.
        what: &'static str,
        /// The length needed.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// The options ask for a routine the problem does not implement (an analytic
    /// Jacobian or a mass matrix).
    #[error("the options ask for {what}, which the problem does not provide")]
    MissingCallback {
        /// The problem method that is missing.
        what: &'static str,
    },
    /// RADAU5 IDID = -2: more than NMAX steps would be needed.
    #[error("more than nmax = {nmax} steps are needed (t = {t:e})")]
    StepLimit {
        /// The point reached.
        t: f64,
        /// The step limit, IWORK(2).
        nmax: usize,
    },
    /// RADAU5 IDID = -3: the step size fell below `10 uround |t|`.
    #[error("step size too small at t = {t:e}, h = {h:e}")]
    StepSizeTooSmall {
        /// The point reached.
        t: f64,
        /// The step size that was too small.
        h: f64,
    },
    /// RADAU5 IDID = -4: the iteration matrix was singular five times in this call.
    #[error("matrix is repeatedly singular at t = {t:e}, ier = {stage}")]
    RepeatedlySingular {
        /// The point reached.
        t: f64,
        /// The elimination stage of the last zero pivot (IER).
        stage: usize,
    },
    /// DDASSL/DDASKR IDID = -1: 500 steps on this call before reaching TOUT; calling
    /// again continues.
    #[error("500 steps taken on this call before reaching tout (t = {t:e})")]
    TooMuchWork {
        /// Where the integration stands.
        t: f64,
    },
    /// DDASSL/DDASKR IDID = -2: the tolerances are too small for the machine precision;
    /// they were increased, calling again continues with them.
    #[error("too much accuracy requested at t = {t:e}; tolerances were increased")]
    TooMuchAccuracy {
        /// Where the integration stands.
        t: f64,
    },
    /// DDASSL/DDASKR IDID = -3: an error weight became zero or negative.
    #[error("an error weight became <= 0 at t = {t:e}")]
    NonPositiveWeight {
        /// Where the integration stands.
        t: f64,
    },
    /// DDASSL/DDASKR IDID = -6: repeated error-test failures, or one with |h| = hmin.
    #[error("error test failed repeatedly at t = {t:e}, h = {h:e}")]
    ErrorTestFailures {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASSL/DDASKR IDID = -7: the corrector failed to converge repeatedly.
    #[error("corrector failed to converge repeatedly at t = {t:e}, h = {h:e}")]
    ConvergenceFailures {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASSL/DDASKR IDID = -8: the iteration matrix is singular.
    #[error("singular iteration matrix at t = {t:e}, h = {h:e}")]
    SingularMatrix {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASSL/DDASKR IDID = -9: corrector failures after repeated error-test failures.
    #[error("corrector failed after repeated error-test failures at t = {t:e}, h = {h:e}")]
    ConvergenceAfterErrorTests {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASSL/DDASKR IDID = -10: the residual kept reporting an illegal y.
    #[error("residual reported illegal y repeatedly at t = {t:e}, h = {h:e}")]
    IllegalY {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASSL/DDASKR IDID = -11: the residual asked to stop.
    #[error("residual requested a stop at t = {t:e}, h = {h:e}")]
    Stopped {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASKR IDID = -5 (Krylov option): the preconditioner setup failed repeatedly.
    #[error("preconditioner setup failed repeatedly at t = {t:e}, h = {h:e}")]
    PreconditionerSetupFailed {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASKR IDID = -13 (Krylov option): the preconditioner solve reported an
    /// unrecoverable error.
    #[error("preconditioner solve failed at t = {t:e}, h = {h:e}")]
    PreconditionerSolveFailed {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASKR IDID = -14 (Krylov option): the Krylov linear solver failed to converge.
    #[error("the Krylov linear solver failed to converge at t = {t:e}, h = {h:e}")]
    LinearSolverFailed {
        /// Where the integration stands.
        t: f64,
        /// The last step size tried.
        h: f64,
    },
    /// DDASSL/DDASKR IDID = -12: consistent initial values (DDASSL: the initial
    /// derivative) could not be computed.
    #[error("consistent initial values could not be computed at t = {t:e}")]
    InitialValues {
        /// The initial point.
        t: f64,
    },
    /// DDASKR: the root functions are ill-defined, zero at two very close points (IDID =
    /// -33), or not finite, which the original reports as a root on which no function
    /// changes sign (IDID = 5, every JROOT = 0).
    #[error("root functions ill-defined at t = {t:e}")]
    IllDefinedRoots {
        /// Where the root functions were evaluated.
        t: f64,
    },
    /// DDASSL/DDASKR: the previous call failed with this IDID and the integration was
    /// called again without the action the failure requires.
    #[error("the last step terminated with idid = {idid} and no appropriate action was taken")]
    NoActionTaken {
        /// The earlier failure's IDID.
        idid: i32,
    },
}

impl Error {
    /// The IDID the original returns for this failure; `None` for the safe API's own
    /// checks (lengths, missing routines), which the legacy interface cannot express.
    pub fn idid(&self) -> Option<i32> {
        Some(match self {
            Self::InvalidInput { idid, .. } | Self::NoActionTaken { idid } => *idid,
            Self::WrongLength { .. } | Self::MissingCallback { .. } => return None,
            Self::StepLimit { .. } => -2,
            Self::StepSizeTooSmall { .. } => -3,
            Self::RepeatedlySingular { .. } => -4,
            Self::TooMuchWork { .. } => -1,
            Self::TooMuchAccuracy { .. } => -2,
            Self::NonPositiveWeight { .. } => -3,
            Self::ErrorTestFailures { .. } => -6,
            Self::ConvergenceFailures { .. } => -7,
            Self::SingularMatrix { .. } => -8,
            Self::ConvergenceAfterErrorTests { .. } => -9,
            Self::IllegalY { .. } => -10,
            Self::Stopped { .. } => -11,
            Self::InitialValues { .. } => -12,
            Self::PreconditionerSetupFailed { .. } => -5,
            Self::PreconditionerSolveFailed { .. } => -13,
            Self::LinearSolverFailed { .. } => -14,
            Self::IllDefinedRoots { .. } => -33,
        })
    }
}
