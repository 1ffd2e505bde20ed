//! Convert a board file into another format, a board at a time: the
//! input's format is detected, the output's taken from its extension, and
//! what the output cannot keep is named.
//!
//! ```text
//! cargo run -p boardfile-bridge --example convert -- set.pbn set.dlm
//! cargo run -p boardfile-bridge --example convert -- set.dup - jsonl   (to standard output)
//! ```

use boardfile_bridge::{convert_file, detect, Diagnostics, Format, WriteOptions};
use boardfile_io::{Source, SNIFF_LEN};
use std::io::{Read, Write};
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, rest @ ..] = &args[..] else {
        return Err("usage: convert IN OUT [FORMAT]".into());
    };
    let mut file = std::fs::File::open(input)?;
    let mut prefix = vec![0; SNIFF_LEN];
    let n = file.read(&mut prefix)?;
    prefix.truncate(n);
    let from = detect(&prefix, Some(Path::new(input)))?;
    let to = match rest.first() {
        Some(name) => Format::from_name(name),
        None => Format::from_path(Path::new(output)),
    }
    .ok_or("no output format: give OUT an extension, or a format name")?;

    // The bytes sniffed, then the rest of the file, as one stream.
    let source = Source::from_reader(std::io::Cursor::new(prefix).chain(file));
    let mut bytes = Vec::new();
    let mut diag = Diagnostics::strict();
    let options = WriteOptions::default();
    let done = convert_file(
        source,
        from,
        to,
        &options,
        &mut bytes,
        &mut diag,
        &mut |_| {},
    )?;
    match output.as_str() {
        "-" => std::io::stdout().write_all(&bytes)?,
        path => std::fs::write(path, &bytes)?,
    }
    eprintln!("{} boards, {} to {}", done.boards, from.name(), to.name());
    for loss in &done.losses {
        eprintln!("{loss}");
    }
    Ok(())
}
