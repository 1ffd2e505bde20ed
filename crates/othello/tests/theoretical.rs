//! Theoretical scores are solved, never copied: the federation's stored
//! scores of WTH_1977 are the oracle, and three edge cases are worked out
//! by hand.

use boardfile_othello::convert::{self, Options};
use boardfile_othello::text::NameBook;
use boardfile_othello::wthor::games;
use boardfile_othello::{BoardSize, OthelloFormat};
use std::path::PathBuf;

fn data(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/othello")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn f(name: &str) -> OthelloFormat {
    OthelloFormat::from_name(name).unwrap()
}

/// JSON Lines with every `"theoretical_score":N` taken out.
fn without_theoretical(jsonl: &str) -> String {
    jsonl
        .lines()
        .map(|l| {
            let mut l = l.to_string();
            if let Some(i) = l.find(",\"theoretical_score\":") {
                let end = l[i + 1..].find(',').map_or(l.len(), |j| i + 1 + j);
                l.replace_range(i..end, "");
            }
            l + "\n"
        })
        .collect()
}

fn to_wtb(jsonl: &str, skip_bad: bool) -> Result<convert::Converted, boardfile_othello::Error> {
    convert::convert_with(
        f("jsonl"),
        f("wtb"),
        jsonl.as_bytes(),
        &mut NameBook::default(),
        &Options {
            skip_bad,
            jobs: 2,
            progress: None,
        },
    )
}

#[test]
fn wth_1977_comes_back_from_json_lines_without_theoretical_scores() {
    let original = data("WTH_1977.wtb");
    let jsonl =
        convert::convert(f("wtb"), f("jsonl"), &original, &mut NameBook::default()).unwrap();
    let text = String::from_utf8(jsonl.bytes).unwrap();
    let bare = without_theoretical(&text);
    assert!(!bare.contains("theoretical"));
    let back = to_wtb(&bare, false).unwrap();
    // Every stored score solved again gives the same bytes: all twelve
    // stored scores are right (a wrong one would differ here, and
    // `validate --solve` would list it).
    assert!(
        back.bytes == original,
        "WTH_1977 through JSON Lines without theoretical scores"
    );
}

#[test]
fn games_entered_twice_are_solved_once_and_each_gets_its_score() {
    // WTH_1977's first four games, each twice, without theoretical scores:
    // each copy gets the federation's stored score back, and the four
    // distinct positions are all that is solved.
    let original = data("WTH_1977.wtb");
    let stored = games::read(&original, BoardSize::Eight).unwrap().games;
    let jsonl =
        convert::convert(f("wtb"), f("jsonl"), &original, &mut NameBook::default()).unwrap();
    let text = without_theoretical(&String::from_utf8(jsonl.bytes).unwrap());
    let mut lines = text.lines();
    let mut twice = format!("{}\n", lines.next().unwrap());
    for l in lines.take(4) {
        twice += &format!("{l}\n{l}\n");
    }
    let totals = std::sync::Mutex::new(Vec::new());
    let progress = |_: usize, total: usize| totals.lock().unwrap().push(total);
    let back = convert::convert_with(
        f("jsonl"),
        f("wtb"),
        twice.as_bytes(),
        &mut NameBook::default(),
        &Options {
            skip_bad: false,
            jobs: 2,
            progress: Some(&progress),
        },
    )
    .unwrap();
    let got = games::read(&back.bytes, BoardSize::Eight).unwrap().games;
    assert_eq!(got.len(), 8);
    for (i, g) in got.iter().enumerate() {
        assert_eq!(g.theoretical, stored[i / 2].theoretical, "game {}", i + 1);
    }
    let totals = totals.into_inner().unwrap();
    assert!(
        !totals.is_empty() && totals.iter().all(|&t| t == 4),
        "{totals:?}"
    );
}

/// A JSON Lines file of one game, its header's P3 given.
fn one_game(p3: u8, moves: &str) -> String {
    format!(
        "{{\"header\":{{\"created\":[20,26,1,1],\"year\":2026,\"p1\":8,\"p2\":0,\"p3\":{p3},\"reserved\":0}}}}\n{{\"year\":2026,\"board_size\":8,\"tournament_id\":0,\"black_id\":0,\"white_id\":0,\"moves\":\"{moves}\"}}\n"
    )
}

fn theoretical_of(wtb: &[u8]) -> u8 {
    games::read(wtb, BoardSize::Eight).unwrap().games[0].theoretical
}

#[test]
fn a_game_over_before_the_depth_takes_its_actual_score() {
    // d3 c3 b3 d2 e1 d6 d7 e3 f4: after Black's f4 White has no disc left
    // (13 discs on the board, all Black's), 51 empties: the game is over
    // long before 24 empties, and Black has 13 + 51 = 64.
    let out = to_wtb(&one_game(24, "d3c3b3d2e1d6d7e3f4"), false).unwrap();
    assert_eq!(theoretical_of(&out.bytes), 64);
    let g = &games::read(&out.bytes, BoardSize::Eight).unwrap().games[0];
    assert_eq!(g.black_score, 64);
}

#[test]
fn a_pass_at_the_depth_position() {
    // WTH_2004's 4th game: at 1 empty square (after move 59) the player
    // to move has no move and passes; the other plays the last square
    // (move 60). With P3 = 1 that line is forced: the theoretical score
    // is the game's actual score, 0-filled by the federation's file.
    let file = games::read(&data("WTH_2004.wtb"), BoardSize::Eight).unwrap();
    let g = &file.games[3];
    assert_eq!(g.moves.len(), 60);
    let mut p = boardfile_othello::Position::start(BoardSize::Eight);
    p.play_all(&g.moves[..59]).unwrap();
    assert_eq!(p.empties(), 1);
    assert!(!p.can_move(p.to_move()), "the player to move must pass");
    let out = to_wtb(&one_game(1, &g.transcript()), false).unwrap();
    assert_eq!(theoretical_of(&out.bytes), g.black_score);
}

#[test]
fn a_truncated_game_has_no_theoretical_score() {
    // WTH_2004's first game cut after 30 moves: 30 empties, more than 24,
    // and play goes on: no theoretical score. Refused, or left out with
    // --skip-bad.
    let file = games::read(&data("WTH_2004.wtb"), BoardSize::Eight).unwrap();
    let cut: String = file.games[0].moves[..30]
        .iter()
        .map(|m| m.to_string())
        .collect();
    let two = one_game(24, &cut) + one_game(24, "d3c3b3d2e1d6d7e3f4").lines().nth(1).unwrap();
    let e = to_wtb(&two, false).unwrap_err();
    assert!(e.to_string().contains("30 empty squares"), "{e}");
    assert!(e.to_string().contains("--skip-bad"), "{e}");
    let out = to_wtb(&two, true).unwrap();
    let back = games::read(&out.bytes, BoardSize::Eight).unwrap();
    assert_eq!(back.games.len(), 1);
    assert_eq!(back.games[0].theoretical, 64);
    // Said twice: its actual score is taken from the board where it
    // stops, and it is left out.
    let said = |what: &str| out.warnings.iter().any(|w| w.message.contains(what));
    assert!(
        said("game 1: the moves stop before the end"),
        "{:?}",
        out.warnings
    );
    assert!(said("game 1 left out"), "{:?}", out.warnings);
}

#[test]
fn a_depth_past_what_can_be_solved_is_refused_not_searched() {
    // A header whose P3 says 60: the start position itself, which no
    // solve would finish. Refused at once, naming the depth.
    let e = to_wtb(&one_game(60, "f5d6c3d3c4"), false).unwrap_err();
    assert!(e.to_string().contains("at 60 empty squares"), "{e}");
    assert!(e.to_string().contains("34 at most"), "{e}");
    // 35 is one past: WTH_2004's first game at 35 empties (its 25th move).
    let file = games::read(&data("WTH_2004.wtb"), BoardSize::Eight).unwrap();
    let e = to_wtb(&one_game(35, &file.games[0].transcript()), false).unwrap_err();
    assert!(e.to_string().contains("at 35 empty squares"), "{e}");
    // A game over before the depth still takes its actual score: d3 c3 b3
    // d2 e1 d6 d7 e3 f4 ends with Black 13 discs and 51 empties, past 40.
    let out = to_wtb(&one_game(40, "d3c3b3d2e1d6d7e3f4"), false).unwrap();
    assert_eq!(theoretical_of(&out.bytes), 64);
    // And one over just at it (51 empties), with nothing to solve.
    let out = to_wtb(&one_game(51, "d3c3b3d2e1d6d7e3f4"), false).unwrap();
    assert_eq!(theoretical_of(&out.bytes), 64);
}
