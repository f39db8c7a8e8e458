//! The Python package (`bindings/python`) under the workspace's one test command: its wheel is
//! built with maturin and installed into a virtualenv, and its pytest suite run there, with
//! this crate's `gorules` binary named in `GORULES_BIN` (the suite checks that the package's
//! dicts are what the command prints).
//!
//! The virtualenv, with maturin and pytest in it, is `GORULES_PYTHON_VENV`, else
//! `target/python-venv` (`scripts/python-venv.sh` makes it; CI does). Without one the test is
//! skipped and says so (`gorules_tests::environment`), except under CI (`CI` set), where that
//! is a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository")
}

fn run(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

#[test]
fn the_python_package_passes_its_tests() {
    let repo = repo();
    let Some(venv) = gorules_tests::environment::python_venv(&repo) else {
        return;
    };
    let bin = venv.join("bin");
    let package = repo.join("bindings/python");
    let wheels = repo.join("target/python-test-wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    // The wheel, as `pip install ./bindings/python` builds it (the `release` profile, as the `gorules` binary).
    run(
        Command::new(bin.join("maturin"))
            .args(["build", "--locked", "--quiet", "--out"])
            .arg(&wheels)
            .arg("--interpreter")
            .arg(bin.join("python"))
            .current_dir(&package),
        "maturin build",
    );
    let wheel = std::fs::read_dir(&wheels)
        .expect("maturin wrote the wheel's folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .expect("a wheel");
    run(
        Command::new(bin.join("python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--force-reinstall",
            ])
            .arg(&wheel),
        "pip install",
    );
    let report = run(
        Command::new(bin.join("python"))
            // -rs: each skipped test's reason in the report.
            .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
            .arg(package.join("tests"))
            .env("GORULES_BIN", env!("CARGO_BIN_EXE_gorules"))
            .current_dir(&repo),
        "pytest",
    );
    eprintln!("{report}");
}
