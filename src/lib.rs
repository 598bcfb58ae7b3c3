//! stiffdae: Hairer & Wanner's RADAU5, RADAU and RODAS and Petzold's DDASSL and DDASKR
//! re-implemented in safe, reentrant Rust, exporting the original Fortran ABI (`radau5_`,
//! `contr5_`, `radau_`, `contra_`, `rodas_`, `contro_`, `ddassl_`, `ddaskr_`) from
//! `libstiffdae.so` / `libstiffdae.a`.
//!
//! A program written for the Fortran codes links unchanged and gets the original's step
//! sequence, statistics and IDID; Rust programs use the safe API of each method, all in
//! one shape ([`prelude`]: [`Advance`], [`Integrator`], [`Tolerance`], [`Statistics`],
//! [`Reached`], [`Error`]):
//!
//! - [`radau5`]: Radau IIA of order 5 for `M y' = f(x, y)` (Solving ODEs II, §IV.8), with
//!   index hints for DAEs of index up to 3, dense output and banded matrices;
//! - [`radau`]: Radau IIA of variable order 5, 9, 13 (RADAU);
//! - [`rodas`]: the Rosenbrock method of order 4(3) with dense output (RODAS);
//! - [`dassl`]: BDF of orders 1–5 for `G(t, y, y') = 0` (DDASSL), with the state in the
//!   original's RWORK/IWORK layout;
//! - [`daskr`]: DDASSL plus root finding, consistent initial values and the Krylov
//!   option through the legacy ABI (DDASKR);
//! - [`bdf`]: the BDF core the two share (coefficients, history, order selection,
//!   weights, iteration matrix, TOUT/TSTOP logic, typed outcomes, messages);
//! - [`roots`]: event location on any interpolant (DROOTS' Illinois iteration);
//! - [`ensemble`]: many independent solves on several threads;
//! - [`linalg`]: the LU kernels with the originals' operation order (decsol, LINPACK).
//!
//! The core has no `unsafe`: the compiler checks it (`deny(unsafe_code)` below); the
//! private `ffi` module is the only place with raw pointers and `extern "C"`. The exported
//! ABI is described in `docs/abi.md`.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod bdf;
pub mod daskr;
pub mod dassl;
pub mod ensemble;
pub mod error;
#[allow(unsafe_code)]
mod ffi;
mod hairer;
pub mod integrator;
pub mod linalg;

pub mod radau;
pub mod radau5;
pub mod rodas;
pub mod roots;

pub use error::Error;
pub use integrator::{Advance, Integrator, Reached, Statistics, Tolerance};

/// The traits and shared types of the safe API: `use stiffdae::prelude::*`.
pub mod prelude {
    pub use crate::{Advance, Error, Integrator, Reached, Statistics, Tolerance};
}
