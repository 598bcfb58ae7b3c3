//! The DDASSL driver: input checks, the start (weights, initial step, optional initial
//! derivative), the stepping loop with its TOUT/TSTOP logic and interpolation, and the
//! return codes (Brenan, Campbell & Petzold 1996, §5.1 and §5.4.3). All state between calls
//! stays in INFO(1), RWORK and IWORK, as in the original.

use super::init::initial_yprime;
use super::layout::{
    required_lengths, MatrixType, IW_K, IW_KOLD, IW_ML, IW_MTYPE, IW_MU, IW_MXORD, IW_NJE, IW_NPD,
    IW_NRE, IW_NST, IW_NSTL, RW_H, RW_HMAX, RW_PSI, RW_ROUND, RW_TN, RW_TSTOP,
};
use super::matrix::Work;
use super::step::{not_gt, not_le, take_step, StepLimits};
use super::vectors::{interpolate, set_weights, weighted_rms};
use super::Residual;

/// One DDASSL call: the original's arguments, as slices (RES, JAC, RPAR and IPAR travel
/// in the [`Residual`] object).
pub struct Call<'a> {
    /// NEQ.
    pub neq: i32,
    /// T (in/out).
    pub t: &'a mut f64,
    /// Y(NEQ) (in/out).
    pub y: &'a mut [f64],
    /// YPRIME(NEQ) (in/out).
    pub yprime: &'a mut [f64],
    /// TOUT.
    pub tout: f64,
    /// INFO(15).
    pub info: &'a mut [i32; 15],
    /// RTOL: one value, or NEQ with INFO(2) = 1. Scaled up on IDID = -2.
    pub rtol: &'a mut [f64],
    /// ATOL, like RTOL.
    pub atol: &'a mut [f64],
    /// IDID (read on continuation calls, as the original does, and written).
    pub idid: &'a mut i32,
    /// RWORK(LRW).
    pub rwork: &'a mut [f64],
    /// IWORK(LIW).
    pub iwork: &'a mut [i32],
}

/// A message the original sends through XERMSG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// XERMSG's error number (the -33 input errors have their own 1 … 19).
    pub nerr: i32,
    /// XERMSG's level: 1 recoverable, 2 fatal.
    pub level: i32,
    /// The message text, as the original builds it.
    pub text: String,
}

impl Diagnostic {
    /// One line in the style of SLATEC's XERMSG (which prints a framed block).
    pub fn line(&self) -> String {
        let kind = if self.level >= 2 {
            "FATAL ERROR."
        } else {
            "POTENTIALLY RECOVERABLE ERROR, PROGRAM CONTINUES."
        };
        format!(
            "***MESSAGE FROM ROUTINE DDASSL IN LIBRARY SLATEC. {kind} {} ERROR NUMBER = {}",
            self.text.replace("$$", " "),
            self.nerr
        )
    }
}

/// Fortran's `(I8)` edit descriptor.
fn fmt_i8(v: i64) -> String {
    let s = v.to_string();
    if s.len() > 8 {
        "*".repeat(8)
    } else {
        format!("{s:>8}")
    }
}

/// Fortran's `(1P,D15.6)` edit descriptor, as gfortran writes it, into the original's
/// CHARACTER*16 buffers (so with one trailing blank).
fn fmt_d15(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v:>15} ");
    }
    let s = format!("{v:.6e}");
    let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exponent.parse().unwrap_or(0);
    let body = if exp.abs() > 99 {
        format!(
            "{mantissa}{}{:03}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    } else {
        format!(
            "{mantissa}D{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    };
    format!("{body:>15} ")
}

/// An illegal-input return (IDID = -33): XERMSG number and text.
struct Illegal(i32, String);

fn info_not_binary() -> Illegal {
    Illegal(1, "SOME ELEMENT OF INFO VECTOR IS NOT ZERO OR ONE".into())
}

fn iw_get(iwork: &[i32], i: usize) -> i32 {
    iwork.get(i).copied().unwrap_or(0)
}

fn iw_set(iwork: &mut [i32], i: usize, v: i32) {
    if let Some(slot) = iwork.get_mut(i) {
        *slot = v;
    }
}

/// Runs one DDASSL call and returns the messages the original would print. IDID, T, Y,
/// YPRIME, INFO(1), RWORK, IWORK (and RTOL/ATOL on IDID = -2) are updated in `call`.
pub fn ddassl<R: Residual + ?Sized>(res: &mut R, call: Call<'_>) -> Vec<Diagnostic> {
    let mut call = call;
    let mut notes = Vec::new();
    if let Err(Illegal(nerr, text)) = run(res, &mut call, &mut notes) {
        notes.push(Diagnostic {
            nerr,
            level: 1,
            text,
        });
        *call.idid = -33;
        if call.info[0] == -1 {
            notes.push(Diagnostic {
                nerr: -999,
                level: 2,
                text:
                    "REPEATED OCCURRENCES OF ILLEGAL INPUT$$RUN TERMINATED. APPARENT INFINITE LOOP"
                        .into(),
            });
        }
        call.info[0] = -1;
    }
    notes
}

/// Checks of the first call (INFO(1) = 0) up to the tolerances; sets IWORK(3), (4), (16)
/// and clears the counters.
fn check_first_call(c: &mut Call<'_>) -> Result<(), Illegal> {
    if c.info[1..11].iter().any(|&v| v != 0 && v != 1) {
        return Err(info_not_binary());
    }
    if c.neq <= 0 {
        return Err(Illegal(2, format!("NEQ = {} .LE. 0", fmt_i8(c.neq.into()))));
    }
    let neq = i64::from(c.neq);
    let mut mxord = 5;
    if c.info[8] != 0 {
        mxord = iw_get(c.iwork, IW_MXORD);
        if !(1..=5).contains(&mxord) {
            return Err(Illegal(
                3,
                format!("MAXORD = {} NOT IN RANGE", fmt_i8(mxord.into())),
            ));
        }
    }
    iw_set(c.iwork, IW_MXORD, mxord);
    let analytic = c.info[4] != 0;
    let (mtype, ml, mu) = if c.info[5] == 0 {
        let mtype = if analytic {
            MatrixType::DenseAnalytic
        } else {
            MatrixType::DenseNumerical
        };
        (mtype, 0, 0)
    } else {
        let ml = i64::from(iw_get(c.iwork, IW_ML));
        let mu = i64::from(iw_get(c.iwork, IW_MU));
        check_bands(ml, mu, neq)?;
        let mtype = if analytic {
            MatrixType::BandAnalytic
        } else {
            MatrixType::BandNumerical
        };
        (mtype, ml, mu)
    };
    iw_set(c.iwork, IW_MTYPE, mtype.code());
    let (lenpd, lenrw, leniw) = required_lengths(neq, mxord.into(), mtype, ml, mu);
    iw_set(c.iwork, IW_NPD, i32::try_from(lenpd).unwrap_or(i32::MAX));
    check_lengths(c, lenrw, leniw)?;
    if c.tout == *c.t {
        return Err(tout_equals_t(c.tout));
    }
    if c.info[6] != 0 {
        let hmax = c.rwork[RW_HMAX];
        if hmax <= 0.0 {
            return Err(Illegal(10, format!("HMAX = {} .LT. 0.0", fmt_d15(hmax))));
        }
    }
    c.iwork[IW_NST] = 0;
    c.iwork[IW_NRE] = 0;
    c.iwork[IW_NJE] = 0;
    c.iwork[IW_NSTL] = 0;
    *c.idid = 1;
    Ok(())
}

fn check_bands(ml: i64, mu: i64, neq: i64) -> Result<(), Illegal> {
    if ml < 0 || ml >= neq {
        return Err(Illegal(
            17,
            format!("ML = {} ILLEGAL.  EITHER .LT. 0 OR .GT. NEQ", fmt_i8(ml)),
        ));
    }
    if mu < 0 || mu >= neq {
        return Err(Illegal(
            18,
            format!("MU = {} ILLEGAL.  EITHER .LT. 0 OR .GT. NEQ", fmt_i8(mu)),
        ));
    }
    Ok(())
}

fn check_lengths(c: &Call<'_>, lenrw: i64, leniw: i64) -> Result<(), Illegal> {
    let lrw = c.rwork.len() as i64;
    let liw = c.iwork.len() as i64;
    if lrw < lenrw {
        return Err(Illegal(
            4,
            format!(
                "RWORK LENGTH NEEDED, LENRW = {}, EXCEEDS LRW = {}",
                fmt_i8(lenrw),
                fmt_i8(lrw)
            ),
        ));
    }
    if liw < leniw {
        return Err(Illegal(
            5,
            format!(
                "IWORK LENGTH NEEDED, LENIW = {}, EXCEEDS LIW = {}",
                fmt_i8(leniw),
                fmt_i8(liw)
            ),
        ));
    }
    Ok(())
}

fn tout_equals_t(tout: f64) -> Illegal {
    Illegal(19, format!("TOUT = T = {}", fmt_d15(tout)))
}

fn tout_behind_t(tout: f64, t: f64) -> Illegal {
    Illegal(
        11,
        format!("TOUT = {} BEHIND T = {}", fmt_d15(tout), fmt_d15(t)),
    )
}

fn tstop_behind_tout(tstop: f64, tout: f64) -> Illegal {
    Illegal(
        9,
        format!(
            "INFO(4) = 1 AND TSTOP = {} BEHIND TOUT = {}",
            fmt_d15(tstop),
            fmt_d15(tout)
        ),
    )
}

fn tstop_behind_t(tstop: f64, t: f64) -> Illegal {
    Illegal(
        15,
        format!(
            "INFO(4)=1 AND TSTOP = {} BEHIND T = {}",
            fmt_d15(tstop),
            fmt_d15(t)
        ),
    )
}

/// On a continuation call the original trusts IWORK; here the stored layout is checked
/// against NEQ, LRW and LIW first, so that a damaged or mismatched state cannot lead
/// outside the arrays.
fn check_continuation(c: &Call<'_>) -> Result<(), Illegal> {
    if c.neq <= 0 {
        return Err(Illegal(2, format!("NEQ = {} .LE. 0", fmt_i8(c.neq.into()))));
    }
    let neq = i64::from(c.neq);
    if c.iwork.len() < 20 {
        return check_lengths(c, 0, 20 + neq);
    }
    let mxord = c.iwork[IW_MXORD];
    if !(1..=5).contains(&mxord) {
        return Err(Illegal(
            3,
            format!("MAXORD = {} NOT IN RANGE", fmt_i8(mxord.into())),
        ));
    }
    let Some(mtype) = MatrixType::from_code(c.iwork[IW_MTYPE]) else {
        return Err(Illegal(
            4,
            format!(
                "IWORK(4) = {} IS NOT A DDASSL MATRIX TYPE",
                fmt_i8(c.iwork[IW_MTYPE].into())
            ),
        ));
    };
    let (ml, mu) = if mtype.is_band() {
        let (ml, mu) = (i64::from(c.iwork[IW_ML]), i64::from(c.iwork[IW_MU]));
        check_bands(ml, mu, neq)?;
        (ml, mu)
    } else {
        (0, 0)
    };
    let (_, lenrw, leniw) = required_lengths(neq, mxord.into(), mtype, ml, mu);
    check_lengths(c, lenrw, leniw)?;
    let (k, kold) = (c.iwork[IW_K], c.iwork[IW_KOLD]);
    if !(1..=mxord).contains(&k) || !(0..=mxord).contains(&kold) {
        return Err(Illegal(
            1,
            format!(
                "INFO(1) = 1 BUT IWORK HOLDS NO DDASSL STATE (K = {}, KOLD = {})",
                fmt_i8(k.into()),
                fmt_i8(kold.into())
            ),
        ));
    }
    Ok(())
}

/// Where the call goes after its set-up.
enum Start {
    /// Step (statement 500 of the original).
    Integrate,
    /// The answer is already available without a step (DONE in the original).
    Done,
}

fn run<R: Residual + ?Sized>(
    res: &mut R,
    c: &mut Call<'_>,
    notes: &mut Vec<Diagnostic>,
) -> Result<(), Illegal> {
    let info1 = c.info[0];
    let mut idid = *c.idid;
    if info1 == 0 {
        check_first_call(c)?;
        idid = 1;
    } else {
        if info1 != 1 {
            if info1 != -1 {
                return Err(info_not_binary());
            }
            notes.push(Diagnostic {
                nerr: -998,
                level: 2,
                text: format!(
                    "THE LAST STEP TERMINATED WITH A NEGATIVE VALUE OF IDID = {} AND NO APPROPRIATE ACTION WAS TAKEN.  RUN TERMINATED",
                    fmt_i8(idid.into())
                ),
            });
            // The original stops the program here (a fatal XERMSG); the library returns
            // instead, and says with IDID = -33 that the call was refused.
            *c.idid = -33;
            return Ok(());
        }
        check_continuation(c)?;
        c.iwork[IW_NSTL] = c.iwork[IW_NST];
    }

    let neq = usize::try_from(c.neq).unwrap_or(0);
    if c.y.len() != neq || c.yprime.len() != neq {
        return Err(Illegal(
            2,
            format!(
                "Y AND YPRIME MUST HOLD NEQ = {} VALUES",
                fmt_i8(c.neq.into())
            ),
        ));
    }

    // Tolerances (statement 200).
    let vector_tol = c.info[1] != 0;
    let needed = if vector_tol { neq } else { 1 };
    if c.rtol.len() < needed || c.atol.len() < needed {
        return Err(Illegal(
            6,
            format!(
                "RTOL AND ATOL MUST HOLD {} VALUES FOR INFO(2) = {}",
                fmt_i8(needed as i64),
                c.info[1]
            ),
        ));
    }
    let mut nonzero = false;
    let (mut rtoli, mut atoli) = (c.rtol[0], c.atol[0]);
    for i in 0..neq {
        if c.info[1] == 1 {
            rtoli = c.rtol[i];
            atoli = c.atol[i];
        }
        if rtoli > 0.0 || atoli > 0.0 {
            nonzero = true;
        }
        if rtoli < 0.0 {
            return Err(Illegal(6, "SOME ELEMENT OF RTOL IS .LT. 0".into()));
        }
        if atoli < 0.0 {
            return Err(Illegal(7, "SOME ELEMENT OF ATOL IS .LT. 0".into()));
        }
    }
    if !nonzero {
        return Err(Illegal(8, "ALL ELEMENTS OF RTOL AND ATOL ARE ZERO".into()));
    }

    let mxord = i64::from(c.iwork[IW_MXORD]);
    let mtype = MatrixType::from_code(c.iwork[IW_MTYPE]).unwrap_or(MatrixType::DenseNumerical);
    let (ml, mu) = (i64::from(c.iwork[IW_ML]), i64::from(c.iwork[IW_MU]));
    let (lenpd, _, _) = required_lengths(neq as i64, mxord, mtype, ml, mu);
    let lenpd = usize::try_from(lenpd).unwrap_or(0);
    let tout = c.tout;
    let t0 = *c.t;
    let info = &mut *c.info;
    let (y, yp) = (&mut *c.y, &mut *c.yprime);
    let mut w = Work::split(&mut *c.rwork, &mut *c.iwork, neq, mtype, lenpd);
    let with_tstop = info[3] != 0;
    let with_hmax = info[6] != 0;
    let each_step = info[2] != 0;
    let nonneg = info[9] != 0;

    let mut tstop = 0.0;
    let uround;
    let mut h;
    let mut tn;
    let mut ho = 0.0;
    let start;
    if info1 == 0 {
        // First call: weights, unit roundoff, initial step, PHI (statements 300-390).
        tn = t0;
        set_weights(vector_tol, c.rtol, c.atol, y, w.wt);
        if w.wt.iter().any(|&v| v <= 0.0) {
            return Err(Illegal(13, "SOME ELEMENT OF WT IS .LE. 0.0".into()));
        }
        uround = f64::EPSILON;
        w.head[RW_ROUND] = uround;
        // MAX(ABS(T),ABS(TOUT)) as the reference gfortran build computes it: ABS(TOUT)
        // unless ABS(T) is larger, so a NaN TOUT gives a NaN HMIN (DDAINI then fails).
        let largest = if t0.abs() > tout.abs() {
            t0.abs()
        } else {
            tout.abs()
        };
        let hmin = 4.0 * uround * largest;
        let tdist = (tout - t0).abs();
        if tdist < hmin {
            return Err(Illegal(
                14,
                format!(
                    "TOUT = {} TOO CLOSE TO T = {} TO START INTEGRATION",
                    fmt_d15(tout),
                    fmt_d15(t0)
                ),
            ));
        }
        if info[7] != 0 {
            ho = w.head[RW_H];
            if (tout - t0) * ho < 0.0 {
                return Err(tout_behind_t(tout, t0));
            }
            if ho == 0.0 {
                return Err(Illegal(12, "INFO(8)=1 AND H0=0.0".into()));
            }
        } else {
            ho = 0.001 * tdist;
            let ypnorm = weighted_rms(yp, w.wt);
            if ypnorm > 0.5 / ho {
                ho = 0.5 / ypnorm;
            }
            ho = ho.copysign(tout - t0);
        }
        if with_hmax {
            let rh = ho.abs() / w.head[RW_HMAX];
            if rh > 1.0 {
                ho /= rh;
            }
        }
        if with_tstop {
            tstop = w.head[RW_TSTOP];
            if (tstop - t0) * ho < 0.0 {
                return Err(tstop_behind_t(tstop, t0));
            }
            if (t0 + ho - tstop) * ho > 0.0 {
                ho = tstop - t0;
            }
            if (tstop - tout) * ho < 0.0 {
                return Err(tstop_behind_tout(tstop, tout));
            }
        }
        if info[10] != 0 {
            idid = initial_yprime(res, &mut tn, y, yp, &mut ho, &mut w, hmin, uround, nonneg);
        }
        h = ho;
        if idid >= 0 {
            w.head[RW_H] = h;
            w.phi[..neq].copy_from_slice(y);
            for (p, ypi) in w.phi[neq..2 * neq].iter_mut().zip(yp.iter()) {
                *p = h * ypi;
            }
        }
        start = Start::Integrate;
    } else {
        // Continuation: is the answer already there? (statements 400-490)
        uround = w.head[RW_ROUND];
        tn = w.head[RW_TN];
        h = w.head[RW_H];
        if with_hmax {
            let rh = h.abs() / w.head[RW_HMAX];
            if rh > 1.0 {
                h /= rh;
            }
        }
        if t0 == tout {
            return Err(tout_equals_t(tout));
        }
        if (t0 - tout) * h > 0.0 {
            return Err(tout_behind_t(tout, t0));
        }
        let kold = usize::try_from(w.iw[IW_KOLD]).unwrap_or(0);
        let psi = &w.head[RW_PSI..RW_PSI + 6];
        let answer =
            |target: f64, code: i32, y: &mut [f64], yp: &mut [f64], t: &mut f64, idid: &mut i32| {
                interpolate(tn, target, y, yp, kold, w.phi, psi);
                *t = target;
                *idid = code;
                Start::Done
            };
        let t = &mut *c.t;
        if info[3] != 1 {
            // Labels 420/425: TN at or past TOUT (.GE.) interpolates to TOUT, IDID = 3.
            start = if info[2] == 1 {
                if (tn - t0) * h <= 0.0 {
                    Start::Integrate
                } else if (tn - tout) * h >= 0.0 {
                    answer(tout, 3, y, yp, t, &mut idid)
                } else {
                    answer(tn, 1, y, yp, t, &mut idid)
                }
            } else if (tn - tout) * h < 0.0 {
                Start::Integrate
            } else {
                answer(tout, 3, y, yp, t, &mut idid)
            };
        } else {
            tstop = w.head[RW_TSTOP];
            if (tn - tstop) * h > 0.0 {
                return Err(tstop_behind_t(tstop, t0));
            }
            if (tstop - tout) * h < 0.0 {
                return Err(tstop_behind_tout(tstop, tout));
            }
            // Labels 440/445: as 420/425, .GE.
            let pending = if info[2] == 1 {
                if (tn - t0) * h <= 0.0 {
                    None
                } else if (tn - tout) * h >= 0.0 {
                    Some(answer(tout, 3, y, yp, t, &mut idid))
                } else {
                    Some(answer(tn, 1, y, yp, t, &mut idid))
                }
            } else if (tn - tout) * h < 0.0 {
                None
            } else {
                Some(answer(tout, 3, y, yp, t, &mut idid))
            };
            start = match pending {
                Some(done) => done,
                // Labels 450/460 test .GT. and .LE.: with a NaN the original takes the
                // fall-through sides (TSTOP answer; H = TSTOP - TN).
                None => {
                    if (tn - tstop).abs() > 100.0 * uround * (tn.abs() + h.abs()) {
                        let tnext = tn + h;
                        if not_le((tnext - tstop) * h, 0.0) {
                            h = tstop - tn;
                            w.head[RW_H] = h;
                        }
                        Start::Integrate
                    } else {
                        answer(tstop, 2, y, yp, t, &mut idid)
                    }
                }
            };
        }
    }

    if matches!(start, Start::Integrate) {
        // The stepping loop (statements 500-555).
        loop {
            if idid == -12 {
                break;
            }
            if w.iw[IW_NST] - w.iw[IW_NSTL] >= 500 {
                idid = -1;
                break;
            }
            set_weights(vector_tol, c.rtol, c.atol, &w.phi[..neq], w.wt);
            // Label 520 tests WT .GT. 0, so a NaN weight (from a NaN solution) stops
            // the run here, unlike the .LE. test of the first call.
            if w.wt.iter().any(|&v| not_gt(v, 0.0)) {
                idid = -3;
                break;
            }
            let r = weighted_rms(&w.phi[..neq], w.wt) * 100.0 * uround;
            // IF(R.LE.1.0D0) GO TO 525: a NaN R (an infinite Y) falls through to -2.
            if not_le(r, 1.0) {
                let n = if info[1] == 1 { neq } else { 1 };
                for v in c.rtol[..n].iter_mut().chain(c.atol[..n].iter_mut()) {
                    *v *= r;
                }
                idid = -2;
                break;
            }
            // Label 525: MAX(ABS(TN),ABS(TOUT)) as the reference gfortran build computes
            // it: ABS(TN) unless ABS(TOUT) is larger (a NaN TOUT leaves HMIN finite).
            let largest = if tout.abs() > tn.abs() {
                tout.abs()
            } else {
                tn.abs()
            };
            let hmin = 4.0 * uround * largest;
            if with_hmax {
                let rh = h.abs() / w.head[RW_HMAX];
                if rh > 1.0 {
                    h /= rh;
                }
            }
            let limits = StepLimits {
                hmin,
                uround,
                nonneg,
            };
            idid = take_step(res, &mut tn, y, yp, &mut h, &mut info[0], &mut w, &limits);
            if idid < 0 {
                break;
            }
            let kold = usize::try_from(w.iw[IW_KOLD]).unwrap_or(0);
            let psi = &w.head[RW_PSI..RW_PSI + 6];
            let near_tstop =
                |tn: f64, h: f64| (tn - tstop).abs() <= 100.0 * uround * (tn.abs() + h.abs());
            // The tests after label 527 in the original's direction, so that a NaN
            // takes the side the original's IF takes.
            let reached = if !with_tstop {
                if !each_step {
                    if (tn - tout) * h < 0.0 {
                        None
                    } else {
                        Some((tout, 3))
                    }
                } else if (tn - tout) * h >= 0.0 {
                    Some((tout, 3))
                } else {
                    *c.t = tn;
                    idid = 1;
                    break;
                }
            } else if !each_step {
                if (tn - tout) * h < 0.0 {
                    if near_tstop(tn, h) {
                        Some((tstop, 2))
                    } else {
                        let tnext = tn + h;
                        if not_le((tnext - tstop) * h, 0.0) {
                            h = tstop - tn;
                        }
                        None
                    }
                } else {
                    Some((tout, 3))
                }
            } else if (tn - tout) * h >= 0.0 {
                Some((tout, 3))
            } else if near_tstop(tn, h) {
                Some((tstop, 2))
            } else {
                *c.t = tn;
                idid = 1;
                break;
            };
            if let Some((target, code)) = reached {
                interpolate(tn, target, y, yp, kold, w.phi, psi);
                *c.t = target;
                idid = code;
                break;
            }
        }
    }

    *c.idid = idid;
    if idid >= 0 {
        // Successful returns (statement 580).
        w.head[RW_TN] = tn;
        w.head[RW_H] = h;
        return Ok(());
    }

    // Unsuccessful returns other than illegal input (statements 600-690).
    let (tn_s, h_s) = (fmt_d15(tn), fmt_d15(h));
    let text = match idid {
        -1 => Some(format!("AT CURRENT T = {tn_s} 500 STEPS TAKEN ON THIS CALL BEFORE REACHING TOUT")),
        -2 => Some(format!(
            "AT T = {tn_s} TOO MUCH ACCURACY REQUESTED FOR PRECISION OF MACHINE. RTOL AND ATOL WERE INCREASED TO APPROPRIATE VALUES"
        )),
        -3 => Some(format!("AT T = {tn_s} SOME ELEMENT OF WT HAS BECOME .LE. 0.0")),
        -6 => Some(format!(
            "AT T = {tn_s} AND STEPSIZE H = {h_s} THE ERROR TEST FAILED REPEATEDLY OR WITH ABS(H)=HMIN"
        )),
        -7 => Some(format!(
            "AT T = {tn_s} AND STEPSIZE H = {h_s} THE CORRECTOR FAILED TO CONVERGE REPEATEDLY OR WITH ABS(H)=HMIN"
        )),
        -8 => Some(format!("AT T = {tn_s} AND STEPSIZE H = {h_s} THE ITERATION MATRIX IS SINGULAR")),
        -9 => Some(format!(
            "AT T = {tn_s} AND STEPSIZE H = {h_s} THE CORRECTOR COULD NOT CONVERGE.  ALSO, THE ERROR TEST FAILED REPEATEDLY."
        )),
        -10 => Some(format!(
            "AT T = {tn_s} AND STEPSIZE H = {h_s} THE CORRECTOR COULD NOT CONVERGE BECAUSE IRES WAS EQUAL TO MINUS ONE"
        )),
        -11 => Some(format!("AT T = {tn_s} AND STEPSIZE H = {h_s} IRES WAS EQUAL TO MINUS TWO")),
        -12 => Some(format!(
            "AT T = {tn_s} AND STEPSIZE H = {} THE INITIAL YPRIME COULD NOT BE COMPUTED",
            fmt_d15(ho)
        )),
        _ => None,
    };
    if let Some(text) = text {
        notes.push(Diagnostic {
            nerr: idid,
            level: 1,
            text,
        });
    }
    info[0] = -1;
    *c.t = tn;
    w.head[RW_TN] = tn;
    w.head[RW_H] = h;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{fmt_d15, fmt_i8};

    #[test]
    fn edit_descriptors_match_gfortran() {
        assert_eq!(fmt_d15(1.0), "   1.000000D+00 ");
        assert_eq!(fmt_d15(-2.5e-7), "  -2.500000D-07 ");
        assert_eq!(fmt_d15(0.0), "   0.000000D+00 ");
        assert_eq!(fmt_d15(1.5e200), "   1.500000+200 ");
        assert_eq!(fmt_i8(-5), "      -5");
        assert_eq!(fmt_i8(1_000_000_000), "********");
    }
}
