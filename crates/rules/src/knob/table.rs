//! The knobs, one entry each: the one place a knob's key, meaning, values, reading and
//! writing are stated (see the `knobs!` macro for the form of an entry). Sections and knobs
//! are in file order.

use toml::Spanned;

use super::{show, About, Knob};
use crate::ruleset::*;
use crate::Komi;

/// A komi as a ruleset file writes it. A number that is no komi is refused, with its place in
/// the file, by the reader's checks once the ruleset is assembled (and never used): until
/// then it stands as no komi.
fn read_komi(points: &f64) -> Komi {
    Komi::new(*points).unwrap_or(Komi::ZERO)
}

knobs! {
    play: RawPlay {
        ko: KoRule = "ko" {
            meaning: "which repetitions a board play may not create",
            values: &[
                ("simple", "only the immediate recapture of a single stone that just captured a single stone is forbidden"),
                ("positional-superko", "no board play may recreate any earlier whole-board position"),
                ("situational-superko", "no board play may recreate an earlier position with the same player to move"),
                ("natural-situational-superko", "no board play may recreate a position that an earlier board play of the same player created"),
            ],
        }
        long_cycle: LongCycleRule = "long-cycle" {
            meaning: "what a cycle does under simple ko (triple ko, eternal life)",
            values: &[
                ("continue", "nothing: play goes on (superko rulesets never reach a cycle)"),
                ("no-result", "a board play that makes the same position with the same player to move occur for the third time since the last pass ends the game without result"),
            ],
        }
        suicide: SuicideRule = "suicide" {
            meaning: "which suicides are legal (suicided stones become the opponent's prisoners)",
            values: &[
                ("illegal", "none"),
                ("multi-stone", "a suicide of two or more stones; never a single stone"),
                ("all", "every suicide the ko rule allows"),
            ],
        }
        pass_stones: bool = "pass-stones" {
            meaning: "whether a pass hands the opponent one prisoner",
            values: &[("true", "yes"), ("false", "no")],
        }
        illegal_moves: IllegalMoveRule = "illegal-moves" {
            meaning: "what happens to an illegal move found in a record",
            values: &[
                ("pass", "taken back and replaced by a pass (with a pass stone where passes hand one)"),
                ("loss", "the player who made it loses (B+F / W+F)"),
            ],
        }
    }
    end: RawEnd {
        end_of_play: EndOfPlay = "end-of-play" {
            meaning: "when play ends",
            values: &[
                ("two-passes", "two passes in a row"),
                ("white-passes-last", "two passes in a row; when the game finishes White must have made the last move, adding a pass if Black passed last"),
                ("first-and-last-pass-differ", "two passes in a row, but the game's first and last passes must be by different players: if not, the other player adds a third pass before play ends"),
                ("four-passes", "four passes in a row"),
                ("cleanup-phases", "two passes in a row end the main phase; two cleanup phases follow, each ended the same way, in which a ko capture blocks its direct recapture (a play at that ko is a pass for ko that lifts the block), the same ko capture is allowed once per phase, and board plays in the second phase cost nothing under territory counting (KataGo's encore)"),
            ],
        }
        dead_stones: DeadStones = "dead-stones" {
            meaning: "how dead stones are settled when play ends",
            values: &[
                ("agreement", "stones the players agree are dead are removed as the opponent's prisoners; if they disagree, play resumes"),
                ("as-they-stand", "no agreement: the board is scored exactly as it stands"),
                ("pass-alive", "no agreement: opponent stones inside a player's pass-alive territory (Benson) are dead and become his prisoners; every other stone is alive"),
            ],
        }
        resumption_first: ResumptionFirst = "resumption-first" {
            meaning: "who moves first when play resumes after a dispute",
            values: &[
                ("opponent-of-last-passer", "the opponent of the player who passed last"),
                ("either", "either player (the opponent of whoever asked to resume)"),
            ],
        }
        play_until_captured: bool = "play-until-captured" {
            meaning: "whether either player may call \"play until all dead stones are captured\", after which every stone left when play ends again is alive",
            values: &[("true", "yes"), ("false", "no")],
        }
        resumption_double_pass_ends: bool = "resumption-double-pass-ends" {
            meaning: "whether two passes at the start of a resumption end the game with every stone alive",
            values: &[("true", "yes"), ("false", "no")],
        }
        repeated_pass_ends: bool = "repeated-pass-ends" {
            meaning: "whether a pass from a position, with the same player to move, from which that player already passed in this phase ends the phase at once",
            values: &[("true", "yes"), ("false", "no")],
            default: false,
        }
        all_pass_alive_ends: bool = "all-pass-alive-ends" {
            meaning: "whether play ends as soon as every point of the board is a pass-alive stone or pass-alive territory, scored as if both players had passed",
            values: &[("true", "yes"), ("false", "no")],
            default: false,
        }
        button: bool = "button" {
            meaning: "whether the game's first pass takes the button: half a point to the passer; that pass does not count among the passes that end play, and positions before it no longer count for repetition",
            values: &[("true", "yes"), ("false", "no")],
            default: false,
        }
    }
    scoring: RawScoring {
        counting: Vec<Counting> = "counting" {
            meaning: "the counting methods the ruleset allows",
            values: &[
                ("area", "stones on the board plus territory"),
                ("territory", "territory plus prisoners (captures, dead stones, suicided stones, pass stones)"),
                ("stone", "stone scoring: the stones on the board once each living group is filled down to two eyes (stones plus territory, less 2 points per group, or its territory if smaller; seki eyes as `seki-eyes` says)"),
            ],
            show: show::countings,
        }
        seki_eyes: SekiEyes = "seki-eyes" {
            meaning: "whether empty points surrounded by groups in seki count",
            values: &[
                ("count", "every surrounded point counts, in seki too"),
                ("not-counted", "eye points of groups in seki are not territory"),
            ],
        }
        false_eyes: FalseEyes = "false-eyes" {
            meaning: "whether territory counting counts false eyes: empty points a group must still fill to keep its stones connected once the dame are filled (area and stone counting always count them)",
            values: &[
                ("count", "every empty point that reaches one colour only counts"),
                ("not-counted", "false eyes, and points that become false once another is filled, are not territory"),
            ],
            default: FalseEyes::Count,
        }
        tax: Tax = "tax" {
            meaning: "which points of the regions a player owns count, decided on whole regions (a region is in seki when it touches a dame or holds a stone of its owner in atari, else it has independent life)",
            values: &[
                ("none", "every owned point counts"),
                ("seki", "empty points count only in regions of independent life"),
                ("all", "as seki, and each region of independent life costs its owner 2 points"),
            ],
            default: Tax::None,
        }
        handicap_compensation: HandicapCompensation = "handicap-compensation" {
            meaning: "points White receives for Black's handicap stones under area and stone counting",
            values: &[
                ("none", "none"),
                ("n", "one per handicap stone"),
                ("n-1", "one per handicap stone after the first"),
            ],
        }
        handicap_placement: HandicapPlacement = "handicap-placement" {
            meaning: "where handicap stones go",
            values: &[("fixed", "the standard star points"), ("free", "wherever Black chooses")],
        }
        komi: Komi = "komi" {
            meaning: "komi for an even game whose record gives none (a record's KM and --komi win)",
            values: &[],
            show: show::points,
            read: f64 => read_komi,
        }
        handicap_komi: Komi = "handicap-komi" {
            meaning: "komi for a handicap game whose record gives none",
            values: &[],
            show: show::points,
            read: f64 => read_komi,
        }
        bonuses: Vec<Bonus> = "bonus" {
            meaning: "points given when an event of play happened: `event` (first-pass, last-pass, last-board-play), `by` (black, white, either), `to` (black, white, maker, opponent), `points`, `counting` (the methods it applies to)",
            values: &[],
            show: show::bonuses,
            read: Vec<Spanned<Bonus>> => |list: &Vec<Spanned<Bonus>>| {
                list.iter().map(|b| b.get_ref().clone()).collect()
            },
            default: Vec::new(),
        }
    }
}
