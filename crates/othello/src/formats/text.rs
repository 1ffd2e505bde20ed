//! What the text formats share: the text decoded and its lines counted
//! for errors; the scores a text form may leave out filled in; names
//! looked up in the names files and written back; and the WTHOR header as
//! text (JSON Lines', CSV's) for names files.

#[cfg(test)]
use crate::model::game::black_discs;
use crate::model::game::{End, Game, GameNames};
use crate::model::game_file::GameFile;
use crate::model::header::{fresh_header, Header, Kind};
use crate::model::names::{known_names, NameBook};
use crate::model::position::{BoardSize, Color, Position, Square};
use boardfile_io::{Diagnostics, Error, FormatName, Position as At};
use serde::Deserialize;
use std::borrow::Cow;
use std::cmp::Ordering;

/// The text of a file: UTF-8 when it is, else ISO-8859-1 (each byte a
/// character: older files and WTHOR names are Latin-1); [`file_offset`]
/// gives the file's offsets back.
pub(crate) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

/// The file's byte offset of `at`, a byte offset into [`decode`]'s text.
// The Cow says whether the text was decoded from Latin-1.
#[allow(clippy::ptr_arg)]
pub(crate) fn file_offset(text: &Cow<'_, str>, at: usize) -> usize {
    match text {
        Cow::Borrowed(_) => at,
        Cow::Owned(s) => s.get(..at).map_or(at, |b| b.chars().count()),
    }
}

/// Line numbers (from 1) of byte offsets asked in increasing order, in
/// one pass over the text.
pub(crate) struct Lines<'a> {
    text: &'a [u8],
    at: usize,
    line: u64,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text: text.as_bytes(),
            at: 0,
            line: 1,
        }
    }

    /// The line of `byte`; a byte before the last one asked counts from
    /// the start again.
    pub(crate) fn of(&mut self, byte: usize) -> u64 {
        let byte = byte.min(self.text.len());
        if byte < self.at {
            self.at = 0;
            self.line = 1;
        }
        self.line += self.text[self.at..byte]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64;
        self.at = byte;
        self.line
    }
}

/// An error of `format` in game `record` (from 0) at `byte` on `line`, at
/// move `mv` (from 1) when one is at fault.
pub(crate) fn game_error(
    format: &'static str,
    record: u64,
    byte: usize,
    line: u64,
    mv: Option<usize>,
    message: String,
) -> Error {
    let mut at = At::record(record, byte as u64).with_line(line);
    if let Some(m) = mv {
        at = at.within("move", m as u64);
    }
    Error::invalid(FormatName(format), at, message)
}

/// A syntax error of `format` at `byte` on `line`.
pub(crate) fn syntax_error(
    format: &'static str,
    record: u64,
    byte: usize,
    line: u64,
    message: String,
) -> Error {
    Error::syntax(
        FormatName(format),
        At::record(record, byte as u64).with_line(line),
        message,
    )
}

/// A name as text formats give it: `?`, `-` and the empty name mean none;
/// a control character (a line break) is a space, as the writers write it.
pub(crate) fn known(name: Option<String>) -> Option<String> {
    name.map(|n| {
        n.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_string()
    })
    .filter(|n| !n.is_empty() && n != "?" && n != "-")
}

/// The tournament, black and white indices of names given as text, looked
/// up in the names files as JSON Lines' names without ids are: a name not
/// there stays the game's own, and a WTHOR file refuses the game (unless
/// the book appends names). Also the names the game keeps as its own.
pub(crate) fn resolve(
    book: &mut NameBook,
    names: [Option<String>; 3],
    record: u64,
) -> ([u16; 3], Option<Box<GameNames>>) {
    let mut unresolved = None;
    let mut ids = [0u16; 3];
    for (i, name) in names.iter().enumerate() {
        if let Some(n) = name {
            ids[i] = book.lookup(n, i == 0).unwrap_or_else(|m| {
                unresolved.get_or_insert(format!("game {}: {m}", record + 1));
                0
            });
        }
    }
    let [t, b, w] = names;
    let own = |name: Option<String>, index: u16, t: bool| {
        name.filter(|n| book.name(index, t) != Some(n.as_str()))
    };
    let carried = GameNames {
        tournament: own(t, ids[0], true),
        black: own(b, ids[1], false),
        white: own(w, ids[2], false),
        unresolved,
    };
    let names = (carried != GameNames::default()).then(|| Box::new(carried));
    (ids, names)
}

/// A game read from a text format (GGF, PGN): its names looked up
/// ([`resolve`]), its moves and year, Black's discs when the result gives
/// them (else the winner when it names one), and the rest made up as
/// [`complete`] makes it, with its warning.
#[allow(clippy::too_many_arguments)]
pub(crate) fn text_game(
    book: &mut NameBook,
    names: [Option<String>; 3],
    record: u64,
    size: BoardSize,
    moves: Vec<Square>,
    year: Option<u16>,
    black_discs: Option<u8>,
    winner: Option<Ordering>,
) -> Result<(Game, Option<String>), String> {
    let (ids, names) = resolve(book, names, record);
    let mut game = Game {
        size,
        tournament: ids[0],
        black: ids[1],
        white: ids[2],
        black_score: 0,
        theoretical: 0,
        moves,
        year,
        names,
    };
    let warning = complete(&mut game, black_discs, winner, None)?;
    Ok((game, warning))
}

/// The year at the start of a date: `2003.12.15_13:24:03.MST`,
/// `2000-4-16 11:13 EST`, `2004`, `2004.??.??`; at its end when it opens
/// with the day or month (`15.12.2003`, `12/15/2003`); or a count of
/// seconds since 1970 (early GGS archives: `945277754`). None when it
/// gives none: `15.12.03` could be of any century.
pub(crate) fn year_of_date(date: &str) -> Option<u16> {
    let d = date.trim();
    let digits = d.bytes().take_while(u8::is_ascii_digit).count();
    match digits {
        // A year as the writers write it: `2004`, `421`, `0421`.
        3 | 4 => d[..digits].parse().ok(),
        // A year of one or two digits stands alone (as written back);
        // before more, it is a day or a month, and the year is the group
        // of four digits after it.
        1 | 2 if digits == d.len() => d.parse().ok(),
        1 | 2 => d
            .split(|c: char| !c.is_ascii_digit())
            .skip(1)
            .find(|g| g.len() == 4)
            .and_then(|g| g.parse().ok()),
        // Seconds since 1970: the year of the day, by the civil calendar.
        9..=11 if digits == d.len() => {
            let secs: i64 = d.parse().ok()?;
            let (year, _, _) = boardfile_io::date::civil_date(secs.div_euclid(86_400));
            u16::try_from(year).ok()
        }
        _ => None,
    }
}

/// The file of games read: a header made here, of the first dated game's
/// year (none: 0); each game keeps a year of its own only where it differs. A
/// game without a date is of year 0, the unknown one, not of the file's; a
/// date of year 0 (`DT[0]`) dates nothing, so the file's year is never 0
/// while a game has a year.
pub(crate) fn file_of(mut games: Vec<Game>, size: Option<BoardSize>) -> GameFile {
    let size = size.unwrap_or(BoardSize::Eight);
    let year = games
        .iter()
        .find_map(|g| g.year.filter(|&y| y != 0))
        .unwrap_or(0);
    for g in &mut games {
        g.year = match g.year.unwrap_or(0) {
            y if y == year => None,
            y => Some(y),
        };
    }
    GameFile {
        header: fresh_header(year, size),
        size,
        games,
    }
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
    winner: Option<Ordering>,
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
                Some(Ordering::Greater) => "Black the winner",
                Some(Ordering::Less) => "White the winner",
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
                Some(Ordering::Greater) => "Black, the winner the result names",
                Some(Ordering::Less) => "White, the winner the result names",
                Some(Ordering::Equal) => "both alike, the result naming a draw",
            };
            let against = match to {
                Ordering::Greater if black <= white => {
                    "; that still does not give Black the game, as the result does"
                }
                Ordering::Less if white <= black => {
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
        let said = crate::formats::wthor::games::past_the_board(t, squares);
        warning = Some(match warning {
            Some(w) => format!("{w}; {said}"),
            None => said,
        });
    }
    Ok(warning)
}

/// An error in a text file of games, at a line (from 1) starting at a byte.
pub(crate) fn text_error(format: &'static str, line: u64, byte: u64, message: String) -> Error {
    Error::invalid(FormatName(format), At::byte(byte).with_line(line), message)
}

/// Lines with their numbers (from 1) and starting bytes, without their
/// line ends.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (u64, u64, &str)> {
    let mut byte = 0u64;
    text.split_inclusive('\n').enumerate().map(move |(i, raw)| {
        let at = byte;
        byte += raw.len() as u64;
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        (i as u64 + 1, at, line)
    })
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

/// The moves with the passes made explicit: `None` for a pass.
pub(crate) fn moves_with_passes(g: &Game) -> Vec<(Color, Option<Square>)> {
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
pub(crate) fn names_of<'a>(g: &'a Game, book: &'a NameBook) -> (&'a str, &'a str, &'a str) {
    let [t, b, w] = known_names(g, book);
    (t.unwrap_or("?"), b.unwrap_or("?"), w.unwrap_or("?"))
}

/// A name as a GGF property value or a PGN string: `\` before each of
/// `specials` and before `\`, a control character (a line break would
/// end the value) as a space. WTHOR names are any ISO-8859-1 bytes. (GGF
/// also escapes the `(` of `(;`: see the GGF writer.)
pub(crate) fn escaped(name: &str, specials: &[char]) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c == '\\' || specials.contains(&c) {
            out.push('\\');
        }
        out.push(if c.is_control() { ' ' } else { c });
    }
    out
}

/// Runs a writer of text into bytes, as the descriptors' writers give
/// them.
pub(crate) fn as_bytes(out: &mut Vec<u8>, write: impl FnOnce(&mut String)) {
    let mut s = String::new();
    write(&mut s);
    out.extend_from_slice(s.as_bytes());
}

// Names files as text (JSON Lines, CSV).

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

/// An error in a text file of names at a line (from 1).
pub(crate) fn names_error(format: &'static str, line: u64, message: String) -> Error {
    Error::invalid(FormatName(format), At::byte(0).with_line(line), message)
}

/// The kind of names file a text form names: `JOU` or `TRN`.
pub(crate) fn kind_of(name: &str) -> Option<Kind> {
    match name {
        "JOU" => Some(Kind::Jou),
        "TRN" => Some(Kind::Trn),
        _ => None,
    }
}

/// The name a text form gives a kind of names file.
pub(crate) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Trn => "TRN",
        _ => "JOU",
    }
}

/// True when the text's first line is a names header of ours.
pub(crate) fn is_names_text(bytes: &[u8]) -> bool {
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

/// A names file's header from its text form, N2 the count of names.
pub(crate) fn names_header(h: JsonHeader, names: usize) -> Header {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_of_the_dates_real_files_give() {
        assert_eq!(year_of_date("2003.12.15_13:24:03.MST"), Some(2003));
        assert_eq!(year_of_date("2000-4-16 11:13 EST"), Some(2000));
        assert_eq!(year_of_date("2004.??.??"), Some(2004));
        assert_eq!(year_of_date("????.??.??"), None);
        // 945277754 s after 1970-01-01 is 1999-12-15 (GGF's own example,
        // checked with `date -u -d @945277754`).
        assert_eq!(year_of_date("945277754"), Some(1999));
        assert_eq!(year_of_date(""), None);
        // As written back: a year of fewer digits is still a year.
        assert_eq!(year_of_date("0421.0"), Some(421));
        assert_eq!(year_of_date("421"), Some(421));
        assert_eq!(year_of_date("15"), Some(15));
        // Day or month first: the year is the four digits after them,
        // not the day.
        assert_eq!(year_of_date("15.12.2003"), Some(2003));
        assert_eq!(year_of_date("12/15/2003 10:00"), Some(2003));
        assert_eq!(year_of_date("1-3-1999"), Some(1999));
        // Two digits for the year: of no century said.
        assert_eq!(year_of_date("15.12.03"), None);
    }

    #[test]
    fn empties_go_to_the_winner() {
        assert_eq!(black_discs(40, 24, BoardSize::Eight), Some(40));
        assert_eq!(black_discs(33, 30, BoardSize::Eight), Some(34));
        assert_eq!(black_discs(20, 30, BoardSize::Eight), Some(20));
        assert_eq!(black_discs(30, 30, BoardSize::Eight), Some(32));
        assert_eq!(black_discs(60, 30, BoardSize::Eight), None);
    }

    #[test]
    fn lines_are_counted_once() {
        let mut l = Lines::new("a\nb\nc");
        assert_eq!(l.of(0), 1);
        assert_eq!(l.of(2), 2);
        assert_eq!(l.of(4), 3);
        assert_eq!(l.of(1), 1);
    }
}
