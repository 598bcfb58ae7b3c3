//! Ensembles: many independent solves on several threads. No solve keeps state outside
//! its own integrator, so members can run anywhere at once; each result is the one a
//! serial loop gives, bit for bit, whatever the number of threads.
//!
//! ```
//! use stiffdae::ensemble::ensemble;
//! use stiffdae::prelude::*;
//! use stiffdae::radau5::{Options, Problem, Radau5, Structure};
//!
//! struct Decay(f64);
//! impl Problem for Decay {
//!     fn fcn(&mut self, _x: f64, y: &[f64], f: &mut [f64]) {
//!         f[0] = -self.0 * y[0];
//!     }
//! }
//! let rates: Vec<f64> = (1..=100).map(f64::from).collect();
//! let solve = |&k: &f64| -> Result<f64, Error> {
//!     let mut s = Radau5::new(0.0, &[1.0], Structure::dense(1), Options::default())?;
//!     s.advance(&mut Decay(k), 0.1)?;
//!     Ok(s.y()[0])
//! };
//! let parallel = ensemble(&rates, 2, solve);
//! let serial: Vec<_> = rates.iter().map(solve).collect();
//! assert_eq!(parallel, serial);
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `solve` on every member on `threads` threads (at least one) and returns the
/// results in the members' order. Members are handed out one at a time, so uneven solve
/// times balance out. A panic in `solve` is propagated to the caller after the other
/// threads have stopped.
pub fn ensemble<T, R, F>(members: &[T], threads: usize, solve: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let next = AtomicUsize::new(0);
    let take = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(member) = members.get(i) else {
                return done;
            };
            done.push((i, solve(member)));
        }
    };
    let mut indexed: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads.max(1)).map(|_| scope.spawn(take)).collect();
        let mut all = take();
        for w in workers {
            match w.join() {
                Ok(part) => all.extend(part),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    });
    indexed.sort_unstable_by_key(|(i, _)| *i);
    indexed.into_iter().map(|(_, r)| r).collect()
}
