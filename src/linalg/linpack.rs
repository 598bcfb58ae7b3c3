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

use crate::intrinsics::fmax;

use super::Band;

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
        let v = v.abs();
        if takes_over(v, largest) {
            best = keep_branch(i);
        }
        // The value IDAMAX keeps, in one `maxsd` (`largest > v ? largest : v`, so `v`
        // on NaN; on a tie the two are the same bits): not a compare-and-blend of four
        // instructions on the search's chain.
        largest = fmax(largest, v);
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
    let exact = (a.len() >= n * n) & (ipvt.len() >= n);
    if lda == n && (2..=FIXED).contains(&n) && exact {
        return FACTOR_FIXED[n - 2](a, ipvt);
    }
    factor_dense_any(a, lda, n, ipvt)
}

/// [`factor_dense_body`] for any order and leading dimension.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn factor_dense_any(a: &mut [f64], lda: usize, n: usize, ipvt: &mut [i32]) -> usize {
    factor_dense_body(a, lda, n, ipvt)
}

/// DGEFA's loops; the columns right of the pivot column split off one by one, so that
/// each update checks its column once.
#[inline(always)]
fn factor_dense_body(a: &mut [f64], lda: usize, n: usize, ipvt: &mut [i32]) -> usize {
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
        let (done, rest) = a.split_at_mut(col_k + lda);
        let mult = &mut done[col_k + k + 1..col_k + n];
        scale(t, mult);
        let mult = &*mult;
        for col in rest.chunks_mut(lda).take(n - k - 1) {
            let col = &mut col[..n];
            let t = col[l];
            if l != k {
                col[l] = col[k];
                col[k] = t;
            }
            axpy(t, mult, &mut col[k + 1..]);
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

/// [`factor_dense_body`] for the constant order `N`.
#[inline(always)]
fn factor_loops<const N: usize>(a: &mut [f64], ipvt: &mut [i32]) -> usize {
    factor_dense_body(&mut a[..N * N], N, N, &mut ipvt[..N])
}

/// DGEFA of order `N` (`lda = N`) column by column: column j receives the exchanges and
/// updates of steps 0..j in LINPACK's order, its pivot is searched and its multipliers
/// scaled, and it is stored once. Each entry sees the same operations in the same order
/// as in DGEFA's loops (which update all columns right of k at step k, and never exchange
/// rows of the multiplier columns after their step), with the column in registers: the
/// pivot search no longer loads in pairs what the Jacobian and the update before stored
/// one by one, and no entry is stored and reloaded between steps. DDASKR rober (order 3)
/// 1e-4: the factorisation's perf samples 1 100 → 765, the row warm −1 to −2 %. Orders 2
/// and 3 only: at orders 8 and 9 the unrolled columns (14-17 kB) spill, and hires and
/// pump ran 25-36 % slower.
#[inline(always)]
fn factor_by_columns<const N: usize>(a: &mut [f64], ipvt: &mut [i32]) -> usize {
    let (a, ipvt) = (&mut a[..N * N], &mut ipvt[..N]);
    // Each step's pivot row, None where the pivot was zero (the step then changed nothing
    // right of its column).
    let mut rows = [None; N];
    // The columns done, kept for the updates of the next (not reloaded from `a` where
    // they were just stored).
    let mut done = [[0.0; N]; N];
    let mut info = 0;
    // The rows through indices the compiler cannot see, so that each entry is loaded
    // alone: the Jacobian stored them one by one.
    let at: [usize; N] = std::array::from_fn(std::hint::black_box);
    macro_rules! columns {
        ($($j:literal)*) => {
            $(factor_column::<N, $j>(a, ipvt, &at, &mut done, &mut rows, &mut info);)*
        };
    }
    columns!(0 1 2 3 4 5 6 7 8 9);
    info
}

/// Column `J` of [`factor_by_columns`] (nothing for `J >= N`), `J` a constant so that
/// the column's loops unroll and its entries stay in registers.
#[inline(always)]
fn factor_column<const N: usize, const J: usize>(
    a: &mut [f64],
    ipvt: &mut [i32],
    at: &[usize; N],
    done: &mut [[f64; N]; N],
    rows: &mut [Option<usize>; N],
    info: &mut usize,
) {
    if J >= N {
        return;
    }
    let j = J;
    let mut c: [f64; N] = std::array::from_fn(|i| a[j * N + at[i]]);
    for (k, row) in rows.iter().enumerate().take(j) {
        let Some(l) = *row else {
            continue;
        };
        let (t, x) = exchange(c, k, l);
        c = x;
        if t != 0.0 {
            for i in k + 1..N {
                c[i] += t * done[k][i];
            }
        }
    }
    if j + 1 < N {
        let mut l = j;
        let mut largest = c[j].abs();
        for (i, x) in c.iter().enumerate().skip(j + 1) {
            if takes_over(x.abs(), largest) {
                l = keep_branch(i);
                largest = x.abs();
            }
        }
        store_pivot(ipvt, j, l);
        let (d, x) = exchange(c, j, l);
        if d == 0.0 {
            *info = j + 1;
        } else {
            c = x;
            let t = -1.0 / d;
            for x in &mut c[j + 1..] {
                *x *= t;
            }
            rows[j] = Some(l);
        }
    } else {
        store_pivot(ipvt, j, j);
        if c[j] == 0.0 {
            *info = N;
        }
    }
    a[j * N..j * N + N].copy_from_slice(&c);
    done[j] = c;
}

/// `c` with rows `k` and `l >= k` exchanged, and the new row k: each row picked by a
/// select, not a branch (within a branch on `i == l` the compiler writes row `l` through
/// an index, which keeps the column in memory).
#[inline(always)]
fn exchange<const N: usize>(c: [f64; N], k: usize, l: usize) -> (f64, [f64; N]) {
    let ck = c[k];
    let mut t = ck;
    let mut x = c;
    for (i, xi) in x.iter_mut().enumerate().skip(k + 1) {
        let hit = i == l;
        let ci = *xi;
        t = if hit { ci } else { t };
        *xi = if hit { ck } else { ci };
    }
    x[k] = t;
    (t, x)
}

/// Rows `from..` of a column, `y[i] += a * x[i]` (`x` the same rows of another column,
/// row 0 first in both), nothing when `a == 0` (reference DAXPY); the rows after an odd
/// `from` in pairs that start on an even row. DGESL's forward elimination updates `b`
/// from row k + 2, then k + 3, ...: each pair is then loaded where the previous update
/// stored it. Pairs starting one row later at each step straddled two earlier stores,
/// and such a load waits until both have reached the cache (a failed store forwarding:
/// the `addpd` after it held 20 % of DGESL's perf samples at order 17).
#[inline(always)]
fn axpy_rows(a: f64, x: &[f64], y: &mut [f64], from: usize) {
    if a == 0.0 {
        return;
    }
    let n = y.len().min(x.len());
    let from = from.min(n);
    let odd = from % 2 * usize::from(from < n);
    let (yh, y) = y[from..n].split_at_mut(odd);
    let (xh, x) = x[from..n].split_at(odd);
    for (yi, xi) in yh.iter_mut().zip(xh) {
        *yi += a * xi;
    }
    let mut yp = y.chunks_exact_mut(2);
    let mut xp = x.chunks_exact(2);
    // Both rows read before either is written: one load and one store of the pair.
    for (yc, xc) in (&mut yp).zip(&mut xp) {
        let (y0, y1, x0, x1) = (yc[0], yc[1], xc[0], xc[1]);
        yc.copy_from_slice(&[y0 + a * x0, y1 + a * x1]);
    }
    for (yi, xi) in yp.into_remainder().iter_mut().zip(xp.remainder()) {
        *yi += a * xi;
    }
}

/// Each order's dense factorisation and solve in a module and a text section of their
/// own ([`hot_path!`]`(group, 99 − order)`): a program runs the kernels of one order,
/// and so touches one stretch of kernel text, not the 60 kB the instances of all orders
/// take; the small orders (`linpack`) lie between DDASSL's text and what it shares with
/// DDASKR, the large ones (`linpack_large`) before DDASSL's.
macro_rules! per_order {
    ($($m:ident $n:literal $group:ident $rank:literal $factor:ident;)*) => {
        $(
            mod $m {
                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($group, $rank)]
                pub(super) fn factor(a: &mut [f64], ipvt: &mut [i32]) -> usize {
                    super::$factor::<$n>(a, ipvt)
                }

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($group, $rank)]
                pub(super) fn solve(a: &[f64], ipvt: &[i32], b: &mut [f64]) -> bool {
                    super::solve_fixed::<$n>(a, ipvt, b)
                }
            }
        )*

        /// DGEFA for the orders 2 to [`FIXED`], by order: a table of the instances'
        /// addresses in relocated data, not a `match` jumping through `.rodata` (a page
        /// nothing else of a step reads).
        static FACTOR_FIXED: [fn(&mut [f64], &mut [i32]) -> usize; FIXED - 1] = [$($m::factor),*];

        /// DGESL for the orders 2 to [`FIXED`], by order (as [`FACTOR_FIXED`]).
        static SOLVE_FIXED: [fn(&[f64], &[i32], &mut [f64]) -> bool; FIXED - 1] = [$($m::solve),*];
    };
}

per_order!(
    d02 2 linpack "97" factor_by_columns;
    d03 3 linpack "96" factor_by_columns;
    d04 4 linpack "95" factor_loops;
    d05 5 linpack "94" factor_loops;
    d06 6 linpack "93" factor_loops;
    d07 7 linpack "92" factor_loops;
    d08 8 linpack "91" factor_loops;
    d09 9 linpack "90" factor_loops;
    d10 10 linpack "89" factor_loops;
    d11 11 linpack_large "88" factor_loops;
    d12 12 linpack_large "87" factor_loops;
    d13 13 linpack_large "86" factor_loops;
    d14 14 linpack_large "85" factor_loops;
    d15 15 linpack_large "84" factor_loops;
    d16 16 linpack_large "83" factor_loops;
    d17 17 linpack_large "82" factor_loops;
    d18 18 linpack_large "81" factor_loops;
    d19 19 linpack_large "80" factor_loops;
    d20 20 linpack_large "79" factor_loops;
    d21 21 linpack_large "78" factor_loops;
    d22 22 linpack_large "77" factor_loops;
    d23 23 linpack_large "76" factor_loops;
    d24 24 linpack_large "75" factor_loops;
    d25 25 linpack_large "74" factor_loops;
    d26 26 linpack_large "73" factor_loops;
    d27 27 linpack_large "72" factor_loops;
    d28 28 linpack_large "71" factor_loops;
    d29 29 linpack_large "70" factor_loops;
    d30 30 linpack_large "69" factor_loops;
    d31 31 linpack_large "68" factor_loops;
    d32 32 linpack_large "67" factor_loops;
);

/// Largest order with a constant-order dense factorisation and solve.
const FIXED: usize = 32;

/// Solves `A x = b` with the factors from [`lu_factor_dense`], overwriting `b`
/// (LINPACK DGESL with JOB = 0).
///
/// Orders 2 to 32 stored with `lda = n` run a copy of DGESL's loops for their
/// order; the others, and pivots DGEFA could not have chosen, the loops for any order.
/// [`solve_in_registers`] lost to these copies at orders 8 to 10 (DDASSL hires warm
/// −11 %): its `b` lay on the stack, exchanged by single stores and read back in pairs.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn lu_solve_dense(a: &[f64], lda: usize, n: usize, ipvt: &[i32], b: &mut [f64]) {
    let exact = (a.len() >= n * n) & (b.len() >= n) & (ipvt.len() >= n);
    if lda == n && (2..=FIXED).contains(&n) && exact && SOLVE_FIXED[n - 2](a, ipvt, b) {
        return;
    }
    solve_dense_any(a, lda, n, ipvt, b);
}

/// [`solve_dense_body`] for any order and leading dimension. Out of line, so that
/// [`lu_solve_dense`] stays short for the constant orders.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn solve_dense_any(a: &[f64], lda: usize, n: usize, ipvt: &[i32], b: &mut [f64]) {
    solve_dense_body(a, lda, n, ipvt, b);
}

/// [`solve_dense_body`] for the constant order `N`; false, with `b` untouched, when a
/// pivot is not a row DGEFA could have chosen (as [`solve_in_registers`]).
#[inline(always)]
fn solve_fixed<const N: usize>(a: &[f64], ipvt: &[i32], b: &mut [f64]) -> bool {
    let ipvt = &ipvt[..N];
    let chosen = |(k, &p): (usize, &i32)| usize::try_from(p).is_ok_and(|p| p > k && p <= N);
    if !ipvt[..N - 1].iter().enumerate().all(chosen) {
        return false;
    }
    solve_dense_body(&a[..N * N], N, N, ipvt, &mut b[..N]);
    true
}

/// DGESL's loops (JOB = 0). The row each step of either elimination divides by or takes
/// its multiplier from stays in a register from the step before (`next`, `x`), not
/// stored and loaded back in between: the steps form a chain, and a store and load
/// would add their latency to each link. The updates go in the pairs of [`axpy_rows`].
#[inline(always)]
fn solve_dense_body(a: &[f64], lda: usize, n: usize, ipvt: &[i32], b: &mut [f64]) {
    let Some(last) = n.checked_sub(1) else {
        return;
    };
    // Row k's value at step k; b[k] is stale until the step stores it.
    let mut next = b[0];
    for k in 0..last {
        let l = pivot_row(ipvt, k);
        let t = if l == k {
            next
        } else {
            let t = b[l];
            b[l] = next;
            t
        };
        b[k] = t;
        let col = &a[k * lda..k * lda + n];
        next = b[k + 1];
        if t != 0.0 {
            next += t * col[k + 1];
            axpy_rows(t, col, b, k + 2);
        }
    }
    let mut x = next;
    for k in (0..n).rev() {
        let col = &a[k * lda..k * lda + k + 1];
        x /= col[k];
        b[k] = x;
        let t = -x;
        let Some(above) = k.checked_sub(1) else {
            break;
        };
        x = b[above];
        if t != 0.0 {
            x += t * col[above];
            axpy_rows(t, &col[..above], b, 0);
        }
    }
}

/// DGESL of order `N` on `b` held in registers, the factors in the first `N`·`N` values of
/// `a` (`lda = N`) with pivots `ipvt`: the same operations as [`lu_solve_dense`] (DAXPY
/// skipped for a zero multiplier, as the reference BLAS), the row exchanges as selects.
/// False, with `b` untouched, when a pivot is not a row DGEFA could have chosen; the
/// general solve then does what it does.
#[inline(always)]
pub fn solve_in_registers<const N: usize>(a: &[f64], ipvt: &[i32], b: &mut [f64; N]) -> bool {
    let (a, ipvt) = (&a[..N * N], &ipvt[..N]);
    let mut rows = [0; N];
    for (k, row) in rows.iter_mut().enumerate().take(N.saturating_sub(1)) {
        match usize::try_from(ipvt[k]) {
            Ok(p) if p > k && p <= N => *row = p - 1,
            _ => return false,
        }
    }
    for k in 0..N.saturating_sub(1) {
        let l = rows[k];
        let mut t = b[k];
        for i in k + 1..N {
            if i == l {
                t = b[i];
                b[i] = b[k];
            }
        }
        b[k] = t;
        if t != 0.0 {
            for i in k + 1..N {
                b[i] += t * a[k * N + i];
            }
        }
    }
    for k in (0..N).rev() {
        b[k] /= a[k * N + k];
        let t = -b[k];
        if t != 0.0 {
            for i in 0..k {
                b[i] += t * a[k * N + i];
            }
        }
    }
    true
}

/// LU factorisation with partial pivoting of a band matrix in LINPACK band storage
/// (LINPACK DGBFA): column `j` of `abd` (leading dimension `lda >= 2ml+mu+1`) holds
/// `A(i, j)` in row `i - j + ml + mu` (0-based), the first `ml` rows being fill-in space.
/// Returns 0 or the 1-based index of the last zero pivot.
///
/// One to four subdiagonals (with the storage complete) take a copy whose short loops
/// over the subdiagonals have a constant length; the others the loops as LINPACK writes them.
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
    if n > 1 && lda > 2 * ml + mu && abd.len() >= n * lda && ipvt.len() >= n {
        match ml {
            1 => return factor_band_fixed::<1>(abd, lda, n, mu, ipvt),
            2 => return factor_band_fixed::<2>(abd, lda, n, mu, ipvt),
            3 => return factor_band_fixed::<3>(abd, lda, n, mu, ipvt),
            4 => return factor_band_fixed::<4>(abd, lda, n, mu, ipvt),
            _ => {}
        }
    }
    factor_band_any(abd, lda, n, ml, mu, ipvt)
}

/// DGBFA as LINPACK writes it, for any band (kept out of [`lu_factor_band`], whose
/// common path stays short).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn factor_band_any(
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

/// DGBFA for `ML` subdiagonals, `n > 1`, `abd` holding `n` columns of `lda > 2ML+mu`:
/// the stages with `ML` multipliers (all but the last `ML - 1`) run with that length
/// constant, so that their pivot search, scaling and column updates unroll.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn factor_band_fixed<const ML: usize>(
    abd: &mut [f64],
    lda: usize,
    n: usize,
    mu: usize,
    ipvt: &mut [i32],
) -> usize {
    // The last stages' multiplier counts are those [`factor_stage_short`] has copies for.
    const { assert!(ML >= 1 && ML <= 4) };
    let (abd, ipvt) = (&mut abd[..n * lda], &mut ipvt[..n]);
    let band = Band::new(n, lda, ML, mu);
    // Loop 20: rows m - jz..ML of the columns jz = mu + 1..min(n, m + 1) - 1, as a test
    // on each of the ML rows (a slice of varying length would be cleared by a `memset` call).
    let last_fill = n.min(band.md + 1) - 1;
    for jz in mu + 1..last_fill {
        let fill = &mut abd[jz * lda..jz * lda + ML];
        for (i, x) in fill.iter_mut().enumerate() {
            if i + jz >= band.md {
                *x = 0.0;
            }
        }
    }
    let mut ju = 0;
    let mut info = 0;
    let mut carried = None;
    for k in 0..n - 1 {
        // Loop 40: the fill-in rows of column k + last_fill.
        let jz = k + last_fill;
        if jz < n {
            abd[jz * lda..jz * lda + ML].fill(0.0);
        }
        let lm = ML.min(n - k - 1);
        let factored = if lm == ML {
            let factored;
            (factored, carried) = factor_stage_window::<ML>(abd, band, k, carried, ipvt, &mut ju);
            factored
        } else {
            factor_stage_short(abd, band, k, lm, ipvt, &mut ju)
        };
        if !factored {
            info = k + 1;
        }
    }
    store_pivot(ipvt, n - 1, n - 1);
    if abd[(n - 1) * lda + band.md] == 0.0 {
        info = n;
    }
    info
}

/// Whether IDAMAX moves from an entry of modulus `largest` to one of modulus `v`: unless
/// `v .LE. largest`, so a NaN is taken and the entry after a NaN too.
#[inline(always)]
fn takes_over(v: f64, largest: f64) -> bool {
    !matches!(
        v.partial_cmp(&largest),
        Some(Ordering::Less | Ordering::Equal)
    )
}

/// `i`, through a value the compiler cannot see: for the pivot searches'
/// `if takes_over(..) { p = keep_branch(i) }`, which then stay branches the processor
/// predicts (the pivot rows repeat from one factorisation to the next). As a conditional
/// move, the compiler's choice for a plain `p = i`, the pivot row, and with it the
/// pivot's load, the division by it and the whole stage, waits for every comparison of
/// the search. DDASKR transamp (band, two subdiagonals) 1e-10: DGBFA's perf samples
/// 4 495 → 3 332.
#[inline(always)]
fn keep_branch(i: usize) -> usize {
    std::hint::black_box(i)
}

/// Stage k of DGBFA with `LM` multipliers (the band's ML, or fewer in the last stages),
/// each column's rows in registers: loaded one by one and stored once (a load of two
/// values stored one by one, as the stage before stores them, would wait for those
/// stores). `carried`: rows m..m+LM-1 of column k as the stage before left them (and
/// stored them), when it updated that column. Returns whether the pivot is nonzero, and
/// rows m..m+LM-1 of column k + 1 as this stage leaves them, when it updates that column.
#[inline(always)]
fn factor_stage_window<const LM: usize>(
    abd: &mut [f64],
    band: Band,
    k: usize,
    carried: Option<[f64; LM]>,
    ipvt: &mut [i32],
    ju: &mut usize,
) -> (bool, Option<[f64; LM]>) {
    let Band { n, lda, md: m, mu } = band;
    let (done, rest) = abd.split_at_mut((k + 1) * lda);
    let col = &mut done[k * lda + m..k * lda + m + LM + 1];
    let head: [f64; LM] = carried.unwrap_or_else(|| std::array::from_fn(|i| col[i]));
    let tail = col[LM];
    let value = |i: usize| if i < LM { head[i] } else { tail };
    let mut p = 0;
    let mut largest = head[0].abs();
    for i in 1..=LM {
        if takes_over(value(i).abs(), largest) {
            p = keep_branch(i);
            largest = value(i).abs();
        }
    }
    let pivot = k + p;
    store_pivot(ipvt, k, pivot);
    let d = value(p);
    if d == 0.0 {
        return (false, None);
    }
    let t = -1.0 / d;
    // Rows m + 1.. after the exchange of rows m and m + p, scaled (DSCAL).
    let mult: [f64; LM] =
        std::array::from_fn(|i| (if i + 1 == p { head[0] } else { value(i + 1) }) * t);
    col[0] = d;
    col[1..].copy_from_slice(&mult);
    *ju = (*ju).max(mu + pivot + 1).min(n);
    let mut next = None;
    // Column j = k + jk: rows mm = m - jk and mm + p exchanged, rows below mm updated;
    // `at`: the offset of row mm of column j in `rest`, which holds columns k + 1...
    let mut at = m - 1;
    for jk in 1..*ju - k {
        let w = &mut rest[at..at + LM + 1];
        at += lda - 1;
        let top = w[0];
        let t = w[p];
        let x: [f64; LM] = std::array::from_fn(|i| if i + 1 == p { top } else { w[i + 1] });
        let x = if t == 0.0 {
            x
        } else {
            std::array::from_fn(|i| x[i] + t * mult[i])
        };
        w[0] = t;
        w[1..].copy_from_slice(&x);
        if jk == 1 {
            next = Some(x);
        }
    }
    (true, next)
}

/// The last stages of [`factor_band_fixed`], whose columns have `lm` (1 to 3) multipliers,
/// fewer than the band's ML: [`factor_stage_window`] with that count constant.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn factor_stage_short(
    abd: &mut [f64],
    band: Band,
    k: usize,
    lm: usize,
    ipvt: &mut [i32],
    ju: &mut usize,
) -> bool {
    match lm {
        1 => factor_stage_window::<1>(abd, band, k, None, ipvt, ju).0,
        2 => factor_stage_window::<2>(abd, band, k, None, ipvt, ju).0,
        _ => factor_stage_window::<3>(abd, band, k, None, ipvt, ju).0,
    }
}

/// Solves `A x = b` with the band factors from [`lu_factor_band`], overwriting `b`
/// (LINPACK DGBSL with JOB = 0).
///
/// Bands of one to four subdiagonals (forward) and of `ml + mu` up to four (back) carry
/// their window of `b` in registers; the others run the loops as LINPACK writes them.
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
    let complete = n > 1 && lda > 2 * ml + mu && abd.len() >= n * lda && b.len() >= n;
    if ml != 0 {
        let done = if complete && ipvt.len() >= n {
            let (abd, b) = (&abd[..n * lda], &mut b[..n]);
            match ml {
                1 => forward_window::<1>(abd, lda, m, ipvt, b),
                2 => forward_window::<2>(abd, lda, m, ipvt, b),
                3 => forward_window::<3>(abd, lda, m, ipvt, b),
                4 => forward_window::<4>(abd, lda, m, ipvt, b),
                _ => 0,
            }
        } else {
            0
        };
        if done + 1 < n {
            forward_any(abd, lda, n, ml, m, ipvt, b, done);
        }
    }
    if complete {
        let (abd, b) = (&abd[..n * lda], &mut b[..n]);
        match m {
            1 => return back_window::<1>(abd, lda, b),
            2 => return back_window::<2>(abd, lda, b),
            3 => return back_window::<3>(abd, lda, b),
            4 => return back_window::<4>(abd, lda, b),
            _ => {}
        }
    }
    back_any(abd, lda, n, m, b);
}

/// Loop 20 of DGBSL as LINPACK writes it, from step `from` (0-based) on.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn forward_any(
    abd: &[f64],
    lda: usize,
    n: usize,
    ml: usize,
    m: usize,
    ipvt: &[i32],
    b: &mut [f64],
    from: usize,
) {
    for k in from..n.saturating_sub(1) {
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

/// Loop 40 of DGBSL as LINPACK writes it.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn back_any(abd: &[f64], lda: usize, n: usize, m: usize, b: &mut [f64]) {
    for k in (0..n).rev() {
        let col_k = k * lda;
        b[k] /= abd[col_k + m];
        let lm = k.min(m);
        let t = -b[k];
        axpy(t, &abd[col_k + m - lm..col_k + m], &mut b[k - lm..k]);
    }
}

/// Loop 20 of DGBSL for `ML` subdiagonals (`b` of length n > 1, `abd` of n columns of
/// `lda > m + ML`), with b(k..=k+ML) carried in registers from step to step (through
/// memory, each short update would load values the step before has just stored, and wait
/// for them); each step stores only its final b(k). Row k+1+i receives `t * l(i)` unless
/// `t` is zero (DAXPY returns on DA = 0). The steps whose update would reach past row n
/// run the same code: their rows past n are placeholders (fed by the storage's rows below
/// the band, never stored). Returns the number of steps done: all n - 1, or fewer when
/// IPVT(k) is not a row DGBFA could have chosen (the window is then stored back and the
/// general loop goes on from step k).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn forward_window<const ML: usize>(
    abd: &[f64],
    lda: usize,
    m: usize,
    ipvt: &[i32],
    b: &mut [f64],
) -> usize {
    let last = b.len() - 1;
    let mut head = b[0];
    let mut below: [f64; ML] = std::array::from_fn(|i| b[(1 + i).min(last)]);
    // Each column split off the front of the rest: one check per step.
    let mut rest = abd;
    for (k, &ip) in ipvt[..last].iter().enumerate() {
        let col;
        (col, rest) = rest.split_at(lda);
        // IPVT(k) - 1 - k: the row exchanged with row k, relative to it.
        let p = usize::try_from(ip).map_or(usize::MAX, |r| r.wrapping_sub(k + 1));
        if p > ML.min(last - k) {
            b[k] = head;
            for (x, y) in b[k + 1..].iter_mut().zip(below) {
                *x = y;
            }
            return k;
        }
        let mut t = head;
        for (i, x) in below.iter_mut().enumerate() {
            if p == i + 1 {
                t = *x;
                *x = head;
            }
        }
        b[k] = t;
        if t != 0.0 {
            for (x, &l) in below.iter_mut().zip(&col[m + 1..m + 1 + ML]) {
                *x += t * l;
            }
        }
        (head, below) = pop(below, b[(k + 1 + ML).min(last)]);
    }
    b[last] = head;
    last
}

/// Loop 40 of DGBSL for `M` = `ml + mu` (`b` of length n > 1, `abd` of n columns),
/// column by column from the last as LINPACK, with b(k-M..=k) carried in registers (see
/// [`forward_window`]): row i receives the updates of columns i + M, ..., i + 1 in this
/// order, each skipped when its factor is zero. The columns k < M run the same code:
/// their rows above row 0 are placeholders (fed by the storage's unused upper left
/// triangle), never stored.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn back_window<const M: usize>(abd: &[f64], lda: usize, b: &mut [f64]) {
    let last = b.len() - 1;
    let mut head = b[last];
    let mut above: [f64; M] = std::array::from_fn(|d| b[last.saturating_sub(d + 1)]);
    // Each column split off the end of the rest: one check per column.
    let mut rest = abd;
    for k in (0..=last).rev() {
        let col;
        (rest, col) = rest.split_at(rest.len() - lda);
        let mut x = head;
        x /= col[M];
        b[k] = x;
        let t = -x;
        if t != 0.0 {
            for (d, y) in above.iter_mut().enumerate() {
                *y += t * col[M - 1 - d];
            }
        }
        (head, above) = pop(above, b[k.saturating_sub(M + 1)]);
    }
}

/// `(w(0), [w(1), ..., w(N-1), x])`: a window of values moved one place, built anew so
/// that it stays in registers.
#[inline(always)]
fn pop<const N: usize>(w: [f64; N], x: f64) -> (f64, [f64; N]) {
    let head = w.first().copied().unwrap_or(x);
    (
        head,
        std::array::from_fn(|d| if d + 1 < N { w[d + 1] } else { x }),
    )
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
        assert_eq!(first_largest(&[1.0, nan, 5.0, 2.0, 7.0, nan, 3.0, 4.0]), 7);
        assert_eq!(first_largest(&[1.0, nan, 5.0, 2.0, 7.0, nan, 3.0, 2.0]), 6);
        assert_eq!(first_largest(&[9.0, 1.0, nan, nan, -3.0, 3.0]), 4);
        assert_eq!(first_largest(&[]), 0);
        // Against IDAMAX's loop, on vectors of ties, signed zeros, infinities and NaN.
        let mut values = Values(0x3c6e_f372_fe94_f82b);
        for n in 1..40 {
            for _ in 0..50 {
                let x: Vec<f64> = (0..n).map(|_| (values.value(2) * 2.0).round()).collect();
                let mut best = 0;
                let mut largest = x[0].abs();
                for (i, v) in x.iter().enumerate() {
                    if v.abs() <= largest {
                        continue;
                    }
                    best = i;
                    largest = v.abs();
                }
                assert_eq!(first_largest(&x), best, "{x:?}");
            }
        }
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

    /// Bits equal, or both NaN.
    fn same(x: &[f64], y: &[f64]) -> bool {
        x.len() == y.len()
            && x.iter()
                .zip(y)
                .all(|(u, v)| u.to_bits() == v.to_bits() || (u.is_nan() && v.is_nan()))
    }

    /// xorshift64: reproducible values without a dependency.
    struct Values(u64);

    impl Values {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// Kind 0: plain values; 1: half of them zero (zero pivots, skipped updates);
        /// 2: ties, signed zeros, infinities and NaN.
        fn value(&mut self, kind: u64) -> f64 {
            let r = self.next();
            let plain = (r >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 2.0;
            match (kind, r % 8) {
                (0, _) | (1, 0..=3) | (2, 0..=2) => plain,
                (1, _) => 0.0,
                (2, 3) => 1.0,
                (2, 4) => -1.0,
                (2, 5) => -0.0,
                (2, 6) => f64::INFINITY,
                _ => f64::NAN,
            }
        }
    }

    /// LINPACK's loops of DGBSL (the general path).
    fn solve_band_reference(
        abd: &[f64],
        lda: usize,
        ml: usize,
        mu: usize,
        ipvt: &[i32],
        b: &mut [f64],
    ) {
        let n = b.len();
        if ml != 0 {
            forward_any(abd, lda, n, ml, ml + mu, ipvt, b, 0);
        }
        back_any(abd, lda, n, ml + mu, b);
    }

    /// [`lu_factor_band`] and [`lu_solve_band`] against LINPACK's loops (the general
    /// path) for a random band matrix with NaN outside the band and three right-hand
    /// sides; returns the factors and pivots.
    fn check_band(
        values: &mut Values,
        (n, ml, mu, lda, kind): (usize, usize, usize, usize, u64),
    ) -> (Vec<f64>, Vec<i32>) {
        let m = ml + mu;
        let mut abd = vec![f64::NAN; lda * n];
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                abd[j * lda + i + m - j] = values.value(kind);
            }
        }
        let mut fast = abd.clone();
        let mut fast_ipvt = vec![0; n];
        let info = lu_factor_band(&mut fast, lda, n, ml, mu, &mut fast_ipvt);
        let mut ipvt = vec![0; n];
        let what = format!("n {n} ml {ml} mu {mu} lda {lda} kind {kind}");
        assert_eq!(
            info,
            factor_band_any(&mut abd, lda, n, ml, mu, &mut ipvt),
            "{what}"
        );
        assert_eq!(fast_ipvt, ipvt, "{what}");
        assert!(same(&fast, &abd), "{what}: {fast:?} {abd:?}");
        for rhs_kind in 0..3 {
            let b: Vec<f64> = (0..n).map(|_| values.value(rhs_kind)).collect();
            let mut expected = b.clone();
            solve_band_reference(&abd, lda, ml, mu, &ipvt, &mut expected);
            let mut x = b;
            lu_solve_band(&fast, lda, n, ml, mu, &ipvt, &mut x);
            assert!(same(&x, &expected), "{what}: {x:?} {expected:?}");
        }
        (fast, ipvt)
    }

    /// The constant-band kernels against LINPACK's loops, bit for bit, for every band of
    /// up to five sub- and superdiagonals, orders 1 to 12, the storage's leading
    /// dimension tight and one more.
    #[test]
    fn band_kernels_match_linpack_loops() {
        let mut values = Values(0x9e37_79b9_7f4a_7c15);
        for ml in 0..=5 {
            for mu in 0..=5 {
                for n in 1..=12 {
                    for kind in 0..3 {
                        for lda in [2 * ml + mu + 1, 2 * ml + mu + 2] {
                            for _ in 0..4 {
                                check_band(&mut values, (n, ml, mu, lda, kind));
                            }
                        }
                    }
                }
            }
        }
    }

    /// A pivot DGBFA could not have chosen (a row above, or below the band) makes the
    /// solve go on with LINPACK's loop from that step: the same result as that loop.
    #[test]
    fn band_solve_with_foreign_pivots_matches_linpack_loops() {
        let mut values = Values(0x2545_f491_4f6c_dd1d);
        let n = 9;
        for ml in 1..=4 {
            for mu in 0..=2 {
                let lda = 2 * ml + mu + 1;
                for step in 1..n - 1 {
                    for foreign in [0, (step + ml + 1).min(n - 1)] {
                        let (abd, mut ipvt) = check_band(&mut values, (n, ml, mu, lda, 0));
                        ipvt[step] = i32::try_from(foreign + 1).unwrap();
                        let b: Vec<f64> = (0..n).map(|_| values.value(0)).collect();
                        let mut expected = b.clone();
                        solve_band_reference(&abd, lda, ml, mu, &ipvt, &mut expected);
                        let mut x = b;
                        lu_solve_band(&abd, lda, n, ml, mu, &ipvt, &mut x);
                        assert!(same(&x, &expected), "{ml} {mu} {step} {foreign}");
                    }
                }
            }
        }
    }

    /// The solve in registers gives the bits of DGESL, with row exchanges, zero
    /// multipliers (the skipped DAXPY) and signed zeros in the right-hand side.
    #[test]
    fn solve_in_registers_as_dgesl() {
        fn check<const N: usize>(a: &[f64], b: [f64; N]) {
            let mut lu = a[..N * N].to_vec();
            let mut ipvt = [0; N];
            assert_eq!(factor_dense_any(&mut lu, N, N, &mut ipvt), 0);
            let mut general = b;
            solve_dense_any(&lu, N, N, &ipvt, &mut general);
            let mut fast = b;
            assert!(solve_in_registers(&lu, &ipvt, &mut fast));
            assert_eq!(
                fast.map(f64::to_bits),
                general.map(f64::to_bits),
                "{a:?} {b:?}"
            );
        }
        let matrices = [
            [2.0, 0.5, -1.0, 3.0, 7.0, 0.25, -4.0, 1.0, 9.0],
            [1e-3, 4.0, 2.0, 0.0, 1.0, -5.0, 3.0, 0.0, 1.0],
            [0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 2.0],
        ];
        let rhs = [[1.0, -0.0, 3.5], [0.0, 2.0, -0.0], [-0.0, -0.0, 1e-300]];
        for a in &matrices {
            for b in rhs {
                check::<1>(&[a[0] + 1.0], [b[0]]);
                check::<2>(&[a[0], a[1], a[3], a[4]], [b[0], b[1]]);
                check::<3>(a, b);
            }
        }
        let mut b = [1.0, 2.0];
        assert!(!solve_in_registers(&[1.0, 0.0, 0.0, 1.0], &[3, 2], &mut b));
        assert_eq!(b, [1.0, 2.0]);
    }

    /// The constant-order factorisations and solves against LINPACK's loops for any
    /// order (the general path), bit for bit: orders 1 to 34 (past the last constant
    /// one), the storage tight and with one more row, plain values, half of them zero
    /// (zero pivots, skipped updates), and ties, signed zeros, infinities and NaN; three
    /// right-hand sides of each kind.
    #[test]
    fn dense_kernels_match_linpack_loops() {
        let mut values = Values(0x6a09_e667_f3bc_c908);
        for n in 1..=FIXED + 2 {
            for lda in [n, n + 1] {
                for kind in 0..3 {
                    for _ in 0..3 {
                        let a: Vec<f64> = (0..lda * n).map(|_| values.value(kind)).collect();
                        let what = format!("n {n} lda {lda} kind {kind}");
                        let mut fast = a.clone();
                        let mut fast_ipvt = vec![0; n];
                        let info = lu_factor_dense(&mut fast, lda, n, &mut fast_ipvt);
                        let mut slow = a;
                        let mut ipvt = vec![0; n];
                        assert_eq!(
                            info,
                            factor_dense_any(&mut slow, lda, n, &mut ipvt),
                            "{what}"
                        );
                        assert_eq!(fast_ipvt, ipvt, "{what}");
                        assert!(same(&fast, &slow), "{what}: {fast:?} {slow:?}");
                        for rhs_kind in 0..3 {
                            let b: Vec<f64> = (0..n).map(|_| values.value(rhs_kind)).collect();
                            let mut expected = b.clone();
                            solve_dense_any(&slow, lda, n, &ipvt, &mut expected);
                            let mut x = b;
                            lu_solve_dense(&fast, lda, n, &ipvt, &mut x);
                            assert!(same(&x, &expected), "{what}: {x:?} {expected:?}");
                        }
                    }
                }
            }
        }
    }

    /// The small orders' factorisations against LINPACK's loops on many matrices: ties,
    /// zero pivots and skipped updates, NaN and infinities in every position.
    #[test]
    fn small_dense_factors_match_linpack_loops() {
        let mut values = Values(0x3c6e_f372_fe94_f82b);
        for n in 2..=10 {
            for kind in 0..3 {
                for _ in 0..400 {
                    let a: Vec<f64> = (0..n * n).map(|_| values.value(kind)).collect();
                    let mut fast = a.clone();
                    let mut fast_ipvt = vec![0; n];
                    let info = lu_factor_dense(&mut fast, n, n, &mut fast_ipvt);
                    let mut slow = a;
                    let mut ipvt = vec![0; n];
                    assert_eq!(info, factor_dense_any(&mut slow, n, n, &mut ipvt));
                    assert_eq!(fast_ipvt, ipvt);
                    assert!(same(&fast, &slow), "{n} {kind}: {fast:?} {slow:?}");
                }
            }
        }
    }

    /// Pivots DGEFA could not have chosen (a row above the diagonal) send the solve to
    /// the loops for any order: the same result as those loops.
    #[test]
    fn dense_solve_with_foreign_pivots_matches_linpack_loops() {
        let mut values = Values(0xbb67_ae85_84ca_a73b);
        for n in [3, 8, 9, 17, 20] {
            let mut a: Vec<f64> = (0..n * n).map(|_| values.value(0)).collect();
            let mut ipvt = vec![0; n];
            lu_factor_dense(&mut a, n, n, &mut ipvt);
            ipvt[n - 2] = 1;
            let b: Vec<f64> = (0..n).map(|_| values.value(0)).collect();
            let mut expected = b.clone();
            solve_dense_any(&a, n, n, &ipvt, &mut expected);
            let mut x = b;
            lu_solve_dense(&a, n, n, &ipvt, &mut x);
            assert!(same(&x, &expected), "{n}: {x:?} {expected:?}");
        }
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
