//! What the unit tests of more than one format share.

use crate::model::card::Strain;
use crate::model::deal::Seat;

/// Boards of every shape of double-dummy data the writers' plain forms
/// have (see `formats::pbn` and `formats::jsonl`): no
/// table, a whole one, one with unknown entries; no par, a score alone, a
/// score with contracts (some not of the usual shape, one with a quote
/// and a letter beyond ASCII); a deal with
/// hands left out; scores of either side and 0.
pub(crate) fn plain_boards() -> Vec<crate::model::board::Board> {
    use crate::model::board::{DdTable, Par};
    use crate::model::deal::{Deal, DEALS};
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
            let mut b = crate::model::board::Board::new(n, deal);
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

/// `count` strings of up to `max` characters drawn from `alphabet`, some
/// of them `seeds` with a character changed, put in or taken out: inputs
/// near the forms a reader knows, for comparing a fast reading with a
/// plain one.
pub(crate) fn near_strings(
    seeds: &[&str],
    alphabet: &str,
    max: usize,
    count: usize,
) -> Vec<String> {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let chars: Vec<char> = alphabet.chars().collect();
    let mut pick = |n: usize| (rng.next_u32() as usize) % n.max(1);
    let mut out: Vec<String> = seeds.iter().map(|s| s.to_string()).collect();
    while out.len() < count {
        let mut s: Vec<char> = if seeds.is_empty() || pick(3) == 0 {
            (0..pick(max + 1))
                .map(|_| chars[pick(chars.len())])
                .collect()
        } else {
            seeds[pick(seeds.len())].chars().collect()
        };
        for _ in 0..1 + pick(3) {
            let at = pick(s.len() + 1);
            let c = chars[pick(chars.len())];
            match pick(3) {
                0 if at < s.len() => s[at] = c,
                1 => s.insert(at, c),
                _ if at < s.len() => {
                    s.remove(at);
                }
                _ => s.push(c),
            }
        }
        out.push(s.into_iter().collect());
    }
    out
}

/// What a read gives: the set or the error that stopped it, the errors
/// collected and the warnings.
pub(crate) type Outcome = (
    Result<crate::model::set::BoardSet, String>,
    Vec<String>,
    Vec<boardfile_io::Warning>,
);

/// A reader's fast way and its general one (`read(general, collecting)`)
/// give the same, strict and collecting; else the first board that differs
/// is named, not whole sets.
pub(crate) fn assert_read_alike(read: impl Fn(bool, bool) -> Outcome, what: &str, general: &str) {
    for collecting in [false, true] {
        let (fast, slow) = (read(false, collecting), read(true, collecting));
        if fast != slow {
            let sets = fast.0.as_ref().ok().zip(slow.0.as_ref().ok());
            let board =
                sets.and_then(|(f, s)| f.boards.iter().zip(&s.boards).find(|(x, y)| x != y));
            panic!(
                "{what} (collecting: {collecting}): read and {general} differ; first board that does: {board:?}; stopped: {:?} / {:?}; errors: {:?} / {:?}",
                fast.0.as_ref().err(),
                slow.0.as_ref().err(),
                fast.1,
                slow.1
            );
        }
    }
}
