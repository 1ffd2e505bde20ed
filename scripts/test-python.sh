#!/usr/bin/env bash
# The Python package's tests, as CI runs them, on the wheel a release
# ships:
#   1. maturin (pinned, in a build venv) builds the abi3 manylinux wheel
#      once, with the Rust toolchain, into $TARGET/wheels;
#   2. a fresh venv gets that wheel and the pinned test requirements;
#   3. pytest runs crates/python/tests there with every directory that
#      holds cargo or rustc taken off PATH (BOARDFILE_WHEEL names the wheel,
#      and a test checks that no Rust is reachable and that `boardfile` is
#      the installed wheel's), against the command line in $TARGET/debug
#      (built by `cargo test`; built here when missing).
# pytest's exit code is the script's; a run that collects no test fails.
#
#   scripts/test-python.sh [PYTEST ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/python.sh
target=${CARGO_TARGET_DIR:-target}

build=$target/wheel-build-venv
make_venv "$build"
"$build/bin/python" -m pip install -q --upgrade pip
"$build/bin/python" -m pip install -q maturin==1.16.0
rm -rf "$target/wheels"
"$build/bin/maturin" build --release --quiet -m crates/python/Cargo.toml \
  --interpreter "$build/bin/python" --out "$target/wheels"
wheel=$(ls "$target"/wheels/boardfile-*-abi3-*manylinux*.whl)
echo "test-python.sh: built $wheel" >&2

venv=$target/wheel-venv
rm -rf "$venv"
make_venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q -r crates/python/requirements-test.txt "$wheel"
[ -x "$target/debug/boardfile" ] || cargo build -q -p boardfile-cli

# PATH without Rust: every directory holding cargo or rustc left out.
no_rust=$venv/bin
IFS=: read -r -a dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && [ ! -x "$d/cargo" ] && [ ! -x "$d/rustc" ] && no_rust=$no_rust:$d
done
cli=$(cd "$target/debug" && pwd)/boardfile
wheel=$(cd "$(dirname "$wheel")" && pwd)/$(basename "$wheel")
PATH=$no_rust BOARDFILE_WHEEL=$wheel BOARDFILE_CLI=$cli pytest_of scripts/test-python.sh \
  "$venv/bin/python" -m pytest -q crates/python/tests "$@"
