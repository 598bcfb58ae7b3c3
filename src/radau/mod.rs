//! RADAU: the implicit Runge–Kutta methods Radau IIA with 3, 5 and 7 stages (orders 5,
//! 9 and 13; one stage, the implicit Euler method, on request) with step-size control,
//! order selection and continuous output, for `M y' = f(x, y)` (Hairer & Wanner,
//! *Solving Ordinary Differential Equations II*, §IV.8, and "Stiff differential equations
//! solved by Radau methods", J. Comput. Appl. Math. 111, 1999; the code `radau.f`,
//! preliminary version of April 23 1998, latest small correction January 18 2002).
//!
//! The shape follows RADAU5's module: `core` checks the input (the subroutine RADAU),
//! `radcov` runs the step loop (RADCOV, split along its labels, the vectors and matrices
//! in one work array with the layout of the original's WORK), `tables` holds COERTV and
//! COERCV, and [`DenseOutput`] the collocation polynomial (CONTRA). The linear algebra
//! (DECOMR, DECOMC, SLVRAR, SLVRAI, SLVRAD, ESTRAD, ESTRAV) and the numerical Jacobian are
//! shared with RADAU5. The order changes when the Newton iteration contracts fast
//! (WORK(10)) or slowly (WORK(11)); the tolerances are those of the 3-stage method
//! rescaled for each order, `0.1 rtol^((ns+1)/(2ns))`.
//!
//! ```
//! use stiffdae::prelude::*;
//! use stiffdae::radau::{Options, Problem, Radau};
//! use stiffdae::radau5::Structure;
//!
//! // Van der Pol, eps = 1e-6, as Hairer's example driver.
//! struct VdPol;
//! impl Problem for VdPol {
//!     fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
//!         f[0] = y[1];
//!         f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1e-6;
//!     }
//! }
//! let mut options = Options::default();
//! options.base.tolerance = Tolerance::scalar(1e-7, 1e-7);
//! options.base.initial_step = 1e-6;
//! let mut solver = Radau::new(0.0, &[2.0, -0.66], Structure::dense(2), options)?;
//! assert_eq!(solver.advance(&mut VdPol, 2.0)?, Reached::Tout);
//! assert!((solver.y()[0] - 1.7061677).abs() < 1e-5);
//! # Ok::<(), stiffdae::Error>(())
//! ```

mod core;
mod dense;
mod integrator;
pub mod layout;
mod radcov;
mod tables;

pub use self::dense::DenseOutput;
pub use self::integrator::Radau;
pub(crate) use self::radcov::Finish;
pub use crate::radau5::{Matrix, Structure};

use crate::hairer::messages::Refusals;
use crate::hairer::{refused, ToleranceRef};
use crate::radau5::core::TransformedTolerances;

/// The user's problem, as [`radau5::Problem`](crate::radau5::Problem) but with RADAU's
/// dense output (a polynomial of degree NS) in [`Problem::solout`].
pub trait Problem {
    /// `f = f(x, y)` (FCN).
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]);

    /// The Jacobian `df/dy` (JAC), called when [`Structure::analytic_jacobian`] is set;
    /// storage as in [`radau5::Problem::jac`](crate::radau5::Problem::jac).
    fn jac(&mut self, x: f64, y: &[f64], dfy: &mut [f64], ldfy: usize) {
        let _ = (x, y, dfy, ldfy);
    }

    /// Whether [`Problem::jac`] is implemented.
    fn has_jacobian(&self) -> bool {
        false
    }

    /// The mass matrix (MAS) of the last `nm1` equations, once per call; storage as in
    /// [`radau5::Problem::mas`](crate::radau5::Problem::mas).
    fn mas(&mut self, nm1: usize, am: &mut [f64], lmas: usize) {
        let _ = (nm1, am, lmas);
    }

    /// Whether [`Problem::mas`] is implemented.
    fn has_mass(&self) -> bool {
        false
    }

    /// Called at the initial point (`nr = 1`) and after every accepted step (SOLOUT,
    /// when [`Structure::dense_output`] is set); `y` may be changed as in the original.
    /// Return `false` to stop the integration.
    fn solout(
        &mut self,
        nr: usize,
        xold: f64,
        x: f64,
        y: &mut [f64],
        dense: &DenseOutput<'_>,
    ) -> bool {
        let _ = (nr, xold, x, y, dense);
        true
    }
}

/// The parameters of WORK(1..13) and IWORK(1..13); [`Default`] gives the original's
/// defaults (the values it takes for zero entries).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// WORK(1..9) and IWORK(1..10) as for RADAU5, with two differences of the original:
    /// WORK(4) (`fnewt`) is not read (the Newton tolerance follows the order), and
    /// `max_newton` (IWORK(3), at most 50) is that of 3 stages: one stage uses 3 fewer,
    /// five stages 5 more, seven stages 10 more.
    pub base: crate::radau5::Options,
    /// IWORK(11), NSMIN: the fewest stages (1, 3, 5 or 7; 0: 3; other values are
    /// rounded up to the next of these, as the original).
    pub ns_min: i64,
    /// IWORK(12), NSMAX: the most stages (0: 7; other values rounded down).
    pub ns_max: i64,
    /// IWORK(13): the stages of the first step (0: NSMIN). On return the original
    /// writes the stages of the last step here.
    pub ns_first: i64,
    /// WORK(10), VITU: the order goes up when the Newton contraction is below it
    /// (default 0.002).
    pub vitu: f64,
    /// WORK(11), VITD: the order goes down when the contraction is above it (0.8).
    pub vitd: f64,
    /// WORK(12), HHOU: the order goes up only if `hnew/h < hhou` (1.2).
    pub hhou: f64,
    /// WORK(13), HHOD: … and `hnew/h > hhod` (0.8).
    pub hhod: f64,
}

impl Default for Options {
    fn default() -> Self {
        Self::from_legacy(&[], &[])
    }
}

impl Options {
    /// Reads the parameters from the legacy WORK(1..13) / IWORK(1..13) slots, a zero
    /// entry meaning the default as in the original. Slots beyond the arrays read as 0.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    pub fn from_legacy(work: &[f64], iwork: &[i32]) -> Self {
        let w = |k: usize| work.get(k - 1).copied().unwrap_or(0.0);
        let iw = |k: usize| i64::from(iwork.get(k - 1).copied().unwrap_or(0));
        let or = |v: f64, default: f64| if v == 0.0 { default } else { v };
        Self {
            base: crate::radau5::Options::from_legacy(work, iwork),
            ns_min: iw(11),
            ns_max: iw(12),
            ns_first: iw(13),
            vitu: or(w(10), 0.002),
            vitd: or(w(11), 0.8),
            hhou: or(w(12), 1.2),
            hhod: or(w(13), 0.8),
        }
    }
}

/// RADAU in the caller's work array `work`, WORK(21..LWORK) of the original (the entry
/// point `radau_`): the vectors, FJAC, FMAS, E1 and EE2 at the original's offsets, so a
/// JAC that writes past its matrix writes where it would with the original. The
/// tolerances are `tol`, not the options'. Returns how the call ended, or the messages
/// of refused input.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
pub(crate) fn solve_in<P: Problem>(
    problem: &mut P,
    structure: &Structure,
    options: &Options,
    x: f64,
    y: &mut [f64],
    xend: f64,
    h: f64,
    tol: ToleranceRef<'_>,
    work: &mut [f64],
) -> Result<Finish, Refusals> {
    let mut scratch = TransformedTolerances::new();
    let setup = core::Setup::new(structure, options, tol, &mut scratch, y.len(), x, xend)?;
    if work.len() < setup.work_len() {
        return Err(refused(|| {
            format!(
                "insufficient storage for WORK, {} values after WORK(20) needed",
                setup.work_len()
            )
        }));
    }
    Ok(radcov::run(&setup, problem, x, y, xend, h, work))
}
