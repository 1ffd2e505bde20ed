//! Stored double-dummy tables, and how far to believe them, found without
//! solving anything.
//!
//! Scoring programs floor the tables they store, each its own way:
//! Dealmaster Pro writes 1 wherever the true count is 6 or fewer, BridgeNZ's
//! `txt2pbn` writes 6 for anything lower, its `edr2pbn` 4. Such a table
//! read as counts says "North makes 1 trick in hearts" of a hand holding
//! the ace and king. Three signs, each sure on its own:
//!
//! - **the writer**: a file whose head carries the mark of a program known
//!   to floor ([`KNOWN_FLOORS`]) has its tables read as that program
//!   floors them, where they fit that floor;
//! - **the shape**: a table whose lowest count `k` (1 or 2) stands in at
//!   least four cells while every other count is 7 or more is what a floor
//!   at "fails" makes. Real tables are rarely so: none of 2,000 random
//!   deals solved, nor of the DDS oracle's 100 (see the tests), nor of
//!   Camrose 2024's 320 in the shared data; with `k` up to 5 it would be
//!   8 of the 2,000 (a side at 4 or 5 everywhere, the other at 7 or more),
//!   so higher floors are left to the writer's mark; and 0 is no floor
//!   any writer is known to store, while a side with every trick (a
//!   laid-down grand slam) gives 0s and 13s. Read as "at most 6", the
//!   cells stay true even for a real table of that shape;
//! - **the deal**: a trump held higher than every trump of the other side
//!   wins a trick, whoever leads and however the play goes (it cannot be
//!   kept from winning: it is only ever played to win or to a trick that a
//!   higher trump of its own side wins). A count below what the declaring
//!   side's sure trumps give, or above what the defenders' leave, is no
//!   count of this deal: none of the table is believed.
//!
//! A table found so keeps its stored counts (a file gives them back as it
//! read them) and is marked ([`Trust`]): [`DdTable::get`] gives only the
//! counts that can be believed, so nothing prints a floor as a count, and
//! `solve` solves the table again.

use crate::model::board::{DdTable, Trust};
use crate::model::card::Strain;
use crate::model::deal::{Deal, Seat};

/// A program known to floor the tables it stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownFloor {
    /// The program.
    pub writer: &'static str,
    /// The start of the `%` line it writes at a file's head (compared
    /// without case, spaces and the `%`).
    pub mark: &'static str,
    /// The count it stores for any count up to `at_most`.
    pub stored: u8,
    /// See [`KnownFloor::stored`].
    pub at_most: u8,
}

/// The programs known to floor their tables.
pub const KNOWN_FLOORS: [KnownFloor; 3] = [
    KnownFloor {
        writer: "Dealmaster Pro",
        mark: "%Creator: Dealmaster Pro",
        stored: 1,
        at_most: 6,
    },
    KnownFloor {
        writer: "BridgeNZ's txt2pbn",
        mark: "% BridgeNZ txt2pbn",
        stored: 6,
        at_most: 6,
    },
    KnownFloor {
        writer: "BridgeNZ's edr2pbn",
        mark: "% BridgeNZ edr2pbn",
        stored: 4,
        at_most: 4,
    },
];

/// The line a solve adds after a flooring program's mark: the tables
/// below it are solved, not floored, and the mark no longer holds.
pub const SOLVED_MARK: &str =
    "% boardfile solve: every double-dummy table below is solved, none floored";

/// Says at a set's PBN head that its tables are solved ([`SOLVED_MARK`],
/// after a flooring program's mark when it carries one, else after its
/// other `%` lines): a flooring program's mark no longer holds, and a
/// table of a floor's shape is a real one. What a solve writes. A set
/// without a PBN head gets one only when `make` (a PBN file is written).
pub fn mark_solved(info: &mut crate::model::set::SetInfo, make: bool) {
    if info.pbn.is_none() && !make {
        return;
    }
    let pbn = info.pbn.get_or_insert_with(Default::default);
    if head_of(pbn.preamble.iter().map(String::as_str)).solved {
        return;
    }
    let floor = known_floor(pbn.preamble.iter().map(String::as_str));
    let after = |lines: &[&str]| {
        let mark = floor.map(|k| bare(k.mark));
        let last = lines.iter().rposition(|l| l.trim_start().starts_with('%'));
        match &mark {
            Some(m) => lines.iter().position(|l| bare(l).starts_with(m.as_str())),
            None => last,
        }
        .map_or(0, |i| i + 1)
    };
    let lines: Vec<&str> = pbn.preamble.iter().map(String::as_str).collect();
    let at = after(&lines);
    pbn.preamble.insert(at, SOLVED_MARK.to_string());
    if let Some(head) = &mut pbn.head {
        // In the head's own line end.
        let mut lines: Vec<&str> = head.split_inclusive('\n').collect();
        let eol = if head.contains("\r\n") { "\r\n" } else { "\n" };
        let line = format!("{SOLVED_MARK}{eol}");
        let at = after(&lines);
        lines.insert(at, &line);
        *head = lines.concat();
    }
}

/// What the `%` lines at a file's head say of its tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Head {
    /// The program known to floor its tables whose mark it carries
    /// (none once solved).
    pub floor: Option<&'static KnownFloor>,
    /// A solve has said its tables are solved ([`SOLVED_MARK`]): none is
    /// floored, whatever its shape.
    pub solved: bool,
}

/// What the `%` lines of a file's head (`lines`) say of its tables.
pub fn head_of<'a>(lines: impl IntoIterator<Item = &'a str>) -> Head {
    let lines: Vec<String> = lines
        .into_iter()
        .filter(|l| l.trim_start().starts_with('%'))
        .map(bare)
        .collect();
    if lines.iter().any(|l| *l == bare(SOLVED_MARK)) {
        return Head {
            floor: None,
            solved: true,
        };
    }
    Head {
        floor: KNOWN_FLOORS
            .iter()
            .find(|k| lines.iter().any(|l| l.starts_with(&bare(k.mark)))),
        solved: false,
    }
}

/// Lower case, without the `%` and white space: how marks are compared.
fn bare(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '%')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The program known to floor its tables whose mark one of the `%` lines
/// at a file's head carries, unless a solve has said since that it no
/// longer holds ([`SOLVED_MARK`]).
///
/// ```
/// use boardfile_bridge::trust::known_floor;
/// let head = ["% PBN 2.1", "%Creator: Dealmaster Pro 5.2"];
/// assert_eq!(known_floor(head).map(|k| k.stored), Some(1));
/// assert_eq!(known_floor(["% BridgeNZ edr2pbn V0.1"]).map(|k| k.at_most), Some(4));
/// assert_eq!(known_floor(["% PBN 2.1", "% EXPORT"]), None);
/// // Solved since: the mark no longer holds.
/// let solved = ["% BridgeNZ edr2pbn V0.1", boardfile_bridge::trust::SOLVED_MARK];
/// assert_eq!(known_floor(solved), None);
/// ```
pub fn known_floor<'a>(lines: impl IntoIterator<Item = &'a str>) -> Option<&'static KnownFloor> {
    head_of(lines).floor
}

/// What was found of a stored table, and why, in a sentence that follows
/// "board N: ".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// How far it can be believed.
    pub trust: Trust,
    /// Why, and what comes of it.
    pub why: String,
    /// Found from the file's writer, the same for all its tables (said
    /// once a file), rather than from this table.
    pub by_writer: bool,
}

/// How far a complete stored `table` of `deal` can be believed, when not
/// wholly: floored as `writer` floors (a program whose mark the file
/// carries), floored by its shape, or a count the deal forbids. `None` for
/// a table to believe, and for one not complete (solved again anyway).
///
/// ```
/// use boardfile_bridge::trust::judge;
/// use boardfile_bridge::{DdTable, Deal, Trust};
/// // Dealmaster Pro's board 1: North holds the ace and king of hearts, and
/// // "makes 1 trick" in hearts.
/// let deal = Deal::parse_pbn("N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53").unwrap();
/// let table = DdTable::from_hex("1811118111819a8819a8").unwrap();
/// let found = judge(&table, &deal, Default::default()).unwrap();
/// assert_eq!(found.trust, Trust::Floored { stored: 1, at_most: 6 });
/// ```
pub fn judge(table: &DdTable, deal: &Deal, head: Head) -> Option<Finding> {
    if table.trust() != Trust::Exact || !table.is_stored_whole() {
        return None;
    }
    let writer = head.floor;
    // Complete and believed: the stored counts are the counts (read raw:
    // a reader of millions of solved boards judges each).
    let raw = table.raw();
    let counts = raw.as_flattened();
    if let Some(k) = writer {
        // Its floor, where the table fits it: a count below `at_most`
        // other than the floor would not be this program's.
        let fits = counts.iter().all(|&c| c == k.stored || c > k.at_most);
        let at = counts.iter().filter(|&&c| c == k.stored).count();
        if fits && at > 0 {
            return Some(Finding {
                trust: Trust::Floored {
                    stored: k.stored,
                    at_most: k.at_most,
                },
                why: format!(
                    "its double-dummy table is floored: {} (`{}` at the file's head) stores {} for any count of {} or fewer; read as \"at most {}\", never shown as a count, and solved again by `boardfile solve`",
                    k.writer, k.mark, k.stored, k.at_most, k.at_most
                ),
                by_writer: true,
            });
        }
    }
    let low = counts.iter().copied().min().unwrap_or(0);
    if !head.solved && (1..=2).contains(&low) && counts.iter().all(|&c| c == low || c >= 7) {
        let at_low = counts.iter().filter(|&&c| c == low).count();
        if at_low >= 4 {
            return Some(Finding {
                trust: Trust::Floored {
                    stored: low,
                    at_most: 6,
                },
                why: format!(
                    "its double-dummy table looks floored: {at_low} counts are {low} and every other is 7 or more, as a program writes that stores {low} for any contract that fails (Dealmaster Pro stores 1); each {low} read as \"at most 6\", never shown as a count, and solved again by `boardfile solve`"
                ),
                by_writer: false,
            });
        }
    }
    // Sure trumps are sure only when every card is placed.
    if !deal.is_complete() {
        return None;
    }
    forbidden(raw, deal).map(|why| Finding {
        trust: Trust::Impossible,
        why: format!(
            "its double-dummy table cannot be right: {why}; none of its counts is believed or shown, and `boardfile solve` solves it again"
        ),
        by_writer: false,
    })
}

/// The first count of a complete table (`raw`: by seat index, then
/// strain) that `deal` forbids, said: fewer tricks than the declaring
/// side's sure trumps, or more than the defenders' leave.
fn forbidden(raw: &[[u8; 5]; 4], deal: &Deal) -> Option<String> {
    let hands = deal.hands();
    for strain in Strain::ALL {
        let Some(suit) = crate::model::auction::strain_suit(strain) else {
            continue;
        };
        let bits = hands.map(|h| h.suit_bits(suit));
        // Each side's sure trumps: North-South's, East-West's.
        let sure = [0, 1].map(|side| sure_trumps(&bits, side));
        for declarer in Seat::ALL {
            let count = raw[declarer.index()][strain as usize];
            let side = declarer.index() % 2;
            let ((ours, holder), (theirs, defender)) = (sure[side], sure[1 - side]);
            if count >= ours && count <= 13 - theirs {
                continue;
            }
            let name = ["spades", "hearts", "diamonds", "clubs"][suit.index()];
            return Some(if count < ours {
                format!(
                    "{} takes {count} with {name} trumps, but {} holds {ours} trumps higher than any of the other side's, each a sure trick",
                    declarer.name(),
                    holder.name()
                )
            } else {
                format!(
                    "{} takes {count} with {name} trumps, but {} holds {theirs} trumps higher than any of the declaring side's, each a sure trick for the defence",
                    declarer.name(),
                    defender.name()
                )
            });
        }
    }
    None
}

/// The sure tricks of a side (0: North-South, 1: East-West) with the suit
/// whose bits by seat index are `bits` trumps: the most trumps one of its
/// hands holds above every trump of the other side, and that hand.
fn sure_trumps(bits: &[u16; 4], side: usize) -> (u8, Seat) {
    let theirs = bits[1 - side] | bits[3 - side];
    // Bit 0 is the ace: the cards above the other side's best are the
    // bits below its lowest one.
    let above = match theirs {
        0 => 0x1fff,
        t => (1u16 << t.trailing_zeros()) - 1,
    };
    let count = |s: usize| ((bits[s] & above).count_ones() as u8, Seat::ALL[s]);
    let (mine, partner) = (count(side), count(side + 2));
    if partner.0 > mine.0 {
        partner
    } else {
        mine
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::card::Suit;

    fn deal(text: &str) -> Deal {
        Deal::parse_pbn(text).unwrap()
    }

    #[test]
    fn sure_trumps_are_those_above_the_other_sides_best() {
        let bits = |d: &Deal, suit| d.hands().map(|h| h.suit_bits(suit));
        // North AK95 of hearts, East QJ4, South 72, West T863.
        let d = deal("N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53");
        assert_eq!(sure_trumps(&bits(&d, Suit::Hearts), 0), (2, Seat::North));
        assert_eq!(sure_trumps(&bits(&d, Suit::Hearts), 1), (0, Seat::East));
        // Spades: West's ace is above all of North-South's.
        assert_eq!(sure_trumps(&bits(&d, Suit::Spades), 1), (1, Seat::West));
        // A side holding every trump: all of its longer hand's.
        let d = deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
        assert_eq!(sure_trumps(&bits(&d, Suit::Spades), 0), (13, Seat::North));
        assert_eq!(sure_trumps(&bits(&d, Suit::Spades), 1), (0, Seat::East));
    }

    #[test]
    fn the_issues_dealmaster_board_is_floored_by_shape_and_by_writer() {
        let d = deal("N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53");
        let t = DdTable::from_hex("1811118111819a8819a8").unwrap();
        let dealmaster = &KNOWN_FLOORS[0];
        let found = judge(
            &t,
            &d,
            Head {
                floor: Some(dealmaster),
                solved: false,
            },
        )
        .unwrap();
        assert!(found.by_writer);
        assert!(found.why.contains("Dealmaster Pro"), "{}", found.why);
        let found = judge(&t, &d, Head::default()).unwrap();
        assert!(!found.by_writer);
        assert_eq!(
            found.trust,
            Trust::Floored {
                stored: 1,
                at_most: 6
            }
        );
    }

    #[test]
    fn a_count_below_sure_trumps_is_impossible() {
        let d = deal("N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53");
        // A table with a 2 and a 3 (no floor's shape) and North at 1 in
        // hearts, holding the ace and king.
        let t = DdTable::from_hex("3813128111329a8329a8").unwrap();
        let found = judge(&t, &d, Head::default()).unwrap();
        assert_eq!(found.trust, Trust::Impossible);
        assert!(
            found
                .why
                .contains("North takes 1 with hearts trumps, but North holds 2"),
            "{}",
            found.why
        );
    }

    #[test]
    fn a_writers_floor_applies_only_where_the_table_fits_it() {
        let d = deal("N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53");
        let txt2pbn = &KNOWN_FLOORS[1];
        // Every East-West count 6, North-South's 7 or more: floored at 6.
        let t = DdTable::from_hex("78777787776666666666").unwrap();
        let found = judge(
            &t,
            &d,
            Head {
                floor: Some(txt2pbn),
                solved: false,
            },
        )
        .unwrap();
        assert_eq!(
            found.trust,
            Trust::Floored {
                stored: 6,
                at_most: 6
            }
        );
        // A 5 is no count txt2pbn writes: not its floor.
        let t = DdTable::from_hex("78777787776666566666").unwrap();
        assert_eq!(
            judge(
                &t,
                &d,
                Head {
                    floor: Some(txt2pbn),
                    solved: false
                }
            ),
            None
        );
    }

    #[test]
    fn under_a_solves_mark_a_floors_shape_is_a_real_table() {
        // North-South take 12 in every strain, East-West 1: a slam
        // practice deal's real table has the shape of a floor at 1.
        let d = deal("N:AKQJ.AKQ.AKQ.AKQ T987.J98.J98.J98 6543.T76.T76.T76 2.5432.5432.5432");
        let t = DdTable::from_hex("cccccccccc1111111111").unwrap();
        let unmarked = judge(&t, &d, Head::default()).unwrap();
        assert!(matches!(unmarked.trust, Trust::Floored { .. }));
        let solved = head_of(["% PBN 2.1", SOLVED_MARK]);
        assert!(solved.solved);
        assert_eq!(judge(&t, &d, solved), None);
    }

    #[test]
    fn a_partial_deal_gives_no_sure_trumps() {
        // North's AK of hearts with the other hands unknown: East-West's
        // hearts are not known, so none of North's is sure.
        let d = deal("N:JT6.AK95.J9.KJ72 - - -");
        let t = DdTable::from_hex("3813128111329a8329a8").unwrap();
        assert_eq!(judge(&t, &d, Head::default()), None);
    }

    #[test]
    fn a_solve_marks_any_head_once() {
        let mut info = crate::model::set::SetInfo::default();
        mark_solved(&mut info, false);
        assert_eq!(info.pbn, None, "no PBN head made unless asked");
        mark_solved(&mut info, true);
        mark_solved(&mut info, true);
        let pbn = info.pbn.as_ref().unwrap();
        assert_eq!(pbn.preamble, [SOLVED_MARK]);
        // After a flooring program's mark, in the head's line ends.
        let mut info = crate::model::set::SetInfo {
            pbn: Some(crate::model::extras::PbnInfo {
                preamble: vec![
                    "% PBN 2.1".into(),
                    "% BridgeNZ txt2pbn V0.1".into(),
                    "% more".into(),
                ],
                head: Some("% PBN 2.1\r\n% BridgeNZ txt2pbn V0.1\r\n% more\r\n".into()),
                ..Default::default()
            }),
            ..Default::default()
        };
        mark_solved(&mut info, true);
        let pbn = info.pbn.as_ref().unwrap();
        assert_eq!(pbn.preamble[2], SOLVED_MARK);
        assert_eq!(
            pbn.head.as_deref(),
            Some(&*format!(
                "% PBN 2.1\r\n% BridgeNZ txt2pbn V0.1\r\n{SOLVED_MARK}\r\n% more\r\n"
            ))
        );
        assert_eq!(head_of(pbn.preamble.iter().map(String::as_str)).floor, None);
    }

    #[test]
    fn partial_and_already_judged_tables_are_left_alone() {
        let d = deal("N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53");
        let mut t = DdTable::from_hex("1811118111819a8819a8").unwrap();
        t.set(Seat::North, Strain::NoTrump, None).unwrap();
        assert_eq!(judge(&t, &d, Head::default()), None);
        let mut t = DdTable::from_hex("1811118111819a8819a8").unwrap();
        t.set_trust(Trust::Impossible);
        assert_eq!(judge(&t, &d, Head::default()), None);
    }
}
