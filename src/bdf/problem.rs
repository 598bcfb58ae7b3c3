//! What the user's problem and options say in both codes: the residual's flag (IRES),
//! tolerances (RTOL, ATOL with INFO(2)) and how the iteration matrix is obtained (INFO(5)).

use crate::{Error, Tolerance};

/// What a residual evaluation reports (the original's IRES).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResFlag {
    /// IRES >= 0: the residual was computed.
    Ok,
    /// IRES = -1: `y` is illegal; the step is retried with a smaller step size.
    IllegalY,
    /// IRES <= -2: stop the integration (IDID = -11).
    Stop,
}

impl ResFlag {
    /// The IRES value the original tests: 0, -1 or -2.
    pub fn ires(self) -> i32 {
        match self {
            Self::Ok => 0,
            Self::IllegalY => -1,
            Self::Stop => -2,
        }
    }

    /// The flag for an IRES value set by a Fortran or C residual routine.
    pub fn from_ires(ires: i32) -> Self {
        match ires {
            0.. => Self::Ok,
            -1 => Self::IllegalY,
            _ => Self::Stop,
        }
    }
}

/// RTOL and ATOL as the originals' arrays and INFO(2): one value each for scalar
/// tolerances, `neq` for vector ones.
pub fn tolerance_arrays(
    tolerance: &Tolerance,
    neq: usize,
) -> Result<(Vec<f64>, Vec<f64>, bool), Error> {
    let (rtol, atol) = tolerance.arrays(neq)?;
    Ok((rtol, atol, tolerance.is_vector()))
}

/// How the iteration matrix `G_y + CJ·G_y'` is obtained (INFO(5)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JacobianKind {
    /// Finite differences, as the original forms them.
    Numerical,
    /// The problem's analytic iteration matrix (`jacobian` of the residual trait).
    Analytic,
}

/// Step data from the original's output slots (the counters are in
/// [`crate::Statistics`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepData {
    /// IWORK(7): order for the next step.
    pub next_order: i32,
    /// IWORK(8): order of the last step.
    pub last_order: i32,
    /// RWORK(3): step size for the next step.
    pub next_h: f64,
    /// RWORK(7): last step size.
    pub last_h: f64,
    /// RWORK(4): how far the integrator has reached.
    pub tn: f64,
}
