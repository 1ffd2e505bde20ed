#!/usr/bin/env bash
# Our double-dummy solver (crates/dd, what `boardfile solve` uses) against
# pons-dds (what it used before): the same random deals, full tables, one
# thread each. Every table must agree (a disagreement prints the deal and
# fails); prints both solvers' time a deal, their ratio and our nodes a
# deal.
#
# With BRIDGE_SOLVER_SRC set to a copy of macroxue/bridge-solver's source
# (its solver.cc, makefile and hard_deals/, kept outside this repository),
# bridge-solver is built with its own profile-guided build (g++) in a
# temporary directory and run on the same deals as its own run_tests.sh
# runs it: one process a deal, `-if FILE -m0`. Its tables must equal ours,
# and its time a deal is printed beside ours; it includes a process's start
# a deal, where ours and pons-dds's are timed inside one process. (The C++
# DDS is timed beside ours and pons-dds in scripts/bench-dds.sh.)
#
#   scripts/bench-dd-solver.sh [DEALS] [SEED]      (default 100 deals, seed 1)
#   BRIDGE_SOLVER_SRC=DIR scripts/bench-dd-solver.sh [DEALS] [SEED]
set -euo pipefail
deals=${1:-100}
seed=${2:-1}
if ! [[ $deals =~ ^[1-9][0-9]*$ && $seed =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/bench-dd-solver.sh [DEALS] [SEED] (whole numbers, DEALS 1 or more)" >&2
  exit 2
fi
if [ -z "${BRIDGE_SOLVER_SRC:-}" ]; then
  cd "$(dirname "$0")/.."
  exec cargo run -q --release -p boardfile-dd --example versus -- "$deals" "$seed"
fi
src=$(realpath "$BRIDGE_SOLVER_SRC")
cd "$(dirname "$0")/.."
command -v g++ > /dev/null || { echo "bridge-solver needs g++" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/solver.cc" "$src/makefile" "$work/"
cp -r "$src/hard_deals" "$work/"
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
  theirs=$(grep -E '^[NSHDC] ' "$work/deals/theirs.$k" | cut -c1-13)
  if [ "$theirs" != "$(cat "$work/deals/ours.$k")" ]; then
    echo "deal $k: bridge-solver's table differs from ours:"
    cat "$work/deals/deal.$k"
    diff "$work/deals/ours.$k" <(echo "$theirs") || true
    bad=$((bad + 1))
  fi
done
awk -v s="$start" -v f="$finish" -v n="$deals" -v bad="$bad" 'BEGIN {
  printf "bridge-solver: %.1f ms a deal (a process a deal); %d of %d tables equal ours\n",
    (f - s) * 1000 / n, n - bad, n }'
[ "$bad" -eq 0 ]
