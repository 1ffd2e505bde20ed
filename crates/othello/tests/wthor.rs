//! The federation's own files (read from `../shared/data/othello` beside
//! the repository), and hand-made corruptions and 10x10 and solitaire files
//! built from the spec.

use boardfile_othello::wthor::{self, games, names, pzz, Kind};
use boardfile_othello::{BoardSize, Color, End, Square};
use std::path::Path;

fn data(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/othello")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn federation_files_round_trip_byte_for_byte() {
    for name in ["WTH_1977.wtb", "WTH_2004.wtb"] {
        let bytes = data(name);
        let file = games::read(&bytes, BoardSize::Eight).unwrap();
        let mut out = Vec::new();
        games::write(&file, &mut out);
        assert!(out == bytes, "{name}");
    }
    for (name, kind) in [("WTHOR.JOU", Kind::Jou), ("WTHOR.TRN", Kind::Trn)] {
        let bytes = data(name);
        let file = names::read(&bytes, kind).unwrap();
        let mut out = Vec::new();
        names::write(&file, &mut out).unwrap();
        assert!(out == bytes, "{name}");
    }
}

#[test]
fn names_and_headers_as_the_bytes_say() {
    // xxd WTHOR.JOU: N2 0x0f2c = 3884; record 0 "???", record 1 at byte 36
    // "Tastet Marc".
    let jou = names::read(&data("WTHOR.JOU"), Kind::Jou).unwrap();
    assert_eq!(jou.names.len(), 3884);
    assert_eq!(jou.get(0), Some("???"));
    assert_eq!(jou.get(1), Some("Tastet Marc"));
    let trn = names::read(&data("WTHOR.TRN"), Kind::Trn).unwrap();
    assert_eq!(trn.names.len(), 439);
    assert_eq!(trn.get(0), Some("Diverses parties"));
    let y77 = games::read(&data("WTH_1977.wtb"), BoardSize::Eight).unwrap();
    assert_eq!(
        (y77.header.year, y77.header.p3, y77.games.len()),
        (1977, 24, 12)
    );
    // Record 0: tournament 1, black 0x015a, white 0x034b, 34 discs, 41
    // theoretical, moves 56 (f5) 64 (d6) 33 (c3).
    let g = &y77.games[0];
    assert_eq!(
        (g.tournament, g.black, g.white, g.black_score, g.theoretical),
        (1, 346, 843, 34, 41)
    );
    assert!(g.transcript().starts_with("f5d6c3"));
}

#[test]
fn every_game_of_2004_replays_with_its_stored_scores() {
    let bytes = data("WTH_2004.wtb");
    let jou = names::read(&data("WTHOR.JOU"), Kind::Jou).unwrap();
    let trn = names::read(&data("WTHOR.TRN"), Kind::Trn).unwrap();
    let v = games::validate(&bytes, BoardSize::Eight, Some(&jou), Some(&trn));
    assert!(
        v.errors.is_empty(),
        "{:?}",
        &v.errors[..v.errors.len().min(5)]
    );
    let file = v.file.unwrap();
    assert_eq!(file.games.len(), 9113);
    // Most games are played out; the stored score of each finished one
    // equals the replay (checked by validate above).
    let finished = file
        .games
        .iter()
        .filter(|g| matches!(g.replay(), Ok((_, End::Finished { .. }))))
        .count();
    assert!(finished > 9000, "{finished}");
    assert_eq!(finished + v.unfinished.len(), 9113);
    let y77 = games::validate(
        &data("WTH_1977.wtb"),
        BoardSize::Eight,
        Some(&jou),
        Some(&trn),
    );
    assert!(y77.errors.is_empty(), "{:?}", y77.errors);
}

/// The 2004 file with one byte changed.
fn corrupt(offset: usize, byte: u8) -> Vec<u8> {
    let mut b = data("WTH_2004.wtb");
    b[offset] = byte;
    b
}

#[test]
fn corruptions_are_caught_with_the_game_index() {
    let rec = |game: usize, off: usize| 16 + 68 * game + off;
    let one_error = |bytes: &[u8]| {
        let v = games::validate(bytes, BoardSize::Eight, None, None);
        assert_eq!(v.errors.len(), 1, "{:?}", v.errors);
        v.errors.into_iter().next().unwrap()
    };
    // Game 100's first move becomes a1: not legal.
    let e = one_error(&corrupt(rec(100, 8), 11));
    assert_eq!(
        (
            e.position().unwrap().record,
            e.position().unwrap().within.map(|w| w.index)
        ),
        (Some(100), Some(1))
    );
    assert!(
        e.to_string().contains("move 1 a1 is not legal for Black"),
        "{e}"
    );
    // A byte that is no square.
    let e = one_error(&corrupt(rec(2000, 20), 99));
    assert_eq!(
        (
            e.position().unwrap().record,
            e.position().unwrap().within.map(|w| w.index)
        ),
        (Some(2000), Some(13))
    );
    assert!(e.message().contains("not a square"), "{e}");
    // A wrong black score.
    let original = data("WTH_2004.wtb")[rec(5000, 6)];
    let e = one_error(&corrupt(rec(5000, 6), original ^ 1));
    assert_eq!(e.position().unwrap().record, Some(5000));
    assert!(e.message().contains("the replay gives"), "{e}");
    // A theoretical score beyond the board.
    let e = one_error(&corrupt(rec(7, 7), 65));
    assert_eq!(e.position().unwrap().record, Some(7));
    // A short file, and a count that does not match the size.
    let mut short = data("WTH_2004.wtb");
    short.truncate(short.len() - 10);
    let e = games::read(&short, BoardSize::Eight).unwrap_err();
    assert!(
        e.message().contains("9112 whole records and a short one"),
        "{e}"
    );
    // A count off by whole records: every record read, and a warning
    // (hand-checked: N1 9113 ^ 1 = 9112, one short of the 9113 there).
    let mut count = data("WTH_2004.wtb");
    count[4] ^= 1;
    let f = games::read(&count, BoardSize::Eight).unwrap();
    assert_eq!((f.header.n1, f.games.len()), (9112, 9113));
    let wtb = boardfile_othello::OthelloFormat::from_name("wtb").unwrap();
    let report = boardfile_othello::convert::validate(wtb, &count, &mut Default::default());
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let said: Vec<&str> = report.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        said,
        ["the header counts 9112 games, the file holds 9113: all 9113 read (a file written from them counts 9113)"]
    );
    // Player indices beyond WTHOR.JOU.
    let jou = names::read(&data("WTHOR.JOU"), Kind::Jou).unwrap();
    let mut b = data("WTH_2004.wtb");
    b[rec(3, 2)..rec(3, 4)].copy_from_slice(&4000u16.to_le_bytes());
    let v = games::validate(&b, BoardSize::Eight, Some(&jou), None);
    assert_eq!(v.errors.len(), 1);
    assert!(v.errors[0].to_string().starts_with("WTB error at record 3 (byte 222): black player 4000 is not in the names file (3884 names)"), "{}", v.errors[0]);
}

#[test]
fn a_10x10_file_built_from_the_spec() {
    // Header P1 = 10; a record is 104 bytes; moves col + 12 * row from 1:
    // g6 = 7 + 72 = 79 (the spec's first move), then white f7? No: after
    // g6 white may take e7 (5 + 84 = 89: flips e6 between e7 and e5)...
    // Worked by hand on the 10x10 start (white e5 f6, black e6 f5):
    // black g6 flips f6; white g7 (7 + 84 = 91) flanks f6? g7-f6-e5 is a
    // diagonal with f6 now black and e5 white: legal, flips f6.
    let mut bytes = vec![20, 26, 11, 22];
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&[0, 0, 0xea, 0x07, 10, 0, 24, 0]);
    let mut rec = vec![0u8, 0, 1, 0, 2, 0, 0, 0, 79, 91];
    rec.resize(104, 0);
    bytes.extend_from_slice(&rec);
    let v = games::validate(&bytes, BoardSize::Ten, None, None);
    assert!(v.errors.is_empty(), "{:?}", v.errors);
    assert_eq!(v.unfinished, [0], "two moves: unfinished, not an error");
    let file = v.file.unwrap();
    assert_eq!(file.games[0].transcript(), "g6g7");
    let (p, _) = file.games[0].replay().unwrap();
    let sq = |t: &str| Square::parse(t, BoardSize::Ten).unwrap();
    assert_eq!(p.at(sq("f6")), Some(Color::White));
    assert_eq!(p.at(sq("g6")), Some(Color::Black));
    let mut out = Vec::new();
    games::write(&file, &mut out);
    assert_eq!(out, bytes);
    // j10 (130) as the first move is not legal; 131 is no square.
    bytes[16 + 8] = 130;
    let v = games::validate(&bytes, BoardSize::Ten, None, None);
    assert!(
        v.errors[0].message().contains("move 1 j10 is not legal"),
        "{:?}",
        v.errors
    );
    bytes[16 + 8] = 131;
    assert!(games::read(&bytes, BoardSize::Ten).is_err());
    // A 10x10 file read as 8x8 is refused by P1.
    assert!(games::read(&bytes, BoardSize::Eight)
        .unwrap_err()
        .message()
        .contains("P1 is 10"));
}

#[test]
fn a_solitaire_file_built_from_the_spec() {
    // One solitaire with 2 empties: the board full but for a1 and b1, row 1
    // "._OX XXXX" ... built cell by cell: a1 empty (00), b1 empty (01, the
    // other empty code), c1 white (10), d1 black (11): byte 0 = 00 01 10 11
    // = 0x1b; every other cell black (0xff) except h8 white (11 11 11 10 =
    // 0xfe in byte 15).
    let mut cells = [0xffu8; 16];
    cells[0] = 0x1b;
    cells[15] = 0xfe;
    let mut bytes = vec![20, 26, 11, 22];
    bytes.extend_from_slice(&1u32.to_le_bytes()); // N1: one solitaire
    bytes.extend_from_slice(&2u16.to_le_bytes()); // N2: two empties
    bytes.extend_from_slice(&[0, 0, 0, 1, 0, 0]); // year 0, P1 0, P2 1
    let mut table = [0i32; 64];
    table[2] = 1;
    for t in table {
        bytes.extend_from_slice(&t.to_le_bytes());
    }
    let mut rec = vec![0xd4, 0x07, 5, 0, 12, 0, 0, 0, 40, 0, 0, 0];
    rec.extend_from_slice(&cells);
    // 2 empties, white (2) to move, score +0, first move b1 (2 + 10 = 12):
    // b1 flanks c1? c1 is white's own; white at b1 needs black between: no.
    // So give black the move (1): b1-c1(white)-d1(black) flips c1.
    rec.extend_from_slice(&[2, 1, 4, 12, 60, 0, 0, 0]);
    bytes.extend_from_slice(&rec);
    assert_eq!(bytes.len(), 16 + 256 + 36);
    let (file, errors) = pzz::validate(&bytes);
    assert!(errors.is_empty(), "{errors:?}");
    let file = file.unwrap();
    let s = &file.solitaires[0];
    let p = s.position().unwrap();
    assert_eq!(p.empties(), 2);
    assert_eq!(
        p.at(Square::parse("c1", BoardSize::Eight).unwrap()),
        Some(Color::White)
    );
    assert_eq!(
        p.at(Square::parse("h8", BoardSize::Eight).unwrap()),
        Some(Color::White)
    );
    assert_eq!(
        p.at(Square::parse("b1", BoardSize::Eight).unwrap()),
        None,
        "01 is empty too"
    );
    let mut out = Vec::new();
    pzz::write(&file, &mut out);
    assert_eq!(out, bytes, "the 01 empty code is kept");
    // The table must hold N1 at entry N2.
    let mut bad = bytes.clone();
    bad[16 + 8] = 0; // entry 2
    bad[16 + 12] = 1; // entry 3
    let (_, errors) = pzz::validate(&bad);
    assert_eq!(errors.len(), 2, "{errors:?}");
    // A first move that is not legal.
    let mut bad = bytes.clone();
    bad[16 + 256 + 31] = 11;
    let (_, errors) = pzz::validate(&bad);
    assert!(errors[0].message().contains("not legal"), "{errors:?}");
    assert_eq!(wthor::HEADER + pzz::TABLE + pzz::RECORD, bytes.len());
}

mod text {
    use super::data;
    use boardfile_othello::convert;
    use boardfile_othello::text::{self, NameBook};
    use boardfile_othello::wthor::{games, names, Kind};
    use boardfile_othello::{BoardSize, OthelloFormat};

    fn book() -> NameBook {
        NameBook {
            players: Some(names::read(&data("WTHOR.JOU"), Kind::Jou).unwrap()),
            tournaments: Some(names::read(&data("WTHOR.TRN"), Kind::Trn).unwrap()),
            ..NameBook::default()
        }
    }

    #[test]
    fn several_years_go_to_one_jsonl_then_to_pgn_and_csv_with_every_name() {
        // Each year to JSON Lines with the names files at hand, the lines
        // put in one file; then PGN and CSV with no names file at all.
        let years = [("WTH_1977.wtb", 1977), ("WTH_2004.wtb", 2004)];
        let (jou, trn) = (
            names::read(&data("WTHOR.JOU"), Kind::Jou).unwrap(),
            names::read(&data("WTHOR.TRN"), Kind::Trn).unwrap(),
        );
        let mut jsonl = String::new();
        let mut want = Vec::new(); // (year, tournament, black, white) a game
        for (name, year) in years {
            let bytes = data(name);
            // The header's N1 and the file's size agree on the game count.
            let n1 = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
            assert_eq!(n1, (bytes.len() - 16) / 68);
            let file = games::read(&bytes, BoardSize::Eight).unwrap();
            assert_eq!(file.games.len(), n1);
            for g in &file.games {
                let name = |f: &names::Names, i: u16| f.names[i as usize].clone();
                want.push((
                    year,
                    name(&trn, g.tournament),
                    name(&jou, g.black),
                    name(&jou, g.white),
                ));
            }
            let mut one = String::new();
            text::write_jsonl(&file, &book(), &mut one);
            // The first file's header line stands for the whole.
            let skip = usize::from(!jsonl.is_empty());
            for line in one.lines().skip(skip) {
                jsonl.push_str(line);
                jsonl.push('\n');
            }
        }
        let mut none = NameBook::default();
        let all = text::read_jsonl(jsonl.as_bytes(), &mut none, &mut Default::default()).unwrap();
        assert_eq!(all.games.len(), want.len());
        let mut pgn = String::new();
        text::write_pgn(&all, &none, &mut pgn);
        let tag = |game: &str, name: &str| {
            let at = game.find(&format!("[{name} \"")).unwrap() + name.len() + 3;
            game[at..at + game[at..].find("\"]").unwrap()].to_string()
        };
        let games: Vec<&str> = pgn.split("[Event ").skip(1).collect();
        assert_eq!(games.len(), want.len());
        for (game, (year, t, b, w)) in games.iter().zip(&want) {
            let game = format!("[Event {game}");
            assert_eq!(tag(&game, "Date"), year.to_string());
            // PGN escapes quotes and backslashes in names.
            let esc = |n: &str| n.replace('\\', "\\\\").replace('"', "\\\"");
            assert_eq!(tag(&game, "Event"), esc(t));
            assert_eq!(tag(&game, "Black"), esc(b));
            assert_eq!(tag(&game, "White"), esc(w));
        }
        let mut csv = String::new();
        text::write_csv(&all, &none, &mut csv);
        let rows: Vec<&str> = csv.lines().skip(1).collect();
        assert_eq!(rows.len(), want.len());
        for (row, (year, ..)) in rows.iter().zip(&want) {
            assert!(row.starts_with(&format!("{year},")), "{row}");
            assert!(!row.contains(",?,"), "{row}");
        }
        // One WTB of both years cannot be.
        let wtb = OthelloFormat::from_name("wtb").unwrap();
        let e = convert::write_games(wtb, &all, &none, &mut Vec::new()).unwrap_err();
        assert!(
            e.message().contains("of 1977, 2004: write a file a year"),
            "{e}"
        );
        // Games of one year from it make that year's file again, byte for byte.
        let mut y2004 = all.clone();
        y2004.games.retain(|g| g.year == Some(2004));
        let mut out = Vec::new();
        convert::write_games(wtb, &y2004, &none, &mut out).unwrap();
        let mut original = games::read(&data("WTH_2004.wtb"), BoardSize::Eight).unwrap();
        original.header.created = y2004.header.created;
        let mut expected = Vec::new();
        games::write(&original, &mut expected);
        assert!(out == expected, "2004 again");
    }

    #[test]
    fn a_broken_game_goes_to_jsonl_and_back_as_it_stands() {
        // Found by fuzzing: game 100's first move made a1 (not legal) read
        // as WTB, but its JSON Lines did not read back. A game given with
        // its score is kept as it stands; validation replays it.
        let bytes = super::corrupt(16 + 68 * 100 + 8, 11);
        let file = games::read(&bytes, BoardSize::Eight).unwrap();
        let mut jsonl = String::new();
        text::write_jsonl(&file, &NameBook::default(), &mut jsonl);
        let back = text::read_jsonl(
            jsonl.as_bytes(),
            &mut NameBook::default(),
            &mut Default::default(),
        )
        .unwrap();
        let mut out = Vec::new();
        games::write(&back, &mut out);
        assert!(out == bytes);
        assert!(back.games[100].replay().is_err());
        // Without the score, the replay is needed and the game refused.
        let line = jsonl.lines().nth(101).unwrap();
        let start = line.find("\"black_discs\"").unwrap();
        let end = line.find("\"moves\"").unwrap();
        let unscored = format!("{}{}", &line[..start], &line[end..]);
        let e = text::read_jsonl(
            unscored.as_bytes(),
            &mut NameBook::default(),
            &mut Default::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("not legal"), "{e}");
    }

    #[test]
    fn wtb_to_jsonl_and_back_gives_the_same_bytes() {
        for name in ["WTH_1977.wtb", "WTH_2004.wtb"] {
            let bytes = data(name);
            let file = games::read(&bytes, BoardSize::Eight).unwrap();
            let mut jsonl = String::new();
            text::write_jsonl(&file, &book(), &mut jsonl);
            let back = text::read_jsonl(
                jsonl.as_bytes(),
                &mut NameBook::default(),
                &mut Default::default(),
            )
            .unwrap();
            let mut out = Vec::new();
            games::write(&back, &mut out);
            assert!(out == bytes, "{name}");
        }
        // The first 1977 game, line 2 (after the header): names from the
        // files, as xxd shows the record (tournament 1, players 346, 843).
        let file = games::read(&data("WTH_1977.wtb"), BoardSize::Eight).unwrap();
        let mut jsonl = String::new();
        text::write_jsonl(&file, &book(), &mut jsonl);
        let line = jsonl.lines().nth(1).unwrap();
        let b = book();
        let (t, p1, p2) = (
            b.tournaments.as_ref().unwrap().get(1).unwrap(),
            b.players.as_ref().unwrap().get(346).unwrap(),
            b.players.as_ref().unwrap().get(843).unwrap(),
        );
        assert!(
            line.starts_with(&format!(
                "{{\"year\":1977,\"board_size\":8,\"tournament_id\":1,\"black_id\":346,\"white_id\":843,\"tournament\":{},\"black\":{},\"white\":{},\"black_discs\":34,\"theoretical_score\":41,\"moves\":\"f5d6c3",
                serde_json::to_string(t).unwrap(),
                serde_json::to_string(p1).unwrap(),
                serde_json::to_string(p2).unwrap()
            )),
            "{line}"
        );
    }

    #[test]
    fn names_are_looked_up_and_unknown_ones_refused_or_added() {
        let b = book();
        let jou = b.players.as_ref().unwrap();
        let line = format!(
            "{{\"year\":2026,\"black\":{},\"white\":\"Nobody Yet\",\"moves\":\"f5d6c3\"}}\n",
            serde_json::to_string(jou.get(1).unwrap()).unwrap()
        );
        // A name not in the names file stays the game's own: text formats
        // write it, and a WTHOR file, which keeps indices, refuses it.
        let file = text::read_jsonl(line.as_bytes(), &mut book(), &mut Default::default()).unwrap();
        let own = file.games[0].names.as_deref().unwrap();
        assert_eq!(own.white.as_deref(), Some("Nobody Yet"));
        assert_eq!(own.black, None, "the names file gives it");
        let mut pgn = String::new();
        text::write_pgn(&file, &book(), &mut pgn);
        assert!(pgn.contains("[White \"Nobody Yet\"]"), "{pgn}");
        let wtb = OthelloFormat::from_name("wtb").unwrap();
        let mut out = Vec::new();
        let e = convert::write_games(wtb, &file, &book(), &mut out).unwrap_err();
        assert!(
            e.message()
                .contains("line 1: player \"Nobody Yet\" is not in the names file"),
            "{e}"
        );
        let mut adding = NameBook {
            add: true,
            ..book()
        };
        let mut diag = boardfile_othello::Diagnostics::strict();
        let file = text::read_jsonl(line.as_bytes(), &mut adding, &mut diag).unwrap();
        let g = &file.games[0];
        assert_eq!(g.black, 1);
        assert_eq!(
            g.white as usize,
            jou.names.len(),
            "appended after the last name"
        );
        assert_eq!(adding.added, (1, 0));
        assert_eq!(
            (file.header.year, file.header.p3, file.header.n1),
            (2026, 24, 0)
        );
        // Unfinished, no score given: counted from the board where it
        // stops, as a finished game is, and said so. By hand: f5 takes e5,
        // d6 takes d5, c3 takes d4: Black c3 d4 e4 e5 f5, White d5 d6, so
        // Black is ahead 5-2 and takes the 57 empty squares: 62.
        // No theoretical score: it is not copied from the actual one.
        assert_eq!(g.black_score, 62);
        assert!(!g.theoretical_known());
        assert_eq!(diag.warnings.len(), 1);
        let w = &diag.warnings[0].message;
        assert!(w.contains("game 1: the moves stop before the end"), "{w}");
        assert!(w.contains("5-2") && w.contains("(62-2)"), "{w}");
    }

    #[test]
    fn transcripts_pgn_ggf_and_csv() {
        let file = games::read(&data("WTH_2004.wtb"), BoardSize::Eight).unwrap();
        let mut t = String::new();
        text::write_transcripts(&file, &mut t);
        assert_eq!(t.lines().count(), 9113);
        let back = text::read_transcripts(t.as_bytes(), BoardSize::Eight, &mut Default::default())
            .unwrap();
        for (a, b) in file.games.iter().zip(&back.games) {
            assert_eq!(a.moves, b.moves);
            // A transcript has no scores: the replay gives the finished ones.
            if matches!(a.replay(), Ok((_, boardfile_othello::End::Finished { .. }))) {
                assert_eq!(a.black_score, b.black_score);
            }
        }
        // A game with a pass: PGN and GGF write it.
        let with_pass = file
            .games
            .iter()
            .position(|g| {
                let mut p = boardfile_othello::Position::start(BoardSize::Eight);
                g.moves
                    .iter()
                    .any(|&m| p.play(m).map(|x| x.passed).unwrap_or(false))
            })
            .expect("2004 has games with a pass");
        let one = games::GameFile {
            games: vec![file.games[with_pass].clone()],
            ..file.clone()
        };
        let mut pgn = String::new();
        text::write_pgn(&one, &book(), &mut pgn);
        assert!(pgn.contains(" PS "), "{pgn}");
        assert!(pgn.starts_with("[Event \""), "{pgn}");
        let g = &one.games[0];
        let result = format!("{}-{}", g.black_score, 64 - g.black_score);
        assert!(pgn.trim_end().ends_with(&result), "{pgn}");
        let mut ggf = String::new();
        text::write_ggf(&one, &book(), &mut ggf);
        assert!(
            ggf.starts_with("(;GM[Othello]")
                && ggf.contains("[PA]")
                && ggf.trim_end().ends_with(";)"),
            "{ggf}"
        );
        assert!(
            ggf.contains(
                "BO[8 ---------------------------O*------*O--------------------------- *]"
            ),
            "{ggf}"
        );
        let mut csv = String::new();
        text::write_csv(&file, &book(), &mut csv);
        assert_eq!(csv.lines().count(), 9114);
        assert!(csv.starts_with("year,tournament_id,tournament,black_id,black,white_id,white,black_discs,theoretical_score,moves\n2004,"));
    }
}

#[test]
fn names_that_would_end_a_value_are_escaped() {
    // WTHOR names are any ISO-8859-1 bytes: a `]` ended the GGF value and a
    // `"` the PGN string, a line break the line.
    use boardfile_othello::text::{self, NameBook};
    let odd = |names: &[&str], kind| names::Names {
        kind,
        header: wthor::Header::default(),
        names: names.iter().map(|n| n.to_string()).collect(),
    };
    let book = NameBook {
        players: Some(odd(
            &["???", "Lee [1] \\ \"Ace\"", "New\r\nLine, Jr"],
            Kind::Jou,
        )),
        tournaments: Some(odd(&["?", "Cup]"], Kind::Trn)),
        ..NameBook::default()
    };
    let file = text::read_transcripts(
        b"f5d6c3d3c4f4f6f3e6e7\n",
        BoardSize::Eight,
        &mut Default::default(),
    )
    .unwrap();
    let mut file = file;
    let g = &mut file.games[0];
    (g.tournament, g.black, g.white) = (1, 1, 2);
    let mut pgn = String::new();
    text::write_pgn(&file, &book, &mut pgn);
    assert!(
        pgn.contains("[Event \"Cup]\"]\n")
            && pgn.contains("[Black \"Lee [1] \\\\ \\\"Ace\\\"\"]\n")
            && pgn.contains("[White \"New  Line, Jr\"]\n"),
        "{pgn}"
    );
    let mut ggf = String::new();
    text::write_ggf(&file, &book, &mut ggf);
    assert!(
        ggf.contains("PC[Cup\\]]")
            && ggf.contains("PB[Lee [1\\] \\\\ \"Ace\"]")
            && ggf.contains("PW[New  Line, Jr]"),
        "{ggf}"
    );
    assert_eq!(ggf.lines().count(), 1);
    let mut csv = String::new();
    text::write_csv(&file, &book, &mut csv);
    assert!(
        csv.contains(",Cup],1,\"Lee [1] \\ \"\"Ace\"\"\",2,\"New\r\nLine, Jr\","),
        "{csv}"
    );
}

#[test]
fn transcripts_tell_the_board_size_from_the_first_move() {
    use boardfile_othello::text;
    assert_eq!(text::transcript_size(b"f5d6c3\n"), BoardSize::Eight);
    assert_eq!(text::transcript_size(b"# 10x10\ng6g7\n"), BoardSize::Ten);
    let f = text::read_transcripts(
        b"g6g7\n",
        text::transcript_size(b"g6g7\n"),
        &mut Default::default(),
    )
    .unwrap();
    assert_eq!(f.size, BoardSize::Ten);
    let mut out = Vec::new();
    games::write(&f, &mut out);
    assert_eq!(
        (out.len(), out[12], out[24], out[25]),
        (16 + 104, 10, 79, 91)
    );
}

#[test]
fn every_prefix_and_byte_flip_gives_a_value_or_an_error() {
    let y77 = data("WTH_1977.wtb");
    let jou = data("WTHOR.JOU");
    for n in 0..=y77.len() {
        let _ = games::read(&y77[..n], BoardSize::Eight);
        let _ = games::validate(&y77[..n], BoardSize::Eight, None, None);
        let _ = games::read(&y77[..n], BoardSize::Ten);
        let _ = pzz::validate(&y77[..n]);
    }
    for n in (0..jou.len()).step_by(7) {
        let _ = names::read(&jou[..n], Kind::Jou);
    }
    // Seeded flips through every reader; what reads writes back the same.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..3000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mut b = y77.clone();
        let i = (state % b.len() as u64) as usize;
        b[i] = (state >> 32) as u8;
        let v = games::validate(&b, BoardSize::Eight, None, None);
        if let Ok(f) = games::read(&b, BoardSize::Eight) {
            let mut out = Vec::new();
            games::write(&f, &mut out);
            // Written with N1 counting the games read.
            let mut counted = f.clone();
            counted.header.n1 = f.games.len() as u32;
            assert_eq!(games::read(&out, BoardSize::Eight).unwrap(), counted);
            assert!(v.file.is_some());
        }
        let _ = pzz::validate(&b);
        let _ = names::read(&b, Kind::Trn);
        let _ = boardfile_othello::text::read_jsonl(
            &b,
            &mut Default::default(),
            &mut Default::default(),
        );
        let _ =
            boardfile_othello::text::read_transcripts(&b, BoardSize::Ten, &mut Default::default());
    }
}

#[test]
fn a_names_file_whose_header_is_one_record_short_reads_every_name() {
    // The header's N2 one less than the records there, as a tool that
    // forgot to count its last name writes it.
    let original = data("WTHOR.JOU");
    let n2 = u16::from_le_bytes([original[8], original[9]]);
    assert_eq!(usize::from(n2), (original.len() - 16) / 20);
    let mut short = original.clone();
    short[8..10].copy_from_slice(&(n2 - 1).to_le_bytes());
    let read = names::read(&short, Kind::Jou).unwrap();
    assert_eq!(read.names.len(), usize::from(n2));
    let jou = boardfile_othello::OthelloFormat::from_name("jou").unwrap();
    let report = boardfile_othello::convert::validate(jou, &short, &mut Default::default());
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.warnings.len(), 1);
    assert!(report.warnings[0].message.starts_with(&format!(
        "the header counts {} names, the file holds {n2}",
        n2 - 1
    )));
    // Written again, the count is put right: the federation's file.
    let out =
        boardfile_othello::convert::convert(jou, jou, &short, &mut Default::default()).unwrap();
    assert!(out.bytes == original);
    assert_eq!(out.warnings, report.warnings);
    // Half a record more is still an error.
    let mut half = original.clone();
    half.extend_from_slice(&[0; 10]);
    assert!(names::read(&half, Kind::Jou).is_err());
}

#[test]
fn names_files_go_to_json_lines_and_csv_and_back_byte_for_byte() {
    use boardfile_othello::{convert, OthelloFormat};
    let f = |n: &str| OthelloFormat::from_name(n).unwrap();
    for (file, kind) in [("WTHOR.JOU", "jou"), ("WTHOR.TRN", "trn")] {
        let original = data(file);
        let read =
            names::read(&original, if kind == "jou" { Kind::Jou } else { Kind::Trn }).unwrap();
        for text in ["jsonl", "csv"] {
            let mut book = Default::default();
            let out = convert::convert(f(kind), f(text), &original, &mut book).unwrap();
            let shown = String::from_utf8(out.bytes.clone()).unwrap();
            // A line a name after the header (and CSV's column row), each
            // with its index: checked against the names the file holds.
            let skip = if text == "csv" { 2 } else { 1 };
            let lines: Vec<&str> = shown.lines().skip(skip).collect();
            assert_eq!(lines.len(), read.names.len(), "{file} {text}");
            let last = read.names.len() - 1;
            assert!(lines[last].starts_with(&match text {
                "csv" => format!("{last},"),
                _ => format!("{{\"index\":{last},"),
            }));
            let back = convert::convert(f(text), f(kind), &out.bytes, &mut book).unwrap();
            assert!(back.bytes == original, "{file} through {text}");
        }
        // Names are not games.
        assert!(convert::convert(f(kind), f("pgn"), &original, &mut Default::default()).is_err());
    }
    // JOU names cannot become a TRN.
    let jou = data("WTHOR.JOU");
    let csv = convert::convert(f("jou"), f("csv"), &jou, &mut Default::default()).unwrap();
    let e = convert::convert(f("csv"), f("trn"), &csv.bytes, &mut Default::default()).unwrap_err();
    assert!(e.message().contains("JOU names cannot become TRN"), "{e}");
    // A name with a comma and quotes, through CSV (hand-made).
    let text = "index,name\n0,???\n1,\"Smith, \"\"Jo\"\"\"\n";
    let n = boardfile_othello::formats::csv::read_names(text.as_bytes(), Kind::Jou).unwrap();
    assert_eq!(n.names, ["???", "Smith, \"Jo\""]);
    let mut again = String::new();
    boardfile_othello::formats::csv::write_names(&n, &mut again);
    assert!(again.ends_with(text), "{again}");
}

#[test]
fn a_header_line_after_the_games_gives_the_file_its_year_and_each_game_keeps_its_own() {
    // Hand-made: two games of 1990, then the header line of 2000.
    let text = "{\"year\":1990,\"moves\":\"f5d6c3\"}\n{\"year\":1990,\"moves\":\"f5f6\"}\n\
                {\"header\":{\"created\":[20,26,11,23],\"year\":2000}}\n";
    let file = boardfile_othello::text::read_jsonl(
        text.as_bytes(),
        &mut Default::default(),
        &mut Default::default(),
    )
    .unwrap();
    assert_eq!(file.header.year, 2000);
    assert!(file.games.iter().all(|g| g.year == Some(1990)));
    let mut csv = String::new();
    boardfile_othello::text::write_csv(&file, &Default::default(), &mut csv);
    assert!(csv.lines().skip(1).all(|l| l.starts_with("1990,")), "{csv}");
}

#[test]
fn a_game_without_a_date_is_of_no_year_not_of_the_games_before_it() {
    use boardfile_othello::{ggf, pgn, text};
    // Hand-made: a game of 2003, then one whose date is unknown (PGN's
    // `????.??.??`, GGF and JSON Lines without one).
    let pgn_text = "[Date \"2003.01.01\"]\n\n1. f5 d6 *\n\n[Date \"????.??.??\"]\n\n1. f5 f6 *\n";
    let ggf_text = "(;GM[Othello]DT[2003.01.01]TY[8]B[f5]W[d6];)\n(;GM[Othello]TY[8]B[f5]W[f6];)\n";
    let jsonl_text = "{\"year\":2003,\"moves\":\"f5d6\"}\n{\"moves\":\"f5f6\"}\n";
    let files = [
        pgn::read(
            pgn_text.as_bytes(),
            &mut Default::default(),
            &mut Default::default(),
        )
        .unwrap(),
        ggf::read(
            ggf_text.as_bytes(),
            &mut Default::default(),
            &mut Default::default(),
        )
        .unwrap(),
        text::read_jsonl(
            jsonl_text.as_bytes(),
            &mut Default::default(),
            &mut Default::default(),
        )
        .unwrap(),
    ];
    for file in &files {
        assert_eq!(file.header.year, 2003);
        let years: Vec<u16> = file.games.iter().map(|g| text::year_of(g, file)).collect();
        assert_eq!(years, [2003, 0]);
        // Written back, the second game has no date, not 2003's.
        let mut out = String::new();
        text::write_pgn(file, &Default::default(), &mut out);
        let dates: Vec<&str> = out.lines().filter(|l| l.starts_with("[Date ")).collect();
        assert_eq!(dates, ["[Date \"2003\"]", "[Date \"????.??.??\"]"], "{out}");
        out.clear();
        text::write_ggf(file, &Default::default(), &mut out);
        let dated: Vec<bool> = out.lines().map(|l| l.contains("DT[")).collect();
        assert_eq!(dated, [true, false], "{out}");
    }
    // One WTB cannot hold both: a year 2003 file would date the second.
    let scored = "{\"year\":2003,\"black_discs\":32,\"theoretical_score\":32,\"moves\":\"f5d6\"}\n\
                  {\"black_discs\":32,\"theoretical_score\":32,\"moves\":\"f5f6\"}\n";
    let e = boardfile_othello::convert::convert(
        boardfile_othello::OthelloFormat::from_name("jsonl").unwrap(),
        boardfile_othello::OthelloFormat::from_name("wtb").unwrap(),
        scored.as_bytes(),
        &mut Default::default(),
    )
    .unwrap_err();
    assert!(e.message().contains("of no date (0), 2003"), "{e}");
}

/// Every prefix of the hand-written GGF and PGN samples reads or gives an
/// error, never a panic, strictly and leaving bad games out.
#[test]
fn ggf_and_pgn_prefixes_never_panic() {
    use boardfile_othello::{ggf, pgn, text::NameBook};
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/othello-text");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let ggf_file = path.extension().is_some_and(|x| x == "ggf");
        for k in 0..=bytes.len() {
            let b = &bytes[..k];
            let mut book = NameBook::default();
            if ggf_file {
                let _ = ggf::read(b, &mut book, &mut Default::default());
                let _ = ggf::read(
                    b,
                    &mut book,
                    &mut boardfile_othello::Diagnostics::collecting(),
                );
            } else {
                let _ = pgn::read(b, &mut book, &mut Default::default());
                let _ = pgn::read(
                    b,
                    &mut book,
                    &mut boardfile_othello::Diagnostics::collecting(),
                );
            }
        }
        n += 1;
    }
    assert!(n >= 4, "{n} samples");
}
