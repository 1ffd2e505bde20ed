//! Deterministic random boards for benchmarks and tests (xorshift64 and a
//! Fisher-Yates shuffle): the same boards on every machine, no dependency.

use boardfile_bridge::{Board, BoardSet, Card, Deal, Hand};

/// xorshift64 from a seed.
fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// `boards` random complete deals numbered 1, 2, 3... from a fixed seed.
pub fn random_set(boards: usize, seed: u64) -> BoardSet {
    let mut next = xorshift(seed);
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

/// Gives every board a random double-dummy table, about one entry in ten
/// unknown; with `one_hand`, only one random declarer's row (as ZRJ holds).
#[allow(dead_code)]
pub fn add_random_tables(set: &mut BoardSet, seed: u64, one_hand: bool) {
    use boardfile_bridge::{DdTable, Seat, Strain};
    let mut next = xorshift(seed);
    for b in &mut set.boards {
        let mut t = DdTable::default();
        let only = Seat::ALL[(next() % 4) as usize];
        for seat in Seat::ALL {
            if one_hand && seat != only {
                continue;
            }
            for strain in Strain::ALL {
                let v = next() % 15;
                t.set(seat, strain, (v < 14).then_some(v as u8)).unwrap();
            }
        }
        // A table whose notrump row is all zero would read as ZDD's end.
        t.set(
            Seat::North,
            Strain::NoTrump,
            t.get(Seat::North, Strain::NoTrump).or(Some(7)),
        )
        .unwrap();
        if one_hand {
            t = DdTable::default();
            for strain in Strain::ALL {
                t.set(only, strain, Some((next() % 14) as u8)).unwrap();
            }
        }
        b.dd = Some(t);
    }
}
