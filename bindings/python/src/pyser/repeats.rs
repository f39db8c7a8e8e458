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
    /// Its values that are dicts: the key each hangs under and its node's index.
    children: Vec<(Py<PyAny>, usize)>,
}

/// A struct of [`Repeats`]' name, converted: its nodes in the order they were finished (a
/// node's children before it, the struct's own dict last), and the structs it spans (itself
/// and those inside it), which a repeat skips over in the count of places.
struct Made {
    nodes: Vec<Node>,
    span: usize,
}

/// A struct of one of the [`Repeats`]' names: the index of the name and its index among the
/// structs of that name.
pub(super) type Id = (usize, usize);

/// The struct being recorded.
struct Recording {
    id: Id,
    nodes: Vec<Node>,
    /// The children found so far of the dicts being filled, innermost last; each dict's begin
    /// at the length it found ([`RepeatState::dict_begun`]).
    edges: Vec<(Py<PyAny>, usize)>,
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

/// The [`Repeats`] of a conversion, under way.
pub(super) struct RepeatState {
    kinds: Vec<Kind>,
    recording: Option<Recording>,
}

impl RepeatState {
    pub(super) fn new(repeats: Vec<Repeats>) -> Self {
        let kinds = repeats
            .into_iter()
            .map(|repeats| {
                let mut repeated = vec![false; repeats.of.len()];
                for &of in repeats.of.iter().flatten() {
                    if let Some(r) = repeated.get_mut(of) {
                        *r = true;
                    }
                }
                Kind {
                    made: Vec::with_capacity(repeats.of.len()),
                    repeated,
                    repeats,
                }
            })
            .collect();
        RepeatState {
            kinds,
            recording: None,
        }
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
            return Ok(Start::Repeat {
                id: (k, n),
                dict: made.copy(py)?,
                span: made.span,
            });
        }
        let repeated = kind.repeated.get(n).copied().unwrap_or(false);
        if repeated && self.recording.is_none() {
            self.recording = Some(Recording {
                id: (k, n),
                nodes: Vec::new(),
                edges: Vec::new(),
                last: None,
                spoilt: false,
            });
        }
        Ok(Start::Walked((k, n)))
    }

    /// A dict begins to be filled: its mark for [`RepeatState::dict_done`].
    pub(super) fn dict_begun(&mut self) -> Option<usize> {
        Some(self.recording.as_ref()?.edges.len())
    }

    /// A dict that began with `mark` is finished.
    pub(super) fn dict_done(&mut self, mark: Option<usize>, dict: &Bound<'_, PyDict>) {
        let (Some(mark), Some(r)) = (mark, &mut self.recording) else {
            return;
        };
        let children = r.edges.split_off(mark.min(r.edges.len()));
        r.last = Some((r.nodes.len(), dict.as_ptr() as usize));
        r.nodes.push(Node {
            dict: dict.clone().unbind(),
            children,
        });
    }

    /// `value` was put into the dict being filled, under the key `key` gives.
    #[inline]
    pub(super) fn value_put(&mut self, key: impl FnOnce() -> Py<PyAny>, value: &Bound<'_, PyAny>) {
        if let Some(r) = &mut self.recording {
            r.value_put(key, value);
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
        if !r.spoilt && r.edges.is_empty() {
            self.kinds[id.0].made[id.1] = Some(Made {
                nodes: r.nodes,
                span,
            });
        }
    }
}

/// Whether two struct names are the same. It runs for every struct converted: names of the
/// same length (`SideScore` and `EndOfPlay`) mostly differ in their first byte, which is
/// compared before the call to `memcmp` that compares the rest.
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

impl Made {
    /// A copy of the struct's dict: its dicts new, all the way down, the rest (immutable)
    /// shared.
    fn copy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let mut copies: Vec<Bound<'py, PyDict>> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let copy = node.dict.bind(py).copy()?;
            for (key, child) in &node.children {
                copy.set_item(key.bind(py), &copies[*child])?;
            }
            copies.push(copy);
        }
        copies.pop().ok_or_else(|| {
            crate::errors::gorules_error("internal error: a repeat of a struct with no dict")
        })
    }
}

impl Recording {
    fn value_put(&mut self, key: impl FnOnce() -> Py<PyAny>, value: &Bound<'_, PyAny>) {
        let last = self.last.take();
        if value.is_exact_instance_of::<PyDict>() {
            match last {
                Some((node, at)) if at == value.as_ptr() as usize => self.edges.push((key(), node)),
                _ => self.spoilt = true,
            }
        } else if value.is_exact_instance_of::<PyList>() {
            self.spoilt = true;
        }
    }
}
