//! The model every format reads into and writes from: cards, hands, deals,
//! auctions and play, boards, board sets, and the data only one format
//! carries (in a form defined here). It imports nothing from the formats.

pub mod auction;
pub mod board;
pub mod card;
pub mod date;
pub mod deal;
pub mod evaluation;
pub mod extras;
pub mod goedel;
pub mod hand;
pub mod set;
