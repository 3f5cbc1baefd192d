//! Export and import (issue 34, point 8): `GET /api/games/{id}/board.svg` (a well-formed SVG of the position,
//! cached, 404 for an unknown game or a ply past the end), the game page's link preview (`og:image`, …, built in
//! and from `--web-dir`), and `POST /api/analysis/record` (a record replayed from the start).

use std::path::PathBuf;

use crate::common;

use common::Server;
use regex::Regex;
use serde_json::{json, Value};

/// Whether `xml` is well formed as far as this SVG goes: every tag closed in order, attribute values quoted,
/// no stray `<` or `&` in text or values. Returns the element names in document order.
fn well_formed(xml: &str) -> Vec<String> {
    let tag = Regex::new(
        r#"<(/?)([a-zA-Z][a-zA-Z0-9:_-]*)((?:\s+[a-zA-Z][a-zA-Z0-9:_-]*="[^"<]*")*)\s*(/?)>"#,
    )
    .unwrap();
    let entity = Regex::new(r"&(amp|lt|gt|quot|#39|#[0-9]+);").unwrap();
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut at = 0;
    for m in tag.captures_iter(xml) {
        let whole = m.get(0).unwrap();
        let text = &xml[at..whole.start()];
        assert!(!text.contains('<'), "stray < in {text:?}");
        assert_eq!(
            entity.replace_all(text, "").matches('&').count(),
            0,
            "stray & in {text:?}"
        );
        assert_eq!(
            entity.replace_all(&m[3], "").matches('&').count(),
            0,
            "stray & in {:?}",
            &m[3]
        );
        at = whole.end();
        let name = m[2].to_owned();
        if &m[1] == "/" {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.as_str()),
                "</{name}> closes nothing"
            );
        } else {
            names.push(name.clone());
            if &m[4] != "/" {
                stack.push(name);
            }
        }
    }
    assert!(
        xml[at..].trim().is_empty(),
        "text after the root: {:?}",
        &xml[at..]
    );
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    names
}

async fn get(s: &Server, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut r = s.http.get(s.url(path));
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    r.send().await.unwrap()
}

#[tokio::test]
async fn the_board_picture_is_a_cached_svg_of_the_position_and_404_for_no_game() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (mut a, mut b) = s.seated(&id, &south, &north).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let first = snap["legal"][0].as_str().unwrap().to_owned();
    a.send(json!({"t": "move", "ply": 0, "move": first})).await;
    a.recv_t("moved").await;
    b.recv_t("moved").await;

    let path = format!("/api/games/{id}/board.svg");
    let r = get(&s, &path, &[]).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/svg+xml");
    assert_eq!(r.headers()["cache-control"], "public, max-age=60");
    let etag = r.headers()["etag"].to_str().unwrap().to_owned();
    let svg = r.text().await.unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    let names = well_formed(&svg);
    assert_eq!(names[0], "svg");
    assert!(
        svg.contains("Bao la Kiswahili · after 1 move · North to move"),
        "{svg}"
    );
    // 32 pits, each with its name; the seeds sown show in the counts: 64 seeds in all.
    for pit in ["A1", "A8", "B1", "b8", "a5"] {
        assert!(svg.contains(&format!(">{pit}</text>")), "{pit}");
    }
    let (_, now) = s.get_json(&format!("/api/games/{id}")).await;
    let counts: u64 = Regex::new(r#"font-size="34" font-weight="bold" fill="\#fff8e8">(\d+)<"#)
        .unwrap()
        .captures_iter(&svg)
        .map(|c| c[1].parse::<u64>().unwrap())
        .sum();
    let hands = now["position"]["south"]["hand"].as_u64().unwrap()
        + now["position"]["north"]["hand"].as_u64().unwrap();
    assert_eq!(counts + hands, 64);

    // The same copy: 304; the start position (ply 0) is another picture, kept longer.
    let r = get(&s, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(r.status(), 304);
    let r = get(&s, &format!("{path}?ply=0"), &[]).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["cache-control"], "public, max-age=86400");
    assert_ne!(r.headers()["etag"].to_str().unwrap(), etag);
    let start = r.text().await.unwrap();
    well_formed(&start);
    assert!(start.contains("after 0 moves · South to move"));

    // Past the last move, an unknown game, a bad ply.
    for missing in [
        format!("{path}?ply=2"),
        "/api/games/nosuchgame1/board.svg".into(),
        "/api/games/x/board.svg".into(),
    ] {
        let r = get(&s, &missing, &[]).await;
        assert_eq!(r.status(), 404, "{missing}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["error"], "not_found");
    }
    let r = get(&s, &format!("{path}?ply=one"), &[]).await;
    assert_eq!(r.status(), 400);
    s.stop().await;
}

#[tokio::test]
async fn names_are_escaped_in_the_picture() {
    let s = Server::fresh().await;
    // A player's name may hold no markup (the contract allows letters, digits, spaces, - and _), so the escaping
    // is shown on the renderer itself; here, a name the contract allows is shown as given.
    let r = s
        .http
        .post(s.url("/api/players"))
        .json(&json!({"name": "Bi Kidude-7"}))
        .send()
        .await
        .unwrap();
    let cookie = r.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let r = s
        .http
        .post(s.url("/api/games"))
        .header("cookie", &cookie)
        .json(&json!({"variant": "kujifunza", "seat": "north", "opponent": "computer", "level": "hard"}))
        .send()
        .await
        .unwrap();
    let id = r.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let svg = get(&s, &format!("/api/games/{id}/board.svg?ply=0"), &[])
        .await
        .text()
        .await
        .unwrap();
    well_formed(&svg);
    assert!(svg.contains("North: Bi Kidude-7"), "{svg}");
    assert!(svg.contains("South: the computer (hard)"), "{svg}");
    let pic = bao_server::board_svg::render(
        &bao_core::Position::new(bao_core::Variant::Kimasai),
        &bao_server::board_svg::Picture {
            south: "</text><script>alert(1)</script>".into(),
            north: "a & b \"c\"".into(),
            ply: 3,
            result: None,
        },
    );
    well_formed(&pic);
    assert!(!pic.contains("<script"));
    assert!(pic.contains("&lt;/text&gt;&lt;script&gt;"));
    assert!(pic.contains("a &amp; b &quot;c&quot;"));
    s.stop().await;
}

/// The `content` of each `<meta property=P>` of a page.
fn og(html: &str) -> std::collections::BTreeMap<String, String> {
    Regex::new(r#"<meta property="([a-z:_]+)" content="([^"]*)">"#)
        .unwrap()
        .captures_iter(html)
        .map(|c| (c[1].to_owned(), c[2].to_owned()))
        .collect()
}

#[tokio::test]
async fn the_game_page_carries_its_link_preview_built_in_and_from_disk() {
    let web = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web");
    for dir in [None, Some(web)] {
        let s = Server::fresh_with(|c| c.web_dir = dir.clone()).await;
        let (id, _, _) = s
            .create(json!({"variant": "kiswahili", "seat": "south", "opponent": "computer", "level": "easy"}))
            .await;
        let r = get(&s, &format!("/g/{id}"), &[]).await;
        assert_eq!(r.status(), 200, "{dir:?}");
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        let etag = r.headers()["etag"].to_str().unwrap().to_owned();
        let html = r.text().await.unwrap();
        let meta = og(&html);
        let base = format!("http://{}", s.addr);
        assert_eq!(
            meta["og:image"],
            format!("{base}/api/games/{id}/board.svg"),
            "{dir:?}"
        );
        assert_eq!(meta["og:url"], format!("{base}/g/{id}"));
        assert_eq!(
            meta["og:title"],
            "Bao la Kiswahili: a guest vs the computer (easy)"
        );
        assert!(meta["og:description"]
            .starts_with("South: a guest · North: the computer (easy) · 0 moves"));
        // In the head, before the page's body; the page is otherwise the file.
        let head_end = html.find("</head>").unwrap();
        assert!(html.find("og:image").unwrap() < head_end);
        assert!(html.contains("data-role=\"board\""));
        // Cached like the other pages: asked again, not changed, 304.
        let r = get(&s, &format!("/g/{id}"), &[("if-none-match", &etag)]).await;
        assert_eq!(r.status(), 304);
        // The picture it names is there.
        let r = get(&s, &format!("/api/games/{id}/board.svg"), &[]).await;
        assert_eq!(r.status(), 200);

        // Another host asked: its own addresses (no --public-url); a host that is no host: no picture, but
        // the page. No game: the page, without a preview.
        let html = get(&s, &format!("/g/{id}"), &[("host", "bao.example.org")])
            .await
            .text()
            .await
            .unwrap();
        assert_eq!(
            og(&html)["og:image"],
            format!("http://bao.example.org/api/games/{id}/board.svg")
        );
        let r = get(&s, &format!("/g/{id}"), &[("host", "x@evil.example")]).await;
        assert_eq!(r.status(), 200);
        let html = r.text().await.unwrap();
        assert!(!html.contains("og:image") && html.contains("og:title"));
        for none in ["/g/nosuchgame1", "/g/x", "/g/%3Cscript%3E"] {
            let r = get(&s, none, &[]).await;
            assert_eq!(r.status(), 200, "{none}");
            let html = r.text().await.unwrap();
            assert!(!html.contains("og:"), "{none}");
            assert!(!html.contains("<script>"), "{none}");
        }
        s.stop().await;
    }
}

#[tokio::test]
async fn a_record_is_replayed_from_the_start_and_stops_at_a_bad_move() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (mut a, mut b) = s.seated(&id, &south, &north).await;
    for ply in 0..4 {
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        let mv = snap["legal"][0].as_str().unwrap().to_owned();
        let ws = if ply % 2 == 0 { &mut a } else { &mut b };
        ws.send(json!({"t": "move", "ply": ply, "move": mv})).await;
        a.recv_t("moved").await;
        b.recv_t("moved").await;
    }
    let (_, record) = s.get_text(&format!("/api/games/{id}/record")).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let (_, history) = s.get_json(&format!("/api/games/{id}/history?from=0")).await;

    let (status, r) = s
        .post("/api/analysis/record", json!({"record": record}))
        .await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["variant"], "kiswahili");
    assert_eq!(r["stopped"], Value::Null);
    assert_eq!(r["start"], history["positions"][0]);
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["move"], snap["moves"][i]);
        assert_eq!(m["by"], if i % 2 == 0 { "south" } else { "north" });
        assert_eq!(
            m["position"],
            history["positions"][i + 1],
            "after {}",
            i + 1
        );
        assert!(m["trace"].as_array().is_some_and(|t| !t.is_empty()));
    }

    // Typed moves, with the variant given; a move that is not one stops the replay there.
    let typed = format!(
        "1. {} {} 2. Z9Q",
        snap["moves"][0].as_str().unwrap(),
        snap["moves"][1].as_str().unwrap()
    );
    let (status, r) = s
        .post(
            "/api/analysis/record",
            json!({"record": typed, "variant": "kiswahili"}),
        )
        .await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["moves"].as_array().unwrap().len(), 2);
    assert_eq!(r["stopped"]["index"], 2);
    assert_eq!(r["stopped"]["text"], "Z9Q");
    assert_eq!(r["stopped"]["reason"], "notation");
    // A legal-looking move that is not legal: bao-core's reason, and the moves that are.
    let (_, r) = s
        .post(
            "/api/analysis/record",
            json!({"record": "A1L", "variant": "kiswahili"}),
        )
        .await;
    assert_eq!(r["moves"].as_array().unwrap().len(), 0);
    assert_ne!(r["stopped"]["reason"], "notation");
    assert!(!r["stopped"]["legal"].as_array().unwrap().is_empty());

    for (body, why) in [
        (json!({"record": "A6L"}), "no variant"),
        (
            json!({"record": "A6L", "variant": "chess"}),
            "unknown variant",
        ),
        (
            json!({"record": "[Variant \"kiswahili\"]\n\n*"}),
            "no moves",
        ),
        (
            json!({"record": "A6L ".repeat(2001), "variant": "kiswahili"}),
            "too many moves",
        ),
        (json!({"moves": []}), "not the body"),
    ] {
        let (status, r) = s.post("/api/analysis/record", body).await;
        assert_eq!(status, 400, "{why}: {r}");
        assert_eq!(r["error"], "bad_request", "{why}");
    }
    s.stop().await;
}
