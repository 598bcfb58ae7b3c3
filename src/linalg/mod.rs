//! Linear algebra shared by the integrators.
