//! Dealing as Big Deal and SquareDeal deal: the oracles are the files the
//! real programs wrote (`../shared/data/bigdeal`: Big Deal 2.0 for 24
//! owner/entropy/board cases, SquareDeal 2.7 for the 2025 Bermuda Bowl)
//! and the WBF's published hand records.

use boardfile_bridge::deal::bigdeal::squaredeal::{self, Keys, Tournament};
use boardfile_bridge::deal::bigdeal::{BigDeal, BigDealReader, Boards};
use boardfile_bridge::{
    read, write, write_with, BoardSet, Deal, Diagnostics, Dialect, Format, Seat, WriteOptions,
};
use std::path::{Path, PathBuf};

fn shared(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/bigdeal")
        .join(dir)
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A case of `cases.tsv`: its folder, owner, entropy and boards.
struct Case {
    dir: PathBuf,
    owner: String,
    entropy: String,
    boards: Boards,
}

fn cases() -> Vec<Case> {
    let tsv = String::from_utf8(bytes(&shared("cases/cases.tsv"))).unwrap();
    let mut lines = tsv.lines();
    assert_eq!(lines.next(), Some("case\towner\tentropy\tboards"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Case {
                dir: shared("cases").join(f[0]),
                owner: f[1].into(),
                entropy: f[2].into(),
                boards: Boards::parse(f[3]).unwrap(),
            }
        })
        .collect()
}

fn deal(run: &BigDeal, boards: Boards) -> BoardSet {
    let mut reader = BigDealReader::new(run, boards);
    boardfile_bridge::records::collect(&mut reader, &mut Diagnostics::strict()).unwrap()
}

fn read_file(format: Format, path: &Path) -> BoardSet {
    read(format, &bytes(path))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .set
}

#[test]
fn every_case_deals_what_big_deal_dealt() {
    let cases = cases();
    assert_eq!(cases.len(), 24, "the 24 cases of cases.tsv");
    for case in &cases {
        let name = case.dir.display();
        let ours = deal(
            &BigDeal::new(case.owner.as_bytes(), case.entropy.as_bytes()),
            case.boards,
        );
        let theirs = read_file(Format::Pbn, &case.dir.join("deal.pbn"));
        assert_eq!(ours.boards.len(), theirs.boards.len(), "{name}");
        for (a, b) in ours.boards.iter().zip(&theirs.boards) {
            assert_eq!(a.number, b.number, "{name}");
            assert_eq!(a.deal, b.deal, "{name} board {}", a.number);
            assert_eq!(a.dealer, b.dealer, "{name} board {}", a.number);
            assert_eq!(
                a.vulnerability, b.vulnerability,
                "{name} board {}",
                a.number
            );
        }
        // Big Deal's numbers, byte for byte, and back.
        let goe = bytes(&case.dir.join("deal.goe"));
        let mut written = Vec::new();
        write(Format::Goe, &ours, &mut written).unwrap();
        assert!(written == goe, "{name}: deal.goe differs");
        assert_eq!(Format::sniff(&goe), Some(Format::Goe), "{name}");
        let back = read_file(Format::Goe, &case.dir.join("deal.goe"));
        let deals = |s: &BoardSet| s.boards.iter().map(|b| b.deal).collect::<Vec<_>>();
        assert_eq!(deals(&back), deals(&theirs), "{name}");
    }
}

/// The whole chain, generator to file: for every case, every file Big Deal
/// wrote (`deal.*`, `blind.*`) is what boardfile writes from its own deals
/// in Big Deal's dialect, byte for byte.
#[test]
fn every_file_of_every_case_is_written_as_big_deal_wrote_it() {
    let cases = cases();
    assert_eq!(cases.len(), 24);
    let mut compared = 0;
    for case in &cases {
        let set = deal(
            &BigDeal::new(case.owner.as_bytes(), case.entropy.as_bytes()),
            case.boards,
        );
        let mut names: Vec<String> = std::fs::read_dir(&case.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            let (stem, ext) = name.split_once('.').unwrap();
            let format = match ext {
                "csv" => Format::BigDealCsv,
                e => Format::from_extension(e).unwrap_or_else(|| panic!("{name}")),
            };
            let options = WriteOptions::default()
                .in_dialect(Dialect::BigDeal)
                .blinded(stem == "blind");
            let mut ours = Vec::new();
            write_with(format, &set, &mut ours, &options)
                .unwrap_or_else(|e| panic!("{}: {name}: {e}", case.dir.display()));
            let theirs = bytes(&case.dir.join(&name));
            assert!(ours == theirs, "{}: {name} differs", case.dir.display());
            compared += 1;
        }
    }
    // 14 files a case, but DUP and DLM (and their blind forms) for boards
    // over 99, which Big Deal does not write: the two 101-136 cases.
    assert_eq!(compared, 24 * 14 - 2 * 4);
}

#[test]
fn the_first_numbers_are_the_ones_big_deal_printed() {
    // Case 02 (owner "a", entropy "b"): the first line of its deal.goe,
    // and the deal Big Deal wrote for board 1 of deal.pbn.
    let g = BigDeal::new(b"a", b"b").numbers().next().unwrap();
    assert_eq!(g, 18_160_518_203_850_268_284_275_094_430);
    assert_eq!(
        Deal::from_goedel(g).unwrap(),
        Deal::parse_pbn("N:KT873.T973.J8.84 965.AQJ65.K975.Q A.K42.AQT62.AT72 QJ42.8.43.KJ9653")
            .unwrap()
    );
}

fn bermuda() -> (Tournament, Keys) {
    let t = Tournament::parse(&bytes(&shared("squaredeal/BerBow25.sqd"))).unwrap();
    let k = Keys::parse(&bytes(&shared("squaredeal/BerBow25.sqk"))).unwrap();
    (t, k)
}

#[test]
fn the_bermuda_bowl_keys_check_and_a_changed_one_does_not() {
    let (t, keys) = bermuda();
    assert_eq!(t.name, "World Team Championships 2025");
    assert_eq!(t.phases.len(), 12);
    t.check(&keys).unwrap();
    // One character of one key changed.
    let mut text = bytes(&shared("squaredeal/BerBow25.sqk"));
    let at = text.iter().position(|&b| b == b':').unwrap() + 5;
    text[at] = if text[at] == b'a' { b'b' } else { b'a' };
    let e = t.check(&Keys::parse(&text).unwrap()).unwrap_err();
    assert!(e.message.contains("do not match the published hash"), "{e}");
    // A key left out: the hash fails first, as it must.
    let short: Vec<u8> = bytes(&shared("squaredeal/BerBow25.sqk"))
        .split_inclusive(|&b| b == b'\n')
        .skip(1)
        .flatten()
        .copied()
        .collect();
    assert!(t.check(&Keys::parse(&short).unwrap()).is_err());
}

#[test]
fn round_robin_sessions_deal_what_squaredeal_dealt() {
    let (t, keys) = bermuda();
    let sessions = t
        .sessions(&keys, 1, Boards::new(1, 8), false, None)
        .unwrap();
    assert_eq!(sessions.len(), 8);
    for s in &sessions {
        let theirs = read_file(
            Format::Pbn,
            &shared("squaredeal").join(format!("{}.pbn", s.stem)),
        );
        let ours = deal(&s.run, s.boards);
        let pairs: Vec<_> = ours.boards.iter().map(|b| (b.number, b.deal)).collect();
        let want: Vec<_> = theirs.boards.iter().map(|b| (b.number, b.deal)).collect();
        assert_eq!(pairs, want, "{}", s.stem);
    }
    assert_eq!(sessions[0].boards, Boards::new(1, 14).unwrap());
    assert_eq!(sessions[1].boards, Boards::new(15, 28).unwrap());
    assert_eq!(sessions[0].description, "Round Robin 1/23");
    let reserve = t.sessions(&keys, 1, Boards::new(1, 1), true, None).unwrap();
    assert_eq!(reserve[0].stem, "RR01reserve");
    let ours = deal(&reserve[0].run, reserve[0].boards);
    let theirs = read_file(Format::Pbn, &shared("squaredeal/RR01reserve.pbn"));
    assert_eq!(ours.boards.len(), theirs.boards.len());
    for (a, b) in ours.boards.iter().zip(&theirs.boards) {
        assert_eq!(a.deal, b.deal, "reserve board {}", a.number);
    }
    // Sessions 1-2, 3-4, 5-6, 7-8 run on and are joined.
    let joined = squaredeal::joins(&t.phases[0], &sessions);
    let stems: Vec<&str> = joined.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(stems, ["RR01-02", "RR03-04", "RR05-06", "RR07-08"]);
}

/// The WBF's published hand records of round 1 (see
/// ../shared/data/bigdeal/SOURCES.md), checked by hand against them.
#[test]
fn round_one_is_the_round_the_wbf_published() {
    let (t, keys) = bermuda();
    let s = &t
        .sessions(&keys, 1, Boards::new(1, 1), false, None)
        .unwrap()[0];
    let set = deal(&s.run, s.boards);
    let board = |n: u32| set.boards.iter().find(|b| b.number == n).unwrap();
    assert_eq!(
        board(1).deal,
        Deal::parse_pbn("N:KJ72.T8.76.T8652 A986.AQ52.AJ8.Q9 Q43.J4.KT93.AKJ3 T5.K9763.Q542.74")
            .unwrap()
    );
    let dotted = |d: &Deal, seat| {
        let mut v = Vec::new();
        d.hand(seat).push_dotted(&mut v);
        String::from_utf8(v).unwrap()
    };
    assert_eq!(dotted(&board(3).deal, Seat::East), ".AK94.KQJT93.T83");
    assert_eq!(dotted(&board(9).deal, Seat::North), ".AT97654.JT98.T4");
}
