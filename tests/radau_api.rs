//! The safe RADAU API (`stiffdae::radau::Radau`) against the original Fortran: the
//! expected bits and counters were printed by a program calling the original radau.f
//! (gfortran 12 -O2) the same way — van der Pol with eps = 1e-6, y0 = (2, 0), rtol =
//! atol = 1e-6, h0 = 1e-6, analytic Jacobian, once in four calls to 0.5, 1, 1.5, 2
//! (WORK, IWORK, H carried over) and once in one call with CONTRA from SOLOUT at
//! x = 0.1, 0.2, … (x accumulated by += 0.1). Then the failures and missing callbacks.

use stiffdae::prelude::*;
use stiffdae::radau::{DenseOutput, Options, Problem, Radau, Structure};

struct VdPol {
    xout: f64,
    dense: Vec<[f64; 3]>,
}

impl Problem for VdPol {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1e-6;
    }
    fn jac(&mut self, _x: f64, y: &[f64], d: &mut [f64], ld: usize) {
        d[0] = 0.0;
        d[ld] = 1.0;
        d[1] = (-2.0 * y[0] * y[1] - 1.0) / 1e-6;
        d[1 + ld] = (1.0 - y[0] * y[0]) / 1e-6;
    }
    fn has_jacobian(&self) -> bool {
        true
    }
    fn solout(
        &mut self,
        nr: usize,
        _xold: f64,
        x: f64,
        _y: &mut [f64],
        dense: &DenseOutput<'_>,
    ) -> bool {
        if nr > 1 {
            while self.xout <= x && self.xout < 2.05 {
                let s = self.xout;
                self.dense.push([s, dense.eval(0, s), dense.eval(1, s)]);
                self.xout += 0.1;
            }
        }
        true
    }
}

fn vdpol() -> VdPol {
    VdPol {
        xout: 0.1,
        dense: Vec::new(),
    }
}

fn structure(dense_output: bool) -> Structure {
    let mut s = Structure::dense(2);
    s.analytic_jacobian = true;
    s.dense_output = dense_output;
    s
}

fn options() -> Options {
    let mut o = Options::default();
    o.base.tolerance = Tolerance::scalar(1e-6, 1e-6);
    o.base.initial_step = 1e-6;
    o
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|v| v.to_bits()).collect()
}

/// (nfcn, njac, nstep, naccpt, nrejct, ndec, nsol) of the family's statistics.
fn counters(s: &Statistics) -> [u64; 7] {
    [
        s.function_evaluations,
        s.jacobian_evaluations,
        s.steps,
        s.accepted,
        s.error_test_failures,
        s.decompositions,
        s.solves,
    ]
}

#[test]
fn advances_segment_by_segment_as_the_original_called_four_times() {
    // The original's X, Y and IWORK(13..20) after each call.
    let original: [(u64, [u64; 2], usize, [u64; 7]); 4] = [
        (
            0x3FE0000000000000,
            [0x3FF98C5D9A547DAA, 0xBFF07C7B6A3951E0],
            5,
            [295, 6, 28, 25, 0, 24, 60],
        ),
        (
            0x3FF0000000000000,
            [0xBFFDD17EBC03BDF2, 0x3FE81D0646CFC0EA],
            7,
            [1914, 51, 79, 62, 4, 76, 350],
        ),
        (
            0x3FF8000000000000,
            [0xBFF5AD0A0E3F0166, 0x3FF9F2D8B1D5CCF7],
            7,
            [319, 4, 5, 4, 0, 5, 45],
        ),
        (
            0x4000000000000000,
            [0x3FFB4C768BDD716D, 0xBFEC91E57B1EC0F6],
            7,
            [2170, 32, 59, 42, 1, 55, 304],
        ),
    ];
    let mut solver = Radau::new(0.0, &[2.0, 0.0], structure(false), options()).unwrap();
    let mut problem = vdpol();
    let mut sum = [0u64; 7];
    for (k, (x, y, ns, stats)) in original.iter().enumerate() {
        let before = counters(&solver.statistics());
        let tout = 0.5 * (k + 1) as f64;
        assert_eq!(solver.advance(&mut problem, tout).unwrap(), Reached::Tout);
        assert_eq!(solver.t().to_bits(), *x);
        assert_eq!(bits(solver.y()), y.to_vec(), "after the call to {tout}");
        assert_eq!(solver.stages(), *ns);
        let after = counters(&solver.statistics());
        let call: Vec<u64> = after.iter().zip(before).map(|(a, b)| a - b).collect();
        assert_eq!(call, stats.to_vec(), "counters of the call to {tout}");
        for (s, v) in sum.iter_mut().zip(stats) {
            *s += v;
        }
    }
    assert_eq!(counters(&solver.statistics()), sum);
}

#[test]
fn one_call_with_contra_in_solout_is_the_originals() {
    const DENSE: [[u64; 3]; 19] = [
        [0x3FB999999999999A, 0x3FFEE6DB20AE3D87, 0xBFE6A32A4420D049],
        [0x3FC999999999999A, 0x3FFDBB362A62E7E9, 0xBFE83DCFD2BC9165],
        [0x3FD3333333333334, 0x3FFC786A5914FF05, 0xBFEA490AE33FC463],
        [0x3FD999999999999A, 0x3FFB176299188F61, 0xBFED059134C0E47A],
        [0x3FE0000000000000, 0x3FF98C5DB53DE21A, 0xBFF07C7B09B573A7],
        [0x3FE3333333333333, 0x3FF7C0D25F985925, 0xBFF3BAA683FE970D],
        [0x3FE6666666666666, 0x3FF57C7C089B3A9E, 0xBFFABEDAAD405D14],
        [0x3FE9999999999999, 0x3FF157C01C92BE7F, 0xC018C7E6DFCA60E9],
        [0x3FECCCCCCCCCCCCC, 0xBFFEFBAC37FB47B7, 0x3FE688E1094425A0],
        [0x3FEFFFFFFFFFFFFF, 0xBFFDD17EBA1C7A9B, 0x3FE81D06688D4742],
        [0x3FF1999999999999, 0xBFFC9090124EE745, 0x3FEA1E76353E8FDF],
        [0x3FF3333333333333, 0xBFFB32074F69DE08, 0x3FECCB039A8B0D9A],
        [0x3FF4CCCCCCCCCCCD, 0xBFF9AA9875BE40D3, 0x3FF05052F207C5C4],
        [0x3FF6666666666667, 0xBFF7E4E7ADA74E34, 0x3FF36C482F3538EA],
        [0x3FF8000000000001, 0xBFF5AD0A099A0934, 0x3FF9F2D90BDC6BD7],
        [0x3FF999999999999B, 0xBFF1EED9F78FBE4E, 0x40117ECA9A64EAF6],
        [0x3FFB333333333335, 0x3FFF10654644C10D, 0xBFE66EF9BD712A03],
        [0x3FFCCCCCCCCCCCCF, 0x3FFDE7A958607E7F, 0xBFE7FCCB35F911EE],
        [0x3FFE666666666669, 0x3FFCA88F82CA1666, 0xBFE9F4BFA16033E7],
    ];
    let mut solver = Radau::new(0.0, &[2.0, 0.0], structure(true), options()).unwrap();
    let mut problem = vdpol();
    assert_eq!(solver.advance(&mut problem, 2.0).unwrap(), Reached::Tout);
    assert_eq!(
        bits(solver.y()),
        vec![0x3FFB4C76894AE8FF, 0xBFEC91E5D58874CA]
    );
    assert_eq!(solver.stages(), 7);
    assert_eq!(
        counters(&solver.statistics()),
        [4322, 108, 184, 149, 6, 174, 767]
    );
    let dense: Vec<[u64; 3]> = problem.dense.iter().map(|d| d.map(f64::to_bits)).collect();
    assert_eq!(dense, DENSE.to_vec());
}

#[test]
fn wrong_input_is_refused_with_the_originals_idid() {
    let err = Radau::new(0.0, &[2.0], structure(false), options()).unwrap_err();
    assert!(
        matches!(err, Error::WrongLength { what: "y0", .. }),
        "{err:?}"
    );

    let mut o = options();
    o.ns_first = 2;
    let err = Radau::new(0.0, &[2.0, 0.0], structure(false), o).unwrap_err();
    assert_eq!(err.idid(), Some(-1));
    assert!(err.to_string().contains("IWORK(13) = 2"), "{err}");

    let mut o = options();
    o.base.tolerance = Tolerance::scalar(1e-17, 1e-6);
    let err = Radau::new(0.0, &[2.0, 0.0], structure(false), o).unwrap_err();
    assert_eq!(err.idid(), Some(-1));
    assert!(
        err.to_string().contains("tolerances are too small"),
        "{err}"
    );
}

#[test]
fn a_missing_jacobian_or_mass_is_an_error_not_a_panic() {
    struct NoJac;
    impl Problem for NoJac {
        fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
            f.copy_from_slice(y);
        }
    }
    let mut solver = Radau::new(0.0, &[1.0, 1.0], structure(false), options()).unwrap();
    let err = solver.advance(&mut NoJac, 1.0).unwrap_err();
    assert!(matches!(err, Error::MissingCallback { .. }), "{err:?}");

    let mut s = Structure::dense(2);
    s.mass = Some(stiffdae::radau::Matrix::Full);
    let mut solver = Radau::new(0.0, &[1.0, 1.0], s, options()).unwrap();
    let err = solver.advance(&mut NoJac, 1.0).unwrap_err();
    assert!(matches!(err, Error::MissingCallback { .. }), "{err:?}");
}

#[test]
fn the_step_limit_ends_with_idid_minus_2() {
    let mut o = options();
    o.base.max_steps = 10;
    let mut solver = Radau::new(0.0, &[2.0, 0.0], structure(false), o).unwrap();
    let err = solver.advance(&mut vdpol(), 2.0).unwrap_err();
    assert_eq!(err.idid(), Some(-2));
    assert!(matches!(err, Error::StepLimit { nmax: 10, .. }), "{err:?}");
    assert!(solver.t() > 0.0 && solver.t() < 2.0);
}
