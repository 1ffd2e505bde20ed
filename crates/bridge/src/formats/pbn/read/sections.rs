//! What follows a tag: the auction's calls and the play's cards with
//! their annotations (note references, NAGs, suffixes, irregularities),
//! and the section data of other tags (tables re-flowed into rows by
//! their column count).

use super::{Game, GameError, Lenient, Mark, Reader};
use crate::model::auction::{Annotated, Call, CallToken, CardToken, Word};
use crate::model::board::Tag;
use crate::model::card::{Card, Rank, Suit};

/// The suffix annotations and the NAGs they stand for (calls; cards add 6).
fn suffix_nag(s: &[u8]) -> Option<u8> {
    Some(match s {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return None,
    })
}

/// Adds a NAG keeping the list in increasing order.
fn add_nag(nags: &mut Vec<u8>, nag: u8) {
    let at = nags.partition_point(|&n| n <= nag);
    nags.insert(at, nag);
}

/// An annotation token read after a call or card.
enum Annotation {
    Note(u8),
    Nag(u8),
}

impl<'a> Reader<'a, '_> {
    /// Reads `=N=`, `$N` or a suffix at `self.i`, if there is one there.
    fn annotation(&mut self, card_offset: u8) -> Result<Option<Annotation>, GameError> {
        let at = self.i;
        let b = self.b;
        let digits_from = |k: usize| {
            let n = b[k..].iter().take_while(|c| c.is_ascii_digit()).count();
            (
                k + n,
                std::str::from_utf8(&b[k..k + n])
                    .unwrap_or("")
                    .parse::<u32>()
                    .ok(),
            )
        };
        match b[at] {
            b'=' => {
                let (end, n) = digits_from(at + 1);
                match (n, b.get(end)) {
                    (Some(n), Some(b'=')) if n <= 255 => {
                        self.i = end + 1;
                        Ok(Some(Annotation::Note(n as u8)))
                    }
                    _ => Err(self.syntax(at, "a note reference is not =N=")),
                }
            }
            b'$' => match digits_from(at + 1) {
                (end, Some(n)) if n <= 255 => {
                    self.i = end;
                    Ok(Some(Annotation::Nag(n as u8)))
                }
                _ => Err(self.syntax(at, "a NAG is not $0 to $255")),
            },
            b'!' | b'?' => {
                let n = b[at..]
                    .iter()
                    .take(2)
                    .take_while(|c| matches!(c, b'!' | b'?'))
                    .count();
                let nag = suffix_nag(&b[at..at + n]).expect("one or two of ! ?");
                self.i = at + n;
                Ok(Some(Annotation::Nag(nag + card_offset)))
            }
            _ => Ok(None),
        }
    }

    /// The run of letters, digits and `-` at `self.i`.
    fn word(&mut self) -> &'a [u8] {
        let b = self.b;
        let start = self.i;
        let n = b[start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
            .count();
        self.i = start + n;
        &b[start..start + n]
    }

    /// Reads one token of an auction section.
    pub(super) fn call(&mut self, g: &mut Game) -> Result<(), GameError> {
        let at = self.i;
        let auction = g.board.auction.as_mut().expect("auction section");
        if let Some(a) = self.annotation(0)? {
            let Some(last) = auction.calls.last_mut() else {
                return Err(self.syntax(at, "an annotation before the first call"));
            };
            annotate(last, a);
            return Ok(());
        }
        let token = match self.b[at] {
            b'*' => {
                self.i += 1;
                auction.stopped = true;
                return Ok(());
            }
            b'+' => {
                self.i += 1;
                CallToken::Next
            }
            b'^' => {
                let letter = self.b.get(at + 1).map(u8::to_ascii_uppercase);
                self.i = (at + 2).min(self.b.len());
                match letter {
                    Some(b'S') => CallToken::Skipped,
                    Some(b'I') => {
                        g.irregularity = Some(b'I');
                        return Ok(());
                    }
                    _ => return Err(self.syntax(at, "an auction irregularity is not ^I or ^S")),
                }
            }
            _ => {
                let word = self.word();
                if word.is_empty() {
                    self.i = at + 1;
                    return Err(self.syntax(at, format!("{:?} is not a call", self.b[at] as char)));
                }
                match word {
                    b"-" => CallToken::NotYet,
                    w if w.eq_ignore_ascii_case(b"AP") => CallToken::AllPass,
                    [c @ (b'P' | b'p' | b'D' | b'd' | b'R' | b'r')] => {
                        let (call, name) = match c.to_ascii_uppercase() {
                            b'P' => (Call::Pass, "Pass"),
                            b'D' => (Call::Double, "X"),
                            _ => (Call::Redouble, "XX"),
                        };
                        self.lenient(Lenient::CallLetters, at, || {
                            format!("{} is not a PBN call: read as {name}", *c as char)
                        });
                        CallToken::Call(call)
                    }
                    w => match std::str::from_utf8(w).ok().and_then(Call::parse) {
                        Some(call) => CallToken::Call(call),
                        None => {
                            let word = Word::new(w).ok_or_else(|| {
                                self.syntax(at, format!("{} is not a call", self.quote(w)))
                            })?;
                            self.lenient(Lenient::OtherWord, at, || {
                                format!(
                                    "{word} is not a PBN call: kept as written, a call not known"
                                )
                            });
                            CallToken::Other(word)
                        }
                    },
                }
            }
        };
        let auction = g.board.auction.as_mut().expect("auction section");
        if token == CallToken::NotYet && auction.calls.is_empty() && g.irregularity.is_none() {
            // A four-column import row starting before the first caller.
            auction.first = auction.first.next(1);
            return Ok(());
        }
        let mut a = Annotated::plain(token);
        a.irregularity = g.irregularity.take();
        auction.calls.push(a);
        g.anchor = Mark::Call(auction.calls.len() - 1);
        Ok(())
    }

    /// Reads one token of a play section.
    pub(super) fn card(&mut self, g: &mut Game) -> Result<(), GameError> {
        let at = self.i;
        let play = g.board.play.as_mut().expect("play section");
        if let Some(a) = self.annotation(6)? {
            let Some(last) = play.cards.last_mut() else {
                return Err(self.syntax(at, "an annotation before the first card"));
            };
            annotate(last, a);
            return Ok(());
        }
        let token = match self.b[at] {
            b'*' => {
                self.i += 1;
                play.stopped = true;
                return Ok(());
            }
            b'+' => {
                self.i += 1;
                CardToken::Next
            }
            b'^' => {
                let letter = self.b.get(at + 1).map(u8::to_ascii_uppercase);
                self.i = (at + 2).min(self.b.len());
                match letter {
                    Some(l @ (b'R' | b'L')) => {
                        g.irregularity = Some(l);
                        return Ok(());
                    }
                    _ => return Err(self.syntax(at, "a play irregularity is not ^R or ^L")),
                }
            }
            _ => {
                let word = self.word();
                match word {
                    b"-" => CardToken::Unknown,
                    [s, r] | [s, b'1', r @ b'0'] => {
                        let rank = if *r == b'0' {
                            Some(Rank::Ten)
                        } else {
                            Rank::from_char(*r)
                        };
                        match (Suit::from_letter(*s), rank) {
                            (Some(s), Some(r)) => CardToken::Card(Card::new(s, r)),
                            _ => {
                                return Err(
                                    self.syntax(at, format!("{} is not a card", self.quote(word)))
                                )
                            }
                        }
                    }
                    _ => {
                        self.i = self.i.max(at + 1);
                        return Err(self.syntax(
                            at,
                            format!(
                                "{} is not a card",
                                self.quote(&self.b[at..self.token_end(at)])
                            ),
                        ));
                    }
                }
            }
        };
        let play = g.board.play.as_mut().expect("play section");
        let mut a = Annotated::plain(token);
        a.irregularity = g.irregularity.take();
        play.cards.push(a);
        g.anchor = Mark::Card(play.cards.len() - 1);
        Ok(())
    }

    /// Reads a section element: a string token (kept with its quotes) or a
    /// section token.
    pub(super) fn element(&mut self) -> Result<String, GameError> {
        let at = self.i;
        if self.b[at] == b'"' {
            let close = self.b[at + 1..]
                .iter()
                .position(|&c| c == b'"' || c == b'\n' || c == b'\r');
            return match close {
                Some(n) if self.b[at + 1 + n] == b'"' => {
                    self.i = at + n + 2;
                    Ok(self.decode(&self.b[at..self.i]))
                }
                _ => Err(self.syntax(at, "a string is not closed on its line")),
            };
        }
        let n = self.b[at..]
            .iter()
            .take_while(|&&c| c > b' ' && !matches!(c, b'[' | b']' | b'{' | b'}' | b';' | b'"'))
            .count();
        if n == 0 {
            return Err(self.syntax(
                at,
                format!("{:?} cannot start section data", self.b[at] as char),
            ));
        }
        self.i = at + n;
        Ok(self.decode(&self.b[at..at + n]))
    }
}

fn annotate<T>(last: &mut Annotated<T>, a: Annotation) {
    match a {
        Annotation::Note(n) => last.note = Some(n),
        Annotation::Nag(n) => add_nag(&mut last.nags, n),
    }
}

/// The number of columns of a table (a tag named `...Table`), `None` for
/// other sections.
pub(crate) fn table_columns(tag: &Tag) -> Option<usize> {
    tag.name
        .ends_with("Table")
        .then(|| tag.value.split(';').count())
}
