//! SquareDeal: a tournament verified against the files beside it, or its
//! sessions made.

use super::{resolve_beside, ApiError, Shared, DEADLINE};
use crate::serve::files::Names;
use crate::serve::run;
use axum::extract::Query;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

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
/// `upload/STEM-sessions/` (numbered when taken). The command's report,
/// its paths named as the page names them, and whether it found the files
/// good.
pub(super) async fn squaredeal(
    state: Shared,
    Query(q): Query<SquareDealQuery>,
) -> Result<Json<Value>, ApiError> {
    let (folder, sqd) = resolve_beside(&state, &q.file).await?;
    let folder_id = q.file.rsplit_once('/').map_or("", |(d, _)| d).to_string();
    let mut names = Names::default()
        .with(&sqd, &q.file)
        .with(&folder.path, &folder_id);
    let mut args = vec!["squaredeal".to_string(), q.action.clone()];
    match q.action.as_str() {
        "verify" => args.extend([sqd.display().to_string(), "--each".into()]),
        "make" => {
            let stem = sqd
                .file_stem()
                .map_or("tournament".into(), |s| s.to_string_lossy().into_owned());
            let (name, dir, _) = state.files.reserve(&format!("{stem}-sessions"), false)?;
            names = names.with(&dir, &format!("upload/{name}"));
            args.extend([
                sqd.display().to_string(),
                "--dir".into(),
                dir.display().to_string(),
            ]);
        }
        other => return Err(ApiError::bad(format!("{other:?}: verify or make"))),
    }
    let ran = run::command(&state, &args, DEADLINE).await?;
    // Exit 1: files that differ, told in the report.
    if !matches!(ran.code, Some(0 | 1)) || (ran.code == Some(1) && ran.stdout.is_empty()) {
        return Err(ran.failure(&names));
    }
    let lines: Vec<String> = String::from_utf8_lossy(&ran.stdout)
        .lines()
        .map(|l| names.say(l))
        .collect();
    Ok(Json(
        json!({"file": q.file, "good": ran.ok(), "report": lines}),
    ))
}
