//! DDASSL's weighted RMS norm over the error weights (DDANRM). DDASKR's differs: it
//! multiplies by reciprocal weights (DDWNRM).

/// Weighted root-mean-square norm `sqrt(mean((v_i/wt_i)²))`, scaled by the largest ratio
/// against overflow (DDANRM): two passes, each dividing again as the original does
/// (0 when all ratios are zero). `wt` is cut to the length of `v` so that the loops run
/// without bounds checks.
pub fn weighted_rms(v: &[f64], wt: &[f64]) -> f64 {
    let wt = &wt[..v.len()];
    let mut largest = 0.0_f64;
    for (vi, wi) in v.iter().zip(wt) {
        let a = (vi / wi).abs();
        if a > largest {
            largest = a;
        }
    }
    if largest <= 0.0 {
        return 0.0;
    }
    let mut sum = 0.0;
    for (vi, wi) in v.iter().zip(wt) {
        let q = (vi / wi) / largest;
        sum += q * q;
    }
    largest * (sum / v.len() as f64).sqrt()
}
