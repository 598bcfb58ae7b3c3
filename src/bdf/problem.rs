//! What the user's problem and options say in both codes: the residual's flag (IRES),
//! tolerances (RTOL, ATOL with INFO(2)) and how the iteration matrix is obtained (INFO(5)).

use super::BdfError;

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

/// Absolute or relative tolerance: one value for all components, or one per component.
#[derive(Debug, Clone, PartialEq)]
pub enum Tolerance {
    /// The same tolerance for every component.
    Scalar(f64),
    /// One tolerance per component (INFO(2) = 1 when either tolerance is a vector).
    Vector(Vec<f64>),
}

impl Tolerance {
    /// The values the work arrays take: `n` copies of a scalar, or the vector when it has
    /// `n` entries.
    pub(crate) fn values(&self, n: usize) -> Result<Vec<f64>, BdfError> {
        match self {
            Tolerance::Scalar(v) => Ok(vec![*v; n]),
            Tolerance::Vector(v) if v.len() == n => Ok(v.clone()),
            Tolerance::Vector(v) => Err(BdfError::IllegalInput {
                message: format!(
                    "a tolerance vector has {} entries for {n} equations",
                    v.len()
                ),
            }),
        }
    }

    /// RTOL and ATOL as the originals take them, and INFO(2): vectors of `neq` values when
    /// either is a vector, else one value each.
    pub(crate) fn pair(
        rtol: &Tolerance,
        atol: &Tolerance,
        neq: usize,
    ) -> Result<(Vec<f64>, Vec<f64>, bool), BdfError> {
        let vector = matches!(rtol, Tolerance::Vector(_)) || matches!(atol, Tolerance::Vector(_));
        let n = if vector { neq } else { 1 };
        Ok((rtol.values(n)?, atol.values(n)?, vector))
    }
}

/// How the iteration matrix `G_y + CJ·G_y'` is obtained (INFO(5)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JacobianKind {
    /// Finite differences, as the original forms them.
    Numerical,
    /// The problem's analytic iteration matrix (`jacobian` of the residual trait).
    Analytic,
}
