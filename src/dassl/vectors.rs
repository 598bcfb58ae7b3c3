//! Error weights, the weighted RMS norm and the interpolating polynomial
//! (DDAWTS, DDANRM, DDATRP; Brenan, Campbell & Petzold 1996, §5.2-5.3).

/// Sets `wt[i] = rtol_i·|y_i| + atol_i` (DDAWTS). The tolerances are scalars (element 0)
/// unless `vector` is set.
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

/// Evaluates the predictor polynomial of order `kold` through the divided differences
/// `phi` (NEQ per column) at `tout`, from the current point `tn` (DDATRP): the solution
/// into `yout`, its derivative into `ypout` (Brenan, Campbell & Petzold 1996, §5.2.3).
pub fn interpolate(
    tn: f64,
    tout: f64,
    yout: &mut [f64],
    ypout: &mut [f64],
    kold: usize,
    phi: &[f64],
    psi: &[f64],
) {
    let neq = yout.len();
    let dist = tout - tn;
    yout.copy_from_slice(&phi[..neq]);
    ypout.fill(0.0);
    let mut c = 1.0;
    let mut d = 0.0;
    let mut gamma = dist / psi[0];
    for j in 1..=kold {
        d = d * gamma + c / psi[j - 1];
        c *= gamma;
        gamma = (dist + psi[j - 1]) / psi[j];
        let column = &phi[j * neq..(j + 1) * neq];
        for ((yi, ypi), p) in yout.iter_mut().zip(ypout.iter_mut()).zip(column) {
            *yi += c * p;
            *ypi += d * p;
        }
    }
}
