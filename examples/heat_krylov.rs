//! The heat problem of the DDASKR authors' `dheat.f`, through the safe Rust API with the
//! Krylov option: `u_t = u_xx + u_yy` on the unit square, central differences on an
//! (M+2)×(M+2) mesh with M = 10 (NEQ = 144), the boundary values held at 0 as algebraic
//! equations, `u(0) = 16 x(1-x) y(1-y)`, pure absolute tolerance 1e-5. The linear systems
//! are solved by GMRES preconditioned with a banded (ML = MU = 1) difference-quotient
//! approximation of the iteration matrix, factored by LINPACK's band LU. The root
//! functions `max u - 0.1` and `max u - 0.01` stop the integration where the maximum
//! falls through them.
//!
//! It prints the table `dheat.f` prints with the original DDASKR and its `dbanpre.f`
//! (checked by `tests/examples_rust.rs`): per output point t, max |u|, the order and
//! step size of the last step, and the counters, then the run's statistics.
//!
//! `cargo run --release --example heat_krylov`

use stiffdae::daskr::layout::{IW_LENIW, IW_LENRW};
use stiffdae::daskr::{Daskr, Krylov, LinearSolver, Options, Problem, ResFlag};
use stiffdae::linalg::linpack::{lu_factor_band, lu_solve_band};
use stiffdae::prelude::*;

/// Interior points per direction.
const M: usize = 10;
/// Bandwidths of the preconditioner.
const ML: usize = 1;
const MU: usize = 1;

/// The semi-discrete heat equation with its banded preconditioner.
struct Heat {
    /// Points per direction, boundary included.
    m2: usize,
    /// 1 / dx².
    coeff: f64,
}

impl Heat {
    fn neq(&self) -> usize {
        self.m2 * self.m2
    }

    /// The difference increment for component `n`: relative to the size of `y`, of the
    /// step's change `h y'` and of the error weight, on a representable `y + del`.
    fn increment(y: f64, yp: f64, h: f64, rewt: f64) -> f64 {
        let sqrt_uround = f64::EPSILON.sqrt();
        let del = sqrt_uround * y.abs().max((h * yp).abs()).max((1.0 / rewt).abs());
        let del = del.copysign(h * yp);
        (y + del) - y
    }
}

impl Problem for Heat {
    fn residual(&mut self, _t: f64, u: &[f64], up: &[f64], _cj: f64, delta: &mut [f64]) -> ResFlag {
        let m2 = self.m2;
        delta.copy_from_slice(u);
        for k in 1..m2 - 1 {
            for j in 1..m2 - 1 {
                let i = m2 * k + j;
                let horizontal = u[i - 1] + u[i + 1];
                let vertical = u[i - m2] + u[i + m2];
                delta[i] = up[i] - (horizontal + vertical - 4.0 * u[i]) * self.coeff;
            }
        }
        ResFlag::Ok
    }

    fn roots(&mut self, _t: f64, u: &[f64], _up: &[f64], r: &mut [f64]) {
        let umax = u.iter().fold(0.0_f64, |m, &v| m.max(v));
        r[0] = umax - 0.1;
        r[1] = umax - 0.01;
    }

    fn has_roots(&self) -> bool {
        true
    }

    /// `G_u + cj G_u'` in LINPACK band storage by differences: the columns `n ≡ j (mod
    /// ML + MU + 1)` do not overlap, so one residual per group perturbs all of them.
    /// `wp` holds the band matrix, then the saved `u` and `u'` of the group.
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
        let neq = self.neq();
        let group = ML + MU + 1;
        let lda = 2 * ML + MU + 1;
        let (band, saved) = wp.split_at_mut(lda * neq);
        let (saved_y, saved_yp) = saved.split_at_mut(neq / group + 1);
        for first in 0..group.min(neq) {
            for (k, n) in (first..neq).step_by(group).enumerate() {
                saved_y[k] = y[n];
                saved_yp[k] = yprime[n];
                let del = Self::increment(y[n], yprime[n], h, rewt[n]);
                y[n] += del;
                yprime[n] += cj * del;
            }
            let flag = self.residual(t, y, yprime, cj, wk);
            if flag != ResFlag::Ok {
                return (flag, 0);
            }
            for (k, n) in (first..neq).step_by(group).enumerate() {
                y[n] = saved_y[k];
                yprime[n] = saved_yp[k];
                let scale = 1.0 / Self::increment(y[n], yprime[n], h, rewt[n]);
                for i in n.saturating_sub(MU)..neq.min(n + ML + 1) {
                    band[n * lda + i + ML + MU - n] = (wk[i] - savr[i]) * scale;
                }
            }
        }
        let zero_pivot = lu_factor_band(band, lda, neq, ML, MU, iwp);
        (ResFlag::Ok, i32::try_from(zero_pivot).unwrap_or(i32::MAX))
    }

    fn has_preconditioner(&self) -> bool {
        true
    }

    fn solve_preconditioner(
        &mut self,
        _t: f64,
        _y: &[f64],
        _yprime: &[f64],
        _savr: &[f64],
        _wk: &mut [f64],
        _cj: f64,
        _wght: &[f64],
        wp: &mut [f64],
        iwp: &mut [i32],
        b: &mut [f64],
        _eplin: f64,
    ) -> i32 {
        let neq = self.neq();
        lu_solve_band(wp, 2 * ML + MU + 1, neq, ML, MU, iwp, b);
        0
    }
}

/// Fortran's `Ew.d`: `0.` and `d` digits, a signed two-digit exponent, right-justified.
fn e(v: f64, w: usize, d: usize) -> String {
    let body = if v == 0.0 {
        format!("0.{}E+00", "0".repeat(d))
    } else {
        let sci = format!("{:.*e}", d - 1, v.abs());
        let (mantissa, exp) = sci.split_once('e').expect("scientific notation");
        let exp: i32 = exp.parse::<i32>().expect("an exponent") + 1;
        let sign = if v < 0.0 { "-" } else { "" };
        let digits = mantissa.replace('.', "");
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}0.{digits}E{esign}{:02}", exp.abs())
    };
    format!("{body:>w$}")
}

fn main() -> Result<(), Error> {
    let m2 = M + 2;
    let dx = 1.0 / (M + 1) as f64;
    let mut heat = Heat {
        m2,
        coeff: 1.0 / (dx * dx),
    };
    let neq = heat.neq();
    let mut u = vec![0.0; neq];
    for k in 0..m2 {
        let yk = k as f64 * dx;
        for j in 0..m2 {
            let xj = j as f64 * dx;
            u[m2 * k + j] = 16.0 * xj * (1.0 - xj) * yk * (1.0 - yk);
        }
    }
    let group = ML + MU + 1;
    let (rtol, atol) = (0.0, 1e-5);
    let options = Options {
        tolerance: Tolerance::scalar(rtol, atol),
        roots: 2,
        linear_solver: LinearSolver::Krylov(Krylov {
            preconditioner: true,
            lenwp: (2 * ML + MU + 1) * neq + 2 * (neq / group + 1),
            leniwp: neq,
            ..Krylov::default()
        }),
        ..Options::default()
    };
    let mut solver = Daskr::new(0.0, &u, &vec![0.0; neq], &options)?;

    println!(" DHEAT: Heat Equation Example Program for DDASKR\n");
    println!("    M+2 by M+2 mesh, M ={M:3},  System size NEQ ={neq:4}\n");
    println!("    Root functions are: R1 = max(u) - 0.1 and R2 = max(u) - 0.01\n");
    println!("    Linear solver method flag INFO(12) =  1    (0 = direct, 1 = Krylov)");
    println!("    Preconditioner is a banded approximation with ML ={ML:3}  MU ={MU:3}\n");
    println!(
        "    Tolerances are RTOL ={}   ATOL ={}\n\n",
        e(rtol, 10, 1),
        e(atol, 10, 1)
    );
    println!("     t            UMAX        NQ        H        STEPS     NNI     NLI\n");
    let mut tout = 0.01;
    let mut outputs = 0;
    while outputs < 11 {
        let reached = solver.advance(&mut heat, tout);
        let umax = solver.y().iter().fold(0.0_f64, |m, v| m.max(v.abs()));
        let step = solver.step_data();
        let s = solver.statistics();
        println!(
            "{}{}{:5}{}{:7}{:9}{:8}",
            e(solver.t(), 15, 5),
            e(umax, 12, 4),
            step.last_order,
            e(step.last_h, 14, 3),
            s.accepted,
            s.nonlinear_iterations,
            s.linear_iterations
        );
        match reached {
            Ok(Reached::Root(jroot)) => {
                println!(
                    "                    *****   Root found, JROOT ={:3}{:3}",
                    jroot[0], jroot[1]
                );
                continue;
            }
            Ok(_) => {}
            Err(_) => {
                println!("\n\n Final time reached ={}\n\n", e(solver.t(), 12, 4));
                break;
            }
        }
        tout *= 2.0;
        outputs += 1;
    }

    let s = solver.statistics();
    let (_, iwork) = solver.work();
    // The preconditioner's residual evaluations are the user's: `group` per setup.
    let nre = s.function_evaluations + s.preconditioner_evaluations * group as u64;
    let average = if s.nonlinear_iterations == 0 {
        0.0
    } else {
        // REAL in the original: the average in single precision.
        s.linear_iterations as f32 / s.nonlinear_iterations as f32
    };
    println!("\n\n Final statistics for this run..");
    println!(
        "   RWORK size ={:5}   IWORK size ={:4}",
        iwork[IW_LENRW], iwork[IW_LENIW]
    );
    println!("   Number of time steps ................ ={:5}", s.accepted);
    println!("   Number of residual evaluations ...... ={nre:5}");
    println!(
        "   Number of root function evaluations . ={:5}",
        s.root_evaluations
    );
    println!(
        "   Number of preconditioner evaluations  ={:5}",
        s.preconditioner_evaluations
    );
    println!(
        "   Number of preconditioner solves ..... ={:5}",
        s.preconditioner_solves
    );
    println!(
        "   Number of nonlinear iterations ...... ={:5}",
        s.nonlinear_iterations
    );
    println!(
        "   Number of linear iterations ......... ={:5}",
        s.linear_iterations
    );
    println!("   Average Krylov subspace dimension ={average:8.4}");
    println!(
        "{:5} nonlinear conv. failures,{:5} linear conv. failures",
        s.convergence_failures, s.linear_convergence_failures
    );
    Ok(())
}
