//! Helpers shared by the integration tests: compact position builders and move helpers.
#![allow(dead_code)]

use bao_core::{Move, Pit, Position, Setup, Side, SideSetup, Step, Variant};

/// One side of a test position: front and back rows in the owner's numbering (index 0 = pit 1), hand, house.
pub fn side(front: [u8; 8], back: [u8; 8], hand: u8, house: bool) -> SideSetup {
    SideSetup {
        front,
        back,
        hand,
        house,
    }
}

/// A validated position with any seed total (the published positions leave seeds out).
pub fn pos(variant: Variant, to_move: Side, south: SideSetup, north: SideSetup) -> Position {
    Position::from_setup_any_total(Setup {
        variant,
        to_move,
        south,
        north,
        takasia: None,
        result: None,
    })
    .expect("valid test position")
}

/// A position, South to move.
pub fn setup(variant: Variant, south: SideSetup, north: SideSetup) -> Position {
    pos(variant, Side::South, south, north)
}

/// A Kiswahili position, South to move, both nyumbas owned.
pub fn kiswahili(sf: [u8; 8], sb: [u8; 8], nf: [u8; 8], nb: [u8; 8], sh: u8, nh: u8) -> Position {
    setup(
        Variant::Kiswahili,
        side(sf, sb, sh, true),
        side(nf, nb, nh, true),
    )
}

/// A Kujifunza position, South to move, back rows given.
pub fn kujifunza(sf: [u8; 8], sb: [u8; 8], nf: [u8; 8], nb: [u8; 8]) -> Position {
    setup(
        Variant::Kujifunza,
        side(sf, sb, 0, false),
        side(nf, nb, 0, false),
    )
}

/// The legal moves in notation, sorted.
pub fn sorted_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Parses a move.
pub fn mv(s: &str) -> Move {
    s.parse().expect("move notation")
}

/// Plays a move given in notation; panics with the legal moves if it is illegal.
pub fn play(p: &Position, m: &str) -> Position {
    play_traced(p, m).0
}

/// Plays a move given in notation and returns its trace too.
pub fn play_traced(p: &Position, m: &str) -> (Position, Vec<Step>) {
    match p.play(mv(m)) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

/// A pit by name.
pub fn pit(s: &str) -> Pit {
    s.parse().expect("pit name")
}

/// Front row of `side` in the owner's numbering.
pub fn front(p: &Position, s: Side) -> [u8; 8] {
    p.to_setup().side(s).front
}

/// Back row of `side` in the owner's numbering.
pub fn back(p: &Position, s: Side) -> [u8; 8] {
    p.to_setup().side(s).back
}

/// Seeds on the board and in both hands.
pub fn total(p: &Position) -> u32 {
    let s = p.to_setup();
    [s.south, s.north]
        .iter()
        .map(|x| {
            x.front
                .iter()
                .chain(x.back.iter())
                .map(|&c| u32::from(c))
                .sum::<u32>()
                + u32::from(x.hand)
        })
        .sum()
}

/// Replays a trace on the position before the move and checks that it gives the position after it
/// (board and hands).
pub fn replay_trace(before: &Position, trace: &[Step], after: &Position) {
    let mut counts = [0i32; 32];
    for (i, c) in counts.iter_mut().enumerate() {
        *c = i32::from(before.count(Pit::from_index(i).expect("pit")));
    }
    let mut hands = [
        i32::from(before.hand(Side::South)),
        i32::from(before.hand(Side::North)),
    ];
    let mover = before.to_move().index();
    let mut air = 0i32;
    for s in trace {
        match *s {
            Step::Hand { pit } => {
                hands[mover] -= 1;
                counts[pit.index()] += 1;
            }
            Step::Lift { pit, count, .. } => {
                counts[pit.index()] -= i32::from(count);
                air += i32::from(count);
            }
            Step::Relay { pit, count } | Step::Safari { pit, count } => {
                assert_eq!(
                    counts[pit.index()],
                    i32::from(count),
                    "relay lifts the whole pit"
                );
                counts[pit.index()] = 0;
                air += i32::from(count);
            }
            Step::Capture { pit, count, .. } => {
                assert_eq!(
                    counts[pit.index()],
                    i32::from(count),
                    "capture takes the whole pit"
                );
                counts[pit.index()] = 0;
                air += i32::from(count);
            }
            Step::Sow { pit } => {
                assert!(air > 0, "sowing a seed that is not in the air");
                counts[pit.index()] += 1;
                air -= 1;
            }
            Step::Win { winner, .. } => {
                hands[winner.index()] += air;
                air = 0;
            }
            Step::NyumbaStop { .. } | Step::TakasiaStop { .. } => {}
        }
        assert!(
            counts.iter().all(|&c| c >= 0),
            "negative count while replaying"
        );
    }
    assert_eq!(air, 0, "seeds left in the air at the end of the trace");
    for (i, &c) in counts.iter().enumerate() {
        let p = Pit::from_index(i).expect("pit");
        assert_eq!(
            c,
            i32::from(after.count(p)),
            "pit {p} after replaying the trace"
        );
    }
    assert_eq!(hands[0], i32::from(after.hand(Side::South)));
    assert_eq!(hands[1], i32::from(after.hand(Side::North)));
}

/// A data file of the web client (`web/rules-data.js`, `web/lessons-data.js`): `// comments`, then `export
/// default` and one JSON object, then `;`. Returns the text before the object and the object's text.
pub fn split_web_data<'a>(text: &'a str, name: &str) -> (&'a str, &'a str) {
    let at = text
        .find("export default")
        .unwrap_or_else(|| panic!("web/{name}: no `export default`"));
    let open = at
        + text[at..]
            .find('{')
            .unwrap_or_else(|| panic!("web/{name}: no object after export default"));
    let close = text
        .rfind('}')
        .unwrap_or_else(|| panic!("web/{name}: no closing brace"));
    (&text[..open], &text[open..=close])
}
