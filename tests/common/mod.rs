//! Test plumbing shared by the RADAU5 tests: one call of the original (X, Y, H in and
//! out, as `radau5_` takes them) through the stepping interface.

use stiffdae::prelude::*;
use stiffdae::radau5::{Options, Problem, Radau5, Structure};

/// How a successful call ended.
#[derive(Debug)]
#[allow(dead_code)]
pub struct Done {
    /// The counters of the call.
    pub stats: Statistics,
    /// SOLOUT stopped the integration (IDID = 2).
    pub interrupted: bool,
}

/// Integrates from `*x` to `xend` as one RADAU5 call would: `*x`, `y` and `*h` come back
/// as the original leaves them; a failure comes with the counters up to it (a large
/// `Err`, which the tests only take apart).
#[allow(clippy::too_many_arguments, clippy::result_large_err, dead_code)]
pub fn solve<P: Problem>(
    problem: &mut P,
    structure: &Structure,
    options: &Options,
    x: &mut f64,
    y: &mut [f64],
    xend: f64,
    h: &mut f64,
    tol: &Tolerance,
) -> Result<Done, (Error, Statistics)> {
    let options = Options {
        tolerance: tol.clone(),
        initial_step: *h,
        ..options.clone()
    };
    let mut solver =
        Radau5::new(*x, y, structure.clone(), options).map_err(|e| (e, Statistics::default()))?;
    let reached = solver.advance(problem, xend);
    *x = solver.t();
    y.copy_from_slice(solver.y());
    *h = solver.h();
    let stats = solver.statistics();
    match reached {
        Ok(r) => Ok(Done {
            stats,
            interrupted: r == Reached::Interrupted,
        }),
        Err(e) => Err((e, stats)),
    }
}
