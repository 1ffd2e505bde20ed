//! PGN for Othello: read and written here.
//!
//! Chess's Portable Game Notation (S. J. Edwards, 1994) carried over to
//! Othello, as Othello programs and sites write it: Edax (`Site "edax"`,
//! `pass` for a pass, a `{Black wins 40-24}` comment and a chess result
//! `1-0`), PlayOK (`--` for a pass), and this crate (`PS` for a pass and the
//! disc count `40-24` as the result). A file is games one after the other:
//!
//! ```text
//! game     = { tag } movetext
//! tag      = "[" NAME "\"" value "\"" "]"        (\" and \\ escaped in value)
//! movetext = { number | move | pass | comment | variation | nag } [result]
//! number   = digits "." { "." }                  (1.  1...  also glued: 1.f5)
//! move     = column row                          (f5, F5; j10 on 10x10)
//! pass     = "--" | "pass" | "PS" | "PA"         (any case)
//! result   = black "-" white | "1-0" | "0-1" | "1/2-1/2" | "*"
//! comment  = "{" .. "}" | ";" .. end of line;   a "%" line is passed over
//! ```
//!
//! | tag | read as |
//! |---|---|
//! | `Event` | the tournament |
//! | `Date` | the year (`2004`, `2004.05.16`, `2004.??.??`, `16.05.2004`); none, or `????.??.??`: year 0, the unknown one (written so) |
//! | `Black`, `White` | the players (`?` unknown) |
//! | `Result` | black's discs when a disc count (`40-24`; empties to the winner), kept with a warning where the moves end otherwise; a chess result (`1-0` Black won, as Edax writes it) leaves the score to the replay (a warning where the moves end otherwise), and names who takes the empty squares of a game cut short |
//! | `FEN`, `SetUp "1"` | a set-up start: refused |
//! | `Variant` | refused unless Othello or Reversi |
//!
//! Other tags (`Site`, `Round`, `Time`, ratings) are passed over. A game's
//! board is 10x10 when its first move opens one (e4, d5, g6, f7), else
//! 8x8. Passes are not kept (WTHOR infers them): a move must be legal for
//! one side, passes or not. A game whose moves stop before the end with
//! no disc count (resigned, lost on time) is counted from the board where
//! they stop, the empty squares to the winner a chess result names (a
//! draw: half the board each), else to the side ahead, and a warning says
//! so.
//! The theoretical score is what the other text formats give it.

use crate::codec::{info, Descriptor, Holds, Hooks};
use crate::formats::text::{
    as_bytes, decode, escaped, file_of, file_offset, game_error, game_warning, known,
    moves_with_passes, names_of, syntax_error, text_game, year_of_date, Lines,
};
use crate::model::game::{Game, IllegalMove};
use crate::model::game_file::{year_of, GameFile};
use crate::model::names::NameBook;
use crate::model::position::{BoardSize, Position, Square};
use boardfile_io::{Diagnostics, Error, Signature};
use std::borrow::Cow;
use std::fmt::Write as _;

const F: &str = "PGN";

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: info(
        "PGN",
        &["pgn"],
        "PGN for Othello: Event, Date, Black, White, Result; written as Edax reads it (passes as PS), read also as Edax and PlayOK write it",
        // Tags like PBN's, told apart by an Othello move opening the
        // movetext: ranked above PBN.
        Signature::Content {
            rank: 9,
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

/// True for tag-led text whose movetext opens with an Othello move (or a
/// pass), and no bridge `Deal` tag: told from PBN, whose tags look alike.
pub fn sniff(bytes: &[u8]) -> bool {
    let b = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut tags = 0;
    for line in b.split(|&c| c == b'\n') {
        let l = line.trim_ascii();
        if l.is_empty() || l.starts_with(b"%") {
            continue;
        }
        if l.starts_with(b"[") {
            let name = l[1..].trim_ascii_start();
            if name.starts_with(b"Deal ") || name.starts_with(b"Deal\"") {
                return false;
            }
            tags += 1;
            continue;
        }
        if tags == 0 {
            return false;
        }
        let first = l.split(|c| c.is_ascii_whitespace()).find(|t| {
            let t = trim_number(t);
            !t.is_empty() && !t.starts_with(b"{")
        });
        return first.is_some_and(|t| {
            let t = trim_number(t);
            is_pass(t) || (t.len() == 2 && is_square_start(t))
        });
    }
    false
}

fn trim_number(t: &[u8]) -> &[u8] {
    let n = t.iter().take_while(|c| c.is_ascii_digit()).count();
    if n > 0 && t.get(n) == Some(&b'.') {
        let dots = t[n..].iter().take_while(|&&c| c == b'.').count();
        &t[n + dots..]
    } else {
        t
    }
}

fn is_square_start(t: &[u8]) -> bool {
    matches!(t[0].to_ascii_lowercase(), b'a'..=b'j') && t[1].is_ascii_digit()
}

fn is_pass(t: &[u8]) -> bool {
    [&b"--"[..], b"pass", b"ps", b"pa"]
        .iter()
        .any(|p| t.eq_ignore_ascii_case(p))
}

/// A game as read: its tags, its movetext tokens (with where each starts)
/// and the result that ends it.
#[derive(Default)]
struct Raw {
    start: usize,
    tags: Vec<(String, String)>,
    moves: Vec<(String, usize)>,
    result: Option<String>,
}

impl Raw {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads PGN games. With a strict `diag` the first bad game stops it; a
/// collecting one keeps each bad game's error and leaves the game out.
/// A score the moves do not show goes to its warnings.
pub fn read(bytes: &[u8], book: &mut NameBook, diag: &mut Diagnostics) -> Result<GameFile, Error> {
    let text = decode(bytes);
    let b = text.as_bytes();
    let mut r = Reader {
        text: &text,
        lines: Lines::new(&text),
        book,
        games: Vec::new(),
        size: None,
        record: 0,
    };
    let mut raw = Raw::default();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if raw.is_empty() {
            raw.start = i;
        }
        if let Some((at, m)) = r.item(&mut raw, &mut i, diag)? {
            let e = syntax_error(F, r.record, file_offset(&text, at), r.lines.of(at), m);
            diag.error(e)?;
            r.record += 1;
            raw = Raw::default();
            // On to the next line that opens tags.
            i = (at + 1..b.len())
                .find(|&k| b[k] == b'[' && line_start(b, k))
                .unwrap_or(b.len());
        }
    }
    r.finish(&mut raw, diag)?;
    Ok(file_of(r.games, r.size))
}

/// A file being read: its text, where its lines start, and the games read
/// so far.
struct Reader<'t, 'b> {
    text: &'t Cow<'t, str>,
    lines: Lines<'t>,
    book: &'b mut NameBook,
    games: Vec<Game>,
    /// The board size of the games, set by the first.
    size: Option<BoardSize>,
    /// The games read so far, bad ones too.
    record: u64,
}

impl Reader<'_, '_> {
    /// Ends the game read so far (at its result, or where tags start again
    /// after moves): kept with its warning, or its error to `diag`.
    fn finish(&mut self, raw: &mut Raw, diag: &mut Diagnostics) -> Result<(), Error> {
        let r = std::mem::take(raw);
        if r.is_empty() {
            return Ok(());
        }
        let n = self.record;
        self.record += 1;
        match game_of(&r, n, self.book, &mut self.size) {
            Ok((g, warning)) => {
                if let Some(w) = warning {
                    let byte = file_offset(self.text, r.start) as u64;
                    game_warning(diag, F, n, byte, self.lines.of(r.start), &w);
                }
                self.games.push(g);
                Ok(())
            }
            Err((at, mv, m)) => diag.error(game_error(
                F,
                n,
                file_offset(self.text, at),
                self.lines.of(at),
                mv,
                format!("game {}: {m}", n + 1),
            )),
        }
    }

    /// Reads the item at `i` (not white space) into `raw`, and `i` past
    /// it: a comment, a variation, an annotation, a tag, a move number, a
    /// move or a result (which ends the game). Returns where and what the
    /// problem is when the item does not read.
    fn item(
        &mut self,
        raw: &mut Raw,
        i: &mut usize,
        diag: &mut Diagnostics,
    ) -> Result<Option<(usize, String)>, Error> {
        let s: &str = self.text;
        let b = s.as_bytes();
        Ok(match b[*i] {
            b'%' if line_start(b, *i) => {
                *i = line_end(b, *i);
                None
            }
            b';' => {
                *i = line_end(b, *i);
                None
            }
            b'{' => match find(b, *i, b'}') {
                Some(e) => {
                    *i = e + 1;
                    None
                }
                None => Some((*i, "a comment `{` not closed by `}`".to_string())),
            },
            b'(' => match variation_end(b, *i) {
                Some(e) => {
                    *i = e;
                    None
                }
                None => Some((*i, "a variation `(` not closed by `)`".to_string())),
            },
            b'$' => {
                *i += 1;
                while *i < b.len() && b[*i].is_ascii_digit() {
                    *i += 1;
                }
                None
            }
            b'[' => {
                if !raw.moves.is_empty() || raw.result.is_some() {
                    self.finish(raw, diag)?;
                    raw.start = *i;
                }
                match tag(s, *i) {
                    Ok((name, value, end)) => {
                        raw.tags.push((name, value));
                        *i = end;
                        None
                    }
                    Err((at, m)) => Some((at, m)),
                }
            }
            _ => {
                let end = b[*i..]
                    .iter()
                    .position(|c| c.is_ascii_whitespace() || b"[]{}();".contains(c))
                    .map_or(b.len(), |p| *i + p);
                let end = end.max(*i + 1);
                let token = s.get(*i..end).unwrap_or("");
                let t = trim_number(token.as_bytes());
                let t = &token[token.len() - t.len()..];
                *i = end;
                if !t.is_empty() {
                    if is_result(t) {
                        raw.result = Some(t.to_string());
                        self.finish(raw, diag)?;
                    } else {
                        raw.moves.push((t.to_string(), end - t.len()));
                    }
                }
                None
            }
        })
    }
}

/// True when `i` opens a line.
fn line_start(b: &[u8], i: usize) -> bool {
    i == 0 || b[i - 1] == b'\n'
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| i + p)
}

fn find(b: &[u8], from: usize, c: u8) -> Option<usize> {
    b[from..].iter().position(|&x| x == c).map(|p| p + from)
}

/// The end (past the `)`) of the variation opening at `i`, nested ones
/// and comments within.
fn variation_end(b: &[u8], i: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = i;
    while k < b.len() {
        match b[k] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            b'{' => k = find(b, k, b'}')?,
            _ => {}
        }
        k += 1;
    }
    None
}

/// A tag pair at `i` (its `[`): name, value, and the byte after its `]`.
fn tag(s: &str, i: usize) -> Result<(String, String, usize), (usize, String)> {
    let b = s.as_bytes();
    let mut k = i + 1;
    while k < b.len() && b[k].is_ascii_whitespace() {
        k += 1;
    }
    let name_at = k;
    while k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'_') {
        k += 1;
    }
    if k == name_at {
        return Err((i, "a tag `[` with no name".into()));
    }
    let name = s[name_at..k].to_string();
    while k < b.len() && b[k].is_ascii_whitespace() {
        k += 1;
    }
    if b.get(k) != Some(&b'"') {
        return Err((k, format!("tag {name} has no quoted value")));
    }
    let mut value = String::new();
    let mut chars = s[k + 1..].char_indices();
    let end = loop {
        match chars.next() {
            None | Some((_, '\n')) => {
                return Err((i, format!("the value of tag {name} is not closed by `\"`")))
            }
            Some((p, '"')) => break k + 1 + p + 1,
            Some((_, '\\')) => match chars.next() {
                Some((_, c)) if c != '\n' => value.push(c),
                _ => return Err((i, format!("the value of tag {name} is not closed by `\"`"))),
            },
            Some((_, c)) => value.push(c),
        }
    };
    let mut k = end;
    while k < b.len() && b[k].is_ascii_whitespace() && b[k] != b'\n' {
        k += 1;
    }
    if b.get(k) != Some(&b']') {
        return Err((k, format!("tag {name} not closed by `]`")));
    }
    Ok((name, value, k + 1))
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
        || t.split_once('-').is_some_and(|(a, w)| {
            !a.is_empty()
                && !w.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && w.bytes().all(|c| c.is_ascii_digit())
        })
}

/// Black's discs from a result: a disc count `40-24`, empties to the
/// winner; a chess result says nothing of the discs.
fn score_of(result: &str, size: BoardSize) -> Option<u8> {
    let r = result.trim();
    if matches!(r, "1-0" | "0-1" | "1/2-1/2" | "*" | "") {
        return None;
    }
    let (b, w) = r.split_once('-')?;
    crate::model::game::black_discs(b.trim().parse().ok()?, w.trim().parse().ok()?, size)
}

type Fault = (usize, Option<usize>, String);

fn game_of(
    raw: &Raw,
    record: u64,
    book: &mut NameBook,
    file_size: &mut Option<BoardSize>,
) -> Result<(Game, Option<String>), Fault> {
    let at = raw.start;
    if let Some(v) = raw.tag("Variant") {
        let l = v.to_ascii_lowercase();
        if !(l.contains("othello") || l.contains("reversi")) {
            return Err((at, None, format!("Variant {v:?}: not Othello")));
        }
    }
    if raw.tag("FEN").is_some() || raw.tag("SetUp") == Some("1") {
        return Err((
            at,
            None,
            "starts from a set-up position (FEN); WTHOR holds games from the standard start".into(),
        ));
    }
    let moves: Vec<&(String, usize)> = raw
        .moves
        .iter()
        .filter(|(t, _)| !is_pass(t.as_bytes()))
        .collect();
    // A game with no moves is of the file's size.
    let size = match moves.first().map(|(t, _)| t.to_ascii_lowercase()) {
        Some(t) if matches!(t.as_str(), "e4" | "d5" | "g6" | "f7") => BoardSize::Ten,
        None => file_size.unwrap_or(BoardSize::Eight),
        _ => BoardSize::Eight,
    };
    if let Some(f) = *file_size {
        if f != size {
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
    let mut p = Position::start(size);
    let mut played = Vec::with_capacity(moves.len());
    for (n, (t, at)) in moves.iter().enumerate() {
        let sq = Square::parse(t, size).ok_or_else(|| {
            (
                *at,
                Some(n + 1),
                format!("{t:?} is not a move (a square such as f5, or a pass)"),
            )
        })?;
        let to_move = p.to_move();
        p.play(sq).map_err(|error| {
            let e = IllegalMove {
                index: n,
                square: sq,
                to_move,
                error,
            };
            (*at, Some(n + 1), e.to_string())
        })?;
        played.push(sq);
    }
    let names = ["Event", "Black", "White"].map(|t| known(raw.tag(t).map(String::from)));
    let year = raw.tag("Date").and_then(year_of_date);
    let result = raw.tag("Result").or(raw.result.as_deref());
    let discs = result.and_then(|r| score_of(r, size));
    // Black's result first, as Edax writes it: `1-0` Black won.
    let winner = match result.map(str::trim) {
        Some("1-0") => Some(std::cmp::Ordering::Greater),
        Some("0-1") => Some(std::cmp::Ordering::Less),
        Some("1/2-1/2") => Some(std::cmp::Ordering::Equal),
        _ => None,
    };
    let game = text_game(book, names, record, size, played, year, discs, winner)
        .map_err(|m| (at, None, m))?;
    *file_size = Some(size);
    Ok(game)
}

/// Writes PGN as Edax reads it: tags, then numbered moves with `PS` for a
/// pass, and the result `black-white`.
pub fn write(file: &GameFile, book: &NameBook, out: &mut String) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// As Edax writes a game (its export, made up here with the first
    /// moves of a game): chess result, a comment, `pass` for a pass.
    const EDAX: &str = "[Event \"?\"]\n[Site \"edax\"]\n[Date \"2013.1.2\"]\n[Round \"?\"]\n[Black \"alpha\"]\n[White \"beta\"]\n[Result \"1-0\"]\n\n 1. c4 c3 2. f5 b4 3. a4 a5 4. b2 a3 5. pass c1 6. a1\n{Black wins 40-24} 1-0\n\n\n";

    #[test]
    fn an_edax_game_reads() {
        let f = read(
            EDAX.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        assert_eq!(f.games.len(), 1);
        let g = &f.games[0];
        // After c4 c3 f5 b4 a4 a5 b2 a3 black has no move (checked with an
        // Othello implementation of its own, in Python).
        assert_eq!(g.transcript(), "c4c3f5b4a4a5b2a3c1a1");
        assert_eq!(f.header.year, 2013);
        let n = g.names.as_deref().unwrap();
        assert_eq!(n.black.as_deref(), Some("alpha"));
        assert_eq!(n.tournament, None, "Event ? is no name");
    }

    #[test]
    fn playok_passes_and_glued_numbers() {
        let text = "[Site \"PlayOK\"]\n[Black \"x\"]\n[White \"y\"]\n[Result \"0-1\"]\n\n1.c4 c3 2.f5 b4 3.a4 a5 4.b2 a3 5.-- c1 0-1\n[Black \"z\"]\n1. f5 d6 *\n";
        let f = read(
            text.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        assert_eq!(f.games.len(), 2);
        assert_eq!(f.games[0].transcript(), "c4c3f5b4a4a5b2a3c1");
        assert_eq!(f.games[1].transcript(), "f5d6");
    }

    #[test]
    fn disc_counts_are_scores() {
        let text = "[Result \"33-30\"]\n1. f5 d6 33-30\n";
        let f = read(
            text.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        assert_eq!(f.games[0].black_score, 34, "the empty square to the winner");
    }

    #[test]
    fn what_wthor_cannot_hold_is_refused() {
        let cases = [
            ("[FEN \"8/8/8/8/8/8/8/8 b\"]\n1. f5 *", "set-up"),
            ("[Variant \"chess\"]\n1. e4 *", "not Othello"),
            ("[Event \"x\"]\n1. f5 f5 *", "not legal"),
            ("[Event \"x\"]\n1. Nf3 *", "not a move"),
            ("[Event \"x\n1. f5", "not closed"),
            ("[Event \"x\"]\n1. f5 {oops", "not closed"),
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
        let mut diag = Diagnostics::collecting();
        let f = read(
            b"[Event \"a\"]\n1. f5 f5 *\n[Event \"b\"]\n1. f5 d6 *\n",
            &mut NameBook::default(),
            &mut diag,
        )
        .unwrap();
        let skipped = diag.errors;
        assert_eq!((f.games.len(), skipped.len()), (1, 1));
        let at = skipped[0].position().unwrap();
        assert_eq!((at.record, at.line), (Some(0), Some(2)));
    }

    #[test]
    fn what_the_writer_writes_reads_back() {
        let f = read(
            EDAX.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        let mut out = String::new();
        write(&f, &NameBook::default(), &mut out);
        assert!(out.contains("PS"), "{out}");
        let back = read(
            out.as_bytes(),
            &mut NameBook::default(),
            &mut Diagnostics::strict(),
        )
        .unwrap();
        assert_eq!(back.games, f.games, "{out}");
    }

    #[test]
    fn sniffing() {
        assert!(sniff(EDAX.as_bytes()));
        assert!(sniff(b"[Event \"x\"]\n\n1. f5 d6 *"));
        assert!(!sniff(b"[Event \"x\"]\n[Deal \"N:...\"]\n"));
        assert!(!sniff(b"[Event \"x\"]\n[Auction \"N\"]\n1C Pass\n"));
        assert!(!sniff(b"(;GM[Othello];)"));
    }

    /// A score the moves do not show is kept, or counted, and said so.
    #[test]
    fn scores_the_moves_do_not_show_are_warned() {
        let read_one = |text: &str| {
            let mut diag = Diagnostics::strict();
            let f = read(text.as_bytes(), &mut NameBook::default(), &mut diag).unwrap();
            let said: Vec<String> = diag.warnings.iter().map(|w| w.message.clone()).collect();
            (f.games[0].black_score, said)
        };
        // One warning, saying each of `parts`.
        let only = |said: &[String], parts: &[&str]| {
            said.len() == 1 && parts.iter().all(|p| said[0].contains(p))
        };
        // By hand: after d3 c3 b3 d2 e1 d6 d7 e3 f4 White has no disc left:
        // Black 13, 51 empty squares to Black, 64-0.
        let over = "1. d3 c3 2. b3 d2 3. e1 d6 4. d7 e3 5. f4";
        assert_eq!(read_one(&format!("{over} 13-0\n")), (64, vec![]));
        let (score, said) = read_one(&format!("{over} 40-24\n"));
        assert_eq!(score, 40, "kept as given");
        assert!(only(&said, &["game 1: the score given comes to 40-24 with the empty squares to the winner, and the moves end 64-0"]), "{said:?}");
        // A chess result against the finished moves: the moves' score, and
        // a word.
        let (score, said) = read_one(&format!("[Result \"0-1\"]\n{over} 0-1\n"));
        assert_eq!(score, 64, "the moves' score");
        assert!(
            only(
                &said,
                &["game 1: the result names White the winner, and the moves end 64-0"]
            ),
            "{said:?}"
        );
        let (_, said) = read_one(&format!("[Result \"1/2-1/2\"]\n{over} 1/2-1/2\n"));
        assert!(
            only(&said, &["the result names a draw, and the moves end 64-0"]),
            "{said:?}"
        );
        let (_, said) = read_one(&format!("[Result \"1-0\"]\n{over} 1-0\n"));
        assert!(said.is_empty(), "the result the moves give: {said:?}");
        // Resigned after three moves, Black named the winner (`1-0`, as
        // Edax writes it): f5 d6 c3 leave Black c3 d4 e4 e5 f5 against d5
        // d6 (by hand), 5-2, and the 57 empty squares go to Black: 62.
        let (score, said) = read_one("[Result \"1-0\"]\n1. f5 d6 2. c3 1-0\n");
        assert_eq!(score, 62);
        assert!(
            only(
                &said,
                &[
                    "the moves stop before the end and no disc count is given",
                    "5-2, the empty squares to Black, the winner the result names (62-2)"
                ]
            ),
            "{said:?}"
        );
        // White named the winner though Black is ahead on the board (7-6
        // after c4 c3 f5 b4 a4 a5 b2 a3, a pass, c1: counted by
        // scripts/wthor-positions.py's rules): the 51 empty squares go to
        // White, not to the side ahead, so the winner stays White.
        let (score, said) =
            read_one("[Result \"0-1\"]\n1. c4 c3 2. f5 b4 3. a4 a5 4. b2 a3 5. -- c1 0-1\n");
        assert_eq!(score, 7);
        assert!(
            only(
                &said,
                &["7-6, the empty squares to White, the winner the result names (7-57)"]
            ),
            "{said:?}"
        );
        // A draw named: half the board each, whatever the board shows.
        let (score, said) = read_one("[Result \"1/2-1/2\"]\n1. f5 d6 2. c3 1/2-1/2\n");
        assert_eq!(score, 32);
        assert!(
            said[0].contains("to both alike, the result naming a draw (32-32)"),
            "{said:?}"
        );
        // No winner named: to the side ahead.
        let (score, said) = read_one("1. c4 c3 2. f5 b4 3. a4 a5 4. b2 a3 5. -- c1 *\n");
        assert_eq!(score, 58);
        assert!(said[0].contains("to the side ahead (58-6)"), "{said:?}");
    }
}
