//! The statistics of `average` and `frequency`, printed as dealer prints
//! them or as JSON.

use super::{Action, Evaluator, NodeId, Script};
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

/// The statistics of a script's actions, in the script's order.
#[derive(Debug, Clone, Default)]
pub struct Report {
    stats: Vec<(Statistic, NodeId, Option<NodeId>)>,
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
        let stats = script
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Print(_) => None,
                Action::Average { label, expr, .. } => Some((
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
                    Some((
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
        Report { stats }
    }

    pub(crate) fn is_active(&self) -> bool {
        !self.stats.is_empty()
    }

    /// Adds the deal the evaluator holds.
    pub(crate) fn add(&mut self, eval: &mut Evaluator) {
        for (stat, e1, e2) in &mut self.stats {
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
        self.stats.iter().map(|s| &s.0)
    }

    /// Whether there are any.
    pub fn is_empty(&self) -> bool {
        self.stats.is_empty()
    }

    /// Prints the statistics as dealer prints them.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        for stat in self.statistics() {
            match stat {
                Statistic::Average { label, sum, count } => {
                    let value = if *count == 0 {
                        "-nan".to_string()
                    } else {
                        format_g(*sum as f64 / *count as f64)
                    };
                    match label {
                        Some(l) => writeln!(out, "{l}: {value}")?,
                        None => writeln!(out, "{value}")?,
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
                        None => {
                            let last = counts.len() - 1;
                            for (r, row) in counts.iter().enumerate() {
                                let n = row[0];
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
                        }
                        Some(second) => {
                            let cols = counts[0].len();
                            write!(out, "    {:>7}", "Low")?;
                            for c in 1..cols - 1 {
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
                            writeln!(out)?;
                        }
                    }
                }
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
