//! Gaussian elimination with partial pivoting after Hairer's `decsol.f` (C. B. Moler,
//! Algorithm 423, CACM 15 (1972); banded version after DECB of Hindmarsh).
//!
//! Column-major storage with leading dimension `lda`, 0-based indices. The multipliers
//! are stored negated below the diagonal, as in the original, and `ip[k]` is the row
//! exchanged with row `k` at stage `k`. The arithmetic is that of the original, operation
//! for operation (which is why some updates are not written as compound assignments).
#![allow(
    clippy::assign_op_pattern,
    clippy::manual_swap,
    clippy::needless_range_loop,
    clippy::too_many_arguments
)]

use super::{Band, Singular};

/// Each order's dense kernels, real (DEC, SOL) and complex (DECC, SOLC), in a module and
/// a text section of their own ([`hot_path!`]`(kernels, order)`): a solve runs the
/// kernels of one order, and so touches one stretch of kernel text, not four instances
/// spread over the 200 kB the instances of all orders take (each a page fault on a
/// program's first solve). The functions are the generic kernels instantiated for the
/// constant order, which the compiler specialises (for the smallest orders unrolls).
///
/// Orders 2 and 3 (22 kB together) lie instead in the groups of the code that calls them,
/// the real ones with `real`, the complex ones with `complex`: a solve of those orders
/// then runs in one stretch of text with the integrators' own (RADAU5 vdpol 1e-4, first
/// solve: 3.6 → 2.8 page faults in the library, 93 → 91 µs; RADAU vdpol 4.9 → 3.6 faults,
/// 119 → 114 µs; the mean of five solves −1 % on vdpol and rober for both).
///
/// Each entry names its order and the group of its section (`[kernels, "NN"]` or a group
/// of [`hot_path!`]).
macro_rules! per_order {
    (real: $($m:ident $n:literal [$($group:tt)*] $dec:ident $sol:ident;)*) => {
        $(
            mod $m {
                use super::{$dec, $sol, Singular};

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($($group)*)]
                pub(super) fn dec(a: &mut [f64], ip: &mut [usize]) -> Result<(), Singular> {
                    $dec::<$n>(a, ip)
                }

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($($group)*)]
                pub(super) fn sol(a: &[f64], b: &mut [f64], ip: &[usize]) {
                    $sol::<$n>(a, b, ip)
                }
            }
        )*

        /// DEC's kernels for the orders 2 to [`MEDIUM`], by order.
        ///
        /// A table of the instances' addresses, not a `match`: a `match` would jump through
        /// a table in `.rodata`, a page nothing else of a solve reads (a page fault on a
        /// program's first solve), where this table lies in the relocated data the dynamic
        /// loader has already written.
        static DEC: [DecFn; MEDIUM - 1] = [$($m::dec),*];

        /// SOL's kernels for the orders 2 to [`MEDIUM`], by order (as [`DEC`]).
        static SOL: [SolFn; MEDIUM - 1] = [$($m::sol),*];
    };
    (complex: $($m:ident $n:literal [$($group:tt)*] $solc:ident;)*) => {
        $(
            mod $m {
                use super::{decc_fixed, $solc, Singular};

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($($group)*)]
                pub(super) fn decc(
                    ar: &mut [f64],
                    ai: &mut [f64],
                    ip: &mut [usize],
                ) -> Result<(), Singular> {
                    decc_fixed::<$n>(ar, ai, ip)
                }

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($($group)*)]
                pub(super) fn solc(
                    ar: &[f64],
                    ai: &[f64],
                    br: &mut [f64],
                    bi: &mut [f64],
                    ip: &[usize],
                ) {
                    $solc::<$n>(ar, ai, br, bi, ip)
                }
            }
        )*

        /// DECC's kernels for the orders 2 to [`SMALL`], by order (as [`DEC`]).
        static DECC: [DeccFn; SMALL - 1] = [$($m::decc),*];

        /// SOLC's kernels for the orders 2 to [`SMALL`], by order (as [`DEC`]).
        static SOLC: [SolcFn; SMALL - 1] = [$($m::solc),*];
    };
    (pair: $($m:ident $n:literal [$($group:tt)*] $complex:ident;)*) => {
        $(
            mod $m {
                use super::{$complex, side_by_side, ComplexSystem, RealSystem, SolInRegisters};

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($($group)*)]
                pub(super) fn one((a, b, ip): RealSystem<'_>, [c0]: [ComplexSystem<'_>; 1]) {
                    let real = SolInRegisters::<$n>::new(a, b, ip);
                    side_by_side::<$n>((real, $complex::<$n>(c0)))
                }
            }
        )*

        /// SOL beside SOLC ([`side_by_side`]) for the orders 2 to [`UNROLL`], by order (as
        /// [`DEC`]).
        static PAIR: [GroupFn<1>; UNROLL - 1] = [$($m::one),*];
    };
    (group: $($m:ident $n:literal [$($group:tt)*];)*) => {
        $(
            mod $m {
                use super::{side_by_side, solc_steps_in_memory as c, SolInRegisters};
                use super::{ComplexSystem, RealSystem};

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($($group)*)]
                pub(super) fn two((a, b, ip): RealSystem<'_>, [c0, c1]: [ComplexSystem<'_>; 2]) {
                    let real = SolInRegisters::<$n>::new(a, b, ip);
                    side_by_side::<$n>(((real, c::<$n>(c0)), c::<$n>(c1)))
                }

                #[inline(never)]
                #[allow(unsafe_code)]
                #[link_section = hot_path!($($group)*)]
                pub(super) fn three(
                    (a, b, ip): RealSystem<'_>,
                    [c0, c1, c2]: [ComplexSystem<'_>; 3],
                ) {
                    let real = SolInRegisters::<$n>::new(a, b, ip);
                    side_by_side::<$n>((((real, c::<$n>(c0)), c::<$n>(c1)), c::<$n>(c2)))
                }
            }
        )*

        /// SOL beside two and three SOLC ([`side_by_side`]) for the orders
        /// [`GROUPS_FROM`] to [`UNROLL`], by order (as [`DEC`]).
        static GROUPS: [GroupKernels; UNROLL + 1 - GROUPS_FROM] = [$(GroupKernels {
            two: $m::two,
            three: $m::three,
        }),*];
    };
}

per_order!(real:
    r02 2 [real] dec_unrolled sol_in_registers;
    r03 3 [real] dec_unrolled sol_in_registers;
    r04 4 [kernels, "04"] dec_unrolled sol_in_registers;
    r05 5 [kernels, "05"] dec_unrolled sol_in_registers;
    r06 6 [kernels, "06"] dec_unrolled sol_in_registers;
    r07 7 [kernels, "07"] dec_unrolled sol_in_registers;
    r08 8 [kernels, "08"] dec_unrolled sol_in_registers;
    r09 9 [kernels, "09"] dec_fixed sol_fixed;
    r10 10 [kernels, "10"] dec_fixed sol_fixed;
    r11 11 [kernels, "11"] dec_fixed sol_fixed;
    r12 12 [kernels, "12"] dec_fixed sol_fixed;
    r13 13 [kernels, "13"] dec_fixed sol_fixed;
    r14 14 [kernels, "14"] dec_fixed sol_fixed;
    r15 15 [kernels, "15"] dec_fixed sol_fixed;
    r16 16 [kernels, "16"] dec_fixed sol_fixed;
    r17 17 [kernels, "17"] dec_fixed sol_fixed;
    r18 18 [kernels, "18"] dec_fixed sol_fixed;
    r19 19 [kernels, "19"] dec_fixed sol_fixed;
    r20 20 [kernels, "20"] dec_fixed sol_fixed;
    r21 21 [kernels, "21"] dec_fixed sol_fixed;
    r22 22 [kernels, "22"] dec_fixed sol_fixed;
    r23 23 [kernels, "23"] dec_fixed sol_fixed;
    r24 24 [kernels, "24"] dec_fixed sol_fixed;
    r25 25 [kernels, "25"] dec_fixed sol_fixed;
    r26 26 [kernels, "26"] dec_fixed sol_fixed;
    r27 27 [kernels, "27"] dec_fixed sol_fixed;
    r28 28 [kernels, "28"] dec_fixed sol_fixed;
    r29 29 [kernels, "29"] dec_fixed sol_fixed;
    r30 30 [kernels, "30"] dec_fixed sol_fixed;
    r31 31 [kernels, "31"] dec_fixed sol_fixed;
    r32 32 [kernels, "32"] dec_fixed sol_fixed;
);

per_order!(complex:
    c02 2 [complex] solc_in_registers;
    c03 3 [complex] solc_in_registers;
    c04 4 [kernels, "04"] solc_in_registers;
    c05 5 [kernels, "05"] solc_in_registers;
    c06 6 [kernels, "06"] solc_fixed;
    c07 7 [kernels, "07"] solc_fixed;
    c08 8 [kernels, "08"] solc_fixed;
    c09 9 [kernels, "09"] solc_fixed;
    c10 10 [kernels, "10"] solc_fixed;
    c11 11 [kernels, "11"] solc_fixed;
    c12 12 [kernels, "12"] solc_fixed;
    c13 13 [kernels, "13"] solc_fixed;
    c14 14 [kernels, "14"] solc_fixed;
    c15 15 [kernels, "15"] solc_fixed;
    c16 16 [kernels, "16"] solc_fixed;
);

per_order!(pair:
    p02 2 [complex] solc_steps_in_registers;
    p03 3 [complex] solc_steps_in_registers;
    p04 4 [kernels, "04"] solc_steps_in_registers;
    p05 5 [kernels, "05"] solc_steps_in_registers;
    p06 6 [kernels, "06"] solc_steps_in_memory;
    p07 7 [kernels, "07"] solc_steps_in_memory;
    p08 8 [kernels, "08"] solc_steps_in_memory;
    p09 9 [kernels, "09"] solc_steps_in_memory;
    p10 10 [kernels, "10"] solc_steps_in_memory;
);

// The compiler emits a section's functions sorted by path: the group kernels' modules
// (`b`, SOL beside two or three SOLC) sort ahead of `c`, `p` and `r`, so that DECC,
// SOL beside one SOLC, DEC and SOL, all a 3-stage solve runs, lie together (RADAU HIRES
// 1e-4, N = 8: their text 68 → 29 kB), and DEC and SOL next to RODAS's stages.
per_order!(group:
    b06 6 [kernels, "06"];
    b07 7 [kernels, "07"];
    b08 8 [kernels, "08"];
    b09 9 [kernels, "09"];
    b10 10 [kernels, "10"];
);

/// Smallest order with kernels for SOL beside two and three SOLC: below it the few
/// operations of each system do not pay for the grouping (RADAU vdpol, N = 2, 1e-7:
/// 0.79 → 0.89 of the original's time).
const GROUPS_FROM: usize = 6;

/// DEC's and SOL's kernels of one specialised order, which [`super::RealLu`] looks up
/// once for its order and calls directly.
#[derive(Clone, Copy)]
pub(super) struct RealKernels {
    pub dec: DecFn,
    pub sol: SolFn,
}

/// The kernels of order `n` with leading dimension n, if it is specialised.
pub(super) fn real_kernels(n: usize) -> Option<RealKernels> {
    (2..=MEDIUM).contains(&n).then(|| RealKernels {
        dec: DEC[n - 2],
        sol: SOL[n - 2],
    })
}

/// A DEC kernel of one order: `(a, ip)`.
type DecFn = fn(&mut [f64], &mut [usize]) -> Result<(), Singular>;

/// A SOL kernel of one order: `(a, b, ip)`.
type SolFn = fn(&[f64], &mut [f64], &[usize]);

/// A DECC kernel of one order: `(ar, ai, ip)`.
type DeccFn = fn(&mut [f64], &mut [f64], &mut [usize]) -> Result<(), Singular>;

/// A SOLC kernel of one order: `(ar, ai, br, bi, ip)`.
type SolcFn = fn(&[f64], &[f64], &mut [f64], &mut [f64], &[usize]);

/// A kernel of SOL beside `C` SOLC of one order.
pub(crate) type GroupFn<const C: usize> = fn(RealSystem<'_>, [ComplexSystem<'_>; C]);

/// The kernels of SOL beside two and three SOLC of one order.
#[derive(Clone, Copy)]
pub(crate) struct GroupKernels {
    pub(crate) two: GroupFn<2>,
    pub(crate) three: GroupFn<3>,
}

/// DECC's and SOLC's kernels of one specialised order, as [`RealKernels`], and the
/// kernels solving a real system of the order beside complex ones: beside one up to
/// order [`UNROLL`], beside two or three from order [`GROUPS_FROM`].
#[derive(Clone, Copy)]
pub(super) struct ComplexKernels {
    pub decc: DeccFn,
    pub solc: SolcFn,
    pub pair: Option<GroupFn<1>>,
    pub groups: Option<GroupKernels>,
}

/// The complex kernels of order `n` with leading dimension n, if it is specialised.
pub(super) fn complex_kernels(n: usize) -> Option<ComplexKernels> {
    (2..=SMALL).contains(&n).then(|| ComplexKernels {
        decc: DECC[n - 2],
        solc: SOLC[n - 2],
        pair: (n <= UNROLL).then(|| PAIR[n - 2]),
        groups: (GROUPS_FROM..=UNROLL)
            .contains(&n)
            .then(|| GROUPS[n - GROUPS_FROM]),
    })
}

/// Largest order with a specialised kernel.
const SMALL: usize = 16;

/// Largest order with a specialised real kernel.
const MEDIUM: usize = 32;

/// Largest order whose kernels have every stage written out.
const UNROLL: usize = 10;

// [`per_order!`]'s tables are written for these bounds.
const _: () = assert!(UNROLL == 10 && MEDIUM == 32 && SMALL == 16 && GROUPS_FROM == 6);

/// `$f($args, k)` for the constant stages k = 0, 1, ..., `$n` - 2 (`$n` ≤ UNROLL), each
/// written out so that `k` is a constant in its body; `$f` may end in `?`.
macro_rules! stages {
    ($n:expr, $f:ident $args:tt $($q:tt)?) => {
        stages!(@ $n, $f $args [$($q)?]; 0 1 2 3 4 5 6 7 8)
    };
    (@ $n:expr, $f:ident ($($arg:expr),*) [$($q:tt)?]; $k:literal $($rest:literal)*) => {
        if $k + 1 < $n {
            $f($($arg,)* $k)$($q)?;
        }
        stages!(@ $n, $f ($($arg),*) [$($q)?]; $($rest)*)
    };
    (@ $n:expr, $f:ident $args:tt [$($q:tt)?];) => {};
}

/// DEC: LU factorisation of the dense n×n matrix `a` (`lda * n` values, `n` pivots).
///
/// Stage by stage as the original (per element the same operations in the same order,
/// the same first-largest pivot, the same skip of a column whose multiplier `t` is
/// zero). Orders up to 8 run with every stage written out; larger ones update
/// the trailing columns two at a time so that each multiplier is loaded once for both.
/// Written out, orders 9 and 10 ran slower than these loops (perf samples of DEC:
/// RADAU5 caraxis, N = 10, 1e-7, 832 → 648 as loops; RADAU pump, N = 9, 272 → 189),
/// order 8 faster (RODAS hires 1e-7: 778 written out, 973 as loops).
#[inline(always)]
pub fn dec(n: usize, a: &mut [f64], lda: usize, ip: &mut [usize]) -> Result<(), Singular> {
    if let ([d], [_]) = (&*a, &*ip) {
        // Label 70 alone (any lda >= 1 holds one value): inline, the call would cost as
        // much as the work, and so would the checks below.
        if n == 1 {
            return nonzero(*d, 1);
        }
    }
    dec_orders(n, a, lda, ip)
}

/// [`dec`] above order 1: out of line, so that the callers, which inline [`dec`], take
/// order 1 without setting up a frame.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
fn dec_orders(n: usize, a: &mut [f64], lda: usize, ip: &mut [usize]) -> Result<(), Singular> {
    lengths((lda >= n) & (a.len() == lda * n) & (ip.len() == n));
    if lda == n && (2..=MEDIUM).contains(&n) {
        return DEC[n - 2](a, ip);
    }
    dec_any(n, a, lda, ip)
}

/// [`dec_body`] for any order and leading dimension, out of line so that
/// [`dec_orders`] stays small for the specialised orders.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn dec_any(n: usize, a: &mut [f64], lda: usize, ip: &mut [usize]) -> Result<(), Singular> {
    dec_body(n, a, lda, ip)
}

/// The kernels' contract on their slices (exact lengths for the order, the leading
/// dimension and the band), checked with one branch: a caller that breaks it panics.
#[inline(always)]
#[track_caller]
pub(super) fn lengths(ok: bool) {
    if !ok {
        lengths_mismatch();
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn lengths_mismatch() -> ! {
    panic!("decsol: a slice's length does not match the order, leading dimension or band")
}

/// `Ok` unless the last pivot `d` is zero (label 70 of DEC: IER = N).
#[inline(always)]
fn nonzero(d: f64, n: usize) -> Result<(), Singular> {
    if d == 0.0 {
        Err(Singular { stage: n })
    } else {
        Ok(())
    }
}

/// [`dec`] for a constant order up to 8 (see [`dec`]), every stage written out so that
/// all its loops have constant bounds and unroll.
#[inline(always)]
fn dec_unrolled<const N: usize>(a: &mut [f64], ip: &mut [usize]) -> Result<(), Singular> {
    let (a, ip) = (&mut a[..N * N], &mut ip[..N]);
    let fused = N <= 5;
    // Stage 0's search over a column whose length the compiler does not see: knowing it,
    // it would load the column's values in pairs, and a caller that has just stored them
    // one by one (RADAU5 forming E1) would wait for those stores (vdpol: DEC's time
    // 247 → 95 samples).
    let mut m = if fused {
        search(&a[..std::hint::black_box(N)], 0)
    } else {
        0
    };
    stages!(N, dec_stage(N, a, N, ip, &mut m, fused)?);
    nonzero(a[N * N - 1], N)
}

/// [`dec_body`] for the constant order `N`.
#[inline(always)]
fn dec_fixed<const N: usize>(a: &mut [f64], ip: &mut [usize]) -> Result<(), Singular> {
    dec_body(N, a, N, ip)
}

/// The body of [`dec`] for orders above 8 (inlined into the constant-order
/// copies of [`dec_fixed`]).
#[inline(always)]
fn dec_body(n: usize, a: &mut [f64], lda: usize, ip: &mut [usize]) -> Result<(), Singular> {
    let a = &mut a[..lda * n];
    let ip = &mut ip[..n];
    if n == 0 {
        return Ok(());
    }
    for k in 0..n - 1 {
        let (done, rest) = a.split_at_mut((k + 1) * lda);
        let colk = &mut done[k * lda..k * lda + n];
        let (m, t) = pivot(colk, k);
        // A no-op (m < n) that lets the compiler drop the bounds checks of the exchanges.
        let m = m.min(n - 1);
        ip[k] = m;
        if t == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        let t = 1.0 / t;
        rows_from(k + 1, colk, |x| *x = -(*x * t));
        let mult = &*colk;
        // The exchanges of loop 50 first, for all columns (each column's update touches
        // only that column, so the order across columns is free): no work when m = k.
        if m != k {
            for c in rest.chunks_exact_mut(lda) {
                c[..n].swap(m, k);
            }
        }
        let mut cols = rest.chunks_exact_mut(2 * lda);
        for pair in &mut cols {
            let (c0, c1) = pair.split_at_mut(lda);
            let (c0, c1) = (&mut c0[..n], &mut c1[..n]);
            let (t0, t1) = (c0[k], c1[k]);
            match (t0 != 0.0, t1 != 0.0) {
                (true, true) => axpy2_rows(c0, c1, mult, t0, t1, k + 1),
                (true, false) => axpy_rows(c0, mult, t0, k + 1),
                (false, true) => axpy_rows(c1, mult, t1, k + 1),
                (false, false) => {}
            }
        }
        let last = cols.into_remainder();
        if !last.is_empty() {
            let c = &mut last[..n];
            let t = c[k];
            if t != 0.0 {
                axpy_rows(c, mult, t, k + 1);
            }
        }
    }
    if a[(n - 1) + (n - 1) * lda] == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// Stage `k` of DEC (loops 10 to 50) with the trailing columns updated one at a time, as
/// the original; for the unrolled orders, where every loop bound is a constant.
///
/// Every store has a constant address, so that the values the next stage reads can come
/// from registers: a load of two values stored one by one cannot be forwarded from the
/// stores, and the processor waits for them. The exchange of rows `m` and `k` is
/// therefore folded into the loops that follow it (row k is stored the value read at row
/// m, and the loop reads row k's old value when it reaches row m), and a skipped column
/// (label 45) stores all its rows when its exchange is needed.
///
/// With `fused` (the smallest orders, where such a wait is as long as the stage), loop 10
/// of stage k + 1 runs here on the values of column k + 1 as they are computed, and
/// `pivot_row` carries its result to that stage; otherwise each stage searches its own
/// column ([`search`]).
#[inline(always)]
fn dec_stage(
    n: usize,
    a: &mut [f64],
    lda: usize,
    ip: &mut [usize],
    pivot_row: &mut usize,
    fused: bool,
    k: usize,
) -> Result<(), Singular> {
    let (done, rest) = a.split_at_mut((k + 1) * lda);
    let colk = &mut done[k * lda..k * lda + n];
    let m = if fused { *pivot_row } else { search(colk, k) };
    // A no-op (m < n) that lets the compiler drop the bounds checks of the exchanges.
    let m = m.min(n - 1);
    ip[k] = m;
    let (t, old) = (colk[m], colk[k]);
    colk[k] = t;
    if t == 0.0 {
        colk[m] = old;
        return Err(Singular { stage: k + 1 });
    }
    let t = 1.0 / t;
    let mult = &mut colk[k + 1..];
    for i in 0..mult.len() {
        let v = if k + 1 + i == m { old } else { mult[i] };
        mult[i] = -(v * t);
    }
    let mult = &colk[k + 1..];
    for (j, c) in rest.chunks_exact_mut(lda).enumerate() {
        let c = &mut c[..n];
        let (t, old) = (c[m], c[k]);
        c[k] = t;
        let x = &mut c[k + 1..];
        if fused && j == 0 {
            let (mut next, mut big) = (k + 1, 0.0);
            for i in 0..x.len() {
                let v = if k + 1 + i == m { old } else { x[i] };
                let v = if t == 0.0 { v } else { v + mult[i] * t };
                x[i] = v;
                if i == 0 || v.abs() > big {
                    (next, big) = (k + 1 + i, v.abs());
                }
            }
            *pivot_row = next;
        } else if t == 0.0 {
            if m != k && fused {
                x[m - k - 1] = old;
            } else if m != k {
                for i in 0..x.len() {
                    x[i] = if k + 1 + i == m { old } else { x[i] };
                }
            }
        } else {
            for i in 0..x.len() {
                let v = if k + 1 + i == m { old } else { x[i] };
                x[i] = v + mult[i] * t;
            }
        }
    }
    Ok(())
}

/// Loop 10 of DEC: the first row `m >= k` of largest modulus in `col`; a later entry
/// replaces it only when strictly larger, so a NaN at `m` stays and a NaN below is never
/// taken (`DABS(A(I,K)) .GT. DABS(A(M,K))`).
///
/// Written as a scan for the next larger entry so that it compiles to branches, as the
/// original's loop does, not to a chain of conditional moves: the branches are
/// predicted (the pivot rows repeat from one factorisation to the next), while each
/// conditional move waits for the one before it.
#[inline(always)]
fn search(col: &[f64], k: usize) -> usize {
    let mut m = k;
    let mut big = col[k].abs();
    while let Some(p) = col[m + 1..].iter().position(|v| v.abs() > big) {
        m += 1 + p;
        big = col[m].abs();
    }
    m
}

/// Label 10 of DEC: [`search`], and the pivot row `m` exchanged with row k; returns `m`
/// and the pivot.
#[inline(always)]
fn pivot(col: &mut [f64], k: usize) -> (usize, f64) {
    let m = search(col, k);
    (m, exchange(col, m, k))
}

/// Exchanges rows `m` and `k` of a column and returns the new value at row k.
#[inline(always)]
fn exchange(col: &mut [f64], m: usize, k: usize) -> f64 {
    col.swap(m, k);
    col[k]
}

/// `f` on the rows `from..` of a column, in pairs that start at an even row, so that
/// every stage of an elimination loads and stores the same pairs: pairs starting at
/// row `from` would straddle two stores of the stage before, and each such load waits
/// for those stores to complete (RODAS pollu 1e-10, N = 20: SOL's forward loop 660 →
/// 575 µs a solve, DEC's updates 575 → 563).
#[inline(always)]
fn rows_from(from: usize, x: &mut [f64], mut f: impl FnMut(&mut f64)) {
    let n = x.len();
    let mut i = from.min(n);
    if i % 2 == 1 && i < n {
        f(&mut x[i]);
        i += 1;
    }
    let mut pairs = x[i..].chunks_exact_mut(2);
    for p in &mut pairs {
        f(&mut p[0]);
        f(&mut p[1]);
    }
    if let [x] = pairs.into_remainder() {
        f(x);
    }
}

/// `x = x + l·t` on the rows `from..` of the columns `x` and `l` (loop 40 of DEC, SOL's
/// forward loop), in the pairs of [`rows_from`].
#[inline(always)]
fn axpy_rows(x: &mut [f64], l: &[f64], t: f64, from: usize) {
    let n = x.len();
    let l = &l[..n];
    let mut i = from.min(n);
    if i % 2 == 1 && i < n {
        x[i] = x[i] + l[i] * t;
        i += 1;
    }
    let mut pairs = x[i..].chunks_exact_mut(2);
    for (x, l) in (&mut pairs).zip(l[i..].chunks_exact(2)) {
        x[0] = x[0] + l[0] * t;
        x[1] = x[1] + l[1] * t;
    }
    if let [x] = pairs.into_remainder() {
        *x = *x + l[n - 1] * t;
    }
}

/// [`axpy_rows`] on two columns sharing the multipliers.
#[inline(always)]
fn axpy2_rows(x0: &mut [f64], x1: &mut [f64], l: &[f64], t0: f64, t1: f64, from: usize) {
    let n = x0.len();
    let (x1, l) = (&mut x1[..n], &l[..n]);
    let mut i = from.min(n);
    if i % 2 == 1 && i < n {
        x0[i] = x0[i] + l[i] * t0;
        x1[i] = x1[i] + l[i] * t1;
        i += 1;
    }
    let pairs = x0[i..]
        .chunks_exact_mut(2)
        .zip(x1[i..].chunks_exact_mut(2))
        .zip(l[i..].chunks_exact(2));
    for ((x0, x1), l) in pairs {
        x0[0] = x0[0] + l[0] * t0;
        x0[1] = x0[1] + l[1] * t0;
        x1[0] = x1[0] + l[0] * t1;
        x1[1] = x1[1] + l[1] * t1;
    }
    if (n - i) % 2 == 1 {
        x0[n - 1] = x0[n - 1] + l[n - 1] * t0;
        x1[n - 1] = x1[n - 1] + l[n - 1] * t1;
    }
}

/// `x = x + m·t` elementwise (loop 40 of DEC).
#[inline(always)]
fn axpy(x: &mut [f64], mult: &[f64], t: f64) {
    for (x, &l) in x.iter_mut().zip(mult) {
        *x = *x + l * t;
    }
}

/// SOL: solves `A x = b` with the factors of [`dec`] (`b` and `ip` of length n).
#[inline(always)]
pub fn sol(n: usize, a: &[f64], lda: usize, b: &mut [f64], ip: &[usize]) {
    if let ([d], [x], [_]) = (a, &mut *b, ip) {
        // Label 50 alone: inline, as in [`dec`].
        if n == 1 {
            *x = *x / *d;
            return;
        }
    }
    sol_orders(n, a, lda, b, ip)
}

/// [`sol`] for the other orders and leading dimensions, out of line as [`dec_orders`].
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
fn sol_orders(n: usize, a: &[f64], lda: usize, b: &mut [f64], ip: &[usize]) {
    lengths((lda >= n) & (a.len() == lda * n) & (b.len() == n) & (ip.len() == n));
    if lda == n && (2..=MEDIUM).contains(&n) {
        return SOL[n - 2](a, b, ip);
    }
    sol_any(n, a, lda, b, ip)
}

/// SOL for a small constant order with B held in registers: read once, written once.
///
/// Through memory, the unrolled updates load B in pairs whose boundaries shift by one
/// row from column to column, each pair straddling two stores of the column before, and
/// the processor waits for every one of them (RODAS hires, N = 8: SOL 9 % slower than
/// the original's). The exchanges are selects over the rows (every index a constant, so
/// B stays in registers); per element the operations and their order are SOL's.
/// Orders 2 to 8: at 10 the constant-order loops ran faster (caraxis 1e-7, SOL's perf
/// samples 759 → 654 for RADAU5, 865 → 660 for RADAU).
#[inline(always)]
fn sol_in_registers<const N: usize>(a: &[f64], b: &mut [f64], ip: &[usize]) {
    substitute(N, SolInRegisters::<N>::new(a, b, ip));
}

/// The steps of a substitution, SOL's or SOLC's: the forward steps k = 0, ..., n - 2,
/// then the back steps k = n - 1, ..., 0, then [`finish`](Self::finish). Two systems'
/// steps may be interleaved ([`side_by_side`]).
trait Substitution {
    /// Forward step k: the exchange of row k and the update of the rows below it.
    fn forward(&mut self, k: usize);
    /// Back step k: the division of row k and the update of the rows above it.
    fn back(&mut self, k: usize);
    /// Stores what the steps kept in registers.
    fn finish(self);
}

/// The steps of `s` for order `n` one after the other.
#[inline(always)]
fn substitute(n: usize, mut s: impl Substitution) {
    if n == 0 {
        return;
    }
    for k in 0..n - 1 {
        s.forward(k);
    }
    // The last step apart, so that its one division is specialised out of the loop.
    for k in (1..n).rev() {
        s.back(k);
    }
    s.back(0);
    s.finish();
}

/// The steps of several systems of order `N` (SOL's and SOLC's) as one ([`Substitution`]
/// for pairs), step beside step: the systems never meet, so every value is the one of
/// [`substitute`] on each; interleaved, the processor overlaps their chains of divisions
/// and updates, each waiting on its own last step (RADAU5 caraxis, N = 10: SOL and SOLC
/// one after the other spend most of their time waiting on a division). Every step is
/// written out (N ≤ [`UNROLL`]), so that B stays in registers where the steps keep it
/// there: as a loop, the steps would index B in memory.
#[inline(always)]
fn side_by_side<const N: usize>(mut s: impl Substitution) {
    const { assert!(N <= UNROLL) };
    macro_rules! steps {
        ($step:ident, $bound:literal; $($k:literal)*) => {
            $(
                if $k + $bound < N {
                    s.$step($k);
                }
            )*
        };
    }
    steps!(forward, 1; 0 1 2 3 4 5 6 7 8);
    steps!(back, 0; 9 8 7 6 5 4 3 2 1 0);
    s.finish();
}

/// Two systems' steps as one: each step of the first, then the same step of the second.
impl<A: Substitution, B: Substitution> Substitution for (A, B) {
    #[inline(always)]
    fn forward(&mut self, k: usize) {
        self.0.forward(k);
        self.1.forward(k);
    }

    #[inline(always)]
    fn back(&mut self, k: usize) {
        self.0.back(k);
        self.1.back(k);
    }

    #[inline(always)]
    fn finish(self) {
        self.0.finish();
        self.1.finish();
    }
}

/// SOL's steps with B in registers ([`sol_in_registers`]).
struct SolInRegisters<'a, const N: usize> {
    a: &'a [f64],
    ip: &'a [usize],
    b: &'a mut [f64],
    x: [f64; N],
}

impl<'a, const N: usize> SolInRegisters<'a, N> {
    #[inline(always)]
    fn new(a: &'a [f64], b: &'a mut [f64], ip: &'a [usize]) -> Self {
        let (a, b, ip) = (&a[..N * N], &mut b[..N], &ip[..N]);
        let mut x = [0.0; N];
        x.copy_from_slice(b);
        Self { a, ip, b, x }
    }
}

impl<const N: usize> Substitution for SolInRegisters<'_, N> {
    #[inline(always)]
    fn forward(&mut self, k: usize) {
        let (a, x) = (self.a, &mut self.x);
        let m = self.ip[k];
        // An exchange row outside the matrix is refused, as indexing B with it would be.
        lengths(m < N);
        let mut t = x[k];
        for i in 0..N {
            if i != k && i == m {
                (t, x[i]) = (x[i], x[k]);
            }
        }
        x[k] = t;
        for i in k + 1..N {
            x[i] = x[i] + a[i + k * N] * t;
        }
    }

    #[inline(always)]
    fn back(&mut self, k: usize) {
        let (a, x) = (self.a, &mut self.x);
        x[k] = x[k] / a[k + k * N];
        let t = -x[k];
        for i in 0..k {
            x[i] = x[i] + a[i + k * N] * t;
        }
    }

    #[inline(always)]
    fn finish(self) {
        self.b.copy_from_slice(&self.x);
    }
}

/// [`sol_body`] for any order and leading dimension, out of line so that the callers
/// of [`sol`] (which inline it) stay small for the other paths.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn sol_any(n: usize, a: &[f64], lda: usize, b: &mut [f64], ip: &[usize]) {
    sol_body(n, a, lda, b, ip);
}

#[inline(always)]
fn sol_fixed<const N: usize>(a: &[f64], b: &mut [f64], ip: &[usize]) {
    sol_body(N, a, N, b, ip);
}

/// The body of [`sol`], inlined so that small constant orders unroll.
#[inline(always)]
fn sol_body(n: usize, a: &[f64], lda: usize, b: &mut [f64], ip: &[usize]) {
    let (a, b, ip) = (&a[..lda * n], &mut b[..n], &ip[..n]);
    if n == 0 {
        return;
    }
    for k in 0..n - 1 {
        let t = exchange(b, ip[k], k);
        axpy_rows(b, &a[k * lda..k * lda + n], t, k + 1);
    }
    // Row k-1 first and kept in a register: the chain from one division to the next
    // then runs without a store and a load of that row in between (RODAS pollu 1e-10,
    // N = 20: 553 → 499 µs a solve).
    let mut x = b[n - 1];
    for k in (1..n).rev() {
        x = x / a[k + k * lda];
        b[k] = x;
        let t = -x;
        let col = &a[k * lda..k * lda + k];
        x = b[k - 1] + col[k - 1] * t;
        axpy(&mut b[..k - 1], &col[..k - 1], t);
    }
    b[0] = x / a[0];
}

/// `|re| + |im|`, the pivot measure of the complex routines.
fn cabs1(re: f64, im: f64) -> f64 {
    re.abs() + im.abs()
}

/// DECC: LU factorisation of the dense complex matrix `ar + i ai` (each `lda * n`
/// values), stage by stage as the original, one column of the trailing matrix at a time.
#[inline(always)]
pub fn decc(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    if let ([dr], [di], [_]) = (&*ar, &*ai, &*ip) {
        // Label 70 alone: inline, as in [`dec`].
        if n == 1 {
            return decc_order1(*dr, *di);
        }
    }
    decc_orders(n, ar, ai, lda, ip)
}

/// [`decc`] above order 1, out of line as [`dec_orders`].
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
fn decc_orders(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    lengths((lda >= n) & (ar.len() == lda * n) & (ai.len() == lda * n) & (ip.len() == n));
    if lda == n && (2..=SMALL).contains(&n) {
        return DECC[n - 2](ar, ai, ip);
    }
    decc_any(n, ar, ai, lda, ip)
}

/// [`decc_body`] out of line, as [`sol_any`].
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn decc_any(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    decc_body(n, ar, ai, lda, ip)
}

#[inline(always)]
fn decc_fixed<const N: usize>(
    ar: &mut [f64],
    ai: &mut [f64],
    ip: &mut [usize],
) -> Result<(), Singular> {
    decc_body(N, ar, ai, N, ip)
}

/// The body of [`decc`], inlined so that small constant orders unroll.
#[inline(always)]
fn decc_body(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    let (ar, ai, ip) = (&mut ar[..lda * n], &mut ai[..lda * n], &mut ip[..n]);
    if n == 0 {
        return Ok(());
    }
    for k in 0..n - 1 {
        let (done_r, rest_r) = ar.split_at_mut((k + 1) * lda);
        let (done_i, rest_i) = ai.split_at_mut((k + 1) * lda);
        let kr = &mut done_r[k * lda..k * lda + n];
        let ki = &mut done_i[k * lda..k * lda + n];
        // Stage 0's search over columns whose length the compiler does not see, as in
        // [`dec_unrolled`] for the smallest orders: the caller has just stored them one by
        // one (RADAU5 forming E2), and loaded in pairs they made the search wait for
        // those stores (vdpol, N = 2: a quarter of DECC's samples on the first load). At
        // larger orders the stores are long done and the opaque loop only costs.
        let m = if k == 0 && n <= 5 {
            let len = std::hint::black_box(n);
            search_c(&kr[..len], &ki[..len], 0)
        } else {
            search_c(kr, ki, k)
        };
        ip[k] = m;
        let tr = exchange(kr, m, k);
        let ti = exchange(ki, m, k);
        if cabs1(tr, ti) == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        let den = tr * tr + ti * ti;
        let tr = tr / den;
        let ti = -ti / den;
        for (r, s) in kr[k + 1..].iter_mut().zip(ki[k + 1..].iter_mut()) {
            let prodr = *r * tr - *s * ti;
            let prodi = *s * tr + *r * ti;
            *r = -prodr;
            *s = -prodi;
        }
        let (mr, mi) = (&kr[k + 1..], &ki[k + 1..]);
        // The exchanges of loop 50 first, for all columns, as in [`dec`].
        let m = m.min(n - 1);
        if m != k {
            for_columns(rest_r, rest_i, lda, n, |cr, ci| {
                cr.swap(m, k);
                ci.swap(m, k);
            });
        }
        for_columns(rest_r, rest_i, lda, n, |cr, ci| {
            let (tr, ti) = (cr[k], ci[k]);
            if cabs1(tr, ti) != 0.0 {
                axpy_column(&mut cr[k + 1..], &mut ci[k + 1..], mr, mi, tr, ti);
            }
        });
    }
    let last = (n - 1) + (n - 1) * lda;
    if cabs1(ar[last], ai[last]) == 0.0 {
        return Err(Singular { stage: n });
    }
    Ok(())
}

/// `f` on the first `n` rows of each column of two matrices of leading dimension `lda`
/// (real and imaginary parts), the columns split off one after the other: a zip of
/// chunk iterators divides each length by `lda` when built, twice a stage.
#[inline(always)]
fn for_columns(
    mut re: &mut [f64],
    mut im: &mut [f64],
    lda: usize,
    n: usize,
    mut f: impl FnMut(&mut [f64], &mut [f64]),
) {
    while re.len() >= lda && im.len() >= lda && lda > 0 {
        let (cr, rest_r) = std::mem::take(&mut re).split_at_mut(lda);
        let (ci, rest_i) = std::mem::take(&mut im).split_at_mut(lda);
        (re, im) = (rest_r, rest_i);
        f(&mut cr[..n], &mut ci[..n]);
    }
}

/// `x += a·t` over a column, complex, with DECC's special cases for a real or an
/// imaginary `t` (loops 40, 45, 47: they change the rounding, so they stay).
#[inline(always)]
fn axpy_column(xr: &mut [f64], xi: &mut [f64], ar: &[f64], ai: &[f64], tr: f64, ti: f64) {
    let pairs = xr.iter_mut().zip(xi.iter_mut()).zip(ar.iter().zip(ai));
    if ti == 0.0 {
        for ((r, i), (&a, &b)) in pairs {
            *r = *r + a * tr;
            *i = *i + b * tr;
        }
    } else if tr == 0.0 {
        for ((r, i), (&a, &b)) in pairs {
            *r = *r + -(b * ti);
            *i = *i + a * ti;
        }
    } else {
        for ((r, i), (&a, &b)) in pairs {
            *r = *r + (a * tr - b * ti);
            *i = *i + (b * tr + a * ti);
        }
    }
}

/// DECC and DECBC of order 1 (label 70): the pivot test alone.
#[inline(always)]
pub fn decc_order1(ar: f64, ai: f64) -> Result<(), Singular> {
    nonzero_c(ar, ai, 1)
}

/// SOLC and SOLBC of order 1 (label 50 of SOLC, the end of loop 40 of SOLBC): `b / a`,
/// with the denominator [`cden`] of `a` computed beforehand (a factorisation of order 1
/// keeps it: the same operations on the same values, off the solve's path).
#[inline(always)]
pub fn solc_order1(ar: f64, ai: f64, den: f64, br: &mut f64, bi: &mut f64) {
    (*br, *bi) = cdiv_by(*br, *bi, ar, ai, den);
}

/// SOLC's denominator `AR² + AI²` of a complex pivot.
#[inline(always)]
pub fn cden(ar: f64, ai: f64) -> f64 {
    ar * ar + ai * ai
}

/// `b / a` for complex numbers in SOLC's arithmetic.
#[inline(always)]
fn cdiv(br: f64, bi: f64, ar: f64, ai: f64) -> (f64, f64) {
    cdiv_by(br, bi, ar, ai, cden(ar, ai))
}

/// [`cdiv`] with its denominator given.
#[inline(always)]
fn cdiv_by(br: f64, bi: f64, ar: f64, ai: f64, den: f64) -> (f64, f64) {
    let prodr = br * ar + bi * ai;
    let prodi = bi * ar - br * ai;
    (prodr / den, prodi / den)
}

/// `b += a·t`, complex, without DECC's special cases (as SOLC and SOLBC).
#[inline(always)]
fn axpy_c_full(br: &mut f64, bi: &mut f64, ar: f64, ai: f64, tr: f64, ti: f64) {
    let prodr = ar * tr - ai * ti;
    let prodi = ai * tr + ar * ti;
    *br = *br + prodr;
    *bi = *bi + prodi;
}

/// [`axpy_c_full`] over a column.
#[inline(always)]
fn axpy_column_full(xr: &mut [f64], xi: &mut [f64], ar: &[f64], ai: &[f64], tr: f64, ti: f64) {
    for ((r, i), (&a, &b)) in xr.iter_mut().zip(xi.iter_mut()).zip(ar.iter().zip(ai)) {
        axpy_c_full(r, i, a, b, tr, ti);
    }
}

/// [`axpy_c_full`] on the rows `from..` of the columns, in the pairs of [`rows_from`]
/// (SOLC's forward loop).
#[inline(always)]
fn axpy_c_rows(
    xr: &mut [f64],
    xi: &mut [f64],
    lr: &[f64],
    li: &[f64],
    tr: f64,
    ti: f64,
    from: usize,
) {
    let n = xr.len();
    let (xi, lr, li) = (&mut xi[..n], &lr[..n], &li[..n]);
    let mut i = from.min(n);
    if i % 2 == 1 && i < n {
        axpy_c_full(&mut xr[i], &mut xi[i], lr[i], li[i], tr, ti);
        i += 1;
    }
    let pairs = xr[i..]
        .chunks_exact_mut(2)
        .zip(xi[i..].chunks_exact_mut(2))
        .zip(lr[i..].chunks_exact(2).zip(li[i..].chunks_exact(2)));
    for ((r, im), (a, b)) in pairs {
        axpy_c_full(&mut r[0], &mut im[0], a[0], b[0], tr, ti);
        axpy_c_full(&mut r[1], &mut im[1], a[1], b[1], tr, ti);
    }
    if (n - i) % 2 == 1 {
        axpy_c_full(&mut xr[n - 1], &mut xi[n - 1], lr[n - 1], li[n - 1], tr, ti);
    }
}

/// SOLC: solves `A x = b` with the factors of [`decc`] (`br`, `bi`, `ip` of length n).
#[inline(always)]
pub fn solc(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    if let ([dr], [di], [xr], [xi], [_]) = (ar, ai, &mut *br, &mut *bi, ip) {
        // Label 50 alone: inline, as in [`dec`].
        if n == 1 {
            (*xr, *xi) = cdiv(*xr, *xi, *dr, *di);
            return;
        }
    }
    solc_orders(n, ar, ai, lda, br, bi, ip)
}

/// [`solc`] above order 1, out of line as [`dec_orders`].
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
fn solc_orders(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    lengths(
        (lda >= n)
            & (ar.len() == lda * n)
            & (ai.len() == lda * n)
            & (br.len() == n)
            & (bi.len() == n)
            & (ip.len() == n),
    );
    if lda == n && (2..=SMALL).contains(&n) {
        return SOLC[n - 2](ar, ai, br, bi, ip);
    }
    solc_any(n, ar, ai, lda, br, bi, ip)
}

/// [`solc_body`] out of line, as [`sol_any`].
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn solc_any(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    solc_body(n, ar, ai, lda, br, bi, ip);
}

/// SOLC for a small constant order with B held in registers, as [`sol_in_registers`]:
/// through memory the exchange's two stores are followed by loads of B in pairs that
/// straddle them, and the processor waits for each (perf samples, RADAU rober N = 3:
/// 671 against the original SOLC's 487, 540 in registers; RADAU5 vdpol N = 2: 176 → 130).
/// From order 6 on the registers spill and the copy in memory is no faster (RADAU5 hires,
/// N = 8). Per element the operations and their order are SOLC's.
#[inline(always)]
fn solc_in_registers<const N: usize>(
    ar: &[f64],
    ai: &[f64],
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    substitute(N, SolcInRegisters::<N>::new(ar, ai, br, bi, ip));
}

/// SOLC's steps with B in registers ([`solc_in_registers`]).
struct SolcInRegisters<'a, const N: usize> {
    ar: &'a [f64],
    ai: &'a [f64],
    ip: &'a [usize],
    br: &'a mut [f64],
    bi: &'a mut [f64],
    xr: [f64; N],
    xi: [f64; N],
}

impl<'a, const N: usize> SolcInRegisters<'a, N> {
    #[inline(always)]
    fn new(
        ar: &'a [f64],
        ai: &'a [f64],
        br: &'a mut [f64],
        bi: &'a mut [f64],
        ip: &'a [usize],
    ) -> Self {
        let (ar, ai) = (&ar[..N * N], &ai[..N * N]);
        let (br, bi, ip) = (&mut br[..N], &mut bi[..N], &ip[..N]);
        let (mut xr, mut xi) = ([0.0; N], [0.0; N]);
        xr.copy_from_slice(br);
        xi.copy_from_slice(bi);
        Self {
            ar,
            ai,
            ip,
            br,
            bi,
            xr,
            xi,
        }
    }
}

impl<const N: usize> Substitution for SolcInRegisters<'_, N> {
    #[inline(always)]
    fn forward(&mut self, k: usize) {
        let (ar, ai, xr, xi) = (self.ar, self.ai, &mut self.xr, &mut self.xi);
        let m = self.ip[k];
        // An exchange row outside the matrix is refused, as indexing B with it would be.
        lengths(m < N);
        let (mut tr, mut ti) = (xr[k], xi[k]);
        for i in 0..N {
            if i != k && i == m {
                (tr, xr[i]) = (xr[i], xr[k]);
                (ti, xi[i]) = (xi[i], xi[k]);
            }
        }
        (xr[k], xi[k]) = (tr, ti);
        for i in k + 1..N {
            axpy_c_full(&mut xr[i], &mut xi[i], ar[i + k * N], ai[i + k * N], tr, ti);
        }
    }

    #[inline(always)]
    fn back(&mut self, k: usize) {
        let (ar, ai, xr, xi) = (self.ar, self.ai, &mut self.xr, &mut self.xi);
        let d = k + k * N;
        (xr[k], xi[k]) = cdiv(xr[k], xi[k], ar[d], ai[d]);
        let (tr, ti) = (-xr[k], -xi[k]);
        for i in 0..k {
            axpy_c_full(&mut xr[i], &mut xi[i], ar[i + k * N], ai[i + k * N], tr, ti);
        }
    }

    #[inline(always)]
    fn finish(self) {
        self.br.copy_from_slice(&self.xr);
        self.bi.copy_from_slice(&self.xi);
    }
}

/// SOLC's steps of order N with B in registers, for [`per_order!`]'s pair kernels.
#[inline(always)]
fn solc_steps_in_registers<const N: usize>(
    (ar, ai, br, bi, ip): ComplexSystem<'_>,
) -> SolcInRegisters<'_, N> {
    SolcInRegisters::new(ar, ai, br, bi, ip)
}

/// SOLC's steps of order N on B in memory, for [`per_order!`]'s pair kernels.
#[inline(always)]
fn solc_steps_in_memory<const N: usize>(
    (ar, ai, br, bi, ip): ComplexSystem<'_>,
) -> SolcInMemory<'_> {
    SolcInMemory::new(N, ar, ai, N, br, bi, ip)
}

#[inline(always)]
fn solc_fixed<const N: usize>(
    ar: &[f64],
    ai: &[f64],
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    solc_body(N, ar, ai, N, br, bi, ip);
}

/// The body of [`solc`], inlined so that small constant orders unroll.
#[inline(always)]
fn solc_body(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    substitute(n, SolcInMemory::new(n, ar, ai, lda, br, bi, ip));
}

/// SOLC's steps on B in memory ([`solc_body`]); the back steps keep row k - 1 in
/// registers, as [`sol_body`].
struct SolcInMemory<'a> {
    n: usize,
    lda: usize,
    ar: &'a [f64],
    ai: &'a [f64],
    ip: &'a [usize],
    br: &'a mut [f64],
    bi: &'a mut [f64],
    xr: f64,
    xi: f64,
}

impl<'a> SolcInMemory<'a> {
    #[inline(always)]
    fn new(
        n: usize,
        ar: &'a [f64],
        ai: &'a [f64],
        lda: usize,
        br: &'a mut [f64],
        bi: &'a mut [f64],
        ip: &'a [usize],
    ) -> Self {
        let (ar, ai) = (&ar[..lda * n], &ai[..lda * n]);
        let (br, bi, ip) = (&mut br[..n], &mut bi[..n], &ip[..n]);
        Self {
            n,
            lda,
            ar,
            ai,
            ip,
            br,
            bi,
            xr: 0.0,
            xi: 0.0,
        }
    }
}

impl Substitution for SolcInMemory<'_> {
    #[inline(always)]
    fn forward(&mut self, k: usize) {
        let (n, lda) = (self.n, self.lda);
        let m = self.ip[k];
        let tr = exchange(self.br, m, k);
        let ti = exchange(self.bi, m, k);
        let col = k * lda..k * lda + n;
        let (cr, ci) = (&self.ar[col.clone()], &self.ai[col]);
        axpy_c_rows(self.br, self.bi, cr, ci, tr, ti, k + 1);
    }

    #[inline(always)]
    fn back(&mut self, k: usize) {
        let lda = self.lda;
        let (br, bi) = (&mut *self.br, &mut *self.bi);
        if k == self.n - 1 {
            (self.xr, self.xi) = (br[k], bi[k]);
        }
        let d = k + k * lda;
        let (xr, xi) = cdiv(self.xr, self.xi, self.ar[d], self.ai[d]);
        (br[k], bi[k]) = (xr, xi);
        if k == 0 {
            return;
        }
        let tr = -xr;
        let ti = -xi;
        let col = k * lda..k * lda + k;
        let (cr, ci) = (&self.ar[col.clone()], &self.ai[col]);
        // Row k-1 first and kept in registers, as in [`sol_body`].
        (self.xr, self.xi) = (br[k - 1], bi[k - 1]);
        axpy_c_full(&mut self.xr, &mut self.xi, cr[k - 1], ci[k - 1], tr, ti);
        axpy_column_full(
            &mut br[..k - 1],
            &mut bi[..k - 1],
            &cr[..k - 1],
            &ci[..k - 1],
            tr,
            ti,
        );
    }

    #[inline(always)]
    fn finish(self) {}
}

/// DECB: LU factorisation of a band matrix with `ml` sub- and `mu` super-diagonals,
/// element (i, j) at row `ml + mu + i - j` of column j, leading dimension ≥ 2ml+mu+1.
///
/// Stage by stage as the original, each column's update a loop over slices (no index
/// checks inside) and the pivot search a branching scan as in [`dec`]; specialised for
/// 2 to 4 subdiagonals (each instance is kilobytes of code: wider bands take the general
/// loop), one subdiagonal indexed as the original.
#[inline]
pub fn decb(
    n: usize,
    a: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    // 0-based row of the diagonal (MD - 1 of the original).
    let md = ml + mu;
    if let ([_], [_]) = (&*ip, &*a) {
        // N = 1 goes to label 70 (with lda = 1, hence ml = mu = 0): inline, before the
        // checks below, which would cost as much.
        if n == 1 && md == 0 {
            return nonzero(a[0], 1);
        }
    }
    lengths((lda > 2 * ml + mu) & (a.len() == lda * n) & (ip.len() == n));
    if ml != 0 && n > 1 {
        match ml {
            1 => decb_one(n, a, lda, mu, ip)?,
            2 => decb_ml::<2>(n, a, lda, mu, ip)?,
            3 => decb_ml::<3>(n, a, lda, mu, ip)?,
            4 => decb_ml::<4>(n, a, lda, mu, ip)?,
            _ => decb_any(n, a, lda, ml, mu, ip)?,
        }
    }
    nonzero(a[md + (n - 1) * lda], n)
}

/// [`decb_body`] for a constant number of subdiagonals, so that the short loops over
/// them unroll.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn decb_ml<const ML: usize>(
    n: usize,
    a: &mut [f64],
    lda: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    decb_body::<ML>(n, a, lda, ML, mu, ip)
}

/// Loops 7 to 60 of DECB for one subdiagonal, indexed as the original: with a single
/// multiplier per column, the loops over slices cost more than they save.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn decb_one(
    n: usize,
    a: &mut [f64],
    lda: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    let ml = 1;
    let md = ml + mu;
    for j in (mu + 1)..n {
        a[j * lda] = 0.0;
    }
    let mut ju = 0;
    for k in 0..n - 1 {
        let col = k * lda;
        let mut m = md;
        let mdl = ml.min(n - 1 - k) + md;
        for i in md + 1..=mdl {
            if a[i + col].abs() > a[m + col].abs() {
                m = i;
            }
        }
        ip[k] = m + k - md;
        let mut t = a[m + col];
        if m != md {
            a[m + col] = a[md + col];
            a[md + col] = t;
        }
        if t == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        t = 1.0 / t;
        for i in md + 1..=mdl {
            a[i + col] = -a[i + col] * t;
        }
        // JU = min(max(JU, MU + IP(K)), N) in 1-based terms.
        ju = ju.max(mu + ip[k] + 1).min(n);
        let mut mm = md;
        for j in k + 1..ju {
            let cj = j * lda;
            m -= 1;
            mm -= 1;
            let t = a[m + cj];
            if m != mm {
                a[m + cj] = a[mm + cj];
                a[mm + cj] = t;
            }
            if t == 0.0 {
                continue;
            }
            let jk = j - k;
            for i in md + 1..=mdl {
                let ijk = i - jk;
                a[ijk + cj] = a[ijk + cj] + a[i + col] * t;
            }
        }
    }
    Ok(())
}

/// [`decb_body`] for any number of subdiagonals.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn decb_any(
    n: usize,
    a: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    decb_body::<0>(n, a, lda, ml, mu, ip)
}

/// Loops 5 to 60 of DECB (`ml` > 0, `n` > 1); the stages whose column has `ML` (> 0)
/// multipliers run a copy of the stage with that count constant, so that its short loops
/// unroll (`ML` = 0: no such copy).
#[inline(always)]
fn decb_body<const ML: usize>(
    n: usize,
    a: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    for j in (mu + 1)..n {
        a[j * lda..j * lda + ml].fill(0.0);
    }
    let band = Band::new(n, lda, ml, mu);
    let mut ju = 0;
    for k in 0..n - 1 {
        let len = ml.min(n - 1 - k);
        if ML != 0 && len == ML {
            decb_stage(a, band, k, ML, ip, &mut ju)?;
        } else {
            decb_stage(a, band, k, len, ip, &mut ju)?;
        }
    }
    Ok(())
}

/// Stage k of DECB (loops 10 to 50) with `len` multipliers (`min(ML, N-K)`); `ju` is
/// JU, carried from stage to stage.
#[inline(always)]
fn decb_stage(
    a: &mut [f64],
    b: Band,
    k: usize,
    len: usize,
    ip: &mut [usize],
    ju: &mut usize,
) -> Result<(), Singular> {
    let Band { n, lda, md, mu } = b;
    let (done, rest) = a.split_at_mut((k + 1) * lda);
    // Rows md..=md + len of column k are the diagonal and the subdiagonals inside.
    let band = &mut done[k * lda + md..k * lda + md + len + 1];
    let p = search(band, 0);
    let mut m = md + p;
    ip[k] = m + k - md;
    let (t, old) = (band[p], band[0]);
    band[0] = t;
    if t == 0.0 {
        band[p] = old;
        return Err(Singular { stage: k + 1 });
    }
    let t = 1.0 / t;
    // The exchange of rows 0 and p folded into the scaling (row p is read as row 0's old
    // value), as in [`dec_stage`]: each row is stored once, and the column updates below
    // do not load a pair of rows one of which the exchange has just stored alone (such a
    // load waits until that store completes: RODAS transamp 1e-7, DECB's perf samples
    // 897 → 678).
    for (i, x) in band.iter_mut().enumerate().skip(1) {
        let v = if i == p { old } else { *x };
        *x = -v * t;
    }
    let mult = &band[1..];
    // JU = min(max(JU, MU + IP(K)), N) in 1-based terms.
    *ju = (*ju).max(mu + ip[k] + 1).min(n);
    let mut mm = md;
    // Columns k + 1..ju, each cut from `rest` by its offset: `chunks_exact_mut` would
    // divide to count them, at every stage.
    for at in (0..ju.saturating_sub(k + 1)).map(|jk| jk * lda) {
        let c = &mut rest[at..at + lda];
        m -= 1;
        mm -= 1;
        let (t, old) = (c[m], c[mm]);
        c[mm] = t;
        // Rows md + 1 - jk ..= mdl - jk of column j = k + jk, those below row mm, with
        // the exchange of rows mm and m folded in as above.
        let below = &mut c[mm + 1..mm + 1 + len];
        if t == 0.0 {
            if m != mm {
                below[m - mm - 1] = old;
            }
            continue;
        }
        for ((i, x), &l) in below.iter_mut().enumerate().zip(mult) {
            let v = if mm + 1 + i == m { old } else { *x };
            *x = v + l * t;
        }
    }
    Ok(())
}

/// SOLB: solves `A x = b` with the factors of [`decb`].
#[inline]
pub fn solb(n: usize, a: &[f64], lda: usize, ml: usize, mu: usize, b: &mut [f64], ip: &[usize]) {
    let md = ml + mu;
    if let ([x], [_], [d]) = (&mut *b, ip, a) {
        // Label 50 alone (lda = 1, hence ml = mu = 0): inline, as in [`dec`].
        if n == 1 && md == 0 {
            *x = *x / *d;
            return;
        }
    }
    lengths((lda > 2 * ml + mu) & (a.len() == lda * n) & (b.len() == n) & (ip.len() == n));
    if n == 2 {
        solb_order2(a, lda, ml, md, b, ip[0]);
        return;
    }
    solb_body(n, a, lda, ml, mu, b, ip);
}

/// SOLB of order 2 written out: the exchange and the one forward update (loop 20, when
/// ML > 0), the division of the last row and its one update of the first (loop 40, when
/// ML + MU > 0), and label 50, the same operations in the same order.
fn solb_order2(a: &[f64], lda: usize, ml: usize, md: usize, b: &mut [f64], m: usize) {
    if ml != 0 {
        let t = b[m];
        b[m] = b[0];
        b[0] = t;
        b[1] = b[1] + a[md + 1] * t;
    }
    b[1] = b[1] / a[md + lda];
    if md != 0 {
        let t = -b[1];
        b[0] = b[0] + a[md - 1 + lda] * t;
    }
    b[0] = b[0] / a[md];
}

/// Largest band (`ml` forward, `ml + mu` back) whose substitution loops carry their
/// window of `b` in registers.
const ROWS: usize = 4;

/// Loops 20 to 50 of SOLB (`n` > 2).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn solb_body(n: usize, a: &[f64], lda: usize, ml: usize, mu: usize, b: &mut [f64], ip: &[usize]) {
    let md = ml + mu;
    lengths(lda > md + ml);
    let (a, b, ip) = (&a[..n * lda], &mut b[..n], &ip[..n]);
    match ml {
        0 => {}
        1 => forward_rows::<1>(a, lda, md, b, ip),
        2 => forward_rows::<2>(a, lda, md, b, ip),
        3 => forward_rows::<3>(a, lda, md, b, ip),
        ROWS => forward_rows::<ROWS>(a, lda, md, b, ip),
        _ => forward_columns(a, lda, ml, md, b, ip),
    }
    match md {
        0 => back_rows::<0>(a, lda, b),
        1 => back_rows::<1>(a, lda, b),
        2 => back_rows::<2>(a, lda, b),
        3 => back_rows::<3>(a, lda, b),
        ROWS => back_rows::<ROWS>(a, lda, b),
        _ => back_columns(n, a, lda, md, b),
    }
}

/// Loops 10 to 20 of SOLB as the original, for wide bands.
#[inline(always)]
fn forward_columns(a: &[f64], lda: usize, ml: usize, md: usize, b: &mut [f64], ip: &[usize]) {
    let n = b.len();
    for k in 0..n - 1 {
        let m = ip[k];
        let t = b[m];
        b[m] = b[k];
        b[k] = t;
        let mdl = ml.min(n - 1 - k) + md;
        for i in md + 1..=mdl {
            let imd = i + k - md;
            b[imd] = b[imd] + a[i + k * lda] * t;
        }
    }
}

/// Loops 30 to 50 of SOLB column by column, as the original: for wide bands, where each
/// column's update is a long loop.
#[inline(always)]
fn back_columns(n: usize, a: &[f64], lda: usize, md: usize, b: &mut [f64]) {
    for k in (1..n).rev() {
        b[k] = b[k] / a[md + k * lda];
        let t = -b[k];
        // Rows i of column k above the diagonal that lie inside the matrix.
        for i in md.saturating_sub(k)..md {
            let imd = i + k - md;
            b[imd] = b[imd] + a[i + k * lda] * t;
        }
    }
    b[0] = b[0] / a[md];
}

/// Loops 10 to 20 of SOLB for `ML` ≤ [`ROWS`] subdiagonals, `b` of length n > 1.
#[inline(always)]
fn forward_rows<const ML: usize>(a: &[f64], lda: usize, md: usize, b: &mut [f64], ip: &[usize]) {
    let n = b.len();
    run_phase(0..n - 1, Forward::<ML>::new(a, lda, md, b, ip));
}

/// Loops 30 to 50 of SOLB for `MD` = `ml + mu` ≤ [`ROWS`].
#[inline(always)]
fn back_rows<const MD: usize>(a: &[f64], lda: usize, b: &mut [f64]) {
    let n = b.len();
    run_phase((0..n).rev(), Back::<MD>::new(a, lda, b));
}

/// One phase of a band substitution (forward or back), step by step.
trait Phase {
    /// Step (column) k.
    fn step(&mut self, k: usize);
    /// Stores what the steps kept in registers.
    fn finish(self);
}

/// Two systems' phases as one: each step of the first, then the same step of the
/// second ([`solb_group`]).
impl<A: Phase, B: Phase> Phase for (A, B) {
    #[inline(always)]
    fn step(&mut self, k: usize) {
        self.0.step(k);
        self.1.step(k);
    }

    #[inline(always)]
    fn finish(self) {
        self.0.finish();
        self.1.finish();
    }
}

/// The steps `ks` of `phase`, then its finish.
#[inline(always)]
fn run_phase(ks: impl Iterator<Item = usize>, mut phase: impl Phase) {
    for k in ks {
        phase.step(k);
    }
    phase.finish();
}

/// SOLB's forward substitution (loops 10 to 20) for `ML` ≤ [`ROWS`] subdiagonals, one
/// step k at a time: step k exchanges b(k) with b(IP(k)) and updates b(k+1..=k+ML)
/// with the multipliers of column k, in the original's order. b(k..=k+ML) are carried
/// in registers from step to step (through memory, each short update would load values
/// the step before has just stored, and wait for them), and each step stores only its
/// final b(k). The steps whose update would reach past row n run the same code: their
/// rows past n are placeholders (the storage's rows below the band, never stored), and
/// IP(k) never selects them.
struct Forward<'a, const ML: usize> {
    /// The columns from k on.
    rest: &'a [f64],
    lda: usize,
    md: usize,
    b: &'a mut [f64],
    ip: &'a [usize],
    head: f64,
    below: [f64; ML],
}

impl<'a, const ML: usize> Forward<'a, ML> {
    #[inline(always)]
    fn new(a: &'a [f64], lda: usize, md: usize, b: &'a mut [f64], ip: &'a [usize]) -> Self {
        let last = b.len() - 1;
        let (head, below) = (b[0], std::array::from_fn(|i| b[(1 + i).min(last)]));
        Self {
            rest: a,
            lda,
            md,
            b,
            ip,
            head,
            below,
        }
    }
}

impl<const ML: usize> Phase for Forward<'_, ML> {
    /// Step k < n - 1.
    #[inline(always)]
    fn step(&mut self, k: usize) {
        let (b, ip) = (&mut *self.b, self.ip);
        let last = b.len() - 1;
        // Each column split off the front of the rest: one check per step.
        let col;
        (col, self.rest) = self.rest.split_at(self.lda);
        // IP(k) - k is in 0..=ML: DECB's pivot search stays inside the band.
        let p = ip[k].wrapping_sub(k);
        debug_assert!(p <= ML);
        let mut t = self.head;
        for (i, x) in self.below.iter_mut().enumerate() {
            if p == i + 1 {
                t = *x;
                *x = self.head;
            }
        }
        b[k] = t;
        let md = self.md;
        for (x, &l) in self.below.iter_mut().zip(&col[md + 1..md + 1 + ML]) {
            *x = *x + l * t;
        }
        (self.head, self.below) = pop(self.below, b[(k + 1 + ML).min(last)]);
    }

    /// Stores b(n-1) after the last step.
    #[inline(always)]
    fn finish(self) {
        let last = self.b.len() - 1;
        self.b[last] = self.head;
    }
}

/// SOLB's back substitution (loops 30 to 50) for `MD` = `ml + mu` ≤ [`ROWS`], one
/// column k at a time from the last as the original, with b(k-MD..=k) carried in
/// registers (see [`Forward`]): row i receives the updates of columns i + MD, ...,
/// i + 1 in this order. The columns k < MD run the same code: their rows above row 0
/// are placeholders, never stored.
struct Back<'a, const MD: usize> {
    /// The columns up to k.
    rest: &'a [f64],
    lda: usize,
    b: &'a mut [f64],
    head: f64,
    above: [f64; MD],
}

impl<'a, const MD: usize> Back<'a, MD> {
    #[inline(always)]
    fn new(a: &'a [f64], lda: usize, b: &'a mut [f64]) -> Self {
        let last = b.len() - 1;
        let (head, above) = (
            b[last],
            std::array::from_fn(|d| b[last.saturating_sub(d + 1)]),
        );
        Self {
            rest: a,
            lda,
            b,
            head,
            above,
        }
    }
}

impl<const MD: usize> Phase for Back<'_, MD> {
    /// Column k, for k = n - 1 down to 0.
    #[inline(always)]
    fn step(&mut self, k: usize) {
        let b = &mut *self.b;
        // Each column split off the end of the rest: one check per column.
        let col;
        (self.rest, col) = self.rest.split_at(self.rest.len().wrapping_sub(self.lda));
        let x = self.head / col[MD];
        b[k] = x;
        let t = -x;
        for (d, y) in self.above.iter_mut().enumerate() {
            *y = *y + col[MD - 1 - d] * t;
        }
        let next = b[k.saturating_sub(MD + 1)];
        (self.head, self.above) = pop(self.above, next);
    }

    /// Nothing: each column stores its own result.
    #[inline(always)]
    fn finish(self) {}
}

/// `(w(0), [w(1), ..., w(N-1), x])` (`(x, [])` for N = 0): a window of values moved one
/// place, built anew so that it stays in registers (a loop moving the entries in place
/// is turned into a `memmove` that keeps the window in memory, where each load of two
/// entries waits for their two separate stores).
#[inline(always)]
fn pop<const N: usize>(w: [f64; N], x: f64) -> (f64, [f64; N]) {
    let head = w.first().copied().unwrap_or(x);
    (
        head,
        std::array::from_fn(|d| if d + 1 < N { w[d + 1] } else { x }),
    )
}

/// DECBC: [`decb`] for a complex band matrix `ar + i ai`.
///
/// Organised as [`decb`]: order 1 before the length checks, the pivot search a branching
/// scan, each column's update a loop over slices, specialised for 2 to 4 subdiagonals,
/// one subdiagonal indexed as the original.
#[inline]
pub fn decbc(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    let md = ml + mu;
    if let ([_], [_], [_]) = (&*ip, &*ar, &*ai) {
        // N = 1 goes to label 70 (with lda = 1, hence ml = mu = 0): inline, as in [`decb`].
        if n == 1 && md == 0 {
            return decc_order1(ar[0], ai[0]);
        }
    }
    lengths((lda > 2 * ml + mu) & (ar.len() == lda * n) & (ai.len() == lda * n) & (ip.len() == n));
    if ml != 0 && n > 1 {
        match ml {
            1 => decbc_one(n, ar, ai, lda, mu, ip)?,
            2 => decbc_ml::<2>(n, ar, ai, lda, mu, ip)?,
            3 => decbc_ml::<3>(n, ar, ai, lda, mu, ip)?,
            4 => decbc_ml::<4>(n, ar, ai, lda, mu, ip)?,
            _ => decbc_any(n, ar, ai, lda, ml, mu, ip)?,
        }
    }
    let last = md + (n - 1) * lda;
    nonzero_c(ar[last], ai[last], n)
}

/// `Ok` unless the last complex pivot is zero (label 70 of DECC and DECBC).
#[inline(always)]
fn nonzero_c(dr: f64, di: f64, n: usize) -> Result<(), Singular> {
    if cabs1(dr, di) == 0.0 {
        Err(Singular { stage: n })
    } else {
        Ok(())
    }
}

/// Loop 10 of DECC and DECBC: [`search`] with the measure [`cabs1`]
/// (`DABS(AR(I,K))+DABS(AI(I,K)) .GT. DABS(AR(M,K))+DABS(AI(M,K))`).
#[inline(always)]
fn search_c(re: &[f64], im: &[f64], k: usize) -> usize {
    let mut m = k;
    let mut big = cabs1(re[k], im[k]);
    while let Some(p) = re[m + 1..]
        .iter()
        .zip(&im[m + 1..])
        .position(|(&r, &i)| cabs1(r, i) > big)
    {
        m += 1 + p;
        big = cabs1(re[m], im[m]);
    }
    m
}

/// [`decbc_body`] for a constant number of subdiagonals, so that the short loops over
/// them unroll.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn decbc_ml<const ML: usize>(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    decbc_body::<ML>(n, ar, ai, lda, ML, mu, ip)
}

/// Loops 7 to 60 of DECBC for one subdiagonal, indexed as the original (see
/// [`decb_one`]).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn decbc_one(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    let md = 1 + mu;
    for j in (mu + 1)..n {
        ar[j * lda] = 0.0;
        ai[j * lda] = 0.0;
    }
    let mut ju = 0;
    for k in 0..n - 1 {
        let col = k * lda;
        // The one subdiagonal: row md + 1 of column k.
        let (d, s) = (md + col, md + 1 + col);
        // The exchange inside the branch keeps it a branch (predicted, as the original's),
        // not a conditional move that the loads of the pivot would wait for.
        let (m, tr, ti) = if cabs1(ar[s], ai[s]) > cabs1(ar[d], ai[d]) {
            let (tr, ti) = (ar[s], ai[s]);
            ar[s] = ar[d];
            ai[s] = ai[d];
            ar[d] = tr;
            ai[d] = ti;
            (md + 1, tr, ti)
        } else {
            (md, ar[d], ai[d])
        };
        ip[k] = m + k - md;
        if cabs1(tr, ti) == 0.0 {
            return Err(Singular { stage: k + 1 });
        }
        let den = tr * tr + ti * ti;
        let tr = tr / den;
        let ti = -ti / den;
        let prodr = ar[s] * tr - ai[s] * ti;
        let prodi = ai[s] * tr + ar[s] * ti;
        let (lr, li) = (-prodr, -prodi);
        ar[s] = lr;
        ai[s] = li;
        // JU = min(max(JU, MU + IP(K)), N) in 1-based terms.
        ju = ju.max(mu + ip[k] + 1).min(n);
        let (mut m, mut mm) = (m, md);
        for j in k + 1..ju {
            let cj = j * lda;
            m -= 1;
            mm -= 1;
            let (tr, ti) = (ar[m + cj], ai[m + cj]);
            if m != mm {
                ar[m + cj] = ar[mm + cj];
                ai[m + cj] = ai[mm + cj];
                ar[mm + cj] = tr;
                ai[mm + cj] = ti;
            }
            if cabs1(tr, ti) == 0.0 {
                continue;
            }
            let (prodr, prodi) = if ti == 0.0 {
                (lr * tr, li * tr)
            } else if tr == 0.0 {
                (-(li * ti), lr * ti)
            } else {
                (lr * tr - li * ti, li * tr + lr * ti)
            };
            let x = mm + 1 + cj;
            ar[x] = ar[x] + prodr;
            ai[x] = ai[x] + prodi;
        }
    }
    Ok(())
}

/// [`decbc_body`] for any number of subdiagonals.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn decbc_any(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    decbc_body::<0>(n, ar, ai, lda, ml, mu, ip)
}

/// Loops 5 to 60 of DECBC (`ml` > 0, `n` > 1), as [`decb_body`].
#[inline(always)]
fn decbc_body<const ML: usize>(
    n: usize,
    ar: &mut [f64],
    ai: &mut [f64],
    lda: usize,
    ml: usize,
    mu: usize,
    ip: &mut [usize],
) -> Result<(), Singular> {
    for j in (mu + 1)..n {
        ar[j * lda..j * lda + ml].fill(0.0);
        ai[j * lda..j * lda + ml].fill(0.0);
    }
    let band = Band::new(n, lda, ml, mu);
    let mut ju = 0;
    for k in 0..n - 1 {
        let len = ml.min(n - 1 - k);
        if ML != 0 && len == ML {
            decbc_stage(ar, ai, band, k, ML, ip, &mut ju)?;
        } else {
            decbc_stage(ar, ai, band, k, len, ip, &mut ju)?;
        }
    }
    Ok(())
}

/// Stage k of DECBC (loops 10 to 50), as [`decb_stage`].
#[inline(always)]
fn decbc_stage(
    ar: &mut [f64],
    ai: &mut [f64],
    b: Band,
    k: usize,
    len: usize,
    ip: &mut [usize],
    ju: &mut usize,
) -> Result<(), Singular> {
    let Band { n, lda, md, mu } = b;
    let (done_r, rest_r) = ar.split_at_mut((k + 1) * lda);
    let (done_i, rest_i) = ai.split_at_mut((k + 1) * lda);
    // Rows md..=md + len of column k are the diagonal and the subdiagonals inside.
    let rows = k * lda + md..k * lda + md + len + 1;
    let band_r = &mut done_r[rows.clone()];
    let band_i = &mut done_i[rows];
    let p = search_c(band_r, band_i, 0);
    let mut m = md + p;
    ip[k] = m + k - md;
    let (tr, ti) = (band_r[p], band_i[p]);
    band_r[p] = band_r[0];
    band_i[p] = band_i[0];
    band_r[0] = tr;
    band_i[0] = ti;
    if cabs1(tr, ti) == 0.0 {
        return Err(Singular { stage: k + 1 });
    }
    let den = tr * tr + ti * ti;
    let tr = tr / den;
    let ti = -ti / den;
    for (r, s) in band_r[1..].iter_mut().zip(band_i[1..].iter_mut()) {
        let prodr = *r * tr - *s * ti;
        let prodi = *s * tr + *r * ti;
        *r = -prodr;
        *s = -prodi;
    }
    let (mr, mi) = (&band_r[1..], &band_i[1..]);
    // JU = min(max(JU, MU + IP(K)), N) in 1-based terms.
    *ju = (*ju).max(mu + ip[k] + 1).min(n);
    let mut mm = md;
    // Columns k + 1..ju cut by their offsets, as in [`decb_stage`].
    for at in (0..ju.saturating_sub(k + 1)).map(|jk| jk * lda) {
        let (cr, ci) = (&mut rest_r[at..at + lda], &mut rest_i[at..at + lda]);
        m -= 1;
        mm -= 1;
        let (tr, ti) = (cr[m], ci[m]);
        cr[m] = cr[mm];
        ci[m] = ci[mm];
        cr[mm] = tr;
        ci[mm] = ti;
        if cabs1(tr, ti) == 0.0 {
            continue;
        }
        // Rows md + 1 - jk ..= mdl - jk of column j = k + jk: those below row mm.
        let rows = mm + 1..mm + 1 + len;
        axpy_column(&mut cr[rows.clone()], &mut ci[rows], mr, mi, tr, ti);
    }
    Ok(())
}

/// SOLBC: solves `A x = b` with the factors of [`decbc`].
#[inline]
pub fn solbc(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    ml: usize,
    mu: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    let md = ml + mu;
    if let ([xr], [xi], [_], [dr], [di]) = (&mut *br, &mut *bi, ip, ar, ai) {
        // Label 40's last division alone (lda = 1, hence ml = mu = 0): inline, as in
        // [`dec`].
        if n == 1 && md == 0 {
            (*xr, *xi) = cdiv(*xr, *xi, *dr, *di);
            return;
        }
    }
    lengths(
        (lda > 2 * ml + mu)
            & (ar.len() == lda * n)
            & (ai.len() == lda * n)
            & (br.len() == n)
            & (bi.len() == n)
            & (ip.len() == n),
    );
    // SOLBC jumps to its end (label 50) for N = 1 with ML > 0, past the division SOLB
    // does there: B comes back unchanged. RADAU5 cannot get here (a banded N = 1 system
    // has ML = 0); the routine is kept as the original.
    if ml != 0 && n == 1 {
        return;
    }
    if n == 2 {
        solbc_order2(ar, ai, lda, ml, md, br, bi, ip[0]);
        return;
    }
    solbc_body(n, ar, ai, lda, ml, mu, br, bi, ip);
}

/// SOLBC of order 2 written out, as [`solb`]'s: the exchange and the one forward update
/// (ML > 0), the last row's division and its one update of the first (ML + MU > 0), the
/// first row's division, each with the original's complex operations in their order.
#[allow(clippy::too_many_arguments)]
fn solbc_order2(
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    ml: usize,
    md: usize,
    br: &mut [f64],
    bi: &mut [f64],
    m: usize,
) {
    if ml != 0 {
        let (tr, ti) = (br[m], bi[m]);
        br[m] = br[0];
        bi[m] = bi[0];
        br[0] = tr;
        bi[0] = ti;
        let (r1, i1) = (&mut br[1], &mut bi[1]);
        axpy_c_full(r1, i1, ar[md + 1], ai[md + 1], tr, ti);
    }
    (br[1], bi[1]) = cdiv(br[1], bi[1], ar[md + lda], ai[md + lda]);
    if md != 0 {
        let (tr, ti) = (-br[1], -bi[1]);
        let x = md - 1 + lda;
        let (r0, i0) = (&mut br[0], &mut bi[0]);
        axpy_c_full(r0, i0, ar[x], ai[x], tr, ti);
    }
    (br[0], bi[0]) = cdiv(br[0], bi[0], ar[md], ai[md]);
}

/// Loops 20 to 40 of SOLBC (`n` > 2), as [`solb_body`].
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn solbc_body(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    ml: usize,
    mu: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    let md = ml + mu;
    lengths(lda > md + ml);
    let (ar, ai, ip) = (&ar[..n * lda], &ai[..n * lda], &ip[..n]);
    let (br, bi) = (&mut br[..n], &mut bi[..n]);
    match ml {
        0 => {}
        1 => forward_rows_c::<1>(ar, ai, lda, md, br, bi, ip),
        2 => forward_rows_c::<2>(ar, ai, lda, md, br, bi, ip),
        3 => forward_rows_c::<3>(ar, ai, lda, md, br, bi, ip),
        ROWS => forward_rows_c::<ROWS>(ar, ai, lda, md, br, bi, ip),
        _ => forward_columns_c(ar, ai, lda, ml, md, br, bi, ip),
    }
    match md {
        0 => back_rows_c::<0>(ar, ai, lda, br, bi),
        1 => back_rows_c::<1>(ar, ai, lda, br, bi),
        2 => back_rows_c::<2>(ar, ai, lda, br, bi),
        3 => back_rows_c::<3>(ar, ai, lda, br, bi),
        ROWS => back_rows_c::<ROWS>(ar, ai, lda, br, bi),
        _ => back_columns_c(n, ar, ai, lda, md, br, bi),
    }
}

/// A real system of the solves side by side: factors, right-hand side, pivots.
pub type RealSystem<'a> = (&'a [f64], &'a mut [f64], &'a [usize]);

/// A complex system of the solves side by side: the factors' real and imaginary parts,
/// the right-hand side's, pivots.
pub type ComplexSystem<'a> = (
    &'a [f64],
    &'a [f64],
    &'a mut [f64],
    &'a mut [f64],
    &'a [usize],
);

/// [`solb`] of `b` and [`solbc`] of each `br + i bi` for matrices of one band (order n,
/// leading dimension `lda`, `ml` and `mu`), as E1 and the E2 of RADAU5 and RADAU are: for
/// n > 2 each step of the real substitutions runs beside the same step of the complex
/// ones. The systems never meet, so every value is the one the calls give; interleaved,
/// the processor overlaps the chains of divisions and updates, each waiting on its own
/// last step (RADAU5 transamp, N = 8: SOLB and SOLBC one after the other spend half
/// their time waiting on a division).
pub fn solb_group<const C: usize>(
    n: usize,
    lda: usize,
    (ml, mu): (usize, usize),
    (a, b, ip): RealSystem<'_>,
    complex: [ComplexSystem<'_>; C],
) {
    if n <= 2 {
        solb(n, a, lda, ml, mu, b, ip);
        for (ar, ai, br, bi, ipc) in complex {
            solbc(n, ar, ai, lda, ml, mu, br, bi, ipc);
        }
        return;
    }
    let fits = |(ar, ai, br, bi, ipc): &ComplexSystem<'_>| {
        (ar.len() == lda * n)
            & (ai.len() == lda * n)
            & (br.len() == n)
            & (bi.len() == n)
            & (ipc.len() == n)
    };
    lengths(
        (lda > 2 * ml + mu)
            & (a.len() == lda * n)
            & (b.len() == n)
            & (ip.len() == n)
            & complex.iter().all(fits),
    );
    let mut complex = complex.map(|(ar, ai, br, bi, ipc)| {
        (
            &ar[..n * lda],
            &ai[..n * lda],
            &mut br[..n],
            &mut bi[..n],
            &ipc[..n],
        )
    });
    solb_group_body(n, lda, (ml, mu), (a, b, ip), &mut complex);
}

/// The substitutions of [`solb_group`] (`n` > 2, one to three complex systems):
/// [`solb_body`]'s and [`solbc_body`]'s, step beside step for the bands they carry in
/// registers.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn solb_group_body(
    n: usize,
    lda: usize,
    (ml, mu): (usize, usize),
    (a, b, ip): RealSystem<'_>,
    complex: &mut [ComplexSystem<'_>],
) {
    let md = ml + mu;
    lengths(lda > md + ml);
    let (a, b, ip) = (&a[..n * lda], &mut b[..n], &ip[..n]);
    match ml {
        0 => {}
        1 => forward_group::<1>(lda, md, (a, b, ip), complex),
        2 => forward_group::<2>(lda, md, (a, b, ip), complex),
        3 => forward_group::<3>(lda, md, (a, b, ip), complex),
        ROWS => forward_group::<ROWS>(lda, md, (a, b, ip), complex),
        _ => {
            forward_columns(a, lda, ml, md, b, ip);
            for (ar, ai, br, bi, ipc) in complex.iter_mut() {
                forward_columns_c(ar, ai, lda, ml, md, br, bi, ipc);
            }
        }
    }
    match md {
        0 => back_group::<0>(lda, (a, b), complex),
        1 => back_group::<1>(lda, (a, b), complex),
        2 => back_group::<2>(lda, (a, b), complex),
        3 => back_group::<3>(lda, (a, b), complex),
        ROWS => back_group::<ROWS>(lda, (a, b), complex),
        _ => {
            back_columns(n, a, lda, md, b);
            for (ar, ai, br, bi, _) in complex.iter_mut() {
                back_columns_c(n, ar, ai, lda, md, br, bi);
            }
        }
    }
}

/// [`forward_rows`] and the [`forward_rows_c`] of one to three systems, step beside step.
#[inline(always)]
fn forward_group<const ML: usize>(
    lda: usize,
    md: usize,
    (a, b, ip): (&[f64], &mut [f64], &[usize]),
    complex: &mut [ComplexSystem<'_>],
) {
    let n = b.len();
    let ks = 0..n - 1;
    let real = Forward::<ML>::new(a, lda, md, b, ip);
    let c = |s| ForwardC::<ML>::of(s, n, lda, md);
    match complex {
        [c0] => run_phase(ks, (real, c(c0))),
        [c0, c1] => run_phase(ks, ((real, c(c0)), c(c1))),
        [c0, c1, c2] => run_phase(ks, (((real, c(c0)), c(c1)), c(c2))),
        _ => unreachable!("one to three complex systems"),
    }
}

/// [`back_rows`] and the [`back_rows_c`] of one to three systems, column beside column.
#[inline(always)]
fn back_group<const MD: usize>(
    lda: usize,
    (a, b): (&[f64], &mut [f64]),
    complex: &mut [ComplexSystem<'_>],
) {
    let n = b.len();
    let ks = (0..n).rev();
    let real = Back::<MD>::new(a, lda, b);
    let c = |s| BackC::<MD>::of(s, n, lda);
    match complex {
        [c0] => run_phase(ks, (real, c(c0))),
        [c0, c1] => run_phase(ks, ((real, c(c0)), c(c1))),
        [c0, c1, c2] => run_phase(ks, (((real, c(c0)), c(c1)), c(c2))),
        _ => unreachable!("one to three complex systems"),
    }
}

/// Loops 10 to 20 of SOLBC as the original, for wide bands.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn forward_columns_c(
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    ml: usize,
    md: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    let n = br.len();
    for k in 0..n - 1 {
        let m = ip[k];
        let tr = br[m];
        let ti = bi[m];
        br[m] = br[k];
        bi[m] = bi[k];
        br[k] = tr;
        bi[k] = ti;
        let mdl = ml.min(n - 1 - k) + md;
        for i in md + 1..=mdl {
            let imd = i + k - md;
            let (r, s) = (&mut br[imd], &mut bi[imd]);
            axpy_c_full(r, s, ar[i + k * lda], ai[i + k * lda], tr, ti);
        }
    }
}

/// Loops 25 to 40 of SOLBC column by column, as the original (see [`back_columns`]).
#[inline(always)]
fn back_columns_c(
    n: usize,
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    md: usize,
    br: &mut [f64],
    bi: &mut [f64],
) {
    for k in (1..n).rev() {
        let d = md + k * lda;
        (br[k], bi[k]) = cdiv(br[k], bi[k], ar[d], ai[d]);
        let tr = -br[k];
        let ti = -bi[k];
        for i in md.saturating_sub(k)..md {
            let imd = i + k - md;
            let (r, s) = (&mut br[imd], &mut bi[imd]);
            axpy_c_full(r, s, ar[i + k * lda], ai[i + k * lda], tr, ti);
        }
    }
    (br[0], bi[0]) = cdiv(br[0], bi[0], ar[md], ai[md]);
}

/// Loops 10 to 20 of SOLBC for `ML` ≤ [`ROWS`] subdiagonals, as [`forward_rows`].
#[inline(always)]
fn forward_rows_c<const ML: usize>(
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    md: usize,
    br: &mut [f64],
    bi: &mut [f64],
    ip: &[usize],
) {
    let n = br.len();
    run_phase(0..n - 1, ForwardC::<ML>::new((ar, ai, br, bi, ip), lda, md));
}

/// Loops 25 to 40 of SOLBC for `MD` ≤ [`ROWS`], as [`back_rows`].
#[inline(always)]
fn back_rows_c<const MD: usize>(
    ar: &[f64],
    ai: &[f64],
    lda: usize,
    br: &mut [f64],
    bi: &mut [f64],
) {
    let n = br.len();
    run_phase((0..n).rev(), BackC::<MD>::new((ar, ai, br, bi), lda));
}

/// SOLBC's forward substitution one step at a time, as [`Forward`].
struct ForwardC<'a, const ML: usize> {
    rest_r: &'a [f64],
    rest_i: &'a [f64],
    lda: usize,
    md: usize,
    br: &'a mut [f64],
    bi: &'a mut [f64],
    ip: &'a [usize],
    head_r: f64,
    head_i: f64,
    below_r: [f64; ML],
    below_i: [f64; ML],
}

impl<'a, const ML: usize> ForwardC<'a, ML> {
    #[inline(always)]
    fn new((ar, ai, br, bi, ip): ComplexSystem<'a>, lda: usize, md: usize) -> Self {
        let last = br.len() - 1;
        let (head_r, head_i) = (br[0], bi[0]);
        let below_r = std::array::from_fn(|i| br[(1 + i).min(last)]);
        let below_i = std::array::from_fn(|i| bi[(1 + i).min(last)]);
        Self {
            rest_r: ar,
            rest_i: ai,
            lda,
            md,
            br,
            bi,
            ip,
            head_r,
            head_i,
            below_r,
            below_i,
        }
    }
}

impl<'a, const ML: usize> ForwardC<'a, ML> {
    /// The steps of the system `s` lends, of order `n` (sliced to it here, so that the
    /// steps' indices need no checks beyond the real system's).
    #[inline(always)]
    fn of(s: &'a mut ComplexSystem<'_>, n: usize, lda: usize, md: usize) -> Self {
        let (ar, ai) = (&s.0[..n * lda], &s.1[..n * lda]);
        Self::new((ar, ai, &mut s.2[..n], &mut s.3[..n], &s.4[..n]), lda, md)
    }
}

impl<const ML: usize> Phase for ForwardC<'_, ML> {
    /// Step k < n - 1.
    #[inline(always)]
    fn step(&mut self, k: usize) {
        let (br, bi, ip) = (&mut *self.br, &mut *self.bi, self.ip);
        let last = br.len() - 1;
        let (cr, ci);
        ((cr, self.rest_r), (ci, self.rest_i)) = (
            self.rest_r.split_at(self.lda),
            self.rest_i.split_at(self.lda),
        );
        // IP(k) - k is in 0..=ML: DECBC's pivot search stays inside the band.
        let p = ip[k].wrapping_sub(k);
        debug_assert!(p <= ML);
        let (mut tr, mut ti) = (self.head_r, self.head_i);
        for i in 0..ML {
            if p == i + 1 {
                (tr, ti) = (self.below_r[i], self.below_i[i]);
                (self.below_r[i], self.below_i[i]) = (self.head_r, self.head_i);
            }
        }
        br[k] = tr;
        bi[k] = ti;
        let md = self.md;
        let (lr, li) = (&cr[md + 1..md + 1 + ML], &ci[md + 1..md + 1 + ML]);
        for i in 0..ML {
            let (r, s) = (&mut self.below_r[i], &mut self.below_i[i]);
            axpy_c_full(r, s, lr[i], li[i], tr, ti);
        }
        let next = (k + 1 + ML).min(last);
        (self.head_r, self.below_r) = pop(self.below_r, br[next]);
        (self.head_i, self.below_i) = pop(self.below_i, bi[next]);
    }

    /// Stores b(n-1) after the last step.
    #[inline(always)]
    fn finish(self) {
        let last = self.br.len() - 1;
        self.br[last] = self.head_r;
        self.bi[last] = self.head_i;
    }
}

/// SOLBC's back substitution one column at a time, as [`Back`].
struct BackC<'a, const MD: usize> {
    rest_r: &'a [f64],
    rest_i: &'a [f64],
    lda: usize,
    br: &'a mut [f64],
    bi: &'a mut [f64],
    head_r: f64,
    head_i: f64,
    above_r: [f64; MD],
    above_i: [f64; MD],
}

impl<'a, const MD: usize> BackC<'a, MD> {
    #[inline(always)]
    fn new(
        (ar, ai, br, bi): (&'a [f64], &'a [f64], &'a mut [f64], &'a mut [f64]),
        lda: usize,
    ) -> Self {
        let last = br.len() - 1;
        let (head_r, head_i) = (br[last], bi[last]);
        let above_r = std::array::from_fn(|d| br[last.saturating_sub(d + 1)]);
        let above_i = std::array::from_fn(|d| bi[last.saturating_sub(d + 1)]);
        Self {
            rest_r: ar,
            rest_i: ai,
            lda,
            br,
            bi,
            head_r,
            head_i,
            above_r,
            above_i,
        }
    }
}

impl<'a, const MD: usize> BackC<'a, MD> {
    /// The steps of the system `s` lends, of order `n` (as [`ForwardC::of`]).
    #[inline(always)]
    fn of(s: &'a mut ComplexSystem<'_>, n: usize, lda: usize) -> Self {
        let (ar, ai) = (&s.0[..n * lda], &s.1[..n * lda]);
        Self::new((ar, ai, &mut s.2[..n], &mut s.3[..n]), lda)
    }
}

impl<const MD: usize> Phase for BackC<'_, MD> {
    /// Column k, for k = n - 1 down to 0.
    #[inline(always)]
    fn step(&mut self, k: usize) {
        let (br, bi) = (&mut *self.br, &mut *self.bi);
        let (cr, ci);
        let at = self.rest_r.len().wrapping_sub(self.lda);
        ((self.rest_r, cr), (self.rest_i, ci)) =
            (self.rest_r.split_at(at), self.rest_i.split_at(at));
        let (xr, xi) = cdiv(self.head_r, self.head_i, cr[MD], ci[MD]);
        br[k] = xr;
        bi[k] = xi;
        let (tr, ti) = (-xr, -xi);
        for d in 0..MD {
            let at = MD - 1 - d;
            let (r, s) = (&mut self.above_r[d], &mut self.above_i[d]);
            axpy_c_full(r, s, cr[at], ci[at], tr, ti);
        }
        let next = k.saturating_sub(MD + 1);
        (self.head_r, self.above_r) = pop(self.above_r, br[next]);
        (self.head_i, self.above_i) = pop(self.above_i, bi[next]);
    }

    /// Nothing: each column stores its own result.
    #[inline(always)]
    fn finish(self) {}
}
