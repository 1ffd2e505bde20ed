//! A game's end: the board it gives, with what its tags did not give
//! worked out (and marked so), the comments waiting for it, its
//! double-dummy tags checked against each other, and the empty mandatory
//! tags of a dealing program's game left out.

use super::dd_tags::{drop_generated_dd_tags, LazyFact};
use super::tags::OTHER_MANDATORY;
use super::{Game, Lenient, Reader, F};
use crate::formats::pbn::dd::{agrees, dd_fact, is_dd_tag, DdFact};
use crate::model::board::{
    dealer_for_board, Anchor, Board, Commentary, Inferred, Par, Tag, Vulnerability,
};
use boardfile_io::{Diagnostics, Error, Position};

impl Reader<'_, '_> {
    /// Ends a game: fills in what its tags did not give and checks the
    /// double-dummy tags against each other.
    pub(super) fn finish(&mut self, mut g: Game, diag: &mut Diagnostics) -> Result<(), Error> {
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
