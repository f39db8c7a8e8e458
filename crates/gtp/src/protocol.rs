//! The Go Text Protocol's framing (version 2, sections 2.2 to 2.6 of the specification):
//! reading a command line into an id, a name and arguments, and writing a response.

use std::io::{self, BufRead, Write};

/// The longest command line read; a longer one is answered with an error and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// One command: its id (echoed in the response), name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The numeric id written before the name, if any.
    pub id: Option<u64>,
    /// The command's name.
    pub name: String,
    /// The arguments, separated by spaces.
    pub args: Vec<String>,
}

/// A line of input as GTP preprocesses it (section 2.2): control characters other than tab and
/// line feed removed, a comment (from `#`) removed, tabs read as spaces. `None` for a line left
/// empty, which is no command.
pub fn parse_line(line: &str) -> Option<Command> {
    let line = line.split('#').next().unwrap_or_default();
    let cleaned: String = line
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let mut words = cleaned.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next()?.to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// A response: `=id text` for a success, `?id text` for a failure, ended by an empty line
/// (section 2.6, "=\[id\] result": the mark and id, a space, the result). The space is there
/// whatever follows, as GNU Go, the protocol's reference implementation, writes it: `= ` and
/// the empty line for an empty result, `= ` and a line feed before a result that begins on
/// the next line (a board diagram). The text is kept free of empty lines (which would end the
/// response early) and of control characters other than line feeds.
pub fn format_response(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t),
        Err(t) => ('?', t),
    };
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let text: String = text
        .chars()
        .filter(|&c| !c.is_control() || c == '\n')
        .collect();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let body = lines.join("\n");
    if text.starts_with('\n') && !body.is_empty() {
        // A multi-line answer that begins on the next line (a board diagram).
        format!("{mark}{id} \n{body}\n\n")
    } else {
        format!("{mark}{id} {body}\n\n")
    }
}

/// One line of `input` with at most [`MAX_LINE`] bytes kept (the rest of a longer line is
/// read and dropped, so that memory stays bounded), without its line ending; `Ok(None)` at the
/// end of the input. The flag says whether the line was cut.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<(String, bool)>> {
    let mut kept = Vec::new();
    let mut cut = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(k) => (&buf[..k], Some(k + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        if chunk.len() > room {
            cut = true;
        }
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    Ok(Some((String::from_utf8_lossy(&kept).into_owned(), cut)))
}

/// Writes a response and flushes it, so that the controller sees it at once.
pub fn write_response(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_preprocessed_as_the_specification_says() {
        // GTP version 2, section 2.2: control characters removed, tabs to spaces, comments
        // removed, empty lines ignored; section 2.4: an optional numeric id.
        assert_eq!(parse_line("   # only a comment"), None);
        assert_eq!(parse_line(""), None);
        let c = parse_line("12\tplay  b\u{7} D4 # move").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["b", "D4"]);
        assert_eq!(parse_line("name").unwrap().id, None);
    }

    #[test]
    fn responses_echo_the_id_and_end_with_an_empty_line() {
        // Section 2.6: "=[id] result" or "?[id] error message", then two line feeds; the space
        // after the mark and id even before an empty result, as GNU Go writes `= ` and `=1 `.
        assert_eq!(format_response(Some(3), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(format_response(None, &Ok(String::new())), "= \n\n");
        assert_eq!(format_response(Some(1), &Ok(String::new())), "=1 \n\n");
        assert_eq!(
            format_response(Some(7), &Err("unknown command".into())),
            "?7 unknown command\n\n"
        );
        // An empty line inside would end the response early; a control character is dropped.
        assert_eq!(
            format_response(None, &Ok("a\n\nb\u{1b}".into())),
            "= a\nb\n\n"
        );
        assert_eq!(
            format_response(Some(1), &Ok("\n A B\n1 .".into())),
            "=1 \n A B\n1 .\n\n"
        );
    }

    #[test]
    fn an_overlong_line_is_cut_and_the_next_one_read() {
        let text = format!("{}\nname\n", "x".repeat(MAX_LINE + 10));
        let mut input = io::Cursor::new(text.into_bytes());
        let (first, cut) = read_line(&mut input).unwrap().unwrap();
        assert!(cut);
        assert_eq!(first.len(), MAX_LINE);
        assert_eq!(read_line(&mut input).unwrap(), Some(("name".into(), false)));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }
}
