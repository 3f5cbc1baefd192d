//! Entity tags: one way to name a response's content (`ETag`) and to answer a client that already holds it
//! (`If-None-Match`), for the built-in files, the game page, the QR codes and the board pictures.

use axum::http::{header, HeaderMap};
use sha2::{Digest, Sha256};

/// A strong `ETag` from the first bytes of a content hash (an embedded file's SHA-256, say).
pub fn of_hash(hash: &[u8]) -> String {
    let hex: String = hash.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// A strong `ETag` for a response made from `text` (a page, a code's link, a picture's SVG): a hash of it.
pub fn of_text(text: &str) -> String {
    of_hash(&Sha256::digest(text.as_bytes()))
}

/// Whether the client's `If-None-Match` names `etag` (or `*`), weak or strong.
pub fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_matches_as_sent_back_and_only_then() {
        let tag = of_text("http://x/g/abc");
        assert_ne!(tag, of_text("http://y/g/abc"));
        let mut h = HeaderMap::new();
        assert!(!not_modified(&h, &tag));
        h.insert(header::IF_NONE_MATCH, "\"other\"".parse().unwrap());
        assert!(!not_modified(&h, &tag));
        h.insert(
            header::IF_NONE_MATCH,
            format!("\"x\", W/{tag}").parse().unwrap(),
        );
        assert!(not_modified(&h, &tag));
        h.insert(header::IF_NONE_MATCH, "*".parse().unwrap());
        assert!(not_modified(&h, &tag));
    }
}
