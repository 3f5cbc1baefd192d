//! Identity without accounts (protocol.md): unguessable game and player ids, secret seat tokens and player
//! keys, and the hash that is the only form in which a token or a key is stored.

use sha2::{Digest, Sha256};

/// Hex SHA-256 of a seat token: the only form in which tokens are stored.
pub fn hash_token(token: &str) -> String {
    use std::fmt::Write;
    let digest = Sha256::digest(token.as_bytes());
    let mut s = String::with_capacity(64);
    for b in digest {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// A new seat token (UUID v4: 122 random bits).
pub fn new_token() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A new game id: 12 base62 characters (71 random bits), URL-safe.
pub fn new_game_id() -> String {
    use rand::distr::{Alphanumeric, SampleString};
    Alphanumeric.sample_string(&mut rand::rng(), 12)
}

/// A new player id: like a game id (public, URL-safe, 71 random bits).
pub fn new_player_id() -> String {
    new_game_id()
}

/// A new player key: 32 base62 characters (190 random bits), a secret stored only as its hash.
pub fn new_player_key() -> String {
    use rand::distr::{Alphanumeric, SampleString};
    Alphanumeric.sample_string(&mut rand::rng(), 32)
}

/// Whether `key` has the shape of a player key (so that junk is never hashed and looked up).
pub fn valid_player_key(key: &str) -> bool {
    key.len() == 32 && key.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Whether `id` has the shape of a game id (so that junk never reaches the database).
pub fn valid_id(id: &str) -> bool {
    (8..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_hex_sha256() {
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn ids_are_valid_and_distinct() {
        let a = new_game_id();
        assert!(valid_id(&a));
        assert_ne!(a, new_game_id());
        assert!(!valid_id("../etc"));
        assert!(!valid_id("short"));
    }
}
