//! JSON as every printer writes it: `serde_json`'s text (compact, or pretty with two spaces a
//! level) through a [`serde_json::ser::Formatter`] of its own ([`OutputFormatter`]), which
//! escapes DEL and the C1 controls and can write pretty JSON at a depth of an enclosing
//! document.
//!
//! - DEL and the C1 control characters (U+007F to U+009F), which `serde_json` writes raw and a
//!   terminal may obey (U+009B opens an escape sequence), are written `\u007f` to `\u009f`,
//!   so that no control character of a record reaches the output raw (they can only stand
//!   inside strings, where the escape reads back as the same character);
//! - pretty JSON can be written at a depth, as a part of an enclosing document: every line
//!   after the first starts with that document's indentation (`base` spaces more), so that a
//!   corpus run can write its document entry by entry ([`to_writer_pretty`]).
//!
//! Everything else (separators, numbers, the escapes of `"`, `\` and the controls below
//! space, the refusal of map keys that are not texts) is `serde_json`'s own. It replaced a
//! serializer of the project's own, written for speed, at 2.8% more instructions for a JSON
//! Lines corpus run (docs/performance.md, "Corpus at scale").

use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;

/// The errors of writing: a value that refuses to serialise, a map key that is not a text
/// (JSON keys are strings), or the writer's own error.
pub type Error = serde_json::Error;

/// The formatter of every JSON output: `serde_json`'s compact or pretty layout (two spaces a
/// level, after `base` spaces on every line but the first), with DEL and the C1 controls
/// escaped.
#[derive(Clone, Debug)]
pub struct OutputFormatter {
    /// Pretty (line breaks and indentation) or compact.
    pretty: bool,
    /// The spaces before a line of pretty JSON at the current depth: the base and two for
    /// each container open.
    indent: usize,
    /// Whether the innermost open container has an element (pretty JSON closes it on a line
    /// of its own).
    has_value: bool,
}

impl OutputFormatter {
    /// Compact JSON, as `serde_json::to_string` lays it out.
    pub fn compact() -> OutputFormatter {
        OutputFormatter {
            pretty: false,
            indent: 0,
            has_value: false,
        }
    }

    /// Pretty JSON, as `serde_json::to_string_pretty` lays it out, with `base` more spaces
    /// before every line but the first (which continues the text before it).
    pub fn pretty(base: usize) -> OutputFormatter {
        OutputFormatter {
            pretty: true,
            indent: base,
            has_value: false,
        }
    }

    /// A line break and the current indentation, after a comma when `comma`.
    fn line_break<W: ?Sized + io::Write>(&self, w: &mut W, comma: bool) -> io::Result<()> {
        /// A comma, a line break and spaces: most separators are one slice of it.
        const BREAK: &[u8; 66] =
            b",\n                                                                ";
        let from = usize::from(!comma);
        let mut spaces = self.indent;
        let first = spaces.min(BREAK.len() - 2);
        w.write_all(&BREAK[from..2 + first])?;
        spaces -= first;
        while spaces > 0 {
            let n = spaces.min(BREAK.len() - 2);
            w.write_all(&BREAK[2..2 + n])?;
            spaces -= n;
        }
        Ok(())
    }

    /// Opens an array or object.
    fn open<W: ?Sized + io::Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.indent += 2;
        self.has_value = false;
        w.write_all(bracket)
    }

    /// Closes an array or object: when pretty and not empty, on a line of its own.
    fn close<W: ?Sized + io::Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.indent -= 2;
        if self.pretty && self.has_value {
            self.line_break(w, false)?;
        }
        w.write_all(bracket)
    }

    /// Before an element or a key: a comma unless it is the first, and when pretty a line
    /// break and the indentation.
    fn item<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if self.pretty {
            self.line_break(w, !first)
        } else if first {
            Ok(())
        } else {
            w.write_all(b",")
        }
    }
}

impl Formatter for OutputFormatter {
    #[inline]
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let bytes = fragment.as_bytes();
        // DEL is 0x7f; U+0080 to U+00BF are 0xc2 and a second byte in UTF-8, the C1 controls
        // those whose second byte is at most 0x9f.
        if !bytes.iter().any(|&b| b == 0x7f || b == 0xc2) {
            return w.write_all(bytes);
        }
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            let code = match bytes[i] {
                0x7f => Some((0x7f, 1)),
                0xc2 if bytes.get(i + 1).is_some_and(|&b| b <= 0x9f) => Some((bytes[i + 1], 2)),
                _ => None,
            };
            let Some((code, len)) = code else {
                i += 1;
                continue;
            };
            const HEX: &[u8; 16] = b"0123456789abcdef";
            w.write_all(&bytes[start..i])?;
            w.write_all(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(code >> 4)],
                HEX[usize::from(code & 15)],
            ])?;
            i += len;
            start = i;
        }
        w.write_all(&bytes[start..])
    }

    #[inline]
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    #[inline]
    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    #[inline]
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(w, first)
    }

    #[inline]
    fn end_array_value<W: ?Sized + io::Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    #[inline]
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    #[inline]
    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    #[inline]
    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(w, first)
    }

    #[inline]
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(if self.pretty { b": " } else { b":" })
    }

    #[inline]
    fn end_object_value<W: ?Sized + io::Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// `value` as compact JSON (`serde_json::to_writer`'s layout) written to `w`.
pub fn to_writer<W: io::Write, T: Serialize + ?Sized>(w: W, value: &T) -> Result<(), Error> {
    value.serialize(&mut serde_json::Serializer::with_formatter(
        w,
        OutputFormatter::compact(),
    ))
}

/// `value` as pretty JSON (`serde_json::to_writer_pretty`'s layout) written to `w`, with
/// `base` spaces before every line but the first.
pub fn to_writer_pretty<W: io::Write, T: Serialize + ?Sized>(
    w: W,
    value: &T,
    base: usize,
) -> Result<(), Error> {
    value.serialize(&mut serde_json::Serializer::with_formatter(
        w,
        OutputFormatter::pretty(base),
    ))
}

/// `value` as compact JSON in a new `String`.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = Vec::with_capacity(128);
    to_writer(&mut out, value)?;
    Ok(String::from_utf8(out).expect("JSON text is UTF-8"))
}

/// `value` as pretty JSON in a new `String`.
pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = Vec::with_capacity(128);
    to_writer_pretty(&mut out, value, 0)?;
    Ok(String::from_utf8(out).expect("JSON text is UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    /// `serde_json`'s text with DEL and the C1 controls escaped, by a second pass over it: the
    /// reference the formatter must match.
    fn c1_escaped(json: &str) -> String {
        let mut out = String::new();
        for c in json.chars() {
            if ('\u{7f}'..='\u{9f}').contains(&c) {
                out.push_str(&format!("\\u00{:02x}", c as u32));
            } else {
                out.push(c);
            }
        }
        out
    }

    #[derive(Serialize)]
    enum Kind {
        Unit,
        Newtype(u8),
        Tuple(i32, bool),
        Struct { a: Vec<u8>, b: Option<()> },
    }

    #[derive(Serialize)]
    #[serde(tag = "kind", rename_all = "kebab-case")]
    enum Tagged {
        One { x: f64 },
        Two,
    }

    #[derive(Serialize)]
    struct Doc {
        text: String,
        numbers: (i64, u64, i128, u128, f32, char),
        kinds: Vec<Kind>,
        tagged: [Tagged; 2],
        empty: (Vec<u8>, BTreeMap<String, u8>, Empty),
        map: BTreeMap<String, Vec<f64>>,
        ints: BTreeMap<i32, bool>,
        #[serde(flatten)]
        flat: BTreeMap<String, u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
    }

    #[derive(Serialize)]
    struct Empty {}

    fn doc() -> Doc {
        Doc {
            text: "quote \" backslash \\ tab \t nl \n cr \r bell \u{7} \u{8}\u{c}\u{1f}\u{7f} \u{85}\u{9b}\u{a0} été 围棋"
                .into(),
            numbers: (-42, u64::MAX, i128::MIN, u128::MAX, 0.1, 'é'),
            kinds: vec![
                Kind::Unit,
                Kind::Newtype(7),
                Kind::Tuple(-1, true),
                Kind::Struct {
                    a: vec![],
                    b: Some(()),
                },
            ],
            tagged: [Tagged::One { x: -0.0 }, Tagged::Two],
            empty: (vec![], BTreeMap::new(), Empty {}),
            map: [
                ("a\"b\u{9f}".to_string(), vec![1.0, -2.5, 1e300, f64::NAN]),
                ("c".to_string(), vec![]),
            ]
            .into(),
            ints: [(-3, false), (5, true)].into(),
            flat: [("flat".to_string(), 1)].into(),
            skipped: None,
        }
    }

    #[test]
    fn writes_what_serde_json_writes_with_del_and_c1_escaped() {
        let d = doc();
        assert_eq!(
            to_string(&d).unwrap(),
            c1_escaped(&serde_json::to_string(&d).unwrap())
        );
        assert_eq!(
            to_string_pretty(&d).unwrap(),
            c1_escaped(&serde_json::to_string_pretty(&d).unwrap())
        );
        // DEL, a C1 control (U+009B opens an escape sequence) and U+00A0, which is not one.
        assert_eq!(
            to_string("a\u{7f}\u{9b}[2J\u{a0}").unwrap(),
            "\"a\\u007f\\u009b[2J\u{a0}\""
        );
        // Written after what is there.
        let mut out = b"x".to_vec();
        to_writer(&mut out, &[1, 2]).unwrap();
        assert_eq!(out, b"x[1,2]");
    }

    #[test]
    fn pretty_at_a_depth_indents_every_line_after_the_first() {
        let d = doc();
        let pretty = c1_escaped(&serde_json::to_string_pretty(&d).unwrap());
        for base in [0, 4, 300] {
            let mut out = Vec::new();
            to_writer_pretty(&mut out, &d, base).unwrap();
            let margin = " ".repeat(base);
            let expected: Vec<String> = pretty
                .lines()
                .enumerate()
                .map(|(k, l)| {
                    if k == 0 {
                        l.to_string()
                    } else {
                        format!("{margin}{l}")
                    }
                })
                .collect();
            assert_eq!(String::from_utf8(out).unwrap(), expected.join("\n"));
        }
    }

    #[test]
    fn keys_that_are_not_texts_are_refused_as_serde_json_refuses_them() {
        let m: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into();
        assert!(to_string(&m).is_err());
        assert!(serde_json::to_string(&m).is_err());
    }

    proptest! {
        #[test]
        fn floats_as_serde_json_writes_them(bits in any::<u64>(), quarters in -(1i64 << 40)..(1i64 << 40)) {
            for x in [f64::from_bits(bits), quarters as f64 / 4.0, quarters as f64 / 8.0] {
                prop_assert_eq!(to_string(&x).unwrap(), serde_json::to_string(&x).unwrap());
            }
        }

        #[test]
        fn texts_as_serde_json_writes_them(text in any::<String>(), n in any::<i64>()) {
            prop_assert_eq!(to_string(&text).unwrap(), c1_escaped(&serde_json::to_string(&text).unwrap()));
            prop_assert_eq!(to_string(&n).unwrap(), serde_json::to_string(&n).unwrap());
            let m: BTreeMap<&str, u8> = [(text.as_str(), 1)].into();
            prop_assert_eq!(to_string_pretty(&m).unwrap(), c1_escaped(&serde_json::to_string_pretty(&m).unwrap()));
        }

        #[test]
        fn control_characters_never_pass(text in "[a-z\\u{0}-\\u{1f}\\u{7f}-\\u{a0}é\"\\\\]{0,12}") {
            let json = to_string(&text).unwrap();
            prop_assert!(!json.chars().any(char::is_control), "{:?}", json);
            prop_assert_eq!(serde_json::from_str::<String>(&json).unwrap(), text);
        }
    }
}
