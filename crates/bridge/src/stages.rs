//! Stages between a reader and the writers: boards chosen by number,
//! numbered anew, and several inputs read as one set. Each is itself a
//! [`BoardReader`], so the one conversion path ([`crate::records`]) runs
//! through them unchanged, a board at a time.

use crate::codec::stream::BoardReader;
use crate::model::board::{dealer_for_board, Board, Inferred, Vulnerability};
use crate::model::set::{BoardSet, SetInfo};
use boardfile_io::{Diagnostics, Error, ErrorKind, FormatName, Position};
use std::cell::Cell;
use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::rc::Rc;

/// Board numbers, as people write them: `1-16,20`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardList(Vec<RangeInclusive<u32>>);

impl BoardList {
    /// Reads `1-16,20,25-`: numbers and ranges parted by commas; a range
    /// with no end runs to the last board.
    ///
    /// ```
    /// use boardfile_bridge::stages::BoardList;
    /// let list = BoardList::parse("1-3,7").unwrap();
    /// assert!(list.contains(2) && list.contains(7) && !list.contains(5));
    /// assert!(BoardList::parse("3-1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<BoardList, String> {
        let number = |t: &str| -> Result<u32, String> {
            let t = t.trim();
            t.parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{t:?} is not a board number (1 or more)"))
        };
        let mut ranges = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(format!("{text:?}: an empty place between commas"));
            }
            let range = match part.split_once('-') {
                Some((a, b)) if b.trim().is_empty() => number(a)?..=u32::MAX,
                Some((a, b)) => {
                    let (a, b) = (number(a)?, number(b)?);
                    if a > b {
                        return Err(format!("{part:?}: the range runs backwards"));
                    }
                    a..=b
                }
                None => {
                    let n = number(part)?;
                    n..=n
                }
            };
            ranges.push(range);
        }
        Ok(BoardList(ranges))
    }

    /// True when `number` is one of the list's.
    pub fn contains(&self, number: u32) -> bool {
        self.0.iter().any(|r| r.contains(&number))
    }
}

/// What a [`Staged`] reader does to the boards it passes on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stage {
    /// Only the boards of these numbers (as read) pass.
    pub boards: Option<BoardList>,
    /// The boards that pass are numbered from this on.
    pub renumber: Option<u32>,
    /// Renumbered boards keep their dealer and vulnerability, rather than
    /// take those the Laws give their new numbers.
    pub keep_conditions: bool,
    /// A board number that passed before is an error (joining sets).
    pub unique: bool,
    /// The set's event, site and date, given anew.
    pub headings: Headings,
}

/// The set's event, site and date given anew (`--event`, `--site`,
/// `--date`): each one given is the set's, and every board's `Event`,
/// `Site` or `Date` tag, in place of what the file says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Headings {
    /// The event.
    pub event: Option<String>,
    /// The site.
    pub site: Option<String>,
    /// The date, as PBN writes it (see [`crate::model::date::PartialDate`]).
    pub date: Option<String>,
}

impl Headings {
    /// True when none is given.
    pub fn is_empty(&self) -> bool {
        *self == Headings::default()
    }

    /// Each given heading with the name of its tag.
    fn given(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [
            ("Event", &self.event),
            ("Site", &self.site),
            ("Date", &self.date),
        ]
        .into_iter()
        .filter_map(|(name, v)| Some((name, v.as_deref()?)))
    }

    /// `info` with the headings given in place of its own.
    pub fn apply_to_set(&self, info: &mut SetInfo) {
        for (field, given) in [
            (&mut info.event, &self.event),
            (&mut info.site, &self.site),
            (&mut info.date, &self.date),
        ] {
            if given.is_some() {
                field.clone_from(given);
            }
        }
    }

    /// `board` with the headings given in place of its own tags (and of
    /// PBN's `#` and `##`); a board without the tag takes the set's.
    pub fn apply_to_board(&self, board: &mut Board) {
        for (name, value) in self.given() {
            if board.tag(name).is_some_and(|v| v != value) {
                board.set_tag(name, value);
            }
        }
    }
}

impl Stage {
    /// True when the stage changes nothing.
    pub fn is_empty(&self) -> bool {
        *self == Stage::default()
    }
}

/// A reader whose boards pass through a [`Stage`].
pub struct Staged<'r> {
    inner: Box<dyn BoardReader + 'r>,
    /// The inner reader's head with the headings given, when some are.
    head: Option<SetInfo>,
    stage: Stage,
    next: u32,
    seen: HashSet<u32>,
    said_auction: bool,
}

impl<'r> Staged<'r> {
    /// `inner`'s boards through `stage`.
    pub fn new(inner: Box<dyn BoardReader + 'r>, stage: Stage) -> Staged<'r> {
        let next = stage.renumber.unwrap_or(1);
        let head = (!stage.headings.is_empty()).then(|| {
            let mut head = inner.head().clone();
            stage.headings.apply_to_set(&mut head);
            head
        });
        Staged {
            inner,
            head,
            stage,
            next,
            seen: HashSet::new(),
            said_auction: false,
        }
    }

    /// The reader the boards come from.
    pub fn inner(&self) -> &dyn BoardReader {
        self.inner.as_ref()
    }

    fn pass(&mut self, mut b: Board, diag: &mut Diagnostics) -> Result<Board, Error> {
        self.stage.headings.apply_to_board(&mut b);
        if let Some(first) = self.stage.renumber {
            let number = self.next;
            self.next = self.next.checked_add(1).ok_or_else(|| {
                Error::new(ErrorKind::Limit(format!(
                    "numbered from {first}, the boards pass 4294967295"
                )))
            })?;
            b.number = number;
            // The play's leader is worked out as before, renumbered or not.
            let mut inferred = match b.inferred.contains(Inferred::LEADER) {
                true => Inferred::LEADER,
                false => Inferred::NONE,
            };
            // A board's auction starts with its dealer: it keeps both.
            let keep = self.stage.keep_conditions || b.auction.is_some();
            if keep {
                for f in [Inferred::DEALER, Inferred::VULNERABILITY] {
                    if b.inferred.contains(f) {
                        inferred.insert(f);
                    }
                }
                if !self.stage.keep_conditions
                    && b.dealer != dealer_for_board(number)
                    && !std::mem::replace(&mut self.said_auction, true)
                {
                    diag.warn(
                        FormatName("renumbering"),
                        None,
                        format!("board {number} (renumbered) keeps its dealer and vulnerability: its auction starts with that dealer (said once)"),
                    );
                }
            } else {
                b.dealer = dealer_for_board(number);
                b.vulnerability = Vulnerability::for_board(number);
            }
            b.inferred = inferred;
        }
        if self.stage.unique && !self.seen.insert(b.number) {
            return Err(Error::new(ErrorKind::Invalid(format!(
                "board {} again: a set holds each number once (number them anew to join them)",
                b.number
            ))));
        }
        Ok(b)
    }
}

impl BoardReader for Staged<'_> {
    fn head(&self) -> &SetInfo {
        self.head.as_ref().unwrap_or_else(|| self.inner.head())
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        while let Some(b) = self.inner.next_board(diag)? {
            if self
                .stage
                .boards
                .as_ref()
                .is_none_or(|l| l.contains(b.number))
            {
                return self.pass(b, diag).map(Some);
            }
        }
        Ok(None)
    }

    fn tail(&mut self) -> SetInfo {
        let mut tail = self.inner.tail();
        self.stage.headings.apply_to_set(&mut tail);
        tail
    }

    fn position(&self) -> u64 {
        self.inner.position()
    }
}

/// Several readers read one after another as one set: the first one's
/// set-level data, then every reader's boards in turn.
pub struct Chained<'r> {
    readers: Vec<Box<dyn BoardReader + 'r>>,
    current: usize,
    tracker: Rc<Cell<usize>>,
    /// Bytes the readers before the current one read.
    before: u64,
}

impl<'r> Chained<'r> {
    /// The readers, in order; at least one.
    pub fn new(readers: Vec<Box<dyn BoardReader + 'r>>) -> Chained<'r> {
        assert!(!readers.is_empty(), "a chain of no readers");
        Chained {
            readers,
            current: 0,
            tracker: Rc::new(Cell::new(0)),
            before: 0,
        }
    }

    /// The index of the reader boards come from now (the one an error
    /// belongs to).
    pub fn current(&self) -> usize {
        self.current
    }

    /// The index of the reader boards come from, kept up to date for a
    /// caller that has handed the chain on.
    pub fn tracker(&self) -> Rc<Cell<usize>> {
        Rc::clone(&self.tracker)
    }
}

impl BoardReader for Chained<'_> {
    fn head(&self) -> &SetInfo {
        self.readers[0].head()
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            if let Some(b) = self.readers[self.current].next_board(diag)? {
                return Ok(Some(b));
            }
            if self.current + 1 == self.readers.len() {
                return Ok(None);
            }
            self.before += self.readers[self.current].position();
            self.current += 1;
            self.tracker.set(self.current);
        }
    }

    fn tail(&mut self) -> SetInfo {
        self.readers[0].tail()
    }

    fn position(&self) -> u64 {
        self.before + self.readers[self.current].position()
    }
}

/// Puts the double-dummy tables of `tables` (a ZDD file read alone, say)
/// onto the deals of `deals`, by position. The counts must agree.
///
/// ```
/// use boardfile_bridge::stages::join_tables;
/// use boardfile_bridge::{Board, BoardSet, DdTable, Deal};
/// let mut deals = BoardSet::from_boards(vec![Board::new(1, Deal::default())]);
/// let mut table = Board::new(1, Deal::default());
/// table.dd = Some(DdTable::from_hex("99999888884444455555").unwrap());
/// join_tables(&mut deals, &BoardSet::from_boards(vec![table])).unwrap();
/// assert!(deals.boards[0].dd.is_some());
/// assert!(join_tables(&mut deals, &BoardSet::default()).is_err(), "the counts differ");
/// ```
pub fn join_tables(deals: &mut BoardSet, tables: &BoardSet) -> Result<(), String> {
    if deals.boards.len() != tables.boards.len() {
        return Err(format!(
            "{} deals but {} double-dummy tables",
            deals.boards.len(),
            tables.boards.len()
        ));
    }
    for (d, t) in deals.boards.iter_mut().zip(&tables.boards) {
        d.dd = t.dd;
    }
    Ok(())
}

/// The boards of a deals file with the double-dummy tables of another
/// (a ZDD file's), by position, a board at a time: what [`join_tables`] does, streamed. The counts must
/// agree; an error says which file ran out.
pub struct JoinedReader<'a> {
    deals: Box<dyn BoardReader + 'a>,
    tables: Box<dyn BoardReader + 'a>,
    /// Diagnostics of the tables file.
    tables_diag: Diagnostics,
    /// The tables file's format, for the error when the counts differ.
    tables_format: FormatName,
    count: u64,
}

impl<'a> JoinedReader<'a> {
    /// Joins `tables` (read from a file of `tables_format`) to the boards
    /// of `deals`.
    pub fn new(
        deals: Box<dyn BoardReader + 'a>,
        tables: Box<dyn BoardReader + 'a>,
        tables_format: impl Into<FormatName>,
    ) -> JoinedReader<'a> {
        JoinedReader {
            deals,
            tables,
            tables_format: tables_format.into(),
            tables_diag: Diagnostics::strict(),
            count: 0,
        }
    }

    /// Warnings of the tables file.
    pub fn tables_warnings(&self) -> &[boardfile_io::Warning] {
        &self.tables_diag.warnings
    }
}

impl<'a> BoardReader for JoinedReader<'a> {
    fn head(&self) -> &SetInfo {
        self.deals.head()
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        let deal = self.deals.next_board(diag)?;
        let table = self.tables.next_board(&mut self.tables_diag)?;
        match (deal, table) {
            (Some(mut d), Some(t)) => {
                self.count += 1;
                d.dd = t.dd;
                Ok(Some(d))
            }
            (None, None) => Ok(None),
            (d, _) => {
                let more = |r: &mut Box<dyn BoardReader + 'a>, diag: &mut Diagnostics| {
                    let mut n = 0u64;
                    while let Ok(Some(_)) = r.next_board(diag) {
                        n += 1;
                    }
                    n
                };
                let (deals, tables) = if d.is_some() {
                    (self.count + 1 + more(&mut self.deals, diag), self.count)
                } else {
                    (
                        self.count,
                        self.count + 1 + more(&mut self.tables, &mut self.tables_diag),
                    )
                };
                Err(Error::invalid(
                    self.tables_format,
                    Position::record(self.count, self.tables.position()),
                    format!("{deals} deals but {tables} double-dummy tables"),
                ))
            }
        }
    }

    fn tail(&mut self) -> SetInfo {
        self.deals.tail()
    }

    fn position(&self) -> u64 {
        self.deals.position()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::stream::SetReader;
    use crate::model::deal::Deal;
    use crate::model::set::BoardSet;

    fn set(numbers: &[u32]) -> Box<dyn BoardReader> {
        let boards = numbers
            .iter()
            .map(|&n| Board::new(n, Deal::from_number(u128::from(n)).unwrap()))
            .collect();
        Box::new(SetReader::new(BoardSet::from_boards(boards)))
    }

    fn all(r: &mut dyn BoardReader) -> Result<Vec<Board>, Error> {
        let mut diag = Diagnostics::strict();
        let mut out = Vec::new();
        while let Some(b) = r.next_board(&mut diag)? {
            out.push(b);
        }
        Ok(out)
    }

    #[test]
    fn board_lists() {
        let l = BoardList::parse("1-3, 7,10-").unwrap();
        let chosen: Vec<u32> = (1..=12).filter(|&n| l.contains(n)).collect();
        assert_eq!(chosen, [1, 2, 3, 7, 10, 11, 12]);
        for bad in ["", "0", "3-1", "a", "1,,2", "-4"] {
            assert!(BoardList::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn chosen_and_renumbered_boards_take_the_laws_conditions() {
        let stage = Stage {
            boards: Some(BoardList::parse("2-4").unwrap()),
            renumber: Some(17),
            ..Stage::default()
        };
        let got = all(&mut Staged::new(set(&[1, 2, 3, 4, 5]), stage)).unwrap();
        // Boards 2, 3, 4 as 17, 18, 19: the deals of 2, 3, 4; dealer and
        // vulnerability of 17 (N, None), 18 (E, NS), 19 (S, EW).
        let seen: Vec<_> = got
            .iter()
            .map(|b| {
                (
                    b.number,
                    b.deal.number().unwrap(),
                    b.dealer.letter(),
                    b.vulnerability,
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                (17, 2, 'N', Vulnerability::None),
                (18, 3, 'E', Vulnerability::NS),
                (19, 4, 'S', Vulnerability::EW),
            ]
        );
        // Kept: board 2's own (E, NS).
        let stage = Stage {
            renumber: Some(17),
            keep_conditions: true,
            ..Stage::default()
        };
        let got = all(&mut Staged::new(set(&[2]), stage)).unwrap();
        assert_eq!((got[0].number, got[0].dealer.letter()), (17, 'E'));
        assert_eq!(got[0].vulnerability, Vulnerability::NS);
    }

    #[test]
    fn chained_sets_refuse_a_number_twice_unless_renumbered() {
        let unique = Stage {
            unique: true,
            ..Stage::default()
        };
        let joined = Chained::new(vec![set(&[1, 2]), set(&[3, 4])]);
        let got = all(&mut Staged::new(Box::new(joined), unique.clone())).unwrap();
        assert_eq!(
            got.iter().map(|b| b.number).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        let joined = Chained::new(vec![set(&[1, 2]), set(&[2, 3])]);
        let e = all(&mut Staged::new(Box::new(joined), unique.clone())).unwrap_err();
        assert!(e.to_string().contains("board 2 again"), "{e}");
        let joined = Chained::new(vec![set(&[1, 2]), set(&[1, 2])]);
        let renumbered = Stage {
            renumber: Some(1),
            ..unique
        };
        let got = all(&mut Staged::new(Box::new(joined), renumbered)).unwrap();
        let seen: Vec<_> = got
            .iter()
            .map(|b| (b.number, b.deal.number().unwrap()))
            .collect();
        assert_eq!(seen, [(1, 1), (2, 2), (3, 1), (4, 2)]);
    }

    /// Headings given replace the set's and every board's own, `#` and
    /// `##` included; those not given stay as the file has them.
    #[test]
    fn headings_given_replace_the_files() {
        let mut set = BoardSet::from_boards(
            (1..=3)
                .map(|n| Board::new(n, Deal::from_number(n.into()).unwrap()))
                .collect(),
        );
        set.info.event = Some("Old".into());
        set.info.site = Some("Leiden".into());
        set.boards[0].set_tag("Event", "##Old");
        set.boards[1].set_tag("Event", "#");
        set.boards[2].set_tag("Site", "Delft");
        let stage = Stage {
            headings: Headings {
                event: Some("Club Pairs".into()),
                date: Some("2026.11.24".into()),
                ..Headings::default()
            },
            ..Stage::default()
        };
        let mut staged = Staged::new(Box::new(SetReader::new(set)), stage);
        let head = staged.head().clone();
        assert_eq!(head.event.as_deref(), Some("Club Pairs"));
        assert_eq!(head.site.as_deref(), Some("Leiden"));
        assert_eq!(head.date.as_deref(), Some("2026.11.24"));
        let got = all(&mut staged).unwrap();
        for b in &got[..2] {
            assert_eq!(b.tag("Event"), Some("Club Pairs"), "board {}", b.number);
        }
        assert_eq!(got[2].tag("Event"), None, "the set's stands");
        assert!(got.iter().all(|b| b.tag("Date").is_none()));
        assert_eq!(got[2].tag("Site"), Some("Delft"), "not given: kept");
        assert_eq!(staged.tail().event.as_deref(), Some("Club Pairs"));
        assert!(Headings::default().is_empty());
    }
}
