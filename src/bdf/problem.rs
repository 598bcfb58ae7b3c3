//! What the user's problem and options say in both codes: the residual's flag (IRES),
//! tolerances (RTOL, ATOL with INFO(2)) and how the iteration matrix is obtained (INFO(5)).

use super::layout::{IW_ETF, IW_K, IW_KOLD, IW_NCFN, IW_NJE, IW_NRE, IW_NST, RW_H, RW_HOLD, RW_TN};
use crate::{Error, Statistics, Tolerance};

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
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn ires(self) -> i32 {
        match self {
            Self::Ok => 0,
            Self::IllegalY => -1,
            Self::Stop => -2,
        }
    }

    /// The flag for an IRES value set by a Fortran or C residual routine.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
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

impl StepData {
    /// The step data in the work arrays of either code (the slots they share).
    pub(crate) fn read(rwork: &[f64], iwork: &[i32]) -> Self {
        Self {
            next_order: iwork[IW_K],
            last_order: iwork[IW_KOLD],
            next_h: rwork[RW_H],
            last_h: rwork[RW_HOLD],
            tn: rwork[RW_TN],
        }
    }
}

/// IWORK(11..15) of either code in the family's names (the Test Set's steps: accepted
/// steps and both kinds of failures).
pub(crate) fn counters(iwork: &[i32]) -> Statistics {
    let count = |i: usize| u64::try_from(iwork[i]).unwrap_or(0);
    let (accepted, etf, cvf) = (count(IW_NST), count(IW_ETF), count(IW_NCFN));
    Statistics {
        steps: accepted + etf + cvf,
        accepted,
        error_test_failures: etf,
        convergence_failures: cvf,
        function_evaluations: count(IW_NRE),
        jacobian_evaluations: count(IW_NJE),
        ..Statistics::default()
    }
}
