//! The iteration matrix `G_y + CJ·G_y'` of the direct method: formed from the user's
//! JAC or by finite differences, factored and applied with LINPACK (DMATD, DSLVD).

use super::layout::{Layout, Work, IW_NRE};
use super::Problem;
use crate::dassl::layout::MatrixType;
use crate::linalg::linpack::{lu_factor_band, lu_factor_dense, lu_solve_band, lu_solve_dense};

/// How forming the matrix ended (DMATD's IER and IRES).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixOutcome {
    /// Formed and factored.
    Factored,
    /// A zero pivot (IER != 0).
    Singular,
    /// A residual call of a difference quotient returned this negative IRES.
    ResidualFailed(i32),
}

/// The difference increment of DMATD: `max(sqrt(uround)·max(|y|, |h·y'|), 1/rwt)` with
/// the sign of `h·y'`, rounded so that `y + del` is exact. Unlike DDASSL's DDAJAC the
/// weight enters through the reciprocal weight.
fn increment(squr: f64, y: f64, yp: f64, rwt: f64, h: f64) -> f64 {
    let hyp = h * yp;
    let del = (squr * y.abs().max(hyp.abs())).max(1.0 / rwt);
    let del = del.copysign(hyp);
    (y + del) - y
}

/// Forms `PD` at (`t`, `y`, `yp`) and factors it (DMATD). `w.delta` holds the residual
/// there; `w.e` (E in a step, R in the initialisation: both RWORK(LE)) takes the
/// perturbed residuals; `y` and `yp` are perturbed and restored.
#[allow(clippy::too_many_arguments)]
pub fn form_matrix<P: Problem + ?Sized>(
    p: &mut P,
    w: &mut Work<'_>,
    t: f64,
    y: &mut [f64],
    yp: &mut [f64],
    cj: f64,
    h: f64,
    uround: f64,
) -> MatrixOutcome {
    let neq = y.len();
    let lay = w.layout;
    let (ml, mu) = (lay.ml, lay.mu);
    let e = &mut *w.e;
    let (pd, save) = w.wm.split_at_mut(lay.lenpd);
    match lay.mtype {
        MatrixType::DenseAnalytic | MatrixType::BandAnalytic => {
            pd.fill(0.0);
            p.jacobian(t, y, yp, cj, pd);
        }
        MatrixType::DenseNumerical => {
            let squr = uround.sqrt();
            for i in 0..neq {
                let del = increment(squr, y[i], yp[i], w.wt[i], h);
                let (ysave, ypsave) = (y[i], yp[i]);
                y[i] += del;
                yp[i] += cj * del;
                w.iw[IW_NRE] += 1;
                let ires = p.residual(t, y, yp, cj, e).ires();
                if ires < 0 {
                    return MatrixOutcome::ResidualFailed(ires);
                }
                let delinv = 1.0 / del;
                let column = &mut pd[i * neq..(i + 1) * neq];
                for ((c, ei), di) in column.iter_mut().zip(e.iter()).zip(w.delta.iter()) {
                    *c = (ei - di) * delinv;
                }
                y[i] = ysave;
                yp[i] = ypsave;
            }
        }
        MatrixType::BandNumerical => {
            let mband = ml + mu + 1;
            let meband = mband + ml;
            let msave = neq / mband + 1;
            let (ysaved, ypsaved) = save.split_at_mut(msave);
            let squr = uround.sqrt();
            for j in 0..mband.min(neq) {
                for (slot, n) in (j..neq).step_by(mband).enumerate() {
                    ysaved[slot] = y[n];
                    ypsaved[slot] = yp[n];
                    let del = increment(squr, y[n], yp[n], w.wt[n], h);
                    y[n] += del;
                    yp[n] += cj * del;
                }
                w.iw[IW_NRE] += 1;
                let ires = p.residual(t, y, yp, cj, e).ires();
                if ires < 0 {
                    return MatrixOutcome::ResidualFailed(ires);
                }
                for (slot, n) in (j..neq).step_by(mband).enumerate() {
                    y[n] = ysaved[slot];
                    yp[n] = ypsaved[slot];
                    let del = increment(squr, y[n], yp[n], w.wt[n], h);
                    let delinv = 1.0 / del;
                    let first = n.saturating_sub(mu);
                    let last = (neq - 1).min(n + ml);
                    for i in first..=last {
                        pd[n * meband + i + ml + mu - n] = (e[i] - w.delta[i]) * delinv;
                    }
                }
            }
        }
    }
    let info = if lay.mtype.is_band() {
        lu_factor_band(pd, 2 * ml + mu + 1, neq, ml, mu, w.ipvt)
    } else {
        lu_factor_dense(pd, neq, neq, w.ipvt)
    };
    if info == 0 {
        MatrixOutcome::Factored
    } else {
        MatrixOutcome::Singular
    }
}

/// Overwrites `v` with the solution of `PD x = v`, PD factored in `wm` with pivots
/// `ipvt` (DSLVD).
pub fn solve(lay: &Layout, wm: &[f64], ipvt: &[i32], v: &mut [f64]) {
    let neq = v.len();
    let pd = &wm[..lay.lenpd];
    if lay.mtype.is_band() {
        lu_solve_band(pd, 2 * lay.ml + lay.mu + 1, neq, lay.ml, lay.mu, ipvt, v);
    } else {
        lu_solve_dense(pd, neq, neq, ipvt, v);
    }
}
