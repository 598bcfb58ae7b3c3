//! The iteration matrix `PD = G_y + CJ·G_y'`: from the user's JAC or by difference
//! quotients, factored and applied with LINPACK (DDAJAC/DDASLV of DDASSL, DMATD/DSLVD
//! of DDASKR; Brenan, Campbell & Petzold 1996, §5.2.2 and §5.4.1). The difference
//! increment is each method's own and passed in.

use super::layout::MatrixType;
use crate::linalg::linpack::{lu_factor_band, lu_factor_dense, lu_solve_band, lu_solve_dense};

/// How the iteration matrix is stored in WM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// How it is formed and stored (IWORK(4)).
    pub mtype: MatrixType,
    /// Lower bandwidth ML (banded types).
    pub ml: usize,
    /// Upper bandwidth MU (banded types).
    pub mu: usize,
    /// Length of the matrix proper in WM (LENPD); the band save area follows.
    pub lenpd: usize,
}

/// Result of forming and factoring the iteration matrix (DDAJAC's IER and IRES).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixOutcome {
    /// Formed and factored.
    Factored,
    /// A zero pivot appeared (IER != 0).
    Singular,
    /// A residual call for a difference quotient failed with this flag.
    ResidualFailed(super::ResFlag),
}

/// Factors PD, the first LENPD values of `wm`, with pivots `ipvt` (DGEFA / DGBFA as
/// DDAJAC and DMATD call them).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn factor(shape: &Shape, wm: &mut [f64], ipvt: &mut [i32]) -> MatrixOutcome {
    let neq = ipvt.len();
    let pd = &mut wm[..shape.lenpd];
    let info = if shape.mtype.is_band() {
        let (ml, mu) = (shape.ml, shape.mu);
        lu_factor_band(pd, 2 * ml + mu + 1, neq, ml, mu, ipvt)
    } else {
        lu_factor_dense(pd, neq, neq, ipvt)
    };
    if info == 0 {
        MatrixOutcome::Factored
    } else {
        MatrixOutcome::Singular
    }
}

/// Overwrites `v` with the solution of `PD x = v`, PD factored in `wm` with pivots `ipvt`
/// (DDASLV, DSLVD).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn solve(shape: &Shape, wm: &[f64], ipvt: &[i32], v: &mut [f64]) {
    let neq = v.len();
    let pd = &wm[..shape.lenpd];
    if shape.mtype.is_band() {
        let (ml, mu) = (shape.ml, shape.mu);
        lu_solve_band(pd, 2 * ml + mu + 1, neq, ml, mu, ipvt, v);
    } else {
        lu_solve_dense(pd, neq, neq, ipvt, v);
    }
}

/// The iteration matrix by difference quotients, as DDAJAC and DMATD form it: dense, one
/// residual per column; banded (`band` = (ML, MU)), one residual per group of columns
/// ML+MU+1 apart, with y and y' of the group kept in `save`. `delta` holds the residual at
/// (y, y'), `e` takes the perturbed ones; `increment(y_i, y'_i, i)` is the code's own
/// increment. Returns the flag of a failed residual.
#[allow(clippy::too_many_arguments)]
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn difference_matrix(
    band: Option<(usize, usize)>,
    pd: &mut [f64],
    save: &mut [f64],
    y: &mut [f64],
    yp: &mut [f64],
    cj: f64,
    delta: &[f64],
    e: &mut [f64],
    increment: impl Fn(f64, f64, usize) -> f64,
    mut residual: impl FnMut(&[f64], &[f64], &mut [f64]) -> super::ResFlag,
) -> Result<(), super::ResFlag> {
    let neq = y.len();
    let Some((ml, mu)) = band else {
        for i in 0..neq {
            let del = increment(y[i], yp[i], i);
            let (ysave, ypsave) = (y[i], yp[i]);
            y[i] += del;
            yp[i] += cj * del;
            let flag = residual(y, yp, e);
            if flag.ires() < 0 {
                return Err(flag);
            }
            let delinv = 1.0 / del;
            let column = &mut pd[i * neq..(i + 1) * neq];
            for ((p, ei), di) in column.iter_mut().zip(e.iter()).zip(delta.iter()) {
                *p = (ei - di) * delinv;
            }
            y[i] = ysave;
            yp[i] = ypsave;
        }
        return Ok(());
    };
    let mband = ml + mu + 1;
    let meband = mband + ml;
    let msave = neq / mband + 1;
    let (ysaved, ypsaved) = save.split_at_mut(msave);
    for j in 0..mband.min(neq) {
        for (slot, n) in (j..neq).step_by(mband).enumerate() {
            ysaved[slot] = y[n];
            ypsaved[slot] = yp[n];
            let del = increment(y[n], yp[n], n);
            y[n] += del;
            yp[n] += cj * del;
        }
        let flag = residual(y, yp, e);
        if flag.ires() < 0 {
            return Err(flag);
        }
        for (slot, n) in (j..neq).step_by(mband).enumerate() {
            y[n] = ysaved[slot];
            yp[n] = ypsaved[slot];
            let del = increment(y[n], yp[n], n);
            let delinv = 1.0 / del;
            let first = n.saturating_sub(mu);
            let last = (neq - 1).min(n + ml);
            for i in first..=last {
                pd[n * meband + i + ml + mu - n] = (e[i] - delta[i]) * delinv;
            }
        }
    }
    Ok(())
}
