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
use boardfile_bridge::{dd, read, Format};
use std::path::{Path, PathBuf};

mod common;
use common::files;

fn wild() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/wild")
}

#[test]
fn each_card_is_valued_as_the_table_the_rules_and_the_result_say() {
    let dir = wild();
    if !dir.is_dir() {
        eprintln!("no ../shared/data/wild: skipped");
        return;
    }
    let most = match std::env::var_os("BOARDFILE_HEAVY") {
        Some(_) => usize::MAX,
        None => 60,
    };
    let (mut boards, mut whole, mut results, mut costly) = (0, 0, 0, 0);
    for (ext, format) in [("pbn", Format::Pbn), ("lin", Format::Lin)] {
        for path in files(&dir, ext) {
            let Ok(set) = read(format, &std::fs::read(&path).unwrap()) else {
                continue; // the verifier suite's files of errors
            };
            for b in &set.set.boards {
                if boards >= most {
                    break;
                }
                let Ok(Some(v)) = analyse_play(b) else {
                    continue;
                };
                let at = format!("{} board {}", path.display(), b.number);
                boards += 1;
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
            }
        }
    }
    eprintln!("{boards} played boards valued, {whole} whole plays, {results} with a Result, {costly} costly cards");
    assert!(boards >= 50, "only {boards} played boards found");
    assert!(whole >= 20 && results >= 10 && costly >= 10);
}
