//! Property tests: random legal games (random moves from the start, passes
//! where a side cannot move, stopped anywhere or played out) on both board
//! sizes through every Othello format that reads, and random names through
//! JOU and TRN.

use boardfile_othello::text::{self, NameBook};
use boardfile_othello::wthor::games::{self, GameFile};
use boardfile_othello::wthor::{names, Header, Kind};
use boardfile_othello::{BoardSize, End, Game, GameNames, Names, Position, Square};
use proptest::prelude::*;

/// A legal game: at each turn the `choices` value picks among the moves
/// that `play` accepts (it passes for a side with none); `stop` moves at
/// most.
fn random_game(size: BoardSize, choices: &[u16], stop: usize, ids: (u16, u16, u16)) -> Game {
    let mut p = Position::start(size);
    let mut moves = Vec::new();
    let side = size.side();
    for &c in choices.iter().take(stop) {
        let legal: Vec<Square> = (0..side)
            .flat_map(|row| (0..side).map(move |col| Square { col, row }))
            .filter(|&sq| p.clone().play(sq).is_ok())
            .collect();
        if legal.is_empty() {
            break;
        }
        let sq = legal[c as usize % legal.len()];
        p.play(sq).unwrap();
        moves.push(sq);
    }
    let mut g = Game {
        size,
        tournament: ids.0,
        black: ids.1,
        white: ids.2,
        black_score: 0,
        theoretical: 0,
        moves,
        year: None,
        names: None,
    };
    let (end_position, end) = g.replay().unwrap();
    g.black_score = match end {
        End::Finished { black_score, .. } => black_score,
        End::Unfinished => end_position
            .discs(boardfile_othello::Color::Black)
            .count_ones() as u8,
    };
    g.theoretical = g.black_score;
    g
}

fn game_file(size: BoardSize, games: Vec<Game>) -> GameFile {
    GameFile {
        header: Header {
            created: [20, 26, 11, 22],
            n1: games.len() as u32,
            year: 2026,
            p1: if size == BoardSize::Ten { 10 } else { 8 },
            p3: 24,
            ..Header::default()
        },
        size,
        games,
    }
}

type GameParts = (Vec<u16>, usize, (u16, u16, u16));

fn game_parts() -> impl Strategy<Value = GameParts> {
    (
        prop::collection::vec(any::<u16>(), 96),
        0usize..=96,
        (any::<u16>(), any::<u16>(), any::<u16>()),
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_legal_games_come_back_through_every_format(
        ten in any::<bool>(),
        parts in prop::collection::vec(game_parts(), 1..6)
    ) {
        let size = if ten { BoardSize::Ten } else { BoardSize::Eight };
        let list: Vec<Game> = parts
            .iter()
            .map(|(c, stop, ids)| random_game(size, c, *stop, *ids))
            .collect();
        let file = game_file(size, list);

        // WTB or WTD, byte for byte on the second write.
        let mut wthor = Vec::new();
        games::write(&file, &mut wthor);
        let back = games::read(&wthor, size).unwrap();
        prop_assert_eq!(&back, &file);
        let v = games::validate(&wthor, size, None, None);
        prop_assert!(v.errors.is_empty(), "{:?}", v.errors);

        // JSON Lines keeps the header (N1 is counted on write), ids and
        // scores: the same WTHOR bytes.
        let mut jsonl = String::new();
        text::write_jsonl(&file, &NameBook::default(), &mut jsonl);
        let back = text::read_jsonl(jsonl.as_bytes(), &mut NameBook::default(), &mut Default::default()).unwrap();
        prop_assert_eq!(&back.games, &file.games);
        let mut again = Vec::new();
        games::write(&back, &mut again);
        prop_assert!(again == wthor);

        // Transcripts keep the moves (an empty game is no line).
        let mut transcripts = String::new();
        text::write_transcripts(&file, &mut transcripts);
        let back = text::read_transcripts(transcripts.as_bytes(), size, &mut Default::default()).unwrap();
        let moves = |f: &GameFile| -> Vec<Vec<Square>> {
            f.games.iter().map(|g| g.moves.clone()).filter(|m| !m.is_empty()).collect()
        };
        prop_assert_eq!(moves(&back), moves(&file));
        prop_assert_eq!(text::transcript_size(transcripts.as_bytes()), if moves(&file).is_empty() { BoardSize::Eight } else { size });

        // CSV is written, not read.
        let mut out = String::new();
        text::write_csv(&file, &NameBook::default(), &mut out);
        prop_assert!(!out.is_empty());
    }

    /// GGF and PGN give back the moves, the score and the names, whatever
    /// the names hold: the characters either reader treats specially
    /// (`]`, `\`, `"`, `(;`, `[`, `%`, `{`) among them.
    #[test]
    fn random_games_and_names_come_back_through_ggf_and_pgn(
        parts in prop::collection::vec(
            (game_parts(), prop::collection::vec("[a-c (;)\\[\\]\\\\\"%{}?-]{0,12}", 3)),
            1..6,
        )
    ) {
        let list: Vec<Game> = parts
            .iter()
            .map(|((c, stop, ids), n)| Game {
                names: Some(Box::new(GameNames {
                    tournament: Some(n[0].clone()),
                    black: Some(n[1].clone()),
                    white: Some(n[2].clone()),
                    unresolved: None,
                })),
                ..random_game(BoardSize::Eight, c, *stop, *ids)
            })
            .collect();
        let file = game_file(BoardSize::Eight, list);
        // Read back as the readers take a name: trimmed, and `?`, `-` or
        // nothing for none.
        let known = |n: &Option<String>| {
            n.as_deref().map(str::trim).filter(|n| !["", "?", "-"].contains(n)).map(str::to_string)
        };
        let expected: Vec<_> = file
            .games
            .iter()
            .map(|g| {
                let n = g.names.as_deref().unwrap();
                let names = (known(&n.tournament), known(&n.black), known(&n.white));
                (g.moves.clone(), g.black_score, names)
            })
            .collect();
        type Write = fn(&GameFile, &NameBook, &mut String);
        let writers: [(&str, Write, boardfile_othello::ReadGames); 2] = [
            ("GGF", text::write_ggf, boardfile_othello::ggf::read),
            ("PGN", text::write_pgn, boardfile_othello::pgn::read),
        ];
        for (name, write, read) in writers {
            let mut out = String::new();
            write(&file, &NameBook::default(), &mut out);
            let back = read(out.as_bytes(), &mut NameBook::default(), &mut Default::default())
                .map_err(|e| TestCaseError::fail(format!("{name}: {e}\n{out}")))?;
            let got: Vec<_> = back
                .games
                .iter()
                .map(|g| {
                    let n = g.names.as_deref();
                    let n = |f: fn(&GameNames) -> &Option<String>| n.and_then(|n| f(n).clone());
                    let names = (n(|n| &n.tournament), n(|n| &n.black), n(|n| &n.white));
                    (g.moves.clone(), g.black_score, names)
                })
                .collect();
            prop_assert_eq!(&got, &expected, "{}:\n{}", name, out);
        }
    }

    #[test]
    fn random_names_come_back_through_jou_and_trn(
        list in prop::collection::vec("[ -~\u{a0}-\u{ff}]{0,19}", 0..40)
    ) {
        for kind in [Kind::Jou, Kind::Trn] {
            let file = Names {
                kind,
                header: Header::default(),
                names: list.iter().map(|s| s.trim_end_matches(' ').to_string()).collect(),
            };
            let mut bytes = Vec::new();
            names::write(&file, &mut bytes).unwrap();
            let back = names::read(&bytes, kind).unwrap();
            prop_assert_eq!(back.names, file.names);
        }
    }
}
