//! The lessons of `/learn` (`web/lessons-data.js`), checked against the engine.
//!
//! Each lesson step is a position, a `goal` (what its task asks for, as data) and `expect` (the moves that solve
//! it, which the page marks as done). This test proves, for every step of every variant, that the position is
//! valid, that it is the learner's (South's) move and the game is on, and that `expect` is exactly the set of
//! legal moves that reach the goal: every expected move is legal and does what the step says, and no other
//! legal move does. The goal keys are described at the top of the data file.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use bao_core::{Position, Side, Step, Variant};
use serde_json::{Map, Value};

fn data_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/lessons-data.js")
}

fn load() -> Value {
    let text = std::fs::read_to_string(data_path()).expect("read web/lessons-data.js");
    let (_, json) = common::split_web_data(&text, "lessons-data.js");
    serde_json::from_str(json).expect("web/lessons-data.js: the object is not valid JSON")
}

/// What the goal keys need to know of one legal move beyond its trace and the position after it.
struct Context {
    /// The most seeds any legal move of the step's position captures (for `most_takes`).
    most_taken: u64,
    /// The opponent can capture after this move (for `safe`); `None` when the move ends the game.
    opponent_captures: Option<bool>,
}

/// The seeds a move captures, all its captures together.
fn taken(trace: &[Value]) -> u64 {
    trace
        .iter()
        .filter(|s| s["step"] == "capture")
        .filter_map(|s| s["count"].as_u64())
        .sum()
}

/// Whether the move with `trace`, leading to `after`, reaches every key of `goal`; an unknown key is an error.
fn reaches(
    goal: &Map<String, Value>,
    mover: &str,
    trace: &[Value],
    after: &Value,
    context: &Context,
) -> Result<bool, String> {
    let steps = |kind: &'static str| trace.iter().filter(move |s| s["step"] == kind);
    let sown: Vec<&Value> = steps("sow").map(|s| &s["pit"]).collect();
    let first_capture = steps("capture").next();
    for (key, want) in goal {
        let holds = match key.as_str() {
            "ends_in" => sown.last() == Some(&want),
            "sows" => sown.contains(&want),
            "relays" => want.as_u64() == Some(steps("relay").count() as u64),
            "capture" => first_capture.is_some_and(|c| &c["pit"] == want),
            "into" => first_capture.is_some_and(|c| &c["into"] == want),
            "safari" => Some(steps("safari").next().is_some()) == want.as_bool(),
            "takasia" => &after["takasia"] == want,
            "wins" => Some(after["result"]["winner"] == mover) == want.as_bool(),
            "captures" => want.as_u64() == Some(steps("capture").count() as u64),
            "most_takes" => {
                let most = taken(trace) > 0 && taken(trace) == context.most_taken;
                Some(most) == want.as_bool()
            }
            "stops" => Some(steps("nyumba_stop").next().is_some()) == want.as_bool(),
            "tax" => {
                let taxed = steps("lift").any(|s| s["tax"] == true);
                Some(taxed) == want.as_bool()
            }
            "takasia_stop" => Some(steps("takasia_stop").next().is_some()) == want.as_bool(),
            "safe" => Some(context.opponent_captures != Some(true)) == want.as_bool(),
            _ => return Err(format!("unknown goal key {key:?}")),
        };
        if !holds {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The problems of one step ('' when none).
fn check_step(variant: &str, step: &Value) -> Vec<String> {
    let id = step["id"].as_str().unwrap_or("?");
    let at = |msg: String| format!("{variant}/{id}: {msg}");
    let mut problems = Vec::new();
    let pos = match Position::from_json(&step["position"].to_string()) {
        Ok(p) => p,
        Err(e) => return vec![at(format!("invalid position: {e}"))],
    };
    if pos.variant().name() != variant {
        problems.push(at(format!(
            "a {} position in the {variant} lessons",
            pos.variant()
        )));
    }
    if pos.to_move() != Side::South || pos.result().is_some() {
        problems.push(at("the learner plays South in a game that is on".into()));
    }
    let Some(goal) = step["goal"].as_object().filter(|g| !g.is_empty()) else {
        return vec![at("no goal".into())];
    };
    let expect: BTreeSet<String> = step["expect"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let mut reaching = BTreeSet::new();
    let moves: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let played = pos.play_full(mv).expect("a legal move plays");
            let trace: Vec<Value> = played
                .trace
                .iter()
                .map(|s| serde_json::to_value(s).expect("serialisable"))
                .collect();
            (mv, trace, played.position)
        })
        .collect();
    let most_taken = moves.iter().map(|(_, t, _)| taken(t)).max().unwrap_or(0);
    for (mv, trace, next) in &moves {
        let after: Value = serde_json::from_str(&next.to_json()).expect("position JSON");
        let context = Context {
            most_taken,
            opponent_captures: (goal.contains_key("safe") && next.result().is_none()).then(|| {
                next.legal_moves().into_iter().any(|reply| {
                    let answer = next.play_full(reply).expect("a legal move plays");
                    answer
                        .trace
                        .iter()
                        .any(|s| matches!(s, Step::Capture { .. }))
                })
            }),
        };
        match reaches(goal, "south", trace, &after, &context) {
            Ok(true) => {
                reaching.insert(mv.to_string());
            }
            Ok(false) => {}
            Err(e) => return vec![at(e)],
        }
    }
    if expect.is_empty() {
        problems.push(at("no expected move".into()));
    }
    if expect != reaching {
        problems.push(at(format!(
            "expect {expect:?}, but the legal moves that reach the goal {goal:?} are {reaching:?}"
        )));
    }
    problems
}

#[test]
fn every_lesson_step_is_solved_exactly_by_its_expected_moves() {
    let data = load();
    let lessons = data.as_object().expect("an object of variants");
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        let steps = lessons
            .get(variant.name())
            .and_then(Value::as_array)
            .unwrap_or_else(|| panic!("no lessons for {variant}"));
        assert!(!steps.is_empty(), "no lesson steps for {variant}");
        let mut ids = BTreeSet::new();
        for step in steps {
            if !ids.insert(step["id"].as_str().unwrap_or("?")) {
                problems.push(format!("{variant}: step id {} twice", step["id"]));
            }
            problems.extend(check_step(variant.name(), step));
        }
    }
    for name in lessons.keys() {
        if name.parse::<Variant>().is_err() {
            problems.push(format!("lessons for an unknown variant {name:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checker itself can fail: a goal that a wrong move reaches, or a move that is not legal, is caught.
#[test]
fn a_wrong_expectation_is_caught() {
    let data = load();
    let mut step = data["kujifunza"][0].clone();
    step["expect"] = serde_json::json!(["A3L"]);
    assert!(
        !check_step("kujifunza", &step).is_empty(),
        "a move that misses the goal"
    );
    step["expect"] = serde_json::json!(["A3R", "A4R"]);
    assert!(
        !check_step("kujifunza", &step).is_empty(),
        "a move that is not legal"
    );
    step["goal"] = serde_json::json!({"lands": "A6"});
    assert!(
        !check_step("kujifunza", &step).is_empty(),
        "an unknown goal key"
    );
    let mut other = data["kiswahili"][0].clone();
    other["position"]["south"]["hand"] = serde_json::json!(11);
    assert!(!check_step("kiswahili", &other).is_empty(), "65 seeds");
}

/// The problems of one variant's lesson grouping: every step belongs to a lesson, a lesson's steps are
/// together, and each lesson ends in its one "test yourself" step.
fn check_lessons(variant: &str, steps: &[Value]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, step) in steps.iter().enumerate() {
        let id = step["id"].as_str().unwrap_or("?");
        let Some(lesson) = step["lesson"].as_str() else {
            problems.push(format!("{variant}/{id}: no lesson"));
            continue;
        };
        let last = steps
            .get(i + 1)
            .is_none_or(|next| next["lesson"].as_str() != Some(lesson));
        let first = i == 0 || steps[i - 1]["lesson"].as_str() != Some(lesson);
        if first && !seen.insert(lesson) {
            problems.push(format!("{variant}: the steps of lesson {lesson} are apart"));
        }
        let test = step["test"] == true;
        if test != last {
            problems.push(format!(
                "{variant}/{id}: a lesson ends in its test step, and only there"
            ));
        }
    }
    problems
}

#[test]
fn every_lesson_ends_in_a_test_step_and_there_are_sixty_steps() {
    let data = load();
    let mut problems = Vec::new();
    let mut total = 0;
    for variant in Variant::ALL {
        let steps = data[variant.name()].as_array().cloned().unwrap_or_default();
        total += steps.len();
        problems.extend(check_lessons(variant.name(), &steps));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(total >= 60, "{total} lesson steps, fewer than 60");
    // The check can fail: a lesson without its test step.
    let mut broken = data["kujifunza"].as_array().cloned().unwrap_or_default();
    let test = broken
        .iter()
        .position(|s| s["test"] == true)
        .expect("a test step");
    broken[test]["test"] = Value::Bool(false);
    assert!(!check_lessons("kujifunza", &broken).is_empty());
}

/// The new goal keys can fail too: the capture that takes the most, and the move that leaves nothing to capture.
#[test]
fn the_strategy_goals_are_checked() {
    let data = load();
    for (variant, id) in [("kujifunza", "must"), ("kujifunza", "safe")] {
        let mut step = data[variant]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["id"] == id))
            .cloned()
            .unwrap_or_else(|| panic!("{variant}/{id}"));
        assert!(check_step(variant, &step).is_empty(), "{variant}/{id}");
        let pos = Position::from_json(&step["position"].to_string()).expect("valid");
        let other = pos
            .legal_moves()
            .into_iter()
            .map(|m| m.to_string())
            .find(|m| {
                !step["expect"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|x| x == m))
            })
            .expect("a move that misses the goal");
        step["expect"] = serde_json::json!([other]);
        assert!(
            !check_step(variant, &step).is_empty(),
            "{variant}/{id}: {other}"
        );
    }
}
