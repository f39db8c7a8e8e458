//! Game records and the comparison engine (work in progress).
#![warn(missing_docs)]

pub mod record;
