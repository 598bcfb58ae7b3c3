//! The exported Fortran ABI: the only place with raw pointers and `extern "C"`.
//!
//! Every export follows the same pattern (see README, "API conventions"):
//! its body runs inside [`ffi_boundary!`], so a panic is caught and mapped to the
//! original's failure code instead of unwinding into C or Fortran; arrays reach the
//! safe core only through [`slice`] and [`slice_mut`], the one audited place where a
//! pointer and a length become a slice.

mod bdf;
mod daskr;
mod dassl;
mod hairer;
mod radau;
mod radau5;
mod rodas;
mod version;

use std::io::Write;

/// Runs `$body` (which evaluates to the export's result) and turns a panic into
/// `$on_panic` after a one-line message, so that no unwind crosses the C ABI.
macro_rules! ffi_boundary {
    ($name:literal, $on_panic:expr, $body:block) => {{
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(|| $body)) {
            Ok(value) => value,
            Err(_) => {
                $crate::ffi::message(concat!(
                    $name,
                    ": internal error (panic caught at the ABI boundary)"
                ));
                $on_panic
            }
        }
    }};
}
pub(crate) use ffi_boundary;

/// Writes one line to stderr, unless the environment variable `STIFFDAE_QUIET` is set
/// (to anything but `0`): the originals print to unit 6, callers want to silence that.
pub(crate) fn message(text: &str) {
    if std::env::var_os("STIFFDAE_QUIET").is_some_and(|v| v != "0") {
        return;
    }
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

/// A shared slice over `len` elements at `ptr`, or `None` for a null or misaligned
/// pointer. A zero length gives an empty slice whatever the pointer.
///
/// # Safety
/// When `ptr` is non-null and `len > 0`, `ptr` must point to `len` initialised values of
/// `T` that stay valid, and are not written through another path, for the lifetime `'a`.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> Option<&'a [T]> {
    if len == 0 {
        return Some(&[]);
    }
    if ptr.is_null() || !ptr.is_aligned() {
        return None;
    }
    // SAFETY: non-null and aligned checked above; validity for `len` elements and the
    // absence of concurrent writes are the caller's contract.
    Some(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// A mutable slice over `len` elements at `ptr`, or `None` for a null or misaligned
/// pointer. A zero length gives an empty slice whatever the pointer.
///
/// # Safety
/// When `ptr` is non-null and `len > 0`, `ptr` must point to `len` initialised values of
/// `T`, valid for reads and writes and not accessed through another path, for `'a`.
pub(crate) unsafe fn slice_mut<'a, T>(ptr: *mut T, len: usize) -> Option<&'a mut [T]> {
    if len == 0 {
        return Some(&mut []);
    }
    if ptr.is_null() || !ptr.is_aligned() {
        return None;
    }
    // SAFETY: non-null and aligned checked above; exclusive validity for `len` elements
    // is the caller's contract.
    Some(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// RTOL and ATOL as the core sees them. Separate arrays are used in place; the same (or
/// overlapping) storage — often one Fortran variable for both — is copied, and
/// [`Tolerances::write_back`] writes only the values that changed (the originals write
/// them only when they scale them up, IDID = -2).
pub(crate) enum Tolerances<'a> {
    /// Two distinct arrays.
    Separate(&'a mut [f64], &'a mut [f64]),
    /// Copies of aliased arrays, with the values read and where they came from.
    Copied {
        rtol: Vec<f64>,
        atol: Vec<f64>,
        read: [Vec<f64>; 2],
        from: [*mut f64; 2],
    },
}

impl Tolerances<'_> {
    /// `n` values of each, or `None` for a null or misaligned pointer.
    ///
    /// # Safety
    /// Non-null `rtol` and `atol` must each point to `n` values valid for reads and
    /// writes and not accessed through another path while the result lives (other than
    /// through each other, when they overlap).
    pub(crate) unsafe fn read(rtol: *mut f64, atol: *mut f64, n: usize) -> Option<Self> {
        let bytes = n * std::mem::size_of::<f64>();
        if !overlapping(&[(rtol as usize, bytes), (atol as usize, bytes)]) {
            // SAFETY: distinct regions, validity for `n` values is the caller's contract;
            // `slice_mut` rejects null and misaligned pointers.
            let (r, a) = unsafe { (slice_mut(rtol, n)?, slice_mut(atol, n)?) };
            return Some(Tolerances::Separate(r, a));
        }
        // SAFETY: readability of `n` values is the caller's contract; `slice` rejects
        // null and misaligned pointers. The shared slices end here, before any write.
        let (r, a) = unsafe { (slice(rtol, n)?.to_vec(), slice(atol, n)?.to_vec()) };
        Some(Tolerances::Copied {
            read: [r.clone(), a.clone()],
            rtol: r,
            atol: a,
            from: [rtol, atol],
        })
    }

    /// RTOL and ATOL for the core.
    pub(crate) fn pair(&mut self) -> (&mut [f64], &mut [f64]) {
        match self {
            Tolerances::Separate(r, a) => (r, a),
            Tolerances::Copied { rtol, atol, .. } => (rtol, atol),
        }
    }

    /// Writes back the copied values whose bits changed.
    ///
    /// # Safety
    /// The pointers given to [`Tolerances::read`] must be writable for their `n` values.
    pub(crate) unsafe fn write_back(&self) {
        let Tolerances::Copied {
            rtol,
            atol,
            read,
            from,
        } = self
        else {
            return;
        };
        for ((ptr, new), old) in from.iter().zip([rtol, atol]).zip(read) {
            for (k, (n, o)) in new.iter().zip(old).enumerate() {
                if n.to_bits() != o.to_bits() {
                    // SAFETY: k < n, writable by the caller's contract.
                    unsafe { ptr.add(k).write(*n) };
                }
            }
        }
    }
}

/// Writes T and IDID back when the call changed them (the originals write only what
/// they change).
///
/// # Safety
/// `t` and `idid` must be valid for writes (they were read as `t_in` and `idid_in`).
pub(crate) unsafe fn write_t_idid(
    t: *mut f64,
    t_in: f64,
    t_out: f64,
    idid: *mut i32,
    idid_in: i32,
    idid_out: i32,
) {
    if t_out.to_bits() != t_in.to_bits() {
        // SAFETY: writable by the caller's contract.
        unsafe { t.write(t_out) };
    }
    if idid_out != idid_in {
        // SAFETY: writable by the caller's contract.
        unsafe { idid.write(idid_out) };
    }
}

/// Reads one scalar argument passed by reference, or `None` for a null or misaligned pointer.
///
/// # Safety
/// A non-null `ptr` must point to an initialised `T`.
pub(crate) unsafe fn read<T: Copy>(ptr: *const T) -> Option<T> {
    if ptr.is_null() || !ptr.is_aligned() {
        return None;
    }
    // SAFETY: non-null and aligned checked above; initialisation is the caller's contract.
    Some(unsafe { ptr.read() })
}

/// Whether any two of the byte ranges `(start, length)` overlap (empty ranges never do).
pub(crate) fn overlapping(ranges: &[(usize, usize)]) -> bool {
    ranges.iter().enumerate().any(|(i, &(a, la))| {
        la > 0
            && ranges[i + 1..]
                .iter()
                .any(|&(b, lb)| lb > 0 && a < b.saturating_add(lb) && b < a.saturating_add(la))
    })
}

#[cfg(test)]
mod tests {
    /// A panic inside an export's body becomes the export's failure value.
    #[test]
    fn panics_are_caught_at_the_boundary() {
        let caught: i32 = ffi_boundary!("TEST", -1, {
            if std::hint::black_box(true) {
                panic!("internal error");
            }
            1
        });
        assert_eq!(caught, -1);
        let passed: i32 = ffi_boundary!("TEST", -1, { 1 });
        assert_eq!(passed, 1);
    }

    #[test]
    fn slices_refuse_null_and_misaligned_pointers() {
        let data = [1.0_f64, 2.0];
        // SAFETY: a valid pointer to two values, and pointers that are rejected before use.
        unsafe {
            assert_eq!(super::slice(data.as_ptr(), 2), Some(&data[..]));
            assert_eq!(super::slice(std::ptr::null::<f64>(), 2), None);
            assert_eq!(super::slice(std::ptr::null::<f64>(), 0), Some(&[][..]));
            let misaligned = (data.as_ptr() as *const u8).add(1) as *const f64;
            assert_eq!(super::slice(misaligned, 1), None);
            assert_eq!(super::read(std::ptr::null::<i32>()), None);
        }
    }

    #[test]
    fn overlap_detection() {
        assert!(!super::overlapping(&[(0, 8), (8, 8), (100, 0), (100, 4)]));
        assert!(super::overlapping(&[(0, 16), (8, 8)]));
        assert!(super::overlapping(&[(8, 8), (0, 100)]));
        assert!(!super::overlapping(&[(0, 0), (0, 8)]));
    }
}
