#!/usr/bin/env bash
# Makes hand records of a 32-board solved set and checks them as a reader
# would see them. Writes into target/check-records/ (under CARGO_TARGET_DIR
# when set):
#   set.pbn, solved.jsonl            the set (dealt with a fixed seed, solved)
#   records-N-PAPER.pdf  + -pN.png   PDF, N = 1, 2, 4 boards a page, A4 and
#                                    Letter, each page as PNG (pdftoppm)
#   records.html, phone.png,         HTML; a phone-width (390 px) and a
#   desktop.png, printed-PAPER.pdf   desktop screenshot; Chromium's print
#   + printed-PAPER-pN.png           on A4 and Letter, pages as PNG
#   big.pdf                          10,000 boards (time and peak memory)
# Checks: the PDFs' text (pdftotext) holds every board's number on its page
# and every hand's holdings, against the JSON Lines read by Python
# (scripts/check_records.py); the HTML at 390 px wide does not scroll
# sideways and every part of every board lies inside it
# (scripts/check-records.js); printed, no board is split across pages.
#
#   scripts/check-records.sh     (installs poppler-utils and chromium from
#                                 Debian if missing)
#   BOARDFILE=path/to/boardfile scripts/check-records.sh   (that binary)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium > /dev/null || ! command -v pdftotext > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    chromium poppler-utils fonts-dejavu-core > /dev/null
fi
target=${CARGO_TARGET_DIR:-target}
if [ -z "${BOARDFILE:-}" ]; then
  cargo build --release -q -p boardfile-cli
fi
bin=${BOARDFILE:-$target/release/boardfile}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
out=$target/check-records
case $out in /*) ;; *) out=$out ;; esac
rm -rf "$out" && mkdir -p "$out"
failed=0
check() { python3 scripts/check_records.py "$@" || failed=1; }

"$bin" deal "$out/set.pbn" --boards 32 --seed 5eed 2> /dev/null
# Solved straight into a PDF, and into JSON Lines for the checks.
"$bin" solve "$out/set.pbn" "$out/records-4-a4.pdf" 2> /dev/null
"$bin" solve "$out/set.pbn" "$out/solved.jsonl" 2> /dev/null
for per in 1 2 4; do
  for paper in a4 letter; do
    pdf=$out/records-$per-$paper.pdf
    [ -f "$pdf" ] || "$bin" solve "$out/solved.jsonl" "$pdf" --per-page $per --paper $paper 2> /dev/null
    check pdf "$out/solved.jsonl" "$pdf" $per $paper
    pdftoppm -r 60 -png "$pdf" "${pdf%.pdf}-p"
  done
done
ls -l "$out"/records-*.pdf | awk '{print $NF, $5, "bytes"}'

# HTML: the same set, as a phone and a desktop show it, and printed.
"$bin" solve "$out/solved.jsonl" "$out/records.html" 2> /dev/null
check html "$out/solved.jsonl" "$out/records.html"
python3 scripts/in-page.py "$out" scripts/check-records.js check-1280.html
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 --allow-file-access-from-files)
for width in 390 1280; do
  "${chrome[@]}" --window-size=1280,900 --virtual-time-budget=5000 --dump-dom \
    "file://$out/check-$width.html" 2> /dev/null > "$out/dom-$width.html"
  verdict=$(grep -o '<pre id="verdict">[^<]*' "$out/dom-$width.html" | sed 's/<pre id="verdict">//')
  echo "HTML at $width px: $verdict"
  case "$verdict" in "OK 32 boards at ${width}px"*) ;; *) failed=1 ;; esac
done
"${chrome[@]}" --window-size=500,2400 --screenshot="$out/phone.png" "file://$out/check-390.html" 2> /dev/null
"${chrome[@]}" --window-size=1280,1400 --screenshot="$out/desktop.png" "file://$out/records.html" 2> /dev/null
for paper in a4 letter; do
  html=$out/records-$paper.html
  "$bin" convert "$out/solved.jsonl" "$html" --paper $paper 2> /dev/null
  "${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/printed-$paper.pdf" "file://$html" 2> /dev/null
  pages=$(pdfinfo "$out/printed-$paper.pdf" | awk '/^Pages:/ {print $2}')
  size=$(pdfinfo "$out/printed-$paper.pdf" | sed -n 's/^Page size: *//p')
  echo "HTML printed on $paper: $pages pages of $size (want 8)"
  [ "$pages" = 8 ] || failed=1
  check printed "$out/solved.jsonl" "$out/printed-$paper.pdf"
  pdftoppm -r 50 -png -f 1 -l 2 "$out/printed-$paper.pdf" "$out/printed-$paper-p"
done

# 10,000 boards: a page at a time in, the file at the end.
"$bin" deal "$out/big.jsonl" --boards 10000 --seed b16 2> /dev/null
/usr/bin/time -f "10,000 boards to PDF: %e s, peak %M KB" "$bin" convert "$out/big.jsonl" "$out/big.pdf" 2>&1 | tail -1
big=$(pdfinfo "$out/big.pdf" | awk '/^Pages:/ {print $2}')
echo "big.pdf: $big pages, $(stat -c %s "$out/big.pdf") bytes"
[ "$big" = 2500 ] || failed=1
rm -f "$out/big.jsonl"

[ $failed = 0 ] && echo "hand records: OK" || { echo "hand records: PROBLEMS"; exit 1; }
