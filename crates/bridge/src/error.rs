//! Errors, warnings and where they happened.
//!
//! Positions count bytes from 0, lines and columns from 1 and records from 0,
//! like the csv crate; a record is one board record of the file (a 128-byte
//! BRI record, a DLM `Board NN=` line, a JSON line, a PBN game), counted in
//! file order. A column counts bytes from the start of its line.

use crate::format::Format;
use std::fmt;

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
}

impl Position {
    /// A position at `byte`.
    pub fn byte(byte: u64) -> Position {
        Position {
            byte,
            line: None,
            column: None,
            record: None,
        }
    }

    /// A position at `byte` inside record `record`.
    pub fn record(record: u64, byte: u64) -> Position {
        Position {
            byte,
            line: None,
            column: None,
            record: Some(record),
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
}

impl fmt::Display for Position {
    /// `record 3 (line 41, byte 1203)`, `record 3 (line 41, column 7, byte
    /// 1203)`, `line 2 (byte 11)` or `byte 78`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("line {l}, column {c}, "),
            (Some(l), None) => format!("line {l}, "),
            _ => String::new(),
        };
        match (self.record, line.is_empty()) {
            (Some(r), _) => write!(f, "record {r} ({line}byte {})", self.byte),
            (None, false) => write!(f, "{} (byte {})", &line[..line.len() - 2], self.byte),
            (None, true) => write!(f, "byte {}", self.byte),
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
    /// that disagree.
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
    format: Option<Format>,
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
    pub fn syntax(format: Format, position: Position, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Syntax(message.into())).at(format, position)
    }

    /// An invalid-data error at `position`.
    pub fn invalid(format: Format, position: Position, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid(message.into())).at(format, position)
    }

    /// An unsupported-data error for writing `format`.
    pub fn unsupported(format: Format, message: impl Into<String>) -> Error {
        let mut e = Error::new(ErrorKind::Unsupported(message.into()));
        e.0.format = Some(format);
        e
    }

    /// Tags the error with a format and position.
    pub fn at(mut self, format: Format, position: Position) -> Error {
        self.0.format = Some(format);
        self.0.position = Some(position);
        self
    }

    /// The error of a part read on its own, placed in the whole file: its
    /// byte, line and record moved on by the part's start.
    pub fn shifted(mut self, bytes: u64, lines: u64, records: u64) -> Error {
        if let Some(p) = &mut self.0.position {
            p.byte += bytes;
            if let Some(l) = &mut p.line {
                *l += lines;
            }
            if let Some(r) = &mut p.record {
                *r += records;
            }
        }
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The format being read or written, if known.
    pub fn format(&self) -> Option<Format> {
        self.0.format
    }

    /// Where in the input, if known.
    pub fn position(&self) -> Option<Position> {
        self.0.position
    }

    /// True for errors in the input data (as opposed to I/O failures).
    pub fn is_data_error(&self) -> bool {
        !matches!(self.0.kind, ErrorKind::Io(_))
    }
}

impl fmt::Display for Error {
    /// `DLM error at record 3 (line 41, byte 1203): board 4: checksum 018, expected 031`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(format) = self.0.format {
            write!(f, "{} error", format.name())?;
            if let Some(p) = self.0.position {
                write!(f, " at {p}")?;
            }
            f.write_str(": ")?;
        }
        match &self.0.kind {
            ErrorKind::Io(e) => write!(f, "{e}"),
            ErrorKind::Syntax(m)
            | ErrorKind::Invalid(m)
            | ErrorKind::Unsupported(m)
            | ErrorKind::Limit(m)
            | ErrorKind::UnknownFormat(m) => f.write_str(m),
            ErrorKind::Checksum {
                what,
                found,
                expected,
            } => {
                write!(
                    f,
                    "{what}: checksum {found} in the file, {expected} computed from the data"
                )
            }
        }
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
/// that disagrees with the rest, data the next write will change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The format being read.
    pub format: Format,
    /// Where, if known.
    pub position: Option<Position>,
    /// What was noticed.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} warning", self.format.name())?;
        if let Some(p) = self.position {
            write!(f, " at {p}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Collects the problems a reader finds.
///
/// In strict mode (plain reading) the first error ends the read; in collecting
/// mode (validation) a reader records an error in a record, skips that record
/// and goes on, so every problem of a file is reported in one run.
#[derive(Debug, Default)]
pub struct Diagnostics {
    collect: bool,
    /// Errors found so far (collecting mode only).
    pub errors: Vec<Error>,
    /// Warnings found so far.
    pub warnings: Vec<Warning>,
}

/// Errors are kept up to this many; further ones are counted only.
const MAX_ERRORS: usize = 1000;

impl Diagnostics {
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

    /// Records a recoverable error: returns it back in strict mode, keeps it
    /// and returns `Ok` in collecting mode.
    pub fn error(&mut self, e: Error) -> Result<(), Error> {
        if !self.collect {
            return Err(e);
        }
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(e);
        }
        Ok(())
    }

    /// Records data that contradicts other data of the same record (two
    /// double-dummy tags that disagree): an error when validating, a warning
    /// when reading, which goes on with the first value.
    pub fn contradiction(&mut self, e: Error) {
        if self.collect {
            if self.errors.len() < MAX_ERRORS {
                self.errors.push(e);
            }
        } else {
            let format = e.format().unwrap_or(Format::Jsonl);
            let position = e.position();
            let message = match e.kind() {
                ErrorKind::Invalid(m) | ErrorKind::Syntax(m) => m.clone(),
                _ => e.to_string(),
            };
            self.warn(format, position, message);
        }
    }

    /// Records a warning.
    pub fn warn(&mut self, format: Format, position: Option<Position>, message: impl Into<String>) {
        if self.warnings.len() < MAX_ERRORS {
            self.warnings.push(Warning {
                format,
                position,
                message: message.into(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_format_record_line_and_byte() {
        let e = Error::new(ErrorKind::Checksum {
            what: "board 3".into(),
            found: "018".into(),
            expected: "031".into(),
        })
        .at(Format::Dlm, Position::record(2, 1203).with_line(41));
        assert_eq!(
            e.to_string(),
            "DLM error at record 2 (line 41, byte 1203): board 3: checksum 018 in the file, 031 computed from the data"
        );
        let e = Error::syntax(Format::Bri, Position::byte(78), "bad");
        assert_eq!(e.to_string(), "BRI error at byte 78: bad");
        let at = Position::record(4, 300).with_line(12).with_column(7);
        assert_eq!(at.to_string(), "record 4 (line 12, column 7, byte 300)");
        let at = Position::byte(11).with_line(2);
        assert_eq!(at.to_string(), "line 2 (byte 11)");
    }

    #[test]
    fn strict_stops_collecting_goes_on() {
        let e = || Error::syntax(Format::Bri, Position::byte(0), "x");
        assert!(Diagnostics::strict().error(e()).is_err());
        let mut d = Diagnostics::collecting();
        assert!(d.error(e()).is_ok() && d.error(e()).is_ok());
        assert_eq!(d.errors.len(), 2);
    }
}
