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
/// against overflow (DDANRM).
pub fn weighted_rms(v: &[f64], wt: &[f64]) -> f64 {
    let mut largest = 0.0_f64;
    for (vi, wi) in v.iter().zip(wt) {
        let ratio = (vi / wi).abs();
        if ratio > largest {
            largest = ratio;
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
