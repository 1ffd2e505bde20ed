#!/usr/bin/env bash
# Our double-dummy solver (crates/dd) against pons-dds, what `boardfile
# solve` uses today: the same random deals, full tables, one thread each.
# Every table must agree (a disagreement prints the deal and fails); prints
# both solvers' time a deal, their ratio and our nodes a deal.
#
# With BRIDGE_SOLVER_SRC set to a copy of macroxue/bridge-solver's source
# (its solver.cc, makefile and hard_deals/, kept outside this repository),
# bridge-solver is built there with its own profile-guided build, in a
# temporary directory, and run on the same deals as its own run_tests.sh
# runs it (one process a deal, `-if FILE -m0`): its tables must equal ours,
# and its time a deal is printed beside ours. (The C++ DDS is timed beside
# both in scripts/bench-dds.sh.)
#
#   scripts/bench-dd-solver.sh [DEALS] [SEED]      (default 100 deals, seed 1)
#   BRIDGE_SOLVER_SRC=DIR scripts/bench-dd-solver.sh [DEALS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-100}
seed=${2:-1}
cargo run -q --release -p boardfile-dd --example versus -- "$deals" "$seed"
[ -n "${BRIDGE_SOLVER_SRC:-}" ] || exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$BRIDGE_SOLVER_SRC/solver.cc" "$BRIDGE_SOLVER_SRC/makefile" "$work/"
cp -r "$BRIDGE_SOLVER_SRC/hard_deals" "$work/"
make -s -C "$work" solver.p solver > /dev/null
mkdir "$work/deals"
cargo run -q --release -p boardfile-dd --example versus -- "$deals" "$seed" "write=$work/deals"
start=$(date +%s.%N)
for ((k = 0; k < deals; k++)); do
  "$work/solver" -if "$work/deals/deal.$k" -m0 > "$work/deals/theirs.$k"
done
finish=$(date +%s.%N)
bad=0
for ((k = 0; k < deals; k++)); do
  if ! diff -q "$work/deals/ours.$k" \
      <(grep -E '^[NSHDC] ' "$work/deals/theirs.$k" | cut -c1-13) > /dev/null; then
    echo "deal $k: bridge-solver's table differs from ours:"
    cat "$work/deals/deal.$k"
    diff "$work/deals/ours.$k" <(grep -E '^[NSHDC] ' "$work/deals/theirs.$k" | cut -c1-13) || true
    bad=$((bad + 1))
  fi
done
awk -v s="$start" -v f="$finish" -v n="$deals" -v bad="$bad" 'BEGIN {
  printf "bridge-solver: %.1f ms a deal (one process a deal); %d of %d tables equal ours\n",
    (f - s) * 1000 / n, n - bad, n }'
[ "$bad" -eq 0 ]
