//! Who sent a request: the peer's address, or, when the peer is one of the operator's own reverse proxies
//! (`--trusted-proxies`), what that proxy says in `X-Forwarded-For`, `X-Forwarded-Host` and
//! `X-Forwarded-Proto`.
//!
//! Forwarded headers are only as good as whoever wrote them. A client that reaches the server directly can
//! write any `X-Forwarded-For` it likes, so the headers count only when the TCP peer is a trusted proxy; and
//! of the `X-Forwarded-For` entries, only those appended by trusted proxies are believed: the client's address
//! is the right-most entry that is not itself a trusted proxy (nginx's `real_ip_recursive`), so that a chain of
//! proxies (a CDN in front of Caddy, say) works and a client's forged entries on the left never do.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;
use std::sync::Arc;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The networks whose peers may tell the client's address (`--trusted-proxies`, comma-separated CIDRs or
/// plain addresses). Empty: forwarded headers are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    /// Shared, so that handing the list to a request is cheap.
    nets: Arc<[IpNet]>,
    /// `--trust-forwarded` (deprecated): every peer is a trusted proxy.
    everyone: bool,
}

impl TrustedProxies {
    /// Every peer trusted: what the deprecated `--trust-forwarded` meant.
    pub fn everyone() -> TrustedProxies {
        TrustedProxies {
            nets: Arc::from([]),
            everyone: true,
        }
    }

    /// Whether no peer is trusted (forwarded headers are ignored).
    pub fn is_empty(&self) -> bool {
        self.nets.is_empty() && !self.everyone
    }

    /// Whether `ip` is one of the trusted proxies.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.everyone || self.nets.iter().any(|net| net.contains(&ip))
    }

    /// The client's address for a request from `peer` with `headers` (see the module's documentation).
    pub fn client_ip(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.ip().to_canonical();
        if !self.contains(peer) {
            return peer;
        }
        // Every X-Forwarded-For header in order, each a comma-separated list: the right-most entries are the
        // nearest hops.
        let entries: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect();
        let mut client = peer;
        for entry in entries.iter().rev() {
            let Some(ip) = parse_hop(entry) else {
                // A hop nobody could have written honestly: believe nothing beyond the last good one.
                break;
            };
            client = ip;
            // (With --trust-forwarded no hop is known as a proxy: the nearest entry is the client, as it
            // always was.)
            if !self.nets.iter().any(|net| net.contains(&ip)) {
                break;
            }
        }
        client
    }

    /// The last value of a forwarded header (`X-Forwarded-Host`, `X-Forwarded-Proto`) when `peer` is a
    /// trusted proxy: the one its own proxy wrote.
    pub fn forwarded<'h>(
        &self,
        peer: SocketAddr,
        headers: &'h HeaderMap,
        name: &str,
    ) -> Option<&'h str> {
        if !self.contains(peer.ip()) {
            return None;
        }
        headers
            .get_all(name)
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .map(str::trim)
            .filter(|v| !v.is_empty())
    }
}

/// One `X-Forwarded-For` entry: an address, or an address with a port (`192.0.2.1:4711`, `[2001:db8::1]:80`).
fn parse_hop(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

/// Why `--trusted-proxies` could not be read.
#[derive(Debug, PartialEq, Eq)]
pub struct BadProxyList(String);

impl fmt::Display for BadProxyList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a network or an address (give CIDRs such as 172.16.0.0/12 or ::1, separated by \
             commas)",
            self.0
        )
    }
}

impl std::error::Error for BadProxyList {}

impl FromStr for TrustedProxies {
    type Err = BadProxyList;

    /// Comma-separated CIDRs or addresses; empty (or only spaces) is an empty list, so that
    /// `BAO_TRUSTED_PROXIES=` in a compose file means "none".
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut nets = Vec::new();
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let net = item
                .parse::<IpNet>()
                .or_else(|_| item.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| BadProxyList(item.chars().take(60).collect()))?;
            nets.push(net.trunc());
        }
        Ok(TrustedProxies {
            nets: nets.into(),
            everyone: false,
        })
    }
}

impl fmt::Display for TrustedProxies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.everyone {
            return write!(f, "every peer (--trust-forwarded)");
        }
        let nets: Vec<String> = self.nets.iter().map(ToString::to_string).collect();
        write!(f, "{}", nets.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn proxies(s: &str) -> TrustedProxies {
        s.parse().expect("a valid list")
    }

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in xff {
            h.append("x-forwarded-for", HeaderValue::from_str(v).expect("ascii"));
        }
        h
    }

    fn peer(ip: &str) -> SocketAddr {
        SocketAddr::new(ip.parse().expect("an address"), 40000)
    }

    #[test]
    fn a_peer_that_is_no_trusted_proxy_is_the_client_whatever_it_forwards() {
        let p = proxies("10.0.0.0/8");
        let ip = p.client_ip(peer("203.0.113.9"), &headers(&["198.51.100.1"]));
        assert_eq!(ip, "203.0.113.9".parse::<IpAddr>().expect("ip"));
        assert_eq!(
            TrustedProxies::default().client_ip(peer("10.0.0.1"), &headers(&["198.51.100.1"])),
            "10.0.0.1".parse::<IpAddr>().expect("ip")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_entry_is_the_client() {
        let p = proxies("10.0.0.0/8, 172.16.0.0/12");
        // The client forged "1.1.1.1"; its real address was appended by the CDN (172.20.0.3), and then by
        // our proxy (10.0.0.2).
        let h = headers(&["1.1.1.1, 198.51.100.7", "172.20.0.3"]);
        assert_eq!(
            p.client_ip(peer("10.0.0.2"), &h),
            "198.51.100.7".parse::<IpAddr>().expect("ip")
        );
        // No header: the proxy itself.
        assert_eq!(
            p.client_ip(peer("10.0.0.2"), &HeaderMap::new()),
            "10.0.0.2".parse::<IpAddr>().expect("ip")
        );
        // Every hop trusted: the left-most.
        assert_eq!(
            p.client_ip(peer("10.0.0.2"), &headers(&["10.1.1.1, 172.16.0.1"])),
            "10.1.1.1".parse::<IpAddr>().expect("ip")
        );
        // A garbage hop stops the walk at the last good one.
        assert_eq!(
            p.client_ip(
                peer("10.0.0.2"),
                &headers(&["198.51.100.7, nonsense, 10.0.0.9"])
            ),
            "10.0.0.9".parse::<IpAddr>().expect("ip")
        );
        // Ports and IPv4-mapped peers.
        assert_eq!(
            p.client_ip(peer("::ffff:10.0.0.2"), &headers(&["[2001:db8::5]:443"])),
            "2001:db8::5".parse::<IpAddr>().expect("ip")
        );
    }

    #[test]
    fn forwarded_host_and_proto_count_only_from_a_trusted_proxy() {
        let p = proxies("127.0.0.1");
        let mut h = HeaderMap::new();
        h.append("x-forwarded-host", HeaderValue::from_static("evil.example"));
        h.append("x-forwarded-host", HeaderValue::from_static("bao.example"));
        assert_eq!(
            p.forwarded(peer("127.0.0.1"), &h, "x-forwarded-host"),
            Some("bao.example")
        );
        assert_eq!(p.forwarded(peer("127.0.0.2"), &h, "x-forwarded-host"), None);
    }

    #[test]
    fn the_list_reads_cidrs_addresses_and_nothing() {
        assert!(proxies("").is_empty());
        assert!(proxies(" , ").is_empty());
        let p = proxies("192.168.1.7/24,::1");
        assert_eq!(p.to_string(), "192.168.1.0/24,::1/128");
        assert!(p.contains("192.168.1.200".parse().expect("ip")));
        assert!(!p.contains("192.168.2.1".parse().expect("ip")));
        assert!(p.contains("::1".parse().expect("ip")));
        let err = "10.0.0.0/8,localhost"
            .parse::<TrustedProxies>()
            .expect_err("a name is no network");
        assert!(err.to_string().contains("\"localhost\""), "{err}");
        assert!(TrustedProxies::everyone().contains("8.8.8.8".parse().expect("ip")));
    }

    #[test]
    fn trusting_everyone_takes_the_nearest_entry_as_trust_forwarded_did() {
        let p = TrustedProxies::everyone();
        let h = headers(&["198.51.100.1, 203.0.113.5"]);
        assert_eq!(
            p.client_ip(peer("10.0.0.1"), &h),
            "203.0.113.5".parse::<IpAddr>().expect("ip")
        );
        assert_eq!(
            p.client_ip(peer("10.0.0.1"), &headers(&["garbage"])),
            "10.0.0.1".parse::<IpAddr>().expect("ip")
        );
    }
}
