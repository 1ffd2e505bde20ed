//! The window's games: the loop over its lines and tokens, a game ended at
//! an empty line (or at a second `Deal` or `Board` tag), comments, `%`
//! escape lines, text after the last game, and a game skipped after an
//! error.

use super::dd_tags::LazyFact;
use super::sections::table_columns;
use super::{plain, Checkpoint, Game, GameError, Lenient, Mark, Reader, Section};
use crate::model::board::{Anchor, Board, Comment, Commentary};
use boardfile_io::{Diagnostics, Error};

/// Where the window's loop goes on after a line's start or an error.
enum Next {
    /// At the next line's start.
    Line,
    /// With the line's tokens.
    Tokens,
    /// Nowhere: the window is read up to this many bytes (a game goes on
    /// past it).
    Stop(usize),
    /// To the window's end: its games are read.
    End,
}

impl Reader<'_, '_> {
    /// Reads the window's games; returns the bytes read (up to the start
    /// of a game that goes on past the window).
    pub(super) fn run(&mut self, diag: &mut Diagnostics) -> Result<usize, Error> {
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
                match self.line_start(&mut game, &mut cp, diag)? {
                    Next::Tokens => {}
                    Next::Line => {
                        at_line_start = true;
                        continue;
                    }
                    Next::Stop(read) => return Ok(read),
                    Next::End => break,
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
            if let Err(GameError(e)) = self.token(game.as_mut().expect("a game")) {
                match self.skip_after_error(e, &mut game, &cp, diag)? {
                    Next::Stop(read) => return Ok(read),
                    _ => at_line_start = true,
                }
            }
        }
        if let Some(g) = game.take() {
            self.finish(g, diag)?;
        }
        self.file_end_text();
        self.st.line = self.line;
        Ok(self.b.len())
    }

    /// At a line's start: the game before ended by a second `Deal` or
    /// `Board` tag or an empty line, a game in the writer's plain form, or
    /// a `%` line.
    fn line_start(
        &mut self,
        game: &mut Option<Game>,
        cp: &mut Checkpoint,
        diag: &mut Diagnostics,
    ) -> Result<Next, Error> {
        if game.as_ref().is_some_and(|g| self.next_game_starts(g)) {
            self.lenient(Lenient::NoEmptyLine, self.i, || {
                "a second Deal or Board tag with no empty line before it: read as the next game's"
                    .into()
            });
            let g = game.take().expect("a game");
            self.finish(g, diag)?;
        }
        if game.is_none() {
            *cp = self.checkpoint();
        }
        // A semi-empty line (spaces and tabs only) ends a game.
        let mut k = self.i;
        while k < self.b.len() && matches!(self.b[k], b' ' | b'\t') {
            k += 1;
        }
        if k >= self.b.len() || matches!(self.b[k], b'\r' | b'\n') {
            return self.empty_line(k, game, cp, diag);
        }
        if game.is_none() && self.st.plain && self.b[self.i] == b'[' && self.st.pending.is_empty() {
            if let Some(p) = plain::read(&self.b[self.i..], self.eof) {
                self.plain_game(p, diag);
                return Ok(Next::Line);
            }
        }
        if self.b[self.i] == b'%' {
            self.escape_line(game);
            return Ok(Next::Line);
        }
        Ok(Next::Tokens)
    }

    /// A semi-empty line, its blanks ending at `k`: the end of the game
    /// under way, or a line of the text before the first game.
    fn empty_line(
        &mut self,
        k: usize,
        game: &mut Option<Game>,
        cp: &Checkpoint,
        diag: &mut Diagnostics,
    ) -> Result<Next, Error> {
        if k >= self.b.len() && !self.eof {
            return Ok(Next::Stop(self.stop(game.is_some(), cp)));
        }
        if k >= self.b.len() && k == self.i {
            return Ok(Next::End);
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
        Ok(Next::Line)
    }

    /// A `%` line: before the first game, a line of the head; else a
    /// comment of the game.
    fn escape_line(&mut self, game: &mut Option<Game>) {
        let end = self.line_end(self.i);
        let text = self.decode(&self.b[self.i + 1..end]);
        if self.st.in_preamble && game.is_none() {
            self.st.info.preamble.push(format!("%{text}"));
        } else {
            let g = self.game(game);
            comment(g, Comment::Escape(text));
        }
        self.i = end;
        if self.i < self.b.len() {
            self.newline();
        }
    }

    /// An error in the game under way: reported (or the window grown, when
    /// it ended the token), and the rest of the game skipped, up to the
    /// next empty line.
    fn skip_after_error(
        &mut self,
        mut e: Error,
        game: &mut Option<Game>,
        cp: &Checkpoint,
        diag: &mut Diagnostics,
    ) -> Result<Next, Error> {
        if self.short && !self.eof {
            return Ok(Next::Stop(self.stop(true, cp)));
        }
        if let Some(n) = game.as_ref().and_then(|g| g.number) {
            e = e.in_board(n);
        }
        self.flush_warnings(diag);
        diag.error(e)?;
        // Skip the rest of the game: up to the next empty line.
        *game = None;
        self.st.last_game = None;
        self.st.games += 1;
        if !self.skip_game(false) {
            self.st.skipping = true;
            return Ok(Next::Stop(self.stop(false, cp)));
        }
        self.drop_text();
        Ok(Next::Line)
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
pub(super) fn last_anchor(b: &Board) -> Anchor {
    b.comments
        .last()
        .map(|c| c.after.clone())
        .unwrap_or(Anchor::Tag("Deal".into()))
}
