#!/usr/bin/env bash
# Writes the seed corpora in fuzz/seeds/<format>/ from this repository's own
# samples (tests/data/bridge: the DLM paper's appendices, the PBN standard's
# example, a vugraph LIN) and from sets made here (a dealt set, solved;
# random legal Othello games; names files of made-up names), converted into
# every format by boardfile itself. Other projects' files (../shared/data)
# are never committed: scripts/fuzz.sh adds them as seeds when it runs.
# The seeds are committed; rerun this when a format is added.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bf=target/release/boardfile
seeds=fuzz/seeds
rm -rf "$seeds" && mkdir -p "$seeds"
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
b=tests/data/bridge

# Bridge: a dealt set solved (tables and par) and the PBN example (auction,
# play, commentary) in every format that takes them; the samples as they are.
$bf deal "$tmp/dealt.jsonl" --boards 3 --seed 5eed5 2>/dev/null
$bf solve "$tmp/dealt.jsonl" "$tmp/solved.jsonl" 2>/dev/null
for f in bri dge bre dup hrf dlm pbn lin zbs zbd zdd zrd zrj jsonl dealnum goe csv \
  ber bhg rzd cds bigdeal-csv; do
  dir=${f//-/_}
  mkdir -p "$seeds/$dir"
  for src in "$tmp/solved.jsonl" $b/pbn-spec-example.pbn $b/vugraph-3boards.lin; do
    name=$(basename "${src%.*}")
    $bf convert --to $f "$src" "$seeds/$dir/$name.$dir" 2>/dev/null || true
  done
done
# Big Deal's blind DUP and DLM, and its dialect of PBN, LIN, DUP and DLM.
for f in dup dlm; do
  $bf convert --blind "$tmp/solved.jsonl" "$seeds/$f/solved-blind.$f" 2>/dev/null
done
for f in pbn lin dup dlm; do
  $bf convert --dialect bigdeal "$tmp/solved.jsonl" "$seeds/$f/solved-bigdeal.$f" 2>/dev/null
done
for s in $b/*; do
  ext=${s##*.}
  cp "$s" "$seeds/$ext/"
done

# Othello: random legal games (a transcript, and as WTB, WTD, JSON
# Lines, GGF and PGN), a 10x10 game, a solitaire built from the PZZ layout, names files.
mkdir -p $seeds/{wtb,wtd,pzz,jou,trn,othello_jsonl,transcript}
python3 - > "$tmp/random.txt" <<'PY'
import random
rng = random.Random(1977)
ways = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]
def flips(b, c, r, me):
    out = []
    for dc, dr in ways:
        line, x, y = [], c + dc, r + dr
        while 0 <= x < 8 and 0 <= y < 8 and b.get((x, y)) not in (None, me):
            line.append((x, y))
            x, y = x + dc, y + dr
        if line and 0 <= x < 8 and 0 <= y < 8 and b.get((x, y)) == me:
            out += line
    return out
for game in range(6):
    b = {(3, 3): "W", (4, 4): "W", (4, 3): "B", (3, 4): "B"}
    me, moves, passes = "B", [], 0
    # Played out, or stopped early (an unfinished game) for some.
    while passes < 2 and len(moves) < (60 if game < 4 else 20 + game):
        legal = [(c, r) for c in range(8) for r in range(8)
                 if (c, r) not in b and flips(b, c, r, me)]
        if legal:
            c, r = rng.choice(legal)
            for sq in flips(b, c, r, me) + [(c, r)]:
                b[sq] = me
            moves.append("abcdefgh"[c] + str(r + 1))
            passes = 0
        else:
            passes += 1
        me = "W" if me == "B" else "B"
    print("".join(moves))
PY
cp "$tmp/random.txt" $seeds/transcript/random.txt
$bf convert --from transcript "$tmp/random.txt" $seeds/wtb/random.wtb 2>/dev/null
$bf convert --from transcript "$tmp/random.txt" $seeds/othello_jsonl/random.jsonl 2>/dev/null
printf 'e4\nd5\ng6\nf7\n' > "$tmp/ten.txt"
$bf convert --from transcript "$tmp/ten.txt" $seeds/wtd/two-games.wtd 2>/dev/null
cp "$tmp/ten.txt" $seeds/transcript/ten.txt
python3 - "$seeds" <<'PY'
import struct, sys
seeds = sys.argv[1]
# One solitaire, two empties (a1 as 00, b1 as 01), black to move b1.
cells = bytes([0x1b] + [0xff] * 14 + [0xfe])
pzz = bytes([20, 26, 11, 22]) + struct.pack("<IHHBBBB", 1, 2, 0, 0, 1, 0, 0)
table = [0] * 64
table[2] = 1
pzz += struct.pack("<64i", *table)
pzz += bytes([0xd4, 0x07, 5, 0, 12, 0, 0, 0, 40, 0, 0, 0]) + cells + bytes([2, 1, 4, 12, 60, 0, 0, 0])
open(f"{seeds}/pzz/one.pzz", "wb").write(pzz)
# Names files of made-up names: "???" first, as the federation's begin.
names = {"jou": (20, ["???", "Dupont Jean", "Martin Claire", "Nakamura Ken", "Ollivier Zoé"]),
         "trn": (26, ["???", "Tournoi de Paris", "Open de Lyon", "Championnat test"])}
for ext, (rec, items) in names.items():
    head = bytes([20, 26, 11, 23]) + struct.pack("<IHHBBBB", 0, len(items), 0, 0, 0, 0, 0)
    body = b"".join(n.encode("latin-1").ljust(rec, b"\0") for n in items)
    open(f"{seeds}/{ext}/made-up.{ext}", "wb").write(head + body)
PY
# GGF and PGN: the random games as our writers write them, and games
# written by hand from the formats' descriptions (tests/data/othello-text:
# a GGS archive's forms, Edax's and PlayOK's PGN, games WTHOR refuses).
mkdir -p $seeds/{ggf,pgn}
$bf convert --from transcript "$tmp/random.txt" $seeds/ggf/random.ggf 2>/dev/null
$bf convert --from transcript "$tmp/random.txt" $seeds/pgn/random.pgn 2>/dev/null
cp tests/data/othello-text/*.ggf $seeds/ggf/
cp tests/data/othello-text/*.pgn $seeds/pgn/
find "$seeds" -type f | wc -l | xargs echo "seed files:"
du -sh "$seeds"
