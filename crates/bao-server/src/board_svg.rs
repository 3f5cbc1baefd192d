//! `GET /api/games/{id}/board.svg`: a picture of a game's board, drawn here as SVG from bao-core's position,
//! for sharing a position and as a shared link's preview (`og:image` on the game page, see
//! [`crate::assets::game_page`]). A small hand-written renderer: the four rows of pits with their seed
//! counts and names, the nyumba (and whether its owner still has it), each side's name and seeds in hand,
//! the variant, the move the picture is after and the result. Every text taken from elsewhere (a player's
//! name) is escaped.

use std::fmt::Write;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use bao_core::{Pit, Position, Row, Side, Variant};
use bao_protocol::{Outcome, Seat, SeatKind, Snapshot};

use crate::error::AppError;
use crate::http::etag;
use crate::http::extract::GameId;
use crate::openapi::BoardErrors;
use crate::state::AppState;
use crate::tokens::valid_id;

/// The picture's size: the 1.91:1 of link previews.
const W: u32 = 1200;
const H: u32 = 630;
/// Pit columns: centre of the first, and the distance between two.
const X0: u32 = 145;
const COL: u32 = 130;
/// Pit rows, top to bottom: North's back and front rows, South's front and back rows.
const ROWS_Y: [u32; 4] = [170, 265, 365, 460];
/// A pit's radius (the nyumba is a square of twice that side).
const R: u32 = 42;

/// How long a picture of the game as it stands may be kept: it changes with each move.
const CACHE_LIVE: &str = "public, max-age=60";
/// How long a picture of an earlier position (`?ply=N`) may be kept: that position does not change (only a
/// player's new name would).
const CACHE_PLY: &str = "public, max-age=86400";

/// What the picture says besides the board.
#[derive(Debug)]
pub struct Picture<'a> {
    /// South's name as shown (a player's name, "the computer (easy)", "a guest", "free seat").
    pub south: String,
    /// North's name, likewise.
    pub north: String,
    /// The number of moves played before this position.
    pub ply: u64,
    /// The game's result, when the picture shows its last position.
    pub result: Option<&'a Outcome>,
}

/// The variant's name as players know it.
pub fn variant_title(v: Variant) -> &'static str {
    match v {
        Variant::Kujifunza => "Bao la Kujifunza",
        Variant::Kiswahili => "Bao la Kiswahili",
        Variant::KiswahiliMalawi => "Bao la Kiswahili (Malawi)",
        Variant::Kimasai => "Bao la Kimasai",
    }
}

/// How a seat is shown: its player's name, the computer and its level, a guest, or a free seat.
pub fn seat_name(seat: &Seat, level: Option<&str>) -> String {
    if !seat.taken {
        return "free seat".into();
    }
    match (seat.kind, &seat.player) {
        (SeatKind::Computer, _) => format!(
            "the computer ({})",
            level
                .and_then(bao_ai::Level::parse)
                .unwrap_or(bao_ai::Level::Medium)
                .label()
        ),
        (_, Some(p)) if p.deleted => "deleted player".into(),
        (_, Some(p)) if !p.name.is_empty() => p.name.clone(),
        _ => "a guest".into(),
    }
}

/// "1 move", "23 moves".
pub fn moves_words(n: u64) -> String {
    if n == 1 {
        "1 move".into()
    } else {
        format!("{n} moves")
    }
}

/// The result in words.
pub fn result_words(r: &Outcome) -> String {
    let why = r.reason.name().replace('_', " ");
    match r.winner {
        Some(Side::South) => format!("South wins ({why})"),
        Some(Side::North) => format!("North wins ({why})"),
        None => format!("Drawn ({why})"),
    }
}

/// `s` made safe inside SVG or HTML text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// At most `n` characters of `s`, with an ellipsis when cut.
fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(n - 1).collect();
    out.push('…');
    out
}

/// The SVG of `pos`, seen from South (North's rows at the top, South's pit 1 on the left).
pub fn render(pos: &Position, pic: &Picture<'_>) -> String {
    let mut s = String::with_capacity(12_000);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" \
         font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" role=\"img\" aria-label=\"{}\">",
        escape(&format!(
            "{} board after {}",
            variant_title(pos.variant()),
            moves_words(pic.ply)
        ))
    );
    s.push_str("<rect width=\"1200\" height=\"630\" fill=\"#f4ecdc\"/>");
    // The board: carved wood, a groove between the halves.
    s.push_str(
        "<rect x=\"60\" y=\"115\" width=\"1080\" height=\"400\" rx=\"28\" fill=\"#8a5a32\" \
         stroke=\"#5c3a1e\" stroke-width=\"6\"/>\
         <line x1=\"80\" y1=\"315\" x2=\"1120\" y2=\"315\" stroke=\"#5c3a1e\" stroke-width=\"4\"/>",
    );
    let houses = pos.variant().has_house();
    for side in Side::ALL {
        for row in [Row::Front, Row::Back] {
            for n in 1..=8u8 {
                let Some(pit) = Pit::new(side, row, n) else {
                    continue;
                };
                let i = u32::from(n - 1);
                let (col, line) = match (side, row) {
                    (Side::North, Row::Back) => (7 - i, 0),
                    (Side::North, Row::Front) => (7 - i, 1),
                    (Side::South, Row::Front) => (i, 2),
                    (Side::South, Row::Back) => (i, 3),
                };
                let (cx, cy) = (X0 + col * COL, ROWS_Y[line]);
                pit_svg(
                    &mut s,
                    pit,
                    pos.count(pit),
                    cx,
                    cy,
                    houses && row == Row::Front && n == 5,
                    pos.owns_house(side),
                );
            }
        }
    }
    let title = match pic.result {
        Some(r) => format!(
            "{} · {} · {}",
            variant_title(pos.variant()),
            moves_words(pic.ply),
            result_words(r)
        ),
        None => format!(
            "{} · after {} · {} to move",
            variant_title(pos.variant()),
            moves_words(pic.ply),
            if pos.to_move() == Side::South {
                "South"
            } else {
                "North"
            }
        ),
    };
    let _ = write!(
        s,
        "<text x=\"600\" y=\"52\" text-anchor=\"middle\" font-size=\"34\" font-weight=\"bold\" \
         fill=\"#2b1d0e\">{}</text>",
        escape(&title)
    );
    for (side, y) in [(Side::North, 98), (Side::South, 562)] {
        let (label, name) = match side {
            Side::North => ("North", &pic.north),
            Side::South => ("South", &pic.south),
        };
        let mover = pic.result.is_none() && pos.to_move() == side;
        let _ = write!(
            s,
            "<text x=\"70\" y=\"{y}\" font-size=\"26\" fill=\"#2b1d0e\"{}>{}: {}</text>\
             <text x=\"1130\" y=\"{y}\" text-anchor=\"end\" font-size=\"26\" fill=\"#2b1d0e\">in hand: {}</text>",
            if mover { " font-weight=\"bold\"" } else { "" },
            label,
            escape(&clip(name, 40)),
            pos.hand(side)
        );
    }
    s.push_str(
        "<text x=\"600\" y=\"612\" text-anchor=\"middle\" font-size=\"20\" fill=\"#6b5a45\">Bao</text></svg>",
    );
    s
}

/// One pit: its hole (the nyumba square), its seed count and its name.
fn pit_svg(s: &mut String, pit: Pit, count: u8, cx: u32, cy: u32, nyumba: bool, owned: bool) {
    let fill = if count == 0 { "#6e4526" } else { "#4a2c14" };
    if nyumba {
        let stroke = if owned { "#e0b040" } else { "#3a2410" };
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"5\"/>",
            cx - R,
            cy - R,
            2 * R,
            2 * R
        );
    } else {
        let _ = write!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{R}\" fill=\"{fill}\" stroke=\"#3a2410\" stroke-width=\"3\"/>"
        );
    }
    if count > 0 {
        let _ = write!(
            s,
            "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"34\" font-weight=\"bold\" \
             fill=\"#fff8e8\">{count}</text>",
            cy + 12
        );
    }
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"15\" fill=\"#f0dcc0\" opacity=\"0.8\">{pit}</text>",
        cx - R - 14,
        cy - R + 6
    );
}

/// The query of `GET /api/games/{id}/board.svg`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// The position after this many moves (default: the game as it stands).
    pub ply: Option<u64>,
}

/// `GET /api/games/{id}/board.svg?ply=N`: the board of a game as a picture.
#[utoipa::path(
    get,
    path = "/api/games/{id}/board.svg",
    operation_id = "getBoardPicture",
    tag = "games",
    params(
        ("id" = String, Path, description = "the game id"),
        BoardQuery,
        ("If-None-Match" = Option<String>, Header, description = "the `ETag` of a copy the client holds"),
    ),
    responses(
        (status = 200, description = "the board (SVG, 1200x630, seen from South) after `ply` moves, or as \
            the game stands: pits with their seed counts, the nyumba, each side's name and hand, the \
            result. Cached: `Cache-Control: public, max-age=60` (as it stands) or `public, max-age=86400` \
            (with `ply`), and an `ETag`",
            content_type = "image/svg+xml", body = String,
            headers(
                ("ETag" = String, description = "a hash of the picture"),
                ("Cache-Control" = String, description = "`public, max-age=60`, or with `ply` `public, max-age=86400`"),
            )),
        (status = 304, description = "the client's copy (`If-None-Match`) is still this picture"),
        BoardErrors,
    )
)]
pub async fn board_svg(
    State(state): State<AppState>,
    GameId(id): GameId,
    query: Result<Query<BoardQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let Query(q) = query.map_err(|e| AppError::BadRequest(format!("bad query: {e}")))?;
    if !valid_id(&id) {
        return Err(AppError::NotFound);
    }
    let room = state.rooms().handle_unchecked(&id);
    let snap = room.snapshot().await?;
    let played = snap.moves.len() as u64;
    let (pos, ply) = match q.ply {
        None => (snap.position, played),
        Some(ply) if ply > played => return Err(AppError::NotFound),
        Some(ply) => {
            let page = room.history(ply, ply + 1).await?;
            let pos = page
                .positions
                .into_iter()
                .next()
                .ok_or(AppError::NotFound)?;
            (pos, ply)
        }
    };
    let svg = picture(&snap, &pos, ply);
    let etag = etag::of_text(&svg);
    let cached = [
        (
            header::ETAG,
            HeaderValue::from_str(&etag).map_err(|e| AppError::Internal(format!("ETag: {e}")))?,
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(if q.ply.is_some() {
                CACHE_PLY
            } else {
                CACHE_LIVE
            }),
        ),
    ];
    if etag::not_modified(&headers, &etag) {
        return Ok((StatusCode::NOT_MODIFIED, cached).into_response());
    }
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], cached, svg).into_response())
}

/// The picture of `pos` (after `ply` moves) in the game `snap`.
pub fn picture(snap: &Snapshot, pos: &Position, ply: u64) -> String {
    let level = snap.level.map(bao_ai::Level::name);
    let last = ply == snap.moves.len() as u64;
    render(
        pos,
        &Picture {
            south: seat_name(&snap.seats.south, level),
            north: seat_name(&snap.seats.north, level),
            ply,
            result: if last { snap.result.as_ref() } else { None },
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_and_long_ones_cut() {
        let pos = Position::new(Variant::Kiswahili);
        let svg = render(
            &pos,
            &Picture {
                south: "<b>\"Tom & 'Jerry'\"</b>".into(),
                north: "x".repeat(100),
                ply: 0,
                result: None,
            },
        );
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>"));
        assert!(!svg.contains("<b>"));
        assert!(svg.contains("&lt;b&gt;&quot;Tom &amp; &#39;Jerry&#39;&quot;&lt;/b&gt;"));
        assert!(!svg.contains(&"x".repeat(40)));
        // 32 pits, each named.
        assert_eq!(svg.matches(">A1<").count() + svg.matches(">b8<").count(), 2);
        assert_eq!(
            svg.matches("<circle").count() + svg.matches("<rect x=").count(),
            32 + 1
        );
    }
}
