//! Random GTP sessions (checked by `gorules_checks::gtp_session`, which the cargo-fuzz target
//! `gtp` runs for longer): command lines made of the engine's own
//! commands with random arguments, of words and bytes of any kind, with ids, comments, control
//! characters and over-long lines, always get one answer per command in GTP version 2's
//! framing. Two thousand sessions, a few seconds.

use gorules_checks::gtp_session::check_session;
use proptest::prelude::*;

const CASES: u32 = 2_000;

/// Arguments that mean something to some command, and some that do not.
const WORDS: &[&str] = &[
    "b",
    "w",
    "black",
    "WHITE",
    "a1",
    "c3",
    "D4",
    "e5",
    "T19",
    "z99",
    "pass",
    "PASS",
    "0",
    "1",
    "2",
    "5",
    "7",
    "9",
    "19",
    "25",
    "26",
    "-1",
    "6.5",
    "1e9",
    "nan",
    "dead",
    "alive",
    "seki",
    "chinese",
    "japanese",
    "concord",
    "katago:japanese",
    "katago:{\"ko\":\"SIMPLE\"}",
    "/dev/zero",
    "/no/such.sgf",
    "examples/dame-parity.sgf",
    "#",
    "\t",
    "\u{7}",
    "\u{1b}[2J",
    "é",
];

fn line() -> impl Strategy<Value = Vec<u8>> {
    let command = (
        proptest::option::of(0u64..1000),
        proptest::sample::select(gorules_gtp::COMMANDS),
        proptest::collection::vec(proptest::sample::select(WORDS), 0..4),
    )
        .prop_map(|(id, name, args)| {
            let mut l = id.map(|i| format!("{i} ")).unwrap_or_default();
            l.push_str(name);
            for a in args {
                l.push(' ');
                l.push_str(a);
            }
            l.into_bytes()
        });
    prop_oneof![
        8 => command,
        2 => proptest::collection::vec(any::<u8>(), 0..40),
        1 => Just(vec![b'x'; gorules_gtp::protocol::MAX_LINE + 3]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn every_command_gets_one_framed_answer(
        lines in proptest::collection::vec(line(), 0..25),
        crlf in any::<bool>(),
        trailing in any::<bool>(),
    ) {
        let end: &[u8] = if crlf { b"\r\n" } else { b"\n" };
        let mut input = lines.join(end);
        if trailing {
            input.extend_from_slice(end);
        }
        check_session(&input);
    }
}

#[test]
fn a_session_of_any_bytes_is_answered() {
    for input in [
        &b""[..],
        b"\n\n\n",
        b"quit",
        b"1 name\n2 quit\n3 name\n",
        b"\xff\xfe 7 play b c3\n",
        b"12 boardsize 2\n13 play b a1\n14 play w b2\n15 final_score\n16 showboard\n",
    ] {
        check_session(input);
    }
}
