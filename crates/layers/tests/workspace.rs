//! The workspace's library crates have no import cycle, import inside the
//! crate by real paths (not through the crate root's re-exports), and the
//! bridge and Othello crates' layers run one way. The tables below are the
//! one place the allowed directions are written, each layer with its
//! reason.

use boardfile_layers::{paths_in, Graph, Layer, Layers};
use std::path::Path;

fn graph(krate: &str) -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(krate)
        .join("src");
    let g = Graph::of_crate(&src).unwrap();
    assert!(g.files.len() > 3, "{krate}: read only {:?}", g.files);
    assert!(!g.edges.is_empty(), "{krate}: no imports read");
    g
}

/// The bridge crate, from the bottom up.
static BRIDGE: Layers = Layers {
    layers: &[
        Layer {
            name: "model",
            files: &["model/"],
            may_import: &[],
            why: "the model is what every format reads into and writes from: it knows no format, pipeline or engine",
        },
        Layer {
            name: "views",
            files: &["diagram/", "consistency.rs", "trust.rs"],
            may_import: &["model"],
            why: "the hand-record diagram, the board's consistency checks and how far a stored table is believed are shared by formats and commands, and know no format",
        },
        Layer {
            name: "codec",
            files: &["codec/"],
            may_import: &["model", "views"],
            why: "what a format fills in (its descriptor, what it keeps, its reader and writer traits, its options) lies below every format and names none",
        },
        Layer {
            name: "formats",
            files: &["formats/"],
            may_import: &["model", "views", "codec"],
            why: "a format holds its whole story against the model and the codec; it never reaches the registry's list, the pipeline, the solver or the dealing engines",
        },
        Layer {
            name: "registry",
            files: &["registry.rs"],
            may_import: &["codec", "formats"],
            why: "the registry is the one list of formats: only it names each",
        },
        Layer {
            name: "pipeline",
            files: &["records.rs", "losses.rs", "stages.rs", "summary.rs"],
            may_import: &["model", "views", "codec", "registry"],
            why: "the conversion path reaches formats only through their descriptors and the registry, never by name",
        },
        Layer {
            name: "engines",
            files: &["dd/", "deal/"],
            may_import: &["model", "views", "codec", "pipeline", "formats"],
            why: "the solver and the dealing engines make boards; they stream them through the codec's traits, and a solve says at a head that its tables are believed",
        },
        Layer {
            name: "root",
            files: &["lib.rs"],
            may_import: &["model", "views", "codec", "formats", "registry", "pipeline", "engines"],
            why: "the crate root only declares modules and re-exports the public API",
        },
    ],
};

/// The Othello crate, from the bottom up: the bridge crate's shape.
static OTHELLO: Layers = Layers {
    layers: &[
        Layer {
            name: "model",
            files: &["model/"],
            may_import: &[],
            why: "the model (positions and the rules, the solver's bit-set board, games, the WTHOR header, names) is what every format reads into and writes from: it knows no format, command or engine",
        },
        Layer {
            name: "codec",
            files: &["codec.rs"],
            may_import: &["model"],
            why: "what a format fills in (its descriptor, what a file holds, its readers and writers, its layout and hooks) lies below every format and names none",
        },
        Layer {
            name: "formats",
            files: &["formats/"],
            may_import: &["model", "codec"],
            why: "a format holds its whole story against the model and the codec; it never reaches the registry's list, the commands or the solver",
        },
        Layer {
            name: "registry",
            files: &["registry.rs"],
            may_import: &["codec", "formats"],
            why: "the registry is the one list of formats: only it names each",
        },
        Layer {
            name: "engines",
            files: &["endgame/", "theoretical.rs", "positions.rs", "analysis.rs"],
            may_import: &["model", "formats"],
            why: "the endgame solver searches the model's board; theoretical scores, OBF's move scores and a game's moves near its end are solved with it, filling in the games and the format's positions",
        },
        Layer {
            name: "pipeline",
            files: &["convert.rs", "database.rs"],
            may_import: &["model", "codec", "registry", "engines"],
            why: "the commands' work (convert, validate, the WTHOR database) reaches formats only through their descriptors and the registry, never by name",
        },
        Layer {
            name: "root",
            files: &["lib.rs"],
            may_import: &["model", "codec", "formats", "registry", "engines", "pipeline"],
            why: "the crate root only declares modules and re-exports the public API (and the formats' earlier paths)",
        },
    ],
};

#[test]
fn no_crate_has_an_import_cycle() {
    // The libraries and the command line (whose commands, server and
    // reports once went round in a cycle of ten files).
    let mut found = Vec::new();
    for krate in ["io", "bridge", "othello", "dd", "cli"] {
        for c in graph(krate).cycles() {
            found.push(format!("{krate}: {c}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn library_crates_import_by_real_paths() {
    let mut found = Vec::new();
    for krate in ["io", "bridge", "othello"] {
        for r in graph(krate).through_root {
            found.push(format!(
                "{krate}/src/{}: {} goes through the crate root's re-exports; write the module's path",
                r.file, r.path
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_bridge_layers_run_one_way() {
    let problems = BRIDGE.check(&graph("bridge"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_othello_layers_run_one_way() {
    let problems = OTHELLO.check(&graph("othello"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check fails on the import the issue names: the model reaching a
/// format.
#[test]
fn a_model_file_importing_a_format_fails_the_check() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bridge/src");
    let mut g = Graph::of_crate(&src).unwrap();
    let mut sources = Vec::new();
    for f in &g.files {
        let mut text = std::fs::read_to_string(src.join(f)).unwrap();
        if f == "model/board.rs" {
            text.push_str("\nuse crate::formats::pbn;\n");
        }
        sources.push((f.clone(), text));
    }
    g = Graph::from_sources(sources);
    let problems = BRIDGE.check(&g);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("model/board.rs (model) -> formats/pbn/mod.rs (formats)")),
        "{problems:#?}"
    );
    assert!(
        !g.cycles().is_empty(),
        "the model is imported by the PBN format"
    );
}

/// The Othello check fails on a format reaching the solver, and on the
/// model reaching a format.
#[test]
fn an_othello_format_importing_the_solver_fails_the_check() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../othello/src");
    let g = Graph::of_crate(&src).unwrap();
    let mut sources = Vec::new();
    for f in &g.files {
        let mut text = std::fs::read_to_string(src.join(f)).unwrap();
        match f.as_str() {
            "formats/obf.rs" => text.push_str("\nuse crate::endgame::Solver;\n"),
            "model/game.rs" => text.push_str("\nuse crate::formats::wthor::games;\n"),
            _ => {}
        }
        sources.push((f.clone(), text));
    }
    let problems = OTHELLO.check(&Graph::from_sources(sources));
    for wanted in [
        "formats/obf.rs (formats) -> endgame/mod.rs (engines)",
        "model/game.rs (model) -> formats/wthor/games.rs (formats)",
    ] {
        assert!(
            problems.iter().any(|p| p.starts_with(wanted)),
            "{wanted}: {problems:#?}"
        );
    }
}

/// The command line reaches formats only through the registries: it names
/// no format module and no format (`Format::Pbn`, `PbnReader`), so that a
/// new format needs no change there.
#[test]
fn the_command_line_names_no_format() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/src");
    let mut found = Vec::new();
    let mut files = 0;
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        files += 1;
        for p in paths_in(&std::fs::read_to_string(&path).unwrap()) {
            if names_a_format(&p) {
                found.push(format!("{}: {p}", path.display()));
            }
        }
    }
    assert!(files > 3, "read only {files} files of {}", src.display());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// True for a path into a format module, a registry constant
/// (`Format::Pbn`, `OthelloFormat::Wtb`; `Format::ALL` lists them all),
/// or a format-prefixed name (`PbnDdTags`, `WtbHeader`).
fn names_a_format(path: &str) -> bool {
    let segments: Vec<&str> = path.split("::").collect();
    let into_formats = segments
        .windows(2)
        .any(|w| w[0].starts_with("boardfile_") && w[1] == "formats");
    let constant = segments.windows(2).any(|w| {
        matches!(w[0], "Format" | "OthelloFormat")
            && w[1] != "ALL"
            && w[1].chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && w[1].chars().nth(1).is_some_and(|c| c.is_ascii_lowercase())
    });
    let prefixed = segments.iter().any(|s| {
        [
            "Pbn", "Lin", "Dlm", "Dup", "Wthor", "Wtb", "Zrd", "Pavlicek",
        ]
        .iter()
        .any(|p| {
            s.strip_prefix(p)
                .is_some_and(|rest| rest.chars().next().is_some_and(|c| c.is_ascii_uppercase()))
        })
    });
    into_formats || constant || prefixed
}

#[test]
fn the_format_name_check_sees_what_it_should() {
    for named in [
        "boardfile_bridge::formats::pavlicek::Checksum",
        "Format::Pbn",
        "OthelloFormat::Wtb::name",
        "PbnDdTags::parse",
        "boardfile_othello::formats",
    ] {
        assert!(names_a_format(named), "{named}");
    }
    for plain in [
        "Format::ALL",
        "Format::from_name",
        "Format",
        "DdTags::parse",
        "Dupe",
        "LINE",
    ] {
        assert!(!names_a_format(plain), "{plain}");
    }
}
