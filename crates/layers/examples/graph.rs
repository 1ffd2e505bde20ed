//! Prints a crate's import cycles, or with `--edges` every import, one a
//! line: `cargo run -p boardfile-layers --example graph -- crates/bridge/src [--edges]`.

use boardfile_layers::Graph;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(src) = args.next().map(PathBuf::from) else {
        eprintln!("usage: graph CRATE/src [--edges]");
        return ExitCode::from(2);
    };
    let edges = args.next().as_deref() == Some("--edges");
    let graph = match Graph::of_crate(&src) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("graph: {}: {e}", src.display());
            return ExitCode::from(2);
        }
    };
    if edges {
        for e in &graph.edges {
            println!("{} -> {}: {}", e.from, e.to, e.path);
        }
    }
    for r in &graph.through_root {
        println!("{}: {} goes through the crate root", r.file, r.path);
    }
    let cycles = graph.cycles();
    for c in &cycles {
        print!("{c}");
    }
    println!(
        "{} files, {} imports, {} cycles",
        graph.files.len(),
        graph.edges.len(),
        cycles.len()
    );
    ExitCode::SUCCESS
}
