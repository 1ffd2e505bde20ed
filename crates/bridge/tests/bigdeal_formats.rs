//! Parity with Big Deal 2.0: the files `bigdealx` wrote for the 24 cases of
//! `../shared/data/bigdeal/cases` (owner, entropy and boards in
//! `cases.tsv`) are the oracle.
//!
//! - Read `deal.pbn` (Big Deal's own PBN, with our PBN reader) and write
//!   each of Big Deal's formats: the bytes are Big Deal's file. The deals a
//!   dealing program gives (number and deal, nothing else) written in Big
//!   Deal's dialect are Big Deal's PBN, LIN, DUP, DLM, BRI and DGE too, and
//!   with `blind` its blind DUP and DLM.
//! - Read each of Big Deal's files: the same deals as `deal.pbn`, with the
//!   numbers, dealers and vulnerabilities the format carries.

use boardfile_bridge::{
    detect, read, write_with, Board, BoardSet, Deal, Dialect, Format, Seat, WriteOptions,
};
use std::path::{Path, PathBuf};

/// One run of `bigdealx`: its folder and its boards, first to last.
struct Case {
    name: String,
    dir: PathBuf,
    first: u32,
    last: u32,
}

impl Case {
    fn file(&self, name: &str) -> Option<Vec<u8>> {
        std::fs::read(self.dir.join(name)).ok()
    }

    fn need(&self, name: &str) -> Vec<u8> {
        self.file(name)
            .unwrap_or_else(|| panic!("case {}: no {name}", self.name))
    }

    /// Big Deal's deals as our PBN reader reads them.
    fn deals(&self) -> BoardSet {
        read(Format::Pbn, &self.need("deal.pbn"))
            .unwrap_or_else(|e| panic!("case {}: deal.pbn: {e}", self.name))
            .set
    }
}

/// Every case of `cases.tsv`; there are 24.
fn cases() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/bigdeal/cases");
    let tsv = std::fs::read_to_string(root.join("cases.tsv"))
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()));
    let cases: Vec<Case> = tsv
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let (first, last) = cols[3].split_once('-').unwrap();
            Case {
                name: cols[0].to_string(),
                dir: root.join(cols[0]),
                first: first.parse().unwrap(),
                last: last.parse().unwrap(),
            }
        })
        .collect();
    assert_eq!(cases.len(), 24, "cases in {}", root.display());
    for c in &cases {
        assert!(c.dir.is_dir(), "{}", c.dir.display());
    }
    cases
}

fn write(format: Format, set: &BoardSet, options: &WriteOptions) -> Vec<u8> {
    let mut out = Vec::new();
    write_with(format, set, &mut out, options).unwrap_or_else(|e| panic!("writing {format}: {e}"));
    out
}

/// The first byte where two files differ, for the message.
fn differ(ours: &[u8], theirs: &[u8]) -> String {
    let at = ours
        .iter()
        .zip(theirs)
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(theirs.len()));
    format!(
        "{} bytes against {}, first difference at byte {at}: {:?} against {:?}",
        ours.len(),
        theirs.len(),
        String::from_utf8_lossy(&ours[at..ours.len().min(at + 40)]),
        String::from_utf8_lossy(&theirs[at..theirs.len().min(at + 40)])
    )
}

fn assert_same(case: &Case, file: &str, ours: &[u8], theirs: &[u8]) {
    assert!(
        ours == theirs,
        "case {} {file}: {}",
        case.name,
        differ(ours, theirs)
    );
}

/// Big Deal's formats of its own, and its files of them.
const OWN: [(Format, &str); 5] = [
    (Format::Ber, "deal.ber"),
    (Format::Bhg, "deal.bhg"),
    (Format::Rzd, "deal.rzd"),
    (Format::Cds, "deal.cds"),
    (Format::BigDealCsv, "deal.csv"),
];

#[test]
fn big_deals_own_formats_are_written_byte_for_byte() {
    let mut files = 0;
    for case in cases() {
        let set = case.deals();
        assert_eq!(set.boards.len() as u32, case.last - case.first + 1);
        for (format, file) in OWN {
            let ours = write(format, &set, &WriteOptions::default());
            assert_same(&case, file, &ours, &case.need(file));
            files += 1;
        }
    }
    assert_eq!(files, 24 * OWN.len());
}

/// The boards a dealing program gives: numbers and deals, dealer and
/// vulnerability by the Laws, nothing else.
fn dealt(set: &BoardSet) -> BoardSet {
    BoardSet::from_boards(
        set.boards
            .iter()
            .map(|b| Board::new(b.number, b.deal))
            .collect(),
    )
}

#[test]
fn dealt_boards_in_big_deals_dialect_are_big_deals_files() {
    let big_deal = WriteOptions::default().in_dialect(Dialect::BigDeal);
    let blind = big_deal.clone().blinded(true);
    let plain = WriteOptions::default();
    let mut files = 0;
    for case in cases() {
        let set = dealt(&case.deals());
        let mut each = vec![
            (Format::Pbn, "deal.pbn", &big_deal),
            (Format::Lin, "deal.lin", &big_deal),
            (Format::Bri, "deal.bri", &big_deal),
            (Format::Dge, "deal.dge", &big_deal),
            // BRI and DGE are written so in either dialect.
            (Format::Bri, "deal.bri", &plain),
            (Format::Dge, "deal.dge", &plain),
        ];
        for (format, file) in OWN {
            each.push((format, file, &big_deal));
        }
        if case.last <= 99 {
            each.extend([
                (Format::Dup, "deal.dup", &big_deal),
                (Format::Dlm, "deal.dlm", &big_deal),
                (Format::Dup, "blind.dup", &blind),
                (Format::Dlm, "blind.dlm", &blind),
            ]);
        } else {
            // Big Deal writes no DUP or DLM past board 99, and says so.
            for f in ["deal.dup", "deal.dlm", "blind.dup", "blind.dlm"] {
                assert!(case.file(f).is_none(), "case {}: {f}", case.name);
            }
            for format in [Format::Dup, Format::Dlm] {
                let mut out = Vec::new();
                let e = write_with(format, &set, &mut out, &big_deal).unwrap_err();
                assert!(e.to_string().contains("99"), "{e}");
            }
        }
        for (format, file, options) in each {
            let ours = write(format, &set, options);
            assert_same(&case, file, &ours, &case.need(file));
            files += 1;
        }
    }
    assert!(files >= 24 * 11 + 22 * 4, "{files} files");
}

#[test]
fn our_default_writers_against_big_deals() {
    // What the boardfile dialect writes of Big Deal's dealt boards, and
    // why it is not Big Deal's file: each difference is a field Big Deal
    // fills its own way.
    let case = cases().into_iter().find(|c| c.name == "01").unwrap();
    let set = dealt(&case.deals());
    let ours = |f| write(f, &set, &WriteOptions::default());
    // DUP: boardfile's trailer is Duplimate's documented form (copies 1,
    // last board 32); Big Deal writes copies 0 and the count.
    let dup = ours(Format::Dup);
    assert_eq!(&dup[146..156], b"YN1  1 32 ");
    assert_eq!(&case.need("deal.dup")[146..156], b"YN1  0 32 ");
    let theirs = case.need("deal.dup");
    for r in 0..32 {
        assert_eq!(dup[r * 156..r * 156 + 146], theirs[r * 156..r * 156 + 146]);
    }
    // DLM: DupSoft's header (an empty Headline, Dealing method=1, CR LF)
    // against Big Deal's (its name, no Dealing method, LF); the boards agree.
    let dlm = String::from_utf8(ours(Format::Dlm)).unwrap();
    let big = String::from_utf8(case.need("deal.dlm")).unwrap();
    assert!(dlm.starts_with("[Document]\r\nHeadline=\r\nStatus=Show\r\n"));
    assert!(big.starts_with("[Document]\nHeadline=Generated by Big Deal version 2.0\n"));
    let boards = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("Board "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(boards(&dlm), boards(&big));
    // PBN: boardfile's export format (CR LF, the deal from the dealer,
    // empty tags for a dealing program's boards) against Big Deal's.
    let pbn = String::from_utf8(ours(Format::Pbn)).unwrap();
    assert!(pbn.contains("[Event \"\"]\r\n"));
    // LIN: boardfile's four hands and players against Big Deal's qx line.
    let lin = String::from_utf8(ours(Format::Lin)).unwrap();
    assert!(lin.starts_with("pn|"));
    assert!(String::from_utf8(case.need("deal.lin"))
        .unwrap()
        .starts_with("qx|o1|md|3"));
}

/// Big Deal's files, the format each is told as, and what it carries.
struct Expect {
    file: &'static str,
    format: Format,
    /// The boards carry their own numbers (else 1, 2, 3... by position).
    numbers: bool,
}

const FILES: [Expect; 13] = [
    Expect {
        file: "deal.pbn",
        format: Format::Pbn,
        numbers: true,
    },
    Expect {
        file: "deal.lin",
        format: Format::Lin,
        numbers: true,
    },
    Expect {
        file: "deal.dlm",
        format: Format::Dlm,
        numbers: true,
    },
    Expect {
        file: "blind.dlm",
        format: Format::Dlm,
        numbers: true,
    },
    Expect {
        file: "deal.dup",
        format: Format::Dup,
        numbers: false,
    },
    Expect {
        file: "blind.dup",
        format: Format::Dup,
        numbers: false,
    },
    Expect {
        file: "deal.bri",
        format: Format::Bri,
        numbers: false,
    },
    Expect {
        file: "deal.dge",
        format: Format::Dge,
        numbers: false,
    },
    Expect {
        file: "deal.ber",
        format: Format::Ber,
        numbers: false,
    },
    Expect {
        file: "deal.bhg",
        format: Format::Bhg,
        numbers: false,
    },
    Expect {
        file: "deal.rzd",
        format: Format::Rzd,
        numbers: false,
    },
    Expect {
        file: "deal.cds",
        format: Format::Cds,
        numbers: true,
    },
    Expect {
        file: "deal.csv",
        format: Format::BigDealCsv,
        numbers: true,
    },
];

/// `deal` turned `k` seats clockwise: North's hand goes to East...
fn turned(deal: &Deal, k: usize) -> Deal {
    let mut hands = deal.hands();
    for seat in Seat::ALL {
        hands[seat.next(k).index()] = deal.hand(seat);
    }
    Deal::new(hands).unwrap()
}

#[test]
fn big_deals_files_read_back_to_its_deals() {
    let mut files = 0;
    for case in cases() {
        let pbn = case.deals();
        for expect in &FILES {
            let Some(bytes) = case.file(expect.file) else {
                assert!(case.last > 99, "case {}: no {}", case.name, expect.file);
                continue;
            };
            let what = format!("case {} {}", case.name, expect.file);
            // Told as Big Deal's format by its content, else its extension.
            let told = detect(&bytes, Some(Path::new(expect.file))).unwrap();
            assert_eq!(told, expect.format, "{what}");
            let outcome = read(expect.format, &bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(
                outcome.warnings.is_empty(),
                "{what}: {:?}",
                outcome.warnings
            );
            let set = outcome.set;
            assert_eq!(set.boards.len(), pbn.boards.len(), "{what}");
            for (i, (ours, theirs)) in set.boards.iter().zip(&pbn.boards).enumerate() {
                let number = if expect.numbers {
                    theirs.number
                } else {
                    i as u32 + 1
                };
                assert_eq!(ours.number, number, "{what}");
                if expect.numbers {
                    assert_eq!(ours.dealer, theirs.dealer, "{what}");
                    assert_eq!(ours.vulnerability, theirs.vulnerability, "{what}");
                }
                // BHG gives each deal from its dealer, whom the file does
                // not name: read as board i + 1's, a deal of Big Deal's
                // board 15 (South deals) comes back turned two seats.
                let turn = if expect.format == Format::Bhg {
                    (case.first as usize - 1) % 4
                } else {
                    0
                };
                assert_eq!(
                    ours.deal,
                    turned(&theirs.deal, 4 - turn),
                    "{what} board {i}"
                );
            }
            // Blindness is told without being asked for: board 1's screen
            // half blank in DUP, Status=Sealed in DLM.
            let blind = expect.file.starts_with("blind")
                && (expect.format == Format::Dlm || case.first == 1);
            assert_eq!(set.info.blind, blind, "{what}");
            // And each reads and writes back as it was.
            let again = write(expect.format, &set, &WriteOptions::default());
            assert_same(&case, expect.file, &again, &bytes);
            files += 1;
        }
    }
    assert_eq!(files, 24 * FILES.len() - 2 * 4, "files read");
}

#[test]
fn blind_files_are_the_others_with_the_deals_hidden() {
    // Independent of our writers: Big Deal's blind DUP is its DUP with
    // board 1's DGE half (bytes 78 to 145) spaces; its blind DLM says
    // Sealed and a checksum one less (Sealed counts 1).
    let mut checked = 0;
    for case in cases().into_iter().filter(|c| c.last <= 99) {
        let (dup, blind) = (case.need("deal.dup"), case.need("blind.dup"));
        let mut expected = dup.clone();
        if case.first == 1 {
            expected[78..146].fill(b' ');
        }
        assert_eq!(blind, expected, "case {}", case.name);
        let dlm = String::from_utf8(case.need("deal.dlm")).unwrap();
        let sealed = String::from_utf8(case.need("blind.dlm")).unwrap();
        let checksum = (case.first ^ case.last ^ 1).to_string();
        let expected = dlm.replace("Status=Show", "Status=Sealed").replace(
            &format!("Checksum={checksum}\n"),
            &format!("Checksum={}\n", case.first ^ case.last),
        );
        assert_eq!(sealed, expected, "case {}", case.name);
        checked += 1;
    }
    assert_eq!(checked, 22);
}

#[test]
fn squaredeals_sessions_are_big_deals_dialect() {
    // SquareDeal 2.7 drives bigdealx: the Bermuda Bowl 2025's sessions as
    // it made them (PBN and DUP, and a reserve PBN), from numbers and deals
    // alone, in Big Deal's dialect.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/bigdeal/squaredeal");
    let big_deal = WriteOptions::default().in_dialect(Dialect::BigDeal);
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pbn"))
        .collect();
    names.sort();
    let mut files = 0;
    for pbn in &names {
        let bytes = std::fs::read(pbn).unwrap();
        let set = dealt(&read(Format::Pbn, &bytes).unwrap().set);
        let what = pbn.display().to_string();
        let ours = write(Format::Pbn, &set, &big_deal);
        assert!(ours == bytes, "{what}: {}", differ(&ours, &bytes));
        files += 1;
        if let Ok(dup) = std::fs::read(pbn.with_extension("dup")) {
            let ours = write(Format::Dup, &set, &big_deal);
            assert!(ours == dup, "{what} as DUP: {}", differ(&ours, &dup));
            files += 1;
        }
    }
    assert_eq!(files, 17, "RR01-RR08 .pbn and .dup, RR01reserve.pbn");
}
