//! The workspace's library crates have no import cycle, import inside the
//! crate by real paths (not through the crate root's re-exports), and the
//! bridge crate's layers run one way. The table below is the one place
//! the allowed directions are written, each layer with its reason.

use boardfile_layers::{Graph, Layer, Layers};
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
            files: &["diagram.rs", "consistency.rs"],
            may_import: &["model"],
            why: "the hand-record diagram and the board's consistency checks are shared by formats and commands, and know no format",
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
            files: &["dd.rs", "dealing.rs", "dealer/", "bigdeal/"],
            may_import: &["model", "codec", "pipeline", "formats"],
            why: "the solver and the dealing engines make boards; they stream them through the codec's traits",
        },
        Layer {
            name: "root",
            files: &["lib.rs"],
            may_import: &["model", "views", "codec", "formats", "registry", "pipeline", "engines"],
            why: "the crate root only declares modules and re-exports the public API",
        },
    ],
};

#[test]
fn no_library_crate_has_an_import_cycle() {
    let mut found = Vec::new();
    for krate in ["io", "bridge", "othello"] {
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
