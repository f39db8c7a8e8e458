//! The SGF tokenizer ([`Lexer`]), which keeps the byte offset of every token, and the scans
//! built on it. [`crate::tree`] builds the game trees from the same tokens; the scans here
//!
//! - split a file into its top-level game trees, skipping text outside them (prose before the
//!   first `(;`, a signature after the last `)`), so each tree can be parsed alone;
//! - measure how deeply nodes nest ([`crate::MAX_TREE_DEPTH`]);
//! - find where an error is: the token the parse stumbled on, or the property (node, name)
//!   whose value the reader rejected, so messages can give a line and column.
//!
//! Every loop here is iterative: no input can exhaust the stack.

use std::borrow::Cow;
use std::ops::Range;

/// What the tokenizer found at an offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokKind {
    /// `(`
    Open,
    /// `)`
    Close,
    /// `;`
    Node,
    /// A property: its identifier as written and the byte ranges of its values (between the
    /// brackets, escapes not removed).
    Prop {
        ident: Range<usize>,
        values: Vec<Range<usize>>,
    },
}

/// A token and the byte offset where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tok {
    pub kind: TokKind,
    pub start: usize,
}

/// The lexical errors, with the offset that explains them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LexFault {
    /// A property name runs to the end of the text without a `[value]`; offset of the name.
    MissingValue { ident_start: usize },
    /// A non-ASCII character inside a property name; its offset.
    BadIdentChar { at: usize },
    /// A value opened by `[` is never closed; offset of the `[`, and of the property name.
    UnclosedValue { bracket: usize, ident_start: usize },
}

/// A tokenizer over `text[start..]` (offsets are absolute). Tokens are `(`, `)`, `;` and
/// properties; ASCII whitespace after a token is skipped. A property is an identifier (every
/// byte up to the first `[`, all of them ASCII) and one or more values in brackets, with ASCII
/// whitespace allowed between them; a value ends at the first `]` not escaped by a `\`.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    cursor: usize,
    failed: bool,
}

/// What a token is, without a property's identifier and values: enough for the structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `(`
    Open,
    /// `)`
    Close,
    /// `;`
    Node,
    /// A property.
    Prop,
}

impl<'a> Lexer<'a> {
    /// A tokenizer starting at byte `start` of `text` (a char boundary).
    pub fn new(text: &'a str, start: usize) -> Lexer<'a> {
        Lexer {
            text,
            cursor: start,
            failed: false,
        }
    }

    /// The byte at the cursor. The scan works on bytes: every byte it stops at is ASCII, and
    /// the bytes of a multi-byte UTF-8 character are never ASCII, so it agrees with a scan by
    /// characters (the cursor only ever rests on a character boundary).
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.cursor).copied()
    }

    fn skip_ascii_whitespace(&mut self) {
        let b = self.text.as_bytes();
        while self.cursor < b.len() && b[self.cursor].is_ascii_whitespace() {
            self.cursor += 1;
        }
    }

    /// Reads the next token and returns its shape and start; a property's identifier range
    /// and value ranges (between the brackets, escapes not removed) go to `prop` when given.
    #[inline]
    pub fn step(
        &mut self,
        prop: Option<(&mut Range<usize>, &mut Vec<Range<usize>>)>,
    ) -> Option<Result<(Shape, usize), LexFault>> {
        if self.failed {
            return None;
        }
        let start = self.cursor;
        let shape = match self.peek()? {
            b'(' => Shape::Open,
            b')' => Shape::Close,
            b';' => Shape::Node,
            _ => {
                if let Err(e) = self.property(prop) {
                    self.failed = true;
                    return Some(Err(e));
                }
                Shape::Prop
            }
        };
        if shape != Shape::Prop {
            self.cursor += 1;
        }
        self.skip_ascii_whitespace();
        Some(Ok((shape, start)))
    }

    /// Reads a node that holds one move written the usual way, `;B[dd]` or `;W[]`, when the
    /// text at the cursor is one: a `;`, white space, `B` or `W` right before a `[`, a value of
    /// no byte or of two bytes that are neither `]` nor `\`, a `]` not followed (after white
    /// space) by another value. Returns the offset of the identifier and the range of the
    /// value, and moves past the white space after them, as [`Lexer::step`] would in its two
    /// steps (a node, then a property with this identifier and value). `None` for any other
    /// text, and the cursor stays.
    #[inline]
    pub fn plain_move_node(&mut self) -> Option<(usize, Range<usize>)> {
        let b = self.text.as_bytes();
        let mut i = self.cursor;
        if self.failed || b.get(i) != Some(&b';') {
            return None;
        }
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        let ident = i;
        if !matches!(b.get(ident..ident + 2), Some([b'B' | b'W', b'['])) {
            return None;
        }
        let start = ident + 2;
        let end = match b.get(start..start + 3) {
            Some([b']', ..]) => start,
            Some(&[x, y, b']']) if ![x, y].iter().any(|c| matches!(c, b']' | b'\\')) => start + 2,
            _ => return None,
        };
        let mut j = end + 1;
        while b.get(j).is_some_and(u8::is_ascii_whitespace) {
            j += 1;
        }
        if b.get(j) == Some(&b'[') {
            return None;
        }
        self.cursor = j;
        Some((ident, start..end))
    }

    #[inline]
    fn property(
        &mut self,
        mut prop: Option<(&mut Range<usize>, &mut Vec<Range<usize>>)>,
    ) -> Result<(), LexFault> {
        let bytes = self.text.as_bytes();
        let ident_start = self.cursor;
        let mut i = ident_start;
        loop {
            match bytes.get(i) {
                Some(b'[') => break,
                Some(c) if c.is_ascii() => i += 1,
                Some(_) => return Err(LexFault::BadIdentChar { at: i }),
                None => return Err(LexFault::MissingValue { ident_start }),
            }
        }
        if let Some((ident, _)) = &mut prop {
            **ident = ident_start..i;
        }
        // `bytes[i]` is a `[`.
        loop {
            let bracket = i;
            i += 1;
            let value_start = i;
            // The value ends at the first `]` not escaped by a `\` (itself not escaped). A
            // backslash escapes the next character, whatever it is: skipping one byte after
            // it is enough, as the other bytes of a character that is not ASCII are not ASCII.
            loop {
                match bytes.get(i) {
                    Some(b']') => break,
                    Some(b'\\') if i + 1 < bytes.len() => i += 2,
                    Some(b'\\') | None => {
                        return Err(LexFault::UnclosedValue {
                            bracket,
                            ident_start,
                        })
                    }
                    Some(_) => i += 1,
                }
            }
            if let Some((_, values)) = &mut prop {
                values.push(value_start..i);
            }
            i += 1;
            while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            if bytes.get(i) != Some(&b'[') {
                self.cursor = i;
                return Ok(());
            }
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Tok, LexFault>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut ident = 0..0;
        let mut values = Vec::new();
        let step = self.step(Some((&mut ident, &mut values)))?;
        Some(step.map(|(shape, start)| {
            let kind = match shape {
                Shape::Open => TokKind::Open,
                Shape::Close => TokKind::Close,
                Shape::Node => TokKind::Node,
                Shape::Prop => TokKind::Prop { ident, values },
            };
            Tok { kind, start }
        }))
    }
}

/// One top-level game tree found in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    /// Byte range of the tree, from its `(` to its `)` (or to the end of the text when the tree
    /// is never closed or a lexical error stops the scan).
    pub range: Range<usize>,
    /// The longest chain of nested nodes.
    pub depth: usize,
}

/// Whether a game tree starts at `i`: a `(` followed (after ASCII whitespace) by `;`.
fn tree_starts_at(text: &str, i: usize) -> bool {
    let b = text.as_bytes();
    if b.get(i) != Some(&b'(') {
        return false;
    }
    let mut j = i + 1;
    while j < b.len() && b[j].is_ascii_whitespace() {
        j += 1;
    }
    b.get(j) == Some(&b';')
}

/// Where the first game tree at or after byte `pos` starts, skipping text that does not start
/// one (`(` then `;`).
pub(crate) fn next_tree_start(text: &str, pos: usize) -> Option<usize> {
    (pos..text.len()).find(|&i| tree_starts_at(text, i))
}

/// Splits `text[start..]` into top-level game trees. Text before, between and after trees that
/// does not start a tree (`(` then `;`) is skipped.
pub(crate) fn split_trees(text: &str, start: usize) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut pos = start;
    loop {
        let Some(tree_start) = next_tree_start(text, pos) else {
            return spans;
        };
        let mut depth = 0usize;
        let mut node_depth = 0usize;
        let mut saved = Vec::new();
        let mut max_depth = 0usize;
        let mut end = None;
        let mut lexer = Lexer::new(text, tree_start);
        while let Some(Ok((shape, start))) = lexer.step(None) {
            match shape {
                Shape::Open => {
                    depth += 1;
                    saved.push(node_depth);
                }
                Shape::Close => {
                    depth = depth.saturating_sub(1);
                    node_depth = saved.pop().unwrap_or(0);
                    if depth == 0 {
                        end = Some(start + 1);
                        break;
                    }
                }
                Shape::Node => {
                    node_depth += 1;
                    max_depth = max_depth.max(node_depth);
                }
                Shape::Prop => {}
            }
        }
        match end {
            Some(end) => {
                spans.push(Span {
                    range: tree_start..end,
                    depth: max_depth,
                });
                pos = end;
            }
            None => {
                // Unclosed tree or lexical error: the rest is one span, whose parse reports it.
                spans.push(Span {
                    range: tree_start..text.len(),
                    depth: max_depth,
                });
                return spans;
            }
        }
    }
}

/// A property as scanned: its normalised identifier and where it starts.
#[derive(Clone, Debug)]
pub(crate) struct ScanProp {
    /// The identifier, normalised (FF\[3\] `CoPyright` becomes `CP`).
    pub ident: String,
    pub start: usize,
    pub values: Vec<Range<usize>>,
}

/// A node as scanned.
#[derive(Clone, Debug)]
pub(crate) struct ScanNode {
    pub start: usize,
    pub parent: Option<usize>,
    pub props: Vec<ScanProp>,
}

/// The nodes of the tree in `text[range]`, in the order they are written, with their parents
/// as the parse links them. Stops at the first lexical error.
pub(crate) fn scan_nodes(text: &str, range: Range<usize>) -> Vec<ScanNode> {
    let mut nodes: Vec<ScanNode> = Vec::new();
    let mut current: Option<usize> = None;
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut in_node = false;
    for tok in Lexer::new(text, range.start) {
        let Ok(tok) = tok else { break };
        if tok.start >= range.end {
            break;
        }
        match tok.kind {
            TokKind::Open => {
                stack.push(current);
                in_node = false;
            }
            TokKind::Close => {
                current = stack.pop().flatten();
                in_node = false;
            }
            TokKind::Node => {
                nodes.push(ScanNode {
                    start: tok.start,
                    parent: current,
                    props: Vec::new(),
                });
                current = Some(nodes.len() - 1);
                in_node = true;
            }
            TokKind::Prop { ident, values } => {
                if let (true, Some(node)) = (in_node, nodes.last_mut()) {
                    node.props.push(ScanProp {
                        ident: normalise_ident(&text[ident]).into_owned(),
                        start: tok.start,
                        values,
                    });
                }
            }
        }
    }
    nodes
}

/// The indices (into `nodes`) of the main line: the root, then the first child each time.
pub(crate) fn main_line(nodes: &[ScanNode]) -> Vec<usize> {
    let mut first_child = vec![None; nodes.len()];
    let mut root = None;
    for (i, n) in nodes.iter().enumerate() {
        match n.parent {
            None => {
                root.get_or_insert(i);
            }
            Some(p) => {
                if first_child[p].is_none() {
                    first_child[p] = Some(i);
                }
            }
        }
    }
    let mut line = Vec::new();
    let mut cur = root;
    while let Some(i) = cur {
        line.push(i);
        cur = first_child[i];
    }
    line
}

/// Where the `occurrence`-th (0-based) property named `ident` of main-line node `node` starts.
pub(crate) fn locate_property(
    text: &str,
    range: Range<usize>,
    node: usize,
    ident: &str,
    occurrence: usize,
) -> Option<usize> {
    let nodes = scan_nodes(text, range);
    let line = main_line(&nodes);
    let n = &nodes[*line.get(node)?];
    n.props
        .iter()
        .filter(|p| p.ident == ident)
        .nth(occurrence)
        .map(|p| p.start)
        .or(Some(n.start))
}

/// The first lexical fault in `text[range]`, if any.
pub(crate) fn first_lex_fault(text: &str, range: Range<usize>) -> Option<LexFault> {
    Lexer::new(text, range.start)
        .take_while(|t| t.as_ref().map_or(true, |t| t.start < range.end))
        .find_map(Result::err)
}

/// Tokens of `text[range]` up to the first lexical fault.
pub(crate) fn tokens(text: &str, range: Range<usize>) -> Vec<Tok> {
    Lexer::new(text, range.start)
        .map_while(Result::ok)
        .take_while(|t| t.start < range.end)
        .collect()
}

/// Line (1-based) and column (1-based, in characters) of byte `offset` of `text`.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// An identifier as the reader names it: as written when it is all upper-case ASCII letters
/// (or empty), else its upper-case letters alone.
pub(crate) fn normalise_ident(raw: &str) -> Cow<'_, str> {
    if raw.bytes().all(|b| b.is_ascii_uppercase()) {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(raw.chars().filter(|c| c.is_ascii_uppercase()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_trees_and_skips_junk() {
        let text = "prose (with parens)\n(;GM[1];B[aa])\n--\n( ;SZ[9]C[a)b])trailer";
        let spans = split_trees(text, 0);
        assert_eq!(spans.len(), 2);
        assert_eq!(&text[spans[0].range.clone()], "(;GM[1];B[aa])");
        assert_eq!(&text[spans[1].range.clone()], "( ;SZ[9]C[a)b])");
        assert_eq!(spans[0].depth, 2);
    }

    #[test]
    fn values_end_at_the_first_unescaped_bracket() {
        let text = "(;C[a\\]b\\\\]GN[\\é]PB[ü]W[)";
        let props: Vec<Vec<&str>> = tokens(text, 0..text.len())
            .into_iter()
            .filter_map(|t| match t.kind {
                TokKind::Prop { values, .. } => {
                    Some(values.into_iter().map(|v| &text[v]).collect())
                }
                _ => None,
            })
            .collect();
        assert_eq!(props, [vec!["a\\]b\\\\"], vec!["\\é"], vec!["ü"]]);
        // `W[)` is never closed; neither is a value ending in a lone backslash.
        assert!(matches!(
            first_lex_fault(text, 0..text.len()),
            Some(LexFault::UnclosedValue { .. })
        ));
        let text = "(;C[ab\\";
        assert_eq!(
            first_lex_fault(text, 0..text.len()),
            Some(LexFault::UnclosedValue {
                bracket: 3,
                ident_start: 2
            })
        );
        assert_eq!(
            first_lex_fault("(;Cé[a])", 0..9),
            Some(LexFault::BadIdentChar { at: 3 })
        );
    }

    #[test]
    fn unclosed_tree_runs_to_the_end() {
        let text = "(;GM[1];B[aa";
        let spans = split_trees(text, 0);
        assert_eq!(spans[0].range, 0..text.len());
        assert_eq!(
            first_lex_fault(text, spans[0].range.clone()),
            Some(LexFault::UnclosedValue {
                bracket: 9,
                ident_start: 8
            })
        );
    }

    #[test]
    fn depth_follows_variations() {
        let text = "(;A[];B[](;C[];D[];E[])(;F[]))";
        let spans = split_trees(text, 0);
        assert_eq!(spans[0].depth, 5);
        let nodes = scan_nodes(text, spans[0].range.clone());
        let line: Vec<_> = main_line(&nodes)
            .into_iter()
            .map(|i| nodes[i].props[0].ident.clone())
            .collect();
        assert_eq!(line, ["A", "B", "C", "D", "E"]);
    }

    #[test]
    fn locates_properties_and_lines() {
        let text = "(;GM[1]\nSZ[9]\n;B[aa]\n;W[zz])";
        let at = locate_property(text, 0..text.len(), 2, "W", 0).unwrap();
        assert_eq!(line_col(text, at), (4, 2));
        let at = locate_property(text, 0..text.len(), 0, "SZ", 0).unwrap();
        assert_eq!(line_col(text, at), (2, 1));
        assert_eq!(normalise_ident("CoPyright"), "CP");
    }
}
