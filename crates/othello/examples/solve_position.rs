//! Solve an endgame position exactly: every legal move with the final disc
//! difference it leads to under perfect play, best first.
//!
//! ```text
//! cargo run --release -p boardfile-othello --example solve_position -- \
//!     "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
//! ```
//! The position is OBF's: 64 squares a1..h8 (`X` black, `O` white, `-`
//! empty), then the side to move; the one above, and the one solved when
//! none is given, is FFO endgame problem #40 (20 empties).

use boardfile_othello::endgame::{Board, Solver};
use std::io::Write;

/// FFO #40: black to move wins by 38 with a2.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let text = std::env::args().nth(1).unwrap_or_else(|| FFO_40.into());
    let (board, to_move) = Board::parse_with_color(&text)?;
    writeln!(out, "{}", board.to_position(to_move))?;
    writeln!(
        out,
        "{to_move:?} to move, {} empties",
        64 - (board.player | board.opponent).count_ones()
    )?;
    let mut solver = Solver::new();
    for (square, score) in solver.score_moves(board) {
        writeln!(out, "{square}: {score:+}")?;
    }
    writeln!(out, "{} nodes", solver.nodes())?;
    Ok(())
}
