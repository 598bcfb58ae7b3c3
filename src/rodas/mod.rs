//! RODAS: the embedded Rosenbrock method of order 4(3) with step-size control and
//! continuous output, for `M y' = f(x, y)` with a constant, possibly singular mass
//! matrix (Hairer & Wanner, *Solving Ordinary Differential Equations II*, 2nd ed. 1996,
//! §§IV.7 and VI.4; the code `rodas.f`, version of October 28 1996).
//!
//! The module keeps the shape of the original: [`layout`] holds the places of WORK and
//! IWORK and the storage derived from the band widths, `core` checks the input (RODAS
//! proper), `coefficients` the three coefficient sets (ROCOE), `roscor` the step loop
//! (ROSCOR, split along its labels, the vectors in the caller's work array at the
//! original's offsets), `linear` the matrix `fac·M - J`, its decomposition and the stage
//! solves (DECOMR and SLVROD of `dc_decsol.f`), and [`DenseOutput`] the interpolant
//! (CONTRO). Operation order follows the original so that step sequences and statistics
//! agree with it bit for bit.
//!
//! ```
//! use stiffdae::prelude::*;
//! use stiffdae::rodas::{Options, Problem, Rodas, Structure};
//!
//! // Van der Pol, eps = 1e-6 (Hairer & Wanner, §IV.8), autonomous.
//! struct VdPol;
//! impl Problem for VdPol {
//!     fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
//!         f[0] = y[1];
//!         f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1e-6;
//!     }
//! }
//! let options = Options { tolerance: Tolerance::scalar(1e-6, 1e-6), initial_step: 1e-6, ..Options::default() };
//! let mut solver = Rodas::new(0.0, &[2.0, 0.0], Structure::dense(2), options)?;
//! for tout in [1.0, 2.0] {
//!     assert_eq!(solver.advance(&mut VdPol, tout)?, Reached::Tout);
//! }
//! assert_eq!(solver.t(), 2.0);
//! assert!((solver.y()[0] - 1.706167732170483).abs() < 1e-3);
//! # Ok::<(), stiffdae::Error>(())
//! ```

mod coefficients;
mod core;
mod dense;
mod integrator;
pub mod layout;
mod linear;
mod roscor;

pub use self::dense::DenseOutput;
pub use self::integrator::Rodas;
pub use crate::integrator::Tolerance;
pub use crate::radau5::Matrix;

use crate::hairer::messages::Refusals;
use crate::hairer::{refused, ToleranceRef};
pub(crate) use crate::radau5::{Finish, Outcome};

/// The user's problem: right-hand side, and the optional Jacobian, `∂f/∂x`, mass matrix
/// and output routine. Only the methods the [`Structure`] asks for are called.
pub trait Problem {
    /// `f = f(x, y)` (FCN).
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]);

    /// The Jacobian `∂f/∂y` (JAC), called when [`Structure::analytic_jacobian`] is set.
    /// Column-major with leading dimension `ldfy`: full, `dfy[(i - m1) + j*ldfy]`
    /// (only the rows of the last `n - m1` equations); banded,
    /// `dfy[(i - j + mu) + j*ldfy]` (0-based `i`, `j`). `dfy` may be longer than
    /// `ldfy * n`: it runs on to the end of FMAS, as FJAC in the original's WORK.
    fn jac(&mut self, x: f64, y: &[f64], dfy: &mut [f64], ldfy: usize) {
        let _ = (x, y, dfy, ldfy);
    }

    /// Whether [`Problem::jac`] is implemented: [`Rodas::advance`](crate::Advance::advance)
    /// refuses [`Structure::analytic_jacobian`] without it ([`crate::Error::MissingCallback`]).
    fn has_jacobian(&self) -> bool {
        false
    }

    /// `fx = ∂f/∂x (x, y)` (DFX), called when the problem is not autonomous and
    /// [`Structure::analytic_dfx`] is set.
    fn dfx(&mut self, x: f64, y: &[f64], fx: &mut [f64]) {
        let _ = (x, y, fx);
    }

    /// Whether [`Problem::dfx`] is implemented: an analytic `∂f/∂x` is refused without it.
    fn has_dfx(&self) -> bool {
        false
    }

    /// The mass matrix (MAS) of the last `nm1 = n - m1` equations, once per call: full,
    /// `am[i + j*lmas]`; banded, `am[(i - j + mumas) + j*lmas]`, `lmas * nm1` values.
    fn mas(&mut self, nm1: usize, am: &mut [f64], lmas: usize) {
        let _ = (nm1, am, lmas);
    }

    /// Whether [`Problem::mas`] is implemented: a [`Structure::mass`] is refused without it.
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

/// The shape of the problem: its size and which optional routines exist.
#[derive(Debug, Clone, PartialEq)]
pub struct Structure {
    /// N, the number of equations.
    pub n: usize,
    /// IFCN = 0: `f` does not depend on `x`, so `∂f/∂x` is never formed.
    pub autonomous: bool,
    /// IJAC = 1: [`Problem::jac`] gives the Jacobian; otherwise forward differences.
    pub analytic_jacobian: bool,
    /// MLJAC/MUJAC: full (MLJAC = N) or banded.
    pub jacobian: Matrix,
    /// IDFX = 1: [`Problem::dfx`] gives `∂f/∂x`; otherwise a forward difference.
    pub analytic_dfx: bool,
    /// IMAS/MLMAS/MUMAS: `None` for M = I.
    pub mass: Option<Matrix>,
    /// IOUT = 1: call [`Problem::solout`].
    pub dense_output: bool,
}

impl Structure {
    /// An autonomous explicit ODE with a full finite-difference Jacobian and no output
    /// routine.
    pub fn dense(n: usize) -> Self {
        Self {
            n,
            autonomous: true,
            analytic_jacobian: false,
            jacobian: Matrix::Full,
            analytic_dfx: false,
            mass: None,
            dense_output: false,
        }
    }
}

/// The tunable parameters of WORK(1..5) and IWORK(1..3), IWORK(9..10); [`Default`] gives
/// the original's defaults (the values it takes for a zero entry).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// RTOL, ATOL and ITOL.
    pub tolerance: Tolerance,
    /// H on entry: the initial step size guess (0: the original's 1e-6).
    pub initial_step: f64,
    /// IWORK(1), NMAX: maximal number of steps (default 100 000).
    pub max_steps: i64,
    /// IWORK(2), METH: the coefficient set, 1 (the book's, default), 2 (the same method
    /// with other parameters) or 3 (Steinebach's, order 4 for linear parabolic problems).
    pub method: i64,
    /// IWORK(3) ≤ 1: predictive (Gustafsson) step control; otherwise classical.
    pub predictive: bool,
    /// IWORK(9), IWORK(10): M1, M2 of the second-order structure `y_i' = y_{i+M2}`,
    /// i ≤ M1 (default 0, and M2 = M1).
    pub m1: i64,
    /// IWORK(10), M2 (see `m1`).
    pub m2: i64,
    /// WORK(1), UROUND (default 1e-16).
    pub uround: f64,
    /// WORK(2), HMAX (`None`: XEND - X).
    pub hmax: Option<f64>,
    /// WORK(3), WORK(4): bounds of hnew/hold, `step_ratio_min` ≤ hnew/hold ≤
    /// `step_ratio_max` (defaults 0.2 and 6; the original keeps their inverses).
    pub step_ratio_min: f64,
    /// WORK(4) (see `step_ratio_min`).
    pub step_ratio_max: f64,
    /// WORK(5), SAFE: safety factor of the step-size prediction (default 0.9).
    pub safety: f64,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            tolerance: Tolerance::default(),
            initial_step: 0.0,
            max_steps: 100_000,
            method: 1,
            predictive: true,
            m1: 0,
            m2: 0,
            uround: 1.0e-16,
            hmax: None,
            step_ratio_min: 0.2,
            step_ratio_max: 6.0,
            safety: 0.9,
        }
    }
}

impl Options {
    /// Reads the parameters from the legacy WORK(1..5) / IWORK(1..3, 9, 10) slots, a
    /// zero entry meaning the default as in the original. Slots beyond the arrays read
    /// as 0.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    pub fn from_legacy(work: &[f64], iwork: &[i32]) -> Self {
        // The slots copied into fixed arrays first: one short loop each, then plain
        // reads (compact code on the path of every call).
        let (mut work5, mut iwork10) = ([0.0; 5], [0; 10]);
        for (slot, &v) in work5.iter_mut().zip(work) {
            *slot = v;
        }
        for (slot, &v) in iwork10.iter_mut().zip(iwork) {
            *slot = v;
        }
        let w = |k: usize| work5[k - 1];
        let iw = |k: usize| i64::from(iwork10[k - 1]);
        let d = Self::default();
        let or = |v: f64, default: f64| if v == 0.0 { default } else { v };
        let ior = |v: i64, default: i64| if v == 0 { default } else { v };
        Self {
            tolerance: Tolerance::default(),
            initial_step: 0.0,
            max_steps: ior(iw(1), d.max_steps),
            method: ior(iw(2), d.method),
            predictive: iw(3) <= 1,
            m1: iw(9),
            m2: iw(10),
            uround: or(w(1), d.uround),
            hmax: (w(2) != 0.0).then(|| w(2)),
            step_ratio_min: or(w(3), d.step_ratio_min),
            step_ratio_max: or(w(4), d.step_ratio_max),
            safety: or(w(5), d.safety),
        }
    }
}

/// RODAS in the caller's work array `work`, WORK(21..LWORK) of the original (the entry
/// point `rodas_`): the vectors, CONT, FJAC, FMAS and E at the original's offsets, so a
/// JAC that writes past its matrix writes where it would with the original. The
/// tolerances are `tol`, not the options'. Returns how the call ended, or the messages
/// of refused input.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(rodas)]
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
    let setup = core::Setup::new(structure, options, tol, y.len(), x, xend)?;
    if work.len() < setup.work_len() {
        return Err(refused(|| {
            format!(
                "insufficient storage for WORK, {} values after WORK(20) needed",
                setup.work_len()
            )
        }));
    }
    Ok(roscor::run(&setup, problem, x, y, xend, h, work))
}
