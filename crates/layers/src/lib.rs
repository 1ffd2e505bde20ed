//! The import graph of a crate's source files, read from their paths, and
//! a check of it against a table of layers.
//!
//! A file imports another when its code names a path into it: a `use`
//! line, or a path written out in the code (`crate::formats::lin::x(..)`).
//! A path is followed through re-exports (`pub use`) to the file that
//! defines the name, so a module's face (`formats/pbn/mod.rs` handing on
//! `dd::DdTags`) is no edge of its own: the importer depends on the
//! file that holds the code. Test code (`#[cfg(test)]` items and modules)
//! is left out: a test may use anything. Comments, strings and doc links
//! are not imports.
//!
//! [`Graph::cycles`] finds files that import each other, however
//! indirectly. A file's use of the module that declares it (`super::X`
//! from `formats/pbn/read/mod.rs` into `formats/pbn/mod.rs`) is an edge, but
//! not one that closes a cycle: a folder module's face wires its parts,
//! and the parts may take what it defines; its parts must not import one
//! another in a loop, nor reach out of the folder and back. [`Layers::check`] finds imports that run against a table of
//! layers, each with the reason it is so; both are run on every library
//! crate by this crate's tests. The reader is a small scanner, not a Rust
//! parser: it understands what the workspace writes (paths from `crate`,
//! `super`, `self` and child modules; `use` trees with braces, globs and
//! `as`), and its own tests pin that down.
//!
//! ```
//! use boardfile_layers::Graph;
//! let graph = Graph::from_sources(vec![
//!     ("lib.rs".into(), "mod a; mod b;".into()),
//!     ("a.rs".into(), "use crate::b::B; pub struct A;".into()),
//!     ("b.rs".into(), "pub struct B(crate::a::A);".into()),
//! ]);
//! assert_eq!(graph.cycles().len(), 1);
//! ```

#![deny(missing_docs)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

/// One import: the file that names the path, the file it leads to, and
/// the path as written.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    /// The importing file, relative to the crate's `src`.
    pub from: String,
    /// The imported file.
    pub to: String,
    /// The path as written (`crate::formats::lin::header_event`).
    pub path: String,
}

/// Files that import each other in a loop, with the edges between them.
#[derive(Debug)]
pub struct Cycle {
    /// The files, sorted.
    pub files: Vec<String>,
    /// The imports among them.
    pub edges: Vec<Edge>,
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} files import each other:", self.files.len())?;
        for e in &self.edges {
            writeln!(f, "  {} -> {}: {}", e.from, e.to, e.path)?;
        }
        Ok(())
    }
}

/// A path followed through the crate root's re-exports, where the real
/// path was meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootPath {
    /// The importing file.
    pub file: String,
    /// The path as written.
    pub path: String,
}

/// The import graph of one crate.
#[derive(Debug, Default)]
pub struct Graph {
    /// Every source file (not test-only ones), relative to `src`.
    pub files: BTreeSet<String>,
    /// Every import between two different files.
    pub edges: Vec<Edge>,
    /// Imports that go through the crate root's re-exports.
    pub through_root: Vec<RootPath>,
    /// Each file's parent module's file (the file that declares it).
    pub parents: BTreeMap<String, String>,
}

/// A module: the file that holds it, and what it re-exports.
#[derive(Debug, Default)]
struct Module {
    file: String,
    /// Name re-exported here -> the absolute path it stands for.
    reexports: BTreeMap<String, Vec<String>>,
    /// Name imported here for the module's own code -> its absolute path.
    imports: BTreeMap<String, Vec<String>>,
    /// Child modules declared here.
    children: BTreeSet<String>,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Sep,
    Punct(char),
}

/// Splits Rust source into identifiers, `::` and the punctuation the
/// reader needs, leaving out comments, strings and character literals.
fn tokens(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let n = c.len();
    while i < n {
        let ch = c[i];
        if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < n && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < n {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i);
        } else if (ch == 'r' || ch == 'b') && is_raw_or_byte_string(&c, i) {
            // b"..", r"..", r#".."#, br#".."#
            let mut j = i;
            if c[j] == 'b' {
                j += 1;
            }
            if c.get(j) == Some(&'r') {
                j += 1;
                let mut hashes = 0;
                while c.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                j += 1; // the opening quote
                while j < n {
                    if c[j] == '"' && (0..hashes).all(|k| c.get(j + 1 + k) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                i = j;
            } else {
                i = skip_string(&c, j);
            }
        } else if ch == '\'' {
            // A character literal, or a lifetime.
            if c.get(i + 1) == Some(&'\\') {
                let mut j = i + 2;
                while j < n && c[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            // r#ident
            out.push(Tok::Ident(word));
        } else if ch.is_ascii_digit() {
            while i < n && (c[i].is_alphanumeric() || c[i] == '_' || c[i] == '.') {
                if c[i] == '.' && !c.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
                    break;
                }
                i += 1;
            }
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(Tok::Sep);
            i += 2;
        } else {
            if !ch.is_whitespace() {
                out.push(Tok::Punct(ch));
            }
            i += 1;
        }
    }
    out
}

/// The paths written in a file's code, comments and strings left out:
/// each run of names joined by `::` (`boardfile_bridge::formats::pbn`,
/// `Format::Pbn`), and each name on its own.
pub fn paths_in(src: &str) -> Vec<String> {
    let t = tokens(src);
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if let Tok::Ident(w) = &t[i] {
            let mut path = w.clone();
            let mut j = i + 1;
            while let (Some(Tok::Sep), Some(Tok::Ident(next))) = (t.get(j), t.get(j + 1)) {
                path.push_str("::");
                path.push_str(next);
                j += 2;
            }
            out.push(path);
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn is_raw_or_byte_string(c: &[char], i: usize) -> bool {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return false;
    }
    let mut j = i;
    if c[j] == 'b' {
        j += 1;
        if c.get(j) == Some(&'"') {
            return true;
        }
        if c.get(j) == Some(&'\'') {
            return false;
        }
    }
    if c.get(j) == Some(&'r') {
        j += 1;
        while c.get(j) == Some(&'#') {
            j += 1;
        }
        return c.get(j) == Some(&'"');
    }
    false
}

fn skip_string(c: &[char], open: usize) -> usize {
    let mut j = open + 1;
    while j < c.len() {
        match c[j] {
            '\\' => j += 2,
            '"' => return j + 1,
            _ => j += 1,
        }
    }
    j
}

/// A path as written: its segments, from `crate`, `super`, `self` or a
/// first name.
type Written = Vec<String>;

/// What a path written in a file binds.
#[derive(Debug, Clone, PartialEq)]
enum Binds {
    /// A name re-exported (`pub use`): a hand-on, not a use.
    Public(String),
    /// A name imported for the module's own code (`use`).
    Private(String),
    /// Nothing: a path in the code.
    Nothing,
}

/// One file's paths and declarations, test code left out.
#[derive(Debug, Default)]
struct Scan {
    /// (module path inside the file, the path written, what it binds).
    paths: Vec<(Vec<String>, Written, Binds)>,
    /// Child modules declared (`mod x;`), with the inline module they are in.
    declared: Vec<(Vec<String>, String)>,
    /// Inline modules (`mod x { .. }`), as paths inside the file.
    inline: Vec<Vec<String>>,
}

fn scan(src: &str) -> Scan {
    let t = tokens(src);
    let mut s = Scan::default();
    // The inline modules open: (name, brace depth inside it).
    let mut inside: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let ident = |i: usize| match t.get(i) {
        Some(Tok::Ident(w)) => Some(w.as_str()),
        _ => None,
    };
    while i < t.len() {
        let here: Vec<String> = inside.iter().map(|(m, _)| m.clone()).collect();
        match &t[i] {
            Tok::Punct('#') if is_cfg_test(&t, i) => {
                i = skip_attribute(&t, i);
                // The item under the attribute, and any further attributes.
                while t.get(i) == Some(&Tok::Punct('#')) {
                    i = skip_attribute(&t, i);
                }
                i = skip_item(&t, i);
                continue;
            }
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inside.last().is_some_and(|(_, d)| *d == depth) {
                    inside.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Ident(w) if w == "mod" => {
                if let Some(name) = ident(i + 1) {
                    match t.get(i + 2) {
                        Some(Tok::Punct(';')) => {
                            s.declared.push((here.clone(), name.to_string()));
                            i += 3;
                            continue;
                        }
                        Some(Tok::Punct('{')) => {
                            let mut path = here.clone();
                            path.push(name.to_string());
                            s.inline.push(path);
                            depth += 1;
                            inside.push((name.to_string(), depth));
                            i += 3;
                            continue;
                        }
                        _ => {}
                    }
                }
            }
            Tok::Ident(w) if w == "use" => {
                let public = i > 0 && is_visibility_end(&t, i - 1);
                let mut leaves = Vec::new();
                let end = use_tree(&t, i + 1, Vec::new(), &mut leaves);
                for (path, alias) in leaves {
                    let name = alias.or_else(|| path.last().cloned()).unwrap_or_default();
                    let binds = if public {
                        Binds::Public(name)
                    } else {
                        Binds::Private(name)
                    };
                    s.paths.push((here.clone(), path, binds));
                }
                i = end;
                continue;
            }
            Tok::Ident(w)
                if t.get(i + 1) == Some(&Tok::Sep)
                    && !(i > 0 && t[i - 1] == Tok::Sep)
                    && w != "Self" =>
            {
                let mut path = vec![w.clone()];
                let mut j = i + 1;
                while t.get(j) == Some(&Tok::Sep) {
                    match ident(j + 1) {
                        Some(next) => {
                            path.push(next.to_string());
                            j += 2;
                        }
                        None => break,
                    }
                }
                // `$crate::..` in a macro: expanded in the caller's crate,
                // where the public (re-exported) path is the right one.
                if !(i > 0 && t[i - 1] == Tok::Punct('$')) {
                    s.paths.push((here.clone(), path, Binds::Nothing));
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    s
}

/// True when the tokens before index `end` + 1 close a visibility (`pub`,
/// `pub(crate)`, `pub(super)`, `pub(in ..)`).
fn is_visibility_end(t: &[Tok], end: usize) -> bool {
    match &t[end] {
        Tok::Ident(w) => w == "pub",
        Tok::Punct(')') => {
            let mut j = end;
            while j > 0 && t[j] != Tok::Punct('(') {
                j -= 1;
            }
            j > 0 && t[j - 1] == Tok::Ident("pub".into())
        }
        _ => false,
    }
}

/// True at `#[cfg(test)]`, or a `cfg` that needs `test` among others
/// (`#[cfg(all(test, feature = "x"))]`), but not one that may hold
/// without it (`not`, `any`).
fn is_cfg_test(t: &[Tok], i: usize) -> bool {
    let start = [Tok::Punct('#'), Tok::Punct('['), Tok::Ident("cfg".into())];
    if t.len() < i + start.len() || t[i..i + start.len()] != start {
        return false;
    }
    let attribute = &t[i..skip_attribute(t, i)];
    let has = |w: &str| attribute.contains(&Tok::Ident(w.into()));
    has("test") && !has("not") && !has("any")
}

fn skip_attribute(t: &[Tok], i: usize) -> usize {
    // `#` `[` ... matching `]`
    let mut j = i + 1;
    let mut depth = 0;
    while j < t.len() {
        match t[j] {
            Tok::Punct('[') => depth += 1,
            Tok::Punct(']') => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    j
}

/// The index after the item that starts at `i`: a `use` to its `;`, any
/// other to its `;` or its first braces' end.
fn skip_item(t: &[Tok], i: usize) -> usize {
    let is_use = t[i..]
        .iter()
        .take(6)
        .take_while(|x| !matches!(x, Tok::Punct(';') | Tok::Punct('{')))
        .any(|x| *x == Tok::Ident("use".into()));
    let mut j = i;
    let mut depth = 0;
    while j < t.len() {
        match t[j] {
            Tok::Punct(';') if depth == 0 => return j + 1,
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth == 0 && !is_use {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    j
}

/// Reads a `use` tree from `i`, adding each leaf (path, alias) to
/// `leaves`; returns the index after it (after the `;` at the top).
fn use_tree(
    t: &[Tok],
    mut i: usize,
    mut prefix: Vec<String>,
    leaves: &mut Vec<(Written, Option<String>)>,
) -> usize {
    if t.get(i) == Some(&Tok::Sep) {
        i += 1; // a leading `::`
    }
    loop {
        match t.get(i) {
            Some(Tok::Ident(w)) if w == "self" && !prefix.is_empty() => {
                i += 1;
                let (alias, next) = alias_at(t, i);
                leaves.push((prefix.clone(), alias));
                i = next;
                break;
            }
            Some(Tok::Ident(w)) => {
                prefix.push(w.clone());
                i += 1;
                if t.get(i) == Some(&Tok::Sep) {
                    i += 1;
                    continue;
                }
                let (alias, next) = alias_at(t, i);
                leaves.push((prefix.clone(), alias));
                i = next;
                break;
            }
            Some(Tok::Punct('*')) => {
                let mut p = prefix.clone();
                p.push("*".into());
                leaves.push((p, None));
                i += 1;
                break;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                while i < t.len() && t[i] != Tok::Punct('}') {
                    let next = use_tree(t, i, prefix.clone(), leaves);
                    // A token no tree starts with (a macro's `$name`): passed over.
                    i = next.max(i + 1);
                    if t.get(i) == Some(&Tok::Punct(',')) {
                        i += 1;
                    }
                }
                i += 1;
                break;
            }
            _ => break,
        }
    }
    if t.get(i) == Some(&Tok::Punct(';')) {
        i += 1;
    }
    i
}

fn alias_at(t: &[Tok], i: usize) -> (Option<String>, usize) {
    if t.get(i) == Some(&Tok::Ident("as".into())) {
        if let Some(Tok::Ident(a)) = t.get(i + 1) {
            return (Some(a.clone()), i + 2);
        }
    }
    (None, i)
}

impl Graph {
    /// The graph of the crate whose `src` folder is `src`.
    pub fn of_crate(src: &Path) -> std::io::Result<Graph> {
        let mut sources = Vec::new();
        read_tree(src, src, &mut sources)?;
        Ok(Graph::from_sources(sources))
    }

    /// The graph of a crate given as (path relative to `src`, text) pairs;
    /// `lib.rs` (or `main.rs`) is the root.
    pub fn from_sources(sources: Vec<(String, String)>) -> Graph {
        let scans: BTreeMap<String, Scan> = sources
            .iter()
            .map(|(path, text)| (path.clone(), scan(text)))
            .collect();
        let (mut modules, parents) = module_tree(&scans);
        let file_modules = file_modules(&modules);
        bind_names(&mut modules, &scans, &file_modules);
        let mut g = Graph {
            files: file_modules.keys().cloned().collect(),
            parents,
            ..Graph::default()
        };
        g.add_edges(&modules, &scans, &file_modules);
        g
    }

    /// The edges of the paths each file writes (its hand-ons left out),
    /// and those that go through the crate root's re-exports.
    fn add_edges(
        &mut self,
        modules: &Modules,
        scans: &BTreeMap<String, Scan>,
        file_modules: &BTreeMap<String, Vec<String>>,
    ) {
        let mut edges = BTreeSet::new();
        for (file, s) in scans {
            let Some(base) = file_modules.get(file) else {
                continue;
            };
            for (within, written, binds) in &s.paths {
                if matches!(binds, Binds::Public(_)) {
                    continue; // a hand-on, not a use
                }
                let mut here = base.clone();
                here.extend(within.iter().cloned());
                let Some(abs) = absolute(modules, &here, written) else {
                    continue;
                };
                let mut through_root = false;
                let Some(to) = resolve(modules, &abs, 0, &mut through_root) else {
                    continue;
                };
                if through_root && written.first().is_some_and(|w| w == "crate") {
                    self.through_root.push(RootPath {
                        file: file.clone(),
                        path: written.join("::"),
                    });
                }
                if to != *file {
                    edges.insert(Edge {
                        from: file.clone(),
                        to,
                        path: written.join("::"),
                    });
                }
            }
        }
        self.edges = edges.into_iter().collect();
    }

    /// Every set of files that import each other, the largest first; a
    /// file's imports of its parent module do not count (see the crate's
    /// docs).
    pub fn cycles(&self) -> Vec<Cycle> {
        let files: Vec<&String> = self.files.iter().collect();
        let index: BTreeMap<&String, usize> =
            files.iter().enumerate().map(|(i, f)| (*f, i)).collect();
        let mut next = vec![Vec::new(); files.len()];
        let counted = |e: &&Edge| self.parents.get(&e.from).is_none_or(|p| *p != e.to);
        for e in self.edges.iter().filter(counted) {
            if let (Some(&a), Some(&b)) = (index.get(&e.from), index.get(&e.to)) {
                next[a].push(b);
            }
        }
        let mut cycles: Vec<Cycle> = strongly_connected(&next)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let set: BTreeSet<&String> = c.iter().map(|&i| files[i]).collect();
                Cycle {
                    files: set.iter().map(|f| f.to_string()).collect(),
                    edges: self
                        .edges
                        .iter()
                        .filter(counted)
                        .filter(|e| set.contains(&e.from) && set.contains(&e.to))
                        .cloned()
                        .collect(),
                }
            })
            .collect();
        cycles.sort_by_key(|c| std::cmp::Reverse(c.files.len()));
        cycles
    }
}

/// The crate's modules by path (the root's is empty).
type Modules = BTreeMap<Vec<String>, Module>;

/// The module tree, from the root (`lib.rs`, else `main.rs`) down through
/// the declarations, and each file's parent module's file.
fn module_tree(scans: &BTreeMap<String, Scan>) -> (Modules, BTreeMap<String, String>) {
    let mut modules: Modules = BTreeMap::new();
    let root = ["lib.rs", "main.rs"]
        .into_iter()
        .find(|r| scans.contains_key(*r))
        .unwrap_or("lib.rs");
    let mut todo = vec![(Vec::<String>::new(), root.to_string())];
    let mut parents = BTreeMap::new();
    while let Some((path, file)) = todo.pop() {
        let Some(s) = scans.get(&file) else { continue };
        let dir = module_dir(&file);
        modules.entry(path.clone()).or_default().file = file.clone();
        for inline in &s.inline {
            let mut p = path.clone();
            p.extend(inline.iter().cloned());
            modules.entry(p).or_default().file = file.clone();
        }
        for (within, name) in &s.declared {
            let mut parent = path.clone();
            parent.extend(within.iter().cloned());
            let mut sub = dir.clone();
            sub.extend(within.iter().cloned());
            let base = sub.join("/");
            let base = if base.is_empty() {
                String::new()
            } else {
                format!("{base}/")
            };
            let child = [format!("{base}{name}.rs"), format!("{base}{name}/mod.rs")]
                .into_iter()
                .find(|f| scans.contains_key(f));
            let Some(child) = child else { continue };
            let mut p = parent.clone();
            p.push(name.clone());
            parents.insert(child.clone(), file.clone());
            modules
                .entry(parent)
                .or_default()
                .children
                .insert(name.clone());
            todo.push((p, child));
        }
    }
    (modules, parents)
}

/// Each file's own module (not an inline one in it).
fn file_modules(modules: &Modules) -> BTreeMap<String, Vec<String>> {
    modules
        .iter()
        .filter(|(p, m)| {
            // The file's own module, not an inline one.
            modules
                .iter()
                .filter(|(_, o)| o.file == m.file)
                .all(|(q, _)| q.len() >= p.len())
        })
        .map(|(p, m)| (m.file.clone(), p.clone()))
        .collect()
}

/// Binds the names each module re-exports (`pub use`), now that every
/// module is known; then the names modules import for their own code,
/// which later paths in the module may start from (`use crate::formats;`
/// then `formats::pbn::DESCRIPTOR`).
fn bind_names(
    modules: &mut Modules,
    scans: &BTreeMap<String, Scan>,
    file_modules: &BTreeMap<String, Vec<String>>,
) {
    for public in [true, false] {
        let mut bound: Vec<(Vec<String>, String, Vec<String>)> = Vec::new();
        for (file, s) in scans {
            let Some(base) = file_modules.get(file) else {
                continue;
            };
            for (within, written, binds) in &s.paths {
                let name = match (binds, public) {
                    (Binds::Public(n), true) | (Binds::Private(n), false) => n,
                    _ => continue,
                };
                let mut here = base.clone();
                here.extend(within.iter().cloned());
                if let Some(abs) = absolute(modules, &here, written) {
                    bound.push((here, name.clone(), abs));
                }
            }
        }
        for (here, name, abs) in bound {
            let m = modules.entry(here).or_default();
            match public {
                true => m.reexports.insert(name, abs),
                false => m.imports.insert(name, abs),
            };
        }
    }
}

/// The folder a file's child modules are in, as segments.
fn module_dir(file: &str) -> Vec<String> {
    let p = Path::new(file);
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let mut dir: Vec<String> = p
        .parent()
        .map(|d| {
            d.components()
                .filter_map(|c| c.as_os_str().to_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    if !matches!(stem, "mod" | "lib" | "main") {
        dir.push(stem.to_string());
    }
    dir
}

/// A written path made absolute (from the crate root), or `None` for a
/// path into another crate or a name that is no module's.
fn absolute(modules: &Modules, here: &[String], written: &[String]) -> Option<Vec<String>> {
    let first = written.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let mut b = here.to_vec();
            let mut rest = written;
            while rest.first().is_some_and(|w| w == "super") {
                b.pop()?;
                rest = &rest[1..];
            }
            b.extend(rest.iter().cloned());
            return Some(b);
        }
        name => {
            // A child module of the one it is written in, or a name the
            // module re-exports.
            let m = modules.get(here)?;
            if m.children.contains(name) || m.reexports.contains_key(name) {
                here.to_vec()
            } else if let Some(target) = m.imports.get(name) {
                let mut b = target.clone();
                b.extend(written[1..].iter().cloned());
                return Some(b);
            } else {
                return None;
            }
        }
    };
    let skip = usize::from(matches!(first.as_str(), "crate" | "self"));
    base.extend(written[skip..].iter().cloned());
    Some(base)
}

/// The file an absolute path leads to, following re-exports.
fn resolve(
    modules: &Modules,
    abs: &[String],
    hops: usize,
    through_root: &mut bool,
) -> Option<String> {
    if hops > 16 {
        return None;
    }
    let mut module: Vec<String> = Vec::new();
    let mut i = 0;
    while i < abs.len() {
        let mut next = module.clone();
        next.push(abs[i].clone());
        if modules.contains_key(&next) {
            module = next;
            i += 1;
        } else {
            break;
        }
    }
    let m = modules.get(&module)?;
    if i < abs.len() && abs[i] != "*" {
        if let Some(target) = m.reexports.get(&abs[i]) {
            if module.is_empty() {
                *through_root = true;
            }
            let mut t = target.clone();
            t.extend(abs[i + 1..].iter().cloned());
            return resolve(modules, &t, hops + 1, through_root);
        }
    }
    Some(m.file.clone())
}

/// Tarjan's strongly connected components.
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        next: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for k in 0..s.next[v].len() {
            let w = s.next[v][k];
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut c = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                c.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(c);
        }
    }
    let n = next.len();
    let mut s = State {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

fn read_tree(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            read_tree(root, &p, out)?;
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&p)?));
        }
    }
    Ok(())
}

/// A crate's layers, from the bottom up: each names the files it holds
/// (by path prefix under `src`) and the layers below it that it may
/// import, with the reason. A file imports its own layer and those.
pub struct Layers {
    /// The layers.
    pub layers: &'static [Layer],
}

/// One layer of a crate.
pub struct Layer {
    /// Its name, as other layers' `may_import` give it.
    pub name: &'static str,
    /// Path prefixes of its files under `src` (`model/`, `registry.rs`).
    pub files: &'static [&'static str],
    /// The layers it may import besides itself.
    pub may_import: &'static [&'static str],
    /// Why it sits where it does.
    pub why: &'static str,
}

impl Layers {
    /// The layer of a file: the one with the longest prefix that matches.
    pub fn of(&self, file: &str) -> Option<&Layer> {
        self.layers
            .iter()
            .flat_map(|l| l.files.iter().map(move |p| (l, p)))
            .filter(|(_, p)| file == **p || file.starts_with(*p) && p.ends_with('/'))
            .max_by_key(|(_, p)| p.len())
            .map(|(l, _)| l)
    }

    /// What in `graph` runs against the layers: files in no layer, and
    /// imports of a layer not allowed, each as one line.
    pub fn check(&self, graph: &Graph) -> Vec<String> {
        let mut out = Vec::new();
        for f in &graph.files {
            if self.of(f).is_none() {
                out.push(format!("{f}: in no layer (add it to the table)"));
            }
        }
        for e in &graph.edges {
            let (Some(a), Some(b)) = (self.of(&e.from), self.of(&e.to)) else {
                continue;
            };
            if a.name != b.name && !a.may_import.contains(&b.name) {
                out.push(format!(
                    "{} ({}) -> {} ({}): {}; {} may import {} only, because {}",
                    e.from,
                    a.name,
                    e.to,
                    b.name,
                    e.path,
                    a.name,
                    if a.may_import.is_empty() {
                        "itself".to_string()
                    } else {
                        a.may_import.join(", ")
                    },
                    a.why
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(files: &[(&str, &str)]) -> Graph {
        Graph::from_sources(
            files
                .iter()
                .map(|(p, t)| (p.to_string(), t.to_string()))
                .collect(),
        )
    }

    fn edges(g: &Graph) -> Vec<(String, String)> {
        let pairs: BTreeSet<(String, String)> = g
            .edges
            .iter()
            .map(|e| (e.from.clone(), e.to.clone()))
            .collect();
        pairs.into_iter().collect()
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_string(), b.to_string())
    }

    #[test]
    fn use_trees_and_written_paths_are_edges() {
        let g = graph(&[
            ("lib.rs", "pub mod a; pub mod b; mod c; mod d;"),
            ("a.rs", "use crate::{b::{self, B}, c::C as Cee};"),
            ("b.rs", "pub struct B; fn f() { crate::d::g(); }"),
            ("c.rs", "pub struct C;"),
            ("d.rs", "pub fn g() {}"),
        ]);
        assert_eq!(
            edges(&g),
            vec![
                pair("a.rs", "b.rs"),
                pair("a.rs", "c.rs"),
                pair("b.rs", "d.rs")
            ]
        );
    }

    #[test]
    fn re_exports_lead_to_the_defining_file_and_root_ones_are_named() {
        let g = graph(&[
            ("lib.rs", "mod m; mod x; pub use m::inner::Thing;"),
            ("m/mod.rs", "pub mod inner; pub use inner::Thing as Other;"),
            ("m/inner.rs", "pub struct Thing;"),
            ("x.rs", "use crate::Thing; use crate::m::Other;"),
        ]);
        assert_eq!(
            edges(&g),
            vec![pair("x.rs", "m/inner.rs")],
            "the faces lib.rs and m/mod.rs are no edges"
        );
        assert_eq!(g.through_root.len(), 1);
        assert_eq!(g.through_root[0].path, "crate::Thing");
    }

    #[test]
    fn paths_from_an_imported_module() {
        let g = graph(&[
            ("lib.rs", "mod reg; mod formats;"),
            ("formats/mod.rs", "pub mod pbn;"),
            ("formats/pbn.rs", "pub static D: u8 = 1;"),
            (
                "reg.rs",
                "use crate::formats; const X: &u8 = &formats::pbn::D;",
            ),
        ]);
        assert_eq!(
            edges(&g),
            vec![
                pair("reg.rs", "formats/mod.rs"),
                pair("reg.rs", "formats/pbn.rs")
            ]
        );
    }

    #[test]
    fn super_self_and_child_paths() {
        let g = graph(&[
            ("lib.rs", "mod p;"),
            (
                "p/mod.rs",
                "mod a; mod b; fn f() { b::g() } pub const K: u8 = 1;",
            ),
            (
                "p/a.rs",
                "use super::K; use self::inner::X; mod inner { pub struct X; }",
            ),
            ("p/b.rs", "pub fn g() { super::super::p::a::h() }"),
        ]);
        assert_eq!(
            edges(&g),
            vec![
                pair("p/a.rs", "p/mod.rs"),
                pair("p/b.rs", "p/a.rs"),
                pair("p/mod.rs", "p/b.rs")
            ]
        );
    }

    #[test]
    fn test_code_comments_and_strings_are_not_imports() {
        let g = graph(&[
            ("lib.rs", "mod a; mod b; #[cfg(test)] mod t;"),
            (
                "a.rs",
                r##"
                //! [`crate::b`] in a doc link
                /* crate::b::X in a /* nested */ comment */
                const S: &str = "crate::b::X"; const R: &str = r#"crate::b"#;
                const C: char = '"'; fn f<'a>(x: &'a str) {}
                #[cfg(test)]
                use crate::b::X;
                #[cfg(test)]
                mod tests { use crate::b::X; }
                "##,
            ),
            (
                "b.rs",
                "pub struct X; use crate::a; macro_rules! m { () => { $crate::b::X } }",
            ),
            ("t.rs", "use crate::a; use crate::b;"),
        ]);
        assert_eq!(edges(&g), vec![pair("b.rs", "a.rs")]);
        assert!(!g.files.contains("t.rs"), "a test-only module is no file");
        assert!(g.cycles().is_empty());
    }

    #[test]
    fn a_part_may_use_its_face_but_parts_no_loop() {
        let g = graph(&[
            ("lib.rs", "mod f;"),
            ("f/mod.rs", "mod a; mod b; pub const K: u8 = a::A + b::B;"),
            ("f/a.rs", "pub const A: u8 = super::K;"),
            ("f/b.rs", "pub const B: u8 = super::K;"),
        ]);
        assert!(g.cycles().is_empty(), "{:?}", g.cycles());
        let g = graph(&[
            ("lib.rs", "mod f;"),
            ("f/mod.rs", "mod a; mod b;"),
            ("f/a.rs", "pub const A: u8 = super::b::B;"),
            ("f/b.rs", "pub const B: u8 = super::a::A;"),
        ]);
        assert_eq!(g.cycles().len(), 1);
    }

    #[test]
    fn cycles_are_found_with_their_edges() {
        let g = graph(&[
            ("lib.rs", "mod a; mod b; mod c;"),
            ("a.rs", "use crate::b::B;"),
            ("b.rs", "pub struct B; use crate::c::C;"),
            ("c.rs", "pub struct C(crate::a::A);"),
        ]);
        let c = g.cycles();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].files, ["a.rs", "b.rs", "c.rs"]);
        assert_eq!(c[0].edges.len(), 3);
    }

    #[test]
    fn layers_name_what_runs_against_them() {
        static LAYERS: Layers = Layers {
            layers: &[
                Layer {
                    name: "low",
                    files: &["low/"],
                    may_import: &[],
                    why: "it is the bottom",
                },
                Layer {
                    name: "high",
                    files: &["high.rs", "lib.rs"],
                    may_import: &["low"],
                    why: "it is above",
                },
            ],
        };
        let g = graph(&[
            ("lib.rs", "mod low; mod high; mod stray;"),
            ("low/mod.rs", "use crate::high::H;"),
            ("high.rs", "pub struct H; use crate::low::L;"),
            ("stray.rs", ""),
        ]);
        let problems = LAYERS.check(&g);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert!(problems[0].starts_with("stray.rs: in no layer"));
        assert!(problems[1].starts_with("low/mod.rs (low) -> high.rs (high)"));
    }
}
