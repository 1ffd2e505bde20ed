//! DGE: Dealer4 board records of suit symbols and ranks.
//!
//! Spec: the Dealer4 appendix (`seeds/000_a3f04a5dbc60993e.txt`, A2).
//!
//! | offset | width | meaning |
//! |---|---|---|
//! | 0 | 17 | North: `06` spades `03` hearts `04` diamonds `05` clubs |
//! | 17 | 17 | East, the same way |
//! | 34 | 17 | South |
//! | 51 | 17 | West |
//! | 68 | 60 | NUL bytes |
//!
//! Each hand is the suit symbol byte (0x06 ♠, 0x03 ♥, 0x04 ♦, 0x05 ♣, the old
//! code-page-437 card symbols) followed by that suit's ranks from
//! `AKQJT98765432`; a void is a symbol straight after another. The writer
//! puts ranks in descending order; the reader takes any order.
//!
//! Cannot carry: board numbers (record `i` is board `i + 1`), dealer and
//! vulnerability, partial deals, anything else.

use crate::board::{Board, BoardSet};
use crate::card::{Card, Suit, RANK_ORDER};
use crate::deal::{Deal, Seat};
use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;
use crate::formats::{fixed_records, require_complete, OddPadding};
use crate::hand::Hand;
use std::io::Write;

/// Bytes in a DGE record.
pub const RECORD: usize = 128;
/// Bytes of the four hands (also the DGE part of DUP and the body of BRE).
pub const HANDS: usize = 68;
/// The suit symbol bytes, spades first.
pub const SYMBOLS: [u8; 4] = [0x06, 0x03, 0x04, 0x05];

/// True for a file of whole records that start with the spade symbol.
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.len() >= RECORD && bytes.len() % RECORD == 0 && bytes[0] == SYMBOLS[0]
}

/// Decodes the four hands of a 68-byte field. `base` is the field's byte
/// offset in the file.
pub(crate) fn decode_hands(
    field: &[u8],
    format: Format,
    record: u64,
    base: u64,
) -> Result<Deal, Error> {
    let at = |i: usize| Position::record(record, base + i as u64);
    let mut hands = [Hand::EMPTY; 4];
    let mut i = 0;
    for seat in Seat::ALL {
        let start = i;
        for suit in Suit::ALL {
            if field.get(i) != Some(&SYMBOLS[suit.index()]) {
                let found = field
                    .get(i)
                    .map_or("the end of the hands".to_string(), |b| {
                        format!("byte 0x{b:02X}")
                    });
                return Err(Error::syntax(
                    format,
                    at(i),
                    format!(
                        "{}: expected the {} symbol 0x{:02X}, found {found}",
                        seat.name(),
                        suit.letter(),
                        SYMBOLS[suit.index()]
                    ),
                ));
            }
            i += 1;
            while let Some(&c) = field.get(i) {
                if SYMBOLS.contains(&c) {
                    break;
                }
                let order = RANK_ORDER[c as usize];
                if order == 0xFF {
                    return Err(Error::syntax(
                        format,
                        at(i),
                        format!(
                            "{}: byte 0x{c:02X} is not a rank (AKQJT98765432)",
                            seat.name()
                        ),
                    ));
                }
                let card = Card::from_order(suit, order);
                if !hands[seat.index()].insert(card) {
                    return Err(Error::invalid(
                        format,
                        at(i),
                        format!("{}: {card} twice", seat.name()),
                    ));
                }
                i += 1;
            }
        }
        let count = hands[seat.index()].len();
        if count != 13 {
            return Err(Error::invalid(
                format,
                at(start),
                format!("{} holds {count} cards", seat.name()),
            ));
        }
    }
    if i != HANDS {
        return Err(Error::syntax(
            format,
            at(i),
            "the hands end before their 68 bytes are used",
        ));
    }
    Deal::new(hands).map_err(|e| Error::invalid(format, at(0), e.to_string()))
}

/// Writes the four hands into a 68-byte field.
pub(crate) fn encode_hands(deal: &Deal, field: &mut [u8]) {
    let mut buf = Vec::with_capacity(HANDS);
    for seat in Seat::ALL {
        let hand = deal.hand(seat);
        for suit in Suit::ALL {
            buf.push(SYMBOLS[suit.index()]);
            hand.push_ranks(suit, &mut buf);
        }
    }
    field[..buf.len()].copy_from_slice(&buf);
}

/// Reads a DGE file.
pub fn read(bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let mut boards = Vec::with_capacity(bytes.len() / RECORD);
    let mut odd = OddPadding::default();
    for (i, rec) in fixed_records(bytes, RECORD, Format::Dge, diag)?.enumerate() {
        let base = (i * RECORD) as u64;
        match decode_hands(&rec[..HANDS], Format::Dge, i as u64, base) {
            Ok(deal) => boards.push(Board::new(i as u32 + 1, deal)),
            Err(e) => diag.error(e)?,
        }
        if rec[HANDS..].iter().any(|&b| b != 0) {
            odd.note(Position::record(i as u64, base + HANDS as u64));
        }
    }
    odd.report(Format::Dge, "60 NULs", diag);
    Ok(BoardSet::from_boards(boards))
}

/// Writes a DGE file.
pub fn write(set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    require_complete(set, Format::Dge)?;
    let mut rec = [0u8; RECORD];
    for board in &set.boards {
        encode_hands(&board.deal, &mut rec[..HANDS]);
        out.write_all(&rec)?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::format::read as read_file;

    /// The Dealer4 appendix's DGE hex dump of its two sample boards.
    pub(crate) fn dealer4_hands() -> [Vec<u8>; 2] {
        let text = |s: &str| -> Vec<u8> {
            s.bytes()
                .map(|c| match c {
                    b's' => 0x06,
                    b'h' => 0x03,
                    b'd' => 0x04,
                    b'c' => 0x05,
                    c => c,
                })
                .collect()
        };
        [
            text("sT2hJ965dT7532c63sAKQ874hAQ2dJ8cA5sJ65h743dAK4cKQ82s93hKT8dQ96cJT974"),
            text("sT8742hAd43cAT942s6hT42dQ9865cKQJ8sA53hJ865dAJ2c653sKQJ9hKQ973dKT7c7"),
        ]
    }

    fn dealer4_sample() -> Vec<u8> {
        let mut v = Vec::new();
        for h in dealer4_hands() {
            v.extend_from_slice(&h);
            v.resize(v.len() + RECORD - HANDS, 0);
        }
        v
    }

    #[test]
    fn dealer4_appendix_sample_agrees_with_bri() {
        let dge = read_file(Format::Dge, &dealer4_sample()).unwrap().set;
        let bri = read_file(Format::Bri, &crate::formats::bri::tests::dealer4_sample())
            .unwrap()
            .set;
        assert_eq!(dge, bri);
        let mut out = Vec::new();
        write(&dge, &mut out).unwrap();
        assert_eq!(out, dealer4_sample());
    }

    #[test]
    fn fourteen_cards_and_bad_bytes() {
        // Move East's spade ace to North: 14 cards against 12, same length.
        let mut bytes = dealer4_sample();
        let moved: Vec<u8> = dealer4_hands()[0]
            .iter()
            .copied()
            .enumerate()
            .filter(|&(i, _)| i != 18)
            .map(|(_, b)| b)
            .collect();
        bytes[0] = 0x06;
        bytes[1] = b'A';
        bytes[2..HANDS].copy_from_slice(&moved[1..]);
        let e = read_file(Format::Dge, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "DGE error at record 0 (byte 0): North holds 14 cards"
        );
        let mut bytes = dealer4_sample();
        bytes[129] = b'x';
        let e = read_file(Format::Dge, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "DGE error at record 1 (byte 129): North: byte 0x78 is not a rank (AKQJT98765432)"
        );
    }
}
