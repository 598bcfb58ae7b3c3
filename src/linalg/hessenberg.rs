//! The Hessenberg kernels of Hairer's `decsol.f`: ELMHES (Martin & Wilkinson's
//! reduction to upper Hessenberg form by stabilised elementary similarity
//! transformations, EISPACK), and DECH, SOLH, DECHC, SOLHC (Gaussian elimination with
//! partial pivoting of a matrix with lower bandwidth `lb`, real and complex).
//!
//! RADAU5 takes this path for IWORK(1) ≠ 0 with a full Jacobian and M = I (IJOB = 7 of
//! `dc_decsol.f`): the Jacobian is reduced once per evaluation, so each factorisation
//! of `fac·I - H` costs O(n²) instead of O(n³). Storage and conventions are those of
//! [`decsol`](super::decsol): column-major with leading dimension `lda`, 0-based, the
//! multipliers stored negated below the diagonal, `ip[k]` the row exchanged with row k.
//! Every kernel performs the original's floating-point operations in the original's
//! order, and takes the original's side of each comparison on NaN.
#![allow(clippy::assign_op_pattern, clippy::needless_range_loop)]

use super::Singular;

/// ELMHES with `low = 1`, `igh = n` (as DECOMR calls it): reduces the n×n matrix `a`
/// (`lda * n` values) to upper Hessenberg form in place, the multipliers of stage `m`
/// kept below the subdiagonal in column `m - 1`, and the row exchanged with row `m` in
/// `int[m]` (`m` in `1..n-1`; the other entries are not written).
///
/// The pivot is the last entry of largest modulus in the column (`.LE.` keeps the
/// current one, so a NaN takes over, and so does every entry after it), and a zero
/// pivot or multiplier skips its updates, as in the original.
pub fn elmhes(n: usize, a: &mut [f64], lda: usize, int: &mut [usize]) {
    assert!(lda >= n);
    assert_eq!(a.len(), lda * n);
    assert_eq!(int.len(), n);
    for m in 1..n.saturating_sub(1) {
        let mm1 = m - 1;
        let mut x = 0.0_f64;
        let mut i = m;
        for j in m..n {
            let v = a[j + mm1 * lda];
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            if !(v.abs() <= x.abs()) {
                x = v;
                i = j;
            }
        }
        int[m] = i;
        if i != m {
            // Loop 110: rows i and m from column m - 1 on; loop 120: columns i and m.
            for j in mm1..n {
                a.swap(i + j * lda, m + j * lda);
            }
            for j in 0..n {
                a.swap(j + i * lda, j + m * lda);
            }
        }
        if x == 0.0 {
            continue;
        }
        for i in m + 1..n {
            let mut y = a[i + mm1 * lda];
            if y == 0.0 {
                continue;
            }
            y = y / x;
            a[i + mm1 * lda] = y;
            // Loop 140: row i minus y times row m.
            for j in m..n {
                a[i + j * lda] = a[i + j * lda] - y * a[m + j * lda];
            }
            // Loop 150: column m plus y times column i.
            let (lo, hi) = a.split_at_mut(i * lda);
            let (cm, ci) = (&mut lo[m * lda..m * lda + n], &hi[..n]);
            for (am, &ai) in cm.iter_mut().zip(ci) {
                *am = *am + y * ai;
            }
        }
    }
}

/// The rows `k + 1 .. na` that stage `k` of a matrix with lower bandwidth `lb` touches
/// (`NA = MIN(N, LB + K)` of the original, as an exclusive 0-based bound).
fn band_end(n: usize, lb: usize, k: usize) -> usize {
    n.min(lb + k + 1)
}

/// DECH: LU factorisation of the n×n matrix `a` with lower bandwidth `lb` (`lda * n`
/// values, `n` pivots). The pivot is the first entry of largest modulus among the `lb`
/// rows below the diagonal (`.GT.`, so a NaN is never chosen over the current one), a
/// column whose exchanged entry is zero is skipped, and an exactly zero pivot stops the
/// elimination with its stage, as in the original.
pub fn dech(
    n: usize,
    a: &mut [f64],
    lda: usize,
    lb: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    assert!(lda >= n);
    assert_eq!(a.len(), lda * n);
    assert_eq!(ip.len(), n);
    if n == 0 {
        return Ok(());
    }
    for k in 0..n - 1 {
        let na = band_end(n, lb, k);
        let (done, rest) = a.split_at_mut((k + 1) * lda);
        let colk = &mut done[k * lda..k * lda + n];
        let mut m = k;
        for i in k + 1..na {
            if colk[i].abs() > colk[m].abs() {
                m = i;
            }
        }
        ip[k] = m;
        colk.swap(m, k);
        let t = colk[k];
        if t == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        let t = 1.0 / t;
        for v in &mut colk[k + 1..na] {
            *v = -(*v * t);
        }
        let mult = &colk[k + 1..na];
        for c in rest.chunks_exact_mut(lda) {
            let c = &mut c[..n];
            c.swap(m, k);
            let t = c[k];
            if t == 0.0 {
                continue;
            }
            for (v, &l) in c[k + 1..na].iter_mut().zip(mult) {
                *v = *v + l * t;
            }
        }
    }
    if a[(n - 1) + (n - 1) * lda] == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// SOLH: solves `A x = b` in place with the factors of [`dech`] (same `lb`; `b` and
/// `ip` of length n).
pub fn solh(n: usize, a: &[f64], lda: usize, lb: usize, b: &mut [f64], ip: &[usize]) {
    assert!(lda >= n);
    assert_eq!(a.len(), lda * n);
    assert_eq!(b.len(), n);
    assert_eq!(ip.len(), n);
    if n == 0 {
        return;
    }
    for k in 0..n - 1 {
        let m = ip[k];
        b.swap(m, k);
        let t = b[k];
        let na = band_end(n, lb, k);
        let col = &a[k * lda..k * lda + n];
        for i in k + 1..na {
            b[i] = b[i] + col[i] * t;
        }
    }
    for k in (1..n).rev() {
        let col = &a[k * lda..k * lda + n];
        b[k] = b[k] / col[k];
        let t = -b[k];
        for i in 0..k {
            b[i] = b[i] + col[i] * t;
        }
    }
    b[0] = b[0] / a[0];
}

/// `|re| + |im|`, the pivot measure of the complex routines.
fn cabs1(re: f64, im: f64) -> f64 {
    re.abs() + im.abs()
}

/// DECHC: LU factorisation of the complex n×n matrix `ar + i ai` with lower bandwidth
/// `lb` (each `lda * n` values), as [`dech`], with DECC's complex arithmetic and its
/// special loops for a purely real or purely imaginary entry (they round differently,
/// so they stay). `lb = 0` only checks the last diagonal entry, as the original.
pub fn dechc(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    lb: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    assert!(lda >= n);
    assert_eq!(ar.len(), lda * n);
    assert_eq!(ai.len(), lda * n);
    assert_eq!(ip.len(), n);
    if n == 0 {
        return Ok(());
    }
    if lb != 0 {
        for k in 0..n - 1 {
            dechc_stage(n, ar, ai, lda, lb, k, ip)?;
        }
    }
    let last = (n - 1) + (n - 1) * lda;
    if cabs1(ar[last], ai[last]) == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// Stage `k` of [`dechc`] (loops 10 to 50 of DECHC).
fn dechc_stage(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    lb: usize,
    k: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    let na = band_end(n, lb, k);
    let (done_r, rest_r) = ar.split_at_mut((k + 1) * lda);
    let (done_i, rest_i) = ai.split_at_mut((k + 1) * lda);
    let kr = &mut done_r[k * lda..k * lda + n];
    let ki = &mut done_i[k * lda..k * lda + n];
    let mut m = k;
    for i in k + 1..na {
        if cabs1(kr[i], ki[i]) > cabs1(kr[m], ki[m]) {
            m = i;
        }
    }
    ip[k] = m;
    kr.swap(m, k);
    ki.swap(m, k);
    let (tr, ti) = (kr[k], ki[k]);
    if cabs1(tr, ti) == 0.0 {
        return Err(Singular { stage: k + 1 });
    }
    let den = tr * tr + ti * ti;
    let tr = tr / den;
    let ti = -ti / den;
    for i in k + 1..na {
        let prodr = kr[i] * tr - ki[i] * ti;
        let prodi = ki[i] * tr + kr[i] * ti;
        kr[i] = -prodr;
        ki[i] = -prodi;
    }
    let (mr, mi) = (&kr[k + 1..na], &ki[k + 1..na]);
    for (cr, ci) in rest_r
        .chunks_exact_mut(lda)
        .zip(rest_i.chunks_exact_mut(lda))
    {
        let (cr, ci) = (&mut cr[..n], &mut ci[..n]);
        cr.swap(m, k);
        ci.swap(m, k);
        let (tr, ti) = (cr[k], ci[k]);
        if cabs1(tr, ti) == 0.0 {
            continue;
        }
        let rows = cr[k + 1..na].iter_mut().zip(&mut ci[k + 1..na]);
        let pairs = rows.zip(mr.iter().zip(mi));
        if ti == 0.0 {
            // Loop 40.
            for ((r, i), (&a, &b)) in pairs {
                let (prodr, prodi) = (a * tr, b * tr);
                *r = *r + prodr;
                *i = *i + prodi;
            }
        } else if tr == 0.0 {
            // Loop 45.
            for ((r, i), (&a, &b)) in pairs {
                let (prodr, prodi) = (-(b * ti), a * ti);
                *r = *r + prodr;
                *i = *i + prodi;
            }
        } else {
            // Loop 47.
            for ((r, i), (&a, &b)) in pairs {
                let prodr = a * tr - b * ti;
                let prodi = b * tr + a * ti;
                *r = *r + prodr;
                *i = *i + prodi;
            }
        }
    }
    Ok(())
}

/// SOLHC: solves `A x = b`, `b = br + i bi`, in place with the factors of [`dechc`]
/// (same `lb`; `br`, `bi` and `ip` of length n). `lb = 0` skips the forward
/// elimination, as the original.
#[allow(clippy::too_many_arguments)]
pub fn solhc(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    lb: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    assert!(lda >= n);
    assert_eq!(ar.len(), lda * n);
    assert_eq!(ai.len(), lda * n);
    assert_eq!(br.len(), n);
    assert_eq!(bi.len(), n);
    assert_eq!(ip.len(), n);
    if n == 0 {
        return;
    }
    if n > 1 {
        if lb != 0 {
            for k in 0..n - 1 {
                let m = ip[k];
                br.swap(m, k);
                bi.swap(m, k);
                let (tr, ti) = (br[k], bi[k]);
                let (cr, ci) = (&ar[k * lda..k * lda + n], &ai[k * lda..k * lda + n]);
                for i in k + 1..band_end(n, lb, k) {
                    let prodr = cr[i] * tr - ci[i] * ti;
                    let prodi = ci[i] * tr + cr[i] * ti;
                    br[i] = br[i] + prodr;
                    bi[i] = bi[i] + prodi;
                }
            }
        }
        for k in (1..n).rev() {
            let (cr, ci) = (&ar[k * lda..k * lda + n], &ai[k * lda..k * lda + n]);
            (br[k], bi[k]) = cdiv(br[k], bi[k], cr[k], ci[k]);
            let (tr, ti) = (-br[k], -bi[k]);
            for i in 0..k {
                let prodr = cr[i] * tr - ci[i] * ti;
                let prodi = ci[i] * tr + cr[i] * ti;
                br[i] = br[i] + prodr;
                bi[i] = bi[i] + prodi;
            }
        }
    }
    (br[0], bi[0]) = cdiv(br[0], bi[0], ar[0], ai[0]);
}

/// `b / a` for complex numbers in SOLHC's arithmetic.
fn cdiv(br: f64, bi: f64, ar: f64, ai: f64) -> (f64, f64) {
    let den = ar * ar + ai * ai;
    let prodr = br * ar + bi * ai;
    let prodi = bi * ar - br * ai;
    (prodr / den, prodi / den)
}

#[cfg(test)]
mod tests {
    //! The kernels against line-by-line transcriptions of `decsol.f` (1-based, statement
    //! for statement, hence the allowed lints), against DEC/SOL on Hessenberg matrices,
    //! and against bits printed by the original compiled with gfortran -O2.
    #![allow(clippy::manual_swap, clippy::neg_cmp_op_on_partial_ord)]

    use super::*;
    use crate::linalg::decsol::{dec, sol};

    /// ELMHES as written (low = 1, igh = n).
    fn ref_elmhes(n: usize, a: &mut [f64], int: &mut [usize]) {
        let ix = |i: usize, j: usize| (i - 1) + (j - 1) * n;
        let (low, igh) = (1, n);
        let la = igh as isize - 1;
        let kp1 = low + 1;
        if la < kp1 as isize {
            return;
        }
        for m in kp1..=la as usize {
            let mm1 = m - 1;
            let mut x = 0.0_f64;
            let mut i = m;
            for j in m..=igh {
                if a[ix(j, mm1)].abs() <= x.abs() {
                    continue;
                }
                x = a[ix(j, mm1)];
                i = j;
            }
            int[m - 1] = i - 1;
            if i != m {
                for j in mm1..=n {
                    let y = a[ix(i, j)];
                    a[ix(i, j)] = a[ix(m, j)];
                    a[ix(m, j)] = y;
                }
                for j in 1..=igh {
                    let y = a[ix(j, i)];
                    a[ix(j, i)] = a[ix(j, m)];
                    a[ix(j, m)] = y;
                }
            }
            if x == 0.0 {
                continue;
            }
            for i in m + 1..=igh {
                let mut y = a[ix(i, mm1)];
                if y == 0.0 {
                    continue;
                }
                y = y / x;
                a[ix(i, mm1)] = y;
                for j in m..=n {
                    a[ix(i, j)] = a[ix(i, j)] - y * a[ix(m, j)];
                }
                for j in 1..=igh {
                    a[ix(j, m)] = a[ix(j, m)] + y * a[ix(j, i)];
                }
            }
        }
    }

    /// DECH as written.
    fn ref_dech(n: usize, a: &mut [f64], lb: usize, ip: &mut [usize]) -> Result<(), Singular> {
        let ix = |i: usize, j: usize| (i - 1) + (j - 1) * n;
        let mut k = n;
        if n != 1 {
            for kk in 1..n {
                k = kk;
                let kp1 = k + 1;
                let mut m = k;
                let na = n.min(lb + k);
                for i in kp1..=na {
                    if a[ix(i, k)].abs() > a[ix(m, k)].abs() {
                        m = i;
                    }
                }
                ip[k - 1] = m - 1;
                let mut t = a[ix(m, k)];
                if m != k {
                    a[ix(m, k)] = a[ix(k, k)];
                    a[ix(k, k)] = t;
                }
                if t == 0.0 {
                    return Err(Singular { stage: k });
                }
                t = 1.0 / t;
                for i in kp1..=na {
                    a[ix(i, k)] = -a[ix(i, k)] * t;
                }
                for j in kp1..=n {
                    let t = a[ix(m, j)];
                    a[ix(m, j)] = a[ix(k, j)];
                    a[ix(k, j)] = t;
                    if t == 0.0 {
                        continue;
                    }
                    for i in kp1..=na {
                        a[ix(i, j)] = a[ix(i, j)] + a[ix(i, k)] * t;
                    }
                }
            }
            k = n;
        }
        if a[ix(k, k)] == 0.0 {
            return Err(Singular { stage: k });
        }
        Ok(())
    }

    /// SOLH as written.
    fn ref_solh(n: usize, a: &[f64], lb: usize, b: &mut [f64], ip: &[usize]) {
        let ix = |i: usize, j: usize| (i - 1) + (j - 1) * n;
        if n != 1 {
            for k in 1..n {
                let m = ip[k - 1] + 1;
                let t = b[m - 1];
                b[m - 1] = b[k - 1];
                b[k - 1] = t;
                for i in k + 1..=n.min(lb + k) {
                    b[i - 1] = b[i - 1] + a[ix(i, k)] * t;
                }
            }
            for kb in 1..n {
                let km1 = n - kb;
                let k = km1 + 1;
                b[k - 1] = b[k - 1] / a[ix(k, k)];
                let t = -b[k - 1];
                for i in 1..=km1 {
                    b[i - 1] = b[i - 1] + a[ix(i, k)] * t;
                }
            }
        }
        b[0] = b[0] / a[0];
    }

    fn c1(r: f64, i: f64) -> f64 {
        r.abs() + i.abs()
    }

    /// DECHC as written.
    fn ref_dechc(
        n: usize,
        ar: &mut [f64],
        ai: &mut [f64],
        lb: usize,
        ip: &mut [usize],
    ) -> Result<(), Singular> {
        let ix = |i: usize, j: usize| (i - 1) + (j - 1) * n;
        if lb != 0 && n != 1 {
            for k in 1..n {
                let kp1 = k + 1;
                let mut m = k;
                let na = n.min(lb + k);
                for i in kp1..=na {
                    if c1(ar[ix(i, k)], ai[ix(i, k)]) > c1(ar[ix(m, k)], ai[ix(m, k)]) {
                        m = i;
                    }
                }
                ip[k - 1] = m - 1;
                let mut tr = ar[ix(m, k)];
                let mut ti = ai[ix(m, k)];
                if m != k {
                    ar[ix(m, k)] = ar[ix(k, k)];
                    ai[ix(m, k)] = ai[ix(k, k)];
                    ar[ix(k, k)] = tr;
                    ai[ix(k, k)] = ti;
                }
                if c1(tr, ti) == 0.0 {
                    return Err(Singular { stage: k });
                }
                let den = tr * tr + ti * ti;
                tr = tr / den;
                ti = -ti / den;
                for i in kp1..=na {
                    let prodr = ar[ix(i, k)] * tr - ai[ix(i, k)] * ti;
                    let prodi = ai[ix(i, k)] * tr + ar[ix(i, k)] * ti;
                    ar[ix(i, k)] = -prodr;
                    ai[ix(i, k)] = -prodi;
                }
                for j in kp1..=n {
                    let tr = ar[ix(m, j)];
                    let ti = ai[ix(m, j)];
                    ar[ix(m, j)] = ar[ix(k, j)];
                    ai[ix(m, j)] = ai[ix(k, j)];
                    ar[ix(k, j)] = tr;
                    ai[ix(k, j)] = ti;
                    if c1(tr, ti) == 0.0 {
                        continue;
                    }
                    for i in kp1..=na {
                        let (prodr, prodi) = if ti == 0.0 {
                            (ar[ix(i, k)] * tr, ai[ix(i, k)] * tr)
                        } else if tr == 0.0 {
                            (-ai[ix(i, k)] * ti, ar[ix(i, k)] * ti)
                        } else {
                            (
                                ar[ix(i, k)] * tr - ai[ix(i, k)] * ti,
                                ai[ix(i, k)] * tr + ar[ix(i, k)] * ti,
                            )
                        };
                        ar[ix(i, j)] = ar[ix(i, j)] + prodr;
                        ai[ix(i, j)] = ai[ix(i, j)] + prodi;
                    }
                }
            }
        }
        if c1(ar[ix(n, n)], ai[ix(n, n)]) == 0.0 {
            return Err(Singular { stage: n });
        }
        Ok(())
    }

    /// SOLHC as written.
    fn ref_solhc(
        n: usize,
        ar: &[f64],
        ai: &[f64],
        lb: usize,
        br: &mut [f64],
        bi: &mut [f64],
        ip: &[usize],
    ) {
        let ix = |i: usize, j: usize| (i - 1) + (j - 1) * n;
        let div = |br: &mut f64, bi: &mut f64, r: f64, i: f64| {
            let den = r * r + i * i;
            let prodr = *br * r + *bi * i;
            let prodi = *bi * r - *br * i;
            *br = prodr / den;
            *bi = prodi / den;
        };
        if n != 1 {
            if lb != 0 {
                for k in 1..n {
                    let m = ip[k - 1] + 1;
                    let tr = br[m - 1];
                    let ti = bi[m - 1];
                    br[m - 1] = br[k - 1];
                    bi[m - 1] = bi[k - 1];
                    br[k - 1] = tr;
                    bi[k - 1] = ti;
                    for i in k + 1..=n.min(lb + k) {
                        let prodr = ar[ix(i, k)] * tr - ai[ix(i, k)] * ti;
                        let prodi = ai[ix(i, k)] * tr + ar[ix(i, k)] * ti;
                        br[i - 1] = br[i - 1] + prodr;
                        bi[i - 1] = bi[i - 1] + prodi;
                    }
                }
            }
            for kb in 1..n {
                let km1 = n - kb;
                let k = km1 + 1;
                let (mut r, mut s) = (br[k - 1], bi[k - 1]);
                div(&mut r, &mut s, ar[ix(k, k)], ai[ix(k, k)]);
                (br[k - 1], bi[k - 1]) = (r, s);
                let (tr, ti) = (-r, -s);
                for i in 1..=km1 {
                    let prodr = ar[ix(i, k)] * tr - ai[ix(i, k)] * ti;
                    let prodi = ai[ix(i, k)] * tr + ar[ix(i, k)] * ti;
                    br[i - 1] = br[i - 1] + prodr;
                    bi[i - 1] = bi[i - 1] + prodi;
                }
            }
        }
        let (mut r, mut s) = (br[0], bi[0]);
        div(&mut r, &mut s, ar[0], ai[0]);
        (br[0], bi[0]) = (r, s);
    }

    /// Deterministic values in [-1, 1).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        }
    }

    /// A test matrix: random, with exact zeros, small integers (ties, signed zeros) or
    /// non-finite entries, by `kind` 0..4.
    fn matrix(n: usize, kind: usize, g: &mut Lcg) -> Vec<f64> {
        let mut a: Vec<f64> = (0..n * n)
            .map(|k| {
                let v = g.next();
                match kind {
                    1 if v.abs() > 0.3 && k % (n + 1) != 0 => 0.0,
                    2 if v < -0.2 && v > -0.4 => -0.0,
                    2 => (v * 3.0).round(),
                    _ => v,
                }
            })
            .collect();
        if kind == 3 {
            for (k, v) in [(7, f64::NAN), (3, f64::INFINITY), (11, f64::NEG_INFINITY)] {
                let len = a.len();
                a[(k * 31 + n) % len] = v;
            }
        }
        a
    }

    fn same(x: &[f64], y: &[f64]) -> bool {
        x.len() == y.len()
            && x.iter()
                .zip(y)
                .all(|(a, b)| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()))
    }

    /// `fac·I - H` as DECOMR's IJOB = 7 forms it (the part below the subdiagonal zero).
    fn shifted(n: usize, h: &[f64], fac: f64) -> Vec<f64> {
        let mut e = vec![0.0; n * n];
        for j in 0..n {
            for i in 0..n.min(j + 2) {
                e[i + j * n] = -h[i + j * n];
            }
            e[j + j * n] += fac;
        }
        e
    }

    fn orders() -> impl Iterator<Item = usize> {
        (1..=20).chain([31, 32, 33, 64, 100])
    }

    #[test]
    fn the_kernels_give_the_bits_of_the_statements_of_decsol() {
        let mut g = Lcg(41);
        for n in orders() {
            for kind in 0..4 {
                let a0 = matrix(n, kind, &mut g);
                let (mut h, mut hr) = (a0.clone(), a0);
                let (mut int, mut intr) = (vec![0; n], vec![0; n]);
                elmhes(n, &mut h, n, &mut int);
                ref_elmhes(n, &mut hr, &mut intr);
                assert!(same(&h, &hr), "ELMHES n {n} kind {kind}");
                assert_eq!(int, intr, "ELMHES pivots n {n} kind {kind}");
                for lb in [1, 2, n] {
                    let fac = 1.0 + g.next().abs();
                    let (mut e, mut er) = (shifted(n, &h, fac), shifted(n, &h, fac));
                    let (mut ip, mut ipr) = (vec![0; n], vec![0; n]);
                    let res = dech(n, &mut e, n, lb, &mut ip);
                    assert_eq!(res, ref_dech(n, &mut er, lb, &mut ipr), "DECH n {n}");
                    assert!(same(&e, &er), "DECH n {n} kind {kind} lb {lb}");
                    let (alphn, betan) = (fac, 0.5 * fac);
                    let mut cr = shifted(n, &h, alphn);
                    let mut ci = vec![0.0; n * n];
                    for j in 0..n {
                        ci[j + j * n] = betan;
                        // Purely imaginary entries take DECHC's loop 45.
                        if j % 3 == 1 && j + 1 < n {
                            cr[j + (j + 1) * n] = 0.0;
                            ci[j + (j + 1) * n] = 0.25;
                        }
                    }
                    let (mut crr, mut cir) = (cr.clone(), ci.clone());
                    let (mut ip2, mut ip2r) = (vec![0; n], vec![0; n]);
                    let resc = dechc(n, &mut cr, &mut ci, n, lb, &mut ip2);
                    let rresc = ref_dechc(n, &mut crr, &mut cir, lb, &mut ip2r);
                    assert_eq!(resc, rresc, "DECHC n {n}");
                    assert!(
                        same(&cr, &crr) && same(&ci, &cir),
                        "DECHC n {n} kind {kind}"
                    );
                    if res.is_ok() {
                        assert_eq!(ip[..n - 1], ipr[..n - 1]);
                        let b0: Vec<f64> = (0..n).map(|_| g.next()).collect();
                        let (mut b, mut br) = (b0.clone(), b0);
                        solh(n, &e, n, lb, &mut b, &ip);
                        ref_solh(n, &er, lb, &mut br, &ipr);
                        assert!(same(&b, &br), "SOLH n {n} kind {kind} lb {lb}");
                    }
                    if resc.is_ok() {
                        let b0: Vec<f64> = (0..2 * n).map(|_| g.next()).collect();
                        let (mut xr, mut xi) = (b0[..n].to_vec(), b0[n..].to_vec());
                        let (mut yr, mut yi) = (xr.clone(), xi.clone());
                        solhc(n, &cr, &ci, n, lb, &mut xr, &mut xi, &ip2);
                        ref_solhc(n, &crr, &cir, lb, &mut yr, &mut yi, &ip2r);
                        assert!(same(&xr, &yr) && same(&xi, &yi), "SOLHC n {n} kind {kind}");
                    }
                }
            }
        }
    }

    /// On a finite upper Hessenberg matrix DEC meets only zeros below the subdiagonal,
    /// so DECH/SOLH with `lb = 1` give DEC/SOL's values (up to the sign of a zero).
    #[test]
    fn dech_agrees_with_dec_on_a_hessenberg_matrix() {
        let mut g = Lcg(7);
        for n in orders() {
            let mut h = matrix(n, 0, &mut g);
            let mut int = vec![0; n];
            elmhes(n, &mut h, n, &mut int);
            let (mut e, mut d) = (shifted(n, &h, 1.5), shifted(n, &h, 1.5));
            let (mut ip, mut ipd) = (vec![0; n], vec![0; n]);
            dech(n, &mut e, n, 1, &mut ip).unwrap();
            dec(n, &mut d, n, &mut ipd).unwrap();
            assert_eq!(ip[..n - 1], ipd[..n - 1]);
            let b0: Vec<f64> = (0..n).map(|_| g.next()).collect();
            let (mut b, mut bd) = (b0.clone(), b0);
            solh(n, &e, n, 1, &mut b, &ip);
            sol(n, &d, n, &mut bd, &ipd);
            assert_eq!(b, bd, "n {n}");
        }
    }

    /// ELMHES takes a NaN as pivot (`.LE.` is false on NaN) and then every later entry
    /// of the column, so the last row is exchanged; DECH never prefers a NaN.
    #[test]
    fn the_original_side_of_each_comparison_on_nan() {
        let n = 4;
        let mut a = vec![1.0; n * n];
        a[1] = 2.0;
        a[2] = f64::NAN;
        a[3] = 0.5;
        let mut int = vec![0; n];
        elmhes(n, &mut a, n, &mut int);
        assert_eq!(int[1], 3);
        let mut e = [1.0, f64::NAN, 0.0, 1.0];
        let mut ip = [0; 2];
        assert_eq!(dech(2, &mut e, 2, 1, &mut ip), Ok(()));
        assert_eq!(ip[0], 0);
        let mut e = [0.0, 0.0, 1.0, 1.0];
        assert_eq!(dech(2, &mut e, 2, 1, &mut ip), Err(Singular { stage: 1 }));
    }

    #[test]
    #[should_panic]
    fn a_pivot_vector_of_the_wrong_length_is_refused() {
        let mut a = [1.0, 0.0, 0.0, 1.0];
        let mut ip = [0; 3];
        let _ = dech(2, &mut a, 2, 1, &mut ip);
    }

    /// The 6×6 matrix `A(i,j) = (mod(7i + 13j, 11) - 5) / (i + 2j)` through ELMHES, then
    /// `1.7 I - H` through DECH/SOLH and `(2.3 + 0.9i) I - H` through DECHC/SOLHC with
    /// `b_i = 1/i` and `1/i - i/(i+1)`: the bits printed (Z16.16) by the original
    /// `decsol.f` compiled with gfortran -O2.
    #[test]
    fn a_reduced_system_gives_the_bits_of_the_original() {
        let n = 6;
        let mut a: Vec<f64> = (0..n * n)
            .map(|k| {
                let (i, j) = ((k % n + 1) as i64, (k / n + 1) as i64);
                ((7 * i + 13 * j) % 11 - 5) as f64 / (i + 2 * j) as f64
            })
            .collect();
        let mut int = vec![0; n];
        elmhes(n, &mut a, n, &mut int);
        let h: [u64; 36] = [
            0x3FF5555555555555,
            0xBFE999999999999A,
            0x0000000000000000,
            0xBFE4000000000000,
            0x3FC6DB6DB6DB6DB6,
            0x3FE9000000000000,
            0xBFC4D03B8F5BDE77,
            0xBFD46C43DB8389AC,
            0x3FE6C92492492493,
            0xBFE1DE83C0B15AF9,
            0xBFB20CBB1663FC3E,
            0x3FE0B5BB1DD4273C,
            0xBFEA5D0F6ACC55B9,
            0xBFE2A7EE9D78B488,
            0x3FE2F8C5062750A9,
            0x3FE800422ADB36C7,
            0xBF40E06B92964A9D,
            0xBFB538877B64CDFF,
            0xBFC0AD40E06BCDE9,
            0x3FCACA0C02161F0E,
            0xBFDF9CE1873504F7,
            0xBFD49C757AE4D227,
            0x3FD49DEC48F5484B,
            0x3FD70D83646BC276,
            0x3FC646AF374C969E,
            0x3FC8041E8F1A9F2F,
            0xBFD1A5896299FB9B,
            0x3F810A7D7B4FCC20,
            0xBFD72ABF8B3365AE,
            0x3FDAA03D7E0B311E,
            0x3FCD89D89D89D89E,
            0xBFD5555555555555,
            0xBFB2492492492492,
            0xBFBF8B577A4CF706,
            0xBFB02F606533495C,
            0x3FE2D1527056EB1E,
        ];
        assert_eq!(a.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), h);
        assert_eq!(int[1..n - 1], [2, 2, 3, 4]);

        let mut e = shifted(n, &a, 1.7);
        let mut ip = vec![0; n];
        dech(n, &mut e, n, 1, &mut ip).unwrap();
        assert_eq!(ip[..n - 1], [1, 1, 3, 3, 4]);
        let mut b: Vec<f64> = (1..=n).map(|i| 1.0 / i as f64).collect();
        solh(n, &e, n, 1, &mut b, &ip);
        let x: [u64; 6] = [
            0x40156DFE9A98DFBD,
            0xBFFB2FC5396B5506,
            0xBFE7E30AACBDD930,
            0xBFC4F1578A4F4065,
            0x3FB0EA8D789028D9,
            0x3FC659A103ED2709,
        ];
        assert_eq!(b.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), x);

        let mut er = shifted(n, &a, 2.3);
        let mut ei = vec![0.0; n * n];
        for j in 0..n {
            ei[j + j * n] = 0.9;
        }
        dechc(n, &mut er, &mut ei, n, 1, &mut ip).unwrap();
        assert_eq!(ip[..n - 1], [0, 1, 2, 3, 4]);
        let mut br: Vec<f64> = (1..=n).map(|i| 1.0 / i as f64).collect();
        let mut bi: Vec<f64> = (1..=n).map(|i| -1.0 / (i + 1) as f64).collect();
        solhc(n, &er, &ei, n, 1, &mut br, &mut bi, &ip);
        let xr: [u64; 6] = [
            0x3FD0B865E7E7E2F5,
            0x3FBC5CB1CBFE7538,
            0x3FC1B8631F7B05E4,
            0x3FB60C9CE0183C98,
            0x3FAB057DF522493B,
            0x3FA5C8C31BB28532,
        ];
        let xi: [u64; 6] = [
            0xBFE628318A2F9478,
            0x3FB2CFFB73166F9F,
            0xBFC076643870D946,
            0xBFC18556835F86C1,
            0xBFB80DECCC94AA05,
            0xBFC07794D1616440,
        ];
        assert_eq!(br.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), xr);
        assert_eq!(bi.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), xi);
    }
}
