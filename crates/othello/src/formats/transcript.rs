//! Transcripts: a game a line, its moves with no separators (`f5d6c3`,
//! either case; `j10` on 10x10); `#` lines and blank lines are passed
//! over. Read, each game is replayed for its score and gets ids 0.
//!
//! What it cannot carry: names, years, scores (the replay gives the
//! actual one), passes (inferred), and a game whose moves are not legal.
//! It has no signature: name it with `--from`/`--to transcript`.

use crate::codec::{info, Descriptor, Holds, Hooks};
use crate::formats::text::{as_bytes, complete, game_warning, numbered_lines, text_error};
use crate::model::game::Game;
use crate::model::game_file::GameFile;
use crate::model::header::fresh_header;
use crate::model::position::BoardSize;
use boardfile_io::{Diagnostics, Error, Signature};

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: info(
        "TRANSCRIPT",
        &[],
        "a game a line: its moves (f5d6c3...); no extension, name it with --from/--to transcript",
        Signature::None,
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: Some(|b, _, d| read(b, board_size(b), d)),
    write_games: Some(|file, _, out| {
        as_bytes(out, |s| write(file, s));
        Ok(())
    }),
    legal_games_only: true,
    theoretical: false,
    read_names: None,
    write_names: None,
    layout: None,
    hooks: Hooks::NONE,
};

/// The board size of a transcript file, from its first move: 8x8 games
/// open at d3, c4, f5 or e6, 10x10 games at e4, d5, g6 or f7.
pub fn board_size(bytes: &[u8]) -> BoardSize {
    let text = String::from_utf8_lossy(bytes);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.get(..2).unwrap_or("").to_ascii_lowercase());
    match first.as_deref() {
        Some("e4" | "d5" | "g6" | "f7") => BoardSize::Ten,
        _ => BoardSize::Eight,
    }
}

/// Reads transcripts, a game a line (`#` lines and blank lines skipped);
/// a game whose moves stop before the end is scored from the board, with
/// a warning in `diag`.
pub fn read(bytes: &[u8], size: BoardSize, diag: &mut Diagnostics) -> Result<GameFile, Error> {
    let text = String::from_utf8_lossy(bytes);
    let mut games = Vec::new();
    for (line_no, byte, line) in numbered_lines(&text) {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let err = |message: String| text_error("TRANSCRIPT", line_no, byte, message);
        let mut game = Game {
            size,
            tournament: 0,
            black: 0,
            white: 0,
            black_score: 0,
            theoretical: 0,
            moves: Game::parse_transcript(l, size).map_err(err)?,
            year: None,
            names: None,
        };
        if let Some(w) = complete(&mut game, None, None, None).map_err(err)? {
            game_warning(diag, "TRANSCRIPT", games.len() as u64, byte, line_no, &w);
        }
        games.push(game);
    }
    Ok(GameFile {
        header: fresh_header(0, size),
        size,
        games,
    })
}

/// Writes transcripts, a game a line.
pub fn write(file: &GameFile, out: &mut String) {
    for g in &file.games {
        out.push_str(&g.transcript());
        out.push('\n');
    }
}
