//! `c/bouncing_ball_ddaskr.c` in Rust: a ball dropped from 10 m with restitution 0.8,
//! each impact found by DDASKR's root finding on the height, then a restart with the
//! velocity reversed and scaled. It prints what the C program prints with the original
//! DDASKR (`c/bouncing_ball_ddaskr.out`, checked by `tests/examples_rust.rs`): per
//! impact its time and direction, then the counters of that flight.
//!
//! `cargo run --release --example bouncing_ball_ddaskr`

use stiffdae::daskr::{Daskr, Initial, Options, ResFlag, WithRoots};
use stiffdae::prelude::*;

const G: f64 = 9.81;

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
    let mut ball = WithRoots {
        residual: |_t: f64, y: &[f64], yp: &[f64], _cj: f64, delta: &mut [f64]| {
            delta[0] = yp[0] - y[1];
            delta[1] = yp[1] + G;
            ResFlag::Ok
        },
        roots: |_t: f64, y: &[f64], _yp: &[f64], r: &mut [f64]| r[0] = y[0],
    };
    let options = Options {
        tolerance: Tolerance::scalar(1e-12, 1e-12),
        roots: 1,
        ..Options::default()
    };
    let mut solver = Daskr::new(0.0, &[10.0, 0.0], &[0.0, -G], &options)?;
    let mut before = Statistics::default();
    for _ in 0..10 {
        let jroot = loop {
            match solver.advance(&mut ball, 100.0) {
                Err(Error::TooMuchWork { .. }) => continue,
                Ok(Reached::Root(jroot)) => break jroot,
                other => panic!("no impact: {other:?}"),
            }
        };
        println!("IMPACT {} {}", c_exp(solver.t(), 17), jroot[0]);
        let s = solver.statistics();
        println!(
            "STATS {} {} {} {}",
            s.accepted - before.accepted,
            s.function_evaluations - before.function_evaluations,
            s.jacobian_evaluations - before.jacobian_evaluations,
            s.root_evaluations - before.root_evaluations
        );
        before = s;
        let v = -0.8 * solver.y()[1];
        solver.restart(&[0.0, v], &[v, -G], Initial::Given)?;
    }
    println!("IDID 5");
    Ok(())
}
