//! PBN's double-dummy tags: reading them into the model and writing them
//! from it.

use crate::consistency::{side_score, SideScoreError};
use crate::model::board::{DdTable, Par, Tag};
use crate::model::card::Strain;
use crate::model::deal::Seat;

/// The rows of the `OptimumResultTable` the writer generates, in order:
/// declarers N S E W, each strains NT S H D C, a strain as its column
/// gives it (two wide, to the right).
pub(crate) const TABLE_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
/// See [`TABLE_SEATS`].
pub(crate) const TABLE_STRAINS: [(Strain, [u8; 2]); 5] = [
    (Strain::NoTrump, *b"NT"),
    (Strain::Spades, *b" S"),
    (Strain::Hearts, *b" H"),
    (Strain::Diamonds, *b" D"),
    (Strain::Clubs, *b" C"),
];

/// Reads `DoubleDummyTricks`: 20 hex digits, declarers N S E W, each strains
/// NT S H D C.
pub(crate) fn dd_from_tricks(value: &str) -> Result<DdTable, String> {
    DdTable::from_hex(value)
}

/// Writes `DoubleDummyTricks`, when every entry is known: the counts as
/// stored (a floored table as its file floored it).
pub(crate) fn dd_to_tricks(table: &DdTable) -> Option<String> {
    table.stored_hex()
}

/// The column name without its order sign and width: `+Result\2R` is `Result`.
fn column_name(c: &str) -> &str {
    let c = c.trim();
    let c = c.strip_prefix(['+', '-']).unwrap_or(c);
    c.split('\\').next().unwrap_or(c)
}

/// Reads an `OptimumResultTable` tag and its rows.
pub(crate) fn dd_from_table(tag: &Tag) -> Result<DdTable, String> {
    let columns: Vec<&str> = tag.value.split(';').map(column_name).collect();
    let find = |name: &str| {
        columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("OptimumResultTable has no {name} column"))
    };
    let (d, s, r) = (find("Declarer")?, find("Denomination")?, find("Result")?);
    let mut table = DdTable::default();
    for row in &tag.rows {
        let cell = |i: usize| row.get(i).map(String::as_str).unwrap_or("");
        let seat = match cell(d).as_bytes() {
            [c] => Seat::from_letter(*c),
            _ => None,
        }
        .ok_or_else(|| format!("OptimumResultTable: {:?} is not a declarer", cell(d)))?;
        let strain = Strain::from_name(&cell(s).to_ascii_uppercase())
            .ok_or_else(|| format!("OptimumResultTable: {:?} is not a denomination", cell(s)))?;
        let tricks = match cell(r) {
            "?" | "-" => None,
            t => Some(
                t.parse::<u8>()
                    .map_err(|_| format!("OptimumResultTable: {t:?} is not a number of tricks"))?,
            ),
        };
        table.set(seat, strain, tricks).map_err(|e| {
            format!(
                "OptimumResultTable {} {}: {e}",
                seat.letter(),
                strain.name()
            )
        })?;
    }
    Ok(table)
}

/// Reads `OptimumScore`: `NS 420`, `EW -420`, `NS 420 EW -420`; the score
/// from North-South's side.
pub(crate) fn score_from_tag(value: &str) -> Result<i32, String> {
    side_score(value).map_err(|e| match e {
        SideScoreError::NotOpposite => {
            format!("OptimumScore {value:?}: the two sides' scores are not opposite")
        }
        SideScoreError::Shape(why) => format!("OptimumScore {value:?}: {why}"),
    })
}

/// Writes `OptimumScore` from North-South's score: `NS 420` or `EW 420`.
pub(crate) fn score_tag_value(score_ns: i32) -> String {
    if score_ns < 0 {
        format!("EW {}", -i64::from(score_ns))
    } else {
        format!("NS {score_ns}")
    }
}

/// Reads `ParContract` (`NS 4S`, `EW 5CX; EW 5DX`) into the model's
/// contract strings.
pub(crate) fn contracts_from_tag(value: &str) -> Vec<String> {
    crate::model::board::Par::contracts_from_pbn(value)
}

/// True when `text` is `contracts` as [`Par::pbn_contracts`](crate::model::board::Par::pbn_contracts) writes them.
pub(crate) fn contracts_written(contracts: &[String], text: &str) -> bool {
    let mut rest = text;
    for (i, c) in contracts.iter().enumerate() {
        if i > 0 {
            match rest.strip_prefix("; ") {
                Some(r) => rest = r,
                None => return false,
            }
        }
        let next = match crate::model::board::Par::pbn_parts(c) {
            Some((seats, contract)) => rest
                .strip_prefix(seats)
                .and_then(|r| r.strip_prefix(' '))
                .and_then(|r| r.strip_prefix(contract)),
            None => rest.strip_prefix(c.as_str()),
        };
        match next {
            Some(r) => rest = r,
            None => return false,
        }
    }
    rest.is_empty()
}

pub(crate) use crate::model::board::is_double_dummy_tag as is_dd_tag;

/// What one tag says about the board's double-dummy data, if it is one of
/// the double-dummy tags and reads.
pub(crate) enum DdFact {
    Table(DdTable),
    Score(i32),
    Contracts(Vec<String>),
}

/// Reads a double-dummy tag; `None` for other tags, `Some(Err)` when it does
/// not read.
pub(crate) fn dd_fact(tag: &Tag) -> Option<Result<DdFact, String>> {
    Some(match tag.name.as_ref() {
        "OptimumResultTable" => dd_from_table(tag).map(DdFact::Table),
        "DoubleDummyTricks" => dd_from_tricks(&tag.value).map(DdFact::Table),
        "OptimumScore" => score_from_tag(&tag.value).map(DdFact::Score),
        "ParContract" => Ok(DdFact::Contracts(contracts_from_tag(&tag.value))),
        _ => return None,
    })
}

/// True when the fact agrees with the board's table and par (or the board
/// has none of that kind to disagree with).
pub(crate) fn agrees(fact: &DdFact, dd: Option<&DdTable>, par: Option<&Par>) -> bool {
    match fact {
        DdFact::Table(t) => dd.is_none_or(|d| d.same_stored(t)),
        DdFact::Score(s) => par.is_none_or(|p| p.score_ns == *s),
        DdFact::Contracts(c) => par.is_none_or(|p| p.contracts.is_empty() || p.contracts == *c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_to_the_ends_of_an_i32_read_and_write_without_overflow() {
        for s in [i32::MIN, i32::MIN + 1, -1, 0, 1, i32::MAX] {
            let text = score_tag_value(s);
            assert_eq!(score_from_tag(&text), Ok(s), "{text}");
        }
        assert_eq!(score_tag_value(i32::MIN), "EW 2147483648");
        for text in [
            "EW -2147483648",
            "NS 2147483648",
            "EW -9223372036854775808",
            "NS 99999999999999999999",
        ] {
            assert!(score_from_tag(text).is_err(), "{text}");
        }
    }

    #[test]
    fn tricks_digits_are_n_s_e_w_by_nt_s_h_d_c() {
        let t = dd_from_tricks("a9876543210dcba98765").unwrap();
        assert_eq!(t.get(Seat::North, Strain::NoTrump), Some(10));
        assert_eq!(t.get(Seat::North, Strain::Clubs), Some(6));
        assert_eq!(t.get(Seat::South, Strain::NoTrump), Some(5));
        assert_eq!(t.get(Seat::East, Strain::NoTrump), Some(0));
        assert_eq!(t.get(Seat::East, Strain::Spades), Some(13));
        assert_eq!(t.get(Seat::West, Strain::Clubs), Some(5));
        assert_eq!(dd_to_tricks(&t).unwrap(), "a9876543210dcba98765");
        assert!(dd_from_tricks("a9876543210dcba9876").is_err());
        assert!(dd_from_tricks("e9876543210dcba98765").is_err(), "14 tricks");
    }

    #[test]
    fn table_reads_any_column_order_and_widths() {
        let mut tag = Tag::new(
            "OptimumResultTable",
            "Result\\2R;+Declarer;Denomination\\2R",
        );
        tag.rows = vec![
            vec!["9".into(), "n".into(), "NT".into()],
            vec!["?".into(), "W".into(), "C".into()],
        ];
        let t = dd_from_table(&tag).unwrap();
        assert_eq!(t.get(Seat::North, Strain::NoTrump), Some(9));
        assert_eq!(t.get(Seat::West, Strain::Clubs), None);
    }

    #[test]
    fn scores_and_contracts() {
        for text in ["NS 4S; EW 5CX", "NS 3NT", "N 7S; S 7NT", "4S by N"] {
            let c = contracts_from_tag(text);
            assert!(contracts_written(&c, text), "{text}");
            assert_eq!(crate::model::board::Par::spell_pbn(&c), text);
        }
        assert!(!contracts_written(
            &contracts_from_tag("NS 4S ;EW 5CX"),
            "NS 4S ;EW 5CX"
        ));
        assert!(!contracts_written(&contracts_from_tag("ns 4S"), "ns 4S"));
        assert_eq!(score_from_tag("NS 420"), Ok(420));
        assert_eq!(score_from_tag("EW 420"), Ok(-420));
        assert_eq!(score_from_tag("NS -100 EW 100"), Ok(-100));
        assert!(score_from_tag("NS 100 EW 100").is_err());
        assert_eq!(score_from_tag("ew 100 ns -100"), Ok(-100));
        assert_eq!(
            side_score("NS 100 EW 100"),
            Err(SideScoreError::NotOpposite)
        );
        for shape in [
            "NS 100 NS 100",
            "NS",
            "420",
            "NS 4x0",
            "NS 1 EW -1 x",
            "N 420",
        ] {
            assert!(
                matches!(side_score(shape), Err(SideScoreError::Shape(_))),
                "{shape}"
            );
        }
        assert_eq!(score_tag_value(-420), "EW 420");
        assert_eq!(contracts_from_tag("NS 4S; EW 5CX"), ["4S-NS", "5CX-EW"]);
        assert_eq!(
            crate::model::board::Par::spell_pbn(&["4S-NS".into(), "5CX-EW".into()]),
            "NS 4S; EW 5CX"
        );
        assert_eq!(contracts_from_tag("4S by N"), ["4S by N"]);
    }
}
