//! `radau5_` and `contr5_`: the RADAU5 entry points with the original argument lists.
//!
//! Validation and layout follow the subroutine RADAU5 (what it reads, what it writes
//! back: MLJAC/MUJAC and MUMAS for full matrices, the tolerances transformed and
//! restored, X, H, IDID and IWORK(14..20)); the integration itself runs in the caller's
//! WORK with the original's layout from WORK(21) on.

use super::hairer::{
    component, dense_call, exit_code, iwork_options, nonfinite_y, report, with_active,
    ActiveSolout, Step,
};
use super::{
    ffi_boundary, message, required_int, required_real, slice, slice_mut, FInt, Tolerances,
};
use crate::hairer::messages::{insufficient_iwork, insufficient_work, Refusals};
use crate::hairer::{refuse, refused, ToleranceRef};
use crate::radau5::layout::{Layout, IW_STATS, W_ARRAYS};
use crate::radau5::{self, restore_tolerance, DenseOutput, Finish, Options, Problem, Structure};

/// FCN(N, X, Y, F, RPAR, IPAR): the right-hand side `F = f(X, Y)`.
pub type Radau5Fcn = Option<
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
pub type Radau5Jac = Option<
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
pub type Radau5Mas = Option<
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
pub type Radau5Solout = Option<
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
    fcn: Radau5Fcn,
    jac: Radau5Jac,
    mas: Radau5Mas,
    solout: Radau5Solout,
    rpar: *mut f64,
    ipar: *mut FInt,
    /// IRTRN keeps its value between SOLOUT calls, as in the original.
    irtrn: FInt,
}

impl Problem for Callbacks {
    fn fcn(&mut self, x: f64, y: &[f64], f: &mut [f64]) {
        let fcn = self.fcn.expect("FCN checked before the integration");
        // SAFETY: `fcn` is the caller's FCN; `y` and `f` hold N values as it expects,
        // RPAR/IPAR are passed through untouched (the caller's contract of radau5_).
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

    fn has_mass(&self) -> bool {
        self.mas.is_some()
    }

    fn mas(&mut self, nm1: usize, am: &mut [f64], lmas: usize) {
        let mas = self.mas.expect("MAS checked before the integration");
        let (nm1, ld) = (nm1 as FInt, lmas as FInt);
        // SAFETY: `am` is FMAS in the caller's WORK (LMAS × NM1 values); the original calls
        // MAS(NM1, FMAS, LDMAS) there.
        unsafe { mas(&nm1, am.as_mut_ptr(), &ld, self.rpar, self.ipar) }
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
        let (xsol, hsol) = dense.step();
        let active = ActiveSolout {
            cont: dense.as_ptr(),
            n: dense.n(),
            step: Step::Radau5 { xsol, hsol },
        };
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
                &mut self.irtrn,
            )
        });
        self.irtrn >= 0
    }
}

/// A refused call leaves the tolerances as the original does: it transforms every valid
/// pair in place ("CHECK AND CHANGE THE TOLERANCES") before its other checks, and returns
/// with IDID = -1 without transforming them back. A pair it finds invalid (ATOL <= 0 or
/// RTOL <= 10 UROUND, false on NaN) stays as it was. Out of line: no valid call runs it.
#[cold]
#[inline(never)]
fn leave_transformed(tols: &mut Tolerances<'_>, uround: f64) {
    let (rtol, atol) = tols.pair();
    for (r, a) in rtol.iter_mut().zip(atol.iter_mut()) {
        if !(*a <= 0.0 || *r <= 10.0 * uround) {
            (*r, *a) = radau5::transform_tolerance(*r, *a);
        }
    }
    // SAFETY: RTOL and ATOL were read through these pointers and are writable (the
    // original writes them).
    unsafe { tols.write_back() };
}

/// Scalar arguments of `radau5_` after the null checks.
struct Scalars {
    n: i32,
    x: f64,
    xend: f64,
    h: f64,
    itol: i32,
    ijac: i32,
    mljac: i32,
    mujac: i32,
    imas: i32,
    mlmas: i32,
    mumas: i32,
    iout: i32,
    lwork: i32,
    liwork: i32,
}

/// The arguments of `radau5_` as passed (IDID apart): nothing is read before
/// [`Args::call`] checks it.
struct Args {
    n: *const FInt,
    fcn: Radau5Fcn,
    x: *mut f64,
    y: *mut f64,
    xend: *const f64,
    h: *mut f64,
    rtol: *mut f64,
    atol: *mut f64,
    itol: *const FInt,
    jac: Radau5Jac,
    ijac: *const FInt,
    mljac: *mut FInt,
    mujac: *mut FInt,
    mas: Radau5Mas,
    imas: *const FInt,
    mlmas: *const FInt,
    mumas: *mut FInt,
    solout: Radau5Solout,
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
    /// The contract of [`radau5_`].
    #[inline(never)]
    #[link_section = hot_path!(radau5)]
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
        let options = Options::from_legacy(
            work,
            &iwork_options(iwork, 10, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
                .map_err(|why| refused(|| why))?,
        );
        if options.quot1 < 0.0 {
            refuse(&mut errors, || {
                format!(
                    "WORK(5) = {:e} is negative (QUOT1: the original then steps past XEND)",
                    options.quot1
                )
            });
        }
        // SAFETY: the caller's contract, passed on.
        let lay = unsafe { self.lay_out(&s, options.m1, &mut errors) };
        let ntol = if s.itol == 0 { 1 } else { nu };
        // SAFETY: Y holds N values, RTOL/ATOL one or N (caller's contract); RTOL and ATOL
        // may be the same array, which `Tolerances` copies instead of borrowing twice.
        let (y, tols) = unsafe {
            (
                slice_mut(self.y, nu),
                Tolerances::read(self.rtol, self.atol, ntol),
            )
        };
        let (Some(y), Some(mut tols)) = (y, tols) else {
            return Err(refused(|| "Y, RTOL or ATOL is a null pointer"));
        };
        check_data(y, &tols, &mut errors);
        let structure = Structure {
            n: nu,
            analytic_jacobian: s.ijac != 0,
            jacobian: lay.jacobian,
            mass: lay.mass,
            dense_output: s.iout != 0,
        };
        if !errors.is_empty() {
            leave_transformed(&mut tols, options.uround);
            return Err(errors);
        }
        let mut problem = Callbacks {
            n: FInt::from(s.n),
            fcn: self.fcn,
            jac: self.jac,
            mas: self.mas,
            solout: if s.iout != 0 { self.solout } else { None },
            rpar: self.rpar,
            ipar: self.ipar,
            irtrn: 1,
        };
        let (x, xend, h) = (s.x, s.xend, s.h);
        let work = &mut work[W_ARRAYS..];
        let tol = tolerance(&s, &mut tols);
        let end = radau5::solve_in(&mut problem, &structure, &options, x, y, xend, h, tol, work);
        let end = match end {
            Ok(end) => end,
            Err(errors) => {
                leave_transformed(&mut tols, options.uround);
                return Err(errors);
            }
        };
        // SAFETY: the caller's contract, passed on.
        Ok(unsafe { self.write_back(&end, options.max_steps, tols, iwork) })
    }

    /// Reads the scalar arguments (MLMAS and MUMAS only for IMAS ≠ 0, as the original);
    /// the message of a refusal when one is a null pointer or an INTEGER does not fit
    /// `i32`.
    ///
    /// # Safety
    /// Non-null scalars point to valid values (the contract of [`radau5_`]).
    #[link_section = hot_path!(radau5)]
    unsafe fn scalars(&self) -> Result<Scalars, String> {
        // SAFETY: `required_int` and `required_real` reject null pointers; valid targets
        // are the caller's contract.
        let int = |ptr, name| unsafe { required_int(ptr, name) };
        // SAFETY: as above.
        let real = |ptr| unsafe { required_real(ptr) };
        let imas = int(self.imas, "IMAS")?;
        Ok(Scalars {
            n: int(self.n, "N")?,
            x: real(self.x)?,
            xend: real(self.xend)?,
            h: real(self.h)?,
            itol: int(self.itol, "ITOL")?,
            ijac: int(self.ijac, "IJAC")?,
            mljac: int(self.mljac, "MLJAC")?,
            mujac: int(self.mujac, "MUJAC")?,
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
        if s.imas != 0 && self.mas.is_none() {
            refuse(&mut errors, || "IMAS = 1 but MAS is a null pointer");
        }
        if s.iout != 0 && self.solout.is_none() {
            refuse(&mut errors, || "IOUT = 1 but SOLOUT is a null pointer");
        }
        errors
    }

    /// RADAU5's storage: the layout, the widths the original writes back (MLJAC = MUJAC
    /// = NM1 for a full Jacobian, MUMAS = NM1 for a full mass matrix, before it checks
    /// the storage), and the LWORK/LIWORK checks.
    ///
    /// # Safety
    /// MLJAC, MUJAC and MUMAS are writable where the original writes them.
    unsafe fn lay_out(&self, s: &Scalars, m1: i64, errors: &mut Refusals) -> Layout {
        let mass = (s.imas != 0).then_some((i64::from(s.mlmas), i64::from(s.mumas)));
        let widths = (i64::from(s.mljac), i64::from(s.mujac));
        let lay = Layout::legacy(i64::from(s.n), m1, widths, mass, errors);
        // An unchanged value is not rewritten (the argument may be a constant in
        // read-only memory).
        // SAFETY: the three were read above, so they are valid; where the original writes
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
            if let Some(v) = lay.mumas_written {
                if s.mumas != v {
                    self.mumas.write(FInt::from(v));
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

    /// What the original leaves after a run: RTOL/ATOL transformed and transformed back
    /// (for one array passed twice, the values of its in-place updates: ATOL = RTOL), the
    /// message of a failure, IWORK(14..20), X and H. Returns IDID.
    ///
    /// # Safety
    /// X and H are writable (the contract of [`radau5_`]).
    #[link_section = hot_path!(radau5)]
    unsafe fn write_back(
        &self,
        end: &Finish,
        nmax: i64,
        mut tols: Tolerances<'_>,
        iwork: &mut [FInt],
    ) -> i32 {
        let (rtol, atol) = tols.pair();
        for (r, a) in rtol.iter_mut().zip(atol.iter_mut()) {
            let (rt, at) = radau5::transform_tolerance(*r, *a);
            (*r, *a) = restore_tolerance(rt, at);
        }
        // SAFETY: RTOL and ATOL were read through these pointers and are writable (the
        // original writes them).
        unsafe { tols.write_back() };
        let (x, h) = (end.x, end.h);
        let code = exit_code("RADAU5", end.outcome, x, h, nmax);
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

/// The checks of the data the original trusts: RTOL and ATOL overlapping without being
/// the same array, a non-finite initial Y.
fn check_data(y: &[f64], tols: &Tolerances<'_>, errors: &mut Refusals) {
    if let Tolerances::Copied { from, .. } = tols {
        if from[0] != from[1] {
            refuse(errors, || {
                "RTOL and ATOL overlap without being the same array"
            });
        }
    }
    nonfinite_y(y, errors);
}

/// RTOL/ATOL as the core takes them (ITOL = 0: scalars; else vectors), borrowed.
#[link_section = hot_path!(radau5)]
fn tolerance<'t>(s: &Scalars, tols: &'t mut Tolerances<'_>) -> ToleranceRef<'t> {
    let (rtol, atol) = tols.pair();
    ToleranceRef::of_itol(s.itol, rtol, atol)
}

/// Numerical solution of a stiff or differential-algebraic system `M y' = f(x, y)` by the
/// Radau IIA method of order 5 (Hairer & Wanner's RADAU5, same argument list).
///
/// `N`: dimension; `FCN(N,X,Y,F,RPAR,IPAR)`: right-hand side; `X`: initial x, on return
/// the x reached (XEND on success); `Y(N)`: initial values, on return the solution;
/// `XEND`: final x; `H`: initial step guess (0: 1e-6), on return the predicted step;
/// `RTOL, ATOL`: tolerances, scalars (`ITOL` = 0) or vectors (`ITOL` = 1), transformed on
/// entry and restored on exit; `JAC(N,X,Y,DFY,LDFY,RPAR,IPAR)` with `IJAC` = 1 (else
/// finite differences), `MLJAC`/`MUJAC`: band widths (MLJAC >= N - M1: full; then both
/// are set to N - M1, written only when that changes them); `MAS(N,AM,LMAS,RPAR,IPAR)`
/// with `IMAS` = 1 (else M = I), `MLMAS`/`MUMAS` (MLMAS = N - M1: full, MUMAS set to
/// N - M1 likewise);
/// `SOLOUT(NR,XOLD,X,Y,CONT,LRC,N,RPAR,IPAR,IRTRN)` with `IOUT` = 1, IRTRN < 0 stops;
/// `WORK(LWORK)`: Z1..Z3, Y0, SCAL, F1..F3, CONT, FJAC and FMAS at the original's
/// offsets from WORK(21) on, then E1, E2R, E2I as in the original (their pivots,
/// IWORK(21..) in the original, are kept elsewhere); WORK(1..9) = UROUND, SAFE, THET, FNEWT, QUOT1, QUOT2, HMAX, and the
/// step-ratio bounds (0: defaults 1e-16, 0.9, 0.001, formula, 1, 1.2, XEND-X, 0.2, 8),
/// `LWORK >= N*(LJAC+LMAS+3*LE+12)+20`; `IWORK(LIWORK)`: IWORK(1..10) = Hessenberg
/// form (full Jacobian, M = I, N > 2, M1 = 0), NMAX (100000), NIT
/// (7), STARTN, NIND1..3, step control (1 predictive, 2 classical), M1, M2; on return
/// IWORK(14..20) = NFCN, NJAC, NSTEP, NACCPT, NREJCT, NDEC, NSOL; `LIWORK >= 3*N+20`;
/// `IDID`: 1 success, 2 stopped by SOLOUT, -1 invalid input, -2 more than NMAX steps,
/// -3 step size too small, -4 matrix repeatedly singular.
///
/// Unlike the original, the routine is reentrant: [`contr5_`] finds the step of the
/// SOLOUT call in progress on its thread whose CONT it is given, so integrations may run
/// on several threads or nest inside callbacks.
///
/// # Safety
/// Every pointer argument is used as the Fortran original uses it: scalars must point to
/// valid values (MLJAC, MUJAC, MUMAS, X, H, IDID writable); `Y` must hold N values; `RTOL`
/// and `ATOL` one value (ITOL = 0) or N values, the same array or disjoint ones; `WORK`
/// LWORK and `IWORK` LIWORK values;
/// each routine must be a valid function with the documented Fortran interface that
/// neither unwinds nor writes outside its arguments (SOLOUT must not write CONT); RPAR
/// and IPAR are passed to the routines untouched. No argument may be changed by another
/// thread during the call. Null pointers and inconsistent sizes are reported with
/// IDID = -1 (when IDID itself is valid).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
#[link_section = hot_path!(radau5)]
pub unsafe extern "C" fn radau5_(
    n: *const FInt,
    fcn: Radau5Fcn,
    x: *mut f64,
    y: *mut f64,
    xend: *const f64,
    h: *mut f64,
    rtol: *mut f64,
    atol: *mut f64,
    itol: *const FInt,
    jac: Radau5Jac,
    ijac: *const FInt,
    mljac: *mut FInt,
    mujac: *mut FInt,
    mas: Radau5Mas,
    imas: *const FInt,
    mlmas: *const FInt,
    mumas: *mut FInt,
    solout: Radau5Solout,
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
        message("RADAU5: IDID is a null pointer; nothing done");
        return;
    }
    let args = Args {
        n,
        fcn,
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
    let code = ffi_boundary!("RADAU5", -1, {
        // SAFETY: the caller's contract of radau5_, passed on.
        unsafe { args.call() }.unwrap_or_else(|errors| {
            report("RADAU5", &errors);
            -1
        })
    });
    // SAFETY: `idid` was checked non-null and aligned above; the caller provides a
    // writable INTEGER there.
    unsafe { idid.write(FInt::from(code)) };
}

/// Dense output of RADAU5 (CONTR5): component `I` of the collocation polynomial of the
/// last accepted step at `S`, to be called from inside SOLOUT with the `CONT` and `LRC`
/// that SOLOUT received. Returns NaN (after a message) for a CONT that no SOLOUT call in
/// progress on this thread received (recognised by its address: such an array is not
/// read), an LRC other than 4N, or an `I` outside 1..N.
///
/// # Safety
/// `I`, `S` and `LRC` must point to valid values; a `CONT` that SOLOUT received must be
/// used during that SOLOUT call (the library reads its `LRC` values).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn contr5_(
    i: *const FInt,
    s: *const f64,
    cont: *const f64,
    lrc: *const FInt,
) -> f64 {
    ffi_boundary!("CONTR5", f64::NAN, {
        let lrc_ok = |lrc: FInt| {
            if lrc <= 0 || lrc % 4 != 0 {
                Err(format!("LRC = {lrc} is not the 4*N that SOLOUT received"))
            } else {
                Ok(())
            }
        };
        // SAFETY: the pointers are the caller's, checked for null in `dense_call`.
        let Some((i, s, lrc, active)) =
            (unsafe { dense_call("CONTR5", "RADAU5", i, s, cont, lrc, lrc_ok) })
        else {
            return f64::NAN;
        };
        let Step::Radau5 { xsol, hsol } = active.step else {
            message("CONTR5: CONT was not handed to SOLOUT by RADAU5");
            return f64::NAN;
        };
        if lrc as usize != 4 * active.n {
            message(&format!(
                "CONTR5: LRC = {lrc} is not the 4*N = {} that SOLOUT received",
                4 * active.n
            ));
            return f64::NAN;
        }
        // SAFETY: CONT is the array a SOLOUT call in progress on this thread received, its
        // LRC = 4N coefficients in the caller's WORK (valid while that call runs).
        let Some(coefficients) = (unsafe { slice(cont, lrc as usize) }) else {
            message("CONTR5: CONT is a null pointer");
            return f64::NAN;
        };
        let dense = DenseOutput::new(coefficients, xsol, hsol);
        match component("CONTR5", i, dense.n()) {
            Some(k) => dense.eval(k, s),
            None => f64::NAN,
        }
    })
}
