#!/usr/bin/env bash
# Renders boardfile's HTML hand records in headless Chromium and checks them
# (scripts/check-html.js), on a desktop and at a phone's 390 px: every
# board is laid out (visible, inside the page, not overlapping another),
# each has four hands with four suits, hearts and diamonds are red, the DD
# table and par are there; on the phone no text is under 12 px (computed
# style; an SVG text's size on the screen) and each diagram fills the
# board's width; printed to PDF the set takes one A4 page per four boards.
# Prints the smallest text sizes at each width. Leaves screenshots and the
# PDF in target/check-html/ for a human look.
#
#   scripts/check-html.sh            (installs Debian's chromium if missing)
#   BOARDFILE=path/to/boardfile scripts/check-html.sh   (that binary, unbuilt)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core > /dev/null
fi
target=${CARGO_TARGET_DIR:-target}
if [ -z "${BOARDFILE:-}" ]; then
  cargo build --release -q -p boardfile-cli
fi
bin=${BOARDFILE:-$target/release/boardfile}
out=$target/check-html
rm -rf "$out" && mkdir -p "$out"
boards=18
"$bin" deal "$out/set.pbn" --boards $boards --seed c0ffee
"$bin" solve "$out/set.pbn" "$out/records.html" 2> /dev/null
# The check runs inside the page (scripts/check-html.js): a copy of it
# with the script at the end (a desktop), and a page holding it in a
# 390 px iframe (a phone).
python3 scripts/in-page.py "$out" scripts/check-html.js check.html
case $out in /*) page=$out ;; *) page=$PWD/$out ;; esac
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 --allow-file-access-from-files)
verdict() {
  "${chrome[@]}" --window-size=1280,900 --virtual-time-budget=5000 --dump-dom "file://$page/$1" 2> /dev/null |
    grep -o '<pre id="verdict">[^<]*' | sed 's/<pre id="verdict">//'
}
desktop=$(verdict check.html)
phone=$(verdict check-390.html)
echo "desktop: $desktop"
echo "phone: $phone"
"${chrome[@]}" --window-size=500,2400 --screenshot="$page/phone.png" "file://$page/check-390.html" 2> /dev/null
"${chrome[@]}" --window-size=1240,1754 --screenshot="$page/records.png" "file://$page/records.html" 2> /dev/null
"${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$page/records.pdf" "file://$page/records.html" 2> /dev/null
pages=$(grep -a -c '/Type /Page$\|/Type /Page[^s]' "$out/records.pdf" || true)
want=$(( (boards + 3) / 4 ))
echo "printed: $pages A4 pages for $boards boards (want $want)"
ls -l "$out/records.png" "$out/phone.png" "$out/records.pdf" | awk '{print $NF, $5, "bytes"}'
case "$desktop" in "OK $boards boards at "*) ;; *) exit 1 ;; esac
case "$phone" in "OK $boards boards at 390px"*) ;; *) exit 1 ;; esac
[ "$pages" = "$want" ]
echo "HTML hand records: OK"
