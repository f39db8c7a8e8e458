//! Game records and the comparison engine (work in progress).
