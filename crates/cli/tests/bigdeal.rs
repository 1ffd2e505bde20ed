//! Big Deal's files through the command line: `--blind`, `--dialect
//! bigdeal`, `--to bigdeal-csv`, and Big Deal's CSV told from a `.csv`
//! table by its content. The oracle is what `bigdealx` 2.0 wrote
//! (`../shared/data/bigdeal/cases/01`: owner "EBU Congress", boards 1-32).

mod common;
use common::{expect, s, stderr};
use std::path::{Path, PathBuf};

fn case(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/bigdeal/cases/01")
        .join(file)
}

fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn an_empty_owner_is_refused() {
    // Big Deal keys a set's deals by its owner: no name, no set (before,
    // `--owner ""` dealt one keyed by nothing).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set.pbn");
    for owner in ["", "  "] {
        let e = stderr(&expect(2, &["deal", s(&out), "--owner", owner]));
        assert!(e.contains("an owner's name is needed"), "{e}");
    }
    assert!(!out.exists());
}

#[test]
fn one_read_writes_big_deals_files() {
    let dir = tempfile::tempdir().unwrap();
    let pbn = case("deal.pbn");
    let out = |name: &str| dir.path().join(name);
    // Big Deal's dialect of PBN, LIN, DUP and DLM, and BHG, BER, RZD, CDS.
    let names = [
        "deal.pbn", "deal.lin", "deal.dup", "deal.dlm", "deal.bhg", "deal.ber", "deal.rzd",
        "deal.cds",
    ];
    let mut args = vec!["convert", s(&pbn)];
    let paths: Vec<PathBuf> = names.iter().map(|n| out(n)).collect();
    args.extend(paths.iter().map(|p| s(p)));
    args.extend(["--dialect", "bigdeal", "-q"]);
    expect(0, &args);
    for n in names {
        assert!(bytes(&out(n)) == bytes(&case(n)), "{n} differs");
    }
    // Blind: --blind.
    let (dup, dlm) = (out("blind.dup"), out("blind.dlm"));
    expect(
        0,
        &[
            "convert",
            s(&pbn),
            s(&dup),
            s(&dlm),
            "--blind",
            "--dialect",
            "bigdeal",
            "-q",
        ],
    );
    assert!(bytes(&dup) == bytes(&case("blind.dup")));
    assert!(bytes(&dlm) == bytes(&case("blind.dlm")));
    // Big Deal's CSV is named; a .csv name alone is the table.
    let csv = out("deal.csv");
    expect(
        0,
        &["convert", s(&pbn), s(&csv), "--to", "bigdeal-csv", "-q"],
    );
    assert!(bytes(&csv) == bytes(&case("deal.csv")));
    let table = out("table.csv");
    expect(0, &["convert", s(&pbn), s(&table), "-q"]);
    assert!(bytes(&table).starts_with(b"board,"));
}

#[test]
fn big_deals_files_are_told_by_content() {
    for (file, format) in [
        ("deal.csv", "BIGDEAL-CSV"),
        ("blind.dup", "DUP"),
        ("blind.dlm", "DLM"),
        ("deal.bhg", "BHG"),
        ("deal.ber", "BER"),
        ("deal.rzd", "RZD"),
        ("deal.cds", "CDS"),
    ] {
        let out = expect(0, &["info", s(&case(file))]);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            text.contains(&format!("format:   {format} ")),
            "{file}: {text}{}",
            stderr(&out)
        );
        assert!(text.contains("boards:   32"), "{file}: {text}");
        if file.starts_with("blind") {
            assert!(text.contains("blind: "), "{file}: {text}");
        }
    }
    // A wrong dialect is a usage error.
    let out = expect(
        2,
        &[
            "convert",
            s(&case("deal.pbn")),
            "-",
            "--to",
            "lin",
            "--dialect",
            "x",
        ],
    );
    assert!(
        stderr(&out).contains("boardfile or bigdeal"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_seed_of_words_deals_the_same_set_and_the_file_says_it() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c) = (
        dir.path().join("a.pbn"),
        dir.path().join("b.pbn"),
        dir.path().join("c.pbn"),
    );
    expect(
        0,
        &["deal", s(&a), "--seed", "club night 24", "--boards", "4"],
    );
    expect(
        0,
        &["deal", s(&b), "--seed", "  club night 24 ", "--boards", "4"],
    );
    expect(
        0,
        &["deal", s(&c), "--seed", "club night 25", "--boards", "4"],
    );
    let (a, b, c) = (bytes(&a), bytes(&b), bytes(&c));
    assert_eq!(a, b, "the same words, the same set");
    let text = String::from_utf8(a).unwrap();
    assert!(
        text.contains("% Dealt by boardfile deal --seed 'club night 24'\r\n"),
        "{text}"
    );
    let deals = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("[Deal "))
            .map(String::from)
            .collect()
    };
    assert_ne!(deals(&text), deals(&String::from_utf8(c).unwrap()));
    // The seed is SHA-256 of the words (as `printf 'club night 24' |
    // sha256sum` gives it): the same as its 64 hex digits.
    let hashed = dir.path().join("h.pbn");
    expect(
        0,
        &[
            "deal",
            s(&hashed),
            "--seed",
            "ac325e0133406808be7642aa2a193cfdf15d0524ca7e2f780922b5a6b7ac41e0",
            "--boards",
            "4",
        ],
    );
    assert_eq!(
        deals(&text),
        deals(&String::from_utf8(bytes(&hashed)).unwrap())
    );
    // Hex digits alone keep their meaning: a number.
    let (x, y) = (dir.path().join("x.pbn"), dir.path().join("y.pbn"));
    expect(0, &["deal", s(&x), "--seed", "cafe", "--boards", "2"]);
    expect(0, &["deal", s(&y), "--seed", "00cafe", "--boards", "2"]);
    let (x, y) = (
        String::from_utf8(bytes(&x)).unwrap(),
        String::from_utf8(bytes(&y)).unwrap(),
    );
    assert_eq!(deals(&x), deals(&y));
}
