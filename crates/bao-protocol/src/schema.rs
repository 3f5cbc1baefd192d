//! The schemas of bao-core's and bao-ai's JSON, written by hand (those crates do not depend on utoipa): positions,
//! pits, moves, sides, variants, stages, trace steps, levels, and the reasons a pit or move cannot be played.

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

fn string_enum<'a>(names: impl IntoIterator<Item = &'a str>, description: &str) -> ObjectBuilder {
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
    Level [] => string_enum(bao_ai::Level::OFFERED.map(bao_ai::Level::name), "the computer opponent's strength: easy (= level 2), medium (= 5), hard (= 8), or a numbered level from \"1\" (a beginner) to \"8\" (GET /api/levels gives their ratings)")
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
    /// Why a pit or a move cannot be played (bao-core's `Blocked`).
    BlockedCode [] => {
        let meanings: Vec<String> = bao_core::Blocked::ALL
            .iter()
            .map(|b| format!("{}: {}", b.as_str(), b.description()))
            .collect();
        string_enum(
            bao_core::Blocked::ALL.map(bao_core::Blocked::as_str),
            &format!("why a pit or a move cannot be played. {}", meanings.join("; ")),
        )
    }
);

schema!(
    /// The pits of the side to move that cannot start a move, each with its reason.
    BlockedPits [BlockedCode] => ObjectBuilder::new()
        .schema_type(Type::Object)
        .property_names(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some("^[AaBb][1-8]$")),
        ))
        .additional_properties(Some(reference::<BlockedCode>()))
        .description(Some(
            "every pit of the side to move that cannot start a legal move, with the reason \
             (empty when the game is over or not being played)",
        ))
        .examples([serde_json::json!({"A1": "empty", "A5": "nyumba", "B3": "front_row_first"})])
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
