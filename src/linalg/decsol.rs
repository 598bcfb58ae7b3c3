//! Gaussian elimination with partial pivoting after Hairer's `decsol.f` (C. B. Moler,
//! Algorithm 423, CACM 15 (1972); banded version after DECB of Hindmarsh).
//!
//! Column-major storage with leading dimension `lda`, 0-based indices. The multipliers
//! are stored negated below the diagonal, as in the original, and `ip[k]` is the row
//! exchanged with row `k` at stage `k`. The arithmetic is that of the original, operation
//! for operation (which is why some updates are not written as compound assignments).
#![allow(
    clippy::assign_op_pattern,
    clippy::manual_swap,
    clippy::needless_range_loop,
    clippy::too_many_arguments
)]

use super::Singular;

/// DEC: LU factorisation of the dense n×n matrix `a`.
pub fn dec(n: usize, a: &mut [f64], lda: usize, ip: &mut [usize]) -> Result<(), Singular> {
    for k in 0..n.saturating_sub(1) {
        let col = k * lda;
        let mut m = k;
        for i in k + 1..n {
            if a[i + col].abs() > a[m + col].abs() {
                m = i;
            }
        }
        ip[k] = m;
        let mut t = a[m + col];
        if m != k {
            a[m + col] = a[k + col];
            a[k + col] = t;
        }
        if t == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        t = 1.0 / t;
        for i in k + 1..n {
            a[i + col] = -a[i + col] * t;
        }
        for j in k + 1..n {
            let cj = j * lda;
            let t = a[m + cj];
            a[m + cj] = a[k + cj];
            a[k + cj] = t;
            if t == 0.0 {
                continue;
            }
            // Column k (the multipliers) lies before column j: split to update in place.
            let (left, right) = a.split_at_mut(cj);
            let mult = &left[col + k + 1..col + n];
            for (aij, &aik) in right[k + 1..n].iter_mut().zip(mult) {
                *aij = *aij + aik * t;
            }
        }
    }
    if a[(n - 1) + (n - 1) * lda] == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// SOL: solves `A x = b` with the factors of [`dec`].
pub fn sol(n: usize, a: &[f64], lda: usize, b: &mut [f64], ip: &[usize]) {
    for k in 0..n.saturating_sub(1) {
        let m = ip[k];
        let t = b[m];
        b[m] = b[k];
        b[k] = t;
        let col = &a[k * lda + k + 1..k * lda + n];
        for (bi, &aik) in b[k + 1..n].iter_mut().zip(col) {
            *bi = *bi + aik * t;
        }
    }
    for k in (1..n).rev() {
        b[k] = b[k] / a[k + k * lda];
        let t = -b[k];
        let col = &a[k * lda..k * lda + k];
        for (bi, &aik) in b[..k].iter_mut().zip(col) {
            *bi = *bi + aik * t;
        }
    }
    b[0] = b[0] / a[0];
}

/// `|re| + |im|`, the pivot measure of the complex routines.
fn cabs1(re: f64, im: f64) -> f64 {
    re.abs() + im.abs()
}

/// `x += a·t` for complex `a` at `(ar, ai)[src]`, `t = tr + i ti`, with DECC's special
/// cases for a real or an imaginary `t` (they change the rounding, so they stay).
#[inline(always)]
fn axpy_c(ar: &mut [f64], ai: &mut [f64], dst: usize, src: usize, tr: f64, ti: f64) {
    let (prodr, prodi) = if ti == 0.0 {
        (ar[src] * tr, ai[src] * tr)
    } else if tr == 0.0 {
        (-ai[src] * ti, ar[src] * ti)
    } else {
        (ar[src] * tr - ai[src] * ti, ai[src] * tr + ar[src] * ti)
    };
    ar[dst] = ar[dst] + prodr;
    ai[dst] = ai[dst] + prodi;
}

/// DECC: LU factorisation of the dense complex matrix `ar + i ai`.
pub fn decc(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    for k in 0..n.saturating_sub(1) {
        let col = k * lda;
        let mut m = k;
        for i in k + 1..n {
            if cabs1(ar[i + col], ai[i + col]) > cabs1(ar[m + col], ai[m + col]) {
                m = i;
            }
        }
        ip[k] = m;
        let mut tr = ar[m + col];
        let mut ti = ai[m + col];
        if m != k {
            ar[m + col] = ar[k + col];
            ai[m + col] = ai[k + col];
            ar[k + col] = tr;
            ai[k + col] = ti;
        }
        if cabs1(tr, ti) == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        let den = tr * tr + ti * ti;
        tr = tr / den;
        ti = -ti / den;
        for i in k + 1..n {
            let prodr = ar[i + col] * tr - ai[i + col] * ti;
            let prodi = ai[i + col] * tr + ar[i + col] * ti;
            ar[i + col] = -prodr;
            ai[i + col] = -prodi;
        }
        for j in k + 1..n {
            let cj = j * lda;
            let tr = ar[m + cj];
            let ti = ai[m + cj];
            ar[m + cj] = ar[k + cj];
            ai[m + cj] = ai[k + cj];
            ar[k + cj] = tr;
            ai[k + cj] = ti;
            if cabs1(tr, ti) == 0.0 {
                continue;
            }
            let (lr, rr) = ar.split_at_mut(cj);
            let (li, ri) = ai.split_at_mut(cj);
            let range = k + 1..n;
            axpy_column(
                &mut rr[range.clone()],
                &mut ri[range],
                &lr[col + k + 1..col + n],
                &li[col + k + 1..col + n],
                tr,
                ti,
            );
        }
    }
    let last = (n - 1) + (n - 1) * lda;
    if cabs1(ar[last], ai[last]) == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// `x += a·t` over a column, complex, with DECC's special cases for a real or an
/// imaginary `t` (they change the rounding, so they stay).
fn axpy_column(xr: &mut [f64], xi: &mut [f64], ar: &[f64], ai: &[f64], tr: f64, ti: f64) {
    let pairs = xr.iter_mut().zip(xi.iter_mut()).zip(ar.iter().zip(ai));
    if ti == 0.0 {
        for ((r, i), (&a, &b)) in pairs {
            *r = *r + a * tr;
            *i = *i + b * tr;
        }
    } else if tr == 0.0 {
        for ((r, i), (&a, &b)) in pairs {
            *r = *r + -b * ti;
            *i = *i + a * ti;
        }
    } else {
        for ((r, i), (&a, &b)) in pairs {
            *r = *r + (a * tr - b * ti);
            *i = *i + (b * tr + a * ti);
        }
    }
}

/// `b / a` for complex numbers in SOLC's arithmetic.
fn cdiv(br: f64, bi: f64, ar: f64, ai: f64) -> (f64, f64) {
    let den = ar * ar + ai * ai;
    let prodr = br * ar + bi * ai;
    let prodi = bi * ar - br * ai;
    (prodr / den, prodi / den)
}

/// `b += a·t`, complex, without DECC's special cases (as SOLC and SOLBC).
#[inline(always)]
fn axpy_c_full(br: &mut f64, bi: &mut f64, ar: f64, ai: f64, tr: f64, ti: f64) {
    let prodr = ar * tr - ai * ti;
    let prodi = ai * tr + ar * ti;
    *br = *br + prodr;
    *bi = *bi + prodi;
}

/// [`axpy_c_full`] over a column.
fn axpy_column_full(xr: &mut [f64], xi: &mut [f64], ar: &[f64], ai: &[f64], tr: f64, ti: f64) {
    for ((r, i), (&a, &b)) in xr.iter_mut().zip(xi.iter_mut()).zip(ar.iter().zip(ai)) {
        axpy_c_full(r, i, a, b, tr, ti);
    }
}

/// SOLC: solves `A x = b` with the factors of [`decc`].
pub fn solc(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    for k in 0..n.saturating_sub(1) {
        let m = ip[k];
        let tr = br[m];
        let ti = bi[m];
        br[m] = br[k];
        bi[m] = bi[k];
        br[k] = tr;
        bi[k] = ti;
        let (cr, ci) = (
            &ar[k * lda + k + 1..k * lda + n],
            &ai[k * lda + k + 1..k * lda + n],
        );
        axpy_column_full(&mut br[k + 1..n], &mut bi[k + 1..n], cr, ci, tr, ti);
    }
    for k in (1..n).rev() {
        let d = k + k * lda;
        (br[k], bi[k]) = cdiv(br[k], bi[k], ar[d], ai[d]);
        let tr = -br[k];
        let ti = -bi[k];
        let (cr, ci) = (&ar[k * lda..k * lda + k], &ai[k * lda..k * lda + k]);
        axpy_column_full(&mut br[..k], &mut bi[..k], cr, ci, tr, ti);
    }
    (br[0], bi[0]) = cdiv(br[0], bi[0], ar[0], ai[0]);
}

/// DECB: LU factorisation of a band matrix with `ml` sub- and `mu` super-diagonals,
/// element (i, j) at row `ml + mu + i - j` of column j, leading dimension ≥ 2ml+mu+1.
pub fn decb(
    n: usize,
    a: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    // 0-based row of the diagonal (MD - 1 of the original).
    let md = ml + mu;
    if ml != 0 && n > 1 {
        for j in (mu + 1)..n {
            for i in 0..ml {
                a[i + j * lda] = 0.0;
            }
        }
        let mut ju = 0;
        for k in 0..n - 1 {
            let col = k * lda;
            let mut m = md;
            let mdl = ml.min(n - 1 - k) + md;
            for i in md + 1..=mdl {
                if a[i + col].abs() > a[m + col].abs() {
                    m = i;
                }
            }
            ip[k] = m + k - md;
            let mut t = a[m + col];
            if m != md {
                a[m + col] = a[md + col];
                a[md + col] = t;
            }
            if t == 0.0 {
                return Err(Singular { stage: k + 1 });
            }
            t = 1.0 / t;
            for i in md + 1..=mdl {
                a[i + col] = -a[i + col] * t;
            }
            // JU = min(max(JU, MU + IP(K)), N) in 1-based terms.
            ju = ju.max(mu + ip[k] + 1).min(n);
            let mut mm = md;
            for j in k + 1..ju {
                let cj = j * lda;
                m -= 1;
                mm -= 1;
                let t = a[m + cj];
                if m != mm {
                    a[m + cj] = a[mm + cj];
                    a[mm + cj] = t;
                }
                if t == 0.0 {
                    continue;
                }
                let jk = j - k;
                for i in md + 1..=mdl {
                    let ijk = i - jk;
                    a[ijk + cj] = a[ijk + cj] + a[i + col] * t;
                }
            }
        }
    }
    if a[md + (n - 1) * lda] == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// SOLB: solves `A x = b` with the factors of [`decb`].
pub fn solb(n: usize, a: &[f64], lda: usize, ml: usize, mu: usize, b: &mut [f64], ip: &[usize]) {
    let md = ml + mu;
    if ml != 0 {
        for k in 0..n.saturating_sub(1) {
            let m = ip[k];
            let t = b[m];
            b[m] = b[k];
            b[k] = t;
            let mdl = ml.min(n - 1 - k) + md;
            for i in md + 1..=mdl {
                let imd = i + k - md;
                b[imd] = b[imd] + a[i + k * lda] * t;
            }
        }
    }
    for k in (1..n).rev() {
        b[k] = b[k] / a[md + k * lda];
        let t = -b[k];
        // Rows i of column k above the diagonal that lie inside the matrix.
        for i in md.saturating_sub(k)..md {
            let imd = i + k - md;
            b[imd] = b[imd] + a[i + k * lda] * t;
        }
    }
    b[0] = b[0] / a[md];
}

/// DECBC: [`decb`] for a complex band matrix `ar + i ai`.
#[allow(clippy::too_many_lines)]
pub fn decbc(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    let md = ml + mu;
    if ml != 0 && n > 1 {
        for j in (mu + 1)..n {
            for i in 0..ml {
                ar[i + j * lda] = 0.0;
                ai[i + j * lda] = 0.0;
            }
        }
        let mut ju = 0;
        for k in 0..n - 1 {
            let col = k * lda;
            let mut m = md;
            let mdl = ml.min(n - 1 - k) + md;
            for i in md + 1..=mdl {
                if cabs1(ar[i + col], ai[i + col]) > cabs1(ar[m + col], ai[m + col]) {
                    m = i;
                }
            }
            ip[k] = m + k - md;
            let mut tr = ar[m + col];
            let mut ti = ai[m + col];
            if m != md {
                ar[m + col] = ar[md + col];
                ai[m + col] = ai[md + col];
                ar[md + col] = tr;
                ai[md + col] = ti;
            }
            if cabs1(tr, ti) == 0.0 {
                return Err(Singular { stage: k + 1 });
            }
            let den = tr * tr + ti * ti;
            tr = tr / den;
            ti = -ti / den;
            for i in md + 1..=mdl {
                let prodr = ar[i + col] * tr - ai[i + col] * ti;
                let prodi = ai[i + col] * tr + ar[i + col] * ti;
                ar[i + col] = -prodr;
                ai[i + col] = -prodi;
            }
            ju = ju.max(mu + ip[k] + 1).min(n);
            let mut mm = md;
            for j in k + 1..ju {
                let cj = j * lda;
                m -= 1;
                mm -= 1;
                let tr = ar[m + cj];
                let ti = ai[m + cj];
                if m != mm {
                    ar[m + cj] = ar[mm + cj];
                    ai[m + cj] = ai[mm + cj];
                    ar[mm + cj] = tr;
                    ai[mm + cj] = ti;
                }
                if cabs1(tr, ti) == 0.0 {
                    continue;
                }
                let jk = j - k;
                for i in md + 1..=mdl {
                    axpy_c(ar, ai, i - jk + cj, i + col, tr, ti);
                }
            }
        }
    }
    let last = md + (n - 1) * lda;
    if cabs1(ar[last], ai[last]) == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// SOLBC: solves `A x = b` with the factors of [`decbc`].
pub fn solbc(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    ml: usize,
    mu: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    let md = ml + mu;
    if ml != 0 {
        for k in 0..n.saturating_sub(1) {
            let m = ip[k];
            let tr = br[m];
            let ti = bi[m];
            br[m] = br[k];
            bi[m] = bi[k];
            br[k] = tr;
            bi[k] = ti;
            let mdl = ml.min(n - 1 - k) + md;
            for i in md + 1..=mdl {
                let imd = i + k - md;
                let (r, s) = (&mut br[imd], &mut bi[imd]);
                axpy_c_full(r, s, ar[i + k * lda], ai[i + k * lda], tr, ti);
            }
        }
    }
    for k in (1..n).rev() {
        let d = md + k * lda;
        (br[k], bi[k]) = cdiv(br[k], bi[k], ar[d], ai[d]);
        let tr = -br[k];
        let ti = -bi[k];
        for i in md.saturating_sub(k)..md {
            let imd = i + k - md;
            let (r, s) = (&mut br[imd], &mut bi[imd]);
            axpy_c_full(r, s, ar[i + k * lda], ai[i + k * lda], tr, ti);
        }
    }
    (br[0], bi[0]) = cdiv(br[0], bi[0], ar[md], ai[md]);
}
