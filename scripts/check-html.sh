#!/usr/bin/env bash
# Renders boardfile's HTML hand records in headless Chromium and checks them:
# every board is laid out (visible, inside the page, not overlapping
# another), each has four hands with four suits, hearts and diamonds are
# red, the DD table and par are there, and printed to PDF the set takes one
# A4 page per four boards. Leaves a screenshot and the PDF in
# target/check-html/ for a human look.
#
#   scripts/check-html.sh            (installs Debian's chromium if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core > /dev/null
fi
cargo build --release -q -p boardfile-cli
bin=target/release/boardfile
out=target/check-html
rm -rf "$out" && mkdir -p "$out"
boards=18
"$bin" deal "$out/set.pbn" --boards $boards --seed c0ffee
"$bin" solve "$out/set.pbn" "$out/records.html" 2> /dev/null
# The check runs inside the page (scripts/check-html.js): a copy of it
# with the script at the end.
python3 - "$out/records.html" scripts/check-html.js "$out/check.html" <<'PY'
import sys
page, script, out = sys.argv[1:]
html = open(page, encoding="utf-8").read()
js = open(script, encoding="utf-8").read()
open(out, "w", encoding="utf-8").write(html.replace("</body>", "<script>" + js + "</script></body>"))
PY
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars)
"${chrome[@]}" --virtual-time-budget=5000 --dump-dom "file://$PWD/$out/check.html" 2> /dev/null > "$out/dom.html"
verdict=$(grep -o '<pre id="verdict">[^<]*' "$out/dom.html" | sed 's/<pre id="verdict">//')
echo "layout: $verdict"
"${chrome[@]}" --window-size=1240,1754 --screenshot="$PWD/$out/records.png" "file://$PWD/$out/records.html" 2> /dev/null
"${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$PWD/$out/records.pdf" "file://$PWD/$out/records.html" 2> /dev/null
pages=$(grep -a -c '/Type /Page$\|/Type /Page[^s]' "$out/records.pdf" || true)
want=$(( (boards + 3) / 4 ))
echo "printed: $pages A4 pages for $boards boards (want $want)"
ls -l "$out/records.png" "$out/records.pdf" | awk '{print $NF, $5, "bytes"}'
[ "$verdict" = "OK $boards boards" ] && [ "$pages" = "$want" ]
echo "HTML hand records: OK"
