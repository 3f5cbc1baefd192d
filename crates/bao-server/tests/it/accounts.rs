//! Signing in on another device (issue 33): sign-in links (the secret only in the fragment, good once,
//! revocable), signing out one browser, the passkey ceremonies' HTTP side (the relying party, the options,
//! answers refused, a ceremony taken once), the origin checks of everything that signs a browser in or
//! changes an account by its cookie, and the limit on sign-in attempts. The ceremonies with a real
//! authenticator are the browser test's (`tests/browser/tests/passkeys.test.mjs`, Chromium's virtual
//! authenticator).

use crate::common;
use crate::lobby::{as_player, open_seek, player};

use common::*;
use reqwest::header::{COOKIE, HOST, ORIGIN, SET_COOKIE};
use reqwest::Method;
use serde_json::{json, Value};

/// `POST path` with `body` and the extra `headers`: the status, the `Set-Cookie` and the JSON answer.
async fn post_with(
    s: &Server,
    path: &str,
    body: Value,
    headers: &[(reqwest::header::HeaderName, String)],
) -> (u16, Option<String>, Value) {
    let mut req = s.http.post(s.url(path)).json(&body);
    for (name, value) in headers {
        req = req.header(name, value);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    let cookie = r
        .headers()
        .get(SET_COOKIE)
        .map(|v| v.to_str().unwrap().to_owned());
    (status, cookie, r.json().await.unwrap_or(Value::Null))
}

/// Makes a sign-in link as player `key`: its JSON.
async fn make_link(s: &Server, key: &str) -> Value {
    let (status, _, link) = as_player(
        s,
        key,
        Method::POST,
        "/api/players/me/sign-in-links",
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 201, "{link}");
    link
}

/// The fragment of a sign-in link, `ID.SECRET`.
fn fragment(link: &Value) -> String {
    let url = link["url"].as_str().unwrap();
    url.split_once('#').expect("a fragment").1.to_owned()
}

fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    i64::try_from(since.as_millis()).unwrap()
}

async fn me(s: &Server, key: &str) -> (u16, Value) {
    let (status, _, v) = as_player(s, key, Method::GET, "/api/players/me", None).await;
    (status, v)
}

#[tokio::test]
async fn a_sign_in_link_makes_another_browser_the_same_player_once() {
    let s = Server::fresh().await;
    let (id, key) = player(&s, "Zuhura").await;
    let before = now_ms();
    let link = make_link(&s, &key).await;
    let url = link["url"].as_str().unwrap();
    let (address, secret_part) = url.split_once('#').unwrap();
    assert_eq!(address, s.url("/signin"), "the page, with nothing secret before the '#'");
    let (link_id, secret) = secret_part.split_once('.').unwrap();
    assert_eq!(link["id"], link_id);
    assert!(secret.len() >= 21, "at least 122 random bits: {secret}");
    let expires = link["expires"].as_i64().unwrap();
    let day = 24 * 3600 * 1000;
    assert!(
        (before + day..=now_ms() + day).contains(&expires),
        "{link}"
    );

    // The player's list has it, without its secret.
    let (status, _, list) = as_player(&s, &key, Method::GET, "/api/players/me/sign-in-links", None).await;
    assert_eq!(status, 200);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"], link_id);
    assert!(!list.to_string().contains(secret), "{list}");

    // Another browser opens it: it is that player now, with a key of its own, as a cookie too.
    let (status, cookie, signed) = post_with(&s, "/api/sign-in/link", json!({ "link": secret_part }), &[]).await;
    assert_eq!(status, 200, "{signed}");
    assert_eq!(signed["id"], id.as_str());
    assert_eq!(signed["name"], "Zuhura");
    let second = signed["key"].as_str().unwrap();
    assert_ne!(second, key);
    let cookie = cookie.expect("Set-Cookie");
    assert!(cookie.starts_with(&format!("bao_player={second};")), "{cookie}");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert_eq!(me(&s, second).await.1["id"], id.as_str());
    assert_eq!(me(&s, &key).await.0, 200, "the first browser stays signed in");

    // Once only, and gone from the list.
    let (status, _, again) = post_with(&s, "/api/sign-in/link", json!({ "link": secret_part }), &[]).await;
    assert_eq!((status, again["error"].as_str()), (410, Some("gone")), "{again}");
    let (_, _, list) = as_player(&s, &key, Method::GET, "/api/players/me/sign-in-links", None).await;
    assert_eq!(list, json!([]));

    // A guessed secret, a made-up link and junk open nothing.
    let other = make_link(&s, &key).await;
    let other_id = other["id"].as_str().unwrap();
    for junk in [
        format!("{other_id}.{}", "A".repeat(32)),
        format!("{other_id}."),
        "nothing".to_owned(),
        format!("#{}", fragment(&link)),
        "x".repeat(5000),
    ] {
        let (status, _, v) = post_with(&s, "/api/sign-in/link", json!({ "link": junk }), &[]).await;
        assert!(matches!(status, 410 | 413), "{junk:.40}: {status} {v}");
    }
    // The guesses did not use the other link up.
    let (status, _, _) = post_with(&s, "/api/sign-in/link", json!({ "link": fragment(&other) }), &[]).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_revoked_link_signs_in_nobody_and_only_its_player_revokes_it() {
    let s = Server::fresh().await;
    let (_, key) = player(&s, "Bakari").await;
    let (_, stranger) = player(&s, "Stranger").await;
    let link = make_link(&s, &key).await;
    let path = format!("/api/players/me/sign-in-links/{}", link["id"].as_str().unwrap());
    let (status, _, v) = as_player(&s, &stranger, Method::DELETE, &path, None).await;
    assert_eq!((status, v["error"].as_str()), (404, Some("not_found")), "another player's link");
    let (status, _, _) = as_player(&s, &key, Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    let (status, _, _) = as_player(&s, &key, Method::DELETE, &path, None).await;
    assert_eq!(status, 404, "revoked already");
    let (status, _, v) = post_with(&s, "/api/sign-in/link", json!({ "link": fragment(&link) }), &[]).await;
    assert_eq!((status, v["error"].as_str()), (410, Some("gone")));
}

#[tokio::test]
async fn a_player_has_at_most_five_links_good_at_once() {
    let s = Server::fresh().await;
    let (_, key) = player(&s, "Many").await;
    for _ in 0..5 {
        make_link(&s, &key).await;
    }
    let (status, _, v) = as_player(&s, &key, Method::POST, "/api/players/me/sign-in-links", Some(json!({}))).await;
    assert_eq!((status, v["error"].as_str()), (400, Some("bad_request")), "{v}");
}

#[tokio::test]
async fn signing_out_ends_only_that_browsers_key() {
    let s = Server::fresh().await;
    let (id, first) = player(&s, "Rehema").await;
    let link = make_link(&s, &first).await;
    let (_, _, signed) = post_with(&s, "/api/sign-in/link", json!({ "link": fragment(&link) }), &[]).await;
    let second = signed["key"].as_str().unwrap().to_owned();

    // By the cookie, from the site's own page.
    let (status, cookie, _) = post_with(
        &s,
        "/api/players/me/sign-out",
        json!({}),
        &[
            (COOKIE, format!("bao_player={second}")),
            (ORIGIN, format!("http://{}", s.addr)),
        ],
    )
    .await;
    assert_eq!(status, 204);
    let cookie = cookie.expect("the cookie is cleared");
    assert!(cookie.starts_with("bao_player=;") && cookie.contains("Max-Age=0"), "{cookie}");
    assert_eq!(me(&s, &second).await.0, 401);
    assert_eq!(me(&s, &first).await.1["id"], id.as_str());

    let (status, _, _) = as_player(&s, &first, Method::POST, "/api/players/me/sign-out", Some(json!({}))).await;
    assert_eq!(status, 204);
    assert_eq!(me(&s, &first).await.0, 401);
    // The player is still there for whoever has a link or a passkey; its profile stays public.
    assert_eq!(s.get_json(&format!("/api/players/{id}")).await.0, 200);
}

#[tokio::test]
async fn deleting_a_player_ends_every_session_and_link() {
    let s = Server::fresh().await;
    let (_, first) = player(&s, "Gone").await;
    let used = make_link(&s, &first).await;
    let unused = make_link(&s, &first).await;
    let (_, _, signed) = post_with(&s, "/api/sign-in/link", json!({ "link": fragment(&used) }), &[]).await;
    let second = signed["key"].as_str().unwrap().to_owned();
    let (status, _, _) = as_player(&s, &second, Method::DELETE, "/api/players/me", None).await;
    assert_eq!(status, 204);
    assert_eq!(me(&s, &first).await.0, 401, "every browser, not only the one that deleted");
    assert_eq!(me(&s, &second).await.0, 401);
    let (status, _, _) = post_with(&s, "/api/sign-in/link", json!({ "link": fragment(&unused) }), &[]).await;
    assert_eq!(status, 410);
}

#[tokio::test]
async fn nothing_that_signs_in_or_changes_an_account_by_cookie_is_taken_from_another_sites_page() {
    let s = Server::fresh().await;
    let (_, key) = player(&s, "Careful").await;
    let link = make_link(&s, &key).await;
    let evil = (ORIGIN, "https://evil.example".to_owned());
    let cookie = (COOKIE, format!("bao_player={key}"));
    // Signing a visitor in (to a player of the attacker's choosing) needs no cookie to be refused.
    for (path, body) in [
        ("/api/sign-in/link", json!({ "link": fragment(&link) })),
        ("/api/sign-in/passkey/begin", json!({})),
        ("/api/sign-in/passkey", json!({ "ceremony": "x", "credential": {} })),
    ] {
        let (status, cookie, v) = post_with(&s, path, body, std::slice::from_ref(&evil)).await;
        assert_eq!((status, v["error"].as_str()), (403, Some("forbidden_origin")), "{path}: {v}");
        assert_eq!(cookie, None, "{path}");
    }
    // By the cookie: every change of the account.
    for (method, path) in [
        (Method::POST, "/api/players/me/sign-out"),
        (Method::POST, "/api/players/me/sign-in-links"),
        (Method::DELETE, "/api/players/me/sign-in-links/abcdefghijkl"),
        (Method::POST, "/api/players/me/passkeys/begin"),
        (Method::POST, "/api/players/me/passkeys"),
        (Method::PATCH, "/api/players/me/passkeys/abcdefghijkl"),
        (Method::DELETE, "/api/players/me/passkeys/abcdefghijkl"),
    ] {
        let r = s
            .http
            .request(method.clone(), s.url(path))
            .header(evil.0.clone(), evil.1.clone())
            .header(cookie.0.clone(), cookie.1.clone())
            .json(&json!({"name": "x", "ceremony": "x", "credential": {}}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 403, "{method} {path}");
    }
    assert_eq!(me(&s, &key).await.0, 200, "still signed in");
    // The link was not used by the refused attempt.
    let (status, _, _) = post_with(
        &s,
        "/api/sign-in/link",
        json!({ "link": fragment(&link) }),
        &[(ORIGIN, format!("http://{}", s.addr))],
    )
    .await;
    assert_eq!(status, 200, "from the site's own page");
}

#[tokio::test]
async fn passkeys_need_the_sites_name_and_their_options_ask_for_a_discoverable_verified_credential() {
    let s = Server::fresh().await;
    let (id, key) = player(&s, "Amani").await;
    let bearer = (reqwest::header::AUTHORIZATION, format!("Bearer {key}"));

    // By IP address (the tests' own 127.0.0.1): no relying party id.
    for path in ["/api/players/me/passkeys/begin", "/api/sign-in/passkey/begin"] {
        let (status, _, v) = post_with(&s, path, json!({}), std::slice::from_ref(&bearer)).await;
        assert_eq!((status, v["error"].as_str()), (400, Some("passkeys_unavailable")), "{path}: {v}");
    }

    let host = (HOST, format!("localhost:{}", s.addr.port()));
    let (status, _, begun) = post_with(
        &s,
        "/api/players/me/passkeys/begin",
        json!({}),
        &[bearer.clone(), host.clone()],
    )
    .await;
    assert_eq!(status, 200, "{begun}");
    let o = &begun["options"]["publicKey"];
    assert_eq!(o["rp"]["id"], "localhost", "{o}");
    assert_eq!(o["user"]["name"], "Amani");
    assert!(o["user"]["id"].as_str().is_some_and(|h| !h.is_empty()), "a user handle, base64url");
    assert!(o["challenge"].as_str().is_some_and(|c| c.len() >= 22), "{o}");
    assert_eq!(o["authenticatorSelection"]["residentKey"], "required", "{o}");
    assert_eq!(o["authenticatorSelection"]["userVerification"], "required", "{o}");
    assert_eq!(o["excludeCredentials"], json!([]), "no passkey yet");
    let ceremony = begun["ceremony"].as_str().unwrap().to_owned();

    // The same user handle each time: a player is one WebAuthn user.
    let (_, _, again) = post_with(&s, "/api/players/me/passkeys/begin", json!({}), &[bearer.clone(), host.clone()]).await;
    assert_eq!(again["options"]["publicKey"]["user"]["id"], o["user"]["id"]);
    assert_ne!(again["ceremony"], begun["ceremony"]);

    // An answer that is no credential is refused, and the ceremony is used up by it.
    let finish = |ceremony: &str, credential: Value| json!({ "ceremony": ceremony, "credential": credential });
    let fake = json!({
        "id": "AAAA", "rawId": "AAAA", "type": "public-key",
        "response": { "attestationObject": "AAAA", "clientDataJSON": "AAAA" }
    });
    let (status, _, v) = post_with(&s, "/api/players/me/passkeys", finish(&ceremony, fake.clone()), &[bearer.clone(), host.clone()]).await;
    assert_eq!((status, v["error"].as_str()), (400, Some("bad_passkey")), "{v}");
    let (status, _, v) = post_with(&s, "/api/players/me/passkeys", finish(&ceremony, fake.clone()), &[bearer.clone(), host.clone()]).await;
    assert_eq!((status, v["error"].as_str()), (410, Some("gone")), "taken once: {v}");
    // Another player cannot finish this player's ceremony.
    let (_, stranger) = player(&s, "Stranger").await;
    let (status, _, v) = post_with(
        &s,
        "/api/players/me/passkeys",
        finish(again["ceremony"].as_str().unwrap(), fake.clone()),
        &[(reqwest::header::AUTHORIZATION, format!("Bearer {stranger}")), host.clone()],
    )
    .await;
    assert_eq!((status, v["error"].as_str()), (410, Some("gone")), "{v}");
    let (status, _, list) = as_player(&s, &key, Method::GET, "/api/players/me/passkeys", None).await;
    assert_eq!((status, list), (200, json!([])));
    assert_eq!(me(&s, &key).await.1["passkeys"], 0);
    assert!(s.get_json(&format!("/api/players/{id}")).await.1.get("passkeys").is_none(), "the own profile only");

    // Signing in: options for any passkey of the site, asked by a button (no conditional mediation).
    let (status, _, begun) = post_with(&s, "/api/sign-in/passkey/begin", json!({}), std::slice::from_ref(&host)).await;
    assert_eq!(status, 200, "{begun}");
    assert_eq!(begun["options"]["publicKey"]["rpId"], "localhost", "{begun}");
    assert_eq!(begun["options"]["publicKey"]["userVerification"], "required");
    assert!(begun["options"].get("mediation").is_none(), "{begun}");
    let assertion = json!({
        "id": "AAAA", "rawId": "AAAA", "type": "public-key",
        "response": { "authenticatorData": "AAAA", "clientDataJSON": "AAAA", "signature": "AAAA", "userHandle": "AAAA" }
    });
    let ceremony = begun["ceremony"].as_str().unwrap();
    let (status, cookie, v) = post_with(&s, "/api/sign-in/passkey", finish(ceremony, assertion.clone()), std::slice::from_ref(&host)).await;
    assert_eq!((status, v["error"].as_str()), (400, Some("bad_passkey")), "{v}");
    assert_eq!(cookie, None);
    let (status, _, v) = post_with(&s, "/api/sign-in/passkey", finish(ceremony, assertion), std::slice::from_ref(&host)).await;
    assert_eq!((status, v["error"].as_str()), (410, Some("gone")), "{v}");
    // Unknown passkeys are not found, renamed or removed.
    for method in [Method::PATCH, Method::DELETE] {
        let (status, _, v) = as_player(&s, &key, method, "/api/players/me/passkeys/abcdefghijkl", Some(json!({"name": "x"}))).await;
        assert_eq!((status, v["error"].as_str()), (404, Some("not_found")), "{v}");
    }
    let (status, _, v) = as_player(&s, &key, Method::PATCH, "/api/players/me/passkeys/abcdefghijkl", Some(json!({"name": ""}))).await;
    assert_eq!((status, v["error"].as_str()), (400, Some("bad_name")), "{v}");
}

#[tokio::test]
async fn the_public_url_is_the_relying_party() {
    let s = Server::fresh_with(|c| c.public_url = Some("https://bao.example.org/".into())).await;
    let (_, key) = player(&s, "Public").await;
    let (status, _, begun) = post_with(
        &s,
        "/api/players/me/passkeys/begin",
        json!({}),
        &[(reqwest::header::AUTHORIZATION, format!("Bearer {key}"))],
    )
    .await;
    assert_eq!(status, 200, "{begun}");
    assert_eq!(begun["options"]["publicKey"]["rp"]["id"], "bao.example.org");
    let link = make_link(&s, &key).await;
    assert!(
        link["url"].as_str().unwrap().starts_with("https://bao.example.org/signin#"),
        "{link}"
    );
}

#[tokio::test]
async fn sign_in_attempts_are_limited_per_address() {
    let s = Server::fresh_with(|c| c.sign_ins_per_minute = 2.0).await;
    for _ in 0..2 {
        let (status, _, _) = post_with(&s, "/api/sign-in/link", json!({ "link": "a.b" }), &[]).await;
        assert_eq!(status, 410);
    }
    let r = s
        .http
        .post(s.url("/api/sign-in/link"))
        .json(&json!({ "link": "a.b" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    assert!(r.headers().get("retry-after").is_some());
    let (status, _, _) = post_with(&s, "/api/sign-in/passkey/begin", json!({}), &[]).await;
    assert_eq!(status, 429, "the passkey's sign-in shares the allowance");
    assert!(s.metric("bao_rate_limited_total{limit=\"sign_ins\"}").await >= 2.0);
}

#[tokio::test]
async fn without_a_passkey_seeks_are_casual_unless_asked() {
    let s = Server::fresh().await;
    let (_, key) = player(&s, "Casual").await;
    open_seek(&s, &key, json!({"variant": "kujifunza", "clock": null, "seat": "random"})).await;
    open_seek(&s, &key, json!({"variant": "kujifunza", "clock": null, "seat": "random", "rated": true})).await;
    let (_, seeks) = s.get_json("/api/seeks").await;
    let rated: Vec<bool> = seeks.as_array().unwrap().iter().map(|s| s["rated"].as_bool().unwrap()).collect();
    assert_eq!(rated, [false, true]);
}
