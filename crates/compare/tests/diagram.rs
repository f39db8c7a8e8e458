//! Board diagrams of a record under one ruleset, through the public API: the stones after a
//! move, dead stones, territory and seki eyes as counted, the last move, text and SVG.

use gorules_board::coords::parse_gtp_point;
use gorules_board::diagram::from_diagram;
use gorules_board::ColoredMove;

use gorules_board::{Color, Move, Point, Size};
use gorules_compare::dead::DeadStones;
use gorules_compare::diagram::*;
use gorules_compare::replay::{DeadSource, Options};
use gorules_rules::Ruleset;
use gorules_sgf::parse_sgf;
use gorules_sgf::GameRecord;

fn rules(id: &str) -> Ruleset {
    gorules_rules::builtin(id).unwrap()
}

fn dame_parity() -> GameRecord {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/dame-parity.sgf"),
    )
    .unwrap();
    parse_sgf(&text, Some("dame-parity.sgf")).unwrap().remove(0)
}

fn points(v: &DiagramView, names: &str) -> Vec<Point> {
    let mut ps: Vec<Point> = names
        .split_whitespace()
        .map(|n| parse_gtp_point(n, v.size()).unwrap())
        .collect();
    ps.sort_by_key(|p| (p.y, p.x));
    ps
}

fn listed(set: &gorules_board::PointSet) -> Vec<Point> {
    set.iter().collect()
}

#[test]
fn dame_parity_before_the_last_dame() {
    // After W c4 (move 14), c5 is open: it touches b5 (Black) and d5 (White), so it is
    // neutral; column a is Black's, column e White's.
    let record = dame_parity();
    let v = view(&record, &rules("concord"), &Options::default(), Some(14)).unwrap();
    assert!(!v.is_final);
    assert_eq!(
        listed(&v.territory.counted[0]),
        points(&v, "A1 A2 A3 A4 A5")
    );
    assert_eq!(
        listed(&v.territory.counted[1]),
        points(&v, "E1 E2 E3 E4 E5")
    );
    assert_eq!(listed(&v.territory.neutral), points(&v, "C5"));
    assert!(v.scores.is_empty() && v.dead.is_empty() && v.dead_source.is_none());
    let last = v.last_move.unwrap();
    assert_eq!((last.number, last.color), (14, Color::White));
    let text = to_text(&v);
    let expected = "\
Dame parity: move 14 of 17 (W C4), rules concord
   A B C D E
 5 x X . O o
 4 x X(O)O o
 3 x X X O o
 2 x X O O o
 1 x X X O o
";
    assert!(text.starts_with(expected), "{text}");
    assert!(text.contains("territory B 5, W 5; neutral 1\n"), "{text}");
}

#[test]
fn dame_parity_at_the_end() {
    // Black filled c5; W pass, B pass. Chinese: 13 - 12.
    let record = dame_parity();
    // The record marks no dead stones: every stone alive.
    let agreed = Options {
        dead: DeadStones::Markup,
        ..Options::default()
    };
    let v = view(&record, &rules("chinese"), &agreed, None).unwrap();
    assert!(v.is_final);
    assert!(v.territory.neutral.is_empty());
    assert_eq!(v.territory.counted[0].len(), 5);
    assert_eq!(v.dead_source, Some(DeadSource::None));
    assert_eq!(v.scores.len(), 1);
    assert_eq!(v.scores[0].result, "B+1");
    let text = to_text(&v);
    assert!(text.contains(" 5 x X X O o\n"), "{text}");
    assert!(text.contains("(B pass)"), "{text}");
    assert!(text.contains("area B+1 (B 13, W 12)"), "{text}");
}

use gorules_rules::seki::CLASSIC_SEKI as SEKI;

fn seki_record() -> GameRecord {
    let board = from_diagram(SEKI).unwrap();
    let mut r = GameRecord::new(board.size());
    r.komi = Some(gorules_rules::Komi::ZERO);
    for c in Color::ALL {
        r.setup.extend(board.stones(c).iter().map(|p| (c, p)));
    }
    r.moves = vec![
        ColoredMove::pass(Color::Black),
        ColoredMove::pass(Color::White),
    ];
    r.move_nodes = vec![1, 2];
    r
}

#[test]
fn seki_eyes_are_marked_only_where_counted() {
    let record = seki_record();
    let japanese = view(&record, &rules("japanese"), &Options::default(), None).unwrap();
    let (c1, g1, e1) = (Point::new(2, 8), Point::new(6, 8), Point::new(4, 8));
    for c in Color::ALL {
        let counted = &japanese.territory.counted[c.index()];
        assert!(!counted.contains(c1) && !counted.contains(g1));
    }
    assert_eq!(listed(&japanese.territory.not_counted[0]), [c1]);
    assert_eq!(listed(&japanese.territory.not_counted[1]), [g1]);
    assert_eq!(japanese.territory.counted[0].len(), 18);
    assert_eq!(japanese.territory.counted[1].len(), 24);
    assert_eq!(listed(&japanese.territory.neutral), [e1]);
    // The stones of the two inner groups are in seki (Japanese Rules of Go, 1989, Article 8).
    assert_eq!(japanese.territory.seki_stones[0].len(), 6);
    assert_eq!(japanese.territory.seki_stones[1].len(), 5);
    // SVG: a square per counted point, two (outline over outline) per seki eye, a hollow one
    // on each stone in seki.
    let svg = to_svg(&japanese);
    let elements = parse_xml(&svg).unwrap();
    assert_eq!(
        elements_in(&elements, "territory", "rect"),
        18 + 24 + 2 * 2 + 6 + 5
    );
    // The legend says what the hollow squares are (its lines wrapped to the board's width).
    let legend: String = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>')?.1.split_once("</text>").map(|(s, _)| s))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        legend.contains("Hollow squares: seki eyes, not counted."),
        "{legend}"
    );
    assert!(
        legend.contains("Squares on stones: stones in seki."),
        "{legend}"
    );
    let text = to_text(&japanese);
    assert!(text.contains(" 1 O S - S . s - s X\n"), "{text}");
    assert!(text.contains("S s black/white stones in seki"), "{text}");
    assert!(text.contains("seki eyes not counted: B 1, W 1"), "{text}");
    assert_eq!(japanese.scores[0].result, "W+6");

    let concord = view(&record, &rules("concord"), &Options::default(), None).unwrap();
    assert!(concord.territory.counted[0].contains(c1));
    assert!(concord.territory.counted[1].contains(g1));
    assert_eq!(concord.territory.counted[0].len(), 19);
    let text = to_text(&concord);
    assert!(text.contains(" 1 O X x X . O o O X\n"), "{text}");
    assert!(text.contains(" 9 o o o o O X x x x\n"), "{text}");
}

/// The edge false eye of the referee's fixtures: White's E2 cuts E1 off, whose only liberty is
/// D1 (9x5, the game ends in two passes).
fn false_eye_record() -> GameRecord {
    let board = from_diagram(
        ". . . X O . . . .
         . . . X O . . . .
         . . . X O . . . .
         . . . X O . . . .
         . . X . X O . . .",
    )
    .unwrap();
    let mut r = GameRecord::new(board.size());
    r.komi = Some(gorules_rules::Komi::ZERO);
    for c in Color::ALL {
        r.setup.extend(board.stones(c).iter().map(|p| (c, p)));
    }
    r.moves = vec![
        ColoredMove::pass(Color::Black),
        ColoredMove::pass(Color::White),
    ];
    r.move_nodes = vec![1, 2];
    r
}

#[test]
fn false_eyes_are_marked_where_not_counted() {
    // Japanese Rules of Go (1989), Article 8 commentary: D1 must be filled, not territory;
    // Concord counts it ("Territory intersection").
    let record = false_eye_record();
    let d1 = Point::new(3, 4);
    let japanese = view(&record, &rules("japanese"), &Options::default(), None).unwrap();
    assert_eq!(listed(&japanese.territory.false_eyes[0]), [d1]);
    assert_eq!(japanese.territory.counted[0].len(), 14);
    let text = to_text(&japanese);
    assert!(text.contains(" 1 x x X F X O o o o\n"), "{text}");
    assert!(
        text.contains("F f black/white false eyes not counted"),
        "{text}"
    );
    assert!(text.contains("false eyes not counted: B 1, W 0"), "{text}");
    // SVG: a cross (two paths: outline and stroke) on the false eye, and its legend.
    let svg = to_svg(&japanese);
    let elements = parse_xml(&svg).unwrap();
    assert_eq!(elements_in(&elements, "territory", "path"), 2);
    let legend: String = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>')?.1.split_once("</text>").map(|(s, _)| s))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        legend.contains("Crosses: false eyes, not counted (the owner must fill them)."),
        "{legend}"
    );
    let concord = view(&record, &rules("concord"), &Options::default(), None).unwrap();
    assert!(concord.territory.counted[0].contains(d1));
    let text = to_text(&concord);
    assert!(text.contains(" 1 x x X x X O o o o\n"), "{text}");
    assert!(!text.contains("false eyes"), "{text}");
}

#[test]
fn dead_stones_are_drawn_where_they_stood() {
    // The fixture's white stone at a4 (SGF ab) is dead in Black's area (TB markup).
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/sgf/markup_dead_stone.sgf"),
    )
    .unwrap();
    let record = parse_sgf(&text, Some("markup_dead_stone.sgf"))
        .unwrap()
        .remove(0);
    let a4 = Point::new(0, 1);
    let v = view(&record, &rules("japanese"), &Options::default(), None).unwrap();
    assert_eq!(v.dead, vec![(Color::White, a4)]);
    assert_eq!(v.dead_source, Some(DeadSource::TerritoryMarkup));
    assert_eq!(v.board.get(a4), None, "removed from the counted position");
    assert!(v.territory.counted[0].contains(a4));
    assert_eq!(listed(&v.territory.counted[0]).len(), 10);
    let t = to_text(&v);
    assert!(t.contains(" 4 @ x X O o\n"), "{t}");
    assert!(t.contains("dead B 0, W 1 (TB/TW markup)"), "{t}");
    // Tromp-Taylor keeps every stone: the white stone is alive, a note says why.
    let tt = view(&record, &rules("tromp-taylor"), &Options::default(), None).unwrap();
    assert!(tt.dead.is_empty());
    assert_eq!(tt.board.get(a4), Some(Color::White));
    assert!(tt
        .notes
        .iter()
        .any(|n| n.contains("alive under tromp-taylor")));
    // --dead wins over the markup.
    let options = Options {
        dead: gorules_compare::dead::DeadStones::Stones(vec![]),
        ..Options::default()
    };
    let v = view(&record, &rules("japanese"), &options, None).unwrap();
    assert!(v.dead.is_empty());
    assert_eq!(v.dead_source, Some(DeadSource::CommandLine));
}

#[test]
fn move_numbers_and_the_last_move_mark() {
    let record = dame_parity();
    let e = view(&record, &rules("concord"), &Options::default(), Some(18)).unwrap_err();
    assert_eq!(
        e,
        ViewError::MoveOutOfRange {
            asked: 18,
            moves: 17
        }
    );
    assert!(e.to_string().contains("0 (the setup) to 17"));
    let v = view(&record, &rules("concord"), &Options::default(), Some(0)).unwrap();
    assert!(v.last_move.is_none());
    assert!(to_text(&v).starts_with("Dame parity: the setup, rules concord\n"));
    let v = view(&record, &rules("concord"), &Options::default(), Some(2)).unwrap();
    assert!(to_text(&v).contains(" 3 . X .(O).\n"));
    // A last move on the right edge closes its parenthesis after the row.
    let r = &parse_sgf("(;SZ[3];B[cb])", None).unwrap()[0];
    let v = view(r, &rules("concord"), &Options::default(), None).unwrap();
    assert!(to_text(&v).contains(" 2 x x(X)\n"), "{}", to_text(&v));
    assert!(v.notes.iter().any(|n| n.contains("does not end in passes")));
}

/// An element: its name, its attributes, and its depth in the tree.
type Element = (String, Vec<(String, String)>, usize);

/// A minimal XML well-formedness check: balanced tags, quoted attributes, known entities.
/// Returns the elements as (name, attributes, depth) in document order.
fn parse_xml(text: &str) -> Result<Vec<Element>, String> {
    let mut out = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut rest = text.trim_start();
    if let Some(r) = rest.strip_prefix("<?xml") {
        rest = &r[r.find("?>").ok_or("unterminated declaration")? + 2..];
    }
    let check_text = |t: &str| -> Result<(), String> {
        let mut t = t;
        while let Some(i) = t.find('&') {
            let end = t[i..].find(';').ok_or("unterminated entity")?;
            let ent = &t[i + 1..i + end];
            let ok = ["amp", "lt", "gt", "quot", "apos"].contains(&ent)
                || (ent.starts_with('#') && ent.len() > 1);
            if !ok {
                return Err(format!("unknown entity &{ent};"));
            }
            t = &t[i + end + 1..];
        }
        if t.contains('<') || t.contains('>') {
            return Err("stray < or >".into());
        }
        Ok(())
    };
    let mut seen_root = false;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            if !rest.trim().is_empty() {
                return Err("text after the root".into());
            }
            break;
        };
        let text_part = &rest[..lt];
        if stack.is_empty() && !text_part.trim().is_empty() {
            return Err("text outside the root".into());
        }
        check_text(text_part)?;
        rest = &rest[lt..];
        let gt = rest.find('>').ok_or("unterminated tag")?;
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = &tag[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("bad element name {name:?}"));
        }
        if stack.is_empty() && seen_root {
            return Err("two roots".into());
        }
        seen_root = true;
        let mut attrs = Vec::new();
        let mut a = tag[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or(format!("attribute without value in <{name}>"))?;
            let key = a[..eq].trim().to_string();
            let after = &a[eq + 1..];
            if !after.starts_with('"') {
                return Err(format!("unquoted attribute {key}"));
            }
            let close = after[1..].find('"').ok_or("unterminated attribute")?;
            let value = &after[1..1 + close];
            check_text(value)?;
            if attrs.iter().any(|(k, _)| *k == key) {
                return Err(format!("duplicate attribute {key}"));
            }
            attrs.push((key, value.to_string()));
            a = after[close + 2..].trim_start();
        }
        out.push((name.to_string(), attrs, stack.len()));
        if !self_closing {
            stack.push(name.to_string());
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed {stack:?}"));
    }
    Ok(out)
}

/// The circles inside the `<g class="...">` group of the given class.
fn circles_in(elements: &[Element], class: &str) -> usize {
    elements_in(elements, class, "circle")
}

/// The elements called `element` inside the `<g class="...">` group of the given class.
fn elements_in(elements: &[Element], class: &str, element: &str) -> usize {
    let mut count = 0;
    let mut inside: Option<usize> = None;
    for (name, attrs, depth) in elements {
        if let Some(d) = inside {
            if *depth <= d {
                inside = None;
            } else if name == element {
                count += 1;
            }
        }
        if name == "g" && attrs.iter().any(|(k, v)| k == "class" && v == class) {
            inside = Some(*depth);
        }
    }
    count
}

#[test]
fn the_xml_checker_catches_mistakes() {
    assert!(parse_xml("<a><b/></a>").is_ok());
    assert!(parse_xml("<a><b></a>").is_err());
    assert!(parse_xml("<a x=1/>").is_err());
    assert!(parse_xml("<a>&nbsp;</a>").is_err());
    assert!(parse_xml("<a>1 < 2</a>").is_err());
    assert!(parse_xml("<a/><b/>").is_err());
}

#[test]
fn svg_is_well_formed_with_one_circle_per_stone() {
    let record = dame_parity();
    let v = view(&record, &rules("concord"), &Options::default(), None).unwrap();
    let svg = to_svg(&v);
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(elements[0].0, "svg");
    assert!(elements[0].1.iter().any(|(k, _)| k == "viewBox"));
    assert_eq!(elements[1].0, "title");
    assert_eq!(circles_in(&elements, "stones"), 15, "8 black + 7 white");
    assert_eq!(circles_in(&elements, "dead"), 0);
    // 10 territory squares; no stars on 5x5; last move a pass: no ring.
    assert_eq!(elements_in(&elements, "territory", "rect"), 10);
    assert_eq!(circles_in(&elements, "stars"), 0);
    assert!(!svg.contains("last-move"));
    for forbidden in [
        "<script",
        "<style",
        "<image",
        "href",
        "@import",
        "<foreignObject",
    ] {
        assert!(!svg.contains(forbidden), "{forbidden}");
    }
    // 5 letters twice (no I needed), 5 numbers twice.
    assert_eq!(elements_in(&elements, "coordinates", "text"), 20);
    assert!(svg.contains(">Dame parity: move 17 of 17 (B pass), rules concord</title>"));
}

#[test]
fn svg_of_dead_stones_and_the_last_move() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/sgf/markup_dead_stone.sgf"),
    )
    .unwrap();
    let mut record = parse_sgf(&text, None).unwrap().remove(0);
    record.game_name = Some("<dead> & \"alive\"".into());
    let v = view(&record, &rules("japanese"), &Options::default(), None).unwrap();
    let svg = to_svg(&v);
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(circles_in(&elements, "dead"), 1);
    assert_eq!(
        circles_in(&elements, "stones"),
        v.board.stones_on_board(Color::Black) as usize
            + v.board.stones_on_board(Color::White) as usize
    );
    assert!(svg.contains("&lt;dead&gt; &amp; &quot;alive&quot;"));
    // Move 12 (W a4): the ring on the last move.
    let v = view(&record, &rules("japanese"), &Options::default(), Some(12)).unwrap();
    let Some(LastMove {
        mv: Move::Play(last),
        ..
    }) = v.last_move
    else {
        panic!("move 12 is a board play")
    };
    assert_eq!(point_name(&v, last), "A4");
    let svg = to_svg(&v);
    parse_xml(&svg).unwrap();
    assert_eq!(svg.matches("class=\"last-move\"").count(), 1);
}

#[test]
fn svg_for_every_size_and_rectangles() {
    for (w, h) in [
        (2, 2),
        (9, 9),
        (13, 13),
        (19, 19),
        (25, 25),
        (9, 7),
        (3, 25),
    ] {
        let size = Size::new(w, h).unwrap();
        let mut r = GameRecord::new(size);
        r.moves = vec![ColoredMove::play(Color::Black, Point::new(0, 0))];
        r.move_nodes = vec![1];
        let v = view(&r, &rules("concord"), &Options::default(), None).unwrap();
        let svg = to_svg(&v);
        let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
        assert_eq!(circles_in(&elements, "stones"), 1);
        let stars = match (w, h) {
            (9, 9) | (13, 13) => 5,
            (19, 19) => 9,
            _ => 0,
        };
        assert_eq!(circles_in(&elements, "stars"), stars, "{w}x{h}");
        assert_eq!(
            elements_in(&elements, "coordinates", "text"),
            2 * (w + h) as usize,
            "{w}x{h}"
        );
        assert!(!svg.contains(">I<"), "GTP coordinates skip I");
        if w == 25 {
            assert!(svg.contains(">Z<") && svg.contains(">25<"));
        }
    }
}

#[test]
fn stones_the_estimate_is_not_sure_of() {
    // A GNU Go self-play game that ended in two passes with two white stones alone in Black's
    // open upper right: whoever plays there first decides whether they live, so the
    // play-outs do not agree on them. The diagram names them and rings them in the SVG.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/sgf/unsettled_corner.sgf"),
    )
    .unwrap();
    let record = parse_sgf(&text, None).unwrap().remove(0);
    let options = Options {
        dead: gorules_compare::dead::DeadStones::Estimate,
        ..Options::default()
    };
    let v = view(&record, &rules("japanese"), &options, None).unwrap();
    assert_eq!(v.dead_source, Some(DeadSource::Estimate));
    let g7_g6 = points(&v, "G7 G6");
    assert!(
        g7_g6.iter().all(|p| v.uncertain.contains(p)),
        "{:?}",
        v.uncertain
    );
    assert!(v.summary().contains("not sure of"), "{}", v.summary());
    let svg = to_svg(&v);
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(circles_in(&elements, "uncertain"), v.uncertain.len());
    assert!(svg.contains("Dashed rings: the estimate is not sure of these stones."));
    // Markup or a list of points: nothing is uncertain.
    let options = Options {
        dead: gorules_compare::dead::DeadStones::Points("G7,G6".into()),
        ..Options::default()
    };
    let v = view(&record, &rules("japanese"), &options, None).unwrap();
    assert!(v.uncertain.is_empty());
    assert!(!to_svg(&v).contains("class=\"uncertain\""));
}
