//! The PBN reader: import format, tolerant.

use super::dd::{agrees, dd_fact, DdFact};
use super::PbnInfo;
use crate::auction::{Annotated, Auction, Call, CallToken, CardToken, Play};
use crate::board::{dealer_for_board, Anchor, Board, Comment, Commentary, Par, Tag, Vulnerability};
use crate::card::{Card, Rank, Suit};
use crate::deal::{Deal, Seat};
use crate::set::{BoardSet, SetInfo};
use crate::{BoardReader, Format};
use boardfile_io::{Diagnostics, Error, Position, Source};
use std::borrow::Cow;
use std::collections::VecDeque;

const F: Format = Format::Pbn;

/// Reads a PBN file a game at a time.
pub struct PbnReader {
    info: SetInfo,
    boards: VecDeque<Board>,
    size: u64,
}

impl PbnReader {
    pub(super) fn open(mut src: Source<'_>, diag: &mut Diagnostics) -> Result<PbnReader, Error> {
        let bytes = src.fill_all(usize::MAX)?;
        let set = read(bytes, diag)?;
        Ok(PbnReader {
            info: set.info,
            boards: set.boards.into(),
            size: bytes.len() as u64,
        })
    }
}

impl BoardReader for PbnReader {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, _: &mut Diagnostics) -> Result<Option<Board>, Error> {
        Ok(self.boards.pop_front())
    }

    fn position(&self) -> u64 {
        self.size
    }
}

/// Reads a PBN file: every game becomes a board.
pub fn read(bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let (start, bom) = match bytes.strip_prefix(b"\xef\xbb\xbf") {
        Some(_) => (3, true),
        None => (0, false),
    };
    let utf8 = bom || declares_utf8(bytes) || is_utf8_beyond_ascii(&bytes[start..]);
    let mut set = BoardSet::default();
    // A deal-only game in the export format is about 300 bytes.
    set.boards.reserve(bytes.len() / 400);
    let mut r = Reader {
        b: bytes,
        i: start,
        line: 1,
        line_start: start,
        utf8,
        games: 0,
        set,
        info: PbnInfo {
            preamble: Vec::new(),
            utf8,
            bom,
        },
        in_preamble: true,
        pending: Vec::new(),
        warnings: Vec::new(),
    };
    r.run(diag)?;
    let mut set = r.set;
    set.info.pbn = Some(r.info);
    Ok(set)
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

fn is_utf8_beyond_ascii(bytes: &[u8]) -> bool {
    !bytes.is_ascii() && std::str::from_utf8(bytes).is_ok()
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
        }
    }
}

struct Reader<'a> {
    b: &'a [u8],
    i: usize,
    line: u64,
    line_start: usize,
    utf8: bool,
    games: u64,
    set: BoardSet,
    info: PbnInfo,
    in_preamble: bool,
    /// Comments of a game without tags, for the next game's start.
    pending: Vec<Comment>,
    /// Warnings not yet handed to the diagnostics.
    warnings: Vec<(Position, String)>,
}

/// An error in the current game: reported, and the game skipped.
struct GameError(Error);

impl<'a> Reader<'a> {
    fn pos(&self, at: usize) -> Position {
        let mut p = Position::record(self.games, at as u64)
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

    fn decode(&self, raw: &[u8]) -> String {
        if let Ok(ascii) = std::str::from_utf8(raw).map(str::to_owned) {
            if !self.utf8 && !ascii.is_ascii() {
                return crate::formats::latin1_decode(raw);
            }
            return ascii;
        }
        if self.utf8 {
            String::from_utf8_lossy(raw).into_owned()
        } else {
            crate::formats::latin1_decode(raw)
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

    fn run(&mut self, diag: &mut Diagnostics) -> Result<(), Error> {
        let mut game: Option<Game> = None;
        let mut at_line_start = true;
        loop {
            if at_line_start {
                at_line_start = false;
                // A semi-empty line (spaces and tabs only) ends a game.
                let mut k = self.i;
                while k < self.b.len() && matches!(self.b[k], b' ' | b'\t') {
                    k += 1;
                }
                if k >= self.b.len() || matches!(self.b[k], b'\r' | b'\n') {
                    if k >= self.b.len() && k == self.i {
                        break;
                    }
                    if let Some(g) = game.take() {
                        self.finish(g, diag)?;
                    } else if self.in_preamble && self.set.boards.is_empty() {
                        let line = self.decode(&self.b[self.i..k]);
                        self.info.preamble.push(line);
                    }
                    self.i = k;
                    if self.i < self.b.len() {
                        self.newline();
                    }
                    at_line_start = true;
                    continue;
                }
                if self.b[self.i] == b'%' {
                    let end = self.line_end(self.i);
                    let text = self.decode(&self.b[self.i + 1..end]);
                    if self.in_preamble && game.is_none() && self.set.boards.is_empty() {
                        self.info.preamble.push(format!("%{text}"));
                    } else {
                        let g = game.get_or_insert_with(|| Game::new(self.pos(self.i)));
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
                break;
            }
            if matches!(self.b[self.i], b'\r' | b'\n') {
                self.newline();
                at_line_start = true;
                continue;
            }
            self.in_preamble = false;
            let g = game.get_or_insert_with(|| Game::new(self.pos(self.i)));
            let result = self.token(g);
            for (p, m) in self.warnings.drain(..) {
                diag.warn(F, Some(p), m);
            }
            if let Err(GameError(e)) = result {
                diag.error(e)?;
                // Skip the rest of the game: up to the next empty line.
                game = None;
                self.games += 1;
                self.skip_game();
                at_line_start = true;
            }
        }
        if let Some(g) = game.take() {
            self.finish(g, diag)?;
        }
        if !self.pending.is_empty() {
            if let Some(last) = self.set.boards.last_mut() {
                let after = last_anchor(last);
                for c in self.pending.drain(..) {
                    last.comments.push(Commentary {
                        after: after.clone(),
                        comment: c,
                    });
                }
            }
        }
        Ok(())
    }

    /// Moves to the start of the next semi-empty line (or to the end).
    fn skip_game(&mut self) {
        loop {
            self.i = self.line_end(self.i);
            if self.i >= self.b.len() {
                return;
            }
            self.newline();
            let end = self.line_end(self.i);
            if self.b[self.i..end].iter().all(|&c| c == b' ' || c == b'\t') {
                return;
            }
        }
    }

    /// Reads one token of a game at `self.i` (not white space).
    fn token(&mut self, g: &mut Game) -> Result<(), GameError> {
        let at = self.i;
        match self.b[at] {
            b'[' => self.tag(g),
            b'{' => {
                let close = self.b[at + 1..].iter().position(|&c| c == b'}');
                let Some(n) = close else {
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

    fn token_end(&self, from: usize) -> usize {
        self.b[from..]
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .map_or(self.b.len(), |n| from + n)
    }
}

impl<'a> Reader<'a> {
    /// Skips white space, line ends included (a tag may span lines in the
    /// import format).
    fn skip_space(&mut self) {
        while self.i < self.b.len() {
            match self.b[self.i] {
                b' ' | b'\t' | 0x0b | 0x0c => self.i += 1,
                b'\r' | b'\n' => self.newline(),
                _ => break,
            }
        }
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
        self.apply_tag(g, name, &raw, value_at)
    }

    fn apply_tag(
        &mut self,
        g: &mut Game,
        name: &[u8],
        raw: &[u8],
        at: usize,
    ) -> Result<(), GameError> {
        // Note tags belong to the auction or play section they follow.
        if name == b"Note" {
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
        if let Some(flag) = model_tag_flag(name) {
            if g.seen_model_tags & flag != 0 {
                return self.duplicate(g, name, at);
            }
            g.seen_model_tags |= flag;
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
            b"Board" => {
                let n = crate::formats::parse_u32(raw.trim_ascii())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| {
                        self.invalid(
                            at,
                            format!("board {} is not a positive number", self.quote(raw)),
                        )
                    })?;
                g.number = Some(n);
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
                g.vulnerability = Some(v);
                g.anchor = Mark::Named("Vulnerable");
            }
            b"Deal" => {
                let deal =
                    Deal::parse_pbn_bytes(raw.trim_ascii()).map_err(|m| self.invalid(at, m))?;
                g.deal = Some(deal);
                g.anchor = Mark::Named("Deal");
            }
            b"Auction" => {
                g.board.auction = Some(Box::new(Auction::new(seat("auction")?)));
                g.section = Section::Auction;
                g.anchor = Mark::Named("Auction");
            }
            b"Play" => {
                g.board.play = Some(Box::new(Play::new(seat("play")?)));
                g.section = Section::Play;
                g.anchor = Mark::Named("Play");
            }
            _ => {
                let mandatory = OTHER_MANDATORY.iter().position(|m| m.as_bytes() == name);
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
                } else if g.board.tags.iter().any(|t| t.name.as_bytes() == name) {
                    return self.duplicate(g, name, at);
                }
                let name: Cow<'static, str> = match KNOWN_TAGS.iter().find(|k| k.as_bytes() == name)
                {
                    Some(k) => Cow::Borrowed(k),
                    None => Cow::Owned(String::from_utf8_lossy(name).into_owned()),
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

/// Tag names kept without allocating: the mandatory ones that are not model
/// fields, and common others.
const KNOWN_TAGS: [&str; 18] = [
    "Event",
    "Site",
    "Date",
    "West",
    "North",
    "East",
    "South",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
    "Generator",
    "Room",
    "OptimumResultTable",
    "DoubleDummyTricks",
    "OptimumScore",
    "ParContract",
    "Description",
];

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

impl<'a> Reader<'a> {
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
                    w => CallToken::Call(
                        std::str::from_utf8(w)
                            .ok()
                            .filter(|w| {
                                !w.eq_ignore_ascii_case("p")
                                    && !w.eq_ignore_ascii_case("d")
                                    && !w.eq_ignore_ascii_case("r")
                            })
                            .and_then(Call::parse)
                            .ok_or_else(|| {
                                self.syntax(at, format!("{} is not a call", self.quote(w)))
                            })?,
                    ),
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
    fn finish(&mut self, g: Game, diag: &mut Diagnostics) -> Result<(), Error> {
        let mut board = g.board;
        if !g.has_tags {
            self.pending
                .extend(board.comments.into_iter().map(|c| c.comment));
            return Ok(());
        }
        let index = self.games;
        self.games += 1;
        let number = g
            .number
            .unwrap_or_else(|| self.set.boards.last().map_or(1, |b| b.number + 1));
        board.number = number;
        board.dealer = g.dealer.unwrap_or(dealer_for_board(number));
        board.vulnerability = g.vulnerability.unwrap_or(Vulnerability::for_board(number));
        board.deal = g.deal.unwrap_or_default();
        if !self.pending.is_empty() {
            let mut comments: Vec<Commentary> = self
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
        restore_empty_tags(&mut board, g.mandatory_empty);
        let at = Position {
            record: Some(index),
            column: None,
            ..g.start
        };
        let mut score = None;
        let mut contracts = None;
        for tag in &board.tags {
            let Some(fact) = dd_fact(tag) else { continue };
            match fact {
                Err(m) => diag.contradiction(Error::invalid(F, at, m)),
                Ok(fact) => {
                    if !agrees(&fact, board.dd.as_ref(), None) {
                        diag.contradiction(Error::invalid(
                            F,
                            at,
                            format!(
                                "board {number}: {} disagrees with the double-dummy tag before it",
                                tag.name
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
        if let Some(score_ns) = score {
            board.par = Some(Par {
                score_ns,
                contracts: contracts.unwrap_or_default(),
            });
        }
        drop_generated_dd_tags(&mut board);
        self.set.boards.push(board);
        Ok(())
    }
}

/// The bytes a string token's scan stops at: `"`, `\\`, CR and LF.
const STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// The characters of a name token: letters, digits and `_`.
pub(crate) const NAME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

/// Drops the double-dummy tags when they are exactly the ones, in exactly
/// the text, that the writer generates from the board's table and par (the
/// form of boardfile and BridgeComposer): they say nothing the model does
/// not, and a file of millions of solved deals then costs a table a board,
/// not sixty strings. Any other form is kept as written.
fn drop_generated_dd_tags(board: &mut Board) {
    use super::dd::{contracts_tag_value, dd_to_tricks, is_dd_tag, score_tag_value};
    if !board.tags.iter().any(|t| is_dd_tag(&t.name)) {
        return;
    }
    let mut want: Vec<&str> = Vec::with_capacity(4);
    if let Some(dd) = &board.dd {
        want.push("OptimumResultTable");
        if dd_to_tricks(dd).is_some() {
            want.push("DoubleDummyTricks");
        }
    }
    if let Some(par) = &board.par {
        want.push("OptimumScore");
        if !par.contracts.is_empty() {
            want.push("ParContract");
        }
    }
    let commented = |name: &str| {
        board
            .comments
            .iter()
            .any(|c| matches!(&c.after, Anchor::Tag(n) if n == name))
    };
    let mut present = 0;
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
                    .and_then(dd_to_tricks)
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
            return;
        }
    }
    if present == want.len() {
        board.tags.retain(|t| !is_dd_tag(&t.name));
    }
}

/// True when a table tag is the one the writer generates: its header and 20
/// rows N S E W by NT S H D C.
fn generated_table(t: &Tag, dd: &crate::board::DdTable) -> bool {
    use crate::board::Strain;
    if t.value != "Declarer;Denomination\\2R;Result\\2R" || t.rows.len() != 20 {
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
    let dealing = empty == (1 << OTHER_MANDATORY.len()) - 1
        && board.tags.iter().all(|t| super::dd::is_dd_tag(&t.name))
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

/// Bit flags of the tags the model holds as fields (each may be given once).
fn model_tag_flag(name: &[u8]) -> Option<u8> {
    Some(match name {
        b"Board" => 1,
        b"Dealer" => 2,
        b"Vulnerable" => 4,
        b"Deal" => 8,
        b"Auction" => 16,
        b"Play" => 32,
        _ => return None,
    })
}

/// PBN's vulnerability names, either case (section 3.11).
fn vulnerability(v: &str) -> Option<Vulnerability> {
    Vulnerability::from_name(v).or_else(|| match v.to_ascii_lowercase().as_str() {
        "none" | "love" => Some(Vulnerability::None),
        "ns" => Some(Vulnerability::NS),
        "ew" => Some(Vulnerability::EW),
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
