//! A position in the middle of play: a deal (whole, or an ending of equal
//! hands), the trump, the opening leader and the cards played since. It
//! answers what a player at the table asks: whose turn it is, the trick
//! so far, the tricks each side has won, the cards that may be played,
//! and (solved double dummy) what each of them is worth: DDS's
//! `SolveBoard` with every solution, from our solver
//! ([`boardfile_dd::Solver::choices`]).

use super::strain_to_own;
use crate::model::auction::trick_winner;
use crate::model::card::{Card, Rank, Strain, Suit};
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;

/// A play cut into tricks: the whole ones, each with its leader, then
/// the leader of the one under way and its cards.
type Tricks<'a> = (Vec<(Seat, [Card; 4])>, Seat, &'a [Card]);

/// A position: the deal as dealt, and the play so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    deal: Deal,
    strain: Strain,
    leader: Seat,
    played: Vec<Card>,
    /// The hands as they stand.
    hands: [Hand; 4],
}

impl Position {
    /// The position before the first card: `leader` to lead in `strain`.
    /// The hands must hold the same number of cards, 1 to 13.
    ///
    /// ```
    /// use boardfile_bridge::dd::position::Position;
    /// use boardfile_bridge::{Card, Deal, Seat, Strain};
    /// let deal = Deal::parse_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap();
    /// let mut p = Position::new(deal, Strain::Spades, Seat::East).unwrap();
    /// p.play("HA".parse::<Card>().unwrap()).unwrap();
    /// assert_eq!(p.to_play(), Seat::South);
    /// assert_eq!(p.legal().len(), 13);
    /// // North trumps the heart: North-South take every trick from here.
    /// let values = p.solve().unwrap();
    /// assert!(values.iter().all(|&(_, tricks)| tricks == 13));
    /// ```
    pub fn new(deal: Deal, strain: Strain, leader: Seat) -> Result<Position, String> {
        let hands = deal.hands();
        let n = hands[0].len();
        if n == 0 || hands.iter().any(|h| h.len() != n) {
            return Err(format!(
                "the hands hold {}, {}, {} and {} cards; a position needs the same number in each, 1 to 13",
                hands[0].len(),
                hands[1].len(),
                hands[2].len(),
                hands[3].len()
            ));
        }
        Ok(Position {
            deal,
            strain,
            leader,
            played: Vec::new(),
            hands,
        })
    }

    /// The trump suit (none in notrump).
    pub fn trump(&self) -> Option<Suit> {
        crate::model::auction::strain_suit(self.strain)
    }

    /// The cards played so far, in order.
    pub fn played(&self) -> &[Card] {
        &self.played
    }

    /// The hands as they stand, North's first.
    pub fn hands(&self) -> [Hand; 4] {
        self.hands
    }

    /// The tricks played so far, whole, each with its leader; and the
    /// one under way (the leader and its cards).
    fn tricks(&self) -> Tricks<'_> {
        let mut whole = Vec::new();
        let mut leader = self.leader;
        let mut chunks = self.played.chunks_exact(4);
        for trick in chunks.by_ref() {
            let cards = [trick[0], trick[1], trick[2], trick[3]];
            whole.push((leader, cards));
            leader = trick_winner(leader, &cards, self.trump());
        }
        (whole, leader, chunks.remainder())
    }

    /// The seat to play.
    pub fn to_play(&self) -> Seat {
        let (_, leader, under_way) = self.tricks();
        leader.next(under_way.len())
    }

    /// The trick under way: each card with who played it (empty between
    /// tricks).
    pub fn trick(&self) -> Vec<(Seat, Card)> {
        let (_, leader, under_way) = self.tricks();
        under_way
            .iter()
            .enumerate()
            .map(|(i, &c)| (leader.next(i), c))
            .collect()
    }

    /// The tricks won so far by North-South and by East-West.
    pub fn won(&self) -> [u8; 2] {
        let mut won = [0u8; 2];
        for (leader, cards) in self.tricks().0 {
            won[trick_winner(leader, &cards, self.trump()).index() % 2] += 1;
        }
        won
    }

    /// The tricks still to play, the one under way counted.
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.to_play().index()].len() as u8
    }

    /// The cards the seat to play may play: the suit led when it holds
    /// it, else any; highest first, spades first.
    pub fn legal(&self) -> Vec<Card> {
        let hand = self.hands[self.to_play().index()];
        let led = self.trick().first().map(|&(_, c)| c.suit());
        let follows = led.filter(|&s| hand.suit_len(s) > 0);
        hand.cards()
            .filter(|c| follows.is_none_or(|s| c.suit() == s))
            .collect()
    }

    /// Plays `card` for the seat to play; refused (and nothing changed)
    /// when it may not.
    pub fn play(&mut self, card: Card) -> Result<(), String> {
        let seat = self.to_play();
        if !self.hands[seat.index()].contains(card) {
            return Err(format!("{card}: not in {}'s hand", seat.name()));
        }
        if !self.legal().contains(&card) {
            return Err(format!(
                "{card}: {} holds the suit led and must follow",
                seat.name()
            ));
        }
        self.hands[seat.index()].remove(card);
        self.played.push(card);
        Ok(())
    }

    /// Takes back the last card played: which it was (none at the start).
    pub fn undo(&mut self) -> Option<Card> {
        let card = self.played.pop()?;
        let seat = self.to_play();
        self.hands[seat.index()].insert(card);
        Some(card)
    }

    /// Each card the seat to play may play (spades first, the highest
    /// first), with the tricks its side takes from here (of
    /// [`Position::tricks_left`]) under best play after it, as DDS's
    /// `SolveBoard` counts them.
    pub fn solve(&self) -> Result<Vec<(Card, u8)>, String> {
        let own = self.own_deal()?;
        let cards: Vec<u64> = self.played.iter().map(|&c| card_to_own(c)).collect();
        let mut solver = boardfile_dd::Solver::new();
        let c = solver
            .choices(
                &own,
                strain_to_own(self.strain),
                self.leader.index(),
                &cards,
            )
            .map_err(|e| e.to_string())?;
        let left = self.tricks_left();
        let mine = c.seat % 2 == 0;
        let mut values: Vec<(Card, u8)> = c
            .cards
            .iter()
            .map(|&(card, ns)| {
                let ns_from_here = ns - c.won;
                (
                    own_to_card(card),
                    if mine {
                        ns_from_here
                    } else {
                        left - ns_from_here
                    },
                )
            })
            .collect();
        values.sort_by_key(|&(card, _)| card.index());
        Ok(values)
    }

    /// The deal as dealt, in our solver's form.
    fn own_deal(&self) -> Result<boardfile_dd::Deal, String> {
        let hands = self
            .deal
            .hands()
            .map(|h| h.cards().fold(0, |b, c| b | card_to_own(c)));
        boardfile_dd::Deal::new(hands).map_err(|e| e.to_string())
    }
}

/// The card in our solver's form: bit 16 × suit + rank, the two at 0.
pub(super) fn card_to_own(c: Card) -> u64 {
    1 << (16 * c.suit().index() + c.rank() as usize - 2)
}

/// The card of our solver's bit.
fn own_to_card(bit: u64) -> Card {
    let at = bit.trailing_zeros();
    let rank = Rank::from_char(b"23456789TJQKA"[(at % 16) as usize]).expect("a rank");
    Card::new(Suit::ALL[(at / 16) as usize], rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(pbn: &str, strain: Strain, leader: Seat) -> Position {
        Position::new(Deal::parse_pbn(pbn).unwrap(), strain, leader).unwrap()
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn a_trick_is_played_won_and_taken_back() {
        let mut p = position(
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
            Strain::NoTrump,
            Seat::East,
        );
        assert_eq!(p.to_play(), Seat::East);
        for c in ["HJ", "H6", "H5", "HA"] {
            p.play(card(c)).unwrap();
        }
        assert_eq!(p.won(), [1, 0]);
        assert_eq!(p.to_play(), Seat::North);
        assert!(p.trick().is_empty());
        assert_eq!(p.tricks_left(), 12);
        p.play(card("SA")).unwrap();
        assert_eq!(p.trick(), [(Seat::North, card("SA"))]);
        // East holds spades: a heart is refused, and nothing changes.
        assert!(p.play(card("HT")).is_err());
        assert_eq!(p.legal(), [card("ST"), card("S9"), card("S8"), card("S7")]);
        assert_eq!(p.undo(), Some(card("SA")));
        assert_eq!(p.undo(), Some(card("HA")));
        assert_eq!(p.to_play(), Seat::North);
        assert_eq!(p.won(), [0, 0]);
        assert!(p.hands()[0].contains(card("HA")));
    }

    #[test]
    fn unequal_hands_are_no_position() {
        let deal = Deal::parse_pbn("N:AK... Q... J... -").unwrap();
        assert!(Position::new(deal, Strain::NoTrump, Seat::North).is_err());
    }

    /// Every card's value, for the side to play, is the tricks it takes
    /// from here: North's 13 top cards make every trick in notrump.
    #[test]
    fn values_are_the_side_to_plays_tricks_from_here() {
        let p = position(
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
            Strain::NoTrump,
            Seat::East,
        );
        let values = p.solve().unwrap();
        assert_eq!(values.len(), 13);
        assert!(values.iter().all(|&(_, t)| t == 0), "{values:?}");
    }
}
