//! A club session from one tool: several outputs from one read, boards
//! chosen and numbered anew, sets joined, and the CLI's conventions
//! (`--quiet`, completions, the man page, `--json`).

mod common;

use common::{expect, s, stderr};
use std::path::{Path, PathBuf};

/// The Laws' dealer and vulnerability of a board number, as the test
/// writes them (dealer N E S W from board 1; vulnerability by the cycle of
/// 16: None NS EW All NS EW All None EW All None NS All None NS EW).
fn laws(number: u32) -> (&'static str, &'static str) {
    const DEALER: [&str; 4] = ["N", "E", "S", "W"];
    const VUL: [&str; 16] = [
        "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All",
        "None", "NS", "EW",
    ];
    let i = (number - 1) as usize;
    (DEALER[i % 4], VUL[i % 16])
}

/// (board, dealer, vulnerable, deal) of each line of a JSON Lines file,
/// read by the test with serde_json.
fn boards(jsonl: &[u8]) -> Vec<(u32, String, String, String)> {
    String::from_utf8_lossy(jsonl)
        .lines()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            Some((
                v.get("board")?.as_u64()? as u32,
                v["dealer"].as_str()?.to_string(),
                v["vulnerable"].as_str()?.to_string(),
                v["deal"].as_str()?.to_string(),
            ))
        })
        .collect()
}

fn dealt(dir: &Path, name: &str, boards: u32, seed: &str) -> PathBuf {
    let path = dir.join(name);
    expect(
        0,
        &[
            "deal",
            s(&path),
            "--boards",
            &boards.to_string(),
            "--seed",
            seed,
        ],
    );
    path
}

#[test]
fn one_convert_writes_every_output_as_its_own_run_would() {
    let dir = tempfile::tempdir().unwrap();
    let input = dealt(dir.path(), "set.pbn", 24, "c1ab");
    let names = ["set.dlm", "set.dup", "out.pbn", "set.pdf", "set.jsonl"];
    let outs: Vec<PathBuf> = names.iter().map(|n| dir.path().join(n)).collect();
    let mut args = vec!["convert", s(&input)];
    args.extend(outs.iter().map(|p| s(p)));
    expect(0, &args);
    for out in &outs {
        let alone = dir.path().join(format!(
            "alone.{}",
            out.extension().unwrap().to_str().unwrap()
        ));
        expect(0, &["convert", s(&input), s(&alone)]);
        assert_eq!(
            std::fs::read(out).unwrap(),
            std::fs::read(&alone).unwrap(),
            "{}",
            out.display()
        );
    }
    // The deals are the input's, in order: the JSON Lines against the PBN
    // read by the test's own reading of its Deal tags.
    let pbn = String::from_utf8(std::fs::read(&input).unwrap()).unwrap();
    let deals: Vec<&str> = pbn
        .lines()
        .filter_map(|l| l.strip_prefix("[Deal \"")?.strip_suffix("\"]"))
        .collect();
    let got = boards(&std::fs::read(&outs[4]).unwrap());
    assert_eq!(got.len(), 24);
    for ((n, dealer, vul, deal), pbn_deal) in got.iter().zip(&deals) {
        assert_eq!((dealer.as_str(), vul.as_str()), laws(*n));
        // The PBN deal starts with the dealer; JSON Lines' with N.
        let seats = "NESW";
        let first = seats.find(&pbn_deal[..1]).unwrap();
        let hands: Vec<&str> = pbn_deal[2..].split(' ').collect();
        let from_n: Vec<&str> = (0..4).map(|k| hands[(k + 4 - first) % 4]).collect();
        assert_eq!(deal[2..], from_n.join(" "));
    }
    // Hand records: one PDF of 24 boards, four a page.
    let pdf = std::fs::read(&outs[3]).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let pages = pdf
        .windows(11)
        .filter(|w| w == b"/Type /Page" || w == b"/Type/Page\n")
        .count();
    assert!(pages >= 6, "{pages} page objects");
    // A failure in one output leaves none of them.
    let bad = dir.path().join("missing/x.dup");
    let fresh = dir.path().join("fresh.pbn");
    expect(2, &["convert", s(&input), s(&fresh), s(&bad)]);
    assert!(!fresh.exists());
}

#[test]
fn chosen_boards_renumbered_take_the_laws_dealer_and_vulnerability() {
    let dir = tempfile::tempdir().unwrap();
    let input = dealt(dir.path(), "set.jsonl", 32, "b0a2d");
    let all = boards(&std::fs::read(&input).unwrap());
    let out = expect(
        0,
        &[
            "convert",
            s(&input),
            "-",
            "--to",
            "jsonl",
            "--boards",
            "1-16",
        ],
    );
    let got = boards(&out.stdout);
    assert_eq!(got, all[..16]);
    let out = expect(
        0,
        &[
            "convert",
            s(&input),
            "-",
            "--to",
            "jsonl",
            "--boards",
            "5,9-10,31-",
            "--renumber",
            "1",
        ],
    );
    let got = boards(&out.stdout);
    let chosen = [5, 9, 10, 31, 32];
    assert_eq!(got.len(), chosen.len());
    for (k, (n, dealer, vul, deal)) in got.iter().enumerate() {
        assert_eq!(*n, k as u32 + 1);
        assert_eq!((dealer.as_str(), vul.as_str()), laws(*n));
        assert_eq!(*deal, all[chosen[k] - 1].3);
    }
    // --keep-conditions: board 5's own (N, NS) as board 1.
    let out = expect(
        0,
        &[
            "convert",
            s(&input),
            "-",
            "--to",
            "jsonl",
            "--boards",
            "5",
            "--renumber",
            "1",
            "--keep-conditions",
        ],
    );
    let got = boards(&out.stdout);
    assert_eq!(
        (got[0].0, got[0].1.as_str(), got[0].2.as_str()),
        (1, "N", "NS")
    );
    let run = expect(2, &["convert", s(&input), "-", "--boards", "3-1"]);
    assert!(stderr(&run).contains("runs backwards"), "{}", stderr(&run));
}

#[test]
fn join_keeps_order_and_refuses_a_number_twice_unless_renumbered() {
    let dir = tempfile::tempdir().unwrap();
    let a = dealt(dir.path(), "a.pbn", 8, "a");
    let b = dealt(dir.path(), "b.dup", 8, "b");
    let joined = dir.path().join("ab.jsonl");
    let run = expect(1, &["join", s(&a), s(&b), s(&joined)]);
    assert!(
        stderr(&run).contains("b.dup") && stderr(&run).contains("board 1 again"),
        "{}",
        stderr(&run)
    );
    assert!(!joined.exists());
    expect(0, &["join", s(&a), s(&b), s(&joined), "--renumber", "1"]);
    let got = boards(&std::fs::read(&joined).unwrap());
    let one = |p: &Path| boards(&expect(0, &["convert", s(p), "-", "--to", "jsonl"]).stdout);
    let (ba, bb) = (one(&a), one(&b));
    assert_eq!(got.len(), 16);
    for (k, (n, dealer, vul, deal)) in got.iter().enumerate() {
        assert_eq!(*n, k as u32 + 1);
        assert_eq!((dealer.as_str(), vul.as_str()), laws(*n));
        let source = if k < 8 { &ba[k] } else { &bb[k - 8] };
        assert_eq!(*deal, source.3);
    }
    // Boards 9-16 of another set join without renumbering.
    let c = dir.path().join("c.pbn");
    expect(
        0,
        &[
            "deal",
            s(&c),
            "--boards",
            "8",
            "--first",
            "9",
            "--seed",
            "c",
        ],
    );
    let out = expect(0, &["join", s(&a), s(&c), "-", "--to", "jsonl"]);
    let numbers: Vec<u32> = boards(&out.stdout).iter().map(|b| b.0).collect();
    assert_eq!(numbers, (1..=16).collect::<Vec<_>>());
}

#[test]
fn quiet_silences_notes_not_errors() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pbn");
    std::fs::write(
        &input,
        "[Event \"Club\"]\n[West \"Ann\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n",
    )
    .unwrap();
    let out = dir.path().join("out.bri");
    let loud = expect(0, &["convert", s(&input), s(&out)]);
    assert!(stderr(&loud).contains("note:"), "{}", stderr(&loud));
    let quiet = expect(0, &["-q", "convert", s(&input), s(&out)]);
    assert_eq!(stderr(&quiet), "");
    let missing = dir.path().join("none.pbn");
    let err = expect(2, &["--quiet", "convert", s(&missing), s(&out)]);
    assert!(stderr(&err).contains("none.pbn"), "{}", stderr(&err));
}

#[test]
fn completions_load_in_bash_and_the_man_page_renders() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("boardfile.bash");
    std::fs::write(&script, expect(0, &["completions", "bash"]).stdout).unwrap();
    // Loaded, bash knows how to complete boardfile, and offers the commands.
    let out = std::process::Command::new("bash")
        .args([
            "-c",
            "source \"$1\" && complete -p boardfile && COMP_WORDS=(boardfile co) && COMP_CWORD=1 && _boardfile boardfile co boardfile && echo \"${COMPREPLY[@]}\"",
            "bash",
            s(&script),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("complete") && text.contains("boardfile"),
        "{text}"
    );
    assert!(
        text.contains("convert") && text.contains("completions"),
        "{text}"
    );
    let page = expect(0, &["man"]).stdout;
    let roff = String::from_utf8_lossy(&page);
    assert!(roff.contains(".TH boardfile 1"), "{roff}");
    // Rendered by man where the system has it (Debian's man-db, groff).
    let path = dir.path().join("boardfile.1");
    std::fs::write(&path, &page).unwrap();
    match std::process::Command::new("man")
        .args(["-l", s(&path)])
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .output()
    {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            for word in ["NAME", "SYNOPSIS", "SUBCOMMANDS", "convert", "validate"] {
                assert!(text.contains(word), "{word} in\n{text}");
            }
        }
        other => eprintln!("man cannot render here: {other:?}"),
    }
}

#[test]
fn validate_json_parses_and_places_each_problem() {
    let dir = tempfile::tempdir().unwrap();
    let good = dealt(dir.path(), "good.pbn", 4, "9");
    // A card twice in the Deal of line 3: placed at the tag's value, whose
    // place the test knows from the text it wrote.
    let bad = dir.path().join("bad.pbn");
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AAKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    std::fs::write(&bad, text).unwrap();
    let missing = dir.path().join("missing.pbn");
    // Exit 2: a file could not be read (the worst of 0, 1 and 2).
    let out = expect(2, &["validate", "--json", s(&good), s(&bad), s(&missing)]);
    // Not printed twice: the problems are in the JSON.
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["records"], 4);
    assert_eq!(lines[1]["valid"], false);
    let e = &lines[1]["errors"][0];
    assert_eq!(e["format"], "PBN");
    assert_eq!(e["line"], 3);
    assert_eq!(e["record"], 0);
    let byte = text.find("\"N:AAKQJ").unwrap();
    assert_eq!(e["byte"].as_u64(), Some(byte as u64));
    let line_start = text[..byte].rfind('\n').unwrap() + 1;
    assert_eq!(e["column"].as_u64(), Some((byte - line_start + 1) as u64));
    assert!(e["message"].as_str().unwrap().contains("twice"), "{e}");
    assert!(lines[2]["error"].as_str().unwrap().contains("missing.pbn"));
    let info = expect(0, &["info", "--json", s(&good)]);
    let v: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(
        (v["boards"].as_u64(), v["numbers"][1].as_u64()),
        (Some(4), Some(4))
    );
}
