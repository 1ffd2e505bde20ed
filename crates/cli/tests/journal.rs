//! `solve`'s journal (`OUT.solving`) is never trusted blindly: lines that do
//! not check are named and solved again, a journal of another input is
//! started anew, one solve at a time writes an OUT, and neither a FIFO nor
//! the input is taken for a journal. Every OUT is compared with the one an
//! uninterrupted solve writes.

use std::os::unix::fs::FileTypeExt;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

struct Run {
    code: i32,
    stderr: String,
}

/// Waits for a child at most a minute, then kills it (code -1): no test
/// can hang on a solve that blocks.
fn finish(mut child: Child) -> Run {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

fn spawn(args: &[&str], stdin: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_boardfile"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs and checks the exit status, showing standard error when it differs.
fn expect(code: i32, args: &[&str]) -> Run {
    let run = finish(spawn(args, Stdio::null()));
    assert_eq!(run.code, code, "boardfile {args:?}\nstderr: {}", run.stderr);
    run
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A dealt set, the OUT an uninterrupted solve writes of it, and the whole
/// journal that solve keeps.
struct Set {
    input: Vec<u8>,
    reference: Vec<u8>,
    journal: String,
}

const BOARDS: usize = 8;

fn make_set(seed: &str, with_reference: bool) -> Set {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pbn");
    let boards = BOARDS.to_string();
    expect(0, &["deal", s(&input), "--boards", &boards, "--seed", seed]);
    let reference = if with_reference {
        let whole = dir.path().join("whole.pbn");
        expect(0, &["solve", s(&input), s(&whole)]);
        std::fs::read(&whole).unwrap()
    } else {
        Vec::new()
    };
    // OUT a directory: every board is solved, putting OUT in place fails,
    // and the journal stays, whole.
    let out = dir.path().join("out.pbn");
    std::fs::create_dir(&out).unwrap();
    let run = expect(2, &["solve", s(&input), s(&out)]);
    assert!(
        run.stderr.contains("out.pbn: cannot put the file in place"),
        "{}",
        run.stderr
    );
    let journal = std::fs::read_to_string(dir.path().join("out.pbn.solving")).unwrap();
    assert_eq!(journal.lines().count(), 1 + BOARDS, "{journal}");
    assert!(journal.ends_with('\n'));
    Set {
        input: std::fs::read(&input).unwrap(),
        reference,
        journal,
    }
}

/// The set most tests solve.
fn set() -> &'static Set {
    static SET: OnceLock<Set> = OnceLock::new();
    SET.get_or_init(|| make_set("5eed01", true))
}

/// Another input's whole journal.
fn other_journal() -> &'static str {
    static SET: OnceLock<Set> = OnceLock::new();
    &SET.get_or_init(|| make_set("07e4", false)).journal
}

/// A directory with the set as `in.pbn`; `out.pbn` and its journal paths.
struct Place {
    dir: tempfile::TempDir,
    input: PathBuf,
    out: PathBuf,
    journal: PathBuf,
}

fn place() -> Place {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pbn");
    std::fs::write(&input, &set().input).unwrap();
    Place {
        out: dir.path().join("out.pbn"),
        journal: dir.path().join("out.pbn.solving"),
        input,
        dir,
    }
}

impl Place {
    fn solve(&self) -> Run {
        expect(0, &["solve", s(&self.input), s(&self.out)])
    }

    /// OUT is the uninterrupted solve's, and the journal is gone.
    fn assert_done(&self) {
        assert!(
            std::fs::read(&self.out).unwrap() == set().reference,
            "OUT differs from the uninterrupted solve's"
        );
        assert!(!self.journal.exists(), "the journal is left");
    }
}

/// FNV-1a, 64 bits, of the input id, a space and a line's first three
/// fields: the check the journal's lines carry.
fn check(id: &str, body: &str) -> String {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in id.as_bytes().iter().chain(b" ").chain(body.as_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The header's input id and solver.
fn header_parts(journal: &str) -> (String, String) {
    let head = journal.lines().next().unwrap();
    let rest = head
        .strip_prefix("boardfile solve journal 3 input ")
        .unwrap();
    let (id, solver) = rest.split_once(" solver ").unwrap();
    (id.into(), solver.into())
}

/// The journal's lines below the header, by index: (deal number, table).
fn lines(journal: &str) -> Vec<(u64, String, String)> {
    journal
        .lines()
        .skip(1)
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!(w.len(), 4, "{l}");
            (w[0].parse().unwrap(), w[1].into(), w[2].into())
        })
        .collect()
}

/// A table that is not `table`: its first digit changed.
fn another_table(table: &str) -> String {
    let first = if table.starts_with('0') { '1' } else { '0' };
    format!("{first}{}", &table[1..])
}

#[test]
fn an_edited_table_is_named_and_its_board_solved_again() {
    let p = place();
    // Line 3 (the second board's) with one hex digit of its table changed.
    let mut text: Vec<String> = set().journal.lines().map(String::from).collect();
    let w: Vec<&str> = text[2].split(' ').collect();
    let edited = format!("{} {} {} {}", w[0], w[1], another_table(w[2]), w[3]);
    text[2] = edited;
    std::fs::write(&p.journal, text.join("\n") + "\n").unwrap();
    let run = p.solve();
    assert!(
        run.stderr
            .contains("out.pbn.solving: line 3 does not check (its board is solved again)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(&format!("{} boards already solved", BOARDS - 1)),
        "{}",
        run.stderr
    );
    p.assert_done();
}

#[test]
fn forged_and_foreign_lines_are_named_and_not_taken() {
    let p = place();
    let (id, _) = header_parts(&set().journal);
    let ours = lines(&set().journal);
    let mut text = set().journal.clone();
    // A line that looks right, for a board the journal holds, with a wrong
    // table and a made-up check.
    let (i, n, t) = &ours[0];
    text += &format!("{i} {n} {} 0123456789abcdef\n", another_table(t));
    // A line whose check is right (anyone can compute it) but that gives a
    // board another table than the journal's line for it: neither is taken.
    let (i, n, t) = &ours[1];
    let body = format!("{i} {n} {}", another_table(t));
    text += &format!("{body} {}\n", check(&id, &body));
    // A line copied whole from another input's journal.
    text += other_journal().lines().nth(1).unwrap();
    text += "\n";
    std::fs::write(&p.journal, text).unwrap();
    let run = p.solve();
    let last = 1 + BOARDS;
    for said in [
        format!("line {} does not check", last + 1),
        format!(
            "line {} gives record {i} another table than line 3",
            last + 2
        ),
        format!("line {} does not check", last + 3),
    ] {
        assert!(run.stderr.contains(&said), "{said}\n{}", run.stderr);
    }
    // Board index 1 is solved again: its two lines disagree.
    assert!(
        run.stderr
            .contains(&format!("{} boards already solved", BOARDS - 1)),
        "{}",
        run.stderr
    );
    p.assert_done();
}

#[test]
fn a_journal_cut_short_mid_line_is_named() {
    let p = place();
    // Cut in the middle of line 5 (header, then four whole lines).
    let text = &set().journal;
    let line5: usize = text.lines().take(4).map(|l| l.len() + 1).sum();
    std::fs::write(&p.journal, &text[..line5 + 10]).unwrap();
    let run = p.solve();
    assert!(
        run.stderr
            .contains("out.pbn.solving: line 5 is cut short (its board is solved again)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("3 boards already solved"),
        "{}",
        run.stderr
    );
    p.assert_done();
}

#[test]
fn many_bad_lines_are_counted_not_each_named() {
    let p = place();
    let mut text = set().journal.clone();
    for k in 0..35 {
        text += &format!("{k} not a line\n");
    }
    std::fs::write(&p.journal, text).unwrap();
    let run = p.solve();
    let named = run.stderr.matches("does not check (its board").count();
    assert_eq!(named, 20, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "out.pbn.solving: 15 more lines do not check (their boards are solved again)"
        ),
        "{}",
        run.stderr
    );
    assert!(run.stderr.lines().count() < 25, "{}", run.stderr);
    p.assert_done();
}

#[test]
fn a_journal_of_another_input_or_solver_is_started_anew() {
    let (id, solver) = header_parts(&set().journal);
    let our_head = set().journal.lines().next().unwrap();
    let body: String = set()
        .journal
        .lines()
        .skip(1)
        .map(|l| l.to_string() + "\n")
        .collect();
    let cases = [
        (
            other_journal().to_string(),
            "the journal is of another input (or of this one before it changed); starting it anew",
        ),
        (
            format!("{}\n{body}", our_head.replace(&solver, "pons-dds 0.1.9")),
            "the journal's tables are pons-dds 0.1.9's",
        ),
        (
            format!("boardfile solve journal 2 {id}\n0 1 dddddddddddddddddddd\n"),
            "the journal is of another boardfile (journal format 2",
        ),
    ];
    for (journal, said) in cases {
        let p = place();
        std::fs::write(&p.journal, journal).unwrap();
        let run = p.solve();
        assert!(run.stderr.contains(said), "{said}\n{}", run.stderr);
        assert!(!run.stderr.contains("already solved"), "{}", run.stderr);
        p.assert_done();
    }
}

#[test]
fn a_journal_of_standard_input_is_never_resumed() {
    // A journal of standard input whose lines all check but swap two
    // boards' tables: taken, it would write wrong tables.
    let (_, solver) = header_parts(&set().journal);
    let ours = lines(&set().journal);
    let mut text = format!("boardfile solve journal 3 input stdin solver {solver}\n");
    for (k, (i, n, _)) in ours.iter().enumerate() {
        let (_, _, t) = &ours[(k + 1) % ours.len()];
        let body = format!("{i} {n} {t}");
        text += &format!("{body} {}\n", check("stdin", &body));
    }
    let p = place();
    std::fs::write(&p.journal, text).unwrap();
    let child = spawn(
        &["solve", "-", s(&p.out), "--from", "pbn"],
        Stdio::from(std::fs::File::open(&p.input).unwrap()),
    );
    let run = finish(child);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("the journal of standard input or a pipe is not resumed"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("already solved"), "{}", run.stderr);
    p.assert_done();
}

#[test]
fn a_fifo_directory_or_link_for_a_journal_is_refused_promptly() {
    let p = place();
    let fifo = std::ffi::CString::new(s(&p.journal)).unwrap();
    // SAFETY: a NUL-ended path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    let started = Instant::now();
    let run = expect(2, &["solve", s(&p.input), s(&p.out)]);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(
        run.stderr.contains(&format!(
            "out.pbn.solving: {}'s solve journal is a FIFO, not a regular file",
            s(&p.out)
        )),
        "{}",
        run.stderr
    );
    let kind = std::fs::symlink_metadata(&p.journal).unwrap().file_type();
    assert!(kind.is_fifo());
    assert!(!p.out.exists());
    std::fs::remove_file(&p.journal).unwrap();

    std::fs::create_dir(&p.journal).unwrap();
    let run = expect(2, &["solve", s(&p.input), s(&p.out)]);
    assert!(
        run.stderr.contains("is a directory, not a regular file"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir(&p.journal).unwrap();

    // A link, even to a journal that would do, is not followed.
    let real = p.dir.path().join("elsewhere");
    std::fs::write(&real, &set().journal).unwrap();
    std::os::unix::fs::symlink(&real, &p.journal).unwrap();
    let run = expect(2, &["solve", s(&p.input), s(&p.out)]);
    assert!(
        run.stderr
            .contains("is a symbolic link, not a regular file"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&real).unwrap(), set().journal);
    assert!(!p.out.exists());
}

#[test]
fn an_input_that_is_the_journal_is_refused_and_untouched() {
    let p = place();
    // By name, by another spelling of it, and by a hard link.
    let named = p.dir.path().join("out.pbn.solving");
    std::fs::write(&named, &set().input).unwrap();
    let dotted = format!("{}/./out.pbn.solving", s(p.dir.path()));
    for input in [s(&named), &dotted] {
        let run = expect(2, &["solve", input, s(&p.out)]);
        assert!(
            run.stderr.contains("out.pbn.solving: the input is ")
                && run
                    .stderr
                    .contains("solve journal; refusing to write over it"),
            "{}",
            run.stderr
        );
        assert!(std::fs::read(&named).unwrap() == set().input);
    }
    std::fs::remove_file(&named).unwrap();
    std::fs::hard_link(&p.input, &p.journal).unwrap();
    let run = expect(2, &["solve", s(&p.input), s(&p.out)]);
    assert!(
        run.stderr.contains("refusing to write over it"),
        "{}",
        run.stderr
    );
    assert!(std::fs::read(&p.input).unwrap() == set().input);
    assert!(!p.out.exists());
    // A file that is not a journal is not written over either.
    std::fs::remove_file(&p.journal).unwrap();
    std::fs::write(&p.journal, "notes\n").unwrap();
    let run = expect(2, &["solve", s(&p.input), s(&p.out)]);
    assert!(
        run.stderr.contains("is not a boardfile solve journal"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&p.journal).unwrap(), "notes\n");
}

const LOCKED: &str = "out.pbn.solving: another boardfile solve is writing ";

#[test]
fn a_held_lock_is_refused_and_the_journal_kept() {
    let p = place();
    std::fs::write(&p.journal, &set().journal).unwrap();
    let held = std::fs::OpenOptions::new()
        .read(true)
        .open(&p.journal)
        .unwrap();
    // SAFETY: flock on an open descriptor.
    let locked = unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    assert_eq!(locked, 0);
    let run = expect(2, &["solve", s(&p.input), s(&p.out)]);
    assert!(run.stderr.contains(LOCKED), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&p.journal).unwrap(), set().journal);
    assert!(!p.out.exists());
    drop(held);
    // Unlocked: the journal's boards are taken, none solved.
    let run = p.solve();
    assert!(
        run.stderr
            .contains(&format!("{BOARDS} boards already solved")),
        "{}",
        run.stderr
    );
    p.assert_done();
}

/// A child stopped (SIGSTOP) and continued and killed when dropped, so
/// that a failing test leaves no stopped process.
struct Stopped(Option<Child>);

impl Drop for Stopped {
    fn drop(&mut self) {
        if let Some(c) = &mut self.0 {
            // SAFETY: signals to a child of ours.
            unsafe { libc::kill(c.id() as i32, libc::SIGCONT) };
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[test]
fn a_second_solve_while_one_is_writing_is_refused() {
    let p = place();
    let args = ["solve", s(&p.input), s(&p.out), "--jobs", "1"];
    let mut first = Stopped(Some(spawn(&args, Stdio::null())));
    // Stopped once it has solved a board: it holds the journal.
    let started = Instant::now();
    loop {
        let lines = std::fs::read_to_string(&p.journal).map_or(0, |t| t.lines().count());
        if lines >= 2 {
            break;
        }
        let c = first.0.as_mut().unwrap();
        assert!(c.try_wait().unwrap().is_none(), "the solve ended first");
        assert!(started.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(2));
    }
    let pid = first.0.as_ref().unwrap().id() as i32;
    // SAFETY: a signal to a child of ours.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGSTOP) }, 0);
    let c = first.0.as_mut().unwrap();
    assert!(c.try_wait().unwrap().is_none(), "the solve ended first");
    let before = std::fs::read_to_string(&p.journal).unwrap();
    let run = expect(2, &args);
    assert!(run.stderr.contains(LOCKED), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&p.journal).unwrap(), before);
    // SAFETY: as above.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGCONT) }, 0);
    let run = finish(first.0.take().unwrap());
    assert_eq!(run.code, 0, "{}", run.stderr);
    p.assert_done();
}

#[test]
fn two_solves_of_one_out_at_once() {
    let p = place();
    let args = ["solve", s(&p.input), s(&p.out)];
    let (a, b) = (spawn(&args, Stdio::null()), spawn(&args, Stdio::null()));
    let runs = [finish(a), finish(b)];
    for run in &runs {
        assert!(
            run.code == 0 || (run.code == 2 && run.stderr.contains(LOCKED)),
            "exit {}: {}",
            run.code,
            run.stderr
        );
    }
    assert!(runs.iter().any(|r| r.code == 0));
    p.assert_done();
    let mut left: Vec<_> = std::fs::read_dir(p.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left, ["in.pbn", "out.pbn"]);
}

#[test]
fn a_journal_rewritten_after_bad_lines_is_whole_again() {
    // After a run that met a bad line and was then stopped, the journal
    // holds only lines that check: a further run names nothing.
    let p = place();
    let mut text = set().journal.clone();
    text += "garbage\n";
    std::fs::write(&p.journal, text).unwrap();
    // OUT a directory: the run ends without removing the journal.
    std::fs::create_dir(&p.out).unwrap();
    let run = expect(2, &["solve", s(&p.input), s(&p.out)]);
    assert!(
        run.stderr.contains("line 10 does not check"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir(&p.out).unwrap();
    assert_eq!(
        std::fs::read_to_string(&p.journal).unwrap().lines().count(),
        1 + BOARDS
    );
    let run = p.solve();
    assert!(!run.stderr.contains("does not check"), "{}", run.stderr);
    p.assert_done();
}

#[test]
fn a_pipe_input_is_read_whole() {
    // A named pipe more than the first read block (64 KiB) long: hashing
    // it for the journal would eat what the solve reads.
    let p = place();
    let padded = p.dir.path().join("padded.pbn");
    let mut text: String = (0..2000)
        .map(|i| format!("% padding line {i} to fill the first read block\n"))
        .collect();
    text += std::str::from_utf8(&set().input).unwrap();
    std::fs::write(&padded, &text).unwrap();
    let reference = p.dir.path().join("reference.pbn");
    expect(0, &["solve", s(&padded), s(&reference)]);
    let fifo = p.dir.path().join("fifo.pbn");
    let name = std::ffi::CString::new(s(&fifo)).unwrap();
    // SAFETY: a NUL-ended path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
    let writer = fifo.clone();
    // Not joined: should the solve never open the pipe, the test still ends.
    std::thread::spawn(move || std::fs::write(writer, text));
    let run = expect(0, &["solve", s(&fifo), s(&p.out), "--from", "pbn"]);
    assert!(
        std::fs::read(&p.out).unwrap() == std::fs::read(&reference).unwrap(),
        "{}",
        run.stderr
    );
    assert!(!p.journal.exists());
}
