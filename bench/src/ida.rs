//! SUNDIALS IDA (the real library, Debian libsundials-dev 6.4) on the kit's problems in
//! residual form: y' - f (ODE), M y' - f (DAE), the problem's own F (IDE); dense direct
//! linear solver with IDA's difference Jacobian; scalar rtol and the problem's atol
//! vector; a fresh start (IDAReInit) at every segment end.

use crate::problems::{Kind, TestProblem};
use crate::solvers::Outcome;
use std::ffi::c_void;

type NVector = *mut c_void;
type IdaResFn = unsafe extern "C" fn(f64, NVector, NVector, NVector, *mut c_void) -> i32;

#[link(name = "sundials_ida")]
unsafe extern "C" {
    fn SUNContext_Create(comm: *mut c_void, ctx: *mut *mut c_void) -> i32;
    fn SUNContext_Free(ctx: *mut *mut c_void) -> i32;
    fn N_VNew_Serial(n: i64, ctx: *mut c_void) -> NVector;
    fn N_VGetArrayPointer_Serial(v: NVector) -> *mut f64;
    fn N_VDestroy(v: NVector);
    fn SUNDenseMatrix(m: i64, n: i64, ctx: *mut c_void) -> *mut c_void;
    fn SUNMatDestroy(a: *mut c_void);
    fn SUNLinSol_Dense(y: NVector, a: *mut c_void, ctx: *mut c_void) -> *mut c_void;
    fn SUNLinSolFree(s: *mut c_void) -> i32;
    fn IDACreate(ctx: *mut c_void) -> *mut c_void;
    fn IDAInit(mem: *mut c_void, res: IdaResFn, t0: f64, yy: NVector, yp: NVector) -> i32;
    fn IDAReInit(mem: *mut c_void, t0: f64, yy: NVector, yp: NVector) -> i32;
    fn IDASVtolerances(mem: *mut c_void, rtol: f64, atol: NVector) -> i32;
    fn IDASetUserData(mem: *mut c_void, data: *mut c_void) -> i32;
    fn IDASetErrFile(mem: *mut c_void, file: *mut c_void) -> i32;
    fn IDASetMaxNumSteps(mem: *mut c_void, mxsteps: i64) -> i32;
    fn IDASetStopTime(mem: *mut c_void, tstop: f64) -> i32;
    fn IDASetLinearSolver(mem: *mut c_void, ls: *mut c_void, a: *mut c_void) -> i32;
    fn IDASolve(
        mem: *mut c_void,
        tout: f64,
        tret: *mut f64,
        yy: NVector,
        yp: NVector,
        itask: i32,
    ) -> i32;
    fn IDAGetNumSteps(mem: *mut c_void, n: *mut i64) -> i32;
    fn IDAGetNumResEvals(mem: *mut c_void, n: *mut i64) -> i32;
    fn IDAGetNumJacEvals(mem: *mut c_void, n: *mut i64) -> i32;
    fn IDAFree(mem: *mut *mut c_void);
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
    let n = d.p.n;
    let ok = match d.p.kind {
        Kind::Ide => d.p.feval(t, y, ypv, r),
        Kind::Ode => {
            let ok = d.p.feval(t, y, ypv, &mut d.f);
            for ((ri, ypi), fi) in r.iter_mut().zip(ypv).zip(&d.f) {
                *ri = ypi - fi;
            }
            ok
        }
        Kind::Dae => {
            let ok = d.p.feval(t, y, ypv, &mut d.f);
            for (i, (ri, fi)) in r.iter_mut().zip(&d.f).enumerate() {
                *ri = -fi;
                for (j, ypj) in ypv.iter().enumerate() {
                    *ri += d.mass[i + j * n] * ypj;
                }
            }
            ok
        }
    };
    if ok && r.iter().all(|v| v.is_finite()) {
        0
    } else {
        1
    }
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
        SUNContext_Free(&mut ctx);
    }
    out
}
