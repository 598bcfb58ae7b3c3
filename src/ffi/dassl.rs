//! `ddassl_`: the DASSL entry point.
