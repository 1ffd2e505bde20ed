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

use crate::codec::keeps::{Deals, DoubleDummy, Keeps, Own};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Descriptor;
use crate::codec::Format;
use crate::codec::{Hooks, Transcoder};
use crate::formats::{board_number, require_complete};
use crate::model::board::{Board, DdTable};
use crate::model::card::Strain;
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use crate::model::set::SetInfo;
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
    let (reader, writer): (crate::codec::OpenReader, crate::codec::NewWriter) = match kind {
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
            text: false,
        },
        keeps,
        reader: Some(reader),
        writer: Some(writer),
        hooks: Hooks {
            transcode: Some(Transcoder {
                can: transcodes,
                run: transcode,
            }),
            ..Hooks::NONE
        },
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
            Kind::Zbd => Format::of(&ZBD),
            Kind::Zdd => Format::of(&ZDD),
            Kind::Zrd => Format::of(&ZRD),
            Kind::Zrj => Format::of(&ZRJ),
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
static BYTE_HOLDERS: [[u8; 4]; 256] = {
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

/// For each 4-bit set of cards, the byte with code 1 in each of their
/// 2-bit fields.
static SPREAD: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut n = 0;
    while n < 16 {
        let mut j = 0;
        while j < 4 {
            if n & (1 << j) != 0 {
                t[n] |= 1 << (2 * j);
            }
            j += 1;
        }
        n += 1;
    }
    t
};

/// Encodes a complete deal into 13 bytes: each byte places four cards,
/// North's with code 1, East's 2, South's 3 (West's 0).
pub(crate) fn encode_deal(deal: &Deal, out: &mut [u8]) {
    debug_assert_eq!(code(Seat::West), 0);
    let [n, e, s, _] = deal.hands().map(|h| h.bits());
    for (i, byte) in out[..13].iter_mut().enumerate() {
        let at = 4 * i;
        let nibble = |h: u64| SPREAD[((h >> at) & 15) as usize];
        *byte = nibble(n) | (nibble(e) << 1) | (nibble(s) * 3);
    }
}

fn nibble(b: &[u8], k: usize) -> u8 {
    (b[k / 2] >> (4 * (k % 2))) & 15
}

fn set_nibble(b: &mut [u8], k: usize, v: u8) {
    b[k / 2] |= (v & 15) << (4 * (k % 2));
}

/// Where each of the 20 nibbles goes in a table: (seat index, strain).
static SLOTS: [(usize, usize); 20] = {
    let mut t = [(0, 0); 20];
    let mut k = 0;
    while k < 20 {
        t[k] = (HOLDER[k % 4] as usize, STRAINS[k / 4] as usize);
        k += 1;
    }
    t
};

/// Decodes 20 ZDD nibbles; `None` when all are unknown. A value of 14 is
/// an error.
#[inline]
fn decode_table(b: &[u8]) -> Result<Option<DdTable>, String> {
    let bytes: &[u8; 10] = b[..10].try_into().expect("10 bytes");
    if bytes.iter().all(|&x| x == 0xff) {
        return Ok(None);
    }
    let mut raw = [[DdTable::UNKNOWN; 5]; 4];
    let mut bad = false;
    for (j, &x) in bytes.iter().enumerate() {
        for (h, v) in [(0, x & 15), (1, x >> 4)] {
            let (seat, strain) = SLOTS[2 * j + h];
            bad |= v == 14;
            raw[seat][strain] = if v == 15 { DdTable::UNKNOWN } else { v };
        }
    }
    if bad {
        return decode_table_slowly(b);
    }
    Ok(Some(DdTable::from_raw(raw)))
}

/// [`decode_table`] entry by entry, for the message naming a bad one.
fn decode_table_slowly(b: &[u8]) -> Result<Option<DdTable>, String> {
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
    let Some(t) = t else {
        out[..10].fill(0xff);
        return;
    };
    // Only the counts believed: a floored count goes as unknown.
    let believed;
    let raw = if t.trust() == crate::model::board::Trust::Exact {
        t.raw()
    } else {
        believed = t.believed();
        believed.raw()
    };
    for (k, &(seat, strain)) in SLOTS.iter().enumerate() {
        let v = raw[seat][strain];
        set_nibble(out, k, if v == DdTable::UNKNOWN { 15 } else { v });
    }
}

/// Reads one record into a board.
#[inline]
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

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        let (size, term) = (self.kind.record(), self.kind.terminator());
        // Whole records that decode (not the terminator) straight onto the list.
        crate::codec::stream::read_boards_quickly(self, boards, until, diag, |r| {
            let data = r.src.data();
            if r.tail.is_some() || data.len() < size || data[..term].iter().all(|&b| b == 0) {
                return None;
            }
            let b = decode(r.kind, &data[..size], board_number(r.index)).ok()?;
            r.src.consume(size);
            r.index += 1;
            Some(b)
        })
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

    fn size_hint(&self) -> usize {
        if self.tail.is_some() {
            return 0;
        }
        crate::formats::records_left(&self.src, self.kind.record())
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

/// The kind of a Pavlicek format.
fn kind_of(f: Format) -> Option<Kind> {
    [Kind::Zbd, Kind::Zdd, Kind::Zrd, Kind::Zrj]
        .into_iter()
        .find(|k| k.format() == f)
}

/// True when records of `from` become records of `to` without the model:
/// the same format, or ZRD/ZRJ to ZBD, ZRD to ZDD, ZBD to ZRD.
fn transcodes(from: Format, to: Format) -> bool {
    use Kind::*;
    matches!(
        (kind_of(from), kind_of(to)),
        (Some(Zbd), Some(Zbd))
            | (Some(Zdd), Some(Zdd))
            | (Some(Zrd), Some(Zrd))
            | (Some(Zrj), Some(Zrj))
            | (Some(Zrd), Some(Zbd))
            | (Some(Zrj), Some(Zbd))
            | (Some(Zrd), Some(Zdd))
            | (Some(Zbd), Some(Zrd))
    )
}

/// Converts Pavlicek records to Pavlicek records without the model (see
/// [`transcodes`]): each record is checked as the reader checks it, then
/// its bytes copied or cut (ZRD to ZBD keeps the first 13 bytes), so the
/// output is the bytes the reader and writer would give, at the speed of
/// memory. What is dropped is counted as the reader and writer would.
fn transcode(
    mut src: Source<'_>,
    from: Format,
    to: Format,
    out: &mut dyn std::io::Write,
    progress: &mut dyn FnMut(u64),
) -> Result<crate::codec::Converted, crate::codec::ConvertError> {
    use crate::codec::keeps::LossKind;
    use crate::codec::ConvertError::{Output, Read, Write};
    use crate::codec::Loss;
    let (Some(kf), Some(kt)) = (kind_of(from), kind_of(to)) else {
        return Err(Write(Error::unsupported(to, "not a Pavlicek pair")));
    };
    let rec = kf.record();
    let t = kf.terminator();
    let mut obuf = Vec::with_capacity(1 << 20);
    let (mut boards, mut tables) = (0u64, 0u64);
    loop {
        let at = src.offset();
        let data = src.fill(rec * 4096).map_err(|e| Read(e.into()))?;
        if data.is_empty() {
            break;
        }
        let n = data.len() - data.len() % rec;
        let mut k = 0;
        let mut ended = false;
        while k < data.len() {
            let r = &data[k..];
            if r.len() >= t && r[..t].iter().all(|&b| b == 0) {
                ended = true;
                break;
            }
            let position = Position::record(boards, at + k as u64);
            if r.len() < rec {
                return Err(Read(Error::syntax(
                    from,
                    position,
                    format!(
                        "truncated record: {} of {rec} bytes at the end of the file",
                        r.len()
                    ),
                )));
            }
            let r = &r[..rec];
            check_record(kf, r).map_err(|m| {
                Read(Error::invalid(
                    from,
                    position,
                    format!("deal {}: {m}", boards + 1),
                ))
            })?;
            tables += u64::from(has_table(kf, r));
            output_record(kf, kt, r, &mut obuf)
                .map_err(|m| Write(Error::unsupported(to, format!("board {}: {m}", boards + 1))))?;
            boards += 1;
            k += rec;
        }
        let used = if ended { k } else { n.min(k) };
        src.consume(used);
        out.write_all(&obuf).map_err(Output)?;
        obuf.clear();
        progress(src.offset());
        if ended {
            let at = Position::record(boards, src.offset());
            let tail = src.fill_all(MAX_TAIL).map_err(|e| {
                Read(Error::limit(
                    from,
                    at,
                    format!("the bytes after the terminator are {e}"),
                ))
            })?;
            let info = SetInfo {
                pavlicek: Some(PavlicekInfo {
                    tail: tail.to_vec(),
                }),
                ..SetInfo::default()
            };
            write_tail(kt.terminator(), &info, &mut obuf);
            out.write_all(&obuf).map_err(Output)?;
            break;
        }
    }
    let mut losses = Vec::new();
    let lose = |kind, boards| Loss {
        format: to,
        dialect: crate::codec::options::Dialect::default(),
        kind,
        boards,
        range: None,
    };
    if matches!(kt, Kind::Zbd) && tables > 0 {
        losses.push(lose(LossKind::DdTables, tables));
    }
    if kt == Kind::Zdd && kf != Kind::Zdd && boards > 0 {
        losses.push(lose(LossKind::Deals, boards));
    }
    Ok(crate::codec::Converted { boards, losses })
}

/// True when a checked record holds a double-dummy result.
fn has_table(kind: Kind, r: &[u8]) -> bool {
    match kind {
        Kind::Zbd => false,
        Kind::Zdd => r.iter().any(|&b| b != 0xff),
        Kind::Zrd => r[13..].iter().any(|&b| b != 0xff),
        Kind::Zrj => r[13] >> 4 != 15 || r[14..].iter().any(|&b| b != 0xff),
    }
}

/// The checks the reader makes of one record, without building a board:
/// 13 cards a hand, tricks 0-13 or 15, ZRJ's unused bits 0.
fn check_record(kind: Kind, r: &[u8]) -> Result<(), String> {
    if kind != Kind::Zdd {
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
    let nibbles: &[u8] = match kind {
        Kind::Zbd => return Ok(()),
        Kind::Zdd => r,
        Kind::Zrd => &r[13..],
        Kind::Zrj => {
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
    if kind == Kind::Zrj && r[13] >> 4 == 14 {
        return Err("a trick count of 14 (0 to 13, or 15 for unknown)".into());
    }
    Ok(())
}

/// Appends the `to` record for a checked `from` record.
fn output_record(from: Kind, to: Kind, r: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    match (from, to) {
        (Kind::Zrd | Kind::Zrj, Kind::Zbd) => out.extend_from_slice(&r[..13]),
        (Kind::Zrd, Kind::Zdd) => {
            if r[13..15] == [0, 0] {
                return Err(
                    "all four hands take 0 tricks in notrump, which ZDD reads as the end of the file"
                        .into(),
                );
            }
            out.extend_from_slice(&r[13..]);
        }
        (Kind::Zbd, Kind::Zrd) => {
            out.extend_from_slice(r);
            out.extend_from_slice(&[0xff; 10]);
        }
        _ => out.extend_from_slice(r),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::card::{Card, Rank, Suit};

    use crate::codec::Format;
    use boardfile_io::{Diagnostics, Source};

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

    /// Converts `bytes` from `from` to `to`, by copying records when `copy`,
    /// else through the model.
    fn run(
        from: Format,
        to: Format,
        bytes: &[u8],
        copy: bool,
    ) -> Result<(Vec<u8>, Vec<String>), String> {
        let mut out = Vec::new();
        let mut diag = Diagnostics::strict();
        let options = crate::codec::options::WriteOptions::default();
        let src = Source::from_reader(bytes).with_read_ahead(4096);
        let done = if copy {
            crate::records::convert_file(src, from, to, &options, &mut out, &mut diag, &mut |_| {})
        } else {
            let mut r = from.open(src, &mut diag).map_err(|e| e.to_string())?;
            crate::records::convert(
                r.as_mut(),
                Some(from),
                to,
                &options,
                &mut out,
                &mut diag,
                &mut |_| {},
            )
        };
        done.map(|d| (out, d.losses.iter().map(|l| l.to_string()).collect()))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn copied_records_are_what_the_model_gives() {
        // 40,000 boards, some without a table, and a tail after them.
        let mut set = crate::model::set::BoardSet::default();
        for n in 1..=40_000u32 {
            let mut b = Board::new(n, Deal::from_number(u128::from(n) * 7_919_123).unwrap());
            if n % 3 > 0 {
                let mut t = DdTable::default();
                t.set(Seat::West, Strain::NoTrump, Some((n % 14) as u8))
                    .unwrap();
                t.set(Seat::North, Strain::Clubs, Some(1 + (n % 13) as u8))
                    .unwrap();
                b.dd = Some(t);
            }
            set.boards.push(b);
        }
        set.info.pavlicek = Some(PavlicekInfo {
            tail: vec![0, 0, 0, 0, 9, 8],
        });
        let mut copies = 0;
        for from in [
            Format::of(&ZBD),
            Format::of(&ZDD),
            Format::of(&ZRD),
            Format::of(&ZRJ),
        ] {
            let mut bytes = Vec::new();
            crate::records::write(from, &set, &mut bytes).unwrap();
            for &to in Format::all() {
                if transcodes(from, to) {
                    let copied = run(from, to, &bytes, true).unwrap();
                    assert!(
                        copied == run(from, to, &bytes, false).unwrap(),
                        "{from} -> {to}"
                    );
                    copies += 1;
                }
            }
        }
        assert_eq!(copies, 8);
        // ZRD to ZBD names the tables it drops.
        let mut zrd = Vec::new();
        crate::records::write(Format::of(&ZRD), &set, &mut zrd).unwrap();
        let (_, losses) = run(Format::of(&ZRD), Format::of(&ZBD), &zrd, true).unwrap();
        assert_eq!(
            losses,
            ["ZBD does not keep double-dummy tables (26667 boards)"]
        );
    }

    #[test]
    fn copying_checks_what_the_reader_checks() {
        let deal = Deal::from_number(12345).unwrap();
        let set = crate::model::set::BoardSet::from_boards(vec![Board::new(1, deal)]);
        let mut zrj = Vec::new();
        crate::records::write(Format::of(&ZRJ), &set, &mut zrj).unwrap();
        assert_eq!(
            run(Format::of(&ZRJ), Format::of(&ZBD), &zrj, true)
                .unwrap()
                .0,
            zrj[..13]
        );
        let mut bad = zrj.clone();
        bad[13] |= 0b0100;
        for copy in [true, false] {
            let e = run(Format::of(&ZRJ), Format::of(&ZBD), &bad, copy).unwrap_err();
            assert!(e.contains("bits 106-107 are 1"), "{e}");
        }
        let mut zrd = Vec::new();
        crate::records::write(Format::of(&ZRD), &set, &mut zrd).unwrap();
        zrd[20] = 0xfe; // a nibble of 14
        assert!(run(Format::of(&ZRD), Format::of(&ZBD), &zrd, true).is_err());
        assert!(run(Format::of(&ZRD), Format::Jsonl, &zrd, false).is_err());
        zrd[20] = 0xff;
        zrd[0] ^= 3; // the ace of spades to another hand: 14 cards there
        let e = run(Format::of(&ZRD), Format::of(&ZBD), &zrd, true).unwrap_err();
        assert!(e.contains("deal 1:"), "{e}");
        // A record cut short, past the first window.
        let mut one = Vec::new();
        crate::records::write(Format::of(&ZRD), &set, &mut one).unwrap();
        let mut long = one.repeat(1000);
        long.truncate(long.len() - 5);
        let e = run(Format::of(&ZRD), Format::of(&ZBD), &long, true).unwrap_err();
        assert!(
            e.contains("record 999 (byte 22977): truncated record: 18 of 23"),
            "{e}"
        );
    }
}
