//! JSON text of any `Serialize` value, byte for byte as `serde_json` writes it (compact, or
//! pretty with two spaces a level), appended to a `String` the caller may reuse, and optionally
//! pretty at a depth: as a part of an enclosing document, every line after the first starting
//! with that document's indentation. One difference: DEL and the C1 control characters
//! (U+007F to U+009F), which `serde_json` writes raw and a terminal may obey (U+009B opens an
//! escape sequence), are written `\u007f` to `\u009f`, so that no control character of a
//! record reaches the output raw.
//!
//! A report is mostly field names and short values, and this writer is built for that: a
//! field or variant name (fixed in the code, never needing an escape) is copied as it is, where
//! `serde_json` looks at each of its bytes for characters to escape and copies it in several
//! small pieces; a text is looked at once and copied whole when it needs no escape; a line
//! break with its indentation is one slice; whole and quarter points are written without
//! float formatting. The text is a `String` from the start, so it is never checked as UTF-8.

use std::fmt::Display;

use serde::ser::{self, Serialize};

/// The errors of writing: only a value that refuses to serialise, or a map key that is not a
/// text (JSON keys are strings), as `serde_json` refuses it.
pub type Error = serde_json::Error;

/// `value` as compact JSON (`serde_json::to_string`), appended to `out`.
pub fn write_compact<T: Serialize + ?Sized>(out: &mut String, value: &T) -> Result<(), Error> {
    Writer::<false>::run(out, value, 0)
}

/// `value` as pretty JSON (`serde_json::to_string_pretty`), appended to `out`, with `base`
/// spaces before every line but the first (which continues the text before it).
pub fn write_pretty<T: Serialize + ?Sized>(
    out: &mut String,
    value: &T,
    base: usize,
) -> Result<(), Error> {
    Writer::<true>::run(out, value, base)
}

/// `value` as compact JSON in a new `String`.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = String::new();
    write_compact(&mut out, value)?;
    Ok(out)
}

/// `value` as pretty JSON in a new `String`.
pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = String::new();
    write_pretty(&mut out, value, 0)?;
    Ok(out)
}

/// A comma, a line break and spaces: every separator with its indentation is one slice of it.
const BREAKS: &str = {
    const B: [u8; 2 + MAX_INDENT] = {
        let mut b = [b' '; 2 + MAX_INDENT];
        b[0] = b',';
        b[1] = b'\n';
        b
    };
    match std::str::from_utf8(&B) {
        Ok(s) => s,
        Err(_) => panic!("ASCII"),
    }
};

/// The deepest indentation written in one piece; deeper ones are written in several.
const MAX_INDENT: usize = 126;

/// The bytes of `BREAKS` copied for a line break with its indentation, as one copy of fixed
/// length (then cut back), when they fit.
const SHORT_BREAK: usize = 32;

/// The serializer: the text so far, and for pretty JSON (`PRETTY`) the indentation of the
/// current depth. It owns its text (one indirection less on every write).
struct Writer<const PRETTY: bool> {
    out: String,
    /// The spaces before a line of pretty JSON at the current depth: the base indentation and
    /// two a container open.
    indent: usize,
}

impl<const PRETTY: bool> Writer<PRETTY> {
    /// Appends `value` to `out`.
    fn run<T: Serialize + ?Sized>(out: &mut String, value: &T, base: usize) -> Result<(), Error> {
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
    fn open(&mut self, bracket: char) {
        self.indent += 2;
        self.out.push(bracket);
    }

    /// Closes an array or object, after a line break when pretty and not empty.
    #[inline]
    fn close(&mut self, bracket: char, empty: bool) {
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
            self.out.push(',');
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
            self.out.push_str(&BREAKS[from..from + SHORT_BREAK]);
            self.out.truncate(end);
        } else {
            self.long_break(from, spaces);
        }
    }

    /// [`Writer::line_break`] with `spaces` of indentation, in pieces of at most
    /// [`MAX_INDENT`].
    fn long_break(&mut self, from: usize, mut spaces: usize) {
        let first = spaces.min(MAX_INDENT);
        self.out.push_str(&BREAKS[from..2 + first]);
        spaces -= first;
        while spaces > 0 {
            let n = spaces.min(MAX_INDENT);
            self.out.push_str(&BREAKS[2..2 + n]);
            spaces -= n;
        }
    }

    /// A field or variant name given in the code, which needs no escape, and what follows it.
    #[inline(always)]
    fn name(&mut self, name: &'static str) {
        debug_assert!(!name.bytes().any(needs_escape), "{name:?}");
        self.out.push('"');
        self.out.push_str(name);
        self.out.push_str(if PRETTY { "\": " } else { "\":" });
    }

    /// What follows a key written as a value.
    #[inline]
    fn after_key(&mut self) {
        self.out.push_str(if PRETTY { ": " } else { ":" });
    }

    /// A text as a JSON string, escaped as `serde_json` escapes it, and DEL and the C1 controls
    /// too.
    #[inline(always)]
    fn text(&mut self, text: &str) {
        self.out.push('"');
        if text.bytes().any(needs_escape) {
            escape_into(&mut self.out, text);
        } else {
            self.out.push_str(text);
        }
        self.out.push('"');
    }

    #[inline(always)]
    fn unsigned(&mut self, n: u64) {
        if n < 10 {
            self.out.push(char::from(b'0' + n as u8));
        } else if n < 100 {
            self.out.push(char::from(b'0' + (n / 10) as u8));
            self.out.push(char::from(b'0' + (n % 10) as u8));
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
            self.out.push(char::from(d));
        }
    }

    fn signed(&mut self, n: i64) {
        if n < 0 {
            self.out.push('-');
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
                self.out.push('-');
            }
            let q = q.unsigned_abs();
            self.unsigned(q >> 2);
            self.out.push('.');
            match q & 3 {
                0 => self.out.push('0'),
                1 => {
                    self.out.push('2');
                    self.out.push('5');
                }
                2 => self.out.push('5'),
                _ => {
                    self.out.push('7');
                    self.out.push('5');
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
        self.out.push_str(&text);
    }
}

/// Whether a text holding this byte may need an escape: `"`, `\`, a control character below
/// space, DEL, or the first byte of U+0080 to U+00BF in UTF-8 (the C1 controls among them).
#[inline]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\' || b == 0x7f || b == 0xc2
}

/// Whether this character is written escaped.
#[inline]
fn escaped(c: char) -> bool {
    c < ' ' || c == '"' || c == '\\' || ('\u{7f}'..='\u{9f}').contains(&c)
}

/// `text` escaped as `serde_json` escapes it (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and
/// `\u00XX` in lower-case hex for the other control characters below space), and DEL and the
/// C1 controls as `\u00XX` too.
fn escape_into(out: &mut String, text: &str) {
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if !escaped(c) {
            continue;
        }
        out.push_str(&text[start..i]);
        start = i + c.len_utf8();
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let code = c as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX[code >> 4]));
                out.push(char::from(HEX[code & 15]));
            }
        }
    }
    out.push_str(&text[start..]);
}

/// An array, object or struct being written: whether an element has been written yet.
struct Compound<'w, const PRETTY: bool> {
    w: &'w mut Writer<PRETTY>,
    first: bool,
    /// The bracket that closes it.
    close: char,
    /// For a variant with contents (`{"variant": ...}`), the object around them to close too.
    wrapped: bool,
}

impl<'w, const PRETTY: bool> Compound<'w, PRETTY> {
    fn new(w: &'w mut Writer<PRETTY>, open: char, close: char, wrapped: bool) -> Self {
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
            self.w.close('}', false);
        }
        Ok(())
    }
}

impl<const PRETTY: bool> Writer<PRETTY> {
    /// `{"variant": ` before a variant's contents.
    fn variant_key(&mut self, variant: &'static str) {
        self.open('{');
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
        self.out.push_str(if v { "true" } else { "false" });
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
        self.out.push_str(&v.to_string());
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
        self.out.push_str(&v.to_string());
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        let text = serde_json::to_string(&v)?;
        self.out.push_str(&text);
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
        self.out.push_str("null");
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
        self.close('}', false);
        Ok(())
    }

    #[inline(always)]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'w, PRETTY>, Error> {
        Ok(Compound::new(self, '[', ']', false))
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
        Ok(Compound::new(self, '[', ']', true))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'w, PRETTY>, Error> {
        Ok(Compound::new(self, '{', '}', false))
    }

    #[inline(always)]
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, PRETTY>, Error> {
        Ok(Compound::new(self, '{', '}', false))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, PRETTY>, Error> {
        self.variant_key(variant);
        Ok(Compound::new(self, '{', '}', true))
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

    /// `serde_json`'s text with DEL and the C1 controls escaped, as this writer writes them.
    fn c1_escaped(json: &str) -> String {
        gorules_rules::printer::escape_c1_in_json(json.to_string())
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
            text: "quote \" backslash \\ tab \t nl \n cr \r bell \u{7} \u{8}\u{c}\u{1f}\u{7f} été 围棋"
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
                ("a\"b".to_string(), vec![1.0, -2.5, 1e300, f64::NAN]),
                ("c".to_string(), vec![]),
            ]
            .into(),
            ints: [(-3, false), (5, true)].into(),
            flat: [("flat".to_string(), 1)].into(),
            skipped: None,
        }
    }

    #[test]
    fn writes_what_serde_json_writes() {
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
        // Appended to what is there.
        let mut out = String::from("x");
        write_compact(&mut out, &[1, 2]).unwrap();
        assert_eq!(out, "x[1,2]");
    }

    #[test]
    fn pretty_at_a_depth_indents_every_line_after_the_first() {
        let d = doc();
        let pretty = c1_escaped(&serde_json::to_string_pretty(&d).unwrap());
        for base in [0, 4, 300] {
            let mut out = String::new();
            write_pretty(&mut out, &d, base).unwrap();
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
            assert_eq!(out, expected.join("\n"));
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
