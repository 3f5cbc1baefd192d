//! The web client built into the binary, so that one file serves everything. `--web-dir` serves it from disk
//! instead (see `app::router`).

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use rust_embed::RustEmbed;

use crate::board_svg::{escape, moves_words, result_words, seat_name, variant_title};
use crate::http::etag;
use crate::state::AppState;
use crate::tokens::valid_id;

/// The files of `web/`, compiled in (release builds; debug builds read them from the source tree).
#[derive(RustEmbed)]
#[folder = "../../web/"]
pub(crate) struct Web;

/// Answers with the embedded file `path`, honouring `If-None-Match` with the file's hash as its ETag.
fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(f) = Web::get(path) else {
        return not_found();
    };
    // A file kept precompressed beside it (`engine/bao.wasm.br`, brotli at its best: scripts/build-wasm.sh) is sent
    // as such to a client that takes brotli.
    if accepts_br(headers) {
        if let Some(br) = Web::get(&format!("{path}.br")) {
            return precompressed(&f, br, headers);
        }
    }
    let etag = etag::of_hash(&f.metadata.sha256_hash());
    let fresh = etag::not_modified(headers, &etag);
    let mut builder = Response::builder()
        .header(header::ETAG, &etag)
        // The files are not fingerprinted: browsers may keep them but must ask whether they changed.
        .header(header::CACHE_CONTROL, "no-cache");
    if fresh {
        builder = builder.status(StatusCode::NOT_MODIFIED);
        return builder.body(Body::empty()).unwrap_or_default();
    }
    let mime = f.metadata.mimetype();
    builder
        .header(
            header::CONTENT_TYPE,
            HeaderValue::from_str(mime)
                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
        )
        .body(Body::from(f.data.into_owned()))
        .unwrap_or_default()
}

/// Whether the request's `Accept-Encoding` takes brotli (`br`, not with `q=0`).
pub fn accepts_br(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            parts.next() == Some("br")
                && !parts.any(|p| {
                    p.strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                })
        })
}

/// `f` sent as its precompressed `br` copy: the original's type, `Content-Encoding: br`, an `ETag` of its own.
fn precompressed(
    f: &rust_embed::EmbeddedFile,
    br: rust_embed::EmbeddedFile,
    headers: &HeaderMap,
) -> Response {
    let etag = etag::of_hash(&br.metadata.sha256_hash());
    let builder = Response::builder()
        .header(header::ETAG, &etag)
        .header(header::CACHE_CONTROL, "no-cache")
        .header(header::VARY, "accept-encoding");
    if etag::not_modified(headers, &etag) {
        return builder
            .status(StatusCode::NOT_MODIFIED)
            .body(Body::empty())
            .unwrap_or_default();
    }
    builder
        .header(
            header::CONTENT_TYPE,
            HeaderValue::from_str(f.metadata.mimetype())
                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
        )
        .header(header::CONTENT_ENCODING, "br")
        .body(Body::from(br.data.into_owned()))
        .unwrap_or_default()
}

/// The answer for a missing file (as a handler, for `ServeDir`).
pub async fn not_found_page() -> Response {
    not_found()
}

/// A missing file: a plain page that says so (the API's JSON errors are for `/api/`; and it is no game
/// that is missing).
pub fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        "<!doctype html>\n<html lang=\"en\"><meta charset=\"utf-8\"><title>Not found</title>\n\
         <h1>Not found</h1>\n<p>There is nothing at this address. <a href=\"/\">Play Bao</a></p>\n</html>\n",
    )
        .into_response()
}

/// `GET /g/{id}`: the game page, from disk (`--web-dir`) or built in, with the link preview of that game in
/// its head (`og:title`, `og:description`, `og:image`: the board's picture, [`crate::board_svg`]). An id that
/// names no game gets the page without them (the page says there is no such game).
pub async fn game_page(
    State(state): State<AppState>,
    id: Option<Path<String>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let page = match state.config().web_dir.as_ref() {
        Some(dir) => match tokio::fs::read(dir.join("game.html")).await {
            Ok(bytes) => bytes,
            Err(_) => return not_found(),
        },
        None => match Web::get("game.html") {
            Some(f) => f.data.into_owned(),
            None => return not_found(),
        },
    };
    let page = String::from_utf8_lossy(&page).into_owned();
    let meta = match id {
        Some(Path(id)) if valid_id(&id) => game_meta(&state, peer, &headers, &id).await,
        _ => None,
    };
    let body = match (meta, page.find("</head>")) {
        (Some(meta), Some(at)) => format!("{}{meta}{}", &page[..at], &page[at..]),
        _ => page,
    };
    let etag = etag::of_text(&body);
    let fresh = etag::not_modified(&headers, &etag);
    let builder = Response::builder()
        .header(header::ETAG, &etag)
        .header(header::CACHE_CONTROL, "no-cache");
    if fresh {
        return builder
            .status(StatusCode::NOT_MODIFIED)
            .body(Body::empty())
            .unwrap_or_default();
    }
    builder
        .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
        .body(Body::from(body))
        .unwrap_or_default()
}

/// The link preview of game `id` as `<meta>` lines (every value escaped), or `None` when there is no such game.
async fn game_meta(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
    id: &str,
) -> Option<String> {
    let snap = state.rooms().handle_unchecked(id).snapshot().await.ok()?;
    let level = snap.level.map(bao_ai::Level::name);
    let (south, north) = (
        seat_name(&snap.seats.south, level),
        seat_name(&snap.seats.north, level),
    );
    let variant = variant_title(snap.variant);
    let title = format!("{variant}: {south} vs {north}");
    let moves = moves_words(snap.moves.len() as u64);
    let mut description = format!("South: {south} · North: {north} · {moves}");
    match &snap.result {
        Some(r) => {
            description.push_str(" · ");
            description.push_str(&result_words(r));
        }
        None if snap.seats.south.taken && snap.seats.north.taken => {
            description.push_str(" · being played")
        }
        None => description.push_str(" · a seat is free: join the game"),
    }
    let mut meta = String::new();
    let mut add = |property: &str, content: &str| {
        meta.push_str(&format!(
            "<meta property=\"{property}\" content=\"{}\">\n",
            escape(content)
        ));
    };
    add("og:type", "website");
    add("og:site_name", "Bao");
    add("og:title", &title);
    add("og:description", &description);
    // The picture's and the page's addresses must be absolute: under `--public-url`, else the request's host.
    if let Ok(base) = crate::qr::site_base(state, peer, headers) {
        add("og:url", &format!("{base}/g/{id}"));
        add("og:image", &format!("{base}/api/games/{id}/board.svg"));
        add("og:image:type", "image/svg+xml");
        add("og:image:width", "1200");
        add("og:image:height", "630");
        add(
            "og:image:alt",
            &format!("{variant}: the board after {moves}"),
        );
    }
    Some(meta)
}

/// `GET /learn` and `GET /learn/{variant}`: the lessons page (it reads the variant from the address); an
/// unknown variant is a missing page.
pub async fn learn_page(variant: Option<Path<String>>, headers: HeaderMap) -> Response {
    match variant {
        Some(Path(v)) if v.parse::<bao_core::Variant>().is_err() => not_found(),
        _ => file("learn.html", &headers),
    }
}

/// `GET /analysis`: the analysis board (its variant and position come in the query).
pub async fn analysis_page(headers: HeaderMap) -> Response {
    file("analysis.html", &headers)
}

/// `GET /local`: a game against the computer played in this browser (the engine as WebAssembly), offline too.
pub async fn local_page(headers: HeaderMap) -> Response {
    file("local.html", &headers)
}

/// `GET /watch`: the listed games being played.
pub async fn watch_page(headers: HeaderMap) -> Response {
    file("watch.html", &headers)
}

/// `GET /@/{id}`: a player's profile page. Served for any id: the page asks `GET /api/players/{id}` and says
/// when there is no such player (a deleted one too), in the visitor's language. The id is not extracted: one that
/// is not even UTF-8 once decoded gets the page too, rather than a bare 400.
pub async fn profile_page(headers: HeaderMap) -> Response {
    file("profile.html", &headers)
}

/// `GET /tournaments`: the coming, running and recent tournaments, and a form to create one.
pub async fn tournaments_page(headers: HeaderMap) -> Response {
    file("tournaments.html", &headers)
}

/// `GET /t/{id}`: a tournament's page (it reads the id from the address).
pub async fn tournament_page(headers: HeaderMap) -> Response {
    file("tournament.html", &headers)
}

/// `GET /leaderboard?variant=V`: the leaderboard page (it reads the variant from the query).
pub async fn leaderboard_page(headers: HeaderMap) -> Response {
    file("leaderboard.html", &headers)
}

/// `GET /signin`: the page a sign-in link opens (`/signin#ID.SECRET`); it reads the fragment and posts it.
pub async fn sign_in_page(headers: HeaderMap) -> Response {
    file("signin.html", &headers)
}

/// `GET /puzzles`: the puzzles page.
pub async fn puzzles_page(headers: HeaderMap) -> Response {
    file("puzzles.html", &headers)
}

/// The rules page `/rules` and `/rules/` lead to: the first game's, the one the site's navigation links to
/// (`web/common.js`); each rules page links to the other games' rules.
pub const RULES_PAGE: &str = "/rules/kujifunza.html";

/// `GET /rules` and `GET /rules/`: a redirect to [`RULES_PAGE`] (temporary: the address may become a page of its
/// own). The same from disk (`--web-dir`) as built in.
pub async fn rules_index() -> Redirect {
    Redirect::temporary(RULES_PAGE)
}

/// Any other path: the embedded file of that name (`/` is `index.html`).
pub async fn static_file(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_owned()
    };
    file(&path, &headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_are_built_in() {
        for f in [
            "index.html",
            "game.html",
            "style.css",
            "game.js",
            "rules/kiswahili.html",
            "learn.html",
            "analysis.html",
            "lessons-data.js",
            "puzzles.html",
            "puzzles.js",
            "watch.html",
            "watch.js",
            "profile.html",
            "profile.js",
            "leaderboard.html",
            "leaderboard.js",
            "tournaments.html",
            "tournament.html",
            "tournaments.js",
            "tournament.js",
            "signin.html",
            "signin.js",
            "passkeys.js",
            "shared/sign-in.js",
            "lobby.js",
            "game/review.js",
            "game/eval-graph.js",
            "api.js",
            "shared/board.js",
            "shared/play-board.js",
            "game/export.js",
            "game/export.css",
            "i18n/export/en.js",
            "analysis-import.js",
        ] {
            assert!(Web::get(f).is_some(), "{f}");
        }
        assert_eq!(
            Web::get("index.html")
                .map(|f| f.metadata.mimetype().to_owned())
                .as_deref(),
            Some("text/html")
        );
    }
}
