//! New board sets: three ways of dealing, each a stream of boards (a
//! [`BoardReader`](crate::codec::stream::BoardReader)) that any writer
//! takes.
//!
//! - [`seeded`]: uniformly random deals, repeatable from a seed (practice
//!   sets);
//! - [`dealer`]: only the deals a script in Hans van Staveren's `dealer`
//!   language accepts;
//! - [`bigdeal`]: tournament sets exactly as Big Deal deals them for an
//!   owner, and SquareDeal's verifiable dealing on top of it.

#[cfg(feature = "big-deal")]
pub mod bigdeal;
pub mod dealer;
pub mod seeded;
