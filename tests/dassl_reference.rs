//! DDASSL step sequences against the original Fortran: netlib ddassl.f revision 000711
//! (the SLATEC revision 910624 with the later netlib changes: the retry of a failed
//! first step restarting the history at label 690 (951030), the TOUT tests at labels
//! 420/440 with .GE. and the corrector's roundoff-level convergence test on the first
//! correction only (000711)), with LINPACK DGEFA/DGESL/DGBFA/DGBSL and reference BLAS, gfortran
//! 12.2 -O2 on x86-64 — the revision fortran-baseline.md was measured with (all its
//! DDASSL rows are reproduced). Each problem is written in residual form `G = y' - f(y)`
//! with the same floating-point operations as the Fortran problem routines used for the
//! reference runs, so the counters and the final values must agree exactly.
//!
//! Driver as in the Fortran reference program: INFO(3) = 1 and INFO(4) = 1 with
//! TSTOP = TOUT = tend (mode `EveryStep`), or INFO(3) = 0 (mode `ToTout`, continuing after
//! the 500-step returns), `y'(0) = f(y(0))` unless INFO(11) = 1.
//!
//! `hires_analytic` is also the fortran-baseline.md row "DDASSL hires 1e-4": 99 accepted
//! steps + 9 error-test failures = 108, 173 residuals, 31 Jacobians.

// The original's results are quoted with the 17 digits Fortran printed them with.
#![allow(clippy::excessive_precision)]

use stiffdae::dassl::{ddassl, Call, ResFlag, Residual};

#[derive(Clone, Copy, PartialEq)]
enum Problem {
    Rober,
    Vdpol,
    Hires,
}

/// A problem with the storage its analytic iteration matrix is written in.
struct Dae {
    problem: Problem,
    /// Band storage with ML = MU = NEQ-1 instead of dense.
    band: bool,
}

impl Problem {
    fn neq(self) -> usize {
        match self {
            Problem::Rober => 3,
            Problem::Vdpol => 2,
            Problem::Hires => 8,
        }
    }

    fn tend(self) -> f64 {
        match self {
            Problem::Rober => 1.0e11,
            Problem::Vdpol => 2.0,
            Problem::Hires => 321.8122,
        }
    }

    fn y0(self) -> Vec<f64> {
        let mut y = vec![0.0; self.neq()];
        y[0] = match self {
            Problem::Vdpol => 2.0,
            _ => 1.0,
        };
        if self == Problem::Hires {
            y[7] = 0.0057;
        }
        y
    }

    fn f(self, y: &[f64], f: &mut [f64]) {
        match self {
            Problem::Rober => {
                f[0] = -(0.04 * y[0]) + 1.0e4 * y[1] * y[2];
                f[1] = 0.04 * y[0] - 1.0e4 * y[1] * y[2] - 3.0e7 * y[1] * y[1];
                f[2] = 3.0e7 * y[1] * y[1];
            }
            Problem::Vdpol => {
                f[0] = y[1];
                f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1.0e-6;
            }
            Problem::Hires => {
                f[0] = -(1.71 * y[0]) + 0.43 * y[1] + 8.32 * y[2] + 0.0007;
                f[1] = 1.71 * y[0] - 8.75 * y[1];
                f[2] = -(10.03 * y[2]) + 0.43 * y[3] + 0.035 * y[4];
                f[3] = 8.32 * y[1] + 1.71 * y[2] - 1.12 * y[3];
                f[4] = -(1.745 * y[4]) + 0.43 * y[5] + 0.43 * y[6];
                f[5] =
                    -(280.0 * y[5] * y[7]) + 0.69 * y[3] + 1.71 * y[4] - 0.43 * y[5] + 0.69 * y[6];
                f[6] = 280.0 * y[5] * y[7] - 1.81 * y[6];
                f[7] = -f[6];
            }
        }
    }

    /// df/dy, row-major `df[i][j]`.
    fn df(self, y: &[f64]) -> Vec<Vec<f64>> {
        let n = self.neq();
        let mut d = vec![vec![0.0; n]; n];
        match self {
            Problem::Rober => {
                d[0][0] = -0.04;
                d[0][1] = 1.0e4 * y[2];
                d[0][2] = 1.0e4 * y[1];
                d[1][0] = 0.04;
                d[1][1] = -(1.0e4 * y[2]) - 6.0e7 * y[1];
                d[1][2] = -(1.0e4 * y[1]);
                d[2][1] = 6.0e7 * y[1];
            }
            Problem::Vdpol => {
                d[0][1] = 1.0;
                d[1][0] = (-(2.0 * y[0] * y[1]) - 1.0) / 1.0e-6;
                d[1][1] = (1.0 - y[0] * y[0]) / 1.0e-6;
            }
            Problem::Hires => {
                d[0][0] = -1.71;
                d[0][1] = 0.43;
                d[0][2] = 8.32;
                d[1][0] = 1.71;
                d[1][1] = -8.75;
                d[2][2] = -10.03;
                d[2][3] = 0.43;
                d[2][4] = 0.035;
                d[3][1] = 8.32;
                d[3][2] = 1.71;
                d[3][3] = -1.12;
                d[4][4] = -1.745;
                d[4][5] = 0.43;
                d[4][6] = 0.43;
                d[5][3] = 0.69;
                d[5][4] = 1.71;
                d[5][5] = -0.43 - 280.0 * y[7];
                d[5][6] = 0.69;
                d[5][7] = -(280.0 * y[5]);
                d[6][5] = 280.0 * y[7];
                d[6][6] = -1.81;
                d[6][7] = 280.0 * y[5];
                d[7][5] = -(280.0 * y[7]);
                d[7][6] = 1.81;
                d[7][7] = -(280.0 * y[5]);
            }
        }
        d
    }
}

impl Residual for Dae {
    fn residual(&mut self, _t: f64, y: &[f64], yprime: &[f64], delta: &mut [f64]) -> ResFlag {
        self.problem.f(y, delta);
        for (d, yp) in delta.iter_mut().zip(yprime) {
            *d = yp - *d;
        }
        ResFlag::Ok
    }

    fn jacobian(&mut self, _t: f64, y: &[f64], _yprime: &[f64], cj: f64, pd: &mut [f64]) {
        let n = self.problem.neq();
        let d = self.problem.df(y);
        // Dense: row i of column j at i + j·n; band (ML = MU = n-1): at (i - j + 2n-2) + j·(3n-2).
        let at = |i: usize, j: usize| {
            if self.band {
                i + 2 * n - 2 - j + j * (3 * n - 2)
            } else {
                i + j * n
            }
        };
        for j in 0..n {
            for i in 0..n {
                pd[at(i, j)] = -d[i][j];
            }
        }
        for i in 0..n {
            pd[at(i, i)] += cj;
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    EveryStep,
    ToTout,
    InitialYprime,
    /// Like `EveryStep`, band storage with ML = MU = NEQ-1 (INFO(6) = 1).
    Band,
    /// Like `EveryStep`, INFO(10) = 1.
    Nonnegative,
    /// Like `EveryStep`, HMAX = tend/50, H0 = tol/1000, MAXORD = 3 (INFO(7..9) = 1).
    Limits,
}

struct Run {
    tend: f64,
    /// IWORK(11..15).
    stats: [i32; 5],
    idid: i32,
    t: f64,
    y: Vec<f64>,
    /// Returns with IDID = 1 (one per step with INFO(3) = 1).
    step_returns: i32,
    every_step: bool,
}

fn solve(problem: Problem, tol: f64, analytic: bool, mode: Mode) -> Run {
    let n = problem.neq();
    let mut res = Dae {
        problem,
        band: mode == Mode::Band,
    };
    let mut y = problem.y0();
    let mut yp = vec![0.0; n];
    if mode != Mode::InitialYprime {
        problem.f(&y, &mut yp);
    }
    let mut info = [0; 15];
    info[4] = i32::from(analytic);
    let tend = problem.tend();
    let mut rwork = vec![0.0; 2000];
    let mut iwork = vec![0; 100];
    if mode != Mode::ToTout {
        info[2] = 1;
        info[3] = 1;
        rwork[0] = tend;
    }
    match mode {
        Mode::InitialYprime => info[10] = 1,
        Mode::Band => {
            info[5] = 1;
            iwork[0] = n as i32 - 1;
            iwork[1] = n as i32 - 1;
        }
        Mode::Nonnegative => info[9] = 1,
        Mode::Limits => {
            info[6] = 1;
            rwork[1] = tend / 50.0;
            info[7] = 1;
            rwork[2] = 1.0e-3 * tol;
            info[8] = 1;
            iwork[2] = 3;
        }
        Mode::EveryStep | Mode::ToTout => {}
    }
    let (mut rtol, mut atol) = ([tol], [tol]);
    let (mut t, mut idid) = (0.0, 0);
    let mut step_returns = 0;
    loop {
        ddassl(
            &mut res,
            Call {
                neq: n as i32,
                t: &mut t,
                y: &mut y,
                yprime: &mut yp,
                tout: tend,
                info: &mut info,
                rtol: &mut rtol,
                atol: &mut atol,
                idid: &mut idid,
                rwork: &mut rwork,
                iwork: &mut iwork,
            },
        );
        match idid {
            1 => step_returns += 1,
            -1 => info[0] = 1,
            _ => break,
        }
    }
    Run {
        tend,
        stats: iwork[10..15].try_into().unwrap(),
        idid,
        t,
        y,
        step_returns,
        every_step: mode != Mode::ToTout,
    }
}

/// Asserts IDID, IWORK(11..15) and the final Y against the original's (printed with 17
/// significant digits, so the literals are the original's doubles exactly).
fn check(run: &Run, idid: i32, stats: [i32; 5], y_ref: &[f64]) {
    assert_eq!(run.idid, idid);
    if idid > 0 {
        assert_eq!(run.t, run.tend);
    }
    if run.every_step {
        // The last step ends with IDID = 3 (or a failure), the others with IDID = 1.
        assert_eq!(run.step_returns + i32::from(idid == 3), run.stats[0]);
    }
    assert_eq!(run.stats, stats, "IWORK(11..15) differ from the original's");
    for (i, (a, b)) in run.y.iter().zip(y_ref).enumerate() {
        assert_eq!(
            a.to_bits(),
            b.to_bits(),
            "y{} = {a:e}, original {b:e}",
            i + 1
        );
    }
}

#[test]
fn rober_numerical() {
    let run = solve(Problem::Rober, 1.000000e-07, false, Mode::EveryStep);
    check(
        &run,
        3,
        [581, 885, 77, 28, 0],
        &[
            2.2616469363394845e-8,
            9.0465879513484756e-14,
            9.9999997738404489e-1,
        ],
    );
}

#[test]
fn rober_to_tout() {
    let run = solve(Problem::Rober, 1.000000e-07, true, Mode::ToTout);
    check(
        &run,
        3,
        [567, 857, 80, 26, 1],
        &[
            2.3278609454650874e-8,
            9.3114440015648895e-14,
            9.9999997672129681e-1,
        ],
    );
}

#[test]
fn vdpol_analytic() {
    let run = solve(Problem::Vdpol, 1.000000e-07, true, Mode::EveryStep);
    check(
        &run,
        3,
        [1912, 2796, 149, 31, 0],
        &[1.7061655215280989e0, -8.9281213041365670e-1],
    );
}

#[test]
fn vdpol_numerical() {
    let run = solve(Problem::Vdpol, 1.000000e-04, false, Mode::EveryStep);
    check(
        &run,
        3,
        [776, 1260, 127, 20, 0],
        &[1.7038812063971214e0, -8.9526599558959197e-1],
    );
}

#[test]
fn hires_analytic() {
    let run = solve(Problem::Hires, 1.000000e-04, true, Mode::EveryStep);
    check(
        &run,
        3,
        [99, 173, 31, 9, 0],
        &[
            7.4372597356713727e-4,
            1.4555144261181184e-4,
            6.0099849160410718e-5,
            1.1881347061733084e-3,
            2.5770466000864770e-3,
            6.8249475755111895e-3,
            2.9893859215556285e-3,
            2.7106140784443843e-3,
        ],
    );
}

#[test]
fn hires_initial_yprime() {
    let run = solve(Problem::Hires, 1.000000e-07, false, Mode::InitialYprime);
    check(
        &run,
        3,
        [310, 566, 48, 7, 0],
        &[
            7.3714009807709913e-4,
            1.4425031924833145e-4,
            5.8888924461639072e-5,
            1.1756682301078761e-3,
            2.3866108744606766e-3,
            6.2398004495864759e-3,
            2.8501508487487554e-3,
            2.8498491512517492e-3,
        ],
    );
}

#[test]
fn hires_band_numerical() {
    let run = solve(Problem::Hires, 1.000000e-07, false, Mode::Band);
    check(
        &run,
        3,
        [369, 591, 32, 11, 0],
        &[
            7.3714164186740587e-4,
            1.4425062713025426e-4,
            5.8889193148228163e-5,
            1.1756714420505948e-3,
            2.3866470542029034e-3,
            6.2399240450889308e-3,
            2.8501610000727174e-3,
            2.8498389999274455e-3,
        ],
    );
}

#[test]
fn vdpol_band_analytic() {
    let run = solve(Problem::Vdpol, 1.000000e-07, true, Mode::Band);
    check(
        &run,
        3,
        [1912, 2796, 149, 31, 0],
        &[1.7061655215280989e0, -8.9281213041365670e-1],
    );
}

#[test]
fn rober_nonnegative() {
    let run = solve(Problem::Rober, 1.000000e-04, true, Mode::Nonnegative);
    check(
        &run,
        3,
        [187, 292, 66, 5, 6],
        &[
            9.9707670466010134e-8,
            3.9883068314455422e-13,
            9.9999990029190466e-1,
        ],
    );
}

#[test]
fn vdpol_limits() {
    let run = solve(Problem::Vdpol, 1.000000e-07, false, Mode::Limits);
    check(
        &run,
        3,
        [4992, 6253, 128, 11, 0],
        &[1.7061626932702061e0, -8.9281509732292574e-1],
    );
}

#[test]
fn rober_error_test_failure() {
    let run = solve(Problem::Rober, 1.000000e-10, true, Mode::Nonnegative);
    check(
        &run,
        -6,
        [26, 34, 13, 1, 0],
        &[
            9.9998838788988953e-1,
            1.1236012208679372e-5,
            3.7609790170741936e-7,
        ],
    );
}

/// Robertson driven one DDASSL call at a time (numerical Jacobian, RTOL = ATOL = 1e-6,
/// `y'(0) = f(y(0))`), for the single-return tests below; the original's returns were
/// printed from the same calls.
struct Calls<R> {
    res: R,
    t: f64,
    y: Vec<f64>,
    yp: Vec<f64>,
    info: [i32; 15],
    rtol: [f64; 1],
    atol: [f64; 1],
    idid: i32,
    rwork: Vec<f64>,
    iwork: Vec<i32>,
}

impl<R: Residual> Calls<R> {
    fn rober(res: R) -> Self {
        let y = Problem::Rober.y0();
        let mut yp = vec![0.0; 3];
        Problem::Rober.f(&y, &mut yp);
        Calls {
            res,
            t: 0.0,
            y,
            yp,
            info: [0; 15],
            rtol: [1e-6],
            atol: [1e-6],
            idid: 0,
            rwork: vec![0.0; 200],
            iwork: vec![0; 60],
        }
    }

    /// One call; continuation calls (INFO(1) = 1) after the first.
    fn call(&mut self, tout: f64) -> i32 {
        ddassl(
            &mut self.res,
            Call {
                neq: 3,
                t: &mut self.t,
                y: &mut self.y,
                yprime: &mut self.yp,
                tout,
                info: &mut self.info,
                rtol: &mut self.rtol,
                atol: &mut self.atol,
                idid: &mut self.idid,
                rwork: &mut self.rwork,
                iwork: &mut self.iwork,
            },
        );
        self.info[0] = 1;
        self.idid
    }

    /// IWORK(11..15).
    fn stats(&self) -> [i32; 5] {
        self.iwork[10..15].try_into().unwrap()
    }
}

fn rober_calls() -> Calls<Dae> {
    Calls::rober(Dae {
        problem: Problem::Rober,
        band: false,
    })
}

/// A continuation call with INFO(3) = 1 whose TOUT is exactly TN (RWORK(4)), after an
/// IDID = 3 return left TN ahead of T: labels 420 and 440 test (TN-TOUT)*H .GE. 0, so
/// the original interpolates to TOUT and returns IDID = 3, not 1.
#[test]
fn tout_equal_to_tn_returns_idid_3() {
    for with_tstop in [false, true] {
        let mut run = rober_calls();
        run.info[2] = 1;
        if with_tstop {
            run.info[3] = 1;
            run.rwork[0] = 1.0e3;
        }
        let mut calls = 1;
        while run.call(1.0e-2) == 1 {
            calls += 1;
        }
        assert_eq!((run.idid, calls, run.t), (3, 17, 1.0e-2));
        let tn = run.rwork[3];
        assert_eq!(tn, 1.2789999999999999e-2);
        assert_eq!(run.call(tn), 3, "INFO(4) = {}", i32::from(with_tstop));
        assert_eq!(run.t, tn);
        assert_eq!(run.stats(), [17, 27, 9, 0, 0]);
        assert_eq!(run.y[0], 9.9948983496760835e-1);
    }
}

/// A NaN TOUT on the first call: H0 = 0.001·|TOUT - T| is NaN, every test of the first
/// step is false, so the original accepts it (label 430: IF(ERR .GT. 1) is false), and
/// (TN-TOUT)*H .LT. 0 being false it returns IDID = 3 at T = TOUT. With INFO(3) = 1 it
/// returns IDID = 1 without stepping again ((TN-T)*H .LE. 0 is false at label 420).
#[test]
fn nan_tout_on_the_first_call() {
    let mut run = rober_calls();
    assert_eq!(run.call(f64::NAN), 3);
    assert!(run.t.is_nan() && run.y.iter().all(|v| v.is_nan()));
    assert_eq!(run.stats(), [1, 1, 1, 0, 0]);

    let mut run = rober_calls();
    run.info[2] = 1;
    for _ in 0..3 {
        assert_eq!(run.call(f64::NAN), 1);
        assert!(run.t.is_nan());
        assert_eq!(run.stats(), [1, 1, 1, 0, 0]);
    }
}

/// TOUT turned NaN after some steps (INFO(3) = 1): label 530 tests (TN-TOUT)*H .GE. 0,
/// false, so every call steps and returns IDID = 1 at T = TN, as with a finite TOUT far
/// ahead; HMIN (label 525, MAX(ABS(TN),ABS(TOUT))) stays finite.
#[test]
fn nan_tout_on_continuation_calls() {
    let mut run = rober_calls();
    run.info[2] = 1;
    for _ in 0..5 {
        assert_eq!(run.call(10.0), 1);
    }
    for _ in 0..35 {
        assert_eq!(run.call(f64::NAN), 1);
    }
    assert_eq!(run.t, 1.9558723449687789);
    assert_eq!(run.stats(), [40, 61, 14, 1, 0]);
    assert_eq!(run.y[0], 9.4257933717814724e-1);
}

/// A NaN TSTOP (INFO(4) = 1): after each step labels 542 (with INFO(3) = 0) and 460
/// test (TNEXT-TSTOP)*H .LE. 0, false, so the original sets H = TSTOP - TN = NaN. With
/// INFO(3) = 0 the NaN step is accepted and ends at TOUT (IDID = 3); with INFO(3) = 1
/// the calls alternate IDID = 2 at T = TSTOP (label 450 tests .GT., false) and IDID = 1.
#[test]
fn nan_tstop() {
    let mut run = rober_calls();
    run.info[3] = 1;
    run.rwork[0] = f64::NAN;
    assert_eq!(run.call(10.0), 3);
    assert_eq!(run.t, 10.0);
    assert!(run.y.iter().all(|v| v.is_nan()));
    assert_eq!(run.stats(), [2, 2, 1, 0, 0]);

    let mut run = rober_calls();
    run.info[2] = 1;
    run.info[3] = 1;
    run.rwork[0] = f64::NAN;
    for call in 0..6 {
        if call % 2 == 0 {
            assert_eq!(run.call(10.0), 1);
            assert_eq!(run.t, 1.9364916731037086e-5);
            assert_eq!(run.y[0], 9.9999922540393082e-1);
        } else {
            assert_eq!(run.call(10.0), 2);
            assert!(run.t.is_nan());
        }
        assert_eq!(run.stats(), [1, 1, 1, 0, 0]);
    }
}

/// INFO(11) = 1 with H0 = 1 (INFO(8) = 1), y'(0) = 0 and a NaN TOUT: the first call's
/// HMIN = 4·UROUND·MAX(ABS(T),ABS(TOUT)) is NaN in the original's build, so DDAINI's
/// first error-test failure ends with IDID = -12 (ABS(H) .GE. HMIN is false).
#[test]
fn nan_tout_with_initial_yprime() {
    let mut run = rober_calls();
    run.yp.fill(0.0);
    run.info[7] = 1;
    run.rwork[2] = 1.0;
    run.info[10] = 1;
    assert_eq!(run.call(f64::NAN), -12);
    assert_eq!(run.t, 0.0);
    assert_eq!(run.stats(), [0, 2, 1, 0, 0]);
}
