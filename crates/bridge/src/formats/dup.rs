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
//! the first record whose trailer is filled in (1 when none is).
//!
//! Cannot carry: dealer and vulnerability, board numbers that do not follow
//! on, partial deals, anything else.

use crate::board::{Board, BoardSet};
use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;
use crate::formats::{bri, dge, fixed_records, parse_u32, require_complete};
use std::io::Write;

/// Bytes in a DUP record.
pub const RECORD: usize = 156;
const TRAILER_AT: usize = bri::CARDS + dge::HANDS;

/// A DUP record's last 10 bytes, exactly as they stand in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DupTrailer(pub [u8; 10]);

impl DupTrailer {
    /// Duplimate's documented form: flags, then three left-aligned
    /// space-padded numbers (first board, copies, last board).
    pub fn new(
        random: bool,
        backwards: bool,
        first: u32,
        copies: u32,
        last: u32,
    ) -> Option<DupTrailer> {
        if first > 999 || copies > 99 || last > 999 {
            return None;
        }
        let text = format!(
            "{}{}{first:<3}{copies:<2}{last:<3}",
            if random { 'Y' } else { 'N' },
            if backwards { 'Y' } else { 'N' }
        );
        let mut raw = [0u8; 10];
        raw.copy_from_slice(text.as_bytes());
        Some(DupTrailer(raw))
    }

    /// True when the trailer is only NULs and spaces (not filled in).
    pub fn is_blank(&self) -> bool {
        self.0.iter().all(|&b| b == 0 || b == b' ')
    }

    /// The numbers (first, copies, last) and flags, when the trailer is filled
    /// in and well-formed: flags `Y`/`N`, numbers of digits left-aligned and
    /// padded with spaces or NULs (zero-padding is read too).
    pub fn fields(&self) -> Option<DupFields> {
        let flag = |b: u8| match b {
            b'Y' | b'y' => Some(true),
            b'N' | b'n' => Some(false),
            _ => None,
        };
        let number = |field: &[u8]| {
            let end = field
                .iter()
                .position(|&b| b == b' ' || b == 0)
                .unwrap_or(field.len());
            if field[end..].iter().any(|&b| b != b' ' && b != 0) {
                return None;
            }
            parse_u32(&field[..end])
        };
        Some(DupFields {
            random: flag(self.0[0])?,
            backwards: flag(self.0[1])?,
            first: number(&self.0[2..5])?,
            copies: number(&self.0[5..7])?,
            last: number(&self.0[7..10])?,
        })
    }
}

/// The parsed fields of a filled-in DUP trailer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DupFields {
    /// Random hands.
    pub random: bool,
    /// Backwards dealing.
    pub backwards: bool,
    /// Lowest board number of the set.
    pub first: u32,
    /// Copies of each board.
    pub copies: u32,
    /// Highest board number of the set.
    pub last: u32,
}

/// True for a file of whole records with digits, then the spade symbol at 78.
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.len() >= RECORD
        && bytes.len().is_multiple_of(RECORD)
        && bytes[..bri::CARDS].iter().all(u8::is_ascii_digit)
        && bytes[bri::CARDS] == dge::SYMBOLS[0]
}

/// Reads a DUP file.
pub fn read(bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let mut boards = Vec::with_capacity(bytes.len() / RECORD);
    let mut first: Option<(u32, usize)> = None; // (first board, record it came from)
    let mut shown_bad_trailer = false;
    for (i, rec) in fixed_records(bytes, RECORD, Format::Dup, diag)?.enumerate() {
        let base = (i * RECORD) as u64;
        let record = i as u64;
        let mut raw = [0u8; 10];
        raw.copy_from_slice(&rec[TRAILER_AT..]);
        let trailer = DupTrailer(raw);
        match trailer.fields() {
            Some(f) if first.is_none() => first = Some((f.first, i)),
            None if !trailer.is_blank() && !shown_bad_trailer => {
                shown_bad_trailer = true;
                diag.warn(
                    Format::Dup,
                    Some(Position::record(record, base + TRAILER_AT as u64)),
                    format!(
                        "trailer {:?} is neither filled in nor blank; it is kept as it is",
                        String::from_utf8_lossy(&raw)
                    ),
                );
            }
            _ => {}
        }
        let deal = bri::decode_cards(&rec[..bri::CARDS], Format::Dup, record, base).and_then(|from_bri| {
            let from_dge = dge::decode_hands(&rec[bri::CARDS..TRAILER_AT], Format::Dup, record, base + bri::CARDS as u64)?;
            match crate::Seat::ALL.into_iter().find(|&s| from_bri.hand(s) != from_dge.hand(s)) {
                None => Ok(from_bri),
                Some(seat) => Err(Error::invalid(
                    Format::Dup,
                    Position::record(record, base),
                    format!(
                        "the BRI and DGE halves disagree: {} holds {} in the BRI half, {} in the DGE half",
                        seat.name(),
                        from_bri.hand(seat),
                        from_dge.hand(seat)
                    ),
                )),
            }
        });
        match deal {
            Ok(deal) => {
                let mut board = Board::new(i as u32 + 1, deal);
                board.dup_trailer = Some(trailer);
                boards.push(board);
            }
            Err(e) => diag.error(e)?,
        }
    }
    // Number the boards from the first filled-in trailer: record i is board first + i.
    let (first, from_record) = first.unwrap_or((1, 0));
    for (i, board) in boards.iter_mut().enumerate() {
        board.number = first + i as u32;
        board.dealer = crate::board::dealer_for_board(board.number);
        board.vulnerability = crate::Vulnerability::for_board(board.number);
    }
    if let Some(f) = boards
        .get(from_record)
        .and_then(|b| b.dup_trailer?.fields())
    {
        let expected_last = f.first as usize + boards.len().saturating_sub(1);
        if f.last as usize != expected_last && !boards.is_empty() {
            diag.warn(
                Format::Dup,
                Some(Position::record(
                    from_record as u64,
                    (from_record * RECORD + TRAILER_AT) as u64,
                )),
                format!(
                    "the trailer says boards {} to {}, the file holds {} to {expected_last}",
                    f.first, f.last, f.first
                ),
            );
        }
    }
    Ok(BoardSet::from_boards(boards))
}

/// Writes a DUP file. A board's own trailer is written back as it was read;
/// a board without one gets `YN` first `1` last, or ten spaces when the
/// numbers need more than three digits.
pub fn write(set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    require_complete(set, Format::Dup)?;
    let first = set.boards.first().map_or(1, |b| b.number);
    let last = set.boards.last().map_or(1, |b| b.number.max(first));
    // Numbers past 999 do not fit: such sets get the blank trailer most
    // third-party writers use, which reads back numbered from 1.
    let default =
        DupTrailer::new(true, false, first, 1, last).unwrap_or(DupTrailer(*b"          "));
    let mut rec = [0u8; RECORD];
    for board in &set.boards {
        bri::encode_cards(&board.deal, &mut rec[..bri::CARDS]);
        dge::encode_hands(&board.deal, &mut rec[bri::CARDS..TRAILER_AT]);
        rec[TRAILER_AT..].copy_from_slice(&board.dup_trailer.unwrap_or(default).0);
        out.write_all(&rec)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read as read_file;

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
        let set = read_file(Format::Dup, &bytes).unwrap().set;
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
        let outcome = read_file(Format::Dup, &bytes).unwrap();
        assert!(outcome.warnings.is_empty(), "{:?}", outcome.warnings);
        let numbers: Vec<u32> = outcome.set.boards.iter().map(|b| b.number).collect();
        assert_eq!(numbers, [5, 6]);
        assert_eq!(outcome.set.boards[0].dealer, crate::Seat::North);
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
        let one = read_file(Format::Dup, &dealer4_sample())
            .unwrap()
            .set
            .boards[0]
            .deal;
        let boards = (1..=1000).map(|n| Board::new(n, one)).collect();
        let mut out = Vec::new();
        write(&BoardSet::from_boards(boards), &mut out).unwrap();
        assert_eq!(&out[TRAILER_AT..RECORD], b"          ");
        let back = read_file(Format::Dup, &out).unwrap().set;
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
        let e = read_file(Format::Dup, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "DUP error at record 0 (byte 0): the BRI and DGE halves disagree: North holds T2.J965.T7532.63 in the BRI half, T3.J965.T7532.63 in the DGE half"
        );
        let v = crate::format::validate(Format::Dup, &bytes);
        assert_eq!(v.errors.len(), 1);
        assert_eq!(
            v.set.unwrap().boards.len(),
            1,
            "the good record is still read"
        );
    }
}
