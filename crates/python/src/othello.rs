//! Othello for Python: games as the JSON Lines writer's lines, and
//! replaying a transcript.

use crate::{py_error, value_error, Src};
use boardfile_io::{Error, FormatName, Position as At};
use boardfile_othello::convert::{read_games, NameFiles};
use boardfile_othello::text::write_jsonl;
use boardfile_othello::{BoardSize, Color, Game, OthelloFormat, Position, Square};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::path::PathBuf;

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
    let file = read_games(f, &bytes, &mut book).map_err(|e| py_error(py, &name, &e))?;
    let mut out = String::new();
    write_jsonl(&file, &book, &mut out);
    Ok(PyBytes::new(py, out.as_bytes()))
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
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
    m.add_function(wrap_pyfunction!(read_games_lines, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    Ok(())
}
