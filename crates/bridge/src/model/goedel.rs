//! Big Deal's deal numbers ("Goedel numbers"): the numbering its generator
//! draws from and its `.goe` files print.
//!
//! Spec: Big Deal 2.0, `binomial.c` (`code_to_hand`) and
//! `Documentation/GOEDEL.C`. A number `g` from 0 to [`DEALS`] - 1 is
//!
//! ```text
//! g = rank(North) * C(39,13) * C(26,13) + rank(East) * C(26,13) + rank(South)
//! ```
//!
//! where North's rank counts the 13-card subsets of the pack (ace of
//! spades first, two of clubs last) that come before North's in
//! lexicographic order of their sorted positions, East's rank does the
//! same among the 39 cards North does not hold, South's among the 26 left,
//! and West holds the last 13. So number 0 gives North the spades, East
//! the hearts, South the diamonds and West the clubs.
//!
//! This is not Pavlicek's numbering ([`Deal::number`], from 1), which
//! counts card by card.

use crate::model::deal::{Deal, DEALS};
use crate::model::hand::Hand;

/// `BINOMIAL[n][k]` = n over k, for n up to 52 and k up to 13.
static BINOMIAL: [[u64; 14]; 53] = {
    let mut t = [[0u64; 14]; 53];
    let mut n = 0;
    while n <= 52 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 13 && k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The deals of the last 39 cards (East, South, West): C(39,13) * C(26,13).
const NORTH_UNIT: u128 = BINOMIAL[39][13] as u128 * BINOMIAL[26][13] as u128;
/// The deals of the last 26 cards (South, West): C(26,13).
const EAST_UNIT: u128 = BINOMIAL[26][13] as u128;

impl Deal {
    /// Big Deal's number of a complete deal, from 0 to [`DEALS`] - 1 (see
    /// the [module](self) documentation); `None` for a partial deal.
    pub fn goedel(&self) -> Option<u128> {
        if !self.is_complete() {
            return None;
        }
        let [north, east, south, _] = self.hands().map(Hand::bits);
        let all = Hand::ALL.bits();
        let n = u128::from(rank(north, all));
        let e = u128::from(rank(east, all & !north));
        let s = u128::from(rank(south, all & !north & !east));
        Some(n * NORTH_UNIT + e * EAST_UNIT + s)
    }

    /// The deal of Big Deal's number `g` (0 to [`DEALS`] - 1).
    pub fn from_goedel(g: u128) -> Option<Deal> {
        if g >= DEALS {
            return None;
        }
        let all = Hand::ALL.bits();
        // North's rank is below C(52,13) < 2^40 and the rest below
        // NORTH_UNIT < 2^57: one 128-bit division, the rest in 64 bits.
        let rest = (g % NORTH_UNIT) as u64;
        let north = unrank((g / NORTH_UNIT) as u64, all);
        let east = unrank(rest / EAST_UNIT as u64, all & !north);
        let south = unrank(rest % EAST_UNIT as u64, all & !north & !east);
        let west = all & !north & !east & !south;
        let hands = [north, east, south, west].map(|h| Hand::from_bits(h).unwrap_or_default());
        Deal::new(hands).ok()
    }
}

/// The rank of the 13 cards `chosen` among the cards `from` (in card
/// order): how many 13-card subsets of `from` come before it.
fn rank(chosen: u64, from: u64) -> u64 {
    let mut n = from.count_ones() as usize;
    let mut k = 13usize;
    let mut r = 0;
    let mut left = from;
    while k > 0 && left != 0 {
        let card = left & left.wrapping_neg();
        left &= left - 1;
        n -= 1;
        if chosen & card != 0 {
            k -= 1;
        } else {
            // Every subset that takes this card (with k - 1 from the
            // n cards after it) comes before.
            r += BINOMIAL[n][k - 1];
        }
    }
    r
}

/// The 13 cards of `from` whose rank is `r` (the inverse of [`rank`]).
fn unrank(mut r: u64, from: u64) -> u64 {
    let mut n = from.count_ones() as usize;
    let mut k = 13usize;
    let mut chosen = 0;
    let mut left = from;
    while k > 0 && left != 0 {
        let card = left & left.wrapping_neg();
        left &= left - 1;
        n -= 1;
        let with = BINOMIAL[n][k - 1];
        if r < with {
            chosen |= card;
            k -= 1;
        } else {
            r -= with;
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deal::Seat;

    #[test]
    fn the_numbering_counts_every_deal_once() {
        // The product of the units is the number of deals.
        assert_eq!(
            u128::from(BINOMIAL[52][13]) * NORTH_UNIT,
            DEALS,
            "C(52,13) C(39,13) C(26,13)"
        );
        // 0 is the sorted pack; the last number the reverse.
        assert_eq!(Deal::from_goedel(0), Some(Deal::sorted()));
        let last = Deal::from_goedel(DEALS - 1).unwrap();
        for (seat, suit) in Seat::ALL.into_iter().zip([3u8, 2, 1, 0]) {
            let cards: Vec<u8> = last.hand(seat).cards().map(|c| c.index()).collect();
            assert_eq!(cards, (13 * suit..13 * suit + 13).collect::<Vec<_>>());
        }
        assert_eq!(Deal::from_goedel(DEALS), None);
    }

    #[test]
    fn numbers_and_deals_are_inverses() {
        let mut g: u128 = 0x1234_5678_9abc_def0_1122_3344;
        for _ in 0..2000 {
            g = g
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407)
                % DEALS;
            let deal = Deal::from_goedel(g).unwrap();
            assert!(deal.is_complete());
            assert_eq!(deal.goedel(), Some(g));
        }
        // Neighbours differ by moving South's last cards first.
        let a = Deal::from_goedel(0).unwrap();
        let b = Deal::from_goedel(1).unwrap();
        assert_eq!(a.hand(Seat::North), b.hand(Seat::North));
        assert_eq!(a.hand(Seat::East), b.hand(Seat::East));
        assert_ne!(a.hand(Seat::South), b.hand(Seat::South));
    }
}
