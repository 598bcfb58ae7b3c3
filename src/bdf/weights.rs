//! Error weights from the tolerances (DDAWTS), the checks of the tolerances (statement
//! 200 of both drivers) and their increase when they are too small (label 520, IDID =
//! -2). The norms over the weights share their two passes here; the ratio is each
//! method's own (DDANRM divides by the weights, DDWNRM multiplies by their reciprocals).

/// Sets `wt[i] = rtol_i·|y_i| + atol_i` (DDAWTS). The tolerances are scalars (element 0)
/// unless `vector` is set. Inline: the drivers call it after every step.
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn set_weights(vector: bool, rtol: &[f64], atol: &[f64], y: &[f64], wt: &mut [f64]) {
    let mut rtoli = rtol[0];
    let mut atoli = atol[0];
    for (i, (w, yi)) in wt.iter_mut().zip(y).enumerate() {
        if vector {
            rtoli = rtol[i];
            atoli = atol[i];
        }
        *w = rtoli * yi.abs() + atoli;
    }
}

/// What is wrong with RTOL and ATOL (statement 200).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToleranceProblem {
    /// Some RTOL < 0.
    NegativeRtol,
    /// Some ATOL < 0.
    NegativeAtol,
    /// All RTOL and ATOL are zero.
    AllZero,
}

/// Checks `neq` tolerances (one of each unless `vector`) as statement 200 does, in its
/// order: the first negative value is reported, then whether all are zero. The caller
/// has checked that the arrays are long enough.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn check_tolerances(
    vector: bool,
    rtol: &[f64],
    atol: &[f64],
    neq: usize,
) -> Result<(), ToleranceProblem> {
    let mut nonzero = false;
    let (mut rtoli, mut atoli) = (rtol[0], atol[0]);
    for i in 0..neq {
        if vector {
            rtoli = rtol[i];
            atoli = atol[i];
        }
        if rtoli > 0.0 || atoli > 0.0 {
            nonzero = true;
        }
        if rtoli < 0.0 {
            return Err(ToleranceProblem::NegativeRtol);
        }
        if atoli < 0.0 {
            return Err(ToleranceProblem::NegativeAtol);
        }
    }
    if !nonzero {
        return Err(ToleranceProblem::AllZero);
    }
    Ok(())
}

/// Multiplies the `neq` tolerances (one of each unless `vector`) by `r` (label 520: the
/// tolerances were too small for the machine precision, IDID = -2).
pub fn scale_tolerances(vector: bool, rtol: &mut [f64], atol: &mut [f64], neq: usize, r: f64) {
    let n = if vector { neq } else { 1 };
    for v in rtol[..n].iter_mut().chain(atol[..n].iter_mut()) {
        *v *= r;
    }
}

/// `largest·sqrt(mean((r_i/largest)²))` over the ratios `r_i = ratio(v_i, w_i)`, `largest`
/// their largest magnitude (0 when all are zero): the two passes of DDANRM and DDWNRM,
/// which compute each ratio twice; computed once here up to `KEPT` (32) components (the
/// same value). Up to four components, and at eight (hires, transamp: DDASSL and DDASKR
/// hires 1e-7 warm −2 %, 74 fewer instructions a norm), the ratios stay in registers and
/// the passes are unrolled, so that the independent divisions issue together and the
/// norm's latency (the step waits on it) is the chain through one ratio alone. Inline
/// into each method's norm, which its callers call out of line: one copy of the five
/// cases per method.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn scaled_rms(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
    match v.len() {
        1 => few::<1>(v, w, ratio),
        2 => few::<2>(v, w, ratio),
        3 => few::<3>(v, w, ratio),
        4 => few::<4>(v, w, ratio),
        8 => few::<8>(v, w, ratio),
        _ => many(v, w, ratio),
    }
}

/// [`scaled_rms`] of `N` components, the ratios in an array; beyond four, their largest
/// magnitude in [`largest_magnitude`]'s four chains.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn few<const N: usize>(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
    let (v, w) = (&v[..N], &w[..N]);
    // Each v_i through an index the compiler cannot see: knowing them, it loads pairs of
    // v, which the step has just stored one by one, and waits for those stores.
    let r: [f64; N] = std::array::from_fn(|i| ratio(v[std::hint::black_box(i)], w[i]));
    rms_of_ratios(r)
}

/// [`few`]'s norm of the ratios `r`.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn rms_of_ratios<const N: usize>(r: [f64; N]) -> f64 {
    let largest = if N > 4 {
        largest_magnitude(r.into_iter())
    } else {
        let mut largest = 0.0_f64;
        for ri in r {
            let a = ri.abs();
            if a > largest {
                largest = a;
            }
        }
        largest
    };
    if largest <= 0.0 {
        return 0.0;
    }
    // SUM = 0 + q₀² is q₀²: a square is never -0, so adding +0 changes nothing.
    let q = r[0] / largest;
    let mut sum = q * q;
    for &ri in &r[1..] {
        let q = ri / largest;
        sum += q * q;
    }
    largest * (sum / N as f64).sqrt()
}

/// The norms [`scaled_rms`] gives `e`, `e + a` and, with `b`, `e + a + b` (else 0), of
/// `N` components, the sums formed as `a_i + e_i` and then `+ b_i`; `sum` receives the
/// last sum formed (the callers' work space, where they form it one norm at a time).
/// The three norms are formed side by side in registers, so that their chains of
/// divisions and square roots overlap.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn scaled_rms_of_sums<const N: usize>(
    e: &[f64],
    a: &[f64],
    b: Option<&[f64]>,
    w: &[f64],
    sum: &mut [f64],
    ratio: impl Fn(f64, f64) -> f64,
) -> [f64; 3] {
    let (e, a, w, sum) = (&e[..N], &a[..N], &w[..N], &mut sum[..N]);
    // As in [`few`]: e_i, just stored one by one, loaded one by one.
    let e: [f64; N] = std::array::from_fn(|i| e[std::hint::black_box(i)]);
    let first: [f64; N] = std::array::from_fn(|i| a[i] + e[i]);
    let r0: [f64; N] = std::array::from_fn(|i| ratio(e[i], w[i]));
    let r1: [f64; N] = std::array::from_fn(|i| ratio(first[i], w[i]));
    let Some(b) = b else {
        sum.copy_from_slice(&first);
        return [rms_of_ratios(r0), rms_of_ratios(r1), 0.0];
    };
    let b = &b[..N];
    let second: [f64; N] = std::array::from_fn(|i| first[i] + b[i]);
    let r2: [f64; N] = std::array::from_fn(|i| ratio(second[i], w[i]));
    sum.copy_from_slice(&second);
    [rms_of_ratios(r0), rms_of_ratios(r1), rms_of_ratios(r2)]
}

/// Components up to which [`many`] keeps the ratios on the stack.
const KEPT: usize = 32;

/// [`scaled_rms`] of any length. Up to [`KEPT`] components each ratio is computed once
/// and kept (the same value: the originals' second V(I)/WT(I) or V(I)*RWT(I) is the
/// first's), and the quotients by the largest magnitude are formed in a loop of their
/// own, apart from the sum's chain, so that the divisions issue in pairs (DDASSL hires
/// 1e-7 warm −7 %, pollu −8 %, then −3 % and −5 %; DDASKR pump −4 %). Beyond, each ratio
/// is computed in both passes as the originals.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn many(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
    let w = &w[..v.len()];
    if v.len() > KEPT {
        return two_pass(v.iter().zip(w).map(|(&vi, &wi)| ratio(vi, wi)), v.len());
    }
    let mut kept = [0.0; KEPT];
    let kept = &mut kept[..v.len()];
    for ((k, &vi), &wi) in kept.iter_mut().zip(v).zip(w) {
        *k = ratio(vi, wi);
    }
    let largest = largest_magnitude(kept.iter().copied());
    if largest <= 0.0 {
        return 0.0;
    }
    for k in kept.iter_mut() {
        *k /= largest;
    }
    let mut sum = 0.0;
    for &q in kept.iter() {
        sum += q * q;
    }
    largest * mean(sum, v.len()).sqrt()
}

/// The largest |ratio(v_i, w_i)|, NaN skipped (0 when none is larger): the `largest` of
/// [`scaled_rms`], and an upper bound of its value (see [`ratio_bound`]).
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn largest_ratio(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
    let w = &w[..v.len()];
    largest_magnitude(v.iter().zip(w).map(|(&vi, &wi)| ratio(vi, wi)))
}

/// A bound of [`scaled_rms`]: NaN exactly when the norm is NaN (a ratio is NaN or
/// infinite, and some other is not 0), else the largest |ratio(v_i, w_i)| (0 when none is
/// larger), which the norm never exceeds. Each quotient by the largest is at most 1 in magnitude, so each partial
/// sum of their rounded squares is at most the count of its terms, the rounded mean of
/// the squares at most 1, so are its square root and its rounded product with the
/// largest. A test the norm would fail (or pass) is thus decided from the bound where
/// the bound already fails (passes) it, and a NaN bound decides none.
/// Up to four components one chain of maxima in registers, without the chains' set-up
/// (DDASKR vdpol: 20 instructions a bound, against 59).
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn ratio_bound(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
    match v.len() {
        1 => bound_few::<1>(v, w, ratio),
        2 => bound_few::<2>(v, w, ratio),
        3 => bound_few::<3>(v, w, ratio),
        4 => bound_few::<4>(v, w, ratio),
        _ => bound_many(v, w, ratio),
    }
}

/// [`ratio_bound`] of `N` components: the same maximum (one chain instead of four).
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn bound_few<const N: usize>(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
    let (v, w) = (&v[..N], &w[..N]);
    // Each value loaded alone, through an index the compiler cannot see: the weights
    // (and the solution) have just been stored one by one, and a 16-byte load of two
    // 8-byte stores still in flight waits until both reach the cache.
    let at: [usize; N] = std::array::from_fn(std::hint::black_box);
    let mut m = 0.0_f64;
    let mut finite = true;
    for &i in &at {
        let a = ratio(v[i], w[i]).abs();
        finite &= a < f64::INFINITY;
        if a > m {
            m = a;
        }
    }
    if finite || m <= 0.0 {
        m
    } else {
        f64::NAN
    }
}

/// [`ratio_bound`] of any length.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn bound_many(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
    let w = &w[..v.len()];
    // Four chains of maxima, as [`largest_magnitude`]'s; the remainder joins the first.
    let mut m = [0.0_f64; 4];
    let mut finite = true;
    let mut take = |m: &mut f64, vi: f64, wi: f64| {
        let a = ratio(vi, wi).abs();
        finite &= a < f64::INFINITY;
        if a > *m {
            *m = a;
        }
    };
    let (quads, rest) = (v.chunks_exact(4), w.chunks_exact(4));
    let (v_rest, w_rest) = (quads.remainder(), rest.remainder());
    for (vq, wq) in quads.zip(rest) {
        for j in 0..4 {
            take(&mut m[j], vq[j], wq[j]);
        }
    }
    for (&vi, &wi) in v_rest.iter().zip(w_rest) {
        take(&mut m[0], vi, wi);
    }
    let [mut m0, m1, mut m2, m3] = m;
    for (into, other) in [(&mut m0, m1), (&mut m2, m3)] {
        if other > *into {
            *into = other;
        }
    }
    if m2 > m0 {
        m0 = m2;
    }
    // The originals skip a NaN in the largest magnitude and return 0 when that is 0.
    if finite || m0 <= 0.0 {
        m0
    } else {
        f64::NAN
    }
}

/// [`scaled_rms`] of the `n` ratios `r` (the same value), for ratios of values computed
/// on the fly.
pub fn rms_of(r: impl Iterator<Item = f64> + Clone, n: usize) -> f64 {
    two_pass(r, n)
}

/// The two passes of DDANRM and DDWNRM over the `n` ratios `r`: their largest
/// magnitude, then the scaled sum of squares.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn two_pass(r: impl Iterator<Item = f64> + Clone, n: usize) -> f64 {
    let largest = largest_magnitude(r.clone());
    if largest <= 0.0 {
        return 0.0;
    }
    let mut sum = 0.0;
    for ri in r {
        let q = ri / largest;
        sum += q * q;
    }
    largest * mean(sum, n).sqrt()
}

/// `sum / n`. For n a power of two, `sum·(1/n)`: 1/n is exact, so the product is the
/// quotient rounded once, the same bits for every `sum`; the multiplication's latency
/// is a third of the division's on the norm's chain.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn mean(sum: f64, n: usize) -> f64 {
    let n = n as f64;
    if (n.to_bits() & ((1 << 52) - 1)) == 0 {
        sum * (1.0 / n)
    } else {
        sum / n
    }
}

/// The originals' `IF(ABS(R) .GT. VMAX) VMAX = ABS(R)` from VMAX = 0 over `r`: the
/// largest magnitude that is not NaN, or 0. Taken in four interleaved maxima, each its
/// own chain from 0, then the largest of the four: a maximum of numbers is the same in
/// any order, and each chain skips a NaN as the originals' one chain does, so the value
/// is the originals' with a quarter of the latency the norm waits on.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn largest_magnitude(mut r: impl Iterator<Item = f64>) -> f64 {
    let raise = |m: &mut f64, x: f64| {
        let a = x.abs();
        if a > *m {
            *m = a;
        }
    };
    let mut m = [0.0_f64; 4];
    'chains: loop {
        for slot in m.iter_mut() {
            let Some(x) = r.next() else {
                break 'chains;
            };
            raise(slot, x);
        }
    }
    let [mut m0, m1, mut m2, m3] = m;
    raise(&mut m0, m1);
    raise(&mut m2, m3);
    raise(&mut m0, m2);
    m0
}

#[cfg(test)]
mod tests {
    use super::{largest_ratio, ratio_bound, rms_of, scaled_rms, scaled_rms_of_sums};

    /// DDANRM's and DDWNRM's loops: one chain for the largest magnitude, each ratio
    /// computed in both passes.
    fn original(v: &[f64], w: &[f64], ratio: impl Fn(f64, f64) -> f64) -> f64 {
        let mut largest = 0.0_f64;
        for (&vi, &wi) in v.iter().zip(w) {
            if ratio(vi, wi).abs() > largest {
                largest = ratio(vi, wi).abs();
            }
        }
        if largest <= 0.0 {
            return 0.0;
        }
        let mut sum = 0.0;
        for (&vi, &wi) in v.iter().zip(w) {
            let q = ratio(vi, wi) / largest;
            sum += q * q;
        }
        largest * (sum / v.len() as f64).sqrt()
    }

    /// The unrolled norms, the kept ratios and quotients and the interleaved maxima give
    /// the bits of the originals' loops, zeros and infinities included; a NaN where
    /// they give a NaN.
    #[test]
    fn norms_as_the_originals_loops() {
        let values = [
            1.5e-3,
            -2.0,
            0.0,
            -0.0,
            7.25e10,
            -3.0e-300,
            f64::NAN,
            f64::INFINITY,
        ];
        let weights: Vec<f64> = [1e-7, 3.0, 0.5, 2.0e-9]
            .into_iter()
            .cycle()
            .take(40)
            .collect();
        for n in 1..=40 {
            for start in 0..values.len() {
                let v: Vec<f64> = (0..n)
                    .map(|i| values[(start + 3 * i) % values.len()])
                    .collect();
                for ratio in [|a: f64, b: f64| a / b, |a: f64, b: f64| a * b] {
                    let reference = original(&v, &weights, ratio);
                    let ours = scaled_rms(&v, &weights, ratio);
                    // A NaN's sign and payload are the compiler's choice of operand order
                    // (x86 keeps the first NaN operand's) and nothing reads them: a NaN
                    // norm only fails its comparisons.
                    let same = ours.to_bits() == reference.to_bits()
                        || (ours.is_nan() && reference.is_nan());
                    assert!(same, "{v:?}: {ours:e} against {reference:e}");
                    let w = &weights[..n];
                    let on_the_fly = rms_of(v.iter().zip(w).map(|(&a, &b)| ratio(a, b)), n);
                    assert!(on_the_fly.to_bits() == ours.to_bits() || on_the_fly.is_nan());
                    // The bound: NaN with the norm, else at least the norm.
                    let bound = ratio_bound(&v, &weights, ratio);
                    assert!(
                        ours <= bound || (ours.is_nan() && bound.is_nan()),
                        "{v:?}: {ours:e} {bound:e}"
                    );
                    assert_eq!(ours.is_nan(), bound.is_nan());
                    assert!(ours.is_nan() || ours <= largest_ratio(&v, &weights, ratio));
                }
            }
        }
    }

    /// The norms side by side are those of the sums formed one after another, and the
    /// work space ends holding the last sum (DDASKR's ratio and DDASSL's).
    #[test]
    fn norms_of_sums_as_one_after_another() {
        fn check<const N: usize>(
            e: &[f64],
            a: &[f64],
            b: &[f64],
            w: &[f64],
            ratio: fn(f64, f64) -> f64,
        ) {
            let first: Vec<f64> = a[..N].iter().zip(&e[..N]).map(|(p, q)| p + q).collect();
            let second: Vec<f64> = first.iter().zip(&b[..N]).map(|(d, p)| d + p).collect();
            let bits = |x: f64| if x.is_nan() { u64::MAX } else { x.to_bits() };
            let expected = [
                scaled_rms(&e[..N], w, ratio),
                scaled_rms(&first, w, ratio),
                scaled_rms(&second, w, ratio),
            ];
            let mut sum = [0.0; N];
            let got = scaled_rms_of_sums::<N>(e, a, Some(b), w, &mut sum, ratio);
            assert_eq!(got.map(bits), expected.map(bits), "{e:?} {a:?} {b:?}");
            assert_eq!(
                sum.map(bits),
                <[f64; N]>::try_from(second).unwrap().map(bits)
            );
            let got = scaled_rms_of_sums::<N>(e, a, None, w, &mut sum, ratio);
            assert_eq!(got.map(bits), [expected[0], expected[1], 0.0].map(bits));
            assert_eq!(
                sum.map(bits),
                <[f64; N]>::try_from(first).unwrap().map(bits)
            );
        }
        let values = [1.5e-3, -2.0, 0.0, -0.0, 7.25e10, -3.0e-300, f64::NAN, 4.0];
        let pick = |start: usize, step: usize| -> Vec<f64> {
            (0..8)
                .map(|i| values[(start + step * i) % values.len()])
                .collect()
        };
        let w = [1e-7, 3.0, 0.5, 2.0e-9, 1.0, 8.0, 1e3, 0.25];
        for start in 0..values.len() {
            let (e, a, b) = (pick(start, 3), pick(start + 1, 5), pick(start + 2, 7));
            // DDASKR's ratio (reciprocal weights) and DDASSL's (weights).
            for ratio in [|x: f64, y: f64| x * y, |x: f64, y: f64| x / y] {
                check::<1>(&e, &a, &b, &w, ratio);
                check::<2>(&e, &a, &b, &w, ratio);
                check::<3>(&e, &a, &b, &w, ratio);
                check::<4>(&e, &a, &b, &w, ratio);
                check::<8>(&e, &a, &b, &w, ratio);
            }
        }
    }

    /// The norm never exceeds the bound, however close the ratios are to it
    /// (each quotient then rounds to 1 or just below).
    #[test]
    fn norm_at_most_bound() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for n in 1..=40 {
            for _ in 0..500 {
                let v: Vec<f64> = (0..n)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        1.0 - (seed >> 40) as f64 * f64::EPSILON
                    })
                    .collect();
                let w = vec![1.0; n];
                let ratio = |a: f64, b: f64| a * b;
                assert!(scaled_rms(&v, &w, ratio) <= ratio_bound(&v, &w, ratio));
            }
        }
    }
}
