//! Games, seats, moves, results, takebacks, rematches, versions and summaries on both backends.

use bao_ai::Level;
use bao_core::Side;
use bao_protocol::clock::TimeControl;
use bao_protocol::{Outcome, Reason, SeatKind, Status};

use super::{games, hold, on_both, stored, write};
use crate::store::{ClockRow, GameRow, MoveWrite, Store};

/// A game against the computer with a clock and a held seat: every column of `games` is set.
fn full_game() -> GameRow {
    let mut g = GameRow::new(
        bao_core::Variant::Kiswahili,
        [SeatKind::Human, SeatKind::Computer],
        [Some("ab".repeat(32)), None],
        Some(Level::Hard),
    );
    g.clock = Some(TimeControl::Live {
        initial_s: 300,
        increment_s: 2,
    });
    g.v = 3;
    g
}

on_both! {
    async fn a_game_reads_back_as_it_was_written(store: Store) {
        let g = full_game();
        store.insert_game(&g).await.expect("insert");
        let (row, moves) = store.load(&g.id).await.expect("load").expect("found");
        assert_eq!(
            (row.variant, row.kinds, &row.token_hashes, row.level, row.status),
            (g.variant, g.kinds, &g.token_hashes, g.level, Status::Playing)
        );
        assert_eq!((row.v, row.closed_v, row.clock, row.result), (3, Some(3), g.clock, None));
        assert_eq!(row.created_at, g.created_at);
        assert!(moves.is_empty());
        assert!(store.exists(&g.id).await.expect("exists"));
        assert!(!store.exists("nope").await.expect("exists"));
        assert!(store.load("nope").await.expect("load").is_none());
        assert!(store.writable().await);
    }

    async fn seats_moves_clocks_and_results_are_kept(store: Store) {
        let g = GameRow::new(
            bao_core::Variant::Kujifunza,
            [SeatKind::Human, SeatKind::Human],
            [Some("aa".into()), None],
            None,
        );
        store.insert_game(&g).await.expect("insert");
        hold(&store, &g.id).await;
        store
            .claim_seat(&g.id, Side::North, "bb", None, Status::Playing, 2)
            .await
            .expect("seat");
        let clock = Some(ClockRow { south_ms: 299_000, north_ms: 300_000, at: 123_456 });
        store
            .insert_move(&g.id, &MoveWrite { clock, ..write(0, "A1R") })
            .await
            .expect("move");
        store.insert_move(&g.id, &write(1, "a2L")).await.expect("move");
        assert_eq!(store.move_version(&g.id, 0).await.expect("v"), Some((1, clock)));
        assert_eq!(store.move_version(&g.id, 1).await.expect("v"), Some((2, None)));
        assert_eq!(store.move_version(&g.id, 2).await.expect("v"), None);
        let won = Outcome::win(Side::South, Reason::Resign);
        store.finish(&g.id, won, 9).await.expect("finish");
        let (row, moves) = store.load(&g.id).await.expect("load").expect("found");
        assert_eq!(row.token_hashes, [Some("aa".into()), Some("bb".into())]);
        assert_eq!((row.status, row.result, row.v), (Status::Finished, Some(won), 9));
        assert_eq!(moves.iter().map(|m| (m.ply, m.v)).collect::<Vec<_>>(), [(0, 1), (1, 2)]);
        assert_eq!(moves[0].clock, clock);
    }

    async fn a_takeback_deletes_moves_and_restores_the_clock(store: Store) {
        let ids = games(&store, 1).await;
        let id = &ids[0];
        for (ply, n) in ["A1R", "a2L", "A3R"].iter().enumerate() {
            store.insert_move(id, &write(ply as i64, n)).await.expect("move");
        }
        let back = ClockRow { south_ms: 1, north_ms: 2, at: 3 };
        store.undo(id, 1, 7, Some(back)).await.expect("undo");
        let (row, moves) = store.load(id).await.expect("load").expect("found");
        assert_eq!(stored(&store, id).await, ["A1R"]);
        assert_eq!((row.v, row.status, moves[0].clock), (7, Status::Playing, Some(back)));
    }

    async fn a_rematch_links_the_games(store: Store) {
        let ids = games(&store, 1).await;
        let mut new = full_game();
        new.rematch_of = Some(ids[0].clone());
        store.insert_rematch(&ids[0], 5, &new).await.expect("rematch");
        let (old, _) = store.load(&ids[0]).await.expect("load").expect("old");
        let (row, _) = store.load(&new.id).await.expect("load").expect("new");
        assert_eq!((old.rematch_game, old.v), (Some(new.id.clone()), 5));
        assert_eq!(row.rematch_of, Some(ids[0].clone()));
    }

    async fn versions_only_grow(store: Store) {
        let ids = games(&store, 1).await;
        let id = &ids[0];
        store.raise_version(id, 10).await.expect("raise");
        store.raise_version(id, 4).await.expect("raise");
        let (row, _) = store.load(id).await.expect("load").expect("found");
        assert_eq!((row.v, row.closed_v), (10, Some(0)));
        store.close_version(id, 12).await.expect("close");
        store.close_version(id, 11).await.expect("close");
        let (row, _) = store.load(id).await.expect("load").expect("found");
        assert_eq!((row.v, row.closed_v), (12, Some(12)));
    }

    async fn unfinished_games_and_summaries(store: Store) {
        let ids = games(&store, 3).await;
        let clocked = full_game();
        store.insert_game(&clocked).await.expect("insert");
        store
            .finish(&ids[1], Outcome::win(Side::North, Reason::Resign), 2)
            .await
            .expect("finish");
        let mut open = store.unfinished().await.expect("unfinished");
        open.sort();
        let mut want = vec![ids[0].clone(), ids[2].clone(), clocked.id.clone()];
        want.sort();
        assert_eq!(open, want);
        assert_eq!(store.clocked_unfinished().await.expect("clocked"), vec![clocked.id.clone()]);
        store.insert_move(&ids[0], &write(0, "A1R")).await.expect("move");
        let asked = [ids[1].as_str(), "nope", ids[0].as_str(), clocked.id.as_str()];
        let got = store.summaries(&asked).await.expect("summaries");
        let seen: Vec<_> = got.iter().map(|g| (g.id.as_str(), g.status, g.moves, g.to_move)).collect();
        assert_eq!(
            seen,
            [
                (ids[1].as_str(), Status::Finished, 0, None),
                (ids[0].as_str(), Status::Playing, 1, Some(Side::North)),
                (clocked.id.as_str(), Status::Playing, 0, Some(Side::South)),
            ]
        );
        assert!(got[2].clock.is_some() && got[0].clock.is_none());
    }

    async fn a_reopened_store_keeps_everything(store: Store, at: Location) {
        let ids = games(&store, 1).await;
        store.insert_move(&ids[0], &write(0, "A1R")).await.expect("move");
        store.close().await;
        let again = Store::open_at(&at).await.expect("reopen");
        assert_eq!(stored(&again, &ids[0]).await, ["A1R"]);
        hold(&again, &ids[0]).await;
        again.insert_move(&ids[0], &write(1, "a2L")).await.expect("move after reopening");
        assert_eq!(stored(&again, &ids[0]).await, ["A1R", "a2L"]);
        again.close().await;
    }
}
