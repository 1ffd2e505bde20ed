//! Stored double-dummy tables floored as three scoring programs floor them:
//! Dealmaster Pro (through BridgeComposer) stores 1 for any count of 6 or
//! fewer, BridgeNZ's `txt2pbn` 6, its `edr2pbn` 4. The files are built here
//! from the DDS oracle's deals and tables (`tests/data/bridge/
//! dds-oracle-100.pbn`, counts the C++ DDS gave), floored as each writer
//! floors, in each writer's form and with its mark at the head. Each is
//! named by `validate`, read as bounds by `validate --solve`, solved again
//! by `solve` (to the oracle's very counts), and never printed as counts
//! by the hand records.

mod common;

use common::{bin, expect, oracle, s, stderr};
use std::path::Path;
use std::process::Command;

/// How a writer floors and writes.
struct Writer {
    name: &'static str,
    mark: &'static str,
    stored: u8,
    at_most: u8,
    /// BridgeComposer's whole game (Dealmaster Pro's files), else
    /// BridgeNZ's few tags and the table alone.
    composer: bool,
}

const WRITERS: [Writer; 3] = [
    Writer {
        name: "Dealmaster Pro",
        mark: "%Creator: Dealmaster Pro",
        stored: 1,
        at_most: 6,
        composer: true,
    },
    Writer {
        name: "txt2pbn",
        mark: "% BridgeNZ txt2pbn V0.1",
        stored: 6,
        at_most: 6,
        composer: false,
    },
    Writer {
        name: "edr2pbn",
        mark: "% BridgeNZ edr2pbn V0.1",
        stored: 4,
        at_most: 4,
        composer: false,
    },
];

const SEATS: [&str; 4] = ["N", "S", "E", "W"];
const STRAINS: [&str; 5] = ["NT", "S", "H", "D", "C"];

/// The oracle's boards with their tables floored as `w` floors them, in
/// its form, its mark at the head (or none, `marked` false).
fn floored_file(w: &Writer, boards: &[(u32, String, [u8; 20])], marked: bool) -> String {
    let mut out = String::from("% PBN 2.1\r\n% EXPORT\r\n");
    if marked {
        out.push_str(w.mark);
        out.push_str("\r\n");
    }
    for (number, deal, counts) in boards {
        let floored = counts.map(|c| if c <= w.at_most { w.stored } else { c });
        let dealer = ["N", "E", "S", "W"][(*number as usize + 3) % 4];
        let vulnerable = [
            "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All",
            "None", "NS", "EW",
        ][(*number as usize + 15) % 16];
        out.push_str("\r\n");
        if w.composer {
            out.push_str("[Event \"Club pairs\"]\r\n[Site \"\"]\r\n[Date \"2026.11.30\"]\r\n");
        }
        out.push_str(&format!(
            "[Board \"{number}\"]\r\n[Dealer \"{dealer}\"]\r\n[Vulnerable \"{vulnerable}\"]\r\n[Deal \"{deal}\"]\r\n"
        ));
        if w.composer {
            let hex: String = floored
                .iter()
                .map(|&c| char::from_digit(c.into(), 16).unwrap())
                .collect();
            out.push_str(&format!("[DoubleDummyTricks \"{hex}\"]\r\n"));
        }
        out.push_str("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n");
        for (k, c) in floored.iter().enumerate() {
            out.push_str(&format!(
                "{} {:>2} {:>2}\r\n",
                SEATS[k / 5],
                STRAINS[k % 5],
                c
            ));
        }
    }
    out
}

/// Each game's table as `DoubleDummyTricks` gives it: that tag's, else
/// the `OptimumResultTable` rows' (`N NT 10`), in order.
fn tricks_of(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut tables = Vec::new();
    for game in text.split("[Board ").skip(1) {
        let mut lines = game.lines();
        if let Some(hex) = game
            .lines()
            .find_map(|l| l.strip_prefix("[DoubleDummyTricks \""))
        {
            tables.push(hex.trim_end_matches("\"]").to_string());
            continue;
        }
        lines.find(|l| l.starts_with("[OptimumResultTable "));
        let mut counts = [' '; 20];
        for row in lines.take(20) {
            let cells: Vec<&str> = row.split_whitespace().collect();
            let seat = SEATS.iter().position(|s| *s == cells[0]).unwrap();
            let strain = STRAINS.iter().position(|s| *s == cells[1]).unwrap();
            let c: u32 = cells[2].parse().unwrap();
            counts[seat * 5 + strain] = char::from_digit(c, 16).unwrap();
        }
        tables.push(counts.iter().collect());
    }
    tables
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(bin()).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr(&out),
    )
}

/// What `validate` says: its report (standard output) after its warnings.
fn validated(code: i32, args: &[&str]) -> String {
    let out = expect(code, args);
    stderr(&out) + &String::from_utf8_lossy(&out.stdout)
}

/// `N stored values the solver disagrees with`, from `validate --solve`.
fn disagreements(report: &str) -> u64 {
    let (before, _) = report
        .split_once(" stored values the solver disagrees with")
        .unwrap_or_else(|| panic!("{report}"));
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn each_writers_floor_is_named_read_as_bounds_solved_again_and_never_printed() {
    let boards = oracle(12);
    assert_eq!(boards.len(), 12);
    let dir = tempfile::tempdir().unwrap();
    for w in &WRITERS {
        let floored = dir.path().join(format!("{}.pbn", w.name.replace(' ', "-")));
        std::fs::write(&floored, floored_file(w, &boards, true)).unwrap();
        let f = s(&floored);

        // validate names the floor, once for the file, and calls it valid.
        let report = stderr(&expect(0, &["validate", f]));
        assert!(report.contains(w.name), "{}: {report}", w.name);
        assert_eq!(report.matches("floored").count(), 1, "{}: {report}", w.name);
        assert!(
            report.contains(&format!(
                "stores {} for any count of {} or fewer",
                w.stored, w.at_most
            )),
            "{}: {report}",
            w.name
        );

        // Read as bounds ("at most 6"), the stored tables are right.
        let report = validated(0, &["validate", "--solve", f]);
        assert_eq!(disagreements(&report), 0, "{}: {report}", w.name);

        // The hand records print no floored count: no table, a note.
        let html = dir
            .path()
            .join(format!("{}.html", w.name.replace(' ', "-")));
        expect(0, &["convert", f, s(&html)]);
        // (A table with no count at or below the floor is exact: shown.)
        let floors = boards
            .iter()
            .filter(|(_, _, c)| c.iter().any(|&c| c <= w.at_most))
            .count();
        assert!(floors >= 10, "{}: {floors}", w.name);
        let page = std::fs::read_to_string(&html).unwrap();
        assert_eq!(
            page.matches("<table class=\"dd\">").count(),
            12 - floors,
            "{}",
            w.name
        );
        assert_eq!(
            page.matches("the stored table is floored by its writer")
                .count(),
            floors,
            "{}",
            w.name
        );
        let (code, shown, _) = run(&["show", f]);
        assert_eq!(code, Some(0));
        assert_eq!(
            shown.matches("Double dummy   NT").count(),
            12 - floors,
            "{}: {shown}",
            w.name
        );
        assert_eq!(
            shown
                .matches(&format!(
                    "floored by its writer (each {} means {} or fewer)",
                    w.stored, w.at_most
                ))
                .count(),
            floors,
            "{}: {shown}",
            w.name
        );

        // solve solves every floored table again, without --force, to the
        // C++ DDS's counts; the result validates with no floor named.
        let solved = dir
            .path()
            .join(format!("{}-solved.pbn", w.name.replace(' ', "-")));
        let said = stderr(&expect(0, &["solve", f, s(&solved)]));
        assert!(
            said.contains(&format!("{floors} boards stored a table not to be believed (floored, or a count its deal forbids), solved again")),
            "{}: {said}",
            w.name
        );
        let want: Vec<String> = boards
            .iter()
            .map(|(_, _, c)| {
                c.iter()
                    .map(|&c| char::from_digit(c.into(), 16).unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(tricks_of(&solved), want, "{}", w.name);
        let report = validated(0, &["validate", "--solve", s(&solved)]);
        assert_eq!(disagreements(&report), 0, "{}: {report}", w.name);
        assert!(!report.contains("floored"), "{}: {report}", w.name);
        let html = dir
            .path()
            .join(format!("{}-solved.html", w.name.replace(' ', "-")));
        expect(0, &["convert", s(&solved), s(&html)]);
        let page = std::fs::read_to_string(&html).unwrap();
        assert_eq!(
            page.matches("<table class=\"dd\">").count(),
            12,
            "{}",
            w.name
        );
    }
}

#[test]
fn without_its_mark_a_high_floor_reads_as_counts_and_the_solver_finds_them_wrong() {
    // What the mark is for: BridgeNZ's floors at 6 and 4 look like real
    // counts (a side at 6 or 4 everywhere happens), so without the mark
    // the tables are read as counts, and validate --solve finds the
    // floored ones wrong. Dealmaster Pro's floor at 1 is told by its
    // shape even without the mark.
    let boards = oracle(12);
    let dir = tempfile::tempdir().unwrap();
    for w in &WRITERS {
        let path = dir
            .path()
            .join(format!("{}-unmarked.pbn", w.name.replace(' ', "-")));
        std::fs::write(&path, floored_file(w, &boards, false)).unwrap();
        let code = if w.composer { 0 } else { 1 };
        let report = validated(code, &["validate", "--solve", s(&path)]);
        let wrong = boards
            .iter()
            .flat_map(|(_, _, c)| c.iter())
            .filter(|&&c| c < w.at_most && c != w.stored)
            .count() as u64;
        if w.composer {
            assert!(report.contains("looks floored"), "{report}");
            assert_eq!(disagreements(&report), 0, "{report}");
        } else {
            assert!(wrong > 0);
            assert_eq!(disagreements(&report), wrong, "{}: {report}", w.name);
        }
    }
}

#[test]
fn json_lines_gives_a_floored_table_as_believed_with_its_stored_counts_beside() {
    let boards = oracle(2);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dm.pbn");
    std::fs::write(&path, floored_file(&WRITERS[0], &boards, true)).unwrap();
    let out = expect(0, &["convert", s(&path), "-", "--to", "jsonl"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("{\"board\":1,"))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    // Board 1: the oracle's North takes 10 in notrump (kept), East 3
    // (stored as 1, not believed).
    assert_eq!(boards[0].2[0], 10);
    assert_eq!(v["dd"]["N"]["NT"], 10);
    assert_eq!(boards[0].2[10], 3);
    assert_eq!(v["dd"]["E"]["NT"], serde_json::Value::Null);
    assert_eq!(v["dd_stored"]["floored"]["stored"], 1);
    assert_eq!(v["dd_stored"]["floored"]["at_most"], 6);
    let stored: String = boards[0]
        .2
        .map(|c| if c <= 6 { 1 } else { c })
        .iter()
        .map(|&c| char::from_digit(c.into(), 16).unwrap())
        .collect();
    assert_eq!(v["dd_stored"]["tricks"], stored.as_str());
    // And back to PBN: the file's own counts, as it stored them.
    let jsonl = dir.path().join("dm.jsonl");
    std::fs::write(&jsonl, &text).unwrap();
    let back = dir.path().join("back.pbn");
    expect(0, &["convert", s(&jsonl), s(&back)]);
    assert_eq!(tricks_of(&back)[0], stored);
}
