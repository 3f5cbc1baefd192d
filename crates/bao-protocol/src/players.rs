//! The bodies of the players' routes (protocol.md, "Players, without registration").

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The body of `POST /api/players`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct NewPlayer {
    /// The name; without it the server gives one (an animal and a number).
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to `POST /api/players`: the new player and its secret key, shown this once (and set as the
/// `bao_player` cookie).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CreatedPlayer {
    /// Public id.
    pub id: String,
    /// The name.
    pub name: String,
    /// The secret key: the cookie's value, or `Authorization: Bearer KEY` for programs.
    pub key: String,
}

/// The body of `PATCH /api/players/me`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Rename {
    /// The new name.
    pub name: String,
}

/// A player's rating in one variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingView {
    /// Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Rated games played.
    pub games: u64,
    /// Whether the deviation is still above 110.
    pub provisional: bool,
}

/// Everything the server keeps about a player (`GET /api/players/me/export`), to take away.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayerExport {
    /// When this was made, Unix ms.
    pub exported_at: i64,
    /// The profile, ratings included.
    pub player: Profile,
    /// The rating graphs by variant.
    pub rating_history: BTreeMap<String, Vec<RatingPoint>>,
    /// Every game the player took a seat in, newest first.
    pub games: Vec<crate::GameSummary>,
    /// The puzzle rating, solves and misses by theme and streaks (absent before a first puzzle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzles: Option<crate::PuzzleProgress>,
    /// The player's own mistakes solved so far (`GET /api/mistakes`), as mistake ids (`GAME-PLY`), sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solved_mistakes: Vec<String>,
}

/// One side's rating before and after a rated game, rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RatingChange {
    /// Before the game.
    pub before: i64,
    /// After it.
    pub after: i64,
}

/// What a rated game did to its two players' ratings (`ended`, the snapshot of a finished rated game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GameRatings {
    /// South's player.
    pub south: RatingChange,
    /// North's player.
    pub north: RatingChange,
}

/// One point of a player's rating graph (`GET /api/players/{id}/rating-history`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingPoint {
    /// When the game ended, Unix ms.
    pub at: i64,
    /// The rating after it, rounded.
    pub rating: i64,
    /// The game.
    pub game: String,
}

/// A row of `GET /api/leaderboard`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LeaderboardRow {
    /// The player.
    pub player: PlayerName,
    /// Their rating, rounded.
    pub rating: i64,
    /// Rated games played in the variant.
    pub games: u64,
}

/// A player's id and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlayerName {
    /// Public id.
    pub id: String,
    /// The name.
    pub name: String,
}

/// A player's public profile (`GET /api/players/{id}`, `GET /api/players/me`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Profile {
    /// Public id.
    pub id: String,
    /// The name.
    pub name: String,
    /// When the player was created, Unix ms.
    pub created: i64,
    /// Ratings by variant (none before the player's first rated game).
    pub ratings: BTreeMap<String, RatingView>,
    /// Games the player took a seat in.
    pub games: u64,
    /// How many passkeys the player has: only in the own profile (`GET /api/players/me`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passkeys: Option<u32>,
}

/// A passkey of the own player (`GET /api/players/me/passkeys`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PasskeyView {
    /// Its id, to rename or remove it.
    pub id: String,
    /// The name its player gave it (or the server's "Passkey N").
    pub name: String,
    /// When it was added, Unix ms.
    pub created: i64,
    /// When it last signed in, Unix ms.
    pub last_used: Option<i64>,
}

/// The answer to the first request of a WebAuthn ceremony (adding a passkey, signing in with one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CeremonyStart {
    /// The ceremony's id, sent back with the authenticator's answer (good for 5 minutes, once).
    pub ceremony: String,
    /// The options for the browser, `{"publicKey":{…}}` as the WebAuthn JSON forms have them (base64url):
    /// `PublicKeyCredential.parseCreationOptionsFromJSON(options.publicKey)` or
    /// `parseRequestOptionsFromJSON`.
    #[schema(value_type = Object)]
    pub options: serde_json::Value,
}

/// The body of `POST /api/players/me/passkeys`: the authenticator's answer to the registration ceremony.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct NewPasskey {
    /// The ceremony's id from `POST /api/players/me/passkeys/begin`.
    pub ceremony: String,
    /// A name for the passkey (1 to 40 characters); without one the server names it.
    #[serde(default)]
    pub name: Option<String>,
    /// `credential.toJSON()` of the `PublicKeyCredential` that `navigator.credentials.create` gave.
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
}

/// The body of `PATCH /api/players/me/passkeys/{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PasskeyRename {
    /// The new name (1 to 40 characters).
    pub name: String,
}

/// The body of `POST /api/sign-in/passkey`: the authenticator's answer to the sign-in ceremony.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PasskeySignIn {
    /// The ceremony's id from `POST /api/sign-in/passkey/begin`.
    pub ceremony: String,
    /// `credential.toJSON()` of the `PublicKeyCredential` that `navigator.credentials.get` gave.
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
}

/// A sign-in link just made (`POST /api/players/me/sign-in-links`): the only time its address is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct NewSignInLink {
    /// Its id, to revoke it.
    pub id: String,
    /// The link: `…/signin#ID.SECRET`, the secret in the fragment only (browsers never send it).
    pub url: String,
    /// Unix ms.
    pub created: i64,
    /// When it stops working, Unix ms.
    pub expires: i64,
}

/// A sign-in link still good, as its player's list shows it (`GET /api/players/me/sign-in-links`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SignInLinkView {
    /// Its id, to revoke it.
    pub id: String,
    /// Unix ms.
    pub created: i64,
    /// When it stops working, Unix ms.
    pub expires: i64,
}

/// The body of `POST /api/sign-in/link`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RedeemSignInLink {
    /// The link's fragment, `ID.SECRET` (the part after `#`).
    pub link: String,
}
