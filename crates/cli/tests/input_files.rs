//! Every file the command line reads is read as `score` and `compare` read records: a regular
//! file (a device or a named pipe is refused without being read or opened) and at most a size
//! cap, checked before reading. Each test names the file and the problem, and ends at once.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::*;

/// A sparse file of `len` bytes: as large as it says, with no disk or memory behind it.
fn sparse(path: &Path, len: u64) {
    std::fs::File::create(path).unwrap().set_len(len).unwrap();
}

/// A refusal: exit code 2, the path and the problem in the message, no panic.
fn refused(o: &std::process::Output, path: &str, problem: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains(path) && err.contains(problem), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[cfg(unix)]
#[test]
fn diagram_reads_only_a_regular_file_under_the_cap() {
    let o = gorules(&["diagram", "/dev/zero"]);
    refused(&o, "/dev/zero", "not a regular file (a character device)");
    let dir = temp_dir("input-diagram");
    let big = dir.join("big.sgf");
    sparse(&big, 2 << 30);
    let o = gorules(&["diagram", big.to_str().unwrap()]);
    refused(&o, "big.sgf", "2048 MiB is larger than the limit of 64 MiB");
}

#[cfg(unix)]
#[test]
fn a_ruleset_file_is_read_only_when_regular_and_small() {
    let dir = temp_dir("input-rules");
    let big = dir.join("big.toml");
    sparse(&big, 3 << 30);
    for args in [
        vec!["score", "examples/dame-parity.sgf", "--rules"],
        vec!["rules", "show"],
        vec!["rules", "show", "--toml"],
    ] {
        let mut args = args.clone();
        args.push(big.to_str().unwrap());
        let o = gorules(&args);
        refused(&o, "big.toml", "3072 MiB is larger than the limit of 1 MiB");
    }
    let o = gorules(&["rules", "show", "/dev/zero"]);
    refused(&o, "/dev/zero", "not a regular file (a character device)");
}

#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused_not_waited_on() {
    let dir = temp_dir("input-fifo");
    let fifo = dir.join("game.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    // Opening a pipe for reading waits for a writer: a command that opened it would hang (the
    // test would time out rather than fail).
    for cmd in ["score", "diagram", "annotate"] {
        let o = gorules(&[cmd, fifo.to_str().unwrap()]);
        refused(&o, "game.sgf", "not a regular file (a named pipe)");
    }
}

/// GTP's `loadsgf` and `gorules-rules FILE` answer an error and go on.
#[cfg(unix)]
#[test]
fn gtp_reads_files_as_the_command_line_does() {
    let dir = temp_dir("input-gtp");
    let big = dir.join("big.sgf");
    sparse(&big, 2 << 30);
    let toml = dir.join("big.toml");
    sparse(&toml, 3 << 30);
    let script = format!(
        "1 loadsgf /dev/zero\n2 loadsgf {}\n3 gorules-rules {}\n4 gorules-rules /dev/zero\n5 name\nquit\n",
        big.display(),
        toml.display()
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .arg("gtp")
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), 6, "{text}");
    assert!(
        answers[0].starts_with("?1 cannot load file: /dev/zero: ")
            && answers[0].contains("not a regular file (a character device)"),
        "{text}"
    );
    assert!(
        answers[1].starts_with("?2 cannot load file: ")
            && answers[1].contains("2048 MiB is larger than the limit of 64 MiB"),
        "{text}"
    );
    assert!(
        answers[2].starts_with("?3 ")
            && answers[2].contains(
                "big.toml: cannot read the file: 3072 MiB is larger than the limit of 1 MiB"
            ),
        "{text}"
    );
    assert!(
        answers[3].starts_with("?4 ") && answers[3].contains("not a regular file"),
        "{text}"
    );
    assert_eq!(answers[4], "=5 gorules");
}
