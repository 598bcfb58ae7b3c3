//! The fixed-leading-coefficient BDF core that DDASSL and DDASKR share (Brenan, Campbell &
//! Petzold 1996, ch. 5).
//!
//! Both originals run the same method over the same RWORK/IWORK slots; what they compute
//! the same way, in the same operation order, lives here, one file per concern:
//!
//! - [`layout`]: the slots both keep in IWORK(1..15) and RWORK(1..9), the matrix types,
//!   and the step state carried between calls;
//! - [`coefficients`]: the formula coefficients of DDASTP/DDSTP statements 200-240;
//! - [`history`]: the divided-difference array PHI: scaling, prediction, the update after
//!   a step, and the interpolant (DDATRP);
//! - [`order`]: error estimates, order and step-size selection (DDASTP labels 400-560,
//!   600-690);
//! - [`weights`]: error weights (DDAWTS) and the tolerance checks of statement 200;
//! - [`matrix`]: the difference-quotient iteration matrix and its LINPACK factors;
//! - [`newton`]: the limits of a step and what the Newton iterations share;
//! - [`control`]: the TOUT/TSTOP logic of the drivers (labels 300-490);
//! - [`diagnostics`]: the originals' messages (XERMSG, XERRWD) and edit descriptors;
//! - [`outcome`]: typed results of a step and of a call, and the IDID they stand for;
//! - [`compare`]: comparisons that take the original's side on NaN.
//!
//! What differs between the two stays in its method's folder: DDASSL's norm over weights
//! (DDANRM) and inline Newton iteration, DDASKR's reciprocal weights (DINVWT, DDWNRM),
//! its nonlinear solver split (DNEDD, DNSD) and its difference increment (DMATD).

pub mod coefficients;
pub mod compare;
pub mod control;
pub mod diagnostics;
pub mod history;
pub mod layout;
pub mod matrix;
pub mod newton;
pub mod order;
pub mod outcome;
mod problem;
pub mod weights;

pub(crate) use problem::counters;
pub use problem::{tolerance_arrays, JacobianKind, ResFlag, StepData};
