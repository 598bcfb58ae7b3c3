//! Error estimates, the error test, and the choice of order and step size (DDASTP/DDSTP
//! labels 400-560 and 650-660; Brenan, Campbell & Petzold 1996, §5.3-5.4). The norm is
//! the method's own (DDANRM over weights, DDWNRM over reciprocal weights), passed in.

use super::coefficients::C_SIGMA;
use super::compare::not_gt;
use super::history::{column, update_differences};
use super::layout::Carried;
use super::weights::scaled_rms_of_sums;
use crate::intrinsics::{fmax, fmin};

/// An order K (at most 7 here) as the original's INTEGER to DOUBLE PRECISION conversion:
/// the same exact value, through 32 bits one conversion instruction where a `usize`
/// takes several.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn real(k: usize) -> f64 {
    f64::from(k as u32)
}

/// The error estimates of a converged step of order K (labels 400-430).
pub struct Estimates {
    /// KNEW: the order the estimates suggest, K or K-1.
    pub knew: usize,
    /// EST: the estimate at order KNEW.
    pub est: f64,
    /// ERKM1: the estimate at order K-1 (0 when K = 1).
    pub erkm1: f64,
    /// TERK: (K+1)·ERK.
    pub terk: f64,
    /// TERKM1: K·ERKM1.
    pub terkm1: f64,
    /// ERR: CK·‖E‖, the local error the test compares with 1.
    pub err: f64,
}

impl Estimates {
    /// Label 430, `IF(ERR .GT. 1.0D0) GO TO 600`: a NaN error estimate passes the test.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn passes(&self) -> bool {
        not_gt(self.err, 1.0)
    }
}

/// A method's weighted norm as [`estimate_errors`] takes it: of one vector, and of the
/// estimates' sums `e`, `e + a`, `e + a + b` (side by side where the method can, else
/// one after another).
pub trait ErrorNorm {
    /// The norm of `v`.
    fn norm(&self, v: &[f64]) -> f64;

    /// The norms of `e`, `e + a` (`a_i + e_i`) and, with `b`, `e + a + b` (else 0);
    /// `delta` holds the last sum formed.
    fn of_sums(&self, e: &[f64], a: &[f64], b: Option<&[f64]>, delta: &mut [f64]) -> [f64; 3];
}

/// [`ErrorNorm::of_sums`] one norm after another, the sums formed in `delta`.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn norms_of_sums(
    norm: impl Fn(&[f64]) -> f64,
    e: &[f64],
    a: &[f64],
    b: Option<&[f64]>,
    delta: &mut [f64],
) -> [f64; 3] {
    let first = norm(e);
    for ((d, p), ei) in delta.iter_mut().zip(a).zip(e) {
        *d = p + ei;
    }
    let second = norm(delta);
    let Some(b) = b else {
        return [first, second, 0.0];
    };
    for (d, p) in delta.iter_mut().zip(b) {
        *d += p;
    }
    [first, second, norm(delta)]
}

/// [`ErrorNorm::of_sums`] of a method whose norm is [`scaled_rms`](super::weights::scaled_rms) with `ratio`: up to
/// four components and at eight side by side in registers (their chains of divisions
/// and square roots overlap), else one after another with `norm`.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn scaled_norms_of_sums(
    e: &[f64],
    a: &[f64],
    b: Option<&[f64]>,
    w: &[f64],
    delta: &mut [f64],
    ratio: impl Fn(f64, f64) -> f64 + Copy,
    norm: impl Fn(&[f64]) -> f64,
) -> [f64; 3] {
    match e.len() {
        1 => scaled_rms_of_sums::<1>(e, a, b, w, delta, ratio),
        2 => scaled_rms_of_sums::<2>(e, a, b, w, delta, ratio),
        3 => scaled_rms_of_sums::<3>(e, a, b, w, delta, ratio),
        4 => scaled_rms_of_sums::<4>(e, a, b, w, delta, ratio),
        8 => scaled_rms_of_sums::<8>(e, a, b, w, delta, ratio),
        _ => norms_of_sums(norm, e, a, b, delta),
    }
}

/// Estimates the error at orders K, K-1 and K-2 from the corrector change `e` and decides
/// whether to lower the order (labels 400-420). `c` is the coefficient block, `ck` the
/// error constant, `delta` work space; `norm` is the method's weighted norm, which may
/// form the estimates' norms side by side ([`ErrorNorm`]).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn estimate_errors(
    c: &[f64],
    phi: &[f64],
    e: &[f64],
    delta: &mut [f64],
    k: usize,
    ck: f64,
    norm: impl ErrorNorm,
) -> Estimates {
    let neq = e.len();
    let mut knew = k;
    let mut erkm1 = 0.0;
    let mut terkm1 = 0.0;
    let [enorm, nkm1, nkm2] = if k == 1 {
        [norm.norm(e), 0.0, 0.0]
    } else {
        let below = (k > 2).then(|| column(phi, neq, k - 1));
        norm.of_sums(e, column(phi, neq, k), below, delta)
    };
    let erk = c[C_SIGMA + k] * enorm;
    let terk = real(k + 1) * erk;
    let mut est = erk;
    if k != 1 {
        erkm1 = c[C_SIGMA + k - 1] * nkm1;
        terkm1 = real(k) * erkm1;
        let lower = if k <= 2 {
            terkm1 <= 0.5 * terk
        } else {
            let erkm2 = c[C_SIGMA + k - 2] * nkm2;
            let terkm2 = real(k - 1) * erkm2;
            // Label 410: IF(MAX(TERKM1,TERKM2).GT.TERK) GO TO 430, else lower the order;
            // NaN falls through to 420. MAX as the reference gfortran build computes it:
            // TERKM1 unless TERKM2 is larger.
            let largest = if terkm2 > terkm1 { terkm2 } else { terkm1 };
            not_gt(largest, terk)
        };
        if lower {
            knew = k - 1;
            est = erkm1;
        }
    }
    Estimates {
        knew,
        est,
        erkm1,
        terk,
        terkm1,
        err: ck * enorm,
    }
}

/// What a successful step of order K found about the next one.
pub struct Accepted<'a> {
    /// The error estimates of the step.
    pub est: &'a Estimates,
    /// K.
    pub k: usize,
    /// K - KOLD before the step (1 when the order was just raised).
    pub kdiff: i64,
    /// MXORD.
    pub maxord: usize,
    /// NS after this step.
    pub ns: usize,
    /// IPHASE = 0: the start-up phase, which doubles the step and raises the order.
    pub startup: bool,
}

/// The order and step size after a successful step of step size `h` (labels 500-560):
/// in the start-up phase order K+1 and 2H; else K-1, K or K+1 as the estimates say (the
/// K+1 estimate from `e` minus PHI(*,K+2), into `delta`), with the step size of
/// [`step_after_success`].
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn next_order(
    s: &Accepted<'_>,
    h: f64,
    e: &[f64],
    phi: &[f64],
    delta: &mut [f64],
    norm: impl Fn(&[f64]) -> f64,
) -> (usize, f64) {
    let (k, est) = (s.k, s.est);
    if s.startup {
        return (k + 1, 2.0 * h);
    }
    let (knext, estimate) = if est.knew + 1 == k {
        (k - 1, est.erkm1)
    } else if k == s.maxord || k + 1 >= s.ns || s.kdiff == 1 {
        (k, est.est)
    } else {
        for ((d, ei), p) in delta.iter_mut().zip(e).zip(column(phi, e.len(), k + 1)) {
            *d = ei - p;
        }
        let erkp1 = (1.0 / real(k + 2)) * norm(delta);
        let terkp1 = real(k + 2) * erkp1;
        if k > 1 {
            // Label 520: MIN(TERK,TERKP1) as the reference gfortran build computes it:
            // TERK only when it is the smaller (not NaN).
            let smallest = if est.terk < terkp1 { est.terk } else { terkp1 };
            if est.terkm1 <= smallest {
                (k - 1, est.erkm1)
            } else if terkp1 >= est.terk || k == s.maxord {
                (k, est.est)
            } else {
                (k + 1, erkp1)
            }
        } else if terkp1 >= 0.5 * est.terk {
            (k, est.est)
        } else {
            (k + 1, erkp1)
        }
    };
    (knext, step_after_success(h, estimate, knext))
}

/// 2^-(K+1) for K = 1..=6: where `x^(-1/(K+1))` crosses 2.
const HALVINGS: [f64; 6] = [0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125];

/// Relative distance from a threshold of [`step_after_success`] beyond which R's side of
/// it is known without computing R.
const MARGIN: f64 = 1e-9;

/// The step size after a successful step of new order `k` with error estimate `est`
/// (labels 550-560): doubled when the estimate allows a factor 2 or more, kept when it
/// allows more than 1, else cut to between 0.5 and 0.9 times. `IF(R .LT. 2.0D0)` sends
/// a NaN R to the doubling, as the original.
///
/// R = x^e with x = 2·EST + 0.0001 and e = fl(-1/(K+1)) is used only through `R < 2` and
/// `R > 1` unless the step is cut, so the power is computed only near those thresholds
/// or below 1. For K ≥ 1 and 0 < x < 2^-(K+1)·(1 - 10⁻⁹), e·ln x exceeds ln 2 by at
/// least 10⁻⁹/7 less e's rounding (10⁻¹⁶): R > 2·(1 + 1.4·10⁻¹⁰), which pow (within an
/// ulp, as the original's libm call) cannot round down to 2. Likewise
/// 2^-(K+1)·(1 + 10⁻⁹) < x < 1 - 10⁻⁹ gives 1 < R < 2 by the same margin. Any other x
/// (NaN, infinite, not positive, or near a threshold) computes R as the original.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn step_after_success(h: f64, est: f64, k: usize) -> f64 {
    let x = 2.0 * est + 0.0001;
    if let Some(&halving) = k.checked_sub(1).and_then(|i| HALVINGS.get(i)) {
        if x > 0.0 && x < halving * (1.0 - MARGIN) {
            return 2.0 * h;
        }
        if x > halving * (1.0 + MARGIN) && x < 1.0 - MARGIN {
            return h;
        }
    }
    let r = x.powf(-1.0 / real(k + 1));
    if r < 2.0 {
        if r <= 1.0 {
            // R = MAX(0.5D0,MIN(0.9D0,R)) as compiled: MINSD then MAXSD on R.
            let r = fmax(fmin(r, 0.9), 0.5);
            return h * r;
        }
        h
    } else {
        2.0 * h
    }
}

/// The order and step-size factor R of the retry after the `nef`-th consecutive
/// error-test failure (labels 650-660): the estimate's order and a factor from EST the
/// first time, then 1/4 at that order, then 1/4 at order 1.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn after_error_test_failure(nef: u32, knew: usize, est: f64) -> (usize, f64) {
    if nef == 1 {
        let exponent = real(knew + 1);
        let r = 0.90 * (2.0 * est + 0.0001).powf(-1.0 / exponent);
        // R = MAX(0.25D0,MIN(0.9D0,R)) as compiled: a NaN R gives 0.9.
        (knew, fmax(fmin(r, 0.9), 0.25))
    } else if nef == 2 {
        (knew, 0.25)
    } else {
        (1, 0.25)
    }
}

/// The step of order K = `c.k` and size `h` passed (labels 500-595): the state records
/// it, the order and step size of the next step are chosen ([`next_order`]) and PHI is
/// updated with the corrector change `e`; `delta` is work space, `norm` the method's.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn accept_step(
    c: &mut Carried,
    h: &mut f64,
    est: &Estimates,
    maxord: usize,
    e: &[f64],
    phi: &mut [f64],
    delta: &mut [f64],
    norm: impl Fn(&[f64]) -> f64,
) {
    let k = c.k;
    let kdiff = k as i64 - c.kold as i64;
    c.kold = k;
    c.hold = *h;
    if est.knew + 1 == k || k == maxord {
        c.phase = 1;
    }
    let accepted = Accepted {
        est,
        k,
        kdiff,
        maxord,
        ns: c.ns,
        startup: c.phase == 0,
    };
    (c.k, *h) = next_order(&accepted, *h, e, phi, delta, norm);
    update_differences(phi, e, k, maxord);
}

#[cfg(test)]
mod tests {
    use super::{real, step_after_success};

    /// Labels 550-560 as the original computes them, R always from pow.
    fn with_power(h: f64, est: f64, k: usize) -> f64 {
        let r = (2.0 * est + 0.0001).powf(-1.0 / real(k + 1));
        if r < 2.0 {
            if r <= 1.0 {
                return h * 0.5_f64.max(0.9_f64.min(r));
            }
            h
        } else {
            2.0 * h
        }
    }

    /// The step sizes of the shortcut are those of pow, at orders 0 to 7, for estimates
    /// spread over 40 decades, at and a few ulps around both thresholds, and special.
    #[test]
    fn step_size_as_with_power() {
        let mut estimates = vec![0.0, -0.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0];
        estimates.extend((0..40_000).map(|i| 10f64.powf(-30.0 + f64::from(i) * 1e-3)));
        for k in 0..=7 {
            let crossing = 0.5_f64.powi(k as i32 + 1);
            for x in [crossing, 1.0] {
                let est = (x - 0.0001) / 2.0;
                for ulps in -2000_i64..=2000 {
                    estimates.push(f64::from_bits((est.to_bits() as i64 + ulps) as u64));
                }
            }
            for &est in &estimates {
                let (ours, theirs) = (step_after_success(0.3, est, k), with_power(0.3, est, k));
                assert_eq!(ours.to_bits(), theirs.to_bits(), "k = {k}, est = {est:e}");
            }
        }
    }
}
