//! The originals' messages: DDASSL's through SLATEC's XERMSG, DDASKR's through XERRWD
//! (message number, text and the integer and real values it prints), with the Fortran
//! edit descriptors their values are written in.

/// Which original's message routine a [`Diagnostic`] imitates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Routine {
    /// DDASSL: SLATEC's XERMSG, a framed block.
    Ddassl,
    /// DDASKR: XERRWD, the lines with their values.
    Ddaskr,
}

/// A message the original prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// The routine that prints it.
    pub routine: Routine,
    /// The message number (XERMSG's NERR: the -33 input errors have their own 1 … 19;
    /// XERRWD's message number).
    pub nerr: i32,
    /// The level: 1 recoverable, 2 fatal.
    pub level: i32,
    /// The message text, as the original builds it (XERRWD's values appended).
    pub text: String,
    /// The real values of an XERRWD message (R1, R2).
    pub values: Vec<f64>,
}

impl Diagnostic {
    /// A DDASSL message through XERMSG.
    pub fn xermsg(nerr: i32, level: i32, text: String) -> Self {
        Diagnostic {
            routine: Routine::Ddassl,
            nerr,
            level,
            text,
            values: Vec::new(),
        }
    }

    /// A DDASKR message through XERRWD: its lines (each with its own "DASKR--" prefix in
    /// the original: the first is kept), integer values I1, I2 and real values R1, R2.
    pub fn xerrwd(nerr: i32, level: i32, lines: &[&str], ints: &[i64], reals: &[f64]) -> Self {
        let mut text = String::new();
        for (k, line) in lines.iter().enumerate() {
            if k == 0 {
                text.push_str(line.trim_end());
            } else {
                text.push(' ');
                text.push_str(line.trim_start_matches("DASKR--").trim());
            }
        }
        let values: Vec<String> = ints
            .iter()
            .enumerate()
            .map(|(k, v)| format!("I{} = {v}", k + 1))
            .chain(
                reals
                    .iter()
                    .enumerate()
                    .map(|(k, v)| format!("R{} = {}", k + 1, fmt_d21(*v).trim_start())),
            )
            .collect();
        if !values.is_empty() {
            text.push_str("  In above message, ");
            text.push_str(&values.join(", "));
        }
        Diagnostic {
            routine: Routine::Ddaskr,
            nerr,
            level,
            text,
            values: reals.to_vec(),
        }
    }

    /// The message on one line: XERMSG's block in one line for DDASSL, the text for
    /// DDASKR.
    pub fn line(&self) -> String {
        match self.routine {
            Routine::Ddassl => {
                let kind = if self.level >= 2 {
                    "FATAL ERROR."
                } else {
                    "POTENTIALLY RECOVERABLE ERROR, PROGRAM CONTINUES."
                };
                format!(
                    "***MESSAGE FROM ROUTINE DDASSL IN LIBRARY SLATEC. {kind} {} ERROR NUMBER = {}",
                    self.text.replace("$$", " "),
                    self.nerr
                )
            }
            Routine::Ddaskr => self.text.clone(),
        }
    }
}

/// Fortran's `(I8)` edit descriptor.
pub fn fmt_i8(v: i64) -> String {
    let s = v.to_string();
    if s.len() > 8 {
        "*".repeat(8)
    } else {
        format!("{s:>8}")
    }
}

/// Fortran's `(1P,D15.6)` edit descriptor, as gfortran writes it, into the original's
/// CHARACTER*16 buffers (so with one trailing blank).
pub fn fmt_d15(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v:>15} ");
    }
    let s = format!("{v:.6e}");
    let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exponent.parse().unwrap_or(0);
    let body = if exp.abs() > 99 {
        format!(
            "{mantissa}{}{:03}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    } else {
        format!(
            "{mantissa}D{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    };
    format!("{body:>15} ")
}

/// Fortran's `D21.13` edit descriptor, as XERRWD prints its real values.
pub fn fmt_d21(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v:>21}");
    }
    if v == 0.0 {
        return format!("{:>21}", "0.0000000000000D+00");
    }
    let s = format!("{:.12e}", v.abs());
    let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
    let exp = exponent.parse::<i32>().unwrap_or(0) + 1;
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if v < 0.0 { "-" } else { "" };
    let e = if exp.abs() > 99 {
        format!("{}{:03}", if exp < 0 { '-' } else { '+' }, exp.abs())
    } else {
        format!("D{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    };
    format!("{:>21}", format!("{sign}0.{digits}{e}"))
}

#[cfg(test)]
mod tests {
    use super::{fmt_d15, fmt_i8};

    #[test]
    fn edit_descriptors_match_gfortran() {
        assert_eq!(fmt_d15(1.0), "   1.000000D+00 ");
        assert_eq!(fmt_d15(-2.5e-7), "  -2.500000D-07 ");
        assert_eq!(fmt_d15(0.0), "   0.000000D+00 ");
        assert_eq!(fmt_d15(1.5e200), "   1.500000+200 ");
        assert_eq!(fmt_i8(-5), "      -5");
        assert_eq!(fmt_i8(1_000_000_000), "********");
    }
}
