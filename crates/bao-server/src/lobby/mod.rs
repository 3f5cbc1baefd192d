//! The lobby (protocol.md, "Lobby and quick pairing"): open seeks that another player accepts, and pools where
//! the server pairs two waiting players.
//!
//! The database holds every seek and pool place (`store/lobby.rs`): a seek is accepted and a place paired by
//! one conditional update in the transaction that stores the game, so exactly once however many nodes and
//! clicks race for it. Each node keeps only what its own lobby sockets need: a copy of the open seeks, which
//! its ticker refreshes from the database (at once after a change made here, at least every second otherwise,
//! so that the other nodes' changes arrive within a second) and whose changes it sends to its sockets; the
//! sockets of its players, to tell them of their games (`paired`); its sockets' pool places, which it tries
//! to pair and keeps alive.
//!
//! The seat tokens of games made for a player who is not the one asking (a seek's creator, the two players of
//! a pool) never cross the network between nodes: each is derived from the player's key and the seek's or
//! place's id ([`derived_token`]), the game stores its hash, and the node holding the player's socket, which
//! knows the key, gives it to them.
//!
//! `api.rs` has the HTTP routes, `socket.rs` the lobby's WebSocket.

pub mod api;
pub mod socket;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use bao_core::{Side, Variant};
use bao_protocol::clock::TimeControl;
use bao_protocol::{LobbyServerMsg, SeatChoice, SeatKind, SeatPlayer, Seek};
use tokio::sync::{broadcast, mpsc, Notify};

use crate::error::AppError;
use crate::players::PlayerKey;
use crate::store::lobby::{PoolEntryRow, SeekRow};
use crate::store::{GameRow, PlayerRow, Store};
use crate::tokens::{derived_token, hash_token, new_game_id};

/// How often a node refreshes its copy of the open seeks and looks for pairings made elsewhere.
const TICK: Duration = Duration::from_secs(1);
/// Most seeks shown (a lobby this full is a flood; the oldest stay).
const MAX_SEEKS: i64 = 2000;
/// Messages waiting for one lobby socket before it is too slow to keep.
const SOCKET_QUEUE: usize = 64;
/// Accepted seeks and lapsed places are kept this long (ms) before they are deleted.
const KEEP_MS: i64 = 10 * 60 * 1000;

/// Unix milliseconds now.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// The lobby of this node (cheap to clone).
#[derive(Clone, Debug)]
pub struct Lobby {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    store: Store,
    node: String,
    /// How long a live seek outlives its creator's last socket, and a place a node that stopped renewing it.
    grace: Duration,
    /// The lobby's changes, as JSON text, for every lobby socket of this node.
    events: broadcast::Sender<Arc<str>>,
    local: Mutex<Local>,
    /// Wakes the ticker at once (after a change made on this node).
    poke: Notify,
}

/// What this node keeps of the lobby.
#[derive(Debug, Default)]
struct Local {
    /// The open seeks, oldest first, as last read.
    seeks: Vec<Seek>,
    /// This node's lobby sockets.
    conns: HashMap<u64, Conn>,
    /// The pool places of this node's sockets, by place id.
    places: HashMap<String, Place>,
    /// Accepted seeks whose creator was told (seek id → when accepted, ms), so that they are told once.
    told: HashMap<String, i64>,
}

/// One lobby socket.
#[derive(Debug)]
struct Conn {
    /// Its player, if it said who.
    player: Option<(String, PlayerKey)>,
    /// Its messages.
    tx: mpsc::Sender<Arc<str>>,
}

/// A pool place of one of this node's sockets.
#[derive(Debug, Clone)]
struct Place {
    conn: u64,
    player_id: String,
    token: String,
    pool: Pool,
    joined_at: i64,
}

/// One pool: a variant, a live clock, rated or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    /// The variant.
    pub variant: Variant,
    /// The live clock.
    pub clock: TimeControl,
    /// Rated or casual.
    pub rated: bool,
}

impl Pool {
    /// The pool's key in the database.
    fn key(self) -> String {
        let clock = match self.clock {
            TimeControl::Live {
                initial_s,
                increment_s,
            } => format!("{initial_s}+{increment_s}"),
            TimeControl::Correspondence { days } => format!("{days}d"),
        };
        let rated = if self.rated { "rated" } else { "casual" };
        format!("{}/{clock}/{rated}", self.variant.name())
    }
}

/// A socket's handle on the lobby: its id, the lobby's changes and its own messages. Dropping it leaves the
/// lobby (its pool place goes, its player's seeks lapse after the grace unless another socket holds them).
#[derive(Debug)]
pub struct Joined {
    /// The socket's id.
    pub conn: u64,
    /// The lobby's changes.
    pub events: broadcast::Receiver<Arc<str>>,
    /// Messages for this socket alone (`paired`).
    pub direct: mpsc::Receiver<Arc<str>>,
}

/// The public view of a stored seek.
fn seek_view(s: &SeekRow) -> Seek {
    let seat = match s.seat.as_str() {
        "south" => SeatChoice::South,
        "north" => SeatChoice::North,
        _ => SeatChoice::Random,
    };
    Seek {
        id: s.id.clone(),
        variant: s.variant.clone(),
        clock: s
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str(c).ok()),
        seat,
        rated: s.rated,
        player: SeatPlayer {
            id: s.player_id.clone(),
            name: s.player_name.clone(),
            rating: None,
            deleted: false,
        },
    }
}

fn text(msg: &LobbyServerMsg) -> Arc<str> {
    Arc::from(msg.to_json())
}

/// The seat of a seek's creator: as asked, or by a coin toss.
pub fn creator_seat(seat: &str) -> Side {
    match seat {
        "south" => Side::South,
        "north" => Side::North,
        _ if rand::random::<bool>() => Side::South,
        _ => Side::North,
    }
}

/// How far apart two pool players' ratings may start being for a pairing.
pub const RANGE_START: f64 = 100.0;
/// How much that range widens each second a player waits.
pub const RANGE_WIDENS_PER_S: f64 = 25.0;
/// After this long in a pool, a player is paired with anyone (ms).
pub const ANYONE_AFTER_MS: i64 = 20_000;

/// How far from their rating a pool player accepts an opponent after waiting `waited_ms` (`None`: anyone).
pub fn rating_range(waited_ms: i64) -> Option<f64> {
    (waited_ms < ANYONE_AFTER_MS)
        .then(|| RANGE_START + RANGE_WIDENS_PER_S * (waited_ms.max(0) as f64 / 1000.0))
}

/// A pool player as the pairing sees them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// Their rating in the pool's variant (1500 before their first rated game).
    pub rating: f64,
    /// When they joined the pool, Unix ms.
    pub joined_at: i64,
}

/// The index in `others` (longest waiting first) of `me`'s opponent at `now`: of those whose rating both
/// accept (each one's range around their own rating, widening with their wait), the closest rating, the
/// longest waiting among equals. `None`: nobody yet.
pub fn choose_opponent(me: &Candidate, others: &[Candidate], now: i64) -> Option<usize> {
    let accepts =
        |c: &Candidate, gap: f64| rating_range(now - c.joined_at).is_none_or(|r| gap <= r);
    others
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            let gap = (o.rating - me.rating).abs();
            accepts(me, gap) && accepts(o, gap)
        })
        .min_by(|(i, a), (j, b)| {
            let (ga, gb) = ((a.rating - me.rating).abs(), (b.rating - me.rating).abs());
            ga.total_cmp(&gb).then(i.cmp(j))
        })
        .map(|(i, _)| i)
}

/// A game between two players, both seats held by their token hashes, listed for watching; rated when
/// asked (and the players are two).
pub fn lobby_game(
    variant: Variant,
    clock: Option<TimeControl>,
    hashes: [String; 2],
    players: [SeatPlayer; 2],
    rated: bool,
) -> GameRow {
    let [south_hash, north_hash] = hashes;
    let mut row = GameRow::new(
        variant,
        [SeatKind::Human; 2],
        [Some(south_hash), Some(north_hash)],
        None,
    );
    row.clock = clock;
    let [south, north] = players;
    row.rated = rated && south.id != north.id;
    row.players = [Some(south), Some(north)];
    row.listed = true;
    row
}

fn seat_player(id: &str) -> SeatPlayer {
    SeatPlayer {
        id: id.to_owned(),
        name: String::new(),
        rating: None,
        deleted: false,
    }
}

impl Lobby {
    /// The lobby of node `node` over `store`; live seeks outlive their creator's socket by `grace`. Its ticker
    /// runs until the lobby is dropped.
    pub fn start(store: Store, node: &str, grace: Duration) -> Lobby {
        let (events, _) = broadcast::channel(256);
        let lobby = Lobby {
            inner: Arc::new(Inner {
                store,
                node: node.to_owned(),
                grace,
                events,
                local: Mutex::new(Local::default()),
                poke: Notify::new(),
            }),
        };
        tokio::spawn(tick_while_alive(Arc::downgrade(&lobby.inner)));
        lobby
    }

    fn local(&self) -> std::sync::MutexGuard<'_, Local> {
        // A panic while holding the lock leaves plain data behind: carry on with it.
        self.inner
            .local
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// How long a live seek outlives its creator's socket.
    pub fn grace(&self) -> Duration {
        self.inner.grace
    }

    /// The open seeks as this node last read them, oldest first.
    pub fn seeks(&self) -> Vec<Seek> {
        self.local().seeks.clone()
    }

    /// Whether player `player` has a lobby socket on this node (then it holds their live seeks).
    pub fn holds(&self, player: &str) -> bool {
        self.local()
            .conns
            .values()
            .any(|c| c.player.as_ref().is_some_and(|(id, _)| id == player))
    }

    /// Sends each lobby socket of `player` open on this node the message `msg` makes with the key that socket
    /// gave (for a seat token derived from it). Returns how many sockets were told.
    pub fn tell_player(&self, player: &str, msg: impl Fn(&PlayerKey) -> LobbyServerMsg) -> usize {
        let local = self.local();
        let mut told = 0;
        for (conn, c) in &local.conns {
            if let Some((_, key)) = c.player.as_ref().filter(|(id, _)| id == player) {
                Self::send(&local, *conn, text(&msg(key)));
                told += 1;
            }
        }
        told
    }

    /// Lobby sockets open on this node.
    pub fn sockets(&self) -> usize {
        self.local().conns.len()
    }

    /// Pool places of this node's sockets.
    pub fn waiting(&self) -> usize {
        self.local().places.len()
    }

    /// Wakes the ticker: something changed in the database.
    pub fn poke(&self) {
        self.inner.poke.notify_one();
    }

    /// A new lobby socket `conn`, of `player` if it said who (with the key it gave). Their live seeks are
    /// held by this node from now on.
    pub async fn join(
        &self,
        conn: u64,
        player: Option<(PlayerRow, PlayerKey)>,
    ) -> Result<Joined, AppError> {
        if let Some((p, _)) = &player {
            let until = now_ms() + self.grace_ms();
            self.inner
                .store
                .hold_seeks(&p.id, &self.inner.node, until)
                .await?;
        }
        let (tx, direct) = mpsc::channel(SOCKET_QUEUE);
        let events = self.inner.events.subscribe();
        self.local().conns.insert(
            conn,
            Conn {
                player: player.map(|(p, key)| (p.id, key)),
                tx,
            },
        );
        // Seeks accepted during the grace of a reload are told to the new socket.
        self.poke();
        Ok(Joined {
            conn,
            events,
            direct,
        })
    }

    /// Socket `conn` left: its pool place goes, and its player's seeks lapse after the grace unless another
    /// of their sockets holds them.
    pub async fn leave(&self, conn: u64) {
        let (player, places) = {
            let mut local = self.local();
            let player = local.conns.remove(&conn).and_then(|c| c.player);
            let places: Vec<String> = local
                .places
                .iter()
                .filter(|(_, p)| p.conn == conn)
                .map(|(id, _)| id.clone())
                .collect();
            for id in &places {
                local.places.remove(id);
            }
            let still_here = player.as_ref().is_some_and(|(id, _)| {
                local
                    .conns
                    .values()
                    .any(|c| c.player.as_ref().is_some_and(|(other, _)| other == id))
            });
            (player.filter(|_| !still_here), places)
        };
        for id in places {
            if let Err(e) = self.inner.store.leave_pool(&id).await {
                tracing::warn!("lobby: cannot remove pool place {id}: {}", e);
            }
        }
        if let Some((id, _)) = player {
            if let Err(e) = self.inner.store.release_seeks(&id, &self.inner.node).await {
                tracing::warn!("lobby: cannot release the seeks of player {id}: {e}");
            }
        }
    }

    fn grace_ms(&self) -> i64 {
        i64::try_from(self.inner.grace.as_millis()).unwrap_or(i64::MAX / 4)
    }

    /// Socket `conn` of player `player` (with `key`) waits in `pool` (leaving any pool it was in).
    pub async fn pool_join(
        &self,
        conn: u64,
        player: &str,
        key: &PlayerKey,
        pool: Pool,
    ) -> Result<(), AppError> {
        self.pool_leave(conn).await?;
        let id = new_game_id();
        let token = derived_token(&key.0, &format!("pool:{id}"));
        let now = now_ms();
        let row = PoolEntryRow {
            id: id.clone(),
            pool: pool.key(),
            player_id: player.to_owned(),
            token_hash: hash_token(&token),
            joined_at: now,
            alive_until: now + self.grace_ms(),
            holder: self.inner.node.clone(),
        };
        self.inner.store.insert_pool_entry(&row).await?;
        self.local().places.insert(
            id,
            Place {
                conn,
                player_id: player.to_owned(),
                token,
                pool,
                joined_at: now,
            },
        );
        self.poke();
        Ok(())
    }

    /// Socket `conn` leaves its pool, if it is in one. A place paired meanwhile keeps its game (its
    /// `paired` comes).
    pub async fn pool_leave(&self, conn: u64) -> Result<(), AppError> {
        let ids: Vec<String> = self
            .local()
            .places
            .iter()
            .filter(|(_, p)| p.conn == conn)
            .map(|(id, _)| id.clone())
            .collect();
        for id in ids {
            if self.inner.store.leave_pool(&id).await? {
                self.local().places.remove(&id);
            } else {
                // Paired already: the ticker tells the socket.
                self.poke();
            }
        }
        Ok(())
    }

    /// Sends `msg` to socket `conn`; a socket whose queue is full is too slow and misses it.
    fn send(local: &Local, conn: u64, msg: Arc<str>) {
        if let Some(c) = local.conns.get(&conn) {
            let _ = c.tx.try_send(msg);
        }
    }

    /// One round of the ticker: reads the open seeks and tells the sockets what changed, tells creators of
    /// their accepted seeks, pairs this node's pool places, tells their players.
    async fn tick(&self, renew: bool) -> Result<(), AppError> {
        let now = now_ms();
        let store = &self.inner.store;
        // Only a node with lobby sockets has seeks and places to renew: an idle node writes nothing.
        let busy = {
            let local = self.local();
            !local.conns.is_empty() || !local.places.is_empty()
        };
        if renew && busy {
            store
                .renew_lobby(&self.inner.node, now + self.grace_ms(), now - KEEP_MS)
                .await?;
        }
        let open: Vec<Seek> = store
            .open_seeks(now, MAX_SEEKS)
            .await?
            .iter()
            .map(seek_view)
            .collect();
        {
            let mut local = self.local();
            let before: HashSet<&str> = local.seeks.iter().map(|s| s.id.as_str()).collect();
            let after: HashSet<&str> = open.iter().map(|s| s.id.as_str()).collect();
            for gone in local
                .seeks
                .iter()
                .filter(|s| !after.contains(s.id.as_str()))
            {
                let _ = self.inner.events.send(text(&LobbyServerMsg::SeekRemoved {
                    id: gone.id.clone(),
                }));
            }
            for new in open.iter().filter(|s| !before.contains(s.id.as_str())) {
                let _ = self
                    .inner
                    .events
                    .send(text(&LobbyServerMsg::SeekAdded { seek: new.clone() }));
            }
            local.seeks = open;
        }
        // Accepted seeks whose creator has a socket here (within the grace of a reload, too).
        let since = now - self.grace_ms() - 2 * i64::try_from(TICK.as_millis()).unwrap_or(1000);
        let accepted = store.seek_pairings(since).await?;
        {
            let mut local = self.local();
            local.told.retain(|_, at| *at >= since);
            for p in accepted {
                if local.told.contains_key(&p.id) {
                    continue;
                }
                let to: Vec<(u64, String)> = local
                    .conns
                    .iter()
                    .filter_map(|(conn, c)| {
                        c.player
                            .as_ref()
                            .filter(|(id, _)| *id == p.player_id)
                            .map(|(_, key)| {
                                (*conn, derived_token(&key.0, &format!("seek:{}", p.id)))
                            })
                    })
                    .collect();
                if to.is_empty() {
                    continue;
                }
                for (conn, token) in to {
                    let msg = LobbyServerMsg::Paired {
                        seek: Some(p.id.clone()),
                        tournament: None,
                        game: p.game_id.clone(),
                        seat: p.seat,
                        token,
                    };
                    Self::send(&local, conn, text(&msg));
                }
                local.told.insert(p.id, now);
            }
        }
        self.pair_places(now).await?;
        self.tell_pairings().await
    }

    /// Tries to pair each of this node's waiting places with the longest-waiting other player of its pool (on
    /// any node).
    async fn pair_places(&self, now: i64) -> Result<(), AppError> {
        let mut mine: Vec<(String, Place)> = self
            .local()
            .places
            .iter()
            .map(|(id, p)| (id.clone(), p.clone()))
            .collect();
        mine.sort_by_key(|(id, p)| (p.joined_at, id.clone()));
        let mut paired: HashSet<String> = HashSet::new();
        for (id, place) in mine {
            if paired.contains(&id) {
                continue;
            }
            let waiting = self
                .inner
                .store
                .pool_waiting(&place.pool.key(), now, 50)
                .await?;
            let Some(me) = waiting.iter().find(|e| e.id == id) else {
                continue;
            };
            let players: Vec<&str> = waiting.iter().map(|e| e.player_id.as_str()).collect();
            let ratings = self
                .inner
                .store
                .ratings_of(place.pool.variant.name(), &players)
                .await?;
            let rating = |e: &PoolEntryRow| {
                ratings
                    .get(&e.player_id)
                    .copied()
                    .unwrap_or(crate::ratings::START_RATING)
            };
            let candidates: Vec<Candidate> = waiting
                .iter()
                .filter(|e| e.id != id && e.player_id != place.player_id && !paired.contains(&e.id))
                .map(|e| Candidate {
                    rating: rating(e),
                    joined_at: e.joined_at,
                })
                .collect();
            let me_now = Candidate {
                rating: rating(me),
                joined_at: me.joined_at,
            };
            let Some(pick) = choose_opponent(&me_now, &candidates, now) else {
                continue;
            };
            let Some(other) = waiting
                .iter()
                .filter(|e| e.id != id && e.player_id != place.player_id && !paired.contains(&e.id))
                .nth(pick)
            else {
                continue;
            };
            let (south, north) = if rand::random::<bool>() {
                (me, other)
            } else {
                (other, me)
            };
            let row = lobby_game(
                place.pool.variant,
                Some(place.pool.clock),
                [south.token_hash.clone(), north.token_hash.clone()],
                [seat_player(&south.player_id), seat_player(&north.player_id)],
                place.pool.rated,
            );
            if self
                .inner
                .store
                .pair_pool(&south.id, &north.id, now, &row)
                .await?
            {
                tracing::info!(game = %row.id, pool = %place.pool.key(), "pool pairing");
                paired.insert(south.id.clone());
                paired.insert(north.id.clone());
            }
        }
        Ok(())
    }

    /// Tells the players of this node's paired places of their games.
    async fn tell_pairings(&self) -> Result<(), AppError> {
        let store = &self.inner.store;
        for p in store.pool_pairings(&self.inner.node).await? {
            {
                let mut local = self.local();
                if let Some(place) = local.places.remove(&p.id) {
                    let msg = LobbyServerMsg::Paired {
                        seek: None,
                        tournament: None,
                        game: p.game_id.clone(),
                        seat: p.seat,
                        token: place.token.clone(),
                    };
                    Self::send(&local, place.conn, text(&msg));
                }
            }
            store.forget_pool_entry(&p.id).await?;
        }
        Ok(())
    }
}

/// Runs the ticker of the lobby `inner` until it is dropped: a round every [`TICK`] or when poked; the places
/// and seeks this node holds are renewed every third of the grace.
async fn tick_while_alive(inner: Weak<Inner>) {
    let mut last_renew = tokio::time::Instant::now();
    loop {
        let Some(strong) = inner.upgrade() else {
            return;
        };
        let lobby = Lobby { inner: strong };
        let renew_every = (lobby.inner.grace / 3).max(Duration::from_millis(100));
        let renew = last_renew.elapsed() >= renew_every;
        if renew {
            last_renew = tokio::time::Instant::now();
        }
        if let Err(e) = lobby.tick(renew).await {
            tracing::warn!("lobby: {}", e.detail());
        }
        let wait = TICK.min(renew_every);
        let poked = Arc::clone(&lobby.inner);
        drop(lobby);
        // Only the Arc's own notify is awaited: the lobby may be dropped meanwhile (then the next round ends).
        tokio::select! {
            () = poked.poke.notified() => {}
            () = tokio::time::sleep(wait) => {}
        }
        drop(poked);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rating: f64, joined_at: i64) -> Candidate {
        Candidate { rating, joined_at }
    }

    #[test]
    fn the_range_widens_with_the_wait_then_takes_anyone() {
        assert_eq!(rating_range(0), Some(RANGE_START));
        assert_eq!(
            rating_range(4_000),
            Some(RANGE_START + 4.0 * RANGE_WIDENS_PER_S)
        );
        assert!(rating_range(ANYONE_AFTER_MS - 1).is_some());
        assert_eq!(rating_range(ANYONE_AFTER_MS), None);
    }

    #[test]
    fn the_closest_rating_is_paired_first_not_the_longest_waiting() {
        let me = at(1500.0, 1_000);
        let others = [at(1590.0, 0), at(1520.0, 500), at(1480.0, 900)];
        assert_eq!(choose_opponent(&me, &others, 1_000), Some(1));
        // Equally close: the longest waiting.
        let tie = [at(1550.0, 0), at(1450.0, 10)];
        assert_eq!(choose_opponent(&me, &tie, 1_000), Some(0));
    }

    #[test]
    fn ratings_far_apart_wait_until_both_ranges_reach_or_anyone_goes() {
        let me = at(1500.0, 0);
        let far = [at(1900.0, 0)];
        // 400 apart: both ranges must reach 400 (12 s of waiting at 25 a second beyond the first 100).
        assert_eq!(choose_opponent(&me, &far, 0), None);
        assert_eq!(choose_opponent(&me, &far, 11_000), None);
        assert_eq!(choose_opponent(&me, &far, 12_000), Some(0));
        // One who just came in does not take a far opponent who has waited long…
        let newcomer = at(1500.0, 30_000);
        assert_eq!(choose_opponent(&newcomer, &[at(2100.0, 0)], 30_000), None);
        // …until it has waited long enough itself.
        assert_eq!(
            choose_opponent(&newcomer, &[at(2100.0, 0)], 30_000 + ANYONE_AFTER_MS),
            Some(0)
        );
        assert_eq!(choose_opponent(&me, &[], 99_000), None);
    }
}
