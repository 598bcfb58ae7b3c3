//! DDASSL's weighted RMS norm over the error weights (DDANRM). DDASKR's differs: it
//! multiplies by reciprocal weights (DDWNRM).

use crate::bdf::history::predicted;
use crate::bdf::newton::RoundoffTest;
use crate::bdf::order::{scaled_norms_of_sums, ErrorNorm};
use crate::bdf::weights::{largest_ratio, ratio_bound, rms_of, scaled_rms};

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

/// A bound of [`weighted_rms`]: NaN with it, else at least it ([`ratio_bound`]).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn weighted_bound(v: &[f64], wt: &[f64]) -> f64 {
    ratio_bound(v, wt, |vi, wi| vi / wi)
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
