//! What the fuzz targets check, shared so that each target is one line.
//!
//! Every target must not panic, hang or allocate without bound on any
//! input. Beyond that, each asserts what a reader and its writer promise:
//! strict and collecting reading agree, whatever reads can be written in
//! every format and read back with the same cards, and a format's own
//! writer gives back the model its reader made (a round trip) and is a
//! fixed point from then on.

pub mod bridge;
pub mod othello;

/// Format sniffing on any bytes, and reading in the sniffed format.
pub fn sniff(data: &[u8]) {
    use boardfile_bridge::{detect, read, validate, Format};
    use boardfile_othello::{text, OthelloFormat};
    let sniffed = Format::sniff(data);
    // The first byte picks an extension, as a path would give it.
    let names = ["in.bri", "in.zrd", "in.pbn", "in.zbs", "in.txt", "in"];
    let path = data
        .first()
        .map(|b| std::path::PathBuf::from(names[*b as usize % names.len()]));
    if let Ok(f) = detect(data, path.as_deref()) {
        assert!(f.can_read(), "detected {f}, which is not read");
        let _ = validate(f, data);
    }
    if let Some(f) = sniffed {
        let _ = read(f, data);
    }
    // Bridge and Othello JSON Lines are told apart by content: what reads
    // as one with data in it is not taken for the other.
    let othello = text::sniff_jsonl(data);
    if let Ok(o) = read(Format::Jsonl, data) {
        if o.set != Default::default() {
            assert!(!othello, "bridge JSON Lines taken for Othello");
        }
    }
    if let Ok(f) = text::read_jsonl(data, &mut Default::default(), &mut Default::default()) {
        if !f.games.is_empty() {
            assert!(othello, "Othello JSON Lines not told from bridge");
        }
    }
    let size = text::transcript_size(data);
    let _ = text::read_transcripts(data, size, &mut Default::default());
    let _ = (
        boardfile_othello::ggf::sniff(data),
        boardfile_othello::pgn::sniff(data),
    );
    if let Some(p) = path {
        let _ = OthelloFormat::from_path(&p);
    }
}

/// A dealer-language script: parsing any text gives a script or an error
/// with its place, never a panic; a script that parses is evaluated on a
/// few deals (its condition and every variable), and one that does not
/// solve double dummy deals a few boards with its actions' statistics.
pub fn dealer_script(data: &[u8]) {
    use boardfile_bridge::deal::dealer::{Evaluator, Generator, Script};
    use boardfile_bridge::deal::seeded::Seed;
    use boardfile_bridge::Deal;
    let text = String::from_utf8_lossy(data);
    let Ok(script) = Script::parse(&text) else {
        return;
    };
    if script.uses_tricks() {
        return;
    }
    let shared = std::sync::Arc::new(script.clone());
    let mut eval = Evaluator::new(shared);
    for n in [1u128, 1 << 90, 53_644_737_765_488_792_839_237_440_000 - 1] {
        if let Some(deal) = Deal::from_number(n) {
            eval.set_deal(&deal);
            let _ = eval.accepts();
        }
    }
    let seed = Seed::parse("f022").expect("a seed");
    let mut g = Generator::new(&script, &seed, 1, 3, 1, 300);
    g.enable_printout(boardfile_bridge::deal::dealer::PrintoutTags::new(
        "fuzz",
        "2000.01.01",
    ));
    let mut diag = boardfile_bridge::Diagnostics::collecting();
    while let Ok(Some(_)) = boardfile_bridge::BoardReader::next_board(&mut g, &mut diag) {
        let _ = g.take_printout();
    }
    let _ = g.report().write_text(&mut Vec::new());
}

/// A SquareDeal description and its keys (split at the first NUL byte):
/// an error, never a panic; when they check, a few deals of each phase's
/// first session are made, original and reserve.
pub fn squaredeal(data: &[u8]) {
    use boardfile_bridge::deal::bigdeal::squaredeal::{Keys, Tournament};
    use boardfile_bridge::deal::bigdeal::Boards;
    use boardfile_bridge::Deal;
    let (sqd, sqk) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &b""[..]),
    };
    let Ok(t) = Tournament::parse(sqd) else {
        return;
    };
    let _ = Tournament::parse(t.to_text().as_bytes()).expect("its own text reads back");
    let Ok(keys) = Keys::parse(sqk) else {
        return;
    };
    let _ = keys.hash();
    // The hash will not match a fuzzed one: make sessions regardless.
    for phase in 1..=t.phases.len().min(4) as u32 {
        for reserve in [false, true] {
            if let Ok(sessions) = t.sessions(&keys, phase, Boards::new(1, 1), reserve, None) {
                for s in sessions {
                    for g in s.run.numbers().take(2) {
                        assert!(Deal::from_goedel(g).is_some());
                    }
                }
            }
        }
    }
}
