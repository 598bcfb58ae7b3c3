//! The iteration matrix `G_y + CJ·G_y'` of the direct method: formed from the user's
//! JAC or by finite differences, factored and applied with LINPACK (DMATD, DSLVD).

use super::layout::{Layout, Work, IW_NRE};
use super::Problem;
use crate::dassl::layout::MatrixType;
use crate::dassl::matrix::difference_matrix;
pub use crate::dassl::matrix::MatrixOutcome;
use crate::linalg::linpack::{lu_factor_band, lu_factor_dense, lu_solve_band, lu_solve_dense};

/// The difference increment of DMATD: `max(sqrt(uround)·max(|y|, |h·y'|), 1/rwt)` with
/// the sign of `h·y'`, rounded so that `y + del` is exact. Unlike DDASSL's DDAJAC the
/// weight enters through the reciprocal weight. Both MAX are taken as the reference
/// gfortran build computes them (MAXSD): the first operand only when it is larger, so a
/// NaN weight (from a NaN tolerance) gives a NaN increment, as in the original.
fn increment(squr: f64, y: f64, yp: f64, rwt: f64, h: f64) -> f64 {
    let hyp = h * yp;
    let (ya, hypa) = (y.abs(), hyp.abs());
    let scaled = squr * if ya > hypa { ya } else { hypa };
    let weight = 1.0 / rwt;
    let del = if scaled > weight { scaled } else { weight };
    let del = del.copysign(hyp);
    (y + del) - y
}

/// Forms `PD` at (`t`, `y`, `yp`) and factors it (DMATD). `w.delta` holds the residual
/// there; `w.e` (E in a step, R in the initialisation: both RWORK(LE)) takes the
/// perturbed residuals, which DDASKR counts in IWORK(12); `y` and `yp` are perturbed and
/// restored.
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
    let (pd, save) = w.wm.split_at_mut(lay.lenpd);
    if matches!(
        lay.mtype,
        MatrixType::DenseAnalytic | MatrixType::BandAnalytic
    ) {
        pd.fill(0.0);
        p.jacobian(t, y, yp, cj, pd);
    } else {
        let squr = uround.sqrt();
        let (wt, iw) = (&*w.wt, &mut *w.iw);
        let formed = difference_matrix(
            lay.mtype.is_band().then_some((ml, mu)),
            pd,
            save,
            y,
            yp,
            cj,
            w.delta,
            w.e,
            |yi, ypi, i| increment(squr, yi, ypi, wt[i], h),
            |y, yp, e| {
                iw[IW_NRE] += 1;
                p.residual(t, y, yp, cj, e).ires()
            },
        );
        if let Err(ires) = formed {
            return MatrixOutcome::ResidualFailed(ires);
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
