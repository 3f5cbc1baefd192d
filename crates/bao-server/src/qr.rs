//! `GET /g/{id}/qr.svg`: the QR code of a game's share link, drawn on the server as SVG by the `qrcode`
//! crate. It holds the public game link only (the link a friend opens to join or watch), never a seat token.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use bao_protocol::{game_path, share_url};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

use crate::error::AppError;
use crate::http::etag;
use crate::http::extract::GameId;
use crate::openapi::QrErrors;
use crate::state::AppState;
use crate::tokens::valid_id;

/// How long browsers and caches may keep a QR code without asking again: a game's link does not change
/// (only the server's `--public-url` could change it, and then the `ETag` does).
const CACHE_CONTROL: &str = "public, max-age=86400";

/// Longest `Host` taken for a link (a DNS name is at most 253 characters, and a port follows).
const MAX_HOST: usize = 260;

/// The SVG of `link`'s QR code: error correction level M (15 % of the code may be lost), a quiet zone of four
/// modules, black on white, at least 168 pixels wide (the size the game page shows it at).
pub fn svg_of(link: &str) -> Result<String, AppError> {
    let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M)
        .map_err(|e| AppError::Internal(format!("QR code of {link}: {e}")))?;
    Ok(code
        .render::<svg::Color<'_>>()
        .quiet_zone(true)
        .min_dimensions(168, 168)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build())
}

/// The share link of game `id` as the page shows it: under `--public-url` when it is set, else under the
/// address the client asked for (its `Host`, or behind a trusted proxy `X-Forwarded-Host` and
/// `X-Forwarded-Proto`), which is the page's own origin.
pub fn link_of(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
    id: &str,
) -> Result<String, AppError> {
    if let Some(url) = share_url(state.config().public_url.as_deref(), id) {
        return Ok(url);
    }
    Ok(format!(
        "{}{}",
        site_base(state, peer, headers)?,
        game_path(id)
    ))
}

/// The address of the site's home without the final `/`: `--public-url` when it is set, else
/// `scheme://host` of the request (its `Host`, or behind a trusted proxy `X-Forwarded-Host` and
/// `X-Forwarded-Proto`). The links the server gives out (a game's, a sign-in link) start with it.
pub fn site_base(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<String, AppError> {
    let config = state.config();
    if let Some(base) = config.public_url.as_deref() {
        return Ok(base.trim_end_matches('/').to_owned());
    }
    let last = |name: &str| {
        headers
            .get_all(name)
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .map(str::trim)
    };
    let proxies = config.proxies();
    let forwarded = |name: &str| proxies.forwarded(peer, headers, name);
    let host = forwarded("x-forwarded-host")
        .or_else(|| last(header::HOST.as_str()))
        .filter(|h| is_host(h))
        .ok_or_else(|| {
            AppError::BadRequest(
                "the request names no host to build the link from (send a Host header, or set \
                 --public-url)"
                    .into(),
            )
        })?;
    let scheme = match forwarded("x-forwarded-proto") {
        Some(p) if p.eq_ignore_ascii_case("https") => "https",
        _ => "http",
    };
    Ok(format!("{scheme}://{host}"))
}

/// Whether `h` is a plain `host[:port]` (no user, path or anything else a link must not carry).
fn is_host(h: &str) -> bool {
    !h.is_empty()
        && h.len() <= MAX_HOST
        && !h.contains('@')
        && h.parse::<axum::http::uri::Authority>().is_ok()
}

/// `GET /g/{id}/qr.svg`: the QR code of the game's share link.
#[utoipa::path(
    get,
    path = "/g/{id}/qr.svg",
    operation_id = "getShareQr",
    tag = "games",
    params(
        ("id" = String, Path, description = "the game id"),
        ("If-None-Match" = Option<String>, Header, description = "the `ETag` of a copy the client holds"),
    ),
    responses(
        (status = 200, description = "the QR code (SVG) of the game's share link: `--public-url`'s when the \
            server has one, else the address the request was sent to. Never a seat token. Cached: \
            `Cache-Control: public, max-age=86400` and an `ETag`",
            content_type = "image/svg+xml", body = String,
            headers(
                ("ETag" = String, description = "a hash of the link the code holds"),
                ("Cache-Control" = String, description = "`public, max-age=86400`"),
            )),
        (status = 304, description = "the client's copy (`If-None-Match`) is still the code of this link"),
        QrErrors,
    )
)]
pub async fn share_qr(
    State(state): State<AppState>,
    GameId(id): GameId,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    if !valid_id(&id) || !state.store().exists(&id).await? {
        return Err(AppError::NotFound);
    }
    let link = link_of(&state, peer, &headers, &id)?;
    let etag = etag::of_text(&link);
    let cached = [
        (
            header::ETAG,
            HeaderValue::from_str(&etag).map_err(|e| AppError::Internal(format!("ETag: {e}")))?,
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        ),
    ];
    if etag::not_modified(&headers, &etag) {
        return Ok((StatusCode::NOT_MODIFIED, cached).into_response());
    }
    let svg = svg_of(&link)?;
    let content_type = [(header::CONTENT_TYPE, "image/svg+xml")];
    Ok((content_type, cached, svg).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_svg_is_a_whole_code_at_the_page_size() {
        let svg = svg_of("https://bao.example.org/g/abcdefgh1234").unwrap();
        assert!(svg.starts_with("<?xml"), "{svg}");
        assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>"));
        let width: u32 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        assert!(width >= 168, "{width}");
        // Longer links need bigger codes, not errors: a 2,000-byte link still fits (version 40 holds 2,331
        // bytes at level M).
        let long = format!("https://bao.example.org/g/{}", "x".repeat(2_000));
        assert!(svg_of(&long).unwrap().len() > svg.len());
    }

    #[test]
    fn hosts_with_anything_but_a_host_and_port_are_refused() {
        for good in ["bao.example.org", "127.0.0.1:8080", "[::1]:8080"] {
            assert!(is_host(good), "{good}");
        }
        for bad in ["", "user@evil.example", "a/b", "a b", &"x".repeat(300)] {
            assert!(!is_host(bad), "{bad}");
        }
    }
}
