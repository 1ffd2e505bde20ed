//! `boardfile formats`: every format of both games, what it reads, writes
//! and keeps.

use crate::args::examples;
use crate::report::{Failure, Outcome};
use boardfile_bridge::Format;
use boardfile_othello::OthelloFormat;
use std::io::Write;

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # every format: name, extensions, read, write, what it keeps
  boardfile formats
"#;

/// List every format: name, extensions, read/write, what it keeps.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args;

/// Prints the table of both games' formats.
pub fn exec(_: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let width = Format::ALL
        .iter()
        .map(|f| f.info().name.len())
        .chain(OthelloFormat::ALL.iter().map(|f| f.info().name.len()))
        .max()
        .unwrap_or(0)
        + 2;
    let row = |out: &mut dyn Write, f: &boardfile_io::FormatInfo, keeps: &str| {
        let ext = match f.extensions {
            [] => "-".to_string(),
            e => e.join(","),
        };
        writeln!(
            out,
            "{:<width$} {:<13} {:<5} {:<5} {keeps}",
            f.name,
            ext,
            yes_no(f.reads),
            yes_no(f.writes)
        )
    };
    writeln!(
        out,
        "{:<width$} {:<13} {:<5} {:<5} keeps",
        "format", "extensions", "read", "write"
    )?;
    for &f in Format::ALL {
        row(out, f.info(), &f.keeps().describe())?;
    }
    writeln!(
        out,
        "\nPBN and LIN are written as they were read, by default: a file read and written\n\
         again is the same bytes, and a board that changed has only the lines (LIN: the\n\
         commands) of what changed rewritten, in the file's own line ends, so that a diff,\n\
         version control and the scoring program see only what changed. --normalize\n\
         writes the strict PBN 2.1 export format instead (mandatory tags in order, CR LF,\n\
         deals from the dealer)."
    )?;
    writeln!(
        out,
        "\n--dialect bigdeal writes these as Big Deal 2.0 does, keeping less:"
    )?;
    for &f in Format::ALL {
        if let Some(k) = f.keeps().big_deal {
            writeln!(out, "  {:<5} {}", f.name(), k.describe())?;
        }
    }
    writeln!(out, "\nOthello")?;
    for &f in OthelloFormat::ALL {
        row(out, f.info(), f.description())?;
    }
    Ok(Outcome::Ok)
}
