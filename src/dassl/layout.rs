//! Where DDASSL keeps its state between calls: the slots of IWORK and RWORK, as 0-based
//! indices into the caller's arrays (the original's 1-based PARAMETER names in the docs).
//!
//! Keeping the original layout is what lets callers copy, save and restore the arrays, and
//! lets a state saved by the Fortran code continue here.

/// IWORK(1) ML: lower bandwidth (INFO(6) = 1).
pub const IW_ML: usize = 0;
/// IWORK(2) MU: upper bandwidth (INFO(6) = 1).
pub const IW_MU: usize = 1;
/// IWORK(3) MXORD: maximum order.
pub const IW_MXORD: usize = 2;
/// IWORK(4) MTYPE: iteration-matrix type (1 dense user, 2 dense numerical, 4 band user,
/// 5 band numerical).
pub const IW_MTYPE: usize = 3;
/// IWORK(5) JCALC: -1 when a new iteration matrix is due, 0 just formed, 1 otherwise.
pub const IW_JCALC: usize = 4;
/// IWORK(6) IPHASE: 0 while the start-up phase doubles the step and raises the order.
pub const IW_PHASE: usize = 5;
/// IWORK(7) K: order for the next step.
pub const IW_K: usize = 6;
/// IWORK(8) KOLD: order of the last successful step.
pub const IW_KOLD: usize = 7;
/// IWORK(9) NS: number of steps taken with the current step size and order.
pub const IW_NS: usize = 8;
/// IWORK(10) NSTL: step count at the start of this call (the 500-step limit).
pub const IW_NSTL: usize = 9;
/// IWORK(11) NST: successful steps.
pub const IW_NST: usize = 10;
/// IWORK(12) NRE: residual evaluations.
pub const IW_NRE: usize = 11;
/// IWORK(13) NJE: iteration-matrix evaluations.
pub const IW_NJE: usize = 12;
/// IWORK(14) NETF: error-test failures.
pub const IW_ETF: usize = 13;
/// IWORK(15) NCFN: convergence-test failures.
pub const IW_CTF: usize = 14;
/// IWORK(16) NPD: length of the iteration-matrix storage.
pub const IW_NPD: usize = 15;
/// IWORK(21..20+NEQ): LINPACK pivots.
pub const IW_IPVT: usize = 20;

/// RWORK(1) TSTOP.
pub const RW_TSTOP: usize = 0;
/// RWORK(2) HMAX.
pub const RW_HMAX: usize = 1;
/// RWORK(3) H: step size for the next step (H0 on input with INFO(8) = 1).
pub const RW_H: usize = 2;
/// RWORK(4) TN: the point the integrator has reached.
pub const RW_TN: usize = 3;
/// RWORK(5) CJ: leading coefficient of the current step.
pub const RW_CJ: usize = 4;
/// RWORK(6) CJOLD: CJ of the current iteration matrix.
pub const RW_CJOLD: usize = 5;
/// RWORK(7) HOLD: the last step size used successfully.
pub const RW_HOLD: usize = 6;
/// RWORK(8) S: Newton convergence-rate factor.
pub const RW_S: usize = 7;
/// RWORK(9) UROUND.
pub const RW_ROUND: usize = 8;
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

/// Iteration-matrix storage (IWORK(4)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixType {
    /// 1: dense, from the user's JAC.
    DenseAnalytic,
    /// 2: dense, by finite differences.
    DenseNumerical,
    /// 4: banded, from the user's JAC.
    BandAnalytic,
    /// 5: banded, by finite differences.
    BandNumerical,
}

impl MatrixType {
    /// The type stored in IWORK(4), if it is one the original can form.
    pub fn from_code(code: i32) -> Option<Self> {
        match code {
            1 => Some(Self::DenseAnalytic),
            2 => Some(Self::DenseNumerical),
            4 => Some(Self::BandAnalytic),
            5 => Some(Self::BandNumerical),
            _ => None,
        }
    }

    /// The IWORK(4) code.
    pub fn code(self) -> i32 {
        match self {
            Self::DenseAnalytic => 1,
            Self::DenseNumerical => 2,
            Self::BandAnalytic => 4,
            Self::BandNumerical => 5,
        }
    }

    /// Whether the matrix is kept in LINPACK band storage.
    pub fn is_band(self) -> bool {
        matches!(self, Self::BandAnalytic | Self::BandNumerical)
    }
}

/// Storage the original needs: (LENPD, LENRW, LENIW) for `neq` equations, maximum order
/// `mxord`, matrix type `mtype` and bandwidths `ml`, `mu` (i64: NEQ² overflows i32).
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
