//! `boardfile solve` on Othello endgame positions (OBF): the FFO problems'
//! published move scores are the oracle.

mod common;
use common::{expect, s, stderr};
use std::path::PathBuf;

fn ffo(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/othello/ffo")
        .join(name)
}

/// The federation's WTH_1977.
fn wth_1977() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/othello/WTH_1977.wtb")
}

/// WTH_1977's first `n` games, the header counting them.
fn first_games(n: usize) -> Vec<u8> {
    let mut b = std::fs::read(wth_1977()).unwrap()[..16 + n * 68].to_vec();
    b[4..8].copy_from_slice(&(n as u32).to_le_bytes());
    b
}

/// A JSON Lines file in `dir` of one 10x10 game (e4 opens the 10x10
/// board) with a stored theoretical score.
fn ten_by_ten(dir: &std::path::Path) -> PathBuf {
    let path = dir.join("ten.jsonl");
    std::fs::write(
        &path,
        "{\"year\":2000,\"board_size\":10,\"black_discs\":60,\"theoretical_score\":60,\"moves\":\"e4\"}\n",
    )
    .unwrap();
    path
}

/// Each line's moves and scores, in a canonical order (equal scores may
/// come in either order).
fn scored(text: &str) -> Vec<(String, Vec<String>)> {
    text.lines()
        .map(|l| {
            let mut fields = l.split(';').map(str::trim).filter(|f| !f.is_empty());
            let board = fields.next().unwrap().to_string();
            let mut moves: Vec<String> = fields.map(str::to_string).collect();
            moves.sort();
            (board, moves)
        })
        .collect()
}

#[test]
fn solves_ffo_1_to_19_into_the_files_lines() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("solved.obf");
    // Without the scores, so that nothing is copied through.
    let bare: String = std::fs::read_to_string(ffo("fforum-1-19.obf"))
        .unwrap()
        .lines()
        .map(|l| format!("{};\n", l.split(';').next().unwrap()))
        .collect();
    let input = dir.path().join("bare.obf");
    std::fs::write(&input, bare).unwrap();
    expect(0, &["solve", s(&input), s(&out), "--jobs", "2"]);
    let got = std::fs::read_to_string(&out).unwrap();
    let want = std::fs::read_to_string(ffo("fforum-1-19.obf")).unwrap();
    assert_eq!(scored(&got), scored(&want));
    // Best first, Edax's writing (`+0`, upper case).
    for line in got.lines() {
        let scores: Vec<i32> = line
            .split(';')
            .skip(1)
            .filter_map(|f| f.split_once(':').map(|(_, v)| v.parse().unwrap()))
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{line}");
    }
}

#[test]
fn best_gives_each_positions_best_move_and_score_as_ffo_states_them() {
    // The file's lines give every move's published score: --best must
    // give one of the moves with the highest, and that score.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("best.obf");
    expect(
        0,
        &[
            "solve",
            s(&ffo("fforum-1-19.obf")),
            s(&out),
            "--best",
            "--jobs",
            "2",
        ],
    );
    let got = std::fs::read_to_string(&out).unwrap();
    let want = std::fs::read_to_string(ffo("fforum-1-19.obf")).unwrap();
    let score = |f: &str| -> (String, i32) {
        let (m, v) = f.split_once(':').unwrap();
        (m.to_string(), v.parse().unwrap())
    };
    assert_eq!(got.lines().count(), want.lines().count());
    for (g, w) in got.lines().zip(want.lines()) {
        let g: Vec<&str> = g
            .split(';')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .collect();
        let w: Vec<&str> = w
            .split(';')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .collect();
        assert_eq!(g[0], w[0]);
        assert_eq!(g.len(), 2, "one move: {g:?}");
        let (best, value) = score(g[1]);
        let top = w[1..].iter().map(|f| score(f).1).max().unwrap();
        assert_eq!(value, top, "{}", w[0]);
        assert!(
            w[1..].contains(&format!("{best}:{value:+}").as_str()),
            "{g:?} not in {w:?}"
        );
    }
    // A bridge solve has no use for it, and says so.
    let bridge = dir.path().join("s.pbn");
    std::fs::write(&bridge, "[Board \"1\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n").unwrap();
    let err = stderr(&expect(
        2,
        &["solve", s(&bridge), s(&dir.path().join("o.pbn")), "--best"],
    ));
    assert!(err.contains("--best is for Othello"), "{err}");
}

#[test]
fn standard_input_and_output_pass_and_end() {
    // A player who must pass, and a finished game (hand-worked: see the
    // library's endgame tests).
    let pass = format!("{}XXXXXXO- O;", "X".repeat(56));
    let over = format!("{}OOOOOO-- X;", "X".repeat(56));
    let mut child = std::process::Command::new(common::bin())
        .args(["solve", "-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    write!(child.stdin.take().unwrap(), "% two\n{pass}\n{over}\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("% two\n{pass} PS:-64;\n{over} +52;\n")
    );
}

#[test]
fn refuses_a_bad_line_and_a_non_obf_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bad.obf");
    std::fs::write(
        &input,
        format!(
            "{}XXXXXXO- O;\n{}XXXXXXO- Q;\n",
            "X".repeat(56),
            "X".repeat(56)
        ),
    )
    .unwrap();
    let out = expect(1, &["solve", s(&input), s(&dir.path().join("o.obf"))]);
    assert!(stderr(&out).contains("bad.obf:2:"), "{}", stderr(&out));
    let out = expect(
        2,
        &[
            "solve",
            s(&ffo("fforum-1-19.obf")),
            s(&dir.path().join("o.pbn")),
        ],
    );
    assert!(stderr(&out).contains("OBF"), "{}", stderr(&out));
}

#[test]
fn a_stored_theoretical_score_past_the_board_is_said() {
    // WTH_1977's first three games, the first's theoretical byte broken.
    let dir = tempfile::tempdir().unwrap();
    let wtb = wth_1977();
    let three = first_games(3);
    let broken = |byte: u8| {
        let mut b = three.clone();
        b[16 + 7] = byte;
        let path = dir.path().join(format!("t{byte}.wtb"));
        std::fs::write(&path, b).unwrap();
        path
    };
    // 255 stands for none: solved again, which gives back the
    // federation's stored value, and said.
    let out = dir.path().join("back.wtb");
    let run = expect(0, &["convert", s(&broken(255)), s(&out)]);
    assert!(
        stderr(&run).contains("game 1: the theoretical score 255 is more than 64: read as none"),
        "{}",
        stderr(&run)
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        three,
        "solved as the federation stored it"
    );
    // So from a database folder to another.
    let db = dir.path().join("db");
    std::fs::create_dir(&db).unwrap();
    std::fs::copy(broken(255), db.join("WTH_1977.wtb")).unwrap();
    let out_db = dir.path().join("out");
    let run = expect(0, &["convert", s(&db), &format!("{}/", out_db.display())]);
    assert!(
        stderr(&run).contains("game 1: the theoretical score 255 is more than 64: read as none"),
        "{}",
        stderr(&run)
    );
    assert_eq!(std::fs::read(out_db.join("WTH_1977.wtb")).unwrap(), three);
    // Another value is kept as stored, and said.
    let out = dir.path().join("t.jsonl");
    let run = expect(0, &["convert", s(&broken(200)), s(&out)]);
    assert!(
        stderr(&run).contains("game 1: the theoretical score 200 is more than 64: kept as it is"),
        "{}",
        stderr(&run)
    );
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("\"theoretical_score\":200"));
    // Back from JSON Lines: said again, and the same bytes.
    let back = dir.path().join("back200.wtb");
    let run = expect(0, &["convert", s(&out), s(&back)]);
    assert!(
        stderr(&run).contains("game 1: the theoretical score 200 is more than 64: kept as it is"),
        "{}",
        stderr(&run)
    );
    assert_eq!(
        std::fs::read(&back).unwrap(),
        std::fs::read(broken(200)).unwrap()
    );
    // validate --solve: the 255 is an error, and that game is counted as
    // having no score, not solved; the other two are confirmed.
    let run = expect(1, &["validate", "--solve", "--json", s(&broken(255))]);
    let o: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(o["errors"].as_array().unwrap().len(), 1, "{o}");
    assert_eq!(o["theoretical_confirmed"], 2, "{o}");
    assert_eq!(o["theoretical_unstored"], 1, "{o}");
    assert_eq!(o["theoretical_wrong"].as_array().unwrap().len(), 0, "{o}");
    // The federation's bytes: nothing to say.
    let run = expect(0, &["convert", s(&wtb), s(&out)]);
    assert!(!stderr(&run).contains("theoretical"), "{}", stderr(&run));
}

#[test]
fn validate_solve_of_a_database_checks_the_games_a_query_keeps() {
    // WTH_1977 and its names files in a folder, game 3's stored
    // theoretical score (the federation's) raised by 2.
    let dir = tempfile::tempdir().unwrap();
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/othello");
    let db = dir.path().join("db");
    std::fs::create_dir(&db).unwrap();
    for f in ["WTHOR.JOU", "WTHOR.TRN"] {
        std::fs::copy(shared.join(f), db.join(f)).unwrap();
    }
    let mut bytes = std::fs::read(shared.join("WTH_1977.wtb")).unwrap();
    let stored = bytes[16 + 2 * 68 + 7];
    bytes[16 + 2 * 68 + 7] = stored + 2;
    std::fs::write(db.join("WTH_1977.wtb"), &bytes).unwrap();
    // The games of one player, counted here from the JSON Lines.
    let player = "Woch Alan";
    let jsonl = dir.path().join("all.jsonl");
    expect(0, &["convert", s(&db), s(&jsonl)]);
    let theirs = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|g| g["black"] == player || g["white"] == player)
        .count();
    assert!(theirs > 1, "{theirs}");
    let run = expect(
        1,
        &["validate", "--solve", s(&db), "--player", player, "--json"],
    );
    let o: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(o["selected"], theirs, "{o}");
    assert_eq!(o["theoretical_confirmed"], theirs - 1, "{o}");
    let wrong = o["theoretical_wrong"].as_array().unwrap();
    assert_eq!(wrong.len(), 1, "{o}");
    // Numbered as in the file, not among the games kept.
    assert_eq!(
        wrong[0],
        format!(
            "1977 game 3 (Woch Alan - Inoue Hiroshi): theoretical score stored {}, solved {stored}",
            stored + 2
        )
    );
    // Games of others are not solved: a query that keeps none.
    let run = expect(0, &["validate", "--solve", s(&db), "--player", "nobody"]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        said.contains("0 theoretical scores confirmed, 0 wrong)"),
        "{said}"
    );
    // A PGN stores none: said, not passed over.
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. f5 d6 2. c3 *\n").unwrap();
    let run = expect(0, &["validate", "--solve", s(&pgn)]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        said.contains(
            "--solve checks the theoretical scores of WTB and JSON Lines files, not PGN's"
        ),
        "{said}"
    );
}

#[test]
fn validate_solve_says_what_it_could_not_check() {
    let dir = tempfile::tempdir().unwrap();
    // Three games, the second's first move byte not a square (19).
    let mut bytes = first_games(3);
    bytes[16 + 68 + 8] = 19;
    let db = dir.path().join("db");
    std::fs::create_dir(&db).unwrap();
    let broken = db.join("WTH_1977.wtb");
    std::fs::write(&broken, &bytes).unwrap();
    // Three records, as the header says: no count warning; the one error.
    let run = expect(1, &["validate", "--solve", "--json", s(&broken)]);
    assert!(run.stderr.is_empty(), "{}", stderr(&run));
    let o: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(o["records"], 3, "{o}");
    assert_eq!(o["warnings"].as_array().unwrap().len(), 0, "{o}");
    assert_eq!(o["errors"].as_array().unwrap().len(), 1, "{o}");
    assert!(
        o["note"]
            .as_str()
            .unwrap()
            .contains("theoretical scores not checked: not every game reads"),
        "{o}"
    );
    // So in a database, and counted.
    let run = expect(1, &["validate", "--solve", s(&db)]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(said.contains("not checked: not every game reads"), "{said}");
    assert!(
        said.contains("0 theoretical scores confirmed, 0 wrong, 1 file not checked"),
        "{said}"
    );
    // WTD: the solver is for 8x8, said, not a failure.
    let jsonl = ten_by_ten(dir.path());
    let wtd = dir.path().join("ten.wtd");
    expect(0, &["convert", s(&jsonl), s(&wtd)]);
    let run = expect(0, &["validate", "--solve", s(&wtd)]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        said.contains(
            "--solve: the solver is for 8x8 boards, so WTD's 10x10 scores are not checked"
        ),
        "{said}"
    );
}

#[test]
fn a_database_game_that_gets_no_theoretical_score_is_named_or_left_out() {
    // WTH_1977's first three games in a folder, the second's theoretical
    // byte 255 (none) and its moves cut after ten: 50 empty squares, so
    // nothing to solve at 24.
    let dir = tempfile::tempdir().unwrap();
    let all = first_games(3);
    let mut bytes = all.clone();
    bytes[16 + 68 + 7] = 255;
    bytes[16 + 68 + 18..16 + 2 * 68].fill(0);
    let db = dir.path().join("db");
    std::fs::create_dir(&db).unwrap();
    std::fs::write(db.join("WTH_1977.wtb"), &bytes).unwrap();
    let out = format!("{}/", dir.path().join("out").display());
    let run = expect(1, &["convert", s(&db), &out]);
    assert!(
        stderr(&run).contains("WTH_1977.wtb:record 1 (byte 84): error: game 2: no theoretical score: the moves stop with 50 empty squares"),
        "{}",
        stderr(&run)
    );
    assert!(!dir.path().join("out").exists(), "nothing written");
    let run = expect(0, &["convert", s(&db), &out, "--skip-bad"]);
    assert!(
        stderr(&run).contains("WTH_1977.wtb: game 2 left out: no theoretical score"),
        "{}",
        stderr(&run)
    );
    // The other two, as the federation stored them.
    let mut two = first_games(1);
    two[4..8].copy_from_slice(&2u32.to_le_bytes());
    two.extend_from_slice(&all[16 + 2 * 68..16 + 3 * 68]);
    assert_eq!(
        std::fs::read(dir.path().join("out/WTH_1977.wtb")).unwrap(),
        two
    );
}

#[test]
fn a_database_solves_each_file_at_its_own_depth() {
    // Two years: "1976" (WTH_1977's first game, its header's depth P3
    // made 22) before WTH_1977's first seven games, the seventh's
    // theoretical byte 255 (none). Solved at WTH_1977's depth, 24, it is
    // the federation's stored 37 again; at 22 it would not be (42).
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    std::fs::create_dir(&db).unwrap();
    let mut early = first_games(1);
    early[10..12].copy_from_slice(&1976u16.to_le_bytes());
    early[14] = 22;
    std::fs::write(db.join("WTH_1976.wtb"), &early).unwrap();
    let seven = first_games(7);
    let mut broken = seven.clone();
    broken[16 + 6 * 68 + 7] = 255;
    std::fs::write(db.join("WTH_1977.wtb"), &broken).unwrap();
    let out = dir.path().join("out");
    expect(0, &["convert", s(&db), &format!("{}/", out.display())]);
    assert_eq!(std::fs::read(out.join("WTH_1977.wtb")).unwrap(), seven);
    assert_eq!(std::fs::read(out.join("WTH_1976.wtb")).unwrap(), early);
}

#[test]
fn validate_solve_lists_a_wrong_theoretical_score() {
    // Two games of WTH_1977 through JSON Lines, the second's stored
    // theoretical score (the federation's) raised by 2: validate --solve
    // confirms the first and gives the second's stored and solved values,
    // the solved one being the federation's.
    let dir = tempfile::tempdir().unwrap();
    let wtb = wth_1977();
    let jsonl = dir.path().join("all.jsonl");
    expect(0, &["convert", s(&wtb), s(&jsonl)]);
    let text = std::fs::read_to_string(&jsonl).unwrap();
    let mut lines: Vec<String> = text.lines().take(3).map(str::to_string).collect();
    let key = "\"theoretical_score\":";
    let i = lines[2].find(key).unwrap() + key.len();
    let end = i + lines[2][i..].find(',').unwrap();
    let stored: u8 = lines[2][i..end].parse().unwrap();
    lines[2].replace_range(i..end, &(stored + 2).to_string());
    let two = dir.path().join("two.jsonl");
    std::fs::write(&two, lines.join("\n") + "\n").unwrap();
    let out_wtb = dir.path().join("two.wtb");
    expect(0, &["convert", s(&two), s(&out_wtb)]);
    let out = expect(1, &["validate", "--solve", s(&out_wtb)]);
    let err = stderr(&out);
    assert!(
        err.contains("1977 game 2 (")
            && err.contains(&format!("stored {}, solved {stored}", stored + 2)),
        "{err}"
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("1 theoretical scores confirmed, 1 wrong"),
        "{said}"
    );
    // As JSON, with the first game cut after 30 moves: it cannot be
    // solved at 24 empties, and is listed apart from the wrong score.
    let mut bytes = std::fs::read(&out_wtb).unwrap();
    bytes[16 + 8 + 30..16 + 68].fill(0);
    let cut = dir.path().join("cut.wtb");
    std::fs::write(&cut, &bytes).unwrap();
    let out = expect(1, &["validate", "--solve", "--json", s(&cut)]);
    let o: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(o["theoretical_confirmed"], 0, "{o}");
    let wrong = o["theoretical_wrong"].as_array().unwrap();
    assert_eq!(wrong.len(), 1, "{o}");
    assert!(wrong[0].as_str().unwrap().contains("game 2 ("), "{o}");
    let unsolvable = o["theoretical_unsolvable"].as_array().unwrap();
    assert_eq!(unsolvable.len(), 1, "{o}");
    assert!(
        unsolvable[0].as_str().unwrap().starts_with("game 1: "),
        "{o}"
    );
    // With a players file that lacks their names (as an older WTHOR.JOU
    // beside a newer year does): the names are errors, and the scores are
    // checked all the same.
    let names = dir.path().join("names.jsonl");
    let jou = wtb.with_file_name("WTHOR.JOU");
    expect(0, &["convert", s(&jou), s(&names)]);
    let short: String = std::fs::read_to_string(&names)
        .unwrap()
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&names, short).unwrap();
    let short_jou = dir.path().join("short.jou");
    expect(0, &["convert", s(&names), s(&short_jou)]);
    let out = expect(
        1,
        &[
            "validate",
            "--solve",
            "--players",
            s(&short_jou),
            s(&out_wtb),
        ],
    );
    let err = stderr(&out);
    assert!(err.contains("is not in the names file (2 names)"), "{err}");
    assert!(
        err.contains(&format!("stored {}, solved {stored}", stored + 2)),
        "{err}"
    );
}

#[test]
fn validate_solve_checks_the_scores_json_lines_carry() {
    // WTH_1977's first four games as JSON Lines: the second's stored
    // theoretical score (the federation's) raised by 2, the third's taken
    // out. The first and fourth are confirmed, the second is wrong with the
    // federation's value as the solved one, the third is counted apart.
    let dir = tempfile::tempdir().unwrap();
    let wtb = dir.path().join("four.wtb");
    std::fs::write(&wtb, first_games(4)).unwrap();
    let jsonl = dir.path().join("four.jsonl");
    expect(
        0,
        &[
            "convert",
            "--players",
            s(&wth_1977().with_file_name("WTHOR.JOU")),
            "--tournaments",
            s(&wth_1977().with_file_name("WTHOR.TRN")),
            s(&wtb),
            s(&jsonl),
        ],
    );
    let text = std::fs::read_to_string(&jsonl).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "the header line and four games");
    let stored = lines[2]["theoretical_score"].as_u64().unwrap();
    lines[2]["theoretical_score"] = (stored + 2).into();
    lines[3]
        .as_object_mut()
        .unwrap()
        .remove("theoretical_score");
    let (black, white) = (
        lines[2]["black"].as_str().unwrap().to_string(),
        lines[2]["white"].as_str().unwrap().to_string(),
    );
    let edited: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&jsonl, edited).unwrap();
    // No names files at hand: the names are the file's own.
    let run = expect(1, &["validate", "--solve", s(&jsonl)]);
    let err = stderr(&run);
    assert!(
        err.contains(&format!(
            "1977 game 2 ({black} - {white}): theoretical score stored {}, solved {stored}",
            stored + 2
        )),
        "{err}"
    );
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        said.contains("2 theoretical scores confirmed, 1 wrong, 1 game without one"),
        "{said}"
    );
    let run = expect(1, &["validate", "--solve", "--json", s(&jsonl)]);
    let o: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(o["theoretical_confirmed"], 2, "{o}");
    assert_eq!(o["theoretical_unstored"], 1, "{o}");
    assert_eq!(o["theoretical_wrong"].as_array().unwrap().len(), 1, "{o}");
    // A players file as JSON Lines is names, not games: nothing to check,
    // and valid.
    let names = dir.path().join("players.jsonl");
    expect(
        0,
        &[
            "convert",
            s(&wth_1977().with_file_name("WTHOR.JOU")),
            s(&names),
        ],
    );
    let run = expect(0, &["validate", "--solve", s(&names)]);
    assert!(run.stderr.is_empty(), "{}", stderr(&run));
    // 10x10 games in JSON Lines: said, as for WTD.
    let ten = ten_by_ten(dir.path());
    let run = expect(0, &["validate", "--solve", s(&ten)]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        said.contains(
            "--solve: the solver is for 8x8 boards, so JSONL's 10x10 scores are not checked"
        ),
        "{said}"
    );
}

/// A minimal Othello of the test's own (not the library's rules or
/// solver): an 8x8 board of 0 (empty), 1 and 2, squares a1 = 0 .. h8 = 63.
mod mini {
    pub type Board = [u8; 64];

    const DIRS: [(i32, i32); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];

    pub fn start() -> Board {
        let mut b = [0; 64];
        // d4 and e5 white (2), d5 and e4 black (1).
        b[3 * 8 + 3] = 2;
        b[4 * 8 + 4] = 2;
        b[4 * 8 + 3] = 1;
        b[3 * 8 + 4] = 1;
        b
    }

    pub fn square(text: &str) -> usize {
        let t = text.as_bytes();
        (t[1] - b'1') as usize * 8 + (t[0] - b'a') as usize
    }

    fn flips(b: &Board, sq: usize, me: u8) -> Vec<usize> {
        if b[sq] != 0 {
            return Vec::new();
        }
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut all = Vec::new();
        for (dr, dc) in DIRS {
            let mut line = Vec::new();
            let (mut rr, mut cc) = (r + dr, c + dc);
            while (0..8).contains(&rr) && (0..8).contains(&cc) {
                let at = (rr * 8 + cc) as usize;
                match b[at] {
                    0 => break,
                    x if x == me => {
                        all.extend(&line);
                        break;
                    }
                    _ => line.push(at),
                }
                rr += dr;
                cc += dc;
            }
        }
        all
    }

    pub fn moves(b: &Board, me: u8) -> Vec<usize> {
        (0..64).filter(|&s| !flips(b, s, me).is_empty()).collect()
    }

    pub fn play(b: &Board, sq: usize, me: u8) -> Board {
        let mut n = *b;
        for f in flips(b, sq, me) {
            n[f] = me;
        }
        n[sq] = me;
        n
    }

    /// The final disc difference for `me` (to move) under best play, the
    /// empties to the winner: plain alpha-beta, no table, no ordering.
    pub fn value(b: &Board, me: u8, mut alpha: i32, beta: i32) -> i32 {
        let them = 3 - me;
        let mine = moves(b, me);
        if mine.is_empty() {
            if moves(b, them).is_empty() {
                let count = |x: u8| b.iter().filter(|&&s| s == x).count() as i32;
                let (m, t) = (count(me), count(them));
                let empties = 64 - m - t;
                return match m.cmp(&t) {
                    std::cmp::Ordering::Greater => m - t + empties,
                    std::cmp::Ordering::Less => m - t - empties,
                    std::cmp::Ordering::Equal => 0,
                };
            }
            return -value(b, them, -beta, -alpha);
        }
        let mut best = -65;
        for m in mine {
            let v = -value(&play(b, m, me), them, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// `show --solve` of WTH_2004's game 53 from 10 empties, with `more`.
fn game_53_solved(more: &[&str]) -> std::process::Output {
    let wth =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/othello/WTH_2004.wtb");
    let mut args = vec![
        "show",
        s(&wth),
        "--board",
        "53",
        "--solve",
        "--empties",
        "10",
    ];
    args.extend_from_slice(more);
    expect(0, &args)
}

#[test]
fn show_solve_names_the_move_that_lost_the_game_as_a_minimax_of_our_own_finds() {
    let out = game_53_solved(&[]);
    let text = String::from_utf8(out.stdout).unwrap();
    let transcript = text.lines().nth(1).unwrap();
    let marked: Vec<&str> = text.lines().filter(|l| l.contains("<- ")).collect();
    assert_eq!(marked.len(), 1, "{text}");
    // "51. Black g8  -4   best a7 +2   <- lost a won game"
    let fields: Vec<&str> = marked[0].split_whitespace().collect();
    assert_eq!(&fields[..4], ["51.", "Black", "g8", "-4"], "{text}");
    assert_eq!(&fields[4..7], ["best", "a7", "+2"], "{text}");
    assert!(marked[0].ends_with("lost a won game"));

    // The same position by the test's own rules: 50 moves, passes
    // inferred, then every move of the player to move valued.
    let squares: Vec<usize> = transcript
        .as_bytes()
        .chunks(2)
        .map(|c| mini::square(std::str::from_utf8(c).unwrap()))
        .collect();
    let (mut b, mut me) = (mini::start(), 1u8);
    for &sq in &squares[..50] {
        if !mini::moves(&b, me).contains(&sq) {
            me = 3 - me; // a pass
        }
        b = mini::play(&b, sq, me);
        me = 3 - me;
    }
    if mini::moves(&b, me).is_empty() {
        me = 3 - me;
    }
    assert_eq!(me, 1, "Black plays move 51");
    assert_eq!(b.iter().filter(|&&x| x == 0).count(), 10);
    let value = |sq: usize| -mini::value(&mini::play(&b, sq, me), 3 - me, -64, 64);
    let best = mini::moves(&b, me).into_iter().map(value).max().unwrap();
    assert_eq!(best, 2, "the position is a win by 2");
    assert_eq!(value(mini::square("a7")), 2);
    assert_eq!(value(mini::square("g8")), -4, "g8 loses by 4");
    assert_eq!(squares[50], mini::square("g8"));
}

#[test]
fn show_solve_json_gives_each_moves_values() {
    let out = game_53_solved(&["--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], 53);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 10);
    assert_eq!(moves[0]["played"], "g8");
    assert_eq!(moves[0]["change"], "win-to-loss");
    assert_eq!(moves[0]["cost"], 6);
    // Each value is the next position's, seen from the player who moved.
    for pair in moves.windows(2) {
        let same = pair[0]["player"] == pair[1]["player"];
        let next = pair[1]["best_value"].as_i64().unwrap();
        let played = pair[0]["value"].as_i64().unwrap();
        assert_eq!(played, if same { next } else { -next }, "{pair:?}");
    }
    // A bridge board's play is valued whole: --json and --empties are
    // Othello's, and it says so.
    let err = stderr(&expect(
        2,
        &[
            "show",
            s(&ffo("../../bridge/bigdeal-2boards.pbn")),
            "--solve",
            "--json",
        ],
    ));
    assert!(
        err.contains("--json and --empties are for Othello"),
        "{err}"
    );
}
