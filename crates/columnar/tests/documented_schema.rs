//! The columns docs/json.md ("Parquet and Arrow") lists are the writer's, name by name and
//! type by type, so that the documentation and the files cannot drift apart.

use gorules_columnar::schema::SIDE_PARTS;
use gorules_columnar::{columns, schema};

/// The rows of the first Markdown table after `heading` whose header starts with `first`:
/// the cells of each row, without the backticks.
fn table(doc: &str, heading: &str, first: &str) -> Vec<Vec<String>> {
    let section = &doc[doc.find(heading).expect("the section")..];
    let start = section
        .find(&format!("| {first} |"))
        .expect("the table's header");
    section[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

#[test]
fn the_documented_columns_are_the_schemas() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/json.md"))
        .unwrap();
    let heading = "## Parquet and Arrow";
    let leading = table(&doc, heading, "column");
    let parts = table(&doc, heading, "part");
    let mut documented: Vec<(String, String)> = leading
        .iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    for side in ["black", "white"] {
        documented.extend(
            parts
                .iter()
                .map(|r| (format!("{side}_{}", r[0]), r[1].clone())),
        );
    }
    let written: Vec<(String, String)> = columns()
        .into_iter()
        .map(|c| (c.name, c.ty.name().to_string()))
        .collect();
    assert_eq!(documented, written);
    // The parts table is SIDE_PARTS, and the Arrow schema is the column list.
    assert_eq!(
        parts.iter().map(|r| r[0].as_str()).collect::<Vec<_>>(),
        SIDE_PARTS.map(|p| p.0).to_vec()
    );
    let schema = schema();
    assert_eq!(schema.fields().len(), written.len());
    for (field, c) in schema.fields().iter().zip(columns()) {
        assert_eq!(field.name(), &c.name);
        assert_eq!(field.data_type(), &c.ty.data_type());
        assert!(field.is_nullable());
    }
}
