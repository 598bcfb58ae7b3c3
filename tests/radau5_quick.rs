use stiffdae::radau5::{self, Matrix, Options, Problem, Structure, Tolerance};

struct VdPol;
impl Problem for VdPol {
    fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1.0e-6;
    }
    fn jac(&mut self, _x: f64, y: &[f64], d: &mut [f64], ld: usize) {
        d[0] = 0.0;
        d[ld] = 1.0;
        d[1] = (-2.0 * y[0] * y[1] - 1.0) / 1.0e-6;
        d[1 + ld] = (1.0 - y[0] * y[0]) / 1.0e-6;
    }
}

#[test]
fn vdpol_quick() {
    for tol in [1e-4, 1e-7, 1e-10] {
        let mut y = [2.0, 0.0];
        let (mut x, mut h) = (0.0, tol);
        let st = Structure {
            analytic_jacobian: true,
            jacobian: Matrix::Full,
            ..Structure::dense(2)
        };
        let mut o = Options::default();
        o.max_steps = 10_000_000;
        let r = radau5::solve(
            &mut VdPol,
            &st,
            &o,
            &mut x,
            &mut y,
            2.0,
            &mut h,
            &Tolerance::Scalar {
                rtol: tol,
                atol: tol,
            },
        )
        .unwrap();
        let e = ((y[0] - 0.1706167732170483e1) / 0.1706167732170483e1)
            .abs()
            .max(((y[1] + 0.8928097010247975) / 0.8928097010247975).abs());
        println!("tol {tol:e} scd {:.2} {:?}", -e.log10(), r.stats);
    }
}
