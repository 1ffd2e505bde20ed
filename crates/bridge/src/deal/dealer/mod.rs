//! Constrained dealing in Hans van Staveren's `dealer` language.
//!
//! A script names the deals wanted; [`Generator`] deals at random (ChaCha20
//! keyed by a [`Seed`](crate::deal::seeded::Seed)), keeps the deals whose
//! condition holds, and streams them as boards (a [`BoardReader`](crate::codec::stream::BoardReader)), so any
//! writer takes them. The actions `average` and `frequency` are gathered
//! into a [`Report`] over the deals produced. The print actions render each
//! deal in dealer's own text [`Layout`]s when the caller asks for it
//! ([`Generator::enable_printout`]); `print(seats)`' pages come with the
//! report at the end.
//!
//! ```
//! use boardfile_bridge::deal::dealer::{Generator, Script};
//! use boardfile_bridge::deal::seeded::Seed;
//! use boardfile_bridge::{BoardReader, Diagnostics, Seat};
//! let script = Script::parse("hcp(north) >= 20 and shape(north, any 4333)").unwrap();
//! let mut gen = Generator::new(&script, &Seed::parse("1").unwrap(), 1, 3, 1, None);
//! while let Some(board) = gen.next_board(&mut Diagnostics::strict()).unwrap() {
//!     assert!(board.deal.hand(Seat::North).len() == 13);
//! }
//! assert_eq!(gen.produced(), 3);
//! ```
//!
//! # Grammar
//!
//! Comments: a line whose first non-blank character is `#`, `//` to the end
//! of the line, `/* ... */` anywhere. Keywords are lower case; suit words
//! and `hcp`, `control`, `loser`, `jack` ... take a plural form too.
//!
//! ```text
//! script    := { statement }
//! statement := "generate" NUMBER | "produce" NUMBER
//!            | "dealer" SEAT | "vulnerable" ("none" | "NS" | "EW" | "all")
//!            | "predeal" { SEAT HOLDING { "," HOLDING } }      (HOLDING: SAKQ, H2, D)
//!            | "pointcount" { NUMBER } | "altcount" DIGIT { NUMBER }
//!            | IDENT "=" expr | ["condition"] expr | "action" actions
//! actions   := action { "," action } [","]                    (a trailing comma: dealer's quirk)
//! action    := "printall" | "printew" | "printpbn" | "print" "(" SEAT {"," SEAT} ")"
//!            | ("printcompact" | "printoneline") ["(" expr ")"]
//!            | "printes" "(" (STRING | expr | "\n") {"," ...} ")"
//!            | "average" [STRING] expr
//!            | "frequency" [STRING] "(" expr "," NUM "," NUM ["," expr "," NUM "," NUM] ")"
//! expr      := or ["?" expr ":" expr]
//! or        := and {("||" | "or") and}       and := eq {("&&" | "and") eq}
//! eq        := rel {("==" | "!=") rel}       rel := sum {("<" | "<=" | ">" | ">=") sum}
//! sum       := prod {("+" | "-") prod}       prod := unary {("*" | "/" | "%") unary}
//! unary     := ("!" | "not" | "-") unary | primary
//! primary   := NUMBER | IDENT | "(" expr ")"
//!            | SUIT "(" SEAT ")"                                  length
//!            | ("hcp" | "pt0".."pt9" | "tens" | "jacks" | "queens" | "kings" | "aces"
//!               | "top2" | "top3" | "top4" | "top5" | "c13" | "control" | "loser")
//!              "(" SEAT ["," SUIT] ")"
//!            | "shape" "(" SEAT "," ["+"|"-"] ["any"] DIST {["+"|"-"] ["any"] DIST} ")"
//!            | "hascard" "(" SEAT "," CARD ")"                      (CARD: TC, 2D)
//!            | "cccc" "(" SEAT ")" | "quality" "(" SEAT "," SUIT ")"
//!            | "tricks" "(" SEAT "," (SUIT | "notrump") ")"
//!            | "score" "(" ("vul" | "nv") "," CONTRACT "," expr ")"  (CONTRACT: x3N, x4S)
//!            | "imps" "(" expr ")" | "rnd" "(" expr ")"
//! ```
//!
//! Arithmetic is on 32-bit integers and wraps as dealer's C does; `/` and
//! `%` truncate toward zero. A shape list is read left to right, each `+`
//! adding its shapes and each `-` taking them away; a shape without a sign
//! is added, as dealer reads it (`any 5422 + any 5431 any 5440` is the
//! three). Variables must be defined before use and once; each is
//! computed at most once a deal, and `and`, `or` and `? :` evaluate only
//! the side they need.
//!
//! # Semantics worth knowing
//!
//! - `hcp` counts 4-3-2-1 unless `pointcount` says otherwise; `pt0`..`pt9`
//!   (also `tens`, `jacks`, `queens`, `kings`, `aces`, `top2`..`top5`,
//!   `c13`) count as dealer's defaults unless `altcount` changes them.
//! - `control`: ace 2, king 1. `loser` a suit: void 0; singleton 0 if the
//!   ace, else 1; doubleton AK 0, A or K with another 1, else 2; three or
//!   more: 3 less one for each of the ace, king and queen.
//! - `cccc` and `quality`: Kaplan and Rubens' evaluation (The Bridge World,
//!   October 1982) times 100, as dealer computes it.
//! - `tricks` is double dummy, solved here (dealer runs GIB's program for
//!   it); it is slow: use it on rare conditions.
//! - `score(vul, x3N, t)` is declarer's score for making `t` tricks, undoubled;
//!   `imps(d)` the IMPs for a difference `d`, with its sign.
//! - `rnd(n)` is a number from 0 to n-1, drawn from a generator keyed by
//!   the seed and the deal's number (so a seed gives the same deals).
//! - A division or remainder by zero gives 0 (dealer crashes) and is named
//!   by [`Generator::divisions_by_zero`].
//! - `generate` defaults to 10,000,000 and `produce` to 40 (dealer's
//!   defaults when it prints); the caller may override both.
//! - `printcompact` and `printoneline` take a value only in parentheses, as
//!   dealer does: `printoneline (hcp(north))`; in `printoneline
//!   hcp(north)` the `hcp(north)` is the next statement, a condition.
//!   `printes` prints its strings as written (a `\n` inside quotes is a
//!   backslash and an n; the bare `\n` ends a line). `print(seats)` prints
//!   its pages at the end, the seats in the order N, E, S, W. Each layout
//!   is in [`Layout`]; board numbers are the boards' own (from 1, as
//!   dealer's, unless the caller numbers them from elsewhere).
//! - A script without an action prints each deal with `printall` in
//!   dealer; here the caller chooses ([`Script::or_printall`]), since the
//!   deals may go to a file instead.
//!
//! # Not supported
//!
//! - `evalcontract` (not built in Debian's dealer either) and dealer's
//!   `predeal` of suit lengths (`spades(north)==1` as a predeal): refused
//!   with their position.
//! - What dealer prints at the end of a run (`Generated ... hands` and
//!   the like) is the caller's to say.
//! - A `#` comment after code on a line is accepted (dealer refuses it) and
//!   named in [`Script::notes`].

mod eval;
mod generate;
mod lex;
mod parse;
mod print;
mod report;

pub use eval::Evaluator;
pub use generate::{Counters, Generator};
pub use print::{write_hands, Layout, PrintoutTags};
pub use report::{Report, Statistic};

use crate::model::board::Vulnerability;
use crate::model::deal::Seat;
use std::fmt;

/// A script error: where (line and column from 1, the column counted in
/// characters) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl ScriptError {
    pub(crate) fn new(line: u32, column: u32, message: impl Into<String>) -> ScriptError {
        ScriptError {
            line,
            column,
            message: message.into(),
        }
    }

    pub(crate) fn at(place: Place, message: impl Into<String>) -> ScriptError {
        ScriptError::new(place.line, place.column, message)
    }

    /// The byte offset (from 0) of its line and column in `text`, the
    /// script it was found in (lines end at `\n`; the column counts
    /// characters).
    ///
    /// ```
    /// use boardfile_bridge::deal::dealer::Script;
    /// let text = "produce 4\ncondition hcp(north) >> 3\n";
    /// let e = Script::parse(text).unwrap_err();
    /// assert_eq!((e.line, e.column), (2, 23));
    /// assert_eq!(e.byte_in(text), 32);
    /// assert_eq!(&text[32..33], ">");
    /// ```
    pub fn byte_in(&self, text: &str) -> u64 {
        let mut byte = 0;
        for (i, line) in text.split('\n').enumerate() {
            if i + 1 == self.line as usize {
                let within: usize = line
                    .chars()
                    .take(self.column.saturating_sub(1) as usize)
                    .map(char::len_utf8)
                    .sum();
                return (byte + within) as u64;
            }
            byte += line.len() + 1;
        }
        text.len() as u64
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ScriptError {}

/// Where a construct starts in the script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    pub line: u32,
    pub column: u32,
}

pub(crate) type NodeId = u32;
/// 0 spades .. 3 clubs, 4 notrump.
pub(crate) type Strain = u8;
pub(crate) const NT: Strain = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Vul(pub bool);

/// The counts that add a value a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CountKind {
    /// `hcp`, by `pointcount`.
    Hcp,
    /// `control`: ace 2, king 1.
    Controls,
    /// `pt0`..`pt9`, by `altcount`.
    Alt(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    fn from_str(op: &str) -> BinOp {
        match op {
            "==" => BinOp::Eq,
            "!=" => BinOp::Ne,
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            ">=" => BinOp::Ge,
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            _ => BinOp::Rem,
        }
    }
}

/// An expression node; children are indexes into [`Script::nodes`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Num(i32),
    Var(u32),
    Length {
        seat: u8,
        suit: u8,
    },
    Count {
        kind: CountKind,
        seat: u8,
        suit: Option<u8>,
    },
    Losers {
        seat: u8,
        suit: Option<u8>,
    },
    Shape {
        seat: u8,
        shape: u32,
    },
    HasCard {
        seat: u8,
        card: u8,
    },
    Cccc {
        seat: u8,
    },
    Quality {
        seat: u8,
        suit: u8,
    },
    Tricks {
        seat: u8,
        strain: Strain,
    },
    Score {
        vul: Vul,
        level: u8,
        strain: Strain,
        tricks: NodeId,
    },
    Imps(NodeId),
    Rnd(NodeId),
    Neg(NodeId),
    Not(NodeId),
    Bin(BinOp, NodeId, NodeId),
    And(NodeId, NodeId),
    Or(NodeId, NodeId),
    Cond(NodeId, NodeId, NodeId),
}

/// A set of shapes: one bit for each (spades, hearts, diamonds) length
/// triple, clubs making 13.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shape(pub [u64; 43]);

impl Default for Shape {
    fn default() -> Shape {
        Shape([0; 43])
    }
}

impl Shape {
    pub(crate) fn index(s: u32, h: u32, d: u32) -> usize {
        (s * 196 + h * 14 + d) as usize
    }

    pub(crate) fn contains(&self, s: u32, h: u32, d: u32) -> bool {
        let i = Shape::index(s, h, d);
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Adds (or with `sign` false, takes away) the shapes matching
    /// `lengths` (None: any length), in that suit order or, with `any`, in
    /// every order.
    fn add(&mut self, lengths: [Option<u8>; 4], any: bool, sign: bool) {
        for s in 0..=13u32 {
            for h in 0..=13 - s {
                for d in 0..=13 - s - h {
                    let c = 13 - s - h - d;
                    let shape = [s, h, d, c];
                    let fits = |order: &[usize; 4]| {
                        (0..4).all(|k| lengths[k].is_none_or(|l| u32::from(l) == shape[order[k]]))
                    };
                    let hit = if any {
                        PERMUTATIONS.iter().any(fits)
                    } else {
                        fits(&[0, 1, 2, 3])
                    };
                    if hit {
                        let i = Shape::index(s, h, d);
                        if sign {
                            self.0[i >> 6] |= 1 << (i & 63);
                        } else {
                            self.0[i >> 6] &= !(1 << (i & 63));
                        }
                    }
                }
            }
        }
    }
}

const PERMUTATIONS: [[usize; 4]; 24] = {
    let mut out = [[0usize; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c && a + b + c <= 6 && 6 - a - b - c < 4 {
                    let d = 6 - a - b - c;
                    if d != a && d != b && d != c {
                        out[n] = [a, b, c, d];
                        n += 1;
                    }
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// One action of the script.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Action {
    /// A layout each deal produced is printed in, with the value
    /// `printcompact` and `printoneline` print after it.
    Layout {
        layout: Layout,
        value: Option<NodeId>,
    },
    /// `printes`: its strings and values, printed for each deal.
    PrintEs(Vec<EsItem>),
    /// `print(seats)`: the seats' hands (a bit a seat, North's the lowest),
    /// on pages after the run.
    Hands(u8),
    Average {
        label: Option<String>,
        expr: NodeId,
        place: Place,
    },
    Frequency {
        label: Option<String>,
        first: (NodeId, i32, i32),
        second: Option<(NodeId, i32, i32)>,
        place: Place,
    },
}

/// One item of `printes`: a string as written (`\n` is one), or a value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum EsItem {
    Text(String),
    Value(NodeId),
}

/// A parsed script: declarations, variables, the condition and actions.
#[derive(Debug, Clone)]
pub struct Script {
    pub(crate) nodes: Vec<Node>,
    pub(crate) places: Vec<Place>,
    pub(crate) variables: Vec<(String, NodeId)>,
    pub(crate) shapes: Vec<Shape>,
    pub(crate) condition: Option<NodeId>,
    pub(crate) actions: Vec<Action>,
    pub(crate) pointcount: [i32; 13],
    pub(crate) altcounts: [[i32; 13]; 10],
    /// Cards predealt to N, E, S, W (bit per card as in [`Hand`](crate::model::hand::Hand)).
    pub(crate) predeal: [u64; 4],
    /// `generate N`.
    pub generate: Option<u64>,
    /// `produce N`.
    pub produce: Option<u64>,
    /// `dealer SEAT`.
    pub dealer: Option<Seat>,
    /// `vulnerable ...`.
    pub vulnerable: Option<Vulnerability>,
    /// What the script does that dealer would read differently (each with
    /// its place), for the caller to show as warnings.
    pub notes: Vec<ScriptError>,
}

/// dealer's defaults for `pt0`..`pt9`, from the ace down.
const ALT_DEFAULTS: [[i32; 13]; 10] = {
    let mut t = [[0i32; 13]; 10];
    t[0][4] = 1; // tens
    t[1][3] = 1; // jacks
    t[2][2] = 1; // queens
    t[3][1] = 1; // kings
    t[4][0] = 1; // aces
    let mut k = 0;
    while k < 5 {
        if k < 2 {
            t[5][k] = 1; // top2
        }
        if k < 3 {
            t[6][k] = 1;
        }
        if k < 4 {
            t[7][k] = 1;
        }
        t[8][k] = 1;
        k += 1;
    }
    t[9][0] = 6; // c13
    t[9][1] = 4;
    t[9][2] = 2;
    t[9][3] = 1;
    t
};

impl Script {
    fn empty() -> Script {
        let mut pointcount = [0; 13];
        pointcount[..4].copy_from_slice(&[4, 3, 2, 1]);
        Script {
            nodes: Vec::new(),
            places: Vec::new(),
            variables: Vec::new(),
            shapes: Vec::new(),
            condition: None,
            actions: Vec::new(),
            pointcount,
            altcounts: ALT_DEFAULTS,
            predeal: [0; 4],
            generate: None,
            produce: None,
            dealer: None,
            vulnerable: None,
            notes: Vec::new(),
        }
    }

    /// Parses a script (a whole file, or a bare condition such as
    /// `hcp(north) >= 20`).
    pub fn parse(text: &str) -> Result<Script, ScriptError> {
        let script = parse::parse(text)?;
        #[cfg(not(feature = "dd"))]
        if script.uses_tricks() {
            // The first line that names it.
            let (line, column) = text
                .lines()
                .enumerate()
                .find_map(|(i, l)| l.find("trick").map(|c| (i as u32 + 1, c as u32 + 1)))
                .unwrap_or((1, 1));
            return Err(ScriptError::new(
                line,
                column,
                "tricks() needs the double-dummy solver, which this build leaves out (the crate feature dd)",
            ));
        }
        Ok(script)
    }

    /// Whether the script has a condition (without one every deal is kept).
    pub fn has_condition(&self) -> bool {
        self.condition.is_some()
    }

    /// The cards predealt to `seat`.
    pub fn predealt(&self, seat: Seat) -> crate::model::hand::Hand {
        crate::model::hand::Hand::from_bits(self.predeal[seat.index()])
            .unwrap_or(crate::model::hand::Hand::EMPTY)
    }

    /// Whether the script asks for `average` or `frequency`.
    pub fn has_statistics(&self) -> bool {
        self.actions
            .iter()
            .any(|a| matches!(a, Action::Average { .. } | Action::Frequency { .. }))
    }

    /// Whether the script has a print action (`printall`, `printew`,
    /// `printpbn`, `printcompact`, `printoneline`, `printes`, `print`).
    pub fn prints(&self) -> bool {
        self.actions.iter().any(|a| {
            matches!(
                a,
                Action::Layout { .. } | Action::PrintEs(_) | Action::Hands(_)
            )
        })
    }

    /// Whether the script has an `action` at all.
    pub fn has_actions(&self) -> bool {
        !self.actions.is_empty()
    }

    /// The script as dealer runs it when the deals are only printed: one
    /// without an action prints each deal with `printall`.
    ///
    /// ```
    /// use boardfile_bridge::deal::dealer::Script;
    /// let script = Script::parse("hcp(north) >= 20").unwrap();
    /// assert!(!script.prints());
    /// assert!(script.or_printall().prints());
    /// ```
    pub fn or_printall(mut self) -> Script {
        if self.actions.is_empty() {
            self.actions.push(Action::Layout {
                layout: Layout::All,
                value: None,
            });
        }
        self
    }

    /// Whether the condition or an action uses `tricks` (double dummy, slow).
    pub fn uses_tricks(&self) -> bool {
        self.nodes.iter().any(|n| matches!(n, Node::Tricks { .. }))
    }
}

#[cfg(test)]
mod tests;
