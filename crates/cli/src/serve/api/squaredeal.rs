//! SquareDeal: a tournament verified against the files beside it, or its
//! sessions made.

use super::{blocking, ApiError, Shared};
use crate::serve::files::Names;
use axum::extract::Query;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::Path;

#[derive(Deserialize)]
pub(super) struct SquareDealQuery {
    /// The tournament's .sqd.
    file: String,
    /// "verify" (the files beside it against the sessions made again) or
    /// "make" (every session, into a folder of the uploads).
    action: String,
}

/// SquareDeal: `squaredeal verify --each` on a tournament and the files
/// beside it (a verdict a file), or `squaredeal make` into
/// `upload/STEM-sessions/`. The command's report, its paths named as the
/// page names them, and whether it found the files good.
pub(super) async fn squaredeal(
    state: Shared,
    Query(q): Query<SquareDealQuery>,
) -> Result<Json<Value>, ApiError> {
    let sqd = state.files.resolve(&q.file)?;
    let scratch = state.files.scratch().to_path_buf();
    blocking(&state, move || {
        let folder = sqd.parent().map(Path::to_path_buf).unwrap_or_default();
        let folder_id = q.file.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        let mut names = Names::default()
            .with(&sqd, &q.file)
            .with(&folder, &folder_id);
        let mut args = vec!["squaredeal".to_string(), q.action.clone()];
        match q.action.as_str() {
            "verify" => args.extend([sqd.display().to_string(), "--each".into()]),
            "make" => {
                let stem = sqd
                    .file_stem()
                    .map_or("tournament".into(), |s| s.to_string_lossy().into_owned());
                let dir = scratch.join(format!("{stem}-sessions"));
                names = names.with(&dir, &format!("upload/{stem}-sessions"));
                args.extend([
                    sqd.display().to_string(),
                    "--dir".into(),
                    dir.display().to_string(),
                    "--force".into(),
                ]);
            }
            other => return Err(ApiError::bad(format!("{other:?}: verify or make"))),
        }
        let mut report = Vec::new();
        let outcome = crate::commands::run_into(&args, &mut report)
            .map_err(|f| ApiError::named(f, &names))?;
        let lines: Vec<String> = String::from_utf8_lossy(&report)
            .lines()
            .map(|l| names.say(l))
            .collect();
        let good = outcome == crate::report::Outcome::Ok;
        Ok(Json(json!({"file": q.file, "good": good, "report": lines})))
    })
    .await
}
