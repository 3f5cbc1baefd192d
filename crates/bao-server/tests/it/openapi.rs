//! The OpenAPI document (`GET /api/openapi.json`): it describes every route of the router, every operation
//! answers as it describes, and its schemas (the hand-written ones of bao-core's JSON above all) match what
//! bao-core and the server really write, field for field.

use crate::common;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use bao_core::{Position, Variant};
use common::Server;
use serde_json::{json, Map, Value};

/// Routes that are deliberately not in the document, and why.
const UNDESCRIBED: [(&str, &str); 16] = [
    (
        "/api/{*rest}",
        "the catch-all that answers unknown API paths with 404 not_found",
    ),
    (
        "/g/{id}",
        "the web client's game page, like the other static files",
    ),
    (
        "/puzzles",
        "the web client's puzzles page, like the other static files",
    ),
    ("/learn", "the web client's lessons page"),
    ("/watch", "the web client's page of the games being played"),
    ("/@/{id}", "the web client's profile page of a player"),
    ("/leaderboard", "the web client's leaderboard page"),
    ("/tournaments", "the web client's list of tournaments"),
    ("/t/{id}", "the web client's page of a tournament"),
    (
        "/sw.js",
        "the web client's service worker, stamped with the build's version",
    ),
    (
        "/signin",
        "the web client's page a sign-in link opens (it posts the fragment to /api/sign-in/link)",
    ),
    ("/learn/{variant}", "the web client's lessons of one game"),
    ("/analysis", "the web client's analysis board"),
    (
        "/local",
        "the web client's game against the computer played in the browser",
    ),
    ("/rules", "a redirect to the web client's rules page"),
    ("/rules/", "a redirect to the web client's rules page"),
];

/// The document as the server serves it.
async fn served_document(s: &Server) -> Value {
    let r = s.http.get(s.url("/api/openapi.json")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/json");
    r.json().await.unwrap()
}

/// Every path given to `.route(`, `.route_service(`, `.nest(` or `.nest_service(` in the server's sources.
fn routes_in_sources(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            routes_in_sources(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for call in [".route(", ".route_service(", ".nest(", ".nest_service("] {
            for (at, _) in text.match_indices(call) {
                let rest = text[at + call.len()..].trim_start();
                let literal = rest
                    .strip_prefix('"')
                    .and_then(|r| r.split_once('"'))
                    .map(|(p, _)| p.to_owned());
                let literal = literal.unwrap_or_else(|| {
                    panic!(
                        "{}: a route whose path is not a literal: describe it with #[utoipa::path] and \
                         utoipa_axum::routes!, or teach this test to read it",
                        path.display()
                    )
                });
                out.insert(literal);
            }
        }
    }
}

#[tokio::test]
async fn every_route_is_described() {
    let s = Server::fresh().await;
    let doc = served_document(&s).await;
    assert_eq!(doc["openapi"], "3.1.0");
    let paths: BTreeSet<String> = doc["paths"].as_object().unwrap().keys().cloned().collect();
    // The routes registered with `utoipa_axum::routes!` are described by construction; any other route of
    // the router must be described too, or be one of the few that deliberately are not.
    let mut plain = BTreeSet::new();
    routes_in_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut plain,
    );
    for route in &plain {
        assert!(
            paths.contains(route) || UNDESCRIBED.iter().any(|(p, _)| p == route),
            "route {route} is not in /api/openapi.json"
        );
    }
    for expected in [
        "/api/seeks",
        "/api/seeks/{id}",
        "/api/seeks/{id}/accept",
        "/api/games/live",
        "/ws/lobby",
        "/api/players/{id}/games",
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/join",
        "/api/games/{id}/record",
        "/api/version",
        "/api/openapi.json",
        "/healthz",
        "/metrics",
        "/ws/{id}",
        "/g/{id}/qr.svg",
        "/api/games/{id}/board.svg",
        "/api/analysis/record",
        "/api/games/import",
    ] {
        assert!(paths.contains(expected), "{expected} is not described");
    }
    s.stop().await;
}

#[tokio::test]
async fn every_described_operation_answers_as_described() {
    let s = Server::fresh().await;
    let doc = served_document(&s).await;
    let (id, _, _) = s.create(json!({"variant": "kiswahili"})).await;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let url = s.url(&path.replace("{id}", &id));
            let request = match method.as_str() {
                "get" => s.http.get(url),
                "post" => s.http.post(url).body("{}"),
                "patch" => s.http.patch(url).body("{}"),
                "delete" => s.http.delete(url),
                other => panic!("{path}: method {other} not tried by this test"),
            };
            let r = request.send().await.unwrap();
            let status = r.status().as_u16().to_string();
            let responses = op["responses"].as_object().unwrap();
            assert!(
                responses.contains_key(&status),
                "{method} {path} answered {status}, not among {:?}",
                responses.keys().collect::<Vec<_>>()
            );
            assert_ne!(status, "405", "{method} {path} is described but not routed");
        }
    }
    s.stop().await;
}

/// Regression: axum's `Path` rejection answered an id that is not UTF-8 with a plain-text 400, which the API
/// does not describe (every API error is JSON).
#[tokio::test]
async fn a_game_id_that_is_not_utf8_is_not_found_in_json() {
    let s = Server::fresh().await;
    for (method, path) in [
        ("GET", "/api/games/%FF"),
        ("GET", "/api/games/%FF/record"),
        ("POST", "/api/games/%FF/join"),
        ("GET", "/ws/%C3%28"),
    ] {
        let url = s.url(path);
        let r = match method {
            "GET" => s.http.get(url),
            _ => s.http.post(url).body("{}"),
        }
        .send()
        .await
        .unwrap();
        assert_eq!(r.status(), 404, "{method} {path}");
        assert_eq!(r.headers()["content-type"], "application/json");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"], "not_found", "{method} {path}");
    }
    s.stop().await;
}

/// A JSON Schema validator for the keywords the document uses, strict about fields: a field that an object
/// schema with `properties` does not list is an error, so that everything the server writes is described.
struct Schemas<'a> {
    components: &'a Map<String, Value>,
    patterns: RefCell<HashMap<String, regex::Regex>>,
}

impl<'a> Schemas<'a> {
    fn new(doc: &'a Value) -> Schemas<'a> {
        Schemas {
            components: doc["components"]["schemas"].as_object().unwrap(),
            patterns: RefCell::default(),
        }
    }

    fn resolve<'s>(&'s self, schema: &'s Value) -> &'s Value {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => {
                let name = r.strip_prefix("#/components/schemas/").unwrap();
                self.resolve(&self.components[name])
            }
            None => schema,
        }
    }

    /// The errors of `v` against the component `name`.
    fn check(&self, name: &str, v: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        self.validate(&self.components[name], v, name, &mut errors);
        errors
    }

    fn validate(&self, schema: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
        let schema = self.resolve(schema);
        if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
            let matching = options
                .iter()
                .filter(|o| {
                    let mut e = Vec::new();
                    self.validate(o, v, at, &mut e);
                    e.is_empty()
                })
                .count();
            if matching != 1 {
                errors.push(format!("{at}: {matching} of oneOf match {v}"));
            }
            return;
        }
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            // One object made of the parts, so that strictness sees all their fields.
            let mut merged = json!({"type": "object", "properties": {}, "required": []});
            for part in parts {
                let part = self.resolve(part);
                for (k, p) in part["properties"].as_object().unwrap() {
                    merged["properties"][k] = p.clone();
                }
                for r in part["required"].as_array().into_iter().flatten() {
                    merged["required"].as_array_mut().unwrap().push(r.clone());
                }
            }
            return self.validate(&merged, v, at, errors);
        }
        if let Some(types) = schema.get("type") {
            let types: Vec<&str> = match types {
                Value::String(t) => vec![t.as_str()],
                Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                _ => vec![],
            };
            let fits = types.iter().any(|t| match *t {
                "null" => v.is_null(),
                "boolean" => v.is_boolean(),
                "string" => v.is_string(),
                "integer" => v.is_i64() || v.is_u64(),
                "number" => v.is_number(),
                "array" => v.is_array(),
                "object" => v.is_object(),
                _ => false,
            });
            if !fits {
                errors.push(format!("{at}: {v} is not {types:?}"));
                return;
            }
        }
        if let Some(values) = schema.get("enum").and_then(Value::as_array) {
            if !values.contains(v) {
                errors.push(format!("{at}: {v} is not one of {values:?}"));
            }
        }
        if let (Some(p), Some(s)) = (schema.get("pattern").and_then(Value::as_str), v.as_str()) {
            let mut patterns = self.patterns.borrow_mut();
            let re = patterns
                .entry(p.to_owned())
                .or_insert_with(|| regex::Regex::new(p).unwrap());
            if !re.is_match(s) {
                errors.push(format!("{at}: {s:?} does not match {p}"));
            }
        }
        if let Some(n) = v.as_f64() {
            if schema
                .get("minimum")
                .and_then(Value::as_f64)
                .is_some_and(|m| n < m)
            {
                errors.push(format!("{at}: {n} is below the minimum"));
            }
            if schema
                .get("maximum")
                .and_then(Value::as_f64)
                .is_some_and(|m| n > m)
            {
                errors.push(format!("{at}: {n} is above the maximum"));
            }
        }
        if let Some(items) = v.as_array() {
            let len = items.len() as u64;
            if schema
                .get("minItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| len < m)
                || schema
                    .get("maxItems")
                    .and_then(Value::as_u64)
                    .is_some_and(|m| len > m)
            {
                errors.push(format!("{at}: {len} items"));
            }
            if let Some(item) = schema.get("items") {
                for (i, x) in items.iter().enumerate() {
                    self.validate(item, x, &format!("{at}[{i}]"), errors);
                }
            }
        }
        if let Some(fields) = v.as_object() {
            for r in schema["required"].as_array().into_iter().flatten() {
                if !fields.contains_key(r.as_str().unwrap()) {
                    errors.push(format!("{at}: required field {r} missing"));
                }
            }
            let properties = schema.get("properties").and_then(Value::as_object);
            // A map (`additionalProperties`): every key fits `propertyNames`, every value the schema.
            let others = schema.get("additionalProperties").filter(|a| a.is_object());
            for (k, x) in fields {
                if let Some(names) = schema.get("propertyNames") {
                    self.validate(names, &json!(k), &format!("{at} key {k:?}"), errors);
                }
                match (properties.and_then(|p| p.get(k)), others) {
                    (Some(p), _) | (None, Some(p)) => {
                        self.validate(p, x, &format!("{at}.{k}"), errors)
                    }
                    (None, None) if properties.is_some() => {
                        errors.push(format!("{at}: field {k:?} is not described"))
                    }
                    (None, None) => {}
                }
            }
        }
    }
}

fn assert_fits(schemas: &Schemas, name: &str, v: &Value) {
    let errors = schemas.check(name, v);
    assert!(
        errors.is_empty(),
        "{name} does not describe {v}:\n{}",
        errors.join("\n")
    );
}

/// A small deterministic generator (xorshift), so that the playouts are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random games in every variant, played by bao-core: every position and every trace step fits the
/// hand-written schemas, and every kind of step is seen (so none of them is described only in theory).
#[test]
fn bao_core_json_fits_the_hand_written_schemas() {
    let doc = serde_json::to_value(bao_server::app::openapi()).unwrap();
    let schemas = Schemas::new(&doc);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut taxed = false;
    let mut results = 0;
    for variant in Variant::ALL {
        for _ in 0..60 {
            let mut position = Position::new(variant);
            for _ in 0..300 {
                assert_fits(
                    &schemas,
                    "Position",
                    &serde_json::to_value(position).unwrap(),
                );
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let blocked: BTreeMap<_, _> = position.blocked().into_iter().collect();
                assert_fits(
                    &schemas,
                    "BlockedPits",
                    &serde_json::to_value(blocked).unwrap(),
                );
                let mv = legal[rng.below(legal.len())];
                assert_fits(&schemas, "Move", &serde_json::to_value(mv).unwrap());
                let played = position.play_full(mv).unwrap();
                for step in &played.trace {
                    let v = serde_json::to_value(step).unwrap();
                    assert_fits(&schemas, "Step", &v);
                    *kinds
                        .entry(v["step"].as_str().unwrap().to_owned())
                        .or_default() += 1;
                    taxed |= v["tax"] == true;
                }
                position = played.position;
                assert_fits(
                    &schemas,
                    "Stage",
                    &serde_json::to_value(position.stage(position.to_move())).unwrap(),
                );
            }
            if position.result().is_some() {
                results += 1;
                assert_fits(
                    &schemas,
                    "Position",
                    &serde_json::to_value(position).unwrap(),
                );
            }
        }
    }
    let described: BTreeSet<String> = schemas.components["Step"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s["properties"]["step"]["enum"][0]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    let seen: BTreeSet<String> = kinds.keys().cloned().collect();
    assert_eq!(seen, described, "step kinds seen {kinds:?}");
    assert!(taxed, "no taxed lift seen");
    assert!(results > 0, "no game ended");
    for b in bao_core::Blocked::ALL {
        assert_fits(&schemas, "BlockedCode", &serde_json::to_value(b).unwrap());
    }
    // The checks can fail: a code that is not bao-core's, a key that is not a pit.
    assert!(!schemas
        .check("BlockedPits", &json!({"A1": "sleepy"}))
        .is_empty());
    assert!(!schemas
        .check("BlockedPits", &json!({"Z9": "empty"}))
        .is_empty());
}

/// A friends' game played over the socket to its end (or a ply cap), with a resignation, a rematch offer, an
/// error and a ping: every HTTP body and every socket message fits its schema.
#[tokio::test]
async fn the_server_writes_what_the_document_describes() {
    let s = Server::fresh_with(|c| c.public_url = Some("https://bao.example.org".into())).await;
    let doc = served_document(&s).await;
    let schemas = Schemas::new(&doc);
    let mut rng = Rng(7);
    // Every kind of clock, so that the clocked snapshot and events are checked too.
    let clocks = [
        Value::Null,
        json!({"kind": "live", "initial_s": 300, "increment_s": 3}),
        json!({"kind": "correspondence", "days": 3}),
        json!({"kind": "live", "initial_s": 600, "increment_s": 0}),
    ];
    for (variant, clock) in Variant::ALL.into_iter().zip(clocks) {
        let (status, created) = s
            .post(
                "/api/games",
                json!({"variant": variant.name(), "seat": "south", "clock": clock}),
            )
            .await;
        assert_eq!(status, 201);
        assert_fits(&schemas, "Created", &created);
        let id = created["id"].as_str().unwrap();
        let (_, joined) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
        assert_fits(&schemas, "Joined", &joined);
        let tokens = [
            created["token"].as_str().unwrap(),
            joined["token"].as_str().unwrap(),
        ];
        let mut sockets = Vec::new();
        for token in tokens {
            let mut ws = s.ws(id).await;
            let welcome = ws.hello(Some(token), 0).await;
            assert_fits(&schemas, "ServerMsg", &welcome);
            sockets.push(ws);
        }
        let (_, snapshot) = s.get_json(&format!("/api/games/{id}")).await;
        assert_fits(&schemas, "Snapshot", &snapshot);
        assert!(!snapshot["blocked"].as_object().unwrap().is_empty());
        // An illegal move's error, with its reason.
        sockets[0]
            .send(json!({"t": "move", "ply": 0, "move": "B5L"}))
            .await;
        let error = sockets[0].recv_t("error").await;
        assert!(error["reason"].is_string(), "{error}");
        assert_fits(&schemas, "ServerMsg", &error);
        let mut legal = snapshot["legal"].as_array().unwrap().clone();
        let mut ended = false;
        for ply in 0..120u64 {
            let mover = usize::from(ply % 2 == 1);
            let mv = legal[rng.below(legal.len())].clone();
            sockets[mover]
                .send(json!({"t": "move", "ply": ply, "move": mv}))
                .await;
            let mut moved = Value::Null;
            for ws in &mut sockets {
                loop {
                    let m = ws.recv().await;
                    assert_fits(&schemas, "ServerMsg", &m);
                    if m["t"] == "moved" {
                        moved = m;
                        break;
                    }
                }
            }
            if !moved["result"].is_null() {
                for ws in &mut sockets {
                    assert_fits(&schemas, "ServerMsg", &ws.recv_t("ended").await);
                }
                ended = true;
                break;
            }
            legal = moved["legal"].as_array().unwrap().clone();
        }
        if !ended {
            sockets[0].send(json!({"t": "resign"})).await;
            for ws in &mut sockets {
                assert_fits(&schemas, "ServerMsg", &ws.recv_t("ended").await);
            }
        }
        sockets[1].send(json!({"t": "rematch"})).await;
        for ws in &mut sockets {
            assert_fits(&schemas, "ServerMsg", &ws.recv_t("rematch").await);
        }
        sockets[0]
            .send(json!({"t": "move", "ply": 999, "move": "A1L"}))
            .await;
        assert_fits(&schemas, "ServerMsg", &sockets[0].recv_t("error").await);
        sockets[0].send(json!({"t": "ping"})).await;
        assert_fits(&schemas, "ServerMsg", &sockets[0].recv_t("pong").await);
        let (_, snapshot) = s.get_json(&format!("/api/games/{id}")).await;
        assert_fits(&schemas, "Snapshot", &snapshot);
        // The game's record replayed (and one stopped by a move that is not one).
        let (_, record) = s.get_text(&format!("/api/games/{id}/record")).await;
        for text in [record, format!("[Variant \"{}\"]\n\nZ9Q", variant.name())] {
            let (status, replay) = s
                .post("/api/analysis/record", json!({ "record": text }))
                .await;
            assert_eq!(status, 200, "{replay}");
            assert_fits(&schemas, "Replay", &replay);
        }
        for ws in sockets {
            ws.close().await;
        }
    }
    let (_, version) = s.get_json("/api/version").await;
    assert_fits(&schemas, "Version", &version);
    let (_, error) = s.get_json("/api/games/nosuchgame12").await;
    assert_fits(&schemas, "ErrorBody", &error);
    // The rules help, with and without the computer's best move, and a refused position.
    for (variant, think) in [(Variant::Kiswahili, None), (Variant::Kujifunza, Some(20))] {
        let mut body = json!({ "position": Position::new(variant) });
        if let Some(ms) = think {
            body["think_ms"] = json!(ms);
        }
        let (status, analysis) = s.post("/api/analysis", body).await;
        assert_eq!(status, 200, "{analysis}");
        assert_eq!(analysis.get("best").is_some(), think.is_some());
        assert_fits(&schemas, "Analysis", &analysis);
    }
    let (status, error) = s.post("/api/analysis", json!({"position": {}})).await;
    assert_eq!(status, 400);
    assert_fits(&schemas, "ErrorBody", &error);
    s.stop().await;
}
