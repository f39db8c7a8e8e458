//! JSON written as `serde_json`'s pretty printer writes it (two spaces a level), but as a part
//! of an enclosing document: every line, the first included, starts with that document's
//! indentation. One pass into one buffer, where pretty-printing and then indenting every line
//! copy the text twice (a corpus's JSON is mostly such parts).

use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;

/// `serde_json::ser::PrettyFormatter` with a base indentation before every line.
struct Nested {
    base: &'static [u8],
    level: usize,
    has_value: bool,
}

impl Nested {
    fn indent<W: ?Sized + io::Write>(&self, w: &mut W) -> io::Result<()> {
        w.write_all(self.base)?;
        for _ in 0..self.level {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn end<W: ?Sized + io::Write>(&mut self, w: &mut W, close: &[u8]) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            w.write_all(b"\n")?;
            self.indent(w)?;
        }
        w.write_all(close)
    }

    fn item<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        w.write_all(if first { b"\n" } else { b",\n" })?;
        self.indent(w)
    }
}

impl Formatter for Nested {
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(b"[")
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
        self.level += 1;
        self.has_value = false;
        w.write_all(b"{")
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

/// `value` as pretty JSON with `base` before every line, the first included. `room`: the
/// bytes to reserve (a guess of the length).
pub(crate) fn to_string_nested<T: Serialize + ?Sized>(
    value: &T,
    base: &'static str,
    room: usize,
) -> String {
    let mut out = Vec::with_capacity(room);
    out.extend_from_slice(base.as_bytes());
    let formatter = Nested {
        base: base.as_bytes(),
        level: 0,
        has_value: false,
    };
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
        assert_eq!(to_string_nested(&v, "    ", 0), expected.join("\n"));
        assert_eq!(to_string_nested(&v, "", 8), pretty);
    }
}
