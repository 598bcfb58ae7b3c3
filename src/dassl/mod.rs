//! DASSL: fixed-leading-coefficient BDF (Brenan, Campbell & Petzold, 1996).
//!
//! Solves `G(t, y, y') = 0` with backward differentiation formulas of orders 1 to 5 in
//! modified divided-difference form (BCP §5.2), a modified Newton corrector on
//! `G_y + CJ·G_y'` (§5.2.2), error control and order/step-size selection (§5.3-5.4), as
//! Petzold's DDASSL does it, operation for operation, so that step sequences and
//! statistics are the original's.
//!
//! The integrator keeps all its state in the original's INFO(1), RWORK and IWORK layout
//! ([`layout`]): [`ddassl`] is the original's call over slices, [`Dassl`] a safe interface
//! with options, statistics and typed errors over the same arrays, in the family's shape:
//!
//! ```
//! use stiffdae::dassl::{Dassl, Options, ResFlag};
//! use stiffdae::prelude::*;
//!
//! // y' = -y as a DAE residual, y(0) = 1.
//! let mut decay = |_t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]| {
//!     delta[0] = yp[0] + y[0];
//!     ResFlag::Ok
//! };
//! let options = Options { tolerance: Tolerance::scalar(1e-8, 1e-8), ..Options::default() };
//! let mut solver = Dassl::new(0.0, &[1.0], &[-1.0], &options)?;
//! for tout in [1.0, 2.0] {
//!     assert_eq!(solver.advance(&mut decay, tout)?, Reached::Tout);
//! }
//! assert!((solver.y()[0] - (-2.0f64).exp()).abs() < 1e-6);
//! assert!(solver.statistics().accepted > 0);
//! # Ok::<(), stiffdae::Error>(())
//! ```

mod api;
mod checks;
mod driver;
mod init;
pub mod layout;
mod legacy;
mod matrix;
mod norm;
mod step;

pub use crate::bdf::diagnostics::Diagnostic;
pub use crate::bdf::{JacobianKind, ResFlag, StepData};
pub use crate::Tolerance;
pub use api::{Dassl, Options};
pub(crate) use legacy::answer;
pub use legacy::{ddassl, Call};

/// The DAE `G(t, y, y') = 0` and, optionally, its iteration matrix.
pub trait Residual {
    /// Writes `G(t, y, yprime)` into `delta` (the original's RES).
    fn residual(&mut self, t: f64, y: &[f64], yprime: &[f64], delta: &mut [f64]) -> ResFlag;

    /// Adds `dG/dy + cj·dG/dy'` into `pd`, which arrives zeroed (the original's JAC; used
    /// with [`JacobianKind::Analytic`]). Dense: `pd[i + j·neq]`; banded with bandwidths
    /// `ml`, `mu`: `pd[(i - j + ml + mu) + j·(2ml + mu + 1)]` (0-based `i`, `j`).
    fn jacobian(&mut self, t: f64, y: &[f64], yprime: &[f64], cj: f64, pd: &mut [f64]) {
        let _ = (t, y, yprime, cj, pd);
    }

    /// Whether [`Residual::jacobian`] is implemented: [`JacobianKind::Analytic`] without it
    /// is refused ([`crate::Error::MissingCallback`]).
    fn has_jacobian(&self) -> bool {
        false
    }
}

impl<F> Residual for F
where
    F: FnMut(f64, &[f64], &[f64], &mut [f64]) -> ResFlag,
{
    fn residual(&mut self, t: f64, y: &[f64], yprime: &[f64], delta: &mut [f64]) -> ResFlag {
        self(t, y, yprime, delta)
    }
}

/// A residual closure with an analytic iteration-matrix closure.
pub struct WithJacobian<F, J> {
    /// `G(t, y, y')` into `delta`.
    pub residual: F,
    /// `dG/dy + cj·dG/dy'` into the zeroed `pd` (layout as in [`Residual::jacobian`]).
    pub jacobian: J,
}

impl<F, J> Residual for WithJacobian<F, J>
where
    F: FnMut(f64, &[f64], &[f64], &mut [f64]) -> ResFlag,
    J: FnMut(f64, &[f64], &[f64], f64, &mut [f64]),
{
    fn residual(&mut self, t: f64, y: &[f64], yprime: &[f64], delta: &mut [f64]) -> ResFlag {
        (self.residual)(t, y, yprime, delta)
    }

    fn jacobian(&mut self, t: f64, y: &[f64], yprime: &[f64], cj: f64, pd: &mut [f64]) {
        (self.jacobian)(t, y, yprime, cj, pd);
    }

    fn has_jacobian(&self) -> bool {
        true
    }
}
