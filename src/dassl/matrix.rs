//! DDASSL's work arrays cut into their pieces, and its iteration matrix `G_y + CJ·G_y'`
//! (DDAJAC, DDASLV; Brenan, Campbell & Petzold 1996, §5.2.2 and §5.4.1): DDAJAC's own
//! difference increment over the shared forming and factoring of [`crate::bdf::matrix`].

use super::layout::{IW_HEADER, IW_ML, IW_MU, IW_MXORD, RW_DELTA};
use super::Residual;
use crate::bdf::layout::{as_index, MatrixType};
use crate::bdf::matrix::{difference_matrix, factor, solve, MatrixOutcome, Shape};
use crate::bdf::newton::newton_correction;
use crate::intrinsics::fmax;

/// RWORK and IWORK cut into the pieces the original addresses by offset.
pub struct Work<'a> {
    /// RWORK(1..40): scalars and the ALPHA, BETA, GAMMA, PSI, SIGMA arrays.
    pub head: &'a mut [f64],
    /// DELTA: residual, then Newton correction.
    pub delta: &'a mut [f64],
    /// E: accumulated corrector change (error estimate).
    pub e: &'a mut [f64],
    /// WT: error weights.
    pub wt: &'a mut [f64],
    /// PHI: modified divided differences, NEQ per column, MXORD+1 columns.
    pub phi: &'a mut [f64],
    /// WM: the iteration matrix and its LU factors, then the band difference save area.
    pub wm: &'a mut [f64],
    /// IWORK(1..20).
    pub iw: &'a mut [i32],
    /// IWORK(21..20+NEQ): pivots.
    pub ipvt: &'a mut [i32],
    /// How the iteration matrix is formed and stored.
    pub shape: Shape,
}

impl<'a> Work<'a> {
    /// Cuts RWORK and IWORK, whose lengths the caller has checked against LENRW/LENIW for
    /// IWORK(3) = MXORD and the matrix length `lenpd`. Inline: the driver cuts them on
    /// every call, and the cut is cheaper than the call and the copy of the result.
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    pub fn split(
        rwork: &'a mut [f64],
        iwork: &'a mut [i32],
        neq: usize,
        mtype: MatrixType,
        lenpd: usize,
    ) -> Self {
        let mxord = as_index(iwork[IW_MXORD]);
        let shape = Shape {
            mtype,
            ml: as_index(iwork[IW_ML]),
            mu: as_index(iwork[IW_MU]),
            lenpd,
        };
        let (head, rest) = rwork.split_at_mut(RW_DELTA);
        let (delta, rest) = rest.split_at_mut(neq);
        let (e, rest) = rest.split_at_mut(neq);
        let (wt, rest) = rest.split_at_mut(neq);
        let (phi, wm) = rest.split_at_mut((mxord + 1) * neq);
        let (iw, rest) = iwork.split_at_mut(IW_HEADER);
        let ipvt = &mut rest[..neq];
        Work {
            head,
            delta,
            e,
            wt,
            phi,
            wm,
            iw,
            ipvt,
            shape,
        }
    }

    /// Forms `PD = G_y + cj·G_y'` at (`t`, `y`, `yp`) and factors it (DDAJAC). `self.delta`
    /// must hold the residual there (used by the difference quotients); `y` and `yp` are
    /// perturbed and restored.
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    pub fn form_matrix<R: Residual + ?Sized>(
        &mut self,
        res: &mut R,
        t: f64,
        y: &mut [f64],
        yp: &mut [f64],
        cj: f64,
        h: f64,
        uround: f64,
    ) -> MatrixOutcome {
        let shape = self.shape;
        let (pd, save) = self.wm.split_at_mut(shape.lenpd);
        if shape.mtype.is_analytic() {
            pd.fill(0.0);
            res.jacobian(t, y, yp, cj, pd);
        } else {
            let squr = uround.sqrt();
            let wt = &*self.wt;
            let formed = difference_matrix(
                shape.mtype.is_band().then_some((shape.ml, shape.mu)),
                pd,
                save,
                y,
                yp,
                cj,
                self.delta,
                self.e,
                |yi, ypi, i| increment(squr, yi, ypi, wt[i], h),
                |y, yp, e| res.residual(t, y, yp, e),
            );
            if let Err(flag) = formed {
                return MatrixOutcome::ResidualFailed(flag);
            }
        }
        factor(&shape, self.wm, self.ipvt)
    }

    /// Overwrites `self.delta` with the solution of `PD x = delta` (DDASLV).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    pub fn solve_delta(&mut self) {
        solve(&self.shape, self.wm, self.ipvt, self.delta);
    }

    /// The Newton correction of DDASTP loops 355-360: `self.delta` times `accel`, solved
    /// (DDASLV), and taken off `y`, `self.e` (from 0 on the `first` iteration) and, times
    /// `cj`, off `yp`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    pub fn correct(&mut self, y: &mut [f64], yp: &mut [f64], accel: f64, cj: f64, first: bool) {
        let (wm, ipvt, delta) = (&*self.wm, &*self.ipvt, &mut *self.delta);
        newton_correction(
            &self.shape,
            wm,
            ipvt,
            delta,
            accel,
            y,
            self.e,
            yp,
            cj,
            first,
        );
    }
}

/// The difference increment of DDAJAC: `sqrt(uround)·max(|y|, |h·y'|, |wt|)` with the sign
/// of `h·y'`, rounded so that `y + del` is representable exactly.
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn increment(squr: f64, y: f64, yp: f64, wt: f64, h: f64) -> f64 {
    let hyp = h * yp;
    // The three-argument MAX as compiled: MAXSD of |WT| and |Y|, then of |H·Y'|, so a
    // NaN goes where the original's goes.
    let del = squr * fmax(fmax(wt.abs(), y.abs()), hyp.abs());
    let del = del.copysign(hyp);
    (y + del) - y
}
