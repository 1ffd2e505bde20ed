//! New board sets of uniformly random deals.
//!
//! The generator is ChaCha20 (`rand_chacha`), a cryptographic stream
//! cipher, keyed by a 256-bit [`Seed`]. Each deal is a Fisher-Yates
//! shuffle of the 52 cards (ace of spades to two of clubs), the first 13
//! to North, then East, South and West; each draw below `n` rejects the
//! top of the 32-bit range that `n` does not divide, so every deal is
//! equally likely. The algorithm is fixed here rather than borrowed from a
//! library whose sampling could change between versions: the same seed
//! gives the same deals on every machine and every version of this crate.
//! Dealer and vulnerability follow the board number.

use crate::codec::stream::BoardReader;
use crate::model::board::Board;
use crate::model::card::Card;
use crate::model::deal::Deal;
use crate::model::hand::Hand;
use crate::model::set::{BoardSet, SetInfo};
use boardfile_io::{Diagnostics, Error};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::fmt;

/// The 256-bit key of a dealing run, written as 64 hex digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub [u8; 32]);

/// The longest seed of words, in bytes.
pub const MOST_SEED_BYTES: usize = 1000;

impl Seed {
    /// A seed from what a person gives: 1 to 64 hex digits are a number
    /// (so `42` and `0042` are the same seed); any other words (`club
    /// night 24`, `tonight`), spaces around them left out, are hashed
    /// with SHA-256 into the 256 bits, so the same words deal the same set
    /// everywhere. A word of hex digits alone (`cafe`, `2026`) is a number.
    ///
    /// ```
    /// use boardfile_bridge::deal::seeded::Seed;
    /// assert_eq!(Seed::parse("0042").unwrap(), Seed::parse("42").unwrap());
    /// let words = Seed::parse(" tonight ").unwrap();
    /// assert_eq!(words, Seed::parse("tonight").unwrap());
    /// assert_ne!(words, Seed::parse("Tonight").unwrap());
    /// // SHA-256 of "tonight", as `printf tonight | sha256sum` gives it.
    /// assert_eq!(words.to_string(), "2769fc20451b51737baa457ef96532b84370d3664150af08b3f310f30448921f");
    /// assert!(Seed::parse("  ").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Seed, String> {
        let t = text.trim();
        if t.is_empty() {
            return Err("a seed is any words, or 1 to 64 hex digits; this one is empty".into());
        }
        if !Seed::is_number(t) {
            if t.chars().any(char::is_control) {
                return Err(
                    "a seed's words are one line, without tabs or other control characters".into(),
                );
            }
            if t.len() > MOST_SEED_BYTES {
                return Err(format!(
                    "a seed of words is at most {MOST_SEED_BYTES} bytes; this one is {}",
                    t.len()
                ));
            }
            use sha2::{Digest, Sha256};
            return Ok(Seed(Sha256::digest(t.as_bytes()).into()));
        }
        let padded = format!("{t:0>64}");
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&padded[2 * i..2 * i + 2], 16).expect("hex digits");
        }
        Ok(Seed(bytes))
    }

    /// True when `text` (spaces around it left out) is a seed's number,
    /// 1 to 64 hex digits, rather than words to hash.
    pub fn is_number(text: &str) -> bool {
        let t = text.trim();
        !t.is_empty() && t.len() <= 64 && t.bytes().all(|c| c.is_ascii_hexdigit())
    }

    /// A seed from the operating system's random source.
    pub fn from_os() -> Result<Seed, String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| format!("no random seed from the system: {e}"))?;
        Ok(Seed(bytes))
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// A uniform draw from `0..n` (`n` from 1 to 52).
fn below(rng: &mut ChaCha20Rng, n: u32) -> u32 {
    let limit = (1u64 << 32) - (1u64 << 32) % u64::from(n);
    loop {
        let x = u64::from(rng.next_u32());
        if x < limit {
            return (x % u64::from(n)) as u32;
        }
    }
}

/// Deals with a generator keyed by one seed, one deal after another.
pub struct Dealer {
    rng: ChaCha20Rng,
}

impl Dealer {
    /// A dealer keyed by `seed`.
    pub fn new(seed: &Seed) -> Dealer {
        Dealer {
            rng: ChaCha20Rng::from_seed(seed.0),
        }
    }

    /// The next random deal.
    pub fn deal(&mut self) -> Deal {
        let mut cards: [u8; 52] = std::array::from_fn(|i| i as u8);
        for i in (1..52).rev() {
            let j = below(&mut self.rng, i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        let mut hands = [Hand::EMPTY; 4];
        for (k, &c) in cards.iter().enumerate() {
            hands[k / 13].insert(Card::from_index(c).expect("0..52"));
        }
        Deal::new(hands).expect("52 different cards, 13 a hand")
    }
}

/// `boards` random boards numbered from `first`, dealt with `seed`.
///
/// ```
/// use boardfile_bridge::deal::seeded::{deal_set, Seed};
/// let seed = Seed::parse("5eed").unwrap();
/// let set = deal_set(4, 1, &seed);
/// assert_eq!(set.boards.len(), 4);
/// assert!(set.boards.iter().all(|b| b.deal.is_complete()));
/// assert_eq!(deal_set(4, 1, &seed).boards[3].deal, set.boards[3].deal, "the same seed, the same deals");
/// ```
pub fn deal_set(boards: u32, first: u32, seed: &Seed) -> BoardSet {
    let mut dealer = Dealer::new(seed);
    BoardSet::from_boards(
        (0..boards)
            .map(|i| Board::new(first.saturating_add(i), dealer.deal()))
            .collect(),
    )
}

/// A new set as a stream: `boards` random boards numbered from `first`,
/// dealt with `seed`, a board at a time (the same boards as [`deal_set`]).
pub struct DealReader {
    dealer: Dealer,
    first: u32,
    dealt: u32,
    boards: u32,
    info: SetInfo,
}

impl DealReader {
    /// Deals `boards` boards from number `first` with `seed`.
    pub fn new(boards: u32, first: u32, seed: &Seed) -> DealReader {
        DealReader {
            dealer: Dealer::new(seed),
            first,
            dealt: 0,
            boards,
            info: SetInfo::default(),
        }
    }

    /// Says in the set which seed dealt it, as it was given (`text`:
    /// words or hex digits): a `%` line at a PBN file's head, `% Dealt by
    /// boardfile deal --seed 'club night'`, that deals it again.
    ///
    /// ```
    /// use boardfile_bridge::deal::seeded::{DealReader, Seed};
    /// use boardfile_bridge::BoardReader;
    /// let r = DealReader::new(4, 1, &Seed::parse("club night").unwrap()).noting("club night");
    /// let head = &r.head().pbn.as_ref().unwrap().preamble;
    /// assert_eq!(head, &["% Dealt by boardfile deal --seed 'club night'"]);
    /// ```
    pub fn noting(mut self, text: &str) -> DealReader {
        let t = text.trim();
        let plain = t
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"-_.,:/+@".contains(&c));
        let quoted = match plain {
            true => t.to_string(),
            false => format!("'{}'", t.replace('\'', "'\\''")),
        };
        self.info.pbn = Some(crate::model::extras::PbnInfo {
            preamble: vec![format!("% Dealt by boardfile deal --seed {quoted}")],
            ..Default::default()
        });
        self
    }
}

impl BoardReader for DealReader {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, _: &mut Diagnostics) -> Result<Option<Board>, Error> {
        if self.dealt == self.boards {
            return Ok(None);
        }
        let number = self.first.saturating_add(self.dealt);
        self.dealt += 1;
        Ok(Some(Board::new(number, self.dealer.deal())))
    }

    fn position(&self) -> u64 {
        u64::from(self.dealt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deal::Seat;

    #[test]
    fn seeds_read_as_numbers_and_print_in_full() {
        let s = Seed::parse("42").unwrap();
        assert_eq!(s, Seed::parse("0042").unwrap());
        assert_eq!(s.0[31], 0x42);
        assert_eq!(s.0[..31], [0; 31]);
        assert_eq!(s.to_string(), format!("{:0>64}", "42"));
        assert_eq!(Seed::parse(&s.to_string()).unwrap(), s);
        for bad in ["", "  ", "two\nlines", &"x".repeat(1001)] {
            assert!(Seed::parse(bad).is_err(), "{bad:?}");
        }
        // Anything else is words, hashed: not a number.
        for words in ["xyz", "-1", &"1".repeat(65), "club night 24"] {
            let s = Seed::parse(words).unwrap();
            assert!(!Seed::is_number(words), "{words:?}");
            assert_ne!(s, Seed::parse("0").unwrap());
        }
        assert_ne!(Seed::from_os().unwrap(), Seed::from_os().unwrap());
    }

    #[test]
    fn the_same_seed_deals_the_same_set() {
        let seed = Seed::parse("2026").unwrap();
        let a = deal_set(32, 1, &seed);
        assert_eq!(a.boards, deal_set(32, 1, &seed).boards);
        assert_ne!(
            a.boards,
            deal_set(32, 1, &Seed::parse("2027").unwrap()).boards
        );
        // Numbers from `first`, dealer and vulnerability by number.
        let b = deal_set(4, 17, &seed);
        let mut streamed = DealReader::new(4, 17, &seed);
        let streamed = crate::records::collect(&mut streamed, &mut Diagnostics::strict()).unwrap();
        assert_eq!(streamed.boards, b.boards);
        assert_eq!(b.boards[0].number, 17);
        assert_eq!(b.boards[0].deal, a.boards[0].deal);
        assert_eq!(b.boards[3].number, 20);
        assert_eq!(b.boards[3].dealer, Seat::West);
        assert_eq!(
            b.boards[3].vulnerability,
            crate::model::board::Vulnerability::for_board(20)
        );
    }

    /// Each card lands in each seat about a quarter of the time: 20,000
    /// deals, 52 x 4 counts of expected 5,000 each (standard deviation
    /// about 61). A chi-square over the 208 cells (156 degrees of freedom,
    /// mean 156, deviation about 17.7) stays below 260 (about six
    /// deviations) for a fair dealer; one that favoured a seat by 2% would
    /// be far over.
    #[test]
    fn each_card_lands_in_each_seat_equally_often() {
        let set = deal_set(20_000, 1, &Seed::parse("5eed").unwrap());
        let mut counts = [[0u32; 4]; 52];
        for b in &set.boards {
            for seat in Seat::ALL {
                for card in b.deal.hand(seat).cards() {
                    counts[card.index() as usize][seat.index()] += 1;
                }
            }
        }
        let expected = 5_000.0f64;
        let chi2: f64 = counts
            .iter()
            .flatten()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 260.0, "chi-square {chi2:.1}");
        for (card, row) in counts.iter().enumerate() {
            for (seat, &c) in row.iter().enumerate() {
                assert!((4_700..=5_300).contains(&c), "card {card} seat {seat}: {c}");
            }
        }
    }
}
