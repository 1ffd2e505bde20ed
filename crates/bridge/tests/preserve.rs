//! PBN and LIN come back as they were: every file of `../shared/data` and
//! every sample of `tests/data` that reads without error gives its own
//! bytes back through PBN -> PBN (or LIN -> LIN), through JSON Lines, and
//! through the streamed path in small windows; a board that changes has
//! only the lines of what changed rewritten.
//!
//! The oracle is the input file itself, written by other programs.

use boardfile_bridge::{
    convert, read, validate, write, write_with, BoardSet, Diagnostics, Format, Seat, WriteOptions,
};
use boardfile_io::Source;
use std::path::{Path, PathBuf};

mod common;
use common::files;

fn root(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)
}

/// Every file of `ext` in the shared data and the repository's samples,
/// and the inputs fuzzing found (`tests/data/EXT/regression`, which keep
/// no extension).
fn samples(ext: &str) -> Vec<PathBuf> {
    let mut all = files(&root("../../../shared/data"), ext);
    all.extend(files(&root("../../tests/data"), ext));
    let regression = root("../../tests/data").join(ext).join("regression");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&regression)
        .unwrap_or_else(|e| panic!("{}: {e}", regression.display()))
        .map(|e| e.unwrap().path())
        .collect();
    found.sort();
    all.extend(found);
    all
}

fn write_vec(format: Format, set: &BoardSet) -> Vec<u8> {
    let mut out = Vec::new();
    write(format, set, &mut out).unwrap_or_else(|e| panic!("writing {format}: {e}"));
    out
}

/// `bytes` converted from `from` to `to` by the streamed path, the input
/// read through windows of `ahead` bytes.
fn streamed(bytes: &[u8], from: Format, to: Format, ahead: usize) -> Vec<u8> {
    let mut diag = Diagnostics::strict();
    let source = Source::from_reader(bytes).with_read_ahead(ahead);
    let mut reader = from.open(source, &mut diag).unwrap();
    let mut out = Vec::new();
    convert(
        reader.as_mut(),
        Some(from),
        to,
        &WriteOptions::default(),
        &mut out,
        &mut diag,
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    out
}

/// Where two byte strings first differ, with some text around it.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let show = |s: &[u8]| {
        String::from_utf8_lossy(&s[at.saturating_sub(40)..(at + 40).min(s.len())]).into_owned()
    };
    format!("byte {at}: {:?} / {:?}", show(a), show(b))
}

/// `bytes` in `format` comes back as they were: written again, through
/// JSON Lines, streamed in reads of 1, 100 and 4096 bytes, and streamed
/// through JSON Lines.
fn assert_comes_back(name: &str, format: Format, bytes: &[u8]) {
    let outcome = read(format, bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    let again = write_vec(format, &outcome.set);
    assert!(
        again == bytes,
        "{name}: {format} -> {format}: {}",
        first_difference(bytes, &again)
    );
    let jsonl = write_vec(Format::Jsonl, &outcome.set);
    let through = read(Format::Jsonl, &jsonl).unwrap_or_else(|e| panic!("{name}: {e}"));
    let again = write_vec(format, &through.set);
    assert!(
        again == bytes,
        "{name}: through JSON Lines: {}",
        first_difference(bytes, &again)
    );
    for ahead in [1, 100, 4096] {
        let again = streamed(bytes, format, format, ahead);
        assert!(
            again == bytes,
            "{name}: streamed, {ahead}-byte reads: {}",
            first_difference(bytes, &again)
        );
    }
    let again = streamed(
        &streamed(bytes, format, Format::Jsonl, 4096),
        Format::Jsonl,
        format,
        4096,
    );
    assert!(
        again == bytes,
        "{name}: streamed through JSON Lines: {}",
        first_difference(bytes, &again)
    );
}

fn comes_back(ext: &str, format: Format) -> usize {
    let mut checked = 0;
    for path in samples(ext) {
        let bytes = std::fs::read(&path).unwrap();
        if read(format, &bytes).is_err() {
            continue;
        }
        assert_comes_back(&path.display().to_string(), format, &bytes);
        checked += 1;
    }
    checked
}

#[test]
fn every_pbn_that_reads_comes_back_byte_for_byte() {
    let checked = comes_back("pbn", Format::Pbn);
    // 96 files of ../shared/data/wild and the BigDeal sets, the samples.
    assert!(checked >= 110, "{checked} files");
}

#[test]
fn every_lin_that_reads_comes_back_byte_for_byte() {
    let checked = comes_back("lin", Format::Lin);
    assert!(checked >= 60, "{checked} files");
}

/// A BridgeComposer file (tags sorted, commentary, an auction and play), a
/// BigDeal file (its `Generator` tag first, CR LF) and a Dealer file (LF,
/// no line end after the last line), none with tables.
const WRITERS: [&str; 3] = [
    "wild/lorserker+ben/cobol_book.pbn",
    "wild/hansvanstaveren+BigDeal/MXRR01.pbn",
    "wild/lorserker+ben/1S-2H.pbn",
];

fn shared(name: &str) -> Vec<u8> {
    let path = root("../../../shared/data").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of `text`, without their line ends.
fn lines(text: &[u8]) -> Vec<&[u8]> {
    let text = std::str::from_utf8(text).map(str::as_bytes).unwrap_or(text);
    let mut out: Vec<&[u8]> = text
        .split(|&c| c == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    if out.last() == Some(&&b""[..]) {
        out.pop();
    }
    out
}

/// The lines of `after` that differ from `before`'s, line for line (the
/// two having as many).
fn changed<'t>(before: &'t [u8], after: &'t [u8]) -> Vec<(&'t [u8], &'t [u8])> {
    let (a, b) = (lines(before), lines(after));
    assert_eq!(a.len(), b.len(), "as many lines");
    a.into_iter().zip(b).filter(|(x, y)| x != y).collect()
}

#[test]
fn an_edited_tag_rewrites_its_line_only() {
    for name in WRITERS {
        let bytes = shared(name);
        let mut set = read(Format::Pbn, &bytes).unwrap().set;
        set.boards[1].set_tag("Event", "Club night");
        let after = write_vec(Format::Pbn, &set);
        let diff = changed(&bytes, &after);
        assert_eq!(diff.len(), 1, "{name}: {diff:?}");
        assert!(diff[0].0.starts_with(b"[Event \""), "{name}");
        assert_eq!(diff[0].1, b"[Event \"Club night\"]", "{name}");
        // The line end is the file's.
        let crlf = bytes.windows(2).any(|w| w == b"\r\n");
        assert_eq!(after.windows(2).any(|w| w == b"\r\n"), crlf, "{name}");
        // Through JSON Lines, the same.
        let jsonl = write_vec(Format::Jsonl, &set);
        let through = read(Format::Jsonl, &jsonl).unwrap().set;
        assert_eq!(write_vec(Format::Pbn, &through), after, "{name}");
    }
}

#[test]
fn renumbered_boards_rewrite_their_board_lines_only() {
    for name in WRITERS {
        let bytes = shared(name);
        let mut set = read(Format::Pbn, &bytes).unwrap().set;
        for b in &mut set.boards {
            b.number += 100;
        }
        let after = write_vec(Format::Pbn, &set);
        let diff = changed(&bytes, &after);
        assert_eq!(diff.len(), set.boards.len(), "{name}");
        for ((was, now), b) in diff.iter().zip(&set.boards) {
            assert!(
                was.starts_with(b"[Board \""),
                "{name}: {:?}",
                String::from_utf8_lossy(was)
            );
            assert_eq!(
                *now,
                format!("[Board \"{}\"]", b.number).as_bytes(),
                "{name}"
            );
        }
    }
}

#[test]
fn a_dropped_board_takes_its_lines_and_no_others() {
    let bytes = shared(WRITERS[1]);
    let mut set = read(Format::Pbn, &bytes).unwrap().set;
    let gone = set.boards.remove(3);
    let after = write_vec(Format::Pbn, &set);
    let text = String::from_utf8(bytes.clone()).unwrap();
    let game = &gone.pbn.as_ref().unwrap().0;
    assert_eq!(
        String::from_utf8(after).unwrap(),
        text.replacen(game.as_str(), "", 1)
    );
}

#[test]
fn normalize_writes_the_export_format_that_reads_back_alike() {
    let normalized = WriteOptions::default().normalized(true);
    for name in WRITERS {
        let bytes = shared(name);
        let first = read(Format::Pbn, &bytes).unwrap();
        let set = first.set;
        let mut out = Vec::new();
        write_with(Format::Pbn, &set, &mut out, &normalized).unwrap();
        // Read back: the same boards (their texts aside), and no warning
        // but a contradiction the boards carry (cobol_book.pbn's empty
        // Contract beside its auction).
        let again = read(Format::Pbn, &out).unwrap();
        assert!(
            again
                .warnings
                .iter()
                .all(|w| first.warnings.iter().any(|f| f.message == w.message)),
            "{name}: {:?}",
            again.warnings
        );
        // Their texts aside, their tags in any order (the export format
        // orders them), and `?` the same as no tag (it gives every
        // mandatory tag, `?` when unknown).
        let bare = |s: &BoardSet| {
            let mut boards = s.boards.clone();
            for b in &mut boards {
                b.pbn = None;
                b.tags.retain(|t| t.value != "?");
                b.tags.sort_by(|x, y| x.name.cmp(&y.name));
            }
            boards
        };
        assert_eq!(bare(&again.set), bare(&set), "{name}");
        let report = validate(Format::Pbn, &out);
        assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
        // The export format, checked line by line here (PBN 2.1 sections
        // 2 and 3): the two header lines, CR LF only, each game the
        // fifteen mandatory tags first and in order, deals from the dealer.
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("% PBN 2.1\r\n% EXPORT\r\n"), "{name}");
        assert!(!text.replace("\r\n", "").contains(['\r', '\n']), "{name}");
        const ORDER: [&str; 15] = [
            "Event",
            "Site",
            "Date",
            "Board",
            "West",
            "North",
            "East",
            "South",
            "Dealer",
            "Vulnerable",
            "Deal",
            "Scoring",
            "Declarer",
            "Contract",
            "Result",
        ];
        // Each game from its Event tag, which the export order puts first.
        let starts: Vec<usize> = text
            .match_indices("\r\n[Event \"")
            .map(|(i, _)| i + 2)
            .collect();
        let games: Vec<&str> = starts
            .iter()
            .enumerate()
            .map(|(k, &at)| &text[at..starts.get(k + 1).copied().unwrap_or(text.len())])
            .collect();
        assert_eq!(games.len(), set.boards.len(), "{name}");
        for game in games {
            let tags: Vec<&str> = game
                .split("\r\n")
                .filter_map(|l| l.strip_prefix('['))
                .map(|l| l.split(' ').next().unwrap())
                .take(15)
                .collect();
            assert_eq!(tags, ORDER, "{name}");
            let dealer = game
                .split("[Dealer \"")
                .nth(1)
                .unwrap()
                .chars()
                .next()
                .unwrap();
            let deal = game
                .split("[Deal \"")
                .nth(1)
                .unwrap()
                .chars()
                .next()
                .unwrap();
            assert_eq!(dealer, deal, "{name}: {game}");
            assert!(Seat::from_letter(dealer as u8).is_some());
        }
    }
}

/// Board `number` (no tags, no table) as the export writer gives it: the
/// fifteen tags, CR LF.
fn export_game(number: u32) -> String {
    let deal = boardfile_bridge::Deal::parse_pbn(
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    )
    .unwrap();
    let set = BoardSet {
        boards: vec![boardfile_bridge::Board::new(number, deal)],
        ..Default::default()
    };
    let mut out = Vec::new();
    write_with(
        Format::Pbn,
        &set,
        &mut out,
        &WriteOptions::default().normalized(true),
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    let game = text.strip_prefix("% PBN 2.1\r\n% EXPORT\r\n").unwrap();
    assert!(game.starts_with("[Event \"\"]\r\n") && game.ends_with("[Result \"\"]\r\n"));
    game.to_string()
}

#[test]
fn hand_made_layouts_come_back_byte_for_byte() {
    // Games in the export writer's very text keep no copy of it; what
    // stands around them must still come back. Hand-made, each a layout
    // that reads without error.
    let (one, two) = (export_game(1), export_game(2));
    let lf = |s: &str| s.replace("\r\n", "\n");
    let cases: Vec<(&str, String)> = vec![
        ("an export game", one.clone()),
        ("two, parted", format!("{one}\r\n{two}")),
        ("an empty line after the last", format!("{one}\r\n")),
        (
            "two empty lines after the last",
            format!("{one}\r\n{two}\r\n\r\n"),
        ),
        ("a comment after the last", format!("{one}\r\n{{end}}\r\n")),
        (
            "no empty line before the next Board",
            format!("{one}[Board \"2\"]\r\n[Deal \"N:- - - -\"]\r\n"),
        ),
        (
            "a ## value before",
            format!("[Event \"##Club\"]\r\n[Board \"9\"]\r\n[Deal \"N:- - - -\"]\r\n\r\n{two}"),
        ),
        ("spaces before the first tag", format!(" {one}\r\n{two}")),
        (
            "a header without games",
            "% PBN 2.1\r\n% EXPORT\r\n".to_string(),
        ),
        (
            "a header, then games",
            format!("% PBN 2.1\r\n% EXPORT\r\n{one}\r\n{two}"),
        ),
        ("LF", lf(&format!("{one}\r\n{two}"))),
        (
            "LF, no line end at the end",
            lf(&format!("{one}\r\n{two}")).trim_end().to_string(),
        ),
        ("CR", format!("{one}\r\n{two}").replace("\r\n", "\r")),
        (
            "a comment between",
            format!("{one}\r\n{{between}}\r\n\r\n{two}"),
        ),
        (
            "an escape line between",
            format!("{one}\r\n% note\r\n{two}"),
        ),
        ("tabs on the empty line", format!("{one}\t \r\n{two}")),
    ];
    for (name, text) in cases {
        assert_comes_back(name, Format::Pbn, text.as_bytes());
    }
}

#[test]
fn a_tag_added_to_a_dealing_programs_game_is_one_line_more() {
    // BigDeal's short form (four tags, LF): an Event given in JSON Lines is
    // one line added; the mandatory tags the game left out stay out (the
    // export form would give them, `?` beside the Event).
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let mut set = read(Format::Pbn, text.as_bytes()).unwrap().set;
    set.boards[0].set_tag("Event", "Club night");
    let jsonl = write_vec(Format::Jsonl, &set);
    let set = read(Format::Jsonl, &jsonl).unwrap().set;
    let after = String::from_utf8(write_vec(Format::Pbn, &set)).unwrap();
    assert_eq!(after, format!("[Event \"Club night\"]\n{text}"));
}

#[test]
fn a_new_board_takes_the_files_line_end() {
    // An LF file with no text before its first game, and a board from
    // elsewhere after its own: written in LF too.
    let text = export_game(1).replace("\r\n", "\n");
    let mut set = read(Format::Pbn, text.as_bytes()).unwrap().set;
    let mut new = set.boards[0].clone();
    new.pbn = None;
    new.number = 2;
    set.boards.push(new);
    let after = String::from_utf8(write_vec(Format::Pbn, &set)).unwrap();
    assert!(after.starts_with(&text), "{after}");
    assert!(!after.contains('\r'), "{after}");
    assert_eq!(after.matches("[Board \"2\"]").count(), 1);
}

/// The commands of a LIN text, `(key, value)`, split by the test itself.
fn lin_commands(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut parts = text.split('|');
    while let (Some(k), Some(v)) = (parts.next(), parts.next()) {
        out.push((k.trim().to_ascii_lowercase(), v.to_string()));
    }
    out
}

/// A BigDeal LIN (`qx|` and `ah|` give the number, a board a line), a BBO
/// hand file (`ah|` alone, one line) and our vugraph sample.
const LIN_FILES: [&str; 3] = [
    "../../../shared/data/bigdeal/cases/23/deal.lin",
    "../../../shared/data/wild/jarekczek+pbntools/20784128.lin",
    "../../tests/data/bridge/vugraph-3boards.lin",
];

#[test]
fn lin_renumbered_boards_rewrite_their_numbers_only() {
    for name in LIN_FILES {
        let bytes = std::fs::read(root(name)).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        let mut set = read(Format::Lin, &bytes).unwrap().set;
        for b in &mut set.boards {
            b.number += 100;
        }
        let after = String::from_utf8(write_vec(Format::Lin, &set)).unwrap();
        // The same commands in the same places; only the numbers of qx|
        // and ah| differ, each by 100.
        let (was, now) = (lin_commands(&text), lin_commands(&after));
        assert_eq!(was.len(), now.len(), "{name}");
        let mut changed = 0;
        for ((k, v), (k2, v2)) in was.iter().zip(&now) {
            assert_eq!(k, k2, "{name}");
            if v != v2 {
                assert!(k == "qx" || k == "ah", "{name}: {k}|{v}| -> {v2}");
                let digits =
                    |s: &str| s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
                let (a, b) = (digits(v), digits(v2));
                assert_eq!(v[..v.len() - a], v2[..v2.len() - b], "{name}");
                let n: u32 = v[v.len() - a..].parse().unwrap();
                assert_eq!(v2[v2.len() - b..], (n + 100).to_string(), "{name}");
                changed += 1;
            }
        }
        assert!(changed >= set.boards.len(), "{name}: {changed} numbers");
        // Line ends and everything between commands stay.
        assert_eq!(text.lines().count(), after.lines().count(), "{name}");
        let jsonl = write_vec(Format::Jsonl, &set);
        let through = read(Format::Jsonl, &jsonl).unwrap().set;
        assert_eq!(
            String::from_utf8(write_vec(Format::Lin, &through)).unwrap(),
            after,
            "{name}: through JSON Lines"
        );
    }
}

#[test]
fn lin_edited_players_deal_and_conditions_rewrite_those_commands_only() {
    let name = LIN_FILES[1];
    let bytes = std::fs::read(root(name)).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    let mut set = read(Format::Lin, &bytes).unwrap().set;
    let b = &mut set.boards[0];
    b.set_tag("North", "Somebody");
    b.vulnerability = boardfile_bridge::Vulnerability::All;
    // North and South swap hands.
    let (n, s) = (b.deal.hand(Seat::North), b.deal.hand(Seat::South));
    let mut hands = [Seat::North, Seat::East, Seat::South, Seat::West].map(|x| b.deal.hand(x));
    hands[0] = s;
    hands[2] = n;
    b.deal = boardfile_bridge::Deal::new(hands).unwrap();
    let after = String::from_utf8(write_vec(Format::Lin, &set)).unwrap();
    let (was, now) = (lin_commands(&text), lin_commands(&after));
    assert_eq!(was.len(), now.len());
    let diff: Vec<&str> = was
        .iter()
        .zip(&now)
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a.0.as_str())
        .collect();
    assert_eq!(diff, ["pn", "md", "sv"], "{after}");
    let at = |key: &str| now.iter().find(|c| c.0 == key).unwrap().1.clone();
    assert_eq!(at("pn"), "k00la1d,fernwood57,Somebody,GEM_Freddy");
    assert_eq!(at("sv"), "b");
    // The hands as the test computes them from the file's own md|: the
    // first (South) and third (North) change places, the dealer stays.
    let md = was.iter().find(|c| c.0 == "md").unwrap().1.clone();
    let read_back = read(Format::Lin, after.as_bytes()).unwrap().set;
    assert_eq!(read_back.boards[0].deal, set.boards[0].deal);
    assert_eq!(at("md").as_bytes()[0], md.as_bytes()[0]);
    assert_eq!(read_back.boards[1..], set.boards[1..]);
}
