//! Our solver against pons-dds on the same random deals, one thread each:
//! every table must agree; prints each solver's time a deal, their ratio
//! and our nodes a deal.
//!
//!     cargo run --release -p boardfile-dd --example versus -- [DEALS] [SEED] [ours | write=DIR]
//!
//! With `ours`, only our solver runs (for timing it alone). With
//! `write=DIR`, each deal is also written to `DIR/deal.K` in
//! bridge-solver's input form (North; West, four spaces or more, and East;
//! South; each hand's spades, hearts, diamonds and clubs, `-` for a void),
//! with our table in its output's form in `DIR/ours.K` (a line a strain,
//! NT first then S, H, D, C, each giving the tricks of declarers South,
//! North, West and East), for `scripts/bench-dd-solver.sh` to compare.

use boardfile_dd::{Deal, Solver};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::time::Instant;

/// `count` random deals from `seed`: the 52 cards shuffled (Fisher-Yates)
/// and dealt thirteen a hand.
fn deals(count: usize, seed: u64) -> Vec<Deal> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut cards: Vec<u32> = (0..4)
                .flat_map(|s| (0..13).map(move |r| 16 * s + r))
                .collect();
            for i in (1..52).rev() {
                let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                cards.swap(i, j);
            }
            let mut hands = [0u64; 4];
            for (k, c) in cards.iter().enumerate() {
                hands[k / 13] |= 1 << c;
            }
            Deal::new(hands).expect("a shuffled pack is a deal")
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = args
        .first()
        .map_or(10, |a| a.parse().expect("DEALS: a number"));
    let seed = args
        .get(1)
        .map_or(1, |a| a.parse().expect("SEED: a number"));
    let write = args.get(2).and_then(|a| a.strip_prefix("write="));
    let ours_only = args.get(2).is_some_and(|a| a == "ours");
    if count == 0 {
        eprintln!("versus: DEALS must be 1 or more");
        std::process::exit(2);
    }
    let deals = deals(count, seed);
    let mut solver = Solver::new();
    let start = Instant::now();
    let ours: Vec<_> = deals.iter().map(|d| solver.table(d)).collect();
    let ours_time = start.elapsed();
    let per = |t: std::time::Duration| t.as_secs_f64() * 1000.0 / count as f64;
    println!(
        "ours: {:.1} ms a deal, {} nodes a deal",
        per(ours_time),
        solver.nodes() / count as u64
    );
    if let Some(dir) = write {
        for (k, (deal, table)) in deals.iter().zip(&ours).enumerate() {
            std::fs::write(format!("{dir}/deal.{k}"), bridge_solver_deal(deal))
                .expect("DIR: a writable directory");
            // bridge-solver's strains NT, S, H, D, C; declarers S, N, W, E.
            let lines: String = [4, 0, 1, 2, 3]
                .iter()
                .map(|&s| {
                    let t = |d| table.tricks(s, d);
                    format!(
                        "{} {:2} {:2} {:2} {:2}\n",
                        "SHDCN".as_bytes()[s] as char,
                        t(2),
                        t(0),
                        t(3),
                        t(1)
                    )
                })
                .collect();
            std::fs::write(format!("{dir}/ours.{k}"), lines).expect("DIR: a writable directory");
        }
    }
    if ours_only {
        return;
    }
    let mut pons = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
    let start = Instant::now();
    let theirs: Vec<_> = deals
        .iter()
        .map(|d| {
            let full: pons_dds::FullDeal = d.to_pbn().parse().expect("pons reads our PBN");
            pons_dds::solve_deal_on(&mut pons, full)
        })
        .collect();
    let pons_time = start.elapsed();
    let strains = [
        contract_bridge::Strain::Spades,
        contract_bridge::Strain::Hearts,
        contract_bridge::Strain::Diamonds,
        contract_bridge::Strain::Clubs,
        contract_bridge::Strain::Notrump,
    ];
    let seats = [
        contract_bridge::Seat::North,
        contract_bridge::Seat::East,
        contract_bridge::Seat::South,
        contract_bridge::Seat::West,
    ];
    let (mut wrong, mut bad_tables) = (0, 0);
    for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        for (s, &strain) in strains.iter().enumerate() {
            for (d, &seat) in seats.iter().enumerate() {
                let want = b[strain].get(seat).get();
                if a.tricks(s, d) != want {
                    wrong += 1;
                    println!(
                        "deal {k} {}: strain {s} declarer {d}: ours {}, pons-dds {want}",
                        deals[k].to_pbn(),
                        a.tricks(s, d)
                    );
                }
            }
        }
        if (0..5).any(|s| (0..4).any(|d| a.tricks(s, d) != b[strains[s]].get(seats[d]).get())) {
            bad_tables += 1;
        }
    }
    println!(
        "pons-dds: {:.1} ms a deal; ours/pons-dds {:.2}x; {} of {} tables agree",
        per(pons_time),
        ours_time.as_secs_f64() / pons_time.as_secs_f64(),
        count - bad_tables,
        count
    );
    if wrong > 0 {
        std::process::exit(1);
    }
}

/// A deal in bridge-solver's input form.
fn bridge_solver_deal(deal: &Deal) -> String {
    let pbn = deal.to_pbn();
    let hands: Vec<String> = pbn[2..]
        .split(' ')
        .map(|h| {
            h.split('.')
                .map(|s| if s.is_empty() { "-" } else { s })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    // West and East on one line, parted by at least four spaces.
    format!(
        "{:20}{}\n{}      {}\n{:20}{}\n",
        "", hands[0], hands[3], hands[1], "", hands[2]
    )
}
