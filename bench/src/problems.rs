//! The Test Set problems of the kit (`fortran/problems/*.f`), linked into the bench with
//! their symbols prefixed by the problem's name (see build.rs), and read into plain Rust
//! values: every solver of the bench evaluates exactly the same Fortran equations.

use std::os::raw::c_char;

type ProbFn = unsafe extern "C" fn(
    *mut c_char,
    *mut c_char,
    *mut c_char,
    *mut i32,
    *mut i32,
    *mut f64,
    *mut i32,
    *mut i32,
    *mut i32,
    *mut i32,
    *mut i32,
    *mut i32,
    *mut i32,
    usize,
    usize,
    usize,
);
type InitFn = unsafe extern "C" fn(*const i32, *const f64, *mut f64, *mut f64, *mut i32);
type TolFn = unsafe extern "C" fn(*const i32, *mut f64, *mut f64, *mut i32);
type OutFn = unsafe extern "C" fn(*const i32, *mut i32, *mut i32, *mut i32, *mut i32);
/// feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
pub type FevalFn = unsafe extern "C" fn(
    *const i32,
    *const f64,
    *const f64,
    *const f64,
    *mut f64,
    *mut i32,
    *mut f64,
    *mut i32,
);
/// jeval / meval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
pub type JevalFn = unsafe extern "C" fn(
    *const i32,
    *const i32,
    *const f64,
    *const f64,
    *const f64,
    *mut f64,
    *mut i32,
    *mut f64,
    *mut i32,
);
type SolutFn = unsafe extern "C" fn(*const i32, *const f64, *mut f64);

/// The eight routines of one problem file.
#[derive(Clone, Copy)]
struct Routines {
    prob: ProbFn,
    init: InitFn,
    settolerances: TolFn,
    setoutput: OutFn,
    feval: FevalFn,
    jeval: JevalFn,
    meval: JevalFn,
    solut: SolutFn,
}

macro_rules! problem_files {
    ($($name:ident),*) => {
        $(
            mod $name {
                use std::os::raw::c_char;
                unsafe extern "C" {
                    #[link_name = concat!(stringify!($name), "_prob_")]
                    pub fn prob(a: *mut c_char, b: *mut c_char, c: *mut c_char, d: *mut i32, e: *mut i32, f: *mut f64, g: *mut i32, h: *mut i32, i: *mut i32, j: *mut i32, k: *mut i32, l: *mut i32, m: *mut i32, la: usize, lb: usize, lc: usize);
                    #[link_name = concat!(stringify!($name), "_init_")]
                    pub fn init(a: *const i32, b: *const f64, c: *mut f64, d: *mut f64, e: *mut i32);
                    #[link_name = concat!(stringify!($name), "_settolerances_")]
                    pub fn settolerances(a: *const i32, b: *mut f64, c: *mut f64, d: *mut i32);
                    #[link_name = concat!(stringify!($name), "_setoutput_")]
                    pub fn setoutput(a: *const i32, b: *mut i32, c: *mut i32, d: *mut i32, e: *mut i32);
                    #[link_name = concat!(stringify!($name), "_feval_")]
                    pub fn feval(a: *const i32, b: *const f64, c: *const f64, d: *const f64, e: *mut f64, f: *mut i32, g: *mut f64, h: *mut i32);
                    #[link_name = concat!(stringify!($name), "_jeval_")]
                    pub fn jeval(a: *const i32, b: *const i32, c: *const f64, d: *const f64, e: *const f64, f: *mut f64, g: *mut i32, h: *mut f64, i: *mut i32);
                    #[link_name = concat!(stringify!($name), "_meval_")]
                    pub fn meval(a: *const i32, b: *const i32, c: *const f64, d: *const f64, e: *const f64, f: *mut f64, g: *mut i32, h: *mut f64, i: *mut i32);
                    #[link_name = concat!(stringify!($name), "_solut_")]
                    pub fn solut(a: *const i32, b: *const f64, c: *mut f64);
                }
            }
        )*

        fn routines(name: &str) -> Option<Routines> {
            match name {
                $(stringify!($name) => Some(Routines {
                    prob: $name::prob,
                    init: $name::init,
                    settolerances: $name::settolerances,
                    setoutput: $name::setoutput,
                    feval: $name::feval,
                    jeval: $name::jeval,
                    meval: $name::meval,
                    solut: $name::solut,
                }),)*
                _ => None,
            }
        }

        /// Names of the problems linked into the bench.
        pub const NAMES: &[&str] = &[$(stringify!($name)),*];
    };
}

problem_files!(hires, vdpol, pollu, rober, transamp, andrews, caraxis, wheel, wheelmm, pump);

/// The form of a problem, as the Test Set's `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// y' = f(t, y)
    Ode,
    /// M y' = f(t, y), constant M
    Dae,
    /// F(t, y, y') = 0
    Ide,
}

/// One problem with its data read from the Fortran file.
#[derive(Clone)]
pub struct TestProblem {
    pub name: &'static str,
    pub kind: Kind,
    pub n: usize,
    /// Segment ends t(0..=ndisc+1).
    pub t: Vec<f64>,
    pub numjac: bool,
    /// Band widths of the Jacobian (`None`: full).
    pub jac_band: Option<(usize, usize)>,
    /// Band widths of the mass matrix (`None`: full).
    pub mas_band: Option<(usize, usize)>,
    /// The differentiation index of each variable (0/1 = 1).
    pub ind: Vec<i32>,
    pub y0: Vec<f64>,
    pub yp0: Vec<f64>,
    /// Components compared for scd (0-based).
    pub indsol: Vec<usize>,
    pub yref: Vec<f64>,
    routines: Routines,
}

impl TestProblem {
    /// Reads problem `name` through its prob, init, setoutput and solut.
    pub fn load(name: &'static str) -> Self {
        let r = routines(name).unwrap_or_else(|| panic!("unknown problem {name}"));
        let mut fullnm = [b' ' as c_char; 80];
        let mut problm = [b' ' as c_char; 80];
        let mut ptype = [b' ' as c_char; 3];
        let (mut neqn, mut ndisc, mut mljac, mut mujac, mut mlmas, mut mumas) = (0, 0, 0, 0, 0, 0);
        let (mut numjac, mut nummas) = (0, 0);
        let mut t = vec![0.0; 1000];
        let mut ind = vec![0; 400];
        // SAFETY: the arrays are larger than any kit problem writes (n <= 400, ndisc <
        // 1000); the character lengths are passed as gfortran expects.
        unsafe {
            (r.prob)(
                fullnm.as_mut_ptr(),
                problm.as_mut_ptr(),
                ptype.as_mut_ptr(),
                &mut neqn,
                &mut ndisc,
                t.as_mut_ptr(),
                &mut numjac,
                &mut mljac,
                &mut mujac,
                &mut nummas,
                &mut mlmas,
                &mut mumas,
                ind.as_mut_ptr(),
                80,
                80,
                3,
            )
        };
        let n = neqn as usize;
        let kind = match &ptype.map(|c| c as u8) {
            b"ODE" => Kind::Ode,
            b"DAE" => Kind::Dae,
            _ => Kind::Ide,
        };
        t.truncate(ndisc as usize + 2);
        ind.truncate(n);
        let (mut y0, mut yp0) = (vec![0.0; n], vec![0.0; n]);
        let mut consis = 0;
        // SAFETY: y0 and yp0 hold n values.
        unsafe { (r.init)(&neqn, &t[0], y0.as_mut_ptr(), yp0.as_mut_ptr(), &mut consis) };
        let (mut solref, mut printsol, mut nindsol) = (0, 0, 0);
        let mut indsol = vec![0; n];
        // SAFETY: indsol holds n values.
        unsafe {
            (r.setoutput)(
                &neqn,
                &mut solref,
                &mut printsol,
                &mut nindsol,
                indsol.as_mut_ptr(),
            )
        };
        let mut yref = vec![0.0; n];
        // SAFETY: yref holds n values.
        unsafe { (r.solut)(&neqn, &t[t.len() - 1], yref.as_mut_ptr()) };
        let band = |ml: i32, mu: i32| (ml < neqn).then_some((ml as usize, mu as usize));
        let mut p = Self {
            name,
            kind,
            n,
            t,
            numjac: numjac != 0,
            jac_band: band(mljac, mujac),
            mas_band: band(mlmas, mumas),
            ind,
            y0,
            yp0,
            indsol: indsol[..nindsol as usize]
                .iter()
                .map(|&i| i as usize - 1)
                .collect(),
            yref,
            routines: r,
        };
        if p.kind == Kind::Ode {
            // The Test Set's ODE problems give no y'(0): it is f(t0, y0).
            let mut f = vec![0.0; n];
            p.feval(p.t[0], &p.y0.clone(), &p.yp0.clone(), &mut f);
            p.yp0 = f;
        }
        p
    }

    /// The problem's tolerances for `tol` (rtol = atol = tol, then its settolerances):
    /// `(rtol, atol, vector)`.
    pub fn tolerances(&self, tol: f64) -> (Vec<f64>, Vec<f64>, bool) {
        let (mut rtol, mut atol) = (vec![tol; self.n], vec![tol; self.n]);
        let mut tolvec = 0;
        let n = self.n as i32;
        // SAFETY: both arrays hold n values.
        unsafe {
            (self.routines.settolerances)(&n, rtol.as_mut_ptr(), atol.as_mut_ptr(), &mut tolvec)
        };
        (rtol, atol, tolvec != 0)
    }

    /// f(t, y, y') (ODE/DAE right-hand side or IDE residual); false when the problem
    /// reports an error (ierr != 0).
    pub fn feval(&self, t: f64, y: &[f64], yp: &[f64], f: &mut [f64]) -> bool {
        let n = self.n as i32;
        let mut ierr = 0;
        let (mut rpar, mut ipar) = (0.0, 0);
        // SAFETY: y, yp and f hold n values; rpar/ipar are unused by the kit's problems.
        unsafe {
            (self.routines.feval)(
                &n,
                &t,
                y.as_ptr(),
                yp.as_ptr(),
                f.as_mut_ptr(),
                &mut ierr,
                &mut rpar,
                &mut ipar,
            )
        };
        ierr == 0
    }

    /// df/dy in the problem's storage (full, or band with leading dimension `ld`).
    pub fn jeval(&self, t: f64, y: &[f64], yp: &[f64], dfdy: &mut [f64], ld: usize) -> bool {
        let (n, ld) = (self.n as i32, ld as i32);
        let mut ierr = 0;
        let (mut rpar, mut ipar) = (0.0, 0);
        // SAFETY: dfdy holds ld x n values.
        unsafe {
            (self.routines.jeval)(
                &ld,
                &n,
                &t,
                y.as_ptr(),
                yp.as_ptr(),
                dfdy.as_mut_ptr(),
                &mut ierr,
                &mut rpar,
                &mut ipar,
            )
        };
        ierr == 0
    }

    /// df/dy as a full column-major n x n matrix, whatever the problem's storage.
    pub fn jacobian_full(&self, t: f64, y: &[f64], yp: &[f64], jac: &mut [f64]) -> bool {
        let n = self.n;
        let Some((ml, mu)) = self.jac_band else {
            return self.jeval(t, y, yp, jac, n);
        };
        let ld = ml + mu + 1;
        let mut band = vec![0.0; ld * n];
        let ok = self.jeval(t, y, yp, &mut band, ld);
        jac.fill(0.0);
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                jac[i + j * n] = band[(i + mu - j) + j * ld];
            }
        }
        ok
    }

    /// The residual `y' - f` (ODE), `M y' - f` (DAE, `mass` full) or the problem's own
    /// F (IDE), as the kit's DASSL driver forms it; `f` is scratch of length n.
    pub fn residual(
        &self,
        t: f64,
        y: &[f64],
        yp: &[f64],
        mass: &[f64],
        f: &mut [f64],
        r: &mut [f64],
    ) -> bool {
        let n = self.n;
        if self.kind == Kind::Ide {
            return self.feval(t, y, yp, r);
        }
        let ok = self.feval(t, y, yp, f);
        for (i, (ri, fi)) in r.iter_mut().zip(f.iter()).enumerate() {
            if self.kind == Kind::Ode {
                *ri = yp[i] - fi;
            } else {
                *ri = -fi;
                for (j, ypj) in yp.iter().enumerate() {
                    *ri += mass[i + j * n] * ypj;
                }
            }
        }
        ok
    }

    /// The constant mass matrix as a full column-major n x n matrix.
    pub fn mass_full(&self) -> Vec<f64> {
        let n = self.n;
        let ld = self.mas_band.map_or(n, |(ml, mu)| ml + mu + 1);
        let mut band = vec![0.0; ld * n];
        let (ni, ldi, t) = (n as i32, ld as i32, 0.0);
        let (mut ierr, mut rpar, mut ipar) = (0, 0.0, 0);
        // SAFETY: band holds ld x n values; y and y' are not read by the kit's meval.
        unsafe {
            (self.routines.meval)(
                &ldi,
                &ni,
                &t,
                self.y0.as_ptr(),
                self.yp0.as_ptr(),
                band.as_mut_ptr(),
                &mut ierr,
                &mut rpar,
                &mut ipar,
            )
        };
        let mut m = vec![0.0; n * n];
        for j in 0..n {
            for i in 0..n {
                m[i + j * n] = match self.mas_band {
                    None => band[i + j * ld],
                    Some((ml, mu)) if i + mu >= j && i <= j + ml => band[(i + mu - j) + j * ld],
                    Some(_) => 0.0,
                };
            }
        }
        m
    }

    /// The mass matrix in the problem's own storage, as RADAU5's MAS gives it.
    pub fn meval_raw(&self, am: &mut [f64], ld: usize) {
        let (n, ldi, t) = (self.n as i32, ld as i32, 0.0);
        let (mut ierr, mut rpar, mut ipar) = (0, 0.0, 0);
        // SAFETY: am holds ld x n values.
        unsafe {
            (self.routines.meval)(
                &ldi,
                &n,
                &t,
                self.y0.as_ptr(),
                self.yp0.as_ptr(),
                am.as_mut_ptr(),
                &mut ierr,
                &mut rpar,
                &mut ipar,
            )
        };
    }

    /// (scd, mescd) of a solution, as the kit's report.f computes them.
    pub fn accuracy(&self, y: &[f64], rtol: &[f64], atol: &[f64]) -> (f64, f64) {
        let rel = self
            .indsol
            .iter()
            .map(|&i| {
                let e = (y[i] - self.yref[i]).abs();
                if self.yref[i] != 0.0 {
                    e / self.yref[i].abs()
                } else {
                    e
                }
            })
            .fold(0.0, f64::max);
        let mix = (0..self.n)
            .map(|i| (y[i] - self.yref[i]).abs() / (atol[i] / rtol[i] + self.yref[i].abs()))
            .fold(0.0, f64::max);
        (-rel.log10(), -mix.log10())
    }
}
