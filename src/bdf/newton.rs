//! What the modified Newton iterations of DDASTP and DNEDD/DNSD share: the limits a
//! driver hands a step, the iteration count and the convergence-rate estimate
//! (Brenan, Campbell & Petzold 1996, §5.2.2). The iterations themselves stay in each
//! method's folder: their operation orders differ.

use super::matrix::{solve, Shape};
use crate::intrinsics::fmin;
use crate::linalg::linpack::solve_in_registers;

/// Newton iterations per attempt (DDASTP's and DNEDD's MAXIT).
pub const MAX_NEWTON: i32 = 4;

/// Fixed inputs of a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepLimits {
    /// Smallest step size allowed (HMIN).
    pub hmin: f64,
    /// Unit roundoff.
    pub uround: f64,
    /// Newton convergence constant: 0.33 (DDASTP's literal, DDASKR's RWORK(13) EPCON).
    pub epcon: f64,
    /// Whether to enforce a nonnegative solution (DDASSL's INFO(10) = 1, DDASKR's
    /// INFO(10) = 2 or 3).
    pub nonneg: bool,
}

/// The roundoff-level test of the first correction, `DELNRM <= 100·UROUND·PNORM` with
/// PNORM the norm of the prediction. PNORM is at most the prediction's largest weighted
/// component ([`crate::bdf::weights::largest_ratio`]), so a correction above
/// 100·UROUND times that fails the test as it fails the original's (nearly always: the
/// test passes only when the predictor is exact to roundoff); else PNORM, computed from
/// PHI* as the original computes it, decides.
#[derive(Debug, Clone, Copy)]
pub struct RoundoffTest {
    /// 100·UROUND.
    scale: f64,
    /// The prediction's largest weighted component.
    bound: f64,
}

impl RoundoffTest {
    /// The test for a prediction whose largest weighted component is `bound`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn new(uround: f64, bound: f64) -> Self {
        RoundoffTest {
            scale: 100.0 * uround,
            bound,
        }
    }

    /// `DELNRM <= 100·UROUND·PNORM`, PNORM from `pnorm` only when the bound leaves it open.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn passes(&self, delnrm: f64, pnorm: impl FnOnce() -> f64) -> bool {
        delnrm <= self.scale * self.bound && delnrm <= self.scale * pnorm()
    }
}

/// The convergence rate after `m` iterations, from the first correction's norm `oldnrm`
/// and the latest `delnrm`: `(DELNRM/OLDNRM)**(1/M)`. After one iteration the power is
/// 1 and `pow(x, 1)` is `x` (LLVM folds it so where it sees M = 1; glibc's pow agrees bit
/// for bit on 2·10⁸ doubles, subnormals, zeros, infinities and NaN included): said here,
/// the call stays out of the corrector's path however the loop is compiled.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn rate(delnrm: f64, oldnrm: f64, m: i32) -> f64 {
    let ratio = delnrm / oldnrm;
    if m == 1 {
        return ratio;
    }
    ratio.powf(1.0 / f64::from(m))
}

/// One Newton correction (DDASTP loops 355-360, DNSD's scaling, DSLVD and update): the
/// residual in `delta` scaled by `factor`, solved with the factored iteration matrix, and
/// applied to y, E and y' as [`apply_correction`] does. Up to three equations with a
/// dense matrix the correction stays in registers from the scaling to the update (the
/// same operations on each component), so that no pass loads in pairs what the one
/// before has just stored one by one.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn newton_correction(
    shape: &Shape,
    wm: &[f64],
    ipvt: &[i32],
    delta: &mut [f64],
    factor: f64,
    y: &mut [f64],
    e: &mut [f64],
    yp: &mut [f64],
    cj: f64,
    first: bool,
) {
    if !shape.mtype.is_band() {
        let pd = &wm[..shape.lenpd];
        let updates = (&mut *y, &mut *e, &mut *yp);
        let done = match delta.len() {
            1 => few::<1>(pd, ipvt, delta, factor, updates, cj, first),
            2 => few::<2>(pd, ipvt, delta, factor, updates, cj, first),
            3 => few::<3>(pd, ipvt, delta, factor, updates, cj, first),
            _ => false,
        };
        if done {
            return;
        }
    }
    for d in delta.iter_mut() {
        *d *= factor;
    }
    solve(shape, wm, ipvt, delta);
    let neq = delta.len();
    apply_correction(y, &mut e[..neq], yp, delta, cj, first);
}

/// [`newton_correction`] of `N` equations; false, with nothing changed, when the pivots
/// send it to the general solve.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
fn few<const N: usize>(
    pd: &[f64],
    ipvt: &[i32],
    delta: &mut [f64],
    factor: f64,
    (y, e, yp): (&mut [f64], &mut [f64], &mut [f64]),
    cj: f64,
    first: bool,
) -> bool {
    let (delta, y, e, yp) = (&mut delta[..N], &mut y[..N], &mut e[..N], &mut yp[..N]);
    // Each value loaded through an index the compiler cannot see, so that it is loaded
    // alone: the residual and the last update may have stored them one by one.
    let at: [usize; N] = std::array::from_fn(std::hint::black_box);
    let mut b: [f64; N] = std::array::from_fn(|i| delta[at[i]] * factor);
    if !solve_in_registers(pd, ipvt, &mut b) {
        return false;
    }
    let old: [(f64, f64, f64); N] = std::array::from_fn(|i| (y[at[i]], e[at[i]], yp[at[i]]));
    for (i, (d, (yi, ei, ypi))) in b.into_iter().zip(old).enumerate() {
        delta[i] = d;
        y[i] = yi - d;
        e[i] = if first { 0.0 - d } else { ei - d };
        yp[i] = ypi - cj * d;
    }
    true
}

/// The Newton correction DELTA applied to y, E and y' (DDASTP loop 360, DNSD's loop
/// after DSLVD): `y -= δ`, `E -= δ`, `y' -= CJ·δ`. On the `first` iteration E starts
/// from 0 (DDASTP loop 345, DNSD's E = 0), folded in as `0 - δ` so that it is no
/// `memset` call. Out of line: the four arrays as separate arguments of a call tell the
/// compiler that they do not overlap, so no run-time overlap checks are hoisted into
/// every step.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn apply_correction(
    y: &mut [f64],
    e: &mut [f64],
    yp: &mut [f64],
    delta: &[f64],
    cj: f64,
    first: bool,
) {
    let updates = y.iter_mut().zip(e).zip(yp.iter_mut()).zip(delta);
    if first {
        for (((yi, ei), ypi), &d) in updates {
            *yi -= d;
            *ei = 0.0 - d;
            *ypi -= cj * d;
        }
    } else {
        for (((yi, ei), ypi), &d) in updates {
            *yi -= d;
            *ei -= d;
            *ypi -= cj * d;
        }
    }
}

/// The nonnegativity constraint of a converged corrector (DDASTP label 375, DNEDD
/// statement 375): the negative part of y into `delta`; when its `norm` is at most
/// `epcon`, E takes it off and the corrector stands (true). Out of line and cold: its
/// loops' set-up would otherwise be hoisted into every step.
#[cold]
#[inline(never)]
pub fn clip_negative(
    y: &[f64],
    e: &mut [f64],
    delta: &mut [f64],
    epcon: f64,
    norm: impl Fn(&[f64]) -> f64,
) -> bool {
    for (d, yi) in delta.iter_mut().zip(y) {
        *d = fmin(*yi, 0.0);
    }
    if norm(delta) > epcon {
        return false;
    }
    for (ei, d) in e.iter_mut().zip(delta.iter()) {
        *ei -= d;
    }
    true
}
