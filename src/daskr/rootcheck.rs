//! Root checks around each step (DRCHEK): at the initial point, after a root was
//! returned, and over each new step, locating the leftmost root on the interpolating
//! polynomial with [`crate::roots::search`] (DDASKR's DROOTS).

use super::layout::{Work, IW_IRFND, IW_KOLD, IW_NRTE, RW_PSI, RW_T0, RW_TLAST};
use super::Problem;
use crate::bdf::history::interpolate;
use crate::intrinsics::fmax;
use crate::roots::{search, Outcome};

/// DRCHEK's JOB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// 1: at the initial point.
    Start,
    /// 2: before stepping on a continuation call.
    Resume,
    /// 3: after a successful step.
    AfterStep,
}

/// DRCHEK's IRT, with the cases stiffdae adds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Check {
    /// IRT = 0: no root.
    Clear,
    /// IRT = 1: a root at RWORK(51) = T0; y, y' interpolated there, JROOT set.
    Root,
    /// IRT = -1 / -2: a function is zero at T0 and again just after it (R ill-defined).
    ZeroTwice,
}

/// Evaluates the root functions at `t` into `r`, counting in IWORK(36). Values that are
/// not finite are taken as the original takes them: NaN is "not greater than zero".
fn evaluate<P: Problem + ?Sized>(
    p: &mut P,
    iw: &mut [i32],
    t: f64,
    y: &[f64],
    yp: &[f64],
    r: &mut [f64],
) {
    p.roots(t, y, yp, r);
    iw[IW_NRTE] += 1;
}

/// Checks for roots near `tn` as the original's JOB says (DRCHEK). `y`, `yp` are
/// work space (the interpolated values at the points examined).
#[allow(clippy::too_many_arguments)]
pub fn check<P: Problem + ?Sized>(
    job: Job,
    p: &mut P,
    tn: f64,
    tout: f64,
    y: &mut [f64],
    yp: &mut [f64],
    jroot: &mut [i32],
    uround: f64,
    w: &mut Work<'_>,
) -> Check {
    let neq = y.len();
    let (r0, rest) = w.roots.split_at_mut(jroot.len());
    let (r1, rx) = rest.split_at_mut(jroot.len());
    let h = w.head[RW_PSI];
    jroot.fill(0);
    let hminr = (tn.abs() + h.abs()) * uround * 100.0;
    let kold = usize::try_from(w.iw[IW_KOLD]).unwrap_or(0);
    let mut psi = [0.0; 6];
    psi.copy_from_slice(&w.head[RW_PSI..RW_PSI + 6]);
    let mut t0 = w.head[RW_T0];
    match job {
        Job::Start => {
            // Statements 100-190: R at the initial point; if a component is zero there,
            // look a little ahead (a tenth of the first step at least).
            interpolate(tn, t0, y, yp, kold, w.phi, &psi);
            w.iw[IW_NRTE] = 0;
            evaluate(p, w.iw, t0, y, yp, r0);
            if r0.iter().any(|v| v.abs() == 0.0) {
                let temp2 = fmax(hminr / h.abs(), 0.1);
                let temp1 = temp2 * h;
                t0 += temp1;
                for (yi, ph) in y.iter_mut().zip(&w.phi[neq..2 * neq]) {
                    *yi += temp2 * ph;
                }
                evaluate(p, w.iw, t0, y, yp, r0);
                w.head[RW_T0] = t0;
                if r0.iter().any(|v| v.abs() == 0.0) {
                    return Check::ZeroTwice;
                }
            }
            return Check::Clear;
        }
        Job::Resume => {
            if w.iw[IW_IRFND] != 0 {
                // Statements 200-250: a root was returned at T0. Components zero at T0
                // must not be zero just after it; a new zero just after T0 is a root.
                interpolate(tn, t0, y, yp, kold, w.phi, &psi);
                evaluate(p, w.iw, t0, y, yp, r0);
                let mut zroot = false;
                for (j, v) in jroot.iter_mut().zip(r0.iter()) {
                    if v.abs() == 0.0 {
                        zroot = true;
                        *j = 1;
                    }
                }
                if zroot {
                    let temp1 = hminr.copysign(h);
                    t0 += temp1;
                    if (t0 - tn) * h < 0.0 {
                        interpolate(tn, t0, y, yp, kold, w.phi, &psi);
                    } else {
                        let temp2 = temp1 / h;
                        for (yi, ph) in y.iter_mut().zip(&w.phi[neq..2 * neq]) {
                            *yi += temp2 * ph;
                        }
                    }
                    evaluate(p, w.iw, t0, y, yp, r0);
                    w.head[RW_T0] = t0;
                    let mut found = false;
                    for (j, v) in jroot.iter_mut().zip(r0.iter()) {
                        if v.abs() > 0.0 {
                            continue;
                        }
                        if *j == 1 {
                            return Check::ZeroTwice;
                        }
                        *j = -(1.0_f64.copysign(*v)) as i32;
                        found = true;
                    }
                    if found {
                        return Check::Root;
                    }
                }
            }
            if tn == w.head[RW_TLAST] {
                return Check::Clear;
            }
        }
        Job::AfterStep => {}
    }
    // Statements 300-390: search (T0, T1], T1 = TN or TOUT, whichever comes first.
    let t1 = if (tout - tn) * h >= 0.0 {
        tn
    } else {
        if (tout - t0) * h <= 0.0 {
            return Check::Clear;
        }
        tout
    };
    interpolate(tn, t1, y, yp, kold, w.phi, &psi);
    evaluate(p, w.iw, t1, y, yp, r1);
    let (mut x0, mut x1) = (t0, t1);
    let (phi, iw) = (&*w.phi, &mut *w.iw);
    let outcome = search(hminr, &mut x0, &mut x1, r0, r1, rx, jroot, |x, rx| {
        interpolate(tn, x, y, yp, kold, phi, &psi);
        evaluate(p, iw, x, y, yp, rx);
    });
    let (Outcome::Found(x) | Outcome::ZeroAtEnd(x) | Outcome::None(x)) = outcome;
    w.head[RW_T0] = x;
    r0.copy_from_slice(rx);
    if matches!(outcome, Outcome::None(_)) {
        return Check::Clear;
    }
    interpolate(tn, x, y, yp, kold, w.phi, &psi);
    Check::Root
}
