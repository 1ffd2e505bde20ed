//! JSON Lines: boardfile's canonical, scriptable form.
//!
//! Spec: DESIGN.md. One JSON object a line, UTF-8. A board line:
//!
//! ```json
//! {"board":1,"dealer":"N","vulnerable":"None","deal":"N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543",
//!  "dd":{"N":{"C":6,"D":5,"H":4,"S":3,"NT":6},"E":{..},"S":{..},"W":{..}},
//!  "par":{"score_ns":-420,"contracts":["4S-W"]}}
//! ```
//!
//! | key | meaning |
//! |---|---|
//! | `board` | board number (required) |
//! | `dealer` | `N` `E` `S` `W`; by the board number when absent |
//! | `vulnerable` | `None` `NS` `EW` `All`; by the board number when absent |
//! | `deal` | PBN deal form, any first seat on read, `N:` first on write, `-` for an unknown hand |
//! | `dd` | tricks by declarer then strain, `null` for unknown or not believed; only when known |
//! | `dd_stored` | a stored table not wholly believed (floored by its writer, or with a count its deal forbids: [`crate::trust`]): `tricks`, its 20 counts as stored (PBN's `DoubleDummyTricks`), and `floored` (`{"stored":1,"at_most":6}`: each count stored as 1 means at most 6) or `impossible: true`; only then |
//! | `par` | `score_ns` and `contracts`; only when known |
//! | `dlm` | DLM's `duplicates` and `property` of the board |
//! | `dup_trailer` | the 10 bytes of a DUP record's trailer, as a string (NULs as `\u0000`) |
//! | `inferred` | which of `board`, `dealer`, `vulnerable`, `leader` (the play's, with no contract to give it) the file read did not give, worked out instead: `["dealer","vulnerable"]`; only when any |
//! | `tags`, `auction`, `play`, `play_values`, `comments`, `lin`, `pbn` | see [`game`] |
//!
//! Set-level data, when there is any, comes first on a line of its own,
//! `{"set":{...}}`, with `event`, `site`, `date` and `dlm` (the DLM header
//! lines as `[key, value]` pairs, `trailer` lines, `line_ending` `LF`/`CRLF`,
//! `final_newline`, and `other_boards`, the boards outside From..To, each
//! `{"board","deal","duplicates","property"}`), `pbn` (`preamble`, the `%`
//! lines before the first game; `utf8`; `bom`; `head`, the text before the
//! first game as it stood, line ends and all) and `lin` (`header`, the text
//! before the first board; `latin1`, the file read as ISO-8859-1), and
//! `blind: true` for deals a dealing machine must not show (a blind DUP,
//! DLM's `Status=Sealed`). A Pavlicek binary file's terminator record and
//! what follows it come last, where they stood in the file, on a set line
//! of their own after the boards: `{"set":{"pavlicek":{"tail":"<hex>"}}}`
//! (read on the first set line too). A reader that wants only boards can
//! skip lines without a `board` key.
//!
//! Unknown keys are an error, so a misspelt key is not silently dropped.
//! Blank lines are skipped.

use crate::codec::keeps::Keeps;
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{Descriptor, Hooks};
use crate::formats::window_error;
use crate::model::board::{Board, DdTable, Inferred, Par, Trust, Vulnerability};
use crate::model::card::Strain;
use crate::model::deal::{Deal, Seat};
use crate::model::extras::{
    DlmBoard, DlmInfo, DlmOtherBoard, DupTrailer, LinBoard, LinInfo, PavlicekInfo, PbnGame, PbnInfo,
};
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};
use serde::Deserialize;
use std::borrow::Cow;

pub mod game;
mod plain;
use game::{JsonComment, JsonSequence, JsonTags};

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "JSONL",
        extensions: &["jsonl", "ndjson"],
        description: "JSON Lines, one board a line (boardfile's canonical form)",
        signature: Signature::Content {
            rank: 9,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps::EVERYTHING,
    reader: Some(|src, diag| Ok(Box::new(JsonlReader::open(src, diag)?))),
    writer: Some(|options| {
        Box::new(JsonlWriter {
            normalize: options.normalize,
        })
    }),
    hooks: Hooks::NONE,
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the text opens with a JSON object: `{` and a key (or `}`).
pub fn sniff(bytes: &[u8]) -> bool {
    // `{` then a key or `}`: a PBN file opening with a `{comment}` is not
    // JSON.
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let bytes = bytes.trim_ascii_start();
    match bytes.strip_prefix(b"{") {
        Some(rest) => matches!(
            rest.trim_ascii_start().first(),
            Some(b'"') | Some(b'}') | None
        ),
        None => false,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonBoard<'a> {
    board: u32,
    #[serde(borrow)]
    dealer: Option<Cow<'a, str>>,
    #[serde(borrow)]
    vulnerable: Option<Cow<'a, str>>,
    #[serde(borrow)]
    deal: Cow<'a, str>,
    dd: Option<JsonDd>,
    dd_stored: Option<JsonDdStored>,
    par: Option<JsonPar>,
    dlm: Option<JsonDlmBoard>,
    dup_trailer: Option<String>,
    #[serde(default)]
    tags: JsonTags,
    auction: Option<JsonSequence>,
    play: Option<JsonSequence>,
    play_values: Option<game::JsonPlayValues>,
    #[serde(default)]
    comments: Vec<JsonComment>,
    lin: Option<String>,
    pbn: Option<String>,
    #[serde(default)]
    inferred: Vec<String>,
}

/// A double-dummy table: seats, then strains (fixed fields, not maps, for
/// speed: millions of boards carry one).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonDd {
    #[serde(rename = "N")]
    n: Option<JsonStrains>,
    #[serde(rename = "E")]
    e: Option<JsonStrains>,
    #[serde(rename = "S")]
    s: Option<JsonStrains>,
    #[serde(rename = "W")]
    w: Option<JsonStrains>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonDdStored {
    tricks: String,
    floored: Option<JsonFloor>,
    #[serde(default)]
    impossible: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonFloor {
    stored: u8,
    at_most: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonStrains {
    #[serde(rename = "C")]
    c: Option<u8>,
    #[serde(rename = "D")]
    d: Option<u8>,
    #[serde(rename = "H")]
    h: Option<u8>,
    #[serde(rename = "S")]
    s: Option<u8>,
    #[serde(rename = "NT")]
    nt: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPar {
    score_ns: i32,
    contracts: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonDlmBoard {
    #[serde(default)]
    duplicates: u32,
    property: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonSetLine {
    set: JsonSet,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JsonSet {
    event: Option<String>,
    site: Option<String>,
    date: Option<String>,
    dlm: Option<JsonDlm>,
    pbn: Option<JsonPbn>,
    lin: Option<JsonLin>,
    pavlicek: Option<JsonPavlicek>,
    #[serde(default)]
    blind: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPavlicek {
    /// The terminator and what follows, in hex.
    tail: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPbn {
    #[serde(default)]
    preamble: Vec<String>,
    #[serde(default)]
    utf8: bool,
    #[serde(default)]
    bom: bool,
    head: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonLin {
    #[serde(default)]
    header: String,
    #[serde(default)]
    latin1: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonDlm {
    section: String,
    header: Vec<(String, String)>,
    #[serde(default)]
    trailer: Vec<String>,
    line_ending: String,
    final_newline: bool,
    #[serde(default)]
    other_boards: Vec<JsonOtherBoard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonOtherBoard {
    board: u32,
    deal: String,
    #[serde(default)]
    duplicates: u32,
    property: Option<String>,
}

fn board_from_json(j: JsonBoard<'_>) -> Result<Board, String> {
    let deal = Deal::parse_pbn(&j.deal)?;
    let mut board = Board::new(j.board, deal);
    if let Some(d) = j.dealer {
        board.dealer = match d.as_bytes() {
            [c] => Seat::from_letter(*c),
            _ => None,
        }
        .ok_or_else(|| format!("dealer {d:?} is not N, E, S or W"))?;
    }
    if let Some(v) = j.vulnerable {
        board.vulnerability = Vulnerability::from_name(&v)
            .ok_or_else(|| format!("vulnerable {v:?} is not None, NS, EW or All"))?;
    }
    if let Some(dd) = j.dd {
        let mut table = DdTable::default();
        for (seat, strains) in Seat::ALL.into_iter().zip([dd.n, dd.e, dd.s, dd.w]) {
            let Some(t) = strains else { continue };
            for (strain, tricks) in [
                (Strain::Clubs, t.c),
                (Strain::Diamonds, t.d),
                (Strain::Hearts, t.h),
                (Strain::Spades, t.s),
                (Strain::NoTrump, t.nt),
            ] {
                table
                    .set(seat, strain, tricks)
                    .map_err(|e| format!("dd {} {}: {e}", seat.letter(), strain.name()))?;
            }
        }
        board.dd = Some(table);
    }
    if let Some(stored) = j.dd_stored {
        let mut table = DdTable::from_hex(&stored.tricks).map_err(|e| format!("dd_stored: {e}"))?;
        table.set_trust(match (stored.floored, stored.impossible) {
            (Some(f), false) if f.stored <= f.at_most && f.at_most <= 13 => Trust::Floored {
                stored: f.stored,
                at_most: f.at_most,
            },
            (None, true) => Trust::Impossible,
            _ => {
                return Err(
                    "dd_stored: give floored (stored at most at_most, at most 13) or impossible, one of them".into(),
                )
            }
        });
        if board.dd.is_some_and(|d| d != table.believed()) {
            return Err("dd_stored: its believed counts are not dd's".into());
        }
        board.dd = Some(table);
    }
    board.par = j.par.map(|p| Par {
        score_ns: p.score_ns,
        contracts: p.contracts,
    });
    board.dlm = j.dlm.map(|d| DlmBoard {
        duplicates: d.duplicates,
        property: d.property,
    });
    if let Some(t) = j.dup_trailer {
        board.dup_trailer = Some(trailer_from_text(&t)?);
    }
    board.tags = j.tags.0;
    if let Some(a) = j.auction {
        board.auction = Some(Box::new(
            game::auction_from_json(a).map_err(|e| format!("auction: {e}"))?,
        ));
    }
    if let Some(p) = j.play {
        board.play = Some(Box::new(
            game::play_from_json(p).map_err(|e| format!("play: {e}"))?,
        ));
    }
    if let Some(v) = j.play_values {
        board.play_values = Some(Box::new(
            game::play_values_from_json(v).map_err(|e| format!("play_values: {e}"))?,
        ));
    }
    for c in j.comments {
        board.comments.push(game::comment_from_json(c)?);
    }
    board.lin = j.lin.map(LinBoard);
    board.pbn = j.pbn.map(PbnGame);
    for name in &j.inferred {
        board
            .inferred
            .insert(Inferred::from_name(name).ok_or_else(|| {
                format!("inferred {name:?} is not board, dealer, vulnerable or leader")
            })?);
    }
    Ok(board)
}

fn trailer_from_text(t: &str) -> Result<DupTrailer, String> {
    let bytes = crate::formats::latin1_encode(t).map_err(|c| format!("dup_trailer holds {c:?}"))?;
    let raw: [u8; 10] = bytes
        .try_into()
        .map_err(|_| format!("dup_trailer {t:?} is not 10 characters"))?;
    Ok(DupTrailer(raw))
}

fn set_from_json(j: JsonSet) -> Result<SetInfo, String> {
    let dlm = match j.dlm {
        None => None,
        Some(d) => {
            let crlf = match d.line_ending.as_str() {
                "CRLF" => true,
                "LF" => false,
                other => return Err(format!("dlm line_ending {other:?} is not LF or CRLF")),
            };
            let mut other_boards = Vec::with_capacity(d.other_boards.len());
            for o in d.other_boards {
                if !(1..=crate::formats::dlm::MAX_BOARD).contains(&o.board) {
                    return Err(format!("dlm other board {} is not from 1 to 99", o.board));
                }
                let deal = Deal::parse_pbn(&o.deal)?;
                other_boards.push(DlmOtherBoard {
                    number: o.board,
                    deal,
                    fields: DlmBoard {
                        duplicates: o.duplicates,
                        property: o.property,
                    },
                });
            }
            Some(DlmInfo {
                section: d.section,
                header: d.header,
                trailer: d.trailer,
                crlf,
                final_newline: d.final_newline,
                other_boards,
            })
        }
    };
    Ok(SetInfo {
        event: j.event,
        site: j.site,
        date: j.date,
        dlm,
        pbn: j.pbn.map(|p| PbnInfo {
            preamble: p.preamble,
            utf8: p.utf8,
            bom: p.bom,
            head: p.head,
        }),
        lin: j.lin.map(|l| LinInfo {
            header: l.header,
            latin1: l.latin1,
        }),
        pavlicek: match j.pavlicek {
            None => None,
            Some(p) => Some(PavlicekInfo {
                tail: from_hex(&p.tail).ok_or("pavlicek tail is not hex")?,
            }),
        },
        blind: j.blind,
    })
}

fn from_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Reads a JSON Lines file a line at a time: the set line first (when
/// there is one), then a board a line, then perhaps a Pavlicek tail.
pub struct JsonlReader<'a> {
    src: Source<'a>,
    /// Lines read so far.
    line: u64,
    /// Board lines read so far.
    record: u64,
    info: SetInfo,
    /// The Pavlicek tail given after the boards.
    tail: Option<PavlicekInfo>,
    /// The first board line, read while looking for the set line: its text,
    /// line number and offset.
    first: Option<(Vec<u8>, u64, u64)>,
    /// Lines in the writer's plain form are read by [`plain::read`] (off in
    /// tests that compare it with serde).
    plain: bool,
}

impl<'a> JsonlReader<'a> {
    fn open(src: Source<'a>, diag: &mut Diagnostics) -> Result<JsonlReader<'a>, Error> {
        JsonlReader::open_with(src, diag, true)
    }

    /// The reader without [`plain::read`], every line read by serde: what
    /// the plain form's lines are compared with.
    #[cfg(test)]
    fn open_general(src: Source<'a>, diag: &mut Diagnostics) -> Result<JsonlReader<'a>, Error> {
        JsonlReader::open_with(src, diag, false)
    }

    fn open_with(
        mut src: Source<'a>,
        diag: &mut Diagnostics,
        plain: bool,
    ) -> Result<JsonlReader<'a>, Error> {
        if src.fill(3)?.starts_with(b"\xef\xbb\xbf") {
            src.consume(3);
        }
        let mut r = JsonlReader {
            src,
            line: 0,
            record: 0,
            info: SetInfo::default(),
            tail: None,
            first: None,
            plain,
        };
        // Set lines before the first board give the set's data.
        while let Some((text, line, byte)) = r.next_line()? {
            if !is_set_line(&text) {
                r.first = Some((text, line, byte));
                break;
            }
            let here = Position::byte(byte).with_line(line);
            match serde_json::from_slice::<JsonSetLine>(&text) {
                Ok(j) => match set_from_json(j.set) {
                    Ok(s) => r.info = s,
                    Err(m) => diag.error(Error::invalid(FORMAT, here, m))?,
                },
                Err(e) => diag.error(Error::syntax(
                    FORMAT,
                    serde_position(&e, here, None),
                    strip_serde_position(&e),
                ))?,
            }
        }
        Ok(r)
    }

    /// The next line that is not blank, trimmed, with its number and offset.
    fn next_line(&mut self) -> Result<Option<(Vec<u8>, u64, u64)>, Error> {
        loop {
            let byte = self.src.offset();
            let at = Position::byte(byte).with_line(self.line + 1);
            let Some(raw) = self
                .src
                .next_line()
                .map_err(|e| window_error(FORMAT, at, e))?
            else {
                return Ok(None);
            };
            self.line += 1;
            let text = raw.trim_ascii();
            if !text.is_empty() {
                let lead = raw.len() - raw.trim_ascii_start().len();
                return Ok(Some((text.to_vec(), self.line, byte + lead as u64)));
            }
        }
    }

    /// A board line into a board (`None` when the error was collected).
    fn board(
        &mut self,
        text: &[u8],
        line: u64,
        byte: u64,
        diag: &mut Diagnostics,
    ) -> Result<Option<Board>, Error> {
        let here = Position::byte(byte).with_line(line);
        let at = Position {
            record: Some(self.record),
            ..here
        };
        self.record += 1;
        if self.tail.is_some() {
            diag.error(Error::syntax(
                FORMAT,
                here,
                "a board after the pavlicek tail, which ends the file",
            ))?;
            return Ok(None);
        }
        if self.plain {
            if let Some(b) = plain::read(text) {
                return Ok(Some(b));
            }
        }
        match serde_json::from_slice::<JsonBoard>(text) {
            Ok(j) => {
                let number = j.board;
                match board_from_json(j) {
                    Ok(b) => {
                        crate::consistency::warn(FORMAT, &b, at, diag);
                        Ok(Some(b))
                    }
                    Err(m) => diag
                        .error(Error::invalid(FORMAT, at, format!("board {number}: {m}")))
                        .map(|()| None),
                }
            }
            Err(e) => diag
                .error(Error::syntax(
                    FORMAT,
                    serde_position(&e, here, at.record),
                    strip_serde_position(&e),
                ))
                .map(|()| None),
        }
    }
}

/// Where serde_json's error is, in the file: its column on the line.
fn serde_position(e: &serde_json::Error, here: Position, record: Option<u64>) -> Position {
    Position {
        byte: here.byte + e.column().saturating_sub(1) as u64,
        line: here.line,
        column: Some(e.column() as u64),
        record,
        within: None,
    }
}

impl BoardReader for JsonlReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        if let Some((text, line, byte)) = self.first.take() {
            if let Some(b) = self.board(&text, line, byte, diag)? {
                return Ok(Some(b));
            }
        }
        while let Some((text, line, byte)) = self.next_line()? {
            if is_set_line(&text) {
                let here = Position::byte(byte).with_line(line);
                match serde_json::from_slice::<JsonSetLine>(&text) {
                    // The terminator of a Pavlicek file ends it: its line
                    // follows the boards (a streamed conversion knows of it
                    // only there).
                    Ok(j) => match set_from_json(j.set) {
                        Ok(s) if is_tail(&s) && self.tail.is_none() && self.info.pavlicek.is_none() => {
                            self.tail = s.pavlicek;
                        }
                        Ok(_) => diag.error(Error::syntax(
                            FORMAT,
                            here,
                            "the set line must come before the boards (only a pavlicek tail may follow them, once)",
                        ))?,
                        Err(m) => diag.error(Error::invalid(FORMAT, here, m))?,
                    },
                    Err(e) => diag.error(Error::syntax(
                        FORMAT,
                        serde_position(&e, here, None),
                        strip_serde_position(&e),
                    ))?,
                }
                continue;
            }
            if let Some(b) = self.board(&text, line, byte, diag)? {
                return Ok(Some(b));
            }
        }
        Ok(None)
    }

    fn tail(&mut self) -> SetInfo {
        let mut info = self.info.clone();
        if self.tail.is_some() {
            info.pavlicek = self.tail.clone();
        }
        info
    }

    fn position(&self) -> u64 {
        self.src.offset()
    }

    fn size_hint(&self) -> usize {
        if !self.src.is_eof() {
            return 0;
        }
        1 + crate::formats::boards_hint(&[self.src.data()], b"\n", 32)
    }
}

/// True when a set line holds a Pavlicek tail and nothing else.
fn is_tail(s: &SetInfo) -> bool {
    s.pavlicek.is_some()
        && *s
            == SetInfo {
                pavlicek: s.pavlicek.clone(),
                ..SetInfo::default()
            }
}

/// True when the object's first key is `"set"` (white space allowed).
fn is_set_line(text: &[u8]) -> bool {
    text.strip_prefix(b"{")
        .map(|rest| rest.trim_ascii_start().starts_with(b"\"set\""))
        .unwrap_or(false)
}

/// serde_json appends " at line L column C"; the position is ours to give.
fn strip_serde_position(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn push_json_string(out: &mut Vec<u8>, s: &str) {
    // serde_json's escaping, written straight into the buffer.
    let _ = serde_json::to_writer(&mut *out, s);
}

/// The text before each entry of a `dd` object, by seat (N E S W) and
/// strain (C D H S NT), padded to 16 bytes, and its length.
static DD_KEYS: [[([u8; 16], u8); 5]; 4] = {
    const fn piece(parts: &[&[u8]]) -> ([u8; 16], u8) {
        let mut out = [0u8; 16];
        let (mut n, mut p) = (0, 0);
        while p < parts.len() {
            let mut k = 0;
            while k < parts[p].len() {
                out[n] = parts[p][k];
                n += 1;
                k += 1;
            }
            p += 1;
        }
        (out, n as u8)
    }
    let seats: [&[u8]; 4] = [b"N", b"E", b"S", b"W"];
    let strains: [&[u8]; 5] = [b"C", b"D", b"H", b"S", b"NT"];
    let mut t = [[([0u8; 16], 0u8); 5]; 4];
    let mut i = 0;
    while i < 4 {
        let mut j = 0;
        while j < 5 {
            let open: &[u8] = match (i, j) {
                (0, 0) => b"{\"",
                (_, 0) => b"},\"",
                _ => b"",
            };
            t[i][j] = if j == 0 {
                piece(&[open, seats[i], b"\":{\"", strains[j], b"\":"])
            } else {
                piece(&[b",\"", strains[j], b"\":"])
            };
            j += 1;
        }
        i += 1;
    }
    t
};

/// The text of a trick count, 0 to 13 or unknown (`null`), padded to four
/// bytes, and its length.
fn dd_value(t: u8) -> ([u8; 4], usize) {
    match t {
        0..=9 => ([b'0' + t, 0, 0, 0], 1),
        10..=13 => ([b'1', b'0' + t - 10, 0, 0], 2),
        _ => (*b"null", 4),
    }
}

/// Appends `,"dd":{...}`: built in a buffer of fixed-size pieces (the hot
/// path of solved-deal files).
fn push_dd(dd: &DdTable, out: &mut Vec<u8>) {
    let mut buf = [0u8; 256];
    buf[..6].copy_from_slice(b",\"dd\":");
    let mut n = 6;
    for (i, seat) in dd.raw().iter().enumerate() {
        for (j, &t) in seat.iter().enumerate() {
            let (key, len) = DD_KEYS[i][j];
            buf[n..n + 16].copy_from_slice(&key);
            n += len as usize;
            let (value, len) = dd_value(t);
            buf[n..n + 4].copy_from_slice(&value);
            n += len;
        }
    }
    buf[n..n + 2].copy_from_slice(b"}}");
    boardfile_io::text::push_fixed(out, &buf, n + 2);
}

/// Writes one board as a JSON line (without the newline).
pub fn write_board(board: &Board, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"board\":");
    crate::formats::push_number(out, board.number);
    out.extend_from_slice(b",\"dealer\":\"");
    out.push(board.dealer.letter() as u8);
    out.extend_from_slice(b"\",\"vulnerable\":\"");
    out.extend_from_slice(board.vulnerability.name().as_bytes());
    out.extend_from_slice(b"\",\"deal\":\"");
    board.deal.push_pbn(out);
    out.push(b'"');
    if let Some(dd) = &board.dd {
        match dd.trust() {
            Trust::Exact => push_dd(dd, out),
            // Not whole as stored: no 20 digits to give; what is believed.
            _ if !dd.is_stored_whole() => push_dd(&dd.believed(), out),
            trust => {
                push_dd(&dd.believed(), out);
                out.extend_from_slice(b",\"dd_stored\":{\"tricks\":\"");
                out.extend_from_slice(dd.stored_hex().unwrap_or_default().as_bytes());
                out.push(b'"');
                match trust {
                    Trust::Floored { stored, at_most } => out.extend_from_slice(
                        format!(",\"floored\":{{\"stored\":{stored},\"at_most\":{at_most}}}}}")
                            .as_bytes(),
                    ),
                    _ => out.extend_from_slice(b",\"impossible\":true}"),
                }
            }
        }
    }
    if let Some(par) = &board.par {
        out.extend_from_slice(
            format!(",\"par\":{{\"score_ns\":{},\"contracts\":", par.score_ns).as_bytes(),
        );
        let _ = serde_json::to_writer(&mut *out, &par.contracts);
        out.push(b'}');
    }
    if let Some(d) = &board.dlm {
        out.extend_from_slice(format!(",\"dlm\":{{\"duplicates\":{}", d.duplicates).as_bytes());
        if let Some(p) = &d.property {
            out.extend_from_slice(b",\"property\":");
            push_json_string(out, p);
        }
        out.push(b'}');
    }
    if let Some(t) = &board.dup_trailer {
        out.extend_from_slice(b",\"dup_trailer\":");
        push_json_string(out, &crate::formats::latin1_decode(&t.0));
    }
    if !board.inferred.is_empty() {
        out.extend_from_slice(b",\"inferred\":[");
        for (k, name) in board.inferred.names().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            out.push(b'"');
            out.extend_from_slice(name.as_bytes());
            out.push(b'"');
        }
        out.push(b']');
    }
    game::push_game(board, out);
    out.push(b'}');
}

fn write_set_line(set: &SetInfo, out: &mut Vec<u8>) {
    let mut fields: Vec<String> = Vec::new();
    let json = |s: &str| serde_json::to_string(s).unwrap_or_default();
    for (name, value) in [
        ("event", &set.event),
        ("site", &set.site),
        ("date", &set.date),
    ] {
        if let Some(v) = value {
            fields.push(format!("\"{name}\":{}", json(v)));
        }
    }
    if let Some(d) = &set.dlm {
        let header: Vec<String> = d
            .header
            .iter()
            .map(|(k, v)| format!("[{},{}]", json(k), json(v)))
            .collect();
        let trailer: Vec<String> = d.trailer.iter().map(|t| json(t)).collect();
        let others: Vec<String> = d
            .other_boards
            .iter()
            .map(|o| {
                let property = o
                    .fields
                    .property
                    .as_ref()
                    .map_or(String::new(), |p| format!(",\"property\":{}", json(p)));
                format!(
                    "{{\"board\":{},\"deal\":\"{}\",\"duplicates\":{}{property}}}",
                    o.number,
                    o.deal.to_pbn(),
                    o.fields.duplicates
                )
            })
            .collect();
        fields.push(format!(
            "\"dlm\":{{\"section\":{},\"header\":[{}],\"trailer\":[{}],\"line_ending\":\"{}\",\"final_newline\":{},\"other_boards\":[{}]}}",
            json(&d.section),
            header.join(","),
            trailer.join(","),
            if d.crlf { "CRLF" } else { "LF" },
            d.final_newline,
            others.join(",")
        ));
    }
    if let Some(p) = &set.pbn {
        let head = p
            .head
            .as_ref()
            .map_or(String::new(), |h| format!(",\"head\":{}", json(h)));
        fields.push(format!(
            "\"pbn\":{{\"preamble\":{},\"utf8\":{},\"bom\":{}{head}}}",
            serde_json::to_string(&p.preamble).unwrap_or_default(),
            p.utf8,
            p.bom
        ));
    }
    if let Some(l) = &set.lin {
        let latin1 = if l.latin1 { ",\"latin1\":true" } else { "" };
        fields.push(format!(
            "\"lin\":{{\"header\":{}{latin1}}}",
            json(&l.header)
        ));
    }
    if set.blind {
        fields.push("\"blind\":true".into());
    }
    if !fields.is_empty() {
        out.extend_from_slice(format!("{{\"set\":{{{}}}}}\n", fields.join(",")).as_bytes());
    }
}

/// The terminator of a Pavlicek file and what follows it, on a set line
/// of its own after the boards, where it stood in the file.
fn write_tail_line(set: &SetInfo, out: &mut Vec<u8>) {
    if let Some(p) = &set.pavlicek {
        let hex: String = p.tail.iter().map(|b| format!("{b:02x}")).collect();
        out.extend_from_slice(
            format!("{{\"set\":{{\"pavlicek\":{{\"tail\":\"{hex}\"}}}}}}\n").as_bytes(),
        );
    }
}

/// Writes a JSON Lines file: the set line when there is set-level data, then
/// one line per board, then a Pavlicek file's tail when there is one.
#[derive(Default)]
pub struct JsonlWriter {
    /// Leaves out the boards' PBN and LIN texts and the PBN head (see
    /// [`WriteOptions::normalize`](crate::codec::options::WriteOptions::normalize)).
    pub normalize: bool,
}

impl BoardWriter for JsonlWriter {
    fn head(&mut self, head: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        match &head.pbn {
            Some(p) if self.normalize && p.head.is_some() => {
                let mut head = head.clone();
                head.pbn = Some(PbnInfo {
                    head: None,
                    ..p.clone()
                });
                write_set_line(&head, out);
            }
            _ => write_set_line(head, out),
        }
        Ok(())
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        if self.normalize && (board.pbn.is_some() || board.lin.is_some()) {
            let mut board = board.clone();
            (board.pbn, board.lin) = (None, None);
            write_board(&board, out);
        } else {
            write_board(board, out);
        }
        out.push(b'\n');
        Ok(())
    }

    fn finish(&mut self, tail: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        write_tail_line(tail, out);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::read as read_file;

    fn write(set: &crate::model::set::BoardSet, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::records::write(FORMAT, set, out)
    }

    use crate::testing::Outcome;

    #[test]
    fn tables_not_believed_come_back_as_stored_and_judged() {
        let deal = "N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53";
        let mut boards = Vec::new();
        for (n, trust) in [
            (
                1,
                Trust::Floored {
                    stored: 1,
                    at_most: 6,
                },
            ),
            (2, Trust::Impossible),
        ] {
            let mut b = Board::new(n, crate::model::deal::Deal::parse_pbn(deal).unwrap());
            let mut t = DdTable::from_hex("1811118111819a8819a8").unwrap();
            t.set_trust(trust);
            b.dd = Some(t);
            boards.push(b);
        }
        // A floored table not whole as stored: what is believed only.
        let mut b = boards[0].clone();
        b.number = 3;
        b.dd.as_mut()
            .unwrap()
            .set(Seat::North, Strain::Spades, None)
            .unwrap();
        boards.push(b);
        let set = crate::model::set::BoardSet::from_boards(boards);
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        let text = String::from_utf8(out.clone()).unwrap();
        assert!(text.contains(r#""dd_stored":{"tricks":"1811118111819a8819a8","floored":{"stored":1,"at_most":6}}"#), "{text}");
        assert!(
            text.contains(r#""dd_stored":{"tricks":"1811118111819a8819a8","impossible":true}"#),
            "{text}"
        );
        assert_eq!(text.matches("dd_stored").count(), 2, "{text}");
        let back = read_file(FORMAT, &out).unwrap().set;
        for (a, b) in back.boards.iter().zip(&set.boards).take(2) {
            assert_eq!(a.dd, b.dd, "board {}", a.number);
        }
        let third = back.boards[2].dd.unwrap();
        assert_eq!(third.trust(), Trust::Exact);
        assert_eq!(third.get(Seat::North, Strain::NoTrump), None);
        assert_eq!(third.get(Seat::North, Strain::Clubs), None);
        assert_eq!(third.get(Seat::West, Strain::Hearts), Some(9));
    }

    /// Reads `bytes` as the reader does, or with every line read by serde
    /// (`general`).
    fn read_by(bytes: &[u8], general: bool, collecting: bool) -> Outcome {
        let mut diag = if collecting {
            Diagnostics::collecting()
        } else {
            Diagnostics::strict()
        };
        let source = Source::from_bytes(bytes);
        let reader = if general {
            JsonlReader::open_general(source, &mut diag)
        } else {
            JsonlReader::open(source, &mut diag)
        };
        let set = reader
            .and_then(|mut r| crate::records::collect(&mut r, &mut diag))
            .map_err(|e| e.to_string());
        let errors = diag.errors.iter().map(|e| e.to_string()).collect();
        (set, errors, diag.warnings)
    }

    fn assert_read_alike(bytes: &[u8], what: &str) {
        let read = |general, collecting| read_by(bytes, general, collecting);
        crate::testing::assert_read_alike(read, what, "serde");
    }

    fn plain_set() -> crate::model::set::BoardSet {
        crate::model::set::BoardSet {
            boards: crate::testing::plain_boards(),
            ..Default::default()
        }
    }

    #[test]
    fn the_writers_plain_lines_are_read_in_one_pass_as_the_boards_written() {
        let set = plain_set();
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut read_here = 0;
        for (line, b) in text.lines().zip(&set.boards) {
            // Escaped text is serde's.
            if line.contains('\\') {
                assert!(plain::read(line.as_bytes()).is_none(), "{line}");
                continue;
            }
            assert_eq!(plain::read(line.as_bytes()).as_ref(), Some(b), "{line}");
            read_here += 1;
        }
        assert!(read_here > 40, "{read_here} lines read in one pass");
        assert_read_alike(text.as_bytes(), "the writer's lines");
    }

    #[test]
    fn plain_lines_changed_anywhere_read_as_serde_reads_them() {
        let boards = crate::testing::plain_boards();
        let set = crate::model::set::BoardSet {
            boards: vec![boards[4].clone(), boards[5].clone(), boards[6].clone()],
            ..Default::default()
        };
        let mut text = Vec::new();
        write(&set, &mut text).unwrap();
        for at in 0..text.len() {
            assert_read_alike(&text[..at], &format!("cut at byte {at}"));
            let mut gone = text.clone();
            gone.remove(at);
            assert_read_alike(&gone, &format!("byte {at} taken out"));
            for c in [b'x', b' ', b'"', b'\\', b'1', b'4', b'-', b'}', b'0', 0x1f] {
                if text[at] == c {
                    continue;
                }
                let mut changed = text.clone();
                changed[at] = c;
                assert_read_alike(&changed, &format!("byte {at} made {:?}", c as char));
            }
        }
    }

    const DESIGN_EXAMPLE: &str = r#"{"board":1,"dealer":"N","vulnerable":"None","deal":"N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543","dd":{"N":{"C":6,"D":5,"H":4,"S":3,"NT":6},"E":{"C":7,"D":8,"H":9,"S":10,"NT":null},"S":{"C":6,"D":5,"H":4,"S":3,"NT":6},"W":{"C":7,"D":8,"H":9,"S":10,"NT":7}},"par":{"score_ns":-420,"contracts":["4S-W"]}}"#;

    #[test]
    fn design_example_round_trips() {
        let set = read_file(FORMAT, DESIGN_EXAMPLE.as_bytes()).unwrap().set;
        let b = &set.boards[0];
        assert_eq!(b.dd.unwrap().get(Seat::North, Strain::NoTrump), Some(6));
        assert_eq!(b.dd.unwrap().get(Seat::East, Strain::NoTrump), None);
        assert_eq!(b.par.as_ref().unwrap().contracts, ["4S-W"]);
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{DESIGN_EXAMPLE}\n")
        );
    }

    #[test]
    fn defaults_and_errors() {
        let set = read_file(FORMAT, br#"{"board":2,"deal":"E:J52.Q9875..AQ873 763.32.AK65432.5 AQT4.AKJ6.Q9.KJ6 K98.T4.JT87.T942"}"#)
            .unwrap()
            .set;
        assert_eq!(
            (set.boards[0].dealer, set.boards[0].vulnerability),
            (Seat::East, Vulnerability::NS)
        );
        let e = read_file(
            FORMAT,
            b"\n{\"board\":1,\"deal\":\"N:...\",\"vul\":\"NS\"}\n",
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("JSONL error at record 0 (line 2, column "),
            "{e}"
        );
        assert!(e.to_string().contains("unknown field `vul`"), "{e}");
        let e = read_file(FORMAT, b"{\"board\":1,\"deal\":\"N:A... A... - -\"}").unwrap_err();
        assert!(e.to_string().contains("board 1: SA is in two hands"), "{e}");
        let e = read_file(
            FORMAT,
            b"{\"board\":1,\"deal\":\"N:A... - - -\",\"dd\":{\"N\":{\"C\":14}}}",
        )
        .unwrap_err();
        assert!(e.to_string().contains("14 tricks"), "{e}");
        let play = |card: &str, tricks: u8| {
            format!(
                r#"{{"board":1,"deal":"N:- - - -","play_values":{{"declarer":"S","strain":"NT","start":9,"cards":[{{"seat":"W","card":"{card}","tricks":{tricks},"cost":0}}]}}}}"#
            )
        };
        let set = read_file(FORMAT, play("HT", 9).as_bytes()).unwrap().set;
        let v = set.boards[0].play_values.as_deref().unwrap();
        assert_eq!((v.start, v.cards[0].card.to_string()), (9, "HT".into()));
        for (card, tricks, says) in [
            ("H1", 9, "card 1: \"H1\" is not a card"),
            ("+", 9, "card 1: \"+\" is not a card"),
            ("HT", 14, "card 1: tricks 14 is more than 13 tricks"),
        ] {
            let e = read_file(FORMAT, play(card, tricks).as_bytes()).unwrap_err();
            assert!(
                e.to_string().contains(&format!("play_values: {says}")),
                "{e}"
            );
        }
        let spaced =
            "{ \"set\" : {\"event\":\"Club night\"}}\n{\"board\":1,\"deal\":\"N:- - - -\"}";
        let set = read_file(FORMAT, spaced.as_bytes()).unwrap().set;
        assert_eq!(set.info.event.as_deref(), Some("Club night"));
        let e = read_file(
            FORMAT,
            b"{\"board\":1,\"deal\":\"N:- - - -\"}\n{\"set\":{}}",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("line 2") && e.to_string().contains("before the boards"),
            "{e}"
        );
    }
}
