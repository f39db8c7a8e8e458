//! `gorules serve` end to end: the binary started on an ephemeral loopback port, its page
//! driven in Chromium by Playwright and its API fuzzed from its OpenAPI document by
//! schemathesis (the pytest suite of `crates/serve/tests/browser`), then stopped by SIGTERM,
//! which it must survive cleanly (exit status 0 once the requests at work are done).
//!
//! It needs the virtualenv of `scripts/python-venv.sh` (Playwright, schemathesis, pytest) and
//! Debian's `chromium`; without them it is skipped and says so, except under CI (`CI` set),
//! where that is a failure. `GORULES_SCREENSHOT=PATH` has the suite save a screenshot of the
//! page there (`scripts/serve-screenshot.sh` makes the README's).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository")
}

/// The server, stopped by SIGTERM when dropped (also when a check fails first).
struct Serving(Child);

impl Serving {
    /// Stops the server as Ctrl-C or a service manager would, and waits for it.
    fn stop(&mut self) -> std::process::ExitStatus {
        let pid = self.0.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        self.0.wait().expect("the server's exit status")
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        if self.0.try_wait().ok().flatten().is_none() {
            self.stop();
        }
    }
}

#[test]
fn the_page_in_chromium_and_the_api_from_its_openapi_document() {
    let repo = repo();
    let Some(venv) = gorules_tests::environment::browser_venv(&repo) else {
        return;
    };
    let Some(chromium) = gorules_tests::environment::chromium() else {
        return;
    };
    let child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(["serve", "--addr", "127.0.0.1:0", "--timeout", "3s"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gorules serve starts");
    let mut server = Serving(child);
    // Its first line says where it listens.
    let mut stderr = BufReader::new(server.0.stderr.take().expect("piped"));
    let mut line = String::new();
    stderr
        .read_line(&mut line)
        .expect("gorules serve says where it listens");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    let out = Command::new(venv.join("bin/python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(repo.join("crates/serve/tests/browser"))
        .env("GORULES_URL", &url)
        .env("GORULES_BIN", env!("CARGO_BIN_EXE_gorules"))
        .env("GORULES_REPO", &repo)
        .env("CHROMIUM", &chromium)
        .current_dir(&repo)
        .output()
        .expect("pytest runs");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the browser and API suite failed:\n{report}"
    );
    eprintln!("{report}");
    let status = server.stop();
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut stderr, &mut rest);
    assert!(status.success(), "{status}: {rest}");
    assert!(rest.contains("gorules: stopped"), "{rest:?}");
}
