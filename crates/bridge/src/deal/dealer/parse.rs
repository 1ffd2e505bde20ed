//! The parser: tokens into a [`Script`], a recursive descent over the
//! grammar in the module's header, with dealer's operator precedence
//! (loosest first: `? :`, `||`, `&&`, `== !=`, `< <= > >=`, `+ -`,
//! `* / %`, then the unary `!` and `-`).

use super::lex::{scan, Tok, Token};
use super::{
    Action, CountKind, EsItem, Layout, Node, NodeId, Place, Script, ScriptError, Shape, Strain,
    Vul, NT,
};
use crate::model::board::Vulnerability;
use crate::model::deal::Seat;
use std::collections::HashMap;

/// Words with a meaning of their own: none of them can name a variable.
const RESERVED: &[&str] = &[
    "generate",
    "produce",
    "dealer",
    "vulnerable",
    "predeal",
    "pointcount",
    "altcount",
    "condition",
    "action",
    "and",
    "or",
    "not",
    "any",
    "shape",
    "hascard",
    "hcp",
    "hcps",
    "control",
    "controls",
    "loser",
    "losers",
    "cccc",
    "quality",
    "tricks",
    "trick",
    "score",
    "imps",
    "imp",
    "rnd",
    "north",
    "east",
    "south",
    "west",
    "notrump",
    "notrumps",
    "printall",
    "printew",
    "print",
    "printpbn",
    "printcompact",
    "printoneline",
    "printes",
    "average",
    "frequency",
    "evalcontract",
    "nv",
    "vul",
];

/// The suit of a suit word, singular or plural (0 spades .. 3 clubs).
fn suit_word(w: &str) -> Option<u8> {
    Some(match w {
        "spade" | "spades" => 0,
        "heart" | "hearts" => 1,
        "diamond" | "diamonds" => 2,
        "club" | "clubs" => 3,
        _ => return None,
    })
}

/// The point-count tables a word names.
fn count_word(w: &str) -> Option<CountKind> {
    Some(match w {
        "hcp" | "hcps" => CountKind::Hcp,
        "control" | "controls" => CountKind::Controls,
        "tens" | "ten" => CountKind::Alt(0),
        "jacks" | "jack" => CountKind::Alt(1),
        "queens" | "queen" => CountKind::Alt(2),
        "kings" | "king" => CountKind::Alt(3),
        "aces" | "ace" => CountKind::Alt(4),
        "top2" => CountKind::Alt(5),
        "top3" => CountKind::Alt(6),
        "top4" => CountKind::Alt(7),
        "top5" => CountKind::Alt(8),
        "c13" => CountKind::Alt(9),
        _ => {
            let n = w.strip_prefix("pt")?;
            if n.len() == 1 && n.as_bytes()[0].is_ascii_digit() {
                CountKind::Alt(n.as_bytes()[0] - b'0')
            } else {
                return None;
            }
        }
    })
}

/// The words that start an action (dealer's), `evalcontract` among them
/// though it is refused.
const ACTIONS: [&str; 10] = [
    "printall",
    "printew",
    "printpbn",
    "printcompact",
    "printoneline",
    "print",
    "printes",
    "average",
    "frequency",
    "evalcontract",
];

fn is_reserved(w: &str) -> bool {
    RESERVED.contains(&w) || suit_word(w).is_some() || count_word(w).is_some()
}

fn seat_word(w: &str) -> Option<Seat> {
    Some(match w {
        "north" => Seat::North,
        "east" => Seat::East,
        "south" => Seat::South,
        "west" => Seat::West,
        _ => return None,
    })
}

/// The rank index of a rank character: 0 the ace .. 12 the two.
fn rank_index(c: u8) -> Option<u8> {
    b"AKQJT98765432"
        .iter()
        .position(|&r| r == c)
        .map(|i| i as u8)
}

fn suit_letter(c: u8) -> Option<u8> {
    b"SHDC".iter().position(|&s| s == c).map(|i| i as u8)
}

struct Parser {
    toks: Vec<Token>,
    at: usize,
    script: Script,
    vars: HashMap<String, u32>,
}

type R<T> = Result<T, ScriptError>;

/// Parses a whole script.
pub(crate) fn parse(text: &str) -> R<Script> {
    let (toks, notes) = scan(text)?;
    let mut p = Parser {
        toks,
        at: 0,
        script: Script::empty(),
        vars: HashMap::new(),
    };
    for (line, column) in notes.hash_after_code {
        p.script.notes.push(ScriptError::new(
            line,
            column,
            "`#` after code on a line is read as a comment (dealer refuses it: a `#` comment must start its line; use //)",
        ));
    }
    p.script_body()?;
    Ok(p.script)
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].tok
    }

    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.at + k).min(self.toks.len() - 1)].tok
    }

    fn here(&self) -> Place {
        let t = &self.toks[self.at];
        Place {
            line: t.line,
            column: t.column,
        }
    }

    fn err<T>(&self, message: impl Into<String>) -> R<T> {
        let t = &self.toks[self.at];
        Err(ScriptError::new(t.line, t.column, message))
    }

    fn bump(&mut self) -> Tok {
        let t = self.toks[self.at].tok.clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }

    fn describe(&self) -> String {
        match self.peek() {
            Tok::Word(w) => format!("`{w}`"),
            Tok::Str(s) => format!("the string \"{s}\""),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::End => "the end of the script".into(),
        }
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Word(v) if v == w)
    }

    fn expect(&mut self, p: &str, what: &str) -> R<()> {
        if self.is_punct(p) {
            self.bump();
            Ok(())
        } else {
            self.err(format!("expected `{p}` {what}, found {}", self.describe()))
        }
    }

    fn word(&mut self, what: &str) -> R<String> {
        match self.peek().clone() {
            Tok::Word(w) => {
                self.bump();
                Ok(w)
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }

    fn number(&mut self, what: &str) -> R<i32> {
        let negative = self.is_punct("-");
        if negative {
            self.bump();
        }
        match self.peek().clone() {
            Tok::Word(w) if w.bytes().all(|b| b.is_ascii_digit()) => {
                let n: i32 = match w.parse() {
                    Ok(n) => n,
                    Err(_) => {
                        return self
                            .err(format!("the number {w} is too large (at most 2147483647)"))
                    }
                };
                self.bump();
                Ok(if negative { -n } else { n })
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }

    fn seat(&mut self) -> R<Seat> {
        match self.peek().clone() {
            Tok::Word(w) => match seat_word(&w) {
                Some(s) => {
                    self.bump();
                    Ok(s)
                }
                None => self.err(format!(
                    "expected a seat (north, east, south or west), found `{w}`"
                )),
            },
            _ => self.err(format!(
                "expected a seat (north, east, south or west), found {}",
                self.describe()
            )),
        }
    }

    fn suit(&mut self) -> R<u8> {
        match self.peek().clone() {
            Tok::Word(w) if suit_word(&w).is_some() => {
                self.bump();
                Ok(suit_word(&w).expect("checked"))
            }
            _ => self.err(format!(
                "expected a suit (spades, hearts, diamonds or clubs), found {}",
                self.describe()
            )),
        }
    }

    fn script_body(&mut self) -> R<()> {
        loop {
            let start = self.here();
            let w = match self.peek().clone() {
                Tok::End => return Ok(()),
                Tok::Word(w) => w,
                _ => {
                    let e = self.expr()?;
                    self.script.condition = Some(e);
                    continue;
                }
            };
            self.statement(w, start)?;
        }
    }

    /// A statement that starts with the word `w`, at `start`: a keyword's,
    /// a variable's definition, or a condition without `condition`.
    fn statement(&mut self, w: String, start: Place) -> R<()> {
        match w.as_str() {
            "generate" => {
                self.bump();
                let n = self.number("a number of deals to generate")?;
                self.script.generate = Some(positive(n, start, "generate")?);
            }
            "produce" => {
                self.bump();
                let n = self.number("a number of deals to produce")?;
                self.script.produce = Some(positive(n, start, "produce")?);
            }
            "dealer" => {
                self.bump();
                self.script.dealer = Some(self.seat()?);
            }
            "vulnerable" => {
                self.bump();
                self.script.vulnerable = Some(self.vulnerability()?);
            }
            "predeal" => {
                self.bump();
                self.predeal()?;
            }
            "pointcount" => {
                self.bump();
                let values = self.count_list()?;
                self.script.pointcount = values;
            }
            "altcount" => {
                self.bump();
                self.altcount(start)?;
            }
            "condition" => {
                self.bump();
                let e = self.expr()?;
                self.script.condition = Some(e);
            }
            "action" => {
                self.bump();
                self.actions()?;
            }
            "evalcontract" => {
                return self.err(
                    "evalcontract is not supported (Debian's dealer does not build it either)",
                )
            }
            _ if !is_reserved(&w)
                && w.as_bytes()[0].is_ascii_alphabetic()
                && matches!(self.peek_at(1), Tok::Punct("=")) =>
            {
                self.variable(w, start)?;
            }
            _ => {
                // dealer: the word `condition` may be left out.
                let e = self.expr()?;
                self.script.condition = Some(e);
            }
        }
        Ok(())
    }

    /// `vulnerable`'s value: none, NS, EW or all, in any case.
    fn vulnerability(&mut self) -> R<Vulnerability> {
        let v = self.word("a vulnerability (none, NS, EW or all)")?;
        Ok(match v.to_ascii_lowercase().as_str() {
            "none" => Vulnerability::None,
            "ns" => Vulnerability::NS,
            "ew" => Vulnerability::EW,
            "all" => Vulnerability::All,
            _ => {
                self.at -= 1;
                return self.err(format!(
                    "expected a vulnerability (none, NS, EW or all), found `{v}`"
                ));
            }
        })
    }

    /// `altcount N values`, the word read (at `start`).
    fn altcount(&mut self, start: Place) -> R<()> {
        let n = self.number("the number (0 to 9) of an alternative count")?;
        if !(0..=9).contains(&n) {
            return Err(ScriptError::at(
                start,
                format!("altcount {n}: the counts are numbered 0 to 9"),
            ));
        }
        let values = self.count_list()?;
        self.script.altcounts[n as usize] = values;
        Ok(())
    }

    /// `w = expression`, at `start`: a variable defined once.
    fn variable(&mut self, w: String, start: Place) -> R<()> {
        self.bump();
        self.bump();
        if self.vars.contains_key(&w) {
            return Err(ScriptError::at(
                start,
                format!("the variable `{w}` is defined twice"),
            ));
        }
        let e = self.expr()?;
        let index = self.script.variables.len() as u32;
        self.script.variables.push((w.clone(), e));
        self.vars.insert(w, index);
        Ok(())
    }

    /// `pointcount`'s and `altcount`'s values, from the ace down (at most
    /// 13; those not given count 0).
    fn count_list(&mut self) -> R<[i32; 13]> {
        let mut values = [0i32; 13];
        let mut k = 0;
        while let Tok::Word(w) = self.peek() {
            if !w.bytes().all(|b| b.is_ascii_digit()) {
                break;
            }
            if k == 13 {
                return self.err("more than 13 values (one a rank, from the ace to the two)");
            }
            values[k] = self.number("a value")?;
            k += 1;
        }
        Ok(values)
    }

    fn predeal(&mut self) -> R<()> {
        loop {
            let seat = self.seat()?;
            loop {
                let place = self.here();
                let h = self.word("a holding such as SAKQ")?;
                let b = h.as_bytes();
                let Some(suit) = suit_letter(b[0]) else {
                    return Err(ScriptError::at(
                        place,
                        format!("`{h}` is not a holding: a suit letter S, H, D or C, then ranks (AKQJT98765432)"),
                    ));
                };
                for &r in &b[1..] {
                    let Some(rank) = rank_index(r) else {
                        return Err(ScriptError::at(
                            place,
                            format!("`{h}`: `{}` is not a rank (AKQJT98765432)", r as char),
                        ));
                    };
                    let card = suit * 13 + rank;
                    let bit = 1u64 << card;
                    if self.script.predeal.iter().any(|h| h & bit != 0) {
                        return Err(ScriptError::at(
                            place,
                            format!("`{h}`: {}{} is predealt twice", r as char, b[0] as char),
                        ));
                    }
                    self.script.predeal[seat.index()] |= bit;
                    if self.script.predeal[seat.index()].count_ones() > 13 {
                        return Err(ScriptError::at(
                            place,
                            format!("more than 13 cards predealt to {}", seat.name()),
                        ));
                    }
                }
                if !self.is_punct(",") {
                    break;
                }
                self.bump();
            }
            match self.peek() {
                Tok::Word(w) if seat_word(w).is_some() => continue,
                _ => return Ok(()),
            }
        }
    }

    fn actions(&mut self) -> R<()> {
        loop {
            self.action()?;
            if !self.is_punct(",") {
                return Ok(());
            }
            self.bump();
            // dealer's quirk: a comma after the last action.
            match self.peek() {
                Tok::Word(w) if ACTIONS.contains(&w.as_str()) => {}
                _ => return Ok(()),
            }
        }
    }

    /// One action of an `action` list.
    fn action(&mut self) -> R<()> {
        let place = self.here();
        let w = match self.peek().clone() {
            Tok::Word(w) => w,
            _ => return self.err(format!("expected an action, found {}", self.describe())),
        };
        if let Some(layout) = Layout::from_name(&w) {
            self.bump();
            // dealer: the value in parentheses, else none (what follows
            // without them is the next statement: `printoneline 0` is
            // printoneline, then the condition 0).
            let value = if layout.takes_value() && self.is_punct("(") {
                self.bump();
                let e = self.expr()?;
                self.expect(")", &format!("to close {w}'s value"))?;
                Some(e)
            } else {
                None
            };
            self.script.actions.push(Action::Layout { layout, value });
            return Ok(());
        }
        let action = match w.as_str() {
            "print" => {
                self.bump();
                Action::Hands(self.print_seats()?)
            }
            "printes" => {
                self.bump();
                Action::PrintEs(self.printes_list()?)
            }
            "average" => {
                self.bump();
                let label = self.opt_string();
                let e = self.expr()?;
                Action::Average {
                    label,
                    expr: e,
                    place,
                }
            }
            "frequency" => {
                self.bump();
                self.frequency(place)?
            }
            "evalcontract" => {
                return self.err(
                    "evalcontract is not supported (Debian's dealer does not build it either)",
                )
            }
            _ => {
                return self.err(format!(
                    "`{w}` is not an action (printall, printew, print, printpbn, printcompact, printoneline, printes, average, frequency)"
                ))
            }
        };
        self.script.actions.push(action);
        Ok(())
    }

    /// `print`'s list of seats, in parentheses: a bit a seat.
    fn print_seats(&mut self) -> R<u8> {
        self.expect("(", "after print")?;
        let mut seats = 0u8;
        loop {
            seats |= 1 << self.seat()?.index();
            if !self.is_punct(",") {
                break;
            }
            self.bump();
        }
        self.expect(")", "to close print's list of seats")?;
        Ok(seats)
    }

    /// `printes`' list of strings, `\n` and expressions, in parentheses.
    fn printes_list(&mut self) -> R<Vec<EsItem>> {
        self.expect("(", "after printes")?;
        let mut items = Vec::new();
        loop {
            match self.peek().clone() {
                Tok::Str(s) => {
                    self.bump();
                    items.push(EsItem::Text(s));
                }
                Tok::Punct("\\n") => {
                    self.bump();
                    items.push(EsItem::Text("\n".into()));
                }
                _ => items.push(EsItem::Value(self.expr()?)),
            }
            if !self.is_punct(",") {
                break;
            }
            self.bump();
        }
        self.expect(")", "to close printes' list")?;
        Ok(items)
    }

    /// `frequency [label] (expr, lo, hi [, expr, lo, hi])`, the word read
    /// (at `place`).
    fn frequency(&mut self, place: Place) -> R<Action> {
        let label = self.opt_string();
        self.expect("(", "after frequency and its label")?;
        let e1 = self.expr()?;
        self.expect(",", "after frequency's expression")?;
        let lo1 = self.number("a lower bound")?;
        self.expect(",", "after the lower bound")?;
        let hi1 = self.number("an upper bound")?;
        let second = if self.is_punct(",") {
            self.bump();
            let e2 = self.expr()?;
            self.expect(",", "after the second expression")?;
            let lo2 = self.number("a lower bound")?;
            self.expect(",", "after the lower bound")?;
            let hi2 = self.number("an upper bound")?;
            Some((e2, lo2, hi2))
        } else {
            None
        };
        self.expect(")", "to close frequency's bounds")?;
        for (lo, hi) in [(lo1, hi1)].into_iter().chain(second.map(|s| (s.1, s.2))) {
            if hi < lo || i64::from(hi) - i64::from(lo) > 10_000 {
                return Err(ScriptError::at(
                    place,
                    format!("frequency bounds {lo} to {hi}: the upper must be at least the lower, and at most 10000 above it"),
                ));
            }
        }
        Ok(Action::Frequency {
            label,
            first: (e1, lo1, hi1),
            second,
            place,
        })
    }

    fn opt_string(&mut self) -> Option<String> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.bump();
                Some(s)
            }
            _ => None,
        }
    }

    fn node(&mut self, node: Node, place: Place) -> NodeId {
        self.script.nodes.push(node);
        self.script.places.push(place);
        (self.script.nodes.len() - 1) as NodeId
    }

    pub(crate) fn expr(&mut self) -> R<NodeId> {
        let place = self.here();
        let c = self.binary(0)?;
        if self.is_punct("?") {
            self.bump();
            let a = self.expr()?;
            self.expect(":", "in `? :`")?;
            let b = self.expr()?;
            return Ok(self.node(Node::Cond(c, a, b), place));
        }
        Ok(c)
    }

    /// Binary operators by level: 0 `||`, 1 `&&`, 2 `== !=`, 3 `< <= > >=`,
    /// 4 `+ -`, 5 `* / %`.
    fn binary(&mut self, level: usize) -> R<NodeId> {
        if level == 6 {
            return self.unary();
        }
        let mut left = self.binary(level + 1)?;
        loop {
            let place = self.here();
            let op = match (level, self.peek()) {
                (0, Tok::Punct("||")) => "||",
                (0, Tok::Word(w)) if w == "or" => "||",
                (1, Tok::Punct("&&")) => "&&",
                (1, Tok::Word(w)) if w == "and" => "&&",
                (2, Tok::Punct(p)) if matches!(*p, "==" | "!=") => p,
                (3, Tok::Punct(p)) if matches!(*p, "<" | "<=" | ">" | ">=") => p,
                (4, Tok::Punct(p)) if matches!(*p, "+" | "-") => p,
                (5, Tok::Punct(p)) if matches!(*p, "*" | "/" | "%") => p,
                _ => return Ok(left),
            };
            self.bump();
            let right = self.binary(level + 1)?;
            let node = match op {
                "||" => Node::Or(left, right),
                "&&" => Node::And(left, right),
                _ => Node::Bin(super::BinOp::from_str(op), left, right),
            };
            left = self.node(node, place);
        }
    }

    fn unary(&mut self) -> R<NodeId> {
        let place = self.here();
        if self.is_punct("!") || self.is_word("not") {
            self.bump();
            let e = self.unary()?;
            return Ok(self.node(Node::Not(e), place));
        }
        if self.is_punct("-") {
            self.bump();
            let e = self.unary()?;
            return Ok(self.node(Node::Neg(e), place));
        }
        self.primary()
    }

    fn primary(&mut self) -> R<NodeId> {
        let place = self.here();
        let w = match self.peek().clone() {
            Tok::Punct("(") => {
                self.bump();
                let e = self.expr()?;
                self.expect(")", "to close `(`")?;
                return Ok(e);
            }
            Tok::Word(w) => w,
            _ => return self.err(format!("expected an expression, found {}", self.describe())),
        };
        if w.as_bytes()[0].is_ascii_digit() {
            let n = self.number("a number")?;
            return Ok(self.node(Node::Num(n), place));
        }
        self.bump();
        let node = self.function(&w, place)?;
        Ok(self.node(node, place))
    }

    /// What the word `w` (read, at `place`) starts: a function's call such
    /// as `hcp(north)` or `shape(...)`, or a variable.
    fn function(&mut self, w: &str, place: Place) -> R<Node> {
        if let Some(suit) = suit_word(w) {
            let seat = self.seat_argument(w)?;
            return Ok(Node::Length { seat, suit });
        }
        if let Some(kind) = count_word(w) {
            let (seat, suit) = self.seat_and_suit(w)?;
            return Ok(Node::Count { kind, seat, suit });
        }
        Ok(match w {
            "loser" | "losers" => {
                let (seat, suit) = self.seat_and_suit(w)?;
                Node::Losers { seat, suit }
            }
            "cccc" => Node::Cccc {
                seat: self.seat_argument("cccc")?,
            },
            "quality" => {
                self.expect("(", "after quality")?;
                let seat = self.seat()?;
                self.expect(",", "between quality's seat and suit")?;
                let suit = self.suit()?;
                self.expect(")", "to close quality(...)")?;
                Node::Quality {
                    seat: seat.index() as u8,
                    suit,
                }
            }
            "shape" => self.shape()?,
            "hascard" => self.hascard()?,
            "tricks" | "trick" => self.tricks()?,
            "score" => self.score()?,
            "imps" | "imp" => Node::Imps(self.expr_argument("imps")?),
            "rnd" => Node::Rnd(self.expr_argument("rnd")?),
            _ => return self.variable_node(w, place),
        })
    }

    /// `(seat)` after the function `name`: the seat's index.
    fn seat_argument(&mut self, name: &str) -> R<u8> {
        self.expect("(", &format!("after {name}"))?;
        let seat = self.seat()?;
        self.expect(")", &format!("to close {name}(...)"))?;
        Ok(seat.index() as u8)
    }

    /// `(expression)` after the function `name`.
    fn expr_argument(&mut self, name: &str) -> R<NodeId> {
        self.expect("(", &format!("after {name}"))?;
        let e = self.expr()?;
        self.expect(")", &format!("to close {name}(...)"))?;
        Ok(e)
    }

    /// `hascard(seat, card)`, the card a rank then a suit (`TC`).
    fn hascard(&mut self) -> R<Node> {
        self.expect("(", "after hascard")?;
        let seat = self.seat()?;
        self.expect(",", "between hascard's seat and card")?;
        let place = self.here();
        let c = self.word("a card such as TC (rank, then suit)")?;
        let b = c.as_bytes();
        let card = match (
            b.len(),
            b.first().and_then(|&r| rank_index(r)),
            b.get(1).and_then(|&s| suit_letter(s)),
        ) {
            (2, Some(r), Some(s)) => s * 13 + r,
            _ => {
                return Err(ScriptError::at(
                    place,
                    format!(
                    "`{c}` is not a card: a rank (AKQJT98765432) then a suit (SHDC), such as TC"
                ),
                ))
            }
        };
        self.expect(")", "to close hascard(...)")?;
        Ok(Node::HasCard {
            seat: seat.index() as u8,
            card,
        })
    }

    /// `tricks(seat, strain)`.
    fn tricks(&mut self) -> R<Node> {
        self.expect("(", "after tricks")?;
        let seat = self.seat()?;
        self.expect(",", "between tricks' seat and strain")?;
        let strain: Strain = match self.peek().clone() {
            Tok::Word(s) if s == "notrump" || s == "notrumps" => {
                self.bump();
                NT
            }
            _ => self.suit()?,
        };
        self.expect(")", "to close tricks(...)")?;
        Ok(Node::Tricks {
            seat: seat.index() as u8,
            strain,
        })
    }

    /// `score(vul|nv, xLS, tricks)`.
    fn score(&mut self) -> R<Node> {
        self.expect("(", "after score")?;
        let vp = self.here();
        let v = self.word("vul or nv")?;
        let vul = match v.as_str() {
            "vul" => Vul(true),
            "nv" => Vul(false),
            _ => {
                return Err(ScriptError::at(
                    vp,
                    format!("expected vul or nv, found `{v}`"),
                ))
            }
        };
        self.expect(",", "after score's vulnerability")?;
        let cp = self.here();
        let c = self.word("a contract such as x3N")?;
        let b = c.as_bytes();
        let (level, strain) = match (b.len(), b.first(), b.get(1), b.get(2)) {
            (3, Some(b'x'), Some(l @ b'1'..=b'7'), Some(s)) => {
                let strain = match s {
                    b'N' => NT,
                    _ => match suit_letter(*s) {
                        Some(s) => s,
                        None => {
                            return Err(ScriptError::at(
                                cp,
                                format!(
                                "`{c}` is not a contract: x, a level 1 to 7, then C, D, H, S or N"
                            ),
                            ))
                        }
                    },
                };
                (l - b'0', strain)
            }
            _ => {
                return Err(ScriptError::at(
                    cp,
                    format!("`{c}` is not a contract: x, a level 1 to 7, then C, D, H, S or N"),
                ))
            }
        };
        self.expect(",", "after score's contract")?;
        let tricks = self.expr()?;
        self.expect(")", "to close score(...)")?;
        Ok(Node::Score {
            vul,
            level,
            strain,
            tricks,
        })
    }

    /// A variable defined before, at `place`; else the error a word that
    /// is none says.
    fn variable_node(&self, w: &str, place: Place) -> R<Node> {
        if let Some(&v) = self.vars.get(w) {
            Ok(Node::Var(v))
        } else if is_reserved(w) {
            Err(ScriptError::at(
                place,
                format!("`{w}` cannot start an expression here"),
            ))
        } else if matches!(self.peek(), Tok::Punct("(")) {
            Err(ScriptError::at(place, format!("unknown function `{w}`")))
        } else {
            Err(ScriptError::at(
                place,
                format!("unknown variable `{w}` (a variable must be defined before it is used)"),
            ))
        }
    }

    /// `(seat)` or `(seat, suit)`.
    fn seat_and_suit(&mut self, name: &str) -> R<(u8, Option<u8>)> {
        self.expect("(", &format!("after {name}"))?;
        let seat = self.seat()?;
        let suit = if self.is_punct(",") {
            self.bump();
            Some(self.suit()?)
        } else {
            None
        };
        self.expect(")", &format!("to close {name}(...)"))?;
        Ok((seat.index() as u8, suit))
    }

    /// `shape(seat, [+|-] [any] DIST {[+|-] [any] DIST})`.
    fn shape(&mut self) -> R<Node> {
        self.expect("(", "after shape")?;
        let seat = self.seat()?;
        self.expect(",", "between shape's seat and shapes")?;
        let mut shape = Shape::default();
        let mut sign = true;
        if self.is_punct("+") || self.is_punct("-") {
            sign = self.is_punct("+");
            self.bump();
        }
        loop {
            let any = self.is_word("any");
            if any {
                self.bump();
            }
            let place = self.here();
            let d = self.word("a shape such as 4333 or 5xxx")?;
            let b = d.as_bytes();
            let ok = b.len() == 4 && b.iter().all(|&c| c.is_ascii_digit() || c == b'x');
            if !ok {
                return Err(ScriptError::at(
                    place,
                    format!("`{d}` is not a shape: four lengths, spades to clubs, each a digit or x (4333, 5xxx)"),
                ));
            }
            let lengths: [Option<u8>; 4] =
                std::array::from_fn(|i| (b[i] != b'x').then(|| b[i] - b'0'));
            let fixed: u32 = lengths.iter().flatten().map(|&l| u32::from(l)).sum();
            let all_fixed = lengths.iter().all(Option::is_some);
            if fixed > 13 || (all_fixed && fixed != 13) {
                return Err(ScriptError::at(
                    place,
                    format!("`{d}` is not a shape of 13 cards"),
                ));
            }
            shape.add(lengths, any, sign);
            // dealer: each shape takes its own sign, `+` when it has none
            // (`any 5422 any 5431` adds both).
            if self.is_punct("+") || self.is_punct("-") {
                sign = self.is_punct("+");
                self.bump();
            } else if matches!(self.peek(), Tok::Word(_)) {
                sign = true;
            } else {
                break;
            }
        }
        self.expect(")", "to close shape(...)")?;
        let index = self.script.shapes.len() as u32;
        self.script.shapes.push(shape);
        Ok(Node::Shape {
            seat: seat.index() as u8,
            shape: index,
        })
    }
}

fn positive(n: i32, place: Place, what: &str) -> R<u64> {
    if n < 0 {
        return Err(ScriptError::at(
            place,
            format!("{what} {n}: a count cannot be negative"),
        ));
    }
    Ok(n as u64)
}
