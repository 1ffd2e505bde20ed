//! The window a [`Reader`] reads: positions and errors in it, its text
//! decoded, its line ends, where a game began (to read it again in a
//! longer window), and the warnings and leniencies of the game under way.

use super::{Checkpoint, Game, GameError, Lenient, Reader, State, F};
use boardfile_io::{Diagnostics, Error, Position};

impl<'a, 's> Reader<'a, 's> {
    pub(super) fn new(b: &'a [u8], base: u64, eof: bool, st: &'s mut State) -> Reader<'a, 's> {
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

    pub(super) fn pos(&self, at: usize) -> Position {
        let mut p = Position::record(self.st.games, self.base + at as u64)
            .with_line(self.line)
            .with_column((at.saturating_sub(self.line_start)) as u64 + 1);
        if at < self.line_start {
            p.column = None;
        }
        p
    }

    pub(super) fn syntax(&self, at: usize, m: impl Into<String>) -> GameError {
        GameError(Error::syntax(F, self.pos(at), m))
    }

    pub(super) fn invalid(&self, at: usize, m: impl Into<String>) -> GameError {
        GameError(Error::invalid(F, self.pos(at), m))
    }

    /// A few characters of `raw`, quoted, for an error message.
    pub(super) fn quote(&self, raw: &[u8]) -> String {
        crate::formats::excerpt(&self.decode(&raw[..raw.len().min(200)]))
    }

    /// Text in the file's character set: UTF-8 when it was told so (text
    /// that is not UTF-8 in it as ISO-8859-1), else ISO-8859-1.
    pub(super) fn decode(&self, raw: &[u8]) -> String {
        match std::str::from_utf8(raw) {
            Ok(text) if text.is_ascii() || self.st.utf8 == Some(true) => text.to_owned(),
            _ => crate::formats::latin1_decode(raw),
        }
    }

    pub(super) fn newline(&mut self) {
        // At a CR, LF or CR LF.
        if self.b[self.i] == b'\r' && self.b.get(self.i + 1) == Some(&b'\n') {
            self.i += 1;
        }
        self.i += 1;
        self.line += 1;
        self.line_start = self.i;
    }

    pub(super) fn line_end(&self, from: usize) -> usize {
        self.b[from..]
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .map_or(self.b.len(), |n| from + n)
    }

    /// A game beginning at `self.i`.
    pub(super) fn new_game(&mut self) -> Game {
        let mut g = Game::new(self.pos(self.i));
        g.lazy = std::mem::take(&mut self.st.spare);
        g
    }

    /// The game under way, begun here if none is.
    pub(super) fn game<'g>(&mut self, game: &'g mut Option<Game>) -> &'g mut Game {
        if game.is_none() {
            *game = Some(self.new_game());
        }
        game.as_mut().expect("a game")
    }

    pub(super) fn checkpoint(&self) -> Checkpoint {
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
    pub(super) fn stop(&mut self, open: bool, cp: &Checkpoint) -> usize {
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

    /// Hands the game's warnings on, and its leniencies not yet said.
    pub(super) fn flush_warnings(&mut self, diag: &mut Diagnostics) {
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
    pub(super) fn lenient(&mut self, kind: Lenient, at: usize, message: impl FnOnce() -> String) {
        self.lenient_at(kind, self.pos(at), message);
    }

    /// A leniency at `position`.
    pub(super) fn lenient_at(
        &mut self,
        kind: Lenient,
        position: Position,
        message: impl FnOnce() -> String,
    ) {
        if self.st.lenient_said & kind as u16 == 0 {
            self.lenient.push((kind, position, message()));
        }
    }

    pub(super) fn token_end(&self, from: usize) -> usize {
        self.b[from..]
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .map_or(self.b.len(), |n| from + n)
    }

    /// Skips white space, line ends included (a tag may span lines in the
    /// import format).
    pub(super) fn skip_space(&mut self) {
        while self.i < self.b.len() {
            match self.b[self.i] {
                b' ' | b'\t' | 0x0b | 0x0c => self.i += 1,
                b'\r' | b'\n' => self.newline(),
                _ => return,
            }
        }
        self.short = true;
    }
}
