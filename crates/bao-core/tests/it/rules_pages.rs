//! The rules pages' diagrams and numbers (`web/rules-data.js`), checked against the engine.
//!
//! The web pages draw every board from that file and fill every number of their texts and captions from it,
//! so what they teach is what this test proves here:
//! - `facts`: per variant, the numbers the texts quote (seeds per pit, in the nyumba, in hand, ...), computed
//!   from [`Position::new`];
//! - `ring`: the order of a player's sixteen pits, and which way `L` and `R` set off from each row;
//! - `figures`: every board. A figure with a `line` is the position reached by playing those moves from the
//!   start of its variant (so it is a legal position with 64 seeds); a figure with `from` and `move` is the
//!   position after that move, with the move's `trace` exactly as the engine gives it. A figure's `facts` are
//!   the numbers its caption quotes (a pit's seeds, the seeds lifted, captured, relayed), computed here.
//!
//! `BAO_BLESS=1 cargo test -p bao-core --test rules_pages` rewrites the computed parts of the file (positions,
//! traces, fact values) from the engine after a figure's `line` or `move` was edited; review the diff.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use bao_core::{Move, Pit, Position, Side, Step, Variant};
use serde_json::{Map, Value};

const VARIANTS: [&str; 4] = ["kujifunza", "kiswahili", "kiswahili-malawi", "kimasai"];

fn data_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/rules-data.js")
}

fn load() -> (String, Value) {
    let text = std::fs::read_to_string(data_path()).expect("read web/rules-data.js");
    let (head, json) = common::split_web_data(&text, "rules-data.js");
    let value =
        serde_json::from_str(json).expect("web/rules-data.js: the object is not valid JSON");
    (head.to_owned(), value)
}

fn to_value<T: serde::Serialize>(x: &T) -> Value {
    serde_json::to_value(x).expect("serialisable")
}

fn parse_move(s: &str) -> Result<Move, String> {
    s.parse().map_err(|e| format!("move {s:?}: {e}"))
}

/// A number the texts of a variant quote, from its start position.
fn variant_fact(variant: Variant, name: &str) -> Result<u64, String> {
    let p = Position::new(variant);
    let s = p.to_setup().south;
    let n = |name: &str| p.count(name.parse::<Pit>().expect("pit name")) as u64;
    let board: u64 = s.front.iter().chain(&s.back).map(|&c| u64::from(c)).sum();
    match name {
        // The same number in every pit (Kujifunza), or in every front pit with empty back rows (Kimasai).
        "perPit" => {
            let rows: Vec<u8> = if s.back.iter().all(|&c| c == 0) {
                s.front.to_vec()
            } else {
                s.front.iter().chain(&s.back).copied().collect()
            };
            if rows.iter().all(|&c| c == rows[0]) && rows[0] > 0 {
                Ok(u64::from(rows[0]))
            } else {
                Err(format!("{variant} has no single number of seeds per pit"))
            }
        }
        "nyumba" if variant.has_house() => Ok(n("A5")),
        // The two pits right of the nyumba, which start alike.
        "beside" if variant.has_house() => {
            if n("A6") == n("A7") {
                Ok(n("A6"))
            } else {
                Err("A6 and A7 differ".into())
            }
        }
        "hand" => Ok(u64::from(p.hand(Side::South))),
        "onBoard" => Ok(board),
        "total" => Ok(board * 2 + u64::from(p.hand(Side::South)) * 2),
        _ => Err(format!("{variant} has no fact {name:?}")),
    }
}

/// A number a figure's caption quotes. `pit` names (`A5`) and `hand.south`/`hand.north` read the figure's
/// position; the others read the move that led to it.
fn figure_fact(name: &str, pos: &Position, trace: Option<&[Step]>) -> Result<u64, String> {
    if let Ok(pit) = name.parse::<Pit>() {
        return Ok(u64::from(pos.count(pit)));
    }
    match name {
        "hand.south" => return Ok(u64::from(pos.hand(Side::South))),
        "hand.north" => return Ok(u64::from(pos.hand(Side::North))),
        _ => {}
    }
    let trace = trace.ok_or_else(|| format!("fact {name:?} needs a move"))?;
    // The count of the k-th step of a kind ("capture2": the second capture), k = 1 when the name has no number.
    let nth = |kind: &str, pick: &dyn Fn(&Step) -> Option<u8>| -> Result<u64, String> {
        let k: usize = match &name[kind.len()..] {
            "" => 1,
            n => n.parse().map_err(|_| format!("unknown fact {name:?}"))?,
        };
        trace
            .iter()
            .filter_map(pick)
            .nth(k.wrapping_sub(1))
            .map(u64::from)
            .ok_or_else(|| format!("the move has no {name}"))
    };
    let count = |pred: &dyn Fn(&Step) -> bool| trace.iter().filter(|s| pred(s)).count() as u64;
    match name {
        "lift" => nth("lift", &|s| match s {
            Step::Lift { count, .. } => Some(*count),
            _ => None,
        }),
        "safari" => nth("safari", &|s| match s {
            Step::Safari { count, .. } => Some(*count),
            _ => None,
        }),
        "laps" => Ok(count(&|s| {
            matches!(
                s,
                Step::Lift { .. } | Step::Relay { .. } | Step::Capture { .. } | Step::Safari { .. }
            )
        })),
        "sown" => Ok(count(&|s| matches!(s, Step::Sow { .. }))),
        _ if name.starts_with("capture") => nth("capture", &|s| match s {
            Step::Capture { count, .. } => Some(*count),
            _ => None,
        }),
        _ if name.starts_with("relay") => nth("relay", &|s| match s {
            Step::Relay { count, .. } => Some(*count),
            _ => None,
        }),
        _ => Err(format!("unknown fact {name:?}")),
    }
}

/// Checks (or, blessing, rewrites) one figure; returns its position for the figures that start from it.
fn check_figure(
    id: &str,
    fig: &mut Map<String, Value>,
    done: &std::collections::HashMap<String, Position>,
    bless: bool,
    errors: &mut Vec<String>,
) -> Option<Position> {
    let mut err = |m: String| errors.push(format!("figure {id}: {m}"));
    let (pos, trace) = if let Some(line) = fig.get("line") {
        // A position reached from the start.
        let variant: Variant = match fig.get("variant").and_then(Value::as_str).map(str::parse) {
            Some(Ok(v)) => v,
            _ => {
                err("`variant` missing or unknown".into());
                return None;
            }
        };
        let mut p = Position::new(variant);
        for (i, m) in line.as_array().into_iter().flatten().enumerate() {
            let m = m.as_str().unwrap_or_default();
            match parse_move(m).and_then(|mv| p.play(mv).map_err(|e| e.to_string())) {
                Ok((q, _)) => p = q,
                Err(e) => {
                    err(format!("line move {} ({m}): {e}", i + 1));
                    return None;
                }
            }
        }
        if p.result().is_some() {
            err("the line ends the game; a figure to play from needs a game in progress".into());
        }
        (p, None)
    } else {
        // The position after a move from an earlier figure.
        let from = fig.get("from").and_then(Value::as_str).unwrap_or_default();
        let Some(before) = done.get(from) else {
            err(format!("`from` {from:?} is not an earlier figure"));
            return None;
        };
        let m = fig.get("move").and_then(Value::as_str).unwrap_or_default();
        let played = parse_move(m).and_then(|mv| before.play(mv).map_err(|e| e.to_string()));
        let (after, trace) = match played {
            Ok(x) => x,
            Err(e) => {
                err(format!("move {m}: {e}"));
                return None;
            }
        };
        let want = Value::Array(trace.iter().map(to_value).collect());
        if bless {
            fig.insert("trace".into(), want);
        } else if fig.get("trace") != Some(&want) {
            err(format!(
                "the trace of {m} differs from the engine's:\n  file:   {}\n  engine: {want}",
                fig.get("trace").map(Value::to_string).unwrap_or_default()
            ));
        }
        (after, Some(trace))
    };
    let want = to_value(&pos);
    if bless {
        fig.insert("position".into(), want.clone());
    } else if fig.get("position") != Some(&want) {
        err(format!(
            "the position differs from the engine's:\n  file:   {}\n  engine: {want}",
            fig.get("position")
                .map(Value::to_string)
                .unwrap_or_default()
        ));
    }
    // Read back as a position: 64 seeds, valid fields (the engine validates what it reads).
    match fig.get("position").map(Value::to_string) {
        Some(text) => match Position::from_json(&text) {
            Ok(read) if read == pos => {}
            Ok(_) => err("the position reads back differently".into()),
            Err(e) => err(format!("the position is not valid: {e}")),
        },
        None => err("no `position`".into()),
    }
    for p in fig
        .get("show")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if p.as_str().and_then(|s| s.parse::<Pit>().ok()).is_none() {
            err(format!("`show` holds {p}, not a pit"));
        }
    }
    if let Some(Value::Object(facts)) = fig.get_mut("facts") {
        for (name, value) in facts.iter_mut() {
            match figure_fact(name, &pos, trace.as_deref()) {
                Ok(n) if bless => *value = Value::from(n),
                Ok(n) if value.as_u64() == Some(n) => {}
                Ok(n) => err(format!(
                    "fact {name} is {value} in the file, {n} by the engine"
                )),
                Err(e) => err(e),
            }
        }
    }
    Some(pos)
}

fn check(data: &mut Value, bless: bool) -> Vec<String> {
    let mut errors = Vec::new();

    let facts = data.get_mut("facts").and_then(Value::as_object_mut);
    match facts {
        None => errors.push("no `facts`".into()),
        Some(facts) => {
            for v in VARIANTS {
                if !facts.contains_key(v) {
                    errors.push(format!("facts: {v} missing"));
                }
            }
            for (v, list) in facts.iter_mut() {
                let variant: Variant = match v.parse() {
                    Ok(x) => x,
                    Err(_) => {
                        errors.push(format!("facts: unknown variant {v}"));
                        continue;
                    }
                };
                for (name, value) in list.as_object_mut().into_iter().flatten() {
                    match variant_fact(variant, name) {
                        Ok(n) if bless => *value = Value::from(n),
                        Ok(n) if value.as_u64() == Some(n) => {}
                        Ok(n) => {
                            errors.push(format!("facts.{v}.{name} is {value}, the engine says {n}"))
                        }
                        Err(e) => errors.push(format!("facts.{v}: {e}")),
                    }
                }
            }
        }
    }

    // The ring: clockwise order of South's sixteen pits, and which way each letter sets off from each row.
    let ring = &data["ring"];
    let order: Vec<&str> = ring["clockwise"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    if order.len() != 16 {
        errors.push(format!("ring.clockwise lists {} pits, not 16", order.len()));
    }
    for (i, name) in order.iter().enumerate() {
        match name.parse::<Pit>() {
            Ok(p) if p.side() == Side::South && p.ring() as usize == i => {}
            _ => errors.push(format!(
                "ring.clockwise[{i}] is {name}, not the {i}th pit of the ring"
            )),
        }
    }
    for ex in ring["examples"].as_array().into_iter().flatten() {
        let m = ex["move"].as_str().unwrap_or_default();
        let variant: Variant = ex["variant"]
            .as_str()
            .unwrap_or_default()
            .parse()
            .unwrap_or(Variant::Kujifunza);
        let first: Vec<&str> = ex["first"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        match parse_move(m)
            .and_then(|mv| Position::new(variant).play(mv).map_err(|e| e.to_string()))
        {
            Ok((_, trace)) => {
                let sown: Vec<String> = trace
                    .iter()
                    .filter_map(|s| match s {
                        Step::Sow { pit } => Some(pit.to_string()),
                        _ => None,
                    })
                    .take(first.len())
                    .collect();
                if sown != first {
                    errors.push(format!(
                        "ring example {m}: sows into {sown:?}, not {first:?}"
                    ));
                }
                // The arrow the pages draw for this move: clockwise is the order above.
                let clockwise = ex["clockwise"].as_bool().unwrap_or_default();
                let (a, b) = (
                    order.iter().position(|p| *p == first[0]),
                    order.iter().position(|p| *p == first[1]),
                );
                if let (Some(a), Some(b)) = (a, b) {
                    if ((a + 1) % 16 == b) != clockwise {
                        errors.push(format!("ring example {m}: `clockwise` is {clockwise}, the sowing says otherwise"));
                    }
                }
            }
            Err(e) => errors.push(format!("ring example {m}: {e}")),
        }
    }

    let mut done = std::collections::HashMap::new();
    let mut variants_seen = BTreeSet::new();
    match data.get_mut("figures").and_then(Value::as_object_mut) {
        None => errors.push("no `figures`".into()),
        Some(figures) => {
            for (id, fig) in figures.iter_mut() {
                let Some(fig) = fig.as_object_mut() else {
                    errors.push(format!("figure {id} is not an object"));
                    continue;
                };
                if let Some(pos) = check_figure(id, fig, &done, bless, &mut errors) {
                    variants_seen.insert(pos.variant().to_string());
                    done.insert(id.clone(), pos);
                }
            }
        }
    }
    for v in VARIANTS {
        if !variants_seen.contains(v) {
            errors.push(format!("no figure of {v}"));
        }
    }
    errors
}

/// Writes the data back: objects to the third level one key a line, traces and ring examples one item a line,
/// the rest compact.
fn format(v: &Value, depth: usize, key: &str, out: &mut String) {
    let pad = "  ".repeat(depth + 1);
    match v {
        Value::Object(m) if depth < 3 && !m.is_empty() && key != "position" => {
            out.push_str("{\n");
            for (i, (k, x)) in m.iter().enumerate() {
                out.push_str(&format!("{pad}{}: ", Value::from(k.as_str())));
                format(x, depth + 1, k, out);
                out.push_str(if i + 1 < m.len() { ",\n" } else { "\n" });
            }
            out.push_str(&"  ".repeat(depth));
            out.push('}');
        }
        Value::Array(a) if (key == "trace" || key == "examples") && !a.is_empty() => {
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                out.push_str(&format!("{pad}{x}"));
                out.push_str(if i + 1 < a.len() { ",\n" } else { "\n" });
            }
            out.push_str(&"  ".repeat(depth));
            out.push(']');
        }
        _ => out.push_str(&v.to_string()),
    }
}

#[test]
fn rules_pages_diagrams_and_numbers_agree_with_the_engine() {
    let (head, mut data) = load();
    let bless = std::env::var_os("BAO_BLESS").is_some_and(|v| v == "1");
    let errors = check(&mut data, bless);
    if bless {
        let mut out = head;
        format(&data, 0, "", &mut out);
        out.push_str(";\n");
        std::fs::write(data_path(), out).expect("write web/rules-data.js");
        let (_, mut again) = load();
        let left = check(&mut again, false);
        assert!(left.is_empty(), "after blessing:\n{}", left.join("\n"));
    } else {
        assert!(
            errors.is_empty(),
            "web/rules-data.js disagrees with the engine ({} problems; `BAO_BLESS=1` rewrites what the \
             engine computes):\n{}",
            errors.len(),
            errors.join("\n")
        );
    }
}

#[test]
fn a_broken_figure_is_caught() {
    // The check itself must fail on wrong data: a seed moved, a trace step changed, a fact off by one.
    if std::env::var_os("BAO_BLESS").is_some() {
        return; // the other test is rewriting the file
    }
    let (_, data) = load();
    let first_move = data["figures"]
        .as_object()
        .and_then(|f| f.iter().find(|(_, x)| x.get("move").is_some()))
        .map(|(id, _)| id.clone())
        .expect("a figure with a move");
    let first_line = data["figures"]
        .as_object()
        .and_then(|f| f.iter().find(|(_, x)| x.get("line").is_some()))
        .map(|(id, _)| id.clone())
        .expect("a figure with a line");

    let mut d = data.clone();
    let front = &mut d["figures"][&first_line]["position"]["south"]["front"];
    let a1 = front[0].as_u64().unwrap();
    front[0] = Value::from(a1 + 1);
    assert!(
        !check(&mut d, false).is_empty(),
        "an extra seed went unnoticed"
    );

    let mut d = data.clone();
    d["figures"][&first_move]["trace"]
        .as_array_mut()
        .unwrap()
        .pop();
    assert!(
        !check(&mut d, false).is_empty(),
        "a missing trace step went unnoticed"
    );

    let mut d = data.clone();
    d["figures"][&first_move]["facts"]["lift"] = Value::from(99);
    assert!(
        !check(&mut d, false).is_empty(),
        "a wrong fact went unnoticed"
    );

    let mut d = data.clone();
    d["facts"]["kiswahili"]["hand"] = Value::from(21);
    assert!(
        !check(&mut d, false).is_empty(),
        "a wrong start fact went unnoticed"
    );

    let mut d = data;
    d["ring"]["clockwise"].as_array_mut().unwrap().swap(7, 8);
    assert!(
        !check(&mut d, false).is_empty(),
        "a wrong ring went unnoticed"
    );
}
