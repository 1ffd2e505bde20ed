//! The WTHOR database files of the Fédération Française d'Othello.
//!
//! Spec: seed `002_91a22d49defa3ced.txt` ("Format of the Wthor database",
//! S. Quin and S. Nicolet), with what real files do (DESIGN.md). All
//! numbers are little-endian.
//!
//! Every file starts with this 16-byte header:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 4 | creation date: century, year in century, month, day |
//! | 4 | 4 | N1: games (WTB, WTD) or solitaires (PZZ); 0 otherwise |
//! | 8 | 2 | N2: names (JOU, TRN) or empty squares (PZZ); 0 otherwise |
//! | 10 | 2 | year of the games; 0 otherwise |
//! | 12 | 1 | P1: board size, 0 or 8 for 8x8, 10 for 10x10 |
//! | 13 | 1 | P2: 1 in solitaire files, else 0 |
//! | 14 | 1 | P3: depth of the theoretical score; real files give 24, 0 means 22 |
//! | 15 | 1 | reserved |
//!
//! Then N records of a fixed size: 68 bytes (WTB), 104 (WTD), 20 (JOU), 26
//! (TRN); PZZ has a 256-byte table and 36-byte records (see [`pzz`]).

pub mod games;
pub mod names;
pub mod pzz;

/// The header and the kinds of file are the model's, where the games and
/// names read from any format keep them: here too, where WTHOR's users
/// look for them.
pub use crate::model::header::{count_warning, Header, Kind, HEADER};
/// An error in a file of either game: the shared shape.
pub use boardfile_io::Error;

/// Where in a WTHOR file, as the readers give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Position {
    /// Byte offset from 0.
    pub byte: u64,
    /// Record (game, name, solitaire) index from 0.
    pub record: Option<u64>,
    /// Move number from 1, for an illegal move.
    pub mv: Option<u32>,
}

/// The shared error of `kind` at `p`: `WTB error at record 12, move 3 (byte 832): ...`.
pub(crate) fn error(kind: Kind, p: Position, message: impl Into<String>) -> Error {
    let mut at = boardfile_io::Position::byte(p.byte);
    at.record = p.record;
    if let Some(m) = p.mv {
        at = at.within("move", u64::from(m));
    }
    Error::invalid(boardfile_io::FormatName(kind.name()), at, message)
}

/// Checks the file size: `16 + header_extra` bytes and whole records, which
/// N should count (`16 + header_extra + n * record` bytes).
pub(crate) fn check_size(
    kind: Kind,
    bytes: &[u8],
    n: u64,
    extra: usize,
    record: usize,
) -> Result<(), Error> {
    // A count off by whole records is the header's mistake: every whole
    // record is read, and callers say so ([`count_warning`]).
    let whole_records =
        bytes.len() >= HEADER + extra && (bytes.len() - HEADER - extra).is_multiple_of(record);
    let expected = HEADER as u64 + extra as u64 + n * record as u64;
    if !whole_records && bytes.len() as u64 != expected {
        let whole = (bytes.len().saturating_sub(HEADER + extra)) / record;
        return Err(error(
            kind,
            Position {
                byte: (HEADER + extra + whole * record).min(bytes.len()) as u64,
                record: None,
                mv: None,
            },
            format!(
                "the header counts {n} records ({expected} bytes), the file has {} bytes ({whole} whole records{})",
                bytes.len(),
                if !bytes.len().saturating_sub(HEADER + extra).is_multiple_of(record) {
                    " and a short one"
                } else {
                    ""
                }
            ),
        ));
    }
    Ok(())
}
