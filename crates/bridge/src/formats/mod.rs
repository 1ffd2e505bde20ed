//! One module per format, and the helpers they share.

pub mod bre;
pub mod bri;
pub mod dealnum;
pub mod dge;
pub mod dlm;
pub mod dup;
pub mod hrf;
pub mod html;
pub mod jsonl;
pub mod lin;
pub mod pavlicek;
pub mod pbn;
pub mod zbs;

use crate::board::{Board, BoardSet};
use crate::card::{Card, Suit, RANK_ORDER};
use crate::deal::{Deal, Seat};
use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;
use crate::hand::Hand;
use std::io::Write;

/// Appends a number in decimal, without allocating.
pub(crate) fn push_number(out: &mut Vec<u8>, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Splits `bytes` into records of `size` bytes. A short last record is an
/// error for that record (reported, then skipped when collecting).
pub(crate) fn fixed_records<'a>(
    bytes: &'a [u8],
    size: usize,
    format: Format,
    diag: &mut Diagnostics,
) -> Result<std::slice::ChunksExact<'a, u8>, Error> {
    let chunks = bytes.chunks_exact(size);
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let record = (bytes.len() / size) as u64;
        diag.error(Error::syntax(
            format,
            Position::record(record, (bytes.len() - rest.len()) as u64),
            format!(
                "truncated record: {} of {size} bytes at the end of the file",
                rest.len()
            ),
        ))?;
    }
    Ok(chunks)
}

/// A format of fixed-size records, each a coded deal followed by padding
/// (BRI, DGE): one reader and one writer for all of them.
pub(crate) struct PaddedRecords {
    pub format: Format,
    /// Bytes in a record.
    pub record: usize,
    /// The standard padding after the coded deal; its length fixes where the
    /// deal ends.
    pub padding: &'static [u8],
    /// How the standard padding is described in the warning about others.
    pub padding_name: &'static str,
    /// Decodes the deal field: (field, format, record index, field's byte offset).
    pub decode: fn(&[u8], Format, u64, u64) -> Result<Deal, Error>,
    /// Encodes a complete deal into the field.
    pub encode: fn(&Deal, &mut [u8]),
}

impl PaddedRecords {
    fn field(&self) -> usize {
        self.record - self.padding.len()
    }

    /// Reads every record; board `i + 1` is record `i`.
    pub(crate) fn read(&self, bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
        let field = self.field();
        let mut boards = Vec::with_capacity(bytes.len() / self.record);
        let mut odd = OddPadding::default();
        for (i, rec) in fixed_records(bytes, self.record, self.format, diag)?.enumerate() {
            let base = (i * self.record) as u64;
            match (self.decode)(&rec[..field], self.format, i as u64, base) {
                Ok(deal) => boards.push(Board::new(i as u32 + 1, deal)),
                Err(e) => diag.error(e)?,
            }
            if rec[field..] != *self.padding {
                odd.note(Position::record(i as u64, base + field as u64));
            }
        }
        odd.report(self.format, self.padding_name, diag);
        Ok(BoardSet::from_boards(boards))
    }

    /// Writes one record per board, in set order.
    pub(crate) fn write(&self, set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
        require_complete(set, self.format)?;
        let field = self.field();
        let mut rec = vec![0u8; self.record];
        rec[field..].copy_from_slice(self.padding);
        for board in &set.boards {
            (self.encode)(&board.deal, &mut rec[..field]);
            out.write_all(&rec)?;
        }
        Ok(())
    }
}

/// Decodes four hands, North first, each written as a mark for every suit
/// (`marks`, spades first) followed by that suit's ranks: DGE's symbol bytes
/// and HRF's letters. Marks and ranks are read in either case. Every hand
/// must hold 13 cards. Returns the deal and where the last hand ends.
/// `context` goes before the message (`board 3: `).
pub(crate) fn decode_marked_hands(
    field: &[u8],
    marks: [u8; 4],
    format: Format,
    record: u64,
    base: u64,
    context: &str,
) -> Result<(Deal, usize), Error> {
    let at = |i: usize| Position::record(record, base + i as u64);
    let mut hands = [Hand::EMPTY; 4];
    let mut i = 0;
    for seat in Seat::ALL {
        let start = i;
        for suit in Suit::ALL {
            let mark = marks[suit.index()];
            if field.get(i).map(u8::to_ascii_uppercase) != Some(mark) {
                let wanted = if mark.is_ascii_graphic() {
                    format!("{}", mark as char)
                } else {
                    format!("the {} symbol 0x{mark:02X}", suit.letter())
                };
                let found = field
                    .get(i)
                    .map_or("the end of the record".to_string(), |b| {
                        format!("byte 0x{b:02X}")
                    });
                return Err(Error::syntax(
                    format,
                    at(i),
                    format!("{context}{}: expected {wanted}, found {found}", seat.name()),
                ));
            }
            i += 1;
            while let Some(&c) = field.get(i) {
                let order = RANK_ORDER[c.to_ascii_uppercase() as usize];
                if order == 0xFF {
                    break;
                }
                let card = Card::from_order(suit, order);
                if !hands[seat.index()].insert(card) {
                    return Err(Error::invalid(
                        format,
                        at(i),
                        format!("{context}{}: {card} twice", seat.name()),
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
                format!("{context}{} holds {count} cards", seat.name()),
            ));
        }
    }
    let deal =
        Deal::new(hands).map_err(|e| Error::invalid(format, at(0), format!("{context}{e}")))?;
    Ok((deal, i))
}

/// Counts records whose padding is not the standard one and turns them into
/// one warning, so that a million odd records give one line, not a million.
#[derive(Default)]
pub(crate) struct OddPadding {
    count: u64,
    first: Option<Position>,
}

impl OddPadding {
    pub(crate) fn note(&mut self, position: Position) {
        self.count += 1;
        self.first.get_or_insert(position);
    }

    pub(crate) fn report(self, format: Format, standard: &str, diag: &mut Diagnostics) {
        if self.count > 0 {
            diag.warn(
                format,
                self.first,
                format!(
                    "{} record{} with padding other than {standard} (the first here); it is written in the standard form",
                    self.count,
                    if self.count == 1 { "" } else { "s" }
                ),
            );
        }
    }
}

/// Input text quoted in an error message: at most 40 characters, `...`
/// after the quote when there was more (a line of a file may be a
/// gigabyte long).
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{:?}...", &text[..i]),
        None => format!("{text:?}"),
    }
}

/// Decodes ISO-8859-1: every byte is the code point of the same value.
pub(crate) fn latin1_decode(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Encodes ISO-8859-1; the first character above U+00FF is returned as the error.
pub(crate) fn latin1_encode(text: &str) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).map_err(|_| c))
        .collect()
}

/// Parses an unsigned decimal of ASCII digits, refusing empty text and overflow.
pub(crate) fn parse_u32(text: &[u8]) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(text.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
}

/// Checks that every board can be written in a format that only holds
/// complete deals.
pub(crate) fn require_complete(set: &crate::BoardSet, format: Format) -> Result<(), Error> {
    match set.boards.iter().find(|b| !b.deal.is_complete()) {
        Some(b) => Err(Error::unsupported(
            format,
            format!(
                "board {} is a partial deal; {} holds only complete deals",
                b.number,
                format.name()
            ),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_is_a_bijection_on_bytes() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(latin1_encode(&latin1_decode(&all)).unwrap(), all);
        assert_eq!(excerpt("ab\"c"), "\"ab\\\"c\"");
        assert_eq!(
            excerpt(&"é".repeat(41)),
            format!("\"{}\"...", "é".repeat(40))
        );
        assert_eq!(latin1_encode("Zürich €"), Err('€'));
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_u32(b"007"), Some(7));
        assert_eq!(parse_u32(b""), None);
        assert_eq!(parse_u32(b"1a"), None);
        assert_eq!(parse_u32(b"9999999999"), None);
    }
}
