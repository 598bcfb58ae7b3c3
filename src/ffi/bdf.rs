//! What `ddassl_` and `ddaskr_` share: the callback signatures, the marshalling of the
//! arguments both take (NEQ, T, TOUT, IDID, INFO, Y, YPRIME, RWORK, IWORK, RTOL/ATOL,
//! the overlap check), the call of the user's JAC, and the write-back of what changed.

use std::cell::Cell;
use std::ptr::with_exposed_provenance_mut;

use super::{
    message, narrow, overlapping, saturate, slice_mut, unfit, valid, write_t_idid, FInt, IntArray,
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
#[link_section = hot_path!(bdf)]
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

    /// The scalar arguments, named in the refusal of a null one.
    fn scalar_names(self) -> &'static str {
        match self {
            Entry::Ddassl => "NEQ, T, TOUT, LRW, LIW, IDID",
            Entry::Ddaskr => "NEQ, T, TOUT, LRW, LIW, IDID, NRT",
        }
    }

    /// The arrays that must not overlap, named in the refusal.
    fn overlap_names(self) -> &'static str {
        match self {
            Entry::Ddassl => "Y, YPRIME, INFO, RWORK, IWORK, T AND IDID",
            Entry::Ddaskr => "Y, YPRIME, INFO, RWORK, IWORK, JROOT, T AND IDID",
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
    /// Out of line and cold: no valid call runs it, and its formatting stays off the
    /// pages of the checks a valid call runs through.
    ///
    /// # Safety
    /// `idid` must be null or point to a writable `FInt`.
    #[cold]
    #[inline(never)]
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

    /// [`Entry::refuse`] with the text `make` builds, built out of line (cold).
    ///
    /// # Safety
    /// As [`Entry::refuse`].
    #[cold]
    #[inline(never)]
    unsafe fn refuse_built(self, idid: *mut FInt, make: impl FnOnce() -> String) {
        // SAFETY: the caller's contract, passed on.
        unsafe { self.refuse(idid, &make()) }
    }
}

/// The pointer arguments both entry points take, as the caller passed them.
#[derive(Clone, Copy)]
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
#[derive(Clone, Copy)]
pub(super) struct Extra<'n> {
    /// Whether the entry point's own scalars were readable.
    pub scalars_read: bool,
    /// A refusal after INFO was read, when the entry point's own callbacks are missing.
    pub missing_callback: Option<&'n str>,
    /// The entry point's own array, as (start, bytes), for the overlap check; (0, 0)
    /// when it has none.
    pub region: (usize, usize),
    /// The entry point's own scalar, as (address, value), recorded for the short path:
    /// DDASKR's NRT; (0, 0) for DDASSL.
    pub scalar: (usize, FInt),
}

/// What the short path checks of an entry point's own arguments (DDASKR's NRT, RT and
/// JROOT), against the record of its layout, instead of reading them as [`Extra`] does.
#[derive(Clone, Copy)]
pub(super) struct Own {
    /// NRT (null for DDASSL).
    pub scalar: *const FInt,
    /// JROOT (null for DDASSL).
    pub array: *mut FInt,
    /// Whether RT is there: required with NRT > 0.
    pub callback: bool,
    /// Whether PSOL is there: required with INFO(12) = 1 (true for DDASSL).
    pub psol: bool,
}

impl Own {
    /// DDASSL's: none.
    pub(super) const NONE: Own = Own {
        scalar: std::ptr::null(),
        array: std::ptr::null_mut(),
        callback: true,
        psol: true,
    };
}

/// The entry point's own scalar and array as the record has them, for the body of the
/// short path: DDASKR's NRT and JROOT.
#[derive(Clone, Copy)]
pub(super) struct OwnValues {
    /// NRT.
    pub scalar: FInt,
    /// JROOT: non-null and aligned (dangling when empty), so that the body builds its
    /// slice without a test.
    pub array: *mut FInt,
    /// JROOT's length.
    pub len: usize,
}

/// Where a call's arguments are and how long its arrays are: all that the checks for
/// null, misaligned and overlapping pointers depend on.
#[derive(Clone, Copy)]
struct Layout {
    /// The addresses of the [`Pointers`], in their order.
    pointers: [usize; 13],
    /// NEQ (Y and YPRIME), the tolerances' count, INFO's, LRW and LIW; the entry point's
    /// own array as start and bytes.
    lengths: [usize; 7],
}

impl Layout {
    /// The record of this layout for the calls after this one, which passed its pointer
    /// checks: RTOL and ATOL copied when not `separate`; in place, and the short path's,
    /// when neither overlaps T or IDID and the entry point's own array (DDASKR's JROOT)
    /// is empty or non-null and aligned (its body refuses such a call otherwise).
    /// `scalars` are NEQ, LRW, LIW and INFO(2), `scalar` the entry point's own.
    fn record(&self, separate: bool, scalars: [i32; 4], scalar: (usize, FInt)) -> Record {
        let [_, t_at, y_at, yprime_at, _, info_at, rtol_at, atol_at, idid_at, rwork_at, _, iwork_at, _] =
            self.pointers;
        let [n, ntol, _, lr, li, own_at, own_bytes] = self.lengths;
        let (f, i) = (size_of::<f64>(), size_of::<FInt>());
        let in_place = separate
            && !overlapping(&[
                (t_at, f),
                (idid_at, i),
                (rtol_at, ntol * f),
                (atol_at, ntol * f),
            ]);
        let own_len = own_bytes / size_of::<FInt>();
        let own_valid = own_len == 0 || (own_at != 0 && own_at % align_of::<FInt>() == 0);
        let kind = match (separate, in_place && own_valid) {
            (false, _) => Kind::Overlapping,
            (true, false) => Kind::Separate,
            (true, true) => Kind::InPlace,
        };
        Record {
            kind,
            pointers: self.pointers,
            scalars,
            image: Image {
                t: t_at,
                y: [y_at, n],
                yprime: [yprime_at, n],
                info: info_at,
                rtol: [rtol_at, ntol],
                atol: [atol_at, ntol],
                idid: idid_at,
                rwork: [rwork_at, lr],
                iwork: [iwork_at, li],
            },
            region: (own_at, own_bytes),
            array: [
                if own_len == 0 {
                    std::ptr::dangling::<FInt>() as usize
                } else {
                    own_at
                },
                own_len,
            ],
            scalar,
        }
    }

    /// Whether two of the arrays that must not overlap do.
    #[link_section = hot_path!(bdf)]
    fn overlapping(&self) -> bool {
        let [_, t, y, yprime, _, info, _, _, idid, rwork, _, iwork, _] = self.pointers;
        let [n, _, ni, lr, li, e, b] = self.lengths;
        let (f, i) = (size_of::<f64>(), size_of::<FInt>());
        overlapping(&[
            (y, n * f),
            (yprime, n * f),
            (info, ni * i),
            (rwork, lr * f),
            (iwork, li * i),
            (t, f),
            (idid, i),
            (e, b),
        ])
    }
}

// The addresses, their comparison and the pointer test are inlined into the entry
// points, so that no per-call copy of the arguments is stored to memory.

/// Whether `a` and `b` are equal: an OR of XORs, no early exit per word in the source
/// (the compiler chooses the instructions).
#[inline(always)]
fn same<const K: usize>(a: &[usize; K], b: &[usize; K]) -> bool {
    a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

impl Pointers {
    /// The addresses, as [`Layout::pointers`].
    #[inline(always)]
    fn addresses(&self) -> [usize; 13] {
        [
            self.neq as usize,
            self.t as usize,
            self.y as usize,
            self.yprime as usize,
            self.tout as usize,
            self.info as usize,
            self.rtol as usize,
            self.atol as usize,
            self.idid as usize,
            self.rwork as usize,
            self.lrw as usize,
            self.iwork as usize,
            self.liw as usize,
        ]
    }

    /// Whether every array pointer is non-null and aligned, whatever the lengths.
    #[inline(always)]
    fn arrays_valid(&self) -> bool {
        valid(self.y)
            & valid(self.yprime)
            & valid(self.info)
            & valid(self.rtol)
            & valid(self.atol)
            & valid(self.rwork)
            & valid(self.iwork)
    }
}

/// The core's view of a checked layout: the arrays' addresses with the lengths the checks
/// derived, in the order of the cores' `Call`s (both `#[repr(C)]`, NEQ before these,
/// their other fields after), so that the short path copies it in wide moves. Addresses, not
/// pointers: the short path takes the provenance the call's own pointers exposed when
/// they were compared with [`Record::pointers`] (`as usize`), not a past call's.
#[repr(C)]
#[derive(Clone, Copy)]
struct Image {
    // Each field is the argument of that name: its address, or a slice's address and length.
    t: usize,
    y: [usize; 2],
    yprime: [usize; 2],
    info: usize,
    rtol: [usize; 2],
    atol: [usize; 2],
    idid: usize,
    rwork: [usize; 2],
    iwork: [usize; 2],
}

/// What a [`Record`] admits. Also its only niche, so that the short path tests one byte
/// for an `Option<Record>`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Nothing: no call on this thread has passed the checks.
    Empty,
    /// The checked path without the pointer checks, RTOL and ATOL overlapping (copied).
    Overlapping,
    /// The checked path without the pointer checks, RTOL and ATOL separate, one of them
    /// overlapping T or IDID, or the entry point's own array (DDASKR's JROOT) null or
    /// misaligned (its body refuses the call).
    Separate,
    /// Also the short path: RTOL and ATOL separate, neither overlapping T or IDID
    /// (which overlap no other array), so the core may work in all of them in place.
    InPlace,
}

/// What the checks of a call that passed them depended on: its pointers, NEQ, LRW, LIW
/// and INFO(2) as the core reads them, the entry point's own array; and whether its RTOL
/// and ATOL were separate. A call that matches skips the checks (pure functions of these).
#[derive(Clone, Copy)]
struct Record {
    /// What the record admits.
    kind: Kind,
    /// The addresses of the [`Pointers`], in their order.
    pointers: [usize; 13],
    /// NEQ, LRW, LIW and INFO(2).
    scalars: [i32; 4],
    /// The arrays with the lengths derived from the scalars (so that the short path
    /// copies them instead of deriving them again).
    image: Image,
    /// The entry point's own array as start and bytes ((0, 0) for DDASSL).
    region: (usize, usize),
    /// The entry point's own array as the short path's body takes it: the address of
    /// `region`, or a dangling one when empty (valid with [`Kind::InPlace`]), and its
    /// length in values.
    array: [usize; 2],
    /// The entry point's own scalar as address and value ((0, 0) for DDASSL).
    scalar: (usize, FInt),
}

impl Record {
    /// No record.
    const EMPTY: Record = Record {
        kind: Kind::Empty,
        pointers: [0; 13],
        scalars: [0; 4],
        image: Image {
            t: 0,
            y: [0; 2],
            yprime: [0; 2],
            info: 0,
            rtol: [0; 2],
            atol: [0; 2],
            idid: 0,
            rwork: [0; 2],
            iwork: [0; 2],
        },
        region: (0, 0),
        array: [0; 2],
        scalar: (0, 0),
    };
}

/// The slice of `len` values at `addr`, with the provenance exposed there.
fn slice_at<T>([addr, len]: [usize; 2]) -> *mut [T] {
    std::ptr::slice_from_raw_parts_mut(with_exposed_provenance_mut(addr), len)
}

thread_local! {
    /// The records of the last `ddassl_` and `ddaskr_` calls on this thread that passed
    /// the pointer checks, all their pointers non-null and aligned (indexed by [`Entry`]).
    /// A DASSL-family program calls once per step or output point with the same
    /// arguments: the checks (the pairwise overlap test the costliest) are then skipped.
    /// A call with another layout (another solve, a nested one) checks and records. One
    /// per entry point, so that INFO's length and DDASSL's empty region need no
    /// comparison. One thread-local for both: with two, LLVM merges the two arms of a
    /// `match` on the entry into a call of one of their accessors through a pointer,
    /// functions that lie apart from the solve's text.
    static CHECKED: [Cell<Record>; 2] = const { [Cell::new(Record::EMPTY), Cell::new(Record::EMPTY)] };
}

impl Entry {
    /// The record of this entry point's last checked call on this thread, if it
    /// `admits` the call (by its kind). `try_with`, not `with`: LLVM cannot see that the
    /// access never fails, and `with`'s panic would keep an unwinding path (and a frame)
    /// in the entry point. The kind tested inside: the short path tests one byte.
    #[inline(always)]
    fn recorded(self, admits: impl Fn(Kind) -> bool) -> Option<Record> {
        CHECKED
            .try_with(|records| {
                let record = records[self as usize].get();
                admits(record.kind).then_some(record)
            })
            .ok()
            .flatten()
    }

    /// Records a call that passed the pointer checks. Out of line: inlined into the cold
    /// checked path, it would reach the thread-local through an accessor LLVM leaves out
    /// of line there, in text apart from the solve's.
    #[inline(never)]
    #[link_section = hot_path!(bdf)]
    fn record(self, record: Record) {
        CHECKED.with(|records| records[self as usize].set(record));
    }
}

/// What an entry point runs on its checked arguments: the core's call, or the refusal
/// of the entry's own checks (printed, IDID = -33 in `args`). Implemented with
/// `#[inline(always)]`: [`Pointers::short`] runs it on the short path and
/// [`Pointers::checked`] on the others, each a copy.
pub(super) trait Body {
    /// Runs the call on `args`.
    fn run(self, args: &mut Arguments<'_>);
}

/// Runs `body` on `args` and writes back INFO and IWORK (the `int64` build's copies).
///
/// # Safety
/// INFO and IWORK writable by the caller's contract.
#[inline(always)]
unsafe fn conclude(args: &mut Arguments<'_>, body: impl Body) {
    body.run(args);
    // SAFETY: the caller's contract.
    unsafe {
        args.info.write_back();
        args.iwork.write_back();
    }
}

/// The caller's IDID as the core's `i32`, in place: `None` in the `int64` build, whose
/// IDID is copied.
///
/// # Safety
/// As [`std::ptr::NonNull::as_mut`]: non-null, aligned, valid and not accessed through
/// another path while the result lives.
#[cfg(not(feature = "int64"))]
unsafe fn idid_in_place<'a>(idid: *mut FInt) -> Option<&'a mut i32> {
    // SAFETY: the caller's contract.
    Some(unsafe { &mut *idid })
}

/// The caller's IDID as the core's `i32`, in place: `None` in the `int64` build, whose
/// IDID is copied.
///
/// # Safety
/// None here.
#[cfg(feature = "int64")]
unsafe fn idid_in_place<'a>(_idid: *mut FInt) -> Option<&'a mut i32> {
    None
}

/// The shared arguments, validated and as slices.
pub(super) struct Arguments<'a> {
    /// NEQ.
    pub neq: i32,
    /// T, for the core to read and write: the caller's, or a copy written back.
    pub t: &'a mut f64,
    /// TOUT.
    pub tout: f64,
    /// IDID as the core reads and writes it: the caller's, or a copy written back.
    pub idid: &'a mut i32,
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
    /// RTOL (NEQ values with INFO(2) = 1, else one).
    pub rtol: &'a mut [f64],
    /// ATOL, like RTOL.
    pub atol: &'a mut [f64],
}

impl Pointers {
    /// Runs `body` on the short path when it may: a call with the layout of the last call
    /// on this thread that passed the pointer checks (null, misaligned, overlapping: its
    /// pointers and lengths), with separate RTOL and ATOL, RES present, JAC present if
    /// INFO asks for it and the entry's own scalars and callbacks in order, on which
    /// [`Pointers::checked`] would refuse nothing. Its arrays are those of the record,
    /// with the lengths the checks derived; it writes back what changed (the `int64`
    /// build's copies). Never in the `int64` build, whose INTEGER inputs are checked on
    /// every call. Else it reads the scalars and INFO, writes nothing, and answers `false`.
    ///
    /// Each entry point runs it inlined on every call (often once per step). When it
    /// answers `false` the entry point calls [`Pointers::checked`] from an out-of-line
    /// function that builds its own `extra` and `body` (so that the short path stores
    /// nothing for it), which refuses, or records the layout when it passes.
    ///
    /// # Safety
    /// The pointers must be valid as the entry point's documentation states (the
    /// original's contract): scalars readable (T, IDID also writable), INFO `N` values,
    /// Y and YPRIME NEQ values, RWORK LRW, IWORK LIW, RTOL and ATOL NEQ values with
    /// INFO(2) = 1 (else one), all readable and writable and not accessed through another
    /// path during the call.
    #[inline(always)]
    pub(super) unsafe fn short<const N: usize, B: Body>(
        &self,
        entry: Entry,
        res_missing: bool,
        jac_missing: bool,
        own: Own,
        body: impl FnOnce(OwnValues) -> B,
    ) -> bool {
        // SAFETY: the caller's contract, passed on; `run_known` only after `known`.
        unsafe {
            self.known::<N>(entry, res_missing, jac_missing, own)
                && self.run_known::<N, B>(entry, body)
        }
    }

    /// Whether the call may take the short path (see [`Pointers::short`]): reads the
    /// scalars and INFO, writes nothing.
    ///
    /// # Safety
    /// As [`Pointers::short`].
    #[inline(always)]
    unsafe fn known<const N: usize>(
        &self,
        entry: Entry,
        res_missing: bool,
        jac_missing: bool,
        own: Own,
    ) -> bool {
        if cfg!(feature = "int64") || res_missing {
            return false;
        }
        let Some(record) = entry.recorded(|kind| kind == Kind::InPlace) else {
            return false;
        };
        // `as usize` exposes the provenance of the call's pointers: the record's addresses
        // then stand for them.
        if !same(&record.pointers, &self.addresses()) {
            return false;
        }
        // SAFETY: the pointers of the checked layout: non-null and aligned; readable
        // (and INFO N values) by the caller's contract.
        let (neq, lrw, liw, mut info) = unsafe {
            (
                self.neq.read(),
                self.lrw.read(),
                self.liw.read(),
                IntArray::known(self.info, N),
            )
        };
        let (Some(neq), Some(lrw), Some(liw)) = (narrow(neq), narrow(lrw), narrow(liw)) else {
            return false;
        };
        let flags = info.core();
        // One by one, each with its exit: fewer values live at once (and fewer registers
        // to save) than with all loaded first.
        let [n0, l0, i0, f0] = record.scalars;
        if n0 != neq || l0 != lrw || i0 != liw || f0 != flags[1] {
            return false;
        }
        let krylov = matches!(entry, Entry::Ddaskr) && flags[11] == 1;
        if !krylov && flags[4] == 1 && jac_missing && flags[0] == 0 {
            return false;
        }
        // DDASKR's Krylov method needs PSOL, and JAC with INFO(15) = 1: the body on the
        // checked path refuses a call without them.
        if krylov && (!own.psol || (flags[14] == 1 && jac_missing)) {
            return false;
        }
        // DDASSL has no arguments of its own. DDASKR's NRT and JROOT: those of the record
        // (NRT then valid: the record's was read), NRT's value too (so JROOT's length),
        // and RT there if NRT > 0, as the checked path finds them.
        if let Entry::Ddaskr = entry {
            let (at, nrt) = record.scalar;
            if own.scalar as usize != at || own.array as usize != record.region.0 {
                return false;
            }
            // SAFETY: the address of the recorded NRT, which was read: non-null and
            // aligned; readable by the caller's contract.
            let now = unsafe { own.scalar.read() };
            if now != nrt || (now > 0 && !own.callback) {
                return false;
            }
        }
        true
    }

    /// Runs `body` on the arguments of a call [`Pointers::known`] admitted, NEQ and its
    /// arrays those of the record, and writes back what changed (the `int64` build's
    /// copies). `false`, having done nothing, when there is no record (not after
    /// `known`).
    ///
    /// # Safety
    /// As [`Pointers::known`], and `known` has answered `true` for these arguments on
    /// this thread, nothing run since.
    #[inline(always)]
    unsafe fn run_known<const N: usize, B: Body>(
        &self,
        entry: Entry,
        body: impl FnOnce(OwnValues) -> B,
    ) -> bool {
        let Some(record) = entry.recorded(|kind| kind == Kind::InPlace) else {
            return false;
        };
        // NEQ and the arrays of the checked layout: the call's, as `known` found.
        let image = record.image;
        // SAFETY: the call's pointers are those of the checked layout (the record's
        // addresses with the provenance they exposed), non-null and aligned, its regions
        // (RTOL, ATOL, T and IDID included) do not overlap, and NEQ, LRW, LIW and INFO(2)
        // are those the lengths were derived from; readable and writable by the caller's
        // contract.
        unsafe {
            let Some(idid) = idid_in_place(with_exposed_provenance_mut(image.idid)) else {
                return false;
            };
            let mut args = Arguments {
                neq: record.scalars[0],
                t: &mut *with_exposed_provenance_mut(image.t),
                y: &mut *slice_at(image.y),
                yprime: &mut *slice_at(image.yprime),
                info: IntArray::known(with_exposed_provenance_mut(image.info), N),
                rtol: &mut *slice_at(image.rtol),
                atol: &mut *slice_at(image.atol),
                idid,
                rwork: &mut *slice_at(image.rwork),
                iwork: IntArray::known(with_exposed_provenance_mut(image.iwork[0]), image.iwork[1]),
                tout: self.tout.read(),
            };
            let [array, len] = record.array;
            let own = OwnValues {
                scalar: record.scalar.1,
                array: with_exposed_provenance_mut(array),
                len,
            };
            conclude(&mut args, body(own));
        }
        true
    }

    /// Reads and checks the shared arguments in the originals' order: scalars, RES,
    /// INFO, JAC (with INFO(5) = 1 on a first call), the entry's own callbacks, overlaps,
    /// the arrays, the tolerances; refuses the call (printed, IDID = -33 when writable)
    /// at the first that fails, also when NEQ, LRW, LIW, an INFO element the original
    /// reads or an IWORK input does not fit the core's `i32` (`int64` build). Else runs
    /// `body` on them, and writes back what changed when it returns T and IDID; records
    /// the layout when it passed. The checks a checked layout makes needless are
    /// skipped. For the calls [`Pointers::short`] does not admit: the first call of a
    /// solve, a call after another layout, a refusal. Each entry point calls it from an
    /// out-of-line function.
    ///
    /// # Safety
    /// As [`Pointers::short`].
    #[inline(always)]
    pub(super) unsafe fn checked<const N: usize>(
        self,
        entry: Entry,
        res_missing: bool,
        jac_missing: bool,
        extra: Extra<'_>,
        body: impl Body,
    ) {
        let idid = self.idid;
        // SAFETY: IDID is null or writable by the caller's contract.
        let refuse = |text: &str| unsafe { entry.refuse(idid, text) };
        // SAFETY: as `refuse`.
        let refuse_built = |make: &dyn Fn() -> String| unsafe { entry.refuse_built(idid, make) };
        let record = entry.recorded(|kind| kind != Kind::Empty);
        let known_pointers = record.is_some_and(|r| same(&r.pointers, &self.addresses()));
        // Known valid in a checked layout; else one test for all six (`&`, not `&&`): they
        // share the refusal.
        let scalars_valid = known_pointers
            || valid(self.neq)
                & valid(self.t)
                & valid(self.tout)
                & valid(self.lrw)
                & valid(self.liw)
                & valid(idid);
        if !(scalars_valid && extra.scalars_read) {
            refuse_built(&|| {
                format!(
                    "A SCALAR ARGUMENT ({}) IS A NULL POINTER.",
                    entry.scalar_names()
                )
            });
            return;
        }
        // SAFETY: non-null and aligned (checked above, or known from the checked layout);
        // readable by the caller's contract.
        let (neq, t, tout, lrw, liw, idid_v) = unsafe {
            (
                self.neq.read(),
                self.t.read(),
                self.tout.read(),
                self.lrw.read(),
                self.liw.read(),
                idid.read(),
            )
        };
        let (Some(neq), Some(lrw), Some(liw)) = (narrow(neq), narrow(lrw), narrow(liw)) else {
            refuse_built(&|| {
                format!(
                "NEQ = {neq}, LRW = {lrw} OR LIW = {liw} IS OUTSIDE THE 32-BIT RANGE OF STIFFDAE'S CORE."
            )
            });
            return;
        };
        if res_missing {
            refuse("RES IS A NULL POINTER.");
            return;
        }
        // SAFETY: INFO holds N integers by the caller's contract; known non-null and
        // aligned with the pointers of a checked layout.
        let info = unsafe {
            if known_pointers {
                Some(IntArray::known(self.info, N))
            } else {
                IntArray::new(self.info, N)
            }
        };
        let Some(mut info) = info else {
            refuse("INFO IS A NULL POINTER.");
            return;
        };
        // Every INTEGER fits in the default build: no checks there.
        let wide = cfg!(feature = "int64");
        if wide {
            if let Some(why) = unfit("INFO", info.caller(), 0..entry.info_read()) {
                refuse_built(&|| format!("{}.", why.to_uppercase()));
                return;
            }
        }
        let flags = info.core();
        // DDASKR's Krylov method (INFO(12) = 1) never calls the direct JAC, whatever
        // INFO(5) says: a null JAC is the caller's right there.
        let direct = !(matches!(entry, Entry::Ddaskr) && flags[11] == 1);
        if direct && flags[4] == 1 && jac_missing && flags[0] == 0 {
            refuse("INFO(5) = 1 BUT JAC IS A NULL POINTER.");
            return;
        }
        if let Some(text) = extra.missing_callback {
            refuse(text);
            return;
        }
        let n = usize::try_from(neq).unwrap_or(0);
        let ntol = if flags[1] == 1 { n } else { 1 };
        let lr = usize::try_from(lrw).unwrap_or(0);
        let li = usize::try_from(liw).unwrap_or(0);
        let scalars = [neq, lrw, liw, flags[1]];
        // Whether RTOL and ATOL are separate, when the layout is the checked one.
        let checked = record
            .filter(|r| known_pointers && r.scalars == scalars && r.region == extra.region)
            .map(|r| r.kind != Kind::Overlapping);
        let known = checked.is_some();
        let layout = Layout {
            pointers: self.addresses(),
            lengths: [n, ntol, N, lr, li, extra.region.0, extra.region.1],
        };
        if !known && layout.overlapping() {
            refuse_built(&|| format!("{} MUST NOT OVERLAP.", entry.overlap_names()));
            return;
        }
        // SAFETY: lengths from NEQ, LRW, LIW as the caller's contract states; the regions
        // do not overlap; the pointers of a checked layout are non-null and aligned, else
        // `slice_mut` and `IntArray::new` reject null and misaligned ones.
        let arrays = unsafe {
            if known {
                Some((
                    std::slice::from_raw_parts_mut(self.y, n),
                    std::slice::from_raw_parts_mut(self.yprime, n),
                    std::slice::from_raw_parts_mut(self.rwork, lr),
                    IntArray::known(self.iwork, li),
                ))
            } else {
                match (
                    slice_mut(self.y, n),
                    slice_mut(self.yprime, n),
                    slice_mut(self.rwork, lr),
                    IntArray::new(self.iwork, li),
                ) {
                    (Some(y), Some(yprime), Some(rwork), Some(iwork)) => {
                        Some((y, yprime, rwork, iwork))
                    }
                    _ => None,
                }
            }
        };
        let Some((y, yprime, rwork, iwork)) = arrays else {
            refuse("Y, YPRIME, RWORK OR IWORK IS A NULL POINTER.");
            return;
        };
        if wide {
            let inputs = entry.iwork_inputs(info.core(), n);
            if let Some(why) = unfit("IWORK", iwork.caller(), inputs) {
                refuse_built(&|| format!("{}.", why.to_uppercase()));
                return;
            }
        }
        let separate = checked.unwrap_or_else(|| Tolerances::separate(self.rtol, self.atol, ntol));
        // Copies of RTOL and ATOL when they overlap, written back after the call.
        let mut copies = None;
        // SAFETY: RTOL/ATOL hold `ntol` readable and writable values by the caller's
        // contract, in place when `separate`; non-null and aligned in a checked layout,
        // else `slice_mut` and `Tolerances::copied` reject null and misaligned pointers.
        let tols = unsafe {
            if known && separate {
                Some((
                    std::slice::from_raw_parts_mut(self.rtol, ntol),
                    std::slice::from_raw_parts_mut(self.atol, ntol),
                ))
            } else if separate {
                slice_mut(self.rtol, ntol).zip(slice_mut(self.atol, ntol))
            } else {
                copies = Tolerances::copied(self.rtol, self.atol, ntol);
                copies.as_mut().map(Tolerances::pair)
            }
        };
        let Some((rtol, atol)) = tols else {
            refuse("RTOL OR ATOL IS A NULL POINTER.");
            return;
        };
        // The scalars were found valid above (or by the call that recorded them).
        if !known && self.arrays_valid() {
            entry.record(layout.record(separate, scalars, extra.scalar));
        }
        let (mut t_out, mut idid_out) = (t, saturate(idid_v));
        let mut args = Arguments {
            neq,
            t: &mut t_out,
            tout,
            idid: &mut idid_out,
            info,
            y,
            yprime,
            rwork,
            iwork,
            rtol,
            atol,
        };
        // SAFETY: INFO, IWORK and RTOL/ATOL are writable for their values by the caller's
        // contract; T and IDID were read (valid, aligned), writable by the contract.
        unsafe {
            conclude(&mut args, body);
            if let Some(copies) = &copies {
                copies.write_back();
            }
            write_t_idid(self.t, t, t_out, idid, idid_v, idid_out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Arguments, Body, Entry, Extra, FInt, Own, Pointers};
    use std::ptr::addr_of_mut;

    /// Records whether the call ran with RTOL in place (`rtol`), and runs nothing.
    struct Probe<'s> {
        rtol: *mut f64,
        separate: &'s mut Option<bool>,
    }

    impl Body for Probe<'_> {
        fn run(self, args: &mut Arguments<'_>) {
            *self.separate = Some(args.rtol.as_ptr() == self.rtol.cast_const());
        }
    }

    /// A DDASSL call over `buf` (RWORK its first `lrw` values, IWORK the rest) with
    /// `rtol` and `atol`: whether it ran with separate tolerances, `None` when refused.
    fn call(buf: &mut [f64], lrw: FInt, rtol: *mut f64, atol: *mut f64) -> Option<bool> {
        let (neq, liw, tout) = (2 as FInt, 40 as FInt, 1.0);
        let (mut t, mut idid) = (0.0, 0 as FInt);
        let (mut y, mut yprime, mut info) = ([0.0; 2], [0.0; 2], [0 as FInt; 15]);
        let iwork = buf[50..].as_mut_ptr().cast::<FInt>();
        let pointers = Pointers {
            neq: &neq,
            t: &mut t,
            y: y.as_mut_ptr(),
            yprime: yprime.as_mut_ptr(),
            tout: &tout,
            info: info.as_mut_ptr(),
            rtol,
            atol,
            idid: &mut idid,
            rwork: buf.as_mut_ptr(),
            lrw: &lrw,
            iwork,
            liw: &liw,
        };
        let extra = Extra {
            scalars_read: true,
            missing_callback: None,
            region: (0, 0),
            scalar: (0, 0),
        };
        let mut separate = None;
        // SAFETY: every pointer is valid for the lengths given (IWORK's 40 values are
        // `buf[50..70]`, RWORK reaches into them only when the call is refused); the
        // checked path taken when the short path is not, as an entry point takes it.
        unsafe {
            let body = Probe {
                rtol,
                separate: &mut separate,
            };
            if !pointers.short::<15, _>(Entry::Ddassl, false, false, Own::NONE, |_| body) {
                let body = Probe {
                    rtol,
                    separate: &mut separate,
                };
                pointers.checked::<15>(Entry::Ddassl, false, false, extra, body);
            }
        }
        assert_eq!(separate.is_none(), idid == -33);
        separate
    }

    /// The checks are skipped only for the layout that passed them: the same pointers
    /// with a length that now overlaps, or other tolerances, are checked again.
    #[test]
    fn only_the_checked_layout_skips_the_checks() {
        let mut buf = [0.0; 100];
        let mut tols = [1e-6, 1e-8];
        let (r, a) = (tols.as_mut_ptr(), tols[1..].as_mut_ptr());
        assert_eq!(call(&mut buf, 50, r, a), Some(true));
        assert_eq!(call(&mut buf, 50, r, a), Some(true));
        assert_eq!(call(&mut buf, 51, r, a), None);
        assert_eq!(call(&mut buf, 51, r, a), None);
        assert_eq!(call(&mut buf, 50, r, a), Some(true));
        assert_eq!(call(&mut buf, 50, r, r), Some(false));
        assert_eq!(call(&mut buf, 50, r, r), Some(false));
        assert_eq!(call(&mut buf, 50, r, a), Some(true));
    }

    /// DDASKR's arguments, at addresses that stay the same from call to call.
    struct Ddaskr {
        scalars: [FInt; 4],
        t: f64,
        tout: f64,
        y: [f64; 2],
        yprime: [f64; 2],
        tolerances: [f64; 2],
        rwork: [f64; 60],
        info: [FInt; 20],
        iwork: [FInt; 40],
        jroot: [FInt; 2],
        /// Whether PSOL is there.
        psol: bool,
        /// Whether JROOT is passed as a null pointer.
        jroot_null: bool,
    }

    /// Notes that the body ran, with JROOT's length on the short path.
    struct Note<'s> {
        ran: &'s mut Option<Option<usize>>,
        len: Option<usize>,
    }

    impl Body for Note<'_> {
        fn run(self, _: &mut Arguments<'_>) {
            *self.ran = Some(self.len);
        }
    }

    /// A DDASKR call with NRT `nrt` and RT there or not: JROOT's length on the short path
    /// (`Some(Some(len))`), `Some(None)` on the checked one, `None` when refused.
    fn ddaskr(a: &mut Ddaskr, nrt: FInt, rt: bool) -> Option<Option<usize>> {
        a.scalars = [2, 60, 40, nrt];
        let s = addr_of_mut!(a.scalars).cast::<FInt>();
        let tols = addr_of_mut!(a.tolerances).cast::<f64>();
        let jroot = if a.jroot_null {
            std::ptr::null_mut()
        } else {
            addr_of_mut!(a.jroot).cast::<FInt>()
        };
        let pointers = Pointers {
            neq: s,
            t: &mut a.t,
            y: a.y.as_mut_ptr(),
            yprime: a.yprime.as_mut_ptr(),
            tout: &a.tout,
            info: a.info.as_mut_ptr(),
            rtol: tols,
            atol: tols.wrapping_add(1),
            idid: s.wrapping_add(3).cast(),
            rwork: a.rwork.as_mut_ptr(),
            lrw: s.wrapping_add(1),
            iwork: a.iwork.as_mut_ptr(),
            liw: s.wrapping_add(2),
        };
        // NRT doubles as IDID (a refusal writes it): set again before each call.
        let nrt_at = s.wrapping_add(3).cast_const();
        let own = Own {
            scalar: nrt_at,
            array: jroot,
            callback: rt,
            psol: a.psol,
        };
        let mut ran = None;
        let nr = usize::try_from(nrt).unwrap_or(0);
        let extra = Extra {
            scalars_read: true,
            missing_callback: (nrt > 0 && !rt).then_some("NRT > 0 BUT RT IS A NULL POINTER."),
            region: (jroot as usize, nr * size_of::<FInt>()),
            scalar: (nrt_at as usize, nrt),
        };
        // SAFETY: every pointer is valid for the lengths given, IDID and NRT one value
        // read by both (the body does not run the core); the checked path taken when the
        // short path is not, as an entry point takes it.
        unsafe {
            let short = pointers.short::<20, _>(Entry::Ddaskr, false, false, own, |values| {
                // The record vouches for JROOT: non-null and aligned even when empty.
                assert!(!values.array.is_null() && values.array.is_aligned());
                Note {
                    ran: &mut ran,
                    len: Some(values.len),
                }
            });
            if !short {
                let body = Note {
                    ran: &mut ran,
                    len: None,
                };
                pointers.checked::<20>(Entry::Ddaskr, false, false, extra, body);
            }
        }
        ran
    }

    /// DDASKR's NRT, JROOT and RT are checked against the record on the short path: a
    /// call with another NRT, or without RT when NRT > 0, takes the checked path.
    #[test]
    fn ddaskr_own_arguments_are_checked_against_the_record() {
        let mut a = Box::new(Ddaskr {
            scalars: [0; 4],
            t: 0.0,
            tout: 1.0,
            y: [0.0; 2],
            yprime: [0.0; 2],
            tolerances: [1e-6, 1e-8],
            rwork: [0.0; 60],
            info: [0; 20],
            iwork: [0; 40],
            jroot: [0; 2],
            psol: true,
            jroot_null: false,
        });
        // The short path with JROOT's length; the `int64` build has none.
        let short = |len| Some((!cfg!(feature = "int64")).then_some(len));
        assert_eq!(ddaskr(&mut a, 2, true), Some(None));
        assert_eq!(ddaskr(&mut a, 2, true), short(2));
        assert_eq!(ddaskr(&mut a, 1, true), Some(None));
        assert_eq!(ddaskr(&mut a, 1, true), short(1));
        assert_eq!(ddaskr(&mut a, 1, false), None);
        assert_eq!(ddaskr(&mut a, 0, false), Some(None));
        assert_eq!(ddaskr(&mut a, 0, false), short(0));
        assert_eq!(ddaskr(&mut a, 1, false), None);
        // The Krylov method (INFO(12) = 1) without PSOL takes the checked path, whose body
        // refuses such a call.
        a.info[11] = 1;
        assert_eq!(ddaskr(&mut a, 0, false), short(0));
        a.psol = false;
        assert_eq!(ddaskr(&mut a, 0, false), Some(None));
        assert_eq!(ddaskr(&mut a, 0, false), Some(None));
        a.psol = true;
        assert_eq!(ddaskr(&mut a, 0, false), short(0));
        // A null JROOT: never the short path with NRT > 0 (the body refuses it on the
        // checked one); with NRT = 0 the short path, JROOT then empty and dangling.
        a.info[11] = 0;
        a.jroot_null = true;
        assert_eq!(ddaskr(&mut a, 1, true), Some(None));
        assert_eq!(ddaskr(&mut a, 1, true), Some(None));
        assert_eq!(ddaskr(&mut a, 0, true), Some(None));
        assert_eq!(ddaskr(&mut a, 0, true), short(0));
    }
}
