//! Where DDASSL keeps its state between calls: the slots of IWORK and RWORK, as 0-based
//! indices into the caller's arrays (the original's 1-based PARAMETER names in the docs).
//!
//! Keeping the original layout is what lets callers copy, save and restore the arrays, and
//! lets a state saved by the Fortran code continue here. IWORK(1..15) and RWORK(1..9) are
//! the slots DDASKR keeps in the same places ([`crate::bdf::layout`]).

pub use crate::bdf::layout::{
    MatrixType, IW_ETF, IW_JCALC, IW_K, IW_KOLD, IW_ML, IW_MTYPE, IW_MU, IW_MXORD, IW_NCFN, IW_NJE,
    IW_NRE, IW_NS, IW_NST, IW_NSTL, IW_PHASE, RW_CJ, RW_CJOLD, RW_H, RW_HMAX, RW_HOLD, RW_ROUND,
    RW_S, RW_TN, RW_TSTOP,
};

/// IWORK(16) NPD: length of the iteration-matrix storage.
pub const IW_NPD: usize = 15;
/// IWORK(21..20+NEQ): LINPACK pivots.
pub const IW_IPVT: usize = 20;

/// RWORK(11..16) ALPHA.
pub const RW_ALPHA: usize = 10;
/// RWORK(17..22) BETA.
pub const RW_BETA: usize = 16;
/// RWORK(23..28) GAMMA.
pub const RW_GAMMA: usize = 22;
/// RWORK(29..34) PSI.
pub const RW_PSI: usize = 28;
/// RWORK(35..40) SIGMA.
pub const RW_SIGMA: usize = 34;
/// RWORK(41..) DELTA, then E, WT, PHI and the iteration matrix WM, each NEQ long but PHI
/// (NEQ·(MXORD+1)) and WM (IWORK(16), plus 2·(NEQ/(ML+MU+1)+1) for a numerical band matrix).
pub const RW_DELTA: usize = 40;

/// Length of the fixed integer header before the pivots.
pub const IW_HEADER: usize = 20;

/// Storage the original needs: (LENPD, LENRW, LENIW) for `neq` equations, maximum order
/// `mxord`, matrix type `mtype` and bandwidths `ml`, `mu` (i64: NEQ² overflows i32).
#[allow(unsafe_code)]
#[link_section = hot_path!(dassl)]
pub fn required_lengths(
    neq: i64,
    mxord: i64,
    mtype: MatrixType,
    ml: i64,
    mu: i64,
) -> (i64, i64, i64) {
    let lenpd = if mtype.is_band() {
        (2 * ml + mu + 1) * neq
    } else {
        neq * neq
    };
    let mut lenrw = 40 + (mxord + 4) * neq + lenpd;
    if mtype == MatrixType::BandNumerical {
        let msave = neq / (ml + mu + 1) + 1;
        lenrw += 2 * msave;
    }
    (lenpd, lenrw, 20 + neq)
}
