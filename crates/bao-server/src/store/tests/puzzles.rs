//! Puzzle ratings on both backends (migration 0013): an attempt rates the puzzle and the player once, a second
//! try only counts for the streak, a browser's attempts rate the puzzle each time; progress by theme.

use bao_protocol::Glicko;

use super::on_both;
use crate::puzzles::rating::{prior, START};
use crate::store::puzzles::AttemptWrite;
use crate::store::Store;

async fn player(store: &Store, name: &str) -> String {
    let id = format!("z{}", rand::random::<u32>());
    let hash = format!("{:064x}", rand::random::<u128>());
    store.insert_player(&id, name, &hash).await.expect("player");
    id
}

fn attempt<'a>(
    player: Option<&'a str>,
    puzzle: &'a str,
    solved: bool,
    streak: bool,
) -> AttemptWrite<'a> {
    AttemptWrite {
        player,
        puzzle,
        prior: prior(2, false),
        themes: &["short", "capture_chain"],
        solved,
        streak,
        browser: START,
        now: 1_000,
    }
}

on_both! {
    async fn a_players_first_try_rates_both_and_a_second_only_the_streak(store: Store) {
        let p = player(&store, "Neema").await;
        assert_eq!(store.puzzle_progress(&p).await.expect("progress"), None);
        let first = store
            .record_puzzle_attempt(&attempt(Some(&p), "kiswahili-0001", true, true))
            .await
            .expect("attempt");
        assert!(first.rated);
        assert!(first.rating.rating > START.rating);
        assert!(first.puzzle.glicko.rating < prior(2, false).rating);
        assert_eq!(first.puzzle.plays, 1);
        let again = store
            .record_puzzle_attempt(&attempt(Some(&p), "kiswahili-0001", false, true))
            .await
            .expect("again");
        assert!(!again.rated);
        assert_eq!(again.rating, first.rating);
        assert_eq!(again.puzzle, first.puzzle);
        let progress = store.puzzle_progress(&p).await.expect("progress").expect("some");
        assert_eq!((progress.counts.solved, progress.counts.failed), (1, 0));
        assert_eq!((progress.streak, progress.best_streak), (0, 1));
        assert_eq!(progress.themes["capture_chain"].solved, 1);
        assert!(!progress.themes.contains_key("all"));
        assert_eq!(
            store.tried_puzzles(&p).await.expect("tried"),
            ["kiswahili-0001".to_owned()].into_iter().collect()
        );
        let stored = store.puzzle_rating("kiswahili-0001").await.expect("rating");
        assert_eq!(stored, Some(first.puzzle));
        assert_eq!(store.puzzle_ratings().await.expect("all").len(), 1);
    }

    async fn a_browser_rates_the_puzzle_every_time(store: Store) {
        let mut mine = Glicko { rating: 1800.0, deviation: 100.0, volatility: 0.06 };
        let mut last = prior(2, false).rating;
        for _ in 0..3 {
            let mut a = attempt(None, "kimasai-0001", false, false);
            a.browser = mine;
            let done = store.record_puzzle_attempt(&a).await.expect("attempt");
            assert!(done.rated);
            assert!(done.rating.rating < mine.rating);
            assert!(done.puzzle.glicko.rating > last);
            last = done.puzzle.glicko.rating;
            mine = done.rating;
        }
        assert_eq!(store.puzzle_rating("kimasai-0001").await.expect("r").map(|r| r.plays), Some(3));
    }
}
