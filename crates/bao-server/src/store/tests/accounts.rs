//! Sessions, passkeys, ceremonies and sign-in links on both backends: every key of a player acts as it until
//! signed out, a link and a ceremony are good once and only until they expire, and deleting a player leaves
//! nothing to sign in with.

use super::on_both;
use crate::store::accounts::{CeremonyKind, PasskeyRow, SessionVia, SignInLinkRow};
use crate::store::Store;
use crate::tokens::hash_token;

const HOUR: i64 = 3600 * 1000;

async fn new_player(store: &Store, id: &str) -> String {
    let key_hash = hash_token(&format!("key of {id}"));
    store
        .insert_player(id, &format!("P {id}"), &key_hash)
        .await
        .expect("player");
    key_hash
}

fn link(id: &str, now: i64) -> SignInLinkRow {
    SignInLinkRow {
        id: id.to_owned(),
        created_at: now,
        expires_at: now + 24 * HOUR,
    }
}

fn passkey(id: &str, player: &str, credential_id: &str) -> PasskeyRow {
    PasskeyRow {
        id: id.to_owned(),
        player_id: player.to_owned(),
        credential_id: credential_id.to_owned(),
        name: format!("key {id}"),
        credential: "{}".to_owned(),
        created_at: 1_000,
        last_used_at: None,
    }
}

on_both! {
    async fn every_session_of_a_player_acts_as_it_until_it_ends(store: Store) {
        let first = new_player(&store, "aaaaaaaaaaaa").await;
        let found = store.player_by_key(&first).await.unwrap().expect("the key it was made with");
        assert_eq!(found.id, "aaaaaaaaaaaa");
        let second = hash_token("a second browser");
        store.insert_session("aaaaaaaaaaaa", &second, SessionVia::Passkey).await.unwrap();
        assert_eq!(store.session_count("aaaaaaaaaaaa").await.unwrap(), 2);
        assert_eq!(store.player_by_key(&second).await.unwrap().map(|p| p.id).as_deref(), Some("aaaaaaaaaaaa"));
        // Signing out one browser leaves the other.
        assert!(store.end_session(&first).await.unwrap());
        assert!(!store.end_session(&first).await.unwrap(), "ended once");
        assert_eq!(store.player_by_key(&first).await.unwrap(), None);
        assert!(store.player_by_key(&second).await.unwrap().is_some());
        assert_eq!(store.player_by_key(&hash_token("nobody")).await.unwrap(), None);
    }

    async fn a_sign_in_link_is_good_once_until_it_expires_unless_revoked(store: Store) {
        new_player(&store, "bbbbbbbbbbbb").await;
        let now = 1_000_000;
        let secret = hash_token("secret");
        for id in ["link00000001", "link00000002", "link00000003"] {
            store.insert_sign_in_link("bbbbbbbbbbbb", &link(id, now), &secret).await.unwrap();
        }
        assert_eq!(store.sign_in_links("bbbbbbbbbbbb", now).await.unwrap().len(), 3);

        // The wrong secret opens nothing and uses nothing up.
        let k1 = hash_token("browser 1");
        assert_eq!(store.redeem_sign_in_link("link00000001", &hash_token("guess"), &k1, now).await.unwrap(), None);
        let p = store.redeem_sign_in_link("link00000001", &secret, &k1, now + HOUR).await.unwrap();
        assert_eq!(p.map(|p| p.id).as_deref(), Some("bbbbbbbbbbbb"));
        assert!(store.player_by_key(&k1).await.unwrap().is_some(), "the link's session");
        // Once.
        let k2 = hash_token("browser 2");
        assert_eq!(store.redeem_sign_in_link("link00000001", &secret, &k2, now + HOUR).await.unwrap(), None);
        assert_eq!(store.player_by_key(&k2).await.unwrap(), None);

        // Revoked.
        assert!(store.revoke_sign_in_link("bbbbbbbbbbbb", "link00000002", now).await.unwrap());
        assert!(!store.revoke_sign_in_link("bbbbbbbbbbbb", "link00000002", now).await.unwrap());
        assert!(!store.revoke_sign_in_link("bbbbbbbbbbbb", "link00000001", now).await.unwrap(), "used already");
        assert_eq!(store.redeem_sign_in_link("link00000002", &secret, &k2, now).await.unwrap(), None);

        // Expired: a day on, not a moment longer.
        let live = store.sign_in_links("bbbbbbbbbbbb", now).await.unwrap();
        assert_eq!(live.iter().map(|l| l.id.as_str()).collect::<Vec<_>>(), ["link00000003"]);
        assert!(store.sign_in_links("bbbbbbbbbbbb", now + 24 * HOUR).await.unwrap().is_empty());
        assert_eq!(store.redeem_sign_in_link("link00000003", &secret, &k2, now + 24 * HOUR).await.unwrap(), None);
        assert!(store.redeem_sign_in_link("link00000003", &secret, &k2, now + 24 * HOUR - 1).await.unwrap().is_some());
    }

    async fn a_ceremony_is_taken_once_of_its_kind_until_it_expires(store: Store) {
        new_player(&store, "cccccccccccc").await;
        let now = crate::lobby::now_ms();
        store.insert_ceremony("c1", CeremonyKind::Register, Some("cccccccccccc"), "{\"a\":1}", now + 60_000).await.unwrap();
        store.insert_ceremony("c2", CeremonyKind::SignIn, None, "{}", now + 60_000).await.unwrap();
        store.insert_ceremony("c3", CeremonyKind::SignIn, None, "{}", now + 60_000).await.unwrap();
        assert_eq!(store.take_ceremony("c1", CeremonyKind::SignIn, now).await.unwrap(), None, "another kind");
        let c = store.take_ceremony("c1", CeremonyKind::Register, now).await.unwrap().expect("c1");
        assert_eq!(c.player_id.as_deref(), Some("cccccccccccc"));
        assert_eq!(c.state, "{\"a\":1}");
        assert_eq!(store.take_ceremony("c1", CeremonyKind::Register, now).await.unwrap(), None, "once");
        assert!(store.take_ceremony("c2", CeremonyKind::SignIn, now + 59_999).await.unwrap().is_some());
        assert_eq!(store.take_ceremony("c3", CeremonyKind::SignIn, now + 60_000).await.unwrap(), None, "expired");
        assert_eq!(store.take_ceremony("none", CeremonyKind::SignIn, now).await.unwrap(), None);
    }

    async fn passkeys_are_listed_found_renamed_and_removed_by_their_player_only(store: Store) {
        new_player(&store, "dddddddddddd").await;
        new_player(&store, "eeeeeeeeeeee").await;
        assert_eq!(store.passkey_count("dddddddddddd").await.unwrap(), 0);
        store.insert_passkey(&passkey("pk1", "dddddddddddd", "0a0b")).await.unwrap();
        store.insert_passkey(&passkey("pk2", "dddddddddddd", "0c0d")).await.unwrap();
        assert!(store.insert_passkey(&passkey("pk3", "eeeeeeeeeeee", "0a0b")).await.is_err(), "one credential, one passkey");
        assert_eq!(store.passkey_count("dddddddddddd").await.unwrap(), 2);
        let found = store.passkey_by_credential("0c0d").await.unwrap().expect("by credential");
        assert_eq!((found.id.as_str(), found.player_id.as_str()), ("pk2", "dddddddddddd"));
        store.passkey_used("pk2", "{\"n\":2}", 5_000).await.unwrap();
        let used = store.passkey_by_credential("0c0d").await.unwrap().unwrap();
        assert_eq!((used.credential.as_str(), used.last_used_at), ("{\"n\":2}", Some(5_000)));

        assert_eq!(store.rename_passkey("eeeeeeeeeeee", "pk1", "theirs").await.unwrap(), None, "not its passkey");
        let renamed = store.rename_passkey("dddddddddddd", "pk1", "Phone").await.unwrap().expect("renamed");
        assert_eq!(renamed.name, "Phone");
        assert!(!store.delete_passkey("eeeeeeeeeeee", "pk1").await.unwrap());
        assert!(store.delete_passkey("dddddddddddd", "pk1").await.unwrap());
        let left: Vec<String> = store.passkeys("dddddddddddd").await.unwrap().into_iter().map(|p| p.id).collect();
        assert_eq!(left, ["pk2"]);

        // The user handle is given once and kept.
        let h = store.passkey_user("dddddddddddd", "handle-1").await.unwrap();
        assert_eq!(h, "handle-1");
        assert_eq!(store.passkey_user("dddddddddddd", "handle-2").await.unwrap(), "handle-1");
        assert_eq!(store.player_by_passkey_user("handle-1").await.unwrap().map(|p| p.id).as_deref(), Some("dddddddddddd"));
    }

    async fn a_deleted_player_keeps_no_session_passkey_or_link(store: Store) {
        let key = new_player(&store, "ffffffffffff").await;
        store.insert_session("ffffffffffff", &hash_token("other"), SessionVia::Link).await.unwrap();
        store.insert_passkey(&passkey("pk9", "ffffffffffff", "0909")).await.unwrap();
        store.passkey_user("ffffffffffff", "handle-f").await.unwrap();
        let now = 1_000;
        store.insert_sign_in_link("ffffffffffff", &link("linkffffffff", now), &hash_token("s")).await.unwrap();
        assert!(store.delete_player("ffffffffffff").await.unwrap());
        assert_eq!(store.player_by_key(&key).await.unwrap(), None);
        assert_eq!(store.player_by_key(&hash_token("other")).await.unwrap(), None);
        assert_eq!(store.session_count("ffffffffffff").await.unwrap(), 0);
        assert_eq!(store.passkey_count("ffffffffffff").await.unwrap(), 0);
        assert_eq!(store.passkey_by_credential("0909").await.unwrap(), None);
        assert_eq!(store.player_by_passkey_user("handle-f").await.unwrap(), None);
        assert_eq!(
            store.redeem_sign_in_link("linkffffffff", &hash_token("s"), &hash_token("k"), now).await.unwrap(),
            None
        );
    }
}
