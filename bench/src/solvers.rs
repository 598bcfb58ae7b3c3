//! The solvers of the diagrams, each run on a [`TestProblem`] at one tolerance as the
//! kit's drivers do: rtol = atol = tol (then the problem's own adjustments), h0 = tol for
//! the Hairer codes, restarts at every segment end t(i).

use crate::problems::{Kind, TestProblem};
use stiffdae::prelude::*;
use stiffdae::radau5::{Matrix, Radau5, Structure};
use stiffdae::{radau, radau5, rodas};

/// What one run produced.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The solution at the end point, `None` when the solver failed.
    pub y: Option<Vec<f64>>,
    pub steps: u64,
    pub nf: u64,
    pub njac: u64,
    /// Why the run failed (the solver's own words).
    pub failure: Option<String>,
}

/// A solver of the diagrams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    Radau5,
    Radau,
    Rodas,
    Dassl,
    #[cfg(feature = "ida")]
    Ida,
    #[cfg(feature = "peers")]
    Diffsol,
    #[cfg(feature = "peers")]
    DeRadau5,
}

impl Solver {
    pub fn all() -> Vec<Solver> {
        vec![
            Solver::Radau5,
            Solver::Radau,
            Solver::Rodas,
            Solver::Dassl,
            #[cfg(feature = "ida")]
            Solver::Ida,
            #[cfg(feature = "peers")]
            Solver::Diffsol,
            #[cfg(feature = "peers")]
            Solver::DeRadau5,
        ]
    }

    pub fn name(self) -> &'static str {
        match self {
            Solver::Radau5 => "stiffdae RADAU5",
            Solver::Radau => "stiffdae RADAU",
            Solver::Rodas => "stiffdae RODAS",
            Solver::Dassl => "stiffdae DASSL",
            #[cfg(feature = "ida")]
            Solver::Ida => "SUNDIALS IDA",
            #[cfg(feature = "peers")]
            Solver::Diffsol => "diffsol BDF",
            #[cfg(feature = "peers")]
            Solver::DeRadau5 => "differential-equations Radau5",
        }
    }

    /// stiffdae's own integrators, whose time the summary compares with the others'.
    pub fn is_ours(self) -> bool {
        self.name().starts_with("stiffdae")
    }

    /// The short name `--solvers` takes.
    pub fn key(self) -> &'static str {
        match self {
            Solver::Radau5 => "radau5",
            Solver::Radau => "radau",
            Solver::Rodas => "rodas",
            Solver::Dassl => "dassl",
            #[cfg(feature = "ida")]
            Solver::Ida => "ida",
            #[cfg(feature = "peers")]
            Solver::Diffsol => "diffsol",
            #[cfg(feature = "peers")]
            Solver::DeRadau5 => "de-radau5",
        }
    }

    /// Whether the solver can take the problem's form and index at all.
    pub fn takes(self, p: &TestProblem) -> bool {
        match self {
            Solver::Radau5 | Solver::Radau => p.kind != Kind::Ide,
            Solver::Rodas => p.kind != Kind::Ide && p.ind.iter().all(|&i| i <= 1),
            Solver::Dassl => p.ind.iter().all(|&i| i <= 2),
            #[cfg(feature = "ida")]
            Solver::Ida => p.ind.iter().all(|&i| i <= 2),
            #[cfg(feature = "peers")]
            Solver::Diffsol => p.kind != Kind::Ide && p.ind.iter().all(|&i| i <= 1),
            #[cfg(feature = "peers")]
            Solver::DeRadau5 => p.kind != Kind::Ide,
        }
    }

    /// Why [`takes`](Self::takes) refuses a problem.
    pub fn refusal(self) -> &'static str {
        match self {
            Solver::Radau5 | Solver::Radau => "implicit problem F(t, y, y') = 0",
            Solver::Rodas => "implicit or higher-index problem (index 1 only)",
            Solver::Dassl => "index-3 variables",
            #[cfg(feature = "ida")]
            Solver::Ida => "index-3 variables",
            #[cfg(feature = "peers")]
            Solver::Diffsol => "implicit or higher-index problem (semi-explicit index 1 only)",
            #[cfg(feature = "peers")]
            Solver::DeRadau5 => "implicit problem F(t, y, y') = 0",
        }
    }

    pub fn run(self, p: &TestProblem, tol: f64) -> Outcome {
        match self {
            Solver::Radau5 => run_hairer(p, tol, |x, y, structure, base| {
                Radau5::new(x, y, structure, base)
            }),
            Solver::Radau => run_hairer(p, tol, |x, y, structure, base| {
                let options = radau::Options {
                    base,
                    ..radau::Options::default()
                };
                radau::Radau::new(x, y, structure, options)
            }),
            Solver::Rodas => run_hairer(p, tol, |x, y, structure, base| {
                let options = rodas::Options {
                    tolerance: base.tolerance,
                    initial_step: base.initial_step,
                    max_steps: base.max_steps,
                    ..rodas::Options::default()
                };
                let structure = rodas::Structure {
                    n: structure.n,
                    autonomous: false,
                    analytic_jacobian: structure.analytic_jacobian,
                    jacobian: structure.jacobian,
                    analytic_dfx: false,
                    mass: structure.mass,
                    dense_output: false,
                };
                rodas::Rodas::new(x, y, structure, options)
            }),
            Solver::Dassl => crate::dassl::run(p, tol),
            #[cfg(feature = "ida")]
            Solver::Ida => crate::ida::run(p, tol),
            #[cfg(feature = "peers")]
            Solver::Diffsol => crate::peers::run_diffsol(p, tol),
            #[cfg(feature = "peers")]
            Solver::DeRadau5 => crate::peers::run_de_radau5(p, tol),
        }
    }
}

/// A kit problem seen through the safe APIs of the Hairer codes.
struct KitProblem<'a> {
    p: &'a TestProblem,
    yp: Vec<f64>,
}

/// The same right-hand side, Jacobian and mass matrix for each Hairer code's `Problem`.
macro_rules! kit_problem {
    ($($method:ident),*) => {$(
        impl $method::Problem for KitProblem<'_> {
            fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]) {
                if !self.p.feval(x, y, &self.yp, f) {
                    // An error flag of the problem: a non-finite f makes the code halve
                    // the step.
                    f.fill(f64::NAN);
                }
            }
            fn jac(&mut self, x: f64, y: &[f64], dfy: &mut [f64], ldfy: usize) {
                if !self.p.jeval(x, y, &self.yp, dfy, ldfy) {
                    dfy.fill(f64::NAN);
                }
            }
            fn has_jacobian(&self) -> bool {
                true
            }
            fn mas(&mut self, _nm1: usize, am: &mut [f64], lmas: usize) {
                self.p.meval_raw(am, lmas);
            }
            fn has_mass(&self) -> bool {
                true
            }
        }
    )*};
}

kit_problem!(radau5, radau, rodas);

/// Runs one of the Hairer codes over the problem's segments as the kit's drivers do:
/// `new` makes the integrator of a segment from its start, the structure and the
/// RADAU5-shaped options (tolerances, h0 = tol, the index hints).
fn run_hairer<S>(
    p: &TestProblem,
    tol: f64,
    new: impl Fn(f64, &[f64], Structure, radau5::Options) -> Result<S, Error>,
) -> Outcome
where
    S: for<'a> Advance<KitProblem<'a>>,
{
    let (rtol, atol, vector) = p.tolerances(tol);
    let tolerance = if vector {
        Tolerance::Vector { rtol, atol }
    } else {
        Tolerance::Scalar {
            rtol: tol,
            atol: tol,
        }
    };
    let band = |b: Option<(usize, usize)>| match b {
        Some((lower, upper)) => Matrix::Banded { lower, upper },
        None => Matrix::Full,
    };
    let structure = Structure {
        n: p.n,
        analytic_jacobian: !p.numjac,
        jacobian: band(p.jac_band),
        mass: (p.kind == Kind::Dae).then(|| band(p.mas_band)),
        dense_output: false,
    };
    let count = |k: i32| {
        p.ind
            .iter()
            .filter(|&&i| if k == 1 { i <= 1 } else { i == k })
            .count() as i64
    };
    let options = radau5::Options {
        tolerance,
        initial_step: tol,
        max_steps: 10_000_000,
        index_dims: [count(1), count(2), count(3)],
        ..radau5::Options::default()
    };
    let mut problem = KitProblem {
        p,
        yp: vec![0.0; p.n],
    };
    let mut y = p.y0.clone();
    let mut out = Outcome::default();
    // Each segment starts afresh with h = tol, as the kit's drivers do.
    for seg in p.t.windows(2) {
        let mut solver = match new(seg[0], &y, structure.clone(), options.clone()) {
            Ok(s) => s,
            Err(e) => {
                out.failure = Some(format!("{e}"));
                return out;
            }
        };
        let reached = solver.advance(&mut problem, seg[1]);
        let s = solver.statistics();
        out.steps += s.steps;
        out.nf += s.function_evaluations;
        out.njac += s.jacobian_evaluations;
        y.copy_from_slice(solver.y());
        if let Err(e) = reached {
            out.failure = Some(format!("IDID = {}: {e}", e.idid().unwrap_or(-1)));
            return out;
        }
    }
    out.y = Some(y);
    out
}
