//! `stiffdae::ensemble`: 600 Van der Pol solves (RADAU5, DASSL and DASKR, 200 each) on
//! 1, 2 and 4 threads give the serial loop's results to the last bit.

use stiffdae::daskr::{self, Daskr};
use stiffdae::dassl::{self, Dassl, ResFlag};
use stiffdae::ensemble::ensemble;
use stiffdae::prelude::*;
use stiffdae::radau5::{self, Radau5, Structure};

struct VdPol(f64);
impl radau5::Problem for VdPol {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / self.0;
    }
}

/// One member: (method, eps) → the solution's bits at t = 2 and the accepted steps.
fn solve(&(method, eps): &(usize, f64)) -> (Vec<u64>, u64) {
    let tolerance = Tolerance::scalar(1e-6, 1e-6);
    let y0 = [2.0, 0.0];
    let yp0 = [0.0, -2.0 / eps];
    let mut residual = move |_t: f64, y: &[f64], yp: &[f64], d: &mut [f64]| {
        d[0] = yp[0] - y[1];
        d[1] = yp[1] - ((1.0 - y[0] * y[0]) * y[1] - y[0]) / eps;
        ResFlag::Ok
    };
    let (y, stats) = match method {
        0 => {
            let options = radau5::Options {
                tolerance,
                ..radau5::Options::default()
            };
            let mut s = Radau5::new(0.0, &y0, Structure::dense(2), options).unwrap();
            s.advance(&mut VdPol(eps), 2.0).unwrap();
            (s.y().to_vec(), s.statistics())
        }
        1 => {
            let options = dassl::Options {
                tolerance,
                ..dassl::Options::default()
            };
            let mut s = Dassl::new(0.0, &y0, &yp0, &options).unwrap();
            while let Err(Error::TooMuchWork { .. }) = s.advance(&mut residual, 2.0) {}
            (s.y().to_vec(), s.statistics())
        }
        _ => {
            let options = daskr::Options {
                tolerance,
                ..daskr::Options::default()
            };
            let mut s = Daskr::new(0.0, &y0, &yp0, &options).unwrap();
            let mut r =
                move |t: f64, y: &[f64], yp: &[f64], _cj: f64, d: &mut [f64]| residual(t, y, yp, d);
            while let Err(Error::TooMuchWork { .. }) = s.advance(&mut r, 2.0) {}
            (s.y().to_vec(), s.statistics())
        }
    };
    (y.iter().map(|v| v.to_bits()).collect(), stats.accepted)
}

#[test]
fn ensembles_on_any_number_of_threads_equal_the_serial_loop() {
    let members: Vec<(usize, f64)> = (0..600)
        .map(|k| (k % 3, 1e-2 * (1.0 + k as f64 / 600.0)))
        .collect();
    let serial: Vec<_> = members.iter().map(solve).collect();
    assert!(serial.iter().all(|(_, steps)| *steps > 10));
    for threads in [1, 2, 4] {
        assert_eq!(
            ensemble(&members, threads, solve),
            serial,
            "{threads} threads"
        );
    }
}
