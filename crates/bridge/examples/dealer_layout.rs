//! Prints deals in one of dealer's layouts, so that they can be compared
//! with what dealer itself printed for the same deals
//! (`scripts/dealer-print-parity.sh` does).
//!
//! The deals are read from standard input as dealer prints them with
//! `printoneline` (`n AKQ.. e .. s .. w .. `) or `printpbn` (`[Deal "N:.."]`),
//! other lines skipped; they are numbered from 1. SCRIPT, when given,
//! gives the boards its `dealer` and `vulnerable` (else both follow the
//! number); EVENT and DATE are `printpbn`'s tags. LAYOUT is an action's
//! name: `printall`, `printew`, `printpbn`, `printcompact`, `printoneline`,
//! or `print:SEATS` (`print:north,east`) for the pages of `print(seats)`.
//!
//! ```text
//! dealer -s 1 -p 5 lesson.dlr | cargo run -p boardfile-bridge --example dealer_layout -- printall lesson.dlr
//! ```

use boardfile_bridge::deal::dealer::{write_hands, Layout, PrintoutTags, Script};
use boardfile_bridge::{Board, Deal, Seat};
use std::io::{BufRead, Write};

/// The deal a line of dealer's output holds, if it holds one.
fn deal_of(line: &str) -> Result<Option<Deal>, String> {
    if let Some(rest) = line.strip_prefix("[Deal \"") {
        let text = rest.trim_end().trim_end_matches("\"]");
        return Deal::parse_pbn(text).map(Some);
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["n", n, "e", e, "s", s, "w", w, ..] => {
            Deal::parse_pbn(&format!("N:{n} {e} {s} {w}")).map(Some)
        }
        _ => Ok(None),
    }
}

/// The seats `print:north,east` names.
fn seats(list: &str) -> Result<Vec<Seat>, String> {
    let mut seats: Vec<Seat> = list
        .split(',')
        .map(|name| {
            Seat::ALL
                .into_iter()
                .find(|s| s.name().eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| format!("{name}: not a seat"))
        })
        .collect::<Result<_, _>>()?;
    // dealer prints the pages North first, whatever the list's order.
    seats.sort_by_key(|s| s.index());
    seats.dedup();
    Ok(seats)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(layout) = args.first() else {
        return Err("usage: dealer_layout LAYOUT [SCRIPT [EVENT DATE]] < deals".into());
    };
    let script = match args.get(1) {
        Some(path) => Some(Script::parse(&String::from_utf8_lossy(&std::fs::read(
            path,
        )?))?),
        None => None,
    };
    let tags = PrintoutTags::new(
        args.get(2).cloned().unwrap_or_default(),
        args.get(3).cloned().unwrap_or_default(),
    );
    let mut boards = Vec::new();
    for line in std::io::stdin().lock().lines() {
        if let Some(deal) = deal_of(&line?)? {
            let mut board = Board::new(boards.len() as u32 + 1, deal);
            if let Some(s) = &script {
                board.dealer = s.dealer.unwrap_or(board.dealer);
                board.vulnerability = s.vulnerable.unwrap_or(board.vulnerability);
            }
            boards.push(board);
        }
    }
    let mut out = std::io::stdout().lock();
    if let Some(list) = layout.strip_prefix("print:") {
        let kept: Vec<(u32, Deal)> = boards.iter().map(|b| (b.number, b.deal)).collect();
        for seat in seats(list)? {
            write_hands(&mut out, seat, &kept)?;
        }
    } else {
        let layout =
            Layout::from_name(layout).ok_or_else(|| format!("{layout}: no such layout"))?;
        for board in &boards {
            layout.write(&mut out, board, None, &tags)?;
        }
    }
    out.flush()?;
    Ok(())
}
