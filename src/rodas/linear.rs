//! The linear algebra of RODAS (Hairer & Wanner's `dc_decsol.f`: DECOMR and SLVROD):
//! the matrix `E = fac·M - J` of the Rosenbrock stages, its decomposition, and the solve
//! of each stage.
//!
//! The original dispatches on IJOB over the variants identity / banded / full mass, full
//! / banded Jacobian, with or without the second-order reduction `M1 > 0`. Here the
//! first-order case is the second-order one with `m1 = 0` and the reduction skipped;
//! every variant performs the original's floating-point operations in the original
//! order. RADAU5 shares DECOMR with RODAS; its version in `radau5::linear` carries the
//! complex matrix and the Hessenberg form with it, so the real part is written out here
//! for RODAS alone.
// Index loops mirror the original's DO loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

use crate::linalg::{RealLu, Singular};

/// Storage of the mass matrix of the last `nm1` equations (FMAS, whose values live in
/// the work array and are passed to each method).
#[derive(Debug, Clone, Copy)]
pub(super) enum Mass {
    Identity,
    /// `fmas[(i - j + mu) + j*ld]` for the band, `ld = ml + mu + 1`.
    Banded {
        ld: usize,
        ml: usize,
        mu: usize,
    },
    /// `fmas[i + j*nm1]`.
    Full,
}

/// The iteration matrix `E` and everything needed to form and solve it.
pub(super) struct LinearSystem {
    n: usize,
    /// M1 and M2 of the second-order structure; `nm1 = n - m1` equations are solved.
    m1: usize,
    m2: usize,
    nm1: usize,
    /// LDJAC, and `Some((ml, mu))` when the Jacobian is banded.
    jac_ld: usize,
    band: Option<(usize, usize)>,
    mass: Mass,
    e: RealLu,
}

impl LinearSystem {
    pub fn new(
        n: usize,
        m1: usize,
        m2: usize,
        jac_ld: usize,
        band: Option<(usize, usize)>,
        mass: Mass,
    ) -> Self {
        let nm1 = n - m1;
        let e = match band {
            Some((ml, mu)) => RealLu::banded(nm1, ml, mu),
            None => RealLu::dense(nm1),
        };
        Self {
            n,
            m1,
            m2,
            nm1,
            jac_ld,
            band,
            mass,
            e,
        }
    }

    /// DECOMR: forms `E = fac·M - J` (reduced when `m1 > 0`) and decomposes it.
    pub fn decompose(&mut self, fjac: &[f64], fmas: &[f64], fac: f64) -> Result<(), Singular> {
        let (m1, nm1, ldj) = (self.m1, self.nm1, self.jac_ld);
        let ld = self.e.ld();
        let e = self.e.matrix_mut();
        match self.band {
            None => {
                for j in 0..nm1 {
                    let jcol = &fjac[(j + m1) * ldj..];
                    match self.mass {
                        Mass::Full => {
                            for i in 0..nm1 {
                                e[i + j * ld] = fmas[i + j * nm1] * fac - jcol[i];
                            }
                        }
                        Mass::Identity => {
                            for i in 0..nm1 {
                                e[i + j * ld] = -jcol[i];
                            }
                            e[j + j * ld] += fac;
                        }
                        Mass::Banded { ld: lm, ml, mu } => {
                            for i in 0..nm1 {
                                e[i + j * ld] = -jcol[i];
                            }
                            for i in j.saturating_sub(mu)..nm1.min(j + ml + 1) {
                                e[i + j * ld] += fac * fmas[i + mu - j + j * lm];
                            }
                        }
                    }
                }
            }
            Some((ml, mu)) => {
                let mbjac = ml + mu + 1;
                for j in 0..nm1 {
                    let jcol = &fjac[(j + m1) * ldj..];
                    for r in 0..mbjac {
                        e[r + ml + j * ld] = -jcol[r];
                    }
                    match self.mass {
                        Mass::Identity => e[ml + mu + j * ld] += fac,
                        Mass::Banded {
                            ld: lm,
                            ml: mlm,
                            mu: mum,
                        } => {
                            // MDIFF = MLE + MUE - MUMAS: mass band row r sits at row
                            // r + MDIFF, every row of the band as the original.
                            let mdiff = ml + mu - mum;
                            for r in 0..(mlm + mum + 1) {
                                e[r + mdiff + j * ld] += fac * fmas[r + j * lm];
                            }
                        }
                        Mass::Full => unreachable!("a full mass with a banded Jacobian is refused"),
                    }
                }
            }
        }
        if m1 > 0 {
            // Labels 45 and 46: the columns of the first block absorb the chain
            // y_i' = y_{i+M2}.
            let mm = m1 / self.m2;
            let (rows, off) = match self.band {
                None => (nm1, 0),
                Some((ml, mu)) => (ml + mu + 1, ml),
            };
            for j in 0..self.m2 {
                for i in 0..rows {
                    let mut sum = 0.0;
                    for k in 0..mm {
                        sum = (sum + fjac[i + (j + k * self.m2) * ldj]) / fac;
                    }
                    e[i + off + j * ld] -= sum;
                }
            }
        }
        self.e.factor()
    }

    /// SLVROD: `ak = E⁻¹ (dy + hd·fx + M·ynew)` for one stage; the term `hd·fx` only
    /// when `hd ≠ 0`, the term `M·ynew` only when `with_ynew` (STAGE1 of the original,
    /// false for the first stage).
    #[allow(clippy::too_many_arguments)]
    pub fn solve(
        &mut self,
        fjac: &[f64],
        fmas: &[f64],
        fac: f64,
        dy: &[f64],
        ak: &mut [f64],
        fx: &[f64],
        ynew: &[f64],
        hd: f64,
        with_ynew: bool,
    ) {
        let (n, m1, nm1) = (self.n, self.m1, self.nm1);
        if hd == 0.0 {
            ak[..n].copy_from_slice(&dy[..n]);
        } else {
            for i in 0..n {
                ak[i] = dy[i] + hd * fx[i];
            }
        }
        if with_ynew {
            match self.mass {
                Mass::Identity => {
                    for i in 0..n {
                        ak[i] += ynew[i];
                    }
                }
                Mass::Banded { ld, ml, mu } => {
                    for i in 0..m1 {
                        ak[i] += ynew[i];
                    }
                    for i in 0..nm1 {
                        let mut sum = 0.0;
                        for j in i.saturating_sub(ml)..nm1.min(i + mu + 1) {
                            sum += fmas[i + mu - j + j * ld] * ynew[j + m1];
                        }
                        ak[i + m1] += sum;
                    }
                }
                Mass::Full => {
                    for i in 0..m1 {
                        ak[i] += ynew[i];
                    }
                    for i in 0..nm1 {
                        let mut sum = 0.0;
                        for j in 0..nm1 {
                            sum += fmas[i + j * nm1] * ynew[j + m1];
                        }
                        ak[i + m1] += sum;
                    }
                }
            }
        }
        if m1 == 0 {
            self.e.solve(&mut ak[..n]);
            return;
        }
        // Labels 48 and 45: the second-order reduction, the solve of the last NM1
        // equations, and the first M1 components recovered backwards.
        let (mm, m2, ldj) = (m1 / self.m2, self.m2, self.jac_ld);
        for j in 0..m2 {
            let mut sum = 0.0;
            for k in (0..mm).rev() {
                let jkm = j + k * m2;
                sum = (ak[jkm] + sum) / fac;
                let col = &fjac[jkm * ldj..];
                match self.band {
                    None => {
                        for i in 0..nm1 {
                            ak[i + m1] += col[i] * sum;
                        }
                    }
                    Some((ml, mu)) => {
                        for i in j.saturating_sub(mu)..nm1.min(j + ml + 1) {
                            ak[i + m1] += col[i + mu - j] * sum;
                        }
                    }
                }
            }
        }
        self.e.solve(&mut ak[m1..n]);
        for i in (0..m1).rev() {
            ak[i] = (ak[i] + ak[m2 + i]) / fac;
        }
    }
}
