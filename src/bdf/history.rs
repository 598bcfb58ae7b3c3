//! The modified divided differences PHI (NEQ per column, MXORD+1 columns or more), the
//! history both codes step with: scaled to PHI* before a step and back after a failure,
//! summed into the predictor, updated after a success, and interpolated for output
//! (DDASTP/DDSTP statements 240, 300, 575-595, 600-690; DDATRP; Brenan, Campbell &
//! Petzold 1996, §5.2).

use super::coefficients::{C_BETA, C_GAMMA, C_PSI};

/// Below this many equations the predictor and the update of PHI run element by element
/// across the columns: for two or three equations the set-up of a loop per column costs
/// more than its arithmetic. Each element sees the same operations in the same order
/// either way.
const FEW: usize = 4;

/// Column `j` (0-based) of the divided differences.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn column(phi: &[f64], neq: usize, j: usize) -> &[f64] {
    &phi[j * neq..(j + 1) * neq]
}

/// Column `j` (0-based) of the divided differences, writable.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn column_mut(phi: &mut [f64], neq: usize, j: usize) -> &mut [f64] {
    &mut phi[j * neq..(j + 1) * neq]
}

/// Columns `from..=to` (1-based, as the original's J) of PHI times BETA(J) (`undo`:
/// divided by it, as 1/BETA(J)·PHI when a step is rejected). Empty when `from > to`.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn scale_differences(
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

/// The predictor of order `k` (statement 300): `y = Σ PHI(*,j)`, `y' = Σ GAMMA(j)·PHI(*,j)`
/// over the `k + 1` columns of PHI*, from the coefficient block `c`. The start
/// `Y = PHI(*,1)`, `Y' = 0` is folded into the first sum (`0 + γ·p`, kept as an addition
/// for the sign of a zero) so that it does not become a `memcpy` and a `memset` call.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn predict(phi: &[f64], c: &[f64], k: usize, y: &mut [f64], yp: &mut [f64]) {
    let neq = y.len();
    let yp = &mut yp[..neq];
    if neq < FEW {
        let gamma = &c[C_GAMMA + 1..=C_GAMMA + k];
        match neq {
            1 => predict_few::<1>(phi, gamma, y, yp),
            2 => predict_few::<2>(phi, gamma, y, yp),
            3 => predict_few::<3>(phi, gamma, y, yp),
            _ => {}
        }
        return;
    }
    let first = &phi[..neq];
    if k == 0 {
        y.copy_from_slice(first);
        yp.fill(0.0);
        return;
    }
    let gamma = c[C_GAMMA + 1];
    let second = &phi[neq..2 * neq];
    for (((yi, ypi), &p0), &p) in y.iter_mut().zip(yp.iter_mut()).zip(first).zip(second) {
        *yi = p0 + p;
        *ypi = 0.0 + gamma * p;
    }
    for j in 2..=k {
        let gamma = c[C_GAMMA + j];
        let col = &phi[j * neq..(j + 1) * neq];
        for ((yi, ypi), &p) in y.iter_mut().zip(yp.iter_mut()).zip(col) {
            *yi += p;
            *ypi += gamma * p;
        }
    }
}

/// Component `i` of [`predict`]'s y at order `k` from PHI*, summed in its order.
pub fn predicted(phi: &[f64], neq: usize, k: usize, i: usize) -> f64 {
    let mut y = phi[i];
    for j in 1..=k {
        y += phi[j * neq + i];
    }
    y
}

/// [`predict`] of `N` equations: the sums in registers, each column's elements loaded
/// one by one (through indices the compiler cannot see: knowing them, it loads pairs of
/// a column the update of PHI has just stored element by element).
#[inline(always)]
fn predict_few<const N: usize>(phi: &[f64], gamma: &[f64], y: &mut [f64], yp: &mut [f64]) {
    let phi = &phi[..(gamma.len() + 1) * N];
    let at: [usize; N] = std::array::from_fn(std::hint::black_box);
    let mut sum: [f64; N] = std::array::from_fn(|i| phi[at[i]]);
    let mut derivative = [0.0; N];
    for (col, &g) in phi[N..].chunks_exact(N).zip(gamma) {
        for i in 0..N {
            let p = col[at[i]];
            sum[i] += p;
            derivative[i] += g * p;
        }
    }
    y[..N].copy_from_slice(&sum);
    yp[..N].copy_from_slice(&derivative);
}

/// PHI after a successful step of order `k` with corrector change `e` (statements
/// 575-595): column K+2 takes E unless `k` is the maximum order, column K+1 adds it, and
/// each lower column adds the one above. The copy into column K+2 shares the loop of
/// column K+1 so that it does not become a `memcpy` call.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn update_differences(phi: &mut [f64], e: &[f64], k: usize, maxord: usize) {
    let neq = e.len();
    let kp1 = k + 1;
    if neq < FEW {
        let copy = k != maxord;
        let phi = &mut phi[..(kp1 + usize::from(copy)) * neq];
        for (i, &ei) in e.iter().enumerate() {
            let mut at = k * neq + i;
            if copy {
                phi[at + neq] = ei;
            }
            phi[at] += ei;
            let mut above = phi[at];
            for _ in 0..k {
                at -= neq;
                phi[at] += above;
                above = phi[at];
            }
        }
        return;
    }
    let (lower, upper) = phi.split_at_mut(kp1 * neq);
    let top = &mut lower[k * neq..];
    if k != maxord {
        for ((p, q), &ei) in top.iter_mut().zip(&mut upper[..neq]).zip(e) {
            *q = ei;
            *p += ei;
        }
    } else {
        for (p, &ei) in top.iter_mut().zip(e) {
            *p += ei;
        }
    }
    for j in (0..k).rev() {
        let (lo, hi) = lower.split_at_mut((j + 1) * neq);
        for (p, &q) in lo[j * neq..].iter_mut().zip(&hi[..neq]) {
            *p += q;
        }
    }
}

/// Undoes the preparation of a rejected step of order `k` with step size `h` (statements
/// 600-640): PHI* back to PHI for the columns from NS+1, PSI shifted back.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn undo_step(c: &mut [f64], phi: &mut [f64], neq: usize, ns: usize, k: usize, h: f64) {
    let kp1 = k + 1;
    scale_differences(phi, neq, &c[C_BETA..C_BETA + 6], ns + 1, kp1, true);
    for i in 1..kp1 {
        c[C_PSI + i - 1] = c[C_PSI + i] - h;
    }
}

/// Label 690 (DDASSL netlib revision 951030, DDASKR): a failed first step restarts the
/// history with the retry's step size `h`, PSI(1) = H and PHI(*,2) scaled by the step
/// factor `r`, so that ALPHA(2) and the error constant belong to the new step size.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn restart_first_step(c: &mut [f64], phi: &mut [f64], neq: usize, h: f64, r: f64) {
    c[C_PSI] = h;
    for p in column_mut(phi, neq, 1) {
        *p *= r;
    }
}

/// Evaluates the predictor polynomial of order `kold` through the divided differences
/// `phi` at `tout`, from the current point `tn` (DDATRP): the solution into `yout`, its
/// derivative into `ypout` (Brenan, Campbell & Petzold 1996, §5.2.3).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
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
    let ypout = &mut ypout[..neq];
    let dist = tout - tn;
    let first = &phi[..neq];
    if kold == 0 {
        yout.copy_from_slice(first);
        ypout.fill(0.0);
        return;
    }
    let mut gamma = dist / psi[0];
    // J = 2 with the start YOUT = PHI(*,1), YPOUT = 0 folded in, as in [`predict`].
    let mut d = 0.0 * gamma + 1.0 / psi[0];
    let mut c = gamma;
    gamma = (dist + psi[0]) / psi[1];
    let second = &phi[neq..2 * neq];
    for (((yi, ypi), &p0), &p) in yout.iter_mut().zip(ypout.iter_mut()).zip(first).zip(second) {
        *yi = p0 + c * p;
        *ypi = 0.0 + d * p;
    }
    for j in 2..=kold {
        d = d * gamma + c / psi[j - 1];
        c *= gamma;
        gamma = (dist + psi[j - 1]) / psi[j];
        let col = &phi[j * neq..(j + 1) * neq];
        for ((yi, ypi), &p) in yout.iter_mut().zip(ypout.iter_mut()).zip(col) {
            *yi += c * p;
            *ypi += d * p;
        }
    }
}
