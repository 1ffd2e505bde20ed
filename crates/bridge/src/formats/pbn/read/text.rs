//! Each board's own text ([`PbnGame`]): from the end of the game before,
//! so that a file read and written comes back as it was; the text before
//! the first game (the head); and a game in the export writer's very text
//! handed on without it, the writer giving it back.

use super::{plain, Reader};
use crate::model::board::Board;
use crate::model::extras::PbnGame;
use boardfile_io::Diagnostics;

impl Reader<'_, '_> {
    /// The file's text from where the last piece taken ended up to window
    /// offset `end`, decoded, and the next piece begun there.
    pub(super) fn take_text(&mut self, end: usize) -> String {
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
    pub(super) fn drop_text(&mut self) {
        self.st.carry.clear();
        self.st.text_start = self.base + self.i as u64;
    }

    /// The first game begins at `self.i`: what came before is the head.
    pub(super) fn leave_preamble(&mut self) {
        if self.st.in_preamble {
            self.st.in_preamble = false;
            // Taken once: a game read again from its start in a longer
            // window (the preamble's end read again) finds it taken.
            if self.st.keep_text && self.st.info.head.is_none() {
                // Up to the first game's line (white space before its first
                // token is the game's).
                let head = self.take_text(self.line_start.min(self.i));
                if let Some(eol) = crate::formats::pbn::edit::line_end(&head) {
                    self.st.export_eol = eol == "\r\n";
                    self.st.eol_told = true;
                }
                self.st.info.head = Some(head);
            }
        }
    }

    /// A game [`plain::read`] read: the board as [`Reader::finish`] would
    /// have made it, and the reader past it.
    pub(super) fn plain_game(&mut self, mut p: plain::Plain, diag: &mut Diagnostics) {
        self.leave_preamble();
        if p.board.dd.is_some() {
            // Placed as the general reader places the game's start.
            let at = self.pos(self.i);
            self.judge_table(&mut p.board, at);
            self.flush_warnings(diag);
        }
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

    /// A game's board, read, its text ending at window offset `end`: the
    /// next game's number follows it. With `check_export`, a board of
    /// nothing but its deal, conditions and double-dummy data is checked
    /// for the export writer's very text (the plain form's reader has told
    /// that itself).
    pub(super) fn hand_on(&mut self, mut board: Board, end: usize, check_export: bool) {
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
                self.st.export_eol = matches!(
                    crate::formats::pbn::edit::line_end(&text),
                    None | Some("\r\n")
                );
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

    /// At the file's end: what follows the last game is its text's (or,
    /// with no game, the head's).
    pub(super) fn file_end_text(&mut self) {
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
    }
}
