//! Text forms of games: JSON Lines (read and write), transcripts (read and
//! write), and GGF, PGN (Edax style, explicit passes) and CSV (write; GGF
//! and PGN are read in [`crate::ggf`] and [`crate::pgn`]).
//!
//! JSON Lines (DESIGN.md): an optional first line `{"header":{...}}` keeps
//! the WTHOR header (`created` as four bytes, `year`, `p1`, `p2`, `p3`,
//! `reserved`) so that WTB -> JSONL -> WTB gives the same bytes; then a
//! game a line:
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
//! A transcript is a game a line, its moves with no separators (`f5d6c3`);
//! read, each game is replayed for its score and gets ids 0.

use crate::model::game::{End, Game, GameNames};
use crate::model::game_file::GameFile;
use crate::model::header::{fresh_header, Header};
use crate::model::position::{BoardSize, Color, Position};
use boardfile_io::{Diagnostics, Error, FormatName, Position as At};
use serde::Deserialize;
use std::fmt::Write as _;

/// The model's, here too where this module's users look for them.
pub use crate::model::game_file::year_of;
/// The model's, here too where this module's users look for it.
pub use crate::model::header::today;
/// The model's, here too where this module's users look for them.
pub use crate::model::names::{known_names, NameBook};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonHeaderLine {
    header: JsonHeader,
}

/// A WTHOR header as JSON Lines give it (games' and names' alike; N1 is
/// written with names, whose file keeps it, and is what the games give).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonHeader {
    pub(crate) created: [u8; 4],
    pub(crate) year: u16,
    #[serde(default)]
    pub(crate) n1: u32,
    #[serde(default)]
    pub(crate) p1: u8,
    #[serde(default)]
    pub(crate) p2: u8,
    #[serde(default)]
    pub(crate) p3: u8,
    #[serde(default)]
    pub(crate) reserved: u8,
}

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

/// An error in a text file of games, at a line (from 1) starting at a byte.
fn text_error(format: &'static str, line: u64, byte: u64, message: String) -> Error {
    Error::invalid(
        boardfile_io::FormatName(format),
        boardfile_io::Position::byte(byte).with_line(line),
        message,
    )
}

/// Lines with their numbers (from 1) and starting bytes, without their
/// line ends.
fn numbered_lines(text: &str) -> impl Iterator<Item = (u64, u64, &str)> {
    let mut byte = 0u64;
    text.split_inclusive('\n').enumerate().map(move |(i, raw)| {
        let at = byte;
        byte += raw.len() as u64;
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        (i as u64 + 1, at, line)
    })
}

/// True when the first JSON line looks like an Othello header (its first
/// key `"header"`) or game (`"moves"` and no `"deal"`). A bridge set line
/// (first key `"set"`) may hold a `"header"` of its own (DLM's, LIN's).
pub fn sniff_jsonl(bytes: &[u8]) -> bool {
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

/// Fills in the scores a text form may leave out: the actual score from the
/// replay of a finished game; the theoretical score stays unknown
/// ([`Game::THEORETICAL_UNKNOWN`]) unless given, never copied from the
/// actual one (they differ in most real games). A
/// game whose score is given is kept as it stands, as a WTHOR file keeps it,
/// legal or not (validation replays it): converting a database with one
/// broken game to text and back loses nothing.
///
/// Returns a warning where the score is not what the moves show: given,
/// and not the finished game's count; or not given, for a game whose
/// moves stop before the end (a resigned game, a game lost on time, an
/// opening line), and counted from the board where they stop, the empty
/// squares to the `winner` the input names (`Greater`: Black, `Equal`: a
/// draw), else to the side ahead; or not given, for a finished game whose
/// `winner` the moves contradict (the moves' score kept). And where a
/// given theoretical score is past the board: 255, which stands for none,
/// read as none, another value kept as given.
pub(crate) fn complete(
    game: &mut Game,
    black_discs: Option<u8>,
    winner: Option<std::cmp::Ordering>,
    theoretical: Option<u8>,
) -> Result<Option<String>, String> {
    let squares = game.size.squares();
    let mut warning = None;
    game.black_score = match (black_discs, game.replay()) {
        (Some(d), Ok((_, End::Finished { black_score, .. }))) => {
            if d != black_score {
                warning = Some(format!(
                    "the score given comes to {d}-{} with the empty squares to the winner, and the moves end {black_score}-{}: kept as given",
                    squares.saturating_sub(d),
                    squares - black_score
                ));
            }
            d
        }
        // Kept as given: a game that does not replay is validation's.
        (Some(d), _) => d,
        (None, Ok((_, End::Finished { black_score, .. }))) => {
            let white = squares - black_score;
            let named = match winner {
                Some(std::cmp::Ordering::Greater) => "Black the winner",
                Some(std::cmp::Ordering::Less) => "White the winner",
                _ => "a draw",
            };
            if winner.is_some_and(|w| w != black_score.cmp(&white)) {
                warning = Some(format!(
                    "the result names {named}, and the moves end {black_score}-{white}: the score is the moves'"
                ));
            }
            black_score
        }
        (None, Ok((p, End::Unfinished))) => {
            let [b, w] = [Color::Black, Color::White].map(|c| p.discs(c).count_ones());
            let to = winner.unwrap_or(b.cmp(&w));
            let black = crate::model::game::black_discs_to(b, w, game.size, to).unwrap_or(b as u8);
            let white = squares - black;
            let whom = match winner {
                None => "the side ahead",
                Some(std::cmp::Ordering::Greater) => "Black, the winner the result names",
                Some(std::cmp::Ordering::Less) => "White, the winner the result names",
                Some(std::cmp::Ordering::Equal) => "both alike, the result naming a draw",
            };
            let against = match to {
                std::cmp::Ordering::Greater if black <= white => {
                    "; that still does not give Black the game, as the result does"
                }
                std::cmp::Ordering::Less if white <= black => {
                    "; that still does not give White the game, as the result does"
                }
                _ => "",
            };
            warning = Some(format!(
                "the moves stop before the end and no disc count is given: the score is taken from the board where they stop, {b}-{w}, the empty squares to {whom} ({black}-{white}){against}"
            ));
            black
        }
        (None, Err(e)) => return Err(e.to_string()),
    };
    game.theoretical = theoretical.unwrap_or(Game::THEORETICAL_UNKNOWN);
    if let Some(t) = theoretical.filter(|&t| t > squares) {
        let said = crate::wthor::games::past_the_board(t, squares);
        warning = Some(match warning {
            Some(w) => format!("{w}; {said}"),
            None => said,
        });
    }
    Ok(warning)
}

/// Reads JSON Lines games. Every game must have the same board size. A
/// score the moves do not show goes to `diag`'s warnings.
pub fn read_jsonl(
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
            let h = h.header;
            header = Some(Header {
                created: h.created,
                n1: 0,
                n2: 0,
                year: h.year,
                p1: h.p1,
                p2: h.p2,
                p3: h.p3,
                reserved: h.reserved,
            });
            continue;
        }
        let j: JsonGame = serde_json::from_str(l).map_err(|e| err(e.to_string()))?;
        let this_size = match j.board_size.unwrap_or(8) {
            8 => BoardSize::Eight,
            10 => BoardSize::Ten,
            n => return Err(err(format!("board_size {n} is not 8 or 10"))),
        };
        if *size.get_or_insert(this_size) != this_size {
            return Err(err("games of two board sizes in one file".into()));
        }
        // Games of several years may share a file; the first gives a
        // header made here its year.
        if let Some(y) = j.year {
            year.get_or_insert(y);
        }
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
        let tournament = id(book, j.tournament_id, &j.tournament, true);
        let black = id(book, j.black_id, &j.black, false);
        let white = id(book, j.white_id, &j.white, false);
        // Names are the game's own where the names files do not give them
        // for its ids; a year where it is not the file's.
        let own = |name: Option<String>, index: u16, t: bool| {
            name.filter(|n| book.name(index, t) != Some(n.as_str()))
        };
        let carried = GameNames {
            tournament: own(j.tournament, tournament, true),
            black: own(j.black, black, false),
            white: own(j.white, white, false),
            unresolved,
        };
        let names = (carried != GameNames::default()).then(|| Box::new(carried));
        let mut game = Game {
            size: this_size,
            tournament,
            black,
            white,
            black_score: 0,
            theoretical: 0,
            moves: Game::parse_transcript(&j.moves, this_size).map_err(err)?,
            year: j.year,
            names,
        };
        if let Some(w) =
            complete(&mut game, j.black_discs, None, j.theoretical_score).map_err(err)?
        {
            game_warning(diag, "JSONL", games.len() as u64, byte, line_no, &w);
        }
        games.push(game);
    }
    let size = size.unwrap_or(BoardSize::Eight);
    // A game without a year is of the header line's; with no header line,
    // of year 0, the unknown one, not of the first game's.
    let undated = if header.is_some() { None } else { Some(0) };
    let header = header.unwrap_or_else(|| fresh_header(year.unwrap_or(0), size));
    // A game's year is its own only where it is not the file's (the header
    // line's, wherever it stands, else the first dated game's).
    for g in &mut games {
        g.year = g.year.or(undated).filter(|&y| y != header.year);
    }
    Ok(GameFile {
        header,
        size,
        games,
    })
}

/// Writes JSON Lines: the header line, then a game a line with names when
/// the book has them.
pub fn write_jsonl(file: &GameFile, book: &NameBook, out: &mut String) {
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

/// The board size of a transcript file, from its first move: 8x8 games
/// open at d3, c4, f5 or e6, 10x10 games at e4, d5, g6 or f7.
pub fn transcript_size(bytes: &[u8]) -> BoardSize {
    let text = String::from_utf8_lossy(bytes);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.get(..2).unwrap_or("").to_ascii_lowercase());
    match first.as_deref() {
        Some("e4" | "d5" | "g6" | "f7") => BoardSize::Ten,
        _ => BoardSize::Eight,
    }
}

/// Reads transcripts, a game a line (`#` lines and blank lines skipped);
/// a game whose moves stop before the end is scored from the board, with
/// a warning in `diag`.
pub fn read_transcripts(
    bytes: &[u8],
    size: BoardSize,
    diag: &mut Diagnostics,
) -> Result<GameFile, Error> {
    let text = String::from_utf8_lossy(bytes);
    let mut games = Vec::new();
    for (line_no, byte, line) in numbered_lines(&text) {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let err = |message: String| text_error("TRANSCRIPT", line_no, byte, message);
        let mut game = Game {
            size,
            tournament: 0,
            black: 0,
            white: 0,
            black_score: 0,
            theoretical: 0,
            moves: Game::parse_transcript(l, size).map_err(err)?,
            year: None,
            names: None,
        };
        if let Some(w) = complete(&mut game, None, None, None).map_err(err)? {
            game_warning(diag, "TRANSCRIPT", games.len() as u64, byte, line_no, &w);
        }
        games.push(game);
    }
    Ok(GameFile {
        header: fresh_header(0, size),
        size,
        games,
    })
}

/// Writes transcripts, a game a line.
pub fn write_transcripts(file: &GameFile, out: &mut String) {
    for g in &file.games {
        out.push_str(&g.transcript());
        out.push('\n');
    }
}

/// The moves with the passes made explicit: `None` for a pass.
fn moves_with_passes(g: &Game) -> Vec<(Color, Option<crate::model::position::Square>)> {
    let mut p = Position::start(g.size);
    let mut out = Vec::with_capacity(g.moves.len() + 2);
    for &m in &g.moves {
        match p.play(m) {
            Ok(played) => {
                if played.passed {
                    out.push((played.by.other(), None));
                }
                out.push((played.by, Some(m)));
            }
            Err(_) => return out,
        }
    }
    out
}

/// A game's tournament, black and white names: those its input gave,
/// else the names files', else `?`.
fn names_of<'a>(g: &'a Game, book: &'a NameBook) -> (&'a str, &'a str, &'a str) {
    let [t, b, w] = known_names(g, book);
    (t.unwrap_or("?"), b.unwrap_or("?"), w.unwrap_or("?"))
}

/// A name as a GGF property value or a PGN string: `\` before each of
/// `specials` and before `\`, a control character (a line break would
/// end the value) as a space. WTHOR names are any ISO-8859-1 bytes. (GGF
/// also escapes the `(` of `(;`: see `write_ggf`.)
fn escaped(name: &str, specials: &[char]) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c == '\\' || specials.contains(&c) {
            out.push('\\');
        }
        out.push(if c.is_control() { ' ' } else { c });
    }
    out
}

/// Writes GGF: `(;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TY[8]BO[..]B[f5]W[d6]...;)`
/// a game a line, passes as `PA`.
pub fn write_ggf(file: &GameFile, book: &NameBook, out: &mut String) {
    for g in &file.games {
        let (t, b, w) = names_of(g, book);
        // `(;` inside a value reads as the next game opening (the game
        // before was cut short), so its `(` is escaped too.
        let [t, b, w] = [t, b, w].map(|n| escaped(n, &[']']).replace("(;", r"\(;"));
        let side = g.size.side();
        let start = Position::start(g.size);
        let mut board = String::new();
        for row in 0..side {
            for col in 0..side {
                board.push(
                    match start.at(crate::model::position::Square { col, row }) {
                        Some(Color::Black) => '*',
                        Some(Color::White) => 'O',
                        None => '-',
                    },
                );
            }
        }
        let diff = g.black_score as i32 - (g.size.squares() as i32 - g.black_score as i32);
        // Year 0 is the unknown one: no date.
        let date = match year_of(g, file) {
            0 => String::new(),
            y => format!("DT[{y}]"),
        };
        let _ = write!(
            out,
            "(;GM[Othello]PC[{t}]{date}PB[{b}]PW[{w}]RE[{diff:+}]TY[{side}]BO[{side} {board} *]"
        );
        for (c, m) in moves_with_passes(g) {
            let tag = if c == Color::Black { 'B' } else { 'W' };
            match m {
                Some(sq) => {
                    let _ = write!(out, "{tag}[{sq}]");
                }
                None => {
                    let _ = write!(out, "{tag}[PA]");
                }
            }
        }
        out.push_str(";)\n");
    }
}

/// Writes PGN as Edax reads it: tags, then numbered moves with `PS` for a
/// pass, and the result `black-white`.
pub fn write_pgn(file: &GameFile, book: &NameBook, out: &mut String) {
    for g in &file.games {
        let (t, b, w) = names_of(g, book);
        let [t, b, w] = [t, b, w].map(|n| escaped(n, &['"']));
        // A stored score past the board (a broken record) is unknown: `*`.
        let result = match g.size.squares().checked_sub(g.black_score) {
            Some(white) => format!("{}-{white}", g.black_score),
            None => "*".to_string(),
        };
        // Year 0 is the unknown one: PGN's unknown date.
        let date = match year_of(g, file) {
            0 => "????.??.??".to_string(),
            y => y.to_string(),
        };
        let _ = writeln!(
            out,
            "[Event \"{t}\"]\n[Date \"{date}\"]\n[Black \"{b}\"]\n[White \"{w}\"]\n[Result \"{result}\"]\n"
        );
        let mut line = String::new();
        for (i, (_, m)) in moves_with_passes(g).iter().enumerate() {
            if i % 2 == 0 {
                let _ = write!(line, "{}. ", i / 2 + 1);
            }
            match m {
                Some(sq) => {
                    let _ = write!(line, "{sq} ");
                }
                None => line.push_str("PS "),
            }
        }
        out.push_str(&line);
        out.push_str(&result);
        out.push_str("\n\n");
    }
}

/// Writes CSV: a header row, then a game a row.
pub fn write_csv(file: &GameFile, book: &NameBook, out: &mut String) {
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

/// A warning of `format` on game `record` (from 0), which starts at `byte`
/// on `line`.
pub(crate) fn game_warning(
    diag: &mut Diagnostics,
    format: &'static str,
    record: u64,
    byte: u64,
    line: u64,
    message: &str,
) {
    diag.warn(
        FormatName(format),
        Some(At::record(record, byte).with_line(line)),
        format!("game {}: {message}", record + 1),
    );
}
