//! What the commands do with Othello files: convert, validate, describe
//! and show, by the registry's descriptors, with the names files found
//! beside the input.

use crate::codec::{Checked, Holds, OthelloFormat, MAX_FILE};
use crate::model::game::End;
use crate::model::game_file::{year_of, GameFile};
use crate::model::header::{count_warning, Header, Kind};
use crate::model::names::{known_names, NameBook, Names};
use crate::model::position::{Color, Position};
use boardfile_io::details::Detail;
use boardfile_io::{Diagnostics, Error, FormatName, Position as At, Warning};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the names files come from: given, else `WTHOR.JOU`/`WTHOR.TRN`
/// (any case) beside the input.
#[derive(Debug, Clone, Default)]
pub struct NameFiles {
    /// The players file given (`--players`).
    pub players: Option<PathBuf>,
    /// The tournaments file given (`--tournaments`).
    pub tournaments: Option<PathBuf>,
    /// The input's path, beside which the files are looked for.
    pub beside: Option<PathBuf>,
    /// Append names not in the files instead of refusing them.
    pub add: bool,
}

impl NameFiles {
    /// The names file of `kind` to use, if any.
    pub fn find(&self, kind: Kind) -> Option<PathBuf> {
        let given = match kind {
            Kind::Jou => &self.players,
            _ => &self.tournaments,
        };
        if let Some(p) = given {
            return Some(p.clone());
        }
        let want = match kind {
            Kind::Jou => "wthor.jou",
            _ => "wthor.trn",
        };
        let input = self.beside.as_deref()?;
        let dir = input
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
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

    /// Reads the names files into a book. An error names the file.
    pub fn load(&self) -> Result<NameBook, NamesError> {
        let load = |kind: Kind| -> Result<Option<Names>, NamesError> {
            let Some(path) = self.find(kind) else {
                return Ok(None);
            };
            let io_error = |e: std::io::Error| NamesError {
                path: path.clone(),
                error: e.into(),
            };
            let mut file = std::fs::File::open(&path).map_err(io_error)?;
            let mut bytes = Vec::new();
            if !boardfile_io::source::read_within(&mut file, &mut bytes, MAX_FILE)
                .map_err(io_error)?
            {
                return Err(NamesError {
                    error: Error::limit(
                        FormatName(kind.name()),
                        At::byte(MAX_FILE as u64),
                        "longer than 32 MiB, the most a names file is read",
                    ),
                    path,
                });
            }
            read_names_file(kind, &bytes)
                .map(Some)
                .map_err(|error| NamesError { path, error })
        };
        Ok(NameBook {
            players: load(Kind::Jou)?,
            tournaments: load(Kind::Trn)?,
            add: self.add,
            added: (0, 0),
        })
    }
}

/// A names file that could not be read.
#[derive(Debug)]
pub struct NamesError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub error: Error,
}

fn format_error(format: OthelloFormat, message: String) -> Error {
    Error::unsupported(FormatName(format.name()), message)
}

/// The names file format of `kind` (JOU or TRN), from the registry.
fn names_file(kind: Kind) -> Result<OthelloFormat, Error> {
    OthelloFormat::ALL
        .iter()
        .copied()
        .find(|f| f.holds() == Holds::Names(kind))
        .ok_or_else(|| {
            Error::unsupported(
                FormatName(kind.name()),
                format!("{} is not a names file", kind.name()),
            )
        })
}

/// Reads names in `format`, of `kind` when the file does not say.
fn read_names(format: OthelloFormat, bytes: &[u8], kind: Kind) -> Result<Names, Error> {
    match format.descriptor().read_names {
        Some(read) => read(bytes, kind),
        None => Err(format_error(
            format,
            format!("{} holds no names that are read", format.name()),
        )),
    }
}

/// Reads a names file (WTHOR.JOU, WTHOR.TRN) of `kind`.
pub(crate) fn read_names_file(kind: Kind, bytes: &[u8]) -> Result<Names, Error> {
    read_names(names_file(kind)?, bytes, kind)
}

/// Writes a names file (WTHOR.JOU, WTHOR.TRN) of the names' kind.
pub(crate) fn write_names_file(names: &Names, out: &mut Vec<u8>) -> Result<(), Error> {
    let format = names_file(names.kind)?;
    match format.descriptor().write_names {
        Some(write) => write(names, out),
        None => Err(format_error(
            format,
            format!("{} holds no names that are written", format.name()),
        )),
    }
}

/// Counts the records of a file that holds neither games nor names
/// (solitaires, positions), or rewrites them into `out` when given.
fn other_records(
    format: OthelloFormat,
    bytes: &[u8],
    out: Option<&mut Vec<u8>>,
) -> Result<usize, Error> {
    let Some(r) = format.descriptor().hooks.records else {
        return Err(format_error(
            format,
            format!(
                "{} holds no {} that are read",
                format.name(),
                format.holds().noun()
            ),
        ));
    };
    match out {
        Some(out) => (r.rewrite)(bytes, out),
        None => (r.count)(bytes),
    }
}

/// The format's own check of a whole file, when it has one (the WTHOR
/// files, OBF).
pub(crate) fn check(format: OthelloFormat, bytes: &[u8], book: &NameBook) -> Option<Checked> {
    let check = format.descriptor().hooks.check?;
    Some(check(bytes, book))
}

/// Reads the games of a game file: what was inferred goes to `diag`'s
/// warnings; with a collecting `diag`, GGF and PGN leave a bad game out
/// and keep its error (see [`crate::codec::ReadGames`]).
pub fn read_games(
    format: OthelloFormat,
    bytes: &[u8],
    book: &mut NameBook,
    diag: &mut Diagnostics,
) -> Result<GameFile, Error> {
    match format.descriptor().read_games {
        Some(read) => read(bytes, book, diag),
        None => Err(format_error(
            format,
            format!("{} holds no games that are read", format.name()),
        )),
    }
}

/// Converts `bytes` in `from` to `to`: names files to their own kind,
/// solitaires to PZZ, games to any game format. Formats that hold moves
/// only refuse a game that does not replay (JSON Lines and WTHOR keep it
/// as it stands); WTB and WTD take games of their board size.
pub fn convert(
    from: OthelloFormat,
    to: OthelloFormat,
    bytes: &[u8],
    book: &mut NameBook,
) -> Result<Converted, Error> {
    convert_with(from, to, bytes, book, &Options::default())
}

/// How [`convert_with`] solves theoretical scores.
#[derive(Default)]
pub struct Options<'a> {
    /// Leave out the games that get no theoretical score (named in the
    /// warnings) instead of refusing the conversion.
    pub skip_bad: bool,
    /// Solving threads; 0: one a core.
    pub jobs: usize,
    /// Told (positions solved, positions to solve) as the solving goes: a
    /// position that several games reach is solved once.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
}

/// Solves the theoretical score of every game of `file` without one (read
/// from `from`), as WTB and WTD must hold it: at the header's depth, on
/// `options.jobs` threads, telling `options.progress`. A game that gets
/// none (its moves stop before the depth) is an error naming it, or with
/// `options.skip_bad` is left out: the warnings say which.
pub fn fill_theoretical(
    file: &mut GameFile,
    from: OthelloFormat,
    options: &Options,
) -> Result<Vec<Warning>, Error> {
    let mut warnings = Vec::new();
    let silent = |_: usize, _: usize| {};
    let unsolved =
        crate::theoretical::fill(file, options.jobs, options.progress.unwrap_or(&silent));
    if let Some(first) = unsolved.first() {
        if !options.skip_bad {
            return Err(Error::invalid(
                FormatName(from.name()),
                At::record(first.index as u64, 0),
                format!(
                    "game {}: {}{}; --skip-bad leaves such games out",
                    first.index + 1,
                    first.why,
                    match unsolved.len() {
                        1 => String::new(),
                        n => format!(" ({} games in all)", n),
                    }
                ),
            ));
        }
        let mut drop = vec![false; file.games.len()];
        for u in &unsolved {
            drop[u.index] = true;
            warnings.push(Warning {
                format: FormatName(from.name()),
                // Its byte is not known here: the message names it.
                position: None,
                message: format!("game {} left out: {}", u.index + 1, u.why),
            });
        }
        let mut i = 0;
        file.games.retain(|_| {
            i += 1;
            !drop[i - 1]
        });
    }
    Ok(warnings)
}

/// A copy of `file` in which each missing theoretical score is stood in
/// by the actual one, to try writing before minutes or hours of solving;
/// the games that cannot get one (left out or refused by the solving) are
/// left out of it. `None` when no score is missing.
pub fn with_stand_in_scores(file: &GameFile) -> Option<GameFile> {
    if file.games.iter().all(|g| g.theoretical_known()) {
        return None;
    }
    let depth = u32::from(file.header.depth());
    let mut trial = file.clone();
    trial.games.retain_mut(|g| {
        if g.theoretical_known() {
            return true;
        }
        g.theoretical = g.black_score;
        crate::theoretical::solvable(g, depth).is_ok()
    });
    Some(trial)
}

/// [`convert`], with options. Games written to WTB or WTD without a
/// theoretical score get one solved at the header's depth
/// ([`crate::theoretical`]); a game that cannot get one refuses the
/// conversion, or is left out with `skip_bad`.
pub fn convert_with(
    from: OthelloFormat,
    to: OthelloFormat,
    bytes: &[u8],
    book: &mut NameBook,
    options: &Options,
) -> Result<Converted, Error> {
    let mut out = Converted::default();
    // Names: a names file, or text that holds names, to either.
    let names_in = match from.holds() {
        Holds::Names(k) => Some(k),
        _ if is_names_text(from, bytes) => Some(Kind::Jou),
        _ => None,
    };
    if let (Some(k), Some(read)) = (names_in, from.descriptor().read_names) {
        let wanted = match to.holds() {
            Holds::Names(t) => Some(t),
            _ => None,
        };
        let n = read(bytes, wanted.unwrap_or(k))?;
        if wanted.is_some_and(|t| t != n.kind) {
            return Err(format_error(
                to,
                format!("{} names cannot become {}", n.kind.name(), to.name()),
            ));
        }
        let Some(write) = to.descriptor().write_names else {
            return Err(format_error(
                to,
                format!(
                    "{} holds no names: write them as JOU, TRN, JSONL or CSV",
                    to.name()
                ),
            ));
        };
        if is_wthor(from) {
            out.warnings
                .extend(count_of(from, bytes, n.names.len(), "names"));
        }
        write(&n, &mut out.bytes)?;
        return Ok(out);
    }
    match (from.holds(), to.holds()) {
        // Solitaires to solitaires, positions to positions: as read.
        (Holds::Solitaires, Holds::Solitaires) | (Holds::Positions, Holds::Positions) => {
            let records = other_records(from, bytes, Some(&mut out.bytes))?;
            if is_wthor(from) {
                out.warnings
                    .extend(count_of(from, bytes, records, from.holds().noun()));
            }
            return Ok(out);
        }
        (Holds::Games, Holds::Games) => {}
        _ => {
            return Err(format_error(
                to,
                format!(
                    "{} cannot become {}: {} holds {}",
                    from.name(),
                    to.name(),
                    from.name(),
                    from.holds().noun()
                ),
            ))
        }
    }
    let mut diag = Diagnostics::strict();
    let mut file = read_games(from, bytes, book, &mut diag)?;
    out.warnings.extend(warnings_of(&diag));
    if is_wthor(from) {
        out.warnings
            .extend(count_of(from, bytes, file.games.len(), "games"));
    }
    if is_wthor(to) {
        // Writing's other errors (names, years) before the solving.
        if let Some(trial) = with_stand_in_scores(&file) {
            write_games(to, &trial, book, &mut Vec::new())?;
        }
        let left_out = fill_theoretical(&mut file, from, options)?;
        out.warnings.extend(left_out);
    }
    write_games(to, &file, book, &mut out.bytes)?;
    if to.descriptor().size.is_none() {
        out.unnamed = file
            .games
            .iter()
            .filter(|g| known_names(g, book).contains(&None))
            .count();
    }
    Ok(out)
}

/// A conversion's output.
#[derive(Debug, Default)]
pub struct Converted {
    /// The file.
    pub bytes: Vec<u8>,
    /// Games written to a text format without a name for the tournament
    /// or a player, neither in the input nor in the names files: written
    /// as the format's unknown (`?`, or left out).
    pub unnamed: usize,
    /// What was read leniently (a header count off by whole records), each
    /// with its place.
    pub warnings: Vec<Warning>,
}

/// A reader's warnings, and a last one for those past the ones kept.
pub fn warnings_of(diag: &Diagnostics) -> Vec<Warning> {
    let mut all = diag.warnings.clone();
    if diag.more_warnings > 0 {
        all.push(Warning {
            format: all[0].format,
            position: None,
            message: format!("{} more warnings like these", diag.more_warnings),
        });
    }
    all
}

/// `format`'s warnings about a whole file (a header's count), as warnings.
pub(crate) fn whole_file(
    format: OthelloFormat,
    said: impl IntoIterator<Item = String>,
) -> Vec<Warning> {
    said.into_iter()
        .map(|message| Warning {
            format: FormatName(format.name()),
            position: None,
            message,
        })
        .collect()
}

/// The warning of a WTHOR file whose header miscounts its records.
fn count_of(from: OthelloFormat, bytes: &[u8], records: usize, what: &str) -> Vec<Warning> {
    let Some(header) = Header::read_from(bytes) else {
        return Vec::new();
    };
    let counted = match from.holds() {
        Holds::Names(_) => u64::from(header.n2),
        _ => u64::from(header.n1),
    };
    whole_file(from, count_warning(counted, records, what))
}

/// Writes games in `to`, refusing what it cannot hold.
pub fn write_games(
    to: OthelloFormat,
    file: &GameFile,
    book: &NameBook,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let d = to.descriptor();
    let Some(write) = d.write_games else {
        return Err(format_error(
            to,
            format!("games cannot be written as {}", to.name()),
        ));
    };
    if d.legal_games_only {
        if let Some((i, e)) = file
            .games
            .iter()
            .enumerate()
            .find_map(|(i, g)| g.replay().err().map(|e| (i, e)))
        {
            return Err(Error::invalid(
                FormatName(to.name()),
                At::record(i as u64, 0),
                format!(
                    "game {}: {e}; {} holds legal games only (JSON Lines, WTB and WTD keep it as it stands)",
                    i + 1,
                    to.name()
                ),
            ));
        }
    }
    if let Some(size) = d.size {
        if file.size != size {
            let side = file.size.side();
            return Err(format_error(
                to,
                format!("{side}x{side} games cannot go into {}", to.name()),
            ));
        }
        // A WTHOR game file: indices into the names files, one year.
        if let Some(m) = file
            .games
            .iter()
            .find_map(|g| g.names.as_ref().and_then(|n| n.unresolved.as_ref()))
        {
            return Err(format_error(
                to,
                format!(
                    "{m}: {} keeps names as indices into the names files",
                    to.name()
                ),
            ));
        }
        let mut years: Vec<u16> = file.games.iter().map(|g| year_of(g, file)).collect();
        years.sort_unstable();
        years.dedup();
        match years[..] {
            [y] if y != file.header.year => {
                let mut one = file.clone();
                one.header.year = y;
                return write(&one, book, out);
            }
            [_, _, ..] => {
                let list: Vec<String> = years
                    .iter()
                    .map(|&y| match y {
                        0 => "no date (0)".to_string(),
                        y => y.to_string(),
                    })
                    .collect();
                return Err(format_error(
                    to,
                    format!(
                        "{} holds the games of one year, and these are of {}: write a file a year",
                        to.name(),
                        list.join(", ")
                    ),
                ));
            }
            _ => {}
        }
    }
    write(file, book, out)
}

/// A names file with the names a conversion added, to write beside its
/// output (`OUT-stem.jou`, `OUT-stem.trn`).
#[derive(Debug)]
pub struct AddedNames {
    /// Where to write it.
    pub path: PathBuf,
    /// The file.
    pub bytes: Vec<u8>,
    /// Names added.
    pub added: usize,
}

/// The names files a book added names to, named for `out`.
pub fn added_names(book: &NameBook, out: &Path) -> Result<Vec<AddedNames>, Error> {
    let mut files = Vec::new();
    for (file, n, ext) in [
        (&book.players, book.added.0, "jou"),
        (&book.tournaments, book.added.1, "trn"),
    ] {
        if let (Some(f), true) = (file, n > 0) {
            let mut bytes = Vec::new();
            write_names_file(f, &mut bytes)?;
            files.push(AddedNames {
                path: out.with_extension(ext),
                bytes,
                added: n,
            });
        }
    }
    Ok(files)
}

/// What validating a file found.
#[derive(Debug, Default)]
pub struct Report {
    /// Records read (games, names, solitaires).
    pub records: usize,
    /// Every problem, in file order: the first [`Diagnostics::MAX`] bad
    /// games of GGF and PGN, then those of the games read.
    pub errors: Vec<Error>,
    /// Bad games of GGF and PGN found past those kept.
    pub more_errors: u64,
    /// A word on what is not an error (unfinished games).
    pub note: Option<String>,
    /// What was read leniently (a header count off by whole records), each
    /// with its place.
    pub warnings: Vec<Warning>,
}

/// True when `bytes`, in a format of games that also holds names (JSON
/// Lines, CSV), are names: read as a names file, not as games.
pub fn is_names_text(format: OthelloFormat, bytes: &[u8]) -> bool {
    format
        .descriptor()
        .hooks
        .names_text
        .is_some_and(|names| names(bytes))
}

/// Everything wrong with a file: for games, every game replayed (each move
/// legal, scores and names indices checked in WTHOR files).
pub fn validate(format: OthelloFormat, bytes: &[u8], book: &mut NameBook) -> Report {
    // Text that holds names (JSON Lines, CSV): read as names.
    if let Some(read) = format
        .descriptor()
        .read_names
        .filter(|_| is_names_text(format, bytes))
    {
        return match read(bytes, Kind::Jou) {
            Ok(n) => Report {
                records: n.names.len(),
                ..Report::default()
            },
            Err(e) => Report {
                errors: vec![e],
                ..Report::default()
            },
        };
    }
    match check(format, bytes, book) {
        Some(checked) => Report {
            records: checked.records,
            errors: checked.errors,
            note: unfinished_note(&checked.unfinished),
            warnings: whole_file(format, checked.warnings),
            ..Report::default()
        },
        None => games_report(format, bytes, book),
    }
}

/// A word on the games that stop while a player can still move (by
/// record; not errors): how many, and the first ten.
fn unfinished_note(unfinished: &[u64]) -> Option<String> {
    (!unfinished.is_empty()).then(|| {
        let shown: Vec<String> = unfinished.iter().take(10).map(|i| i.to_string()).collect();
        format!(
            "{} unfinished game{} (records {}{})",
            unfinished.len(),
            if unfinished.len() == 1 { "" } else { "s" },
            shown.join(", "),
            if unfinished.len() > 10 { ", ..." } else { "" }
        )
    })
}

/// The report of a format of games with no check of its own: every bad
/// game of GGF and PGN, each left out (the other formats stop at the
/// first), and every game read replayed.
fn games_report(format: OthelloFormat, bytes: &[u8], book: &mut NameBook) -> Report {
    let mut diag = Diagnostics::collecting();
    match read_games(format, bytes, book, &mut diag) {
        // Games given with their score are read as they stand (JSON
        // Lines): each is replayed here, as WTHOR validation does. GGF and
        // PGN replay as they read.
        Ok(f) => Report {
            records: f.games.len(),
            errors: diag
                .errors
                .drain(..)
                .chain(f.games.iter().enumerate().filter_map(|(i, g)| {
                    g.replay().err().map(|e| {
                        Error::invalid(
                            FormatName(format.name()),
                            At::record(i as u64, 0),
                            format!("game {}: {e}", i + 1),
                        )
                    })
                }))
                .collect(),
            note: None,
            warnings: warnings_of(&diag),
            more_errors: diag.more_errors,
        },
        Err(e) => Report {
            errors: vec![e],
            ..Report::default()
        },
    }
}

/// What `info` says of a file after its format and size, as named facts:
/// the WTHOR header and the count of records.
pub fn info(format: OthelloFormat, bytes: &[u8]) -> Result<Vec<Detail>, Error> {
    let mut lines = Vec::new();
    let wthor = is_wthor(format);
    if wthor {
        let h = Header::read_from(bytes).ok_or_else(|| {
            Error::invalid(
                FormatName(format.name()),
                At::byte(0),
                "shorter than the 16-byte header",
            )
        })?;
        lines.push(Detail::text("created", h.created_text()));
        lines.push(Detail::group(
            "header",
            vec![
                Detail::number("n1", h.n1),
                Detail::number("n2", h.n2),
                Detail::number("year", h.year),
                Detail::number("p1", h.p1),
                Detail::number("p2", h.p2),
                Detail::number("p3", h.p3),
            ],
        ));
    }
    match format.holds() {
        Holds::Games if wthor => {
            let f = read_games(
                format,
                bytes,
                &mut NameBook::default(),
                &mut Diagnostics::strict(),
            )?;
            let finished = f
                .games
                .iter()
                .filter(|g| matches!(g.replay(), Ok((_, End::Finished { .. }))))
                .count();
            lines.push(Detail::number("games", f.games.len() as u64));
            lines.push(Detail::number("played_out", finished as u64));
        }
        Holds::Names(kind) => {
            let n = read_names(format, bytes, kind)?;
            lines.push(Detail::number("names", n.names.len() as u64));
        }
        Holds::Solitaires => {
            let n = other_records(format, bytes, None)?;
            lines.push(Detail::number("solitaires", n as u64));
        }
        Holds::Positions => {
            let n = other_records(format, bytes, None)?;
            lines.push(Detail::number("positions", n as u64));
        }
        Holds::Games => {}
    }
    Ok(lines)
}

/// Prints games (all, or game `game` from 1): names, moves, the final
/// board and score, and with `solve` the moves near the end valued
/// exactly. Returns how many were shown and how many there are.
pub fn show(
    file: &GameFile,
    book: &NameBook,
    game: Option<u32>,
    solve: Option<Solve>,
    out: &mut dyn Write,
) -> std::io::Result<(usize, usize)> {
    // Each position split over the threads of the pool (one a core).
    let mut solver = solve.map(|_| crate::endgame::Solver::new().splitting(true));
    let name = |n: &Option<Names>, i: u16| {
        n.as_ref()
            .and_then(|f| f.get(i))
            .map_or(format!("#{i}"), str::to_string)
    };
    let mut shown = 0;
    for (i, g) in file.games.iter().enumerate() {
        if game.is_some_and(|n| n as usize != i + 1) {
            continue;
        }
        let json = solve.is_some_and(|how| how.json);
        if shown > 0 && !json {
            writeln!(out)?;
        }
        shown += 1;
        if let (Some(how), Some(solver)) = (solve.filter(|_| json), solver.as_mut()) {
            let line = match crate::analysis::analyse(g.size, &g.moves, how.empties, solver) {
                Ok(values) => serde_json::json!({
                    "game": i + 1,
                    "black": name(&book.players, g.black),
                    "white": name(&book.players, g.white),
                    "moves": crate::analysis::to_json(&values),
                }),
                Err(e) => serde_json::json!({"game": i + 1, "error": e.to_string()}),
            };
            writeln!(out, "{line}")?;
            continue;
        }
        writeln!(
            out,
            "Game {}   {} ({})   Black {}   White {}",
            i + 1,
            name(&book.tournaments, g.tournament),
            year_of(g, file),
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
                        if g.theoretical_known() {
                            g.theoretical.to_string()
                        } else {
                            "not given".to_string()
                        }
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
        if let (Some(how), Some(solver)) = (solve, solver.as_mut()) {
            match crate::analysis::analyse(g.size, &g.moves, how.empties, solver) {
                Ok(values) => crate::analysis::write_text(&values, out)?,
                Err(e) => writeln!(out, "Not analysed: {e}")?,
            }
        }
    }
    Ok((shown, file.games.len()))
}

/// What [`show`] adds to each game: its moves from `empties` empty squares
/// on, valued exactly ([`crate::analysis`]); with `json`, only that, a
/// JSON object a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solve {
    /// The most empty squares of the first position analysed.
    pub empties: u32,
    /// A JSON object a game instead of the text.
    pub json: bool,
}

/// True for the WTHOR files, which open with the 16-byte header: names,
/// solitaires, and games of one board size (the formats of fixed records).
pub fn is_wthor(format: OthelloFormat) -> bool {
    format.descriptor().layout.is_some()
}
