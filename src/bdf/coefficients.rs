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

/// The coefficients of the formula of order `k` for step `h`, recomputed unless the last
/// `ns` steps had this step size and order (statements 200-240). Returns CJ and the error
/// constant CK.
pub fn method_coefficients(c: &mut [f64], h: f64, k: usize, ns: usize) -> (f64, f64) {
    let kp1 = k + 1;
    if kp1 >= ns {
        c[C_BETA] = 1.0;
        c[C_ALPHA] = 1.0;
        let mut temp1 = h;
        c[C_GAMMA] = 0.0;
        c[C_SIGMA] = 1.0;
        for i in 1..kp1 {
            let temp2 = c[C_PSI + i - 1];
            c[C_PSI + i - 1] = temp1;
            c[C_BETA + i] = c[C_BETA + i - 1] * c[C_PSI + i - 1] / temp2;
            temp1 = temp2 + h;
            c[C_ALPHA + i] = h / temp1;
            c[C_SIGMA + i] = i as f64 * c[C_SIGMA + i - 1] * c[C_ALPHA + i];
            c[C_GAMMA + i] = c[C_GAMMA + i - 1] + c[C_ALPHA + i - 1] / h;
        }
        c[C_PSI + kp1 - 1] = temp1;
    }
    let mut alphas = 0.0;
    let mut alpha0 = 0.0;
    for i in 1..=k {
        alphas -= 1.0 / i as f64;
        alpha0 -= c[C_ALPHA + i - 1];
    }
    let alpha_kp1 = c[C_ALPHA + k];
    let ck = (alpha_kp1 + alphas - alpha0).abs().max(alpha_kp1);
    (-alphas / h, ck)
}

/// Whether CJ moved so far from CJOLD, the CJ of the iteration matrix, that the matrix
/// must be re-formed (`CJ/CJOLD` outside `[(1-XRATE)/(1+XRATE), its inverse]`).
pub fn cj_changed_much(cj: f64, cjold: f64) -> bool {
    let low = (1.0 - CJ_RATE) / (1.0 + CJ_RATE);
    let high = 1.0 / low;
    cj / cjold < low || cj / cjold > high
}
