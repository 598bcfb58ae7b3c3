//! Dense LU: the `decsol` kernels against faer, real and complex, copy + factor + one
//! solve as RADAU5 does per decomposition; prints the crossover that sets FAER_MIN_N.
//! `cargo bench --bench linalg`.

use std::hint::black_box;
use std::time::Instant;
use stiffdae::linalg::{ComplexLu, Kernel, RealLu, FAER_MIN_N};

fn matrix(n: usize, seed: f64) -> Vec<f64> {
    (0..n * n)
        .map(|k| {
            let (i, j) = (k % n, k / n);
            if i == j {
                n as f64 + (seed * i as f64).sin()
            } else {
                ((i * 7 + j * 3) as f64 * seed).cos()
            }
        })
        .collect()
}

/// Median nanoseconds of `f` over enough repeats for about 20 ms.
fn median_ns(mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_secs_f64().max(1e-8);
    let reps = ((0.02 / once) as usize).clamp(5, 100_000);
    let mut times: Vec<f64> = (0..15)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps.div_ceil(15).max(1) {
                f();
            }
            t.elapsed().as_secs_f64() * 1e9 / reps.div_ceil(15).max(1) as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn real(n: usize, kernel: Kernel) -> f64 {
    let a = matrix(n, 0.37);
    let b: Vec<f64> = (0..n).map(|i| i as f64).collect();
    let mut lu = RealLu::dense_with(n, kernel);
    let mut x = b.clone();
    median_ns(|| {
        lu.matrix_mut().copy_from_slice(&a);
        lu.factor().expect("regular");
        x.copy_from_slice(&b);
        lu.solve(black_box(&mut x));
    })
}

fn complex(n: usize, kernel: Kernel) -> f64 {
    let (ar, ai) = (matrix(n, 0.37), matrix(n, 0.11));
    let b: Vec<f64> = (0..n).map(|i| i as f64).collect();
    let mut lu = ComplexLu::dense_with(n, kernel);
    let (mut xr, mut xi) = (b.clone(), b.clone());
    median_ns(|| {
        let (r, i) = lu.matrix_mut();
        r.copy_from_slice(&ar);
        i.copy_from_slice(&ai);
        lu.factor().expect("regular");
        xr.copy_from_slice(&b);
        xi.copy_from_slice(&b);
        lu.solve(black_box(&mut xr), black_box(&mut xi));
    })
}

fn main() {
    let sizes = [3, 5, 8, 10, 15, 20, 27, 32, 40, 60, 100, 200, 400];
    println!("copy + factor + solve, ns (median)");
    println!(
        "{:>5} {:>12} {:>12} {:>7} {:>12} {:>12} {:>7}",
        "n", "decsol", "faer", "ratio", "decsol c", "faer c", "ratio"
    );
    let (mut cross_real, mut cross_complex) = (None, None);
    for n in sizes {
        let (hr, fr) = (real(n, Kernel::Decsol), real(n, Kernel::Faer));
        let (hc, fc) = (complex(n, Kernel::Decsol), complex(n, Kernel::Faer));
        println!(
            "{n:>5} {hr:>12.0} {fr:>12.0} {:>7.2} {hc:>12.0} {fc:>12.0} {:>7.2}",
            hr / fr,
            hc / fc
        );
        if cross_real.is_none() && fr < hr {
            cross_real = Some(n);
        }
        if cross_complex.is_none() && fc < hc {
            cross_complex = Some(n);
        }
    }
    let show = |c: Option<usize>| c.map_or("none up to 400".into(), |n| format!("n={n}"));
    println!(
        "crossover real: {}  complex: {}  (FAER_MIN_N = {FAER_MIN_N})",
        show(cross_real),
        show(cross_complex)
    );
}
