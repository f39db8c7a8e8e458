"""Shared fixtures: the repository, its GNU Go records, and the gorules command.

The command is the one the Rust test harness names in GORULES_BIN (crates/cli/tests/python.rs
builds it); run by hand, pytest looks in the workspace's target directory. When it is missing
the tests that need it are skipped, except under CI (CI set), where that is a failure. The
records are the repository's own GNU Go self-play games, examples/gnugo; GNU Go itself is the
GTP engine of the tests that ask one for dead stones.
"""

import os
import shutil
import subprocess
from pathlib import Path
from typing import List

import pytest

REPO = Path(__file__).resolve().parents[3]


def _missing(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing (CI is set: it must be there)")
    pytest.skip(f"{what} is missing")


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def corpus() -> Path:
    return REPO / "examples" / "gnugo"


@pytest.fixture(scope="session")
def cli() -> Path:
    named = os.environ.get("GORULES_BIN")
    candidates = [Path(named)] if named else [
        REPO / "target" / "release" / "gorules",
        REPO / "target" / "debug" / "gorules",
    ]
    for c in candidates:
        if c.is_file():
            return c
    _missing("the gorules command (cargo build -p gorules-cli, or GORULES_BIN)")
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def gnugo() -> str:
    """The command of GNU Go in GTP mode (Debian's package puts it in /usr/games)."""
    found = shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games")
    if not found:
        _missing("GNU Go (apt-get install gnugo)")
    return f"{found} --mode gtp"


def run_cli(cli: Path, args: List[str], ok: bool = True) -> subprocess.CompletedProcess:
    """Runs the command; with ok, checks that it succeeded."""
    done = subprocess.run([str(cli), *args], capture_output=True, text=True, cwd=REPO)
    if ok:
        assert done.returncode == 0, done.stderr
    return done
