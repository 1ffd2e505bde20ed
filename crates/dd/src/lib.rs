//! A double-dummy bridge solver: how many tricks each declarer takes in
//! each strain when all four hands are seen and every card is played
//! best.
//!
//! Written here from published ideas (facts, not code): DDS's papers and
//! documentation (Bo Haglund, Soren Hein), bridge-solver's README (Xue
//! Ming) and Ginsberg's partition search. [`search`] says how it works.
//!
//! **Status:** `boardfile solve` solves with it. It agrees with pons-dds
//! (what `solve` used before) and the C++ DDS on every deal tried
//! (`tests/agreement.rs`, `scripts/bench-dd-solver.sh` and
//! `scripts/bench-dds.sh`, which check every table they time: 10,000
//! random deals, tables and par, with `DDS_PART`). On 1,000
//! random deals, one core, it takes 0.63 times the C++ DDS's time and 0.68
//! times pons-dds's (`scripts/bench-dds.sh 1000`), and 0.87 times
//! bridge-solver's (`scripts/bench-dd-solver.sh 1000`, bridge-solver's time
//! including a process's start a deal). On bridge-solver's
//! symmetric deal with four voids and no touching cards it takes 4.4
//! times bridge-solver's time (33 s against 7.5 s for the whole table).
//!
//! A solver's memory is bounded whatever the deal: each of its two
//! transposition tables keeps about two million entries at most, and
//! forgets the positions with the fewest tricks left when full. Random
//! deals stay well under it; the symmetric deal's whole double-dummy table
//! takes 138 MiB at the peak (423 MiB unbounded, 29.9 s in the same run)
//! for 1.12x the time.
//!
//! [`Solver::play`] values a play card by card, as `boardfile solve` and
//! `show --solve` mark the cards that cost a trick: every card of 2,410
//! played boards from other programs' files (BridgeComposer's, BBO's,
//! GIB's) as the C++ DDS values it (boardfile-bridge's
//! tests/play_analysis.rs with `BOARDFILE_HEAVY=1`).
//!
//! Cards are bits: a hand is a `u64` with suit `s` (0 spades, 1 hearts,
//! 2 diamonds, 3 clubs) in bits `16 s ..= 16 s + 12`, the two lowest and
//! the ace highest. Seats are 0 North, 1 East, 2 South, 3 West; strains
//! are the four suits and 4 notrump.
//!
//! ```
//! use boardfile_dd::{Deal, Solver, NOTRUMP, SPADES};
//! // Each hand a whole suit: North makes all 13 tricks with spades as
//! // trumps and none in notrump, where East, on lead, runs the hearts.
//! let deal = Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap();
//! let table = Solver::new().table(&deal);
//! assert_eq!(table.tricks(SPADES, 0), 13);
//! assert_eq!(table.tricks(NOTRUMP, 0), 0);
//! ```

#![deny(missing_docs)]

mod bits;
pub mod search;
mod table;

pub use search::Solver;

/// The solver's name and version, as a journal of solved tables names it.
pub const NAME: &str = concat!("boardfile-dd ", env!("CARGO_PKG_VERSION"));

/// Spades, the first suit and strain.
pub const SPADES: usize = 0;
/// Hearts.
pub const HEARTS: usize = 1;
/// Diamonds.
pub const DIAMONDS: usize = 2;
/// Clubs.
pub const CLUBS: usize = 3;
/// Notrump, the fifth strain.
pub const NOTRUMP: usize = 4;

/// The thirteen cards of one suit, at the bits of suit 0.
pub(crate) const SUIT: u64 = 0x1fff;

/// Every card: the four suits' thirteen bits.
pub(crate) const ALL: u64 = SUIT | SUIT << 16 | SUIT << 32 | SUIT << 48;

/// Four hands of equal length (1 to 13 cards), no card held twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [u64; 4],
}

/// Why a [`Deal`] was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A bit outside the 52 cards.
    #[error("a bit outside the 52 cards")]
    NotACard,
    /// One card in two hands, or twice in one.
    #[error("a card held twice")]
    HeldTwice,
    /// The hands' lengths differ, or a hand is empty.
    #[error(
        "the hands hold {}, {}, {} and {} cards; they must hold the same number, 1 to 13",
        .0[0], .0[1], .0[2], .0[3]
    )]
    Lengths([u32; 4]),
    /// PBN text that is not a deal, with the reason.
    #[error("not a PBN deal: {0}")]
    Pbn(String),
}

/// A card of a play that cannot be played: [`Solver::play`]'s error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("card {} by seat {seat} {kind}", .index + 1)]
pub struct PlayError {
    /// The card's place in the play, from 0.
    pub index: usize,
    /// The seat whose turn it was (0 North to 3 West).
    pub seat: usize,
    /// What is wrong with it.
    pub kind: Illegal,
}

/// A position in the middle of play, valued card by card
/// ([`Solver::choices`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choices {
    /// The seat to play (0 North to 3 West).
    pub seat: usize,
    /// The tricks North-South have won so far.
    pub won: u8,
    /// Each card the seat may play (a bit of its hand), in the order of
    /// their bits from the highest (clubs' ace first), with North-South's
    /// tricks in all under best play after it.
    pub cards: Vec<(u64, u8)>,
}

/// Why a card cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// Not a single bit of the 52 cards.
    #[error("is not one card")]
    NotACard,
    /// A card the hand to play does not hold.
    #[error("is not in that hand")]
    NotHeld,
    /// Another suit's card from a hand that holds the suit led.
    #[error("does not follow the suit led, which the hand holds")]
    Revoke,
}

const RANKS: &[u8; 13] = b"23456789TJQKA";

impl Deal {
    /// The hands of North, East, South and West.
    pub fn new(hands: [u64; 4]) -> Result<Deal, DealError> {
        if hands.iter().any(|h| h & !ALL != 0) {
            return Err(DealError::NotACard);
        }
        if hands[0] & hands[1] != 0
            || (hands[0] | hands[1]) & hands[2] != 0
            || (hands[0] | hands[1] | hands[2]) & hands[3] != 0
        {
            return Err(DealError::HeldTwice);
        }
        let n = hands.map(u64::count_ones);
        if n[0] == 0 || n.iter().any(|&k| k != n[0]) {
            return Err(DealError::Lengths(n));
        }
        Ok(Deal { hands })
    }

    /// A PBN `Deal` tag's value: `N:` (or `E:`, `S:`, `W:`, the first hand's
    /// seat), then four hands clockwise, each its spades, hearts, diamonds
    /// and clubs separated by dots (`AKQ.JT9.876.5432`).
    pub fn from_pbn(text: &str) -> Result<Deal, DealError> {
        let bad = |why: &str| DealError::Pbn(why.to_string());
        let text = text.trim();
        let (first, rest) = text
            .split_once(':')
            .ok_or_else(|| bad("no seat before ':'"))?;
        let first = match first.trim() {
            "N" | "n" => 0,
            "E" | "e" => 1,
            "S" | "s" => 2,
            "W" | "w" => 3,
            other => return Err(bad(&format!("{other:?} is not a seat"))),
        };
        let mut hands = [0u64; 4];
        let words: Vec<&str> = rest.split_whitespace().collect();
        if words.len() != 4 {
            return Err(bad(&format!("{} hands, not 4", words.len())));
        }
        for (i, word) in words.iter().enumerate() {
            let suits: Vec<&str> = word.split('.').collect();
            if suits.len() != 4 {
                return Err(bad(&format!("hand {word:?} has {} suits", suits.len())));
            }
            for (s, cards) in suits.iter().enumerate() {
                for c in cards.bytes() {
                    let r = RANKS
                        .iter()
                        .position(|&x| x == c.to_ascii_uppercase())
                        .ok_or_else(|| bad(&format!("{:?} is not a rank", c as char)))?;
                    let card = 1 << (16 * s + r);
                    if hands[(first + i) % 4] & card != 0 {
                        return Err(DealError::HeldTwice);
                    }
                    hands[(first + i) % 4] |= card;
                }
            }
        }
        Deal::new(hands)
    }

    /// The PBN form, North first.
    pub fn to_pbn(&self) -> String {
        let hand = |h: u64| {
            (0..4)
                .map(|s| {
                    (0..13)
                        .rev()
                        .filter(|r| h >> (16 * s + r) & 1 != 0)
                        .map(|r| RANKS[r] as char)
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(".")
        };
        format!("N:{}", self.hands.map(hand).join(" "))
    }

    /// The hands of North, East, South and West.
    pub fn hands(&self) -> [u64; 4] {
        self.hands
    }

    /// Cards in each hand.
    pub fn len(&self) -> u32 {
        self.hands[0].count_ones()
    }

    /// Never: a deal holds at least one card a hand.
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// Tricks for each strain and declarer: what [`Solver::table`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Table {
    tricks: [[u8; 4]; 5],
}

impl Table {
    /// Tricks declarer (seat 0-3) takes in `strain` (0-4), the opening lead
    /// made by declarer's left-hand opponent.
    ///
    /// # Panics
    ///
    /// When `strain` is over 4 or `declarer` over 3, as an index would.
    pub fn tricks(&self, strain: usize, declarer: usize) -> u8 {
        self.tricks[strain][declarer]
    }

    pub(crate) fn set(&mut self, strain: usize, declarer: usize, tricks: u8) {
        self.tricks[strain][declarer] = tricks;
    }
}
