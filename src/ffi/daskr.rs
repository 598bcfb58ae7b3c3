//! `ddaskr_`: the DDASKR entry point.
//!
//! The original argument list, all by reference (gfortran conventions). The arguments are
//! validated, turned into slices (lengths from NEQ, LRW, LIW, NRT, and NEQ tolerances
//! only with INFO(2) = 1) and handed to the safe core [`crate::daskr::ddaskr`]; RES, JAC
//! and RT are called back through [`FortranCallbacks`] with RPAR and IPAR untouched.

use std::ffi::c_void;

use super::bdf::{
    call_jac, Arguments, Body, DaskrJac, DaskrKrylovJac, DaskrPsol, DaskrRes, DaskrRt, DasslJac,
    Entry, Extra, Own, OwnValues, Pointers,
};
use super::{ffi_boundary, narrow, print, read, saturate, FInt, IntArray, Parts};
use crate::daskr::{answer, Call, Problem, ResFlag};

/// The user's RES, JAC and RT with the RPAR/IPAR pointers they receive.
struct FortranCallbacks {
    res: unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        cj: *const f64,
        delta: *mut f64,
        ires: *mut FInt,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
    /// JAC, in its Krylov form with `krylov`.
    jac: DasslJac,
    /// PSOL (null unless the caller passed one).
    psol: *const c_void,
    /// Whether INFO(12) = 1: JAC and PSOL of the Krylov forms, converted only where the
    /// Krylov routines call them (not on every call of the export).
    krylov: bool,
    rt: DaskrRt,
    neq: FInt,
    nrt: FInt,
    /// Where the Krylov JAC and PSOL find IWP in the caller's IWORK.
    iwork_parts: Parts,
    rpar: *mut f64,
    ipar: *mut FInt,
}

impl Problem for FortranCallbacks {
    #[link_section = hot_path!(daskr)]
    fn residual(
        &mut self,
        t: f64,
        y: &[f64],
        yprime: &[f64],
        cj: f64,
        delta: &mut [f64],
    ) -> ResFlag {
        let mut ires: FInt = 0;
        // SAFETY: `ddaskr_`'s caller promised a RES that reads NEQ values of Y and YPRIME,
        // writes NEQ values of DELTA and IRES, and treats RPAR/IPAR as its own; the slices
        // hold NEQ values each and the scalars live on this frame.
        unsafe {
            (self.res)(
                &t,
                y.as_ptr(),
                yprime.as_ptr(),
                &cj,
                delta.as_mut_ptr(),
                &mut ires,
                self.rpar,
                self.ipar,
            );
        }
        ResFlag::from_ires(saturate(ires))
    }

    #[link_section = hot_path!(daskr)]
    fn jacobian(&mut self, t: f64, y: &[f64], yprime: &[f64], cj: f64, pd: &mut [f64]) {
        // SAFETY: `ddaskr_`'s caller promised a JAC of the original's interface.
        unsafe { call_jac(self.jac, t, y, yprime, cj, pd, self.rpar, self.ipar) };
    }

    fn setup_preconditioner(
        &mut self,
        t: f64,
        y: &mut [f64],
        yprime: &mut [f64],
        rewt: &[f64],
        savr: &[f64],
        wk: &mut [f64],
        h: f64,
        cj: f64,
        wp: &mut [f64],
        iwp: &mut [i32],
    ) -> (ResFlag, i32) {
        let Some(jac) = self.jac.filter(|_| self.krylov) else {
            return (ResFlag::Ok, 0);
        };
        // SAFETY: with INFO(12) = 1 the caller's contract makes JAC a routine of the
        // Krylov form: the pointer is reinterpreted as that function type, of the same
        // size.
        let jac = unsafe {
            std::mem::transmute::<
                unsafe extern "C" fn(
                    *const f64,
                    *const f64,
                    *const f64,
                    *mut f64,
                    *const f64,
                    *mut f64,
                    *mut FInt,
                ),
                DaskrKrylovJac,
            >(jac)
        };
        let (mut ires, mut ier): (FInt, FInt) = (0, 0);
        let iwp = self.iwork_parts.caller_ptr(iwp);
        // SAFETY: the caller promised, with INFO(12) = 1 and INFO(15) = 1, a JAC of the
        // Krylov form that reads NEQ values of Y, YPRIME, REWT, SAVR, may write Y and
        // YPRIME (restoring them) and WK, writes at most LENWP values of WP and LENIWP of
        // IWP (the length of `wp`; `iwp` is where the caller's IWORK holds the LENIWP
        // values of IWP), and may call RES as the original would; the slices hold NEQ
        // values each and the scalars live on this frame.
        unsafe {
            jac(
                Some(self.res),
                &mut ires,
                &self.neq,
                &t,
                y.as_mut_ptr(),
                yprime.as_mut_ptr(),
                rewt.as_ptr(),
                savr.as_ptr(),
                wk.as_mut_ptr(),
                &h,
                &cj,
                wp.as_mut_ptr(),
                iwp,
                &mut ier,
                self.rpar,
                self.ipar,
            );
        }
        (ResFlag::from_ires(saturate(ires)), saturate(ier))
    }

    fn solve_preconditioner(
        &mut self,
        t: f64,
        y: &[f64],
        yprime: &[f64],
        savr: &[f64],
        wk: &mut [f64],
        cj: f64,
        wght: &[f64],
        wp: &mut [f64],
        iwp: &mut [i32],
        b: &mut [f64],
        eplin: f64,
    ) -> i32 {
        if !self.krylov || self.psol.is_null() {
            return 0;
        }
        // SAFETY: with INFO(12) = 1 the caller's contract makes a non-null PSOL a routine
        // of PSOL's form: the pointer is reinterpreted as that function type, of the same
        // size.
        let psol = unsafe { std::mem::transmute::<*const c_void, DaskrPsol>(self.psol) };
        let mut ier: FInt = 0;
        let iwp = self.iwork_parts.caller_ptr(iwp);
        // SAFETY: the caller promised, with INFO(12) = 1, a PSOL that reads NEQ values of
        // Y, YPRIME, SAVR and WGHT without writing them, writes NEQ values of B and WK,
        // and at most LENWP values of WP and LENIWP of IWP (the length of `wp`; `iwp` is
        // where the caller's IWORK holds IWP's LENIWP values); the slices hold NEQ values
        // each and the scalars live on this frame.
        unsafe {
            psol(
                &self.neq,
                &t,
                y.as_ptr(),
                yprime.as_ptr(),
                savr.as_ptr(),
                wk.as_mut_ptr(),
                &cj,
                wght.as_ptr(),
                wp.as_mut_ptr(),
                iwp,
                b.as_mut_ptr(),
                &eplin,
                &mut ier,
                self.rpar,
                self.ipar,
            );
        }
        saturate(ier)
    }

    fn roots(&mut self, t: f64, y: &[f64], yprime: &[f64], r: &mut [f64]) {
        if let Some(rt) = self.rt {
            // SAFETY: the caller promised an RT that reads NEQ values of Y and YP and
            // writes NRT values of RVAL; `r` holds NRT values.
            unsafe {
                rt(
                    &self.neq,
                    &t,
                    y.as_ptr(),
                    yprime.as_ptr(),
                    &self.nrt,
                    r.as_mut_ptr(),
                    self.rpar,
                    self.ipar,
                );
            }
        }
    }
}

/// The callbacks and DDASKR's own arguments as `ddaskr_` received them (RES and NRT
/// refused before the body runs when missing).
struct Solve {
    res: DaskrRes,
    jac: DaskrJac,
    psol: *const c_void,
    rt: DaskrRt,
    /// NRT as read.
    nrt: Option<FInt>,
    /// JROOT's length.
    nr: usize,
    jroot: *mut FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
    /// Whether JROOT and the Krylov callbacks are still to be checked: not on the short
    /// path, whose record vouches for JROOT (non-null and aligned, or dangling when
    /// empty) and whose [`Pointers::known`] admits only calls with the callbacks.
    unchecked: bool,
}

/// Refuses a call from [`Solve::run`]: the message printed, IDID = -33 in `args`.
#[cold]
fn refuse(args: &mut Arguments<'_>, text: &str) {
    // SAFETY: a null IDID is not written.
    unsafe { Entry::Ddaskr.refuse(std::ptr::null_mut(), text) };
    *args.idid = -33;
}

impl Body for Solve {
    /// JROOT and the Krylov callbacks checked, then the core's DDASKR, its messages
    /// printed.
    #[inline(always)]
    fn run(self, args: &mut Arguments<'_>) {
        let Solve {
            res,
            jac,
            psol,
            rt,
            nrt: nrt_v,
            nr,
            jroot,
            rpar,
            ipar,
            unchecked,
        } = self;
        // A null RES or NRT was refused before.
        let (Some(res), Some(nrt_v)) = (res, nrt_v) else {
            return;
        };
        let Some(nrt_core) = narrow(nrt_v) else {
            let text = format!("NRT = {nrt_v} IS OUTSIDE THE 32-BIT RANGE OF STIFFDAE'S CORE.");
            refuse(args, &text);
            return;
        };
        // SAFETY: JROOT holds NRT integers by the caller's contract and was checked
        // not to overlap the other arrays; on the short path non-null and aligned, else
        // `IntArray::new` rejects null and misaligned pointers.
        let jroot_a = unsafe {
            if unchecked {
                IntArray::new(jroot, nr)
            } else {
                Some(IntArray::known(jroot, nr))
            }
        };
        let Some(mut jroot_a) = jroot_a else {
            refuse(args, "JROOT IS A NULL POINTER.");
            return;
        };
        let krylov = args.info.core()[11] == 1;
        if unchecked && krylov && psol.is_null() {
            refuse(args, "INFO(12) = 1 BUT PSOL IS A NULL POINTER.");
            return;
        }
        if unchecked && krylov && args.info.core()[14] == 1 && jac.is_none() {
            refuse(args, "INFO(15) = 1 BUT JAC IS A NULL POINTER.");
            return;
        }
        let mut callbacks = FortranCallbacks {
            res,
            jac,
            psol,
            krylov,
            rt,
            neq: FInt::from(args.neq),
            nrt: nrt_v,
            iwork_parts: args.iwork.parts(),
            rpar,
            ipar,
        };
        answer(
            &mut callbacks,
            &mut Call {
                neq: args.neq,
                t: &mut *args.t,
                y: &mut *args.y,
                yprime: &mut *args.yprime,
                tout: args.tout,
                info: args.info.core().try_into().expect("INFO holds 20 values"),
                rtol: &mut *args.rtol,
                atol: &mut *args.atol,
                idid: &mut *args.idid,
                rwork: &mut *args.rwork,
                iwork: args.iwork.core(),
                nrt: nrt_core,
                jroot: jroot_a.core(),
            },
            |note| print(&note),
        );
        // SAFETY: JROOT is writable by the caller's contract.
        unsafe { jroot_a.write_back() };
    }
}

/// DDASKR (Brown, Hindmarsh & Petzold): solves `G(t, y, y') = 0` from T towards TOUT,
/// stopping at the roots of `R(t, y, y')` (see abi.md, "DDASKR").
///
/// `RES(T,Y,YPRIME,CJ,DELTA,IRES,RPAR,IPAR)`; `JAC(T,Y,YPRIME,PD,CJ,RPAR,IPAR)` with
/// INFO(5) = 1; `RT(NEQ,T,Y,YP,NRT,RVAL,RPAR,IPAR)` with NRT > 0. With the Krylov option
/// (INFO(12) = 1): `PSOL(NEQ,T,Y,YPRIME,SAVR,WK,CJ,WGHT,WP,IWP,B,EPLIN,IER,RPAR,IPAR)`,
/// and with INFO(15) = 1 JAC in its Krylov form
/// `JAC(RES,IRES,NEQ,T,Y,YPRIME,REWT,SAVR,WK,H,CJ,WP,IWP,IER,RPAR,IPAR)`. State lives in INFO(1), RWORK
/// and IWORK between calls; outputs in RWORK(3), (4), (7), IWORK(7), (8), (11..22), (36);
/// IDID as the original's (4: initial values done with INFO(14) = 1, 5: root found, JROOT set).
///
/// # Safety
/// Every pointer argument must be valid as the original documents it: NEQ, TOUT, LRW,
/// LIW, NRT readable; T, IDID readable and writable; Y and YPRIME NEQ values, INFO 20
/// values, RWORK LRW, IWORK LIW and JROOT NRT values, RTOL and ATOL NEQ values with
/// INFO(2) = 1 (else one), all readable and writable and not written by anything else
/// (including the callbacks) during the call. Y, YPRIME, INFO, RWORK, IWORK and JROOT
/// must not overlap (an overlap is refused with IDID = -33). RES (and JAC with
/// INFO(5) = 1, RT with NRT > 0, PSOL and JAC's Krylov form with INFO(12) = 1) must follow
/// the original's interface; RPAR and IPAR are passed to them untouched.
#[unsafe(no_mangle)]
#[link_section = hot_path!(daskr)]
pub unsafe extern "C" fn ddaskr_(
    res: DaskrRes,
    neq: *const FInt,
    t: *mut f64,
    y: *mut f64,
    yprime: *mut f64,
    tout: *const f64,
    info: *mut FInt,
    rtol: *mut f64,
    atol: *mut f64,
    idid: *mut FInt,
    rwork: *mut f64,
    lrw: *const FInt,
    iwork: *mut FInt,
    liw: *const FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
    jac: DaskrJac,
    psol: *const c_void,
    rt: DaskrRt,
    nrt: *const FInt,
    jroot: *mut FInt,
) {
    let short = ffi_boundary!(
        "DDASKR",
        {
            // SAFETY: IDID is null or writable by the caller's contract.
            unsafe { Entry::Ddaskr.refuse(idid, "INTERNAL ERROR.") };
            true
        },
        {
            let pointers = Pointers {
                neq,
                t,
                y,
                yprime,
                tout,
                info,
                rtol,
                atol,
                idid,
                rwork,
                lrw,
                iwork,
                liw,
            };
            let own = Own {
                scalar: nrt,
                array: jroot,
                callback: rt.is_some(),
                psol: !psol.is_null(),
            };
            let body = |values: OwnValues| Solve {
                res,
                jac,
                psol,
                rt,
                nrt: Some(values.scalar),
                nr: values.len,
                jroot: values.array,
                rpar,
                ipar,
                unchecked: false,
            };
            // SAFETY: the arguments are valid as this function's contract states.
            unsafe {
                pointers.short::<20, _>(Entry::Ddaskr, res.is_none(), jac.is_none(), own, body)
            }
        }
    );
    if !short {
        // SAFETY: the arguments are valid as this function's contract states.
        unsafe {
            checked(
                res, neq, t, y, yprime, tout, info, rtol, atol, idid, rwork, lrw, iwork, liw, rpar,
                ipar, jac, psol, rt, nrt, jroot,
            )
        };
    }
}

/// DDASKR's own arguments read (NRT) and as the shared marshalling takes them.
///
/// # Safety
/// NRT readable by `ddaskr_`'s contract.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn own<'n>(
    res: DaskrRes,
    jac: DaskrJac,
    psol: *const c_void,
    rt: DaskrRt,
    nrt: *const FInt,
    jroot: *mut FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
) -> (Extra<'n>, Solve) {
    // SAFETY: the caller's contract; `read` rejects null and misaligned pointers.
    let nrt_v = unsafe { read(nrt) };
    let nr = nrt_v
        .and_then(narrow)
        .and_then(|v| usize::try_from(v).ok())
        .unwrap_or(0);
    let extra = Extra {
        scalars_read: nrt_v.is_some(),
        missing_callback: (nrt_v.unwrap_or(0) > 0 && rt.is_none())
            .then_some("NRT > 0 BUT RT IS A NULL POINTER."),
        region: (jroot as usize, nr * size_of::<FInt>()),
        scalar: (nrt as usize, nrt_v.unwrap_or(0)),
    };
    let body = Solve {
        res,
        jac,
        psol,
        rt,
        nrt: nrt_v,
        nr,
        jroot,
        rpar,
        ipar,
        unchecked: true,
    };
    (extra, body)
}

/// A call off the short path: every check made. Out of line, with `ddaskr_`'s
/// signature, so that `ddaskr_` hands its arguments on as they came (a tail call).
///
/// # Safety
/// As [`ddaskr_`].
#[cold]
#[inline(never)]
#[link_section = hot_path!(daskr)]
unsafe extern "C" fn checked(
    res: DaskrRes,
    neq: *const FInt,
    t: *mut f64,
    y: *mut f64,
    yprime: *mut f64,
    tout: *const f64,
    info: *mut FInt,
    rtol: *mut f64,
    atol: *mut f64,
    idid: *mut FInt,
    rwork: *mut f64,
    lrw: *const FInt,
    iwork: *mut FInt,
    liw: *const FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
    jac: DaskrJac,
    psol: *const c_void,
    rt: DaskrRt,
    nrt: *const FInt,
    jroot: *mut FInt,
) {
    let pointers = Pointers {
        neq,
        t,
        y,
        yprime,
        tout,
        info,
        rtol,
        atol,
        idid,
        rwork,
        lrw,
        iwork,
        liw,
    };
    ffi_boundary!(
        "DDASKR",
        {
            // SAFETY: IDID is null or writable by the caller's contract.
            unsafe { Entry::Ddaskr.refuse(idid, "INTERNAL ERROR.") }
        },
        {
            // SAFETY: the arguments are valid as `ddaskr_`'s contract states.
            unsafe {
                let (extra, body) = own(res, jac, psol, rt, nrt, jroot, rpar, ipar);
                pointers.checked::<20>(Entry::Ddaskr, res.is_none(), jac.is_none(), extra, body);
            }
        }
    )
}
