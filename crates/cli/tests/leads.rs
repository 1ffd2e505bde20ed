//! `boardfile leads`: an opening-lead study on the command line. The
//! numbers themselves are checked against positions solved card by card
//! (crates/python/tests/test_analysis.py, and the solver's own tests);
//! here, what the command says and refuses.

mod common;

use common::{bin, expect, s, stderr};

const HAND: &str = "KQ2.T98.A765.432";

fn leads(extra: &[&str]) -> std::process::Output {
    let mut args = vec!["leads", HAND, "--contract", "4S", "--declarer", "S"];
    args.extend_from_slice(extra);
    std::process::Command::new(bin())
        .args(&args)
        .output()
        .unwrap()
}

#[test]
fn a_study_lists_every_lead_the_best_first() {
    let out = leads(&["--deals", "50", "--seed", "leads", "--jobs", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0]
            .starts_with("Leads by West from KQ2.T98.A765.432 against 4S by South, over 50 deals"),
        "{text}"
    );
    // Six leads: SKQ, S2, HT98, DA, D765, C432.
    assert_eq!(lines.len(), 2 + 6, "{text}");
    let beats: Vec<f64> = lines[2..]
        .iter()
        .map(|l| {
            l.split_whitespace()
                .nth(2)
                .unwrap()
                .trim_end_matches('%')
                .parse()
                .unwrap()
        })
        .collect();
    assert!(beats.windows(2).all(|w| w[0] >= w[1]), "{text}");
}

#[test]
fn the_numbers_do_not_depend_on_the_threads_nor_on_the_kept_tables() {
    let run = |extra: &[&str]| {
        let mut args = vec!["--deals", "40", "--seed", "7", "--json"];
        args.extend_from_slice(extra);
        let out = leads(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run(&["--jobs", "1"]);
    assert_eq!(one.lines().count(), 6, "{one}");
    assert_eq!(run(&["--jobs", "2"]), one);
    assert_eq!(run(&["--jobs", "2", "--cold"]), one);
    for line in one.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let (p, lo, hi) = (
            v["beats"].as_f64().unwrap(),
            v["beats_low"].as_f64().unwrap(),
            v["beats_high"].as_f64().unwrap(),
        );
        assert!(lo <= p && p <= hi, "{line}");
        assert_eq!(v["deals"], 40);
    }
}

#[test]
fn what_is_not_a_study_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.dl");
    std::fs::write(&bad, "hcp(south) >=\n").unwrap();
    for (args, code, said) in [
        (
            vec![
                "leads",
                "KQ2.T98.A765.",
                "--contract",
                "4S",
                "--declarer",
                "S",
            ],
            2,
            "not 13",
        ),
        (
            vec!["leads", HAND, "--contract", "9S", "--declarer", "S"],
            2,
            "a contract bid",
        ),
        (
            vec!["leads", HAND, "--contract", "4S", "--declarer", "Q"],
            2,
            "N, E, S or W",
        ),
        (
            vec![
                "leads",
                HAND,
                "--contract",
                "4S",
                "--declarer",
                "S",
                "--where",
                "predeal west SA",
            ],
            1,
            "predeals West",
        ),
        (
            vec![
                "leads",
                HAND,
                "--contract",
                "4S",
                "--declarer",
                "S",
                "--where",
                s(&bad),
            ],
            1,
            "bad.dl",
        ),
    ] {
        let err = stderr(&expect(code, &args));
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

#[test]
fn a_study_goes_into_a_file_never_over_one_unasked() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("study.jsonl");
    let args = [
        "--deals",
        "20",
        "--seed",
        "1",
        "--json",
        "--output",
        s(&out),
    ];
    let first = leads(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(first.stdout.is_empty());
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.lines().count(), 6, "{written}");
    let again = leads(&args);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), written);
    let mut forced = args.to_vec();
    forced.push("--force");
    assert!(leads(&forced).status.success());
}
