//! What the unit tests of more than one format share.

use crate::board::Strain;
use crate::deal::Seat;

/// Boards of every shape of double-dummy data the writers' plain forms
/// have (see `formats::pbn` and `formats::jsonl`): no
/// table, a whole one, one with unknown entries; no par, a score alone, a
/// score with contracts (some not of the usual shape, one with a quote
/// and a letter beyond ASCII); a deal with
/// hands left out; scores of either side and 0.
pub(crate) fn plain_boards() -> Vec<crate::Board> {
    use crate::board::{DdTable, Par};
    use crate::deal::{Deal, DEALS};
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let contracts: [&[&str]; 5] = [
        &["4S-N"],
        &["3NTX-EW", "4HX-EW"],
        &["5C-NS"],
        &["odd"],
        &["7NT-S\"é"],
    ];
    (1..=48u32)
        .map(|n| {
            let number = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) % DEALS;
            let deal = if n == 7 {
                Deal::default()
            } else {
                Deal::from_number(number + 1).expect("a deal number")
            };
            let mut b = crate::Board::new(n, deal);
            let mut table = DdTable::default();
            for seat in Seat::ALL {
                for strain in Strain::NT_FIRST {
                    let t = (rng.next_u32() % 14) as u8;
                    let known = n % 4 != 2 || rng.next_u32() % 3 != 0;
                    table.set(seat, strain, known.then_some(t)).unwrap();
                }
            }
            b.dd = (n % 4 != 0).then_some(table);
            let score_ns = match n % 5 {
                0 => 0,
                1 | 2 => (rng.next_u32() % 7600) as i32,
                _ => -((rng.next_u32() % 7600) as i32) - 10,
            };
            b.par = match n % 3 {
                0 => None,
                1 => Some(Par {
                    score_ns,
                    contracts: Vec::new(),
                }),
                _ => Some(Par {
                    score_ns,
                    contracts: contracts[(n / 3 % 5) as usize]
                        .iter()
                        .map(|c| c.to_string())
                        .collect(),
                }),
            };
            b
        })
        .collect()
}
