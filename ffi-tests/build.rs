//! Passes the target triple on, so the tests can ask the `cc` crate for the C compiler.
fn main() {
    let target = std::env::var("TARGET").expect("cargo sets TARGET");
    println!("cargo:rustc-env=FFI_TESTS_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
}
