//! The PBN reader: import format, tolerant.
//!
//! [`PbnReader`] reads a window of the file at a time into whole games;
//! what carries from game to game is its [`State`], and a window is read
//! by a [`Reader`] into one [`Game`] after another. This module holds
//! those types; the reading is in its parts, each an `impl Reader` of its
//! own:
//!
//! | part | what it reads |
//! |---|---|
//! | `charset` | the character set: a UTF-16 file, a `%` line naming UTF-8 |
//! | `window` | the window: positions, errors, line ends, checkpoints, leniencies |
//! | `games` | the window's games, token by token, and comments |
//! | `tags` | tag pairs, and what each tag the model holds says |
//! | `sections` | what follows a tag: calls, cards, notes, section data |
//! | `dd_tags` | double-dummy tags, held as what they say |
//! | `finish` | a game's end: what its tags did not give, and its board |
//! | `text` | each board's own text ([`PbnGame`]), to write it back as it was |
//! | `plain` | a game in the writer's own plain text, read in one pass |

use crate::codec::stream::BoardReader;
use crate::codec::Format;
use crate::model::board::{Board, Comment, Commentary, Vulnerability};
use crate::model::deal::{Deal, Seat};
use crate::model::extras::PbnInfo;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, Position, Source};
use std::collections::VecDeque;

mod charset;
mod dd_tags;
mod finish;
mod games;
mod plain;
mod sections;
mod tags;
mod text;
mod window;

use charset::{declares_utf8, from_utf16};
use dd_tags::Lazy;
use games::last_anchor;

pub(super) use charset::utf16_bom;
pub(crate) use sections::table_columns;

const F: Format = super::FORMAT;

/// Bytes a window of the file holds at least (more when a game is longer).
const WINDOW: usize = 1 << 20;

/// Writes a board in the export format after the bytes given: the
/// writer's, which the reader compares game texts with (given by the
/// module that wires the two, so that reading does not import writing).
pub(super) type ExportGame = fn(&Board, &mut Vec<u8>);

/// Reads a PBN file a game at a time, through a window of the file that
/// ends at a line end. A game that does not end inside the window is read
/// again from its start once the window has grown: what carries from game
/// to game (the line count, the `%` lines before the first game, comments
/// waiting for the next game, the character set) is kept apart, and rolled
/// back with the game. The last board is held until the next game or the
/// end of the file, where comments after it are its own.
pub struct PbnReader<'a> {
    src: Source<'a>,
    st: State,
    head: SetInfo,
    done: bool,
    /// An error met while games read before it wait to be handed on:
    /// given once they are.
    failed: Option<Error>,
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
    /// The program known to floor its tables whose mark the file's head
    /// carries, once the head is read.
    floors: Option<crate::trust::Head>,
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
    /// Double-dummy tables floored as the file's writer floors them.
    FlooredByWriter = 2048,
    /// Double-dummy tables in a floor's shape.
    FlooredByShape = 4096,
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
                floors: None,
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
            failed: None,
        };
        // The `%` lines before the first game are the head: read on until
        // the first game is.
        r.fill(diag, 1)?;
        r.st.info.utf8 = r.st.utf8.unwrap_or(false);
        r.head.pbn = Some(r.st.info.clone());
        Ok(r)
    }

    /// Reads windows until `want` games are ready (or the file ends). An
    /// error after some games is held until they are handed on: a file
    /// that stops reading part way gives its whole games first.
    fn fill(&mut self, diag: &mut Diagnostics, want: usize) -> Result<(), Error> {
        while self.st.ready.len() < want && !self.done && self.failed.is_none() {
            if let Err(e) = self.parse(diag) {
                if self.st.ready.is_empty() {
                    return Err(e);
                }
                self.failed = Some(e);
            }
        }
        Ok(())
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
        self.fill(diag, 2)?;
        match self.st.ready.pop_front() {
            Some(board) => Ok(Some(board)),
            None => match self.failed.take() {
                Some(e) => {
                    self.done = true;
                    Err(e)
                }
                None => Ok(None),
            },
        }
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
        floors: Some(crate::trust::Head::default()),
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
    /// Where the double-dummy tags kept among the board's are, by their
    /// index there (to name one that disagrees).
    dd_places: Vec<(usize, Position)>,
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
            dd_places: Vec::new(),
        }
    }
}

/// A window of the file being read, and the state that carries on.
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
