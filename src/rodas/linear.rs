//! The linear algebra of RODAS (Hairer & Wanner's `dc_decsol.f`): DECOMR, which RODAS
//! shares with RADAU5 and RADAU, and SLVROD, its own solve of each Rosenbrock stage.
//!
//! DECOMR's IJOB = 1 (M = I, a full Jacobian, `M1 = 0`) forms `E = fac·I - J` here and
//! factors it by DEC, and the step loop solves the stages with the factors; every other
//! IJOB is the one of [`crate::hairer::linear`] with no complex matrices. SLVROD's
//! right-hand side is formed by the step loop (M = I, and the first stage) or here
//! (another M), and then solved as ESTRAD does (the second-order reduction for `M1 > 0`,
//! E, the first `M1` components recovered backwards), by the same shared routine. Every
//! variant performs the original's floating-point operations in the original order.

pub(super) use crate::hairer::linear::Mass;
use crate::hairer::linear::{self, Matrices};
use crate::linalg::{decsol, Singular};

/// The iteration matrix `E` of the Rosenbrock stages: RADAU5's real system alone.
// One per integration, on the stack: boxing the larger variant would allocate per call.
#[allow(clippy::large_enum_variant)]
pub(super) enum LinearSystem<'w> {
    /// DECOMR's IJOB = 1 (M = I, a full Jacobian, `M1 = 0`): `E = fac·I - J` in WORK,
    /// factored by DEC; the step loop reads the factors to solve the stages of the
    /// small orders with the right-hand side in registers.
    Dense {
        n: usize,
        e: &'w mut [f64],
        ip: &'w mut [usize],
    },
    /// Every other IJOB, through the solver shared with RADAU5.
    Shared(linear::LinearSystem<'w>),
}

impl<'w> LinearSystem<'w> {
    /// The system of an `n`-equation problem: M1 and M2 of the second-order structure,
    /// LDJAC, the Jacobian's band (`None`: full), the mass matrix's storage, and E and
    /// its pivots (of the lengths `Setup::linear_storage` gives).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    pub fn new(
        n: usize,
        m1: usize,
        m2: usize,
        jac_ld: usize,
        band: Option<(usize, usize)>,
        mass: Mass,
        (e, ip): (&'w mut [f64], &'w mut [usize]),
    ) -> Self {
        if let (0, None, Mass::Identity) = (m1, band, mass) {
            return Self::Dense {
                n,
                e: &mut e[..n * n],
                ip: &mut ip[..n],
            };
        }
        Self::Shared(linear::LinearSystem::new(
            n,
            m1,
            m2,
            jac_ld,
            band,
            mass,
            (false, 0),
            (e, ip),
        ))
    }

    /// DECOMR: forms `E = fac·M - J` (reduced when `m1 > 0`) and decomposes it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    pub fn decompose(&mut self, fjac: &[f64], fmas: &[f64], fac: f64) -> Result<(), Singular> {
        match self {
            Self::Dense { n, e, ip } => decomr_dense(*n, fjac, fac, e, ip),
            Self::Shared(lin) => lin.decompose_real(Matrices { fjac, fmas }, fac),
        }
    }

    /// Whether M = I: SLVROD's `M·ynew` is then `ynew` itself, and the step loop forms
    /// each stage's right-hand side in the loop that forms YNEW, for
    /// [`solve_formed`](Self::solve_formed).
    #[inline(always)]
    pub fn identity_mass(&self) -> bool {
        match self {
            Self::Dense { .. } => true,
            Self::Shared(lin) => matches!(lin.mass, Mass::Identity),
        }
    }

    /// E's storage and its pivots for IJOB = 1, which the step loop forms and factors
    /// itself for the orders it solves in registers.
    #[inline(always)]
    pub fn dense_storage(&mut self) -> Option<(&mut [f64], &mut [usize])> {
        match self {
            Self::Dense { e, ip, .. } => Some((e, ip)),
            Self::Shared(_) => None,
        }
    }

    /// SLVROD's solve for a right-hand side the caller has formed as SLVROD forms it
    /// (any stage with M = I, the first stage with any M): `ak ← E⁻¹ ak`.
    #[inline(always)]
    pub fn solve_formed(&mut self, fjac: &[f64], fac: f64, ak: &mut [f64]) {
        match self {
            Self::Dense { n, e, ip } => decsol::sol(*n, e, *n, &mut ak[..*n], ip),
            Self::Shared(lin) => lin.solve_e1(fjac, fac, ak),
        }
    }

    /// SLVROD for a mass matrix other than I, from the second stage on: `ak = E⁻¹ (dy +
    /// hd·fx + M·ynew)`, the term `hd·fx` only when `hd ≠ 0`. Out of line: the step loop
    /// calls it from five stages; among the kernels (which a mass matrix's band or M1 > 0
    /// runs through anyway), off the pages of M = I.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(kernels)]
    pub fn solve(
        &mut self,
        fjac: &[f64],
        fmas: &[f64],
        fac: f64,
        dy: &[f64],
        ak: &mut [f64],
        fx: &[f64],
        ynew: &[f64],
        hd: f64,
    ) {
        let Self::Shared(lin) = self else {
            unreachable!("SLVROD with M = I runs in the step loop")
        };
        let (n, m1) = (lin.n, lin.m1);
        let (ak, dy, fx, ynew) = (&mut ak[..n], &dy[..n], &fx[..n], &ynew[..n]);
        if m1 == 0 {
            // `(dy + hd·fx) + M·ynew` row by row, each AK(I) stored once: through AK
            // between the two loops, FCN's DY reached the solve a store and a load later.
            // Cut to the nm1 (= n) components the rows index, so that the loads and
            // stores need no checks.
            let nm1 = lin.nm1;
            let (ak, ynew, dy, fx) = (&mut ak[..nm1], &ynew[..nm1], &dy[..nm1], &fx[..nm1]);
            let entry = |sum: &mut f64, bb: f64, j: usize| *sum += bb * ynew[j];
            if hd == 0.0 {
                lin.mass_rows(fmas, 0.0, entry, |i, sum| ak[i] = dy[i] + sum);
            } else {
                lin.mass_rows(fmas, 0.0, entry, |i, sum| ak[i] = dy[i] + hd * fx[i] + sum);
            }
        } else {
            if hd == 0.0 {
                ak.copy_from_slice(dy);
            } else {
                for ((a, &d), &f) in ak.iter_mut().zip(dy).zip(fx) {
                    *a = d + hd * f;
                }
            }
            for (a, &y) in ak[..m1].iter_mut().zip(&ynew[..m1]) {
                *a += y;
            }
            lin.mass_rows(
                fmas,
                0.0,
                |sum, bb, j| *sum += bb * ynew[j],
                |i, sum| ak[i + m1] += sum,
            );
        }
        lin.solve_e1(fjac, fac, ak);
    }
}

/// DECOMR's IJOB = 1: `E = fac·I - J` of order `n` in `e`, factored by DEC.
#[allow(unsafe_code)]
#[link_section = hot_path!(rodas)]
pub(super) fn decomr_dense(
    n: usize,
    fjac: &[f64],
    fac: f64,
    e: &mut [f64],
    ip: &mut [usize],
) -> Result<(), Singular> {
    linear::shifted_negation(e, fjac, n, fac);
    decsol::dec(n, e, n, ip)
}
