//! BHG: the Borel Hand Generator's deal file, a line of 52 letters a board.
//!
//! Spec: Big Deal's `output.c` ("borel", "Borel Hand Generator format"),
//! checked against the `deal.bhg` files of Big Deal's own output (the test data's `bigdeal/cases/`).
//!
//! ```text
//!                                      an empty line first (Big Deal writes one)
//! DUVXYZcegprszAEKLMQbimnoqtCGHN...    board 1: 52 letters, LF
//! BGVZdilprsuxzACDEFLOcfmoqwHKNP...    board 2
//! ```
//!
//! | columns | meaning |
//! |---|---|
//! | 1–13 | the dealer's cards |
//! | 14–26, 27–39, 40–52 | the next hands clockwise |
//!
//! A letter is a card: `A` ♠A, `B` ♠K ... `M` ♠2, `N` ♥A ... `Z` ♥2, `a`
//! ♦A ... `m` ♦2, `n` ♣A ... `z` ♣2. The writer lists each hand's cards
//! in that order, as Big Deal does; the reader takes any order within a
//! hand. Empty lines are skipped, a CR before the LF is allowed.
//!
//! The file says nothing of board numbers or dealers: line `i` is board
//! `i + 1`, and its first hand is that number's dealer's by the Laws (North
//! for board 1, East for 2...). The writer begins each line with the
//! board's dealer. A set whose boards are not numbered 1, 2, 3... (or at
//! least from a number that is 1 more than a multiple of 4), or whose
//! dealers are not the Laws', therefore reads back with its deals turned:
//! Big Deal's boards 15–28 come back as boards 1–14, each deal turned two
//! seats.
//!
//! Cannot carry: board numbers, dealer and vulnerability, partial deals,
//! anything else.

use crate::codec::keeps::{Deals, Keeps};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::big_deal_dialect::{card, deal_of_seats};
use crate::formats::{board_number, require_complete, LineRecords};
use crate::model::board::{dealer_for_board, Board};
use crate::model::deal::Seat;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature};

/// Letters in a board's line.
pub const LETTERS: usize = 52;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "BHG",
        extensions: &["bhg"],
        description: "Borel Hand Generator BHG (Big Deal), 52 card letters a line from the dealer",
        signature: Signature::Content {
            rank: 9,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps {
        deals: Deals::FromPositionsDealer,
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, _| {
        Ok(Box::new(BhgReader {
            lines: LineRecords::new(src),
            info: SetInfo::default(),
        }))
    }),
    writer: Some(|_| Box::new(BhgWriter)),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "borel",
            extension: "bhg",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// The card number (1 to 52) of a letter.
fn number(letter: u8) -> Option<u8> {
    match letter {
        b'A'..=b'Z' => Some(letter - b'A' + 1),
        b'a'..=b'z' => Some(letter - b'a' + 27),
        _ => None,
    }
}

/// True when the first line that is not empty is 52 letters, each a
/// different card.
pub fn sniff(bytes: &[u8]) -> bool {
    let start = bytes
        .iter()
        .position(|&b| b != b'\n' && b != b'\r')
        .unwrap_or(bytes.len());
    let Some(line) = bytes.get(start..start + LETTERS) else {
        return false;
    };
    let mut seen = 0u64;
    for &b in line {
        match number(b) {
            Some(n) => seen |= 1 << (n - 1),
            None => return false,
        }
    }
    seen.count_ones() == 52 && matches!(bytes.get(start + LETTERS), None | Some(b'\r' | b'\n'))
}

/// Reads a BHG file a line at a time.
pub struct BhgReader<'a> {
    lines: LineRecords<'a>,
    info: SetInfo,
}

/// The board of a line's letters: number `number`, its first hand the
/// dealer's by the Laws.
fn decode(text: &[u8], number: u32, at: Position) -> Result<Board, Error> {
    if text.len() != LETTERS {
        return Err(Error::syntax(
            FORMAT,
            at,
            format!(
                "board {number}: {} letters; a board is 52",
                text.len().min(9999)
            ),
        ));
    }
    let dealer = dealer_for_board(number);
    let mut seats = [4u8; 52];
    for (i, &b) in text.iter().enumerate() {
        let here = Position {
            byte: at.byte + i as u64,
            ..at
        };
        let Some(c) = self::number(b) else {
            return Err(Error::syntax(
                FORMAT,
                here,
                format!("board {number}: byte 0x{b:02X} is not a card letter (A-Z, a-z)"),
            ));
        };
        let slot = &mut seats[usize::from(c - 1)];
        if *slot != 4 {
            return Err(Error::invalid(
                FORMAT,
                here,
                format!(
                    "board {number}: {} appears twice",
                    card(c).map_or(String::new(), |c| c.to_string())
                ),
            ));
        }
        *slot = dealer.next(i / 13) as u8;
    }
    let deal = deal_of_seats(&seats, FORMAT, at, u64::from(number))?;
    Ok(Board::new(number, deal))
}

impl BoardReader for BhgReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        while let Some((text, at)) = self.lines.next(FORMAT)? {
            let number = board_number(at.record.unwrap_or(0));
            match decode(text, number, at) {
                Ok(board) => return Ok(Some(board)),
                Err(e) => diag.error(e)?,
            }
        }
        Ok(None)
    }

    fn position(&self) -> u64 {
        self.lines.offset()
    }
}

/// Writes BHG: an empty line, then a line a board from its dealer.
pub struct BhgWriter;

impl BoardWriter for BhgWriter {
    fn head(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        out.push(b'\n');
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(b, FORMAT)?;
        for k in 0..4 {
            let seat: Seat = b.dealer.next(k);
            for c in b.deal.hand(seat).cards() {
                let n = c.index();
                out.push(if n < 26 { b'A' + n } else { b'a' + n - 26 });
            }
        }
        out.push(b'\n');
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

    const DEAL: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";

    #[test]
    fn lines_begin_with_the_dealer() {
        let deal = Deal::parse_pbn(DEAL).unwrap();
        let set = BoardSet::from_boards(vec![Board::new(1, deal), Board::new(2, deal)]);
        let mut out = Vec::new();
        write(FORMAT, &set, &mut out).unwrap();
        let text = String::from_utf8(out.clone()).unwrap();
        let lines: Vec<&str> = text.split('\n').collect();
        assert_eq!(lines[0], "", "an empty line first");
        // Board 1 from North: ♠AKQJ = ABCD, ♥T98 = RST, ♦765 = hij, ♣432 = xyz.
        assert!(lines[1].starts_with("ABCDRSThijxyz"), "{}", lines[1]);
        // Board 2 from East: ♠T98 = EFG, ♥765 = UVW, ♦432 = klm, ♣AKQJ = nopq.
        assert!(lines[2].starts_with("EFGUVWklmnopq"), "{}", lines[2]);
        assert!(sniff(&out));
        let back = read(FORMAT, &out).unwrap().set;
        assert_eq!(back.boards, set.boards);
    }

    #[test]
    fn bad_lines_are_named() {
        let e = read(FORMAT, b"\nABC\n").unwrap_err().to_string();
        assert!(e.contains("3 letters"), "{e}");
        let mut line = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\n".to_vec();
        assert!(read(FORMAT, &line).is_ok());
        line[1] = b'A';
        assert!(!sniff(&line));
        let e = read(FORMAT, &line).unwrap_err().to_string();
        assert!(e.contains("SA appears twice"), "{e}");
        line[1] = b'1';
        let e = read(FORMAT, &line).unwrap_err().to_string();
        assert!(e.contains("not a card letter"), "{e}");
    }
}
