//! Limits per client address: games created, analyses and game summaries asked for, WebSocket connections
//! open and opened, WebSocket messages.
//!
//! They are per address and not per socket, so that reconnecting does not start afresh. An IPv6 client counts
//! by its /64, which one subscriber usually holds whole (rotating inside it must not multiply the
//! allowance). The rates are GCRA limiters from `governor`, keyed by [`ClientKey`].

use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, RateLimiter};

use crate::rates::quota;

use crate::config::Config;
use crate::error::AppError;
use crate::metrics::{Limit, Refusals};

/// How long a client over the socket cap is told to wait: sockets close at no predictable time.
const SOCKETS_RETRY_AFTER: Duration = Duration::from_secs(10);

/// A client address as the limits count it: an IPv4 address, or the /64 network of an IPv6 one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    /// The key of `ip`. IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`, from dual-stack sockets) count as
    /// their IPv4 address.
    pub fn of(ip: IpAddr) -> ClientKey {
        match ip {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let net = u128::from(v6) & !((1u128 << 64) - 1);
                    ClientKey(IpAddr::V6(Ipv6Addr::from(net)))
                }
            },
        }
    }

    /// The address (or IPv6 network) counted.
    pub fn ip(self) -> IpAddr {
        self.0
    }
}

impl fmt::Display for ClientKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// The per-address limits the HTTP handlers and sockets share.
#[derive(Debug)]
pub struct AddressLimits {
    create: DefaultKeyedRateLimiter<ClientKey>,
    analysis: DefaultKeyedRateLimiter<ClientKey>,
    summaries: DefaultKeyedRateLimiter<ClientKey>,
    connect: DefaultKeyedRateLimiter<ClientKey>,
    messages: DefaultKeyedRateLimiter<ClientKey>,
    pool_joins: DefaultKeyedRateLimiter<ClientKey>,
    sign_ins: DefaultKeyedRateLimiter<ClientKey>,
    puzzle_attempts: DefaultKeyedRateLimiter<ClientKey>,
    /// Name changes, by player id.
    renames: DefaultKeyedRateLimiter<String>,
    sockets: Arc<Mutex<HashMap<ClientKey, u32>>>,
    max_sockets: u32,
    clock: DefaultClock,
    refusals: Refusals,
}

impl AddressLimits {
    /// The limits of `config`; each refusal is counted in `refusals`.
    pub fn new(config: &Config, refusals: Refusals) -> AddressLimits {
        let per_minute = config.create_per_minute;
        AddressLimits {
            create: RateLimiter::keyed(quota(per_minute / 60.0, per_minute.max(1.0))),
            analysis: RateLimiter::keyed(quota(
                config.analysis_per_minute / 60.0,
                config.analysis_per_minute.max(1.0),
            )),
            summaries: RateLimiter::keyed(quota(
                config.status_per_minute / 60.0,
                config.status_per_minute.max(1.0),
            )),
            connect: RateLimiter::keyed(quota(config.ws_connect_rate, config.ws_connect_burst)),
            messages: RateLimiter::keyed(quota(config.ws_address_rate, config.ws_address_burst)),
            pool_joins: RateLimiter::keyed(quota(
                config.pool_joins_per_minute / 60.0,
                config.pool_joins_per_minute.max(1.0),
            )),
            sign_ins: RateLimiter::keyed(quota(
                config.sign_ins_per_minute / 60.0,
                config.sign_ins_per_minute.max(1.0),
            )),
            puzzle_attempts: RateLimiter::keyed(quota(
                config.puzzle_attempts_per_minute / 60.0,
                config.puzzle_attempts_per_minute.max(1.0),
            )),
            renames: RateLimiter::keyed(quota(
                config.renames_per_hour / 3600.0,
                config.renames_per_hour.max(1.0),
            )),
            sockets: Arc::default(),
            max_sockets: config.ws_per_address,
            clock: DefaultClock::default(),
            refusals,
        }
    }

    /// Takes one from `key`'s allowance of `limiter` (the one for `limit`); the error says how long to wait.
    fn check(
        &self,
        limiter: &DefaultKeyedRateLimiter<ClientKey>,
        limit: Limit,
        key: ClientKey,
    ) -> Result<(), Duration> {
        limiter.check_key(&key).map_err(|not_until| {
            self.refusals.refused(limit);
            not_until.wait_time_from(self.clock.now())
        })
    }

    /// Whether `key` may create another game now; the error says how long to wait.
    pub fn create(&self, key: ClientKey) -> Result<(), AppError> {
        self.check(&self.create, Limit::Create, key)
            .map_err(|wait| AppError::RateLimited {
                message: "too many games created; try again in a moment",
                retry_after: wait,
            })
    }

    /// Whether `key` may ask for another analysis (`POST /api/analysis`) now.
    pub fn analysis(&self, key: ClientKey) -> Result<(), AppError> {
        self.check(&self.analysis, Limit::Analysis, key)
            .map_err(|wait| AppError::RateLimited {
                message: "too many analyses asked for; try again in a moment",
                retry_after: wait,
            })
    }

    /// Whether `key` may ask for the summaries of its games (`POST /api/games/status`) now.
    pub fn summaries(&self, key: ClientKey) -> Result<(), AppError> {
        self.check(&self.summaries, Limit::Summaries, key)
            .map_err(|wait| AppError::RateLimited {
                message: "too many status requests; try again in a moment",
                retry_after: wait,
            })
    }

    /// Whether `key` may join a quick-pairing pool now.
    pub fn pool_join(&self, key: ClientKey) -> Result<(), AppError> {
        self.check(&self.pool_joins, Limit::PoolJoins, key)
            .map_err(|wait| AppError::RateLimited {
                message: "too many pool joins; try again in a moment",
                retry_after: wait,
            })
    }

    /// Whether `key` may try to sign in (with a passkey or a link) now.
    pub fn sign_in(&self, key: ClientKey) -> Result<(), AppError> {
        self.check(&self.sign_ins, Limit::SignIns, key)
            .map_err(|wait| AppError::RateLimited {
                message: "too many sign-in attempts; try again in a minute",
                retry_after: wait,
            })
    }

    /// Whether `key` may report another puzzle attempt now.
    pub fn puzzle_attempt(&self, key: ClientKey) -> Result<(), AppError> {
        self.check(&self.puzzle_attempts, Limit::PuzzleAttempts, key)
            .map_err(|wait| AppError::RateLimited {
                message: "too many puzzle attempts; try again in a moment",
                retry_after: wait,
            })
    }

    /// Whether player `player` may change their name now.
    pub fn rename(&self, player: &str) -> Result<(), AppError> {
        self.renames
            .check_key(&player.to_owned())
            .map_err(|not_until| {
                self.refusals.refused(Limit::Renames);
                AppError::RateLimited {
                    message: "too many name changes; try again later",
                    retry_after: not_until.wait_time_from(self.clock.now()),
                }
            })
    }

    /// Counts a refused seek (the counts of open seeks are the database's: `lobby::api`).
    pub fn seek_refused(&self) {
        self.refusals.refused(Limit::Seeks);
    }

    /// A place for one more socket of `key`, within the cap on open sockets and the rate of new ones. The
    /// place is given back when the returned [`SocketSlot`] is dropped.
    pub fn open_socket(&self, key: ClientKey) -> Result<SocketSlot, AppError> {
        let mut open = self
            .sockets
            .lock()
            .map_err(|_| AppError::Internal("socket counts poisoned".into()))?;
        if open.get(&key).copied().unwrap_or(0) >= self.max_sockets {
            self.refusals.refused(Limit::SocketsOpen);
            return Err(AppError::RateLimited {
                message: "too many connections from your address",
                retry_after: SOCKETS_RETRY_AFTER,
            });
        }
        // Counted only when the cap lets it through, so that refused attempts do not use up the rate.
        self.check(&self.connect, Limit::SocketsOpened, key)
            .map_err(|wait| AppError::RateLimited {
                message: "too many new connections from your address; try again in a moment",
                retry_after: wait,
            })?;
        *open.entry(key).or_insert(0) += 1;
        Ok(SocketSlot {
            sockets: Arc::clone(&self.sockets),
            key,
        })
    }

    /// Takes one message of `key`'s allowance (all its sockets together); false when it is used up.
    pub fn message(&self, key: ClientKey) -> bool {
        let ok = self.messages.check_key(&key).is_ok();
        if !ok {
            self.refusals.refused(Limit::AddressMessages);
        }
        ok
    }

    /// The most sockets one address holds open now (for `/metrics`: how near the busiest address is to
    /// `--ws-per-address`).
    pub fn most_sockets(&self) -> u32 {
        self.sockets
            .lock()
            .map(|open| open.values().copied().max().unwrap_or(0))
            .unwrap_or(0)
    }

    /// Forgets the addresses whose allowances are full again (they are as good as new), so that the maps do
    /// not grow with every address ever seen.
    pub fn forget_idle(&self) {
        for limiter in [
            &self.create,
            &self.analysis,
            &self.summaries,
            &self.connect,
            &self.messages,
            &self.pool_joins,
            &self.sign_ins,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        self.renames.retain_recent();
        self.renames.shrink_to_fit();
    }
}

/// One open socket of a client address, counted until dropped.
#[derive(Debug)]
pub struct SocketSlot {
    sockets: Arc<Mutex<HashMap<ClientKey, u32>>>,
    key: ClientKey,
}

impl SocketSlot {
    /// The address the socket counts against.
    pub fn key(&self) -> ClientKey {
        self.key
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.sockets.lock() {
            if let Some(n) = open.get_mut(&self.key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    open.remove(&self.key);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> ClientKey {
        ClientKey::of(s.parse().unwrap())
    }

    #[test]
    fn ipv6_counts_by_its_64() {
        assert_eq!(
            key("2001:db8:1:2::1"),
            key("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("2001:db8:1:2:3:4:5:6").to_string(), "2001:db8:1:2::/64");
        assert_eq!(key("::ffff:192.0.2.7"), key("192.0.2.7"));
        assert_ne!(key("192.0.2.7"), key("192.0.2.8"));
        assert_eq!(key("192.0.2.7").to_string(), "192.0.2.7");
    }

    #[test]
    fn quotas_take_fractions_and_odd_values() {
        let q = quota(0.5, 5.0);
        assert_eq!(q.replenish_interval(), Duration::from_secs(2));
        assert_eq!(q.burst_size().get(), 5);
        assert_eq!(quota(0.0, 0.0).burst_size().get(), 1);
        assert_eq!(quota(f64::NAN, f64::INFINITY).burst_size().get(), u32::MAX);
        assert_eq!(
            quota(1e12, 1.0).replenish_interval(),
            Duration::from_nanos(1)
        );
    }

    #[test]
    fn sockets_are_capped_and_given_back() {
        let mut c = Config::defaults();
        c.ws_per_address = 2;
        let refusals = Refusals::default();
        let limits = AddressLimits::new(&c, refusals.clone());
        let k = key("192.0.2.1");
        let a = limits.open_socket(k).unwrap();
        let _b = limits.open_socket(k).unwrap();
        assert!(limits.open_socket(k).is_err());
        assert_eq!(refusals.count(Limit::SocketsOpen), 1);
        let _c = limits.open_socket(key("192.0.2.2")).unwrap();
        assert_eq!(limits.most_sockets(), 2);
        drop(a);
        assert!(limits.open_socket(k).is_ok());
        assert_eq!(refusals.count(Limit::SocketsOpen), 1);
        assert_eq!(refusals.count(Limit::SocketsOpened), 0);
    }

    #[test]
    fn a_refusal_says_how_long_to_wait() {
        let mut c = Config::defaults();
        c.create_per_minute = 1.0;
        let refusals = Refusals::default();
        let limits = AddressLimits::new(&c, refusals.clone());
        let k = key("192.0.2.1");
        assert!(limits.create(k).is_ok());
        assert_eq!(refusals.count(Limit::Create), 0);
        match limits.create(k) {
            Err(AppError::RateLimited { retry_after, .. }) => {
                assert!(retry_after > Duration::from_secs(50), "{retry_after:?}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(refusals.count(Limit::Create), 1);
    }
}
