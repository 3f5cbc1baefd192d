//! The `bao` command as spec/position.md specifies it, driven as a process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::Value;

fn bao() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bao"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bao().args(args).output().expect("bao runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn start_prints_the_initial_position_as_one_json_line() {
    for v in ["kujifunza", "kiswahili", "kiswahili-malawi", "kimasai"] {
        let (code, out, _) = run(&["start", v]);
        assert_eq!(code, 0);
        assert_eq!(out.lines().count(), 1);
        let j: Value = serde_json::from_str(&out).expect("json");
        assert_eq!(j["variant"], v);
        assert_eq!(j["to_move"], "south");
        assert_eq!(j["result"], Value::Null);
        assert_eq!(j["takasia"], Value::Null);
    }
    let (_, out, _) = run(&["start", "kiswahili"]);
    assert!(out.starts_with(
        r#"{"variant":"kiswahili","to_move":"south","south":{"front":[0,0,0,0,6,2,2,0],"back":[0,0,0,0,0,0,0,0],"hand":22,"house":true}"#
    ));
    let (code, _, err) = run(&["start", "chess"]);
    assert_ne!(code, 0);
    assert!(err.contains("chess"));
}

#[test]
fn moves_answers_each_line_before_reading_the_next() {
    let mut child = bao()
        .arg("moves")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let (_, start, _) = run(&["start", "kiswahili"]);
    let mut ask = |line: &str| -> Value {
        writeln!(stdin, "{line}").expect("write");
        stdin.flush().expect("flush");
        let mut answer = String::new();
        stdout.read_line(&mut answer).expect("read");
        serde_json::from_str(&answer).expect("one JSON line")
    };
    let a = ask(start.trim());
    let mut names: Vec<&str> = a["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().expect("move"))
        .collect();
    names.sort();
    assert_eq!(names, ["A6L", "A6R", "A7L", "A7R"]);
    let a6l = a["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["move"] == "A6L")
        .expect("A6L");
    assert_eq!(
        a6l["position"]["south"]["front"],
        serde_json::json!([0, 0, 1, 1, 7, 0, 2, 0])
    );
    assert_eq!(a6l["position"]["to_move"], "north");
    // The pits that cannot start a move, with their reasons.
    assert_eq!(a["blocked"]["A5"], "nyumba");
    assert_eq!(a["blocked"]["A1"], "empty");
    assert_eq!(a["blocked"]["B4"], "front_row_first");
    assert_eq!(a["blocked"].as_object().expect("blocked").len(), 14);
    // A line it cannot read gets an error, and the next line is answered as usual.
    let e = ask("{not json");
    assert!(e["error"].is_string());
    let e = ask(&start.trim().replace("[0,0,0,0,6,2,2,0]", "[0,0,0,0,6,2,2]"));
    assert!(
        e["error"].as_str().expect("error").contains("south.front"),
        "{e}"
    );
    let e = ask(&start.trim().replace("\"hand\":22", "\"hand\":23"));
    assert!(e["error"].as_str().expect("error").contains("64"), "{e}");
    // A finished position has no moves.
    let (_, done, _) = run(&["play", "kujifunza", "A3R"]);
    let d = ask(done.trim());
    assert!(d["moves"].is_array());
    let finished = done.trim().replace(
        "\"result\":null",
        "\"result\":{\"winner\":\"south\",\"reason\":\"front_row_empty\"}",
    );
    assert_eq!(ask(&finished), serde_json::json!({"moves": []}));
    drop(stdin);
    assert!(child.wait().expect("exit").success());
}

#[test]
fn play_prints_the_final_position_and_refuses_illegal_moves() {
    let (code, out, _) = run(&["play", "kiswahili", "A6L"]);
    assert_eq!(code, 0);
    let j: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(
        j["south"]["front"],
        serde_json::json!([0, 0, 1, 1, 7, 0, 2, 0])
    );
    assert_eq!(j["to_move"], "north");
    let (code, out, err) = run(&["play", "kiswahili", "A6L", "a5Q"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("move 2") && err.contains("a5Q"), "{err}");
    let (code, _, err) = run(&["play", "kiswahili", "A6L", "a7L"]);
    assert_eq!(code, 1);
    assert!(err.contains("move 2") && err.contains("a7L"), "{err}");
    assert!(
        err.contains("(capture_required)"),
        "the reason is named: {err}"
    );
    for legal in ["a5L", "a5R", "a6L", "a6R"] {
        assert!(err.contains(legal), "{err}");
    }
}

#[test]
fn perft_prints_every_depth_then_the_speed() {
    let (code, out, _) = run(&["perft", "kiswahili", "4"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[..4],
        ["depth 1: 4", "depth 2: 14", "depth 3: 38", "depth 4: 124"]
    );
    assert!(lines[4].contains("nodes per second"));
}

/// The puzzle files are what `bao puzzles` makes: the command in a file's header, run again, prints the file
/// byte for byte. On every run, the first 100 puzzles of Kujifunza's (its command with `--count 100`: mining is
/// in order, so they are the file's first 100 lines); all four files whole with `BAO_MINE_ALL=1` (minutes).
#[test]
fn puzzles_remakes_the_puzzle_files() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles");
    let every = std::env::var_os("BAO_MINE_ALL").is_some();
    let variants: &[&str] = if every {
        &["kujifunza", "kiswahili", "kiswahili-malawi", "kimasai"]
    } else {
        &["kujifunza"]
    };
    for variant in variants {
        let file = std::fs::read_to_string(format!("{root}/{variant}.json")).unwrap();
        let header: Value = serde_json::from_str(&file).unwrap();
        let command = header["command"].as_str().unwrap();
        let mut args: Vec<String> = command
            .strip_prefix("bao ")
            .unwrap()
            .split(' ')
            .map(str::to_owned)
            .collect();
        if !every {
            let at = args.iter().position(|a| a == "--count").unwrap();
            args[at + 1] = "100".into();
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{command}: {err}");
        if every {
            assert!(out == file, "{variant}: `{command}` prints another file");
        } else {
            // The puzzles' lines, without the comma that joins them.
            let lines = |text: &str| -> Vec<String> {
                text.lines()
                    .skip(1)
                    .take(100)
                    .map(|l| l.trim_end_matches(',').to_owned())
                    .collect()
            };
            assert_eq!(
                lines(&out),
                lines(&file),
                "{variant}: the first 100 puzzles"
            );
        }
    }
}

/// `bao prove kujifunza --check` (spec/position.md, third wave): the proof compiled into bao-ai, written out with
/// `--builtin`, checks; the same file without one of its lines, or with a South move changed, does not, and the
/// error names the position.
#[test]
fn prove_check_accepts_the_builtin_proof_and_refuses_a_broken_one() {
    let dir = std::env::temp_dir().join(format!("bao-prove-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("proof.jsonl");
    let path = file.to_str().expect("a UTF-8 path");
    let (code, _, err) = run(&["prove", "kujifunza", "--builtin", "--out", path]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["prove", "kujifunza", "--check", path]);
    assert_eq!(code, 0, "the shipped proof checks: {err}");

    let text = std::fs::read_to_string(&file).expect("the proof file");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 2, "a proof of several positions");
    // Without its last line: a position of North's replies leads where the proof says nothing.
    let short = dir.join("short.jsonl");
    std::fs::write(&short, lines[..lines.len() - 1].join("\n")).expect("written");
    let (code, _, err) = run(&["prove", "kujifunza", "--check", short.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("\"variant\":\"kujifunza\""),
        "names the position: {err}"
    );

    // The first line's move changed to another legal move of South's: no longer a proof.
    let first: Value = serde_json::from_str(lines[0]).expect("a JSON line");
    let start = bao_core::Position::from_json(&first["position"].to_string()).expect("a position");
    let given = first["move"].as_str().unwrap_or_default();
    let other = start
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .find(|m| m != given);
    if let Some(other) = other {
        let mut changed = first.clone();
        changed["move"] = Value::String(other);
        let mut all = vec![changed.to_string()];
        all.extend(lines[1..].iter().map(|l| (*l).to_owned()));
        let bad = dir.join("bad.jsonl");
        std::fs::write(&bad, all.join("\n")).expect("written");
        let (code, _, err) = run(&["prove", "kujifunza", "--check", bad.to_str().unwrap()]);
        assert_eq!(code, 1, "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
