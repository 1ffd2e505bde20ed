//! Othello for Python: games as the JSON Lines writer's lines, replaying
//! a transcript, and theoretical scores checked in shards (boardfile.dask).

use crate::{py_error, value_error, Src};
use boardfile_io::{Error, FormatName, Position as At};
use boardfile_othello::analysis;
use boardfile_othello::convert::{read_games, NameFiles};
use boardfile_othello::endgame::Board;
use boardfile_othello::endgame::Solver;
use boardfile_othello::text::{write_jsonl, NameBook};
use boardfile_othello::theoretical::{self, Plan, Solve};
use boardfile_othello::wthor::games::GameFile;
use boardfile_othello::{BoardSize, Color, Game, OthelloFormat, Position, Square};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::path::PathBuf;

/// The games of `source` (its format named or detected), names looked up
/// in `players`/`tournaments`, else WTHOR.JOU/WTHOR.TRN beside the file;
/// and the source's name.
fn load_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    players: Option<PathBuf>,
    tournaments: Option<PathBuf>,
) -> PyResult<(GameFile, NameBook, String, OthelloFormat)> {
    let src = Src::of(source)?;
    let name = src.name();
    let path = src.path().map(|p| p.to_path_buf());
    let (_, mut stream) = src.open()?;
    let mut bytes = Vec::new();
    if !boardfile_io::source::read_within(&mut stream, &mut bytes, boardfile_othello::MAX_FILE)
        .map_err(|e| crate::os_error(&name, e))?
    {
        return Err(value_error(format!("{name}: longer than 64 MiB")));
    }
    let f = match format {
        Some(n) => OthelloFormat::from_name(n)
            .ok_or_else(|| value_error(format!("unknown Othello format {n:?}")))?,
        None => {
            let readable: Vec<OthelloFormat> = OthelloFormat::ALL
                .iter()
                .copied()
                .filter(|f| f.descriptor().read_games.is_some())
                .collect();
            *boardfile_io::detect(&readable, |f| f.info(), &bytes, path.as_deref())
                .map_err(|e| py_error(py, &name, &e))?
        }
    };
    let names = NameFiles {
        players,
        tournaments,
        beside: path,
        add: false,
    };
    let mut book = names
        .load()
        .map_err(|e| py_error(py, &e.path.display().to_string(), &e.error))?;
    let mut diag = boardfile_io::Diagnostics::strict();
    let file = read_games(f, &bytes, &mut book, &mut diag).map_err(|e| py_error(py, &name, &e))?;
    // What the reader inferred or kept against the moves (a score taken
    // from the board, one the moves do not give), as Python warnings.
    crate::Teller::default().tell(py, &name, &diag, true)?;
    Ok((file, book, name, f))
}

/// [`load_games`] for a file that stores theoretical scores (WTHOR's, JSON
/// Lines) of 8x8 games: other files of games have none to check, and the
/// solver cannot check 10x10 ones.
fn load_scored(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    players: Option<PathBuf>,
    tournaments: Option<PathBuf>,
) -> PyResult<(GameFile, NameBook, String)> {
    let (file, book, name, f) = load_games(py, source, format, players, tournaments)?;
    if !f.descriptor().theoretical {
        return Err(value_error(format!(
            "{name}: {} stores no theoretical scores to check; WTB and JSON Lines files do",
            f.name()
        )));
    }
    if file.size == BoardSize::Ten {
        return Err(value_error(format!(
            "{name}: the solver is for 8x8 boards, so {}'s 10x10 scores cannot be checked",
            f.name()
        )));
    }
    Ok((file, book, name))
}

/// The games of a file as JSON Lines text (the header line first), names
/// looked up in `players`/`tournaments`, else WTHOR.JOU/WTHOR.TRN beside
/// the file.
#[pyfunction]
#[pyo3(signature = (source, format=None, players=None, tournaments=None))]
fn read_games_lines<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    format: Option<&str>,
    players: Option<PathBuf>,
    tournaments: Option<PathBuf>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (file, book, _, _) = load_games(py, source, format, players, tournaments)?;
    let mut out = String::new();
    write_jsonl(&file, &book, &mut out);
    Ok(PyBytes::new(py, out.as_bytes()))
}

// ---- Theoretical scores checked in shards (boardfile.dask).
//
// A position to solve travels as 17 bytes: the player to move's discs and
// the other's (u64, little-endian) and the score to prove for the player
// to move (i8; NO_PROOF: solve outright). Its score comes back as an i8.

const BOARD_LEN: usize = 17;
const NO_PROOF: i8 = i8::MAX;

fn push_solve(out: &mut Vec<u8>, x: &Solve) {
    out.extend_from_slice(&x.board.player.to_le_bytes());
    out.extend_from_slice(&x.board.opponent.to_le_bytes());
    out.push(x.prove.map_or(NO_PROOF, |v| v as i8) as u8);
}

fn parse_solve(b: &[u8]) -> (Board, Option<i32>) {
    let word = |at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[at..at + 8]);
        u64::from_le_bytes(w)
    };
    let v = b[16] as i8;
    (
        Board {
            player: word(0),
            opponent: word(8),
        },
        (v != NO_PROOF).then_some(i32::from(v)),
    )
}

/// The positions a check of `source`'s theoretical scores solves: the
/// games' indices from 0 (u64, little-endian), their positions (17 bytes
/// each), and how many games the file holds.
#[pyfunction]
#[pyo3(signature = (source, format=None, full=false))]
fn theoretical_positions<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    format: Option<&str>,
    full: bool,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, usize)> {
    let (file, _, _) = load_scored(py, source, format, None, None)?;
    let (mut indices, mut boards) = (Vec::new(), Vec::new());
    for (i, p) in theoretical::plans(&file, full).iter().enumerate() {
        if let Ok(Plan::Solve(x)) = p {
            indices.extend_from_slice(&(i as u64).to_le_bytes());
            push_solve(&mut boards, x);
        }
    }
    Ok((
        PyBytes::new(py, &indices),
        PyBytes::new(py, &boards),
        file.games.len(),
    ))
}

/// Solves positions (17 bytes each, as `theoretical_positions` gives them)
/// on `jobs` threads, the GIL released: each one's score for the player to
/// move, an i8 each, in order.
#[pyfunction]
#[pyo3(signature = (boards, jobs=1))]
fn solve_othello_boards<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyBytes>,
    jobs: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = boards.as_bytes();
    if bytes.len() % BOARD_LEN != 0 {
        return Err(value_error(format!(
            "{} bytes of positions: not a whole number of {BOARD_LEN}-byte positions",
            bytes.len()
        )));
    }
    let mut solves = Vec::with_capacity(bytes.len() / BOARD_LEN);
    for (k, chunk) in bytes.chunks(BOARD_LEN).enumerate() {
        let (board, prove) = parse_solve(chunk);
        if board.player & board.opponent != 0 {
            return Err(value_error(format!(
                "position {}: a square is held by both players",
                k + 1
            )));
        }
        solves.push(Solve {
            board,
            to_move: Color::Black,
            prove,
        });
    }
    let scores = py.detach(move || theoretical::solve_all(&solves, jobs.max(1), &|_, _| {}));
    let out: Vec<u8> = scores.iter().map(|&s| s as i8 as u8).collect();
    Ok(PyBytes::new(py, &out))
}

/// What the check of `source`'s theoretical scores found, from the
/// shards' scores (`results`: each `(indices, boards, scores)`): the
/// games confirmed, the wrong ones and those that cannot be solved, each
/// with the line `boardfile validate --solve` gives, the games without a
/// stored score (counted) and the command line's note. Every position is
/// checked against the file's, so that a file changed since its shards
/// were cut is refused rather than misreported.
#[pyfunction]
#[pyo3(signature = (source, results, format=None, full=false, players=None, tournaments=None))]
fn theoretical_report<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    results: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)>,
    format: Option<&str>,
    full: bool,
    players: Option<PathBuf>,
    tournaments: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let (file, book, name) = load_scored(py, source, format, players, tournaments)?;
    let plans = theoretical::plans(&file, full);
    let mut scores = vec![None; plans.len()];
    for (indices, boards, got) in &results {
        let n = got.len();
        if indices.len() != 8 * n || boards.len() != BOARD_LEN * n {
            return Err(value_error(format!(
                "a shard's indices, positions and scores do not match ({}, {} and {} bytes)",
                indices.len(),
                boards.len(),
                n
            )));
        }
        for k in 0..n {
            let mut w = [0u8; 8];
            w.copy_from_slice(&indices[8 * k..8 * k + 8]);
            let i = u64::from_le_bytes(w);
            let mut expected = Vec::with_capacity(BOARD_LEN);
            match usize::try_from(i).ok().and_then(|i| plans.get(i)) {
                Some(Ok(Plan::Solve(x))) => push_solve(&mut expected, x),
                _ => {
                    return Err(value_error(format!(
                        "{name}: game {} has no position to solve: the file is not the one the shards were cut from",
                        i.saturating_add(1)
                    )))
                }
            }
            if expected[..] != boards[BOARD_LEN * k..BOARD_LEN * (k + 1)] {
                return Err(value_error(format!(
                    "{name}: game {}'s position is not the shard's: the file is not the one the shards were cut from",
                    i.saturating_add(1)
                )));
            }
            scores[i as usize] = Some(i32::from(got[k] as i8));
        }
    }
    let Some(checked) = theoretical::checked(&file, &plans, &scores) else {
        let missing = plans
            .iter()
            .zip(&scores)
            .position(|(p, s)| matches!(p, Ok(Plan::Solve(_))) && s.is_none())
            .map_or(0, |i| i + 1);
        return Err(value_error(format!(
            "{name}: game {missing} was not solved in any shard"
        )));
    };
    let lines = checked.wrong_lines(&file, &book);
    let wrong = PyList::empty(py);
    for (w, line) in checked.wrong.iter().zip(lines) {
        let g = &file.games[w.index];
        let [_, black, white] = boardfile_othello::text::known_names(g, &book);
        let d = PyDict::new(py);
        d.set_item("game", w.index + 1)?;
        d.set_item("year", boardfile_othello::text::year_of(g, &file))?;
        d.set_item("black", black)?;
        d.set_item("white", white)?;
        d.set_item("stored", w.stored)?;
        d.set_item("solved", w.solved)?;
        d.set_item("message", line)?;
        wrong.append(d)?;
    }
    let unsolvable = PyList::empty(py);
    for (u, line) in checked.unsolved.iter().zip(checked.unsolved_lines()) {
        let d = PyDict::new(py);
        d.set_item("game", u.index + 1)?;
        d.set_item("why", u.why.to_string())?;
        d.set_item("message", line)?;
        unsolvable.append(d)?;
    }
    let d = PyDict::new(py);
    d.set_item("file", name)?;
    d.set_item("games", file.games.len())?;
    d.set_item("confirmed", checked.confirmed)?;
    d.set_item("wrong", wrong)?;
    d.set_item("unsolvable", unsolvable)?;
    d.set_item("unstored", checked.unstored)?;
    d.set_item("note", checked.note())?;
    Ok(d)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A game's moves from `empties` empty squares on, valued exactly (the
/// library's `analysis`): a JSON array, an object a move.
#[pyfunction]
#[pyo3(signature = (moves, empties=22))]
fn analyse_moves(py: Python<'_>, moves: &str, empties: u32) -> PyResult<String> {
    let format = FormatName("MOVES");
    let squares = Game::parse_transcript(moves, BoardSize::Eight)
        .map_err(|m| py_error(py, "<moves>", &Error::syntax(format, At::byte(0), m)))?;
    let values = py
        .detach(|| {
            let mut solver = Solver::new().splitting(true);
            analysis::analyse(BoardSize::Eight, &squares, empties, &mut solver)
        })
        .map_err(|e| {
            py_error(
                py,
                "<moves>",
                &Error::syntax(format, At::byte(0), e.to_string()),
            )
        })?;
    Ok(analysis::to_json(&values).to_string())
}

/// Plays a transcript (`f5d6c3...`, passes not written) from the start:
/// the final position and score, or `BoardfileError` at the move refused.
#[pyfunction]
#[pyo3(signature = (moves, board_size=8))]
fn replay<'py>(py: Python<'py>, moves: &str, board_size: u8) -> PyResult<Bound<'py, PyDict>> {
    let size = match board_size {
        8 => BoardSize::Eight,
        10 => BoardSize::Ten,
        n => return Err(value_error(format!("board_size {n}: 8 or 10"))),
    };
    let format = FormatName("MOVES");
    let squares: Vec<Square> = Game::parse_transcript(moves, size)
        .map_err(|m| py_error(py, "<moves>", &Error::syntax(format, At::byte(0), m)))?;
    let mut p = Position::start(size);
    let mut passes = Vec::new();
    for (i, &sq) in squares.iter().enumerate() {
        let to_move = p.to_move();
        match p.play(sq) {
            Ok(played) => {
                if played.passed {
                    passes.push(i);
                }
            }
            Err(e) => {
                let why = match e {
                    boardfile_othello::MoveError::Illegal => "is not legal",
                    boardfile_othello::MoveError::IllegalAfterPass => {
                        "is not legal (the player to move has none, and the other player cannot play it either)"
                    }
                };
                let at = At::byte(2 * i as u64).within("move", i as u64 + 1);
                let m = format!("move {} {sq} {why} for {}", i + 1, color_name(to_move));
                return Err(py_error(py, "<moves>", &Error::invalid(format, at, m)));
            }
        }
    }
    let side = size.side();
    let mut rows = Vec::with_capacity(side as usize);
    for row in 0..side {
        let mut line = String::with_capacity(side as usize);
        for col in 0..side {
            line.push(match p.at(Square { col, row }) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        rows.push(line);
    }
    let d = PyDict::new(py);
    d.set_item("board", rows)?;
    d.set_item("black", p.discs(Color::Black).count_ones())?;
    d.set_item("white", p.discs(Color::White).count_ones())?;
    d.set_item("empties", p.empties())?;
    d.set_item("moves", squares.len())?;
    d.set_item("passes", passes)?;
    let over = p.is_over();
    d.set_item("finished", over)?;
    d.set_item("to_move", (!over).then(|| color_name(p.to_move())))?;
    d.set_item("black_score", over.then(|| p.final_black_score()))?;
    Ok(d)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyse_moves, m)?)?;
    m.add_function(wrap_pyfunction!(read_games_lines, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(theoretical_positions, m)?)?;
    m.add_function(wrap_pyfunction!(solve_othello_boards, m)?)?;
    m.add_function(wrap_pyfunction!(theoretical_report, m)?)?;
    Ok(())
}
