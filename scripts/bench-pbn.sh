#!/usr/bin/env bash
# PBN and LIN speed against endplay (PyPI), on one generated file.
#
#   scripts/bench-pbn.sh [BOARDS]     (default 100000)
#
# Makes a file of random deal-only boards (PBN export form with the 15
# mandatory tags, and LIN), times `boardfile validate` (a whole read) and
# `boardfile convert` (read and write) against endplay's pbn.loads/dump and
# lin.loads on the same files, and prints boards a second and ratios. The
# in-process numbers per format are in `cargo bench -p boardfile-bridge`.
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-100000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release -q -p boardfile-cli
bin=target/release/boardfile
venv=${BENCH_VENV:-target/bench-venv}
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q endplay
fi
python3 - "$boards" > "$work/set.jsonl" <<'PY'
import random, sys
rng = random.Random(20261122)
ranks = "AKQJT98765432"
for n in range(1, int(sys.argv[1]) + 1):
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = sorted(cards[h * 13:(h + 1) * 13])
        hands.append(".".join("".join(ranks[c % 13] for c in mine if c // 13 == s) for s in range(4)))
    print('{"board":%d,"deal":"N:%s"}' % (n, " ".join(hands)))
PY
"$bin" convert "$work/set.jsonl" "$work/set.pbn"
"$bin" convert "$work/set.jsonl" "$work/set.lin"
"$venv/bin/python" scripts/bench_pbn.py "$bin" "$work/set.pbn" "$work/set.lin" "$boards" "$work"
