//! The PBN reader: import format, tolerant.

use super::dd::{agrees, dd_fact, is_dd_tag, DdFact};
use super::edit::NAME_CHAR;
use super::PbnInfo;
use crate::codec::stream::BoardReader;
use crate::codec::Format;
use crate::model::auction::{Annotated, Auction, Call, CallToken, CardToken, Play, Word};
use crate::model::board::{
    dealer_for_board, Anchor, Board, Comment, Commentary, DdTable, Inferred, Par, Tag,
    Vulnerability,
};
use crate::model::card::Strain;
use crate::model::card::{Card, Rank, Suit};
use crate::model::deal::{Deal, Seat};
use crate::model::extras::PbnGame;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, Position, Source};
use std::borrow::Cow;
use std::collections::VecDeque;

mod plain;

const F: Format = super::FORMAT;

/// Bytes a window of the file holds at least (more when a game is longer).
const WINDOW: usize = 1 << 20;

/// Reads a PBN file a game at a time, through a window of the file that
/// ends at a line end. A game that does not end inside the window is read
/// again from its start once the window has grown: what carries from game
/// to game (the line count, the `%` lines before the first game, comments
/// waiting for the next game, the character set) is kept apart, and rolled
/// back with the game. The last board is held until the next game or the
/// end of the file, where comments after it are its own.
/// Writes a board in the export format after the bytes given: the
/// writer's, which the reader compares game texts with (given by the
/// module that wires the two, so that reading does not import writing).
pub(super) type ExportGame = fn(&Board, &mut Vec<u8>);

pub struct PbnReader<'a> {
    src: Source<'a>,
    st: State,
    head: SetInfo,
    done: bool,
}

/// What carries from game to game.
struct State {
    /// The line of the window's first byte.
    line: u64,
    /// Games read (and skipped) so far.
    games: u64,
    /// The character set, once told: UTF-8 or ISO-8859-1.
    utf8: Option<bool>,
    /// Text that is not UTF-8 in a file read as UTF-8 was met.
    mixed: bool,
    info: PbnInfo,
    in_preamble: bool,
    /// Comments of a game without tags, for the next game's start.
    pending: Vec<Comment>,
    last_number: Option<u32>,
    /// The rest of a game skipped after an error lies past the window.
    skipping: bool,
    /// Games read, the last held back.
    ready: VecDeque<Board>,
    /// The list of held double-dummy tags, kept for the next game.
    spare: Vec<Lazy>,
    /// Games in the writer's plain form are read by [`plain::read`] (off
    /// in tests that compare it with the general reader).
    plain: bool,
    /// The leniencies already said in a warning (bits of [`Lenient`]).
    lenient_said: u16,
    /// The number, dealer, vulnerability and deal of the game before,
    /// when it was read (not skipped for an error).
    last_game: Option<(u32, Seat, Vulnerability, Deal)>,
    /// Where the next board's text begins (a file offset): the end of the
    /// game before, or of the text before the first game.
    text_start: u64,
    /// The bytes from `text_start` up to the window's start, read in an
    /// earlier window.
    carry: Vec<u8>,
    /// Each board keeps its text ([`Board::pbn`]); off when a game's text
    /// is read again to be compared.
    keep_text: bool,
    /// A board has been handed on.
    handed: bool,
    /// Games in the export writer's very text need not keep it: the file's
    /// line end is CR LF, as the writer writes a board without a text in
    /// such a file (the line end of the text before the first game, else of
    /// the first game's).
    export_eol: bool,
    /// The file's line end has been told (`export_eol`).
    eol_told: bool,
    /// A `##` value has been read: the writer leaves out what it gives in
    /// the games after it, so their texts are kept.
    inherits: bool,
    /// What came before the last board handed on when it went without its
    /// text (an empty line, or nothing for the first), to give it its text
    /// back when the file goes on after it with no game.
    textless: Option<&'static str>,
    /// The writer's export form of a board.
    export_game: ExportGame,
}

/// What real writers put in PBN files that the standard does not allow,
/// read as they mean it: each said once a file, at its first place, in a
/// warning.
#[derive(Clone, Copy)]
enum Lenient {
    /// `P`, `D`, `R` for Pass, X and XX (BBA, BEN, BridgeComposer).
    CallLetters = 1,
    /// `[Play ""]`: no play (BEN, after any auction).
    EmptyPlay = 2,
    /// A tag value not in quotes, up to the `]`.
    UnquotedValue = 4,
    /// A word in a call's place (BridgeComposer's `AC`).
    OtherWord = 8,
    /// A vulnerability in another spelling: `N-S`, `ew`, `NS ` (BridgeNZ).
    Vulnerable = 16,
    /// Games with no empty line between them.
    NoEmptyLine = 32,
    /// A game with none of Board, Dealer, Vulnerable and Deal: the game
    /// before's (rpbridge.net's second table of a board).
    Inherited = 64,
    /// Suit letters before each suit of a Deal's hands: `SAKQ.HJT9.D..`.
    SuitLetters = 128,
    /// A board's number, dealer or vulnerability not given.
    Inferred = 256,
    /// A Board tag that is a label, not a number (`Example 1`).
    BoardLabel = 512,
    /// Spaces around a Board, Dealer or Deal value.
    Spaces = 1024,
}

impl<'a> PbnReader<'a> {
    pub(super) fn open(
        src: Source<'a>,
        diag: &mut Diagnostics,
        export_game: ExportGame,
    ) -> Result<PbnReader<'a>, Error> {
        PbnReader::open_with(src, diag, true, export_game)
    }

    /// The reader without [`plain::read`], every game read by the general
    /// reader: what the plain form's games are compared with.
    #[cfg(test)]
    pub(super) fn open_general(
        src: Source<'a>,
        diag: &mut Diagnostics,
        export_game: ExportGame,
    ) -> Result<PbnReader<'a>, Error> {
        PbnReader::open_with(src, diag, false, export_game)
    }

    fn open_with(
        mut src: Source<'a>,
        diag: &mut Diagnostics,
        plain: bool,
        export_game: ExportGame,
    ) -> Result<PbnReader<'a>, Error> {
        if let Some(big_endian) = utf16_bom(src.fill(2)?) {
            src = from_utf16(src, big_endian, diag)?;
        }
        let bom = src.fill(3)?.starts_with(b"\xef\xbb\xbf");
        if bom {
            src.consume(3);
        }
        // The character set, told from the first window's worth (up to a
        // line end) however the input comes: UTF-8 when a byte-order mark
        // or a `%` line says so, else by its text when that goes beyond
        // ASCII, else by the first window that does.
        src.fill(WINDOW)?;
        let data = src.data();
        let whole = src.is_eof() && data.len() <= WINDOW;
        let data = &data[..data.len().min(WINDOW)];
        let cut = match whole {
            true => data.len(),
            false => line_boundary(data).unwrap_or(0),
        };
        let utf8 = bom || declares_utf8(data);
        let told = match utf8 {
            true => Some(true),
            false => (!data[..cut].is_ascii()).then(|| std::str::from_utf8(&data[..cut]).is_ok()),
        };
        let mut r = PbnReader {
            src,
            st: State {
                line: 1,
                games: 0,
                utf8: told,
                mixed: false,
                info: PbnInfo {
                    preamble: Vec::new(),
                    utf8,
                    bom,
                    head: None,
                },
                in_preamble: true,
                pending: Vec::new(),
                last_number: None,
                skipping: false,
                ready: VecDeque::new(),
                spare: Vec::with_capacity(4),
                plain,
                lenient_said: 0,
                last_game: None,
                text_start: 0,
                carry: Vec::new(),
                keep_text: true,
                handed: false,
                export_eol: true,
                eol_told: false,
                inherits: false,
                textless: None,
                export_game,
            },
            head: SetInfo::default(),
            done: false,
        };
        // The `%` lines before the first game are the head: read on until
        // the first game is.
        while r.st.ready.is_empty() && !r.done {
            r.parse(diag)?;
        }
        r.st.info.utf8 = r.st.utf8.unwrap_or(false);
        r.head.pbn = Some(r.st.info.clone());
        Ok(r)
    }

    /// Reads the next window's whole games into `ready`.
    fn parse(&mut self, diag: &mut Diagnostics) -> Result<(), Error> {
        let at = Position::byte(self.src.offset()).with_line(self.st.line);
        let fail = |e| crate::formats::window_error(F, at, e);
        self.src.peek(WINDOW).map_err(fail)?;
        loop {
            let eof = self.src.is_eof();
            let data = self.src.data();
            let end = if eof {
                Some(data.len())
            } else {
                line_boundary(data)
            };
            match end {
                Some(end) => {
                    let base = self.src.offset();
                    let window = &data[..end];
                    if self.st.utf8.is_none() && !window.is_ascii() {
                        self.st.utf8 = Some(std::str::from_utf8(window).is_ok());
                    } else if self.st.utf8 == Some(true)
                        && !self.st.mixed
                        && std::str::from_utf8(window).is_err()
                    {
                        self.st.mixed = true;
                        diag.warn(
                            F,
                            Some(Position::byte(base).with_line(self.st.line)),
                            "the file reads as UTF-8 before this line, but text from here on is not UTF-8: that text is read as ISO-8859-1",
                        );
                    }
                    let mut r = Reader::new(window, base, eof, &mut self.st);
                    let consumed = r.run(diag)?;
                    let grow = consumed == 0 && !eof;
                    self.src.consume(consumed);
                    if eof {
                        self.done = true;
                        self.st.close();
                    } else if grow {
                        // A game longer than the window: a bigger one.
                        self.src.more().map_err(fail)?;
                        continue;
                    }
                    return Ok(());
                }
                None => {
                    self.src.more().map_err(fail)?;
                }
            }
        }
    }
}

impl State {
    /// At the end of the file: comments after the last game are its own.
    fn close(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if let Some(last) = self.ready.back_mut() {
            let after = last_anchor(last);
            for c in self.pending.drain(..) {
                last.comments.push(Commentary {
                    after: after.clone(),
                    comment: c,
                });
            }
        }
    }
}

/// A Deal value whose hands give each suit's letter before its ranks
/// (`N:SAKQ.HJT9.D876.C5432 ...`), without the letters; None when it is
/// not that.
fn without_suit_letters(value: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(value).ok()?;
    let (first, hands) = text.split_once(':')?;
    let mut out = format!("{first}:");
    for (k, hand) in hands.split_whitespace().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        if hand == "-" {
            out.push('-');
            continue;
        }
        let suits: Vec<&str> = hand.split('.').collect();
        if suits.len() != 4 {
            return None;
        }
        for (s, (suit, letter)) in suits.iter().zip(['S', 'H', 'D', 'C']).enumerate() {
            let ranks = suit
                .strip_prefix(letter)
                .or_else(|| suit.strip_prefix(letter.to_ascii_lowercase()))?;
            if s > 0 {
                out.push('.');
            }
            out.push_str(ranks);
        }
    }
    Some(out)
}

/// The byte order a UTF-16 byte-order mark gives: big-endian or not.
pub(super) fn utf16_bom(head: &[u8]) -> Option<bool> {
    match head {
        [0xFE, 0xFF, ..] => Some(true),
        [0xFF, 0xFE, ..] => Some(false),
        _ => None,
    }
}

/// The most of a UTF-16 file read (it is read whole, as UTF-8 text).
const MAX_UTF16: usize = 256 << 20;

/// A UTF-16 file (Windows tools write them with a byte-order mark) as the
/// UTF-8 text it holds, said in a warning: positions then count that
/// text's bytes, and it is written back as UTF-8.
fn from_utf16<'a>(
    mut src: Source<'a>,
    big_endian: bool,
    diag: &mut Diagnostics,
) -> Result<Source<'a>, Error> {
    let at = Position::byte(src.offset());
    let bytes = src
        .fill_all(MAX_UTF16)
        .map_err(|e| crate::formats::window_error(F, at, e))?;
    let body = &bytes[2..];
    if body.len() % 2 == 1 {
        return Err(Error::syntax(
            F,
            Position::byte(bytes.len() as u64 - 1),
            "a UTF-16 file (by its byte-order mark) ends in half a character",
        ));
    }
    let units = body.chunks_exact(2).map(|u| {
        let pair = [u[0], u[1]];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    let mut text = String::with_capacity(body.len() / 2);
    for (k, c) in char::decode_utf16(units).enumerate() {
        match c {
            Ok(c) => text.push(c),
            Err(_) => {
                return Err(Error::syntax(
                    F,
                    Position::byte(2 + 2 * k as u64),
                    "a UTF-16 file (by its byte-order mark) holds half of a surrogate pair",
                ))
            }
        }
    }
    diag.warn(
        F,
        None,
        format!(
            "the file is UTF-16{} (its byte-order mark says so): read as the UTF-8 text it holds, so positions below count that text's bytes; it is written as UTF-8",
            if big_endian { " big-endian" } else { "" }
        ),
    );
    Ok(Source::from_reader(std::io::Cursor::new(text.into_bytes())))
}

/// Where a window may end: after the last LF, or after the last CR that is
/// not the data's last byte (so not the first half of a CR LF).
fn line_boundary(data: &[u8]) -> Option<usize> {
    if let Some(i) = memchr::memrchr(b'\n', data) {
        return Some(i + 1);
    }
    let i = memchr::memrchr(b'\r', data)?;
    (i + 1 < data.len()).then_some(i + 1)
}

impl BoardReader for PbnReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.head
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        while self.st.ready.len() < 2 && !self.done {
            self.parse(diag)?;
        }
        Ok(self.st.ready.pop_front())
    }

    fn position(&self) -> u64 {
        self.src.offset()
    }

    fn size_hint(&self) -> usize {
        if !self.src.is_eof() {
            return 0;
        }
        self.st.ready.len() + crate::formats::boards_hint(&[self.src.data()], b"[Deal ", 64)
    }
}

/// The board a game's `text` ([`PbnGame`]) gives read alone, with `like`
/// as the game before it (for the number, dealer and vulnerability a game
/// leaves to its place, and a game that repeats the one before): what the
/// writer compares a board with to tell whether its text still says it.
/// None when the text does not read alone as one game.
pub(super) fn reread(text: &str, like: &Board, export_game: ExportGame) -> Option<Board> {
    let mut st = State {
        line: 1,
        games: 0,
        utf8: Some(true),
        mixed: false,
        info: PbnInfo::default(),
        in_preamble: false,
        pending: Vec::new(),
        last_number: like.number.checked_sub(1).filter(|&n| n > 0),
        skipping: false,
        ready: VecDeque::new(),
        spare: Vec::new(),
        plain: true,
        lenient_said: u16::MAX,
        last_game: like.inferred.is_empty().then_some((
            like.number,
            like.dealer,
            like.vulnerability,
            like.deal,
        )),
        text_start: 0,
        carry: Vec::new(),
        keep_text: false,
        handed: false,
        export_eol: false,
        eol_told: false,
        inherits: false,
        textless: None,
        export_game,
    };
    let mut diag = Diagnostics::strict();
    Reader::new(text.as_bytes(), 0, true, &mut st)
        .run(&mut diag)
        .ok()?;
    st.close();
    match (st.ready.pop_front(), st.ready.is_empty()) {
        (Some(board), true) => Some(board),
        _ => None,
    }
}

/// A `%` line before the first game naming UTF-8 as the charset.
fn declares_utf8(bytes: &[u8]) -> bool {
    bytes
        .split(|&c| c == b'\n')
        .take_while(|l| l.first() == Some(&b'%') || l.trim_ascii().is_empty())
        .any(|l| {
            let l = l.to_ascii_lowercase();
            l.windows(13).any(|w| w == b"charset=utf-8")
                || l.windows(12).any(|w| w == b"charset=utf8")
        })
}

/// Where the tokens after a tag go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    /// The identification section: only tags and comments.
    None,
    /// After `[Auction]`: calls, then note tags.
    Auction,
    /// After `[Play]`: cards, then note tags.
    Play,
    /// After another tag: section data for `tags[i]`.
    Data(usize),
    /// After a tag given twice: its data is skipped.
    Ignored,
    /// After a double-dummy tag held as what it says (`Game::lazy[i]`).
    Lazy(usize),
}

/// What was read last, for the anchor of a comment that follows; made into
/// an [`Anchor`] only when a comment comes.
#[derive(Clone, Copy)]
enum Mark {
    Start,
    Named(&'static str),
    Tag(usize),
    Call(usize),
    Card(usize),
    AuctionNote(usize),
    PlayNote(usize),
}

/// One game being read.
struct Game {
    board: Board,
    number: Option<u32>,
    dealer: Option<Seat>,
    vulnerability: Option<Vulnerability>,
    deal: Option<Deal>,
    seen_model_tags: u8,
    section: Section,
    anchor: Mark,
    /// An irregularity `^I`, `^R`, `^L` waiting for its call or card.
    irregularity: Option<u8>,
    /// Where the game's first token is.
    start: Position,
    /// A token or tag was read (a game of only comments is not a game).
    has_tags: bool,
    /// The note tags after the section's calls or cards have begun.
    in_notes: bool,
    /// Bits of [`OTHER_MANDATORY`]: given in this game, and given empty.
    mandatory_seen: u16,
    mandatory_empty: u16,
    /// The line of the last section data element (a new line starts a new
    /// row of a section that is not a table).
    data_line: u64,
    /// Double-dummy tags in the form the writer gives them, held as what
    /// they say: made into tags only if they are kept.
    lazy: Vec<Lazy>,
}

/// A double-dummy tag in the writer's form, held as what it says; its text
/// is the writer's, made again if the tag is kept.
struct Lazy {
    /// The tags read before it.
    at: usize,
    fact: LazyFact,
}

enum LazyFact {
    /// `OptimumResultTable` with the writer's columns, and its rows once
    /// read in the writer's form.
    Table(Option<DdTable>),
    /// `DoubleDummyTricks`.
    Tricks(DdTable),
    /// `OptimumScore`.
    Score(i32),
    /// `ParContract`.
    Contracts(Vec<String>),
}

impl LazyFact {
    fn name(&self) -> &'static str {
        match self {
            LazyFact::Table(_) => "OptimumResultTable",
            LazyFact::Tricks(_) => "DoubleDummyTricks",
            LazyFact::Score(_) => "OptimumScore",
            LazyFact::Contracts(_) => "ParContract",
        }
    }

    /// The tag, as the writer gives it.
    fn tag(&self) -> Tag {
        use super::dd::{contracts_tag_value, score_tag_value};
        let name = self.name();
        match self {
            LazyFact::Table(t) => Tag {
                name: name.into(),
                value: GENERATED_TABLE.into(),
                rows: t.as_ref().map(table_rows).unwrap_or_default(),
            },
            LazyFact::Tricks(t) => Tag::new(name, t.to_hex().unwrap_or_default()),
            LazyFact::Score(s) => Tag::new(name, score_tag_value(*s)),
            LazyFact::Contracts(c) => Tag::new(name, contracts_tag_value(c)),
        }
    }

    /// What it says, as a fact of the model (the contracts taken: they are
    /// the board's par contracts once it agrees, and given back if not).
    fn fact(&mut self) -> Option<DdFact> {
        Some(match self {
            LazyFact::Table(t) => DdFact::Table((*t)?),
            LazyFact::Tricks(t) => DdFact::Table(*t),
            LazyFact::Score(s) => DdFact::Score(*s),
            LazyFact::Contracts(c) => DdFact::Contracts(std::mem::take(c)),
        })
    }

    /// The fact of a double-dummy tag's text when the text is the writer's
    /// own form of it.
    fn read(name: &str, raw: &[u8]) -> Option<LazyFact> {
        use super::dd::{contracts_from_tag, contracts_written};
        let text = || std::str::from_utf8(raw).ok();
        Some(match name {
            "OptimumResultTable" => {
                (raw == GENERATED_TABLE.as_bytes()).then_some(LazyFact::Table(None))?
            }
            "DoubleDummyTricks" => LazyFact::Tricks(written_tricks(raw)?),
            "OptimumScore" => LazyFact::Score(written_score(raw)?),
            "ParContract" => {
                let text = text()?;
                let c = contracts_from_tag(text);
                contracts_written(&c, text).then_some(LazyFact::Contracts(c))?
            }
            _ => return None,
        })
    }
}

/// `DoubleDummyTricks` in the writer's digits: 20, lower case, nothing
/// around them.
fn written_tricks(raw: &[u8]) -> Option<DdTable> {
    /// Each digit's place in the table's raw entries: declarers N S E W,
    /// each strains NT S H D C.
    static PLACE: [(usize, usize); 20] = {
        let mut p = [(0, 0); 20];
        let mut i = 0;
        while i < 20 {
            p[i] = (
                DdTable::HEX_DECLARERS[i / 5] as usize,
                Strain::NT_FIRST[i % 5] as usize,
            );
            i += 1;
        }
        p
    };
    /// A digit's value, 0xFF for anything but `0`-`9` and `a`-`d`.
    static DIGIT: [u8; 256] = {
        let mut t = [0xFF; 256];
        let mut c = 0;
        while c < 14 {
            t[b"0123456789abcd"[c] as usize] = c as u8;
            c += 1;
        }
        t
    };
    let raw: &[u8; 20] = raw.try_into().ok()?;
    let mut table = [[DdTable::UNKNOWN; 5]; 4];
    let mut bad = 0;
    for (&c, &(seat, strain)) in raw.iter().zip(&PLACE) {
        let v = DIGIT[c as usize];
        bad |= v;
        table[seat][strain] = v;
    }
    // Only 0xFF has bit 4 set among the values.
    (bad & 0x10 == 0).then(|| DdTable::from_raw(table))
}

/// `OptimumScore` as the writer gives it: `NS` and the score for North-
/// South when it is 0 or more, else `EW` and East-West's, the digits with
/// no sign or leading zero (what [`super::dd::score_tag_value`] writes of
/// a score [`super::dd::score_from_tag`] reads).
fn written_score(raw: &[u8]) -> Option<i32> {
    let (ew, digits) = match raw {
        [b'N', b'S', b' ', d @ ..] => (false, d),
        [b'E', b'W', b' ', d @ ..] => (true, d),
        _ => return None,
    };
    if digits.is_empty()
        || digits.len() > 10
        || (digits[0] == b'0' && digits.len() > 1)
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let n = digits
        .iter()
        .fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
    match (ew, n) {
        (true, 0) => None,
        (true, n) => i32::try_from(-n).ok(),
        (false, n) => i32::try_from(n).ok(),
    }
}

impl Game {
    fn new(start: Position) -> Game {
        Game {
            board: Board::new(0, Deal::default()),
            number: None,
            dealer: None,
            vulnerability: None,
            deal: None,
            seen_model_tags: 0,
            section: Section::None,
            anchor: Mark::Start,
            irregularity: None,
            start,
            has_tags: false,
            in_notes: false,
            data_line: 0,
            mandatory_seen: 0,
            mandatory_empty: 0,
            lazy: Vec::new(),
        }
    }
}

/// A window of the file being read, and the state that carries on.
impl Game {
    /// Makes held double-dummy tag `k` a tag of the board, at the end (it
    /// is the last read: section data follows it). Returns its index.
    fn materialize(&mut self, k: usize) -> usize {
        let lazy = self.lazy.remove(k);
        debug_assert_eq!(lazy.at, self.board.tags.len());
        self.board.tags.push(lazy.fact.tag());
        self.board.tags.len() - 1
    }

    /// An `OptimumResultTable` held without rows, when a tag or the game's
    /// end comes: a tag with no rows.
    fn table_without_rows(&mut self) {
        if let Some(k) = self
            .lazy
            .iter()
            .position(|l| matches!(l.fact, LazyFact::Table(None)))
        {
            if self.lazy[k].at == self.board.tags.len() {
                self.materialize(k);
            }
        }
    }
}

struct Reader<'a, 's> {
    b: &'a [u8],
    /// The file offset of `b[0]`.
    base: u64,
    /// The window ends where the file does.
    eof: bool,
    i: usize,
    line: u64,
    line_start: usize,
    st: &'s mut State,
    /// A scan reached the window's end looking for what closes a token
    /// (a `}`, a tag's `]` on a later line): the window is too short.
    short: bool,
    /// Warnings of the game being read, handed on when it is done.
    warnings: Vec<(Position, String)>,
    /// The game's leniencies, handed on as warnings (the first of each
    /// kind in the file) when it is done.
    lenient: Vec<(Lenient, Position, String)>,
}

/// Where a game began, to read it again from there in a longer window.
struct Checkpoint {
    i: usize,
    line: u64,
    line_start: usize,
    games: u64,
    pending: usize,
    preamble: usize,
    in_preamble: bool,
}

/// An error in the current game: reported, and the game skipped.
struct GameError(Error);

impl<'a, 's> Reader<'a, 's> {
    fn new(b: &'a [u8], base: u64, eof: bool, st: &'s mut State) -> Reader<'a, 's> {
        Reader {
            b,
            base,
            eof,
            i: 0,
            line: st.line,
            line_start: 0,
            st,
            short: false,
            warnings: Vec::new(),
            lenient: Vec::new(),
        }
    }

    fn pos(&self, at: usize) -> Position {
        let mut p = Position::record(self.st.games, self.base + at as u64)
            .with_line(self.line)
            .with_column((at.saturating_sub(self.line_start)) as u64 + 1);
        if at < self.line_start {
            p.column = None;
        }
        p
    }

    fn syntax(&self, at: usize, m: impl Into<String>) -> GameError {
        GameError(Error::syntax(F, self.pos(at), m))
    }

    fn invalid(&self, at: usize, m: impl Into<String>) -> GameError {
        GameError(Error::invalid(F, self.pos(at), m))
    }

    /// A few characters of `raw`, quoted, for an error message.
    fn quote(&self, raw: &[u8]) -> String {
        crate::formats::excerpt(&self.decode(&raw[..raw.len().min(200)]))
    }

    /// Text in the file's character set: UTF-8 when it was told so (text
    /// that is not UTF-8 in it as ISO-8859-1), else ISO-8859-1.
    fn decode(&self, raw: &[u8]) -> String {
        match std::str::from_utf8(raw) {
            Ok(text) if text.is_ascii() || self.st.utf8 == Some(true) => text.to_owned(),
            _ => crate::formats::latin1_decode(raw),
        }
    }

    fn newline(&mut self) {
        // At a CR, LF or CR LF.
        if self.b[self.i] == b'\r' && self.b.get(self.i + 1) == Some(&b'\n') {
            self.i += 1;
        }
        self.i += 1;
        self.line += 1;
        self.line_start = self.i;
    }

    fn line_end(&self, from: usize) -> usize {
        self.b[from..]
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .map_or(self.b.len(), |n| from + n)
    }

    /// A game beginning at `self.i`.
    fn new_game(&mut self) -> Game {
        let mut g = Game::new(self.pos(self.i));
        g.lazy = std::mem::take(&mut self.st.spare);
        g
    }

    /// The game under way, begun here if none is.
    fn game<'g>(&mut self, game: &'g mut Option<Game>) -> &'g mut Game {
        if game.is_none() {
            *game = Some(self.new_game());
        }
        game.as_mut().expect("a game")
    }

    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            i: self.i,
            line: self.line,
            line_start: self.line_start,
            games: self.st.games,
            pending: self.st.pending.len(),
            preamble: self.st.info.preamble.len(),
            in_preamble: self.st.in_preamble,
        }
    }

    /// Stops at the window's end: a game under way (`open`) is dropped, to
    /// be read again from its start in a longer window. Returns the bytes
    /// read.
    fn stop(&mut self, open: bool, cp: &Checkpoint) -> usize {
        if open {
            self.i = cp.i;
            self.line = cp.line;
            self.line_start = cp.line_start;
            self.st.games = cp.games;
            self.st.pending.truncate(cp.pending);
            self.st.info.preamble.truncate(cp.preamble);
            self.st.in_preamble = cp.in_preamble;
            self.warnings.clear();
            self.lenient.clear();
        }
        self.st.line = self.line;
        if self.st.keep_text && !self.st.skipping {
            let from = self.st.text_start.saturating_sub(self.base) as usize;
            self.st
                .carry
                .extend_from_slice(&self.b[from.min(self.i)..self.i]);
        }
        self.i
    }

    /// The file's text from where the last piece taken ended up to window
    /// offset `end`, decoded, and the next piece begun there.
    fn take_text(&mut self, end: usize) -> String {
        if self.base + (end as u64) < self.st.text_start {
            return String::new();
        }
        let from = self.st.text_start.saturating_sub(self.base) as usize;
        let text = if self.st.carry.is_empty() {
            self.decode(&self.b[from.min(end)..end])
        } else {
            let mut bytes = std::mem::take(&mut self.st.carry);
            bytes.extend_from_slice(&self.b[from.min(end)..end]);
            self.decode(&bytes)
        };
        self.st.text_start = self.base + end as u64;
        text
    }

    /// Drops the text read so far (a game skipped for an error): the next
    /// board's text begins at `self.i`.
    fn drop_text(&mut self) {
        self.st.carry.clear();
        self.st.text_start = self.base + self.i as u64;
    }

    /// The first game begins at `self.i`: what came before is the head.
    fn leave_preamble(&mut self) {
        if self.st.in_preamble {
            self.st.in_preamble = false;
            // Taken once: a game read again from its start in a longer
            // window (the preamble's end read again) finds it taken.
            if self.st.keep_text && self.st.info.head.is_none() {
                // Up to the first game's line (white space before its first
                // token is the game's).
                let head = self.take_text(self.line_start.min(self.i));
                if let Some(eol) = super::edit::line_end(&head) {
                    self.st.export_eol = eol == "\r\n";
                    self.st.eol_told = true;
                }
                self.st.info.head = Some(head);
            }
        }
    }

    /// Hands the game's warnings on, and its leniencies not yet said.
    fn flush_warnings(&mut self, diag: &mut Diagnostics) {
        for (p, m) in self.warnings.drain(..) {
            diag.warn(F, Some(p), m);
        }
        for (kind, p, m) in self.lenient.drain(..) {
            if self.st.lenient_said & kind as u16 == 0 {
                self.st.lenient_said |= kind as u16;
                diag.warn(
                    F,
                    Some(p),
                    format!("{m} (the first in the file; any others are read alike)"),
                );
            }
        }
    }

    /// A leniency at byte `at` of the window (see [`Lenient`]).
    fn lenient(&mut self, kind: Lenient, at: usize, message: impl FnOnce() -> String) {
        self.lenient_at(kind, self.pos(at), message);
    }

    /// A leniency at `position`.
    fn lenient_at(&mut self, kind: Lenient, position: Position, message: impl FnOnce() -> String) {
        if self.st.lenient_said & kind as u16 == 0 {
            self.lenient.push((kind, position, message()));
        }
    }

    /// Reads the window's games; returns the bytes read (up to the start
    /// of a game that goes on past the window).
    fn run(&mut self, diag: &mut Diagnostics) -> Result<usize, Error> {
        let mut cp = self.checkpoint();
        if self.st.skipping {
            if !self.skip_game(true) {
                return Ok(self.stop(false, &cp));
            }
            self.st.skipping = false;
            self.drop_text();
        }
        let mut game: Option<Game> = None;
        let mut at_line_start = true;
        loop {
            if at_line_start {
                at_line_start = false;
                if game.as_ref().is_some_and(|g| self.next_game_starts(g)) {
                    self.lenient(Lenient::NoEmptyLine, self.i, || {
                        "a second Deal or Board tag with no empty line before it: read as the next game's".into()
                    });
                    let g = game.take().expect("a game");
                    self.finish(g, diag)?;
                }
                if game.is_none() {
                    cp = self.checkpoint();
                }
                // A semi-empty line (spaces and tabs only) ends a game.
                let mut k = self.i;
                while k < self.b.len() && matches!(self.b[k], b' ' | b'\t') {
                    k += 1;
                }
                if k >= self.b.len() || matches!(self.b[k], b'\r' | b'\n') {
                    if k >= self.b.len() && !self.eof {
                        return Ok(self.stop(game.is_some(), &cp));
                    }
                    if k >= self.b.len() && k == self.i {
                        break;
                    }
                    if let Some(g) = game.take() {
                        self.finish(g, diag)?;
                    } else if self.st.in_preamble {
                        let line = self.decode(&self.b[self.i..k]);
                        self.st.info.preamble.push(line);
                    }
                    self.i = k;
                    if self.i < self.b.len() {
                        self.newline();
                    }
                    at_line_start = true;
                    continue;
                }
                if game.is_none()
                    && self.st.plain
                    && self.b[self.i] == b'['
                    && self.st.pending.is_empty()
                {
                    if let Some(p) = plain::read(&self.b[self.i..], self.eof) {
                        self.plain_game(p);
                        at_line_start = true;
                        continue;
                    }
                }
                if self.b[self.i] == b'%' {
                    let end = self.line_end(self.i);
                    let text = self.decode(&self.b[self.i + 1..end]);
                    if self.st.in_preamble && game.is_none() {
                        self.st.info.preamble.push(format!("%{text}"));
                    } else {
                        let g = self.game(&mut game);
                        comment(g, Comment::Escape(text));
                    }
                    self.i = end;
                    if self.i < self.b.len() {
                        self.newline();
                    }
                    at_line_start = true;
                    continue;
                }
            }
            // Skip white space within the line.
            while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | 0x0b | 0x0c) {
                self.i += 1;
            }
            if self.i >= self.b.len() {
                if !self.eof {
                    return Ok(self.stop(game.is_some(), &cp));
                }
                break;
            }
            if matches!(self.b[self.i], b'\r' | b'\n') {
                self.newline();
                at_line_start = true;
                continue;
            }
            if game.is_none() && self.st.last_number.is_some() {
                match self.text_tail() {
                    Some(true) => {
                        self.flush_warnings(diag);
                        break;
                    }
                    Some(false) => return Ok(self.stop(false, &cp)),
                    None => {}
                }
            }
            self.leave_preamble();
            if game.is_none() {
                game = Some(self.new_game());
            }
            let result = self.token(game.as_mut().expect("a game"));
            if let Err(GameError(mut e)) = result {
                if self.short && !self.eof {
                    return Ok(self.stop(true, &cp));
                }
                if let Some(n) = game.as_ref().and_then(|g| g.number) {
                    e = e.in_board(n);
                }
                self.flush_warnings(diag);
                diag.error(e)?;
                // Skip the rest of the game: up to the next empty line.
                game = None;
                self.st.last_game = None;
                self.st.games += 1;
                if !self.skip_game(false) {
                    self.st.skipping = true;
                    return Ok(self.stop(false, &cp));
                }
                self.drop_text();
                at_line_start = true;
            }
        }
        if let Some(g) = game.take() {
            self.finish(g, diag)?;
        }
        // The file's end: what follows the last game is its text's.
        if self.eof && self.st.keep_text {
            let rest = self.take_text(self.b.len());
            let textless = self.st.textless;
            match self.st.ready.back_mut() {
                Some(Board {
                    pbn: Some(PbnGame(text)),
                    ..
                }) => text.push_str(&rest),
                // The last board went without its text: given it back, with
                // what follows.
                Some(board) if !rest.is_empty() => {
                    let mut text = Vec::new();
                    text.extend_from_slice(textless.unwrap_or("").as_bytes());
                    (self.st.export_game)(board, &mut text);
                    let mut text = String::from_utf8(text).unwrap_or_default();
                    text.push_str(&rest);
                    board.pbn = Some(PbnGame(text));
                }
                Some(_) => {}
                // No game: the text before one.
                None if !self.st.handed => self
                    .st
                    .info
                    .head
                    .get_or_insert_with(String::new)
                    .push_str(&rest),
                None => {}
            }
        }
        self.st.line = self.line;
        Ok(self.b.len())
    }

    /// Lines of text after the last game that are not PBN, such as the
    /// statistics Dealer writes after its deals (`Generated 1000 hands`):
    /// kept as a `{}` comment after the last game, said in a warning.
    /// True when read (to the end of the file), false when the window must
    /// grow to tell, None when they are not that (a game follows, or they
    /// are PBN).
    fn text_tail(&mut self) -> Option<bool> {
        let rest = &self.b[self.i..];
        if matches!(rest.first(), Some(b'[' | b'{' | b'%' | b';')) || rest.contains(&b'}') {
            return None;
        }
        let game_follows = rest
            .split(|&c| c == b'\n')
            .any(|l| matches!(l.trim_ascii_start().first(), Some(b'[' | b'{' | b'%')));
        if game_follows {
            return None;
        }
        if !self.eof {
            return Some(false);
        }
        let text = self.decode(rest).replace("\r\n", "\n").replace('\r', "\n");
        let text = text.trim_end().to_string();
        self.warnings.push((
            self.pos(self.i),
            format!(
                "{} lines of text after the last game are not PBN (a dealing program's statistics?): kept as a comment after that game",
                text.lines().count()
            ),
        ));
        self.st.pending.push(Comment::Brace(text));
        self.i = self.b.len();
        Some(true)
    }

    /// A line that opens a second `Deal` or `Board` tag in a game that has
    /// one: the next game, with no empty line before it (BEN's lists of
    /// deals, a line each).
    fn next_game_starts(&self, g: &Game) -> bool {
        let line = &self.b[self.i..];
        (g.deal.is_some() && line.starts_with(b"[Deal "))
            || (g.number.is_some() && line.starts_with(b"[Board "))
    }

    /// A game [`plain::read`] read: the board as [`Reader::finish`] would
    /// have made it, and the reader past it.
    fn plain_game(&mut self, p: plain::Plain) {
        self.leave_preamble();
        self.st.games += 1;
        let end = self.i + p.game_len;
        if p.exact && self.apart_as_written() {
            // The export writer's very text: given back without it.
            self.st.text_start = self.base + end as u64;
            self.st.carry.clear();
            self.st.textless = Some(if self.st.handed { "\r\n" } else { "" });
            self.st.handed = true;
            self.st.eol_told = true;
            self.st.last_number = Some(p.board.number);
            let b = &p.board;
            self.st.last_game = Some((b.number, b.dealer, b.vulnerability, b.deal));
            self.st.ready.push_back(p.board);
        } else {
            self.hand_on(p.board, end, false);
        }
        self.i += p.len;
        self.line += p.lines;
        self.line_start = self.i;
    }

    /// True when the text between the game before (or the text before the
    /// first game) and the game at `self.i` is what the export writer puts
    /// there in a file whose text before the first game ends its lines in
    /// CR LF: an empty line (nothing before the first game).
    fn apart_as_written(&self) -> bool {
        if !self.st.keep_text || !self.st.export_eol || self.st.inherits {
            return false;
        }
        let from = self.st.text_start.saturating_sub(self.base) as usize;
        let Some(here) = self.b.get(from..self.i) else {
            return false;
        };
        let sep: &[u8] = if self.st.handed { b"\r\n" } else { b"" };
        match self.st.carry.len() {
            0 => here == sep,
            n => {
                sep.len() == n + here.len()
                    && sep.starts_with(&self.st.carry)
                    && sep.ends_with(here)
            }
        }
    }

    /// True when the board's text, up to window offset `end`, is the very
    /// text the export writer gives the board in this file: after the game
    /// before, an empty line (CR LF) and the game, CR LF throughout.
    fn in_export_text(&self, board: &Board, end: usize) -> bool {
        if !self.st.keep_text || !self.st.export_eol || self.st.inherits {
            return false;
        }
        // The game ends at an empty line, as the writer ends it, or where
        // the file does.
        let after = &self.b[end.min(self.b.len())..];
        if !(after.starts_with(b"\r\n") || (after.is_empty() && self.eof)) {
            return false;
        }
        let from = self.st.text_start.saturating_sub(self.base) as usize;
        let Some(text) = self.b.get(from..end) else {
            return false;
        };
        // Begun in an earlier window: put together.
        let joined;
        let text = if self.st.carry.is_empty() {
            text
        } else {
            joined = [&self.st.carry[..], text].concat();
            &joined[..]
        };
        let text = match self.st.handed {
            true => match text.strip_prefix(b"\r\n") {
                Some(game) => game,
                None => return false,
            },
            false => text,
        };
        let mut export = Vec::with_capacity(text.len());
        (self.st.export_game)(board, &mut export);
        export == text
    }

    /// Moves to the start of the next semi-empty line (the current one
    /// too, `here`, when at a line's start); false when the window ends
    /// first and the file does not.
    fn skip_game(&mut self, here: bool) -> bool {
        let mut check = here;
        loop {
            if check {
                if self.i >= self.b.len() {
                    return self.eof;
                }
                let end = self.line_end(self.i);
                if self.b[self.i..end].iter().all(|&c| c == b' ' || c == b'\t') {
                    return true;
                }
            }
            check = true;
            self.i = self.line_end(self.i);
            if self.i >= self.b.len() {
                return self.eof;
            }
            self.newline();
        }
    }

    /// Reads one token of a game at `self.i` (not white space).
    fn token(&mut self, g: &mut Game) -> Result<(), GameError> {
        let at = self.i;
        match self.b[at] {
            b'[' => self.tag(g),
            b'{' => {
                let close = memchr::memchr(b'}', &self.b[at + 1..]);
                let Some(n) = close else {
                    self.short = true;
                    return Err(self.syntax(at, "a { comment is not closed"));
                };
                let raw = &self.b[at + 1..at + 1 + n];
                let text = self.decode(raw).replace("\r\n", "\n").replace('\r', "\n");
                // Count the lines the comment spans.
                for (k, &c) in raw.iter().enumerate() {
                    if c == b'\n' || (c == b'\r' && raw.get(k + 1) != Some(&b'\n')) {
                        self.line += 1;
                        self.line_start = at + 1 + k + 1;
                    }
                }
                self.i = at + n + 2;
                comment(g, Comment::Brace(text));
                Ok(())
            }
            b';' => {
                let end = self.line_end(at);
                let text = self.decode(&self.b[at + 1..end]);
                self.i = end;
                comment(g, Comment::Line(text));
                Ok(())
            }
            _ => match g.section {
                Section::Auction if !g.in_notes => self.call(g),
                Section::Play if !g.in_notes => self.card(g),
                Section::Ignored => self.element().map(|_| ()),
                Section::Lazy(k) => {
                    if let LazyFact::Table(None) = g.lazy[k].fact {
                        if let Some((table, end, lines, line_start)) = self.generated_rows() {
                            self.i = end;
                            self.line += lines;
                            self.line_start = line_start;
                            g.lazy[k].fact = LazyFact::Table(Some(table));
                            g.section = Section::None;
                            return Ok(());
                        }
                    }
                    // Section data after it: a tag like any other.
                    let t = g.materialize(k);
                    g.section = Section::Data(t);
                    self.token(g)
                }
                Section::Data(t) => {
                    let element = self.element()?;
                    let same_line = g.data_line == self.line;
                    g.data_line = self.line;
                    let tag = &mut g.board.tags[t];
                    let columns = table_columns(tag);
                    match tag.rows.last_mut() {
                        Some(row) if columns.map_or(same_line, |n| row.len() < n) => {
                            row.push(element)
                        }
                        _ => tag.rows.push(vec![element]),
                    }
                    Ok(())
                }
                _ => Err(self.syntax(
                    at,
                    format!(
                        "{} is not a tag, a comment or section data",
                        self.quote(&self.b[at..self.token_end(at)])
                    ),
                )),
            },
        }
    }

    /// Reads the 20 rows of a generated `OptimumResultTable` at `self.i`
    /// (N S E W by NT S H D C, `N NT 13`, `?` where unknown), when they are
    /// exactly that and the game's next line is a tag or its end: the
    /// table, where the last row's text ends, the lines before it, and
    /// where its line starts. `None` for anything else, which is read as
    /// section data.
    fn generated_rows(&self) -> Option<(DdTable, usize, u64, usize)> {
        const SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
        const STRAINS: [(Strain, &[u8]); 5] = [
            (Strain::NoTrump, b"NT"),
            (Strain::Spades, b"S"),
            (Strain::Hearts, b"H"),
            (Strain::Diamonds, b"D"),
            (Strain::Clubs, b"C"),
        ];
        let b = self.b;
        if let Some(found) = self.written_rows() {
            return Some(found);
        }
        let blank = |c: u8| c == b' ' || c == b'\t';
        let skip = |mut p: usize| {
            while p < b.len() && blank(b[p]) {
                p += 1;
            }
            p
        };
        if !b[self.line_start..self.i].iter().all(|&c| blank(c)) {
            return None;
        }
        let mut raw = [[DdTable::UNKNOWN; 5]; 4];
        let (mut p, mut lines, mut line_start) = (self.i, 0u64, self.line_start);
        for k in 0..20 {
            if k > 0 {
                // The line end of the row before.
                match b.get(p) {
                    Some(b'\r') if b.get(p + 1) == Some(&b'\n') => p += 2,
                    Some(b'\r' | b'\n') => p += 1,
                    _ => return None,
                }
                lines += 1;
                line_start = p;
                p = skip(p);
            }
            let (seat, (strain, name)) = (SEATS[k / 5], STRAINS[k % 5]);
            if b.get(p) != Some(&seat.letter_byte()) {
                return None;
            }
            let q = skip(p + 1);
            if q == p + 1 || !b[q..].starts_with(name) {
                return None;
            }
            p = q + name.len();
            let q = skip(p);
            if q == p {
                return None;
            }
            let digits = b[q..].iter().take_while(|c| c.is_ascii_digit()).count();
            let tricks = match (&b[q..q + digits.max(1).min(b.len() - q)], digits) {
                (b"?", 0) => DdTable::UNKNOWN,
                (d, 1) => d[0] - b'0',
                ([b'1', d], 2) if *d <= b'3' => 10 + d - b'0',
                _ => return None,
            };
            raw[seat as usize][strain as usize] = tricks;
            p = skip(q + digits.max(1));
        }
        // The last row's line ends, and the next line starts a tag or is
        // the game's end (or the file's).
        let next = match b.get(p) {
            None if self.eof => None,
            Some(b'\r') if b.get(p + 1) == Some(&b'\n') => Some(p + 2),
            Some(b'\r' | b'\n') => Some(p + 1),
            _ => return None,
        };
        if let Some(n) = next {
            let q = skip(n);
            match b.get(q) {
                None if self.eof => {}
                Some(b'[' | b'\r' | b'\n') => {}
                _ => return None,
            }
        }
        Some((DdTable::from_raw(raw), p, lines, line_start))
    }

    /// [`Reader::generated_rows`] in the very form this writer (and
    /// BridgeComposer) gives them, at a line's start: see [`writer_rows`].
    fn written_rows(&self) -> Option<(DdTable, usize, u64, usize)> {
        if self.i != self.line_start {
            return None;
        }
        let b = &self.b[self.i..];
        let crlf = b.get(7) == Some(&b'\r');
        let (table, len) = writer_rows(b, crlf)?;
        // The next line too: a tag, an empty line, or the end of the file.
        match b.get(len) {
            None if self.eof => {}
            Some(b'[' | b'\r' | b'\n') => {}
            _ => return None,
        }
        let width = len / 20;
        let last = self.i + 19 * width;
        Some((table, last + 7, 19, last))
    }

    fn token_end(&self, from: usize) -> usize {
        self.b[from..]
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .map_or(self.b.len(), |n| from + n)
    }
}

/// The 20 rows of a generated `OptimumResultTable` in the very form this
/// writer (and BridgeComposer) gives them, at the start of `b`: rows of
/// nine bytes ending in CR LF (`crlf`), or of eight ending in LF, each
/// compared as one word with that text but for the tricks. The table and
/// the rows' length.
fn writer_rows(b: &[u8], crlf: bool) -> Option<(DdTable, usize)> {
    use super::{TABLE_SEATS as SEATS, TABLE_STRAINS as STRAINS};
    /// A row's first eight bytes, the tricks' two zero: `N NT ??` and the
    /// LF that ends the row ([0]) or the CR of its CR LF ([1]).
    static WORDS: [[u64; 20]; 2] = {
        let mut w = [[0u64; 20]; 2];
        let mut k = 0;
        while k < 20 {
            let (s, last) = (STRAINS[k % 5].1, [b'\n', b'\r']);
            let mut e = 0;
            while e < 2 {
                w[e][k] = u64::from_le_bytes([
                    SEATS[k / 5].letter_byte(),
                    b' ',
                    s[0],
                    s[1],
                    b' ',
                    0,
                    0,
                    last[e],
                ]);
                e += 1;
            }
            k += 1;
        }
        w
    };
    const TEXT: u64 = !(0xFFFF << 40);
    let width = if crlf { 9 } else { 8 };
    let len = 20 * width;
    if b.len() < len {
        return None;
    }
    let words = &WORDS[usize::from(crlf)];
    let mut raw = [[DdTable::UNKNOWN; 5]; 4];
    let mut bad = false;
    for k in 0..20 {
        let at = k * width;
        let word = u64::from_le_bytes(b[at..at + 8].try_into().ok()?);
        bad |= word & TEXT != words[k] || (crlf && b[at + 8] != b'\n');
        // ` 0` to ` 9`, `10` to `13`, or ` ?`; worked out without a
        // branch, as the digits come at random.
        let (tens, units) = (b[at + 5], b[at + 6].wrapping_sub(b'0'));
        let unknown = tens == b' ' && units == b'?'.wrapping_sub(b'0');
        let known = (tens == b' ' && units < 10) || (tens == b'1' && units < 4);
        bad |= !(known || unknown);
        let tricks = if unknown {
            DdTable::UNKNOWN
        } else {
            (u8::from(tens == b'1') * 10).wrapping_add(units)
        };
        raw[SEATS[k / 5] as usize][STRAINS[k % 5].0 as usize] = tricks;
    }
    (!bad).then(|| (DdTable::from_raw(raw), len))
}

impl<'a> Reader<'a, '_> {
    /// Skips white space, line ends included (a tag may span lines in the
    /// import format).
    fn skip_space(&mut self) {
        while self.i < self.b.len() {
            match self.b[self.i] {
                b' ' | b'\t' | 0x0b | 0x0c => self.i += 1,
                b'\r' | b'\n' => self.newline(),
                _ => return,
            }
        }
        self.short = true;
    }

    /// Reads a string token at `self.i` (the opening quote): its raw bytes
    /// with escapes undone.
    fn string(&mut self) -> Result<Cow<'a, [u8]>, GameError> {
        let open = self.i;
        let b = self.b;
        let mut k = open + 1;
        let mut escaped = false;
        loop {
            k += b[k..]
                .iter()
                .take_while(|&&c| !STRING_STOP[c as usize])
                .count();
            match b.get(k) {
                None | Some(b'"') => break,
                Some(b'\\') if matches!(b.get(k + 1), Some(b'"') | Some(b'\\')) => {
                    escaped = true;
                    k += 2;
                }
                Some(b'\\') => k += 1,
                _ => return Err(self.syntax(open, "a string is not closed on its line")),
            }
        }
        if k >= b.len() {
            return Err(self.syntax(open, "a string is not closed"));
        }
        self.i = k + 1;
        let raw = &b[open + 1..k];
        if !escaped {
            return Ok(Cow::Borrowed(raw));
        }
        let mut out = Vec::with_capacity(raw.len());
        let mut j = 0;
        while j < raw.len() {
            if raw[j] == b'\\' && matches!(raw.get(j + 1), Some(b'"') | Some(b'\\')) {
                j += 1;
            }
            out.push(raw[j]);
            j += 1;
        }
        Ok(Cow::Owned(out))
    }

    /// Reads a tag pair at `[`.
    fn tag(&mut self, g: &mut Game) -> Result<(), GameError> {
        // The export form first, `[Name "value"]` with no escape in the
        // value: most tags of most files. A name the reader knows needs no
        // look at its characters.
        let b = self.b;
        let start = self.i + 1;
        let near = &b[start..b.len().min(start + 32)];
        if let Some(n) = memchr::memchr(b' ', near) {
            let k = start + n;
            let name = &b[start..k];
            let class = classify(name);
            if n > 0
                && (!matches!(class, Class::Other) || name.iter().all(|&c| NAME_CHAR[c as usize]))
                && b.get(k + 1) == Some(&b'"')
            {
                let value = k + 2;
                if b.get(value) == Some(&b'"') && b.get(value + 1) == Some(&b']') {
                    self.i = value + 2;
                    g.has_tags = true;
                    return self.apply_tag(g, name, class, &[], k + 1);
                }
                if let Some(n) = memchr::memchr3(b'"', b'\\', b'\n', &b[value..]) {
                    let close = value + n;
                    if b[close] == b'"'
                        && b.get(close + 1) == Some(&b']')
                        && !b[value..close].contains(&b'\r')
                    {
                        self.i = close + 2;
                        g.has_tags = true;
                        return self.apply_tag(g, name, class, &b[value..close], k + 1);
                    }
                }
            }
        }
        let open = self.i;
        self.i += 1;
        self.skip_space();
        let name_start = self.i;
        self.i += self.b[self.i..]
            .iter()
            .take_while(|&&c| NAME_CHAR[c as usize])
            .count();
        if self.i == name_start {
            return Err(self.syntax(open, "a tag has no name after ["));
        }
        let name = &self.b[name_start..self.i];
        self.skip_space();
        if let Some(value) = self.unquoted_value(name) {
            g.has_tags = true;
            return self.apply_tag(g, name, classify(name), value, name_start);
        }
        if self.b.get(self.i) != Some(&b'"') {
            return Err(self.syntax(
                self.i.min(self.b.len()),
                format!(
                    "tag {} has no value in quotes",
                    String::from_utf8_lossy(name)
                ),
            ));
        }
        let value_at = self.i;
        let raw = self.string()?;
        self.skip_space();
        if self.b.get(self.i) != Some(&b']') {
            return Err(self.syntax(
                self.i.min(self.b.len()),
                format!("tag {} is not closed with ]", String::from_utf8_lossy(name)),
            ));
        }
        self.i += 1;
        g.has_tags = true;
        self.apply_tag(g, name, classify(name), &raw, value_at)
    }

    /// A tag's value not in quotes, `[Event Random Deal #]`: the text up
    /// to the `]` on the same line, when there is any and it holds no
    /// quote. Consumed with the `]`.
    fn unquoted_value(&mut self, name: &[u8]) -> Option<&'a [u8]> {
        let b = self.b;
        let from = self.i;
        let end = self.line_end(from);
        let rest = &b[from..end];
        let Some(close) = memchr::memchr(b']', rest) else {
            // The line may go on past the window.
            self.short |= end == b.len();
            return None;
        };
        let value = rest[..close].trim_ascii();
        if value.is_empty() || value.contains(&b'"') || rest[..close].contains(&b'[') {
            return None;
        }
        self.i = from + close + 1;
        let message = format!(
            "tag {}'s value is not in quotes: read as {}",
            String::from_utf8_lossy(name),
            self.quote(value)
        );
        self.lenient(Lenient::UnquotedValue, from, || message);
        Some(value)
    }

    fn apply_tag(
        &mut self,
        g: &mut Game,
        name: &[u8],
        class: Class,
        raw: &[u8],
        at: usize,
    ) -> Result<(), GameError> {
        // Note tags belong to the auction or play section they follow.
        if let Class::Note = class {
            if let Section::Auction | Section::Play = g.section {
                g.in_notes = true;
                let note = self.decode(raw);
                if let Section::Auction = g.section {
                    let a = g.board.auction.as_mut().expect("auction section");
                    a.notes.push(note);
                    g.anchor = Mark::AuctionNote(a.notes.len() - 1);
                } else {
                    let p = g.board.play.as_mut().expect("play section");
                    p.notes.push(note);
                    g.anchor = Mark::PlayNote(p.notes.len() - 1);
                }
                return Ok(());
            }
        }
        g.section = Section::None;
        g.in_notes = false;
        g.table_without_rows();
        if let Class::Model(flag) = class {
            if g.seen_model_tags & flag != 0 {
                return self.duplicate(g, name, at);
            }
            g.seen_model_tags |= flag;
        }
        // Spaces around a Board, Dealer or Deal value (Vulnerable says
        // its own): read without them, and said.
        if matches!(name, b"Board" | b"Dealer" | b"Deal")
            && !raw.is_empty()
            && raw.trim_ascii().len() != raw.len()
        {
            let message = format!(
                "{} {} has spaces around its value: read without them",
                String::from_utf8_lossy(name),
                self.quote(raw)
            );
            self.lenient(Lenient::Spaces, at, || message);
        }
        let text = || std::str::from_utf8(raw).unwrap_or("");
        let seat = |what: &str| -> Result<Seat, GameError> {
            match raw.trim_ascii() {
                [c] => Seat::from_letter(*c),
                _ => None,
            }
            .ok_or_else(|| {
                self.invalid(
                    at,
                    format!("{what} {} is not W, N, E or S", self.quote(raw)),
                )
            })
        };
        match name {
            // The standard's unknown: worked out as if not given.
            b"Board" if raw.trim_ascii() == b"?" => {}
            b"Board" => {
                match crate::formats::parse_u32(raw.trim_ascii()).filter(|&n| n > 0) {
                    Some(n) => g.number = Some(n),
                    // A label (`Example 1`): kept as the board's Board tag,
                    // the number worked out by its place.
                    None if raw.iter().any(u8::is_ascii_alphabetic) => {
                        let message = format!(
                            "board {} is a label, not a number: kept, and the board numbered by its place",
                            self.quote(raw)
                        );
                        self.lenient(Lenient::BoardLabel, at, || message);
                        g.board
                            .tags
                            .push(Tag::new(Cow::Borrowed("Board"), self.decode(raw)));
                    }
                    None => {
                        return Err(self.invalid(
                            at,
                            format!("board {} is not a positive number", self.quote(raw)),
                        ))
                    }
                }
                g.anchor = Mark::Named("Board");
            }
            b"Dealer" | b"Vulnerable" if matches!(raw.trim_ascii(), b"" | b"?") => {
                self.warnings.push((
                    self.pos(at),
                    format!(
                        "{} {} is not known: taken from the board number",
                        String::from_utf8_lossy(name),
                        self.quote(raw)
                    ),
                ));
            }
            b"Dealer" => {
                g.dealer = Some(seat("dealer")?);
                g.anchor = Mark::Named("Dealer");
            }
            b"Vulnerable" => {
                let v = vulnerability(text().trim()).ok_or_else(|| {
                    self.invalid(
                        at,
                        format!("vulnerable {} is not None, NS, EW or All", self.quote(raw)),
                    )
                })?;
                if standard_vulnerability(raw).is_none() {
                    let message = format!(
                        "Vulnerable {} is not a PBN value: read as {}",
                        self.quote(raw),
                        v.name()
                    );
                    self.lenient(Lenient::Vulnerable, at, || message);
                }
                g.vulnerability = Some(v);
                g.anchor = Mark::Named("Vulnerable");
            }
            b"Deal" => {
                let text = raw.trim_ascii();
                let deal = match Deal::parse_pbn_bytes(text) {
                    Ok(deal) => deal,
                    Err(m) => {
                        let lettered = without_suit_letters(text)
                            .and_then(|t| Deal::parse_pbn_bytes(t.as_bytes()).ok());
                        let Some(deal) = lettered else {
                            return Err(self.invalid(at, m));
                        };
                        let message = format!(
                            "Deal {} gives each suit's letter before its ranks: read without them",
                            self.quote(raw)
                        );
                        self.lenient(Lenient::SuitLetters, at, || message);
                        deal
                    }
                };
                g.deal = Some(deal);
                g.anchor = Mark::Named("Deal");
            }
            b"Auction" => {
                g.board.auction = Some(Box::new(Auction::new(seat("auction")?)));
                g.section = Section::Auction;
                g.anchor = Mark::Named("Auction");
            }
            b"Play" if raw.trim_ascii().is_empty() => {
                self.lenient(Lenient::EmptyPlay, at, || {
                    "Play \"\" names no opening leader: read as no play".into()
                });
            }
            b"Play" => {
                g.board.play = Some(Box::new(Play::new(seat("play")?)));
                g.section = Section::Play;
                g.anchor = Mark::Named("Play");
            }
            _ => {
                let mandatory = match class {
                    Class::Mandatory(k) => Some(k),
                    _ => None,
                };
                if let Some(k) = mandatory {
                    let bit = 1u16 << k;
                    if g.mandatory_seen & bit != 0 {
                        return self.duplicate(g, name, at);
                    }
                    g.mandatory_seen |= bit;
                    if raw.is_empty() {
                        // Kept aside: a dealing program's empty tags are not
                        // kept at all (see `finish`).
                        g.mandatory_empty |= bit;
                        g.anchor = Mark::Named(OTHER_MANDATORY[k]);
                        return Ok(());
                    }
                } else if g.board.tags.iter().any(|t| t.name.as_bytes() == name)
                    || g.lazy.iter().any(|l| l.fact.name().as_bytes() == name)
                {
                    return self.duplicate(g, name, at);
                }
                if let Class::Known(known) = class {
                    if let Some(fact) = LazyFact::read(known, raw) {
                        g.lazy.push(Lazy {
                            at: g.board.tags.len(),
                            fact,
                        });
                        g.anchor = Mark::Named(known);
                        g.section = Section::Lazy(g.lazy.len() - 1);
                        return Ok(());
                    }
                }
                let name: Cow<'static, str> = match class {
                    Class::Mandatory(k) => Cow::Borrowed(OTHER_MANDATORY[k]),
                    Class::Known(k) => Cow::Borrowed(k),
                    _ => Cow::Owned(String::from_utf8_lossy(name).into_owned()),
                };
                if g.board.tags.is_empty() {
                    g.board.tags.reserve(12);
                }
                g.anchor = Mark::Tag(g.board.tags.len());
                g.board.tags.push(Tag::new(name, self.decode(raw)));
                g.section = Section::Data(g.board.tags.len() - 1);
                g.data_line = 0;
            }
        }
        Ok(())
    }

    /// A tag given twice: section 3.4 says the second is ignored. Its
    /// section data, if any, is skipped with it.
    fn duplicate(&mut self, g: &mut Game, name: &[u8], at: usize) -> Result<(), GameError> {
        self.warnings.push((
            self.pos(at),
            format!(
                "tag {} is given twice in this game; the second is ignored",
                String::from_utf8_lossy(name)
            ),
        ));
        g.section = Section::Ignored;
        Ok(())
    }
}

/// The suffix annotations and the NAGs they stand for (calls; cards add 6).
fn suffix_nag(s: &[u8]) -> Option<u8> {
    Some(match s {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return None,
    })
}

/// Adds a NAG keeping the list in increasing order.
fn add_nag(nags: &mut Vec<u8>, nag: u8) {
    let at = nags.partition_point(|&n| n <= nag);
    nags.insert(at, nag);
}

/// An annotation token read after a call or card.
enum Annotation {
    Note(u8),
    Nag(u8),
}

impl<'a> Reader<'a, '_> {
    /// Reads `=N=`, `$N` or a suffix at `self.i`, if there is one there.
    fn annotation(&mut self, card_offset: u8) -> Result<Option<Annotation>, GameError> {
        let at = self.i;
        let b = self.b;
        let digits_from = |k: usize| {
            let n = b[k..].iter().take_while(|c| c.is_ascii_digit()).count();
            (
                k + n,
                std::str::from_utf8(&b[k..k + n])
                    .unwrap_or("")
                    .parse::<u32>()
                    .ok(),
            )
        };
        match b[at] {
            b'=' => {
                let (end, n) = digits_from(at + 1);
                match (n, b.get(end)) {
                    (Some(n), Some(b'=')) if n <= 255 => {
                        self.i = end + 1;
                        Ok(Some(Annotation::Note(n as u8)))
                    }
                    _ => Err(self.syntax(at, "a note reference is not =N=")),
                }
            }
            b'$' => match digits_from(at + 1) {
                (end, Some(n)) if n <= 255 => {
                    self.i = end;
                    Ok(Some(Annotation::Nag(n as u8)))
                }
                _ => Err(self.syntax(at, "a NAG is not $0 to $255")),
            },
            b'!' | b'?' => {
                let n = b[at..]
                    .iter()
                    .take(2)
                    .take_while(|c| matches!(c, b'!' | b'?'))
                    .count();
                let nag = suffix_nag(&b[at..at + n]).expect("one or two of ! ?");
                self.i = at + n;
                Ok(Some(Annotation::Nag(nag + card_offset)))
            }
            _ => Ok(None),
        }
    }

    /// The run of letters, digits and `-` at `self.i`.
    fn word(&mut self) -> &'a [u8] {
        let b = self.b;
        let start = self.i;
        let n = b[start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
            .count();
        self.i = start + n;
        &b[start..start + n]
    }

    /// Reads one token of an auction section.
    fn call(&mut self, g: &mut Game) -> Result<(), GameError> {
        let at = self.i;
        let auction = g.board.auction.as_mut().expect("auction section");
        if let Some(a) = self.annotation(0)? {
            let Some(last) = auction.calls.last_mut() else {
                return Err(self.syntax(at, "an annotation before the first call"));
            };
            annotate(last, a);
            return Ok(());
        }
        let token = match self.b[at] {
            b'*' => {
                self.i += 1;
                auction.stopped = true;
                return Ok(());
            }
            b'+' => {
                self.i += 1;
                CallToken::Next
            }
            b'^' => {
                let letter = self.b.get(at + 1).map(u8::to_ascii_uppercase);
                self.i = (at + 2).min(self.b.len());
                match letter {
                    Some(b'S') => CallToken::Skipped,
                    Some(b'I') => {
                        g.irregularity = Some(b'I');
                        return Ok(());
                    }
                    _ => return Err(self.syntax(at, "an auction irregularity is not ^I or ^S")),
                }
            }
            _ => {
                let word = self.word();
                if word.is_empty() {
                    self.i = at + 1;
                    return Err(self.syntax(at, format!("{:?} is not a call", self.b[at] as char)));
                }
                match word {
                    b"-" => CallToken::NotYet,
                    w if w.eq_ignore_ascii_case(b"AP") => CallToken::AllPass,
                    [c @ (b'P' | b'p' | b'D' | b'd' | b'R' | b'r')] => {
                        let (call, name) = match c.to_ascii_uppercase() {
                            b'P' => (Call::Pass, "Pass"),
                            b'D' => (Call::Double, "X"),
                            _ => (Call::Redouble, "XX"),
                        };
                        self.lenient(Lenient::CallLetters, at, || {
                            format!("{} is not a PBN call: read as {name}", *c as char)
                        });
                        CallToken::Call(call)
                    }
                    w => match std::str::from_utf8(w).ok().and_then(Call::parse) {
                        Some(call) => CallToken::Call(call),
                        None => {
                            let word = Word::new(w).ok_or_else(|| {
                                self.syntax(at, format!("{} is not a call", self.quote(w)))
                            })?;
                            self.lenient(Lenient::OtherWord, at, || {
                                format!(
                                    "{word} is not a PBN call: kept as written, a call not known"
                                )
                            });
                            CallToken::Other(word)
                        }
                    },
                }
            }
        };
        let auction = g.board.auction.as_mut().expect("auction section");
        if token == CallToken::NotYet && auction.calls.is_empty() && g.irregularity.is_none() {
            // A four-column import row starting before the first caller.
            auction.first = auction.first.next(1);
            return Ok(());
        }
        let mut a = Annotated::plain(token);
        a.irregularity = g.irregularity.take();
        auction.calls.push(a);
        g.anchor = Mark::Call(auction.calls.len() - 1);
        Ok(())
    }

    /// Reads one token of a play section.
    fn card(&mut self, g: &mut Game) -> Result<(), GameError> {
        let at = self.i;
        let play = g.board.play.as_mut().expect("play section");
        if let Some(a) = self.annotation(6)? {
            let Some(last) = play.cards.last_mut() else {
                return Err(self.syntax(at, "an annotation before the first card"));
            };
            annotate(last, a);
            return Ok(());
        }
        let token = match self.b[at] {
            b'*' => {
                self.i += 1;
                play.stopped = true;
                return Ok(());
            }
            b'+' => {
                self.i += 1;
                CardToken::Next
            }
            b'^' => {
                let letter = self.b.get(at + 1).map(u8::to_ascii_uppercase);
                self.i = (at + 2).min(self.b.len());
                match letter {
                    Some(l @ (b'R' | b'L')) => {
                        g.irregularity = Some(l);
                        return Ok(());
                    }
                    _ => return Err(self.syntax(at, "a play irregularity is not ^R or ^L")),
                }
            }
            _ => {
                let word = self.word();
                match word {
                    b"-" => CardToken::Unknown,
                    [s, r] | [s, b'1', r @ b'0'] => {
                        let rank = if *r == b'0' {
                            Some(Rank::Ten)
                        } else {
                            Rank::from_char(*r)
                        };
                        match (Suit::from_letter(*s), rank) {
                            (Some(s), Some(r)) => CardToken::Card(Card::new(s, r)),
                            _ => {
                                return Err(
                                    self.syntax(at, format!("{} is not a card", self.quote(word)))
                                )
                            }
                        }
                    }
                    _ => {
                        self.i = self.i.max(at + 1);
                        return Err(self.syntax(
                            at,
                            format!(
                                "{} is not a card",
                                self.quote(&self.b[at..self.token_end(at)])
                            ),
                        ));
                    }
                }
            }
        };
        let play = g.board.play.as_mut().expect("play section");
        let mut a = Annotated::plain(token);
        a.irregularity = g.irregularity.take();
        play.cards.push(a);
        g.anchor = Mark::Card(play.cards.len() - 1);
        Ok(())
    }

    /// Reads a section element: a string token (kept with its quotes) or a
    /// section token.
    fn element(&mut self) -> Result<String, GameError> {
        let at = self.i;
        if self.b[at] == b'"' {
            let close = self.b[at + 1..]
                .iter()
                .position(|&c| c == b'"' || c == b'\n' || c == b'\r');
            return match close {
                Some(n) if self.b[at + 1 + n] == b'"' => {
                    self.i = at + n + 2;
                    Ok(self.decode(&self.b[at..self.i]))
                }
                _ => Err(self.syntax(at, "a string is not closed on its line")),
            };
        }
        let n = self.b[at..]
            .iter()
            .take_while(|&&c| c > b' ' && !matches!(c, b'[' | b']' | b'{' | b'}' | b';' | b'"'))
            .count();
        if n == 0 {
            return Err(self.syntax(
                at,
                format!("{:?} cannot start section data", self.b[at] as char),
            ));
        }
        self.i = at + n;
        Ok(self.decode(&self.b[at..at + n]))
    }

    /// Ends a game: fills in what its tags did not give and checks the
    /// double-dummy tags against each other.
    fn finish(&mut self, mut g: Game, diag: &mut Diagnostics) -> Result<(), Error> {
        g.table_without_rows();
        // rpbridge.net gives a board's second table as a game of its own
        // with none of Board, Dealer, Vulnerable and Deal: the same board.
        if let (true, 0, Some((n, d, v, deal))) =
            (g.has_tags, g.seen_model_tags & 15, self.st.last_game)
        {
            (g.number, g.dealer, g.vulnerability, g.deal) = (Some(n), Some(d), Some(v), Some(deal));
            self.lenient_at(Lenient::Inherited, g.start, || {
                format!("a game with none of Board, Dealer, Vulnerable and Deal: read as board {n} again, the game before's, as rpbridge.net's files mean it")
            });
        }
        let mut board = g.board;
        if !g.has_tags {
            self.flush_warnings(diag);
            self.st
                .pending
                .extend(board.comments.into_iter().map(|c| c.comment));
            return Ok(());
        }
        let index = self.st.games;
        self.st.games += 1;
        let number = g
            .number
            .unwrap_or_else(|| self.st.last_number.map_or(1, |n| n.saturating_add(1)));
        board.number = number;
        board.dealer = g.dealer.unwrap_or(dealer_for_board(number));
        board.vulnerability = g.vulnerability.unwrap_or(Vulnerability::for_board(number));
        // What the game did not give is worked out, and marked so: PBN
        // writes it back as the standard's unknown, `?`.
        for (given, field) in [
            (g.number.is_some(), Inferred::NUMBER),
            (g.dealer.is_some(), Inferred::DEALER),
            (g.vulnerability.is_some(), Inferred::VULNERABILITY),
        ] {
            if !given {
                board.inferred.insert(field);
            }
        }
        if !board.inferred.is_empty() {
            let at = Position {
                record: Some(index),
                column: None,
                ..g.start
            };
            let fields: Vec<&str> = board.inferred.names().collect();
            self.lenient_at(Lenient::Inferred, at, || {
                format!(
                    "board {number}: no {} given: worked out from the board's place and number, and marked so",
                    fields.join(", ")
                )
            });
        }
        self.flush_warnings(diag);
        board.deal = g.deal.unwrap_or_default();
        if !self.st.pending.is_empty() {
            let mut comments: Vec<Commentary> = self
                .st
                .pending
                .drain(..)
                .map(|comment| Commentary {
                    after: Anchor::Start,
                    comment,
                })
                .collect();
            comments.append(&mut board.comments);
            board.comments = comments;
        }
        let mut g_lazy = std::mem::take(&mut g.lazy);
        let at = Position {
            record: Some(index),
            column: None,
            ..g.start
        };
        let mut score = None;
        let mut contracts = None;
        // The double-dummy tags in file order: those held merged with the
        // board's by the number of tags before each.
        let mut order = [(0usize, None::<usize>); 8];
        let mut n = 0;
        for (k, l) in g_lazy.iter().enumerate().take(4) {
            order[n] = (l.at, Some(k));
            n += 1;
        }
        for (j, t) in board.tags.iter().enumerate() {
            if n < order.len() && is_dd_tag(&t.name) {
                order[n] = (j, None);
                n += 1;
            }
        }
        // Held ones before the board's tag at the same place.
        let order = &mut order[..n];
        order.sort_by_key(|&(p, k)| (p, k.is_none()));
        for &(p, k) in order.iter() {
            let (name, fact) = match k {
                Some(k) => (g_lazy[k].fact.name(), g_lazy[k].fact.fact().map(Ok)),
                None => (board.tags[p].name.as_ref(), dd_fact(&board.tags[p])),
            };
            let Some(fact) = fact else { continue };
            match fact {
                Err(m) => diag.contradiction(Error::invalid(F, at, m)),
                Ok(fact) => {
                    if !agrees(&fact, board.dd.as_ref(), None) {
                        if let (Some(k), DdFact::Contracts(c)) = (k, &fact) {
                            g_lazy[k].fact = LazyFact::Contracts(c.clone());
                        }
                        diag.contradiction(Error::invalid(
                            F,
                            at,
                            format!(
                                "board {number}: {name} disagrees with the double-dummy tag before it",
                            ),
                        ));
                        continue;
                    }
                    match fact {
                        DdFact::Table(t) => board.dd = Some(t),
                        DdFact::Score(s) => score = Some(s),
                        DdFact::Contracts(c) => contracts = Some(c),
                    }
                }
            }
        }
        // Contracts taken from a held tag without a score to make par with
        // go back to it.
        let lone = score.is_none() && contracts.is_some();
        if let (true, Some(l)) = (
            lone,
            g_lazy
                .iter_mut()
                .find(|l| matches!(l.fact, LazyFact::Contracts(_))),
        ) {
            l.fact = LazyFact::Contracts(contracts.take().unwrap_or_default());
        }
        if let Some(score_ns) = score {
            board.par = Some(Par {
                score_ns,
                contracts: contracts.unwrap_or_default(),
            });
        }
        if !drop_generated_dd_tags(&mut board, &g_lazy) {
            // Kept after all: held ones go back where they stood (a held
            // ParContract left empty gave its contracts to the par).
            for (k, mut l) in g_lazy.drain(..).enumerate() {
                if let (LazyFact::Contracts(c), Some(p)) = (&mut l.fact, &board.par) {
                    if c.is_empty() {
                        c.clone_from(&p.contracts);
                    }
                }
                board.tags.insert(l.at + k, l.fact.tag());
            }
        }
        g_lazy.clear();
        self.st.spare = g_lazy;
        restore_empty_tags(&mut board, g.mandatory_empty);
        crate::consistency::warn(F, &board, g.start, diag);
        self.hand_on(board, self.i, true);
        Ok(())
    }

    /// A game's board, read, its text ending at window offset `end`: the
    /// next game's number follows it. With `check_export`, a board of
    /// nothing but its deal, conditions and double-dummy data is checked
    /// for the export writer's very text (the plain form's reader has told
    /// that itself).
    fn hand_on(&mut self, mut board: Board, end: usize, check_export: bool) {
        // A game in the export writer's very text (a dealing program's or
        // a solver's, by the million) goes without it: the writer gives
        // it back.
        let plain = check_export
            && board.tags.is_empty()
            && board.comments.is_empty()
            && board.auction.is_none()
            && board.play.is_none()
            && board.inferred.is_empty();
        if plain && self.in_export_text(&board, end) {
            self.st.text_start = self.base + end as u64;
            self.st.carry.clear();
            self.st.textless = Some(if self.st.handed { "\r\n" } else { "" });
            self.st.eol_told = true;
        } else if self.st.keep_text {
            let text = self.take_text(end);
            if !self.st.eol_told {
                // The file's line end, from its first game.
                self.st.eol_told = true;
                self.st.export_eol = matches!(super::edit::line_end(&text), None | Some("\r\n"));
            }
            board.pbn = Some(PbnGame(text));
            self.st.textless = None;
        }
        if board.tags.iter().any(|t| t.value.starts_with("##")) {
            self.st.inherits = true;
        }
        self.st.handed = true;
        self.st.last_number = Some(board.number);
        self.st.last_game = Some((board.number, board.dealer, board.vulnerability, board.deal));
        self.st.ready.push_back(board);
    }
}

/// The bytes a string token's scan stops at: `"`, `\\`, CR and LF.
static STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// Drops the double-dummy tags when they are exactly the ones, in exactly
/// the text, that the writer generates from the board's table and par (the
/// form of boardfile and BridgeComposer): they say nothing the model does
/// not, and a file of millions of solved deals then costs a table a board,
/// not sixty strings. Any other form is kept as written.
fn drop_generated_dd_tags(board: &mut Board, lazy: &[Lazy]) -> bool {
    use super::dd::{contracts_tag_value, score_tag_value};
    if lazy.is_empty() && !board.tags.iter().any(|t| is_dd_tag(&t.name)) {
        return true;
    }
    let mut want: [&str; 4] = [""; 4];
    let mut wanted = 0;
    if let Some(dd) = &board.dd {
        want[wanted] = "OptimumResultTable";
        wanted += 1;
        if dd.is_complete() {
            want[wanted] = "DoubleDummyTricks";
            wanted += 1;
        }
    }
    if let Some(par) = &board.par {
        want[wanted] = "OptimumScore";
        wanted += 1;
        if !par.contracts.is_empty() {
            want[wanted] = "ParContract";
            wanted += 1;
        }
    }
    let want = &want[..wanted];
    let commented = |name: &str| {
        board
            .comments
            .iter()
            .any(|c| matches!(&c.after, Anchor::Tag(n) if n == name))
    };
    let mut present = 0;
    for l in lazy {
        present += 1;
        let name = l.fact.name();
        let canonical = want.contains(&name)
            && !commented(name)
            && match &l.fact {
                LazyFact::Table(t) => t.is_some() && *t == board.dd,
                LazyFact::Tricks(t) => Some(*t) == board.dd,
                LazyFact::Score(s) => board.par.as_ref().is_some_and(|p| p.score_ns == *s),
                // Left empty when its contracts went to the par.
                LazyFact::Contracts(c) => board
                    .par
                    .as_ref()
                    .is_some_and(|p| c.is_empty() || p.contracts == *c),
            };
        if !canonical {
            return false;
        }
    }
    for t in board.tags.iter().filter(|t| is_dd_tag(&t.name)) {
        present += 1;
        // One-value tags with section data after them are not the
        // writer's: kept, rows and all.
        let canonical = want.contains(&t.name.as_ref())
            && !commented(&t.name)
            && (t.name == "OptimumResultTable" || t.rows.is_empty())
            && match t.name.as_ref() {
                "OptimumResultTable" => board.dd.as_ref().is_some_and(|dd| generated_table(t, dd)),
                "DoubleDummyTricks" => board
                    .dd
                    .as_ref()
                    .and_then(DdTable::to_hex)
                    .is_some_and(|v| v == t.value),
                "OptimumScore" => board
                    .par
                    .as_ref()
                    .is_some_and(|p| score_tag_value(p.score_ns) == t.value),
                _ => board
                    .par
                    .as_ref()
                    .is_some_and(|p| contracts_tag_value(&p.contracts) == t.value),
            };
        if !canonical {
            return false;
        }
    }
    if present == want.len() {
        board.tags.retain(|t| !is_dd_tag(&t.name));
        return true;
    }
    false
}

/// The value of the `OptimumResultTable` the writer generates.
const GENERATED_TABLE: &str = "Declarer;Denomination\\2R;Result\\2R";

/// The rows of a generated table as section data: N S E W by NT S H D C.
fn table_rows(dd: &DdTable) -> Vec<Vec<String>> {
    let mut rows = Vec::with_capacity(20);
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        for (strain, name) in [
            (Strain::NoTrump, "NT"),
            (Strain::Spades, "S"),
            (Strain::Hearts, "H"),
            (Strain::Diamonds, "D"),
            (Strain::Clubs, "C"),
        ] {
            let tricks = dd
                .get(seat, strain)
                .map_or("?".to_string(), |v| v.to_string());
            rows.push(vec![seat.letter().to_string(), name.to_string(), tricks]);
        }
    }
    rows
}

/// True when a table tag is the one the writer generates: its header and 20
/// rows N S E W by NT S H D C.
fn generated_table(t: &Tag, dd: &DdTable) -> bool {
    if t.value != GENERATED_TABLE || t.rows.len() != 20 {
        return false;
    }
    let mut rows = t.rows.iter();
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        for (strain, name) in [
            (Strain::NoTrump, "NT"),
            (Strain::Spades, "S"),
            (Strain::Hearts, "H"),
            (Strain::Diamonds, "D"),
            (Strain::Clubs, "C"),
        ] {
            let want = dd
                .get(seat, strain)
                .map_or("?".to_string(), |v| v.to_string());
            match rows.next() {
                Some(r)
                    if r.len() == 3
                        && r[0].len() == 1
                        && r[0].as_bytes()[0] == seat.letter() as u8
                        && r[1] == name
                        && r[2] == want => {}
                _ => return false,
            }
        }
    }
    true
}

/// The mandatory tags that are not model fields, in export order.
const OTHER_MANDATORY: [&str; 11] = [
    "Event", "Site", "Date", "West", "North", "East", "South", "Scoring", "Declarer", "Contract",
    "Result",
];

/// Puts back the mandatory tags a game gave empty, in export order before
/// its other tags, unless the game is a dealing program's output: its deal
/// and conditions, every other mandatory tag empty and nothing else but
/// double-dummy tags (section 3.4). The writer gives such a board exactly those empty tags, so
/// they are not kept.
fn restore_empty_tags(board: &mut Board, empty: u16) {
    if empty == 0 {
        return;
    }
    let commented = |name: &str| {
        board
            .comments
            .iter()
            .any(|c| matches!(&c.after, Anchor::Tag(n) if n == name))
    };
    // (A Board label is the Board tag the writer gives such a board too.)
    let dealing = empty == (1 << OTHER_MANDATORY.len()) - 1
        && board
            .tags
            .iter()
            .all(|t| super::dd::is_dd_tag(&t.name) || t.name == "Board")
        && board.auction.is_none()
        && board.play.is_none()
        && !OTHER_MANDATORY.iter().any(|n| commented(n));
    if dealing {
        return;
    }
    let restored: Vec<Tag> = OTHER_MANDATORY
        .iter()
        .enumerate()
        .filter(|(k, _)| empty & (1 << k) != 0)
        .map(|(_, n)| Tag::new(*n, ""))
        .collect();
    board.tags.splice(0..0, restored);
}

fn annotate<T>(last: &mut Annotated<T>, a: Annotation) {
    match a {
        Annotation::Note(n) => last.note = Some(n),
        Annotation::Nag(n) => add_nag(&mut last.nags, n),
    }
}

/// Adds a comment after what was read last.
fn comment(g: &mut Game, comment: Comment) {
    let after = match g.anchor {
        Mark::Start => Anchor::Start,
        Mark::Named(n) => Anchor::Tag(n.to_string()),
        Mark::Tag(i) => Anchor::Tag(g.board.tags[i].name.to_string()),
        Mark::Call(i) => Anchor::Call(i),
        Mark::Card(i) => Anchor::Card(i),
        Mark::AuctionNote(i) => Anchor::AuctionNote(i),
        Mark::PlayNote(i) => Anchor::PlayNote(i),
    };
    g.board.comments.push(Commentary { after, comment });
}

/// What a comment at the very end of a board follows.
fn last_anchor(b: &Board) -> Anchor {
    b.comments
        .last()
        .map(|c| c.after.clone())
        .unwrap_or(Anchor::Tag("Deal".into()))
}

/// What a tag's name is to the reader.
#[derive(Clone, Copy)]
enum Class {
    /// `Note`.
    Note,
    /// A tag the model holds as a field, with its bit flag (each may be
    /// given once).
    Model(u8),
    /// One of [`OTHER_MANDATORY`], by index.
    Mandatory(usize),
    /// A common name, kept without allocating.
    Known(&'static str),
    /// Any other.
    Other,
}

/// The class of a tag name, by its length first.
fn classify(name: &[u8]) -> Class {
    let known = matches!(name.len(), 4..=12 | 17 | 18);
    if !known || !name[0].is_ascii_uppercase() {
        return Class::Other;
    }
    match name {
        b"Note" => Class::Note,
        b"Board" => Class::Model(1),
        b"Dealer" => Class::Model(2),
        b"Vulnerable" => Class::Model(4),
        b"Deal" => Class::Model(8),
        b"Auction" => Class::Model(16),
        b"Play" => Class::Model(32),
        b"Event" => Class::Mandatory(0),
        b"Site" => Class::Mandatory(1),
        b"Date" => Class::Mandatory(2),
        b"West" => Class::Mandatory(3),
        b"North" => Class::Mandatory(4),
        b"East" => Class::Mandatory(5),
        b"South" => Class::Mandatory(6),
        b"Scoring" => Class::Mandatory(7),
        b"Declarer" => Class::Mandatory(8),
        b"Contract" => Class::Mandatory(9),
        b"Result" => Class::Mandatory(10),
        b"Generator" => Class::Known("Generator"),
        b"Room" => Class::Known("Room"),
        b"OptimumResultTable" => Class::Known("OptimumResultTable"),
        b"DoubleDummyTricks" => Class::Known("DoubleDummyTricks"),
        b"OptimumScore" => Class::Known("OptimumScore"),
        b"ParContract" => Class::Known("ParContract"),
        b"Description" => Class::Known("Description"),
        _ => Class::Other,
    }
}

/// The standard's vulnerability values as it spells them (section 3.4.10).
pub(super) fn standard_vulnerability(raw: &[u8]) -> Option<Vulnerability> {
    Some(match raw {
        b"None" | b"Love" | b"-" => Vulnerability::None,
        b"NS" => Vulnerability::NS,
        b"EW" => Vulnerability::EW,
        b"All" | b"Both" => Vulnerability::All,
        _ => return None,
    })
}

/// PBN's vulnerability names (section 3.4.10), and in either case and
/// with a dash between the seats as some writers give them.
fn vulnerability(v: &str) -> Option<Vulnerability> {
    Vulnerability::from_name(v).or_else(|| match v.to_ascii_lowercase().as_str() {
        "none" | "love" | "-" => Some(Vulnerability::None),
        "ns" | "n-s" => Some(Vulnerability::NS),
        "ew" | "e-w" => Some(Vulnerability::EW),
        "all" | "both" => Some(Vulnerability::All),
        _ => None,
    })
}

/// The number of columns of a table (a tag named `...Table`), `None` for
/// other sections.
pub(crate) fn table_columns(tag: &Tag) -> Option<usize> {
    tag.name
        .ends_with("Table")
        .then(|| tag.value.split(';').count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::pbn::dd::{score_from_tag, score_tag_value};

    #[test]
    fn written_scores_are_what_the_writer_gives_of_what_reads() {
        let seeds = ["NS 420", "EW 100", "NS 0", "EW 2147483648", "NS 2147483647"];
        for text in crate::testing::near_strings(&seeds, "NSEWnsew 0123456789-+", 16, 50_000) {
            // The plain reading: the score read, and written back the same.
            let plainly = score_from_tag(&text)
                .ok()
                .filter(|&s| score_tag_value(s) == text);
            assert_eq!(written_score(text.as_bytes()), plainly, "{text:?}");
        }
    }

    #[test]
    fn written_tricks_are_the_writers_digits() {
        let seeds = ["0123456789abcd012345", "dddddddddddddddddddd"];
        for text in crate::testing::near_strings(&seeds, "0123456789abcdefABCD x", 22, 50_000) {
            let plainly = DdTable::from_hex(&text)
                .ok()
                .filter(|t| t.to_hex().as_deref() == Some(text.as_str()));
            assert_eq!(written_tricks(text.as_bytes()), plainly, "{text:?}");
        }
    }

    #[test]
    fn table_rows_read_are_the_rows_the_writer_gives() {
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2_000 {
            let mut table = DdTable::default();
            for seat in Seat::ALL {
                for strain in Strain::NT_FIRST {
                    let t = rng.next_u32() % 16;
                    table
                        .set(seat, strain, (t < 14).then_some(t as u8))
                        .unwrap();
                }
            }
            let mut board = Board::new(1, Deal::default());
            board.dd = Some(table);
            let mut out = Vec::new();
            let tags = crate::codec::options::DdTags::parse("OptimumResultTable").unwrap();
            crate::records::write_with(
                Format::Pbn,
                &crate::model::set::BoardSet::from_boards(vec![board]),
                &mut out,
                &crate::codec::options::WriteOptions::with_dd_tags(tags),
            )
            .unwrap();
            let start = out.windows(3).position(|w| w == b"\r\nN").unwrap() + 2;
            let rows = &out[start..];
            assert_eq!(writer_rows(rows, true), Some((table, 180)));
            // Each byte changed: the rows the writer would give of what is
            // read, or nothing.
            let k = rng.next_u32() as usize % 180;
            for c in [b' ', b'1', b'4', b'?', b'x', b'\n', b'0'] {
                let mut changed = rows[..180].to_vec();
                changed[k] = c;
                if let Some((t, _)) = writer_rows(&changed, true) {
                    let mut again = Vec::new();
                    let mut b = Board::new(1, Deal::default());
                    b.dd = Some(t);
                    crate::records::write_with(
                        Format::Pbn,
                        &crate::model::set::BoardSet::from_boards(vec![b]),
                        &mut again,
                        &crate::codec::options::WriteOptions::with_dd_tags(tags),
                    )
                    .unwrap();
                    let at = again.windows(3).position(|w| w == b"\r\nN").unwrap() + 2;
                    assert_eq!(&again[at..at + 180], &changed[..], "byte {k} made {c}");
                }
            }
        }
    }
}
