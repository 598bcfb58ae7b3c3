//! Event location on RADAU5's dense output with `stiffdae::roots`: a ball bouncing with
//! restitution 0.8 from h = 10; the impact times must match the closed form.

mod common;

use common::solve;
use stiffdae::radau5::{DenseOutput, Options, Problem, Structure, Tolerance};

use stiffdae::roots;

const G: f64 = 9.81;

/// Free flight y'' = -g as (height, velocity); SOLOUT watches the height.
struct Ball {
    last: Option<(f64, f64)>,
    impact: Option<(f64, f64)>,
}

impl Problem for Ball {
    fn fcn(&mut self, _t: f64, y: &[f64], f: &mut [f64]) {
        f[0] = y[1];
        f[1] = -G;
    }
    fn solout(
        &mut self,
        nr: usize,
        _xold: f64,
        x: f64,
        y: &mut [f64],
        dense: &DenseOutput<'_>,
    ) -> bool {
        let (t0, h0) = self.last.unwrap_or((x, y[0]));
        self.last = Some((x, y[0]));
        if nr == 1 {
            return true;
        }
        let height = |t: f64, out: &mut [f64]| out[0] = dense.eval(0, t);
        match roots::locate(t0, x, &[h0], &[y[0]], 1e-14, height) {
            Some(root) if root.direction == [-1] => {
                self.impact = Some((root.t, dense.eval(1, root.t)));
                false
            }
            _ => true,
        }
    }
}

#[test]
fn ten_bounces_match_the_closed_form() {
    let h = 10.0;
    let t1 = (2.0 * h / G).sqrt();
    let v1 = G * t1;
    let mut expected = vec![t1];
    for k in 1..10 {
        expected.push(expected[k - 1] + 2.0 * 0.8f64.powi(k as i32) * v1 / G);
    }
    let st = Structure {
        dense_output: true,
        ..Structure::dense(2)
    };
    let tol = Tolerance::Scalar {
        rtol: 1e-10,
        atol: 1e-10,
    };
    let (mut t, mut y) = (0.0, [h, 0.0]);
    let mut impacts = Vec::new();
    while impacts.len() < 10 {
        let mut ball = Ball {
            last: None,
            impact: None,
        };
        let (mut x, mut hstep) = (t, 1e-3);
        let done = solve(
            &mut ball,
            &st,
            &Options::default(),
            &mut x,
            &mut y,
            t + 10.0,
            &mut hstep,
            &tol,
        )
        .unwrap();
        assert!(done.interrupted, "the ball must land within 10 s of flight");
        let (ti, vi) = ball.impact.expect("impact located");
        impacts.push(ti);
        // Restitution: the ball leaves the ground with 0.8 of its impact speed.
        t = ti;
        y = [0.0, -0.8 * vi];
    }
    for (k, (got, want)) in impacts.iter().zip(&expected).enumerate() {
        assert!(
            (got - want).abs() < 1e-9,
            "impact {}: {got} vs {want}",
            k + 1
        );
    }
}
