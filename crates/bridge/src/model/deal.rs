//! Seats and deals.

use crate::model::card::Card;
use crate::model::hand::Hand;
use std::fmt;

/// A seat at the table, clockwise from North.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// North
    North = 0,
    /// East
    East = 1,
    /// South
    South = 2,
    /// West
    West = 3,
}

impl Seat {
    /// North, East, South, West.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// 0 for North up to 3 for West.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `N`, `E`, `S` or `W` as a byte.
    pub const fn letter_byte(self) -> u8 {
        [b'N', b'E', b'S', b'W'][self as usize]
    }

    /// `N`, `E`, `S` or `W`.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    /// The seat of a letter `N`, `E`, `S`, `W` (either case).
    pub fn from_letter(c: u8) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            b'N' => Some(Seat::North),
            b'E' => Some(Seat::East),
            b'S' => Some(Seat::South),
            b'W' => Some(Seat::West),
            _ => None,
        }
    }

    /// The seat `n` places clockwise from this one.
    ///
    /// ```
    /// use boardfile_bridge::Seat;
    /// assert_eq!(Seat::North.next(1), Seat::East);
    /// assert_eq!(Seat::West.next(2), Seat::East);
    /// ```
    pub fn next(self, n: usize) -> Seat {
        Seat::ALL[(self.index() + n) % 4]
    }

    /// The seat's name: `North`, `East`, `South`, `West`.
    pub fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self.index()]
    }
}

/// The number of bridge deals: 52! / (13!)^4.
pub const DEALS: u128 = 53_644_737_765_488_792_839_237_440_000;

/// `k / c` for `k` a multiple of `c` (1 to 52), as every step of Pavlicek's
/// mapping is (the deals left with one card fewer): the factors of two
/// shifted out, then a multiplication by the inverse of the odd part modulo
/// 2^128. Many times faster than a 128-bit division.
#[inline]
fn exact_div(k: u128, c: u32) -> u128 {
    let twos = c.trailing_zeros();
    (k >> twos).wrapping_mul(ODD_INVERSES[(c >> twos) as usize])
}

/// [`exact_div`] in 64 bits.
#[inline]
fn exact_div64(k: u64, c: u32) -> u64 {
    let twos = c.trailing_zeros();
    (k >> twos).wrapping_mul(ODD_INVERSES[(c >> twos) as usize] as u64)
}

/// `ODD_INVERSES[d] * d == 1` modulo 2^128 for every odd `d` up to 52
/// (Newton's iteration, each step doubling the correct low bits).
static ODD_INVERSES: [u128; 53] = {
    let mut table = [0u128; 53];
    let mut d = 1;
    while d < 53 {
        let odd = d as u128;
        let mut x = odd; // correct to 3 bits for any odd number
        let mut step = 0;
        while step < 6 {
            x = x.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(x)));
            step += 1;
        }
        table[d] = x;
        d += 2;
    }
    table
};

/// Why a set of four hands is not a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealError {
    /// A card is in two hands.
    CardTwice {
        /// The card.
        card: Card,
        /// The first seat that holds it.
        first: Seat,
        /// The second seat that holds it.
        second: Seat,
    },
    /// A hand holds more than 13 cards.
    TooManyCards {
        /// The seat.
        seat: Seat,
        /// How many cards it holds.
        count: u32,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::CardTwice {
                card,
                first,
                second,
            } => write!(
                f,
                "{card} is in two hands ({} and {})",
                first.name(),
                second.name()
            ),
            DealError::TooManyCards { seat, count } => {
                write!(f, "{} holds {count} cards", seat.name())
            }
        }
    }
}

impl std::error::Error for DealError {}

/// Four hands, no card in two of them and no hand over 13 cards.
///
/// A deal is *complete* when every hand holds 13 cards; partial deals (some
/// cards unknown) can be built where a format allows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Deal {
    hands: [Hand; 4],
}

impl Deal {
    /// Checks that no card is held twice and no hand holds more than 13.
    pub fn new(hands: [Hand; 4]) -> Result<Deal, DealError> {
        let mut seen = Hand::EMPTY;
        for seat in Seat::ALL {
            let hand = hands[seat.index()];
            let twice = seen.intersection(hand);
            if let Some(card) = twice.cards().next() {
                let first = Seat::ALL
                    .into_iter()
                    .find(|s| hands[s.index()].contains(card))
                    .unwrap_or(seat);
                return Err(DealError::CardTwice {
                    card,
                    first,
                    second: seat,
                });
            }
            if hand.len() > 13 {
                return Err(DealError::TooManyCards {
                    seat,
                    count: hand.len(),
                });
            }
            seen = seen.union(hand);
        }
        Ok(Deal { hands })
    }

    /// The deal of a sorted pack: North all spades, East all hearts, South
    /// all diamonds, West all clubs (the "undealt" board of DLM files).
    pub fn sorted() -> Deal {
        let suit = |i: u32| Hand::from_bits(0x1fff << (13 * i)).unwrap_or_default();
        Deal {
            hands: [suit(0), suit(1), suit(2), suit(3)],
        }
    }

    /// The hand of `seat`.
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat.index()]
    }

    /// The four hands, North first.
    pub fn hands(&self) -> [Hand; 4] {
        self.hands
    }

    /// True when every hand holds 13 cards.
    pub fn is_complete(&self) -> bool {
        self.hands.iter().all(|h| h.len() == 13)
    }

    /// True when the hands given (not empty) hold different numbers of
    /// cards: a card lost, not a deal in play (whose hands are of one
    /// length) nor one with unknown hands.
    ///
    /// ```
    /// use boardfile_bridge::Deal;
    /// let short = Deal::parse_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543").unwrap();
    /// assert!(short.hands_differ_in_length());
    /// let in_play = Deal::parse_pbn("W:T95...Q 8.T..T5 .J..987 ...AJ62").unwrap();
    /// assert!(!in_play.hands_differ_in_length());
    /// assert!(!Deal::parse_pbn("N:AKQJT98765432... - - -").unwrap().hands_differ_in_length());
    /// ```
    pub fn hands_differ_in_length(&self) -> bool {
        let mut given = self.hands.iter().map(|h| h.len()).filter(|&n| n > 0);
        let first = given.next();
        given.any(|n| Some(n) != first)
    }

    /// When [`Deal::hands_differ_in_length`], what a reader's warning says
    /// of it: the hands' lengths and, when all four are given, the cards in
    /// none (the first four).
    ///
    /// ```
    /// use boardfile_bridge::Deal;
    /// // Clubs: North AKQ, East JT9, South 876, West 543; the 2 is lost.
    /// let short = Deal::parse_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543").unwrap();
    /// assert_eq!(
    ///     short.length_difference().unwrap(),
    ///     "hands hold different numbers of cards (North 13, East 13, South 13, West 12): \
    ///      read as a partial deal; in no hand: C2"
    /// );
    /// assert_eq!(Deal::parse_pbn("N:AKQJT98765432... - - -").unwrap().length_difference(), None);
    /// ```
    pub fn length_difference(&self) -> Option<String> {
        if !self.hands_differ_in_length() {
            return None;
        }
        let given: Vec<(Seat, u32)> = Seat::ALL
            .iter()
            .map(|&s| (s, self.hand(s).len()))
            .filter(|&(_, n)| n > 0)
            .collect();
        let lengths: Vec<String> = given
            .iter()
            .map(|(s, n)| format!("{} {n}", s.name()))
            .collect();
        let mut message = format!(
            "hands hold different numbers of cards ({}): read as a partial deal",
            lengths.join(", ")
        );
        if given.len() == 4 {
            let missing = self
                .hands
                .iter()
                .fold(Hand::EMPTY, |all, &h| all.union(h))
                .complement();
            let named: Vec<String> = missing.cards().take(4).map(|c| c.to_string()).collect();
            let more = if missing.len() > 4 { " ..." } else { "" };
            message.push_str(&format!("; in no hand: {}{more}", named.join(" ")));
        }
        Some(message)
    }

    /// The seat holding `card`, if any.
    ///
    /// ```
    /// use boardfile_bridge::{Card, Deal, Rank, Seat, Suit};
    /// let deal = Deal::parse_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
    /// assert_eq!(deal.holder(Card::new(Suit::Spades, Rank::Ace)), Some(Seat::North));
    /// assert_eq!(deal.holder(Card::new(Suit::Clubs, Rank::Ace)), Some(Seat::East));
    /// ```
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.hands[s.index()].contains(card))
    }

    /// Parses PBN's deal form `F:h1 h2 h3 h4`: the first seat, then the four
    /// hands clockwise from it, each as `S.H.D.C` or `-` for an unknown hand.
    ///
    /// ```
    /// use boardfile_bridge::{Deal, Seat};
    /// let deal = Deal::parse_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
    /// assert_eq!(deal.hand(Seat::East).to_string(), "T98.765.432.AKQJ");
    /// assert!(deal.is_complete());
    /// assert!(Deal::parse_pbn("N:AKQ").is_err());
    /// ```
    pub fn parse_pbn(text: &str) -> Result<Deal, String> {
        Deal::parse_pbn_bytes(text.as_bytes())
    }

    /// [`Deal::parse_pbn`] on bytes.
    pub fn parse_pbn_bytes(bytes: &[u8]) -> Result<Deal, String> {
        let text = || String::from_utf8_lossy(bytes);
        if bytes.len() < 2 || bytes[1] != b':' {
            return Err(format!(
                "deal {:?} does not start with a seat and ':'",
                text()
            ));
        }
        let first = Seat::from_letter(bytes[0])
            .ok_or_else(|| format!("deal {:?}: {:?} is not a seat", text(), bytes[0] as char))?;
        // The common form first: four hands one space apart.
        if let Some(deal) = Deal::four_hands(first, &bytes[2..]) {
            return Ok(deal);
        }
        let mut hands = [Hand::EMPTY; 4];
        let mut count = 0;
        for part in bytes[2..]
            .split(|c| c.is_ascii_whitespace())
            .filter(|p| !p.is_empty())
        {
            if count >= 4 {
                return Err(format!("deal {:?} has more than four hands", text()));
            }
            if part != b"-" {
                hands[first.next(count).index()] = Hand::parse_dotted_bytes(part)?;
            }
            count += 1;
        }
        if count == 0 {
            return Err(format!("deal {:?} has no hands", text()));
        }
        Deal::new(hands).map_err(|e| e.to_string())
    }

    /// Four hands one space apart, each four suits; `None` for anything
    /// else (a `-` hand, any error), which the general reader then reads or
    /// names.
    fn four_hands(first: Seat, bytes: &[u8]) -> Option<Deal> {
        let mut seated = [Hand::EMPTY; 4];
        let mut at = 0;
        for k in 0..4 {
            let (bits, n) = crate::model::hand::dotted_prefix(&bytes[at..]);
            at += n;
            // A space after each of the first three, the end after the last.
            if k < 3 {
                if bytes.get(at) != Some(&b' ') {
                    return None;
                }
                at += 1;
            } else if at != bytes.len() {
                return None;
            }
            seated[first.next(k).index()] = Hand::from_bits(bits?)?;
        }
        Deal::new(seated).ok()
    }

    /// Pavlicek's number of a complete deal, from 1 to [`DEALS`]
    /// (rpbridge.net 7z68, "Mapping bridge deals"): the cards from the ace
    /// of spades down to the two of clubs each go to North, East, South or
    /// West, and the deals are counted in that order. `None` for a partial
    /// deal.
    pub fn number(&self) -> Option<u128> {
        if !self.is_complete() {
            return None;
        }
        let mut left = [13u128; 4]; // N E S W
        let mut k = DEALS;
        let mut i = 0u128;
        for index in 0..52u8 {
            let c = 52 - u32::from(index);
            let card = Card::from_index(index).expect("0..52");
            let holder = self.holder(card).expect("complete").index();
            for (h, n) in left.iter_mut().enumerate() {
                let x = exact_div(k * *n, c);
                if h == holder {
                    k = x;
                    *n -= 1;
                    break;
                }
                i += x;
            }
        }
        Some(i + 1)
    }

    /// The deal of a Pavlicek number (1 to [`DEALS`]).
    ///
    /// ```
    /// use boardfile_bridge::Deal;
    /// let deal = Deal::parse_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
    /// let n = deal.number().unwrap();
    /// assert_eq!(Deal::from_number(n), Some(deal));
    /// assert!(Deal::from_number(u128::MAX).is_none());
    /// ```
    pub fn from_number(number: u128) -> Option<Deal> {
        if !(1..=DEALS).contains(&number) {
            return None;
        }
        let mut i = number - 1;
        let mut left = [13u128; 4];
        let mut k = DEALS;
        let mut hands = [0u64; 4];
        let mut index = 0u8;
        // Each card goes to the first hand whose deals (those left with the
        // card there) reach past `i`, chosen without branches (which the
        // processor cannot predict here). In u128 while the count needs it,
        // then in u64.
        // One card placed: the same step at both widths.
        macro_rules! place {
            ($i:ident, $k:ident, $left:ident, $div:ident) => {
                let c = 52 - u32::from(index);
                let x = $left.map(|n| $div($k * n, c));
                let (s1, s2, s3) = (x[0], x[0] + x[1], x[0] + x[1] + x[2]);
                let h = usize::from($i >= s1) + usize::from($i >= s2) + usize::from($i >= s3);
                $i -= [0, s1, s2, s3][h];
                $k = x[h];
                $left[h] -= 1;
                hands[h] |= 1 << index;
                index += 1;
            };
        }
        while k > u128::from(u64::MAX / 13) {
            place!(i, k, left, exact_div);
        }
        let (mut i, mut k) = (i as u64, k as u64);
        let mut left = left.map(|n| n as u64);
        while index < 52 {
            place!(i, k, left, exact_div64);
        }
        Deal::new(hands.map(|h| Hand::from_bits(h).expect("52 bits"))).ok()
    }

    /// Writes the PBN form starting with North: `N:h h h h`, `-` for an empty
    /// hand in a partial deal.
    ///
    /// ```
    /// use boardfile_bridge::Deal;
    /// let text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    /// assert_eq!(Deal::parse_pbn(text).unwrap().to_pbn(), text);
    /// ```
    pub fn to_pbn(&self) -> String {
        let mut buf = Vec::with_capacity(72);
        self.push_pbn(&mut buf);
        buf.into_iter().map(char::from).collect()
    }

    /// Appends the PBN form of [`Deal::to_pbn`] as bytes.
    pub fn push_pbn(&self, out: &mut Vec<u8>) {
        self.push_pbn_from(Seat::North, out);
    }

    /// Appends the PBN form starting with `first` (PBN's export format starts
    /// with the dealer): `E:h h h h`.
    pub fn push_pbn_from(&self, first: Seat, out: &mut Vec<u8>) {
        // Put together in a buffer on the stack, then copied whole; a hand
        // of a deal holds 13 cards or fewer (see `Hand::put_dotted`).
        let mut buf = [0u8; 112];
        buf[0] = first.letter() as u8;
        buf[1] = b':';
        let mut n = 2;
        let complete = self.is_complete();
        for i in 0..4 {
            if i > 0 {
                buf[n] = b' ';
                n += 1;
            }
            let hand = self.hands[first.next(i).index()];
            if hand.is_empty() && !complete {
                buf[n] = b'-';
                n += 1;
            } else {
                n = hand.put_dotted(&mut buf, n);
            }
        }
        boardfile_io::text::push_fixed(out, &buf, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_hands_read_as_the_general_reading_reads_them() {
        let seeds = [
            "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
            "T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543",
            "t53.aj7.at.aq762 AKJ9.Q.QJ65.KJT8 - Q64.K862.84.9543",
            "AKQ... - - -",
        ];
        let texts = crate::testing::near_strings(&seeds, "AKQJT98765432akqt. -x", 80, 50_000);
        for text in &texts {
            for first in Seat::ALL {
                let Some(fast) = Deal::four_hands(first, text.as_bytes()) else {
                    continue;
                };
                // The general reading: hands split at white space.
                let mut hands = [Hand::EMPTY; 4];
                for (k, part) in text.split(' ').enumerate() {
                    hands[first.next(k).index()] = Hand::parse_dotted(part).unwrap();
                }
                assert_eq!(Ok(fast), Deal::new(hands), "{text:?}");
            }
        }
    }
    use crate::model::card::{Rank, Suit};

    #[test]
    fn exact_division_agrees_with_division() {
        for d in (1..53).step_by(2) {
            assert_eq!(ODD_INVERSES[d].wrapping_mul(d as u128), 1, "{d}");
        }
        for c in 1..=52u32 {
            for q in [0, 1, 7, DEALS / 52, DEALS * 13 / 52 - 1] {
                let k = q * u128::from(c);
                assert_eq!(exact_div(k, c), q, "{k} / {c}");
                if let Ok(k) = u64::try_from(k) {
                    assert_eq!(u128::from(exact_div64(k, c)), q, "{k} / {c}");
                }
            }
        }
    }

    #[test]
    fn pavlicek_deal_numbers() {
        // rpbridge.net 7z68's vectors.
        let first = Deal::parse_pbn(
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        )
        .unwrap();
        assert_eq!(first.number(), Some(1));
        assert_eq!(Deal::from_number(1), Some(first));
        let e27 = Deal::parse_pbn(
            "N:AK72.Q543.T863.8 QJ84.KT762.AK4.7 T953.9.972.QJ643 6.AJ8.QJ5.AKT952",
        )
        .unwrap();
        assert_eq!(e27.number(), Some(10u128.pow(27)));
        assert_eq!(Deal::from_number(10u128.pow(27)), Some(e27));
        // The last number: W spades, S hearts, E diamonds, N clubs.
        let last = Deal::from_number(DEALS).unwrap();
        assert_eq!(last.hand(Seat::West).to_string(), "AKQJT98765432...");
        assert_eq!(last.number(), Some(DEALS));
        assert_eq!(Deal::from_number(0), None);
        assert_eq!(Deal::from_number(DEALS + 1), None);
        assert_eq!(Deal::default().number(), None);
    }

    #[test]
    fn pbn_form_round_trip_from_any_seat() {
        // DLM paper, Appendix C board 2 (dealer East) and its North-first form.
        let deal = Deal::parse_pbn(
            "E:J52.Q9875..AQ873 763.32.AK65432.5 AQT4.AKJ6.Q9.KJ6 K98.T4.JT87.T942",
        )
        .unwrap();
        assert!(deal.is_complete());
        assert_eq!(deal.hand(Seat::East).to_string(), "J52.Q9875..AQ873");
        assert_eq!(deal.hand(Seat::North).to_string(), "K98.T4.JT87.T942");
        assert_eq!(
            deal.to_pbn(),
            "N:K98.T4.JT87.T942 J52.Q9875..AQ873 763.32.AK65432.5 AQT4.AKJ6.Q9.KJ6"
        );
        assert_eq!(Deal::parse_pbn(&deal.to_pbn()).unwrap(), deal);
    }

    #[test]
    fn partial_deals() {
        let deal = Deal::parse_pbn("S:AKQ... - - -").unwrap();
        assert!(!deal.is_complete());
        assert_eq!(deal.hand(Seat::South).len(), 3);
        assert_eq!(deal.to_pbn(), "N:- - AKQ... -");
        assert_eq!(Deal::parse_pbn(&deal.to_pbn()).unwrap(), deal);
    }

    #[test]
    fn impossible_deals_are_refused() {
        let twice = Deal::parse_pbn("N:A... A... - -").unwrap_err();
        assert!(twice.contains("SA is in two hands"), "{twice}");
        let mut fourteen = Hand::EMPTY;
        for i in 0..14 {
            fourteen.insert(Card::from_index(i).unwrap());
        }
        assert_eq!(
            Deal::new([fourteen, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY]),
            Err(DealError::TooManyCards {
                seat: Seat::North,
                count: 14
            })
        );
        assert!(Deal::parse_pbn("X:...").is_err());
        assert!(Deal::parse_pbn("N:... ... ... ... ...").is_err());
    }

    #[test]
    fn sorted_deal() {
        let d = Deal::sorted();
        assert!(d.is_complete());
        assert_eq!(d.hand(Seat::East).suit_len(Suit::Hearts), 13);
        assert_eq!(
            d.holder(Card::new(Suit::Clubs, Rank::Two)),
            Some(Seat::West)
        );
    }
}
