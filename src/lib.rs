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
//! The core has no `unsafe`: the compiler checks it (`deny(unsafe_code)` below), and
//! `tests/core_safety.rs` inside the functions that carry `hot_path!`'s section attribute
//! (which the lint reports too, hence an allowance beside each); the private `ffi` module
//! is the only place with raw pointers and `extern "C"`. The exported
//! ABI is described in `docs/abi.md`.

#![deny(unsafe_code)]
#![warn(missing_docs)]

/// The section of a function a solve runs through, from the exported entry point to the
/// LU kernels: `#[link_section = hot_path!(group)]` (generic functions included: every
/// instance goes there).
///
/// Why: a program's first call of a solver takes a page fault for every 64 kB window of
/// the library's text it touches (the kernel maps the file's pages around a fault, 16 at
/// a time). Left to the compiler and the linker, the functions of one solve lie spread
/// over the library's text among generics and std: the first RODAS solve of ROBER
/// took 11 faults of about 2 µs each, where the original's whole program takes one.
///
/// In an object file each group is one section, so its functions lie together whatever
/// the linker. GNU ld, which gfortran and gcc link `libstiffdae.a` with, also places the
/// sections `.text.sorted.*` ahead of the rest of `.text`, sorted by name (its default
/// script has `*(SORT(.text.sorted.*))`, binutils 2.40 here), so the groups come in this
/// order, each solver's next to what it shares with the others:
///
/// - `rodas`: RODAS alone (entry, checks, step loop, stage solves);
/// - `real`: the real factorisation and solves all three use;
/// - `complex`: what RADAU5 and RADAU share (complex LU, their linear systems, checks);
/// - `radau5`, `radau`: each one's entry and step loop; `radau_more` after them, RADAU's
///   code of 1, 5 and 7 stages (a solve that keeps to its first order, 3 stages, runs
///   through less text);
/// - `kernels`: the LU kernels; the dense ones of each order in a section of their own,
///   `kernels.NN` (a solve runs the kernels of one order: they lie together; RODAS's
///   stages in registers of orders 2 to 8 lie there too), all after
///   the Runge-Kutta solvers, where they do not part them from what they share;
/// - `linpack_large`, `dassl`, `linpack`: LINPACK's dense DGEFA/DGESL of each order in a
///   section `RR` of its own, the rank `RR` = 99 − order, orders 11 to 32 before DDASSL's
///   own text (entry, checks, driver) and orders 2 to 10 after it, the smallest last,
///   against `bdf`: DDASKR's solve with a small order does not run over DDASSL's text,
///   nor DDASSL's over the large orders';
/// - `bdf`: what DDASSL and DDASKR share (weights, norms, coefficients, history, Newton
///   correction, iteration matrix, LINPACK's DGEFA/DGESL/DGBFA/DGBSL), between the two so
///   that each one's solve runs through one stretch of text;
/// - `daskr`: DDASKR alone (entry, checks, driver).
///
/// A function inlined into another lies in its caller's section: the exports' bodies
/// (`Args::call`) stay out of line, so that the closure `catch_unwind` runs (a closure
/// carries no section) is one call, small enough to be inlined into the export.
///
/// lld (which links the shared library) keeps input order: the groups lie together,
/// in the order the compiler emits them. The attribute is one the `unsafe_code` lint
/// reports (a section name can put code where it is not code), hence the
/// `#[allow(unsafe_code)]` beside each use outside `ffi`: the names given here are text
/// sections, so nothing unsafe is done.
#[cfg(not(any(target_vendor = "apple", target_os = "windows")))]
macro_rules! hot_path {
    (rodas) => {
        ".text.sorted.stiffdae.1.rodas"
    };
    (real) => {
        ".text.sorted.stiffdae.2.real"
    };
    (complex) => {
        ".text.sorted.stiffdae.3.complex"
    };
    (radau5) => {
        ".text.sorted.stiffdae.4.radau5"
    };
    (radau) => {
        ".text.sorted.stiffdae.5.radau"
    };
    (radau_more) => {
        ".text.sorted.stiffdae.5.radau.more"
    };
    (kernels) => {
        ".text.sorted.stiffdae.6.kernels"
    };
    (kernels, $order:literal) => {
        concat!(".text.sorted.stiffdae.6.kernels.", $order)
    };
    (linpack_large, $rank:literal) => {
        concat!(".text.sorted.stiffdae.6.linpack.", $rank)
    };
    (linpack, $rank:literal) => {
        concat!(".text.sorted.stiffdae.7.linpack.", $rank)
    };
    (dassl) => {
        ".text.sorted.stiffdae.7.dassl"
    };
    (bdf) => {
        ".text.sorted.stiffdae.8.bdf"
    };
    (daskr) => {
        ".text.sorted.stiffdae.9.daskr"
    };
}
/// Mach-O's and COFF's plain text sections: `hot_path!` groups on ELF only.
#[cfg(target_vendor = "apple")]
macro_rules! hot_path {
    ($group:ident $(, $order:literal)?) => {
        "__TEXT,__text"
    };
}
#[cfg(target_os = "windows")]
macro_rules! hot_path {
    ($group:ident $(, $order:literal)?) => {
        ".text"
    };
}

pub mod bdf;
pub mod daskr;
pub mod dassl;
pub mod ensemble;
pub mod error;
#[allow(unsafe_code)]
mod ffi;
mod hairer;
pub mod integrator;
mod intrinsics;
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
