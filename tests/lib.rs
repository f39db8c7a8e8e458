//! Cross-crate integration tests (in `tests/`), SGF fixtures (in `fixtures/`), and what the
//! tests of every crate may ask of the machine beyond the repository ([`environment`]).

pub mod environment;

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The crates build their integration tests as one binary (`tests/main.rs`, with
    /// `autotests = false`), so a file of `tests/` that `main.rs` does not name would never be
    /// built or run: every one must be named.
    #[test]
    fn every_integration_test_file_is_built() {
        let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
        let mut checked = 0;
        for krate in std::fs::read_dir(&crates).unwrap().flatten() {
            let tests = krate.path().join("tests");
            let Ok(main) = std::fs::read_to_string(tests.join("main.rs")) else {
                continue;
            };
            for file in std::fs::read_dir(&tests).unwrap().flatten() {
                let path = file.path();
                let name = path.file_stem().unwrap().to_string_lossy().into_owned();
                let module = if path.extension().is_some_and(|e| e == "rs") && name != "main" {
                    name
                } else if path.join("mod.rs").is_file() {
                    path.file_name().unwrap().to_string_lossy().into_owned()
                } else {
                    continue;
                };
                assert!(
                    main.lines().any(|l| l.trim() == format!("mod {module};")),
                    "{} is not built: add `mod {module};` to {}",
                    path.display(),
                    tests.join("main.rs").display()
                );
                checked += 1;
            }
        }
        assert!(checked >= 40, "only {checked} test files found");
    }
}
