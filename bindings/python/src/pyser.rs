//! A serde serializer whose output is Python objects: what the libraries serialise (the JSON
//! contract of docs/json.md) becomes, with no JSON text in between, the dicts, lists, strings,
//! numbers, booleans and `None` that Python's `json.loads` would read from the text
//! `serde_json` writes for it: fields in the same order, integers as `int`, floating-point
//! numbers as `float` (and a non-finite one as `None`, as `serde_json` writes `null`), enum
//! variants as serde_json represents them.
//!
//! It is faster than `json.loads` of that text because it parses nothing and makes fewer
//! objects: field names are made once (the serialised types' names are `&'static str`s,
//! cached by address), and short strings and floating-point numbers, which repeat from game to
//! game (ruleset ids, counting methods, reasons, komi), are shared, since Python's strings and
//! floats are immutable. Every dict and list is new; the dict of a struct is a copy of the
//! first one made for a struct of that name and those fields at that place in the value (its
//! n-th struct; `PyDict_Copy` copies its key table at once), whose values are then replaced
//! in order, instead of a dict grown key by key; where the fields differ from the copy's, the
//! dict is made key by key. The copy keeps that first struct's numbers, strings and `None`s,
//! and the template their values as serde gave them ([`scalar`]): a field equal to it is left
//! as the copy holds it, without making its object. The struct at the same place of the next
//! game's report is mostly the same ruleset's same side of the same score, with many of the
//! same numbers: about two thirds of the stores, and of the objects, are spared.
//!
//! A struct the caller knows to repeat an earlier one of the same value (a score that another
//! ruleset of the report gave already) is not walked: its dicts are copies of the first one's
//! ([`repeats`]).

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use serde::ser::{self, Serialize};

mod repeats;
mod scalar;

pub use repeats::Repeats;
use repeats::{RepeatState, Start};
use scalar::Scalar;

/// Strings up to this length are shared.
const SHORT: usize = 48;
/// At most this many templates are kept.
const KEPT: usize = 8192;
/// The places of the string and the number caches: a value's place is picked by its hash. A
/// new value takes the place of the one there if that one was not asked for since it came or
/// since the last new value that wanted its place (which is then not kept): values asked for
/// again and again stay, values seen once (a file's name) pass.
const SLOTS: usize = 1024;

/// The objects shared between the values converted: field names, short strings, numbers.
#[derive(Default)]
pub struct Cache {
    names: HashMap<(usize, usize), Py<PyString>, Fx>,
    strings: Slots<Box<str>, PyString>,
    floats: Slots<u64, PyFloat>,
    /// Every template made.
    templates: Vec<Template>,
    /// Per struct name, number of fields and place: its template's index.
    by_key: HashMap<TemplateKey, usize, Fx>,
    /// Per struct name and number of fields: the index of its first template.
    by_kind: HashMap<(usize, usize), usize, Fx>,
    /// Per place below [`PLACES`]: the key and index of the template last used there.
    by_place: Vec<Option<(TemplateKey, usize)>>,
    /// The structs begun so far in the value being converted: the next one's place.
    place: usize,
    /// The repeats of the value being converted, as the caller told them.
    repeats: Option<RepeatState>,
    /// The last value's repeats, emptied: their vectors, for the next value's.
    spare: RepeatState,
    /// Emptied buffers of the lists' items, for the next lists (one allocation saved a list).
    buffers: Vec<Vec<Py<PyAny>>>,
}

/// At most this many buffers of list items are kept (one per level of lists being made).
const BUFFERS: usize = 16;

/// A struct's name (address and length), number of fields and place in the value.
type TemplateKey = (usize, usize, usize);

/// A cache of [`SLOTS`] places, made on first use.
struct Slots<K, T>(Vec<Option<Slot<K, T>>>);

/// A place of a cache: the value, its object, and whether it was asked for again.
struct Slot<K, T> {
    value: K,
    object: Py<T>,
    asked: bool,
}

impl<K, T> Default for Slots<K, T> {
    fn default() -> Self {
        Slots(Vec::new())
    }
}

impl<K, T> Slots<K, T> {
    /// The object kept for a value whose hash is `hash` and for which `is` holds, or else the
    /// object `make` makes, kept (with the value `key` gives) if the place is free.
    fn get<'py>(
        &mut self,
        py: Python<'py>,
        hash: u64,
        is: impl Fn(&K) -> bool,
        key: impl FnOnce() -> K,
        make: impl FnOnce() -> Bound<'py, T>,
    ) -> Bound<'py, T> {
        if self.0.is_empty() {
            self.0.resize_with(SLOTS, || None);
        }
        let place = &mut self.0[(hash >> (64 - SLOTS.trailing_zeros())) as usize];
        match place {
            Some(slot) if is(&slot.value) => {
                slot.asked = true;
                slot.object.bind(py).clone()
            }
            Some(slot) if slot.asked => {
                slot.asked = false;
                make()
            }
            _ => {
                let object = make();
                *place = Some(Slot {
                    value: key(),
                    object: object.clone().unbind(),
                    asked: false,
                });
                object
            }
        }
    }
}

/// Structs up to this place in a value have templates of their own (the place's struct in the
/// next value, as the same ruleset's score in the next game's report, often has the same
/// numbers); the structs after it share one per name.
const PLACES: usize = 1024;

/// The fields of the first struct of its kind, as they are put into its dict: its template's
/// key, and each field's name (its address), key and value if it is a scalar.
struct Recorded {
    key: TemplateKey,
    fields: Vec<(usize, Py<PyAny>, Option<Scalar>)>,
}

/// A dict made for a struct, copied for the next one with the same fields.
struct Template {
    dict: Py<PyDict>,
    /// The fields, in order.
    fields: Fields,
}

/// A template's field.
struct Field {
    /// Its name's address.
    at: usize,
    /// Its key in the dict.
    key: Py<PyAny>,
    /// Its value in the dict.
    value: Py<PyAny>,
    /// That value as serde gave it, if it is a scalar: a later struct's field equal to it is
    /// left as the copy has it, without making its object.
    scalar: Option<Scalar>,
}

type Fields = Box<[Field]>;

/// How a struct's dict is being filled.
enum Fill {
    /// Key by key (a map, or fields that differ from the template's).
    Fresh,
    /// A copy of the template of this index: the fields must come in its order, `done` of
    /// them so far.
    Copy { template: usize, done: usize },
    /// Key by key, recording the fields for a template (the first struct of its kind).
    /// Boxed: a rare case that would otherwise make every [`Map`] larger (and its moves
    /// calls to `memcpy`).
    Record(Box<Recorded>),
    /// A copy of the dicts of an earlier struct of its name, which it repeats ([`Repeats`]):
    /// its fields are not serialised.
    Repeat,
}

impl Cache {
    /// The index of the template for `key`, if there is one; once [`KEPT`] templates are
    /// made, the first template of the struct's name and number of fields at any place.
    fn template(&mut self, key: TemplateKey) -> Option<usize> {
        let found = self.template_at(key);
        if found.is_none() && self.templates.len() >= KEPT {
            return self.by_kind.get(&(key.0, key.1)).copied();
        }
        found
    }

    /// The index of the template for `key` at its place, if there is one.
    #[inline]
    fn template_at(&mut self, key: TemplateKey) -> Option<usize> {
        let place = key.2;
        if place < PLACES {
            if place >= self.by_place.len() {
                self.by_place.resize(place + 1, None);
            }
            if let Some((k, template)) = self.by_place[place] {
                if k == key {
                    return Some(template);
                }
            }
        }
        let template = *self.by_key.get(&key)?;
        if place < PLACES {
            self.by_place[place] = Some((key, template));
        }
        Some(template)
    }

    /// A field or variant name: made once per name.
    fn name<'py>(&mut self, py: Python<'py>, name: &'static str) -> Bound<'py, PyAny> {
        self.names
            .entry((name.as_ptr() as usize, name.len()))
            .or_insert_with(|| PyString::intern(py, name).unbind())
            .bind(py)
            .clone()
            .into_any()
    }

    fn string<'py>(&mut self, py: Python<'py>, s: &str) -> Bound<'py, PyAny> {
        if s.len() > SHORT {
            return PyString::new(py, s).into_any();
        }
        let mut hasher = FxHasher::default();
        hasher.write(s.as_bytes());
        self.strings
            .get(
                py,
                hasher.finish(),
                |text| **text == *s,
                || s.into(),
                || PyString::new(py, s),
            )
            .into_any()
    }

    fn float<'py>(&mut self, py: Python<'py>, v: f64) -> Bound<'py, PyAny> {
        if !v.is_finite() {
            // serde_json writes a non-finite number as null.
            return py.None().into_bound(py);
        }
        let bits = v.to_bits();
        self.floats
            .get(
                py,
                bits.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                |b| *b == bits,
                || bits,
                || PyFloat::new(py, v),
            )
            .into_any()
    }
}

/// `value` as Python objects, sharing what `cache` holds.
pub fn to_python<'py>(
    py: Python<'py>,
    cache: &mut Cache,
    value: &(impl Serialize + ?Sized),
) -> PyResult<Bound<'py, PyAny>> {
    convert(py, cache, value, None)
}

/// [`to_python`] for a value some of whose structs repeat earlier ones, as `repeats` says
/// (one per name).
pub fn to_python_repeating<'py>(
    py: Python<'py>,
    cache: &mut Cache,
    value: &(impl Serialize + ?Sized),
    repeats: Vec<Repeats>,
) -> PyResult<Bound<'py, PyAny>> {
    convert(py, cache, value, Some(repeats))
}

/// `value` as Python objects, with `repeats` under way for this value only.
fn convert<'py>(
    py: Python<'py>,
    cache: &mut Cache,
    value: &(impl Serialize + ?Sized),
    repeats: Option<Vec<Repeats>>,
) -> PyResult<Bound<'py, PyAny>> {
    cache.place = 0;
    cache.repeats = repeats.map(|repeats| {
        let mut state = std::mem::take(&mut cache.spare);
        state.begin(repeats);
        state
    });
    let out = value.serialize(Serializer { py, cache });
    if let Some(mut state) = cache.repeats.take() {
        state.clear();
        cache.spare = state;
    }
    out.map_err(|e| *e.0)
}

/// A Python error on the way, or a message from a `Serialize` implementation. Boxed: every
/// value converted returns a `Result` with it, which fits in two registers only if the error
/// is a pointer.
#[derive(Debug)]
pub struct Error(Box<PyErr>);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(Box::new(crate::errors::gorules_error(format!(
            "internal error: {msg}"
        ))))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Error(Box::new(e))
    }
}

/// The serializer: one value, with the cache.
pub struct Serializer<'a, 'py> {
    py: Python<'py>,
    cache: &'a mut Cache,
}

type Out<'py> = Result<Bound<'py, PyAny>, Error>;

impl<'a, 'py> Serializer<'a, 'py> {
    /// A dict begins: its mark for the repeats' recording, if one is under way.
    fn mark(&mut self) -> Option<usize> {
        self.cache.repeats.as_mut()?.dict_begun()
    }

    fn reborrow(&mut self) -> Serializer<'_, 'py> {
        Serializer {
            py: self.py,
            cache: self.cache,
        }
    }

    fn int(&self, v: impl IntoPyObject<'py>) -> Out<'py> {
        v.into_bound_py_any(self.py).map_err(Error::from)
    }

    /// `{variant: value}`, as serde_json writes a variant with data.
    fn variant(&mut self, variant: &'static str, value: Bound<'py, PyAny>) -> Out<'py> {
        let dict = PyDict::new(self.py);
        dict.set_item(self.cache.name(self.py, variant), value)?;
        Ok(dict.into_any())
    }
}

use pyo3::conversion::IntoPyObjectExt;

impl<'a, 'py> ser::Serializer for Serializer<'a, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'a, 'py>;
    type SerializeTuple = Seq<'a, 'py>;
    type SerializeTupleStruct = Seq<'a, 'py>;
    type SerializeTupleVariant = Seq<'a, 'py>;
    type SerializeMap = Map<'a, 'py>;
    type SerializeStruct = Map<'a, 'py>;
    type SerializeStructVariant = Map<'a, 'py>;

    fn serialize_bool(self, v: bool) -> Out<'py> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Out<'py> {
        self.int(v)
    }
    fn serialize_i16(self, v: i16) -> Out<'py> {
        self.int(v)
    }
    fn serialize_i32(self, v: i32) -> Out<'py> {
        self.int(v)
    }
    fn serialize_i64(self, v: i64) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u8(self, v: u8) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u16(self, v: u16) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u32(self, v: u32) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u64(self, v: u64) -> Out<'py> {
        self.int(v)
    }
    fn serialize_f32(self, v: f32) -> Out<'py> {
        Ok(self.cache.float(self.py, f64::from(v)))
    }
    fn serialize_f64(self, v: f64) -> Out<'py> {
        Ok(self.cache.float(self.py, v))
    }
    fn serialize_char(self, v: char) -> Out<'py> {
        let mut buf = [0u8; 4];
        Ok(self.cache.string(self.py, v.encode_utf8(&mut buf)))
    }
    fn serialize_str(self, v: &str) -> Out<'py> {
        Ok(self.cache.string(self.py, v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Out<'py> {
        // serde_json writes bytes as an array of numbers.
        Ok(PyList::new(self.py, v)?.into_any())
    }
    fn serialize_none(self) -> Out<'py> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Out<'py> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Out<'py> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Out<'py> {
        Ok(self.cache.name(self.py, variant))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        mut self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Out<'py> {
        let inner = value.serialize(self.reborrow())?;
        self.variant(variant, inner)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'a, 'py>, Error> {
        let mut items = self.cache.buffers.pop().unwrap_or_default();
        items.reserve(len.unwrap_or(0));
        Ok(Seq {
            ser: self,
            items,
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'a, 'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Seq<'a, 'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq<'a, 'py>, Error> {
        let mut seq = self.serialize_seq(Some(len))?;
        seq.variant = Some(variant);
        Ok(seq)
    }
    fn serialize_map(mut self, _len: Option<usize>) -> Result<Map<'a, 'py>, Error> {
        let dict = PyDict::new(self.py);
        let mark = self.mark();
        Ok(Map {
            ser: self,
            dict,
            key: None,
            variant: None,
            fill: Fill::Fresh,
            repeat: None,
            mark,
        })
    }
    fn serialize_struct(mut self, name: &'static str, len: usize) -> Result<Map<'a, 'py>, Error> {
        let begun = self.cache.place;
        let start = match &mut self.cache.repeats {
            Some(state) => state.struct_begun(self.py, name)?,
            None => Start::Other,
        };
        let repeat = match start {
            Start::Other => None,
            Start::Walked(id) => Some((id, begun)),
            Start::Repeat { id, dict, span } => {
                // The structs after it keep the places they have when it is walked.
                self.cache.place += span;
                return Ok(Map {
                    dict,
                    ser: self,
                    key: None,
                    variant: None,
                    fill: Fill::Repeat,
                    repeat: Some((id, begun)),
                    mark: None,
                });
            }
        };
        let mark = self.mark();
        let key = (name.as_ptr() as usize, len, self.cache.place.min(PLACES));
        self.cache.place += 1;
        let (dict, fill) = match self.cache.template(key) {
            Some(template) => (
                self.cache.templates[template].dict.bind(self.py).copy()?,
                Fill::Copy { template, done: 0 },
            ),
            None => (
                PyDict::new(self.py),
                Fill::Record(Box::new(Recorded {
                    key,
                    fields: Vec::with_capacity(len),
                })),
            ),
        };
        Ok(Map {
            ser: self,
            dict,
            key: None,
            variant: None,
            fill,
            repeat,
            mark,
        })
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Map<'a, 'py>, Error> {
        let mut map = self.serialize_map(Some(len))?;
        map.variant = Some(variant);
        Ok(map)
    }
}

/// A list being made.
pub struct Seq<'a, 'py> {
    ser: Serializer<'a, 'py>,
    items: Vec<Py<PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Seq<'_, 'py> {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        let v = value.serialize(self.ser.reborrow())?;
        self.items.push(v.unbind());
        Ok(())
    }

    fn finish(mut self) -> Out<'py> {
        let list = PyList::new(self.ser.py, self.items.drain(..))?.into_any();
        if self.ser.cache.buffers.len() < BUFFERS {
            self.ser.cache.buffers.push(std::mem::take(&mut self.items));
        }
        match self.variant {
            Some(v) => self.ser.variant(v, list),
            None => Ok(list),
        }
    }
}

impl<'py> ser::SerializeSeq for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeTuple for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleStruct for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleVariant for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

/// A dict being made.
pub struct Map<'a, 'py> {
    ser: Serializer<'a, 'py>,
    dict: Bound<'py, PyDict>,
    /// A map's key, waiting for its value.
    key: Option<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
    fill: Fill,
    /// For a struct of one of the [`Repeats`]' names: which, and the place it began at.
    repeat: Option<(repeats::Id, usize)>,
    /// Its mark for the repeats' recording.
    mark: Option<usize>,
}

impl<'py> Map<'_, 'py> {
    fn finish(mut self) -> Out<'py> {
        match std::mem::replace(&mut self.fill, Fill::Fresh) {
            Fill::Copy { template, done }
                if done != self.ser.cache.templates[template].fields.len() =>
            {
                self.key_by_key(done)?
            }
            Fill::Record(recorded)
                if self.ser.cache.templates.len() < KEPT
                    && recorded.fields.len() == self.dict.len() =>
            {
                let Recorded { key, fields } = *recorded;
                // The template keeps this struct's immutable values (numbers, strings, `None`),
                // which the next structs' fields often repeat (the same cached objects): a
                // copy's field holding its value already is left as it is. A dict or list is
                // never the same object again: its place holds `None`.
                let py = self.ser.py;
                let dict = self.dict.copy()?;
                let mut kept = Vec::with_capacity(fields.len());
                for ((at, key, scalar), value) in fields.into_iter().zip(dict.values()) {
                    let value =
                        if value.is_instance_of::<PyDict>() || value.is_instance_of::<PyList>() {
                            dict.set_item(&key, py.None())?;
                            py.None()
                        } else {
                            value.unbind()
                        };
                    kept.push(Field {
                        at,
                        key,
                        value,
                        scalar,
                    });
                }
                let template = Template {
                    dict: dict.unbind(),
                    fields: kept.into(),
                };
                let cache = &mut *self.ser.cache;
                cache.by_key.insert(key, cache.templates.len());
                cache
                    .by_kind
                    .entry((key.0, key.1))
                    .or_insert(cache.templates.len());
                cache.templates.push(template);
            }
            _ => {}
        }
        let place = self.ser.cache.place;
        if let Some(state) = &mut self.ser.cache.repeats {
            state.dict_done(self.mark, &self.dict);
            if let Some((id, begun)) = self.repeat {
                state.struct_done(id, place - begun);
            }
        }
        let dict = self.dict.into_any();
        match self.variant {
            Some(v) => self.ser.variant(v, dict),
            None => Ok(dict),
        }
    }

    /// Goes on key by key, in a new dict holding the first `done` fields of the copy.
    fn key_by_key(&mut self, done: usize) -> Result<(), Error> {
        let fresh = PyDict::new(self.ser.py);
        for (k, v) in self.dict.iter().take(done) {
            fresh.set_item(k, v)?;
        }
        self.dict = fresh;
        self.fill = Fill::Fresh;
        Ok(())
    }

    /// A struct's field. Kept small, so that the most frequent case, a field the copy holds
    /// already, costs few instructions; the others are [`Map::made_field`]'s.
    #[inline(always)]
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        let at = key.as_ptr() as usize;
        match &mut self.fill {
            Fill::Repeat => return Ok(()),
            Fill::Copy { template, done } => {
                // The copy holds this very scalar already: nothing to make.
                let same = self.ser.cache.templates[*template]
                    .fields
                    .get(*done)
                    .filter(|f| f.at == at)
                    .and_then(|f| f.scalar.as_ref())
                    .is_some_and(|s| s.is(value));
                if same {
                    *done += 1;
                    if let Some(state) = &mut self.ser.cache.repeats {
                        state.scalar_put();
                    }
                    return Ok(());
                }
            }
            Fill::Record(_) | Fill::Fresh => {}
        }
        self.made_field(at, key, value)
    }

    /// A struct's field whose value is made: put into the copy, or into a dict made key by
    /// key.
    #[inline(never)]
    fn made_field<T: ?Sized + Serialize>(
        &mut self,
        at: usize,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let scalar = match self.fill {
            Fill::Record(_) => Scalar::of(value),
            _ => None,
        };
        let v = value.serialize(self.ser.reborrow())?;
        if let Fill::Copy { template, done } = &mut self.fill {
            let fields = &self.ser.cache.templates[*template].fields;
            if let Some(field) = fields.get(*done).filter(|f| f.at == at) {
                // The copy holds this key already, and maybe this very value.
                let key = field.key.bind(self.ser.py);
                if let Some(state) = &mut self.ser.cache.repeats {
                    state.value_put(|| key.clone().unbind(), &v);
                }
                if field.value.as_ptr() != v.as_ptr() {
                    self.dict.set_item(key, v)?;
                }
                *done += 1;
                return Ok(());
            }
            let done = *done;
            self.key_by_key(done)?;
        }
        let k = self.ser.cache.name(self.ser.py, key);
        if let Fill::Record(recorded) = &mut self.fill {
            recorded.fields.push((at, k.clone().unbind(), scalar));
        }
        if let Some(state) = &mut self.ser.cache.repeats {
            state.value_put(|| k.clone().unbind(), &v);
        }
        self.dict.set_item(k, v)?;
        Ok(())
    }
}

impl<'py> ser::SerializeMap for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        let k = key.serialize(self.ser.reborrow())?;
        // JSON keys are strings: serde_json writes a number key as its digits.
        let k = if k.is_instance_of::<PyString>() {
            k
        } else {
            k.str()?.into_any()
        };
        self.key = Some(k);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        let k = self
            .key
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        let v = value.serialize(self.ser.reborrow())?;
        if let Some(state) = &mut self.ser.cache.repeats {
            state.value_put(|| k.clone().unbind(), &v);
        }
        self.dict.set_item(k, v)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeStruct for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeStructVariant for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

/// A fast hasher for the cache's small keys (FxHash's multiply-and-rotate).
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // The last bytes, little-endian, as a zero-padded chunk would read (byte by byte:
            // a copy of a length not known at compile time is a call to `memcpy`).
            let n = rest
                .iter()
                .rev()
                .fold(0u64, |n, &byte| (n << 8) | u64::from(byte));
            self.write_u64(n);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type Fx = BuildHasherDefault<FxHasher>;
