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

use crate::bdf::diagnostics::{Note, Text};

// INTEGER in every export and callback signature. The core computes with i32: `narrow`,
// `saturate` and `IntArray` convert at the boundary (no-ops in the default build).

/// Fortran INTEGER: int32_t, gfortran's default (libstiffdae). Programs compiled with
/// -fdefault-integer-8 link libstiffdae64 and define STIFFDAE_INT64 (`pkg-config
/// stiffdae64` and the CMake target stiffdae::stiffdae64 do).
#[cfg(not(feature = "int64"))]
pub type FInt = i32;
/// Fortran INTEGER of libstiffdae64: int64_t, for programs compiled with
/// -fdefault-integer-8 (gfortran) or -i8.
#[cfg(feature = "int64")]
pub type FInt = i64;

/// An INTEGER argument as the core's `i32`, or `None` when it does not fit (only
/// possible in the `int64` build).
#[allow(clippy::useless_conversion)] // FInt is i64 in the int64 build
pub(crate) fn narrow(v: FInt) -> Option<i32> {
    i32::try_from(i64::from(v)).ok()
}

/// An INTEGER as the core's `i32`, clamped to its range: every comparison with a constant
/// the originals compare with (flags, codes, signs) comes out as for the wide value. For
/// values the original never reads before writing, and for the callbacks' IRES and IER.
#[allow(clippy::useless_conversion)] // FInt is i64 in the int64 build
pub(crate) fn saturate(v: FInt) -> i32 {
    clamp(i64::from(v))
}

/// `v` clamped to the range of `i32`.
fn clamp(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

/// Reads an INTEGER scalar argument for the core: `Ok(None)` for a null or misaligned
/// pointer, `Err` with a message naming it when its value does not fit `i32`.
///
/// # Safety
/// A non-null `ptr` must point to an initialised INTEGER.
#[link_section = hot_path!(real)]
pub(crate) unsafe fn read_int(ptr: *const FInt, name: &str) -> Result<Option<i32>, String> {
    // SAFETY: the caller's contract, passed on.
    let Some(v) = (unsafe { read(ptr) }) else {
        return Ok(None);
    };
    narrow(v)
        .map(Some)
        .ok_or_else(|| format!("{name} = {v} is outside the 32-bit range of stiffdae's core"))
}

/// [`read_int`] for an argument that must be there: a null pointer is refused too. A
/// function rather than a closure in each export, so that it lies with the solve's code
/// (a closure does not take a section).
///
/// # Safety
/// As [`read_int`].
#[link_section = hot_path!(real)]
pub(crate) unsafe fn required_int(ptr: *const FInt, name: &str) -> Result<i32, String> {
    // SAFETY: the caller's contract, passed on.
    unsafe { read_int(ptr, name) }?.ok_or_else(null_scalar)
}

/// [`read`] for a REAL argument that must be there.
///
/// # Safety
/// As [`read`].
#[link_section = hot_path!(real)]
pub(crate) unsafe fn required_real(ptr: *const f64) -> Result<f64, String> {
    // SAFETY: the caller's contract, passed on.
    unsafe { read(ptr) }.ok_or_else(null_scalar)
}

#[cold]
fn null_scalar() -> String {
    "a scalar argument is a null pointer".to_string()
}

/// The first of the `slots` (0-based) of `values` that does not fit `i32`, as the
/// message of a refusal naming the array `name` and the slot 1-based.
pub(crate) fn unfit<T: Copy + Into<i64>>(
    name: &str,
    values: &[T],
    slots: impl IntoIterator<Item = usize>,
) -> Option<String> {
    slots.into_iter().find_map(|k| {
        let v: i64 = (*values.get(k)?).into();
        i32::try_from(v).is_err().then(|| {
            format!(
                "{name}({}) = {v} is outside the 32-bit range of stiffdae's core",
                k + 1
            )
        })
    })
}

/// A caller's INTEGER array (INFO, IWORK, JROOT) as the core's `&mut [i32]`. The default
/// build hands the caller's array itself; the `int64` build copies it in (values that do
/// not fit saturated: the entry points refuse inputs that do not fit before the core
/// reads them) and writes back the values the core changed.
#[cfg(not(feature = "int64"))]
pub(crate) struct IntArray<'a>(&'a mut [i32]);

/// A caller's INTEGER array (INFO, IWORK, JROOT) as the core's `&mut [i32]`: in this
/// `int64` build, a copy.
#[cfg(feature = "int64")]
pub(crate) type IntArray<'a> = Copied<'a>;

#[cfg(not(feature = "int64"))]
impl IntArray<'_> {
    /// `len` values at `ptr`, or `None` for a null or misaligned pointer.
    ///
    /// # Safety
    /// As [`slice_mut`]: `len` values valid for reads and writes, not accessed through
    /// another path while the result lives.
    pub(crate) unsafe fn new(ptr: *mut FInt, len: usize) -> Option<Self> {
        // SAFETY: the caller's contract, passed on.
        unsafe { slice_mut(ptr, len) }.map(IntArray)
    }

    /// `len` values at `ptr`, which is known to be non-null and aligned.
    ///
    /// # Safety
    /// As [`IntArray::new`], and `ptr` non-null and aligned.
    pub(crate) unsafe fn known(ptr: *mut FInt, len: usize) -> Self {
        // SAFETY: non-null and aligned, and the rest of `slice_mut`'s contract, by the
        // caller's.
        IntArray(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
    }

    /// The caller's values as they were passed.
    pub(crate) fn caller(&self) -> &[FInt] {
        self.0
    }

    /// The array the core reads and writes.
    pub(crate) fn core(&mut self) -> &mut [i32] {
        self.0
    }

    /// How parts of the core's array map to the caller's: identity here.
    pub(crate) fn parts(&self) -> Parts {
        Parts
    }

    /// Nothing to write back: the core worked in the caller's array.
    ///
    /// # Safety
    /// None here; the `int64` build writes to the caller's array.
    pub(crate) unsafe fn write_back(&self) {}
}

/// A caller's 64-bit INTEGER array copied for the core ([`IntArray`] of the `int64`
/// build; compiled in both so that its tests run in the default build).
#[cfg_attr(not(feature = "int64"), allow(dead_code))]
pub(crate) struct Copied<'a> {
    /// The caller's array, written only by [`Copied::write_back`] (and by the callbacks
    /// that [`Copied::caller_ptr`] hands a part of it).
    caller: *mut i64,
    /// The caller's values as passed.
    passed: Vec<i64>,
    /// The core's array: the passed values clamped to `i32`, then as the core leaves them.
    core: Vec<i32>,
    _caller: std::marker::PhantomData<&'a mut [i64]>,
}

#[cfg_attr(not(feature = "int64"), allow(dead_code))]
impl Copied<'_> {
    /// `len` values at `ptr`, or `None` for a null or misaligned pointer.
    ///
    /// # Safety
    /// `len` values valid for reads and writes at `ptr`, not accessed through another
    /// path while the result lives (the callbacks given [`Copied::caller_ptr`] apart).
    pub(crate) unsafe fn new(ptr: *mut i64, len: usize) -> Option<Self> {
        // SAFETY: the caller's contract; the shared slice ends before anything is written.
        let passed = unsafe { slice(ptr, len) }?.to_vec();
        Some(Self::of(ptr, passed))
    }

    /// `len` values at `ptr`, which is known to be non-null and aligned.
    ///
    /// # Safety
    /// As [`Copied::new`], and `ptr` non-null and aligned.
    pub(crate) unsafe fn known(ptr: *mut i64, len: usize) -> Self {
        // SAFETY: non-null and aligned, readable by the caller's contract; the shared
        // slice ends before anything is written.
        let passed = unsafe { std::slice::from_raw_parts(ptr, len) }.to_vec();
        Self::of(ptr, passed)
    }

    /// The copy of the values `passed` from `caller`.
    fn of(caller: *mut i64, passed: Vec<i64>) -> Self {
        Copied {
            caller,
            core: passed.iter().map(|&v| clamp(v)).collect(),
            passed,
            _caller: std::marker::PhantomData,
        }
    }

    /// The caller's values as they were passed.
    pub(crate) fn caller(&self) -> &[i64] {
        &self.passed
    }

    /// The array the core reads and writes.
    pub(crate) fn core(&mut self) -> &mut [i32] {
        &mut self.core
    }

    /// How parts of the core's array map to the caller's array.
    pub(crate) fn parts(&self) -> CopiedParts {
        CopiedParts {
            start: self.core.as_ptr() as usize,
            len: self.core.len(),
            caller: self.caller,
        }
    }

    /// Writes to the caller's array the values the core changed, so that slots the core
    /// never wrote (and parts a callback wrote through [`Copied::caller_ptr`]) keep the
    /// caller's values.
    ///
    /// # Safety
    /// The caller's array is writable (the contract of [`Copied::new`]).
    pub(crate) unsafe fn write_back(&self) {
        for (k, (&new, &old)) in self.core.iter().zip(&self.passed).enumerate() {
            if new != clamp(old) {
                // SAFETY: k < len, writable by the contract of `new`.
                unsafe { self.caller.add(k).write(i64::from(new)) };
            }
        }
    }
}

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

/// Where the solver messages go, read from the environment at each message: the
/// originals print to unit 6, callers want to silence that or to keep it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Messages {
    /// `STIFFDAE_QUIET` set to anything but `0`: none.
    Quiet,
    /// The default: one line each on stderr, in our words.
    Lines,
    /// `STIFFDAE_MESSAGES=unit6`: on stdout, in the original's words and layout where
    /// the original has a message.
    Unit6,
}

fn messages() -> Messages {
    if env_is(c"STIFFDAE_QUIET", |v| v != b"0") {
        Messages::Quiet
    } else if env_is(c"STIFFDAE_MESSAGES", |v| v == b"unit6") {
        Messages::Unit6
    } else {
        Messages::Lines
    }
}

/// Whether the environment variable `name` is set to a value that passes `test`, read
/// with getenv(3): the C library's lookup, which a Fortran program's runtime has already
/// run (std's `var_os` adds three page faults of its own to a first failing solve).
#[cfg(unix)]
fn env_is(name: &std::ffi::CStr, test: impl FnOnce(&[u8]) -> bool) -> bool {
    extern "C" {
        fn getenv(name: *const std::ffi::c_char) -> *const std::ffi::c_char;
    }
    // SAFETY: `name` is NUL-terminated; getenv only reads it and the environment, and
    // returns null or a NUL-terminated value, read here at once (std's `set_var`, the one
    // way Rust code changes the environment, requires that no other thread reads it).
    unsafe {
        let value = getenv(name.as_ptr());
        !value.is_null() && test(std::ffi::CStr::from_ptr(value).to_bytes())
    }
}

/// [`env_is`] where there is no getenv(3) to call directly.
#[cfg(not(unix))]
fn env_is(name: &std::ffi::CStr, test: impl FnOnce(&[u8]) -> bool) -> bool {
    name.to_str()
        .ok()
        .and_then(std::env::var_os)
        .is_some_and(|v| test(v.as_encoded_bytes()))
}

/// A message in our words and in the original's, formatted only in the style printed.
pub(crate) trait Message {
    /// Appends our line.
    fn line(&self, out: &mut Text);
    /// Appends the original's records, each ended by a newline.
    fn records(&self, out: &mut Text);
}

/// A message of ours: our line, and in the unit-6 style the same after a blank.
struct Ours<'a>(&'a str);

impl Message for Ours<'_> {
    fn line(&self, out: &mut Text) {
        out.push_str(self.0);
    }

    fn records(&self, out: &mut Text) {
        out.push(' ');
        out.push_str(self.0);
        out.push('\n');
    }
}

/// A message given in both forms.
struct Given<'a> {
    line: &'a str,
    records: &'a [String],
}

impl Message for Given<'_> {
    fn line(&self, out: &mut Text) {
        out.push_str(self.line);
    }

    fn records(&self, out: &mut Text) {
        for record in self.records {
            out.push_str(record);
            out.push('\n');
        }
    }
}

/// The BDF codes' messages: built only when printed.
impl Message for Note<'_> {
    #[cold]
    fn line(&self, out: &mut Text) {
        self.write_line(out);
    }

    #[cold]
    fn records(&self, out: &mut Text) {
        self.write_records(out);
    }
}

/// Writes a message of ours (one the original does not print): one line on stderr, or on
/// stdout after a blank in the unit-6 style.
pub(crate) fn message(text: &str) {
    emit(&Ours(text), false);
}

/// Writes a message the original prints as `records` on unit 6: `line` on stderr, or
/// the records on stdout in the unit-6 style.
pub(crate) fn message_as(line: &str, records: &[String]) {
    emit(&Given { line, records }, false);
}

/// Writes a message the original prints on unit 6: our line on stderr, or the records
/// on stdout in the unit-6 style.
pub(crate) fn print(message: &dyn Message) {
    emit(message, false);
}

/// Writes a message the original prints on its error unit (SLATEC's I1MACH(4), stderr):
/// our line, or the records in the unit-6 style.
pub(crate) fn print_on_error_unit(message: &dyn Message) {
    emit(message, true);
}

/// Our line on stderr, or in the unit-6 style the records on stderr (`error_unit`) or
/// stdout, each message in one write; nothing formatted when quiet. Cold, as the
/// functions that format messages: the linker puts such code at the start of `.text`,
/// beside what a program runs at startup, so that a first failing solve faults in no
/// page of text for it (DDASSL rober 1e-10: 26 → 20 page faults in the solve).
#[cold]
#[inline(never)]
fn emit(message: &dyn Message, error_unit: bool) {
    let style = messages();
    if style == Messages::Quiet {
        return;
    }
    let mut text = Text::new();
    if style == Messages::Lines {
        message.line(&mut text);
        text.push('\n');
    } else {
        message.records(&mut text);
    }
    if error_unit || style == Messages::Lines {
        to_stderr(text.as_bytes());
    } else {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }
}

/// Writes `bytes` to file descriptor 2 with `write(2)` directly: the message of a call
/// that failed is often the first thing a Fortran program writes through Rust's I/O, and
/// `std::io::stderr`'s code is then cold (three page faults: DDASSL rober 1e-10's first
/// solve with its message 98 → 90 µs).
/// Errors are ignored, as `std::io::stderr` ignores a closed descriptor.
#[cfg(unix)]
fn to_stderr(mut bytes: &[u8]) {
    extern "C" {
        fn write(fd: std::ffi::c_int, buf: *const std::ffi::c_void, count: usize) -> isize;
    }
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a live slice: `count` bytes readable at `buf`; `write` only
        // reads them.
        let written = unsafe { write(2, bytes.as_ptr().cast(), bytes.len()) };
        match usize::try_from(written) {
            Ok(n) if n > 0 => bytes = &bytes[n.min(bytes.len())..],
            _ if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            _ => return,
        }
    }
}

/// [`to_stderr`] where there is no `write(2)`.
#[cfg(not(unix))]
fn to_stderr(bytes: &[u8]) {
    let _ = std::io::stderr().lock().write_all(bytes);
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
    if !valid(ptr) {
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
    if !valid(ptr) {
        return None;
    }
    // SAFETY: non-null and aligned checked above; exclusive validity for `len` elements
    // is the caller's contract.
    Some(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// Where a callback finds a part of an [`IntArray`] the core hands it (the Krylov JAC's
/// and PSOL's IWP, which live in IWORK and which the core never reads): the part itself
/// in the default build.
#[cfg(not(feature = "int64"))]
#[derive(Clone, Copy)]
pub(crate) struct Parts;

#[cfg(not(feature = "int64"))]
impl Parts {
    /// The array the callback is handed for `part`: `part` itself.
    pub(crate) fn caller_ptr(self, part: &mut [i32]) -> *mut FInt {
        part.as_mut_ptr()
    }
}

/// Where a callback finds a part of an [`IntArray`] the core hands it: in this `int64`
/// build, the same values in the caller's array.
#[cfg(feature = "int64")]
pub(crate) type Parts = CopiedParts;

/// The address range of a [`Copied`] array's core copy and the caller's array.
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "int64"), allow(dead_code))]
pub(crate) struct CopiedParts {
    start: usize,
    len: usize,
    caller: *mut i64,
}

#[cfg_attr(not(feature = "int64"), allow(dead_code))]
impl CopiedParts {
    /// Where the caller's 64-bit array holds `part`, a part of the core's copy: what a
    /// callback is handed, so that it reads and keeps every value exactly as with the
    /// original (the core never reads such a part, and does not write it back).
    pub(crate) fn caller_ptr(self, part: &mut [i32]) -> *mut i64 {
        let at = part.as_ptr() as usize;
        let offset = at.wrapping_sub(self.start) / size_of::<i32>();
        assert!(
            at >= self.start && offset + part.len() <= self.len,
            "a callback's INTEGER array lies in the copied array"
        );
        // The offset is inside the caller's array, which holds `len` values.
        self.caller.wrapping_add(offset)
    }
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
    #[link_section = hot_path!(complex)]
    pub(crate) unsafe fn read(rtol: *mut f64, atol: *mut f64, n: usize) -> Option<Self> {
        if Self::separate(rtol, atol, n) {
            // SAFETY: distinct regions, validity for `n` values is the caller's contract;
            // `slice_mut` rejects null and misaligned pointers.
            let (r, a) = unsafe { (slice_mut(rtol, n)?, slice_mut(atol, n)?) };
            return Some(Tolerances::Separate(r, a));
        }
        // SAFETY: the caller's contract, passed on.
        unsafe { Self::copied(rtol, atol, n) }
    }

    /// Whether `n` values at `rtol` and at `atol` do not overlap (a pure function of the
    /// pointers, which `ddassl_` and `ddaskr_` remember).
    pub(crate) fn separate(rtol: *mut f64, atol: *mut f64, n: usize) -> bool {
        let bytes = n * size_of::<f64>();
        !overlapping(&[(rtol as usize, bytes), (atol as usize, bytes)])
    }

    /// Copies of overlapping arrays, or `None` for a null or misaligned pointer.
    ///
    /// # Safety
    /// As [`Tolerances::read`].
    pub(crate) unsafe fn copied(rtol: *mut f64, atol: *mut f64, n: usize) -> Option<Self> {
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
    idid: *mut FInt,
    idid_in: FInt,
    idid_out: i32,
) {
    if t_out.to_bits() != t_in.to_bits() {
        // SAFETY: writable by the caller's contract.
        unsafe { t.write(t_out) };
    }
    let idid_out = FInt::from(idid_out);
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
    if !valid(ptr) {
        return None;
    }
    // SAFETY: non-null and aligned checked above; initialisation is the caller's contract.
    Some(unsafe { ptr.read() })
}

/// Whether `ptr` is non-null and aligned for `T`: what every argument is checked for
/// before it is read.
pub(crate) fn valid<T>(ptr: *const T) -> bool {
    !ptr.is_null() & ptr.is_aligned()
}

/// Whether any two of the byte ranges `(start, length)` overlap (empty ranges never do).
#[link_section = hot_path!(bdf)]
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
    use super::*;

    /// A scalar argument that must be there: read, refused when null, refused (naming it)
    /// when it does not fit the core's `i32`.
    #[test]
    fn required_scalars_are_read_or_refused() {
        let (n, x): (FInt, f64) = (7, 2.5);
        // SAFETY: live locals, and null pointers (which are refused, never read).
        unsafe {
            assert_eq!(required_int(&n, "N"), Ok(7));
            assert_eq!(required_real(&x), Ok(2.5));
            let null = "a scalar argument is a null pointer".to_string();
            assert_eq!(required_int(std::ptr::null(), "N"), Err(null.clone()));
            assert_eq!(required_real(std::ptr::null()), Err(null));
        }
        if FInt::BITS > 32 {
            let wide = FInt::MAX;
            // SAFETY: a live local.
            let refused = unsafe { required_int(&wide, "LWORK") };
            assert!(refused.is_err_and(|e| e.starts_with("LWORK = ")));
        }
    }

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

    /// The `int64` build's copy of an INTEGER array: wide values clamped for the core,
    /// only the values the core changed written back, callbacks' parts mapped to the
    /// caller's array.
    #[test]
    fn copied_arrays_write_back_only_what_the_core_changed() {
        let wide = 1_i64 << 40;
        let mut caller = [1, -wide, wide, 7, 8];
        // SAFETY: `caller` holds 5 values, used only through the copy until it is dropped.
        let mut copy = unsafe { super::Copied::new(caller.as_mut_ptr(), 5) }.expect("aligned");
        assert_eq!(copy.caller(), &[1, -wide, wide, 7, 8]);
        assert_eq!(copy.core(), &[1, i32::MIN, i32::MAX, 7, 8]);
        assert_eq!(
            super::unfit("IWORK", copy.caller(), [0, 2]).as_deref(),
            Some("IWORK(3) = 1099511627776 is outside the 32-bit range of stiffdae's core")
        );
        assert_eq!(super::unfit("IWORK", copy.caller(), [0, 3, 9]), None);
        let parts = copy.parts();
        let core = copy.core();
        core[0] = 5;
        core[1] = 6;
        // A callback writes its part (slots 4 and 5) in the caller's array.
        let iwp = parts.caller_ptr(&mut core[3..5]);
        // SAFETY: slots 4 and 5 of `caller`, which the copy does not write back.
        unsafe { iwp.add(1).write(wide + 3) };
        // SAFETY: `caller` is writable.
        unsafe { copy.write_back() };
        drop(copy);
        assert_eq!(caller, [5, 6, wide, 7, wide + 3]);
    }

    #[test]
    #[should_panic(expected = "lies in the copied array")]
    fn a_part_outside_the_copy_is_refused() {
        let mut caller = [0_i64; 2];
        // SAFETY: `caller` holds 2 values.
        let copy = unsafe { super::Copied::new(caller.as_mut_ptr(), 2) }.expect("aligned");
        let mut other = [0_i32; 2];
        let _ = copy.parts().caller_ptr(&mut other);
    }

    #[test]
    fn overlap_detection() {
        assert!(!super::overlapping(&[(0, 8), (8, 8), (100, 0), (100, 4)]));
        assert!(super::overlapping(&[(0, 16), (8, 8)]));
        assert!(super::overlapping(&[(8, 8), (0, 100)]));
        assert!(!super::overlapping(&[(0, 0), (0, 8)]));
        // Overlaps found only against an earlier, longer range, and empty ranges inside
        // others.
        assert!(super::overlapping(&[(0, 100), (40, 8), (20, 8)]));
        assert!(!super::overlapping(&[
            (200, 8),
            (0, 100),
            (50, 0),
            (100, 100)
        ]));
        assert!(super::overlapping(&[(300, 8), (0, 1000), (1200, 4)]));
    }
}
