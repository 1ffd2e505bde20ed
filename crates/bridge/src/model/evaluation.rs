//! Hand evaluation beyond high-card points, the measures bridge writers
//! use and the dealer language computes: losers, controls, quick tricks,
//! and Kaplan and Rubens' suit quality and hand evaluation ("CCCC"). Each
//! is of a suit's holding (13 bits, bit 0 the ace, bit 12 the two, as
//! [`Hand::suit_bits`] gives them) or of a whole [`Hand`].

use super::card::Suit;
use super::hand::Hand;

impl Hand {
    /// Losers, suit by suit (dealer's rule, [`suit_losers`]).
    ///
    /// ```
    /// use boardfile_bridge::Hand;
    /// // AKQ none, K32 two, Q5 two (a doubleton without the ace or king),
    /// // 98765 three.
    /// let hand = Hand::parse_dotted("AKQ.K32.Q5.98765").unwrap();
    /// assert_eq!(hand.losers(), 7);
    /// ```
    pub fn losers(self) -> i32 {
        Suit::ALL
            .iter()
            .map(|&s| suit_losers(self.suit_bits(s)))
            .sum()
    }

    /// Controls: an ace 2, a king 1.
    pub fn controls(self) -> u32 {
        Suit::ALL
            .iter()
            .map(|&s| {
                let b = self.suit_bits(s);
                2 * u32::from(b & 1) + u32::from(b >> 1 & 1)
            })
            .sum()
    }

    /// Quick tricks, in halves ([`suit_quick_tricks`]): 2 for each one.
    ///
    /// ```
    /// use boardfile_bridge::Hand;
    /// // AK 2, AQ 1.5, KJ 0.5, K singleton 0: 4 quick tricks.
    /// let hand = Hand::parse_dotted("AK32.AQ5.KJ4.K").unwrap();
    /// assert_eq!(hand.quick_tricks_halves(), 8);
    /// ```
    pub fn quick_tricks_halves(self) -> u32 {
        Suit::ALL
            .iter()
            .map(|&s| suit_quick_tricks(self.suit_bits(s)))
            .sum()
    }

    /// Kaplan and Rubens' evaluation of the hand, times 100 ([`cccc`]).
    pub fn cccc(self) -> i32 {
        cccc(Suit::ALL.map(|s| self.suit_bits(s)))
    }
}

/// Quick tricks of one suit, in halves: AK 4, AQ 3, A 2, KQ 2, K and a
/// smaller card 1 (the usual table: AK 2, AQ 1 1/2, A or KQ 1, Kx 1/2).
pub fn suit_quick_tricks(holding: u16) -> u32 {
    let (a, k, q) = (holding & 1 != 0, holding & 2 != 0, holding & 4 != 0);
    match (a, k, q) {
        (true, true, _) => 4,
        (true, false, true) => 3,
        (true, false, false) | (false, true, true) => 2,
        (false, true, false) if holding.count_ones() >= 2 => 1,
        _ => 0,
    }
}

/// Losers in one suit (dealer's rule).
pub fn suit_losers(holding: u16) -> i32 {
    let (a, k, q) = (holding & 1 != 0, holding & 2 != 0, holding & 4 != 0);
    match holding.count_ones() {
        0 => 0,
        1 => i32::from(!a),
        2 => {
            if a && k {
                0
            } else if a || k {
                1
            } else {
                2
            }
        }
        _ => 3 - i32::from(a) - i32::from(k) - i32::from(q),
    }
}

/// Kaplan and Rubens' suit quality times 100 (The Bridge World, October
/// 1982), as dealer computes it.
pub fn quality(holding: u16) -> i32 {
    let has = |rank: u32| holding >> rank & 1 == 1;
    let len = holding.count_ones() as i32;
    let (ace, king, queen, jack, ten, nine, eight) =
        (has(0), has(1), has(2), has(3), has(4), has(5), has(6));
    let factor = len * 10;
    let higher = [ace, king, queen, jack].iter().filter(|&&h| h).count() as i32;
    let mut q = factor
        * (4 * i32::from(ace) + 3 * i32::from(king) + 2 * i32::from(queen) + i32::from(jack));
    if len > 6 {
        // In long suits the missing queen and jack are made up for.
        let replace = (3 - 2 * i32::from(queen) - i32::from(jack)).min(len - 6);
        q += replace * factor;
    } else {
        if ten {
            q += if higher > 1 || jack {
                factor
            } else {
                factor / 2
            };
        }
        if nine && (higher == 2 || ten || eight) {
            q += factor / 2;
        }
    }
    q
}

/// Kaplan and Rubens' hand evaluation times 100.
pub fn cccc(holdings: [u16; 4]) -> i32 {
    let mut eval = 0;
    let mut shape_points = 0;
    for &h in &holdings {
        let has = |rank: u32| h >> rank & 1 == 1;
        let len = h.count_ones() as i32;
        if len < 3 {
            shape_points += (3 - len) * 100;
        }
        let mut higher = 0;
        if has(0) {
            eval += 300;
            higher += 1;
        }
        if has(1) {
            eval += 200 - if len == 1 { 150 } else { 0 };
            higher += 1;
        }
        if has(2) {
            eval += 100;
            eval -= match len {
                1 => 75,
                2 => 25,
                _ => 0,
            };
            if higher == 0 {
                eval -= 25;
            }
            higher += 1;
        }
        if has(3) {
            eval += match higher {
                2 => 50,
                1 => 25,
                _ => 0,
            };
            higher += 1;
        }
        if has(4) && (higher == 2 || (higher == 1 && has(5))) {
            eval += 25;
        }
        eval += quality(h);
    }
    if shape_points == 0 {
        eval - 50
    } else {
        eval + shape_points - 100
    }
}
