//! `/metrics` scraped from a running server and read with a Prometheus text parser (`prometheus-parse`): the
//! names and types agree with docs/metrics.md both ways, and what clients do moves the right metrics.

use crate::common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::*;
use futures_util::SinkExt;
use prometheus_parse::{Scrape, Value};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// The metrics of docs/metrics.md: name → type (the server's `bao_*` and the process's `process_*`).
fn documented() -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/metrics.md");
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if let [_, name, kind, ..] = cells[..] {
            let name = name.strip_prefix('`').and_then(|n| n.strip_suffix('`'));
            if let Some(name) = name.filter(|n| n.starts_with("bao_") || n.starts_with("process_"))
            {
                out.insert(name.to_owned(), kind.to_owned());
            }
        }
    }
    assert!(out.len() >= 10, "the table of docs/metrics.md: {out:?}");
    out
}

async fn scrape(s: &Server) -> Scrape {
    let r = s.http.get(s.url("/metrics")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = r.text().await.unwrap();
    Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap()
}

fn type_of(v: &Value) -> &'static str {
    match v {
        Value::Counter(_) => "counter",
        Value::Gauge(_) => "gauge",
        Value::Histogram(_) => "histogram",
        Value::Summary(_) => "summary",
        Value::Untyped(_) => "untyped",
    }
}

/// The value of `name` with exactly `labels` (0 when it has no such line: a labelled counter not counted yet).
fn value(s: &Scrape, name: &str, labels: &[(&str, &str)]) -> f64 {
    let found = s.samples.iter().find(|x| {
        x.metric == name
            && x.labels.len() == labels.len()
            && labels.iter().all(|(k, v)| x.labels.get(k) == Some(v))
    });
    match found.map(|x| &x.value) {
        None => 0.0,
        Some(Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v)) => *v,
        Some(other) => panic!("{name} is a {}", type_of(other)),
    }
}

/// A histogram's observations (its `+Inf` bucket).
fn observations(s: &Scrape, name: &str) -> f64 {
    let h = s.samples.iter().find(|x| x.metric == name);
    match h.map(|x| &x.value) {
        Some(Value::Histogram(buckets)) => {
            let inf = buckets.iter().find(|b| b.less_than == f64::INFINITY);
            let n = inf
                .unwrap_or_else(|| panic!("{name} has no +Inf bucket"))
                .count;
            assert_eq!(n, value(s, &format!("{name}_count"), &[]), "{name}");
            n
        }
        other => panic!("{name} is no histogram: {other:?}"),
    }
}

/// Waits (bounded) until `check` holds for a fresh scrape.
async fn until(s: &Server, what: &str, check: impl Fn(&Scrape) -> bool) -> Scrape {
    let deadline = Instant::now() + WAIT;
    loop {
        let m = scrape(s).await;
        if check(&m) {
            return m;
        }
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn the_scrape_matches_the_docs_and_follows_what_clients_do() {
    // Three games a minute; a strict message rate with two strikes, for the refusals.
    let s = Server::fresh_with(|c| {
        c.create_per_minute = 3.0;
        c.ws_rate = 0.5;
        c.ws_burst = 5.0;
        c.ws_strikes = 2;
        c.ws_per_address = 50;
    })
    .await;
    let before = scrape(&s).await;
    assert_eq!(observations(&before, "bao_move_duration_seconds"), 0.0);
    assert_eq!(value(&before, "bao_database_writable", &[]), 1.0);
    assert_eq!(value(&before, "bao_sockets_per_address_cap", &[]), 50.0);
    let commits_before = observations(&before, "bao_db_commit_duration_seconds");

    // A move played moves the round-trip histogram and the commit histogram.
    let (id, south, north) = s.friends_game("kujifunza").await;
    let mut a = s.ws(&id).await;
    a.hello(Some(&south), 0).await;
    let snap = a.recv_t("snapshot").await;
    let mut b = s.ws(&id).await;
    b.hello(Some(&north), 0).await;
    let mv = snap["game"]["legal"][0].clone();
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    assert_eq!(a.recv_t("moved").await["by"], "south");
    let played = scrape(&s).await;
    assert_eq!(observations(&played, "bao_move_duration_seconds"), 1.0);
    assert!(value(&played, "bao_move_duration_seconds_sum", &[]) > 0.0);
    assert_eq!(value(&played, "bao_moves_total", &[]), 1.0);
    assert_eq!(value(&played, "bao_games_created_total", &[]), 1.0);
    assert!(
        observations(&played, "bao_db_commit_duration_seconds") >= commits_before + 3.0,
        "the game, the seat and the move were written"
    );
    assert_eq!(value(&played, "bao_open_sockets", &[]), 2.0);
    assert_eq!(value(&played, "bao_sockets_per_address_max", &[]), 2.0);

    // Errors by code and way.
    let (st, _) = s.get_json("/api/games/nosuchgame").await;
    assert_eq!(st, 404);
    a.send(json!({"t": "move", "ply": 9, "move": mv})).await;
    let e = a.recv_t("error").await;
    assert_eq!(e["code"], "stale_ply", "{e}");
    // The third game of the minute is the last.
    let mut refused = 0;
    for _ in 0..3 {
        let (st, _) = s.post("/api/games", json!({"variant": "kiswahili"})).await;
        refused += u32::from(st == 429);
    }
    assert_eq!(refused, 1);

    // A spectator flooding pings is refused, then closed for it.
    let mut w = s.ws(&id).await;
    for _ in 0..40 {
        if w.stream
            .send(Message::Ping(b"x".to_vec().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let code = loop {
        match tokio::time::timeout(WAIT, w.next()).await.unwrap() {
            Got::Json(v) => assert_eq!(v["code"], "rate_limited", "{v}"),
            Got::Closed(code) => break code,
        }
    };
    assert_eq!(code, Some(1008));
    a.close().await;
    // A made-up path is counted under `other`, never under its own name.
    let (st, _) = s.get_text("/no/such/page-4711").await;
    assert_eq!(st, 404);

    let m = until(&s, "the closes are counted", |m| {
        value(m, "bao_socket_closes_total", &[("reason", "client")]) == 1.0
            && value(m, "bao_socket_closes_total", &[("reason", "rate_limit")]) == 1.0
    })
    .await;
    let errors = |code, via| value(&m, "bao_errors_total", &[("code", code), ("via", via)]);
    assert_eq!(errors("not_found", "http"), 1.0);
    assert_eq!(errors("stale_ply", "socket"), 1.0);
    assert_eq!(errors("rate_limited", "http"), 1.0);
    assert!(errors("rate_limited", "socket") >= 2.0);
    // Requests by the route that matched (the router's template, not the path) and status.
    let requests = |route, status| {
        let labels = [("route", route), ("status", status)];
        value(&m, "bao_http_requests_total", &labels)
    };
    assert_eq!(requests("/api/games/:id", "404"), 1.0);
    assert_eq!(requests("/api/games", "429"), 1.0);
    assert_eq!(requests("/api/games", "201"), 3.0);
    assert!(requests("/ws/:id", "101") >= 3.0);
    assert!(requests("/healthz", "200") >= 1.0);
    assert_eq!(requests("other", "404"), 1.0);
    assert!(
        !m.samples
            .iter()
            .any(|x| x.labels.values().any(|v| v.contains("4711"))),
        "a raw path became a label"
    );
    let limited = |limit| value(&m, "bao_rate_limited_total", &[("limit", limit)]);
    assert_eq!(limited("create"), 1.0);
    assert!(limited("socket_messages") >= 3.0);
    assert_eq!(limited("address_messages"), 0.0);
    assert_eq!(value(&m, "bao_games_created_total", &[]), 3.0);
    assert_eq!(value(&m, "bao_open_sockets", &[]), 1.0);
    assert_eq!(value(&m, "bao_sockets_per_address_max", &[]), 1.0);
    let version = env!("CARGO_PKG_VERSION");
    assert!(m
        .samples
        .iter()
        .any(|x| x.metric == "bao_build_info" && x.labels.get("version") == Some(version)));

    // Every documented metric is served with its type, and every metric served is documented.
    let docs = documented();
    for (name, kind) in &docs {
        let sample = m.samples.iter().find(|x| &x.metric == name);
        let sample = sample.unwrap_or_else(|| panic!("{name} (docs/metrics.md) is not served"));
        assert_eq!(type_of(&sample.value), kind, "{name}");
    }
    for x in &m.samples {
        let base = x
            .metric
            .strip_suffix("_sum")
            .or_else(|| x.metric.strip_suffix("_count"))
            .filter(|b| docs.get(*b).is_some_and(|k| k == "histogram"))
            .unwrap_or(&x.metric);
        assert!(
            docs.contains_key(base),
            "{} is not in docs/metrics.md",
            x.metric
        );
    }
    for name in m.docs.keys() {
        assert!(docs.contains_key(name), "{name} is not in docs/metrics.md");
    }
    b.close().await;
    s.stop().await;
}

/// `--metrics-bind`: `/metrics` on its own address, where the monitoring is, and not on the site's, where the
/// visitors are (a proxy that forgot to block it shows nothing).
#[tokio::test]
async fn metrics_bind_keeps_the_metrics_off_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path());
    config.metrics_bind = Some("127.0.0.1:0".into());
    let site = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let metrics = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let (site_addr, metrics_addr) = (site.local_addr().unwrap(), metrics.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(bao_server::app::serve_on(
        config,
        site,
        Some(metrics),
        async {
            let _ = stopped.await;
        },
    ));
    let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
    let deadline = Instant::now() + WAIT;
    while !http
        .get(format!("http://{site_addr}/healthz"))
        .send()
        .await
        .is_ok_and(|r| r.status() == 200)
    {
        assert!(Instant::now() < deadline, "the server never became healthy");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let on_site = http
        .get(format!("http://{site_addr}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(on_site.status(), 404);
    assert!(!on_site.text().await.unwrap().contains("bao_"));
    let apart = http
        .get(format!("http://{metrics_addr}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(apart.status(), 200);
    let text = apart.text().await.unwrap();
    assert!(text.contains("bao_games_capacity"), "{text}");
    // Nothing but the metrics there.
    let other = http
        .get(format!("http://{metrics_addr}/api/version"))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 404);
    let _ = stop.send(());
    server.await.unwrap().unwrap();
    // The metrics listener went with the server.
    assert!(http
        .get(format!("http://{metrics_addr}/metrics"))
        .send()
        .await
        .is_err());
}
