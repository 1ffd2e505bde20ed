//! Progress on long work: a bar on a terminal that moves and gives way to
//! a one-line summary; nothing at all on a pipe. The terminal is a
//! pseudo-terminal (openpty) given to the command as its standard error.

mod common;

use common::{bin, s};
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A pseudo-terminal: its controlling side and the terminal side.
fn pty() -> (OwnedFd, OwnedFd) {
    let (mut control, mut terminal) = (0, 0);
    // SAFETY: openpty fills the two descriptors it is given; no name,
    // settings or size are asked for.
    let r = unsafe {
        libc::openpty(
            &mut control,
            &mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both are open descriptors that nothing else owns.
    unsafe {
        (
            OwnedFd::from_raw_fd(control),
            OwnedFd::from_raw_fd(terminal),
        )
    }
}

/// Runs boardfile with `args`, its standard error a terminal: the exit
/// code and all it wrote there. Bounded: killed after two minutes.
fn on_a_terminal(args: &[&str]) -> (i32, String) {
    let (control, terminal) = pty();
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(terminal))
        .spawn()
        .unwrap();
    // Read on a thread: the terminal's buffer is small, and the child
    // blocks when it is full.
    let reader = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut f = std::fs::File::from(control);
        let mut buf = [0u8; 4096];
        // EIO once the child has closed the terminal side.
        while let Ok(n) = f.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        all
    });
    let started = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code().unwrap_or(-1);
        }
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("boardfile {args:?} ran past two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let all = reader.join().unwrap();
    (code, String::from_utf8_lossy(&all).into_owned())
}

#[test]
fn solving_shows_a_moving_bar_on_a_terminal_and_nothing_on_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set.pbn");
    common::expect(0, &["deal", s(&set), "--boards", "16", "--seed", "6"]);
    let out = dir.path().join("solved.pbn");
    let (code, seen) = on_a_terminal(&["solve", s(&set), s(&out), "--jobs", "1"]);
    assert_eq!(code, 0, "{seen}");
    // Each redraw starts with a carriage return: the counts it showed.
    let counts: Vec<u64> = seen
        .split(['\r', '\n'])
        .filter_map(|frame| {
            let (n, _) = frame.split_once(" boards done")?;
            n.rsplit(' ').next()?.parse().ok()
        })
        .collect();
    assert!(counts.len() >= 3, "the bar never moved: {seen:?}");
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert!(counts.iter().any(|&n| n > 0 && n < 16), "{counts:?}");
    assert!(seen.contains(" left"), "no time left shown: {seen:?}");
    // Then the bar gives way to one line.
    let last = seen.trim_end().rsplit(['\r', '\n']).next().unwrap();
    let last = last.trim_start_matches("\u{1b}[2K");
    assert!(
        last.starts_with("boardfile: ") && last.contains("solved.pbn: 16 boards solved in "),
        "{last:?}"
    );
    // On a pipe: not a byte.
    let again = dir.path().join("again.pbn");
    let run = common::expect(0, &["solve", s(&set), s(&again), "--jobs", "1"]);
    assert!(run.stderr.is_empty(), "{}", common::stderr(&run));
    assert!(std::fs::read(&again).unwrap() == std::fs::read(&out).unwrap());
    // validate --solve: a bar of the boards solved, then its summary.
    let (code, seen) = on_a_terminal(&["validate", "--solve", s(&out)]);
    assert_eq!(code, 0, "{seen}");
    assert!(seen.contains(" boards solved, "), "no bar: {seen:?}");
    assert!(
        seen.contains("solved.pbn: 16 boards solved in "),
        "{seen:?}"
    );
    // Nor under --quiet, on a terminal.
    let quiet = dir.path().join("quiet.pbn");
    let (code, seen) = on_a_terminal(&["solve", s(&set), s(&quiet), "--quiet"]);
    assert_eq!((code, seen.as_str()), (0, ""));
}

#[test]
fn solving_othello_positions_ends_with_a_count_of_them_on_a_terminal() {
    let ffo = common::shared("othello/ffo/fforum-1-19.obf");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("solved.obf");
    let (code, seen) = on_a_terminal(&["solve", s(&ffo), s(&out)]);
    assert_eq!(code, 0, "{seen}");
    let last = seen.trim_end().rsplit(['\r', '\n']).next().unwrap();
    let last = last.trim_start_matches("\u{1b}[2K");
    // The file holds 19 positions, one a line (FFO's numbering).
    let positions = std::fs::read_to_string(&ffo).unwrap().lines().count();
    assert_eq!(positions, 19);
    assert!(
        last.starts_with("boardfile: 19 positions solved in "),
        "{last:?}"
    );
    // On a pipe: not a byte.
    let run = common::expect(0, &["solve", s(&ffo), s(&out), "--force"]);
    assert!(run.stderr.is_empty(), "{}", common::stderr(&run));
}
