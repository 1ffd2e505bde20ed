#!/usr/bin/env bash
# The Python package's tests, as CI runs them: a venv under target/, the
# package installed by the README's one pip command (a release build by
# maturin), the pinned test requirements, then pytest on crates/python/tests
# against the command line in target/debug (built by `cargo test`; built
# here when missing). pytest's exit code is the script's; a run that
# collects no test fails.
#
#   scripts/test-python.sh [PYTEST ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/python.sh
venv=target/ci-venv
make_venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q -r crates/python/requirements-test.txt
"$venv/bin/python" -m pip install -q ./crates/python
[ -x target/debug/boardfile ] || cargo build -q -p boardfile-cli
BOARDFILE_CLI=target/debug/boardfile pytest_of scripts/test-python.sh \
  "$venv/bin/python" -m pytest -q crates/python/tests "$@"
