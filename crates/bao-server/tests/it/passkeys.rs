//! Passkeys end to end against a software authenticator written here (a P-256 key, the "none" attestation,
//! CBOR by hand): added to a player, used to sign in a second browser as it, refused once removed, replayed
//! or made for another site. What a browser adds (its own authenticator, the page's controls) is the browser
//! test's (`tests/browser/tests/passkeys.test.mjs`).

use crate::common;
use crate::lobby::{as_player, open_seek, player};

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use common::*;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use reqwest::header::{AUTHORIZATION, HOST};
use reqwest::Method;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// A passkey held by the test: its key, its credential id, the user handle it was made for, its counter.
struct SoftPasskey {
    key: SigningKey,
    id: Vec<u8>,
    user: Vec<u8>,
    counter: u32,
}

// ---- the little CBOR a credential needs ----

fn cbor_head(major: u8, n: usize, out: &mut Vec<u8>) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=255 => out.extend([m | 24, n as u8]),
        _ => {
            out.push(m | 25);
            out.extend((n as u16).to_be_bytes());
        }
    }
}

fn cbor_bytes(b: &[u8], out: &mut Vec<u8>) {
    cbor_head(2, b.len(), out);
    out.extend(b);
}

fn cbor_text(s: &str, out: &mut Vec<u8>) {
    cbor_head(3, s.len(), out);
    out.extend(s.as_bytes());
}

/// A small integer, positive or negative.
fn cbor_int(i: i64, out: &mut Vec<u8>) {
    if i >= 0 {
        cbor_head(0, i as usize, out);
    } else {
        cbor_head(1, (-1 - i) as usize, out);
    }
}

/// DER of an ECDSA signature's two integers.
fn der(sig: &Signature) -> Vec<u8> {
    let bytes = sig.to_bytes();
    let int = |b: &[u8]| {
        let mut v: Vec<u8> = b.iter().copied().skip_while(|&x| x == 0).collect();
        if v.first().is_none_or(|&x| x & 0x80 != 0) {
            v.insert(0, 0);
        }
        let mut out = vec![0x02, v.len() as u8];
        out.extend(v);
        out
    };
    let (r, s) = (int(&bytes[..32]), int(&bytes[32..]));
    let mut out = vec![0x30, (r.len() + s.len()) as u8];
    out.extend(r);
    out.extend(s);
    out
}

fn client_data(kind: &str, challenge: &str, origin: &str) -> Vec<u8> {
    json!({ "type": kind, "challenge": challenge, "origin": origin, "crossOrigin": false })
        .to_string()
        .into_bytes()
}

impl SoftPasskey {
    /// The authenticator's answer to `POST /api/players/me/passkeys/begin`'s options, as `toJSON()` gives it.
    fn create(options: &Value, origin: &str, seed: u8) -> (SoftPasskey, Value) {
        let o = &options["publicKey"];
        let rp_id = o["rp"]["id"].as_str().unwrap();
        let user = B64.decode(o["user"]["id"].as_str().unwrap()).unwrap();
        let key = SigningKey::from_slice(&[seed; 32]).unwrap();
        let id: Vec<u8> = (0..16).map(|i| seed ^ i).collect();
        let point = key.verifying_key().to_sec1_point(false);
        let xy = point.as_bytes();
        let mut cose = Vec::new();
        cbor_head(5, 5, &mut cose);
        for (k, v) in [(1, 2), (3, -7), (-1, 1)] {
            cbor_int(k, &mut cose);
            cbor_int(v, &mut cose);
        }
        cbor_int(-2, &mut cose);
        cbor_bytes(&xy[1..33], &mut cose);
        cbor_int(-3, &mut cose);
        cbor_bytes(&xy[33..65], &mut cose);
        let mut auth = Sha256::digest(rp_id.as_bytes()).to_vec();
        // User present, user verified, attested credential data.
        auth.push(0x01 | 0x04 | 0x40);
        auth.extend(0u32.to_be_bytes());
        auth.extend([0u8; 16]);
        auth.extend((id.len() as u16).to_be_bytes());
        auth.extend(&id);
        auth.extend(cose);
        let mut att = Vec::new();
        cbor_head(5, 3, &mut att);
        cbor_text("fmt", &mut att);
        cbor_text("none", &mut att);
        cbor_text("attStmt", &mut att);
        cbor_head(5, 0, &mut att);
        cbor_text("authData", &mut att);
        cbor_bytes(&auth, &mut att);
        let challenge = o["challenge"].as_str().unwrap();
        let credential = json!({
            "id": B64.encode(&id), "rawId": B64.encode(&id), "type": "public-key",
            "response": {
                "attestationObject": B64.encode(att),
                "clientDataJSON": B64.encode(client_data("webauthn.create", challenge, origin)),
            },
            "clientExtensionResults": {},
        });
        let passkey = SoftPasskey {
            key,
            id,
            user,
            counter: 0,
        };
        (passkey, credential)
    }

    /// The authenticator's answer to `POST /api/sign-in/passkey/begin`'s options for `rp_id`.
    fn get(&mut self, options: &Value, rp_id: &str, origin: &str) -> Value {
        let challenge = options["publicKey"]["challenge"].as_str().unwrap();
        self.counter += 1;
        let mut auth = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth.push(0x01 | 0x04);
        auth.extend(self.counter.to_be_bytes());
        let data = client_data("webauthn.get", challenge, origin);
        let mut signed = auth.clone();
        signed.extend(Sha256::digest(&data));
        let sig: Signature = self.key.sign(&signed);
        json!({
            "id": B64.encode(&self.id), "rawId": B64.encode(&self.id), "type": "public-key",
            "response": {
                "authenticatorData": B64.encode(auth),
                "clientDataJSON": B64.encode(data),
                "signature": B64.encode(der(&sig)),
                "userHandle": B64.encode(&self.user),
            },
            "clientExtensionResults": {},
        })
    }
}

/// `POST path` with `body`, sent to the server as `http://localhost:PORT` (a relying party needs a name), as
/// player `key` when given: the status and the JSON answer.
async fn post_as(s: &Server, key: Option<&str>, path: &str, body: Value) -> (u16, Value) {
    let mut req = s
        .http
        .post(s.url(path))
        .header(HOST, format!("localhost:{}", s.addr.port()))
        .json(&body);
    if let Some(key) = key {
        req = req.header(AUTHORIZATION, format!("Bearer {key}"));
    }
    let r = req.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// Adds a passkey made from `seed` to player `key`: the test's half of it and the server's view.
async fn add(s: &Server, key: &str, seed: u8, name: Option<&str>) -> (SoftPasskey, Value) {
    let origin = format!("http://localhost:{}", s.addr.port());
    let (status, begun) = post_as(s, Some(key), "/api/players/me/passkeys/begin", json!({})).await;
    assert_eq!(status, 200, "{begun}");
    let (passkey, credential) = SoftPasskey::create(&begun["options"], &origin, seed);
    let (status, added) = post_as(
        s,
        Some(key),
        "/api/players/me/passkeys",
        json!({ "ceremony": begun["ceremony"], "name": name, "credential": credential }),
    )
    .await;
    assert_eq!(status, 201, "{added}");
    (passkey, added)
}

/// Signs in with `passkey` (for the origin `origin`, the site's by default): the status and the answer.
async fn sign_in(s: &Server, passkey: &mut SoftPasskey, origin: Option<&str>) -> (u16, Value) {
    let (status, begun) = post_as(s, None, "/api/sign-in/passkey/begin", json!({})).await;
    assert_eq!(status, 200, "{begun}");
    let own = format!("http://localhost:{}", s.addr.port());
    let assertion = passkey.get(&begun["options"], "localhost", origin.unwrap_or(&own));
    post_as(
        s,
        None,
        "/api/sign-in/passkey",
        json!({ "ceremony": begun["ceremony"], "credential": assertion }),
    )
    .await
}

#[tokio::test]
async fn a_passkey_signs_a_second_browser_in_as_its_player_until_it_is_removed() {
    let s = Server::fresh().await;
    let (id, key) = player(&s, "Mwajuma").await;
    let (mut passkey, added) = add(&s, &key, 7, Some("  Laptop ")).await;
    assert_eq!(added["name"], "Laptop");
    assert_eq!(added["last_used"], Value::Null);
    let (_, _, me) = as_player(&s, &key, Method::GET, "/api/players/me", None).await;
    assert_eq!(me["passkeys"], 1);

    // The next ceremony leaves out the passkey the player has.
    let (_, begun) = post_as(&s, Some(&key), "/api/players/me/passkeys/begin", json!({})).await;
    let excluded = &begun["options"]["publicKey"]["excludeCredentials"];
    assert_eq!(excluded[0]["id"], B64.encode(&passkey.id), "{excluded}");

    // A second browser signs in: the same player, with a key of its own.
    let (status, signed) = sign_in(&s, &mut passkey, None).await;
    assert_eq!(status, 200, "{signed}");
    assert_eq!(
        (signed["id"].as_str(), signed["name"].as_str()),
        (Some(id.as_str()), Some("Mwajuma"))
    );
    let second = signed["key"].as_str().unwrap().to_owned();
    assert_ne!(second, key);
    let (_, _, me2) = as_player(&s, &second, Method::GET, "/api/players/me", None).await;
    assert_eq!(me2["id"], id.as_str());
    let (_, _, list) = as_player(&s, &key, Method::GET, "/api/players/me/passkeys", None).await;
    assert!(list[0]["last_used"].as_i64().is_some(), "{list}");

    // Once signed in with a passkey, seeks are rated unless they say otherwise.
    open_seek(
        &s,
        &second,
        json!({"variant": "kujifunza", "clock": null, "seat": "random"}),
    )
    .await;
    let (_, seeks) = s.get_json("/api/seeks").await;
    assert_eq!(seeks[0]["rated"], true, "{seeks}");

    // Again, with the counter moved on.
    assert_eq!(sign_in(&s, &mut passkey, None).await.0, 200);
    // An answer for a page of another site is refused.
    let (status, v) = sign_in(&s, &mut passkey, Some("https://evil.example")).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_passkey")),
        "{v}"
    );
    // So is an authenticator whose counter went back (a copied key).
    passkey.counter = 0;
    let (status, v) = sign_in(&s, &mut passkey, None).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_passkey")),
        "{v}"
    );
    passkey.counter = 10;

    // Renamed, then removed: it signs in nobody.
    let path = format!("/api/players/me/passkeys/{}", added["id"].as_str().unwrap());
    let (status, _, renamed) = as_player(
        &s,
        &second,
        Method::PATCH,
        &path,
        Some(json!({"name": "Old laptop"})),
    )
    .await;
    assert_eq!(
        (status, renamed["name"].as_str()),
        (200, Some("Old laptop"))
    );
    let (status, _, _) = as_player(&s, &second, Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    let (status, v) = sign_in(&s, &mut passkey, None).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_passkey")),
        "{v}"
    );
    // The browsers signed in stay signed in.
    assert_eq!(
        as_player(&s, &second, Method::GET, "/api/players/me", None)
            .await
            .0,
        200
    );
}

#[tokio::test]
async fn a_passkey_is_added_once_named_by_the_server_and_dies_with_its_player() {
    let s = Server::fresh().await;
    let (_, key) = player(&s, "Hamisi").await;
    let (mut first, added) = add(&s, &key, 3, None).await;
    assert_eq!(added["name"], "Passkey 1");
    let (_, second) = add(&s, &key, 4, None).await;
    assert_eq!(second["name"], "Passkey 2");

    // The same credential again (an authenticator that ignored the exclusion) is refused.
    let origin = format!("http://localhost:{}", s.addr.port());
    let (_, begun) = post_as(&s, Some(&key), "/api/players/me/passkeys/begin", json!({})).await;
    let (_, credential) = SoftPasskey::create(&begun["options"], &origin, 3);
    let (status, v) = post_as(
        &s,
        Some(&key),
        "/api/players/me/passkeys",
        json!({ "ceremony": begun["ceremony"], "credential": credential }),
    )
    .await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_passkey")),
        "{v}"
    );

    // A credential made for another relying party is refused.
    let (_, begun) = post_as(&s, Some(&key), "/api/players/me/passkeys/begin", json!({})).await;
    let mut options = begun["options"].clone();
    options["publicKey"]["rp"]["id"] = json!("evil.example");
    let (_, credential) = SoftPasskey::create(&options, &origin, 9);
    let (status, v) = post_as(
        &s,
        Some(&key),
        "/api/players/me/passkeys",
        json!({ "ceremony": begun["ceremony"], "credential": credential }),
    )
    .await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_passkey")),
        "{v}"
    );

    let (status, _, _) = as_player(&s, &key, Method::DELETE, "/api/players/me", None).await;
    assert_eq!(status, 204);
    let (status, v) = sign_in(&s, &mut first, None).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_passkey")),
        "{v}"
    );
}
