//! The 16-byte header every WTHOR file opens with, kept with the games
//! and names read from any format (JSON Lines writes it on its first line)
//! so that a file converted and back is the file it was; and the kinds of
//! WTHOR file.
//!
//! The header's bytes ([`Header::read_from`], [`Header::write_to`]) are
//! laid out in the WTHOR format's table (`formats/wthor/mod.rs`); all
//! numbers are little-endian.

use crate::model::position::BoardSize;

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

/// The warning for a header that counts `counted` records where the file
/// holds `records` whole ones: all read, and the count written anew.
pub fn count_warning(counted: u64, records: usize, what: &str) -> Option<String> {
    (counted != records as u64).then(|| {
        format!(
            "the header counts {counted} {what}, the file holds {records}: all {records} read (a file written from them counts {records})"
        )
    })
}

/// Today's date as WTHOR's four creation bytes.
pub fn today() -> [u8; 4] {
    let (y, m, d) = boardfile_io::date::today();
    [(y / 100) as u8, (y % 100) as u8, m as u8, d as u8]
}

/// A game file's header for games built from text: today's date, the year,
/// the board size, P3 24.
pub(crate) fn fresh_header(year: u16, size: BoardSize) -> Header {
    Header {
        created: today(),
        year,
        p1: if size == BoardSize::Ten { 10 } else { 8 },
        p3: 24,
        ..Header::default()
    }
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
