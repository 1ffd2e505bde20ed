//! Double-dummy tables and par, with `pons-dds` (a pure-Rust port of the DDS
//! 2.9 solver by Bo Haglund and Soren Hein).
//!
//! [`solve_deals`] solves complete deals on worker threads, handing each
//! table back as it is found so a caller can keep finished work (a journal)
//! and report progress; [`par`] gives the par score and contracts from a
//! table, the board's vulnerability and its dealer (DDS's `DealerPar`: on a
//! deal where both sides can make something, the side that can bid first).
//!
//! Par contracts are written `4S-N`, `3NT-NS` (both partners reach it),
//! `5DX-EW` (a doubled sacrifice): level, strain, `X`/`XX`, then `-` and the
//! declarers. Over- and undertricks are not written; the score says them.

use crate::board::{DdTable, Par, Strain, Vulnerability};
use crate::deal::{Deal, Seat};
use contract_bridge::contract::Penalty;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Stack for a solving thread: the search recurses 52 plies deep with large
/// frames (pons-dds uses 16 MiB; unoptimised callers want more).
const STACK: usize = 64 << 20;

fn seat_to_pons(s: Seat) -> contract_bridge::Seat {
    match s {
        Seat::North => contract_bridge::Seat::North,
        Seat::East => contract_bridge::Seat::East,
        Seat::South => contract_bridge::Seat::South,
        Seat::West => contract_bridge::Seat::West,
    }
}

fn seat_from_pons(s: contract_bridge::Seat) -> Seat {
    match s {
        contract_bridge::Seat::North => Seat::North,
        contract_bridge::Seat::East => Seat::East,
        contract_bridge::Seat::South => Seat::South,
        contract_bridge::Seat::West => Seat::West,
    }
}

fn strain_to_pons(s: Strain) -> contract_bridge::Strain {
    match s {
        Strain::Clubs => contract_bridge::Strain::Clubs,
        Strain::Diamonds => contract_bridge::Strain::Diamonds,
        Strain::Hearts => contract_bridge::Strain::Hearts,
        Strain::Spades => contract_bridge::Strain::Spades,
        Strain::NoTrump => contract_bridge::Strain::Notrump,
    }
}

fn strain_from_pons(s: contract_bridge::Strain) -> Strain {
    match s {
        contract_bridge::Strain::Clubs => Strain::Clubs,
        contract_bridge::Strain::Diamonds => Strain::Diamonds,
        contract_bridge::Strain::Hearts => Strain::Hearts,
        contract_bridge::Strain::Spades => Strain::Spades,
        contract_bridge::Strain::Notrump => Strain::NoTrump,
    }
}

fn to_pons_deal(deal: &Deal) -> Option<pons_dds::FullDeal> {
    if !deal.is_complete() {
        return None;
    }
    deal.to_pbn().parse().ok()
}

fn table_from_pons(t: &pons_dds::TrickCountTable) -> DdTable {
    let mut table = DdTable::default();
    for strain in Strain::NT_FIRST {
        let row = t[strain_to_pons(strain)];
        for seat in Seat::ALL {
            let tricks = row.get(seat_to_pons(seat)).get();
            table
                .set(seat, strain, Some(tricks))
                .expect("the solver gives 0 to 13 tricks");
        }
    }
    table
}

fn table_to_pons(t: &DdTable) -> Option<pons_dds::TrickCountTable> {
    let mut rows = [pons_dds::TrickCountRow::default(); 5];
    for strain in Strain::NT_FIRST {
        let n = |s| t.get(s, strain);
        rows[strain_to_pons(strain) as usize] = pons_dds::TrickCountRow::try_new(
            n(Seat::North)?,
            n(Seat::East)?,
            n(Seat::South)?,
            n(Seat::West)?,
        )
        .ok()?;
    }
    Some(pons_dds::TrickCountTable(rows))
}

/// Solves one complete deal on the calling thread's own solver thread.
/// `None` for a partial deal.
pub fn solve(deal: &Deal) -> Option<DdTable> {
    let mut found = None;
    solve_deals(&[*deal], 1, &mut |_, t| {
        found = Some(t);
        true
    });
    found
}

/// Solves `deals` on `jobs` threads (at least one), calling `solved` on the
/// calling thread with each deal's index and table as it is found (not in
/// order). Partial deals are skipped. When `solved` returns `false` the
/// workers stop after the deals they are on, whose tables are dropped.
pub fn solve_deals(deals: &[Deal], jobs: usize, solved: &mut dyn FnMut(usize, DdTable) -> bool) {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, DdTable)>();
    std::thread::scope(|scope| {
        for i in 0..jobs.clamp(1, deals.len().max(1)) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            std::thread::Builder::new()
                .name(format!("solve-{i}"))
                .stack_size(STACK)
                .spawn_scoped(scope, move || {
                    let mut solver = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(deal) = deals.get(i) else { break };
                        let Some(d) = to_pons_deal(deal) else {
                            continue;
                        };
                        let t = pons_dds::solve_deal_on(&mut solver, d);
                        if tx.send((i, table_from_pons(&t))).is_err() {
                            break;
                        }
                    }
                })
                .expect("a solving thread");
        }
        drop(tx);
        for (i, table) in rx {
            if !solved(i, table) {
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
    });
}

/// The par score (North-South's side) and contracts of a complete table;
/// `None` when an entry is unknown.
pub fn par(table: &DdTable, vulnerability: Vulnerability, dealer: Seat) -> Option<Par> {
    let tricks = table_to_pons(table)?;
    let vul = match vulnerability {
        Vulnerability::None => pons_dds::Vulnerability::NONE,
        Vulnerability::NS => pons_dds::Vulnerability::NS,
        Vulnerability::EW => pons_dds::Vulnerability::EW,
        Vulnerability::All => pons_dds::Vulnerability::ALL,
    };
    let p = pons_dds::calculate_par(tricks, vul, seat_to_pons(dealer));
    let mut contracts: Vec<(String, Vec<Seat>)> = Vec::new();
    for c in &p.contracts {
        let text = format!(
            "{}{}{}",
            c.contract.bid.level.get(),
            strain_from_pons(c.contract.bid.strain).name(),
            match c.contract.penalty {
                Penalty::Undoubled => "",
                Penalty::Doubled => "X",
                Penalty::Redoubled => "XX",
            }
        );
        let seat = seat_from_pons(c.declarer);
        match contracts.iter_mut().find(|(t, _)| *t == text) {
            Some((_, seats)) if !seats.contains(&seat) => seats.push(seat),
            Some(_) => {}
            None => contracts.push((text, vec![seat])),
        }
    }
    let contracts = contracts
        .into_iter()
        .flat_map(|(text, seats)| {
            // Partners with the same contract are one side: `NS`, `EW`.
            let mut out = Vec::new();
            for pair in [[Seat::North, Seat::South], [Seat::East, Seat::West]] {
                let mine: Vec<Seat> = pair.into_iter().filter(|s| seats.contains(s)).collect();
                if !mine.is_empty() {
                    let who: String = mine.iter().map(|s| s.letter()).collect();
                    out.push(format!("{text}-{who}"));
                }
            }
            out
        })
        .collect();
    Some(Par {
        score_ns: p.score,
        contracts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deal number 1: North all spades, East all hearts, South all
    /// diamonds, West all clubs. By hand: the holder of the trump suit ruffs
    /// every trick, so its side takes 13 in that strain and the other side
    /// none; in notrump the opening leader (declarer's left) runs its suit,
    /// so every declarer takes 0.
    fn suits() -> Deal {
        Deal::from_number(1).unwrap()
    }

    #[test]
    fn a_hand_checked_table() {
        let t = solve(&suits()).unwrap();
        for seat in Seat::ALL {
            let ns = matches!(seat, Seat::North | Seat::South);
            for (strain, ns_trumps) in [
                (Strain::Spades, true),
                (Strain::Diamonds, true),
                (Strain::Hearts, false),
                (Strain::Clubs, false),
            ] {
                let want = if ns == ns_trumps { 13 } else { 0 };
                assert_eq!(t.get(seat, strain), Some(want), "{seat:?} {strain:?}");
            }
            assert_eq!(t.get(seat, Strain::NoTrump), Some(0), "{seat:?} NT");
        }
        // Both sides make a grand slam; spades outrank hearts, and 7NT goes
        // down 13 for either side: NS bid 7S whoever deals (7D scores less).
        for dealer in Seat::ALL {
            let p = par(&t, Vulnerability::None, dealer).unwrap();
            assert_eq!(p.score_ns, 1510, "{dealer:?}");
            assert_eq!(p.contracts, ["7S-NS"], "{dealer:?}");
        }
        assert_eq!(
            par(&t, Vulnerability::NS, Seat::North).unwrap().score_ns,
            2210
        );
        assert_eq!(
            par(&t, Vulnerability::EW, Seat::North).unwrap().score_ns,
            1510
        );
    }

    #[test]
    fn partial_deals_and_tables_are_skipped() {
        let partial = Deal::parse_pbn("N:AKQJT98765432... - - -").unwrap();
        assert_eq!(solve(&partial), None);
        let mut t = solve(&suits()).unwrap();
        t.set(Seat::West, Strain::Clubs, None).unwrap();
        assert_eq!(par(&t, Vulnerability::None, Seat::North), None);
    }

    #[test]
    fn many_deals_on_two_threads_come_back_by_index() {
        // The same deal turned: each seat's table moves with its hand.
        let d = suits();
        let turned = Deal::new([
            d.hand(Seat::West),
            d.hand(Seat::North),
            d.hand(Seat::East),
            d.hand(Seat::South),
        ])
        .unwrap();
        let deals = [d, turned, d, turned];
        let mut got = [None; 4];
        solve_deals(&deals, 2, &mut |i, t| {
            got[i] = Some(t);
            true
        });
        for (i, t) in got.iter().enumerate() {
            let t = t.unwrap();
            let spades_holder = if i % 2 == 0 { Seat::North } else { Seat::East };
            assert_eq!(t.get(spades_holder, Strain::Spades), Some(13), "deal {i}");
        }
    }
}
