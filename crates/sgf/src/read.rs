//! Reading SGF into [`GameRecord`]s: the entry points (a file, bytes, text), the two ways a
//! text is read (whole, or tree by tree to place an error), and the messages for text that is
//! not well-formed SGF.

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;

use crate::convert::{convert, At, Fail};
use crate::error::{Location, RecordError, RecordErrorKind};
use crate::scan::{self, LexFault, TokKind};
use crate::tree::{self, Game, TreeError};
use crate::GameRecord;

/// The deepest node nesting accepted (the longest chain of nodes, variations included); a
/// deeper tree is an error ([`RecordErrorKind::TooDeep`]). Real games stay far below.
pub const MAX_TREE_DEPTH: usize = 100_000;

/// Reads every game of an SGF file. The errors name the file.
///
/// The file is read as every input file is ([`gorules_files::read_file`]): a regular file (a
/// pipe or a device is refused), at most [`gorules_files::DEFAULT_MAX_FILE_SIZE`] bytes. It is
/// read as UTF-8, or as Latin-1 when it is not valid UTF-8 (old records often are; structure
/// is ASCII either way).
pub fn read_sgf_file(path: impl AsRef<Path>) -> Result<Vec<GameRecord>, RecordError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes =
        gorules_files::read_file(path, gorules_files::DEFAULT_MAX_FILE_SIZE).map_err(|e| {
            let mut err = RecordError::new(RecordErrorKind::Io {
                message: e.kind.to_string(),
            });
            err.source_name = Some(name.clone());
            err
        })?;
    parse_sgf_bytes(&bytes, Some(&name))
}

/// Reads every game of SGF given as bytes: UTF-8, or Latin-1 when not valid UTF-8 (a leading
/// UTF-8 byte-order mark is skipped).
pub fn parse_sgf_bytes(
    bytes: &[u8],
    source_name: Option<&str>,
) -> Result<Vec<GameRecord>, RecordError> {
    parse_sgf(&sgf_text(bytes), source_name)
}

/// SGF bytes as text, as [`parse_sgf_bytes`] reads them: UTF-8, or Latin-1 when not valid
/// UTF-8.
pub fn sgf_text(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

/// Reads every game of an SGF collection (one [`GameRecord`] per game tree, in file order).
///
/// `source_name` (a file name, say) is used in error messages and kept in the records.
/// Errors give the line and column when the problem can be pinned to a place in the text.
pub fn parse_sgf(text: &str, source_name: Option<&str>) -> Result<Vec<GameRecord>, RecordError> {
    parse_sgf_games(text, source_name)?.into_iter().collect()
}

/// Reads every game of an SGF collection, each on its own: a game that cannot be read (a
/// truncated last game, an illegal property) is an error in its place, and the others are
/// still read. The outer error is for a text with no game at all.
pub fn parse_sgf_games(
    text: &str,
    source_name: Option<&str>,
) -> Result<Vec<Result<GameRecord, RecordError>>, RecordError> {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    match parse_whole(text, start, source_name) {
        Some(games) => Ok(games.into_iter().map(Ok).collect()),
        None => parse_by_tree(text, start, source_name),
    }
}

/// [`parse_sgf_games`] of SGF given as bytes (UTF-8, or Latin-1 when not valid UTF-8).
pub fn parse_sgf_bytes_games(
    bytes: &[u8],
    source_name: Option<&str>,
) -> Result<Vec<Result<GameRecord, RecordError>>, RecordError> {
    parse_sgf_games(&sgf_text(bytes), source_name)
}

/// [`parse_sgf`] tree by tree: each top-level tree of `text[start..]` (text outside trees
/// skipped) is parsed alone, and each error is placed in the text.
fn parse_by_tree(
    text: &str,
    start: usize,
    source_name: Option<&str>,
) -> Result<Vec<Result<GameRecord, RecordError>>, RecordError> {
    let spans = scan::split_trees(text, start);
    let fail = |mut e: RecordError, at: Option<usize>| {
        e.source_name = source_name.map(str::to_string);
        e.location = at.map(|o| {
            let (line, column) = scan::line_col(text, o);
            Location { line, column }
        });
        e
    };
    if spans.is_empty() {
        return Err(fail(RecordError::new(RecordErrorKind::NoGame), None));
    }
    let several = spans.len() > 1;
    let mut games = Vec::with_capacity(spans.len());
    for (g, span) in spans.into_iter().enumerate() {
        let range = span.range.clone();
        let result = if span.depth > MAX_TREE_DEPTH {
            Err(Fail::at(
                RecordErrorKind::TooDeep {
                    depth: span.depth,
                    limit: MAX_TREE_DEPTH,
                },
                At::Offset(range.start),
            ))
        } else {
            parse_tree(text, range.clone())
        };
        games.push(match result {
            Ok(mut rec) => {
                rec.source_name = source_name.map(str::to_string);
                rec.game_index = g;
                Ok(rec)
            }
            Err(f) => {
                let offset = match f.at {
                    At::Nowhere => None,
                    At::Offset(o) => Some(o),
                    At::Prop {
                        node,
                        ident,
                        occurrence,
                    } => scan::locate_property(text, range, node, ident, occurrence),
                };
                let mut e = fail(*f.err, offset);
                if several {
                    e.game = Some(g);
                }
                Err(e)
            }
        });
    }
    Ok(games)
}

/// [`parse_sgf`] in the common case, in one parse: the text from its first game tree on is a
/// well-formed collection of Go games that all convert, with nothing outside the trees but
/// white space and no tree of more than [`MAX_TREE_DEPTH`] nodes. `None` otherwise (an error
/// anywhere, text between or after the trees, a very large tree): then [`parse_sgf`] reads
/// the trees one by one ([`parse_by_tree`]), which finds and places the error, skips the text
/// outside trees and measures the depth of each tree, and gives the same records when this
/// reading gives any.
fn parse_whole(text: &str, start: usize, source_name: Option<&str>) -> Option<Vec<GameRecord>> {
    let first = scan::next_tree_start(text, start)?;
    let collection = tree::parse(&text[first..]).ok()?;
    // Text outside the trees is skipped by the tree-by-tree reading, where this reading would
    // take a node between two trees into the second: leave it to the former. A tree of no
    // more nodes than the depth limit cannot nest deeper than it.
    if collection.outside || collection.largest_tree > MAX_TREE_DEPTH {
        return None;
    }
    let mut games = Vec::with_capacity(collection.trees.len());
    for (g, tree) in collection.trees.iter().enumerate() {
        if tree.game != Game::Go {
            return None;
        }
        let mut rec = convert(&collection, tree).ok()?;
        rec.source_name = source_name.map(str::to_string);
        rec.game_index = g;
        games.push(rec);
    }
    Some(games)
}

/// Parses the game tree in `text[range]` and converts its main line.
fn parse_tree(text: &str, range: Range<usize>) -> Result<GameRecord, Fail> {
    let collection = match tree::parse(&text[range.clone()]) {
        Ok(collection) => collection,
        Err(e) => return Err(parse_error(text, range, e)),
    };
    // The range holds exactly one tree.
    let Some(tree) = collection.trees.first() else {
        return Err(Fail::at(RecordErrorKind::NoGame, At::Offset(range.start)));
    };
    match tree.game {
        Game::Go => convert(&collection, tree),
        Game::Other => {
            let gm = collection.game_number(tree).unwrap_or_else(|| "?".into());
            Err(Fail::prop(RecordErrorKind::NotGo { gm }, 0, "GM", 0))
        }
    }
}

/// Explains why `text[range]` is not a well-formed game tree and finds where.
fn parse_error(text: &str, range: Range<usize>, e: TreeError) -> Fail {
    let toks = || scan::tokens(text, range.clone());
    let ident_at = |start: usize| -> String {
        text[start..]
            .chars()
            .take_while(|&c| c != '[' && c.is_ascii() && !c.is_ascii_whitespace())
            .take(12)
            .collect()
    };
    let (reason, at): (String, Option<usize>) = match e {
        TreeError::Lex => match scan::first_lex_fault(text, range.clone()) {
            Some(LexFault::UnclosedValue {
                bracket: _,
                ident_start,
            }) => (
                format!(
                    "unterminated property value: {}[ is never closed by ']'",
                    ident_at(ident_start)
                ),
                Some(ident_start),
            ),
            Some(LexFault::MissingValue { ident_start }) => (
                format!(
                    "\"{}\" is not followed by a [value] before the end of the file",
                    ident_at(ident_start)
                ),
                Some(ident_start),
            ),
            Some(LexFault::BadIdentChar { at }) => (
                format!(
                    "unexpected character {:?} in a property name",
                    text[at..].chars().next().unwrap_or('?')
                ),
                Some(at),
            ),
            None => (e.to_string(), None),
        },
        TreeError::UnexpectedTreeStart => {
            let t = toks();
            let at = t
                .windows(2)
                .find(|w| w[0].kind == TokKind::Open && w[1].kind == TokKind::Open)
                .map(|w| w[1].start);
            ("a variation \"(\" must come after a node \";\"".into(), at)
        }
        TreeError::UnexpectedProperty => {
            let t = toks();
            let mut prev: Option<&TokKind> = None;
            let mut at = None;
            for tok in &t {
                if matches!(tok.kind, TokKind::Prop { .. })
                    && !matches!(prev, Some(TokKind::Node) | Some(TokKind::Prop { .. }))
                {
                    at = Some(tok.start);
                    break;
                }
                prev = Some(&tok.kind);
            }
            match at {
                Some(at) => (
                    "a property outside any node (a \";\" is missing before it)".into(),
                    Some(at),
                ),
                None => {
                    // The other cause: GM given twice in the root node.
                    let nodes = scan::scan_nodes(text, range.clone());
                    let second_gm = nodes
                        .first()
                        .and_then(|root| root.props.iter().filter(|p| p.ident == "GM").nth(1));
                    (
                        "GM is given twice in the root node".into(),
                        second_gm.map(|p| p.start),
                    )
                }
            }
        }
        TreeError::UnexpectedEnd | TreeError::UnexpectedTreeEnd => {
            let (line, column) = scan::line_col(text, range.start);
            (
                format!(
                    "the game tree opened at line {line}, column {column} is never closed \
                     (a \")\" is missing)"
                ),
                Some(range.end),
            )
        }
        TreeError::InvalidGameType => {
            let nodes = scan::scan_nodes(text, range.clone());
            let gm = nodes
                .first()
                .and_then(|root| root.props.iter().find(|p| p.ident == "GM"));
            let shown = gm
                .map(|p| {
                    p.values
                        .iter()
                        .map(|v| text[v.clone()].to_string())
                        .collect::<Vec<_>>()
                        .join("][")
                })
                .unwrap_or_default();
            (
                format!("GM[{shown}] is not a game number (Go is GM[1])"),
                gm.map(|p| p.start),
            )
        }
        TreeError::NoTrees => (e.to_string(), Some(range.start)),
    };
    Fail::at(
        RecordErrorKind::Malformed { reason },
        at.map_or(At::Nowhere, At::Offset),
    )
}

/// Places in the text an error found after reading, when replaying the record (a move onto a
/// stone, out of turn, off the board): the line and column of that move's `B` or `W`, or of
/// its node when the move is not written (an empty node read as a pass). `bytes` is the text
/// the record was read from. An error already placed, or one not tied to a node, is returned
/// as it is.
pub fn place_error(bytes: &[u8], mut err: RecordError) -> RecordError {
    let Some(node) = err.node else {
        return err;
    };
    if err.location.is_some() {
        return err;
    }
    let ident = match &*err.kind {
        RecordErrorKind::Occupied { color, .. }
        | RecordErrorKind::OutOfTurn { color, .. }
        | RecordErrorKind::MoveOffBoard { color, .. } => match color {
            gorules_board::Color::Black => "B",
            gorules_board::Color::White => "W",
        },
        _ => "",
    };
    let text = sgf_text(bytes);
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let spans = scan::split_trees(&text, start);
    let Some(span) = spans.get(err.game.unwrap_or(0)) else {
        return err;
    };
    if let Some(offset) = scan::locate_property(&text, span.range.clone(), node, ident, 0) {
        let (line, column) = scan::line_col(&text, offset);
        err.location = Some(Location { line, column });
    }
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whenever the whole text reads at once, it reads as tree by tree.
    #[test]
    fn reading_at_once_gives_what_reading_tree_by_tree_gives() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sgf");
        let mut texts: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .collect();
        texts.extend(
            [
                "(;GM[1]SZ[5];B[cc];W[dd];B[];W[])",
                "\u{feff}(;SZ[9]KM[6.5];B[ee])",
                "prose (with parens) and ;semicolons\n(;SZ[9];B[ee];W[ff])\n(;SZ[13]HA[2]AB[dd][jj];W[gg])\n",
                "(;SZ[9];B[ee])  junk after",
                "(;SZ[9];B[ee]) ; B[ff]",
                "(;SZ[9];B[ee])junk(;SZ[9];W[ee])",
                "(;SZ[9];B[ee]))(;SZ[9])",
                "(;SZ[9]C[a (;tree) in a comment \\] and brackets];B[ee](;W[ff])(;W[gg];B[hh]))",
                "(;SZ[9]C[GNU Go (3.8, --level 1) \\] ( (x];B[ee];W[ff])",
                "(;SZ[9]C[a ( then \\\\]B[ee]( ;W[ff])(x;B[gg]))",
                "(;SZ[9]C[(]PB[(];B[ee]()(;W[ff]))",
                "(;SZ[9]C[unclosed ( ;B[ee])",
                "(;GM[1])(;GM[2]SZ[9])",
                "(;SZ[3])(;SZ[3];B[aa];W[];B[]);()",
                "(;);()",
                "(;SZ[9]CoPyright[x]PlayerBlack[y];B[ee])",
                "(;SZ[9]KM[six];B[ee])",
                "(;SZ[9];B[zz])",
                "(;SZ[9];B[ee]",
            ]
            .map(String::from),
        );
        let mut at_once = 0;
        for text in &texts {
            let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
            if let Some(games) = parse_whole(text, start, Some("f.sgf")) {
                let by_tree: Result<Vec<GameRecord>, RecordError> =
                    parse_by_tree(text, start, Some("f.sgf"))
                        .and_then(|games| games.into_iter().collect());
                assert_eq!(Ok(games), by_tree, "{text}");
                at_once += 1;
            }
        }
        assert!(at_once >= 10, "{at_once} of {} read at once", texts.len());
    }

    /// A `(` in a property value (GNU Go's comments name its version so) is text; a variation
    /// with no node inside a tree reads the same whole as tree by tree.
    #[test]
    fn brackets_in_values_are_text() {
        let comment = "(;SZ[9]C[GNU Go self-play (3.8, --level 1) \\] (x];B[ee];W[ff])";
        let games = parse_whole(comment, 0, None).expect("read at once");
        assert_eq!(games[0].moves.len(), 2);
        let empty_variation = "(;SZ[9];B[ee]()(;W[ff]))";
        let games = parse_whole(empty_variation, 0, None).expect("read at once");
        let by_tree: Vec<GameRecord> = parse_by_tree(empty_variation, 0, None)
            .unwrap()
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games, by_tree);
        assert_eq!(games[0].moves.len(), 2);
    }

    /// The SGF FF[4] specification's grammar ("Collection = GameTree { GameTree }") has no
    /// place for a node between two trees or after the last: such a node is text outside the
    /// trees, skipped like the prose before the first tree, whichever way the text is read.
    #[test]
    fn a_node_outside_the_trees_is_skipped() {
        let between = "(;SZ[9];B[ee]);W[ff](;SZ[9];B[cc])";
        // Tree by tree: the node is not in either game.
        let games: Vec<GameRecord> = parse_by_tree(between, 0, None)
            .unwrap()
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games.len(), 2);
        let cc = gorules_board::Point::new(2, 2);
        let black = gorules_board::Color::Black;
        assert_eq!(
            games[1].moves,
            [gorules_board::ColoredMove::play(black, cc)]
        );
        // Whole: the reading at once declines the text (it would take the node into the
        // second game), and the public entry point gives the games read tree by tree.
        assert!(parse_whole(between, 0, None).is_none());
        assert_eq!(parse_sgf(between, None).unwrap(), games);
        // A node after the last tree, likewise.
        let after = "(;SZ[9];B[ee]);W[ff]";
        assert!(parse_whole(after, 0, None).is_none());
        let games = parse_sgf(after, None).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves.len(), 1);
        // A tree written in a value after the last tree is text outside trees to the
        // tree-by-tree reading, which finds it by its `(;`: a second game, both ways.
        let quoted = "(;SZ[9];B[ee]) C[(;SZ[9];B[cc])]";
        assert!(parse_whole(quoted, 0, None).is_none());
        assert_eq!(parse_sgf(quoted, None).unwrap().len(), 2);
    }

    proptest::proptest! {
        /// Texts made of pieces of SGF, well-formed or not: whenever the text reads at once,
        /// it reads to the same records tree by tree.
        #[test]
        fn reading_at_once_agrees_whatever_the_text(
            pieces in proptest::collection::vec(0usize..20, 0..40)
        ) {
            const PIECES: [&str; 20] = [
                "(", ")", ";", "(;", "B[aa]", "W[bb]", "B[]", "GM[1]", "GM[2]", "SZ[5]",
                "C[(;\\]]", " ", "\n", "x", "[", "é", "AB[cc:dd]", "KM[x]", "W[zz]", "HA[2]",
            ];
            let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
            if let Some(games) = parse_whole(&text, 0, None) {
                let by_tree: Result<Vec<GameRecord>, RecordError> = parse_by_tree(&text, 0, None)
                    .and_then(|games| games.into_iter().collect());
                proptest::prop_assert_eq!(Ok(games), by_tree, "{:?}", text);
            }
        }
    }
}
