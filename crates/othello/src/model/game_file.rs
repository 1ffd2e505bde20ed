//! A file of games: the WTHOR header it carries (or was given) and its
//! games, all of one board size.

use crate::model::game::Game;
use crate::model::header::Header;
use crate::model::position::BoardSize;

/// A WTB or WTD file: its header and games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFile {
    /// The header as read; N1 is rewritten from the games on write.
    pub header: Header,
    /// The board size of every game.
    pub size: BoardSize,
    /// The games in file order.
    pub games: Vec<Game>,
}

/// The year a game was played: its own, else its file's.
pub fn year_of(g: &Game, file: &GameFile) -> u16 {
    g.year.unwrap_or(file.header.year)
}
