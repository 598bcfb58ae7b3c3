//! The DDASKR driver: input checks, the start (weights, initial step, optional
//! consistent initial values, the root check at the initial point), the stepping loop
//! with root checks, TOUT/TSTOP logic and interpolation, and the return codes. All state
//! between calls stays in INFO(1), RWORK and IWORK, as in the original.

use super::init::{initial_values, InitControls};
use super::layout::{
    has_constraints, Layout, Work, IW_ETF, IW_ICNS, IW_IRFND, IW_JCALC, IW_K, IW_KOLD, IW_KPRIN,
    IW_LCIWP, IW_LENIW, IW_LENRW, IW_LOCWP, IW_LSOFF, IW_ML, IW_MTYPE, IW_MU, IW_MXNH, IW_MXNIT,
    IW_MXNJ, IW_MXORD, IW_NCFL, IW_NCFN, IW_NJE, IW_NLI, IW_NNI, IW_NPD, IW_NPS, IW_NRE, IW_NRTE,
    IW_NST, IW_NSTL, RW_EPCON, RW_EPIN, RW_H, RW_HMAX, RW_HOLD, RW_PSI, RW_ROUND, RW_RSQRN,
    RW_SQRN, RW_STOL, RW_T0, RW_TLAST, RW_TN, RW_TSTOP,
};
use super::rootcheck::{check, Check, Job};
use super::step::{take_step, StepLimits};
use super::vectors::{first_violation, invert_weights, mask_algebraic, weighted_rms};
use super::Problem;
use crate::dassl::layout::MatrixType;
use crate::dassl::step::not_le;
use crate::dassl::vectors::{interpolate, set_weights};

/// One DDASKR call: the original's arguments, as slices (RES, JAC, RT, RPAR and IPAR
/// travel in the [`Problem`] object; PSOL belongs to the Krylov option, not provided).
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
    /// INFO(20).
    pub info: &'a mut [i32; 20],
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
    /// NRT: number of root functions.
    pub nrt: i32,
    /// JROOT(NRT): on IDID = 5, +1 / -1 for the functions with a root (direction of the
    /// sign change), 0 for the others.
    pub jroot: &'a mut [i32],
}

/// A message the original prints through XERRWD (one line per message here).
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// XERRWD's message number.
    pub nerr: i32,
    /// The text, with the values the original prints after it.
    pub text: String,
    /// The real values of the message (XERRWD's R1, R2).
    pub values: Vec<f64>,
}

/// Fortran's `D21.13` edit descriptor, as XERRWD prints its real values.
fn fmt_d21(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v:>21}");
    }
    if v == 0.0 {
        return format!("{:>21}", "0.0000000000000D+00");
    }
    let s = format!("{:.12e}", v.abs());
    let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
    let exp = exponent.parse::<i32>().unwrap_or(0) + 1;
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if v < 0.0 { "-" } else { "" };
    let e = if exp.abs() > 99 {
        format!("{}{:03}", if exp < 0 { '-' } else { '+' }, exp.abs())
    } else {
        format!("D{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    };
    format!("{:>21}", format!("{sign}0.{digits}{e}"))
}

/// The message texts of one reason, with XERRWD's integer and real values.
fn note(nerr: i32, lines: &[&str], ints: &[i64], reals: &[f64]) -> Diagnostic {
    // The original prints each line with its own "DASKR--" prefix: keep the first.
    let mut text = String::new();
    for (k, line) in lines.iter().enumerate() {
        if k == 0 {
            text.push_str(line.trim_end());
        } else {
            text.push(' ');
            text.push_str(line.trim_start_matches("DASKR--").trim());
        }
    }
    let values: Vec<String> = ints
        .iter()
        .enumerate()
        .map(|(k, v)| format!("I{} = {v}", k + 1))
        .chain(
            reals
                .iter()
                .enumerate()
                .map(|(k, v)| format!("R{} = {}", k + 1, fmt_d21(*v).trim_start())),
        )
        .collect();
    if !values.is_empty() {
        text.push_str("  In above message, ");
        text.push_str(&values.join(", "));
    }
    Diagnostic {
        nerr,
        text,
        values: reals.to_vec(),
    }
}

/// An illegal-input return (IDID = -33).
struct Illegal(Diagnostic);

fn illegal(nerr: i32, line: &str, ints: &[i64], reals: &[f64]) -> Illegal {
    Illegal(note(nerr, &[line], ints, reals))
}

fn iw_get(iwork: &[i32], i: usize) -> i32 {
    iwork.get(i).copied().unwrap_or(0)
}

/// Runs one DDASKR call and returns the messages the original would print. IDID, T, Y,
/// YPRIME, JROOT, INFO(1), RWORK, IWORK (and RTOL/ATOL on IDID = -2) are updated in `call`.
pub fn ddaskr<P: Problem + ?Sized>(p: &mut P, call: Call<'_>) -> Vec<Diagnostic> {
    let mut call = call;
    let mut notes = Vec::new();
    if let Err(Illegal(d)) = run(p, &mut call, &mut notes) {
        notes.push(d);
        if call.info[0] == -1 {
            notes.push(note(
                701,
                &[
                    "DASKR--  REPEATED OCCURRENCES OF ILLEGAL INPUT",
                    "DASKR--  RUN TERMINATED. APPARENT INFINITE LOOP",
                ],
                &[],
                &[],
            ));
        }
        call.info[0] = -1;
        *call.idid = -33;
    }
    notes
}

/// The layout from INFO and IWORK(1..4) (without checking them).
fn layout_of(c: &Call<'_>, mxord: i32, mtype: MatrixType) -> Layout {
    let neq = usize::try_from(c.neq).unwrap_or(0);
    let nrt = usize::try_from(c.nrt).unwrap_or(0);
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
fn check_first_call(c: &mut Call<'_>) -> Result<(Layout, bool), Illegal> {
    let info = &*c.info;
    for (i, &v) in info.iter().enumerate().take(17).skip(1) {
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
    if info[11] != 0 {
        return Err(illegal(
            32,
            "DASKR--  INFO(12) = 1 (KRYLOV METHOD) IS NOT PROVIDED YET: USE THE DIRECT METHOD, INFO(12) = 0",
            &[],
            &[],
        ));
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
    let neq = c.neq;
    let mtype = if info[5] == 0 {
        if info[4] == 0 {
            MatrixType::DenseNumerical
        } else {
            MatrixType::DenseAnalytic
        }
    } else {
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
        if info[4] == 0 {
            MatrixType::BandNumerical
        } else {
            MatrixType::BandAnalytic
        }
    };
    if c.nrt < 0 {
        return Err(illegal(
            30,
            "DASKR--  NRT (=I1) .LT. 0",
            &[c.nrt.into()],
            &[],
        ));
    }
    let lay = layout_of(c, mxord, mtype);
    check_lengths(c, &lay)?;
    // The arrays are long enough: the original's writes into IWORK are safe now.
    let iw = &mut *c.iwork;
    iw[IW_MXORD] = mxord;
    iw[IW_MTYPE] = mtype.code();
    if info[10] != 0 {
        if info[16] == 0 {
            iw[IW_MXNIT] = 5;
            iw[IW_MXNJ] = 6;
            iw[IW_MXNH] = 5;
            iw[IW_LSOFF] = 0;
            c.rwork[RW_EPIN] = 0.01;
        } else if iw[IW_MXNIT] <= 0
            || iw[IW_MXNJ] <= 0
            || iw[IW_MXNH] <= 0
            || !(0..=1).contains(&iw[IW_LSOFF])
            || c.rwork[RW_EPIN] <= 0.0
        {
            return Err(info17_illegal());
        }
    }
    iw[IW_LENIW] = i32::try_from(lay.leniw).unwrap_or(i32::MAX);
    iw[IW_LENRW] = i32::try_from(lay.lenrw).unwrap_or(i32::MAX);
    iw[IW_NPD] = i32::try_from(lay.lenpd).unwrap_or(i32::MAX);
    iw[IW_LOCWP] = iw[IW_NPD].saturating_add(1);
    let neq_u = lay.neq;
    if lay.lenic > 0 {
        let icnstr = &iw[IW_ICNS..IW_ICNS + neq_u];
        if icnstr.iter().any(|v| !(-2..=2).contains(v)) {
            return Err(illegal(
                26,
                "DASKR--  ILLEGAL IWORK VALUE FOR INFO(10) .NE. 0",
                &[],
                &[],
            ));
        }
        let bad = first_violation(c.y, icnstr);
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
        let id = &iw[lay.id_offset()..lay.id_offset() + neq_u];
        for &v in id {
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

fn invalid_info(item: usize) -> Illegal {
    illegal(
        1,
        "DASKR--  ELEMENT (=I1) OF INFO VECTOR IS NOT VALID",
        &[item as i64],
        &[],
    )
}

fn info17_illegal() -> Illegal {
    illegal(
        25,
        "DASKR--  ONE OF THE INPUTS FOR INFO(17) = 1 IS ILLEGAL",
        &[],
        &[],
    )
}

fn tout_equals_t(tout: f64, t: f64) -> Illegal {
    illegal(
        19,
        "DASKR--  TOUT (=R1) IS EQUAL TO T (=R2)",
        &[],
        &[tout, t],
    )
}

fn tout_behind_t(tout: f64, t: f64) -> Illegal {
    illegal(11, "DASKR--  TOUT (=R1) BEHIND T (=R2)", &[], &[tout, t])
}

fn tstop_behind_tout(tstop: f64, tout: f64) -> Illegal {
    illegal(
        9,
        "DASKR--  INFO(4) = 1 AND TSTOP (=R1) BEHIND TOUT (=R2)",
        &[],
        &[tstop, tout],
    )
}

fn tstop_behind_t(tstop: f64, t: f64) -> Illegal {
    illegal(
        15,
        "DASKR--  INFO(4)=1 AND TSTOP (=R1) BEHIND T (=R2)",
        &[],
        &[tstop, t],
    )
}

fn weight_illegal() -> Illegal {
    illegal(13, "DASKR--  SOME ELEMENT OF WT IS .LE. 0.0", &[], &[])
}

fn ill_defined(t0: f64) -> Illegal {
    Illegal(note(
        31,
        &[
            "DASKR--  R IS ILL-DEFINED.  ZERO VALUES WERE FOUND AT TWO",
            "         VERY CLOSE T VALUES, AT T = R1",
        ],
        &[],
        &[t0],
    ))
}

/// RWORK and IWORK long enough for `lay` (statements 704, 705; checked on every call,
/// since the arrays are re-read on continuation calls too).
fn check_lengths(c: &Call<'_>, lay: &Layout) -> Result<(), Illegal> {
    let (lrw, liw) = (c.rwork.len() as i64, c.iwork.len() as i64);
    if lrw < lay.lenrw {
        return Err(illegal(
            4,
            "DASKR--  RWORK LENGTH NEEDED, LENRW (=I1), EXCEEDS LRW (=I2)",
            &[lay.lenrw, lrw],
            &[],
        ));
    }
    if liw < lay.leniw {
        return Err(illegal(
            5,
            "DASKR--  IWORK LENGTH NEEDED, LENIW (=I1), EXCEEDS LIW (=I2)",
            &[lay.leniw, liw],
            &[],
        ));
    }
    Ok(())
}

/// The layout of a continuation call, from what the first call stored (the original
/// trusts it; here it is checked, so that damaged arrays give IDID = -33, not a crash).
fn continuation_layout(c: &Call<'_>) -> Result<Layout, Illegal> {
    let damaged = || {
        illegal(
            1,
            "DASKR--  CONTINUATION CALL (INFO(1) = 1) WITH INFO, IWORK OR NRT NOT AS THE FIRST CALL LEFT THEM",
            &[],
            &[],
        )
    };
    if c.neq <= 0 || c.nrt < 0 || c.info[11] != 0 {
        return Err(damaged());
    }
    let mxord = iw_get(c.iwork, IW_MXORD);
    let mtype = MatrixType::from_code(iw_get(c.iwork, IW_MTYPE)).ok_or_else(damaged)?;
    if !(1..=5).contains(&mxord) {
        return Err(damaged());
    }
    if mtype.is_band() {
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
    let unfactored = iw_get(c.iwork, IW_JCALC) == 1
        && c.iwork.get(pivots..pivots + neq).is_some_and(|ipvt| {
            ipvt.iter()
                .enumerate()
                .any(|(row, &p)| usize::try_from(p).map_or(true, |p| p <= row || p > neq))
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

/// How the call proceeds after its checks.
enum Start {
    /// Take steps (statement 500).
    Integrate,
    /// The answer is already there (statement 590).
    Done,
}

fn run<P: Problem + ?Sized>(
    p: &mut P,
    c: &mut Call<'_>,
    notes: &mut Vec<Diagnostic>,
) -> Result<(), Illegal> {
    let info1 = c.info[0];
    let mut idid = *c.idid;
    let (lay, index) = if info1 == 0 {
        idid = 1;
        check_first_call(c)?
    } else {
        if info1 != 1 {
            if info1 != -1 {
                return Err(invalid_info(1));
            }
            notes.push(note(
                201,
                &[
                    "DASKR--  THE LAST STEP TERMINATED WITH A NEGATIVE",
                    "DASKR--  VALUE (=I1) OF IDID AND NO APPROPRIATE",
                    "DASKR--  ACTION WAS TAKEN. RUN TERMINATED",
                ],
                &[idid.into()],
                &[],
            ));
            // The original stops the program here (XERRWD level 2); the library returns
            // instead, and says with IDID = -33 that the call was refused.
            *c.idid = -33;
            return Ok(());
        }
        (continuation_layout(c)?, true)
    };
    // Not a check of the original, whose comparisons with a NaN TOUT or TSTOP are false
    // and send it down paths that depend on the compiler: refused with IDID = -33.
    if c.tout.is_nan() || (c.info[3] != 0 && c.rwork.first().is_some_and(|v| v.is_nan())) {
        return Err(illegal(
            40,
            "DASKR--  TOUT OR TSTOP (=R1, R2) IS NOT A NUMBER",
            &[],
            &[c.tout, c.rwork.first().copied().unwrap_or(0.0)],
        ));
    }
    let neq = lay.neq;
    if c.y.len() != neq || c.yprime.len() != neq || c.jroot.len() != lay.nrt {
        return Err(illegal(
            2,
            "DASKR--  Y, YPRIME AND JROOT MUST HOLD NEQ (=I1) AND NRT VALUES",
            &[c.neq.into()],
            &[],
        ));
    }

    // Statement 200: counters, tolerances.
    c.iwork[IW_NSTL] = c.iwork[IW_NST];
    let vector_tol = c.info[1] == 1;
    let needed = if vector_tol { neq } else { 1 };
    if c.rtol.len() < needed || c.atol.len() < needed {
        return Err(illegal(
            6,
            "DASKR--  RTOL AND ATOL MUST HOLD I1 VALUES",
            &[needed as i64],
            &[],
        ));
    }
    let mut nonzero = false;
    let (mut rtoli, mut atoli) = (c.rtol[0], c.atol[0]);
    for i in 0..neq {
        if vector_tol {
            rtoli = c.rtol[i];
            atoli = c.atol[i];
        }
        if rtoli > 0.0 || atoli > 0.0 {
            nonzero = true;
        }
        if rtoli < 0.0 {
            return Err(illegal(
                6,
                "DASKR--  SOME ELEMENT OF RTOL IS .LT. 0",
                &[],
                &[],
            ));
        }
        if atoli < 0.0 {
            return Err(illegal(
                7,
                "DASKR--  SOME ELEMENT OF ATOL IS .LT. 0",
                &[],
                &[],
            ));
        }
    }
    if !nonzero {
        return Err(illegal(
            8,
            "DASKR--  ALL ELEMENTS OF RTOL AND ATOL ARE ZERO",
            &[],
            &[],
        ));
    }
    c.iwork[IW_LCIWP] = i32::try_from(lay.pivot_offset() + 1).unwrap_or(i32::MAX);

    let tout = c.tout;
    let t0 = *c.t;
    let info = *c.info;
    let with_tstop = info[3] != 0;
    let with_hmax = info[6] != 0;
    let each_step = info[2] != 0;
    let nonneg = info[9] == 2 || info[9] == 3;
    let constrained = has_constraints(info[9]);
    let (y, yp) = (&mut *c.y, &mut *c.yprime);
    let jroot = &mut *c.jroot;
    let (rtol, atol) = (&mut *c.rtol, &mut *c.atol);
    let mut w = Work::split(&mut *c.rwork, &mut *c.iwork, lay);
    let nrt = lay.nrt;

    // Sets WT (reciprocal) and VT from `base` (Y, or PHI(*,1) when `None`); false if a
    // weight is <= 0.
    let update_weights = |w: &mut Work<'_>, base: Option<&[f64]>| -> bool {
        set_weights(vector_tol, rtol, atol, base.unwrap_or(&w.phi[..neq]), w.wt);
        if invert_weights(w.wt) != 0 {
            return false;
        }
        if lay.separate_vt {
            mask_algebraic(w.id, w.wt, w.vt);
        }
        true
    };
    let mut tstop = 0.0;
    let uround;
    let mut h;
    let mut tn;
    let mut h0 = 0.0;
    let start;
    let mut t_ret = t0;
    if info1 == 0 {
        // First call: weights, unit roundoff, initial step, initial values, PHI, the
        // root check at T (statements 300-390).
        tn = t0;
        idid = 1;
        if !update_weights(&mut w, Some(y)) {
            return Err(weight_illegal());
        }
        uround = f64::EPSILON;
        w.head[RW_ROUND] = uround;
        let hmin = 4.0 * uround * t0.abs().max(tout.abs());
        if info[10] != 0 {
            if info[16] == 0 {
                w.head[RW_STOL] = uround.powf(0.6667);
            } else if w.head[RW_STOL] <= 0.0 {
                return Err(info17_illegal());
            }
        }
        w.head[RW_EPCON] = 0.33;
        w.head[RW_SQRN] = (neq as f64).sqrt();
        w.head[RW_RSQRN] = 1.0 / w.head[RW_SQRN];
        let tdist = (tout - t0).abs();
        if tdist < hmin {
            return Err(illegal(
                14,
                "DASKR-- TOUT (=R1) TOO CLOSE TO T (=R2) TO START INTEGRATION",
                &[],
                &[tout, t0],
            ));
        }
        let initial_step = |w: &Work<'_>, yp: &[f64]| -> f64 {
            let mut h0 = 0.001 * tdist;
            let vt: &[f64] = if lay.separate_vt { w.vt } else { w.wt };
            let ypnorm = weighted_rms(yp, vt);
            if ypnorm > 0.5 / h0 {
                h0 = 0.5 / ypnorm;
            }
            h0.copysign(tout - t0)
        };
        if info[7] != 0 {
            h0 = w.head[RW_H];
            if (tout - t0) * h0 < 0.0 {
                return Err(tout_behind_t(tout, t0));
            }
            if h0 == 0.0 {
                return Err(illegal(12, "DASKR--  INFO(8)=1 AND H0=0.0", &[], &[]));
            }
        } else {
            h0 = initial_step(&w, yp);
        }
        if with_hmax {
            let rh = h0.abs() / w.head[RW_HMAX];
            if rh > 1.0 {
                h0 /= rh;
            }
        }
        if with_tstop {
            tstop = w.head[RW_TSTOP];
            if (tstop - t0) * h0 < 0.0 {
                return Err(tstop_behind_t(tstop, t0));
            }
            if (t0 + h0 - tstop) * h0 > 0.0 {
                h0 = tstop - t0;
            }
            if (tstop - tout) * h0 < 0.0 {
                return Err(tstop_behind_tout(tstop, tout));
            }
        }
        let mut init_done = false;
        if info[10] != 0 {
            // Statements 340-360: consistent initial values, twice (the second time with
            // weights from the new y).
            let ctl = InitControls {
                icopt: info[10],
                tscale: if index { 0.0 } else { tdist },
                epcon: w.head[RW_EPIN] * w.head[RW_EPCON],
                stptol: w.head[RW_STOL],
                uround,
                constrained,
            };
            let mut nwt = 1;
            loop {
                idid = initial_values(p, tn, y, yp, &mut h0, &ctl, &mut w);
                if idid < 0 || nwt == 2 {
                    break;
                }
                nwt = 2;
                if !update_weights(&mut w, Some(y)) {
                    return Err(weight_illegal());
                }
            }
            if idid >= 0 {
                if info[13] == 1 {
                    idid = 4;
                    if info[10] == 1 {
                        w.head[RW_HOLD] = h0;
                    }
                    init_done = true;
                } else {
                    if !update_weights(&mut w, Some(y)) {
                        return Err(weight_illegal());
                    }
                    h0 = if info[7] != 0 {
                        w.head[RW_H]
                    } else {
                        initial_step(&w, yp)
                    };
                    if with_hmax {
                        let rh = h0.abs() / w.head[RW_HMAX];
                        if rh > 1.0 {
                            h0 /= rh;
                        }
                    }
                    if with_tstop && (t0 + h0 - tstop) * h0 > 0.0 {
                        h0 = tstop - t0;
                    }
                }
            }
        }
        h = h0;
        if idid < 0 || init_done {
            start = Start::Done;
        } else {
            // Statements 370-390.
            w.head[RW_H] = h;
            w.phi[..neq].copy_from_slice(y);
            for (ph, ypi) in w.phi[neq..2 * neq].iter_mut().zip(yp.iter()) {
                *ph = h * ypi;
            }
            w.head[RW_T0] = t0;
            w.iw[IW_IRFND] = 0;
            w.head[RW_PSI] = h;
            w.head[RW_PSI + 1] = 2.0 * h;
            w.iw[IW_KOLD] = 1;
            if nrt > 0 {
                match check(Job::Start, p, t0, tout, y, yp, jroot, uround, &mut w) {
                    Check::ZeroTwice => return Err(ill_defined(w.head[RW_T0])),
                    Check::Clear | Check::Root => {}
                }
            }
            start = Start::Integrate;
        }
    } else {
        // Continuation: a root pending at T0? Is the answer already there?
        // (statements 400-490)
        uround = w.head[RW_ROUND];
        tn = w.head[RW_TN];
        h = w.head[RW_H];
        let mut root = false;
        if nrt > 0 {
            match check(Job::Resume, p, tn, tout, y, yp, jroot, uround, &mut w) {
                Check::ZeroTwice => return Err(ill_defined(w.head[RW_T0])),
                Check::Root => {
                    w.iw[IW_IRFND] = 1;
                    idid = 5;
                    t_ret = w.head[RW_T0];
                    root = true;
                }
                Check::Clear => {}
            }
        }
        if root {
            start = Start::Done;
        } else {
            if with_hmax {
                let rh = h.abs() / w.head[RW_HMAX];
                if rh > 1.0 {
                    h /= rh;
                }
            }
            if t0 == tout {
                return Err(tout_equals_t(tout, t0));
            }
            if (t0 - tout) * h > 0.0 {
                return Err(tout_behind_t(tout, t0));
            }
            if with_tstop {
                tstop = w.head[RW_TSTOP];
                if (tn - tstop) * h > 0.0 {
                    return Err(tstop_behind_t(tstop, t0));
                }
                if (tstop - tout) * h < 0.0 {
                    return Err(tstop_behind_tout(tstop, tout));
                }
            }
            let kold = usize::try_from(w.iw[IW_KOLD]).unwrap_or(0);
            let mut psi = [0.0; 6];
            psi.copy_from_slice(&w.head[RW_PSI..RW_PSI + 6]);
            let phi = &*w.phi;
            let mut answer = |target: f64, code: i32| {
                interpolate(tn, target, y, yp, kold, phi, &psi);
                t_ret = target;
                idid = code;
                Some(Start::Done)
            };
            let pending = if each_step {
                if (tn - t0) * h <= 0.0 {
                    None
                } else if (tn - tout) * h >= 0.0 {
                    answer(tout, 3)
                } else {
                    answer(tn, 1)
                }
            } else if (tn - tout) * h < 0.0 {
                None
            } else {
                answer(tout, 3)
            };
            start = match pending {
                Some(done) => done,
                None if with_tstop => {
                    if (tn - tstop).abs() <= 100.0 * uround * (tn.abs() + h.abs()) {
                        interpolate(tn, tstop, y, yp, kold, w.phi, &psi);
                        t_ret = tstop;
                        idid = 2;
                        Start::Done
                    } else {
                        let tnext = tn + h;
                        if not_le((tnext - tstop) * h, 0.0) {
                            h = tstop - tn;
                            w.head[RW_H] = h;
                        }
                        Start::Integrate
                    }
                }
                None => Start::Integrate,
            };
        }
    }

    if matches!(start, Start::Integrate) {
        // The stepping loop (statements 500-580).
        loop {
            if w.iw[IW_NST] - w.iw[IW_NSTL] >= 500 {
                idid = -1;
                break;
            }
            if !update_weights(&mut w, None) {
                idid = -3;
                break;
            }
            let r = weighted_rms(&w.phi[..neq], w.wt) * 100.0 * uround;
            if not_le(r, 1.0) {
                let n = if vector_tol { neq } else { 1 };
                for v in rtol[..n].iter_mut().chain(atol[..n].iter_mut()) {
                    *v *= r;
                }
                idid = -2;
                notes.push(note(
                    620,
                    &[
                        "DASKR--  AT T (=R1) TOO MUCH ACCURACY REQUESTED",
                        "DASKR--  FOR PRECISION OF MACHINE. RTOL AND ATOL",
                        "DASKR--  WERE INCREASED BY A FACTOR R (=R1)",
                    ],
                    &[],
                    &[tn, r],
                ));
                break;
            }
            let hmin = 4.0 * uround * tn.abs().max(tout.abs());
            if with_hmax {
                let rh = h.abs() / w.head[RW_HMAX];
                if rh > 1.0 {
                    h /= rh;
                }
            }
            let limits = StepLimits {
                hmin,
                uround,
                epcon: w.head[RW_EPCON],
                nonneg,
            };
            idid = take_step(p, &mut tn, y, yp, &mut h, &mut c.info[0], &mut w, &limits);
            if idid < 0 {
                break;
            }
            if nrt > 0 {
                match check(Job::AfterStep, p, tn, tout, y, yp, jroot, uround, &mut w) {
                    Check::Root => {
                        w.iw[IW_IRFND] = 1;
                        idid = 5;
                        t_ret = w.head[RW_T0];
                        break;
                    }
                    Check::ZeroTwice | Check::Clear => {}
                }
            }
            let kold = usize::try_from(w.iw[IW_KOLD]).unwrap_or(0);
            let mut psi = [0.0; 6];
            psi.copy_from_slice(&w.head[RW_PSI..RW_PSI + 6]);
            let near_tstop =
                |tn: f64, h: f64| (tn - tstop).abs() <= 100.0 * uround * (tn.abs() + h.abs());
            let reached = if !with_tstop {
                if (tn - tout) * h >= 0.0 {
                    Some((tout, 3))
                } else if !each_step {
                    None
                } else {
                    t_ret = tn;
                    idid = 1;
                    break;
                }
            } else if near_tstop(tn, h) {
                Some((tstop, 2))
            } else if (tn - tout) * h >= 0.0 {
                Some((tout, 3))
            } else if !each_step {
                let tnext = tn + h;
                if not_le((tnext - tstop) * h, 0.0) {
                    h = tstop - tn;
                }
                None
            } else {
                t_ret = tn;
                idid = 1;
                break;
            };
            if let Some((target, code)) = reached {
                interpolate(tn, target, y, yp, kold, w.phi, &psi);
                t_ret = target;
                idid = code;
                break;
            }
        }
    }

    *c.idid = idid;
    if idid >= 0 {
        // Successful returns (statement 590).
        w.head[RW_TN] = tn;
        w.head[RW_TLAST] = t_ret;
        w.head[RW_H] = h;
        *c.t = t_ret;
        return Ok(());
    }

    // Unsuccessful returns other than illegal input (statements 600-700).
    let at_t_h = "DASKR--  AT T (=R1) AND STEPSIZE H (=R2) THE";
    let message = match idid {
        -1 => Some(note(
            610,
            &[
                "DASKR--  AT CURRENT T (=R1)  500 STEPS",
                "DASKR--  TAKEN ON THIS CALL BEFORE REACHING TOUT",
            ],
            &[],
            &[tn],
        )),
        -3 => Some(note(
            630,
            &[
                "DASKR--  AT T (=R1) SOME ELEMENT OF WT",
                "DASKR--  HAS BECOME .LE. 0.0",
            ],
            &[],
            &[tn],
        )),
        -6 => Some(note(
            640,
            &[
                at_t_h,
                "DASKR--  ERROR TEST FAILED REPEATEDLY OR WITH ABS(H)=HMIN",
            ],
            &[],
            &[tn, h],
        )),
        -7 => Some(note(
            650,
            &[
                at_t_h,
                "DASKR--  NONLINEAR SOLVER FAILED TO CONVERGE",
                "DASKR--  REPEATEDLY OR WITH ABS(H)=HMIN",
            ],
            &[],
            &[tn, h],
        )),
        -8 => Some(note(
            660,
            &[at_t_h, "DASKR--  ITERATION MATRIX IS SINGULAR."],
            &[],
            &[tn, h],
        )),
        -9 => Some(note(
            670,
            &[
                at_t_h,
                "DASKR--  NONLINEAR SOLVER COULD NOT CONVERGE.",
                "DASKR--  ALSO, THE ERROR TEST FAILED REPEATEDLY.",
            ],
            &[],
            &[tn, h],
        )),
        -10 => Some(note(
            675,
            &[
                at_t_h,
                "DASKR--  NONLINEAR SYSTEM SOLVER COULD NOT CONVERGE",
                "DASKR--  BECAUSE IRES WAS EQUAL TO MINUS ONE",
            ],
            &[],
            &[tn, h],
        )),
        -11 => Some(note(
            680,
            &[
                "DASKR--  AT T (=R1) AND STEPSIZE H (=R2)",
                "DASKR--  IRES WAS EQUAL TO MINUS TWO",
            ],
            &[],
            &[tn, h],
        )),
        -12 => Some(note(
            685,
            &[at_t_h, "DASKR--  INITIAL (Y,YPRIME) COULD NOT BE COMPUTED"],
            &[],
            &[tn, h0],
        )),
        _ => None,
    };
    if let Some(m) = message {
        notes.push(m);
    }
    c.info[0] = -1;
    *c.t = tn;
    w.head[RW_TN] = tn;
    w.head[RW_H] = h;
    Ok(())
}
