//! The statistics of `average` and `frequency`, printed as dealer prints
//! them or as JSON.

use super::print::write_hands;
use super::{Action, Evaluator, NodeId, Script};
use crate::model::board::Board;
use crate::model::deal::{Deal, Seat};
use std::io::{self, Write};

/// One action's statistic.
#[derive(Debug, Clone, PartialEq)]
pub enum Statistic {
    /// `average "label" expr`: the sum of the values and how many.
    Average {
        /// The label, if given.
        label: Option<String>,
        /// The sum of the expression over the deals produced.
        sum: i64,
        /// The deals counted.
        count: u64,
    },
    /// `frequency "label" (expr, lo, hi [, expr2, lo2, hi2])`.
    Frequency {
        /// The label, if given.
        label: Option<String>,
        /// The bounds of the first expression.
        first: (i32, i32),
        /// The bounds of the second expression, for a two-way table.
        second: Option<(i32, i32)>,
        /// Counts: rows (below lo, lo..=hi, above hi) by columns (the same
        /// for the second expression; one column for a one-way table).
        counts: Vec<Vec<u64>>,
    },
}

/// What the run gathers for one action: a statistic, or the deals
/// `print(seats)` prints at the end.
#[derive(Debug, Clone)]
enum Entry {
    Stat(Statistic, NodeId, Option<NodeId>),
    Hands { seats: u8, boards: Vec<(u32, Deal)> },
}

/// What a script's actions print at the end of a run, in the script's
/// order: the statistics of `average` and `frequency`, and, when the deals
/// are printed, the pages of `print(seats)`.
#[derive(Debug, Clone, Default)]
pub struct Report {
    entries: Vec<Entry>,
    /// Whether `print(seats)` keeps the deals (only when they are printed).
    keep_hands: bool,
}

fn bucket(v: i32, lo: i32, hi: i32) -> usize {
    if v < lo {
        0
    } else if v > hi {
        (hi - lo) as usize + 2
    } else {
        (v - lo) as usize + 1
    }
}

impl Report {
    pub(crate) fn new(script: &Script) -> Report {
        let entries = script
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Layout { .. } | Action::PrintEs(_) => None,
                Action::Hands(seats) => Some(Entry::Hands {
                    seats: *seats,
                    boards: Vec::new(),
                }),
                Action::Average { label, expr, .. } => Some(Entry::Stat(
                    Statistic::Average {
                        label: label.clone(),
                        sum: 0,
                        count: 0,
                    },
                    *expr,
                    None,
                )),
                Action::Frequency {
                    label,
                    first,
                    second,
                    ..
                } => {
                    let rows = (first.2 - first.1) as usize + 3;
                    let cols = second.map_or(1, |s| (s.2 - s.1) as usize + 3);
                    Some(Entry::Stat(
                        Statistic::Frequency {
                            label: label.clone(),
                            first: (first.1, first.2),
                            second: second.map(|s| (s.1, s.2)),
                            counts: vec![vec![0; cols]; rows],
                        },
                        first.0,
                        second.map(|s| s.0),
                    ))
                }
            })
            .collect();
        Report {
            entries,
            keep_hands: false,
        }
    }

    /// Keeps the deals `print(seats)` prints at the end.
    pub(crate) fn keep_hands(&mut self) {
        self.keep_hands = true;
    }

    pub(crate) fn is_active(&self) -> bool {
        self.entries.iter().any(|e| match e {
            Entry::Stat(..) => true,
            Entry::Hands { .. } => self.keep_hands,
        })
    }

    /// Adds the deal the evaluator holds, `board`'s.
    pub(crate) fn add(&mut self, eval: &mut Evaluator, board: &Board) {
        for entry in &mut self.entries {
            let (stat, e1, e2) = match entry {
                Entry::Stat(stat, e1, e2) => (stat, e1, e2),
                Entry::Hands { boards, .. } => {
                    if self.keep_hands {
                        boards.push((board.number, board.deal));
                    }
                    continue;
                }
            };
            let v = eval.value(*e1);
            match stat {
                Statistic::Average { sum, count, .. } => {
                    *sum += i64::from(v);
                    *count += 1;
                }
                Statistic::Frequency {
                    first,
                    second,
                    counts,
                    ..
                } => {
                    let row = bucket(v, first.0, first.1);
                    let col = match (second, e2) {
                        (Some((lo, hi)), Some(e2)) => bucket(eval.value(*e2), *lo, *hi),
                        _ => 0,
                    };
                    counts[row][col] += 1;
                }
            }
        }
    }

    /// The statistics.
    pub fn statistics(&self) -> impl Iterator<Item = &Statistic> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Stat(s, ..) => Some(s),
            Entry::Hands { .. } => None,
        })
    }

    /// Whether there are no statistics.
    pub fn is_empty(&self) -> bool {
        self.statistics().next().is_none()
    }

    /// Prints the end of the run as dealer prints it: the statistics, and
    /// the pages of `print(seats)` when the deals were printed
    /// ([`Generator::enable_printout`](super::Generator::enable_printout)),
    /// in the script's order.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        for entry in &self.entries {
            match entry {
                Entry::Stat(stat, ..) => write_statistic(out, stat)?,
                Entry::Hands { seats, boards } if self.keep_hands => {
                    for seat in Seat::ALL {
                        if seats >> seat.index() & 1 == 1 {
                            write_hands(out, seat, boards)?;
                        }
                    }
                }
                Entry::Hands { .. } => {}
            }
        }
        Ok(())
    }

    /// The statistics as a JSON array: averages as
    /// `{"average": label, "value": v, "count": n}`, frequencies as
    /// `{"frequency": label, "low": lo, "high": hi, "counts": [...]}` (and
    /// `low2`, `high2` and rows of columns for a two-way table), the first
    /// and last entries counting the values below and above the bounds.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        serde_json::Value::Array(
            self.statistics()
                .map(|s| match s {
                    Statistic::Average { label, sum, count } => json!({
                        "average": label.clone().unwrap_or_default(),
                        "value": if *count == 0 { None } else { Some(*sum as f64 / *count as f64) },
                        "count": count,
                    }),
                    Statistic::Frequency {
                        label,
                        first,
                        second: None,
                        counts,
                    } => json!({
                        "frequency": label.clone().unwrap_or_default(),
                        "low": first.0,
                        "high": first.1,
                        "counts": counts.iter().map(|r| r[0]).collect::<Vec<_>>(),
                    }),
                    Statistic::Frequency {
                        label,
                        first,
                        second: Some(second),
                        counts,
                    } => json!({
                        "frequency": label.clone().unwrap_or_default(),
                        "low": first.0,
                        "high": first.1,
                        "low2": second.0,
                        "high2": second.1,
                        "counts": counts,
                    }),
                })
                .collect(),
        )
    }
}

/// One statistic, as dealer prints it.
fn write_statistic(out: &mut dyn Write, stat: &Statistic) -> io::Result<()> {
    match stat {
        Statistic::Average { label, sum, count } => {
            let value = if *count == 0 {
                "-nan".to_string()
            } else {
                format_g(*sum as f64 / *count as f64)
            };
            match label {
                Some(l) => writeln!(out, "{l}: {value}"),
                None => writeln!(out, "{value}"),
            }
        }
        Statistic::Frequency {
            label,
            first,
            second,
            counts,
        } => {
            writeln!(out, "Frequency {}:", label.as_deref().unwrap_or(""))?;
            match second {
                None => write_frequency(out, *first, counts),
                Some(second) => write_frequency_2d(out, *first, *second, counts),
            }
        }
    }
}

/// A one-way table: the values' rows, and the Low and High rows when they
/// are not empty.
fn write_frequency(out: &mut dyn Write, first: (i32, i32), counts: &[Vec<u64>]) -> io::Result<()> {
    let last = counts.len().saturating_sub(1);
    for (r, row) in counts.iter().enumerate() {
        let n = row.first().copied().unwrap_or(0);
        if r == 0 {
            if n > 0 {
                writeln!(out, "Low\t{n:8}")?;
            }
        } else if r == last {
            if n > 0 {
                writeln!(out, "High\t{n:8}")?;
            }
        } else {
            writeln!(out, "{:5}\t{n:8}", first.0 + r as i32 - 1)?;
        }
    }
    Ok(())
}

/// A two-way table, with its sums.
fn write_frequency_2d(
    out: &mut dyn Write,
    first: (i32, i32),
    second: (i32, i32),
    counts: &[Vec<u64>],
) -> io::Result<()> {
    let cols = counts.first().map_or(0, Vec::len);
    write!(out, "    {:>7}", "Low")?;
    for c in 1..cols.saturating_sub(1) {
        write!(out, "{:7}", second.0 + c as i32 - 1)?;
    }
    writeln!(out, "{:>7}{:>7}", "High", "Sum")?;
    let mut column_sums = vec![0u64; cols];
    let rows = counts.len();
    for (r, row) in counts.iter().enumerate() {
        if r == 0 {
            write!(out, "Low ")?;
        } else if r == rows - 1 {
            write!(out, "High")?;
        } else {
            write!(out, "{:4}", first.0 + r as i32 - 1)?;
        }
        for (c, n) in row.iter().enumerate() {
            write!(out, "{n:7}")?;
            column_sums[c] += n;
        }
        writeln!(out, "{:7}", row.iter().sum::<u64>())?;
    }
    write!(out, "Sum ")?;
    for n in &column_sums {
        write!(out, "{n:7}")?;
    }
    writeln!(out, "{:7}", column_sums.iter().sum::<u64>())?;
    writeln!(out)
}

/// C's `%g`: six significant digits, trailing zeros dropped, exponent form
/// below 1e-4 and from 1e6.
pub(crate) fn format_g(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    if !x.is_finite() {
        return if x.is_nan() {
            "-nan".into()
        } else if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    let exp = format!("{:.5e}", x);
    let (mantissa, e) = exp.split_once('e').expect("an exponent");
    let e: i32 = e.parse().expect("a number");
    if !(-4..6).contains(&e) {
        let m = trim_zeros(mantissa);
        return format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    }
    let decimals = (5 - e).max(0) as usize;
    trim_zeros(&format!("{x:.decimals$}")).to_string()
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_c_prints_them_with_percent_g() {
        for (x, s) in [
            (9.6, "9.6"),
            (33.333333333, "33.3333"),
            (20.0, "20"),
            (1185177.6, "1.18518e+06"),
            (-2147483648.0, "-2.14748e+09"),
            (0.0001234567, "0.000123457"),
            (0.00001234567, "1.23457e-05"),
            (999999.4, "999999"),
            (-0.5, "-0.5"),
        ] {
            assert_eq!(format_g(x), s, "{x}");
        }
    }
}
