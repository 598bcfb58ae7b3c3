//! Errors of the safe API. Each variant maps to the IDID code of the original code and
//! carries what the original printed with it, so the FFI layer can reproduce the message.

use thiserror::Error;

use crate::radau5::Statistics;

/// Why a RADAU5 integration stopped short of its end point.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Radau5Error {
    /// Inconsistent input, one message per offending setting (IDID = -1).
    #[error("invalid input: {}", .0.join("; "))]
    InvalidInput(Vec<String>),
    /// More than `nmax` steps would be needed (IDID = -2).
    #[error("exit of RADAU5 at x = {x:e}: more than nmax = {nmax} steps are needed")]
    TooManySteps {
        /// The point reached.
        x: f64,
        /// The step limit, IWORK(2).
        nmax: usize,
        /// The statistics up to `x`.
        stats: Statistics,
    },
    /// The step size fell below `10 · uround · |x|` (IDID = -3).
    #[error("exit of RADAU5 at x = {x:e}: step size too small, h = {h:e}")]
    StepSizeTooSmall {
        /// The point reached.
        x: f64,
        /// The step size that was too small.
        h: f64,
        /// The statistics up to `x`.
        stats: Statistics,
    },
    /// The iteration matrix was singular five times in this call (IDID = -4).
    #[error("exit of RADAU5 at x = {x:e}: matrix is repeatedly singular, ier = {stage}")]
    RepeatedlySingular {
        /// The point reached.
        x: f64,
        /// The elimination stage of the last zero pivot (IER).
        stage: usize,
        /// The statistics up to `x`.
        stats: Statistics,
    },
}

impl Radau5Error {
    /// The IDID code the original RADAU5 returns for this failure.
    pub fn idid(&self) -> i32 {
        match self {
            Self::InvalidInput(_) => -1,
            Self::TooManySteps { .. } => -2,
            Self::StepSizeTooSmall { .. } => -3,
            Self::RepeatedlySingular { .. } => -4,
        }
    }

    /// The statistics gathered up to the failure (none for invalid input).
    pub fn stats(&self) -> Option<&Statistics> {
        match self {
            Self::InvalidInput(_) => None,
            Self::TooManySteps { stats, .. }
            | Self::StepSizeTooSmall { stats, .. }
            | Self::RepeatedlySingular { stats, .. } => Some(stats),
        }
    }
}
