//! Tournament dealing from the command line: `deal --owner` against what
//! Big Deal 2.0 wrote, and `squaredeal` against the 2025 Bermuda Bowl as
//! SquareDeal 2.7 made it (`../shared/data/bigdeal`).

mod common;
use common::{expect, s, stderr};
use std::path::{Path, PathBuf};

fn shared(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/bigdeal")
        .join(name)
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The deals of a file, as `boardfile convert --to jsonl` gives them.
fn deals(path: &Path) -> Vec<(u64, String)> {
    let out = expect(0, &["convert", s(path), "-", "--to", "jsonl"]);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        // The set's own line (PBN's preamble) holds no board.
        .filter(|v| v.get("board").is_some())
        .map(|v| {
            (
                v["board"].as_u64().unwrap(),
                v["deal"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn deal_owner_entropy_repeats_a_big_deal_run() {
    let dir = tempfile::tempdir().unwrap();
    // Case 03: owner, entropy, boards 15-28 (see cases.tsv).
    let out = dir.path().join("s.pbn");
    expect(
        0,
        &[
            "deal",
            s(&out),
            "--owner",
            "2RpUuqR6iUOuVxjz84o",
            "--entropy",
            "5xjtE1ODbTTV8PHitN=621QQpFtGoQDs/xjnxHShapRMCHIy",
            "--boards",
            "15-28",
        ],
    );
    let theirs = deals(&shared("cases/03/deal.pbn"));
    assert_eq!(theirs.len(), 14);
    assert_eq!(theirs[0].0, 15);
    assert_eq!(deals(&out), theirs);
    // Written as Big Deal writes it: every file of the case, byte for byte
    // (Big Deal's CSV by name; the blind files with --blind).
    let case = shared("cases/03");
    let mut n = 0;
    for entry in std::fs::read_dir(&case).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let (stem, ext) = name.split_once('.').unwrap();
        let out = dir.path().join(&name);
        let mut args = vec![
            "deal",
            s(&out),
            "--owner",
            "2RpUuqR6iUOuVxjz84o",
            "--entropy",
            "5xjtE1ODbTTV8PHitN=621QQpFtGoQDs/xjnxHShapRMCHIy",
            "--boards",
            "15-28",
        ];
        if ext == "csv" {
            args.extend(["--to", "bigdeal-csv"]);
        }
        if stem == "blind" {
            args.push("--blind");
        }
        expect(0, &args);
        assert!(bytes(&out) == bytes(&case.join(&name)), "{name} differs");
        n += 1;
    }
    assert_eq!(n, 14);
}

#[test]
fn two_owner_runs_without_entropy_differ() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.pbn"), dir.path().join("b.pbn"));
    for f in [&a, &b] {
        expect(0, &["deal", s(f), "--owner", "Hilltop BC", "--boards", "4"]);
    }
    let (a, b) = (deals(&a), deals(&b));
    assert_eq!(a.len(), 4);
    assert!(a.iter().zip(&b).all(|(x, y)| x.1 != y.1), "{a:?} {b:?}");
}

#[test]
fn deal_options_that_cannot_go_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.pbn");
    let e = expect(2, &["deal", s(&out), "--boards", "15-28", "--first", "3"]);
    assert!(stderr(&e).contains("--first"), "{}", stderr(&e));
    expect(2, &["deal", s(&out), "--owner", "a", "--seed", "1"]);
    expect(2, &["deal", s(&out), "--entropy", "b"]);
    let e = expect(2, &["deal", s(&out), "--boards", "28-15"]);
    assert!(stderr(&e).contains("--boards"), "{}", stderr(&e));
    assert!(!out.exists());
}

/// A folder holding the Bermuda Bowl's description and keys (links).
fn bermuda() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for f in ["BerBow25.sqd", "BerBow25.sqk"] {
        std::os::unix::fs::symlink(shared("squaredeal").join(f), dir.path().join(f)).unwrap();
    }
    dir
}

#[test]
fn verify_passes_the_bermuda_bowl_and_fails_a_changed_key() {
    let dir = bermuda();
    let sqd = dir.path().join("BerBow25.sqd");
    let out = expect(0, &["squaredeal", "verify", s(&sqd)]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the keys match the published hash"), "{text}");
    // Against the files SquareDeal made (in the shared folder): all 17
    // there are identical.
    let out = expect(
        0,
        &[
            "squaredeal",
            "verify",
            s(&sqd),
            "--dir",
            s(&shared("squaredeal")),
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(": 17 files identical to the sessions made again, 0 differ"),
        "{text}"
    );
    // One character of one key changed.
    let mut keys = bytes(&shared("squaredeal/BerBow25.sqk"));
    let at = keys.iter().position(|&b| b == b':').unwrap() + 1;
    keys[at] = if keys[at] == b'x' { b'y' } else { b'x' };
    let bad = dir.path().join("bad.sqk");
    std::fs::write(&bad, &keys).unwrap();
    let e = expect(1, &["squaredeal", "verify", s(&sqd), "--keys", s(&bad)]);
    assert!(
        stderr(&e).contains("do not match the published hash"),
        "{}",
        stderr(&e)
    );
    let made = dir.path().join("made");
    let e = expect(
        1,
        &[
            "squaredeal",
            "make",
            s(&sqd),
            "--keys",
            s(&bad),
            "--dir",
            s(&made),
        ],
    );
    assert!(stderr(&e).contains("do not match"), "{}", stderr(&e));
    assert!(!made.exists(), "nothing written with wrong keys");
    // A published tournament whose keys are not here.
    let e = expect(
        2,
        &["squaredeal", "verify", s(&shared("squaredeal/EOC2025.sqd"))],
    );
    assert!(
        stderr(&e).contains("EOC2025.sqk is not there"),
        "{}",
        stderr(&e)
    );
}

#[test]
fn make_deals_round_robin_sessions_as_squaredeal_did() {
    let dir = bermuda();
    let sqd = dir.path().join("BerBow25.sqd");
    let made = dir.path().join("made");
    expect(
        0,
        &[
            "squaredeal",
            "make",
            s(&sqd),
            "--phase",
            "1",
            "--sessions",
            "1-8",
            "--dir",
            s(&made),
        ],
    );
    expect(
        0,
        &[
            "squaredeal",
            "make",
            s(&sqd),
            "--phase",
            "1",
            "--sessions",
            "1",
            "--reserve",
            "--dir",
            s(&made),
        ],
    );
    // Byte for byte what SquareDeal made.
    for n in 1..=8 {
        for ext in ["pbn", "dup"] {
            let name = format!("RR{n:02}.{ext}");
            assert!(
                bytes(&made.join(&name)) == bytes(&shared("squaredeal").join(&name)),
                "{name} differs"
            );
        }
    }
    assert!(bytes(&made.join("RR01reserve.pbn")) == bytes(&shared("squaredeal/RR01reserve.pbn")));
    // Sessions 1 and 2 (boards 1-14, 15-28) joined, as SquareDeal joins them.
    let joined = deals(&made.join("RR01-02.pbn"));
    let mut both = deals(&shared("squaredeal/RR01.pbn"));
    both.extend(deals(&shared("squaredeal/RR02.pbn")));
    assert_eq!(joined, both);
    let head = String::from_utf8(bytes(&made.join("RR01-02.pbn"))).unwrap();
    assert!(head.contains("[Generator \"SquareDeal version 2.7, combining RR01.pbn RR02.pbn\"]"));
    assert_eq!(head.matches("[Generator").count(), 1);
}

#[test]
fn a_tournament_goes_from_description_to_verified_sessions() {
    let dir = tempfile::tempdir().unwrap();
    let sqd = dir.path().join("club.sqd");
    let sqd_s = s(&sqd);
    expect(
        0,
        &[
            "squaredeal",
            "new",
            sqd_s,
            "--name",
            "Club Pairs",
            "--delayed-info",
            "DJI close 2 May",
            "--phase",
            "2:1-8,9-16:S:Session",
        ],
    );
    let text = String::from_utf8(bytes(&sqd)).unwrap();
    assert!(text.contains("SN 2:1-8,9-16:S#:Session #/2\n"), "{text}");
    // Not before publishing and the delayed value.
    expect(2, &["squaredeal", "set-value", sqd_s, "1"]);
    expect(0, &["squaredeal", "publish", sqd_s]);
    expect(2, &["squaredeal", "publish", sqd_s]);
    let keys = String::from_utf8(bytes(&dir.path().join("club.sqk"))).unwrap();
    assert_eq!(keys.lines().count(), 2);
    assert!(
        keys.starts_with("1,1:") && keys.contains("\r\n1,2:"),
        "{keys}"
    );
    let e = expect(1, &["squaredeal", "make", sqd_s]);
    assert!(stderr(&e).contains("delayed value"), "{}", stderr(&e));
    expect(0, &["squaredeal", "set-value", sqd_s, " 38000,5 "]);
    expect(2, &["squaredeal", "set-value", sqd_s, "38001"]);
    expect(0, &["squaredeal", "make", sqd_s]);
    for f in ["S1.pbn", "S1.dup", "S2.pbn", "S2.dup", "S1-2.pbn"] {
        assert!(dir.path().join(f).exists(), "{f}");
    }
    // Made again over them: refused and nothing written (a file edited
    // since stays as it is), unless --force.
    let s1 = dir.path().join("S1.pbn");
    let made = bytes(&s1);
    std::fs::write(&s1, b"edited").unwrap();
    let e = expect(2, &["squaredeal", "make", sqd_s]);
    assert!(
        stderr(&e).contains("exists (and 4 more") && stderr(&e).contains("--force"),
        "{}",
        stderr(&e)
    );
    assert_eq!(bytes(&s1), b"edited");
    expect(0, &["squaredeal", "make", sqd_s, "--force"]);
    assert_eq!(bytes(&s1), made);
    let out = expect(0, &["squaredeal", "verify", sqd_s]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("5 files identical"), "{text}");
    // A session file changed afterwards is found.
    let mut pbn = bytes(&dir.path().join("S2.pbn"));
    let at = pbn.windows(6).position(|w| w == b"[Deal ").unwrap() + 9;
    pbn[at] = if pbn[at] == b'A' { b'K' } else { b'A' };
    std::fs::write(dir.path().join("S2.pbn"), &pbn).unwrap();
    let out = expect(1, &["squaredeal", "verify", sqd_s]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("S2.pbn: DIFFERS"));
}
