//! The model: what every format reads into and writes from, and the rules
//! of the game. It imports nothing of the crate but itself.
//!
//! - [`position`]: boards of 8x8 and 10x10, squares, colours, and the
//!   rules (legal moves, flips, passes);
//! - [`board`]: the 8x8 board as two bit sets, as the endgame solver and
//!   OBF take it, over [`bitboard`]'s primitives;
//! - [`game`]: a game as WTHOR keeps it (names indices, scores, moves) and
//!   its replay;
//! - [`game_file`]: a file of games with its header;
//! - [`header`]: the WTHOR header every file of games and names carries,
//!   and the kinds of WTHOR file;
//! - [`names`]: player and tournament names, and the book a conversion
//!   looks them up in.

pub mod bitboard;
pub mod board;
pub mod game;
pub mod game_file;
pub mod header;
pub mod names;
pub mod position;
