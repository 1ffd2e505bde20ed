#!/usr/bin/env bash
# How well the Othello solver's shallow searches with the evaluation
# predict the exact score, by empties and depth: the numbers behind its
# selective searches (PROBCUT_SIGMA in crates/othello/src/endgame/search.rs).
#
# The positions: 150 games of the wild WTH_2011 (from game 200; the
# evaluation is not fitted on that year, and the benches use games 0-159),
# each at 10, 12, ..., 24 empties, solved exactly.
#
#   scripts/fit-probcut.sh       about 9 minutes; prints a table
set -euo pipefail
cd "$(dirname "$0")/.."
nice cargo build --release -q -p boardfile-othello --example probcut_fit
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for e in 10 12 14 16 18 20 22 24; do
    scripts/wthor-positions.py ../shared/data/wild/ledpup+Othello/WTH_2011.wtb $e 200 150 > "$TMP/e$e.obf"
done
"${CARGO_TARGET_DIR:-target}"/release/examples/probcut_fit "$TMP"/e*.obf
