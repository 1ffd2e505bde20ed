//! The WTHOR database as one input (a folder of symlinks to the shared
//! files), its queries checked against counts made here from the files'
//! bytes and from the JSON Lines of the whole database; a WTB file a year;
//! GGF and PGN through WTB and back.

mod common;

use common::{expect, s, stderr};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

fn shared(dir: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(dir)
        .join(name)
}

/// The database's files: the years of both folders of shared data, and
/// the newest names files (they cover every year's indices).
fn files() -> Vec<PathBuf> {
    let mut v = vec![
        shared("othello", "WTH_1977.wtb"),
        shared("othello", "WTH_2004.wtb"),
        shared("othello", "WTHOR.JOU"),
        shared("othello", "WTHOR.TRN"),
    ];
    for y in [2001, 2003, 2011, 2019, 2020] {
        v.push(shared("wild/ledpup+Othello", &format!("WTH_{y}.wtb")));
    }
    v
}

/// A temporary folder of symlinks to the database's files.
fn database() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    std::fs::create_dir(&db).unwrap();
    for f in files() {
        std::os::unix::fs::symlink(&f, db.join(f.file_name().unwrap())).unwrap();
    }
    (dir, db)
}

/// Names of a JOU or TRN file, read here from the layout (16-byte header,
/// 20- or 26-byte NUL-padded Latin-1 records).
fn names(path: &Path, rec: usize) -> Vec<String> {
    let b = std::fs::read(path).unwrap();
    b[16..]
        .chunks_exact(rec)
        .map(|r| {
            let end = r.iter().position(|&c| c == 0).unwrap_or(rec);
            r[..end].iter().map(|&c| c as char).collect()
        })
        .collect()
}

/// Every game of the WTB files, read here from the layout: year, ids,
/// moves as text.
struct RawGame {
    year: u16,
    tournament: usize,
    black: usize,
    white: usize,
    moves: String,
}

fn raw_games() -> Vec<RawGame> {
    let mut out = Vec::new();
    for f in files().iter().filter(|f| s(f).ends_with(".wtb")) {
        let b = std::fs::read(f).unwrap();
        let year = u16::from_le_bytes([b[10], b[11]]);
        for r in b[16..].chunks_exact(68) {
            let id = |i: usize| u16::from_le_bytes([r[i], r[i + 1]]) as usize;
            let moves = r[8..]
                .iter()
                .take_while(|&&m| m != 0)
                .map(|&m| format!("{}{}", (b'a' + m % 10 - 1) as char, m / 10))
                .collect();
            out.push(RawGame {
                year,
                tournament: id(0),
                black: id(2),
                white: id(4),
                moves,
            });
        }
    }
    assert_eq!(out.len(), 21_255, "the seven years' games");
    out
}

fn jsonl(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v.get("moves").is_some())
        .collect()
}

fn field<'a>(v: &'a serde_json::Value, k: &str) -> &'a str {
    v[k].as_str().unwrap_or("")
}

#[test]
fn queries_keep_the_games_an_independent_filter_keeps() {
    let (dir, db) = database();
    let all = dir.path().join("all.jsonl");
    expect(0, &["convert", s(&db), s(&all)]);
    let whole = jsonl(&all);
    let raw = raw_games();
    assert_eq!(whole.len(), raw.len());
    let jou = names(&shared("othello", "WTHOR.JOU"), 20);
    let trn = names(&shared("othello", "WTHOR.TRN"), 26);

    let count = |args: &[&str]| -> usize {
        let out = dir.path().join("q.jsonl");
        let mut a = vec!["convert", s(&db), s(&out)];
        a.extend_from_slice(args);
        expect(0, &a);
        jsonl(&out).len()
    };

    // --player: the names file's names holding the text, either colour.
    for who in ["inoue", "Tamenori", "SHAMAN"] {
        let w = who.to_lowercase();
        let ids: HashSet<usize> = (0..jou.len())
            .filter(|&i| jou[i].to_lowercase().contains(&w))
            .collect();
        let by_bytes = raw
            .iter()
            .filter(|g| ids.contains(&g.black) || ids.contains(&g.white))
            .count();
        let by_jsonl = whole
            .iter()
            .filter(|v| {
                field(v, "black").to_lowercase().contains(&w)
                    || field(v, "white").to_lowercase().contains(&w)
            })
            .count();
        assert_eq!(by_bytes, by_jsonl, "{who}");
        assert!(by_bytes > 0, "{who} plays in the database");
        assert_eq!(count(&["--player", who]), by_bytes, "--player {who}");
        // info says the same.
        let run = expect(0, &["info", "--json", s(&db), "--player", who]);
        let o: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(o["selected"], by_bytes, "{o}");
        assert_eq!(o["games"], raw.len());
    }

    // --tournament.
    let ids: HashSet<usize> = (0..trn.len())
        .filter(|&i| trn[i].to_lowercase().contains("championnat de france"))
        .collect();
    let want = raw.iter().filter(|g| ids.contains(&g.tournament)).count();
    let by_jsonl = whole
        .iter()
        .filter(|v| {
            field(v, "tournament")
                .to_lowercase()
                .contains("championnat de france")
        })
        .count();
    assert_eq!((want, by_jsonl > 0), (by_jsonl, true));
    assert_eq!(count(&["--tournament", "championnat de FRANCE"]), want);

    // --year, a range and one year.
    let want = raw
        .iter()
        .filter(|g| (2001..=2004).contains(&g.year))
        .count();
    assert_eq!(want, 5540 + 3771 + 9113);
    assert_eq!(count(&["--year", "2001-2004"]), want);
    assert_eq!(count(&["--year", "1977"]), 12);
    assert_eq!(count(&["--year", "2005-2010"]), 0);

    // --opening: every WTHOR game opens f5, so the symmetric forms are the
    // plain prefix here.
    for opening in ["f5d6c3d3c4", "f5f6e6f4"] {
        let want = raw.iter().filter(|g| g.moves.starts_with(opening)).count();
        let by_jsonl = whole
            .iter()
            .filter(|v| field(v, "moves").starts_with(opening))
            .count();
        assert_eq!(want, by_jsonl);
        assert!(want > 0);
        assert_eq!(count(&["--opening", opening]), want, "{opening}");
    }
    // The same opening from d3 (turned about the anti-diagonal).
    assert_eq!(
        count(&["--opening", "d3c3c4"]),
        raw.iter().filter(|g| g.moves.starts_with("f5f6e6")).count()
    );

    // All at once.
    let ids: HashSet<usize> = (0..jou.len())
        .filter(|&i| jou[i].to_lowercase().contains("inoue"))
        .collect();
    let want = raw
        .iter()
        .filter(|g| {
            (ids.contains(&g.black) || ids.contains(&g.white))
                && g.year <= 2004
                && g.moves.starts_with("f5d6")
        })
        .count();
    assert_eq!(
        count(&["--player", "inoue", "--year", "-2004", "--opening", "f5d6"]),
        want
    );

    // A folder and the files given one by one are the same database.
    let listed = dir.path().join("listed.jsonl");
    let mut args = vec!["convert".to_string()];
    args.extend(files().iter().map(|f| s(f).to_string()));
    args.push(s(&listed).into());
    args.extend(["--year".into(), "2019".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    expect(0, &args);
    assert_eq!(jsonl(&listed).len(), 1127);
}

#[test]
fn a_wtb_file_a_year_reads_back_to_the_same_games() {
    let (dir, db) = database();
    // Every game: each year's file as the federation's, byte for byte, and
    // the names files beside them.
    let out = dir.path().join("out");
    let out_slash = format!("{}/", s(&out));
    expect(0, &["convert", s(&db), &out_slash]);
    for f in files() {
        let name = f.file_name().unwrap();
        assert_eq!(
            std::fs::read(out.join(name)).unwrap(),
            std::fs::read(&f).unwrap(),
            "{}",
            name.to_string_lossy()
        );
    }
    // A query: only its years, and read back as a database the same games
    // as the query's JSON Lines.
    let some = dir.path().join("some");
    std::fs::create_dir(&some).unwrap();
    expect(0, &["convert", s(&db), s(&some), "--player", "inoue"]);
    let mut years: Vec<String> = std::fs::read_dir(&some)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    years.sort();
    let q = dir.path().join("q.jsonl");
    expect(0, &["convert", s(&db), s(&q), "--player", "inoue"]);
    let queried = jsonl(&q);
    let mut per_year: BTreeMap<u64, usize> = BTreeMap::new();
    for v in &queried {
        *per_year.entry(v["year"].as_u64().unwrap()).or_default() += 1;
    }
    let mut want: Vec<String> = per_year.keys().map(|y| format!("WTH_{y}.wtb")).collect();
    want.extend(["WTHOR.JOU".into(), "WTHOR.TRN".into()]);
    want.sort();
    assert_eq!(years, want);
    let back = dir.path().join("back.jsonl");
    expect(0, &["convert", s(&some), s(&back)]);
    let strip = |v: &serde_json::Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("year");
        v
    };
    let back = jsonl(&back);
    assert_eq!(back.len(), queried.len());
    for (a, b) in back.iter().zip(&queried) {
        assert_eq!(strip(a), strip(b));
    }
    // Several years into one WTB file: refused, with the way out.
    let one = dir.path().join("one.wtb");
    let run = expect(2, &["convert", s(&db), s(&one)]);
    assert!(stderr(&run).contains("give a folder"), "{}", stderr(&run));
    assert!(!one.exists());
    // Writing over the database: refused.
    let run = expect(2, &["convert", s(&db), s(&db)]);
    assert!(stderr(&run).contains("refusing"), "{}", stderr(&run));
}

#[test]
fn ggf_and_pgn_through_wtb_keep_moves_names_and_scores() {
    let (dir, db) = database();
    let jou = shared("othello", "WTHOR.JOU");
    let trn = shared("othello", "WTHOR.TRN");
    for ext in ["ggf", "pgn"] {
        // Alan Woch's four games of 1977 (passes among them), names from
        // the files: to WTB their theoretical scores are solved again (a
        // few seconds a game at 24 empties), so the test keeps to a few.
        let text = dir.path().join(format!("some.{ext}"));
        let woch = ["--year", "1977", "--player", "woch"];
        expect(0, &[&["convert", s(&db), s(&text)][..], &woch].concat());
        let folder = dir.path().join(format!("wthor-{ext}/"));
        expect(
            0,
            &[
                "convert",
                s(&text),
                s(&folder),
                "--players",
                s(&jou),
                "--tournaments",
                s(&trn),
            ],
        );
        let again = dir.path().join(format!("again.{ext}"));
        expect(0, &["convert", s(&folder), s(&again)]);
        let (a, b) = (
            std::fs::read_to_string(&text).unwrap(),
            std::fs::read_to_string(&again).unwrap(),
        );
        assert!(a.len() > 1_000, "{ext}: games written");
        assert_eq!(a, b, "{ext}: GGF -> WTB -> GGF changed the text");
        if ext == "ggf" {
            assert!(a.contains("[PA]"), "passes among the games");
        }
        // The actual scores and ids match the federation's files: the
        // games of the folder are those of the database.
        let q = dir.path().join("q.jsonl");
        expect(0, &[&["convert", s(&db), s(&q)][..], &woch].concat());
        let back = dir.path().join("b.jsonl");
        expect(0, &["convert", s(&folder), s(&back)]);
        let key = |v: &serde_json::Value| {
            (
                v["black_id"].clone(),
                v["white_id"].clone(),
                v["tournament_id"].clone(),
                v["black_discs"].clone(),
                v["moves"].clone(),
            )
        };
        let (x, y) = (jsonl(&q), jsonl(&back));
        assert_eq!(x.len(), y.len());
        assert!(x.iter().zip(&y).all(|(a, b)| key(a) == key(b)), "{ext}");
    }
}

#[test]
fn bad_games_of_ggf_are_named_or_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let ggf = dir.path().join("games.ggf");
    let text = "(;GM[Othello]PB[a]PW[b]DT[2020.01.02]RE[+2.000]TY[8]B[f5]W[d6];)\n\
         (;GM[Othello]PB[a]PW[b]DT[2020.01.02]TY[8r16]B[f5];)\n\
         (;GM[Othello]PB[a]PW[b]DT[2020.01.02]TY[8]B[f5]W[f5];)\n";
    std::fs::write(&ggf, text).unwrap();
    let out = dir.path().join("out.jsonl");
    let run = expect(1, &["convert", s(&ggf), s(&out)]);
    let at = text.find("TY[8r16]").unwrap();
    assert!(
        stderr(&run).contains(&format!(":2:1: error: game 2: TY[8r16]: starts from a random position; WTHOR holds games from the standard start (GGF record 1, byte {at})")),
        "{}",
        stderr(&run)
    );
    assert!(!out.exists());
    let run = expect(0, &["convert", s(&ggf), s(&out), "--skip-bad"]);
    let err = stderr(&run);
    assert!(
        err.contains("games.ggf:3:") && err.contains("(GGF record 2, move 2, byte"),
        "{err}"
    );
    assert!(
        err.contains("games: 1 read, 2 left out for errors"),
        "{err}"
    );
    let games = jsonl(&out);
    assert_eq!(games.len(), 1);
    assert_eq!(field(&games[0], "black"), "a");
    assert_eq!(games[0]["black_discs"], 33);
    // To WTB the game that reads stops after two moves: it has no
    // theoretical score to solve, so --skip-bad leaves it out too, named.
    let wtb = dir.path().join("out.wtb");
    let run = expect(
        0,
        &[
            "convert",
            s(&ggf),
            s(&wtb),
            "--skip-bad",
            "--players",
            s(&shared("othello", "WTHOR.JOU")),
        ],
    );
    assert!(
        stderr(&run).contains("game 1 left out: no theoretical score"),
        "{}",
        stderr(&run)
    );
    // A PGN file is told by its content, from PBN's look-alike tags.
    let pgn = dir.path().join("games.txt");
    std::fs::write(
        &pgn,
        "[Event \"x\"]\n[Black \"a\"]\n[White \"b\"]\n\n1. f5 d6 2. c3 *\n",
    )
    .unwrap();
    let run = expect(0, &["info", s(&pgn)]);
    assert!(String::from_utf8_lossy(&run.stdout).contains("PGN"));
    // Past the 1,000 errors kept, the games left out are still counted.
    let many = dir.path().join("many.ggf");
    let mut text = "(;GM[Othello]TY[8r16]B[f5];)\n".repeat(1001);
    text.push_str("(;GM[Othello]RE[+2.000]TY[8]B[f5]W[d6];)\n");
    std::fs::write(&many, text).unwrap();
    let run = expect(0, &["convert", s(&many), s(&out), "--skip-bad"]);
    let err = stderr(&run);
    assert!(err.contains("and 1 more game with errors"), "{err}");
    assert!(
        err.contains("games: 1 read, 1001 left out for errors"),
        "{err}"
    );
    // So does validate: 1,000 listed, one more counted.
    let run = expect(1, &["validate", s(&many), "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["errors"].as_array().unwrap().len(), 1000, "{report}");
    assert_eq!(report["more_errors"], 1, "{report}");
    let run = expect(1, &["validate", s(&many)]);
    assert!(stderr(&run).contains("and 1 more error\n"));
}

#[test]
fn a_broken_file_of_the_database_is_named() {
    let (dir, db) = database();
    let bad = db.join("WTH_2020.wtb");
    let mut bytes = std::fs::read(&bad).unwrap();
    std::fs::remove_file(&bad).unwrap();
    // Game 5, move 1: a1, not legal.
    bytes[16 + 68 * 5 + 8] = 11;
    std::fs::write(&bad, &bytes).unwrap();
    let run = expect(1, &["validate", s(&db)]);
    let err = stderr(&run);
    assert!(err.contains("WTH_2020.wtb:record 5, move 1 (byte"), "{err}");
    let out = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(out.contains("WTH_2004.wtb: valid"), "{out}");
    assert!(
        out.contains("1 error (WTHOR database, 7 game files, 21255 games"),
        "{out}"
    );
    // A query leaves out the problems of the games it does not keep.
    expect(0, &["validate", s(&db), "--year", "2004"]);
    // A game that does not replay goes through a conversion as it stands
    // (validation finds it); a file cut short stops it, named.
    expect(0, &["convert", s(&db), s(&dir.path().join("x.jsonl"))]);
    std::fs::write(&bad, &bytes[..bytes.len() - 10]).unwrap();
    let run = expect(1, &["convert", s(&db), s(&dir.path().join("x.jsonl"))]);
    assert!(
        stderr(&run).contains("WTH_2020.wtb:byte 18172: error: ") && stderr(&run).contains("(WTB)"),
        "{}",
        stderr(&run)
    );
    // Not a WTHOR file among the inputs: named.
    let txt = dir.path().join("notes.txt");
    std::fs::write(&txt, "hello").unwrap();
    let run = expect(
        1,
        &["convert", s(&bad), s(&txt), s(&dir.path().join("y.jsonl"))],
    );
    assert!(stderr(&run).contains("notes.txt: "), "{}", stderr(&run));
}

#[test]
fn a_query_says_how_many_games_had_no_name_to_match() {
    // The wild folder's WTHOR.TRN is older than its WTH_2019: the games
    // whose tournament index is past its end have no tournament name, so
    // no --tournament query can keep them. Counted here from the bytes.
    let dir = tempfile::tempdir().unwrap();
    let trn_path = shared("wild/ledpup+Othello", "WTHOR.TRN");
    let trn = names(&trn_path, 26);
    let year = std::fs::read(shared("wild/ledpup+Othello", "WTH_2019.wtb")).unwrap();
    let past = year[16..]
        .chunks_exact(68)
        .filter(|r| usize::from(u16::from_le_bytes([r[0], r[1]])) >= trn.len())
        .count();
    assert!(past > 0, "the names file covers every game: no case here");
    let wtb = shared("wild/ledpup+Othello", "WTH_2019.wtb");
    let out = dir.path().join("q.jsonl");
    // A tournament name no game has: every game with a name is refused by
    // its name, the others for want of one, and those are counted.
    let run = expect(
        0,
        &[
            "convert",
            s(&wtb),
            s(&trn_path),
            s(&out),
            "--tournament",
            "no such tournament",
        ],
    );
    let err = stderr(&run);
    assert!(
        err.contains(&format!(
            "warning: {past} games not kept had no name to match"
        )),
        "{past} past the names file: {err}"
    );
    // validate says the same, and counts them in its JSON.
    let query = ["--tournament", "no such tournament"];
    let run = expect(
        0,
        &[&["validate", s(&wtb), s(&trn_path)][..], &query].concat(),
    );
    assert!(
        stderr(&run).contains(&format!(
            "warning: {past} games not kept had no name to match"
        )),
        "{}",
        stderr(&run)
    );
    let run = expect(
        0,
        &[&["validate", s(&wtb), s(&trn_path), "--json"][..], &query].concat(),
    );
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["nameless"], past, "{report}");
    // With every game named, nothing to say.
    let run = expect(
        0,
        &[
            "convert",
            s(&wtb),
            s(&shared("othello", "WTHOR.TRN")),
            s(&out),
            "--tournament",
            "no such tournament",
        ],
    );
    assert!(
        !stderr(&run).contains("no name to match"),
        "{}",
        stderr(&run)
    );
}
