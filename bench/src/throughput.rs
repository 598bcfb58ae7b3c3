//! `stiffdae-bench throughput [--members N] [--threads 1,2,…]`: ensemble throughput,
//! solves per second of `stiffdae::ensemble` for each thread count, for RADAU5 and DASSL
//! on Van der Pol (eps = 1e-2 · (1 + k/N), 0 ≤ t ≤ 2, tolerances 1e-6), and the speed-up
//! over one thread. Results are checked bit-identical across thread counts.

use std::time::Instant;
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

fn radau5_member(eps: &f64) -> u64 {
    let options = radau5::Options {
        tolerance: Tolerance::scalar(1e-6, 1e-6),
        ..radau5::Options::default()
    };
    let mut s = Radau5::new(0.0, &[2.0, 0.0], Structure::dense(2), options).expect("valid");
    s.advance(&mut VdPol(*eps), 2.0).expect("solved");
    s.y()[0].to_bits()
}

fn dassl_member(&eps: &f64) -> u64 {
    let options = dassl::Options {
        tolerance: Tolerance::scalar(1e-6, 1e-6),
        ..dassl::Options::default()
    };
    let mut s = Dassl::new(0.0, &[2.0, 0.0], &[0.0, -2.0 / eps], &options).expect("valid");
    let mut res = |_t: f64, y: &[f64], yp: &[f64], d: &mut [f64]| {
        d[0] = yp[0] - y[1];
        d[1] = yp[1] - ((1.0 - y[0] * y[0]) * y[1] - y[0]) / eps;
        ResFlag::Ok
    };
    while let Err(Error::TooMuchWork { .. }) = s.advance(&mut res, 2.0) {}
    s.y()[0].to_bits()
}

pub fn main(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let (mut members, mut threads) = (2000usize, vec![1usize, 2]);
    while let Some(a) = args.next() {
        let v = args.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--members" => members = v.parse().map_err(|e| format!("--members: {e}"))?,
            "--threads" => {
                threads = v
                    .split(',')
                    .map(|t| t.parse().map_err(|e| format!("--threads: {e}")))
                    .collect::<Result<_, _>>()?
            }
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    let eps: Vec<f64> = (0..members)
        .map(|k| 1e-2 * (1.0 + k as f64 / members as f64))
        .collect();
    println!("| solver | threads | solves/s | speed-up |\n|---|---|---|---|");
    for (name, member) in [
        ("RADAU5", radau5_member as fn(&f64) -> u64),
        ("DASSL", dassl_member),
    ] {
        let mut first: Option<(f64, Vec<u64>)> = None;
        for &t in &threads {
            let start = Instant::now();
            let bits = ensemble(&eps, t, member);
            let rate = members as f64 / start.elapsed().as_secs_f64();
            let base = match &first {
                Some((r, reference)) => {
                    assert_eq!(&bits, reference, "{name}: {t} threads differ");
                    *r
                }
                None => {
                    first = Some((rate, bits));
                    rate
                }
            };
            println!("| {name} | {t} | {rate:.0} | {:.2} |", rate / base);
        }
    }
    Ok(())
}
