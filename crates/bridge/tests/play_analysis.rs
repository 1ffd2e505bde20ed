//! Play analysis (`dd::play`) on the played boards of
//! `../shared/data/wild` (BBO, BEN and club results with their play):
//! the value before the lead is the double-dummy table's entry (a
//! different path of the solver), a card only ever costs the side that
//! played it, and after the last card of a whole play the value is the
//! tricks declarer took, counted by the model from the cards and, where
//! the file says it, the file's `Result`.
//!
//! The first 60 played boards by default (a few seconds); all of them
//! (2,410, 1,777 whole plays with a `Result`: some 15 minutes unoptimised)
//! with `BOARDFILE_HEAVY=1`.

#![cfg(feature = "dd")]

use boardfile_bridge::dd::play::analyse_play;
use boardfile_bridge::model::auction::strain_suit;
use boardfile_bridge::{dd, read, Board, Format, PlayValues};
use std::path::{Path, PathBuf};

mod common;
use common::files;

fn wild() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/wild")
}

/// Calls `each` with the place, the board and its values of the first
/// `most` played boards of the wild PBN and LIN files (all of them with
/// `BOARDFILE_HEAVY=1`), and gives how many; none without the files.
fn each_played(most: usize, mut each: impl FnMut(&str, &Board, &PlayValues)) -> usize {
    let dir = wild();
    if !dir.is_dir() {
        eprintln!("no ../shared/data/wild: skipped");
        return 0;
    }
    let most = match std::env::var_os("BOARDFILE_HEAVY") {
        Some(_) => usize::MAX,
        None => most,
    };
    let mut boards = 0;
    for (ext, format) in [("pbn", Format::Pbn), ("lin", Format::Lin)] {
        for path in files(&dir, ext) {
            let Ok(set) = read(format, &std::fs::read(&path).unwrap()) else {
                continue; // the verifier suite's files of errors
            };
            for b in &set.set.boards {
                if boards >= most {
                    return boards;
                }
                if let Ok(Some(v)) = analyse_play(b) {
                    each(&format!("{} board {}", path.display(), b.number), b, &v);
                    boards += 1;
                }
            }
        }
    }
    boards
}

#[test]
fn each_card_is_valued_as_the_table_the_rules_and_the_result_say() {
    let (mut whole, mut results, mut costly) = (0, 0, 0);
    let boards = each_played(60, |at, b, v| {
        let table = dd::solve(&b.deal).unwrap();
        assert_eq!(Some(v.start), table.get(v.declarer, v.strain), "{at}");
        let mut before = v.start;
        for c in &v.cards {
            let declarers = c.seat == v.declarer || c.seat == v.declarer.next(2);
            if declarers {
                assert!(
                    c.tricks <= before,
                    "{at}: {} by {:?} raised declarer's",
                    c.card,
                    c.seat
                );
                assert_eq!(c.cost, before - c.tricks, "{at}");
            } else {
                assert!(
                    c.tricks >= before,
                    "{at}: {} by {:?} lowered declarer's",
                    c.card,
                    c.seat
                );
                assert_eq!(c.cost, c.tricks - before, "{at}");
            }
            costly += usize::from(c.cost > 0);
            before = c.tricks;
        }
        if v.cards.len() == 52 {
            whole += 1;
            let trump = strain_suit(v.strain);
            let (ns, ew) = b.play.as_ref().unwrap().tricks_won(trump);
            let took = if v.declarer.index() % 2 == 0 { ns } else { ew };
            assert_eq!(u32::from(before), took, "{at}: the cards' own count");
            if let Some(r) = b.tag("Result").and_then(|r| r.parse::<u32>().ok()) {
                results += 1;
                assert_eq!(u32::from(before), r, "{at}: the file's Result");
            }
        }
    });
    if boards == 0 {
        return;
    }
    eprintln!("{boards} played boards valued, {whole} whole plays, {results} with a Result, {costly} costly cards");
    assert!(boards >= 50, "only {boards} played boards found");
    assert!(whole >= 20 && results >= 10 && costly >= 10);
}

/// Each card of the played boards valued by the C++ DDS's own play
/// analysis (`AnalysePlayBin`, through dds-bridge): the same value before
/// the lead and after every card DDS values (all but the last trick's,
/// which are forced). Only with the `dds-oracle` feature
/// (libclang-dev): `scripts/bench-dds.sh` runs it. The first 200 played
/// boards; all of them with `BOARDFILE_HEAVY=1`.
#[cfg(feature = "dds-oracle")]
#[test]
fn each_card_is_valued_as_the_cpp_dds_values_it() {
    use boardfile_bridge::{Card, Seat, Strain, Suit};
    let seat = |s: Seat| match s {
        Seat::North => contract_bridge::Seat::North,
        Seat::East => contract_bridge::Seat::East,
        Seat::South => contract_bridge::Seat::South,
        Seat::West => contract_bridge::Seat::West,
    };
    let strain = |s: Strain| match s {
        Strain::Clubs => contract_bridge::Strain::Clubs,
        Strain::Diamonds => contract_bridge::Strain::Diamonds,
        Strain::Hearts => contract_bridge::Strain::Hearts,
        Strain::Spades => contract_bridge::Strain::Spades,
        Strain::NoTrump => contract_bridge::Strain::Notrump,
    };
    let card = |c: Card| contract_bridge::Card {
        suit: match c.suit() {
            Suit::Spades => contract_bridge::Suit::Spades,
            Suit::Hearts => contract_bridge::Suit::Hearts,
            Suit::Diamonds => contract_bridge::Suit::Diamonds,
            Suit::Clubs => contract_bridge::Suit::Clubs,
        },
        rank: contract_bridge::Rank::new(c.rank() as u8),
    };
    let (mut cards, mut costly) = (0, 0);
    let boards = each_played(200, |at, b, v| {
        let deal: contract_bridge::FullDeal = b.deal.to_pbn().parse().unwrap();
        let trick = dds_bridge::CurrentTrick::new(strain(v.strain), seat(v.declarer.next(1)));
        let trace = dds_bridge::PlayTrace {
            board: dds_bridge::Board::try_new(deal.into(), trick).unwrap(),
            cards: v.cards.iter().map(|c| card(c.card)).collect(),
        };
        let theirs: Vec<u8> = dds_bridge::analyse_play(&trace)
            .tricks
            .iter()
            .map(|t| t.get())
            .collect();
        let ours: Vec<u8> = std::iter::once(v.start)
            .chain(v.cards.iter().map(|c| c.tricks))
            .collect();
        // DDS stops before the last trick, whose cards are forced.
        assert_eq!(theirs.len(), ours.len().min(49), "{at}");
        assert_eq!(ours[..theirs.len()], theirs, "{at}");
        cards += theirs.len() - 1;
        costly += v.costly().count();
    });
    if boards == 0 {
        return;
    }
    eprintln!("{boards} played boards, {cards} cards ({costly} costly): each valued as the C++ DDS values it");
    assert!(boards >= 50, "only {boards} played boards found");
}
