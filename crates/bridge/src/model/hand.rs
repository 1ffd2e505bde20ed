//! A hand: a set of cards held in the low 52 bits of a `u64`.

use crate::model::card::{Card, Rank, Suit, RANK_CHARS, RANK_ORDER};
use std::fmt;

/// A set of cards. Bit `i` holds [`Card`] number `i`, so the cards of one suit
/// are 13 consecutive bits with the ace lowest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand(u64);

/// The mask of all 52 cards.
const FULL: u64 = (1 << 52) - 1;

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand(0);
    /// All 52 cards.
    pub const ALL: Hand = Hand(FULL);

    /// The hand whose bits are `bits`; `None` if a bit above 51 is set.
    pub fn from_bits(bits: u64) -> Option<Hand> {
        (bits & !FULL == 0).then_some(Hand(bits))
    }

    /// The bits: bit `i` set when the hand holds card `i`.
    pub fn bits(self) -> u64 {
        self.0
    }

    /// Number of cards.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the hand holds no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when the hand holds `card`.
    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 == 1
    }

    /// Adds `card`; returns false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.index();
        !had
    }

    /// Takes `card` out; returns false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.index());
        had
    }

    /// The cards of both hands.
    pub fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    /// The cards in both hands.
    pub fn intersection(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    /// The cards of the pack that are not in this hand.
    pub fn complement(self) -> Hand {
        Hand(!self.0 & FULL)
    }

    /// The 13 bits of one suit, bit 0 the ace, bit 12 the two.
    pub fn suit_bits(self, suit: Suit) -> u16 {
        (self.0 >> (suit.index() * 13)) as u16 & 0x1fff
    }

    /// The ranks held in `suit`, from the ace down.
    pub fn ranks(self, suit: Suit) -> impl Iterator<Item = Rank> {
        let bits = self.suit_bits(suit);
        Rank::DESCENDING
            .into_iter()
            .enumerate()
            .filter(move |(i, _)| bits >> i & 1 == 1)
            .map(|(_, r)| r)
    }

    /// Appends the rank characters of `suit`, ace first (`AQT2`).
    pub fn push_ranks(self, suit: Suit, out: &mut Vec<u8>) {
        let mut bits = self.suit_bits(suit);
        while bits != 0 {
            out.push(RANK_CHARS[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
    }

    /// Appends PBN's form `AKQ.JT9..5432`.
    pub fn push_dotted(self, out: &mut Vec<u8>) {
        let mut buf = [0u8; 64];
        let n = self.put_dotted(&mut buf, 0);
        boardfile_io::text::push_fixed(out, &buf, n);
    }

    /// Writes the hand in PBN's dotted form into `buf` from `at`, and
    /// returns where it ends; `buf` must hold 64 bytes from `at` (24 for a
    /// hand of 13 cards or fewer: the ranks are copied eight bytes at a
    /// time).
    /// Each suit's ace-to-eight and seven-to-two halves come from two small
    /// tables (the hot path of every text writer).
    #[inline]
    pub(crate) fn put_dotted(self, buf: &mut [u8], at: usize) -> usize {
        let mut n = at;
        for suit in Suit::ALL {
            if suit != Suit::Spades {
                buf[n] = b'.';
                n += 1;
            }
            n = self.put_suit(suit, buf, n);
        }
        n
    }

    /// Writes the ranks the hand holds in `suit`, from the ace down, into
    /// `buf` from `at`, and returns where they end; `buf` must hold 16 bytes
    /// from `at` (the ranks are copied eight bytes at a time).
    #[inline]
    pub(crate) fn put_suit(self, suit: Suit, buf: &mut [u8], at: usize) -> usize {
        let bits = self.suit_bits(suit) as usize;
        let (high, h) = HIGH_RANKS[bits & 0x7f];
        buf[at..at + 8].copy_from_slice(&high);
        let n = at + h as usize;
        let (low, l) = LOW_RANKS[bits >> 7];
        buf[n..n + 8].copy_from_slice(&low);
        n + l as usize
    }

    /// The cards in pack order: spades from the ace down, then hearts,
    /// diamonds, clubs.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Card::from_index(i)
        })
    }

    /// High-card points (A 4, K 3, Q 2, J 1).
    ///
    /// ```
    /// use boardfile_bridge::Hand;
    /// let hand = Hand::parse_dotted("AKQJ.T98.765.432").unwrap();
    /// assert_eq!(hand.hcp(), 10);
    /// ```
    pub fn hcp(self) -> u32 {
        // Bits 0..4 of each suit are A K Q J.
        Suit::ALL
            .iter()
            .map(|&s| {
                let b = self.suit_bits(s);
                4 * (b & 1) as u32
                    + 3 * (b >> 1 & 1) as u32
                    + 2 * (b >> 2 & 1) as u32
                    + (b >> 3 & 1) as u32
            })
            .sum()
    }

    /// Number of cards held in `suit`.
    ///
    /// ```
    /// use boardfile_bridge::{Hand, Suit};
    /// let hand = Hand::parse_dotted("AKQJ.T98.765.432").unwrap();
    /// assert_eq!(hand.suit_len(Suit::Spades), 4);
    /// assert_eq!(hand.suit_len(Suit::Clubs), 3);
    /// ```
    pub fn suit_len(self, suit: Suit) -> u32 {
        self.suit_bits(suit).count_ones()
    }

    /// Parses a hand written as four dot-separated suits, spades first:
    /// `AKQ.JT9..5432` (PBN's hand form). Ranks may come in any order.
    ///
    /// ```
    /// use boardfile_bridge::{Hand, Suit};
    /// let hand = Hand::parse_dotted("AK.QJT9..8765432").unwrap();
    /// assert_eq!(hand.len(), 13);
    /// assert_eq!(hand.suit_len(Suit::Diamonds), 0);
    /// assert_eq!(hand.to_string(), "AK.QJT9..8765432");
    /// ```
    pub fn parse_dotted(text: &str) -> Result<Hand, String> {
        Hand::parse_dotted_bytes(text.as_bytes())
    }

    /// [`Hand::parse_dotted`] on bytes.
    pub fn parse_dotted_bytes(bytes: &[u8]) -> Result<Hand, String> {
        dotted_bits(bytes)
            .map(Hand)
            .ok_or_else(|| Hand::dotted_error(bytes))
    }

    /// What is wrong with a hand's text that does not read.
    fn dotted_error(bytes: &[u8]) -> String {
        let text = || String::from_utf8_lossy(bytes);
        let mut bits = 0u64;
        let mut suit = 0usize;
        for &c in bytes {
            if c == b'.' {
                suit += 1;
                if suit > 3 {
                    return format!("hand {:?} has more than four suits", text());
                }
                continue;
            }
            let order = RANK_ORDER_ANY_CASE[c as usize];
            if order == 0xFF {
                return format!("hand {:?}: {:?} is not a rank", text(), c as char);
            }
            let bit = 1u64 << (suit * 13 + order as usize);
            if bits & bit != 0 {
                let card = Card::from_order(Suit::ALL[suit], order);
                return format!("hand {:?} holds {card} twice", text());
            }
            bits |= bit;
        }
        format!("hand {:?} has fewer than four suits", text())
    }
}

impl fmt::Display for Hand {
    /// PBN's form: `AKQ.JT9..5432`, ranks descending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = Vec::with_capacity(16);
        self.push_dotted(&mut buf);
        // Only ASCII rank characters and dots were pushed.
        f.write_str(std::str::from_utf8(&buf).map_err(|_| fmt::Error)?)
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut hand = Hand::EMPTY;
        for card in iter {
            hand.insert(card);
        }
        hand
    }
}

/// The rank characters of a 7-bit mask of A K Q J T 9 8 (bit 0 the ace),
/// padded to 8 bytes, and how many there are.
static HIGH_RANKS: [([u8; 8], u8); 128] = rank_table::<128>(0);
/// The same for a 6-bit mask of 7 6 5 4 3 2 (bit 0 the seven).
static LOW_RANKS: [([u8; 8], u8); 64] = rank_table::<64>(7);

const fn rank_table<const N: usize>(first: usize) -> [([u8; 8], u8); N] {
    let mut t = [([0u8; 8], 0u8); N];
    let mut mask = 0;
    while mask < N {
        let mut k = 0;
        let mut bit = 0;
        while (1 << bit) < N {
            if mask & (1 << bit) != 0 {
                t[mask].0[k] = RANK_CHARS[first + bit];
                k += 1;
            }
            bit += 1;
        }
        t[mask].1 = k as u8;
        mask += 1;
    }
    t
}

/// The cards of a hand's text in PBN's dotted form (four suits, ranks in
/// either case and any order), `None` for anything else or a card twice.
#[inline]
pub(crate) fn dotted_bits(bytes: &[u8]) -> Option<u64> {
    match dotted_prefix(bytes) {
        (bits, n) if n == bytes.len() => bits,
        _ => None,
    }
}

/// A hand in PBN's dotted form at the start of `bytes`, up to a space or
/// the end: its cards (`None` when it is not one) and the bytes it takes.
///
/// A character costs a table look-up, a shift and an add, and one branch
/// that is taken once: the suits are gathered in the order written, each
/// dot shifting what came before up a suit, so that the first suit ends
/// up highest, and are put in the hand's order at the end; ranks, dots and
/// other characters are counted in fields of one sum, looked at once.
#[inline]
pub(crate) fn dotted_prefix(bytes: &[u8]) -> (Option<u64>, usize) {
    let (mut cards, mut counts, mut n) = (0u64, 0u64, 0usize);
    for &c in bytes {
        if c == b' ' {
            break;
        }
        let e = DOTTED[c as usize];
        cards = (cards << ((e >> SHIFT) & 0x3F)) | (e & 0x1FFF);
        counts = counts.wrapping_add(e);
        n += 1;
    }
    let field = |at: u32| (counts >> at) & 0xFF;
    const SUIT: u64 = 0x1FFF;
    let bits = (cards >> 39) & SUIT
        | ((cards >> 26) & SUIT) << 13
        | ((cards >> 13) & SUIT) << 26
        | (cards & SUIT) << 39;
    // More than 255 of a kind wraps a field: a hand that long is refused
    // by its length.
    let ok = n < 256
        && field(DOTS) == 3
        && field(OTHERS) == 0
        && u64::from(bits.count_ones()) == field(RANKS);
    (ok.then_some(bits), n)
}

/// The fields of an entry of [`DOTTED`]: the rank's bit in its suit (bits 0
/// to 12), the shift a dot makes, and counts of ranks, dots and other
/// characters.
const SHIFT: u32 = 16;
const RANKS: u32 = 24;
const DOTS: u32 = 32;
const OTHERS: u32 = 40;
static DOTTED: [u64; 256] = {
    let mut t = [1u64 << OTHERS; 256];
    let mut c = 0;
    while c < 256 {
        let order = RANK_ORDER_ANY_CASE[c];
        if order < 13 {
            t[c] = 1 << order | 1 << RANKS;
        }
        c += 1;
    }
    t[b'.' as usize] = 13 << SHIFT | 1 << DOTS;
    t
};

/// The order of a rank character (`A` 0 ... `2` 12), either case; 0xFF for
/// anything else: [`RANK_ORDER`] with the lower-case letters too.
static RANK_ORDER_ANY_CASE: [u8; 256] = {
    let mut t = RANK_ORDER;
    let mut c = b'a';
    while c <= b'z' {
        t[c as usize] = RANK_ORDER[(c - 32) as usize];
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    /// PBN's dotted hand read the plain way: four suits, ranks of either
    /// case, no card twice.
    fn dotted_plainly(text: &str) -> Option<u64> {
        let suits: Vec<&str> = text.split('.').collect();
        if suits.len() != 4 {
            return None;
        }
        let mut bits = 0u64;
        for (k, suit) in suits.iter().enumerate() {
            for c in suit.chars() {
                let rank = "AKQJT98765432".find(c.to_ascii_uppercase())?;
                let bit = 1u64 << (13 * k + rank);
                if !c.is_ascii() || bits & bit != 0 {
                    return None;
                }
                bits |= bit;
            }
        }
        Some(bits)
    }

    #[test]
    fn dotted_hands_read_as_a_plain_reading_reads_them() {
        let seeds = [
            "AKQJT98765432...",
            "AKQ.JT9.876.5432",
            "...",
            "akq.jt9.876.5432",
            "2.3.4.5",
            "AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432",
        ];
        let texts = crate::testing::near_strings(&seeds, "AKQJTakqjt98765432.. x-", 60, 100_000);
        for text in &texts {
            assert_eq!(
                dotted_bits(text.as_bytes()),
                dotted_plainly(text),
                "{text:?}"
            );
        }
        // Past 255 characters the counts' fields would wrap.
        let long = format!("{}...", "A".repeat(256));
        assert_eq!(dotted_bits(long.as_bytes()), None);
    }

    #[test]
    fn dotted_round_trip() {
        for text in [
            "AKQJ.T98.765.432",
            "...",
            "AKQJT98765432...",
            ".2.A.",
            "T53.AJ7.AT.AQ762",
        ] {
            let hand = Hand::parse_dotted(text).unwrap();
            assert_eq!(hand.to_string(), text);
        }
        // Any rank order is read, written descending.
        assert_eq!(
            Hand::parse_dotted("2A.K.Q.J").unwrap().to_string(),
            "A2.K.Q.J"
        );
    }

    #[test]
    fn dotted_errors() {
        assert!(Hand::parse_dotted("AKQ.JT9.876").is_err());
        assert!(Hand::parse_dotted("A.K.Q.J.T").is_err());
        assert!(Hand::parse_dotted("AA.K.Q.J").is_err());
        assert!(Hand::parse_dotted("X.K.Q.J").is_err());
    }

    #[test]
    fn hcp_counts_honours() {
        // The Dealer4 sample's board 1, hand-counted: 1, 20, 13 and 6 points.
        for (text, hcp) in [
            ("T2.J965.T7532.63", 1),
            ("AKQ874.AQ2.J8.A5", 20),
            ("J65.743.AK4.KQ82", 13),
            ("93.KT8.Q96.JT974", 6),
        ] {
            assert_eq!(Hand::parse_dotted(text).unwrap().hcp(), hcp, "{text}");
        }
        assert_eq!(Hand::ALL.hcp(), 40);
    }

    #[test]
    fn cards_in_pack_order() {
        let hand = Hand::parse_dotted("K2..A.3").unwrap();
        let names: Vec<String> = hand.cards().map(|c| c.to_string()).collect();
        assert_eq!(names, ["SK", "S2", "DA", "C3"]);
        assert_eq!(hand.len(), 4);
        assert_eq!(hand.complement().len(), 48);
    }
}
