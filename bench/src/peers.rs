//! The Rust peers on the kit's problems. diffsol (BDF with nalgebra's dense LU):
//! `M y' = f(t, y)` with the problem's constant mass matrix; the Jacobian-vector
//! products diffsol asks for come from the problem's analytic Jacobian (evaluated once
//! per state and reused for every column) or from forward differences.

use crate::problems::{Kind, TestProblem};
use crate::solvers::Outcome;
use diffsol::{NalgebraLU, NalgebraMat, OdeBuilder, OdeSolverMethod, OdeSolverStopReason};
use std::cell::RefCell;

/// The Jacobian of the last state asked for, so that the n products of one Jacobian
/// assembly cost one evaluation.
struct JacCache {
    t: f64,
    x: Vec<f64>,
    jac: Vec<f64>,
    f0: Vec<f64>,
    f1: Vec<f64>,
    x1: Vec<f64>,
}

pub fn run_diffsol(p: &TestProblem, tol: f64) -> Outcome {
    let n = p.n;
    let (_, atol, _) = p.tolerances(tol);
    let yp = vec![0.0; n];
    let mass = if p.kind == Kind::Dae {
        p.mass_full()
    } else {
        Vec::new()
    };
    let cache = RefCell::new(JacCache {
        t: f64::NAN,
        x: vec![f64::NAN; n],
        jac: vec![0.0; n * n],
        f0: vec![0.0; n],
        f1: vec![0.0; n],
        x1: vec![0.0; n],
    });
    let rhs = |x: &[f64], _: &[f64], t: f64, y: &mut [f64]| {
        if !p.feval(t, x, &yp, y) {
            y.fill(f64::NAN);
        }
    };
    let jac_vec = |x: &[f64], _: &[f64], t: f64, v: &[f64], y: &mut [f64]| {
        let mut c = cache.borrow_mut();
        let c = &mut *c;
        if p.numjac {
            // Forward difference along v.
            let vnorm = v.iter().fold(0.0f64, |m, vi| m.max(vi.abs()));
            if vnorm == 0.0 {
                y.fill(0.0);
                return;
            }
            let xnorm = x.iter().fold(0.0f64, |m, xi| m.max(xi.abs()));
            let eps = f64::EPSILON.sqrt() * (1.0 + xnorm) / vnorm;
            p.feval(t, x, &yp, &mut c.f0);
            for ((x1, xi), vi) in c.x1.iter_mut().zip(x).zip(v) {
                *x1 = xi + eps * vi;
            }
            p.feval(t, &c.x1, &yp, &mut c.f1);
            for ((yi, f1), f0) in y.iter_mut().zip(&c.f1).zip(&c.f0) {
                *yi = (f1 - f0) / eps;
            }
            return;
        }
        if c.t != t || c.x != x {
            c.t = t;
            c.x.copy_from_slice(x);
            match p.jac_band {
                None => {
                    p.jeval(t, x, &yp, &mut c.jac, n);
                }
                Some((ml, mu)) => {
                    let ld = ml + mu + 1;
                    let mut band = vec![0.0; ld * n];
                    p.jeval(t, x, &yp, &mut band, ld);
                    c.jac.fill(0.0);
                    for j in 0..n {
                        for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                            c.jac[i + j * n] = band[(i + mu - j) + j * ld];
                        }
                    }
                }
            }
        }
        for (i, yi) in y.iter_mut().enumerate() {
            *yi = (0..n).map(|j| c.jac[i + j * n] * v[j]).sum();
        }
    };
    let y0 = p.y0.clone();
    let init = move |_: &[f64], _: f64, y: &mut [f64]| y.copy_from_slice(&y0);
    let builder = OdeBuilder::<NalgebraMat<f64>>::new()
        .t0(p.t[0])
        .h0(tol)
        .rtol(tol)
        .atol(atol)
        .rhs_implicit(rhs, jac_vec)
        .init(init, n);
    let mut out = Outcome::default();
    let result = if p.kind == Kind::Dae {
        let mass_vec = |v: &[f64], _: &[f64], _: f64, beta: f64, y: &mut [f64]| {
            for (i, yi) in y.iter_mut().enumerate() {
                *yi = (0..n).map(|j| mass[i + j * n] * v[j]).sum::<f64>() + beta * *yi;
            }
        };
        builder
            .mass(mass_vec)
            .build()
            .map_err(|e| e.to_string())
            .and_then(|problem| {
                let solver = problem
                    .bdf::<NalgebraLU<f64>>()
                    .map_err(|e| e.to_string())?;
                integrate(solver, p, &mut out)
            })
    } else {
        builder
            .build()
            .map_err(|e| e.to_string())
            .and_then(|problem| {
                let solver = problem
                    .bdf::<NalgebraLU<f64>>()
                    .map_err(|e| e.to_string())?;
                integrate(solver, p, &mut out)
            })
    };
    match result {
        Ok(y) => out.y = Some(y),
        Err(e) => out.failure = Some(e),
    }
    out
}

/// Steps to every segment end in turn; returns the state at the end point.
fn integrate<'a, Eqn, S>(
    mut solver: S,
    p: &TestProblem,
    out: &mut Outcome,
) -> Result<Vec<f64>, String>
where
    Eqn: diffsol::OdeEquationsImplicit<T = f64, V = diffsol::NalgebraVec<f64>> + 'a,
    S: OdeSolverMethod<'a, Eqn>,
{
    let mut result = Ok(());
    'segments: for &tend in &p.t[1..] {
        if let Err(e) = solver.set_stop_time(tend) {
            result = Err(e.to_string());
            break;
        }
        loop {
            match solver.step() {
                Ok(OdeSolverStopReason::TstopReached) => break,
                Ok(_) => {}
                Err(e) => {
                    result = Err(format!("{e} at t = {:e}", solver.state().t));
                    break 'segments;
                }
            }
        }
    }
    let stats = solver.get_statistics();
    out.steps = stats.number_of_steps as u64;
    out.njac = stats.number_of_linear_solver_setups as u64;
    out.nf = stats.number_of_nonlinear_solver_iterations as u64;
    result.map(|()| solver.state().y.batch_as_slice(0).to_vec())
}

/// A kit problem as differential-equations' `M y' = f(t, y)`. Its Radau5 needs a
/// fixed-size state (with `Vec` states it panics on an empty `zeros()`), hence `N`.
struct DeProblem<'a, const N: usize> {
    p: &'a TestProblem,
    mass: Vec<f64>,
}

impl<const N: usize> differential_equations::dae::DAE<f64, [f64; N]> for DeProblem<'_, N> {
    fn diff(&self, t: f64, y: &[f64; N], f: &mut [f64; N]) {
        if !self.p.feval(t, y, &[0.0; N], f) {
            f.fill(f64::NAN);
        }
    }

    fn mass(&self, m: &mut differential_equations::linalg::Matrix<f64>) {
        for j in 0..N {
            for i in 0..N {
                m[(i, j)] = match self.p.kind {
                    Kind::Dae => self.mass[i + j * N],
                    _ => f64::from(u8::from(i == j)),
                };
            }
        }
    }

    fn jacobian(&self, t: f64, y: &[f64; N], j: &mut differential_equations::linalg::Matrix<f64>) {
        let n = N;
        let yp = [0.0; N];
        let mut full = vec![0.0; n * n];
        if self.p.numjac {
            // Forward differences with RADAU5's increments.
            let (mut f0, mut f1, mut y1) = ([0.0; N], [0.0; N], *y);
            self.p.feval(t, y, &yp, &mut f0);
            for c in 0..n {
                let delt = (1e-16 * 1e-5f64.max(y[c].abs())).sqrt();
                y1[c] = y[c] + delt;
                self.p.feval(t, &y1, &yp, &mut f1);
                y1[c] = y[c];
                for r in 0..n {
                    full[r + c * n] = (f1[r] - f0[r]) / delt;
                }
            }
        } else if let Some((ml, mu)) = self.p.jac_band {
            let ld = ml + mu + 1;
            let mut band = vec![0.0; ld * n];
            self.p.jeval(t, y, &yp, &mut band, ld);
            for c in 0..n {
                for r in c.saturating_sub(mu)..n.min(c + ml + 1) {
                    full[r + c * n] = band[(r + mu - c) + c * ld];
                }
            }
        } else {
            self.p.jeval(t, y, &yp, &mut full, n);
        }
        for c in 0..n {
            for r in 0..n {
                j[(r, c)] = full[r + c * n];
            }
        }
    }
}

/// differential-equations' Radau5 on a problem with `N` components.
fn run_radau5_n<const N: usize>(p: &TestProblem, tol: f64) -> Outcome {
    use differential_equations::prelude::*;
    let problem = DeProblem::<N> {
        p,
        mass: if p.kind == Kind::Dae {
            p.mass_full()
        } else {
            Vec::new()
        },
    };
    let (_, atol, _) = p.tolerances(tol);
    let mut out = Outcome::default();
    let mut y = [0.0; N];
    y.copy_from_slice(&p.y0);
    for seg in p.t.windows(2) {
        let method = ImplicitRungeKutta::radau5()
            .rtol(tol)
            .atol(atol.clone())
            .h0(tol)
            .max_steps(10_000_000);
        match IVP::dae(&problem, seg[0], seg[1], y).method(method).solve() {
            Ok(sol) => {
                out.steps += (sol.steps.accepted + sol.steps.rejected) as u64;
                out.nf += sol.evals.function as u64;
                out.njac += sol.evals.jacobian as u64;
                let reached = sol
                    .t
                    .last()
                    .is_some_and(|t| (t - seg[1]).abs() <= 1e-12 * seg[1].abs().max(1.0));
                match sol.y.last() {
                    Some(last) if reached => y = *last,
                    _ => {
                        out.failure = Some(format!("stopped early: {:?}", sol.status));
                        return out;
                    }
                }
            }
            Err(e) => {
                out.failure = Some(format!("{e:?}"));
                return out;
            }
        }
    }
    out.y = Some(y.to_vec());
    out
}

/// differential-equations' Radau5, for the problem sizes of the kit.
pub fn run_radau5(p: &TestProblem, tol: f64) -> Outcome {
    match p.n {
        2 => run_radau5_n::<2>(p, tol),
        3 => run_radau5_n::<3>(p, tol),
        8 => run_radau5_n::<8>(p, tol),
        9 => run_radau5_n::<9>(p, tol),
        10 => run_radau5_n::<10>(p, tol),
        20 => run_radau5_n::<20>(p, tol),
        n => Outcome {
            failure: Some(format!("no fixed-size state of length {n} in the bench")),
            ..Outcome::default()
        },
    }
}
