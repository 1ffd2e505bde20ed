//! `boardfile man`: the manual page, in roff.

use crate::report::{Failure, Outcome};
use std::io::Write;

/// Print boardfile's manual page (roff), for man.
///
/// Examples:
///   boardfile man > boardfile.1 && man ./boardfile.1
///   boardfile man > /usr/local/share/man/man1/boardfile.1
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args;

/// Prints the manual page of `whole`, the program's command line.
pub fn exec(_: Args, whole: clap::Command, out: &mut dyn Write) -> Result<Outcome, Failure> {
    clap_mangen::Man::new(whole).render(out)?;
    Ok(Outcome::Ok)
}
