//! Deal a practice set: uniformly random deals keyed by a seed (the same
//! seed gives the same set on every machine), written as PBN.
//!
//! ```text
//! cargo run -p boardfile-bridge --example deal -- 16 1f > practice.pbn
//! ```

use boardfile_bridge::deal::seeded::{DealReader, Seed};
use boardfile_bridge::{convert, Diagnostics, Format, WriteOptions};
use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().as_deref().unwrap_or("4").parse()?;
    let seed = match args.next() {
        Some(hex) => Seed::parse(&hex)?,
        None => Seed::from_os()?,
    };
    eprintln!("seed {seed}");
    let mut reader = DealReader::new(boards, 1, &seed);
    let mut out = Vec::new();
    let mut diag = Diagnostics::strict();
    let options = WriteOptions::default();
    convert(
        &mut reader,
        None,
        Format::Pbn,
        &options,
        &mut out,
        &mut diag,
        &mut |_| {},
    )?;
    std::io::stdout().write_all(&out)?;
    Ok(())
}
