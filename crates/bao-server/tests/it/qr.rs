//! `GET /g/{id}/qr.svg`: the code of the right link (the request's address, a trusted proxy's, or
//! `--public-url`'s), cached by `ETag`, 404 for unknown games. That the SVG decodes back to the link is checked
//! in a browser with an independent decoder (tests/browser/tests/qr.test.mjs).

use crate::common;

use bao_server::qr::svg_of;
use common::Server;
use serde_json::json;

async fn get(s: &Server, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut r = s.http.get(s.url(path));
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    r.send().await.unwrap()
}

#[tokio::test]
async fn the_code_holds_the_link_of_the_address_asked_and_is_cached() {
    let s = Server::fresh_with(|c| c.trust_forwarded = false).await;
    let (id, _, token) = s.create(json!({"variant": "kiswahili"})).await;
    let path = format!("/g/{id}/qr.svg");
    let r = get(&s, &path, &[]).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/svg+xml");
    assert_eq!(r.headers()["cache-control"], "public, max-age=86400");
    let etag = r.headers()["etag"].to_str().unwrap().to_owned();
    let svg = r.text().await.unwrap();
    assert_eq!(svg, svg_of(&format!("http://{}/g/{id}", s.addr)).unwrap());
    assert!(!svg.contains(&token));

    // The same copy: 304, no body; another ETag: the code again.
    let r = get(&s, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(r.status(), 304);
    assert_eq!(r.headers()["etag"].to_str().unwrap(), etag);
    assert_eq!(r.text().await.unwrap(), "");
    let r = get(&s, &path, &[("if-none-match", "\"0123\"")]).await;
    assert_eq!(r.status(), 200);

    // Another host asked: its link, and another ETag. Forwarded headers count only behind a trusted proxy.
    let r = get(
        &s,
        &path,
        &[("host", "bao.example.org"), ("x-forwarded-proto", "https")],
    )
    .await;
    assert_ne!(r.headers()["etag"].to_str().unwrap(), etag);
    let want = svg_of(&format!("http://bao.example.org/g/{id}")).unwrap();
    assert_eq!(r.text().await.unwrap(), want);
    let r = get(&s, &path, &[("host", "x@evil.example")]).await;
    assert_eq!(r.status(), 400);

    for missing in ["/g/nosuchgame1/qr.svg", "/g/x/qr.svg", "/g/%FF/qr.svg"] {
        let r = get(&s, missing, &[]).await;
        assert_eq!(r.status(), 404, "{missing}");
        let body: serde_json::Value = r.json().await.unwrap();
        assert_eq!(body["error"], "not_found");
    }
    s.stop().await;
}

#[tokio::test]
async fn a_trusted_proxy_and_the_public_url_name_the_link() {
    // A proxy that is not trusted names nothing: the link is the Host's.
    let s = Server::fresh_with(|c| c.trusted_proxies = "10.0.0.0/8".parse().unwrap()).await;
    let (id, _, _) = s.create(json!({"variant": "kimasai"})).await;
    let r = get(
        &s,
        &format!("/g/{id}/qr.svg"),
        &[
            ("host", "127.0.0.1:8080"),
            ("x-forwarded-host", "evil.example"),
            ("x-forwarded-proto", "https"),
        ],
    )
    .await;
    let want = svg_of(&format!("http://127.0.0.1:8080/g/{id}")).unwrap();
    assert_eq!(r.text().await.unwrap(), want);
    s.stop().await;

    let s = Server::fresh_with(|c| c.trusted_proxies = "127.0.0.1".parse().unwrap()).await;
    let (id, _, _) = s.create(json!({"variant": "kimasai"})).await;
    let path = format!("/g/{id}/qr.svg");
    let r = get(
        &s,
        &path,
        &[
            ("host", "127.0.0.1:8080"),
            ("x-forwarded-host", "bao.example.org"),
            ("x-forwarded-proto", "https"),
        ],
    )
    .await;
    let want = svg_of(&format!("https://bao.example.org/g/{id}")).unwrap();
    assert_eq!(r.text().await.unwrap(), want);
    s.stop().await;

    let s = Server::fresh_with(|c| c.public_url = Some("https://bao.example.net/".into())).await;
    let (id, _, _) = s.create(json!({"variant": "kimasai"})).await;
    let r = get(
        &s,
        &format!("/g/{id}/qr.svg"),
        &[("host", "elsewhere.example")],
    )
    .await;
    let want = svg_of(&format!("https://bao.example.net/g/{id}")).unwrap();
    assert_eq!(r.text().await.unwrap(), want);
    s.stop().await;
}
