//! Ratings on both backends: a rated game counted once (also when many ask at once), what does not count, the
//! seats' ratings, the graphs and the leaderboard's rules.

use bao_core::{Side, Variant};
use bao_protocol::{Outcome, Reason, SeatKind, SeatPlayer};

use super::{hold, on_both};
use crate::ratings::START_DEVIATION;
use crate::store::{GameRow, Store};

fn seat(id: &str) -> SeatPlayer {
    SeatPlayer {
        id: id.to_owned(),
        name: String::new(),
        rating: None,
        deleted: false,
    }
}

/// A game between players `south` and `north` of `variant`, rated or not, held by this node.
async fn game_between(
    store: &Store,
    variant: Variant,
    south: &str,
    north: &str,
    rated: bool,
) -> String {
    let mut g = GameRow::new(
        variant,
        [SeatKind::Human; 2],
        [Some("a".repeat(64)), Some("b".repeat(64))],
        None,
    );
    g.players = [Some(seat(south)), Some(seat(north))];
    g.rated = rated;
    store.insert_game(&g).await.expect("game");
    hold(store, &g.id).await;
    g.id
}

async fn players(store: &Store, names: &[&str]) -> Vec<String> {
    let mut ids = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let id = format!("p{i}{}", rand::random::<u32>());
        let hash = format!("{:064x}", rand::random::<u128>());
        store.insert_player(&id, name, &hash).await.expect("player");
        ids.push(id);
    }
    ids
}

on_both! {
    async fn a_rated_game_is_counted_once_however_many_ask_at_once(store: Store) {
        let p = players(&store, &["Asha", "Baraka"]).await;
        let id = game_between(&store, Variant::Kiswahili, &p[0], &p[1], true).await;
        // Not before it ends.
        assert_eq!(store.settle_ratings(&id).await.expect("settle"), None);
        store
            .finish(&id, Outcome::win(Side::South, Reason::Resign), 2)
            .await
            .expect("finish");
        let answers = futures_util::future::join_all(
            (0..8).map(|_| store.settle_ratings(&id)),
        )
        .await;
        let first = answers[0].as_ref().expect("settle").expect("counted");
        for a in &answers {
            assert_eq!(a.as_ref().expect("settle"), &Some(first), "every caller is told the same change");
        }
        assert_eq!((first.south.before, first.north.before), (1500, 1500));
        assert_eq!((first.south.after, first.north.after), (1662, 1338), "Glicko-2 from 1500/350");
        let south = store.player_ratings(&p[0]).await.expect("ratings");
        let r = south["kiswahili"];
        assert_eq!(r.games, 1, "counted once");
        assert!((r.rating - 1662.0).abs() < 1.0 && r.deviation < START_DEVIATION);
        assert!(!south.contains_key("kiswahili-malawi"), "variants apart");
        assert_eq!(store.uncounted_rated_games(10).await.expect("sweep"), Vec::<String>::new());
        let graph = store.rating_history(&p[1]).await.expect("history");
        assert_eq!(graph["kiswahili"].len(), 1);
        assert_eq!((graph["kiswahili"][0].rating, graph["kiswahili"][0].game.as_str()), (1338, id.as_str()));
        // The seats show the ratings in the game's variant.
        let (row, _) = store.load(&id).await.expect("load").expect("game");
        assert_eq!(row.players[0].as_ref().and_then(|p| p.rating), Some(1662));
        assert_eq!(row.players[1].as_ref().and_then(|p| p.rating), Some(1338));
        assert!(row.rated);
        let summary = store.summaries(&[&id]).await.expect("summaries");
        assert!(summary[0].rated);
        let south_seat = summary[0].seats.as_ref().and_then(|s| s.south.player.as_ref()).and_then(|p| p.rating);
        assert_eq!(south_seat, Some(1662));
    }

    async fn casual_aborted_and_unfinished_games_count_for_nothing(store: Store) {
        let p = players(&store, &["Asha", "Baraka"]).await;
        let casual = game_between(&store, Variant::Kujifunza, &p[0], &p[1], false).await;
        store.finish(&casual, Outcome::win(Side::North, Reason::Time), 3).await.expect("finish");
        let aborted = game_between(&store, Variant::Kujifunza, &p[0], &p[1], true).await;
        store.finish(&aborted, Outcome::aborted(), 1).await.expect("finish");
        let playing = game_between(&store, Variant::Kujifunza, &p[0], &p[1], true).await;
        for id in [&casual, &aborted, &playing] {
            assert_eq!(store.settle_ratings(id).await.expect("settle"), None, "{id}");
        }
        assert!(store.player_ratings(&p[0]).await.expect("ratings").is_empty());
        assert!(store.uncounted_rated_games(10).await.expect("sweep").is_empty());
    }

    async fn an_ended_rated_game_left_uncounted_is_found_by_the_sweep_and_a_draw_halves(store: Store) {
        let p = players(&store, &["Asha", "Baraka"]).await;
        let id = game_between(&store, Variant::Kimasai, &p[0], &p[1], true).await;
        let draw = Outcome { winner: None, reason: Reason::Repetition };
        store.finish(&id, draw, 4).await.expect("finish");
        assert_eq!(store.uncounted_rated_games(10).await.expect("sweep"), vec![id.clone()]);
        let change = store.settle_ratings(&id).await.expect("settle").expect("counted");
        assert_eq!((change.south.after, change.north.after), (1500, 1500), "equals drawing");
        assert!(store.uncounted_rated_games(10).await.expect("sweep").is_empty());
        assert_eq!(store.game_ratings(&id).await.expect("read"), Some(change));
    }

    async fn the_leaderboard_lists_settled_recent_players_best_first(store: Store) {
        let p = players(&store, &["Asha", "Baraka", "Chausiku", "Dalila"]).await;
        // Enough games between the first three for their deviations to settle, the fourth only once.
        let now = crate::lobby::now_ms();
        for round in 0..45 {
            let (s, n) = match round % 3 { 0 => (0, 1), 1 => (1, 2), _ => (0, 2) };
            // Mixed results (a player who wins every game keeps a wide deviation): south wins two of three.
            let winner = if round % 5 == 4 || round % 7 == 3 { Side::North } else { Side::South };
            let id = game_between(&store, Variant::Kujifunza, &p[s], &p[n], true).await;
            store.finish(&id, Outcome::win(winner, Reason::Resign), 2).await.expect("finish");
            store.settle_ratings(&id).await.expect("settle").expect("counted");
        }
        let once = game_between(&store, Variant::Kujifunza, &p[3], &p[0], true).await;
        store.finish(&once, Outcome::win(Side::South, Reason::Resign), 2).await.expect("finish");
        store.settle_ratings(&once).await.expect("settle");
        let board = store
            .leaderboard("kujifunza", now - 1000, crate::ratings::PROVISIONAL_ABOVE, 100)
            .await
            .expect("board");
        let ids: Vec<&str> = board.iter().map(|r| r.player.id.as_str()).collect();
        assert!(!ids.contains(&p[3].as_str()), "a provisional player is left out: {board:?}");
        assert_eq!(ids.len(), 3, "{board:?}");
        assert!(board.windows(2).all(|w| w[0].rating >= w[1].rating), "best first: {board:?}");
        assert_eq!(board[0].player.id, p[0], "Asha always plays south, which wins most: {board:?}");
        assert_eq!(board[0].player.name, "Asha");
        assert!(board.iter().all(|r| r.games >= 30), "{board:?}");
        // Players not seen since are left out; another variant has its own board; a deleted player goes.
        let later = store
            .leaderboard("kujifunza", crate::lobby::now_ms() + 60_000, 110.0, 100)
            .await
            .expect("board");
        assert!(later.is_empty());
        assert!(store.leaderboard("kimasai", 0, 110.0, 100).await.expect("board").is_empty());
        store.delete_player(&p[0]).await.expect("delete");
        let after = store.leaderboard("kujifunza", now - 1000, 110.0, 100).await.expect("board");
        assert!(after.iter().all(|r| r.player.id != p[0]), "{after:?}");
    }
}
