//! The OpenAPI 3.1 description of the HTTP API, served at `GET /api/openapi.json` and generated from the code:
//! each handler's `#[utoipa::path]` attribute is also its route (`app.rs` registers the handlers with
//! `utoipa_axum::routes!`, so a route cannot be added without its description), the bodies are the serde types
//! of [`crate::protocol`] deriving `ToSchema`, and the error answers are built from [`AppError`] itself (its
//! codes, statuses and messages).
//!
//! bao-core and bao-ai know nothing of utoipa, so the JSON of their types (positions, pits, moves, sides,
//! variants, stages, trace steps, levels) is described by hand in [`rules`], to the letter of spec/position.md;
//! the tests check these descriptions against what the server really sends.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::http::StatusCode;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response};
use utoipa::{IntoResponses, OpenApi, ToSchema};

use crate::error::AppError;
use crate::protocol::{ClientMsg, ErrorBody, ServerMsg};

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
        (name = "server", description = "The server itself: version, health, metrics, this document"),
        (name = "socket", description = "The WebSocket a game is played over (docs/protocol.md)"),
    )
)]
pub struct ApiDoc;

/// The document (built from the router: [`crate::app::openapi`]).
pub fn document() -> utoipa::openapi::OpenApi {
    crate::app::openapi()
}

/// The document as JSON, built once.
pub fn document_json() -> Result<&'static str, AppError> {
    static JSON: OnceLock<String> = OnceLock::new();
    if let Some(json) = JSON.get() {
        return Ok(json);
    }
    let json = document()
        .to_json()
        .map_err(|e| AppError::Internal(format!("cannot write the OpenAPI document: {e}")))?;
    Ok(JSON.get_or_init(|| json))
}

/// The schemas of bao-core's and bao-ai's JSON, written by hand (those crates do not depend on utoipa).
pub mod rules {
    use std::borrow::Cow;

    use utoipa::openapi::schema::{
        ArrayBuilder, Discriminator, ObjectBuilder, OneOfBuilder, Schema, Type,
    };
    use utoipa::openapi::{Ref, RefOr};
    use utoipa::{PartialSchema, ToSchema};

    /// Declares a schema type: its name in the document, its schema, and the named schemas it refers to.
    macro_rules! schema {
        ($(#[$doc:meta])* $name:ident [$($dep:ident),*] => $schema:expr) => {
            $(#[$doc])*
            #[derive(Debug)]
            pub struct $name;

            impl PartialSchema for $name {
                fn schema() -> RefOr<Schema> {
                    $schema.into()
                }
            }

            impl ToSchema for $name {
                fn name() -> Cow<'static, str> {
                    Cow::Borrowed(stringify!($name))
                }

                #[allow(unused_variables)]
                fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
                    $(
                        out.push(($dep::name().into_owned(), $dep::schema()));
                        $dep::schemas(out);
                    )*
                }
            }
        };
    }

    /// Every stage, for the enumeration (bao-core has no list of them).
    const STAGES: [bao_core::Stage; 4] = [
        bao_core::Stage::Namua,
        bao_core::Stage::Mtaji,
        bao_core::Stage::Phase1,
        bao_core::Stage::Phase2,
    ];

    /// Every rules reason, for the enumeration.
    const REASONS: [bao_core::Reason; 2] = [
        bao_core::Reason::FrontRowEmpty,
        bao_core::Reason::NoLegalMove,
    ];

    /// Fails to compile when bao-core gains a stage or a reason that the lists above lack.
    const _: fn(bao_core::Stage, bao_core::Reason) = |s, r| {
        use bao_core::Stage as S;
        match s {
            S::Namua | S::Mtaji | S::Phase1 | S::Phase2 => {}
        }
        match r {
            bao_core::Reason::FrontRowEmpty | bao_core::Reason::NoLegalMove => {}
        }
    };

    fn reference<T: ToSchema>() -> RefOr<Schema> {
        Ref::from_schema_name(T::name()).into()
    }

    fn string_enum<'a>(
        names: impl IntoIterator<Item = &'a str>,
        description: &str,
    ) -> ObjectBuilder {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(names))
            .description(Some(description))
    }

    fn nullable(inner: RefOr<Schema>) -> OneOfBuilder {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .item(inner)
    }

    fn count(description: &str) -> ObjectBuilder {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
            .maximum(Some(64))
            .description(Some(description))
    }

    fn row(description: &str) -> ArrayBuilder {
        ArrayBuilder::new()
            .items(count("seeds in the pit"))
            .min_items(Some(8))
            .max_items(Some(8))
            .description(Some(description))
    }

    /// An object whose properties are all required.
    fn object(description: &str, properties: Vec<(&str, RefOr<Schema>)>) -> ObjectBuilder {
        properties.into_iter().fold(
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .description(Some(description)),
            |o, (name, schema)| o.property(name, schema).required(name),
        )
    }

    /// One kind of trace step: `{"step": NAME, ...fields}`.
    fn step(name: &str, description: &str, fields: Vec<(&str, RefOr<Schema>)>) -> ObjectBuilder {
        let mut all = vec![("step", string_enum([name], "the kind of step").into())];
        all.extend(fields);
        object(description, all)
    }

    schema!(
        /// `"south"` or `"north"`.
        Side [] => string_enum(bao_core::Side::ALL.map(bao_core::Side::name), "a player: south moves first")
    );

    schema!(
        /// A variant's name.
        Variant [] => string_enum(
            bao_core::Variant::ALL.map(bao_core::Variant::name),
            "one of the four games",
        )
    );

    schema!(
        /// A stage's name.
        Stage [] => string_enum(
            STAGES.map(bao_core::Stage::name),
            "the stage the side to move plays in: namua or mtaji in Bao la Kiswahili, mtaji in \
             Kujifunza, phase1 or phase2 in Kimasai",
        )
    );

    schema!(
        /// A computer level's name.
        Level [] => string_enum(bao_ai::Level::ALL.map(bao_ai::Level::name), "the computer opponent's strength")
    );

    schema!(
        /// Why the rules ended a game (bao-core's `Reason`).
        RulesReason [] => string_enum(
            REASONS.map(bao_core::Reason::name),
            "front_row_empty: a front row was emptied; no_legal_move: the player to move had none",
        )
    );

    schema!(
        /// A pit's name, `A1`..`A8`, `B1`..`B8` (South), `a1`..`b8` (North).
        Pit [] => ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[AaBb][1-8]$"))
            .description(Some(
                "a pit: row letter (A front, B back for South; a, b for North) and number 1-8",
            ))
            .examples(["A5", "b2"])
    );

    schema!(
        /// A move in notation.
        Move [] => ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(r"^[AaBb][1-8]([LR]\+?)?$"))
            .description(Some(
                "a move in notation (rules.md section 2): the start pit, L or R (none in Kimasai), + for \
                 safari",
            ))
            .examples(["A6L", "a5R", "A8R+", "B4"])
    );

    schema!(
        /// One player's half of a position.
        PositionSide [] => object(
            "one player's pits, hand and house, in the owner's numbering (index 0 is pit 1)",
            vec![
                ("front", row("the front row, pits 1 to 8").into()),
                ("back", row("the back row, pits 1 to 8").into()),
                ("hand", count("seeds in hand (Kimasai: the reserve)").into()),
                (
                    "house",
                    ObjectBuilder::new()
                        .schema_type(Type::Boolean)
                        .description(Some("the player still owns the nyumba (only in Bao la Kiswahili)"))
                        .into(),
                ),
            ],
        )
    );

    schema!(
        /// How the rules ended a game.
        RulesResult [Side, RulesReason] => object(
            "the rules' result of a finished game",
            vec![("winner", reference::<Side>()), ("reason", reference::<RulesReason>())],
        )
    );

    schema!(
        /// A position, as spec/position.md writes it.
        Position [Variant, Side, PositionSide, Pit, RulesResult] => object(
            "a position (spec/position.md)",
            vec![
                ("variant", reference::<Variant>()),
                ("to_move", reference::<Side>()),
                ("south", reference::<PositionSide>()),
                ("north", reference::<PositionSide>()),
                ("takasia", nullable(reference::<Pit>()).into()),
                ("result", nullable(reference::<RulesResult>()).into()),
            ],
        )
    );

    schema!(
        /// One step of a move's trace (bao-core's `Step`), tagged by `step`.
        Step [Pit, Side, RulesReason] => {
            let pit = || reference::<Pit>();
            let seeds = |d: &str| RefOr::from(count(d));
            let steps = [
                step("hand", "one seed from the mover's hand (Kimasai: reserve) into pit", vec![("pit", pit())]),
                step(
                    "lift",
                    "count seeds lifted from the start pit",
                    vec![("pit", pit()), ("count", seeds("seeds lifted"))],
                )
                // Optional: written only when true.
                .property(
                    "tax",
                    ObjectBuilder::new()
                        .schema_type(Type::Boolean)
                        .description(Some("a taxed nyumba: only two seeds leave it (absent: false)")),
                ),
                step("sow", "one seed dropped into pit", vec![("pit", pit())]),
                step(
                    "capture",
                    "the seeds of the opponent's pit are captured; the first is sown into `into`",
                    vec![("pit", pit()), ("count", seeds("seeds taken")), ("into", pit())],
                ),
                step(
                    "relay",
                    "the lap ended in an occupied pit: its seeds are lifted and sown on",
                    vec![("pit", pit()), ("count", seeds("seeds lifted"))],
                ),
                step("nyumba_stop", "the move stops in the mover's owned nyumba", vec![("pit", pit())]),
                step(
                    "safari",
                    "the mover empties the nyumba and sows on; it is no longer owned",
                    vec![("pit", pit()), ("count", seeds("seeds lifted"))],
                ),
                step("takasia_stop", "the move stops in the takasia'd pit", vec![("pit", pit())]),
                step(
                    "win",
                    "the game is over; seeds in the air go to the winner's hand",
                    vec![("winner", reference::<Side>()), ("reason", reference::<RulesReason>())],
                ),
            ];
            steps
                .into_iter()
                .fold(
                    OneOfBuilder::new()
                        .description(Some("one step of a move, for the seed-by-seed animation"))
                        .discriminator(Some(Discriminator::new("step"))),
                    OneOfBuilder::item,
                )
        }
    );
}

/// The error answers an operation can give, built from [`AppError`]: one response per status, naming its
/// codes and when each is given, with the JSON body of each as an example.
fn errors(list: &[(AppError, &str)]) -> BTreeMap<String, RefOr<Response>> {
    let mut by_status: BTreeMap<u16, Vec<&(AppError, &str)>> = BTreeMap::new();
    for e in list {
        by_status.entry(e.0.status().as_u16()).or_default().push(e);
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
                        c.examples_from_iter([(e.code(), example)])
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
            "the server is shutting down, or cannot write to its database",
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

/// The error answers of `POST /api/games/status`.
#[derive(Debug)]
pub struct StatusErrors;

impl IntoResponses for StatusErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(vec![
            (
                AppError::BadRequest("at most 100 ids at once, not 101".into()),
                "the body is not `{\"ids\": [...]}` or holds more than 100 ids",
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

/// The error answers of the `/api/...` operations that need nothing but the request.
#[derive(Debug)]
pub struct PlainErrors;

impl IntoResponses for PlainErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        api_errors(Vec::new())
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
