//! The Krylov linear solver of DDASKR's INFO(12) = 1 (DSLVK, DSPIGM, DATV, DORTH, DHEQR,
//! DHELS): the scaled preconditioned incomplete GMRES of Brown & Hindmarsh (1989) and
//! Brown, Hindmarsh & Petzold (SIAM J. Sci. Comput. 15, 1994), restarted up to NRMAX
//! times. The Jacobian is never formed: `A·v` is a difference quotient of the residual
//! (DATV), and the user's PSOL applies the left preconditioner.
//!
//! The vector kernels are LINPACK's BLAS as the original links them (its `dlinpk.f`):
//! DDOT sums in index order, DAXPY skips a zero multiplier, DNRM2 is Lawson's four-phase
//! norm, so every norm and inner product rounds as the original's.

use super::layout::{IW_KMP, IW_LOCWP, IW_MAXL, IW_NCFL, IW_NLI, IW_NPS, IW_NRE, IW_NRMAX};
use super::{Problem, ResFlag};
use crate::bdf::layout::as_index;
use crate::intrinsics::fmax;

/// Lawson's DNRM2 (LINPACK, 1978): the Euclidean norm, scaled against underflow below
/// CUTLO and against overflow from CUTHI/n, with the original's phases and comparisons.
pub fn dnrm2(x: &[f64]) -> f64 {
    const CUTLO: f64 = 8.232e-11;
    const CUTHI: f64 = 1.304e19;
    /// Where the main loop resumes (the original's assigned GO TO).
    #[derive(Clone, Copy, PartialEq)]
    enum Phase {
        Start,
        Zeros,
        Small,
        Large,
    }
    let n = x.len();
    if n == 0 {
        return 0.0;
    }
    let mut next = Phase::Start;
    let mut sum = 0.0_f64;
    let mut xmax = 0.0_f64;
    let mut i = 0;
    while i < n {
        let xi = x[i];
        // Label 30, 50: scan zeros; 70: small sum; 110: large sum (phase 4).
        let mut mid_range = false;
        match next {
            Phase::Start | Phase::Zeros => {
                if next == Phase::Start {
                    // Label 30.
                    if xi.abs() > CUTLO {
                        mid_range = true;
                    } else {
                        next = Phase::Zeros;
                        xmax = 0.0;
                    }
                }
                // Label 50: phase 1, the sum is zero.
                if !mid_range && xi != 0.0 {
                    if xi.abs() > CUTLO {
                        mid_range = true;
                    } else {
                        // Label 105: prepare for phase 2.
                        next = Phase::Small;
                        xmax = xi.abs();
                        let q = xi / xmax;
                        sum += q * q;
                    }
                }
            }
            Phase::Small => {
                if xi.abs() > CUTLO {
                    // Label 75: prepare for phase 3.
                    sum = (sum * xmax) * xmax;
                    mid_range = true;
                } else {
                    scaled_add(xi, &mut sum, &mut xmax);
                }
            }
            Phase::Large => scaled_add(xi, &mut sum, &mut xmax),
        }
        if mid_range {
            // Label 85: phase 3, no scaling, until a component reaches HITEST.
            let hitest = CUTHI / f64::from(n as f32);
            let mut j = i;
            loop {
                if j >= n {
                    return sum.sqrt();
                }
                if x[j].abs() >= hitest {
                    break;
                }
                sum += x[j] * x[j];
                j += 1;
            }
            // Label 100: prepare for phase 4.
            i = j;
            next = Phase::Large;
            let xi = x[i];
            sum = (sum / xi) / xi;
            xmax = xi.abs();
            let q = xi / xmax;
            sum += q * q;
        }
        i += 1;
    }
    xmax * sum.sqrt()
}

/// DNRM2's labels 110/115: adds `xi` to a sum scaled by `xmax`, rescaling when `xi` is
/// larger.
fn scaled_add(xi: f64, sum: &mut f64, xmax: &mut f64) {
    if xi.abs() <= *xmax {
        let q = xi / *xmax;
        *sum += q * q;
    } else {
        let q = *xmax / xi;
        *sum = 1.0 + *sum * (q * q);
        *xmax = xi.abs();
    }
}

/// DDOT: the inner product, summed in index order.
pub fn ddot(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for (a, b) in x.iter().zip(y) {
        s += a * b;
    }
    s
}

/// DAXPY: `y += a·x`, nothing when `a` is zero.
pub fn daxpy(a: f64, x: &[f64], y: &mut [f64]) {
    if a == 0.0 {
        return;
    }
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

/// DSCAL: `x = a·x`.
pub fn dscal(a: f64, x: &mut [f64]) {
    for xi in x.iter_mut() {
        *xi *= a;
    }
}

/// What a Krylov linear solve reports (DSLVK's IRES and IERSL; its RHOK is used by no
/// caller).
pub struct LinearSolve {
    /// The flag of the last residual evaluation (IRES).
    pub ires: ResFlag,
    /// IERSL: 0 converged, 1 recoverable failure, -1 unrecoverable (PSOL's IER < 0).
    pub iersl: i32,
}

/// Fixed inputs of one linear solve.
#[derive(Clone, Copy)]
pub struct Scalars {
    /// T of the residual and preconditioner calls.
    pub tn: f64,
    /// CJ.
    pub cj: f64,
    /// EPLIN: the bound on the preconditioned residual.
    pub eplin: f64,
    /// sqrt(NEQ).
    pub sqrtn: f64,
    /// 1/sqrt(NEQ).
    pub rsqrtn: f64,
}

/// Solves `A·x = b` for the right-hand side in `x` (DSLVK): the weights `ewt` are scaled
/// by 1/sqrt(NEQ) for the solve and back afterwards (so they come back as the original
/// leaves them), GMRES from a zero guess, restarted from its residual while it reduced
/// the residual but missed the tolerance, up to IWORK(26) times. Counts NLI, NPS, NRE and
/// NCFL in `iw`. `wm` is WM (GMRES work space, then WP), `iwp` the user's IWP.
#[allow(clippy::too_many_arguments)]
pub fn solve_linear<P: Problem + ?Sized>(
    p: &mut P,
    sc: &Scalars,
    y: &[f64],
    yp: &[f64],
    savr: &[f64],
    x: &mut [f64],
    ewt: &mut [f64],
    wm: &mut [f64],
    iwp: &mut [i32],
    iw: &mut [i32],
) -> LinearSolve {
    let neq = y.len();
    let maxl = as_index(iw[IW_MAXL]);
    let kmp = as_index(iw[IW_KMP]);
    let nrmax = iw[IW_NRMAX];
    let lwp = as_index(iw[IW_LOCWP]) - 1;
    let mut iersl = 0;
    let mut ires;
    dscal(sc.rsqrtn, ewt);
    let g = Gmres::split(wm, neq, maxl, kmp, lwp);
    let Gmres {
        vr,
        hes,
        q,
        wkdl,
        z,
        wp,
    } = g;
    let r0 = neq * maxl;
    vr[r0..r0 + neq].copy_from_slice(x);
    x.fill(0.0);
    let dl_at = if kmp < maxl { neq } else { 0 };
    let mut nrsts = -1;
    let mut iflag;
    loop {
        nrsts += 1;
        if nrsts > 0 {
            let (_, r) = vr.split_at_mut(r0);
            r[..neq].copy_from_slice(&wkdl[dl_at..dl_at + neq]);
        }
        let mut ctx = Spigm {
            sc,
            y,
            yp,
            savr,
            wght: ewt,
            maxl,
            kmp,
            vr: &mut *vr,
            hes: &mut *hes,
            q: &mut *q,
            wkdl: &mut *wkdl,
            dl_at,
            z: &mut *z,
            wp: &mut *wp,
            iwp: &mut *iwp,
        };
        let out = ctx.run(p, nrsts);
        iw[IW_NLI] += as_count(out.lgmr);
        iw[IW_NPS] += out.npsl;
        iw[IW_NRE] += out.nre;
        for (xi, zi) in x.iter_mut().zip(z.iter()) {
            *xi += zi;
        }
        ires = out.ires;
        iflag = out.iflag;
        if !(iflag == 1 && nrsts < nrmax && ires == ResFlag::Ok) {
            break;
        }
    }
    if ires != ResFlag::Ok {
        iw[IW_NCFL] += 1;
    } else if iflag != 0 {
        iw[IW_NCFL] += 1;
        iersl = iflag.signum();
    }
    dscal(sc.sqrtn, ewt);
    LinearSolve { ires, iersl }
}

fn as_count(v: usize) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// WM cut as DSLVK cuts it: V (MAXL columns, whose column MAXL + 1 is R, NEQ + 1 long),
/// HES, Q, WK and DL (one vector when KMP = MAXL), Z, and WP at IWORK(29).
struct Gmres<'a> {
    vr: &'a mut [f64],
    hes: &'a mut [f64],
    q: &'a mut [f64],
    wkdl: &'a mut [f64],
    z: &'a mut [f64],
    wp: &'a mut [f64],
}

impl<'a> Gmres<'a> {
    fn split(wm: &'a mut [f64], neq: usize, maxl: usize, kmp: usize, lwp: usize) -> Self {
        let (vr, rest) = wm.split_at_mut(neq * maxl + neq + 1);
        let (hes, rest) = rest.split_at_mut(maxl * (maxl + 1));
        let (q, rest) = rest.split_at_mut(2 * maxl);
        let nwk = if kmp < maxl { 2 * neq } else { neq };
        let (wkdl, rest) = rest.split_at_mut(nwk);
        let (z, rest) = rest.split_at_mut(neq);
        let used = neq * maxl + neq + 1 + maxl * (maxl + 1) + 2 * maxl + nwk + neq;
        let wp = &mut rest[lwp - used..];
        Gmres {
            vr,
            hes,
            q,
            wkdl,
            z,
            wp,
        }
    }
}

/// What one DSPIGM pass reports.
struct SpigmOut {
    ires: ResFlag,
    iflag: i32,
    lgmr: usize,
    npsl: i32,
    nre: i32,
}

/// One DSPIGM pass over the work space.
struct Spigm<'s, 'w> {
    sc: &'s Scalars,
    y: &'s [f64],
    yp: &'s [f64],
    savr: &'s [f64],
    wght: &'s [f64],
    maxl: usize,
    kmp: usize,
    vr: &'w mut [f64],
    hes: &'w mut [f64],
    q: &'w mut [f64],
    wkdl: &'w mut [f64],
    dl_at: usize,
    z: &'w mut [f64],
    wp: &'w mut [f64],
    iwp: &'w mut [i32],
}

impl Spigm<'_, '_> {
    /// HES(i, j), 1-based, column-major with leading dimension MAXL + 1.
    fn h(&self, i: usize, j: usize) -> usize {
        (i - 1) + (j - 1) * (self.maxl + 1)
    }

    /// DSPIGM: GMRES on the preconditioned, scaled system from Z = 0, with the right-hand
    /// side in R (preconditioned and scaled on the first pass, `nrsts` = 0).
    fn run<P: Problem + ?Sized>(&mut self, p: &mut P, nrsts: i32) -> SpigmOut {
        let neq = self.y.len();
        let (maxl, kmp) = (self.maxl, self.kmp);
        let sc = *self.sc;
        let mut out = SpigmOut {
            ires: ResFlag::Ok,
            iflag: 0,
            lgmr: 0,
            npsl: 0,
            nre: 0,
        };
        self.z.fill(0.0);
        let r0 = neq * maxl;
        if nrsts == 0 {
            let (v, r) = self.vr.split_at_mut(r0);
            let ier = p.solve_preconditioner(
                sc.tn,
                self.y,
                self.yp,
                self.savr,
                &mut self.wkdl[..neq],
                sc.cj,
                self.wght,
                self.wp,
                self.iwp,
                &mut r[..neq],
                sc.eplin,
            );
            out.npsl = 1;
            if ier != 0 {
                out.iflag = psol_flag(ier);
                return out;
            }
            for ((vi, ri), wi) in v[..neq].iter_mut().zip(&r[..neq]).zip(self.wght) {
                *vi = ri * wi;
            }
        } else {
            let (v, r) = self.vr.split_at_mut(r0);
            v[..neq].copy_from_slice(&r[..neq]);
        }
        let rnrm = dnrm2(&self.vr[..neq]);
        if rnrm <= sc.eplin {
            return out;
        }
        dscal(1.0 / rnrm, &mut self.vr[..neq]);
        self.hes.fill(0.0);
        let mut prod = 1.0;
        let mut rho = 0.0;
        let mut snormw = 0.0;
        let mut converged = false;
        let mut singular = false;
        for ll in 1..=maxl {
            out.lgmr = ll;
            let (ires, ier) = self.atv(p, ll, &mut out);
            if ires != ResFlag::Ok {
                out.ires = ires;
                return out;
            }
            if ier != 0 {
                out.iflag = psol_flag(ier);
                return out;
            }
            snormw = self.orth(ll);
            let at = self.h(ll + 1, ll);
            self.hes[at] = snormw;
            if givens_update(self.hes, maxl + 1, ll, self.q) == ll {
                singular = true;
                break;
            }
            prod *= self.q[2 * ll - 1];
            rho = (prod * rnrm).abs();
            if ll > kmp && kmp < maxl {
                if ll == kmp + 1 {
                    let at = self.dl_at;
                    let (v, wkdl) = (&*self.vr, &mut *self.wkdl);
                    let dl = &mut wkdl[at..at + neq];
                    dl.copy_from_slice(&v[..neq]);
                    for i in 1..=kmp {
                        let (s, c) = (self.q[2 * i - 1], self.q[2 * i - 2]);
                        for (d, vk) in dl.iter_mut().zip(&v[i * neq..(i + 1) * neq]) {
                            *d = s * *d + c * vk;
                        }
                    }
                }
                let s = self.q[2 * ll - 1];
                let c = self.q[2 * ll - 2] / snormw;
                let at = self.dl_at;
                let dl = &mut self.wkdl[at..at + neq];
                for (d, vk) in dl.iter_mut().zip(&self.vr[ll * neq..(ll + 1) * neq]) {
                    *d = s * *d + c * vk;
                }
                rho *= dnrm2(dl);
            }
            if rho <= sc.eplin {
                converged = true;
                break;
            }
            if ll == maxl {
                break;
            }
            dscal(1.0 / snormw, &mut self.vr[ll * neq..(ll + 1) * neq]);
        }
        if !converged {
            // Labels 100, 120, 150 (IF (RHO .LT. RNRM) GO TO 150: a NaN falls to 120).
            if singular || rho.partial_cmp(&rnrm) != Some(std::cmp::Ordering::Less) {
                out.iflag = 2;
                self.z.fill(0.0);
                return out;
            }
            out.iflag = 1;
            let at = self.dl_at;
            if kmp == maxl {
                let (v, wkdl) = (&*self.vr, &mut *self.wkdl);
                let dl = &mut wkdl[at..at + neq];
                dl.copy_from_slice(&v[..neq]);
                for i in 1..maxl {
                    let (s, c) = (self.q[2 * i - 1], self.q[2 * i - 2]);
                    for (d, vk) in dl.iter_mut().zip(&v[i * neq..(i + 1) * neq]) {
                        *d = s * *d + c * vk;
                    }
                }
                let s = self.q[2 * maxl - 1];
                let c = self.q[2 * maxl - 2] / snormw;
                for (d, vk) in dl.iter_mut().zip(&v[maxl * neq..(maxl + 1) * neq]) {
                    *d = s * *d + c * vk;
                }
            }
            dscal(rnrm * prod, &mut self.wkdl[at..at + neq]);
        }
        // Label 200: ZL from the least-squares solution.
        let ll = out.lgmr;
        let (v, r) = self.vr.split_at_mut(r0);
        r[..=ll].fill(0.0);
        r[0] = rnrm;
        hessenberg_solve(self.hes, maxl + 1, ll, self.q, r);
        self.z.fill(0.0);
        for i in 0..ll {
            daxpy(r[i], &v[i * neq..(i + 1) * neq], self.z);
        }
        for (zi, wi) in self.z.iter_mut().zip(self.wght) {
            *zi /= wi;
        }
        out
    }

    /// DATV: V(LL+1) = D⁻¹·P⁻¹·(G(y + D·v, y' + cj·D·v) - G)·… with `v` = V(LL) and D the
    /// inverse weights; Z serves as YPTEM, WK as VTEM. Returns IRES and PSOL's IER.
    fn atv<P: Problem + ?Sized>(
        &mut self,
        p: &mut P,
        ll: usize,
        out: &mut SpigmOut,
    ) -> (ResFlag, i32) {
        let neq = self.y.len();
        let sc = *self.sc;
        let (left, right) = self.vr.split_at_mut(ll * neq);
        let v = &left[(ll - 1) * neq..];
        let znew = &mut right[..neq];
        let vtem = &mut self.wkdl[..neq];
        for ((t, vi), wi) in vtem.iter_mut().zip(v).zip(self.wght) {
            *t = vi / wi;
        }
        for i in 0..neq {
            self.z[i] = self.yp[i] + vtem[i] * sc.cj;
            znew[i] = self.y[i] + vtem[i];
        }
        let ires = p.residual(sc.tn, znew, self.z, sc.cj, vtem);
        out.nre += 1;
        if ires != ResFlag::Ok {
            return (ires, 0);
        }
        for ((zi, t), s) in znew.iter_mut().zip(vtem.iter()).zip(self.savr) {
            *zi = t - s;
        }
        let ier = p.solve_preconditioner(
            sc.tn, self.y, self.yp, self.savr, self.z, sc.cj, self.wght, self.wp, self.iwp, znew,
            sc.eplin,
        );
        out.npsl += 1;
        if ier != 0 {
            return (ResFlag::Ok, ier);
        }
        for (zi, wi) in znew.iter_mut().zip(self.wght) {
            *zi *= wi;
        }
        (ResFlag::Ok, 0)
    }

    /// DORTH: modified Gram-Schmidt of V(LL+1) against V(I0..LL), I0 = max(1, LL-KMP+1),
    /// into HES(*, LL), with one reorthogonalisation when the norm dropped by 1000.
    /// Returns the norm of the new vector.
    fn orth(&mut self, ll: usize) -> f64 {
        let neq = self.y.len();
        let i0 = if ll + 1 > self.kmp {
            ll + 1 - self.kmp
        } else {
            1
        }
        .max(1);
        let (left, right) = self.vr.split_at_mut(ll * neq);
        let vnew = &mut right[..neq];
        let vnrm = dnrm2(vnew);
        for i in i0..=ll {
            let vi = &left[(i - 1) * neq..i * neq];
            let at = (i - 1) + (ll - 1) * (self.maxl + 1);
            self.hes[at] = ddot(vi, vnew);
            daxpy(-self.hes[at], vi, vnew);
        }
        let mut snormw = dnrm2(vnew);
        if vnrm + 0.001 * snormw != vnrm {
            return snormw;
        }
        let mut sumdsq = 0.0;
        for i in i0..=ll {
            let vi = &left[(i - 1) * neq..i * neq];
            let at = (i - 1) + (ll - 1) * (self.maxl + 1);
            let tem = -ddot(vi, vnew);
            if self.hes[at] + 0.001 * tem == self.hes[at] {
                continue;
            }
            self.hes[at] -= tem;
            daxpy(tem, vi, vnew);
            sumdsq += tem * tem;
        }
        if sumdsq == 0.0 {
            return snormw;
        }
        let d = snormw * snormw - sumdsq;
        // ARG = MAX(0.0D0, ...) as compiled (MAXSD): a NaN difference gives 0.
        snormw = fmax(d, 0.0).sqrt();
        snormw
    }
}

/// DSPIGM label 300: IFLAG from PSOL's IER (-1 unrecoverable, 3 recoverable).
fn psol_flag(ier: i32) -> i32 {
    if ier < 0 {
        -1
    } else {
        3
    }
}

/// DHEQR with IJOB = N: column N of the Hessenberg matrix `a` (leading dimension `lda`,
/// 1-based N) times the earlier Givens rotations in `q`, then the rotation that zeroes
/// A(N+1, N). Returns INFO: N when the new diagonal element is zero, else 0.
fn givens_update(a: &mut [f64], lda: usize, n: usize, q: &mut [f64]) -> usize {
    let at = |i: usize, j: usize| (i - 1) + (j - 1) * lda;
    for k in 1..n {
        let i = 2 * (k - 1);
        let (t1, t2) = (a[at(k, n)], a[at(k + 1, n)]);
        let (c, s) = (q[i], q[i + 1]);
        a[at(k, n)] = c * t1 - s * t2;
        a[at(k + 1, n)] = s * t1 + c * t2;
    }
    let (t1, t2) = (a[at(n, n)], a[at(n + 1, n)]);
    let (c, s) = if t2 == 0.0 {
        (1.0, 0.0)
    } else if t2.abs() < t1.abs() {
        let t = t2 / t1;
        let c = 1.0 / (1.0 + t * t).sqrt();
        (c, -c * t)
    } else {
        let t = t1 / t2;
        let s = -1.0 / (1.0 + t * t).sqrt();
        (-s * t, s)
    };
    q[2 * n - 2] = c;
    q[2 * n - 1] = s;
    a[at(n, n)] = c * t1 - s * t2;
    if a[at(n, n)] == 0.0 {
        n
    } else {
        0
    }
}

/// DHELS: the least-squares solution of the N-column Hessenberg system from its QR
/// factors (`a`, `q`), over `b` (N + 1 values in, the solution in the first N out).
fn hessenberg_solve(a: &[f64], lda: usize, n: usize, q: &[f64], b: &mut [f64]) {
    for k in 1..=n {
        let (c, s) = (q[2 * k - 2], q[2 * k - 1]);
        let (t1, t2) = (b[k - 1], b[k]);
        b[k - 1] = c * t1 - s * t2;
        b[k] = s * t1 + c * t2;
    }
    for k in (1..=n).rev() {
        let col = &a[(k - 1) * lda..];
        b[k - 1] /= col[k - 1];
        let t = -b[k - 1];
        daxpy(t, &col[..k - 1], &mut b[..k - 1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dnrm2_phases() {
        assert_eq!(dnrm2(&[3.0, 4.0]), 5.0);
        assert_eq!(dnrm2(&[0.0, 0.0]), 0.0);
        let tiny = [1e-20, 0.0, 2e-20];
        assert!((dnrm2(&tiny) - 5f64.sqrt() * 1e-20).abs() < 1e-34);
        let huge = [1e300, 1e300];
        assert!((dnrm2(&huge) - 2f64.sqrt() * 1e300).abs() < 1e286);
        let mixed = [1e-20, 1.0, 1e19];
        assert!((dnrm2(&mixed) - 1e19).abs() < 1e4);
    }

    #[test]
    fn hessenberg_least_squares() {
        // A 2x1 column [3; 4]: the least-squares solution of [3; 4]·x = [5; 0] is 3/5.
        let mut a = vec![3.0, 4.0];
        let mut q = vec![0.0; 2];
        assert_eq!(givens_update(&mut a, 2, 1, &mut q), 0);
        let mut b = vec![5.0, 0.0];
        hessenberg_solve(&a, 2, 1, &q, &mut b);
        assert!((b[0] - 0.6).abs() < 1e-15);
    }
}
