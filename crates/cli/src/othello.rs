//! The Othello side of the commands, over `boardfile_othello::convert`.

use crate::plan::Opened;
use crate::report::{count, info_head, problems, say_all, verdict, Failure, Outcome, Progress};
use boardfile_io::{files::write_atomically, Diagnostics, Input, Output};
use boardfile_othello::convert::{self, NameFiles};
use boardfile_othello::database::{self, Filter};
use boardfile_othello::positions;
use boardfile_othello::GameFile;
use boardfile_othello::NameBook;
use boardfile_othello::{Holds, OthelloFormat};
use std::io::Write;
use std::path::PathBuf;

fn book(names: &NameFiles) -> Result<NameBook, Failure> {
    names.load().map_err(|e| match e.error.is_data_error() {
        true => Failure::data(&e.path.display(), &e.error),
        false => Failure::operational(format!("{}: cannot read: {}", e.path.display(), e.error)),
    })
}

/// A progress bar over positions solved (a position several games reach
/// is solved once), made when the solving starts; none when not `shown`
/// (`--json`). A database's files are solved one after another, each its
/// own total; the tally counts them all for the closing line.
struct SolveBar {
    bar: std::sync::OnceLock<Progress>,
    shown: bool,
    tally: std::sync::Mutex<Tally>,
    started: std::time::Instant,
}

/// Positions solved: in the files before this one, and in this one.
#[derive(Default)]
struct Tally {
    before: usize,
    done: usize,
    total: usize,
}

impl SolveBar {
    fn new(shown: bool) -> SolveBar {
        SolveBar {
            bar: std::sync::OnceLock::new(),
            shown,
            tally: std::sync::Mutex::default(),
            started: std::time::Instant::now(),
        }
    }

    fn set(&self, done: usize, total: usize) {
        if !self.shown {
            return;
        }
        if let Ok(mut t) = self.tally.lock() {
            // Threads may tell out of order; a new total (or a count
            // from nought again) is the next file.
            if total != t.total || (done == 0 && t.done > 0) {
                t.before += t.done;
                (t.done, t.total) = (done, total);
            }
            t.done = t.done.max(done);
        }
        let bar = self
            .bar
            .get_or_init(|| Progress::new(Some(total as u64), 1, SOLVING_POSITIONS));
        bar.set_len(total as u64);
        bar.set(done as u64);
    }

    /// Takes the bar away, leaving a line that says how many positions
    /// were solved in how long (on a terminal, where the bar was).
    fn done(self) {
        let Some(bar) = self.bar.into_inner() else {
            return;
        };
        let solved = self.tally.into_inner().map_or(0, |t| t.before + t.done);
        bar.finish_saying(&format!(
            "{} solved in {:.1} s",
            count(solved as u64, "position"),
            self.started.elapsed().as_secs_f64()
        ));
    }
}

/// The bar of positions solved: 30 cells, so that the line fits 80 columns.
const SOLVING_POSITIONS: &str = "solving {bar:30} {pos}/{len} positions, {eta} left";

/// Runs `work` with conversion options whose progress is a [`SolveBar`]
/// (positions solved for theoretical scores), on every core.
fn with_solve_bar<T>(skip_bad: bool, work: impl FnOnce(&convert::Options) -> T) -> T {
    let bar = SolveBar::new(true);
    let progress = |done: usize, total: usize| bar.set(done, total);
    let options = convert::Options {
        skip_bad,
        jobs: 0,
        progress: Some(&progress),
    };
    let out = work(&options);
    bar.done();
    out
}

/// The warnings on stderr, unless quiet: folded as every warning is, the
/// first few of a kind in full and a count of the rest (all with
/// `--verbose`).
fn warn_all(input: &impl std::fmt::Display, warnings: &[String]) {
    if crate::report::quiet() {
        return;
    }
    // Folded by kind; the format is not said (a database holds several).
    let warnings: Vec<boardfile_io::Warning> = warnings
        .iter()
        .map(|w| boardfile_io::Warning {
            format: boardfile_io::FormatName(""),
            position: None,
            message: w.clone(),
        })
        .collect();
    for told in crate::report::told(&warnings, 0) {
        match told {
            boardfile_io::Told::One(w) => eprintln!("boardfile: {input}: warning: {}", w.message),
            rest => eprintln!("boardfile: {input}: warning: {rest}"),
        }
    }
}

pub fn convert(
    opened: Opened,
    from: OthelloFormat,
    output: &Output,
    to: OthelloFormat,
    names: &NameFiles,
    skip_bad: bool,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(from.name(), boardfile_othello::MAX_FILE)?;
    let mut book = book(names)?;
    let converted = with_solve_bar(skip_bad, |options| {
        convert::convert_with(from, to, &bytes, &mut book, options)
    });
    let out = converted.map_err(|e| {
        let at_output = matches!(e.kind(), boardfile_io::ErrorKind::Unsupported(_));
        if at_output {
            Failure::data(output, &e)
        } else {
            Failure::data(&input, &e)
        }
    })?;
    if book.added != (0, 0) {
        let Some(path) = output.path() else {
            return Err(Failure::operational(
                "--add-names writes the names files beside OUT; give a file, not -".into(),
            ));
        };
        for f in convert::added_names(&book, path).map_err(|e| Failure::data(output, &e))? {
            write_atomically(&f.path, &f.bytes)
                .map_err(|e| Failure::output(&f.path.display(), e))?;
            let s = if f.added == 1 { "" } else { "s" };
            eprintln!("boardfile: {}: {} name{s} added", f.path.display(), f.added);
        }
    }
    crate::report::warnings(&input, &out.warnings);
    if out.unnamed > 0 && !crate::report::quiet() {
        eprintln!(
            "boardfile: {input}: warning: {} games have no name for their tournament or a player, in the input or in names files (WTHOR.JOU, WTHOR.TRN beside it or --players/--tournaments): written as unknown",
            out.unnamed
        );
    }
    let mut sink = crate::report::create(output)?;
    sink.write_all(&out.bytes)
        .map_err(|e| Failure::output(output, boardfile_io::OutputError::write(e)))?;
    sink.commit().map_err(|e| Failure::output(output, e))?;
    Ok(Outcome::Ok)
}

/// What `validate --solve` found in a file of games: the check, a line for
/// each wrong score (year, game, players, stored, solved) and one for each
/// game that cannot be solved, games numbered as in the file.
struct Scores {
    checked: boardfile_othello::theoretical::Checked,
    wrong: Vec<String>,
    unsolved: Vec<String>,
}

impl Scores {
    /// The stored theoretical scores of the games of `file` that `keep`
    /// keeps (by index; every game when `None`) proven or refuted, with a
    /// progress bar when `bar`.
    fn check(file: &GameFile, keep: Option<&[bool]>, book: &NameBook, bar: bool) -> Scores {
        let at: Vec<usize> = (0..file.games.len())
            .filter(|&i| keep.is_none_or(|k| k[i]))
            .collect();
        let picked;
        let solved = if at.len() == file.games.len() {
            file
        } else {
            picked = GameFile {
                games: at.iter().map(|&i| file.games[i].clone()).collect(),
                ..*file
            };
            &picked
        };
        let bar = SolveBar::new(bar);
        let mut checked =
            boardfile_othello::theoretical::check(solved, 0, false, &|d, t| bar.set(d, t));
        bar.done();
        // Numbered as in the file.
        for w in &mut checked.wrong {
            w.index = at[w.index];
        }
        for u in &mut checked.unsolved {
            u.index = at[u.index];
        }
        Scores {
            wrong: checked.wrong_lines(file, book),
            unsolved: checked.unsolved_lines(),
            checked,
        }
    }

    /// Problems: each wrong score and each game not solvable.
    fn problems(&self) -> usize {
        self.wrong.len() + self.unsolved.len()
    }
}

/// Why `validate --solve` checks no stored theoretical score of a file of
/// games in `format` (`file`: its games, when read), if it does not.
fn not_solved(format: OthelloFormat, file: Option<&GameFile>) -> Option<String> {
    if !format.descriptor().theoretical {
        return Some(format!(
            "--solve checks the theoretical scores of WTB and JSON Lines files, not {}'s",
            format.name()
        ));
    }
    let ten = boardfile_othello::BoardSize::Ten;
    file.map_or(format.descriptor().size == Some(ten), |f| f.size == ten)
        .then(|| {
            format!(
                "--solve: the solver is for 8x8 boards, so {}'s 10x10 scores are not checked",
                format.name()
            )
        })
}

/// The note of a file whose games do not all read: no score checked.
const NOT_CHECKED: &str = "theoretical scores not checked: not every game reads";

pub fn validate(
    opened: Opened,
    format: OthelloFormat,
    names: &NameFiles,
    solve: bool,
    strict: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(format.name(), boardfile_othello::MAX_FILE)?;
    let mut book = book(names)?;
    let mut report = convert::validate(format, &bytes, &mut book);
    // Names as JSON Lines or CSV are no games.
    let games = format.holds() == boardfile_othello::Holds::Games
        && !convert::is_names_text(format, &bytes);
    let not = not_solved(format, None).filter(|_| solve && games);
    let solving = solve && games && not.is_none();
    if let Some(n) = not {
        report.note = Some(join_note(report.note.take(), n));
    }
    // The scores are checked even when the file has other errors (names
    // not in the names files, a broken game: not solvable, said so), as
    // long as its games read. Its warnings (a stored score past the board)
    // are validation's errors already.
    let scores = if solving {
        scores(format, &bytes, &mut report, &book, json, &input)?
    } else {
        None
    };
    if let Some(sc) = &scores {
        report.note = Some(join_note(report.note.take(), sc.checked.note()));
    }
    say_validation(&input, format, &report, scores.as_ref(), strict, json, out)
}

/// Prints a file's validation: its problems on standard error and its
/// verdict, or its JSON object.
fn say_validation(
    input: &Input,
    format: OthelloFormat,
    report: &convert::Report,
    scores: Option<&Scores>,
    strict: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let (wrong_lines, unsolved_lines) =
        scores.map_or((&[][..], &[][..]), |s| (&s.wrong[..], &s.unsolved[..]));
    let confirmed = scores.map(|s| s.checked.confirmed);
    let warnings = report.warnings.len() as u64;
    let errors =
        (report.errors.len() + scores.map_or(0, Scores::problems)) as u64 + report.more_errors;
    let outcome = if problems(errors, warnings, strict) == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    };
    if json {
        let o = serde_json::json!({
            "file": input.to_string(),
            "format": format.name(),
            "valid": problems(errors, warnings, strict) == 0,
            "records": report.records,
            "errors": report.errors.iter().map(crate::json::error).collect::<Vec<_>>(),
            "more_errors": report.more_errors,
            "warnings": report.warnings.iter().map(crate::json::warning).collect::<Vec<_>>(),
            "note": report.note,
            "theoretical_confirmed": confirmed,
            "theoretical_wrong": wrong_lines,
            "theoretical_unsolvable": unsolved_lines,
            "theoretical_unstored": scores.map(|s| s.checked.unstored),
        });
        writeln!(out, "{o}")?;
        return Ok(outcome);
    }
    crate::report::errors(&input, &report.errors);
    if report.more_errors > 0 {
        eprintln!(
            "boardfile: {input}: and {}",
            count(report.more_errors, "more error")
        );
    }
    say_all(&input, wrong_lines);
    say_all(&input, unsolved_lines);
    crate::report::warnings(&input, &report.warnings);
    write!(
        out,
        "{input}: {} ({}, {}",
        verdict(errors, warnings, strict),
        format.name(),
        count(report.records as u64, "record")
    )?;
    if let Some(n) = &report.note {
        write!(out, "; {n}")?;
    }
    writeln!(out, ")")?;
    Ok(outcome)
}

/// The theoretical scores of a file's games, checked by solving, when its
/// games read and can be solved (else why not, in the report's note).
fn scores(
    format: OthelloFormat,
    bytes: &[u8],
    report: &mut convert::Report,
    book: &NameBook,
    json: bool,
    input: &Input,
) -> Result<Option<Scores>, Failure> {
    let read = convert::read_games(
        format,
        bytes,
        &mut NameBook::default(),
        &mut Diagnostics::strict(),
    );
    match read {
        // JSON Lines may hold 10x10 games.
        Ok(file) => match not_solved(format, Some(&file)) {
            Some(n) => {
                report.note = Some(join_note(report.note.take(), n));
                Ok(None)
            }
            None => Ok(Some(Scores::check(&file, None, book, !json))),
        },
        Err(_) if !report.errors.is_empty() => {
            report.note = Some(join_note(report.note.take(), NOT_CHECKED.into()));
            Ok(None)
        }
        Err(e) => Err(Failure::data(input, &e)),
    }
}

/// `a; b`, or `b` alone.
fn join_note(a: Option<String>, b: String) -> String {
    match a {
        Some(a) => format!("{a}; {b}"),
        None => b,
    }
}

pub fn info(
    opened: Opened,
    format: OthelloFormat,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(format.name(), boardfile_othello::MAX_FILE)?;
    if json {
        let facts = convert::info(format, &bytes).map_err(|e| Failure::data(&input, &e))?;
        let o = serde_json::json!({
            "file": input.to_string(),
            "format": format.name(),
            "description": format.description(),
            "size": bytes.len(),
            "details": crate::json::details(&facts),
        });
        writeln!(out, "{o}")?;
        return Ok(Outcome::Ok);
    }
    info_head(
        out,
        &input,
        format.name(),
        format.description(),
        bytes.len() as u64,
    )?;
    let facts = convert::info(format, &bytes).map_err(|e| Failure::data(&input, &e))?;
    crate::report::details(out, &facts, 2)?;
    Ok(Outcome::Ok)
}

pub fn show(
    opened: Opened,
    format: OthelloFormat,
    game: Option<u32>,
    names: &NameFiles,
    solve: Option<convert::Solve>,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(format.name(), boardfile_othello::MAX_FILE)?;
    let mut book = book(names)?;
    let mut diag = Diagnostics::strict();
    let file = convert::read_games(format, &bytes, &mut book, &mut diag)
        .map_err(|e| Failure::data(&input, &e))?;
    crate::report::warnings(&input, &diag.warnings);
    let (shown, games) = convert::show(&file, &book, game, solve, out)?;
    match game {
        Some(n) if shown == 0 => Err(Failure::operational(format!(
            "{input}: there is no game {n} ({games} games)"
        ))),
        _ => Ok(Outcome::Ok),
    }
}

/// The inputs of a `convert` whose input is a database: a folder, or
/// several WTHOR files (then the last path is OUT). None for one file.
pub fn database_inputs(
    input: &std::path::Path,
    outputs: &[PathBuf],
) -> Option<(Vec<PathBuf>, PathBuf)> {
    let (out, rest) = outputs.split_last()?;
    let wthor_file = |p: &std::path::Path| {
        OthelloFormat::from_path(p).is_some_and(convert::is_wthor) && !p.is_dir()
    };
    (input.is_dir() || (!rest.is_empty() && wthor_file(input))).then(|| {
        let mut paths = vec![input.to_path_buf()];
        paths.extend(rest.iter().cloned());
        (paths, out.clone())
    })
}

/// True when `info` and `validate` take their files as one database: a
/// folder among them, a query, or game files given with names files.
pub fn is_database(files: &[PathBuf], filter: &Filter) -> bool {
    let kind = |p: &PathBuf| OthelloFormat::from_path(p).map(|f| f.holds());
    let names = files
        .iter()
        .any(|p| matches!(kind(p), Some(Holds::Names(_))));
    let games = files.iter().any(|p| matches!(kind(p), Some(Holds::Games)));
    files.iter().any(|p| p.is_dir()) || !filter.is_empty() || (names && games)
}

/// True when OUT is a folder: one that exists, or a path ending in `/`.
pub fn is_folder(output: &Output) -> bool {
    output.path().is_some_and(|p| {
        p.is_dir()
            || p.as_os_str()
                .to_string_lossy()
                .ends_with(std::path::MAIN_SEPARATOR)
    })
}

fn file_failure(e: &database::FileError) -> Failure {
    Failure::data(&e.path.display(), &e.error)
}

/// The database of `paths`, read.
fn open_database(paths: &[PathBuf], names: &NameFiles) -> Result<database::Database, Failure> {
    let sources = database::sources(paths, names).map_err(|e| file_failure(&e))?;
    let db = database::open(sources, names.add).map_err(|e| file_failure(&e))?;
    for f in &db.files {
        crate::report::warnings(&f.path.display(), &f.warnings);
    }
    Ok(db)
}

/// What `convert` writes games to: a file of `to`, or a folder of WTHOR
/// files, a year each.
pub enum GamesOut<'a> {
    File(&'a Output, OthelloFormat),
    Folder(&'a Output),
}

/// `convert` of a database: the games the filter keeps, to a text file or
/// a WTB file a year in a folder.
pub fn convert_database(
    paths: &[PathBuf],
    out: GamesOut,
    filter: &Filter,
    names: &NameFiles,
    skip_bad: bool,
) -> Result<Outcome, Failure> {
    let mut db = open_database(paths, names)?;
    let mut inputs: Vec<PathBuf> = db.sources.games.clone();
    inputs.extend(db.sources.players.iter().cloned());
    inputs.extend(db.sources.tournaments.iter().cloned());
    let total: usize = db.files.iter().map(|f| f.file.games.len()).sum();
    let label = paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    if !filter.is_empty() && !crate::report::quiet() {
        eprintln!(
            "boardfile: {label}: {} of {total} games kept ({})",
            db.select(filter).games.len(),
            filter.describe()
        );
    }
    warn_all(
        &label,
        filter.nameless_warning(db.nameless(filter)).as_slice(),
    );
    let headers = db_headers(&db.files);
    // A broken stored score (255: none) is solved, each at its own file's
    // depth, as from any input.
    if to_wthor(&out) {
        let missing = db
            .files
            .iter()
            .any(|f| f.file.games.iter().any(|g| !g.theoretical_known()));
        if missing {
            // Writing's other errors (names, years) before the solving.
            let trial = db.select_stand_in(filter);
            render_games_out(&trial, &headers, &mut db.book.clone(), &out, &label)?;
        }
        let said = with_solve_bar(skip_bad, |options| db.solve_missing(filter, options));
        for w in said.map_err(|e| file_failure(&e))? {
            eprintln!("boardfile: {w}");
        }
    }
    let file = db.select(filter);
    let mut book = db.book;
    write_games_out(&file, &headers, &mut book, out, &inputs, &label)
}

/// True when `out` is WTHOR, which holds theoretical scores.
fn to_wthor(out: &GamesOut) -> bool {
    match *out {
        GamesOut::File(_, to) => convert::is_wthor(to),
        GamesOut::Folder(_) => true,
    }
}

fn db_headers(files: &[database::YearFile]) -> Vec<boardfile_othello::Header> {
    files.iter().map(|f| f.file.header).collect()
}

/// `convert` of one file of games through the query, `--skip-bad` or a
/// folder as OUT.
pub fn convert_games(
    opened: Opened,
    from: OthelloFormat,
    out: GamesOut,
    filter: &Filter,
    names: &NameFiles,
    skip_bad: bool,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(from.name(), boardfile_othello::MAX_FILE)?;
    let mut book = book(names)?;
    let mut diag = if skip_bad {
        Diagnostics::collecting()
    } else {
        Diagnostics::strict()
    };
    let mut file = convert::read_games(from, &bytes, &mut book, &mut diag)
        .map_err(|e| Failure::data(&input, &e))?;
    crate::report::errors(&input, &diag.errors);
    if diag.more_errors > 0 {
        eprintln!(
            "boardfile: {input}: and {} with errors",
            count(diag.more_errors, "more game")
        );
    }
    let skipped = diag.error_count();
    crate::report::warnings(&input, &diag.warnings);
    let read = file.games.len();
    let keep: Vec<bool> = file
        .games
        .iter()
        .map(|g| filter.matches(g, boardfile_othello::year_of(g, &file), &book))
        .collect();
    let nameless = filter.nameless_in(&file, &book);
    let mut k = keep.iter();
    file.games.retain(|_| *k.next().unwrap_or(&true));
    if skipped > 0 {
        eprintln!("boardfile: {input}: games: {read} read, {skipped} left out for errors");
    }
    if !filter.is_empty() && !crate::report::quiet() {
        eprintln!(
            "boardfile: {input}: {} of {read} games kept ({})",
            file.games.len(),
            filter.describe()
        );
    }
    warn_all(&input, filter.nameless_warning(nameless).as_slice());
    let headers = if convert::is_wthor(from) {
        vec![file.header]
    } else {
        Vec::new()
    };
    let label = input.to_string();
    solve_missing(&mut file, from, &headers, &book, &out, &label, skip_bad)?;
    let inputs: Vec<PathBuf> = input.path().map(PathBuf::from).into_iter().collect();
    write_games_out(&file, &headers, &mut book, out, &inputs, &input.to_string())
}

/// WTHOR holds theoretical scores: when `out` is WTHOR, the games of
/// `file` (read from `from`) without one are solved, once writing's other
/// checks pass. A game that gets none is refused, or with `skip_bad` left
/// out and named.
fn solve_missing(
    file: &mut GameFile,
    from: OthelloFormat,
    headers: &[boardfile_othello::Header],
    book: &NameBook,
    out: &GamesOut,
    label: &str,
    skip_bad: bool,
) -> Result<(), Failure> {
    if !to_wthor(out) {
        return Ok(());
    }
    check_before_solving(file, headers, book, out, label)?;
    let filled = with_solve_bar(skip_bad, |options| {
        convert::fill_theoretical(file, from, options)
    });
    for w in filled.map_err(|e| Failure::data(&label, &e))? {
        eprintln!("boardfile: {label}: {w}");
    }
    Ok(())
}

/// What `convert` writes for games, made before anything is written.
enum Rendered {
    /// OUT's bytes and the names files added beside it.
    File(Vec<u8>, Vec<convert::AddedNames>),
    /// A folder's files.
    Folder(Vec<database::OutFile>),
}

/// Makes the bytes of the games for `out`, touching no file: the checks
/// of writing (names known, one year to a WTHOR file) fail here.
fn render_games_out(
    file: &GameFile,
    headers: &[boardfile_othello::Header],
    book: &mut NameBook,
    out: &GamesOut,
    label: &str,
) -> Result<Rendered, Failure> {
    match *out {
        GamesOut::File(output, to) => {
            if to.descriptor().size.is_some() {
                let mut years: Vec<u16> = file
                    .games
                    .iter()
                    .map(|g| boardfile_othello::year_of(g, file))
                    .collect();
                years.sort_unstable();
                years.dedup();
                if years.len() > 1 {
                    return Err(Failure::operational(format!(
                        "{output}: the games are of {} years ({}-{}) and {} holds one: give a folder (OUT/) for a file a year",
                        years.len(),
                        years[0],
                        years[years.len() - 1],
                        to.name()
                    )));
                }
            }
            let mut bytes = Vec::new();
            convert::write_games(to, file, book, &mut bytes)
                .map_err(|e| Failure::data(output, &e))?;
            let mut added = Vec::new();
            if book.added != (0, 0) {
                let Some(path) = output.path() else {
                    return Err(Failure::operational(
                        "--add-names writes the names files beside OUT; give a file, not -".into(),
                    ));
                };
                added = convert::added_names(book, path).map_err(|e| Failure::data(output, &e))?;
            }
            Ok(Rendered::File(bytes, added))
        }
        GamesOut::Folder(_) => Ok(Rendered::Folder(
            database::per_year(file, headers, book).map_err(|e| Failure::data(&label, &e))?,
        )),
    }
}

/// Before games are solved for WTHOR (minutes to hours), whether writing
/// them would fail for another reason (a name not in the names files,
/// games of several years to one file): the same error, at once.
fn check_before_solving(
    file: &GameFile,
    headers: &[boardfile_othello::Header],
    book: &NameBook,
    out: &GamesOut,
    label: &str,
) -> Result<(), Failure> {
    match convert::with_stand_in_scores(file) {
        Some(trial) => render_games_out(&trial, headers, &mut book.clone(), out, label).map(|_| ()),
        None => Ok(()),
    }
}

/// Writes the games: to a file (names added written beside it), or to a
/// folder, a WTHOR file a year and the names files.
fn write_games_out(
    file: &GameFile,
    headers: &[boardfile_othello::Header],
    book: &mut NameBook,
    out: GamesOut,
    inputs: &[PathBuf],
    label: &str,
) -> Result<Outcome, Failure> {
    let rendered = render_games_out(file, headers, book, &out, label)?;
    match (out, rendered) {
        (GamesOut::File(output, _), Rendered::File(bytes, added)) => {
            for f in added {
                write_atomically(&f.path, &f.bytes)
                    .map_err(|e| Failure::output(&f.path.display(), e))?;
                let s = if f.added == 1 { "" } else { "s" };
                eprintln!("boardfile: {}: {} name{s} added", f.path.display(), f.added);
            }
            let mut sink = crate::report::create(output)?;
            sink.write_all(&bytes)
                .map_err(|e| Failure::output(output, boardfile_io::OutputError::write(e)))?;
            sink.commit().map_err(|e| Failure::output(output, e))?;
        }
        (GamesOut::Folder(output), Rendered::Folder(files)) => {
            let dir = output.path().unwrap_or(std::path::Path::new("."));
            std::fs::create_dir_all(dir).map_err(|e| {
                Failure::operational(format!("{}: cannot create: {e}", dir.display()))
            })?;
            for f in &files {
                let path = dir.join(&f.name);
                if inputs
                    .iter()
                    .any(|i| i == &path || boardfile_io::files::same_file(i, &path))
                {
                    return Err(Failure::operational(format!(
                        "{}: refusing to write over an input; choose another folder",
                        path.display()
                    )));
                }
            }
            for f in &files {
                let path = dir.join(&f.name);
                write_atomically(&path, &f.bytes)
                    .map_err(|e| Failure::output(&path.display(), e))?;
            }
            for (n, name) in [(book.added.0, "WTHOR.JOU"), (book.added.1, "WTHOR.TRN")] {
                if n > 0 {
                    let s = if n == 1 { "" } else { "s" };
                    eprintln!("boardfile: {}: {n} name{s} added", dir.join(name).display());
                }
            }
            if !crate::report::quiet() {
                let years = files.iter().filter(|f| f.name.starts_with("WTH_")).count();
                eprintln!(
                    "boardfile: {output}: {} games written in {years} file{}, one a year{}",
                    file.games.len(),
                    if years == 1 { "" } else { "s" },
                    if files.len() > years {
                        ", with the names files"
                    } else {
                        ""
                    }
                );
            }
        }
        _ => unreachable!("rendered for the same output"),
    }
    Ok(Outcome::Ok)
}

/// `info` of a database: its files, years, names files, games, and the
/// games the query keeps.
pub fn database_info(
    paths: &[PathBuf],
    filter: &Filter,
    names: &NameFiles,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let db = open_database(paths, names)?;
    let counts = db.counts(filter);
    let total: usize = counts.iter().map(|c| c.0).sum();
    let kept: usize = counts.iter().map(|c| c.1).sum();
    let nameless = filter.nameless_warning(db.nameless(filter));
    let label = paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let names_of = |n: &Option<boardfile_othello::Names>, p: &Option<PathBuf>| {
        p.as_ref().map(|p| {
            (
                p.display().to_string(),
                n.as_ref().map_or(0, |n| n.names.len()),
            )
        })
    };
    let players = names_of(&db.book.players, &db.sources.players);
    let tournaments = names_of(&db.book.tournaments, &db.sources.tournaments);
    let years: Vec<u16> = db.files.iter().map(|f| f.file.header.year).collect();
    if json {
        let o = serde_json::json!({
            "file": label,
            "format": "WTHOR database",
            "players": players.as_ref().map(|(p, n)| serde_json::json!({"file": p, "names": n})),
            "tournaments": tournaments.as_ref().map(|(p, n)| serde_json::json!({"file": p, "names": n})),
            "files": db.files.iter().zip(&counts).map(|(f, c)| serde_json::json!({
                "file": f.path.display().to_string(),
                "year": f.file.header.year,
                "games": c.0,
                "selected": c.1,
            })).collect::<Vec<_>>(),
            "games": total,
            "selected": kept,
            "query": (!filter.is_empty()).then(|| filter.describe()),
            "warnings": nameless.as_slice(),
        });
        writeln!(out, "{o}")?;
        return Ok(Outcome::Ok);
    }
    writeln!(out, "{label}")?;
    writeln!(
        out,
        "  format:   WTHOR database ({} game file{})",
        db.files.len(),
        if db.files.len() == 1 { "" } else { "s" }
    )?;
    for (what, n) in [("players:", &players), ("tournaments:", &tournaments)] {
        match n {
            Some((p, n)) => writeln!(out, "  {what:<9} {p} ({n} names)")?,
            None => writeln!(out, "  {what:<9} no names file")?,
        }
    }
    let span = match (years.iter().min(), years.iter().max()) {
        (Some(a), Some(b)) if a != b => format!(", years {a}-{b}"),
        (Some(a), _) => format!(", year {a}"),
        _ => String::new(),
    };
    writeln!(out, "  games:    {total}{span}")?;
    for (f, c) in db.files.iter().zip(&counts) {
        let name = f
            .path
            .file_name()
            .map_or(f.path.display().to_string(), |n| {
                n.to_string_lossy().into_owned()
            });
        if filter.is_empty() {
            writeln!(out, "    {}  {:>6} games  {name}", f.file.header.year, c.0)?;
        } else {
            writeln!(
                out,
                "    {}  {:>6} games, {:>6} kept  {name}",
                f.file.header.year, c.0, c.1
            )?;
        }
    }
    if !filter.is_empty() {
        writeln!(out, "  selected: {kept} games ({})", filter.describe())?;
    }
    warn_all(&label, nameless.as_slice());
    Ok(Outcome::Ok)
}

/// `validate` of a database: every game file checked (games replayed,
/// scores and names indices against the names files), the problems of the
/// games the query keeps reported, a line a file and one for the whole.
/// What a database's validation found, over its files.
#[derive(Default)]
struct Totals {
    games: usize,
    kept: usize,
    errors: usize,
    warnings: usize,
    nameless: usize,
    /// Theoretical scores confirmed, wrong, not solvable, not stored.
    checked: [usize; 4],
    /// Files whose scores were not checked.
    not_checked: usize,
}

pub fn database_validate(
    paths: &[PathBuf],
    filter: &Filter,
    names: &NameFiles,
    solve: bool,
    strict: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let sources = database::sources(paths, names).map_err(|e| file_failure(&e))?;
    let book = database::book(&sources, false).map_err(|e| file_failure(&e))?;
    let mut worst = Outcome::Ok;
    let mut totals = Totals::default();
    for report in database::validate(&sources, &book, filter) {
        let r = match report {
            Ok(r) => r,
            Err(e) => {
                let f = file_failure(&e);
                if json {
                    let o = serde_json::json!({"file": e.path.display().to_string(), "error": f.message()});
                    writeln!(out, "{o}")?;
                    worst = worst.max(f.status());
                } else {
                    worst = worst.max(f.report());
                }
                continue;
            }
        };
        // --solve: the stored scores of the games kept, as long as the
        // file's games read (as for one file).
        let (scores, note) = match solve {
            true => file_scores(&r, &book, json, &mut totals),
            false => (None, None),
        };
        let file_errors = r.errors.len() + scores.as_ref().map_or(0, Scores::problems);
        totals.games += r.records;
        totals.kept += r.selected;
        totals.nameless += r.nameless;
        totals.errors += file_errors;
        totals.warnings += r.warnings.len();
        if problems(file_errors as u64, r.warnings.len() as u64, strict) > 0 {
            worst = worst.max(Outcome::Invalid);
        }
        let said = SaidFile {
            report: &r,
            scores: scores.as_ref(),
            note,
            errors: file_errors,
        };
        said.say(filter, strict, json, out)?;
    }
    if !json {
        // As JSON: each file's "nameless".
        say_totals(
            paths,
            sources.games.len(),
            &totals,
            filter,
            solve,
            strict,
            out,
        )?;
    }
    Ok(worst)
}

/// A database file's scores checked by solving, and its note; counted in
/// the totals.
fn file_scores(
    r: &database::FileReport,
    book: &NameBook,
    json: bool,
    totals: &mut Totals,
) -> (Option<Scores>, Option<String>) {
    match (not_solved(r.format, r.games.as_ref()), &r.games) {
        (Some(n), _) => {
            totals.not_checked += 1;
            (None, Some(n))
        }
        (None, None) => {
            totals.not_checked += 1;
            (None, Some(NOT_CHECKED.to_string()))
        }
        (None, Some(file)) => {
            let sc = Scores::check(file, Some(&r.keep), book, !json);
            let c = &sc.checked;
            let counts = [c.confirmed, c.wrong.len(), c.unsolved.len(), c.unstored];
            for (t, n) in totals.checked.iter_mut().zip(counts) {
                *t += n;
            }
            let note = sc.checked.note();
            (Some(sc), Some(note))
        }
    }
}

/// A database file's validation, as said.
struct SaidFile<'a> {
    report: &'a database::FileReport,
    scores: Option<&'a Scores>,
    note: Option<String>,
    /// Its errors, the scores found wrong among them.
    errors: usize,
}

impl SaidFile<'_> {
    /// Its problems on standard error and its verdict, or its JSON object.
    fn say(
        self,
        filter: &Filter,
        strict: bool,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), Failure> {
        let (r, scores) = (self.report, self.scores);
        let path = r.path.display().to_string();
        let format = r.format.name();
        let (wrong_lines, unsolved_lines) =
            scores.map_or((&[][..], &[][..]), |s| (&s.wrong[..], &s.unsolved[..]));
        let warnings = r.warnings.len() as u64;
        if json {
            let o = serde_json::json!({
                "file": path,
                "format": format,
                "year": r.year,
                "valid": problems(self.errors as u64, warnings, strict) == 0,
                "records": r.records,
                "selected": r.selected,
                "errors": r.errors.iter().map(crate::json::error).collect::<Vec<_>>(),
                "more_errors": 0,
                "warnings": r.warnings.iter().map(|w| serde_json::json!({"message": w})).collect::<Vec<_>>(),
                "unfinished": r.unfinished,
                "nameless": r.nameless,
                "note": self.note,
                "theoretical_confirmed": scores.map(|s| s.checked.confirmed),
                "theoretical_wrong": wrong_lines,
                "theoretical_unsolvable": unsolved_lines,
                "theoretical_unstored": scores.map(|s| s.checked.unstored),
            });
            writeln!(out, "{o}")?;
            return Ok(());
        }
        crate::report::errors(&path, &r.errors);
        say_all(&path, wrong_lines);
        say_all(&path, unsolved_lines);
        warn_all(&path, &r.warnings);
        write!(
            out,
            "{path}: {} ({format}, year {}, {}",
            verdict(self.errors as u64, warnings, strict),
            r.year,
            count(r.records as u64, "record")
        )?;
        if !filter.is_empty() {
            write!(out, ", {} kept", r.selected)?;
        }
        if r.unfinished > 0 {
            write!(out, "; {} unfinished", r.unfinished)?;
        }
        if let Some(n) = self.note {
            write!(out, "; {n}")?;
        }
        writeln!(out, ")")?;
        Ok(())
    }
}

/// The database's verdict line, after its files'.
fn say_totals(
    paths: &[PathBuf],
    files: usize,
    totals: &Totals,
    filter: &Filter,
    solve: bool,
    strict: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let label = paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    warn_all(&label, filter.nameless_warning(totals.nameless).as_slice());
    write!(
        out,
        "{label}: {} (WTHOR database, {}, {}",
        verdict(totals.errors as u64, totals.warnings as u64, strict),
        count(files as u64, "game file"),
        count(totals.games as u64, "game")
    )?;
    if !filter.is_empty() {
        write!(out, ", {} kept: {}", totals.kept, filter.describe())?;
    }
    if solve {
        let [confirmed, wrong, unsolved, unstored] = totals.checked;
        let note = boardfile_othello::theoretical::note(confirmed, wrong, unsolved, unstored);
        write!(out, "; {note}")?;
        if totals.not_checked > 0 {
            write!(
                out,
                ", {} not checked",
                count(totals.not_checked as u64, "file")
            )?;
        }
    }
    writeln!(out, ")")?;
    Ok(())
}

/// Solves every position of an OBF input into `output`.
pub fn solve_positions(
    opened: Opened,
    output: &Output,
    jobs: Option<usize>,
    scoring: positions::Scoring,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all("OBF", boardfile_othello::MAX_FILE)?;
    let bar = SolveBar::new(true);
    let solved = positions::solve_file(&bytes, jobs.unwrap_or(0), scoring, &|n, total| {
        bar.set(n, total)
    })
    .map_err(|e| Failure::data(&input, &e))?;
    bar.done();
    let mut sink = crate::report::create(output)?;
    sink.write_all(&solved)
        .map_err(|e| Failure::output(output, boardfile_io::OutputError::write(e)))?;
    sink.commit().map_err(|e| Failure::output(output, e))?;
    Ok(Outcome::Ok)
}
