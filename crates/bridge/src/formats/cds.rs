//! CDS: Big Deal's "Cds format", a board number byte and 13 bytes a board.
//!
//! Spec: Big Deal's `output.c` ("cds"), checked against the `deal.cds`
//! files of Big Deal's own output (the test data's `bigdeal/cases/`).
//!
//! | offset | width | meaning |
//! |---|---|---|
//! | 14 × i | 1 | the board's number, modulo 256 |
//! | 14 × i + 1 | 13 | the deal: a byte a rank, ace first |
//!
//! A rank's byte holds the holders of its four cards, two bits each, as in
//! KOPS's RZD ([`super::rzd`]) but counted from West: bits 7–6 the spade,
//! 5–4 the heart, 3–2 the diamond, 1–0 the club; 0 West, 1 North, 2 East,
//! 3 South. There is no header and nothing between records.
//!
//! Board numbers: the first board is its byte (256 for 0); each next board
//! the first number above the one before that has its byte, so numbers
//! that rise by less than 256 at a time read back as they were written.
//!
//! Cannot carry: board numbers that fall or jump by 256 or more, dealer
//! and vulnerability (they follow from the number), partial deals,
//! anything else. With no signature, a CDS file is told by its extension.

use crate::codec::keeps::{Keeps, Numbers};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::big_deal_dialect::{deal_of_seats, rank_byte, seats, seats_of_rank_bytes};
use crate::formats::{require_complete, Records};
use crate::model::board::Board;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

/// Bytes in a record.
pub const RECORD: usize = 14;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "CDS",
        extensions: &["cds"],
        description: "CDS (Big Deal), a board number byte and 13 bytes a board",
        signature: Signature::Extension,
        reads: true,
        writes: true,
        text: false,
    },
    keeps: Keeps {
        numbers: Numbers::Rising,
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, _| Ok(Box::new(CdsReader::open(src)))),
    writer: Some(|_| Box::new(CdsWriter)),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "cds",
            extension: "cds",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// Reads a CDS file a record at a time.
pub struct CdsReader<'a> {
    records: Records<'a>,
    last: u32,
    info: SetInfo,
}

impl<'a> CdsReader<'a> {
    fn open(src: Source<'a>) -> CdsReader<'a> {
        CdsReader {
            records: Records::new(src, RECORD),
            last: 0,
            info: SetInfo::default(),
        }
    }
}

impl BoardReader for CdsReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            let Some((i, base, rec)) = self.records.next(FORMAT, diag)? else {
                return Ok(None);
            };
            let number = Numbers::rising_after(self.last, rec[0]);
            self.last = number;
            let s = seats_of_rank_bytes(&rec[1..], 1);
            match deal_of_seats(&s, FORMAT, Position::record(i, base), number.into()) {
                Ok(deal) => return Ok(Some(Board::new(number, deal))),
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

/// Writes CDS.
pub struct CdsWriter;

impl BoardWriter for CdsWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(b, FORMAT)?;
        out.push(b.number as u8);
        let s = seats(&b.deal);
        out.extend((0..13).map(|r| rank_byte(&s, r, 1)));
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deal::Deal;
    use crate::model::set::BoardSet;
    use crate::records::{read, write};

    #[test]
    fn numbers_come_back_across_256() {
        assert_eq!(Numbers::rising_after(0, 1), 1);
        assert_eq!(Numbers::rising_after(0, 0), 256);
        assert_eq!(Numbers::rising_after(255, 0), 256);
        assert_eq!(Numbers::rising_after(256, 1), 257);
        assert_eq!(Numbers::rising_after(300, 40), 552);
        let deal = Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        let boards: Vec<Board> = [101, 102, 255, 256, 257, 300]
            .into_iter()
            .map(|n| Board::new(n, deal))
            .collect();
        let set = BoardSet::from_boards(boards);
        let mut out = Vec::new();
        write(FORMAT, &set, &mut out).unwrap();
        assert_eq!(out.len(), 6 * RECORD);
        assert_eq!(out[0], 101);
        // The aces: ♠A North 1, ♥A West 0, ♦A South 3, ♣A East 2.
        assert_eq!(out[1], 0b01_00_11_10);
        assert_eq!(read(FORMAT, &out).unwrap().set, set);
    }

    #[test]
    fn bad_records_are_named() {
        let mut rec = vec![1u8];
        rec.extend_from_slice(&[0; 13]);
        let e = read(FORMAT, &rec).unwrap_err().to_string();
        assert!(e.contains("board 1: North holds 0 cards"), "{e}");
        let e = read(FORMAT, &rec[..5]).unwrap_err().to_string();
        assert!(e.contains("truncated"), "{e}");
    }
}
