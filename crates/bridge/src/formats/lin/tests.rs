//! LIN against hand-made files: the PBN standard's example game put into
//! LIN by hand, and a vugraph file of three boards.

use super::*;
use crate::codec::Format;
use crate::model::auction::{Annotated, CardToken};
use crate::model::set::BoardSet;
use crate::records::read as read_file;

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/bridge")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn lin(bytes: &[u8]) -> BoardSet {
    read_file(Format::Lin, bytes)
        .unwrap_or_else(|e| panic!("{e}"))
        .set
}

fn write_vec(format: Format, set: &BoardSet) -> Vec<u8> {
    let mut out = Vec::new();
    crate::records::write(format, set, &mut out).unwrap();
    out
}

#[test]
fn the_standards_example_in_lin_is_the_pbn_game() {
    let from_lin = lin(&fixture("pbn-spec-example.lin"));
    let from_pbn = read_file(Format::Pbn, &fixture("pbn-spec-example.pbn"))
        .unwrap()
        .set;
    let (l, p) = (&from_lin.boards[0], &from_pbn.boards[0]);
    assert_eq!(
        (l.number, l.dealer, l.vulnerability, l.deal),
        (p.number, p.dealer, p.vulnerability, p.deal)
    );
    for tag in [
        "West", "North", "East", "South", "Declarer", "Contract", "Result",
    ] {
        assert_eq!(l.tag(tag), p.tag(tag), "{tag}");
    }
    // The alerts and their explanations are the PBN notes.
    assert_eq!(l.auction, p.auction);
    // The cards, laid out in PBN's rows from the opening leader; the PBN
    // game's note on the opening lead has no LIN form.
    let (lp, pp) = (l.play.as_ref().unwrap(), p.play.as_ref().unwrap());
    assert_eq!(lp.first, Seat::West);
    let tokens = |play: &Play| play.cards.iter().map(|c| c.token).collect::<Vec<_>>();
    assert_eq!(tokens(lp), tokens(pp));
    assert_eq!(lp.cards[27].token, CardToken::Card("H2".parse_card()));
    assert!(lp.stopped, "the claim ends the play as PBN's * does");
}

trait ParseCard {
    fn parse_card(&self) -> Card;
}

impl ParseCard for str {
    fn parse_card(&self) -> Card {
        parse_card(self).unwrap()
    }
}

#[test]
fn vugraph_rooms_players_and_results() {
    let bytes = fixture("vugraph-3boards.lin");
    let set = lin(&bytes);
    let header = &set.info.lin.as_ref().unwrap().header;
    assert!(
        header.starts_with("vg|Test Cup,") && header.ends_with("pg||\n"),
        "{header:?}"
    );
    let view: Vec<_> = set
        .boards
        .iter()
        .map(|b| {
            (
                b.number,
                b.tag("Room"),
                b.tag("South"),
                b.tag("East"),
                b.tag("Contract"),
                b.tag("Declarer"),
                b.tag("Result"),
            )
        })
        .collect();
    assert_eq!(
        view,
        [
            (
                1,
                Some("Open"),
                Some("OpenS"),
                Some("OpenE"),
                Some("4S"),
                Some("S"),
                Some("11")
            ),
            (
                1,
                Some("Closed"),
                Some("ClosedS"),
                Some("ClosedE"),
                Some("4SX"),
                Some("S"),
                Some("10")
            ),
            (
                2,
                Some("Open"),
                Some("OpenS"),
                Some("OpenE"),
                Some("4S"),
                Some("N"),
                None
            ),
        ]
    );
    assert!(set
        .boards
        .iter()
        .all(|b| b.tag("Event") == Some("Test Cup")));
    // The three-hand md: East holds the rest.
    assert_eq!(
        set.boards[0].deal.hand(Seat::East).to_string(),
        "K.QJ76.K98763.75"
    );
    assert_eq!(set.boards[2].vulnerability, Vulnerability::NS);
    let a = set.boards[2].auction.as_ref().unwrap();
    assert_eq!(a.first, Seat::East);
    assert_eq!(a.calls[3].note, Some(1));
    assert_eq!(a.notes, ["1:could be light"]);
    // Two tricks of board 1: West's DA wins, then North's CA.
    let p = set.boards[0].play.as_ref().unwrap();
    let order: Vec<String> = p
        .chronological(Some(Suit::Spades))
        .iter()
        .map(|(s, c)| format!("{}{c}", s.letter()))
        .collect();
    assert_eq!(order.join(" "), "WDA NDQ ED3 SDT WCQ NCA EC5 SC2");
    assert_eq!(write_vec(Format::Lin, &set), bytes);
}

#[test]
fn a_changed_board_keeps_its_text_but_what_changed_and_the_others_as_they_were() {
    let bytes = fixture("vugraph-3boards.lin");
    let original = String::from_utf8(bytes.clone()).unwrap();
    let keep = original.find("qx|o2|").unwrap();
    // The vulnerability: only board 2's sv| value is written anew.
    let mut set = lin(&bytes);
    set.boards[2].vulnerability = Vulnerability::All;
    let out = String::from_utf8(write_vec(Format::Lin, &set)).unwrap();
    assert_eq!(&out[..keep], &original[..keep]);
    assert_eq!(
        &out[keep..],
        original[keep..].replacen("|sv|n|", "|sv|b|", 1)
    );
    // An auction LIN's commands cannot be patched to: the board is written
    // anew, in the module's form, and the others as they were.
    let mut set = lin(&bytes);
    set.boards[2].vulnerability = Vulnerability::All;
    set.boards[2].auction.as_mut().unwrap().calls.truncate(4);
    let out = String::from_utf8(write_vec(Format::Lin, &set)).unwrap();
    assert_eq!(&out[..keep], &original[..keep]);
    assert_eq!(
        &out[keep..],
        "qx|o2|pn|OpenS,OpenW,OpenN,OpenE|st||md|4S532H854DQ43CKT62,SJT6HA92DK9765CJ9,SAKQ984HKQT7DCQ83,S7HJ63DAJT82CA754|rh||ah|Board 2|sv|b|mb|1D|mb|p|mb|p|mb|1S!|an|could be light|pg||\n"
    );
    let back = lin(out.as_bytes());
    assert_eq!(back.boards.len(), 3);
    for (x, y) in set.boards[..2].iter().zip(&back.boards) {
        assert!(lin_view(x) == lin_view(y), "board {}", x.number);
    }
    assert_eq!(back.boards[2].auction, set.boards[2].auction);
    assert_eq!(back.boards[2].vulnerability, Vulnerability::All);
}

#[test]
fn pbn_to_lin_and_back_keeps_the_game() {
    let pbn = read_file(Format::Pbn, &fixture("pbn-spec-example.pbn"))
        .unwrap()
        .set;
    let as_lin = write_vec(Format::Lin, &pbn);
    // The same bytes as the game put into LIN by hand.
    assert_eq!(
        String::from_utf8(as_lin.clone()).unwrap(),
        String::from_utf8(fixture("pbn-spec-example.lin")).unwrap()
    );
    let back = lin(&as_lin);
    let (x, y) = (&pbn.boards[0], &back.boards[0]);
    assert_eq!(
        (x.deal, x.dealer, &x.auction),
        (y.deal, y.dealer, &y.auction)
    );
    for tag in [
        "West", "North", "East", "South", "Contract", "Declarer", "Result",
    ] {
        assert_eq!(x.tag(tag), y.tag(tag), "{tag}");
    }
}

#[test]
fn errors_name_line_and_column() {
    let e = read_file(Format::Lin, b"pn|a,b,c,d|\nmd|3SAKQ").unwrap_err();
    assert_eq!(
        e.to_string(),
        "LIN error at line 2, column 1 (byte 12): command md| has no closing |"
    );
    let e = read_file(Format::Lin, b"md|3SA,SA,,|").unwrap_err();
    assert!(e.to_string().contains("SA is in two hands"), "{e}");
    let e = read_file(Format::Lin, b"md|3,,,|mb|1S|pc|S1|").unwrap_err();
    assert_eq!(
        e.to_string(),
        "LIN error at record 0 (line 1, column 15, byte 14): pc \"S1\" is not a card"
    );
    assert!(!sniff(b"[Event \"x\"]"));
    assert!(sniff(b"\n qx|o1|"));
}

#[test]
fn a_left_out_east_is_the_cards_the_others_do_not_hold() {
    // BBO leaves the fourth hand out: South, West and North hold 13 each.
    let set = lin(b"md|3SKQ84HT6D8742C852,S3HK52DQJ653CAQT4,SAJ76H873DA9C9763|\n");
    let deal = set.boards[0].deal;
    assert!(deal.is_complete());
    assert_eq!(
        deal.to_pbn(),
        "N:AJ76.873.A9.9763 T952.AQJ94.KT.KJ KQ84.T6.8742.852 3.K52.QJ653.AQT4"
    );
    // So an East not known beside three whole hands cannot be said, and
    // the conversion says what it becomes.
    let partial = read_file(
        Format::Pbn,
        b"[Deal \"S:KQ84.T6.8742.852 3.K52.QJ653.AQT4 AJ76.873.A9.9763 -\"]\n",
    )
    .unwrap()
    .set;
    assert!(!partial.boards[0].deal.is_complete());
    assert!(crate::records::losses(&partial, Format::Lin)
        .iter()
        .any(|l| l.kind == crate::codec::keeps::LossKind::LoneEast
            && l.to_string()
                .contains("an unknown East hand beside three whole ones")));
    assert_eq!(lin(&write_vec(Format::Lin, &partial)).boards[0].deal, deal);
    // A hand other than East left unknown stays unknown.
    let partial = read_file(
        Format::Pbn,
        b"[Deal \"S:KQ84.T6.8742.852 - AJ76.873.A9.9763 T952.AQJ94.KT.KJ\"]\n",
    )
    .unwrap()
    .set;
    let back = lin(&write_vec(Format::Lin, &partial));
    assert_eq!(back.boards[0].deal, partial.boards[0].deal);
    assert!(crate::records::losses(&partial, Format::Lin)
        .iter()
        .all(|l| !l.to_string().contains("East")));
}

#[test]
fn board_labels_with_url_escapes_are_unescaped_and_said() {
    // BBO's links give ah|Board%2010|: board 10, not 2010 (hand-checked).
    let text = "qx|o1|md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|rh||ah|Board%2010|sv|o|pg||\n\
                qx|o2|md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|rh||ah|Board%2011|sv|o|pg||\n";
    let outcome = read_file(Format::Lin, text.as_bytes()).unwrap();
    let numbers: Vec<u32> = outcome.set.boards.iter().map(|b| b.number).collect();
    assert_eq!(numbers, [10, 11]);
    assert_eq!(outcome.warnings.len(), 1, "{:?}", outcome.warnings);
    let w = outcome.warnings[0].to_string();
    assert!(
        w.contains(r#""Board%2010""#) && w.contains(r#""Board 10", board 10"#),
        "{w}"
    );
    assert_eq!(unescaped("Board 3"), None);
    assert_eq!(unescaped("a%2Cb%zz%"), Some("a,b%zz%".into()));
}

#[test]
fn what_a_board_does_not_give_is_marked_inferred() {
    // No sv| and no dealer digit: by the Laws for board 2 (East deals,
    // North-South vulnerable), and marked so; the number is given.
    let text =
        "qx|o2|md|SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|rh||ah|Board 2|pg||\n";
    let b = &lin(text.as_bytes()).boards[0];
    assert_eq!(
        (b.number, b.dealer, b.vulnerability),
        (
            2,
            crate::model::deal::Seat::East,
            crate::model::board::Vulnerability::NS
        )
    );
    let fields: Vec<&str> = b.inferred.names().collect();
    assert_eq!(fields, ["dealer", "vulnerable"]);
}

#[test]
fn a_play_without_a_contract_is_placed_by_who_holds_each_card() {
    // North holds the spades, East the hearts, South the diamonds, West
    // the clubs. No auction: North leads the ace of spades (the first
    // card), and West, who is next to lead, must have won the first
    // trick. Worked out by hand: trick 2 is West's CA, North's SK, East's
    // H3, South's D3 (by a no-trump count, North would have led it).
    let text = "qx|o1|md|3DAKQJT98765432,CAKQJT98765432,SAKQJT98765432|rh||ah|Board 1|\
                pc|SA|pc|H2|pc|D2|pc|C2|pc|CA|pc|SK|pc|H3|pc|D3|\n";
    let b = &lin(text.as_bytes()).boards[0];
    let p = b.play.as_deref().unwrap();
    assert_eq!(p.first, crate::model::deal::Seat::North);
    let rows: Vec<String> = p
        .cards
        .iter()
        .map(|c| match c.token {
            CardToken::Card(c) => c.to_string(),
            _ => "-".into(),
        })
        .collect();
    // Rows from North: North, East, South, West.
    assert_eq!(rows, ["SA", "H2", "D2", "C2", "SK", "H3", "D3", "CA"]);
    assert!(b.inferred.names().any(|n| n == "leader"));
    // With an auction, the contract gives the leader: nothing inferred.
    let text = "qx|o1|md|3DAKQJT98765432,CAKQJT98765432,SAKQJT98765432|rh||ah|Board 1|\
                mb|p|mb|1N|mb|p|mb|p|mb|p|pc|D2|\n";
    let b = &lin(text.as_bytes()).boards[0];
    assert_eq!(
        b.play.as_deref().unwrap().first,
        crate::model::deal::Seat::South
    );
    assert!(b.inferred.names().all(|n| n != "leader"));
}

#[test]
fn a_claim_is_written_from_every_form_of_the_result_tag_that_gives_one() {
    // The standard's game: South declares 5HX and the play stops after 7
    // tricks and a card, a claim (its Result "9").
    let base = read_file(Format::Pbn, &fixture("pbn-spec-example.pbn"))
        .unwrap()
        .set;
    let mc = |result: &str, goes_on: bool| -> Option<String> {
        let mut set = base.clone();
        let b = &mut set.boards[0];
        b.set_tag("Result", result.to_string());
        if goes_on {
            // `+`: the play goes on, so the Result may be the partial one
            // of PBN 2.1 3.4.15 or the final one: no claim is guessed.
            let p = b.play.as_mut().unwrap();
            p.cards.push(Annotated::plain(CardToken::Next));
            p.stopped = false;
        }
        let text = String::from_utf8(write_vec(Format::Lin, &set)).unwrap();
        let claim = text
            .split("mc|")
            .nth(1)
            .map(|s| s.split('|').next().unwrap().to_string());
        let back = lin(text.as_bytes()).boards[0]
            .tag("Result")
            .map(str::to_string);
        assert_eq!(back, claim, "{result:?}: the Result read back is the claim");
        // The loss is counted as the tag's, unless it comes back as it was.
        assert_eq!(
            crate::losses::given_by_play(
                &set.boards[0],
                set.boards[0].auction.as_ref().and_then(|a| a.contract()),
                &crate::model::board::Tag::new("Result", result.to_string())
            ),
            back.as_deref() == Some(result),
            "{result:?}"
        );
        claim
    };
    let some = |n: &str| Some(n.to_string());
    // Declarer's tricks as they are: the Result comes back the same, and
    // no loss is counted.
    assert_eq!(mc("9", false), some("9"));
    // South's side's tricks, or 13 less the defenders': the claim is
    // written, and the Result's own form is counted lost.
    assert_eq!(mc("NS 9 EW 4", false), some("9"));
    assert_eq!(mc("EW 4 NS 9", false), some("9"));
    assert_eq!(mc("NS 9", false), some("9"));
    assert_eq!(mc("EW 4", false), some("9"));
    // No claim to write: sides that do not make 13, a result the players
    // agreed on against the play (`^`), and a play that goes on (`+`).
    assert_eq!(mc("NS 9 EW 5", false), None);
    assert_eq!(mc("^9", false), None);
    assert_eq!(mc("9", true), None);
}

#[test]
fn md_hands_of_different_lengths_are_said() {
    // South, West, North given: 13, 13, 12 (North's C2 lost), East left
    // out. Three 13s would give East the rest; here East stays unknown and
    // the deal is read as the partial deal it is, with a warning naming
    // the lengths (hand-counted). A board whose three hands hold 13 each
    // is not warned of.
    let short = "qx|o1|md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|rh||ah|Board 1|sv|o|pg||\n\
                 qx|o2|md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C87,|rh||ah|Board 2|sv|o|pg||\n";
    let outcome = read_file(Format::Lin, short.as_bytes()).unwrap();
    assert_eq!(outcome.set.boards.len(), 2);
    assert!(outcome.set.boards[0].deal.is_complete());
    assert_eq!(outcome.set.boards[1].deal.hand(Seat::North).len(), 12);
    assert_eq!(outcome.warnings.len(), 1, "{:?}", outcome.warnings);
    let w = outcome.warnings[0].to_string();
    assert!(
        w.contains(
            "board 2: md's hands hold different numbers of cards (North 12, South 13, West 13)"
        ),
        "{w}"
    );
}
