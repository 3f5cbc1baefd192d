//! Players without registration (protocol.md, "Players"): created with a given or a generated name, known by
//! their cookie or their bearer key, renamed, deleted; names validated; the cookie's changes only from the
//! site's own pages; the seats a player takes carry their name, across a restart and into the rematch, while
//! games by link still need no player.

use crate::common;

use common::*;
use reqwest::header::{AUTHORIZATION, COOKIE, ORIGIN, SET_COOKIE};
use serde_json::{json, Value};

/// Creates a player (named `name`, or by the server); its JSON and its `Set-Cookie`.
async fn new_player(s: &Server, name: Option<&str>) -> (Value, String) {
    let body = match name {
        Some(n) => json!({ "name": n }),
        None => json!({}),
    };
    let r = s
        .http
        .post(s.url("/api/players"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let cookie = r
        .headers()
        .get(SET_COOKIE)
        .expect("Set-Cookie")
        .to_str()
        .unwrap()
        .to_owned();
    (r.json().await.unwrap(), cookie)
}

fn cookie_of(key: &str) -> String {
    format!("bao_player={key}")
}

#[tokio::test]
async fn a_player_is_made_named_known_by_its_key_renamed_and_deleted() {
    let s = Server::fresh().await;
    let (p, set_cookie) = new_player(&s, Some("Mwanaisha")).await;
    assert_eq!(p["name"], "Mwanaisha");
    let (id, key) = (p["id"].as_str().unwrap(), p["key"].as_str().unwrap());
    assert!(
        id.len() >= 11 && id.bytes().all(|b| b.is_ascii_alphanumeric()),
        "{id}"
    );
    assert!(key.len() >= 21, "at least 122 random bits: {key}");
    assert!(
        set_cookie.starts_with(&format!("bao_player={key};")),
        "{set_cookie}"
    );
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set_cookie.contains(part), "{part}: {set_cookie}");
    }
    assert!(
        !set_cookie.contains("Secure"),
        "plain HTTP here: {set_cookie}"
    );

    // Known by its cookie and by its bearer key; the public profile has no key.
    for (name, value) in [
        (COOKIE, cookie_of(key)),
        (AUTHORIZATION, format!("Bearer {key}")),
    ] {
        let me: Value = s
            .http
            .get(s.url("/api/players/me"))
            .header(name, value)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(me["id"], id);
        assert_eq!(me["name"], "Mwanaisha");
        assert_eq!(me["games"], 0);
        assert!(
            me["created"].as_i64().unwrap() > 1_700_000_000_000,
            "Unix ms: {me}"
        );
        assert_eq!(me["ratings"], json!({}));
    }
    let (status, public) = s.get_json(&format!("/api/players/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(public["name"], "Mwanaisha");
    assert!(!public.to_string().contains(key), "{public}");

    // Renamed; a name the contract refuses is `bad_name` and changes nothing.
    let rename = |name: &str| {
        s.http
            .patch(s.url("/api/players/me"))
            .header(COOKIE, cookie_of(key))
            .json(&json!({ "name": name }))
            .send()
    };
    let r = rename("Bi Mwanaisha").await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["name"], "Bi Mwanaisha");
    for bad in [
        "x",
        " Ali",
        "Ali  Baba",
        "Ali\u{202E}",
        "<b>Ali</b>",
        "Ali محمد",
    ] {
        let r = rename(bad).await.unwrap();
        assert_eq!(r.status(), 400, "{bad:?}");
        assert_eq!(
            r.json::<Value>().await.unwrap()["error"],
            "bad_name",
            "{bad:?}"
        );
    }
    let (_, public) = s.get_json(&format!("/api/players/{id}")).await;
    assert_eq!(public["name"], "Bi Mwanaisha");

    // Without a key, or with an unknown one: 401 `no_player`.
    for headers in [
        vec![],
        vec![(
            AUTHORIZATION,
            "Bearer 0123456789abcdef0123456789abcdef".to_owned(),
        )],
    ] {
        let mut req = s.http.get(s.url("/api/players/me"));
        for (n, v) in headers {
            req = req.header(n, v);
        }
        let r = req.send().await.unwrap();
        assert_eq!(r.status(), 401);
        assert_eq!(r.json::<Value>().await.unwrap()["error"], "no_player");
    }

    // Deleted: the key opens nothing, the profile is gone, the cookie is cleared.
    let r = s
        .http
        .delete(s.url("/api/players/me"))
        .header(COOKIE, cookie_of(key))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204);
    let cleared = r
        .headers()
        .get(SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cleared.starts_with("bao_player=;") && cleared.contains("Max-Age=0"),
        "{cleared}"
    );
    let r = s
        .http
        .get(s.url("/api/players/me"))
        .header(COOKIE, cookie_of(key))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    assert_eq!(s.get_json(&format!("/api/players/{id}")).await.0, 404);
    assert_eq!(s.get_json("/api/players/nosuchplayer1").await.0, 404);
    s.stop().await;
}

#[tokio::test]
async fn the_server_names_a_player_who_gives_no_name() {
    let s = Server::fresh().await;
    let (a, _) = new_player(&s, None).await;
    let (b, _) = new_player(&s, None).await;
    for p in [&a, &b] {
        let name = p["name"].as_str().unwrap();
        let (word, number) = name.split_once(' ').expect("a word and a number");
        assert!(word.chars().all(char::is_alphabetic), "{name}");
        assert!(number.parse::<u32>().is_ok(), "{name}");
    }
    assert_ne!(a["id"], b["id"]);
    assert_ne!(a["key"], b["key"]);
    s.stop().await;
}

/// A page of another site could make the visitor's browser send the cookie: such a change is refused, while
/// the site's own pages and programs with the bearer key go through.
#[tokio::test]
async fn the_cookie_changes_nothing_from_a_page_of_another_site() {
    let s = Server::fresh().await;
    let (p, _) = new_player(&s, Some("Amani")).await;
    let key = p["key"].as_str().unwrap();
    let own = format!("http://{}", s.addr);
    let rename = |origin: &str, by: (&str, String)| {
        s.http
            .patch(s.url("/api/players/me"))
            .header(ORIGIN, origin)
            .header(by.0, by.1)
            .json(&json!({ "name": "Hacked" }))
            .send()
    };
    let r = rename("https://evil.example", ("cookie", cookie_of(key)))
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    assert_eq!(
        r.json::<Value>().await.unwrap()["error"],
        "forbidden_origin"
    );
    let r = s
        .http
        .post(s.url("/api/games"))
        .header(ORIGIN, "https://evil.example")
        .header(COOKIE, cookie_of(key))
        .json(&json!({"variant": "kujifunza"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.status(),
        403,
        "a game made for the player by a foreign page"
    );
    let (_, me) = s
        .get_json(&format!("/api/players/{}", p["id"].as_str().unwrap()))
        .await;
    assert_eq!(me["name"], "Amani");
    // A program with the bearer key needs no origin; the site's own page may use the cookie.
    let r = rename(
        "https://evil.example",
        ("authorization", format!("Bearer {key}")),
    )
    .await
    .unwrap();
    assert_eq!(r.status(), 200);
    let r = rename(&own, ("cookie", cookie_of(key))).await.unwrap();
    assert_eq!(r.status(), 200);
    s.stop().await;
}

/// The seats a player takes carry their name (and id) in the snapshot and in presence; a seat taken by link
/// alone carries `null`; the names survive a restart and go with their seats into the rematch.
#[tokio::test]
async fn seats_carry_their_players_names_through_a_restart_and_a_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let (host, _) = new_player(&s, Some("Simba 7")).await;
    let (guest, _) = new_player(&s, Some("Twiga")).await;
    let as_player = |p: &Value| format!("Bearer {}", p["key"].as_str().unwrap());
    let created: Value = s
        .http
        .post(s.url("/api/games"))
        .header(AUTHORIZATION, as_player(&host))
        .json(&json!({"variant": "kujifunza", "seat": "south", "clock": {"kind": "live", "initial_s": 300, "increment_s": 5}}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    // The invitee's page sees who invites and with what clock before joining.
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["seats"]["south"]["player"]["name"], "Simba 7");
    assert_eq!(snap["seats"]["south"]["player"]["id"], host["id"]);
    assert!(snap["seats"]["south"]["player"]["rating"].is_null());
    assert!(snap["seats"]["north"]["player"].is_null());
    assert!(snap["clock"].is_object(), "{snap}");
    let joined: Value = s
        .http
        .post(s.url(&format!("/api/games/{id}/join")))
        .header(AUTHORIZATION, as_player(&guest))
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(joined["seat"], "north");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["seats"]["north"]["player"]["name"], "Twiga");
    assert_eq!(
        s.get_json(&format!("/api/players/{}", guest["id"].as_str().unwrap()))
            .await
            .1["games"],
        1
    );
    s.stop().await;

    // After a restart the names are read back with the game.
    let s = Server::start(dir.path()).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["seats"]["south"]["player"]["name"], "Simba 7");
    assert_eq!(snap["seats"]["north"]["player"]["name"], "Twiga");
    // The players resign and agree on a rematch: the names go with their seats, which swap.
    let mut south = s.ws(&id).await;
    south
        .hello(Some(created["token"].as_str().unwrap()), 0)
        .await;
    let mut north = s.ws(&id).await;
    north
        .hello(Some(joined["token"].as_str().unwrap()), 0)
        .await;
    south.send(json!({"t": "resign"})).await;
    south.recv_t("ended").await;
    south.send(json!({"t": "rematch"})).await;
    north.recv_t("rematch").await;
    north.send(json!({"t": "rematch"})).await;
    let rematch = loop {
        let r = north.recv_t("rematch").await;
        if let Some(game) = r["game"].as_str() {
            break game.to_owned();
        }
        if let Some(url) = r["url"].as_str() {
            break url.trim_start_matches("/g/").to_owned();
        }
    };
    let (_, snap) = s.get_json(&format!("/api/games/{rematch}")).await;
    assert_eq!(snap["seats"]["north"]["player"]["name"], "Simba 7");
    assert_eq!(snap["seats"]["south"]["player"]["name"], "Twiga");
    s.stop().await;
}

#[tokio::test]
async fn games_by_link_need_no_player() {
    let s = Server::fresh().await;
    let (id, _, _) = s.friends_game("kimasai").await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    for side in ["south", "north"] {
        assert!(snap["seats"][side]["taken"].as_bool().unwrap());
        assert!(snap["seats"][side]["player"].is_null(), "{snap}");
    }
    s.stop().await;
}
