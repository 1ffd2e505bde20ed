//! Deterministic random boards for benchmarks and tests (xorshift64 and a
//! Fisher-Yates shuffle): the same boards on every machine, no dependency.

use boardfile_bridge::{Board, BoardSet, Card, Deal, Hand};

/// `boards` random complete deals numbered 1, 2, 3... from a fixed seed.
pub fn random_set(boards: usize, seed: u64) -> BoardSet {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let list = (0..boards)
        .map(|i| {
            let mut pack: Vec<u8> = (0..52).collect();
            for j in (1..52).rev() {
                pack.swap(j, (next() % (j as u64 + 1)) as usize);
            }
            let hands: [Hand; 4] = std::array::from_fn(|s| {
                pack[13 * s..13 * s + 13]
                    .iter()
                    .map(|&c| Card::from_index(c).unwrap())
                    .collect()
            });
            Board::new(i as u32 + 1, Deal::new(hands).unwrap())
        })
        .collect();
    BoardSet::from_boards(list)
}
