//! JSON as every printer writes it: byte for byte `serde_json`'s text (compact, or pretty with
//! two spaces a level), written by a serde serializer of the project's own that also escapes
//! DEL and the C1 controls and can write pretty JSON at the depth of an enclosing document.
//!
//! The two differences from `serde_json`:
//!
//! - DEL and the C1 control characters (U+007F to U+009F), which `serde_json` writes raw and a
//!   terminal may obey (U+009B opens an escape sequence), are written `\u007f` to `\u009f`,
//!   so that no control character of a record reaches the output raw (they can only stand
//!   inside strings, where the escape reads back as the same character);
//! - pretty JSON can be written at a depth, as a part of an enclosing document: every line
//!   after the first starts with that document's indentation (`base` spaces more), so that a
//!   corpus run can write its document entry by entry ([`append_pretty`]).
//!
//! Why not `serde_json`'s serializer: a report is mostly field names and short values, and
//! `serde_json` looks at every byte of every field name for characters to escape and copies it in
//! several small pieces. Over `gorules compare examples --dead markup --format jsonl` its
//! serializer (with a formatter escaping DEL and the C1 controls) took 34.4 M of the run's 104.0 M
//! instructions, this one 6.4 M of 74.0 M (docs/performance.md, "Corpus at scale"). So this
//! serializer copies a field name whole when it needs no escape, looks at a text once (one table
//! lookup a byte) and copies it whole when it needs none, writes a line break with its indentation
//! as one slice and whole, half and quarter points without float formatting. Everything else (the
//! layout, numbers, the escapes of `"`, `\` and the controls below space, the refusal of map keys
//! that are not texts) is `serde_json`'s, and the tests below hold it to `serde_json`'s text.

use std::fmt::Display;
use std::io;

use serde::ser::{self, Serialize};

/// The errors of writing: a value that refuses to serialise, a map key that is not a text
/// (JSON keys are strings, as `serde_json` refuses them), or the writer's own error.
pub type Error = serde_json::Error;

/// `value` as compact JSON (`serde_json::to_writer`'s text), appended to `out`.
pub fn append<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    Writer::<false>::run(out, value, 0)
}

/// `value` as pretty JSON (`serde_json::to_writer_pretty`'s text), appended to `out`, with
/// `base` spaces before every line but the first (which continues the text before it).
pub fn append_pretty<T: Serialize + ?Sized>(
    out: &mut Vec<u8>,
    value: &T,
    base: usize,
) -> Result<(), Error> {
    Writer::<true>::run(out, value, base)
}

/// `value` as compact JSON written to `w` (in one write).
pub fn to_writer<W: io::Write, T: Serialize + ?Sized>(mut w: W, value: &T) -> Result<(), Error> {
    let mut out = Vec::with_capacity(1024);
    append(&mut out, value)?;
    w.write_all(&out).map_err(Error::io)
}

/// `value` as pretty JSON written to `w` (in one write), with `base` spaces before every line
/// but the first.
pub fn to_writer_pretty<W: io::Write, T: Serialize + ?Sized>(
    mut w: W,
    value: &T,
    base: usize,
) -> Result<(), Error> {
    let mut out = Vec::with_capacity(1024);
    append_pretty(&mut out, value, base)?;
    w.write_all(&out).map_err(Error::io)
}

/// `value` as compact JSON in a new `String`.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = Vec::with_capacity(128);
    append(&mut out, value)?;
    Ok(String::from_utf8(out).expect("JSON text is UTF-8"))
}

/// `value` as pretty JSON in a new `String`.
pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = Vec::with_capacity(128);
    append_pretty(&mut out, value, 0)?;
    Ok(String::from_utf8(out).expect("JSON text is UTF-8"))
}

/// A comma, a line break and spaces: every separator with its indentation is one slice of it.
const BREAKS: &[u8; 2 + MAX_INDENT] = &{
    let mut b = [b' '; 2 + MAX_INDENT];
    b[0] = b',';
    b[1] = b'\n';
    b
};

/// The deepest indentation written in one piece; deeper ones are written in several.
const MAX_INDENT: usize = 126;

/// The bytes of `BREAKS` copied for a line break with its indentation, as one copy of fixed
/// length (then cut back), when they fit.
const SHORT_BREAK: usize = 32;

/// The serializer: the text so far, and for pretty JSON (`PRETTY`) the indentation of the
/// current depth. It owns its text (one indirection less on every write).
struct Writer<const PRETTY: bool> {
    out: Vec<u8>,
    /// The spaces before a line of pretty JSON at the current depth: the base indentation and
    /// two a container open.
    indent: usize,
}

impl<const PRETTY: bool> Writer<PRETTY> {
    /// Appends `value` to `out`.
    fn run<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T, base: usize) -> Result<(), Error> {
        let mut w = Writer::<PRETTY> {
            out: std::mem::take(out),
            indent: base,
        };
        let result = value.serialize(&mut w);
        *out = w.out;
        result
    }

    /// Opens an array or object.
    #[inline]
    fn open(&mut self, bracket: u8) {
        self.indent += 2;
        self.out.push(bracket);
    }

    /// Closes an array or object, after a line break when pretty and not empty.
    #[inline]
    fn close(&mut self, bracket: u8, empty: bool) {
        self.indent -= 2;
        if !empty {
            self.line_break(1);
        }
        self.out.push(bracket);
    }

    /// Before an element or a key: a comma unless it is the first, and when pretty a line
    /// break and the indentation.
    #[inline(always)]
    fn item(&mut self, first: bool) {
        if PRETTY {
            self.line_break(usize::from(first));
        } else if !first {
            self.out.push(b',');
        }
    }

    /// When pretty, `BREAKS[from..]` up to the current indentation: `from` 0 for `,\n`, 1 for
    /// `\n`.
    #[inline(always)]
    fn line_break(&mut self, from: usize) {
        if !PRETTY {
            return;
        }
        let spaces = self.indent;
        if spaces <= SHORT_BREAK - 2 {
            // A copy of fixed length (a few moves, no call), cut back to the length wanted.
            let end = self.out.len() + 2 - from + spaces;
            self.out
                .extend_from_slice(&BREAKS[from..from + SHORT_BREAK]);
            self.out.truncate(end);
        } else {
            self.long_break(from, spaces);
        }
    }

    /// [`Writer::line_break`] with `spaces` of indentation, in pieces of at most
    /// [`MAX_INDENT`].
    fn long_break(&mut self, from: usize, mut spaces: usize) {
        let first = spaces.min(MAX_INDENT);
        self.out.extend_from_slice(&BREAKS[from..2 + first]);
        spaces -= first;
        while spaces > 0 {
            let n = spaces.min(MAX_INDENT);
            self.out.extend_from_slice(&BREAKS[2..2 + n]);
            spaces -= n;
        }
    }

    /// A field or variant name given in the code, and what follows it: copied whole, unless
    /// it needs an escape (a name given by `#[serde(rename)]` may).
    #[inline(always)]
    fn name(&mut self, name: &'static str) {
        if name.bytes().any(needs_escape) {
            self.text(name);
            self.after_key();
            return;
        }
        self.out.push(b'"');
        self.out.extend_from_slice(name.as_bytes());
        self.out
            .extend_from_slice(if PRETTY { b"\": " } else { b"\":" });
    }

    /// What follows a key written as a value.
    #[inline]
    fn after_key(&mut self) {
        self.out
            .extend_from_slice(if PRETTY { b": " } else { b":" });
    }

    /// A text as a JSON string, escaped as `serde_json` escapes it, and DEL and the C1 controls
    /// too.
    #[inline(always)]
    fn text(&mut self, text: &str) {
        self.out.push(b'"');
        if text.bytes().any(needs_escape) {
            escape_into(&mut self.out, text);
        } else {
            self.out.extend_from_slice(text.as_bytes());
        }
        self.out.push(b'"');
    }

    #[inline(always)]
    fn unsigned(&mut self, n: u64) {
        if n < 10 {
            self.out.push(b'0' + n as u8);
        } else if n < 100 {
            self.out.push(b'0' + (n / 10) as u8);
            self.out.push(b'0' + (n % 10) as u8);
        } else {
            self.long_unsigned(n);
        }
    }

    fn long_unsigned(&mut self, n: u64) {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        let mut n = n;
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &buf[i..] {
            self.out.push(d);
        }
    }

    fn signed(&mut self, n: i64) {
        if n < 0 {
            self.out.push(b'-');
        }
        self.unsigned(n.unsigned_abs());
    }

    /// A float as `serde_json` writes it (the shortest text that reads back as the same value,
    /// with `.0` for whole numbers; `null` for NaN and infinities). Whole, half and quarter
    /// points (every score) are written directly.
    #[inline(always)]
    fn float(&mut self, x: f64) {
        let quarters = x * 4.0;
        let q = quarters as i64;
        if q as f64 == quarters && q.unsigned_abs() < 1 << 32 {
            if x.is_sign_negative() {
                self.out.push(b'-');
            }
            let q = q.unsigned_abs();
            self.unsigned(q >> 2);
            self.out.push(b'.');
            match q & 3 {
                0 => self.out.push(b'0'),
                1 => {
                    self.out.push(b'2');
                    self.out.push(b'5');
                }
                2 => self.out.push(b'5'),
                _ => {
                    self.out.push(b'7');
                    self.out.push(b'5');
                }
            }
        } else {
            self.other_float(x);
        }
    }

    /// A float that is not a whole, half or quarter point of a usual size, as `serde_json`
    /// writes it.
    #[cold]
    fn other_float(&mut self, x: f64) {
        let text = serde_json::to_string(&x).expect("a float serialises");
        self.out.extend_from_slice(text.as_bytes());
    }
}

/// Whether a text holding this byte may need an escape: `"`, `\`, a control character below
/// space, DEL, or the first byte of U+0080 to U+00BF in UTF-8 (the C1 controls among them).
#[inline]
fn needs_escape(b: u8) -> bool {
    MAY_NEED_ESCAPE[usize::from(b)]
}

/// [`needs_escape`] of every byte, looked up (one load a byte instead of five comparisons).
static MAY_NEED_ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b < 0x20 || b == b'"' as usize || b == b'\\' as usize || b == 0x7f || b == 0xc2;
        b += 1;
    }
    table
};

/// Whether this character is written escaped.
#[inline]
fn escaped(c: char) -> bool {
    c < ' ' || c == '"' || c == '\\' || ('\u{7f}'..='\u{9f}').contains(&c)
}

/// `text` escaped as `serde_json` escapes it (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and
/// `\u00XX` in lower-case hex for the other control characters below space), and DEL and the
/// C1 controls as `\u00XX` too.
fn escape_into(out: &mut Vec<u8>, text: &str) {
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if !escaped(c) {
            continue;
        }
        out.extend_from_slice(&text.as_bytes()[start..i]);
        start = i + c.len_utf8();
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let code = c as usize;
                out.extend_from_slice(b"\\u00");
                out.push(HEX[code >> 4]);
                out.push(HEX[code & 15]);
            }
        }
    }
    out.extend_from_slice(&text.as_bytes()[start..]);
}

/// An array, object or struct being written: whether an element has been written yet.
struct Compound<'w, const PRETTY: bool> {
    w: &'w mut Writer<PRETTY>,
    first: bool,
    /// The bracket that closes it.
    close: u8,
    /// For a variant with contents (`{"variant": ...}`), the object around them to close too.
    wrapped: bool,
}

impl<'w, const PRETTY: bool> Compound<'w, PRETTY> {
    fn new(w: &'w mut Writer<PRETTY>, open: u8, close: u8, wrapped: bool) -> Self {
        w.open(open);
        Compound {
            w,
            first: true,
            close,
            wrapped,
        }
    }

    #[inline(always)]
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.w.item(self.first);
        self.first = false;
        value.serialize(&mut *self.w)
    }

    #[inline(always)]
    fn field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        self.w.item(self.first);
        self.first = false;
        self.w.name(name);
        value.serialize(&mut *self.w)
    }

    #[inline(always)]
    fn finish(self) -> Result<(), Error> {
        self.w.close(self.close, self.first);
        if self.wrapped {
            self.w.close(b'}', false);
        }
        Ok(())
    }
}

impl<const PRETTY: bool> Writer<PRETTY> {
    /// `{"variant": ` before a variant's contents.
    fn variant_key(&mut self, variant: &'static str) {
        self.open(b'{');
        self.item(true);
        self.name(variant);
    }
}

impl<'w, const PRETTY: bool> ser::Serializer for &'w mut Writer<PRETTY> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, PRETTY>;
    type SerializeTuple = Compound<'w, PRETTY>;
    type SerializeTupleStruct = Compound<'w, PRETTY>;
    type SerializeTupleVariant = Compound<'w, PRETTY>;
    type SerializeMap = Compound<'w, PRETTY>;
    type SerializeStruct = Compound<'w, PRETTY>;
    type SerializeStructVariant = Compound<'w, PRETTY>;

    #[inline(always)]
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out
            .extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.signed(v.into());
        Ok(())
    }

    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.signed(v.into());
        Ok(())
    }

    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.signed(v.into());
        Ok(())
    }

    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.signed(v);
        Ok(())
    }

    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.out.extend_from_slice(v.to_string().as_bytes());
        Ok(())
    }

    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.unsigned(v.into());
        Ok(())
    }

    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.unsigned(v.into());
        Ok(())
    }

    #[inline(always)]
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.unsigned(v.into());
        Ok(())
    }

    #[inline(always)]
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.unsigned(v);
        Ok(())
    }

    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.out.extend_from_slice(v.to_string().as_bytes());
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        let text = serde_json::to_string(&v)?;
        self.out.extend_from_slice(text.as_bytes());
        Ok(())
    }

    #[inline(always)]
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v);
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.text(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    #[inline(always)]
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.text(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.serialize_element(b)?;
        }
        seq.end()
    }

    #[inline(always)]
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }

    #[inline(always)]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    #[inline(always)]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.text(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.variant_key(variant);
        value.serialize(&mut *self)?;
        self.close(b'}', false);
        Ok(())
    }

    #[inline(always)]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'w, PRETTY>, Error> {
        Ok(Compound::new(self, b'[', b']', false))
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'w, PRETTY>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, PRETTY>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, PRETTY>, Error> {
        self.variant_key(variant);
        Ok(Compound::new(self, b'[', b']', true))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'w, PRETTY>, Error> {
        Ok(Compound::new(self, b'{', b'}', false))
    }

    #[inline(always)]
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, PRETTY>, Error> {
        Ok(Compound::new(self, b'{', b'}', false))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, PRETTY>, Error> {
        self.variant_key(variant);
        Ok(Compound::new(self, b'{', b'}', true))
    }

    fn collect_str<T: Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        self.text(&value.to_string());
        Ok(())
    }
}

impl<const PRETTY: bool> ser::SerializeSeq for Compound<'_, PRETTY> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl<const PRETTY: bool> ser::SerializeTuple for Compound<'_, PRETTY> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl<const PRETTY: bool> ser::SerializeTupleStruct for Compound<'_, PRETTY> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl<const PRETTY: bool> ser::SerializeTupleVariant for Compound<'_, PRETTY> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl<const PRETTY: bool> ser::SerializeMap for Compound<'_, PRETTY> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.w.item(self.first);
        self.first = false;
        key.serialize(KeyWriter(&mut *self.w))?;
        self.w.after_key();
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.w)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl<const PRETTY: bool> ser::SerializeStruct for Compound<'_, PRETTY> {
    type Ok = ();
    type Error = Error;

    #[inline(always)]
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(name, value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl<const PRETTY: bool> ser::SerializeStructVariant for Compound<'_, PRETTY> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(name, value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// A map key: a text, or a number or boolean written as one, as `serde_json` writes keys.
struct KeyWriter<'w, const PRETTY: bool>(&'w mut Writer<PRETTY>);

/// The error for a key that cannot be a JSON string.
fn key_must_be_a_string() -> Error {
    ser::Error::custom("key must be a string")
}

impl<const PRETTY: bool> KeyWriter<'_, PRETTY> {
    /// A number or boolean as a key: its JSON text, quoted.
    fn quoted(self, text: impl Display) -> Result<(), Error> {
        self.0.text(&text.to_string());
        Ok(())
    }
}

impl<const PRETTY: bool> ser::Serializer for KeyWriter<'_, PRETTY> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.0.text(v);
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.0.text(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.0.text(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(ser::Error::custom("float key must be finite"));
        }
        self.quoted(serde_json::to_string(&v)?)
    }

    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(ser::Error::custom("float key must be finite"));
        }
        self.quoted(serde_json::to_string(&v)?)
    }

    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }

    fn collect_str<T: Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        self.0.text(&value.to_string());
        Ok(())
    }
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
        /// A field name that needs escapes.
        #[serde(rename = "odd \"name\" \u{9b}")]
        renamed: u8,
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
            renamed: 3,
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
