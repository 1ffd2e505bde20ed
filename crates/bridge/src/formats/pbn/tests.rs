//! PBN against the standard's own example, hand-made import files and
//! hand-written export forms.

use super::*;
use crate::codec::options::DdTags;
use crate::codec::options::WriteOptions;
use crate::codec::Format;
use crate::model::auction::{CallToken, CardToken, Contract};
use crate::model::board::{Anchor, Comment, Vulnerability};
use crate::model::card::Strain;
use crate::model::deal::Seat;
use crate::records::{read as read_file, validate};
use boardfile_io::{Diagnostics, ErrorKind};

/// Writes the export format: these tests are of the export writer (the
/// file's own layout is kept without `normalize`; see `edit.rs`'s tests).
fn write(set: &crate::model::set::BoardSet, out: &mut Vec<u8>) -> Result<(), boardfile_io::Error> {
    crate::records::write_with(
        Format::Pbn,
        set,
        out,
        &WriteOptions::default().normalized(true),
    )
}

fn write_with(
    set: &crate::model::set::BoardSet,
    out: &mut Vec<u8>,
    tags: &DdTags,
) -> Result<(), boardfile_io::Error> {
    crate::records::write_with(
        Format::Pbn,
        set,
        out,
        &WriteOptions::with_dd_tags(*tags).normalized(true),
    )
}

fn read(
    bytes: &[u8],
    diag: &mut Diagnostics,
) -> Result<crate::model::set::BoardSet, boardfile_io::Error> {
    crate::records::read_with(Format::Pbn, bytes, diag)
}

/// A sample: BigDeal's (`bigdeal-*`) from `../shared/data` beside the
/// repository, the format documents' examples from tests/data.
fn fixture(name: &str) -> Vec<u8> {
    let dir = if name.starts_with("bigdeal-") {
        "../../../shared/data/bridge"
    } else {
        "../../tests/data/bridge"
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn pbn(text: &str) -> crate::model::set::BoardSet {
    read_file(Format::Pbn, text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"))
        .set
}

/// The boards without the texts they were read from: what two files in
/// different layouts have alike.
fn bare(boards: &[crate::model::board::Board]) -> Vec<crate::model::board::Board> {
    let mut boards = boards.to_vec();
    for b in &mut boards {
        b.pbn = None;
        // The counts as stored: the random tables the tests write break
        // what their deals allow, and are read so (see crate::trust).
        if let Some(t) = &mut b.dd {
            t.set_trust(crate::model::board::Trust::Exact);
        }
    }
    boards
}

fn export(set: &crate::model::set::BoardSet) -> String {
    let mut out = Vec::new();
    write(set, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_standards_example_reads_into_the_model() {
    let set = read_file(Format::Pbn, &fixture("pbn-spec-example.pbn"))
        .unwrap()
        .set;
    assert_eq!(set.boards.len(), 1);
    let b = &set.boards[0];
    assert_eq!(
        (b.number, b.dealer, b.vulnerability),
        (1, Seat::North, Vulnerability::None)
    );
    assert_eq!(b.deal.hand(Seat::West).to_string(), "KQT2.AT.J6542.85");
    assert_eq!(b.tag("West"), Some("Podgor"));
    assert_eq!(b.tag("Contract"), Some("5HX"));
    let a = b.auction.as_ref().unwrap();
    assert_eq!(a.first, Seat::North);
    assert_eq!(a.calls.len(), 15);
    assert_eq!(a.calls[2].note, Some(1));
    assert_eq!(a.calls[4].note, Some(2));
    assert_eq!(
        a.contract(),
        Some(Contract::Bid {
            level: 5,
            strain: Strain::Hearts,
            risk: 1,
            declarer: Seat::South
        })
    );
    assert_eq!(
        a.notes,
        [
            "1:non-forcing 6-9 points, 6-card",
            "2:two colors: clubs and diamonds"
        ]
    );
    let p = b.play.as_ref().unwrap();
    assert_eq!(p.first, Seat::West);
    assert_eq!(p.cards.len(), 28);
    assert!(p.stopped);
    assert_eq!(p.cards[0].note, Some(1));
    assert_eq!(p.cards[24].token, CardToken::Unknown);
    assert_eq!(p.notes, ["1:highest of series"]);
    // The diagram comment follows the Result tag.
    assert_eq!(b.comments.len(), 1);
    assert_eq!(b.comments[0].after, Anchor::Tag("Result".into()));
    let Comment::Brace(text) = &b.comments[0].comment else {
        panic!("{:?}", b.comments[0])
    };
    assert!(
        text.starts_with("\n                S\n                H 6 3\n"),
        "{text:?}"
    );
    assert!(text.ends_with("C K 4   \n"), "{text:?}");
}

#[test]
fn the_standards_example_exports_as_written_by_hand() {
    // pbn-spec-example-export.pbn is the example of section 1.2 put in the
    // export form by the rules of sections 2 and 3 (CR LF, the header lines,
    // single spaces between calls and cards).
    let import = read_file(Format::Pbn, &fixture("pbn-spec-example.pbn"))
        .unwrap()
        .set;
    let expected = String::from_utf8(fixture("pbn-spec-example-export.pbn")).unwrap();
    assert_eq!(export(&import), expected);
    let again = pbn(&expected);
    assert_eq!(
        export(&again),
        expected,
        "export files round-trip byte for byte"
    );
    assert_eq!(bare(&again.boards), bare(&import.boards));
}

#[test]
fn import_format_features() {
    let text = "% PBN 2.1\n\
% Content-type: text/x-pbn; charset=ISO-8859-1\n\
{game comment}\n\
[Event \"##Club \\\"Night\\\"\"] [Site \"Caf\u{e9}\"]\n\
[Board\n  \"7\"]\n\
[Dealer \"s\"] ; who deals\n\
[Dealer \"w\"]\n\
[Vulnerable \"both\"]\n\
[Deal \"e:2345.2345.2345.2 - - -\"]\n\
[Zeta \"last\"]\n\
[Alpha \"first\"]\n\
[Auction \"W\"]\n\
- - - 1s ! $20 =1= pass\n\
2c AP\n\
[Note \"1:{not a comment}\"]\n\
\n\
[Board \"8\"]\n\
[Event \"#\"]\n\
[Deal \"N:AKQJ.AKQJ.AKQ.AK - - -\"]\n\
[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Names_NS;Score_NS\\5R\"]\n\
1 2 \"Smith;Jones\" 420\n\
 3 4\n\
\"Lee;Kim\" -50\n\
\n\
[Board \"9\"]\n\
[Deal \"N:- - - -\"]\n";
    let outcome = read_file(Format::Pbn, text.as_bytes()).unwrap();
    let set = outcome.set;
    assert_eq!(outcome.warnings.len(), 3, "{:?}", outcome.warnings);
    assert!(
        outcome.warnings[0]
            .message
            .contains("Dealer is given twice"),
        "{:?}",
        outcome.warnings
    );
    // "both" is the standard's Both in another case: read, and said.
    assert!(outcome.warnings[1]
        .message
        .contains("Vulnerable \"both\" is not a PBN value: read as All"));
    // Board 8 gives no dealer or vulnerability: worked out, and said.
    assert!(
        outcome.warnings[2]
            .message
            .starts_with("board 8: no dealer, vulnerable given: worked out"),
        "{:?}",
        outcome.warnings[2]
    );
    assert_eq!(set.boards.len(), 3);
    let b = &set.boards[0];
    assert_eq!(b.number, 7);
    assert_eq!(b.dealer, Seat::South);
    assert_eq!(b.vulnerability, Vulnerability::All);
    assert_eq!(b.deal.hand(Seat::East).to_string(), "5432.5432.5432.2");
    assert_eq!(b.tag("Event"), Some("##Club \"Night\""));
    assert_eq!(b.tag("Site"), Some("Caf\u{e9}"), "ISO-8859-1 byte E9");
    // The auction starts with the dealer: the three `-` before South go.
    let a = b.auction.as_ref().unwrap();
    assert_eq!(a.first, Seat::South);
    assert_eq!(a.calls.len(), 4);
    assert_eq!(a.calls[0].nags, [1, 20]);
    assert_eq!(a.calls[0].note, Some(1));
    assert_eq!(a.calls[3].token, CallToken::AllPass);
    assert_eq!(a.contract().unwrap().pbn(), "2C");
    assert_eq!(a.notes, ["1:{not a comment}"]);
    let anchors: Vec<&Anchor> = b.comments.iter().map(|c| &c.after).collect();
    assert_eq!(anchors, [&Anchor::Start, &Anchor::Tag("Dealer".into())]);
    assert_eq!(
        set.info.pbn.as_ref().unwrap().preamble,
        [
            "% PBN 2.1",
            "% Content-type: text/x-pbn; charset=ISO-8859-1"
        ]
    );
    // `#` and `##` are kept as written and resolved on request.
    assert_eq!(set.boards[1].tag("Event"), Some("#"));
    assert_eq!(set.tag_value(1, "Event"), Some("Club \"Night\""));
    assert_eq!(set.tag_value(2, "Event"), Some("Club \"Night\""));
    assert_eq!(set.tag_value(2, "Site"), None);
    // A table's rows come from its four columns, not from its lines.
    let t = &set.boards[1].tags[1];
    assert_eq!(t.name, "ScoreTable");
    assert_eq!(
        t.rows,
        [
            vec!["1", "2", "\"Smith;Jones\"", "420"],
            vec!["3", "4", "\"Lee;Kim\"", "-50"]
        ]
    );
    assert_eq!(set.boards[2].deal, crate::model::deal::Deal::default());

    // Written in export form: mandatory tags first, others by name, tables
    // padded, the `##` game's Event kept and later games' omitted.
    let out = export(&set);
    let expected_first =
        "% PBN 2.1\r\n% EXPORT\r\n% Content-type: text/x-pbn; charset=ISO-8859-1\r\n\
{game comment}\r\n\
[Event \"##Club \\\"Night\\\"\"]\r\n[Site \"Caf\u{e9}\"]\r\n[Date \"?\"]\r\n[Board \"7\"]\r\n\
[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"S\"]\r\n; who deals\r\n\
[Vulnerable \"All\"]\r\n[Deal \"S:- - - 5432.5432.5432.2\"]\r\n[Scoring \"?\"]\r\n\
[Declarer \"N\"]\r\n[Contract \"2C\"]\r\n[Result \"?\"]\r\n[Alpha \"first\"]\r\n[Zeta \"last\"]\r\n\
[Auction \"S\"]\r\n1S =1= $1 $20 Pass 2C AP\r\n[Note \"1:{not a comment}\"]\r\n\r\n";
    assert!(out.starts_with(expected_first), "{out}");
    let second = &out[expected_first.len()..];
    assert!(
        second.starts_with("[Event \"#\"]\r\n[Site \"?\"]\r\n"),
        "{second}"
    );
    assert!(
        second.contains("[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Names_NS;Score_NS\\5R\"]\r\n 1  2 \"Smith;Jones\"   420\r\n 3  4 \"Lee;Kim\"   -50\r\n"),
        "{second}"
    );
    let third = &second[second.find("[Board \"9\"]").unwrap() - 60..];
    assert!(
        !third.contains("[Event"),
        "the ## Event is inherited: {third}"
    );
    assert!(
        third.contains("[Site \"\"]\r\n"),
        "a deal-only game: {third}"
    );
    // Nothing is lost: the export reads back to the same boards, and is a
    // fixed point of the writer.
    let back = pbn(&out);
    for (x, y) in set.boards.iter().zip(&back.boards) {
        assert_eq!(x.deal, y.deal);
        assert_eq!(x.auction, y.auction);
        assert_eq!(x.comments, y.comments);
        for t in &x.tags {
            assert!(y.tags.contains(t), "{t:?} lost");
        }
    }
    assert_eq!(export(&back), out);
}

#[test]
fn utf8_files_stay_utf8() {
    let text = "\u{feff}[Event \"\u{17d}ilina \u{2660}\"]\n[Board \"1\"]\n[Deal \"N:- - - -\"]\n";
    let set = pbn(text);
    assert_eq!(set.boards[0].tag("Event"), Some("\u{17d}ilina \u{2660}"));
    let out = export(&set);
    assert!(out.starts_with("\u{feff}% PBN 2.1\r\n"));
    assert!(out.contains("[Event \"\u{17d}ilina \u{2660}\"]"));
    // Without a BOM, UTF-8 bytes are still told from ISO-8859-1.
    let set = pbn("[Event \"Z\u{fc}rich\"]\n[Deal \"N:- - - -\"]\n");
    assert_eq!(set.boards[0].tag("Event"), Some("Z\u{fc}rich"));
    let set = read_file(
        Format::Pbn,
        b"[Event \"Z\xfcrich\"]\n[Deal \"N:- - - -\"]\n",
    )
    .unwrap()
    .set;
    assert_eq!(set.boards[0].tag("Event"), Some("Z\u{fc}rich"));
    let mut out = Vec::new();
    write(&set, &mut out).unwrap();
    assert!(
        out.windows(8).any(|w| w == b"\"Z\xfcrich\""),
        "written in ISO-8859-1 again"
    );
}

#[test]
fn latin1_text_whose_bytes_are_utf8_is_written_in_utf8() {
    // "Ã©" in ISO-8859-1 is C3 A9, which is UTF-8 for "é": written so, the
    // file would read back as "é". A version line of 0xFF bytes (not UTF-8)
    // made the source ISO-8859-1, and the writer gives its own version.
    let set = read_file(
        Format::Pbn,
        b"% PBN 1\xff.0\n[Event \"Caf\xc3\xa9\"]\n[Deal \"N:- - - -\"]\n",
    )
    .unwrap()
    .set;
    assert_eq!(set.boards[0].tag("Event"), Some("Caf\u{c3}\u{a9}"));
    let out = export(&set);
    assert!(out.contains("[Event \"Caf\u{c3}\u{a9}\"]"), "{out}");
    assert_eq!(pbn(&out).boards[0].tag("Event"), Some("Caf\u{c3}\u{a9}"));
    // Text that is not UTF-8 in ISO-8859-1 stays ISO-8859-1.
    let set = read_file(
        Format::Pbn,
        b"[Event \"Caf\xc3\xa9 \xe9\"]\n[Deal \"N:- - - -\"]\n",
    )
    .unwrap()
    .set;
    let mut out = Vec::new();
    write(&set, &mut out).unwrap();
    assert!(out.windows(8).any(|w| w == b"Caf\xc3\xa9 \xe9\""));
}

const DD_GAME: &str = "[Board \"1\"]\n[Deal \"N:AKQJ.AKQJ.AKQ.AK T987.T987.T98.T9 6543.6543.765.87 2.2.J432.J65432\"]\n\
[DoubleDummyTricks \"dddddddddd0000000000\"]\n\
[OptimumScore \"NS 2220\"]\n[ParContract \"NS 7NT\"]\n\
[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n\
N NT 13\nN  S 13\nN  H 13\nN  D 13\nN  C 13\nS NT 13\nS  S 13\nS  H 13\nS  D 13\nS  C 13\n\
E NT  0\nE  S  0\nE  H  0\nE  D  0\nE  C  0\nW NT  0\nW  S  0\nW  H  0\nW  D  0\nW  C  0\n";

#[test]
fn double_dummy_tags_read_into_the_model_and_back() {
    let set = pbn(DD_GAME);
    let b = &set.boards[0];
    let dd = b.dd.unwrap();
    assert_eq!(dd.get(Seat::North, Strain::NoTrump), Some(13));
    assert_eq!(dd.get(Seat::West, Strain::Clubs), Some(0));
    assert_eq!(dd.get(Seat::South, Strain::Spades), Some(13));
    let par = b.par.as_ref().unwrap();
    assert_eq!(
        (par.score_ns, par.contracts.as_slice()),
        (2220, &["7NT-NS".to_string()][..])
    );
    // Kept as written while they agree with the model.
    let out = export(&set);
    assert!(out.contains("[DoubleDummyTricks \"dddddddddd0000000000\"]\r\n[OptimumScore \"NS 2220\"]\r\n[ParContract \"NS 7NT\"]\r\n"), "{out}");
    assert!(out.contains("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\nN NT 13\r\nN  S 13\r\n"), "{out}");
    // Changed in the model: the tags are written from it.
    let mut changed = set.clone();
    let b = &mut changed.boards[0];
    b.dd.as_mut()
        .unwrap()
        .set(Seat::West, Strain::Clubs, Some(12))
        .unwrap();
    b.par = Some(crate::model::board::Par {
        score_ns: -100,
        contracts: vec!["6CX-EW".into()],
    });
    let out = export(&changed);
    assert!(
        out.contains("[DoubleDummyTricks \"dddddddddd000000000c\"]"),
        "{out}"
    );
    assert!(out.contains("W  C 12\r\n"), "{out}");
    assert!(
        out.contains("[OptimumScore \"EW 100\"]\r\n[ParContract \"EW 6CX\"]"),
        "{out}"
    );
    // A table from elsewhere gets all four tags; a flag chooses fewer.
    let mut bare = crate::model::board::Board::new(1, set.boards[0].deal);
    bare.dd = set.boards[0].dd;
    let bare = crate::model::set::BoardSet::from_boards(vec![bare]);
    let out = export(&bare);
    assert!(
        out.contains("[DoubleDummyTricks \"dddddddddd0000000000\"]") && out.contains("N NT 13\r\n"),
        "{out}"
    );
    let mut only = Vec::new();
    write_with(
        &set,
        &mut only,
        &DdTags::parse("OptimumResultTable").unwrap(),
    )
    .unwrap();
    let only = String::from_utf8(only).unwrap();
    assert!(
        only.contains("[OptimumResultTable")
            && !only.contains("DoubleDummyTricks")
            && !only.contains("OptimumScore"),
        "{only}"
    );
    assert!(DdTags::parse("Optimum").is_err());
}

#[test]
fn disagreeing_double_dummy_tags_are_one_warning_in_validation_and_reading() {
    let bad = DD_GAME.replace("dddddddddd0000000000", "dddddddddd000000000b");
    // The board reads on with the first tag: a warning, the same finding
    // whether validated or read.
    let v = validate(Format::Pbn, bad.as_bytes());
    assert!(v.errors.is_empty(), "{:?}", v.errors);
    let said: Vec<_> = v
        .warnings
        .iter()
        .filter(|w| w.message.contains("disagrees"))
        .collect();
    assert_eq!(said.len(), 1, "{:?}", v.warnings);
    let e = said[0].to_string();
    // Named at the tag, not at the game's first line.
    let line = bad
        .lines()
        .position(|l| l.starts_with("[OptimumResultTable"))
        .unwrap()
        + 1;
    assert_eq!(
        said[0].position.and_then(|p| p.line),
        Some(line as u64),
        "{e}"
    );
    assert!(e.contains("OptimumResultTable disagrees"), "{e}");
    let outcome = read_file(Format::Pbn, bad.as_bytes()).unwrap();
    let dd_warnings = outcome
        .warnings
        .iter()
        .filter(|w| w.message.contains("disagrees"))
        .count();
    assert_eq!(dd_warnings, 1, "{:?}", outcome.warnings);
    // The first tag wins; the table that disagrees is written from the model.
    assert_eq!(
        outcome.set.boards[0]
            .dd
            .unwrap()
            .get(Seat::West, Strain::Clubs),
        Some(11)
    );
    assert!(export(&outcome.set).contains("W  C 11\r\n"));
}

#[test]
fn errors_name_the_game_board_line_and_column() {
    let text = "[Board \"1\"]\n[Deal \"N:- - - -\"]\n\n[Board \"2\"]\n[Deal \"N:AKQJ.AKQJ.AKQ.AKA - - -\"]\n";
    let e = read_file(Format::Pbn, text.as_bytes()).unwrap_err();
    // Line 5, the value's quote at column 7, byte 50.
    assert_eq!(&text[50..51], "\"");
    assert!(matches!(e.kind(), ErrorKind::Invalid(_)));
    assert_eq!(
        e.to_string(),
        "PBN error at record 1 (line 5, column 7, byte 50): board 2: hand \"AKQJ.AKQJ.AKQ.AKA\" holds CA twice"
    );
    let e = read_file(Format::Pbn, b"[Board \"1\"]\n[Deal \"N:- - - -]\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "PBN error at record 0 (line 2, column 7, byte 18): board 1: a string is not closed on its line"
    );
    let e = read_file(Format::Pbn, b"[Board \"1\"]\n[Auction \"N\"]\n1S 9Z\n").unwrap_err();
    assert!(
        e.to_string().contains("line 3, column 4")
            && e.to_string().contains("\"9Z\" is not a call"),
        "{e}"
    );
}

#[test]
fn validation_skips_a_broken_game_and_checks_the_rest() {
    let mut text = String::new();
    for n in 1..=50 {
        let deal = if n == 17 {
            "N:AKQJ.AKQJ.AKQ.AKQ - - -"
        } else {
            "N:AKQJ.AKQJ.AKQ.AK - - -"
        };
        text.push_str(&format!(
            "[Board \"{n}\"]\n[Deal \"{deal}\"]\n[Auction \"N\"]\n1C AP\n\n"
        ));
    }
    text.push_str("[Board \"51\"]\n[Auction \"N\"]\n1C 8H\n\n[Board \"52\"]\n");
    let mut diag = Diagnostics::collecting();
    let set = read(text.as_bytes(), &mut diag).unwrap();
    assert_eq!(diag.errors.len(), 2, "{:?}", diag.errors);
    assert!(
        diag.errors[0]
            .to_string()
            .starts_with("PBN error at record 16 (line 82,"),
        "{}",
        diag.errors[0]
    );
    assert!(
        diag.errors[1]
            .to_string()
            .starts_with("PBN error at record 50 (line 253,"),
        "{}",
        diag.errors[1]
    );
    let numbers: Vec<u32> = set.boards.iter().map(|b| b.number).collect();
    assert_eq!(numbers.len(), 50);
    assert!(!numbers.contains(&17) && !numbers.contains(&51) && numbers.contains(&52));
}

#[test]
fn escapes_and_backslashes_round_trip() {
    let set = pbn("[Event \"a \\\"b\\\" c\\\\\"]\n[Annotator \"x\\2R\"]\n[Deal \"N:- - - -\"]\n");
    assert_eq!(set.boards[0].tag("Event"), Some("a \"b\" c\\"));
    assert_eq!(set.boards[0].tag("Annotator"), Some("x\\2R"));
    let out = export(&set);
    assert!(
        out.contains("[Event \"a \\\"b\\\" c\\\\\"]") && out.contains("[Annotator \"x\\2R\"]"),
        "{out}"
    );
    let back = pbn(&out);
    assert_eq!(back.boards[0].tag("Event"), Some("a \"b\" c\\"));
    assert_eq!(back.boards[0].tag("Annotator"), Some("x\\2R"));
    assert_eq!(export(&back), out);
}

#[test]
fn sniffing() {
    assert!(sniff(b"% PBN 2.1\r\n% EXPORT\r\n"));
    assert!(sniff(b"\n{intro}\n; note\n[Event \"x\"]"));
    assert!(!sniff(b"{\"board\":1}"));
    // A file opening with commentary is PBN, not JSON Lines.
    let commented = b"{ Created by hand }\r\n[Event \"x\"]\r\n[Deal \"N:- - - -\"]\r\n";
    assert_eq!(
        crate::codec::Format::sniff(commented),
        Some(crate::codec::Format::Pbn)
    );
    assert!(!sniff(b"[1, 2]"));
}

#[test]
fn line_ends_of_every_platform() {
    let lf = "[Board \"3\"]\n[Deal \"N:- - - -\"]\n\n[Board \"4\"]\n[Deal \"N:- - - -\"]\n";
    let crlf = lf.replace('\n', "\r\n");
    let cr = lf.replace('\n', "\r");
    let want = pbn(lf);
    assert_eq!(want.boards.len(), 2);
    assert_eq!(bare(&pbn(&crlf).boards), bare(&want.boards));
    assert_eq!(bare(&pbn(&cr).boards), bare(&want.boards));
    let e = read_file(Format::Pbn, b"[Board \"3\"]\r[Deal \"N:A - - -\"]\r").unwrap_err();
    assert!(e.to_string().contains("line 2, column 7"), "{e}");
}

#[test]
fn comments_among_the_calls_stay_with_their_calls() {
    let text = "[Board \"1\"]\n[Deal \"N:- - - -\"]\n[Auction \"N\"]\n{before} 1S {good} Pass ;why pass\n2S ! AP\n[Play \"E\"]\nSA {ace} % not an escape here\n";
    let set = read_file(Format::Pbn, text.as_bytes());
    // `%` inside a line is not an escape: it is no card either.
    assert!(set.is_err());
    let text = text.replace(" % not an escape here", "");
    let set = pbn(&text);
    let b = &set.boards[0];
    let anchors: Vec<(&Anchor, &Comment)> =
        b.comments.iter().map(|c| (&c.after, &c.comment)).collect();
    assert_eq!(
        anchors,
        [
            (
                &Anchor::Tag("Auction".into()),
                &Comment::Brace("before".into())
            ),
            (&Anchor::Call(0), &Comment::Brace("good".into())),
            (&Anchor::Call(1), &Comment::Line("why pass".into())),
            (&Anchor::Card(0), &Comment::Brace("ace".into())),
        ]
    );
    let out = export(&set);
    assert!(
        out.contains("[Auction \"N\"]\r\n{before}\r\n1S {good} Pass ;why pass\r\n2S $1 AP\r\n[Play \"E\"]\r\nSA {ace}\r\n"),
        "{out}"
    );
    let back = pbn(&out);
    assert_eq!(back.boards[0].comments, b.comments);
    assert_eq!(back.boards[0].auction, b.auction);
    assert_eq!(export(&back), out);
}

#[test]
fn a_table_column_is_padded_to_255_at_most() {
    // Found by fuzzing: `\28888888888888R` asked the writer for terabytes.
    let set = pbn("[Board \"1\"]\n[Deal \"N:- - - -\"]\n\
        [ScoreTable \"Rank\\28888888888888R;Name\\99999999999999999999999;Score\\3R\"]\n\
        1 Ann 7\n");
    let out = export(&set);
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with('1'))
        .expect("the row");
    assert_eq!(row, format!("{:>255} {:<255} {:>3}", "1", "Ann", "7"));
    let table = |s: &crate::model::set::BoardSet| {
        let b = &s.boards[0];
        b.tags.iter().find(|t| t.name == "ScoreTable").cloned()
    };
    assert_eq!(table(&pbn(&out)), table(&set));
}

#[test]
fn escape_lines_opening_the_first_game_survive_a_second_write() {
    // Found by fuzzing: `% EXPORT` and `% PBN 2.1` comments at the start of
    // the first game read back as the preamble, and the next write dropped
    // them with the file's own header.
    let mut set = pbn("[Board \"1\"]\n[Deal \"N:- - - -\"]\n");
    set.boards[0].comments = [" EXPORT", " PBN 2.1", " kept"]
        .into_iter()
        .map(|t| crate::model::board::Commentary {
            after: Anchor::Start,
            comment: Comment::Escape(t.into()),
        })
        .collect();
    let out = export(&set);
    assert!(
        out.starts_with("% PBN 2.1\r\n% EXPORT\r\n% EXPORT\r\n% PBN 2.1\r\n% kept\r\n[Event"),
        "{out}"
    );
    let back = pbn(&out);
    assert_eq!(
        back.info.pbn.as_ref().unwrap().preamble,
        ["% PBN 2.1", "% EXPORT", "% EXPORT", "% PBN 2.1", "% kept"]
    );
    assert_eq!(export(&back), out);
    // A file's own header is still given once, not twice.
    let own = pbn("% PBN 2.0\n% EXPORT\n% Creator: hand\n[Board \"1\"]\n[Deal \"N:- - - -\"]\n");
    assert!(
        export(&own).starts_with("% PBN 2.1\r\n% EXPORT\r\n% Creator: hand\r\n[Event"),
        "{}",
        export(&own)
    );
}

#[test]
fn text_iso_8859_1_lacks_makes_the_file_utf8() {
    // A set from another format (no PBN character set of its own): "é" and
    // "€" side by side. ISO-8859-1 would write "€" as "?", and the E9 of
    // "é" keeps those bytes from reading as UTF-8: only UTF-8 keeps both.
    let mut set = pbn("[Event \"x\"]\n[Deal \"N:- - - -\"]\n");
    set.info.pbn = None;
    set.boards[0]
        .comments
        .push(crate::model::board::Commentary {
            after: Anchor::Start,
            comment: Comment::Brace("caf\u{e9} \u{20ac}5".into()),
        });
    let out = export(&set);
    assert!(out.contains("{caf\u{e9} \u{20ac}5}"), "{out}");
    let back = pbn(&out);
    assert_eq!(back.boards[0].comments, set.boards[0].comments);
}

/// Reads `bytes` from a source that gives `ahead` bytes a window (so that
/// games, comments and tags cross windows and are read again).
fn windowed(
    bytes: &[u8],
    ahead: usize,
    collecting: bool,
) -> (
    Result<crate::model::set::BoardSet, String>,
    Vec<String>,
    Vec<boardfile_io::Warning>,
) {
    let mut diag = if collecting {
        Diagnostics::collecting()
    } else {
        Diagnostics::strict()
    };
    let source = if ahead == 0 {
        boardfile_io::Source::from_bytes(bytes)
    } else {
        boardfile_io::Source::from_reader(bytes).with_read_ahead(ahead)
    };
    let set = Format::Pbn
        .open(source, &mut diag)
        .and_then(|mut r| crate::records::collect(r.as_mut(), &mut diag))
        .map_err(|e| e.to_string());
    let errors = diag.errors.iter().map(|e| e.to_string()).collect();
    (set, errors, diag.warnings)
}

#[test]
fn games_that_cross_windows_read_as_in_one() {
    let mut texts: Vec<Vec<u8>> = [
        "pbn-spec-example.pbn",
        "pbn-spec-example-export.pbn",
        "bigdeal-2boards.pbn",
    ]
    .iter()
    .map(|n| fixture(n))
    .collect();
    // A comment over empty lines, a tag over lines, comments between and
    // after games, a bad game, CR line ends, a game without tags.
    texts.push(
        b"% PBN 2.1\r\n%Creator: test\r\n\r\n[Event \"A\"]\r\n{a comment\r\n\r\nover an empty line}\r\n[Board\r\n\r\n \"2\"]\r\n[Deal \"N:- - - -\"]\r\n\r\n{between}\r\n\r\n[Board \"x\"]\r\n[Deal \"N:-\"]\r\n\r\n[Board \"4\"]\r\n[Auction \"N\"]\r\n1C Pass\r\n; a line\r\nPass Pass\r\n\r\n{after the last}\r\n"
            .to_vec(),
    );
    texts.push(b"[Board \"1\"]\r[Deal \"N:- - - -\"]\r\r[Board \"2\"]\r{open".to_vec());
    // The writer's plain games, read in one pass where the window holds
    // them whole and by the general reader where it does not.
    let plain = crate::model::set::BoardSet {
        boards: crate::testing::plain_boards()[..12].to_vec(),
        ..Default::default()
    };
    let mut crlf = Vec::new();
    write(&plain, &mut crlf).unwrap();
    texts.push(replace(&crlf, b"\r\n", b"\n"));
    texts.push(short_form(&crlf));
    texts.push(crlf);
    for text in &texts {
        for collecting in [false, true] {
            let whole = windowed(text, 0, collecting);
            for ahead in [1, 2, 3, 5, 8, 13, 40, 100, 1000] {
                let w = windowed(text, ahead, collecting);
                assert!(
                    w == whole,
                    "{} bytes a window:\n{w:?}\nwhole:\n{whole:?}",
                    ahead
                );
            }
        }
    }
}

use crate::testing::Outcome;

/// Reads `bytes` as the reader does, or with every game read by the
/// general reader (`general`), none by the plain form's one pass.
fn read_by(bytes: &[u8], general: bool, collecting: bool) -> Outcome {
    let mut diag = if collecting {
        Diagnostics::collecting()
    } else {
        Diagnostics::strict()
    };
    let source = boardfile_io::Source::from_bytes(bytes);
    let reader: Result<Box<dyn crate::codec::stream::BoardReader>, boardfile_io::Error> = if general
    {
        read::PbnReader::open_general(source, &mut diag, write::export_game)
            .map(|r| Box::new(r) as _)
    } else {
        Format::Pbn.open(source, &mut diag)
    };
    let set = reader
        .and_then(|mut r| crate::records::collect(r.as_mut(), &mut diag))
        .map_err(|e| e.to_string());
    let errors = diag.errors.iter().map(|e| e.to_string()).collect();
    (set, errors, diag.warnings)
}

/// `text` with every `from` made `to`.
pub(super) fn replace(text: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// A dealing program's short form of the writer's games: the mandatory
/// tags the writer gives empty left out (BigDeal's form when there is no
/// double-dummy data).
pub(super) fn short_form(text: &[u8]) -> Vec<u8> {
    let mut out = text.to_vec();
    for name in [
        "Event", "Site", "Date", "West", "North", "East", "South", "Scoring", "Declarer",
        "Contract", "Result",
    ] {
        for eol in ["\r\n", "\n"] {
            out = replace(&out, format!("[{name} \"\"]{eol}").as_bytes(), b"");
        }
    }
    out
}

/// Both ways of reading agree, strict and collecting.
fn assert_read_alike(bytes: &[u8], what: &str) {
    let read = |general, collecting| read_by(bytes, general, collecting);
    crate::testing::assert_read_alike(read, what, "general reader");
}

#[test]
fn games_in_the_plain_form_read_as_the_general_reader_reads_them() {
    let set = crate::model::set::BoardSet {
        boards: crate::testing::plain_boards(),
        ..Default::default()
    };
    let mut texts = Vec::new();
    for tags in [
        "all",
        "OptimumResultTable",
        "DoubleDummyTricks",
        "OptimumScore,ParContract",
        "OptimumResultTable,DoubleDummyTricks,OptimumScore",
        "none",
    ] {
        let mut out = Vec::new();
        write_with(&set, &mut out, &DdTags::parse(tags).unwrap()).unwrap();
        let lf = replace(&out, b"\r\n", b"\n");
        texts.push((format!("tags {tags}, short"), short_form(&out)));
        texts.push((format!("tags {tags}, short, LF"), short_form(&lf)));
        texts.push((format!("tags {tags}"), out));
        texts.push((format!("tags {tags}, LF"), lf));
    }
    // What the writer gives reads back as the boards written.
    let (read, _, warnings) = read_by(&texts[0].1, false, false);
    assert_eq!(bare(&read.unwrap().boards), set.boards);
    // Only that some random tables break what their deals allow.
    assert!(
        !warnings.is_empty()
            && warnings
                .iter()
                .all(|w| w.message.contains("cannot be right")),
        "{warnings:?}"
    );
    for (what, text) in &texts {
        assert_read_alike(text, what);
        // Without the last line end, and without the empty line after
        // each game but the last (the games run together).
        assert_read_alike(&text[..text.len() - 1], &format!("{what}, cut short"));
        let mut joined = text.clone();
        for (from, to) in [(&b"\r\n\r\n["[..], &b"\r\n["[..]), (b"\n\n[", b"\n[")] {
            joined = replace(&joined, from, to);
        }
        assert_read_alike(&joined, &format!("{what}, games run together"));
    }
}

#[test]
fn plain_games_changed_anywhere_read_as_the_general_reader_reads_them() {
    // Five boards: a whole table and par with contracts, a table with
    // unknown entries and no par, no table and a score, a deal with hands
    // left out, and contracts not in the usual shape (a ParContract the
    // writer gives in another form); with CR LF, with LF, and short.
    let boards = crate::testing::plain_boards();
    let set = crate::model::set::BoardSet {
        boards: [4, 5, 3, 6, 10].map(|k| boards[k].clone()).to_vec(),
        ..Default::default()
    };
    let mut crlf = Vec::new();
    write(&set, &mut crlf).unwrap();
    let lf = replace(&crlf, b"\r\n", b"\n");
    let short = short_form(&crlf);
    for (what, text, changes) in [
        ("CR LF", &crlf, &b"x \n\r\t\"14?0n\\\xe9"[..]),
        ("LF", &lf, b"x \n\r\"1"),
        ("short", &short, b"x \n\r\"1"),
    ] {
        for at in 0..text.len() {
            assert_read_alike(&text[..at], &format!("{what}: cut at byte {at}"));
            let mut gone = text.clone();
            gone.remove(at);
            assert_read_alike(&gone, &format!("{what}: byte {at} taken out"));
            for &c in changes {
                let mut put = text.clone();
                put.insert(at, c);
                assert_read_alike(
                    &put,
                    &format!("{what}: {:?} put before byte {at}", c as char),
                );
                if text[at] == c {
                    continue;
                }
                let mut changed = text.clone();
                changed[at] = c;
                assert_read_alike(&changed, &format!("{what}: byte {at} made {:?}", c as char));
            }
        }
    }
}

#[test]
fn every_shared_pbn_reads_as_the_general_reader_reads_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("pbn"))
            {
                files.push(path);
            }
        }
    }
    assert!(
        files.len() > 20,
        "the shared PBN files at {}",
        root.display()
    );
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        assert_read_alike(&bytes, &path.display().to_string());
    }
}

/// A game of the file's lenient forms, read with its warnings (but the
/// one that says what was worked out for games without Dealer and
/// Vulnerable tags, which `inferred_fields_are_marked...` checks).
fn lenient(text: &str) -> (crate::model::set::BoardSet, Vec<String>) {
    let outcome = read_file(Format::Pbn, text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let warnings = outcome
        .warnings
        .iter()
        .map(|w| w.to_string())
        .filter(|w| !w.contains("worked out from the board's place"))
        .collect();
    (outcome.set, warnings)
}

const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

#[test]
fn p_d_and_r_read_as_pass_double_and_redouble_with_one_warning() {
    // BBA and BEN write P; hand-checked: N 1S, E X, S XX, W P, N 2S, then
    // three passes: 2S by North, redoubled bid overcalled, so undoubled.
    let text = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Auction \"N\"]\n1S D R P\n2S p P P\n");
    let (set, warnings) = lenient(&text);
    let a = set.boards[0].auction.as_ref().unwrap();
    let calls: Vec<String> = a
        .calls
        .iter()
        .map(|c| match c.token {
            CallToken::Call(call) => call.to_string(),
            t => panic!("{t:?}"),
        })
        .collect();
    assert_eq!(
        calls,
        ["1S", "X", "XX", "Pass", "2S", "Pass", "Pass", "Pass"]
    );
    assert_eq!(
        a.contract(),
        Some(Contract::Bid {
            level: 2,
            strain: Strain::Spades,
            risk: 0,
            declarer: Seat::North
        })
    );
    // Said once, at the first (line 4, column 4: the D).
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 4, column 4"), "{}", warnings[0]);
    assert!(warnings[0].contains("D is not a PBN call: read as X"));
    let written = export(&set).replace("\r\n", "\n");
    assert!(
        written.contains("1S X XX Pass\n2S Pass Pass Pass\n"),
        "{written}"
    );
}

#[test]
fn an_empty_play_tag_is_no_play() {
    // BEN writes [Play ""] after every auction, passed out or not.
    let text = format!(
        "[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n[Play \"\"]\n\n\
         [Board \"2\"]\n[Deal \"{DEAL}\"]\n[Play \"\"]\n"
    );
    let (set, warnings) = lenient(&text);
    assert_eq!(set.boards.len(), 2);
    assert!(set.boards.iter().all(|b| b.play.is_none()));
    assert_eq!(
        set.boards[0].auction.as_ref().unwrap().contract(),
        Some(Contract::PassedOut)
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 5, column 7"), "{}", warnings[0]);
    // Cards after it are still an error: there is no leader to give them.
    let bad = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Play \"\"]\nSA S2 S3 S4\n");
    assert!(read_file(Format::Pbn, bad.as_bytes()).is_err());
}

#[test]
fn a_tag_value_not_in_quotes_is_the_text_up_to_the_bracket() {
    // BEN's training file: [Event Random Deal #].
    let text = format!("[Event Random Deal #]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n");
    let (set, warnings) = lenient(&text);
    assert_eq!(set.boards[0].tag("Event"), Some("Random Deal #"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 1, column 8"), "{}", warnings[0]);
    // Nothing before the bracket is still an error, as the standard says.
    let e = read_file(Format::Pbn, b"[Event]\n[Board \"1\"]\n").unwrap_err();
    assert!(e.to_string().contains("no value in quotes"), "{e}");
}

#[test]
fn a_word_in_a_calls_place_is_kept_as_written() {
    // BridgeComposer's bidding problems: West 1H, North AC, East P, South
    // to bid. The word took North's turn; the contract is not known.
    let text =
        format!("[Board \"3\"]\n[Dealer \"W\"]\n[Deal \"{DEAL}\"]\n[Auction \"W\"]\n1H AC P\n");
    let (set, warnings) = lenient(&text);
    let a = set.boards[0].auction.as_ref().unwrap();
    let tokens: Vec<String> = a
        .calls
        .iter()
        .map(|c| match c.token {
            CallToken::Call(call) => call.to_string(),
            CallToken::Other(w) => format!("<{w}>"),
            t => panic!("{t:?}"),
        })
        .collect();
    assert_eq!(tokens, ["1H", "<AC>", "Pass"]);
    assert_eq!(a.contract(), None);
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    let written = export(&set).replace("\r\n", "\n");
    assert!(
        written.contains("[Auction \"W\"]\n1H AC Pass\n"),
        "{written}"
    );
    // JSON Lines keeps it too.
    let mut jsonl = Vec::new();
    crate::records::write(Format::Jsonl, &set, &mut jsonl).unwrap();
    assert!(String::from_utf8_lossy(&jsonl).contains(r#""calls":["1H","AC","Pass"]"#));
    let back = read_file(Format::Jsonl, &jsonl).unwrap().set;
    assert_eq!(back.boards[0].auction, set.boards[0].auction);
    // The seats stay where they were: the hand record shows AC under North.
    let mut shown = Vec::new();
    crate::diagram::write_board(&set.boards[0], crate::diagram::Symbols::Ascii, &mut shown)
        .unwrap();
    let shown = String::from_utf8(shown).unwrap();
    assert!(shown.contains("1H      AC      Pass"), "{shown}");
    // A number is not a word: still an error.
    let bad = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Auction \"N\"]\n1\n");
    assert!(read_file(Format::Pbn, bad.as_bytes()).is_err());
}

#[test]
fn vulnerabilities_as_writers_spell_them() {
    // BridgeNZ writes "N-S " and "E-W "; the standard's own spellings
    // (None, Love, -, NS, EW, All, Both) read without a word.
    let cases = [
        ("N-S ", Vulnerability::NS, true),
        ("e-w", Vulnerability::EW, true),
        ("ns", Vulnerability::NS, true),
        ("Both", Vulnerability::All, false),
        ("Love", Vulnerability::None, false),
        ("-", Vulnerability::None, false),
        ("EW", Vulnerability::EW, false),
    ];
    for (value, want, warned) in cases {
        let text = format!("[Board \"1\"]\n[Vulnerable \"{value}\"]\n[Deal \"{DEAL}\"]\n");
        let (set, warnings) = lenient(&text);
        assert_eq!(set.boards[0].vulnerability, want, "{value:?}");
        assert_eq!(
            warnings.len(),
            usize::from(warned),
            "{value:?}: {warnings:?}"
        );
        if warned {
            assert!(warnings[0].contains(&format!("read as {}", want.name())));
        }
    }
    let e = read_file(Format::Pbn, b"[Board \"1\"]\n[Vulnerable \"E\"]\n").unwrap_err();
    assert!(e.to_string().contains("is not None, NS, EW or All"), "{e}");
}

#[test]
fn deals_a_line_each_are_games_of_their_own() {
    // BEN's test file: one Deal tag a line, no empty line between games.
    // Hand-checked: three games, numbered by position, the second with
    // East's and West's clubs swapped; the warning at line 2.
    let text = "[Deal \"W:T95...Q 8.T..T5 .J..987 ...AJ62\"]\n\
                [Deal \"W:T95...9 8.T..T5 .J..Q87 ...AJ62\"]\n\
                [Deal \"W:T9...Q9 8.T..T5 5.J..87 ...AJ62\"]\n";
    let (set, warnings) = lenient(text);
    assert_eq!(set.boards.len(), 3);
    assert_eq!(set.boards[0].deal.hand(Seat::West).to_string(), "T95...Q");
    assert_eq!(set.boards[1].deal.hand(Seat::West).to_string(), "T95...9");
    assert_eq!(set.boards[1].deal.hand(Seat::East).to_string(), ".J..Q87");
    assert_eq!(set.boards[2].number, 3);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 2, column 1"), "{}", warnings[0]);
    // A second Board tag opens the next game too; a Board after the Deal
    // of a game is that game's (the import format's order is free).
    let text = format!(
        "[Board \"4\"]\n[Deal \"{DEAL}\"]\n[Board \"5\"]\n[Deal \"{DEAL}\"]\n\n\
         [Deal \"{DEAL}\"]\n[Board \"9\"]\n"
    );
    let (set, _) = lenient(&text);
    let numbers: Vec<u32> = set.boards.iter().map(|b| b.number).collect();
    assert_eq!(numbers, [4, 5, 9]);
    // Another tag given twice is still the standard's: the second ignored.
    let (set, warnings) = lenient("[Board \"1\"]\n[Site \"A\"]\n[Site \"B\"]\n");
    assert_eq!(set.boards.len(), 1);
    assert!(warnings[0].contains("Site is given twice"));
}

#[test]
fn an_rpbridge_second_table_is_the_same_board() {
    // rpbridge.net gives a board's second table as a game with none of
    // Board, Dealer, Vulnerable and Deal. Hand-checked: board 7, East
    // deals, all vulnerable, both tables the same cards.
    let text = format!(
        "[Board \"7\"]\n[Dealer \"E\"]\n[Vulnerable \"All\"]\n[Deal \"{DEAL}\"]\n\
         [Room \"Open\"]\n[Contract \"4S\"]\n\n\
         [Room \"Closed\"]\n[Contract \"3NT\"]\n\n\
         [Board \"8\"]\n[Deal \"{DEAL}\"]\n"
    );
    let (set, warnings) = lenient(&text);
    let seen: Vec<(u32, Seat, Vulnerability, Option<&str>)> = set
        .boards
        .iter()
        .map(|b| (b.number, b.dealer, b.vulnerability, b.tag("Contract")))
        .collect();
    assert_eq!(
        seen,
        [
            (7, Seat::East, Vulnerability::All, Some("4S")),
            (7, Seat::East, Vulnerability::All, Some("3NT")),
            (8, Seat::West, Vulnerability::None, None),
        ]
    );
    assert_eq!(set.boards[1].deal, set.boards[0].deal);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 8") && warnings[0].contains("board 7 again"));
    // After a game skipped for an error there is nothing to take.
    let text = format!(
        "[Board \"7\"]\n[Deal \"N:AKQ - - -\"]\n\n[Contract \"3NT\"]\n\n[Board \"8\"]\n[Deal \"{DEAL}\"]\n"
    );
    let v = validate(Format::Pbn, text.as_bytes());
    assert_eq!(v.errors.len(), 1, "{:?}", v.errors);
    let set = v.set.unwrap();
    assert_eq!(set.boards[0].number, 1, "numbered as the first game read");
    assert_eq!(set.boards[0].deal, crate::model::deal::Deal::default());
}

#[test]
fn utf16_files_with_a_byte_order_mark_read_as_their_text() {
    let text = format!(
        "% PBN 2.1\r\n[Event \"Zoë's\"]\r\n[Board \"2\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n[Deal \"{DEAL}\"]\r\n"
    );
    let little: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let big: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    let plain = pbn(&text);
    for bytes in [&little, &big] {
        assert!(sniff(bytes));
        assert_eq!(crate::registry::detect(bytes, None).unwrap(), Format::Pbn);
        let outcome = read_file(Format::Pbn, bytes).unwrap();
        assert_eq!(outcome.set.boards, plain.boards);
        assert_eq!(outcome.set.boards[0].tag("Event"), Some("Zoë's"));
        assert_eq!(outcome.warnings.len(), 1, "{:?}", outcome.warnings);
        assert!(outcome.warnings[0].message.contains("UTF-16"));
    }
    // Half a character at the end, half a surrogate pair: errors.
    assert!(read_file(Format::Pbn, &little[..little.len() - 1]).is_err());
    let mut lone = vec![0xFF, 0xFE];
    lone.extend(0xD800u16.to_le_bytes());
    lone.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let e = read_file(Format::Pbn, &lone).unwrap_err();
    assert!(e.to_string().contains("surrogate"), "{e}");
}

#[test]
fn a_dealing_programs_statistics_after_the_last_game_are_kept_as_a_comment() {
    // What Dealer prints after its deals (its -v statistics).
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\nGenerated 1 hands\nProduced 1 hands\n\
         Initial random seed 7\nTime needed    0.001 sec\n\n"
    );
    let (set, warnings) = lenient(&text);
    assert_eq!(set.boards.len(), 1);
    let comments: Vec<&Comment> = set.boards[0].comments.iter().map(|c| &c.comment).collect();
    assert_eq!(
        comments,
        [&Comment::Brace(
            "Generated 1 hands\nProduced 1 hands\nInitial random seed 7\nTime needed    0.001 sec"
                .into()
        )]
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 6, column 1") && warnings[0].contains("4 lines"));
    // Read back, the same; and through small windows, the same.
    assert_eq!(bare(&pbn(&export(&set)).boards), bare(&set.boards));
    for ahead in [1, 7, 40] {
        let (read, errors, warned) = windowed(text.as_bytes(), ahead, false);
        assert_eq!(read.unwrap().boards, set.boards, "{ahead}");
        assert!(
            errors.is_empty() && warned.len() == 1,
            "{ahead}: {errors:?} {warned:?}"
        );
    }
    // Text with a game after it is not a tail: still an error.
    let text = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n\nbad characters\n\n[Board \"2\"]\n");
    let e = read_file(Format::Pbn, text.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("\"bad\" is not a tag"), "{e}");
}

#[test]
fn suit_letters_inside_a_deals_hands_are_read_without_them() {
    let lettered = "N:SAKQJ.HAKQ.DAKQ.CAKQ sT987.hJT9.dJT9.cJT9 - S2.H5432.D5432.C5432";
    let text = format!("[Board \"1\"]\n[Deal \"{lettered}\"]\n");
    let (set, warnings) = lenient(&text);
    let b = &set.boards[0];
    assert_eq!(b.deal.hand(Seat::North).to_string(), "AKQJ.AKQ.AKQ.AKQ");
    assert_eq!(b.deal.hand(Seat::East).to_string(), "T987.JT9.JT9.JT9");
    assert_eq!(b.deal.hand(Seat::South).to_string(), "...");
    assert_eq!(b.deal.hand(Seat::West).to_string(), "2.5432.5432.5432");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 2, column 7"), "{}", warnings[0]);
    // Letters out of order, or on some suits only: still an error.
    for bad in [
        "N:HAKQJ.SAKQ.DAKQ.CAKQ - - -",
        "N:SAKQJ.AKQ.DAKQ.CAKQ - - -",
    ] {
        let text = format!("[Board \"1\"]\n[Deal \"{bad}\"]\n");
        assert!(read_file(Format::Pbn, text.as_bytes()).is_err(), "{bad}");
    }
}

#[test]
fn inferred_fields_are_marked_said_and_written_as_unknown() {
    use crate::model::board::Inferred;
    // Hand-checked: the first game gives nothing but its deal, so it is
    // board 1 (by place), North deals, none vulnerable (the Laws for
    // board 1); the second gives its number and dealer, so board 6 is
    // East-West vulnerable by the Laws.
    let text = format!("[Deal \"{DEAL}\"]\n\n[Board \"6\"]\n[Dealer \"S\"]\n[Deal \"{DEAL}\"]\n");
    let outcome = read_file(Format::Pbn, text.as_bytes()).unwrap();
    let set = outcome.set;
    let (a, b) = (&set.boards[0], &set.boards[1]);
    assert_eq!(
        (a.number, a.dealer, a.vulnerability),
        (1, Seat::North, Vulnerability::None)
    );
    assert_eq!(
        (b.number, b.dealer, b.vulnerability),
        (6, Seat::South, Vulnerability::EW)
    );
    let names = |i: Inferred| i.names().collect::<Vec<_>>();
    assert_eq!(names(a.inferred), ["board", "dealer", "vulnerable"]);
    assert_eq!(names(b.inferred), ["vulnerable"]);
    assert_eq!(
        outcome.warnings.len(),
        1,
        "said once: {:?}",
        outcome.warnings
    );
    assert!(outcome.warnings[0]
        .message
        .starts_with("board 1: no board, dealer, vulnerable given: worked out"));
    // JSON Lines shows it, and reads it back.
    let mut jsonl = Vec::new();
    crate::records::write(Format::Jsonl, &set, &mut jsonl).unwrap();
    let lines = String::from_utf8(jsonl.clone()).unwrap();
    assert!(
        lines.contains(r#""inferred":["board","dealer","vulnerable"]"#),
        "{lines}"
    );
    assert!(
        lines.contains(r#""board":6,"dealer":"S","vulnerable":"EW""#),
        "{lines}"
    );
    assert_eq!(
        read_file(Format::Jsonl, &jsonl).unwrap().set.boards,
        set.boards
    );
    // PBN writes the standard's unknown, which reads back the same.
    let written = export(&set).replace("\r\n", "\n");
    assert!(written.contains("[Board \"?\"]\n"), "{written}");
    assert!(written.contains("[Board \"6\"]\n"));
    assert!(
        written.contains("[Dealer \"S\"]\n[Vulnerable \"?\"]\n"),
        "{written}"
    );
    assert_eq!(bare(&pbn(&written).boards), bare(&set.boards));
}

#[test]
fn a_board_label_is_kept_and_the_board_numbered_by_its_place() {
    // Teaching files label their boards; hand-checked: the second game,
    // after board 4, is board 5 by its place, and keeps its label.
    let text = format!(
        "[Board \"4\"]\n[Dealer \"W\"]\n[Vulnerable \"All\"]\n[Deal \"{DEAL}\"]\n\n\
         [Board \"Example 1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n"
    );
    let (set, warnings) = lenient(&text);
    let b = &set.boards[1];
    assert_eq!(b.number, 5);
    assert_eq!(b.tag("Board"), Some("Example 1"));
    assert_eq!(b.inferred.names().collect::<Vec<_>>(), ["board"]);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 6, column 8") && warnings[0].contains("a label"));
    // Written back as the label, and read back the same; JSON Lines too.
    let written = export(&set).replace("\r\n", "\n");
    assert!(written.contains("[Board \"Example 1\"]\n"), "{written}");
    assert_eq!(written.matches("[Board ").count(), 2, "{written}");
    assert_eq!(bare(&pbn(&written).boards), bare(&set.boards));
    let mut jsonl = Vec::new();
    crate::records::write(Format::Jsonl, &set, &mut jsonl).unwrap();
    assert_eq!(
        read_file(Format::Jsonl, &jsonl).unwrap().set.boards,
        set.boards
    );
    // Not a label, not a number: still an error.
    let e = read_file(Format::Pbn, b"[Board \"-3\"]\n").unwrap_err();
    assert!(e.to_string().contains("is not a positive number"), "{e}");
}

#[test]
fn spaces_around_a_value_are_read_without_them_and_said() {
    let text =
        format!("[Board \" 3 \"]\n[Dealer \"S \"]\n[Vulnerable \"EW\"]\n[Deal \" {DEAL}\"]\n");
    let (set, warnings) = lenient(&text);
    let b = &set.boards[0];
    assert_eq!((b.number, b.dealer), (3, Seat::South));
    assert_eq!(b.deal.hand(Seat::North).to_string(), "AKQJ.AKQ.AKQ.AKQ");
    assert_eq!(warnings.len(), 1, "said once: {warnings:?}");
    assert!(warnings[0].contains("line 1, column 8") && warnings[0].contains("spaces"));
}

/// The set's event and date (`--event`, `--date`) go into a file's own
/// text where it lacks them, and nothing else of the text changes.
#[test]
fn the_sets_headings_go_into_the_files_text() {
    let text = "[Board \"1\"]\n{kept}\n[Deal \"N:- - - -\"]\n\n[Event \"Old\"]\n[Board \"2\"]\n[Deal \"N:- - - -\"]\n";
    let mut set = pbn(text);
    set.info.event = Some("New".into());
    set.info.date = Some("2026.11.24".into());
    set.boards[1].set_tag("Event", "New");
    let mut out = Vec::new();
    crate::records::write_with(Format::Pbn, &set, &mut out, &WriteOptions::default()).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(
        out,
        "[Event \"New\"]\n[Date \"2026.11.24\"]\n[Board \"1\"]\n{kept}\n[Deal \"N:- - - -\"]\n\n[Event \"New\"]\n[Date \"2026.11.24\"]\n[Board \"2\"]\n[Deal \"N:- - - -\"]\n"
    );
    // Without headings of the set's, the text as it was.
    let mut out = Vec::new();
    crate::records::write_with(Format::Pbn, &pbn(text), &mut out, &WriteOptions::default())
        .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), text);
}
