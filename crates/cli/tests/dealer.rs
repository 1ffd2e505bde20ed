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

/// A deal in dealer's printall layout, rendered here from dealer's C
/// (`printdeal`): the number as `%4d.`, then a row a suit of the N, E, S,
/// W holdings, each rank followed by a space (`- ` for a void), columns of
/// 20 characters, and an empty line.
fn printall(number: usize, hands: &[Hand; 4]) -> String {
    let mut text = format!("{number:4}.\n");
    for suit in 0..4 {
        let mut cards = 10;
        for h in hands {
            while cards < 10 {
                text.push_str("  ");
                cards += 1;
            }
            cards = 0;
            for c in h.0[suit].chars() {
                text.push(c);
                text.push(' ');
                cards += 1;
            }
            if cards == 0 {
                text.push_str("- ");
                cards = 1;
            }
        }
        text.push('\n');
    }
    text.push('\n');
    text
}

/// The same boards as JSON Lines: what `--where` deals with this seed.
fn dealt(script: &str, count: &str, seed: &str) -> Vec<(String, String, [Hand; 4])> {
    let run = expect(
        0,
        &[
            "deal", "-", "--to", "jsonl", "--where", script, "--boards", count, "--seed", seed,
        ],
    );
    boards(&run.stdout)
}

#[test]
fn a_script_that_prints_prints_its_deals_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lesson.dlr");
    std::fs::write(
        &file,
        "# a teacher's script\nhcp(north) >= 12\naction printall, average \"hcp\" hcp(north)\n",
    )
    .unwrap();
    let script = file.to_str().unwrap();
    // The same five deals each time, into `out` (and its options) if any.
    let deal = |out: &[&str]| {
        let mut args = vec!["deal"];
        args.extend_from_slice(out);
        args.extend_from_slice(&["--where", script, "--boards", "5", "--seed", "11"]);
        expect(0, &args)
    };
    let run = deal(&[]);
    let deals = dealt(script, "5", "11");
    assert_eq!(deals.len(), 5);
    let mut want: String = (1..)
        .zip(&deals)
        .map(|(i, (_, _, hands))| printall(i, hands))
        .collect();
    let hcp: u32 = deals.iter().map(|(_, _, h)| h[0].hcp()).sum();
    let average = f64::from(hcp) / 5.0;
    assert!(run.stdout.starts_with(&want), "{}", run.stdout);
    let tail = &run.stdout[want.len()..];
    assert!(tail.starts_with("hcp: ") && tail.ends_with('\n'), "{tail}");
    let printed: f64 = tail["hcp: ".len()..].trim().parse().unwrap();
    assert!((printed - average).abs() < 1e-4, "{tail}");
    assert!(run.stderr.contains("5 boards from"), "{}", run.stderr);

    // Into OUT when it names no board format; nothing on standard output.
    let txt = dir.path().join("hands.txt");
    let into = deal(&[txt.to_str().unwrap()]);
    assert_eq!(into.stdout, "");
    assert_eq!(std::fs::read_to_string(&txt).unwrap(), run.stdout);

    // A board file: the boards there, the printout beside them on
    // standard output; with the boards on standard output, on standard
    // error.
    let pbn = dir.path().join("hands.pbn");
    let beside = deal(&[pbn.to_str().unwrap()]);
    assert_eq!(beside.stdout, run.stdout);
    assert!(std::fs::read_to_string(&pbn)
        .unwrap()
        .contains("[Deal \"N:"));
    let piped = deal(&["-", "--to", "jsonl"]);
    assert_eq!(boards(&piped.stdout).len(), 5);
    want.push_str("hcp: ");
    assert!(piped.stderr.starts_with(&want), "{}", piped.stderr);
}

#[test]
fn without_an_action_and_without_out_the_deals_print_as_printall() {
    let run = expect(
        0,
        &[
            "deal",
            "--where",
            "hcp(south) >= 15",
            "--boards",
            "3",
            "--seed",
            "2",
        ],
    );
    let deals = dealt("hcp(south) >= 15", "3", "2");
    let want: String = (1..)
        .zip(&deals)
        .map(|(i, (_, _, hands))| printall(i, hands))
        .collect();
    assert_eq!(run.stdout, want);
    // With --json, the JSON only.
    let json = expect(
        0,
        &[
            "deal",
            "--where",
            "hcp(south) >= 15",
            "--boards",
            "3",
            "--seed",
            "2",
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(v["produced"], 3);
}

#[test]
fn printoneline_and_printpbn_of_a_real_script() {
    // Basic_NT.dlr ends `action printoneline, average ...`.
    let run = expect(
        0,
        &[
            "deal",
            "--where",
            &script("Basic_NT.dlr"),
            "--boards",
            "4",
            "--seed",
            "3",
        ],
    );
    let deals = dealt(&script("Basic_NT.dlr"), "4", "3");
    let lines: Vec<&str> = run.stdout.lines().collect();
    for (line, (_, _, hands)) in lines.iter().zip(&deals) {
        let mut want = String::new();
        for (letter, h) in ["n", "e", "s", "w"].iter().zip(hands) {
            want.push_str(&format!("{letter} {} ", h.0.join(".")));
        }
        assert_eq!(*line, want);
    }
    assert!(
        lines[4].starts_with("Pass-out (north 0-7)  : "),
        "{}",
        lines[4]
    );
    // Basic-1-of-a-Major-S.dlr: `dealer south`, `action printpbn`.
    let major = script("Basic-1-of-a-Major-S.dlr");
    let run = expect(
        0,
        &["deal", "--where", &major, "--boards", "2", "--seed", "3"],
    );
    let deals = dealt(&major, "2", "3");
    let games: Vec<&str> = run.stdout.split_terminator("\n\n").collect();
    assert_eq!(games.len(), 2, "{}", run.stdout);
    for (i, (game, (dealer, vul, hands))) in games.iter().zip(&deals).enumerate() {
        let tags: Vec<&str> = game.lines().collect();
        assert_eq!(tags.len(), 14, "{game}");
        assert!(tags[0].starts_with("[Event \"Hand simulated by boardfile with file "));
        let seed = format!(", seed {}3\"]", "0".repeat(63));
        assert!(tags[0].ends_with(&seed), "{}", tags[0]);
        assert_eq!(tags[1], "[Site \"-\"]");
        let date = &tags[2]["[Date \"".len()..tags[2].len() - 2];
        assert!(
            date.len() == 10 && date.as_bytes()[4] == b'.',
            "{}",
            tags[2]
        );
        assert_eq!(tags[3], format!("[Board \"{}\"]", i + 1));
        assert_eq!(
            tags[4..8],
            [
                "[West \"-\"]",
                "[North \"-\"]",
                "[East \"-\"]",
                "[South \"-\"]"
            ]
        );
        assert_eq!(tags[8], format!("[Dealer \"{dealer}\"]"));
        assert_eq!(tags[9], format!("[Vulnerable \"{vul}\"]"));
        let deal: Vec<String> = hands.iter().map(|h| h.0.join(".")).collect();
        assert_eq!(tags[10], format!("[Deal \"N:{}\"]", deal.join(" ")));
        assert_eq!(
            tags[11..],
            ["[Declarer \"?\"]", "[Contract \"?\"]", "[Result \"?\"]"]
        );
    }
    // --to names OUT's format: without OUT it is refused.
    let run = expect(2, &["deal", "--where", &major, "--to", "pbn"]);
    assert!(run.stderr.contains("give OUT"), "{}", run.stderr);
}
