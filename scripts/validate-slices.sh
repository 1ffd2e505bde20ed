#!/usr/bin/env bash
# `boardfile validate --solve` over a WTHOR year in slices of games, so that
# a run of hours can stop and go on later: each slice is a WTB file of its
# own (the header's count changed, the records as they are), validated
# with the year's names files, and its JSON report kept in DIR; a slice
# with a report is not run again. At the end, the totals and every wrong
# score, numbered as in the whole file.
#
#   scripts/validate-slices.sh FILE.wtb DIR [SLICE]     default: 250 games
#   DEADLINE=$(date -d 01:00 +%s) scripts/validate-slices.sh ...
#                               start no slice, and stop the one running, then
#   RAYON_NUM_THREADS=1 ...     one core (default: every core)
#   BOARDFILE=/tmp/bf ...       this binary, not a fresh release build (so
#                               that rebuilding meanwhile changes nothing)
#
# The names files are WTHOR.JOU and WTHOR.TRN beside FILE.wtb.
set -euo pipefail
IN=$(realpath "$1")
DIR=$2
SLICE=${3:-250}
cd "$(dirname "$0")/.."
if [[ -n ${BOARDFILE:-} ]]; then
    BF=$(realpath "$BOARDFILE")
else
    nice cargo build --release -q -p boardfile-cli
    BF=$PWD/target/release/boardfile
fi
mkdir -p "$DIR"
cd "$DIR"
total=$(python3 -c 'import struct,sys; print(struct.unpack_from("<I", open(sys.argv[1],"rb").read(16), 4)[0])' "$IN")
for ((a = 1; a <= total; a += SLICE)); do
    b=$((a + SLICE - 1 < total ? a + SLICE - 1 : total))
    name=games-$a-$b
    [[ -s $name.json ]] && continue
    if [[ -n ${DEADLINE:-} ]] && (($(date +%s) >= DEADLINE)); then
        echo "deadline: stopped before games $a-$b"
        break
    fi
    python3 - "$IN" "$name.wtb" "$a" "$b" <<'EOF'
import struct, sys
src, dst, a, b = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
d = open(src, "rb").read()
head = bytearray(d[:16])
struct.pack_into("<I", head, 4, b - a + 1)
open(dst, "wb").write(bytes(head) + d[16 + 68 * (a - 1):16 + 68 * b])
EOF
    start=$(date +%s)
    limit=()
    [[ -n ${DEADLINE:-} ]] && limit=(timeout $((DEADLINE - start)))
    status=0
    "${limit[@]}" "$BF" validate --solve --json --players "$(dirname "$IN")/WTHOR.JOU" \
        --tournaments "$(dirname "$IN")/WTHOR.TRN" "$name.wtb" > "$name.part" || status=$?
    rm -f "$name.wtb"
    # 0: every score confirmed; 1: problems found (listed in the report).
    if ((status > 1)); then
        rm -f "$name.part"
        echo "games $a-$b: stopped (exit $status)"
        break
    fi
    mv "$name.part" "$name.json"
    echo "games $a-$b: $(($(date +%s) - start)) s"
done
# The reports number games within their slice: renumbered as in the file.
python3 - "$total" <<'EOF'
import glob, json, re, sys
total, done, confirmed, wrong, unsolvable = int(sys.argv[1]), 0, 0, [], []
renumber = lambda line, first: re.sub(
    r"game (\d+)", lambda m: f"game {first + int(m.group(1)) - 1}", line, count=1)
for f in sorted(glob.glob("games-*.json"), key=lambda f: int(f.split("-")[1])):
    first = int(f.split("-")[1])
    r = json.loads(open(f).readline())
    done += r["records"]
    confirmed += r["theoretical_confirmed"] or 0
    wrong += [renumber(w, first) for w in r["theoretical_wrong"]]
    unsolvable += [renumber(u, first) for u in r["theoretical_unsolvable"]]
print(f"{done} of {total} games checked: {confirmed} theoretical scores confirmed, "
      f"{len(wrong)} wrong, {len(unsolvable)} not solvable")
for line in wrong + unsolvable:
    print(" ", line)
EOF
