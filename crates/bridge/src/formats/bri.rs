//! BRI: Duplimate/Dealer4 board records of card numbers.
//!
//! Spec: the Dealer4 appendix (`seeds/000_a3f04a5dbc60993e.txt`, A1) and
//! Duplimate's Convert notes (`seeds/001_e9122df412161a75.txt`).
//!
//! | offset | width | meaning |
//! |---|---|---|
//! | 0 | 26 | North: 13 two-digit card numbers |
//! | 26 | 26 | East |
//! | 52 | 26 | South (West holds the other 13 cards) |
//! | 78 | 32 | spaces (0x20) |
//! | 110 | 18 | NUL bytes |
//!
//! Card numbers run `01` = ♠A, `02` = ♠K ... `13` = ♠2, `14` = ♥A ... `52` =
//! ♣2. The writer lists each hand's cards in ascending number, as Dealer4 and
//! BigDeal do; the reader takes any order. Padding other than the standard
//! is read with a warning and written in the standard form.
//!
//! Cannot carry: board numbers (record `i` is board `i + 1`), dealer and
//! vulnerability (they follow from the number), partial deals, anything else.

use crate::codec::keeps::Keeps;
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::PaddedRecords;
use crate::model::card::Card;
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use boardfile_io::{Error, FormatInfo, Position, Signature};

/// Bytes in a BRI record.
pub const RECORD: usize = 128;
/// Bytes of card numbers at the start of a record (also the first part of DUP).
pub const CARDS: usize = 78;

/// The standard padding after the card numbers.
const PADDING: [u8; RECORD - CARDS] = {
    let mut p = [0u8; RECORD - CARDS];
    let mut i = 0;
    while i < 32 {
        p[i] = b' ';
        i += 1;
    }
    p
};

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "BRI",
        extensions: &["bri"],
        description: "Duplimate/Dealer4 BRI, 128-byte records of card numbers",
        signature: Signature::Content {
            rank: 5,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps::DEALS_ONLY,
    reader: Some(|src, _| Ok(Box::new(LAYOUT.open(src)))),
    writer: Some(|_| Box::new(LAYOUT.writer())),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "bri",
            extension: "bri",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the first 78 bytes are digits followed by a byte that is
/// neither a digit nor DUP's spade symbol (a whole record need not be
/// there: a file's first bytes tell).
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.len() > CARDS
        && bytes[..CARDS].iter().all(u8::is_ascii_digit)
        && !bytes[CARDS].is_ascii_digit()
}

/// Decodes the 78 digits of North, East and South; West gets the rest.
/// `base` is the byte offset of `field` in the file, for error positions.
pub(crate) fn decode_cards(
    field: &[u8],
    format: Format,
    record: u64,
    base: u64,
) -> Result<Deal, Error> {
    // The common case first, without a branch a card: each card's bit set
    // in its hand, what is wrong noted and looked at once. Anything wrong
    // is read again card by card below, for the first error in order.
    let mut bits = [0u64; 3];
    let mut bad = false;
    for (h, hand) in bits.iter_mut().enumerate() {
        for pair in field[26 * h..26 * h + 26].chunks_exact(2) {
            let (tens, units) = (pair[0].wrapping_sub(b'0'), pair[1].wrapping_sub(b'0'));
            let n = u32::from(tens) * 10 + u32::from(units);
            bad |= tens > 9 || units > 9 || n == 0 || n > 52;
            *hand |= 1u64.wrapping_shl(n.wrapping_sub(1));
        }
    }
    let held = bits[0] | bits[1] | bits[2];
    if !bad && held.count_ones() == 39 {
        let hand = |b: u64| Hand::from_bits(b).unwrap_or_default();
        let west = Hand::from_bits(held).unwrap_or_default().complement();
        if let Ok(deal) = Deal::new([hand(bits[0]), hand(bits[1]), hand(bits[2]), west]) {
            return Ok(deal);
        }
    }
    let mut hands = [Hand::EMPTY; 4];
    let mut seen = Hand::EMPTY;
    for i in 0..39 {
        let pair = &field[2 * i..2 * i + 2];
        let at = Position::record(record, base + 2 * i as u64);
        if !pair.iter().all(u8::is_ascii_digit) {
            return Err(Error::syntax(
                format,
                at,
                format!(
                    "{:?} is not a two-digit card number",
                    String::from_utf8_lossy(pair)
                ),
            ));
        }
        let number = (pair[0] - b'0') * 10 + (pair[1] - b'0');
        let card = match number.checked_sub(1).and_then(Card::from_index) {
            Some(c) => c,
            None => {
                return Err(Error::invalid(
                    format,
                    at,
                    format!("card number {number:02} is not from 01 to 52"),
                ))
            }
        };
        if !seen.insert(card) {
            return Err(Error::invalid(
                format,
                at,
                format!("card {card} ({number:02}) appears twice"),
            ));
        }
        hands[i / 13].insert(card);
    }
    hands[Seat::West.index()] = seen.complement();
    Deal::new(hands)
        .map_err(|e| Error::invalid(format, Position::record(record, base), e.to_string()))
}

/// Writes North's, East's and South's cards as 78 digits.
pub(crate) fn encode_cards(deal: &Deal, field: &mut [u8]) {
    let mut at = 0;
    for seat in [Seat::North, Seat::East, Seat::South] {
        for card in deal.hand(seat).cards() {
            let n = card.index() + 1;
            field[at] = b'0' + n / 10;
            field[at + 1] = b'0' + n % 10;
            at += 2;
        }
    }
}

static LAYOUT: PaddedRecords = PaddedRecords {
    format: FORMAT,
    record: RECORD,
    padding: &PADDING,
    padding_name: "32 spaces and 18 NULs",
    decode: decode_cards,
    encode: encode_cards,
};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::records::{read as read_file, write as write_file};

    /// The Dealer4 appendix's BRI hex dump of its two sample boards.
    pub(crate) fn dealer4_sample() -> Vec<u8> {
        let mut v = Vec::new();
        for digits in [
            "051317192223313436383948510102030708111416263033404904091021242527283741424652",
            "050708111314373840444550520918242629323335364142434601101217202223273039484951",
        ] {
            v.extend_from_slice(digits.as_bytes());
            v.extend_from_slice(&PADDING);
        }
        v
    }

    #[test]
    fn dealer4_appendix_sample() {
        let set = read_file(FORMAT, &dealer4_sample()).unwrap().set;
        assert_eq!(set.boards.len(), 2);
        // The appendix's diagram of board 1: N T2 J965 T7532 63, E AKQ874 AQ2 J8 A5.
        assert_eq!(
            set.boards[0].deal.to_pbn(),
            "N:T2.J965.T7532.63 AKQ874.AQ2.J8.A5 J65.743.AK4.KQ82 93.KT8.Q96.JT974"
        );
        assert_eq!(set.boards[1].number, 2);
        let mut out = Vec::new();
        write_file(FORMAT, &set, &mut out).unwrap();
        assert_eq!(out, dealer4_sample());
    }

    #[test]
    fn errors_name_record_and_byte() {
        let mut bytes = dealer4_sample();
        bytes[128 + 4] = b'6';
        bytes[128 + 5] = b'0'; // card 60
        let e = read_file(FORMAT, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "BRI error at record 1 (byte 132): card number 60 is not from 01 to 52"
        );
        let mut bytes = dealer4_sample();
        bytes[2..4].copy_from_slice(b"05"); // ♠T twice
        let e = read_file(FORMAT, &bytes).unwrap_err();
        assert!(
            e.to_string()
                .contains("record 0 (byte 2): card ST (05) appears twice"),
            "{e}"
        );
        let e = read_file(FORMAT, &dealer4_sample()[..200]).unwrap_err();
        assert!(
            e.to_string()
                .contains("record 1 (byte 128): truncated record: 72 of 128"),
            "{e}"
        );
    }

    #[test]
    fn odd_padding_is_read_with_one_warning() {
        let mut bytes = dealer4_sample();
        bytes[100] = 0;
        bytes[228] = 0;
        let outcome = read_file(FORMAT, &bytes).unwrap();
        assert_eq!(outcome.warnings.len(), 1);
        assert!(
            outcome.warnings[0].message.starts_with("2 records"),
            "{}",
            outcome.warnings[0]
        );
    }
}
