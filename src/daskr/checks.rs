//! DDASKR's input checks (statements 701-740 of the original, and the checks stiffdae
//! adds so that damaged or mismatched arrays give IDID = -33 instead of running outside
//! them), with their XERRWD messages.

use super::layout::{
    KrylovDims, Layout, IW_ETF, IW_ICNS, IW_JCALC, IW_K, IW_KMP, IW_KOLD, IW_KPRIN, IW_LENIW,
    IW_LENIWP, IW_LENRW, IW_LENWP, IW_LOCWP, IW_LSOFF, IW_MAXL, IW_MITER, IW_ML, IW_MTYPE, IW_MU,
    IW_MXNH, IW_MXNIT, IW_MXNJ, IW_MXORD, IW_NCFL, IW_NCFN, IW_NJE, IW_NLI, IW_NNI, IW_NPD, IW_NPS,
    IW_NRE, IW_NRMAX, IW_NRTE, IW_NST, RW_EPIN, RW_EPLI, RW_HMAX,
};
use super::legacy::Call;
use super::vectors::first_violation;
use crate::bdf::control::TstopProblem;
use crate::bdf::diagnostics::Diagnostic;
use crate::bdf::layout::{iw_get, MatrixType};
use crate::bdf::outcome::Stop;
use crate::bdf::weights::ToleranceProblem;

/// An illegal-input return (IDID = -33).
pub(super) struct Illegal(Diagnostic);

impl From<Illegal> for Stop {
    #[cold]
    fn from(Illegal(note): Illegal) -> Self {
        Stop::Illegal(note)
    }
}

#[cold]
pub(super) fn illegal(nerr: i32, line: &str, ints: &[i64], reals: &[f64]) -> Illegal {
    Illegal(Diagnostic::xerrwd(nerr, 1, &[line], ints, reals))
}

/// The layout from INFO and IWORK(1..4), or IWORK(24..28) with the Krylov option
/// (without checking them). Inline: on every call, the layout built in place.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn layout_of(c: &Call<'_>, mxord: i32, mtype: MatrixType) -> Layout {
    let neq = usize::try_from(c.neq).unwrap_or(0);
    let nrt = usize::try_from(c.nrt).unwrap_or(0);
    if c.info[11] != 0 {
        let get = |i: usize| usize::try_from(iw_get(c.iwork, i)).unwrap_or(0);
        let (maxl, kmp) = if c.info[12] == 0 && c.info[0] == 0 {
            let maxl = neq.min(5);
            (maxl, maxl)
        } else {
            (get(IW_MAXL), get(IW_KMP))
        };
        let dims = KrylovDims {
            maxl,
            kmp,
            lenwp: get(IW_LENWP),
            leniwp: get(IW_LENIWP),
        };
        return Layout::krylov(
            neq,
            nrt,
            usize::try_from(mxord).unwrap_or(5),
            dims,
            c.info[9],
            c.info[10],
            c.info[15],
        );
    }
    let (ml, mu) = if mtype.is_band() {
        (
            usize::try_from(iw_get(c.iwork, IW_ML)).unwrap_or(0),
            usize::try_from(iw_get(c.iwork, IW_MU)).unwrap_or(0),
        )
    } else {
        (0, 0)
    };
    Layout::new(
        neq,
        nrt,
        usize::try_from(mxord).unwrap_or(5),
        mtype,
        ml,
        mu,
        c.info[9],
        c.info[10],
        c.info[15],
    )
}

/// Checks of the first call (INFO(1) = 0) up to the tolerances (statements 10-50 and the
/// TOUT, NRT and HMAX checks); sets IWORK(3), (4), (17), (18), (22), (29), (31) and the
/// initialisation controls, and clears the counters. Returns the layout and INDEX
/// (0 when no component is algebraic).
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub(super) fn check_first_call(c: &mut Call<'_>) -> Result<(Layout, bool), Illegal> {
    let (mxord, mtype) = check_options(c)?;
    let lay = layout_of(c, mxord, mtype);
    check_lengths(c, &lay)?;
    // The arrays are long enough: the original's writes into IWORK are safe now.
    let info = &*c.info;
    let iw = &mut *c.iwork;
    iw[IW_MXORD] = mxord;
    if let Some(dims) = lay.krylov {
        iw[IW_MITER] = info[11];
        if info[12] == 0 {
            iw[IW_MAXL] = i32::try_from(dims.maxl).unwrap_or(i32::MAX);
            iw[IW_KMP] = iw[IW_MAXL];
            iw[IW_NRMAX] = 5;
            c.rwork[RW_EPLI] = 0.05;
        }
    } else {
        iw[IW_MTYPE] = mtype.code();
    }
    if info[10] != 0 {
        set_initialisation_controls(info[16], info[11] != 0, iw, c.rwork)?;
    }
    let (lenrw, leniw) = lay.lengths();
    iw[IW_LENIW] = i32::try_from(leniw).unwrap_or(i32::MAX);
    iw[IW_LENRW] = i32::try_from(lenrw).unwrap_or(i32::MAX);
    iw[IW_NPD] = i32::try_from(lay.lenpd).unwrap_or(i32::MAX);
    iw[IW_LOCWP] = i32::try_from(lay.locwp()).unwrap_or(i32::MAX);
    let index = check_codes(&lay, iw, c.y)?;
    if c.tout == *c.t {
        return Err(tout_equals_t(c.tout, *c.t));
    }
    if info[6] != 0 {
        let hmax = c.rwork[RW_HMAX];
        if hmax <= 0.0 {
            return Err(illegal(10, "DASKR--  HMAX (=R1) .LT. 0.0", &[], &[hmax]));
        }
    }
    for slot in [
        IW_NST, IW_NRE, IW_NJE, IW_ETF, IW_NCFN, IW_NNI, IW_NLI, IW_NPS, IW_NCFL, IW_NRTE,
    ] {
        iw[slot] = 0;
    }
    iw[IW_KPRIN] = info[17];
    Ok((lay, index))
}

/// INFO(2..18), NEQ, MAXORD, the bandwidths and NRT (statements 10-50); returns MXORD
/// and the matrix type.
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
fn check_options(c: &Call<'_>) -> Result<(i32, MatrixType), Illegal> {
    let info = &*c.info;
    for (i, &v) in (1..).zip(&info[1..17]) {
        let range = match i + 1 {
            10 => 0..=3,
            11 => 0..=2,
            _ => 0..=1,
        };
        if !range.contains(&v) {
            return Err(invalid_info(i + 1));
        }
    }
    if !(0..=2).contains(&info[17]) {
        return Err(invalid_info(18));
    }
    if c.neq <= 0 {
        return Err(illegal(
            2,
            "DASKR--  NEQ (=I1) .LE. 0",
            &[c.neq.into()],
            &[],
        ));
    }
    let mut mxord = 5;
    if info[8] != 0 {
        mxord = iw_get(c.iwork, IW_MXORD);
        if !(1..=5).contains(&mxord) {
            return Err(illegal(
                3,
                "DASKR--  MAXORD (=I1) NOT IN RANGE",
                &[mxord.into()],
                &[],
            ));
        }
    }
    if info[11] != 0 {
        check_krylov(c)?;
    } else if info[5] != 0 {
        let neq = c.neq;
        let (ml, mu) = (iw_get(c.iwork, IW_ML), iw_get(c.iwork, IW_MU));
        if ml < 0 || ml >= neq {
            return Err(illegal(
                17,
                "DASKR--  ML (=I1) ILLEGAL. EITHER .LT. 0 OR .GT. NEQ",
                &[ml.into()],
                &[],
            ));
        }
        if mu < 0 || mu >= neq {
            return Err(illegal(
                18,
                "DASKR--  MU (=I1) ILLEGAL. EITHER .LT. 0 OR .GT. NEQ",
                &[mu.into()],
                &[],
            ));
        }
    }
    if c.nrt < 0 {
        return Err(illegal(
            30,
            "DASKR--  NRT (=I1) .LT. 0",
            &[c.nrt.into()],
            &[],
        ));
    }
    Ok((mxord, MatrixType::of(info[4] != 0, info[5] != 0)))
}

/// The Krylov inputs of INFO(13) = 1 (statements 720-723: MAXL in 1..NEQ, KMP in
/// 1..MAXL, NRMAX >= 0, EPLI in (0, 1)), and LENWP, LENIWP >= 0 (which the original
/// trusts; here they bound the arrays). Out of line and cold: only with INFO(12) = 1.
#[cold]
#[inline(never)]
fn check_krylov(c: &Call<'_>) -> Result<(), Illegal> {
    if c.info[12] != 0 {
        let (maxl, kmp, nrmax) = (
            iw_get(c.iwork, IW_MAXL),
            iw_get(c.iwork, IW_KMP),
            iw_get(c.iwork, IW_NRMAX),
        );
        if maxl < 1 || maxl > c.neq {
            return Err(illegal(
                20,
                "DASKR--  MAXL (=I1) ILLEGAL. EITHER .LT. 1 OR .GT. NEQ",
                &[maxl.into()],
                &[],
            ));
        }
        if kmp < 1 || kmp > maxl {
            return Err(illegal(
                21,
                "DASKR--  KMP (=I1) ILLEGAL. EITHER .LT. 1 OR .GT. MAXL",
                &[kmp.into()],
                &[],
            ));
        }
        if nrmax < 0 {
            return Err(illegal(
                22,
                "DASKR--  NRMAX (=I1) ILLEGAL. .LT. 0",
                &[nrmax.into()],
                &[],
            ));
        }
        let epli = c.rwork.get(RW_EPLI).copied().unwrap_or(0.0);
        if epli <= 0.0 || epli >= 1.0 {
            return Err(illegal(
                23,
                "DASKR--  EPLI (=R1) ILLEGAL. EITHER .LE. 0.D0 OR .GE. 1.D0",
                &[],
                &[epli],
            ));
        }
    }
    let (lenwp, leniwp) = (iw_get(c.iwork, IW_LENWP), iw_get(c.iwork, IW_LENIWP));
    if lenwp < 0 || leniwp < 0 {
        return Err(illegal(
            4,
            "DASKR--  LENWP (=I1) OR LENIWP (=I2) .LT. 0",
            &[lenwp.into(), leniwp.into()],
            &[],
        ));
    }
    Ok(())
}

/// The controls of the initial-value computation (INFO(11) != 0): the defaults (with
/// the Krylov option 15 iterations and 2 preconditioner setups per attempt), or with
/// INFO(17) = 1 the user's, checked (statement 30). Out of line and cold: only with
/// INFO(11) != 0.
#[cold]
#[inline(never)]
fn set_initialisation_controls(
    info17: i32,
    krylov: bool,
    iw: &mut [i32],
    rwork: &mut [f64],
) -> Result<(), Illegal> {
    if info17 == 0 {
        iw[IW_MXNIT] = if krylov { 15 } else { 5 };
        iw[IW_MXNJ] = if krylov { 2 } else { 6 };
        iw[IW_MXNH] = 5;
        iw[IW_LSOFF] = 0;
        rwork[RW_EPIN] = 0.01;
    } else if iw[IW_MXNIT] <= 0
        || iw[IW_MXNJ] <= 0
        || iw[IW_MXNH] <= 0
        || !(0..=1).contains(&iw[IW_LSOFF])
        || rwork[RW_EPIN] <= 0.0
    {
        return Err(info17_illegal());
    }
    Ok(())
}

/// The constraint codes (INFO(10) = 1, 3) against Y, and the ID codes (INFO(11) = 1 or
/// INFO(16) = 1). Returns INDEX: whether a component is algebraic (true without ID).
#[inline(always)]
fn check_codes(lay: &Layout, iw: &[i32], y: &[f64]) -> Result<bool, Illegal> {
    if lay.lenic == 0 && lay.lenid == 0 {
        return Ok(true);
    }
    check_given_codes(lay, iw, y)
}

/// [`check_codes`] when there are codes. Out of line and cold: only with INFO(10),
/// INFO(11) or INFO(16) set.
#[cold]
#[inline(never)]
fn check_given_codes(lay: &Layout, iw: &[i32], y: &[f64]) -> Result<bool, Illegal> {
    let neq = lay.neq;
    if lay.lenic > 0 {
        let icnstr = &iw[IW_ICNS..IW_ICNS + neq];
        if icnstr.iter().any(|v| !(-2..=2).contains(v)) {
            return Err(illegal(
                26,
                "DASKR--  ILLEGAL IWORK VALUE FOR INFO(10) .NE. 0",
                &[],
                &[],
            ));
        }
        let bad = first_violation(y, icnstr);
        if bad != 0 {
            return Err(illegal(
                27,
                "DASKR--  Y(I) AND IWORK(40+I) (I=I1) INCONSISTENT",
                &[bad as i64],
                &[],
            ));
        }
    }
    let mut index = true;
    if lay.lenid > 0 {
        index = false;
        for &v in &iw[lay.id_offset()..lay.id_offset() + neq] {
            if v != 1 && v != -1 {
                return Err(illegal(
                    24,
                    "DASKR--  ILLEGAL IWORK VALUE FOR INFO(11) .NE. 0",
                    &[],
                    &[],
                ));
            }
            if v == -1 {
                index = true;
            }
        }
    }
    Ok(index)
}

#[cold]
pub(super) fn invalid_info(item: usize) -> Illegal {
    illegal(
        1,
        "DASKR--  ELEMENT (=I1) OF INFO VECTOR IS NOT VALID",
        &[item as i64],
        &[],
    )
}

#[cold]
pub(super) fn info17_illegal() -> Illegal {
    illegal(
        25,
        "DASKR--  ONE OF THE INPUTS FOR INFO(17) = 1 IS ILLEGAL",
        &[],
        &[],
    )
}

#[cold]
pub(super) fn tout_equals_t(tout: f64, t: f64) -> Illegal {
    illegal(
        19,
        "DASKR--  TOUT (=R1) IS EQUAL TO T (=R2)",
        &[],
        &[tout, t],
    )
}

#[cold]
pub(super) fn tout_behind_t(tout: f64, t: f64) -> Illegal {
    illegal(11, "DASKR--  TOUT (=R1) BEHIND T (=R2)", &[], &[tout, t])
}

#[cold]
fn tstop_behind_tout(tstop: f64, tout: f64) -> Illegal {
    illegal(
        9,
        "DASKR--  INFO(4) = 1 AND TSTOP (=R1) BEHIND TOUT (=R2)",
        &[],
        &[tstop, tout],
    )
}

#[cold]
fn tstop_behind_t(tstop: f64, t: f64) -> Illegal {
    illegal(
        15,
        "DASKR--  INFO(4)=1 AND TSTOP (=R1) BEHIND T (=R2)",
        &[],
        &[tstop, t],
    )
}

#[cold]
pub(super) fn weight_illegal() -> Illegal {
    illegal(13, "DASKR--  SOME ELEMENT OF WT IS .LE. 0.0", &[], &[])
}

/// RWORK and IWORK long enough for `lay` (statements 704, 705; checked on every call,
/// since the arrays are re-read on continuation calls too). Inline: on every call.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub(super) fn check_lengths(c: &Call<'_>, lay: &Layout) -> Result<(), Illegal> {
    let (lrw, liw) = (c.rwork.len() as i64, c.iwork.len() as i64);
    let (lenrw, leniw) = lay.lengths();
    if lrw < lenrw {
        return Err(illegal(
            4,
            "DASKR--  RWORK LENGTH NEEDED, LENRW (=I1), EXCEEDS LRW (=I2)",
            &[lenrw, lrw],
            &[],
        ));
    }
    if liw < leniw {
        return Err(illegal(
            5,
            "DASKR--  IWORK LENGTH NEEDED, LENIW (=I1), EXCEEDS LIW (=I2)",
            &[leniw, liw],
            &[],
        ));
    }
    Ok(())
}

/// The layout of a continuation call, from what the first call stored (the original
/// trusts it; here it is checked, so that damaged arrays give IDID = -33, not a crash).
/// Inline: on every call, often once per step.
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(daskr)]
pub(super) fn continuation_layout(c: &Call<'_>) -> Result<Layout, Illegal> {
    let damaged = || {
        illegal(
            1,
            "DASKR--  CONTINUATION CALL (INFO(1) = 1) WITH INFO, IWORK OR NRT NOT AS THE FIRST CALL LEFT THEM",
            &[],
            &[],
        )
    };
    if c.neq <= 0 || c.nrt < 0 || !(0..=1).contains(&c.info[11]) {
        return Err(damaged());
    }
    let mxord = iw_get(c.iwork, IW_MXORD);
    if !(1..=5).contains(&mxord) {
        return Err(damaged());
    }
    let krylov = c.info[11] != 0;
    let mtype = if krylov {
        let (maxl, kmp) = (iw_get(c.iwork, IW_MAXL), iw_get(c.iwork, IW_KMP));
        let (lenwp, leniwp) = (iw_get(c.iwork, IW_LENWP), iw_get(c.iwork, IW_LENIWP));
        if maxl < 1 || maxl > c.neq || kmp < 1 || kmp > maxl || lenwp < 0 || leniwp < 0 {
            return Err(damaged());
        }
        MatrixType::DenseNumerical
    } else {
        MatrixType::from_code(iw_get(c.iwork, IW_MTYPE)).ok_or_else(damaged)?
    };
    if !krylov && mtype.is_band() {
        let (ml, mu) = (iw_get(c.iwork, IW_ML), iw_get(c.iwork, IW_MU));
        if ml < 0 || ml >= c.neq || mu < 0 || mu >= c.neq {
            return Err(damaged());
        }
    }
    let lay = layout_of(c, mxord, mtype);
    check_lengths(c, &lay)?;
    // K is set by the first step: without one (e.g. after IDID = 4, when the next call
    // is a first call again) there is no integration to continue.
    let (k, kold) = (iw_get(c.iwork, IW_K), iw_get(c.iwork, IW_KOLD));
    if !(1..=mxord).contains(&k) || !(0..=mxord).contains(&kold) {
        return Err(illegal(
            1,
            "DASKR--  INFO(1) = 1 BUT NO STEP HAS BEEN TAKEN (K = I1): AFTER IDID = 4 CALL AGAIN WITH INFO(1) = 0 AND INFO(11) = 0",
            &[k.into()],
            &[],
        ));
    }
    // The matrix is marked current (JCALC = 1) even when the step that failed never
    // factored it (DNEDD label 390, e.g. IRES = -2 before the first matrix): the
    // original would then solve with the pivots the caller's IWORK happens to hold.
    let neq = usize::try_from(c.neq).unwrap_or(0);
    let pivots = lay.pivot_offset();
    let unfactored = !krylov
        && iw_get(c.iwork, IW_JCALC) == 1
        && c.iwork.get(pivots..pivots + neq).is_some_and(|ipvt| {
            // Row i's pivot (1-based) lies in i..=NEQ: P - I (wrapping) in 0..=NEQ - I,
            // one unsigned comparison a row.
            ipvt.iter()
                .zip(1..)
                .any(|(&p, row): (&i32, i32)| p.wrapping_sub(row) as u32 > (c.neq - row) as u32)
        });
    if unfactored {
        return Err(illegal(
            1,
            "DASKR--  INFO(1) = 1 BUT THE ITERATION MATRIX WAS NEVER FACTORED: RESTART WITH INFO(1) = 0",
            &[],
            &[],
        ));
    }
    Ok(lay)
}

/// The message of a TSTOP problem (statements 709, 715) at `t` with TOUT `tout`.
#[cold]
pub(super) fn tstop_illegal(problem: TstopProblem, tstop: f64, t: f64, tout: f64) -> Illegal {
    match problem {
        TstopProblem::BehindT => tstop_behind_t(tstop, t),
        TstopProblem::BehindTout => tstop_behind_tout(tstop, tout),
    }
}

/// The message of a tolerance problem (statements 706-708).
#[cold]
pub(super) fn tolerance_illegal(problem: ToleranceProblem) -> Illegal {
    match problem {
        ToleranceProblem::NegativeRtol => {
            illegal(6, "DASKR--  SOME ELEMENT OF RTOL IS .LT. 0", &[], &[])
        }
        ToleranceProblem::NegativeAtol => {
            illegal(7, "DASKR--  SOME ELEMENT OF ATOL IS .LT. 0", &[], &[])
        }
        ToleranceProblem::AllZero => illegal(
            8,
            "DASKR--  ALL ELEMENTS OF RTOL AND ATOL ARE ZERO",
            &[],
            &[],
        ),
    }
}
