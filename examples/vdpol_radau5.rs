//! `fortran77/vdpol_radau5.f` in Rust: Van der Pol (eps = 1e-6) with RADAU5, an analytic
//! Jacobian and the solution every 0.2 from the dense output in `solout`. It prints what
//! the Fortran program prints with the original RADAU5 (`fortran77/vdpol_radau5.out`,
//! checked by `tests/examples_rust.rs`).
//!
//! `cargo run --release --example vdpol_radau5`

use stiffdae::prelude::*;
use stiffdae::radau5::{DenseOutput, Options, Problem, Radau5, Structure};

struct VdPol {
    eps: f64,
    /// The next output point.
    xout: f64,
}

impl Problem for VdPol {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / self.eps;
    }

    fn jac(&mut self, _x: f64, y: &[f64], dfy: &mut [f64], ldfy: usize) {
        dfy[0] = 0.0;
        dfy[ldfy] = 1.0;
        dfy[1] = (-2.0 * y[0] * y[1] - 1.0) / self.eps;
        dfy[1 + ldfy] = (1.0 - y[0] * y[0]) / self.eps;
    }

    fn has_jacobian(&self) -> bool {
        true
    }

    fn solout(
        &mut self,
        nr: usize,
        _xold: f64,
        x: f64,
        y: &mut [f64],
        d: &DenseOutput<'_>,
    ) -> bool {
        if nr == 1 {
            println!(
                " X ={}    Y ={}{}    NSTEP ={:4}",
                f5_2(x),
                e18_10(y[0]),
                e18_10(y[1]),
                nr - 1
            );
            self.xout = 0.2;
        }
        while nr > 1 && x >= self.xout {
            let xo = self.xout;
            println!(
                " X ={}    Y ={}{}    NSTEP ={:4}",
                f5_2(xo),
                e18_10(d.eval(0, xo)),
                e18_10(d.eval(1, xo)),
                nr - 1
            );
            self.xout += 0.2;
        }
        true
    }
}

/// Fortran's F5.2.
fn f5_2(v: f64) -> String {
    format!("{v:5.2}")
}

/// Fortran's E18.10: `0.dddddddddd` and a two-digit signed exponent.
fn e18_10(v: f64) -> String {
    let s = if v == 0.0 {
        "0.0000000000E+00".to_string()
    } else {
        let sci = format!("{:.9e}", v.abs());
        let (mantissa, exp) = sci.split_once('e').expect("scientific notation");
        let exp: i32 = exp.parse::<i32>().expect("an exponent") + 1;
        let digits = mantissa.replace('.', "");
        let sign = if v < 0.0 { "-" } else { "" };
        format!(
            "{sign}0.{digits}E{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    };
    format!("{s:>18}")
}

fn main() -> Result<(), Error> {
    let options = Options {
        tolerance: Tolerance::scalar(1e-6, 1e-6),
        initial_step: 1e-6,
        ..Options::default()
    };
    let structure = Structure {
        analytic_jacobian: true,
        dense_output: true,
        ..Structure::dense(2)
    };
    let mut solver = Radau5::new(0.0, &[2.0, -0.66], structure, options)?;
    let mut problem = VdPol {
        eps: 1e-6,
        xout: 0.0,
    };
    solver.advance(&mut problem, 2.0)?;
    let (x, y) = (solver.t(), solver.y());
    println!(" X ={}    Y ={}{}", f5_2(x), e18_10(y[0]), e18_10(y[1]));
    let s = solver.statistics();
    println!(
        " rtol=0.10D-05 fcn={:5} jac={:4} step={:4} accpt={:4} rejct={:3} dec={:4} sol={:5}",
        s.function_evaluations,
        s.jacobian_evaluations,
        s.steps,
        s.accepted,
        s.error_test_failures,
        s.decompositions,
        s.solves
    );
    Ok(())
}
