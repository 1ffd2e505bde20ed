//! `boardfile deal --where`: real scripts of `../shared/data/dealer` run,
//! and every deal produced is checked by a small evaluator written here
//! (HCP, suit lengths, shapes), not by the library's.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn boardfile(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_boardfile"))
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

fn expect(code: i32, args: &[&str]) -> Run {
    let run = boardfile(args);
    assert_eq!(
        run.code, code,
        "boardfile {args:?}\nstdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    run
}

fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/dealer/ADavidBailey+Practice-Bidding-Scenarios")
}

fn script(name: &str) -> String {
    scripts_dir().join(name).to_str().unwrap().to_string()
}

/// A hand as the test reads it: the ranks held in each suit, spades first.
struct Hand([String; 4]);

impl Hand {
    fn hcp(&self) -> u32 {
        self.0
            .iter()
            .flat_map(|s| s.chars())
            .map(|c| match c {
                'A' => 4,
                'K' => 3,
                'Q' => 2,
                'J' => 1,
                _ => 0,
            })
            .sum()
    }

    fn len(&self, suit: usize) -> usize {
        self.0[suit].len()
    }

    /// The lengths longest first (`[4, 3, 3, 3]`).
    fn pattern(&self) -> Vec<usize> {
        let mut p: Vec<usize> = (0..4).map(|s| self.len(s)).collect();
        p.sort_unstable_by(|a, b| b.cmp(a));
        p
    }

    fn has(&self, suit: usize, rank: char) -> bool {
        self.0[suit].contains(rank)
    }
}

/// The boards of a JSON Lines output: (dealer, vulnerable, hands N E S W).
fn boards(jsonl: &str) -> Vec<(String, String, [Hand; 4])> {
    jsonl
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let deal = v["deal"].as_str().unwrap();
            let deal = deal.strip_prefix("N:").expect("deals from North");
            let hands: Vec<Hand> = deal
                .split(' ')
                .map(|h| {
                    let suits: Vec<String> = h.split('.').map(String::from).collect();
                    Hand(suits.try_into().unwrap())
                })
                .collect();
            assert_eq!(hands.len(), 4);
            for h in &hands {
                assert_eq!(h.0.iter().map(String::len).sum::<usize>(), 13);
            }
            (
                v["dealer"].as_str().unwrap().to_string(),
                v["vulnerable"].as_str().unwrap().to_string(),
                hands.try_into().ok().unwrap(),
            )
        })
        .collect()
}

#[test]
fn basic_nt_deals_satisfy_the_script_as_read_here() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("nt.jsonl");
    let run = expect(
        0,
        &[
            "deal",
            out.to_str().unwrap(),
            "--where",
            &script("Basic_NT.dlr"),
            "--boards",
            "25",
            "--seed",
            "1",
            "--json",
        ],
    );
    let got = boards(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(got.len(), 25);
    let mut north_hcp = 0;
    for (dealer, _, [n, e, s, w]) in &got {
        // `dealer south`
        assert_eq!(dealer, "S");
        // South: any 4333, 4432 or 5332 but no five-card major, 15-17.
        let p = s.pattern();
        assert!(
            [vec![4, 3, 3, 3], vec![4, 4, 3, 2], vec![5, 3, 3, 2]].contains(&p),
            "{p:?}"
        );
        assert!(s.len(0) < 5 && s.len(1) < 5);
        assert!((15..=17).contains(&s.hcp()));
        // North: 4333 or 4432, fewer than four in each major, under 18.
        assert!([vec![4, 3, 3, 3], vec![4, 4, 3, 2]].contains(&n.pattern()));
        assert!(n.len(0) < 4 && n.len(1) < 4 && n.hcp() < 18);
        assert!(e.hcp() < 11 && w.hcp() < 11);
        north_hcp += u32::from(n.hcp() < 8);
    }
    // The report: the first average is 100 * (hcp(north) < 8), over
    // exactly these deals.
    let report: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(report["produced"], 25);
    let first = &report["statistics"][0];
    assert_eq!(first["average"], "Pass-out (north 0-7)  ");
    let want = f64::from(100 * north_hcp) / 25.0;
    assert!((first["value"].as_f64().unwrap() - want).abs() < 1e-9);
}

#[test]
fn predeal_places_the_cards() {
    let run = expect(
        0,
        &[
            "deal",
            "-",
            "--to",
            "jsonl",
            "--where",
            &script("Hold_Up_3N.dlr"),
            "--boards",
            "5",
            "--seed",
            "2",
        ],
    );
    let got = boards(&run.stdout);
    assert_eq!(got.len(), 5);
    for (_, _, [_, e, s, _]) in &got {
        assert!(s.has(1, 'A'), "predeal south HA");
        assert!(e.has(1, 'K') && e.has(1, 'Q'), "predeal east HKQ");
    }
}

#[test]
fn every_real_script_runs() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scripts_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "dlr"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 40, "the 40 scripts of ../shared/data/dealer");
    for f in &files {
        let run = expect(
            0,
            &[
                "deal",
                "/dev/null",
                "--to",
                "jsonl",
                "--where",
                f.to_str().unwrap(),
                "--boards",
                "2",
                "--generate",
                "20000",
                "--seed",
                "3",
                "--json",
            ],
        );
        let report: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        let (p, g) = (
            report["produced"].as_u64().unwrap(),
            report["generated"].as_u64().unwrap(),
        );
        assert!(
            p <= 2 && g <= 20000 && (p == 2 || g == 20000),
            "{f:?}: {p} of {g}"
        );
    }
}

#[test]
fn an_inline_condition_and_the_same_set_whatever_the_threads() {
    let args = |jobs: &'static str| {
        [
            "deal",
            "-",
            "--to",
            "jsonl",
            "--where",
            "hcp(north) >= 20 and spades(north) >= 5",
            "--boards",
            "20",
            "--seed",
            "99",
            "--jobs",
            jobs,
        ]
    };
    let one = expect(0, &args("1"));
    let three = expect(0, &args("3"));
    assert_eq!(one.stdout, three.stdout);
    let got = boards(&one.stdout);
    assert_eq!(got.len(), 20);
    for (i, (dealer, vul, [n, ..])) in got.iter().enumerate() {
        assert!(n.hcp() >= 20 && n.len(0) >= 5);
        // No `dealer` or `vulnerable` in the script: by the Laws.
        assert_eq!(dealer, ["N", "E", "S", "W"][i % 4]);
        let vuls = [
            "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All",
            "None", "NS", "EW",
        ];
        assert_eq!(vul, vuls[i % 16]);
    }
}

#[test]
fn reports_print_as_dealer_prints_them() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.dlr");
    // Every deal produced has exactly 4 spades to North: the average is
    // 4, and the frequency puts all 10 in the row of 4.
    std::fs::write(
        &file,
        "condition spades(north) == 4\naction average \"sp\" spades(north),\n  frequency \"n\" (spades(north), 3, 5),\n",
    )
    .unwrap();
    let out = dir.path().join("o.pbn");
    let run = expect(
        0,
        &[
            "deal",
            out.to_str().unwrap(),
            "--where",
            file.to_str().unwrap(),
            "--boards",
            "10",
            "--seed",
            "4",
        ],
    );
    assert_eq!(
        run.stdout,
        "sp: 4\nFrequency n:\n    3\t       0\n    4\t      10\n    5\t       0\n"
    );
}

#[test]
fn bad_scripts_name_the_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    for (text, want) in [
        ("a = hcp(north)\n\nb = a > 3 andd 4\n", "line 3, column 11"),
        (
            "x = 1\n  y = hcpp(north)\n",
            "line 2, column 7: unknown function `hcpp`",
        ),
        (
            "condition zz > 1\n",
            "line 1, column 11: unknown variable `zz`",
        ),
        (
            "x = 1\nx = 2\n",
            "line 2, column 1: the variable `x` is defined twice",
        ),
        ("shape(north, 5xx)\n", "line 1, column 14"),
        (
            "action printoneline, averag hcp(north)\n",
            "line 1, column 22",
        ),
        ("predeal north SAK\npredeal south SA\n", "line 2, column 15"),
        ("/* open\n1\n", "line 1, column 1"),
        ("hascard(east, 1C)\n", "line 1, column 15"),
    ] {
        let file = dir.path().join("bad.dlr");
        std::fs::write(&file, text).unwrap();
        let run = expect(
            1,
            &[
                "deal",
                "/dev/null",
                "--to",
                "jsonl",
                "--where",
                file.to_str().unwrap(),
            ],
        );
        assert!(run.stderr.contains(want), "{text:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"));
    }
    let run = expect(
        2,
        &[
            "deal",
            "/dev/null",
            "--to",
            "jsonl",
            "--where",
            "missing.dlr",
        ],
    );
    assert!(run.stderr.contains("no such script file"), "{}", run.stderr);
}
