//! The installable web app that works offline (issue 35): the service worker `GET /sw.js`, which is
//! `web/sw.js` with this build's list of files and their content hashes filled in, and long-lived caching for
//! the versioned addresses that worker fetches (`/api.js?v=HASH`).
//!
//! The worker caches the app shell under those addresses; a new build has new hashes, so a new `sw.js`,
//! which the browser installs whole in a cache of its own before the old one is dropped.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::assets::{self, Web};
use crate::http::etag;
use crate::state::AppState;

/// What a versioned static answer may be kept for: a year, never revalidated (its address changes with it).
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The page addresses the worker keeps, by file: these pages work offline.
const PAGES: &[(&str, &str)] = &[
    ("index.html", "/"),
    ("learn.html", "/learn"),
    ("puzzles.html", "/puzzles"),
    ("analysis.html", "/analysis"),
    ("local.html", "/local"),
];

/// Files the worker does not keep: the pages that need the server anyway (a game with another player, the
/// watch list, profiles, the leaderboard, signing in) and what only they load; and the worker itself.
const NOT_KEPT: &[&str] = &[
    "sw.js",
    "types.d.ts",
    "game.js",
    "watch.js",
    "profile.js",
    "profile.css",
    "leaderboard.js",
    "leaderboard.css",
    "signin.js",
    "passkeys.js",
    "i18n/pages/watch/",
    "i18n/pages/profile/",
    "i18n/pages/leaderboard/",
    "i18n/pages/signin/",
];

/// One build of the web files, as the service worker sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Build {
    /// A hash of every web file (kept or not): any change makes a new version.
    pub version: String,
    /// The kept addresses (`/api.js`, `/learn`, …) and their content hashes.
    pub files: BTreeMap<String, String>,
}

impl Build {
    /// The build of `files` (path under `web/`, SHA-256 of its bytes).
    fn of(mut files: Vec<(String, [u8; 32])>) -> Build {
        files.sort();
        let mut all = Sha256::new();
        let mut kept = BTreeMap::new();
        for (path, hash) in &files {
            all.update(path.as_bytes());
            all.update([0]);
            all.update(hash);
            if let Some(url) = address(path) {
                kept.insert(url, hex(hash));
            }
        }
        Build {
            version: hex(&all.finalize()),
            files: kept,
        }
    }

    /// The worker's script: `template` with `JSON_BUILD` replaced by this build as JSON.
    fn script(&self, template: &str) -> String {
        let build = serde_json::json!({ "version": self.version, "files": self.files });
        template.replacen("JSON_BUILD", &build.to_string(), 1)
    }
}

/// The address under which the worker keeps `path` (a file under `web/`), or `None` when it is not kept.
fn address(path: &str) -> Option<String> {
    if let Some((_, url)) = PAGES.iter().find(|(file, _)| *file == path) {
        return Some((*url).to_owned());
    }
    let skipped = NOT_KEPT
        .iter()
        .any(|n| path == *n || (n.ends_with('/') && path.starts_with(n)));
    // Other pages are the server's (their HTML is not the app shell), but the rules are kept: they need nothing.
    let other_page = path.ends_with(".html") && !path.starts_with("rules/");
    let hidden = path.split('/').any(|part| part.starts_with('.'));
    // A precompressed copy (`engine/bao.wasm.br`) is how the server sends its file, not a file of its own.
    let copy = path.ends_with(".br");
    (!skipped && !other_page && !hidden && !copy).then(|| format!("/{path}"))
}

/// The first 16 bytes of a hash in hex: the same name the files' `ETag`s use (without the quotes).
fn hex(hash: &[u8]) -> String {
    etag::of_hash(hash).trim_matches('"').to_owned()
}

/// The build of the files compiled in (computed once: they cannot change while the server runs).
fn embedded() -> Arc<Build> {
    static BUILD: OnceLock<Arc<Build>> = OnceLock::new();
    BUILD
        .get_or_init(|| {
            let files = Web::iter()
                .filter_map(|p| Web::get(&p).map(|f| (p.into_owned(), f.metadata.sha256_hash())))
                .collect();
            Arc::new(Build::of(files))
        })
        .clone()
}

/// What says whether a directory's files changed: each file's path, length and modification time.
type Stamp = Vec<(String, u64, Option<SystemTime>)>;

/// The builds of the web directories seen so far, each with the stamp it was made from.
type Seen = HashMap<PathBuf, (Stamp, Arc<Build>)>;

/// Every file under `dir` (recursively), as a path relative to it with `/` between the parts.
fn walk(dir: &Path) -> std::io::Result<Vec<(String, PathBuf, std::fs::Metadata)>> {
    let mut out = Vec::new();
    let mut todo = vec![(String::new(), dir.to_path_buf())];
    while let Some((prefix, d)) = todo.pop() {
        for entry in std::fs::read_dir(&d)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = format!("{prefix}{name}");
            let meta = std::fs::metadata(entry.path())?;
            if meta.is_dir() {
                todo.push((format!("{rel}/"), entry.path()));
            } else {
                out.push((rel, entry.path(), meta));
            }
        }
    }
    Ok(out)
}

/// The build of the files under `dir` (`--web-dir`): hashed again only when a file's length or modification
/// time changed, so that editing a file there gives the next `sw.js` a new version without a restart.
fn from_disk(dir: &Path) -> std::io::Result<Arc<Build>> {
    static BUILDS: OnceLock<Mutex<Seen>> = OnceLock::new();
    let files = walk(dir)?;
    let mut stamp: Stamp = files
        .iter()
        .map(|(rel, _, m)| (rel.clone(), m.len(), m.modified().ok()))
        .collect();
    stamp.sort();
    let builds = BUILDS.get_or_init(Default::default);
    if let Some((seen, build)) = builds.lock().ok().and_then(|b| b.get(dir).cloned()) {
        if seen == stamp {
            return Ok(build);
        }
    }
    let mut hashed = Vec::with_capacity(files.len());
    for (rel, path, _) in files {
        let bytes = std::fs::read(&path)?;
        hashed.push((rel, Sha256::digest(&bytes).into()));
    }
    let build = Arc::new(Build::of(hashed));
    if let Ok(mut b) = builds.lock() {
        b.insert(dir.to_path_buf(), (stamp, build.clone()));
    }
    Ok(build)
}

/// The build the server serves: from `--web-dir` when given, else the files compiled in.
fn current(state: &AppState) -> std::io::Result<Arc<Build>> {
    match state.config().web_dir.as_ref() {
        Some(dir) => from_disk(dir),
        None => Ok(embedded()),
    }
}

/// `GET /sw.js`: the service worker, with this build's version and files. Never cached without asking (the
/// browser checks it on each visit, and a new version is what starts an update).
pub async fn service_worker(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let template = match state.config().web_dir.as_ref() {
        Some(dir) => tokio::fs::read(dir.join("sw.js")).await.ok(),
        None => Web::get("sw.js").map(|f| f.data.into_owned()),
    };
    let Some(template) = template else {
        return assets::not_found();
    };
    let dir_state = state.clone();
    let build = match tokio::task::spawn_blocking(move || current(&dir_state)).await {
        Ok(Ok(build)) => build,
        Ok(Err(e)) => {
            tracing::warn!("cannot read the web files for sw.js: {e}");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
        Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    let body = build.script(&String::from_utf8_lossy(&template));
    let tag = etag::of_text(&body);
    let builder = Response::builder()
        .header(header::ETAG, &tag)
        .header(header::CACHE_CONTROL, "no-cache");
    if etag::not_modified(&headers, &tag) {
        return builder
            .status(StatusCode::NOT_MODIFIED)
            .body(Body::empty())
            .unwrap_or_default();
    }
    builder
        .header(header::CONTENT_TYPE, "text/javascript; charset=utf-8")
        .body(Body::from(body))
        .unwrap_or_default()
}

/// The hash a request's `v` query parameter names, if any.
fn version_asked(req: &Request) -> Option<String> {
    req.uri()
        .query()?
        .split('&')
        .find_map(|kv| kv.strip_prefix("v="))
        .map(str::to_owned)
}

/// A layer over the static files: an answer to `PATH?v=HASH` where `HASH` is the current content hash of
/// `PATH` may be kept for good ([`IMMUTABLE`]); any other answer keeps its revalidation (a stale `v` gets
/// today's file, which must not be kept under the old name).
pub async fn immutable_when_versioned(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let asked = version_asked(&req);
    let path = req.uri().path().to_owned();
    let mut resp = next.run(req).await;
    let Some(asked) = asked else {
        return resp;
    };
    if resp.status() != StatusCode::OK {
        return resp;
    }
    let dir_state = state.clone();
    let build = tokio::task::spawn_blocking(move || current(&dir_state)).await;
    let current_hash = match build {
        Ok(Ok(b)) => b.files.get(&path).cloned(),
        _ => None,
    };
    if current_hash.as_deref() == Some(asked.as_str()) {
        let h = resp.headers_mut();
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
        // Nothing to revalidate: the address names the content.
        h.remove(header::LAST_MODIFIED);
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_their_files_are_kept_other_pages_are_not() {
        assert_eq!(address("index.html").as_deref(), Some("/"));
        assert_eq!(address("learn.html").as_deref(), Some("/learn"));
        assert_eq!(address("local.html").as_deref(), Some("/local"));
        assert_eq!(address("api.js").as_deref(), Some("/api.js"));
        assert_eq!(
            address("engine/bao.wasm").as_deref(),
            Some("/engine/bao.wasm")
        );
        assert_eq!(address("i18n/sw.js").as_deref(), Some("/i18n/sw.js"));
        assert_eq!(
            address("i18n/pages/learn/af.js").as_deref(),
            Some("/i18n/pages/learn/af.js")
        );
        assert_eq!(
            address("rules/kiswahili.html").as_deref(),
            Some("/rules/kiswahili.html")
        );
        for not in [
            "sw.js",
            "game.html",
            "game.js",
            "watch.html",
            "i18n/pages/profile/en.js",
            ".x/y.js",
            "engine/bao.wasm.br",
        ] {
            assert_eq!(address(not), None, "{not}");
        }
    }

    #[test]
    fn any_changed_file_is_a_new_version_and_only_its_hash_changes() {
        let a = Build::of(vec![
            ("api.js".into(), [1; 32]),
            ("game.js".into(), [2; 32]),
        ]);
        let b = Build::of(vec![
            ("game.js".into(), [3; 32]),
            ("api.js".into(), [1; 32]),
        ]);
        assert_ne!(
            a.version, b.version,
            "a file not kept still makes a new version"
        );
        assert_eq!(a.files, b.files);
        let c = Build::of(vec![
            ("game.js".into(), [2; 32]),
            ("api.js".into(), [1; 32]),
        ]);
        assert_eq!(a, c, "the order files are listed in does not matter");
    }

    #[test]
    fn the_worker_gets_its_build_in_place_of_the_marker() {
        let b = Build::of(vec![("api.js".into(), [1; 32])]);
        let s = b.script("const BUILD = JSON_BUILD;\nlet x = 'JSON_BUILD';");
        assert!(s.starts_with(&format!("const BUILD = {{\"version\":\"{}\"", b.version)));
        assert!(s.contains("\"/api.js\":\"01010101010101010101010101010101\""));
        assert!(
            s.ends_with("let x = 'JSON_BUILD';"),
            "only the first marker"
        );
    }

    #[test]
    fn the_built_in_files_have_a_worker_and_their_pages_are_kept() {
        let b = embedded();
        assert!(Web::get("sw.js").is_some());
        for url in [
            "/",
            "/learn",
            "/puzzles",
            "/analysis",
            "/api.js",
            "/manifest.webmanifest",
        ] {
            assert!(b.files.contains_key(url), "{url}");
        }
        assert!(!b.files.contains_key("/sw.js"));
    }
}
