//! Consistent initial derivative (INFO(11) = 1): one backward Euler step from the initial
//! point with a damped modified Newton iteration (DDAINI; Brenan, Campbell & Petzold 1996,
//! §5.5).

use super::layout::{IW_NJE, IW_NRE};
use super::matrix::Work;
use super::norm::weighted_rms;
use super::{ResFlag, Residual};
use crate::bdf::matrix::MatrixOutcome;
use crate::bdf::newton::rate;
use crate::bdf::outcome::Failure;
use crate::intrinsics::{fmax, fmin};

/// Newton iterations allowed per attempt (DDAINI's MAXIT).
const MAX_NEWTON: i32 = 10;
/// The iteration matrix is re-formed every this many iterations (MJAC).
const REFORM_EVERY: i32 = 5;
/// Damping of the Newton correction (DAMP).
const DAMPING: f64 = 0.75;

/// Tries backward Euler steps of size `*h` (reduced on failure) from `*x`, so that `y` and
/// `yp` become consistent at the new `*x`. Fails with [`Failure::InitialValues`] (IDID =
/// -12) when no step size down to `hmin` works (then `*x`, `y`, `yp` are as on
/// entry). Uses PHI columns 0 and 1 as the save area. Out of line and cold: only with
/// INFO(11) = 1, off the pages of the first call's usual path.
#[allow(clippy::too_many_arguments)]
#[cold]
#[inline(never)]
pub fn initial_yprime<R: Residual + ?Sized>(
    res: &mut R,
    x: &mut f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: &mut f64,
    w: &mut Work<'_>,
    hmin: f64,
    uround: f64,
    nonneg: bool,
) -> Result<(), Failure> {
    let neq = y.len();
    let failed = |h: f64| Err(Failure::InitialValues { h });
    let mut nef = 0;
    let mut ncf = 0;
    let xold = *x;
    let ynorm = weighted_rms(y, w.wt);
    w.phi[..neq].copy_from_slice(y);
    w.phi[neq..2 * neq].copy_from_slice(yp);
    let mut st = Newton {
        singular: false,
        ires: ResFlag::Ok,
        s: 0.0,
        nsf: 0,
    };

    loop {
        let cj = 1.0 / *h;
        *x += *h;
        for (yi, ypi) in y.iter_mut().zip(yp.iter()) {
            *yi += *h * ypi;
        }
        let converged = newton(res, *x, y, yp, *h, cj, w, uround, nonneg, ynorm, &mut st);

        let mut err = 0.0;
        if converged {
            for ((ei, yi), p) in w.e.iter_mut().zip(y.iter()).zip(&w.phi[..neq]) {
                *ei = yi - p;
            }
            err = weighted_rms(w.e, w.wt);
            if err <= 1.0 {
                return Ok(());
            }
        }

        // The step failed: restore and try a smaller one.
        *x = xold;
        y.copy_from_slice(&w.phi[..neq]);
        yp.copy_from_slice(&w.phi[neq..2 * neq]);
        if !converged {
            if st.singular {
                st.nsf += 1;
                *h *= 0.25;
                if st.nsf < 3 && h.abs() >= hmin {
                    continue;
                }
                return failed(*h);
            }
            if st.ires == ResFlag::Stop {
                return failed(*h);
            }
            ncf += 1;
            *h *= 0.25;
            if ncf < 10 && h.abs() >= hmin {
                continue;
            }
            return failed(*h);
        }
        nef += 1;
        let r = 0.90 / (2.0 * err + 0.0001);
        let r = fmax(fmin(r, 0.5), 0.1);
        *h *= r;
        if h.abs() >= hmin && nef < 10 {
            continue;
        }
        return failed(*h);
    }
}

/// What DDAINI's Newton iterations leave for its step-size choice: IER, IRES, the rate
/// factor S and NSF.
struct Newton {
    /// IER != 0: the last iteration matrix was singular.
    singular: bool,
    /// IRES of the last residual.
    ires: ResFlag,
    /// S: the convergence-rate factor.
    s: f64,
    /// NSF: singular matrices in a row.
    nsf: u32,
}

/// The damped modified Newton iteration of one backward Euler step to `x` (DDAINI labels
/// 300-350), with the matrix re-formed every REFORM_EVERY iterations; converged when the
/// correction is at roundoff level of `ynorm` or the rate-scaled one below 0.33, and the
/// nonnegativity constraint holds.
#[allow(clippy::too_many_arguments)]
fn newton<R: Residual + ?Sized>(
    res: &mut R,
    x: f64,
    y: &mut [f64],
    yp: &mut [f64],
    h: f64,
    cj: f64,
    w: &mut Work<'_>,
    uround: f64,
    nonneg: bool,
    ynorm: f64,
    st: &mut Newton,
) -> bool {
    let mut jcalc = -1;
    let mut m = 0;
    let mut oldnrm = 0.0;
    loop {
        w.iw[IW_NRE] += 1;
        st.ires = res.residual(x, y, yp, w.delta);
        if st.ires != ResFlag::Ok {
            return false;
        }
        if jcalc == -1 {
            w.iw[IW_NJE] += 1;
            jcalc = 0;
            let formed = w.form_matrix(res, x, y, yp, cj, h, uround);
            st.s = 1_000_000.0;
            st.singular = formed == MatrixOutcome::Singular;
            match formed {
                MatrixOutcome::Factored => {}
                MatrixOutcome::Singular => return false,
                MatrixOutcome::ResidualFailed(flag) => {
                    st.ires = flag;
                    return false;
                }
            }
            st.nsf = 0;
        }
        for d in w.delta.iter_mut() {
            *d *= DAMPING;
        }
        w.solve_delta();
        for ((yi, ypi), d) in y.iter_mut().zip(yp.iter_mut()).zip(w.delta.iter()) {
            *yi -= d;
            *ypi -= cj * d;
        }
        let delnrm = weighted_rms(w.delta, w.wt);
        let done = if delnrm <= 100.0 * uround * ynorm {
            true
        } else {
            if m > 0 {
                let rate = rate(delnrm, oldnrm, m);
                if rate > 0.90 {
                    return false;
                }
                st.s = rate / (1.0 - rate);
            } else {
                oldnrm = delnrm;
            }
            st.s * delnrm <= 0.33
        };
        if done {
            if nonneg {
                for (d, yi) in w.delta.iter_mut().zip(y.iter()) {
                    *d = fmin(*yi, 0.0);
                }
                if weighted_rms(w.delta, w.wt) > 0.33 {
                    return false;
                }
                for ((yi, ypi), d) in y.iter_mut().zip(yp.iter_mut()).zip(w.delta.iter()) {
                    *yi -= d;
                    *ypi -= cj * d;
                }
            }
            return true;
        }
        m += 1;
        if m >= MAX_NEWTON {
            return false;
        }
        if m % REFORM_EVERY == 0 {
            jcalc = -1;
        }
    }
}
