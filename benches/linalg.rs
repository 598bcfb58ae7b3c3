//! Dense LU, factor + one solve as RADAU5 does per decomposition, real and complex, for
//! several orders and fills. With `STIFFDAE_ORIGINAL_SRC=<dir holding decsol.f>` the
//! original DEC/SOL and DECC/SOLC are compiled at run time (`gfortran -O2 -shared -fPIC`,
//! into `target/`), loaded with `dlopen`, timed on the same matrices, and their factors
//! compared bit for bit with ours. Nothing of the original is shipped or fetched.
//! `cargo bench --bench linalg`.

use std::ffi::{c_char, c_int, c_void, CString};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use stiffdae::linalg::{ComplexLu, RealLu, Singular};

type Dec = unsafe extern "C" fn(*const c_int, *const c_int, *mut f64, *mut c_int, *mut c_int);
type Sol = unsafe extern "C" fn(*const c_int, *const c_int, *const f64, *mut f64, *const c_int);
type Decc =
    unsafe extern "C" fn(*const c_int, *const c_int, *mut f64, *mut f64, *mut c_int, *mut c_int);
type Solc = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *const f64,
    *const f64,
    *mut f64,
    *mut f64,
    *const c_int,
);

type Decb = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *mut f64,
    *const c_int,
    *const c_int,
    *mut c_int,
    *mut c_int,
);
type Solb = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *const f64,
    *const c_int,
    *const c_int,
    *mut f64,
    *const c_int,
);

type Decbc = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *mut f64,
    *mut f64,
    *const c_int,
    *const c_int,
    *mut c_int,
    *mut c_int,
);
type Solbc = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *const f64,
    *const f64,
    *const c_int,
    *const c_int,
    *mut f64,
    *mut f64,
    *const c_int,
);

/// The original's entry points, from the user's `decsol.f`.
struct Original {
    dec: Dec,
    sol: Sol,
    decc: Decc,
    solc: Solc,
    decb: Decb,
    solb: Solb,
    decbc: Decbc,
    solbc: Solbc,
}

impl Original {
    fn load(src: &Path) -> Self {
        let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/decsol_original.so");
        let status = Command::new("gfortran")
            .args(["-O2", "-shared", "-fPIC", "-o"])
            .arg(&out)
            .arg(src.join("decsol.f"))
            .status()
            .expect("gfortran runs");
        assert!(status.success(), "gfortran compiles decsol.f");
        let path = CString::new(out.to_str().expect("UTF-8 path")).expect("no NUL");
        // SAFETY: `path` is a NUL-terminated string that outlives the call.
        let lib = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        assert!(!lib.is_null(), "dlopen {}", out.display());
        let sym = |name: &str| -> *mut c_void {
            let c = CString::new(name).expect("no NUL");
            // SAFETY: `lib` is a live handle from dlopen and `c` is NUL-terminated.
            let p = unsafe { libc::dlsym(lib, c.as_ptr() as *const c_char) };
            assert!(!p.is_null(), "symbol {name}");
            p
        };
        // SAFETY: the symbols are gfortran's compilations of DEC, SOL, DECC, SOLC, DECB,
        // SOLB, DECBC and SOLBC,
        // whose argument lists (all by reference) are the types above; the library is
        // never closed.
        unsafe {
            Self {
                dec: std::mem::transmute::<*mut c_void, Dec>(sym("dec_")),
                sol: std::mem::transmute::<*mut c_void, Sol>(sym("sol_")),
                decc: std::mem::transmute::<*mut c_void, Decc>(sym("decc_")),
                solc: std::mem::transmute::<*mut c_void, Solc>(sym("solc_")),
                decb: std::mem::transmute::<*mut c_void, Decb>(sym("decb_")),
                solb: std::mem::transmute::<*mut c_void, Solb>(sym("solb_")),
                decbc: std::mem::transmute::<*mut c_void, Decbc>(sym("decbc_")),
                solbc: std::mem::transmute::<*mut c_void, Solbc>(sym("solbc_")),
            }
        }
    }
}

#[derive(Clone, Copy)]
enum Fill {
    Dense,
    /// A band matrix of half-bandwidth 2 stored full (mostly zeros).
    Banded,
    /// About 10 % of the off-diagonal entries nonzero, at random places.
    Sparse,
}

impl Fill {
    fn name(self) -> &'static str {
        match self {
            Fill::Dense => "dense",
            Fill::Banded => "band2",
            Fill::Sparse => "10%",
        }
    }
}

/// A deterministic pseudo-random generator (64-bit LCG), values in [-1, 1).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// Column-major n×n matrix of the given fill; the diagonal is nonzero.
fn matrix(n: usize, fill: Fill, seed: u64) -> Vec<f64> {
    let mut g = Lcg(seed);
    let mut a = vec![0.0; n * n];
    for j in 0..n {
        for i in 0..n {
            let v = g.next();
            let keep = match fill {
                Fill::Dense => true,
                Fill::Banded => i.abs_diff(j) <= 2,
                Fill::Sparse => i == j || (g.next() + 1.0) < 0.2,
            };
            if keep {
                a[i + j * n] = if i == j { v + 2.0 } else { v };
            }
        }
    }
    a
}

/// Seconds of interleaved sampling per comparison (`STIFFDAE_BENCH_SECONDS`, default 0.4).
fn budget() -> f64 {
    std::env::var("STIFFDAE_BENCH_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.4)
}

/// Median nanoseconds per call of `f` and of `g` (`g` may be absent) and the median of
/// the ratios f/g over each run of four samples f g g f. A sample times a batch of calls
/// lasting at least 20 µs (so the clock's cost and resolution vanish); the samples of the
/// two alternate, f g g f f g g f ..., so that a change in the machine's load or clock
/// hits both alike, and each ratio takes both orders (for the large orders the code that
/// runs second finds the caches filled by the first: a ratio of single pairs would
/// depend on which ran first). Preempted samples are outliers the median ignores.
fn median_ns(mut f: impl FnMut(), mut g: Option<impl FnMut()>) -> (f64, f64, f64) {
    let time = |h: &mut dyn FnMut(), batch: usize| {
        let t = Instant::now();
        for _ in 0..batch {
            h();
        }
        t.elapsed().as_secs_f64() / batch as f64
    };
    // Calibrate on warm caches: double the batch until it lasts 20 µs.
    let mut batch = 1;
    let mut once = time(&mut f, 1);
    while once * (batch as f64) < 2e-5 {
        batch *= 2;
        once = time(&mut f, batch);
    }
    let sample = once * batch as f64;
    // Warm up both (caches, branch predictors, clock) for about 20 ms.
    for _ in 0..((0.01 / sample) as usize).max(1) {
        time(&mut f, batch);
        if let Some(g) = g.as_mut() {
            time(g, batch);
        }
    }
    let pairs = ((budget() / (2.0 * sample)) as usize).clamp(18, 4002);
    let (mut tf, mut tg, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
    for rep in 0..pairs {
        let (a, b) = match g.as_mut() {
            None => (time(&mut f, batch), f64::NAN),
            Some(g) if rep % 2 == 0 => (time(&mut f, batch), time(g, batch)),
            Some(g) => {
                let b = time(g, batch);
                (time(&mut f, batch), b)
            }
        };
        tf.push(a * 1e9);
        if !b.is_nan() {
            tg.push(b * 1e9);
            if rep % 2 == 1 {
                ratio.push((tf[rep - 1] + tf[rep]) / (tg[rep - 1] + tg[rep]));
            }
        }
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    };
    (median(tf), median(tg), median(ratio))
}

/// Our entry points behind a call each, as the original's are behind its function
/// pointers: both sides pay one call per factorisation and per solve.
#[inline(never)]
fn factor_real(lu: &mut RealLu) -> Result<(), Singular> {
    lu.factor()
}

#[inline(never)]
fn solve_real(lu: &mut RealLu, b: &mut [f64]) {
    lu.solve(b);
}

#[inline(never)]
fn factor_complex(lu: &mut ComplexLu) -> Result<(), Singular> {
    lu.factor()
}

#[inline(never)]
fn solve_complex(lu: &mut ComplexLu, br: &mut [f64], bi: &mut [f64]) {
    lu.solve(br, bi);
}

/// A copy of `a` at a chosen address modulo the 4 KiB page: `offset` bytes after `like`.
///
/// The original's matrix and right-hand side are placed as ours ([`Placed::twin`]): where
/// a small matrix lies decides whether it straddles a cache line or a page (the 64-byte
/// matrix of order 2 with one sub- and one superdiagonal, allocated by `RealLu` at 4080
/// mod 4096 in one run, took 49 ns instead of 28), and that must cost both sides alike.
/// The sources of the copies before each factorisation lie half a page away from their
/// destinations ([`Placed::source`]), so that neither side suffers from 4K aliasing.
struct Placed {
    buf: Vec<f64>,
    at: usize,
    len: usize,
}

impl Placed {
    fn new(a: &[f64], like: *const f64, offset: usize) -> Self {
        let mut buf = vec![0.0; a.len() + 512];
        let base = buf.as_ptr() as usize;
        let at = (0..512)
            .find(|o| (base + 8 * o).wrapping_sub(like as usize) % 4096 == offset)
            .unwrap_or(0);
        buf[at..at + a.len()].copy_from_slice(a);
        Self {
            buf,
            at,
            len: a.len(),
        }
    }

    /// `a` at the same address as `like` modulo the page.
    fn twin(a: &[f64], like: *const f64) -> Self {
        Self::new(a, like, 0)
    }

    /// `a` half a page away from `dst`.
    fn source(a: &[f64], dst: *const f64) -> Self {
        Self::new(a, dst, 2048)
    }

    fn get(&self) -> &[f64] {
        &self.buf[self.at..self.at + self.len]
    }

    fn get_mut(&mut self) -> &mut [f64] {
        &mut self.buf[self.at..self.at + self.len]
    }
}

/// Bitwise equality, any NaN equal to any NaN (the payload is not part of the contract).
fn same_bits(x: &[f64], y: &[f64]) -> bool {
    x.iter()
        .zip(y)
        .all(|(a, b)| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()))
}

/// Our and the original's time (ns) and whether the factors agree bit for bit.
fn real(n: usize, fill: Fill, orig: Option<&Original>) -> (f64, Option<(f64, f64, bool)>) {
    let a = matrix(n, fill, 1 + n as u64);
    let b: Vec<f64> = (0..n).map(|i| i as f64 - 0.5).collect();
    let mut lu = RealLu::dense(n);
    let src = Placed::source(&a, lu.matrix_mut().as_ptr());
    let mut x = b.clone();
    let (like_a, like_x) = (lu.matrix_mut().as_ptr(), x.as_ptr());
    let ours = || {
        lu.matrix_mut().copy_from_slice(src.get());
        let _ = black_box(factor_real(&mut lu));
        x.copy_from_slice(&b);
        solve_real(&mut lu, black_box(&mut x));
    };
    let Some(o) = orig else {
        return (median_ns(ours, None::<fn()>).0, None);
    };
    let (ni, mut ip, mut ier) = (n as c_int, vec![0 as c_int; n], 0 as c_int);
    let (mut fb, mut yb) = (Placed::twin(&a, like_a), Placed::twin(&b, like_x));
    let (f, y) = (fb.get_mut(), yb.get_mut());
    let src_f = Placed::source(&a, f.as_ptr());
    let mut run = || {
        f.copy_from_slice(src_f.get());
        // SAFETY: f is n×n with leading dimension n, ip and y have n entries.
        unsafe {
            (o.dec)(&ni, &ni, f.as_mut_ptr(), ip.as_mut_ptr(), &mut ier);
            y.copy_from_slice(&b);
            if ier == 0 {
                (o.sol)(&ni, &ni, f.as_ptr(), black_box(y.as_mut_ptr()), ip.as_ptr());
            }
        }
    };
    let (ours, theirs, ratio) = median_ns(ours, Some(&mut run));
    run();
    lu.matrix_mut().copy_from_slice(&a);
    let ok = lu.factor().map_err(|s| s.stage as c_int).err().unwrap_or(0) == ier;
    x.copy_from_slice(&b);
    if ier == 0 {
        lu.solve(&mut x);
    }
    let equal = ok && same_bits(lu.matrix_mut(), f) && (ier != 0 || same_bits(&x, y));
    (ours, Some((theirs, ratio, equal)))
}

fn complex(n: usize, fill: Fill, orig: Option<&Original>) -> (f64, Option<(f64, f64, bool)>) {
    let (ar, ai) = (matrix(n, fill, 7 + n as u64), matrix(n, fill, 7 + n as u64));
    // The same pattern for both parts, different values.
    let ai: Vec<f64> = ai.iter().map(|v| 0.5 * v).collect();
    let b: Vec<f64> = (0..n).map(|i| i as f64 - 0.5).collect();
    let mut lu = ComplexLu::dense(n);
    let (sr, si) = {
        let (r, i) = lu.matrix_mut();
        (
            Placed::source(&ar, r.as_ptr()),
            Placed::source(&ai, i.as_ptr()),
        )
    };
    let (mut xr, mut xi) = (b.clone(), b.clone());
    let (like_r, like_i) = {
        let (r, i) = lu.matrix_mut();
        (r.as_ptr(), i.as_ptr())
    };
    let (like_xr, like_xi) = (xr.as_ptr(), xi.as_ptr());
    let ours = || {
        let (r, i) = lu.matrix_mut();
        r.copy_from_slice(sr.get());
        i.copy_from_slice(si.get());
        let _ = black_box(factor_complex(&mut lu));
        xr.copy_from_slice(&b);
        xi.copy_from_slice(&b);
        solve_complex(&mut lu, black_box(&mut xr), black_box(&mut xi));
    };
    let Some(o) = orig else {
        return (median_ns(ours, None::<fn()>).0, None);
    };
    let (ni, mut ip, mut ier) = (n as c_int, vec![0 as c_int; n], 0 as c_int);
    let (mut frb, mut fib) = (Placed::twin(&ar, like_r), Placed::twin(&ai, like_i));
    let (mut yrb, mut yib) = (Placed::twin(&b, like_xr), Placed::twin(&b, like_xi));
    let (fr, fi) = (frb.get_mut(), fib.get_mut());
    let (yr, yi) = (yrb.get_mut(), yib.get_mut());
    let (sfr, sfi) = (
        Placed::source(&ar, fr.as_ptr()),
        Placed::source(&ai, fi.as_ptr()),
    );
    let mut run = || {
        fr.copy_from_slice(sfr.get());
        fi.copy_from_slice(sfi.get());
        // SAFETY: fr and fi are n×n with leading dimension n, ip, yr and yi have n entries.
        unsafe {
            (o.decc)(
                &ni,
                &ni,
                fr.as_mut_ptr(),
                fi.as_mut_ptr(),
                ip.as_mut_ptr(),
                &mut ier,
            );
            yr.copy_from_slice(&b);
            yi.copy_from_slice(&b);
            if ier == 0 {
                (o.solc)(
                    &ni,
                    &ni,
                    fr.as_ptr(),
                    fi.as_ptr(),
                    black_box(yr.as_mut_ptr()),
                    black_box(yi.as_mut_ptr()),
                    ip.as_ptr(),
                );
            }
        }
    };
    let (ours, theirs, ratio) = median_ns(ours, Some(&mut run));
    run();
    {
        let (r, i) = lu.matrix_mut();
        r.copy_from_slice(&ar);
        i.copy_from_slice(&ai);
    }
    let ok = lu.factor().map_err(|s| s.stage as c_int).err().unwrap_or(0) == ier;
    xr.copy_from_slice(&b);
    xi.copy_from_slice(&b);
    if ier == 0 {
        lu.solve(&mut xr, &mut xi);
    }
    let (r, i) = lu.matrix_mut();
    let equal = ok
        && same_bits(r, fr)
        && same_bits(i, fi)
        && (ier != 0 || (same_bits(&xr, yr) && same_bits(&xi, yi)));
    (ours, Some((theirs, ratio, equal)))
}

/// DECB + SOLB against [`RealLu::banded`]: a random band matrix (diagonal shifted by 2).
fn banded(n: usize, ml: usize, mu: usize, o: &Original) -> (f64, f64, f64, bool) {
    let ld = 2 * ml + mu + 1;
    let a = band_matrix(n, ml, mu, 3 + n as u64, 2.0);
    let b: Vec<f64> = (0..n).map(|i| i as f64 - 0.5).collect();
    let mut lu = RealLu::banded(n, ml, mu);
    let src = Placed::source(&a, lu.matrix_mut().as_ptr());
    let mut x = b.clone();
    let (like_a, like_x) = (lu.matrix_mut().as_ptr(), x.as_ptr());
    let ours = || {
        lu.matrix_mut().copy_from_slice(src.get());
        let _ = black_box(factor_real(&mut lu));
        x.copy_from_slice(&b);
        solve_real(&mut lu, black_box(&mut x));
    };
    let (ni, ldi, mli, mui) = (n as c_int, ld as c_int, ml as c_int, mu as c_int);
    let (mut ip, mut ier) = (vec![0 as c_int; n], 0 as c_int);
    let (mut fb, mut yb) = (Placed::twin(&a, like_a), Placed::twin(&b, like_x));
    let (f, y) = (fb.get_mut(), yb.get_mut());
    let src_f = Placed::source(&a, f.as_ptr());
    let mut run = || {
        f.copy_from_slice(src_f.get());
        // SAFETY: f holds n columns of leading dimension 2 ml + mu + 1, ip and y n entries.
        unsafe {
            (o.decb)(
                &ni,
                &ldi,
                f.as_mut_ptr(),
                &mli,
                &mui,
                ip.as_mut_ptr(),
                &mut ier,
            );
            y.copy_from_slice(&b);
            if ier == 0 {
                let yp = black_box(y.as_mut_ptr());
                (o.solb)(&ni, &ldi, f.as_ptr(), &mli, &mui, yp, ip.as_ptr());
            }
        }
    };
    let (ours, theirs, ratio) = median_ns(ours, Some(&mut run));
    run();
    lu.matrix_mut().copy_from_slice(&a);
    let ok = lu.factor().is_ok() == (ier == 0);
    x.copy_from_slice(&b);
    lu.solve(&mut x);
    let equal = ok && same_bits(lu.matrix_mut(), f) && same_bits(&x, y);
    (ours, theirs, ratio, equal)
}

/// A random band matrix in DECB's storage (diagonal shifted by `shift`).
fn band_matrix(n: usize, ml: usize, mu: usize, seed: u64, shift: f64) -> Vec<f64> {
    let ld = 2 * ml + mu + 1;
    let mut g = Lcg(seed);
    let mut a = vec![0.0; ld * n];
    for j in 0..n {
        for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
            a[ml + mu + i - j + j * ld] = g.next() + if i == j { shift } else { 0.0 };
        }
    }
    a
}

/// DECBC + SOLBC against [`ComplexLu::banded`].
fn banded_complex(n: usize, ml: usize, mu: usize, o: &Original) -> (f64, f64, f64, bool) {
    let ld = 2 * ml + mu + 1;
    let ar = band_matrix(n, ml, mu, 5 + n as u64, 2.0);
    let ai = band_matrix(n, ml, mu, 9 + n as u64, 0.0);
    let b: Vec<f64> = (0..n).map(|i| i as f64 - 0.5).collect();
    let mut lu = ComplexLu::banded(n, ml, mu);
    let (sr, si) = {
        let (r, i) = lu.matrix_mut();
        (
            Placed::source(&ar, r.as_ptr()),
            Placed::source(&ai, i.as_ptr()),
        )
    };
    let (mut xr, mut xi) = (b.clone(), b.clone());
    let (like_r, like_i) = {
        let (r, i) = lu.matrix_mut();
        (r.as_ptr(), i.as_ptr())
    };
    let (like_xr, like_xi) = (xr.as_ptr(), xi.as_ptr());
    let ours = || {
        let (r, i) = lu.matrix_mut();
        r.copy_from_slice(sr.get());
        i.copy_from_slice(si.get());
        let _ = black_box(factor_complex(&mut lu));
        xr.copy_from_slice(&b);
        xi.copy_from_slice(&b);
        solve_complex(&mut lu, black_box(&mut xr), black_box(&mut xi));
    };
    let (ni, ldi, mli, mui) = (n as c_int, ld as c_int, ml as c_int, mu as c_int);
    let (mut ip, mut ier) = (vec![0 as c_int; n], 0 as c_int);
    let (mut frb, mut fib) = (Placed::twin(&ar, like_r), Placed::twin(&ai, like_i));
    let (mut yrb, mut yib) = (Placed::twin(&b, like_xr), Placed::twin(&b, like_xi));
    let (fr, fi) = (frb.get_mut(), fib.get_mut());
    let (yr, yi) = (yrb.get_mut(), yib.get_mut());
    let (sfr, sfi) = (
        Placed::source(&ar, fr.as_ptr()),
        Placed::source(&ai, fi.as_ptr()),
    );
    let mut run = || {
        fr.copy_from_slice(sfr.get());
        fi.copy_from_slice(sfi.get());
        // SAFETY: fr and fi hold n columns of leading dimension 2 ml + mu + 1, ip, yr and
        // yi n entries.
        unsafe {
            (o.decbc)(
                &ni,
                &ldi,
                fr.as_mut_ptr(),
                fi.as_mut_ptr(),
                &mli,
                &mui,
                ip.as_mut_ptr(),
                &mut ier,
            );
            yr.copy_from_slice(&b);
            yi.copy_from_slice(&b);
            if ier == 0 {
                let (pr, pi) = (black_box(yr.as_mut_ptr()), black_box(yi.as_mut_ptr()));
                (o.solbc)(
                    &ni,
                    &ldi,
                    fr.as_ptr(),
                    fi.as_ptr(),
                    &mli,
                    &mui,
                    pr,
                    pi,
                    ip.as_ptr(),
                );
            }
        }
    };
    let (ours, theirs, ratio) = median_ns(ours, Some(&mut run));
    run();
    {
        let (r, i) = lu.matrix_mut();
        r.copy_from_slice(&ar);
        i.copy_from_slice(&ai);
    }
    let ok = lu.factor().is_ok() == (ier == 0);
    xr.copy_from_slice(&b);
    xi.copy_from_slice(&b);
    lu.solve(&mut xr, &mut xi);
    let (r, i) = lu.matrix_mut();
    let equal =
        ok && same_bits(r, fr) && same_bits(i, fi) && same_bits(&xr, yr) && same_bits(&xi, yi);
    (ours, theirs, ratio, equal)
}

/// Half a second of factorisations before the first row: the rows measured first (the
/// order-1 ones, 10 ns a call) otherwise catch the processor still raising its clock and
/// read anywhere from 9 to 16 ns for the same code.
fn warm_up() {
    let a = matrix(50, Fill::Dense, 7);
    let mut lu = RealLu::dense(50);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < 0.5 {
        lu.matrix_mut().copy_from_slice(&a);
        let _ = black_box(factor_real(&mut lu));
    }
}

fn main() {
    let orig = std::env::var_os("STIFFDAE_ORIGINAL_SRC").map(|d| Original::load(Path::new(&d)));
    if orig.is_none() {
        println!("(set STIFFDAE_ORIGINAL_SRC to a directory with decsol.f to compare)");
    }
    let sizes = [
        1, 2, 3, 5, 8, 10, 16, 27, 32, 33, 50, 64, 100, 200, 400, 1000,
    ];
    warm_up();
    println!("factor + solve, median ns; ratio: median of ours / original over interleaved");
    println!("runs of four (ours, original, original, ours); bits: factors, IER and solution");
    println!("equal to the original's bit for bit");
    println!(
        "{:>5} {:>6} {:>12} {:>12} {:>6} {:>5} {:>12} {:>12} {:>6} {:>5}",
        "n", "fill", "real", "DEC+SOL", "ratio", "bits", "complex", "DECC+SOLC", "ratio", "bits"
    );
    let mut worst: f64 = 0.0;
    // STIFFDAE_BENCH_N=8,100 restricts the table to those orders.
    let only: Option<Vec<usize>> = std::env::var("STIFFDAE_BENCH_N")
        .ok()
        .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect());
    // STIFFDAE_BENCH_TABLE=dense or banded runs that table alone.
    let table = std::env::var("STIFFDAE_BENCH_TABLE").unwrap_or_default();
    for n in sizes {
        if table == "banded" || only.as_ref().is_some_and(|o| !o.contains(&n)) {
            continue;
        }
        for fill in [Fill::Dense, Fill::Banded, Fill::Sparse] {
            let (r, ro) = real(n, fill, orig.as_ref());
            let (c, co) = complex(n, fill, orig.as_ref());
            let mut col = |o: Option<(f64, f64, bool)>| match o {
                Some((t, ratio, eq)) => {
                    worst = worst.max(ratio);
                    let bits = if eq { "yes" } else { "NO" };
                    format!("{t:>12.0} {ratio:>6.2} {bits:>5}")
                }
                None => format!("{:>12} {:>6} {:>5}", "-", "-", "-"),
            };
            let (rs, cs) = (col(ro), col(co));
            println!("{n:>5} {:>6} {r:>12.0} {rs} {c:>12.0} {cs}", fill.name());
        }
    }
    if orig.is_some() && table != "banded" {
        println!("worst ratio ours/original: {worst:.2}");
    }
    if let Some(o) = orig.as_ref().filter(|_| table != "dense") {
        let mut band_worst: f64 = 0.0;
        println!("\nbanded storage, factor + solve, median ns");
        println!(
            "{:>5} {:>3} {:>3} {:>12} {:>12} {:>6} {:>5} {:>12} {:>12} {:>6} {:>5}",
            "n",
            "ml",
            "mu",
            "real",
            "DECB+SOLB",
            "ratio",
            "bits",
            "complex",
            "DECBC+SOLBC",
            "ratio",
            "bits"
        );
        for (n, ml, mu) in [
            (1, 0, 0),
            (2, 1, 1),
            (3, 1, 1),
            (5, 1, 1),
            (8, 2, 1),
            (10, 1, 3),
            (16, 0, 2),
            (27, 2, 2),
            (50, 2, 2),
            (100, 1, 1),
            (200, 10, 10),
            (1000, 1, 1),
            (1000, 2, 2),
            (1000, 5, 3),
            (1000, 20, 20),
        ] {
            if only.as_ref().is_some_and(|o| !o.contains(&n)) {
                continue;
            }
            let (r, rt, rr, re) = banded(n, ml, mu, o);
            let (c, ct, cr, ce) = banded_complex(n, ml, mu, o);
            band_worst = band_worst.max(rr).max(cr);
            let yes = |e: bool| if e { "yes" } else { "NO" };
            println!(
                "{n:>5} {ml:>3} {mu:>3} {r:>12.0} {rt:>12.0} {rr:>6.2} {:>5} {c:>12.0} {ct:>12.0} {cr:>6.2} {:>5}",
                yes(re),
                yes(ce)
            );
        }
        println!("worst banded ratio ours/original: {band_worst:.2}");
    }
}
