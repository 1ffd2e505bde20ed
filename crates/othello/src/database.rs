//! The WTHOR database as one input: a folder, or several game files, with
//! the names files WTHOR.JOU and WTHOR.TRN; games chosen by player,
//! tournament, year and opening; written as one text file or as a WTB
//! file a year.
//!
//! The federation publishes a file a year (`WTH_1977.wtb` ...
//! `WTH_2024.wtb`) and the names files beside them. Here:
//!
//! - a **folder** holds the database: every `*.wtb` in it (any case), and
//!   `WTHOR.JOU` / `WTHOR.TRN` (any case);
//! - **several files** given together are one database: the WTB (or WTD)
//!   files, and any `.jou` / `.trn` among them as the names files; without
//!   those, the names files beside the first game file.
//!
//! `--players` / `--tournaments` win over both. The files are taken in
//! the order of the years their headers give (then of their paths); a
//! game's year is its file's.
//!
//! A [`Filter`] chooses games:
//! - **player**: either colour; the names file's name holds the text given,
//!   in any case (`inoue` finds "Inoue Hiroshi");
//! - **tournament**: the same, on the tournament's name;
//! - **years**: `2004`, or `2000-2004` (either end may be left out:
//!   `2000-`, `-1990`);
//! - **opening**: the game's first moves are these (`f5d6c3d3`), or these
//!   turned by one of the board's symmetries that keep the start position
//!   (WTHOR's games all open f5; `d3c3c4c5` is the same opening).

use crate::codec::{Holds, OthelloFormat, MAX_FILE};
use crate::convert::{self, NameFiles};
use crate::model::game::Game;
use crate::model::game_file::{year_of, GameFile};
use crate::model::header::{count_warning, fresh_header, Header, Kind};
use crate::model::names::{known_names, NameBook, Names};
use crate::model::position::{BoardSize, Square};
use boardfile_io::{Diagnostics, Error, FormatName, Position as At};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A file of the database that could not be read, or is not one.
#[derive(Debug)]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub error: Error,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.error)
    }
}

/// The files a database is made of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sources {
    /// The game files, WTB (or WTD, all of one size).
    pub games: Vec<PathBuf>,
    /// WTHOR.JOU, when there is one.
    pub players: Option<PathBuf>,
    /// WTHOR.TRN, when there is one.
    pub tournaments: Option<PathBuf>,
}

fn unsupported(message: String) -> Error {
    Error::unsupported(FormatName("WTHOR"), message)
}

/// True when the paths are a database rather than one file: a folder, or
/// several files.
pub fn is_database(paths: &[PathBuf]) -> bool {
    paths.len() > 1 || paths.iter().any(|p| p.is_dir())
}

/// The files of the database the paths give (folders and files), the
/// names files as `names` says when given there.
pub fn sources(paths: &[PathBuf], names: &NameFiles) -> Result<Sources, FileError> {
    let mut s = Sources::default();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| FileError {
                path: path.clone(),
                error: e.into(),
            })?;
            let mut found: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            found.sort();
            let mut games = 0;
            for p in found {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if name.eq_ignore_ascii_case("wthor.jou") {
                    s.players.get_or_insert(p);
                } else if name.eq_ignore_ascii_case("wthor.trn") {
                    s.tournaments.get_or_insert(p);
                } else if OthelloFormat::from_path(&p) == Some(OthelloFormat::Wtb) && p.is_file() {
                    s.games.push(p);
                    games += 1;
                }
            }
            if games == 0 {
                return Err(FileError {
                    path: path.clone(),
                    error: unsupported(
                        "a folder, and not a WTHOR database: it holds no WTB game files (*.wtb); \
                         a board set or a game file is read one file at a time"
                            .into(),
                    ),
                });
            }
            continue;
        }
        match OthelloFormat::from_path(path).map(|f| f.holds()) {
            Some(Holds::Games) if is_wthor_games(path) => s.games.push(path.clone()),
            Some(Holds::Names(Kind::Jou)) => s.players = Some(path.clone()),
            Some(Holds::Names(_)) => s.tournaments = Some(path.clone()),
            _ => {
                return Err(FileError {
                    path: path.clone(),
                    error: unsupported(
                        "not a WTHOR file: a database is a folder, or WTB files with WTHOR.JOU and WTHOR.TRN".into(),
                    ),
                })
            }
        }
    }
    if s.games.is_empty() {
        return Err(FileError {
            path: paths.first().cloned().unwrap_or_default(),
            error: unsupported("no game files (WTB) among the inputs".into()),
        });
    }
    // Given names files win; else those found; else those beside the
    // first game file.
    let beside = NameFiles {
        beside: s.games.first().cloned(),
        ..names.clone()
    };
    if names.players.is_some() || s.players.is_none() {
        s.players = beside.find(Kind::Jou);
    }
    if names.tournaments.is_some() || s.tournaments.is_none() {
        s.tournaments = beside.find(Kind::Trn);
    }
    Ok(s)
}

fn read_file(path: &Path) -> Result<Vec<u8>, FileError> {
    let err = |e: std::io::Error| FileError {
        path: path.to_path_buf(),
        error: e.into(),
    };
    let mut file = std::fs::File::open(path).map_err(err)?;
    let mut bytes = Vec::new();
    if !boardfile_io::source::read_within(&mut file, &mut bytes, MAX_FILE).map_err(err)? {
        return Err(FileError {
            path: path.to_path_buf(),
            error: Error::limit(
                FormatName("WTHOR"),
                At::byte(MAX_FILE as u64),
                "longer than 32 MiB, the most a WTHOR file is read",
            ),
        });
    }
    Ok(bytes)
}

/// The names files of the sources, read into a book.
pub fn book(sources: &Sources, add: bool) -> Result<NameBook, FileError> {
    let load = |path: &Option<PathBuf>, kind: Kind| -> Result<Option<Names>, FileError> {
        let Some(p) = path else { return Ok(None) };
        let bytes = read_file(p)?;
        convert::read_names_file(kind, &bytes)
            .map(Some)
            .map_err(|error| FileError {
                path: p.clone(),
                error,
            })
    };
    Ok(NameBook {
        players: load(&sources.players, Kind::Jou)?,
        tournaments: load(&sources.tournaments, Kind::Trn)?,
        add,
        added: (0, 0),
    })
}

/// One game file of a database, read.
#[derive(Debug)]
pub struct YearFile {
    /// Where it is.
    pub path: PathBuf,
    /// Its header and games.
    pub file: GameFile,
    /// What was read leniently (a header count off by whole records), each
    /// with its place.
    pub warnings: Vec<boardfile_io::Warning>,
}

/// A database read: its game files in the order of their years, and the
/// names files.
#[derive(Debug)]
pub struct Database {
    /// The game files.
    pub files: Vec<YearFile>,
    /// The names files.
    pub book: NameBook,
    /// Where they came from.
    pub sources: Sources,
}

/// The size of a game file, by its extension (WTD 10x10, else 8x8).
fn size_of(path: &Path) -> BoardSize {
    OthelloFormat::from_path(path)
        .and_then(|f| f.descriptor().size)
        .unwrap_or(BoardSize::Eight)
}

/// The WTHOR games format of a board size: WTB, or WTD for 10x10.
fn games_format(size: BoardSize) -> OthelloFormat {
    match size {
        BoardSize::Eight => OthelloFormat::Wtb,
        BoardSize::Ten => OthelloFormat::Wtd,
    }
}

/// True for a path whose extension is a WTHOR game file's (WTB, WTD).
fn is_wthor_games(path: &Path) -> bool {
    OthelloFormat::from_path(path)
        .is_some_and(|f| f.holds() == Holds::Games && f.descriptor().size.is_some())
}

/// Reads every file of the database; the first that does not read stops
/// it, named.
pub fn open(sources: Sources, add: bool) -> Result<Database, FileError> {
    let book = book(&sources, add)?;
    let mut files = Vec::with_capacity(sources.games.len());
    for path in &sources.games {
        let bytes = read_file(path)?;
        let size = size_of(path);
        let mut diag = Diagnostics::strict();
        let file = convert::read_games(
            games_format(size),
            &bytes,
            &mut NameBook::default(),
            &mut diag,
        )
        .map_err(|error| FileError {
            path: path.clone(),
            error,
        })?;
        if files
            .first()
            .is_some_and(|f: &YearFile| f.file.size != size)
        {
            return Err(FileError {
                path: path.clone(),
                error: unsupported(
                    "WTB (8x8) and WTD (10x10) files in one database: give those of one size"
                        .into(),
                ),
            });
        }
        let counted = count_warning(u64::from(file.header.n1), file.games.len(), "games");
        let mut warnings = convert::whole_file(games_format(size), counted);
        warnings.extend(convert::warnings_of(&diag));
        files.push(YearFile {
            path: path.clone(),
            file,
            warnings,
        });
    }
    files.sort_by(|a, b| (a.file.header.year, &a.path).cmp(&(b.file.header.year, &b.path)));
    Ok(Database {
        files,
        book,
        sources,
    })
}

/// Which games a query keeps. Empty, it keeps them all.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    player: Option<String>,
    tournament: Option<String>,
    years: Option<(u16, u16)>,
    opening: Option<String>,
    /// The opening's forms under the symmetries, for 8x8 and 10x10.
    openings: [Vec<Vec<Square>>; 2],
}

impl Filter {
    /// Keeps the games of a player of either colour whose name holds
    /// `name`, in any case.
    pub fn player(mut self, name: &str) -> Filter {
        self.player = Some(name.to_lowercase());
        self
    }

    /// Keeps the games of a tournament whose name holds `name`, in any case.
    pub fn tournament(mut self, name: &str) -> Filter {
        self.tournament = Some(name.to_lowercase());
        self
    }

    /// Keeps the games of the years from `first` to `last`.
    pub fn years(mut self, first: u16, last: u16) -> Filter {
        self.years = Some((first, last));
        self
    }

    /// Reads `2004`, `2000-2004`, `2000-` or `-1990`.
    pub fn parse_years(text: &str) -> Result<(u16, u16), String> {
        let bad = || format!("{text:?} is not a year (2004) or years (2000-2004)");
        let year = |t: &str, open: u16| -> Result<u16, String> {
            match t.trim() {
                "" => Ok(open),
                t => t.parse().map_err(|_| bad()),
            }
        };
        let (a, b) = match text.split_once('-') {
            Some((a, b)) => (year(a, 0)?, year(b, u16::MAX)?),
            None => {
                let y = year(text, 0).and_then(|y| {
                    if text.trim().is_empty() {
                        Err(bad())
                    } else {
                        Ok(y)
                    }
                })?;
                (y, y)
            }
        };
        if a > b {
            return Err(format!("{text:?}: the first year is after the last"));
        }
        Ok((a, b))
    }

    /// Keeps the games that open with `moves` (`f5d6c3d3`), or with them
    /// turned by a symmetry of the start position.
    pub fn opening(mut self, moves: &str) -> Result<Filter, String> {
        let mut any = false;
        for (k, size) in [BoardSize::Eight, BoardSize::Ten].into_iter().enumerate() {
            let Ok(m) = Game::parse_transcript(moves, size) else {
                continue;
            };
            any = true;
            let side = size.side() - 1;
            let turns: [fn(Square, u8) -> Square; 4] = [
                |s, _| s,
                |s, n| Square {
                    col: n - s.col,
                    row: n - s.row,
                },
                |s, _| Square {
                    col: s.row,
                    row: s.col,
                },
                |s, n| Square {
                    col: n - s.row,
                    row: n - s.col,
                },
            ];
            let mut forms: Vec<Vec<Square>> = turns
                .iter()
                .map(|t| m.iter().map(|&s| t(s, side)).collect())
                .collect();
            forms.sort();
            forms.dedup();
            self.openings[k] = forms;
        }
        if !any {
            return Err(format!("{moves:?} is not a list of moves such as f5d6c3d3"));
        }
        self.opening = Some(moves.to_string());
        Ok(self)
    }

    /// True when it keeps every game.
    pub fn is_empty(&self) -> bool {
        self.player.is_none()
            && self.tournament.is_none()
            && self.years.is_none()
            && self.opening.is_none()
    }

    /// What it keeps, in words: `player "inoue", years 2000-2004`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(p) = &self.player {
            parts.push(format!("player {p:?}"));
        }
        if let Some(t) = &self.tournament {
            parts.push(format!("tournament {t:?}"));
        }
        match self.years {
            Some((a, b)) if a == b => parts.push(format!("year {a}")),
            Some((0, b)) => parts.push(format!("years to {b}")),
            Some((a, u16::MAX)) => parts.push(format!("years from {a}")),
            Some((a, b)) => parts.push(format!("years {a}-{b}")),
            None => {}
        }
        if let Some(o) = &self.opening {
            parts.push(format!("opening {o}"));
        }
        parts.join(", ")
    }

    /// True when the game of `year` is kept; names from the game, else the
    /// book.
    pub fn matches(&self, g: &Game, year: u16, book: &NameBook) -> bool {
        self.keeps_year_and_opening(g, year) && self.keeps_names(g, book, false)
    }

    fn keeps_year_and_opening(&self, g: &Game, year: u16) -> bool {
        if let Some((a, b)) = self.years {
            if year < a || year > b {
                return false;
            }
        }
        if self.opening.is_some() {
            let forms = &self.openings[usize::from(g.size == BoardSize::Ten)];
            if !forms.iter().any(|f| g.moves.starts_with(f)) {
                return false;
            }
        }
        true
    }

    /// True when the game's names pass; a name neither the game nor the
    /// book gives passes when `unknown` says so.
    fn keeps_names(&self, g: &Game, book: &NameBook, unknown: bool) -> bool {
        let [t, b, w] = known_names(g, book);
        let holds = |name: Option<&str>, want: &str| {
            name.map_or(unknown, |n| n.to_lowercase().contains(want))
        };
        self.player
            .as_ref()
            .is_none_or(|p| holds(b, p) || holds(w, p))
            && self.tournament.as_ref().is_none_or(|want| holds(t, want))
    }

    /// True when `g` is not kept for want of a name the filter looks at:
    /// it would be kept if the names neither the game nor the book gives
    /// (no names file, or an index past its end) matched.
    pub fn nameless(&self, g: &Game, year: u16, book: &NameBook) -> bool {
        self.keeps_year_and_opening(g, year)
            && !self.keeps_names(g, book, false)
            && self.keeps_names(g, book, true)
    }

    /// How many games of `file` [`Filter::nameless`] finds.
    pub fn nameless_in(&self, file: &GameFile, book: &NameBook) -> usize {
        file.games
            .iter()
            .filter(|g| self.nameless(g, year_of(g, file), book))
            .count()
    }

    /// The warning for `n` games [`Filter::nameless`] found, if any.
    pub fn nameless_warning(&self, n: usize) -> Option<String> {
        (n > 0).then(|| {
            format!(
                "{n} game{} not kept had no name to match ({}): no names file, or an index past its end",
                if n == 1 { "" } else { "s" },
                self.describe()
            )
        })
    }
}

impl Database {
    /// Solves, at its own file's depth, the theoretical score of each game
    /// `filter` keeps that has none (a stored 255, read as none), as
    /// writing WTHOR needs; `options` as for [`convert::fill_theoretical`].
    /// A game that gets none (its moves stop before the depth, a 10x10
    /// game) is an error naming its file and game, or with
    /// `options.skip_bad` is left out: the warnings say which.
    pub fn solve_missing(
        &mut self,
        filter: &Filter,
        options: &convert::Options,
    ) -> Result<Vec<String>, FileError> {
        // Per file, the kept games without a score, and those of them that
        // can get none at its depth: found before any solving, so that a
        // refusal comes at once.
        let mut todo = Vec::with_capacity(self.files.len());
        let mut cannot = Vec::new();
        for (k, f) in self.files.iter().enumerate() {
            let (year, depth) = (f.file.header.year, u32::from(f.file.header.depth()));
            let at: Vec<usize> = (0..f.file.games.len())
                .filter(|&i| {
                    let g = &f.file.games[i];
                    !g.theoretical_known() && filter.matches(g, year, &self.book)
                })
                .collect();
            for &i in &at {
                if let Err(why) = crate::theoretical::solvable(&f.file.games[i], depth) {
                    cannot.push((k, i, why));
                }
            }
            todo.push(at);
        }
        if let (Some((k, i, why)), false) = (cannot.first(), options.skip_bad) {
            let f = &self.files[*k];
            return Err(FileError {
                path: f.path.clone(),
                error: Error::invalid(
                    FormatName(match f.file.size {
                        BoardSize::Eight => "WTB",
                        BoardSize::Ten => "WTD",
                    }),
                    At::record(
                        *i as u64,
                        games_format(f.file.size)
                            .descriptor()
                            .layout
                            .map_or(0, |l| l.offset(*i)),
                    ),
                    format!(
                        "game {}: {why}{}; --skip-bad leaves such games out",
                        i + 1,
                        match cannot.len() {
                            1 => String::new(),
                            n => format!(" ({n} games in all)"),
                        }
                    ),
                ),
            });
        }
        let mut warnings = Vec::new();
        let silent = |_: usize, _: usize| {};
        for (f, at) in self.files.iter_mut().zip(todo) {
            if at.is_empty() {
                continue;
            }
            let mut some = GameFile {
                header: f.file.header,
                size: f.file.size,
                games: at.iter().map(|&i| f.file.games[i].clone()).collect(),
            };
            let unsolved = crate::theoretical::fill(
                &mut some,
                options.jobs,
                options.progress.unwrap_or(&silent),
            );
            for (&i, g) in at.iter().zip(&some.games) {
                f.file.games[i].theoretical = g.theoretical;
            }
            // Only with `skip_bad` (the others were refused above).
            let mut drop = vec![false; f.file.games.len()];
            for u in &unsolved {
                drop[at[u.index]] = true;
                warnings.push(format!(
                    "{}: game {} left out: {}",
                    f.path.display(),
                    at[u.index] + 1,
                    u.why
                ));
            }
            let mut d = drop.iter();
            f.file.games.retain(|_| !d.next().copied().unwrap_or(false));
        }
        Ok(warnings)
    }

    /// How many games [`Filter::nameless`] finds, in every file.
    pub fn nameless(&self, filter: &Filter) -> usize {
        self.files
            .iter()
            .map(|f| filter.nameless_in(&f.file, &self.book))
            .sum()
    }

    /// The games the filter keeps, of every file, as one file: the first
    /// file's header, each game with its year where it is not that one's.
    pub fn select(&self, filter: &Filter) -> GameFile {
        self.select_as(filter, |g, _| Some(g))
    }

    /// [`Database::select`] as it would be once [`Database::solve_missing`]
    /// has run, to try writing before the solving: each kept game without a
    /// theoretical score has its actual one as a stand-in, or is left out
    /// when it can get none at its own file's depth.
    pub fn select_stand_in(&self, filter: &Filter) -> GameFile {
        self.select_as(filter, |mut g, depth| {
            if g.theoretical_known() {
                return Some(g);
            }
            crate::theoretical::solvable(&g, depth).ok()?;
            g.theoretical = g.black_score;
            Some(g)
        })
    }

    /// The games the filter keeps, each as `kept` makes it (told its file's
    /// depth), or left out.
    fn select_as(&self, filter: &Filter, kept: impl Fn(Game, u32) -> Option<Game>) -> GameFile {
        let header = self
            .files
            .first()
            .map_or_else(Header::default, |f| f.file.header);
        let size = self.files.first().map_or(BoardSize::Eight, |f| f.file.size);
        let mut games = Vec::new();
        for f in &self.files {
            let (year, depth) = (f.file.header.year, u32::from(f.file.header.depth()));
            for g in &f.file.games {
                if filter.matches(g, year, &self.book) {
                    let mut g = g.clone();
                    g.year = (year != header.year).then_some(year);
                    games.extend(kept(g, depth));
                }
            }
        }
        GameFile {
            header,
            size,
            games,
        }
    }

    /// The headers of the files, to write a year's file with the header
    /// it had.
    pub fn headers(&self) -> Vec<Header> {
        self.files.iter().map(|f| f.file.header).collect()
    }

    /// Counts by file: games, and those the filter keeps.
    pub fn counts(&self, filter: &Filter) -> Vec<(usize, usize)> {
        self.files
            .iter()
            .map(|f| {
                let year = f.file.header.year;
                let kept = f
                    .file
                    .games
                    .iter()
                    .filter(|g| filter.matches(g, year, &self.book))
                    .count();
                (f.file.games.len(), kept)
            })
            .collect()
    }
}

/// A file to write into an output folder.
#[derive(Debug)]
pub struct OutFile {
    /// Its name in the folder: `WTH_2004.wtb`, `WTHOR.JOU`.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Games in it (0 for the names files).
    pub games: usize,
}

/// The games as WTHOR files, one a year (`WTH_YYYY.wtb`, or `.wtd` on
/// 10x10), with the names files of the book (`WTHOR.JOU`, `WTHOR.TRN`).
/// A year's file takes the header of `headers` of its year when there is
/// one (a file of the database), else a new one (today's date, P3 24).
pub fn per_year(
    file: &GameFile,
    headers: &[Header],
    book: &NameBook,
) -> Result<Vec<OutFile>, Error> {
    let to = games_format(file.size);
    let ext = to.extensions()[0];
    let mut years: BTreeMap<u16, Vec<Game>> = BTreeMap::new();
    for g in &file.games {
        let mut g = g.clone();
        let year = year_of(&g, file);
        g.year = None;
        years.entry(year).or_default().push(g);
    }
    let mut out = Vec::new();
    for (year, games) in years {
        let header = headers
            .iter()
            .find(|h| h.year == year)
            .copied()
            .unwrap_or_else(|| fresh_header(year, file.size));
        let n = games.len();
        let f = GameFile {
            header,
            size: file.size,
            games,
        };
        let mut bytes = Vec::new();
        convert::write_games(to, &f, book, &mut bytes)?;
        out.push(OutFile {
            name: format!("WTH_{year}.{ext}"),
            bytes,
            games: n,
        });
    }
    for (names, name) in [
        (&book.players, "WTHOR.JOU"),
        (&book.tournaments, "WTHOR.TRN"),
    ] {
        if let Some(n) = names {
            let mut bytes = Vec::new();
            convert::write_names_file(n, &mut bytes)?;
            out.push(OutFile {
                name: name.into(),
                bytes,
                games: 0,
            });
        }
    }
    Ok(out)
}

/// What validating one game file of a database found.
#[derive(Debug)]
pub struct FileReport {
    /// The file.
    pub path: PathBuf,
    /// Its format: WTB, or WTD for 10x10 games.
    pub format: OthelloFormat,
    /// Its year (0 when the header cannot be read).
    pub year: u16,
    /// Records read.
    pub records: usize,
    /// Games the filter keeps.
    pub selected: usize,
    /// Every problem (of the games kept, and of the file).
    pub errors: Vec<Error>,
    /// Unfinished games kept (not errors).
    pub unfinished: usize,
    /// What was read leniently.
    pub warnings: Vec<String>,
    /// Games not kept that had no name to match ([`Filter::nameless`]).
    pub nameless: usize,
    /// Its games, when every record reads (for `validate --solve`).
    pub games: Option<GameFile>,
    /// Whether the filter keeps each record.
    pub keep: Vec<bool>,
}

/// Validates every game file of the sources (each game replayed, scores
/// and names indices checked against the names files), reporting the
/// problems of the games the filter keeps and of the files themselves. A
/// file that cannot be read is an error of its own.
pub fn validate(
    sources: &Sources,
    book: &NameBook,
    filter: &Filter,
) -> Vec<Result<FileReport, FileError>> {
    sources
        .games
        .iter()
        .map(|path| {
            let bytes = read_file(path)?;
            let format = games_format(size_of(path));
            let Some(v) = convert::check(format, &bytes, book) else {
                return Err(FileError {
                    path: path.clone(),
                    error: unsupported(format!("{} files are not checked", format.name())),
                });
            };
            let year = Header::read_from(&bytes).map_or(0, |h| h.year);
            let records = v.records;
            // Kept or not, and nameless, by record: a record that does not
            // decode is shown whatever is asked.
            let (mut keep, mut nameless) = (vec![true; records], 0);
            if let (false, Some(f)) = (filter.is_empty(), &v.games) {
                for (g, &r) in f.games.iter().zip(&v.read) {
                    if let Some(k) = keep.get_mut(r as usize) {
                        *k = filter.matches(g, year, book);
                        nameless += usize::from(filter.nameless(g, year, book));
                    }
                }
            }
            let decoded = v.games.filter(|f| f.games.len() == records);
            let kept = |r: u64| keep.get(r as usize).copied().unwrap_or(true);
            let selected = keep.iter().filter(|&&k| k).count();
            let errors: Vec<Error> = v
                .errors
                .into_iter()
                .filter(|e| e.position().and_then(|p| p.record).is_none_or(kept))
                .collect();
            let unfinished = v.unfinished.iter().filter(|&&r| kept(r)).count();
            let warnings = v.warnings;
            Ok(FileReport {
                path: path.clone(),
                format,
                year,
                records,
                selected,
                errors,
                unfinished,
                warnings,
                nameless,
                games: decoded,
                keep,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> Game {
        Game {
            size: BoardSize::Eight,
            tournament: 1,
            black: 1,
            white: 2,
            black_score: 0,
            theoretical: 0,
            moves: Game::parse_transcript(moves, BoardSize::Eight).unwrap(),
            year: None,
            names: None,
        }
    }

    fn book() -> NameBook {
        let names = |kind, list: &[&str]| Names {
            kind,
            header: Header::default(),
            names: list.iter().map(|s| s.to_string()).collect(),
        };
        NameBook {
            players: Some(names(Kind::Jou, &["???", "Inoue Hiroshi", "Tastet Marc"])),
            tournaments: Some(names(Kind::Trn, &["x", "World Championship"])),
            ..NameBook::default()
        }
    }

    #[test]
    fn years() {
        assert_eq!(Filter::parse_years("2004"), Ok((2004, 2004)));
        assert_eq!(Filter::parse_years("2000-2004"), Ok((2000, 2004)));
        assert_eq!(Filter::parse_years("2000-"), Ok((2000, u16::MAX)));
        assert_eq!(Filter::parse_years("-1990"), Ok((0, 1990)));
        assert!(Filter::parse_years("2004-2000").is_err());
        assert!(Filter::parse_years("x").is_err());
        assert!(Filter::parse_years("").is_err());
    }

    #[test]
    fn players_and_tournaments_by_part_of_the_name_in_any_case() {
        let (g, b) = (game("f5"), book());
        assert!(Filter::default().player("inoue").matches(&g, 2004, &b));
        assert!(Filter::default().player("TASTET").matches(&g, 2004, &b));
        assert!(!Filter::default().player("quin").matches(&g, 2004, &b));
        assert!(Filter::default().tournament("world").matches(&g, 2004, &b));
        assert!(!Filter::default().years(2000, 2003).matches(&g, 2004, &b));
    }

    #[test]
    fn openings_under_the_symmetries_of_the_start() {
        let (g, b) = (game("f5d6c3d3c4"), book());
        let keeps = |o: &str| Filter::default().opening(o).unwrap().matches(&g, 2004, &b);
        assert!(keeps("f5d6c3d3"));
        assert!(keeps("f5d6"));
        // The same opening from d3, c4 and e6: f5d6c3 turned about the
        // anti-diagonal (d3c5f6), by a half turn (c4e3f6), about the
        // diagonal (e6f4c3); worked out by hand.
        assert!(keeps("d3c5f6"));
        assert!(!keeps("d3c3f4"), "the diagonal opening, not this one");
        assert!(keeps("c4e3f6"));
        assert!(keeps("e6f4c3"));
        assert!(!keeps("f5f6"));
        assert!(Filter::default().opening("zz").is_err());
    }

    #[test]
    fn a_game_is_nameless_only_when_an_unknown_name_could_have_kept_it() {
        use crate::model::game::GameNames;
        // No names file: only the game's own names are known.
        let book = NameBook::default();
        let named = |black: Option<&str>, white: Option<&str>, t: Option<&str>| {
            let mut g = game("f5d6");
            g.names = Some(Box::new(GameNames {
                tournament: t.map(String::from),
                black: black.map(String::from),
                white: white.map(String::from),
                unresolved: None,
            }));
            g
        };
        let f = Filter::default().player("ann").tournament("open");
        // Both players known and not Ann: refused by its names, whatever
        // the unknown tournament.
        assert!(!f.nameless(&named(Some("Bob"), Some("Cy"), None), 2000, &book));
        // White unknown, the tournament matches: Ann could be White.
        assert!(f.nameless(&named(Some("Bob"), None, Some("Paris Open")), 2000, &book));
        // Kept: not nameless.
        let kept = named(Some("Ann"), None, Some("Paris Open"));
        assert!(f.matches(&kept, 2000, &book) && !f.nameless(&kept, 2000, &book));
        // Refused by its year first: not for want of a name.
        let years = Filter::default().player("ann").years(1990, 1990);
        assert!(!years.nameless(&named(None, None, None), 2000, &book));
        assert!(years.nameless(&named(None, None, None), 1990, &book));
    }
}
