//! One module per format, each exporting its descriptor, and the helpers
//! they share.

pub mod ber;
pub mod bhg;
pub mod big_deal_dialect;
pub mod bigdeal_csv;
pub mod bre;
pub mod bri;
pub mod cds;
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
pub mod pdf;
pub mod rzd;
pub mod table;
pub mod zbs;

use crate::codec::Format;
use crate::model::board::Board;
use crate::model::card::{Card, Suit, RANK_ORDER};
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use boardfile_io::{Diagnostics, Error, Position, Source};

pub(crate) use boardfile_io::text::{excerpt, latin1_decode, latin1_encode, parse_u32};

/// Appends a number in decimal, without allocating.
#[inline]
pub(crate) fn push_number(out: &mut Vec<u8>, n: u32) {
    boardfile_io::text::push_number(out, u64::from(n))
}

/// A record read: its index from 0, its offset in the file, its bytes.
pub(crate) type Record<'r> = (u64, u64, &'r [u8]);

/// An input of fixed-size records, read one at a time.
pub(crate) struct Records<'a> {
    /// The input.
    pub src: Source<'a>,
    /// Bytes in a record.
    pub size: usize,
    /// Records read so far.
    pub index: u64,
}

impl<'a> Records<'a> {
    pub(crate) fn new(src: Source<'a>, size: usize) -> Records<'a> {
        Records {
            src,
            size,
            index: 0,
        }
    }

    /// Whole records left, when the input's end is at hand (else 0).
    pub(crate) fn left(&self) -> usize {
        records_left(&self.src, self.size)
    }

    /// The next whole record with its index and file offset; `None` at the
    /// end. A short last record is a truncation error (reported, and the
    /// end, when collecting).
    #[inline]
    pub(crate) fn next(
        &mut self,
        format: Format,
        diag: &mut Diagnostics,
    ) -> Result<Option<Record<'_>>, Error> {
        let size = self.size;
        let data = self.src.fill(size)?;
        if data.len() < size {
            if data.is_empty() {
                return Ok(None);
            }
            let n = data.len();
            let at = Position::record(self.index, self.src.offset());
            self.src.consume(n);
            diag.error(Error::syntax(
                format,
                at,
                format!("truncated record: {n} of {size} bytes at the end of the file"),
            ))?;
            return Ok(None);
        }
        let (index, offset) = (self.index, self.src.offset());
        self.index += 1;
        Ok(Some((index, offset, self.src.take(size))))
    }
}

/// Whole records of `size` bytes left in `src`, when its end is at hand
/// (else 0): a size hint for [`crate::codec::stream::BoardReader::size_hint`].
pub(crate) fn records_left(src: &Source, size: usize) -> usize {
    if src.is_eof() {
        src.data().len() / size
    } else {
        0
    }
}

/// Boards left in text at hand, by a count of what begins or ends each
/// (`mark`: `md|`, `[Deal `, a line end), at most one every `least` bytes:
/// a size hint for [`crate::codec::stream::BoardReader::size_hint`], room to make, not a
/// count to trust.
pub(crate) fn boards_hint(parts: &[&[u8]], mark: &[u8], least: usize) -> usize {
    let finder = memchr::memmem::Finder::new(mark);
    let (mut marks, mut bytes) = (0, 0);
    for part in parts {
        marks += finder.find_iter(part).count();
        bytes += part.len();
    }
    marks.min(bytes / least)
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

/// The reader of a [`PaddedRecords`] format: board `i + 1` is record `i`.
pub(crate) struct PaddedReader<'a> {
    layout: &'static PaddedRecords,
    records: Records<'a>,
    odd: OddPadding,
    info: crate::model::set::SetInfo,
}

impl PaddedRecords {
    pub(crate) fn open<'a>(&'static self, src: Source<'a>) -> PaddedReader<'a> {
        PaddedReader {
            layout: self,
            records: Records::new(src, self.record),
            odd: OddPadding::default(),
            info: crate::model::set::SetInfo::default(),
        }
    }

    fn field(&self) -> usize {
        self.record - self.padding.len()
    }
}

impl crate::codec::stream::BoardReader for PaddedReader<'_> {
    fn head(&self) -> &crate::model::set::SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        let l = self.layout;
        let field = l.field();
        loop {
            let Some((i, base, rec)) = self.records.next(l.format, diag)? else {
                std::mem::take(&mut self.odd).report(l.format, l.padding_name, diag);
                return Ok(None);
            };
            if rec[field..] != *l.padding {
                self.odd.note(Position::record(i, base + field as u64));
            }
            match (l.decode)(&rec[..field], l.format, i, base) {
                Ok(deal) => return Ok(Some(Board::new(board_number(i), deal))),
                Err(e) => diag.error(e)?,
            }
        }
    }

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        let l = self.layout;
        let field = l.field();
        // Whole records that decode straight onto the list.
        crate::codec::stream::read_boards_quickly(self, boards, until, diag, |r| {
            let (i, base) = (r.records.index, r.records.src.offset());
            let rec = r.records.src.data().get(..l.record)?;
            let deal = (l.decode)(&rec[..field], l.format, i, base).ok()?;
            if rec[field..] != *l.padding {
                r.odd.note(Position::record(i, base + field as u64));
            }
            r.records.src.consume(l.record);
            r.records.index += 1;
            Some(Board::new(board_number(i), deal))
        })
    }

    fn position(&self) -> u64 {
        self.records.src.offset()
    }

    fn size_hint(&self) -> usize {
        self.records.left()
    }
}

/// The writer of a [`PaddedRecords`] format.
pub(crate) struct PaddedWriter {
    layout: &'static PaddedRecords,
    rec: Vec<u8>,
}

impl PaddedRecords {
    pub(crate) fn writer(&'static self) -> PaddedWriter {
        let mut rec = vec![0u8; self.record];
        rec[self.field()..].copy_from_slice(self.padding);
        PaddedWriter { layout: self, rec }
    }
}

impl crate::codec::stream::BoardWriter for PaddedWriter {
    fn head(&mut self, _: &crate::model::set::SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(board, self.layout.format)?;
        let field = self.layout.field();
        (self.layout.encode)(&board.deal, &mut self.rec[..field]);
        out.extend_from_slice(&self.rec);
        Ok(())
    }

    fn finish(&mut self, _: &crate::model::set::SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}

/// The number of the board at position `index` (from 0) of a format that
/// numbers boards by position: `index + 1`, at most `u32::MAX`.
#[inline]
pub(crate) fn board_number(index: u64) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

/// Decodes four hands, North first, each written as a mark for every suit
/// (`marks`, spades first) followed by that suit's ranks: DGE's symbol bytes
/// and HRF's letters. Marks and ranks are read in either case. Every hand
/// must hold 13 cards. Returns the deal and where the last hand ends.
/// An error names `board` first (`board 3: `) when it is given.
pub(crate) fn decode_marked_hands(
    field: &[u8],
    marks: [u8; 4],
    format: Format,
    record: u64,
    base: u64,
    board: Option<u32>,
) -> Result<(Deal, usize), Error> {
    if let Some(read) = marked_hands_at_once(field, marks) {
        return Ok(read);
    }
    let context = board.map_or(String::new(), |n| format!("board {n}: "));
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

/// [`decode_marked_hands`]'s common case, a whole deal: each card's bit set
/// without a look at the hand so far, the cards counted and looked at once
/// a hand. Anything wrong is left to `decode_marked_hands`, which names it.
#[inline]
fn marked_hands_at_once(field: &[u8], marks: [u8; 4]) -> Option<(Deal, usize)> {
    let mut hands = [Hand::EMPTY; 4];
    let mut i = 0;
    for hand in &mut hands {
        let (mut bits, mut ranks) = (0u64, 0u32);
        for (suit, &mark) in marks.iter().enumerate() {
            if field.get(i)?.to_ascii_uppercase() != mark {
                return None;
            }
            i += 1;
            while let Some(&c) = field.get(i) {
                let order = RANK_ORDER[c.to_ascii_uppercase() as usize];
                if order == 0xFF {
                    break;
                }
                bits |= 1 << (13 * suit as u32 + u32::from(order));
                ranks += 1;
                i += 1;
            }
        }
        if ranks != 13 || bits.count_ones() != 13 {
            return None;
        }
        *hand = Hand::from_bits(bits)?;
    }
    Some((Deal::new(hands).ok()?, i))
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

/// Checks that a board can be written in a format that only holds complete
/// deals.
pub(crate) fn require_complete(b: &Board, format: Format) -> Result<(), Error> {
    if b.deal.is_complete() {
        return Ok(());
    }
    Err(Error::unsupported(
        format,
        format!(
            "board {} is a partial deal; {} holds only complete deals",
            b.number,
            format.name()
        ),
    ))
}

/// A text of a record a line (BHG, Big Deal's CSV): its lines in turn,
/// empty ones skipped, each with where it starts.
pub(crate) struct LineRecords<'a> {
    src: Source<'a>,
    line: u64,
    records: u64,
}

impl<'a> LineRecords<'a> {
    pub(crate) fn new(src: Source<'a>) -> LineRecords<'a> {
        LineRecords {
            src,
            line: 0,
            records: 0,
        }
    }

    /// The next line that is not empty, without its line ending, and its
    /// place: record (from 0), line and byte; `None` at the end.
    pub(crate) fn next(&mut self, format: Format) -> Result<Option<(&[u8], Position)>, Error> {
        // Empty lines skipped from the window's first bytes (a line handed
        // out is borrowed from the source, so it is read only when kept).
        loop {
            let at = Position::byte(self.src.offset()).with_line(self.line + 1);
            let head = self.src.fill(2).map_err(|e| window_error(format, at, e))?;
            let empty = match head {
                [b'\n', ..] | [b'\r'] => 1,
                [b'\r', b'\n', ..] => 2,
                _ => break,
            };
            self.src.consume(empty);
            self.line += 1;
        }
        let at = Position::record(self.records, self.src.offset()).with_line(self.line + 1);
        let Some(raw) = self
            .src
            .next_line()
            .map_err(|e| window_error(format, at, e))?
        else {
            return Ok(None);
        };
        self.line += 1;
        self.records += 1;
        Ok(Some((raw.strip_suffix(b"\r").unwrap_or(raw), at)))
    }

    /// The byte reading has reached.
    pub(crate) fn offset(&self) -> u64 {
        self.src.offset()
    }
}

/// A reader's error for input that could not be read as a window: too
/// long a record (`InvalidData`) is the format's, anything else is I/O.
pub(crate) fn window_error(format: Format, at: Position, e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::InvalidData {
        Error::limit(format, at, e.to_string())
    } else {
        e.into()
    }
}
