//! What the Python objects (`boardfile._model`: `Deal`, `Board`, `DDTable`,
//! `Par`...) ask of the Rust model: a deal read, numbered and solved, a
//! par spelled, a board drawn as the hand records draw it, and dealer
//! scripts dealt. The objects themselves are Python, built on the model's
//! JSON Lines form; every rule (what a deal is, how par is spelled, what
//! the diagram looks like) is the library's.

use crate::{py_error, value_error};
use boardfile_bridge::deal::dealer::{Generator, Script};
use boardfile_bridge::deal::seeded::Seed;
use boardfile_bridge::diagram::html::{board_html, scoped_style};
use boardfile_bridge::{
    dd, Board, Deal, Diagnostics, Format, Heading, Par, Seat, Strain, Vulnerability,
};
use boardfile_io::{Error, ErrorKind, FormatName, Position, Source};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A deal in PBN's form, read by the model: its canonical text
/// (`N:` then the four hands).
#[pyfunction]
fn parse_deal(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(Deal::parse_pbn(text.trim())
        .map_err(|m| bad_deal(py, text, &m))?
        .to_pbn())
}

/// `BoardfileError` for a deal that does not read.
pub(crate) fn bad_deal(py: Python<'_>, text: &str, why: &str) -> PyErr {
    let e = Error::new(ErrorKind::Syntax(format!("{text:?}: {why}")));
    py_error(py, "<deal>", &e)
}

/// The deal of Pavlicek's number (as decimal text: a number up to 2^96).
#[pyfunction]
fn deal_of_number(number: &str) -> PyResult<String> {
    number
        .parse::<u128>()
        .ok()
        .and_then(Deal::from_number)
        .map(|d| d.to_pbn())
        .ok_or_else(|| value_error(format!("{number}: not a deal number (1 to 5.36e28)")))
}

/// Pavlicek's number of a complete deal, as decimal text.
#[pyfunction]
fn number_of_deal(py: Python<'_>, text: &str) -> PyResult<String> {
    let deal = Deal::parse_pbn(text).map_err(|m| bad_deal(py, text, &m))?;
    deal.number()
        .map(|n| n.to_string())
        .ok_or_else(|| value_error(format!("{text:?}: a partial deal has no number")))
}

pub(crate) fn seat(name: &str) -> PyResult<Seat> {
    name.bytes()
        .next()
        .filter(|_| name.len() == 1)
        .and_then(Seat::from_letter)
        .ok_or_else(|| value_error(format!("{name:?} is not a seat (N, E, S, W)")))
}

/// Par as (North-South's score, the contracts in PBN's spelling).
type ParSpelled = (i32, Vec<String>);

/// Solves one deal: its 20 trick counts (declarers N, E, S, W, each
/// strains C, D, H, S, NT: the JSON Lines order), and par for the dealer
/// and vulnerability given, as (North-South's score, contracts in PBN's
/// spelling). The GIL is released while it solves.
#[pyfunction]
#[pyo3(signature = (text, dealer="N", vulnerable="None"))]
fn solve_deal(
    py: Python<'_>,
    text: &str,
    dealer: &str,
    vulnerable: &str,
) -> PyResult<(Vec<u8>, Option<ParSpelled>)> {
    let deal = Deal::parse_pbn(text).map_err(|m| bad_deal(py, text, &m))?;
    if !deal.is_complete() {
        return Err(value_error(format!(
            "{text:?}: a partial deal (double dummy needs all 52 cards)"
        )));
    }
    let dealer = seat(dealer)?;
    let vulnerability = Vulnerability::from_name(vulnerable)
        .ok_or_else(|| value_error(format!("{vulnerable:?}: not None, NS, EW or All")))?;
    let table = py
        .detach(|| dd::solve(&deal))
        .ok_or_else(|| value_error("the solver failed on this deal"))?;
    let mut tricks = Vec::with_capacity(20);
    for s in Seat::ALL {
        for strain in Strain::ALL {
            tricks.push(table.get(s, strain).unwrap_or(0));
        }
    }
    let par = dd::par(&table, vulnerability, dealer).map(|p| {
        let spelled = p
            .contracts
            .iter()
            .map(|c| Par::spell_pbn(std::slice::from_ref(c)));
        (p.score_ns, spelled.collect())
    });
    Ok((tricks, par))
}

/// The model's contract strings (`4S-W`, JSON Lines') in PBN's spelling,
/// an item each (`W 4S`).
#[pyfunction]
fn pbn_contracts(contracts: Vec<String>) -> Vec<String> {
    contracts
        .iter()
        .map(|c| Par::spell_pbn(std::slice::from_ref(c)))
        .collect()
}

/// PBN's spelling of par contracts (`W 4S; NS 5DX`) in the model's
/// strings (`4S-W`, `5DX-NS`).
#[pyfunction]
fn model_contracts(text: &str) -> Vec<String> {
    Par::contracts_from_pbn(text)
}

/// A board given as a JSON Lines line, read by the JSON Lines reader.
pub(crate) fn board_of(py: Python<'_>, line: &[u8]) -> PyResult<Board> {
    let mut diag = Diagnostics::strict();
    let mut reader = Format::Jsonl
        .open(Source::from_bytes(line), &mut diag)
        .map_err(|e| py_error(py, "<board>", &e))?;
    match reader.next_board(&mut diag) {
        Ok(Some(b)) => Ok(b),
        Ok(None) => Err(value_error("no board")),
        Err(e) => Err(py_error(py, "<board>", &e)),
    }
}

/// Boards (JSON Lines text, a board a line) as the hand records draw
/// them: a `<section class="board">` each.
#[pyfunction]
fn boards_html(py: Python<'_>, lines: &Bound<'_, PyBytes>) -> PyResult<String> {
    let mut out = String::new();
    for line in lines.as_bytes().split(|&b| b == b'\n') {
        if !line.trim_ascii().is_empty() {
            board_html(&board_of(py, line)?, &mut out);
        }
    }
    Ok(out)
}

/// A board's play (a JSON Lines line) valued double dummy, card by card
/// (`dd::play`), as JSON text; None when there is nothing to value.
#[pyfunction]
fn play_values(py: Python<'_>, line: &Bound<'_, PyBytes>) -> PyResult<Option<String>> {
    let board = board_of(py, line.as_bytes())?;
    let values = py
        .detach(|| boardfile_bridge::dd::play::analyse_play(&board))
        .map_err(|m| value_error(format!("board {}: {m}", board.number)))?;
    Ok(values.map(|v| boardfile_bridge::formats::jsonl::game::play_values_json(&v)))
}

/// The event, site and date of a set given as JSON Lines text (its set
/// line, if any, then its first board, if any): the set's own, else the
/// first board's `Event`, `Site` and `Date` tags (`SetInfo::heading`'s
/// rule, the one the hand records title themselves by).
#[pyfunction]
fn headings(py: Python<'_>, lines: &Bound<'_, PyBytes>) -> PyResult<[Option<String>; 3]> {
    let mut diag = Diagnostics::strict();
    let mut reader = Format::Jsonl
        .open(Source::from_bytes(lines.as_bytes()), &mut diag)
        .map_err(|e| py_error(py, "<set>", &e))?;
    let first = reader
        .next_board(&mut diag)
        .map_err(|e| py_error(py, "<set>", &e))?;
    let info = reader.head();
    Ok([Heading::Event, Heading::Site, Heading::Date]
        .map(|h| info.heading(h, first.as_ref()).map(str::to_string)))
}

/// The hand records' style with every rule inside `scope` (a class
/// selector), for a board drawn inside a page that is not ours (a
/// notebook).
#[pyfunction]
fn board_style(scope: &str) -> String {
    scoped_style(scope)
}

/// Deals that satisfy a dealer script (dealer's language, as
/// `boardfile deal --where`): JSON Lines text, the seed, and the counts
/// produced and generated. A script error raises `BoardfileError` with
/// its line and column.
#[pyfunction]
#[pyo3(signature = (script, produce=None, seed=None, first=1, jobs=1, generate=None))]
fn deal_where<'py>(
    py: Python<'py>,
    script: &str,
    produce: Option<u64>,
    seed: Option<&str>,
    first: u32,
    jobs: usize,
    generate: Option<u64>,
) -> PyResult<(Bound<'py, PyBytes>, String, u64, u64)> {
    let parsed = Script::parse(script).map_err(|e| {
        let at = Position::byte(e.byte_in(script))
            .with_line(u64::from(e.line))
            .with_column(u64::from(e.column));
        let error = Error::new(ErrorKind::Syntax(e.message.clone())).at(FormatName("DEALER"), at);
        py_error(py, "<script>", &error)
    })?;
    let produce = produce.or(parsed.produce).unwrap_or(40);
    if produce == 0 || u64::from(first) + produce - 1 > u64::from(u32::MAX) || first == 0 {
        return Err(value_error(format!(
            "{produce} boards from {first}: no such board numbers"
        )));
    }
    let seed = match seed {
        Some(s) => Seed::parse(s).map_err(value_error)?,
        None => Seed::from_os().map_err(value_error)?,
    };
    let (out, produced, generated) = py
        .detach(|| -> Result<_, Error> {
            let mut generator =
                Generator::new(&parsed, &seed, first, produce, jobs.max(1), generate);
            let out = crate::jsonl_of(&mut generator, &mut Diagnostics::strict())?;
            Ok((out, generator.produced(), generator.generated()))
        })
        .map_err(|e| py_error(py, "<script>", &e))?;
    if produced < produce {
        crate::warning(
            py,
            format!(
                "<script>: only {produced} of {produce} boards: {generated} deals generated (the limit: raise it with generate=)"
            ),
        )?;
    }
    Ok((
        PyBytes::new(py, &out),
        seed.to_string(),
        produced,
        generated,
    ))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_deal, m)?)?;
    m.add_function(wrap_pyfunction!(deal_of_number, m)?)?;
    m.add_function(wrap_pyfunction!(number_of_deal, m)?)?;
    m.add_function(wrap_pyfunction!(solve_deal, m)?)?;
    m.add_function(wrap_pyfunction!(pbn_contracts, m)?)?;
    m.add_function(wrap_pyfunction!(model_contracts, m)?)?;
    m.add_function(wrap_pyfunction!(boards_html, m)?)?;
    m.add_function(wrap_pyfunction!(board_style, m)?)?;
    m.add_function(wrap_pyfunction!(headings, m)?)?;
    m.add_function(wrap_pyfunction!(play_values, m)?)?;
    m.add_function(wrap_pyfunction!(deal_where, m)?)?;
    Ok(())
}
