//! Checks on the Othello formats.

use boardfile_othello::obf;
use boardfile_othello::text::{self, NameBook};
use boardfile_othello::wthor::games::{self, GameFile};
use boardfile_othello::wthor::{names, pzz, Header, Kind};
use boardfile_othello::{ggf, pgn};

use boardfile_othello::{BoardSize, Diagnostics, Names, ReadGames};

/// An Othello input a target reads.
#[derive(Debug, Clone, Copy)]
pub enum Input {
    /// WTHOR games on 8x8.
    Wtb,
    /// WTHOR games on 10x10.
    Wtd,
    /// WTHOR solitaires.
    Pzz,
    /// WTHOR players.
    Jou,
    /// WTHOR tournaments.
    Trn,
    /// JSON Lines games.
    OthelloJsonl,
    /// Transcripts.
    Transcript,
    /// GGF games.
    Ggf,
    /// PGN games.
    Pgn,
    /// OBF endgame positions.
    Obf,
}

/// A name book with a few names, appending unknown ones.
fn book() -> NameBook {
    let names = |kind, list: &[&str]| Names {
        kind,
        header: Header::default(),
        names: list.iter().map(|s| s.to_string()).collect(),
    };
    NameBook {
        players: Some(names(Kind::Jou, &["Inoue Hiroshi", "Heiberg Thomas"])),
        tournaments: Some(names(Kind::Trn, &["World Championship"])),
        add: true,
        added: (0, 0),
    }
}

fn games_of(input: Input, data: &[u8], book: &mut NameBook) -> Option<GameFile> {
    match input {
        Input::Wtb | Input::Wtd => {
            let size = match input {
                Input::Wtb => BoardSize::Eight,
                _ => BoardSize::Ten,
            };
            let strict = games::read(data, size);
            let v = games::validate(data, size, book.players.as_ref(), book.tournaments.as_ref());
            if let Ok(f) = &strict {
                assert!(v.file.as_ref() == Some(f), "read and validate differ");
            }
            strict.ok()
        }
        Input::OthelloJsonl => text::read_jsonl(data, book, &mut Diagnostics::strict()).ok(),
        Input::Transcript => text::read_transcripts(
            data,
            text::transcript_size(data),
            &mut Diagnostics::strict(),
        )
        .ok(),
        Input::Ggf | Input::Pgn => {
            let read: ReadGames = match input {
                Input::Ggf => ggf::read,
                _ => pgn::read,
            };
            // Leaving bad games out reads every game the strict reader
            // reads, and the same ones when none is bad.
            let mut other = self::book();
            let mut collecting = Diagnostics::collecting();
            let lenient = read(data, &mut other, &mut collecting);
            let mut strict = Diagnostics::strict();
            let f = read(data, book, &mut strict).ok();
            if let Some(f) = &f {
                let l = lenient.expect("strict reads, so leniently too");
                assert!(
                    collecting.errors.is_empty(),
                    "{input:?}: strict read, but games left out"
                );
                assert!(
                    collecting.warnings == strict.warnings,
                    "{input:?}: the lenient reader's warnings differ"
                );
                assert!(
                    l.games == f.games,
                    "{input:?}: the lenient reader's games differ"
                );
            }
            f
        }
        _ => None,
    }
}

/// Reads `data`; games read are replayed and written in every text form,
/// and JSON Lines reads back the same games.
pub fn read(input: Input, data: &[u8]) {
    match input {
        Input::Obf => {
            let _ = obf::sniff(data);
            let (_, _) = obf::validate(data);
            let Ok(lines) = obf::read(data) else { return };
            for l in &lines {
                if let obf::ObfLine::Position(p) = l {
                    let _ = p.board.legal_squares();
                    let _ = p.best_score();
                }
            }
            let mut out = Vec::new();
            obf::write(&lines, &mut out);
            let again = obf::read(&out).expect("written OBF reads back");
            assert!(again == lines, "OBF changed the positions");
        }
        Input::Pzz => {
            let (file, _) = pzz::validate(data);
            if let Ok(f) = pzz::read(data) {
                for s in &f.solitaires {
                    if let Some(p) = s.position() {
                        let _ = p.legal_moves();
                    }
                }
                assert!(file.is_some(), "read, but validate has no file");
            }
        }
        Input::Jou | Input::Trn => {
            let kind = match input {
                Input::Jou => Kind::Jou,
                _ => Kind::Trn,
            };
            if let Ok(n) = names::read(data, kind) {
                for i in 0..n.names.len().min(64) {
                    let name = n.get(i as u16).expect("an index inside the file");
                    let _ = n.find(name);
                }
            }
        }
        _ => {
            let mut book = book();
            let Some(mut file) = games_of(input, data, &mut book) else {
                return;
            };
            // Read and validated whole above; the writing and reading back
            // of a year of games (WTH_2004, a seed, is 9,113) in every text
            // form is seconds under the sanitizers, near the timeout on a
            // loaded machine, and the first thousand games check the same.
            file.games.truncate(1000);
            for g in &file.games {
                let _ = g.replay();
                let _ = g.transcript();
            }
            let mut out = String::new();
            text::write_ggf(&file, &book, &mut out);
            text::write_pgn(&file, &book, &mut out);
            text::write_csv(&file, &book, &mut out);
            text::write_transcripts(&file, &mut out);
            out.clear();
            text::write_jsonl(&file, &book, &mut out);
            let back = text::read_jsonl(out.as_bytes(), &mut book, &mut Diagnostics::strict())
                .unwrap_or_else(|e| panic!("JSON Lines written from {input:?} does not read: {e}"));
            assert!(back.games == file.games, "JSON Lines changed the games");
            let mut wthor = Vec::new();
            games::write(&file, &mut wthor);
            let again = games::read(&wthor, file.size)
                .unwrap_or_else(|e| panic!("WTHOR written from {input:?} does not read: {e}"));
            // A WTHOR record keeps no year or names of its own (JSON Lines
            // may give a game both); the rest it keeps.
            let mut held = file.games.clone();
            for g in &mut held {
                g.year = None;
                g.names = None;
            }
            assert!(again.games == held, "WTHOR changed the games");
        }
    }
}

/// A game or solitaire file as it is written back: its bytes, with N1
/// counting the `records` read (a header that miscounts whole records is
/// read, and written with the count put right).
fn counted(data: &[u8], records: usize) -> Vec<u8> {
    let mut out = data.to_vec();
    out[4..8].copy_from_slice(&(records as u32).to_le_bytes());
    out
}

/// Read, write, read in one format: the same model, and the writer a fixed
/// point.
pub fn round_trip(input: Input, data: &[u8]) {
    match input {
        Input::Obf => {
            let Ok(first) = obf::read(data) else { return };
            let mut once = Vec::new();
            obf::write(&first, &mut once);
            let second = obf::read(&once).expect("OBF reads what it wrote");
            let mut twice = Vec::new();
            obf::write(&second, &mut twice);
            assert!(once == twice, "OBF: the second write differs");
            assert!(first == second, "OBF: the positions changed");
        }
        Input::Wtb | Input::Wtd => {
            let size = match input {
                Input::Wtb => BoardSize::Eight,
                _ => BoardSize::Ten,
            };
            let Ok(first) = games::read(data, size) else {
                return;
            };
            let mut once = Vec::new();
            games::write(&first, &mut once);
            assert!(
                once == counted(data, first.games.len()),
                "{input:?}: what reads writes back byte for byte"
            );
        }
        Input::Pzz => {
            let Ok(first) = pzz::read(data) else { return };
            let mut once = Vec::new();
            pzz::write(&first, &mut once);
            assert!(
                once == counted(data, first.solitaires.len()),
                "PZZ: what reads writes back byte for byte"
            );
        }
        Input::Jou | Input::Trn => {
            let kind = match input {
                Input::Jou => Kind::Jou,
                _ => Kind::Trn,
            };
            let Ok(first) = names::read(data, kind) else {
                return;
            };
            let mut once = Vec::new();
            names::write(&first, &mut once).expect("what reads writes");
            let second = names::read(&once, kind).expect("reads what it wrote");
            assert_eq!(first.names, second.names, "{input:?}: names changed");
        }
        Input::OthelloJsonl | Input::Transcript | Input::Ggf | Input::Pgn => {
            let mut book = book();
            let Some(first) = games_of(input, data, &mut book) else {
                return;
            };
            let write = |f: &GameFile, book: &NameBook| {
                let mut out = String::new();
                match input {
                    Input::Transcript => text::write_transcripts(f, &mut out),
                    Input::Ggf => text::write_ggf(f, book, &mut out),
                    Input::Pgn => text::write_pgn(f, book, &mut out),
                    _ => text::write_jsonl(f, book, &mut out),
                }
                out
            };
            let once = write(&first, &book);
            let second = games_of(input, once.as_bytes(), &mut book)
                .unwrap_or_else(|| panic!("{input:?} cannot read what it wrote:\n{once}"));
            let twice = write(&second, &book);
            assert_eq!(once, twice, "{input:?}: the second write differs");
            if let Some((a, b)) = first.games.iter().zip(&second.games).find(|(a, b)| a != b) {
                panic!("{input:?}: a game changed:\n{a:?}\n{b:?}\nwritten as:\n{once}");
            }
            assert_eq!(
                first.games.len(),
                second.games.len(),
                "{input:?}: games lost"
            );
            if matches!(input, Input::OthelloJsonl) {
                assert!(first == second, "JSON Lines: the header changed");
            }
        }
    }
}
