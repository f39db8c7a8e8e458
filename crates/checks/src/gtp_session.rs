//! What must hold for any bytes a controller sends a GTP session ([`check_session`]): every
//! command line gets one answer in GTP version 2's framing (section 2.6: `=` or `?`, the
//! command's id, the text, an empty line), in order, nothing else is written, and no control
//! character but a line feed reaches the controller. Run by the property test `session_fuzz`
//! of `gorules-gtp` and the cargo-fuzz target `gtp`.

use gorules_gtp::protocol::{parse_line, MAX_LINE};
use gorules_gtp::{serve, Engine};

/// The ids of the answers `input` must get, in order, as the specification reads it: one per
/// line that holds a command (section 2.2: control characters and comments removed; a line
/// left empty is no command), and one (without id) per line too long to read, up to and with
/// `quit`.
fn expected_ids(input: &[u8]) -> Vec<Option<u64>> {
    let mut ids = Vec::new();
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    // The text after the last line feed is a line only when it is not empty.
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    for line in lines {
        if line.len() > MAX_LINE {
            ids.push(None);
            continue;
        }
        let Some(cmd) = parse_line(&String::from_utf8_lossy(line)) else {
            continue;
        };
        ids.push(cmd.id);
        if cmd.name == "quit" && cmd.args.is_empty() {
            break;
        }
    }
    ids
}

/// Runs a session (a Chinese-rules engine) on `input` and checks its output.
pub fn check_session(input: &[u8]) {
    let mut engine = Engine::new(gorules_rules::builtin("chinese").expect("built in"));
    let mut out = Vec::new();
    serve(&mut engine, input, &mut out).expect("writing to memory cannot fail");
    let text = String::from_utf8(out).expect("the answers are UTF-8");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in {text:?}"
    );
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    let answers: Vec<&str> = text.split_terminator("\n\n").collect();
    let ids = expected_ids(input);
    assert_eq!(
        answers.len(),
        ids.len(),
        "one answer per command: {answers:?} for {:?}",
        String::from_utf8_lossy(input)
    );
    for (answer, id) in answers.iter().zip(&ids) {
        let rest = answer
            .strip_prefix('=')
            .or_else(|| answer.strip_prefix('?'))
            .unwrap_or_else(|| panic!("an answer starts with = or ?: {answer:?}"));
        let id_text = id.map(|i| i.to_string()).unwrap_or_default();
        let body = rest
            .strip_prefix(id_text.as_str())
            .unwrap_or_else(|| panic!("answer {answer:?} does not echo id {id:?}"));
        // The id is all the digits: none follows it.
        assert!(
            !body.starts_with(|c: char| c.is_ascii_digit()),
            "{answer:?}"
        );
        // Then nothing, a space and the text, or the text from the next line.
        assert!(
            body.is_empty() || body.starts_with(' ') || body.starts_with('\n'),
            "{answer:?}"
        );
        assert!(!body.ends_with('\n'), "{answer:?}");
    }
}
