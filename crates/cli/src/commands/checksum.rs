//! `boardfile checksum`: Pavlicek's checksum of each file.

use crate::args::examples;
use crate::report::{each_file, Failure, Outcome};
use boardfile_io::checksum::Checksum;
use std::io::{Read, Write};
use std::path::PathBuf;

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # to compare with Pavlicek's published sums
  boardfile checksum deals.zrd
"#;

/// Print Pavlicek's checksum of each file, in hex.
///
/// The checksum is the 64-bit sum of the file's 32-bit little-endian
/// words, a trailing partial word zero-padded.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    /// Files to sum (- for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Prints each file's sum and name.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    each_file(&args.files, false, out, |input, out| {
        let mut r = input.open().map_err(|e| Failure::read(input, e))?;
        let (mut sum, mut buf) = (Checksum::default(), vec![0u8; 1 << 20]);
        loop {
            match r.read(&mut buf).map_err(|e| Failure::read(input, e))? {
                0 => break,
                n => sum.update(&buf[..n]),
            }
        }
        writeln!(out, "{:016X}  {input}", sum.sum())?;
        Ok(Outcome::Ok)
    })
}
