//! SUNDIALS IDA (the real library, Debian libsundials-dev 6.4) on the kit's problems in
//! residual form: y' - f (ODE), M y' - f (DAE), the problem's own F (IDE); dense direct
//! linear solver, given `cj M - df/dy` where the problem has an analytic Jacobian (as
//! stiffdae gets it) and IDA's difference quotients otherwise; scalar rtol and the
//! problem's atol vector; a fresh start (IDAReInit) at every segment end. Index-2
//! variables are left out of the error test (IDASetId + IDASetSuppressAlg), IDA's own
//! recipe for Hessenberg index-2 systems, which the kit's DASSL driver gets from its
//! tolerances instead.

use crate::problems::{Kind, TestProblem};
use crate::solvers::Outcome;
use std::ffi::c_void;

pub(crate) type NVector = *mut c_void;
pub(crate) type IdaResFn = unsafe extern "C" fn(f64, NVector, NVector, NVector, *mut c_void) -> i32;
type IdaJacFn = unsafe extern "C" fn(
    f64,
    f64,
    NVector,
    NVector,
    NVector,
    *mut c_void,
    *mut c_void,
    NVector,
    NVector,
    NVector,
) -> i32;

#[link(name = "sundials_ida")]
unsafe extern "C" {
    pub(crate) fn SUNContext_Create(comm: *mut c_void, ctx: *mut *mut c_void) -> i32;
    pub(crate) fn SUNContext_Free(ctx: *mut *mut c_void) -> i32;
    pub(crate) fn N_VNew_Serial(n: i64, ctx: *mut c_void) -> NVector;
    pub(crate) fn N_VGetArrayPointer_Serial(v: NVector) -> *mut f64;
    pub(crate) fn N_VDestroy(v: NVector);
    fn SUNDenseMatrix(m: i64, n: i64, ctx: *mut c_void) -> *mut c_void;
    fn SUNDenseMatrix_Data(a: *mut c_void) -> *mut f64;
    fn SUNMatDestroy(a: *mut c_void);
    fn SUNLinSol_Dense(y: NVector, a: *mut c_void, ctx: *mut c_void) -> *mut c_void;
    pub(crate) fn SUNLinSolFree(s: *mut c_void) -> i32;
    pub(crate) fn IDACreate(ctx: *mut c_void) -> *mut c_void;
    pub(crate) fn IDAInit(
        mem: *mut c_void,
        res: IdaResFn,
        t0: f64,
        yy: NVector,
        yp: NVector,
    ) -> i32;
    fn IDAReInit(mem: *mut c_void, t0: f64, yy: NVector, yp: NVector) -> i32;
    fn IDASVtolerances(mem: *mut c_void, rtol: f64, atol: NVector) -> i32;
    pub(crate) fn IDASetUserData(mem: *mut c_void, data: *mut c_void) -> i32;
    pub(crate) fn IDASetErrFile(mem: *mut c_void, file: *mut c_void) -> i32;
    pub(crate) fn IDASetMaxNumSteps(mem: *mut c_void, mxsteps: i64) -> i32;
    fn IDASetStopTime(mem: *mut c_void, tstop: f64) -> i32;
    pub(crate) fn IDASetLinearSolver(mem: *mut c_void, ls: *mut c_void, a: *mut c_void) -> i32;
    fn IDASetJacFn(mem: *mut c_void, jac: IdaJacFn) -> i32;
    fn IDASetId(mem: *mut c_void, id: NVector) -> i32;
    fn IDASetSuppressAlg(mem: *mut c_void, suppress: i32) -> i32;
    pub(crate) fn IDASolve(
        mem: *mut c_void,
        tout: f64,
        tret: *mut f64,
        yy: NVector,
        yp: NVector,
        itask: i32,
    ) -> i32;
    pub(crate) fn IDAGetNumSteps(mem: *mut c_void, n: *mut i64) -> i32;
    pub(crate) fn IDAGetNumResEvals(mem: *mut c_void, n: *mut i64) -> i32;
    fn IDAGetNumJacEvals(mem: *mut c_void, n: *mut i64) -> i32;
    pub(crate) fn IDAFree(mem: *mut *mut c_void);
}

const IDA_NORMAL: i32 = 1;

/// What the residual callback needs.
struct Data<'a> {
    p: &'a TestProblem,
    mass: Vec<f64>,
    f: Vec<f64>,
}

unsafe extern "C" fn residual(
    t: f64,
    yy: NVector,
    yp: NVector,
    rr: NVector,
    user: *mut c_void,
) -> i32 {
    // SAFETY: IDA passes back the user data set by `run` (a live `Data`) and serial
    // vectors of length n.
    let (d, y, ypv, r) = unsafe {
        let d = &mut *(user as *mut Data);
        let n = d.p.n;
        (
            d,
            std::slice::from_raw_parts(N_VGetArrayPointer_Serial(yy), n),
            std::slice::from_raw_parts(N_VGetArrayPointer_Serial(yp), n),
            std::slice::from_raw_parts_mut(N_VGetArrayPointer_Serial(rr), n),
        )
    };
    let ok = d.p.residual(t, y, ypv, &d.mass, &mut d.f, r);
    if ok && r.iter().all(|v| v.is_finite()) {
        0
    } else {
        1
    }
}

/// `dF/dy + cj dF/dy' = cj M - df/dy` into IDA's dense matrix (ODE and DAE problems
/// with an analytic Jacobian).
#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn jacobian(
    t: f64,
    cj: f64,
    yy: NVector,
    yp: NVector,
    _rr: NVector,
    jac: *mut c_void,
    user: *mut c_void,
    _: NVector,
    _: NVector,
    _: NVector,
) -> i32 {
    // SAFETY: as in `residual`; the dense matrix holds n x n values, column-major.
    let (d, y, ypv, m) = unsafe {
        let d = &mut *(user as *mut Data);
        let n = d.p.n;
        (
            d,
            std::slice::from_raw_parts(N_VGetArrayPointer_Serial(yy), n),
            std::slice::from_raw_parts(N_VGetArrayPointer_Serial(yp), n),
            std::slice::from_raw_parts_mut(SUNDenseMatrix_Data(jac), n * n),
        )
    };
    if !d.p.jacobian_full(t, y, ypv, m) {
        return 1;
    }
    let n = d.p.n;
    for (k, v) in m.iter_mut().enumerate() {
        let mass = match d.p.kind {
            Kind::Dae => d.mass[k],
            _ => f64::from(u8::from(k % n == k / n)),
        };
        *v = cj * mass - *v;
    }
    0
}

pub fn run(p: &TestProblem, tol: f64) -> Outcome {
    let n = p.n;
    let (_, atol, _) = p.tolerances(tol);
    let mut data = Data {
        p,
        mass: if p.kind == Kind::Dae {
            p.mass_full()
        } else {
            Vec::new()
        },
        f: vec![0.0; n],
    };
    let mut out = Outcome::default();
    // SAFETY: the SUNDIALS objects are created, used and destroyed in this block, in the
    // order the library documents; vectors have length n.
    unsafe {
        let mut ctx = std::ptr::null_mut();
        SUNContext_Create(std::ptr::null_mut(), &mut ctx);
        let (yy, yp, av) = (
            N_VNew_Serial(n as i64, ctx),
            N_VNew_Serial(n as i64, ctx),
            N_VNew_Serial(n as i64, ctx),
        );
        let set = |v: NVector, x: &[f64]| {
            std::slice::from_raw_parts_mut(N_VGetArrayPointer_Serial(v), n).copy_from_slice(x)
        };
        set(yy, &p.y0);
        set(yp, &p.yp0);
        set(av, &atol);
        let mem = IDACreate(ctx);
        IDAInit(mem, residual, p.t[0], yy, yp);
        IDASVtolerances(mem, tol, av);
        IDASetUserData(mem, &mut data as *mut Data as *mut c_void);
        // Failures are reported in the diagrams, not on stderr.
        IDASetErrFile(mem, std::ptr::null_mut());
        IDASetMaxNumSteps(mem, 10_000_000);
        let a = SUNDenseMatrix(n as i64, n as i64, ctx);
        let ls = SUNLinSol_Dense(yy, a, ctx);
        IDASetLinearSolver(mem, ls, a);
        if !p.numjac && p.kind != Kind::Ide {
            IDASetJacFn(mem, jacobian);
        }
        let id = N_VNew_Serial(n as i64, ctx);
        if p.ind.iter().any(|&i| i >= 2) {
            let flags: Vec<f64> = p.ind.iter().map(|&i| f64::from(u8::from(i < 2))).collect();
            set(id, &flags);
            IDASetId(mem, id);
            IDASetSuppressAlg(mem, 1);
        }
        let mut t = p.t[0];
        for (k, seg) in p.t.windows(2).enumerate() {
            if k > 0 {
                IDAReInit(mem, t, yy, yp);
            }
            let add = |out: &mut Outcome| {
                let (mut s, mut f, mut j) = (0, 0, 0);
                IDAGetNumSteps(mem, &mut s);
                IDAGetNumResEvals(mem, &mut f);
                IDAGetNumJacEvals(mem, &mut j);
                out.steps += s as u64;
                out.nf += f as u64;
                out.njac += j as u64;
            };
            IDASetStopTime(mem, seg[1]);
            let flag = IDASolve(mem, seg[1], &mut t, yy, yp, IDA_NORMAL);
            add(&mut out);
            if flag < 0 {
                out.failure = Some(format!("IDASolve flag {flag} at t = {t:e}"));
                break;
            }
        }
        if out.failure.is_none() {
            out.y = Some(std::slice::from_raw_parts(N_VGetArrayPointer_Serial(yy), n).to_vec());
        }
        let mut mem = mem;
        IDAFree(&mut mem);
        SUNLinSolFree(ls);
        SUNMatDestroy(a);
        N_VDestroy(yy);
        N_VDestroy(yp);
        N_VDestroy(av);
        N_VDestroy(id);
        SUNContext_Free(&mut ctx);
    }
    out
}
