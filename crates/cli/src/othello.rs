//! The Othello side of the commands: WTHOR files and game text forms.

use crate::output::{self, Failure, Outcome};
use crate::{display, display_out, read_input};
use boardfile_othello::text::{self, NameBook};
use boardfile_othello::wthor::{self, games, names, pzz, Kind};
use boardfile_othello::{BoardSize, Color, End, OthelloFormat, Position};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the names files come from.
pub struct NameFiles<'a> {
    pub players: Option<&'a Path>,
    pub tournaments: Option<&'a Path>,
}

/// The Othello format of an input, if it is one: named by `--from`, else by
/// the extension, else (JSON Lines, standard input) by the content.
pub fn input_format(
    path: &Path,
    from: Option<OthelloFormat>,
    bridge_named: bool,
    bytes: &[u8],
) -> Option<OthelloFormat> {
    match from {
        Some(OthelloFormat::Jsonl) => text::sniff_jsonl(bytes).then_some(OthelloFormat::Jsonl),
        Some(f) if !bridge_named => Some(f),
        Some(_) => None,
        None => match OthelloFormat::from_path(path) {
            Some(OthelloFormat::Jsonl) | None => {
                text::sniff_jsonl(bytes).then_some(OthelloFormat::Jsonl)
            }
            Some(f) => Some(f),
        },
    }
}

fn wthor_failure(path: &Path, e: impl std::fmt::Display) -> Failure {
    Failure::invalid(format!("{}: {e}", display(path)))
}

/// A names file: the one given, else `WTHOR.JOU`/`WTHOR.TRN` (any case)
/// beside the input.
fn find_names(given: Option<&Path>, input: &Path, kind: Kind) -> Option<PathBuf> {
    if let Some(p) = given {
        return Some(p.to_path_buf());
    }
    let want = match kind {
        Kind::Jou => "wthor.jou",
        _ => "wthor.trn",
    };
    let dir = input
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if input == Path::new("-") {
        return None;
    }
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.eq_ignore_ascii_case(want))
        })
}

fn load_names(files: &NameFiles, input: &Path, add: bool) -> Result<NameBook, Failure> {
    let load = |given: Option<&Path>, kind: Kind| -> Result<Option<names::Names>, Failure> {
        match find_names(given, input, kind) {
            None => Ok(None),
            Some(p) => {
                let bytes = read_input(&p)?;
                names::read(&bytes, kind)
                    .map(Some)
                    .map_err(|e| wthor_failure(&p, e))
            }
        }
    };
    Ok(NameBook {
        players: load(files.players, Kind::Jou)?,
        tournaments: load(files.tournaments, Kind::Trn)?,
        add,
        added: (0, 0),
    })
}

fn size_of(f: OthelloFormat) -> BoardSize {
    if f == OthelloFormat::Wtd {
        BoardSize::Ten
    } else {
        BoardSize::Eight
    }
}

/// Reads games in any readable game format.
fn read_games(
    path: &Path,
    bytes: &[u8],
    format: OthelloFormat,
    book: &mut NameBook,
) -> Result<games::GameFile, Failure> {
    match format {
        OthelloFormat::Wtb | OthelloFormat::Wtd => {
            games::read(bytes, size_of(format)).map_err(|e| wthor_failure(path, e))
        }
        OthelloFormat::Jsonl => text::read_jsonl(bytes, book)
            .map_err(|e| wthor_failure(path, format!("JSONL error at {e}"))),
        OthelloFormat::Transcript => text::read_transcripts(bytes, text::transcript_size(bytes))
            .map_err(|e| wthor_failure(path, format!("transcript error at {e}"))),
        other => Err(Failure::operational(format!(
            "{}: {} holds no games",
            display(path),
            other.name()
        ))),
    }
}

/// `convert` for Othello files.
pub fn convert(
    plan: &crate::Plan,
    bytes: &[u8],
    from: OthelloFormat,
    stdout: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let (input, out) = (plan.input, plan.out);
    let to = plan.to.and_then(|t| t.othello);
    let files = plan.names.files();
    let to_stdout = out == Path::new("-");
    let to = to
        .or_else(|| {
            (!to_stdout)
                .then(|| OthelloFormat::from_path(out))
                .flatten()
        })
        .ok_or_else(|| {
            Failure::operational(format!(
                "{}: cannot tell the output format from the name; give --to",
                display_out(out)
            ))
        })?;
    let mut buf = Vec::new();
    let names_kind = |f: OthelloFormat| match f {
        OthelloFormat::Jou => Some(Kind::Jou),
        OthelloFormat::Trn => Some(Kind::Trn),
        _ => None,
    };
    if let (Some(k), true) = (names_kind(from), from == to) {
        let n = names::read(bytes, k).map_err(|e| wthor_failure(input, e))?;
        names::write(&n, &mut buf).map_err(|e| wthor_failure(out, e))?;
    } else if from == OthelloFormat::Pzz && to == OthelloFormat::Pzz {
        let f = pzz::read(bytes).map_err(|e| wthor_failure(input, e))?;
        pzz::write(&f, &mut buf);
    } else {
        let mut book = load_names(&files, input, plan.add_names)?;
        let file = read_games(input, bytes, from, &mut book)?;
        let mut s = String::new();
        // The text forms hold moves only (GGF and PGN with the passes a
        // replay finds): a game that does not replay could not be read back.
        if matches!(
            to,
            OthelloFormat::Transcript | OthelloFormat::Ggf | OthelloFormat::Pgn
        ) {
            if let Some((i, e)) = file
                .games
                .iter()
                .enumerate()
                .find_map(|(i, g)| g.replay().err().map(|e| (i, e)))
            {
                return Err(Failure::invalid(format!(
                    "{}: game {i}: {e}; {} holds legal games only (JSON Lines, WTB and WTD keep it as it stands)",
                    display(input),
                    to.name()
                )));
            }
        }
        match to {
            OthelloFormat::Wtb | OthelloFormat::Wtd => {
                if file.size != size_of(to) {
                    return Err(Failure::invalid(format!(
                        "{}: {}x{} games cannot go into {}",
                        display(input),
                        file.size.side(),
                        file.size.side(),
                        to.name()
                    )));
                }
                games::write(&file, &mut buf);
            }
            OthelloFormat::Jsonl => text::write_jsonl(&file, &book, &mut s),
            OthelloFormat::Transcript => text::write_transcripts(&file, &mut s),
            OthelloFormat::Ggf => text::write_ggf(&file, &book, &mut s),
            OthelloFormat::Pgn => text::write_pgn(&file, &book, &mut s),
            OthelloFormat::Csv => text::write_csv(&file, &book, &mut s),
            other => {
                return Err(Failure::operational(format!(
                    "{}: games cannot be written as {}",
                    display_out(out),
                    other.name()
                )))
            }
        }
        buf.extend_from_slice(s.as_bytes());
        if book.added != (0, 0) {
            write_added_names(out, &book)?;
        }
    }
    if to_stdout {
        stdout.write_all(&buf)?;
    } else {
        output::write_atomically(out, &buf)?;
    }
    Ok(Outcome::Ok)
}

/// With `--add-names`: copies of the names files with the new names, beside
/// OUT as `OUT-stem.jou` and `OUT-stem.trn`.
fn write_added_names(out: &Path, book: &NameBook) -> Result<(), Failure> {
    if out == Path::new("-") {
        return Err(Failure::operational(
            "--add-names writes the names files beside OUT; give a file, not -".into(),
        ));
    }
    for (file, n, ext) in [
        (&book.players, book.added.0, "jou"),
        (&book.tournaments, book.added.1, "trn"),
    ] {
        if let (Some(f), true) = (file, n > 0) {
            let path = out.with_extension(ext);
            let mut bytes = Vec::new();
            names::write(f, &mut bytes).map_err(|e| wthor_failure(&path, e))?;
            output::write_atomically(&path, &bytes)?;
            eprintln!(
                "boardfile: {}: {n} name{} added",
                path.display(),
                if n == 1 { "" } else { "s" }
            );
        }
    }
    Ok(())
}

/// `validate` for Othello files.
pub fn validate(
    path: &Path,
    bytes: &[u8],
    format: OthelloFormat,
    files: &NameFiles,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let (records, errors, note) = match format {
        OthelloFormat::Wtb | OthelloFormat::Wtd => {
            let book = load_names(files, path, false)?;
            let v = games::validate(
                bytes,
                size_of(format),
                book.players.as_ref(),
                book.tournaments.as_ref(),
            );
            let n = v.file.as_ref().map_or(0, |f| f.games.len());
            let note = (!v.unfinished.is_empty()).then(|| {
                let shown: Vec<String> = v
                    .unfinished
                    .iter()
                    .take(10)
                    .map(|i| i.to_string())
                    .collect();
                format!(
                    "{} unfinished game{} (records {}{})",
                    v.unfinished.len(),
                    if v.unfinished.len() == 1 { "" } else { "s" },
                    shown.join(", "),
                    if v.unfinished.len() > 10 { ", ..." } else { "" }
                )
            });
            (
                n,
                v.errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
                note,
            )
        }
        OthelloFormat::Jou | OthelloFormat::Trn => {
            let kind = if format == OthelloFormat::Jou {
                Kind::Jou
            } else {
                Kind::Trn
            };
            match names::read(bytes, kind) {
                Ok(n) => (n.names.len(), Vec::new(), None),
                Err(e) => (0, vec![e.to_string()], None),
            }
        }
        OthelloFormat::Pzz => {
            let (f, errors) = pzz::validate(bytes);
            (
                f.map_or(0, |f| f.solitaires.len()),
                errors.iter().map(|e| e.to_string()).collect(),
                None,
            )
        }
        other => {
            let mut book = load_names(files, path, false)?;
            let f = read_games(path, bytes, other, &mut book)?;
            // Games given with their score are read as they stand: each is
            // replayed here, as WTHOR validation does.
            let errors = f
                .games
                .iter()
                .enumerate()
                .filter_map(|(i, g)| g.replay().err().map(|e| format!("game {i}: {e}")))
                .collect();
            (f.games.len(), errors, None)
        }
    };
    for e in &errors {
        eprintln!("boardfile: {}: {e}", display(path));
    }
    let status = crate::verdict(errors.len());
    write!(
        out,
        "{}: {status} ({}, {records} records",
        display(path),
        format.name()
    )?;
    if let Some(n) = note {
        write!(out, "; {n}")?;
    }
    writeln!(out, ")")?;
    Ok(if errors.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

/// `info` for Othello files: the header and counts.
pub fn info(
    path: &Path,
    bytes: &[u8],
    format: OthelloFormat,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    crate::info_head(out, path, format.name(), format.description(), bytes.len())?;
    if matches!(
        format,
        OthelloFormat::Wtb
            | OthelloFormat::Wtd
            | OthelloFormat::Pzz
            | OthelloFormat::Jou
            | OthelloFormat::Trn
    ) {
        let h = wthor::Header::read_from(bytes)
            .ok_or_else(|| wthor_failure(path, "shorter than the 16-byte header"))?;
        writeln!(out, "  created:  {}", h.created_text())?;
        writeln!(
            out,
            "  header:   N1 {}, N2 {}, year {}, P1 {}, P2 {}, P3 {}",
            h.n1, h.n2, h.year, h.p1, h.p2, h.p3
        )?;
    }
    match format {
        OthelloFormat::Wtb | OthelloFormat::Wtd => {
            let f = games::read(bytes, size_of(format)).map_err(|e| wthor_failure(path, e))?;
            let finished = f
                .games
                .iter()
                .filter(|g| matches!(g.replay(), Ok((_, End::Finished { .. }))))
                .count();
            writeln!(out, "  games:    {} ({finished} played out)", f.games.len())?;
        }
        OthelloFormat::Jou | OthelloFormat::Trn => {
            let kind = if format == OthelloFormat::Jou {
                Kind::Jou
            } else {
                Kind::Trn
            };
            let n = names::read(bytes, kind).map_err(|e| wthor_failure(path, e))?;
            writeln!(out, "  names:    {}", n.names.len())?;
        }
        OthelloFormat::Pzz => {
            let f = pzz::read(bytes).map_err(|e| wthor_failure(path, e))?;
            writeln!(out, "  solitaires: {}", f.solitaires.len())?;
        }
        _ => {}
    }
    Ok(Outcome::Ok)
}

/// `show` for games: names, moves, the final board and score.
pub fn show(
    path: &Path,
    bytes: &[u8],
    format: OthelloFormat,
    game: Option<u32>,
    files: &NameFiles,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let mut book = load_names(files, path, false)?;
    let file = read_games(path, bytes, format, &mut book)?;
    let name = |n: &Option<names::Names>, i: u16| {
        n.as_ref()
            .and_then(|f| f.get(i))
            .map_or(format!("#{i}"), str::to_string)
    };
    let mut shown = 0;
    for (i, g) in file.games.iter().enumerate() {
        if game.is_some_and(|n| n as usize != i + 1) {
            continue;
        }
        if shown > 0 {
            writeln!(out)?;
        }
        shown += 1;
        writeln!(
            out,
            "Game {}   {} ({})   Black {}   White {}",
            i + 1,
            name(&book.tournaments, g.tournament),
            file.header.year,
            name(&book.players, g.black),
            name(&book.players, g.white)
        )?;
        writeln!(out, "{}", g.transcript())?;
        match g.replay() {
            Ok((p, end)) => {
                write!(out, "{p}")?;
                let white = |p: &Position| p.discs(Color::White).count_ones();
                match end {
                    End::Finished { black_score, .. } => writeln!(
                        out,
                        "Final score {black_score}-{} (stored {}, theoretical {})",
                        g.size.squares() - black_score,
                        g.black_score,
                        g.theoretical
                    )?,
                    End::Unfinished => writeln!(
                        out,
                        "Unfinished: {} black, {} white discs on the board",
                        p.discs(Color::Black).count_ones(),
                        white(&p)
                    )?,
                }
            }
            Err(e) => writeln!(out, "Cannot replay: {e}")?,
        }
    }
    if shown == 0 {
        if let Some(n) = game {
            return Err(Failure::operational(format!(
                "{}: there is no game {n} ({} games)",
                display(path),
                file.games.len()
            )));
        }
    }
    Ok(Outcome::Ok)
}
