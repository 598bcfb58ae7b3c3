//! `ddassl_`: the DASSL entry point.
//!
//! The original argument list, all by reference (gfortran conventions). The arguments are
//! validated, turned into slices (lengths from NEQ, LRW, LIW, and NEQ tolerances only with
//! INFO(2) = 1) and handed to the safe core [`crate::dassl::ddassl`]; RES and JAC are
//! called back through [`FortranCallbacks`] with RPAR and IPAR passed through untouched.

use super::bdf::{call_jac, Arguments, Body, DasslJac, DasslRes, Entry, Extra, Own, Pointers};
use super::{ffi_boundary, print_on_error_unit, saturate, FInt};
use crate::dassl::{answer, Call, ResFlag, Residual};

/// The user's RES and JAC with the RPAR/IPAR pointers they receive.
struct FortranCallbacks {
    res: unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        delta: *mut f64,
        ires: *mut FInt,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
    jac: DasslJac,
    rpar: *mut f64,
    ipar: *mut FInt,
}

impl Residual for FortranCallbacks {
    #[link_section = hot_path!(dassl)]
    fn residual(&mut self, t: f64, y: &[f64], yprime: &[f64], delta: &mut [f64]) -> ResFlag {
        let mut ires: FInt = 0;
        // SAFETY: `ddassl_`'s caller promised a RES that reads NEQ values of Y and YPRIME,
        // writes NEQ values of DELTA and IRES, and treats RPAR/IPAR as its own; the slices
        // hold NEQ values each and the scalars live on this frame.
        unsafe {
            (self.res)(
                &t,
                y.as_ptr(),
                yprime.as_ptr(),
                delta.as_mut_ptr(),
                &mut ires,
                self.rpar,
                self.ipar,
            );
        }
        ResFlag::from_ires(saturate(ires))
    }

    #[link_section = hot_path!(dassl)]
    fn jacobian(&mut self, t: f64, y: &[f64], yprime: &[f64], cj: f64, pd: &mut [f64]) {
        // SAFETY: `ddassl_`'s caller promised a JAC of the original's interface.
        unsafe { call_jac(self.jac, t, y, yprime, cj, pd, self.rpar, self.ipar) };
    }
}

/// The callbacks as `ddassl_` received them: RES (null refused before the body runs),
/// JAC, RPAR and IPAR.
struct Solve {
    res: DasslRes,
    jac: DasslJac,
    rpar: *mut f64,
    ipar: *mut FInt,
}

impl Body for Solve {
    /// One call over checked arguments: the core's DDASSL, its messages printed.
    #[inline(always)]
    fn run(self, args: &mut Arguments<'_>) {
        // A null RES was refused before.
        let Some(res) = self.res else { return };
        let mut callbacks = FortranCallbacks {
            res,
            jac: self.jac,
            rpar: self.rpar,
            ipar: self.ipar,
        };
        answer(
            &mut callbacks,
            &mut Call {
                neq: args.neq,
                t: &mut *args.t,
                y: &mut *args.y,
                yprime: &mut *args.yprime,
                tout: args.tout,
                info: args.info.core().try_into().expect("INFO holds 15 values"),
                rtol: &mut *args.rtol,
                atol: &mut *args.atol,
                idid: &mut *args.idid,
                rwork: &mut *args.rwork,
                iwork: args.iwork.core(),
            },
            |note| print_on_error_unit(&note),
        );
    }
}

/// Petzold's DDASSL: solves `G(t, y, y') = 0` from T towards TOUT (see abi.md, "DDASSL").
///
/// `RES(T,Y,YPRIME,DELTA,IRES,RPAR,IPAR)`, `JAC(T,Y,YPRIME,PD,CJ,RPAR,IPAR)` (used with
/// INFO(5) = 1). State lives in INFO(1), RWORK and IWORK between calls; outputs in
/// RWORK(3), (4), (7), IWORK(7), (8), (11..15); IDID as the original's.
///
/// # Safety
/// Every pointer argument must be valid as the original documents it: NEQ, TOUT, LRW,
/// LIW readable; T, IDID readable and writable; Y and YPRIME NEQ values, INFO 15 values,
/// RWORK LRW and IWORK LIW values, RTOL and ATOL NEQ values with INFO(2) = 1 (else one),
/// all readable and writable and not written by anything else (including RES and JAC)
/// during the call. Y, YPRIME, INFO, RWORK and IWORK must not overlap (an overlap is
/// refused with IDID = -33). RES (and JAC with INFO(5) = 1) must follow the original's
/// interface; RPAR and IPAR are passed to them untouched.
#[unsafe(no_mangle)]
#[link_section = hot_path!(dassl)]
pub unsafe extern "C" fn ddassl_(
    res: DasslRes,
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
    jac: DasslJac,
) {
    let short = ffi_boundary!(
        "DDASSL",
        {
            // SAFETY: IDID is null or writable by the caller's contract.
            unsafe { Entry::Ddassl.refuse(idid, "INTERNAL ERROR.") };
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
            let body = Solve {
                res,
                jac,
                rpar,
                ipar,
            };
            // SAFETY: the arguments are valid as this function's contract states.
            unsafe {
                pointers.short::<15, _>(
                    Entry::Ddassl,
                    res.is_none(),
                    jac.is_none(),
                    Own::NONE,
                    |_| body,
                )
            }
        }
    );
    if !short {
        // SAFETY: the arguments are valid as this function's contract states.
        unsafe {
            checked(
                res, neq, t, y, yprime, tout, info, rtol, atol, idid, rwork, lrw, iwork, liw, rpar,
                ipar, jac,
            )
        };
    }
}

/// DDASSL has no arguments of its own beyond the shared ones.
const EXTRA: Extra<'static> = Extra {
    scalars_read: true,
    missing_callback: None,
    region: (0, 0),
    scalar: (0, 0),
};

/// A call off the short path: every check made. Out of line, with `ddassl_`'s
/// signature, so that `ddassl_` hands its arguments on as they came (a tail call).
///
/// # Safety
/// As [`ddassl_`].
#[cold]
#[inline(never)]
#[link_section = hot_path!(dassl)]
unsafe extern "C" fn checked(
    res: DasslRes,
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
    jac: DasslJac,
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
    let body = Solve {
        res,
        jac,
        rpar,
        ipar,
    };
    ffi_boundary!(
        "DDASSL",
        {
            // SAFETY: IDID is null or writable by the caller's contract.
            unsafe { Entry::Ddassl.refuse(idid, "INTERNAL ERROR.") }
        },
        {
            // SAFETY: the arguments are valid as `ddassl_`'s contract states.
            unsafe {
                pointers.checked::<15>(Entry::Ddassl, res.is_none(), jac.is_none(), EXTRA, body)
            }
        }
    )
}
