//! CSV: games, a game a row (written only), and the names of a JOU or
//! TRN file, index and name (both ways).
//!
//! Games: a header row `year,tournament_id,tournament,black_id,black,
//! white_id,white,black_discs,theoretical_score,moves`, then a game a row;
//! a field holding a comma, a quote or a line break is quoted, quotes
//! doubled; a game without a theoretical score leaves it empty.
//!
//! Names: a first line `# WTHOR JOU header: created 20.26.11.23, year 0,
//! n1 0, p1 0, p2 0, p3 0, reserved 0` (pandas reads past it with
//! `comment="#"`), then `index,name`, then a row a name; a name holding a
//! comma or a quote is quoted, quotes doubled. The header goes with them,
//! so that a names file made from the text is the file the text was made
//! from, byte for byte.
//!
//! What it cannot carry: passes, and games read back (games are written
//! only).

use crate::codec::{info, Descriptor, Holds, Hooks};
use crate::formats::text::{
    as_bytes, is_names_text, kind_name, kind_of, names_error, names_header, names_of, JsonHeader,
};
use crate::model::game_file::{year_of, GameFile};
use crate::model::header::Kind;
use crate::model::names::{NameBook, Names};
use boardfile_io::{Error, Signature};
use std::fmt::Write as _;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: info(
        "CSV",
        &["csv"],
        "CSV, a game a row (written only); names (JOU, TRN) as index,name, both ways",
        // Told by its first line (`# WTHOR` or `index,name`), as bridge CSV
        // is by its header: `.csv` is both.
        Signature::Content {
            rank: 7,
            test: sniff,
        },
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: None,
    write_games: Some(|file, book, out| {
        as_bytes(out, |s| write_games(file, book, s));
        Ok(())
    }),
    legal_games_only: false,
    theoretical: false,
    read_names: Some(read_names),
    write_names: Some(|n, out| {
        as_bytes(out, |s| write_names(n, s));
        Ok(())
    }),
    layout: None,
    hooks: Hooks {
        names_text: Some(is_names_text),
        ..Hooks::NONE
    },
};

/// True when the text's first line opens a names CSV of ours: the
/// WTHOR header comment or the `index,name` header.
pub fn sniff(bytes: &[u8]) -> bool {
    is_names_text(bytes) && !bytes.trim_ascii_start().starts_with(b"{")
}

/// Writes CSV: a header row, then a game a row.
pub fn write_games(file: &GameFile, book: &NameBook, out: &mut String) {
    out.push_str("year,tournament_id,tournament,black_id,black,white_id,white,black_discs,theoretical_score,moves\n");
    let field = |s: &str| {
        if s.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    for g in &file.games {
        let (t, b, w) = names_of(g, book);
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{}",
            year_of(g, file),
            g.tournament,
            field(t),
            g.black,
            field(b),
            g.white,
            field(w),
            g.black_score,
            if g.theoretical_known() {
                g.theoretical.to_string()
            } else {
                String::new()
            },
            g.transcript()
        );
    }
}

/// Writes names as CSV.
pub fn write_names(file: &Names, out: &mut String) {
    let h = &file.header;
    let _ = writeln!(
        out,
        "# WTHOR {} header: created {}.{}.{}.{}, year {}, n1 {}, p1 {}, p2 {}, p3 {}, reserved {}",
        kind_name(file.kind),
        h.created[0],
        h.created[1],
        h.created[2],
        h.created[3],
        h.year,
        h.n1,
        h.p1,
        h.p2,
        h.p3,
        h.reserved
    );
    out.push_str("index,name\n");
    for (i, name) in file.names.iter().enumerate() {
        if name.contains([',', '"', '\n', '\r']) || name.trim() != name {
            let _ = writeln!(out, "{i},\"{}\"", name.replace('"', "\"\""));
        } else {
            let _ = writeln!(out, "{i},{name}");
        }
    }
}

/// Reads names from CSV: the header line of [`write_names`], `index,name`,
/// then the rows. Without the header line the kind is `kind` and the
/// header a fresh one.
pub fn read_names(bytes: &[u8], kind: Kind) -> Result<Names, Error> {
    const F: &str = "CSV";
    let text = std::str::from_utf8(bytes).map_err(|_| names_error(F, 1, "not UTF-8".into()))?;
    let mut kind = kind;
    let mut head = JsonHeader {
        created: [0; 4],
        year: 0,
        n1: 0,
        p1: 0,
        p2: 0,
        p3: 0,
        reserved: 0,
    };
    let mut names = Vec::new();
    let mut columns = false;
    for (i, line) in text.lines().enumerate() {
        let n = i as u64 + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("# WTHOR ") {
            let bad = || names_error(F, n, format!("{line:?} is not a WTHOR header line"));
            let (k, fields) = rest.split_once(" header: ").ok_or_else(bad)?;
            kind = kind_of(k).ok_or_else(bad)?;
            for field in fields.split(", ") {
                let (key, value) = field.split_once(' ').ok_or_else(bad)?;
                let num = |v: &str| v.parse::<u32>().map_err(|_| bad());
                match key {
                    "created" => {
                        let parts: Vec<u8> = value
                            .split('.')
                            .map(|p| p.parse::<u8>().map_err(|_| bad()))
                            .collect::<Result<_, _>>()?;
                        head.created = parts.try_into().map_err(|_| bad())?;
                    }
                    "year" => head.year = u16::try_from(num(value)?).map_err(|_| bad())?,
                    "n1" => head.n1 = num(value)?,
                    "p1" => head.p1 = u8::try_from(num(value)?).map_err(|_| bad())?,
                    "p2" => head.p2 = u8::try_from(num(value)?).map_err(|_| bad())?,
                    "p3" => head.p3 = u8::try_from(num(value)?).map_err(|_| bad())?,
                    "reserved" => head.reserved = u8::try_from(num(value)?).map_err(|_| bad())?,
                    _ => return Err(bad()),
                }
            }
            continue;
        }
        if !columns {
            if line.trim() != "index,name" {
                return Err(names_error(
                    F,
                    n,
                    format!("{line:?}: expected the row index,name"),
                ));
            }
            columns = true;
            continue;
        }
        let (index, name) = line
            .split_once(',')
            .ok_or_else(|| names_error(F, n, format!("{line:?} is not index,name")))?;
        let index: usize = index
            .trim()
            .parse()
            .map_err(|_| names_error(F, n, format!("index {index:?} is not a number")))?;
        if index != names.len() {
            return Err(names_error(
                F,
                n,
                format!("index {index} where {} comes next", names.len()),
            ));
        }
        let name = match name.strip_prefix('"') {
            Some(quoted) => quoted
                .strip_suffix('"')
                .filter(|q| !q.replace("\"\"", "").contains('"'))
                .ok_or_else(|| names_error(F, n, format!("{name:?} is not a quoted name")))?
                .replace("\"\"", "\""),
            None => name.to_string(),
        };
        names.push(name);
    }
    Ok(Names {
        kind,
        header: names_header(head, names.len()),
        names,
    })
}
