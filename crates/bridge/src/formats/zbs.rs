//! ZBS, Pavlicek's binary suit layouts and diagrams.
//!
//! Spec: seed `003_2bdb9c09fd3cd83a.txt`. Each record is a little-endian
//! 32-bit word:
//!
//! | bits | meaning |
//! |---|---|
//! | 0 | 1: the next record belongs to the same group (diagram); 0: the group ends |
//! | 1-31 | a 13-digit base-5 number: the lowest digit places the ace, the next the king, ... the highest the two |
//!
//! A digit is 0 for an unused card, else the hand. The seed does not say
//! which of 1-4 is which hand; boardfile takes Pavlicek's order of his other
//! formats plus one: **1 West, 2 North, 3 East, 4 South** (tested below).
//! The records of a group are the suits in order ♠ ♥ ♦ ♣; a group of one
//! record is a spade layout. A record of 0 (all unused, group ends) has no
//! use, so it ends the list, even inside a group (which is then an error);
//! it and what follows are kept as written.
//!
//! Each group is a board (numbered by position) holding the cards used; the
//! rest are unused, as in a PBN end position. The writer gives the suits up
//! to the last one with a card, so a group never ends in an all-unused suit
//! (that record would be the terminator) and files read and written give
//! the same bytes. A board with no card at all cannot be written.

use crate::codec::keeps::{Deals, Keeps, Own};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{Descriptor, Hooks};
use crate::formats::board_number;
use crate::model::board::Board;
use crate::model::card::{Card, Rank, Suit};
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

pub use crate::model::extras::PavlicekInfo;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "ZBS",
        extensions: &["zbs"],
        description: "Pavlicek ZBS, suit layouts and diagrams in base-5 words",
        signature: Signature::Extension,
        reads: true,
        writes: true,
        text: false,
    },
    keeps: Keeps {
        deals: Deals::Partial,
        own: &[Own::PavlicekTail],
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, _| {
        Ok(Box::new(ZbsReader {
            src,
            boards: 0,
            info: SetInfo::default(),
            tail: None,
            ended: false,
        }))
    }),
    writer: Some(|_| Box::new(ZbsWriter)),
    hooks: Hooks::NONE,
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// 5 to the 13th: the number of locators.
const LOCATORS: u32 = 1_220_703_125;

/// The most a file may hold after its terminator.
const MAX_TAIL: usize = 16 << 20;

/// Hand of each digit 1-4.
const DIGIT_SEAT: [Seat; 4] = [Seat::West, Seat::North, Seat::East, Seat::South];

fn digit(seat: Seat) -> u32 {
    match seat {
        Seat::West => 1,
        Seat::North => 2,
        Seat::East => 3,
        Seat::South => 4,
    }
}

/// Reads a ZBS file a group (board) at a time.
pub struct ZbsReader<'a> {
    src: Source<'a>,
    boards: u64,
    info: SetInfo,
    tail: Option<PavlicekInfo>,
    ended: bool,
}

impl BoardReader for ZbsReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        let f = FORMAT;
        let mut hands = [0u64; 4];
        let mut suit = 0usize;
        let mut group_start = self.src.offset();
        let mut bad_group = false;
        while !self.ended {
            let at = self.src.offset();
            let rest = self.src.fill(4)?;
            if rest.is_empty() {
                self.ended = true;
                break;
            }
            let record = at / 4;
            if rest.len() < 4 {
                let n = rest.len();
                self.src.consume(n);
                self.ended = true;
                diag.error(Error::syntax(
                    f,
                    Position::record(record, at),
                    format!("truncated record: {n} of 4 bytes"),
                ))?;
                break;
            }
            let v = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
            if v == 0 {
                let tail = self.src.fill_all(MAX_TAIL).map_err(|e| {
                    Error::limit(
                        f,
                        Position::record(record, at),
                        format!("the bytes after the terminator are {e}"),
                    )
                })?;
                self.tail = Some(PavlicekInfo {
                    tail: tail.to_vec(),
                });
                let n = self.src.data().len();
                self.src.consume(n);
                self.ended = true;
                break;
            }
            self.src.consume(4);
            let (more, locator) = (v & 1 == 1, v >> 1);
            if locator >= LOCATORS {
                diag.error(Error::invalid(
                    f,
                    Position::record(record, at),
                    format!("locator {locator} is beyond 5^13 - 1"),
                ))?;
                bad_group = true;
            }
            if suit >= 4 {
                diag.error(Error::invalid(
                    f,
                    Position::record(record, at),
                    "a group of more than four records (suits)",
                ))?;
                bad_group = true;
            }
            if !bad_group {
                put_suit(locator, suit, &mut hands);
            }
            suit += 1;
            if !more {
                if !bad_group {
                    match Deal::new(hands.map(|h| Hand::from_bits(h).expect("52 bits"))) {
                        Ok(deal) => {
                            self.boards += 1;
                            return Ok(Some(Board::new(board_number(self.boards - 1), deal)));
                        }
                        Err(e) => diag.error(Error::invalid(
                            f,
                            Position::record(group_start / 4, group_start),
                            e.to_string(),
                        ))?,
                    }
                }
                hands = [0; 4];
                suit = 0;
                bad_group = false;
                group_start = self.src.offset();
            }
        }
        if suit > 0 {
            diag.error(Error::syntax(
                f,
                Position::record(group_start / 4, group_start),
                "the last group does not end (its last record has the continue flag)",
            ))?;
        }
        Ok(None)
    }

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        // A group of four records, a suit each, whole in the window and
        // making a deal: straight onto the list. Anything else (a shorter
        // or longer group, the terminator, a bad locator, the window's end)
        // as next_board reads and reports it.
        crate::codec::stream::read_boards_quickly(self, boards, until, diag, |r| {
            let group = r.src.data().get(..16)?;
            let word = |k: usize| {
                u32::from_le_bytes([
                    group[4 * k],
                    group[4 * k + 1],
                    group[4 * k + 2],
                    group[4 * k + 3],
                ])
            };
            let records = [word(0), word(1), word(2), word(3)];
            let shaped = records[..3].iter().all(|&v| v & 1 == 1)
                && records[3] & 1 == 0
                && records.iter().all(|&v| v != 0 && v >> 1 < LOCATORS);
            if !shaped {
                return None;
            }
            let mut hands = [0u64; 4];
            for (suit, v) in records.into_iter().enumerate() {
                put_suit(v >> 1, suit, &mut hands);
            }
            let deal = Deal::new(hands.map(|h| Hand::from_bits(h).unwrap_or_default())).ok()?;
            r.src.consume(16);
            r.boards += 1;
            Some(Board::new(board_number(r.boards - 1), deal))
        })
    }

    fn tail(&mut self) -> SetInfo {
        SetInfo {
            pavlicek: self.tail.clone(),
            ..SetInfo::default()
        }
    }

    fn position(&self) -> u64 {
        self.src.offset()
    }
}

/// Puts the cards of a suit's locator (13 base-5 digits, the ace's first; 0
/// for no hand) in their hands.
#[inline]
fn put_suit(mut locator: u32, suit: usize, hands: &mut [u64; 4]) {
    for rank in Rank::DESCENDING {
        let d = locator % 5;
        locator /= 5;
        if d > 0 {
            let card = Card::new(Suit::ALL[suit], rank);
            hands[DIGIT_SEAT[d as usize - 1].index()] |= 1 << card.index();
        }
    }
}

/// Writes a ZBS file: a group per board, then the kept tail if any.
pub struct ZbsWriter;

impl BoardWriter for ZbsWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        let used = Suit::ALL
            .iter()
            .rposition(|&s| Seat::ALL.iter().any(|&h| b.deal.hand(h).suit_len(s) > 0));
        let Some(last) = used else {
            return Err(Error::unsupported(
                FORMAT,
                format!("board {} holds no card, which ZBS cannot write", b.number),
            ));
        };
        for (i, suit) in Suit::ALL.into_iter().enumerate().take(last + 1) {
            let mut locator = 0u32;
            for rank in Rank::DESCENDING.iter().rev() {
                let card = Card::new(suit, *rank);
                let d = b.deal.holder(card).map_or(0, digit);
                locator = locator * 5 + d;
            }
            let flag = u32::from(i < last);
            out.extend_from_slice(&((locator << 1) | flag).to_le_bytes());
        }
        Ok(())
    }

    fn finish(&mut self, tail: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::formats::pavlicek::write_tail(4, tail, out);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::codec::Format;
    use crate::model::set::BoardSet;

    fn zbs(bytes: &[u8]) -> BoardSet {
        crate::records::read(Format::Zbs, bytes).unwrap().set
    }

    fn read(bytes: &[u8], _: &mut Diagnostics) -> Result<BoardSet, Error> {
        crate::records::read(Format::Zbs, bytes).map(|o| o.set)
    }

    fn write(set: &BoardSet, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::records::write(Format::Zbs, set, out)
    }

    #[test]
    fn digits_are_lowest_for_the_ace_and_1_to_4_are_w_n_e_s() {
        // One record: the ace of spades with West (digit 1 in the lowest
        // place), the king with South (4 * 5), the rest unused: locator 21,
        // word 42, group ends.
        let set = zbs(&42u32.to_le_bytes());
        let d = set.boards[0].deal;
        assert_eq!(d.hand(Seat::West).to_string(), "A...");
        assert_eq!(d.hand(Seat::South).to_string(), "K...");
        assert!(d.hand(Seat::North).is_empty() && d.hand(Seat::East).is_empty());
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out, 42u32.to_le_bytes());
        // The two of spades with North: 2 * 5^12 = 488,281,250.
        let set = zbs(&(488_281_250u32 << 1).to_le_bytes());
        assert_eq!(set.boards[0].deal.hand(Seat::North).to_string(), "2...");
    }

    #[test]
    fn groups_terminator_and_errors() {
        // A diagram of ♠ and ♥ (flag on the first), a lone ♠ layout, then
        // the terminator and two bytes after it.
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&((2u32 << 1) | 1).to_le_bytes()); // ♠A North, more
        bytes.extend_from_slice(&(3u32 << 1).to_le_bytes()); // ♥A East, end
        bytes.extend_from_slice(&(4u32 << 1).to_le_bytes()); // ♠A South, end
        bytes.extend_from_slice(&[0, 0, 0, 0, 7, 9]);
        let set = zbs(&bytes);
        assert_eq!(set.boards.len(), 2);
        assert_eq!(set.boards[0].deal.hand(Seat::North).to_string(), "A...");
        assert_eq!(set.boards[0].deal.hand(Seat::East).to_string(), ".A..");
        assert_eq!(set.boards[1].deal.hand(Seat::South).to_string(), "A...");
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out, bytes);
        // A group left open, a locator too big, five suits.
        let e = read(&((2u32 << 1) | 1).to_le_bytes(), &mut Diagnostics::strict()).unwrap_err();
        assert!(e.to_string().contains("does not end"), "{e}");
        let e = read(&(LOCATORS << 1).to_le_bytes(), &mut Diagnostics::strict()).unwrap_err();
        assert!(e.to_string().contains("beyond 5^13"), "{e}");
        let five: Vec<u8> = (0..5)
            .flat_map(|i| (((2u32) << 1) | u32::from(i < 4)).to_le_bytes())
            .collect();
        assert!(read(&five, &mut Diagnostics::strict()).is_err());
    }

    #[test]
    fn a_full_deal_is_four_records() {
        let deal = Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        let set = BoardSet::from_boards(vec![Board::new(1, deal)]);
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out.len(), 16);
        assert_eq!(out[0] & 1, 1);
        assert_eq!(out[12] & 1, 0);
        assert_eq!(zbs(&out).boards[0].deal, deal);
    }
}
