//! JSON written as `serde_json`'s pretty printer writes it (two spaces a level), but as a part
//! of an enclosing document: every line, the first included, starts with that document's
//! indentation. One pass into one buffer, where pretty-printing and then indenting every line
//! copy the text twice (a corpus's JSON is mostly such parts). Each line break and its
//! indentation is written as one slice.

use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;

/// `serde_json::ser::PrettyFormatter` with a base indentation (of spaces) before every line.
struct Nested {
    base: usize,
    level: usize,
    has_value: bool,
}

/// A comma, a line break and spaces: every separator and indentation is one slice of it.
const BREAKS: &[u8; 2 + MAX_INDENT] = &{
    let mut b = [b' '; 2 + MAX_INDENT];
    b[0] = b',';
    b[1] = b'\n';
    b
};

/// The deepest indentation written in one piece; deeper ones (never in a report) are written
/// in several.
const MAX_INDENT: usize = 126;

impl Nested {
    /// Writes `BREAKS[from..]` up to the current indentation: `from` 0 for `,\n`, 1 for `\n`,
    /// 2 for the indentation alone.
    fn indent<W: ?Sized + io::Write>(&self, w: &mut W, from: usize) -> io::Result<()> {
        let mut spaces = self.base + 2 * self.level;
        let first = spaces.min(MAX_INDENT);
        w.write_all(&BREAKS[from..2 + first])?;
        spaces -= first;
        while spaces > 0 {
            let n = spaces.min(MAX_INDENT);
            w.write_all(&BREAKS[2..2 + n])?;
            spaces -= n;
        }
        Ok(())
    }

    fn begin<W: ?Sized + io::Write>(&mut self, w: &mut W, open: &[u8]) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(open)
    }

    fn end<W: ?Sized + io::Write>(&mut self, w: &mut W, close: &[u8]) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.indent(w, 1)?;
        }
        w.write_all(close)
    }

    fn item<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.indent(w, usize::from(first))
    }
}

impl Formatter for Nested {
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.begin(w, b"[")
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.end(w, b"]")
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(w, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.begin(w, b"{")
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.end(w, b"}")
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(w, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// `value` as pretty JSON with `base` spaces before every line, the first included. `room`:
/// the bytes to reserve (a guess of the length).
pub(crate) fn to_string_nested<T: Serialize + ?Sized>(
    value: &T,
    base: usize,
    room: usize,
) -> String {
    let mut out = Vec::with_capacity(room);
    let formatter = Nested {
        base,
        level: 0,
        has_value: false,
    };
    formatter.indent(&mut out, 2).expect("writing to memory");
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    value.serialize(&mut ser).expect("serialisable");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_pretty_json_gets_the_base_indentation() {
        let v = serde_json::json!({
            "a": [1, {"b": "x\ny", "c": []}, {}],
            "d": {"e": null},
        });
        let pretty = serde_json::to_string_pretty(&v).unwrap();
        let expected: Vec<String> = pretty.lines().map(|l| format!("    {l}")).collect();
        assert_eq!(to_string_nested(&v, 4, 0), expected.join("\n"));
        assert_eq!(to_string_nested(&v, 0, 8), pretty);
        // Deeper than one piece of indentation.
        let deep: Vec<String> = pretty
            .lines()
            .map(|l| format!("{}{l}", " ".repeat(300)))
            .collect();
        assert_eq!(to_string_nested(&v, 300, 0), deep.join("\n"));
    }
}
