//! Errors of the safe API; each maps to the IDID code of the original code.

use thiserror::Error;

/// Why an integration stopped short of its end point.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Error {
    /// Inconsistent input (IDID = -1 in RADAU5, -33 in DASSL).
    #[error("invalid input: {0}")]
    InvalidInput(String),
}
