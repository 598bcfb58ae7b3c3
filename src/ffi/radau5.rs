//! `radau5_` and `contr5_`: the RADAU5 entry points.
