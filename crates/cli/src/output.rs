//! Standard output for the commands.
//!
//! A reader that stops reading early (`gorules fuzz --list | head -3`) closes the pipe, and
//! Rust's `print!` panics on the next write. Here the command stops writing and finishes as
//! it would have (same exit status), as other command-line tools do.
//!
//! `out!` takes the arguments of `print!`; the printers of `gorules-printers` write through
//! [`Stdout`].

use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the reader of standard output has gone: later output is dropped.
static READER_GONE: AtomicBool = AtomicBool::new(false);

/// What became of a piece of output.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    /// All of it was written.
    All,
    /// The reader has gone (a closed pipe).
    ReaderGone,
    /// Another write error.
    Failed(String),
}

/// Writes `text` to `w` and flushes it.
pub fn write_to(w: &mut impl Write, text: &[u8]) -> Written {
    match w.write_all(text).and_then(|()| w.flush()) {
        Ok(()) => Written::All,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Written::ReaderGone,
        Err(e) => Written::Failed(e.to_string()),
    }
}

/// Writes `text` to standard output ([`print_bytes`]).
pub fn print(text: &str) {
    print_bytes(text.as_bytes())
}

/// Writes `text` to standard output. Once the reader has gone, nothing more is written; any
/// other write error (a full disk) ends the program with status 2 and a message.
pub fn print_bytes(text: &[u8]) {
    if READER_GONE.load(Ordering::Relaxed) {
        return;
    }
    match write_to(&mut std::io::stdout().lock(), text) {
        Written::All => {}
        Written::ReaderGone => READER_GONE.store(true, Ordering::Relaxed),
        Written::Failed(e) => {
            eprintln!("gorules: cannot write to standard output: {e}");
            std::process::exit(2);
        }
    }
}

/// Standard output as a writer for the printers, written through [`print_bytes`]: what is
/// written after the reader has gone is dropped (and reported written); any other write error
/// ends the program. Each write is flushed: the printers write in large pieces.
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        print_bytes(buf);
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        print_bytes(buf);
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes `gorules: MESSAGE` to standard error, control characters escaped; a line break
/// stays one (a message of several lines: a caret under a column, one error per line).
pub fn warn(message: &str) {
    let lines: Vec<String> = message
        .split('\n')
        .map(gorules_rules::printer::escape_controls)
        .collect();
    eprintln!("gorules: {}", lines.join("\n"));
}

/// `print!` through [`print()`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::print(&format!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader has gone, or that fails otherwise.
    struct Closed(ErrorKind);

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(self.0.into())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_is_told_from_other_errors() {
        let mut buf = Vec::new();
        assert_eq!(write_to(&mut buf, b"one\n"), Written::All);
        assert_eq!(buf, b"one\n");
        assert_eq!(
            write_to(&mut Closed(ErrorKind::BrokenPipe), b"x"),
            Written::ReaderGone
        );
        assert!(matches!(
            write_to(&mut Closed(ErrorKind::StorageFull), b"x"),
            Written::Failed(_)
        ));
    }
}
