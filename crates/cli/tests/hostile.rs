//! Output safety and hostile input, through the binary: a conversion that
//! fails (bad data halfway through a big file, a directory that cannot be
//! written, a write error part way) leaves no OUT, keeps an existing OUT
//! and never touches IN; a gigabyte of random bytes ends with an error.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardfile")
}

struct Run {
    code: i32,
    stderr: String,
}

fn run(cmd: &mut Command) -> Run {
    let out = cmd.stdin(Stdio::null()).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

fn boardfile(args: &[&str]) -> Run {
    run(Command::new(bin()).args(args))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

/// BigDeal's two boards (BRI), repeated to `n` records.
fn big_bri(n: usize) -> Vec<u8> {
    let two = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/bridge/bigdeal-2boards.bri"),
    )
    .unwrap();
    two.repeat(n / 2)
}

/// The input's bytes and modification time, to show it was not touched.
fn fingerprint(p: &Path) -> (Vec<u8>, std::time::SystemTime) {
    (
        std::fs::read(p).unwrap(),
        std::fs::metadata(p).unwrap().modified().unwrap(),
    )
}

#[test]
fn bad_data_halfway_through_a_big_file_leaves_no_output_and_the_input_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    // 100,000 BRI records (12.8 MB); record 50,000 gives North a card twice.
    let mut bri = big_bri(100_000);
    let at = 50_000 * 128;
    bri[at + 1] = bri[at];
    let input = dir.path().join("big.bri");
    std::fs::write(&input, &bri).unwrap();
    // A PBN of 20,000 games (read whole) with game 10,000's deal broken.
    let pbn_in = dir.path().join("big.pbn");
    assert_eq!(
        boardfile(&["convert", s(&input), s(&pbn_in), "--from", "bri"]).code,
        1,
        "the broken BRI does not convert"
    );
    let good = dir.path().join("good.bri");
    std::fs::write(&good, big_bri(20_000)).unwrap();
    assert_eq!(boardfile(&["convert", s(&good), s(&pbn_in)]).code, 0);
    std::fs::remove_file(&good).unwrap();
    let mut pbn = std::fs::read_to_string(&pbn_in).unwrap();
    let game = pbn.match_indices("[Deal \"").nth(10_000).unwrap().0;
    pbn.replace_range(game + 9..game + 10, "Z");
    std::fs::write(&pbn_in, &pbn).unwrap();

    let precious = dir.path().join("precious.jsonl");
    std::fs::write(&precious, b"keep me\n").unwrap();
    let before = [fingerprint(&input), fingerprint(&pbn_in)];
    for (from, to, message) in [
        (&input, "out.zrd", ":record 50000 (byte 6400000): error:"),
        (&input, "out.jsonl", ":record 50000 (byte 6400000): error:"),
        (&input, "out.pbn", ":record 50000 (byte 6400000): error:"),
        // Streamed, DLM's 99 boards are full before the bad record is read.
        (&input, "out.dlm", "DLM holds boards 1 to 99"),
        (&pbn_in, "out.bri", "(PBN record 10000,"),
        (
            &input,
            "precious.jsonl",
            ":record 50000 (byte 6400000): error:",
        ),
    ] {
        let out = dir.path().join(to);
        let r = boardfile(&["convert", s(from), s(&out)]);
        assert_eq!(r.code, 1, "{to}: {}", r.stderr);
        assert!(r.stderr.contains(message), "{to}: {}", r.stderr);
    }
    assert_eq!(std::fs::read(&precious).unwrap(), b"keep me\n");
    assert!(before == [fingerprint(&input), fingerprint(&pbn_in)]);
    assert_eq!(
        entries(dir.path()),
        ["big.bri", "big.pbn", "precious.jsonl"]
    );
}

#[test]
fn a_directory_that_cannot_be_written_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("set.bri");
    std::fs::write(&input, big_bri(1000)).unwrap();
    let before = fingerprint(&input);
    // Under a regular file, and in a missing directory.
    let file = dir.path().join("plain");
    std::fs::write(&file, b"").unwrap();
    for out in [file.join("out.jsonl"), dir.path().join("missing/out.zrd")] {
        let r = boardfile(&["convert", s(&input), s(&out)]);
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(r.stderr.contains("cannot write there"), "{}", r.stderr);
    }
    // A directory without write permission (not for root, who writes anyway).
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(locked.join("probe"), b"").is_err() {
        let r = boardfile(&["convert", s(&input), s(&locked.join("out.pbn"))]);
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(entries(&locked).is_empty());
    } else {
        std::fs::remove_file(locked.join("probe")).unwrap();
        eprintln!("running as a user who writes anywhere: the permission case is skipped");
    }
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(before == fingerprint(&input));
    assert_eq!(entries(dir.path()), ["locked", "plain", "set.bri"]);
}

/// `boardfile ARGS` with the file size limited to `kib` KiB: writes past
/// it fail with EFBIG (SIGXFSZ ignored, as `trap '' XFSZ` leaves it).
fn with_file_limit(kib: u32, args: &[&str]) -> Run {
    let mut script = format!("trap '' XFSZ; ulimit -f {}; exec \"$0\"", kib * 2);
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    run(Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(bin())
        .args(args))
}

#[test]
fn a_write_error_part_way_leaves_no_output() {
    let dir = tempfile::tempdir().unwrap();
    // 100,000 boards: JSON Lines of about 17 MB, PBN of about 30 MB, both
    // written in parts (streamed) and whole (from PBN).
    let input = dir.path().join("big.bri");
    std::fs::write(&input, big_bri(100_000)).unwrap();
    let before = fingerprint(&input);
    let precious = dir.path().join("precious.pbn");
    std::fs::write(&precious, b"keep me\n").unwrap();
    for to in ["out.jsonl", "out.pbn", "out.lin", "precious.pbn"] {
        let out = dir.path().join(to);
        let r = with_file_limit(1024, &["convert", s(&input), s(&out)]);
        assert_eq!(r.code, 2, "{to}: {}", r.stderr);
        assert!(r.stderr.contains("too large"), "{to}: {}", r.stderr);
    }
    assert_eq!(std::fs::read(&precious).unwrap(), b"keep me\n");
    assert!(before == fingerprint(&input));
    assert_eq!(entries(dir.path()), ["big.bri", "precious.pbn"]);
    // The same with room enough succeeds: the limit is what failed.
    let out = dir.path().join("out.jsonl");
    let r = with_file_limit(64 * 1024, &["convert", s(&input), s(&out)]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// `boardfile convert - OUT ARGS` fed `total` bytes of xorshift noise on
/// standard input; the feeder stops when the reader goes away.
fn noise_through_stdin(total: usize, out: &Path, args: &[&str]) -> Run {
    let mut child = Command::new(bin())
        .args(["convert", "-", s(out)])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut buf = vec![0u8; 1 << 20];
        let mut sent = 0;
        while sent < total {
            for chunk in buf.chunks_exact_mut(8) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                chunk.copy_from_slice(&state.to_le_bytes());
            }
            if stdin.write_all(&buf).is_err() {
                break;
            }
            sent += buf.len();
        }
        sent
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

#[test]
fn a_gigabyte_of_random_bytes_ends_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["--to", "jsonl"][..],
        &["--from", "zrd"],
        &["--from", "bri"],
        &["--from", "jsonl"],
        &["--from", "dnum"],
        &["--from", "pbn"],
        &["--from", "wtb"],
    ] {
        let out = dir.path().join("out.jsonl");
        let r = noise_through_stdin(1 << 30, &out, args);
        assert!(
            r.code == 1 || r.code == 2,
            "{args:?}: exit {} {}",
            r.code,
            r.stderr
        );
        // A message of the program's, or one placed in standard input.
        assert!(
            r.stderr.starts_with("boardfile: ") || r.stderr.starts_with("<stdin>:"),
            "{args:?}: {}",
            r.stderr
        );
        // The message quotes a little of the input, not a line of it: a
        // megabyte-long line of noise once came back whole.
        assert!(r.stderr.len() < 1000, "{args:?}: {} bytes", r.stderr.len());
        assert!(!out.exists(), "{args:?}");
    }
    // Noise with no line break: the line formats find no line end.
    let out = dir.path().join("out.zrd");
    for from in ["dnum", "jsonl", "pbn", "lin", "dlm"] {
        let mut child = Command::new(bin())
            .args(["convert", "-", s(&out), "--from", from])
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let noise: Vec<u8> = (0..4u32 << 20)
            .map(|i| b'a' + (i.wrapping_mul(2_654_435_761) >> 27) as u8 % 26)
            .collect();
        let _ = stdin.write_all(&noise);
        drop(stdin);
        let r = child.wait_with_output().unwrap();
        assert_eq!(r.status.code(), Some(1), "{from}");
        assert!(r.stderr.len() < 1000, "{from}: {} bytes", r.stderr.len());
    }
    assert!(entries(dir.path()).is_empty());
}
