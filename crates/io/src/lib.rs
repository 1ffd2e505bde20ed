//! What boardfile's bridge and Othello libraries share.
//!
//! - [`error`]: where in a file ([`Position`]), what went wrong ([`Error`]),
//!   and the problems a reader collects ([`Diagnostics`]), in one shape
//!   for every format of both games.
//! - [`registry`]: what a format is ([`FormatInfo`]) and the one detection
//!   rule ([`detect`]) every command uses, on files and standard input alike.
//! - [`source`]: input read a window at a time ([`Source`]), under every
//!   streamed reader.
//! - [`files`]: inputs and outputs as the command line names them (a path,
//!   or `-`), and output written atomically.
//! - [`lock`]: a file one process holds at a time (a journal of work kept
//!   across runs).
//! - [`text`]: ISO-8859-1, numbers, and quoting input in messages.
//! - [`checksum`]: Pavlicek's checksum of a file.
//! - [`details`]: what only one format carries about a file, as named
//!   facts for `info`.
//!
//! Libraries built on it return typed errors and never print.

#![deny(missing_docs)]

pub mod checksum;
pub mod date;
pub mod details;
pub mod error;
pub mod files;
pub mod lock;
pub mod registry;
pub mod source;
pub mod text;

pub use error::{
    fold_warnings, Diagnostics, Error, ErrorKind, FormatName, Located, Position, Severity, Told,
    Warning, Within,
};
pub use files::{AtomicFile, Input, Output, OutputError, Sink};
pub use registry::{detect, FormatInfo, Signature, SNIFF_LEN};
pub use source::Source;

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
