//! A field's value as serde gives it, before it is a Python object: a template keeps the
//! value of each of its fields that is a scalar (a number, a string, a boolean, `null`), and
//! the same field of a later struct is compared with it first. Where they are equal, the
//! copy of the template holds that value already and no Python object is made for it.

use std::fmt;

use serde::ser::{self, Impossible, Serialize};

/// A scalar as serde_json writes it: values that write alike are equal.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Scalar {
    /// `null`: `None`, `()`, a unit struct, and a non-finite number.
    Null,
    Bool(bool),
    /// Any integer type up to 64 bits (the serializer's: it makes no 128-bit integer).
    Int(i128),
    /// A finite floating-point number, by its bits.
    Float(u64),
    /// A string, a character or a unit variant's name.
    Str(Box<str>),
}

impl Scalar {
    /// `value`, if it is a scalar.
    pub(super) fn of<T: ?Sized + Serialize>(value: &T) -> Option<Scalar> {
        value.serialize(Capture).ok()
    }

    /// Whether `value` is this scalar. Anything else (a struct, a list, a map, an enum
    /// variant with data, an error of its `Serialize` implementation) is not.
    #[inline]
    pub(super) fn is<T: ?Sized + Serialize>(&self, value: &T) -> bool {
        value.serialize(Matches(self)) == Ok(true)
    }

    fn float(v: f64) -> Scalar {
        if v.is_finite() {
            Scalar::Float(v.to_bits())
        } else {
            Scalar::Null
        }
    }
}

/// The error of [`Capture`] and [`Matches`]: the value is not a scalar.
#[derive(Debug, PartialEq)]
pub(super) struct NotScalar;

impl fmt::Display for NotScalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a scalar")
    }
}

impl std::error::Error for NotScalar {}

impl ser::Error for NotScalar {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        NotScalar
    }
}

/// Implements a serializer of scalars from its five methods, which [`Capture`] and [`Matches`]
/// each have: `bool`, `int` (any integer type up to 64 bits), `float`, `str` (a string, a
/// character, a unit variant's name) and `null`. Every compound value is [`NotScalar`], and
/// wrappers serialise what they wrap.
macro_rules! scalar_serializer {
    () => {
        type Error = NotScalar;
        type SerializeSeq = Impossible<Self::Ok, NotScalar>;
        type SerializeTuple = Impossible<Self::Ok, NotScalar>;
        type SerializeTupleStruct = Impossible<Self::Ok, NotScalar>;
        type SerializeTupleVariant = Impossible<Self::Ok, NotScalar>;
        type SerializeMap = Impossible<Self::Ok, NotScalar>;
        type SerializeStruct = Impossible<Self::Ok, NotScalar>;
        type SerializeStructVariant = Impossible<Self::Ok, NotScalar>;

        fn serialize_bool(self, v: bool) -> Result<Self::Ok, NotScalar> {
            self.bool(v)
        }
        fn serialize_i8(self, v: i8) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_i16(self, v: i16) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_i32(self, v: i32) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_i64(self, v: i64) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_u8(self, v: u8) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_u16(self, v: u16) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_u32(self, v: u32) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_u64(self, v: u64) -> Result<Self::Ok, NotScalar> {
            self.int(v.into())
        }
        fn serialize_f32(self, v: f32) -> Result<Self::Ok, NotScalar> {
            self.float(f64::from(v))
        }
        fn serialize_f64(self, v: f64) -> Result<Self::Ok, NotScalar> {
            self.float(v)
        }
        fn serialize_char(self, v: char) -> Result<Self::Ok, NotScalar> {
            let mut buf = [0u8; 4];
            self.str(v.encode_utf8(&mut buf))
        }
        fn serialize_str(self, v: &str) -> Result<Self::Ok, NotScalar> {
            self.str(v)
        }
        fn serialize_none(self) -> Result<Self::Ok, NotScalar> {
            self.null()
        }
        fn serialize_unit(self) -> Result<Self::Ok, NotScalar> {
            self.null()
        }
        fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok, NotScalar> {
            self.null()
        }
        fn serialize_unit_variant(
            self,
            _name: &'static str,
            _index: u32,
            variant: &'static str,
        ) -> Result<Self::Ok, NotScalar> {
            self.str(variant)
        }
        fn serialize_bytes(self, _v: &[u8]) -> Result<Self::Ok, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Self::Ok, NotScalar> {
            value.serialize(self)
        }
        fn serialize_newtype_struct<T: ?Sized + Serialize>(
            self,
            _name: &'static str,
            value: &T,
        ) -> Result<Self::Ok, NotScalar> {
            value.serialize(self)
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _name: &'static str,
            _index: u32,
            _variant: &'static str,
            _value: &T,
        ) -> Result<Self::Ok, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_tuple_struct(
            self,
            _name: &'static str,
            _len: usize,
        ) -> Result<Self::SerializeTupleStruct, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_tuple_variant(
            self,
            _name: &'static str,
            _index: u32,
            _variant: &'static str,
            _len: usize,
        ) -> Result<Self::SerializeTupleVariant, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_struct(
            self,
            _name: &'static str,
            _len: usize,
        ) -> Result<Self::SerializeStruct, NotScalar> {
            Err(NotScalar)
        }
        fn serialize_struct_variant(
            self,
            _name: &'static str,
            _index: u32,
            _variant: &'static str,
            _len: usize,
        ) -> Result<Self::SerializeStructVariant, NotScalar> {
            Err(NotScalar)
        }
    };
}

/// Makes the [`Scalar`] of a value.
struct Capture;

impl Capture {
    fn bool(self, v: bool) -> Result<Scalar, NotScalar> {
        Ok(Scalar::Bool(v))
    }
    fn int(self, v: i128) -> Result<Scalar, NotScalar> {
        Ok(Scalar::Int(v))
    }
    fn float(self, v: f64) -> Result<Scalar, NotScalar> {
        Ok(Scalar::float(v))
    }
    fn str(self, v: &str) -> Result<Scalar, NotScalar> {
        Ok(Scalar::Str(v.into()))
    }
    fn null(self) -> Result<Scalar, NotScalar> {
        Ok(Scalar::Null)
    }
}

impl ser::Serializer for Capture {
    type Ok = Scalar;
    scalar_serializer!();
}

/// Tells whether a value is the [`Scalar`] it holds, without making anything.
struct Matches<'s>(&'s Scalar);

impl Matches<'_> {
    fn bool(self, v: bool) -> Result<bool, NotScalar> {
        Ok(*self.0 == Scalar::Bool(v))
    }
    fn int(self, v: i128) -> Result<bool, NotScalar> {
        Ok(*self.0 == Scalar::Int(v))
    }
    fn float(self, v: f64) -> Result<bool, NotScalar> {
        Ok(match *self.0 {
            Scalar::Float(bits) => v.to_bits() == bits,
            Scalar::Null => !v.is_finite(),
            _ => false,
        })
    }
    fn str(self, v: &str) -> Result<bool, NotScalar> {
        Ok(matches!(self.0, Scalar::Str(s) if **s == *v))
    }
    fn null(self) -> Result<bool, NotScalar> {
        Ok(*self.0 == Scalar::Null)
    }
}

impl ser::Serializer for Matches<'_> {
    type Ok = bool;
    scalar_serializer!();
}
