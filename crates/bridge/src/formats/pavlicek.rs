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
//! kept byte for byte ([`PavlicekInfo::tail`]), up to 16 MiB.
//!
//! Boards are numbered 1, 2, 3... by position, with the Laws' dealer and
//! vulnerability. What the formats cannot carry: partial deals (ZBD, ZRD,
//! ZRJ), deals at all (ZDD: join them with `--deals`), a second hand's tricks
//! (ZRJ keeps the hand with the most known results, West first on a tie), and
//! in ZRJ the hand of a record whose five results are all unknown (read back
//! as no table).

use crate::board::{Board, DdTable, Strain};
use crate::deal::{Deal, Seat};
use crate::formats::{board_number, require_complete};
use crate::hand::Hand;
use crate::keeps::{Deals, DoubleDummy, Keeps, Own};
use crate::registry::Descriptor;
use crate::set::SetInfo;
use crate::{BoardReader, BoardWriter, Format};
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

pub use crate::model::extras::PavlicekInfo;

/// The most a file may hold after its terminator.
const MAX_TAIL: usize = 16 << 20;

const DEALS: Keeps = Keeps {
    own: &[Own::PavlicekTail],
    ..Keeps::DEALS_ONLY
};

/// ZBD: 13-byte deals.
pub static ZBD: Descriptor = descriptor(Kind::Zbd, "ZBD", "Pavlicek ZBD, 13-byte deals", DEALS);

/// ZDD: 10-byte double-dummy tables.
pub static ZDD: Descriptor = descriptor(
    Kind::Zdd,
    "ZDD",
    "Pavlicek ZDD, 10-byte double-dummy tables (deals from --deals)",
    Keeps {
        deals: Deals::None,
        dd: DoubleDummy::Table,
        ..DEALS
    },
);

/// ZRD: 23-byte deals with double-dummy tables.
pub static ZRD: Descriptor = descriptor(
    Kind::Zrd,
    "ZRD",
    "Pavlicek ZRD, 23-byte deals with double-dummy tables",
    Keeps {
        dd: DoubleDummy::Table,
        ..DEALS
    },
);

/// ZRJ: 16-byte deals with one hand's double-dummy tricks.
pub static ZRJ: Descriptor = descriptor(
    Kind::Zrj,
    "ZRJ",
    "Pavlicek ZRJ, 16-byte deals with one hand's tricks",
    Keeps {
        dd: DoubleDummy::OneHand,
        ..DEALS
    },
);

const fn descriptor(
    kind: Kind,
    name: &'static str,
    description: &'static str,
    keeps: Keeps,
) -> Descriptor {
    let (reader, writer): (crate::registry::OpenReader, crate::registry::NewWriter) = match kind {
        Kind::Zbd => (
            |src, _| Ok(Box::new(PavlicekReader::new(src, Kind::Zbd))),
            |_| Box::new(PavlicekWriter::new(Kind::Zbd)),
        ),
        Kind::Zdd => (
            |src, _| Ok(Box::new(PavlicekReader::new(src, Kind::Zdd))),
            |_| Box::new(PavlicekWriter::new(Kind::Zdd)),
        ),
        Kind::Zrd => (
            |src, _| Ok(Box::new(PavlicekReader::new(src, Kind::Zrd))),
            |_| Box::new(PavlicekWriter::new(Kind::Zrd)),
        ),
        Kind::Zrj => (
            |src, _| Ok(Box::new(PavlicekReader::new(src, Kind::Zrj))),
            |_| Box::new(PavlicekWriter::new(Kind::Zrj)),
        ),
    };
    Descriptor {
        info: FormatInfo {
            name,
            extensions: kind.extensions(),
            description,
            // No signature, and bytes that may look like anything: the
            // extension comes first.
            signature: Signature::Extension,
            reads: true,
            writes: true,
        },
        keeps,
        reader: Some(reader),
        writer: Some(writer),
    }
}

/// Which of the four formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// 13-byte deals.
    Zbd,
    /// 10-byte tables.
    Zdd,
    /// Deals and tables.
    Zrd,
    /// Deals and one hand's tricks.
    Zrj,
}

impl Kind {
    const fn extensions(self) -> &'static [&'static str] {
        match self {
            Kind::Zbd => &["zbd"],
            Kind::Zdd => &["zdd"],
            Kind::Zrd => &["zrd"],
            Kind::Zrj => &["zrj"],
        }
    }

    /// The format.
    pub fn format(self) -> Format {
        match self {
            Kind::Zbd => Format::Zbd,
            Kind::Zdd => Format::Zdd,
            Kind::Zrd => Format::Zrd,
            Kind::Zrj => Format::Zrj,
        }
    }

    /// Bytes in a record.
    pub fn record(self) -> usize {
        match self {
            Kind::Zbd => 13,
            Kind::Zdd => 10,
            Kind::Zrd => 23,
            Kind::Zrj => 16,
        }
    }

    /// Zero bytes that end the list.
    pub fn terminator(self) -> usize {
        match self {
            Kind::Zdd => 2,
            _ => 4,
        }
    }
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

/// Reads one record into a board.
fn decode(kind: Kind, r: &[u8], number: u32) -> Result<Board, String> {
    let deal = match kind {
        Kind::Zdd => Deal::default(),
        _ => decode_deal(r)?,
    };
    let mut board = Board::new(number, deal);
    board.dd = match kind {
        Kind::Zbd => None,
        Kind::Zdd => decode_table(r)?,
        Kind::Zrd => decode_table(&r[13..])?,
        Kind::Zrj => {
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
fn encode(kind: Kind, b: &Board, out: &mut [u8]) {
    out.fill(0);
    match kind {
        Kind::Zdd => encode_table(b.dd.as_ref(), out),
        Kind::Zbd => encode_deal(&b.deal, out),
        Kind::Zrd => {
            encode_deal(&b.deal, out);
            encode_table(b.dd.as_ref(), &mut out[13..]);
        }
        Kind::Zrj => {
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

/// Reads a ZBD, ZDD, ZRD or ZRJ file a record at a time, up to the
/// terminator; the terminator and what follows are the tail.
pub struct PavlicekReader<'a> {
    src: Source<'a>,
    kind: Kind,
    index: u64,
    info: SetInfo,
    tail: Option<PavlicekInfo>,
}

impl<'a> PavlicekReader<'a> {
    fn new(src: Source<'a>, kind: Kind) -> PavlicekReader<'a> {
        PavlicekReader {
            src,
            kind,
            index: 0,
            info: SetInfo::default(),
            tail: None,
        }
    }
}

impl BoardReader for PavlicekReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        let (size, term, format) = (
            self.kind.record(),
            self.kind.terminator(),
            self.kind.format(),
        );
        loop {
            let at = self.src.offset();
            let rest = self.src.fill(size)?;
            if rest.is_empty() || self.tail.is_some() {
                return Ok(None);
            }
            let record = self.index;
            if rest.len() >= term && rest[..term].iter().all(|&b| b == 0) {
                let tail = self.src.fill_all(MAX_TAIL).map_err(|e| {
                    Error::limit(
                        format,
                        Position::record(record, at),
                        format!("the bytes after the terminator are {e}"),
                    )
                })?;
                self.tail = Some(PavlicekInfo {
                    tail: tail.to_vec(),
                });
                let n = self.src.data().len();
                self.src.consume(n);
                return Ok(None);
            }
            if rest.len() < size {
                let n = rest.len();
                self.src.consume(n);
                diag.error(Error::syntax(
                    format,
                    Position::record(record, at),
                    format!("truncated record: {n} of {size} bytes at the end of the file"),
                ))?;
                return Ok(None);
            }
            let r = self.src.take(size);
            self.index += 1;
            match decode(self.kind, r, board_number(record)) {
                Ok(b) => return Ok(Some(b)),
                Err(m) => diag.error(Error::invalid(
                    format,
                    Position::record(record, at),
                    format!("deal {}: {m}", record + 1),
                ))?,
            }
        }
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

/// Writes a ZBD, ZDD, ZRD or ZRJ file, then the kept tail if any.
pub struct PavlicekWriter {
    kind: Kind,
    rec: [u8; 23],
}

impl PavlicekWriter {
    fn new(kind: Kind) -> PavlicekWriter {
        PavlicekWriter { kind, rec: [0; 23] }
    }
}

impl BoardWriter for PavlicekWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        let format = self.kind.format();
        if self.kind != Kind::Zdd {
            require_complete(b, format)?;
        }
        let rec = &mut self.rec[..self.kind.record()];
        encode(self.kind, b, rec);
        if self.kind == Kind::Zdd && rec[..2] == [0, 0] {
            return Err(Error::unsupported(
                format,
                format!(
                    "board {}: all four hands take 0 tricks in notrump, which ZDD reads as the end of the file",
                    b.number
                ),
            ));
        }
        out.extend_from_slice(rec);
        Ok(())
    }

    fn finish(&mut self, tail: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        write_tail(self.kind.terminator(), tail, out);
        Ok(())
    }
}

/// Appends the kept tail; when it does not open with this format's
/// terminator (`terminator` zero bytes: a ZDD tail opens with 2, JSON Lines
/// may give any), the terminator first, so that the tail reads back as a
/// tail and not as records.
pub(crate) fn write_tail(terminator: usize, info: &SetInfo, buf: &mut Vec<u8>) {
    if let Some(p) = &info.pavlicek {
        if !(p.tail.len() >= terminator && p.tail[..terminator].iter().all(|&b| b == 0)) {
            buf.resize(buf.len() + terminator, 0);
        }
        buf.extend_from_slice(&p.tail);
    }
}

/// Pavlicek's checksum: the 64-bit (wrapping) sum of the file's 32-bit
/// little-endian words. A trailing partial word counts as if padded with
/// zero bytes.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut c = Checksum::default();
    c.update(bytes);
    c.sum()
}

/// [`checksum`] a part of the file at a time.
#[derive(Debug, Clone, Default)]
pub struct Checksum {
    sum: u64,
    /// Bytes of a word begun by the last part.
    partial: [u8; 4],
    have: usize,
}

impl Checksum {
    /// Adds the next bytes of the file.
    pub fn update(&mut self, mut bytes: &[u8]) {
        while self.have > 0 && !bytes.is_empty() {
            self.partial[self.have] = bytes[0];
            self.have += 1;
            bytes = &bytes[1..];
            if self.have == 4 {
                self.sum = self
                    .sum
                    .wrapping_add(u64::from(u32::from_le_bytes(self.partial)));
                self.have = 0;
            }
        }
        let mut words = bytes.chunks_exact(4);
        for w in &mut words {
            self.sum = self
                .sum
                .wrapping_add(u64::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]])));
        }
        let rest = words.remainder();
        self.partial[..rest.len()].copy_from_slice(rest);
        self.have = rest.len();
    }

    /// The sum of the bytes so far, a partial last word padded with zeros.
    pub fn sum(&self) -> u64 {
        let mut w = [0u8; 4];
        w[..self.have].copy_from_slice(&self.partial[..self.have]);
        self.sum.wrapping_add(u64::from(u32::from_le_bytes(w)))
    }
}

/// Puts the tables of `tables` (a ZDD file read alone) onto the deals of
/// `deals`, by position. The counts must agree.
pub fn join_tables(deals: &mut crate::BoardSet, tables: &crate::BoardSet) -> Result<(), String> {
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

/// The boards of a deals file with the tables of a ZDD file, by position,
/// a board at a time: what [`join_tables`] does, streamed. The counts must
/// agree; an error says which file ran out.
pub struct JoinedReader<'a> {
    deals: Box<dyn BoardReader + 'a>,
    tables: Box<dyn BoardReader + 'a>,
    /// Diagnostics of the tables file.
    tables_diag: Diagnostics,
    count: u64,
}

impl<'a> JoinedReader<'a> {
    /// Joins `tables` (read from a ZDD file) to the boards of `deals`.
    pub fn new(
        deals: Box<dyn BoardReader + 'a>,
        tables: Box<dyn BoardReader + 'a>,
    ) -> JoinedReader<'a> {
        JoinedReader {
            deals,
            tables,
            tables_diag: Diagnostics::strict(),
            count: 0,
        }
    }

    /// Warnings of the tables file.
    pub fn tables_warnings(&self) -> &[boardfile_io::Warning] {
        &self.tables_diag.warnings
    }
}

impl<'a> BoardReader for JoinedReader<'a> {
    fn head(&self) -> &SetInfo {
        self.deals.head()
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        let deal = self.deals.next_board(diag)?;
        let table = self.tables.next_board(&mut self.tables_diag)?;
        match (deal, table) {
            (Some(mut d), Some(t)) => {
                self.count += 1;
                d.dd = t.dd;
                Ok(Some(d))
            }
            (None, None) => Ok(None),
            (d, _) => {
                let more = |r: &mut Box<dyn BoardReader + 'a>, diag: &mut Diagnostics| {
                    let mut n = 0u64;
                    while let Ok(Some(_)) = r.next_board(diag) {
                        n += 1;
                    }
                    n
                };
                let (deals, tables) = if d.is_some() {
                    (self.count + 1 + more(&mut self.deals, diag), self.count)
                } else {
                    (
                        self.count,
                        self.count + 1 + more(&mut self.tables, &mut self.tables_diag),
                    )
                };
                Err(Error::invalid(
                    Format::Zdd,
                    Position::record(self.count, self.tables.position()),
                    format!("{deals} deals but {tables} double-dummy tables"),
                ))
            }
        }
    }

    fn tail(&mut self) -> SetInfo {
        self.deals.tail()
    }

    fn position(&self) -> u64 {
        self.deals.position()
    }
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
