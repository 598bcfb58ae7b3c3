//! Where RADAU keeps things in the caller's WORK and IWORK (the original's "entry
//! points for the arrays"): WORK(1..13) and IWORK(1..13) hold the parameters,
//! IWORK(14..20) the statistics; from WORK(21) on lie ZZ (NSMAX·N), Y0, SCAL (N each),
//! FF (NSMAX·N), CONT (NSMAX·N + N), FJAC (LDJAC × N), FMAS (LDMAS × NM1), then E1
//! (LDE1 × NM1) and EE2 (LDE1 × (NSMAX-1)·NM1), where stiffdae factors them too (the
//! pivots, IWORK(21..) in the original, it keeps in storage of its own).

/// The values of WORK(21..) the integration uses, up to the end of FMAS.
pub fn arrays_len(n: usize, nsmax: usize, ldjac: usize, ldmas: usize, nm1: usize) -> usize {
    (3 * nsmax + 3) * n + ldjac * n + ldmas * nm1
}

/// The minimal LWORK and LIWORK of the original for the given sizes: LWORK =
/// 20 + (3·NSMAX + 3)·N + LDJAC·N + LDMAS·NM1 + NSMAX·LDE1·NM1, LIWORK = 20 + 2·NM1 +
/// NM1·(NSMAX - 1)/2.
pub fn min_lengths(n: i64, nm1: i64, nsmax: i64, ldjac: i64, ldmas: i64, lde1: i64) -> (i64, i64) {
    let lwork = 20 + (3 * nsmax + 3) * n + ldjac * n + ldmas * nm1 + nsmax * nm1 * lde1;
    let liwork = 20 + 2 * nm1 + nm1 * (nsmax - 1) / 2;
    (lwork, liwork)
}

/// NSMIN as the original rounds IWORK(11): up to 1, 3, 5 or 7.
pub fn ns_min(v: i64) -> usize {
    match v {
        0 => 3,
        ..=1 => 1,
        2..=3 => 3,
        4..=5 => 5,
        _ => 7,
    }
}

/// NSMAX as the original rounds IWORK(12): down to 1, 3, 5 or 7.
pub fn ns_max(v: i64) -> usize {
    match v {
        0 => 7,
        ..=2 => 1,
        3..=4 => 3,
        5..=6 => 5,
        _ => 7,
    }
}
