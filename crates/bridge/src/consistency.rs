//! Whether a board agrees with itself: the auction with the rules of
//! bidding, the play with the deal and the contract (each card its
//! player's, suit followed, the opening lead declarer's left-hand
//! opponent's),
//! the `Contract` and `Declarer` tags with the auction, the `Result` tag
//! with the tricks the play shows, the `Score` tag with duplicate scoring
//! of the contract, result and vulnerability, and PBN's marks of
//! irregularity (`^I`, `^R`, `^L`, an irregular declarer `^S`) with what
//! they mark. A file can be read whole and still say two things that
//! cannot both be true: the PBN, LIN and JSON Lines readers warn of each,
//! at the board's place, and keep the board as it is.
//!
//! Only what the board gives is checked: a hand not known, a call or card
//! not known (`-`, `+`, a word) stops nothing but the checks it would
//! decide. The PBN verifier suite's `errors_10.pbn` is the oracle
//! (`tests/wild.rs`), and for scores the Score tags BBA, BBO Helper and
//! BridgeComposer worked out.

use crate::model::auction::{Call, CallToken, CardToken};
use crate::model::board::Board;
use crate::model::deal::Seat;
use boardfile_io::{Diagnostics, FormatName, Position};

/// Warns of each of [`problems`], `board N: ...`, at the board's place.
pub(crate) fn warn(format: impl Into<FormatName>, b: &Board, at: Position, diag: &mut Diagnostics) {
    if b.auction.is_none() && b.play.is_none() && b.tag("Result").is_none() {
        return;
    }
    let format = format.into();
    for p in problems(b) {
        diag.warn(format, Some(at), format!("board {}: {p}", b.number));
    }
}

/// What of board `b` contradicts the rest of it, one sentence each.
///
/// ```
/// use boardfile_bridge::consistency::problems;
/// use boardfile_bridge::{Auction, Board, Deal, Seat};
/// let mut board = Board::new(1, Deal::default());
/// assert!(problems(&board).is_empty());
/// board.auction = Some(Box::new(Auction::new(Seat::East)));
/// assert_eq!(problems(&board), ["auction: it starts with East, but North deals"]);
/// ```
pub fn problems(b: &Board) -> Vec<String> {
    let mut out = Vec::new();
    let contract = b.auction.as_ref().and_then(|a| a.contract());
    auction(b, &mut out);
    play(b, contract, &mut out);
    tags(b, contract, &mut out);
    result(b, contract, &mut out);
    score(b, contract, &mut out);
    out
}

/// The contract: the auction's (given), else the `Contract` and
/// `Declarer` tags' ([`Board::tagged_contract`]).
fn contract_of(
    b: &Board,
    auction: Option<crate::model::auction::Contract>,
) -> Option<crate::model::auction::Contract> {
    auction.or_else(|| b.tagged_contract())
}

/// The auction started by the dealer, each bid higher than the last, a
/// double of the other side's bid, a redouble of the other side's double,
/// nothing after the auction's end, `^I` only on a bid not higher than the
/// last.
fn auction(b: &Board, out: &mut Vec<String>) {
    let Some(a) = &b.auction else { return };
    if a.first != b.dealer && !b.inferred.contains(crate::model::board::Inferred::DEALER) {
        out.push(format!(
            "auction: it starts with {}, but {} deals",
            a.first.name(),
            b.dealer.name()
        ));
    }
    // The last bid (by rank), and the last call other than a pass.
    let mut last_bid: Option<usize> = None;
    let mut last_call: Option<(Seat, Call)> = None;
    let mut passes = 0;
    let mut seat = a.first;
    for (i, c) in a.calls.iter().enumerate() {
        let call = match c.token {
            CallToken::Call(call) => call,
            // A seat skipped by a call out of rotation.
            CallToken::Skipped => {
                seat = seat.next(1);
                continue;
            }
            // A call not known (`-` inside an auction, a word) could be
            // any: nothing after it is decided.
            CallToken::NotYet | CallToken::Other(_) | CallToken::Next | CallToken::AllPass => {
                return
            }
        };
        let n = i + 1;
        let over = match last_bid {
            Some(_) => passes >= 3,
            None => passes >= 4,
        };
        if over {
            out.push(format!(
                "auction: call {n} ({call}) comes after the auction ended"
            ));
            return;
        }
        let side = |s: Seat| s.index() % 2;
        let problem = match (call, c.irregularity) {
            (Call::Bid { level, strain }, Some(b'I')) => {
                let sufficient = last_bid.is_none_or(|last| bid_rank(level, strain) > last);
                sufficient.then(|| match last_bid {
                    Some(last) => format!(
                        "is marked insufficient (^I) but is higher than the bid before ({})",
                        bid_text(last)
                    ),
                    None => "is marked insufficient (^I) but is the first bid".to_string(),
                })
            }
            (_, Some(_)) => None,
            (Call::Bid { level, strain }, None) => last_bid
                .filter(|&last| bid_rank(level, strain) <= last)
                .map(|last| format!("is not higher than the bid before ({})", bid_text(last))),
            (Call::Double, None) => {
                let fine =
                    matches!(last_call, Some((s, Call::Bid { .. })) if side(s) != side(seat));
                (!fine).then(|| "doubles no bid of the other side".to_string())
            }
            (Call::Redouble, None) => {
                let fine = matches!(last_call, Some((s, Call::Double)) if side(s) != side(seat));
                (!fine).then(|| "redoubles no double of the other side".to_string())
            }
            (Call::Pass, None) => None,
        };
        if let Some(p) = problem {
            out.push(format!("auction: call {n} ({call}) {p}"));
        }
        match call {
            Call::Pass => passes += 1,
            Call::Bid { level, strain } => {
                passes = 0;
                last_bid = Some(bid_rank(level, strain));
                last_call = Some((seat, call));
            }
            _ => {
                passes = 0;
                last_call = Some((seat, call));
            }
        }
        seat = seat.next(1);
    }
}

/// A bid's place among the 35: 1C 0 up to 7NT 34.
fn bid_rank(level: u8, strain: crate::model::card::Strain) -> usize {
    usize::from(level.clamp(1, 7) - 1) * 5 + strain as usize
}

/// The bid of rank `rank` (see [`bid_rank`]).
fn bid_text(rank: usize) -> String {
    let strain = crate::model::card::Strain::ALL[rank % 5];
    Call::Bid {
        level: (rank / 5 + 1) as u8,
        strain,
    }
    .to_string()
}

/// Each card played by a hand that holds it, and once; suit followed
/// where it can be, or the card marked a revoke (`^R`), and only then.
fn play(b: &Board, contract: Option<crate::model::auction::Contract>, out: &mut Vec<String>) {
    let Some(p) = &b.play else { return };
    // The Play tag names who is to lead the first trick: declarer's
    // left-hand opponent. Also accepted: the hand that led out of turn,
    // its card marked ^L in the first column; with an irregular declarer
    // (`^N`: declarer and dummy swapped), the left-hand opponent of either.
    // Not checked in an end position (PBN 2.1 3.10: the Play tag names who
    // is on lead there).
    let played = p
        .cards
        .iter()
        .any(|c| matches!(c.token, CardToken::Card(_)));
    let end_position = Seat::ALL
        .iter()
        .any(|&s| (1..13).contains(&b.deal.hand(s).len()));
    let leaders = leaders(b, contract);
    if let (true, false, Some(&(declarer, leader))) = (played, end_position, leaders.first()) {
        let out_of_turn = p
            .cards
            .first()
            .is_some_and(|c| c.irregularity == Some(b'L'));
        if !leaders.iter().any(|&(_, l)| l == p.first) && !out_of_turn {
            out.push(format!(
                "play: the Play tag has {} lead, but {} declares, so {} leads (a lead out of turn is marked ^L)",
                p.first.name(),
                declarer.name(),
                leader.name()
            ));
        }
    }
    if b.deal.is_complete() {
        revokes(b, p, contract, out);
    }
    // The cards played so far, a bit each.
    let mut seen = crate::model::hand::Hand::default();
    for (i, c) in p.cards.iter().enumerate() {
        let CardToken::Card(card) = c.token else {
            continue;
        };
        let (trick, seat) = (i / 4 + 1, p.first.next(i % 4));
        if !seen.insert(card) {
            out.push(format!(
                "play: trick {trick}: {card} is played a second time"
            ));
            continue;
        }
        let hand = b.deal.hand(seat);
        if !hand.is_empty() && !hand.contains(card) {
            let whose = match b.deal.holder(card) {
                Some(h) => format!(" ({} holds it)", h.name()),
                None => String::new(),
            };
            out.push(format!(
                "play: trick {trick}: {} plays {card}, which {} does not hold{whose}",
                seat.name(),
                seat.name()
            ));
        }
    }
}

/// Who may declare, each with the hand that leads: the one the Declarer
/// tag marks irregular (`^N`), then the contract's.
fn leaders(b: &Board, contract: Option<crate::model::auction::Contract>) -> Vec<(Seat, Seat)> {
    let irregular = b
        .tag("Declarer")
        .and_then(|d| d.strip_prefix('^'))
        .and_then(|d| Seat::from_letter(*d.as_bytes().first()?));
    let by_contract = match contract_of(b, contract) {
        Some(crate::model::auction::Contract::Bid { declarer, .. }) => Some(declarer),
        _ => None,
    };
    irregular
        .into_iter()
        .chain(by_contract)
        .map(|d| (d, d.next(1)))
        .collect()
}

/// Revokes, trick by trick in the order played: the tricks after the
/// first need the contract (the auction's, else the tags') to tell who
/// led them.
fn revokes(
    b: &Board,
    p: &crate::model::auction::Play,
    contract: Option<crate::model::auction::Contract>,
    out: &mut Vec<String>,
) {
    let contract = contract_of(b, contract);
    let trump = contract.map(crate::model::auction::Contract::trump);
    let mut hands = b.deal.hands();
    // Who is to lead the first trick: the hand the Play tag names, unless
    // that is a hand that led out of turn (`^L`) and not one who may lead:
    // then declarer's left-hand opponent.
    let leaders = leaders(b, contract);
    let led_out_of_turn = p.cards.iter().take(4).any(|c| c.irregularity == Some(b'L'));
    let mut leader = match leaders.first() {
        Some(&(_, l)) if led_out_of_turn && !leaders.iter().any(|&(_, x)| x == p.first) => l,
        _ => p.first,
    };
    for (t, row) in p.cards.chunks(4).enumerate() {
        let trick = t + 1;
        // A lead out of turn (`^L`): that hand led the trick.
        let column = |seat: Seat| (seat.index() + 4 - p.first.index()) % 4;
        let out_of_turn = Seat::ALL.into_iter().find(|&s| {
            row.get(column(s))
                .is_some_and(|a| a.irregularity == Some(b'L'))
        });
        match out_of_turn {
            Some(s) if s == leader => out.push(format!(
                "play: trick {trick}: {}'s card is marked a lead out of turn (^L), but {} is to lead",
                s.name(),
                s.name()
            )),
            Some(s) => leader = s,
            None => {}
        }
        let mut led = None;
        let mut played = [None; 4];
        for (k, slot) in played.iter_mut().enumerate() {
            let seat = leader.next(k);
            let Some(a) = row.get(column(seat)) else {
                break;
            };
            let CardToken::Card(card) = a.token else {
                break;
            };
            let hand = &mut hands[seat.index()];
            let marked = a.irregularity == Some(b'R');
            match led {
                None => {
                    led = Some(card.suit());
                    if marked {
                        out.push(format!(
                            "play: trick {trick}: {}'s lead {card} is marked a revoke (^R)",
                            seat.name()
                        ));
                    }
                }
                // A card the hand does not hold (said apart) is no revoke.
                Some(_) if !hand.contains(card) => {}
                Some(suit) => {
                    let revoke = card.suit() != suit && hand.suit_len(suit) > 0;
                    if revoke && !marked {
                        out.push(format!(
                            "play: trick {trick}: {} plays {card} on a {} lead while holding {}: a revoke not marked ^R",
                            seat.name(),
                            suit_name(suit),
                            suit_name(suit)
                        ));
                    } else if marked && !revoke {
                        out.push(format!(
                            "play: trick {trick}: {}'s {card} is marked a revoke (^R) but is none",
                            seat.name()
                        ));
                    }
                }
            }
            hand.remove(card);
            *slot = Some(card);
        }
        match (trump, played) {
            (Some(trump), [Some(a), Some(b), Some(c), Some(d)]) => {
                leader = crate::model::auction::trick_winner(leader, &[a, b, c, d], trump)
            }
            _ => break,
        }
    }
}

fn suit_name(s: crate::model::card::Suit) -> &'static str {
    match s {
        crate::model::card::Suit::Spades => "spades",
        crate::model::card::Suit::Hearts => "hearts",
        crate::model::card::Suit::Diamonds => "diamonds",
        crate::model::card::Suit::Clubs => "clubs",
    }
}

/// `Contract` and `Declarer` as the finished auction has them.
fn tags(b: &Board, contract: Option<crate::model::auction::Contract>, out: &mut Vec<String>) {
    let Some(contract) = contract else {
        return;
    };
    let said = |name: &str| {
        b.tag(name)
            .filter(|v| !matches!(*v, "?" | "#") && !v.starts_with("##"))
    };
    if let Some(v) = said("Contract") {
        let ends = contract.pbn();
        let declarer = match contract {
            crate::model::auction::Contract::Bid { declarer, .. } => Some(declarer),
            crate::model::auction::Contract::PassedOut => None,
        };
        let same = crate::model::auction::Contract::parse(v, declarer) == Some(contract)
            || (v.is_empty() && contract == crate::model::auction::Contract::PassedOut);
        if !same {
            out.push(format!(
                "the Contract tag says {v:?} but the auction ends in {ends}"
            ));
        }
    }
    if let (Some(v), crate::model::auction::Contract::Bid { declarer, .. }) =
        (said("Declarer"), contract)
    {
        let letter = declarer.letter().to_string();
        // `^N`: an irregular declarer, North, who is not the one the
        // auction gives.
        if let Some(irregular) = v.strip_prefix('^') {
            if irregular == letter {
                out.push(format!(
                    "the Declarer tag marks {v:?} an irregular declarer, but the auction makes {} declarer",
                    declarer.name()
                ));
            }
        } else if v != letter {
            out.push(format!(
                "the Declarer tag says {v:?} but the auction makes {} declarer",
                declarer.name()
            ));
        }
    }
}

/// The `Result` tag's tricks: declarer's (`9`), or a side's (`NS 9`, `EW 4`,
/// both in either order), as PBN 2.1 (3.4.15) gives them.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tricks {
    declarer: Option<u32>,
    ns: Option<u32>,
    ew: Option<u32>,
}

impl Tricks {
    /// Every count given.
    fn all(&self) -> impl Iterator<Item = u32> {
        [self.declarer, self.ns, self.ew].into_iter().flatten()
    }
}

fn parse_result(v: &str) -> Option<Tricks> {
    let n = |t: &str| t.parse::<u32>().ok().filter(|&n| n <= 13);
    let words: Vec<&str> = v.split_whitespace().collect();
    let mut t = Tricks::default();
    if let [d] = words[..] {
        t.declarer = Some(n(d)?);
        return Some(t);
    }
    if !matches!(words.len(), 2 | 4) {
        return None;
    }
    for pair in words.chunks(2) {
        let slot = match pair[0] {
            "NS" if t.ns.is_none() => &mut t.ns,
            "EW" if t.ew.is_none() => &mut t.ew,
            _ => return None,
        };
        *slot = Some(n(pair[1])?);
    }
    Some(t)
}

/// The tricks declarer's side takes in all by the `Result` tag, a final
/// result (as a claim, LIN's `mc|`, gives one for a play that stops short
/// of 52 cards): declarer's count, or their side's in the `NS`/`EW` forms (13 less the other
/// side's when only that is given). `None` when the tag gives no such
/// count, when it is marked `^`, when the contract is not known, or when
/// the play goes on (`+`): its Result is then a partial one, the tricks won
/// of those played (PBN 2.1 3.4.15), or the final one (as in game 25 of
/// the PBN verifier's `correct_20.pbn`), and a claim would be a guess. A
/// play that stops short without `*` or `+` is taken as claimed, though
/// 3.4.15 calls its Result partial: real files mean it so (over a thousand
/// short plays in the files other programs wrote (the test data's `wild/`) pad with `-` and no `*`).
pub(crate) fn final_tricks(
    b: &Board,
    contract: Option<crate::model::auction::Contract>,
) -> Option<u32> {
    if b.play.as_ref().is_some_and(|p| {
        p.cards
            .iter()
            .any(|c| c.token == crate::model::auction::CardToken::Next)
    }) {
        return None;
    }
    let t = parse_result(b.tag("Result")?)?;
    if let Some(n) = t.declarer {
        return Some(n);
    }
    let crate::model::auction::Contract::Bid { declarer, .. } = contract_of(b, contract)? else {
        return None;
    };
    let (mine, theirs) = if declarer.index() % 2 == 0 {
        (t.ns, t.ew)
    } else {
        (t.ew, t.ns)
    };
    match (mine, theirs) {
        (Some(n), Some(m)) if n + m == 13 => Some(n),
        (Some(_), Some(_)) => None,
        (Some(n), None) => Some(n),
        (None, m) => m.map(|m| 13 - m),
    }
}

/// The `Result` tag against the play: with all 13 tricks played, the
/// tricks declarer's side won; with fewer (a claim, or a partial result),
/// at least those won so far and at most those and the tricks left. A
/// passed-out board has an empty one (or 0). A play with an irregularity
/// mark is not counted. A result marked `^` (one the players
/// agreed on though the play says otherwise) is not checked, nor one PBN
/// does not define.
fn result(b: &Board, contract: Option<crate::model::auction::Contract>, out: &mut Vec<String>) {
    let Some(v) = b
        .tag("Result")
        .filter(|v| !v.is_empty() && !matches!(*v, "?" | "-" | "#") && !v.starts_with(['#', '^']))
    else {
        return;
    };
    let Some(t) = parse_result(v) else { return };
    let declarer = match contract_of(b, contract) {
        // BEN writes 0: no trick was won by anyone.
        Some(crate::model::auction::Contract::PassedOut) if t.all().all(|n| n == 0) => return,
        Some(crate::model::auction::Contract::PassedOut) => {
            out.push(format!(
                "the board is passed out, but the Result tag says {v:?} (a passed-out board's is empty)"
            ));
            return;
        }
        Some(crate::model::auction::Contract::Bid { declarer, .. }) => Some(declarer),
        None => None,
    };
    let ended = b
        .play
        .as_ref()
        .is_none_or(|p| p.stopped || p.cards.len() >= 52);
    if let (Some(ns), Some(ew)) = (t.ns, t.ew) {
        if ns + ew > 13 || (ended && ns + ew != 13) {
            out.push(format!(
                "the Result tag says {v:?}: {} tricks, not 13",
                ns + ew
            ));
            return;
        }
    }
    let (Some(p), Some(declarer)) = (&b.play, declarer) else {
        return;
    };
    // A lead out of turn (^L) or a revoke (^R) changes who leads or wins
    // what the cards alone say (penalty tricks): not counted here.
    if p.cards.iter().any(|c| c.irregularity.is_some()) {
        return;
    }
    let trump = contract_of(b, contract).and_then(crate::model::auction::Contract::trump);
    let played = p.chronological(trump).len() / 4;
    // More than 13 tricks: a card played twice, said apart.
    if played > 13 {
        return;
    }
    let (ns_won, ew_won) = p.tricks_won(trump);
    let left = 13 - played as u32;
    let ns_side = declarer.index() % 2 == 0;
    let claims = [
        (
            t.declarer.or(if ns_side { t.ns } else { t.ew }),
            if ns_side { ns_won } else { ew_won },
            "declarer's side",
        ),
        (
            if ns_side { t.ew } else { t.ns },
            if ns_side { ew_won } else { ns_won },
            "the defenders",
        ),
    ];
    for (said, won, who) in claims {
        let Some(said) = said else { continue };
        if said < won || said > won + left {
            let when = match (left, played) {
                (0, _) => format!("{who} won {won} of the 13 tricks played"),
                (_, 1) => format!(
                    "{who} won {won} of the 1 trick played, so end with {won} to {}",
                    won + left
                ),
                _ => format!(
                    "{who} won {won} of the {played} tricks played, so end with {won} to {}",
                    won + left
                ),
            };
            out.push(format!("the Result tag says {v:?}, but {when}"));
            return;
        }
    }
}

/// The `Score` tag (PBN 2.1 4.2.1) against the contract, the vulnerability
/// and the final result, by duplicate scoring (Law 77): declarer's score,
/// or a side's (`NS 620`, `EW -620`, both). Not checked: a scoring the
/// tag names that scores otherwise (rubber, Chicago, Cavendish, OldMP,
/// instant tables), a play with an irregularity mark or that goes on
/// (`+`), a result or declarer marked `^`, a vulnerability the file does
/// not give, a board with commentary (which may explain a score that
/// deviates, as 4.2.1 allows), a score of another shape.
fn score(b: &Board, contract: Option<crate::model::auction::Contract>, out: &mut Vec<String>) {
    let Some(v) = b.tag("Score").filter(|v| !v.trim().is_empty()) else {
        return;
    };
    let other_scoring = b.tag("Scoring").is_some_and(|s| {
        s.split(';').any(|f| {
            ["Rubber", "Chicago", "Cavendish", "OldMP", "Instant"]
                .iter()
                .any(|x| f.trim().trim_start_matches('#').eq_ignore_ascii_case(x))
        })
    });
    let irregular = b
        .play
        .as_ref()
        .is_some_and(|p| p.cards.iter().any(|c| c.irregularity.is_some()))
        || b.tag("Declarer").is_some_and(|d| d.starts_with('^'));
    // A vulnerability worked out from the board number is not the board's
    // word; a score explained in commentary may deviate (4.2.1).
    let guessed = b
        .inferred
        .contains(crate::model::board::Inferred::VULNERABILITY);
    if other_scoring || irregular || guessed || !b.comments.is_empty() {
        return;
    }
    let Some(contract) = contract_of(b, contract) else {
        return;
    };
    let (declarer_ns, tricks) = match contract {
        crate::model::auction::Contract::PassedOut => (true, 0),
        crate::model::auction::Contract::Bid { declarer, .. } => {
            let Some(t) = final_tricks(b, Some(contract)) else {
                return;
            };
            (declarer.index() % 2 == 0, t)
        }
    };
    let vulnerable = match b.vulnerability {
        crate::model::board::Vulnerability::All => true,
        crate::model::board::Vulnerability::NS => declarer_ns,
        crate::model::board::Vulnerability::EW => !declarer_ns,
        crate::model::board::Vulnerability::None => false,
    };
    let declarers = contract.score(tricks as i32, vulnerable);
    let ns = if declarer_ns { declarers } else { -declarers };
    // The tag's score for North-South: declarer's alone, or by side.
    let said = match v.trim().parse::<i32>() {
        // i32::MIN has no opposite: not a score a board scores, not read.
        Ok(n) => {
            if declarer_ns {
                Some(n)
            } else {
                n.checked_neg()
            }
        }
        Err(_) => match side_score(v) {
            Ok(n) => Some(n),
            Err(SideScoreError::NotOpposite) => {
                out.push(format!(
                    "the Score tag says {v:?}: the two sides' scores are not opposite"
                ));
                return;
            }
            Err(SideScoreError::Shape(_)) => None,
        },
    };
    let Some(said) = said else { return };
    if said != ns {
        let how = match contract {
            crate::model::auction::Contract::PassedOut => "a passed-out board scores 0".to_string(),
            crate::model::auction::Contract::Bid { declarer, .. } => format!(
                "{} by {} with {tricks} trick{}, {}vulnerable, scores {}",
                contract.pbn(),
                declarer.name(),
                if tricks == 1 { "" } else { "s" },
                if vulnerable { "" } else { "not " },
                if ns < 0 {
                    format!("EW {}", -ns)
                } else {
                    format!("NS {ns}")
                }
            ),
        };
        out.push(format!("the Score tag says {v:?}, but {how}"));
    }
}

/// Why a side's score (`NS 420`, `EW -420`, `NS 420 EW -420`) did not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SideScoreError {
    /// Both sides are given, and their scores are not opposite: a
    /// contradiction of the value's own.
    NotOpposite,
    /// Another shape: what is wrong with it.
    Shape(String),
}

/// Reads a score given by side, as `OptimumScore` (PBN 2.1 4.3) and `Score`
/// (4.2.1) give it: `NS 420`, `EW -420`, or both sides in either order
/// (`NS 420 EW -420`). The score from North-South's side; `NS` and `EW`
/// are read in either case.
pub(crate) fn side_score(value: &str) -> Result<i32, SideScoreError> {
    let shape = |why: String| SideScoreError::Shape(why);
    let mut array = [""; 5];
    let mut n = 0;
    for w in value.split_whitespace().take(5) {
        array[n] = w;
        n += 1;
    }
    let number = |w: &str| {
        w.parse::<i64>()
            .map_err(|_| shape(format!("{w:?} is not a score")))
    };
    // Wider than the score: `EW 2147483648` is North-South's -2147483648,
    // and `EW -2147483648` a score an i32 does not hold.
    let side = |w: &str| {
        if w.eq_ignore_ascii_case("NS") {
            Ok(true)
        } else if w.eq_ignore_ascii_case("EW") {
            Ok(false)
        } else {
            Err(shape(format!("{w:?} is not NS or EW")))
        }
    };
    let ns = |w: &str, n: &str| {
        let n = if side(w)? { 1 } else { -1 } * i128::from(number(n)?);
        i32::try_from(n).map_err(|_| shape(format!("{n} is out of range")))
    };
    match array[..n] {
        [s, n] => ns(s, n),
        [s1, n1, s2, n2] => {
            if side(s1)? == side(s2)? {
                return Err(shape(format!("{s1:?} and {s2:?} are the same side")));
            }
            let (a, b) = (ns(s1, n1)?, ns(s2, n2)?);
            if a != b {
                return Err(SideScoreError::NotOpposite);
            }
            Ok(a)
        }
        _ => Err(shape("it is not \"NS score\", \"EW score\" or both".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::Format;
    use crate::records::read;

    /// The problems of the one board of a PBN text.
    fn of(pbn: &str) -> Vec<String> {
        problems(&read(Format::Pbn, pbn.as_bytes()).unwrap().set.boards[0])
    }

    const DEAL: &str =
        "[Deal \"N:Q87.AKQ95.953.64 K965.T8.AJ74.753 J.76432.QT8.QT92 AT432.J.K62.AKJ8\"]\n";

    #[test]
    fn a_board_that_agrees_has_none() {
        // The deal is from North: North Q87.AKQ95.953.64, East
        // K965.T8.AJ74.753, South J.76432.QT8.QT92, West AT432.J.K62.AKJ8.
        // North 1H, South 4S, all pass: South declares, West leads the
        // CA, and North, East and South follow with a club each.
        let text = format!(
            "[Board \"1\"]\n[Dealer \"N\"]\n{DEAL}[Declarer \"S\"]\n[Contract \"4S\"]\n\
             [Auction \"N\"]\n1H Pass 4S Pass\nPass Pass\n[Play \"W\"]\nCA C4 C3 C2\n*\n"
        );
        assert_eq!(of(&text), Vec::<String>::new());
    }

    #[test]
    fn each_contradiction_is_named() {
        // East's 1C is lower than 1H; West redoubles with no double; North
        // plays West's SA; West plays the CA again; the auction ends in 4S
        // by North (the first of the side to name spades), so East, not
        // West, leads.
        let text = format!(
            "[Board \"1\"]\n[Dealer \"N\"]\n{DEAL}[Declarer \"S\"]\n[Contract \"3S\"]\n\
             [Auction \"N\"]\n1H 1C Pass XX\n4S Pass Pass Pass\n\
             [Play \"W\"]\nCA SA C3 C2\nCA - - -\n*\n"
        );
        assert_eq!(
            of(&text),
            [
                "auction: call 2 (1C) is not higher than the bid before (1H)",
                "auction: call 4 (XX) redoubles no double of the other side",
                "play: the Play tag has West lead, but North declares, so East leads (a lead out of turn is marked ^L)",
                "play: trick 1: North plays SA, which North does not hold (West holds it)",
                "play: trick 2: CA is played a second time",
                "the Contract tag says \"3S\" but the auction ends in 4S",
                "the Declarer tag says \"S\" but the auction makes North declarer",
            ]
            .map(String::from)
        );
    }

    #[test]
    fn the_opening_lead_is_declarers_left_hand_opponents() {
        // 4S by South: West leads. North leading is a contradiction,
        // unless the card is marked a lead out of turn, or the Declarer tag
        // marks North an irregular declarer (then East leads).
        let board = |declarer: &str, leader: &str, play: &str| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n{DEAL}[Declarer \"{declarer}\"]\n[Contract \"4S\"]\n\
                 [Auction \"N\"]\n1H Pass 4S Pass\nPass Pass\n[Play \"{leader}\"]\n{play}\n*\n"
            )
        };
        assert_eq!(of(&board("S", "W", "CA C4 C3 C2")), Vec::<String>::new());
        assert_eq!(
            of(&board("S", "N", "H5 H8 H2 HJ")),
            ["play: the Play tag has North lead, but South declares, so West leads (a lead out of turn is marked ^L)"]
        );
        assert_eq!(of(&board("S", "N", "^L H5 H8 H2 HJ")), Vec::<String>::new());
        assert_eq!(of(&board("^N", "E", "D4 D8 DK D3")), Vec::<String>::new());
        // No card yet (BBA's `[Play "E"]` and `*` on a board not played).
        assert_eq!(of(&board("S", "E", "")), Vec::<String>::new());
        // Declarer and dummy swapped after East's lead out of turn (3.9
        // (D) and (E)): `^N` declares, the Play tag names West, the one who
        // was to lead, and East's card in its column is marked ^L.
        assert_eq!(
            of(&board("^N", "W", "CA C4 ^L C3 C2")),
            Vec::<String>::new()
        );
        // An end position (3.10): the Play tag names who is on lead there.
        let end = "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:Q.A.9.6 K.T.A.7 J.7.Q.Q AT.J.K.A\"]\n\
                   [Declarer \"S\"]\n[Contract \"4S\"]\n[Play \"N\"]\nHA HT H7 HJ\n*\n";
        assert!(
            of(end).iter().all(|p| !p.contains("Play tag")),
            "{:?}",
            of(end)
        );
    }

    #[test]
    fn the_result_is_held_to_the_tricks_played() {
        // 4S by South; West's CA wins the first trick (no spade is played
        // on it), then the claim: North-South can end with 0 to 12
        // tricks, East-West with 1 to 13, and the two make 13.
        let board = |result: &str| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n{DEAL}[Declarer \"S\"]\n[Contract \"4S\"]\n\
                 [Result \"{result}\"]\n[Auction \"N\"]\n1H Pass 4S Pass\nPass Pass\n\
                 [Play \"W\"]\nCA C4 C3 C2\n*\n"
            )
        };
        for fine in ["12", "0", "NS 5 EW 8", "EW 13", "^13"] {
            assert_eq!(of(&board(fine)), Vec::<String>::new(), "{fine}");
        }
        assert_eq!(
            of(&board("13")),
            ["the Result tag says \"13\", but declarer's side won 0 of the 1 trick played, so end with 0 to 12"]
        );
        assert_eq!(
            of(&board("EW 0")),
            ["the Result tag says \"EW 0\", but the defenders won 1 of the 1 trick played, so end with 1 to 13"]
        );
        assert_eq!(
            of(&board("NS 5 EW 7")),
            ["the Result tag says \"NS 5 EW 7\": 12 tricks, not 13"]
        );
        // A 14th trick (a card played twice, said as such) or a lead out
        // of turn (^L: who won what is not the cards' alone): not counted.
        let odd = |play: &str| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n{DEAL}[Declarer \"S\"]\n[Contract \"4S\"]\n\
                 [Result \"13\"]\n[Auction \"N\"]\n1H Pass 4S Pass\nPass Pass\n\
                 [Play \"W\"]\n{play}*\n"
            )
        };
        let fourteen = "CA C4 C3 C2\n".repeat(14);
        assert!(of(&odd(&fourteen)).iter().all(|p| !p.contains("Result")));
        assert_eq!(
            of(&odd("CA C4 C3 C2\nSA ^L - - -\n"))
                .iter()
                .filter(|p| p.contains("Result"))
                .count(),
            0
        );
        // Passed out: nothing, or BEN's 0.
        let passed = |result: &str| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n{DEAL}[Contract \"Pass\"]\n\
                 [Result \"{result}\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n"
            )
        };
        assert_eq!(of(&passed("")), Vec::<String>::new());
        assert_eq!(of(&passed("0")), Vec::<String>::new());
        assert_eq!(of(&passed("NS 0 EW 0")), Vec::<String>::new());
        assert_eq!(of(&passed("a word")), Vec::<String>::new());
        assert_eq!(
            of(&passed("9")),
            ["the board is passed out, but the Result tag says \"9\" (a passed-out board's is empty)"]
        );
    }

    #[test]
    fn the_score_is_held_to_contract_result_and_vulnerability() {
        // 4S by South, ten tricks (the claim after one trick), board 1:
        // nobody vulnerable, so 420 to North-South (Law 77: 4 x 30 + 300
        // + 50); doubled, 590 (240 + 300 + 50 for the insult); with East-West
        // vulnerable, the same.
        let board = |contract: &str, vul: &str, scoring: &str, score: &str| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"{vul}\"]\n{DEAL}[Scoring \"{scoring}\"]\n\
                 [Declarer \"S\"]\n[Contract \"{contract}\"]\n[Result \"10\"]\n[Score \"{score}\"]\n\
                 [Play \"W\"]\nCA C4 C3 C2\n*\n"
            )
        };
        for (contract, vul, score) in [
            ("4S", "None", "NS 420"),
            ("4S", "None", "420"),
            ("4S", "None", "EW -420"),
            ("4S", "None", "EW -420 NS 420"),
            ("4S", "EW", "NS 420"),
            ("4S", "NS", "NS 620"),
            ("4SX", "None", "NS 590"),
            ("4SXX", "All", "NS 1080"),
        ] {
            assert_eq!(
                of(&board(contract, vul, "IMP", score)),
                Vec::<String>::new(),
                "{contract} {vul} {score}"
            );
        }
        assert_eq!(
            of(&board("4S", "NS", "MP", "NS 420")),
            ["the Score tag says \"NS 420\", but 4S by South with 10 tricks, vulnerable, scores NS 620"]
        );
        assert_eq!(
            of(&board("4S", "None", "", "EW 420")),
            ["the Score tag says \"EW 420\", but 4S by South with 10 tricks, not vulnerable, scores NS 420"]
        );
        assert_eq!(
            of(&board("4S", "None", "", "NS 420 EW 420")),
            ["the Score tag says \"NS 420 EW 420\": the two sides' scores are not opposite"]
        );
        // Not checked: a vulnerability the file does not give (worked out
        // from the board number), and a board with commentary, which may
        // explain an adjusted score.
        let no_vul = board("4S", "None", "", "NS 620").replace("[Vulnerable \"None\"]\n", "");
        assert_eq!(of(&no_vul), Vec::<String>::new());
        let explained = board("4S", "None", "", "NS 620") + "{Adjusted: 620 to North-South.}\n";
        assert_eq!(of(&explained), Vec::<String>::new());
        // Rubber scoring scores otherwise (no part-score bonus, honours):
        // not checked; nor a score of another shape.
        assert_eq!(
            of(&board("4S", "None", "Rubber", "NS 120")),
            Vec::<String>::new()
        );
        assert_eq!(
            of(&board("4S", "None", "", "about 420")),
            Vec::<String>::new()
        );
        // The same side twice is another shape; the sides in either case.
        assert_eq!(
            of(&board("4S", "None", "", "NS 620 NS 620")),
            Vec::<String>::new()
        );
        assert_eq!(
            of(&board("4S", "None", "", "ns 620")),
            ["the Score tag says \"ns 620\", but 4S by South with 10 tricks, not vulnerable, scores NS 420"]
        );
        // West declares (North leads, West wins the first trick with the
        // CA): a bare number is West's score, 420, so EW 420; one with no
        // opposite is not read.
        let west = |score: &str| {
            board("4S", "None", "", score)
                .replace("[Declarer \"S\"]", "[Declarer \"W\"]")
                .replace("[Play \"W\"]\nCA C4 C3 C2", "[Play \"N\"]\nC4 C3 C2 CA")
        };
        assert_eq!(of(&west("420")), Vec::<String>::new());
        assert_eq!(of(&west("EW 420")), Vec::<String>::new());
        assert_eq!(
            of(&west("-420")),
            ["the Score tag says \"-420\", but 4S by West with 10 tricks, not vulnerable, scores EW 420"]
        );
        assert_eq!(of(&west("-2147483648")), Vec::<String>::new());
    }
}
