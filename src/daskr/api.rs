//! The safe Rust interface in the family's shape ([`crate::Advance`],
//! [`crate::Integrator`]): options instead of INFO/IWORK/RWORK slots, root reports, the
//! shared statistics and errors, over the same work arrays (so the run is the
//! original's, step for step).

use super::layout::{
    KrylovDims, Layout, IW_ICNS, IW_KMP, IW_LENIWP, IW_LENWP, IW_MAXL, IW_ML, IW_MU, IW_MXORD,
    IW_NCFL, IW_NJE, IW_NLI, IW_NNI, IW_NPS, IW_NRMAX, IW_NRTE, RW_EPLI, RW_H, RW_HMAX, RW_TSTOP,
};
use super::legacy::{run, Call};
use super::{JacobianKind, Problem};
use crate::bdf::layout::MatrixType;
use crate::bdf::outcome::{Stop, Success};
use crate::bdf::{counters, tolerance_arrays, StepData};
use crate::{Advance, Error, Integrator, Reached, Statistics, Tolerance};

/// Consistent initial values before integrating (INFO(11)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Initial {
    /// 0: y and y' are consistent as given.
    Given,
    /// 1: compute the algebraic components of y and the derivatives of the differential
    /// ones, from the differential components of y ([`Options::differential`]).
    AlgebraicAndDerivatives,
    /// 2: compute y from the given y'.
    FromDerivative,
}

/// Constraints on the solution (INFO(10)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraints {
    /// 0: none.
    None,
    /// 2: keep every component nonnegative (as DDASSL's INFO(10)).
    NonNegative,
    /// 1: per component, IWORK(40+i): 2 `> 0`, 1 `>= 0`, 0 free, -1 `<= 0`, -2 `< 0`
    /// (enforced in the initialisation; in the steps with `nonnegative` as well: 3).
    Componentwise {
        /// The constraint codes.
        codes: Vec<i32>,
        /// Also keep every component nonnegative in the steps (INFO(10) = 3).
        nonnegative: bool,
    },
}

/// How the linear systems of the Newton iteration are solved (INFO(12)).
///
/// GMRES without a preconditioner (the identity) on `y' = -y`:
///
/// ```
/// use stiffdae::daskr::{Daskr, Krylov, LinearSolver, Options, ResFlag};
/// use stiffdae::prelude::*;
///
/// let mut decay = |_t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| {
///     d[0] = yp[0] + y[0];
///     ResFlag::Ok
/// };
/// let options = Options {
///     tolerance: Tolerance::scalar(1e-8, 1e-8),
///     linear_solver: LinearSolver::Krylov(Krylov::default()),
///     ..Options::default()
/// };
/// let mut solver = Daskr::new(0.0, &[1.0], &[-1.0], &options)?;
/// solver.advance(&mut decay, 1.0)?;
/// assert!((solver.y()[0] - (-1.0_f64).exp()).abs() < 1e-6);
/// assert!(solver.statistics().linear_iterations > 0);
/// # Ok::<(), stiffdae::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub enum LinearSolver {
    /// 0: LU factors of the iteration matrix, dense or banded ([`Options::jacobian`],
    /// [`Options::band`]).
    #[default]
    Direct,
    /// 1: preconditioned GMRES, for systems too large to factor; the preconditioner is
    /// [`Problem::setup_preconditioner`] and [`Problem::solve_preconditioner`] (without
    /// the latter, the identity).
    Krylov(Krylov),
}

/// The settings of the Krylov option. `None` leaves a value at the original's default
/// (INFO(13) = 0); any `Some` sets INFO(13) = 1 with the defaults for the others.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Krylov {
    /// IWORK(24) MAXL, the largest Krylov subspace, 1 to NEQ; default min(5, NEQ).
    pub maxl: Option<usize>,
    /// IWORK(25) KMP, how many earlier vectors each new one is orthogonalised against, 1
    /// to MAXL (fewer: incomplete GMRES); default MAXL.
    pub kmp: Option<usize>,
    /// IWORK(26) NRMAX, GMRES restarts per linear solve; default 5.
    pub nrmax: Option<usize>,
    /// RWORK(10) EPLI, the linear residual bound as a fraction of the Newton
    /// convergence bound, in (0, 1); default 0.05.
    pub epli: Option<f64>,
    /// INFO(15): call [`Problem::setup_preconditioner`] whenever the iteration matrix
    /// would be formed (the problem must say so with [`Problem::has_preconditioner`]);
    /// without it the preconditioner is only solved with.
    pub preconditioner: bool,
    /// IWORK(27) LENWP: the length of the `wp` the preconditioner callbacks receive.
    pub lenwp: usize,
    /// IWORK(28) LENIWP: the length of their `iwp`.
    pub leniwp: usize,
}

/// Integration options; each field is one INFO entry of the original.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// RTOL and ATOL (INFO(2) = 1 for vectors).
    pub tolerance: Tolerance,
    /// INFO(3): return after every step instead of only at TOUT.
    pub every_step: bool,
    /// INFO(4), RWORK(1): never step past this point.
    pub tstop: Option<f64>,
    /// INFO(5); with [`LinearSolver::Krylov`] ignored, as by the original.
    pub jacobian: JacobianKind,
    /// INFO(6), IWORK(1..2): banded iteration matrix with these lower and upper
    /// bandwidths; with [`LinearSolver::Krylov`] ignored, as by the original.
    pub band: Option<(usize, usize)>,
    /// INFO(7), RWORK(2): largest step size.
    pub hmax: Option<f64>,
    /// INFO(8), RWORK(3): initial step size.
    pub h0: Option<f64>,
    /// INFO(9), IWORK(3): maximum order, 1 to 5.
    pub max_order: Option<usize>,
    /// INFO(10).
    pub constraints: Constraints,
    /// INFO(11).
    pub initial: Initial,
    /// INFO(14): return with [`Reached::Initialized`] after computing initial values.
    pub stop_after_initial: bool,
    /// INFO(16): leave the algebraic components out of the error test.
    pub exclude_algebraic: bool,
    /// IWORK(LID+i): which components are differential (true) or algebraic (false);
    /// needed with [`Initial::AlgebraicAndDerivatives`] and `exclude_algebraic`.
    pub differential: Option<Vec<bool>>,
    /// NRT: the number of root functions of [`Problem::roots`].
    pub roots: usize,
    /// INFO(12): direct or Krylov.
    pub linear_solver: LinearSolver,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tolerance: Tolerance::default(),
            every_step: false,
            tstop: None,
            jacobian: JacobianKind::Numerical,
            band: None,
            hmax: None,
            h0: None,
            max_order: None,
            constraints: Constraints::None,
            initial: Initial::Given,
            stop_after_initial: false,
            exclude_algebraic: false,
            differential: None,
            roots: 0,
            linear_solver: LinearSolver::Direct,
        }
    }
}

/// A DASKR integration: its state lives in the original's INFO, RWORK and IWORK arrays.
#[derive(Debug, Clone)]
pub struct Daskr {
    t: f64,
    y: Vec<f64>,
    yprime: Vec<f64>,
    info: [i32; 20],
    rtol: Vec<f64>,
    atol: Vec<f64>,
    rwork: Vec<f64>,
    iwork: Vec<i32>,
    jroot: Vec<i32>,
    idid: i32,
    /// ID codes (+1 differential, -1 algebraic), written into IWORK(LID..) before each
    /// first call that uses them: between, the pivots may occupy those slots.
    id: Vec<i32>,
    /// The counters of the runs before the last restart (INFO(1) = 0 clears IWORK's).
    earlier: Statistics,
}

fn length(what: &'static str, expected: usize, found: usize) -> Error {
    Error::WrongLength {
        what,
        expected,
        found,
    }
}

/// INFO(12), (13) and (15) of the Krylov option; LENWP and LENIWP must fit IWORK.
fn krylov_info(k: &Krylov, info: &mut [i32; 20]) -> Result<(), Error> {
    for (name, len) in [("LENWP", k.lenwp), ("LENIWP", k.leniwp)] {
        if i32::try_from(len).is_err() {
            return Err(Error::InvalidInput {
                idid: -33,
                messages: vec![format!("{name} = {len} does not fit IWORK")],
            });
        }
    }
    info[11] = 1;
    info[12] =
        i32::from(k.maxl.is_some() || k.kmp.is_some() || k.nrmax.is_some() || k.epli.is_some());
    info[14] = i32::from(k.preconditioner);
    Ok(())
}

/// The Krylov dimensions RWORK and IWORK are sized for: MAXL and KMP within their ranges
/// (larger values are refused by the first call's checks, with the original's message).
fn krylov_dims(k: &Krylov, neq: usize) -> KrylovDims {
    let maxl = k.maxl.unwrap_or(5).clamp(1, neq);
    KrylovDims {
        maxl,
        kmp: k.kmp.unwrap_or(maxl).clamp(1, maxl),
        lenwp: k.lenwp,
        leniwp: k.leniwp,
    }
}

fn info11(initial: Initial) -> i32 {
    match initial {
        Initial::Given => 0,
        Initial::AlgebraicAndDerivatives => 1,
        Initial::FromDerivative => 2,
    }
}

impl Daskr {
    /// Prepares an integration from `t0` with `y0` and (an estimate of) `yprime0`; the
    /// options are checked by the first [`Daskr::advance`], as the original checks them.
    pub fn new(t0: f64, y0: &[f64], yprime0: &[f64], options: &Options) -> Result<Self, Error> {
        let neq = y0.len();
        if neq == 0 || i32::try_from(neq).is_err() || i32::try_from(options.roots).is_err() {
            return Err(Error::InvalidInput {
                idid: -33,
                messages: vec![format!(
                    "NEQ = {neq} or NRT = {} is not a valid size",
                    options.roots
                )],
            });
        }
        if yprime0.len() != neq {
            return Err(length("yprime0", neq, yprime0.len()));
        }
        let (rtol, atol, vector) = tolerance_arrays(&options.tolerance, neq)?;
        let (info10, codes) = match &options.constraints {
            Constraints::None => (0, None),
            Constraints::NonNegative => (2, None),
            Constraints::Componentwise { codes, nonnegative } => {
                if codes.len() != neq {
                    return Err(length("constraint codes", neq, codes.len()));
                }
                (if *nonnegative { 3 } else { 1 }, Some(codes))
            }
        };
        let mut info = [0; 20];
        info[1] = i32::from(vector);
        info[2] = i32::from(options.every_step);
        info[3] = i32::from(options.tstop.is_some());
        info[4] = i32::from(options.jacobian == JacobianKind::Analytic);
        info[5] = i32::from(options.band.is_some());
        info[6] = i32::from(options.hmax.is_some());
        info[7] = i32::from(options.h0.is_some());
        info[8] = i32::from(options.max_order.is_some());
        info[9] = info10;
        info[10] = info11(options.initial);
        info[13] = i32::from(options.stop_after_initial);
        info[15] = i32::from(options.exclude_algebraic);
        let mxord = options.max_order.unwrap_or(5);
        let lay = match &options.linear_solver {
            LinearSolver::Direct => {
                let analytic = options.jacobian == JacobianKind::Analytic;
                let (ml, mu) = options.band.unwrap_or((0, 0));
                Layout::new(
                    neq,
                    options.roots,
                    mxord.clamp(1, 5),
                    MatrixType::of(analytic, options.band.is_some()),
                    ml.min(neq),
                    mu.min(neq),
                    info[9],
                    1,
                    info[15],
                )
            }
            LinearSolver::Krylov(k) => {
                krylov_info(k, &mut info)?;
                Layout::krylov(
                    neq,
                    options.roots,
                    mxord.clamp(1, 5),
                    krylov_dims(k, neq),
                    info[9],
                    1,
                    info[15],
                )
            }
        };
        let as_i32 = |v: usize| i32::try_from(v).unwrap_or(i32::MAX);
        let (lenrw, leniw) = lay.lengths();
        let mut rwork = vec![0.0; usize::try_from(lenrw).unwrap_or(0)];
        let mut iwork = vec![0; usize::try_from(leniw).unwrap_or(0)];
        let (ml, mu) = options.band.unwrap_or((0, 0));
        iwork[IW_ML] = as_i32(ml);
        iwork[IW_MU] = as_i32(mu);
        iwork[IW_MXORD] = as_i32(mxord);
        if let LinearSolver::Krylov(k) = &options.linear_solver {
            let maxl = k.maxl.unwrap_or(neq.min(5));
            iwork[IW_MAXL] = as_i32(maxl);
            iwork[IW_KMP] = as_i32(k.kmp.unwrap_or(maxl));
            iwork[IW_NRMAX] = as_i32(k.nrmax.unwrap_or(5));
            iwork[IW_LENWP] = as_i32(k.lenwp);
            iwork[IW_LENIWP] = as_i32(k.leniwp);
            rwork[RW_EPLI] = k.epli.unwrap_or(0.05);
        }
        if let Some(codes) = codes {
            iwork[IW_ICNS..IW_ICNS + neq].copy_from_slice(codes);
        }
        let id = match &options.differential {
            Some(d) if d.len() == neq => d.iter().map(|&diff| if diff { 1 } else { -1 }).collect(),
            Some(d) => return Err(length("differential", neq, d.len())),
            None => vec![1; neq],
        };
        rwork[RW_TSTOP] = options.tstop.unwrap_or(0.0);
        rwork[RW_HMAX] = options.hmax.unwrap_or(0.0);
        rwork[RW_H] = options.h0.unwrap_or(0.0);
        Ok(Daskr {
            t: t0,
            y: y0.to_vec(),
            yprime: yprime0.to_vec(),
            info,
            rtol,
            atol,
            rwork,
            iwork,
            jroot: vec![0; options.roots],
            idid: 0,
            id,
            earlier: Statistics::default(),
        })
    }

    /// Restarts at the current point with new values (after an event changed the
    /// equations): the next [`Advance::advance`] is a first call again (INFO(1) = 0),
    /// with consistent initial values computed as `initial` says. The counters go on
    /// (the original's restart clears them; [`Integrator::statistics`] adds them up).
    pub fn restart(&mut self, y: &[f64], yprime: &[f64], initial: Initial) -> Result<(), Error> {
        let n = self.y.len();
        for (what, v) in [("y", y), ("yprime", yprime)] {
            if v.len() != n {
                return Err(length(what, n, v.len()));
            }
        }
        self.earlier += self.counters();
        self.y.copy_from_slice(y);
        self.yprime.copy_from_slice(yprime);
        self.info[0] = 0;
        self.info[10] = info11(initial);
        self.idid = 0;
        Ok(())
    }

    /// Changes which components are differential (true) or algebraic (false), for the
    /// next restart with [`Initial::AlgebraicAndDerivatives`] (the ID array).
    pub fn set_differential(&mut self, differential: &[bool]) -> Result<(), Error> {
        if differential.len() != self.id.len() {
            return Err(length("differential", self.id.len(), differential.len()));
        }
        for (code, &d) in self.id.iter_mut().zip(differential) {
            *code = if d { 1 } else { -1 };
        }
        Ok(())
    }

    /// The derivative at [`Integrator::t`].
    pub fn yprime(&self) -> &[f64] {
        &self.yprime
    }

    /// Sets TSTOP (INFO(4) = 1, RWORK(1)) for the following calls.
    pub fn set_tstop(&mut self, tstop: f64) {
        self.info[3] = 1;
        self.rwork[RW_TSTOP] = tstop;
    }

    /// The order and step sizes of the last and the next step.
    pub fn step_data(&self) -> StepData {
        StepData::read(&self.rwork, &self.iwork)
    }

    /// IWORK(11..16), (19..21), (36) since the last first call, in the family's names;
    /// with the Krylov option IWORK(13) counts preconditioner evaluations.
    fn counters(&self) -> Statistics {
        let count = |i: usize| u64::try_from(self.iwork[i]).unwrap_or(0);
        let base = counters(&self.iwork);
        let (jacobians, preconditioners) = if self.info[11] == 1 {
            (0, count(IW_NJE))
        } else {
            (base.jacobian_evaluations, 0)
        };
        Statistics {
            jacobian_evaluations: jacobians,
            nonlinear_iterations: count(IW_NNI),
            root_evaluations: count(IW_NRTE),
            linear_iterations: count(IW_NLI),
            preconditioner_evaluations: preconditioners,
            preconditioner_solves: count(IW_NPS),
            linear_convergence_failures: count(IW_NCFL),
            ..base
        }
    }

    /// The original's work arrays (RWORK, IWORK), e.g. to save the state.
    pub fn work(&self) -> (&[f64], &[i32]) {
        (&self.rwork, &self.iwork)
    }
}

impl<P: Problem + ?Sized> Advance<P> for Daskr {
    /// Integrates towards `tout` (DDASKR with INFO(1) = 0 on the first call, 1 after).
    /// After [`Error::TooMuchWork`] or [`Error::TooMuchAccuracy`] the next call
    /// continues, as the original allows; after [`Reached::Initialized`] the next call
    /// starts the integration from the computed values.
    fn advance(&mut self, problem: &mut P, tout: f64) -> Result<Reached, Error> {
        if self.info[4] == 1 && self.info[11] == 0 && !problem.has_jacobian() {
            return Err(Error::MissingCallback {
                what: "Problem::jacobian (JacobianKind::Analytic)",
            });
        }
        if self.info[11] == 1 && self.info[14] == 1 && !problem.has_preconditioner() {
            return Err(Error::MissingCallback {
                what: "Problem::setup_preconditioner (Krylov::preconditioner)",
            });
        }
        if !self.jroot.is_empty() && !problem.has_roots() {
            return Err(Error::MissingCallback {
                what: "Problem::roots (Options::roots > 0)",
            });
        }
        if self.idid == -1 || self.idid == -2 {
            self.info[0] = 1;
        }
        if self.idid == 4 {
            self.info[10] = 0;
            self.info[13] = 0;
        }
        let neq = self.y.len();
        if self.info[0] == 0 && (self.info[10] == 1 || self.info[15] == 1) {
            let at = IW_ICNS
                + if matches!(self.info[9], 1 | 3) {
                    neq
                } else {
                    0
                };
            self.iwork[at..at + neq].copy_from_slice(&self.id);
        }
        let outcome = run(
            problem,
            &mut Call {
                neq: i32::try_from(neq).unwrap_or(i32::MAX),
                t: &mut self.t,
                y: &mut self.y,
                yprime: &mut self.yprime,
                tout,
                info: &mut self.info,
                rtol: &mut self.rtol,
                atol: &mut self.atol,
                idid: &mut self.idid,
                rwork: &mut self.rwork,
                iwork: &mut self.iwork,
                nrt: i32::try_from(self.jroot.len()).unwrap_or(i32::MAX),
                jroot: &mut self.jroot,
            },
            |_| {},
        );
        match outcome {
            Ok(Success::Step) => Ok(Reached::Step),
            Ok(Success::Tstop) => Ok(Reached::Tstop),
            Ok(Success::Tout) => Ok(Reached::Tout),
            Ok(Success::Initialized) => Ok(Reached::Initialized),
            // A root on which no function changes sign: the original's report of a root
            // function that is not finite (NaN counts as zero in DROOTS).
            Ok(Success::Root) if self.jroot.iter().all(|&j| j == 0) => {
                Err(Error::IllDefinedRoots { t: self.t })
            }
            Ok(Success::Root) => Ok(Reached::Root(self.jroot.clone())),
            Err(stop) => {
                // A call without action is refused with IDID = -33; the state keeps the
                // earlier failure's IDID, which the next call refers to again.
                if let Stop::NoActionTaken { idid } = stop {
                    self.idid = idid;
                }
                Err(stop.into())
            }
        }
    }
}

impl Integrator for Daskr {
    fn t(&self) -> f64 {
        self.t
    }

    fn y(&self) -> &[f64] {
        &self.y
    }

    fn statistics(&self) -> Statistics {
        let mut total = self.earlier;
        total += self.counters();
        total
    }
}
