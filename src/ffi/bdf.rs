//! What `ddassl_` and `ddaskr_` share: the callback signatures, the marshalling of the
//! arguments both take (NEQ, T, TOUT, IDID, INFO, Y, YPRIME, RWORK, IWORK, RTOL/ATOL,
//! the overlap check), the call of the user's JAC, and the write-back of what changed.

use std::cell::Cell;

use super::{
    message, narrow, overlapping, read, saturate, slice_mut, unfit, write_t_idid, FInt, IntArray,
    Tolerances,
};

/// DDASSL's `RES(T, Y, YPRIME, DELTA, IRES, RPAR, IPAR)`.
pub type DasslRes = Option<
    unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        delta: *mut f64,
        ires: *mut FInt,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
>;

/// DDASKR's `RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)`.
pub type DaskrRes = Option<
    unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        cj: *const f64,
        delta: *mut f64,
        ires: *mut FInt,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
>;

/// DDASSL's `JAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)`, which DDASKR's direct method shares.
pub type DasslJac = Option<
    unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        pd: *mut f64,
        cj: *const f64,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
>;

/// DDASKR's JAC: DDASSL's (the name the C header has carried for it).
pub type DaskrJac = DasslJac;

/// DDASKR's JAC in its Krylov form (INFO(12) = 1, INFO(15) = 1), which sets up the
/// preconditioner: `JAC(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H, CJ, WP, IWP, IER,
/// RPAR, IPAR)`. It may call RES, and perturb Y and YPRIME if it restores them.
pub type DaskrKrylovJac = unsafe extern "C" fn(
    res: DaskrRes,
    ires: *mut FInt,
    neq: *const FInt,
    t: *const f64,
    y: *mut f64,
    yprime: *mut f64,
    rewt: *const f64,
    savr: *const f64,
    wk: *mut f64,
    h: *const f64,
    cj: *const f64,
    wp: *mut f64,
    iwp: *mut FInt,
    ier: *mut FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
);

/// DDASKR's `PSOL(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP, B, EPLIN, IER, RPAR,
/// IPAR)`: solves `P·x = b` in place in B (INFO(12) = 1).
pub type DaskrPsol = unsafe extern "C" fn(
    neq: *const FInt,
    t: *const f64,
    y: *const f64,
    yprime: *const f64,
    savr: *const f64,
    wk: *mut f64,
    cj: *const f64,
    wght: *const f64,
    wp: *mut f64,
    iwp: *mut FInt,
    b: *mut f64,
    eplin: *const f64,
    ier: *mut FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
);

/// DDASKR's `RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)`.
pub type DaskrRt = Option<
    unsafe extern "C" fn(
        neq: *const FInt,
        t: *const f64,
        y: *const f64,
        yp: *const f64,
        nrt: *const FInt,
        rval: *mut f64,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
>;

/// Calls the user's JAC, if any, for PD at (`t`, `y`, `yprime`) with `cj`.
///
/// # Safety
/// The entry point's caller promised a JAC that reads NEQ values of Y and YPRIME, writes
/// the iteration-matrix storage PD (the length the original gives JAC: NEQ² dense,
/// (2ML+MU+1)·NEQ banded) and treats RPAR/IPAR as its own.
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn call_jac(
    jac: DasslJac,
    t: f64,
    y: &[f64],
    yprime: &[f64],
    cj: f64,
    pd: &mut [f64],
    rpar: *mut f64,
    ipar: *mut FInt,
) {
    if let Some(jac) = jac {
        // SAFETY: the slices hold what JAC reads and writes (the caller's contract); the
        // scalars live on this frame.
        unsafe {
            jac(
                &t,
                y.as_ptr(),
                yprime.as_ptr(),
                pd.as_mut_ptr(),
                &cj,
                rpar,
                ipar,
            )
        };
    }
}

/// The entry point whose arguments are marshalled: how its refusals are printed.
#[derive(Debug, Clone, Copy)]
pub(super) enum Entry {
    /// `ddassl_`: XERMSG style.
    Ddassl,
    /// `ddaskr_`: XERRWD style.
    Ddaskr,
}

impl Entry {
    /// How many INFO elements the original reads: INFO(1..11) of DDASSL's 15,
    /// INFO(1..18) of DDASKR's 20.
    fn info_read(self) -> usize {
        match self {
            Entry::Ddassl => 11,
            Entry::Ddaskr => 18,
        }
    }

    /// The IWORK slots (0-based) that hold the caller's inputs under these INFO flags:
    /// ML and MU (INFO(6) = 1), MAXORD (INFO(9) = 1); for DDASKR also MAXL, KMP, NRMAX
    /// (INFO(12) = INFO(13) = 1), LENWP and LENIWP (INFO(12) = 1), MXNIT, MXNJ, MXNH and
    /// LSOFF (INFO(11) > 0, INFO(17) = 1), the constraints IWORK(41..40+NEQ) (INFO(10) = 1
    /// or 3) and the differential/algebraic marks IWORK(LID+1..LID+NEQ) (INFO(11) = 1 or
    /// INFO(16) = 1). The other slots are work space or state the library itself wrote.
    fn iwork_inputs(self, info: &[i32], neq: usize) -> Vec<usize> {
        let on = |k: usize, v: i32| info.get(k - 1) == Some(&v);
        let mut slots = Vec::new();
        if on(6, 1) {
            slots.extend([0, 1]);
        }
        if on(9, 1) {
            slots.push(2);
        }
        if let Entry::Ddaskr = self {
            if on(12, 1) {
                slots.extend([26, 27]);
                if on(13, 1) {
                    slots.extend([23, 24, 25]);
                }
            }
            if info.get(10).is_some_and(|&v| v > 0) && on(17, 1) {
                slots.extend(31..35);
            }
            let constrained = on(10, 1) || on(10, 3);
            if constrained {
                slots.extend(40..40 + neq);
            }
            if on(11, 1) || on(16, 1) {
                let lid = if constrained { 40 + neq } else { 40 };
                slots.extend(lid..lid + neq);
            }
        }
        slots
    }

    /// Prints the reason for refusing a call and sets IDID = -33 when IDID is writable.
    ///
    /// # Safety
    /// `idid` must be null or point to a writable `FInt`.
    pub(super) unsafe fn refuse(self, idid: *mut FInt, text: &str) {
        match self {
            Entry::Ddassl => message(&format!(
                "***MESSAGE FROM ROUTINE DDASSL IN LIBRARY SLATEC. {text} ERROR NUMBER = -33"
            )),
            Entry::Ddaskr => message(&format!("DASKR--  {text}  (IDID = -33)")),
        }
        if !idid.is_null() && idid.is_aligned() {
            // SAFETY: non-null and aligned checked; writability is the caller's contract.
            unsafe { idid.write(-33) };
        }
    }
}

/// The pointer arguments both entry points take, as the caller passed them.
pub(super) struct Pointers {
    // Each field is the argument of that name.
    pub neq: *const FInt,
    pub t: *mut f64,
    pub y: *mut f64,
    pub yprime: *mut f64,
    pub tout: *const f64,
    pub info: *mut FInt,
    pub rtol: *mut f64,
    pub atol: *mut f64,
    pub idid: *mut FInt,
    pub rwork: *mut f64,
    pub lrw: *const FInt,
    pub iwork: *mut FInt,
    pub liw: *const FInt,
}

/// What an entry point adds to the shared checks (DDASKR: NRT, RT and JROOT).
pub(super) struct Extra<'n> {
    /// The scalar arguments, named in the refusal of a null one.
    pub scalar_names: &'n str,
    /// Whether the entry point's own scalars were readable.
    pub scalars_read: bool,
    /// A refusal after INFO was read, when the entry point's own callbacks are missing.
    pub missing_callback: Option<&'n str>,
    /// The entry point's own arrays, as (start, bytes), for the overlap check (at most
    /// [`MAX_EXTRA_REGIONS`]).
    pub regions: &'n [(usize, usize)],
    /// All the arrays that must not overlap, named in the refusal.
    pub overlap_names: &'n str,
}

/// The most arrays an entry point adds to the overlap check ([`Extra::regions`]).
const MAX_EXTRA_REGIONS: usize = 2;

/// The arrays of one call, as (start, bytes), unused entries empty.
type Regions = [(usize, usize); 7 + MAX_EXTRA_REGIONS];

thread_local! {
    /// The arrays of the last call on this thread found not to overlap. A DASSL-family
    /// program calls once per step or output point with the same arrays: the pairwise
    /// check (a pure function of the arrays, a sixth of the export's cost) is then
    /// skipped. A call with other arrays (another solve, a nested one) checks and records.
    static DISJOINT: Cell<Regions> = const { Cell::new([(0, 0); 7 + MAX_EXTRA_REGIONS]) };
}

/// Whether no two of `regions` overlap, remembering the last disjoint set.
fn disjoint(regions: &Regions) -> bool {
    DISJOINT.with(|last| {
        if last.get() == *regions {
            return true;
        }
        let ok = !overlapping(regions);
        if ok {
            last.set(*regions);
        }
        ok
    })
}

/// The shared arguments, validated and as slices.
pub(super) struct Arguments<'a> {
    /// NEQ.
    pub neq: i32,
    /// T on entry.
    pub t: f64,
    /// TOUT.
    pub tout: f64,
    /// IDID on entry, as passed.
    pub idid: FInt,
    /// INFO(N).
    pub info: IntArray<'a>,
    /// Y(NEQ).
    pub y: &'a mut [f64],
    /// YPRIME(NEQ).
    pub yprime: &'a mut [f64],
    /// RWORK(LRW).
    pub rwork: &'a mut [f64],
    /// IWORK(LIW).
    pub iwork: IntArray<'a>,
    /// RTOL and ATOL (NEQ values with INFO(2) = 1, else one).
    pub tols: Tolerances<'a>,
    t_ptr: *mut f64,
    idid_ptr: *mut FInt,
}

impl Pointers {
    /// Reads and checks the shared arguments in the originals' order: scalars, RES,
    /// INFO, JAC (with INFO(5) = 1 on a first call), the entry's own callbacks, overlaps,
    /// the arrays, the tolerances. `None`: refused (printed, IDID = -33 when writable),
    /// also when NEQ, LRW, LIW, an INFO element the original reads or an IWORK input
    /// does not fit the core's `i32` (`int64` build).
    ///
    /// # Safety
    /// The pointers must be valid as the entry point's documentation states (the
    /// original's contract): scalars readable (T, IDID also writable), INFO `N` values,
    /// Y and YPRIME NEQ values, RWORK LRW, IWORK LIW, RTOL and ATOL NEQ values with
    /// INFO(2) = 1 (else one), all readable and writable and not accessed through another
    /// path for `'a`.
    pub(super) unsafe fn marshal<'a, const N: usize>(
        &self,
        entry: Entry,
        res_missing: bool,
        jac_missing: bool,
        extra: &Extra<'_>,
    ) -> Option<Arguments<'a>> {
        let idid = self.idid;
        // SAFETY: IDID is null or writable by the caller's contract.
        let refuse = |text: &str| unsafe { entry.refuse(idid, text) };
        // SAFETY: the scalar arguments are readable by the caller's contract; `read`
        // rejects null and misaligned pointers.
        let scalars = unsafe {
            (
                read(self.neq),
                read(self.t),
                read(self.tout),
                read(self.lrw),
                read(self.liw),
                read(idid),
            )
        };
        let (Some(neq), Some(t), Some(tout), Some(lrw), Some(liw), Some(idid_v)) = scalars else {
            refuse(&format!(
                "A SCALAR ARGUMENT ({}) IS A NULL POINTER.",
                extra.scalar_names
            ));
            return None;
        };
        if !extra.scalars_read {
            refuse(&format!(
                "A SCALAR ARGUMENT ({}) IS A NULL POINTER.",
                extra.scalar_names
            ));
            return None;
        }
        let (Some(neq), Some(lrw), Some(liw)) = (narrow(neq), narrow(lrw), narrow(liw)) else {
            refuse(&format!(
                "NEQ = {neq}, LRW = {lrw} OR LIW = {liw} IS OUTSIDE THE 32-BIT RANGE OF STIFFDAE'S CORE."
            ));
            return None;
        };
        if res_missing {
            refuse("RES IS A NULL POINTER.");
            return None;
        }
        // SAFETY: INFO holds N integers by the caller's contract.
        let Some(mut info) = (unsafe { IntArray::new(self.info, N) }) else {
            refuse("INFO IS A NULL POINTER.");
            return None;
        };
        // Every INTEGER fits in the default build: no checks there.
        let wide = cfg!(feature = "int64");
        if wide {
            if let Some(why) = unfit("INFO", info.caller(), 0..entry.info_read()) {
                refuse(&format!("{}.", why.to_uppercase()));
                return None;
            }
        }
        let flags = info.core();
        // DDASKR's Krylov method (INFO(12) = 1) never calls the direct JAC, whatever
        // INFO(5) says: a null JAC is the caller's right there.
        let direct = !(matches!(entry, Entry::Ddaskr) && flags[11] == 1);
        if direct && flags[4] == 1 && jac_missing && flags[0] == 0 {
            refuse("INFO(5) = 1 BUT JAC IS A NULL POINTER.");
            return None;
        }
        if let Some(text) = extra.missing_callback {
            refuse(text);
            return None;
        }
        let n = usize::try_from(neq).unwrap_or(0);
        let ntol = if flags[1] == 1 { n } else { 1 };
        let lr = usize::try_from(lrw).unwrap_or(0);
        let li = usize::try_from(liw).unwrap_or(0);
        let (f, i) = (size_of::<f64>(), size_of::<FInt>());
        // On the stack: this runs on every call, often once per step.
        let mut regions: Regions = [(0, 0); 7 + MAX_EXTRA_REGIONS];
        regions[..7].copy_from_slice(&[
            (self.y as usize, n * f),
            (self.yprime as usize, n * f),
            (self.info as usize, N * i),
            (self.rwork as usize, lr * f),
            (self.iwork as usize, li * i),
            (self.t as usize, f),
            (idid as usize, i),
        ]);
        let count = 7 + extra.regions.len();
        regions[7..count].copy_from_slice(extra.regions);
        if !disjoint(&regions) {
            refuse(&format!("{} MUST NOT OVERLAP.", extra.overlap_names));
            return None;
        }
        // SAFETY: lengths from NEQ, LRW, LIW as the caller's contract states; the regions
        // were checked not to overlap; `slice_mut` and `IntArray::new` reject null and
        // misaligned pointers.
        let arrays = unsafe {
            (
                slice_mut(self.y, n),
                slice_mut(self.yprime, n),
                slice_mut(self.rwork, lr),
                IntArray::new(self.iwork, li),
            )
        };
        let (Some(y), Some(yprime), Some(rwork), Some(iwork)) = arrays else {
            refuse("Y, YPRIME, RWORK OR IWORK IS A NULL POINTER.");
            return None;
        };
        if wide {
            let inputs = entry.iwork_inputs(info.core(), n);
            if let Some(why) = unfit("IWORK", iwork.caller(), inputs) {
                refuse(&format!("{}.", why.to_uppercase()));
                return None;
            }
        }
        // SAFETY: RTOL/ATOL hold `ntol` readable and writable values by the caller's
        // contract.
        let Some(tols) = (unsafe { Tolerances::read(self.rtol, self.atol, ntol) }) else {
            refuse("RTOL OR ATOL IS A NULL POINTER.");
            return None;
        };
        Some(Arguments {
            neq,
            t,
            tout,
            idid: idid_v,
            info,
            y,
            yprime,
            rwork,
            iwork,
            tols,
            t_ptr: self.t,
            idid_ptr: idid,
        })
    }
}

impl Arguments<'_> {
    /// IDID on entry as the core reads it.
    pub(super) fn idid_in(&self) -> i32 {
        saturate(self.idid)
    }

    /// Writes back what the call changed, as the originals write only those: INFO and
    /// IWORK values (copied in the `int64` build), the copied tolerances that changed, T
    /// and IDID.
    ///
    /// # Safety
    /// As for [`Pointers::marshal`]: INFO, IWORK, RTOL/ATOL, T and IDID writable.
    pub(super) unsafe fn write_back(&self, t_out: f64, idid_out: i32) {
        // SAFETY: INFO, IWORK and RTOL/ATOL are writable for their values by the caller's
        // contract.
        unsafe {
            self.info.write_back();
            self.iwork.write_back();
            self.tols.write_back();
        }
        // SAFETY: T and IDID were read (valid, aligned), writable by the contract.
        unsafe {
            write_t_idid(
                self.t_ptr,
                self.t,
                t_out,
                self.idid_ptr,
                self.idid,
                idid_out,
            )
        };
    }
}

#[cfg(test)]
mod tests {
    use super::{disjoint, Regions};

    /// The memo never answers for arrays it has not checked: the same starts with a
    /// length that now overlaps, or another set, are checked again.
    #[test]
    fn the_remembered_disjoint_arrays_are_only_those() {
        let mut r: Regions = [(0, 0); 9];
        r[..3].copy_from_slice(&[(0, 64), (64, 64), (128, 8)]);
        assert!(disjoint(&r));
        assert!(disjoint(&r));
        let mut longer = r;
        longer[0].1 = 65;
        assert!(!disjoint(&longer));
        assert!(!disjoint(&longer));
        assert!(disjoint(&r));
        let mut moved = r;
        moved[2].0 = 120;
        assert!(!disjoint(&moved));
    }
}
