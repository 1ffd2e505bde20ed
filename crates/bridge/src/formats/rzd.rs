//! RZD: the KOPS deal file, a header and 13 bytes a board.
//!
//! Spec: Big Deal's `output.c` ("kops", "Kops format"), checked against the
//! `deal.rzd` files of Big Deal's own output (the test data's `bigdeal/cases/`).
//!
//! | offset | width | meaning |
//! |---|---|---|
//! | 0 | 2 | boards in the file, little-endian (the low 16 bits of the count, as Big Deal writes it) |
//! | 2 | 11 | spaces |
//! | 13 + 13 × i | 13 | board i + 1: a byte a rank, ace first |
//!
//! A rank's byte holds the holders of its four cards, two bits each: bits
//! 7–6 the spade, 5–4 the heart, 3–2 the diamond, 1–0 the club; 0 North,
//! 1 East, 2 South, 3 West.
//!
//! The reader warns when the count disagrees with the records (modulo
//! 65,536). The writer holds the records (13 bytes a board) until it knows
//! the count.
//!
//! Cannot carry: board numbers (record `i` is board `i + 1`), dealer and
//! vulnerability (they follow from the number), partial deals, anything
//! else.

use crate::codec::keeps::Keeps;
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::big_deal_dialect::{deal_of_seats, rank_byte, seats, seats_of_rank_bytes};
use crate::formats::{board_number, require_complete, Records};
use crate::model::board::Board;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

/// Bytes in the header.
pub const HEADER: usize = 13;
/// Bytes in a board's record.
pub const RECORD: usize = 13;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "RZD",
        extensions: &["rzd"],
        description: "KOPS RZD (Big Deal), a count and 13 bytes a board",
        signature: Signature::Content {
            rank: 2,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: false,
    },
    keeps: Keeps::DEALS_ONLY,
    reader: Some(|src, _| Ok(Box::new(RzdReader::open(src)?))),
    writer: Some(|_| Box::new(RzdWriter::default())),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "kops",
            extension: "rzd",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when bytes 2 to 12 are spaces and the first record, when there
/// is one, gives each seat 13 cards.
pub fn sniff(bytes: &[u8]) -> bool {
    if bytes.len() < HEADER || bytes[2..HEADER].iter().any(|&b| b != b' ') {
        return false;
    }
    let count = u16::from_le_bytes([bytes[0], bytes[1]]);
    match bytes.get(HEADER..HEADER + RECORD) {
        Some(record) => {
            let s = seats_of_rank_bytes(record, 0);
            let mut counts = [0; 4];
            for seat in s {
                counts[usize::from(seat)] += 1;
            }
            counts == [13; 4]
        }
        None => count == 0 && bytes.len() == HEADER,
    }
}

/// Reads an RZD file: the header, then a record at a time.
pub struct RzdReader<'a> {
    records: Records<'a>,
    count: u16,
    checked: bool,
    info: SetInfo,
}

impl<'a> RzdReader<'a> {
    fn open(mut src: Source<'a>) -> Result<RzdReader<'a>, Error> {
        let header = src.fill(HEADER)?;
        if header.len() < HEADER {
            return Err(Error::syntax(
                FORMAT,
                Position::byte(0),
                format!(
                    "truncated header: {} of {HEADER} bytes (a count and 11 spaces)",
                    header.len()
                ),
            ));
        }
        let count = u16::from_le_bytes([header[0], header[1]]);
        if let Some(i) = header[2..HEADER].iter().position(|&b| b != b' ') {
            return Err(Error::syntax(
                FORMAT,
                Position::byte(2 + i as u64),
                format!(
                    "byte 0x{:02X} in the header, where 11 spaces follow the count",
                    header[2 + i]
                ),
            ));
        }
        src.consume(HEADER);
        Ok(RzdReader {
            records: Records::new(src, RECORD),
            count,
            checked: false,
            info: SetInfo::default(),
        })
    }
}

impl BoardReader for RzdReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            let Some((i, base, rec)) = self.records.next(FORMAT, diag)? else {
                if !self.checked {
                    self.checked = true;
                    let read = self.records.index;
                    if read % 65_536 != u64::from(self.count) {
                        diag.warn(
                            FORMAT,
                            Some(Position::byte(0)),
                            format!(
                                "the header counts {} boards, the file holds {read}",
                                self.count
                            ),
                        );
                    }
                }
                return Ok(None);
            };
            let s = seats_of_rank_bytes(rec, 0);
            match deal_of_seats(&s, FORMAT, Position::record(i, base), i + 1) {
                Ok(deal) => return Ok(Some(Board::new(board_number(i), deal))),
                Err(e) => diag.error(e)?,
            }
        }
    }

    fn position(&self) -> u64 {
        self.records.src.offset()
    }

    fn size_hint(&self) -> usize {
        self.records.left()
    }
}

/// Writes RZD: the records are held until the count is known.
#[derive(Default)]
pub struct RzdWriter {
    held: Vec<u8>,
    boards: u64,
}

impl BoardWriter for RzdWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, _: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(b, FORMAT)?;
        self.boards += 1;
        let s = seats(&b.deal);
        self.held.extend((0..13).map(|r| rank_byte(&s, r, 0)));
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        let count = (self.boards % 65_536) as u16;
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&[b' '; HEADER - 2]);
        out.append(&mut self.held);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::set::BoardSet;
    use crate::records::{read, write};

    #[test]
    fn a_hand_made_file_reads_and_writes_back() {
        // One board: North the spades, East the hearts, South the diamonds,
        // West the clubs: every rank's byte is 00 01 10 11.
        let mut bytes = vec![1, 0];
        bytes.extend_from_slice(b"           ");
        bytes.extend_from_slice(&[0b00_01_10_11; 13]);
        assert!(sniff(&bytes));
        let outcome = read(FORMAT, &bytes).unwrap();
        assert!(outcome.warnings.is_empty());
        assert_eq!(
            outcome.set.boards[0].deal.to_pbn(),
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
        );
        let mut out = Vec::new();
        write(FORMAT, &outcome.set, &mut out).unwrap();
        assert_eq!(out, bytes);
        // The count that disagrees is named.
        bytes[0] = 2;
        let outcome = read(FORMAT, &bytes).unwrap();
        assert!(outcome.warnings[0].to_string().contains("counts 2 boards"));
        let empty = BoardSet::from_boards(vec![]);
        out.clear();
        write(FORMAT, &empty, &mut out).unwrap();
        assert_eq!(out, b"\0\0           ");
        assert!(read(FORMAT, &out).unwrap().set.boards.is_empty());
    }

    #[test]
    fn bad_files_are_named() {
        let e = read(FORMAT, b"\x01\x00  x").unwrap_err().to_string();
        assert!(e.contains("truncated header"), "{e}");
        let e = read(FORMAT, b"\x01\x00  x        ")
            .unwrap_err()
            .to_string();
        assert!(e.contains("11 spaces"), "{e}");
        let mut bytes = b"\x01\x00           ".to_vec();
        bytes.extend_from_slice(&[0; 13]);
        let e = read(FORMAT, &bytes).unwrap_err().to_string();
        assert!(e.contains("North holds 52 cards"), "{e}");
    }
}
