//! DDASSL's weighted RMS norm over the error weights (DDANRM). DDASKR's differs: it
//! multiplies by reciprocal weights (DDWNRM).

use crate::bdf::history::predicted;
use crate::bdf::newton::RoundoffTest;
use crate::bdf::order::{scaled_norms_of_sums, ErrorNorm};
use crate::bdf::weights::{largest_ratio, rms_of, scaled_rms};

/// Weighted root-mean-square norm `sqrt(mean((v_i/wt_i)²))`, scaled by the largest ratio
/// against overflow (DDANRM; 0 when all ratios are zero).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn weighted_rms(v: &[f64], wt: &[f64]) -> f64 {
    scaled_rms(v, wt, |vi, wi| vi / wi)
}

/// [`weighted_rms`] over the error weights, as the error estimates take it.
pub struct ErrorWeights<'a>(pub &'a [f64]);

impl ErrorNorm for ErrorWeights<'_> {
    #[inline(always)]
    fn norm(&self, v: &[f64]) -> f64 {
        weighted_rms(v, self.0)
    }

    #[inline(always)]
    fn of_sums(&self, e: &[f64], a: &[f64], b: Option<&[f64]>, delta: &mut [f64]) -> [f64; 3] {
        weighted_rms_of_sums(e, a, b, self.0, delta)
    }
}

/// The error estimates' norms ([`ErrorNorm::of_sums`], [`scaled_norms_of_sums`]).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn weighted_rms_of_sums(
    e: &[f64],
    a: &[f64],
    b: Option<&[f64]>,
    wt: &[f64],
    delta: &mut [f64],
) -> [f64; 3] {
    let ratio = |vi: f64, wi: f64| vi / wi;
    scaled_norms_of_sums(e, a, b, wt, delta, ratio, |v| weighted_rms(v, wt))
}

/// DDAWTS (`wt[i] = rtol_i·|y_i| + atol_i`, the tolerances scalars unless `vector`),
/// label 520's test `WT(I) .GT. 0` and a bound of [`weighted_rms`] of `y` in one pass:
/// each ratio from the weight still in a register, not loaded back from the stores just
/// made. Every weight is stored; `None` when one is not positive (a NaN weight
/// included), else the bound: NaN when a ratio is NaN, else the largest |y_i/wt_i| (0
/// when none is larger), at least the norm (see
/// [`ratio_bound`](crate::bdf::weights::ratio_bound)), infinite when a ratio is. A test
/// `bound ≤ c` that passes thus passes for the norm; one that fails (a NaN or an
/// infinite bound always does) leaves the norm to decide. The caller has checked that
/// the tolerances are long enough.
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn weights_and_bound(
    vector: bool,
    rtol: &[f64],
    atol: &[f64],
    y: &[f64],
    wt: &mut [f64],
) -> Option<f64> {
    let n = wt.len().min(y.len());
    let (y, wt) = (&y[..n], &mut wt[..n]);
    if vector {
        let (rtol, atol) = (&rtol[..n], &atol[..n]);
        return weights_pass::<false>(y, wt, |i| (rtol[i], atol[i]));
    }
    // By value: the loop's stores to WT would otherwise reload them at each component.
    let (rtol, atol) = (rtol[0], atol[0]);
    let tol = move |_| (rtol, atol);
    match n {
        1 => weights_pass::<true>(&y[..1], &mut wt[..1], tol),
        2 => weights_pass::<true>(&y[..2], &mut wt[..2], tol),
        3 => weights_pass::<true>(&y[..3], &mut wt[..3], tol),
        _ => weights_pass::<false>(y, wt, tol),
    }
}

/// [`weights_and_bound`]'s pass, the tolerances of component `i` from `tol`; the largest
/// ratio in one chain of maxima, a NaN ratio detected by their sum. `OPAQUE` (up to three
/// components, where the step has just stored Y one element at a time in
/// `update_differences`): each `y_i` loaded alone, through an index the compiler cannot
/// see, lest a 16-byte load wait for two stores still in flight.
#[inline(always)]
fn weights_pass<const OPAQUE: bool>(
    y: &[f64],
    wt: &mut [f64],
    tol: impl Fn(usize) -> (f64, f64),
) -> Option<f64> {
    let n = y.len();
    let wt = &mut wt[..n];
    let mut positive = true;
    // NaN exactly when a ratio is NaN (the ratios are never negative).
    let mut sum = 0.0_f64;
    let mut largest = 0.0_f64;
    for i in 0..n {
        let (rtoli, atoli) = tol(i);
        let v = if OPAQUE {
            y[std::hint::black_box(i)]
        } else {
            y[i]
        };
        let wi = rtoli * v.abs() + atoli;
        wt[i] = wi;
        positive &= wi > 0.0;
        let a = (v / wi).abs();
        sum += a;
        if a > largest {
            largest = a;
        }
    }
    if !positive {
        return None;
    }
    Some(if sum.is_nan() { f64::NAN } else { largest })
}

/// The roundoff-level test of the prediction `y` ([`RoundoffTest`]): its largest ratio.
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn roundoff_test(y: &[f64], wt: &[f64], uround: f64) -> RoundoffTest {
    RoundoffTest::new(uround, largest_ratio(y, wt, |vi, wi| vi / wi))
}

/// PNORM, the norm of the prediction of order `k` of `neq` components, from PHI*.
#[cold]
#[inline(never)]
pub fn prediction_norm(phi: &[f64], neq: usize, k: usize, wt: &[f64]) -> f64 {
    let wt = &wt[..neq];
    rms_of((0..neq).map(|i| predicted(phi, neq, k, i) / wt[i]), neq)
}

#[cfg(test)]
mod tests {
    use super::weights_and_bound;
    use crate::bdf::compare::not_gt;
    use crate::bdf::weights::{ratio_bound, set_weights};

    /// The one pass stores the weights DDAWTS stores, fails where label 520's test
    /// fails, and else gives `ratio_bound`'s bits or a bound that fails every test
    /// (NaN or infinite: always where `ratio_bound` is NaN).
    #[test]
    fn as_weights_then_bound() {
        let values = [
            1.5e-3,
            -2.0,
            0.0,
            -0.0,
            7.25e10,
            -3.0e-300,
            f64::NAN,
            f64::INFINITY,
            1e308,
        ];
        let tolerances = [1e-7, 0.0, -1e-3, 2.0, 1e-300, f64::NAN];
        for n in 1..=24 {
            for start in 0..values.len() {
                let y: Vec<f64> = (0..n)
                    .map(|i| values[(start + 3 * i) % values.len()])
                    .collect();
                for (k, &r) in tolerances.iter().enumerate() {
                    let rtol: Vec<f64> = (0..n).map(|i| tolerances[(k + i) % 6]).collect();
                    let atol: Vec<f64> = (0..n).map(|i| tolerances[(k + 2 * i + 1) % 6]).collect();
                    for vector in [false, true] {
                        let (rtol, atol) = if vector {
                            (rtol.clone(), atol.clone())
                        } else {
                            (vec![r], vec![atol[0]])
                        };
                        let mut expected = vec![0.0; n];
                        set_weights(vector, &rtol, &atol, &y, &mut expected);
                        let mut wt = vec![0.0; n];
                        let got = weights_and_bound(vector, &rtol, &atol, &y, &mut wt);
                        let bits =
                            |v: &[f64]| -> Vec<u64> { v.iter().map(|x| x.to_bits()).collect() };
                        assert_eq!(bits(&wt), bits(&expected));
                        if expected.iter().any(|&w| not_gt(w, 0.0)) {
                            assert_eq!(got, None);
                            continue;
                        }
                        let bound = ratio_bound(&y, &expected, |a, b| a / b);
                        let got = got.expect("positive weights");
                        let same = !got.is_finite() || got.to_bits() == bound.to_bits();
                        assert!(same, "{y:?} {rtol:?} {atol:?}: {got:e} {bound:e}");
                    }
                }
            }
        }
    }
}
