//! A RADAU5, RADAU or RODAS call through the Fortran ABI allocates nothing on the heap
//! (CHANGELOG, docs/architecture.md): E1 and E2 in WORK as in the originals, the pivots
//! on the stack up to N = 32, the tolerances borrowed. Counted by this test binary's
//! global allocator, per thread, around each call: dense and banded Jacobians,
//! analytic and by differences, scalar and vector tolerances. With SOLOUT, a thread's
//! first call allocates the list of SOLOUT calls in progress that the dense-output
//! functions consult, and its later calls nothing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use stiffdae as _;

/// The system allocator, counting the allocations made on each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every method forwards to `System` with the caller's arguments; the counter is a
// const-initialised thread-local without destructor, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `f` makes on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

type Fcn = unsafe extern "C" fn(*const i32, *const f64, *const f64, *mut f64, *mut f64, *mut i32);
type Jac = unsafe extern "C" fn(
    *const i32,
    *const f64,
    *const f64,
    *mut f64,
    *const i32,
    *mut f64,
    *mut i32,
);
type Mas = unsafe extern "C" fn(*const i32, *mut f64, *const i32, *mut f64, *mut i32);
type Solout = unsafe extern "C" fn(
    *const i32,
    *const f64,
    *const f64,
    *const f64,
    *const f64,
    *const i32,
    *const i32,
    *mut f64,
    *mut i32,
    *mut i32,
);

/// The Hairer family's argument list after FCN and before the optional callbacks, as
/// `radau5_` and `radau_` take it.
macro_rules! hairer_entry {
    ($name:ident) => {
        fn $name(
            n: *const i32,
            fcn: Option<Fcn>,
            x: *mut f64,
            y: *mut f64,
            xend: *const f64,
            h: *mut f64,
            rtol: *mut f64,
            atol: *mut f64,
            itol: *const i32,
            jac: Option<Jac>,
            ijac: *const i32,
            mljac: *mut i32,
            mujac: *mut i32,
            mas: Option<Mas>,
            imas: *const i32,
            mlmas: *const i32,
            mumas: *mut i32,
            solout: Option<Solout>,
            iout: *const i32,
            work: *mut f64,
            lwork: *const i32,
            iwork: *mut i32,
            liwork: *const i32,
            rpar: *mut f64,
            ipar: *mut i32,
            idid: *mut i32,
        );
    };
}

unsafe extern "C" {
    hairer_entry!(radau5_);
    hairer_entry!(radau_);
    fn contr5_(i: *const i32, s: *const f64, cont: *const f64, lrc: *const i32) -> f64;
    fn contra_(i: *const i32, s: *const f64, cont: *const f64, lrc: *const i32) -> f64;
    fn contro_(i: *const i32, s: *const f64, cont: *const f64, lrc: *const i32) -> f64;
    fn rodas_(
        n: *const i32,
        fcn: Option<Fcn>,
        ifcn: *const i32,
        x: *mut f64,
        y: *mut f64,
        xend: *const f64,
        h: *mut f64,
        rtol: *const f64,
        atol: *const f64,
        itol: *const i32,
        jac: Option<Jac>,
        ijac: *const i32,
        mljac: *mut i32,
        mujac: *mut i32,
        dfx: Option<Fcn>,
        idfx: *const i32,
        mas: Option<Mas>,
        imas: *const i32,
        mlmas: *const i32,
        mumas: *const i32,
        solout: Option<Solout>,
        iout: *const i32,
        work: *mut f64,
        lwork: *const i32,
        iwork: *mut i32,
        liwork: *const i32,
        rpar: *mut f64,
        ipar: *mut i32,
        idid: *mut i32,
    );
}

/// Robertson's kinetics.
unsafe extern "C" fn rober(
    _n: *const i32,
    _x: *const f64,
    y: *const f64,
    f: *mut f64,
    _rpar: *mut f64,
    _ipar: *mut i32,
) {
    // SAFETY: the solver passes N = 3 values of Y and F.
    let (y, f) = unsafe {
        (
            std::slice::from_raw_parts(y, 3),
            std::slice::from_raw_parts_mut(f, 3),
        )
    };
    f[0] = -(0.04 * y[0]) + 1.0e4 * y[1] * y[2];
    f[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1];
    f[2] = 3.0e7 * y[1] * y[1];
}

/// Robertson's Jacobian, full (LDFY = 3) or in band storage with ML = MU = 1 (LDFY = 3).
unsafe extern "C" fn rober_jac(
    _n: *const i32,
    _x: *const f64,
    y: *const f64,
    dfy: *mut f64,
    ldfy: *const i32,
    _rpar: *mut f64,
    ipar: *mut i32,
) {
    // SAFETY: N = 3 values of Y, LDFY·3 of DFY; IPAR(1) says which storage (set below).
    let (y, ld, banded) = unsafe { (std::slice::from_raw_parts(y, 3), *ldfy as usize, *ipar == 1) };
    // SAFETY: as above.
    let dfy = unsafe { std::slice::from_raw_parts_mut(dfy, ld * 3) };
    let full = [
        [-0.04, 1.0e4 * y[2], 1.0e4 * y[1]],
        [0.04, -1.0e4 * y[2] - 6.0e7 * y[1], -1.0e4 * y[1]],
        [0.0, 6.0e7 * y[1], 0.0],
    ];
    for j in 0..3 {
        for i in 0..3 {
            if banded {
                // Row i of column j at i - j + MU (MU = 1) when inside the band.
                if i + 1 >= j && i <= j + 1 {
                    dfy[i + 1 - j + j * ld] = full[i][j];
                }
            } else {
                dfy[i + j * ld] = full[i][j];
            }
        }
    }
}

/// A SOLOUT that adds Y(1) at the step's midpoint, from the dense output `contr`, to
/// RPAR(1).
macro_rules! midpoint_solout {
    ($name:ident, $contr:ident) => {
        unsafe extern "C" fn $name(
            nr: *const i32,
            xold: *const f64,
            x: *const f64,
            _y: *const f64,
            cont: *const f64,
            lrc: *const i32,
            _n: *const i32,
            rpar: *mut f64,
            _ipar: *mut i32,
            _irtrn: *mut i32,
        ) {
            // SAFETY: the solver passes valid NR, XOLD, X, and CONT with its LRC, to be
            // read during this call; RPAR is the caller's one value.
            unsafe {
                if *nr > 1 {
                    let s = 0.5 * (*xold + *x);
                    *rpar += $contr(&1, &s, cont, lrc);
                }
            }
        }
    };
}

midpoint_solout!(radau5_midpoint, contr5_);
midpoint_solout!(radau_midpoint, contra_);
midpoint_solout!(rodas_midpoint, contro_);

/// One call's settings.
#[derive(Clone, Copy, Debug)]
struct Case {
    analytic: bool,
    banded: bool,
    vector_tolerances: bool,
}

const CASES: [Case; 6] = [
    Case {
        analytic: true,
        banded: false,
        vector_tolerances: false,
    },
    Case {
        analytic: false,
        banded: false,
        vector_tolerances: false,
    },
    Case {
        analytic: true,
        banded: true,
        vector_tolerances: false,
    },
    Case {
        analytic: false,
        banded: true,
        vector_tolerances: false,
    },
    Case {
        analytic: true,
        banded: false,
        vector_tolerances: true,
    },
    Case {
        analytic: true,
        banded: true,
        vector_tolerances: true,
    },
];

/// Solves Robertson's problem to X = 40 with `solver`, with dense output at every step's
/// midpoint when `dense`; returns IDID and the allocations.
fn solve(solver: &str, case: Case, dense: bool) -> (i32, usize) {
    let n = 3;
    let (mut x, xend, mut h) = (0.0, 40.0, 1e-6);
    let mut y = [1.0, 0.0, 0.0];
    let (mut rtol, mut atol) = ([1e-6; 3], [1e-10; 3]);
    let itol = i32::from(case.vector_tolerances);
    let ijac = i32::from(case.analytic);
    let (mut mljac, mut mujac) = if case.banded { (1, 1) } else { (n, n) };
    let (imas, mlmas, mut mumas, ifcn, idfx) = (0, n, n, 0, 0);
    let iout = i32::from(dense);
    let solout = match solver {
        "RADAU5" => radau5_midpoint as Solout,
        "RADAU" => radau_midpoint,
        _ => rodas_midpoint,
    };
    let solout = dense.then_some(solout);
    let (lwork, liwork) = (2000, 200);
    let mut work = vec![0.0; lwork as usize];
    let mut iwork = vec![0; liwork as usize];
    let mut rpar = [0.0];
    let mut ipar = [i32::from(case.banded)];
    let mut idid = 0;
    let jac = Some(rober_jac as Jac);
    let count = allocations(|| {
        // SAFETY: every pointer is valid for what the originals' documentation asks of
        // it (N = 3, LWORK and LIWORK above the originals' bounds), the callbacks follow
        // the interface, MAS is not called (IMAS = 0), SOLOUT only with IOUT = 1.
        unsafe {
            match solver {
                "RADAU5" | "RADAU" => {
                    let entry = if solver == "RADAU5" { radau5_ } else { radau_ };
                    entry(
                        &n,
                        Some(rober),
                        &mut x,
                        y.as_mut_ptr(),
                        &xend,
                        &mut h,
                        rtol.as_mut_ptr(),
                        atol.as_mut_ptr(),
                        &itol,
                        jac,
                        &ijac,
                        &mut mljac,
                        &mut mujac,
                        None,
                        &imas,
                        &mlmas,
                        &mut mumas,
                        solout,
                        &iout,
                        work.as_mut_ptr(),
                        &lwork,
                        iwork.as_mut_ptr(),
                        &liwork,
                        rpar.as_mut_ptr(),
                        ipar.as_mut_ptr(),
                        &mut idid,
                    )
                }
                _ => rodas_(
                    &n,
                    Some(rober),
                    &ifcn,
                    &mut x,
                    y.as_mut_ptr(),
                    &xend,
                    &mut h,
                    rtol.as_ptr(),
                    atol.as_ptr(),
                    &itol,
                    jac,
                    &ijac,
                    &mut mljac,
                    &mut mujac,
                    None,
                    &idfx,
                    None,
                    &imas,
                    &mlmas,
                    &mumas,
                    solout,
                    &iout,
                    work.as_mut_ptr(),
                    &lwork,
                    iwork.as_mut_ptr(),
                    &liwork,
                    rpar.as_mut_ptr(),
                    ipar.as_mut_ptr(),
                    &mut idid,
                ),
            }
        }
    });
    (idid, count)
}

#[test]
fn hairer_family_calls_allocate_nothing() {
    // The counter counts.
    assert_eq!(allocations(|| drop(std::hint::black_box(vec![1u8; 10]))), 1);
    for solver in ["RADAU5", "RADAU", "RODAS"] {
        for case in CASES {
            let (idid, count) = solve(solver, case, false);
            assert_eq!(idid, 1, "{solver} {case:?}");
            assert_eq!(count, 0, "{solver} {case:?}: {count} allocations");
        }
    }
}

#[test]
fn with_solout_only_a_threads_first_call_allocates() {
    for solver in ["RADAU5", "RADAU", "RODAS"] {
        let counts = std::thread::spawn(move || {
            (0..3)
                .map(|_| {
                    let (idid, count) = solve(solver, CASES[0], true);
                    assert_eq!(idid, 1, "{solver}");
                    count
                })
                .collect::<Vec<_>>()
        })
        .join()
        .expect("the solving thread");
        assert_eq!(counts, [1, 0, 0], "{solver}: allocations of three calls");
    }
}
