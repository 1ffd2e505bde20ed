//! Read a WTHOR games file with the names files beside it, and print each
//! game: year, players, score, theoretical score and moves.
//!
//! ```text
//! cargo run -p boardfile-othello --example wthor -- WTH_2004.wtb WTHOR.JOU WTHOR.TRN
//! cargo run -p boardfile-othello --example wthor          (a game of its own)
//! ```

use boardfile_othello::formats::{transcript, wthor};
use boardfile_othello::{known_names, year_of, BoardSize, Diagnostics, Kind, NameBook};
use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = match args.first() {
        Some(path) => {
            // WTD files hold 10x10 games.
            let size = match path.to_ascii_lowercase().ends_with(".wtd") {
                true => BoardSize::Ten,
                false => BoardSize::Eight,
            };
            wthor::games::read(&std::fs::read(path)?, size)?
        }
        None => {
            let moves = b"f5d6c3d3c4f4f6f3e6e7d7c6\n";
            transcript::read(moves, BoardSize::Eight, &mut Diagnostics::strict())?
        }
    };
    let mut book = NameBook::default();
    for (path, kind) in args.iter().skip(1).zip([Kind::Jou, Kind::Trn]) {
        let names = wthor::names::read(&std::fs::read(path)?, kind)?;
        match kind {
            Kind::Jou => book.players = Some(names),
            _ => book.tournaments = Some(names),
        }
    }
    writeln!(out, "games: {}", file.games.len())?;
    for game in &file.games {
        let [tournament, black, white] = known_names(game, &book);
        let moves: String = game.moves.iter().map(|m| m.to_string()).collect();
        let theory = match game.theoretical_known() {
            true => game.theoretical.to_string(),
            false => "?".into(),
        };
        writeln!(
            out,
            "{} {} - {} ({}): {} discs for black, {} in theory; {moves}",
            year_of(game, &file),
            black.unwrap_or("?"),
            white.unwrap_or("?"),
            tournament.unwrap_or("?"),
            game.black_score,
            theory,
        )?;
    }
    Ok(())
}
