//! `c/robertson_ddassl.c` in Rust: Robertson in residual form with DDASSL, an
//! inconsistent initial y' corrected first (INFO(11) = 1), the analytic iteration matrix,
//! output at t = 0.4, 4, …, 4e10. It prints what the C program prints with the original
//! DDASSL (`c/robertson_ddassl.out`, checked by `tests/examples_rust.rs`).
//!
//! `cargo run --release --example robertson_ddassl`

use std::cell::Cell;
use stiffdae::dassl::{Dassl, JacobianKind, Options, ResFlag, WithJacobian};
use stiffdae::prelude::*;

/// C's `%.{prec}e`: a signed exponent of at least two digits.
fn c_exp(v: f64, prec: usize) -> String {
    let s = format!("{v:.prec$e}");
    let (mantissa, exp) = s.split_once('e').expect("scientific notation");
    let exp: i32 = exp.parse().expect("an exponent");
    format!(
        "{mantissa}e{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    )
}

fn main() -> Result<(), Error> {
    let calls = Cell::new(0u64);
    let mut robertson = WithJacobian {
        residual: |_t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]| {
            calls.set(calls.get() + 1);
            delta[0] = yp[0] + 0.04 * y[0] - 1e4 * y[1] * y[2];
            delta[1] = yp[1] - 0.04 * y[0] + 1e4 * y[1] * y[2] + 3e7 * y[1] * y[1];
            // The third equation is algebraic: mass conservation.
            delta[2] = y[0] + y[1] + y[2] - 1.0;
            ResFlag::Ok
        },
        jacobian: |_t: f64, y: &[f64], _yp: &[f64], cj: f64, pd: &mut [f64]| {
            pd[0] = 0.04 + cj;
            pd[1] = -0.04;
            pd[2] = 1.0;
            pd[3] = -1e4 * y[2];
            pd[4] = 1e4 * y[2] + 6e7 * y[1] + cj;
            pd[5] = 1.0;
            pd[6] = -1e4 * y[1];
            pd[7] = 1e4 * y[1];
            pd[8] = 1.0;
        },
    };
    let options = Options {
        // y2 is of order 1e-5 and needs its own ATOL.
        tolerance: Tolerance::Vector {
            rtol: vec![1e-8; 3],
            atol: vec![1e-10, 1e-14, 1e-10],
        },
        jacobian: JacobianKind::Analytic,
        initial_yprime: true,
        ..Options::default()
    };
    let mut solver = Dassl::new(0.0, &[1.0, 0.0, 0.0], &[0.0; 3], &options)?;
    let mut tout = 0.4;
    for _ in 0..12 {
        // 500 steps in one call (TooMuchWork): continue.
        let mut reached = solver.advance(&mut robertson, tout);
        while let Err(Error::TooMuchWork { .. }) = reached {
            reached = solver.advance(&mut robertson, tout);
        }
        reached?;
        let y = solver.y();
        println!(
            "T {} Y {} {} {}",
            c_exp(solver.t(), 6),
            c_exp(y[0], 15),
            c_exp(y[1], 15),
            c_exp(y[2], 15)
        );
        tout *= 10.0;
    }
    println!("IDID 3");
    let s = solver.statistics();
    println!(
        "STATS steps {} res {} jac {} etf {} cvf {} calls {}",
        s.accepted,
        s.function_evaluations,
        s.jacobian_evaluations,
        s.error_test_failures,
        s.convergence_failures,
        calls.get()
    );
    Ok(())
}
