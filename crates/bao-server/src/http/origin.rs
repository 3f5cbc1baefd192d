//! Whose page a request comes from: the `Origin` check of the game sockets and of the requests that act as a
//! player by the player's cookie (a page of another site must not act for whoever visits it).

use std::net::SocketAddr;

use axum::http::{header, HeaderMap};

use crate::error::AppError;
use crate::state::AppState;

/// A WebSocket may be opened, and a player's cookie used for a change, by a page of this server (its origin's host is the request's `Host`, or
/// behind a trusted proxy its `X-Forwarded-Host`; or it is `--public-url`'s origin), and by clients that
/// send no `Origin` (programs, not browsers). A page of another site may not: it could act for whoever
/// visits it.
pub(crate) fn check_origin(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<(), AppError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = String::from_utf8_lossy(origin.as_bytes());
    let refuse = || AppError::ForbiddenOrigin(origin.chars().take(100).collect());
    let Some((scheme, authority)) = split_origin(&origin) else {
        return Err(refuse());
    };
    let mut hosts: Vec<&str> = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .into_iter()
        .collect();
    let proxies = state.config().proxies();
    hosts.extend(proxies.forwarded(peer, headers, "x-forwarded-host"));
    let same_host = hosts
        .iter()
        .any(|h| normal_authority(&scheme, h) == authority);
    let public = state
        .config()
        .public_url
        .as_deref()
        .and_then(split_origin)
        .is_some_and(|p| p == (scheme.clone(), authority.clone()));
    if same_host || public {
        Ok(())
    } else {
        Err(refuse())
    }
}

/// The scheme and authority of an origin or URL (`https://Example.org:443/x` → `https`, `example.org`),
/// lowercased and without the scheme's default port; `None` for anything else (`null`, say).
fn split_origin(url: &str) -> Option<(String, String)> {
    let (scheme, rest) = url.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.is_empty() || authority.contains('@') {
        return None;
    }
    let authority = normal_authority(&scheme, authority);
    Some((scheme, authority))
}

/// `authority` lowercased, without `scheme`'s default port.
fn normal_authority(scheme: &str, authority: &str) -> String {
    let a = authority.trim().to_ascii_lowercase();
    let default = if scheme == "https" { ":443" } else { ":80" };
    match a.strip_suffix(default) {
        Some(bare) => bare.to_owned(),
        None => a,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_compared_by_scheme_and_authority() {
        let o = |s: &str| split_origin(s).map(|(a, b)| format!("{a} {b}"));
        assert_eq!(
            o("https://Bao.Example.org"),
            Some("https bao.example.org".into())
        );
        assert_eq!(
            o("https://bao.example.org:443/"),
            Some("https bao.example.org".into())
        );
        assert_eq!(
            o("http://bao.example.org:80"),
            Some("http bao.example.org".into())
        );
        assert_eq!(
            o("http://bao.example.org:8080/x"),
            Some("http bao.example.org:8080".into())
        );
        assert_eq!(o("https://[::1]:8443"), Some("https [::1]:8443".into()));
        for bad in [
            "null",
            "",
            "file://",
            "bao.example.org",
            "ftp://x",
            "http://u@evil.example",
        ] {
            assert_eq!(o(bad), None, "{bad}");
        }
    }
}
