//! RADAU5 behind the family's stepping interface: [`Radau5::new`] at the initial point,
//! then [`Advance::advance`] to each output point. Each advance is one call of the
//! original with XEND = tout, continuing from the X and the predicted H the last one
//! left (as a legacy program calls RADAU5 segment by segment), so its step sequence and
//! counters are the original's for that sequence of calls.

use super::core::{Setup, TransformedTolerances};
use super::{radcor, Counters, Outcome, Problem, Structure};
use crate::hairer::ToleranceRef;
use crate::{Advance, Error, Integrator, Reached, Statistics};

use super::Options;

/// A RADAU5 integration in progress.
#[derive(Debug, Clone)]
pub struct Radau5 {
    structure: Structure,
    options: Options,
    x: f64,
    y: Vec<f64>,
    h: f64,
    work: Vec<f64>,
    stats: Statistics,
}

impl Radau5 {
    /// Starts at `(x0, y0)` with the problem's `structure` and the `options` (tolerances,
    /// initial step and the WORK/IWORK settings), which are checked as RADAU5 checks them.
    pub fn new(x0: f64, y0: &[f64], structure: Structure, options: Options) -> Result<Self, Error> {
        if y0.len() != structure.n {
            return Err(Error::WrongLength {
                what: "y0",
                expected: structure.n,
                found: y0.len(),
            });
        }
        options.tolerance.arrays(structure.n)?;
        let mut scratch = TransformedTolerances::new();
        setup(&structure, &options, (y0.len(), x0, x0 + 1.0), &mut scratch)?;
        Ok(Self {
            h: options.initial_step,
            structure,
            options,
            x: x0,
            y: y0.to_vec(),
            work: Vec::new(),
            stats: Statistics::default(),
        })
    }

    /// The step size RADAU5 predicts for the next step (H on return).
    pub fn h(&self) -> f64 {
        self.h
    }
}

/// The checked setup of one call (its transformed tolerances in `scratch`), or the
/// original's messages for refused input.
fn setup<'t>(
    structure: &Structure,
    options: &Options,
    (n, x, xend): (usize, f64, f64),
    scratch: &'t mut TransformedTolerances,
) -> Result<Setup<'t>, Error> {
    let tol = ToleranceRef::of(&options.tolerance);
    Setup::new(structure, options, options.fnewt, n, tol, scratch, x, xend).map_err(|refusals| {
        Error::InvalidInput {
            idid: -1,
            messages: refusals.lines(),
        }
    })
}

/// One call's counters in the family's names.
fn statistics(c: &Counters) -> Statistics {
    let wide = |v: usize| v as u64;
    Statistics {
        steps: wide(c.nstep),
        accepted: wide(c.naccpt),
        error_test_failures: wide(c.nrejct),
        function_evaluations: wide(c.nfcn),
        jacobian_evaluations: wide(c.njac),
        decompositions: wide(c.ndec),
        solves: wide(c.nsol),
        ..Statistics::default()
    }
}

impl<P: Problem> Advance<P> for Radau5 {
    fn advance(&mut self, problem: &mut P, tout: f64) -> Result<Reached, Error> {
        if self.structure.analytic_jacobian && !problem.has_jacobian() {
            return Err(Error::MissingCallback {
                what: "Problem::jac (Structure::analytic_jacobian is set)",
            });
        }
        if self.structure.mass.is_some() && !problem.has_mass() {
            return Err(Error::MissingCallback {
                what: "Problem::mas (Structure::mass is set)",
            });
        }
        let mut scratch = TransformedTolerances::new();
        let span = (self.y.len(), self.x, tout);
        let setup = setup(&self.structure, &self.options, span, &mut scratch)?;
        self.work.resize(setup.work_len(), 0.0);
        let end = radcor::run(
            &setup,
            problem,
            self.x,
            &mut self.y,
            tout,
            self.h,
            &mut self.work,
        );
        (self.x, self.h) = (end.x, end.h);
        self.stats += statistics(&end.stats);
        let (t, h) = (end.x, end.h);
        match end.outcome {
            Outcome::Reached => Ok(Reached::Tout),
            Outcome::Interrupted => Ok(Reached::Interrupted),
            Outcome::TooManySteps => Err(Error::StepLimit {
                t,
                nmax: setup.nmax,
            }),
            Outcome::StepSizeTooSmall => Err(Error::StepSizeTooSmall { t, h }),
            Outcome::RepeatedlySingular { stage } => Err(Error::RepeatedlySingular { t, stage }),
        }
    }
}

impl Integrator for Radau5 {
    fn t(&self) -> f64 {
        self.x
    }

    fn y(&self) -> &[f64] {
        &self.y
    }

    fn statistics(&self) -> Statistics {
        self.stats
    }
}
