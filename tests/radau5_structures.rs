//! Every storage variant of RADAU5 (the IJOB cases of the original: identity, banded or
//! full mass; full or banded Jacobian; with and without the second-order reduction)
//! must give the same solution of the same problem.

mod common;

use common::solve;
use stiffdae::radau5::{Matrix, Options, Problem, Structure, Tolerance};
use stiffdae::{Error, Statistics};

/// A chain of `m` coupled damped oscillators `q'' = -K q - c q'` with tridiagonal K:
/// y = (q, q'), n = 2m; y_i' = y_{i+m} for i < m (M1 = M2 = m).
struct Chain {
    m: usize,
    analytic: bool,
    /// Band widths of the Jacobian as the structure declares them (None: full).
    band: Option<(usize, usize)>,
    /// The mass matrix is the identity; given explicitly in this storage.
    mass: Option<Matrix>,
    /// M1 of the structure (0 or m).
    m1: usize,
}

impl Chain {
    fn stiffness(&self, i: usize, j: usize) -> f64 {
        let k = 1000.0;
        if i == j {
            -2.0 * k * (1.0 + i as f64 / self.m as f64)
        } else if i.abs_diff(j) == 1 {
            k
        } else {
            0.0
        }
    }
    /// df_i/dy_j of the full first-order system.
    fn dfdy(&self, i: usize, j: usize) -> f64 {
        let m = self.m;
        match (i < m, j < m) {
            (true, true) => 0.0,
            (true, false) => f64::from(u8::from(j - m == i)),
            (false, true) => self.stiffness(i - m, j),
            (false, false) => {
                if i == j {
                    -1.0
                } else {
                    0.0
                }
            }
        }
    }
}

impl Problem for Chain {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        let m = self.m;
        for i in 0..m {
            f[i] = y[m + i];
            let mut a = -y[m + i];
            for (j, yj) in y
                .iter()
                .enumerate()
                .take((i + 2).min(m))
                .skip(i.saturating_sub(1))
            {
                a += self.stiffness(i, j) * yj;
            }
            f[m + i] = a;
        }
    }
    fn jac(&mut self, _x: f64, _y: &[f64], dfy: &mut [f64], ld: usize) {
        assert!(self.analytic);
        let n = 2 * self.m;
        let m1 = self.m1;
        for j in 0..n {
            for i in m1..n {
                let v = self.dfdy(i, j);
                match self.band {
                    None => dfy[(i - m1) + j * ld] = v,
                    Some((ml, mu)) => {
                        // Band rows are relative to the reduced system (row i - m1).
                        let (ir, jr) = (i - m1, j % n.max(1));
                        let jb = if m1 > 0 { jr % (n - m1) } else { jr };
                        if ir + mu >= jb && ir <= jb + ml {
                            dfy[(ir + mu - jb) + j * ld] = v;
                        }
                    }
                }
            }
        }
    }
    fn has_jacobian(&self) -> bool {
        true
    }
    fn mas(&mut self, nm1: usize, am: &mut [f64], lmas: usize) {
        match self.mass.expect("mass requested") {
            Matrix::Full => {
                for j in 0..nm1 {
                    am[j + j * lmas] = 1.0;
                }
            }
            Matrix::Banded { upper, .. } => {
                for j in 0..nm1 {
                    am[upper + j * lmas] = 1.0;
                }
            }
        }
    }
    fn has_mass(&self) -> bool {
        true
    }
}

fn solution(chain: Chain) -> Vec<f64> {
    run(chain, false).unwrap_or_else(|e| panic!("{e}")).0
}

/// The solution at 0.5 and the statistics, with IWORK(1) = `hessenberg`.
fn run(chain: Chain, hessenberg: bool) -> Result<(Vec<f64>, Statistics), Error> {
    let n = 2 * chain.m;
    let st = Structure {
        n,
        analytic_jacobian: chain.analytic,
        jacobian: match chain.band {
            None => Matrix::Full,
            Some((lower, upper)) => Matrix::Banded { lower, upper },
        },
        mass: chain.mass,
        dense_output: false,
    };
    let o = Options {
        m1: chain.m1 as i64,
        m2: chain.m1 as i64,
        hessenberg,
        ..Options::default()
    };
    let mut y: Vec<f64> = (0..n)
        .map(|i| {
            if i < chain.m {
                (i as f64 * 0.7).sin()
            } else {
                0.0
            }
        })
        .collect();
    let (mut x, mut h) = (0.0, 1e-4);
    let mut c = chain;
    let done = solve(
        &mut c,
        &st,
        &o,
        &mut x,
        &mut y,
        0.5,
        &mut h,
        &Tolerance::Scalar {
            rtol: 1e-8,
            atol: 1e-8,
        },
    )
    .map_err(|(e, _)| e)?;
    Ok((y, done.stats))
}

#[test]
fn all_storage_variants_agree() {
    let m = 6;
    let reference = solution(Chain {
        m,
        analytic: false,
        band: None,
        mass: None,
        m1: 0,
    });
    let full_band = Some((m, m));
    let reduced_band = Some((1, 1));
    let variants = [
        ("full J, analytic", true, None, None, 0),
        ("banded J, numerical", false, full_band, None, 0),
        ("banded J, analytic", true, full_band, None, 0),
        (
            "full J, banded M",
            false,
            None,
            Some(Matrix::Banded { lower: 0, upper: 0 }),
            0,
        ),
        ("full J, full M", false, None, Some(Matrix::Full), 0),
        (
            "banded J, banded M",
            false,
            full_band,
            Some(Matrix::Banded { lower: 1, upper: 1 }),
            0,
        ),
        ("second order, full J", false, None, None, m),
        ("second order, full J analytic", true, None, None, m),
        ("second order, banded J", false, reduced_band, None, m),
        (
            "second order, full J, banded M",
            false,
            None,
            Some(Matrix::Banded { lower: 0, upper: 0 }),
            m,
        ),
        (
            "second order, banded J, banded M",
            false,
            reduced_band,
            Some(Matrix::Banded { lower: 1, upper: 0 }),
            m,
        ),
        (
            "second order, full J, full M",
            false,
            None,
            Some(Matrix::Full),
            m,
        ),
    ];
    for (name, analytic, band, mass, m1) in variants {
        let y = solution(Chain {
            m,
            analytic,
            band,
            mass,
            m1,
        });
        let diff = y
            .iter()
            .zip(&reference)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(diff < 1e-6, "{name}: max difference {diff:e}");
    }
}

/// IWORK(1): the Hessenberg path (full Jacobian, M = I) solves the same problem; as in
/// the original it leaves a banded Jacobian, a mass matrix and N <= 2 on their usual path
/// (the same bits), and it is refused with M1 > 0, where the original's IJOB = 17 has no
/// branch of its own.
#[test]
fn the_hessenberg_option_applies_where_the_original_applies_it() {
    let chain = |m, analytic, band, mass, m1| Chain {
        m,
        analytic,
        band,
        mass,
        m1,
    };
    let reference = solution(chain(6, false, None, None, 0));
    for analytic in [false, true] {
        let (y, stats) = run(chain(6, analytic, None, None, 0), true).unwrap();
        let diff = y
            .iter()
            .zip(&reference)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(diff < 1e-6, "Hessenberg, analytic {analytic}: {diff:e}");
        assert!(stats.decompositions > 0);
    }
    let banded_mass = Some(Matrix::Banded { lower: 0, upper: 0 });
    for (name, m, band, mass) in [
        ("banded J", 6, Some((1, 1)), None),
        ("banded M", 6, None, banded_mass),
        ("full M", 6, None, Some(Matrix::Full)),
        ("N = 2", 1, None, None),
    ] {
        let plain = run(chain(m, false, band, mass, 0), false).unwrap();
        let hess = run(chain(m, false, band, mass, 0), true).unwrap();
        assert_eq!(plain, hess, "{name}: IWORK(1) must be ignored");
    }
    match run(chain(6, false, None, None, 6), true) {
        Err(Error::InvalidInput { messages: msgs, .. }) => {
            assert!(msgs.iter().any(|m| m.contains("IWORK(1)")), "{msgs:?}")
        }
        other => panic!("M1 > 0 with IWORK(1) must be refused, got {other:?}"),
    }
}
