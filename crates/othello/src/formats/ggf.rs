//! GGF, the Generic Game Format of the GGS game servers, for Othello:
//! read and written here.
//!
//! Spec: M. Buro's "Generic Game Format (GGF)" page (skatgame.net,
//! `ggsa/ggf`), with what the GGS archives and other programs write. A
//! file is games one after the other, usually a game a line, each
//!
//! ```text
//! game     = [count] "(;" { property } ";)"
//! count    = digits           (archives: "1", or "2" before two synchro games)
//! property = NAME "[" value "]" { "[" value "]" }     ("\" escapes the next character)
//! ```
//!
//! | property | meaning | read as |
//! |---|---|---|
//! | `GM[Othello]` | the game | must be Othello (any case) |
//! | `PC[..]` | place (`GGS/os`) | the tournament |
//! | `DT[..]` | date: `2003.12.15_13:24:03.MST`, `2000-4-16 11:13 EST`, or seconds since 1970 | the year; none: year 0, the unknown one (written without `DT`) |
//! | `PB[..]`, `PW[..]` | black and white players | names |
//! | `RE[+12.000]` | black's disc difference, `:r` resigned, `:t` time, `:s` agreed | black's discs |
//! | `TY[8]` | type: `s` synchro, the size, `k` komi, `r` random start, `a` anti | checked |
//! | `BO[8 -------- ... *]` | size, the squares row by row from a1 (`*` black, `O` white, `-` empty), the side to move | checked |
//! | `B[d3//1.2]`, `W[c5]` | a move (either case), `/evaluation/time` after it; `PA` a pass | moves |
//!
//! Ratings, clocks, komi moves and comments (`RB`, `RW`, `TI`, `TB`,
//! `TW`, `KB`, `KW`, `KM`, `CO`) and unknown properties are passed over.
//!
//! What WTHOR cannot hold is refused, naming the game: another game than
//! Othello, a board other than 8x8 and 10x10, a start other than the
//! standard position with black to move (random starts, set-ups),
//! anti-Othello, and games of two sizes in one file. A move that is not
//! legal, or a move whose colour is not the side to move, is an error too.
//! Passes are not kept (WTHOR infers them). A result that is not a whole
//! disc count (komi, a score past the board) leaves the score to the
//! replay; a game cut short (resigned, lost on time) keeps the result it
//! gives, and one cut short without a result is counted from the board
//! where it stops, the empty squares to the side ahead, with a warning. A
//! result the finished moves do not give is kept, with a warning. The
//! theoretical score is what the other text formats give it.

use crate::codec::{info, Descriptor, Holds, Hooks};
use crate::formats::text::{
    as_bytes, decode, escaped, file_of, file_offset, game_error, game_warning, known,
    moves_with_passes, names_of, syntax_error, text_game, year_of_date, Lines,
};
use crate::model::game::{Game, IllegalMove};
use crate::model::game_file::{year_of, GameFile};
use crate::model::names::NameBook;
use crate::model::position::{BoardSize, Color, Position, Square};
use boardfile_io::{Diagnostics, Error, Signature};
use std::fmt::Write as _;

const F: &str = "GGF";

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: info(
        "GGF",
        &["ggf"],
        "Generic Game Format of the GGS servers: names (PB, PW; PC as the tournament), year, result, passes as PA",
        // `(;` and `GM[Othello]`: no other format opens so.
        Signature::Content {
            rank: 12,
            test: sniff,
        },
        true,
    ),
    holds: Holds::Games,
    size: None,
    read_games: Some(read),
    write_games: Some(|file, book, out| {
        as_bytes(out, |s| write(file, book, s));
        Ok(())
    }),
    legal_games_only: true,
    theoretical: false,
    read_names: None,
    write_names: None,
    layout: None,
    hooks: Hooks::NONE,
};

/// True when the text opens with a GGF game of Othello: `(;`, after
/// white space and an archive's game count, and `GM[Othello]` in it.
pub fn sniff(bytes: &[u8]) -> bool {
    let b = bytes.trim_ascii_start();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let Some(rest) = b[digits..].trim_ascii_start().strip_prefix(b"(;") else {
        return false;
    };
    let end = rest
        .windows(2)
        .position(|w| w == b";)")
        .unwrap_or(rest.len());
    rest[..end]
        .windows(11)
        .any(|w| w.eq_ignore_ascii_case(b"GM[Othello]"))
}

/// A property: its name, a value, and where its name starts.
struct Prop<'a> {
    name: &'a str,
    value: String,
    at: usize,
}

/// A problem with a game: where (a byte of the text), the move at fault
/// (from 1), what.
type Fault = (usize, Option<usize>, String);

/// Reads GGF games. With a strict `diag` the first bad game stops it; a
/// collecting one keeps each bad game's error and leaves the game out.
/// A score the moves do not show goes to its warnings.
pub fn read(bytes: &[u8], book: &mut NameBook, diag: &mut Diagnostics) -> Result<GameFile, Error> {
    let text = decode(bytes);
    let s: &str = &text;
    let b = s.as_bytes();
    let mut lines = Lines::new(s);
    let mut games = Vec::new();
    let mut size = None;
    let mut record = 0u64;
    let mut i = 0;
    loop {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i].is_ascii_digit()) {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        if !b[i..].starts_with(b"(;") {
            let e = syntax_error(
                F,
                record,
                file_offset(&text, i),
                lines.of(i),
                format!("{} where a game opens with `(;`", shown(s, i)),
            );
            diag.error(e)?;
            record += 1;
            match find(b, i + 1, b"(;") {
                Some(j) => i = j,
                None => break,
            }
            continue;
        }
        let start = i;
        i += 2;
        let game = parse_game(s, &mut i)
            .map_err(|(at, m)| {
                let at = at.min(b.len());
                syntax_error(F, record, file_offset(&text, at), lines.of(at), m)
            })
            .and_then(|props| {
                game_of(props, record, book, &mut size).map_err(|(at, mv, m)| {
                    game_error(
                        F,
                        record,
                        file_offset(&text, at),
                        lines.of(at),
                        mv,
                        format!("game {}: {m}", record + 1),
                    )
                })
            });
        match game {
            Ok((g, warning)) => {
                if let Some(w) = warning {
                    let byte = file_offset(&text, start) as u64;
                    game_warning(diag, F, record, byte, lines.of(start), &w);
                }
                games.push(g);
            }
            Err(e) => {
                diag.error(e)?;
                // On to the next game: past this one's end when it has one.
                if i <= start + 2 || !s.get(..i).is_some_and(|p| p.ends_with(";)")) {
                    i = find(b, start + 2, b"(;").unwrap_or(b.len());
                }
            }
        }
        record += 1;
    }
    Ok(file_of(games, size))
}

fn find(h: &[u8], from: usize, n: &[u8]) -> Option<usize> {
    h.get(from..)?
        .windows(n.len())
        .position(|w| w == n)
        .map(|p| p + from)
}

/// A few characters of the text at `i`, for a message.
fn shown(s: &str, i: usize) -> String {
    let rest: String = s.get(i..).unwrap_or("").chars().take(12).collect();
    format!("{rest:?}")
}

/// Reads the properties of a game from after its `(;` to after its `;)`.
fn parse_game<'a>(s: &'a str, i: &mut usize) -> Result<Vec<Prop<'a>>, (usize, String)> {
    let b = s.as_bytes();
    let open = *i - 2;
    let mut props = Vec::new();
    loop {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
        if *i >= b.len() {
            return Err((open, "the game is not closed by `;)`".into()));
        }
        if b[*i..].starts_with(b";)") {
            *i += 2;
            return Ok(props);
        }
        if b[*i] == b';' {
            // A node mark of SGF's kind: nothing to GGF.
            *i += 1;
            continue;
        }
        let at = *i;
        while *i < b.len() && b[*i].is_ascii_alphabetic() {
            *i += 1;
        }
        if *i == at {
            return Err((
                at,
                format!("{} where a property (`PB[..]`) or `;)` comes", shown(s, at)),
            ));
        }
        let name = &s[at..*i];
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
        if b.get(*i) != Some(&b'[') {
            return Err((*i, format!("property {name} has no value `[..]`")));
        }
        while b.get(*i) == Some(&b'[') {
            *i += 1;
            let mut value = String::new();
            let mut chars = s[*i..].char_indices();
            let end = loop {
                match chars.next() {
                    None => return Err((at, format!("the value of {name} is not closed by `]`"))),
                    Some((k, ']')) => break *i + k + 1,
                    Some((_, '\\')) => {
                        if let Some((_, c)) = chars.next() {
                            value.push(c);
                        }
                    }
                    // A game opening inside a value: this one was cut short.
                    Some((k, '(')) if s[*i + k..].starts_with("(;") => {
                        return Err((at, format!("the value of {name} is not closed by `]`")))
                    }
                    Some((_, c)) => value.push(c),
                }
            };
            *i = end;
            props.push(Prop { name, value, at });
            while *i < b.len() && b[*i].is_ascii_whitespace() && b.get(*i + 1) == Some(&b'[') {
                *i += 1;
            }
        }
    }
}

/// The board size a `BO` or `TY` value gives first.
fn size_of(value: &str, at: usize, what: &str) -> Result<BoardSize, Fault> {
    let digits: String = value
        .trim_start()
        .trim_start_matches(['s', 'S'])
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    match digits.as_str() {
        "8" => Ok(BoardSize::Eight),
        "10" => Ok(BoardSize::Ten),
        "" => Err((at, None, format!("{what}[{value}] gives no board size"))),
        n => Err((
            at,
            None,
            format!("a board of {n}x{n}: WTHOR holds 8x8 (WTB) and 10x10 (WTD) games"),
        )),
    }
}

/// Checks a `BO` value is the standard start with black to move.
fn check_start(value: &str, at: usize, size: BoardSize) -> Result<(), Fault> {
    let cells: Vec<char> = value
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let n = usize::from(size.squares());
    if cells.len() != n + 1 {
        return Err((
            at,
            None,
            format!(
                "BO gives {} squares and the side to move, where a {}x{} board has {n}",
                cells.len().saturating_sub(1),
                size.side(),
                size.side()
            ),
        ));
    }
    let start = Position::start(size);
    let side = size.side();
    let standard = (0..n).all(|k| {
        let sq = Square {
            col: (k % usize::from(side)) as u8,
            row: (k / usize::from(side)) as u8,
        };
        let want = match start.at(sq) {
            Some(Color::Black) => '*',
            Some(Color::White) => 'O',
            None => '-',
        };
        cells[k].to_ascii_uppercase() == want
    });
    if !standard || cells[n] != '*' {
        return Err((
            at,
            None,
            "starts from a position other than the standard one with black to move; WTHOR holds games from the standard start".into(),
        ));
    }
    Ok(())
}

/// Black's discs from `RE`: black's disc difference, when a whole count
/// on the board.
fn score_of(value: &str, size: BoardSize) -> Option<u8> {
    let number = value.split(':').next()?.trim();
    let diff: f64 = number.parse().ok()?;
    let squares = f64::from(size.squares());
    let black = (squares + diff) / 2.0;
    (black.fract() == 0.0 && (0.0..=squares).contains(&black)).then_some(black as u8)
}

/// What a game's properties say, as read.
#[derive(Default)]
struct Said {
    /// The tournament (`PC`), black (`PB`) and white (`PW`) names.
    names: [Option<String>; 3],
    /// The year `DT` gives.
    year: Option<u16>,
    /// `RE`.
    result: Option<String>,
    /// `TY` and where it is.
    ty: Option<(String, usize)>,
    /// `BO` and where it is.
    bo: Option<(String, usize)>,
    /// The moves (`B`, `W`), each with its colour and where it is.
    moves: Vec<(Color, String, usize)>,
}

impl Said {
    /// What the properties say; a game of another game than Othello is
    /// refused.
    fn of(props: Vec<Prop<'_>>) -> Result<Said, Fault> {
        let mut said = Said::default();
        for p in props {
            match p.name.to_ascii_uppercase().as_str() {
                "GM" if !p.value.trim().eq_ignore_ascii_case("othello") => {
                    return Err((
                        p.at,
                        None,
                        format!("GM[{}]: not a game of Othello", p.value),
                    ))
                }
                "PC" => said.names[0] = known(Some(p.value)),
                "PB" => said.names[1] = known(Some(p.value)),
                "PW" => said.names[2] = known(Some(p.value)),
                "DT" => said.year = year_of_date(&p.value),
                "RE" => said.result = Some(p.value),
                "TY" => said.ty = Some((p.value, p.at)),
                "BO" => said.bo = Some((p.value, p.at)),
                "B" => said.moves.push((Color::Black, p.value, p.at)),
                "W" => said.moves.push((Color::White, p.value, p.at)),
                _ => {}
            }
        }
        Ok(said)
    }

    /// The board size `TY` and `BO` give (8x8 when neither does), refusing
    /// anti-Othello, random starts, a start other than the standard one,
    /// and a size other than the file's.
    fn size(&self, file_size: Option<BoardSize>) -> Result<BoardSize, Fault> {
        let mut size = None;
        if let Some((t, at)) = &self.ty {
            let kind = t
                .trim()
                .trim_start_matches(['s', 'S'])
                .trim_start_matches(|c: char| c.is_ascii_digit());
            if kind.contains(['a', 'A']) {
                return Err((
                    *at,
                    None,
                    format!(
                        "TY[{t}]: anti-Othello, where the fewest discs win; WTHOR holds Othello"
                    ),
                ));
            }
            if kind.contains(['r', 'R']) {
                return Err((
                    *at,
                    None,
                    format!("TY[{t}]: starts from a random position; WTHOR holds games from the standard start"),
                ));
            }
            size = Some(size_of(t, *at, "TY")?);
        }
        if let Some((b, at)) = &self.bo {
            let s = size_of(b, *at, "BO")?;
            if size.is_some_and(|t| t != s) {
                return Err((*at, None, format!("BO[{b}] is not of the size TY gives")));
            }
            check_start(b, *at, s)?;
            size = Some(s);
        }
        let size = size.unwrap_or(BoardSize::Eight);
        if let Some(f) = file_size {
            if f != size {
                let at = self.bo.as_ref().or(self.ty.as_ref()).map_or(0, |b| b.1);
                return Err((
                    at,
                    None,
                    format!(
                        "a {0}x{0} game among {1}x{1} ones: a file of games holds one board size",
                        size.side(),
                        f.side()
                    ),
                ));
            }
        }
        Ok(size)
    }
}

/// Plays the moves from the start on a board of `size`, passes left out:
/// each must be a square, legal, and of the colour to move.
fn play(moves: Vec<(Color, String, usize)>, size: BoardSize) -> Result<Vec<Square>, Fault> {
    let mut p = Position::start(size);
    let mut played = Vec::with_capacity(moves.len());
    for (color, value, at) in moves {
        let m = value.split('/').next().unwrap_or("").trim();
        if ["pa", "pass", "ps"]
            .iter()
            .any(|p| m.eq_ignore_ascii_case(p))
        {
            continue;
        }
        let n = played.len() + 1;
        let tag = if color == Color::Black { 'B' } else { 'W' };
        let sq = Square::parse(m, size).ok_or_else(|| {
            (
                at,
                Some(n),
                format!("{tag}[{value}]: {m:?} is not a square of the board"),
            )
        })?;
        let to_move = p.to_move();
        let by = p
            .play(sq)
            .map_err(|error| {
                let e = IllegalMove {
                    index: n - 1,
                    square: sq,
                    to_move,
                    error,
                };
                (at, Some(n), e.to_string())
            })?
            .by;
        if by != color {
            let who = if by == Color::Black { "Black" } else { "White" };
            return Err((
                at,
                Some(n),
                format!("{tag}[{value}], but {who} is to play {sq}"),
            ));
        }
        played.push(sq);
    }
    Ok(played)
}

/// The game of record `record` from its properties, of the file's board
/// size (`file_size`, set by the first game), with its warning.
fn game_of(
    props: Vec<Prop<'_>>,
    record: u64,
    book: &mut NameBook,
    file_size: &mut Option<BoardSize>,
) -> Result<(Game, Option<String>), Fault> {
    let said = Said::of(props)?;
    let size = said.size(*file_size)?;
    let discs = said.result.as_deref().and_then(|r| score_of(r, size));
    let played = play(said.moves, size)?;
    let game = text_game(
        book, said.names, record, size, played, said.year, discs, None,
    )
    .map_err(|m| (0, None, m))?;
    *file_size = Some(size);
    Ok(game)
}

/// Writes GGF: `(;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TY[8]BO[..]B[f5]W[d6]...;)`
/// a game a line, passes as `PA`.
pub fn write(file: &GameFile, book: &NameBook, out: &mut String) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::header::{Header, Kind};
    use crate::model::names::Names;

    /// A game made up for these tests from the format's page: the first
    /// moves of a game, from the standard start, as GGS writes it.
    const ONE: &str = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alpha]PW[beta]RB[2197.01]RW[2199.72]TI[05:00//02:00]TY[8]RE[+12.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[d3//0.01]W[C5/-1.5/0.2]B[e6];)\n";

    #[test]
    fn a_ggs_game_reads_with_names_year_and_score() {
        let f = read(
            ONE.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        assert_eq!(f.games.len(), 1);
        let g = &f.games[0];
        assert_eq!(g.transcript(), "d3c5e6");
        assert_eq!(f.header.year, 2003);
        // +12 on 64 squares: 38 black, 26 white.
        assert_eq!(g.black_score, 38);
        let n = g.names.as_deref().unwrap();
        assert_eq!(n.black.as_deref(), Some("alpha"));
        assert_eq!(n.white.as_deref(), Some("beta"));
        assert_eq!(n.tournament.as_deref(), Some("GGS/os"));
        assert!(n.unresolved.is_some(), "no names file: not WTHOR");
    }

    #[test]
    fn names_are_looked_up_in_the_names_files() {
        let names = |kind, list: &[&str]| Names {
            kind,
            header: Header::default(),
            names: list.iter().map(|s| s.to_string()).collect(),
        };
        let mut book = NameBook {
            players: Some(names(Kind::Jou, &["???", "beta", "alpha"])),
            tournaments: Some(names(Kind::Trn, &["x", "GGS/os"])),
            ..NameBook::default()
        };
        let f = read(ONE.as_bytes(), &mut book, &mut Diagnostics::strict()).unwrap();
        let g = &f.games[0];
        assert_eq!((g.tournament, g.black, g.white), (1, 2, 1));
        assert!(g.names.is_none());
    }

    #[test]
    fn archives_count_games_and_passes_are_explicit() {
        // After c4 c3 f5 b4 a4 a5 b2 a3 black has no move and passes (found
        // and checked with an Othello implementation of its own, in
        // Python, not this crate's).
        let text = "1 (;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[c4]W[c3]B[f5]W[b4]B[a4]W[a5]B[b2]W[a3]B[PA]W[c1]B[a1];)\n2 (;GM[othello]TY[s8]B[f5];)(;GM[Othello]TY[s8]B[e6];)\n";
        let f = read(
            text.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        assert_eq!(f.games.len(), 3);
        assert_eq!(f.games[0].transcript(), "c4c3f5b4a4a5b2a3c1a1");
        // The pass where black has a move is refused: then white's c1 is
        // played by the wrong side.
        let e = read(
            b"(;GM[Othello]B[c4]W[c3]B[f5]W[b4]B[a4]W[a5]B[b2]W[PA]B[a3];)",
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("White is to play a3"), "{e}");
        // Written back, the pass is written as GGF has it.
        let mut out = String::new();
        write(&f, &NameBook::default(), &mut out);
        assert!(out.contains("W[a3]B[PA]W[c1]B[a1]"), "{out}");
    }

    #[test]
    fn what_wthor_cannot_hold_is_refused_naming_the_game() {
        let cases = [
            ("(;GM[Amazons]TY[10];)", "not a game of Othello"),
            ("(;GM[Othello]TY[6];)", "6x6"),
            ("(;GM[Othello]TY[8r20];)", "random position"),
            ("(;GM[Othello]TY[8a];)", "anti-Othello"),
            (
                "(;GM[Othello]BO[8 -------- -------- -------- ---*O--- ---O*--- -------- -------- -------- *];)",
                "standard",
            ),
            (
                "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O];)",
                "standard",
            ),
            ("(;GM[Othello]B[d3]W[d3];)", "not legal"),
            ("(;GM[Othello]W[d3];)", "Black is to play d3"),
            ("(;GM[Othello]B[z9];)", "not a square"),
            ("(;GM[Othello]B[d3]", "not closed"),
            ("(;GM[Othello]PB[x;)", "not closed"),
            ("hello", "where a game opens"),
        ];
        for (text, want) in cases {
            let e = read(
                text.as_bytes(),
                &mut NameBook::default(),
                &mut Diagnostics::strict(),
            )
            .err()
            .unwrap_or_else(|| panic!("{text} read"));
            assert!(e.to_string().contains(want), "{text}: {e}");
        }
        let e = read(
            b"(;GM[Othello]B[d3];)\n(;GM[Othello]B[d3]W[d3];)",
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap_err();
        let at = e.position().unwrap();
        assert_eq!((at.record, at.line), (Some(1), Some(2)), "{e}");
    }

    #[test]
    fn bad_games_are_left_out_when_asked() {
        let text = "(;GM[Othello]B[d3];)\n(;GM[Othello]TY[8r];)\n(;GM[Othello]B[d3\n(;GM[Othello]B[f5];)\n";
        let mut diag = Diagnostics::collecting();
        let f = read(text.as_bytes(), &mut NameBook::default(), &mut diag).unwrap();
        let skipped = diag.errors;
        assert_eq!(f.games.len(), 2, "{skipped:?}");
        assert_eq!(f.games[1].transcript(), "f5");
        assert_eq!(skipped.len(), 2);
    }

    #[test]
    fn what_the_writer_writes_reads_back() {
        let f = read(
            ONE.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        let mut out = String::new();
        write(&f, &NameBook::default(), &mut out);
        let back = read(
            out.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        assert_eq!(back.games, f.games, "{out}");
        assert_eq!(back.header.year, 2003);
    }

    #[test]
    fn escaped_brackets_in_names() {
        let text = r"(;GM[Othello]PB[a\]b\\c]B[f5];)";
        let f = read(
            text.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        let n = f.games[0].names.as_deref().unwrap();
        assert_eq!(n.black.as_deref(), Some(r"a]b\c"));
    }

    /// A name holding `(;` (read from `\(;`) is written so that it reads
    /// back, not as a game opening inside the value.
    #[test]
    fn a_game_opening_in_a_name_is_written_escaped() {
        let text = r"(;GM[Othello]PB[x\(;y \\\(;z]B[f5];)";
        let mut book = NameBook::default();
        let f = read(text.as_bytes(), &mut book, &mut Diagnostics::strict()).unwrap();
        let n = f.games[0].names.as_deref().unwrap();
        assert_eq!(n.black.as_deref(), Some(r"x(;y \(;z"));
        let mut out = String::new();
        write(&f, &book, &mut out);
        let back = read(out.as_bytes(), &mut book, &mut Diagnostics::strict())
            .unwrap_or_else(|e| panic!("{e}: {out}"));
        assert_eq!(back.games, f.games, "{out}");
    }

    #[test]
    fn sniffing() {
        assert!(sniff(ONE.as_bytes()));
        assert!(sniff(b"  1 (;GM[othello]PB[x];)"));
        assert!(!sniff(b"(;GM[Amazons];)"));
        assert!(!sniff(b"[Event \"x\"]"));
    }

    /// A game cut short keeps the result it gives, without a word; one
    /// with no result is counted from the board, and said so.
    #[test]
    fn a_resigned_game_keeps_its_result() {
        let read_one = |text: &str| {
            let mut diag = Diagnostics::strict();
            let f = read(text.as_bytes(), &mut NameBook::default(), &mut diag).unwrap();
            (f.games[0].black_score, diag.warnings.len())
        };
        // +10 resigned: Black 37 of 64.
        assert_eq!(
            read_one("(;GM[Othello]RE[+10.000:r]B[f5]W[d6]B[c3];)"),
            (37, 0)
        );
        // No result: f5 d6 c3 leave Black ahead 5-2 (by hand), 57 empty: 62.
        assert_eq!(read_one("(;GM[Othello]B[f5]W[d6]B[c3];)"), (62, 1));
    }
}
