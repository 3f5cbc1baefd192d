//! The test positions of rules.md section 10, which the engine must reproduce exactly.

use crate::common;
use common::*;

use bao_core::{Position, Variant};

#[test]
fn kiswahili_start_has_exactly_four_moves() {
    let p = Position::new(Variant::Kiswahili);
    assert_eq!(sorted_moves(&p), ["A6L", "A6R", "A7L", "A7R"]);
}

#[test]
fn kiswahili_start_a6l_and_a7r() {
    let p = Position::new(Variant::Kiswahili);
    let a = play(&p, "A6L");
    assert_eq!(a.to_setup().south.front, [0, 0, 1, 1, 7, 0, 2, 0]);
    let b = play(&p, "A7R");
    let s = b.to_setup().south;
    assert_eq!(s.front, [0, 0, 0, 0, 6, 2, 0, 1]);
    assert_eq!(s.back, [0, 0, 0, 0, 0, 0, 1, 1]); // B7, B8
}

#[test]
fn namua_capture_at_a5_with_kichwa_choice() {
    let p = kiswahili(
        [0, 0, 0, 0, 7, 0, 2, 1],
        [0; 8],
        [0, 0, 2, 1, 8, 1, 0, 1],
        [0; 8],
        10,
        10,
    );
    assert_eq!(sorted_moves(&p), ["A5L", "A5R"]);
    assert_eq!(
        play(&p, "A5L").to_setup().south.front,
        [1, 0, 0, 0, 8, 0, 2, 1]
    );
    assert_eq!(
        play(&p, "A5R").to_setup().south.front,
        [0, 0, 0, 0, 8, 1, 3, 0]
    );
}

#[test]
fn namua_chain_of_captures_stop_and_safari() {
    let p = kiswahili(
        [0, 2, 1, 0, 8, 0, 3, 4],
        [0; 8],
        [6, 5, 2, 0, 8, 4, 3, 0],
        [0; 8],
        10,
        10,
    );
    assert_eq!(
        sorted_moves(&p),
        ["A2L", "A3L", "A3R", "A3R+", "A7R", "A8R", "A8R+"]
    );
    assert_eq!(
        play(&p, "A2L").to_setup().south.front,
        [2, 5, 3, 1, 8, 0, 3, 4]
    );
    assert_eq!(
        play(&p, "A8R").to_setup().south.front,
        [0, 2, 2, 1, 10, 2, 5, 7]
    );
    let s = play(&p, "A8R+").to_setup().south;
    assert_eq!(s.front, [1, 3, 3, 2, 0, 2, 5, 7]);
    assert_eq!(s.back, [1, 1, 1, 1, 1, 1, 0, 0]);
}
