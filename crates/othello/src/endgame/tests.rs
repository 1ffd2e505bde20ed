//! Hand-worked endgames, and the solver against a plain minimax over the
//! rules of [`Position`] on random positions near the end.

use super::*;
use crate::model::position::{BoardSize, Color, Position};

/// A board from 64 squares (`X`, `O`, `-`) and the side to move.
fn board(squares: &str, to_move: char) -> Board {
    Board::parse(&format!("{squares} {to_move}")).unwrap()
}

/// Rows 1 to 7 black, row 8 as given.
fn with_row8(row8: &str, to_move: char) -> Board {
    board(&format!("{}{row8}", "X".repeat(56)), to_move)
}

#[test]
fn one_empty_square_by_hand() {
    // h8 empty, g8 white, the rest black. Black plays h8, flipping g8
    // (f8 closes the run): 64 discs to none.
    let b = with_row8("XXXXXXO-", 'X');
    let mut s = Solver::new();
    assert_eq!(
        s.solve(b),
        Solved {
            score: 64,
            best: Square::parse("h8", BoardSize::Eight)
        }
    );
    assert_eq!(
        s.score_moves(b),
        vec![(Square::parse("h8", BoardSize::Eight).unwrap(), 64)]
    );
}

#[test]
fn a_pass_by_hand() {
    // The same board, white to move: h8 closes nothing for white (g8 is
    // white's, h7 up and g7 to a1 are black to the edge), so white passes,
    // black plays h8 and white ends with nothing: -64.
    let b = with_row8("XXXXXXO-", 'O');
    assert_eq!(b.moves(), 0);
    let mut s = Solver::new();
    assert_eq!(
        s.solve(b),
        Solved {
            score: -64,
            best: None
        }
    );
    assert!(s.score_moves(b).is_empty());
}

#[test]
fn game_over_by_hand() {
    // a8-f8 white, g8 and h8 empty, the rest black: g8 and h8 close no run
    // for either player (row 8 is white to the edge, the columns and
    // diagonals black to the edge). Black 56, white 6: +50, and the two
    // empties to black: +52.
    let b = with_row8("OOOOOO--", 'X');
    assert!(b.is_over());
    let mut s = Solver::new();
    assert_eq!(
        s.solve(b),
        Solved {
            score: 52,
            best: None
        }
    );
    assert_eq!(s.solve(b.pass()).score, -52);
    // A draw splits the empties: one disc each.
    let d = board(&format!("X{}O", "-".repeat(62)), 'X');
    assert_eq!(s.solve(d).score, 0);
    // Two discs to one, 61 empties to the winner: 63 - 1.
    let w = board(&format!("XX{}O", "-".repeat(61)), 'O');
    assert_eq!(s.solve(w).score, -62);
}

#[test]
fn two_empties_by_hand() {
    // a1 and h8 empty, b1 and g8 white, the rest black. Black plays a1
    // (flips b1, c1 closes) or h8 (flips g8, f8 closes); white then has
    // no move, black plays the other: 64-0 either way.
    let b = board(&format!("-O{}XXXXXXO-", "X".repeat(54)), 'X');
    let mut s = Solver::new();
    let solved = s.solve(b);
    assert_eq!(solved.score, 64);
    let moves: Vec<(String, i32)> = s
        .score_moves(b)
        .into_iter()
        .map(|(m, v)| (m.to_string(), v))
        .collect();
    assert_eq!(moves, [("a1".to_string(), 64), ("h8".to_string(), 64)]);
    // White to move there has no move either (b1 and g8 close nothing
    // toward a1 or h8): white passes into the same line: -64.
    assert_eq!(s.solve(b.pass()).score, -64);
}

#[test]
fn verification_by_null_windows() {
    let b = with_row8("OOOOOO--", 'X');
    let mut s = Solver::new();
    assert!(s.at_least(b, 52));
    assert!(!s.at_least(b, 53));
    assert_eq!(s.verify(b, 52), Ok(()));
    assert_eq!(s.verify(b, 50), Err(std::cmp::Ordering::Greater));
    assert_eq!(s.verify(b, 54), Err(std::cmp::Ordering::Less));
}

/// Black's final score by plain minimax over [`Position`]'s rules: the
/// oracle the solver is checked against.
fn minimax(p: &Position) -> i32 {
    let moves = p.legal_moves();
    if moves.is_empty() {
        if p.is_over() {
            // Black's discs, empties to the winner, as a difference.
            return 2 * p.final_black_score() as i32 - 64;
        }
        // A pass: the other side moves from the same discs.
        let other = Position::from_discs(
            BoardSize::Eight,
            p.discs(Color::Black),
            p.discs(Color::White),
            p.to_move().other(),
        )
        .unwrap();
        return minimax(&other);
    }
    let scores = moves.iter().map(|&m| {
        let mut q = *p;
        q.play(m).unwrap();
        minimax(&q)
    });
    match p.to_move() {
        Color::Black => scores.max().unwrap(),
        Color::White => scores.min().unwrap(),
    }
}

#[test]
fn agrees_with_minimax_over_the_rules_near_the_end() {
    // Random games played to 4..=9 empties (xorshift, fixed seed).
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    // Each compilation of the search the processor can run, in turn.
    let mut solvers = [
        Solver::new(),
        Solver::new().instructions(Instructions::V3),
        Solver::new().instructions(Instructions::Portable),
    ];
    let mut checked = 0;
    while checked < 300 {
        let solver = &mut solvers[checked % 3];
        let stop = 4 + (rand() % 6) as u32;
        let mut p = Position::start(BoardSize::Eight);
        while p.empties() > stop && !p.is_over() {
            let mut moves = p.legal_moves();
            if moves.is_empty() {
                let o = p.to_move().other();
                p = Position::from_discs(
                    BoardSize::Eight,
                    p.discs(Color::Black),
                    p.discs(Color::White),
                    o,
                )
                .unwrap();
                moves = p.legal_moves();
            }
            let m = moves[(rand() % moves.len() as u64) as usize];
            p.play(m).unwrap();
        }
        let want_black = minimax(&p);
        let b = Board::from_position(&p).unwrap();
        let got = solver.solve(b);
        let got_black = match p.to_move() {
            Color::Black => got.score,
            Color::White => -got.score,
        };
        assert_eq!(got_black, want_black, "{}", b.to_obf(p.to_move()));
        if let Some(m) = got.best {
            // The best move reaches the score.
            let after = b.play(m).unwrap();
            assert_eq!(-solver.score(after), got.score);
        }
        // Every move's score, and the null-window tests around it.
        for (m, v) in solver.score_moves(b) {
            let mut q = p;
            q.play(m).unwrap();
            let want = minimax(&q);
            let want = match p.to_move() {
                Color::Black => want,
                Color::White => -want,
            };
            assert_eq!(v, want);
        }
        assert_eq!(solver.verify(b, got.score), Ok(()));
        // Whatever the first guess, the windows reach the same score, and a
        // move that reaches it.
        for g in (-64..=64).step_by(2 + 6 * (checked % 2)) {
            let mut fresh = Solver::with_table_bits(8);
            let from = fresh.solve_from(b, g);
            assert_eq!(
                from.score,
                got.score,
                "guess {g}: {}",
                b.to_obf(p.to_move())
            );
            if let Some(m) = from.best {
                assert_eq!(-fresh.score(b.play(m).unwrap()), got.score, "guess {g}");
            }
        }
        checked += 1;
    }
}
