//! `solve` for Othello positions (OBF): every position's legal moves scored
//! exactly by the library's endgame solver, in parallel.

use crate::formats::Opened;
use crate::report::{Failure, Outcome, Progress};
use boardfile_io::Output;
use boardfile_othello::obf::{self, ObfLine};
use std::io::Write;

/// Solves every position of an OBF input into `output`.
pub fn solve(opened: Opened, output: &Output, jobs: Option<usize>) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all("OBF", boardfile_othello::MAX_FILE)?;
    let mut lines = obf::read(&bytes).map_err(|e| Failure::data(&input, &e))?;
    let total = lines
        .iter()
        .filter(|l| matches!(l, ObfLine::Position(_)))
        .count() as u64;
    let bar = Progress::new(
        Some(total),
        1,
        "solving {bar:40} {pos}/{len} positions, {elapsed} ({eta} left)",
    );
    obf::solve_all(&mut lines, jobs.unwrap_or(0), &|n| bar.set(n as u64));
    bar.done();
    let mut out = Vec::new();
    obf::write(&lines, &mut out);
    let mut sink = crate::report::create(output)?;
    sink.write_all(&out)
        .map_err(|e| Failure::output(output, boardfile_io::OutputError::write(e)))?;
    sink.commit().map_err(|e| Failure::output(output, e))?;
    Ok(Outcome::Ok)
}
