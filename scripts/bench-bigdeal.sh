#!/usr/bin/env bash
# Big Deal-compatible dealing (`deal --owner --entropy`) beside practice
# dealing (`deal --seed`), in the same run, written as ZRD to a pipe (so the
# disk is not measured), one core. Big Deal itself makes about 26,000 deals
# a second on this kind of machine (100,000 in PBN in 3.9 s).
#
#   scripts/bench-bigdeal.sh [DEALS] [ROUNDS]     (default 1000000, 3)
#
# Prints each run's time and deals a second, the best of ROUNDS for each,
# and the ratio of the two; and checks that the ZRD of a Big Deal run
# written twice is the same (the entropy makes it reproducible).
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-1000000}
rounds=${2:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-bigdeal.XXXXXX")
trap 'rm -rf "$work"' EXIT
cargo build --release -q -p boardfile-cli
bin=target/release/boardfile
run() { # label, args...
  local label=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  taskset -c 0 "$bin" deal - --to zrd --boards "$deals" "$@" | cat > /dev/null
  t1=$(date +%s.%N)
  awk -v l="$label" -v a="$t0" -v b="$t1" -v n="$deals" \
    'BEGIN { printf "%-8s %6.3f s  %10.0f deals/s\n", l, b - a, n / (b - a) }'
}
for i in $(seq "$rounds"); do
  run bigdeal --owner "Bench BC" --entropy "bench-$i"
  run seed --seed "$i"
done | tee "$work/runs"
awk '{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2 }
  END { printf "best: bigdeal %.3f s (%.0f deals/s), seed %.3f s (%.0f deals/s), bigdeal/seed time %.2fx\n",
        best["bigdeal"], n / best["bigdeal"], best["seed"], n / best["seed"], best["bigdeal"] / best["seed"] }' \
  n="$deals" "$work/runs"
"$bin" deal "$work/a.zrd" --owner x --entropy y --boards 1000 2>/dev/null
"$bin" deal "$work/b.zrd" --owner x --entropy y --boards 1000 2>/dev/null
cmp -s "$work/a.zrd" "$work/b.zrd" && echo "reproducible: the same entropy gives the same ZRD"
