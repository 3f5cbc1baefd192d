//! The group commit (`group.rs`) on both backends.

use bao_core::Side;
use bao_protocol::{Outcome, Reason, Status};

use super::{games, hold, on_both, stored, write};
use crate::store::group::{commit, MoveJob};
use crate::store::MoveWrite;
use crate::store::StoreError;

on_both! {
    async fn a_refused_row_fails_alone_and_the_rest_of_its_batch_is_committed(store: Store) {
        let ids = games(&store, 2).await;
        let (a, b) = (&ids[0], &ids[1]);
        // Held, so that the database's foreign key is what refuses its move (leases have none).
        hold(&store, "no-such-game").await;
        let mut jobs = Vec::new();
        let mut answers = Vec::new();
        for (game, m) in [
            (a.as_str(), write(0, "A1R")),
            (b.as_str(), write(0, "A2R")),
            // The same ply again: the primary key refuses it.
            (a.as_str(), write(0, "A3R")),
            // No such game: the foreign key refuses it.
            ("no-such-game", write(0, "A4R")),
            (b.as_str(), write(1, "B5")),
        ] {
            let (job, rx) = MoveJob::new(game, &m);
            jobs.push(job);
            answers.push(rx);
        }
        commit(&store, jobs).await;
        let mut got = Vec::new();
        for rx in answers {
            got.push(rx.await.expect("every move is answered"));
        }
        assert!(
            got[0].is_ok() && got[1].is_ok() && got[4].is_ok(),
            "{got:?}"
        );
        assert!(matches!(got[2], Err(StoreError::Refused { .. })), "{got:?}");
        assert!(matches!(got[3], Err(StoreError::Refused { .. })), "{got:?}");
        assert_eq!(stored(&store, a).await, ["A1R"]);
        assert_eq!(stored(&store, b).await, ["A2R", "B5"]);
        // The writer works on after the refusal.
        store
            .insert_move(a, &write(1, "a6L"))
            .await
            .expect("next move");
        assert_eq!(stored(&store, a).await, ["A1R", "a6L"]);
    }

    async fn a_batch_writes_each_game_its_own_status_result_and_version(store: Store) {
        let ids = games(&store, 3).await;
        let won = Outcome::win(Side::North, Reason::NoLegalMove);
        let drawn = Outcome::draw(bao_core::DrawRule::Repetition);
        let writes = [
            (0, Status::Playing, None, 7),
            (1, Status::Finished, Some(won), 12),
            (2, Status::Finished, Some(drawn), 30),
        ];
        let mut answers = Vec::new();
        let mut jobs = Vec::new();
        for (i, status, result, v) in writes {
            let m = MoveWrite {
                ply: 0,
                notation: "A1R",
                move_v: v - 1,
                game_v: v,
                status,
                result,
                clock: None,
            };
            let (job, rx) = MoveJob::new(&ids[i], &m);
            jobs.push(job);
            answers.push(rx);
        }
        commit(&store, jobs).await;
        for rx in answers {
            rx.await.expect("answered").expect("stored");
        }
        for (i, status, result, v) in writes {
            let (row, moves) = store.load(&ids[i]).await.expect("load").expect("game");
            assert_eq!(
                (row.status, row.result, row.v),
                (status, result, v),
                "game {i}"
            );
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].v, v - 1);
        }
    }

    async fn moves_waiting_together_share_one_commit(store: Store) {
        let n = 200;
        let ids = games(&store, n).await;
        let before = store.move_commits();
        let all = ids
            .iter()
            .map(|id| {
                let store = store.clone();
                let id = id.clone();
                tokio::spawn(async move { store.insert_move(&id, &write(0, "A1R")).await })
            })
            .collect::<Vec<_>>();
        for t in all {
            t.await.expect("task").expect("every move is stored");
        }
        let commits = store.move_commits() - before;
        // On this single-threaded runtime every task has queued its move before the writer first runs.
        assert!(commits < n as u64 / 10, "{n} moves took {commits} commits");
        for id in &ids {
            assert_eq!(stored(&store, id).await, ["A1R"]);
        }
    }
}
