//! The shape every method's safe API shares: tolerances, statistics, how a call ended,
//! and the stepping interface (construct at the initial point, then [`Advance::advance`]
//! to each output point; [`Integrator::t`], [`Integrator::y`] and
//! [`Integrator::statistics`] between calls). Errors are [`crate::Error`]. `use
//! stiffdae::prelude::*` brings the traits and types into scope.
//!
//! The methods keep their own problem traits and options (what RADAU5 and DDASSL ask of
//! a user differs) and their constructors (a DAE needs `y'` as well as `y`); the legacy
//! WORK/IWORK settings are read by each method's `Options::from_legacy`.

use crate::Error;

/// Error tolerances: one RTOL and ATOL for all components (the originals' ITOL = 0,
/// INFO(2) = 0) or one pair per component.
#[derive(Debug, Clone, PartialEq)]
pub enum Tolerance {
    /// The same relative and absolute tolerance for every component.
    Scalar {
        /// Relative tolerance.
        rtol: f64,
        /// Absolute tolerance.
        atol: f64,
    },
    /// One relative and one absolute tolerance per component.
    Vector {
        /// Relative tolerances, one per component.
        rtol: Vec<f64>,
        /// Absolute tolerances, one per component.
        atol: Vec<f64>,
    },
}

impl Tolerance {
    /// The same `rtol` and `atol` for every component.
    pub fn scalar(rtol: f64, atol: f64) -> Self {
        Self::Scalar { rtol, atol }
    }

    /// Whether there is one pair per component (ITOL = 1, INFO(2) = 1).
    pub fn is_vector(&self) -> bool {
        matches!(self, Self::Vector { .. })
    }

    /// RTOL and ATOL as the originals' arrays: one value each, or `n`; an error when a
    /// vector tolerance does not have `n` components.
    pub fn arrays(&self, n: usize) -> Result<(Vec<f64>, Vec<f64>), Error> {
        match self {
            Self::Scalar { rtol, atol } => Ok((vec![*rtol], vec![*atol])),
            Self::Vector { rtol, atol } => {
                for (what, v) in [("rtol", rtol), ("atol", atol)] {
                    if v.len() != n {
                        return Err(Error::WrongLength {
                            what,
                            expected: n,
                            found: v.len(),
                        });
                    }
                }
                Ok((rtol.clone(), atol.clone()))
            }
        }
    }
}

impl Default for Tolerance {
    /// `rtol = atol = 1e-6`.
    fn default() -> Self {
        Self::scalar(1e-6, 1e-6)
    }
}

/// What a method counted since its integrator was created, summed over calls. The
/// originals' counters (RADAU5 IWORK(14..20); DDASSL/DDASKR IWORK(11..16), (19..21), (36))
/// under one set of names; a counter a method does not keep stays 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Statistics {
    /// Steps attempted: RADAU5 NSTEP; DDASSL/DDASKR accepted steps plus error-test and
    /// convergence failures (the Test Set's count).
    pub steps: u64,
    /// Steps accepted: RADAU5 NACCPT, DDASSL/DDASKR IWORK(11).
    pub accepted: u64,
    /// Steps rejected by the error test: RADAU5 NREJCT, DDASSL/DDASKR IWORK(14).
    pub error_test_failures: u64,
    /// Steps rejected because the Newton iteration failed: DDASSL/DDASKR IWORK(15).
    pub convergence_failures: u64,
    /// Evaluations of f (RADAU5 NFCN, without those of a difference Jacobian) or of the
    /// residual (DDASSL/DDASKR IWORK(12), with them; with DDASKR's Krylov option without
    /// those the user's preconditioner setup makes).
    pub function_evaluations: u64,
    /// Jacobians, analytic or by differences: RADAU5 NJAC, DDASSL/DDASKR IWORK(13) (with
    /// DDASKR's Krylov option IWORK(13) is [`Statistics::preconditioner_evaluations`]).
    pub jacobian_evaluations: u64,
    /// LU decompositions: RADAU5 NDEC (real and complex).
    pub decompositions: u64,
    /// Forward-backward substitutions: RADAU5 NSOL.
    pub solves: u64,
    /// Nonlinear (Newton) iterations: DDASKR IWORK(19).
    pub nonlinear_iterations: u64,
    /// Root-function evaluations: DDASKR IWORK(36).
    pub root_evaluations: u64,
    /// GMRES iterations: DDASKR IWORK(20) NLI (Krylov option).
    pub linear_iterations: u64,
    /// Calls of the preconditioner setup: DDASKR IWORK(13) NPE (Krylov option).
    pub preconditioner_evaluations: u64,
    /// Preconditioner solves: DDASKR IWORK(21) NPS (Krylov option).
    pub preconditioner_solves: u64,
    /// Linear solves that did not converge: DDASKR IWORK(16) NCFL (Krylov option).
    pub linear_convergence_failures: u64,
}

impl std::ops::AddAssign for Statistics {
    fn add_assign(&mut self, other: Self) {
        self.steps += other.steps;
        self.accepted += other.accepted;
        self.error_test_failures += other.error_test_failures;
        self.convergence_failures += other.convergence_failures;
        self.function_evaluations += other.function_evaluations;
        self.jacobian_evaluations += other.jacobian_evaluations;
        self.decompositions += other.decompositions;
        self.solves += other.solves;
        self.nonlinear_iterations += other.nonlinear_iterations;
        self.root_evaluations += other.root_evaluations;
        self.linear_iterations += other.linear_iterations;
        self.preconditioner_evaluations += other.preconditioner_evaluations;
        self.preconditioner_solves += other.preconditioner_solves;
        self.linear_convergence_failures += other.linear_convergence_failures;
    }
}

/// How a successful [`Advance::advance`] ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reached {
    /// The output point was reached (RADAU5 IDID = 1, DDASSL/DDASKR IDID = 3).
    Tout,
    /// One step was taken (returns per step; IDID = 1).
    Step,
    /// TSTOP was reached (IDID = 2).
    Tstop,
    /// The user's output routine stopped the integration (RADAU5 IDID = 2).
    Interrupted,
    /// Consistent initial values were computed and returned (DDASKR IDID = 4).
    Initialized,
    /// A root was found (DDASKR IDID = 5): per root function `1` for a rising, `-1` for a
    /// falling crossing, `0` for none.
    Root(Vec<i32>),
}

/// The state every method's integrator exposes between calls.
pub trait Integrator {
    /// The independent variable reached.
    fn t(&self) -> f64;

    /// The solution at [`Integrator::t`].
    fn y(&self) -> &[f64];

    /// The counters since the integrator was created.
    fn statistics(&self) -> Statistics;
}

/// The stepping interface of every method: an integrator holds the state between calls
/// and integrates a problem of type `P` to each output point in turn.
pub trait Advance<P: ?Sized>: Integrator {
    /// Integrates `problem` from [`Integrator::t`] towards `tout`.
    fn advance(&mut self, problem: &mut P, tout: f64) -> Result<Reached, Error>;
}
