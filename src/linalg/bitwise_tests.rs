//! The fast `decsol` kernels against a line-by-line port of DEC/SOL and DECC/SOLC, and
//! LINPACK's DGEFA/DGESL against a port of theirs: the same bits (any NaN equal to any
//! NaN), the same pivots and the same IER or INFO, on random, sparse, tied, signed-zero,
//! infinite, NaN and singular matrices of order 1 to 300.
//! The reference keeps the original's statements, hence the allowed lints.
#![allow(
    clippy::assign_op_pattern,
    clippy::manual_swap,
    clippy::needless_range_loop
)]

use super::decsol::{dec, decb, decbc, decc, sol, solb, solb_group, solbc, solc};
use super::linpack::{lu_factor_dense, lu_solve_dense};
use super::{grouping, solve_group, solve_pair, ComplexLu, RealLu, Singular};

/// DEC as written in `decsol.f`, loop for loop.
fn ref_dec(n: usize, a: &mut [f64], ip: &mut [usize]) -> Result<(), Singular> {
    for k in 0..n - 1 {
        let mut m = k;
        for i in k + 1..n {
            if a[i + k * n].abs() > a[m + k * n].abs() {
                m = i;
            }
        }
        ip[k] = m;
        let mut t = a[m + k * n];
        if m != k {
            a[m + k * n] = a[k + k * n];
            a[k + k * n] = t;
        }
        if t == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        t = 1.0 / t;
        for i in k + 1..n {
            a[i + k * n] = -(a[i + k * n] * t);
        }
        for j in k + 1..n {
            let t = a[m + j * n];
            a[m + j * n] = a[k + j * n];
            a[k + j * n] = t;
            if t == 0.0 {
                continue;
            }
            for i in k + 1..n {
                a[i + j * n] = a[i + j * n] + a[i + k * n] * t;
            }
        }
    }
    if a[(n - 1) + (n - 1) * n] == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// SOL as written in `decsol.f`.
fn ref_sol(n: usize, a: &[f64], b: &mut [f64], ip: &[usize]) {
    for k in 0..n - 1 {
        let m = ip[k];
        let t = b[m];
        b[m] = b[k];
        b[k] = t;
        for i in k + 1..n {
            b[i] = b[i] + a[i + k * n] * t;
        }
    }
    for k in (1..n).rev() {
        b[k] = b[k] / a[k + k * n];
        let t = -b[k];
        for i in 0..k {
            b[i] = b[i] + a[i + k * n] * t;
        }
    }
    b[0] = b[0] / a[0];
}

fn cabs1(r: f64, i: f64) -> f64 {
    r.abs() + i.abs()
}

/// DECC as written in `decsol.f`.
fn ref_decc(n: usize, ar: &mut [f64], ai: &mut [f64], ip: &mut [usize]) -> Result<(), Singular> {
    for k in 0..n - 1 {
        let mut m = k;
        for i in k + 1..n {
            if cabs1(ar[i + k * n], ai[i + k * n]) > cabs1(ar[m + k * n], ai[m + k * n]) {
                m = i;
            }
        }
        ip[k] = m;
        let mut tr = ar[m + k * n];
        let mut ti = ai[m + k * n];
        if m != k {
            ar[m + k * n] = ar[k + k * n];
            ai[m + k * n] = ai[k + k * n];
            ar[k + k * n] = tr;
            ai[k + k * n] = ti;
        }
        if cabs1(tr, ti) == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        let den = tr * tr + ti * ti;
        tr = tr / den;
        ti = -ti / den;
        for i in k + 1..n {
            let prodr = ar[i + k * n] * tr - ai[i + k * n] * ti;
            let prodi = ai[i + k * n] * tr + ar[i + k * n] * ti;
            ar[i + k * n] = -prodr;
            ai[i + k * n] = -prodi;
        }
        for j in k + 1..n {
            let tr = ar[m + j * n];
            let ti = ai[m + j * n];
            ar[m + j * n] = ar[k + j * n];
            ai[m + j * n] = ai[k + j * n];
            ar[k + j * n] = tr;
            ai[k + j * n] = ti;
            if cabs1(tr, ti) == 0.0 {
                continue;
            }
            for i in k + 1..n {
                let (xr, xi) = (ar[i + k * n], ai[i + k * n]);
                let (prodr, prodi) = if ti == 0.0 {
                    (xr * tr, xi * tr)
                } else if tr == 0.0 {
                    (-(xi * ti), xr * ti)
                } else {
                    (xr * tr - xi * ti, xi * tr + xr * ti)
                };
                ar[i + j * n] = ar[i + j * n] + prodr;
                ai[i + j * n] = ai[i + j * n] + prodi;
            }
        }
    }
    if cabs1(ar[(n - 1) + (n - 1) * n], ai[(n - 1) + (n - 1) * n]) == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// SOLC as written in `decsol.f`.
fn ref_solc(n: usize, ar: &[f64], ai: &[f64], br: &mut [f64], bi: &mut [f64], ip: &[usize]) {
    let axpy = |br: &mut [f64], bi: &mut [f64], i: usize, x: usize, tr: f64, ti: f64| {
        let prodr = ar[x] * tr - ai[x] * ti;
        let prodi = ai[x] * tr + ar[x] * ti;
        br[i] = br[i] + prodr;
        bi[i] = bi[i] + prodi;
    };
    let div = |br: &mut [f64], bi: &mut [f64], k: usize| {
        let d = k + k * n;
        let den = ar[d] * ar[d] + ai[d] * ai[d];
        let prodr = br[k] * ar[d] + bi[k] * ai[d];
        let prodi = bi[k] * ar[d] - br[k] * ai[d];
        br[k] = prodr / den;
        bi[k] = prodi / den;
    };
    for k in 0..n - 1 {
        let m = ip[k];
        let (tr, ti) = (br[m], bi[m]);
        br[m] = br[k];
        bi[m] = bi[k];
        br[k] = tr;
        bi[k] = ti;
        for i in k + 1..n {
            axpy(br, bi, i, i + k * n, tr, ti);
        }
    }
    for k in (1..n).rev() {
        div(br, bi, k);
        let (tr, ti) = (-br[k], -bi[k]);
        for i in 0..k {
            axpy(br, bi, i, i + k * n, tr, ti);
        }
    }
    div(br, bi, 0);
}

/// DECB as written in `decsol.f`.
#[allow(clippy::too_many_arguments)]
fn ref_decb(
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

/// SOLB as written in `decsol.f`.
fn ref_solb(n: usize, a: &[f64], lda: usize, ml: usize, mu: usize, b: &mut [f64], ip: &[usize]) {
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

/// DECBC as written in `decsol.f`.
#[allow(clippy::too_many_arguments)]
fn ref_decbc(
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
                    let (x, y) = (i - jk + cj, i + col);
                    let (prodr, prodi) = if ti == 0.0 {
                        (ar[y] * tr, ai[y] * tr)
                    } else if tr == 0.0 {
                        (-ai[y] * ti, ar[y] * ti)
                    } else {
                        (ar[y] * tr - ai[y] * ti, ai[y] * tr + ar[y] * ti)
                    };
                    ar[x] = ar[x] + prodr;
                    ai[x] = ai[x] + prodi;
                }
            }
        }
    }
    if cabs1(ar[md + (n - 1) * lda], ai[md + (n - 1) * lda]) == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// SOLBC as written in `decsol.f` (with N = 1 and ML > 0 it returns before the
/// division, label 50).
#[allow(clippy::too_many_arguments)]
fn ref_solbc(
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
    if ml != 0 && n == 1 {
        return;
    }
    let axpy = |br: &mut [f64], bi: &mut [f64], i: usize, x: usize, tr: f64, ti: f64| {
        let prodr = ar[x] * tr - ai[x] * ti;
        let prodi = ai[x] * tr + ar[x] * ti;
        br[i] = br[i] + prodr;
        bi[i] = bi[i] + prodi;
    };
    let div = |br: &mut [f64], bi: &mut [f64], k: usize| {
        let d = md + k * lda;
        let den = ar[d] * ar[d] + ai[d] * ai[d];
        let prodr = br[k] * ar[d] + bi[k] * ai[d];
        let prodi = bi[k] * ar[d] - br[k] * ai[d];
        br[k] = prodr / den;
        bi[k] = prodi / den;
    };
    if ml != 0 {
        for k in 0..n - 1 {
            let m = ip[k];
            let (tr, ti) = (br[m], bi[m]);
            br[m] = br[k];
            bi[m] = bi[k];
            br[k] = tr;
            bi[k] = ti;
            let mdl = ml.min(n - 1 - k) + md;
            for i in md + 1..=mdl {
                axpy(br, bi, i + k - md, i + k * lda, tr, ti);
            }
        }
    }
    for k in (1..n).rev() {
        div(br, bi, k);
        let (tr, ti) = (-br[k], -bi[k]);
        for i in md.saturating_sub(k)..md {
            axpy(br, bi, i + k - md, i + k * lda, tr, ti);
        }
    }
    div(br, bi, 0);
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

    fn below(&mut self, m: usize) -> usize {
        ((self.next() + 1.0) * 0.5 * m as f64) as usize % m.max(1)
    }
}

/// The kinds of matrices the kernels must agree on.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Random,
    /// 80 % zeros: many skipped columns.
    Sparse,
    /// Small integers: ties in the pivot search, exact cancellation, signed zeros.
    Integers,
    /// Band of half-width 2 declared full.
    Band,
    /// A few infinities and NaNs among random values.
    NonFinite,
    /// Two equal columns: a zero pivot at some stage.
    Singular,
    /// A zero column somewhere.
    ZeroColumn,
}

const KINDS: [Kind; 7] = [
    Kind::Random,
    Kind::Sparse,
    Kind::Integers,
    Kind::Band,
    Kind::NonFinite,
    Kind::Singular,
    Kind::ZeroColumn,
];

fn matrix(n: usize, kind: Kind, g: &mut Lcg) -> Vec<f64> {
    let mut a: Vec<f64> = (0..n * n)
        .map(|k| {
            let (i, j) = (k % n, k / n);
            let v = g.next();
            match kind {
                Kind::Sparse if v.abs() > 0.2 && i != j => 0.0,
                Kind::Integers => {
                    let x = (v * 3.0).round();
                    if x == 0.0 && v < 0.0 {
                        -0.0
                    } else {
                        x
                    }
                }
                Kind::Band if i.abs_diff(j) > 2 => 0.0,
                _ => v,
            }
        })
        .collect();
    match kind {
        Kind::NonFinite => {
            for (count, v) in [(2, f64::INFINITY), (1, f64::NEG_INFINITY), (2, f64::NAN)] {
                for _ in 0..count {
                    let k = g.below(n * n);
                    a[k] = v;
                }
            }
        }
        Kind::Singular if n > 1 => {
            let (j, l) = (g.below(n), g.below(n));
            let l = if l == j { (j + 1) % n } else { l };
            let col: Vec<f64> = a[j * n..j * n + n].to_vec();
            a[l * n..l * n + n].copy_from_slice(&col);
        }
        Kind::ZeroColumn => {
            let j = g.below(n);
            a[j * n..j * n + n].fill(0.0);
        }
        _ => {}
    }
    a
}

fn same(x: &[f64], y: &[f64]) -> bool {
    x.iter()
        .zip(y)
        .all(|(a, b)| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()))
}

/// The pivots that DEC wrote before it stopped.
fn stages(n: usize, r: Result<(), Singular>) -> usize {
    match r {
        Ok(()) => n - 1,
        Err(s) => s.stage.min(n) - 1,
    }
}

fn orders() -> impl Iterator<Item = usize> {
    (1..=40).chain([47, 63, 64, 65, 100, 128, 129, 200, 255, 300])
}

#[test]
fn dec_and_sol_give_the_bits_of_the_original_order() {
    let mut g = Lcg(11);
    for n in orders() {
        for kind in KINDS {
            let a0 = matrix(n, kind, &mut g);
            let b0: Vec<f64> = (0..n).map(|_| g.next()).collect();
            let (mut a, mut r) = (a0.clone(), a0);
            let (mut ip, mut ipr) = (vec![0; n], vec![0; n]);
            let res = dec(n, &mut a, n, &mut ip);
            let rres = ref_dec(n, &mut r, &mut ipr);
            assert_eq!(res, rres, "n {n} {kind:?}");
            assert!(same(&a, &r), "n {n} {kind:?}: factors");
            let s = stages(n, res);
            assert_eq!(ip[..s], ipr[..s], "n {n} {kind:?}: pivots");
            if res.is_ok() {
                let (mut b, mut br) = (b0.clone(), b0);
                sol(n, &a, n, &mut b, &ip);
                ref_sol(n, &r, &mut br, &ipr);
                assert!(same(&b, &br), "n {n} {kind:?}: solution");
            }
        }
    }
}

#[test]
fn decc_and_solc_give_the_bits_of_the_original_order() {
    let mut g = Lcg(23);
    for n in orders().filter(|&n| n <= 200) {
        for kind in KINDS {
            let ar0 = matrix(n, kind, &mut g);
            let mut ai0 = matrix(n, kind, &mut g);
            // Purely real and purely imaginary entries take DECC's special loops.
            for (k, v) in ai0.iter_mut().enumerate() {
                match k % 5 {
                    0 => *v = 0.0,
                    1 => *v = -0.0,
                    _ => {}
                }
            }
            let mut ar0 = ar0;
            for v in ar0.iter_mut().skip(2).step_by(7) {
                *v = 0.0;
            }
            let b0: Vec<f64> = (0..2 * n).map(|_| g.next()).collect();
            let (mut ar, mut ai, mut rr, mut ri) = (ar0.clone(), ai0.clone(), ar0, ai0);
            let (mut ip, mut ipr) = (vec![0; n], vec![0; n]);
            let res = decc(n, &mut ar, &mut ai, n, &mut ip);
            let rres = ref_decc(n, &mut rr, &mut ri, &mut ipr);
            assert_eq!(res, rres, "n {n} {kind:?}");
            assert!(same(&ar, &rr) && same(&ai, &ri), "n {n} {kind:?}: factors");
            let s = stages(n, res);
            assert_eq!(ip[..s], ipr[..s], "n {n} {kind:?}: pivots");
            if res.is_ok() {
                let (mut xr, mut xi) = (b0[..n].to_vec(), b0[n..].to_vec());
                let (mut yr, mut yi) = (xr.clone(), xi.clone());
                solc(n, &ar, &ai, n, &mut xr, &mut xi, &ip);
                ref_solc(n, &rr, &ri, &mut yr, &mut yi, &ipr);
                assert!(same(&xr, &yr) && same(&xi, &yi), "n {n} {kind:?}: solution");
            }
        }
    }
}

/// A leading dimension larger than n takes the general (not specialised) path.
#[test]
fn a_leading_dimension_above_n_gives_the_same_bits() {
    let mut g = Lcg(5);
    for n in [1, 2, 3, 7, 16, 17, 33] {
        let lda = n + 3;
        let a0 = matrix(n, Kind::Random, &mut g);
        let mut padded = vec![f64::NAN; lda * n];
        for j in 0..n {
            padded[j * lda..j * lda + n].copy_from_slice(&a0[j * n..j * n + n]);
        }
        let (mut r, mut ipr, mut ip) = (a0, vec![0; n], vec![0; n]);
        assert_eq!(
            dec(n, &mut padded, lda, &mut ip),
            ref_dec(n, &mut r, &mut ipr)
        );
        for j in 0..n {
            assert!(same(&padded[j * lda..j * lda + n], &r[j * n..j * n + n]));
            assert!(padded[j * lda + n..(j + 1) * lda]
                .iter()
                .all(|v| v.is_nan()));
        }
        let b0: Vec<f64> = (0..n).map(|_| g.next()).collect();
        let (mut b, mut br) = (b0.clone(), b0);
        sol(n, &padded, lda, &mut b, &ip);
        ref_sol(n, &r, &mut br, &ipr);
        assert!(same(&b, &br));
    }
}

/// A NaN already at the pivot position stays the pivot (`.GT.` is false on NaN both
/// ways), is not a zero pivot, and spreads NaN through the factors.
#[test]
fn a_nan_on_the_diagonal_stays_the_pivot() {
    let mut a = [f64::NAN, 5.0, 1.0, 2.0];
    let mut ip = [0; 2];
    assert_eq!(dec(2, &mut a, 2, &mut ip), Ok(()));
    assert_eq!(ip[0], 0);
    assert!(a.iter().skip(1).step_by(2).all(|v| v.is_nan()));
    // A NaN below a finite entry is never chosen.
    let mut a = [1.0, f64::NAN, 3.0, 2.0];
    assert_eq!(dec(2, &mut a, 2, &mut ip), Ok(()));
    assert_eq!(ip[0], 0);
}

/// The zero-multiplier skip (`IF (T .EQ. 0) GO TO 45`) keeps a `-0.0` that adding
/// `0.5 * 0 = +0.0` would turn into `+0.0`, and keeps a NaN multiplier from making
/// `NaN * 0 = NaN` in a column it does not touch.
#[test]
fn a_zero_multiplier_skips_the_column() {
    let mut a = [2.0, -1.0, 0.0, -0.0];
    let mut ip = [0; 2];
    assert_eq!(dec(2, &mut a, 2, &mut ip), Err(Singular { stage: 2 }));
    assert_eq!(a[3].to_bits(), (-0.0f64).to_bits());
    let mut a = [f64::NAN, 1.0, 0.0, 5.0];
    assert_eq!(dec(2, &mut a, 2, &mut ip), Ok(()));
    assert!(a[1].is_nan());
    assert_eq!(a[3], 5.0);
}

/// Slices of the wrong length are caught by the kernels' length checks.
#[test]
#[should_panic]
fn a_right_hand_side_longer_than_n_is_refused() {
    let (a, ip) = ([2.0, 0.0, 0.0, 2.0], [0, 1]);
    let mut b = [1.0, 1.0, 7.0];
    sol(2, &a, 2, &mut b, &ip);
}

#[test]
fn decb_and_solb_give_the_bits_of_the_original_order() {
    let mut g = Lcg(31);
    for (n, ml, mu) in [
        (1, 1, 1),
        (2, 1, 0),
        (2, 1, 1),
        (2, 0, 1),
        (2, 0, 0),
        (2, 2, 3),
        (5, 1, 1),
        (4, 0, 0),
        (7, 0, 1),
        (9, 0, 2),
        (10, 1, 2),
        (12, 3, 1),
        (16, 0, 4),
        (40, 2, 2),
        (25, 7, 0),
        (30, 6, 2),
        (33, 8, 4),
        (64, 5, 3),
        (200, 10, 10),
        // The register windows of the forward and back loops at their edges.
        (3, 2, 0),
        (4, 3, 2),
        (5, 4, 0),
        (6, 4, 1),
        (8, 2, 1),
        (7, 3, 3),
        (6, 1, 4),
    ] {
        check_band(n, ml, mu, &mut g);
    }
}

/// DECB and SOLB against the reference for one band, the storage outside the band
/// NaN (the placeholder rows of the substitution loops must never reach the results).
fn check_band(n: usize, ml: usize, mu: usize, g: &mut Lcg) {
    let ld = 2 * ml + mu + 1;
    for kind in KINDS {
        let full = matrix(n, kind, g);
        let mut a0 = vec![f64::NAN; ld * n];
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                a0[ml + mu + i - j + j * ld] = full[i + j * n];
            }
        }
        let (mut a, mut r) = (a0.clone(), a0);
        let (mut ip, mut ipr) = (vec![0; n], vec![0; n]);
        let res = decb(n, &mut a, ld, ml, mu, &mut ip);
        let rres = ref_decb(n, &mut r, ld, ml, mu, &mut ipr);
        assert_eq!(res, rres, "n {n} ml {ml} mu {mu} {kind:?}");
        assert!(same(&a, &r), "n {n} ml {ml} mu {mu} {kind:?}: factors");
        let s = stages(n, res);
        assert_eq!(ip[..s], ipr[..s], "n {n} {kind:?}: pivots");
        if res.is_ok() {
            let b0: Vec<f64> = (0..n).map(|_| g.next()).collect();
            let (mut b, mut br) = (b0.clone(), b0);
            solb(n, &a, ld, ml, mu, &mut b, &ip);
            ref_solb(n, &r, ld, ml, mu, &mut br, &ipr);
            assert!(same(&b, &br), "n {n} ml {ml} mu {mu} {kind:?}: solution");
        }
    }
}

#[test]
fn decbc_and_solbc_give_the_bits_of_the_original_order() {
    let mut g = Lcg(37);
    for (n, ml, mu) in [
        (1, 0, 0),
        (1, 0, 2),
        (1, 1, 0),
        (2, 1, 0),
        (2, 1, 1),
        (2, 0, 1),
        (2, 0, 0),
        (2, 2, 3),
        (3, 1, 1),
        (5, 1, 1),
        (4, 0, 0),
        (7, 0, 1),
        (9, 0, 2),
        (10, 1, 2),
        (12, 3, 1),
        (16, 0, 4),
        (40, 2, 2),
        (25, 7, 0),
        (30, 6, 2),
        (33, 8, 4),
        (64, 5, 3),
        (200, 10, 10),
        // The register windows of the forward and back loops at their edges.
        (3, 2, 0),
        (4, 3, 2),
        (5, 4, 0),
        (6, 4, 1),
        (8, 2, 1),
        (7, 3, 3),
        (6, 1, 4),
    ] {
        check_band_c(n, ml, mu, &mut g);
    }
}

/// DECBC and SOLBC against the reference for one band, as [`check_band`].
fn check_band_c(n: usize, ml: usize, mu: usize, g: &mut Lcg) {
    let ld = 2 * ml + mu + 1;
    for kind in KINDS {
        let (fr, mut fi) = (matrix(n, kind, g), matrix(n, kind, g));
        // Purely real and purely imaginary entries take DECBC's special loops.
        for (k, v) in fi.iter_mut().enumerate() {
            if k % 3 == 0 {
                *v = 0.0;
            }
        }
        let (mut ar0, mut ai0) = (vec![f64::NAN; ld * n], vec![f64::NAN; ld * n]);
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                let at = ml + mu + i - j + j * ld;
                ar0[at] = if (i + j) % 5 == 4 { 0.0 } else { fr[i + j * n] };
                ai0[at] = fi[i + j * n];
            }
        }
        let (mut ar, mut ai, mut rr, mut ri) = (ar0.clone(), ai0.clone(), ar0, ai0);
        let (mut ip, mut ipr) = (vec![0; n], vec![0; n]);
        let res = decbc(n, &mut ar, &mut ai, ld, ml, mu, &mut ip);
        let rres = ref_decbc(n, &mut rr, &mut ri, ld, ml, mu, &mut ipr);
        assert_eq!(res, rres, "n {n} ml {ml} mu {mu} {kind:?}");
        assert!(
            same(&ar, &rr) && same(&ai, &ri),
            "n {n} ml {ml} mu {mu} {kind:?}: factors"
        );
        let s = stages(n, res);
        assert_eq!(ip[..s], ipr[..s], "n {n} {kind:?}: pivots");
        if res.is_ok() {
            let b0: Vec<f64> = (0..2 * n).map(|_| g.next()).collect();
            let (mut xr, mut xi) = (b0[..n].to_vec(), b0[n..].to_vec());
            let (mut yr, mut yi) = (xr.clone(), xi.clone());
            solbc(n, &ar, &ai, ld, ml, mu, &mut xr, &mut xi, &ip);
            ref_solbc(n, &rr, &ri, ld, ml, mu, &mut yr, &mut yi, &ipr);
            assert!(
                same(&xr, &yr) && same(&xi, &yi),
                "n {n} ml {ml} mu {mu} {kind:?}: solution"
            );
        }
    }
}

/// Every band the kernels specialise (and the first general ones), at every small order.
#[test]
fn every_small_band_gives_the_bits_of_the_original_order() {
    let mut g = Lcg(41);
    for n in 1..=12 {
        for ml in 0..=5 {
            for mu in 0..=5 {
                check_band(n, ml, mu, &mut g);
                check_band_c(n, ml, mu, &mut g);
            }
        }
    }
}

/// SOLB beside one, two and three SOLBC ([`solb_group`]) against the reference of each,
/// for every band the kernels specialise and the first general ones, at every small
/// order.
#[test]
fn solb_group_gives_the_bits_of_solb_and_solbc() {
    let mut g = Lcg(43);
    for n in 1..=12 {
        for ml in 0..=5 {
            for mu in 0..=5 {
                for kind in KINDS {
                    check_band_group::<1>(n, ml, mu, kind, &mut g);
                    check_band_group::<2>(n, ml, mu, kind, &mut g);
                    check_band_group::<3>(n, ml, mu, kind, &mut g);
                }
            }
        }
    }
}

/// One band and group size of [`solb_group_gives_the_bits_of_solb_and_solbc`], the
/// storage outside the band NaN as in [`check_band`].
fn check_band_group<const C: usize>(n: usize, ml: usize, mu: usize, kind: Kind, g: &mut Lcg) {
    let ld = 2 * ml + mu + 1;
    let band = |full: &[f64]| {
        let mut a = vec![f64::NAN; ld * n];
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                a[ml + mu + i - j + j * ld] = full[i + j * n];
            }
        }
        a
    };
    let mut a = band(&matrix(n, kind, g));
    let mut ip = vec![0; n];
    if decb(n, &mut a, ld, ml, mu, &mut ip).is_err() {
        return;
    }
    let mut factors = Vec::new();
    for _ in 0..C {
        let (mut ar, mut ai) = (band(&matrix(n, kind, g)), band(&matrix(n, kind, g)));
        let mut ipc = vec![0; n];
        if decbc(n, &mut ar, &mut ai, ld, ml, mu, &mut ipc).is_err() {
            return;
        }
        factors.push((ar, ai, ipc));
    }
    let b0: Vec<f64> = (0..(1 + 2 * C) * n).map(|_| g.next()).collect();
    let (mut x, mut xs) = (b0[..n].to_vec(), b0[n..].to_vec());
    let (mut y, mut ys) = (x.clone(), xs.clone());
    let mut rhs = xs.chunks_exact_mut(n.max(1));
    let systems: [_; C] = std::array::from_fn(|j| {
        let (ar, ai, ipc) = &factors[j];
        let (br, bi) = (rhs.next().unwrap(), rhs.next().unwrap());
        (&ar[..], &ai[..], br, bi, &ipc[..])
    });
    solb_group(n, ld, (ml, mu), (&a, &mut x, &ip), systems);
    ref_solb(n, &a, ld, ml, mu, &mut y, &ip);
    for ((ar, ai, ipc), p) in factors.iter().zip(ys.chunks_exact_mut(2 * n.max(1))) {
        let (yr, yi) = p.split_at_mut(n);
        ref_solbc(n, ar, ai, ld, ml, mu, yr, yi, ipc);
    }
    assert!(
        same(&x, &y) && same(&xs, &ys),
        "n {n} ml {ml} mu {mu} C {C} {kind:?}: solutions"
    );
}

/// SOL and SOLC side by side ([`solve_pair`] on dense matrices: the pair kernels up to
/// order 10, the two solves beyond) against the reference of each, at every order the
/// kernels specialise and a few beyond.
#[test]
fn dense_solve_pair_gives_the_bits_of_sol_and_solc() {
    let mut g = Lcg(47);
    for n in 1..=20 {
        for kind in KINDS {
            let (a0, ar0, ai0) = (
                matrix(n, kind, &mut g),
                matrix(n, kind, &mut g),
                matrix(n, kind, &mut g),
            );
            let (mut e1, mut e2) = (RealLu::dense(n), ComplexLu::dense(n));
            e1.matrix_mut().copy_from_slice(&a0);
            let (er, ei) = e2.matrix_mut();
            er.copy_from_slice(&ar0);
            ei.copy_from_slice(&ai0);
            let (mut r, mut rr, mut ri) = (a0, ar0, ai0);
            let (mut ip, mut ipc) = (vec![0; n], vec![0; n]);
            if e1.factor().is_err()
                || e2.factor().is_err()
                || ref_dec(n, &mut r, &mut ip).is_err()
                || ref_decc(n, &mut rr, &mut ri, &mut ipc).is_err()
            {
                continue;
            }
            let b0: Vec<f64> = (0..3 * n).map(|_| g.next()).collect();
            let (mut x, mut xr, mut xi) = (
                b0[..n].to_vec(),
                b0[n..2 * n].to_vec(),
                b0[2 * n..].to_vec(),
            );
            let (mut y, mut yr, mut yi) = (x.clone(), xr.clone(), xi.clone());
            solve_pair(&mut e1, &mut e2, &mut x, &mut xr, &mut xi);
            ref_sol(n, &r, &mut y, &ip);
            ref_solc(n, &rr, &ri, &mut yr, &mut yi, &ipc);
            assert!(
                same(&x, &y) && same(&xr, &yr) && same(&xi, &yi),
                "n {n} {kind:?}: solutions"
            );
        }
    }
}

/// SOL beside two and three SOLC ([`solve_group`], at the orders with kernels) against
/// the reference of each.
#[test]
fn solve_group_gives_the_bits_of_sol_and_solc() {
    let mut g = Lcg(53);
    for n in 2..=10 {
        for c in 2..=3 {
            for kind in KINDS {
                check_group(n, c, kind, &mut g);
            }
        }
    }
}

/// One real and `c` complex systems of order `n` for
/// [`solve_group_gives_the_bits_of_sol_and_solc`].
fn check_group(n: usize, c: usize, kind: Kind, g: &mut Lcg) {
    let a0 = matrix(n, kind, g);
    let mut e1 = RealLu::dense(n);
    e1.matrix_mut().copy_from_slice(&a0);
    let (mut r, mut ip) = (a0, vec![0; n]);
    if e1.factor().is_err() || ref_dec(n, &mut r, &mut ip).is_err() {
        return;
    }
    let mut e2 = Vec::new();
    let mut refs = Vec::new();
    for _ in 0..c {
        let (ar0, ai0) = (matrix(n, kind, g), matrix(n, kind, g));
        let mut lu = ComplexLu::dense(n);
        let (er, ei) = lu.matrix_mut();
        er.copy_from_slice(&ar0);
        ei.copy_from_slice(&ai0);
        let (mut rr, mut ri, mut ipc) = (ar0, ai0, vec![0; n]);
        if lu.factor().is_err() || ref_decc(n, &mut rr, &mut ri, &mut ipc).is_err() {
            return;
        }
        e2.push(lu);
        refs.push((rr, ri, ipc));
    }
    let Some(grouping) = grouping(&e1, &e2) else {
        assert!(n < 6, "n {n}: no kernels");
        return;
    };
    let b0: Vec<f64> = (0..(1 + 2 * c) * n).map(|_| g.next()).collect();
    let (mut x, mut xs) = (b0[..n].to_vec(), b0[n..].to_vec());
    let (mut y, mut ys) = (x.clone(), xs.clone());
    solve_group(grouping, &e1, &e2, &mut x, &mut xs);
    ref_sol(n, &r, &mut y, &ip);
    for ((rr, ri, ipc), p) in refs.iter().zip(ys.chunks_exact_mut(2 * n)) {
        let (yr, yi) = p.split_at_mut(n);
        ref_solc(n, rr, ri, yr, yi, ipc);
    }
    assert!(
        same(&x, &y) && same(&xs, &ys),
        "n {n} c {c} {kind:?}: solutions"
    );
}

/// DGEFA (with IDAMAX, DSCAL and DAXPY written in) as LINPACK writes it, 0-based rows.
fn ref_dgefa(a: &mut [f64], lda: usize, n: usize, ipvt: &mut [i32]) -> usize {
    let mut info = 0;
    for k in 0..n.saturating_sub(1) {
        let mut l = k;
        let mut dmax = a[k + k * lda].abs();
        for i in k + 1..n {
            if a[i + k * lda].abs() <= dmax {
                continue;
            }
            l = i;
            dmax = a[i + k * lda].abs();
        }
        ipvt[k] = l as i32 + 1;
        if a[l + k * lda] == 0.0 {
            info = k + 1;
            continue;
        }
        if l != k {
            let t = a[l + k * lda];
            a[l + k * lda] = a[k + k * lda];
            a[k + k * lda] = t;
        }
        let t = -1.0 / a[k + k * lda];
        for i in k + 1..n {
            a[i + k * lda] = t * a[i + k * lda];
        }
        for j in k + 1..n {
            let t = a[l + j * lda];
            if l != k {
                a[l + j * lda] = a[k + j * lda];
                a[k + j * lda] = t;
            }
            if t != 0.0 {
                for i in k + 1..n {
                    a[i + j * lda] = a[i + j * lda] + t * a[i + k * lda];
                }
            }
        }
    }
    if n > 0 {
        ipvt[n - 1] = n as i32;
        if a[n - 1 + (n - 1) * lda] == 0.0 {
            info = n;
        }
    }
    info
}

/// DGESL with JOB = 0 (DAXPY written in) as LINPACK writes it, 0-based rows.
fn ref_dgesl(a: &[f64], lda: usize, n: usize, ipvt: &[i32], b: &mut [f64]) {
    for k in 0..n.saturating_sub(1) {
        let l = ipvt[k] as usize - 1;
        let t = b[l];
        if l != k {
            b[l] = b[k];
            b[k] = t;
        }
        if t != 0.0 {
            for i in k + 1..n {
                b[i] = b[i] + t * a[i + k * lda];
            }
        }
    }
    for kb in 0..n {
        let k = n - 1 - kb;
        b[k] = b[k] / a[k + k * lda];
        let t = -b[k];
        if t != 0.0 {
            for i in 0..k {
                b[i] = b[i] + t * a[i + k * lda];
            }
        }
    }
}

/// Right-hand sides: random, with zeros (skipped updates) and signed zeros, with
/// infinities and NaN.
fn rhs(n: usize, which: usize, g: &mut Lcg) -> Vec<f64> {
    (0..n)
        .map(|_| {
            let v = g.next();
            match (which, g.below(6)) {
                (1, 0 | 1) => 0.0,
                (1, 2) => -0.0,
                (2, 0) => f64::NAN,
                (2, 1) => f64::INFINITY,
                _ => v,
            }
        })
        .collect()
}

#[test]
fn dgefa_and_dgesl_give_the_bits_of_linpack() {
    let mut g = Lcg(17);
    for n in orders() {
        for kind in KINDS {
            for lda in [n, n + 1] {
                let square = matrix(n, kind, &mut g);
                let mut a = vec![f64::NAN; lda * n];
                for j in 0..n {
                    a[j * lda..j * lda + n].copy_from_slice(&square[j * n..j * n + n]);
                }
                let mut expected = a.clone();
                let mut ref_ipvt = vec![0; n];
                let info = ref_dgefa(&mut expected, lda, n, &mut ref_ipvt);
                let mut ipvt = vec![0; n];
                let what = format!("n {n} lda {lda} {kind:?}");
                assert_eq!(lu_factor_dense(&mut a, lda, n, &mut ipvt), info, "{what}");
                assert_eq!(ipvt, ref_ipvt, "{what}");
                assert!(same(&a, &expected), "{what}");
                for which in 0..3 {
                    let b = rhs(n, which, &mut g);
                    let mut x = b.clone();
                    lu_solve_dense(&a, lda, n, &ipvt, &mut x);
                    let mut y = b;
                    ref_dgesl(&expected, lda, n, &ref_ipvt, &mut y);
                    assert!(same(&x, &y), "{what} rhs {which}");
                }
            }
        }
    }
}

/// Pivots DGEFA could not have chosen (a row above the diagonal, the diagonal, the
/// last row) at any step, and a right-hand side longer than n: LINPACK's bits.
#[test]
fn dgesl_with_any_pivots_gives_the_bits_of_linpack() {
    let mut g = Lcg(23);
    for n in (2..=34).chain([40, 65]) {
        let mut a = matrix(n, Kind::Random, &mut g);
        let mut ipvt = vec![0; n];
        lu_factor_dense(&mut a, n, n, &mut ipvt);
        for step in 0..n - 1 {
            for row in [0, step, n - 1, g.below(n)] {
                let mut pivots = ipvt.clone();
                pivots[step] = row as i32 + 1;
                let mut b = rhs(n + 1, 0, &mut g);
                let mut y = b.clone();
                lu_solve_dense(&a, n, n, &pivots, &mut b);
                ref_dgesl(&a, n, n, &pivots, &mut y);
                assert!(same(&b, &y), "n {n} step {step} row {row}");
            }
        }
    }
}
