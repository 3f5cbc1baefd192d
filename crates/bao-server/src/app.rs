//! The router and the server's life: start-up (database, preloading games), serving, graceful shutdown.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::serve::ListenerExt;
use axum::{middleware, Json, Router};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::config::Config;
use crate::error::AppError;
use crate::openapi::ApiDoc;
use crate::state::AppState;
use crate::store::Store;
use crate::{api, assets};

/// The API's operations (`/api/...`). Each handler's `#[utoipa::path]` attribute gives its method and path
/// here and its description in the OpenAPI document, so a handler cannot be routed without being described.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(api::create))
        .routes(routes!(api::get_game))
        .routes(routes!(api::join))
        .routes(routes!(api::record))
        .routes(routes!(api::history))
        .routes(routes!(api::version))
        .routes(routes!(api::openapi_json))
}

/// `/healthz` and `/metrics`, for operators.
fn operator_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api::healthz))
        .routes(routes!(api::metrics))
}

/// The game's WebSocket (added outside the compression layer: upgrades must not be wrapped).
fn socket_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(api::websocket))
}

/// The OpenAPI document of the routes of [`router`] (served at `GET /api/openapi.json`). The web client's
/// pages and files (`/`, `/g/{id}`, …) are not part of it.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = api_routes().into_openapi();
    doc.merge(operator_routes().into_openapi());
    doc.merge(socket_routes().into_openapi());
    doc
}

/// The application's routes.
pub fn router(state: AppState) -> Router {
    let limit = state.config().body_limit;
    let (api, _) = api_routes().split_for_parts();
    let api = api
        .route("/api/{*rest}", any(api::not_found))
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
            .route_service("/g/{id}", ServeFile::new(web.join("game.html")))
            .fallback_service(ServeDir::new(web)),
        None => Router::new()
            .route("/g/{id}", get(assets::game_page))
            .fallback(assets::static_file),
    };
    let (operator, _) = operator_routes().split_for_parts();
    let (socket, _) = socket_routes().split_for_parts();
    Router::new()
        .merge(api)
        .merge(static_files)
        .merge(operator)
        .layer(CompressionLayer::new())
        // The socket route is added after compression: upgrades must not be wrapped.
        .merge(socket)
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

async fn json_413(resp: Response) -> Response {
    let is_json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if resp.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        let e = AppError::PayloadTooLarge;
        let mut r = (e.status(), Json(e.body())).into_response();
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return r;
    }
    resp
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Runs the server on `listener` until `shutdown` completes, then closes sockets, lets every room finish
/// its writes, and closes the database.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), AppError> {
    let store = Store::open(&config.data_dir).await?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let state = AppState::new(config, store.clone(), stop_rx);
    let loaded = state.rooms().preload(state.config().preload_limit).await?;
    let app = router(state.clone());
    let addr = listener
        .local_addr()
        .map_err(|e| AppError::Internal(format!("listener: {e}")))?;
    tracing::info!(
        %addr,
        games_loaded = loaded,
        "bao-server listening on http://{addr}"
    );
    // Events are small and must go out at once: Nagle's algorithm would hold them for the peer's ACK.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        tracing::info!("shutting down");
        let _ = stop_tx.send(true);
    })
    .await
    .map_err(|e| AppError::Internal(format!("server: {e}")))?;
    state.rooms().close_all().await;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}
