//! BER: Bernasconi's deal file, a seat digit a card.
//!
//! Spec: Big Deal's `output.c` ("ber", "Bernasconi format"), checked
//! against the `deal.ber` files of Big Deal's own output (the test data's `bigdeal/cases/`).
//!
//! | offset | width | meaning |
//! |---|---|---|
//! | 52 × i | 52 | board i + 1: the holder of each card, ♠A ♠K ... ♠2 ♥A ... ♣2, as `1` North, `2` East, `3` South, `4` West |
//!
//! Records follow one another with nothing between them: no header, no
//! line ends, no padding.
//!
//! Cannot carry: board numbers (record `i` is board `i + 1`), dealer and
//! vulnerability (they follow from the number), partial deals, anything
//! else.

use crate::codec::keeps::Keeps;
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::big_deal_dialect::{deal_of_seats, seats};
use crate::formats::PaddedRecords;
use crate::model::deal::Deal;
use boardfile_io::{Error, FormatInfo, Position, Signature};

/// Bytes in a BER record.
pub const RECORD: usize = 52;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "BER",
        extensions: &["ber"],
        description: "Bernasconi BER (Big Deal), 52 seat digits a board",
        signature: Signature::Content {
            rank: 7,
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
            name: "ber",
            extension: "ber",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the file starts with 52 seat digits, 13 of each, followed by
/// the end or another seat digit. (A BRI file cannot: its first 52 digits
/// are 26 card numbers in order, which four digits cannot spell.)
pub fn sniff(bytes: &[u8]) -> bool {
    let Some(record) = bytes.get(..RECORD) else {
        return false;
    };
    let mut counts = [0u8; 4];
    for &b in record {
        match b.checked_sub(b'1') {
            Some(s) if s < 4 => counts[usize::from(s)] += 1,
            _ => return false,
        }
    }
    counts == [13; 4] && bytes.get(RECORD).is_none_or(|b| (b'1'..=b'4').contains(b))
}

/// Decodes one record.
fn decode(field: &[u8], format: Format, record: u64, base: u64) -> Result<Deal, Error> {
    let mut s = [0u8; 52];
    for (i, (&b, seat)) in field.iter().zip(s.iter_mut()).enumerate() {
        match b.checked_sub(b'1') {
            Some(v) if v < 4 => *seat = v,
            _ => {
                return Err(Error::syntax(
                    format,
                    Position::record(record, base + i as u64),
                    format!(
                        "board {}: byte 0x{b:02X} is not a seat digit 1 to 4",
                        record + 1
                    ),
                ))
            }
        }
    }
    deal_of_seats(&s, format, Position::record(record, base), record + 1)
}

/// Encodes a complete deal.
fn encode(deal: &Deal, field: &mut [u8]) {
    for (b, s) in field.iter_mut().zip(seats(deal)) {
        *b = b'1' + s;
    }
}

static LAYOUT: PaddedRecords = PaddedRecords {
    format: FORMAT,
    record: RECORD,
    padding: &[],
    padding_name: "nothing",
    decode,
    encode,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::Board;
    use crate::model::set::BoardSet;
    use crate::records::{read, write};

    #[test]
    fn a_hand_written_record_reads_and_writes_back() {
        // North the spades, East the hearts, South the diamonds, West the clubs.
        let text = [[b'1'; 13], [b'2'; 13], [b'3'; 13], [b'4'; 13]].concat();
        assert!(sniff(&text));
        let set = read(FORMAT, &text).unwrap().set;
        assert_eq!(
            set.boards[0].deal.to_pbn(),
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
        );
        let mut out = Vec::new();
        write(FORMAT, &set, &mut out).unwrap();
        assert_eq!(out, text);
        let two = BoardSet::from_boards(vec![set.boards[0].clone(), Board::new(2, Deal::sorted())]);
        out.clear();
        write(FORMAT, &two, &mut out).unwrap();
        assert_eq!(read(FORMAT, &out).unwrap().set.boards.len(), 2);
    }

    #[test]
    fn bad_records_are_named() {
        let mut text = [[b'1'; 13], [b'2'; 13], [b'3'; 13], [b'4'; 13]].concat();
        text[5] = b'2';
        assert!(!sniff(&text));
        let e = read(FORMAT, &text).unwrap_err().to_string();
        assert!(e.contains("North holds 12 cards"), "{e}");
        text[5] = b'x';
        let e = read(FORMAT, &text).unwrap_err().to_string();
        assert!(e.contains("byte 0x78 is not a seat digit"), "{e}");
        let e = read(FORMAT, &text[..40]).unwrap_err().to_string();
        assert!(e.contains("truncated"), "{e}");
    }
}
