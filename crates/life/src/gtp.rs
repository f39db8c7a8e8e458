//! A GTP engine as the source of dead stones: any program that speaks the Go Text Protocol
//! (version 2) and answers `final_status_list dead` (GNU Go, KataGo, Pachi). The engine is
//! started, the position replayed into it move by move, and asked; every answer has a time
//! limit, and the process is killed and reaped when the [`Engine`] is dropped, so an engine
//! that hangs, dies or answers garbage is an error for that position, never a hang.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use gorules_board::coords::{gtp_point, parse_gtp_point};
use gorules_board::{Color, Move, Point, Size};

/// Why an engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// The engine's command line, as given.
    pub engine: String,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "engine `{}`: {}", self.engine, self.message)
    }
}

impl std::error::Error for EngineError {}

/// A running GTP engine.
pub struct Engine {
    command_line: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
}

impl Engine {
    /// Starts `command_line` (a program and its arguments, separated by spaces; no shell),
    /// allowing each answer `timeout`.
    pub fn start(command_line: &str, timeout: Duration) -> Result<Engine, EngineError> {
        let error = |message: String| EngineError {
            engine: command_line.to_string(),
            message,
        };
        let mut words = command_line.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| error("the command line is empty".to_string()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| error(format!("cannot start it: {e}")))?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, lines) = mpsc::channel();
        // The reader ends when the engine's output does (the engine quit or was killed).
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            command_line: command_line.to_string(),
            child,
            stdin,
            lines,
            timeout,
        })
    }

    fn error(&self, message: String) -> EngineError {
        EngineError {
            engine: self.command_line.clone(),
            message,
        }
    }

    /// Sends one command and returns the text of its success answer (`= ...`), or an error
    /// with the engine's failure answer (`? ...`), a time-out, or the engine's end.
    pub fn send(&mut self, command: &str) -> Result<String, EngineError> {
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| self.error(format!("cannot send `{command}`: {e}")))?;
        let mut answer: Vec<String> = Vec::new();
        loop {
            let line = match self.lines.recv_timeout(self.timeout) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.error(format!(
                        "no answer to `{command}` within {} s",
                        self.timeout.as_secs_f64()
                    )))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.error(format!("it ended while answering `{command}`")))
                }
            };
            let line = line.trim_end_matches('\r').to_string();
            if answer.is_empty() && line.trim().is_empty() {
                continue; // blank lines before an answer
            }
            if line.trim().is_empty() {
                break;
            }
            if answer.is_empty() && !line.starts_with(['=', '?']) {
                return Err(
                    self.error(format!("not a GTP answer to `{command}`: {}", clean(&line)))
                );
            }
            answer.push(line);
            // Guard against an engine that never ends an answer with a blank line.
            if answer.len() > 10_000 {
                return Err(self.error(format!("an answer to `{command}` without an end")));
            }
        }
        let first = answer[0].clone();
        let rest = answer[1..].join("\n");
        let body = |s: &str| {
            let s = s.trim_start_matches(|c: char| c.is_ascii_digit()).trim();
            if rest.is_empty() {
                s.to_string()
            } else {
                format!("{s}\n{rest}")
            }
        };
        match first.strip_prefix('=') {
            Some(s) => Ok(body(s)),
            None => Err(self.error(format!("`{command}` failed: {}", clean(&body(&first[1..]))))),
        }
    }

    /// Sets up a position (board size, komi, setup stones, then the moves in order) and asks
    /// the engine which stones are dead.
    pub fn dead_stones(
        &mut self,
        size: Size,
        komi: f64,
        setup: &[(Color, Point)],
        moves: &[(Color, Move)],
    ) -> Result<Vec<Point>, EngineError> {
        if !size.is_square() {
            return Err(self.error(format!(
                "GTP boards are square; this one is {}x{}",
                size.width(),
                size.height()
            )));
        }
        self.send(&format!("boardsize {}", size.width()))?;
        self.send("clear_board")?;
        self.send(&format!("komi {komi}"))?;
        for &(c, p) in setup {
            self.send(&format!("play {} {}", gtp_color(c), gtp_point(p, size)))?;
        }
        for &(c, mv) in moves {
            let vertex = match mv {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => gtp_point(p, size),
            };
            self.send(&format!("play {} {vertex}", gtp_color(c)))?;
        }
        let answer = self.send("final_status_list dead")?;
        let mut dead = Vec::new();
        for word in answer.split_whitespace() {
            let p = parse_gtp_point(word, size).map_err(|_| {
                self.error(format!(
                    "`final_status_list dead` answered `{}`, which is not a point of the board",
                    clean(word)
                ))
            })?;
            dead.push(p);
        }
        dead.sort_by_key(|p| (p.y, p.x));
        dead.dedup();
        Ok(dead)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Give a well-behaved engine a moment to quit, then make sure.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn gtp_color(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// An engine's text made safe to print: control characters escaped, at most 200 characters.
fn clean(s: &str) -> String {
    let mut out: String = s.chars().take(200).flat_map(char::escape_default).collect();
    if s.chars().count() > 200 {
        out.push('…');
    }
    out
}
