//! Auctions and card play, as PBN's auction and play sections and LIN's
//! `mb|`/`pc|` commands carry them.
//!
//! Both are kept token by token, with their annotations, so that a file read
//! and written again keeps every call, card, note reference and NAG. The play
//! is kept in PBN's layout: tricks of four cards in seat order from the seat
//! in [`Play::first`], whoever led them; [`Play::chronological`] gives the
//! order in which the cards were played.

use crate::model::card::Strain;
use crate::model::card::{Card, Suit};
use crate::model::deal::Seat;
use std::fmt;

/// A call of the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// `Pass`.
    Pass,
    /// `X`.
    Double,
    /// `XX`.
    Redouble,
    /// A bid: level 1 to 7 and a strain.
    Bid {
        /// Odd tricks, 1 to 7.
        level: u8,
        /// The denomination.
        strain: Strain,
    },
}

impl Call {
    /// Reads a call as PBN writes it (`Pass`, `X`, `XX`, `1C` ... `7NT`, any
    /// case) and as LIN does (`p`, `d`, `r`, `1N`).
    pub fn parse(text: &str) -> Option<Call> {
        let upper = text.to_ascii_uppercase();
        Some(match upper.as_str() {
            "PASS" | "P" => Call::Pass,
            "X" | "D" | "DBL" => Call::Double,
            "XX" | "R" | "RDBL" => Call::Redouble,
            _ => {
                let b = upper.as_bytes();
                let level = match b.first() {
                    Some(c @ b'1'..=b'7') => c - b'0',
                    _ => return None,
                };
                Call::Bid {
                    level,
                    strain: Strain::from_name(&upper[1..])?,
                }
            }
        })
    }
}

impl fmt::Display for Call {
    /// PBN's export spelling: `Pass`, `X`, `XX`, `3NT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid { level, strain } => write!(f, "{level}{}", strain.name()),
        }
    }
}

/// One token of an auction: a call, or one of PBN's markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallToken {
    /// A call.
    Call(Call),
    /// `AP`: all the remaining players pass.
    AllPass,
    /// `-`: not yet this player's turn (import files that start a row of four
    /// columns before the dealer).
    NotYet,
    /// `+`: the next call, to be made later.
    Next,
    /// `^S`: the player's turn was skipped by a call out of rotation.
    Skipped,
    /// A word some writers put in a call's place that PBN does not define
    /// (BridgeComposer's `AC` in bidding problems), kept as written: a
    /// call was made there, and which is not known.
    Other(Word),
}

/// A short word kept as written: one to seven ASCII letters.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Word([u8; 8]);

impl Word {
    /// The word of `text`, when it is one to seven ASCII letters.
    pub fn new(text: &[u8]) -> Option<Word> {
        if text.is_empty() || text.len() > 7 || !text.iter().all(u8::is_ascii_alphabetic) {
            return None;
        }
        let mut w = [0u8; 8];
        w[..text.len()].copy_from_slice(text);
        w[7] = text.len() as u8;
        Some(Word(w))
    }

    /// The word as written.
    pub fn as_str(&self) -> &str {
        // Letters only, checked in `new`.
        std::str::from_utf8(&self.0[..usize::from(self.0[7])]).unwrap_or("")
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One token of the play: a card or one of PBN's markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardToken {
    /// A card.
    Card(Card),
    /// `-`: not known, or not played.
    Unknown,
    /// `+`: the next card, to be played later.
    Next,
}

/// A card, `-` or `+`, as PBN's play section and JSON Lines write them.
impl fmt::Display for CardToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardToken::Card(card) => card.fmt(f),
            CardToken::Unknown => f.write_str("-"),
            CardToken::Next => f.write_str("+"),
        }
    }
}

/// A token with the annotations PBN allows after it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Annotated<T> {
    /// The call or card.
    pub token: T,
    /// The irregularity letter of a `^I` (insufficient bid), `^R` (revoke) or
    /// `^L` (lead out of turn) before the token.
    pub irregularity: Option<u8>,
    /// A note reference `=N=` (1 to 32 in PBN; any number from LIN alerts).
    pub note: Option<u8>,
    /// Numeric annotation glyphs `$N`, suffixes (`!`, `??`) already turned into
    /// their NAGs, in increasing order.
    pub nags: Vec<u8>,
}

impl<T> Annotated<T> {
    /// A token without annotations.
    pub fn plain(token: T) -> Annotated<T> {
        Annotated {
            token,
            irregularity: None,
            note: None,
            nags: Vec::new(),
        }
    }
}

/// The auction: who called first and the calls in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Auction {
    /// The seat of the first call (the dealer in export files).
    pub first: Seat,
    /// The calls in order.
    pub calls: Vec<Annotated<CallToken>>,
    /// Ended by `*`: no further calls will be given.
    pub stopped: bool,
    /// The note tags' values, `N:text`, in file order.
    pub notes: Vec<String>,
}

/// The final contract of a finished auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contract {
    /// All four passed.
    PassedOut,
    /// A bid contract.
    Bid {
        /// Odd tricks, 1 to 7.
        level: u8,
        /// The denomination.
        strain: Strain,
        /// 0 undoubled, 1 doubled, 2 redoubled.
        risk: u8,
        /// The declarer.
        declarer: Seat,
    },
}

/// IMPs for a score difference, with its sign: the Laws' scale (Law 78B),
/// 20-40 1 IMP up to 4000 and more 24.
///
/// ```
/// use boardfile_bridge::model::auction::imps;
/// assert_eq!(imps(620 - 170), 10);
/// assert_eq!(imps(-4000), -24);
/// assert_eq!(imps(10), 0);
/// ```
pub fn imps(difference: i32) -> i32 {
    const STEPS: [i32; 24] = [
        20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
        2000, 2250, 2500, 3000, 3500, 4000,
    ];
    let d = difference.unsigned_abs();
    let n = STEPS.iter().take_while(|&&s| d >= s as u32).count() as i32;
    if difference < 0 {
        -n
    } else {
        n
    }
}

impl Contract {
    /// PBN's Contract tag form: `Pass`, `4S`, `3NTX`, `6HXX`.
    pub fn pbn(self) -> String {
        match self {
            Contract::PassedOut => "Pass".into(),
            Contract::Bid {
                level,
                strain,
                risk,
                ..
            } => format!("{level}{}{}", strain.name(), ["", "X", "XX"][risk as usize]),
        }
    }

    /// Declarer's score at duplicate bridge (Law 77) for `tricks` taken,
    /// declarer's side `vulnerable`; 0 when passed out. Tricks past 13
    /// (from an expression, say) score on as the table does.
    ///
    /// ```
    /// use boardfile_bridge::{Contract, Seat};
    /// let four_spades = Contract::parse("4S", Some(Seat::North)).unwrap();
    /// assert_eq!(four_spades.score(10, false), 420);
    /// assert_eq!(four_spades.score(9, true), -100);
    /// ```
    pub fn score(self, tricks: i32, vulnerable: bool) -> i32 {
        let Contract::Bid {
            level,
            strain,
            risk,
            ..
        } = self
        else {
            return 0;
        };
        // In i64: any i32 of tricks scores without overflow.
        let tricks = i64::from(tricks);
        let needed = i64::from(level) + 6;
        let risk = i64::from(risk.min(2));
        let v = i64::from(vulnerable);
        let total = if tricks < needed {
            let down = needed - tricks;
            // Doubled: 100, then 200 each up to the third, then 300 each,
            // not vulnerable; 200, then 300 each, vulnerable. Redoubled:
            // twice that.
            let doubled = if vulnerable {
                200 + 300 * (down - 1)
            } else {
                100 + 200 * (down - 1).min(2) + 300 * (down - 3).max(0)
            };
            match risk {
                0 => -down * (50 + 50 * v),
                _ => -doubled * risk,
            }
        } else {
            let per = match strain {
                Strain::Clubs | Strain::Diamonds => 20,
                _ => 30,
            };
            let first = if strain == Strain::NoTrump { 40 } else { per };
            let multiplier = [1, 2, 4][risk as usize];
            let contract = (first + per * (i64::from(level) - 1)) * multiplier;
            let over = tricks - needed;
            let bonus = match (contract >= 100, vulnerable) {
                (true, false) => 300,
                (true, true) => 500,
                (false, _) => 50,
            };
            let slam = match (level, vulnerable) {
                (6, false) => 500,
                (6, true) => 750,
                (7, false) => 1000,
                (7, true) => 1500,
                _ => 0,
            };
            let overtricks = match risk {
                0 => over * per,
                _ => over * 50 * multiplier * (1 + v),
            };
            contract + overtricks + bonus + slam + 50 * risk
        };
        total.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// The trump suit, `None` in notrump or when passed out.
    pub fn trump(self) -> Option<Suit> {
        match self {
            Contract::Bid { strain, .. } => strain_suit(strain),
            Contract::PassedOut => None,
        }
    }

    /// Reads PBN's Contract tag value (`Pass`, `4S`, `3NTX`, any case) with the
    /// declarer from the Declarer tag.
    ///
    /// ```
    /// use boardfile_bridge::{Contract, Seat, Suit};
    /// let c = Contract::parse("4SX", Some(Seat::South)).unwrap();
    /// assert_eq!(c.pbn(), "4SX");
    /// assert_eq!(c.trump(), Some(Suit::Spades));
    /// assert_eq!(Contract::parse("Pass", None), Some(Contract::PassedOut));
    /// ```
    pub fn parse(text: &str, declarer: Option<Seat>) -> Option<Contract> {
        let upper = text.trim().to_ascii_uppercase();
        if upper == "PASS" {
            return Some(Contract::PassedOut);
        }
        let (body, risk) = if let Some(b) = upper.strip_suffix("XX") {
            (b, 2)
        } else if let Some(b) = upper.strip_suffix('X') {
            (b, 1)
        } else {
            (upper.as_str(), 0)
        };
        match Call::parse(body)? {
            Call::Bid { level, strain } => Some(Contract::Bid {
                level,
                strain,
                risk,
                declarer: declarer?,
            }),
            _ => None,
        }
    }
}

/// The suit of a strain, `None` for notrump.
pub fn strain_suit(strain: Strain) -> Option<Suit> {
    match strain {
        Strain::Spades => Some(Suit::Spades),
        Strain::Hearts => Some(Suit::Hearts),
        Strain::Diamonds => Some(Suit::Diamonds),
        Strain::Clubs => Some(Suit::Clubs),
        Strain::NoTrump => None,
    }
}

impl Auction {
    /// An auction starting with `first`, with no calls yet.
    pub fn new(first: Seat) -> Auction {
        Auction {
            first,
            calls: Vec::new(),
            stopped: false,
            notes: Vec::new(),
        }
    }

    /// The calls with the seat that made each, markers (`AP`, `+`) left out.
    /// `AP` stands for as many passes as end the auction.
    pub fn seated_calls(&self) -> Vec<(Seat, Call)> {
        let mut out = Vec::with_capacity(self.calls.len());
        let mut seat = self.first;
        for c in &self.calls {
            match c.token {
                CallToken::Call(call) => {
                    out.push((seat, call));
                    seat = seat.next(1);
                }
                CallToken::NotYet | CallToken::Skipped | CallToken::Other(_) => seat = seat.next(1),
                CallToken::Next => break,
                CallToken::AllPass => {
                    let bid = out.iter().any(|(_, c)| matches!(c, Call::Bid { .. }));
                    let trailing = out
                        .iter()
                        .rev()
                        .take_while(|(_, c)| *c == Call::Pass)
                        .count();
                    let needed = if bid { 3 } else { 4 };
                    for _ in trailing..needed {
                        out.push((seat, Call::Pass));
                        seat = seat.next(1);
                    }
                    break;
                }
            }
        }
        out
    }

    /// The contract, when the auction is over (four passes, three passes
    /// after a bid, or `AP`).
    pub fn contract(&self) -> Option<Contract> {
        // A call not known could have been any.
        if self
            .calls
            .iter()
            .any(|c| matches!(c.token, CallToken::Other(_)))
        {
            return None;
        }
        let calls = self.seated_calls();
        let passes = calls
            .iter()
            .rev()
            .take_while(|(_, c)| *c == Call::Pass)
            .count();
        let last_bid = calls
            .iter()
            .rposition(|(_, c)| matches!(c, Call::Bid { .. }));
        let Some(i) = last_bid else {
            return (passes >= 4).then_some(Contract::PassedOut);
        };
        if passes < 3 {
            return None;
        }
        let (bidder, Call::Bid { level, strain }) = calls[i] else {
            return None;
        };
        let risk = match calls[i + 1..]
            .iter()
            .rev()
            .find(|(_, c)| *c != Call::Pass)
            .map(|(_, c)| *c)
        {
            Some(Call::Double) => 1,
            Some(Call::Redouble) => 2,
            _ => 0,
        };
        let same_side = |s: Seat| s.index() % 2 == bidder.index() % 2;
        let declarer = calls
            .iter()
            .find(|(s, c)| {
                same_side(*s) && matches!(c, Call::Bid { strain: st, .. } if *st == strain)
            })
            .map_or(bidder, |(s, _)| *s);
        Some(Contract::Bid {
            level,
            strain,
            risk,
            declarer,
        })
    }
}

/// The card play, in PBN's layout.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Play {
    /// The opening leader: the seat of the first card of every row.
    pub first: Seat,
    /// The cards row by row: card `i` was played by `first.next(i % 4)` in
    /// trick `i / 4`.
    pub cards: Vec<Annotated<CardToken>>,
    /// Ended by `*`: no further cards will be given.
    pub stopped: bool,
    /// The note tags' values, `N:text`, in file order.
    pub notes: Vec<String>,
}

/// The seat that wins a trick: `cards` in the order played, from `leader`.
pub fn trick_winner(leader: Seat, cards: &[Card; 4], trump: Option<Suit>) -> Seat {
    let mut best = 0;
    for i in 1..4 {
        let (c, b) = (cards[i], cards[best]);
        let beats = if c.suit() == b.suit() {
            c.rank() > b.rank()
        } else {
            Some(c.suit()) == trump
        };
        if beats {
            best = i;
        }
    }
    leader.next(best)
}

impl Play {
    /// A play led by `first`, with no cards yet.
    pub fn new(first: Seat) -> Play {
        Play {
            first,
            cards: Vec::new(),
            stopped: false,
            notes: Vec::new(),
        }
    }

    /// The cards in the order played, as far as every card of every trick
    /// before is known (a `-` in a trick stops it, since its winner and so the
    /// next leader cannot be told).
    pub fn chronological(&self, trump: Option<Suit>) -> Vec<(Seat, Card)> {
        let mut out = Vec::with_capacity(52);
        let mut leader = self.first;
        for row in self.cards.chunks(4) {
            let card_of = |seat: Seat| {
                let column = (seat.index() + 4 - self.first.index()) % 4;
                match row.get(column).map(|a| a.token) {
                    Some(CardToken::Card(c)) => Some(c),
                    _ => None,
                }
            };
            let mut trick = Vec::with_capacity(4);
            for k in 0..4 {
                match card_of(leader.next(k)) {
                    Some(c) => trick.push((leader.next(k), c)),
                    None => break,
                }
            }
            let full = trick.len() == 4;
            out.extend_from_slice(&trick);
            if !full {
                break;
            }
            let cards = [trick[0].1, trick[1].1, trick[2].1, trick[3].1];
            leader = trick_winner(leader, &cards, trump);
        }
        out
    }

    /// A play read from its cards in the order played (LIN's `pc|`): led
    /// by declarer's left-hand opponent, tricks won as the contract's
    /// trumps say; without a contract, each card at its holder's seat
    /// ([`Play::from_held`]), else led by the dealer's left-hand opponent,
    /// tricks counted as at notrump. The second value is true when the
    /// leader is worked out that way, not given.
    pub fn from_played(
        cards: &[Card],
        contract: Option<Contract>,
        deal: &crate::model::deal::Deal,
        dealer: Seat,
    ) -> (Play, bool) {
        match contract {
            Some(c @ Contract::Bid { declarer, .. }) => (
                Play::from_chronological(declarer.next(1), cards, c.trump()),
                false,
            ),
            _ => (
                Play::from_held(cards, deal)
                    .unwrap_or_else(|| Play::from_chronological(dealer.next(1), cards, None)),
                true,
            ),
        }
    }

    /// Lays out cards given in the order played, each at the seat of the
    /// hand in `deal` that holds it, the holder of the first leading: how
    /// a play is read without a contract to tell who won each trick. `None`
    /// when a card is not in the deal, or a trick has two of one hand's.
    pub fn from_held(cards: &[Card], deal: &crate::model::deal::Deal) -> Option<Play> {
        let first = deal.holder(*cards.first()?)?;
        let mut play = Play::new(first);
        for trick in cards.chunks(4) {
            let mut row = [CardToken::Unknown; 4];
            for &c in trick {
                let column = (deal.holder(c)?.index() + 4 - first.index()) % 4;
                if row[column] != CardToken::Unknown {
                    return None;
                }
                row[column] = CardToken::Card(c);
            }
            play.cards.extend(row.into_iter().map(Annotated::plain));
        }
        Some(play)
    }

    /// Lays out cards given in the order played, led by `first`; the last,
    /// unfinished trick gets `-` for the seats still to play.
    pub fn from_chronological(first: Seat, cards: &[Card], trump: Option<Suit>) -> Play {
        let mut play = Play::new(first);
        let mut leader = first;
        for trick in cards.chunks(4) {
            let mut row = [CardToken::Unknown; 4];
            for (k, &c) in trick.iter().enumerate() {
                let seat = leader.next(k);
                row[(seat.index() + 4 - first.index()) % 4] = CardToken::Card(c);
            }
            play.cards.extend(row.into_iter().map(Annotated::plain));
            if let [a, b, c, d] = *trick {
                leader = trick_winner(leader, &[a, b, c, d], trump);
            }
        }
        play
    }

    /// Tricks won by each seat's side in the complete tricks: (north-south,
    /// east-west).
    pub fn tricks_won(&self, trump: Option<Suit>) -> (u32, u32) {
        let played = self.chronological(trump);
        let (mut ns, mut ew) = (0, 0);
        for trick in played.chunks_exact(4) {
            let cards = [trick[0].1, trick[1].1, trick[2].1, trick[3].1];
            match trick_winner(trick[0].0, &cards, trump).index() % 2 {
                0 => ns += 1,
                _ => ew += 1,
            }
        }
        (ns, ew)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn scores_are_the_laws_table() {
        // Law 77's table, worked by hand: (contract, tricks, vulnerable,
        // declarer's score).
        use super::{Contract, Seat};
        for (text, tricks, vul, want) in [
            ("4S", 10, false, 420),
            ("4S", 10, true, 620),
            ("3NT", 9, true, 600),
            ("3NT", 10, false, 430),
            ("1NT", 7, false, 90),
            ("2C", 8, false, 90),
            ("1C", 8, false, 90),
            ("6S", 12, false, 980),
            ("6S", 12, true, 1430),
            ("7NT", 13, true, 2220),
            // Doubled and redoubled: game from the doubled trick score,
            // 50 or 100 for the insult, 100/200 an overtrick doubled.
            ("2SX", 8, false, 470),
            ("2SX", 8, true, 670),
            ("1NTX", 7, false, 180),
            ("1NTX", 8, false, 280),
            ("1NTXX", 7, true, 760),
            ("4HX", 11, true, 990),
            ("5CXX", 11, false, 800),
            // Down: 50/100 a trick; doubled 100, 300, 500, 800 not
            // vulnerable, 200, 500, 800, 1100 vulnerable; redoubled twice.
            ("4S", 9, false, -50),
            ("4S", 9, true, -100),
            ("4SX", 7, false, -500),
            ("4SX", 6, false, -800),
            ("4SX", 7, true, -800),
            ("3NTX", 5, true, -1100),
            ("1CXX", 6, true, -400),
            ("1CXX", 4, false, -1000),
            ("Pass", 0, true, 0),
        ] {
            let c = Contract::parse(text, Some(Seat::South)).unwrap();
            assert_eq!(c.score(tricks, vul), want, "{text} {tricks} vul {vul}");
        }
        // Tricks from an expression (dealer's score()) far out of range:
        // the table's arithmetic, saturated, never an overflow.
        let c = Contract::parse("7NTXX", Some(Seat::South)).unwrap();
        assert_eq!(c.score(i32::MAX, true), i32::MAX);
        assert_eq!(c.score(i32::MIN, true), i32::MIN);
    }

    use super::*;
    use crate::model::card::Rank;

    fn calls(first: Seat, text: &str) -> Auction {
        let mut a = Auction::new(first);
        for t in text.split_whitespace() {
            let token = match t {
                "AP" => CallToken::AllPass,
                "-" => CallToken::NotYet,
                _ => CallToken::Call(Call::parse(t).unwrap()),
            };
            a.calls.push(Annotated::plain(token));
        }
        a
    }

    #[test]
    fn contract_of_the_standard_example() {
        // PBN 2.1 section 1.2: North deals, 5HX by South.
        let a = calls(
            Seat::North,
            "1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass",
        );
        assert_eq!(
            a.contract(),
            Some(Contract::Bid {
                level: 5,
                strain: Strain::Hearts,
                risk: 1,
                declarer: Seat::South
            })
        );
        assert_eq!(a.contract().unwrap().pbn(), "5HX");
    }

    #[test]
    fn passed_out_unfinished_and_all_pass() {
        assert_eq!(
            calls(Seat::East, "Pass Pass Pass Pass").contract(),
            Some(Contract::PassedOut)
        );
        assert_eq!(calls(Seat::East, "Pass Pass Pass").contract(), None);
        assert_eq!(calls(Seat::East, "1NT Pass Pass").contract(), None);
        let a = calls(Seat::West, "1C XX AP");
        assert_eq!(
            a.contract().unwrap().pbn(),
            "1CXX",
            "redouble after double counts"
        );
        let a = calls(Seat::West, "1H Pass 2H X XX AP");
        assert_eq!(
            a.contract(),
            Some(Contract::Bid {
                level: 2,
                strain: Strain::Hearts,
                risk: 2,
                declarer: Seat::West
            })
        );
        let a = calls(Seat::West, "AP");
        assert_eq!(a.contract(), Some(Contract::PassedOut));
        // Import rows that start before the dealer.
        let a = calls(Seat::West, "- 1S Pass 4S AP");
        assert_eq!(
            a.seated_calls()[0],
            (Seat::North, Call::parse("1S").unwrap())
        );
    }

    #[test]
    fn play_of_the_standard_example() {
        // PBN 2.1 section 1.2: 5HX by South, West leads.
        let rows = "SK H3 S4 S3 C5 C2 C6 CK S2 H6 S5 S7 C8 CA CT C4 D2 DA DT D3 D4 DK H5 H7";
        let mut play = Play::new(Seat::West);
        for t in rows.split_whitespace() {
            let b = t.as_bytes();
            let card = Card::new(
                Suit::from_letter(b[0]).unwrap(),
                Rank::from_char(b[1]).unwrap(),
            );
            play.cards.push(Annotated::plain(CardToken::Card(card)));
        }
        let order = play.chronological(Some(Suit::Hearts));
        let text: Vec<String> = order
            .iter()
            .map(|(s, c)| format!("{}{c}", s.letter()))
            .collect();
        // Trick 1: W SK, N ruffs H3, E S4, S S3; North leads C2 to trick 2,
        // South wins with CK and leads S7 (trick 3), ruffed by North's H6.
        assert_eq!(
            text[..12].join(" "),
            "WSK NH3 ES4 SS3 NC2 EC6 SCK WC5 SS7 WS2 NH6 ES5"
        );
        assert_eq!(play.tricks_won(Some(Suit::Hearts)), (6, 0));
        let back = Play::from_chronological(
            Seat::West,
            &order.iter().map(|(_, c)| *c).collect::<Vec<_>>(),
            Some(Suit::Hearts),
        );
        assert_eq!(back.cards, play.cards);
    }

    #[test]
    fn trick_winner_follows_suit_and_trumps() {
        let c = |s: &str| {
            let b = s.as_bytes();
            Card::new(
                Suit::from_letter(b[0]).unwrap(),
                Rank::from_char(b[1]).unwrap(),
            )
        };
        let t = [c("H2"), c("HA"), c("S2"), c("HK")];
        assert_eq!(trick_winner(Seat::North, &t, None), Seat::East);
        assert_eq!(
            trick_winner(Seat::North, &t, Some(Suit::Spades)),
            Seat::South
        );
        assert_eq!(trick_winner(Seat::West, &t, Some(Suit::Clubs)), Seat::North);
    }
}
