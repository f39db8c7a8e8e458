#!/usr/bin/env bash
# Takes the README's screenshot of the rules explorer (docs/img/serve.png): the page's
# Chromium tests (crates/cli/tests/serve_browser.rs) save it when GORULES_SCREENSHOT is set.
# Needs what those tests need: Debian's chromium and the virtualenv of scripts/python-venv.sh.
#
#   scripts/serve-screenshot.sh [PATH]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shot=$(realpath -m "${1:-$root/docs/img/serve.png}")
mkdir -p "$(dirname "$shot")"
cd "$root"
CI=1 GORULES_SCREENSHOT="$shot" cargo test -q -p gorules-cli --test integration serve_browser -- --nocapture
echo "$shot"
