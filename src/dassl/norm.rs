//! DDASSL's weighted RMS norm over the error weights (DDANRM). DDASKR's differs: it
//! multiplies by reciprocal weights (DDWNRM).

use crate::bdf::weights::scaled_rms;

/// Weighted root-mean-square norm `sqrt(mean((v_i/wt_i)²))`, scaled by the largest ratio
/// against overflow (DDANRM; 0 when all ratios are zero).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn weighted_rms(v: &[f64], wt: &[f64]) -> f64 {
    scaled_rms(v, wt, |vi, wi| vi / wi)
}
