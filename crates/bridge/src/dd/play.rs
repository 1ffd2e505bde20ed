//! Play analysis: for a board with a play record, the double-dummy value
//! after each card (the tricks declarer takes under best play from there,
//! the tricks already won counted), and the cards that cost their side a
//! trick, as BridgeComposer and the DDS-based viewers show them.
//!
//! The values come from our solver's play analysis
//! ([`boardfile_dd::Solver::play`]), which replays the cards and solves
//! the position after each, its table kept along the play; the C++ DDS's
//! `AnalysePlay` gives the same values (tests/play_analysis.rs). They are
//! the model's [`PlayValues`]: `solve` puts them on each played board,
//! JSON Lines keeps them (`play_values`) and the hand records and `show`
//! mark the cards that cost a trick.

use super::position::card_to_own;
use super::{strain_to_own, to_own_deal, STACK};
use crate::model::auction::Contract;
use crate::model::board::Board;
pub use crate::model::board::{CardValue, PlayValues};
use crate::model::deal::Seat;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The board's play valued card by card: `Ok(None)` when there is nothing
/// to value (no play, a passed-out or unknown contract, a partial deal),
/// an error when the play cannot be replayed (a card not held, a revoke,
/// an opening leader other than declarer's left-hand opponent).
///
/// ```
/// use boardfile_bridge::dd::play::analyse_play;
/// use boardfile_bridge::{Board, Deal, Seat};
/// use boardfile_bridge::model::auction::{Annotated, CardToken, Play};
/// use boardfile_bridge::model::card::{Card, Rank, Suit};
/// // A suit a hand: 7NT by North, East on lead runs the hearts (declarer
/// // takes nothing whatever is played).
/// let deal = Deal::parse_pbn("N:AKQJT98765432... .AKQJT98765432.. ...AKQJT98765432 ..AKQJT98765432.").unwrap();
/// let mut b = Board::new(1, deal);
/// b.set_tag("Contract", "7NT");
/// b.set_tag("Declarer", "N");
/// let mut play = Play::new(Seat::East);
/// // East, South, West, North: each plays its ace.
/// for suit in [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades] {
///     play.cards.push(Annotated::plain(CardToken::Card(Card::new(suit, Rank::Ace))));
/// }
/// b.play = Some(Box::new(play));
/// let v = analyse_play(&b).unwrap().unwrap();
/// assert_eq!(v.declarer, Seat::North);
/// assert_eq!(v.cards.len(), 4);
/// assert_eq!((v.start, v.cards[3].tricks), (0, 0));
/// assert!(v.cards.iter().all(|c| c.cost == 0));
/// ```
pub fn analyse_play(board: &Board) -> Result<Option<PlayValues>, String> {
    analyse_plays(&[board], 1)
        .pop()
        .expect("one board, one analysis")
}

/// [`analyse_play`] of each of `boards` on `jobs` threads (at least one),
/// in order.
pub fn analyse_plays(boards: &[&Board], jobs: usize) -> Vec<Result<Option<PlayValues>, String>> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for i in 0..jobs.clamp(1, boards.len().max(1)) {
            let (tx, next) = (tx.clone(), &next);
            std::thread::Builder::new()
                .name(format!("play-analysis-{i}"))
                .stack_size(STACK)
                .spawn_scoped(scope, move || {
                    let mut solver = boardfile_dd::Solver::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(b) = boards.get(k) else { break };
                        if tx.send((k, analyse_with(&mut solver, b))).is_err() {
                            break;
                        }
                    }
                })
                .expect("a solving thread");
        }
    });
    drop(tx);
    let mut out: Vec<_> = (0..boards.len()).map(|_| Ok(None)).collect();
    for (k, v) in rx {
        out[k] = v;
    }
    out
}

/// [`analyse_play`] with `solver`, on a thread with [`STACK`].
fn analyse_with(
    solver: &mut boardfile_dd::Solver,
    board: &Board,
) -> Result<Option<PlayValues>, String> {
    let Some(play) = board.play.as_deref() else {
        return Ok(None);
    };
    let Some(Contract::Bid {
        strain, declarer, ..
    }) = board.contract()
    else {
        return Ok(None);
    };
    let Some(deal) = to_own_deal(&board.deal) else {
        return Ok(None);
    };
    let leader = declarer.next(1);
    if play.first != leader {
        // Named from the declarer it reasons from: the auction's, which a
        // Declarer tag may contradict.
        let source = match (
            board.auction.as_ref().and_then(|a| a.contract()),
            board.tag("Declarer"),
        ) {
            (Some(_), Some(tag))
                if Seat::from_letter(*tag.as_bytes().first().unwrap_or(&0)) != Some(declarer) =>
            {
                format!(" by the auction (the Declarer tag says {tag})")
            }
            (Some(_), _) => " by the auction".to_string(),
            (None, _) => String::new(),
        };
        return Err(format!(
            "the play opens with {}, but {} declares{source}, so {} leads",
            play.first.name(),
            declarer.name(),
            leader.name()
        ));
    }
    let trump = crate::model::auction::strain_suit(strain);
    let played = play.chronological(trump);
    if played.is_empty() {
        return Ok(None);
    }
    let cards: Vec<u64> = played.iter().map(|&(_, c)| card_to_own(c)).collect();
    let ns = solver
        .play(&deal, strain_to_own(strain), leader.index(), &cards)
        .map_err(|e| {
            let (seat, card) = played[e.index];
            format!(
                "card {} ({card} by {}) cannot be played: it {}",
                e.index + 1,
                seat.name(),
                e.kind
            )
        })?;
    // North-South's tricks, as declarer's.
    let n = deal.len() as u8;
    let tricks: Vec<u8> = if declarer.index() % 2 == 0 {
        ns
    } else {
        ns.iter().map(|&t| n - t).collect()
    };
    let declarers = |s: Seat| s == declarer || s == declarer.next(2);
    let out = played
        .iter()
        .enumerate()
        .map(|(i, &(seat, card))| {
            let (before, after) = (tricks[i], tricks[i + 1]);
            let cost = if declarers(seat) {
                before.saturating_sub(after)
            } else {
                after.saturating_sub(before)
            };
            CardValue {
                seat,
                card,
                tricks: after,
                cost,
            }
        })
        .collect();
    Ok(Some(PlayValues {
        declarer,
        strain,
        start: tricks[0],
        cards: out,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::auction::{Annotated, CardToken, Play};
    use crate::model::card::{Card, Rank, Suit};
    use crate::Deal;

    /// A play that cannot be replayed is refused, naming the card, who
    /// played it and why.
    #[test]
    fn an_illegal_card_is_named() {
        let deal = Deal::parse_pbn(
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        )
        .unwrap();
        let mut b = Board::new(1, deal);
        b.set_tag("Contract", "1NT");
        b.set_tag("Declarer", "N");
        let refused = |cards: &[(Suit, Rank)]| {
            let mut b = b.clone();
            let mut play = Play::new(Seat::East);
            for &(suit, rank) in cards {
                let card = CardToken::Card(Card::new(suit, rank));
                play.cards.push(Annotated::plain(card));
            }
            b.play = Some(Box::new(play));
            analyse_play(&b).unwrap_err()
        };
        // East leads a spade; South, holding spades, shows a heart.
        let e = refused(&[(Suit::Spades, Rank::Ten), (Suit::Hearts, Rank::Eight)]);
        assert!(e.starts_with("card 2 (") && e.contains("by South"), "{e}");
        assert!(
            e.ends_with("does not follow the suit led, which the hand holds"),
            "{e}"
        );
        // East leads North's ace.
        let e = refused(&[(Suit::Spades, Rank::Ace)]);
        assert!(
            e.starts_with("card 1 (") && e.ends_with("is not in that hand"),
            "{e}"
        );
    }

    /// A play led by the wrong hand is named from the declarer it reasons
    /// from: the auction's, which the Declarer tag here contradicts.
    #[test]
    fn a_lead_by_the_wrong_hand_names_the_declarer_reasoned_from() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
            [Deal \"N:AJ9.K9542.Q.AK93 K.QJ76.K98763.75 QT6543.AT.JT.T62 872.83.A542.QJ84\"]\n\
            [Declarer \"E\"]\n[Contract \"3D\"]\n[Auction \"E\"]\n\
            1D Pass 1S Pass\n2D Pass Pass 3D\nPass Pass Pass\n[Play \"S\"]\nSQ HK DQ H3\n";
        let mut diag = boardfile_io::Diagnostics::strict();
        let set =
            crate::records::read_with(crate::Format::Pbn, text.as_bytes(), &mut diag).unwrap();
        let e = analyse_play(&set.boards[0]).unwrap_err();
        assert_eq!(
            e,
            "the play opens with South, but North declares by the auction \
             (the Declarer tag says E), so East leads"
        );
    }
}
