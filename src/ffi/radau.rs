//! `radau_` and `contra_`: the RADAU entry points with the original argument lists.
//!
//! Validation and layout follow the subroutine RADAU (what it reads, what it writes
//! back: MLJAC/MUJAC for a full Jacobian, X, H, IDID, IWORK(13) the stages of the last
//! step and IWORK(14..20)); the integration runs in the caller's WORK with the
//! original's layout from WORK(21) on. Unlike RADAU5, RADAU leaves RTOL and ATOL alone.

use super::hairer::{
    component, dense_call, exit_code, iwork_options, nonfinite_y, report, with_active,
    ActiveSolout, Step,
};
use super::radau5::{Radau5Fcn, Radau5Jac, Radau5Mas, Radau5Solout};
use super::{
    ffi_boundary, message, required_int, required_real, slice, slice_mut, FInt, Tolerances,
};
use crate::hairer::messages::{insufficient_iwork, insufficient_work, mass_band, Refusals};
use crate::hairer::{refuse, refused, ToleranceRef};
use crate::radau::layout;
use crate::radau::{self, DenseOutput, Finish, Options, Problem, Structure};
use crate::radau5::layout::Layout;

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
        // SAFETY: `fcn` is the caller's FCN; `y` and `f` hold N values as it expects.
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
        // LDFY × N values).
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
        // SAFETY: `am` is FMAS in the caller's WORK (LMAS × NM1 values).
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
        let cont = dense.coefficients();
        let lrc = cont.len() as FInt;
        let (ns, xsol, hsol, c) = dense.step();
        let active = ActiveSolout {
            cont: cont.as_ptr(),
            n: dense.n(),
            step: Step::Radau { ns, xsol, hsol, c },
        };
        // SAFETY: `y` holds N values the routine may change, CONT points to the LRC
        // coefficients in WORK, all valid for the call.
        with_active(active, || unsafe {
            solout(
                &nr,
                &xold,
                &x,
                y.as_mut_ptr(),
                cont.as_ptr(),
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

/// Scalar arguments of `radau_` after the null checks.
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

/// The arguments of `radau_` as passed (IDID apart).
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
    mumas: *const FInt,
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
    /// Reads the scalar arguments (MLMAS and MUMAS only for IMAS ≠ 0); the message of
    /// a refusal when one is a null pointer or an INTEGER does not fit `i32`.
    ///
    /// # Safety
    /// Non-null scalars point to valid values (the contract of [`radau_`]).
    #[link_section = hot_path!(radau)]
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

    /// The whole call: validate, lay out, integrate, write back. Returns IDID, or the
    /// messages of a refusal (IDID = -1).
    ///
    /// # Safety
    /// The contract of [`radau_`].
    #[inline(never)]
    #[link_section = hot_path!(radau)]
    unsafe fn call(&self) -> Result<i32, Refusals> {
        // SAFETY: the caller's contract, passed on.
        let s = unsafe { self.scalars() }.map_err(|why| refused(|| why))?;
        if s.n <= 0 {
            return Err(refused(|| format!("N must be positive, N = {}", s.n)));
        }
        if self.fcn.is_none() {
            return Err(refused(|| "FCN is a null pointer"));
        }
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
            &iwork_options(iwork, 13, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
                .map_err(|why| refused(|| why))?,
        );
        if options.base.quot1 < 0.0 {
            refuse(&mut errors, || {
                format!(
                    "WORK(5) = {:e} is negative (QUOT1: the original then steps past XEND)",
                    options.base.quot1
                )
            });
        }
        // SAFETY: the caller's contract, passed on.
        let lay = unsafe { self.lay_out(&s, &options, &mut errors) };
        let ntol = if s.itol == 0 { 1 } else { nu };
        // SAFETY: Y holds N values, RTOL/ATOL one or N (caller's contract).
        let (y, tols) = unsafe {
            (
                slice_mut(self.y, nu),
                Tolerances::read(self.rtol, self.atol, ntol),
            )
        };
        let (Some(y), Some(mut tols)) = (y, tols) else {
            return Err(refused(|| "Y, RTOL or ATOL is a null pointer"));
        };
        nonfinite_y(y, &mut errors);
        let (rtol, atol) = tols.pair();
        let tol = ToleranceRef::of_itol(s.itol, rtol, atol);
        let structure = Structure {
            n: nu,
            analytic_jacobian: s.ijac != 0,
            jacobian: lay.jacobian,
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
            mas: self.mas,
            solout: if s.iout != 0 { self.solout } else { None },
            rpar: self.rpar,
            ipar: self.ipar,
            irtrn: 1,
        };
        let work = &mut work[crate::radau5::layout::W_ARRAYS..];
        let end = radau::solve_in(
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
        Ok(unsafe { self.write_back(&end, options.base.max_steps, iwork) })
    }

    /// RADAU's storage: the layout, MLJAC = MUJAC = NM1 written back for a full
    /// Jacobian, the original's check of the mass matrix's band against the
    /// Jacobian's, and the LWORK/LIWORK checks.
    ///
    /// # Safety
    /// MLJAC and MUJAC are writable where the original writes them.
    unsafe fn lay_out(&self, s: &Scalars, options: &Options, errors: &mut Refusals) -> Layout {
        let m1 = options.base.m1;
        let mass = (s.imas != 0).then_some((i64::from(s.mlmas), i64::from(s.mumas)));
        let widths = (i64::from(s.mljac), i64::from(s.mujac));
        let n = i64::from(s.n);
        let lay = Layout::legacy(n, m1, widths, mass, errors);
        let nm1 = n - m1;
        // SAFETY: both were read above; where the original writes them, writable is the
        // caller's contract. An unchanged value is not rewritten.
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
        let (mljac, mujac) = match lay.jac_written {
            Some(v) => (i64::from(v), i64::from(v)),
            None => widths,
        };
        if let Some((mlmas, mumas)) = mass {
            if mlmas == nm1 && (mlmas > mljac || mumas > mujac) {
                refuse(errors, || mass_band("SMALLER"));
            }
        }
        let (ldjac, lde1) = if lay.jac_written.is_some() {
            (nm1, nm1)
        } else {
            (mljac + mujac + 1, 2 * mljac + mujac + 1)
        };
        let ldmas = match mass {
            None => 0,
            Some((mlmas, mumas)) if mlmas != nm1 => mlmas + mumas + 1,
            Some(_) => nm1,
        };
        let nsmax = layout::ns_max(options.ns_max) as i64;
        let (min_lwork, min_liwork) = layout::min_lengths(n, nm1, nsmax, ldjac, ldmas, lde1);
        if i64::from(s.lwork) < min_lwork {
            refuse(errors, || insufficient_work(min_lwork));
        }
        if i64::from(s.liwork) < min_liwork {
            refuse(errors, || insufficient_iwork(min_liwork));
        }
        lay
    }

    /// What the original leaves after a run: the message of a failure, IWORK(13) (the
    /// stages of the last step), IWORK(14..20), X and H. Returns IDID.
    ///
    /// # Safety
    /// X and H are writable (the contract of [`radau_`]).
    #[link_section = hot_path!(radau)]
    unsafe fn write_back(&self, end: &Finish, nmax: i64, iwork: &mut [FInt]) -> i32 {
        let (x, h) = (end.x, end.h);
        let code = exit_code("RADAU", end.outcome, x, h, nmax);
        let s = end.stats;
        let out = [s.nfcn, s.njac, s.nstep, s.naccpt, s.nrejct, s.ndec, s.nsol];
        if iwork.len() >= 20 {
            iwork[12] = end.ns as FInt;
            for (slot, v) in iwork[13..20].iter_mut().zip(out) {
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
/// Radau IIA methods of orders 5, 9 and 13 with order selection (Hairer & Wanner's
/// RADAU, same argument list).
///
/// The arguments are those of [`radau5_`](super::radau5::radau5_) except that RTOL and
/// ATOL are left as they are, WORK(4) is not read, and: WORK(10..13) = the order-change
/// thresholds (0: 0.002, 0.8, 1.2, 0.8); IWORK(11..13) = NSMIN, NSMAX and the stages of
/// the first step (0: 3, 7, NSMIN), IWORK(13) on return the stages of the last step;
/// `LWORK >= N*(LJAC+LMAS+NSMAX*LE+3*NSMAX+3)+20`, `LIWORK >= (2+(NSMAX-1)/2)*N+20`.
/// Dense output inside SOLOUT by [`contra_`], reentrant as `contr5_`.
///
/// # Safety
/// As for `radau5_`: every pointer argument is used as the Fortran original uses it
/// (scalars valid, MLJAC, MUJAC, X, H, IDID writable; `Y` N values; `RTOL`/`ATOL` one or
/// N values; `WORK` LWORK and `IWORK` LIWORK values); each routine must be a valid
/// function with the documented Fortran interface that neither unwinds nor writes
/// outside its arguments; no argument may be changed by another thread during the call.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
#[link_section = hot_path!(radau)]
pub unsafe extern "C" fn radau_(
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
    mumas: *const FInt,
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
        message("RADAU: IDID is a null pointer; nothing done");
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
    let code = ffi_boundary!("RADAU", -1, {
        // SAFETY: the caller's contract of radau_, passed on.
        unsafe { args.call() }.unwrap_or_else(|errors| {
            report("RADAU", &errors);
            -1
        })
    });
    // SAFETY: `idid` was checked non-null and aligned above.
    unsafe { idid.write(FInt::from(code)) };
}

/// Dense output of RADAU (CONTRA): component `I` of the collocation polynomial of the
/// last accepted step at `S`, called from inside SOLOUT with the `CONT` and `LRC` that
/// SOLOUT received. Returns NaN (after a message) for a CONT that no SOLOUT call in
/// progress on this thread received, an LRC other than the one SOLOUT received, or an
/// `I` outside 1..N.
///
/// # Safety
/// `I`, `S` and `LRC` must point to valid values; a `CONT` that SOLOUT received must be
/// used during that SOLOUT call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn contra_(
    i: *const FInt,
    s: *const f64,
    cont: *const f64,
    lrc: *const FInt,
) -> f64 {
    ffi_boundary!("CONTRA", f64::NAN, {
        // SAFETY: the pointers are the caller's, checked for null in `dense_call`.
        let Some((i, s, lrc, active)) =
            (unsafe { dense_call("CONTRA", "RADAU", i, s, cont, lrc, |_| Ok(())) })
        else {
            return f64::NAN;
        };
        let Step::Radau { ns, xsol, hsol, c } = active.step else {
            message("CONTRA: CONT was not handed to SOLOUT by RADAU");
            return f64::NAN;
        };
        let len = (ns + 1) * active.n;
        if lrc < 0 || lrc as usize != len {
            message(&format!(
                "CONTRA: LRC = {lrc} is not the {len} that SOLOUT received"
            ));
            return f64::NAN;
        }
        // SAFETY: CONT is the array a SOLOUT call in progress on this thread received,
        // its LRC coefficients in the caller's WORK (valid while that call runs).
        let Some(coefficients) = (unsafe { slice(cont, len) }) else {
            message("CONTRA: CONT is a null pointer");
            return f64::NAN;
        };
        let dense = DenseOutput::new(coefficients, ns, xsol, hsol, c);
        match component("CONTRA", i, dense.n()) {
            Some(k) => dense.eval(k, s),
            None => f64::NAN,
        }
    })
}
