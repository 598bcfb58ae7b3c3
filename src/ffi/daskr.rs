//! `ddaskr_`: the DDASKR entry point.
//!
//! The original argument list, all by reference (gfortran conventions). The arguments are
//! validated, turned into slices (lengths from NEQ, LRW, LIW, NRT, and NEQ tolerances
//! only with INFO(2) = 1) and handed to the safe core [`crate::daskr::ddaskr`]; RES, JAC
//! and RT are called back through [`FortranCallbacks`] with RPAR and IPAR untouched.

use std::ffi::c_void;

use super::{ffi_boundary, message, overlapping, read, slice_mut, write_t_idid, Tolerances};
use crate::daskr::ResFlag;
use crate::daskr::{ddaskr, Call, Problem};

/// `RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)`.
pub type DaskrRes = Option<
    unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        cj: *const f64,
        delta: *mut f64,
        ires: *mut i32,
        rpar: *mut f64,
        ipar: *mut i32,
    ),
>;

/// `JAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)` of the direct method.
pub type DaskrJac = Option<
    unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        pd: *mut f64,
        cj: *const f64,
        rpar: *mut f64,
        ipar: *mut i32,
    ),
>;

/// `RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)`.
pub type DaskrRt = Option<
    unsafe extern "C" fn(
        neq: *const i32,
        t: *const f64,
        y: *const f64,
        yp: *const f64,
        nrt: *const i32,
        rval: *mut f64,
        rpar: *mut f64,
        ipar: *mut i32,
    ),
>;

/// The user's RES, JAC and RT with the RPAR/IPAR pointers they receive.
struct FortranCallbacks {
    res: unsafe extern "C" fn(
        t: *const f64,
        y: *const f64,
        yprime: *const f64,
        cj: *const f64,
        delta: *mut f64,
        ires: *mut i32,
        rpar: *mut f64,
        ipar: *mut i32,
    ),
    jac: DaskrJac,
    rt: DaskrRt,
    neq: i32,
    nrt: i32,
    rpar: *mut f64,
    ipar: *mut i32,
}

impl Problem for FortranCallbacks {
    fn residual(
        &mut self,
        t: f64,
        y: &[f64],
        yprime: &[f64],
        cj: f64,
        delta: &mut [f64],
    ) -> ResFlag {
        let mut ires = 0;
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

/// Prints the reason for refusing a call and sets IDID = -33 when IDID is writable.
///
/// # Safety
/// `idid` must be null or point to a writable `i32`.
unsafe fn refuse(idid: *mut i32, text: &str) {
    message(&format!("DASKR--  {text}  (IDID = -33)"));
    if !idid.is_null() && idid.is_aligned() {
        // SAFETY: non-null and aligned checked; writability is the caller's contract.
        unsafe { idid.write(-33) };
    }
}

/// DDASKR (Brown, Hindmarsh & Petzold): solves `G(t, y, y') = 0` from T towards TOUT,
/// stopping at the roots of `R(t, y, y')` (see abi.md, "DDASKR").
///
/// `RES(T,Y,YPRIME,CJ,DELTA,IRES,RPAR,IPAR)`; `JAC(T,Y,YPRIME,PD,CJ,RPAR,IPAR)` with
/// INFO(5) = 1; `RT(NEQ,T,Y,YP,NRT,RVAL,RPAR,IPAR)` with NRT > 0; PSOL is not used (the
/// Krylov option INFO(12) = 1 is refused with IDID = -33). State lives in INFO(1), RWORK
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
/// INFO(5) = 1, RT with NRT > 0) must follow the original's interface; RPAR and IPAR
/// are passed to them untouched.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ddaskr_(
    res: DaskrRes,
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
    jac: DaskrJac,
    psol: *const c_void,
    rt: DaskrRt,
    nrt: *const i32,
    jroot: *mut i32,
) {
    let _ = psol;
    ffi_boundary!(
        "DDASKR",
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
                    read(nrt),
                )
            };
            let (
                Some(neq_v),
                Some(t_v),
                Some(tout_v),
                Some(lrw_v),
                Some(liw_v),
                Some(idid_v),
                Some(nrt_v),
            ) = scalars
            else {
                // SAFETY: IDID is null or writable by the caller's contract.
                unsafe {
                    refuse(
                        idid,
                        "A SCALAR ARGUMENT (NEQ, T, TOUT, LRW, LIW, IDID, NRT) IS A NULL POINTER.",
                    )
                };
                return;
            };
            let Some(res) = res else {
                // SAFETY: IDID was read above, so it is valid; writable by contract.
                unsafe { refuse(idid, "RES IS A NULL POINTER.") };
                return;
            };
            // SAFETY: INFO holds 20 integers by the caller's contract.
            let Some(info_s) = (unsafe { slice_mut(info, 20) }) else {
                // SAFETY: as above.
                unsafe { refuse(idid, "INFO IS A NULL POINTER.") };
                return;
            };
            let info_a: &mut [i32; 20] = info_s.try_into().expect("INFO slice of length 20");
            if info_a[4] == 1 && jac.is_none() && info_a[0] == 0 {
                // SAFETY: as above.
                unsafe { refuse(idid, "INFO(5) = 1 BUT JAC IS A NULL POINTER.") };
                return;
            }
            if nrt_v > 0 && rt.is_none() {
                // SAFETY: as above.
                unsafe { refuse(idid, "NRT > 0 BUT RT IS A NULL POINTER.") };
                return;
            }
            let n = usize::try_from(neq_v).unwrap_or(0);
            let nr = usize::try_from(nrt_v).unwrap_or(0);
            let ntol = if info_a[1] == 1 { n } else { 1 };
            let lr = usize::try_from(lrw_v).unwrap_or(0);
            let li = usize::try_from(liw_v).unwrap_or(0);
            let f = std::mem::size_of::<f64>();
            let i = std::mem::size_of::<i32>();
            if overlapping(&[
                (y as usize, n * f),
                (yprime as usize, n * f),
                (info as usize, 20 * i),
                (rwork as usize, lr * f),
                (iwork as usize, li * i),
                (jroot as usize, nr * i),
                (t as usize, f),
                (idid as usize, i),
            ]) {
                // SAFETY: as above.
                unsafe {
                    refuse(
                        idid,
                        "Y, YPRIME, INFO, RWORK, IWORK, JROOT, T AND IDID MUST NOT OVERLAP.",
                    )
                };
                return;
            }
            // SAFETY: lengths from NEQ, LRW, LIW, NRT as the caller's contract states; the
            // regions were checked not to overlap; `slice_mut` rejects null/misaligned.
            let arrays = unsafe {
                (
                    slice_mut(y, n),
                    slice_mut(yprime, n),
                    slice_mut(rwork, lr),
                    slice_mut(iwork, li),
                    slice_mut(jroot, nr),
                )
            };
            let (Some(y_s), Some(yp_s), Some(rwork_s), Some(iwork_s), Some(jroot_s)) = arrays
            else {
                // SAFETY: as above.
                unsafe { refuse(idid, "Y, YPRIME, RWORK, IWORK OR JROOT IS A NULL POINTER.") };
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
                rt,
                neq: neq_v,
                nrt: nrt_v,
                rpar,
                ipar,
            };
            let (mut t_out, mut idid_out) = (t_v, idid_v);
            let (rtol, atol) = tols.pair();
            let notes = ddaskr(
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
                    nrt: nrt_v,
                    jroot: jroot_s,
                },
            );
            for note in &notes {
                message(&note.text);
            }
            // Write back only what changed, as the original writes only those.
            // SAFETY: RTOL/ATOL are writable for `ntol` values by the caller's contract.
            unsafe { tols.write_back() };
            // SAFETY: T and IDID were read above (valid, aligned), writable by contract.
            unsafe { write_t_idid(t, t_v, t_out, idid, idid_v, idid_out) };
        }
    )
}
