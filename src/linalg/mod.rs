//! Linear algebra shared by the integrators. TEMPORARY dense-only stand-in.

pub mod linpack;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Singular {
    pub stage: usize,
}

pub struct RealLu {
    n: usize,
    a: Vec<f64>,
    ip: Vec<usize>,
}
impl RealLu {
    pub fn dense(n: usize) -> Self {
        Self {
            n,
            a: vec![0.0; n * n],
            ip: vec![0; n],
        }
    }
    pub fn banded(_n: usize, _ml: usize, _mu: usize) -> Self {
        unimplemented!()
    }
    pub fn ld(&self) -> usize {
        self.n
    }
    pub fn matrix_mut(&mut self) -> &mut [f64] {
        &mut self.a
    }
    pub fn factor(&mut self) -> Result<(), Singular> {
        let n = self.n;
        let a = &mut self.a;
        for k in 0..n - 1 {
            let mut m = k;
            for i in k + 1..n {
                if a[i + k * n].abs() > a[m + k * n].abs() {
                    m = i;
                }
            }
            self.ip[k] = m;
            let mut t = a[m + k * n];
            if m != k {
                a[m + k * n] = a[k + k * n];
                a[k + k * n] = t;
            }
            if t == 0.0 {
                return Err(Singular { stage: k + 1 });
            }
            t = 1.0 / t;
            for i in k + 1..n {
                a[i + k * n] = -a[i + k * n] * t;
            }
            for j in k + 1..n {
                let t = a[m + j * n];
                a[m + j * n] = a[k + j * n];
                a[k + j * n] = t;
                if t == 0.0 {
                    continue;
                }
                for i in k + 1..n {
                    a[i + j * n] = a[i + j * n] + a[i + k * n] * t;
                }
            }
        }
        if a[n * n - 1] == 0.0 {
            return Err(Singular { stage: n });
        }
        Ok(())
    }
    pub fn solve(&mut self, b: &mut [f64]) {
        let n = self.n;
        let a = &self.a;
        for k in 0..n - 1 {
            let m = self.ip[k];
            let t = b[m];
            b[m] = b[k];
            b[k] = t;
            for i in k + 1..n {
                b[i] = b[i] + a[i + k * n] * t;
            }
        }
        for k in (1..n).rev() {
            b[k] = b[k] / a[k + k * n];
            let t = -b[k];
            for i in 0..k {
                b[i] = b[i] + a[i + k * n] * t;
            }
        }
        b[0] = b[0] / a[0];
    }
}

pub struct ComplexLu {
    n: usize,
    ar: Vec<f64>,
    ai: Vec<f64>,
    ip: Vec<usize>,
}
impl ComplexLu {
    pub fn dense(n: usize) -> Self {
        Self {
            n,
            ar: vec![0.0; n * n],
            ai: vec![0.0; n * n],
            ip: vec![0; n],
        }
    }
    pub fn banded(_n: usize, _ml: usize, _mu: usize) -> Self {
        unimplemented!()
    }
    pub fn ld(&self) -> usize {
        self.n
    }
    pub fn matrix_mut(&mut self) -> (&mut [f64], &mut [f64]) {
        (&mut self.ar, &mut self.ai)
    }
    pub fn factor(&mut self) -> Result<(), Singular> {
        let n = self.n;
        let (ar, ai) = (&mut self.ar, &mut self.ai);
        for k in 0..n - 1 {
            let mut m = k;
            for i in k + 1..n {
                if ar[i + k * n].abs() + ai[i + k * n].abs()
                    > ar[m + k * n].abs() + ai[m + k * n].abs()
                {
                    m = i;
                }
            }
            self.ip[k] = m;
            let mut tr = ar[m + k * n];
            let mut ti = ai[m + k * n];
            if m != k {
                ar[m + k * n] = ar[k + k * n];
                ai[m + k * n] = ai[k + k * n];
                ar[k + k * n] = tr;
                ai[k + k * n] = ti;
            }
            if tr.abs() + ti.abs() == 0.0 {
                return Err(Singular { stage: k + 1 });
            }
            let den = tr * tr + ti * ti;
            tr = tr / den;
            ti = -ti / den;
            for i in k + 1..n {
                let prodr = ar[i + k * n] * tr - ai[i + k * n] * ti;
                let prodi = ai[i + k * n] * tr + ar[i + k * n] * ti;
                ar[i + k * n] = -prodr;
                ai[i + k * n] = -prodi;
            }
            for j in k + 1..n {
                let tr = ar[m + j * n];
                let ti = ai[m + j * n];
                ar[m + j * n] = ar[k + j * n];
                ai[m + j * n] = ai[k + j * n];
                ar[k + j * n] = tr;
                ai[k + j * n] = ti;
                if tr.abs() + ti.abs() == 0.0 {
                    continue;
                }
                if ti == 0.0 {
                    for i in k + 1..n {
                        let prodr = ar[i + k * n] * tr;
                        let prodi = ai[i + k * n] * tr;
                        ar[i + j * n] = ar[i + j * n] + prodr;
                        ai[i + j * n] = ai[i + j * n] + prodi;
                    }
                    continue;
                }
                if tr == 0.0 {
                    for i in k + 1..n {
                        let prodr = -ai[i + k * n] * ti;
                        let prodi = ar[i + k * n] * ti;
                        ar[i + j * n] = ar[i + j * n] + prodr;
                        ai[i + j * n] = ai[i + j * n] + prodi;
                    }
                    continue;
                }
                for i in k + 1..n {
                    let prodr = ar[i + k * n] * tr - ai[i + k * n] * ti;
                    let prodi = ai[i + k * n] * tr + ar[i + k * n] * ti;
                    ar[i + j * n] = ar[i + j * n] + prodr;
                    ai[i + j * n] = ai[i + j * n] + prodi;
                }
            }
        }
        if ar[n * n - 1].abs() + ai[n * n - 1].abs() == 0.0 {
            return Err(Singular { stage: n });
        }
        Ok(())
    }
    pub fn solve(&mut self, br: &mut [f64], bi: &mut [f64]) {
        let n = self.n;
        let (ar, ai) = (&self.ar, &self.ai);
        for k in 0..n - 1 {
            let m = self.ip[k];
            let tr = br[m];
            let ti = bi[m];
            br[m] = br[k];
            bi[m] = bi[k];
            br[k] = tr;
            bi[k] = ti;
            for i in k + 1..n {
                let prodr = ar[i + k * n] * tr - ai[i + k * n] * ti;
                let prodi = ai[i + k * n] * tr + ar[i + k * n] * ti;
                br[i] = br[i] + prodr;
                bi[i] = bi[i] + prodi;
            }
        }
        for k in (0..n).rev() {
            let d = k + k * n;
            let den = ar[d] * ar[d] + ai[d] * ai[d];
            let prodr = br[k] * ar[d] + bi[k] * ai[d];
            let prodi = bi[k] * ar[d] - br[k] * ai[d];
            br[k] = prodr / den;
            bi[k] = prodi / den;
            let tr = -br[k];
            let ti = -bi[k];
            for i in 0..k {
                let prodr = ar[i + k * n] * tr - ai[i + k * n] * ti;
                let prodi = ai[i + k * n] * tr + ar[i + k * n] * ti;
                br[i] = br[i] + prodr;
                bi[i] = bi[i] + prodi;
            }
        }
    }
}
