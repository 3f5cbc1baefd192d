//! A player's reviewed games and solved mistakes on both backends (migration 0014): the games come with their
//! reviews and the player's side, only reviewed ones, newest review first; a solve is kept once.

use bao_core::Variant;

use super::on_both;
use bao_protocol::{SeatKind, SeatPlayer};

use crate::store::rows::GameRow;
use crate::store::Store;

async fn player(store: &Store, name: &str) -> String {
    let id = format!("m{}", rand::random::<u32>());
    let hash = format!("{:064x}", rand::random::<u128>());
    store.insert_player(&id, name, &hash).await.expect("player");
    id
}

fn seat(id: &str) -> Option<SeatPlayer> {
    Some(SeatPlayer {
        id: id.to_owned(),
        name: "x".to_owned(),
        rating: None,
        deleted: false,
    })
}

/// A game with `south` and `north` seated, stored.
async fn game(store: &Store, south: Option<&str>, north: Option<&str>) -> String {
    let mut g = GameRow::new(
        Variant::Kujifunza,
        [SeatKind::Human, SeatKind::Human],
        [None, None],
        None,
    );
    g.players = [south.and_then(seat), north.and_then(seat)];
    store.insert_game(&g).await.expect("game");
    g.id
}

on_both! {
    async fn a_players_reviewed_games_and_solved_mistakes(store: Store) {
        let (a, b) = (player(&store, "Amani").await, player(&store, "Bahati").await);
        let g1 = game(&store, Some(&a), Some(&b)).await;
        let g2 = game(&store, Some(&b), Some(&a)).await;
        let _unreviewed = game(&store, Some(&a), None).await;
        let _theirs = game(&store, Some(&b), None).await;
        store.insert_review(&g1, 50, "{\"moves\":[]}").await.expect("review 1");
        store.insert_review(&g2, 50, "{\"moves\":[1]}").await.expect("review 2");
        let games = store.reviewed_games_of(&a, 50).await.expect("games");
        let mut seen: Vec<(String, bool, String)> =
            games.iter().map(|g| (g.id.clone(), g.south, g.review.clone())).collect();
        seen.sort();
        let mut want = vec![
            (g1.clone(), true, "{\"moves\":[]}".to_owned()),
            (g2.clone(), false, "{\"moves\":[1]}".to_owned()),
        ];
        want.sort();
        assert_eq!(seen, want);
        assert!(games.iter().all(|g| g.variant == "kujifunza"));
        assert_eq!(store.reviewed_games_of(&a, 1).await.expect("one").len(), 1);

        assert!(store.solved_mistakes(&a).await.expect("none").is_empty());
        store.record_mistake_solved(&a, &g1, 7, 1_000).await.expect("solve");
        store.record_mistake_solved(&a, &g1, 7, 2_000).await.expect("solved again");
        store.record_mistake_solved(&a, &g2, 3, 3_000).await.expect("another");
        let solved = store.solved_mistakes(&a).await.expect("solved");
        assert_eq!(solved.len(), 2);
        assert!(solved.contains(&(g1.clone(), 7)) && solved.contains(&(g2.clone(), 3)));
        assert!(store.solved_mistakes(&b).await.expect("b's").is_empty());
    }
}
