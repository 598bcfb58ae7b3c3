//! DASKR: DASSL with root finding and consistent initial values (Brown, Hindmarsh &
//! Petzold 1994, 1998; Brenan, Campbell & Petzold 1996).
//!
//! The same fixed-leading-coefficient BDF as DDASSL ([`crate::bdf`] holds what they
//! share), in DDASKR's arrangement:
//! the nonlinear solver separated from the step (DNEDD/DNSD), reciprocal error weights
//! (DINVWT, DDWNRM), the error test optionally without the algebraic variables
//! (INFO(16)), constraints on the solution (INFO(10)), consistent initial values by a
//! damped Newton iteration with line search (INFO(11) = 1: algebraic components of y and
//! the derivatives of the differential ones; INFO(11) = 2: y from a given y'), and the
//! location of the roots of `R(t, y, y')` by DRCHEK/DROOTS on the interpolant of each
//! step. Besides the direct linear solvers (dense or banded LINPACK factors), the Krylov
//! option (INFO(12) = 1): an inexact Newton iteration whose linear systems are solved by
//! the scaled, preconditioned, restarted incomplete GMRES of Brown, Hindmarsh & Petzold
//! (SIAM J. Sci. Comput. 15, 1994) with the user's preconditioner.
//!
//! All state lives in INFO(1), RWORK and IWORK in the original's layout ([`layout`]):
//! [`ddaskr`] is the original's call over slices, [`Daskr`] a safe interface with
//! options, root reports, statistics and typed errors over the same arrays. Its
//! [`Options::linear_solver`] chooses the direct solver or [`LinearSolver::Krylov`],
//! with the preconditioner of [`Problem::setup_preconditioner`] and
//! [`Problem::solve_preconditioner`] (`examples/heat_krylov.rs`).
//!
//! A ball dropped from 10 m, stopped at each impact by the root function `h` and
//! restarted with its velocity reversed:
//!
//! ```
//! use stiffdae::daskr::{Daskr, Initial, Options, ResFlag, WithRoots};
//! use stiffdae::prelude::*;
//!
//! let g = 9.81;
//! let mut ball = WithRoots {
//!     residual: |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
//!         d[0] = yp[0] - y[1];
//!         d[1] = yp[1] + g;
//!         ResFlag::Ok
//!     },
//!     roots: |_t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]| r[0] = y[0],
//! };
//! let options = Options {
//!     tolerance: Tolerance::scalar(1e-10, 1e-10),
//!     roots: 1,
//!     ..Options::default()
//! };
//! let mut solver = Daskr::new(0.0, &[10.0, 0.0], &[0.0, -g], &options)?;
//! let Reached::Root(jroot) = solver.advance(&mut ball, 100.0)? else { panic!() };
//! assert_eq!(jroot, [-1]);
//! assert!((solver.t() - (2.0 * 10.0 / g).sqrt()).abs() < 1e-8);
//! let v = -0.8 * solver.y()[1];
//! solver.restart(&[0.0, v], &[v, -g], Initial::Given)?;
//! assert!(matches!(solver.advance(&mut ball, 100.0)?, Reached::Root(_)));
//! assert!(solver.statistics().root_evaluations > 0);
//! # Ok::<(), stiffdae::Error>(())
//! ```

mod api;
mod checks;
mod driver;
mod init;
mod krylov;
mod krylov_init;
mod krylov_newton;
pub mod layout;
mod legacy;
mod matrix;
mod rootcheck;
mod step;
mod vectors;

pub use crate::bdf::diagnostics::Diagnostic;
pub use crate::bdf::{JacobianKind, ResFlag, StepData};
pub use crate::Tolerance;
pub use api::{Constraints, Daskr, Initial, Krylov, LinearSolver, Options};
pub(crate) use legacy::answer;
pub use legacy::{ddaskr, Call};

/// The DAE `G(t, y, y') = 0`, optionally its iteration matrix, and its root functions.
pub trait Problem {
    /// Writes `G(t, y, yprime)` into `delta` (the original's RES; `cj` is the current
    /// leading coefficient, for residuals that want it).
    fn residual(
        &mut self,
        t: f64,
        y: &[f64],
        yprime: &[f64],
        cj: f64,
        delta: &mut [f64],
    ) -> ResFlag;

    /// Adds `dG/dy + cj·dG/dy'` into `pd`, which arrives zeroed (the original's JAC with
    /// INFO(5) = 1). Dense: `pd[i + j·neq]`; banded with bandwidths `ml`, `mu`:
    /// `pd[(i - j + ml + mu) + j·(2ml + mu + 1)]` (0-based `i`, `j`).
    fn jacobian(&mut self, t: f64, y: &[f64], yprime: &[f64], cj: f64, pd: &mut [f64]) {
        let _ = (t, y, yprime, cj, pd);
    }

    /// Whether [`Problem::jacobian`] is implemented: [`JacobianKind::Analytic`] without it
    /// is refused ([`crate::Error::MissingCallback`]).
    fn has_jacobian(&self) -> bool {
        false
    }

    /// Writes the NRT root functions `R(t, y, y')` into `r` (the original's RT).
    fn roots(&mut self, t: f64, y: &[f64], yprime: &[f64], r: &mut [f64]) {
        let _ = (t, y, yprime);
        r.fill(1.0);
    }

    /// Whether [`Problem::roots`] is implemented: root functions without it are refused.
    fn has_roots(&self) -> bool {
        false
    }

    /// Krylov option (INFO(12) = 1, INFO(15) = 1): prepares the preconditioner `P ≈
    /// G_y + cj·G_y'` in `wp`, `iwp` (the original's JAC in its Krylov form). `rewt` are
    /// the reciprocal error weights, `savr` the residual at (`t`, `y`, `yprime`), `wk`
    /// work space; `y` and `yprime` may be perturbed if they are restored. Returns the
    /// IRES of any residual evaluation and IER (0: success; else a smaller step is tried).
    #[allow(clippy::too_many_arguments)]
    fn setup_preconditioner(
        &mut self,
        t: f64,
        y: &mut [f64],
        yprime: &mut [f64],
        rewt: &[f64],
        savr: &[f64],
        wk: &mut [f64],
        h: f64,
        cj: f64,
        wp: &mut [f64],
        iwp: &mut [i32],
    ) -> (ResFlag, i32) {
        let _ = (t, y, yprime, rewt, savr, wk, h, cj, wp, iwp);
        (ResFlag::Ok, 0)
    }

    /// Whether [`Problem::setup_preconditioner`] is implemented: [`Krylov::preconditioner`]
    /// without it is refused ([`crate::Error::MissingCallback`]).
    fn has_preconditioner(&self) -> bool {
        false
    }

    /// Krylov option: solves `P·x = b` in place in `b` (the original's PSOL); `wght` are
    /// the weights of a convergence test with bound `eplin`. Returns IER: 0 on success,
    /// positive when recoverable (a new preconditioner or a smaller step), negative when
    /// not (IDID = -13). Without one, `P` is the identity.
    #[allow(clippy::too_many_arguments)]
    fn solve_preconditioner(
        &mut self,
        t: f64,
        y: &[f64],
        yprime: &[f64],
        savr: &[f64],
        wk: &mut [f64],
        cj: f64,
        wght: &[f64],
        wp: &mut [f64],
        iwp: &mut [i32],
        b: &mut [f64],
        eplin: f64,
    ) -> i32 {
        let _ = (t, y, yprime, savr, wk, cj, wght, wp, iwp, b, eplin);
        0
    }
}

impl<F> Problem for F
where
    F: FnMut(f64, &[f64], &[f64], f64, &mut [f64]) -> ResFlag,
{
    fn residual(
        &mut self,
        t: f64,
        y: &[f64],
        yprime: &[f64],
        cj: f64,
        delta: &mut [f64],
    ) -> ResFlag {
        self(t, y, yprime, cj, delta)
    }
}

/// A residual closure with a root-function closure.
pub struct WithRoots<F, G> {
    /// `G(t, y, y')` into `delta` (with `cj`).
    pub residual: F,
    /// `R(t, y, y')` into `r`.
    pub roots: G,
}

impl<F, G> Problem for WithRoots<F, G>
where
    F: FnMut(f64, &[f64], &[f64], f64, &mut [f64]) -> ResFlag,
    G: FnMut(f64, &[f64], &[f64], &mut [f64]),
{
    fn residual(
        &mut self,
        t: f64,
        y: &[f64],
        yprime: &[f64],
        cj: f64,
        delta: &mut [f64],
    ) -> ResFlag {
        (self.residual)(t, y, yprime, cj, delta)
    }

    fn roots(&mut self, t: f64, y: &[f64], yprime: &[f64], r: &mut [f64]) {
        (self.roots)(t, y, yprime, r);
    }

    fn has_roots(&self) -> bool {
        true
    }
}
