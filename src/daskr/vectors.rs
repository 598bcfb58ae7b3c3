//! DDASKR's vector helpers: the reciprocal weights (DDAWTS and DINVWT in one pass) and
//! the norm that multiplies by them (DDWNRM), the algebraic-variable mask of INFO(16),
//! and the constraint checks (DCNSTR, DCNST0). DDATRP is shared with DDASSL
//! ([`crate::bdf`]).

use crate::bdf::history::predicted;
use crate::bdf::newton::RoundoffTest;
use crate::bdf::order::{scaled_norms_of_sums, ErrorNorm};
use crate::bdf::weights::{largest_ratio, ratio_bound, rms_of, scaled_rms, set_weights};

/// Sets the weights `rtol_i·|y_i| + atol_i` (DDAWTS) and replaces them by their
/// reciprocals (DINVWT) in one pass: each reciprocal from the weight in its register,
/// not loaded back from the store DDAWTS has just made (kit hires 1e-7: 26 000 fewer
/// instructions, 1.2 %). False if a weight is `<= 0`; WT then holds the weights
/// themselves, as DINVWT leaves them. Out of line: the step loop's copy of the vector
/// form would grow it by a kilobyte.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn set_reciprocal_weights(
    vector: bool,
    rtol: &[f64],
    atol: &[f64],
    y: &[f64],
    wt: &mut [f64],
) -> bool {
    if !vector {
        return reciprocal_weights_of(rtol[0], atol[0], y, wt).is_some();
    }
    let n = wt.len().min(y.len());
    let (wt, y) = (&mut wt[..n], &y[..n]);
    // Over slices of one length: no bounds check in the loop.
    let (rtol, atol) = (&rtol[..n], &atol[..n]);
    let positive = reciprocals(wt, y, |i| (rtol[i], atol[i]));
    if !positive {
        set_weights(true, rtol, atol, y, wt);
    }
    positive
}

/// [`set_reciprocal_weights`] with one RTOL and one ATOL (INFO(2) = 0), by value: before
/// each step all its arguments pass in registers (five slices and a flag go partly
/// through the stack). `Some`: the bound of the weighted norm of `y`
/// ([`weighted_bound`]) for the accuracy check, formed here beside the weights; `None`
/// if a weight is `<= 0`.
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn reciprocal_weights_of(rtol: f64, atol: f64, y: &[f64], wt: &mut [f64]) -> Option<f64> {
    let n = wt.len().min(y.len());
    let (wt, y) = (&mut wt[..n], &y[..n]);
    let positive = reciprocals(wt, y, |_| (rtol, atol));
    if !positive {
        set_weights(false, &[rtol], &[atol], y, wt);
        return None;
    }
    Some(weighted_bound(y, wt))
}

/// [`set_reciprocal_weights`]'s pass with the tolerances of component `i` from `tol`.
#[inline(always)]
fn reciprocals(wt: &mut [f64], y: &[f64], tol: impl Fn(usize) -> (f64, f64)) -> bool {
    let mut positive = true;
    for (i, (w, yi)) in wt.iter_mut().zip(y).enumerate() {
        let (rtoli, atoli) = tol(i);
        let wi = rtoli * yi.abs() + atoli;
        // DINVWT's test `WT(I) .LE. 0`: a NaN weight passes and is inverted.
        positive &= wi > 0.0 || wi.is_nan();
        *w = 1.0 / wi;
    }
    positive
}

/// Weighted root-mean-square norm `sqrt(mean((v_i·rwt_i)²))` over reciprocal weights,
/// scaled by the largest product against overflow (DDWNRM; 0 when all products are zero).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn weighted_rms(v: &[f64], rwt: &[f64]) -> f64 {
    scaled_rms(v, rwt, |vi, wi| vi * wi)
}

/// [`weighted_rms`] over the reciprocal weights it holds, as the error estimates take it.
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
#[link_section = hot_path!(daskr)]
pub fn weighted_rms_of_sums(
    e: &[f64],
    a: &[f64],
    b: Option<&[f64]>,
    rwt: &[f64],
    delta: &mut [f64],
) -> [f64; 3] {
    let ratio = |vi: f64, wi: f64| vi * wi;
    scaled_norms_of_sums(e, a, b, rwt, delta, ratio, |v| weighted_rms(v, rwt))
}

/// A bound of [`weighted_rms`]: NaN with it, else at least it ([`ratio_bound`]).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn weighted_bound(v: &[f64], rwt: &[f64]) -> f64 {
    ratio_bound(v, rwt, |vi, wi| vi * wi)
}

/// The roundoff-level test of the prediction `y` ([`RoundoffTest`]): its largest product.
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn roundoff_test(y: &[f64], rwt: &[f64], uround: f64) -> RoundoffTest {
    RoundoffTest::new(uround, largest_ratio(y, rwt, |vi, wi| vi * wi))
}

/// PNORM, the norm of the prediction of order `k` of `neq` components, from PHI*.
#[cold]
#[inline(never)]
pub fn prediction_norm(phi: &[f64], neq: usize, k: usize, rwt: &[f64]) -> f64 {
    let rwt = &rwt[..neq];
    rms_of((0..neq).map(|i| predicted(phi, neq, k, i) * rwt[i]), neq)
}

/// VT = max(ID, 0)·WT: the weights of the error test with algebraic components out
/// (INFO(16) = 1; statements 305, 357, 515).
pub fn mask_algebraic(id: &[i32], wt: &[f64], vt: &mut [f64]) {
    for ((v, &i), &w) in vt.iter_mut().zip(id).zip(wt) {
        *v = f64::from(i.max(0)) * w;
    }
}

/// The first component (1-based) of `y` that violates its constraint code (2: > 0,
/// 1: >= 0, -1: <= 0, -2: < 0), or 0 (DCNST0).
pub fn first_violation(y: &[f64], icnstr: &[i32]) -> usize {
    for (i, (&yi, &c)) in y.iter().zip(icnstr).enumerate() {
        let bad = match c {
            2 => yi <= 0.0,
            1 => yi < 0.0,
            -1 => yi > 0.0,
            -2 => yi >= 0.0,
            _ => false,
        };
        if bad {
            return i + 1;
        }
    }
    0
}

/// Checks a Newton update `ynew` of `y` against the constraints (DCNSTR): on a violation
/// `tau` is cut to 0.6·tau; if a positivity/negativity-constrained component would change
/// by a relative amount `>= rlx`, `tau` is cut to 0.9·tau·rlx/change. Returns whether
/// `tau` was cut.
pub fn restrict_step(y: &[f64], ynew: &[f64], icnstr: &[i32], tau: &mut f64, rlx: f64) -> bool {
    const FAC: f64 = 0.6;
    const FAC2: f64 = 0.9;
    let mut rdymx = 0.0;
    for ((&yi, &yn), &c) in y.iter().zip(ynew).zip(icnstr) {
        let violated = match c {
            2 | -2 => {
                let rdy = ((yn - yi) / yi).abs();
                if rdy > rdymx {
                    rdymx = rdy;
                }
                if c == 2 {
                    yn <= 0.0
                } else {
                    yn >= 0.0
                }
            }
            1 => yn < 0.0,
            -1 => yn > 0.0,
            _ => false,
        };
        if violated {
            *tau *= FAC;
            return true;
        }
    }
    if rdymx >= rlx {
        *tau = FAC2 * *tau * rlx / rdymx;
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// PNORM from PHI* is the norm of the predictor's y, at every order and size.
    #[test]
    fn prediction_norm_as_the_predictors() {
        use crate::bdf::coefficients::C_GAMMA;
        use crate::bdf::history::predict;
        for neq in 1..=10 {
            for k in 0..=5 {
                let phi: Vec<f64> = (0..neq * (k + 1))
                    .map(|i| ((i * 7919) % 101) as f64 / 7.0 - 6.5)
                    .collect();
                let c = vec![0.5; C_GAMMA + 7];
                let rwt: Vec<f64> = (0..neq).map(|i| 1.0 / (1.0 + i as f64)).collect();
                let (mut y, mut yp) = (vec![0.0; neq], vec![0.0; neq]);
                predict(&phi, &c, k, &mut y, &mut yp);
                let direct = weighted_rms(&y, &rwt);
                assert_eq!(
                    prediction_norm(&phi, neq, k, &rwt).to_bits(),
                    direct.to_bits()
                );
                let largest = crate::bdf::weights::largest_ratio(&y, &rwt, |a, b| a * b);
                assert!(direct <= largest);
            }
        }
    }

    #[test]
    fn norm_over_reciprocal_weights() {
        let v = [3.0, -4.0];
        let rwt = [1.0, 1.0];
        assert!((weighted_rms(&v, &rwt) - (12.5_f64).sqrt()).abs() < 1e-15);
        assert_eq!(weighted_rms(&[0.0, 0.0], &rwt), 0.0);
    }

    #[test]
    fn weights_inverted_only_when_all_positive() {
        let mut w = [0.0; 2];
        assert!(set_reciprocal_weights(
            false,
            &[0.5],
            &[1.0],
            &[2.0, 6.0],
            &mut w
        ));
        assert_eq!(w, [0.5, 0.25]);
        assert!(!set_reciprocal_weights(
            true,
            &[0.5, 0.0],
            &[1.0, 0.0],
            &[2.0, 6.0],
            &mut w
        ));
        assert_eq!(w, [2.0, 0.0]);
        assert!(set_reciprocal_weights(
            false,
            &[1.0],
            &[0.0],
            &[f64::NAN],
            &mut w[..1]
        ));
        assert!(w[0].is_nan());
    }

    #[test]
    fn constraints() {
        assert_eq!(first_violation(&[1.0, -1.0], &[2, 1]), 2);
        assert_eq!(first_violation(&[1.0, 0.0], &[2, 1]), 0);
        let mut tau = 1.0;
        assert!(restrict_step(&[1.0], &[-0.5], &[1], &mut tau, 0.4));
        assert!((tau - 0.6).abs() < 1e-15);
        let mut tau = 1.0;
        assert!(restrict_step(&[1.0], &[1.8], &[2], &mut tau, 0.4));
        assert!((tau - 0.9 * 0.4 / 0.8).abs() < 1e-15);
    }
}
