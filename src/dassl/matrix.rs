//! The iteration matrix `G_y + CJ·G_y'`: formed from the user's Jacobian or by finite
//! differences, factored and applied with LINPACK (DDAJAC, DDASLV; Brenan, Campbell &
//! Petzold 1996, §5.2.2 and §5.4.1), over views of the caller's RWORK/IWORK.

use super::layout::{MatrixType, IW_HEADER, IW_ML, IW_MU, IW_MXORD, RW_DELTA};
use super::Residual;
use crate::linalg::linpack::{lu_factor_band, lu_factor_dense, lu_solve_band, lu_solve_dense};

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
    pub mtype: MatrixType,
    /// Length of the matrix storage in WM (IWORK(16)).
    pub lenpd: usize,
}

/// Result of forming and factoring the iteration matrix (DDAJAC's IER and IRES).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixOutcome {
    /// Formed and factored.
    Factored,
    /// A zero pivot appeared (IER != 0).
    Singular,
    /// A residual call for a difference quotient returned this negative IRES.
    ResidualFailed(i32),
}

impl<'a> Work<'a> {
    /// Cuts RWORK and IWORK, whose lengths the caller has checked against LENRW/LENIW for
    /// IWORK(3) = MXORD and the matrix length `lenpd`.
    pub fn split(
        rwork: &'a mut [f64],
        iwork: &'a mut [i32],
        neq: usize,
        mtype: MatrixType,
        lenpd: usize,
    ) -> Self {
        let mxord = usize::try_from(iwork[IW_MXORD]).unwrap_or(0);
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
            mtype,
            lenpd,
        }
    }

    fn bandwidths(&self) -> (usize, usize) {
        let ml = usize::try_from(self.iw[IW_ML]).unwrap_or(0);
        let mu = usize::try_from(self.iw[IW_MU]).unwrap_or(0);
        (ml, mu)
    }

    /// Forms `PD = G_y + cj·G_y'` at (`t`, `y`, `yp`) and factors it (DDAJAC). `self.delta`
    /// must hold the residual there (used by the difference quotients); `y` and `yp` are
    /// perturbed and restored.
    #[allow(clippy::too_many_arguments)]
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
        let (ml, mu) = self.bandwidths();
        let (pd, save) = self.wm.split_at_mut(self.lenpd);
        if matches!(
            self.mtype,
            MatrixType::DenseAnalytic | MatrixType::BandAnalytic
        ) {
            pd.fill(0.0);
            res.jacobian(t, y, yp, cj, pd);
        } else {
            let squr = uround.sqrt();
            let wt = &*self.wt;
            let formed = difference_matrix(
                self.mtype.is_band().then_some((ml, mu)),
                pd,
                save,
                y,
                yp,
                cj,
                self.delta,
                self.e,
                |yi, ypi, i| increment(squr, yi, ypi, wt[i], h),
                |y, yp, e| res.residual(t, y, yp, e).ires(),
            );
            if let Err(ires) = formed {
                return MatrixOutcome::ResidualFailed(ires);
            }
        }
        let neq = y.len();
        let pd = &mut self.wm[..self.lenpd];
        let info = if self.mtype.is_band() {
            lu_factor_band(pd, 2 * ml + mu + 1, neq, ml, mu, self.ipvt)
        } else {
            lu_factor_dense(pd, neq, neq, self.ipvt)
        };
        if info == 0 {
            MatrixOutcome::Factored
        } else {
            MatrixOutcome::Singular
        }
    }

    /// Overwrites `self.delta` with the solution of `PD x = delta` (DDASLV).
    pub fn solve_delta(&mut self) {
        let neq = self.delta.len();
        let pd = &self.wm[..self.lenpd];
        if self.mtype.is_band() {
            let (ml, mu) = self.bandwidths();
            lu_solve_band(pd, 2 * ml + mu + 1, neq, ml, mu, self.ipvt, self.delta);
        } else {
            lu_solve_dense(pd, neq, neq, self.ipvt, self.delta);
        }
    }
}

/// The iteration matrix by difference quotients, as DDAJAC and DDASKR's DMATD form it:
/// dense, one residual per column; banded (`band` = (ML, MU)), one residual per group of
/// columns ML+MU+1 apart, with y and y' of the group kept in `save`. `delta` holds the
/// residual at (y, y'), `e` takes the perturbed ones; `increment(y_i, y'_i, i)` is the
/// code's own increment. Returns the negative IRES of a failed residual.
#[allow(clippy::too_many_arguments)]
pub(crate) fn difference_matrix(
    band: Option<(usize, usize)>,
    pd: &mut [f64],
    save: &mut [f64],
    y: &mut [f64],
    yp: &mut [f64],
    cj: f64,
    delta: &[f64],
    e: &mut [f64],
    increment: impl Fn(f64, f64, usize) -> f64,
    mut residual: impl FnMut(&[f64], &[f64], &mut [f64]) -> i32,
) -> Result<(), i32> {
    let neq = y.len();
    let Some((ml, mu)) = band else {
        for i in 0..neq {
            let del = increment(y[i], yp[i], i);
            let (ysave, ypsave) = (y[i], yp[i]);
            y[i] += del;
            yp[i] += cj * del;
            let ires = residual(y, yp, e);
            if ires < 0 {
                return Err(ires);
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
        let ires = residual(y, yp, e);
        if ires < 0 {
            return Err(ires);
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

/// The difference increment of DDAJAC: `sqrt(uround)·max(|y|, |h·y'|, |wt|)` with the sign
/// of `h·y'`, rounded so that `y + del` is representable exactly.
fn increment(squr: f64, y: f64, yp: f64, wt: f64, h: f64) -> f64 {
    let hyp = h * yp;
    let del = squr * y.abs().max(hyp.abs()).max(wt.abs());
    let del = del.copysign(hyp);
    (y + del) - y
}
