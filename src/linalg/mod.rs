//! Linear algebra shared by the integrators.

pub mod linpack;
