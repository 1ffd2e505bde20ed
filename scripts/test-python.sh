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
venv=target/ci-venv
if [ ! -x "$venv/bin/python" ]; then
  if ! python3 -m venv "$venv" 2> target/venv.err; then
    # Debian's python3 without ensurepip: its python3-venv, else virtualenv.
    rm -rf "$venv"
    if command -v apt-get > /dev/null && apt-get update -qq > /dev/null 2>&1 \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv > /dev/null 2>&1 \
      && python3 -m venv "$venv"; then
      :
    else
      rm -rf "$venv"
      python3 -m pip install -q --user virtualenv \
        || python3 -m pip install -q --user --break-system-packages virtualenv
      python3 -m virtualenv -q "$venv"
    fi
  fi
fi
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q -r crates/python/requirements-test.txt
"$venv/bin/python" -m pip install -q ./crates/python
[ -x target/debug/boardfile ] || cargo build -q -p boardfile-cli
set +e
BOARDFILE_CLI=target/debug/boardfile "$venv/bin/python" -m pytest -q crates/python/tests "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "scripts/test-python.sh: pytest collected no test" >&2
  exit 1
fi
exit "$status"
