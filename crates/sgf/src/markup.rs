//! Writing territory markup and a result into SGF text, leaving everything else as written.

use gorules_board::Point;

use super::scan;
use super::write::{escape, mark_lists, territory_lists};

/// What to write into one game of a collection: the territory markup of its final node and,
/// where the record gives none, its result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameMarkup {
    /// Points for `TB`: Black's territory and the white stones dead on it.
    pub black: Vec<Point>,
    /// Points for `TW`: White's territory and the black stones dead on it.
    pub white: Vec<Point>,
    /// Points for `MA` (a cross, as SGF editors draw it): points the count leaves out because
    /// their owner must still fill them (false eyes).
    pub crosses: Vec<Point>,
    /// Points for `SQ` (a square): stones of groups in seki and the seki eyes the count leaves
    /// out.
    pub squares: Vec<Point>,
    /// Points for `TR` (a triangle): points whose count is not sure (it rests on a choice the
    /// rules leave open, or on a part of the board the settlement could not read).
    pub triangles: Vec<Point>,
    /// The result for the root's `RE`, written only where the root has no `RE` or an empty
    /// one.
    pub result: Option<String>,
}

/// `text` with, for each game tree `g` (in file order) for which `games[g]` is `Some`, the
/// final node of its main line given `TB`/`TW` (any it had are replaced; `TB[]` when both
/// lists are empty, so that the markup still says "no dead stones"), and `MA`/`SQ`/`TR` when
/// the markup has crosses, squares or triangles (then replacing any the node had), and its root given `RE`
/// where no node of its main line has one (an empty `RE[]` is filled in). A final node that is
/// empty (a pass, where a record writes passes as empty nodes) is kept empty: the markup goes
/// into a new node after it, which is then the final node. Every other byte is kept:
/// variations, comments, unknown properties, text outside the trees. Games beyond `games` are
/// left alone.
///
/// ```
/// use gorules_board::Point;
/// use gorules_sgf::{parse_sgf, with_markup, GameMarkup};
///
/// let text = "(;GM[1]SZ[3]C[kept];B[bb];W[];B[])";
/// let mark = GameMarkup { black: vec![Point::new(0, 0)], result: Some("B+9".into()), ..Default::default() };
/// let out = with_markup(text, &[Some(mark)]);
/// assert_eq!(out, "(;GM[1]SZ[3]C[kept]RE[B+9];B[bb];W[];B[]TB[aa])");
/// assert!(parse_sgf(&out, None)?[0].territory_markup.is_some());
/// # Ok::<(), gorules_sgf::RecordError>(())
/// ```
pub fn with_markup(text: &str, games: &[Option<GameMarkup>]) -> String {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    // (start, end, replacement), applied front to back; insertions at one offset keep their
    // order.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for (span, markup) in scan::split_trees(text, start).iter().zip(games) {
        let Some(markup) = markup else { continue };
        let nodes = scan::scan_nodes(text, span.range.clone());
        let line = scan::main_line(&nodes);
        let (Some(&root), Some(&last)) = (line.first(), line.last()) else {
            // A tree without a node, `()`, reads as an empty game: give it one node.
            let mut node = String::from(";");
            if let Some(result) = &markup.result {
                node.push_str(&format!("RE[{}]", escape(result)));
            }
            node.push_str(&point_lists(markup));
            let at = span.range.start + 1;
            edits.push((at, at, node));
            continue;
        };
        let prop_end = |p: &scan::ScanProp| p.values.last().map_or(p.start, |v| v.end + 1);
        let node_end = |n: &scan::ScanNode| n.props.last().map_or(n.start + 1, prop_end);
        if let Some(result) = &markup.result {
            // The reader takes the result from the first `RE` of the main line whose (first)
            // value is not blank: write only where there is none, into the first `RE` if any.
            let value = escape(result);
            let mut res = line
                .iter()
                .flat_map(|&n| nodes[n].props.iter())
                .filter(|p| p.ident == "RE");
            let blank = |p: &&scan::ScanProp| {
                p.values
                    .first()
                    .is_none_or(|v| text[v.clone()].trim().is_empty())
            };
            if res.clone().all(|p| blank(&p)) {
                match res.next() {
                    Some(re) => {
                        let v = re.values.first().cloned().unwrap_or(re.start..re.start);
                        edits.push((v.start, v.end, value));
                    }
                    None => {
                        let at = node_end(&nodes[root]);
                        edits.push((at, at, format!("RE[{value}]")));
                    }
                }
            }
        }
        let marks = !markup.crosses.is_empty()
            || !markup.squares.is_empty()
            || !markup.triangles.is_empty();
        for p in nodes[last].props.iter().filter(|p| {
            p.ident == "TB"
                || p.ident == "TW"
                || (marks && (p.ident == "MA" || p.ident == "SQ" || p.ident == "TR"))
        }) {
            edits.push((p.start, prop_end(p), String::new()));
        }
        let mut lists = point_lists(markup);
        if nodes[last].props.is_empty() && last != root {
            // An empty node may be a pass (GNU Go writes passes so, and the reader takes
            // them as passes): markup in it would make it a node that is no move, and the
            // game would no longer end in passes. The markup gets a node of its own after it.
            lists.insert(0, ';');
        }
        let at = node_end(&nodes[last]);
        edits.push((at, at, lists));
    }
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(text.len() + 64 * edits.len());
    let mut pos = 0;
    for (from, to, replacement) in edits {
        if from >= pos {
            out.push_str(&text[pos..from]);
            pos = from;
        }
        out.push_str(&replacement);
        pos = pos.max(to);
    }
    out.push_str(&text[pos..]);
    out
}

/// `TB[..]TW[..]` for the markup's points (see [`territory_lists`]), then `MA[..]`, `SQ[..]`
/// and `TR[..]` where it has any.
fn point_lists(markup: &GameMarkup) -> String {
    let mut lists = String::new();
    territory_lists(&mut lists, &markup.black, &markup.white);
    mark_lists(
        &mut lists,
        &markup.crosses,
        &markup.squares,
        &markup.triangles,
    );
    lists
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_sgf;

    /// A record that writes passes as empty nodes (as GNU Go does) and ends in two of them:
    /// the markup must not turn the final pass into a node that is no move.
    #[test]
    fn a_final_empty_node_stays_a_pass() {
        // B c3, (W pass), B d3: Black moving twice shows that empty nodes are passes, so the
        // last two nodes are White's and Black's passes after W b2.
        let text = "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];;B[dc];W[bb];;)";
        let before = &parse_sgf(text, None).unwrap()[0];
        assert!(before.ended_by_two_passes());
        let markup = GameMarkup {
            black: vec![Point::new(0, 0)],
            white: vec![],
            result: Some("B+23.5".into()),
            ..GameMarkup::default()
        };
        let out = with_markup(text, &[Some(markup)]);
        assert_eq!(
            out,
            "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+23.5];B[cc];;B[dc];W[bb];;;TB[aa])"
        );
        let after = &parse_sgf(&out, None).unwrap()[0];
        assert_eq!(after.moves, before.moves);
        assert!(after.ended_by_two_passes());
        assert!(after.territory_markup.is_some());
        // Annotated again, the markup node is replaced, not followed by another.
        let again = GameMarkup {
            black: vec![],
            white: vec![Point::new(1, 1)],
            result: None,
            ..GameMarkup::default()
        };
        assert_eq!(
            with_markup(&out, &[Some(again)]),
            "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+23.5];B[cc];;B[dc];W[bb];;;TW[bb])"
        );
    }
}
