//! Titled hand records: `--title`, `--event`, `--site` and `--date` in
//! the PDF's text, the HTML page and the PBN's tags, and a note where a
//! format has no place for one.

mod common;

use common::{expect, s, stderr};
use std::path::Path;

/// A dealt set of 6 boards in `dir`, with the options given.
fn dealt(dir: &Path, name: &str, options: &[&str]) -> String {
    let set = dir.join(name);
    let mut args = vec!["deal", s(&set), "--boards", "6", "--seed", "c0ffee"];
    args.extend_from_slice(options);
    expect(0, &args);
    s(&set).to_string()
}

/// The text of every page of a PDF, a page at a time.
fn pdf_pages(path: &Path) -> Vec<String> {
    let pdf = lopdf::Document::load(path).unwrap();
    let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
    assert!(!pages.is_empty(), "{}: no pages", path.display());
    pages
        .iter()
        .map(|&n| pdf.extract_text(&[n]).unwrap())
        .collect()
}

#[test]
fn a_pdf_titled_and_dated_shows_both() {
    let dir = tempfile::tempdir().unwrap();
    let set = dealt(dir.path(), "set.pbn", &[]);
    let pdf = dir.path().join("records.pdf");
    let args = ["convert", &set, s(&pdf), "--title", "Club Pairs"];
    expect(0, &[&args[..], &["--date", "2026-11-24"]].concat());
    let pages = pdf_pages(&pdf);
    assert_eq!(pages.len(), 2, "6 boards, 4 a page");
    for text in &pages {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        assert_eq!(lines[0], "Club Pairs", "{text}");
        assert_eq!(lines[1], "24 November 2026", "{text}");
        assert!(!text.contains("2026.11.24") && !text.contains("Hand records"));
    }
    // Untitled, the heading is as before.
    let plain = dir.path().join("plain.pdf");
    expect(0, &["convert", &set, s(&plain)]);
    assert!(pdf_pages(&plain)[0].contains("Hand records"));
}

#[test]
fn html_shows_the_title_event_site_and_date() {
    let dir = tempfile::tempdir().unwrap();
    let set = dealt(dir.path(), "set.pbn", &["--event", "Monday Pairs"]);
    let html = dir.path().join("records.html");
    expect(
        0,
        &[
            "convert",
            &set,
            s(&html),
            "--title",
            "Club Pairs",
            "--site",
            "Leiden",
            "--date",
            "2026.11.??",
        ],
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<title>Club Pairs</title>"), "{page}");
    assert_eq!(
        page.matches(
            "<header><h1>Club Pairs</h1><p>Monday Pairs \u{b7} Leiden \u{b7} November 2026</p></header>"
        )
        .count(),
        2,
        "a heading a printed page"
    );
}

#[test]
fn pbn_takes_the_event_site_and_date_as_tags() {
    let dir = tempfile::tempdir().unwrap();
    let set = dealt(dir.path(), "set.pbn", &["--event", "Old"]);
    let out = dir.path().join("out.pbn");
    let run = expect(
        0,
        &[
            "convert",
            &set,
            s(&out),
            "--event",
            "Club Pairs",
            "--site",
            "Leiden",
            "--date",
            "2026-11-24",
            "--title",
            "Ignored",
        ],
    );
    let text = std::fs::read_to_string(&out).unwrap();
    for tag in [
        "[Event \"Club Pairs\"]",
        "[Site \"Leiden\"]",
        "[Date \"2026.11.24\"]",
    ] {
        assert_eq!(text.matches(tag).count(), 6, "{tag} in every game:\n{text}");
    }
    assert!(!text.contains("Old"));
    let err = stderr(&run);
    assert!(
        err.contains("out.pbn: note: --title not kept: PBN has no title"),
        "{err}"
    );
    // Read back, the set says them.
    let info = expect(0, &["info", s(&out)]);
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    assert!(
        info.contains("Club Pairs") && info.contains("2026.11.24"),
        "{info}"
    );
    // The dealt set with them from the start.
    let dealt = dealt(
        dir.path(),
        "dealt.pbn",
        &["--date", "2026-11-24", "--site", "Leiden"],
    );
    let text = std::fs::read_to_string(dealt).unwrap();
    assert_eq!(text.matches("[Date \"2026.11.24\"]").count(), 6, "{text}");
}

#[test]
fn a_format_without_a_place_for_them_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let set = dealt(dir.path(), "set.pbn", &[]);
    let dup = dir.path().join("set.dup");
    let run = expect(
        0,
        &[
            "convert",
            &set,
            s(&dup),
            "--event",
            "Club Pairs",
            "--date",
            "2026-11-24",
        ],
    );
    let err = stderr(&run);
    for note in [
        "set.dup: note: DUP does not keep the event",
        "set.dup: note: DUP does not keep the date",
    ] {
        assert!(err.contains(note), "{err}");
    }
}

#[test]
fn a_bad_date_or_heading_is_refused_by_its_value() {
    let dir = tempfile::tempdir().unwrap();
    let set = dealt(dir.path(), "set.pbn", &[]);
    let out = dir.path().join("out.html");
    for (option, value) in [
        ("--date", "2026-13-01"),
        ("--date", "2027.02.29"),
        ("--date", "24/11/2026"),
        ("--event", "two\nlines"),
        ("--title", " "),
    ] {
        let run = expect(2, &["convert", &set, s(&out), option, value]);
        let err = stderr(&run);
        assert!(err.contains(value) && err.contains(option), "{err}");
        assert!(!out.exists());
    }
    let run = expect(2, &["convert", &set, s(&out), "--date", "2026-13-01"]);
    assert!(stderr(&run).contains("not a date"));
}

#[test]
fn othello_games_take_no_titles() {
    let dir = tempfile::tempdir().unwrap();
    let wtb =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/othello/WTH_1977.wtb");
    let out = dir.path().join("games.pgn");
    let run = expect(2, &["convert", s(&wtb), s(&out), "--event", "Club"]);
    assert!(stderr(&run).contains("are for bridge"), "{}", stderr(&run));
    assert!(!out.exists());
}
