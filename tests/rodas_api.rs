//! The safe RODAS API (`stiffdae::rodas::Rodas`) on Hairer's Van der Pol example
//! (dr_rodas.f: eps = 1e-6, rtol = 1e-4, atol = 1e-10, h = 1e-6, analytic Jacobian):
//! the statistics and values the original prints for it, the dense output at the
//! driver's output points, and the errors of the family's API.

use stiffdae::prelude::*;
use stiffdae::rodas::{DenseOutput, Matrix, Options, Problem, Rodas, Structure};

struct VdPol {
    /// (x, y1, y2) at 0.2, 0.4, … from the dense output, as dr_rodas prints them.
    printed: Vec<(f64, f64, f64)>,
    xout: f64,
}

impl Problem for VdPol {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1.0e-6;
    }

    fn jac(&mut self, _x: f64, y: &[f64], dfy: &mut [f64], ldfy: usize) {
        dfy[0] = 0.0;
        dfy[ldfy] = 1.0;
        dfy[1] = (-2.0 * y[0] * y[1] - 1.0) / 1.0e-6;
        dfy[1 + ldfy] = (1.0 - y[0] * y[0]) / 1.0e-6;
    }

    fn has_jacobian(&self) -> bool {
        true
    }

    fn solout(&mut self, nr: usize, _: f64, x: f64, _: &mut [f64], d: &DenseOutput<'_>) -> bool {
        if nr == 1 {
            self.xout = 0.2;
        } else if x >= self.xout {
            let p = (self.xout, d.eval(0, self.xout), d.eval(1, self.xout));
            self.printed.push(p);
            self.xout += 0.2;
        }
        true
    }
}

fn solver() -> Rodas {
    let structure = Structure {
        analytic_jacobian: true,
        dense_output: true,
        ..Structure::dense(2)
    };
    let options = Options {
        tolerance: Tolerance::scalar(1.0e-4, 1.0e-10),
        initial_step: 1.0e-6,
        ..Options::default()
    };
    Rodas::new(0.0, &[2.0, -0.66], structure, options).unwrap()
}

#[test]
fn van_der_pol_gives_the_statistics_and_values_of_dr_rodas() {
    let mut p = VdPol {
        printed: Vec::new(),
        xout: 0.0,
    };
    let mut s = solver();
    assert_eq!(s.advance(&mut p, 2.0), Ok(Reached::Tout));
    let st = s.statistics();
    // dr_rodas.f with the original: fcn= 2016 jac= 321 step= 339 accpt= 321 rejct= 16
    // dec= 339 sol= 2034.
    assert_eq!(
        (
            st.function_evaluations,
            st.jacobian_evaluations,
            st.steps,
            st.accepted,
            st.error_test_failures,
            st.decompositions,
            st.solves
        ),
        (2016, 321, 339, 321, 16, 339, 2034)
    );
    assert_eq!(s.t(), 2.0);
    assert_eq!(format!("{:.9E}", s.y()[0]), "1.706157223E0");
    assert_eq!(format!("{:.9E}", s.y()[1]), "-8.928209476E-1");
    assert_eq!(p.printed.len(), 10);
    let (x, y1, _) = p.printed[8];
    assert!((x - 1.8).abs() < 1e-12);
    assert_eq!(format!("{y1:.9E}"), "1.869049475E0");
}

#[test]
fn a_missing_jacobian_and_bad_options_are_errors() {
    struct NoJac;
    impl Problem for NoJac {
        fn fcn(&mut self, _: f64, y: &[f64], f: &mut [f64]) {
            f.copy_from_slice(y);
        }
    }
    let mut s = solver();
    assert!(matches!(
        s.advance(&mut NoJac, 1.0),
        Err(Error::MissingCallback { .. })
    ));
    let bad = Options {
        method: 4,
        ..Options::default()
    };
    let e = Rodas::new(0.0, &[1.0], Structure::dense(1), bad).unwrap_err();
    assert_eq!(e.idid(), Some(-1));
    let full_mass_banded_jac = Structure {
        jacobian: Matrix::Banded { lower: 1, upper: 1 },
        mass: Some(Matrix::Full),
        ..Structure::dense(4)
    };
    let e = Rodas::new(0.0, &[1.0; 4], full_mass_banded_jac, Options::default()).unwrap_err();
    assert_eq!(e.idid(), Some(-1));
    assert!(matches!(
        Rodas::new(0.0, &[1.0], Structure::dense(2), Options::default()),
        Err(Error::WrongLength { .. })
    ));
}

/// A NaN that every retry of the first step meets (FCN gives NaN from its second call
/// on, so the difference Jacobian is NaN): the original retries from label 2 for ever,
/// stiffdae ends with IDID = -3 once H is zero or no longer changes. With WORK(3) = 1
/// H never shrinks, with WORK(3) = 0.9 it sticks at the smallest subnormal (FAC1 below
/// 2 cannot round it to zero); both once looped for ever (found by the fuzz harness's
/// boundary values).
#[test]
fn a_nan_every_retry_meets_ends_with_step_size_too_small() {
    struct NanAfterFirst(u64);
    impl Problem for NanAfterFirst {
        fn fcn(&mut self, _: f64, y: &[f64], f: &mut [f64]) {
            self.0 += 1;
            for (fi, yi) in f.iter_mut().zip(y) {
                *fi = -yi;
            }
            if self.0 >= 2 {
                f[0] = f64::NAN;
            }
        }
    }
    for step_ratio_min in [0.2, 0.9, 1.0] {
        let options = Options {
            tolerance: Tolerance::scalar(1.0e-6, 1.0e-6),
            initial_step: 1.0e-3,
            step_ratio_min,
            ..Options::default()
        };
        let mut s = Rodas::new(0.0, &[1.0, 1.0], Structure::dense(2), options).unwrap();
        let mut p = NanAfterFirst(0);
        let r = s.advance(&mut p, 1.0);
        assert!(
            matches!(r, Err(Error::StepSizeTooSmall { .. })),
            "WORK(3) = {step_ratio_min}: {r:?}"
        );
        assert!(p.0 < 100_000, "WORK(3) = {step_ratio_min}: {} calls", p.0);
    }
}
