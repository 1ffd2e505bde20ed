//! One module per format, each exporting its descriptor
//! ([`crate::codec::Descriptor`]), and what the text formats share.
//!
//! | module | formats | holds |
//! |---|---|---|
//! | [`wthor`] | WTB, WTD ([`wthor::games`]); JOU, TRN ([`wthor::names`]); PZZ ([`wthor::pzz`]) | games; names; solitaires |
//! | [`jsonl`] | JSON Lines | games, or names |
//! | [`transcript`] | transcripts | games (moves only) |
//! | [`ggf`] | GGF | games |
//! | [`pgn`] | PGN | games |
//! | [`csv`] | CSV | games (written only), or names |
//! | [`obf`] | OBF | endgame positions and their moves' scores |

pub mod csv;
pub mod ggf;
pub mod jsonl;
pub mod obf;
pub mod pgn;
pub(crate) mod text;
pub mod transcript;
pub mod wthor;
