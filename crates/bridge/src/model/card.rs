//! Suits, ranks and cards.
//!
//! A [`Card`] is a number from 0 to 51 in the order of a sorted pack: the
//! spades from the ace down to the two, then hearts, diamonds and clubs. This is
//! the BRI numbering less one (BRI's `01` is the ace of spades, `52` the two of
//! clubs), and it makes a [`Hand`](crate::model::hand::Hand) print in rank order by walking
//! its bits upward.

use std::fmt;

/// A suit, in the order spades, hearts, diamonds, clubs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♥
    Hearts = 1,
    /// ♦
    Diamonds = 2,
    /// ♣
    Clubs = 3,
}

impl Suit {
    /// The four suits from spades down to clubs.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with index 0 (spades) to 3 (clubs).
    pub fn from_index(index: usize) -> Option<Suit> {
        Suit::ALL.get(index).copied()
    }

    /// 0 for spades up to 3 for clubs.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter used in PBN and most text formats: `S`, `H`, `D`, `C`.
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self.index()]
    }

    /// The suit of a letter `S`, `H`, `D` or `C` (either case).
    pub fn from_letter(c: u8) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            b'S' => Some(Suit::Spades),
            b'H' => Some(Suit::Hearts),
            b'D' => Some(Suit::Diamonds),
            b'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The suit symbol ♠ ♥ ♦ ♣.
    pub fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self.index()]
    }

    /// Hearts and diamonds.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// A rank from two to ace; the discriminant is the rank's value (ace = 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// The thirteen ranks from the ace down to the two.
    pub const DESCENDING: [Rank; 13] = [
        Rank::Ace,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Ten,
        Rank::Nine,
        Rank::Eight,
        Rank::Seven,
        Rank::Six,
        Rank::Five,
        Rank::Four,
        Rank::Three,
        Rank::Two,
    ];

    /// The rank's character: `AKQJT98765432`.
    pub fn char(self) -> char {
        b"AKQJT98765432"[self.order()] as char
    }

    /// The rank of a character from `AKQJT98765432` (either case).
    pub fn from_char(c: u8) -> Option<Rank> {
        let order = match c.to_ascii_uppercase() {
            b'A' => 0,
            b'K' => 1,
            b'Q' => 2,
            b'J' => 3,
            b'T' => 4,
            b'2'..=b'9' => 14 - (c - b'0') as usize,
            _ => return None,
        };
        Some(Rank::DESCENDING[order])
    }

    /// 0 for the ace, 1 for the king, ... 12 for the two.
    pub fn order(self) -> usize {
        14 - self as usize
    }

    /// High-card points: ace 4, king 3, queen 2, jack 1.
    pub fn hcp(self) -> u32 {
        (self as u32).saturating_sub(10)
    }
}

/// The rank characters by order: `RANK_CHARS[0]` is the ace.
pub(crate) const RANK_CHARS: &[u8; 13] = b"AKQJT98765432";

/// Upper-case rank character to order (0 = ace ... 12 = two); 0xFF for any
/// other byte. One lookup per card for the hot readers.
pub(crate) static RANK_ORDER: [u8; 256] = {
    let mut t = [0xFFu8; 256];
    let mut i = 0;
    while i < 13 {
        t[RANK_CHARS[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// One of the 52 cards, numbered 0 (♠A) to 51 (♣2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of a suit and rank.
    ///
    /// ```
    /// use boardfile_bridge::{Card, Rank, Suit};
    /// let card = Card::new(Suit::Hearts, Rank::Ten);
    /// assert_eq!(card.to_string(), "HT");
    /// assert_eq!((card.suit(), card.rank()), (Suit::Hearts, Rank::Ten));
    /// ```
    pub fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit.index() * 13 + rank.order()) as u8)
    }

    /// The card of suit `suit` and rank order `order` (0 = ace ... 12 = two).
    pub(crate) fn from_order(suit: Suit, order: u8) -> Card {
        debug_assert!(order < 13);
        Card(suit as u8 * 13 + order)
    }

    /// The card numbered `index` (0 = ♠A ... 51 = ♣2), if below 52.
    pub fn from_index(index: u8) -> Option<Card> {
        (index < 52).then_some(Card(index))
    }

    /// The card's number: 0 (♠A) to 51 (♣2).
    pub fn index(self) -> u8 {
        self.0
    }

    /// The card's suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 13) as usize]
    }

    /// The card's rank.
    pub fn rank(self) -> Rank {
        Rank::DESCENDING[(self.0 % 13) as usize]
    }
}

impl std::str::FromStr for Card {
    type Err = String;

    /// A card as PBN writes one, suit first: `SA`, `HT` (any case; `10`
    /// for the ten too).
    ///
    /// ```
    /// use boardfile_bridge::{Card, Rank, Suit};
    /// assert_eq!("h10".parse(), Ok(Card::new(Suit::Hearts, Rank::Ten)));
    /// assert!("SX".parse::<Card>().is_err());
    /// assert!("♠A".parse::<Card>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Card, String> {
        let t = text.trim().to_ascii_uppercase();
        let mut chars = t.chars();
        let suit = chars.next().filter(char::is_ascii).map(|c| c as u8);
        let rank = chars.as_str();
        let rank = if rank == "10" { "T" } else { rank };
        match (suit.and_then(Suit::from_letter), rank.as_bytes()) {
            (Some(s), &[r]) => Rank::from_char(r)
                .map(|r| Card::new(s, r))
                .ok_or_else(|| format!("{text:?} is not a card (SA, HT, D2...)")),
            _ => Err(format!("{text:?} is not a card (SA, HT, D2...)")),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank().char())
    }
}

/// A denomination, in the order clubs, diamonds, hearts, spades, notrump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    /// ♣
    Clubs = 0,
    /// ♦
    Diamonds = 1,
    /// ♥
    Hearts = 2,
    /// ♠
    Spades = 3,
    /// Notrump
    NoTrump = 4,
}

impl Strain {
    /// Clubs up to notrump.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// Notrump, then spades down to clubs: the order of double-dummy
    /// listings (PBN's DoubleDummyTricks and tables, Pavlicek's nibbles).
    pub const NT_FIRST: [Strain; 5] = [
        Strain::NoTrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];

    /// `C`, `D`, `H`, `S` or `NT`.
    pub fn name(self) -> &'static str {
        ["C", "D", "H", "S", "NT"][self as usize]
    }

    /// The strain named `C`, `D`, `H`, `S` or `NT` (`N` too).
    ///
    /// ```
    /// use boardfile_bridge::Strain;
    /// assert_eq!(Strain::from_name("NT"), Some(Strain::NoTrump));
    /// assert_eq!(Strain::from_name("S").map(Strain::name), Some("S"));
    /// assert_eq!(Strain::from_name("X"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Strain> {
        Some(match name {
            "C" => Strain::Clubs,
            "D" => Strain::Diamonds,
            "H" => Strain::Hearts,
            "S" => Strain::Spades,
            "NT" | "N" => Strain::NoTrump,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_bri() {
        // BRI: 01 = ♠A, 13 = ♠2, 14 = ♥A, 40 = ♣A, 52 = ♣2.
        for (bri, suit, rank) in [
            (1, Suit::Spades, Rank::Ace),
            (13, Suit::Spades, Rank::Two),
            (14, Suit::Hearts, Rank::Ace),
            (28, Suit::Diamonds, Rank::King),
            (40, Suit::Clubs, Rank::Ace),
            (52, Suit::Clubs, Rank::Two),
        ] {
            let card = Card::from_index(bri - 1).unwrap();
            assert_eq!((card.suit(), card.rank()), (suit, rank), "BRI {bri}");
            assert_eq!(Card::new(suit, rank), card);
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn rank_characters() {
        for rank in Rank::DESCENDING {
            assert_eq!(Rank::from_char(rank.char() as u8), Some(rank));
        }
        assert_eq!(Rank::from_char(b'1'), None);
        assert_eq!(Rank::from_char(b'X'), None);
        assert_eq!(Rank::Ace.hcp() + Rank::King.hcp() + Rank::Queen.hcp(), 9);
        assert_eq!(Rank::Ten.hcp(), 0);
    }
}
