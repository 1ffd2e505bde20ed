//! WTHOR.JOU and WTHOR.TRN as text, index and name, and back: JSON Lines
//! and CSV. The WTHOR header goes with them, so that a names file made
//! from the text is the file the text was made from, byte for byte.
//!
//! JSON Lines: a first line `{"names":"JOU","header":{...}}` with the
//! header's fields (`created` as four bytes, `year`, `n1`, `p1`, `p2`,
//! `p3`, `reserved`; N2 is the count of names), then a line a name,
//! `{"index":0,"name":"???"}`, indices in order from 0.
//!
//! CSV: a first line `# WTHOR JOU header: created 20.26.11.23, year 0, n1
//! 0, p1 0, p2 0, p3 0, reserved 0` (pandas reads past it with
//! `comment="#"`), then `index,name`, then a row a name; a name holding a
//! comma or a quote is quoted, quotes doubled.

use crate::model::header::{Header, Kind};
use crate::model::names::Names;
use crate::text::JsonHeader;
use boardfile_io::{Error, FormatName, Position};
use serde::Deserialize;
use std::fmt::Write as _;

fn text_error(format: &'static str, line: u64, message: String) -> Error {
    Error::invalid(
        FormatName(format),
        Position::byte(0).with_line(line),
        message,
    )
}

fn kind_of(name: &str) -> Option<Kind> {
    match name {
        "JOU" => Some(Kind::Jou),
        "TRN" => Some(Kind::Trn),
        _ => None,
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Trn => "TRN",
        _ => "JOU",
    }
}

/// True when the text's first line opens a names CSV of ours: the
/// WTHOR header comment or the `index,name` header.
pub fn sniff_csv(bytes: &[u8]) -> bool {
    is_names_text(bytes) && !bytes.trim_ascii_start().starts_with(b"{")
}

/// True when the text's first line is a names header of ours.
pub fn is_names_text(bytes: &[u8]) -> bool {
    let first = bytes
        .split(|&b| b == b'\n')
        .find(|l| !l.trim_ascii().is_empty())
        .unwrap_or(b"");
    let first = first.trim_ascii();
    first.starts_with(b"# WTHOR ")
        || first == b"index,name"
        || first
            .strip_prefix(b"{")
            .is_some_and(|r| r.trim_ascii_start().starts_with(b"\"names\""))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonNamesLine {
    names: String,
    header: JsonHeader,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonName {
    index: u32,
    name: String,
}

/// Writes names as JSON Lines.
pub fn write_jsonl(file: &Names, out: &mut String) {
    let h = &file.header;
    let _ = writeln!(
        out,
        "{{\"names\":\"{}\",\"header\":{{\"created\":[{},{},{},{}],\"year\":{},\"n1\":{},\"p1\":{},\"p2\":{},\"p3\":{},\"reserved\":{}}}}}",
        kind_name(file.kind),
        h.created[0], h.created[1], h.created[2], h.created[3], h.year, h.n1, h.p1, h.p2, h.p3, h.reserved
    );
    for (i, name) in file.names.iter().enumerate() {
        let _ = writeln!(
            out,
            "{{\"index\":{i},\"name\":{}}}",
            serde_json::to_string(name).unwrap_or_default()
        );
    }
}

/// Reads names from JSON Lines.
pub fn read_jsonl(bytes: &[u8]) -> Result<Names, Error> {
    const F: &str = "JSONL";
    let text = std::str::from_utf8(bytes).map_err(|_| text_error(F, 1, "not UTF-8".into()))?;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i as u64 + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let Some((n, first)) = lines.next() else {
        return Err(text_error(F, 1, "no names header line".into()));
    };
    let head: JsonNamesLine =
        serde_json::from_str(first).map_err(|e| text_error(F, n, e.to_string()))?;
    let kind = kind_of(&head.names)
        .ok_or_else(|| text_error(F, n, format!("names {:?} is not JOU or TRN", head.names)))?;
    let mut names = Vec::new();
    for (n, line) in lines {
        let j: JsonName =
            serde_json::from_str(line).map_err(|e| text_error(F, n, e.to_string()))?;
        if j.index as usize != names.len() {
            return Err(text_error(
                F,
                n,
                format!("index {} where {} comes next", j.index, names.len()),
            ));
        }
        names.push(j.name);
    }
    Ok(Names {
        kind,
        header: header(head.header, names.len()),
        names,
    })
}

fn header(h: JsonHeader, names: usize) -> Header {
    Header {
        created: h.created,
        n1: h.n1,
        n2: names.min(usize::from(u16::MAX)) as u16,
        year: h.year,
        p1: h.p1,
        p2: h.p2,
        p3: h.p3,
        reserved: h.reserved,
    }
}

/// Writes names as CSV.
pub fn write_csv(file: &Names, out: &mut String) {
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

/// Reads names from CSV: the header line of [`write_csv`], `index,name`,
/// then the rows. Without the header line the kind is `kind` and the
/// header a fresh one.
pub fn read_csv(bytes: &[u8], kind: Kind) -> Result<Names, Error> {
    const F: &str = "CSV";
    let text = std::str::from_utf8(bytes).map_err(|_| text_error(F, 1, "not UTF-8".into()))?;
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
            let bad = || text_error(F, n, format!("{line:?} is not a WTHOR header line"));
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
                return Err(text_error(
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
            .ok_or_else(|| text_error(F, n, format!("{line:?} is not index,name")))?;
        let index: usize = index
            .trim()
            .parse()
            .map_err(|_| text_error(F, n, format!("index {index:?} is not a number")))?;
        if index != names.len() {
            return Err(text_error(
                F,
                n,
                format!("index {index} where {} comes next", names.len()),
            ));
        }
        let name = match name.strip_prefix('"') {
            Some(quoted) => quoted
                .strip_suffix('"')
                .filter(|q| !q.replace("\"\"", "").contains('"'))
                .ok_or_else(|| text_error(F, n, format!("{name:?} is not a quoted name")))?
                .replace("\"\"", "\""),
            None => name.to_string(),
        };
        names.push(name);
    }
    Ok(Names {
        kind,
        header: header(head, names.len()),
        names,
    })
}
