//! Errors from reading, checking and replaying game records.

use std::fmt;

use gorules_board::{Color, Size};

/// A line and column in the SGF text, both 1-based; the column counts characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// Line number, from 1.
    pub line: usize,
    /// Column number, from 1, in characters.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Why a game record could not be read or replayed: where (file, line and column, game, node,
/// move) and what ([`RecordErrorKind`]).
///
/// It displays like a compiler message:
/// `games/x.sgf:3:7: node 2, move 2: W[zz] is off the 9x9 board`.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub struct RecordError {
    /// The file, or the name the caller gave the text ([`crate::parse_sgf`]).
    pub source_name: Option<String>,
    /// Where in the text the problem is, when it can be pinned down.
    pub location: Option<Location>,
    /// Which game of a collection (0-based). Reading sets it when the text holds several
    /// games; replaying ([`crate::GameRecord::final_board`]) when the game is not the
    /// first of its file.
    pub game: Option<usize>,
    /// The node of the main line (the root is node 0).
    pub node: Option<usize>,
    /// The move number (1-based) in the main line.
    pub move_number: Option<usize>,
    /// What is wrong (boxed to keep `Result`s small; match on `*err.kind`).
    pub kind: Box<RecordErrorKind>,
}

impl RecordError {
    /// An error of this kind with no position yet.
    pub fn new(kind: RecordErrorKind) -> RecordError {
        RecordError {
            source_name: None,
            location: None,
            game: None,
            node: None,
            move_number: None,
            kind: Box::new(kind),
        }
    }

    pub(crate) fn at_node(mut self, node: usize) -> RecordError {
        self.node = Some(node);
        self
    }

    pub(crate) fn at_move(mut self, move_number: usize, node: usize) -> RecordError {
        self.move_number = Some(move_number);
        self.node = Some(node);
        self
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.source_name.as_deref().unwrap_or("<sgf>"))?;
        if let Some(loc) = self.location {
            write!(f, ":{loc}")?;
        }
        f.write_str(": ")?;
        let mut parts = Vec::new();
        if let Some(g) = self.game {
            parts.push(format!("game {}", g + 1));
        }
        if let Some(n) = self.node {
            parts.push(format!("node {n}"));
        }
        if let Some(m) = self.move_number {
            parts.push(format!("move {m}"));
        }
        if !parts.is_empty() {
            write!(f, "{}: ", parts.join(", "))?;
        }
        write!(f, "{}", self.kind)
    }
}

/// What is wrong with a game record.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The file could not be read.
    #[error("cannot read the file: {message}")]
    Io {
        /// The operating system's reason.
        message: String,
    },
    /// The text is not well-formed SGF.
    #[error("malformed SGF: {reason}")]
    Malformed {
        /// What is wrong, in words.
        reason: String,
    },
    /// No game tree (`(;`) in the text.
    #[error("no SGF game found: a game starts with \"(;\"")]
    NoGame,
    /// Nodes nest deeper than this reader accepts.
    #[error("the game tree nests {depth} nodes deep; at most {limit} are accepted")]
    TooDeep {
        /// The depth found.
        depth: usize,
        /// The limit.
        limit: usize,
    },
    /// `GM` names a game other than Go (`GM[1]`).
    #[error("not a game of Go: GM[{gm}] (Go is GM[1])")]
    NotGo {
        /// The `GM` value.
        gm: String,
    },
    /// `SZ` outside 1..=25 (each side from [`gorules_board::MIN_SIDE`] to
    /// [`gorules_board::MAX_SIDE`]).
    #[error(
        "SZ[{value}]: board size {width}x{height} is not supported: each side must be from {min} to {max}",
        min = gorules_board::MIN_SIDE,
        max = gorules_board::MAX_SIDE
    )]
    SizeOutOfRange {
        /// The value as written (or re-written from the parsed numbers).
        value: String,
        /// Width asked for.
        width: u64,
        /// Height asked for.
        height: u64,
    },
    /// `SZ` that is not a number nor `width:height`.
    #[error("SZ[{value}] is not a board size: expected a number such as SZ[19] or SZ[9:7]")]
    SizeNotNumeric {
        /// The value as written.
        value: String,
    },
    /// `KM` that is not a finite number.
    #[error("KM[{value}] is not a number: komi is written like KM[6.5]")]
    KomiNotNumber {
        /// The value as written.
        value: String,
    },
    /// `KM` that is a number but not a komi (a fraction other than a half, or beyond ±1000),
    /// checked as every komi is ([`gorules_rules::Komi`]).
    #[error("KM[{value}]: komi must be a whole or half number from -1000 to 1000")]
    KomiOutOfRange {
        /// The value as written.
        value: String,
    },
    /// The dead stones could not be had from the source asked (an engine that failed, points
    /// off the board).
    #[error("dead stones: {message}")]
    DeadStones {
        /// What went wrong.
        message: String,
    },
    /// `HA` that is not a non-negative whole number.
    #[error("HA[{value}] is not a number of handicap stones")]
    HandicapNotNumber {
        /// The value as written.
        value: String,
    },
    /// `HA` disagrees with the number of black setup stones.
    #[error(
        "HA[{handicap}] but {black_stones} black setup stone{} (AB): the handicap and the \
         stones placed disagree",
        if *black_stones == 1 { "" } else { "s" }
    )]
    HandicapMismatch {
        /// The `HA` value.
        handicap: u32,
        /// Black setup stones found.
        black_stones: usize,
    },
    /// Under `--strict`: the record implies passes it does not write (empty nodes, a colour
    /// moving twice).
    #[error(
        "{count} pass(es) implied but not written (an empty node, or a colour moving twice in a row): refused under --strict"
    )]
    ImpliedPasses {
        /// How many.
        count: usize,
    },
    /// More handicap stones than the board has points.
    #[error("HA[{handicap}]: more handicap stones than the {size} board has points")]
    HandicapTooLarge {
        /// The `HA` value.
        handicap: u32,
        /// The board.
        size: Size,
    },
    /// `HA` of two or more, but no black setup stones: nothing to count as handicap stones
    /// (and White's compensation would be for stones that are not there).
    #[error("HA[{handicap}] but the record places no handicap stones (AB)")]
    HandicapWithoutStones {
        /// The `HA` value.
        handicap: u32,
    },
    /// A move on a point outside the board.
    #[error("{}[{value}] is off the {size} board", color.letter())]
    MoveOffBoard {
        /// Who moves.
        color: Color,
        /// The move as written in SGF.
        value: String,
        /// The board size.
        size: Size,
    },
    /// A move value that is not a point nor a pass.
    #[error("{}[{}] is not a move: a move is two letters such as [dd], or [] for a pass", color.letter(), values.join("]["))]
    BadMove {
        /// Who moves.
        color: Color,
        /// The values as written.
        values: Vec<String>,
    },
    /// A setup (`AB`/`AW`/`AE`) or markup (`TB`/`TW`) point outside the board.
    #[error("{property}[{value}] is off the {size} board")]
    PointOffBoard {
        /// The property.
        property: String,
        /// The point as written in SGF.
        value: String,
        /// The board size.
        size: Size,
    },
    /// A setup or markup value that is not a list of points.
    #[error("{property}[{}] is not a list of points such as [dd] or [aa:cc]", values.join("]["))]
    BadPointList {
        /// The property.
        property: String,
        /// The values as written.
        values: Vec<String>,
    },
    /// Two setup stones on one point.
    #[error("two setup stones on {point}: {first} and {second}")]
    SetupConflict {
        /// The point, in SGF notation.
        point: String,
        /// The property that placed the first stone.
        first: String,
        /// The property that placed the second.
        second: String,
    },
    /// Setup stones (`AB`/`AW`/`AE`) after the first move of the main line.
    #[error("{property} adds or removes stones after the game has started; only setup before the first move is supported")]
    SetupAfterMoves {
        /// The property.
        property: String,
    },
    /// Setup stones that leave a chain without a liberty.
    #[error("the setup stones leave the chain at {point} without a liberty")]
    SetupWithoutLiberty {
        /// A point of the chain, in SGF notation.
        point: String,
    },
    /// A move onto a stone, found while replaying the main line.
    #[error("{color} plays at {point} ({gtp}), which is already occupied")]
    Occupied {
        /// Who moves.
        color: Color,
        /// The point in SGF notation.
        point: String,
        /// The point in GTP notation.
        gtp: String,
    },
    /// A move by the player who is not to move, found while replaying under a ruleset.
    #[error("{color} moves, but it is {expected}'s turn")]
    OutOfTurn {
        /// Who moves.
        color: Color,
        /// Who should.
        expected: Color,
    },
}
