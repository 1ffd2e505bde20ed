//! Every diagnostic the command line prints about a place in a file starts
//! as compilers', linters' and `grep -n`'s do, so that editors' quickfix
//! lists and CI annotations find it: `FILE:LINE:COL: error|warning: ` in a
//! format of lines, `FILE:record N (byte B): error|warning: ` in a binary
//! one. Checked on the wild corpus (`../shared/data/wild`: PBN and LIN from
//! other programs, WTHOR files), as they are and damaged.

mod common;

use common::{bin, s};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How a line of standard error places itself.
#[derive(Debug, PartialEq)]
enum Placed {
    /// `FILE:LINE:COL: error: ...`.
    Line,
    /// `FILE:record N ...: error: ...` or `FILE:byte B: error: ...`.
    Record,
    /// `FILE: error: ...`: the file as a whole.
    File,
    /// `boardfile: ...`: the program's own word (a summary, a note).
    Program,
}

/// `r` after the digits it starts with, when it starts with some.
fn number(r: &str) -> Option<&str> {
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then(|| &r[digits..])
}

/// The place a message gives, or None when it follows no form.
fn placed(line: &str, file: &str) -> Option<Placed> {
    if line.starts_with("boardfile: ") {
        return Some(Placed::Program);
    }
    let rest = line.strip_prefix(file)?.strip_prefix(':')?;
    let severity = |r: &str| {
        let r = r.strip_prefix(' ')?;
        (r.starts_with("error: ") || r.starts_with("warning: ")).then_some(())
    };
    if let Some(r) = number(rest) {
        let r = number(r.strip_prefix(':')?)?.strip_prefix(':')?;
        return severity(r).map(|()| Placed::Line);
    }
    if rest.starts_with("record ") || rest.starts_with("byte ") {
        let (_, r) = rest.split_once("):").or_else(|| rest.split_once(':'))?;
        return severity(r).map(|()| Placed::Record);
    }
    severity(rest).map(|()| Placed::File)
}

#[test]
fn the_place_comes_first_as_editors_read_it() {
    let (first, last) = (
        placed("a.pbn:3:7: error: x", "a.pbn"),
        placed("a.pbn:3: error: x", "a.pbn"),
    );
    assert_eq!((first, last), (Some(Placed::Line), None));
    let binary = placed("a.dup:record 2 (byte 312): warning: x (DUP)", "a.dup");
    assert_eq!(binary, Some(Placed::Record));
    assert_eq!(placed("a.dup: DUP error at record 2: x", "a.dup"), None);
}

fn wild() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/wild");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap().flatten() {
        if dir.path().is_dir() {
            files.extend(
                std::fs::read_dir(dir.path())
                    .unwrap()
                    .flatten()
                    .map(|e| e.path()),
            );
        }
    }
    files.sort();
    files
}

/// The file with some of its bytes made wrong: a stretch in each quarter
/// overwritten with text that breaks tags, moves and records.
fn damaged(bytes: &[u8]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for k in 1..4 {
        let at = b.len() * k / 4;
        for (i, c) in b"[Deal \"N:AK?\"] x|y|\xff".iter().enumerate() {
            if let Some(x) = b.get_mut(at + i) {
                *x = *c;
            }
        }
    }
    b
}

#[test]
fn every_diagnostic_on_the_wild_corpus_starts_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut counts = [0usize; 4];
    for path in wild() {
        let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        let text = matches!(ext.as_deref(), Some("pbn" | "lin"));
        if !text && !matches!(ext.as_deref(), Some("wtb" | "jou" | "trn")) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let copy = dir.path().join(path.file_name().unwrap());
        std::fs::write(&copy, damaged(&bytes)).unwrap();
        for (file, args) in [
            (&path, vec!["validate"]),
            (&copy, vec!["validate"]),
            (&copy, vec!["convert", "--to", "jsonl"]),
        ] {
            let mut run = Command::new(bin());
            run.args(&args).arg(file);
            if args[0] == "convert" {
                run.arg("-");
            }
            let out = run.output().unwrap();
            for line in String::from_utf8_lossy(&out.stderr).lines() {
                // A WTHOR file's messages may be about the names files
                // beside it.
                let named = match line.strip_prefix(s(file.parent().unwrap())) {
                    Some(rest) if !line.starts_with(s(file)) => {
                        let len = line.len() - rest.len() + rest.find(':').unwrap_or(0);
                        &line[..len]
                    }
                    _ => s(file),
                };
                let p = placed(line, named).unwrap_or_else(|| panic!("{args:?}: {line}"));
                // A text format's messages name the line and column; a
                // line counting the rest of a kind covers many places.
                let counts_the_rest = line.contains(": warning: and ")
                    && (line.contains(" more like it") || line.contains(" more warnings"));
                if text && p != Placed::Program && !counts_the_rest {
                    assert_eq!(p, Placed::Line, "{line}");
                }
                if p == Placed::Program {
                    assert!(
                        !line.contains("line "),
                        "a place after the program's name: {line}"
                    );
                }
                counts[p as usize] += 1;
            }
        }
    }
    // Damage gives something to check: lines placed in text files and
    // records in WTHOR's.
    assert!(counts[Placed::Line as usize] >= 100, "{counts:?}");
    assert!(counts[Placed::Record as usize] >= 5, "{counts:?}");
}

/// One line of standard error, for a file that is not what its extension
/// says: what it looks like, and the `--from` that reads it anyway.
#[test]
fn a_file_of_the_wrong_kind_gets_one_message_saying_what_it_looks_like() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let pbn = root.join("../shared/data/bridge/bigdeal-2boards.pbn");
    let pdf = dir.path().join("h.pdf");
    common::expect(0, &["convert", s(&pbn), s(&pdf)]);
    for (from, named, says) in [
        (root.join("README.md"), "readme.dup", "looks like text, not DUP as its extension says; give --from dup"),
        (pbn.clone(), "deals.zrd", "looks like PBN, not ZRD as its extension says; give --from pbn to read it as PBN, or --from zrd"),
        (pdf, "records.pbn", "a PDF document, not a bridge or Othello file"),
    ] {
        let path = dir.path().join(named);
        std::fs::copy(&from, &path).unwrap();
        for command in ["validate", "info", "show"] {
            let run = common::expect(1, &[command, s(&path)]);
            let err = common::stderr(&run);
            assert_eq!(err.lines().count(), 1, "{command} {named}: {err}");
            assert!(err.contains(says), "{command} {named}: {err}");
        }
    }
    // Named with --from, it is read as told: the records' own errors.
    let readme = dir.path().join("readme.dup");
    let run = common::expect(1, &["validate", s(&readme), "--from", "dup"]);
    assert!(common::stderr(&run).contains(":record 0 (byte 0): error: "));
}

#[test]
fn a_file_whose_content_is_another_readable_format_is_read_so_and_said_once() {
    // JSON Lines under a .dup name: read as JSON Lines (the same boards as
    // from its own name), with one note saying so (solve asks the format
    // twice); none under --quiet, none for the file under its own name.
    let dir = tempfile::tempdir().unwrap();
    let jsonl = dir.path().join("set.jsonl");
    common::expect(0, &["deal", s(&jsonl), "--boards", "3", "--seed", "1"]);
    let dup = dir.path().join("set.dup");
    std::fs::copy(&jsonl, &dup).unwrap();
    let says = "note: holds JSONL, not DUP as its extension says: read as JSONL (--from dup";
    for (input, noted) in [(&dup, true), (&jsonl, false)] {
        let out = dir.path().join("out.pbn");
        let run = common::expect(0, &["solve", s(input), s(&out)]);
        let err = common::stderr(&run);
        assert_eq!(err.matches(says).count(), usize::from(noted), "{err}");
        let shown = common::expect(0, &["show", s(input)]);
        assert_eq!(common::stderr(&shown).contains(says), noted);
    }
    let quiet = common::expect(
        0,
        &["convert", s(&dup), s(&dir.path().join("q.pbn")), "--quiet"],
    );
    assert!(common::stderr(&quiet).is_empty());
    let from_dup = common::expect(0, &["show", s(&dup)]);
    let from_jsonl = common::expect(0, &["show", s(&jsonl)]);
    assert_eq!(from_dup.stdout, from_jsonl.stdout);
}

/// A reader that stops early (`| head`) is a normal end: exit 0 and not a
/// word, whatever the command writes.
#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let pbn = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/bridge/bigdeal-2boards.pbn");
    let commands: [&[&str]; 6] = [
        &["completions", "bash"],
        &["man"],
        &["formats"],
        &["show", s(&pbn)],
        &["convert", s(&pbn), "-", "--to", "pbn"],
        &[
            "deal", "-", "--to", "jsonl", "--boards", "20000", "--seed", "1",
        ],
    ];
    for args in commands {
        for _ in 0..5 {
            let mut child = Command::new(bin())
                .args(args)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            // The reading end closed before (or as) the command writes.
            drop(child.stdout.take());
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            assert!(
                out.stderr.is_empty(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn a_warning_on_every_board_is_said_a_few_times_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set.pbn");
    common::expect(
        0,
        &["deal", s(&set), "--boards", "500", "--seed", "5", "--quiet"],
    );
    // Bridge Bot Analyzer's table on every board: space-separated, with
    // no Declarer column and a value of -9752.
    let text = std::fs::read_to_string(&set).unwrap();
    let mut bad = String::new();
    for line in text.lines() {
        bad.push_str(line);
        bad.push('\n');
        if line.starts_with("[Deal ") {
            bad.push_str("[OptimumResultTable \"Declarer Suit Tricks\"]\nN S -9752\n");
        }
    }
    let input = dir.path().join("bba.pbn");
    std::fs::write(&input, bad).unwrap();
    let convert = |extra: &[&str]| {
        let out = dir.path().join("out.jsonl");
        let _ = std::fs::remove_file(&out);
        let mut args = vec!["convert", s(&input), s(&out)];
        args.extend_from_slice(extra);
        common::stderr(&common::expect(0, &args))
    };
    let folded = convert(&[]);
    let lines: Vec<&str> = folded.lines().collect();
    assert!(lines.len() <= 20, "{folded}");
    let warnings = lines.iter().filter(|l| l.contains(": warning: ")).count();
    assert_eq!(warnings, 4, "{folded}");
    let file = s(&input);
    assert!(
        lines.contains(
            &format!("{file}: warning: and 497 more like it (records 3 to 499)").as_str()
        ),
        "{folded}"
    );
    for line in &lines {
        assert!(placed(line, file).is_some(), "{line}");
    }
    // One severity for one finding: validate says the same warnings, and
    // calls the file valid (--strict counts warnings).
    let validated = common::expect(0, &["validate", file]);
    let said = common::stderr(&validated);
    assert!(said.contains("and 497 more like it"), "{said}");
    assert!(String::from_utf8_lossy(&validated.stdout).contains("500 warnings"));
    common::expect(1, &["validate", "--strict", file]);
    // Every one, when asked.
    let every = convert(&["--verbose"]);
    let warnings = every.lines().filter(|l| l.contains(": warning: ")).count();
    assert_eq!(warnings, 500, "{}", &every[..every.len().min(2000)]);
}
