//! The one conversion path: readers streamed into writers, what they keep
//! between records, where their errors are placed, what a conversion says
//! it drops, and detection that does not depend on a file's size.

use boardfile_bridge::{
    convert, convert_file, detect, losses, read, write, Board, BoardSet, Deal, Diagnostics, Error,
    Format, Loss, LossKind, PavlicekInfo, Seat, WriteOptions, DEALS,
};
use boardfile_io::Source;

fn random_set(n: u32) -> BoardSet {
    let mut set = BoardSet::default();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for number in 1..=n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let deal = Deal::from_number(u128::from(x) * 1_000_003 % DEALS + 1).unwrap();
        set.boards.push(Board::new(number, deal));
    }
    set
}

fn bytes(format: Format, set: &BoardSet) -> Vec<u8> {
    let mut out = Vec::new();
    write(format, set, &mut out).unwrap();
    out
}

/// Converts `input` in `from` to `to` a board at a time, from a reader in
/// pieces (as a pipe gives them) and windows of `ahead` bytes.
fn streamed(from: Format, to: Format, input: &[u8], ahead: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let src = Source::from_reader(input).with_read_ahead(ahead);
    convert_file(
        src,
        from,
        to,
        &WriteOptions::default(),
        &mut out,
        &mut Diagnostics::strict(),
        &mut |_| {},
    )
    .map(|_| out)
    .map_err(|e| e.to_string())
}

/// The same conversion with the whole set in memory.
fn whole(from: Format, to: Format, input: &[u8]) -> Vec<u8> {
    bytes(to, &read(from, input).unwrap().set)
}

/// [`whole`], or the writer's error.
fn whole_or_error(from: Format, to: Format, input: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    write(to, &read(from, input).unwrap().set, &mut out)
        .map(|()| out)
        .map_err(|e| e.to_string())
}

#[test]
fn every_format_streams_as_it_converts_whole() {
    // 40,000 boards: past any read block of every format.
    let set = random_set(40_000);
    for &from in Format::all() {
        if !from.can_read() || from == Format::Dlm {
            continue;
        }
        let input = bytes(from, &set);
        for to in [
            Format::Jsonl,
            Format::Pbn,
            Format::Bri,
            Format::Zrd,
            Format::Lin,
        ] {
            let got = streamed(from, to, &input, 64 << 10);
            assert!(got == whole_or_error(from, to, &input), "{from} -> {to}");
        }
    }
}

#[test]
fn a_json_lines_terminator_is_written_after_the_last_board() {
    let mut set = random_set(3_000);
    set.info.pavlicek = Some(PavlicekInfo {
        tail: vec![0, 0, 0, 0, 7, 7],
    });
    let jsonl = bytes(Format::Jsonl, &set);
    let zrd = streamed(Format::Jsonl, Format::Zrd, &jsonl, 4096).unwrap();
    assert_eq!(zrd.len(), 3_000 * 23 + 6);
    assert!(zrd.ends_with(&[0, 0, 0, 0, 7, 7]));
    assert!(zrd == whole(Format::Jsonl, Format::Zrd, &jsonl));
    assert!(streamed(Format::Jsonl, Format::Jsonl, &jsonl, 4096).unwrap() == jsonl);
    // The tail is the last line, as the terminator ends the binary file,
    // so that ZRD to JSON Lines keeps it.
    let last = b"{\"set\":{\"pavlicek\":{\"tail\":\"000000000707\"}}}\n";
    assert!(jsonl.ends_with(last));
    assert!(streamed(Format::Zrd, Format::Jsonl, &zrd, 4096).unwrap() == jsonl);
    // Files that give it on the first line still read.
    let moved = [&last[..], &jsonl[..jsonl.len() - last.len()]].concat();
    assert!(whole(Format::Jsonl, Format::Zrd, &moved) == zrd);
    // No board after the tail.
    let at = 1
        + (0..jsonl.len())
            .filter(|&i| jsonl[i] == b'\n')
            .nth(99)
            .unwrap();
    let early = [&jsonl[..at], last, &jsonl[at..]].concat();
    let cut = early.len() - last.len();
    for bad in [
        &early[..cut],
        &[&jsonl[..], &jsonl[..jsonl.len() - last.len()]].concat(),
    ] {
        let e = read(Format::Jsonl, bad).unwrap_err();
        assert!(e.to_string().contains("after the pavlicek tail"), "{e}");
        let e = streamed(Format::Jsonl, Format::Zrd, bad, 4096).unwrap_err();
        assert!(e.contains("after the pavlicek tail"), "{e}");
    }
}

#[test]
fn line_errors_are_placed_in_the_whole_file() {
    let jsonl = bytes(Format::Jsonl, &random_set(3_000));
    let text = String::from_utf8(jsonl).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let byte: usize = lines[..2_500].iter().map(|l| l.len() + 1).sum();
    lines[2_500] = "{\"board\":2501,\"deal\":\"N:AKQ\"";
    let bad = lines.join("\n") + "\n";
    let mut diag = Diagnostics::strict();
    let mut r = Format::Jsonl
        .open(
            Source::from_reader(bad.as_bytes()).with_read_ahead(4096),
            &mut diag,
        )
        .unwrap();
    let e = boardfile_bridge::records::collect(r.as_mut(), &mut diag).unwrap_err();
    let p = e.position().unwrap();
    assert_eq!((p.line, p.record), (Some(2_501), Some(2_500)), "{e}");
    assert_eq!(p.byte, byte as u64 + p.column.unwrap() - 1, "{e}");
    // A set line after the boards is refused.
    lines[2_500] = "{\"set\":{\"event\":\"late\"}}";
    let bad = lines.join("\n") + "\n";
    let e = streamed(Format::Jsonl, Format::Zrd, bad.as_bytes(), 4096).unwrap_err();
    assert!(
        e.contains("must come before") && e.contains("line 2501"),
        "{e}"
    );
}

#[test]
fn errors_in_records_are_placed_in_the_whole_file() {
    let mut zbd = vec![0x1bu8; 13 * 20_000];
    zbd[13 * 17_000] = 0xff; // a hand of 14 in deal 17,001
    zbd[13 * 17_000 + 1] = 0xff;
    let mut out = Vec::new();
    let mut diag = Diagnostics::strict();
    let mut r = Format::Zbd
        .open(Source::from_reader(&zbd[..]), &mut diag)
        .unwrap();
    let e = convert(
        r.as_mut(),
        Some(Format::Zbd),
        Format::Jsonl,
        &WriteOptions::default(),
        &mut out,
        &mut diag,
        &mut |_| {},
    )
    .unwrap_err();
    let boardfile_bridge::ConvertError::Read(e) = e else {
        panic!("{e}")
    };
    let p = e.position().unwrap();
    assert_eq!((p.record, p.byte), (Some(17_000), 13 * 17_000), "{e}");
}

#[test]
fn a_line_longer_than_the_window_is_an_error_not_memory() {
    let jsonl = bytes(Format::Jsonl, &random_set(10));
    let mut long = jsonl.clone();
    long.extend(std::iter::repeat_n(
        b'x',
        boardfile_io::source::MAX_WINDOW + 10,
    ));
    long.push(b'\n');
    let mut diag = Diagnostics::strict();
    let mut r = Format::Jsonl
        .open(Source::from_reader(&long[..]), &mut diag)
        .unwrap();
    let e: Error = boardfile_bridge::records::collect(r.as_mut(), &mut diag).unwrap_err();
    assert!(
        e.to_string().contains("line 11") && e.to_string().contains("longer than 32 MiB"),
        "{e}"
    );
    assert_eq!(e.position().map(|p| p.byte), Some(jsonl.len() as u64));
}

#[test]
fn dup_boards_are_numbered_from_the_first_trailer_filled_in() {
    // Past board 999 the trailers are blank: fill in one on record 3.
    let set = random_set(20_000);
    let mut dup = bytes(Format::Dup, &set);
    for r in 0..3 {
        dup[156 * r + 146..156 * r + 156].copy_from_slice(b"          ");
    }
    dup[156 * 3 + 146..156 * 3 + 156].copy_from_slice(b"YN5  1 999");
    let read = read(Format::Dup, &dup).unwrap();
    assert_eq!(read.set.boards[0].number, 5);
    assert_eq!(read.set.boards[19_999].number, 20_004);
    let w = &read.warnings;
    assert!(
        w.iter().any(|w| w
            .message
            .contains("says boards 5 to 999, the file holds 5 to 20004")),
        "{w:?}"
    );
    assert!(
        streamed(Format::Dup, Format::Jsonl, &dup, 4096).unwrap()
            == whole(Format::Dup, Format::Jsonl, &dup)
    );
}

#[test]
fn the_dup_writer_gives_a_set_it_can_number_the_documented_trailer() {
    // 999 boards fit the trailer's three digits; 1,000 do not.
    for (n, trailer) in [
        (2u32, &b"YN1  1 2  "[..]),
        (999, b"YN1  1 999"),
        (1000, b"          "),
    ] {
        let dup = bytes(Format::Dup, &random_set(n));
        assert_eq!(&dup[146..156], trailer, "{n} boards");
        assert_eq!(&dup[dup.len() - 10..], trailer, "{n} boards");
        let back = read(Format::Dup, &dup).unwrap();
        assert_eq!(back.set.boards.len(), n as usize);
        assert_eq!(back.set.boards.last().unwrap().number, n);
    }
}

#[test]
fn detection_looks_at_the_same_bytes_whatever_the_size() {
    let small = random_set(2);
    let big = random_set(100_000);
    for &f in Format::all() {
        if !f.can_read() || !f.can_write() || f == Format::Dlm {
            continue;
        }
        let a = bytes(f, &small);
        let b = bytes(f, &big);
        let sniff = |x: &[u8]| detect(&x[..x.len().min(boardfile_io::SNIFF_LEN)], None).ok();
        assert_eq!(sniff(&a), sniff(&b), "{f}");
        assert_eq!(
            detect(&b, None).ok(),
            sniff(&b),
            "{f}: only the first bytes count"
        );
    }
    // DUP of any size is DUP, not BRI (its halves begin alike).
    for n in [1_000, 100_000] {
        let dup = bytes(Format::Dup, &random_set(n));
        assert_eq!(detect(&dup, None).unwrap(), Format::Dup, "{n} boards");
    }
}

#[test]
fn losses_name_what_a_format_drops_and_count_the_boards() {
    let deal = Deal::sorted();
    let mut b3 = Board::new(3, deal);
    b3.dealer = Seat::West;
    let mut set = BoardSet::from_boards(vec![Board::new(1, deal), b3]);
    set.info.event = Some("Club".into());
    let bri: Vec<String> = losses(&set, Format::Bri)
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert_eq!(
        bri,
        [
            "BRI does not keep a dealer or vulnerability other than the board number's (1 board)",
            "BRI does not keep board numbers other than 1, 2, 3... by position (1 board)",
            "BRI does not keep the event",
        ]
    );
    assert!(losses(&set, Format::Bre)
        .iter()
        .all(|l| l.kind != LossKind::Event));
    let dlm = losses(&set, Format::Dlm);
    assert!(dlm.iter().any(|l| l
        .to_string()
        .contains("1 missing board number between 1 and 3")));
    assert!(losses(&set, Format::Jsonl).is_empty());
    // DUP numbers on from its first board: 1, 3 has one out of step.
    let dup = losses(&set, Format::Dup);
    assert!(
        dup.iter()
            .any(|l| l.kind == LossKind::Numbers && l.boards == 1),
        "{dup:?}"
    );
    // HTML shows the event, dealer and vulnerability.
    assert!(
        losses(&set, Format::Html).is_empty(),
        "{:?}",
        losses(&set, Format::Html)
    );
}

#[test]
fn every_format_says_what_it_keeps() {
    for &f in Format::all() {
        let text = f.keeps().describe();
        assert!(!text.is_empty(), "{f}");
    }
    assert_eq!(Format::Jsonl.keeps().describe(), "everything");
    assert_eq!(
        Format::Bri.keeps().describe(),
        "deals (complete); boards numbered 1, 2, 3... by position"
    );
    assert!(Format::Zrj
        .keeps()
        .describe()
        .contains("one hand's double-dummy tricks"));
}

/// One board with what a club's file has: an event, the contract and
/// result, the room, the auction and a comment. Board 5: North deals,
/// North-South vulnerable, as its number says.
const CLUB_BOARD: &str = "[Event \"Club night\"]\n[Board \"5\"]\n[Dealer \"N\"]\n\
[Vulnerable \"NS\"]\n\
[Deal \"N:Q87.AKQ95.953.64 K965.T8.AJ74.753 J.76432.QT8.QT92 AT432.J.K62.AKJ8\"]\n\
[Declarer \"S\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Room \"Open\"]\n[Scoring \"?\"]\n\
[Auction \"N\"]\n1H Pass 4S AP\n{a comment}\n\n";

/// `CLUB_BOARD` converted to `to` in `dialect`: the losses named, and the
/// board read back.
fn club_board_as(to: Format, dialect: boardfile_bridge::Dialect) -> (Vec<Loss>, Board) {
    let options = WriteOptions::default().in_dialect(dialect);
    let mut diag = Diagnostics::strict();
    let mut reader = Format::Pbn
        .open(Source::from_bytes(CLUB_BOARD.as_bytes()), &mut diag)
        .unwrap();
    let mut out = Vec::new();
    let done = convert(
        reader.as_mut(),
        Some(Format::Pbn),
        to,
        &options,
        &mut out,
        &mut diag,
        &mut |_| {},
    )
    .unwrap();
    let back = read(to, &out).unwrap().set.boards.remove(0);
    (done.losses, back)
}

#[test]
fn big_deals_dialect_names_what_it_drops() {
    use boardfile_bridge::Dialect::{BigDeal, Boardfile};
    use LossKind::*;
    let kinds = |l: &[Loss]| l.iter().map(|l| l.kind).collect::<Vec<_>>();
    // Worked out by hand from what each writes (see each format's module).
    for (to, dialect, expected) in [
        // Big Deal's PBN has no Room, auction or commentary.
        (Format::Pbn, BigDeal, vec![Comments, Tags, Play]),
        (Format::Pbn, Boardfile, vec![]),
        // LIN gives Declarer and Contract back from the auction, but a
        // Result only with the play (a claim): here there is none.
        (Format::Lin, Boardfile, vec![Comments, Tags]),
        // Big Deal's LIN: the deal, number, dealer and vulnerability.
        (Format::Lin, BigDeal, vec![Comments, Tags, Play]),
        // DUP numbers on from its first board; Big Deal's from 1.
        (Format::Dup, Boardfile, vec![Comments, Tags, Play]),
        (Format::Dup, BigDeal, vec![Comments, Tags, Play, Numbers]),
        // DLM's Headline is the event; Big Deal's names Big Deal.
        (Format::Dlm, Boardfile, vec![Comments, Tags, Play]),
        (Format::Dlm, BigDeal, vec![Comments, Tags, Play]),
    ] {
        let (losses, back) = club_board_as(to, dialect);
        assert_eq!(kinds(&losses), expected, "{to} {dialect:?}: {losses:?}");
        // What is said lost is lost, and what is not said lost is there.
        let all_back = [
            ("Event", "Club night"),
            ("Declarer", "S"),
            ("Contract", "4S"),
            ("Result", "10"),
            ("Room", "Open"),
        ]
        .iter()
        .all(|&(name, value)| back.tag(name) == Some(value));
        assert_eq!(!all_back, expected.contains(&Tags), "{to} {dialect:?}");
        assert_eq!(
            back.auction.is_none(),
            expected.contains(&Play),
            "{to} {dialect:?}"
        );
        assert_eq!(
            back.comments.is_empty(),
            expected.contains(&Comments),
            "{to} {dialect:?}"
        );
        assert_eq!(
            back.number != 5,
            expected.contains(&Numbers),
            "{to} {dialect:?}"
        );
    }
    let (losses, back) = club_board_as(Format::Lin, Boardfile);
    assert_eq!(back.tag("Contract"), Some("4S"));
    // Nor the event: LIN gives one only in its header (vg|).
    assert_eq!((back.tag("Result"), back.tag("Event")), (None, None));
    assert_eq!(
        losses[1].to_string(),
        "LIN does not keep tags other than the players, room, the event its header gives, and the declarer, contract and result the auction and play give (1 board)"
    );
    let (losses, back) = club_board_as(Format::Dlm, BigDeal);
    assert_eq!(back.tag("Event"), None);
    assert_eq!(
        losses[1].to_string(),
        "DLM as Big Deal writes it does not keep tags (players, contract, result and others) (1 board)"
    );
    let (losses, back) = club_board_as(Format::Dup, BigDeal);
    assert_eq!(back.number, 1);
    assert_eq!(
        losses[3].to_string(),
        "DUP as Big Deal writes it does not keep board numbers other than 1, 2, 3... by position (1 board)"
    );
}

#[test]
fn a_dlm_written_as_dlm_keeps_its_event() {
    let dlm = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/bigdeal/cases/01/deal.dlm"),
    )
    .unwrap();
    let set = read(Format::Dlm, &dlm).unwrap().set;
    assert!(set.info.event.is_some());
    assert_eq!(losses(&set, Format::Dlm), []);
    // BRI keeps neither the event nor the DLM header.
    let kinds: Vec<LossKind> = losses(&set, Format::Bri).iter().map(|l| l.kind).collect();
    assert!(kinds.contains(&LossKind::Event), "{kinds:?}");
}

#[test]
fn unknown_and_empty_tags_are_no_loss_but_an_empty_contract_is() {
    let mut b = Board::new(1, Deal::sorted());
    b.set_tag("Site", "?");
    b.set_tag("Event", "");
    let set = BoardSet::from_boards(vec![b.clone()]);
    assert_eq!(losses(&set, Format::Bri), []);
    // Nobody bid: PBN's empty Contract says so.
    b.set_tag("Contract", "");
    let set = BoardSet::from_boards(vec![b]);
    assert_eq!(
        losses(&set, Format::Bri)
            .iter()
            .map(|l| l.kind)
            .collect::<Vec<_>>(),
        [LossKind::Tags]
    );
}

#[test]
fn one_event_for_the_set_names_a_board_with_another() {
    let mut one = Board::new(1, Deal::sorted());
    one.set_tag("Event", "Monday");
    let mut two = Board::new(2, Deal::sorted());
    two.set_tag("Event", "Tuesday");
    let set = BoardSet::from_boards(vec![one.clone(), two]);
    let lost = losses(&set, Format::Bre);
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert_eq!((lost[0].kind, lost[0].boards), (LossKind::Tags, 1));
    // BRE has one event line: Monday, for both.
    let back = read(Format::Bre, &bytes(Format::Bre, &set)).unwrap().set;
    assert_eq!(back.info.event.as_deref(), Some("Monday"));
    // Alike, nothing is lost.
    let mut two = Board::new(2, Deal::sorted());
    two.set_tag("Event", "Monday");
    let set = BoardSet::from_boards(vec![one, two]);
    assert_eq!(losses(&set, Format::Bre), []);
}

#[test]
fn bhg_names_the_deals_it_turns() {
    // Boards 15 and 16 (dealt by South and West) in BHG are lines 1 and 2,
    // which North and East deal: each deal comes back turned.
    let set = random_set(16);
    let set = BoardSet::from_boards(set.boards[14..].to_vec());
    let lost = losses(&set, Format::Bhg);
    let turned = lost.iter().find(|l| l.kind == LossKind::TurnedDeals);
    assert_eq!(turned.map(|l| l.boards), Some(2), "{lost:?}");
    let back = read(Format::Bhg, &bytes(Format::Bhg, &set)).unwrap().set;
    for (a, b) in set.boards.iter().zip(&back.boards) {
        assert_ne!(a.deal, b.deal, "board {}", a.number);
        // South's hand of board 15 is North's of line 1.
        assert_eq!(a.deal.hand(a.dealer), b.deal.hand(b.dealer));
    }
    // Boards 1 to 4 come back as they were.
    let set = random_set(4);
    assert!(losses(&set, Format::Bhg)
        .iter()
        .all(|l| l.kind != LossKind::TurnedDeals));
    assert_eq!(
        read(Format::Bhg, &bytes(Format::Bhg, &set))
            .unwrap()
            .set
            .boards,
        set.boards
    );
}

#[test]
fn csv_names_a_passed_out_boards_empty_contract() {
    let mut b = Board::new(1, Deal::sorted());
    b.set_tag("Contract", "");
    b.set_tag("Event", "");
    let set = BoardSet::from_boards(vec![b]);
    let lost = losses(&set, Format::Csv);
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert!(
        lost[0].to_string().contains("an empty Contract"),
        "{}",
        lost[0]
    );
    let back = read(Format::Csv, &bytes(Format::Csv, &set)).unwrap().set;
    assert_eq!(back.boards[0].tag("Contract"), None);
    // Parquet keeps it.
    assert_eq!(losses(&set, Format::Parquet), []);
}
