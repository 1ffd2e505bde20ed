//! The Othello formats the command line knows, by name and extension.

use std::path::Path;

/// An Othello file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OthelloFormat {
    /// WTHOR games on 8x8.
    Wtb,
    /// WTHOR games on 10x10.
    Wtd,
    /// WTHOR solitaires.
    Pzz,
    /// WTHOR player names.
    Jou,
    /// WTHOR tournament names.
    Trn,
    /// JSON Lines games.
    Jsonl,
    /// Transcripts, a game a line.
    Transcript,
    /// Generic Game Format (write only).
    Ggf,
    /// PGN as Edax reads it (write only).
    Pgn,
    /// CSV (write only).
    Csv,
}

impl OthelloFormat {
    /// Every format.
    pub fn all() -> &'static [OthelloFormat] {
        use OthelloFormat::*;
        &[Wtb, Wtd, Pzz, Jou, Trn, Jsonl, Transcript, Ggf, Pgn, Csv]
    }

    /// The upper-case name.
    pub fn name(self) -> &'static str {
        use OthelloFormat::*;
        match self {
            Wtb => "WTB",
            Wtd => "WTD",
            Pzz => "PZZ",
            Jou => "JOU",
            Trn => "TRN",
            Jsonl => "JSONL",
            Transcript => "TRANSCRIPT",
            Ggf => "GGF",
            Pgn => "PGN",
            Csv => "CSV",
        }
    }

    /// Extensions, lower case; the first is the usual one.
    pub fn extensions(self) -> &'static [&'static str] {
        use OthelloFormat::*;
        match self {
            Wtb => &["wtb"],
            Wtd => &["wtd"],
            Pzz => &["pzz"],
            Jou => &["jou"],
            Trn => &["trn"],
            Jsonl => &["jsonl", "ndjson"],
            Transcript => &[],
            Ggf => &["ggf"],
            Pgn => &["pgn"],
            Csv => &["csv"],
        }
    }

    /// What the format is and keeps.
    pub fn description(self) -> &'static str {
        use OthelloFormat::*;
        match self {
            Wtb => "WTHOR 8x8 games: ids, actual and theoretical scores, moves",
            Wtd => "WTHOR 10x10 games: ids, actual and theoretical scores, moves",
            Pzz => "WTHOR solitaires: end-game positions and their solutions",
            Jou => "WTHOR player names",
            Trn => "WTHOR tournament names",
            Jsonl => "JSON Lines games, names when the JOU/TRN files are at hand; the WTHOR header on a first line",
            Transcript => "a game a line: its moves (f5d6c3...); no extension, name it with --from/--to transcript",
            Ggf => "Generic Game Format, passes as PA (write only)",
            Pgn => "PGN as Edax reads it, passes as PS (write only)",
            Csv => "CSV, a game a row (write only)",
        }
    }

    /// True when the crate reads the format.
    pub fn can_read(self) -> bool {
        !matches!(
            self,
            OthelloFormat::Ggf | OthelloFormat::Pgn | OthelloFormat::Csv
        )
    }

    /// The format of a name (`wtb`, `WTB`, `transcript`) or extension.
    pub fn from_name(name: &str) -> Option<OthelloFormat> {
        let lower = name.to_ascii_lowercase();
        OthelloFormat::all().iter().copied().find(|f| {
            f.name().eq_ignore_ascii_case(&lower) || f.extensions().contains(&lower.as_str())
        })
    }

    /// The format of a path's extension (`WTH_2004.wtb`, `WTHOR.JOU`).
    pub fn from_path(path: &Path) -> Option<OthelloFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        OthelloFormat::all()
            .iter()
            .copied()
            .find(|f| f.extensions().contains(&ext.as_str()))
    }
}
