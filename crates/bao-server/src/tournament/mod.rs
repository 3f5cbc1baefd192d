//! Tournaments (protocol.md, "Tournaments"): arenas and Swiss events run by the server.
//!
//! Everything about a tournament is in the database (`store/tournaments.rs`); what to pair and how the
//! standings stand is computed from those rows by the `bao-tournament` crate. Every node runs a ticker
//! ([`Tournaments::start`]): once a second it starts the tournaments whose time has come, pairs the players of
//! running ones (an arena's waiting players; a Swiss event's next round once every game of the last one has
//! ended), ends them, and tells the players with a lobby socket on this node of their new games (`paired`,
//! with the tournament's id). Two nodes that compute the same pairing race to store it and one wins
//! ([`Store::pair_tournament_round`]): exactly one pairing per round.
//!
//! A player's seat token in a tournament's games is derived from their key and the tournament's id, so it is
//! the same in each of their games there and never crosses the network: the node holding their socket (or
//! answering their `GET /api/tournaments/{id}/me`) makes it from the key they gave.
//!
//! `api.rs` has the HTTP routes.

pub mod api;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use bao_core::{Side, Variant};
use bao_protocol::clock::TimeControl;
use bao_protocol::{LobbyServerMsg, SeatPlayer, StandingLine, TournamentPlayer};
use bao_tournament::{arena, swiss, Game, Outcome};

use crate::error::AppError;
use crate::lobby::{lobby_game, now_ms, Lobby};
use crate::store::tournaments::{EntrantRow, TournamentGameRow, TournamentRow};
use crate::store::Store;
use crate::tokens::derived_token;

/// How often a node looks at the running tournaments.
const TICK: Duration = Duration::from_secs(1);
/// Games paired within this long are told to their players' sockets (a socket opened a little late, or a
/// pairing stored by another node, is still told).
const TELL_WITHIN_MS: i64 = 10_000;

/// The context of a player's seat token in tournament `id`'s games.
pub fn token_context(id: &str) -> String {
    format!("tournament:{id}")
}

/// The tournaments' ticker of this node (cheap to clone).
#[derive(Clone, Debug)]
pub struct Tournaments {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    store: Store,
    lobby: Lobby,
    /// `game/player` pairs this node has told of their game, with when.
    told: Mutex<HashMap<String, i64>>,
    poke: tokio::sync::Notify,
}

impl Tournaments {
    /// Starts the ticker over `store`, telling players through `lobby`'s sockets; it runs until the last clone
    /// is dropped.
    pub fn start(store: Store, lobby: Lobby) -> Tournaments {
        let t = Tournaments {
            inner: Arc::new(Inner {
                store,
                lobby,
                told: Mutex::new(HashMap::new()),
                poke: tokio::sync::Notify::new(),
            }),
        };
        tokio::spawn(tick_while_alive(Arc::downgrade(&t.inner)));
        t
    }

    /// Wakes the ticker: a player joined or withdrew.
    pub fn poke(&self) {
        self.inner.poke.notify_one();
    }

    /// One round of the ticker over every tournament due.
    async fn tick(&self) -> Result<(), AppError> {
        let now = now_ms();
        for t in self.inner.store.tournaments_due(now).await? {
            if let Err(e) = self.advance(&t, now).await {
                tracing::warn!(tournament = %t.id, "tournament: {}", e.detail());
            }
        }
        Ok(())
    }

    /// Starts, pairs or ends tournament `t`, then tells this node's players of its new games.
    async fn advance(&self, t: &TournamentRow, now: i64) -> Result<(), AppError> {
        let store = &self.inner.store;
        let entrants = store.tournament_entrants(&t.id).await?;
        // A Swiss event waits at its start until two players are in; an arena starts on time.
        let ready = t.kind == "arena" || entrants.iter().filter(|e| e.active).count() >= 2;
        if t.status == "created"
            && (!ready
                || !store
                    .set_tournament_status(&t.id, "created", "started", now)
                    .await?)
        {
            return Ok(());
        }
        let games = store.tournament_games(&t.id).await?;
        match t.kind.as_str() {
            "arena" => self.advance_arena(t, &entrants, &games, now).await?,
            _ => self.advance_swiss(t, &entrants, &games, now).await?,
        }
        self.tell(t, &entrants, now).await
    }

    async fn advance_arena(
        &self,
        t: &TournamentRow,
        entrants: &[EntrantRow],
        games: &[TournamentGameRow],
        now: i64,
    ) -> Result<(), AppError> {
        if t.ends_at.is_some_and(|end| now >= end) {
            // Games being played finish by themselves; nobody is paired any more.
            self.inner
                .store
                .set_tournament_status(&t.id, "started", "finished", now)
                .await?;
            return Ok(());
        }
        let busy: HashSet<&str> = games
            .iter()
            .filter(|g| g.status != "finished")
            .flat_map(|g| [g.south.as_str(), g.north.as_str()])
            .collect();
        let scores = arena_scores(games);
        let waiting: Vec<arena::Waiting<String>> = entrants
            .iter()
            .filter(|e| e.active && !busy.contains(e.player_id.as_str()))
            .map(|e| {
                let last = games
                    .iter()
                    .rev()
                    .find(|g| g.south == e.player_id || g.north == e.player_id);
                let free_since = last.map_or(e.joined_at.max(t.starts_at), |g| {
                    g.updated_at.saturating_mul(1000)
                });
                let seat_balance: i32 = games
                    .iter()
                    .map(|g| i32::from(g.south == e.player_id) - i32::from(g.north == e.player_id))
                    .sum();
                arena::Waiting {
                    id: e.player_id.clone(),
                    rating: i32::try_from(e.rating).unwrap_or(1500),
                    points: scores.get(e.player_id.as_str()).map_or(0, |s| s.points),
                    last_opponent: last.map(|g| {
                        if g.south == e.player_id {
                            g.north.clone()
                        } else {
                            g.south.clone()
                        }
                    }),
                    waited_ms: u64::try_from(now - free_since).unwrap_or(0),
                    seat_balance,
                }
            })
            .collect();
        let pairs = arena::pair_waiting(&waiting);
        self.store_pairing(t, entrants, &pairs, None, now).await
    }

    async fn advance_swiss(
        &self,
        t: &TournamentRow,
        entrants: &[EntrantRow],
        games: &[TournamentGameRow],
        now: i64,
    ) -> Result<(), AppError> {
        if games.iter().any(|g| g.status != "finished") {
            return Ok(());
        }
        let rounds = swiss_rounds(games, &self.inner.store.tournament_byes(&t.id).await?);
        let players = swiss_players(entrants);
        let active = players.iter().filter(|p| p.active).count();
        // The last round has ended, or too few players are left to pair.
        if t.round >= t.rounds.unwrap_or(0) || active < 2 {
            self.inner
                .store
                .set_tournament_status(&t.id, "started", "finished", now)
                .await?;
            return Ok(());
        }
        let pairing = swiss::pair_round(&players, &rounds);
        self.store_pairing(t, entrants, &pairing.games, pairing.bye.as_deref(), now)
            .await
    }

    /// Stores the games of one pairing (and a bye) as round `t.round + 1`; another node may have stored it
    /// first, which is fine.
    async fn store_pairing(
        &self,
        t: &TournamentRow,
        entrants: &[EntrantRow],
        pairs: &[Game<String>],
        bye: Option<&str>,
        now: i64,
    ) -> Result<(), AppError> {
        if pairs.is_empty() && bye.is_none() {
            return Ok(());
        }
        let variant: Variant = t
            .variant
            .parse()
            .map_err(|_| AppError::UnknownVariant(t.variant.clone()))?;
        let clock: Option<TimeControl> = serde_json::from_str(&t.clock).ok();
        let hash_of = |id: &str| {
            entrants
                .iter()
                .find(|e| e.player_id == id)
                .map(|e| e.token_hash.clone())
        };
        let mut rows = Vec::with_capacity(pairs.len());
        for g in pairs {
            let (Some(south_hash), Some(north_hash)) = (hash_of(&g.south), hash_of(&g.north))
            else {
                continue;
            };
            let seat = |id: &str| SeatPlayer {
                id: id.to_owned(),
                name: String::new(),
                rating: None,
                deleted: false,
            };
            let row = lobby_game(
                variant,
                clock,
                [south_hash, north_hash],
                [seat(&g.south), seat(&g.north)],
                t.rated,
            );
            rows.push((row, g.south.clone(), g.north.clone()));
        }
        if self
            .inner
            .store
            .pair_tournament_round(&t.id, t.round + 1, &rows, bye, now)
            .await?
        {
            tracing::info!(tournament = %t.id, round = t.round + 1, games = rows.len(), "tournament pairing");
        }
        Ok(())
    }

    /// Tells the players of tournament `t`'s games paired lately who have a lobby socket on this node.
    async fn tell(
        &self,
        t: &TournamentRow,
        entrants: &[EntrantRow],
        now: i64,
    ) -> Result<(), AppError> {
        let games = self.inner.store.tournament_games(&t.id).await?;
        let mut told = self
            .inner
            .told
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        told.retain(|_, at| *at >= now - 2 * TELL_WITHIN_MS);
        for g in games
            .iter()
            .filter(|g| g.status != "finished" && g.created_at >= now - TELL_WITHIN_MS)
        {
            for (player, seat) in [(&g.south, Side::South), (&g.north, Side::North)] {
                // Each player once, as soon as a socket of theirs is here (one opened a moment after the
                // pairing is told too).
                let key = format!("{}/{player}", g.game_id);
                if told.contains_key(&key) || !entrants.iter().any(|e| &e.player_id == player) {
                    continue;
                }
                let reached = self
                    .inner
                    .lobby
                    .tell_player(player, |k| LobbyServerMsg::Paired {
                        seek: None,
                        tournament: Some(t.id.clone()),
                        game: g.game_id.clone(),
                        seat,
                        token: derived_token(&k.0, &token_context(&t.id)),
                    });
                if reached > 0 {
                    told.insert(key, now);
                }
            }
        }
        Ok(())
    }
}

/// The result of a finished tournament game for its South player (an aborted game counts as a draw).
fn outcome(g: &TournamentGameRow) -> Option<Outcome> {
    if g.status != "finished" {
        return None;
    }
    Some(match g.winner.as_deref() {
        Some("south") => Outcome::SouthWins,
        Some("north") => Outcome::NorthWins,
        _ => Outcome::Draw,
    })
}

/// Each arena player's score from the finished games, in the order they ended.
pub fn arena_scores(games: &[TournamentGameRow]) -> HashMap<&str, arena::Score> {
    let mut finished: Vec<&TournamentGameRow> =
        games.iter().filter(|g| g.status == "finished").collect();
    finished.sort_by_key(|g| (g.updated_at, g.created_at));
    let mut scores: HashMap<&str, arena::Score> = HashMap::new();
    for g in finished {
        let game = Game {
            south: g.south.as_str(),
            north: g.north.as_str(),
            outcome: outcome(g),
        };
        for (player, seat) in [
            (g.south.as_str(), bao_tournament::Seat::South),
            (g.north.as_str(), bao_tournament::Seat::North),
        ] {
            if let Some(result) = game.result_for(seat) {
                let s = scores.entry(player).or_default();
                *s = s.after(result);
            }
        }
    }
    scores
}

/// A Swiss event's rounds as the pairing crate reads them.
pub fn swiss_rounds(
    games: &[TournamentGameRow],
    byes: &[(i64, String)],
) -> Vec<swiss::Round<String>> {
    let last = games
        .iter()
        .map(|g| g.round)
        .chain(byes.iter().map(|b| b.0))
        .max()
        .unwrap_or(0);
    (1..=last)
        .map(|r| swiss::Round {
            games: games
                .iter()
                .filter(|g| g.round == r)
                .map(|g| Game {
                    south: g.south.clone(),
                    north: g.north.clone(),
                    outcome: outcome(g),
                })
                .collect(),
            bye: byes.iter().find(|b| b.0 == r).map(|b| b.1.clone()),
        })
        .collect()
}

fn swiss_players(entrants: &[EntrantRow]) -> Vec<swiss::Player<String>> {
    entrants
        .iter()
        .map(|e| swiss::Player {
            id: e.player_id.clone(),
            rating: i32::try_from(e.rating).unwrap_or(1500),
            active: e.active,
        })
        .collect()
}

/// The standings of tournament `t`, best first.
pub fn standings(
    t: &TournamentRow,
    entrants: &[EntrantRow],
    games: &[TournamentGameRow],
    byes: &[(i64, String)],
) -> Vec<StandingLine> {
    let player = |id: &str| {
        let e = entrants.iter().find(|e| e.player_id == id);
        (
            TournamentPlayer {
                id: id.to_owned(),
                name: e.map(|e| e.name.clone()).unwrap_or_default(),
            },
            e.map_or(0, |e| e.rating),
            e.is_some_and(|e| e.active),
        )
    };
    if t.kind == "arena" {
        let scores = arena_scores(games);
        let lines: Vec<(String, i32, arena::Score)> = entrants
            .iter()
            .map(|e| {
                let s = scores
                    .get(e.player_id.as_str())
                    .copied()
                    .unwrap_or_default();
                (
                    e.player_id.clone(),
                    i32::try_from(e.rating).unwrap_or(1500),
                    s,
                )
            })
            .collect();
        arena::standings(&lines)
            .into_iter()
            .map(|line| {
                let (p, rating, active) = player(&line.id);
                StandingLine {
                    player: p,
                    score: f64::from(line.score.points),
                    games: line.score.games,
                    rating,
                    active,
                    on_streak: line.score.on_streak(),
                    buchholz: None,
                    sonneborn_berger: None,
                }
            })
            .collect()
    } else {
        let rounds = swiss_rounds(games, byes);
        swiss::standings(&swiss_players(entrants), &rounds)
            .into_iter()
            .map(|line| {
                let (p, rating, active) = player(&line.id);
                StandingLine {
                    player: p,
                    score: f64::from(line.score) / 2.0,
                    games: line.games,
                    rating,
                    active,
                    on_streak: false,
                    buchholz: Some(f64::from(line.buchholz) / 2.0),
                    sonneborn_berger: Some(f64::from(line.sonneborn_berger) / 4.0),
                }
            })
            .collect()
    }
}

/// Runs the ticker until the service is dropped.
async fn tick_while_alive(inner: Weak<Inner>) {
    loop {
        let Some(strong) = inner.upgrade() else {
            return;
        };
        let t = Tournaments { inner: strong };
        if let Err(e) = t.tick().await {
            tracing::warn!("tournaments: {}", e.detail());
        }
        let poked = Arc::clone(&t.inner);
        drop(t);
        tokio::select! {
            () = poked.poke.notified() => {}
            () = tokio::time::sleep(TICK) => {}
        }
        drop(poked);
    }
}
