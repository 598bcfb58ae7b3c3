//! DDASSL's weighted RMS norm over the error weights (DDANRM). DDASKR's differs: it
//! multiplies by reciprocal weights (DDWNRM).

/// Weighted root-mean-square norm `sqrt(mean((v_i/wt_i)²))`, scaled by the largest ratio
/// against overflow (DDANRM). The ratios are formed once and kept for the second pass
/// when they fit a small buffer: the same values as the original's two divisions.
pub fn weighted_rms(v: &[f64], wt: &[f64]) -> f64 {
    const SMALL: usize = 8;
    if v.len() <= SMALL {
        let mut ratios = [0.0; SMALL];
        let ratios = &mut ratios[..v.len()];
        for ((r, vi), wi) in ratios.iter_mut().zip(v).zip(wt) {
            *r = vi / wi;
        }
        return scaled_rms(ratios.iter().copied(), v.len());
    }
    scaled_rms(v.iter().zip(wt).map(|(vi, wi)| vi / wi), v.len())
}

/// `max|r_i| · sqrt(mean((r_i / max|r_i|)²))` over the ratios `r` (two passes; 0 when
/// all are zero), as DDANRM computes it.
fn scaled_rms(r: impl Iterator<Item = f64> + Clone, n: usize) -> f64 {
    let mut largest = 0.0_f64;
    for ri in r.clone() {
        let a = ri.abs();
        if a > largest {
            largest = a;
        }
    }
    if largest <= 0.0 {
        return 0.0;
    }
    let mut sum = 0.0;
    for ri in r {
        let q = ri / largest;
        sum += q * q;
    }
    largest * (sum / n as f64).sqrt()
}
