//! stiffdae: Hairer & Wanner's RADAU5 and Petzold's DASSL re-implemented in safe,
//! reentrant Rust, exporting the original Fortran ABI (`radau5_`, `contr5_`, `ddassl_`).
//!
//! The safe core lives in one module per method ([`radau5`], [`dassl`]) over the shared
//! linear algebra in [`linalg`]; `ffi` is the only module with raw pointers.

pub mod daskr;
pub mod dassl;
pub mod error;
mod ffi;
pub mod linalg;
pub mod radau5;
pub mod roots;

pub use error::Radau5Error;
