//! The store's tests, each run against both backends: SQLite in a temporary directory and PostgreSQL in a
//! schema of its own (`tests/common/services.rs`, which starts PostgreSQL when it does not answer).

mod accounts;
mod games;
mod group;
mod leases;
mod mistakes;
mod puzzles;
mod ratings;

use bao_core::Variant;
use bao_protocol::{SeatKind, Status};

use super::{GameRow, MoveWrite, Store};

#[path = "../../../tests/it/common/services.rs"]
pub(super) mod services;

/// Each `async fn NAME(store: Store) { … }` becomes a module `NAME` of two tests, `sqlite` and `postgres`,
/// running the body on a fresh store of that backend; with a second parameter `at: Location`, the body also
/// gets where the database is (to open it again).
macro_rules! on_both {
    ($(async fn $name:ident($store:ident: Store $(, $at:ident: Location)?) $body:block)*) => {$(
        mod $name {
            use super::*;

            #[tokio::test]
            async fn sqlite() {
                let dir = tempfile::tempdir().expect("temp dir");
                let at = $crate::store::Location::Sqlite(dir.path().join("bao.db"));
                $(let $at = at.clone();)?
                let $store = $crate::store::Store::open_at(&at).await.expect("open");
                $body
            }

            #[tokio::test]
            async fn postgres() {
                let Some(db) = $crate::store::tests::services::TestDb::create().await else {
                    return;
                };
                let at = $crate::store::Location::Postgres(db.url.clone());
                $(let $at = at.clone();)?
                let $store = $crate::store::Store::open_at(&at).await.expect("open");
                $body
            }
        }
    )*};
}
pub(super) use on_both;

/// `n` new games between two people, held by this node (their leases taken, with PostgreSQL).
async fn games(store: &Store, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for _ in 0..n {
        let g = GameRow::new(
            Variant::Kujifunza,
            [SeatKind::Human, SeatKind::Human],
            [None, None],
            None,
        );
        store.insert_game(&g).await.expect("game");
        hold(store, &g.id).await;
        ids.push(g.id);
    }
    ids
}

/// Move `ply` (event version `ply + 1`) of a game that goes on.
fn write(ply: i64, notation: &str) -> MoveWrite<'_> {
    MoveWrite {
        ply,
        notation,
        move_v: ply + 1,
        game_v: ply + 1,
        status: Status::Playing,
        result: None,
        clock: None,
    }
}

/// The notations of the stored moves of game `id`.
async fn stored(store: &Store, id: &str) -> Vec<String> {
    let (_, moves) = store.load(id).await.expect("load").expect("game");
    moves.into_iter().map(|m| m.notation).collect()
}

/// Takes the lease of game `id` (which every write of a game needs with PostgreSQL).
async fn hold(store: &Store, id: &str) {
    let owner = store.take_lease(id).await.expect("take the lease");
    assert_eq!(owner, super::Owner::Here);
}
