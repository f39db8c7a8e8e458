//! The knobs a ruleset sets, one named parameter per rule difference.
//!
//! Every value here can be written in a ruleset's TOML file (kebab-case names); the knob
//! table ([`crate::knob::KNOBS`]) names each field's key and says what each value means.

use serde::{Deserialize, Serialize};

use crate::komi::Komi;

/// How repetition is prevented.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    /// Only the immediate recapture of a single stone that just captured a single stone is
    /// forbidden (basic ko; Japanese Rules of Go, 1989, Article 6).
    Simple,
    /// A board play may not recreate any earlier whole-board position (Tromp-Taylor).
    PositionalSuperko,
    /// A board play may not recreate an earlier whole-board position with the same player to
    /// move (Concord "Repetition is illegal", AGA rule 6).
    SituationalSuperko,
    /// A board play may not recreate a position that an earlier board play of the same player
    /// created (BGA AGA-style Rules Summary, "Ko and Superko").
    NaturalSituationalSuperko,
}

/// What happens when play cycles under simple ko (triple ko, eternal life, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LongCycleRule {
    /// Nothing special: a cycle may go on (superko rulesets never reach one).
    Continue,
    /// The game ends without result (Japanese 1989 Art. 12). A board play that makes a
    /// (position, player to move) state occur for the third time since the last pass ends the
    /// game: one full repetition of the cycle shows that neither side deviates.
    NoResult,
}

/// Which suicides are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SuicideRule {
    /// No suicide (Concord "Suicide is illegal", AGA rule 5).
    Illegal,
    /// Suicide of two or more stones is legal, of a single stone not (Ing, Tromp-Taylor).
    MultiStone,
    /// Every suicide the ko rule does not forbid is legal (New Zealand).
    All,
}

/// What happens to an illegal move found in a game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalMoveRule {
    /// Taken back and replaced by a pass, with a pass stone when the ruleset uses them
    /// (AGA rule 8; Concord "Illegal play handling", assuming the opponent challenged it).
    Pass,
    /// The player who made it loses (Japanese; result `B+F` / `W+F`).
    Loss,
}

/// When play ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndOfPlay {
    /// Two consecutive passes.
    TwoPasses,
    /// Two consecutive passes; then White must make the last move of the game: if Black made
    /// the final pass, White adds one more pass when the game finishes (AGA rule 11; BGA).
    WhitePassesLast,
    /// Two consecutive passes, but the game's first and last passes must be by different
    /// players: if they are not, play continues with a third pass by the other player
    /// (Concord "Last pass").
    FirstAndLastPassDiffer,
    /// Four consecutive passes (Ing).
    FourPasses,
    /// KataGo's territory-scoring end ("KataGo's Supported Go Rules", cleanup phases): two
    /// passes in a row end the main phase and two cleanup phases follow, each ended the same
    /// way. In them simple ko and superko give way to ko-recapture blocks (a ko capture blocks
    /// its direct recapture; a play at that ko is a "pass for ko" that lifts the block and
    /// leaves the board unchanged; the same ko capture from the same position only once per
    /// phase). Board plays in the second phase cost nothing under territory counting. Play
    /// ends when the second cleanup phase ends.
    CleanupPhases,
}

impl EndOfPlay {
    /// The number of cleanup phases after the main phase (2 for [`EndOfPlay::CleanupPhases`]).
    pub fn cleanup_phases(self) -> u32 {
        match self {
            EndOfPlay::CleanupPhases => 2,
            _ => 0,
        }
    }
}

/// How dead stones are settled after play ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadStones {
    /// Stones the players agree are dead are removed and become the opponent's prisoners.
    Agreement,
    /// No agreement step: the board is scored exactly as it stands (Tromp-Taylor).
    AsTheyStand,
    /// No agreement step: opponent stones inside a player's pass-alive territory (Benson's
    /// unconditional life) are dead and removed as his prisoners; every other stone is alive
    /// (KataGo's scoring, boardhistory.cpp and board.cpp `calculateAreaForPla`).
    PassAlive,
}

/// KataGo's tax on the regions a player owns ("KataGo's Supported Go Rules", "Taxation"):
/// which owned points count, decided on whole regions (KataGo board.cpp,
/// `calculateIndependentLifeArea`). A region is a connected set of points one player owns
/// (his stones, the empty points only he reaches, opponent stones inside his pass-alive
/// territory); it is *in seki* when one of its points touches an empty point nobody owns, or
/// it holds a stone of its owner in atari; otherwise it is an *independent-life* region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tax {
    /// No tax: every owned point counts (the seki-eye rule `seki-eyes` still applies).
    None,
    /// Empty points count only inside independent-life regions: none in seki, none in a
    /// region that still touches a dame.
    Seki,
    /// As `seki`, and each independent-life region costs its owner 2 points.
    All,
}

/// Who moves first when play resumes after a dispute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResumptionFirst {
    /// The opponent of the player who passed last (AGA rule 10; BGA; Concord by the usual
    /// reading, which its area = territory proof needs).
    OpponentOfLastPasser,
    /// Either player: the opponent of whoever asked to resume (Japanese Art. 9-3); a record
    /// shows who it was.
    Either,
}

/// A counting method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// Stones on the board plus territory (Concord "Area counting").
    Area,
    /// Territory plus prisoners (Concord "Territory counting").
    Territory,
    /// Stone scoring (ancient Chinese): the stones a player would have on the board once every
    /// living group is filled down to its two eyes, i.e. stones plus counted territory less a
    /// group tax of 2 points per group ([`crate::group_tax`]).
    Stone,
}

impl Counting {
    /// Every method: area, territory, stone.
    pub const ALL: [Counting; 3] = [Counting::Area, Counting::Territory, Counting::Stone];

    /// The lower-case name used in TOML, JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Counting::Area => "area",
            Counting::Territory => "territory",
            Counting::Stone => "stone",
        }
    }

    /// Whether this method counts the stones on the board (area and stone counting), so that
    /// handicap stones are worth points and handicap compensation applies.
    pub fn counts_stones(self) -> bool {
        matches!(self, Counting::Area | Counting::Stone)
    }

    /// Its position in [`Counting::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Whether eye points of groups in seki count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SekiEyes {
    /// Every surrounded point counts, even in seki (Concord "Seki eyes are points").
    Count,
    /// Eye points of groups in seki are not territory (Japanese Art. 8, Korean).
    NotCounted,
}

/// Whether points that must still be filled to keep stones connected count as territory under
/// territory counting.
///
/// A *false eye* is an empty point surrounded by one colour whose stones around it are
/// connected only through it, where some of them have no other eye: once the opponent fills
/// the dame, they are in atari there and their owner must fill it (the "teire"). A point that
/// becomes such only after another is filled is one too. Area and stone counting never ask:
/// filling one's own point costs nothing there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FalseEyes {
    /// Every empty point that reaches one colour only counts (Concord "Territory
    /// intersection", AGA rule 12; KataGo, whose cleanup phases fill them by play).
    Count,
    /// False eyes are not territory (Japanese Rules of Go, 1989, Article 8 and its
    /// commentary: points that must be filled are not territory; Korean rules).
    NotCounted,
}

/// Points White receives for Black's handicap stones under the countings that count stones on
/// the board (area and stone counting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HandicapCompensation {
    /// None.
    #[serde(rename = "none")]
    None,
    /// One point per handicap stone (Chinese).
    #[serde(rename = "n")]
    N,
    /// One point per handicap stone after the first (Concord, AGA rule 4).
    #[serde(rename = "n-1")]
    NMinusOne,
}

impl HandicapCompensation {
    /// Points for `n` handicap stones.
    pub fn points(self, n: u32) -> u32 {
        match self {
            HandicapCompensation::None => 0,
            HandicapCompensation::N => n,
            HandicapCompensation::NMinusOne => n.saturating_sub(1),
        }
    }
}

/// How handicap stones are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandicapPlacement {
    /// On the standard star points.
    Fixed,
    /// Wherever Black chooses.
    Free,
}

/// The event a bonus depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BonusEvent {
    /// The very first pass of the game.
    FirstPass,
    /// The last pass of the game.
    LastPass,
    /// The last board play of the game.
    LastBoardPlay,
}

/// Which player must have made the event for a bonus to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BonusMaker {
    /// Only when Black made it.
    Black,
    /// Only when White made it.
    White,
    /// Whoever made it.
    Either,
}

/// Who receives a bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BonusRecipient {
    /// Black.
    Black,
    /// White.
    White,
    /// The player who made the event.
    Maker,
    /// The opponent of the player who made the event.
    Opponent,
}

/// Points given when an event of play happened, e.g. Concord's "White gets an extra point if
/// White played the very first pass in the game" (area counting only).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Bonus {
    /// What happened.
    pub event: BonusEvent,
    /// Who must have done it.
    pub by: BonusMaker,
    /// Who gets the points.
    pub to: BonusRecipient,
    /// How many points (may be fractional or negative).
    pub points: f64,
    /// The counting methods it applies to.
    pub counting: Vec<Counting>,
}

/// Everything that defines a ruleset. Built-in rulesets and users' TOML files produce this.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    /// Short id, e.g. `concord`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One or two sentences on what this ruleset is.
    pub description: String,
    /// Where the rules come from (texts, URLs).
    pub source: String,
    /// Ko rule.
    pub ko: KoRule,
    /// Long cycles under simple ko.
    pub long_cycle: LongCycleRule,
    /// Suicide rule.
    pub suicide: SuicideRule,
    /// Whether a pass hands the opponent a prisoner.
    pub pass_stones: bool,
    /// Illegal moves in a record.
    pub illegal_moves: IllegalMoveRule,
    /// When play ends.
    pub end_of_play: EndOfPlay,
    /// Dead stone settlement.
    pub dead_stones: DeadStones,
    /// Who resumes after a dispute.
    pub resumption_first: ResumptionFirst,
    /// Whether either player may call "play until all dead stones are captured" (after which
    /// every stone left when play ends again is alive; Concord "Dispute resolution").
    pub play_until_captured: bool,
    /// Whether two passes at the start of a resumption end the game with every stone alive
    /// (BGA AGA-style Rules Summary, "Game End").
    pub resumption_double_pass_ends: bool,
    /// Whether a pass from a state (position, player to move) from which the same player
    /// already passed in this phase ends the phase at once (KataGo under simple ko,
    /// boardhistory.cpp `wouldBeSpightlikeEndingPass`).
    pub repeated_pass_ends: bool,
    /// Whether play ends as soon as every point is a pass-alive stone or pass-alive territory,
    /// scored as if both players had passed ("KataGo's Supported Go Rules, Version 2",
    /// "SelfPlayOpts"; KataGo boardhistory.cpp, `endGameIfAllPassAlive`).
    pub all_pass_alive_ends: bool,
    /// KataGo's button: the game's first pass takes it, worth half a point to the passer; that
    /// pass does not count among the passes that end play, and positions before it no longer
    /// count for repetition (KataGo boardhistory.cpp, `hasButton`).
    pub button: bool,
    /// The counting methods the ruleset allows, in its order of preference.
    pub counting: Vec<Counting>,
    /// Seki eye points.
    pub seki_eyes: SekiEyes,
    /// False eyes (points that must still be filled) under territory counting.
    pub false_eyes: FalseEyes,
    /// KataGo's tax on owned regions.
    pub tax: Tax,
    /// Handicap compensation under the countings that count stones (area, stone).
    pub handicap_compensation: HandicapCompensation,
    /// Handicap placement.
    pub handicap_placement: HandicapPlacement,
    /// Default komi for an even game.
    pub komi: Komi,
    /// Default komi for a handicap game.
    pub handicap_komi: Komi,
    /// Bonuses.
    pub bonuses: Vec<Bonus>,
}

impl Ruleset {
    /// The komi for a record that gives none: `komi` for an even game, `handicap_komi` with
    /// two or more handicap stones.
    pub fn default_komi(&self, handicap: u32) -> Komi {
        if handicap >= 2 {
            self.handicap_komi
        } else {
            self.komi
        }
    }
}
