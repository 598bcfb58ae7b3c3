//! What Hairer's codes of the RADAU family share: the linear algebra of `dc_decsol.f`
//! ([`linear`]) and the finite-difference Jacobian of their step loops ([`jacobian`]).

pub(crate) mod jacobian;
pub(crate) mod linear;
