//! The module checked in as web/engine/bao.wasm answers as the native crates do: a few hundred positions of
//! every variant (from seeded random games), each analysed natively (its legal moves, their traces, its blocked
//! pits and the best move at a fixed node count) and then by the module in Node (tests/wasm/parity.mjs), which
//! must give the same bytes. Together with `scripts/build-wasm.sh --check` (the module is what these sources
//! build) this says the browser plays by the same rules and searches the same way.

use std::path::PathBuf;
use std::process::Command;

use bao_ai::Rng;
use bao_core::{Position, Variant};

/// Positions per variant.
const PER_VARIANT: usize = 80;
/// The search's node budget: reproducible, and small enough to keep the test short.
const NODES: u64 = 3_000;

/// Seeded random games: every position met, up to `PER_VARIANT` per variant.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (k, v) in Variant::ALL.iter().enumerate() {
        let mut rng = Rng::new(0xBA0 + k as u64);
        let mut n = 0;
        'games: while n < PER_VARIANT {
            let mut pos = Position::new(*v);
            for _ in 0..60 {
                out.push(pos);
                n += 1;
                if n == PER_VARIANT {
                    break 'games;
                }
                let children = match pos.children_within(1_000_000) {
                    Some(c) if !c.is_empty() && pos.result().is_none() => c,
                    _ => continue 'games,
                };
                pos = children[rng.below(children.len() as u64) as usize].1;
            }
        }
    }
    out
}

#[test]
fn the_module_answers_as_the_native_crates() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut cases = Vec::new();
    for (i, pos) in positions().iter().enumerate() {
        let position = pos.to_json();
        let mut requests = vec![format!(
            r#"{{"op":"analyse","position":{position},"nodes":{NODES}}}"#
        )];
        if i % 10 == 0 {
            requests.push(format!(
                r#"{{"op":"perft","position":{position},"depth":3}}"#
            ));
            requests.push(format!(
                r#"{{"op":"search","position":{position},"nodes":{NODES},"lines":3}}"#
            ));
            requests.push(format!(
                r#"{{"op":"move","position":{position},"level":"medium","seed":{i}}}"#
            ));
        }
        for request in requests {
            let answer = bao_wasm::answer(&request);
            assert!(!answer.contains("\"error\""), "{request}: {answer}");
            cases.push(serde_json::json!({ "request": request, "answer": answer }));
        }
    }
    assert!(cases.len() >= 300, "{} cases", cases.len());
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wasm-parity.json");
    std::fs::write(&file, serde_json::to_string(&cases).unwrap()).unwrap();
    let run = Command::new("node")
        .arg(root.join("tests/wasm/parity.mjs"))
        .arg(&file)
        .arg(root.join("web/engine/bao.wasm"))
        .output()
        .expect("node (the README's requirements) runs tests/wasm/parity.mjs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.status.success(),
        "the module differs from the native crates:\n{said}"
    );
    assert!(
        said.contains(&format!("{} answers alike", cases.len())),
        "{said}"
    );
}
