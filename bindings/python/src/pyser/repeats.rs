//! Structs that repeat an earlier one of the same value: the scores of a game's report, most
//! of which equal another ruleset's. The caller, who holds the typed value, says which repeat
//! which ([`Repeats`]: serde gives a serializer no means to compare values); the serializer
//! then makes a repeat by copying the dicts of the struct it repeats instead of walking it
//! again.
//!
//! The copy knows the first struct's shape: while that struct is converted (if a later one
//! repeats it), every dict made inside it is recorded as a node, with the key under which each
//! of its children hangs ([`Recording`]). A copy is then one `PyDict_Copy` per node and one
//! store per child, without reading the dicts back. A struct holding anything else the
//! recording does not follow (a list, or a dict not made as a node, as the `{variant: value}`
//! of an enum) is not recorded, and its repeats are converted as any struct.

use std::ops::Range;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Structs of one name in a value of which some are known to equal an earlier one of that
/// name.
pub struct Repeats {
    /// The structs' name, as their `Serialize` implementation gives it.
    pub name: &'static str,
    /// For the n-th struct of that name in the value, in the order serde serialises them: the
    /// index of the earlier one it equals, field for field and bit for bit, if any.
    pub of: Vec<Option<usize>>,
}

/// A dict made inside a recorded struct.
struct Node {
    dict: Py<PyDict>,
    /// Its values that are dicts: the key each hangs under and its node's index (in
    /// [`RepeatState::children`]).
    children: Range<usize>,
}

/// A struct of [`Repeats`]' name, converted: its nodes in the order they were finished (a
/// node's children before it, the struct's own dict last; indices of
/// [`RepeatState::nodes`]), and the structs it spans (itself and those inside it), which a
/// repeat skips over in the count of places.
struct Made {
    nodes: Range<usize>,
    span: usize,
}

/// A struct of one of the [`Repeats`]' names: the index of the name and its index among the
/// structs of that name.
pub(super) type Id = (usize, usize);

/// The struct being recorded.
struct Recording {
    id: Id,
    /// The length of [`RepeatState::nodes`] and [`RepeatState::children`] when it began.
    nodes: usize,
    children: usize,
    /// The node last finished and its object's address, until its parent takes it.
    last: Option<(usize, usize)>,
    /// Whether something was met that the recording cannot follow.
    spoilt: bool,
}

/// What a struct of any name is, as far as the repeats go.
pub(super) enum Start<'py> {
    /// Any struct.
    Other,
    /// A struct of one of the [`Repeats`]' names, walked (and recorded if it can be).
    Walked(Id),
    /// A struct of one of those names that repeats an earlier one, which spans `span`
    /// structs: its dict, a copy of that one's.
    Repeat {
        id: Id,
        dict: Bound<'py, PyDict>,
        span: usize,
    },
}

/// One [`Repeats`] during a conversion.
struct Kind {
    repeats: Repeats,
    /// Per struct of its name begun so far: how it was made, once finished, if it can be
    /// copied and a later one repeats it.
    made: Vec<Option<Made>>,
    /// Per struct of its name: whether a later one repeats it (only those are recorded).
    repeated: Vec<bool>,
}

/// The [`Repeats`] of a conversion, under way. Its vectors are kept from conversion to
/// conversion ([`RepeatState::clear`]): once the first values are converted, their repeats
/// allocate nothing but what the caller gives.
#[derive(Default)]
pub(super) struct RepeatState {
    kinds: Vec<Kind>,
    recording: Option<Recording>,
    /// The nodes of the recorded structs, one struct after the other.
    nodes: Vec<Node>,
    /// The nodes' children, one node after the other.
    children: Vec<(Py<PyAny>, usize)>,
    /// The children found so far of the dicts being filled, innermost last; each dict's begin
    /// at the length it found ([`RepeatState::dict_begun`]).
    edges: Vec<(Py<PyAny>, usize)>,
    /// The copies of a repeat's nodes, while it is copied.
    copies: Vec<Py<PyDict>>,
}

impl RepeatState {
    /// Begins a conversion with `repeats`, in the vectors the last one left ([`clear`]ed, or
    /// new).
    ///
    /// [`clear`]: RepeatState::clear
    pub(super) fn begin(&mut self, repeats: Vec<Repeats>) {
        self.kinds.truncate(repeats.len());
        for (n, repeats) in repeats.into_iter().enumerate() {
            if n < self.kinds.len() {
                self.kinds[n].repeats = repeats;
            } else {
                self.kinds.push(Kind {
                    repeats,
                    made: Vec::new(),
                    repeated: Vec::new(),
                });
            }
            let kind = &mut self.kinds[n];
            kind.repeated.resize(kind.repeats.of.len(), false);
            for &of in kind.repeats.of.iter().flatten() {
                if let Some(r) = kind.repeated.get_mut(of) {
                    *r = true;
                }
            }
        }
    }

    /// Drops what the last conversion made, keeping the vectors.
    pub(super) fn clear(&mut self) {
        for kind in &mut self.kinds {
            kind.made.clear();
            kind.repeated.clear();
        }
        self.recording = None;
        self.nodes.clear();
        self.children.clear();
        self.edges.clear();
        self.copies.clear();
    }

    /// A struct named `name` begins.
    pub(super) fn struct_begun<'py>(
        &mut self,
        py: Python<'py>,
        name: &'static str,
    ) -> PyResult<Start<'py>> {
        let Some(k) = self
            .kinds
            .iter()
            .position(|k| same_name(k.repeats.name, name))
        else {
            return Ok(Start::Other);
        };
        let kind = &mut self.kinds[k];
        let n = kind.made.len();
        kind.made.push(None);
        let of = kind.repeats.of.get(n).copied().flatten();
        if let Some(made) = of.and_then(|of| kind.made.get(of)?.as_ref()) {
            let span = made.span;
            let nodes = made.nodes.clone();
            return Ok(Start::Repeat {
                id: (k, n),
                dict: self.copy(py, nodes)?,
                span,
            });
        }
        let repeated = kind.repeated.get(n).copied().unwrap_or(false);
        if repeated && self.recording.is_none() {
            self.recording = Some(Recording {
                id: (k, n),
                nodes: self.nodes.len(),
                children: self.children.len(),
                last: None,
                spoilt: false,
            });
        }
        Ok(Start::Walked((k, n)))
    }

    /// A dict begins to be filled: its mark for [`RepeatState::dict_done`].
    pub(super) fn dict_begun(&mut self) -> Option<usize> {
        self.recording.as_ref()?;
        Some(self.edges.len())
    }

    /// A dict that began with `mark` is finished.
    pub(super) fn dict_done(&mut self, mark: Option<usize>, dict: &Bound<'_, PyDict>) {
        let (Some(mark), Some(r)) = (mark, &mut self.recording) else {
            return;
        };
        let first = self.children.len();
        self.children
            .extend(self.edges.drain(mark.min(self.edges.len())..));
        r.last = Some((self.nodes.len(), dict.as_ptr() as usize));
        self.nodes.push(Node {
            dict: dict.clone().unbind(),
            children: first..self.children.len(),
        });
    }

    /// `value` was put into the dict being filled, under the key `key` gives.
    #[inline]
    pub(super) fn value_put(&mut self, key: impl FnOnce() -> Py<PyAny>, value: &Bound<'_, PyAny>) {
        let Some(r) = &mut self.recording else {
            return;
        };
        let last = r.last.take();
        if value.is_exact_instance_of::<PyDict>() {
            match last {
                Some((node, at)) if at == value.as_ptr() as usize => self.edges.push((key(), node)),
                _ => r.spoilt = true,
            }
        } else if value.is_exact_instance_of::<PyList>() {
            r.spoilt = true;
        }
    }

    /// A scalar was left in the dict being filled as the copy of its template holds it.
    #[inline]
    pub(super) fn scalar_put(&mut self) {
        if let Some(r) = &mut self.recording {
            r.last = None;
        }
    }

    /// The struct `id` is finished, spanning `span` structs: kept for its repeats if it was
    /// recorded whole (its own dict is the last node).
    pub(super) fn struct_done(&mut self, id: Id, span: usize) {
        let Some(r) = self.recording.take_if(|r| r.id == id) else {
            return;
        };
        if !r.spoilt && self.edges.is_empty() {
            self.kinds[id.0].made[id.1] = Some(Made {
                nodes: r.nodes..self.nodes.len(),
                span,
            });
        } else {
            self.nodes.truncate(r.nodes);
            self.children.truncate(r.children);
            self.edges.clear();
        }
    }

    /// A copy of the dict of the struct made of `nodes`: its dicts new, all the way down, the
    /// rest (immutable) shared.
    fn copy<'py>(&mut self, py: Python<'py>, nodes: Range<usize>) -> PyResult<Bound<'py, PyDict>> {
        let first = nodes.start;
        self.copies.clear();
        for node in &self.nodes[nodes] {
            let copy = node.dict.bind(py).copy()?;
            for (key, child) in &self.children[node.children.clone()] {
                copy.set_item(key.bind(py), self.copies[*child - first].bind(py))?;
            }
            self.copies.push(copy.unbind());
        }
        self.copies
            .pop()
            .map(|dict| dict.into_bound(py))
            .ok_or_else(|| {
                crate::errors::gorules_error("internal error: a repeat of a struct with no dict")
            })
    }
}

/// Whether two struct names are the same. It runs for every struct converted: the same name
/// is mostly the very same string (its `Serialize` implementation's), and names of the same
/// length (`SideScore` and `EndOfPlay`) mostly differ in their first byte; both are told
/// before the call to `memcmp` that compares the rest.
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && (a.as_ptr() == b.as_ptr() || (a.as_bytes().first() == b.as_bytes().first() && a == b))
}
