//! RADAU5: the implicit Runge–Kutta method Radau IIA of order 5 with step-size control
//! and continuous output, for `M y' = f(x, y)` (Hairer & Wanner, *Solving Ordinary
//! Differential Equations II*, 2nd ed. 1996, §IV.8; the code `radau5.f` of July 9 1996,
//! last corrected January 18 2002).
//!
//! The module keeps the shape of the original: [`layout`] holds the places of WORK and
//! IWORK and the storage derived from the band widths, `core` checks the input (RADAU5
//! proper), `radcor` runs the step loop (RADCOR, one function per label, the vectors
//! and matrices in one work array with the layout of the original's WORK) and returns a
//! typed outcome, `linear` the matrix assembly, decomposition and solves (DECOMR,
//! DECOMC, SLVRAD, ESTRAD, with the Hessenberg option of IWORK(1)) and [`DenseOutput`]
//! the collocation polynomial (CONTR5). Operation order follows the original so that
//! step sequences and statistics agree with it bit for bit.
//!
//! ```
//! use stiffdae::prelude::*;
//! use stiffdae::radau5::{Options, Problem, Radau5, Structure};
//!
//! // Van der Pol, eps = 1e-6 (Hairer & Wanner, §IV.8).
//! struct VdPol;
//! impl Problem for VdPol {
//!     fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
//!         f[0] = y[1];
//!         f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1e-6;
//!     }
//! }
//! let options = Options { tolerance: Tolerance::scalar(1e-6, 1e-6), initial_step: 1e-6, ..Options::default() };
//! let mut solver = Radau5::new(0.0, &[2.0, 0.0], Structure::dense(2), options)?;
//! for tout in [1.0, 2.0] {
//!     assert_eq!(solver.advance(&mut VdPol, tout)?, Reached::Tout);
//! }
//! assert_eq!(solver.t(), 2.0);
//! assert!((solver.y()[0] - 1.706167732170483).abs() < 1e-4);
//! assert!(solver.statistics().accepted > 0);
//! # Ok::<(), stiffdae::Error>(())
//! ```

pub(crate) mod core;
mod dense;
mod integrator;
pub mod layout;
mod radcor;

pub use self::dense::DenseOutput;
pub use self::integrator::Radau5;
pub(crate) use self::radcor::{Finish, Outcome};
pub use crate::integrator::Tolerance;

use crate::hairer::messages::Refusals;
use crate::hairer::{refused, ToleranceRef};

/// The user's problem: right-hand side, and the optional Jacobian, mass matrix and
/// output routine. Only the methods the [`Structure`] asks for are called.
pub trait Problem {
    /// `f = f(x, y)` (FCN). A NaN or Inf in `f` is carried on as by the original, which
    /// may accept steps with NaN (a NaN error estimate counts as 1e-10): check `y`.
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]);

    /// The Jacobian `df/dy` (JAC), called when [`Structure::analytic_jacobian`] is set.
    /// Column-major with leading dimension `ldfy`: full, `dfy[(i - m1) + j*ldfy]`
    /// (only the rows of the last `n - m1` equations); banded,
    /// `dfy[(i - j + mu) + j*ldfy]` (0-based `i`, `j`). `dfy` may be longer than
    /// `ldfy * n`: it runs on to the end of FMAS, as FJAC in the original's WORK.
    fn jac(&mut self, x: f64, y: &[f64], dfy: &mut [f64], ldfy: usize) {
        let _ = (x, y, dfy, ldfy);
    }

    /// Whether [`Problem::jac`] is implemented: [`Radau5::advance`](crate::Advance::advance)
    /// refuses [`Structure::analytic_jacobian`] without it ([`crate::Error::MissingCallback`]).
    fn has_jacobian(&self) -> bool {
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

/// Storage of a Jacobian or mass matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Matrix {
    /// All entries stored.
    Full,
    /// Band storage with `lower` sub- and `upper` super-diagonals.
    Banded {
        /// Sub-diagonals (MLJAC / MLMAS).
        lower: usize,
        /// Super-diagonals (MUJAC / MUMAS).
        upper: usize,
    },
}

/// The shape of the problem: its size and which optional routines exist.
#[derive(Debug, Clone, PartialEq)]
pub struct Structure {
    /// N, the number of equations.
    pub n: usize,
    /// IJAC = 1: [`Problem::jac`] gives the Jacobian; otherwise forward differences.
    pub analytic_jacobian: bool,
    /// MLJAC/MUJAC: full (MLJAC = N) or banded.
    pub jacobian: Matrix,
    /// IMAS/MLMAS/MUMAS: `None` for M = I.
    pub mass: Option<Matrix>,
    /// IOUT = 1: call [`Problem::solout`].
    pub dense_output: bool,
}

impl Structure {
    /// An explicit ODE with a full finite-difference Jacobian and no output routine.
    pub fn dense(n: usize) -> Self {
        Self {
            n,
            analytic_jacobian: false,
            jacobian: Matrix::Full,
            mass: None,
            dense_output: false,
        }
    }
}

/// The tunable parameters of WORK(1..9) and IWORK(1..10); [`Default`] gives the
/// original's defaults (the values it takes for a zero entry).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// RTOL, ATOL and ITOL.
    pub tolerance: Tolerance,
    /// H on entry: the initial step size guess (0: the original's 1e-6).
    pub initial_step: f64,
    /// IWORK(1) ≠ 0: reduce a full Jacobian to Hessenberg form (ELMHES) and factor
    /// with DECH/DECHC, O(n²) per decomposition instead of O(n³). As in the original it
    /// applies only to M = I and N > 2 and is ignored for a banded Jacobian or a mass
    /// matrix; with M1 > 0 it is refused (the original runs out of its arrays there).
    pub hessenberg: bool,
    /// IWORK(2), NMAX: maximal number of steps (default 100 000).
    pub max_steps: i64,
    /// IWORK(3), NIT: maximal number of Newton iterations per step (default 7).
    pub max_newton: i64,
    /// IWORK(4) ≠ 0, STARTN: zero starting values for Newton instead of extrapolation.
    pub zero_start: bool,
    /// IWORK(5..7), NIND1..NIND3: number of index-1, -2, -3 variables (ordered so);
    /// `0` for the index-1 count means N.
    pub index_dims: [i64; 3],
    /// IWORK(8) ≤ 1: predictive (Gustafsson) step control; otherwise classical.
    pub predictive: bool,
    /// IWORK(9), IWORK(10): M1, M2 of the second-order structure `y_i' = y_{i+M2}`,
    /// i ≤ M1 (default 0, and M2 = M1).
    pub m1: i64,
    /// IWORK(10), M2 (see `m1`).
    pub m2: i64,
    /// WORK(1), UROUND (default 1e-16).
    pub uround: f64,
    /// WORK(2), SAFE: safety factor of the step-size prediction (default 0.9).
    pub safety: f64,
    /// WORK(3), THET: Jacobian reuse threshold on the Newton rate (default 0.001;
    /// negative: recompute after every accepted step).
    pub thet: f64,
    /// WORK(4), FNEWT: Newton stopping criterion (`None`: the original's formula).
    pub fnewt: Option<f64>,
    /// WORK(5), WORK(6): keep the step if QUOT1 < hnew/hold < QUOT2 (defaults 1, 1.2).
    pub quot1: f64,
    /// WORK(6), QUOT2 (see `quot1`).
    pub quot2: f64,
    /// WORK(7), HMAX (`None`: XEND - X).
    pub hmax: Option<f64>,
    /// WORK(8), WORK(9): bounds of hnew/hold, `facl` ≤ hnew/hold ≤ `facr` in the
    /// original's inverted form (defaults 0.2 and 8).
    pub step_ratio_min: f64,
    /// WORK(9) (see `step_ratio_min`).
    pub step_ratio_max: f64,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            tolerance: Tolerance::default(),
            initial_step: 0.0,
            hessenberg: false,
            max_steps: 100_000,
            max_newton: 7,
            zero_start: false,
            index_dims: [0, 0, 0],
            predictive: true,
            m1: 0,
            m2: 0,
            uround: 1.0e-16,
            safety: 0.9,
            thet: 0.001,
            fnewt: None,
            quot1: 1.0,
            quot2: 1.2,
            hmax: None,
            step_ratio_min: 0.2,
            step_ratio_max: 8.0,
        }
    }
}

impl Options {
    /// Reads the parameters from the legacy WORK(1..9) / IWORK(1..10) slots, a zero
    /// entry meaning the default as in the original. Slots beyond the arrays read as 0.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn from_legacy(work: &[f64], iwork: &[i32]) -> Self {
        // The slots copied into fixed arrays first: one short loop each, then plain
        // reads (compact code on the path of every call).
        let (mut work9, mut iwork10) = ([0.0; 9], [0; 10]);
        for (slot, &v) in work9.iter_mut().zip(work) {
            *slot = v;
        }
        for (slot, &v) in iwork10.iter_mut().zip(iwork) {
            *slot = v;
        }
        let w = |k: usize| work9[k - 1];
        let iw = |k: usize| i64::from(iwork10[k - 1]);
        let d = Self::default();
        let or = |v: f64, default: f64| if v == 0.0 { default } else { v };
        let ior = |v: i64, default: i64| if v == 0 { default } else { v };
        Self {
            tolerance: Tolerance::default(),
            initial_step: 0.0,
            hessenberg: iw(1) != 0,
            max_steps: ior(iw(2), d.max_steps),
            max_newton: ior(iw(3), d.max_newton),
            zero_start: iw(4) != 0,
            index_dims: [iw(5), iw(6), iw(7)],
            predictive: iw(8) <= 1,
            m1: iw(9),
            m2: iw(10),
            uround: or(w(1), d.uround),
            safety: or(w(2), d.safety),
            thet: or(w(3), d.thet),
            fnewt: (w(4) != 0.0).then(|| w(4)),
            quot1: or(w(5), d.quot1),
            quot2: or(w(6), d.quot2),
            hmax: (w(7) != 0.0).then(|| w(7)),
            step_ratio_min: or(w(8), d.step_ratio_min),
            step_ratio_max: or(w(9), d.step_ratio_max),
        }
    }
}

/// The counters of one call, IWORK(14..20) of the original (the safe API sums them into
/// [`crate::Statistics`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// NFCN: f evaluations (those of the finite-difference Jacobian not counted).
    pub nfcn: usize,
    /// NJAC: Jacobian evaluations, analytic or numerical.
    pub njac: usize,
    /// NSTEP: computed steps.
    pub nstep: usize,
    /// NACCPT: accepted steps.
    pub naccpt: usize,
    /// NREJCT: steps rejected by the error test (not counting those of the first step).
    pub nrejct: usize,
    /// NDEC: LU decompositions of both matrices.
    pub ndec: usize,
    /// NSOL: forward-backward substitutions of both systems.
    pub nsol: usize,
}

/// RADAU5 in the caller's work array `work`, WORK(21..LWORK) of the original (the
/// entry point `radau5_`): FJAC, FMAS and the vectors at the original's offsets, so a
/// JAC or MAS that writes past its matrix writes where it would with the original.
/// Returns how the call ended, or the messages of refused input.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau5)]
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
    let mut scratch = core::TransformedTolerances::new();
    let (fnewt, n) = (options.fnewt, y.len());
    let setup = core::Setup::new(structure, options, fnewt, n, tol, &mut scratch, x, xend)?;
    if work.len() < setup.work_len() {
        return Err(refused(|| {
            format!(
                "insufficient storage for WORK, {} values after WORK(20) needed",
                setup.work_len()
            )
        }));
    }
    Ok(radcor::run(&setup, problem, x, y, xend, h, work))
}

/// The tolerances as RADAU5 uses them internally: `rtol' = 0.1 rtol^(2/3)`,
/// `atol' = rtol' · atol / rtol` (the original transforms the caller's arrays in place).
pub fn transform_tolerance(rtol: f64, atol: f64) -> (f64, f64) {
    let quot = atol / rtol;
    let rtol_t = 0.1 * rtol.powf(2.0 / 3.0);
    (rtol_t, rtol_t * quot)
}

/// The inverse of [`transform_tolerance`] as the original computes it on exit; the
/// round trip is not always bit-exact, and callers see exactly these values.
pub fn restore_tolerance(rtol_t: f64, atol_t: f64) -> (f64, f64) {
    let quot = atol_t / rtol_t;
    let rtol = (10.0 * rtol_t).powf(1.0 / (2.0 / 3.0));
    (rtol, rtol * quot)
}
