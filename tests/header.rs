//! `include/stiffdae.h` must be what cbindgen generates from the current sources.
//! `STIFFDAE_UPDATE_HEADER=1 cargo test --test header` rewrites it.

use std::path::Path;

#[test]
fn committed_header_is_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config =
        cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("read cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(root)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let fresh = String::from_utf8(fresh).expect("header is UTF-8");
    let path = root.join("include/stiffdae.h");
    if std::env::var_os("STIFFDAE_UPDATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("write include/stiffdae.h");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/stiffdae.h is stale: run `STIFFDAE_UPDATE_HEADER=1 cargo test --test header`"
    );
    // One header for both libraries: INTEGER is stiffdae_int, 64 bits with
    // STIFFDAE_INT64 defined (libstiffdae64; `pkg-config stiffdae64` defines it).
    for typedef in [
        "#if !defined(STIFFDAE_INT64)\n",
        "typedef int32_t stiffdae_int;\n",
        "#if defined(STIFFDAE_INT64)\n",
        "typedef int64_t stiffdae_int;\n",
    ] {
        assert!(fresh.contains(typedef), "header lacks {typedef:?}");
    }
    assert!(
        !fresh.contains("int32_t *"),
        "an INTEGER argument is not stiffdae_int"
    );
    for symbol in [
        "radau5_",
        "contr5_",
        "ddassl_",
        "ddaskr_",
        "stiffdae_version",
    ] {
        assert!(fresh.contains(symbol), "header lacks {symbol}");
    }
}

/// The header's version macros are the package's version.
#[test]
fn header_version_is_the_package_version() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = std::fs::read_to_string(root.join("cbindgen.toml")).expect("read cbindgen.toml");
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        config.contains(&format!("#define STIFFDAE_VERSION \"{version}\"")),
        "cbindgen.toml's STIFFDAE_VERSION is not {version}"
    );
    for (part, value) in ["MAJOR", "MINOR", "PATCH"].iter().zip(version.split('.')) {
        assert!(
            config.contains(&format!("#define STIFFDAE_VERSION_{part} {value}\n")),
            "cbindgen.toml's STIFFDAE_VERSION_{part} is not {value}"
        );
    }
}
