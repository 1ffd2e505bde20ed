#!/usr/bin/env bash
# `boardfile validate --solve` over a WTHOR year in slices of games, so that
# a run of hours can stop and go on later: each slice is a WTB file of its
# own (the header's count changed, the records as they are), validated
# with the year's names files, and its JSON report kept in DIR; a slice
# with a report is not run again. At the end, the totals and every wrong
# score, numbered as in the whole file.
#
# ROUNDTRIP=1: each slice goes through scripts/check-theoretical.sh
# instead (to JSON Lines, the theoretical scores taken out, back to WTB,
# the bytes compared), its output kept as the slice's report.
#
#   scripts/validate-slices.sh FILE.wtb DIR [SLICE]     default: 250 games
#   DEADLINE=$(date -d 01:00 +%s) scripts/validate-slices.sh ...
#                               start no slice, and stop the one running, then
#   RAYON_NUM_THREADS=1 ...     one core (default: every core)
#   BOARDFILE=/tmp/bf ...       this binary, not a fresh release build (so
#                               that rebuilding meanwhile changes nothing)
#   FROM=2251 ...               start at this game (games before it checked
#                               elsewhere); the totals cover DIR's slices only
#
# The names files are WTHOR.JOU and WTHOR.TRN beside FILE.wtb.
set -euo pipefail
IN=$(realpath "$1")
DIR=$(realpath -m "$2")
SLICE=${3:-250}
BOARDFILE=${BOARDFILE:+$(realpath "$BOARDFILE")}
cd "$(dirname "$0")/.."
ROOT=$PWD
EXT=json
[[ -n ${ROUNDTRIP:-} ]] && EXT=txt
if [[ -n ${BOARDFILE:-} ]]; then
    BF=$(realpath "$BOARDFILE")
else
    nice cargo build --release -q -p boardfile-cli
    BF=$PWD/target/release/boardfile
fi
FROM=${FROM:-1}
if [[ ! $FROM =~ ^[1-9][0-9]*$ ]]; then
    echo "validate-slices.sh: FROM=$FROM is not a game number (1 or more)" >&2
    exit 2
fi
mkdir -p "$DIR"
cd "$DIR"
total=$(python3 -c 'import struct,sys; print(struct.unpack_from("<I", open(sys.argv[1],"rb").read(16), 4)[0])' "$IN")
for ((a = FROM; a <= total; a += SLICE)); do
    b=$((a + SLICE - 1 < total ? a + SLICE - 1 : total))
    name=games-$a-$b
    [[ -s $name.$EXT ]] && continue
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
    status=0
    if [[ -n ${ROUNDTRIP:-} ]]; then
        # It stops at DEADLINE itself (exit 124).
        BOARDFILE=$BF "$ROOT/scripts/check-theoretical.sh" "$name.wtb" > "$name.part" || status=$?
    else
        limit=()
        [[ -n ${DEADLINE:-} ]] && limit=(timeout $((DEADLINE > start ? DEADLINE - start : 1)))
        "${limit[@]}" "$BF" validate --solve --json --players "$(dirname "$IN")/WTHOR.JOU" \
            --tournaments "$(dirname "$IN")/WTHOR.TRN" "$name.wtb" > "$name.part" || status=$?
    fi
    rm -f "$name.wtb"
    # 0: every score confirmed (the same bytes); 1: problems found (listed
    # in the report).
    if ((status > 1)); then
        rm -f "$name.part"
        echo "games $a-$b: stopped (exit $status)"
        break
    fi
    mv "$name.part" "$name.$EXT"
    echo "games $a-$b: $(($(date +%s) - start)) s"
done
# The reports number games within their slice: renumbered as in the file.
python3 - "$total" "$EXT" <<'EOF'
import glob, json, re, sys
total, done, confirmed, unstored, wrong, unsolvable = int(sys.argv[1]), 0, 0, 0, [], []
renumber = lambda line, first: re.sub(
    r"game (\d+)", lambda m: f"game {first + int(m.group(1)) - 1}", line, count=1)
slices = sorted(glob.glob(f"games-*.{sys.argv[2]}"), key=lambda f: int(f.split("-")[1]))
# Slices of runs with another FROM or SLICE may overlap: not counted twice.
ranges = [tuple(int(x) for x in f.split(".")[0].split("-")[1:3]) for f in slices]
for (a1, b1), (a2, b2) in zip(ranges, ranges[1:]):
    if a2 <= b1:
        sys.exit(f"slices games-{a1}-{b1} and games-{a2}-{b2} overlap: move one away")
if sys.argv[2] == "txt":
    same, lines = 0, []
    for f in slices:
        first, last = (int(x) for x in f[len("games-"):-len(".txt")].split("-"))
        done += last - first + 1
        said = open(f).read().splitlines()
        if any(l.startswith("same bytes") for l in said):
            same += 1
            continue
        lines.append(f"games {first}-{last}:")
        for l in said:
            if l.startswith("validate --solve of games "):
                head, _, rest = l.partition(": ")
                nums = head[len("validate --solve of games "):].split(", ")
                l = f"validate --solve of games {', '.join(str(first + int(n) - 1) for n in nums)}: {rest}"
            elif re.match(r"(\d+ )?game \d+", l):
                l = renumber(l, first)
            lines.append("  " + l)
    print(f"{done} of {total} games solved from JSON Lines without theoretical scores: "
          f"{same} of {len(slices)} slices came back the same bytes")
    for line in lines:
        print(" ", line)
    sys.exit(0)
for f in slices:
    first = int(f.split("-")[1])
    r = json.loads(open(f).readline())
    done += r["records"]
    confirmed += r["theoretical_confirmed"] or 0
    unstored += r.get("theoretical_unstored") or 0
    wrong += [renumber(w, first) for w in r["theoretical_wrong"]]
    unsolvable += [renumber(u, first) for u in r["theoretical_unsolvable"]]
print(f"{done} of {total} games checked: {confirmed} theoretical scores confirmed, "
      f"{len(wrong)} wrong, {len(unsolvable)} not solvable"
      + (f", {unstored} without one" if unstored else ""))
for line in wrong + unsolvable:
    print(" ", line)
EOF
