//! Tests against files written by other programs (BigDeal's set in five
//! formats, read from `../shared/data/bridge` beside the repository) and the
//! format documents' own examples (the DLM paper's appendices, the PBN
//! standard's example, and that example put into LIN by hand; tests/data).

use boardfile_bridge::{
    read, validate, write, Board, BoardSet, Deal, ErrorKind, Format, Seat, Vulnerability,
};
use std::path::{Path, PathBuf};

#[path = "../benches/random.rs"]
mod random;

/// The samples' directories: the format documents' examples, and BigDeal's.
fn data_dirs() -> [PathBuf; 2] {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        here.join("../../tests/data/bridge"),
        here.join("../../../shared/data/bridge"),
    ]
}

fn data(name: &str) -> Vec<u8> {
    let [ours, shared] = data_dirs();
    let dir = if name.starts_with("bigdeal-") {
        shared
    } else {
        ours
    };
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every sample whose extension names a format this crate reads.
fn samples() -> Vec<(PathBuf, Format)> {
    let mut out: Vec<(PathBuf, Format)> = data_dirs()
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap_or_else(|e| panic!("{}: {e}", d.display())))
        .map(|e| e.unwrap().path())
        .filter_map(|p| Format::from_path(&p).map(|f| (p, f)))
        .collect();
    out.sort();
    assert!(
        out.len() >= 6,
        "expected the BigDeal set and the DLM paper files, found {out:?}"
    );
    out
}

fn write_vec(format: Format, set: &BoardSet) -> Vec<u8> {
    let mut out = Vec::new();
    write(format, set, &mut out).unwrap_or_else(|e| panic!("writing {format}: {e}"));
    out
}

/// Number, dealer, vulnerability and cards: what every format here agrees on.
fn essentials(set: &BoardSet) -> Vec<(u32, Seat, Vulnerability, Deal)> {
    set.boards
        .iter()
        .map(|b| (b.number, b.dealer, b.vulnerability, b.deal))
        .collect()
}

/// A PBN file not in the export format (no `% EXPORT` line).
fn is_pbn_import(format: Format, bytes: &[u8]) -> bool {
    format == Format::Pbn && !bytes.windows(8).any(|w| w == b"% EXPORT")
}

/// An import file written in export form must keep every tag, note,
/// comment, call and card; the writer may only add mandatory tags (`?` or
/// empty) and start the auction at the dealer.
fn assert_nothing_lost(original: &BoardSet, exported: &BoardSet, what: &str) {
    assert_eq!(original.boards.len(), exported.boards.len(), "{what}");
    for (x, y) in original.boards.iter().zip(&exported.boards) {
        let at = format!("{what}, board {}", x.number);
        assert_eq!(
            (x.number, x.dealer, x.vulnerability, x.deal),
            (y.number, y.dealer, y.vulnerability, y.deal),
            "{at}"
        );
        assert_eq!((&x.dd, &x.par), (&y.dd, &y.par), "{at}");
        assert_eq!((&x.auction, &x.play), (&y.auction, &y.play), "{at}");
        assert_eq!(x.comments, y.comments, "{at}");
        for t in &x.tags {
            assert!(y.tags.contains(t), "{at}: {t:?} lost");
        }
        for t in &y.tags {
            assert!(
                x.tags.contains(t) || t.value.is_empty() || t.value == "?",
                "{at}: {t:?} added"
            );
        }
    }
}

#[test]
fn samples_are_sniffed_and_round_trip_byte_for_byte() {
    for (path, format) in samples() {
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(Format::sniff(&bytes), Some(format), "{}", path.display());
        let outcome = read(format, &bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            outcome.warnings.is_empty(),
            "{}: {:?}",
            path.display(),
            outcome.warnings
        );
        let again = write_vec(format, &outcome.set);
        if is_pbn_import(format, &bytes) {
            // Written in the export format: nothing lost, and a fixed point.
            let exported = read(format, &again).unwrap().set;
            assert_nothing_lost(&outcome.set, &exported, &path.display().to_string());
            assert_eq!(write_vec(format, &exported), again, "{}", path.display());
            continue;
        }
        if again != bytes {
            let actual = path.with_extension(format!("{}.actual", format.extensions()[0]));
            std::fs::write(&actual, &again).unwrap();
            panic!(
                "{} does not round-trip; wrote {}",
                path.display(),
                actual.display()
            );
        }
    }
}

#[test]
fn appendix_c_exported_is_the_paper_with_the_export_header() {
    // DupSoft's PBN (the paper's Appendix C) already has the 15 tags in
    // order, one a line, CR LF: only the two header lines are new.
    let paper = data("dlm-paper-appendix-c.pbn");
    let set = read(Format::Pbn, &paper).unwrap().set;
    let mut expected = b"% PBN 2.1\r\n% EXPORT\r\n".to_vec();
    expected.extend_from_slice(&paper);
    let mut normalized = Vec::new();
    boardfile_bridge::write_with(
        Format::Pbn,
        &set,
        &mut normalized,
        &boardfile_bridge::WriteOptions::default().normalized(true),
    )
    .unwrap();
    assert_eq!(normalized, expected);
    // Without --normalize the file comes back as it was.
    assert_eq!(write_vec(Format::Pbn, &set), paper);
}

/// The `[Deal "..."]` lines of a PBN file, read here by hand so the PBN
/// reader (another issue) is not needed for this cross-check.
fn pbn_deals(text: &str) -> Vec<Deal> {
    text.lines()
        .filter_map(|l| l.strip_prefix("[Deal \"")?.strip_suffix("\"]"))
        .map(|d| Deal::parse_pbn(d).unwrap())
        .collect()
}

#[test]
fn bigdeal_set_agrees_across_its_five_files() {
    let expected = pbn_deals(std::str::from_utf8(&data("bigdeal-2boards.pbn")).unwrap());
    assert_eq!(expected.len(), 2);
    for (name, format) in [
        ("bigdeal-2boards.pbn", Format::Pbn),
        ("bigdeal-2boards.bri", Format::Bri),
        ("bigdeal-2boards.dge", Format::Dge),
        ("bigdeal-2boards.dup", Format::Dup),
        ("bigdeal-2boards.dlm", Format::Dlm),
    ] {
        let set = read(format, &data(name)).unwrap().set;
        let deals: Vec<Deal> = set.boards.iter().map(|b| b.deal).collect();
        assert_eq!(deals, expected, "{name}");
        let numbers: Vec<u32> = set.boards.iter().map(|b| b.number).collect();
        assert_eq!(numbers, [1, 2], "{name}");
    }
}

/// The formats that hold deals and read them back (ZDD holds only
/// double-dummy tables; HTML is written only).
fn deal_formats() -> &'static [Format] {
    static LIST: std::sync::OnceLock<Vec<Format>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        Format::all()
            .iter()
            .copied()
            .filter(|&f| f != Format::Zdd && f.can_read())
            .collect()
    })
}

/// Formats with no signature, told by the extension only.
fn extension_only(f: Format) -> bool {
    [
        Format::Zbs,
        Format::Zbd,
        Format::Zdd,
        Format::Zrd,
        Format::Zrj,
        Format::Cds,
    ]
    .contains(&f)
}

#[test]
fn bigdeal_set_converts_between_every_pair_of_formats() {
    let start = read(Format::Dup, &data("bigdeal-2boards.dup")).unwrap().set;
    let want = essentials(&start);
    for &from in deal_formats() {
        let there = read(from, &write_vec(from, &start)).unwrap().set;
        assert_eq!(essentials(&there), want, "DUP -> {from}");
        for &to in deal_formats() {
            let back = read(to, &write_vec(to, &there)).unwrap().set;
            assert_eq!(essentials(&back), want, "DUP -> {from} -> {to}");
        }
    }
}

#[test]
fn jsonl_keeps_everything_of_every_sample() {
    for (path, format) in samples() {
        let original = std::fs::read(&path).unwrap();
        let set = read(format, &original).unwrap().set;
        let via = read(Format::Jsonl, &write_vec(Format::Jsonl, &set))
            .unwrap()
            .set;
        assert_eq!(via, set, "{}", path.display());
        assert_eq!(
            write_vec(format, &via),
            write_vec(format, &set),
            "{} -> JSONL -> {format}",
            path.display()
        );
    }
}

/// Appendix C of the DLM paper, read by the PBN reader: board, dealer,
/// vulnerability, deal.
fn appendix_c() -> Vec<(u32, String, String, Deal)> {
    let set = read(Format::Pbn, &data("dlm-paper-appendix-c.pbn"))
        .unwrap()
        .set;
    set.boards
        .iter()
        .map(|b| {
            (
                b.number,
                b.dealer.letter().to_string(),
                b.vulnerability.name().to_string(),
                b.deal,
            )
        })
        .collect()
}

#[test]
fn dlm_paper_appendix_a_is_appendix_c() {
    let set = read(Format::Dlm, &data("dlm-paper-appendix-a.dlm"))
        .unwrap()
        .set;
    let expected = appendix_c();
    assert_eq!(expected.len(), 32);
    assert_eq!(set.boards.len(), 32);
    for (board, (n, dealer, vul, deal)) in set.boards.iter().zip(&expected) {
        assert_eq!(board.number, *n);
        assert_eq!(board.dealer.letter().to_string(), *dealer, "board {n}");
        assert_eq!(board.vulnerability.name(), vul, "board {n}");
        assert_eq!(board.deal, *deal, "board {n}");
        assert_eq!(board.dlm.as_ref().unwrap().duplicates, 1);
    }
    let info = set.info.dlm.as_ref().unwrap();
    assert_eq!(info.other_boards.len(), 67, "boards 33-99 are kept");
    assert!(
        info.other_boards.iter().all(|b| b.deal != Deal::sorted()),
        "DupSoft deals them all"
    );
    assert_eq!(info.trailer[0], "[STARTUP]");
}

#[test]
fn dlm_paper_appendix_b_undealt_boards() {
    let set = read(Format::Dlm, &data("dlm-paper-appendix-b.dlm"))
        .unwrap()
        .set;
    assert_eq!(set.boards.len(), 32);
    // Its boards 33-99 are undealt (the sorted pack), so none needs keeping;
    // the file still round-trips byte for byte (see the first test).
    assert!(set.info.dlm.as_ref().unwrap().other_boards.is_empty());
}

#[test]
fn dlm_written_from_scratch_matches_the_paper_board_lines() {
    // Appendix A's boards 1-32 with their duplicates, written without the
    // file's header data: the board lines must be exactly the paper's.
    let paper = data("dlm-paper-appendix-a.dlm");
    let mut set = read(Format::Dlm, &paper).unwrap().set;
    set.info.dlm = None;
    let text = String::from_utf8(write_vec(Format::Dlm, &set)).unwrap();
    let paper_text = String::from_utf8(paper).unwrap();
    let board_lines = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("Board "))
            .take(32)
            .map(String::from)
            .collect()
    };
    assert_eq!(board_lines(&text), board_lines(&paper_text));
    assert!(text.contains("\r\nChecksum=32\r\n"));
    // Appendix B's undealt board 33 line, checksum included.
    assert!(text.contains("\r\nBoard 33=aaaaaabffffffkkkkkklpppppp047\r\n"));
    assert_eq!(text.lines().filter(|l| l.starts_with("Board ")).count(), 99);
}

#[test]
fn flipped_dlm_letter_names_the_board() {
    let mut bytes = data("dlm-paper-appendix-a.dlm");
    let text = String::from_utf8(bytes.clone()).unwrap();
    let at = text.find("Board 05=").unwrap() + 9;
    bytes[at] = if bytes[at] == b'a' { b'b' } else { b'a' };
    let e = read(Format::Dlm, &bytes).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Checksum { .. }));
    let line = text[..at].matches('\n').count() as u64 + 1;
    assert_eq!(e.position().unwrap().line, Some(line));
    assert_eq!(e.position().unwrap().record, Some(4));
    assert!(
        e.to_string().contains("board 5: checksum 015 in the file"),
        "{e}"
    );
    // A second bad board: validate reports both and still reads the rest.
    let at2 = text.find("Board 20=").unwrap() + 9;
    bytes[at2] = if bytes[at2] == b'a' { b'b' } else { b'a' };
    let v = validate(Format::Dlm, &bytes);
    assert_eq!(
        v.errors.len(),
        3,
        "two boards, then From..To has gaps: {:?}",
        v.errors
    );
    assert!(v.set.is_some());
}

#[test]
fn dlm_header_checksum_is_checked() {
    let text = String::from_utf8(data("bigdeal-2boards.dlm")).unwrap();
    let bad = text.replace("Checksum=3\n", "Checksum=4\n");
    let e = read(Format::Dlm, bad.as_bytes()).unwrap_err();
    assert!(
        e.to_string()
            .contains("at line 10 (byte 163): header: checksum 4 in the file, 3 computed"),
        "{e}"
    );
    // The CR LF form of the same file reads the same boards and writes back CR LF.
    let crlf = text.replace('\n', "\r\n");
    let a = read(Format::Dlm, text.as_bytes()).unwrap().set;
    let b = read(Format::Dlm, crlf.as_bytes()).unwrap().set;
    assert_eq!(a.boards, b.boards);
    assert_eq!(write_vec(Format::Dlm, &b), crlf.as_bytes());
}

#[test]
fn every_prefix_gives_a_value_or_an_error() {
    for (path, format) in samples() {
        let bytes = std::fs::read(&path).unwrap();
        for n in 0..bytes.len() {
            // Every reader strictly; the collecting reader of the sample's own
            // format (the byte-flip test runs all of them collecting).
            for &f in Format::all() {
                let _ = read(f, &bytes[..n]);
            }
            let _ = validate(format, &bytes[..n]);
            let _ = Format::sniff(&bytes[..n]);
        }
        // A proper prefix of a fixed-record file is an error, not a shorter set.
        if [Format::Bri, Format::Dge, Format::Dup].contains(&format) {
            assert!(
                read(format, &bytes[..bytes.len() - 1]).is_err(),
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn seeded_byte_flips_never_panic_and_what_reads_writes_back() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (path, _) in samples() {
        let bytes = std::fs::read(&path).unwrap();
        for _ in 0..300 {
            let mut b = bytes.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() % b.len() as u64) as usize;
                b[i] = next() as u8;
            }
            for &f in Format::all() {
                if let Ok(outcome) = read(f, &b) {
                    let mut out = Vec::new();
                    if write(f, &outcome.set, &mut out).is_ok() {
                        let again = read(f, &out).unwrap_or_else(|e| {
                            panic!("{}: {f} wrote what it cannot read: {e}", path.display())
                        });
                        assert_eq!(essentials(&again.set), essentials(&outcome.set));
                    }
                }
            }
        }
    }
}

#[test]
fn partial_deals_are_refused_by_formats_that_cannot_hold_them() {
    let partial = Board::new(1, Deal::parse_pbn("N:AKQ... - - -").unwrap());
    let set = BoardSet::from_boards(vec![partial]);
    for &f in deal_formats() {
        let mut out = Vec::new();
        let result = write(f, &set, &mut out);
        if [
            Format::Jsonl,
            Format::Pbn,
            Format::Lin,
            Format::Zbs,
            Format::Csv,
            Format::Parquet,
        ]
        .contains(&f)
        {
            result.unwrap();
            assert_eq!(
                read(f, &out).unwrap().set.boards[0].deal,
                set.boards[0].deal,
                "{f}"
            );
        } else {
            let e = result.unwrap_err();
            assert!(
                e.to_string().contains("board 1 is a partial deal"),
                "{f}: {e}"
            );
        }
    }
}

#[test]
fn random_boards_round_trip_through_every_format() {
    // 2,000 boards for the record formats; DLM holds boards 1-99 only.
    for &f in deal_formats() {
        let set = random_set_for(f);
        let bytes = write_vec(f, &set);
        if !extension_only(f) {
            assert_eq!(Format::sniff(&bytes), Some(f));
        }
        let back = read(f, &bytes).unwrap();
        assert!(back.warnings.is_empty(), "{f}: {:?}", back.warnings);
        assert_eq!(essentials(&back.set), essentials(&set), "{f}");
        assert_eq!(write_vec(f, &back.set), bytes, "{f}: second write differs");
    }
}

fn random_set_for(f: Format) -> BoardSet {
    random::random_set(if f == Format::Dlm { 99 } else { 2000 }, 0x5eed)
}

#[test]
fn a_10_mb_pbn_with_one_broken_deal_reports_that_game_and_checks_the_rest() {
    let set = random::random_set(38_000, 0x10_4b);
    let mut bytes = write_vec(Format::Pbn, &set);
    assert!(bytes.len() > 10_000_000, "{} bytes", bytes.len());
    // Game 20,000 gets the ace of spades twice: West's first card becomes
    // North's first card.
    let broken = 20_000;
    let deal_line = "[Deal \"X".replace('X', &set.boards[broken].dealer.letter().to_string());
    let tag = b"[Deal \"";
    let at = bytes
        .windows(tag.len())
        .enumerate()
        .filter(|(_, w)| *w == tag)
        .nth(broken)
        .map(|(i, _)| i)
        .unwrap();
    let line = bytes[..at].iter().filter(|&&c| c == b'\n').count() + 1;
    let text_at = at + deal_line.len() + 1; // after the ':'
    let north = set.boards[broken].deal.hand(Seat::North);
    let first_north = north.cards().next().unwrap();
    let end = bytes[text_at..].iter().position(|&c| c == b'"').unwrap() + text_at;
    let deal_text = String::from_utf8(bytes[text_at..end].to_vec()).unwrap();
    // Put North's first card into the next hand too.
    let mut hands: Vec<String> = deal_text.split(' ').map(str::to_string).collect();
    let seat_index = |s: Seat| (s.index() + 4 - set.boards[broken].dealer.index()) % 4;
    let victim = seat_index(Seat::East);
    let suit = first_north.suit().index();
    let mut suits: Vec<String> = hands[victim].split('.').map(str::to_string).collect();
    suits[suit].insert(0, first_north.rank().char());
    hands[victim] = suits.join(".");
    let new_text = hands.join(" ");
    bytes.splice(text_at..end, new_text.bytes());
    let v = validate(Format::Pbn, &bytes);
    assert_eq!(
        v.errors.len(),
        1,
        "{:?}",
        &v.errors[..v.errors.len().min(3)]
    );
    let e = &v.errors[0];
    let p = e.position().unwrap();
    assert_eq!(
        (p.record, p.line),
        (Some(broken as u64), Some(line as u64)),
        "{e}"
    );
    assert!(e.to_string().contains(&format!("{first_north}")), "{e}");
    let read_set = v.set.unwrap();
    assert_eq!(read_set.boards.len(), set.boards.len() - 1);
    assert_eq!(
        read_set.boards[broken].number,
        set.boards[broken + 1].number
    );
}

#[test]
fn pbn_event_site_and_date_reach_bre_and_back() {
    let pbn = read(Format::Pbn, &data("pbn-spec-example.pbn"))
        .unwrap()
        .set;
    let bre = read(Format::Bre, &write_vec(Format::Bre, &pbn))
        .unwrap()
        .set;
    assert_eq!(
        bre.info.event.as_deref(),
        Some("International Amsterdam Airport Schiphol Bridgetournament")
    );
    assert_eq!(
        bre.info.site.as_deref(),
        Some("Amsterdam, The Netherlands NLD")
    );
    assert_eq!(bre.info.date.as_deref(), Some("1995.06.10"));
    let again = read(Format::Pbn, &write_vec(Format::Pbn, &bre))
        .unwrap()
        .set;
    assert_eq!(again.boards[0].tag("Event"), pbn.boards[0].tag("Event"));
    assert_eq!(again.boards[0].tag("Date"), Some("1995.06.10"));
}

#[test]
fn pavlicek_tables_round_trip_and_join() {
    use boardfile_bridge::stages::join_tables;
    let mut full = random::random_set(3000, 0x7a_d0);
    random::add_random_tables(&mut full, 0x7ab1e, false);
    // ZRD: deals and tables, unknown entries (nibble 15) included.
    for f in [Format::Zrd, Format::Jsonl, Format::Pbn] {
        let bytes = write_vec(f, &full);
        let back = read(f, &bytes).unwrap().set;
        // The counts as stored: a PBN reader finds that random tables
        // break what their deals allow, and says so (crate::trust).
        let pairs = |s: &BoardSet| {
            s.boards
                .iter()
                .map(|b| {
                    let mut dd = b.dd;
                    if let Some(t) = &mut dd {
                        t.set_trust(boardfile_bridge::Trust::Exact);
                    }
                    (b.deal, dd)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(pairs(&back), pairs(&full), "{f}");
        assert_eq!(write_vec(f, &back), bytes, "{f}");
    }
    // ZDD + ZBD, joined, give the ZRD boards back.
    let zdd = read(Format::Zdd, &write_vec(Format::Zdd, &full))
        .unwrap()
        .set;
    let mut zbd = read(Format::Zbd, &write_vec(Format::Zbd, &full))
        .unwrap()
        .set;
    assert!(zbd.boards.iter().all(|b| b.dd.is_none()));
    join_tables(&mut zbd, &zdd).unwrap();
    assert_eq!(write_vec(Format::Zrd, &zbd), write_vec(Format::Zrd, &full));
    zbd.boards.pop();
    assert!(join_tables(&mut zbd, &zdd).is_err());
    // ZRJ: one hand's row.
    let mut one = random::random_set(500, 0x7a_d1);
    random::add_random_tables(&mut one, 0x7ab1f, true);
    let bytes = write_vec(Format::Zrj, &one);
    let back = read(Format::Zrj, &bytes).unwrap().set;
    for (x, y) in one.boards.iter().zip(&back.boards) {
        assert_eq!((x.deal, x.dd), (y.deal, y.dd));
    }
    assert_eq!(write_vec(Format::Zrj, &back), bytes);
    // Terminators and what follows them are kept.
    for (f, record) in [
        (Format::Zbd, 13),
        (Format::Zrd, 23),
        (Format::Zrj, 16),
        (Format::Zdd, 10),
    ] {
        let mut bytes = write_vec(f, &full)[..record * 2].to_vec();
        bytes.extend_from_slice(&[0, 0, 0, 0, 1, 2, 3]);
        let set = read(f, &bytes).unwrap().set;
        assert_eq!(set.boards.len(), 2, "{f}");
        assert_eq!(write_vec(f, &set), bytes, "{f}");
        let via = read(Format::Jsonl, &write_vec(Format::Jsonl, &set))
            .unwrap()
            .set;
        assert_eq!(write_vec(f, &via), bytes, "{f} through JSONL");
    }
}

#[test]
fn deal_numbers_as_a_format() {
    let set = random::random_set(200, 0xdea1);
    let text = write_vec(Format::DealNumber, &set);
    assert_eq!(Format::sniff(&text), Some(Format::DealNumber));
    let back = read(Format::DealNumber, &text).unwrap().set;
    assert_eq!(essentials(&back), essentials(&set));
    let e = read(Format::DealNumber, b"1\n53644737765488792839237440001\n").unwrap_err();
    assert!(e.to_string().contains("record 1 (line 2, byte 2)"), "{e}");
    // Blank lines and CR LF skipped, and counted in the position.
    let e = read(Format::DealNumber, b"1\r\n\n \n2\nx\n").unwrap_err();
    assert!(e.to_string().contains("record 2 (line 5, byte 8)"), "{e}");
    let first = read(Format::DealNumber, b"1\n").unwrap().set;
    assert_eq!(
        first.boards[0].deal.hand(Seat::North).to_string(),
        "AKQJT98765432..."
    );
}

#[test]
fn pavlicek_edges_bit_for_bit() {
    use boardfile_bridge::{DdTable, Strain, DEALS};
    // All thirteen of a suit in one hand (deal numbers 1 and the last), a
    // void-heavy deal, tables of 13s, 0s and unknowns.
    let deals = [
        Deal::from_number(1).unwrap(),
        Deal::from_number(DEALS).unwrap(),
        Deal::from_number(DEALS / 2).unwrap(),
    ];
    let mut set = BoardSet::default();
    for (i, d) in deals.iter().enumerate() {
        let mut b = boardfile_bridge::Board::new(i as u32 + 1, *d);
        let mut t = DdTable::default();
        for (k, seat) in Seat::ALL.into_iter().enumerate() {
            for strain in Strain::ALL {
                let v = match (i, k) {
                    (0, _) => Some(13),
                    (1, 0) => Some(1), // a notrump nibble that is not 0
                    (1, _) => Some(0),
                    _ => None,
                };
                t.set(seat, strain, v).unwrap();
            }
        }
        b.dd = (i < 2).then_some(t);
        set.boards.push(b);
    }
    for f in [
        Format::Zbd,
        Format::Zrd,
        Format::Zbs,
        Format::DealNumber,
        Format::Zdd,
    ] {
        let bytes = write_vec(f, &set);
        let back = read(f, &bytes).unwrap().set;
        assert_eq!(write_vec(f, &back), bytes, "{f}");
        if f != Format::Zdd {
            let got: Vec<Deal> = back.boards.iter().map(|b| b.deal).collect();
            assert_eq!(got, deals, "{f}");
        }
        if [Format::Zrd, Format::Zdd].contains(&f) {
            let got: Vec<_> = back.boards.iter().map(|b| b.dd).collect();
            let want: Vec<_> = set.boards.iter().map(|b| b.dd).collect();
            assert_eq!(got, want, "{f}");
        }
    }
    // Deal 1 in ZBD: the thirteen spades North (code 1) fill bytes 0-2.
    assert_eq!(&write_vec(Format::Zbd, &set)[..3], &[0x55, 0x55, 0x55]);
}

#[test]
fn a_bre_file_whose_event_is_a_number_is_still_bre() {
    let mut set = random::random_set(2, 0xb7e);
    set.info.event = Some("2024".into());
    let bytes = write_vec(Format::Bre, &set);
    assert_eq!(Format::sniff(&bytes), Some(Format::Bre));
}
