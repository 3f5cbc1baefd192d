//! The parts of the server's messages the load generator reads (protocol.md), and the ones it sends.
//!
//! What it sends is built from the server's own types ([`bao_protocol::ClientMsg`]); HTTP bodies are
//! the server's types too. Incoming socket messages are read through the lite views below, which skip the
//! positions and traces the generator does not need: it shares the cores with the server it measures, and
//! parsing every `moved` event in full would take CPU from the server.

use bao_protocol::clock::ClockView;
use bao_protocol::ClientMsg;
use serde::Deserialize;
use serde_json::Value;

pub use bao_core::Side;

/// The part of a position the generator needs.
#[derive(Clone, Debug, Deserialize)]
pub struct PositionLite {
    /// `"south"` or `"north"`.
    pub to_move: String,
}

/// The part of a game snapshot the generator needs.
#[derive(Clone, Debug, Deserialize)]
pub struct Snapshot {
    /// The position.
    pub position: PositionLite,
    /// Moves played so far.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Legal moves of the side to move.
    #[serde(default)]
    pub legal: Vec<String>,
    /// `null` while the game goes on.
    #[serde(default)]
    pub result: Option<Value>,
}

/// Any server → client WebSocket message, with the fields the generator reads (others ignored).
#[derive(Debug, Deserialize)]
pub struct Incoming {
    /// Message type.
    pub t: String,
    /// `moved`: the ply.
    #[serde(default)]
    pub ply: Option<u64>,
    /// `moved`: who moved.
    #[serde(default)]
    pub by: Option<String>,
    /// `moved`: legal moves next.
    #[serde(default)]
    pub legal: Option<Vec<String>>,
    /// `moved`: the position after the move.
    #[serde(default)]
    pub position: Option<PositionLite>,
    /// `moved`, `ended`: the result (`null` while the game goes on).
    #[serde(default)]
    pub result: Option<Value>,
    /// `error`: its code.
    #[serde(default)]
    pub code: Option<String>,
    /// `snapshot`: the game (for `rematch`, a game id string).
    #[serde(default)]
    pub game: Option<Value>,
    /// `welcome`: who the client is.
    #[serde(default)]
    pub you: Option<String>,
    /// `moved`, `ended`: the clock (`null` without one).
    #[serde(default)]
    pub clock: Option<ClockView>,
}

impl Incoming {
    /// The `reason` of the result, if there is one.
    pub fn reason(&self) -> Option<&str> {
        self.result.as_ref()?.get("reason")?.as_str()
    }

    /// The `winner` of the result, if there is one (`None` for a draw or an abort too).
    pub fn winner(&self) -> Option<&str> {
        self.result.as_ref()?.get("winner")?.as_str()
    }
}

/// What the generator knows of a game: whose turn, which ply, which moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// Side to move.
    pub to_move: Side,
    /// Moves played so far (the `ply` of the next move).
    pub ply: u64,
    /// Legal moves of the side to move.
    pub legal: Vec<String>,
    /// The game has a result.
    pub over: bool,
}

impl GameState {
    /// From a snapshot.
    pub fn from_snapshot(s: &Snapshot) -> Option<GameState> {
        Some(GameState {
            to_move: s.position.to_move.parse().ok()?,
            ply: s.moves.len() as u64,
            over: s.result.is_some() || s.legal.is_empty(),
            legal: s.legal.clone(),
        })
    }

    /// From a `moved` event (the state after it).
    pub fn from_moved(m: &Incoming) -> Option<GameState> {
        let legal = m.legal.clone().unwrap_or_default();
        Some(GameState {
            to_move: m.position.as_ref()?.to_move.parse().ok()?,
            ply: m.ply? + 1,
            over: m.result.is_some() || legal.is_empty(),
            legal,
        })
    }
}

/// `{"t":"hello","token":…,"v":0}`, without `token` for spectators.
pub fn hello(token: Option<&str>) -> String {
    to_text(&ClientMsg::Hello {
        token: token.map(str::to_owned),
        v: 0,
    })
}

/// `{"t":"move","ply":P,"move":M}`.
pub fn move_msg(ply: u64, mv: &str) -> String {
    to_text(&ClientMsg::Move {
        ply,
        mv: mv.to_owned(),
    })
}

fn to_text(m: &ClientMsg) -> String {
    // A client message is strings and numbers: serialising it cannot fail.
    serde_json::to_string(m).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_moved() {
        let m: Incoming = serde_json::from_str(
            r#"{"t":"moved","v":9,"ply":4,"by":"south","move":"A6L","trace":[{"k":"lift"}],
                "position":{"variant":"kujifunza","to_move":"north","south":{},"north":{},"takasia":null,"result":null},
                "legal":["a1R","a2L"],"result":null}"#,
        )
        .unwrap();
        assert_eq!(m.t, "moved");
        assert!(m.result.is_none());
        let s = GameState::from_moved(&m).unwrap();
        assert_eq!(
            s,
            GameState {
                to_move: Side::North,
                ply: 5,
                legal: vec!["a1R".into(), "a2L".into()],
                over: false
            }
        );
        let end: Incoming = serde_json::from_str(
            r#"{"t":"moved","ply":70,"by":"north","position":{"to_move":"south"},"legal":[],
                "result":{"winner":"north","reason":"front_row_empty"}}"#,
        )
        .unwrap();
        assert!(GameState::from_moved(&end).unwrap().over);
        let flag: Incoming = serde_json::from_str(
            r#"{"t":"ended","v":12,"result":{"winner":"north","reason":"time"},
                "clock":{"kind":"live","initial_s":2,"increment_s":0,"south_ms":0,"north_ms":2000,
                         "running":null,"at":1700000000000}}"#,
        )
        .unwrap();
        assert_eq!(
            (flag.reason(), flag.winner()),
            (Some("time"), Some("north"))
        );
        let c = flag.clock.unwrap();
        assert_eq!((c.south_ms, c.running, c.at), (0, None, 1_700_000_000_000));
    }

    #[test]
    fn reads_snapshot_and_error() {
        let m: Incoming = serde_json::from_str(
            r#"{"t":"snapshot","game":{"id":"x","variant":"kujifunza","status":"playing",
                "seats":{},"position":{"to_move":"south"},"moves":["A6L","a5R"],"legal":["A7L"],"result":null,"v":7}}"#,
        )
        .unwrap();
        let snap: Snapshot = serde_json::from_value(m.game.unwrap()).unwrap();
        let s = GameState::from_snapshot(&snap).unwrap();
        assert_eq!(s.ply, 2);
        assert_eq!(s.to_move, Side::South);
        assert!(!s.over);
        let e: Incoming =
            serde_json::from_str(r#"{"t":"error","code":"stale_ply","message":"…"}"#).unwrap();
        assert!(e.clock.is_none());
        assert_eq!(e.code.as_deref(), Some("stale_ply"));
    }

    #[test]
    fn writes_messages() {
        let h: Value = serde_json::from_str(&hello(Some("tok"))).unwrap();
        assert_eq!(h, json!({"t":"hello","token":"tok","v":0}));
        let h: Value = serde_json::from_str(&hello(None)).unwrap();
        assert_eq!(h, json!({"t":"hello","v":0}));
        let m: Value = serde_json::from_str(&move_msg(3, "A6L")).unwrap();
        assert_eq!(m, json!({"t":"move","ply":3,"move":"A6L"}));
        assert_eq!("north".parse::<Side>().ok().map(Side::index), Some(1));
        assert_eq!(Side::South.name(), "south");
        assert_eq!("east".parse::<Side>().ok(), None);
    }
}
