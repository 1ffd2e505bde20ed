//! Scripts on hand-built deals, every expected value worked out by hand.

use super::*;
use crate::model::deal::Deal;

/// North: ♠AKQ2 ♥KJ5 ♦Q84 ♣A32 (4333; HCP 4+3+2 +3+1 +2 +4 = 19;
/// controls A2 K1 + K1 + A2 = 6; losers ♠ AKQx 0, ♥ KJx 2, ♦ Qxx 2,
/// ♣ Axx 2 = 6).
/// East: ♠JT9 ♥AQ ♦AKJ97 ♣QJ4 (3253; HCP 1 + 6 + 8 + 3 = 18).
/// South: ♠8765 ♥T98 ♦T6 ♣KT98 (4324; HCP 3).
/// West: ♠43 ♥76432 ♦532 ♣765 (2533; HCP 0).
const DEAL: &str = "N:AKQ2.KJ5.Q84.A32 JT9.AQ.AKJ97.QJ4 8765.T98.T6.KT98 43.76432.532.765";

fn eval(script: &str) -> Evaluator {
    let s = Script::parse(script).unwrap_or_else(|e| panic!("{script}: {e}"));
    let mut e = Evaluator::new(std::sync::Arc::new(s));
    e.set_deal(&Deal::parse_pbn(DEAL).unwrap());
    e
}

/// The value of `v` in `script` (which defines it).
fn value(script: &str) -> i32 {
    eval(script).variable("v").expect("v defined")
}

#[test]
fn the_counts_on_a_hand_built_deal() {
    for (expr, want) in [
        ("hcp(north)", 19),
        ("hcp(east)", 18),
        ("hcp(south)", 3),
        ("hcp(west)", 0),
        ("hcp(north, spades)", 9),
        ("hcps(east, diamond)", 8),
        ("spades(north)", 4),
        ("hearts(west)", 5),
        ("diamond(east)", 5),
        ("clubs(south)", 4),
        ("controls(north)", 6),
        ("control(east, diamonds)", 3),
        ("losers(north)", 6),
        ("loser(north, spades)", 0),
        ("losers(east, hearts)", 1), // AQ doubleton: the ace with another
        ("losers(east)", 3 + 1 + 1 + 2), // JT9, AQ, AKJxx, QJx
        ("losers(west)", 2 + 3 + 3 + 3),
        ("losers(south, diamonds)", 2),
        ("top2(north, spades)", 2),
        ("top3(north, spades)", 3),
        ("top4(east, diamonds)", 3),
        ("top5(south, clubs)", 2),
        ("aces(north)", 2),
        ("kings(north)", 2),
        ("queens(east)", 2),
        ("jacks(east)", 3),
        ("tens(south)", 3),
        ("c13(north)", 6 + 4 + 2 + 4 + 1 + 2 + 6),
        ("pt4(north)", 2),
        // AKJ97: 50 a point of A4 K3 J1; no T; the 9 needs two of AKQJ
        // exactly, the T or the 8.
        ("quality(east, diamonds)", 400),
        // KT98: K 3x40; T with one honour 20; 9 with the T 20.
        ("quality(south, clubs)", 160),
        // Kaplan-Rubens totals, as Debian's dealer gives them for this
        // deal predealt (`predeal north SAKQ2, HKJ5, DQ84, CA32` ...).
        ("cccc(north)", 1810),
        ("cccc(east)", 1735),
        ("cccc(south)", 425),
        ("cccc(west)", 0),
    ] {
        assert_eq!(value(&format!("v = {expr}")), want, "{expr}");
    }
}

#[test]
fn shapes_any_and_exclusions() {
    for (expr, want) in [
        ("shape(north, 4333)", 1),
        ("shape(north, any 3433)", 1),
        ("shape(north, 3433)", 0),
        ("shape(north, any 4333 - 4xxx)", 0),
        ("shape(north, xxxx - any 4333 + 4xx3)", 1),
        ("shape(east, any 5332)", 1),
        ("shape(east, 3253)", 1),
        ("shape(east, x2xx)", 1),
        ("shape(east, any 5xx2 - xx5x)", 0),
        ("shape(south, any 4432 + any 4333)", 1),
        ("shape(west, any 5332 - x5xx)", 0),
        ("shape(west, -2533)", 0),
    ] {
        assert_eq!(value(&format!("v = {expr}")), want, "{expr}");
    }
}

/// A shape without a sign is added, and the list is read left to right,
/// as Debian's dealer 20211121 reads it: with `-s 3` and 200,000 deals,
/// `shape(south, any 5422 +any 5431 any 5440)` kept 49,700, the 47,183 of
/// `any 5422 +any 5431` and the 2,517 of `any 5440`; `any 4333 -4333 4333`
/// kept what `any 4333` keeps, `any 4333 4333 - 4333` what `any 4333 - 4333`
/// keeps.
#[test]
fn shapes_without_a_sign_are_added() {
    for (expr, want) in [
        ("shape(north, any 5422 +any 5431 any 4333)", 1),
        ("shape(north, any 5422 any 5431)", 0),
        ("shape(north, any 5422 any 4333 any 5431)", 1),
        ("shape(east, 4333 3253)", 1),
        ("shape(east, 4333 any 5332 - 3253)", 0),
        ("shape(north, any 4333 - 4333 4333)", 1),
        ("shape(north, any 4333 4333 - 4333)", 0),
        ("shape(north, - 4333 any 4333)", 1),
        ("shape(north, 4xxx x3xx)", 1),
    ] {
        assert_eq!(value(&format!("v = {expr}")), want, "{expr}");
    }
    for (text, column) in [
        ("v = shape(north, 4333 north)", 23),
        ("v = shape(north, 4333", 22),
        ("v = shape(north, 4333 ++ 4333)", 24),
    ] {
        let e = Script::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), (1, column), "{text}: {e}");
    }
}

#[test]
fn cards_operators_and_precedence() {
    for (expr, want) in [
        ("hascard(north, AS)", 1),
        ("hascard(north, 2S)", 1),
        ("hascard(east, TS)", 1),
        ("hascard(east, TC)", 0),
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("7 / 2", 3),
        ("-7 / 2", -3),
        ("-7 % 3", -1),
        ("7 % 3", 1),
        ("2 - 3 - 4", -5),
        ("1 < 2 == 1", 1),
        ("3 > 2 > 1", 0),
        ("not 3 + 1", 1),
        ("!0", 1),
        ("1 || 0 && 0", 1),
        ("(1 || 0) && 0", 0),
        ("1 or 0 and 0", 1),
        ("1 ? 0 : 1 ? 2 : 3", 0),
        ("0 ? 5 : 6", 6),
        ("hcp(north) > 15 ? 1 : 2", 1),
        ("2 != 2", 0),
        ("2 <= 2", 1),
        ("2 >= 3", 0),
        ("2147483647 + 1", i32::MIN),
        ("5 / 0", 0),
        ("score(vul, x3N, 9)", 600),
        ("score(nv, x3N, 10)", 430),
        ("score(nv, x4S, 9)", -50),
        ("score(vul, x4S, 8)", -200),
        ("score(nv, x2C, 8)", 90),
        ("score(vul, x7N, 13)", 2220),
        ("score(nv, x6H, 12)", 980),
        ("imps(430)", 10),
        ("imps(0 - 4000)", -24),
        ("imps(10)", 0),
        ("imps(20)", 1),
        ("rnd(0)", 0),
    ] {
        assert_eq!(value(&format!("v = {expr}")), want, "{expr}");
    }
}

#[test]
fn rnd_stays_in_range() {
    let mut e = eval("v = rnd(10)");
    for k in 0..200 {
        e.set_hands([0; 4], k);
        let v = e.variable("v").unwrap();
        assert!((0..10).contains(&v), "{v}");
    }
}

#[test]
fn conditions_and_variables() {
    let mut e = eval("# alias: x\nnt = shape(north, any 4333) and hcp(north) > 14\nnt and hcp(south) < 5\naction printoneline,\n");
    assert!(e.accepts());
    assert_eq!(e.variable("nt"), Some(1));
    let mut e = eval("condition hcp(west) > 0");
    assert!(!e.accepts());
    // Without a condition every deal is kept.
    assert!(eval("produce 5").accepts());
}

/// Without the solver (the crate feature dd), a script that asks for
/// tricks is refused where it asks, rather than every count being 0.
#[test]
#[cfg(not(feature = "dd"))]
fn tricks_need_the_solver() {
    let e = Script::parse("condition hcp(north) > 10\n  and tricks(south, notrump) >= 9\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (2, 7), "{e:?}");
    assert!(e.message.contains("feature dd"), "{}", e.message);
    assert!(Script::parse("condition hcp(north) > 10").is_ok());
}

/// The boards of a run with the printout on, and its text (each board's,
/// then the end's).
fn printed(script: &str, produce: u64) -> (Vec<crate::model::board::Board>, Vec<String>, String) {
    use crate::codec::stream::BoardReader;
    let script = Script::parse(script).unwrap_or_else(|e| panic!("{script}: {e}"));
    let seed = crate::deal::seeded::Seed::parse("5").expect("a seed");
    let mut gen = Generator::new(&script, &seed, 1, produce, 1, None);
    gen.enable_printout(PrintoutTags::new("ev", "2000.01.02"));
    let (mut boards, mut texts) = (Vec::new(), Vec::new());
    let mut diag = boardfile_io::Diagnostics::strict();
    while let Some(b) = gen.next_board(&mut diag).expect("a board") {
        boards.push(b);
        texts.push(String::from_utf8(gen.take_printout()).expect("text"));
    }
    let mut end = Vec::new();
    gen.report().write_text(&mut end).expect("written");
    (boards, texts, String::from_utf8(end).expect("text"))
}

#[test]
fn print_actions_print_each_deal_in_the_scripts_order() {
    let (boards, texts, end) = printed(
        "produce 3\ndealer west\naction printoneline (hcp(north)), printes(\"sp \", spades(south), \\n), printpbn, average \"h\" hcp(north)\n",
        3,
    );
    assert_eq!(boards.len(), 3);
    let tags = PrintoutTags::new("ev", "2000.01.02");
    let mut hcp = 0;
    for (b, text) in boards.iter().zip(&texts) {
        let h = b.deal.hand(Seat::North).hcp() as i32;
        hcp += h;
        let mut want = Vec::new();
        Layout::OneLine.write(&mut want, b, Some(h), &tags).unwrap();
        want.extend(
            format!(
                "sp {}\n",
                b.deal.hand(Seat::South).suit_len(crate::Suit::Spades)
            )
            .bytes(),
        );
        Layout::Pbn.write(&mut want, b, None, &tags).unwrap();
        assert_eq!(text, &String::from_utf8(want).unwrap());
        assert!(text.contains("[Dealer \"W\"]"), "{text}");
    }
    assert!(texts[1].contains("[Board \"2\"]\n"));
    assert_eq!(
        end,
        format!("h: {}\n", report::format_g(f64::from(hcp) / 3.0))
    );
}

#[test]
fn print_seats_prints_pages_after_the_statistics_before_it() {
    let (boards, texts, end) = printed(
        "action average hcp(south), print(west, east), frequency (hcp(north), 0, 0)\n",
        5,
    );
    assert!(texts.iter().all(String::is_empty));
    let kept: Vec<(u32, Deal)> = boards.iter().map(|b| (b.number, b.deal)).collect();
    let mut want = Vec::new();
    let hcp: u32 = boards.iter().map(|b| b.deal.hand(Seat::South).hcp()).sum();
    want.extend(format!("{}\n", report::format_g(f64::from(hcp) / 5.0)).bytes());
    write_hands(&mut want, Seat::East, &kept).unwrap();
    write_hands(&mut want, Seat::West, &kept).unwrap();
    assert!(end.starts_with(&String::from_utf8(want).unwrap()), "{end}");
    assert!(end[end.find('\x0c').unwrap()..].contains("Frequency :\n"));
}

/// Without the printout, print actions print nothing and `print(seats)`
/// keeps no deals; a script without actions prints with printall only
/// when asked ([`Script::or_printall`]).
#[test]
fn the_printout_is_off_unless_asked() {
    use crate::codec::stream::BoardReader;
    let script = Script::parse("action printall, print(north)").unwrap();
    let seed = crate::deal::seeded::Seed::parse("5").unwrap();
    let mut gen = Generator::new(&script, &seed, 1, 2, 1, None);
    let mut diag = boardfile_io::Diagnostics::strict();
    while gen.next_board(&mut diag).unwrap().is_some() {
        assert!(gen.take_printout().is_empty());
    }
    let mut end = Vec::new();
    gen.report().write_text(&mut end).unwrap();
    assert!(end.is_empty());
    let (boards, texts, _) = printed("hcp(north) > 10", 2);
    assert!(texts.iter().all(String::is_empty));
    assert_eq!(boards.len(), 2);
    let plain = Script::parse("hcp(north) > 10").unwrap();
    assert!(!plain.prints() && !plain.has_actions());
    assert!(plain.or_printall().prints());
    let stats = Script::parse("action average hcp(north)").unwrap();
    assert!(!stats.clone().or_printall().prints() && stats.has_statistics());
}

/// dealer reads printcompact's and printoneline's value only in
/// parentheses: `printoneline 0` is printoneline, then the condition 0
/// (Debian's dealer then produces nothing), and `printoneline (1) + 1` is
/// refused.
#[test]
fn a_value_to_print_is_in_parentheses() {
    let s = Script::parse("action printoneline 0").unwrap();
    assert!(s.has_condition());
    assert!(matches!(
        s.actions[..],
        [Action::Layout {
            layout: Layout::OneLine,
            value: None
        }]
    ));
    let s = Script::parse("action printcompact ((1) + 2), printoneline").unwrap();
    assert!(!s.has_condition());
    assert!(matches!(
        s.actions[..],
        [
            Action::Layout {
                layout: Layout::Compact,
                value: Some(_)
            },
            Action::Layout {
                layout: Layout::OneLine,
                value: None
            }
        ]
    ));
    let e = Script::parse("action printoneline (1) + 1").unwrap_err();
    assert_eq!((e.line, e.column), (1, 25), "{e}");
    let s = Script::parse("action print(south, north, south)").unwrap();
    assert_eq!(s.actions, [Action::Hands(0b101)]);
}

#[test]
fn the_deals_generated_told_as_it_goes_only_rise_to_the_end_count() {
    // A script that accepts about one deal in 80 (North 20 points or
    // more), over several chunks of 16,384 deals on two threads: each
    // count told is at least the one before, and the last is the count the
    // generator ends with (the last accepted deal's).
    use crate::codec::stream::BoardReader;
    use std::sync::{Arc, Mutex};
    let script = Script::parse("condition hcp(north) >= 20\n").unwrap();
    let seed = crate::deal::seeded::Seed::parse("5").expect("a seed");
    let mut gen = Generator::new(&script, &seed, 1, 600, 2, None);
    let told = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&told);
    gen.on_progress(move |_, generated| sink.lock().unwrap().push(generated));
    let mut diag = boardfile_io::Diagnostics::strict();
    let mut boards = 0;
    while gen.next_board(&mut diag).expect("a board").is_some() {
        boards += 1;
    }
    assert_eq!(boards, 600);
    let told = told.lock().unwrap().clone();
    assert!(told.len() >= 3, "{told:?}");
    assert!(told.windows(2).all(|w| w[0] <= w[1]), "{told:?}");
    assert_eq!(told.last(), Some(&gen.generated()), "{told:?}");
    assert!(gen.generated() > 2 * 16_384, "{}", gen.generated());
}
