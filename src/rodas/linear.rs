//! The linear algebra of RODAS (Hairer & Wanner's `dc_decsol.f`): DECOMR, which RODAS
//! shares with RADAU5 and RADAU, and SLVROD, its own solve of each Rosenbrock stage.
//!
//! DECOMR (forming and decomposing `E = fac·M - J`) is the one of
//! [`crate::hairer::linear`] with no complex matrices; SLVROD's right-hand side is
//! formed by the step loop (M = I, and the first stage) or here (another M), and then
//! solved as ESTRAD does (the second-order reduction for `M1 > 0`, E, the first `M1`
//! components recovered backwards), by the same shared routine. Every variant performs
//! the original's floating-point operations in the original order.

pub(super) use crate::hairer::linear::Mass;
use crate::hairer::linear::{self, Matrices};
use crate::linalg::Singular;

/// The iteration matrix `E` of the Rosenbrock stages: RADAU5's real system alone.
pub(super) struct LinearSystem<'w>(linear::LinearSystem<'w>);

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
        storage: (&'w mut [f64], &'w mut [usize]),
    ) -> Self {
        Self(linear::LinearSystem::new(
            n,
            m1,
            m2,
            jac_ld,
            band,
            mass,
            (false, 0),
            storage,
        ))
    }

    /// DECOMR: forms `E = fac·M - J` (reduced when `m1 > 0`) and decomposes it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    pub fn decompose(&mut self, fjac: &[f64], fmas: &[f64], fac: f64) -> Result<(), Singular> {
        self.0.decompose_real(Matrices { fjac, fmas }, fac)
    }

    /// Whether M = I: SLVROD's `M·ynew` is then `ynew` itself, and the step loop forms
    /// each stage's right-hand side in the loop that forms YNEW, for
    /// [`solve_formed`](Self::solve_formed).
    #[inline(always)]
    pub fn identity_mass(&self) -> bool {
        matches!(self.0.mass, Mass::Identity)
    }

    /// SLVROD's solve for a right-hand side the caller has formed as SLVROD forms it
    /// (any stage with M = I, the first stage with any M): `ak ← E⁻¹ ak`.
    #[inline(always)]
    pub fn solve_formed(&mut self, fjac: &[f64], fac: f64, ak: &mut [f64]) {
        self.0.solve_e1(fjac, fac, ak);
    }

    /// SLVROD for a mass matrix other than I, from the second stage on: `ak = E⁻¹ (dy +
    /// hd·fx + M·ynew)`, the term `hd·fx` only when `hd ≠ 0`. Out of line: the step loop
    /// calls it from five stages.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
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
        let lin = &mut self.0;
        let (n, m1) = (lin.n, lin.m1);
        let (ak, dy, fx, ynew) = (&mut ak[..n], &dy[..n], &fx[..n], &ynew[..n]);
        if hd == 0.0 {
            ak.copy_from_slice(dy);
        } else {
            for ((a, &d), &f) in ak.iter_mut().zip(dy).zip(fx) {
                *a = d + hd * f;
            }
        }
        if m1 == 0 {
            // Cut to the nm1 (= n) components the rows index, so that the loads and
            // stores need no checks.
            let (ak, ynew) = (&mut ak[..lin.nm1], &ynew[..lin.nm1]);
            lin.mass_rows(
                fmas,
                0.0,
                |sum, bb, j| *sum += bb * ynew[j],
                |i, sum| ak[i] += sum,
            );
        } else {
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
