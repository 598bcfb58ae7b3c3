//! `stiffdae_version`: which library a program runs against, for C and Fortran callers
//! that want to print or check it (the header's `STIFFDAE_VERSION` is the version it was
//! generated for).

/// The version of the running library as a NUL-terminated string, e.g. `"0.1.0"`,
/// valid for the life of the program.
#[unsafe(no_mangle)]
pub extern "C" fn stiffdae_version() -> *const core::ffi::c_char {
    const VERSION: &core::ffi::CStr = match core::ffi::CStr::from_bytes_with_nul(
        concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes(),
    ) {
        Ok(v) => v,
        Err(_) => panic!("the package version contains no NUL"),
    };
    VERSION.as_ptr()
}
