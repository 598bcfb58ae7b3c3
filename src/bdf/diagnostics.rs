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
    /// The lines the original writes: XERMSG's framed block (on the error unit,
    /// I1MACH(4)), XERRWD's lines with the values after the line that names them (on
    /// unit 6).
    pub records: Vec<String>,
}

impl Diagnostic {
    /// A DDASSL message through XERMSG.
    pub fn xermsg(nerr: i32, level: i32, text: String) -> Self {
        Diagnostic {
            routine: Routine::Ddassl,
            nerr,
            level,
            records: xermsg_records(nerr, level, &text),
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
            records: xerrwd_records(lines, ints, reals),
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

/// What SLATEC's XERMSG writes for DDASSL (the build whose control flags are fixed at
/// one): the frame, the text wrapped by XERPRN, the error number. A fatal message ends the
/// original's run after its block; the library returns instead (IDID = -33).
fn xermsg_records(nerr: i32, level: i32, text: &str) -> Vec<String> {
    let kind = match level {
        l if l <= 0 => "INFORMATIVE MESSAGE, PROGRAM CONTINUES.",
        1 => "POTENTIALLY RECOVERABLE ERROR, PROGRAM CONTINUES.",
        _ => "FATAL ERROR, PROGRAM ABORTED.",
    };
    let mut records = Vec::new();
    xerprn(
        " ***",
        "MESSAGE FROM ROUTINE DDASSL IN LIBRARY SLATEC.",
        &mut records,
    );
    xerprn(" ***", kind, &mut records);
    xerprn(" *  ", text, &mut records);
    xerprn(" *  ", &format!("ERROR NUMBER = {nerr}"), &mut records);
    xerprn(" *  ", " ", &mut records);
    xerprn(" ***", "END OF MESSAGE", &mut records);
    xerprn("", " ", &mut records);
    records
}

/// SLATEC's XERPRN: `message` after `prefix`, in pieces of at most 72 characters broken at
/// blanks and at the newline mark `$$`, trailing blanks dropped.
fn xerprn(prefix: &str, message: &str, records: &mut Vec<String>) {
    const WRAP: usize = 72;
    let msg = message.trim_end_matches(' ').as_bytes();
    if msg.is_empty() {
        records.push(format!("{prefix} "));
        return;
    }
    let piece = |from: usize, len: usize| String::from_utf8_lossy(&msg[from..from + len]);
    // The piece of at most WRAP characters from `next`, shortened to end before the last
    // blank within WRAP + 1 characters; its length and whether that blank is skipped.
    let break_at_blank = |next: usize, len: usize| -> (usize, usize) {
        (1..=len)
            .rev()
            .find(|&i| msg.get(next + i) == Some(&b' '))
            .map_or((len, 0), |i| (i, 1))
    };
    let mut next = 0;
    while next < msg.len() {
        let rest = &msg[next..];
        let newline = rest.windows(2).position(|w| w == b"$$");
        let (len, skip) = match newline {
            None => {
                let len = WRAP.min(rest.len());
                if len < rest.len() {
                    break_at_blank(next, len)
                } else {
                    (len, 0)
                }
            }
            Some(0) => {
                next += 2;
                continue;
            }
            Some(at) if at > WRAP => break_at_blank(next, WRAP),
            Some(at) => (at, 2),
        };
        records.push(format!("{prefix}{}", piece(next, len)));
        next += len + skip;
    }
}

/// What XERRWD writes for DDASKR's lines: each as `(1X,A)` from a CHARACTER*80 buffer,
/// followed by the values its text names (I1, I2, R1, R2), in the original's formats.
fn xerrwd_records(lines: &[&str], ints: &[i64], reals: &[f64]) -> Vec<String> {
    let (mut ints, mut reals) = (ints, reals);
    let names = |line: &str, letter: char| {
        (1..=2)
            .filter(|k| {
                let token = format!("{letter}{k}");
                line.match_indices(&token).any(|(at, _)| {
                    let before = line[..at].chars().next_back();
                    let after = line[at + token.len()..].chars().next();
                    !before.is_some_and(|c| c.is_ascii_alphanumeric())
                        && !after.is_some_and(|c| c.is_ascii_alphanumeric())
                })
            })
            .count()
    };
    let mut records = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        records.push(format!(" {line:<80}"));
        let last = k + 1 == lines.len();
        let ni = if last {
            ints.len()
        } else {
            names(line, 'I').min(ints.len())
        };
        let nr = if last {
            reals.len()
        } else {
            names(line, 'R').min(reals.len())
        };
        match ints[..ni] {
            [i1] => records.push(format!("      In above message,  I1 ={i1:>10}")),
            [i1, i2] => records.push(format!(
                "      In above message,  I1 ={i1:>10}   I2 ={i2:>10}"
            )),
            _ => {}
        }
        match reals[..nr] {
            [r1] => records.push(format!("      In above message,  R1 ={}", fmt_d21(r1))),
            [r1, r2] => records.push(format!(
                "      In above,  R1 ={}   R2 ={}",
                fmt_d21(r1),
                fmt_d21(r2)
            )),
            _ => {}
        }
        ints = &ints[ni..];
        reals = &reals[nr..];
    }
    records
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
