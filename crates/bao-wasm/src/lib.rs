//! bao-core and bao-ai for the browser. The module `web/engine/bao.wasm` (built by `scripts/build-wasm.sh`)
//! runs in a Web Worker (`web/engine/worker.js`) and answers one JSON request at a time: the same rules and
//! the same search as the server, not a second implementation.
//!
//! [`answer`] is the whole interface: a request in, an answer out, both JSON. The module's exports
//! (`exports`, wasm only) only carry the bytes across; natively the same function answers the parity test.
//!
//! Requests (`op` says which; positions are the JSON of spec/position.md):
//!
//! - `{"op": "start", "variant": V}`: the start position.
//! - `{"op": "analyse", "position": P, "think_ms"?: N, "lines"?: N, "depth"?: N, "nodes"?: N}`: the answer
//!   of `POST /api/analysis` (protocol.md, "Rules help"): the stage, every legal move with the position after
//!   it and its trace, the blocked pits with their reasons, and with a search budget (`think_ms`, `depth`,
//!   `nodes`: any of them) the best move (`best`) and with `lines` that many best moves with their lines.
//!   The search is `hard`'s, as on the server; `nodes` and `depth` without `think_ms` make it reproducible.
//! - `{"op": "search", ...}`: the same without the legal moves (for a search deepened step by step).
//! - `{"op": "move", "position": P, "level": L, "seed"?: N, "think_ms"?: N}`: the computer's move at a level
//!   (`easy`, `medium`, `hard`), with the position after it and its trace.
//! - `{"op": "play", "position": P, "move": M}`: a move played, or refused with the reason and the legal moves.
//! - `{"op": "perft", "position": P, "depth": N}`: the leaves at that depth (for the benchmarks).
//!
//! An answer that fails is `{"error": CODE, "message": TEXT}` with the server's codes (`bad_request`,
//! `bad_position`, `illegal_move`, `too_complex`).
//!
//! ```
//! let start = bao_wasm::answer(r#"{"op":"start","variant":"kujifunza"}"#);
//! let req = format!(r#"{{"op":"analyse","position":{start},"nodes":500}}"#);
//! let a: serde_json::Value = serde_json::from_str(&bao_wasm::answer(&req)).unwrap();
//! assert!(a["legal"].as_array().unwrap().len() > 0);
//! assert!(a["best"]["move"].is_string());
//! ```

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod exports;

use std::collections::BTreeMap;
use std::time::Duration;

use bao_ai::Level;
use bao_core::{Move, Position, Variant};
use serde::Deserialize;
use serde_json::{json, Value};

/// Laps of relay sowing that telling a position's moves apart may take, as on the server
/// (`bao-server/src/analysis.rs`): the rare positions beyond it are refused (`too_complex`) rather than freeze
/// the worker for seconds.
const LAP_BUDGET: u64 = 1_000_000;

/// The deepest search asked for by `depth` (the search's own limit).
const MAX_DEPTH: u32 = 64;

/// A request (see the crate docs); fields an operation does not use are ignored.
#[derive(Deserialize)]
struct Request {
    op: String,
    #[serde(default)]
    position: Option<Value>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default, rename = "move")]
    mv: Option<String>,
    #[serde(default)]
    think_ms: Option<u64>,
    #[serde(default)]
    lines: Option<u32>,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    nodes: Option<u64>,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// A failed request: the server's error code and a message.
struct Failure(&'static str, String);

impl Failure {
    fn bad_request(message: impl Into<String>) -> Failure {
        Failure("bad_request", message.into())
    }
}

/// Answers one JSON request (see the crate docs) with JSON.
pub fn answer(request: &str) -> String {
    let out = serde_json::from_str::<Request>(request)
        .map_err(|e| Failure::bad_request(format!("not a request: {e}")))
        .and_then(|r| dispatch(&r));
    match out {
        Ok(v) => v.to_string(),
        Err(Failure(code, message)) => json!({ "error": code, "message": message }).to_string(),
    }
}

fn dispatch(r: &Request) -> Result<Value, Failure> {
    match r.op.as_str() {
        "start" => {
            let name = r.variant.as_deref().unwrap_or_default();
            let v: Variant = name
                .parse()
                .map_err(|_| Failure::bad_request(format!("unknown variant {name:?}")))?;
            Ok(to_value(&Position::new(v)))
        }
        "analyse" => analyse(&position(r)?, r, true),
        "search" => analyse(&position(r)?, r, false),
        "move" => computer_move(&position(r)?, r),
        "play" => play(&position(r)?, r),
        "perft" => {
            let depth = r.depth.unwrap_or(1).min(12);
            Ok(json!({ "nodes": bao_core::perft(&position(r)?, depth) }))
        }
        op => Err(Failure::bad_request(format!("unknown op {op:?}"))),
    }
}

fn to_value<T: serde::Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

/// The request's position, validated by bao-core.
fn position(r: &Request) -> Result<Position, Failure> {
    let p = r
        .position
        .as_ref()
        .ok_or_else(|| Failure::bad_request("position is missing"))?;
    Position::from_json(&p.to_string()).map_err(|e| Failure("bad_position", e.to_string()))
}

/// `analyse` (with `legal`: the legal moves and blocked pits too) and `search`.
fn analyse(pos: &Position, r: &Request, legal: bool) -> Result<Value, Failure> {
    let children = pos.children_within(LAP_BUDGET).ok_or(Failure(
        "too_complex",
        "this position's moves take too long to tell apart".into(),
    ))?;
    let moves: Vec<Move> = children.iter().map(|(m, _)| *m).collect();
    let mut out = serde_json::Map::new();
    if legal {
        let mut list = Vec::with_capacity(children.len());
        for (mv, child) in &children {
            if child.children_within(LAP_BUDGET).is_none() {
                return Err(Failure(
                    "too_complex",
                    "a move leads to a position whose moves take too long to tell apart".into(),
                ));
            }
            let played = pos
                .play_full(*mv)
                .map_err(|e| Failure("internal", format!("a listed move was refused: {e}")))?;
            list.push(json!({ "move": mv, "position": played.position, "trace": played.trace }));
        }
        let blocked: BTreeMap<String, Value> = if pos.result().is_none() {
            pos.blocked_among(&moves)
                .into_iter()
                .map(|(pit, why)| (pit.to_string(), to_value(&why)))
                .collect()
        } else {
            BTreeMap::new()
        };
        out.insert("stage".into(), to_value(&pos.stage(pos.to_move())));
        out.insert("legal".into(), Value::Array(list));
        out.insert("blocked".into(), to_value(&blocked));
    }
    let searching = r.think_ms.is_some() || r.depth.is_some() || r.nodes.is_some();
    if searching && !moves.is_empty() {
        // `hard` at the budget asked for, as the server's analysis (one thread: a worker has one).
        let mut cfg = Level::Hard.config_for(pos.variant());
        cfg.max_depth = r.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        cfg.nodes = r.nodes;
        let mut opts = cfg.options(0);
        opts.limits.time = r.think_ms.map(Duration::from_millis);
        match r.lines {
            None | Some(0) => {
                // The opening book first, then the search: what bao_ai::think does for `hard` (the server's
                // analysis), but with the node and depth limits asked for.
                let found = match bao_ai::book::lookup(pos).filter(|_| cfg.book) {
                    Some(e) => bao_ai::SearchResult {
                        best: Some(e.mv),
                        score: e.score,
                        depth: e.depth,
                        nodes: 0,
                        elapsed: Duration::ZERO,
                    },
                    None => bao_ai::search::search(pos, &opts),
                };
                if let Some(mv) = found.best {
                    out.insert(
                        "best".into(),
                        json!({ "move": mv, "score": found.score, "depth": found.depth, "nodes": found.nodes }),
                    );
                }
            }
            Some(n) => {
                let lines = bao_ai::search::search_lines(pos, &opts, n.min(8) as usize);
                let lines: Vec<Value> = lines
                    .iter()
                    .filter_map(|l| {
                        Some(json!({ "move": l.moves.first()?, "score": l.score, "depth": l.depth, "line": l.moves }))
                    })
                    .collect();
                if let Some(first) = lines.first() {
                    out.insert(
                        "best".into(),
                        json!({ "move": first["move"], "score": first["score"], "depth": first["depth"] }),
                    );
                }
                out.insert("lines".into(), Value::Array(lines));
            }
        }
    }
    Ok(Value::Object(out))
}

/// `move`: the computer's choice at a level, and what it does.
fn computer_move(pos: &Position, r: &Request) -> Result<Value, Failure> {
    let name = r.level.as_deref().unwrap_or("medium");
    let level = Level::parse(name)
        .ok_or_else(|| Failure::bad_request(format!("unknown level {name:?}")))?;
    let within = r.think_ms.map(Duration::from_millis);
    let Some(mv) = bao_ai::choose_move_within(pos, level, r.seed.unwrap_or(0), None, within) else {
        return Ok(json!({ "move": null }));
    };
    let played = pos
        .play_full(mv)
        .map_err(|e| Failure("internal", format!("the computer's move was refused: {e}")))?;
    Ok(json!({ "move": mv, "position": played.position, "trace": played.trace }))
}

/// `play`: a move, or why it cannot be played.
fn play(pos: &Position, r: &Request) -> Result<Value, Failure> {
    let text =
        r.mv.as_deref()
            .ok_or_else(|| Failure::bad_request("move is missing"))?;
    let mv: Move = text
        .parse()
        .map_err(|e| Failure::bad_request(format!("{e}")))?;
    match pos.play_full(mv) {
        Ok(p) => Ok(json!({ "move": mv, "position": p.position, "trace": p.trace })),
        Err(e) => Err(Failure("illegal_move", e.to_string())),
    }
}
