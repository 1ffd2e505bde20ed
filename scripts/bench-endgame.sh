#!/usr/bin/env bash
# The Othello endgame solver on the FFO problems: per position its empties,
# score (checked against the file's), best move, time, nodes and nodes a
# second, on one thread (SPLIT=1: each split over several), the
# transposition table cleared between positions.
#
#   #1-#39:  ../shared/data/othello/ffo (Edax's problem files)
#   #40-#59: scripts/ffo-40-59.obf (20 to 34 empties; best moves and scores
#            from radagast.se/othello/ffotest.html and Edax's files)
#   games:   60 positions at 22 empties from the games of the wild
#            WTH_2011 (from game 100), which the evaluation is not fitted
#            on: the set the sort was tuned on (scripts/wthor-positions.py)
#   games24: the first 40 of those games at 24 empties, the depth of
#            `validate --solve`, checked against the stored scores
#
# Anchor: Edax solves #40-#49 in 22.7 s on one thread (i9-13900K).
#
#   scripts/bench-endgame.sh            everything
#   scripts/bench-endgame.sh 40-49      only #40-#49 (also: 1-39, 50-59,
#                                       games, games24; "all" is the FFO)
#   TIMEOUT=600 scripts/bench-endgame.sh 50-59   stop a set after 600 s
#   SPLIT=1 scripts/bench-endgame.sh 40-49       each position split over
#                                       rayon's threads (one a core;
#                                       RAYON_NUM_THREADS=N for N)
set -euo pipefail
cd "$(dirname "$0")/.."
nice cargo build --release -q -p boardfile-othello --example endgame_bench
BENCH=${CARGO_TARGET_DIR:-$PWD/target}/release/examples/endgame_bench
FFO=../shared/data/othello/ffo
WILD=../shared/data/wild/ledpup+Othello
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
case "$WHAT" in
    all|1-39|40-49|50-59|games|games24) ;;
    *) echo "bench-endgame.sh: no set $WHAT (1-39, 40-49, 50-59, games, games24, all)" >&2; exit 2 ;;
esac
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
case "$WHAT" in
    all|1-39) run "$FFO/fforum-1-19.obf" 1; run "$FFO/fforum-20-39.obf" 20 ;;&
    all|40-49) run "$TMP/40-49.obf" 40 ;;&
    all|50-59) run "$TMP/50-59.obf" 50 ;;
    games)
        scripts/wthor-positions.py "$WILD/WTH_2011.wtb" 22 100 60 > "$TMP/games.obf"
        run "$TMP/games.obf" 1 ;;
    games24)
        scripts/wthor-positions.py "$WILD/WTH_2011.wtb" 24 0 40 > "$TMP/games24.obf"
        run "$TMP/games24.obf" 1 ;;
esac
