//! The forward-difference Jacobian of RADAU5's RADCOR and RADAU's RADCOV (label 10 with
//! IJAC = 0): increments `sqrt(uround · max(1e-5, |y_j|))`, full or banded, with the
//! second-order structure `M1`/`M2`; the f-calls are not counted, as in the originals.

use crate::intrinsics::fmax;

/// What the differences need to know of the problem and its storage.
pub(crate) struct Shape {
    pub n: usize,
    pub m1: usize,
    pub m2: usize,
    pub uround: f64,
    /// `Some((MLJAC, MUJAC))` for a banded Jacobian.
    pub band: Option<(usize, usize)>,
    /// LDJAC, the leading dimension of FJAC.
    pub ld: usize,
}

/// Scratch vectors of N values each where the originals keep them: CONT(1..N) for
/// `f(x, y + δ)`, and for the banded case the saved `y_j` and increments (F1, F2 or
/// FF(1..2N)).
pub(crate) struct Scratch<'a> {
    pub cont: &'a mut [f64],
    pub ysave: &'a mut [f64],
    pub delta: &'a mut [f64],
}

/// FJAC at `(x, y)` by forward differences from `y0 = f(x, y)`; `y` is perturbed and
/// restored column by column (group by group for a band).
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
pub(crate) fn differences(
    shape: &Shape,
    fcn: &mut impl FnMut(f64, &[f64], &mut [f64]),
    x: f64,
    y: &mut [f64],
    y0: &[f64],
    fjac: &mut [f64],
    s: Scratch<'_>,
) {
    let Shape {
        n,
        m1,
        m2,
        uround,
        band,
        ld,
    } = *shape;
    let cont = &mut s.cont[..n];
    match band {
        None => {
            let (y0, nm1) = (&y0[m1..n], n - m1);
            for i in 0..n {
                let ysafe = y[i];
                let delt = (uround * fmax(ysafe.abs(), 1.0e-5)).sqrt();
                y[i] = ysafe + delt;
                fcn(x, y, cont);
                let col = &mut fjac[i * ld..i * ld + nm1];
                for ((f, &c), &y0j) in col.iter_mut().zip(&cont[m1..]).zip(y0) {
                    *f = (c - y0j) / delt;
                }
                y[i] = ysafe;
            }
        }
        Some((mljac, mujac)) => {
            // Columns that share no row are perturbed together (Curtis–Powell–Reid),
            // in groups of stride MD = min(ml + mu + 1, m2); 1-based indices as the
            // original so the bookkeeping reads the same.
            let md = (mljac + mujac + 1).min(m2);
            for mm in 1..=(m1 / m2 + 1) {
                for k in 1..=md {
                    let mut j = k + (mm - 1) * m2;
                    while j <= mm * m2 {
                        s.ysave[j - 1] = y[j - 1];
                        s.delta[j - 1] = (uround * fmax(y[j - 1].abs(), 1.0e-5)).sqrt();
                        y[j - 1] += s.delta[j - 1];
                        j += md;
                    }
                    fcn(x, y, cont);
                    let mut j = k + (mm - 1) * m2;
                    let mut j1 = k;
                    let mut lbeg = j1.saturating_sub(mujac).max(1) + m1;
                    while j <= mm * m2 {
                        let lend = m2.min(j1 + mljac) + m1;
                        y[j - 1] = s.ysave[j - 1];
                        // Row of (l, j) in band storage: l + MUJAC + 1 - j1 - m1.
                        for l in lbeg..=lend {
                            let row = l + mujac + 1 - j1 - m1;
                            fjac[(row - 1) + (j - 1) * ld] =
                                (cont[l - 1] - y0[l - 1]) / s.delta[j - 1];
                        }
                        j += md;
                        j1 += md;
                        lbeg = lend + 1;
                    }
                }
            }
        }
    }
}
