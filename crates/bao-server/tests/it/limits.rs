//! Limits per client address (sockets, upgrades, messages, game creation; IPv6 by its /64), presence under a
//! reconnect loop, the cap on games, `Retry-After`, security headers, WebSocket origins, static paths and
//! log levels of expected refusals (issue 12, points 3, 7 and 8).

use crate::common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{Got, Server};
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// The `Retry-After` of a response, in whole seconds.
fn retry_after(r: &reqwest::Response) -> Option<u64> {
    r.headers().get("retry-after")?.to_str().ok()?.parse().ok()
}

#[tokio::test]
async fn sockets_per_address_are_capped() {
    let s = Server::fresh_with(|c| c.ws_per_address = 3).await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut w = s.ws(&id).await;
        w.hello(None, 0).await;
        open.push(w);
    }
    let r = s.upgrade(&id, &[]).await;
    assert_eq!(r.status(), 429);
    assert!(retry_after(&r).is_some_and(|s| s >= 1), "{r:?}");
    assert_eq!(r.json::<Value>().await.unwrap()["error"], "rate_limited");
    // Behind a trusted proxy, another client address has its own allowance.
    drop(s);
    let s = Server::fresh_with(|c| {
        c.ws_per_address = 1;
        c.trusted_proxies = "127.0.0.1".parse().unwrap();
    })
    .await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let mut a = s.ws(&id).await;
    a.hello(None, 0).await;
    let r = s.upgrade(&id, &[("x-forwarded-for", "203.0.113.9")]).await;
    assert_eq!(r.status(), 101);
    // A socket that closes gives its place back.
    a.close().await;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let r = s.upgrade(&id, &[]).await;
        if r.status() == 101 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the closed socket's place was never freed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    s.stop().await;
}

#[tokio::test]
async fn upgrades_per_address_are_rate_limited() {
    let s = Server::fresh_with(|c| {
        c.ws_connect_rate = 1.0;
        c.ws_connect_burst = 3.0;
    })
    .await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    for _ in 0..3 {
        assert_eq!(s.upgrade(&id, &[]).await.status(), 101);
    }
    let r = s.upgrade(&id, &[]).await;
    assert_eq!(r.status(), 429);
    assert!(retry_after(&r).is_some_and(|s| s >= 1), "{r:?}");
    s.stop().await;
}

/// A reconnect loop used to get a fresh burst with every socket: 12,528 messages/s from one address.
#[tokio::test]
async fn the_message_rate_holds_per_address_across_reconnects() {
    let (rate, burst) = (5.0, 10.0);
    let s = Server::fresh_with(|c| {
        c.ws_address_rate = rate;
        c.ws_address_burst = burst;
        c.ws_strikes = 1_000;
    })
    .await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let started = Instant::now();
    let (mut answered, mut sockets) = (0u32, 0u32);
    while started.elapsed() < Duration::from_millis(1_500) {
        let mut w = s.ws(&id).await;
        sockets += 1;
        for _ in 0..20 {
            w.send(json!({"t": "ping"})).await;
        }
        for _ in 0..20 {
            match w.next().await {
                Got::Json(v) if v["t"] == "pong" => answered += 1,
                Got::Json(v) => assert_eq!(v["code"], "rate_limited", "{v}"),
                Got::Closed(c) => panic!("closed ({c:?})"),
            }
        }
        w.close().await;
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{sockets} sockets in {secs:.2} s: {answered} messages answered = {:.0}/s from one address",
        f64::from(answered) / secs
    );
    let allowed = burst + rate * secs + 2.0;
    assert!(
        f64::from(answered) <= allowed,
        "{answered} messages answered, at most {allowed:.0} allowed"
    );
    s.stop().await;
}

/// WebSocket pings are messages too: a ping flood is refused and closed like any other.
#[tokio::test]
async fn control_frames_count_against_the_rate() {
    let (s, id) = Server::strict_rate().await;
    let mut w = s.ws(&id).await;
    for _ in 0..60 {
        w.stream
            .send(Message::Ping(b"x".to_vec().into()))
            .await
            .unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(3);
    let code = loop {
        assert!(Instant::now() < deadline, "a ping flood is never refused");
        let next = tokio::time::timeout(Duration::from_secs(3), w.next()).await;
        match next {
            Ok(Got::Json(v)) => assert_eq!(v["code"], "rate_limited", "{v}"),
            Ok(Got::Closed(code)) => break code,
            Err(_) => panic!("a ping flood is never refused"),
        }
    };
    assert_eq!(code, Some(1008));
    s.stop().await;
}

/// A seat holder reconnecting in a loop pushed 4,249 presence events/s to every spectator; a seat going
/// offline now waits for a short grace period, so the loop shows as one seat staying online.
#[tokio::test]
async fn a_seat_reconnecting_in_a_loop_does_not_flood_spectators() {
    let s = Server::fresh().await;
    let (id, north, _south, mut w) = s.south_and_spectator().await;
    // The watcher's own presence event (throttled) is out before the loop starts.
    while w.recv_t("presence").await["watchers"] != 1 {}
    let looping = Duration::from_millis(1_500);
    let started = Instant::now();
    let mut reconnects = 0u32;
    let spectator = async {
        let mut events = 0u32;
        let mut last = Value::Null;
        while let Ok(Got::Json(v)) =
            tokio::time::timeout(looping + Duration::from_millis(1_500), w.next()).await
        {
            if started.elapsed() > looping + Duration::from_millis(1_500) {
                break;
            }
            events += 1;
            if v["t"] == "presence" {
                last = v;
            }
        }
        (events, last)
    };
    let reconnect_loop = async {
        while started.elapsed() < looping {
            let mut b = s.ws(&id).await;
            b.hello(Some(&north), 0).await;
            b.close().await;
            reconnects += 1;
        }
    };
    let ((events, last), ()) = tokio::join!(spectator, reconnect_loop);
    let secs = looping.as_secs_f64();
    eprintln!(
        "{reconnects} reconnects in {secs:.1} s: the spectator got {events} events ({:.1}/s)",
        f64::from(events) / secs
    );
    assert!(reconnects > 50, "the loop ran: {reconnects}");
    assert!(events <= 6, "{events} events for {reconnects} reconnects");
    // Once the loop stopped, the seat shows offline.
    assert_eq!(last["north"], false, "{last}");
    s.stop().await;
}

#[tokio::test]
async fn creation_is_refused_when_the_games_in_memory_are_at_the_cap() {
    let s = Server::fresh_with(|c| c.max_rooms = 1).await;
    let (a, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    assert_eq!(s.get_json(&format!("/api/games/{a}")).await.0, 200);
    let (status, body) = s.post("/api/games", json!({"variant": "kujifunza"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (503, Some("busy")),
        "{body}"
    );
    s.stop().await;
}

#[tokio::test]
async fn every_429_carries_retry_after() {
    let s = Server::fresh_with(|c| c.create_per_minute = 1.0).await;
    s.create(json!({"variant": "kujifunza"})).await;
    let r = s
        .http
        .post(s.url("/api/games"))
        .json(&json!({"variant": "kujifunza"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    // One game a minute: the next one is a minute away.
    assert!(
        retry_after(&r).is_some_and(|s| (50..=60).contains(&s)),
        "{r:?}"
    );
    s.stop().await;
}

/// The status of a game created with `X-Forwarded-For: from`.
async fn create(s: &Server, from: &str) -> reqwest::StatusCode {
    s.http
        .post(s.url("/api/games"))
        .header("x-forwarded-for", from)
        .json(&json!({"variant": "kujifunza"}))
        .send()
        .await
        .unwrap()
        .status()
}

/// Rotating addresses inside one IPv6 /64 (which one subscriber usually has whole) must not get around the
/// creation limit.
#[tokio::test]
async fn the_creation_limit_counts_an_ipv6_64_as_one_address() {
    let s = Server::fresh_with(|c| {
        c.create_per_minute = 2.0;
        c.trusted_proxies = "127.0.0.0/8".parse().unwrap();
    })
    .await;
    assert_eq!(create(&s, "2001:db8:1:2::1").await, 201);
    assert_eq!(create(&s, "2001:db8:1:2:aaaa::2").await, 201);
    assert_eq!(create(&s, "2001:db8:1:2:ffff:1:2:3").await, 429);
    assert_eq!(create(&s, "2001:db8:1:3::1").await, 201, "another /64");
    assert_eq!(create(&s, "192.0.2.1").await, 201);
    s.stop().await;
}

/// With the port published to the world, a client that reaches the server directly must not walk round every
/// per-address limit by writing its own `X-Forwarded-For`: only the operator's proxies may say who the client is.
#[tokio::test]
async fn forwarded_addresses_count_only_from_trusted_proxies() {
    for (proxies, second) in [("10.0.0.0/8, ::1", 429), ("10.0.0.0/8,127.0.0.1", 201)] {
        let s = Server::fresh_with(|c| {
            c.create_per_minute = 1.0;
            c.trusted_proxies = proxies.parse().unwrap();
        })
        .await;
        assert_eq!(create(&s, "198.51.100.1").await, 201, "{proxies}");
        assert_eq!(create(&s, "198.51.100.2").await, second, "{proxies}");
        s.stop().await;
    }
}

#[tokio::test]
async fn static_paths_answer_only_get_and_head() {
    // The built-in client, and a --web-dir one.
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>home</title>").unwrap();
    std::fs::write(web.join("game.html"), "<!doctype html><title>game</title>").unwrap();
    for web_dir in [None, Some(web)] {
        let s = Server::fresh_with(|c| c.web_dir = web_dir.clone()).await;
        for path in ["/", "/index.html", "/g/abcdefabcdef"] {
            for method in ["PUT", "TRACE", "POST", "DELETE", "PATCH"] {
                let m = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
                let r = s.http.request(m, s.url(path)).send().await.unwrap();
                assert_eq!(r.status(), 405, "{method} {path} ({web_dir:?})");
            }
            assert_eq!(s.http.get(s.url(path)).send().await.unwrap().status(), 200);
            assert_eq!(s.http.head(s.url(path)).send().await.unwrap().status(), 200);
        }
        s.stop().await;
    }
}

#[tokio::test]
async fn the_lessons_and_the_analysis_board_are_served() {
    for web_dir in [
        None,
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web")),
    ] {
        let s = Server::fresh_with(|c| c.web_dir = web_dir.clone()).await;
        for (path, marker) in [
            ("/learn", "/learn.js"),
            ("/learn/kiswahili-malawi", "/learn.js"),
            ("/analysis?variant=kimasai", "/analysis.js"),
        ] {
            let r = s.http.get(s.url(path)).send().await.unwrap();
            assert_eq!(r.status(), 200, "{path} ({web_dir:?})");
            assert!(r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html"));
            let body = r.text().await.unwrap();
            assert!(body.contains(marker), "{path}: {body}");
        }
        if web_dir.is_none() {
            let r = s.http.get(s.url("/learn/chess")).send().await.unwrap();
            assert_eq!(r.status(), 404, "an unknown variant has no lessons");
        }
        s.stop().await;
    }
}

#[tokio::test]
async fn the_profile_and_leaderboard_pages_are_served() {
    for web_dir in [
        None,
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web")),
    ] {
        let s = Server::fresh_with(|c| c.web_dir = web_dir.clone()).await;
        // Any id gets the profile page: the page itself asks the API and says when there is no such player.
        for (path, marker) in [
            ("/@/abcdefabcdef", "/profile.js"),
            ("/@/no-such-player", "/profile.js"),
            ("/@/%E0%A4%A", "/profile.js"),
            ("/leaderboard", "/leaderboard.js"),
            ("/leaderboard?variant=kimasai", "/leaderboard.js"),
        ] {
            let r = s.http.get(s.url(path)).send().await.unwrap();
            assert_eq!(r.status(), 200, "{path} ({web_dir:?})");
            assert!(r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html"));
            let body = r.text().await.unwrap();
            assert!(body.contains(marker), "{path}: {body}");
            let r = s
                .http
                .post(s.url(path))
                .header("content-type", "application/json")
                .body("{}")
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 405, "POST {path} ({web_dir:?})");
        }
        // Only one id after the `@`: a deeper path is a missing page.
        let r = s.http.get(s.url("/@/abc/def")).send().await.unwrap();
        assert_eq!(r.status(), 404, "({web_dir:?})");
        s.stop().await;
    }
}

#[tokio::test]
async fn rules_and_rules_slash_lead_to_the_rules_page() {
    // Without following redirects: the answer itself is the redirect.
    let direct = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for web_dir in [
        None,
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web")),
    ] {
        let s = Server::fresh_with(|c| c.web_dir = web_dir.clone()).await;
        for path in ["/rules", "/rules/"] {
            let r = direct.get(s.url(path)).send().await.unwrap();
            assert_eq!(r.status(), 307, "{path} ({web_dir:?})");
            assert_eq!(r.headers()["location"], "/rules/kujifunza.html", "{path}");
            let r = direct.head(s.url(path)).send().await.unwrap();
            assert_eq!(r.status(), 307, "HEAD {path} ({web_dir:?})");
            // Followed, it is the rules page.
            let r = s.http.get(s.url(path)).send().await.unwrap();
            assert_eq!(r.status(), 200, "{path} ({web_dir:?})");
            assert_eq!(r.url().path(), "/rules/kujifunza.html");
            let body = r.text().await.unwrap();
            assert!(body.contains("/rules.js"), "{path}: {body}");
        }
        s.stop().await;
    }
}

#[tokio::test]
async fn a_missing_file_is_not_found_and_not_a_missing_game() {
    let s = Server::fresh_with(|c| c.web_dir = None).await;
    let r = s.http.get(s.url("/no-such-file.js")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let body = r.text().await.unwrap();
    assert!(body.to_lowercase().contains("not found"), "{body}");
    assert!(!body.contains("no such game"), "{body}");
    let (status, body) = s.get_json("/api/no/such/path").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "not_found");
    assert!(
        !body["message"].as_str().unwrap().contains("game"),
        "{body}"
    );
    // A missing game still says so.
    let (_, body) = s.get_json("/api/games/nosuchgame12").await;
    assert_eq!(body["message"], "no such game");
    s.stop().await;
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let s = Server::fresh_with(|c| c.web_dir = None).await;
    for path in [
        "/",
        "/g/abcdefabcdef",
        "/rules/kiswahili.html",
        "/learn/kimasai",
        "/analysis",
        "/game.js",
        "/api/version",
        "/api/games/nosuchgame12",
        "/no-such-file",
        "/healthz",
    ] {
        let r = s.http.get(s.url(path)).send().await.unwrap();
        let h = r.headers();
        let csp = h
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("no CSP on {path}"))
            .to_str()
            .unwrap();
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'none'",
        ] {
            assert!(csp.contains(part), "{path}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["referrer-policy"], "same-origin", "{path}");
    }
    s.stop().await;
}

#[tokio::test]
async fn the_websocket_accepts_its_own_origins_and_refuses_others() {
    let s = Server::fresh_with(|c| c.public_url = Some("https://bao.example.org/".into())).await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let own = format!("http://{}", s.addr);
    for ok in [
        None,
        Some(own.as_str()),
        Some("https://bao.example.org"),
        Some("HTTPS://Bao.Example.org"),
    ] {
        let headers: Vec<(&str, &str)> = ok.map(|o| ("origin", o)).into_iter().collect();
        assert_eq!(s.upgrade(&id, &headers).await.status(), 101, "{ok:?}");
    }
    for bad in [
        "https://evil.example",
        "http://bao.example.org.evil.example",
        "https://bao.example.org:8443",
        "null",
        "http://127.0.0.1",
    ] {
        let r = s.upgrade(&id, &[("origin", bad)]).await;
        assert_eq!(r.status(), 403, "{bad}");
        assert_eq!(
            r.json::<Value>().await.unwrap()["error"],
            "forbidden_origin",
            "{bad}"
        );
    }
    s.stop().await;
}

/// A flood of expected refusals (here 503 `busy`) is not an ERROR in the logs.
#[tokio::test]
async fn expected_refusals_are_not_logged_as_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, _, addr, logs) = common::spawn_binary_with(
        dir.path(),
        &[
            ("BAO_MAX_GAMES", "0"),
            ("BAO_CREATE_PER_MINUTE", "100000"),
            ("BAO_LOG_FORMAT", "json"),
            ("RUST_LOG", "info"),
        ],
        None,
    );
    let http = reqwest::Client::new();
    let mut busy = 0;
    for _ in 0..50 {
        let r = http
            .post(format!("http://{addr}/api/games"))
            .json(&json!({"variant": "kujifunza"}))
            .send()
            .await
            .unwrap();
        busy += u32::from(r.status() == 503);
        let r = http
            .get(format!("http://{addr}/api/games/nosuchgame12"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404);
    }
    assert_eq!(busy, 50);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let lines: Vec<String> = logs.try_iter().collect();
    let at = |level: &str| {
        let tag = format!("\"level\":\"{level}\"");
        lines.iter().filter(|l| l.contains(&tag)).count()
    };
    assert_eq!(at("ERROR"), 0, "{lines:#?}");
    // Being full is worth a warning, but not fifty.
    assert!((1..=10).contains(&at("WARN")), "{lines:#?}");
}
