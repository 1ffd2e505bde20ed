//! Richard Pavlicek's fixed-record binary formats: ZBD, ZDD, ZRD and ZRJ.
//!
//! Spec: seed `003_2bdb9c09fd3cd83a.txt` (rpbridge.net 7A14), with the bit
//! order DESIGN.md checked on real files. Little-endian; bits count from bit
//! 0 of byte 0 upward.
//!
//! | format | bytes | bits |
//! |---|---|---|
//! | ZBD | 13 | 0-103: a 2-bit holder per card, ♠A ♠K .. ♠2 ♥A .. ♣2; 0 West, 1 North, 2 East, 3 South |
//! | ZDD | 10 | 0-79: 20 nibbles of tricks, strains NT S H D C, each declarers W N E S; 15 unknown |
//! | ZRD | 23 | ZBD then ZDD |
//! | ZRJ | 16 | ZBD; 104-105 the hand, 106-107 unused (0), then 5 nibbles NT S H D C for that hand |
//!
//! A record whose first 32 bits (ZDD: 16) are zero cannot be a deal (nor a
//! table): it ends the list. Such a terminator and whatever follows it are
//! kept byte for byte ([`PavlicekInfo::tail`]).
//!
//! Boards are numbered 1, 2, 3... by position, with the Laws' dealer and
//! vulnerability. What the formats cannot carry: partial deals (ZBD, ZRD,
//! ZRJ), deals at all (ZDD: join them with `--deals`), a second hand's tricks
//! (ZRJ keeps the hand with the most known results, West first on a tie), and
//! in ZRJ the hand of a record whose five results are all unknown (read back
//! as no table).

use crate::board::{Board, BoardSet, DdTable, Strain};
use crate::deal::{Deal, Seat};
use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;
use crate::hand::Hand;
use std::io::Write;

/// What a Pavlicek file holds besides its records.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PavlicekInfo {
    /// The terminator record and everything after it, as written.
    pub tail: Vec<u8>,
}

/// The holders' codes: 0 West, 1 North, 2 East, 3 South.
const HOLDER: [Seat; 4] = [Seat::West, Seat::North, Seat::East, Seat::South];

fn code(seat: Seat) -> u8 {
    match seat {
        Seat::West => 0,
        Seat::North => 1,
        Seat::East => 2,
        Seat::South => 3,
    }
}

/// The strain order of double-dummy listings.
const STRAINS: [Strain; 5] = Strain::NT_FIRST;

/// For each byte of a ZBD record, the four cards it places as a 4-bit mask
/// per holder code (0 West, 1 North, 2 East, 3 South).
const BYTE_HOLDERS: [[u8; 4]; 256] = {
    let mut t = [[0u8; 4]; 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 4 {
            let code = (b >> (2 * j)) & 3;
            t[b][code] |= 1 << j;
            j += 1;
        }
        b += 1;
    }
    t
};

/// Decodes 13 ZBD bytes; a hand of more than 13 cards is an error.
pub(crate) fn decode_deal(b: &[u8]) -> Result<Deal, String> {
    // By code (W N E S), then into the model's N E S W order.
    let mut by_code = [0u64; 4];
    for (i, &byte) in b[..13].iter().enumerate() {
        let m = BYTE_HOLDERS[byte as usize];
        for (code, hand) in by_code.iter_mut().enumerate() {
            *hand |= (m[code] as u64) << (4 * i);
        }
    }
    let mut hands = [0u64; 4];
    for (code, bits) in by_code.into_iter().enumerate() {
        hands[HOLDER[code].index()] = bits;
    }
    Deal::new(hands.map(|h| Hand::from_bits(h).expect("52 bits"))).map_err(|e| e.to_string())
}

/// Encodes a complete deal into 13 bytes.
pub(crate) fn encode_deal(deal: &Deal, out: &mut [u8]) {
    out[..13].fill(0);
    for seat in Seat::ALL {
        let c = code(seat);
        for card in deal.hand(seat).cards() {
            let i = card.index() as usize;
            out[i / 4] |= c << (2 * (i % 4));
        }
    }
}

fn nibble(b: &[u8], k: usize) -> u8 {
    (b[k / 2] >> (4 * (k % 2))) & 15
}

fn set_nibble(b: &mut [u8], k: usize, v: u8) {
    b[k / 2] |= (v & 15) << (4 * (k % 2));
}

/// Decodes 20 ZDD nibbles; `None` when all are unknown. A value from 14 to
/// 15 other than 15 is an error.
fn decode_table(b: &[u8]) -> Result<Option<DdTable>, String> {
    let mut t = DdTable::default();
    let mut known = false;
    for (s, strain) in STRAINS.into_iter().enumerate() {
        for (h, seat) in HOLDER.into_iter().enumerate() {
            let v = nibble(b, s * 4 + h);
            match v {
                15 => {}
                0..=13 => {
                    known = true;
                    t.set(seat, strain, Some(v)).expect("at most 13");
                }
                _ => {
                    return Err(format!(
                        "{} by {}: {v} tricks (0 to 13, or 15 for unknown)",
                        strain.name(),
                        seat.name()
                    ))
                }
            }
        }
    }
    Ok(known.then_some(t))
}

fn encode_table(t: Option<&DdTable>, out: &mut [u8]) {
    out[..10].fill(0);
    for (s, strain) in STRAINS.into_iter().enumerate() {
        for (h, seat) in HOLDER.into_iter().enumerate() {
            let v = t.and_then(|t| t.get(seat, strain)).unwrap_or(15);
            set_nibble(out, s * 4 + h, v);
        }
    }
}

/// The layout of one of the four formats.
#[derive(Clone, Copy)]
struct Layout {
    format: Format,
    record: usize,
    /// Bytes of zeros that end the list.
    terminator: usize,
}

fn layout(format: Format) -> Layout {
    let (record, terminator) = match format {
        Format::Zbd => (13, 4),
        Format::Zdd => (10, 2),
        Format::Zrd => (23, 4),
        _ => (16, 4), // ZRJ
    };
    Layout {
        format,
        record,
        terminator,
    }
}

/// Reads one record into a board.
fn decode(l: Layout, r: &[u8], number: u32) -> Result<Board, String> {
    let deal = match l.format {
        Format::Zdd => Deal::default(),
        _ => decode_deal(r)?,
    };
    let mut board = Board::new(number, deal);
    board.dd = match l.format {
        Format::Zbd => None,
        Format::Zdd => decode_table(r)?,
        Format::Zrd => decode_table(&r[13..])?,
        _ => {
            let hand = HOLDER[(r[13] & 3) as usize];
            if r[13] & 0b1100 != 0 {
                return Err(format!("bits 106-107 are {}, not 0", (r[13] >> 2) & 3));
            }
            let mut t = DdTable::default();
            let mut known = false;
            for (k, strain) in STRAINS.into_iter().enumerate() {
                let v = nibble(&r[13..], k + 1);
                match v {
                    15 => {}
                    0..=13 => {
                        known = true;
                        t.set(hand, strain, Some(v)).expect("at most 13");
                    }
                    _ => return Err(format!("{} by {}: {v} tricks", strain.name(), hand.name())),
                }
            }
            known.then_some(t)
        }
    };
    Ok(board)
}

/// The ZRJ hand of a table: the one with the most known results, West first.
fn zrj_hand(t: Option<&DdTable>) -> Seat {
    let known = |s: Seat| {
        t.map_or(0, |t| {
            STRAINS.iter().filter(|&&st| t.get(s, st).is_some()).count()
        })
    };
    let mut best = Seat::West;
    for s in HOLDER {
        if known(s) > known(best) {
            best = s;
        }
    }
    best
}

/// Writes one board into a record.
fn encode(l: Layout, b: &Board, out: &mut [u8]) {
    out.fill(0);
    match l.format {
        Format::Zdd => encode_table(b.dd.as_ref(), out),
        Format::Zbd => encode_deal(&b.deal, out),
        Format::Zrd => {
            encode_deal(&b.deal, out);
            encode_table(b.dd.as_ref(), &mut out[13..]);
        }
        _ => {
            encode_deal(&b.deal, out);
            let hand = zrj_hand(b.dd.as_ref());
            out[13] = code(hand);
            for (k, strain) in STRAINS.into_iter().enumerate() {
                let v =
                    b.dd.as_ref()
                        .and_then(|t| t.get(hand, strain))
                        .unwrap_or(15);
                set_nibble(&mut out[13..], k + 1, v);
            }
        }
    }
}

/// Reads a ZBD, ZDD, ZRD or ZRJ file.
pub fn read(format: Format, bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let l = layout(format);
    let mut set = BoardSet::default();
    set.boards.reserve(bytes.len() / l.record);
    let mut at = 0;
    while at < bytes.len() {
        let record = (at / l.record) as u64;
        let rest = &bytes[at..];
        if rest.len() >= l.terminator && rest[..l.terminator].iter().all(|&b| b == 0) {
            set.pavlicek = Some(PavlicekInfo {
                tail: rest.to_vec(),
            });
            break;
        }
        if rest.len() < l.record {
            diag.error(Error::syntax(
                format,
                Position::record(record, at as u64),
                format!(
                    "truncated record: {} of {} bytes at the end of the file",
                    rest.len(),
                    l.record
                ),
            ))?;
            break;
        }
        match decode(l, &rest[..l.record], record as u32 + 1) {
            Ok(b) => set.boards.push(b),
            Err(m) => diag.error(Error::invalid(
                format,
                Position::record(record, at as u64),
                format!("deal {}: {m}", record + 1),
            ))?,
        }
        at += l.record;
    }
    Ok(set)
}

/// Writes a ZBD, ZDD, ZRD or ZRJ file, then the kept tail if any.
pub fn write(format: Format, set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    let l = layout(format);
    if format != Format::Zdd {
        crate::formats::require_complete(set, format)?;
    }
    let mut buf = Vec::with_capacity(64 * 1024);
    let mut rec = vec![0u8; l.record];
    for b in &set.boards {
        encode(l, b, &mut rec);
        if format == Format::Zdd && rec[..2] == [0, 0] {
            return Err(Error::unsupported(
                format,
                format!(
                    "board {}: all four hands take 0 tricks in notrump, which ZDD reads as the end of the file",
                    b.number
                ),
            ));
        }
        buf.extend_from_slice(&rec);
        if buf.len() >= 60 * 1024 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    write_tail(l.terminator, set, &mut buf);
    out.write_all(&buf)?;
    Ok(())
}

/// Appends the kept tail; when it does not open with this format's
/// terminator (`terminator` zero bytes: a ZDD tail opens with 2, JSON Lines
/// may give any), the terminator first, so that the tail reads back as a
/// tail and not as records.
pub(crate) fn write_tail(terminator: usize, set: &BoardSet, buf: &mut Vec<u8>) {
    if let Some(p) = &set.pavlicek {
        if !(p.tail.len() >= terminator && p.tail[..terminator].iter().all(|&b| b == 0)) {
            buf.resize(buf.len() + terminator, 0);
        }
        buf.extend_from_slice(&p.tail);
    }
}

/// True when records of `from` become records of `to` without the model
/// (see `stream`): same format, or ZRD/ZRJ to ZBD, ZRD to ZDD, ZBD to ZRD.
pub(crate) fn transcodes(from: Format, to: Format) -> bool {
    use Format::*;
    matches!(
        (from, to),
        (Zbd, Zbd)
            | (Zdd, Zdd)
            | (Zrd, Zrd)
            | (Zrj, Zrj)
            | (Zrd, Zbd)
            | (Zrj, Zbd)
            | (Zrd, Zdd)
            | (Zbd, Zrd)
    )
}

/// Zero bytes that end a list of records of `format`.
pub(crate) fn terminator_len(format: Format) -> usize {
    layout(format).terminator
}

/// The checks the reader makes of one record, without building a board:
/// 13 cards a hand, tricks 0-13 or 15, ZRJ's unused bits 0.
pub(crate) fn check_record(format: Format, r: &[u8]) -> Result<(), String> {
    if format != Format::Zdd {
        let mut x = 0u128;
        for (i, &b) in r[..13].iter().enumerate() {
            x |= (b as u128) << (8 * i);
        }
        const LOW: u128 = 0x55_5555_5555_5555_5555_5555_5555; // 52 two-bit fields
        debug_assert_eq!(LOW.count_ones(), 52);
        let lo = x & LOW;
        let hi = (x >> 1) & LOW;
        let counts = [
            (!lo & !hi & LOW).count_ones(),
            (lo & !hi).count_ones(),
            (!lo & hi & LOW).count_ones(),
            (lo & hi).count_ones(),
        ];
        if counts != [13; 4] {
            // The reader's own message names the hand.
            decode_deal(r)?;
        }
    }
    let nibbles: &[u8] = match format {
        Format::Zbd => return Ok(()),
        Format::Zdd => r,
        Format::Zrd => &r[13..],
        _ => {
            if r[13] & 0b1100 != 0 {
                return Err(format!("bits 106-107 are {}, not 0", (r[13] >> 2) & 3));
            }
            &r[14..]
        }
    };
    for &b in nibbles {
        for v in [b & 15, b >> 4] {
            if v == 14 {
                return Err(format!("a trick count of {v} (0 to 13, or 15 for unknown)"));
            }
        }
    }
    if format == Format::Zrj && r[13] >> 4 == 14 {
        return Err("a trick count of 14 (0 to 13, or 15 for unknown)".into());
    }
    Ok(())
}

/// Appends the `to` record for a checked `from` record.
pub(crate) fn output_record(
    from: Format,
    to: Format,
    r: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), String> {
    match (from, to) {
        (Format::Zrd | Format::Zrj, Format::Zbd) => out.extend_from_slice(&r[..13]),
        (Format::Zrd, Format::Zdd) => {
            if r[13..15] == [0, 0] {
                return Err(
                    "all four hands take 0 tricks in notrump, which ZDD reads as the end of the file"
                        .into(),
                );
            }
            out.extend_from_slice(&r[13..]);
        }
        (Format::Zbd, Format::Zrd) => {
            out.extend_from_slice(r);
            out.extend_from_slice(&[0xff; 10]);
        }
        _ => out.extend_from_slice(r),
    }
    Ok(())
}

/// Pavlicek's checksum: the 64-bit (wrapping) sum of the file's 32-bit
/// little-endian words. A trailing partial word counts as if padded with
/// zero bytes.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = 0u64;
    let mut words = bytes.chunks_exact(4);
    for w in &mut words {
        sum = sum.wrapping_add(u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as u64);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 4];
        w[..rest.len()].copy_from_slice(rest);
        sum = sum.wrapping_add(u32::from_le_bytes(w) as u64);
    }
    sum
}

/// Puts the tables of `tables` (a ZDD file read alone) onto the deals of
/// `deals`, by position. The counts must agree.
pub fn join_tables(deals: &mut BoardSet, tables: &BoardSet) -> Result<(), String> {
    if deals.boards.len() != tables.boards.len() {
        return Err(format!(
            "{} deals but {} double-dummy tables",
            deals.boards.len(),
            tables.boards.len()
        ));
    }
    for (d, t) in deals.boards.iter_mut().zip(&tables.boards) {
        d.dd = t.dd;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, Rank, Suit};

    #[test]
    fn card_bits_from_bit_0_of_byte_0() {
        // Deal number 1 (N spades, E hearts, S diamonds, W clubs): North's
        // code 1 in every 2-bit field of the first 13 cards.
        let deal = Deal::parse_pbn(
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        )
        .unwrap();
        let mut b = [0u8; 13];
        encode_deal(&deal, &mut b);
        assert_eq!(&b[..3], &[0x55, 0x55, 0x55]);
        // Bytes 0-2 hold ♠A..♠3; byte 3 holds ♠2 ♥A ♥K ♥Q = North East East
        // East = 1 | 2<<2 | 2<<4 | 2<<6.
        assert_eq!(b[3], 0b1010_1001);
        assert_eq!(decode_deal(&b), Ok(deal));
        // All 52 cards to South (code 3): 39 too many.
        assert!(decode_deal(&[0xff; 13]).unwrap_err().contains("South"));
        // Clubs all West (0): the last 26 bits are 0.
        assert_eq!(b[12], 0);
        let ca = Card::new(Suit::Clubs, Rank::Ace).index() as usize;
        assert_eq!(ca, 39);
    }

    #[test]
    fn nibbles_strain_major_declarers_w_n_e_s() {
        let mut t = DdTable::default();
        t.set(Seat::West, Strain::NoTrump, Some(1)).unwrap();
        t.set(Seat::North, Strain::NoTrump, Some(2)).unwrap();
        t.set(Seat::South, Strain::Clubs, Some(13)).unwrap();
        let mut b = [0u8; 10];
        encode_table(Some(&t), &mut b);
        assert_eq!(b[0], 0x21, "NT by West in the low nibble, North above");
        assert_eq!(b[1], 0xff, "NT by East and South unknown");
        assert_eq!(b[9], 0xdf, "C by East unknown, C by South 13");
        assert_eq!(decode_table(&b).unwrap(), Some(t));
        assert_eq!(decode_table(&[0xff; 10]).unwrap(), None);
        let mut bad = [0xffu8; 10];
        bad[4] = 0xfe;
        assert!(decode_table(&bad).unwrap_err().contains("14 tricks"));
    }

    #[test]
    fn checksum_of_words_and_a_partial_one() {
        assert_eq!(checksum(&[1, 0, 0, 0, 2, 0, 0, 0]), 3);
        assert_eq!(checksum(&[0xff; 8]), 0x1_ffff_fffe);
        assert_eq!(
            checksum(&[1, 0, 0, 0, 5]),
            6,
            "the partial word is zero-padded"
        );
        assert_eq!(checksum(&[]), 0);
    }
}
