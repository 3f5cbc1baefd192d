//! The position JSON of spec/position.md: exact shape, strict validation with errors that name the field.

use bao_core::{Position, Step, Variant};
use serde_json::{json, Value};

fn start_json(v: Variant) -> Value {
    serde_json::from_str(&Position::new(v).to_json()).expect("json")
}

fn err(v: &Value) -> String {
    Position::from_json(&v.to_string())
        .expect_err("must be refused")
        .to_string()
}

#[test]
fn shape_is_exactly_the_contract() {
    let j = start_json(Variant::Kiswahili);
    assert_eq!(
        j,
        json!({
            "variant": "kiswahili",
            "to_move": "south",
            "south": { "front": [0,0,0,0,6,2,2,0], "back": [0,0,0,0,0,0,0,0], "hand": 22, "house": true },
            "north": { "front": [0,0,0,0,6,2,2,0], "back": [0,0,0,0,0,0,0,0], "hand": 22, "house": true },
            "takasia": null,
            "result": null
        })
    );
}

#[test]
fn every_start_position_round_trips() {
    for v in Variant::ALL {
        let p = Position::new(v);
        assert_eq!(Position::from_json(&p.to_json()), Ok(p));
    }
}

#[test]
fn wrong_lengths_are_refused_naming_the_field() {
    let mut j = start_json(Variant::Kiswahili);
    j["north"]["back"] = json!([0, 0, 0]);
    let e = err(&j);
    assert!(e.contains("north.back") && e.contains("8"), "{e}");
}

#[test]
fn negative_counts_are_refused_naming_the_field() {
    let mut j = start_json(Variant::Kujifunza);
    j["south"]["front"][3] = json!(-1);
    let e = err(&j);
    assert!(
        e.contains("south.front[3]") && e.contains("negative"),
        "{e}"
    );
    let mut j = start_json(Variant::Kiswahili);
    j["north"]["hand"] = json!(-2);
    assert!(err(&j).contains("north.hand"));
}

#[test]
fn a_total_other_than_64_is_refused() {
    let mut j = start_json(Variant::Kujifunza);
    j["south"]["back"][0] = json!(3);
    assert!(err(&j).contains("65"));
}

#[test]
fn takasia_must_be_on_the_front_row_of_the_side_to_move() {
    let mut j = start_json(Variant::Kiswahili);
    j["south"]["hand"] = json!(0);
    j["north"]["hand"] = json!(0);
    j["south"]["back"] = json!([11, 11, 0, 0, 0, 0, 0, 0]);
    j["north"]["back"] = json!([11, 11, 0, 0, 0, 0, 0, 0]);
    j["takasia"] = json!("A6");
    assert!(Position::from_json(&j.to_string()).is_ok());
    for bad in ["a6", "B6", "A9", "x"] {
        j["takasia"] = json!(bad);
        assert!(err(&j).contains("takasia"), "{bad}");
    }
    let mut k = start_json(Variant::Kujifunza);
    k["takasia"] = json!("A2");
    assert!(err(&k).contains("takasia"));
}

#[test]
fn a_house_flag_in_a_variant_without_houses_is_refused() {
    for v in [Variant::Kujifunza, Variant::Kimasai] {
        let mut j = start_json(v);
        j["north"]["house"] = json!(true);
        assert!(err(&j).contains("north.house"));
    }
}

#[test]
fn unknown_variant_side_and_missing_fields_are_named() {
    let mut j = start_json(Variant::Kujifunza);
    j["variant"] = json!("bao-la-chess");
    let e = err(&j);
    assert!(e.contains("variant") && e.contains("bao-la-chess"), "{e}");
    let mut j = start_json(Variant::Kujifunza);
    j["to_move"] = json!("east");
    assert!(err(&j).contains("to_move"));
    let mut j = start_json(Variant::Kujifunza);
    j["south"].as_object_mut().expect("obj").remove("front");
    assert!(err(&j).contains("front"));
    assert!(Position::from_json("").is_err());
    assert!(Position::from_json("[]").is_err());
}

#[test]
fn unknown_fields_are_ignored() {
    let mut j = start_json(Variant::Kimasai);
    j["comment"] = json!("from a test");
    j["south"]["colour"] = json!("red");
    assert_eq!(
        Position::from_json(&j.to_string()),
        Ok(Position::new(Variant::Kimasai))
    );
}

#[test]
fn a_position_with_a_result_has_no_moves() {
    let mut j = start_json(Variant::Kujifunza);
    j["result"] = json!({"winner": "north", "reason": "no_legal_move"});
    let p = Position::from_json(&j.to_string()).expect("valid");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        serde_json::to_value(p).expect("json")["result"],
        j["result"]
    );
    j["result"] = json!({"winner": "north", "reason": "tired"});
    assert!(err(&j).contains("result"));
}

#[test]
fn trace_steps_serialize_with_their_names() {
    let p = Position::new(Variant::Kiswahili);
    let (_, trace) = p.play("A6L".parse().expect("move")).expect("legal");
    let j = serde_json::to_value(&trace).expect("json");
    assert_eq!(j[0], json!({"step": "hand", "pit": "A6"}));
    assert_eq!(j[1], json!({"step": "lift", "pit": "A6", "count": 3}));
    assert_eq!(j[2], json!({"step": "sow", "pit": "A5"}));
    let back: Vec<Step> = serde_json::from_value(j).expect("reads back");
    assert_eq!(back, trace);
}
