//! Real files read a window at a time give what they give read whole: the
//! files of `../shared/data` (BigDeal, BridgeComposer, BBO, Dealer, BBA,
//! the GIB and BEN robots, a PBN verifier suite), each read through
//! windows of a few bytes (so that every game, comment and command crosses
//! one) and compared with one read of the whole file.

use boardfile_bridge::{records, BoardSet, Diagnostics, Format};
use boardfile_io::Source;
use std::path::{Path, PathBuf};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// Every file under `dir` with one of `extensions`.
fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| extensions.iter().any(|e| x.eq_ignore_ascii_case(e)))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

type Read = (Result<BoardSet, String>, Vec<String>, Vec<String>);

fn read(format: Format, source: Source, collecting: bool) -> Read {
    let mut diag = if collecting {
        Diagnostics::collecting()
    } else {
        Diagnostics::strict()
    };
    let set = format
        .open(source, &mut diag)
        .and_then(|mut r| records::collect(r.as_mut(), &mut diag))
        .map_err(|e| e.to_string());
    let errors = diag.errors.iter().map(|e| e.to_string()).collect();
    let warnings = diag.warnings.iter().map(|w| w.to_string()).collect();
    (set, errors, warnings)
}

#[test]
fn real_files_read_the_same_in_small_windows() {
    let mut checked = 0;
    for (format, ext) in [(Format::Pbn, "pbn"), (Format::Lin, "lin")] {
        for path in files(&shared(), &[ext]) {
            let bytes = std::fs::read(&path).unwrap();
            for collecting in [false, true] {
                let whole = read(format, Source::from_bytes(&bytes), collecting);
                // A few windows for each file: a small one (every game
                // crosses windows), and sizes that are not powers of two.
                for ahead in [7, 100, 4093] {
                    let small = read(
                        format,
                        Source::from_reader(&bytes[..]).with_read_ahead(ahead),
                        collecting,
                    );
                    if small.2.iter().any(|w| w.contains("is not UTF-8")) {
                        continue;
                    }
                    assert!(
                        small == whole,
                        "{}: {ahead} bytes a window differs",
                        path.display()
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 150, "{checked} files");
}
