//! The Hairer codes' messages in two forms: one line in our words, and the records the
//! original writes to unit 6, as gfortran writes them — its list-directed `WRITE(6,*)`
//! and the exit line `FORMAT(' EXIT OF RADAU5 AT X=',E18.4)` — for callers who want
//! the messages where and as the original printed them.

use std::fmt::{self, Write as _};

use crate::bdf::diagnostics::{
    pad, push_digits, push_exponent, push_int, push_shortest, Scientific, Text,
};

/// Input a Hairer code refuses: our line, and the original's record (none for a check
/// the original does not make).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Refusal {
    line: String,
    record: Option<String>,
}

impl Refusal {
    /// A refusal the original prints as `record` (built by [`Record`]).
    pub(crate) fn with_record(line: String, record: Record) -> Self {
        Self {
            line,
            record: Some(record.0),
        }
    }

    /// The original's record, or our line from the code `name` in the same shape (one
    /// leading blank) for a check the original does not make.
    pub(crate) fn unit6(&self, name: &str) -> String {
        self.record
            .clone()
            .unwrap_or_else(|| format!(" {name}: {}", self.line))
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line)
    }
}

impl From<String> for Refusal {
    fn from(line: String) -> Self {
        Self { line, record: None }
    }
}

impl From<&str> for Refusal {
    fn from(line: &str) -> Self {
        line.to_string().into()
    }
}

/// The refusals of one call, in the order the original checks.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Refusals(Vec<Refusal>);

impl Refusals {
    /// One refusal.
    pub(crate) fn one(refusal: impl Into<Refusal>) -> Self {
        Self(vec![refusal.into()])
    }

    pub(crate) fn push(&mut self, refusal: impl Into<Refusal>) {
        self.0.push(refusal.into());
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &Refusal> {
        self.0.iter()
    }

    /// Our lines, for [`crate::Error::InvalidInput`].
    pub(crate) fn lines(&self) -> Vec<String> {
        self.0.iter().map(ToString::to_string).collect()
    }
}

/// Tolerance `i` (0-based) of scalar or `vector` tolerances refused by the check of
/// RTOL > 10 UROUND and ATOL > 0.
pub(crate) fn tolerances_too_small(vector: bool, i: usize, rtol: f64, atol: f64) -> Refusal {
    if !vector {
        Refusal::with_record(
            format!("tolerances are too small: RTOL = {rtol:e}, ATOL = {atol:e}"),
            Record::text(" TOLERANCES ARE TOO SMALL"),
        )
    } else {
        Refusal::with_record(
            format!(
                "tolerances({}) are too small: RTOL = {rtol:e}, ATOL = {atol:e}",
                i + 1
            ),
            Record::text(" TOLERANCES(")
                .int(i as i64 + 1)
                .then(") ARE TOO SMALL"),
        )
    }
}

/// The mass matrix's band wider than the Jacobian's; `relation` is the original's word
/// (RADAU5 and RADAU say SMALLER, RODAS LARGER).
pub(crate) fn mass_band(relation: &str) -> Refusal {
    Refusal::with_record(
        "bandwidth of \"MAS\" not smaller than bandwidth of \"JAC\"".into(),
        Record::text(&format!(
            "BANDWITH OF \"MAS\" NOT {relation} THAN BANDWITH OF \"JAC\""
        )),
    )
}

/// IWORK(9) (M1) and IWORK(10) (M2) not a split of N (RADAU5's and RODAS's test).
pub(crate) fn curious_m1_m2(m1: i64, m2: i64) -> Refusal {
    Refusal::with_record(
        format!("curious input for IWORK(9,10) = {m1}, {m2}"),
        Record::text(" CURIOUS INPUT FOR IWORK(9,10)=")
            .int(m1)
            .int(m2),
    )
}

/// WORK shorter than the layout needs.
pub(crate) fn insufficient_work(min_lwork: i64) -> Refusal {
    Refusal::with_record(
        format!("insufficient storage for WORK, min. LWORK = {min_lwork}"),
        Record::text(" INSUFFICIENT STORAGE FOR WORK, MIN. LWORK=").int(min_lwork),
    )
}

/// IWORK shorter than the layout needs.
pub(crate) fn insufficient_iwork(min_liwork: i64) -> Refusal {
    Refusal::with_record(
        format!("insufficient storage for IWORK, min. LIWORK = {min_liwork}"),
        Record::text(" INSUFF. STORAGE FOR IWORK, MIN. LIWORK=").int(min_liwork),
    )
}

/// One record of a list-directed `WRITE(6,*)` as gfortran writes it: a leading blank;
/// strings as they are, after one blank when they follow a number; INTEGER in 12
/// columns (24 for INTEGER*8); DOUBLE PRECISION after one blank in 25 columns.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Record(String, bool);

impl Record {
    /// A record starting with the string `text`.
    pub(crate) fn text(text: &str) -> Self {
        Self(format!(" {text}"), false)
    }

    /// Appends a string.
    pub(crate) fn then(mut self, text: &str) -> Self {
        if self.1 {
            self.0.push(' ');
        }
        self.0.push_str(text);
        self.1 = false;
        self
    }

    /// Appends an INTEGER of the caller's kind.
    pub(crate) fn int(mut self, value: i64) -> Self {
        let width = if cfg!(feature = "int64") { 21 } else { 12 };
        let _ = write!(self.0, "{value:>width$}");
        self.1 = true;
        self
    }

    /// Appends a DOUBLE PRECISION value.
    pub(crate) fn real(mut self, value: f64) -> Self {
        let mut text = Text::new();
        text.push(' ');
        list_directed(&mut text, value);
        self.0.push_str(&text.to_str());
        self.1 = true;
        self
    }

    /// The record.
    pub(crate) fn finish(self) -> String {
        self.0
    }
}

/// gfortran's list-directed REAL(8): 17 significant digits in 25 columns, fixed
/// (and five trailing blanks) for 0.1 <= |v| < 1e17 and zero, else with a three-digit
/// exponent.
#[cold]
fn list_directed(out: &mut Text, v: f64) {
    if !v.is_finite() {
        let _ = write!(out, "{:>25}", nonfinite(v));
        return;
    }
    let sci = Scientific::of(v, 16);
    let (digits, exp) = (sci.digits(), sci.exp);
    let negative = v.is_sign_negative();
    let sign = usize::from(negative);
    if (-1..17).contains(&exp) {
        // Sign, 17 digits and the point, or "0." and 17 digits.
        let width = sign + if exp == -1 { 19 } else { 18 };
        pad(out, 20 - width);
        if negative {
            out.push('-');
        }
        if exp == -1 {
            out.push_str("0.");
            out.push_bytes(digits);
        } else {
            let (int, frac) = digits.split_at(exp as usize + 1);
            out.push_bytes(int);
            out.push('.');
            out.push_bytes(frac);
        }
        out.push_str("     ");
    } else {
        // Sign, d. and 16 digits, E and a signed three-digit exponent.
        pad(out, 25 - (sign + 23));
        if negative {
            out.push('-');
        }
        out.push_bytes(&digits[..1]);
        out.push('.');
        out.push_bytes(&digits[1..]);
        out.push('E');
        out.push(if exp < 0 { '-' } else { '+' });
        push_digits(out, exp.unsigned_abs(), 3);
    }
}

/// How gfortran writes a NaN or an infinity.
fn nonfinite(v: f64) -> &'static str {
    if v.is_nan() {
        "NaN"
    } else if v > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    }
}

/// Fortran's `E18.4` as gfortran writes it: `0.dddd` and a two-digit exponent, the `E`
/// dropped for three digits.
#[cold]
fn e18_4(out: &mut Text, v: f64) {
    if !v.is_finite() {
        let _ = write!(out, "{:>18}", nonfinite(v));
        return;
    }
    let negative = v.is_sign_negative();
    // Sign, 0.dddd and a four-character exponent.
    pad(out, 18 - (usize::from(negative) + 10));
    if negative {
        out.push('-');
    }
    out.push_str("0.");
    if v == 0.0 {
        out.push_str("0000");
        push_exponent(out, 'E', 0);
    } else {
        let sci = Scientific::of(v, 3);
        out.push_bytes(sci.digits());
        push_exponent(out, 'E', sci.exp + 1);
    }
}

/// Why a Hairer code stopped short of XEND (its labels 176 to 179).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Exit {
    /// SOLOUT set IRTRN < 0 (IDID = 2).
    Interrupted,
    /// More than NMAX steps (IDID = -2).
    TooManySteps { nmax: i64 },
    /// The step size fell below the roundoff bound (IDID = -3).
    StepSizeTooSmall { h: f64 },
    /// Five singular matrices in a row (IDID = -4), IER of the last.
    RepeatedlySingular { ier: usize },
}

impl Exit {
    /// Appends our line, for the code `name` stopping at `x`.
    #[cold]
    pub(crate) fn write_line(self, out: &mut Text, name: &str, x: f64) {
        out.push_str(name);
        out.push_str(": exit of ");
        out.push_str(name);
        out.push_str(" at x = ");
        push_shortest(out, x);
        match self {
            Exit::Interrupted => out.push_str(" (stopped by SOLOUT)"),
            Exit::TooManySteps { nmax } => {
                out.push_str(": more than nmax = ");
                push_int(out, nmax);
                out.push_str(" steps are needed");
            }
            Exit::StepSizeTooSmall { h } => {
                out.push_str(": step size too small, h = ");
                push_shortest(out, h);
            }
            Exit::RepeatedlySingular { ier } => {
                out.push_str(": matrix is repeatedly singular, ier = ");
                push_int(out, ier as i64);
            }
        }
    }

    /// Appends the original's records, each ended by a newline: the exit line and, for
    /// a failure, its reason (with the original's spelling).
    #[cold]
    pub(crate) fn write_records(self, out: &mut Text, name: &str, x: f64) {
        out.push_str(" EXIT OF ");
        out.push_str(name);
        out.push_str(" AT X=");
        e18_4(out, x);
        out.push('\n');
        let reason = match self {
            Exit::Interrupted => return,
            Exit::TooManySteps { nmax } => Record::text(" MORE THAN NMAX =")
                .int(nmax)
                .then("STEPS ARE NEEDED"),
            Exit::StepSizeTooSmall { h } => Record::text(" STEP SIZE T0O SMALL, H=").real(h),
            Exit::RepeatedlySingular { ier } => {
                Record::text(" MATRIX IS REPEATEDLY SINGULAR, IER=").int(ier as i64)
            }
        };
        out.push_str(&reason.finish());
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What gfortran 12 writes for `WRITE(6,*)' X=',V`, frozen.
    #[test]
    fn list_directed_reals_are_gfortrans() {
        let cases: [(f64, &str); 16] = [
            (1.0, "   1.0000000000000000     "),
            (0.5, "  0.50000000000000000     "),
            (0.1, "  0.10000000000000001     "),
            (0.09999, "   9.9989999999999996E-002"),
            (123.456, "   123.45600000000000     "),
            (1.0e-3, "   1.0000000000000000E-003"),
            (-2.5e-7, "  -2.4999999999999999E-007"),
            (1.0e15, "   1000000000000000.0     "),
            (1.0e16, "   10000000000000000.     "),
            (1.0e17, "   1.0000000000000000E+017"),
            (0.0, "   0.0000000000000000     "),
            (-0.0, "  -0.0000000000000000     "),
            (1.0e100, "   1.0000000000000000E+100"),
            (1.0e-310, "   9.9999999999999694E-311"),
            (f64::NAN, "                       NaN"),
            (f64::NEG_INFINITY, "                 -Infinity"),
        ];
        for (v, expected) in cases {
            assert_eq!(
                Record::text(" X=").real(v).finish(),
                format!("  X={expected}")
            );
        }
    }

    #[test]
    fn records_space_their_items_as_gfortran() {
        // gfortran's list-directed INTEGER after its separator: 12 characters, 21 for the
        // INTEGER*8 of the `int64` build (-fdefault-integer-8).
        let r = Record::text(" TOLERANCES(").int(3).then(") ARE TOO SMALL");
        let width = if cfg!(feature = "int64") { 21 } else { 12 };
        assert_eq!(
            r.finish(),
            format!("  TOLERANCES({:>width$} ) ARE TOO SMALL", 3)
        );
        let r = Record::text(" CURIOUS INPUT WORK(8,9)=")
            .real(1.0)
            .real(1e-3);
        assert_eq!(
            r.finish(),
            "  CURIOUS INPUT WORK(8,9)=   1.0000000000000000        1.0000000000000000E-003"
        );
    }

    #[test]
    fn exit_lines_are_e18_4() {
        let cases: [(f64, &str); 7] = [
            (1.23456, "        0.1235E+01"),
            (-1.0e-10, "       -0.1000E-09"),
            (0.0, "        0.0000E+00"),
            (-0.0, "       -0.0000E+00"),
            (1.0e100, "        0.1000+101"),
            (0.99996, "        0.1000E+01"),
            (f64::INFINITY, "          Infinity"),
        ];
        for (x, expected) in cases {
            let mut out = Text::new();
            e18_4(&mut out, x);
            assert_eq!(out.to_str(), expected);
        }
    }
}
