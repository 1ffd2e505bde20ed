//! Our own solver (`boardfile-dd`, what `boardfile_bridge::dd` solves with)
//! and pons-dds (what it solved with before) against the C++ DDS
//! (`dds-bridge`) on the same random deals and on the hard deals of
//! crates/dd/tests/hard-deals.txt: every table and par must agree, and the
//! time per random deal on one core is compared, then ours on one and two
//! threads through `dd::solve_deals` (what `boardfile solve` runs).
//!
//!   scripts/bench-dds.sh [DEALS]     (default 100; needs libclang-dev)
//!   DDS_PBN=FILE scripts/bench-dds.sh 100   (also writes the deals with DDS's tables)
//!   DDS_PART=1/2 scripts/bench-dds.sh 10000 & DDS_PART=2/2 scripts/bench-dds.sh 10000
//!       (each checks every second deal of the 10,000, one a core, and
//!       skips the passes through dd::solve_deals; with DDS_PBN, each part
//!       writes FILE.K-of-M)
//!
//! Not criterion: a deal takes a tenth of a second or more, so each engine
//! solves the sample once, timed whole. Exits 1 on any disagreement.

use boardfile_bridge::deal::seeded::{deal_set, Seed};
use boardfile_bridge::{dd, Board, BoardSet, DdTable, Seat, Strain};
use std::collections::BTreeSet;
use std::time::Instant;

fn seat(s: Seat) -> contract_bridge::Seat {
    match s {
        Seat::North => contract_bridge::Seat::North,
        Seat::East => contract_bridge::Seat::East,
        Seat::South => contract_bridge::Seat::South,
        Seat::West => contract_bridge::Seat::West,
    }
}

fn strain(s: Strain) -> contract_bridge::Strain {
    match s {
        Strain::Clubs => contract_bridge::Strain::Clubs,
        Strain::Diamonds => contract_bridge::Strain::Diamonds,
        Strain::Hearts => contract_bridge::Strain::Hearts,
        Strain::Spades => contract_bridge::Strain::Spades,
        Strain::NoTrump => contract_bridge::Strain::Notrump,
    }
}

/// The strains and sides of DDS's par contracts. As pons-dds's
/// `Par::equivalent`: the level and doubling may differ for the same score
/// (2S making nine tricks or 3S making), so only the score, strains and
/// sides are compared.
fn dds_contracts(p: &dds_bridge::Par) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for c in &p.contracts {
        let strain = match c.contract.bid.strain {
            contract_bridge::Strain::Clubs => "C",
            contract_bridge::Strain::Diamonds => "D",
            contract_bridge::Strain::Hearts => "H",
            contract_bridge::Strain::Spades => "S",
            contract_bridge::Strain::Notrump => "NT",
        };
        let side = match c.declarer {
            contract_bridge::Seat::North | contract_bridge::Seat::South => "NS",
            _ => "EW",
        };
        out.insert(format!("{strain}-{side}"));
    }
    out
}

/// Ours, with single declarers widened to their side (DDS may list one
/// partner where the other reaches the same).
fn our_contracts(p: &boardfile_bridge::Par) -> BTreeSet<String> {
    p.contracts
        .iter()
        .map(|c| {
            let (contract, who) = c.rsplit_once('-').unwrap();
            let side = if who.contains(['N', 'S']) { "NS" } else { "EW" };
            let strain = contract
                .trim_start_matches(char::is_numeric)
                .trim_end_matches('X');
            format!("{strain}-{side}")
        })
        .collect()
}

/// DDS's `DealerParBin(table, result, dealer, vulnerable)`, called through
/// dds-bridge. dds-bridge 0.21 passes the vulnerability where DDS wants the
/// dealer and the dealer where it wants the vulnerability (found here: its
/// par moved with the dealer and not with the vulnerability), so when
/// `swapped` each is given in the other's place, encoded as DDS reads it.
fn dds_par(
    swapped: bool,
    table: dds_bridge::TrickCountTable,
    vul: dds_bridge::Vulnerability,
    dealer: contract_bridge::Seat,
) -> dds_bridge::Par {
    if !swapped {
        return dds_bridge::calculate_par(table, vul, dealer);
    }
    use dds_bridge::Vulnerability as V;
    // DDS's vulnerable codes 0 None, 1 Both, 2 NS, 3 EW, as a seat index;
    // its dealer codes 0 N, 1 E, 2 S, 3 W, as dds-bridge's encoding of a
    // vulnerability (None 0, All 1, NS 2, EW 3).
    let code = [V::NONE, V::ALL, V::NS, V::EW]
        .iter()
        .position(|&v| v == vul)
        .unwrap();
    let as_seat = [
        contract_bridge::Seat::North,
        contract_bridge::Seat::East,
        contract_bridge::Seat::South,
        contract_bridge::Seat::West,
    ][code];
    let as_vul = [V::NONE, V::ALL, V::NS, V::EW][dealer as usize];
    dds_bridge::calculate_par(table, as_vul, as_seat)
}

/// True when dds-bridge swaps dealer and vulnerability: on a deal where
/// North-South make exactly 4H and nothing else matters, par with only
/// North-South vulnerable must be 620, and North dealing must not change it.
fn dds_swaps_arguments(solver: &mut dds_bridge::Solver) -> bool {
    // North: AKQJ of hearts and spades' top; a plain 4H make for NS.
    let deal: contract_bridge::FullDeal =
        "N:AKQ2.AKQJ.32.432 543.5432.AKQ.AKQ 876.T987.654.765 JT9.6.JT987.JT98"
            .parse()
            .unwrap();
    let table = solver.solve_deal(deal);
    let ns = dds_bridge::calculate_par(
        table,
        dds_bridge::Vulnerability::NS,
        contract_bridge::Seat::North,
    );
    let none = dds_bridge::calculate_par(
        table,
        dds_bridge::Vulnerability::NONE,
        contract_bridge::Seat::North,
    );
    ns.score == none.score
}

/// Every engine's tables of one set's deals, each engine timed whole on
/// one core: pons-dds, the C++ DDS, ours (its table cleared for each
/// strain; the time includes reading each deal from its PBN form).
struct Solved {
    pons: Vec<DdTable>,
    dds: Vec<dds_bridge::TrickCountTable>,
    ours: Vec<DdTable>,
    seconds: [f64; 3],
    our_nodes: u64,
}

fn solve_all(set: &BoardSet, solver: &mut dds_bridge::Solver) -> Solved {
    let deals: Vec<_> = set.boards.iter().map(|b| b.deal).collect();
    let (pons, pons1) = timed_pons(&deals);
    let start = Instant::now();
    let dds = deals
        .iter()
        .map(|d| solver.solve_deal(d.to_pbn().parse().unwrap()))
        .collect();
    let dds1 = start.elapsed().as_secs_f64();
    let mut own_solver = boardfile_dd::Solver::new();
    let start = Instant::now();
    let ours = deals
        .iter()
        .map(|d| {
            let deal = boardfile_dd::Deal::from_pbn(&d.to_pbn()).unwrap();
            DdTable::from(&own_solver.table(&deal))
        })
        .collect();
    let own1 = start.elapsed().as_secs_f64();
    Solved {
        pons,
        dds,
        ours,
        seconds: [pons1, dds1, own1],
        our_nodes: own_solver.nodes(),
    }
}

/// pons-dds's tables of `deals` on one thread (with the stack it wants),
/// and the seconds taken.
fn timed_pons(deals: &[boardfile_bridge::Deal]) -> (Vec<DdTable>, f64) {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(scope, || {
                let mut solver = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
                let start = Instant::now();
                let tables = deals
                    .iter()
                    .map(|d| {
                        let full = d.to_pbn().parse().unwrap();
                        pons_table(&pons_dds::solve_deal_on(&mut solver, full))
                    })
                    .collect();
                (tables, start.elapsed().as_secs_f64())
            })
            .unwrap()
            .join()
            .unwrap()
    })
}

/// Ours through the library on `jobs` threads (what `boardfile solve`
/// runs): the seconds taken. Its tables must be `ours`, the solver's own.
fn timed_library(deals: &[boardfile_bridge::Deal], jobs: usize, ours: &[DdTable]) -> f64 {
    let start = Instant::now();
    dd::solve_deals(deals, jobs, &mut |i, t| {
        assert_eq!(
            t, ours[i],
            "deal {i}: the library's table is not the solver's"
        );
        true
    });
    start.elapsed().as_secs_f64()
}

/// pons-dds's table in the model's form.
fn pons_table(t: &pons_dds::TrickCountTable) -> DdTable {
    let mut table = DdTable::default();
    for st in Strain::NT_FIRST {
        for s in Seat::ALL {
            let tricks = t[strain(st)].get(seat(s)).get();
            table.set(s, st, Some(tricks)).unwrap();
        }
    }
    table
}

/// The deals of crates/dd/tests/hard-deals.txt (freak shapes, deals our
/// solver once got wrong, squeezes and endplays, each with its reason
/// there), as boards 1, 2, ...
fn hard_set() -> BoardSet {
    let mut set = BoardSet::default();
    let text = include_str!("../../dd/tests/hard-deals.txt");
    for (k, line) in text.lines().filter(|l| l.starts_with("N:")).enumerate() {
        let deal = boardfile_bridge::Deal::parse_pbn(line).unwrap();
        set.boards.push(Board::new(k as u32 + 1, deal));
    }
    set
}

fn main() {
    let n: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .or_else(|| std::env::var("DEALS").ok()?.parse().ok())
        .unwrap_or(100);
    let mut set = deal_set(n, 1, &Seed::parse("dd5").unwrap());
    let part = std::env::var("DDS_PART").ok().map(|p| {
        p.split_once('/')
            .and_then(|(k, m)| Some((k.parse::<usize>().ok()?, m.parse::<usize>().ok()?)))
            .filter(|&(k, m)| (1..=m).contains(&k))
            .expect("DDS_PART is K/M, 1 <= K <= M")
    });
    if let Some((k, m)) = part {
        set.boards = std::mem::take(&mut set.boards)
            .into_iter()
            .skip(k - 1)
            .step_by(m)
            .collect();
    }
    let whole = n;
    let n = set.boards.len() as u32;
    if n == 0 {
        eprintln!("no deals to solve (DEALS {whole}, DDS_PART {part:?})");
        std::process::exit(2);
    }
    let mut solver = dds_bridge::Solver::default();
    let swapped = dds_swaps_arguments(&mut solver);
    let solved = solve_all(&set, &mut solver);
    let [pons1, dds1, own1] = solved.seconds;
    let hard = hard_set();
    let hard_solved = solve_all(&hard, &mut solver);
    // Boards whose table or par differs from DDS's: pons-dds's, ours.
    let bad = [
        disagreements(&set, &solved.pons, &solved.dds, swapped, "pons-dds"),
        disagreements(&set, &solved.ours, &solved.dds, swapped, "ours"),
    ];
    let hard_bad = [
        disagreements(
            &hard,
            &hard_solved.pons,
            &hard_solved.dds,
            swapped,
            "pons-dds",
        ),
        disagreements(&hard, &hard_solved.ours, &hard_solved.dds, swapped, "ours"),
    ];
    // With DDS_PBN=FILE: the deals with the C++ DDS's tables as a PBN
    // (DoubleDummyTricks only), for `boardfile validate --solve`.
    if let Ok(path) = std::env::var("DDS_PBN") {
        let path = match part {
            Some((k, m)) => format!("{path}.{k}-of-{m}"),
            None => path,
        };
        write_with_dds_tables(&set, &solved.dds, &path);
    }
    let deals: Vec<_> = set.boards.iter().map(|b| b.deal).collect();
    let library = part
        .is_none()
        .then(|| [1, 2].map(|jobs| timed_library(&deals, jobs, &solved.ours)));
    match part {
        Some((k, m)) => {
            println!("{n} deals (seed dd5: part {k} of {m} of {whole}), all 20 tricks and par each")
        }
        None => println!("{n} deals (seed dd5), all 20 tricks and par each"),
    }
    if swapped {
        println!("(dds-bridge swaps DealerParBin's dealer and vulnerability: called crosswise)");
    }
    let (m, h) = (n as usize, hard.boards.len());
    println!(
        "agreeing with DDS in table and par: pons-dds {} of {m}, ours {} of {m}",
        m - bad[0],
        m - bad[1]
    );
    println!(
        "hard deals (crates/dd/tests/hard-deals.txt): pons-dds {} of {h}, ours {} of {h}",
        h - hard_bad[0],
        h - hard_bad[1]
    );
    println!(
        "one core: pons-dds {:.1} ms/deal, C++ DDS {:.1} ms/deal (pons/DDS {:.2}x)",
        pons1 * 1e3 / f64::from(n),
        dds1 * 1e3 / f64::from(n),
        pons1 / dds1
    );
    println!(
        "one core: ours {:.1} ms/deal (ours/DDS {:.2}x, ours/pons {:.2}x), {} nodes a deal",
        own1 * 1e3 / f64::from(n),
        own1 / dds1,
        own1 / pons1,
        solved.our_nodes / u64::from(n)
    );
    if let Some([lib1, lib2]) = library {
        println!(
            "ours through dd::solve_deals (boardfile solve): 1 job {:.1} ms/deal, 2 jobs {:.1} ms/deal, speed-up {:.2}x",
            lib1 * 1e3 / f64::from(n),
            lib2 * 1e3 / f64::from(n),
            lib1 / lib2
        );
    }
    if bad.iter().chain(&hard_bad).any(|&b| b > 0) {
        std::process::exit(1);
    }
}

/// The boards whose tables or pars differ between a solver of ours
/// (`who`: pons-dds or our own) and the C++ DDS (`theirs`), each said on
/// standard error: their number.
fn disagreements(
    set: &BoardSet,
    ours: &[DdTable],
    theirs: &[dds_bridge::TrickCountTable],
    swapped: bool,
    who: &str,
) -> usize {
    let mut bad = 0;
    for (k, b) in set.boards.iter().enumerate() {
        let mut wrong = false;
        for s in Seat::ALL {
            for st in Strain::NT_FIRST {
                let want = u8::from(theirs[k][strain(st)].get(seat(s)));
                if ours[k].get(s, st) != Some(want) {
                    wrong = true;
                    eprintln!(
                        "board {}: {s:?} {st:?}: {who} {:?}, DDS {want}",
                        b.number,
                        ours[k].get(s, st)
                    );
                }
            }
        }
        let vul = match b.vulnerability {
            boardfile_bridge::Vulnerability::None => dds_bridge::Vulnerability::NONE,
            boardfile_bridge::Vulnerability::NS => dds_bridge::Vulnerability::NS,
            boardfile_bridge::Vulnerability::EW => dds_bridge::Vulnerability::EW,
            boardfile_bridge::Vulnerability::All => dds_bridge::Vulnerability::ALL,
        };
        let p_dds = dds_par(swapped, theirs[k], vul, seat(b.dealer));
        let p_ours = dd::par(&ours[k], b.vulnerability, b.dealer).unwrap();
        if p_dds.score != p_ours.score_ns || dds_contracts(&p_dds) != our_contracts(&p_ours) {
            wrong = true;
            eprintln!(
                "board {}: {who}'s par {} {:?}, DDS {} {:?}",
                b.number,
                p_ours.score_ns,
                p_ours.contracts,
                p_dds.score,
                dds_contracts(&p_dds)
            );
        }
        bad += usize::from(wrong);
    }
    bad
}

/// Writes the deals with the C++ DDS's tables to `path`, as a PBN with
/// `DoubleDummyTricks` only.
fn write_with_dds_tables(set: &BoardSet, theirs: &[dds_bridge::TrickCountTable], path: &str) {
    let mut with_tables = set.clone();
    for (b, t) in with_tables.boards.iter_mut().zip(theirs) {
        let mut table = DdTable::default();
        for s in Seat::ALL {
            for st in Strain::NT_FIRST {
                let tricks = u8::from(t[strain(st)].get(seat(s)));
                table.set(s, st, Some(tricks)).unwrap();
            }
        }
        b.dd = Some(table);
    }
    let tags = boardfile_bridge::DdTags::parse("DoubleDummyTricks").unwrap();
    let mut out = Vec::new();
    boardfile_bridge::write_with(
        boardfile_bridge::Format::Pbn,
        &with_tables,
        &mut out,
        &boardfile_bridge::WriteOptions::with_dd_tags(tags),
    )
    .unwrap();
    std::fs::write(path, out).unwrap();
    println!("wrote {path}: the deals with the C++ DDS's tables");
}
