//! The PBN writer: export format, strict.
//!
//! Files are written in ISO-8859-1 when their text allows, as PBN 2.1 says,
//! else in UTF-8 (and always in UTF-8 when read so). The choice is made on
//! the text written, a board at a time: output is handed on while it is
//! ASCII (the same bytes either way); from the first other character the
//! writer holds up to [`HOLD`] bytes, and chooses UTF-8 if a character
//! ISO-8859-1 lacks comes in that while, or if the held bytes would read
//! back as UTF-8 (`Ã©`, C3 A9, would come back as `é`), else ISO-8859-1.
//! A character ISO-8859-1 lacks after that choice is an error naming it.

use super::dd::{agrees, dd_fact, dd_to_tricks, score_tag_value};
use super::edit::NAME_CHAR;
use super::read::table_columns;
use super::MANDATORY_TAGS;
use crate::codec::options::DdTags;
use crate::codec::stream::BoardWriter;
use crate::model::auction::{Annotated, CallToken, CardToken};
use crate::model::board::{Anchor, Board, Comment, DdTable, Inferred, Tag, Trust};
use crate::model::card::Strain;
use crate::model::deal::Seat;
use crate::model::set::SetInfo;
use boardfile_io::Error;
use std::borrow::Cow;
use std::collections::HashSet;

/// How long the writer holds ISO-8859-1 output before it settles the
/// character set.
const HOLD: usize = 16 << 20;

/// The character set of the file being written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Charset {
    /// Everything so far is ASCII: not yet chosen.
    Open,
    /// ISO-8859-1 output is held (in `held`) until the choice is made.
    Holding,
    /// ISO-8859-1.
    Latin1,
    /// UTF-8.
    Utf8,
}

/// Writes PBN: each board read from PBN as its file had it (see
/// `edit`), every other in the export format.
pub struct PbnWriter {
    w: Writer,
    info: SetInfo,
    charset: Charset,
    held: Vec<u8>,
    started: bool,
    /// Every board in the export format, the files' own texts left aside.
    normalize: bool,
    /// A game has been written.
    games: bool,
    /// What is written so far ends with a line end (or nothing is).
    ends_line: bool,
    /// The file's line end, for the boards without a text of their own:
    /// that of its text before the first game, else of its first game's
    /// text, else CR LF (the reader leaves a game in the export format
    /// without its text only when this is CR LF).
    eol: &'static str,
    /// `eol` has been told.
    eol_told: bool,
}

impl PbnWriter {
    /// A writer generating the double-dummy tags `dd_tags` names, in the
    /// export format throughout.
    pub fn new(dd_tags: &DdTags) -> PbnWriter {
        PbnWriter::with_options(
            &crate::codec::options::WriteOptions::with_dd_tags(*dd_tags).normalized(true),
        )
    }

    /// A writer with `options`' double-dummy tags, keeping the texts that
    /// boards read from PBN carry unless told to normalize.
    pub fn with_options(options: &crate::codec::options::WriteOptions) -> PbnWriter {
        PbnWriter {
            w: Writer {
                buf: Vec::new(),
                utf8: false,
                wide: None,
                defaults: HashSet::new(),
                dd_tags: options.dd_tags,
            },
            info: SetInfo::default(),
            charset: Charset::Open,
            held: Vec::new(),
            started: false,
            normalize: options.normalize,
            games: false,
            ends_line: true,
            eol: "\r\n",
            eol_told: false,
        }
    }

    /// True when `table`, written as stored under the head this writer
    /// gives, reads back as believed as it is now ([`crate::trust`]).
    fn reads_back(&self, table: &DdTable, deal: &crate::model::deal::Deal) -> bool {
        if self.kept_head().is_none() {
            return false;
        }
        let lines = self.info.pbn.iter().flat_map(|p| &p.preamble);
        let head = crate::trust::head_of(lines.map(String::as_str));
        let mut stored = *table;
        stored.set_trust(Trust::Exact);
        crate::trust::judge(&stored, deal, head).is_some_and(|f| f.trust == table.trust())
    }

    /// The file's own text before its first game, when it is kept.
    fn kept_head(&self) -> Option<&str> {
        let head = self.info.pbn.as_ref()?.head.as_deref();
        head.filter(|_| !self.normalize)
    }

    /// Board `b` in the export format, into a string: as the writer writes
    /// it when `commit` (the `##` tags it gives taken as the writer's),
    /// else with the double-dummy tags as read (what its text says, against
    /// which the tags chosen for writing are told).
    fn render(&mut self, b: &Board, commit: bool) -> String {
        let mut w = match commit {
            true => Writer::scratch(
                Vec::new(),
                std::mem::take(&mut self.w.defaults),
                self.w.dd_tags,
            ),
            false => Writer::scratch(Vec::new(), self.w.defaults.clone(), DdTags::default()),
        };
        w.game(&self.info, b);
        if commit {
            self.w.defaults = w.defaults;
        }
        String::from_utf8(w.buf).unwrap_or_default()
    }

    /// A board that carries its file's text: the text as it was while the
    /// board says the same, else with the lines of what changed edited.
    fn kept_game(&mut self, text: &str, b: &Board) -> String {
        let eol = super::edit::line_end(text).unwrap_or(self.eol);
        let before = super::read::reread(text, b, export_game);
        // Double-dummy tags chosen to be the only ones change a board's
        // text even when its data is the same.
        let chosen = self.w.dd_tags.only;
        // The set's event, site or date (`--event`) may be news to the text.
        let headed = [&self.info.event, &self.info.site, &self.info.date]
            .iter()
            .any(|h| h.is_some());
        if !chosen && !headed && before.as_ref().is_some_and(|o| super::edit::same(o, b)) {
            for t in &b.tags {
                if t.value.starts_with("##") {
                    self.w.defaults.insert(t.name.to_string());
                }
            }
            return text.to_owned();
        }
        // A dealing program's game gave its missing mandatory tags empty
        // (the reader keeps none of them): a tag added to it keeps them so,
        // rather than making them all `?`.
        let mut filled;
        let now = match &before {
            Some(o)
                if dealing_only(o)
                    && !dealing_only(b)
                    && b.auction.is_none()
                    && b.play.is_none() =>
            {
                filled = b.clone();
                for name in MANDATORY_TAGS {
                    let model = matches!(name, "Board" | "Dealer" | "Vulnerable" | "Deal");
                    if !model && filled.tag(name).is_none() {
                        filled.tags.push(Tag::new(name, ""));
                    }
                }
                &filled
            }
            _ => b,
        };
        // The text as read rendered without the set's event, site and
        // date: a heading the set gives (`--event`) and the text lacks is
        // then a change, and goes in.
        let headings = [
            self.info.event.take(),
            self.info.site.take(),
            self.info.date.take(),
        ];
        let old = before.map(|o| self.render(&o, false));
        [self.info.event, self.info.site, self.info.date] = headings;
        let new = self.render(now, true);
        super::edit::merge(text, old.as_deref(), &new, eol)
    }

    /// Renders one piece of the file (the header, a game) with `render`,
    /// in the character set as chosen so far, straight into `out`, and
    /// hands it on or holds it.
    fn emit(
        &mut self,
        out: &mut Vec<u8>,
        render: impl Fn(&mut Writer, &SetInfo),
    ) -> Result<(), Error> {
        let utf8 = self.charset == Charset::Utf8;
        let start = out.len();
        self.w.utf8 = utf8;
        self.w.wide = None;
        std::mem::swap(&mut self.w.buf, out);
        render(&mut self.w, &self.info);
        std::mem::swap(&mut self.w.buf, out);
        if utf8 {
            return Ok(());
        }
        if let Some(c) = self.w.wide {
            out.truncate(start);
            if self.charset == Charset::Latin1 {
                return Err(Error::unsupported(
                    super::FORMAT,
                    format!(
                        "{c:?} is not in ISO-8859-1, the character set this file was begun in (its earlier text chose it, over {} MiB back); write UTF-8 PBN from JSON Lines that says so in its set line (\"pbn\":{{\"utf8\":true}})",
                        HOLD >> 20
                    ),
                ));
            }
            // Too wide for ISO-8859-1: what is held goes over to UTF-8 (it
            // was ASCII or ISO-8859-1 text), and this piece is rendered again.
            self.switch_to_utf8(out);
            std::mem::swap(&mut self.w.buf, out);
            self.w.utf8 = true;
            render(&mut self.w, &self.info);
            std::mem::swap(&mut self.w.buf, out);
            return Ok(());
        }
        match self.charset {
            Charset::Latin1 => {}
            Charset::Open if out[start..].is_ascii() => {}
            _ => {
                self.charset = Charset::Holding;
                self.held.extend_from_slice(&out[start..]);
                out.truncate(start);
                if self.held.len() >= HOLD {
                    self.settle(out);
                }
            }
        }
        Ok(())
    }

    /// The file's start: its own text before the first game when kept, else
    /// `% PBN 2.1`, `% EXPORT` and the `%` lines read.
    fn start(&mut self, out: &mut Vec<u8>) -> Result<(), Error> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        match self.kept_head().map(str::to_owned) {
            Some(head) => {
                if !head.is_empty() {
                    self.ends_line = head.ends_with(['\n', '\r']);
                }
                self.emit(out, |w, info| {
                    if info.pbn.as_ref().is_some_and(|i| i.bom) {
                        w.buf.extend_from_slice(b"\xef\xbb\xbf");
                    }
                    w.text(&head)
                })
            }
            None => self.emit(out, |w, info| w.header(info)),
        }
    }

    /// What goes before a game in the file's style: a line end after text
    /// that has none, and an empty line after a game unless the game's own
    /// text begins with one (`apart`).
    fn separate(&mut self, out: &mut Vec<u8>, apart: bool) -> Result<(), Error> {
        let lines = usize::from(!self.ends_line) + usize::from(self.games && !apart);
        self.ends_line = true;
        if lines == 0 {
            return Ok(());
        }
        let eol = self.eol.as_bytes();
        self.emit(out, |w, _| {
            for _ in 0..lines {
                w.buf.extend_from_slice(eol)
            }
        })
    }

    /// Chooses for held ISO-8859-1 output: UTF-8 if its bytes would read
    /// back as UTF-8, else ISO-8859-1.
    fn settle(&mut self, out: &mut Vec<u8>) {
        if self.charset != Charset::Holding {
            return;
        }
        if std::str::from_utf8(&self.held).is_ok() {
            self.switch_to_utf8(out);
        } else {
            out.append(&mut self.held);
            self.charset = Charset::Latin1;
        }
    }

    /// Switches to UTF-8, handing on the held ISO-8859-1 bytes converted.
    fn switch_to_utf8(&mut self, out: &mut Vec<u8>) {
        for &b in &self.held {
            if b < 0x80 {
                out.push(b);
            } else {
                out.extend_from_slice(char::from(b).encode_utf8(&mut [0; 2]).as_bytes());
            }
        }
        self.held.clear();
        self.charset = Charset::Utf8;
    }
}

impl BoardWriter for PbnWriter {
    fn head(&mut self, head: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        check_set(head)?;
        self.info = head.clone();
        if let Some(eol) = self.kept_head().and_then(super::edit::line_end) {
            self.eol = eol;
            self.eol_told = true;
        }
        if let Some(i) = &head.pbn {
            if i.utf8 || i.bom {
                self.charset = Charset::Utf8;
            }
        }
        Ok(())
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        check_board(board)?;
        // A table not believed goes back as its file stored it only when
        // it reads back so: under the head written, judged the same (a
        // writer's floor under its mark); else only what is believed.
        let believed;
        let board = match &board.dd {
            Some(dd) if dd.trust() != Trust::Exact && !self.reads_back(dd, &board.deal) => {
                believed = Board {
                    dd: Some(dd.believed()),
                    pbn: None,
                    ..board.clone()
                };
                &believed
            }
            _ => board,
        };
        self.start(out)?;
        let kept = board.pbn.as_ref().filter(|_| !self.normalize);
        if !self.eol_told {
            self.eol_told = true;
            if let Some(eol) = kept.and_then(|t| super::edit::line_end(&t.0)) {
                self.eol = eol;
            }
        }
        let text = match kept {
            // The export format, straight out (the writer's CR LF).
            None if self.normalize || self.eol == "\r\n" => {
                self.separate(out, false)?;
                self.games = true;
                return self.emit(out, |w, info| w.game(info, board));
            }
            None => {
                let game = self.render(board, true);
                let game = super::edit::with_line_end(&game, self.eol);
                self.separate(out, false)?;
                game.into_owned()
            }
            Some(text) => {
                let game = self.kept_game(&text.0, board);
                // A text that begins with no empty line is its file's
                // first game, or one that the reader told from the game
                // before by its Board or Deal tag (games a line each): that
                // one needs no empty line, and reads back the same.
                let apart = super::edit::starts_apart(&game)
                    || game.starts_with("[Board ")
                    || game.starts_with("[Deal ");
                self.separate(out, apart)?;
                game
            }
        };
        if !text.is_empty() {
            self.ends_line = text.ends_with(['\n', '\r']);
        }
        self.games = true;
        self.emit(out, |w, _| w.text(&text))
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        self.start(out)?;
        self.settle(out);
        Ok(())
    }
}

/// A board in the export format, as the normalized writer gives it in a
/// file of its own (no set data, no `##` tags before it), after `out`.
pub(super) fn export_game(b: &Board, out: &mut Vec<u8>) {
    let mut w = Writer::scratch(std::mem::take(out), HashSet::new(), DdTags::default());
    w.game(&SetInfo::default(), b);
    *out = w.buf;
}

/// True for a board of nothing but its deal, conditions and double-dummy
/// data (a dealing program's): its missing mandatory tags are written
/// empty, not `?`.
fn dealing_only(b: &Board) -> bool {
    b.auction.is_none()
        && b.play.is_none()
        && b.tags
            .iter()
            .all(|t| super::dd::is_dd_tag(&t.name) || t.name == "Board")
}

/// Refuses what PBN cannot say, so that nothing is written that does not
/// read back (other formats' text may hold anything): a line break in the
/// event, site, date or a preamble line.
fn check_set(info: &SetInfo) -> Result<(), Error> {
    let one_line = |s: &str| !s.contains(['\r', '\n']);
    let fail = |what: String| Err(Error::unsupported(super::FORMAT, what));
    for (name, text) in [
        ("event", &info.event),
        ("site", &info.site),
        ("date", &info.date),
    ] {
        if text.as_deref().is_some_and(|t| !one_line(t)) {
            return fail(format!("the {name} holds a line break"));
        }
    }
    for line in info.pbn.iter().flat_map(|i| &i.preamble) {
        if !one_line(line) {
            return fail(format!("a preamble line holds a line break: {line:?}"));
        }
    }
    Ok(())
}

/// Refuses what PBN cannot say of a board: a tag name that is not letters,
/// digits and `_`; a line break in a tag value, par contract, note, `;` or
/// `%` comment; `}` in a `{}` comment; a table element that is neither a
/// string nor a run of printing characters; board 0.
fn check_board(b: &Board) -> Result<(), Error> {
    let one_line = |s: &str| !s.contains(['\r', '\n']);
    // As the reader takes section data: a string with no `"` or line break
    // inside, or a run of characters above the space but `[]{};"`.
    let element = |e: &str| match e.strip_prefix('"') {
        Some(inner) => inner
            .strip_suffix('"')
            .is_some_and(|v| one_line(v) && !v.contains('"')),
        None => !e.is_empty() && e.chars().all(|c| c > ' ' && !"[]{};\"".contains(c)),
    };
    let fail = |what: String| Err(Error::unsupported(super::FORMAT, what));
    let n = b.number;
    if n == 0 {
        return fail("board 0: PBN board numbers are positive".into());
    }
    for t in &b.tags {
        if t.name.is_empty() || !t.name.bytes().all(|c| NAME_CHAR[c as usize]) {
            return fail(format!(
                "board {n}: {:?} is not a tag name (letters, digits, _)",
                t.name
            ));
        }
        if !one_line(&t.value) {
            return fail(format!("board {n}: tag {} holds a line break", t.name));
        }
        if let Some(e) = t.rows.iter().flatten().find(|e| !element(e)) {
            return fail(format!(
                "board {n}: table {} holds {e:?}, not a PBN token",
                t.name
            ));
        }
    }
    if let Some(c) = b
        .par
        .iter()
        .flat_map(|p| &p.contracts)
        .find(|c| !one_line(c))
    {
        return fail(format!("board {n}: par contract {c:?} holds a line break"));
    }
    let notes = b
        .auction
        .iter()
        .flat_map(|a| &a.notes)
        .chain(b.play.iter().flat_map(|p| &p.notes));
    if notes.into_iter().any(|t| !one_line(t)) {
        return fail(format!("board {n}: a note holds a line break"));
    }
    for c in &b.comments {
        let ok = match &c.comment {
            Comment::Brace(t) => !t.contains('}'),
            Comment::Line(t) | Comment::Escape(t) => one_line(t),
        };
        if !ok {
            return fail(format!(
                "board {n}: a comment cannot be written: {:?}",
                c.comment
            ));
        }
    }
    Ok(())
}

/// The preamble without the file's own header, `% PBN x.y` and then
/// `% EXPORT`, which the writer gives itself. Only those two leading lines
/// go: a `%` comment at the start of the first game reads back as preamble,
/// and must not be lost on the next write however it reads.
fn own_header_dropped(preamble: &[String]) -> &[String] {
    fn body(line: &str) -> &str {
        line.trim_start_matches('%').trim()
    }
    let mut rest = preamble;
    if let Some((line, tail)) = rest.split_first() {
        if line.starts_with('%') && body(line).starts_with("PBN ") {
            rest = tail;
        }
    }
    if let Some((line, tail)) = rest.split_first() {
        if line.starts_with('%') && body(line) == "EXPORT" {
            rest = tail;
        }
    }
    rest
}

struct Writer {
    buf: Vec<u8>,
    utf8: bool,
    /// The first character ISO-8859-1 lacks that its text met.
    wide: Option<char>,
    /// Tags given a `##` value so far: a game without them inherits.
    defaults: HashSet<String>,
    dd_tags: DdTags,
}

/// How a table column pads its elements.
#[derive(Clone, Copy)]
enum Align {
    Left,
    Right,
}

/// The widest a column is padded: a table's own width may be any number
/// (`Score\28888888888888R` would pad every element with terabytes).
const MAX_COLUMN_WIDTH: usize = 255;

/// The minimum width and alignment of each column of a table: `Name\5R`
/// (the width at most [`MAX_COLUMN_WIDTH`]).
fn column_formats(value: &str) -> Vec<(usize, Align)> {
    value
        .split(';')
        .map(|c| match c.rsplit_once('\\') {
            Some((_, spec)) => {
                let digits = spec.bytes().take_while(u8::is_ascii_digit).count();
                let width = match digits {
                    0 => 0,
                    _ => spec[..digits]
                        .parse()
                        .map_or(MAX_COLUMN_WIDTH, |w: usize| w.min(MAX_COLUMN_WIDTH)),
                };
                let align = match spec.as_bytes().get(digits) {
                    Some(b'R') | Some(b'r') => Align::Right,
                    _ => Align::Left,
                };
                (width, align)
            }
            None => (0, Align::Left),
        })
        .collect()
}

impl Writer {
    /// A writer of UTF-8 text into `buf`, for a game to be compared or
    /// edited before it is written.
    fn scratch(buf: Vec<u8>, defaults: HashSet<String>, dd_tags: DdTags) -> Writer {
        Writer {
            buf,
            utf8: true,
            wide: None,
            defaults,
            dd_tags,
        }
    }

    fn text(&mut self, s: &str) {
        if self.utf8 || s.is_ascii() {
            self.buf.extend_from_slice(s.as_bytes());
        } else {
            for c in s.chars() {
                let byte = u8::try_from(c as u32);
                if byte.is_err() && self.wide.is_none() {
                    self.wide = Some(c);
                }
                self.buf.push(byte.unwrap_or(b'?'));
            }
        }
    }

    /// A tag value with `"` escaped, and `\` escaped where it would
    /// otherwise read as an escape.
    fn value(&mut self, s: &str) {
        if !s.bytes().any(|c| c == b'"' || c == b'\\') {
            return self.text(s);
        }
        let mut escaped = String::with_capacity(s.len() + 4);
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' => escaped.push_str("\\\""),
                '\\' if matches!(chars.peek(), None | Some('"') | Some('\\')) => {
                    escaped.push_str("\\\\")
                }
                c => escaped.push(c),
            }
        }
        self.text(&escaped);
    }

    fn tag_line(&mut self, name: &str, value: &str) {
        self.buf.reserve(name.len() + value.len() + 8);
        self.buf.push(b'[');
        self.text(name);
        self.buf.extend_from_slice(b" \"");
        self.value(value);
        self.buf.extend_from_slice(b"\"]\r\n");
    }

    /// The comments after tag `name`, on lines of their own.
    fn tag_comments(&mut self, board: &Board, name: &str, done: &mut [bool]) {
        if board.comments.is_empty() {
            return;
        }
        for (k, c) in board.comments.iter().enumerate() {
            if !done[k] && matches!(&c.after, Anchor::Tag(n) if n == name) {
                done[k] = true;
                self.comment(&c.comment);
                self.buf.extend_from_slice(b"\r\n");
            }
        }
    }

    /// Comments on lines of their own.
    fn comment_lines(&mut self, board: &Board, anchor: &Anchor, done: &mut [bool]) {
        if board.comments.is_empty() {
            return;
        }
        for (k, c) in board.comments.iter().enumerate() {
            if !done[k] && c.after == *anchor {
                done[k] = true;
                self.comment(&c.comment);
                self.buf.extend_from_slice(b"\r\n");
            }
        }
    }

    fn comment(&mut self, c: &Comment) {
        match c {
            Comment::Brace(t) => {
                self.buf.push(b'{');
                self.text(&t.replace('\n', "\r\n"));
                self.buf.push(b'}');
            }
            Comment::Line(t) => {
                self.buf.push(b';');
                self.text(t);
            }
            Comment::Escape(t) => {
                self.buf.push(b'%');
                self.text(t);
            }
        }
    }

    /// `% PBN 2.1`, `% EXPORT`, and the file's other `%` lines before its
    /// first game.
    fn header(&mut self, info: &SetInfo) {
        if info.pbn.as_ref().is_some_and(|i| i.bom) {
            self.buf.extend_from_slice(b"\xef\xbb\xbf");
        }
        self.buf.extend_from_slice(b"% PBN 2.1\r\n% EXPORT\r\n");
        for line in own_header_dropped(info.pbn.as_ref().map_or(&[][..], |i| &i.preamble[..])) {
            self.text(line);
            self.buf.extend_from_slice(b"\r\n");
        }
    }

    fn game(&mut self, set: &SetInfo, b: &Board) {
        let plain = b.inferred.is_empty()
            && b.tags.is_empty()
            && b.comments.is_empty()
            && b.auction.is_none()
            && b.play.is_none()
            && self.defaults.is_empty()
            && set.event.is_none()
            && set.site.is_none()
            && set.date.is_none();
        if plain {
            self.plain_game(b);
            return;
        }
        let mut done = vec![false; b.comments.len()];
        self.comment_lines(b, &Anchor::Start, &mut done);
        let start = self.buf.len();
        self.mandatory_tags(set, b, &mut done);
        if b.tags.is_empty() && b.comments.is_empty() {
            // No tags of the file's to sort among: the generated ones in
            // their sorted places, without building tags (solved-deal files
            // come this way by the million).
            self.generated_fast(b);
            return;
        }
        let (plain, sections) = self.other_tags(b);
        for t in &plain {
            self.tag_line(&t.name, &t.value);
            if !t.rows.is_empty() {
                self.section_rows(t);
            }
            self.tag_comments(b, &t.name, &mut done);
        }
        self.auction_and_play(b, &mut done);
        for t in &sections {
            self.tag_line(&t.name, &t.value);
            self.tag_comments(b, &t.name, &mut done);
            match (t, &b.dd) {
                // The table this writer generates: its rows straight from the
                // board's table, without building them first.
                (Cow::Owned(t), Some(dd))
                    if t.name == "OptimumResultTable" && t.rows.is_empty() =>
                {
                    self.table_rows(dd)
                }
                _ => self.section_rows(t),
            }
        }
        self.moved_comments(b, start, &done);
    }

    /// A board with nothing but its deal, conditions and double-dummy data
    /// is a dealing program's (and a solver's): its mandatory tags all
    /// empty, as [`Writer::mandatory_tags`] writes them.
    fn plain_game(&mut self, b: &Board) {
        let q: &[u8] = b"";
        let tag = |buf: &mut Vec<u8>, name: &[u8]| {
            buf.push(b'[');
            buf.extend_from_slice(name);
            buf.extend_from_slice(b" \"");
            buf.extend_from_slice(q);
            buf.extend_from_slice(b"\"]\r\n");
        };
        for name in [&b"Event"[..], b"Site", b"Date"] {
            tag(&mut self.buf, name);
        }
        self.buf.extend_from_slice(b"[Board \"");
        crate::formats::push_number(&mut self.buf, b.number);
        self.buf.extend_from_slice(b"\"]\r\n");
        for name in [&b"West"[..], b"North", b"East", b"South"] {
            tag(&mut self.buf, name);
        }
        self.buf.extend_from_slice(b"[Dealer \"");
        self.buf.push(b.dealer.letter() as u8);
        self.buf.extend_from_slice(b"\"]\r\n[Vulnerable \"");
        self.buf
            .extend_from_slice(b.vulnerability.name().as_bytes());
        self.buf.extend_from_slice(b"\"]\r\n[Deal \"");
        b.deal.push_pbn_from(b.dealer, &mut self.buf);
        self.buf.extend_from_slice(b"\"]\r\n");
        for name in [&b"Scoring"[..], b"Declarer", b"Contract", b"Result"] {
            tag(&mut self.buf, name);
        }
        self.generated_fast(b);
    }

    /// The 15 mandatory tags in export order, each with its section data
    /// and comments: the board's value, else the set's or the auction's,
    /// else the standard's unknown (`?`, empty for a dealing program's
    /// board); left out when an earlier game set it with `##`.
    fn mandatory_tags(&mut self, set: &SetInfo, b: &Board, done: &mut [bool]) {
        let dealing_only = dealing_only(b);
        let contract = b.auction.as_ref().and_then(|a| a.contract());
        for name in MANDATORY_TAGS {
            let value: Cow<str> = match name {
                // A label the file gave in place of the number: as given.
                "Board" if b.inferred.contains(Inferred::NUMBER) && b.tag("Board").is_some() => {
                    b.tag("Board").unwrap_or("?").into()
                }
                // Worked out, not read: the standard's unknown.
                "Board" | "Dealer" | "Vulnerable"
                    if b.inferred.contains(match name {
                        "Board" => Inferred::NUMBER,
                        "Dealer" => Inferred::DEALER,
                        _ => Inferred::VULNERABILITY,
                    }) =>
                {
                    "?".into()
                }
                "Board" => {
                    self.buf.extend_from_slice(b"[Board \"");
                    crate::formats::push_number(&mut self.buf, b.number);
                    self.buf.extend_from_slice(b"\"]\r\n");
                    self.tag_comments(b, name, done);
                    continue;
                }
                "Dealer" => {
                    self.buf.extend_from_slice(b"[Dealer \"");
                    self.buf.push(b.dealer.letter() as u8);
                    self.buf.extend_from_slice(b"\"]\r\n");
                    self.tag_comments(b, name, done);
                    continue;
                }
                "Vulnerable" => b.vulnerability.name().into(),
                "Deal" => {
                    self.buf.extend_from_slice(b"[Deal \"");
                    b.deal.push_pbn_from(b.dealer, &mut self.buf);
                    self.buf.extend_from_slice(b"\"]\r\n");
                    self.tag_comments(b, name, done);
                    continue;
                }
                _ => match b.tag(name) {
                    Some(v) => v.into(),
                    None if !self.defaults.is_empty() && self.defaults.contains(name) => {
                        self.tag_comments(b, name, done);
                        continue;
                    }
                    None => match (name, contract) {
                        ("Event", _) if set.event.is_some() => set.event.as_deref().unwrap().into(),
                        ("Site", _) if set.site.is_some() => set.site.as_deref().unwrap().into(),
                        ("Date", _) if set.date.is_some() => set.date.as_deref().unwrap().into(),
                        ("Declarer", Some(c)) => match c {
                            crate::model::auction::Contract::Bid { declarer, .. } => {
                                declarer.letter().to_string().into()
                            }
                            crate::model::auction::Contract::PassedOut => "".into(),
                        },
                        ("Contract", Some(c)) => c.pbn().into(),
                        _ if dealing_only => "".into(),
                        _ => "?".into(),
                    },
                },
            };
            if value.starts_with("##") {
                self.defaults.insert(name.to_string());
            }
            self.tag_line(name, &value);
            // Lines after a mandatory tag read as its section data: kept.
            if let Some(t) = b.tags.iter().find(|t| t.name == name && !t.rows.is_empty()) {
                self.section_rows(t);
            }
            self.tag_comments(b, name, done);
        }
    }

    /// The file's tags that stay and the double-dummy tags to generate,
    /// each sorted by name: those of one line, and the sections (tags with
    /// section data, written after the auction and play).
    fn other_tags<'b>(&mut self, b: &'b Board) -> (Vec<Cow<'b, Tag>>, Vec<Cow<'b, Tag>>) {
        let (keep, generated) = self.dd_plan(b);
        let mut plain: Vec<Cow<Tag>> = Vec::new();
        let mut sections: Vec<Cow<Tag>> = Vec::new();
        for (t, keep) in b.tags.iter().zip(keep) {
            if MANDATORY_TAGS.contains(&t.name.as_ref()) || !keep {
                continue;
            }
            if t.value.starts_with("##") {
                self.defaults.insert(t.name.to_string());
            }
            // A Note tag after the auction or play would read as theirs:
            // one of the board's own goes before them, rows and all.
            if t.is_section() && t.name != "Note" {
                sections.push(Cow::Borrowed(t));
            } else {
                plain.push(Cow::Borrowed(t));
            }
        }
        for t in generated {
            if t.is_section() {
                sections.push(Cow::Owned(t));
            } else {
                plain.push(Cow::Owned(t));
            }
        }
        plain.sort_by(|x, y| x.name.cmp(&y.name));
        sections.sort_by(|x, y| x.name.cmp(&y.name));
        (plain, sections)
    }

    /// The auction and the play, each with its notes and comments.
    fn auction_and_play(&mut self, b: &Board, done: &mut [bool]) {
        if let Some(a) = &b.auction {
            self.tag_line("Auction", &a.first.letter().to_string());
            self.tag_comments(b, "Auction", done);
            self.rows(b, &a.calls, a.stopped, done, Anchor::Call, call_text);
            for (i, note) in a.notes.iter().enumerate() {
                self.tag_line("Note", note);
                self.comment_lines(b, &Anchor::AuctionNote(i), done);
            }
        }
        if let Some(p) = &b.play {
            self.tag_line("Play", &p.first.letter().to_string());
            self.tag_comments(b, "Play", done);
            self.rows(b, &p.cards, p.stopped, done, Anchor::Card, card_text);
            for (i, note) in p.notes.iter().enumerate() {
                self.tag_line("Note", note);
                self.comment_lines(b, &Anchor::PlayNote(i), done);
            }
        }
    }

    /// Comments whose anchor is gone (a tag dropped, a call removed) go to
    /// the game's start (`start` in the buffer), where they read back as
    /// written: at its end they would read as the last section's and move
    /// before its rows.
    fn moved_comments(&mut self, b: &Board, start: usize, done: &[bool]) {
        if done.iter().any(|d| !d) {
            let end = self.buf.len();
            for (k, c) in b.comments.iter().enumerate() {
                if !done[k] {
                    self.comment(&c.comment);
                    self.buf.extend_from_slice(b"\r\n");
                }
            }
            let moved = self.buf.len() - end;
            self.buf[start..].rotate_right(moved);
        }
    }

    /// Which of the board's tags stay (a double-dummy tag stays while it
    /// agrees with the model and is chosen; one that does not read is kept
    /// as written, not being data the writer understands), and the
    /// double-dummy tags to generate: those of the file that the model now
    /// contradicts, written from the model; with none of a kind kept, the
    /// chosen tags of that kind.
    fn dd_plan(&self, b: &Board) -> (Vec<bool>, Vec<Tag>) {
        let chosen = |n: &str| !self.dd_tags.only || self.dd_tags.wants(n);
        let mut keep = Vec::with_capacity(b.tags.len());
        let mut kept = Vec::new();
        let mut replaced = Vec::new();
        for t in &b.tags {
            keep.push(match dd_fact(t) {
                None => true,
                Some(Err(_)) => chosen(&t.name),
                Some(Ok(_)) if !chosen(&t.name) => false,
                Some(Ok(f)) => {
                    let agrees = agrees(&f, b.dd.as_ref(), b.par.as_ref());
                    if agrees {
                        kept.push(t.name.as_ref());
                    } else {
                        replaced.push(t.name.as_ref());
                    }
                    agrees
                }
            });
        }
        let has = |n: &str| kept.contains(&n);
        let want = |n: &str| {
            if has(n) {
                return false;
            }
            if replaced.contains(&n) || self.dd_tags.only {
                return self.dd_tags.wants(n) || replaced.contains(&n);
            }
            self.dd_tags.wants(n)
                && match n {
                    "OptimumResultTable" | "DoubleDummyTricks" => {
                        !has("OptimumResultTable")
                            && !has("DoubleDummyTricks")
                            && !replaced.contains(&"OptimumResultTable")
                            && !replaced.contains(&"DoubleDummyTricks")
                    }
                    _ => true,
                }
        };
        let mut out = Vec::new();
        if let Some(dd) = &b.dd {
            if want("OptimumResultTable") {
                // Rows left empty: written straight from the table.
                out.push(Tag::new(
                    "OptimumResultTable",
                    "Declarer;Denomination\\2R;Result\\2R",
                ));
            }
            if want("DoubleDummyTricks") {
                if let Some(t) = dd_to_tricks(dd) {
                    out.push(Tag::new("DoubleDummyTricks", t));
                }
            }
        }
        if let Some(par) = &b.par {
            if want("OptimumScore") {
                out.push(Tag::new("OptimumScore", score_tag_value(par.score_ns)));
            }
            if want("ParContract") && !par.contracts.is_empty() {
                out.push(Tag::new("ParContract", par.pbn_contracts()));
            }
        }
        (keep, out)
    }

    /// Auction or play rows: four tokens a row, annotations and inline
    /// comments after their token.
    fn rows<T>(
        &mut self,
        b: &Board,
        tokens: &[Annotated<T>],
        stopped: bool,
        done: &mut [bool],
        anchor: fn(usize) -> Anchor,
        text: fn(&T) -> Cow<'static, str>,
    ) {
        let mut in_row = 0;
        let mut line_open = false;
        for (i, t) in tokens.iter().enumerate() {
            if in_row == 4 {
                if line_open {
                    self.buf.extend_from_slice(b"\r\n");
                    line_open = false;
                }
                in_row = 0;
            }
            if line_open {
                self.buf.push(b' ');
            }
            if let Some(irregular) = t.irregularity {
                self.buf.extend_from_slice(&[b'^', irregular, b' ']);
            }
            self.buf.extend_from_slice(text(&t.token).as_bytes());
            if let Some(n) = t.note {
                self.buf.extend_from_slice(format!(" ={n}=").as_bytes());
            }
            for n in &t.nags {
                self.buf.extend_from_slice(format!(" ${n}").as_bytes());
            }
            line_open = true;
            in_row += 1;
            let here = anchor(i);
            for (k, c) in b.comments.iter().enumerate() {
                if done[k] || c.after != here {
                    continue;
                }
                done[k] = true;
                match &c.comment {
                    Comment::Escape(_) => {
                        // At a line start: an empty line would end the game.
                        if line_open {
                            self.buf.extend_from_slice(b"\r\n");
                        }
                        self.comment(&c.comment);
                        self.buf.extend_from_slice(b"\r\n");
                        line_open = false;
                    }
                    other => {
                        if line_open {
                            self.buf.push(b' ');
                        }
                        self.comment(other);
                        line_open = !matches!(other, Comment::Line(_));
                        if !line_open {
                            self.buf.extend_from_slice(b"\r\n");
                        }
                    }
                }
            }
        }
        if stopped {
            if line_open && in_row < 4 {
                self.buf.extend_from_slice(b" *");
            } else {
                if line_open {
                    self.buf.extend_from_slice(b"\r\n");
                }
                self.buf.push(b'*');
                line_open = true;
            }
        }
        if line_open {
            self.buf.extend_from_slice(b"\r\n");
        }
    }

    /// The rest of a game without tags of its own: DoubleDummyTricks,
    /// OptimumScore and ParContract (sorted by name), the auction and play,
    /// then the OptimumResultTable, as [`Writer::game`] orders them.
    fn generated_fast(&mut self, b: &Board) {
        let wants = |n: &str| self.dd_tags.wants(n);
        let (table, tricks, score, contract) = (
            wants("OptimumResultTable"),
            wants("DoubleDummyTricks"),
            wants("OptimumScore"),
            wants("ParContract"),
        );
        if let Some(dd) = &b.dd {
            if tricks {
                self.tricks_line(dd);
            }
        }
        if let Some(par) = &b.par {
            if score {
                self.tag_line("OptimumScore", &score_tag_value(par.score_ns));
            }
            if contract && !par.contracts.is_empty() {
                self.tag_line("ParContract", &par.pbn_contracts());
            }
        }
        let mut done = [];
        if let Some(a) = &b.auction {
            self.tag_line("Auction", &a.first.letter().to_string());
            self.rows(b, &a.calls, a.stopped, &mut done, Anchor::Call, call_text);
            for note in &a.notes {
                self.tag_line("Note", note);
            }
        }
        if let Some(p) = &b.play {
            self.tag_line("Play", &p.first.letter().to_string());
            self.rows(b, &p.cards, p.stopped, &mut done, Anchor::Card, card_text);
            for note in &p.notes {
                self.tag_line("Note", note);
            }
        }
        if let (Some(dd), true) = (&b.dd, table) {
            self.buf.extend_from_slice(
                b"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n",
            );
            self.table_rows(dd);
        }
    }

    /// `[DoubleDummyTricks "..."]` when every entry is known, as
    /// [`dd_to_tricks`] spells it, without a string.
    fn tricks_line(&mut self, dd: &crate::model::board::DdTable) {
        let mut digits = [0u8; 20];
        for (i, seat) in [Seat::North, Seat::South, Seat::East, Seat::West]
            .into_iter()
            .enumerate()
        {
            for (j, strain) in Strain::NT_FIRST.into_iter().enumerate() {
                let Some(t) = dd.stored(seat, strain) else {
                    return;
                };
                digits[i * 5 + j] = b"0123456789abcd"[t as usize];
            }
        }
        self.buf.extend_from_slice(b"[DoubleDummyTricks \"");
        self.buf.extend_from_slice(&digits);
        self.buf.extend_from_slice(b"\"]\r\n");
    }

    /// The rows of a generated `OptimumResultTable` (`Declarer;Denomination\2R;
    /// Result\2R`): `N NT 13`, `N  S  9`, `?` where unknown. The rows are a
    /// fixed text but for the tricks: copied whole, then the tricks put in.
    fn table_rows(&mut self, dd: &crate::model::board::DdTable) {
        use super::dd::{TABLE_SEATS as SEATS, TABLE_STRAINS as STRAINS};
        static ROWS: [u8; 180] = {
            let mut rows = [0u8; 180];
            let mut k = 0;
            while k < 20 {
                let row = [
                    SEATS[k / 5].letter_byte(),
                    b' ',
                    STRAINS[k % 5].1[0],
                    STRAINS[k % 5].1[1],
                    b' ',
                    b' ',
                    b'?',
                    b'\r',
                    b'\n',
                ];
                let mut i = 0;
                while i < 9 {
                    rows[9 * k + i] = row[i];
                    i += 1;
                }
                k += 1;
            }
            rows
        };
        /// A trick count as the table's right-aligned column of two.
        static TRICKS: [[u8; 2]; 14] = {
            let mut t = [[b' ', b'0']; 14];
            let mut v = 0;
            while v < 14 {
                t[v] = if v < 10 {
                    [b' ', b'0' + v as u8]
                } else {
                    [b'1', b'0' + (v - 10) as u8]
                };
                v += 1;
            }
            t
        };
        let mut rows = ROWS;
        let raw = dd.raw();
        for (k, pair) in rows.chunks_exact_mut(9).enumerate() {
            let t = raw[SEATS[k / 5] as usize][STRAINS[k % 5].0 as usize];
            if let Some(text) = TRICKS.get(t as usize) {
                pair[5..7].copy_from_slice(text);
            }
        }
        self.buf.extend_from_slice(&rows);
    }

    /// A section's rows: a table's columns padded to their minimum width,
    /// other sections' elements one space apart.
    fn section_rows(&mut self, t: &Tag) {
        let formats = table_columns(t).map(|_| column_formats(&t.value));
        for row in &t.rows {
            // A `%` opening a line would read as an escape line.
            if row.first().is_some_and(|e| e.starts_with('%')) {
                self.buf.push(b' ');
            }
            for (i, e) in row.iter().enumerate() {
                if i > 0 {
                    self.buf.push(b' ');
                }
                let (width, align) = formats
                    .as_ref()
                    .and_then(|f| f.get(i).copied())
                    .unwrap_or((0, Align::Left));
                let pad = width.saturating_sub(e.chars().count());
                if let Align::Right = align {
                    self.buf.extend(std::iter::repeat_n(b' ', pad));
                }
                self.text(e);
                if let Align::Left = align {
                    if i + 1 < row.len() {
                        self.buf.extend(std::iter::repeat_n(b' ', pad));
                    }
                }
            }
            self.buf.extend_from_slice(b"\r\n");
        }
    }
}

fn call_text(t: &CallToken) -> Cow<'static, str> {
    match t {
        CallToken::Call(c) => c.to_string().into(),
        CallToken::AllPass => "AP".into(),
        CallToken::NotYet => "-".into(),
        CallToken::Next => "+".into(),
        CallToken::Skipped => "^S".into(),
        CallToken::Other(w) => w.to_string().into(),
    }
}

fn card_text(t: &CardToken) -> Cow<'static, str> {
    match t {
        CardToken::Card(c) => c.to_string().into(),
        CardToken::Unknown => "-".into(),
        CardToken::Next => "+".into(),
    }
}
