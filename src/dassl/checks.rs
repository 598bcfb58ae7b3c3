//! DDASSL's input checks (labels 701-719 of the original, and the checks stiffdae adds so
//! that damaged or mismatched arrays give IDID = -33 instead of running outside them).

use super::layout::{
    required_lengths, MatrixType, IW_K, IW_KOLD, IW_ML, IW_MTYPE, IW_MU, IW_MXORD, IW_NJE, IW_NPD,
    IW_NRE, IW_NST, IW_NSTL, RW_HMAX,
};
use super::legacy::Call;
use crate::bdf::control::TstopProblem;
use crate::bdf::diagnostics::{fmt_d15, fmt_i8, Diagnostic};
use crate::bdf::layout::iw_get;
use crate::bdf::outcome::Stop;
use crate::bdf::weights::ToleranceProblem;

/// An illegal-input return (IDID = -33): XERMSG number and text.
pub(super) struct Illegal(pub(super) i32, pub(super) String);

#[cold]
pub(super) fn info_not_binary() -> Illegal {
    Illegal(1, "SOME ELEMENT OF INFO VECTOR IS NOT ZERO OR ONE".into())
}

fn iw_set(iwork: &mut [i32], i: usize, v: i32) {
    if let Some(slot) = iwork.get_mut(i) {
        *slot = v;
    }
}

/// How RWORK's iteration-matrix storage is laid out: what the checks find in IWORK and
/// the driver cuts the work arrays by.
#[derive(Clone, Copy)]
pub(super) struct Geometry {
    /// IWORK(4).
    pub(super) mtype: MatrixType,
    /// LENPD: the iteration matrix's length.
    pub(super) lenpd: usize,
}

impl Geometry {
    #[allow(unsafe_code)]
    #[link_section = hot_path!(dassl)]
    fn of(mtype: MatrixType, lenpd: i64) -> Self {
        Geometry {
            mtype,
            lenpd: usize::try_from(lenpd).unwrap_or(0),
        }
    }
}

#[cold]
fn neq_illegal(neq: i32) -> Illegal {
    Illegal(2, format!("NEQ = {} .LE. 0", fmt_i8(neq.into())))
}

#[cold]
fn maxord_illegal(mxord: i32) -> Illegal {
    Illegal(3, format!("MAXORD = {} NOT IN RANGE", fmt_i8(mxord.into())))
}

/// Checks of the first call (INFO(1) = 0) up to the tolerances; sets IWORK(3), (4), (16)
/// and clears the counters.
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub(super) fn check_first_call(c: &mut Call<'_>) -> Result<Geometry, Illegal> {
    if c.info[1..11].iter().any(|&v| v != 0 && v != 1) {
        return Err(info_not_binary());
    }
    if c.neq <= 0 {
        return Err(neq_illegal(c.neq));
    }
    let neq = i64::from(c.neq);
    let mut mxord = 5;
    if c.info[8] != 0 {
        mxord = iw_get(c.iwork, IW_MXORD);
        if !(1..=5).contains(&mxord) {
            return Err(maxord_illegal(mxord));
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
    Ok(Geometry::of(mtype, lenpd))
}

#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn check_bands(ml: i64, mu: i64, neq: i64) -> Result<(), Illegal> {
    if ml < 0 || ml >= neq {
        return Err(band_illegal(17, "ML", ml));
    }
    if mu < 0 || mu >= neq {
        return Err(band_illegal(18, "MU", mu));
    }
    Ok(())
}

#[cold]
fn band_illegal(nerr: i32, name: &str, value: i64) -> Illegal {
    Illegal(
        nerr,
        format!(
            "{name} = {} ILLEGAL.  EITHER .LT. 0 OR .GT. NEQ",
            fmt_i8(value)
        ),
    )
}

#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
fn check_lengths(c: &Call<'_>, lenrw: i64, leniw: i64) -> Result<(), Illegal> {
    let lrw = c.rwork.len() as i64;
    let liw = c.iwork.len() as i64;
    if lrw < lenrw {
        return Err(length_illegal(4, "RWORK", "LENRW", lenrw, "LRW", lrw));
    }
    if liw < leniw {
        return Err(length_illegal(5, "IWORK", "LENIW", leniw, "LIW", liw));
    }
    Ok(())
}

#[cold]
fn length_illegal(
    nerr: i32,
    array: &str,
    needed_name: &str,
    needed: i64,
    given_name: &str,
    given: i64,
) -> Illegal {
    Illegal(
        nerr,
        format!(
            "{array} LENGTH NEEDED, {needed_name} = {}, EXCEEDS {given_name} = {}",
            fmt_i8(needed),
            fmt_i8(given)
        ),
    )
}

#[cold]
pub(super) fn tout_equals_t(tout: f64) -> Illegal {
    Illegal(19, format!("TOUT = T = {}", fmt_d15(tout)))
}

#[cold]
pub(super) fn tout_behind_t(tout: f64, t: f64) -> Illegal {
    Illegal(
        11,
        format!("TOUT = {} BEHIND T = {}", fmt_d15(tout), fmt_d15(t)),
    )
}

#[cold]
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

#[cold]
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
/// outside the arrays. Inline: it runs on every call, often once per step.
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub(super) fn check_continuation(c: &Call<'_>) -> Result<Geometry, Illegal> {
    if c.neq <= 0 {
        return Err(neq_illegal(c.neq));
    }
    let neq = i64::from(c.neq);
    if c.iwork.len() < 20 {
        // LRW cannot be short of 0: the IWORK length is what is refused.
        return Err(length_illegal(
            5,
            "IWORK",
            "LENIW",
            20 + neq,
            "LIW",
            c.iwork.len() as i64,
        ));
    }
    let mxord = c.iwork[IW_MXORD];
    if !(1..=5).contains(&mxord) {
        return Err(maxord_illegal(mxord));
    }
    let Some(mtype) = MatrixType::from_code(c.iwork[IW_MTYPE]) else {
        return Err(mtype_illegal(c.iwork[IW_MTYPE]));
    };
    let (ml, mu) = if mtype.is_band() {
        let (ml, mu) = (i64::from(c.iwork[IW_ML]), i64::from(c.iwork[IW_MU]));
        check_bands(ml, mu, neq)?;
        (ml, mu)
    } else {
        (0, 0)
    };
    let (lenpd, lenrw, leniw) = required_lengths(neq, mxord.into(), mtype, ml, mu);
    check_lengths(c, lenrw, leniw)?;
    let (k, kold) = (c.iwork[IW_K], c.iwork[IW_KOLD]);
    if !(1..=mxord).contains(&k) || !(0..=mxord).contains(&kold) {
        return Err(no_state(k, kold));
    }
    Ok(Geometry::of(mtype, lenpd))
}

#[cold]
fn mtype_illegal(code: i32) -> Illegal {
    Illegal(
        4,
        format!(
            "IWORK(4) = {} IS NOT A DDASSL MATRIX TYPE",
            fmt_i8(code.into())
        ),
    )
}

#[cold]
fn no_state(k: i32, kold: i32) -> Illegal {
    Illegal(
        1,
        format!(
            "INFO(1) = 1 BUT IWORK HOLDS NO DDASSL STATE (K = {}, KOLD = {})",
            fmt_i8(k.into()),
            fmt_i8(kold.into())
        ),
    )
}

impl From<Illegal> for Stop {
    #[cold]
    fn from(Illegal(nerr, text): Illegal) -> Self {
        Stop::Illegal(Diagnostic::xermsg(nerr, 1, text))
    }
}

/// RTOL and ATOL long enough for INFO(2) (not a check of the original, which reads
/// past them).
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub(super) fn check_tolerance_lengths(c: &Call<'_>, neq: usize) -> Result<(), Illegal> {
    let needed = if c.info[1] != 0 { neq } else { 1 };
    if c.rtol.len() < needed || c.atol.len() < needed {
        return Err(tolerances_short(needed, c.info[1]));
    }
    Ok(())
}

#[cold]
fn tolerances_short(needed: usize, info2: i32) -> Illegal {
    Illegal(
        6,
        format!(
            "RTOL AND ATOL MUST HOLD {} VALUES FOR INFO(2) = {info2}",
            fmt_i8(needed as i64)
        ),
    )
}

/// The message of a tolerance problem (labels 706-708).
#[cold]
pub(super) fn tolerance_illegal(problem: ToleranceProblem) -> Illegal {
    match problem {
        ToleranceProblem::NegativeRtol => Illegal(6, "SOME ELEMENT OF RTOL IS .LT. 0".into()),
        ToleranceProblem::NegativeAtol => Illegal(7, "SOME ELEMENT OF ATOL IS .LT. 0".into()),
        ToleranceProblem::AllZero => Illegal(8, "ALL ELEMENTS OF RTOL AND ATOL ARE ZERO".into()),
    }
}

/// The message of a TSTOP problem (labels 709, 715) at `t` with TOUT `tout`.
#[cold]
pub(super) fn tstop_illegal(problem: TstopProblem, tstop: f64, t: f64, tout: f64) -> Illegal {
    match problem {
        TstopProblem::BehindT => tstop_behind_t(tstop, t),
        TstopProblem::BehindTout => tstop_behind_tout(tstop, tout),
    }
}
