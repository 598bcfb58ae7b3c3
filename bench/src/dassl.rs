//! stiffdae's DASSL on the kit's problems, as `fortran/dassld.f` runs them: residual
//! forms y' - f (ODE), M y' - f (DAE) and the problem's own F (IDE), the analytic
//! iteration matrix cj M - df/dy where the problem has a Jacobian, a banded one where it
//! is banded, a fresh start at every segment end with TSTOP there.

use crate::problems::{Kind, TestProblem};
use crate::solvers::Outcome;
use stiffdae::dassl::{Dassl, JacobianKind, Options, ResFlag, Residual, Tolerance};

struct KitResidual<'a> {
    p: &'a TestProblem,
    /// Full mass matrix (DAE).
    mass: Vec<f64>,
    f: Vec<f64>,
    /// Band widths of the iteration matrix and of the problem's Jacobian storage.
    band: Option<(usize, usize)>,
    jac: Vec<f64>,
}

impl KitResidual<'_> {
    fn mass(&self, i: usize, j: usize) -> f64 {
        match self.p.kind {
            Kind::Ode => f64::from(u8::from(i == j)),
            _ => self.mass[i + j * self.p.n],
        }
    }
}

impl Residual for KitResidual<'_> {
    fn residual(&mut self, t: f64, y: &[f64], yp: &[f64], delta: &mut [f64]) -> ResFlag {
        let n = self.p.n;
        let ok = match self.p.kind {
            Kind::Ide => self.p.feval(t, y, yp, delta),
            Kind::Ode => {
                let ok = self.p.feval(t, y, yp, &mut self.f);
                for ((d, ypi), fi) in delta.iter_mut().zip(yp).zip(&self.f) {
                    *d = ypi - fi;
                }
                ok
            }
            Kind::Dae => {
                let ok = self.p.feval(t, y, yp, &mut self.f);
                for (i, (d, fi)) in delta.iter_mut().zip(&self.f).enumerate() {
                    *d = -fi;
                    for (j, ypj) in yp.iter().enumerate() {
                        *d += self.mass[i + j * n] * ypj;
                    }
                }
                ok
            }
        };
        if ok {
            ResFlag::Ok
        } else {
            ResFlag::IllegalY
        }
    }

    fn jacobian(&mut self, t: f64, y: &[f64], yp: &[f64], cj: f64, pd: &mut [f64]) {
        let n = self.p.n;
        let (jml, jmu) = self.p.jac_band.unwrap_or((n, n));
        let ld = if self.p.jac_band.is_some() {
            jml + jmu + 1
        } else {
            n
        };
        self.jac.resize(ld * n, 0.0);
        self.p.jeval(t, y, yp, &mut self.jac, ld);
        for j in 0..n {
            for i in 0..n {
                let dfdy = if self.p.jac_band.is_some() {
                    if i + jmu >= j && i <= j + jml {
                        self.jac[(i + jmu - j) + j * ld]
                    } else {
                        0.0
                    }
                } else {
                    self.jac[i + j * n]
                };
                let v = cj * self.mass(i, j) - dfdy;
                match self.band {
                    None => pd[i + j * n] = v,
                    Some((ml, mu)) if i + mu >= j && i <= j + ml => {
                        pd[(i + ml + mu - j) + j * (2 * ml + mu + 1)] = v
                    }
                    Some(_) => {}
                }
            }
        }
    }
}

pub fn run(p: &TestProblem, tol: f64) -> Outcome {
    let (rtol, atol, vector) = p.tolerances(tol);
    let band = p.jac_band.map(|(ml, mu)| match (p.kind, p.mas_band) {
        (Kind::Dae, Some((mml, mmu))) => (ml.max(mml), mu.max(mmu)),
        _ => (ml, mu),
    });
    let mut res = KitResidual {
        p,
        mass: if p.kind == Kind::Dae {
            p.mass_full()
        } else {
            Vec::new()
        },
        f: vec![0.0; p.n],
        band,
        jac: Vec::new(),
    };
    let mut out = Outcome::default();
    let (mut t, mut y, mut yp) = (p.t[0], p.y0.clone(), p.yp0.clone());
    for seg in p.t.windows(2) {
        let options = Options {
            rtol: if vector {
                Tolerance::Vector(rtol.clone())
            } else {
                Tolerance::Scalar(tol)
            },
            atol: if vector {
                Tolerance::Vector(atol.clone())
            } else {
                Tolerance::Scalar(tol)
            },
            tstop: Some(seg[1]),
            jacobian: if p.numjac {
                JacobianKind::Numerical
            } else {
                JacobianKind::Analytic
            },
            band,
            ..Options::default()
        };
        let mut solver = match Dassl::new(t, &y, &yp, &options) {
            Ok(s) => s,
            Err(e) => {
                out.failure = Some(e.to_string());
                return out;
            }
        };
        // IDID = -1 (500 steps in this call) is a pause, not a failure: continue.
        let result = loop {
            match solver.advance(&mut res, seg[1]) {
                Err(e) if e.idid() == -1 => continue,
                r => break r,
            }
        };
        let s = solver.stats();
        out.steps += (s.steps + s.error_test_failures + s.convergence_failures) as u64;
        out.nf += s.residuals as u64;
        out.njac += s.jacobians as u64;
        if let Err(e) = result {
            out.failure = Some(format!("IDID = {}: {e}", e.idid()));
            return out;
        }
        t = solver.t();
        y.copy_from_slice(solver.y());
        yp.copy_from_slice(solver.yprime());
    }
    out.y = Some(y);
    out
}
