//! `ddassl_` through the C ABI: the original's results (Robertson, numerical Jacobian,
//! INFO(3) = INFO(4) = 1, tol 1e-7: IWORK(11..15) = 581, 885, 77, 28, 0 with gfortran -O2
//! and netlib ddassl.f revision 000711), RPAR/IPAR pass-through, save/restore
//! continuation, -33 on illegal input without writes outside the arrays (INFO(1) = -1
//! included), eight threads agreeing with a serial run, and a start from inconsistent
//! values whose first step fails until the original's IDID = -6.

// The original's results are quoted with the 17 digits Fortran printed them with.
#![allow(clippy::excessive_precision)]

use std::thread;

use stiffdae as _;

type ResFn = unsafe extern "C" fn(
    *const f64,
    *const f64,
    *const f64,
    *mut f64,
    *mut i32,
    *mut f64,
    *mut i32,
);
type JacFn = unsafe extern "C" fn(
    *const f64,
    *const f64,
    *const f64,
    *mut f64,
    *const f64,
    *mut f64,
    *mut i32,
);

unsafe extern "C" {
    fn ddassl_(
        res: Option<ResFn>,
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
        jac: Option<JacFn>,
    );
}

fn rober(y: &[f64], f: &mut [f64]) {
    f[0] = -(0.04 * y[0]) + 1.0e4 * y[1] * y[2];
    f[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1];
    f[2] = 3.0e7 * y[1] * y[1];
}

/// RES for Robertson; IPAR(1) counts the calls, RPAR(1) must hold 42.
unsafe extern "C" fn rober_res(
    _t: *const f64,
    y: *const f64,
    yp: *const f64,
    delta: *mut f64,
    ires: *mut i32,
    rpar: *mut f64,
    ipar: *mut i32,
) {
    // SAFETY: DDASSL passes 3 values in Y, YPRIME, DELTA and our RPAR/IPAR.
    unsafe {
        let y = std::slice::from_raw_parts(y, 3);
        let yp = std::slice::from_raw_parts(yp, 3);
        let delta = std::slice::from_raw_parts_mut(delta, 3);
        rober(y, delta);
        for (d, p) in delta.iter_mut().zip(yp) {
            *d = p - *d;
        }
        *ipar += 1;
        if *rpar != 42.0 {
            *ires = -2;
        }
    }
}

const NEQ: i32 = 3;
const LRW: i32 = 40 + 9 * 3 + 9;
const LIW: i32 = 20 + 3;
const CANARY: usize = 8;

/// Caller-side state of one integration, arrays with canaries beyond LRW/LIW.
#[derive(Clone)]
struct State {
    t: f64,
    y: Vec<f64>,
    yp: Vec<f64>,
    info: [i32; 15],
    rtol: f64,
    atol: f64,
    idid: i32,
    rwork: Vec<f64>,
    iwork: Vec<i32>,
    rpar: [f64; 1],
    ipar: [i32; 1],
}

impl State {
    fn new() -> Self {
        let y = vec![1.0, 0.0, 0.0];
        let mut yp = vec![0.0; 3];
        rober(&y, &mut yp);
        let mut info = [0; 15];
        info[2] = 1;
        info[3] = 1;
        let mut rwork = vec![-7.0; LRW as usize + CANARY];
        rwork[0] = 1.0e11;
        State {
            t: 0.0,
            y,
            yp,
            info,
            rtol: 1e-7,
            atol: 1e-7,
            idid: 0,
            rwork,
            iwork: vec![-7; LIW as usize + CANARY],
            rpar: [42.0],
            ipar: [0],
        }
    }

    fn call(&mut self, tout: f64, neq: i32, lrw: i32, liw: i32) {
        // SAFETY: all arrays are at least as long as NEQ, LRW, LIW say.
        unsafe {
            ddassl_(
                Some(rober_res),
                &neq,
                &mut self.t,
                self.y.as_mut_ptr(),
                self.yp.as_mut_ptr(),
                &tout,
                self.info.as_mut_ptr(),
                &mut self.rtol,
                &mut self.atol,
                &mut self.idid,
                self.rwork.as_mut_ptr(),
                &lrw,
                self.iwork.as_mut_ptr(),
                &liw,
                self.rpar.as_mut_ptr(),
                self.ipar.as_mut_ptr(),
                None,
            );
        }
    }

    fn step(&mut self) {
        self.call(1.0e11, NEQ, LRW, LIW);
    }

    fn run_to_end(&mut self) {
        loop {
            self.step();
            if self.idid != 1 {
                break;
            }
        }
    }

    fn canaries_intact(&self) -> bool {
        self.rwork[LRW as usize..].iter().all(|&v| v == -7.0)
            && self.iwork[LIW as usize..].iter().all(|&v| v == -7)
    }

    fn bits(&self) -> Vec<u64> {
        let mut b: Vec<u64> = self
            .y
            .iter()
            .chain(&self.yp)
            .chain(&self.rwork)
            .map(|v| v.to_bits())
            .collect();
        b.extend(self.iwork.iter().chain(&self.info).map(|&v| v as u64));
        b.push(self.t.to_bits());
        b.push(self.idid as u64);
        b
    }
}

#[test]
fn matches_the_original_and_passes_rpar_ipar() {
    let mut s = State::new();
    s.run_to_end();
    assert_eq!(s.idid, 3);
    assert_eq!(s.t, 1.0e11);
    assert_eq!(&s.iwork[10..15], &[581, 885, 77, 28, 0]);
    let y_ref: [f64; 3] = [
        2.2616469363394845e-8,
        9.0465879513484756e-14,
        9.9999997738404489e-1,
    ];
    for (a, b) in s.y.iter().zip(&y_ref) {
        assert_eq!(a.to_bits(), b.to_bits());
    }
    // Residual calls: IWORK(12) plus NEQ per difference Jacobian (not counted by DDASSL).
    assert_eq!(s.ipar[0], 885 + 3 * 77);
    assert!(s.canaries_intact());
}

#[test]
fn save_restore_continuation_is_bit_identical() {
    let mut a = State::new();
    for _ in 0..150 {
        a.step();
    }
    let saved = a.clone();
    a.run_to_end();
    // Fresh arrays holding the saved contents.
    let mut b = State::new();
    b.t = saved.t;
    b.y.copy_from_slice(&saved.y);
    b.yp.copy_from_slice(&saved.yp);
    b.info = saved.info;
    b.idid = saved.idid;
    b.rwork.copy_from_slice(&saved.rwork);
    b.iwork.copy_from_slice(&saved.iwork);
    b.ipar = saved.ipar;
    b.run_to_end();
    assert_eq!(a.bits(), b.bits());
    assert_eq!(a.idid, 3);
}

#[test]
fn five_hundred_steps_then_continue() {
    let mut s = State::new();
    s.info[2] = 0;
    s.step();
    assert_eq!(s.idid, -1);
    assert_eq!(s.info[0], -1);
    assert_eq!(s.iwork[10], 500);
    // No action taken: the original stops the program (XERMSG -998, fatal); the library
    // prints the same message and refuses the call with IDID = -33, changing nothing else.
    let mut before = s.clone();
    s.step();
    assert_eq!(s.idid, -33);
    before.idid = -33;
    assert_eq!(s.bits(), before.bits());
    s.info[0] = 1;
    s.step();
    assert_eq!(s.idid, 3);
    assert_eq!(&s.iwork[10..15], &[581, 885, 77, 28, 0]);
}

/// INFO(1) = -1 on a first call (fresh arrays): the original prints XERMSG -998 and
/// stops the program; the library prints it and refuses the call with IDID = -33,
/// writing nothing else.
#[test]
fn info1_minus_one_on_a_first_call_is_refused() {
    let mut s = State::new();
    s.info[0] = -1;
    s.idid = 77;
    let mut before = s.clone();
    s.step();
    assert_eq!(s.idid, -33);
    before.idid = -33;
    assert_eq!(s.bits(), before.bits());
    assert!(s.canaries_intact());
}

fn expect_illegal(mut s: State, tout: f64, neq: i32, lrw: i32, liw: i32) {
    let y_before = s.y.clone();
    s.call(tout, neq, lrw, liw);
    assert_eq!(s.idid, -33);
    assert_eq!(s.info[0], -1);
    assert!(s.canaries_intact());
    assert_eq!(s.y, y_before);
    // Repeating the illegal call stays illegal (the original adds a fatal message).
    s.call(tout, neq, lrw, liw);
    assert_eq!(s.idid, -33);
    assert!(s.canaries_intact());
}

#[test]
fn illegal_input_gives_minus_33() {
    expect_illegal(State::new(), 1.0e11, 0, LRW, LIW);
    expect_illegal(State::new(), 1.0e11, -4, LRW, LIW);
    expect_illegal(State::new(), 1.0e11, NEQ, LRW - 1, LIW);
    expect_illegal(State::new(), 1.0e11, NEQ, LRW, LIW - 1);
    expect_illegal(State::new(), 1.0e11, NEQ, 5, 5);
    expect_illegal(State::new(), 0.0, NEQ, LRW, LIW);
    let mut s = State::new();
    s.info[5] = 2;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.rtol = -1e-6;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.atol = -1e-6;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.rtol = 0.0;
    s.atol = 0.0;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.info[5] = 1;
    s.iwork[0] = -1;
    s.iwork[1] = 1;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.info[5] = 1;
    s.iwork[0] = 1;
    s.iwork[1] = NEQ;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.rwork[0] = 1.0e5;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.info[6] = 1;
    s.rwork[1] = 0.0;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.info[7] = 1;
    s.rwork[2] = 0.0;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    let mut s = State::new();
    s.info[8] = 1;
    s.iwork[2] = 6;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
    // Continuation with TOUT behind T, and with a damaged state in IWORK.
    let mut s = State::new();
    s.step();
    s.step();
    expect_illegal(s.clone(), -1.0, NEQ, LRW, LIW);
    s.iwork[6] = 9;
    expect_illegal(s, 1.0e11, NEQ, LRW, LIW);
}

#[test]
fn eight_threads_agree_with_serial() {
    let mut serial = State::new();
    serial.run_to_end();
    let expected = serial.bits();
    let handles: Vec<_> = (0..8)
        .map(|_| {
            thread::spawn(|| {
                let mut s = State::new();
                s.run_to_end();
                s.bits()
            })
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), expected);
    }
}

/// G1 = y1' + y1 - y2, G2 = y2 - y1/2.
unsafe extern "C" fn inconsistent_res(
    _t: *const f64,
    y: *const f64,
    yp: *const f64,
    delta: *mut f64,
    _ires: *mut i32,
    _rpar: *mut f64,
    _ipar: *mut i32,
) {
    // SAFETY: DDASSL passes 2 values in Y, YPRIME and DELTA.
    unsafe {
        *delta = *yp + *y - *y.add(1);
        *delta.add(1) = *y.add(1) - 0.5 * *y;
    }
}

/// Issue 10's example through `ddassl_`: y = (1, 1), y' = 0 are inconsistent, every
/// attempt of the first step fails the error test, and netlib's DDASTP restarts the
/// history before each retry (label 690). The original (gfortran -O2, netlib ddassl.f,
/// RTOL = ATOL = 1e-6, INFO all 0, TOUT = 1) returns IDID = -6 at T = 0 with
/// IWORK(11..15) = 0, 42, 21, 21, 0, Y unchanged and RWORK(3) = 0.22737367544323206E-15.
#[test]
fn failed_first_steps_end_as_the_original() {
    let (neq, lrw, liw) = (2, 100, 40);
    let (mut t, tout) = (0.0, 1.0);
    let (mut y, mut yp) = ([1.0, 1.0], [0.0, 0.0]);
    let mut info = [0; 15];
    let (mut rtol, mut atol, mut idid) = (1e-6, 1e-6, 0);
    let mut rwork = vec![0.0; lrw as usize];
    let mut iwork = vec![0; liw as usize];
    // SAFETY: every array is as long as NEQ, LRW, LIW say; no JAC (INFO(5) = 0).
    unsafe {
        ddassl_(
            Some(inconsistent_res),
            &neq,
            &mut t,
            y.as_mut_ptr(),
            yp.as_mut_ptr(),
            &tout,
            info.as_mut_ptr(),
            &mut rtol,
            &mut atol,
            &mut idid,
            rwork.as_mut_ptr(),
            &lrw,
            iwork.as_mut_ptr(),
            &liw,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            None,
        );
    }
    assert_eq!((idid, t), (-6, 0.0));
    assert_eq!(&iwork[10..15], &[0, 42, 21, 21, 0]);
    assert_eq!(y, [1.0, 1.0]);
    assert_eq!(rwork[2].to_bits(), 0.22737367544323206e-15_f64.to_bits());
}
