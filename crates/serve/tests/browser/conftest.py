"""The page of `gorules serve` in a real browser (Debian's chromium, driven by Playwright) and
its API fuzzed from its OpenAPI document (schemathesis).

crates/cli/tests/serve_browser.rs starts `gorules serve` on an ephemeral loopback port and
runs this suite with GORULES_URL (the server), GORULES_BIN (the same `gorules`, whose
`score` the page's scores are checked against) and CHROMIUM (the browser's executable).
"""

import os

import pytest
from playwright.sync_api import sync_playwright


@pytest.fixture(scope="session")
def base_url():
    return os.environ["GORULES_URL"].rstrip("/")


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        # Playwright downloads no browser here: it drives the system's.
        b = p.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            headless=True,
            args=["--no-sandbox"],
        )
        yield b
        b.close()


@pytest.fixture()
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    p = context.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(base_url + "/")
    yield p
    context.close()
    assert not errors, f"script errors on the page: {errors}"
