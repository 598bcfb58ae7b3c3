//! stiffdae's DASSL through its safe API, set up as the kit's DASSL driver (`dassld.f`)
//! sets up the Fortran one: the residual `y' - f`, `M y' - f` or the problem's F, the
//! problem's tolerance vector, `cj M - df/dy` where the problem has an analytic
//! Jacobian, a banded iteration matrix where the Jacobian is banded, one step per call
//! (INFO(3) = 1), TSTOP at every segment end and a fresh start there. Statistics then
//! equal the Fortran DDASSL's under the kit's driver.

use crate::problems::{Kind, TestProblem};
use crate::solvers::Outcome;
use stiffdae::dassl::{Dassl, JacobianKind, Options, ResFlag, Residual};
use stiffdae::prelude::*;

/// A kit problem in DASSL's residual form.
struct Form<'a> {
    p: &'a TestProblem,
    mass: Vec<f64>,
    f: Vec<f64>,
    jac: Vec<f64>,
    band: Option<(usize, usize)>,
}

impl Residual for Form<'_> {
    fn residual(&mut self, t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]) -> ResFlag {
        if self.p.residual(t, y, yp, &self.mass, &mut self.f, delta) {
            ResFlag::Ok
        } else {
            ResFlag::IllegalY
        }
    }

    fn has_jacobian(&self) -> bool {
        true
    }

    fn jacobian(&mut self, t: f64, y: &[f64], yp: &[f64], cj: f64, pd: &mut [f64]) {
        let n = self.p.n;
        self.p.jacobian_full(t, y, yp, &mut self.jac);
        for j in 0..n {
            for i in 0..n {
                let m = match self.p.kind {
                    Kind::Dae => self.mass[i + j * n],
                    _ => f64::from(u8::from(i == j)),
                };
                let v = cj * m - self.jac[i + j * n];
                match self.band {
                    None => pd[i + j * n] = v,
                    Some((ml, mu)) if i <= j + ml && j <= i + mu => {
                        pd[(i + ml + mu - j) + j * (2 * ml + mu + 1)] = v
                    }
                    Some(_) => {}
                }
            }
        }
    }
}

pub fn run(p: &TestProblem, tol: f64) -> Outcome {
    let n = p.n;
    let (rtol, atol, vector) = p.tolerances(tol);
    let band = p.jac_band.map(|(ml, mu)| match p.mas_band {
        Some((mml, mmu)) if p.kind == Kind::Dae => (ml.max(mml), mu.max(mmu)),
        _ => (ml, mu),
    });
    let tolerance = if vector {
        Tolerance::Vector { rtol, atol }
    } else {
        Tolerance::scalar(tol, tol)
    };
    let mut form = Form {
        p,
        mass: if p.kind == Kind::Dae {
            p.mass_full()
        } else {
            Vec::new()
        },
        f: vec![0.0; n],
        jac: vec![0.0; n * n],
        band,
    };
    let mut out = Outcome::default();
    let (mut y, mut yp) = (p.y0.clone(), p.yp0.clone());
    for seg in p.t.windows(2) {
        let options = Options {
            tolerance: tolerance.clone(),
            every_step: true,
            tstop: Some(seg[1]),
            jacobian: if p.numjac {
                JacobianKind::Numerical
            } else {
                JacobianKind::Analytic
            },
            band,
            ..Options::default()
        };
        let mut solver = match Dassl::new(seg[0], &y, &yp, &options) {
            Ok(s) => s,
            Err(e) => {
                out.failure = Some(e.to_string());
                return out;
            }
        };
        // One step per call (IDID = 1) and the 500-step returns (IDID = -1) continue, as
        // in the kit's driver.
        let result = loop {
            match solver.advance(&mut form, seg[1]) {
                Ok(Reached::Step) | Err(Error::TooMuchWork { .. }) => {}
                r => break r,
            }
        };
        let s = solver.statistics();
        out.steps += s.accepted;
        out.nf += s.function_evaluations;
        out.njac += s.jacobian_evaluations;
        if let Err(e) = result {
            out.failure = Some(format!("IDID = {}: {e}", e.idid().unwrap_or(-33)));
            return out;
        }
        y.copy_from_slice(solver.y());
        yp.copy_from_slice(solver.yprime());
    }
    out.y = Some(y);
    out
}
