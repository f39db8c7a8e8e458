//! `compare --format parquet` read back as a data tool reads it and checked value by value
//! against the JSON Lines of the same run; `summary` of its files against `compare`'s own
//! summary; what is refused, and how.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::Path;

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use serde_json::{json, Value};

use crate::common::*;

/// Every row of a Parquet file as a map from column name to value (null, a number, a bool,
/// a string or a list of strings), after checking that its columns are the writer's schema.
fn read_rows(path: &Path) -> Vec<BTreeMap<String, Value>> {
    let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap()).unwrap();
    let expected = gorules_columnar::schema();
    let found = builder.schema().clone();
    let names_found: Vec<_> = found
        .fields()
        .iter()
        .map(|f| (f.name().clone(), f.data_type().clone()))
        .collect();
    let names_expected: Vec<_> = expected
        .fields()
        .iter()
        .map(|f| (f.name().clone(), f.data_type().clone()))
        .collect();
    assert_eq!(names_found, names_expected);
    let mut rows = Vec::new();
    for batch in builder.build().unwrap() {
        let batch: RecordBatch = batch.unwrap();
        for row in 0..batch.num_rows() {
            let mut values = BTreeMap::new();
            for (field, column) in batch.schema().fields().iter().zip(batch.columns()) {
                values.insert(field.name().clone(), value(column.as_ref(), row));
            }
            rows.push(values);
        }
    }
    rows
}

/// One cell as a JSON value.
fn value(c: &dyn Array, row: usize) -> Value {
    if c.is_null(row) {
        return Value::Null;
    }
    if let Some(a) = c.as_primitive_opt::<UInt64Type>() {
        return json!(a.value(row));
    }
    if let Some(a) = c.as_primitive_opt::<UInt32Type>() {
        return json!(a.value(row));
    }
    if let Some(a) = c.as_primitive_opt::<Float64Type>() {
        return json!(a.value(row));
    }
    if let Some(a) = c.as_boolean_opt() {
        return json!(a.value(row));
    }
    if let Some(a) = c.as_string_opt::<i32>() {
        return json!(a.value(row));
    }
    if let Some(d) = c.as_dictionary_opt::<Int32Type>() {
        let key = d.keys().value(row) as usize;
        return json!(d.values().as_string::<i32>().value(key));
    }
    if let Some(l) = c.as_list_opt::<i32>() {
        let items = l.value(row);
        let s = items.as_string::<i32>();
        return Value::Array((0..s.len()).map(|i| json!(s.value(i))).collect());
    }
    panic!("a column of type {}", c.data_type())
}

/// The rows the Parquet file should have for one JSON Lines entry (`entry` its number).
fn expected_rows(entry: u64, e: &Value) -> Vec<BTreeMap<String, Value>> {
    let get = |v: &Value, k: &str| v.get(k).cloned().unwrap_or(Value::Null);
    let mut base = BTreeMap::new();
    for c in gorules_columnar::columns() {
        base.insert(c.name, Value::Null);
    }
    base.insert("entry".into(), json!(entry));
    if let Some(error) = e.get("error") {
        let mut row = base;
        row.insert("kind".into(), json!("error"));
        row.insert("source".into(), get(e, "source"));
        row.insert("game_index".into(), get(e, "game_index"));
        row.insert("error".into(), error.clone());
        return vec![row];
    }
    let g = &e["game"];
    let mut game = base;
    for k in [
        "source",
        "game_index",
        "size",
        "handicap",
        "rules",
        "rules_builtin",
        "rules_katago",
        "moves",
        "ended_by_passes",
        "dead_stones",
        "dead_source",
    ] {
        game.insert(k.into(), get(g, k));
    }
    game.insert("record_komi".into(), get(g, "komi"));
    game.insert("record_result".into(), get(g, "result"));
    game.insert(
        "implied_passes".into(),
        g.get("implied_passes").cloned().unwrap_or(json!(0)),
    );
    game.insert(
        "dead_estimate_uncertain".into(),
        g.get("dead_estimate")
            .map_or(Value::Null, |d| d["uncertain"].clone()),
    );
    let mut rows = Vec::new();
    for r in e["rulesets"].as_array().unwrap() {
        let mut ruleset = game.clone();
        for k in [
            "ruleset",
            "name",
            "record_fallback",
            "legal",
            "added_passes",
            "komi",
            "komi_source",
        ] {
            ruleset.insert(k.into(), get(r, k));
        }
        ruleset.insert(
            "from_record".into(),
            r.get("from_record").cloned().unwrap_or(json!(false)),
        );
        let illegal = &r["illegal_move"];
        for k in ["move_number", "color", "point", "reason", "handling"] {
            ruleset.insert(format!("illegal_move_{k}"), get(illegal, k));
        }
        for k in ["state", "moves_ignored", "resumptions", "settlement"] {
            ruleset.insert(format!("end_{k}"), get(&r["end"], k));
        }
        let scores = r["scores"].as_array().unwrap();
        if scores.is_empty() {
            let mut row = ruleset.clone();
            row.insert("kind".into(), json!("unscored"));
            rows.push(row);
        }
        for s in scores {
            let mut row = ruleset.clone();
            row.insert("kind".into(), json!("score"));
            for k in ["counting", "black", "white", "margin", "result"] {
                row.insert(k.into(), get(s, k));
            }
            let kinds = s
                .get("doubts")
                .and_then(Value::as_array)
                .map(|d| d.iter().map(|d| d["kind"].clone()).collect())
                .unwrap_or_default();
            row.insert("doubt_kinds".into(), Value::Array(kinds));
            let result = s["result"].as_str().unwrap();
            row.insert(
                "winner".into(),
                match result.as_bytes()[0] {
                    b'B' => json!("black"),
                    b'W' => json!("white"),
                    _ => Value::Null,
                },
            );
            for side in ["black", "white"] {
                let b = &s["breakdown"][side];
                for (part, _) in gorules_columnar::schema::SIDE_PARTS {
                    let v = b
                        .get(part)
                        .or_else(|| b["prisoners"].get(part))
                        .cloned()
                        // Left out of JSON when 0.
                        .unwrap_or(json!(0));
                    row.insert(format!("{side}_{part}"), v);
                }
            }
            rows.push(row);
        }
    }
    rows
}

/// Numbers compared as numbers (`6.5` and `6.5`, `3` and `3.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// Runs `compare` on `inputs` as JSON Lines and as Parquet and checks every cell of the
/// Parquet file against the JSON (the two `record_same_*` columns, CSV's, are checked
/// against CSV by csv_contract's tests of the same values: here only their nulls).
fn check_against_jsonl(inputs: &[&str], name: &str) {
    let dir = temp_dir(name);
    let file = dir.join("run.parquet");
    let file_arg = file.to_str().unwrap();
    let mut args = vec!["compare"];
    args.extend(inputs);
    args.extend(["--jobs", "2", "--dead", "markup"]);
    let jsonl = gorules(&[args.as_slice(), &["--format", "jsonl"]].concat());
    let parquet = gorules(&[args.as_slice(), &["--format", "parquet", "-o", file_arg]].concat());
    assert_eq!(
        jsonl.status.code(),
        parquet.status.code(),
        "{}",
        stderr(&parquet)
    );
    let lines: Vec<Value> = stdout(&jsonl)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, entries) = lines.split_last().unwrap();
    assert!(summary.get("summary").is_some());
    let expected: Vec<_> = entries
        .iter()
        .enumerate()
        .flat_map(|(i, e)| expected_rows(i as u64, e))
        .collect();
    let rows = read_rows(&file);
    assert_eq!(rows.len(), expected.len());
    let mut checked = 0;
    for (got, want) in rows.iter().zip(&expected) {
        for (column, w) in want {
            if column.starts_with("record_same_") {
                if got["kind"] != json!("score") {
                    assert_eq!(got[column], Value::Null, "{column}");
                }
                continue;
            }
            assert!(
                same(&got[column], w),
                "entry {}, column {column}: {} in Parquet, {w} in JSON",
                got["entry"],
                got[column]
            );
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked} cells checked");
    // The summary `compare` printed is the one of its JSON Lines.
    let printed = summary_of(&[file_arg], "jsonl", "0");
    let printed: Value = serde_json::from_str(&printed).unwrap();
    assert_eq!(&printed, summary);
}

#[test]
fn parquet_holds_the_values_of_the_json_lines_of_the_examples() {
    check_against_jsonl(&["examples"], "parquet-examples");
}

#[test]
fn parquet_holds_the_values_of_the_json_lines_of_the_shared_corpus() {
    let Some(corpus) = gorules_tests::environment::shared_corpus(&repo()) else {
        return;
    };
    check_against_jsonl(&[corpus.to_str().unwrap()], "parquet-shared");
}

/// `gorules summary FILES --format FORMAT --examples N`, checked to succeed.
fn summary_of(files: &[&str], format: &str, examples: &str) -> String {
    let mut args = vec!["summary", "--format", format, "--examples", examples];
    args.extend(files);
    let o = gorules(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

#[test]
fn the_summary_of_shards_is_the_summary_of_the_whole_run() {
    let dir = temp_dir("parquet-shards");
    let path = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let (whole, first, second) = (path("whole.parquet"), path("1.parquet"), path("2.parquet"));
    let common = ["--examples", "3", "--jobs", "2"];
    let run = |inputs: &[&str], extra: &[&str]| {
        let mut args = vec!["compare"];
        args.extend(inputs);
        args.extend(common);
        args.extend(extra);
        gorules(&args)
    };
    let both = ["examples/gnugo", "examples/katago"];
    let printed = run(&both, &["--format", "parquet", "-o", &whole]);
    assert!(printed.status.success(), "{}", stderr(&printed));
    for (inputs, out) in [(["examples/gnugo"], &first), (["examples/katago"], &second)] {
        let o = run(&inputs, &["--format", "parquet", "-o", out]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    for format in ["table", "markdown", "json", "jsonl"] {
        let of_whole = summary_of(&[&whole], format, "3");
        let of_shards = summary_of(&[&first, &second], format, "3");
        assert_eq!(of_shards, of_whole, "{format}");
        let compared = stdout(&run(&both, &["--format", format]));
        match format {
            "json" => {
                let a: Value = serde_json::from_str(&compared).unwrap();
                let b: Value = serde_json::from_str(&of_shards).unwrap();
                assert_eq!(a["summary"], b["summary"]);
            }
            _ => assert!(
                compared.ends_with(&of_shards),
                "{format}: compare's output does not end with the shards' summary:\n{of_shards}"
            ),
        }
    }
    // `compare --format parquet` printed the table's summary.
    assert_eq!(stdout(&printed), summary_of(&[&whole], "table", "3"));
}

#[test]
fn parquet_goes_to_a_file() {
    let o = gorules(&["compare", "examples/dame-parity.sgf", "--format", "parquet"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("-o FILE.parquet"), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let o = gorules(&["score", "examples/dame-parity.sgf", "--format", "parquet"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("gorules compare"), "{}", stderr(&o));
}

#[test]
fn summary_refuses_what_is_no_run_naming_the_file() {
    let dir = temp_dir("parquet-bad");
    // Not Parquet at all.
    let sgf = "examples/dame-parity.sgf";
    // Parquet, but another table.
    let other = dir.join("other.parquet");
    {
        let batch = RecordBatch::try_from_iter([(
            "entry",
            std::sync::Arc::new(arrow_array::StringArray::from(vec!["x"])) as _,
        )])
        .unwrap();
        let mut w = parquet::arrow::ArrowWriter::try_new(
            File::create(&other).unwrap(),
            batch.schema(),
            None,
        )
        .unwrap();
        w.write(&batch).unwrap();
        w.close().unwrap();
    }
    let missing = dir.join("missing.parquet");
    let other = other.to_str().unwrap();
    let missing = missing.to_str().unwrap();
    for (file, says) in [
        (sgf, "not a Parquet file"),
        (other, "column `entry` is Utf8, not uint64"),
        (missing, "No such file"),
    ] {
        let o = gorules(&["summary", file]);
        assert_eq!(o.status.code(), Some(2), "{file}");
        let err = stderr(&o);
        assert!(err.contains(file) && err.contains(says), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A truncated file.
    let dir2 = temp_dir("parquet-cut");
    let whole = dir2.join("run.parquet");
    let o = gorules(&[
        "compare",
        "examples/gnugo",
        "--format",
        "parquet",
        "-o",
        whole.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&whole).unwrap();
    let cut = dir2.join("cut.parquet");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let o = gorules(&["summary", cut.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cut.parquet"), "{}", stderr(&o));
    // A byte changed inside the first row group's pages: the footer's checksum notices it.
    let mut changed = bytes.clone();
    changed[100] ^= 0x10;
    let file = dir2.join("changed.parquet");
    std::fs::write(&file, &changed).unwrap();
    let o = gorules(&["summary", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("changed.parquet: a damaged Parquet file: its row groups sum to"),
        "{err}"
    );
}
