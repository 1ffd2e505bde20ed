//! Tag pairs: `[Name "value"]` in the export form at once, else as the
//! import format allows (over lines, a value with escapes, a value not in
//! quotes), and what each tag says: the model's fields (Board, Dealer,
//! Vulnerable, Deal, Auction, Play), the mandatory tags, double-dummy tags
//! held as what they say, and the others kept as tags.

use super::dd_tags::{Lazy, LazyFact};
use super::{Game, GameError, Lenient, Mark, Reader, Section};
use crate::formats::pbn::dd::is_dd_tag;
use crate::formats::pbn::edit::NAME_CHAR;
use crate::model::auction::{Auction, Play};
use crate::model::board::{Tag, Vulnerability};
use crate::model::deal::{Deal, Seat};
use std::borrow::Cow;

impl<'a> Reader<'a, '_> {
    /// Reads a string token at `self.i` (the opening quote): its raw bytes
    /// with escapes undone.
    fn string(&mut self) -> Result<Cow<'a, [u8]>, GameError> {
        let open = self.i;
        let b = self.b;
        let mut k = open + 1;
        let mut escaped = false;
        loop {
            k += b[k..]
                .iter()
                .take_while(|&&c| !STRING_STOP[c as usize])
                .count();
            match b.get(k) {
                None | Some(b'"') => break,
                Some(b'\\') if matches!(b.get(k + 1), Some(b'"') | Some(b'\\')) => {
                    escaped = true;
                    k += 2;
                }
                Some(b'\\') => k += 1,
                _ => return Err(self.syntax(open, "a string is not closed on its line")),
            }
        }
        if k >= b.len() {
            return Err(self.syntax(open, "a string is not closed"));
        }
        self.i = k + 1;
        let raw = &b[open + 1..k];
        if !escaped {
            return Ok(Cow::Borrowed(raw));
        }
        let mut out = Vec::with_capacity(raw.len());
        let mut j = 0;
        while j < raw.len() {
            if raw[j] == b'\\' && matches!(raw.get(j + 1), Some(b'"') | Some(b'\\')) {
                j += 1;
            }
            out.push(raw[j]);
            j += 1;
        }
        Ok(Cow::Owned(out))
    }

    /// Reads a tag pair at `[`.
    pub(super) fn tag(&mut self, g: &mut Game) -> Result<(), GameError> {
        // The export form first, `[Name "value"]` with no escape in the
        // value: most tags of most files. A name the reader knows needs no
        // look at its characters.
        let b = self.b;
        let start = self.i + 1;
        let near = &b[start..b.len().min(start + 32)];
        if let Some(n) = memchr::memchr(b' ', near) {
            let k = start + n;
            let name = &b[start..k];
            let class = classify(name);
            if n > 0
                && (!matches!(class, Class::Other) || name.iter().all(|&c| NAME_CHAR[c as usize]))
                && b.get(k + 1) == Some(&b'"')
            {
                let value = k + 2;
                if b.get(value) == Some(&b'"') && b.get(value + 1) == Some(&b']') {
                    self.i = value + 2;
                    g.has_tags = true;
                    return self.apply_tag(g, name, class, &[], k + 1);
                }
                if let Some(n) = memchr::memchr3(b'"', b'\\', b'\n', &b[value..]) {
                    let close = value + n;
                    if b[close] == b'"'
                        && b.get(close + 1) == Some(&b']')
                        && !b[value..close].contains(&b'\r')
                    {
                        self.i = close + 2;
                        g.has_tags = true;
                        return self.apply_tag(g, name, class, &b[value..close], k + 1);
                    }
                }
            }
        }
        let open = self.i;
        self.i += 1;
        self.skip_space();
        let name_start = self.i;
        self.i += self.b[self.i..]
            .iter()
            .take_while(|&&c| NAME_CHAR[c as usize])
            .count();
        if self.i == name_start {
            return Err(self.syntax(open, "a tag has no name after ["));
        }
        let name = &self.b[name_start..self.i];
        self.skip_space();
        if let Some(value) = self.unquoted_value(name) {
            g.has_tags = true;
            return self.apply_tag(g, name, classify(name), value, name_start);
        }
        if self.b.get(self.i) != Some(&b'"') {
            return Err(self.syntax(
                self.i.min(self.b.len()),
                format!(
                    "tag {} has no value in quotes",
                    String::from_utf8_lossy(name)
                ),
            ));
        }
        let value_at = self.i;
        let raw = self.string()?;
        self.skip_space();
        if self.b.get(self.i) != Some(&b']') {
            return Err(self.syntax(
                self.i.min(self.b.len()),
                format!("tag {} is not closed with ]", String::from_utf8_lossy(name)),
            ));
        }
        self.i += 1;
        g.has_tags = true;
        self.apply_tag(g, name, classify(name), &raw, value_at)
    }

    /// A tag's value not in quotes, `[Event Random Deal #]`: the text up
    /// to the `]` on the same line, when there is any and it holds no
    /// quote. Consumed with the `]`.
    fn unquoted_value(&mut self, name: &[u8]) -> Option<&'a [u8]> {
        let b = self.b;
        let from = self.i;
        let end = self.line_end(from);
        let rest = &b[from..end];
        let Some(close) = memchr::memchr(b']', rest) else {
            // The line may go on past the window.
            self.short |= end == b.len();
            return None;
        };
        let value = rest[..close].trim_ascii();
        if value.is_empty() || value.contains(&b'"') || rest[..close].contains(&b'[') {
            return None;
        }
        self.i = from + close + 1;
        let message = format!(
            "tag {}'s value is not in quotes: read as {}",
            String::from_utf8_lossy(name),
            self.quote(value)
        );
        self.lenient(Lenient::UnquotedValue, from, || message);
        Some(value)
    }

    /// What a tag says, its value's raw bytes at window offset `at`: a
    /// note of the auction or play, a field of the model, or a tag kept.
    fn apply_tag(
        &mut self,
        g: &mut Game,
        name: &[u8],
        class: Class,
        raw: &[u8],
        at: usize,
    ) -> Result<(), GameError> {
        // Note tags belong to the auction or play section they follow.
        if let Class::Note = class {
            if let Section::Auction | Section::Play = g.section {
                self.section_note(g, raw);
                return Ok(());
            }
        }
        g.section = Section::None;
        g.in_notes = false;
        g.table_without_rows();
        if let Class::Model(flag) = class {
            if g.seen_model_tags & flag != 0 {
                return self.duplicate(g, name, at);
            }
            g.seen_model_tags |= flag;
        }
        // Spaces around a Board, Dealer or Deal value (Vulnerable says
        // its own): read without them, and said.
        if matches!(name, b"Board" | b"Dealer" | b"Deal")
            && !raw.is_empty()
            && raw.trim_ascii().len() != raw.len()
        {
            let message = format!(
                "{} {} has spaces around its value: read without them",
                String::from_utf8_lossy(name),
                self.quote(raw)
            );
            self.lenient(Lenient::Spaces, at, || message);
        }
        match name {
            // The standard's unknown: worked out as if not given.
            b"Board" if raw.trim_ascii() == b"?" => {}
            b"Board" => self.board_tag(g, raw, at)?,
            b"Dealer" | b"Vulnerable" if matches!(raw.trim_ascii(), b"" | b"?") => {
                self.warnings.push((
                    self.pos(at),
                    format!(
                        "{} {} is not known: taken from the board number",
                        String::from_utf8_lossy(name),
                        self.quote(raw)
                    ),
                ));
            }
            b"Dealer" => {
                g.dealer = Some(self.seat("dealer", raw, at)?);
                g.anchor = Mark::Named("Dealer");
            }
            b"Vulnerable" => self.vulnerable_tag(g, raw, at)?,
            b"Deal" => self.deal_tag(g, raw, at)?,
            b"Auction" => {
                g.board.auction = Some(Box::new(Auction::new(self.seat("auction", raw, at)?)));
                g.section = Section::Auction;
                g.anchor = Mark::Named("Auction");
            }
            b"Play" if raw.trim_ascii().is_empty() => {
                self.lenient(Lenient::EmptyPlay, at, || {
                    "Play \"\" names no opening leader: read as no play".into()
                });
            }
            b"Play" => {
                g.board.play = Some(Box::new(Play::new(self.seat("play", raw, at)?)));
                g.section = Section::Play;
                g.anchor = Mark::Named("Play");
            }
            _ => return self.other_tag(g, name, class, raw, at),
        }
        Ok(())
    }

    /// A `Note` tag after the calls or cards of an auction or play: one of
    /// its notes.
    fn section_note(&mut self, g: &mut Game, raw: &[u8]) {
        g.in_notes = true;
        let note = self.decode(raw);
        if let Section::Auction = g.section {
            let a = g.board.auction.as_mut().expect("auction section");
            a.notes.push(note);
            g.anchor = Mark::AuctionNote(a.notes.len() - 1);
        } else {
            let p = g.board.play.as_mut().expect("play section");
            p.notes.push(note);
            g.anchor = Mark::PlayNote(p.notes.len() - 1);
        }
    }

    /// The seat a Dealer, Auction or Play tag names (`what`).
    fn seat(&self, what: &str, raw: &[u8], at: usize) -> Result<Seat, GameError> {
        match raw.trim_ascii() {
            [c] => Seat::from_letter(*c),
            _ => None,
        }
        .ok_or_else(|| {
            self.invalid(
                at,
                format!("{what} {} is not W, N, E or S", self.quote(raw)),
            )
        })
    }

    /// `Board`: the board's number, or a label kept as its Board tag.
    fn board_tag(&mut self, g: &mut Game, raw: &[u8], at: usize) -> Result<(), GameError> {
        match crate::formats::parse_u32(raw.trim_ascii()).filter(|&n| n > 0) {
            Some(n) => g.number = Some(n),
            // A label (`Example 1`): kept as the board's Board tag,
            // the number worked out by its place.
            None if raw.iter().any(u8::is_ascii_alphabetic) => {
                let message = format!(
                    "board {} is a label, not a number: kept, and the board numbered by its place",
                    self.quote(raw)
                );
                self.lenient(Lenient::BoardLabel, at, || message);
                g.board
                    .tags
                    .push(Tag::new(Cow::Borrowed("Board"), self.decode(raw)));
            }
            None => {
                return Err(self.invalid(
                    at,
                    format!("board {} is not a positive number", self.quote(raw)),
                ))
            }
        }
        g.anchor = Mark::Named("Board");
        Ok(())
    }

    /// `Vulnerable`, in the standard's spelling or another's.
    fn vulnerable_tag(&mut self, g: &mut Game, raw: &[u8], at: usize) -> Result<(), GameError> {
        let text = std::str::from_utf8(raw).unwrap_or("");
        let v = vulnerability(text.trim()).ok_or_else(|| {
            self.invalid(
                at,
                format!("vulnerable {} is not None, NS, EW or All", self.quote(raw)),
            )
        })?;
        if standard_vulnerability(raw).is_none() {
            let message = format!(
                "Vulnerable {} is not a PBN value: read as {}",
                self.quote(raw),
                v.name()
            );
            self.lenient(Lenient::Vulnerable, at, || message);
        }
        g.vulnerability = Some(v);
        g.anchor = Mark::Named("Vulnerable");
        Ok(())
    }

    /// `Deal`, with suit letters before each suit's ranks or without.
    fn deal_tag(&mut self, g: &mut Game, raw: &[u8], at: usize) -> Result<(), GameError> {
        let text = raw.trim_ascii();
        let deal = match Deal::parse_pbn_bytes(text) {
            Ok(deal) => deal,
            Err(m) => {
                let lettered = without_suit_letters(text)
                    .and_then(|t| Deal::parse_pbn_bytes(t.as_bytes()).ok());
                let Some(deal) = lettered else {
                    return Err(self.invalid(at, m));
                };
                let message = format!(
                    "Deal {} gives each suit's letter before its ranks: read without them",
                    self.quote(raw)
                );
                self.lenient(Lenient::SuitLetters, at, || message);
                deal
            }
        };
        // Hands given of different lengths: a card lost (hands of one
        // length are a deal in play, as the verifier suite has them),
        // kept as read, and said.
        if let Some(difference) = deal.length_difference() {
            self.warnings
                .push((self.pos(at), format!("Deal's {difference}")));
        }
        g.deal = Some(deal);
        g.anchor = Mark::Named("Deal");
        Ok(())
    }

    /// A tag the model holds no field for: a mandatory one given empty
    /// (kept aside), a double-dummy tag in the writer's form (held as what
    /// it says), or a tag of the board, its section data to follow.
    fn other_tag(
        &mut self,
        g: &mut Game,
        name: &[u8],
        class: Class,
        raw: &[u8],
        at: usize,
    ) -> Result<(), GameError> {
        let mandatory = match class {
            Class::Mandatory(k) => Some(k),
            _ => None,
        };
        if let Some(k) = mandatory {
            let bit = 1u16 << k;
            if g.mandatory_seen & bit != 0 {
                return self.duplicate(g, name, at);
            }
            g.mandatory_seen |= bit;
            if raw.is_empty() {
                // Kept aside: a dealing program's empty tags are not
                // kept at all (see `finish`).
                g.mandatory_empty |= bit;
                g.anchor = Mark::Named(OTHER_MANDATORY[k]);
                return Ok(());
            }
        } else if g.board.tags.iter().any(|t| t.name.as_bytes() == name)
            || g.lazy.iter().any(|l| l.fact.name().as_bytes() == name)
        {
            return self.duplicate(g, name, at);
        }
        if let Class::Known(known) = class {
            if let Some(fact) = LazyFact::read(known, raw) {
                g.lazy.push(Lazy {
                    at: g.board.tags.len(),
                    place: self.pos(at),
                    fact,
                });
                g.anchor = Mark::Named(known);
                g.section = Section::Lazy(g.lazy.len() - 1);
                return Ok(());
            }
        }
        let name: Cow<'static, str> = match class {
            Class::Mandatory(k) => Cow::Borrowed(OTHER_MANDATORY[k]),
            Class::Known(k) => Cow::Borrowed(k),
            _ => Cow::Owned(String::from_utf8_lossy(name).into_owned()),
        };
        if g.board.tags.is_empty() {
            g.board.tags.reserve(12);
        }
        if is_dd_tag(&name) {
            g.dd_places.push((g.board.tags.len(), self.pos(at)));
        }
        g.anchor = Mark::Tag(g.board.tags.len());
        g.board.tags.push(Tag::new(name, self.decode(raw)));
        g.section = Section::Data(g.board.tags.len() - 1);
        g.data_line = 0;
        Ok(())
    }

    /// A tag given twice: section 3.4 says the second is ignored. Its
    /// section data, if any, is skipped with it.
    fn duplicate(&mut self, g: &mut Game, name: &[u8], at: usize) -> Result<(), GameError> {
        self.warnings.push((
            self.pos(at),
            format!(
                "tag {} is given twice in this game; the second is ignored",
                String::from_utf8_lossy(name)
            ),
        ));
        g.section = Section::Ignored;
        Ok(())
    }
}

/// The bytes a string token's scan stops at: `"`, `\\`, CR and LF.
static STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// The mandatory tags that are not model fields, in export order.
pub(super) const OTHER_MANDATORY: [&str; 11] = [
    "Event", "Site", "Date", "West", "North", "East", "South", "Scoring", "Declarer", "Contract",
    "Result",
];

/// What a tag's name is to the reader.
#[derive(Clone, Copy)]
enum Class {
    /// `Note`.
    Note,
    /// A tag the model holds as a field, with its bit flag (each may be
    /// given once).
    Model(u8),
    /// One of [`OTHER_MANDATORY`], by index.
    Mandatory(usize),
    /// A common name, kept without allocating.
    Known(&'static str),
    /// Any other.
    Other,
}

/// The class of a tag name, by its length first.
fn classify(name: &[u8]) -> Class {
    let known = matches!(name.len(), 4..=12 | 17 | 18);
    if !known || !name[0].is_ascii_uppercase() {
        return Class::Other;
    }
    match name {
        b"Note" => Class::Note,
        b"Board" => Class::Model(1),
        b"Dealer" => Class::Model(2),
        b"Vulnerable" => Class::Model(4),
        b"Deal" => Class::Model(8),
        b"Auction" => Class::Model(16),
        b"Play" => Class::Model(32),
        b"Event" => Class::Mandatory(0),
        b"Site" => Class::Mandatory(1),
        b"Date" => Class::Mandatory(2),
        b"West" => Class::Mandatory(3),
        b"North" => Class::Mandatory(4),
        b"East" => Class::Mandatory(5),
        b"South" => Class::Mandatory(6),
        b"Scoring" => Class::Mandatory(7),
        b"Declarer" => Class::Mandatory(8),
        b"Contract" => Class::Mandatory(9),
        b"Result" => Class::Mandatory(10),
        b"Generator" => Class::Known("Generator"),
        b"Room" => Class::Known("Room"),
        b"OptimumResultTable" => Class::Known("OptimumResultTable"),
        b"DoubleDummyTricks" => Class::Known("DoubleDummyTricks"),
        b"OptimumScore" => Class::Known("OptimumScore"),
        b"ParContract" => Class::Known("ParContract"),
        b"Description" => Class::Known("Description"),
        _ => Class::Other,
    }
}

/// The standard's vulnerability values as it spells them (section 3.4.10).
pub(super) fn standard_vulnerability(raw: &[u8]) -> Option<Vulnerability> {
    Some(match raw {
        b"None" | b"Love" | b"-" => Vulnerability::None,
        b"NS" => Vulnerability::NS,
        b"EW" => Vulnerability::EW,
        b"All" | b"Both" => Vulnerability::All,
        _ => return None,
    })
}

/// PBN's vulnerability names (section 3.4.10), and in either case and
/// with a dash between the seats as some writers give them.
fn vulnerability(v: &str) -> Option<Vulnerability> {
    Vulnerability::from_name(v).or_else(|| match v.to_ascii_lowercase().as_str() {
        "none" | "love" | "-" => Some(Vulnerability::None),
        "ns" | "n-s" => Some(Vulnerability::NS),
        "ew" | "e-w" => Some(Vulnerability::EW),
        "all" | "both" => Some(Vulnerability::All),
        _ => None,
    })
}

/// A Deal value whose hands give each suit's letter before its ranks
/// (`N:SAKQ.HJT9.D876.C5432 ...`), without the letters; None when it is
/// not that.
fn without_suit_letters(value: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(value).ok()?;
    let (first, hands) = text.split_once(':')?;
    let mut out = format!("{first}:");
    for (k, hand) in hands.split_whitespace().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        if hand == "-" {
            out.push('-');
            continue;
        }
        let suits: Vec<&str> = hand.split('.').collect();
        if suits.len() != 4 {
            return None;
        }
        for (s, (suit, letter)) in suits.iter().zip(['S', 'H', 'D', 'C']).enumerate() {
            let ranks = suit
                .strip_prefix(letter)
                .or_else(|| suit.strip_prefix(letter.to_ascii_lowercase()))?;
            if s > 0 {
                out.push('.');
            }
            out.push_str(ranks);
        }
    }
    Some(out)
}
