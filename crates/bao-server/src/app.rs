//! The router and the server's life: start-up (database, preloading games), serving, a graceful shutdown
//! with a deadline.

use std::future::Future;
use std::sync::OnceLock;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::handler::HandlerWithoutStateExt;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::{middleware, Router};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnFailure, TraceLayer};
use tracing::Level;

use bao_protocol::ErrorBody;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::cluster::Cluster;
use crate::config::Config;
use crate::error::{Answered, AppError, StartupError};
use crate::http::Connections;
use crate::metrics::Via;
use crate::openapi::{ApiDoc, PlainErrors};
use crate::state::{AppState, Phase};
use crate::store::{Location, Node, Store};
use crate::{analysis, api, assets, board_svg, offline, puzzles, qr, replay, summaries};
use crate::{lobby, players};

/// The Content-Security-Policy of every response. The pages load their scripts, styles and images from
/// this server only and have no inline script or style; the board is inline SVG built by script, which
/// `img-src` does not govern. `connect-src 'self'` covers the game's WebSocket on the same host.
/// `'wasm-unsafe-eval'` lets the engine's worker compile its WebAssembly module (web/engine/), and nothing else.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
frame-ancestors 'none'";
/// The API's operations (`/api/...`). Each handler's `#[utoipa::path]` attribute gives its method and path
/// here and its description in the OpenAPI document, so a handler cannot be routed without being described.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(api::create))
        .routes(routes!(api::get_game))
        .routes(routes!(api::join))
        .routes(routes!(crate::import::import_game))
        .routes(routes!(summaries::game_summaries))
        .routes(routes!(api::record))
        .routes(routes!(board_svg::board_svg))
        .routes(routes!(api::history))
        .routes(routes!(api::version))
        .routes(routes!(crate::levels::get_levels))
        .routes(routes!(openapi_json))
        .routes(routes!(analysis::analyse))
        .routes(routes!(replay::replay_record))
        .routes(routes!(api::get_review))
        .routes(routes!(puzzles::api::random_puzzle))
        .routes(routes!(puzzles::api::list_puzzles))
        .routes(routes!(puzzles::api::get_puzzle))
        .routes(routes!(puzzles::api::attempt))
        .routes(routes!(puzzles::api::progress))
        .routes(routes!(puzzles::mistakes::list))
        .routes(routes!(puzzles::mistakes::get))
        .routes(routes!(puzzles::mistakes::attempt))
        .routes(routes!(players::api::create_player))
        .routes(routes!(
            players::api::get_me,
            players::api::rename_me,
            players::api::delete_me
        ))
        .routes(routes!(players::api::get_player))
        .routes(routes!(players::api::get_player_games))
        .routes(routes!(crate::ratings::api::rating_history))
        .routes(routes!(players::api::export_me))
        .routes(routes!(
            players::passkeys::list_passkeys,
            players::passkeys::add_passkey
        ))
        .routes(routes!(players::passkeys::begin_passkey))
        .routes(routes!(
            players::passkeys::rename_passkey,
            players::passkeys::remove_passkey
        ))
        .routes(routes!(players::passkeys::begin_sign_in))
        .routes(routes!(players::passkeys::sign_in))
        .routes(routes!(players::sign_in::sign_out))
        .routes(routes!(
            players::sign_in::make_link,
            players::sign_in::list_links
        ))
        .routes(routes!(players::sign_in::revoke_link))
        .routes(routes!(players::sign_in::redeem_link))
        .routes(routes!(crate::ratings::api::leaderboard))
        .routes(routes!(lobby::api::create_seek, lobby::api::list_seeks))
        .routes(routes!(lobby::api::withdraw_seek))
        .routes(routes!(lobby::api::accept_seek))
        .routes(routes!(lobby::api::live_games))
        .routes(routes!(
            crate::tournament::api::create_tournament,
            crate::tournament::api::list_tournaments
        ))
        .routes(routes!(crate::tournament::api::get_tournament))
        .routes(routes!(crate::tournament::api::join_tournament))
        .routes(routes!(crate::tournament::api::withdraw_tournament))
        .routes(routes!(crate::tournament::api::tournament_me))
}

/// `/healthz` and `/metrics`, for operators.
fn operator_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api::healthz))
        .routes(routes!(api::metrics))
}

/// What `--metrics-bind` serves: `/metrics` and nothing else.
pub fn metrics_router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(api::metrics))
        .with_state(state)
}

/// The QR code of a game's share link (beside the web client's files, not under `/api/`).
fn qr_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(qr::share_qr))
}

/// The game's WebSocket (added outside the compression layer: upgrades must not be wrapped).
fn socket_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api::websocket))
        .routes(routes!(lobby::socket::lobby_socket))
}

/// The OpenAPI document of the routes of [`router`] (served at `GET /api/openapi.json`). The web client's
/// pages and files (`/`, `/g/{id}`, …) are not part of it.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = api_routes().into_openapi();
    doc.merge(operator_routes().into_openapi());
    doc.merge(qr_routes().into_openapi());
    doc.merge(socket_routes().into_openapi());
    doc
}

/// The document of [`openapi`] as JSON, built once.
fn openapi_document_json() -> Result<&'static str, AppError> {
    static JSON: OnceLock<String> = OnceLock::new();
    if let Some(json) = JSON.get() {
        return Ok(json);
    }
    let json = openapi()
        .to_json()
        .map_err(|e| AppError::Internal(format!("cannot write the OpenAPI document: {e}")))?;
    Ok(JSON.get_or_init(|| json))
}

/// `GET /api/openapi.json`: this API described as OpenAPI 3.1 ([`crate::openapi`]).
// Here beside the routes it describes, so that no handler file depends on the router.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    operation_id = "getOpenApi",
    tag = "server",
    responses(
        (status = 200, description = "this document", content_type = "application/json",
            body = Object),
        (status = 500, description = "`internal`: the document could not be written", body = ErrorBody),
        PlainErrors,
    )
)]
pub async fn openapi_json() -> Result<Response, AppError> {
    let json = openapi_document_json()?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

/// The application's routes.
pub fn router(state: AppState) -> Router {
    let limit = state.config().body_limit;
    let (api, _) = api_routes().split_for_parts();
    let api = api
        .route("/api/{*rest}", any(api::unknown_path))
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .layer(RequestBodyLimitLayer::new(limit))
        // Runs outside the limit layer, so its plain-text 413 also becomes the API's JSON error.
        .layer(middleware::map_response(json_413))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(15),
        ));
    let static_files = match state.config().web_dir.clone() {
        Some(web) => Router::new()
            // The game page carries its game's link preview (`og:image`, …): a handler, not the bare file.
            .route("/g/{id}", get(assets::game_page))
            // From disk every variant name gets the page, which then says it knows no such game.
            .route_service("/learn", ServeFile::new(web.join("learn.html")))
            .route_service("/learn/{variant}", ServeFile::new(web.join("learn.html")))
            .route_service("/analysis", ServeFile::new(web.join("analysis.html")))
            .route_service("/local", ServeFile::new(web.join("local.html")))
            .route_service("/puzzles", ServeFile::new(web.join("puzzles.html")))
            .route_service("/watch", ServeFile::new(web.join("watch.html")))
            // Any id gets the page, which asks the API for the player and says when there is none.
            .route_service("/@/{id}", ServeFile::new(web.join("profile.html")))
            .route_service("/leaderboard", ServeFile::new(web.join("leaderboard.html")))
            .route_service("/tournaments", ServeFile::new(web.join("tournaments.html")))
            .route_service("/t/{id}", ServeFile::new(web.join("tournament.html")))
            .route_service("/signin", ServeFile::new(web.join("signin.html")))
            .route("/rules", get(assets::rules_index))
            .route("/rules/", get(assets::rules_index))
            .route("/sw.js", get(offline::service_worker))
            .fallback_service(
                ServeDir::new(web)
                    // `engine/bao.wasm.br` (scripts/build-wasm.sh) for clients that take brotli.
                    .precompressed_br()
                    .not_found_service(assets::not_found_page.into_service()),
            ),
        None => Router::new()
            .route("/g/{id}", get(assets::game_page))
            .route("/learn", get(assets::learn_page))
            .route("/learn/{variant}", get(assets::learn_page))
            .route("/analysis", get(assets::analysis_page))
            .route("/local", get(assets::local_page))
            .route("/puzzles", get(assets::puzzles_page))
            .route("/watch", get(assets::watch_page))
            .route("/@/{id}", get(assets::profile_page))
            .route("/leaderboard", get(assets::leaderboard_page))
            .route("/tournaments", get(assets::tournaments_page))
            .route("/t/{id}", get(assets::tournament_page))
            .route("/signin", get(assets::sign_in_page))
            .route("/rules", get(assets::rules_index))
            .route("/rules/", get(assets::rules_index))
            .route("/sw.js", get(offline::service_worker))
            .fallback(assets::static_file),
    }
    // The service worker's versioned addresses (`/api.js?v=HASH`) may be kept for good.
    .layer(middleware::from_fn_with_state(
        state.clone(),
        offline::immutable_when_versioned,
    ))
    .layer(middleware::from_fn(get_or_head_only));
    let (operator, _) = if state.config().metrics_bind.is_some() {
        // `/metrics` is on its own address: here it is a page like any unknown one.
        OpenApiRouter::new()
            .routes(routes!(api::healthz))
            .split_for_parts()
    } else {
        operator_routes().split_for_parts()
    };
    let (qr, _) = qr_routes().split_for_parts();
    let (socket, _) = socket_routes().split_for_parts();
    Router::new()
        .merge(api)
        .merge(static_files)
        .merge(operator)
        .merge(qr)
        // Quality 6: gzip's default, and for brotli (tower-http's default 4 sends 3-5% more than gzip here; 6 sends
        // about 5% less, still cheap enough per request: docs/benchmarks.md).
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(6)))
        // The socket route is added after compression: upgrades must not be wrapped.
        .merge(socket)
        // Failures are logged by `observe_errors`, at their level and rate-limited: a 503 `busy` is no
        // ERROR, and a flood of them is a few lines.
        .layer(TraceLayer::new_for_http().on_failure(DefaultOnFailure::new().level(Level::DEBUG)))
        .layer(middleware::map_response(security_headers))
        .layer(middleware::map_response_with_state(
            state.clone(),
            observe_errors,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            count_requests,
        ))
        .with_state(state)
}

/// Counts every answer by route and status, and times it (`bao_http_requests_total`,
/// `bao_http_request_duration_seconds`). A layer of the router runs after routing, so the matched route's
/// template is known here.
async fn count_requests(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let route = req.extensions().get::<MatchedPath>().cloned();
    let started = std::time::Instant::now();
    let resp = next.run(req).await;
    state.metrics().http_request(
        route.as_ref().map(MatchedPath::as_str),
        resp.status().as_u16(),
        started.elapsed(),
    );
    resp
}

/// The one place HTTP error answers are counted (`bao_errors_total{via="http"}`) and logged
/// ([`AppError::log`]): from the error each answer carries ([`Answered`], left by [`AppError`]'s
/// `into_response`), whichever layer or handler answered it.
async fn observe_errors(State(state): State<AppState>, mut resp: Response) -> Response {
    if let Some(Answered(e)) = resp.extensions_mut().remove::<Answered>() {
        state.metrics().error(e.code(), Via::Http);
        e.log();
    }
    resp
}

/// Static files are read, not written: other methods than GET and HEAD get 405.
async fn get_or_head_only(req: Request, next: Next) -> Response {
    if req.method() == Method::GET || req.method() == Method::HEAD {
        return next.run(req).await;
    }
    (
        StatusCode::METHOD_NOT_ALLOWED,
        [(header::ALLOW, "GET, HEAD")],
        "method not allowed\n",
    )
        .into_response()
}

/// The headers that keep the pages from being framed, sniffed, or made to run foreign script (the seat
/// tokens are in the page's storage), and that keep game links out of other sites' logs.
async fn security_headers(mut resp: Response) -> Response {
    let h = resp.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "same-origin"),
    ] {
        h.entry(name).or_insert(HeaderValue::from_static(value));
    }
    resp
}

async fn json_413(resp: Response) -> Response {
    let is_json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if resp.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        let mut r = AppError::PayloadTooLarge.into_response();
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return r;
    }
    resp
}

/// Completes on Ctrl-C or SIGTERM. The handlers are installed when this is called, not when the future is
/// first polled: a SIGTERM that arrives while the server is still starting (opening the database) is then
/// a clean shutdown, not the default action that kills the process.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let term = signal(SignalKind::terminate()).ok();
        let int = signal(SignalKind::interrupt()).ok();
        async move {
            let wait = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = wait(term) => {},
                () = wait(int) => {},
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Runs the server on `listener` until `shutdown` completes. Then it stops accepting, closes the sockets
/// (1001) and lets requests in progress finish, for at most `--shutdown-timeout-secs`, after which it closes
/// whatever is still open; then every room finishes its writes, and the database is closed.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), StartupError> {
    let metrics = match config.metrics_bind.as_deref() {
        Some(addr) => Some(
            TcpListener::bind(addr)
                .await
                .map_err(|source| StartupError::Bind {
                    addr: format!("{addr} (--metrics-bind)"),
                    source,
                })?,
        ),
        None => None,
    };
    serve_on(config, listener, metrics, shutdown).await
}

/// [`serve`] with `/metrics` on `metrics` (already bound: `--metrics-bind`) rather than on `listener`.
pub async fn serve_on(
    config: Config,
    listener: TcpListener,
    metrics: Option<TcpListener>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), StartupError> {
    let at = Location::parse(config.database_url.as_deref(), &config.data_dir)?;
    let nats_url = config
        .nats_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty());
    if nats_url.is_some() && !matches!(at, Location::Postgres(_)) {
        return Err(StartupError::Config(
            "--nats-url (BAO_NATS_URL) makes this server one node of a cluster, whose nodes share a \
             PostgreSQL database: give --database-url postgres://… too (a SQLite file belongs to one node)"
                .into(),
        ));
    }
    if config.trust_forwarded {
        tracing::warn!(
            "--trust-forwarded (BAO_TRUST_FORWARDED) believes every client's X-Forwarded-For: give your \
             proxies' addresses with --trusted-proxies (BAO_TRUSTED_PROXIES) instead"
        );
    }
    let node = Node::new(config.node_name.as_deref(), config.lease_ms);
    let node_name = node.name.clone();
    let store = Store::open_node(&at, node).await?;
    let cluster = match nats_url {
        Some(url) => Some(
            Cluster::connect(
                url,
                &node_name,
                Duration::from_millis(config.lease_ms),
                config.room_buffer,
                store.time().clone(),
            )
            .await?,
        ),
        None => None,
    };
    if let Some(c) = &cluster {
        c.start_jobs(&node_name, &config).await?;
    }
    let (phase_tx, phase) = watch::channel(Phase::Serving);
    let state = AppState::new(config, &node_name, store.clone(), cluster, phase.clone());
    if let Some(lost) = store.lost_leases() {
        tokio::spawn(state.rooms().clone().close_lost(lost));
    }
    let watchdog = tokio::spawn(state.rooms().clone().watch_orphans());
    tokio::spawn(state.rooms().clone().give_up_when_cut());
    let loaded = state
        .rooms()
        .preload(state.config().preload_limit)
        .await
        .map_err(StartupError::Preload)?;
    let app = router(state.clone());
    let addr = listener.local_addr().map_err(StartupError::Listener)?;
    tracing::info!(
        %addr,
        games_loaded = loaded,
        "bao-server listening on http://{addr}"
    );
    let metrics_server = match metrics {
        Some(metrics) => {
            let at = metrics.local_addr().map_err(StartupError::Listener)?;
            tracing::info!(%at, "metrics on http://{at}/metrics");
            let app = metrics_router(state.clone());
            Some(tokio::spawn(async move {
                if let Err(e) = axum::serve(metrics, app).await {
                    tracing::error!("the metrics listener failed: {e}");
                }
            }))
        }
        None => None,
    };
    let housekeeping = tokio::spawn(forget_idle_addresses(state.clone()));
    let ratings_sweep = tokio::spawn(crate::ratings::sweep(store.clone()));
    let connections = Connections::new(
        Duration::from_secs(state.config().header_timeout_secs),
        phase,
    );
    tokio::select! {
        _ = connections.accept(listener, app) => {}
        () = shutdown => {}
    }
    tracing::info!("shutting down");
    let _ = phase_tx.send(Phase::Stopping);
    let grace = Duration::from_secs(state.config().shutdown_timeout_secs);
    let sockets = || state.metrics().open_sockets.get();
    let drained = tokio::time::timeout(grace, async {
        connections.all_closed().await;
        while sockets() > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            requests = connections.open(),
            sockets = sockets(),
            "still open after {grace:?}: closing them"
        );
    }
    let _ = phase_tx.send(Phase::Closing);
    housekeeping.abort();
    ratings_sweep.abort();
    watchdog.abort();
    if let Some(metrics) = metrics_server {
        metrics.abort();
    }
    state.rooms().close_all().await;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Forgets, once a minute, the client addresses whose allowances are full again.
async fn forget_idle_addresses(state: AppState) {
    let mut every = tokio::time::interval(Duration::from_secs(60));
    loop {
        every.tick().await;
        state.limits().forget_idle();
    }
}
