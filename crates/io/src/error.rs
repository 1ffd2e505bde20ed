//! Errors, warnings and where in a file they were found, for every format
//! of both games.
//!
//! Positions count bytes from 0, lines and columns from 1 and records from
//! 0, like the csv crate. A record is one record of the file in file order
//! (a 128-byte BRI record, a DLM `Board NN=` line, a JSON line, a PBN game,
//! a WTHOR game); a column counts bytes from the start of its line. Within
//! a record a position may name a part of it (`move 17` of a game).

use std::fmt;

/// The name of the format an error or warning is about: `DLM`, `WTB`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FormatName(pub &'static str);

impl fmt::Display for FormatName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// A numbered part of a record: `move 17` of a game (from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Within {
    /// What the part is: `move`.
    pub what: &'static str,
    /// Its number.
    pub index: u64,
}

/// Where in a file something was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    /// Byte offset from the start of the file, from 0.
    pub byte: u64,
    /// Line number from 1, for text formats.
    pub line: Option<u64>,
    /// Column from 1 (bytes into the line), for text formats that give it.
    pub column: Option<u64>,
    /// Record index from 0, when inside a record.
    pub record: Option<u64>,
    /// A part of the record, when one is at fault.
    pub within: Option<Within>,
}

impl Position {
    /// A position at `byte`.
    pub fn byte(byte: u64) -> Position {
        Position {
            byte,
            ..Position::default()
        }
    }

    /// A position at `byte` inside record `record`.
    ///
    /// ```
    /// use boardfile_io::Position;
    /// let at = Position::record(3, 1203).with_line(41);
    /// assert_eq!(at.to_string(), "record 3 (line 41, byte 1203)");
    /// ```
    pub fn record(record: u64, byte: u64) -> Position {
        Position {
            byte,
            record: Some(record),
            ..Position::default()
        }
    }

    /// This position with a line number.
    pub fn with_line(mut self, line: u64) -> Position {
        self.line = Some(line);
        self
    }

    /// This position with a column.
    pub fn with_column(mut self, column: u64) -> Position {
        self.column = Some(column);
        self
    }

    /// This position at a numbered part of its record (`move 17`).
    pub fn within(mut self, what: &'static str, index: u64) -> Position {
        self.within = Some(Within { what, index });
        self
    }

    /// This position moved on by the start of a part of the file read on
    /// its own: bytes, lines and records before it.
    pub fn shifted(mut self, bytes: u64, lines: u64, records: u64) -> Position {
        self.byte += bytes;
        if let Some(l) = &mut self.line {
            *l += lines;
        }
        if let Some(r) = &mut self.record {
            *r += records;
        }
        self
    }
}

impl fmt::Display for Position {
    /// `record 3 (line 41, byte 1203)`, `record 3 (line 41, column 7, byte
    /// 1203)`, `record 3, move 17 (byte 228)`, `line 2 (byte 11)` or `byte 78`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("line {l}, column {c}, "),
            (Some(l), None) => format!("line {l}, "),
            _ => String::new(),
        };
        let within = match self.within {
            Some(w) => format!(", {} {}", w.what, w.index),
            None => String::new(),
        };
        match (self.record, line.is_empty()) {
            (Some(r), _) => write!(f, "record {r}{within} ({line}byte {})", self.byte),
            (None, false) => write!(f, "{} (byte {})", &line[..line.len() - 2], self.byte),
            (None, true) => write!(f, "byte {}", self.byte),
        }
    }
}

/// How grave a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The data is wrong: reading stops, or validation fails.
    Error,
    /// Odd but read: reading goes on.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A diagnostic placed in its file, in the form compilers, linters and
/// `grep -n` use, so that editors' quickfix lists and CI annotations jump
/// to it: `FILE:LINE:COLUMN: error: message (PBN record 14, byte 3999)`
/// where the format has lines (a line with no column is at its start),
/// `FILE:record 14 (byte 2184): error: message (DUP)` where it has not, and
/// `FILE: error: message` for a file as a whole.
///
/// ```
/// use boardfile_io::{Error, FormatName, Position};
/// let e = Error::syntax(FormatName("PBN"), Position::record(14, 3999).with_line(241).with_column(3), "bad tag");
/// assert_eq!(e.located(&"r.pbn").to_string(), "r.pbn:241:3: error: bad tag (PBN record 14, byte 3999)");
/// let e = Error::invalid(FormatName("DUP"), Position::record(14, 2184), "board 15: two aces of spades");
/// assert_eq!(
///     e.located(&"r.dup").to_string(),
///     "r.dup:record 14 (byte 2184): error: board 15: two aces of spades (DUP)"
/// );
/// ```
pub struct Located<'a> {
    file: &'a dyn fmt::Display,
    severity: Severity,
    format: Option<FormatName>,
    position: Option<Position>,
    message: String,
}

impl Located<'_> {
    /// How grave it is.
    pub fn severity(&self) -> Severity {
        self.severity
    }
}

impl fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, severity, message) = (self.file, self.severity.word(), &self.message);
        let format = self.format.map(|n| n.0);
        let Some(p) = self.position else {
            write!(f, "{file}: {severity}: {message}")?;
            return match format {
                Some(name) => write!(f, " ({name})"),
                None => Ok(()),
            };
        };
        let within = match p.within {
            Some(w) => format!(", {} {}", w.what, w.index),
            None => String::new(),
        };
        if let Some(line) = p.line {
            let column = p.column.unwrap_or(1);
            write!(f, "{file}:{line}:{column}: {severity}: {message} (")?;
            match (format, p.record) {
                (Some(name), Some(r)) => write!(f, "{name} record {r}{within}, ")?,
                (Some(name), None) => write!(f, "{name}, ")?,
                (None, Some(r)) => write!(f, "record {r}{within}, ")?,
                (None, None) => {}
            }
            return write!(f, "byte {})", p.byte);
        }
        match p.record {
            Some(r) => write!(f, "{file}:record {r}{within} (byte {})", p.byte)?,
            None => write!(f, "{file}:byte {}", p.byte)?,
        }
        write!(f, ": {severity}: {message}")?;
        match format {
            Some(name) => write!(f, " ({name})"),
            None => Ok(()),
        }
    }
}

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Reading or writing failed.
    Io(std::io::Error),
    /// The bytes do not follow the format's grammar.
    Syntax(String),
    /// Well-formed but impossible: a card twice, a 14-card hand, DUP halves
    /// that disagree, an illegal move.
    Invalid(String),
    /// A stored checksum does not match the data.
    Checksum {
        /// What the checksum covers, e.g. `board 3`.
        what: String,
        /// The value in the file.
        found: String,
        /// The value computed from the data.
        expected: String,
    },
    /// The format cannot carry this data (a partial deal in BRI, board 100 in
    /// DLM) or cannot be written.
    Unsupported(String),
    /// A size or count beyond what is accepted.
    Limit(String),
    /// The format of a file could not be told.
    UnknownFormat(String),
}

struct Inner {
    kind: ErrorKind,
    format: Option<FormatName>,
    position: Option<Position>,
}

/// An error from reading, writing or detecting a format.
pub struct Error(Box<Inner>);

impl Error {
    /// An error of `kind` with no format or position yet.
    pub fn new(kind: ErrorKind) -> Error {
        Error(Box::new(Inner {
            kind,
            format: None,
            position: None,
        }))
    }

    /// A syntax error at `position`.
    pub fn syntax(
        format: impl Into<FormatName>,
        position: Position,
        message: impl Into<String>,
    ) -> Error {
        Error::new(ErrorKind::Syntax(message.into())).at(format, position)
    }

    /// An invalid-data error at `position`.
    pub fn invalid(
        format: impl Into<FormatName>,
        position: Position,
        message: impl Into<String>,
    ) -> Error {
        Error::new(ErrorKind::Invalid(message.into())).at(format, position)
    }

    /// An unsupported-data error for writing `format`.
    pub fn unsupported(format: impl Into<FormatName>, message: impl Into<String>) -> Error {
        let mut e = Error::new(ErrorKind::Unsupported(message.into()));
        e.0.format = Some(format.into());
        e
    }

    /// A size or count beyond what is accepted, at `position`.
    pub fn limit(
        format: impl Into<FormatName>,
        position: Position,
        message: impl Into<String>,
    ) -> Error {
        Error::new(ErrorKind::Limit(message.into())).at(format, position)
    }

    /// Tags the error with a format and position.
    pub fn at(mut self, format: impl Into<FormatName>, position: Position) -> Error {
        self.0.format = Some(format.into());
        self.0.position = Some(position);
        self
    }

    /// The error named as board `number`'s (`board 7: ...`), when its
    /// message does not name a board already.
    pub fn in_board(mut self, number: u32) -> Error {
        if let ErrorKind::Syntax(m) | ErrorKind::Invalid(m) = &mut self.0.kind {
            if !m.starts_with("board ") {
                *m = format!("board {number}: {m}");
            }
        }
        self
    }

    /// The error of a part read on its own, placed in the whole file: its
    /// byte, line and record moved on by the part's start.
    pub fn shifted(mut self, bytes: u64, lines: u64, records: u64) -> Error {
        if let Some(p) = &mut self.0.position {
            *p = p.shifted(bytes, lines, records);
        }
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The format being read or written, if known.
    pub fn format(&self) -> Option<FormatName> {
        self.0.format
    }

    /// Where in the input, if known.
    pub fn position(&self) -> Option<Position> {
        self.0.position
    }

    /// The message without the format and position.
    pub fn message(&self) -> String {
        self.kind_text()
    }

    fn kind_text(&self) -> String {
        match &self.0.kind {
            ErrorKind::Io(e) => e.to_string(),
            ErrorKind::Syntax(m)
            | ErrorKind::Invalid(m)
            | ErrorKind::Unsupported(m)
            | ErrorKind::Limit(m)
            | ErrorKind::UnknownFormat(m) => m.clone(),
            ErrorKind::Checksum {
                what,
                found,
                expected,
            } => format!("{what}: checksum {found} in the file, {expected} computed from the data"),
        }
    }

    /// The error placed in `file`, for a person or an editor to find:
    /// see [`Located`].
    pub fn located<'a>(&self, file: &'a dyn fmt::Display) -> Located<'a> {
        Located {
            file,
            severity: Severity::Error,
            format: self.0.format,
            position: self.0.position,
            message: self.kind_text(),
        }
    }

    /// True for errors in the data (as opposed to I/O failures).
    pub fn is_data_error(&self) -> bool {
        !matches!(self.0.kind, ErrorKind::Io(_))
    }
}

impl fmt::Display for Error {
    /// `DLM error at record 3 (line 41, byte 1203): board 4: checksum 018, expected 031`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(format) = self.0.format {
            write!(f, "{format} error")?;
            if let Some(p) = self.0.position {
                write!(f, " at {p}")?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&self.kind_text())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({self})")
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0.kind {
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::new(ErrorKind::Io(e))
    }
}

/// Something odd that does not stop reading: non-standard padding, a field
/// that disagrees with the rest, data the next write will change, a guess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The format being read.
    pub format: FormatName,
    /// Where, if known.
    pub position: Option<Position>,
    /// What was noticed.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} warning", self.format)?;
        if let Some(p) = self.position {
            write!(f, " at {p}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl Warning {
    /// The warning placed in `file`: see [`Located`].
    pub fn located<'a>(&self, file: &'a dyn fmt::Display) -> Located<'a> {
        Located {
            file,
            severity: Severity::Warning,
            format: Some(self.format),
            position: self.position,
            message: self.message.clone(),
        }
    }
}

/// Collects the problems a reader finds.
///
/// In strict mode (plain reading) the first error ends the read; in
/// collecting mode (validation) a reader records an error in a record,
/// skips that record and goes on, so every problem of a file is reported in
/// one run. At most [`Diagnostics::MAX`] errors and as many warnings are
/// kept, so that a file of a million bad records costs no more memory than
/// one of a thousand; the rest are counted.
#[derive(Debug, Default)]
pub struct Diagnostics {
    collect: bool,
    /// Errors found so far (collecting mode only), the first [`Diagnostics::MAX`].
    pub errors: Vec<Error>,
    /// Warnings found so far, the first [`Diagnostics::MAX`].
    pub warnings: Vec<Warning>,
    /// Errors found beyond those kept.
    pub more_errors: u64,
    /// Warnings found beyond those kept.
    pub more_warnings: u64,
}

impl Diagnostics {
    /// Errors and warnings kept, each.
    pub const MAX: usize = 1000;

    /// Stops at the first error.
    pub fn strict() -> Diagnostics {
        Diagnostics::default()
    }

    /// Collects every error.
    pub fn collecting() -> Diagnostics {
        Diagnostics {
            collect: true,
            ..Diagnostics::default()
        }
    }

    /// True when errors are collected rather than returned.
    pub fn is_collecting(&self) -> bool {
        self.collect
    }

    /// Errors found, kept or not.
    pub fn error_count(&self) -> u64 {
        self.errors.len() as u64 + self.more_errors
    }

    /// Warnings found, kept or not.
    pub fn warning_count(&self) -> u64 {
        self.warnings.len() as u64 + self.more_warnings
    }

    /// Records a recoverable error: returns it back in strict mode, keeps it
    /// and returns `Ok` in collecting mode.
    pub fn error(&mut self, e: Error) -> Result<(), Error> {
        if !self.collect {
            return Err(e);
        }
        self.keep(e);
        Ok(())
    }

    fn keep(&mut self, e: Error) {
        if self.errors.len() < Self::MAX {
            self.errors.push(e);
        } else {
            self.more_errors += 1;
        }
    }

    /// Records data that is set aside: a tag that does not read, or that
    /// contradicts other data of the same record (two double-dummy tags
    /// that disagree). The record reads on with the first value, so it is
    /// a warning in every command (reading and validating alike: one
    /// severity for one finding).
    pub fn contradiction(&mut self, e: Error) {
        let format = e.format().unwrap_or(FormatName("?"));
        let position = e.position();
        self.warn(format, position, e.kind_text());
    }

    /// Records a warning.
    pub fn warn(
        &mut self,
        format: impl Into<FormatName>,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        if self.warnings.len() < Self::MAX {
            self.warnings.push(Warning {
                format: format.into(),
                position,
                message: message.into(),
            });
        } else {
            self.more_warnings += 1;
        }
    }
}

/// How the warnings of a file are told ([`fold_warnings`]): each finding
/// once a file, with a count of the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Told<'a> {
    /// A warning in full, with its place.
    One(&'a Warning),
    /// The rest of the warnings like the one told before it: how many, and
    /// the first and last records they are in, when placed.
    Like {
        /// How many.
        count: u64,
        /// The first and last record they are in (from 0).
        records: Option<(u64, u64)>,
    },
    /// Warnings past the lines a file is given.
    Rest {
        /// How many (those a reader counted without keeping included).
        count: u64,
    },
}

impl fmt::Display for Told<'_> {
    /// The text after `PATH: warning: ` for the folded lines; a warning in
    /// full as [`Warning`] shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Told::One(w) => write!(f, "{w}"),
            Told::Like { count, records } => {
                write!(f, "and {count} more like it")?;
                match records {
                    Some((a, b)) if a == b => write!(f, " (record {a})"),
                    Some((a, b)) => write!(f, " (records {a} to {b})"),
                    None => Ok(()),
                }
            }
            Told::Rest { count } => {
                let noun = if *count == 1 { "warning" } else { "warnings" };
                write!(f, "and {count} more {noun} (--verbose lists every one)")
            }
        }
    }
}

/// What kind of finding a warning is: its message with each number
/// written `#` and each quoted text `"…"`, so that the same finding on
/// another board (another number, another value) is the same kind.
pub fn warning_kind(message: &str) -> String {
    let mut kind = String::with_capacity(message.len());
    let mut quoted = false;
    let mut digits = false;
    for c in message.chars() {
        if quoted {
            if c == '"' {
                quoted = false;
                kind.push_str("…\"");
            }
            continue;
        }
        if c.is_ascii_digit() {
            if !digits {
                kind.push('#');
            }
            digits = true;
            continue;
        }
        digits = false;
        kind.push(c);
        if c == '"' {
            quoted = true;
        }
    }
    kind
}

/// The warnings of a file as they are told: the first `each` of a kind
/// ([`warning_kind`]) in full, then one line for the rest of that kind
/// (told right after its last one in full); past `lines` lines, one line
/// counts what is left, `unkept` (warnings counted, not kept) included.
///
/// ```
/// use boardfile_io::error::{fold_warnings, Told};
/// use boardfile_io::{FormatName, Position, Warning};
/// let at = |record| Some(Position { record: Some(record), ..Position::default() });
/// let warnings: Vec<Warning> = (0..500)
///     .map(|r| Warning {
///         format: FormatName("PBN"),
///         position: at(r),
///         message: format!("board {}: tag Room is given twice", r + 1),
///     })
///     .collect();
/// let told = fold_warnings(&warnings, 0, 3, 20);
/// assert_eq!(told.len(), 4);
/// assert_eq!(told[3], Told::Like { count: 497, records: Some((3, 499)) });
/// ```
pub fn fold_warnings(
    warnings: &[Warning],
    unkept: u64,
    each: usize,
    lines: usize,
) -> Vec<Told<'_>> {
    struct Kind {
        told: usize,
        count: u64,
        records: Option<(u64, u64)>,
        /// Where its line of the rest goes: after this warning in full.
        after: usize,
    }
    let mut kinds: Vec<(String, Kind)> = Vec::new();
    let mut full = Vec::new();
    for w in warnings {
        let key = warning_kind(&w.message);
        let at = match kinds.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                kinds.push((
                    key,
                    Kind {
                        told: 0,
                        count: 0,
                        records: None,
                        after: 0,
                    },
                ));
                kinds.len() - 1
            }
        };
        let kind = &mut kinds[at].1;
        if kind.told < each {
            kind.told += 1;
            full.push((at, w));
            kind.after = full.len() - 1;
        } else {
            kind.count += 1;
            if let Some(r) = w.position.and_then(|p| p.record) {
                kind.records = Some(match kind.records {
                    Some((a, b)) => (a.min(r), b.max(r)),
                    None => (r, r),
                });
            }
        }
    }
    let mut told = Vec::new();
    let mut rest = unkept;
    let mut over = false;
    for (i, (kind, w)) in full.iter().enumerate() {
        let k = &kinds[*kind].1;
        let like = (k.after == i && k.count > 0).then_some(Told::Like {
            count: k.count,
            records: k.records,
        });
        // Room is kept for the line of the rest.
        over = over || told.len() + 1 + usize::from(like.is_some()) >= lines;
        if over {
            rest += 1 + if k.after == i { k.count } else { 0 };
        } else {
            told.push(Told::One(w));
            told.extend(like);
        }
    }
    if rest > 0 {
        told.push(Told::Rest { count: rest });
    }
    told
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn warnings_are_told_a_kind_at_a_time_within_the_lines_given() {
        let at = |r| {
            Some(Position {
                record: Some(r),
                ..Position::default()
            })
        };
        let w = |r, message: &str| Warning {
            format: FormatName("PBN"),
            position: at(r),
            message: message.into(),
        };
        // Two kinds, told in the order met; the second kind's rest after
        // its own last line in full.
        let mut all = Vec::new();
        for r in 0..10 {
            all.push(w(r, &format!("board {}: tag Room is given twice", r + 1)));
            all.push(w(r, &format!("OptimumScore \"{r}00\": not a score")));
        }
        let told = fold_warnings(&all, 0, 2, 20);
        assert_eq!(told.len(), 6);
        assert_eq!(told[0], Told::One(&all[0]));
        assert_eq!(told[1], Told::One(&all[1]));
        assert_eq!(told[2], Told::One(&all[2]));
        assert_eq!(
            told[3],
            Told::Like {
                count: 8,
                records: Some((2, 9))
            }
        );
        assert_eq!(told[4], Told::One(&all[3]));
        assert_eq!(
            told[5],
            Told::Like {
                count: 8,
                records: Some((2, 9))
            }
        );
        assert_eq!(told[3].to_string(), "and 8 more like it (records 2 to 9)");
        // Every one, when asked.
        assert_eq!(fold_warnings(&all, 0, usize::MAX, usize::MAX).len(), 20);
        // 30 kinds in 20 lines: 19 told, the rest counted, unkept ones too.
        let kinds: Vec<Warning> = (0..30)
            .map(|r| w(r, &format!("kind {}", "x".repeat(r as usize))))
            .collect();
        let told = fold_warnings(&kinds, 5, 3, 20);
        assert_eq!(told.len(), 20);
        assert_eq!(told[19], Told::Rest { count: 11 + 5 });
        assert_eq!(
            warning_kind("board 12: OptimumScore \"NS 420\" given twice"),
            "board #: OptimumScore \"…\" given twice"
        );
    }

    const DLM: FormatName = FormatName("DLM");
    const BRI: FormatName = FormatName("BRI");

    #[test]
    fn display_names_format_record_line_and_byte() {
        let e = Error::new(ErrorKind::Checksum {
            what: "board 3".into(),
            found: "018".into(),
            expected: "031".into(),
        })
        .at(DLM, Position::record(2, 1203).with_line(41));
        assert_eq!(
            e.to_string(),
            "DLM error at record 2 (line 41, byte 1203): board 3: checksum 018 in the file, 031 computed from the data"
        );
        let e = Error::syntax(BRI, Position::byte(78), "bad");
        assert_eq!(e.to_string(), "BRI error at byte 78: bad");
        let at = Position::record(4, 300).with_line(12).with_column(7);
        assert_eq!(at.to_string(), "record 4 (line 12, column 7, byte 300)");
        let at = Position::byte(11).with_line(2);
        assert_eq!(at.to_string(), "line 2 (byte 11)");
        let at = Position::record(3, 228).within("move", 17);
        assert_eq!(at.to_string(), "record 3, move 17 (byte 228)");
    }

    #[test]
    fn strict_stops_collecting_goes_on_and_counts_past_the_cap() {
        let e = || Error::syntax(BRI, Position::byte(0), "x");
        assert!(Diagnostics::strict().error(e()).is_err());
        let mut d = Diagnostics::collecting();
        for _ in 0..Diagnostics::MAX + 5 {
            assert!(d.error(e()).is_ok());
            d.warn(BRI, None, "w");
        }
        assert_eq!(d.errors.len(), Diagnostics::MAX);
        assert_eq!(d.error_count(), Diagnostics::MAX as u64 + 5);
        assert_eq!(d.warning_count(), Diagnostics::MAX as u64 + 5);
    }
}
