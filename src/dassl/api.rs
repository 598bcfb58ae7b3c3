//! The safe Rust interface in the family's shape ([`crate::Advance`],
//! [`crate::Integrator`]): options instead of INFO/IWORK/RWORK slots, the shared
//! statistics and errors, over the same work arrays (so the run is the original's, step
//! for step).

use super::layout::{
    required_lengths, MatrixType, IW_ML, IW_MU, IW_MXORD, RW_H, RW_HMAX, RW_TSTOP,
};
use super::legacy::{run, Call};
use super::{JacobianKind, Residual};
use crate::bdf::outcome::{Stop, Success};
use crate::bdf::{counters, tolerance_arrays, StepData};
use crate::{Advance, Error, Integrator, Reached, Statistics, Tolerance};

/// Integration options; each field is one INFO entry of the original.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// RTOL and ATOL (INFO(2) = 1 for vectors).
    pub tolerance: Tolerance,
    /// INFO(3): return after every step instead of only at TOUT.
    pub every_step: bool,
    /// INFO(4), RWORK(1): never step past this point.
    pub tstop: Option<f64>,
    /// INFO(5).
    pub jacobian: JacobianKind,
    /// INFO(6), IWORK(1..2): banded iteration matrix with these lower and upper bandwidths.
    pub band: Option<(usize, usize)>,
    /// INFO(7), RWORK(2): largest step size.
    pub hmax: Option<f64>,
    /// INFO(8), RWORK(3): initial step size.
    pub h0: Option<f64>,
    /// INFO(9), IWORK(3): maximum order, 1 to 5.
    pub max_order: Option<usize>,
    /// INFO(10): keep the solution nonnegative.
    pub nonnegative: bool,
    /// INFO(11): compute a consistent initial derivative first.
    pub initial_yprime: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tolerance: Tolerance::default(),
            every_step: false,
            tstop: None,
            jacobian: JacobianKind::Numerical,
            band: None,
            hmax: None,
            h0: None,
            max_order: None,
            nonnegative: false,
            initial_yprime: false,
        }
    }
}

/// A DASSL integration: its state lives in the original's INFO, RWORK and IWORK arrays.
#[derive(Debug, Clone)]
pub struct Dassl {
    t: f64,
    y: Vec<f64>,
    yprime: Vec<f64>,
    info: [i32; 15],
    rtol: Vec<f64>,
    atol: Vec<f64>,
    rwork: Vec<f64>,
    iwork: Vec<i32>,
    idid: i32,
}

impl Dassl {
    /// Prepares an integration from `t0` with `y0` and (an estimate of) `yprime0`; the
    /// options are checked by the first [`Dassl::advance`], as the original checks them.
    pub fn new(t0: f64, y0: &[f64], yprime0: &[f64], options: &Options) -> Result<Self, Error> {
        let neq = y0.len();
        if neq == 0 || i32::try_from(neq).is_err() {
            return Err(Error::InvalidInput {
                idid: -33,
                messages: vec![format!("NEQ = {neq} is not a valid size")],
            });
        }
        if yprime0.len() != neq {
            return Err(Error::WrongLength {
                what: "yprime0",
                expected: neq,
                found: yprime0.len(),
            });
        }
        let mut info = [0; 15];
        let (rtol, atol, vector) = tolerance_arrays(&options.tolerance, neq)?;
        info[1] = i32::from(vector);
        info[2] = i32::from(options.every_step);
        info[3] = i32::from(options.tstop.is_some());
        info[4] = i32::from(options.jacobian == JacobianKind::Analytic);
        info[5] = i32::from(options.band.is_some());
        info[6] = i32::from(options.hmax.is_some());
        info[7] = i32::from(options.h0.is_some());
        info[8] = i32::from(options.max_order.is_some());
        info[9] = i32::from(options.nonnegative);
        info[10] = i32::from(options.initial_yprime);
        let analytic = options.jacobian == JacobianKind::Analytic;
        let mtype = MatrixType::of(analytic, options.band.is_some());
        let (ml, mu) = options.band.unwrap_or((0, 0));
        let as_i32 = |v: usize| i32::try_from(v).unwrap_or(i32::MAX);
        let mxord = options.max_order.unwrap_or(5);
        let (_, lenrw, leniw) = required_lengths(
            neq as i64,
            mxord.clamp(1, 5) as i64,
            mtype,
            (ml.min(neq)) as i64,
            (mu.min(neq)) as i64,
        );
        let mut rwork = vec![0.0; usize::try_from(lenrw).unwrap_or(0)];
        let mut iwork = vec![0; usize::try_from(leniw).unwrap_or(0)];
        iwork[IW_ML] = as_i32(ml);
        iwork[IW_MU] = as_i32(mu);
        iwork[IW_MXORD] = as_i32(mxord);
        rwork[RW_TSTOP] = options.tstop.unwrap_or(0.0);
        rwork[RW_HMAX] = options.hmax.unwrap_or(0.0);
        rwork[RW_H] = options.h0.unwrap_or(0.0);
        Ok(Dassl {
            t: t0,
            y: y0.to_vec(),
            yprime: yprime0.to_vec(),
            info,
            rtol,
            atol,
            rwork,
            iwork,
            idid: 0,
        })
    }

    /// The derivative at [`Integrator::t`].
    pub fn yprime(&self) -> &[f64] {
        &self.yprime
    }

    /// Sets TSTOP (INFO(4) = 1, RWORK(1)) for the following calls.
    pub fn set_tstop(&mut self, tstop: f64) {
        self.info[3] = 1;
        self.rwork[RW_TSTOP] = tstop;
    }

    /// The order and step sizes of the last and the next step.
    pub fn step_data(&self) -> StepData {
        StepData::read(&self.rwork, &self.iwork)
    }

    /// The original's work arrays (RWORK, IWORK), e.g. to save the state.
    pub fn work(&self) -> (&[f64], &[i32]) {
        (&self.rwork, &self.iwork)
    }
}

impl<R: Residual + ?Sized> Advance<R> for Dassl {
    /// Integrates towards `tout` (DDASSL with INFO(1) = 0 on the first call, 1 after).
    /// After [`Error::TooMuchWork`] or [`Error::TooMuchAccuracy`] the next call
    /// continues, as the original allows.
    fn advance(&mut self, res: &mut R, tout: f64) -> Result<Reached, Error> {
        if self.info[4] == 1 && !res.has_jacobian() {
            return Err(Error::MissingCallback {
                what: "Residual::jacobian (JacobianKind::Analytic)",
            });
        }
        if self.idid == -1 || self.idid == -2 {
            self.info[0] = 1;
        }
        let neq = self.y.len();
        // A call without action is refused with IDID = -33; the state keeps the earlier
        // failure's IDID, which the next call refers to again.
        let outcome = run(
            res,
            &mut Call {
                neq: i32::try_from(neq).unwrap_or(i32::MAX),
                t: &mut self.t,
                y: &mut self.y,
                yprime: &mut self.yprime,
                tout,
                info: &mut self.info,
                rtol: &mut self.rtol,
                atol: &mut self.atol,
                idid: &mut self.idid,
                rwork: &mut self.rwork,
                iwork: &mut self.iwork,
            },
            |_| {},
        );
        match outcome {
            Ok(Success::Step) => Ok(Reached::Step),
            Ok(Success::Tstop) => Ok(Reached::Tstop),
            Ok(Success::Tout | Success::Initialized | Success::Root) => Ok(Reached::Tout),
            Err(stop) => {
                if let Stop::NoActionTaken { idid } = stop {
                    self.idid = idid;
                }
                Err(stop.into())
            }
        }
    }
}

impl Integrator for Dassl {
    fn t(&self) -> f64 {
        self.t
    }

    fn y(&self) -> &[f64] {
        &self.y
    }

    /// IWORK(11..15) in the family's names (counted since the first call).
    fn statistics(&self) -> Statistics {
        counters(&self.iwork)
    }
}
