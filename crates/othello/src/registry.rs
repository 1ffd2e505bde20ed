//! The Othello format registry: one descriptor a format, listed once.
//!
//! Like the bridge crate's: each format's names, extensions, signature,
//! what it holds, and how its games are read and written live in one
//! descriptor, and the list below is the only place that names them all.

use crate::codec::{info, Descriptor, Holds, OthelloFormat};
use crate::model::game_file::GameFile;
use crate::model::header::Kind;
use crate::model::names::NameBook;
use crate::model::position::BoardSize;
use crate::text;
use crate::wthor::{games, names};
use crate::{ggf, pgn, text_names};
use boardfile_io::{Error, FormatName, Signature};

fn wthor_write(file: &GameFile, _: &NameBook, out: &mut Vec<u8>) -> Result<(), Error> {
    // Never a made-up theoretical score: convert solves them first.
    if let Some(i) = file.games.iter().position(|g| !g.theoretical_known()) {
        return Err(boardfile_io::Error::unsupported(
            FormatName(if file.size == BoardSize::Ten {
                "WTD"
            } else {
                "WTB"
            }),
            format!("game {} has no theoretical score (solve it first)", i + 1),
        ));
    }
    games::write(file, out);
    Ok(())
}

macro_rules! text_write {
    ($f:path) => {
        |file: &GameFile, book: &NameBook, out: &mut Vec<u8>| -> Result<(), Error> {
            let mut s = String::new();
            $f(file, book, &mut s);
            out.extend_from_slice(s.as_bytes());
            Ok(())
        }
    };
}

static WTB: Descriptor = Descriptor {
    info: info(
        "WTB",
        &["wtb"],
        "WTHOR 8x8 games: ids, actual and theoretical scores, moves",
        Signature::Extension,
        true,
    ),
    holds: Holds::Games,
    size: Some(BoardSize::Eight),
    read_games: Some(|b, _, d| games::read_warning(b, BoardSize::Eight, d)),
    write_games: Some(wthor_write),
    legal_games_only: false,
    theoretical: true,
    read_names: None,
    write_names: None,
};

static WTD: Descriptor = Descriptor {
    info: info(
        "WTD",
        &["wtd"],
        "WTHOR 10x10 games: ids, actual and theoretical scores, moves",
        Signature::Extension,
        true,
    ),
    holds: Holds::Games,
    size: Some(BoardSize::Ten),
    read_games: Some(|b, _, d| games::read_warning(b, BoardSize::Ten, d)),
    write_games: Some(wthor_write),
    legal_games_only: false,
    theoretical: true,
    read_names: None,
    write_names: None,
};

static PZZ: Descriptor = Descriptor {
    info: info(
        "PZZ",
        &["pzz"],
        "WTHOR solitaires: end-game positions and their solutions",
        Signature::Extension,
        true,
    ),
    holds: Holds::Solitaires,
    size: Some(BoardSize::Eight),
    read_games: None,
    write_games: None,
    legal_games_only: false,
    theoretical: false,
    read_names: None,
    write_names: None,
};

static JOU: Descriptor = Descriptor {
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
    read_names: Some(names::read),
    write_names: Some(names::write),
};

static TRN: Descriptor = Descriptor {
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
    read_names: Some(names::read),
    write_names: Some(names::write),
};

static JSONL: Descriptor = Descriptor {
    info: info(
        "JSONL",
        &["jsonl", "ndjson"],
        "JSON Lines games, names when the JOU/TRN files are at hand; the WTHOR header on a first line; or the names of a JOU/TRN, a line each",
        // Told from bridge JSON Lines by its first line: more telling than
        // any bridge signature.
        Signature::Content {
            rank: 11,
            test: text::sniff_jsonl,
        },
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: Some(text::read_jsonl),
    write_games: Some(text_write!(text::write_jsonl)),
    legal_games_only: false,
    theoretical: true,
    read_names: Some(|b, _| text_names::read_jsonl(b)),
    write_names: Some(|n, out| {
        let mut s = String::new();
        text_names::write_jsonl(n, &mut s);
        out.extend_from_slice(s.as_bytes());
        Ok(())
    }),
};

static TRANSCRIPT: Descriptor = Descriptor {
    info: info(
        "TRANSCRIPT",
        &[],
        "a game a line: its moves (f5d6c3...); no extension, name it with --from/--to transcript",
        Signature::None,
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: Some(|b, _, d| text::read_transcripts(b, text::transcript_size(b), d)),
    write_games: Some(|file, _, out| {
        let mut s = String::new();
        text::write_transcripts(file, &mut s);
        out.extend_from_slice(s.as_bytes());
        Ok(())
    }),
    legal_games_only: true,
    theoretical: false,
    read_names: None,
    write_names: None,
};

static GGF: Descriptor = Descriptor {
    info: info(
        "GGF",
        &["ggf"],
        "Generic Game Format of the GGS servers: names (PB, PW; PC as the tournament), year, result, passes as PA",
        // `(;` and `GM[Othello]`: no other format opens so.
        Signature::Content {
            rank: 12,
            test: ggf::sniff,
        },
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: Some(ggf::read),
    write_games: Some(text_write!(text::write_ggf)),
    legal_games_only: true,
    theoretical: false,
    read_names: None,
    write_names: None,
};

static PGN: Descriptor = Descriptor {
    info: info(
        "PGN",
        &["pgn"],
        "PGN for Othello: Event, Date, Black, White, Result; written as Edax reads it (passes as PS), read also as Edax and PlayOK write it",
        // Tags like PBN's, told apart by an Othello move opening the
        // movetext: ranked above PBN.
        Signature::Content {
            rank: 9,
            test: pgn::sniff,
        },
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: Some(pgn::read),
    write_games: Some(text_write!(text::write_pgn)),
    legal_games_only: true,
    theoretical: false,
    read_names: None,
    write_names: None,
};

static CSV: Descriptor = Descriptor {
    info: info(
        "CSV",
        &["csv"],
        "CSV, a game a row (written only); names (JOU, TRN) as index,name, both ways",
        // Told by its first line (`# WTHOR` or `index,name`), as bridge CSV
        // is by its header: `.csv` is both.
        Signature::Content {
            rank: 7,
            test: text_names::sniff_csv,
        },
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: None,
    write_games: Some(text_write!(text::write_csv)),
    legal_games_only: false,
    theoretical: false,
    read_names: Some(text_names::read_csv),
    write_names: Some(|n, out| {
        let mut s = String::new();
        text_names::write_csv(n, &mut s);
        out.extend_from_slice(s.as_bytes());
        Ok(())
    }),
};

static OBF: Descriptor = Descriptor {
    info: info(
        "OBF",
        &["obf"],
        "Othello board file: an endgame position a line with its moves' exact scores (the FFO problems); solve fills them in",
        // 64 squares and a side to move: nothing else starts so.
        Signature::Content {
            rank: 12,
            test: crate::obf::sniff,
        },
        true,
    ),
    holds: Holds::Positions,
    size: Some(BoardSize::Eight),
    read_games: None,
    write_games: None,
    legal_games_only: false,
    theoretical: false,
    read_names: None,
    write_names: None,
};

/// The registry: one line a format, in the order `boardfile formats` lists them.
macro_rules! registry {
    ($($name:ident => $descriptor:path),* $(,)?) => {
        #[allow(non_upper_case_globals)]
        impl OthelloFormat {
            $(
                #[doc = concat!("The ", stringify!($name), " format.")]
                pub const $name: OthelloFormat = OthelloFormat::of(&$descriptor);
            )*
            /// Every format, in the order `boardfile formats` lists them.
            pub const ALL: &'static [OthelloFormat] = &[$(OthelloFormat::$name),*];
        }
    };
}

registry! {
    Wtb => WTB,
    Wtd => WTD,
    Pzz => PZZ,
    Jou => JOU,
    Trn => TRN,
    Jsonl => JSONL,
    Transcript => TRANSCRIPT,
    Ggf => GGF,
    Pgn => PGN,
    Csv => CSV,
    Obf => OBF,
}

boardfile_io::format_list!(OthelloFormat);
