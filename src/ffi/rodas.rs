//! `rodas_` and `contro_`: the RODAS entry points with the original argument lists.
//!
//! Validation and layout follow the subroutine RODAS (what it reads, what it writes
//! back: MLJAC/MUJAC for a full Jacobian, X, H, IDID and IWORK(14..20); RTOL and ATOL
//! are only read); the integration itself runs in the caller's WORK with the original's
//! layout from WORK(21) on.

use std::mem::ManuallyDrop;

use super::hairer::{
    component, dense_call, exit_code, iwork_options, nonfinite_y, report, with_active,
    ActiveSolout, Step,
};
use super::{ffi_boundary, message, required_int, required_real, slice, slice_mut, FInt};
use crate::hairer::messages::{insufficient_iwork, insufficient_work, Refusals};
use crate::hairer::{refuse, refused, ToleranceRef};
use crate::rodas::layout::{Layout, IW_STATS, W_ARRAYS};
use crate::rodas::{self, DenseOutput, Finish, Options, Problem, Structure};

/// FCN(N, X, Y, F, RPAR, IPAR): the right-hand side `F = f(X, Y)`; DFX has the same
/// interface and gives `F = ∂f/∂x (X, Y)`.
pub type RodasFcn = Option<
    unsafe extern "C" fn(
        n: *const FInt,
        x: *const f64,
        y: *const f64,
        f: *mut f64,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
>;

/// JAC(N, X, Y, DFY, LDFY, RPAR, IPAR): the Jacobian `df/dy` (IJAC = 1).
pub type RodasJac = Option<
    unsafe extern "C" fn(
        n: *const FInt,
        x: *const f64,
        y: *const f64,
        dfy: *mut f64,
        ldfy: *const FInt,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
>;

/// MAS(N, AM, LMAS, RPAR, IPAR): the mass matrix (IMAS = 1; called with N - M1).
pub type RodasMas = Option<
    unsafe extern "C" fn(
        n: *const FInt,
        am: *mut f64,
        lmas: *const FInt,
        rpar: *mut f64,
        ipar: *mut FInt,
    ),
>;

/// SOLOUT(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN): called after every accepted
/// step (IOUT = 1); IRTRN < 0 stops the integration.
pub type RodasSolout = Option<
    unsafe extern "C" fn(
        nr: *const FInt,
        xold: *const f64,
        x: *const f64,
        y: *const f64,
        cont: *const f64,
        lrc: *const FInt,
        n: *const FInt,
        rpar: *mut f64,
        ipar: *mut FInt,
        irtrn: *mut FInt,
    ),
>;

/// The caller's routines and RPAR/IPAR, seen by the core as a [`Problem`].
struct Callbacks {
    n: FInt,
    fcn: RodasFcn,
    jac: RodasJac,
    dfx: RodasFcn,
    mas: RodasMas,
    solout: RodasSolout,
    rpar: *mut f64,
    ipar: *mut FInt,
}

impl Problem for Callbacks {
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]) {
        let fcn = self.fcn.expect("FCN checked before the integration");
        // SAFETY: `fcn` is the caller's FCN; `y` and `f` hold N values as it expects,
        // RPAR/IPAR are passed through untouched (the caller's contract of rodas_).
        unsafe {
            fcn(
                &self.n,
                &x,
                y.as_ptr(),
                f.as_mut_ptr(),
                self.rpar,
                self.ipar,
            )
        }
    }

    fn jac(&mut self, x: f64, y: &[f64], dfy: &mut [f64], ldfy: usize) {
        let jac = self.jac.expect("JAC checked before the integration");
        let ld = ldfy as FInt;
        // SAFETY: `dfy` runs from FJAC to the end of FMAS in the caller's WORK (at least
        // LDFY × N values), where the original's JAC writes.
        unsafe {
            jac(
                &self.n,
                &x,
                y.as_ptr(),
                dfy.as_mut_ptr(),
                &ld,
                self.rpar,
                self.ipar,
            )
        }
    }

    fn has_jacobian(&self) -> bool {
        self.jac.is_some()
    }

    fn dfx(&mut self, x: f64, y: &[f64], fx: &mut [f64]) {
        let dfx = self.dfx.expect("DFX checked before the integration");
        // SAFETY: `dfx` is the caller's DFX; `y` and `fx` hold N values as it expects.
        unsafe {
            dfx(
                &self.n,
                &x,
                y.as_ptr(),
                fx.as_mut_ptr(),
                self.rpar,
                self.ipar,
            )
        }
    }

    fn has_dfx(&self) -> bool {
        self.dfx.is_some()
    }

    fn mas(&mut self, nm1: usize, am: &mut [f64], lmas: usize) {
        let mas = self.mas.expect("MAS checked before the integration");
        let (nm1, ld) = (nm1 as FInt, lmas as FInt);
        // SAFETY: `am` is FMAS in the caller's WORK (LMAS × NM1 values); the original calls
        // MAS(NM1, FMAS, LDMAS) there.
        unsafe { mas(&nm1, am.as_mut_ptr(), &ld, self.rpar, self.ipar) }
    }

    fn has_mass(&self) -> bool {
        self.mas.is_some()
    }

    fn solout(
        &mut self,
        nr: usize,
        xold: f64,
        x: f64,
        y: &mut [f64],
        dense: &DenseOutput<'_>,
    ) -> bool {
        let Some(solout) = self.solout else {
            return true;
        };
        let nr = nr as FInt;
        let lrc = 4 * self.n;
        let (dxold, h) = dense.step();
        let active = ActiveSolout {
            cont: dense.as_ptr(),
            n: dense.n(),
            step: Step::Rodas { xold: dxold, h },
        };
        // IRTRN = 1 before each call, as the original.
        let mut irtrn = 1;
        // SAFETY: `y` holds N values the routine may change, CONT points to the 4N
        // coefficients in WORK, all valid for the call.
        with_active(active, || unsafe {
            solout(
                &nr,
                &xold,
                &x,
                y.as_mut_ptr(),
                dense.as_ptr(),
                &lrc,
                &self.n,
                self.rpar,
                self.ipar,
                &mut irtrn,
            )
        });
        irtrn >= 0
    }
}

/// Scalar arguments of `rodas_` after the null checks.
struct Scalars {
    n: i32,
    ifcn: i32,
    x: f64,
    xend: f64,
    h: f64,
    itol: i32,
    ijac: i32,
    mljac: i32,
    mujac: i32,
    idfx: i32,
    imas: i32,
    mlmas: i32,
    mumas: i32,
    iout: i32,
    lwork: i32,
    liwork: i32,
}

/// The arguments of `rodas_` as passed (IDID apart): nothing is read before
/// [`Args::call`] checks it.
struct Args {
    n: *const FInt,
    fcn: RodasFcn,
    ifcn: *const FInt,
    x: *mut f64,
    y: *mut f64,
    xend: *const f64,
    h: *mut f64,
    rtol: *const f64,
    atol: *const f64,
    itol: *const FInt,
    jac: RodasJac,
    ijac: *const FInt,
    mljac: *mut FInt,
    mujac: *mut FInt,
    dfx: RodasFcn,
    idfx: *const FInt,
    mas: RodasMas,
    imas: *const FInt,
    mlmas: *const FInt,
    mumas: *const FInt,
    solout: RodasSolout,
    iout: *const FInt,
    work: *mut f64,
    lwork: *const FInt,
    iwork: *mut FInt,
    liwork: *const FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
}

impl Args {
    /// The whole call: validate, lay out, integrate, write back. Returns IDID, or the
    /// messages of a refusal (IDID = -1).
    ///
    /// # Safety
    /// The contract of [`rodas_`].
    #[inline(never)]
    #[link_section = hot_path!(rodas)]
    unsafe fn call(&self) -> Result<i32, Refusals> {
        // SAFETY: the caller's contract, passed on.
        let s = unsafe { self.scalars() }.map_err(|why| refused(|| why))?;
        if s.n <= 0 {
            return Err(refused(|| format!("N must be positive, N = {}", s.n)));
        }
        if self.fcn.is_none() {
            return Err(refused(|| "FCN is a null pointer"));
        }
        let mut errors = self.missing_routines(&s);
        let nu = s.n as usize;
        // SAFETY: WORK and IWORK are declared with LWORK and LIWORK entries (caller's
        // contract); a negative length gives an empty slice, reported below.
        let (work, iwork) = unsafe {
            (
                slice_mut(self.work, s.lwork.max(0) as usize),
                slice_mut(self.iwork, s.liwork.max(0) as usize),
            )
        };
        let (Some(work), Some(iwork)) = (work, iwork) else {
            return Err(refused(|| "WORK or IWORK is a null pointer"));
        };
        // The default tolerance of `from_legacy` owns nothing: not dropping the options
        // keeps their drop glue, far away in the plain text, off a call's path.
        let options = ManuallyDrop::new(Options::from_legacy(
            work,
            &iwork_options(iwork, 10, &[1, 2, 3, 9, 10]).map_err(|why| refused(|| why))?,
        ));
        // SAFETY: the caller's contract, passed on.
        let lay = unsafe { self.lay_out(&s, options.m1, &mut errors) };
        let ntol = if s.itol == 0 { 1 } else { nu };
        // SAFETY: Y holds N values, RTOL/ATOL one or N (caller's contract); RTOL and ATOL
        // are only read, so they may be the same array.
        let (y, rtol, atol) = unsafe {
            (
                slice_mut(self.y, nu),
                slice(self.rtol, ntol),
                slice(self.atol, ntol),
            )
        };
        let (Some(y), Some(rtol), Some(atol)) = (y, rtol, atol) else {
            return Err(refused(|| "Y, RTOL or ATOL is a null pointer"));
        };
        nonfinite_y(y, &mut errors);
        let tol = ToleranceRef::of_itol(s.itol, rtol, atol);
        let structure = Structure {
            n: nu,
            autonomous: s.ifcn == 0,
            analytic_jacobian: s.ijac != 0,
            jacobian: lay.jacobian,
            analytic_dfx: s.idfx != 0,
            mass: lay.mass,
            dense_output: s.iout != 0,
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut problem = Callbacks {
            n: FInt::from(s.n),
            fcn: self.fcn,
            jac: self.jac,
            dfx: self.dfx,
            mas: self.mas,
            solout: if s.iout != 0 { self.solout } else { None },
            rpar: self.rpar,
            ipar: self.ipar,
        };
        let work = &mut work[W_ARRAYS..];
        let end = rodas::solve_in(
            &mut problem,
            &structure,
            &options,
            s.x,
            y,
            s.xend,
            s.h,
            tol,
            work,
        )?;
        // SAFETY: the caller's contract, passed on.
        Ok(unsafe { self.write_back(&end, options.max_steps, iwork) })
    }

    /// Reads the scalar arguments (IDFX only for IFCN ≠ 0, MLMAS and MUMAS only for
    /// IMAS ≠ 0: the original uses them only then); the message of a refusal when one is
    /// a null pointer or an INTEGER does not fit `i32`.
    ///
    /// # Safety
    /// Non-null scalars point to valid values (the contract of [`rodas_`]).
    #[link_section = hot_path!(rodas)]
    unsafe fn scalars(&self) -> Result<Scalars, String> {
        // SAFETY: `required_int` and `required_real` reject null pointers; valid targets
        // are the caller's contract.
        let int = |ptr, name| unsafe { required_int(ptr, name) };
        // SAFETY: as above.
        let real = |ptr| unsafe { required_real(ptr) };
        let imas = int(self.imas, "IMAS")?;
        let ifcn = int(self.ifcn, "IFCN")?;
        Ok(Scalars {
            n: int(self.n, "N")?,
            ifcn,
            x: real(self.x)?,
            xend: real(self.xend)?,
            h: real(self.h)?,
            itol: int(self.itol, "ITOL")?,
            ijac: int(self.ijac, "IJAC")?,
            mljac: int(self.mljac, "MLJAC")?,
            mujac: int(self.mujac, "MUJAC")?,
            idfx: if ifcn != 0 {
                int(self.idfx, "IDFX")?
            } else {
                0
            },
            imas,
            mlmas: if imas != 0 {
                int(self.mlmas, "MLMAS")?
            } else {
                0
            },
            mumas: if imas != 0 {
                int(self.mumas, "MUMAS")?
            } else {
                0
            },
            iout: int(self.iout, "IOUT")?,
            lwork: int(self.lwork, "LWORK")?,
            liwork: int(self.liwork, "LIWORK")?,
        })
    }

    /// The routines that the switches ask for and that are null pointers.
    fn missing_routines(&self, s: &Scalars) -> Refusals {
        let mut errors = Refusals::default();
        if s.ijac != 0 && self.jac.is_none() {
            refuse(&mut errors, || "IJAC = 1 but JAC is a null pointer");
        }
        if s.ifcn != 0 && s.idfx != 0 && self.dfx.is_none() {
            refuse(&mut errors, || {
                "IFCN = 1 and IDFX = 1 but DFX is a null pointer"
            });
        }
        if s.imas != 0 && self.mas.is_none() {
            refuse(&mut errors, || "IMAS = 1 but MAS is a null pointer");
        }
        if s.iout != 0 && self.solout.is_none() {
            refuse(&mut errors, || "IOUT = 1 but SOLOUT is a null pointer");
        }
        errors
    }

    /// RODAS's storage: the layout, the widths the original writes back (MLJAC = MUJAC =
    /// NM1 for a full Jacobian, before it checks the storage), and the LWORK/LIWORK
    /// checks.
    ///
    /// # Safety
    /// MLJAC and MUJAC are writable where the original writes them.
    unsafe fn lay_out(&self, s: &Scalars, m1: i64, errors: &mut Refusals) -> Layout {
        let mass = (s.imas != 0).then_some((i64::from(s.mlmas), i64::from(s.mumas)));
        let widths = (i64::from(s.mljac), i64::from(s.mujac));
        let lay = Layout::legacy(i64::from(s.n), m1, widths, mass, errors);
        // An unchanged value is not rewritten (the argument may be a constant in
        // read-only memory).
        // SAFETY: both were read above, so they are valid; where the original writes
        // them, writable is the caller's contract.
        unsafe {
            if let Some(v) = lay.jac_written {
                if s.mljac != v {
                    self.mljac.write(FInt::from(v));
                }
                if s.mujac != v {
                    self.mujac.write(FInt::from(v));
                }
            }
        }
        if i64::from(s.lwork) < lay.min_lwork {
            refuse(errors, || insufficient_work(lay.min_lwork));
        }
        if i64::from(s.liwork) < lay.min_liwork {
            refuse(errors, || insufficient_iwork(lay.min_liwork));
        }
        lay
    }

    /// What the original leaves after a run: the message of a failure, IWORK(14..20),
    /// X and H. Returns IDID.
    ///
    /// # Safety
    /// X and H are writable (the contract of [`rodas_`]).
    #[link_section = hot_path!(rodas)]
    unsafe fn write_back(&self, end: &Finish, nmax: i64, iwork: &mut [FInt]) -> i32 {
        let (x, h) = (end.x, end.h);
        let code = exit_code("RODAS", end.outcome, x, h, nmax);
        let s = end.stats;
        let out = [s.nfcn, s.njac, s.nstep, s.naccpt, s.nrejct, s.ndec, s.nsol];
        if iwork.len() >= IW_STATS + out.len() {
            for (slot, v) in iwork[IW_STATS..].iter_mut().zip(out) {
                *slot = FInt::try_from(v).unwrap_or(FInt::MAX);
            }
        }
        // SAFETY: `x`, `h` were read (valid); writable is the caller's contract.
        unsafe {
            self.x.write(x);
            self.h.write(h);
        }
        code
    }
}

/// Numerical solution of a stiff or differential-algebraic system `M y' = f(x, y)` by the
/// Rosenbrock method of order 4(3) with dense output (Hairer & Wanner's RODAS, same
/// argument list).
///
/// `N`: dimension; `FCN(N,X,Y,F,RPAR,IPAR)`: right-hand side; `IFCN` = 0: `f`
/// independent of x (autonomous), 1: not; `X`: initial x, on return the x reached (XEND
/// on success); `Y(N)`: initial values, on return the solution; `XEND`: final x; `H`:
/// initial step guess (0: 1e-6), on return the predicted step; `RTOL, ATOL`: tolerances,
/// scalars (`ITOL` = 0) or vectors (`ITOL` = 1), only read; `JAC(N,X,Y,DFY,LDFY,RPAR,IPAR)`
/// with `IJAC` = 1 (else finite differences), `MLJAC`/`MUJAC`: band widths (MLJAC >=
/// N - M1: full; then both are set to N - M1, written only when that changes them);
/// `DFX(N,X,Y,FX,RPAR,IPAR)`: `∂f/∂x` with `IDFX` = 1 and IFCN = 1 (else a forward
/// difference); `MAS(N,AM,LMAS,RPAR,IPAR)` with `IMAS` = 1 (else M = I), `MLMAS`/`MUMAS`
/// (MLMAS = N - M1: full); `SOLOUT(NR,XOLD,X,Y,CONT,LRC,N,RPAR,IPAR,IRTRN)` with `IOUT`
/// = 1, IRTRN < 0 stops; `WORK(LWORK)`: YNEW, DY1, DY, AK1..AK6, FX, CONT, FJAC and FMAS
/// at the original's offsets from WORK(21) on, then E as in the original (its pivots,
/// IWORK(21..) in the original, are kept elsewhere); WORK(1..5) = UROUND, HMAX, the step-ratio bounds and SAFE (0: defaults
/// 1e-16, XEND-X, 0.2, 6, 0.9), `LWORK >= N*(LJAC+LMAS+LE+14)+20`; `IWORK(LIWORK)`:
/// IWORK(1..3) = NMAX (100000), the coefficient set (1, 2 or 3 = Steinebach's), step
/// control (1 predictive, 2 classical), IWORK(9..10) = M1, M2; on return IWORK(14..20) =
/// NFCN, NJAC, NSTEP, NACCPT, NREJCT, NDEC, NSOL; `LIWORK >= N+20`; `IDID`: 1 success,
/// 2 stopped by SOLOUT, -1 invalid input, -2 more than NMAX steps, -3 step size too
/// small, -4 matrix repeatedly singular.
///
/// Unlike the original, the routine is reentrant: [`contro_`] finds the step of the
/// SOLOUT call in progress on its thread whose CONT it is given, so integrations may run
/// on several threads or nest inside callbacks.
///
/// # Safety
/// Every pointer argument is used as the Fortran original uses it: scalars must point to
/// valid values (MLJAC, MUJAC, X, H, IDID writable); `Y` must hold N values; `RTOL` and
/// `ATOL` one value (ITOL = 0) or N values; `WORK` LWORK and `IWORK` LIWORK values;
/// each routine must be a valid function with the documented Fortran interface that
/// neither unwinds nor writes outside its arguments (SOLOUT must not write CONT); RPAR
/// and IPAR are passed to the routines untouched. No argument may be changed by another
/// thread during the call. Null pointers and inconsistent sizes are reported with
/// IDID = -1 (when IDID itself is valid).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
#[link_section = hot_path!(rodas)]
pub unsafe extern "C" fn rodas_(
    n: *const FInt,
    fcn: RodasFcn,
    ifcn: *const FInt,
    x: *mut f64,
    y: *mut f64,
    xend: *const f64,
    h: *mut f64,
    rtol: *const f64,
    atol: *const f64,
    itol: *const FInt,
    jac: RodasJac,
    ijac: *const FInt,
    mljac: *mut FInt,
    mujac: *mut FInt,
    dfx: RodasFcn,
    idfx: *const FInt,
    mas: RodasMas,
    imas: *const FInt,
    mlmas: *const FInt,
    mumas: *const FInt,
    solout: RodasSolout,
    iout: *const FInt,
    work: *mut f64,
    lwork: *const FInt,
    iwork: *mut FInt,
    liwork: *const FInt,
    rpar: *mut f64,
    ipar: *mut FInt,
    idid: *mut FInt,
) {
    if idid.is_null() || !idid.is_aligned() {
        message("RODAS: IDID is a null pointer; nothing done");
        return;
    }
    let args = Args {
        n,
        fcn,
        ifcn,
        x,
        y,
        xend,
        h,
        rtol,
        atol,
        itol,
        jac,
        ijac,
        mljac,
        mujac,
        dfx,
        idfx,
        mas,
        imas,
        mlmas,
        mumas,
        solout,
        iout,
        work,
        lwork,
        iwork,
        liwork,
        rpar,
        ipar,
    };
    let code = ffi_boundary!("RODAS", -1, {
        // SAFETY: the caller's contract of rodas_, passed on.
        unsafe { args.call() }.unwrap_or_else(|errors| {
            report("RODAS", &errors);
            -1
        })
    });
    // SAFETY: `idid` was checked non-null and aligned above; the caller provides a
    // writable INTEGER there.
    unsafe { idid.write(FInt::from(code)) };
}

/// Dense output of RODAS (CONTRO): component `I` of the interpolant of the last accepted
/// step at `S`, to be called from inside SOLOUT with the `CONT` and `LRC` that SOLOUT
/// received. Returns NaN (after a message) for a CONT that no SOLOUT call in progress on
/// this thread received (recognised by its address: such an array is not read), an LRC
/// other than 4N, or an `I` outside 1..N.
///
/// # Safety
/// `I`, `S` and `LRC` must point to valid values; a `CONT` that SOLOUT received must be
/// used during that SOLOUT call (the library reads its `LRC` values).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn contro_(
    i: *const FInt,
    s: *const f64,
    cont: *const f64,
    lrc: *const FInt,
) -> f64 {
    ffi_boundary!("CONTRO", f64::NAN, {
        // SAFETY: the pointers are the caller's, checked for null in `dense_call`.
        let Some((i, s, lrc, active)) =
            (unsafe { dense_call("CONTRO", "RODAS", i, s, cont, lrc, |_| Ok(())) })
        else {
            return f64::NAN;
        };
        let Step::Rodas { xold, h } = active.step else {
            message("CONTRO: CONT was not handed to SOLOUT by RODAS");
            return f64::NAN;
        };
        if lrc <= 0 || lrc as usize != 4 * active.n {
            message(&format!(
                "CONTRO: LRC = {lrc} is not the 4*N = {} that SOLOUT received",
                4 * active.n
            ));
            return f64::NAN;
        }
        // SAFETY: CONT is the array a SOLOUT call in progress on this thread received, its
        // LRC = 4N coefficients in the caller's WORK (valid while that call runs).
        let Some(coefficients) = (unsafe { slice(cont, lrc as usize) }) else {
            message("CONTRO: CONT is a null pointer");
            return f64::NAN;
        };
        let dense = DenseOutput::new(coefficients, xold, h);
        match component("CONTRO", i, dense.n()) {
            Some(k) => dense.eval(k, s),
            None => f64::NAN,
        }
    })
}
