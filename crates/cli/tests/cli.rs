//! The `boardfile` binary, run as a user would.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

fn boardfile(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfile"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// Runs and checks the exit status, showing the output when it differs.
fn expect(code: i32, args: &[&str]) -> Run {
    let run = boardfile(args, b"");
    assert_eq!(
        run.code,
        code,
        "boardfile {args:?}\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&run.stdout),
        run.stderr
    );
    run
}

/// A sample: BigDeal's (`bigdeal-*`) from `../shared/data` beside the
/// repository, the others (the format documents' examples) from tests/data.
fn sample(name: &str) -> PathBuf {
    let dir = if name.starts_with("bigdeal-") {
        "../../../shared/data/bridge"
    } else {
        "../../tests/data/bridge"
    };
    Path::new(env!("CARGO_MANIFEST_DIR")).join(dir).join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Files left in a directory (to catch temporary files left behind).
fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn convert_each_sample_to_its_own_format_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "bigdeal-2boards.bri",
        "bigdeal-2boards.dge",
        "bigdeal-2boards.dup",
        "bigdeal-2boards.dlm",
        "dlm-paper-appendix-a.dlm",
        "pbn-spec-example-export.pbn",
        "vugraph-3boards.lin",
    ] {
        let out = dir.path().join(name);
        expect(0, &["convert", s(&sample(name)), s(&out)]);
        assert_eq!(
            std::fs::read(&out).unwrap(),
            std::fs::read(sample(name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn convert_through_jsonl_and_pipes() {
    let dup = std::fs::read(sample("bigdeal-2boards.dup")).unwrap();
    let jsonl = boardfile(&["convert", "-", "-", "--to", "jsonl"], &dup);
    assert_eq!(jsonl.code, 0, "{}", jsonl.stderr);
    assert!(
        jsonl.stdout.starts_with(b"{\"board\":1,\"dealer\":\"N\""),
        "{}",
        String::from_utf8_lossy(&jsonl.stdout)
    );
    let back = boardfile(&["convert", "-", "-", "--to", "DUP"], &jsonl.stdout);
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert_eq!(back.stdout, dup);
}

#[test]
fn pbn_import_to_export_through_jsonl_and_dd_tag_choice() {
    // The standard's example, through JSON Lines, comes out as it was, and
    // with --normalize in the export form written by hand.
    let jsonl = expect(
        0,
        &[
            "convert",
            s(&sample("pbn-spec-example.pbn")),
            "-",
            "--to",
            "jsonl",
        ],
    );
    let text = String::from_utf8(jsonl.stdout.clone()).unwrap();
    assert!(
        text.contains("\"auction\":{\"first\":\"N\",\"calls\":[\"1D\",\"1S\",\"3H\""),
        "{text}"
    );
    let pbn = boardfile(
        &["convert", "-", "-", "--to", "pbn", "--normalize"],
        &jsonl.stdout,
    );
    assert_eq!(pbn.code, 0, "{}", pbn.stderr);
    assert_eq!(
        pbn.stdout,
        std::fs::read(sample("pbn-spec-example-export.pbn")).unwrap()
    );
    // Without --normalize, the file as it was.
    let pbn = boardfile(&["convert", "-", "-", "--to", "pbn"], &jsonl.stdout);
    assert_eq!(pbn.code, 0, "{}", pbn.stderr);
    assert_eq!(
        pbn.stdout,
        std::fs::read(sample("pbn-spec-example.pbn")).unwrap()
    );
    // A table from JSON Lines, written with the chosen tags only.
    let board = br#"{"board":1,"deal":"N:AKQJ.AKQJ.AKQ.AK T987.T987.T98.T9 6543.6543.765.87 2.2.J432.J65432","dd":{"N":{"C":13,"D":13,"H":13,"S":13,"NT":13},"E":{"C":0,"D":0,"H":0,"S":0,"NT":0},"S":{"C":0,"D":0,"H":0,"S":0,"NT":0},"W":{"C":13,"D":13,"H":13,"S":13,"NT":13}}}"#;
    let only = boardfile(
        &[
            "convert",
            "-",
            "-",
            "--to",
            "pbn",
            "--dd-tags",
            "DoubleDummyTricks",
        ],
        board,
    );
    assert_eq!(only.code, 0, "{}", only.stderr);
    let only = String::from_utf8(only.stdout).unwrap();
    assert!(
        only.contains("[DoubleDummyTricks \"ddddd0000000000ddddd\"]\r\n")
            && !only.contains("OptimumResultTable"),
        "{only}"
    );
    let bad = boardfile(
        &["convert", "-", "-", "--to", "pbn", "--dd-tags", "Tricks"],
        board,
    );
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("\"Tricks\" is not one of"),
        "{}",
        bad.stderr
    );
}

#[test]
fn dropped_data_is_named_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set.bri");
    let run = expect(0, &["convert", s(&sample("bigdeal-2boards.dlm")), s(&out)]);
    assert!(
        run.stderr
            .contains("note: BRI does not keep DLM duplicates and property fields (2 boards)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("note: BRI does not keep the DLM header"),
        "{}",
        run.stderr
    );
    // And BRI -> BRI drops nothing, so says nothing.
    let run = expect(0, &["convert", s(&out), s(&dir.path().join("again.bri"))]);
    assert_eq!(run.stderr, "");
}

#[test]
fn bad_input_exits_1_names_record_and_byte_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let dup = std::fs::read(sample("bigdeal-2boards.dup")).unwrap();
    let dlm = std::fs::read(sample("bigdeal-2boards.dlm")).unwrap();
    let mut flipped = dlm.clone();
    let at = String::from_utf8_lossy(&dlm).find("Board 02=").unwrap() + 9;
    flipped[at] = b'c'; // 'a' -> 'c'
    let mut halves = dup.clone();
    // Board 2's DGE half (from byte 234): North ♠AKQ984, West ♠JT6. Swap
    // North's ♠4 and West's ♠6 there only: two valid deals that disagree.
    assert_eq!((halves[240], halves[288]), (b'4', b'6'));
    halves[240] = b'6';
    halves[288] = b'4';
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("truncated.dup", dup[..300].to_vec(), ":record 1 (byte 156): error: truncated record: 144 of 156 bytes"),
        ("flipped.dlm", flipped, ":14:1: error: board 2: checksum 020 in the file"),
        ("halves.dup", halves, ":record 1 (byte 156): error: the BRI and DGE halves disagree: North holds AKQ984.KQT7..Q83 in the BRI half, AKQ986.KQT7..Q83 in the DGE half"),
        ("fourteen.dge", {
            // North takes East's only spade (the king of board 1): 14 against 12.
            let mut d = std::fs::read(sample("bigdeal-2boards.dge")).unwrap();
            d[..20].copy_from_slice(b"\x06AKJ9\x03K9542\x04Q\x05AK93\x06\x03");
            d
        }, ":record 0 (byte 0): error: North holds 14 cards"),
    ];
    for (name, bytes, message) in cases {
        let input = dir.path().join(name);
        std::fs::write(&input, &bytes).unwrap();
        let out = dir.path().join(format!("{name}.jsonl"));
        let run = expect(1, &["convert", s(&input), s(&out)]);
        assert!(
            run.stderr.starts_with(&format!("{}{message}", s(&input))),
            "{name}: {}",
            run.stderr
        );
        assert!(!out.exists(), "{name}: OUT was created");
        let run = expect(1, &["validate", s(&input)]);
        assert!(run.stderr.contains(message), "{name}: {}", run.stderr);
    }
    // Only the inputs are there: no temporary files were left behind.
    assert_eq!(
        entries(dir.path()),
        ["flipped.dlm", "fourteen.dge", "halves.dup", "truncated.dup"]
    );
}

#[test]
fn failed_conversion_leaves_an_existing_output_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.bri");
    std::fs::write(&out, b"precious").unwrap();
    let bad = dir.path().join("bad.dup");
    std::fs::write(
        &bad,
        &std::fs::read(sample("bigdeal-2boards.dup")).unwrap()[..200],
    )
    .unwrap();
    expect(1, &["convert", s(&bad), s(&out)]);
    assert_eq!(std::fs::read(&out).unwrap(), b"precious");
    assert_eq!(entries(dir.path()), ["bad.dup", "out.bri"]);
}

#[test]
fn operational_failures_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("set.dup");
    std::fs::copy(sample("bigdeal-2boards.dup"), &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let run = expect(2, &["convert", s(&copy), s(&copy)]);
    assert!(
        run.stderr.contains("refusing to write over the input"),
        "{}",
        run.stderr
    );
    let same_via_dots = format!("{}/./set.dup", s(dir.path()));
    expect(2, &["convert", s(&copy), &same_via_dots]);
    assert_eq!(std::fs::read(&copy).unwrap(), before);

    let run = expect(
        2,
        &[
            "convert",
            s(&copy),
            s(&dir.path().join("no/such/dir/out.bri")),
        ],
    );
    // The missing directory is named, not a temporary file's name.
    assert!(
        run.stderr.contains("no directory") && run.stderr.contains("no/such/dir"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains(".boardfile-"), "{}", run.stderr);
    let run = expect(2, &["convert", s(&copy), s(&dir.path().join("out.xyz"))]);
    assert!(run.stderr.contains("give --to"), "{}", run.stderr);
    let run = expect(2, &["info", s(&dir.path().join("missing.dup"))]);
    assert!(
        run.stderr.contains("missing.dup: cannot read"),
        "{}",
        run.stderr
    );
    let unknown = dir.path().join("notes.txt");
    std::fs::write(&unknown, "hello").unwrap();
    let run = expect(2, &["info", s(&unknown)]);
    assert!(run.stderr.contains("name it with --from"), "{}", run.stderr);
    expect(2, &["convert", s(&copy), "-", "--to", "doc"]);
    expect(2, &["frobnicate"]);
}

#[test]
fn validate_many_files_reports_each_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.bri");
    let mut bytes = std::fs::read(sample("bigdeal-2boards.bri")).unwrap();
    bytes[2..4].copy_from_slice(b"01"); // ♠A twice in North
    std::fs::write(&bad, bytes).unwrap();
    let good = sample("bigdeal-2boards.dlm");
    let run = expect(
        1,
        &[
            "validate",
            s(&good),
            s(&bad),
            s(&sample("dlm-paper-appendix-a.dlm")),
        ],
    );
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(
        stdout.contains("bigdeal-2boards.dlm: valid (DLM, 2 boards read"),
        "{stdout}"
    );
    assert!(
        stdout.contains("bad.bri: 1 error (BRI, 1 board read"),
        "{stdout}"
    );
    assert!(
        run.stderr
            .contains(":record 0 (byte 2): error: card SA (01) appears twice"),
        "{}",
        run.stderr
    );
    expect(0, &["validate", s(&good)]);
    // A missing file is "could not run", worse than invalid.
    expect(2, &["validate", s(&bad), s(&dir.path().join("gone.dlm"))]);
}

#[test]
fn show_and_info() {
    let run = expect(
        0,
        &[
            "show",
            s(&sample("dlm-paper-appendix-a.dlm")),
            "--board",
            "2",
            "--ascii",
        ],
    );
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(
        text.starts_with("Board 2   Dealer East   Vulnerable NS\n"),
        "{text}"
    );
    // Appendix C board 2: East holds J52.Q9875..AQ873, 9 points.
    assert!(
        text.contains("S J52") && text.contains("D -") && text.contains("9 HCP"),
        "{text}"
    );
    assert_eq!(text.matches("Board ").count(), 1);
    let all = expect(0, &["show", s(&sample("bigdeal-2boards.bri"))]);
    assert_eq!(
        String::from_utf8(all.stdout)
            .unwrap()
            .matches("Board ")
            .count(),
        2
    );
    expect(
        2,
        &["show", s(&sample("bigdeal-2boards.bri")), "--board", "7"],
    );

    let run = expect(0, &["info", s(&sample("bigdeal-2boards.dup"))]);
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(
        text.contains("format:   DUP") && text.contains("boards:   2"),
        "{text}"
    );
    assert!(
        text.contains("dup trailer:\n    random: yes\n    backwards: no\n    first board: 1\n    last board: 2\n    copies: 0\n"),
        "{text}"
    );
    // The same facts as fields (the trailer's bytes, hand-checked: "YN1  0 2").
    let run = expect(0, &["info", "--json", s(&sample("bigdeal-2boards.dup"))]);
    let info: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let trailer = &info["details"]["dup_trailer"];
    assert_eq!(
        (
            &trailer["random"],
            &trailer["backwards"],
            &trailer["last_board"]
        ),
        (
            &serde_json::json!(true),
            &serde_json::json!(false),
            &serde_json::json!(2)
        ),
        "{info}"
    );
    let run = expect(0, &["info", "--json", s(&sample("bigdeal-2boards.dlm"))]);
    let info: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let dlm = &info["details"]["dlm"];
    assert_eq!(
        dlm["Headline"], "Generated by Big Deal version 1.2",
        "{info}"
    );
    assert_eq!(dlm["To board"], "2", "{info}");
    // A WTHOR header's fields (N1, the games, is bytes 4 to 7: 9113).
    let wtb =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/othello/WTH_2004.wtb");
    let bytes = std::fs::read(&wtb).unwrap();
    let n1 = u32::from_le_bytes(bytes[4..8].try_into().unwrap());
    let run = expect(0, &["info", "--json", s(&wtb)]);
    let info: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(info["details"]["header"]["n1"], n1, "{info}");
    assert_eq!(info["details"]["games"], n1, "{info}");
    let run = expect(0, &["formats"]);
    let text = String::from_utf8(run.stdout).unwrap();
    for name in ["BRI", "DGE", "BRE", "DUP", "HRF", "DLM", "JSONL"] {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing from\n{text}"
        );
    }
    // Which behaviour is the default, and the option for the other.
    assert!(
        text.contains("written as they were read, by default"),
        "{text}"
    );
    assert!(text.contains("--normalize"), "{text}");
}

#[test]
fn format_options_override_detection() {
    // --from and --to are honoured: BRI to HRF on stdout, and a DLM read as
    // DUP fails as DUP.
    let run = expect(
        0,
        &[
            "convert",
            s(&sample("bigdeal-2boards.bri")),
            "-",
            "--from",
            "bri",
            "--to",
            "hrf",
        ],
    );
    assert_eq!(run.stdout.len(), 256);
    assert!(
        run.stdout
            .starts_with(b"1SAJ9HK9542DQCAK93SKHQJ76DK98763C75"),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    let run = expect(
        1,
        &["info", s(&sample("bigdeal-2boards.dlm")), "--from", "dup"],
    );
    assert!(run.stderr.contains("(DUP)"), "{}", run.stderr);
}

/// The federation's files, from `../shared/data` beside the repository.
fn othello(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/othello")
        .join(name)
}

#[test]
fn othello_convert_validate_show_and_names() {
    let dir = tempfile::tempdir().unwrap();
    let wtb = othello("WTH_2004.wtb");
    // WTB -> JSONL -> WTB: the same bytes; names come from WTHOR.JOU/TRN
    // beside the input.
    let jsonl = dir.path().join("2004.jsonl");
    expect(0, &["convert", s(&wtb), s(&jsonl)]);
    let text = std::fs::read_to_string(&jsonl).unwrap();
    assert!(
        text.lines().nth(1).unwrap().contains("\"black\":\""),
        "{}",
        &text[..300]
    );
    let back = dir.path().join("back.wtb");
    expect(0, &["convert", s(&jsonl), s(&back)]);
    assert_eq!(std::fs::read(&back).unwrap(), std::fs::read(&wtb).unwrap());
    // Through standard input, told apart from bridge JSON Lines by content.
    let piped = boardfile(&["convert", "-", "-", "--to", "wtb"], text.as_bytes());
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert_eq!(piped.stdout, std::fs::read(&wtb).unwrap());

    // A corrupted game: exit 1, the game index and move named.
    let mut bad = std::fs::read(&wtb).unwrap();
    // Record 42 (game 43), move 10 (White to move, no pass in the opening)
    // becomes a1: byte 16 + 68 * 42 + 8 + 9 = 2889.
    bad[16 + 68 * 42 + 8 + 9] = 11;
    let bad_path = dir.path().join("bad.wtb");
    std::fs::write(&bad_path, &bad).unwrap();
    let run = expect(1, &["validate", s(&bad_path)]);
    assert!(
        run.stderr
            .contains(":record 42, move 10 (byte 2889): error: move 10 a1 is not legal for White"),
        "{}",
        run.stderr
    );
    assert!(
        String::from_utf8_lossy(&run.stdout).contains("1 error"),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    // The broken game goes to JSON Lines and back as it stands, and
    // validating the JSON Lines finds it; transcripts refuse it.
    let bad_jsonl = dir.path().join("bad.jsonl");
    expect(0, &["convert", s(&bad_path), s(&bad_jsonl)]);
    let run = expect(1, &["validate", s(&bad_jsonl)]);
    assert!(
        run.stderr
            .contains("game 43: move 10 a1 is not legal for White"),
        "{}",
        run.stderr
    );
    let back = dir.path().join("back.wtb");
    expect(0, &["convert", s(&bad_jsonl), s(&back)]);
    assert!(std::fs::read(&back).unwrap() == bad);
    let txt = dir.path().join("bad.txt");
    let run = expect(1, &["convert", s(&bad_path), s(&txt), "--to", "transcript"]);
    assert!(
        run.stderr.contains(
            "game 43: move 10 a1 is not legal for White; TRANSCRIPT holds legal games only"
        ),
        "{}",
        run.stderr
    );
    assert!(!txt.exists());

    // show: the final board and score of game 1 of 1977, names looked up.
    let run = expect(0, &["show", s(&othello("WTH_1977.wtb")), "--board", "1"]);
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(
        out.contains("Final score 34-30 (stored 34, theoretical 41)"),
        "{out}"
    );
    expect(2, &["show", s(&othello("WTH_1977.wtb")), "--board", "13"]);

    // A name not in WTHOR.JOU: refused, or added to copies beside OUT. (The
    // game stops after three moves: its theoretical score is given, since
    // none can be solved.)
    let game = "{\"year\":2026,\"black\":\"Newcomer Ann\",\"white_id\":1,\"theoretical_score\":32,\"moves\":\"f5d6c3\"}\n";
    let input = dir.path().join("new.jsonl");
    std::fs::write(&input, game).unwrap();
    let jou = othello("WTHOR.JOU");
    let out = dir.path().join("new.wtb");
    let run = expect(1, &["convert", s(&input), s(&out), "--players", s(&jou)]);
    assert!(
        run.stderr
            .contains("\"Newcomer Ann\" is not in the names file"),
        "{}",
        run.stderr
    );
    assert!(!out.exists());
    expect(
        0,
        &[
            "convert",
            s(&input),
            s(&out),
            "--players",
            s(&jou),
            "--add-names",
        ],
    );
    let copy = std::fs::read(dir.path().join("new.jou")).unwrap();
    assert_eq!(copy.len(), 77696 + 20, "WTHOR.JOU and one more name");
    assert_eq!(&copy[77696..77708], b"Newcomer Ann");
    let wtb_new = std::fs::read(&out).unwrap();
    assert_eq!(&wtb_new[18..22], &[0x2c, 0x0f, 1, 0], "black 3884, white 1");
    // With no names file at hand, --add-names begins one: dated today, as
    // the games file is (it was 0.0.0.0).
    let fresh = dir.path().join("fresh.wtb");
    let game = "{\"year\":2026,\"black\":\"Newcomer Ann\",\"white\":\"Newcomer Bob\",\"tournament\":\"Club\",\"theoretical_score\":32,\"moves\":\"f5d6c3\"}\n";
    std::fs::write(&input, game).unwrap();
    expect(0, &["convert", s(&input), s(&fresh), "--add-names"]);
    let games = std::fs::read(&fresh).unwrap();
    assert_eq!(games[0], 20, "the century");
    for ext in ["jou", "trn"] {
        let names = std::fs::read(dir.path().join(format!("fresh.{ext}"))).unwrap();
        assert_eq!(names[..4], games[..4], "{ext}: dated as the games file");
    }
}

#[test]
fn pavlicek_checksum_and_zdd_with_deals() {
    // Sums computed with Python's struct module (an independent reader):
    // sum(unpack('<78I', dup)) & (2**64 - 1).
    let run = expect(0, &["checksum", s(&sample("bigdeal-2boards.dup"))]);
    assert!(
        String::from_utf8(run.stdout)
            .unwrap()
            .starts_with("0000000F39E60FDC  "),
        "the 312-byte DUP"
    );
    let dir = tempfile::tempdir().unwrap();
    let jsonl = dir.path().join("set.jsonl");
    std::fs::write(
        &jsonl,
        br#"{"board":1,"deal":"N:AKQJ.AKQJ.AKQ.AK T987.T987.T98.T9 6543.6543.765.87 2.2.J432.QJ65432","dd":{"N":{"C":13,"D":13,"H":13,"S":13,"NT":13},"E":{"C":0,"D":0,"H":0,"S":0,"NT":0},"S":{"C":0,"D":0,"H":0,"S":0,"NT":null},"W":{"C":13,"D":13,"H":13,"S":13,"NT":13}}}
"#,
    )
    .unwrap();
    let (zdd, zbd) = (dir.path().join("t.zdd"), dir.path().join("d.zbd"));
    expect(0, &["convert", s(&jsonl), s(&zdd)]);
    expect(0, &["convert", s(&jsonl), s(&zbd)]);
    assert_eq!(std::fs::metadata(&zdd).unwrap().len(), 10);
    let joined = expect(
        0,
        &["convert", s(&zdd), "-", "--to", "jsonl", "--deals", s(&zbd)],
    );
    let direct = expect(0, &["convert", s(&jsonl), "-", "--to", "jsonl"]);
    assert_eq!(joined.stdout, direct.stdout);
    let run = expect(0, &["convert", s(&zdd), "-", "--to", "jsonl"]);
    assert!(String::from_utf8(run.stdout)
        .unwrap()
        .contains("\"deal\":\"N:- - - -\""));
}

#[test]
fn a_streamed_conversion_that_fails_leaves_no_output() {
    let dir = tempfile::tempdir().unwrap();
    // 40,000 ZRD records (three blocks of the streaming reader) cut short by
    // 5 bytes: exit 1 with the record and byte, and no OUT.
    let jsonl = (1..=2)
        .map(|n| format!("{{\"board\":{n},\"deal\":\"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"}}\n"))
        .collect::<String>();
    let src = dir.path().join("two.jsonl");
    std::fs::write(&src, jsonl).unwrap();
    let two = dir.path().join("two.zrd");
    expect(0, &["convert", s(&src), s(&two)]);
    let rec = std::fs::read(&two).unwrap();
    assert_eq!(rec.len(), 46);
    let mut big = Vec::new();
    for _ in 0..20_000 {
        big.extend_from_slice(&rec);
    }
    big.truncate(big.len() - 5);
    let input = dir.path().join("big.zrd");
    std::fs::write(&input, &big).unwrap();
    let out = dir.path().join("big.jsonl");
    let run = expect(1, &["convert", s(&input), s(&out)]);
    assert!(
        run.stderr
            .contains(":record 39999 (byte 919977): error: truncated record: 18 of 23 bytes"),
        "{}",
        run.stderr
    );
    assert!(!out.exists());
    assert_eq!(entries(dir.path()), ["big.zrd", "two.jsonl", "two.zrd"]);
}

#[test]
fn deal_and_join_replace_an_existing_set_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("s.pbn");
    expect(0, &["deal", s(&set), "--boards", "8", "--seed", "1"]);
    let eight = std::fs::read(&set).unwrap();
    // The same command again, or another set: refused, the file as it was.
    let e = expect(2, &["deal", s(&set), "--boards", "4", "--seed", "3"]);
    let said = &e.stderr;
    assert!(
        said.contains("s.pbn: exists") && said.contains("--force"),
        "{said}"
    );
    assert!(
        !said.contains("seed"),
        "no seed is drawn or printed first: {said}"
    );
    assert_eq!(std::fs::read(&set).unwrap(), eight);
    expect(
        0,
        &["deal", s(&set), "--boards", "4", "--seed", "3", "--force"],
    );
    assert_ne!(std::fs::read(&set).unwrap(), eight);
    // Special files are written as ever.
    expect(
        0,
        &[
            "deal",
            "/dev/null",
            "--to",
            "pbn",
            "--boards",
            "2",
            "--seed",
            "1",
        ],
    );
    // join: the same.
    let week = dir.path().join("week.pbn");
    std::fs::write(&week, b"kept").unwrap();
    let e = expect(2, &["join", s(&set), s(&set), s(&week), "--renumber", "1"]);
    assert!(e.stderr.contains("--force"), "{}", e.stderr);
    assert_eq!(std::fs::read(&week).unwrap(), b"kept");
    expect(
        0,
        &[
            "join",
            s(&set),
            s(&set),
            s(&week),
            "--renumber",
            "1",
            "--force",
        ],
    );
    assert!(std::fs::read(&week).unwrap().starts_with(b"%"));
}

#[test]
fn deal_is_uniform_per_seed_valid_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.dlm"), dir.path().join("b.dlm"));
    expect(0, &["deal", s(&a), "--boards", "24", "--seed", "c1ab"]);
    expect(0, &["deal", s(&b), "--boards", "24", "--seed", "C1AB"]);
    assert!(std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap());
    let v = expect(0, &["validate", s(&a)]);
    assert!(String::from_utf8_lossy(&v.stdout).contains("24 boards"));
    // Without a seed: one is printed, and it deals the same set again.
    let c = dir.path().join("c.pbn");
    let run = expect(0, &["deal", s(&c), "--boards", "4", "--first", "9"]);
    let seed = run
        .stderr
        .split("--seed ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(seed.len(), 64, "{}", run.stderr);
    let again = expect(
        0,
        &[
            "deal", "-", "--to", "pbn", "--boards", "4", "--first", "9", "--seed", seed,
        ],
    );
    assert!(again.stdout == std::fs::read(&c).unwrap());
    let text = String::from_utf8(again.stdout).unwrap();
    assert!(text.contains("[Board \"9\"]") && text.contains("[Board \"12\"]"));
    assert!(
        text.contains("[Dealer \"N\"]\r\n[Vulnerable \"EW\"]"),
        "board 9: N, EW"
    );
    expect(2, &["deal", s(&c), "--seed", "not hex"]);
}

#[test]
fn solve_gives_the_hand_checked_table_and_par() {
    // Deal number 1: each hand one suit. By hand: the holder of the trump
    // suit's side takes 13, the other none; notrump 0 for every declarer
    // (the opening leader runs its suit); par 7S by NS, 1510 not vulnerable.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("one.dnum");
    std::fs::write(&input, "1\n").unwrap();
    let out = dir.path().join("one.jsonl");
    expect(0, &["solve", s(&input), s(&out)]);
    let line = std::fs::read_to_string(&out).unwrap();
    let tricks = "\"dd\":{\"N\":{\"C\":0,\"D\":13,\"H\":0,\"S\":13,\"NT\":0},\"E\":{\"C\":13,\"D\":0,\"H\":13,\"S\":0,\"NT\":0},\"S\":{\"C\":0,\"D\":13,\"H\":0,\"S\":13,\"NT\":0},\"W\":{\"C\":13,\"D\":0,\"H\":13,\"S\":0,\"NT\":0}}";
    assert!(line.contains(tricks), "{line}");
    assert!(
        line.contains("\"par\":{\"score_ns\":1510,\"contracts\":[\"7S-NS\"]}"),
        "{line}"
    );
    assert_eq!(entries(dir.path()), ["one.dnum", "one.jsonl"]);
    // A format that cannot keep tables is refused before any work.
    let run = expect(2, &["solve", s(&input), s(&dir.path().join("x.bri"))]);
    assert!(
        run.stderr.contains("does not keep double-dummy tables"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_interrupted_solve_continues_to_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("set.pbn");
    expect(0, &["deal", s(&input), "--boards", "10", "--seed", "7e57"]);
    let whole = dir.path().join("whole.pbn");
    expect(0, &["solve", s(&input), s(&whole), "--jobs", "2"]);
    // Killed once three boards are in the journal.
    let out = dir.path().join("cut.pbn");
    let journal = dir.path().join("cut.pbn.solving");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfile"))
        .args(["solve", s(&input), s(&out), "--jobs", "1"])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    loop {
        let lines = std::fs::read_to_string(&journal).map_or(0, |t| t.lines().count());
        if lines >= 4 || started.elapsed().as_secs() > 120 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!out.exists(), "OUT must appear only when complete");
    let kept = std::fs::read_to_string(&journal).unwrap().lines().count() - 1;
    assert!((3..10).contains(&kept), "{kept} boards in the journal");
    // Again: the journal's boards are not solved again, the rest are.
    let run = expect(0, &["solve", s(&input), s(&out), "--jobs", "1"]);
    assert!(
        run.stderr
            .contains(&format!("{kept} boards already solved")),
        "{}",
        run.stderr
    );
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&whole).unwrap());
    assert!(!journal.exists());
    // A journal for another input is not used.
    std::fs::write(
        &journal,
        "boardfile solve journal 1 0000000000000000 10\n0 1 dddddddddddddddddddd\n",
    )
    .unwrap();
    let again = dir.path().join("again.pbn");
    std::fs::rename(&journal, dir.path().join("again.pbn.solving")).unwrap();
    let run = expect(0, &["solve", s(&input), s(&again)]);
    assert!(!run.stderr.contains("already solved"), "{}", run.stderr);
    assert!(std::fs::read(&again).unwrap() == std::fs::read(&whole).unwrap());
}

#[test]
fn bridge_json_lines_with_a_header_is_not_taken_for_othello() {
    // DLM's and LIN's set lines hold a "header" of their own; the Othello
    // header line is {"header":...}. Found by fuzzing: DLM -> JSONL -> PBN
    // failed with "cannot tell the output format".
    let dir = tempfile::tempdir().unwrap();
    for sample_name in ["bigdeal-2boards.dlm", "vugraph-3boards.lin"] {
        let jsonl = dir.path().join(format!("{sample_name}.jsonl"));
        expect(0, &["convert", s(&sample(sample_name)), s(&jsonl)]);
        let text = std::fs::read_to_string(&jsonl).unwrap();
        assert!(
            text.starts_with("{\"set\":") && text.lines().next().unwrap().contains("\"header\"")
        );
        let pbn = dir.path().join(format!("{sample_name}.pbn"));
        expect(0, &["convert", s(&jsonl), s(&pbn)]);
        let run = expect(0, &["info", s(&jsonl)]);
        assert!(
            String::from_utf8_lossy(&run.stdout).contains("JSONL (JSON Lines"),
            "{}",
            String::from_utf8_lossy(&run.stdout)
        );
        assert!(!String::from_utf8_lossy(&run.stdout).contains("games"));
    }
}

/// [`boardfile`] with a thread feeding standard input, for inputs and
/// outputs larger than a pipe holds.
fn boardfile_fed(args: &[&str], stdin: Vec<u8>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfile"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// The `"deal"` of every line of JSON Lines.
fn deals_of(jsonl: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(jsonl)
        .lines()
        .filter_map(|l| {
            let at = l.find("\"deal\":\"")? + 8;
            Some(l[at..at + l[at..].find('"')?].to_string())
        })
        .collect()
}

#[test]
fn dup_files_of_any_size_are_told_from_their_content() {
    let dir = tempfile::tempdir().unwrap();
    for n in [1_000, 100_000] {
        let dup = dir.path().join(format!("k{n}.dup"));
        let boards = n.to_string();
        expect(0, &["deal", s(&dup), "--boards", &boards, "--seed", "d0b"]);
        // A name that says nothing, a file and a pipe.
        let plain = dir.path().join(format!("k{n}"));
        std::fs::copy(&dup, &plain).unwrap();
        let from_file = expect(0, &["convert", s(&plain), "-", "--to", "jsonl"]);
        let piped = boardfile_fed(
            &["convert", "-", "-", "--to", "jsonl"],
            std::fs::read(&dup).unwrap(),
        );
        assert_eq!(piped.code, 0, "{}", piped.stderr);
        assert!(from_file.stdout == piped.stdout, "{n} boards");
        assert_eq!(deals_of(&from_file.stdout).len(), n);
        let info = expect(0, &["info", s(&plain)]);
        assert!(String::from_utf8_lossy(&info.stdout).contains("format:   DUP"));
        let pbn = dir.path().join(format!("k{n}.pbn"));
        expect(0, &["convert", s(&dup), s(&pbn)]);
    }
}

#[test]
fn record_formats_convert_past_the_first_read_block_from_a_file_and_a_pipe() {
    // 100,000 boards: megabytes in every format. The oracle is the same
    // seed dealt straight to JSON Lines.
    let dir = tempfile::tempdir().unwrap();
    let deal = |path: &Path| {
        expect(
            0,
            &["deal", s(path), "--boards", "100000", "--seed", "b10c"],
        )
    };
    let oracle = dir.path().join("set.jsonl");
    deal(&oracle);
    let want = deals_of(&std::fs::read(&oracle).unwrap());
    assert_eq!(want.len(), 100_000);
    for ext in [
        "bri", "dge", "bre", "dup", "hrf", "zbd", "zrd", "zrj", "zbs", "dnum", "pbn", "lin",
    ] {
        let set = dir.path().join(format!("set.{ext}"));
        deal(&set);
        let from_file = expect(0, &["convert", s(&set), "-", "--to", "jsonl"]);
        assert!(deals_of(&from_file.stdout) == want, "{ext} from a file");
        let piped = boardfile_fed(
            &["convert", "-", "-", "--from", ext, "--to", "jsonl"],
            std::fs::read(&set).unwrap(),
        );
        assert_eq!(piped.code, 0, "{ext}: {}", piped.stderr);
        assert!(piped.stdout == from_file.stdout, "{ext} from a pipe");
    }
}

#[test]
fn skip_bad_writes_the_boards_that_read_and_names_those_left_out() {
    // 157 boards, three broken by hand: 20 with a card twice, 77 with a
    // 14-card hand, 140 with a vulnerability no one spells.
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.pbn");
    expect(0, &["deal", s(&good), "--boards", "157", "--seed", "5c1b"]);
    let text = std::fs::read_to_string(&good).unwrap();
    let mut games: Vec<String> = text.split("\r\n\r\n").map(String::from).collect();
    let game_of = |games: &[String], n: u32| {
        let tag = format!("[Board \"{n}\"]");
        games.iter().position(|g| g.contains(&tag)).unwrap()
    };
    let deal_of = |g: &str| {
        let at = g.find("[Deal \"").unwrap() + 7;
        g[at..at + g[at..].find('"').unwrap()].to_string()
    };
    let k = game_of(&games, 20);
    let deal = deal_of(&games[k]);
    // The first card of North given to East too.
    let card = deal[2..]
        .chars()
        .find(|c| c.is_ascii_alphanumeric())
        .unwrap();
    let east = deal.find(' ').unwrap() + 1;
    let broken = format!("{}{card}{}", &deal[..east], &deal[east..]);
    games[k] = games[k].replace(&deal, &broken);
    let k = game_of(&games, 77);
    let deal = deal_of(&games[k]);
    let moved = deal.replacen(' ', "", 1);
    games[k] = games[k].replace(&deal, &format!("{moved} -"));
    let k = game_of(&games, 140);
    let vul = games[k].find("[Vulnerable \"").unwrap();
    let end = vul + games[k][vul..].find(']').unwrap() + 1;
    games[k].replace_range(vul..end, "[Vulnerable \"Sometimes\"]");
    let bad = dir.path().join("bad.pbn");
    std::fs::write(&bad, games.join("\r\n\r\n")).unwrap();

    // Without the flag: an error, and nothing written.
    let out = dir.path().join("out.jsonl");
    let run = expect(1, &["convert", s(&bad), s(&out)]);
    assert!(run.stderr.contains("board 20"), "{}", run.stderr);
    assert!(!out.exists());

    let run = expect(0, &["convert", s(&bad), s(&out), "--skip-bad"]);
    let written = deals_of(&std::fs::read(&out).unwrap());
    assert_eq!(written.len(), 154);
    let left: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains(": error: "))
        .collect();
    assert_eq!(left.len(), 3, "{}", run.stderr);
    for (line, n) in left.iter().zip([20, 77, 140]) {
        assert!(line.contains(&format!("board {n}:")), "{line}");
        assert!(line.contains(&format!("record {}", n - 1)), "{line}");
    }
    assert!(
        run.stderr.contains("154 boards written, 3 boards left out"),
        "{}",
        run.stderr
    );
    // The boards written are the others, in order.
    let all = deals_of(&expect(0, &["convert", s(&good), "-", "--to", "jsonl"]).stdout);
    let kept: Vec<String> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| ![19, 76, 139].contains(i))
        .map(|(_, d)| d)
        .collect();
    assert_eq!(written, kept);
}

#[test]
fn validate_solve_names_each_stored_value_the_solver_disagrees_with() {
    let dir = tempfile::tempdir().unwrap();
    let dealt = dir.path().join("dealt.pbn");
    let solved = dir.path().join("solved.pbn");
    let one_tag = dir.path().join("one.pbn");
    expect(0, &["deal", s(&dealt), "--boards", "3", "--seed", "dd5"]);
    expect(0, &["solve", s(&dealt), s(&solved)]);
    expect(
        0,
        &[
            "convert",
            s(&solved),
            s(&one_tag),
            "--dd-tags",
            "DoubleDummyTricks",
        ],
    );
    // As solved: no disagreement.
    let run = expect(0, &["validate", "--solve", s(&one_tag)]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(said.contains("3 boards solved, 0 stored values"), "{said}");
    // Board 2's North-in-notrump digit (the first) changed by hand.
    let text = std::fs::read_to_string(&one_tag).unwrap();
    let at = text.find("[Board \"2\"]").unwrap();
    let tag = at + text[at..].find("[DoubleDummyTricks \"").unwrap() + 20;
    let digit = &text[tag..tag + 1];
    let right = u8::from_str_radix(digit, 16).unwrap();
    let wrong = if right == 0 { 1 } else { right - 1 };
    let broken = format!("{}{wrong:x}{}", &text[..tag], &text[tag + 1..]);
    let bad = dir.path().join("bad.pbn");
    std::fs::write(&bad, broken).unwrap();
    let run = expect(1, &["validate", "--solve", s(&bad)]);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}", run.stderr);
    assert!(
        lines[0].ends_with(&format!(
            ":record 1: error: board 2: North in NT: stored {wrong} tricks, solved {right}"
        )),
        "{}",
        lines[0]
    );
    // Without --solve the file is valid: its tags agree with each other.
    expect(0, &["validate", s(&bad)]);
    // solve keeps the tables a file stores, and names the boards it kept.
    let again = dir.path().join("again.pbn");
    let run = expect(0, &["solve", s(&bad), s(&again)]);
    assert!(
        run.stderr
            .contains("3 boards kept the table they stored, not solved again (boards 1, 2, 3)"),
        "{}",
        run.stderr
    );
    let run = expect(0, &["solve", s(&bad), s(&again), "--force"]);
    assert!(!run.stderr.contains("kept"), "{}", run.stderr);
    expect(0, &["validate", "--solve", s(&again)]);
}

#[test]
fn validate_solve_passes_the_tables_of_the_cpp_dds() {
    // tests/data/bridge/dds-oracle-100.pbn: 100 deals (seed dd5) with the
    // tables of the C++ DDS (dds-bridge), made by
    // `DDS_PBN=tests/data/bridge/dds-oracle-100.pbn scripts/bench-dds.sh 100`.
    let file = sample("dds-oracle-100.pbn");
    let run = expect(0, &["validate", "--solve", s(&file)]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        said.contains(
            "100 boards read, 100 boards solved, 0 stored values the solver disagrees with"
        ),
        "{said}"
    );
}

/// The first `games` games of a file of `../shared/data`, cut at the line
/// where the next game's Event tag begins.
fn first_games(name: &str, games: usize) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(name);
    let bytes = std::fs::read(&path).unwrap();
    let starts: Vec<usize> = bytes
        .windows(8)
        .enumerate()
        .filter(|(i, w)| *w == b"[Event \"" && (*i == 0 || bytes[i - 1] == b'\n'))
        .map(|(i, _)| i)
        .collect();
    match starts.get(games) {
        Some(&end) => bytes[..end].to_vec(),
        None => bytes,
    }
}

#[test]
fn solve_adds_its_tags_and_changes_no_other_line() {
    // A BridgeComposer file (sorted tags, commentary, auctions and play),
    // BigDeal's (Generator first, CR LF) and Dealer's (LF, no line end at
    // the end), none with tables: after solve, every line of the input is
    // there, in order, and each other line is a double-dummy tag or a row
    // of the table, but for one line at the head that says the tables are
    // solved (so that a real table of a floor's shape reads as real).
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "wild/lorserker+ben/cobol_book.pbn",
        "wild/hansvanstaveren+BigDeal/MXRR01.pbn",
        "wild/lorserker+ben/1S-2H.pbn",
    ] {
        let input = dir.path().join("in.pbn");
        let output = dir.path().join("out.pbn");
        let mut bytes = first_games(name, 6);
        if name.ends_with("1S-2H.pbn") {
            // Dealer's file ends without a line end, as it does whole.
            while bytes.ends_with(b"\n") {
                bytes.pop();
            }
        }
        std::fs::write(&input, &bytes).unwrap();
        expect(0, &["solve", s(&input), s(&output)]);
        let after = std::fs::read(&output).unwrap();
        let lines = |b: &[u8]| -> Vec<String> {
            String::from_utf8_lossy(b)
                .lines()
                .map(str::to_owned)
                .collect()
        };
        let (was, now) = (lines(&bytes), lines(&after));
        let mut kept = 0;
        let mut added = Vec::new();
        for line in &now {
            if kept < was.len() && *line == was[kept] {
                kept += 1;
            } else {
                added.push(line.as_str());
            }
        }
        assert_eq!(kept, was.len(), "{name}: every input line, in order");
        let row = |l: &str| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.len() == 3 && "NESW".contains(w[0]) && w[0].len() == 1 && w[2].parse::<u8>().is_ok()
        };
        for line in &added {
            assert!(
                [
                    "[DoubleDummyTricks \"",
                    "[OptimumScore \"",
                    "[ParContract \"",
                    "[OptimumResultTable \""
                ]
                .iter()
                .any(|t| line.starts_with(t))
                    || row(line)
                    || *line == boardfile_bridge::trust::SOLVED_MARK,
                "{name}: {line}"
            );
        }
        // Four tags and 20 rows a board, and the mark once.
        assert_eq!(added.len(), 6 * 24 + 1, "{name}");
        assert_eq!(
            added
                .iter()
                .position(|l| *l == boardfile_bridge::trust::SOLVED_MARK),
            Some(0),
            "{name}"
        );
        // The line ends are the file's.
        let crlf = bytes.windows(2).any(|w| w == b"\r\n");
        let lf_alone = after
            .iter()
            .enumerate()
            .any(|(i, &c)| c == b'\n' && (i == 0 || after[i - 1] != b'\r'));
        assert_eq!(lf_alone, !crlf, "{name}");
        // --normalize: the export format.
        expect(0, &["solve", s(&input), s(&output), "--normalize"]);
        let export = std::fs::read(&output).unwrap();
        assert!(export.starts_with(b"% PBN 2.1\r\n% EXPORT\r\n"), "{name}");
    }
}

#[test]
fn skip_bad_leaves_out_the_bad_game_and_keeps_the_others_byte_for_byte() {
    // BigDeal's file with board 3's deal broken: the other games come out
    // as they were, and the empty line before board 3 goes with it.
    let dir = tempfile::tempdir().unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/wild/hansvanstaveren+BigDeal/MXRR01.pbn");
    let text = String::from_utf8(std::fs::read(path).unwrap()).unwrap();
    let games: Vec<&str> = text.split("\r\n\r\n").collect();
    let bad = games
        .iter()
        .position(|g| g.contains("[Board \"3\"]"))
        .unwrap();
    let broken: Vec<String> = games
        .iter()
        .enumerate()
        .map(|(k, g)| match k == bad {
            true => g.replace("[Deal \"N:", "[Deal \"N:Z"),
            false => g.to_string(),
        })
        .collect();
    let input = dir.path().join("in.pbn");
    std::fs::write(&input, broken.join("\r\n\r\n")).unwrap();
    let mut kept = games.clone();
    kept.remove(bad);
    let output = dir.path().join("out.pbn");
    let run = expect(0, &["convert", s(&input), s(&output), "--skip-bad"]);
    assert!(run.stderr.contains("board 3"), "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(&output).unwrap(),
        kept.join("\r\n\r\n")
    );
}

#[test]
fn validate_strict_fails_a_file_with_warnings() {
    // 4S by South, whose side has won none of the one trick played (West's
    // CA) before the claim: a Result of 13 cannot be (at most 12). A
    // warning: valid, unless --strict.
    let dir = tempfile::tempdir().unwrap();
    let pbn = dir.path().join("claim.pbn");
    std::fs::write(
        &pbn,
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:Q87.AKQ95.953.64 K965.T8.AJ74.753 J.76432.QT8.QT92 AT432.J.K62.AKJ8\"]\n\
         [Declarer \"S\"]\n[Contract \"4S\"]\n[Result \"13\"]\n[Auction \"N\"]\n\
         1H Pass 4S Pass\nPass Pass\n[Play \"W\"]\nCA C4 C3 C2\n*\n",
    )
    .unwrap();
    let run = expect(0, &["validate", s(&pbn)]);
    assert!(String::from_utf8_lossy(&run.stdout).contains(": valid (PBN"));
    assert!(
        run.stderr.contains(
            "the Result tag says \"13\", but declarer's side won 0 of the 1 trick played"
        ),
        "{}",
        run.stderr
    );
    let run = expect(1, &["validate", "--strict", s(&pbn)]);
    assert!(
        String::from_utf8_lossy(&run.stdout).contains(": invalid under --strict: 1 warning (PBN"),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    let run = expect(1, &["validate", "--strict", "--json", s(&pbn)]);
    let o: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(o["valid"], false, "{o}");
    // A file without warnings stays valid under --strict.
    expect(
        0,
        &["validate", "--strict", s(&sample("bigdeal-2boards.pbn"))],
    );
}

#[test]
fn show_solve_values_each_card_and_ends_on_the_tricks_the_file_gives() {
    // Board 1 of a club's results (ABA, via pbntools): several tables
    // played it; each play's value after its last card is the tricks
    // declarer took, which the file's Result says.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/wild/jarekczek+pbntools/aba_17901_aba_pairs.pbn");
    let out = expect(0, &["show", s(&path), "--board", "1", "--solve"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let file = std::fs::read_to_string(&path).unwrap();
    let results: Vec<String> = file
        .split("[Board \"")
        .filter(|g| g.starts_with("1\"]"))
        .filter_map(|g| {
            let r = g.split("[Result \"").nth(1)?;
            Some(r[..r.find('"')?].to_string())
        })
        .collect();
    let mut ends = Vec::new();
    for block in text.split("Double dummy, declarer ").skip(1) {
        let last = block
            .lines()
            .take_while(|l| !l.is_empty())
            .filter(|l| l.starts_with(" "))
            .last()
            .unwrap();
        // "13.  S H9  7       W H7  7 ..." : the last card's value.
        let values: Vec<&str> = last
            .split_whitespace()
            .filter(|w| w.parse::<u8>().is_ok())
            .collect();
        ends.push(values.last().unwrap().to_string());
    }
    assert!(ends.len() >= 10, "{text}");
    assert_eq!(ends, results[..ends.len()], "{text}");
    // A (-N) marks a card that cost its side N tricks.
    assert!(text.contains(" (-1)"), "{text}");
}

#[test]
fn solve_values_each_played_board_into_the_json_lines_and_the_hand_records() {
    // A club's results (ABA, via pbntools), each board played at several
    // tables: solve values each play (JSON Lines' play_values); a whole
    // play's value after its last card is the file's Result, the value
    // before the lead the table's entry; the HTML hand records mark each
    // card that cost a trick, and PBN says it drops the values.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/wild/jarekczek+pbntools/aba_17901_aba_pairs.pbn");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let jsonl = dir.join("aba.jsonl");
    let run = expect(0, &["--progress-json", "solve", s(&path), s(&jsonl)]);
    let text = std::fs::read_to_string(&jsonl).unwrap();
    let (mut valued, mut results, mut costly) = (0, 0, 0);
    for line in text.lines() {
        let b: serde_json::Value = serde_json::from_str(line).unwrap();
        let Some(v) = b.get("play_values") else {
            assert!(b.get("play").is_none(), "a played board not valued: {line}");
            continue;
        };
        valued += 1;
        let (declarer, strain) = (
            v["declarer"].as_str().unwrap(),
            v["strain"].as_str().unwrap(),
        );
        assert_eq!(v["start"], b["dd"][declarer][strain], "{line}");
        let cards = v["cards"].as_array().unwrap();
        costly += cards.iter().filter(|c| c["cost"] != 0).count();
        if let (52, Some(r)) = (cards.len(), b["tags"]["Result"].as_str()) {
            assert_eq!(cards[51]["tricks"].to_string(), r, "{line}");
            results += 1;
        }
    }
    assert!(
        valued >= 50 && results >= 40 && costly >= 10,
        "{valued} {results} {costly}"
    );
    // The closing line counts them.
    assert!(
        run.stderr
            .contains(&format!("({valued} plays valued card by card) in ")),
        "{}",
        run.stderr
    );
    // JSON Lines reads its values back: written again, the same bytes.
    let again = dir.join("again.jsonl");
    expect(0, &["convert", s(&jsonl), s(&again)]);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    let html = dir.join("aba.html");
    expect(0, &["convert", s(&jsonl), s(&html), "--quiet"]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<mark ").count(), costly);
    assert_eq!(page.matches("<div class=\"play\">").count(), valued);
    // Each valued play says which cards cost a trick, or that none did
    // (what a printed page of four boards shows in place of the list).
    let listed = page.matches("<p class=\"costs\">Cost a trick (").count();
    assert_eq!(
        listed + page.matches("No card cost a trick.").count(),
        valued
    );
    assert!(listed > 0 && listed <= costly);
    // Solved into PBN, which has no tag for them, the plays are not valued
    // (and so not said to be dropped).
    let solved = dir.join("solved.pbn");
    let out = expect(0, &["solve", s(&path), s(&solved)]);
    assert!(
        !out.stderr.contains("double-dummy values"),
        "{}",
        out.stderr
    );
    let pbn = dir.join("aba.pbn");
    let out = expect(0, &["convert", s(&jsonl), s(&pbn)]);
    assert!(
        out.stderr.contains(&format!(
            "PBN does not keep the play's double-dummy values (from solve) ({valued} boards)"
        )),
        "{}",
        out.stderr
    );
}

#[test]
fn deal_where_reads_a_script_from_a_pipe() {
    // `--where <(...)` and `/dev/stdin` are pipes, not files: read all the same.
    let run = boardfile(
        &[
            "deal",
            "-",
            "--where",
            "/dev/stdin",
            "--boards",
            "2",
            "--seed",
            "1",
            "--to",
            "jsonl",
        ],
        b"condition hcp(north) >= 15\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = String::from_utf8(run.stdout).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.contains("\"board\"")).count(),
        2,
        "{text}"
    );
}
