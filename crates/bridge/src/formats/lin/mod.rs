//! LIN, Bridge Base Online's hand and vugraph files.
//!
//! There is no published spec; this follows DESIGN.md and the files BBO's
//! hand viewer and vugraph archive serve. A file is a run of commands
//! `key|value|`, on one line or many:
//!
//! | command | meaning |
//! |---|---|
//! | `pn|S,W,N,E|` | players South, West, North, East (vugraph: eight, open room then closed) |
//! | `md|DS..,W..,N..,E..|` | dealer digit 1 S, 2 W, 3 N, 4 E; hands `S..H..D..C..` South, West, North, East; a hand may be empty and the fourth is often left out |
//! | `sv|V|` | vulnerable: `o` or `0` none, `n` NS, `e` EW, `b` both |
//! | `ah|Board N|` | the board number |
//! | `qx|oN|` / `qx|cN|` | open or closed room, board N; starts a board |
//! | `mb|call|` | a call: `p`, `d`, `r`, `1C`..`7N`; `!` after it is an alert |
//! | `an|text|` | the explanation of the call before |
//! | `pc|card|` | a card, in the order played |
//! | `mc|N|` | declarer claims N tricks in all |
//! | `vg|event,segment,...|` | vugraph header: the event name first |
//! | `pg||`, `st||`, `rh||`, `nt|..|`, `rs|..|`, ... | page breaks, chat, results: kept, not read |
//!
//! A board starts at `qx|`, or at an `md|` when the board before already has
//! one (then with the `pn|`, `st|` and `rh|` commands just before it). What
//! comes before the first board is the file's header.
//!
//! The model gets the number, dealer, vulnerability and deal, the players as
//! `West`..`South` tags, `Room` from `qx|`, `Event` from `vg|`, the auction
//! (alerts become notes `N:explanation`), the play laid out in PBN's rows,
//! and `Declarer`, `Contract` and `Result` (from `mc|`, or counted from a
//! complete play).
//!
//! Each board's text is kept as written. On write, a board whose model data
//! still reads the same from its text is written as it was, so a LIN file
//! read and written again gives the same bytes. A board that changed its
//! number, dealer, deal, vulnerability or (four) players keeps its text with
//! only the values of `qx|`, `ah|`, `md|`, `sv|` and `pn|` written anew,
//! when the text so patched reads back as the board. Other boards are
//! written one a line: `pn|` (names may be empty), `st||`, `md|` (four hands), `rh||`, `ah|Board N|`,
//! `sv|`, the calls, `pg||`, the cards with `pg||` after each trick, `mc|`
//! when the play stops short of thirteen tricks: declarer's tricks from the
//! `Result` tag in any of PBN's forms (`9`, `NS 9 EW 4`, `EW 4`), none
//! when the play goes on (`+`: the result may be partial or final) or is
//! marked `^` (the tag is then counted lost).
//!
//! In Big Deal's dialect ([`crate::codec::options::Dialect::BigDeal`])
//! a board is the line Big Deal 2.0 writes (see `lin/big_deal_dialect.rs`):
//! `qx|oN|md|DS..,W..,N..|rh||ah|Board N|sv|V|pg||`, and nothing else.
//!
//! LIN cannot carry double-dummy data, comments, other tags, PBN's
//! auction markers (`+`, `^S`, `-`) or annotations other than alerts.

use crate::codec::keeps::{Deals, Keeps, Numbers, Own, Play as PlayKeeps, Tags};
use crate::codec::options::Dialect;
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::DialectLosses;
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::model::auction::{Annotated, Auction, Call, CallToken, Contract, Play};
use crate::model::board::{Board, Inferred, Vulnerability};
use crate::model::card::Strain;
use crate::model::card::{Card, Rank, Suit};
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};
use std::borrow::Cow;

pub use crate::model::extras::{LinBoard, LinInfo};

const F: Format = FORMAT;

pub(crate) mod big_deal_dialect;

/// The tags LIN carries.
const LIN_TAGS: [&str; 9] = [
    "Event", "West", "North", "East", "South", "Room", "Declarer", "Contract", "Result",
];

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "LIN",
        extensions: &["lin"],
        description: "Bridge Base Online LIN, hand viewer and vugraph files",
        signature: Signature::Content {
            rank: 7,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps {
        deals: Deals::PartialButLoneEast,
        numbers: Numbers::Any,
        conditions: true,
        tags: Tags::Only {
            names: &LIN_TAGS,
            described: "the players, room, the event its header gives, and the declarer, contract and result the auction and play give",
            from_play: &["Declarer", "Contract", "Result"],
            from_header: &["Event"],
        },
        play: PlayKeeps::Plain,
        own: &[Own::Lin],
        big_deal: Some(&big_deal_dialect::KEEPS),
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, diag| Ok(Box::new(LinReader::open(src, diag)?))),
    writer: Some(|options| match options.dialect {
        crate::codec::options::Dialect::BigDeal => Box::new(big_deal_dialect::BigDealLinWriter),
        _ => Box::new(LinWriter {
            normalize: options.normalize,
            ..LinWriter::default()
        }),
    }),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "lin",
            extension: "lin",
        }),
        dialect_losses: Some(|dialect| {
            (dialect == Dialect::BigDeal)
                .then(|| Box::new(big_deal_dialect::BigDealLines) as Box<dyn DialectLosses>)
        }),
        header_event: Some(|set| set.lin.as_ref().and_then(header_event)),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// Bytes of the file read at a time (more when a board is longer).
const WINDOW: usize = 1 << 20;

/// The most text read ahead of the boards handed out: a file that never
/// starts a board is an error past this, not memory without bound.
const MAX_PENDING: usize = boardfile_io::source::MAX_WINDOW;

/// A command read: its key, where its value is in the text, where it starts.
type Read = ([u8; 2], std::ops::Range<usize>, usize);

/// What reading one more command found.
enum Step {
    /// A command.
    Command,
    /// A board begins at this command (of `LinReader::cmds`).
    Starts(usize),
    /// The end of the file.
    End,
}

/// Reads a LIN file a board at a time: commands are read from windows of
/// the file (ending at line ends, so that no character is cut), and a
/// board is handed out when the next one starts (or the file ends).
pub struct LinReader<'a> {
    src: Source<'a>,
    /// The character set, once told by the first window beyond ASCII.
    utf8: Option<bool>,
    mixed: bool,
    /// Text read; what is not yet handed out begins at `start`: the
    /// current board's first command (in the header, the file's start).
    /// The whole input, borrowed, when it is in memory and UTF-8.
    text: Cow<'a, str>,
    start: usize,
    /// The file offset and line of `text[start..]`.
    at: u64,
    line: u64,
    /// The commands of `text[start..]` read so far.
    cmds: Vec<Read>,
    /// Where in `text` the next command is looked for.
    scanned: usize,
    eof: bool,
    /// A board has begun (else the text is the header).
    started: bool,
    has_md: bool,
    done: bool,
    ctx: Context,
    previous: Option<u32>,
    boards: u64,
    info: SetInfo,
    /// Room for the board next_board reads.
    one: Vec<Board>,
    /// A label with %-escapes has been said in a warning.
    said_escapes: bool,
}

impl<'a> LinReader<'a> {
    fn open(src: Source<'a>, diag: &mut Diagnostics) -> Result<LinReader<'a>, Error> {
        let mut r = LinReader {
            src,
            utf8: None,
            mixed: false,
            text: Cow::Borrowed(""),
            start: 0,
            at: 0,
            line: 1,
            cmds: Vec::new(),
            scanned: 0,
            eof: false,
            started: false,
            has_md: false,
            done: false,
            ctx: Context::default(),
            said_escapes: false,
            previous: None,
            boards: 0,
            info: SetInfo::default(),
            one: Vec::with_capacity(1),
        };
        // Bytes in memory that are UTF-8 are the text, in place.
        if let Some(all) = r.src.in_memory() {
            if let Ok(t) = std::str::from_utf8(all) {
                if !t.is_ascii() {
                    r.utf8 = Some(true);
                }
                r.text = Cow::Borrowed(t);
                r.src.consume(all.len());
                r.eof = true;
            }
        }
        // The character set, from the first MiB (up to a line end) when it
        // goes beyond ASCII: the header's, for the writer to write the file
        // in it again, told alike however the input comes.
        if r.utf8.is_none() {
            const FIRST: usize = 1 << 20;
            r.src
                .fill(FIRST)
                .map_err(|e| crate::formats::window_error(F, Position::byte(0), e))?;
            let whole = r.src.is_eof() && r.src.data().len() <= FIRST;
            let data = &r.src.data()[..r.src.data().len().min(FIRST)];
            let end = match whole {
                true => data.len(),
                false => memchr::memrchr2(b'\n', b'\r', data).map_or(0, |i| i + 1),
            };
            if !data[..end].is_ascii() {
                r.utf8 = Some(std::str::from_utf8(&data[..end]).is_ok());
            }
        }
        // The header: the text before the first board.
        let end = loop {
            match r.step(diag)? {
                Step::Command => {}
                Step::Starts(s) => break r.cmds[s].2,
                Step::End => break r.text.len(),
            }
        };
        let latin1 = r.utf8 == Some(false);
        if end > 0 || latin1 {
            r.info.lin = Some(LinInfo {
                header: r.text[..end].to_string(),
                latin1,
            });
        }
        let board = r
            .cmds
            .iter()
            .position(|c| c.2 >= end)
            .unwrap_or(r.cmds.len());
        for c in &r.cmds[..board] {
            r.ctx.update(&Command {
                key: c.0,
                value: &r.text[c.1.clone()],
                start: c.2,
            });
        }
        r.advance(end, board);
        Ok(r)
    }

    /// Appends the next window of the file to `text`; false at the end.
    fn read_more(&mut self, diag: &mut Diagnostics) -> Result<bool, Error> {
        if self.eof {
            return Ok(false);
        }
        let at = Position::byte(self.src.offset());
        let fail = |e| crate::formats::window_error(F, at, e);
        self.src.peek(WINDOW).map_err(fail)?;
        let end = loop {
            let data = self.src.data();
            if self.src.is_eof() {
                break data.len();
            }
            if let Some(i) = memchr::memrchr(b'\n', data) {
                break i + 1;
            }
            self.src.more().map_err(fail)?;
        };
        let window = &self.src.data()[..end];
        if !window.is_ascii() {
            match self.utf8 {
                None => self.utf8 = Some(std::str::from_utf8(window).is_ok()),
                Some(true) if !self.mixed && std::str::from_utf8(window).is_err() => {
                    self.mixed = true;
                    diag.warn(
                        F,
                        Some(at),
                        "the file reads as UTF-8 before here, but text from here on is not UTF-8: that text is read as ISO-8859-1",
                    );
                }
                _ => {}
            }
        }
        match std::str::from_utf8(window) {
            Ok(t) if t.is_ascii() || self.utf8 == Some(true) => self.text.to_mut().push_str(t),
            _ => self
                .text
                .to_mut()
                .extend(window.iter().map(|&b| char::from(b))),
        }
        self.src.consume(end);
        self.eof = self.src.is_eof();
        if self.text.len() - self.start > MAX_PENDING {
            return Err(Error::limit(
                F,
                at,
                format!("more than {} MiB without a board's end", MAX_PENDING >> 20),
            ));
        }
        Ok(true)
    }

    /// Bytes of the file that `t` was read from.
    fn file_bytes(&self, t: &str) -> usize {
        match self.utf8 {
            // UTF-8, or ASCII so far.
            Some(true) | None => t.len(),
            // Characters read as ISO-8859-1 are one byte each.
            _ => t.chars().count(),
        }
    }

    /// The position in the file of `text[at..]`.
    fn pos(&self, at: usize) -> Position {
        let before = &self.text[self.start..at];
        let line = self.line + memchr::memchr_iter(b'\n', before.as_bytes()).count() as u64;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Position::byte(self.at + self.file_bytes(before) as u64)
            .with_line(line)
            .with_column(self.file_bytes(&before[line_start..]) as u64 + 1)
    }

    /// Hands out the text up to `end` and the commands before `cmd`.
    fn advance(&mut self, end: usize, cmd: usize) {
        let gone = &self.text[self.start..end];
        self.line += memchr::memchr_iter(b'\n', gone.as_bytes()).count() as u64;
        self.at += self.file_bytes(gone) as u64;
        self.start = end;
        self.cmds.drain(..cmd);
        // Now and then, the text handed out makes room.
        let due = self.start > 1 << 16 && self.start > self.text.len() / 2;
        if let (Cow::Owned(text), true) = (&mut self.text, due) {
            let shift = self.start;
            text.drain(..shift);
            self.start = 0;
            self.scanned -= shift;
            for c in &mut self.cmds {
                c.1 = c.1.start - shift..c.1.end - shift;
                c.2 -= shift;
            }
        }
    }

    /// Reads the next command.
    fn step(&mut self, diag: &mut Diagnostics) -> Result<Step, Error> {
        loop {
            match scan_command(self.text.as_bytes(), self.scanned, self.eof) {
                Scanned::End if self.eof => return Ok(Step::End),
                Scanned::End | Scanned::Open => {
                    if !self.read_more(diag)? {
                        self.eof = true;
                    }
                }
                Scanned::Bad { at, message } => {
                    return Err(Error::syntax(F, self.pos(at), message))
                }
                Scanned::Command {
                    key,
                    value,
                    start,
                    next,
                } => {
                    self.scanned = next;
                    let i = self.cmds.len();
                    self.cmds.push((key, value, start));
                    let starts = match &key {
                        b"qx" => {
                            self.has_md = false;
                            Some(i)
                        }
                        b"md" if !self.started || self.has_md => {
                            // The players, a start and a rights line just
                            // before go with the new board.
                            let floor = usize::from(self.started);
                            let mut s = i;
                            while s > floor && matches!(&self.cmds[s - 1].0, b"pn" | b"st" | b"rh")
                            {
                                s -= 1;
                            }
                            self.has_md = true;
                            Some(s)
                        }
                        b"md" => {
                            self.has_md = true;
                            None
                        }
                        _ => None,
                    };
                    return Ok(match starts {
                        Some(s) if !self.started || s > 0 => {
                            self.started = true;
                            Step::Starts(s)
                        }
                        _ => Step::Command,
                    });
                }
            }
        }
    }

    /// The board of the commands before `cmd`, its text up to `end`, onto
    /// `boards`; false when it had an error (collected).
    fn board(
        &mut self,
        cmd: usize,
        end: usize,
        diag: &mut Diagnostics,
        boards: &mut Vec<Board>,
    ) -> Result<bool, Error> {
        let record = self.boards;
        self.boards += 1;
        let text = &self.text;
        let cmds = self.cmds[..cmd].iter().map(|c| Command {
            key: c.0,
            value: &text[c.1.clone()],
            start: c.2,
        });
        let escaped = match self.said_escapes {
            true => None,
            false => self.cmds[..cmd]
                .iter()
                .find(|c| &c.0 == b"ah" && text[c.1.clone()].contains('%'))
                .filter(|c| unescaped(&text[c.1.clone()]).is_some())
                .map(|c| (c.1.clone(), c.2)),
        };
        let result = board_from_commands(cmds, &mut self.ctx, self.previous);
        if let (Some((value, at)), false, Ok(b)) = (escaped, self.said_escapes, &result) {
            self.said_escapes = true;
            let message = format!(
                "board label {:?} holds URL escapes: read as {:?}, board {} (the first in the file; any others are read alike)",
                &self.text[value.clone()],
                unescaped(&self.text[value]).unwrap_or_default(),
                b.number
            );
            diag.warn(F, Some(self.pos(at)), message);
        }
        let read = match result {
            Ok(mut board) => {
                let at = Position {
                    record: Some(record),
                    ..self.pos(self.start)
                };
                // Hands given of different lengths: a card lost (as
                // PBN's Deal says it).
                if let Some(difference) = board.deal.length_difference() {
                    diag.warn(
                        F,
                        Some(at),
                        format!("board {}: md's {difference}", board.number),
                    );
                }
                crate::consistency::warn(F, &board, at, diag);
                board.lin = Some(LinBoard(self.text[self.start..end].to_string()));
                self.previous = Some(board.number);
                boards.push(board);
                true
            }
            Err((offset, m)) => {
                diag.error(Error::invalid(
                    F,
                    Position {
                        record: Some(record),
                        ..self.pos(offset)
                    },
                    m,
                ))?;
                false
            }
        };
        self.advance(end, cmd);
        Ok(read)
    }
}

impl BoardReader for LinReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        // A list kept for the one board, so that none is allocated a board.
        let mut one = std::mem::take(&mut self.one);
        let read = self.read_boards(&mut one, 1, diag);
        let board = one.pop();
        self.one = one;
        read.map(|_| board)
    }

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        while boards.len() < until {
            if !self.started || self.done {
                return Ok(false);
            }
            match self.step(diag)? {
                Step::Command => {}
                Step::Starts(s) => {
                    self.board(s, self.cmds[s].2, diag, boards)?;
                }
                Step::End => {
                    self.done = true;
                    self.board(self.cmds.len(), self.text.len(), diag, boards)?;
                }
            }
        }
        Ok(true)
    }

    fn position(&self) -> u64 {
        self.src.offset()
    }

    fn size_hint(&self) -> usize {
        if !self.src.is_eof() {
            return 0;
        }
        let rest = [&self.text.as_bytes()[self.scanned..], self.src.data()];
        crate::formats::boards_hint(&rest, b"md|", 32)
    }
}

/// True when the text starts with a LIN command `xx|`.
pub fn sniff(bytes: &[u8]) -> bool {
    let b = bytes
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(bytes)
        .trim_ascii_start();
    b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1].is_ascii_alphabetic() && b[2] == b'|'
}

/// One `key|value|` command.
#[derive(Clone, Copy)]
struct Command<'a> {
    key: [u8; 2],
    value: &'a str,
    /// Byte offset of the key.
    start: usize,
}

fn at_byte(i: usize) -> Position {
    Position::byte(i as u64)
}

/// What the text holds at a place.
enum Scanned {
    /// Only white space to the end.
    End,
    /// A command begun that the text does not finish (more may).
    Open,
    /// Not a command.
    Bad { at: usize, message: String },
    /// A command: its key (lower case), value, start, and where the next
    /// is looked for.
    Command {
        key: [u8; 2],
        value: std::ops::Range<usize>,
        start: usize,
        next: usize,
    },
}

/// Reads the command at `i` of `b` (white space before it skipped); `eof`
/// when no text follows `b`, so that a command begun is cut short.
fn scan_command(b: &[u8], mut i: usize, eof: bool) -> Scanned {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    if i >= b.len() {
        return Scanned::End;
    }
    let start = i;
    let key_ok = |n: usize| {
        b[i..(i + n).min(b.len())]
            .iter()
            .all(u8::is_ascii_alphabetic)
    };
    if b.len() - i < 3 && key_ok(2) && !eof {
        return Scanned::Open;
    }
    if b.len() - i < 3 || !key_ok(2) || b[i + 2] != b'|' {
        let end = b[i..]
            .iter()
            .position(|c| *c == b'|' || c.is_ascii_whitespace())
            .map_or(b.len(), |n| i + n);
        return Scanned::Bad {
            at: i,
            message: format!(
                "{} is not a two-letter command followed by |",
                crate::formats::excerpt(&String::from_utf8_lossy(&b[i..end]))
            ),
        };
    }
    let key = [b[i].to_ascii_lowercase(), b[i + 1].to_ascii_lowercase()];
    let vstart = i + 3;
    match memchr::memchr(b'|', &b[vstart..]) {
        Some(n) => Scanned::Command {
            key,
            value: vstart..vstart + n,
            start,
            next: vstart + n + 1,
        },
        None if !eof => Scanned::Open,
        None => Scanned::Bad {
            at: start,
            message: format!(
                "command {}| has no closing |",
                String::from_utf8_lossy(&key)
            ),
        },
    }
}

/// Splits the text into commands.
fn commands(text: &str, diag_pos: impl Fn(usize) -> Position) -> Result<Vec<Command<'_>>, Error> {
    let b = text.as_bytes();
    // A command is seldom shorter than 8 bytes (`pc|SA|` and a page break).
    let mut out = Vec::with_capacity(b.len() / 8);
    let mut i = 0;
    loop {
        match scan_command(b, i, true) {
            Scanned::End | Scanned::Open => return Ok(out),
            Scanned::Bad { at, message } => return Err(Error::syntax(F, diag_pos(at), message)),
            Scanned::Command {
                key,
                value,
                start,
                next,
            } => {
                out.push(Command {
                    key,
                    value: &text[value],
                    start,
                });
                i = next;
            }
        }
    }
}

/// The event the text before a file's first board gives (`vg|`), which
/// each board read after it has as its `Event`.
fn header_event(info: &crate::model::extras::LinInfo) -> Option<String> {
    let mut ctx = Context::default();
    for c in commands(&info.header, at_byte).ok()? {
        ctx.update(&c);
    }
    ctx.event
}

/// What carries over from board to board: the last `pn|` and the event of
/// `vg|`.
#[derive(Clone, Default)]
struct Context {
    /// The last `pn|` value as written.
    players: String,
    event: Option<String>,
}

impl Context {
    fn update(&mut self, c: &Command) {
        match &c.key {
            b"pn" if self.players != c.value => c.value.clone_into(&mut self.players),
            b"vg" => {
                self.event = c
                    .value
                    .split(',')
                    .next()
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
            }
            _ => {}
        }
    }
}

/// The index of each board's first command.
fn board_starts(cmds: &[Command]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut has_md = false;
    let mut started = false;
    for (i, c) in cmds.iter().enumerate() {
        match &c.key {
            b"qx" => {
                starts.push(i);
                started = true;
                has_md = false;
            }
            b"md" => {
                if !started || has_md {
                    let mut s = i;
                    let floor = starts.last().map_or(0, |&l| l + 1);
                    while s > floor && names_board(&cmds[s - 1]) {
                        s -= 1;
                    }
                    starts.push(s);
                    started = true;
                }
                has_md = true;
            }
            _ => {}
        }
    }
    starts
}

/// A command that a following `md` takes into its board (see
/// [`board_starts`]).
fn names_board(c: &Command) -> bool {
    matches!(&c.key, b"pn" | b"st" | b"rh")
}

/// The seat of `md|`'s dealer digit.
fn dealer_of_digit(d: u8) -> Option<Seat> {
    Some(match d {
        b'1' => Seat::South,
        b'2' => Seat::West,
        b'3' => Seat::North,
        b'4' => Seat::East,
        _ => return None,
    })
}

/// `md|`'s hand order.
const MD_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// `md|` hand characters: a suit letter is `0x10 | suit`, a rank its order
/// (0 for the ace), anything else `0xFF`; either case.
static MD_CHAR: [u8; 256] = {
    let mut t = [0xFFu8; 256];
    let ranks = b"AKQJT98765432";
    let mut i = 0;
    while i < 13 {
        t[ranks[i] as usize] = i as u8;
        t[ranks[i].to_ascii_lowercase() as usize] = i as u8;
        i += 1;
    }
    let suits = b"SHDC";
    let mut s = 0;
    while s < 4 {
        t[suits[s] as usize] = 0x10 | s as u8;
        t[suits[s].to_ascii_lowercase() as usize] = 0x10 | s as u8;
        s += 1;
    }
    t
};

/// Reads a hand `S..H..D..C..` (any suit order, `10` or `T`).
fn parse_hand(text: &str) -> Result<Hand, String> {
    let mut bits = 0u64;
    let mut suit = None;
    let b = text.trim().as_bytes();
    let mut i = 0;
    while i < b.len() {
        let class = MD_CHAR[b[i] as usize];
        let order = if class & 0x10 != 0 && class != 0xFF {
            suit = Some(class & 3);
            i += 1;
            continue;
        } else if b[i] == b'1' && b.get(i + 1) == Some(&b'0') {
            i += 1;
            4
        } else {
            class
        };
        let (Some(s), true) = (suit, order < 13) else {
            return Err(format!(
                "hand {}: {:?} is not a suit or rank",
                crate::formats::excerpt(text),
                b[i] as char
            ));
        };
        let bit = 1u64 << (s as u32 * 13 + order as u32);
        if bits & bit != 0 {
            let card = Card::new(Suit::ALL[s as usize], Rank::DESCENDING[order as usize]);
            return Err(format!("hand {text:?} holds {card} twice"));
        }
        bits |= bit;
        i += 1;
    }
    Ok(Hand::from_bits(bits).expect("52 bits at most"))
}

/// Reads `md|`: the dealer, if given, and the deal; a missing fourth hand is
/// the cards the other three do not hold, when they hold 13 each.
fn parse_md(value: &str) -> Result<(Option<Seat>, Deal), String> {
    let (dealer, rest) = match value.as_bytes().first() {
        Some(d) if d.is_ascii_digit() => (
            Some(
                dealer_of_digit(*d)
                    .ok_or_else(|| format!("md dealer {:?} is not 1 to 4", *d as char))?,
            ),
            &value[1..],
        ),
        _ => (None, value),
    };
    let b = rest.as_bytes();
    if memchr::memchr_iter(b',', b).count() > 3 {
        return Err(format!("md {value:?} has more than four hands"));
    }
    // The hands between the commas (at most three), in MD_SEATS' order.
    let mut hands = [Hand::EMPTY; 4];
    let mut from = 0;
    for seat in MD_SEATS {
        let comma = memchr::memchr(b',', &b[from..]).map(|n| from + n);
        hands[seat.index()] = parse_hand(&rest[from..comma.unwrap_or(b.len())])?;
        match comma {
            Some(c) => from = c + 1,
            None => break,
        }
    }
    let given = MD_SEATS.map(|s| hands[s.index()]);
    if given[..3].iter().all(|h| h.len() == 13) && given[3].is_empty() {
        let rest = given[0].union(given[1]).union(given[2]).complement();
        hands[Seat::East.index()] = rest;
    }
    let deal = Deal::new(hands).map_err(|e| e.to_string())?;
    Ok((dealer, deal))
}

fn parse_sv(value: &str) -> Option<Vulnerability> {
    Some(match value.trim().as_bytes() {
        [] | [b'o' | b'O' | b'0' | b'-'] => Vulnerability::None,
        [b'n' | b'N'] => Vulnerability::NS,
        [b'e' | b'E'] => Vulnerability::EW,
        [b'b' | b'B'] => Vulnerability::All,
        _ => return None,
    })
}

fn parse_call(value: &str) -> Result<(Call, bool), String> {
    let v = value.trim();
    let (v, alert) = match v.strip_suffix('!') {
        Some(v) => (v, true),
        None => (v, false),
    };
    Call::parse(v)
        .map(|c| (c, alert))
        .ok_or_else(|| format!("mb {value:?} is not a call"))
}

fn parse_card(value: &str) -> Result<Card, String> {
    let b = value.trim().as_bytes();
    let card = match b {
        [s, r] => Suit::from_letter(*s).zip(Rank::from_char(*r)),
        [s, b'1', b'0'] => Suit::from_letter(*s).map(|s| (s, Rank::Ten)),
        _ => None,
    };
    card.map(|(s, r)| Card::new(s, r))
        .ok_or_else(|| format!("pc {value:?} is not a card"))
}

/// The digits at the end of a text: `Board 12` is 12, `o12` is 12.
/// A label with URL escapes (`Board%2010`, as BBO links give it) with them
/// undone: `Board 10`. None when it has none (or one that is not ASCII).
fn unescaped(text: &str) -> Option<String> {
    let b = text.as_bytes();
    memchr::memchr(b'%', b)?;
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = String::with_capacity(text.len());
    let (mut i, mut any) = (0, false);
    while i < b.len() {
        match (
            b[i],
            b.get(i + 1).and_then(|&c| hex(c)),
            b.get(i + 2).and_then(|&c| hex(c)),
        ) {
            (b'%', Some(h), Some(l)) if h < 8 => {
                out.push(char::from((h * 16 + l) as u8));
                any = true;
                i += 3;
            }
            _ => {
                let c = text[i..].chars().next().expect("a character");
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    any.then_some(out)
}

fn trailing_number(text: &str) -> Option<u32> {
    let t = text.split(',').next().unwrap_or(text).trim();
    let digits = t.bytes().rev().take_while(u8::is_ascii_digit).count();
    crate::formats::parse_u32(&t.as_bytes()[t.len() - digits..]).filter(|&n| n > 0)
}

/// Reads one board's commands into the model; an error gives the byte
/// offset of the command at fault.
fn board_from_commands<'c>(
    cmds: impl IntoIterator<Item = Command<'c>>,
    ctx: &mut Context,
    previous: Option<u32>,
) -> Result<Board, (usize, String)> {
    let mut said = BoardCommands::default();
    for c in cmds {
        ctx.update(&c);
        said.read(&c).map_err(|m| (c.start, m))?;
    }
    Ok(said.board(ctx, previous))
}

/// What one board's commands say, as they come.
#[derive(Default)]
struct BoardCommands {
    number: Option<u32>,
    room: Option<&'static str>,
    dealer: Option<Seat>,
    deal: Option<Deal>,
    vul: Option<Vulnerability>,
    calls: Vec<Annotated<CallToken>>,
    notes: Vec<String>,
    cards: Vec<Card>,
    claim: Option<u32>,
}

impl BoardCommands {
    /// Reads a command: those of the board noted, others passed over.
    /// Always inlined: it runs once a command, and as a call of its own it
    /// cost 1.5% more instructions a LIN file read (callgrind).
    #[inline(always)]
    fn read(&mut self, c: &Command) -> Result<(), String> {
        match &c.key {
            b"qx" => {
                let v = c.value.trim();
                self.room = match v.as_bytes().first().map(u8::to_ascii_lowercase) {
                    Some(b'o') => Some("Open"),
                    Some(b'c') => Some("Closed"),
                    _ => None,
                };
                if self.number.is_none() {
                    self.number = trailing_number(v);
                }
            }
            b"ah" => {
                let label = unescaped(c.value);
                self.number = trailing_number(label.as_deref().unwrap_or(c.value)).or(self.number)
            }
            b"md" => {
                let (d, hands) = parse_md(c.value)?;
                self.dealer = d;
                self.deal = Some(hands);
            }
            b"sv" => {
                self.vul = Some(
                    parse_sv(c.value)
                        .ok_or_else(|| format!("sv {:?} is not o, n, e or b", c.value.trim()))?,
                )
            }
            b"mb" => {
                let (call, alert) = parse_call(c.value)?;
                let mut a = Annotated::plain(CallToken::Call(call));
                if alert {
                    self.notes.push(format!("{}:", self.notes.len() + 1));
                    a.note = Some(self.notes.len() as u8);
                }
                self.calls.push(a);
            }
            b"an" => {
                let Some(last) = self.calls.last_mut() else {
                    return Err("an| before any call".into());
                };
                match last.note {
                    Some(n) => self.notes[n as usize - 1].push_str(c.value),
                    None => {
                        self.notes
                            .push(format!("{}:{}", self.notes.len() + 1, c.value));
                        last.note = Some(self.notes.len() as u8);
                    }
                }
            }
            b"pc" => self.cards.push(parse_card(c.value)?),
            b"mc" => {
                self.claim = Some(
                    crate::formats::parse_u32(c.value.trim().as_bytes())
                        .filter(|&n| n <= 13)
                        .ok_or_else(|| {
                            format!(
                                "mc {} is not 0 to 13 tricks",
                                crate::formats::excerpt(c.value)
                            )
                        })?,
                )
            }
            _ => {}
        }
        Ok(())
    }

    /// The board the commands give, with what they did not give worked
    /// out and marked so; `previous` is the number of the board before.
    fn board(self, ctx: &Context, previous: Option<u32>) -> Board {
        let mut board = Board::new(
            self.number.unwrap_or_else(|| previous.map_or(1, |p| p + 1)),
            self.deal.unwrap_or_default(),
        );
        match self.dealer {
            Some(d) => board.dealer = d,
            None => board.inferred.insert(Inferred::DEALER),
        }
        match self.vul {
            Some(v) => board.vulnerability = v,
            None => board.inferred.insert(Inferred::VULNERABILITY),
        }
        if self.number.is_none() {
            board.inferred.insert(Inferred::NUMBER);
        }
        if let Some(e) = &ctx.event {
            board.set_tag("Event", e.clone());
        }
        players(&mut board, &ctx.players, self.room);
        if let Some(r) = self.room {
            board.set_tag("Room", r);
        }
        self.auction_and_play(&mut board);
        board
    }

    /// The auction, with the contract and declarer it gives, and the play,
    /// with the result a claim or the thirteen tricks give.
    fn auction_and_play(self, board: &mut Board) {
        let mut contract = None;
        if !self.calls.is_empty() {
            let mut auction = Auction::new(board.dealer);
            auction.calls = self.calls;
            auction.notes = self.notes;
            contract = auction.contract();
            board.auction = Some(Box::new(auction));
        }
        if let Some(c) = contract {
            match c {
                Contract::Bid { declarer, .. } => {
                    board.set_tag("Declarer", declarer.letter().to_string())
                }
                Contract::PassedOut => board.set_tag("Declarer", ""),
            }
            board.set_tag("Contract", c.pbn());
        }
        let (cards, mut claim) = (self.cards, self.claim);
        if !cards.is_empty() {
            // No contract tells who leads, nor who wins each trick: that is
            // worked out, and said.
            let (mut play, inferred) =
                Play::from_played(&cards, contract, &board.deal, board.dealer);
            if inferred {
                board.inferred.insert(Inferred::LEADER);
            }
            // A claim ends the play: no further cards will be given.
            play.stopped = claim.is_some() && cards.len() < 52;
            if claim.is_none() && cards.len() == 52 {
                if let Some(c @ Contract::Bid { declarer, .. }) = contract {
                    let (ns, ew) = play.tricks_won(c.trump());
                    claim = Some(if declarer.index() % 2 == 0 { ns } else { ew });
                }
            }
            board.play = Some(Box::new(play));
        }
        if let Some(n) = claim {
            board.set_tag("Result", n.to_string());
        }
    }
}

/// The players of a `pn|` value (`players`, as written) as the board's
/// seat tags: the four given, or the closed room's of a vugraph's eight.
fn players(board: &mut Board, players: &str, room: Option<&str>) {
    if players
        .bytes()
        .any(|c| c != b',' && !c.is_ascii_whitespace())
    {
        let names: Vec<&str> = players.split(',').map(str::trim).collect();
        let names: &[&str] = match (names.len(), room) {
            (8, Some("Closed")) => &names[4..],
            (n, _) if n >= 4 => &names[..4],
            _ => &[],
        };
        for (seat, name) in MD_SEATS.iter().zip(names) {
            if !name.is_empty() {
                board.set_tag(seat.name(), name.to_string());
            }
        }
    }
}

/// The data LIN carries of a board, to tell whether a kept text still says
/// the same.
fn lin_view(b: &Board) -> impl PartialEq + '_ {
    const TAGS: [&str; 9] = [
        "Event", "West", "North", "East", "South", "Room", "Declarer", "Contract", "Result",
    ];
    (
        b.number,
        b.dealer,
        b.vulnerability,
        b.deal,
        &b.auction,
        &b.play,
        TAGS.map(|t| b.tag(t)),
    )
}

/// Writes a LIN file: the header, then each board as it was read when its
/// data is unchanged, else in the form of the module header.
#[derive(Default)]
pub struct LinWriter {
    /// Writes every board in the module header's form, not as read.
    pub normalize: bool,
    /// Writes ISO-8859-1, the character set the file was read in.
    latin1: bool,
    /// The last command written is `pn`, `st` or `rh`: a board written
    /// new, which begins with `pn`, would take it for its own.
    open_names: bool,
    ctx: Context,
    previous: Option<u32>,
    wrote: bool,
    ends_line: bool,
}

impl BoardWriter for LinWriter {
    fn head(&mut self, head: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        let start = out.len();
        self.latin1 = head.lin.as_ref().is_some_and(|i| i.latin1);
        self.header(head, out)?;
        self.encode(out, start)
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        let start = out.len();
        self.write_board(board, out)?;
        self.encode(out, start)
    }

    fn finish(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}

impl LinWriter {
    /// The text written from `start` on in the file's character set:
    /// ISO-8859-1 when it was read so (a character it lacks is an error).
    fn encode(&self, out: &mut Vec<u8>, start: usize) -> Result<(), Error> {
        if !self.latin1 || out[start..].is_ascii() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&out[start..]).into_owned();
        let bytes = crate::formats::latin1_encode(&text).map_err(|c| {
            Error::unsupported(
                F,
                format!("{c:?} is not in ISO-8859-1, the character set of the file read"),
            )
        })?;
        out.truncate(start);
        out.extend_from_slice(&bytes);
        Ok(())
    }

    fn header(&mut self, head: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        if let Some(info) = &head.lin {
            // The text before the first board, as read; from elsewhere (JSON
            // Lines) it must be LIN commands that start no board, or the file
            // would not read back.
            let cmds = commands(&info.header, at_byte).map_err(|e| {
                Error::unsupported(
                    F,
                    format!("the text before the first board is not LIN: {e}"),
                )
            })?;
            if !board_starts(&cmds).is_empty() {
                return Err(Error::unsupported(
                    F,
                    "the text before the first board starts a board",
                ));
            }
            out.extend_from_slice(info.header.as_bytes());
            self.wrote = !info.header.is_empty();
            self.ends_line = info.header.ends_with('\n');
            for c in &cmds {
                self.ctx.update(c);
            }
            self.open_names = cmds.last().is_some_and(names_board);
        }
        Ok(())
    }

    /// The context after `text` and whether it ends open for names, when
    /// `text` reads back as `board` in this place of the file.
    fn reads_back(&self, text: &str, board: &Board) -> Option<(Context, bool)> {
        let cmds = commands(text, at_byte).ok()?;
        let mut trial = self.ctx.clone();
        let again = board_from_commands(cmds.iter().copied(), &mut trial, self.previous).ok()?;
        let open = cmds.last().is_some_and(names_board);
        let same = lin_view(&again) == lin_view(board);
        same.then_some((trial, open))
    }

    fn write_board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        let kept = board
            .lin
            .as_ref()
            .filter(|_| !self.normalize)
            .and_then(|text| {
                let text = &text.0;
                match self.reads_back(text, board) {
                    Some((after, open)) => Some((Cow::Borrowed(text.as_str()), after, open)),
                    // Changed: the commands that say what changed are
                    // written again in place, the others kept.
                    None => {
                        let patched = patched(text, board)?;
                        let (after, open) = self.reads_back(&patched, board)?;
                        Some((Cow::Owned(patched), after, open))
                    }
                }
            });
        match kept {
            Some((text, after, open)) => {
                self.open_names = open;
                out.extend_from_slice(text.as_bytes());
                if !text.is_empty() {
                    self.wrote = true;
                    self.ends_line = text.ends_with('\n');
                }
                self.ctx = after;
            }
            None => {
                if self.wrote && !self.ends_line {
                    out.push(b'\n');
                }
                // The line gives its players (pn| always) and nothing else
                // that carries over.
                let names = MD_SEATS.map(|seat| board.tag(seat.name()).unwrap_or(""));
                // `|` ends a command and `,` parts the names: not writable.
                if let Some(name) = names.iter().find(|n| n.contains(['|', ','])) {
                    return Err(Error::unsupported(
                        F,
                        format!(
                            "board {}: player {} holds | or , which LIN cannot write",
                            board.number,
                            crate::formats::excerpt(name)
                        ),
                    ));
                }
                let notes = board.auction.iter().flat_map(|a| &a.notes);
                if notes.into_iter().any(|n| n.contains('|')) {
                    return Err(Error::unsupported(
                        F,
                        format!(
                            "board {}: an auction note holds |, which LIN cannot write",
                            board.number
                        ),
                    ));
                }
                let players = names.join(",");
                if std::mem::take(&mut self.open_names) {
                    // A page break keeps the names before from this board.
                    out.extend_from_slice(b"pg||\n");
                }
                out.extend_from_slice(board_text(board, &players).as_bytes());
                self.wrote = true;
                self.ends_line = true;
                self.ctx.players = players;
            }
        }
        self.previous = Some(board.number);
        Ok(())
    }
}

/// A board's kept text with the commands that give its number, dealer,
/// deal, vulnerability and players written anew where the board says
/// otherwise; `None` when a value that changed has no command to hold it.
/// The caller reads the result back before using it.
fn patched(text: &str, board: &Board) -> Option<String> {
    let cmds = commands(text, at_byte).ok()?;
    let mut out = String::with_capacity(text.len() + 16);
    let mut from = 0;
    let mut replace = |c: &Command, value: &str| {
        let start = c.start + 3;
        out.push_str(&text[from..start]);
        out.push_str(value);
        from = start + c.value.len();
    };
    let number = board.number.to_string();
    for c in &cmds {
        match &c.key {
            b"qx" if trailing_number(c.value) != Some(board.number) => {
                let v = c.value.trim_end_matches(|ch: char| ch.is_ascii_digit());
                replace(c, &format!("{v}{number}"));
            }
            b"ah"
                if trailing_number(unescaped(c.value).as_deref().unwrap_or(c.value))
                    != Some(board.number) =>
            {
                let v = c.value.trim_end_matches(|ch: char| ch.is_ascii_digit());
                let v = if v.ends_with('%') || v.is_empty() {
                    "Board "
                } else {
                    v
                };
                replace(c, &format!("{v}{number}"));
            }
            b"md" if parse_md(c.value).ok() != Some((Some(board.dealer), board.deal)) => {
                let mut s = String::with_capacity(70);
                s.push(dealer_digit(board.dealer));
                for (i, seat) in MD_SEATS.iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    push_hand(&mut s, board.deal.hand(*seat));
                }
                replace(c, &s);
            }
            b"sv" if parse_sv(c.value) != Some(board.vulnerability) => {
                replace(c, &vulnerability_letter(board.vulnerability).to_string())
            }
            b"pn" => {
                let names = MD_SEATS.map(|seat| board.tag(seat.name()).unwrap_or(""));
                let given: Vec<&str> = c.value.split(',').map(str::trim).collect();
                if given.len() == 4 && given != names {
                    if names.iter().any(|n| n.contains(['|', ','])) {
                        return None;
                    }
                    replace(c, &names.join(","));
                }
            }
            _ => {}
        }
    }
    out.push_str(&text[from..]);
    Some(out)
}

/// `md|`'s dealer digit.
fn dealer_digit(seat: Seat) -> char {
    match seat {
        Seat::South => '1',
        Seat::West => '2',
        Seat::North => '3',
        Seat::East => '4',
    }
}

/// `sv|`'s letter.
fn vulnerability_letter(v: Vulnerability) -> char {
    match v {
        Vulnerability::None => 'o',
        Vulnerability::NS => 'n',
        Vulnerability::EW => 'e',
        Vulnerability::All => 'b',
    }
}

fn push_hand(out: &mut String, hand: Hand) {
    // Put together on the stack: four suit letters and at most 52 ranks,
    // with room for the ranks' eight-byte copies.
    let mut buf = [0u8; 80];
    let mut n = 0;
    for suit in Suit::ALL {
        buf[n] = suit.letter() as u8;
        n = hand.put_suit(suit, &mut buf, n + 1);
    }
    out.extend(buf[..n].iter().map(|&c| char::from(c)));
}

fn lin_call(c: Call) -> String {
    match c {
        Call::Pass => "p".into(),
        Call::Double => "d".into(),
        Call::Redouble => "r".into(),
        Call::Bid { level, strain } => {
            format!(
                "{level}{}",
                if strain == Strain::NoTrump {
                    "N"
                } else {
                    strain.name()
                }
            )
        }
    }
}

/// One board in LIN, one line.
fn board_text(b: &Board, players: &str) -> String {
    let mut s = String::with_capacity(400);
    match b.tag("Room") {
        Some("Open") => s.push_str(&format!("qx|o{}|", b.number)),
        Some("Closed") => s.push_str(&format!("qx|c{}|", b.number)),
        _ => {}
    }
    // Always given, empty names too, as BBO's hand viewer does (and other
    // readers split boards at `pn|`).
    s.push_str("pn|");
    s.push_str(players);
    s.push('|');
    s.push_str("st||md|");
    s.push(dealer_digit(b.dealer));
    for (i, seat) in MD_SEATS.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let hand = b.deal.hand(*seat);
        if !hand.is_empty() {
            push_hand(&mut s, hand);
        }
    }
    s.push_str(&format!("|rh||ah|Board {}|sv|", b.number));
    s.push(vulnerability_letter(b.vulnerability));
    s.push('|');
    let mut contract = None;
    if let Some(a) = &b.auction {
        let note_text = |n: u8| {
            let prefix = format!("{n}:");
            a.notes
                .iter()
                .find_map(|v| v.strip_prefix(&prefix))
                .unwrap_or("")
                .to_string()
        };
        let seated = a.seated_calls();
        let mut k = 0;
        let emit = |s: &mut String, call: Call, note: Option<u8>| {
            s.push_str("mb|");
            s.push_str(&lin_call(call));
            if note.is_some() {
                s.push('!');
            }
            s.push('|');
            if let Some(text) = note.map(note_text).filter(|t| !t.is_empty()) {
                s.push_str(&format!("an|{text}|"));
            }
        };
        for t in &a.calls {
            match t.token {
                CallToken::Call(_) if k < seated.len() => {
                    emit(&mut s, seated[k].1, t.note);
                    k += 1;
                }
                CallToken::AllPass => {
                    while k < seated.len() {
                        emit(&mut s, seated[k].1, None);
                        k += 1;
                    }
                }
                // A call not known: the calls after it would take the
                // wrong seats, so the auction ends here (a loss noted).
                CallToken::Other(_) => break,
                // PBN's markers: LIN has no form for them.
                _ => {}
            }
        }
        s.push_str("pg||");
        contract = a.contract();
    }
    if let Some(p) = &b.play {
        let trump = contract.and_then(Contract::trump);
        let played = p.chronological(trump);
        for (i, (_, card)) in played.iter().enumerate() {
            s.push_str(&format!("pc|{card}|"));
            if i % 4 == 3 {
                s.push_str("pg||");
            }
        }
        if played.len() < 52 {
            if let Some(n) = crate::consistency::final_tricks(b, contract) {
                s.push_str(&format!("mc|{n}|"));
            }
        }
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests;
