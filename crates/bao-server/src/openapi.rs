//! The OpenAPI 3.1 description of the HTTP API, served at `GET /api/openapi.json` and generated from the code
//! (the router builds the document: [`crate::app::openapi`]): each handler's `#[utoipa::path]` attribute is
//! also its route (`app.rs` registers the handlers with `utoipa_axum::routes!`, so a route cannot be added
//! without its description), the bodies are the serde types of [`bao_protocol`] deriving `ToSchema`, and the
//! error answers are built from [`AppError`] itself (its codes, statuses and messages).
//!
//! bao-core and bao-ai know nothing of utoipa, so the JSON of their types (positions, pits, moves, sides,
//! variants, stages, trace steps, levels) is described by hand in [`bao_protocol::schema`], to the letter of
//! spec/position.md; the tests check these descriptions against what the server really sends.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use bao_protocol::{ClientMsg, ErrorBody, ServerMsg};
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response};
use utoipa::{IntoResponses, OpenApi, ToSchema};

use crate::error::AppError;

/// The document's root: title, version, tags and the schemas that no operation names directly (the socket's
/// messages, for reference). The operations are added by the router (`app::openapi`).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Bao server",
        description = "The HTTP API of the Bao game server (docs/protocol.md). Games are played over the \
            WebSocket `GET /ws/{id}`, whose messages are the schemas `ClientMsg` and `ServerMsg`.",
        license(name = "MIT"),
    ),
    components(schemas(ErrorBody, ClientMsg, ServerMsg)),
    tags(
        (name = "games", description = "Create, join and read games"),
        (name = "players", description = "Players without registration: a name and a secret key (cookie)"),
        (name = "rules", description = "Rules help: what a position allows, and why not (no game needed)"),
        (name = "server", description = "The server itself: version, health, metrics, this document"),
        (name = "tournaments", description = "Arenas and Swiss events (docs/protocol.md, \"Tournaments\")"),
        (name = "socket", description = "The WebSocket a game is played over (docs/protocol.md)"),
    )
)]
pub struct ApiDoc;

/// The error answers an operation can give, built from [`AppError`]: one response per status, naming its
/// codes and when each is given, with the JSON body of each as an example.
fn errors(list: &[(AppError, &str)]) -> BTreeMap<String, RefOr<Response>> {
    let mut by_status: BTreeMap<u16, Vec<&(AppError, &str)>> = BTreeMap::new();
    for e in list {
        by_status
            .entry(e.0.http_status().as_u16())
            .or_default()
            .push(e);
    }
    by_status
        .into_iter()
        .map(|(status, errors)| {
            let description = errors
                .iter()
                .map(|(e, when)| format!("`{}`: {when}", e.code()))
                .collect::<Vec<_>>()
                .join("; ");
            let content = errors
                .iter()
                .fold(
                    ContentBuilder::new().schema(Some(Ref::from_schema_name(ErrorBody::name()))),
                    |c, (e, _)| {
                        let example = ExampleBuilder::new()
                            .value(serde_json::to_value(e.body()).ok())
                            .build();
                        c.examples_from_iter([(e.code().as_str(), example)])
                    },
                )
                .build();
            let mut response = ResponseBuilder::new()
                .description(description)
                .content("application/json", content);
            if status == StatusCode::TOO_MANY_REQUESTS.as_u16() {
                response = response.header(
                    "Retry-After",
                    HeaderBuilder::new()
                        .schema(Some(
                            ObjectBuilder::new()
                                .schema_type(Type::Integer)
                                .minimum(Some(0)),
                        ))
                        .description(Some("seconds to wait before trying again"))
                        .build(),
                );
            }
            (status.to_string(), response.build().into())
        })
        .collect()
}

/// The answers every `/api/...` operation can give besides its own: a body over `--body-limit` (checked on
/// every request, whatever the method) and the 15-second timeout.
fn api_errors(list: Vec<(AppError, &str)>) -> BTreeMap<String, RefOr<Response>> {
    let mut all = list;
    all.push((
        AppError::PayloadTooLarge,
        "the request body is larger than `--body-limit` (16 KiB by default)",
    ));
    let mut responses = errors(&all);
    responses.insert(
        StatusCode::REQUEST_TIMEOUT.as_u16().to_string(),
        ResponseBuilder::new()
            .description("the request took more than 15 s (no body)")
            .build()
            .into(),
    );
    responses
}

fn internal() -> (AppError, &'static str) {
    (
        AppError::Internal(String::new()),
        "a fault of the server (the details are logged, not sent)",
    )
}

/// The answers of an operation that needs a game in memory or the database: the server may be full, stopping
/// or failing.
fn capacity_errors() -> [(AppError, &'static str); 3] {
    [
        (
            AppError::Busy,
            "the server holds as many games in memory as `--max-games` allows",
        ),
        (
            AppError::Unavailable,
            "the server is shutting down, cannot write to its database, or cannot reach the node that \
             holds the game",
        ),
        internal(),
    ]
}

/// The answers of an operation that opens a game's room: it may not exist, or [`capacity_errors`].
fn room_errors() -> Vec<(AppError, &'static str)> {
    let mut list = vec![(AppError::NotFound, "there is no game with this id")];
    list.extend(capacity_errors());
    list
}

/// The error answers of `POST /api/games`.
#[derive(Debug)]
pub struct CreateErrors;

impl IntoResponses for CreateErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::BadRequest("bad JSON: missing field `variant`".into()),
                "the body is not the expected JSON, or names an unknown seat, opponent or level",
            ),
            (
                AppError::UnknownVariant("chess".into()),
                "the variant is not one of the four",
            ),
            (
                AppError::BadClock("clock: days must be 1 to 14, not 30".into()),
                "the `clock` is not `null`, a live clock or days per move within the bounds",
            ),
            (
                AppError::RateLimited {
                    message: "too many requests; try again in a moment",
                    retry_after: std::time::Duration::from_secs(2),
                },
                "this address created more than `--create-per-minute` games in the last minute",
            ),
        ];
        list.extend(capacity_errors());
        api_errors(list)
    }
}

/// The error answers of `POST /api/games/import`.
#[derive(Debug)]
pub struct ImportErrors;

impl IntoResponses for ImportErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::BadRequest("the game is not over after these moves".into()),
                "the body is not the expected JSON; it names an unknown level, has no moves or more than \
                 2000, starts elsewhere than the variant's start, goes on after the game was over, is not over \
                 and says no resignation, or says another result than the moves make",
            ),
            (
                AppError::UnknownVariant("chess".into()),
                "the variant is not one of the four",
            ),
            (
                AppError::BadPosition("bad position".into()),
                "`start` is not a position",
            ),
            (
                AppError::IllegalMove {
                    message: "move 3 (\"A1L\") cannot be played: the pit is empty".into(),
                    reason: bao_core::Blocked::NotLegal,
                },
                "a move is not in notation or the rules do not allow it: the message says which (counted \
                 from 1) and why; nothing is stored",
            ),
            (
                AppError::TooComplex,
                "a move's sowing goes on too long to replay it here",
            ),
            (
                AppError::RateLimited {
                    message: "too many games created; try again in a moment",
                    retry_after: std::time::Duration::from_secs(2),
                },
                "this address created (or imported) more than `--create-per-minute` games in the last minute",
            ),
            (
                AppError::Unavailable,
                "the server is shutting down or cannot write to its database",
            ),
            internal(),
        ])
    }
}

/// The error answers of `POST /api/games/status`.
#[derive(Debug)]
pub struct SummaryErrors;

impl IntoResponses for SummaryErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::BadRequest("at most 100 ids at once, not 101".into()),
                "the body is not `{\"ids\": [...]}` or holds more than 100 ids",
            ),
            (
                AppError::RateLimited {
                    message: "too many status requests; try again in a moment",
                    retry_after: std::time::Duration::from_secs(1),
                },
                "this address asked for more than `--status-per-minute` statuses in the last minute",
            ),
            internal(),
        ])
    }
}

/// The error answers of `POST /api/games/{id}/join`.
#[derive(Debug)]
pub struct JoinErrors;

impl IntoResponses for JoinErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::BadRequest("bad JSON: expected value at line 1 column 1".into()),
                "the body is neither empty nor JSON",
            ),
            (AppError::SeatTaken, "both seats are taken"),
            (AppError::GameOver, "the game is finished"),
        ];
        list.extend(room_errors());
        api_errors(list)
    }
}

/// The error answers of `GET /api/games/{id}` and `GET /api/games/{id}/record`.
#[derive(Debug)]
pub struct GameErrors;

impl IntoResponses for GameErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(room_errors())
    }
}

/// The error answers of `GET /api/games/{id}/history`.
#[derive(Debug)]
pub struct HistoryErrors;

impl IntoResponses for HistoryErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![(
            AppError::BadRequest("bad query: Failed to deserialize query string".into()),
            "`from` or `to` is not a whole number",
        )];
        list.extend(room_errors());
        api_errors(list)
    }
}

/// The error answers of `GET /api/games/{id}/board.svg`.
#[derive(Debug)]
pub struct BoardErrors;

impl IntoResponses for BoardErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![(
            AppError::BadRequest("bad query: Failed to deserialize query string".into()),
            "`ply` is not a whole number",
        )];
        let mut room = room_errors();
        room[0].1 = "there is no game with this id, or `ply` is past its last move";
        list.extend(room);
        api_errors(list)
    }
}

/// The error answers of `POST /api/analysis/record`.
#[derive(Debug)]
pub struct ReplayErrors;

impl IntoResponses for ReplayErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::BadRequest("the record names no variant".into()),
                "the body is not the expected JSON, the record names no variant (or an unknown one), holds \
                 no moves, or more than 2000",
            ),
            (
                AppError::RateLimited {
                    message: "too many analyses asked for; try again in a moment",
                    retry_after: std::time::Duration::from_secs(1),
                },
                "this address asked for more than `--analysis-per-minute` analyses (a replay counts as one) \
                 in the last minute",
            ),
            internal(),
        ])
    }
}

/// The error answers of `POST /api/analysis`.
#[derive(Debug)]
pub struct AnalysisErrors;

impl IntoResponses for AnalysisErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::BadRequest("think_ms must be between 1 and 2000, not 5000".into()),
                "the body is not the expected JSON, or `think_ms` is not between 1 and 2000",
            ),
            (
                AppError::BadPosition(
                    "board and hands hold 63 seeds; a position holds exactly 64".into(),
                ),
                "bao-core refuses the position (the message is the `bao` command's)",
            ),
            (
                AppError::TooComplex,
                "telling the position's moves apart takes too long (a move whose relay sowing goes on for \
                 millions of laps)",
            ),
            (
                AppError::RateLimited {
                    message: "too many analyses asked for; try again in a moment",
                    retry_after: std::time::Duration::from_secs(1),
                },
                "this address asked for more than `--analysis-per-minute` analyses in the last minute, or \
                 `--analysis-concurrency` analyses are running",
            ),
            (
                AppError::Unavailable,
                "the server is shutting down",
            ),
            internal(),
        ])
    }
}

/// The error answers of `GET /api/games/{id}/review`.
#[derive(Debug)]
pub struct ReviewErrors;

impl IntoResponses for ReviewErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (AppError::NotFound, "there is no game with this id"),
            (
                AppError::NotFinished,
                "the game is still waiting or being played: only finished games are reviewed",
            ),
            (
                AppError::ReviewsBusy,
                "`--review-queue` games already wait for the computer's review",
            ),
            (AppError::Unavailable, "the server is shutting down"),
            internal(),
        ])
    }
}

/// The error answers of `GET /api/puzzles` and `GET /api/puzzles/{id}`.
#[derive(Debug)]
pub struct PuzzleErrors;

impl IntoResponses for PuzzleErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::UnknownVariant("chess".into()),
                "`variant` is not one of the four",
            ),
            (
                AppError::BadRequest("unknown theme \"mate\"".into()),
                "`theme` is not one of the themes, or the query cannot be read",
            ),
            (
                AppError::NoSuchPuzzle,
                "no puzzle has this id, or none of the variant (and theme)",
            ),
            internal(),
        ])
    }
}

/// The error answers of `GET /api/mistakes` and `GET /api/mistakes/{id}`.
#[derive(Debug)]
pub struct MistakeErrors;

impl IntoResponses for MistakeErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::NoPlayer,
                "the request carries no player key (cookie or `Authorization: Bearer`), or one of no player",
            ),
            (
                AppError::NoSuchPuzzle,
                "(one mistake) the player has no such mistake among their recent reviewed games",
            ),
            internal(),
        ])
    }
}

/// The error answers of `POST /api/mistakes/{id}/attempt`.
#[derive(Debug)]
pub struct MistakeAttemptErrors;

impl IntoResponses for MistakeAttemptErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (AppError::BadRequest("bad body".into()), "the body is not an attempt"),
            (
                AppError::ForbiddenOrigin("https://elsewhere.example".into()),
                "the request comes from a page of another site (its `Origin` is not this server's)",
            ),
            (
                AppError::NoPlayer,
                "the request carries no player key (cookie or `Authorization: Bearer`), or one of no player",
            ),
            (
                AppError::NoSuchPuzzle,
                "the player has no such mistake among their recent reviewed games",
            ),
            (
                AppError::IllegalMove {
                    message: "\"A9R\" is not a legal move of the mistake's position".into(),
                    reason: bao_core::Blocked::NotLegal,
                },
                "the move is not a legal move of the mistake's position",
            ),
            (
                AppError::RateLimited {
                    message: "too many puzzle attempts; try again in a moment",
                    retry_after: std::time::Duration::from_secs(2),
                },
                "this address tried more than `--puzzle-attempts-per-minute` puzzles or mistakes in the last minute",
            ),
            (AppError::Unavailable, "the database cannot take the solve now"),
            internal(),
        ])
    }
}

/// The error answers of `POST /api/puzzles/{id}/attempt`.
#[derive(Debug)]
pub struct PuzzleAttemptErrors;

impl IntoResponses for PuzzleAttemptErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::BadRequest("bad body".into()),
                "the body is not an attempt",
            ),
            (
                AppError::ForbiddenOrigin("https://elsewhere.example".into()),
                "the request comes from a page of another site (its `Origin` is not this server's)",
            ),
            (AppError::NoSuchPuzzle, "no puzzle has this id"),
            (
                AppError::RateLimited {
                    message: "too many puzzle attempts; try again in a moment",
                    retry_after: std::time::Duration::from_secs(2),
                },
                "this address reported more than `--puzzle-attempts-per-minute` attempts in the last minute",
            ),
            (AppError::Unavailable, "the database cannot take the attempt now"),
            internal(),
        ])
    }
}

/// The error answers of the `/api/...` operations that need nothing but the request.
#[derive(Debug)]
pub struct PlainErrors;

impl IntoResponses for PlainErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(Vec::new())
    }
}

/// The error answers of `GET /g/{id}/qr.svg` (not an `/api/...` path: no body limit, no timeout).
#[derive(Debug)]
pub struct QrErrors;

impl IntoResponses for QrErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        errors(&[
            (AppError::NotFound, "there is no game with this id"),
            (
                AppError::BadRequest("the request names no host to build the link from".into()),
                "the server has no `--public-url` and the request no usable `Host` header",
            ),
            internal(),
        ])
    }
}

/// The error answers of `GET /ws/{id}` before the upgrade.
#[derive(Debug)]
pub struct SocketErrors;

impl IntoResponses for SocketErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::ForbiddenOrigin("https://elsewhere.example".into()),
                "the request comes from a page of another site (its `Origin` is not this server's)",
            ),
            (
                AppError::RateLimited {
                    message: "too many connections from your address; try again in a moment",
                    retry_after: std::time::Duration::from_secs(1),
                },
                "this address holds as many sockets as it may, or opens them too fast",
            ),
        ];
        list.extend(room_errors());
        let mut responses = errors(&list);
        responses.insert(
            StatusCode::BAD_REQUEST.as_u16().to_string(),
            ResponseBuilder::new()
                .description("not a WebSocket upgrade request (plain text)")
                .content("text/plain", ContentBuilder::new().build())
                .build()
                .into(),
        );
        responses
    }
}

/// What any request acting as a player can be answered besides its own: a foreign page using the cookie, and
/// the database failing.
fn player_errors() -> Vec<(AppError, &'static str)> {
    vec![
        (
            AppError::ForbiddenOrigin("https://elsewhere.example".into()),
            "a change asked by the player's cookie from a page of another site (its `Origin`)",
        ),
        (
            AppError::Unavailable,
            "the server is shutting down, or cannot write to its database",
        ),
        internal(),
    ]
}

/// The error answers of `POST /api/players`.
#[derive(Debug)]
pub struct NewPlayerErrors;

impl IntoResponses for NewPlayerErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::BadRequest("bad JSON: invalid type: integer `3`, expected a string".into()),
                "the body is not the expected JSON",
            ),
            (
                AppError::BadName(crate::players::names::BadName::Length),
                "the name is not 2 to 20 letters, digits, inner single spaces, `-` and `_`, written in one \
                 direction (the message says why)",
            ),
            (
                AppError::RateLimited {
                    message: "too many requests; try again in a moment",
                    retry_after: std::time::Duration::from_secs(2),
                },
                "this address created more than `--create-per-minute` games and players in the last minute",
            ),
        ];
        list.extend(player_errors());
        api_errors(list)
    }
}

/// The error answers of the routes that act as the request's player (`/api/players/me`).
#[derive(Debug)]
pub struct MeErrors;

impl IntoResponses for MeErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::BadName(crate::players::names::BadName::Spaces),
                "(renaming) the name is not one a player may have; the message says why",
            ),
            (
                AppError::NoPlayer,
                "the request carries no player key (cookie or `Authorization: Bearer`), or one of no player",
            ),
        ];
        list.extend(player_errors());
        api_errors(list)
    }
}

/// The error answers of the passkey ceremonies and the sign-ins (`/api/sign-in/…`,
/// `/api/players/me/passkeys…`).
#[derive(Debug)]
pub struct SignInErrors;

impl IntoResponses for SignInErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::BadPasskey("the authenticator's answer was refused: …".into()),
                "the authenticator's answer failed webauthn-rs's checks (the message says which), or its passkey \
                 belongs to no player of this site",
            ),
            (
                AppError::PasskeysUnavailable,
                "the site was reached by an IP address, which cannot be a WebAuthn relying party",
            ),
            (
                AppError::CeremonyGone,
                "the ceremony expired (5 minutes), was already finished, or is another player's; or (a \
                 sign-in link) it was used, revoked, expired or never made",
            ),
            (
                AppError::NoPlayer,
                "(adding a passkey) the request carries no player key, or one of no player",
            ),
            (
                AppError::RateLimited {
                    message: "too many sign-in attempts; try again in a minute",
                    retry_after: std::time::Duration::from_secs(6),
                },
                "this address tried to sign in more than `--sign-ins-per-minute` times in the last minute",
            ),
        ];
        list.extend(player_errors());
        api_errors(list)
    }
}

/// The error answers of `GET /api/players/{id}`.
#[derive(Debug)]
pub struct ProfileErrors;

impl IntoResponses for ProfileErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (AppError::NoSuchPlayer, "there is no player with this id"),
            internal(),
        ])
    }
}

/// The error answers of `GET /api/leaderboard`.
#[derive(Debug)]
pub struct LeaderboardErrors;

impl IntoResponses for LeaderboardErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::BadRequest("give the variant: ?variant=kiswahili".into()),
                "no variant given",
            ),
            (
                AppError::UnknownVariant("chess".into()),
                "the variant is not one of the four",
            ),
            (AppError::Unavailable, "the database cannot be read now"),
            internal(),
        ])
    }
}

/// What a request of the lobby acting as a player can be answered besides its own.
fn lobby_player_errors() -> Vec<(AppError, &'static str)> {
    let mut list = vec![(
        AppError::NoPlayer,
        "the request carries no player key (cookie or `Authorization: Bearer`), or one of no player",
    )];
    list.extend(player_errors());
    list
}

/// The error answers of `POST /api/seeks`.
#[derive(Debug)]
pub struct NewSeekErrors;

impl IntoResponses for NewSeekErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::BadRequest("bad JSON: missing field `variant`".into()),
                "the body is not the expected JSON",
            ),
            (
                AppError::UnknownVariant("chess".into()),
                "the variant is not one of the four",
            ),
            (
                AppError::BadClock("clock: unknown variant `blitz`".into()),
                "the clock is not one of protocol.md's time controls",
            ),
            (
                AppError::RateLimited {
                    message: "you have as many open seeks as you may; withdraw one or wait for a player",
                    retry_after: std::time::Duration::from_secs(30),
                },
                "the player (`--seeks-per-player`) or the address (`--seeks-per-address`) has as many open \
                 seeks as it may",
            ),
        ];
        list.extend(lobby_player_errors());
        api_errors(list)
    }
}

/// The error answers of `DELETE /api/seeks/{id}`.
#[derive(Debug)]
pub struct WithdrawSeekErrors;

impl IntoResponses for WithdrawSeekErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (AppError::NotYourSeek, "the seek is another player's"),
            (
                AppError::SeekGone,
                "the seek was accepted, withdrawn or left already (or never opened)",
            ),
        ];
        list.extend(lobby_player_errors());
        api_errors(list)
    }
}

/// The error answers of `POST /api/seeks/{id}/accept`.
#[derive(Debug)]
pub struct AcceptSeekErrors;

impl IntoResponses for AcceptSeekErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (AppError::OwnSeek, "the seek is the accepter's own"),
            (
                AppError::SeekGone,
                "someone accepted the seek first, or its player withdrew it or left",
            ),
            (
                AppError::Busy,
                "the server holds as many games as it may (`--max-rooms`)",
            ),
        ];
        list.extend(lobby_player_errors());
        api_errors(list)
    }
}

/// The error answers of `GET /api/seeks` and `GET /api/games/live`.
#[derive(Debug)]
pub struct LiveErrors;

impl IntoResponses for LiveErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::UnknownVariant("chess".into()),
                "(`/api/games/live`) the variant is not one of the four",
            ),
            (AppError::Unavailable, "the database cannot be read now"),
            internal(),
        ])
    }
}

/// The error answers of `POST /api/tournaments`.
#[derive(Debug)]
pub struct NewTournamentErrors;

impl IntoResponses for NewTournamentErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (
                AppError::BadRequest("kind: must be arena or swiss".into()),
                "the body is not the expected JSON, or a kind, duration, number of rounds or start out of range",
            ),
            (AppError::UnknownVariant("chess".into()), "the variant is not one of the four"),
            (
                AppError::BadClock("clock: unknown variant `blitz`".into()),
                "the clock is not one of protocol.md's time controls (an arena needs a live one)",
            ),
            (
                AppError::RateLimited {
                    message: "you have created as many tournaments today as you may",
                    retry_after: std::time::Duration::from_secs(3600),
                },
                "the player created `--tournaments-per-day` tournaments in the last 24 hours",
            ),
        ];
        list.extend(lobby_player_errors());
        api_errors(list)
    }
}

/// The error answers of `POST /api/tournaments/{id}/join`.
#[derive(Debug)]
pub struct JoinTournamentErrors;

impl IntoResponses for JoinTournamentErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![
            (AppError::NoSuchTournament, "no tournament of that id"),
            (
                AppError::TournamentClosed("this tournament is full"),
                "the tournament is over, or has `--tournament-players` players already",
            ),
        ];
        list.extend(lobby_player_errors());
        api_errors(list)
    }
}

/// The error answers of `POST /api/tournaments/{id}/withdraw` and `GET /api/tournaments/{id}/me`.
#[derive(Debug)]
pub struct TournamentPlayerErrors;

impl IntoResponses for TournamentPlayerErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut list = vec![(AppError::NoSuchTournament, "no tournament of that id")];
        list.extend(lobby_player_errors());
        api_errors(list)
    }
}

/// The error answers of `GET /api/tournaments` and `GET /api/tournaments/{id}`.
#[derive(Debug)]
pub struct TournamentErrors;

impl IntoResponses for TournamentErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::NoSuchTournament,
                "(`/api/tournaments/{id}`) no tournament of that id",
            ),
            (AppError::Unavailable, "the database cannot be read now"),
            internal(),
        ])
    }
}
