//! DUP: Duplimate board records, each holding the deal twice and a trailer.
//!
//! Spec: the Dealer4 appendix (`seeds/000_a3f04a5dbc60993e.txt`, A4) and
//! Duplimate's Convert notes (`seeds/001_e9122df412161a75.txt`). Offsets from
//! 0 (the documents count from 1):
//!
//! | offset | width | meaning |
//! |---|---|---|
//! | 0 | 78 | the deal as BRI card numbers (North, East, South) |
//! | 78 | 68 | the deal as DGE symbols and ranks (North, East, South, West) |
//! | 146 | 1 | random hands? `Y`/`N` |
//! | 147 | 1 | backwards dealing? `Y`/`N` |
//! | 148 | 3 | lowest board number in the set, left-aligned, space-padded |
//! | 151 | 2 | copies of each board |
//! | 153 | 3 | highest board number in the set |
//!
//! The two halves must hold the same deal; a file where they differ is
//! invalid. Real writers differ on the trailer (DESIGN.md): many write it on
//! the first record only and fill the others with NULs or spaces, write copies
//! as `0`, or zero-pad numbers (`02 `). All of these are read, and each
//! record's trailer is kept byte for byte in [`Board::dup_trailer`], so the
//! same bytes are written back. A board without one gets Duplimate's
//! documented form `YN` + first + `1` + last (`YN1  1 32 `).
//!
//! Board numbers: record `i` is board `first + i`, where `first` comes from
//! the first record whose trailer is filled in (1 when none is). The reader
//! looks for it among the first 1,000 records (a trailer's numbers have
//! three digits, so a set of more boards has blank ones); one filled in
//! later is named in a warning.
//!
//! Blind (Big Deal's "dupblind", for a machine that must not show the
//! deals on its screen): the record of board 1 has 68 spaces for its DGE
//! half. The reader reads a record whose DGE half is all spaces from its
//! BRI half, and marks the set [`SetInfo::blind`] when that record is board
//! 1's (a blank record of another board is read, but does not make the set
//! blind: it could not be written so); the writer blanks board
//! 1's DGE half when the set is blind or
//! [`WriteOptions::blind`](crate::codec::options::WriteOptions::blind) asks (a set without
//! a board 1 is written whole, as Big Deal writes it).
//!
//! Big Deal's dialect ([`Dialect::BigDeal`]): every trailer is `YN1  0`
//! and the number of boards in two digits and a space (`YN1  0 32 `),
//! whatever the first board's number, as `bigdealx` 2.0 writes it; boards
//! past 99 are refused, as Big Deal writes no DUP file for them. Such a
//! file of boards 15 to 28 reads back as boards 1 to 14.
//!
//! Cannot carry: dealer and vulnerability, board numbers that do not follow
//! on, partial deals, anything else.

use crate::codec::keeps::{Keeps, Numbers, Own};
use crate::codec::keeps::{LossKind, LossKinds};
use crate::codec::options::{Dialect, WriteOptions};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::DialectLosses;
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::{bri, dge, require_complete, Records};
use crate::model::board::Board;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};
use std::collections::VecDeque;

pub use crate::model::extras::{DupFields, DupTrailer};

/// Bytes in a DUP record.
pub const RECORD: usize = 156;
const TRAILER_AT: usize = bri::CARDS + dge::HANDS;

/// Records the reader looks through for the first filled-in trailer, and
/// boards the writer holds before it knows the set's last number.
const LOOK_AHEAD: usize = 1000;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "DUP",
        extensions: &["dup"],
        description: "Duplimate DUP, 156-byte records: BRI and DGE halves and a trailer",
        signature: Signature::Content {
            rank: 6,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: false,
    },
    keeps: Keeps {
        numbers: Numbers::OnFromFirst,
        own: &[Own::DupTrailer, Own::BlindWithBoard1],
        // Big Deal's trailer on every board, which numbers them from 1.
        big_deal: Some(&Keeps {
            own: &[Own::BlindWithBoard1],
            ..Keeps::DEALS_ONLY
        }),
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, diag| Ok(Box::new(DupReader::open(src, diag)?))),
    writer: Some(|options| Box::new(DupWriter::new(options))),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "dup",
            extension: "dup",
        }),
        dialect_losses: Some(|dialect| {
            (dialect == Dialect::BigDeal)
                .then(|| Box::new(BigDealTrailers::default()) as Box<dyn DialectLosses>)
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the file starts with 78 digits and then the spade symbol, or
/// a blind record's 68 spaces and a trailer's `Y` or `N` (a whole record
/// need not be there: a file's first bytes tell).
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.len() > bri::CARDS
        && bytes[..bri::CARDS].iter().all(u8::is_ascii_digit)
        && (bytes[bri::CARDS] == dge::SYMBOLS[0]
            || bytes.get(bri::CARDS..=TRAILER_AT).is_some_and(|blind| {
                blind[..dge::HANDS].iter().all(|&b| b == b' ')
                    && matches!(blind[dge::HANDS], b'Y' | b'N' | b'y' | b'n')
            }))
}

/// True when a record's DGE half is blank: a blind record.
fn is_blind(rec: &[u8]) -> bool {
    rec[bri::CARDS..TRAILER_AT].iter().all(|&b| b == b' ')
}

/// A record read ahead: its index, offset and what it holds.
type Read = (
    u64,
    u64,
    Result<(crate::model::deal::Deal, DupTrailer), Error>,
);

/// Reads a DUP file a record at a time, numbering the boards from the
/// first filled-in trailer.
pub struct DupReader<'a> {
    records: Records<'a>,
    ahead: VecDeque<Read>,
    /// The first board's number, and the record whose trailer gave it.
    first: (u32, Option<u64>),
    /// That trailer's last board.
    said_last: u32,
    /// A trailer filled in past the look-ahead was seen.
    late: bool,
    shown_bad_trailer: bool,
    boards: u64,
    ended: bool,
    checked: bool,
    /// The blank (blind) records among the first read, by index: the set is
    /// blind when board 1's is one, as the writer writes it.
    blank: Vec<u64>,
    info: SetInfo,
}

impl<'a> DupReader<'a> {
    fn open(src: Source<'a>, diag: &mut Diagnostics) -> Result<DupReader<'a>, Error> {
        let mut r = DupReader {
            records: Records::new(src, RECORD),
            ahead: VecDeque::new(),
            first: (1, None),
            said_last: 0,
            late: false,
            shown_bad_trailer: false,
            boards: 0,
            ended: false,
            checked: false,
            blank: Vec::new(),
            info: SetInfo::default(),
        };
        while r.ahead.len() < LOOK_AHEAD && r.first.1.is_none() && r.read_one(diag)? {}
        // Numbered now: blind when board 1's record is blank. A blank record
        // of another board reads from its BRI half all the same, but the
        // set is not blind (a writer blanks board 1 only).
        let first = u64::from(r.first.0);
        r.info.blind = r.blank.iter().any(|&i| first + i == 1);
        Ok(r)
    }

    /// Reads the next record into the look-ahead; false at the end.
    fn read_one(&mut self, diag: &mut Diagnostics) -> Result<bool, Error> {
        if self.ended {
            return Ok(false);
        }
        let Some((i, base, rec)) = self.records.next(FORMAT, diag)? else {
            self.ended = true;
            return Ok(false);
        };
        let mut raw = [0u8; 10];
        raw.copy_from_slice(&rec[TRAILER_AT..]);
        let trailer = DupTrailer(raw);
        let deal = decode(rec, i, base);
        if is_blind(rec) && self.blank.len() < LOOK_AHEAD {
            self.blank.push(i);
        }
        let at = Some(Position::record(i, base + TRAILER_AT as u64));
        if let Some(f) = trailer.fields() {
            if self.first.1.is_none() && !self.late {
                if i < LOOK_AHEAD as u64 {
                    self.first = (f.first, Some(i));
                    self.said_last = f.last;
                } else {
                    self.late = true;
                    diag.warn(
                        FORMAT,
                        at,
                        format!(
                            "the first trailer filled in is record {i}'s, which gives first board {}; the boards were numbered from 1, as no trailer of the first {LOOK_AHEAD} records was filled in",
                            f.first
                        ),
                    );
                }
            }
        } else if !trailer.is_blank() && !self.shown_bad_trailer {
            self.shown_bad_trailer = true;
            diag.warn(
                FORMAT,
                at,
                format!(
                    "trailer {:?} is neither filled in nor blank; it is kept as it is",
                    String::from_utf8_lossy(&raw)
                ),
            );
        }
        self.ahead.push_back((i, base, deal.map(|d| (d, trailer))));
        Ok(true)
    }

    /// At the end: the trailer's last board against the boards read.
    fn check_last(&mut self, diag: &mut Diagnostics) {
        let (first, Some(from)) = self.first else {
            return;
        };
        let expected_last = u64::from(first) + self.boards.saturating_sub(1);
        if u64::from(self.said_last) != expected_last && self.boards > 0 {
            diag.warn(
                FORMAT,
                Some(Position::record(
                    from,
                    from * RECORD as u64 + TRAILER_AT as u64,
                )),
                format!(
                    "the trailer says boards {first} to {}, the file holds {first} to {expected_last}",
                    self.said_last
                ),
            );
        }
    }
}

/// Decodes a record's deal from both halves, which must agree (from the
/// BRI half alone when the DGE half is blank).
fn decode(rec: &[u8], record: u64, base: u64) -> Result<crate::model::deal::Deal, Error> {
    let from_bri = bri::decode_cards(&rec[..bri::CARDS], FORMAT, record, base)?;
    if is_blind(rec) {
        return Ok(from_bri);
    }
    let from_dge = dge::decode_hands(
        &rec[bri::CARDS..TRAILER_AT],
        FORMAT,
        record,
        base + bri::CARDS as u64,
    )?;
    match crate::model::deal::Seat::ALL
        .into_iter()
        .find(|&s| from_bri.hand(s) != from_dge.hand(s))
    {
        None => Ok(from_bri),
        Some(seat) => Err(Error::invalid(
            FORMAT,
            Position::record(record, base),
            format!(
                "the BRI and DGE halves disagree: {} holds {} in the BRI half, {} in the DGE half",
                seat.name(),
                from_bri.hand(seat),
                from_dge.hand(seat)
            ),
        )),
    }
}

impl BoardReader for DupReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            if let Some((i, _, read)) = self.ahead.pop_front() {
                match read {
                    Ok((deal, trailer)) => {
                        let number = u64::from(self.first.0) + i;
                        let mut board = Board::new(u32::try_from(number).unwrap_or(u32::MAX), deal);
                        board.dup_trailer = Some(trailer);
                        self.boards += 1;
                        return Ok(Some(board));
                    }
                    Err(e) => diag.error(e)?,
                }
                continue;
            }
            if !self.read_one(diag)? {
                if !self.checked {
                    self.checked = true;
                    self.check_last(diag);
                }
                return Ok(None);
            }
        }
    }

    fn position(&self) -> u64 {
        self.records.src.offset()
    }

    fn size_hint(&self) -> usize {
        self.ahead.len() + self.records.left()
    }
}

/// Writes a DUP file. A board's own trailer is written back as it was read;
/// a board without one gets `YN` first `1` last, or ten spaces when the
/// numbers need more than three digits (or the set holds more than 999
/// boards). Until it knows which, the writer holds the first 999 records.
/// In Big Deal's dialect every board gets Big Deal's trailer.
#[derive(Default)]
pub struct DupWriter {
    /// Records waiting for the default trailer, whether each has its own,
    /// and whether it is board 1's.
    held: Vec<([u8; RECORD], bool, bool)>,
    first: Option<u32>,
    last: u32,
    boards: u32,
    /// The trailer of boards without one, once known.
    default: Option<DupTrailer>,
    /// Board 1 is written without its DGE half.
    blind: bool,
    /// Big Deal's trailer on every board.
    big_deal: bool,
}

const BLANK: DupTrailer = DupTrailer(*b"          ");

impl DupWriter {
    /// A writer with `options`' blindness and dialect.
    pub fn new(options: &WriteOptions) -> DupWriter {
        DupWriter {
            blind: options.blind,
            big_deal: options.dialect == Dialect::BigDeal,
            ..DupWriter::default()
        }
    }

    fn release(&mut self, default: DupTrailer, out: &mut Vec<u8>) {
        for (mut rec, own, board_1) in self.held.drain(..) {
            if !own {
                rec[TRAILER_AT..].copy_from_slice(&default.0);
            }
            if board_1 && self.blind {
                rec[bri::CARDS..TRAILER_AT].fill(b' ');
            }
            out.extend_from_slice(&rec);
        }
        self.default = Some(default);
    }
}

/// Big Deal's trailer of a set of `boards` boards: `YN1  0`, the count's
/// last two digits, a space.
pub(crate) fn big_deal_trailer(boards: u32) -> DupTrailer {
    let mut raw = *b"YN1  0 00 ";
    raw[7] = b'0' + (boards / 10 % 10) as u8;
    raw[8] = b'0' + (boards % 10) as u8;
    DupTrailer(raw)
}

/// Big Deal's dialect writes its own DUP trailers whatever the set's,
/// for the count of boards: a set read from Big Deal's own file has just
/// those, and loses nothing. Which it is can only be told at the end.
#[derive(Debug, Default)]
struct BigDealTrailers {
    /// Boards with a trailer.
    trailers: u64,
    /// Among them, those with Big Deal's for a count of boards ending in
    /// each two digits.
    big_deal: std::collections::BTreeMap<u32, u64>,
}

impl DialectLosses for BigDealTrailers {
    fn board(&mut self, _: u64, b: &Board, lost: &mut LossKinds) {
        if let (true, Some(t)) = (lost.remove(LossKind::DupTrailer), b.dup_trailer) {
            self.trailers += 1;
            if let Some(n) = big_deal_count(t) {
                *self.big_deal.entry(n).or_default() += 1;
            }
        }
    }

    fn finish(&self, boards: u64, counts: &mut Vec<(LossKind, u64)>, _: &mut Vec<LossKind>) {
        // Big Deal's trailer counts the boards written.
        let written = (boards % 100) as u32;
        let lost = self.trailers - self.big_deal.get(&written).copied().unwrap_or(0);
        if lost > 0 {
            counts.push((LossKind::DupTrailer, lost));
        }
    }
}

/// The count's last two digits when `t` is Big Deal's trailer for one.
fn big_deal_count(t: DupTrailer) -> Option<u32> {
    let [a, b] = [t.0[7], t.0[8]];
    let n = u32::from(a.wrapping_sub(b'0')) * 10 + u32::from(b.wrapping_sub(b'0'));
    (a.is_ascii_digit() && b.is_ascii_digit() && big_deal_trailer(n) == t).then_some(n)
}

impl BoardWriter for DupWriter {
    fn head(&mut self, head: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        self.blind |= head.blind;
        Ok(())
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(board, FORMAT)?;
        if self.big_deal && board.number > 99 {
            return Err(Error::unsupported(
                FORMAT,
                format!(
                    "board {}: Big Deal writes DUP for boards 1 to 99 only",
                    board.number
                ),
            ));
        }
        let mut rec = [0u8; RECORD];
        bri::encode_cards(&board.deal, &mut rec[..bri::CARDS]);
        dge::encode_hands(&board.deal, &mut rec[bri::CARDS..TRAILER_AT]);
        let first = *self.first.get_or_insert(board.number);
        self.last = board.number.max(first);
        self.boards += 1;
        let own = board.dup_trailer.filter(|_| !self.big_deal);
        match (own, self.default) {
            (Some(t), _) => rec[TRAILER_AT..].copy_from_slice(&t.0),
            (None, Some(d)) => rec[TRAILER_AT..].copy_from_slice(&d.0),
            (None, None) => {}
        }
        let board_1 = board.number == 1;
        if self.default.is_some() {
            if board_1 && self.blind {
                rec[bri::CARDS..TRAILER_AT].fill(b' ');
            }
            out.extend_from_slice(&rec);
            return Ok(());
        }
        self.held.push((rec, own.is_some(), board_1));
        if self.held.len() >= LOOK_AHEAD {
            // Numbers past 999 do not fit: such sets get the blank trailer
            // most third-party writers use, which reads back numbered from 1.
            self.release(BLANK, out);
        }
        Ok(())
    }

    fn finish(&mut self, tail: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        self.blind |= tail.blind;
        if self.default.is_none() {
            let first = self.first.unwrap_or(1);
            let default = if self.big_deal {
                big_deal_trailer(self.boards)
            } else {
                DupTrailer::new(true, false, first, 1, self.last.max(first)).unwrap_or(BLANK)
            };
            self.release(default, out);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::set::BoardSet;
    use crate::records::{read as read_file, write as write_file};

    fn write(set: &BoardSet, out: &mut Vec<u8>) -> Result<(), Error> {
        write_file(FORMAT, set, out)
    }

    /// A blank DGE half makes the set blind only on board 1, the one
    /// record a writer blanks: a blind set written and read again is blind,
    /// and one that is not stays not (the fuzzer's round trip found a blank
    /// board 2 read as a blind set that was written whole).
    #[test]
    fn only_a_blank_board_1_makes_a_set_blind() {
        let bri = crate::formats::bri::tests::dealer4_sample();
        for (trailer, blind) in [(b"YN1  0 1  ", true), (b"YN2  0 2  ", false)] {
            let mut rec = bri[..78].to_vec();
            rec.extend_from_slice(&[b' '; 68]);
            rec.extend_from_slice(trailer);
            let set = read_file(FORMAT, &rec).unwrap().set;
            assert_eq!(
                set.info.blind,
                blind,
                "{}",
                String::from_utf8_lossy(trailer)
            );
            let mut again = Vec::new();
            write(&set, &mut again).unwrap();
            assert_eq!(read_file(FORMAT, &again).unwrap().set, set);
            assert_eq!(again[78..146].iter().all(|&b| b == b' '), blind);
        }
    }

    /// The Dealer4 appendix's DUP hex dump, built from the BRI and DGE parts.
    fn dealer4_sample() -> Vec<u8> {
        let bri = crate::formats::bri::tests::dealer4_sample();
        let dge = crate::formats::dge::tests::dealer4_hands();
        let mut v = Vec::new();
        for i in 0..2 {
            v.extend_from_slice(&bri[i * 128..i * 128 + 78]);
            v.extend_from_slice(&dge[i]);
            v.extend_from_slice(b"YN1  1 2  ");
        }
        v
    }

    #[test]
    fn dealer4_appendix_sample() {
        let bytes = dealer4_sample();
        // Spot-check against the appendix dump: offset 0x90 reads "74YN1  1 2 ".
        assert_eq!(&bytes[0x90..0x9a], b"74YN1  1 2");
        let set = read_file(FORMAT, &bytes).unwrap().set;
        let bri = read_file(Format::Bri, &crate::formats::bri::tests::dealer4_sample())
            .unwrap()
            .set;
        assert_eq!(
            set.boards.iter().map(|b| b.deal).collect::<Vec<_>>(),
            bri.boards.iter().map(|b| b.deal).collect::<Vec<_>>()
        );
        let f = set.boards[0].dup_trailer.unwrap().fields().unwrap();
        assert_eq!(
            f,
            DupFields {
                random: true,
                backwards: false,
                first: 1,
                copies: 1,
                last: 2
            }
        );
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out, bytes);
    }

    #[test]
    fn trailer_variants_and_numbering() {
        // First board 5 from a zero-padded trailer on record 0 only.
        let mut bytes = dealer4_sample();
        bytes[146..156].copy_from_slice(b"YN05 0 06 ");
        bytes[156 + 146..].fill(0);
        let outcome = read_file(FORMAT, &bytes).unwrap();
        assert!(outcome.warnings.is_empty(), "{:?}", outcome.warnings);
        let numbers: Vec<u32> = outcome.set.boards.iter().map(|b| b.number).collect();
        assert_eq!(numbers, [5, 6]);
        assert_eq!(
            outcome.set.boards[0].dealer,
            crate::model::deal::Seat::North
        );
        assert!(outcome.set.boards[1].dup_trailer.unwrap().is_blank());
        let mut out = Vec::new();
        write(&outcome.set, &mut out).unwrap();
        assert_eq!(out, bytes, "NUL-filled trailers come back as they were");
        assert_eq!(
            DupTrailer::new(true, false, 1, 1, 32).unwrap().0,
            *b"YN1  1 32 "
        );
    }

    #[test]
    fn sets_past_board_999_get_blank_trailers() {
        let one = read_file(FORMAT, &dealer4_sample()).unwrap().set.boards[0].deal;
        let boards = (1..=1000).map(|n| Board::new(n, one)).collect();
        let mut out = Vec::new();
        write(&BoardSet::from_boards(boards), &mut out).unwrap();
        assert_eq!(&out[TRAILER_AT..RECORD], b"          ");
        let back = read_file(FORMAT, &out).unwrap().set;
        assert_eq!(back.boards.len(), 1000);
        assert_eq!(back.boards[999].number, 1000);
    }

    #[test]
    fn halves_that_disagree_are_invalid() {
        let mut bytes = dealer4_sample();
        // In the DGE half only, swap North's spade two with West's spade three:
        // each half is a valid deal, but not the same one.
        assert_eq!((bytes[80], bytes[131]), (b'2', b'3'));
        bytes[80] = b'3';
        bytes[131] = b'2';
        let e = read_file(FORMAT, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "DUP error at record 0 (byte 0): the BRI and DGE halves disagree: North holds T2.J965.T7532.63 in the BRI half, T3.J965.T7532.63 in the DGE half"
        );
        let v = crate::records::validate(FORMAT, &bytes);
        assert_eq!(v.errors.len(), 1);
        assert_eq!(
            v.set.unwrap().boards.len(),
            1,
            "the good record is still read"
        );
    }
}
