//! `ddassl_`: the DASSL entry point.
//!
//! The original argument list, all by reference (gfortran conventions). The arguments are
//! validated, turned into slices (lengths from NEQ, LRW, LIW, and NEQ tolerances only with
//! INFO(2) = 1) and handed to the safe core [`crate::dassl::ddassl`]; RES and JAC are
//! called back through [`FortranCallbacks`] with RPAR and IPAR passed through untouched.

use super::{ffi_boundary, message, overlapping, read, slice_mut, write_t_idid, Tolerances};
use crate::dassl::{ddassl, Call, ResFlag, Residual};

/// The user's RES and JAC with the RPAR/IPAR pointers they receive.
struct FortranCallbacks {
    res: unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        delta: *mut f64,
        ires: *mut i32,
        rpar: *mut f64,
        ipar: *mut i32,
    ),
    jac: Option<
        unsafe extern "C" fn(
            t: *const f64,
            y: *const f64,
            yprime: *const f64,
            pd: *mut f64,
            cj: *const f64,
            rpar: *mut f64,
            ipar: *mut i32,
        ),
    >,
    rpar: *mut f64,
    ipar: *mut i32,
}

impl Residual for FortranCallbacks {
    fn residual(&mut self, t: f64, y: &[f64], yprime: &[f64], delta: &mut [f64]) -> ResFlag {
        let mut ires = 0;
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
        ResFlag::from_ires(ires)
    }

    fn jacobian(&mut self, t: f64, y: &[f64], yprime: &[f64], cj: f64, pd: &mut [f64]) {
        if let Some(jac) = self.jac {
            // SAFETY: as for RES; PD is the iteration-matrix storage of the length the
            // original gives JAC (NEQ² dense, (2ML+MU+1)·NEQ banded).
            unsafe {
                jac(
                    &t,
                    y.as_ptr(),
                    yprime.as_ptr(),
                    pd.as_mut_ptr(),
                    &cj,
                    self.rpar,
                    self.ipar,
                );
            }
        }
    }
}

/// Prints the reason for refusing a call and sets IDID = -33 when IDID is writable.
///
/// # Safety
/// `idid` must be null or point to a writable `i32`.
unsafe fn refuse(idid: *mut i32, text: &str) {
    message(&format!(
        "***MESSAGE FROM ROUTINE DDASSL IN LIBRARY SLATEC. {text} ERROR NUMBER = -33"
    ));
    if !idid.is_null() && idid.is_aligned() {
        // SAFETY: non-null and aligned checked; writability is the caller's contract.
        unsafe { idid.write(-33) };
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
pub unsafe extern "C" fn ddassl_(
    res: Option<
        unsafe extern "C" fn(
            t: *const f64,
            y: *const f64,
            yprime: *const f64,
            delta: *mut f64,
            ires: *mut i32,
            rpar: *mut f64,
            ipar: *mut i32,
        ),
    >,
    neq: *const i32,
    t: *mut f64,
    y: *mut f64,
    yprime: *mut f64,
    tout: *const f64,
    info: *mut i32,
    rtol: *mut f64,
    atol: *mut f64,
    idid: *mut i32,
    rwork: *mut f64,
    lrw: *const i32,
    iwork: *mut i32,
    liw: *const i32,
    rpar: *mut f64,
    ipar: *mut i32,
    jac: Option<
        unsafe extern "C" fn(
            t: *const f64,
            y: *const f64,
            yprime: *const f64,
            pd: *mut f64,
            cj: *const f64,
            rpar: *mut f64,
            ipar: *mut i32,
        ),
    >,
) {
    ffi_boundary!(
        "DDASSL",
        {
            // SAFETY: IDID is null or writable by the caller's contract.
            unsafe { refuse(idid, "INTERNAL ERROR.") }
        },
        {
            // SAFETY: the scalar arguments are readable by the caller's contract; `read`
            // rejects null and misaligned pointers.
            let scalars = unsafe {
                (
                    read(neq),
                    read(t),
                    read(tout),
                    read(lrw),
                    read(liw),
                    read(idid),
                )
            };
            let (Some(neq_v), Some(t_v), Some(tout_v), Some(lrw_v), Some(liw_v), Some(idid_v)) =
                scalars
            else {
                // SAFETY: IDID is null or writable by the caller's contract.
                unsafe {
                    refuse(
                        idid,
                        "A SCALAR ARGUMENT (NEQ, T, TOUT, LRW, LIW, IDID) IS A NULL POINTER.",
                    )
                };
                return;
            };
            let Some(res) = res else {
                // SAFETY: IDID was read above, so it is valid; writable by contract.
                unsafe { refuse(idid, "RES IS A NULL POINTER.") };
                return;
            };
            // SAFETY: INFO holds 15 integers by the caller's contract.
            let Some(info_s) = (unsafe { slice_mut(info, 15) }) else {
                // SAFETY: as above.
                unsafe { refuse(idid, "INFO IS A NULL POINTER.") };
                return;
            };
            let info_a: &mut [i32; 15] = info_s.try_into().expect("INFO slice of length 15");
            if info_a[4] == 1 && jac.is_none() && info_a[0] == 0 {
                // SAFETY: as above.
                unsafe { refuse(idid, "INFO(5) = 1 BUT JAC IS A NULL POINTER.") };
                return;
            }
            let n = usize::try_from(neq_v).unwrap_or(0);
            let ntol = if info_a[1] == 1 { n } else { 1 };
            let lr = usize::try_from(lrw_v).unwrap_or(0);
            let li = usize::try_from(liw_v).unwrap_or(0);
            let f = std::mem::size_of::<f64>();
            let i = std::mem::size_of::<i32>();
            if overlapping(&[
                (y as usize, n * f),
                (yprime as usize, n * f),
                (info as usize, 15 * i),
                (rwork as usize, lr * f),
                (iwork as usize, li * i),
                (t as usize, f),
                (idid as usize, i),
            ]) {
                // SAFETY: as above.
                unsafe {
                    refuse(
                        idid,
                        "Y, YPRIME, INFO, RWORK, IWORK, T AND IDID MUST NOT OVERLAP.",
                    )
                };
                return;
            }
            // SAFETY: lengths from NEQ, LRW, LIW as the caller's contract states; the
            // regions were checked not to overlap; `slice_mut` rejects null/misaligned.
            let arrays = unsafe {
                (
                    slice_mut(y, n),
                    slice_mut(yprime, n),
                    slice_mut(rwork, lr),
                    slice_mut(iwork, li),
                )
            };
            let (Some(y_s), Some(yp_s), Some(rwork_s), Some(iwork_s)) = arrays else {
                // SAFETY: as above.
                unsafe { refuse(idid, "Y, YPRIME, RWORK OR IWORK IS A NULL POINTER.") };
                return;
            };
            // SAFETY: RTOL/ATOL hold `ntol` readable values by the caller's contract.
            let Some(mut tols) = (unsafe { Tolerances::read(rtol, atol, ntol) }) else {
                // SAFETY: as above.
                unsafe { refuse(idid, "RTOL OR ATOL IS A NULL POINTER.") };
                return;
            };
            let mut callbacks = FortranCallbacks {
                res,
                jac,
                rpar,
                ipar,
            };
            let (mut t_out, mut idid_out) = (t_v, idid_v);
            let (rtol, atol) = tols.pair();
            let notes = ddassl(
                &mut callbacks,
                Call {
                    neq: neq_v,
                    t: &mut t_out,
                    y: y_s,
                    yprime: yp_s,
                    tout: tout_v,
                    info: info_a,
                    rtol,
                    atol,
                    idid: &mut idid_out,
                    rwork: rwork_s,
                    iwork: iwork_s,
                },
            );
            for note in &notes {
                message(&note.line());
            }
            // Write back only what changed, as the original writes only those.
            // SAFETY: RTOL/ATOL are writable for `ntol` values by the caller's contract.
            unsafe { tols.write_back() };
            // SAFETY: T and IDID were read above (valid, aligned), writable by contract.
            unsafe { write_t_idid(t, t_v, t_out, idid, idid_v, idid_out) };
        }
    )
}
