#!/usr/bin/env bash
# Streaming conversions of a 10,485,760-deal ZRD file (the size of
# Pavlicek's solved-deal database, 241 MB), generated here and deleted after.
#
#   scripts/bench-zrd.sh [DEALS]      (default 10485760)
#
# Times ZRD -> ZBD against `cat` of the same file, ZRD -> JSONL and ZRD ->
# PBN in deals a second (to standard output, so the disk is not measured),
# JSON Lines -> ZRD and deal numbers -> ZBD (the line formats stream too),
# the peak memory (max RSS) of each, and checks that ZRD -> JSONL/PBN -> ZRD
# and ZBD -> ZBD give back the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-10485760}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-zrd.XXXXXX")
trap 'rm -rf "$work"' EXIT
cargo build --release -q -p boardfile-cli
cargo build --release -q -p boardfile-bridge --example gen_zrd
bin=target/release/boardfile
target/release/examples/gen_zrd "$deals" > "$work/d.zrd"
ls -l "$work/d.zrd" | awk '{print "ZRD file:", $5, "bytes"}'
sync
timed() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/t" "$@" > /dev/null
  read -r secs kb < "$work/t"
  echo "$label $secs $kb"
}
cat "$work/d.zrd" > /dev/null # warm the cache for all
# File to file, the output synced to disk as boardfile's atomic write does.
{
  timed cat-file sh -c "cat '$work/d.zrd' > '$work/copy' && sync '$work/copy'"
  timed zbd-file "$bin" convert "$work/d.zrd" "$work/d.zbd"
} 2>/dev/null > "$work/files"
rm -f "$work/copy" "$work/d.zbd"
# To a pipe (no disk): the work itself.
{
  timed cat-pipe sh -c "cat '$work/d.zrd' | cat"
  timed zbd "$bin" convert "$work/d.zrd" - --to zbd
  timed jsonl "$bin" convert "$work/d.zrd" - --to jsonl
  timed pbn "$bin" convert "$work/d.zrd" - --to pbn
} 2>/dev/null > "$work/results"
report() { # baseline label, file
  awk -v n="$deals" -v base="$1" '
    $1 == base { b = $2 }
    { printf "%-9s %7.2f s  %10.0f deals/s  max RSS %6.1f MB", $1, $2, n / ($2 > 0 ? $2 : 0.001), $3 / 1024;
      if ($1 != base && b > 0) printf "  (%.2fx %s)", $2 / b, base; print "" }' "$2"
}
report cat-file "$work/files"
report cat-pipe "$work/results"
# Files (written atomically), then back to ZRD: the same bytes (deals and
# tricks).
for f in zbd jsonl pbn; do "$bin" convert "$work/d.zrd" "$work/d.$f" 2>/dev/null; done
"$bin" convert "$work/d.zrd" "$work/d.dnum" 2>/dev/null
# The line formats stream too: JSON Lines and deal numbers back.
{
  timed jsonl-in "$bin" convert "$work/d.jsonl" - --to zrd
  timed dealnum-in "$bin" convert "$work/d.dnum" - --to zbd
} 2>/dev/null > "$work/lines"
report none "$work/lines"
"$bin" convert "$work/d.jsonl" "$work/back1.zrd"
cmp "$work/d.zrd" "$work/back1.zrd" && echo "ZRD -> JSONL -> ZRD: identical"
"$bin" convert "$work/d.dnum" "$work/back3.zbd"
cmp "$work/d.zbd" "$work/back3.zbd" && echo "ZRD -> deal numbers -> ZBD: identical deals"
"$bin" convert "$work/d.pbn" "$work/back2.zrd"
cmp "$work/d.zrd" "$work/back2.zrd" && echo "ZRD -> PBN -> ZRD: identical"
"$bin" convert "$work/d.zbd" "$work/back.zbd"
cmp "$work/d.zbd" "$work/back.zbd" && echo "ZRD -> ZBD -> ZBD: identical deals"
