//! Perft regression counts from each variant's start position.
//!
//! The counts were computed by this engine after its rules were checked on the hand-worked positions of the
//! other test files (and rules.md section 10); they pin the move generator down so that any change in what
//! is legal shows up here. Depths are chosen so that each test runs in about a second.

use bao_core::{perft, perft_by_depth, Position, Variant};

fn check(variant: Variant, expected: &[u64]) {
    let counts = perft_by_depth(&Position::new(variant), expected.len() as u32);
    assert_eq!(counts, expected, "{variant}");
    // The single-depth function agrees with the walk that counts every depth at once.
    assert_eq!(perft(&Position::new(variant), 4), expected[3]);
}

#[test]
fn perft_kujifunza() {
    check(
        Variant::Kujifunza,
        &[16, 108, 500, 1902, 6550, 23442, 84200, 319524, 1206990],
    );
}

#[test]
fn perft_kiswahili() {
    check(
        Variant::Kiswahili,
        &[
            4, 14, 38, 124, 405, 1430, 5655, 23270, 105704, 494462, 2439001,
        ],
    );
}

#[test]
fn perft_kiswahili_malawi() {
    check(
        Variant::KiswahiliMalawi,
        &[4, 14, 38, 128, 447, 1595, 6675, 28691, 137274, 665775],
    );
}

#[test]
fn perft_kimasai() {
    check(
        Variant::Kimasai,
        &[8, 64, 416, 2912, 20272, 151316, 1120658],
    );
}

#[test]
fn perft_zero_is_one() {
    assert_eq!(perft(&Position::new(Variant::Kiswahili), 0), 1);
}
