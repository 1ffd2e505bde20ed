//! Help and manual pages: every command's help fits an 80-column terminal,
//! its options sit under the shared headings, its examples are printed as
//! written, and `boardfile man` has a page for every command, with its
//! options, under the names boardfile's page gives them.

mod common;

use common::{bin, expect, s, stderr};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs boardfile with `args` as if on a terminal `columns` wide: clap
/// takes the width of a terminal on stdout, stderr or stdin, else
/// COLUMNS, and none of the three is a terminal here.
fn at_width(columns: usize, args: &[&str]) -> String {
    let out = Command::new(bin())
        .args(args)
        .env("COLUMNS", columns.to_string())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// The commands `--help` of `path` lists (without clap's `help`).
fn listed(path: &[&str]) -> Vec<String> {
    let mut args = path.to_vec();
    args.push("--help");
    let help = at_width(80, &args);
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        // A command's line; deeper lines continue its summary.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .filter(|name| name != "help")
        .collect()
}

/// Every command line: boardfile itself, its commands and theirs.
fn every_command() -> Vec<Vec<String>> {
    let mut all = vec![vec![]];
    let mut i = 0;
    while i < all.len() {
        let path: Vec<&str> = all[i].iter().map(String::as_str).collect();
        for name in listed(&path) {
            let mut sub = all[i].clone();
            sub.push(name);
            all.push(sub);
        }
        i += 1;
    }
    // Found by reading the help, so the help must list them.
    for wanted in [&["convert"][..], &["squaredeal", "make"], &["man"]] {
        assert!(all.iter().any(|p| p == wanted), "{wanted:?} in {all:?}");
    }
    all
}

/// The lines of `help` past its "Examples:" line.
fn examples(help: &str) -> Vec<&str> {
    help.lines()
        .skip_while(|l| *l != "Examples:")
        .skip(1)
        .collect()
}

#[test]
fn help_fits_80_columns() {
    for path in every_command() {
        for flag in ["-h", "--help"] {
            let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
            args.push(flag);
            let help = at_width(80, &args);
            for line in help.lines() {
                assert!(
                    line.chars().count() <= 80,
                    "boardfile {args:?} at 80 columns, {} long:\n{line}",
                    line.chars().count()
                );
            }
        }
    }
}

#[test]
fn every_command_has_examples_printed_as_written() {
    for path in every_command() {
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        let short = at_width(80, &[&words[..], &["-h"]].concat());
        let long = at_width(80, &[&words[..], &["--help"]].concat());
        let (short, long) = (examples(&short), examples(&long));
        assert!(!short.is_empty(), "boardfile {words:?} -h: no examples");
        // -h shows the first of the examples --help shows.
        assert_eq!(short, long[..short.len()], "boardfile {words:?}");
        // No line broken at 80 columns: the same as on a wide terminal.
        let wide = at_width(1000, &[&words[..], &["--help"]].concat());
        assert_eq!(long, examples(&wide), "boardfile {words:?}");
        // Each example under a line saying what it does; continuation
        // lines (after a \) indented further; all within 75 columns, so
        // that a man page's indentation of 7 keeps them within 80 too.
        let command = ["boardfile"]
            .iter()
            .chain(&words)
            .copied()
            .collect::<Vec<_>>();
        let mut said = false;
        let mut continued = false;
        for line in &long {
            assert!(line.chars().count() <= 75, "{line}");
            if continued {
                assert!(line.starts_with("    "), "{line}");
            } else if let Some(what) = line.strip_prefix("  # ") {
                assert!(!what.is_empty() && !said, "{words:?}: {line}");
                said = true;
                continue;
            } else {
                assert!(said, "boardfile {words:?}: no # line before {line}");
                let first: Vec<&str> = line.split_whitespace().take(command.len()).collect();
                let runs =
                    first == command || (path.is_empty() && line.starts_with("  boardfile "));
                assert!(
                    runs,
                    "boardfile {words:?}: an example of another command: {line}"
                );
            }
            continued = line.ends_with('\\');
            said = false;
        }
        assert!(
            !said && !continued,
            "boardfile {words:?}: examples end with a command"
        );
    }
}

#[test]
fn options_sit_under_their_headings() {
    let help = at_width(80, &["convert", "-h"]);
    // Each option, and the heading it is listed under.
    let mut under = std::collections::HashMap::new();
    let mut heading = "";
    for line in help.lines() {
        if line.ends_with(':') && !line.starts_with(' ') {
            heading = line;
        } else if let Some(option) = line.split_whitespace().find(|w| w.starts_with("--")) {
            if line.trim_start().starts_with('-') {
                under.insert(option.to_string(), heading);
            }
        }
    }
    for (option, wanted) in [
        ("--from", "Input:"),
        ("--skip-bad", "Input:"),
        ("--to", "Output:"),
        ("--normalize", "Output:"),
        ("--boards", "Bridge:"),
        ("--renumber", "Bridge:"),
        ("--players", "Othello:"),
        ("--player", "Othello:"),
        ("--opening", "Othello:"),
        ("--per-page", "Hand records:"),
        ("--paper", "Hand records:"),
        ("--quiet", "Options:"),
    ] {
        assert_eq!(under.get(option), Some(&wanted), "{option} in\n{help}");
    }
    // The headings in one order, each once.
    let headings: Vec<&str> = help
        .lines()
        .filter(|l| l.ends_with(':') && !l.starts_with(' '))
        .collect();
    assert_eq!(
        headings,
        [
            "Arguments:",
            "Options:",
            "Input:",
            "Output:",
            "Bridge:",
            "Othello:",
            "Hand records:",
            "Examples:"
        ]
    );
}

/// `man -l` of the page in `path` as text `width` wide, where man is
/// installed (Debian's man-db with groff); None where it is not.
fn rendered(path: &Path, width: usize) -> Option<String> {
    let out: Output = Command::new("man")
        .args(["-l", s(path)])
        .env("MANPAGER", "cat")
        .env("MANWIDTH", width.to_string())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_command_has_a_man_page_with_its_options() {
    let page = String::from_utf8(expect(0, &["man", "convert"]).stdout).unwrap();
    assert!(page.contains(".TH boardfile-convert 1"), "{page}");
    for text in [
        r"\-\-to",
        r"\-\-skip\-bad",
        r"\-\-player",
        r"\-\-paper",
        "boardfile(1)",
    ] {
        assert!(page.contains(text), "{text} in\n{page}");
    }
    // The help's headings are its sections, and its examples another.
    for section in [
        "OPTIONS",
        "INPUT",
        "OUTPUT",
        "BRIDGE",
        "OTHELLO",
        "\"HAND RECORDS\"",
    ] {
        assert!(page.contains(&format!(".SH {section}\n")), "{section}");
    }
    assert!(page.contains(".SH EXAMPLES\n.nf\n"), "{page}");
    // A command's command.
    let page = String::from_utf8(expect(0, &["man", "squaredeal", "make"]).stdout).unwrap();
    assert!(page.contains(".TH boardfile-squaredeal-make 1"), "{page}");
    assert!(page.contains(r"\-\-reserve") && page.contains(r"boardfile\-squaredeal(1)"));
    // No such command: exit 2, and the commands there are.
    let out = expect(2, &["man", "convrt"]);
    assert!(stderr(&out).contains("convrt") && stderr(&out).contains("convert, join"));
    let out = expect(2, &["man", "squaredeal", "mke"]);
    assert!(stderr(&out).contains("new, publish, set-value, make, verify"));
    expect(2, &["man", "convert", "more"]);
}

/// The pages a page names in its SUBCOMMANDS section: boardfile-convert...
fn named(roff: &str) -> Vec<String> {
    roff.lines()
        .skip_while(|l| *l != ".SH SUBCOMMANDS")
        .take_while(|l| !l.starts_with(".SH EXAMPLES"))
        .filter_map(|l| l.strip_suffix("(1)"))
        .map(|name| name.replace(r"\-", "-"))
        .collect()
}

#[test]
fn man_dir_writes_every_page_boardfile_names() {
    let dir = tempfile::tempdir().unwrap();
    let man1 = dir.path().join("man").join("man1");
    let out = expect(0, &["man", "--dir", s(&man1)]);
    let files: BTreeSet<String> = std::fs::read_dir(&man1)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    // A page for every command, found by reading the help; each path printed.
    let commands: BTreeSet<String> = every_command()
        .iter()
        .map(|p| {
            ["boardfile"]
                .iter()
                .copied()
                .chain(p.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join("-")
                + ".1"
        })
        .collect();
    assert_eq!(files, commands);
    assert!(!files.contains("boardfile-help.1"));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.lines().count(), files.len(), "{printed}");
    // Every page a page names exists, and every page is named by one.
    let mut names = BTreeSet::from(["boardfile.1".to_string()]);
    for file in &files {
        let roff = std::fs::read_to_string(man1.join(file)).unwrap();
        for name in named(&roff) {
            assert!(
                files.contains(&format!("{name}.1")),
                "{file} names {name}(1)"
            );
            names.insert(format!("{name}.1"));
        }
    }
    assert_eq!(names, files);
    // Written again (a newer version's): replaced; -q prints nothing.
    assert!(expect(0, &["-q", "man", "--dir", s(&man1)])
        .stdout
        .is_empty());
    // One command's page and its commands'.
    let only = dir.path().join("squaredeal");
    expect(0, &["man", "squaredeal", "--dir", s(&only)]);
    assert_eq!(std::fs::read_dir(&only).unwrap().count(), 6);
    // As man shows them: within 80 columns, convert's with its options.
    for file in &files {
        let Some(text) = rendered(&man1.join(file), 80) else {
            eprintln!("man cannot render here");
            return;
        };
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{file}: {line}");
        }
        if file == "boardfile-convert.1" {
            for word in [
                "--to <TO>",
                "INPUT",
                "OTHELLO",
                "EXAMPLES",
                "boardfile convert set.pbn set.dlm",
            ] {
                assert!(text.contains(word), "{word} in\n{text}");
            }
        }
    }
}

/// `boardfile ARGS` on a pseudo-terminal `columns` wide that gives no
/// height (as `script` and some terminal programs leave one), COLUMNS
/// unset: what it printed.
#[cfg(unix)]
fn on_terminal(columns: u16, args: &[&str]) -> String {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let size = libc::winsize {
        ws_row: 0,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    let (mut leader, mut follower) = (0, 0);
    // SAFETY: openpty fills the two descriptors; the size is read only.
    let made = unsafe {
        libc::openpty(
            &mut leader,
            &mut follower,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(made, 0, "openpty");
    // SAFETY: both are descriptors openpty just made, each owned once.
    let (leader, follower) = unsafe {
        (
            std::fs::File::from_raw_fd(leader),
            std::fs::File::from_raw_fd(follower),
        )
    };
    let mut child = Command::new(bin())
        .args(args)
        .env_remove("COLUMNS")
        .stdin(Stdio::null())
        .stdout(follower.try_clone().unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(follower);
    let status = child.wait().unwrap();
    assert!(status.success(), "{args:?}");
    let mut out = Vec::new();
    let mut leader = leader;
    // The child has gone: reading ends at EIO once its output is read.
    let mut buf = [0u8; 65536];
    while let Ok(n) = leader.read(&mut buf) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&out).replace("\r\n", "\n")
}

#[test]
#[cfg(unix)]
fn help_fits_a_terminal_that_gives_its_width_alone() {
    for args in [["convert", "-h"], ["solve", "--help"], ["serve", "-h"]] {
        let help = on_terminal(80, &args);
        assert!(help.lines().count() > 10, "{args:?}: {help}");
        for line in help.lines() {
            assert!(
                line.chars().count() <= 80,
                "boardfile {args:?} on an 80-column terminal, {} long:\n{line}",
                line.chars().count()
            );
        }
    }
}
