//! DLM: DupSoft's board file for the Duplimate dealing machine.
//!
//! Spec: "DLM File Format" (`seeds/004_26b7205e9059b30e.txt`), with what real
//! files do (DESIGN.md). A DLM file is lines of text:
//!
//! ```text
//! [DOCUMENT]                       or [Document]
//! Headline=...                     header lines, key=value, in any order
//! Status=Show                      Show = 0, Edit = 3
//! Duplicates=0
//! From board=1
//! To board=32
//! Dealing method=1                 often absent; then it still counts as 1
//! Next board to duplimate=0
//! PrintOuts=0
//! Crypto key=0
//! Checksum=32                      Status ^ Duplicates ^ From ^ To ^ Method ^ Next
//! Duplicates 01=1                  then for each board 01..99:
//! Property 01=1                      (optional)
//! Board 01=fnbkmmincldklcfcofoiefnapm018
//! ...
//! [STARTUP]                        optional trailer, kept line for line
//! SuppressDeals=No
//! ```
//!
//! A board line is 26 letters and a checksum. Letter `k` (0-based) places
//! cards `2k` and `2k+1` of the sorted pack (♠A ♠K, ♠Q ♠J, ... ♣3 ♣2); its value
//! `a`..`p` is 4 × (seat of the first card) + (seat of the second), seats
//! N=0 E=1 S=2 W=3. The checksum is the XOR of the letter values (a=1 ... p=16),
//! the board number and the board's duplicates count, written with at least
//! three digits.
//!
//! Only boards From..To are the set's boards; the others (always all 99 in
//! files from DupSoft, often the sorted `aaaaaabffffffkkkkkklpppppp` in files
//! from elsewhere) are kept in [`DlmInfo::other_boards`]. The header lines,
//! the trailer lines, the line ending (LF or CR LF) and the final newline are
//! kept too, so reading and writing a file gives back the same bytes, with
//! `From board`, `To board` and both kinds of checksum computed anew.
//!
//! The `Headline` is the set's event: read as such (so it becomes PBN's
//! `Event` and BRE's first line), and written from the set's event, else
//! the first board's `Event` tag, when the set has no DLM header of its own.
//!
//! Cannot carry: dealer and vulnerability, board numbers above 99, partial
//! deals, site and date, another event than the first board's.

use crate::board::Board;
use crate::card::Card;
use crate::deal::{Deal, Seat};
use crate::formats::{excerpt, latin1_decode, latin1_encode, parse_u32, require_complete};
use crate::hand::Hand;
use crate::keeps::{Keeps, Numbers, Own, Tags};
use crate::registry::Descriptor;
use crate::set::{Heading, SetInfo};
use crate::{BoardReader, BoardWriter, Format};
use boardfile_io::{Diagnostics, Error, ErrorKind, FormatInfo, Position, Signature};
use std::borrow::Cow;
use std::collections::VecDeque;

pub use crate::model::extras::{DlmBoard, DlmInfo, DlmOtherBoard};

/// The highest board number a DLM file holds.
pub const MAX_BOARD: u32 = 99;

/// The most a DLM file may hold: 99 boards take a few kilobytes.
const MAX_FILE: usize = 16 << 20;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "DLM",
        extensions: &["dlm"],
        description: "DupSoft DLM, text with header and board checksums",
        signature: Signature::Content {
            rank: 10,
            test: sniff,
        },
        reads: true,
        writes: true,
    },
    keeps: Keeps {
        numbers: Numbers::Range(MAX_BOARD),
        tags: Tags::Only {
            names: &["Event"],
            described: "the event (its Headline)",
        },
        own: &[Own::Dlm],
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|mut src, diag| {
        let at = Position::byte(src.offset());
        let bytes = src
            .fill_all(MAX_FILE)
            .map_err(|e| crate::formats::window_error(Format::Dlm, at, e))?;
        let set = read(bytes, diag)?;
        let boards = set.boards.into();
        Ok(Box::new(DlmReader {
            info: set.info,
            boards,
            size: bytes.len() as u64,
        }))
    }),
    writer: Some(|_| Box::new(DlmWriter::default())),
};

/// A DLM file, read whole (it is small), handed out a board at a time.
struct DlmReader {
    info: SetInfo,
    boards: VecDeque<Board>,
    size: u64,
}

impl BoardReader for DlmReader {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, _: &mut Diagnostics) -> Result<Option<Board>, Error> {
        Ok(self.boards.pop_front())
    }

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        _: &mut Diagnostics,
    ) -> Result<bool, Error> {
        let n = self.boards.len().min(until.saturating_sub(boards.len()));
        if boards.is_empty() && n == self.boards.len() {
            // All of them at once: the list itself, not a copy.
            *boards = std::mem::take(&mut self.boards).into();
            return Ok(false);
        }
        boards.extend(self.boards.drain(..n));
        Ok(!self.boards.is_empty())
    }

    fn tail(&mut self) -> SetInfo {
        std::mem::take(&mut self.info)
    }

    fn position(&self) -> u64 {
        self.size
    }

    /// None to make room for: read_boards hands over the list it holds.
    fn size_hint(&self) -> usize {
        0
    }
}

/// True when the first line is `[Document]` in any case.
pub fn sniff(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    bytes[start..].len() >= 10 && bytes[start..start + 10].eq_ignore_ascii_case(b"[document]")
}

/// Letter value `a`=1 ... `p`=16 as used by the checksum.
fn letter_value(c: u8) -> Option<u32> {
    (b'a'..=b'p').contains(&c).then(|| u32::from(c - b'a') + 1)
}

/// The 26 letters of a deal.
pub fn encode_letters(deal: &Deal) -> [u8; 26] {
    let mut seat_of = [0u8; 52];
    for seat in Seat::ALL {
        for card in deal.hand(seat).cards() {
            seat_of[card.index() as usize] = seat as u8;
        }
    }
    std::array::from_fn(|k| b'a' + 4 * seat_of[2 * k] + seat_of[2 * k + 1])
}

/// The checksum of a board line.
pub fn board_checksum(letters: &[u8; 26], number: u32, duplicates: u32) -> u32 {
    letters
        .iter()
        .map(|&c| u32::from(c - b'a') + 1)
        .fold(0, |a, v| a ^ v)
        ^ number
        ^ duplicates
}

/// The header checksum: Status (Show 0, Edit 3) ^ Duplicates ^ From ^ To ^
/// Dealing method (1 when absent) ^ Next board to duplimate.
pub fn header_checksum(
    status_edit: bool,
    duplicates: u32,
    from: u32,
    to: u32,
    method: u32,
    next: u32,
) -> u32 {
    (if status_edit { 3 } else { 0 }) ^ duplicates ^ from ^ to ^ method ^ next
}

struct Line<'a> {
    text: &'a [u8],
    number: u64, // from 1
    byte: u64,
}

/// Splits into lines without their endings; reports CR LF use.
fn lines(bytes: &[u8]) -> (Vec<Line<'_>>, bool, bool, bool) {
    let mut out = Vec::new();
    let mut crlf = 0;
    let mut lf = 0;
    let mut byte = 0;
    for (i, raw) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let mut text = raw;
        if let Some(t) = text.strip_suffix(b"\n") {
            text = t;
            match t.strip_suffix(b"\r") {
                Some(t) => {
                    text = t;
                    crlf += 1;
                }
                None => lf += 1,
            }
        }
        out.push(Line {
            text,
            number: i as u64 + 1,
            byte,
        });
        byte += raw.len() as u64;
    }
    let final_newline = bytes.last() == Some(&b'\n');
    (out, crlf > lf, crlf > 0 && lf > 0, final_newline)
}

/// Which per-board line a key names: `Duplicates NN`, `Property NN`, `Board NN`.
#[derive(Clone, Copy, PartialEq)]
enum BoardKey {
    Duplicates,
    Property,
    Board,
}

fn board_key(key: &[u8]) -> Option<(BoardKey, &[u8])> {
    for (prefix, kind) in [
        (&b"Duplicates "[..], BoardKey::Duplicates),
        (b"Property ", BoardKey::Property),
        (b"Board ", BoardKey::Board),
    ] {
        if key.len() > prefix.len() && key[..prefix.len()].eq_ignore_ascii_case(prefix) {
            return Some((kind, &key[prefix.len()..]));
        }
    }
    None
}

#[derive(Default)]
struct Slot {
    duplicates: Option<u32>,
    property: Option<String>,
    board: Option<(Deal, u64, u64, u64)>, // deal, record, line, byte
}

/// Reads a DLM file.
fn read(bytes: &[u8], diag: &mut Diagnostics) -> Result<crate::BoardSet, Error> {
    let body = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let bom = (bytes.len() - body.len()) as u64;
    let (lines, crlf, mixed, final_newline) = lines(body);
    let pos = |l: &Line, col: usize| Position::byte(bom + l.byte + col as u64).with_line(l.number);
    if mixed {
        diag.warn(
            Format::Dlm,
            None,
            format!(
                "lines end in both LF and CR LF; they are written with {}",
                if crlf { "CR LF" } else { "LF" }
            ),
        );
    }
    // A line whose text ends in CR (CR CR LF) would lose it, or gain a CR
    // LF, when written again.
    if let Some(l) = lines.iter().find(|l| l.text.ends_with(b"\r")) {
        diag.error(Error::syntax(
            Format::Dlm,
            pos(l, l.text.len() - 1),
            "a carriage return before the line end of its own",
        ))?;
    }
    let first = lines
        .first()
        .filter(|l| l.text.trim_ascii().eq_ignore_ascii_case(b"[document]"));
    let Some(first) = first else {
        return Err(Error::syntax(
            Format::Dlm,
            Position::byte(0).with_line(1),
            "the file does not start with [Document]",
        ));
    };
    let mut info = DlmInfo {
        section: latin1_decode(first.text),
        crlf,
        final_newline,
        ..DlmInfo::default()
    };
    let mut slots: Vec<Slot> = (0..=MAX_BOARD).map(|_| Slot::default()).collect();
    let mut in_boards = false;
    let mut in_trailer = false;
    let mut record = 0u64;
    let mut header_checksum_line = None;
    for line in &lines[1..] {
        if in_trailer {
            info.trailer.push(latin1_decode(line.text));
            continue;
        }
        let eq = line.text.iter().position(|&b| b == b'=');
        let key = &line.text[..eq.unwrap_or(line.text.len())];
        let Some((kind, digits)) = eq.and_then(|_| board_key(key)) else {
            if in_boards {
                in_trailer = true;
                info.trailer.push(latin1_decode(line.text));
                continue;
            }
            let Some(eq) = eq else {
                return Err(Error::syntax(
                    Format::Dlm,
                    pos(line, 0),
                    format!(
                        "expected key=value, found {}",
                        excerpt(&latin1_decode(line.text))
                    ),
                ));
            };
            if key.eq_ignore_ascii_case(b"Checksum") {
                header_checksum_line = Some((line.number, line.byte, eq));
            }
            info.header
                .push((latin1_decode(key), latin1_decode(&line.text[eq + 1..])));
            continue;
        };
        in_boards = true;
        let eq = eq.unwrap_or(0);
        let value = &line.text[eq + 1..];
        let number = match parse_u32(digits) {
            Some(n) if (1..=MAX_BOARD).contains(&n) => n,
            _ => {
                return Err(Error::syntax(
                    Format::Dlm,
                    pos(line, 0),
                    format!(
                        "{} is not a board number from 01 to 99",
                        excerpt(&latin1_decode(digits))
                    ),
                ))
            }
        };
        let slot = &mut slots[number as usize];
        match kind {
            BoardKey::Duplicates => match parse_u32(value) {
                Some(n) => slot.duplicates = Some(n),
                None => diag.error(Error::syntax(
                    Format::Dlm,
                    pos(line, eq + 1),
                    format!(
                        "board {number}: duplicates {} is not a number",
                        excerpt(&latin1_decode(value))
                    ),
                ))?,
            },
            BoardKey::Property => slot.property = Some(latin1_decode(value)),
            BoardKey::Board => {
                let at = pos(line, eq + 1);
                let at = Position {
                    record: Some(record),
                    ..at
                };
                record += 1;
                if slot.board.is_some() {
                    diag.error(Error::syntax(
                        Format::Dlm,
                        at,
                        format!("board {number} appears twice"),
                    ))?;
                    continue;
                }
                let dups = slot.duplicates.unwrap_or(0);
                match decode_board(value, number, dups, at) {
                    Ok(deal) => {
                        slot.board = Some((deal, at.record.unwrap_or(0), line.number, at.byte))
                    }
                    Err(e) => diag.error(e)?,
                }
            }
        }
    }

    // Header fields and their checksum.
    let find = |name: &str| {
        info.header
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let header_pos = |name: &str| -> Position {
        let line = lines.iter().find(|l| {
            l.text.len() > name.len() && l.text[..name.len()].eq_ignore_ascii_case(name.as_bytes())
        });
        line.map_or(Position::byte(0), |l| pos(l, 0))
    };
    let number_field = |name: &str, default: Option<u32>| -> Result<u32, Error> {
        match (find(name), default) {
            (Some(v), _) => parse_u32(v.trim().as_bytes()).ok_or_else(|| {
                let digits = v.trim().bytes().all(|c| c.is_ascii_digit());
                let what = if digits && !v.trim().is_empty() {
                    "is a number out of range"
                } else {
                    "is not a number"
                };
                Error::syntax(
                    Format::Dlm,
                    header_pos(name),
                    format!("{name}={v:?} {what}"),
                )
            }),
            (None, Some(d)) => Ok(d),
            (None, None) => Err(Error::syntax(
                Format::Dlm,
                Position::byte(0),
                format!("no {name}= line in the header"),
            )),
        }
    };
    let status_edit = match find("Status") {
        Some("Show") => false,
        Some("Edit") => true,
        Some(other) => {
            return Err(Error::syntax(
                Format::Dlm,
                header_pos("Status"),
                format!("Status={other:?}: expected Show or Edit"),
            ))
        }
        None => {
            return Err(Error::syntax(
                Format::Dlm,
                Position::byte(0),
                "no Status= line in the header",
            ))
        }
    };
    let duplicates = number_field("Duplicates", None)?;
    let from = number_field("From board", None)?;
    let to = number_field("To board", None)?;
    let method = number_field("Dealing method", Some(1))?;
    let next = number_field("Next board to duplimate", None)?;
    let stored = number_field("Checksum", None)?;
    let expected = header_checksum(status_edit, duplicates, from, to, method, next);
    if stored != expected {
        let (line, byte, eq) = header_checksum_line.unwrap_or((1, 0, 0));
        diag.error(
            Error::new(ErrorKind::Checksum {
                what: "header".into(),
                found: stored.to_string(),
                expected: expected.to_string(),
            })
            .at(
                Format::Dlm,
                Position::byte(bom + byte + eq as u64 + 1).with_line(line),
            ),
        )?;
    }
    if !(1..=MAX_BOARD).contains(&from) || !(from..=MAX_BOARD).contains(&to) {
        return Err(Error::invalid(
            Format::Dlm,
            header_pos("From board"),
            format!("From board={from} and To board={to} are not a range within 1..99"),
        ));
    }

    let mut boards = Vec::with_capacity((to - from + 1) as usize);
    let mut missing = Vec::new();
    for (number, slot) in slots.into_iter().enumerate().skip(1) {
        let number = number as u32;
        let fields = DlmBoard {
            duplicates: slot.duplicates.unwrap_or(0),
            property: slot.property,
        };
        let Some((deal, ..)) = slot.board else {
            missing.push(number);
            continue;
        };
        if slot.duplicates.is_none() {
            diag.warn(
                Format::Dlm,
                None,
                format!("board {number} has no Duplicates line; it is written with 0"),
            );
        }
        if (from..=to).contains(&number) {
            let mut board = Board::new(number, deal);
            board.dlm = Some(fields);
            boards.push(board);
        } else if deal != Deal::sorted() || fields != DlmBoard::default() {
            // Undealt boards with no fields are what the writer fills empty
            // slots with, so only the others need keeping.
            info.other_boards.push(DlmOtherBoard {
                number,
                deal,
                fields,
            });
        }
    }
    if let Some(&gap) = missing.iter().find(|n| (from..=to).contains(*n)) {
        diag.error(Error::invalid(
            Format::Dlm,
            Position::byte(bytes.len() as u64),
            format!("board {gap} is inside From..To ({from}..{to}) but has no Board line"),
        ))?;
    }
    let outside_missing = missing.iter().filter(|n| !(from..=to).contains(*n)).count();
    if outside_missing > 0 {
        diag.warn(
            Format::Dlm,
            None,
            format!("{outside_missing} of the boards 1..99 outside From..To are missing; DupSoft expects all 99, and they are written as undealt"),
        );
    }
    // The headline is the set's event, for formats that keep one elsewhere
    // (PBN's Event, BRE's first line).
    let event = info
        .header
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("Headline"))
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty());
    Ok(crate::BoardSet {
        boards,
        info: SetInfo {
            event,
            dlm: Some(info),
            ..SetInfo::default()
        },
    })
}

/// Decodes `letters` + checksum of board `number`.
fn decode_board(value: &[u8], number: u32, duplicates: u32, at: Position) -> Result<Deal, Error> {
    let shift = |p: Position, n: usize| Position {
        byte: p.byte + n as u64,
        ..p
    };
    if value.len() < 27 {
        return Err(Error::syntax(
            Format::Dlm,
            at,
            format!("board {number}: expected 26 letters and a checksum"),
        ));
    }
    let mut letters = [0u8; 26];
    letters.copy_from_slice(&value[..26]);
    if let Some(i) = letters.iter().position(|&c| letter_value(c).is_none()) {
        let c = letters[i];
        let why = if letter_value(c.to_ascii_lowercase()).is_some() {
            " (the letters are lower case)"
        } else {
            ""
        };
        return Err(Error::syntax(
            Format::Dlm,
            shift(at, i),
            format!(
                "board {number}: {:?} is not a letter from a to p{why}",
                c as char
            ),
        ));
    }
    let stored = parse_u32(&value[26..]).ok_or_else(|| {
        Error::syntax(
            Format::Dlm,
            shift(at, 26),
            format!(
                "board {number}: the checksum {:?} is not a number",
                latin1_decode(&value[26..])
            ),
        )
    })?;
    let expected = board_checksum(&letters, number, duplicates);
    if stored != expected {
        return Err(Error::new(ErrorKind::Checksum {
            what: format!("board {number}"),
            found: latin1_decode(&value[26..]),
            expected: format!("{expected:03}"),
        })
        .at(Format::Dlm, shift(at, 26)));
    }
    let mut hands = [Hand::EMPTY; 4];
    for (k, &c) in letters.iter().enumerate() {
        let v = c - b'a';
        for (card, seat) in [(2 * k, v / 4), (2 * k + 1, v % 4)] {
            if let Some(card) = Card::from_index(card as u8) {
                hands[seat as usize].insert(card);
            }
        }
    }
    if let Some(seat) = Seat::ALL.into_iter().find(|s| hands[s.index()].len() != 13) {
        return Err(Error::invalid(
            Format::Dlm,
            at,
            format!(
                "board {number}: {} holds {} cards",
                seat.name(),
                hands[seat.index()].len()
            ),
        ));
    }
    Deal::new(hands).map_err(|e| Error::invalid(Format::Dlm, at, format!("board {number}: {e}")))
}

fn default_header(event: Option<&str>) -> Vec<(String, String)> {
    [
        ("Headline", event.unwrap_or("")),
        ("Status", "Show"),
        ("Duplicates", "0"),
        ("From board", ""),
        ("To board", ""),
        ("Dealing method", "1"),
        ("Next board to duplimate", "0"),
        ("PrintOuts", "0"),
        ("Crypto key", "0"),
        ("Checksum", ""),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

/// Writes a DLM file: the set's DLM header and trailer when it has them
/// (DupSoft's layout with CR LF otherwise), all 99 boards, fresh checksums.
/// The boards (at most 99) are held until the end, when From and To are known.
#[derive(Default)]
pub struct DlmWriter {
    boards: Vec<(u32, Deal, DlmBoard)>,
    /// The board numbers held, a bit each.
    numbers: u128,
    /// The first board's event (a PBN `Event` tag): the `Headline` of a set
    /// written without a DLM header of its own.
    event: Option<String>,
}

impl BoardWriter for DlmWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, _: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(b, Format::Dlm)?;
        if !(1..=MAX_BOARD).contains(&b.number) {
            let (lo, hi) = self
                .boards
                .iter()
                .map(|x| x.0)
                .chain([b.number])
                .fold((u32::MAX, 0), |(lo, hi), n| (lo.min(n), hi.max(n)));
            return Err(Error::unsupported(
                Format::Dlm,
                format!("board numbers run {lo} to {hi}; DLM holds boards 1 to 99"),
            ));
        }
        if self.numbers & (1 << b.number) != 0 {
            return Err(Error::unsupported(
                Format::Dlm,
                format!(
                    "board {} appears twice; DLM holds each number once",
                    b.number
                ),
            ));
        }
        self.numbers |= 1 << b.number;
        if self.boards.is_empty() {
            self.event = SetInfo::default()
                .heading(Heading::Event, Some(b))
                .map(str::to_string);
        }
        self.boards
            .push((b.number, b.deal, b.dlm.clone().unwrap_or_default()));
        Ok(())
    }

    fn finish(&mut self, tail: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        let mut set = Cow::Borrowed(tail);
        if tail.event.is_none() && self.event.is_some() {
            set.to_mut().event = self.event.take();
        }
        write(std::mem::take(&mut self.boards), &set, out)
    }
}

fn write(
    boards: Vec<(u32, Deal, DlmBoard)>,
    set: &SetInfo,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let unsupported = |m: String| Error::unsupported(Format::Dlm, m);
    let (from, to) = match (
        boards.iter().map(|b| b.0).min(),
        boards.iter().map(|b| b.0).max(),
    ) {
        (Some(f), Some(t)) => (f, t),
        _ => {
            return Err(unsupported(
                "a set with no boards cannot be written as DLM".into(),
            ))
        }
    };
    // Board slots 1..99: the set's boards, then the DLM's other boards, else undealt.
    let mut slots: Vec<Option<(Deal, DlmBoard)>> = vec![None; MAX_BOARD as usize + 1];
    for (number, deal, fields) in boards {
        slots[number as usize] = Some((deal, fields));
    }
    let info = set.dlm.as_ref();
    for other in info.map_or(&[][..], |i| &i.other_boards[..]) {
        let slot = &mut slots[other.number as usize];
        if slot.is_none() && !(from..=to).contains(&other.number) {
            *slot = Some((other.deal, other.fields.clone()));
        }
    }

    let default;
    let header = match info {
        Some(i) => &i.header,
        None => {
            default = default_header(set.event.as_deref());
            &default
        }
    };
    let get = |name: &str| {
        header
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    let num = |name: &str, d: u32| get(name).and_then(|v| parse_u32(v.as_bytes())).unwrap_or(d);
    let checksum = header_checksum(
        get("Status") == Some("Edit"),
        num("Duplicates", 0),
        from,
        to,
        num("Dealing method", 1),
        num("Next board to duplimate", 0),
    );
    let eol: &[u8] = if info.is_none_or(|i| i.crlf) {
        b"\r\n"
    } else {
        b"\n"
    };
    let mut text: Vec<u8> = Vec::with_capacity(4096);
    let mut line = |parts: &[&[u8]]| {
        for p in parts {
            text.extend_from_slice(p);
        }
        text.extend_from_slice(eol);
    };
    let encode = |what: &str, s: &str| {
        latin1_encode(s)
            .map_err(|c| unsupported(format!("{what} holds {c:?}, which ISO-8859-1 cannot write")))
    };
    line(&[encode(
        "the section line",
        info.map_or("[Document]", |i| &i.section),
    )?
    .as_slice()]);
    for (k, v) in header {
        let value = if k.eq_ignore_ascii_case("From board") {
            from.to_string()
        } else if k.eq_ignore_ascii_case("To board") {
            to.to_string()
        } else if k.eq_ignore_ascii_case("Checksum") {
            checksum.to_string()
        } else {
            v.clone()
        };
        line(&[
            &encode("a header key", k)?,
            b"=",
            &encode("a header value", &value)?,
        ]);
    }
    let undealt = (Deal::sorted(), DlmBoard::default());
    let (mut duplicates, mut digits) = (Vec::with_capacity(10), Vec::with_capacity(10));
    for (number, slot) in slots.iter().enumerate().skip(1) {
        let (deal, fields) = slot.as_ref().unwrap_or(&undealt);
        // Numbers as the writer's `{:02}` and `{:03}` give them.
        let n = [b'0' + (number / 10) as u8, b'0' + (number % 10) as u8];
        duplicates.clear();
        crate::formats::push_number(&mut duplicates, fields.duplicates);
        line(&[b"Duplicates ", &n, b"=", &duplicates]);
        if let Some(p) = &fields.property {
            line(&[b"Property ", &n, b"=", &encode("a property", p)?]);
        }
        let letters = encode_letters(deal);
        let sum = board_checksum(&letters, number as u32, fields.duplicates);
        digits.clear();
        if sum < 100 {
            digits.push(b'0');
        }
        if sum < 10 {
            digits.push(b'0');
        }
        crate::formats::push_number(&mut digits, sum);
        line(&[b"Board ", &n, b"=", &letters, &digits]);
    }
    for t in info.map_or(&[][..], |i| &i.trailer[..]) {
        line(&[&encode("a trailer line", t)?]);
    }
    if info.is_some_and(|i| !i.final_newline) {
        text.truncate(text.len() - eol.len());
    }
    out.extend_from_slice(&text);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_examples_of_the_paper() {
        // Section 1.3.7: board 01=fnbkmmincldklcfcofoiefnapm with duplicates 1 has checksum 018.
        let letters: [u8; 26] = *b"fnbkmmincldklcfcofoiefnapm";
        assert_eq!(board_checksum(&letters, 1, 1), 18);
        // Section 1.3.6: From 1 To 32 Method 1 gives 32; From 10 To 24 Method 1 Next 1 gives 18.
        assert_eq!(header_checksum(false, 0, 1, 32, 1, 0), 32);
        assert_eq!(header_checksum(false, 0, 10, 24, 1, 1), 18);
        // Appendix B: Duplicates=1, From 1, To 32, no Dealing method line: 33.
        assert_eq!(header_checksum(false, 1, 1, 32, 1, 0), 33);
        // Appendix B's undealt boards: board 33 has checksum 047, board 96 has 110.
        let sorted = encode_letters(&Deal::sorted());
        assert_eq!(&sorted, b"aaaaaabffffffkkkkkklpppppp");
        assert_eq!(board_checksum(&sorted, 33, 0), 47);
        assert_eq!(board_checksum(&sorted, 96, 0), 110);
    }

    #[test]
    fn letters_round_trip() {
        let deal = Deal::parse_pbn(
            "N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543",
        )
        .unwrap();
        // Appendix A board 1 is Appendix C board 1.
        assert_eq!(&encode_letters(&deal), b"fnbkmmincldklcfcofoiefnapm");
        let at = Position::byte(0);
        assert_eq!(
            decode_board(b"fnbkmmincldklcfcofoiefnapm018", 1, 1, at).unwrap(),
            deal
        );
    }

    #[test]
    fn board_errors() {
        let at = Position::byte(100).with_line(14);
        let e = decode_board(b"fnbkmmincldklcfcofoiefnapm019", 1, 1, at).unwrap_err();
        assert_eq!(e.to_string(), "DLM error at line 14 (byte 126): board 1: checksum 019 in the file, 018 computed from the data");
        let e = decode_board(b"Fnbkmmincldklcfcofoiefnapm018", 1, 1, at).unwrap_err();
        assert!(
            e.to_string().contains("(the letters are lower case)"),
            "{e}"
        );
        // aaaa...: North would hold everything.
        let e = decode_board(b"aaaaaaaaaaaaaaaaaaaaaaaaaa001", 1, 0, at).unwrap_err();
        assert!(e.to_string().contains("North holds 52 cards"), "{e}");
    }
}
