//! The originals' messages: DDASSL's through SLATEC's XERMSG, DDASKR's through XERRWD
//! (message number, text and the integer and real values it prints), with the Fortran
//! edit descriptors their values are written in.
//!
//! The writers append to one `Text` (the records each ended by a newline), so that a
//! message is formatted once, in the form that is printed, without a `String` per piece
//! or any allocation.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

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
        let mut records = Text::new();
        xermsg_records(nerr, level, &text, &mut records);
        Diagnostic {
            routine: Routine::Ddassl,
            nerr,
            level,
            records: split_records(&records),
            text,
            values: Vec::new(),
        }
    }

    /// A DDASKR message through XERRWD: its lines (each with its own "DASKR--" prefix in
    /// the original: the first is kept), integer values I1, I2 and real values R1, R2.
    pub fn xerrwd(nerr: i32, level: i32, lines: &[&str], ints: &[i64], reals: &[f64]) -> Self {
        let mut text = Text::new();
        xerrwd_text(lines, ints, reals, &mut text);
        let mut records = Text::new();
        xerrwd_records(lines, ints, reals, &mut records);
        Diagnostic {
            routine: Routine::Ddaskr,
            nerr,
            level,
            text: text.to_str().into_owned(),
            values: reals.to_vec(),
            records: split_records(&records),
        }
    }

    /// The message on one line: XERMSG's block in one line for DDASSL, the text for
    /// DDASKR.
    pub fn line(&self) -> String {
        let mut line = Text::new();
        self.write_line(&mut line);
        line.to_str().into_owned()
    }

    /// Appends [`Diagnostic::line`] to `out`.
    #[cold]
    fn write_line(&self, out: &mut Text) {
        match self.routine {
            Routine::Ddassl => xermsg_line(self.nerr, self.level, out, |out| {
                for (k, piece) in self.text.split("$$").enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    out.push_str(piece);
                }
            }),
            Routine::Ddaskr => out.push_str(&self.text),
        }
    }

    /// Appends the records to `out`, each ended by a newline.
    #[cold]
    fn write_records(&self, out: &mut Text) {
        for record in &self.records {
            out.push_str(record);
            out.push('\n');
        }
    }
}

/// A message as the solvers report it to the exports: the common failures as their
/// parts (static texts and the values), formatted only when and as the caller prints
/// them; anything else built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Note<'a> {
    /// A message built by [`Diagnostic::xermsg`] or [`Diagnostic::xerrwd`].
    Built(&'a Diagnostic),
    /// A DDASSL message at level 1 whose text is `parts` with `values` in `D15.6`
    /// between them (one value fewer than parts; no `$$` in the parts).
    Xermsg {
        nerr: i32,
        parts: &'static [&'static str],
        values: [f64; 2],
    },
    /// A DDASKR message at level 1: `lines` and the first `reals` of `values` as R1, R2.
    Xerrwd {
        nerr: i32,
        lines: &'static [&'static str],
        values: [f64; 2],
        reals: usize,
    },
}

impl Note<'_> {
    /// Appends the message on one line, as [`Diagnostic::line`].
    #[cold]
    pub(crate) fn write_line(&self, out: &mut Text) {
        match self {
            Note::Built(d) => d.write_line(out),
            Note::Xermsg {
                nerr,
                parts,
                values,
            } => xermsg_line(*nerr, 1, out, |out| xermsg_text(parts, values, out)),
            Note::Xerrwd {
                lines,
                values,
                reals,
                ..
            } => xerrwd_text(lines, &[], &values[..*reals], out),
        }
    }

    /// Appends the original's records, each ended by a newline, as
    /// [`Diagnostic::records`].
    #[cold]
    pub(crate) fn write_records(&self, out: &mut Text) {
        match self {
            Note::Built(d) => d.write_records(out),
            Note::Xermsg {
                nerr,
                parts,
                values,
            } => xermsg_records(*nerr, 1, &xermsg_message(parts, values).to_str(), out),
            Note::Xerrwd {
                lines,
                values,
                reals,
                ..
            } => xerrwd_records(lines, &[], &values[..*reals], out),
        }
    }

    /// The message as a [`Diagnostic`].
    pub(crate) fn into_diagnostic(self) -> Diagnostic {
        match self {
            Note::Built(d) => d.clone(),
            Note::Xermsg {
                nerr,
                parts,
                values,
            } => Diagnostic::xermsg(
                nerr,
                1,
                xermsg_message(parts, &values).to_str().into_owned(),
            ),
            Note::Xerrwd {
                nerr,
                lines,
                values,
                reals,
            } => Diagnostic::xerrwd(nerr, 1, lines, &[], &values[..reals]),
        }
    }
}

/// Records written one after the other, each ended by a newline, as a list.
fn split_records(records: &Text) -> Vec<String> {
    records
        .to_str()
        .split_terminator('\n')
        .map(String::from)
        .collect()
}

/// Appends `parts` with `values` in `D15.6` between them.
#[cold]
fn xermsg_text(parts: &[&str], values: &[f64; 2], out: &mut Text) {
    for (k, part) in parts.iter().enumerate() {
        if k > 0 {
            push_d15(out, values[k - 1]);
        }
        out.push_str(part);
    }
}

/// [`xermsg_text`] on its own, for XERMSG's records and for a built [`Diagnostic`].
#[cold]
fn xermsg_message(parts: &[&str], values: &[f64; 2]) -> Text {
    let mut text = Text::new();
    xermsg_text(parts, values, &mut text);
    text
}

/// Appends XERMSG's block for DDASSL on one line, the text written by `text`.
#[cold]
fn xermsg_line(nerr: i32, level: i32, out: &mut Text, text: impl FnOnce(&mut Text)) {
    out.push_str("***MESSAGE FROM ROUTINE DDASSL IN LIBRARY SLATEC. ");
    out.push_str(if level >= 2 {
        "FATAL ERROR."
    } else {
        "POTENTIALLY RECOVERABLE ERROR, PROGRAM CONTINUES."
    });
    out.push(' ');
    text(out);
    out.push_str(" ERROR NUMBER = ");
    push_int(out, nerr.into());
}

/// Appends XERRWD's message as one text: the lines (the first as it is, the others
/// without their "DASKR--" prefix) and the values.
#[cold]
fn xerrwd_text(lines: &[&str], ints: &[i64], reals: &[f64], out: &mut Text) {
    for (k, line) in lines.iter().enumerate() {
        if k == 0 {
            out.push_str(line.trim_end());
        } else {
            let mut rest = *line;
            while let Some(after) = rest.strip_prefix("DASKR--") {
                rest = after;
            }
            out.push(' ');
            out.push_str(rest.trim());
        }
    }
    if ints.is_empty() && reals.is_empty() {
        return;
    }
    out.push_str("  In above message, ");
    for (k, v) in ints.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push('I');
        push_int(out, k as i64 + 1);
        out.push_str(" = ");
        push_int(out, *v);
    }
    for (k, &v) in reals.iter().enumerate() {
        if k > 0 || !ints.is_empty() {
            out.push_str(", ");
        }
        out.push('R');
        push_int(out, k as i64 + 1);
        out.push_str(" = ");
        d21(out, v, false);
    }
}

/// What SLATEC's XERMSG writes for DDASSL (the build whose control flags are fixed at
/// one): the frame, the text wrapped by XERPRN, the error number. A fatal message ends the
/// original's run after its block; the library returns instead (IDID = -33).
#[cold]
fn xermsg_records(nerr: i32, level: i32, text: &str, out: &mut Text) {
    let kind = match level {
        l if l <= 0 => "INFORMATIVE MESSAGE, PROGRAM CONTINUES.",
        1 => "POTENTIALLY RECOVERABLE ERROR, PROGRAM CONTINUES.",
        _ => "FATAL ERROR, PROGRAM ABORTED.",
    };
    xerprn(
        " ***",
        "MESSAGE FROM ROUTINE DDASSL IN LIBRARY SLATEC.",
        out,
    );
    xerprn(" ***", kind, out);
    xerprn(" *  ", text, out);
    xerprn(" *  ", &format!("ERROR NUMBER = {nerr}"), out);
    xerprn(" *  ", " ", out);
    xerprn(" ***", "END OF MESSAGE", out);
    xerprn("", " ", out);
}

/// SLATEC's XERPRN: `message` after `prefix`, in pieces of at most 72 characters broken at
/// blanks and at the newline mark `$$`, trailing blanks dropped; each a record.
#[cold]
fn xerprn(prefix: &str, message: &str, out: &mut Text) {
    const WRAP: usize = 72;
    let msg = message.trim_end_matches(' ').as_bytes();
    if msg.is_empty() {
        out.push_str(prefix);
        out.push_str(" \n");
        return;
    }
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
        out.push_str(prefix);
        out.push_str(&String::from_utf8_lossy(&msg[next..next + len]));
        out.push('\n');
        next += len + skip;
    }
}

/// What XERRWD writes for DDASKR's lines: each as `(1X,A)` from a CHARACTER*80 buffer,
/// followed by the values its text names (I1, I2, R1, R2), in the original's formats.
#[cold]
fn xerrwd_records(lines: &[&str], ints: &[i64], reals: &[f64], out: &mut Text) {
    let (mut ints, mut reals) = (ints, reals);
    for (k, line) in lines.iter().enumerate() {
        out.push(' ');
        out.push_str(line);
        pad(out, 80_usize.saturating_sub(line.chars().count()));
        out.push('\n');
        let last = k + 1 == lines.len();
        let ni = if last {
            ints.len()
        } else {
            names(line, b'I').min(ints.len())
        };
        let nr = if last {
            reals.len()
        } else {
            names(line, b'R').min(reals.len())
        };
        match ints[..ni] {
            [i1] => {
                let _ = writeln!(out, "      In above message,  I1 ={i1:>10}");
            }
            [i1, i2] => {
                let _ = writeln!(out, "      In above message,  I1 ={i1:>10}   I2 ={i2:>10}");
            }
            _ => {}
        }
        match reals[..nr] {
            [r1] => {
                out.push_str("      In above message,  R1 =");
                d21(out, r1, true);
                out.push('\n');
            }
            [r1, r2] => {
                out.push_str("      In above,  R1 =");
                d21(out, r1, true);
                out.push_str("   R2 =");
                d21(out, r2, true);
                out.push('\n');
            }
            _ => {}
        }
        ints = &ints[ni..];
        reals = &reals[nr..];
    }
}

/// How many of the value names `letter`1 and `letter`2 `line` names (each a token: no
/// letter or digit either side).
fn names(line: &str, letter: u8) -> usize {
    let b = line.as_bytes();
    let alnum = |at: Option<&u8>| at.is_some_and(u8::is_ascii_alphanumeric);
    (b'1'..=b'2')
        .filter(|&digit| {
            b.windows(2).enumerate().any(|(at, w)| {
                w == [letter, digit]
                    && !alnum(at.checked_sub(1).and_then(|i| b.get(i)))
                    && !alnum(b.get(at + 2))
            })
        })
        .count()
}

/// Appends `n` blanks.
#[cold]
pub(crate) fn pad(out: &mut Text, n: usize) {
    for _ in 0..n {
        out.push(' ');
    }
}

/// Text being formatted, on the stack up to 512 bytes (so that a message allocates
/// nothing: the allocator's code is cold on a first failing solve), on the heap beyond.
pub(crate) struct Text {
    stack: [u8; 512],
    len: usize,
    heap: Vec<u8>,
}

impl Text {
    #[cold]
    pub(crate) fn new() -> Self {
        Text {
            stack: [0; 512],
            len: 0,
            heap: Vec::new(),
        }
    }

    /// Appends bytes (of UTF-8 text).
    #[inline]
    pub(crate) fn push_bytes(&mut self, bytes: &[u8]) {
        if self.heap.is_empty() {
            if let Some(room) = self.stack.get_mut(self.len..self.len + bytes.len()) {
                room.copy_from_slice(bytes);
                self.len += bytes.len();
                return;
            }
            self.heap.extend_from_slice(&self.stack[..self.len]);
        }
        self.heap.extend_from_slice(bytes);
    }

    #[inline]
    pub(crate) fn push_str(&mut self, s: &str) {
        self.push_bytes(s.as_bytes());
    }

    #[inline]
    pub(crate) fn push(&mut self, c: char) {
        self.push_bytes(c.encode_utf8(&mut [0; 4]).as_bytes());
    }

    /// The text written.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        if self.heap.is_empty() {
            &self.stack[..self.len]
        } else {
            &self.heap
        }
    }

    /// The text written, as a string.
    pub(crate) fn to_str(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(self.as_bytes())
    }
}

impl fmt::Write for Text {
    #[cold]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

/// A finite value's magnitude in scientific notation, correctly rounded (ties to even,
/// as glibc's `printf`, which gfortran's edit descriptors rest on, and Rust's `{:.prec$e}`
/// round): its significant digits and decimal exponent.
///
/// Computed here, with [`Big`], rather than by `core::fmt`: a first failing solve
/// prints a message, and core's float formatting and its tables lie elsewhere in a
/// program's text; reaching them took four page faults (DDASSL rober 1e-10's first
/// solve 82 µs with them, 54 without), where this code lies with the rest of the cold
/// message code. Slower than core's once in memory (a few µs for 17 digits), which a
/// message can afford.
pub(crate) struct Scientific {
    digits: [u8; 24],
    len: usize,
    /// The decimal exponent of the first digit.
    pub(crate) exp: i32,
}

impl Scientific {
    /// `|v|` with `prec` digits after the first (at most 22); no digits for a value
    /// that is not finite.
    #[cold]
    pub(crate) fn of(v: f64, prec: usize) -> Self {
        // |v| = m·2^e exactly, then N/D = |v|/10^k with 1 <= N/D < 10.
        let (mut sci, m, e) = match Self::start(v, prec.min(22) + 1) {
            Ok(start) => start,
            Err(done) => return done,
        };
        let mut k = decade(e + 63 - m.leading_zeros() as i32);
        let (mut n, mut d) = (Big::from(m), Big::from(1));
        if e >= 0 {
            n.shift_left(e.unsigned_abs());
        } else {
            d.shift_left(e.unsigned_abs());
        }
        if k >= 0 {
            d.mul_pow10(k.unsigned_abs());
        } else {
            n.mul_pow10(k.unsigned_abs());
        }
        let mut ten_d = d;
        ten_d.mul_small(10);
        while n >= ten_d {
            d = ten_d;
            ten_d.mul_small(10);
            k += 1;
        }
        while n < d {
            n.mul_small(10);
            k -= 1;
        }
        for (i, digit) in sci.digits[..sci.len].iter_mut().enumerate() {
            if i > 0 {
                n.mul_small(10);
            }
            while n >= d {
                n.subtract(&d);
                *digit += 1;
            }
        }
        sci.exp = k;
        // The remainder against half a unit of the last digit.
        n.mul_small(2);
        let last = sci.digits[sci.len - 1];
        if n > d || (n == d && (last - b'0') % 2 == 1) {
            sci.round_up();
        }
        sci
    }

    /// The fewest digits that identify `|v|` among the doubles (the closest such, a tie
    /// rounded up), as Rust's `{:e}` writes it: Burger and Dybvig's free-format algorithm
    /// (PLDI 1996, figure 3) over [`Big`]; no digits for a value that is not finite.
    #[cold]
    pub(crate) fn shortest(v: f64) -> Self {
        let (mut sci, m, e) = match Self::start(v, 1) {
            Ok(start) => start,
            Err(done) => return done,
        };
        // |v| = mant·2^e; its neighbours lie plus·2^e above and minus·2^e below (closer
        // below at the bottom of a binade); an even mantissa owns its interval's ends.
        let (mant, minus, plus, e) = if m == 1 << 52 && e > -1074 {
            (m << 2, 1, 2, e - 2)
        } else {
            (m << 1, 1, 1, e - 1)
        };
        let inclusive = m % 2 == 0;
        let (mut r, mut s) = (Big::from(mant), Big::from(1));
        let (mut m_minus, mut m_plus) = (Big::from(minus), Big::from(plus));
        if e >= 0 {
            let shift = e.unsigned_abs();
            r.shift_left(shift);
            m_minus.shift_left(shift);
            m_plus.shift_left(shift);
        } else {
            s.shift_left(e.unsigned_abs());
        }
        // The least k with the interval's top below 10^k: v/10^k = r/s = 0.d1d2…
        let mut k = decade(e + 63 - mant.leading_zeros() as i32) + 1;
        if k >= 0 {
            s.mul_pow10(k.unsigned_abs());
        } else {
            let scale = k.unsigned_abs();
            r.mul_pow10(scale);
            m_minus.mul_pow10(scale);
            m_plus.mul_pow10(scale);
        }
        let above = |r: &Big, m_plus: &Big, s: &Big| {
            let mut high = *r;
            high.add(m_plus);
            if inclusive {
                high >= *s
            } else {
                high > *s
            }
        };
        while above(&r, &m_plus, &s) {
            s.mul_small(10);
            k += 1;
        }
        sci.len = 0;
        loop {
            r.mul_small(10);
            m_minus.mul_small(10);
            m_plus.mul_small(10);
            let mut digit = b'0';
            while r >= s {
                r.subtract(&s);
                digit += 1;
            }
            let low = if inclusive { r <= m_minus } else { r < m_minus };
            let high = above(&r, &m_plus, &s);
            sci.digits[sci.len] = digit;
            sci.len += 1;
            if low || high {
                r.mul_small(2);
                if high && (!low || r >= s) {
                    sci.exp = k - 1;
                    sci.round_up();
                    return sci;
                }
                break;
            }
        }
        sci.exp = k - 1;
        sci
    }

    /// `len` zero digits and, for a finite nonzero `v`, `|v|` as m·2^e (m < 2^53); the
    /// whole answer for zero (`len` zeros) and for a value that is not finite (no digits).
    #[cold]
    fn start(v: f64, len: usize) -> Result<(Self, u64, i32), Self> {
        let mut sci = Scientific {
            digits: [b'0'; 24],
            len,
            exp: 0,
        };
        if !v.is_finite() {
            sci.len = 0;
            return Err(sci);
        }
        if v == 0.0 {
            return Err(sci);
        }
        let bits = v.to_bits();
        let field = ((bits >> 52) & 0x7ff) as i32;
        let fraction = bits & ((1 << 52) - 1);
        let (m, e) = if field == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), field - 1075)
        };
        Ok((sci, m, e))
    }

    /// Adds one unit in the last digit; 9…9 becomes 10…0 one decade up.
    #[cold]
    fn round_up(&mut self) {
        for digit in self.digits[..self.len].iter_mut().rev() {
            if *digit == b'9' {
                *digit = b'0';
            } else {
                *digit += 1;
                return;
            }
        }
        self.digits[0] = b'1';
        self.exp += 1;
    }

    /// The significant digits, in ASCII.
    pub(crate) fn digits(&self) -> &[u8] {
        &self.digits[..self.len]
    }
}

/// floor(log2 · log10(2)) for a value in [2^log2, 2^(log2+1)): its decimal exponent, or
/// one less.
fn decade(log2: i32) -> i32 {
    ((i64::from(log2) * 78_913) >> 18) as i32
}

/// Appends `v` as Rust's `{:e}` writes it, without `core::fmt` (see [`Scientific`]).
#[cold]
pub(crate) fn push_shortest(out: &mut Text, v: f64) {
    if v.is_nan() {
        out.push_str("NaN");
        return;
    }
    if v.is_sign_negative() {
        out.push('-');
    }
    if v.is_infinite() {
        out.push_str("inf");
        return;
    }
    let sci = Scientific::shortest(v);
    let (first, rest) = sci.digits().split_at(1);
    out.push_bytes(first);
    if !rest.is_empty() {
        out.push('.');
        out.push_bytes(rest);
    }
    out.push('e');
    push_int(out, i64::from(sci.exp));
}

/// An unsigned integer of up to 1 280 bits, in 32-bit limbs from the least significant,
/// `len` of them in use (the top one nonzero; the rest zero): room for a double's exact
/// value times the powers of ten and two [`Scientific`] scales it by (at most
/// 2^55 · 10^324 · 20 < 2^1 140). Cold, as the message code.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Big {
    limbs: [u32; 40],
    len: usize,
}

impl From<u64> for Big {
    #[cold]
    fn from(v: u64) -> Self {
        let mut big = Big {
            limbs: [0; 40],
            len: 2,
        };
        big.limbs[0] = v as u32;
        big.limbs[1] = (v >> 32) as u32;
        big.trim();
        big
    }
}

impl Big {
    /// Drops zero limbs from the top.
    fn trim(&mut self) {
        while self.len > 0 && self.limbs[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    #[cold]
    fn shift_left(&mut self, bits: u32) {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        let len = self.len + limbs + 1;
        for i in (0..len).rev() {
            let high = i.checked_sub(limbs).map_or(0, |j| self.limbs[j]);
            let low = i.checked_sub(limbs + 1).map_or(0, |j| self.limbs[j]);
            self.limbs[i] = if bits == 0 {
                high
            } else {
                (high << bits) | (low >> (32 - bits))
            };
        }
        self.len = len;
        self.trim();
    }

    #[cold]
    fn mul_small(&mut self, factor: u32) {
        let mut carry = 0;
        for limb in &mut self.limbs[..self.len] {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry != 0 {
            self.limbs[self.len] = carry as u32;
            self.len += 1;
        }
    }

    #[cold]
    fn mul_pow10(&mut self, mut power: u32) {
        while power >= 9 {
            self.mul_small(1_000_000_000);
            power -= 9;
        }
        self.mul_small(10u32.pow(power));
    }

    #[cold]
    fn add(&mut self, other: &Big) {
        let len = self.len.max(other.len);
        let mut carry = false;
        for (limb, &o) in self.limbs[..len].iter_mut().zip(&other.limbs[..len]) {
            let (sum, c1) = limb.overflowing_add(o);
            let (sum, c2) = sum.overflowing_add(u32::from(carry));
            *limb = sum;
            carry = c1 || c2;
        }
        self.len = len;
        if carry {
            self.limbs[len] = 1;
            self.len += 1;
        }
    }

    /// `self - other`, for `other <= self`.
    #[cold]
    fn subtract(&mut self, other: &Big) {
        let mut borrow = false;
        for (limb, &o) in self.limbs[..self.len].iter_mut().zip(&other.limbs) {
            let (diff, b1) = limb.overflowing_sub(o);
            let (diff, b2) = diff.overflowing_sub(u32::from(borrow));
            *limb = diff;
            borrow = b1 || b2;
        }
        self.trim();
    }
}

impl PartialOrd for Big {
    #[cold]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    #[cold]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.len.cmp(&other.len).then_with(|| {
            self.limbs[..self.len]
                .iter()
                .rev()
                .cmp(other.limbs[..other.len].iter().rev())
        })
    }
}

/// Appends an exponent of at least two digits, three when it needs them: `letter` (if
/// any) and the sign for two digits, the sign alone for three (Fortran's `Ew.d` and
/// `Dw.d`).
#[cold]
pub(crate) fn push_exponent(out: &mut Text, letter: char, exp: i32) {
    let sign = if exp < 0 { '-' } else { '+' };
    let e = exp.unsigned_abs();
    if e > 99 {
        out.push(sign);
        push_digits(out, e, 3);
    } else {
        out.push(letter);
        out.push(sign);
        push_digits(out, e, 2);
    }
}

/// Appends `v` in decimal (as `{v}` writes it, without the formatting machinery).
#[cold]
pub(crate) fn push_int(out: &mut Text, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let mut digits = [0_u8; 20];
    let mut at = digits.len();
    let mut rest = v.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.push_bytes(&digits[at..]);
}

/// Appends the last `width` decimal digits of `v`, with leading zeros.
#[cold]
pub(crate) fn push_digits(out: &mut Text, v: u32, width: u32) {
    for k in (0..width).rev() {
        out.push(char::from(b'0' + (v / 10_u32.pow(k) % 10) as u8));
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
    let mut s = Text::new();
    push_d15(&mut s, v);
    s.to_str().into_owned()
}

/// Appends [`fmt_d15`].
#[cold]
fn push_d15(out: &mut Text, v: f64) {
    if !v.is_finite() {
        let _ = write!(out, "{v:>15} ");
        return;
    }
    let sci = Scientific::of(v, 6);
    let negative = v.is_sign_negative();
    // Sign, d.dddddd and a four-character exponent.
    pad(out, 15 - (usize::from(negative) + 12));
    if negative {
        out.push('-');
    }
    let digits = sci.digits();
    out.push_bytes(&digits[..1]);
    out.push('.');
    out.push_bytes(&digits[1..]);
    push_exponent(out, 'D', sci.exp);
    out.push(' ');
}

/// Fortran's `D21.13` edit descriptor, as XERRWD prints its real values.
pub fn fmt_d21(v: f64) -> String {
    let mut s = Text::new();
    d21(&mut s, v, true);
    s.to_str().into_owned()
}

/// Appends [`fmt_d21`], without its leading blanks unless `padded`.
#[cold]
fn d21(out: &mut Text, v: f64, padded: bool) {
    if !v.is_finite() {
        if padded {
            let _ = write!(out, "{v:>21}");
        } else {
            let _ = write!(out, "{v}");
        }
        return;
    }
    let negative = v < 0.0;
    // Sign, 0. and 13 digits, a four-character exponent.
    if padded {
        pad(out, 21 - (usize::from(negative) + 19));
    }
    if negative {
        out.push('-');
    }
    out.push_str("0.");
    if v == 0.0 {
        out.push_str("0000000000000D+00");
        return;
    }
    let sci = Scientific::of(v, 12);
    out.push_bytes(sci.digits());
    push_exponent(out, 'D', sci.exp + 1);
}

#[cfg(test)]
mod tests {
    use super::{fmt_d15, fmt_d21, fmt_i8, push_shortest, Scientific, Text};

    #[test]
    fn edit_descriptors_match_gfortran() {
        assert_eq!(fmt_d15(1.0), "   1.000000D+00 ");
        assert_eq!(fmt_d15(-2.5e-7), "  -2.500000D-07 ");
        assert_eq!(fmt_d15(0.0), "   0.000000D+00 ");
        assert_eq!(fmt_d15(1.5e200), "   1.500000+200 ");
        assert_eq!(fmt_i8(-5), "      -5");
        assert_eq!(fmt_i8(1_000_000_000), "********");
        // What gfortran 12 writes for (D21.13).
        assert_eq!(fmt_d21(2.903045015933e-4), "  0.2903045015933D-03");
        assert_eq!(fmt_d21(0.0), "  0.0000000000000D+00");
        assert_eq!(fmt_d21(-1.5e200), " -0.1500000000000+201");
        assert_eq!(fmt_d21(1.0), "  0.1000000000000D+01");
        assert_eq!(fmt_d21(-3.75e-5), " -0.3750000000000D-04");
    }

    /// The digits and exponent of `|v|` as Rust's `{:.prec$e}` writes them.
    fn formatted(v: f64, prec: usize) -> (String, i32) {
        let text = format!("{:.*e}", prec, v.abs());
        let (mantissa, exp) = text.split_once('e').expect("an exponent");
        (mantissa.replace('.', ""), exp.parse().expect("an integer"))
    }

    /// Our conversions against core's on random doubles of every magnitude (subnormals
    /// included), the extremes, and exact decimal ties, which both round to even.
    #[test]
    fn scientific_digits_match_core() {
        let mut values = vec![
            f64::MIN_POSITIVE,
            f64::MAX,
            5e-324,
            1.0,
            9.5,
            0.125,
            1.25,
            125.0,
            135.0,
            2.5,
            999_999.5,
            9.999_999_999_999_5,
            0.1,
            0.3,
            0.1 + 0.2,
            100.0,
            123.456,
            2.903_045_015_933e-4,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        while values.len() < 3000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let v = f64::from_bits(state);
            if v.is_finite() {
                values.push(v);
            }
        }
        for &v in &values {
            for prec in [0, 1, 3, 6, 12, 16, 22] {
                let sci = Scientific::of(v, prec);
                let (digits, exp) = formatted(v, prec);
                assert_eq!(
                    (sci.digits(), sci.exp),
                    (digits.as_bytes(), exp),
                    "{v:e} with {prec} digits"
                );
            }
        }
        for &v in &values {
            for v in [v, -v] {
                let mut ours = Text::new();
                push_shortest(&mut ours, v);
                assert_eq!(ours.to_str(), format!("{v:e}"));
            }
        }
        for v in [
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e23,
            9e-324,
        ] {
            let mut ours = Text::new();
            push_shortest(&mut ours, v);
            assert_eq!(ours.to_str(), format!("{v:e}"));
        }
        let zero = Scientific::of(-0.0, 3);
        assert_eq!((zero.digits(), zero.exp), (&b"0000"[..], 0));
        assert!(Scientific::of(f64::NAN, 3).digits().is_empty());
        assert!(Scientific::of(f64::NEG_INFINITY, 3).digits().is_empty());
    }

    /// Text longer than the stack buffer moves to the heap whole and in order.
    #[test]
    fn long_text_spills_to_the_heap() {
        let mut text = Text::new();
        let mut expected = String::new();
        for k in 0..100 {
            let piece = format!("record {k} é\n");
            text.push_str(&piece);
            expected.push_str(&piece);
        }
        text.push('!');
        expected.push('!');
        assert!(expected.len() > 512);
        assert_eq!(text.as_bytes(), expected.as_bytes());
        assert_eq!(text.to_str(), expected);
    }
}
