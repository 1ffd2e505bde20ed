#!/usr/bin/env bash
# The Othello endgame solver on the FFO problems: per position its empties,
# score (checked against the file's), best move, time, nodes and nodes a
# second, on one thread, the transposition table cleared between positions.
#
#   #1-#39:  ../shared/data/othello/ffo (Edax's problem files)
#   #40-#59: scripts/ffo-40-59.obf (20 to 34 empties; best moves and scores
#            from radagast.se/othello/ffotest.html and Edax's files)
#
# Anchor: Edax solves #40-#49 in 22.7 s on one thread (i9-13900K).
#
#   scripts/bench-endgame.sh            everything
#   scripts/bench-endgame.sh 40-49      only #40-#49 (also: 1-39, 50-59)
#   TIMEOUT=600 scripts/bench-endgame.sh 50-59   stop a set after 600 s
set -euo pipefail
cd "$(dirname "$0")/.."
nice cargo build --release -q -p boardfile-othello --example endgame_bench
BENCH=$PWD/target/release/examples/endgame_bench
FFO=../shared/data/othello/ffo
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
grep -v '^%' scripts/ffo-40-59.obf > "$TMP/all.obf"
head -10 "$TMP/all.obf" > "$TMP/40-49.obf"
tail -n +11 "$TMP/all.obf" > "$TMP/50-59.obf"
WHAT=${1:-all}
TIMEOUT=${TIMEOUT:-0}
run() { # FILE FIRST
    echo "== $1"
    if [ "$TIMEOUT" != 0 ]; then
        timeout "$TIMEOUT" "$BENCH" "$1" "$2" || echo "(stopped after $TIMEOUT s or failed: $?)"
    else
        "$BENCH" "$1" "$2"
    fi
}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
case "$WHAT" in
    all|1-39) run "$FFO/fforum-1-19.obf" 1; run "$FFO/fforum-20-39.obf" 20 ;;&
    all|40-49) run "$TMP/40-49.obf" 40 ;;&
    all|50-59) run "$TMP/50-59.obf" 50 ;;
    *) ;;
esac
