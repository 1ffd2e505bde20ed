//! A game in the very text the writer gives a board that holds nothing but
//! its deal, its conditions and double-dummy data: the output of a dealing
//! program or a solver (boardfile's `deal` and `solve` among them), and
//! the files of millions of boards. Such a game, or one of the short form
//! a dealing program such as BigDeal writes (`Board`, `Dealer`,
//! `Vulnerable`, `Deal`), is read here in one pass against that text, the
//! tags' names and their order compared, not tokenized; the general
//! reader's work a tag is most of a large file's time otherwise.
//!
//! Anything else is left to the general reader: another tag, another
//! order, a comment, a value the general reader would warn of or find
//! wrong, double-dummy tags it would keep as tags. A game read here is the
//! very board the general reader makes of it; the tests compare the two on
//! the writer's output for boards of every shape of double-dummy data, in
//! both forms and both line ends, cut, changed and added to at every byte,
//! and read through small windows (the shared data's files are others'
//! forms, and test the way to the general reader).

use super::dd_tags::{writer_rows, LazyFact};
use super::tags::standard_vulnerability;
use crate::model::board::{Board, DdTable, Par};
use crate::model::deal::{Deal, Seat};
use std::cell::RefCell;

thread_local! {
    /// Room for a deal's text as the writer gives it, to compare.
    static DEAL_TEXT: RefCell<Vec<u8>> = RefCell::new(Vec::with_capacity(80));
}

/// The fixed text between the values, for one kind of line end.
struct Form {
    eol: &'static [u8],
    /// Up to the board number's value.
    head: &'static [u8],
    /// From the board number's closing quote to the dealer's value.
    to_dealer: &'static [u8],
    to_vulnerable: &'static [u8],
    to_deal: &'static [u8],
    /// From the deal's closing quote to the end of `[Result ""]`'s line.
    to_end: &'static [u8],
    /// The same two for the short form, four tags: from the board number's
    /// closing quote to the dealer's value.
    short_to_dealer: &'static [u8],
    tricks: &'static [u8],
    score: &'static [u8],
    contracts: &'static [u8],
    /// The whole `OptimumResultTable` tag line.
    table: &'static [u8],
    /// A value's closing quote and bracket, and the line end.
    close: &'static [u8],
}

macro_rules! form {
    ($eol:literal) => {
        Form {
            eol: $eol.as_bytes(),
            head: concat!(
                "[Event \"\"]",
                $eol,
                "[Site \"\"]",
                $eol,
                "[Date \"\"]",
                $eol,
                "[Board \""
            )
            .as_bytes(),
            to_dealer: concat!(
                "\"]",
                $eol,
                "[West \"\"]",
                $eol,
                "[North \"\"]",
                $eol,
                "[East \"\"]",
                $eol,
                "[South \"\"]",
                $eol,
                "[Dealer \""
            )
            .as_bytes(),
            short_to_dealer: concat!("\"]", $eol, "[Dealer \"").as_bytes(),
            to_vulnerable: concat!("\"]", $eol, "[Vulnerable \"").as_bytes(),
            to_deal: concat!("\"]", $eol, "[Deal \"").as_bytes(),
            to_end: concat!(
                "\"]",
                $eol,
                "[Scoring \"\"]",
                $eol,
                "[Declarer \"\"]",
                $eol,
                "[Contract \"\"]",
                $eol,
                "[Result \"\"]",
                $eol
            )
            .as_bytes(),
            tricks: b"[DoubleDummyTricks \"",
            score: b"[OptimumScore \"",
            contracts: b"[ParContract \"",
            table: concat!(
                "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]",
                $eol
            )
            .as_bytes(),
            close: concat!("\"]", $eol).as_bytes(),
        }
    };
}

static CRLF: Form = form!("\r\n");
static LF: Form = form!("\n");

/// A game read, the bytes it took (its ending empty line included) and the
/// lines it spans.
pub(super) struct Plain {
    pub board: Board,
    pub len: usize,
    /// The bytes of the game's own lines (its ending empty line not).
    pub game_len: usize,
    pub lines: u64,
    /// The game is the very text the export writer gives its board (the
    /// fifteen tags, CR LF, each value as the writer spells it), so that the
    /// board need not keep it.
    pub exact: bool,
}

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Cursor<'a> {
    /// Steps over `text` if it comes next.
    fn lit(&mut self, text: &[u8]) -> Option<()> {
        if self.b[self.i..].starts_with(text) {
            self.i += text.len();
            Some(())
        } else {
            None
        }
    }

    /// A value up to its closing quote (at most `max` bytes, no escape,
    /// on one line); the cursor left at the quote.
    fn value(&mut self, max: usize) -> Option<&'a [u8]> {
        let rest = &self.b[self.i..];
        let n = memchr::memchr2(b'"', b'\\', &rest[..rest.len().min(max + 1)])?;
        let value = &rest[..n];
        if rest[n] != b'"' || value.contains(&b'\n') || value.contains(&b'\r') {
            return None;
        }
        self.i += n;
        Some(value)
    }

    /// A tag's value on a line of its own: the value, then `"]` and the
    /// line end.
    fn line(&mut self, max: usize, form: &Form) -> Option<&'a [u8]> {
        let value = self.value(max)?;
        self.lit(form.close)?;
        Some(value)
    }
}

/// Reads the game at the start of `b` (a line's start, no game under way,
/// no comment waiting for it) when it is in the writer's plain form, or in
/// the short form of a dealing program (BigDeal's: `Board`, `Dealer`,
/// `Vulnerable` and `Deal` alone, double-dummy tags after them as the
/// writer gives them), and ends inside `b` (at an empty line, or where the
/// file ends when `eof`).
pub(super) fn read(b: &[u8], eof: bool) -> Option<Plain> {
    const BOARD: &[u8] = b"[Board \"";
    let (full, start) = if b.starts_with(CRLF.head) {
        (Some(&CRLF), CRLF.head.len())
    } else if b.starts_with(LF.head) {
        (Some(&LF), LF.head.len())
    } else if b.starts_with(BOARD) {
        (None, BOARD.len())
    } else {
        return None;
    };
    let mut c = Cursor { b, i: start };
    let (mut board, form, exact) = conditions(&mut c, full)?;
    c.lit(if full.is_some() {
        form.to_end
    } else {
        form.close
    })?;
    // The double-dummy tags the writer gives, each when it has it, in its
    // order; the general reader keeps them as tags (so they are left to
    // it) unless they are all there are of what they say.
    let dd = DdTags::read(&mut c, form)?;
    let dd_lines = dd.lines();
    dd.give(&mut board)?;
    // The game ends at an empty line, or where the file does.
    let blank = !(c.i == b.len() && eof);
    let game_len = c.i;
    if blank {
        c.lit(form.eol)?;
    }
    // The lines: the fifteen mandatory tags' (or the four of the short
    // form), the double-dummy tags' and the empty line. No value holds a
    // line end.
    let lines = if full.is_some() { 15 } else { 4 } + dd_lines + u64::from(blank);
    Some(Plain {
        board,
        len: c.i,
        game_len,
        lines,
        exact,
    })
}

/// The board's number, dealer, vulnerability and deal, read up to the
/// deal's closing quote, in the full form (`full`) or the short one: the
/// board, the form of its line ends, and whether each value is spelt as
/// the export writer spells it (in the full form with CR LF).
fn conditions(c: &mut Cursor, full: Option<&'static Form>) -> Option<(Board, &'static Form, bool)> {
    let number_text = c.value(16)?;
    // Values with spaces around them are the general reader's, which says so.
    let number = boardfile_io::text::parse_u32(number_text).filter(|&n| n > 0)?;
    // As the writer spells each value, so far.
    let mut exact = std::ptr::eq(full.unwrap_or(&LF), &CRLF) && number_text[0] != b'0';
    let form = match full {
        Some(form) => {
            c.lit(form.to_dealer)?;
            form
        }
        None => {
            let form = if c.b[c.i..].starts_with(CRLF.short_to_dealer) {
                &CRLF
            } else {
                &LF
            };
            c.lit(form.short_to_dealer)?;
            form
        }
    };
    let dealer = match c.value(8)? {
        [l] => {
            let seat = Seat::from_letter(*l)?;
            exact &= *l == seat.letter_byte();
            seat
        }
        _ => return None,
    };
    c.lit(form.to_vulnerable)?;
    let vul_text = c.value(16)?;
    // Other spellings are the general reader's, which says so.
    let vul = standard_vulnerability(vul_text)?;
    exact &= vul_text == vul.name().as_bytes();
    c.lit(form.to_deal)?;
    let deal_text = c.value(128)?;
    if deal_text.trim_ascii().len() != deal_text.len() {
        return None;
    }
    let deal = Deal::parse_pbn_bytes(deal_text).ok()?;
    // Hands of different lengths are the general reader's, which says so.
    if deal.hands_differ_in_length() {
        return None;
    }
    if exact {
        DEAL_TEXT.with_borrow_mut(|written| {
            written.clear();
            deal.push_pbn_from(dealer, written);
            exact = written == deal_text;
        });
    }
    let mut board = Board::new(number, deal);
    board.dealer = dealer;
    board.vulnerability = vul;
    Some((board, form, exact))
}

/// The double-dummy tags the writer gives after the mandatory ones, each
/// in the writer's spelling.
struct DdTags {
    tricks: Option<DdTable>,
    score: Option<i32>,
    contracts: Option<Vec<String>>,
    table: Option<DdTable>,
}

impl DdTags {
    /// Reads those there are at the cursor, in the writer's order; None
    /// when one is not in the writer's form.
    fn read(c: &mut Cursor, form: &'static Form) -> Option<DdTags> {
        let lazy = |name: &str, raw: &[u8]| LazyFact::read(name, raw);
        let mut tricks = None;
        if c.lit(form.tricks).is_some() {
            // The double-dummy tags are read here only in the writer's spelling.
            match lazy("DoubleDummyTricks", c.line(20, form)?)? {
                LazyFact::Tricks(t) => tricks = Some(t),
                _ => return None,
            }
        }
        let mut score = None;
        if c.lit(form.score).is_some() {
            match lazy("OptimumScore", c.line(16, form)?)? {
                LazyFact::Score(s) => score = Some(s),
                _ => return None,
            }
        }
        let mut contracts = None;
        if c.lit(form.contracts).is_some() {
            match lazy("ParContract", c.line(256, form)?)? {
                LazyFact::Contracts(v) if !v.is_empty() => contracts = Some(v),
                _ => return None,
            }
        }
        let mut table = None;
        if c.lit(form.table).is_some() {
            let crlf = std::ptr::eq(form, &CRLF);
            let (t, len) = writer_rows(&c.b[c.i..], crlf)?;
            table = Some(t);
            c.i += len;
        }
        Some(DdTags {
            tricks,
            score,
            contracts,
            table,
        })
    }

    /// Their lines: one a tag, and the table's rows.
    fn lines(&self) -> u64 {
        u64::from(self.tricks.is_some())
            + u64::from(self.score.is_some())
            + u64::from(self.contracts.is_some())
            + if self.table.is_some() { 21 } else { 0 }
    }

    /// Gives the board a table the tricks give, and the tricks when (only
    /// when) the table is whole; contracts with a score. None when they
    /// are not all there are of what they say (left to the general
    /// reader).
    fn give(self, board: &mut Board) -> Option<()> {
        match (self.table, self.tricks) {
            (None, None) => {}
            (Some(t), None) if !t.is_complete() => board.dd = Some(t),
            (Some(t), Some(u)) if t == u => board.dd = Some(t),
            _ => return None,
        }
        match (self.score, self.contracts) {
            (None, None) => {}
            (Some(score_ns), contracts) => {
                board.par = Some(Par {
                    score_ns,
                    contracts: contracts.unwrap_or_default(),
                })
            }
            (None, Some(_)) => return None,
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::Format;
    use crate::model::set::BoardSet;
    use crate::testing::plain_boards;

    #[test]
    fn the_table_line_is_the_generated_tables() {
        for form in [&CRLF, &LF] {
            let line = std::str::from_utf8(form.table).unwrap();
            let want = format!(
                "[OptimumResultTable \"{}\"]",
                super::super::dd_tags::GENERATED_TABLE
            );
            assert_eq!(line.trim_end(), want);
        }
    }

    #[test]
    fn the_writers_games_are_read_here_as_the_boards_written() {
        // All but the contract with a quote (escaped), which is the general
        // reader's; with CR LF and with LF line ends, in the writer's form
        // and the short one.
        let boards: Vec<_> = plain_boards()
            .into_iter()
            .filter(|b| {
                !b.par
                    .iter()
                    .flat_map(|p| &p.contracts)
                    .any(|c| c.contains('"'))
            })
            .collect();
        assert!(boards.len() > 40);
        let set = BoardSet {
            boards: boards.clone(),
            ..Default::default()
        };
        let mut out = Vec::new();
        crate::records::write(Format::Pbn, &set, &mut out).unwrap();
        use crate::formats::pbn::tests::{replace, short_form};
        let lf = replace(&out, b"\r\n", b"\n");
        for text in [short_form(&out), short_form(&lf), out, lf] {
            let mut at = text.iter().position(|&c| c == b'[').unwrap();
            for b in &boards {
                let rest = &text[at..];
                let game = read(rest, true).unwrap_or_else(|| panic!("board {}", b.number));
                assert_eq!(&game.board, b);
                assert_eq!(
                    game.lines as usize,
                    rest[..game.len].iter().filter(|&&c| c == b'\n').count()
                );
                at += game.len;
            }
            assert_eq!(at, text.len());
        }
    }
}
