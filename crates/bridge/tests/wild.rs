//! Every PBN and LIN file of `../shared/data/wild` (files other programs
//! wrote, from public projects) reads, and reads the deals and board
//! numbers that a small reader of this test's own finds in the text. The
//! PBN verifier suite's `errors_*.pbn` give errors instead.

use boardfile_bridge::{read, validate, Board, Deal, Format, Seat, Suit};
use std::path::{Path, PathBuf};

mod common;
use common::files;

fn wild() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/wild")
}

const RANKS: &str = "AKQJT98765432";

/// A hand as four suits of ranks, spades first, each in the order
/// AKQ...2, joined by dots: the form both sides are compared in.
fn dotted(suits: [Vec<char>; 4]) -> String {
    suits
        .map(|mut s| {
            s.sort_by_key(|c| RANKS.find(*c));
            s.into_iter().collect::<String>()
        })
        .join(".")
}

/// The hands of a board from the library, North, East, South, West.
fn hands_of(b: &Board) -> [String; 4] {
    [Seat::North, Seat::East, Seat::South, Seat::West].map(|s| {
        let hand = b.deal.hand(s);
        dotted(Suit::ALL.map(|suit| {
            RANKS
                .chars()
                .filter(|&r| {
                    hand.cards()
                        .any(|c| c.suit() == suit && c.rank().char() == r)
                })
                .collect()
        }))
    })
}

/// A PBN `Deal` value, `N:h h h h` with `S.H.D.C` hands or `-`: the four
/// hands North, East, South, West.
fn pbn_deal(value: &str) -> Option<[String; 4]> {
    let (first, hands) = value.trim().split_once(':')?;
    let first = "NESW".find(first.trim().to_ascii_uppercase().as_str())?;
    let hands: Vec<&str> = hands.split_whitespace().collect();
    if hands.len() != 4 {
        return None;
    }
    let mut out: [String; 4] = Default::default();
    for (k, h) in hands.iter().enumerate() {
        let suits: Vec<Vec<char>> = if *h == "-" {
            vec![vec![]; 4]
        } else {
            h.split('.')
                .map(|s| s.chars().map(|c| c.to_ascii_uppercase()).collect())
                .collect()
        };
        out[(first + k) % 4] = dotted(suits.try_into().ok()?);
    }
    Some(out)
}

/// The values of every `[Name "value"]` tag of `name` in the text (any
/// spaces before the value).
fn tag_values<'t>(text: &'t str, name: &str) -> Vec<&'t str> {
    let open = format!("[{name}");
    text.match_indices(&open)
        .filter_map(|(i, _)| {
            let rest = &text[i + open.len()..];
            let value = rest
                .strip_prefix([' ', '\t'])?
                .trim_start_matches([' ', '\t']);
            let value = value.strip_prefix('"')?;
            value.find('"').map(|end| &value[..end])
        })
        .collect()
}

/// True when `part` is `whole` with some items left out.
fn within<T: PartialEq>(part: &[T], whole: &[T]) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|p| rest.any(|w| w == p))
}

/// The deals of LIN's `md|` commands: a dealer digit, then South, West,
/// North and East as `S..H..D..C..`, the last of them maybe left out.
fn lin_deals(text: &str) -> Vec<[String; 4]> {
    text.match_indices("md|")
        .filter_map(|(i, _)| {
            let rest = &text[i + 3..];
            let value = &rest[..rest.find('|')?];
            let value = value.trim_start_matches(|c: char| c.is_ascii_digit());
            let mut hands: [String; 4] = Default::default(); // N E S W
            let mut seen = String::new();
            let parts: Vec<&str> = value.split(',').collect();
            for (k, part) in parts.iter().take(4).enumerate() {
                let mut suits: [Vec<char>; 4] = Default::default();
                let mut suit = None;
                for c in part.chars().map(|c| c.to_ascii_uppercase()) {
                    match "SHDC".find(c) {
                        Some(s) => suit = Some(s),
                        None => suits[suit?].push(c),
                    }
                }
                for (s, ranks) in suits.iter().enumerate() {
                    for r in ranks {
                        seen.push_str(&format!("{s}{r} "));
                    }
                }
                hands[[2, 3, 0, 1][k]] = dotted(suits);
            }
            // A hand left out holds the cards the others do not.
            if parts.len() < 4 || parts[3].trim().is_empty() {
                let rest: [Vec<char>; 4] = std::array::from_fn(|s| {
                    RANKS
                        .chars()
                        .filter(|r| !seen.contains(&format!("{s}{r} ")))
                        .collect()
                });
                hands[1] = dotted(rest);
            }
            Some(hands)
        })
        .collect()
}

/// The list without its runs of the same value.
fn runs<T: PartialEq>(mut v: Vec<T>) -> Vec<T> {
    v.dedup();
    v
}

/// ISO-8859-1 (or ASCII) text: every byte a character.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

#[test]
fn every_wild_pbn_reads_the_deals_and_numbers_of_its_tags() {
    let mut counts = (0, 0); // files, boards
    for path in files(&wild(), "pbn") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        if name.starts_with("errors_") {
            // Each of the verifier's errors is found: an error, or (a tag
            // set aside while the board reads on) a warning, which
            // `validate --strict` counts.
            let v = validate(Format::Pbn, &bytes);
            assert!(
                !v.is_valid() || !v.warnings.is_empty(),
                "{name}: the verifier's errors read as valid"
            );
            assert!(
                v.errors.iter().all(|e| e.position().is_some()),
                "{name}: an error without its place"
            );
            continue;
        }
        let set = read(Format::Pbn, &bytes)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .set;
        let text = latin1(&bytes);
        let want: Vec<[String; 4]> = tag_values(&text, "Deal")
            .into_iter()
            .filter(|v| *v != "#")
            .map(|v| pbn_deal(v).unwrap_or_else(|| panic!("{name}: the test cannot read {v:?}")))
            .collect();
        let got: Vec<[String; 4]> = set
            .boards
            .iter()
            .filter(|b| b.deal != Deal::default())
            .map(hands_of)
            .collect();
        assert_eq!(runs(got), runs(want.clone()), "{name}: deals");
        let numbers: Vec<u32> = tag_values(&text, "Board")
            .into_iter()
            .filter_map(|v| v.trim().parse().ok())
            .collect();
        let read_numbers: Vec<u32> = set.boards.iter().map(|b| b.number).collect();
        if numbers.is_empty() {
            // No Board tag: numbered by position.
            let by_position: Vec<u32> = (1..=set.boards.len() as u32).collect();
            assert_eq!(read_numbers, by_position, "{name}: board numbers");
        } else if numbers.len() == set.boards.len() {
            assert_eq!(read_numbers, numbers, "{name}: board numbers");
        } else {
            // Games without a tag take the number after the last.
            assert!(
                within(&runs(numbers.clone()), &runs(read_numbers.clone())),
                "{name}: board numbers {numbers:?} not among {read_numbers:?}"
            );
        }
        assert!(set.boards.len() >= want.len(), "{name}: boards");
        counts.0 += 1;
        counts.1 += set.boards.len();
    }
    // 70 files of other programs (and the verifier's 3 error files).
    assert!(counts.0 >= 70, "{counts:?}");
    eprintln!("PBN: {} files, {} boards", counts.0, counts.1);
}

#[test]
fn every_wild_lin_reads_the_deals_of_its_md_commands() {
    let mut counts = (0, 0);
    for path in files(&wild(), "lin") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let set = read(Format::Lin, &bytes)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .set;
        let want = lin_deals(&latin1(&bytes));
        assert!(!want.is_empty(), "{name}: the test found no md|");
        let got: Vec<[String; 4]> = set.boards.iter().map(hands_of).collect();
        assert_eq!(runs(got), runs(want), "{name}: deals");
        counts.0 += 1;
        counts.1 += set.boards.len();
    }
    assert!(counts.0 >= 30, "{counts:?}");
    eprintln!("LIN: {} files, {} boards", counts.0, counts.1);
}

#[test]
#[cfg(feature = "dd")]
fn stored_tables_are_checked_against_the_solver() {
    use boardfile_bridge::dd::{check_stored, Disagreement};
    use boardfile_bridge::{Strain, Trust};
    // Camrose 2024: boards 1-32 carry BridgeComposer's tables, which the
    // solver agrees with; from board 33 on the file's tables are floored.
    let path = wild().join("lorserker+ben/Camrose24_1.pbn");
    let set = read(Format::Pbn, &std::fs::read(path).unwrap())
        .unwrap()
        .set;
    let agreeing = &set.boards[..8];
    assert!(agreeing.iter().all(|b| b.dd.is_some()));
    assert_eq!(check_stored(agreeing, 2), []);
    // From board 33 on, the file's tables are floored: 1 for any count of
    // 6 or fewer (North "makes 1" in notrump, where the solver finds 4).
    // Read as "at most 6", the table is right.
    let b33 = &set.boards[32..33];
    assert_eq!(b33[0].number, 33);
    let dd = b33[0].dd.unwrap();
    assert_eq!(
        dd.trust(),
        Trust::Floored {
            stored: 1,
            at_most: 6
        }
    );
    assert_eq!(dd.stored(Seat::North, Strain::NoTrump), Some(1));
    assert_eq!(dd.get(Seat::North, Strain::NoTrump), None);
    assert_eq!(check_stored(b33, 2), []);
    // Read as counts, it would not be.
    let mut counts = b33.to_vec();
    counts[0].dd.as_mut().unwrap().set_trust(Trust::Exact);
    let found = check_stored(&counts, 2);
    assert!(
        found.contains(&(
            0,
            Disagreement::Tricks {
                declarer: Seat::North,
                strain: Strain::NoTrump,
                stored: 1,
                at_most: None,
                solved: 4
            }
        )),
        "{found:?}"
    );
}

#[test]
fn a_deal_whose_hands_differ_in_length_is_said_where_the_verifier_says_so() {
    // errors_10.pbn's comments name its deals of a 12-card hand beside
    // 13-card ones ("Bad deal: West has 12 cards, others have 13 cards"):
    // the lines of those Deal tags, and no others, are warned of. The
    // correct files' deals in play (every hand 12 cards, or 4) are not.
    let dir = wild().join("timheilman+bridge-pbn");
    let warned = |name: &str| -> Vec<u64> {
        let v = validate(Format::Pbn, &std::fs::read(dir.join(name)).unwrap());
        v.warnings
            .iter()
            .filter(|w| w.message.contains("hands hold different numbers of cards"))
            .map(|w| w.position.and_then(|p| p.line).expect("a line"))
            .collect()
    };
    let bytes = std::fs::read(dir.join("errors_10.pbn")).unwrap();
    let text = String::from_utf8_lossy(&bytes); // Latin-1 in places
    let lines: Vec<&str> = text.lines().collect();
    let said: Vec<u64> = (1..lines.len())
        .filter(|&i| {
            lines[i].starts_with("[Deal ")
                && lines[i - 1].contains("West has 12 cards, others have 13 cards")
        })
        .map(|i| i as u64 + 1)
        .collect();
    assert_eq!(said.len(), 2);
    assert_eq!(warned("errors_10.pbn"), said);
    for name in ["correct_10.pbn", "correct_20.pbn", "correct_21.pbn"] {
        assert_eq!(warned(name), Vec::<u64>::new(), "{name}");
    }
}

/// The games of a file whose boards contradict themselves: the records of
/// the warnings `consistency` gives (`board N: auction: ...`, `play: ...`,
/// `the Contract tag ...`, `the Result tag ...`).
fn contradicted(path: &Path) -> std::collections::BTreeSet<u64> {
    let v = validate(Format::Pbn, &std::fs::read(path).unwrap());
    v.warnings
        .iter()
        .filter(|w| {
            let m = w.message.split_once(": ").map_or("", |(_, m)| m);
            [
                "auction: ",
                "play: ",
                "the Contract tag ",
                "the Declarer tag ",
                "the Result tag ",
                "the board is passed out, but the Result tag ",
            ]
            .iter()
            .any(|p| m.starts_with(p))
        })
        .map(|w| w.position.and_then(|p| p.record).expect("a place"))
        .collect()
}

#[test]
fn the_verifiers_contradictions_are_found_and_its_correct_files_have_none() {
    let dir = wild().join("timheilman+bridge-pbn");
    // The games errors_10.pbn's own comments give a contradiction:
    // 24 "No dealer" (read as the board before, rpbridge.net's way: South
    // deals, but the auction starts with West),
    // 28-29 "Bad side: Dealer north must bid first",
    // 32-34 "Bad call" (1C over 1D, X, XX), 36-38 "Bad declarer", 39-41
    // "Bad trump", 42-43 "Bad risk", 44 "Revoke: CA", 47 "Bad card", 49
    // "Bad Revokes", 50 "Bad lead", 51-53 "Bad revoke", 58 "Sufficient"
    // (a bid marked ^I that is not), 54 "No declarer" (`Contract "Pass"`
    // with `Result "1"`), 59 "Bad number: sum differs from 13" (`NS 9 EW
    // 2` after a claim), 60 "Bad result" (4 tricks for South, who has won
    // the 6 played). Record n is game n.
    let expected: std::collections::BTreeSet<u64> = [
        24, 28, 29, 32, 33, 34, 36, 37, 38, 39, 40, 41, 42, 43, 44, 47, 49, 50, 51, 52, 53, 54, 58,
        59, 60,
    ]
    .into_iter()
    .collect();
    assert_eq!(contradicted(&dir.join("errors_10.pbn")), expected);
    for name in ["correct_10.pbn", "correct_20.pbn", "correct_21.pbn"] {
        assert_eq!(contradicted(&dir.join(name)), Default::default(), "{name}");
    }
}

#[test]
fn results_agree_with_the_play_in_every_file_other_programs_wrote() {
    // BBO's claims (LIN `mc|`), BEN's and BridgeComposer's whole plays:
    // no Result tag contradicts the tricks its play shows. The counts of
    // boards with a Result and all 52 cards, and with a Result and part of
    // the play (a claim, or `-` for the cards not played), show the check
    // had work.
    let (mut checked, mut partial) = (0, 0);
    for ext in ["pbn", "lin"] {
        for path in files(&wild(), ext) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if name.starts_with("errors_") {
                continue;
            }
            let format = if ext == "pbn" {
                Format::Pbn
            } else {
                Format::Lin
            };
            let bytes = std::fs::read(&path).unwrap();
            let v = validate(format, &bytes);
            let bad: Vec<_> = v
                .warnings
                .iter()
                .filter(|w| w.message.contains("the Result tag"))
                .collect();
            assert!(bad.is_empty(), "{name}: {bad:?}");
            if let Ok(read) = read(format, &bytes) {
                for b in &read.set.boards {
                    let known = b.play.as_ref().map_or(0, |p| {
                        p.cards
                            .iter()
                            .filter(|c| matches!(c.token, boardfile_bridge::CardToken::Card(_)))
                            .count()
                    });
                    match (known, b.tag("Result")) {
                        (52, Some(_)) => checked += 1,
                        (1.., Some(_)) => partial += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    assert!(
        checked > 1000,
        "{checked} boards with a Result and a whole play"
    );
    assert!(
        partial > 500,
        "{partial} boards with a Result and part of the play"
    );
}

#[test]
fn scores_agree_with_contract_result_and_vulnerability_in_every_file_other_programs_wrote() {
    // The Score tags of BBA, BBO Helper and BridgeComposer (BEN's files),
    // which those programs worked out themselves: none contradicts duplicate scoring of the board's
    // contract, result and vulnerability. The count of boards with a
    // Score, a contract and a Result shows the check had work.
    let mut scored = 0;
    for path in files(&wild(), "pbn") {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("errors_") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let v = validate(Format::Pbn, &bytes);
        let bad: Vec<_> = v
            .warnings
            .iter()
            .filter(|w| w.message.contains("the Score tag"))
            .collect();
        assert!(bad.is_empty(), "{name}: {bad:?}");
        if let Ok(read) = read(Format::Pbn, &bytes) {
            let says = |b: &boardfile_bridge::Board, tag: &str| {
                b.tag(tag).is_some_and(|v| !v.trim().is_empty() && v != "?")
            };
            scored += read
                .set
                .boards
                .iter()
                .filter(|b| says(b, "Score") && says(b, "Contract") && says(b, "Result"))
                // Commentary may explain a score that deviates: those are
                // not checked.
                .filter(|b| b.comments.is_empty())
                .count();
        }
    }
    assert!(
        scored > 400,
        "{scored} boards with a Score, contract and Result, and no commentary"
    );
}
