//! What the machine running the tests offers them beyond the repository: GNU Go, the public
//! records of `../shared/corpus` beside the repository, a Python virtualenv to build the
//! package into.
//!
//! A test that needs one asks for it here. When it is missing the test is skipped, and says
//! so on the terminal as `SKIPPED <test>: needs <what> (<how to get it>)`: the line is written
//! straight to standard error, past the test harness's capture, so that `cargo test` shows it
//! without `--nocapture`. Under CI (the `CI` variable set) nothing is skipped: CI installs
//! everything, and a missing one is a failure there.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Where GNU Go is looked for (Debian's `gnugo` package puts it there, off the `PATH`).
pub const GNUGO: &str = "/usr/games/gnugo";

/// Whether the tests run under CI, where nothing may be skipped.
fn under_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty())
}

/// Skips the calling test for want of `what` (a failure under CI), saying so on standard
/// error past the harness's capture.
fn skip(what: &str, how: &str) {
    assert!(
        !under_ci(),
        "{what} is missing (CI is set: it must be there)"
    );
    let thread = std::thread::current();
    let test = thread.name().filter(|n| *n != "main").unwrap_or("a test");
    let line = format!("SKIPPED {test}: needs {what} ({how})\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// GNU Go's path, or `None` (the test is skipped, with a line saying so) where it is not
/// installed.
pub fn gnugo() -> Option<&'static str> {
    if Path::new(GNUGO).is_file() {
        return Some(GNUGO);
    }
    skip(&format!("GNU Go at {GNUGO}"), "apt-get install gnugo");
    None
}

/// The public records beside the repository at `repo` (`../shared/corpus`), or `None` (the
/// test is skipped, with a line saying so) where they are not there.
pub fn shared_corpus(repo: &Path) -> Option<PathBuf> {
    let dir = repo.join("../shared/corpus");
    if dir.is_dir() {
        return Some(dir);
    }
    skip(
        "the public records of ../shared/corpus beside the repository",
        "the repository's own records in examples/ are tested without them",
    );
    None
}

/// The Python virtualenv with maturin and pytest that the package's tests use
/// (`GORULES_PYTHON_VENV`, else `target/python-venv` in the repository at `repo`), or `None`
/// (the test is skipped, with a line saying so) where there is none.
pub fn python_venv(repo: &Path) -> Option<PathBuf> {
    let venv = match std::env::var_os("GORULES_PYTHON_VENV") {
        Some(v) => PathBuf::from(v),
        None => repo.join("target/python-venv"),
    };
    let bin = venv.join("bin");
    if ["python", "maturin"].iter().all(|t| bin.join(t).is_file()) {
        return Some(venv);
    }
    skip(
        &format!(
            "a Python virtualenv with maturin and pytest at {}",
            venv.display()
        ),
        "scripts/python-venv.sh makes one; GORULES_PYTHON_VENV names another",
    );
    None
}

/// Where Chromium is looked for (Debian's `chromium` package), unless `GORULES_CHROMIUM`
/// names another executable.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The Chromium executable that the page's tests drive (`GORULES_CHROMIUM`, else
/// [`CHROMIUM`]), or `None` (the test is skipped, with a line saying so) where there is none.
pub fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("GORULES_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(CHROMIUM));
    if path.is_file() {
        return Some(path);
    }
    skip(
        &format!("Chromium at {}", path.display()),
        "apt-get install chromium; GORULES_CHROMIUM names another",
    );
    None
}

/// The virtualenv of [`python_venv`] with Playwright and schemathesis in it, or `None` (the
/// test is skipped, with a line saying so) where there is none or they are not installed.
pub fn browser_venv(repo: &Path) -> Option<PathBuf> {
    let venv = python_venv(repo)?;
    let python = venv.join("bin/python");
    let has = std::process::Command::new(&python)
        .args(["-c", "import playwright, schemathesis, pytest"])
        .output()
        .is_ok_and(|o| o.status.success());
    if has {
        return Some(venv);
    }
    skip(
        &format!(
            "playwright and schemathesis in the virtualenv {}",
            venv.display()
        ),
        "scripts/python-venv.sh installs them",
    );
    None
}
