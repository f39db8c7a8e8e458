//! Cross-crate integration tests (in `tests/`), SGF fixtures (in `fixtures/`), and what the
//! tests of every crate may ask of the machine beyond the repository ([`environment`]).

pub mod environment;
