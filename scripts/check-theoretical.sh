#!/usr/bin/env bash
# Theoretical scores are computed, never invented: a WTHOR year goes to
# JSON Lines, every "theoretical_score" is taken out, and the JSON Lines go
# back to WTB, which solves each game's score at the header's depth (24
# empties). The bytes must come back the same, apart from stored scores
# the solver proves wrong: `validate --solve` lists those, and the script
# shows every byte that differs next to them.
#
#   scripts/check-theoretical.sh                 WTH_2004 (9,113 games)
#   scripts/check-theoretical.sh FILE.wtb        another year
set -euo pipefail
cd "$(dirname "$0")/.."
IN=${1:-../shared/data/othello/WTH_2004.wtb}
nice cargo build --release -q -p boardfile-cli
BF=$PWD/target/release/boardfile
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cp "$IN" "$TMP/in.wtb"
"$BF" convert "$TMP/in.wtb" "$TMP/in.jsonl"
sed 's/,"theoretical_score":[0-9]*//' "$TMP/in.jsonl" > "$TMP/bare.jsonl"
if grep -q theoretical_score "$TMP/bare.jsonl"; then echo "theoretical scores left"; exit 1; fi
start=$(date +%s)
"$BF" convert "$TMP/bare.jsonl" "$TMP/back.wtb"
echo "solved $(grep -c moves "$TMP/bare.jsonl") games in $(( $(date +%s) - start )) s"
if cmp -s "$TMP/in.wtb" "$TMP/back.wtb"; then
    echo "same bytes: every stored theoretical score solved again"
    exit 0
fi
# The differing bytes: offset 16 + 68 * game + 7 is a theoretical score.
cmp -l "$TMP/in.wtb" "$TMP/back.wtb" | while read -r off a b; do
    game=$(( (off - 1 - 16) / 68 + 1 )); field=$(( (off - 1 - 16) % 68 ))
    echo "game $game byte $field: stored $((8#$a)), written $((8#$b))"
done
echo "stored values proven wrong, by validate --solve:"
"$BF" validate --solve "$TMP/in.wtb" || true
