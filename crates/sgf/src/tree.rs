//! Game trees built from the tokens of [`scan::Lexer`]: which texts are well-formed SGF
//! collections, which game each tree records, and the properties of each tree's main line.
//!
//! The rules follow the `sgf-parse` crate (4.2), quirks included:
//!
//! - the text is trimmed of whitespace at both ends (Unicode whitespace), then tokenized
//!   whole; a lexical fault anywhere is the error, before any other;
//! - the tokens are cut into top-level trees at each `)` that closes the outermost `(`; tokens
//!   between two trees belong to the next one (a `;` there starts its root), tokens after the
//!   last one are ignored; a `)` with no `(` open, or a `(` never closed, is an error;
//! - a tree's game is its root's `GM` (as written, before identifiers are normalised; the
//!   properties after the tree's first two tokens): absent or `GM[1]` is Go, another integer
//!   another game, anything else an error, and so is `GM` twice;
//! - a variation `(` must follow a node, a property must follow a node or a property, and a
//!   tree must hold exactly one root;
//! - a FF\[3\] identifier with lower-case letters (`CoPyright`) is read without them (`CP`).
//!
//! Only the main line is kept (the root, then the first child of each node); the other
//! nodes are checked and passed over. Nothing here recurses: a tree of any depth is read in constant stack.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use gorules_board::{Color, Point};

use crate::prop::move_from_bytes;
use crate::scan::{normalise_ident, Lexer, Shape};

/// Why a text is not a well-formed SGF collection, in the order the checks run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TreeError {
    /// A lexical fault: an unclosed value, a property name with no value or with a non-ASCII
    /// character ([`crate::scan::first_lex_fault`] says which and where).
    Lex,
    /// A `(` right after another `(` (a variation that does not follow a node).
    UnexpectedTreeStart,
    /// A `)` with no `(` open.
    UnexpectedTreeEnd,
    /// A property that does not follow a node, or `GM` twice in a root.
    UnexpectedProperty,
    /// A tree never closed, or one without a node.
    UnexpectedEnd,
    /// `GM` that is not one whole number.
    InvalidGameType,
    /// No tree at all.
    NoTrees,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TreeError::Lex => "a property is cut short",
            TreeError::UnexpectedTreeStart => "unexpected start of a game tree",
            TreeError::UnexpectedTreeEnd => "unexpected end of a game tree",
            TreeError::UnexpectedProperty => "unexpected property",
            TreeError::UnexpectedEnd => "unexpected end of the text",
            TreeError::InvalidGameType => "invalid game type",
            TreeError::NoTrees => "no game tree",
        })
    }
}

/// What a tree records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Game {
    /// Go (`GM[1]`, or no `GM`).
    Go,
    /// Another game.
    Other,
}

/// One game tree: its game and its main line's nodes (into [`Collection::lines`]).
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub game: Game,
    pub line: Range<usize>,
}

/// A property token: its identifier as written and its values (into [`Collection::values`]).
#[derive(Clone, Debug)]
pub(crate) struct RawProp {
    ident: Range<usize>,
    values: Range<usize>,
    /// The move, when the property was read as one already ([`Walk::plain_move_node`]).
    typed_move: Option<(Color, Option<Point>)>,
}

/// A parsed collection: the trees, and the properties of their main lines, borrowed from the
/// text.
#[derive(Debug)]
pub(crate) struct Collection<'a> {
    text: &'a str,
    props: Vec<RawProp>,
    values: Vec<Range<usize>>,
    /// The main lines' nodes, tree after tree: each the range of its properties (into
    /// [`Collection::props`]).
    lines: Vec<Range<usize>>,
    /// The trees, in the order written.
    pub trees: Vec<Tree>,
    /// Whether a token stands outside every tree: between two (a node there joins the next
    /// tree) or after the last (ignored).
    pub outside: bool,
    /// The most nodes in one tree (which bounds how deeply its nodes nest).
    pub largest_tree: usize,
}

/// Parses an SGF collection (see the module documentation for the rules), in one pass over
/// the tokens: each is checked and placed as it is read, and only the main lines are kept.
/// The errors are those of reading the whole text into tokens, then cutting them into trees,
/// then checking each tree in order (its game first, then its structure): a lexical fault
/// anywhere wins, then a fault in the cut, then the first tree's error.
pub(crate) fn parse(text: &str) -> Result<Collection<'_>, TreeError> {
    let text = text.trim();
    // Room for a record written compactly (`;B[dd]` is two tokens in six bytes: a node, and
    // a property with one value), so that a short record needs no reallocation; a text past
    // the cap grows its vectors as they fill.
    let room = text.len().min(1 << 18);
    let mut collection = Collection {
        text,
        props: Vec::with_capacity(room / 6),
        values: Vec::with_capacity(room / 6),
        lines: Vec::with_capacity(room / 6),
        trees: Vec::new(),
        outside: false,
        largest_tree: 0,
    };
    let mut walk = Walk::default();
    walk.tree.has_child.reserve(room / 6);
    let mut lexer = Lexer::new(text, 0);
    let mut ident = 0..0;
    loop {
        if walk.reads_plain_moves() {
            if let Some((ident, value)) = lexer.plain_move_node() {
                walk.plain_move_node(&mut collection, ident, value);
                continue;
            }
        }
        let first_value = collection.values.len();
        let Some(step) = lexer.step(Some((&mut ident, &mut collection.values))) else {
            break;
        };
        let (shape, _) = step.map_err(|_| TreeError::Lex)?;
        if walk.cut_error.is_some() {
            // Only a lexical fault can still change the answer.
            continue;
        }
        if shape == Shape::Prop {
            collection.props.push(RawProp {
                ident: ident.clone(),
                values: first_value..collection.values.len(),
                typed_move: None,
            });
        }
        walk.token(&mut collection, shape);
    }
    walk.finish(collection)
}

/// The state of the one-pass reading: where the cut into trees stands, and the tree being
/// read (the tokens since the last tree ended).
#[derive(Default)]
struct Walk {
    /// How many `(` are open.
    depth: usize,
    /// A `)` with no `(` open: the cut fails.
    cut_error: Option<TreeError>,
    /// How many trees were cut, well-formed or not.
    cut: usize,
    /// The first tree's error.
    tree_error: Option<TreeError>,
    /// The tree being read.
    tree: TreeWalk,
}

/// One tree being read.
#[derive(Default)]
struct TreeWalk {
    /// The tokens of the tree so far.
    tokens: usize,
    /// Whether the tokens from the third on are all properties so far: where the root's `GM`
    /// is looked for.
    gm_zone: bool,
    /// The `GM` properties found there (into [`Collection::props`]), the first two.
    gm: [Option<usize>; 2],
    /// The first structural error.
    error: Option<TreeError>,
    /// Whether the last token was a node or a property (a property must follow one).
    in_node: bool,
    /// For each node so far, whether it has a child yet.
    has_child: Vec<bool>,
    /// The node whose children the open variations add to (`None`: the tree's top level).
    stack: Vec<Option<usize>>,
    /// How many roots.
    roots: usize,
    /// The node the next node is a child of.
    current: Option<usize>,
    /// The last node of the main line so far.
    tail: Option<usize>,
    /// Whether the node being read is on the main line.
    on_main_line: bool,
    /// Where the tree's main line starts in [`Collection::lines`].
    line_start: usize,
}

impl Walk {
    /// Whether a node holding one move ([`Lexer::plain_move_node`]) can be read by
    /// [`Walk::plain_move_node`]: inside a tree, past its first two tokens (where its game is
    /// looked for), with no error so far.
    #[inline]
    fn reads_plain_moves(&self) -> bool {
        self.cut_error.is_none() && self.tree.tokens >= 2 && self.tree.error.is_none()
    }

    /// Reads a node and its one property, a move (identifier at `ident`, one byte; `value`),
    /// as [`Walk::token`] reads the two tokens when [`Walk::reads_plain_moves`].
    #[inline]
    fn plain_move_node(
        &mut self,
        collection: &mut Collection<'_>,
        ident: usize,
        value: Range<usize>,
    ) {
        let t = &mut self.tree;
        // Neither token opens or closes a tree, and the first is past the game's zone.
        t.tokens += 2;
        t.gm_zone = false;
        t.error = t
            .structure(Shape::Node, usize::MAX, &mut collection.lines)
            .err();
        let first_value = collection.values.len();
        let bytes = collection.text.as_bytes();
        let typed_move = move_from_bytes(&bytes[ident..ident + 1], &bytes[value.clone()]);
        collection.values.push(value);
        collection.props.push(RawProp {
            ident: ident..ident + 1,
            values: first_value..first_value + 1,
            typed_move,
        });
        if t.error.is_none() {
            let prop = collection.props.len() - 1;
            t.error = t.structure(Shape::Prop, prop, &mut collection.lines).err();
        }
    }

    /// Reads a token; a property is already the last of [`Collection::props`].
    fn token(&mut self, collection: &mut Collection<'_>, shape: Shape) {
        match shape {
            Shape::Open => self.depth += 1,
            Shape::Close => match self.depth.checked_sub(1) {
                None => {
                    self.cut_error = Some(TreeError::UnexpectedTreeEnd);
                    return;
                }
                Some(depth) => self.depth = depth,
            },
            Shape::Node | Shape::Prop => {}
        }
        let t = &mut self.tree;
        if t.tokens == 0 {
            collection.outside |= shape != Shape::Open;
            t.gm_zone = true;
            t.gm = [None; 2];
            t.error = None;
            t.in_node = false;
            t.has_child.clear();
            t.stack.clear();
            t.roots = 0;
            t.current = None;
            t.tail = None;
            t.on_main_line = false;
            t.line_start = collection.lines.len();
        }
        t.tokens += 1;
        let prop = collection.props.len().wrapping_sub(1);
        if t.tokens > 2 && t.gm_zone {
            if shape != Shape::Prop {
                t.gm_zone = false;
            } else if &collection.text[collection.props[prop].ident.clone()] == "GM" {
                match t.gm {
                    [None, _] => t.gm[0] = Some(prop),
                    [Some(_), None] => t.gm[1] = Some(prop),
                    _ => {}
                }
            }
        }
        if t.error.is_none() {
            t.error = t.structure(shape, prop, &mut collection.lines).err();
        }
        if shape == Shape::Close && self.depth == 0 {
            // The tree ends.
            self.cut += 1;
            let t = &mut self.tree;
            t.tokens = 0;
            collection.largest_tree = collection.largest_tree.max(t.has_child.len());
            let game = collection.game(t.gm).and_then(|game| {
                if let Some(e) = t.error {
                    return Err(e);
                }
                if !t.stack.is_empty() || t.roots != 1 {
                    return Err(TreeError::UnexpectedEnd);
                }
                Ok(game)
            });
            match game {
                Ok(game) => collection.trees.push(Tree {
                    game,
                    line: t.line_start..collection.lines.len(),
                }),
                Err(e) => {
                    self.tree_error.get_or_insert(e);
                }
            }
        }
    }

    /// The answer once every token is read.
    fn finish(self, collection: Collection<'_>) -> Result<Collection<'_>, TreeError> {
        if let Some(e) = self.cut_error {
            return Err(e);
        }
        if self.depth != 0 {
            return Err(TreeError::UnexpectedEnd);
        }
        if self.cut == 0 {
            return Err(TreeError::NoTrees);
        }
        match self.tree_error {
            Some(e) => Err(e),
            None => Ok(collection),
        }
    }
}

impl TreeWalk {
    /// Places a token in the tree: a variation must follow a node, a property must follow a
    /// node or a property; the main line takes the root, then each time the first child of
    /// its last node.
    fn structure(
        &mut self,
        shape: Shape,
        prop: usize,
        lines: &mut Vec<Range<usize>>,
    ) -> Result<(), TreeError> {
        let in_node = std::mem::replace(&mut self.in_node, false);
        match shape {
            Shape::Open => {
                if let Some(&open) = self.stack.last() {
                    let empty = match open {
                        None => self.roots == 0,
                        Some(n) => !self.has_child[n],
                    };
                    if empty {
                        return Err(TreeError::UnexpectedTreeStart);
                    }
                }
                self.stack.push(self.current);
            }
            Shape::Close => {
                self.current = self.stack.pop().ok_or(TreeError::UnexpectedTreeEnd)?;
            }
            Shape::Node => {
                self.in_node = true;
                // The first root, or the first child of the main line's last node.
                self.on_main_line = match self.current {
                    None => self.roots == 0,
                    Some(n) => self.current == self.tail && !self.has_child[n],
                };
                match self.current {
                    None => self.roots += 1,
                    Some(n) => self.has_child[n] = true,
                }
                self.current = Some(self.has_child.len());
                self.has_child.push(false);
                if self.on_main_line {
                    self.tail = self.current;
                    lines.push(0..0);
                }
            }
            Shape::Prop => {
                if !in_node {
                    return Err(TreeError::UnexpectedProperty);
                }
                self.in_node = true;
                if self.on_main_line {
                    // A node's properties are consecutive.
                    let node = lines.last_mut().expect("a node is open");
                    *node = if node.start == node.end {
                        prop..prop + 1
                    } else {
                        node.start..prop + 1
                    };
                }
            }
        }
        Ok(())
    }
}

impl<'a> Collection<'a> {
    /// The game of a tree from its root's `GM` properties (the first two found, into
    /// [`Collection::props`]).
    fn game(&self, gm: [Option<usize>; 2]) -> Result<Game, TreeError> {
        let p = match gm {
            [None, _] => return Ok(Game::Go),
            [Some(_), Some(_)] => return Err(TreeError::UnexpectedProperty),
            [Some(p), None] => &self.props[p],
        };
        if p.values.len() != 1 {
            return Err(TreeError::InvalidGameType);
        }
        let value = self.value(p.values.start);
        match value.parse::<i32>() {
            Ok(_) if value == "1" => Ok(Game::Go),
            Ok(_) => Ok(Game::Other),
            Err(_) => Err(TreeError::InvalidGameType),
        }
    }

    /// The number `GM` gives as the game of `tree`: the root's first `GM` (its identifier
    /// normalised), when it is one integer.
    pub fn game_number(&self, tree: &Tree) -> Option<String> {
        let root = self.line(tree).first()?.clone();
        let gm = self.props(root).find(|p| p.ident() == "GM")?;
        let n: i64 = (gm.len() == 1).then(|| gm.first())?.parse().ok()?;
        Some(n.to_string())
    }

    /// The main line of `tree`: each node's properties, as a range for [`Collection::props`].
    pub fn line(&self, tree: &Tree) -> &[Range<usize>] {
        &self.lines[tree.line.clone()]
    }

    /// The properties in `range` (a node of a tree's main line).
    pub fn props(&self, range: Range<usize>) -> impl Iterator<Item = Prop<'_, 'a>> + '_ {
        self.props[range].iter().map(move |raw| Prop {
            collection: self,
            raw,
        })
    }

    /// Value `i` of [`Collection::values`], escapes removed.
    fn value(&self, i: usize) -> Cow<'a, str> {
        unescape(&self.text[self.values[i].clone()])
    }
}

/// A property of a main-line node.
#[derive(Clone, Copy)]
pub(crate) struct Prop<'c, 'a> {
    collection: &'c Collection<'a>,
    raw: &'c RawProp,
}

impl<'a> Prop<'_, 'a> {
    /// The identifier, normalised: as written when it is all upper-case letters, else its
    /// upper-case letters alone (FF\[3\] `CoPyright` is `CP`).
    pub fn ident(&self) -> Cow<'a, str> {
        normalise_ident(&self.collection.text[self.raw.ident.clone()])
    }

    /// The move this property was read as, when it was typed as the text was read.
    #[inline]
    pub fn typed_move(&self) -> Option<(Color, Option<Point>)> {
        self.raw.typed_move
    }

    /// The identifier as written, as bytes.
    pub fn raw_ident(&self) -> &'a [u8] {
        &self.collection.text.as_bytes()[self.raw.ident.clone()]
    }

    /// The first value as written, escapes not removed, as bytes.
    pub fn raw_first(&self) -> &'a [u8] {
        &self.collection.text.as_bytes()[self.collection.values[self.raw.values.start].clone()]
    }

    /// How many values the property has (at least one).
    pub fn len(&self) -> usize {
        self.raw.values.len()
    }

    /// The values, escapes removed.
    pub fn values(&self) -> impl Iterator<Item = Cow<'a, str>> + '_ {
        self.raw.values.clone().map(|i| self.collection.value(i))
    }

    /// The first value, escapes removed.
    pub fn first(&self) -> Cow<'a, str> {
        self.collection.value(self.raw.values.start)
    }
}

/// A value as written between its brackets, with each escaping `\` removed: the character
/// after a `\` is kept as it is, whatever it is (`\]` is `]`, `\\` is `\`, and a `\` before a
/// line break keeps the line break).
pub(crate) fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            // A closed value never ends in an escaping `\` (it would escape the `]`).
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each tree's main line: per node, each property's identifier and values.
    type Line = Vec<Vec<(String, Vec<String>)>>;

    fn lines(text: &str) -> Result<Vec<(Game, Line)>, TreeError> {
        lines_of(parse(text)?)
    }

    fn lines_of(c: Collection<'_>) -> Result<Vec<(Game, Line)>, TreeError> {
        Ok(c.trees
            .iter()
            .map(|t| {
                let line = c
                    .line(t)
                    .iter()
                    .map(|node| {
                        c.props(node.clone())
                            .map(|p| {
                                let values = p.values().map(Cow::into_owned).collect();
                                (p.ident().into_owned(), values)
                            })
                            .collect()
                    })
                    .collect();
                (t.game, line)
            })
            .collect())
    }

    /// A token: its shape and, for a property, its index in [`Collection::props`].
    #[derive(Clone, Copy)]
    struct Token {
        shape: Shape,
        prop: u32,
    }

    /// The reading [`parse`] does in one pass, in three: the whole text into tokens, the tokens
    /// cut into trees, each tree checked.
    fn parse_by_tokens(text: &str) -> Result<Collection<'_>, TreeError> {
        let text = text.trim();
        // Room for a record written compactly (`;B[dd]` is two tokens in six bytes: a node, and
        // a property with one value), so that a short record needs no reallocation; a text past
        // the cap grows its vectors as they fill.
        let room = text.len().min(1 << 18);
        let mut props = Vec::with_capacity(room / 6);
        let mut values = Vec::with_capacity(room / 6);
        let mut tokens = Vec::with_capacity(room / 3);
        let mut lexer = Lexer::new(text, 0);
        let mut ident = 0..0;
        loop {
            let first_value = values.len();
            let Some(step) = lexer.step(Some((&mut ident, &mut values))) else {
                break;
            };
            let (shape, _) = step.map_err(|_| TreeError::Lex)?;
            let mut prop = 0;
            if shape == Shape::Prop {
                prop = props.len() as u32;
                props.push(RawProp {
                    ident: ident.clone(),
                    values: first_value..values.len(),
                    typed_move: None,
                });
            }
            tokens.push(Token { shape, prop });
        }
        let mut collection = Collection {
            text,
            props,
            values,
            lines: Vec::new(),
            trees: Vec::new(),
            outside: false,
            largest_tree: 0,
        };
        let ranges = split(&tokens)?;
        let mut builder = Builder::default();
        for range in ranges {
            let tokens = &tokens[range];
            let game = game_by_tokens(&collection, tokens)?;
            let line = builder.main_line(tokens)?;
            let start = collection.lines.len();
            collection.lines.extend(line);
            collection.trees.push(Tree {
                game,
                line: start..collection.lines.len(),
            });
        }
        Ok(collection)
    }

    /// The token ranges of the top-level trees.
    fn split(tokens: &[Token]) -> Result<Vec<Range<usize>>, TreeError> {
        let mut trees = Vec::new();
        let mut depth = 0usize;
        let mut start = 0;
        for (i, t) in tokens.iter().enumerate() {
            match t.shape {
                Shape::Open => depth += 1,
                Shape::Close => {
                    depth = depth.checked_sub(1).ok_or(TreeError::UnexpectedTreeEnd)?;
                    if depth == 0 {
                        trees.push(start..i + 1);
                        start = i + 1;
                    }
                }
                Shape::Node | Shape::Prop => {}
            }
        }
        if depth != 0 {
            return Err(TreeError::UnexpectedEnd);
        }
        if trees.is_empty() {
            return Err(TreeError::NoTrees);
        }
        Ok(trees)
    }

    /// The state of the tree walk, reused from tree to tree.
    #[derive(Default)]
    struct Builder {
        /// For each node of the tree so far, whether it has a child yet.
        has_child: Vec<bool>,
        /// The node whose children the open variations add to (`None`: the tree's top level).
        stack: Vec<Option<usize>>,
    }

    impl Builder {
        /// Checks one tree's structure and returns its main line.
        fn main_line(&mut self, tokens: &[Token]) -> Result<Vec<Range<usize>>, TreeError> {
            self.has_child.clear();
            self.stack.clear();
            let mut roots = 0usize;
            let mut current: Option<usize> = None;
            // The last node of the main line so far.
            let mut tail: Option<usize> = None;
            let mut line = Vec::new();
            let mut i = 0;
            while i < tokens.len() {
                match tokens[i].shape {
                    Shape::Open => {
                        if let Some(&open) = self.stack.last() {
                            let empty = match open {
                                None => roots == 0,
                                Some(n) => !self.has_child[n],
                            };
                            if empty {
                                return Err(TreeError::UnexpectedTreeStart);
                            }
                        }
                        self.stack.push(current);
                    }
                    Shape::Close => {
                        current = self.stack.pop().ok_or(TreeError::UnexpectedTreeEnd)?;
                    }
                    Shape::Node => {
                        let first = i + 1;
                        while tokens.get(i + 1).is_some_and(|t| t.shape == Shape::Prop) {
                            i += 1;
                        }
                        // The first root, or the first child of the main line's last node.
                        let on_main_line = match current {
                            None => roots == 0,
                            Some(n) => current == tail && !self.has_child[n],
                        };
                        match current {
                            None => roots += 1,
                            Some(n) => self.has_child[n] = true,
                        }
                        current = Some(self.has_child.len());
                        self.has_child.push(false);
                        if on_main_line {
                            tail = current;
                            // A node's properties are consecutive.
                            line.push(if i >= first {
                                tokens[first].prop as usize..tokens[i].prop as usize + 1
                            } else {
                                0..0
                            });
                        }
                    }
                    Shape::Prop => return Err(TreeError::UnexpectedProperty),
                }
                i += 1;
            }
            if !self.stack.is_empty() || roots != 1 {
                return Err(TreeError::UnexpectedEnd);
            }
            Ok(line)
        }
    }

    /// The game of the tree made of `tokens`, from its root's `GM`.
    fn game_by_tokens(collection: &Collection<'_>, tokens: &[Token]) -> Result<Game, TreeError> {
        let mut gm = tokens
            .iter()
            .skip(2)
            .take_while(|t| t.shape == Shape::Prop)
            .map(|t| &collection.props[t.prop as usize])
            .filter(|p| &collection.text[p.ident.clone()] == "GM");
        let Some(p) = gm.next() else {
            return Ok(Game::Go);
        };
        if gm.next().is_some() {
            return Err(TreeError::UnexpectedProperty);
        }
        if p.values.len() != 1 {
            return Err(TreeError::InvalidGameType);
        }
        let value = collection.value(p.values.start);
        match value.parse::<i32>() {
            Ok(_) if value == "1" => Ok(Game::Go),
            Ok(_) => Ok(Game::Other),
            Err(_) => Err(TreeError::InvalidGameType),
        }
    }

    fn prop(ident: &str, values: &[&str]) -> (String, Vec<String>) {
        (ident.into(), values.iter().map(|v| v.to_string()).collect())
    }

    #[test]
    fn two_trees_and_their_main_lines() {
        let trees = lines("(;SZ[9]C[Some comment];B[de];W[fe])(;B[de];W[ff])").unwrap();
        assert_eq!(trees.len(), 2);
        assert_eq!(
            trees[0].1,
            vec![
                vec![prop("SZ", &["9"]), prop("C", &["Some comment"])],
                vec![prop("B", &["de"])],
                vec![prop("W", &["fe"])],
            ]
        );
        assert_eq!(
            trees[1].1,
            vec![vec![prop("B", &["de"])], vec![prop("W", &["ff"])]]
        );
    }

    #[test]
    fn the_main_line_takes_the_first_child() {
        let trees = lines("(;A[1](;B[2];C[3](;E[5])(;F[6]))(;D[4]))").unwrap();
        let idents: Vec<&str> = trees[0].1.iter().map(|n| n[0].0.as_str()).collect();
        assert_eq!(idents, ["A", "B", "C", "E"]);
        // An empty variation `()` adds no child: the next variation's node is the first.
        let trees = lines("(;A[1]()(;B[2])(;C[3]))").unwrap();
        let idents: Vec<&str> = trees[0].1.iter().map(|n| n[0].0.as_str()).collect();
        assert_eq!(idents, ["A", "B"]);
        // Empty nodes are nodes.
        assert_eq!(lines("(;;;)").unwrap()[0].1, vec![vec![]; 3]);
    }

    #[test]
    fn ff3_identifiers_lose_their_lower_case_letters() {
        let trees = lines("(;GM[1]FF[3]CoPyright[test]AB [aa]\n [bb])").unwrap();
        assert_eq!(
            trees[0].1[0],
            vec![
                prop("GM", &["1"]),
                prop("FF", &["3"]),
                prop("CP", &["test"]),
                prop("AB", &["aa", "bb"]),
            ]
        );
        assert_eq!(normalise_ident(""), "");
        assert_eq!(normalise_ident("PlayerBlack"), "PB");
    }

    #[test]
    fn escapes_are_removed_from_values() {
        let trees = lines("(;C[a\\]b\\\\c\\\nd]GN[\\é])").unwrap();
        assert_eq!(
            trees[0].1[0],
            vec![prop("C", &["a]b\\c\nd"]), prop("GN", &["é"])]
        );
        assert_eq!(unescape("plain"), Cow::Borrowed("plain"));
    }

    #[test]
    fn the_game_is_the_roots_gm() {
        let trees = lines("(;GM[1];W[dd])(;GM[37]W[rp.pmonpoqprpsornqmpm])(;SZ[9])").unwrap();
        let games: Vec<Game> = trees.iter().map(|t| t.0).collect();
        assert_eq!(games, [Game::Go, Game::Other, Game::Go]);
        let c = parse("(;GM[37]W[x])").unwrap();
        assert_eq!(c.game_number(&c.trees[0]).as_deref(), Some("37"));
        // GM as written, not normalised, decides; `+1` is a number but not `1`.
        assert_eq!(lines("(;GaMe[2])").unwrap()[0].0, Game::Go);
        assert_eq!(lines("(;GM[+1])").unwrap()[0].0, Game::Other);
        assert_eq!(parse("(;GM[x])").unwrap_err(), TreeError::InvalidGameType);
        assert_eq!(
            parse("(;GM[1][1])").unwrap_err(),
            TreeError::InvalidGameType
        );
        assert_eq!(
            parse("(;GM[1]GM[1])").unwrap_err(),
            TreeError::UnexpectedProperty
        );
    }

    #[test]
    fn text_around_and_between_trees() {
        // Whitespace at both ends is trimmed, Unicode whitespace included.
        assert_eq!(lines("\n(;GM[1];B[cc])\u{3000}").unwrap().len(), 1);
        // Tokens after the last tree are ignored; nodes between two trees join the second.
        assert_eq!(lines("(;A[1]);B[2]").unwrap().len(), 1);
        let trees = lines("(;A[1]);B[2](;C[3])").unwrap();
        assert_eq!(
            trees[1].1,
            vec![vec![prop("B", &["2"])], vec![prop("C", &["3"])]]
        );
    }

    #[test]
    fn malformed_collections() {
        for (text, e) in [
            ("", TreeError::NoTrees),
            ("no tree", TreeError::Lex),
            ("(;B[cc];W[dd];B[ee", TreeError::Lex),
            ("(;B[cc];W[dd];B", TreeError::Lex),
            ("(;Bé[cc])", TreeError::Lex),
            ("(;B[cc]", TreeError::UnexpectedEnd),
            ("()", TreeError::UnexpectedEnd),
            ("(;A[1]))", TreeError::UnexpectedTreeEnd),
            ("((;A[1]))", TreeError::UnexpectedTreeStart),
            ("(;A[1]((;B[2])))", TreeError::UnexpectedTreeStart),
            ("(B[cc])", TreeError::UnexpectedProperty),
            ("(;A[1](B[2]))", TreeError::UnexpectedProperty),
            // A lexical fault anywhere comes first.
            ("(;A[1]))(;C[", TreeError::Lex),
        ] {
            assert_eq!(parse(text).unwrap_err(), e, "{text}");
        }
    }

    #[test]
    fn deep_trees_need_no_stack() {
        let text = format!("({})", ";".repeat(200_000));
        assert_eq!(parse(&text).unwrap().trees[0].line.len(), 200_000);
        let text = format!("(;{})", "(;".repeat(50_000) + &")".repeat(50_000));
        assert_eq!(parse(&text).unwrap().trees[0].line.len(), 50_001);
    }

    /// Whether the one-pass reading agrees with the three-pass one on `text`.
    fn agrees(text: &str) {
        let by_tokens = parse_by_tokens(text).and_then(lines_of);
        assert_eq!(lines(text), by_tokens, "{text:?}");
    }

    #[test]
    fn one_pass_reads_as_three_passes() {
        for text in [
            "(;SZ[9]C[Some comment];B[de];W[fe])(;B[de];W[ff])",
            "(;A[1](;B[2];C[3](;E[5])(;F[6]))(;D[4]))",
            "(;A[1]()(;B[2])(;C[3]))",
            "(;;;)",
            "(;GM[1];W[dd])(;GM[37]W[rp.pmonpoqprpsornqmpm])(;SZ[9])",
            "(;GaMe[2])",
            "(;A[1]);B[2](;C[3])",
            "(;A[1]);B[2]",
            "((;GM[1]GM[1]))",
            "(;GM[x](;A[1])",
            "(;GM[1](B[2]))",
        ] {
            agrees(text);
        }
    }

    proptest::proptest! {
        /// Texts made of pieces of SGF, well-formed or not, read the same in one pass as in
        /// three: the same trees and main lines, or the same error.
        #[test]
        fn one_pass_reads_as_three_passes_whatever_the_text(
            pieces in proptest::collection::vec(0usize..16, 0..40)
        ) {
            const PIECES: [&str; 16] = [
                "(", ")", ";", "B[aa]", "W[bb]", "GM[1]", "GM[2]", "GM[x]", "GM[1][1]",
                "C[(;\\]]", " ", "\n", "x", "[", "é", "AB[cc:dd]",
            ];
            let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
            let by_tokens = parse_by_tokens(&text).and_then(lines_of);
            proptest::prop_assert_eq!(lines(&text), by_tokens, "{:?}", text);
        }
    }
}
