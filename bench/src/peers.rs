//! The Rust peers on the kit's problems, `M y' = f(t, y)` with the problem's constant
//! mass matrix. diffsol (BDF with nalgebra's dense LU): the Jacobian-vector products it
//! asks for come from the problem's analytic Jacobian (evaluated once per state and
//! reused for every column) or from forward differences. differential-equations
//! (Radau5, its own dense LU): the analytic Jacobian or its forward differences.

use crate::problems::{Kind, TestProblem};
use crate::solvers::Outcome;
use differential_equations::prelude::{
    ControlFlag, Error as DeError, ImplicitRungeKutta, Interpolation, Matrix as DeMatrix, Solout,
    Solution, DAE, IVP, ODE,
};
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
            p.jacobian_full(t, x, &yp, &mut c.jac);
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

/// A kit problem as `differential-equations`' ODE or DAE (`M y' = f`) system, with the
/// crate's own forward-difference Jacobian.
struct DeSystem<'a> {
    p: &'a TestProblem,
    yp: Vec<f64>,
    mass: Vec<f64>,
}

/// The same system with the problem's analytic Jacobian.
struct DeAnalytic<'a>(DeSystem<'a>);

impl DeSystem<'_> {
    fn f(&self, t: f64, y: &[f64], f: &mut [f64]) {
        if !self.p.feval(t, y, &self.yp, f) {
            f.fill(f64::NAN);
        }
    }
}

impl DeAnalytic<'_> {
    fn jac(&self, t: f64, y: &[f64], j: &mut DeMatrix<f64>) {
        let n = self.0.p.n;
        let mut full = vec![0.0; n * n];
        self.0.p.jacobian_full(t, y, &self.0.yp, &mut full);
        for c in 0..n {
            for r in 0..n {
                j[(r, c)] = full[r + c * n];
            }
        }
    }
}

impl<const N: usize> ODE<f64, [f64; N]> for DeSystem<'_> {
    fn diff(&self, t: f64, y: &[f64; N], dydt: &mut [f64; N]) {
        self.f(t, y, dydt);
    }
}

impl<const N: usize> DAE<f64, [f64; N]> for DeSystem<'_> {
    fn diff(&self, t: f64, y: &[f64; N], f: &mut [f64; N]) {
        self.f(t, y, f);
    }
    fn mass(&self, m: &mut DeMatrix<f64>) {
        let n = self.p.n;
        for c in 0..n {
            for r in 0..n {
                m[(r, c)] = self.mass[r + c * n];
            }
        }
    }
}

impl<const N: usize> ODE<f64, [f64; N]> for DeAnalytic<'_> {
    fn diff(&self, t: f64, y: &[f64; N], dydt: &mut [f64; N]) {
        self.0.f(t, y, dydt);
    }
    fn jacobian(&self, t: f64, y: &[f64; N], j: &mut DeMatrix<f64>) {
        self.jac(t, y, j);
    }
}

impl<const N: usize> DAE<f64, [f64; N]> for DeAnalytic<'_> {
    fn diff(&self, t: f64, y: &[f64; N], f: &mut [f64; N]) {
        self.0.f(t, y, f);
    }
    fn mass(&self, m: &mut DeMatrix<f64>) {
        DAE::<f64, [f64; N]>::mass(&self.0, m);
    }
    fn jacobian(&self, t: f64, y: &[f64; N], j: &mut DeMatrix<f64>) {
        self.jac(t, y, j);
    }
}

/// Keeps only the state at the end of the segment, so that the peer does not pay for
/// storing every step.
struct EndPoint(f64);

impl<const N: usize> Solout<f64, [f64; N]> for EndPoint {
    fn solout<I>(
        &mut self,
        t_curr: f64,
        _t_prev: f64,
        y_curr: &[f64; N],
        _y_prev: &[f64; N],
        _interpolator: &mut I,
        solution: &mut Solution<f64, [f64; N]>,
    ) -> ControlFlag<f64, [f64; N]>
    where
        I: Interpolation<f64, [f64; N]> + ?Sized,
    {
        if t_curr == self.0 {
            solution.push(t_curr, *y_curr);
        }
        ControlFlag::Continue
    }
}

/// `differential-equations`' Radau5 with the problem's tolerances, h0 = tol (as
/// stiffdae's RADAU5 gets; cut to the segment, which the crate insists on), the index-2/3 variables declared, a restart at every
/// segment end. The state is a fixed-size array, the crate's main state type (its
/// `Vec` state creates empty vectors inside Radau5), so each problem size has its
/// instance.
pub fn run_de_radau5(p: &TestProblem, tol: f64) -> Outcome {
    match p.n {
        2 => de_sized::<2>(p, tol),
        3 => de_sized::<3>(p, tol),
        8 => de_sized::<8>(p, tol),
        9 => de_sized::<9>(p, tol),
        10 => de_sized::<10>(p, tol),
        20 => de_sized::<20>(p, tol),
        27 => de_sized::<27>(p, tol),
        n => Outcome {
            failure: Some(format!("no array instance for n = {n}")),
            ..Outcome::default()
        },
    }
}

fn de_sized<const N: usize>(p: &TestProblem, tol: f64) -> Outcome {
    let n = p.n;
    let system = DeSystem {
        p,
        yp: vec![0.0; n],
        mass: if p.kind == Kind::Dae {
            p.mass_full()
        } else {
            Vec::new()
        },
    };
    if p.numjac {
        de_radau5::<_, N>(&system, p, tol)
    } else {
        de_radau5::<_, N>(&DeAnalytic(system), p, tol)
    }
}

fn de_radau5<S, const N: usize>(system: &S, p: &TestProblem, tol: f64) -> Outcome
where
    S: ODE<f64, [f64; N]> + DAE<f64, [f64; N]>,
{
    let n = p.n;
    let (rtol, atol, _) = p.tolerances(tol);
    let vars = |k: i32| -> Vec<usize> { (0..n).filter(|&i| p.ind[i] == k).collect() };
    let mut out = Outcome::default();
    let mut y = [0.0; N];
    y.copy_from_slice(&p.y0);
    for seg in p.t.windows(2) {
        // The ODE and DAE variants are different types: one builder for both.
        macro_rules! method {
            () => {
                ImplicitRungeKutta::radau5()
                    .rtol(rtol.clone())
                    .atol(atol.clone())
                    .h0(tol.min(seg[1] - seg[0]))
                    .max_steps(10_000_000)
            };
        }
        let solved = if p.kind == Kind::Dae {
            IVP::dae(system, seg[0], seg[1], y)
                .method(
                    method!()
                        .index2_equations(vars(2))
                        .index3_equations(vars(3)),
                )
                .solout(EndPoint(seg[1]))
                .solve()
        } else {
            IVP::ode(system, seg[0], seg[1], y)
                .method(method!())
                .solout(EndPoint(seg[1]))
                .solve()
        };
        match solved {
            Ok(s) => {
                out.steps += s.steps.total() as u64;
                out.nf += s.evals.function as u64;
                out.njac += s.evals.jacobian as u64;
                match s.y.last() {
                    Some(end) => y.copy_from_slice(end),
                    None => {
                        out.failure = Some(format!("no solution at t = {:e}", seg[1]));
                        return out;
                    }
                }
            }
            Err(e) => {
                out.failure = Some(de_error(&e));
                return out;
            }
        }
    }
    out.y = Some(y.to_vec());
    out
}

/// The crate's error without the state vector (its Display needs a displayable state).
fn de_error<const N: usize>(e: &DeError<f64, [f64; N]>) -> String {
    match e {
        DeError::BadInput { msg } => format!("bad input: {msg}"),
        DeError::MaxSteps { t, .. } => format!("maximum steps reached at t = {t:e}"),
        DeError::StepSize { t, .. } => format!("step size too small at t = {t:e}"),
        DeError::Stiffness { t, .. } => format!("stiffness detected at t = {t:e}"),
        DeError::LinearAlgebra { t, msg, .. } => format!("linear algebra: {msg} at t = {t:e}"),
        other => format!("{other:?}"),
    }
}
