//! Whether a board agrees with itself: the auction with the rules of
//! bidding, the play with the deal (each card its player's, suit followed),
//! the `Contract` and `Declarer` tags with the auction, and PBN's marks of
//! irregularity (`^I`, `^R`, `^L`, an irregular declarer `^S`) with what
//! they mark. A file can be read whole and still say two things that
//! cannot both be true: the PBN, LIN and JSON Lines readers warn of each,
//! at the board's place, and keep the board as it is.
//!
//! Only what the board gives is checked: a hand not known, a call or card
//! not known (`-`, `+`, a word) stops nothing but the checks it would
//! decide. The PBN verifier suite's `errors_10.pbn` is the oracle
//! (`tests/wild.rs`).

use crate::auction::{Call, CallToken, CardToken};
use crate::board::Board;
use crate::deal::Seat;
use crate::Format;
use boardfile_io::{Diagnostics, Position};

/// Warns of each of [`problems`], `board N: ...`, at the board's place.
pub(crate) fn warn(format: Format, b: &Board, at: Position, diag: &mut Diagnostics) {
    if b.auction.is_none() && b.play.is_none() {
        return;
    }
    for p in problems(b) {
        diag.warn(format, Some(at), format!("board {}: {p}", b.number));
    }
}

/// What of board `b` contradicts the rest of it, one sentence each.
pub fn problems(b: &Board) -> Vec<String> {
    let mut out = Vec::new();
    let contract = b.auction.as_ref().and_then(|a| a.contract());
    auction(b, &mut out);
    play(b, contract, &mut out);
    tags(b, contract, &mut out);
    out
}

/// The auction started by the dealer, each bid higher than the last, a
/// double of the other side's bid, a redouble of the other side's double,
/// nothing after the auction's end, `^I` only on a bid not higher than the
/// last.
fn auction(b: &Board, out: &mut Vec<String>) {
    let Some(a) = &b.auction else { return };
    if a.first != b.dealer && !b.inferred.contains(crate::board::Inferred::DEALER) {
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
fn bid_rank(level: u8, strain: crate::Strain) -> usize {
    usize::from(level.clamp(1, 7) - 1) * 5 + strain as usize
}

/// The bid of rank `rank` (see [`bid_rank`]).
fn bid_text(rank: usize) -> String {
    let strain = crate::Strain::ALL[rank % 5];
    Call::Bid {
        level: (rank / 5 + 1) as u8,
        strain,
    }
    .to_string()
}

/// Each card played by a hand that holds it, and once; suit followed
/// where it can be, or the card marked a revoke (`^R`), and only then.
fn play(b: &Board, contract: Option<crate::Contract>, out: &mut Vec<String>) {
    let Some(p) = &b.play else { return };
    if b.deal.is_complete() {
        revokes(b, p, contract, out);
    }
    // The cards played so far, a bit each.
    let mut seen = crate::Hand::default();
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

/// Revokes, trick by trick in the order played: the tricks after the
/// first need the contract (the auction's, else the tags') to tell who
/// led them.
fn revokes(b: &Board, p: &crate::Play, contract: Option<crate::Contract>, out: &mut Vec<String>) {
    let contract = contract.or_else(|| {
        let declarer = b
            .tag("Declarer")
            .and_then(|d| Seat::from_letter(*d.as_bytes().first()?));
        crate::Contract::parse(b.tag("Contract")?, declarer)
    });
    let trump = contract.map(crate::Contract::trump);
    let mut hands = b.deal.hands();
    let mut leader = p.first;
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
                leader = crate::auction::trick_winner(leader, &[a, b, c, d], trump)
            }
            _ => break,
        }
    }
}

fn suit_name(s: crate::Suit) -> &'static str {
    match s {
        crate::Suit::Spades => "spades",
        crate::Suit::Hearts => "hearts",
        crate::Suit::Diamonds => "diamonds",
        crate::Suit::Clubs => "clubs",
    }
}

/// `Contract` and `Declarer` as the finished auction has them.
fn tags(b: &Board, contract: Option<crate::Contract>, out: &mut Vec<String>) {
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
            crate::Contract::Bid { declarer, .. } => Some(declarer),
            crate::Contract::PassedOut => None,
        };
        let same = crate::Contract::parse(v, declarer) == Some(contract)
            || (v.is_empty() && contract == crate::Contract::PassedOut);
        if !same {
            out.push(format!(
                "the Contract tag says {v:?} but the auction ends in {ends}"
            ));
        }
    }
    if let (Some(v), crate::Contract::Bid { declarer, .. }) = (said("Declarer"), contract) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read, Format};

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
        // by North (the first of the side to name spades).
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
                "play: trick 1: North plays SA, which North does not hold (West holds it)",
                "play: trick 2: CA is played a second time",
                "the Contract tag says \"3S\" but the auction ends in 4S",
                "the Declarer tag says \"S\" but the auction makes North declarer",
            ]
            .map(String::from)
        );
    }
}
