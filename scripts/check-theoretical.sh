#!/usr/bin/env bash
# Theoretical scores are computed, never invented: a WTHOR year goes to
# JSON Lines, every "theoretical_score" is taken out, and the JSON Lines go
# back to WTB, which solves each game's score at the header's depth (24
# empties). The bytes must come back the same, apart from stored scores
# the solver proves wrong: each byte that differs is shown, and the games
# it is in are checked by `validate --solve`, which lists the wrong ones.
#
#   scripts/check-theoretical.sh                 WTH_2004 (9,113 games)
#   scripts/check-theoretical.sh FILE.wtb        another year
#   ROUNDTRIP=1 scripts/validate-slices.sh FILE.wtb DIR
#                                                the same a slice of games
#                                                at a time, to go on later
#   BOARDFILE=/tmp/bf ...    this binary, not a fresh release build
#   DEADLINE=<epoch> ...     the solving stopped then (exit 124)
#
# Exit: 0 the same bytes; 1 bytes differ (listed); other: failed.
set -euo pipefail
IN=${1:+$(realpath "$1")}
BF=${BOARDFILE:+$(realpath "$BOARDFILE")}
cd "$(dirname "$0")/.."
IN=${IN:-$(realpath ../shared/data/othello/WTH_2004.wtb)}
if [[ -z $BF ]]; then
    nice cargo build --release -q -p boardfile-cli
    BF=$PWD/target/release/boardfile
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Apart from its names files, so that only the numbers travel.
cp "$IN" "$TMP/in.wtb"
"$BF" convert "$TMP/in.wtb" "$TMP/in.jsonl"
sed 's/,"theoretical_score":[0-9]*//' "$TMP/in.jsonl" > "$TMP/bare.jsonl"
if grep -q theoretical_score "$TMP/bare.jsonl"; then echo "theoretical scores left"; exit 2; fi
start=$(date +%s)
limit=()
if [[ -n ${DEADLINE:-} ]]; then
    ((DEADLINE > start)) || exit 124
    limit=(timeout $((DEADLINE - start)))
fi
"${limit[@]}" "$BF" convert "$TMP/bare.jsonl" "$TMP/back.wtb"
echo "solved $(grep -c moves "$TMP/bare.jsonl") games in $(( $(date +%s) - start )) s"
if cmp -s "$TMP/in.wtb" "$TMP/back.wtb"; then
    echo "same bytes: every stored theoretical score solved again"
    exit 0
fi
# The differing bytes: offset 16 + 68 * game + 7 is a theoretical score.
{ cmp -l "$TMP/in.wtb" "$TMP/back.wtb" || true; } | while read -r off a b; do
    if ((off <= 16)); then
        echo "header byte $((off - 1)): stored $((8#$a)), written $((8#$b))"
        continue
    fi
    game=$(( (off - 1 - 16) / 68 + 1 )); field=$(( (off - 1 - 16) % 68 ))
    echo "game $game byte $field: stored $((8#$a)), written $((8#$b))"
done
# Those games alone, as stored, proven or refuted by validate --solve.
python3 - "$TMP/in.wtb" "$TMP/back.wtb" "$TMP/differ.wtb" > "$TMP/games" <<'EOF'
import struct, sys
a, b = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
rec = lambda d, i: d[16 + 68 * i:16 + 68 * (i + 1)]
games = [i for i in range((len(a) - 16) // 68) if rec(a, i) != rec(b, i)]
head = bytearray(a[:16])
struct.pack_into("<I", head, 4, len(games))
open(sys.argv[3], "wb").write(bytes(head) + b"".join(rec(a, i) for i in games))
print(" ".join(str(i + 1) for i in games))
EOF
if [[ ! -s $TMP/games ]]; then
    echo "the header differs, no game"
    exit 1
fi
status=0
"${limit[@]}" "$BF" validate --solve --json "$TMP/differ.wtb" > "$TMP/said.json" 2> /dev/null || status=$?
# 0: confirmed, 1: found wrong; anything else (a failure, the deadline)
# is no verdict.
((status <= 1)) || exit "$status"
# Its games are numbered among those alone: numbered again as in the file.
python3 - "$TMP/games" "$TMP/said.json" <<'EOF'
import json, re, sys
games = open(sys.argv[1]).read().split()
r = json.loads(open(sys.argv[2]).read())
again = lambda line: re.sub(r"game (\d+)", lambda m: f"game {games[int(m.group(1)) - 1]}", line, count=1)
print(f"validate --solve of games {', '.join(games)}: {r['note']}")
for line in r["theoretical_wrong"] + r["theoretical_unsolvable"]:
    print(again(line))
EOF
exit 1
