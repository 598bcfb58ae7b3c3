//! DDASKR's vector helpers: reciprocal weights and the norm that multiplies by them
//! (DINVWT, DDWNRM), the algebraic-variable mask of INFO(16), and the constraint checks
//! (DCNSTR, DCNST0). DDAWTS and DDATRP are shared with DDASSL ([`crate::bdf`]).

use crate::bdf::weights::scaled_rms;

/// Replaces the weights by their reciprocals (DINVWT). Returns the 1-based index of the
/// first weight `<= 0` (left unchanged, with all others) or 0. Each weight is loaded
/// alone, through an index the compiler cannot see: DDAWTS has just stored them one by
/// one, and a load of a pair would wait for those stores (DDASKR vdpol: two thirds of
/// the time of the weights' update).
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn invert_weights(wt: &mut [f64]) -> usize {
    if let Some(i) = wt.iter().position(|&w| w <= 0.0) {
        return i + 1;
    }
    for i in 0..wt.len() {
        let i = std::hint::black_box(i);
        wt[i] = 1.0 / wt[i];
    }
    0
}

/// Weighted root-mean-square norm `sqrt(mean((v_i·rwt_i)²))` over reciprocal weights,
/// scaled by the largest product against overflow (DDWNRM; 0 when all products are zero).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub fn weighted_rms(v: &[f64], rwt: &[f64]) -> f64 {
    scaled_rms(v, rwt, |vi, wi| vi * wi)
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

    #[test]
    fn norm_over_reciprocal_weights() {
        let v = [3.0, -4.0];
        let rwt = [1.0, 1.0];
        assert!((weighted_rms(&v, &rwt) - (12.5_f64).sqrt()).abs() < 1e-15);
        assert_eq!(weighted_rms(&[0.0, 0.0], &rwt), 0.0);
    }

    #[test]
    fn weights_inverted_only_when_all_positive() {
        let mut w = [2.0, 4.0];
        assert_eq!(invert_weights(&mut w), 0);
        assert_eq!(w, [0.5, 0.25]);
        let mut w = [2.0, 0.0];
        assert_eq!(invert_weights(&mut w), 2);
        assert_eq!(w, [2.0, 0.0]);
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
