//! Player and tournament names: a names file (WTHOR.JOU, WTHOR.TRN, or
//! their text forms), and the book a conversion looks names up in and may
//! add to.

use crate::model::game::Game;
use crate::model::header::{today, Header, Kind};

/// A JOU or TRN file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names {
    /// Players or tournaments.
    pub kind: Kind,
    /// The header as read; N2 is rewritten from the names on write.
    pub header: Header,
    /// The names by index.
    pub names: Vec<String>,
}

impl Names {
    /// The name at an index.
    pub fn get(&self, index: u16) -> Option<&str> {
        self.names.get(index as usize).map(String::as_str)
    }

    /// The index of a name, if present (the first, when given twice).
    pub fn find(&self, name: &str) -> Option<u16> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| u16::try_from(i).ok())
    }
}

/// The names files a conversion looks names up in, and may add to.
#[derive(Debug, Default, Clone)]
pub struct NameBook {
    /// WTHOR.JOU, when at hand.
    pub players: Option<Names>,
    /// WTHOR.TRN, when at hand.
    pub tournaments: Option<Names>,
    /// Append unknown names instead of refusing them.
    pub add: bool,
    /// Names appended so far (players, tournaments).
    pub added: (usize, usize),
}

impl NameBook {
    pub(crate) fn lookup(&mut self, name: &str, tournament: bool) -> Result<u16, String> {
        let (file, what, kind) = if tournament {
            (&mut self.tournaments, "tournament", Kind::Trn)
        } else {
            (&mut self.players, "player", Kind::Jou)
        };
        if let Some(i) = file.as_ref().and_then(|f| f.find(name)) {
            return Ok(i);
        }
        if !self.add {
            return Err(match file {
                Some(_) => {
                    format!("{what} {name:?} is not in the names file (--add-names appends it)")
                }
                None => format!("{what} {name:?} given by name, but no names file is at hand"),
            });
        }
        // A names file begun here is dated today, as a games file is.
        let f = file.get_or_insert_with(|| Names {
            kind,
            header: Header {
                created: today(),
                ..Header::default()
            },
            names: vec!["???".into()],
        });
        f.names.push(name.to_string());
        if tournament {
            self.added.1 += 1;
        } else {
            self.added.0 += 1;
        }
        u16::try_from(f.names.len() - 1).map_err(|_| format!("more than 65,535 {what}s"))
    }

    pub(crate) fn name(&self, index: u16, tournament: bool) -> Option<&str> {
        let f = if tournament {
            &self.tournaments
        } else {
            &self.players
        };
        f.as_ref()?.get(index)
    }
}

/// A game's tournament, black and white names where known: those its input
/// gave, else the names files'.
pub fn known_names<'a>(g: &'a Game, book: &'a NameBook) -> [Option<&'a str>; 3] {
    let own = g.names.as_deref();
    [
        own.and_then(|n| n.tournament.as_deref())
            .or_else(|| book.name(g.tournament, true)),
        own.and_then(|n| n.black.as_deref())
            .or_else(|| book.name(g.black, false)),
        own.and_then(|n| n.white.as_deref())
            .or_else(|| book.name(g.white, false)),
    ]
}
