//! LINPACK-style LU (DGEFA/DGESL, DGBFA/DGBSL) as used by DASSL.
//!
//! The kernels follow LINPACK's operation order exactly (Dongarra, Bunch, Moler & Stewart,
//! *LINPACK Users' Guide*, 1979, ch. 1-2): the pivot is the first entry of largest modulus
//! (IDAMAX), the multipliers are scaled by `-1/pivot` (DSCAL) and the updates are column
//! AXPYs that skip a zero multiplier, as the reference BLAS do. Integrators that must
//! reproduce the original step sequence depend on this order.
//!
//! Matrices are column-major with a leading dimension, pivots are 1-based `i32` (the
//! original keeps them in an INTEGER work array), and the routines report the first zero
//! pivot as LINPACK's `INFO` does.

use std::cmp::Ordering;

/// `y += a * x` over the common length; nothing when `a == 0` (reference DAXPY).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn axpy(a: f64, x: &[f64], y: &mut [f64]) {
    if a == 0.0 {
        return;
    }
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * *xi;
    }
}

/// `x *= a` elementwise (reference DSCAL).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn scale(a: f64, x: &mut [f64]) {
    for xi in x {
        *xi *= a;
    }
}

/// 0-based index of the entry IDAMAX picks (IDAMAX minus one); 0 for an empty slice.
///
/// IDAMAX moves to entry i unless `DABS(DX(I)) .LE. DMAX` (loop 30), so the first entry
/// of largest modulus wins among finite values, a NaN is taken, and since nothing is
/// `.LE.` a NaN the entry after a NaN is taken in turn.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn first_largest(x: &[f64]) -> usize {
    let mut best = 0;
    let mut largest = match x.first() {
        Some(v) => v.abs(),
        None => return 0,
    };
    for (i, v) in x.iter().enumerate().skip(1) {
        if !matches!(
            v.abs().partial_cmp(&largest),
            Some(Ordering::Less | Ordering::Equal)
        ) {
            best = i;
            largest = v.abs();
        }
    }
    best
}

/// Two disjoint column pieces of a column-major buffer: `a[lo_start..lo_start+len]` and
/// `a[hi_start..hi_start+len]`, where `lo_start + len <= hi_start`.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn column_pair(
    a: &mut [f64],
    lo_start: usize,
    hi_start: usize,
    len: usize,
) -> (&[f64], &mut [f64]) {
    let (lo, hi) = a.split_at_mut(hi_start);
    (&lo[lo_start..lo_start + len], &mut hi[..len])
}

/// Converts a stored 1-based pivot into a 0-based row index.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn pivot_row(ipvt: &[i32], k: usize) -> usize {
    usize::try_from(ipvt[k] - 1).unwrap_or(usize::MAX)
}

/// Stores a 0-based row index as a 1-based pivot.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn store_pivot(ipvt: &mut [i32], k: usize, row: usize) {
    ipvt[k] = i32::try_from(row + 1).unwrap_or(i32::MAX);
}

/// LU factorisation with partial pivoting of the `n`×`n` matrix in `a` (leading dimension
/// `lda`), in place (LINPACK DGEFA). Returns 0, or the 1-based index of the last column
/// whose pivot was exactly zero (LINPACK's `INFO`; the factors are then unusable for solving).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn lu_factor_dense(a: &mut [f64], lda: usize, n: usize, ipvt: &mut [i32]) -> usize {
    let mut info = 0;
    for k in 0..n.saturating_sub(1) {
        let col_k = k * lda;
        let l = first_largest(&a[col_k + k..col_k + n]) + k;
        store_pivot(ipvt, k, l);
        if a[col_k + l] == 0.0 {
            info = k + 1;
            continue;
        }
        if l != k {
            a.swap(col_k + l, col_k + k);
        }
        let t = -1.0 / a[col_k + k];
        scale(t, &mut a[col_k + k + 1..col_k + n]);
        for j in k + 1..n {
            let col_j = j * lda;
            let t = a[col_j + l];
            if l != k {
                a[col_j + l] = a[col_j + k];
                a[col_j + k] = t;
            }
            let (x, y) = column_pair(a, col_k + k + 1, col_j + k + 1, n - k - 1);
            axpy(t, x, y);
        }
    }
    if n > 0 {
        store_pivot(ipvt, n - 1, n - 1);
        if a[(n - 1) * lda + n - 1] == 0.0 {
            info = n;
        }
    }
    info
}

/// Solves `A x = b` with the factors from [`lu_factor_dense`], overwriting `b`
/// (LINPACK DGESL with JOB = 0).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn lu_solve_dense(a: &[f64], lda: usize, n: usize, ipvt: &[i32], b: &mut [f64]) {
    for k in 0..n.saturating_sub(1) {
        let l = pivot_row(ipvt, k);
        let t = b[l];
        if l != k {
            b[l] = b[k];
            b[k] = t;
        }
        let col_k = k * lda;
        axpy(t, &a[col_k + k + 1..col_k + n], &mut b[k + 1..n]);
    }
    for k in (0..n).rev() {
        let col_k = k * lda;
        b[k] /= a[col_k + k];
        let t = -b[k];
        axpy(t, &a[col_k..col_k + k], &mut b[..k]);
    }
}

/// LU factorisation with partial pivoting of a band matrix in LINPACK band storage
/// (LINPACK DGBFA): column `j` of `abd` (leading dimension `lda >= 2ml+mu+1`) holds
/// `A(i, j)` in row `i - j + ml + mu` (0-based), the first `ml` rows being fill-in space.
/// Returns 0 or the 1-based index of the last zero pivot.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn lu_factor_band(
    abd: &mut [f64],
    lda: usize,
    n: usize,
    ml: usize,
    mu: usize,
    ipvt: &mut [i32],
) -> usize {
    // 0-based row of the diagonal in each column.
    let m = ml + mu;
    let mut info = 0;
    // Zero the fill-in rows of the first columns (LINPACK's loop 20).
    let first_fill = mu + 1;
    let last_fill = n.min(m + 1).saturating_sub(1);
    for jz in first_fill..last_fill {
        let top = m - jz;
        for i in top..ml {
            abd[jz * lda + i] = 0.0;
        }
    }
    let mut ju = 0usize;
    // jz: the column whose fill-in rows are cleared before column k is eliminated.
    for (k, jz) in (0..n.saturating_sub(1)).zip(last_fill..) {
        let col_k = k * lda;
        if jz < n {
            for i in 0..ml {
                abd[jz * lda + i] = 0.0;
            }
        }
        let lm = ml.min(n - k - 1);
        let mut l = first_largest(&abd[col_k + m..col_k + m + lm + 1]) + m;
        let pivot = l + k - m;
        store_pivot(ipvt, k, pivot);
        if abd[col_k + l] == 0.0 {
            info = k + 1;
            continue;
        }
        if l != m {
            abd.swap(col_k + l, col_k + m);
        }
        let t = -1.0 / abd[col_k + m];
        scale(t, &mut abd[col_k + m + 1..col_k + m + 1 + lm]);
        ju = ju.max(mu + pivot + 1).min(n);
        let mut mm = m;
        for j in k + 1..ju {
            l -= 1;
            mm -= 1;
            let col_j = j * lda;
            let t = abd[col_j + l];
            if l != mm {
                abd[col_j + l] = abd[col_j + mm];
                abd[col_j + mm] = t;
            }
            let (x, y) = column_pair(abd, col_k + m + 1, col_j + mm + 1, lm);
            axpy(t, x, y);
        }
    }
    if n > 0 {
        store_pivot(ipvt, n - 1, n - 1);
        if abd[(n - 1) * lda + m] == 0.0 {
            info = n;
        }
    }
    info
}

/// Solves `A x = b` with the band factors from [`lu_factor_band`], overwriting `b`
/// (LINPACK DGBSL with JOB = 0).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn lu_solve_band(
    abd: &[f64],
    lda: usize,
    n: usize,
    ml: usize,
    mu: usize,
    ipvt: &[i32],
    b: &mut [f64],
) {
    let m = ml + mu;
    if ml != 0 {
        for k in 0..n.saturating_sub(1) {
            let lm = ml.min(n - k - 1);
            let l = pivot_row(ipvt, k);
            let t = b[l];
            if l != k {
                b[l] = b[k];
                b[k] = t;
            }
            let col_k = k * lda;
            axpy(
                t,
                &abd[col_k + m + 1..col_k + m + 1 + lm],
                &mut b[k + 1..k + 1 + lm],
            );
        }
    }
    for k in (0..n).rev() {
        let col_k = k * lda;
        b[k] /= abd[col_k + m];
        let lm = k.min(m);
        let t = -b[k];
        axpy(t, &abd[col_k + m - lm..col_k + m], &mut b[k - lm..k]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_solve_matches_hand_computation() {
        // A = [[2, 1], [4, 3]] column-major; pivoting swaps the rows.
        let mut a = vec![2.0, 4.0, 1.0, 3.0];
        let mut ipvt = [0; 2];
        assert_eq!(lu_factor_dense(&mut a, 2, 2, &mut ipvt), 0);
        assert_eq!(ipvt, [2, 2]);
        let mut b = vec![3.0, 7.0];
        lu_solve_dense(&a, 2, 2, &ipvt, &mut b);
        assert_eq!(b, vec![1.0, 1.0]);
    }

    /// IDAMAX of the original (SLATEC's and DDASKR's `dlinpk.f` alike) on NaN: a NaN
    /// is taken, and the next entry replaces it (values printed by the original).
    #[test]
    fn pivot_search_takes_the_original_side_on_nan() {
        let nan = f64::NAN;
        assert_eq!(first_largest(&[nan, 1.0, 5.0, 2.0]), 2);
        assert_eq!(first_largest(&[1.0, nan, 0.5, 0.7]), 3);
        assert_eq!(first_largest(&[1.0, 3.0, 0.5, nan]), 3);
        assert_eq!(first_largest(&[nan]), 0);
        assert_eq!(first_largest(&[2.0, -2.0, 1.0]), 0);
    }

    /// DGEFA with a NaN below the diagonal: IDAMAX passes over it to the next row, the
    /// NaN is not a zero pivot (`A(L,K) .EQ. 0` is false), INFO stays 0 and the factors
    /// carry NaN; the original prints INFO 0, IPVT 3 3 3 and these factors.
    #[test]
    fn dgefa_with_a_nan_entry_matches_the_original() {
        let nan = f64::NAN;
        let mut a = vec![1.0, nan, 0.5, 2.0, 1.0, 4.0, 0.0, 1.0, 3.0];
        let mut ipvt = [0; 3];
        assert_eq!(lu_factor_dense(&mut a, 3, 3, &mut ipvt), 0);
        assert_eq!(ipvt, [3, 3, 3]);
        let expected = [0.5, nan, -2.0, 4.0, -6.0, nan, 3.0, -6.0, nan];
        for (x, e) in a.iter().zip(expected) {
            assert!(
                x.to_bits() == e.to_bits() || (x.is_nan() && e.is_nan()),
                "{a:?}"
            );
        }
        // The band version searches with the same IDAMAX.
        let (ml, mu) = (2, 2);
        let lda = 2 * ml + mu + 1;
        let mut band = vec![0.0; lda * 3];
        let full = [1.0, nan, 0.5, 2.0, 1.0, 4.0, 0.0, 1.0, 3.0];
        for j in 0..3 {
            for i in 0..3 {
                band[j * lda + i + ml + mu - j] = full[j * 3 + i];
            }
        }
        let mut ipvt = [0; 3];
        assert_eq!(lu_factor_band(&mut band, lda, 3, ml, mu, &mut ipvt), 0);
        assert_eq!(ipvt, [3, 3, 3]);
    }

    #[test]
    fn dense_reports_zero_pivot() {
        let mut a = vec![1.0, 2.0, 2.0, 4.0];
        let mut ipvt = [0; 2];
        assert_eq!(lu_factor_dense(&mut a, 2, 2, &mut ipvt), 2);
    }

    #[test]
    fn band_agrees_with_dense_on_tridiagonal() {
        let n = 6;
        let (ml, mu) = (1, 1);
        let lda = 2 * ml + mu + 1;
        let entry = |i: usize, j: usize| -> f64 {
            if i == j {
                4.0 + i as f64
            } else if i + 1 == j {
                -1.0 - 0.1 * i as f64
            } else if j + 1 == i {
                3.0 + 0.5 * j as f64
            } else {
                0.0
            }
        };
        let mut dense = vec![0.0; n * n];
        let mut band = vec![0.0; lda * n];
        for j in 0..n {
            for i in 0..n {
                dense[j * n + i] = entry(i, j);
                if i + mu >= j && i <= j + ml {
                    band[j * lda + i + ml + mu - j] = entry(i, j);
                }
            }
        }
        let rhs: Vec<f64> = (0..n).map(|i| 1.0 + i as f64).collect();
        let mut pd = vec![0; n];
        let mut pb = vec![0; n];
        assert_eq!(lu_factor_dense(&mut dense, n, n, &mut pd), 0);
        assert_eq!(lu_factor_band(&mut band, lda, n, ml, mu, &mut pb), 0);
        let mut xd = rhs.clone();
        let mut xb = rhs;
        lu_solve_dense(&dense, n, n, &pd, &mut xd);
        lu_solve_band(&band, lda, n, ml, mu, &pb, &mut xb);
        for (u, v) in xd.iter().zip(&xb) {
            assert!((u - v).abs() < 1e-13 * (1.0 + u.abs()));
        }
    }
}
