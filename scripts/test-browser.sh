#!/usr/bin/env bash
# The web page of `boardfile serve` in a real browser: headless Chromium
# driven by Selenium (pytest, crates/cli/tests/browser/), with axe-core
# for accessibility. Installs what it needs when missing, so a second run
# installs nothing: Debian's chromium, chromium-driver, fonts and
# poppler-utils (pdftotext); a venv under the target folder with the
# pinned selenium and pytest (crates/cli/tests/browser/requirements.txt);
# axe-core, pinned, from npm into the target folder. pytest's exit code is
# the script's; a run that collects no test fails. Screenshots go to
# $TARGET/browser-shots/. About 1 minute once installed.
#
#   scripts/test-browser.sh [PYTEST ARGS...]
#
# BOARDFILE=path tests that binary (else target/debug/boardfile, built
# here). BOARDFILE_PAGE_DIR, when set, is passed on to the server (the
# page read from that folder at each request, for work on the page).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/python.sh
target=${CARGO_TARGET_DIR:-target}
mkdir -p "$target"
target=$(cd "$target" && pwd)
AXE_VERSION=4.14.1

# Debian's packages, each only when missing; apt-get update once, if any is.
missing=()
command -v chromium > /dev/null || missing+=(chromium)
command -v chromedriver > /dev/null || missing+=(chromium-driver)
command -v pdftotext > /dev/null || missing+=(poppler-utils)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
command -v npm > /dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "scripts/test-browser.sh: installing ${missing[*]}" >&2
  apt-get update -qq > /dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

# The venv (scripts/python.sh, as scripts/test-python.sh's), its pins installed
# once a change of requirements.txt.
venv=$target/browser-venv
requirements=crates/cli/tests/browser/requirements.txt
make_venv "$venv"
if ! cmp -s "$requirements" "$venv/installed.txt"; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/installed.txt"
fi

# axe-core, pinned.
node_dir=$target/browser-node
axe=$node_dir/node_modules/axe-core/axe.min.js
if ! grep -qs "\"version\": \"$AXE_VERSION\"" "$node_dir/node_modules/axe-core/package.json"; then
  mkdir -p "$node_dir"
  npm install --prefix "$node_dir" --no-audit --no-fund --silent "axe-core@$AXE_VERSION" > /dev/null
fi
[ -f "$axe" ] || { echo "scripts/test-browser.sh: no $axe" >&2; exit 1; }

# The binary.
if [ -z "${BOARDFILE:-}" ]; then
  cargo build -q -p boardfile-cli
  BOARDFILE=$target/debug/boardfile
fi
BOARDFILE=$(cd "$(dirname "$BOARDFILE")" && pwd)/$(basename "$BOARDFILE")

shots=$target/browser-shots
mkdir -p "$shots"
export PYTHONDONTWRITEBYTECODE=1
BOARDFILE="$BOARDFILE" AXE_JS="$axe" BROWSER_SHOTS="$shots" \
  SHARED_DATA="$(pwd)/../shared/data" \
  pytest_of scripts/test-browser.sh \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider crates/cli/tests/browser "$@"
