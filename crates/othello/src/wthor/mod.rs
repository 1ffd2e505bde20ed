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

/// The 16-byte header of every WTHOR file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Header {
    /// Creation date: century, year in the century, month, day.
    pub created: [u8; 4],
    /// N1: the number of games or solitaires.
    pub n1: u32,
    /// N2: the number of names, or of empty squares in solitaires.
    pub n2: u16,
    /// The year of the games.
    pub year: u16,
    /// P1: board size (0 or 8 for 8x8, 10 for 10x10).
    pub p1: u8,
    /// P2: 1 in solitaire files.
    pub p2: u8,
    /// P3: the depth (empty squares) of the theoretical score.
    pub p3: u8,
    /// The reserved byte.
    pub reserved: u8,
}

/// Header length in bytes.
pub const HEADER: usize = 16;

impl Header {
    /// Reads the header from the first 16 bytes.
    pub fn read_from(bytes: &[u8]) -> Option<Header> {
        let b: &[u8; HEADER] = bytes.get(..HEADER)?.try_into().ok()?;
        Some(Header {
            created: [b[0], b[1], b[2], b[3]],
            n1: u32::from_le_bytes([b[4], b[5], b[6], b[7]]),
            n2: u16::from_le_bytes([b[8], b[9]]),
            year: u16::from_le_bytes([b[10], b[11]]),
            p1: b[12],
            p2: b[13],
            p3: b[14],
            reserved: b[15],
        })
    }

    /// Appends the 16 bytes.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.created);
        out.extend_from_slice(&self.n1.to_le_bytes());
        out.extend_from_slice(&self.n2.to_le_bytes());
        out.extend_from_slice(&self.year.to_le_bytes());
        out.extend_from_slice(&[self.p1, self.p2, self.p3, self.reserved]);
    }

    /// The depth of the theoretical score: P3, with 0 meaning 22.
    pub fn depth(&self) -> u8 {
        if self.p3 == 0 {
            22
        } else {
            self.p3
        }
    }

    /// `2004-09-30` from the creation bytes.
    pub fn created_text(&self) -> String {
        let [c, y, m, d] = self.created;
        format!("{:04}-{m:02}-{d:02}", c as u32 * 100 + y as u32)
    }
}

/// The WTHOR files and the text forms of Othello games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Games on 8x8, 68-byte records.
    Wtb,
    /// Games on 10x10, 104-byte records.
    Wtd,
    /// Solitaires.
    Pzz,
    /// Player names.
    Jou,
    /// Tournament names.
    Trn,
}

impl Kind {
    /// `WTB`, `WTD`, `PZZ`, `JOU`, `TRN`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Wtb => "WTB",
            Kind::Wtd => "WTD",
            Kind::Pzz => "PZZ",
            Kind::Jou => "JOU",
            Kind::Trn => "TRN",
        }
    }
}

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

/// The warning for a header that counts `counted` records where the file
/// holds `records` whole ones: all read, and the count written anew.
pub fn count_warning(counted: u64, records: usize, what: &str) -> Option<String> {
    (counted != records as u64).then(|| {
        format!(
            "the header counts {counted} {what}, the file holds {records}: all {records} read (a file written from them counts {records})"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_of_the_1977_file() {
        // xxd WTH_1977.wtb: 1407 0516 0c00 0000 0000 b907 0800 1800
        let bytes = [
            0x14, 0x07, 0x05, 0x16, 0x0c, 0, 0, 0, 0, 0, 0xb9, 0x07, 0x08, 0x00, 0x18, 0x00,
        ];
        let h = Header::read_from(&bytes).unwrap();
        assert_eq!(h.created_text(), "2007-05-22");
        assert_eq!(
            (h.n1, h.n2, h.year, h.p1, h.p2, h.p3),
            (12, 0, 1977, 8, 0, 24)
        );
        let mut out = Vec::new();
        h.write_to(&mut out);
        assert_eq!(out, bytes);
        assert_eq!(Header { p3: 0, ..h }.depth(), 22);
    }
}
