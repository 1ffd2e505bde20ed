//! Board sets: boards and the set-level data a file carries.

use super::board::Board;
use super::extras::{DlmInfo, LinInfo, PavlicekInfo, PbnInfo};

/// Which of the set's headings: see [`SetInfo::heading`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heading {
    /// The event.
    Event,
    /// The site.
    Site,
    /// The date.
    Date,
}

impl Heading {
    /// The event, site and date.
    pub const ALL: &'static [Heading] = &[Heading::Event, Heading::Site, Heading::Date];
}

/// What a board set carries besides its boards: the set-level data a file
/// gives before its boards (a reader's head) or after them (its tail: a
/// Pavlicek file's terminator).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetInfo {
    /// Event name (BRE's first line).
    pub event: Option<String>,
    /// Site (BRE's second line).
    pub site: Option<String>,
    /// Date as written (BRE's third line).
    pub date: Option<String>,
    /// Everything of a DLM file that is not a board inside From..To.
    pub dlm: Option<DlmInfo>,
    /// A PBN file's `%` lines before the first game and its character set.
    pub pbn: Option<PbnInfo>,
    /// A LIN file's text before the first board.
    pub lin: Option<LinInfo>,
    /// The terminator of a Pavlicek binary file and what follows it.
    pub pavlicek: Option<PavlicekInfo>,
    /// The deals are for a dealing machine that must not show them (Big
    /// Deal's "dupblind" and "dlmblind"): a DUP file whose board 1 has no
    /// screen half, a DLM file's `Status=Sealed`. DUP and DLM write it so.
    pub blind: bool,
}

impl SetInfo {
    /// True when the set carries nothing besides its boards.
    pub fn is_empty(&self) -> bool {
        *self == SetInfo::default()
    }

    /// The event, site or date of the set: the set-level field (BRE's lines)
    /// when there is one, else the `Event`, `Site` or `Date` tag of the
    /// first board when it says something (not empty, not `?`).
    pub fn heading<'a>(&'a self, which: Heading, first: Option<&'a Board>) -> Option<&'a str> {
        let (field, tag) = match which {
            Heading::Event => (&self.event, "Event"),
            Heading::Site => (&self.site, "Site"),
            Heading::Date => (&self.date, "Date"),
        };
        field.as_deref().or_else(|| {
            let v = first?.tag(tag)?;
            // PBN's `##text` sets a default from here on; `#` at the first
            // board inherits nothing.
            let v = v.strip_prefix("##").unwrap_or(v);
            (!v.is_empty() && v != "?" && v != "#").then_some(v)
        })
    }
}

/// Boards plus the set-level data a file carries.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardSet {
    /// The boards, in file order.
    pub boards: Vec<Board>,
    /// The set-level data.
    pub info: SetInfo,
}

impl BoardSet {
    /// A set of these boards and nothing else.
    ///
    /// ```
    /// use boardfile_bridge::{Board, BoardSet, Deal};
    /// let set = BoardSet::from_boards(vec![Board::new(1, Deal::default()), Board::new(2, Deal::default())]);
    /// assert_eq!(set.boards.len(), 2);
    /// assert!(set.info.is_empty());
    /// ```
    pub fn from_boards(boards: Vec<Board>) -> BoardSet {
        BoardSet {
            boards,
            info: SetInfo::default(),
        }
    }

    /// The event, site or date of the set (see [`SetInfo::heading`]).
    pub fn heading(&self, which: Heading) -> Option<&str> {
        self.info.heading(which, self.boards.first())
    }

    /// The value of tag `name` for board `index`, PBN's inheritance resolved:
    /// `#` takes the value of the nearest board before that has a real one,
    /// `##text` means `text` here and for every later board that does not
    /// give the tag. `None` when no board up to `index` gives it.
    pub fn tag_value(&self, index: usize, name: &str) -> Option<&str> {
        let own = self.boards.get(index)?.tag(name);
        match own {
            Some(v) if v.starts_with("##") => return Some(&v[2..]),
            Some(v) if v != "#" => return Some(v),
            _ => {}
        }
        let earlier = self.boards[..index]
            .iter()
            .enumerate()
            .rev()
            .find_map(|(j, b)| b.tag(name).filter(|v| *v != "#").map(|v| (j, v)));
        fn strip(v: &str) -> &str {
            v.strip_prefix("##").unwrap_or(v)
        }
        match (own, earlier) {
            (Some(_), found) => Some(found.map_or("", |(_, v)| strip(v))),
            (None, Some((j, v))) => {
                let default_set = self.boards[..=j]
                    .iter()
                    .any(|b| b.tag(name).is_some_and(|t| t.starts_with("##")));
                default_set.then(|| strip(v))
            }
            (None, None) => None,
        }
    }
}
