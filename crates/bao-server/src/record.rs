//! The game record served at `/api/games/{id}/record`: header lines, then the moves numbered per pair, so
//! that `bao play VARIANT` with the moves (numbers left out) replays the game.

use std::fmt::Write;

/// What a record needs to know about a game.
#[derive(Debug)]
pub struct RecordInfo<'a> {
    /// Game id.
    pub id: &'a str,
    /// Variant name.
    pub variant: &'a str,
    /// Creation time, Unix seconds.
    pub created_at: i64,
    /// How each seat is held: e.g. `human`, `computer (easy)`, `free`.
    pub south: String,
    /// See `south`.
    pub north: String,
    /// `*` while the game goes on, else e.g. `south wins (front_row_empty)`.
    pub result: String,
    /// Moves in notation.
    pub moves: &'a [String],
}

/// `YYYY-MM-DD` of a Unix time (UTC), without a date library (Howard Hinnant's civil-from-days).
pub fn date(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The record text.
pub fn format(info: &RecordInfo<'_>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[Game \"{}\"]", info.id);
    let _ = writeln!(out, "[Variant \"{}\"]", info.variant);
    let _ = writeln!(out, "[Date \"{}\"]", date(info.created_at));
    let _ = writeln!(out, "[South \"{}\"]", info.south);
    let _ = writeln!(out, "[North \"{}\"]", info.north);
    let _ = writeln!(out, "[Result \"{}\"]", info.result);
    out.push('\n');
    let mut line = String::new();
    for (i, pair) in info.moves.chunks(2).enumerate() {
        let mut item = format!("{}. {}", i + 1, pair[0]);
        if let Some(second) = pair.get(1) {
            item.push(' ');
            item.push_str(second);
        }
        if !line.is_empty() && line.len() + item.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_795_971_262), "2026-11-29");
    }

    #[test]
    fn moves_are_numbered_per_pair() {
        let moves: Vec<String> = ["A6L", "a5R", "A7L"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let text = format(&RecordInfo {
            id: "x",
            variant: "kiswahili",
            created_at: 0,
            south: "human".into(),
            north: "human".into(),
            result: "*".into(),
            moves: &moves,
        });
        assert!(text.contains("[Variant \"kiswahili\"]"));
        assert!(text.ends_with("\n1. A6L a5R 2. A7L\n"));
    }
}
