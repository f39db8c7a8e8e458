//! Cross-crate integration tests (in `tests/`) and SGF fixtures (in `fixtures/`).
