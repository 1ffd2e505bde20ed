//! The WTHOR files of `../shared/data/wild` (a public project's copies):
//! every one reads, its header's counts agree with its size (the test's
//! own arithmetic), and the years together go to one JSON Lines file and
//! from it to one PGN and one CSV with every name.

use boardfile_othello::text::{self, NameBook};
use boardfile_othello::wthor::{games, names, Kind};
use boardfile_othello::BoardSize;
use std::path::{Path, PathBuf};

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(sub)
}

fn files(ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir("wild/ledpup+Othello"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext)))
        .collect();
    out.sort();
    out
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

#[test]
fn every_wild_wthor_file_reads_what_its_size_says() {
    let mut counts = [(0, 0); 3]; // (files, records) of WTB, JOU, TRN
    for path in files("wtb") {
        let bytes = std::fs::read(&path).unwrap();
        let records = (bytes.len() - 16) / 68;
        assert_eq!((bytes.len() - 16) % 68, 0, "{}", path.display());
        assert_eq!(
            u32_at(&bytes, 4) as usize,
            records,
            "{}: N1",
            path.display()
        );
        let file = games::read(&bytes, BoardSize::Eight).unwrap();
        assert_eq!(file.games.len(), records);
        counts[0].0 += 1;
        counts[0].1 += records;
    }
    for (k, (ext, kind, rec)) in [("jou", Kind::Jou, 20), ("trn", Kind::Trn, 26)]
        .into_iter()
        .enumerate()
    {
        for path in files(ext) {
            let bytes = std::fs::read(&path).unwrap();
            let records = (bytes.len() - 16) / rec;
            let n2 = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
            assert_eq!(n2, records, "{}: N2", path.display());
            let n = names::read(&bytes, kind).unwrap();
            assert_eq!(n.names.len(), records);
            counts[k + 1].0 += 1;
            counts[k + 1].1 += records;
        }
    }
    assert_eq!(counts.map(|c| c.0), [5, 3, 3], "{counts:?}");
    eprintln!(
        "WTB {:?}, JOU {:?}, TRN {:?} (files, records)",
        counts[0], counts[1], counts[2]
    );
}

#[test]
fn the_years_go_to_one_jsonl_and_on_to_pgn_and_csv_with_every_name() {
    // The federation's names files name every player and tournament of
    // these years (validate checks each index against them).
    let book = || NameBook {
        players: Some(
            names::read(&std::fs::read(dir("othello/WTHOR.JOU")).unwrap(), Kind::Jou).unwrap(),
        ),
        tournaments: Some(
            names::read(&std::fs::read(dir("othello/WTHOR.TRN")).unwrap(), Kind::Trn).unwrap(),
        ),
        ..NameBook::default()
    };
    let mut jsonl = String::new();
    let mut years = Vec::new();
    for path in files("wtb") {
        let file = games::read(&std::fs::read(&path).unwrap(), BoardSize::Eight).unwrap();
        years.extend(std::iter::repeat_n(file.header.year, file.games.len()));
        let mut one = String::new();
        text::write_jsonl(&file, &book(), &mut one);
        let skip = usize::from(!jsonl.is_empty());
        for line in one.lines().skip(skip) {
            jsonl.push_str(line);
            jsonl.push('\n');
        }
    }
    let all = text::read_jsonl(
        jsonl.as_bytes(),
        &mut NameBook::default(),
        &mut Default::default(),
    )
    .unwrap();
    assert_eq!(all.games.len(), years.len());
    let mut csv = String::new();
    text::write_csv(&all, &NameBook::default(), &mut csv);
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), years.len());
    for (row, year) in rows.iter().zip(&years) {
        assert!(row.starts_with(&format!("{year},")), "{row}");
        assert!(!row.contains(",?,"), "a name missing: {row}");
    }
    let mut pgn = String::new();
    text::write_pgn(&all, &NameBook::default(), &mut pgn);
    assert_eq!(pgn.matches("[Event ").count(), years.len());
    assert!(!pgn.contains("\"?\"]"), "a name missing in the PGN");
}
