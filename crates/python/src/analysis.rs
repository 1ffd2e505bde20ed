//! What the analyst's calls (`boardfile.score`, `imps`, `Hand`'s
//! measures, `Position`, `leads`) ask of the library: scores and IMPs,
//! hand evaluation, positions in the middle of play solved card by card,
//! and opening-lead studies. Every rule is the library's.

use crate::objects::{bad_deal, board_of, seat};
use crate::value_error;
use boardfile_bridge::dd::leads::{script_for, script_text, study, Study};
use boardfile_bridge::dd::position::Position as PlayPosition;
use boardfile_bridge::deal::dealer::Generator;
use boardfile_bridge::deal::seeded::Seed;
use boardfile_bridge::{BoardReader, Card, Contract, Deal, Diagnostics, Hand, Seat, Strain};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A board's play (a JSON Lines line) as a position's makings: the
/// contract's strain, the opening leader (declarer's left) and the cards
/// in the order played; None without a contract bid or a play.
#[pyfunction]
fn board_play(
    py: Python<'_>,
    line: &Bound<'_, PyBytes>,
) -> PyResult<Option<(String, String, Vec<String>)>> {
    let board = board_of(py, line.as_bytes())?;
    let (
        Some(play),
        Some(Contract::Bid {
            strain, declarer, ..
        }),
    ) = (board.play.as_deref(), board.contract())
    else {
        return Ok(None);
    };
    let trump = boardfile_bridge::strain_suit(strain);
    let cards = play.chronological(trump);
    Ok(Some((
        strain.name().to_string(),
        declarer.next(1).letter().to_string(),
        cards.iter().map(|(_, c)| c.to_string()).collect(),
    )))
}

/// Declarer's score at duplicate (Law 77) for a contract in PBN's
/// spelling (`4SX`, `3NT`, `Pass`), `tricks` taken, declarer's side
/// `vulnerable`.
#[pyfunction]
fn score(contract: &str, tricks: i32, vulnerable: bool) -> PyResult<i32> {
    let c = Contract::parse(contract.trim(), Some(Seat::North)).ok_or_else(|| {
        value_error(format!(
            "{contract:?}: not a contract (4S, 3NTX, 6HXX, Pass)"
        ))
    })?;
    if !(0..=13).contains(&tricks) {
        return Err(value_error(format!("{tricks} tricks: 0 to 13")));
    }
    Ok(c.score(tricks, vulnerable))
}

/// IMPs for a score difference (Law 78B), with its sign.
#[pyfunction]
fn imps(difference: i64) -> i32 {
    let d = difference.clamp(i64::from(i32::MIN) + 1, i64::from(i32::MAX));
    boardfile_bridge::model::auction::imps(d as i32)
}

/// A hand's evaluation (PBN's hand form, `AKQ.JT9..5432`): losers,
/// controls, quick tricks in halves, Kaplan and Rubens' evaluation times
/// 100, and each suit's quality times 100 (spades first).
#[pyfunction]
fn evaluate_hand(text: &str) -> PyResult<(i32, u32, u32, i32, [i32; 4])> {
    use boardfile_bridge::model::evaluation::quality;
    let hand = Hand::parse_dotted(text.trim())
        .map_err(|e| value_error(format!("{text:?}: not a hand ({e})")))?;
    let suits = boardfile_bridge::Suit::ALL.map(|s| quality(hand.suit_bits(s)));
    Ok((
        hand.losers(),
        hand.controls(),
        hand.quick_tricks_halves(),
        hand.cccc(),
        suits,
    ))
}

/// The position after `played` (cards as `SA`), the play opened by
/// `leader` in `strain` (`S`, `H`, `D`, `C`, `NT`).
fn position_of(
    py: Python<'_>,
    deal: &str,
    strain: &str,
    leader: &str,
    played: &[String],
) -> PyResult<PlayPosition> {
    let parsed = Deal::parse_pbn(deal).map_err(|m| bad_deal(py, deal, &m))?;
    let strain = Strain::from_name(strain)
        .ok_or_else(|| value_error(format!("{strain:?}: not a strain (S, H, D, C, NT)")))?;
    let mut position = PlayPosition::new(parsed, strain, seat(leader)?).map_err(value_error)?;
    for (i, text) in played.iter().enumerate() {
        let card = text.parse().map_err(value_error)?;
        position
            .play(card)
            .map_err(|e| value_error(format!("card {} of the play: {e}", i + 1)))?;
    }
    Ok(position)
}

/// What a position shows: (the seat to play, the trick under way as
/// (seat, card) pairs, tricks won by North-South and East-West, the
/// cards the seat to play may play, tricks left).
type PositionState = (String, Vec<(String, String)>, [u8; 2], Vec<String>, u8);

/// A position's state (nothing solved).
#[pyfunction]
fn position_state(
    py: Python<'_>,
    deal: &str,
    strain: &str,
    leader: &str,
    played: Vec<String>,
) -> PyResult<PositionState> {
    let p = position_of(py, deal, strain, leader, &played)?;
    let letter = |s: Seat| s.letter().to_string();
    Ok((
        letter(p.to_play()),
        p.trick()
            .iter()
            .map(|&(s, c)| (letter(s), c.to_string()))
            .collect(),
        p.won(),
        p.legal().iter().map(Card::to_string).collect(),
        p.tricks_left(),
    ))
}

/// Each card the seat to play may play, with the tricks its side takes
/// from here under best play after it. The GIL is released while it
/// solves.
#[pyfunction]
fn solve_position(
    py: Python<'_>,
    deal: &str,
    strain: &str,
    leader: &str,
    played: Vec<String>,
) -> PyResult<Vec<(String, u8)>> {
    let p = position_of(py, deal, strain, leader, &played)?;
    let values = py.detach(|| p.solve()).map_err(value_error)?;
    Ok(values
        .into_iter()
        .map(|(c, t)| (c.to_string(), t))
        .collect())
}

/// A lead as the study sums it: (name, cards, the defence's average
/// tricks, the share beating the contract, its 95% interval low and
/// high, the share as the best lead).
type LeadRow = (String, Vec<String>, f64, f64, f64, f64, f64);

/// The study's hand, contract and declarer, read.
fn study_of(hand: &str, contract: &str, declarer: &str) -> PyResult<Study> {
    let hand = Hand::parse_dotted(hand.trim())
        .map_err(|e| value_error(format!("{hand:?}: not a hand ({e})")))?;
    let declarer = seat(declarer)?;
    let contract = Contract::parse(contract.trim(), Some(declarer))
        .filter(|c| matches!(c, Contract::Bid { .. }))
        .ok_or_else(|| value_error(format!("{contract:?}: a contract bid (4S, 3NT, 5DX)")))?;
    Study::new(hand, contract).map_err(value_error)
}

/// The script that deals a study's unseen hands (`script` with the
/// leader's hand predealt), as text.
#[pyfunction]
fn leads_script(hand: &str, contract: &str, declarer: &str, script: &str) -> PyResult<String> {
    let plan = study_of(hand, contract, declarer)?;
    script_text(plan.hand, plan.leader(), script).map_err(value_error)
}

/// An opening-lead study ([`boardfile_bridge::dd::leads`]): over `given`
/// deals, or over `count` deals dealt by `script` (the leader's hand
/// predealt) from `seed`. The leads, the best first, and the deals
/// valued. The GIL is released while it deals and solves.
#[pyfunction]
#[pyo3(signature = (hand, contract, declarer, script, given, count, seed, jobs, generate=None))]
#[allow(clippy::too_many_arguments)]
fn study_leads(
    py: Python<'_>,
    hand: &str,
    contract: &str,
    declarer: &str,
    script: &str,
    given: Option<Vec<String>>,
    count: u64,
    seed: &str,
    jobs: usize,
    generate: Option<u64>,
) -> PyResult<(Vec<LeadRow>, u64)> {
    let plan = study_of(hand, contract, declarer)?;
    let deals: Vec<Deal> = match given {
        Some(texts) => texts
            .iter()
            .map(|t| Deal::parse_pbn(t).map_err(|m| bad_deal(py, t, &m)))
            .collect::<PyResult<_>>()?,
        None => {
            let parsed = script_for(plan.hand, plan.leader(), script).map_err(value_error)?;
            let seed = Seed::parse(seed).map_err(value_error)?;
            py.detach(|| {
                let mut generator = Generator::new(&parsed, &seed, 1, count, jobs.max(1), generate);
                let mut deals = Vec::new();
                let mut diag = Diagnostics::strict();
                while let Ok(Some(board)) = generator.next_board(&mut diag) {
                    deals.push(board.deal);
                }
                deals
            })
        }
    };
    if deals.is_empty() {
        return Err(value_error(
            "no deal to study: none fits the script (raise generate=)",
        ));
    }
    if (deals.len() as u64) < count {
        crate::warning(
            py,
            format!(
                "only {} of {count} deals fit the script (raise generate=): the study is over those",
                deals.len()
            ),
        )?;
    }
    let result = py
        .detach(|| study(plan, &deals, jobs.max(1), false, &|_| {}))
        .map_err(value_error)?;
    let rows = result
        .ranked()
        .into_iter()
        .map(|lead| {
            let (p, lo, hi) = lead.beats_share(result.deals);
            (
                lead.name(),
                lead.cards.iter().map(Card::to_string).collect(),
                lead.mean(result.deals),
                p,
                lo,
                hi,
                lead.best_share(result.deals),
            )
        })
        .collect();
    Ok((rows, result.deals))
}

/// Par of a table (20 counts: declarers N, E, S, W, each strains C, D,
/// H, S, NT, the JSON Lines order) for `dealer` and `vulnerable`, as
/// (North-South's score, contracts in PBN's spelling); None when a count
/// is missing.
#[pyfunction]
fn par_of(
    tricks: Vec<Option<u8>>,
    dealer: &str,
    vulnerable: &str,
) -> PyResult<Option<(i32, Vec<String>)>> {
    use boardfile_bridge::{DdTable, Par, Vulnerability};
    if tricks.len() != 20 {
        return Err(value_error("a table of 20 counts"));
    }
    let mut table = DdTable::default();
    for (i, &t) in tricks.iter().enumerate() {
        table
            .set(Seat::ALL[i / 5], Strain::ALL[i % 5], t)
            .map_err(value_error)?;
    }
    let vulnerability = Vulnerability::from_name(vulnerable)
        .ok_or_else(|| value_error(format!("{vulnerable:?}: not None, NS, EW or All")))?;
    Ok(
        boardfile_bridge::dd::par(&table, vulnerability, seat(dealer)?).map(|p| {
            let spelled = p
                .contracts
                .iter()
                .map(|c| Par::spell_pbn(std::slice::from_ref(c)));
            (p.score_ns, spelled.collect())
        }),
    )
}

/// A deal's tricks in the strains named only (`S`, `NT`...): 20 counts
/// in the JSON Lines order, None for a strain not asked. The GIL is
/// released while it solves.
#[pyfunction]
fn solve_strains(py: Python<'_>, deal: &str, strains: Vec<String>) -> PyResult<Vec<Option<u8>>> {
    let parsed = Deal::parse_pbn(deal).map_err(|m| bad_deal(py, deal, &m))?;
    if !parsed.is_complete() {
        return Err(value_error(format!(
            "{deal:?}: a partial deal (double dummy needs all 52 cards)"
        )));
    }
    let wanted: Vec<Strain> = strains
        .iter()
        .map(|s| {
            Strain::from_name(s)
                .ok_or_else(|| value_error(format!("{s:?}: not a strain (C, D, H, S, NT)")))
        })
        .collect::<PyResult<_>>()?;
    let table = py
        .detach(|| boardfile_bridge::dd::solve_strains(&parsed, &wanted))
        .ok_or_else(|| value_error("the solver failed on this deal"))?;
    Ok(Seat::ALL
        .iter()
        .flat_map(|&s| Strain::ALL.map(|strain| table.get(s, strain)))
        .collect())
}

/// Play analysis of many boards (JSON Lines text, a board a line) on
/// `jobs` threads: each board's (values as JSON text, None when there is
/// nothing to value; the reason its play cannot be replayed, if so). The GIL
/// is released while it solves.
#[pyfunction]
fn play_values_many(
    py: Python<'_>,
    lines: &Bound<'_, PyBytes>,
    jobs: usize,
) -> PyResult<Vec<(Option<String>, Option<String>)>> {
    let boards: Vec<boardfile_bridge::Board> = lines
        .as_bytes()
        .split(|&b| b == b'\n')
        .filter(|l| !l.trim_ascii().is_empty())
        .map(|l| board_of(py, l))
        .collect::<PyResult<_>>()?;
    let refs: Vec<&boardfile_bridge::Board> = boards.iter().collect();
    let values = py.detach(|| boardfile_bridge::dd::play::analyse_plays(&refs, jobs.max(1)));
    Ok(values
        .into_iter()
        .map(|v| match v {
            Ok(o) => (
                o.map(|p| boardfile_bridge::formats::jsonl::game::play_values_json(&p)),
                None,
            ),
            Err(e) => (None, Some(e)),
        })
        .collect())
}

/// Deals by a dealer script and the values of `expressions` (the
/// language's, `tricks(south, spades)`, `hcp(north) + hcp(south)`) on
/// each deal produced: the deals (PBN) and a column of values an
/// expression. The GIL is released while it deals.
#[pyfunction]
#[pyo3(signature = (script, expressions, count, seed, jobs, generate=None))]
fn simulate(
    py: Python<'_>,
    script: &str,
    expressions: Vec<String>,
    count: u64,
    seed: &str,
    jobs: usize,
    generate: Option<u64>,
) -> PyResult<(Vec<String>, Vec<Vec<i32>>)> {
    use boardfile_bridge::deal::dealer::{Evaluator, Script};
    let mut text = script.to_string();
    for (i, e) in expressions.iter().enumerate() {
        if e.contains(['\n', '\r']) {
            return Err(value_error(format!("expression {}: one line", i + 1)));
        }
        text.push_str(&format!("\nbfcolumn{i} = {e}\n"));
    }
    let parsed = Script::parse(&text).map_err(|e| value_error(e.to_string()))?;
    let seed = Seed::parse(seed).map_err(value_error)?;
    Ok(py.detach(|| {
        let mut generator = Generator::new(&parsed, &seed, 1, count, jobs.max(1), generate);
        let mut evaluator = Evaluator::new(std::sync::Arc::new(parsed.clone()));
        let mut deals = Vec::new();
        let mut columns = vec![Vec::new(); expressions.len()];
        let mut diag = Diagnostics::strict();
        while let Ok(Some(board)) = generator.next_board(&mut diag) {
            evaluator.set_deal(&board.deal);
            for (i, column) in columns.iter_mut().enumerate() {
                column.push(evaluator.variable(&format!("bfcolumn{i}")).unwrap_or(0));
            }
            deals.push(board.deal.to_pbn());
        }
        (deals, columns)
    }))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(par_of, m)?)?;
    m.add_function(wrap_pyfunction!(solve_strains, m)?)?;
    m.add_function(wrap_pyfunction!(play_values_many, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(imps, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_hand, m)?)?;
    m.add_function(wrap_pyfunction!(position_state, m)?)?;
    m.add_function(wrap_pyfunction!(solve_position, m)?)?;
    m.add_function(wrap_pyfunction!(board_play, m)?)?;
    m.add_function(wrap_pyfunction!(leads_script, m)?)?;
    m.add_function(wrap_pyfunction!(study_leads, m)?)?;
    Ok(())
}
