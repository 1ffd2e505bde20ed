#!/usr/bin/env bash
# Every test the README means, in one command: the Rust workspace's
# (cargo test --workspace: unit, integration and doc tests; they read the
# real files of other programs from ../shared/data) and the Python
# package's (scripts/test-python.sh: the abi3 wheel built once, installed
# into a fresh venv under target/, pytest there with no Rust on PATH), then
# the web page's in headless Chromium
# (scripts/test-browser.sh: installs Debian's chromium and chromedriver,
# selenium and axe-core when missing). Stops at the first that fails, with
# its exit code. .ci/run runs it too.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
scripts/test-python.sh
scripts/test-browser.sh
