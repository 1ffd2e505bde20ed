//! Read a board file of any format and print each board's number, dealer,
//! vulnerability and hands.
//!
//! ```text
//! cargo run -p boardfile-bridge --example read -- set.pbn
//! cargo run -p boardfile-bridge --example read          (a board of its own)
//! ```

use boardfile_bridge::{detect, read, Seat};
use std::io::Write;
use std::path::Path;

/// What is read without an argument: one board of PBN.
const SAMPLE: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
    [Deal \"N:AJ9.K9542.Q.AK93 KT4.QJ6.AT85.Q72 Q8752.A83.K63.T5 63.T7.J9742.J864\"]\n";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let path = std::env::args().nth(1);
    let bytes = match &path {
        Some(p) => std::fs::read(p)?,
        None => SAMPLE.as_bytes().to_vec(),
    };
    // The format from the content, else the extension.
    let format = detect(&bytes, path.as_deref().map(Path::new))?;
    let outcome = read(format, &bytes)?;
    for warning in &outcome.warnings {
        eprintln!("warning: {warning}");
    }
    let boards = outcome.set.boards.len();
    writeln!(out, "{}: {boards} boards", format.name())?;
    for board in &outcome.set.boards {
        writeln!(
            out,
            "board {}: dealer {:?}, vulnerable {:?}",
            board.number, board.dealer, board.vulnerability
        )?;
        for seat in Seat::ALL {
            writeln!(out, "  {seat:?}: {}", board.deal.hand(seat))?;
        }
    }
    Ok(())
}
