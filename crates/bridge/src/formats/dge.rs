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

use crate::codec::keeps::Keeps;
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::{decode_marked_hands, PaddedRecords};
use crate::model::card::Suit;
use crate::model::deal::{Deal, Seat};
use boardfile_io::{Error, FormatInfo, Position, Signature};

/// Bytes in a DGE record.
pub const RECORD: usize = 128;
/// Bytes of the four hands (also the DGE part of DUP and the body of BRE).
pub const HANDS: usize = 68;
/// The suit symbol bytes, spades first.
pub const SYMBOLS: [u8; 4] = [0x06, 0x03, 0x04, 0x05];

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "DGE",
        extensions: &["dge"],
        description: "Dealer4 DGE, 128-byte records of suit symbols and ranks",
        signature: Signature::Content {
            rank: 4,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: false,
    },
    keeps: Keeps::DEALS_ONLY,
    reader: Some(|src, _| Ok(Box::new(LAYOUT.open(src)))),
    writer: Some(|_| Box::new(LAYOUT.writer())),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "dge",
            extension: "dge",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the file starts with the spade symbol followed by a rank or
/// the heart symbol.
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.first() == Some(&SYMBOLS[0])
        && bytes
            .get(1)
            .is_some_and(|&b| b == SYMBOLS[1] || crate::model::card::RANK_ORDER[b as usize] != 0xFF)
}

/// Decodes the four hands of a 68-byte field. `base` is the field's byte
/// offset in the file.
pub(crate) fn decode_hands(
    field: &[u8],
    format: Format,
    record: u64,
    base: u64,
) -> Result<Deal, Error> {
    let (deal, end) = decode_marked_hands(field, SYMBOLS, format, record, base, None)?;
    if end != HANDS {
        return Err(Error::syntax(
            format,
            Position::record(record, base + end as u64),
            "the hands end before their 68 bytes are used",
        ));
    }
    Ok(deal)
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

static LAYOUT: PaddedRecords = PaddedRecords {
    format: FORMAT,
    record: RECORD,
    padding: &[0; RECORD - HANDS],
    padding_name: "60 NULs",
    decode: decode_hands,
    encode: encode_hands,
};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::records::{read as read_file, write as write_file};

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
        let dge = read_file(FORMAT, &dealer4_sample()).unwrap().set;
        let bri = read_file(Format::Bri, &crate::formats::bri::tests::dealer4_sample())
            .unwrap()
            .set;
        assert_eq!(dge, bri);
        let mut out = Vec::new();
        write_file(FORMAT, &dge, &mut out).unwrap();
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
        let e = read_file(FORMAT, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "DGE error at record 0 (byte 0): North holds 14 cards"
        );
        let mut bytes = dealer4_sample();
        bytes[129] = b'x';
        let e = read_file(FORMAT, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "DGE error at record 1 (byte 129): North: expected the H symbol 0x03, found byte 0x78"
        );
    }
}
