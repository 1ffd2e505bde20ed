//! The JSON Lines keys for what a played game carries: tags, auction, play,
//! commentary and LIN text.
//!
//! | key | form |
//! |---|---|
//! | `tags` | `{"Event":"Club night","West":"Smith",...}` in file order; a tag with section data is `{"value":"...","rows":[["N","NT","9"],...]}` |
//! | `auction` | `{"first":"N","calls":["1D","1S","Pass","AP"],"annotations":[{"at":0,"note":1,"nags":[3],"irregularity":"I"}],"stopped":true,"notes":["1:text"]}` |
//! | `play` | `{"first":"W","cards":["SK","H3","-","+"],...}`: rows of four from `first`, as in PBN; `annotations`, `stopped`, `notes` as for the auction |
//! | `comments` | `[{"after":"Result","brace":"text"},{"after":"call 2","line":"text"},{"after":"","escape":"text"}]`: `after` is `""` (start of the game), a tag name, `call N`, `card N`, `auction note N` or `play note N` |
//! | `play_values` | the play valued double dummy (`solve`): `{"declarer":"S","strain":"NT","start":9,"cards":[{"seat":"W","card":"SK","tricks":10,"cost":1},...]}`, each card with declarer's tricks after it and the tricks it cost its side |
//! | `lin` | the board's LIN text as read |
//! | `pbn` | the board's PBN text as read (from the end of the game before, line ends and all), which the PBN writer gives back while the board says the same |
//!
//! Calls are `Pass`, `X`, `XX`, `1C`..`7NT`, and PBN's `AP`, `-`, `+`, `^S`;
//! cards `SA`..`C2`, `-` and `+`.

use crate::model::auction::{Annotated, Auction, Call, CallToken, CardToken, Play, Word};
use crate::model::board::{Anchor, CardValue, Comment, Commentary, PlayValues, Tag};
use crate::model::card::{Card, Rank, Strain, Suit};
use crate::model::deal::Seat;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::fmt::Write as _;

/// `tags`: an object read in its order.
#[derive(Default)]
pub(super) struct JsonTags(pub Vec<Tag>);

#[derive(Deserialize)]
#[serde(untagged)]
enum JsonTagValue {
    Plain(String),
    Section {
        value: String,
        #[serde(default)]
        rows: Vec<Vec<String>>,
    },
}

impl<'de> Deserialize<'de> for JsonTags {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<JsonTags, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = JsonTags;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of tag names and values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonTags, A::Error> {
                let mut tags = Vec::new();
                while let Some((name, value)) = map.next_entry::<String, JsonTagValue>()? {
                    tags.push(match value {
                        JsonTagValue::Plain(v) => Tag::new(name, v),
                        JsonTagValue::Section { value, rows } => Tag {
                            name: name.into(),
                            value,
                            rows,
                        },
                    });
                }
                Ok(JsonTags(tags))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JsonAnnotation {
    at: usize,
    note: Option<u8>,
    #[serde(default)]
    nags: Vec<u8>,
    irregularity: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JsonSequence {
    first: String,
    #[serde(alias = "cards")]
    calls: Option<Vec<String>>,
    #[serde(default)]
    annotations: Vec<JsonAnnotation>,
    #[serde(default)]
    stopped: bool,
    #[serde(default)]
    notes: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JsonComment {
    after: String,
    brace: Option<String>,
    line: Option<String>,
    escape: Option<String>,
}

fn seat(s: &str) -> Result<Seat, String> {
    match s.as_bytes() {
        [c] => Seat::from_letter(*c),
        _ => None,
    }
    .ok_or_else(|| format!("{s:?} is not N, E, S or W"))
}

fn call_token(s: &str) -> Result<CallToken, String> {
    Ok(match s {
        "AP" => CallToken::AllPass,
        "-" => CallToken::NotYet,
        "+" => CallToken::Next,
        "^S" => CallToken::Skipped,
        _ => match Call::parse(s) {
            Some(call) => CallToken::Call(call),
            // A word kept as another writer put it (see CallToken::Other).
            None => CallToken::Other(
                Word::new(s.as_bytes()).ok_or_else(|| format!("{s:?} is not a call"))?,
            ),
        },
    })
}

fn card_token(s: &str) -> Result<CardToken, String> {
    Ok(match s.as_bytes() {
        b"-" => CardToken::Unknown,
        b"+" => CardToken::Next,
        [su, r] => CardToken::Card(
            Suit::from_letter(*su)
                .zip(Rank::from_char(*r))
                .map(|(su, r)| Card::new(su, r))
                .ok_or_else(|| format!("{s:?} is not a card"))?,
        ),
        _ => return Err(format!("{s:?} is not a card")),
    })
}

fn annotate<T>(tokens: &mut [Annotated<T>], list: Vec<JsonAnnotation>) -> Result<(), String> {
    for a in list {
        let n = tokens.len();
        let t = tokens
            .get_mut(a.at)
            .ok_or_else(|| format!("annotation at {} but there are {n}", a.at))?;
        t.note = a.note;
        t.nags = a.nags;
        t.nags.sort_unstable();
        t.irregularity = match a.irregularity.as_deref() {
            None => None,
            Some(s @ ("I" | "R" | "L")) => Some(s.as_bytes()[0]),
            Some(s) => return Err(format!("irregularity {s:?} is not I, R or L")),
        };
    }
    Ok(())
}

pub(super) fn auction_from_json(j: JsonSequence) -> Result<Auction, String> {
    let mut a = Auction::new(seat(&j.first)?);
    for c in j.calls.unwrap_or_default() {
        a.calls.push(Annotated::plain(call_token(&c)?));
    }
    annotate(&mut a.calls, j.annotations)?;
    a.stopped = j.stopped;
    a.notes = j.notes;
    Ok(a)
}

pub(super) fn play_from_json(j: JsonSequence) -> Result<Play, String> {
    let mut p = Play::new(seat(&j.first)?);
    for c in j.calls.unwrap_or_default() {
        p.cards.push(Annotated::plain(card_token(&c)?));
    }
    annotate(&mut p.cards, j.annotations)?;
    p.stopped = j.stopped;
    p.notes = j.notes;
    Ok(p)
}

fn anchor_from_text(s: &str) -> Result<Anchor, String> {
    let number = |rest: &str| {
        rest.parse::<usize>()
            .map_err(|_| format!("comment after {s:?}: not a number"))
    };
    Ok(if s.is_empty() {
        Anchor::Start
    } else if let Some(r) = s.strip_prefix("call ") {
        Anchor::Call(number(r)?)
    } else if let Some(r) = s.strip_prefix("card ") {
        Anchor::Card(number(r)?)
    } else if let Some(r) = s.strip_prefix("auction note ") {
        Anchor::AuctionNote(number(r)?)
    } else if let Some(r) = s.strip_prefix("play note ") {
        Anchor::PlayNote(number(r)?)
    } else {
        Anchor::Tag(s.to_string())
    })
}

fn anchor_text(a: &Anchor) -> String {
    match a {
        Anchor::Start => String::new(),
        Anchor::Tag(t) => t.clone(),
        Anchor::Call(i) => format!("call {i}"),
        Anchor::Card(i) => format!("card {i}"),
        Anchor::AuctionNote(i) => format!("auction note {i}"),
        Anchor::PlayNote(i) => format!("play note {i}"),
    }
}

pub(super) fn comment_from_json(j: JsonComment) -> Result<Commentary, String> {
    let comment = match (j.brace, j.line, j.escape) {
        (Some(t), None, None) => Comment::Brace(t),
        (None, Some(t), None) => Comment::Line(t),
        (None, None, Some(t)) => Comment::Escape(t),
        _ => return Err("a comment needs one of brace, line or escape".into()),
    };
    Ok(Commentary {
        after: anchor_from_text(&j.after)?,
        comment,
    })
}

/// `play_values` as read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JsonPlayValues {
    declarer: String,
    strain: String,
    start: u8,
    cards: Vec<JsonCardValue>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonCardValue {
    seat: String,
    card: String,
    tricks: u8,
    cost: u8,
}

pub(super) fn play_values_from_json(j: JsonPlayValues) -> Result<PlayValues, String> {
    let tricks = |t: u8, what: &str| {
        if t <= 13 {
            Ok(t)
        } else {
            Err(format!("{what} {t} is more than 13 tricks"))
        }
    };
    let strain = Strain::from_name(&j.strain)
        .ok_or_else(|| format!("strain {:?} is not C, D, H, S or NT", j.strain))?;
    let mut cards = Vec::with_capacity(j.cards.len());
    for (i, c) in j.cards.into_iter().enumerate() {
        let at = |e: String| format!("card {}: {e}", i + 1);
        let CardToken::Card(card) = card_token(&c.card).map_err(at)? else {
            return Err(at(format!("{:?} is not a card", c.card)));
        };
        cards.push(CardValue {
            seat: seat(&c.seat).map_err(at)?,
            card,
            tricks: tricks(c.tricks, "tricks").map_err(at)?,
            cost: tricks(c.cost, "cost").map_err(at)?,
        });
    }
    if cards.len() > 52 {
        return Err(format!("{} cards valued, more than 52", cards.len()));
    }
    Ok(PlayValues {
        declarer: seat(&j.declarer)?,
        strain,
        start: tricks(j.start, "start")?,
        cards,
    })
}

/// The play values as JSON Lines writes them (`play_values`): `declarer`,
/// `strain`, `start`, and `cards`, an object a card with `seat`, `card`
/// (`SA`), `tricks` and `cost`. The Python package's `Board.play_values()`
/// gives its cards.
///
/// ```
/// use boardfile_bridge::formats::jsonl::game::play_values_json;
/// use boardfile_bridge::{Card, CardValue, PlayValues, Rank, Seat, Strain, Suit};
/// let v = PlayValues {
///     declarer: Seat::South,
///     strain: Strain::Hearts,
///     start: 9,
///     cards: vec![CardValue { seat: Seat::West, card: Card::new(Suit::Spades, Rank::Nine), tricks: 10, cost: 1 }],
/// };
/// assert_eq!(
///     play_values_json(&v),
///     r#"{"declarer":"S","strain":"H","start":9,"cards":[{"seat":"W","card":"S9","tricks":10,"cost":1}]}"#
/// );
/// ```
pub fn play_values_json(v: &PlayValues) -> String {
    let mut out = format!(
        "{{\"declarer\":\"{}\",\"strain\":\"{}\",\"start\":{},\"cards\":[",
        v.declarer.letter(),
        v.strain.name(),
        v.start
    );
    for (i, c) in v.cards.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"seat\":\"{}\",\"card\":\"{}\",\"tricks\":{},\"cost\":{}}}",
            c.seat.letter(),
            c.card,
            c.tricks,
            c.cost
        );
    }
    out.push_str("]}");
    out
}

fn json(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// Appends `,"tags":{...}` and the other keys of this module for a board.
pub(super) fn push_game(b: &crate::model::board::Board, out: &mut Vec<u8>) {
    if !b.tags.is_empty() {
        out.extend_from_slice(b",\"tags\":{");
        for (i, t) in b.tags.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(json(&t.name).as_bytes());
            out.push(b':');
            if t.rows.is_empty() {
                out.extend_from_slice(json(&t.value).as_bytes());
            } else {
                out.extend_from_slice(
                    format!(
                        "{{\"value\":{},\"rows\":{}}}",
                        json(&t.value),
                        serde_json::to_string(&t.rows).unwrap_or_default()
                    )
                    .as_bytes(),
                );
            }
        }
        out.push(b'}');
    }
    if let Some(a) = &b.auction {
        let calls: Vec<String> = a
            .calls
            .iter()
            .map(|c| match c.token {
                CallToken::Call(call) => call.to_string(),
                CallToken::AllPass => "AP".into(),
                CallToken::NotYet => "-".into(),
                CallToken::Next => "+".into(),
                CallToken::Skipped => "^S".into(),
                CallToken::Other(w) => w.to_string(),
            })
            .collect();
        push_sequence(
            out, "auction", "calls", a.first, &calls, &a.calls, a.stopped, &a.notes,
        );
    }
    if let Some(p) = &b.play {
        let cards: Vec<String> = p.cards.iter().map(|c| c.token.to_string()).collect();
        push_sequence(
            out, "play", "cards", p.first, &cards, &p.cards, p.stopped, &p.notes,
        );
    }
    if let Some(v) = &b.play_values {
        out.extend_from_slice(b",\"play_values\":");
        out.extend_from_slice(play_values_json(v).as_bytes());
    }
    if !b.comments.is_empty() {
        let items: Vec<String> = b
            .comments
            .iter()
            .map(|c| {
                let (kind, text) = match &c.comment {
                    Comment::Brace(t) => ("brace", t),
                    Comment::Line(t) => ("line", t),
                    Comment::Escape(t) => ("escape", t),
                };
                format!(
                    "{{\"after\":{},\"{kind}\":{}}}",
                    json(&anchor_text(&c.after)),
                    json(text)
                )
            })
            .collect();
        out.extend_from_slice(format!(",\"comments\":[{}]", items.join(",")).as_bytes());
    }
    if let Some(l) = &b.lin {
        out.extend_from_slice(b",\"lin\":");
        out.extend_from_slice(json(&l.0).as_bytes());
    }
    if let Some(p) = &b.pbn {
        out.extend_from_slice(b",\"pbn\":");
        out.extend_from_slice(json(&p.0).as_bytes());
    }
}

#[allow(clippy::too_many_arguments)]
fn push_sequence<T>(
    out: &mut Vec<u8>,
    key: &str,
    items_key: &str,
    first: Seat,
    items: &[String],
    tokens: &[Annotated<T>],
    stopped: bool,
    notes: &[String],
) {
    let annotations: Vec<String> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.note.is_some() || !t.nags.is_empty() || t.irregularity.is_some())
        .map(|(i, t)| {
            let mut s = format!("{{\"at\":{i}");
            if let Some(n) = t.note {
                s.push_str(&format!(",\"note\":{n}"));
            }
            if !t.nags.is_empty() {
                s.push_str(&format!(",\"nags\":{:?}", t.nags));
            }
            if let Some(c) = t.irregularity {
                s.push_str(&format!(",\"irregularity\":\"{}\"", c as char));
            }
            s.push('}');
            s
        })
        .collect();
    out.extend_from_slice(
        format!(
            ",\"{key}\":{{\"first\":\"{}\",\"{items_key}\":{}",
            first.letter(),
            serde_json::to_string(items).unwrap_or_default()
        )
        .as_bytes(),
    );
    if !annotations.is_empty() {
        out.extend_from_slice(format!(",\"annotations\":[{}]", annotations.join(",")).as_bytes());
    }
    if stopped {
        out.extend_from_slice(b",\"stopped\":true");
    }
    if !notes.is_empty() {
        out.extend_from_slice(
            format!(
                ",\"notes\":{}",
                serde_json::to_string(notes).unwrap_or_default()
            )
            .as_bytes(),
        );
    }
    out.push(b'}');
}
