//! Random hands for the tests, shared by tests/agreement.rs and the
//! crate's own unit tests (which include this file by path).

use rand_chacha::rand_core::RngCore;

/// The hands of a random deal of `n` cards a hand: the pack shuffled
/// (Fisher-Yates), its first `4 n` cards dealt in turn.
pub fn random_hands(rng: &mut impl RngCore, n: usize) -> [u64; 4] {
    let mut cards: Vec<u32> = (0..4)
        .flat_map(|s| (0..13).map(move |r| 16 * s + r))
        .collect();
    for i in (1..52).rev() {
        cards.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    let mut hands = [0u64; 4];
    for (k, c) in cards[..4 * n].iter().enumerate() {
        hands[k / n] |= 1 << c;
    }
    hands
}
