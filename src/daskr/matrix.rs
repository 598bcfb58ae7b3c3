//! The iteration matrix `G_y + CJ·G_y'` of the direct method (DMATD): DMATD's own
//! difference increment over the shared forming and factoring of [`crate::bdf::matrix`].

use super::layout::{Work, IW_NRE};
use super::Problem;
use crate::bdf::matrix::{difference_matrix, factor, MatrixOutcome};

/// The difference increment of DMATD: `max(sqrt(uround)·max(|y|, |h·y'|), 1/rwt)` with
/// the sign of `h·y'`, rounded so that `y + del` is exact. Unlike DDASSL's DDAJAC the
/// weight enters through the reciprocal weight. Both MAX are taken as the reference
/// gfortran build computes them (MAXSD): the first operand only when it is larger, so a
/// NaN weight (from a NaN tolerance) gives a NaN increment, as in the original.
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
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
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
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
    let shape = w.shape;
    let (pd, save) = w.wm.split_at_mut(shape.lenpd);
    if shape.mtype.is_analytic() {
        pd.fill(0.0);
        p.jacobian(t, y, yp, cj, pd);
    } else {
        let squr = uround.sqrt();
        let (wt, iw) = (&*w.wt, &mut *w.iw);
        let formed = difference_matrix(
            shape.mtype.is_band().then_some((shape.ml, shape.mu)),
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
                p.residual(t, y, yp, cj, e)
            },
        );
        if let Err(flag) = formed {
            return MatrixOutcome::ResidualFailed(flag);
        }
    }
    factor(&shape, w.wm, w.ipvt)
}
