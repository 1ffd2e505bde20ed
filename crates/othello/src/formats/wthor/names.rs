//! Name files: WTHOR.JOU (players, 20-byte records) and WTHOR.TRN
//! (tournaments, 26-byte records).
//!
//! Each record is an ISO-8859-1 name ended by a zero byte and padded with
//! zeros: 19 or 25 useful characters. The header's N2 counts the records;
//! the file is `16 + N2 * 20` (or `* 26`) bytes. Index 0 is a placeholder
//! (`???` in WTHOR.JOU).

use super::{check_size, error, Position};
use crate::codec::{info, Checked, Descriptor, Holds, Hooks, Layout};
use crate::model::header::{count_warning, Header, Kind, HEADER};
use boardfile_io::{Error, Signature};

/// A JOU or TRN file is the model's [`Names`]: here too, where WTHOR's
/// users look for it.
pub use crate::model::names::Names;

/// JOU: the players' names.
pub static JOU: Descriptor = Descriptor {
    info: info(
        "JOU",
        &["jou"],
        "WTHOR player names",
        Signature::Extension,
        true,
    ),
    holds: Holds::Names(Kind::Jou),
    size: None,
    read_games: None,
    write_games: None,
    legal_games_only: false,
    theoretical: false,
    read_names: Some(read),
    write_names: Some(write),
    layout: Some(Layout {
        header: HEADER,
        record: record_len(Kind::Jou),
    }),
    hooks: Hooks {
        check: Some(|bytes, _| check(bytes, Kind::Jou)),
        ..Hooks::NONE
    },
};

/// TRN: the tournaments' names.
pub static TRN: Descriptor = Descriptor {
    info: info(
        "TRN",
        &["trn"],
        "WTHOR tournament names",
        Signature::Extension,
        true,
    ),
    holds: Holds::Names(Kind::Trn),
    size: None,
    read_games: None,
    write_games: None,
    legal_games_only: false,
    theoretical: false,
    read_names: Some(read),
    write_names: Some(write),
    layout: Some(Layout {
        header: HEADER,
        record: record_len(Kind::Trn),
    }),
    hooks: Hooks {
        check: Some(|bytes, _| check(bytes, Kind::Trn)),
        ..Hooks::NONE
    },
};

/// Reads a names file as validation does: its names counted, or the
/// problem; a header that miscounts them said in the warnings.
fn check(bytes: &[u8], kind: Kind) -> Checked {
    match read(bytes, kind) {
        Ok(n) => Checked {
            records: n.names.len(),
            warnings: count_warning(u64::from(n.header.n2), n.names.len(), "names")
                .into_iter()
                .collect(),
            ..Checked::default()
        },
        Err(e) => Checked {
            errors: vec![e],
            ..Checked::default()
        },
    }
}

/// Record length: 20 for players, 26 for tournaments.
pub const fn record_len(kind: Kind) -> usize {
    match kind {
        Kind::Trn => 26,
        _ => 20,
    }
}

/// Reads a JOU or TRN file.
pub fn read(bytes: &[u8], kind: Kind) -> Result<Names, Error> {
    let header = Header::read_from(bytes).ok_or_else(|| {
        error(
            kind,
            Position::default(),
            format!("{} bytes is shorter than the 16-byte header", bytes.len()),
        )
    })?;
    let rec = record_len(kind);
    check_size(kind, bytes, header.n2 as u64, 0, rec)?;
    let mut names = Vec::with_capacity((header.n2 as usize).min(bytes.len() / rec));
    for (i, r) in bytes[HEADER..].chunks_exact(rec).enumerate() {
        let at = |k: usize| Position {
            byte: (HEADER + i * rec + k) as u64,
            record: Some(i as u64),
            mv: None,
        };
        let Some(end) = r.iter().position(|&b| b == 0) else {
            return Err(error(kind, at(rec - 1), "the name has no ending zero byte"));
        };
        if let Some(k) = r[end..].iter().position(|&b| b != 0) {
            return Err(error(
                kind,
                at(end + k),
                "bytes other than zero after the name's end",
            ));
        }
        names.push(r[..end].iter().map(|&b| b as char).collect());
    }
    Ok(Names {
        kind,
        header,
        names,
    })
}

/// Writes the file; a name that does not fit or is not ISO-8859-1 is an
/// error naming its index.
pub fn write(file: &Names, out: &mut Vec<u8>) -> Result<(), Error> {
    let rec = record_len(file.kind);
    let mut header = file.header;
    header.n2 = u16::try_from(file.names.len()).map_err(|_| {
        error(
            file.kind,
            Position::default(),
            format!(
                "{} names is more than the 65,535 a file holds",
                file.names.len()
            ),
        )
    })?;
    header.write_to(out);
    for (i, name) in file.names.iter().enumerate() {
        let bytes: Option<Vec<u8>> = name.chars().map(|c| u8::try_from(c as u32).ok()).collect();
        let bad = |m: String| {
            error(
                file.kind,
                Position {
                    byte: (HEADER + i * rec) as u64,
                    record: Some(i as u64),
                    mv: None,
                },
                m,
            )
        };
        let bytes = bytes.ok_or_else(|| bad(format!("name {name:?} is not ISO-8859-1")))?;
        if bytes.len() >= rec || bytes.contains(&0) {
            return Err(bad(format!(
                "name {name:?} does not fit in {} characters",
                rec - 1
            )));
        }
        out.extend_from_slice(&bytes);
        out.resize(out.len() + rec - bytes.len(), 0);
    }
    Ok(())
}
