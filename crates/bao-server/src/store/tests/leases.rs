//! Leases (`lease.rs`, PostgreSQL only): two nodes on one database; a take-over after expiry, writes with a
//! stale fencing number refused, a lease given back taken at once.

use bao_core::Side;
use bao_protocol::{Outcome, Reason};

use super::services::TestDb;
use super::{games, stored, write};
use crate::store::group::{commit, MoveJob};
use crate::store::StoreError;
use crate::store::{Location, Node, Owner, Store};

/// Two nodes, `a` and `b`, on one fresh database, with leases too long to expire during a test (expiry is
/// forced by the tests).
async fn two_nodes() -> Option<(TestDb, Store, Store)> {
    let db = TestDb::create().await?;
    let at = Location::Postgres(db.url.clone());
    let a = Store::open_node(&at, Node::new(Some("a"), 60_000))
        .await
        .expect("a");
    let b = Store::open_node(&at, Node::new(Some("b"), 60_000))
        .await
        .expect("b");
    Some((db, a, b))
}

/// Lets every lease of game `id` expire now (as if its holder had stopped renewing it).
async fn expire(store: &Store, id: &str) {
    let super::super::db::Db::Postgres { pool } = &store.db else {
        panic!("PostgreSQL")
    };
    sqlx::query("UPDATE leases SET expires_ms = 0 WHERE game_id = $1")
        .bind(id)
        .execute(pool)
        .await
        .expect("expire");
}

#[tokio::test]
async fn a_lease_is_taken_over_after_expiry_and_the_old_owner_can_never_write_again() {
    let Some((_db, a, b)) = two_nodes().await else {
        return;
    };
    let mut lost_a = a.lost_leases().expect("a's lost leases");
    let ids = games(&a, 1).await;
    let id = ids[0].as_str();
    assert_eq!(a.take_lease(id).await.expect("take"), Owner::Here);
    a.insert_move(id, &write(0, "A1R")).await.expect("a writes");
    assert_eq!(
        b.take_lease(id).await.expect("take"),
        Owner::Elsewhere("a".into()),
        "a live lease is not taken"
    );
    let refused = b.insert_move(id, &write(1, "a2L")).await;
    assert!(
        matches!(refused, Err(StoreError::LeaseLost { .. })),
        "{refused:?}"
    );

    expire(&a, id).await;
    assert_eq!(b.take_lease(id).await.expect("take"), Owner::Here);
    b.insert_move(id, &write(1, "a2L")).await.expect("b writes");
    // a does not know yet: every kind of write it tries is refused.
    let moved = a.insert_move(id, &write(1, "a3L")).await;
    assert!(
        matches!(moved, Err(StoreError::LeaseLost { .. })),
        "{moved:?}"
    );
    assert_eq!(
        lost_a.recv().await.as_deref(),
        Some(id),
        "a learns it lost the game"
    );
    let won = Outcome::win(Side::South, Reason::Resign);
    assert!(a.finish(id, won, 99).await.is_err());
    assert!(a.raise_version(id, 99).await.is_err());
    assert!(a.take_lease(id).await.expect("take") != Owner::Here);
    assert_eq!(stored(&b, id).await, ["A1R", "a2L"]);
    let (row, _) = b.load(id).await.expect("load").expect("game");
    assert_eq!(
        (row.v, row.result),
        (2, None),
        "nothing of a's after the take-over"
    );
    assert!(a.writable().await, "a lost lease is not a database failure");
}

#[tokio::test]
async fn a_stale_fence_is_refused_in_a_batch_without_failing_the_others() {
    let Some((_db, a, b)) = two_nodes().await else {
        return;
    };
    let ids = games(&a, 2).await;
    for id in &ids {
        assert_eq!(a.take_lease(id).await.expect("take"), Owner::Here);
    }
    expire(&a, &ids[0]).await;
    assert_eq!(b.take_lease(&ids[0]).await.expect("take"), Owner::Here);
    // Both moves in one group commit of a's: the game a lost is left out, the other is written.
    let m = write(0, "A1R");
    let mut answers = Vec::new();
    let mut jobs = Vec::new();
    for id in &ids {
        let (mut job, rx) = MoveJob::new(id, &m);
        job.fence = a.fence_of(id);
        jobs.push(job);
        answers.push(rx);
    }
    commit(&a, jobs).await;
    let (x, y) = (
        answers.remove(0).await.expect("answer"),
        answers.remove(0).await.expect("answer"),
    );
    assert!(x.is_err() && y.is_ok(), "{x:?} {y:?}");
    assert!(stored(&a, &ids[0]).await.is_empty());
    assert_eq!(stored(&a, &ids[1]).await, ["A1R"]);
}

#[tokio::test]
async fn a_lease_given_back_is_taken_at_once_and_a_closed_node_gives_back_all() {
    let Some((_db, a, b)) = two_nodes().await else {
        return;
    };
    let ids = games(&a, 2).await;
    for id in &ids {
        assert_eq!(a.take_lease(id).await.expect("take"), Owner::Here);
    }
    a.release_lease(&ids[0]);
    let mut tries = 0;
    while b.take_lease(&ids[0]).await.expect("take") != Owner::Here {
        // The release is written by a task of its own.
        tries += 1;
        assert!(tries < 100, "the lease given back is free");
        tokio::task::yield_now().await;
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(
        b.take_lease(&ids[1]).await.expect("take"),
        Owner::Elsewhere("a".into())
    );
    a.close().await;
    assert_eq!(b.take_lease(&ids[1]).await.expect("take"), Owner::Here);
}
