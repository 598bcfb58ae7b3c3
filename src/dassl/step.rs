//! One step of the fixed-leading-coefficient BDF method in modified divided-difference
//! form, with its predictor, modified Newton corrector, error test and order/step-size
//! selection (DDASTP; Brenan, Campbell & Petzold 1996, §5.2-5.4).

use std::cmp::Ordering;

use super::layout::{
    IW_CTF, IW_ETF, IW_JCALC, IW_K, IW_KOLD, IW_MXORD, IW_NJE, IW_NRE, IW_NS, IW_NST, IW_PHASE,
    RW_ALPHA, RW_BETA, RW_CJ, RW_CJOLD, RW_GAMMA, RW_HOLD, RW_PSI, RW_S, RW_SIGMA,
};
use super::matrix::{MatrixOutcome, Work};
use super::vectors::{interpolate, weighted_rms};
use super::Residual;

/// Newton iterations per attempt (DDASTP's MAXIT).
const MAX_NEWTON: i32 = 4;
/// Largest relative change of CJ tolerated before the iteration matrix is re-formed
/// (DDASTP's XRATE).
const CJ_RATE: f64 = 0.25;

/// The step's state kept in RWORK/IWORK between steps, loaded on entry and stored on
/// exit. DDASSL and DDASKR keep these in the same slots (RWORK(5..8), IWORK(5..9)).
pub(crate) struct Carried {
    pub cj: f64,
    pub cjold: f64,
    pub hold: f64,
    pub s: f64,
    pub phase: i32,
    pub jcalc: i32,
    pub k: usize,
    pub kold: usize,
    pub ns: usize,
}

/// Whether the original's `IF (A .GT. B) GO TO` falls through: `a <= b`, or either is
/// NaN (a Fortran comparison with NaN is false, so the original takes this side).
pub(crate) fn not_gt(a: f64, b: f64) -> bool {
    a.partial_cmp(&b) != Some(Ordering::Greater)
}

/// Whether the original's `IF (A .LE. B) GO TO` falls through: `a > b`, or either is NaN.
pub(crate) fn not_le(a: f64, b: f64) -> bool {
    !matches!(a.partial_cmp(&b), Some(Ordering::Less | Ordering::Equal))
}

/// A non-negative count or order stored in IWORK, as an index.
pub(crate) fn as_index(v: i32) -> usize {
    usize::try_from(v).unwrap_or(0)
}

fn as_count(v: usize) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

impl Carried {
    /// Reads the state from RWORK's and IWORK's heads.
    pub(crate) fn load(head: &[f64], iw: &[i32]) -> Self {
        Carried {
            cj: head[RW_CJ],
            cjold: head[RW_CJOLD],
            hold: head[RW_HOLD],
            s: head[RW_S],
            phase: iw[IW_PHASE],
            jcalc: iw[IW_JCALC],
            k: as_index(iw[IW_K]),
            kold: as_index(iw[IW_KOLD]),
            ns: as_index(iw[IW_NS]),
        }
    }

    /// Writes the state back.
    pub(crate) fn store(&self, head: &mut [f64], iw: &mut [i32]) {
        head[RW_CJ] = self.cj;
        head[RW_CJOLD] = self.cjold;
        head[RW_HOLD] = self.hold;
        head[RW_S] = self.s;
        iw[IW_PHASE] = self.phase;
        iw[IW_JCALC] = self.jcalc;
        iw[IW_K] = as_count(self.k);
        iw[IW_KOLD] = as_count(self.kold);
        iw[IW_NS] = as_count(self.ns);
    }
}

/// Offsets inside the 30 method coefficients both codes keep consecutively in RWORK:
/// ALPHA(6), BETA(6), GAMMA(6), PSI(6), SIGMA(6).
pub(crate) const C_ALPHA: usize = 0;
pub(crate) const C_BETA: usize = 6;
pub(crate) const C_GAMMA: usize = 12;
pub(crate) const C_PSI: usize = 18;
pub(crate) const C_SIGMA: usize = 24;

/// The coefficients of the fixed-leading-coefficient formulas of order `k` for step `h`
/// (DDASTP/DDSTP statements 200-240; BCP §5.2.1), recomputed unless the last `ns` steps
/// had this step size and order. Returns CJ and the error constant CK.
pub(crate) fn method_coefficients(c: &mut [f64], h: f64, k: usize, ns: usize) -> (f64, f64) {
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

/// The step size after a successful step of new order `k` with error estimate `est`
/// (labels 550-560): doubled when the estimate allows a factor 2 or more, kept when it
/// allows more than 1, else cut to between 0.5 and 0.9 times. `IF(R .LT. 2.0D0)` sends
/// a NaN R to the doubling, as the original.
pub(crate) fn step_after_success(h: f64, est: f64, k: usize) -> f64 {
    let r = (2.0 * est + 0.0001).powf(-1.0 / (k + 1) as f64);
    if r < 2.0 {
        if r <= 1.0 {
            let r = 0.5_f64.max(0.9_f64.min(r));
            return h * r;
        }
        h
    } else {
        2.0 * h
    }
}

/// Columns `from..=to` (1-based, as the original's J) of PHI (NEQ per column) times
/// BETA(J) (`undo`: divided by it, as 1/BETA(J)·PHI when a step is rejected).
pub(crate) fn scale_differences(
    phi: &mut [f64],
    neq: usize,
    beta: &[f64],
    from: usize,
    to: usize,
    undo: bool,
) {
    for j in from..=to {
        let factor = if undo { 1.0 / beta[j - 1] } else { beta[j - 1] };
        for p in &mut phi[(j - 1) * neq..j * neq] {
            *p *= factor;
        }
    }
}

/// Fixed inputs of a step.
pub struct StepLimits {
    /// Smallest step size allowed.
    pub hmin: f64,
    /// Unit roundoff.
    pub uround: f64,
    /// Whether to enforce a nonnegative solution (INFO(10)).
    pub nonneg: bool,
}

/// Column `j` (0-based) of the divided differences.
fn column(phi: &[f64], neq: usize, j: usize) -> &[f64] {
    &phi[j * neq..(j + 1) * neq]
}

/// Column `j` (0-based) of the divided differences, writable.
fn column_mut(phi: &mut [f64], neq: usize, j: usize) -> &mut [f64] {
    &mut phi[j * neq..(j + 1) * neq]
}

/// How the corrector ended.
enum Corrector {
    Converged,
    Failed,
}

/// Takes one step from `*x` with step size `*h` (DDASTP). `jstart` is INFO(1): 0 before the
/// first step, set to 1 here. Returns IDID: 1 on success (`*x`, `y`, `yp` advanced, `*h`
/// and the order chosen for the next step), or -6 … -11 with `y`, `yp` interpolated back
/// at `*x`.
#[allow(clippy::too_many_arguments)]
pub fn take_step<R: Residual + ?Sized>(
    res: &mut R,
    x: &mut f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: &mut f64,
    jstart: &mut i32,
    w: &mut Work<'_>,
    lim: &StepLimits,
) -> i32 {
    let neq = y.len();
    let maxord = as_index(w.iw[IW_MXORD]);
    let mut v = Carried::load(w.head, w.iw);
    let mut ncf = 0;
    let mut nsf = 0;
    let mut nef = 0;
    let mut singular = false;
    let mut ires;

    if *jstart == 0 {
        w.iw[IW_ETF] = 0;
        w.iw[IW_CTF] = 0;
        v.k = 1;
        v.kold = 0;
        v.hold = 0.0;
        *jstart = 1;
        w.head[RW_PSI] = *h;
        v.cjold = 1.0 / *h;
        v.cj = v.cjold;
        v.s = 100.0;
        v.jcalc = -1;
        v.phase = 0;
        v.ns = 0;
    }

    let idid = loop {
        // Block 2: coefficients of the formulas for this step (§5.2.1).
        let k = v.k;
        let kp1 = k + 1;
        let xold = *x;
        if *h != v.hold || k != v.kold {
            v.ns = 0;
        }
        v.ns = (v.ns + 1).min(v.kold + 2);
        let nsp1 = v.ns + 1;
        let cjlast = v.cj;
        let (cj, ck) = method_coefficients(&mut w.head[RW_ALPHA..RW_ALPHA + 30], *h, k, v.ns);
        v.cj = cj;
        let low = (1.0 - CJ_RATE) / (1.0 + CJ_RATE);
        let high = 1.0 / low;
        if v.cj / v.cjold < low || v.cj / v.cjold > high {
            v.jcalc = -1;
        }
        if v.cj != cjlast {
            v.s = 100.0;
        }
        // PHI to PHI* (§5.2.1).
        let beta = &w.head[RW_BETA..RW_BETA + 6];
        scale_differences(w.phi, neq, beta, nsp1, kp1, false);
        *x += *h;

        // Block 3: predict, then the modified Newton iteration (§5.2.2).
        let outcome = 'newton: loop {
            y.copy_from_slice(column(w.phi, neq, 0));
            yp.fill(0.0);
            for j in 1..kp1 {
                let gamma = w.head[RW_GAMMA + j];
                for ((yi, ypi), p) in y.iter_mut().zip(yp.iter_mut()).zip(column(w.phi, neq, j)) {
                    *yi += p;
                    *ypi += gamma * p;
                }
            }
            let pnorm = weighted_rms(y, w.wt);

            let mut m = 0;
            w.iw[IW_NRE] += 1;
            ires = res.residual(*x, y, yp, w.delta).ires();
            if ires < 0 {
                break 'newton Corrector::Failed;
            }
            if v.jcalc == -1 {
                w.iw[IW_NJE] += 1;
                v.jcalc = 0;
                let formed = w.form_matrix(res, *x, y, yp, v.cj, *h, lim.uround);
                v.cjold = v.cj;
                v.s = 100.0;
                match formed {
                    MatrixOutcome::Factored => singular = false,
                    MatrixOutcome::Singular => {
                        singular = true;
                        break 'newton Corrector::Failed;
                    }
                    MatrixOutcome::ResidualFailed(flag) => {
                        ires = flag;
                        singular = false;
                        break 'newton Corrector::Failed;
                    }
                }
                nsf = 0;
            }
            w.e.fill(0.0);
            let mut oldnrm = 0.0;
            let stalled = loop {
                let accel = 2.0 / (1.0 + v.cj / v.cjold);
                for d in w.delta.iter_mut() {
                    *d *= accel;
                }
                w.solve_delta();
                for (((yi, ei), ypi), d) in y
                    .iter_mut()
                    .zip(w.e.iter_mut())
                    .zip(yp.iter_mut())
                    .zip(w.delta.iter())
                {
                    *yi -= d;
                    *ei -= d;
                    *ypi -= v.cj * d;
                }
                let delnrm = weighted_rms(w.delta, w.wt);
                // The roundoff-level test applies to the first correction only: the
                // netlib revision 000711 of DDASTP (as DDASKR's DNSD); the SLATEC
                // revision 910624 applied it on every iteration.
                if m == 0 && delnrm <= 100.0 * lim.uround * pnorm {
                    break false;
                }
                if m > 0 {
                    let rate = (delnrm / oldnrm).powf(1.0 / f64::from(m));
                    if rate > 0.90 {
                        break true;
                    }
                    v.s = rate / (1.0 - rate);
                } else {
                    oldnrm = delnrm;
                }
                if v.s * delnrm <= 0.33 {
                    break false;
                }
                m += 1;
                if m >= MAX_NEWTON {
                    break true;
                }
                w.iw[IW_NRE] += 1;
                ires = res.residual(*x, y, yp, w.delta).ires();
                if ires < 0 {
                    break 'newton Corrector::Failed;
                }
            };
            if stalled {
                if v.jcalc == 0 {
                    break 'newton Corrector::Failed;
                }
                v.jcalc = -1;
                continue 'newton;
            }
            if lim.nonneg {
                for (d, yi) in w.delta.iter_mut().zip(y.iter()) {
                    *d = yi.min(0.0);
                }
                if weighted_rms(w.delta, w.wt) > 0.33 {
                    break 'newton Corrector::Failed;
                }
                for (ei, d) in w.e.iter_mut().zip(w.delta.iter()) {
                    *ei -= d;
                }
            }
            break 'newton Corrector::Converged;
        };
        v.jcalc = 1;

        // Block 4: error estimates at orders k, k-1, k-2 and the error test (§5.3).
        let mut knew = k;
        let mut est = 0.0;
        let mut err = 0.0;
        let mut terk = 0.0;
        let mut terkm1 = 0.0;
        let mut erkm1 = 0.0;
        let converged = matches!(outcome, Corrector::Converged);
        if converged {
            let enorm = weighted_rms(w.e, w.wt);
            let erk = w.head[RW_SIGMA + k] * enorm;
            terk = (k + 1) as f64 * erk;
            est = erk;
            if k != 1 {
                for ((d, p), ei) in w
                    .delta
                    .iter_mut()
                    .zip(column(w.phi, neq, kp1 - 1))
                    .zip(w.e.iter())
                {
                    *d = p + ei;
                }
                erkm1 = w.head[RW_SIGMA + k - 1] * weighted_rms(w.delta, w.wt);
                terkm1 = k as f64 * erkm1;
                let lower = if k <= 2 {
                    terkm1 <= 0.5 * terk
                } else {
                    for (d, p) in w.delta.iter_mut().zip(column(w.phi, neq, k - 1)) {
                        *d += p;
                    }
                    let erkm2 = w.head[RW_SIGMA + k - 2] * weighted_rms(w.delta, w.wt);
                    let terkm2 = (k - 1) as f64 * erkm2;
                    // Label 410: IF(MAX(TERKM1,TERKM2).GT.TERK) GO TO 430, else lower
                    // the order; NaN falls through to 420. MAX as the reference
                    // gfortran build computes it: TERKM1 unless TERKM2 is larger.
                    let largest = if terkm2 > terkm1 { terkm2 } else { terkm1 };
                    not_gt(largest, terk)
                };
                if lower {
                    knew = k - 1;
                    est = erkm1;
                }
            }
            err = ck * enorm;
        }

        // Label 430: IF(ERR .GT. 1.0D0) GO TO 600, so a NaN error estimate passes.
        if converged && not_gt(err, 1.0) {
            // Block 5: the step succeeded; choose order and step size, update PHI (§5.4).
            w.iw[IW_NST] += 1;
            let kdiff = k as i64 - v.kold as i64;
            v.kold = k;
            v.hold = *h;
            if knew + 1 == k || k == maxord {
                v.phase = 1;
            }
            if v.phase == 0 {
                v.k = kp1;
                *h *= 2.0;
            } else {
                enum Order {
                    Keep,
                    Lower,
                    Raise(f64),
                }
                let choice = if knew + 1 == k {
                    Order::Lower
                } else if k == maxord || kp1 >= v.ns || kdiff == 1 {
                    Order::Keep
                } else {
                    for ((d, ei), p) in w
                        .delta
                        .iter_mut()
                        .zip(w.e.iter())
                        .zip(column(w.phi, neq, kp1))
                    {
                        *d = ei - p;
                    }
                    let erkp1 = (1.0 / (k + 2) as f64) * weighted_rms(w.delta, w.wt);
                    let terkp1 = (k + 2) as f64 * erkp1;
                    if k > 1 {
                        // Label 520: MIN(TERK,TERKP1) as the reference gfortran build
                        // computes it: TERK only when it is the smaller (not NaN).
                        let smallest = if terk < terkp1 { terk } else { terkp1 };
                        if terkm1 <= smallest {
                            Order::Lower
                        } else if terkp1 >= terk || k == maxord {
                            Order::Keep
                        } else {
                            Order::Raise(erkp1)
                        }
                    } else if terkp1 >= 0.5 * terk {
                        Order::Keep
                    } else {
                        Order::Raise(erkp1)
                    }
                };
                match choice {
                    Order::Keep => {}
                    Order::Lower => {
                        v.k = k - 1;
                        est = erkm1;
                    }
                    Order::Raise(erkp1) => {
                        v.k = kp1;
                        est = erkp1;
                    }
                }
                *h = step_after_success(*h, est, v.k);
            }
            // Update the differences for the next step.
            if v.kold != maxord {
                column_mut(w.phi, neq, kp1).copy_from_slice(w.e);
            }
            for (p, ei) in column_mut(w.phi, neq, kp1 - 1).iter_mut().zip(w.e.iter()) {
                *p += ei;
            }
            for j in (0..kp1 - 1).rev() {
                let (lo, hi) = w.phi.split_at_mut((j + 1) * neq);
                for (p, q) in lo[j * neq..].iter_mut().zip(&hi[..neq]) {
                    *p += q;
                }
            }
            break 1;
        }

        // Block 6: the step failed; restore x, PHI and PSI and pick a smaller step (§5.4.2).
        v.phase = 1;
        *x = xold;
        let beta = &w.head[RW_BETA..RW_BETA + 6];
        scale_differences(w.phi, neq, beta, nsp1, kp1, true);
        for i in 1..kp1 {
            w.head[RW_PSI + i - 1] = w.head[RW_PSI + i] - *h;
        }
        // The step-size factor R of the retry, and whether the limits allow one.
        let (r, retry) = if !converged {
            w.iw[IW_CTF] += 1;
            if singular {
                nsf += 1;
                *h *= 0.25;
                if !(nsf < 3 && h.abs() >= lim.hmin) {
                    break -8;
                }
            } else {
                if ires <= -2 {
                    break -11;
                }
                ncf += 1;
                *h *= 0.25;
                if !(ncf < 10 && h.abs() >= lim.hmin) {
                    let mut code = -7;
                    if ires < 0 {
                        code = -10;
                    }
                    if nef >= 3 {
                        code = -9;
                    }
                    break code;
                }
            }
            (0.25, true)
        } else {
            nef += 1;
            w.iw[IW_ETF] += 1;
            let r = if nef == 1 {
                v.k = knew;
                let exponent = (v.k + 1) as f64;
                let r = 0.90 * (2.0 * est + 0.0001).powf(-1.0 / exponent);
                0.25_f64.max(0.9_f64.min(r))
            } else if nef == 2 {
                v.k = knew;
                0.25
            } else {
                v.k = 1;
                0.25
            };
            *h *= r;
            (r, h.abs() >= lim.hmin)
        };
        if !retry {
            break -6;
        }
        // Label 690 (netlib revision 951030): a failed first step also restarts the
        // history, PSI(1) = H and PHI(*,2) scaled by R, so that the retry's ALPHA(2) and
        // error constant belong to the new step size.
        if v.kold == 0 {
            w.head[RW_PSI] = *h;
            for p in column_mut(w.phi, neq, 1) {
                *p *= r;
            }
        }
    };

    if idid < 0 {
        interpolate(*x, *x, y, yp, v.k, w.phi, &w.head[RW_PSI..RW_PSI + 6]);
    }
    v.store(w.head, w.iw);
    idid
}
