//! A game's end: the board it gives, with what its tags did not give
//! worked out (and marked so), the comments waiting for it, its
//! double-dummy tags checked against each other, and the empty mandatory
//! tags of a dealing program's game left out.

use super::dd_tags::settle_dd_tags;
use super::tags::OTHER_MANDATORY;
use super::{Game, Lenient, Reader, F};
use crate::model::board::{
    dealer_for_board, Anchor, Board, Commentary, Inferred, Tag, Trust, Vulnerability,
};
use crate::model::deal::Seat;
use boardfile_io::{Diagnostics, Error, Position};

impl Reader<'_, '_> {
    /// Ends a game: fills in what its tags did not give and checks the
    /// double-dummy tags against each other.
    pub(super) fn finish(&mut self, mut g: Game, diag: &mut Diagnostics) -> Result<(), Error> {
        g.table_without_rows();
        self.inherit_conditions(&mut g);
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
        let at = Position {
            record: Some(index),
            column: None,
            ..g.start
        };
        let number = self.conditions(&mut board, g.number, g.dealer, g.vulnerability, at);
        self.flush_warnings(diag);
        board.deal = g.deal.unwrap_or_default();
        self.pending_comments(&mut board);
        let mut lazy = std::mem::take(&mut g.lazy);
        settle_dd_tags(&mut board, &mut lazy, &g.dd_places, at, number, diag);
        lazy.clear();
        self.st.spare = lazy;
        restore_empty_tags(&mut board, g.mandatory_empty);
        self.judge_table(&mut board, g.start);
        self.flush_warnings(diag);
        crate::consistency::warn(F, &board, g.start, diag);
        self.hand_on(board, self.i, true);
        Ok(())
    }

    /// Marks how far the board's stored double-dummy table can be
    /// believed ([`crate::trust`]), and says so: a floor once a file, a
    /// count the deal forbids each board.
    pub(super) fn judge_table(&mut self, board: &mut Board, at: Position) {
        let Some(table) = &mut board.dd else { return };
        let info = &self.st.info;
        let head = *self
            .st
            .floors
            .get_or_insert_with(|| crate::trust::head_of(info.preamble.iter().map(String::as_str)));
        let Some(found) = crate::trust::judge(table, &board.deal, head) else {
            return;
        };
        table.set_trust(found.trust);
        let number = board.number;
        let message = || format!("board {number}: {}", found.why);
        match found.trust {
            Trust::Floored { .. } if found.by_writer => {
                self.lenient_at(Lenient::FlooredByWriter, at, message)
            }
            Trust::Floored { .. } => self.lenient_at(Lenient::FlooredByShape, at, message),
            _ => self.warnings.push((at, message())),
        }
    }

    /// rpbridge.net gives a board's second table as a game of its own with
    /// none of Board, Dealer, Vulnerable and Deal: the same board, those
    /// taken from the game before.
    fn inherit_conditions(&mut self, g: &mut Game) {
        if let (true, 0, Some((n, d, v, deal))) =
            (g.has_tags, g.seen_model_tags & 15, self.st.last_game)
        {
            (g.number, g.dealer, g.vulnerability, g.deal) = (Some(n), Some(d), Some(v), Some(deal));
            self.lenient_at(Lenient::Inherited, g.start, || {
                format!("a game with none of Board, Dealer, Vulnerable and Deal: read as board {n} again, the game before's, as rpbridge.net's files mean it")
            });
        }
    }

    /// The board's number, dealer and vulnerability: those the game gave,
    /// else worked out from its place and number, and marked so (PBN
    /// writes them back as the standard's unknown, `?`). Returns the
    /// number.
    fn conditions(
        &mut self,
        board: &mut Board,
        number: Option<u32>,
        dealer: Option<Seat>,
        vulnerability: Option<Vulnerability>,
        at: Position,
    ) -> u32 {
        let n = number.unwrap_or_else(|| self.st.last_number.map_or(1, |n| n.saturating_add(1)));
        board.number = n;
        board.dealer = dealer.unwrap_or(dealer_for_board(n));
        board.vulnerability = vulnerability.unwrap_or(Vulnerability::for_board(n));
        for (given, field) in [
            (number.is_some(), Inferred::NUMBER),
            (dealer.is_some(), Inferred::DEALER),
            (vulnerability.is_some(), Inferred::VULNERABILITY),
        ] {
            if !given {
                board.inferred.insert(field);
            }
        }
        if !board.inferred.is_empty() {
            let fields: Vec<&str> = board.inferred.names().collect();
            self.lenient_at(Lenient::Inferred, at, || {
                format!(
                    "board {n}: no {} given: worked out from the board's place and number, and marked so",
                    fields.join(", ")
                )
            });
        }
        n
    }

    /// The comments of the games of comments only before this one: at its
    /// start.
    fn pending_comments(&mut self, board: &mut Board) {
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
    }
}

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
            .all(|t| crate::formats::pbn::dd::is_dd_tag(&t.name) || t.name == "Board")
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
