//! The coefficients of the fixed-leading-coefficient BDF formulas (DDASTP/DDSTP
//! statements 200-240; Brenan, Campbell & Petzold 1996, §5.2.1), kept in 30 consecutive
//! RWORK slots: ALPHA(6), BETA(6), GAMMA(6), PSI(6), SIGMA(6).

/// Offset of ALPHA inside the coefficient block.
pub const C_ALPHA: usize = 0;
/// Offset of BETA.
pub const C_BETA: usize = 6;
/// Offset of GAMMA.
pub const C_GAMMA: usize = 12;
/// Offset of PSI.
pub const C_PSI: usize = 18;
/// Offset of SIGMA.
pub const C_SIGMA: usize = 24;
/// Length of the block.
pub const C_LEN: usize = 30;

/// Largest relative change of CJ tolerated before the iteration matrix is re-formed
/// (DDASTP's and DNEDD's XRATE).
const CJ_RATE: f64 = 0.25;

/// 1/I for I = 1, …, 5 (statement 240's `1.0D0/I`): correctly rounded at compile time,
/// the same values as the original's divisions.
const RECIPROCALS: [f64; 5] = [1.0, 1.0 / 2.0, 1.0 / 3.0, 1.0 / 4.0, 1.0 / 5.0];

/// The coefficients of the formula of order `k` (at most 5) for step `h`, recomputed
/// unless the last `ns` steps had this step size and order (statements 200-240). Returns
/// CJ and the error constant CK = `ck_max(|ALPHA(K+1) + ALPHAS - ALPHA0|, ALPHA(K+1))`:
/// the caller's MAX, whose NaN side differs between the compiled DDASTP and DDSTP.
/// Each array is cut to its K+1 used entries so that the
/// loops index without bounds checks.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn method_coefficients(
    c: &mut [f64],
    h: f64,
    k: usize,
    ns: usize,
    ck_max: impl Fn(f64, f64) -> f64,
) -> (f64, f64) {
    let kp1 = k + 1;
    let (alpha, rest) = c[C_ALPHA..C_LEN].split_at_mut(C_BETA - C_ALPHA);
    let (beta, rest) = rest.split_at_mut(C_GAMMA - C_BETA);
    let (gamma, rest) = rest.split_at_mut(C_PSI - C_GAMMA);
    let (psi, sigma) = rest.split_at_mut(C_SIGMA - C_PSI);
    let alpha = &mut alpha[..kp1];
    if kp1 >= ns {
        let (beta, gamma) = (&mut beta[..kp1], &mut gamma[..kp1]);
        let (psi, sigma) = (&mut psi[..kp1], &mut sigma[..kp1]);
        beta[0] = 1.0;
        alpha[0] = 1.0;
        let mut temp1 = h;
        gamma[0] = 0.0;
        sigma[0] = 1.0;
        // (I-1) of the original as a float counter: the same exact small integers.
        let mut im1 = 0.0;
        for i in 1..kp1 {
            im1 += 1.0;
            let temp2 = psi[i - 1];
            psi[i - 1] = temp1;
            beta[i] = beta[i - 1] * temp1 / temp2;
            temp1 = temp2 + h;
            alpha[i] = h / temp1;
            sigma[i] = im1 * sigma[i - 1] * alpha[i];
            gamma[i] = gamma[i - 1] + alpha[i - 1] / h;
        }
        psi[kp1 - 1] = temp1;
    }
    let mut alphas = 0.0;
    let mut alpha0 = 0.0;
    for (&inverse, &a) in RECIPROCALS.iter().zip(&alpha[..k]) {
        alphas -= inverse;
        alpha0 -= a;
    }
    let alpha_kp1 = alpha[k];
    let ck = ck_max((alpha_kp1 + alphas - alpha0).abs(), alpha_kp1);
    (-alphas / h, ck)
}

/// Whether CJ moved so far from CJOLD, the CJ of the iteration matrix, that the matrix
/// must be re-formed (`CJ/CJOLD` outside `[(1-XRATE)/(1+XRATE), its inverse]`).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn cj_changed_much(cj: f64, cjold: f64) -> bool {
    let low = (1.0 - CJ_RATE) / (1.0 + CJ_RATE);
    let high = 1.0 / low;
    cj / cjold < low || cj / cjold > high
}
