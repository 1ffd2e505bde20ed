//! Play analysis: for a board with a play record, the double-dummy value
//! after each card (the tricks declarer takes under best play from there,
//! the tricks already won counted), and the cards that cost their side a
//! trick, as BridgeComposer and the DDS-based viewers show them.
//!
//! The values come from pons-dds's play analysis (DDS's `AnalysePlay`),
//! which replays the cards and solves each position after one, its table
//! kept along the play.

use super::{seat_to_pons, strain_to_pons, STACK};
use crate::model::auction::Contract;
use crate::model::board::Board;
use crate::model::card::{Card, Strain};
use crate::model::deal::Seat;
use std::io::{self, Write};

/// One card of the play, valued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardValue {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// Declarer's tricks under double-dummy play after it.
    pub tricks: u8,
    /// The tricks it cost its side against the value before it (0 for a
    /// card as good as the best).
    pub cost: u8,
}

/// A board's play, valued card by card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayValues {
    /// The declarer.
    pub declarer: Seat,
    /// The contract's strain.
    pub strain: Strain,
    /// Declarer's tricks under double-dummy play before the opening lead.
    pub start: u8,
    /// The cards in the order played.
    pub cards: Vec<CardValue>,
}

fn card_to_pons(c: Card) -> contract_bridge::Card {
    use crate::model::card::Suit;
    let suit = match c.suit() {
        Suit::Spades => contract_bridge::Suit::Spades,
        Suit::Hearts => contract_bridge::Suit::Hearts,
        Suit::Diamonds => contract_bridge::Suit::Diamonds,
        Suit::Clubs => contract_bridge::Suit::Clubs,
    };
    contract_bridge::Card {
        suit,
        rank: contract_bridge::Rank::new(c.rank() as u8),
    }
}

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
    let Some(play) = board.play.as_deref() else {
        return Ok(None);
    };
    let Some(Contract::Bid {
        strain, declarer, ..
    }) = board.contract()
    else {
        return Ok(None);
    };
    let Some(full) = super::to_pons_deal(&board.deal) else {
        return Ok(None);
    };
    let leader = declarer.next(1);
    if play.first != leader {
        return Err(format!(
            "the play opens with {}, but {} is declarer's left-hand opponent",
            play.first.name(),
            leader.name()
        ));
    }
    let trump = crate::model::auction::strain_suit(strain);
    let played = play.chronological(trump);
    if played.is_empty() {
        return Ok(None);
    }
    let trick = pons_dds::CurrentTrick::new(strain_to_pons(strain), seat_to_pons(leader));
    let start = pons_dds::Board::try_new(full.into(), trick).map_err(|e| e.to_string())?;
    let trace = pons_dds::PlayTrace {
        board: start,
        cards: played.iter().map(|&(_, c)| card_to_pons(c)).collect(),
    };
    // The solver recurses deep: a thread with room for it.
    let analysis = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("play-analysis".into())
            .stack_size(STACK)
            .spawn_scoped(scope, || {
                pons_dds::Solver::new(strain_to_pons(strain)).try_analyse_play(&trace)
            })
            .expect("a solving thread")
            .join()
            .expect("the play analysis does not panic")
    })
    .map_err(|e| {
        let (seat, card) = played[e.index];
        format!(
            "card {} ({card} by {}) cannot be played: {:?}",
            e.index + 1,
            seat.name(),
            e.kind
        )
    })?;
    let tricks: Vec<u8> = analysis.tricks.iter().map(|t| t.get()).collect();
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

/// The values as text: a trick a line, each card with declarer's tricks
/// after it and `(-N)` where it cost its side N tricks.
pub fn write_text(v: &PlayValues, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Double dummy, declarer {} in {}: {} tricks at the opening lead",
        v.declarer.letter(),
        v.strain.name(),
        v.start
    )?;
    for (t, trick) in v.cards.chunks(4).enumerate() {
        write!(out, "{:>3}.", t + 1)?;
        for c in trick {
            write!(out, "  {} {} {:>2}", c.seat.letter(), c.card, c.tricks)?;
            if c.cost > 0 {
                write!(out, " (-{})", c.cost)?;
            } else {
                write!(out, "     ")?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The values as JSON: `declarer`, `strain`, `start`, and `cards`, an
/// object a card with `seat`, `card` (`SA`), `tricks` and `cost`.
pub fn to_json(v: &PlayValues) -> serde_json::Value {
    serde_json::json!({
        "declarer": v.declarer.letter().to_string(),
        "strain": v.strain.name(),
        "start": v.start,
        "cards": v.cards.iter().map(|c| serde_json::json!({
            "seat": c.seat.letter().to_string(),
            "card": c.card.to_string(),
            "tricks": c.tricks,
            "cost": c.cost,
        })).collect::<Vec<_>>(),
    })
}
