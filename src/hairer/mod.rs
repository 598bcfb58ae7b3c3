//! What Hairer's codes of the RADAU family share: the linear algebra of `dc_decsol.f`
//! ([`linear`]), the finite-difference Jacobian of their step loops ([`jacobian`]), and
//! their messages in our words and in the original's ([`messages`]).

pub(crate) mod jacobian;
pub(crate) mod linear;
pub(crate) mod messages;
