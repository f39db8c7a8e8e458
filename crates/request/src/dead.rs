//! The dead-stone source of a request: `auto`, `markup`, `estimate`, `engine` (with the
//! engine's command line), `none`, or GTP points separated by commas, read into
//! [`DeadStones`] (which `gorules_compare::dead::resolve` answers for each record).

use gorules_board::coords::parse_gtp_point;
use gorules_board::{Size, MAX_SIDE};
use gorules_compare::dead::DeadStones;

use crate::RequestError;

/// The sources by name (besides a list of points).
pub const SOURCES: [&str; 5] = ["auto", "markup", "estimate", "engine", "none"];

/// Reads a dead-stone source: `auto`, `markup`, `estimate`, `engine` (which needs
/// `engine_command`, and is the only source that takes one), `none`, or GTP points
/// separated by commas. Points are read on each record's board later; here only whether each
/// is a point of some board, so that a mistyped source is refused before a run, not by every
/// record of it.
pub fn dead_stones(text: &str, engine_command: Option<&str>) -> Result<DeadStones, RequestError> {
    let text = text.trim();
    if engine_command.is_some() && text != "engine" {
        return Err(RequestError::EngineUnused);
    }
    Ok(match text {
        "auto" => DeadStones::Auto,
        "markup" => DeadStones::Markup,
        "estimate" => DeadStones::Estimate,
        "none" => DeadStones::None,
        "engine" => match engine_command {
            Some(cmd) if !cmd.trim().is_empty() => DeadStones::Engine(cmd.to_string()),
            _ => return Err(RequestError::EngineNeeded),
        },
        points => {
            let largest = Size::square(u32::from(MAX_SIDE)).expect("the largest board");
            let bad = points
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .find_map(|p| parse_gtp_point(p, largest).err());
            if let Some(e) = bad {
                // A word with no digit was meant as a source; otherwise as points.
                return Err(if points.chars().any(|c| c.is_ascii_digit()) {
                    RequestError::DeadPoint {
                        given: points.to_string(),
                        error: e.to_string(),
                    }
                } else {
                    RequestError::NotADeadSource(points.to_string())
                });
            }
            DeadStones::Points(points.to_string())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_by_name_and_points() {
        assert_eq!(dead_stones(" auto ", None), Ok(DeadStones::Auto));
        assert_eq!(dead_stones("markup", None), Ok(DeadStones::Markup));
        assert_eq!(dead_stones("estimate", None), Ok(DeadStones::Estimate));
        assert_eq!(dead_stones("none", None), Ok(DeadStones::None));
        assert_eq!(
            dead_stones("engine", Some("gnugo --mode gtp")),
            Ok(DeadStones::Engine("gnugo --mode gtp".into()))
        );
        // T25 is on the largest board only: it is read again on each record's board.
        assert_eq!(
            dead_stones("D4, T25", None),
            Ok(DeadStones::Points("D4, T25".into()))
        );
    }

    #[test]
    fn engine_needs_a_command_and_only_it_takes_one() {
        assert_eq!(dead_stones("engine", None), Err(RequestError::EngineNeeded));
        assert_eq!(
            dead_stones("engine", Some("  ")),
            Err(RequestError::EngineNeeded)
        );
        assert_eq!(
            dead_stones("estimate", Some("gnugo")),
            Err(RequestError::EngineUnused)
        );
        assert_eq!(
            RequestError::EngineNeeded.to_string(),
            "dead-stone source `engine` needs an engine command (e.g. \"/usr/games/gnugo --mode gtp\")"
        );
    }

    #[test]
    fn a_word_is_a_mistyped_source_and_digits_a_bad_point() {
        let e = dead_stones("estimated", None).unwrap_err();
        assert_eq!(e, RequestError::NotADeadSource("estimated".into()));
        assert!(e
            .to_string()
            .contains("not a source of dead stones (did you mean `estimate`?)"));
        // I is not a GTP column; Z99 is off every board.
        for bad in ["I5", "D4,Z99"] {
            match dead_stones(bad, None) {
                Err(RequestError::DeadPoint { given, .. }) => assert_eq!(given, bad),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
