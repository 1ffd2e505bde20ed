//! JSON Lines of Othello games, and of the names of a JOU or TRN file
//! (DESIGN.md).
//!
//! Games: an optional first line `{"header":{...}}` keeps the WTHOR header
//! (`created` as four bytes, `year`, `p1`, `p2`, `p3`, `reserved`) so that
//! WTB -> JSONL -> WTB gives the same bytes; then a game a line:
//!
//! ```json
//! {"year":2004,"board_size":8,"tournament_id":5,"black_id":12,"white_id":40,
//!  "tournament":"...","black":"...","white":"...","black_discs":34,
//!  "theoretical_score":32,"moves":"f5d6c3d3c4f4..."}
//! ```
//!
//! Names are written when the names files are at hand. On read, an id wins
//! over a name; a name without an id is looked up (see [`NameBook`]).
//! `black_discs` may be left out when the game is played out (the replay
//! gives it); without `theoretical_score` the game has none until a WTB or
//! WTD writer solves it ([`crate::theoretical`]).
//!
//! Names: a first line `{"names":"JOU","header":{...}}` with the header's
//! fields (`created` as four bytes, `year`, `n1`, `p1`, `p2`, `p3`,
//! `reserved`; N2 is the count of names), then a line a name,
//! `{"index":0,"name":"???"}`, indices in order from 0. The header goes
//! with them, so that a names file made from the text is the file the
//! text was made from, byte for byte.
//!
//! What it cannot carry: passes (inferred on replay), solitaires and
//! positions.

use crate::codec::{info, Descriptor, Holds, Hooks};
use crate::formats::text::{
    as_bytes, complete, game_warning, is_names_text, kind_name, kind_of, names_error, names_header,
    numbered_lines, text_error, JsonHeader,
};
use crate::model::game::{Game, GameNames};
use crate::model::game_file::{year_of, GameFile};
use crate::model::header::{fresh_header, Header};
use crate::model::names::{known_names, NameBook, Names};
use crate::model::position::BoardSize;
use boardfile_io::{Diagnostics, Error, Signature};
use serde::Deserialize;
use std::fmt::Write as _;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: info(
        "JSONL",
        &["jsonl", "ndjson"],
        "JSON Lines games, names when the JOU/TRN files are at hand; the WTHOR header on a first line; or the names of a JOU/TRN, a line each",
        // Told from bridge JSON Lines by its first line: more telling than
        // any bridge signature.
        Signature::Content {
            rank: 11,
            test: sniff,
        },
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: Some(read_games),
    write_games: Some(|file, book, out| {
        as_bytes(out, |s| write_games(file, book, s));
        Ok(())
    }),
    legal_games_only: false,
    theoretical: true,
    read_names: Some(|b, _| read_names(b)),
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

/// True when the first JSON line looks like an Othello header (its first
/// key `"header"`) or game (`"moves"` and no `"deal"`). A bridge set line
/// (first key `"set"`) may hold a `"header"` of its own (DLM's, LIN's).
pub fn sniff(bytes: &[u8]) -> bool {
    let first = bytes
        .split(|&b| b == b'\n')
        .find(|l| !l.trim_ascii().is_empty());
    first.is_some_and(|l| {
        let Some(rest) = l.trim_ascii().strip_prefix(b"{") else {
            return false;
        };
        let rest = rest.trim_ascii_start();
        rest.starts_with(b"\"header\"")
            || rest.starts_with(b"\"names\"")
            || (!rest.starts_with(b"\"set\"")
                && contains(rest, b"\"moves\"")
                && !contains(rest, b"\"deal\""))
    })
}

fn contains(h: &[u8], n: &[u8]) -> bool {
    h.windows(n.len()).any(|w| w == n)
}

/// The header line of a file of games.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonHeaderLine {
    header: JsonHeader,
}

impl JsonHeaderLine {
    /// The header it gives (N1 and N2 are the games' to give).
    fn header(self) -> Header {
        let h = self.header;
        Header {
            created: h.created,
            n1: 0,
            n2: 0,
            year: h.year,
            p1: h.p1,
            p2: h.p2,
            p3: h.p3,
            reserved: h.reserved,
        }
    }
}

/// A game line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonGame {
    year: Option<u16>,
    board_size: Option<u8>,
    tournament_id: Option<u16>,
    black_id: Option<u16>,
    white_id: Option<u16>,
    tournament: Option<String>,
    black: Option<String>,
    white: Option<String>,
    black_discs: Option<u8>,
    theoretical_score: Option<u8>,
    moves: String,
}

impl JsonGame {
    /// Its board size: 8x8 unless it says 10.
    fn size(&self) -> Result<BoardSize, String> {
        match self.board_size.unwrap_or(8) {
            8 => Ok(BoardSize::Eight),
            10 => Ok(BoardSize::Ten),
            n => Err(format!("board_size {n} is not 8 or 10")),
        }
    }

    /// The game of line `line_no`: the names' indices as given, else
    /// looked up in the book, and its moves; its scores are left to
    /// [`complete`].
    fn game(self, size: BoardSize, line_no: u64, book: &mut NameBook) -> Result<Game, String> {
        // A name with no id takes its index from the names files; without
        // them it stays a name, which text formats write and WTHOR refuses.
        let mut unresolved = None;
        let mut id =
            |book: &mut NameBook, id: Option<u16>, name: &Option<String>, t: bool| match (id, name)
            {
                (Some(i), _) => i,
                (None, Some(n)) => book.lookup(n, t).unwrap_or_else(|m| {
                    unresolved.get_or_insert(format!("line {line_no}: {m}"));
                    0
                }),
                (None, None) => 0,
            };
        let tournament = id(book, self.tournament_id, &self.tournament, true);
        let black = id(book, self.black_id, &self.black, false);
        let white = id(book, self.white_id, &self.white, false);
        // Names are the game's own where the names files do not give them
        // for its ids; a year where it is not the file's.
        let own = |name: Option<String>, index: u16, t: bool| {
            name.filter(|n| book.name(index, t) != Some(n.as_str()))
        };
        let carried = GameNames {
            tournament: own(self.tournament, tournament, true),
            black: own(self.black, black, false),
            white: own(self.white, white, false),
            unresolved,
        };
        let names = (carried != GameNames::default()).then(|| Box::new(carried));
        Ok(Game {
            size,
            tournament,
            black,
            white,
            black_score: 0,
            theoretical: 0,
            moves: Game::parse_transcript(&self.moves, size)?,
            year: self.year,
            names,
        })
    }
}

/// Reads JSON Lines games. Every game must have the same board size. A
/// score the moves do not show goes to `diag`'s warnings.
pub fn read_games(
    bytes: &[u8],
    book: &mut NameBook,
    diag: &mut Diagnostics,
) -> Result<GameFile, Error> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64;
        text_error("JSONL", line, e.valid_up_to() as u64, "not UTF-8".into())
    })?;
    let mut header: Option<Header> = None;
    let mut games = Vec::new();
    let mut size: Option<BoardSize> = None;
    let mut year = None;
    for (line_no, byte, line) in numbered_lines(text) {
        let err = |message: String| text_error("JSONL", line_no, byte, message);
        let l = line.trim();
        if l.is_empty() {
            continue;
        }
        if l.trim_start_matches('{')
            .trim_start()
            .starts_with("\"header\"")
        {
            let h: JsonHeaderLine = serde_json::from_str(l).map_err(|e| err(e.to_string()))?;
            header = Some(h.header());
            continue;
        }
        let j: JsonGame = serde_json::from_str(l).map_err(|e| err(e.to_string()))?;
        let this_size = j.size().map_err(err)?;
        if *size.get_or_insert(this_size) != this_size {
            return Err(err("games of two board sizes in one file".into()));
        }
        // Games of several years may share a file; the first gives a
        // header made here its year.
        if let Some(y) = j.year {
            year.get_or_insert(y);
        }
        let (discs, theoretical) = (j.black_discs, j.theoretical_score);
        let mut game = j.game(this_size, line_no, book).map_err(err)?;
        if let Some(w) = complete(&mut game, discs, None, theoretical).map_err(err)? {
            game_warning(diag, "JSONL", games.len() as u64, byte, line_no, &w);
        }
        games.push(game);
    }
    Ok(file_of(
        header,
        games,
        size.unwrap_or(BoardSize::Eight),
        year,
    ))
}

/// The file of the games read: the header line's header, else one made
/// here of the first dated game's `year`; each game keeps a year of its
/// own only where it is not the file's.
fn file_of(
    header: Option<Header>,
    mut games: Vec<Game>,
    size: BoardSize,
    year: Option<u16>,
) -> GameFile {
    // A game without a year is of the header line's; with no header line,
    // of year 0, the unknown one, not of the first game's.
    let undated = if header.is_some() { None } else { Some(0) };
    let header = header.unwrap_or_else(|| fresh_header(year.unwrap_or(0), size));
    // A game's year is its own only where it is not the file's (the header
    // line's, wherever it stands, else the first dated game's).
    for g in &mut games {
        g.year = g.year.or(undated).filter(|&y| y != header.year);
    }
    GameFile {
        header,
        size,
        games,
    }
}

/// Writes JSON Lines: the header line, then a game a line with names when
/// the book has them.
pub fn write_games(file: &GameFile, book: &NameBook, out: &mut String) {
    let h = &file.header;
    let _ = writeln!(
        out,
        "{{\"header\":{{\"created\":[{},{},{},{}],\"year\":{},\"p1\":{},\"p2\":{},\"p3\":{},\"reserved\":{}}}}}",
        h.created[0], h.created[1], h.created[2], h.created[3], h.year, h.p1, h.p2, h.p3, h.reserved
    );
    let json = |s: &str| serde_json::to_string(s).unwrap_or_default();
    for g in &file.games {
        let _ = write!(
            out,
            "{{\"year\":{},\"board_size\":{},\"tournament_id\":{},\"black_id\":{},\"white_id\":{}",
            year_of(g, file),
            g.size.side(),
            g.tournament,
            g.black,
            g.white
        );
        for (key, name) in ["tournament", "black", "white"]
            .into_iter()
            .zip(known_names(g, book))
        {
            if let Some(n) = name {
                let _ = write!(out, ",\"{key}\":{}", json(n));
            }
        }
        let _ = write!(out, ",\"black_discs\":{}", g.black_score);
        if g.theoretical_known() {
            let _ = write!(out, ",\"theoretical_score\":{}", g.theoretical);
        }
        let _ = writeln!(out, ",\"moves\":\"{}\"}}", g.transcript());
    }
}

// Names.

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
pub fn write_names(file: &Names, out: &mut String) {
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
pub fn read_names(bytes: &[u8]) -> Result<Names, Error> {
    const F: &str = "JSONL";
    let text = std::str::from_utf8(bytes).map_err(|_| names_error(F, 1, "not UTF-8".into()))?;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i as u64 + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let Some((n, first)) = lines.next() else {
        return Err(names_error(F, 1, "no names header line".into()));
    };
    let head: JsonNamesLine =
        serde_json::from_str(first).map_err(|e| names_error(F, n, e.to_string()))?;
    let kind = kind_of(&head.names)
        .ok_or_else(|| names_error(F, n, format!("names {:?} is not JOU or TRN", head.names)))?;
    let mut names = Vec::new();
    for (n, line) in lines {
        let j: JsonName =
            serde_json::from_str(line).map_err(|e| names_error(F, n, e.to_string()))?;
        if j.index as usize != names.len() {
            return Err(names_error(
                F,
                n,
                format!("index {} where {} comes next", j.index, names.len()),
            ));
        }
        names.push(j.name);
    }
    Ok(Names {
        kind,
        header: names_header(head.header, names.len()),
        names,
    })
}
