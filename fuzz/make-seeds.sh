#!/usr/bin/env bash
# Writes the seed corpora in fuzz/seeds/<format>/ from the sample files in
# tests/data (BigDeal's board set, the DLM paper's appendices, the PBN
# standard's example, WTHOR files from the federation), converted into
# every format by boardfile itself, with double-dummy tables solved in.
# The seeds are committed; rerun this when a format is added.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bf=target/release/boardfile
seeds=fuzz/seeds
rm -rf "$seeds" && mkdir -p "$seeds"
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
b=tests/data/bridge o=tests/data/othello

# Bridge: a solved set (tables and par) and the PBN example (auction, play,
# commentary) in every format that takes them; the samples as they are.
$bf solve $b/bigdeal-2boards.pbn "$tmp/solved.jsonl" 2>/dev/null
for f in bri dge bre dup hrf dlm pbn lin zbs zbd zdd zrd zrj jsonl dealnum; do
  mkdir -p "$seeds/$f"
  for src in "$tmp/solved.jsonl" $b/pbn-spec-example.pbn $b/vugraph-3boards.lin; do
    name=$(basename "${src%.*}")
    $bf convert --to $f "$src" "$seeds/$f/$name.$f" 2>/dev/null || true
  done
done
for s in $b/*; do
  ext=${s##*.}
  cp "$s" "$seeds/$ext/"
done

# Othello: the 1977 games, twenty of 2004 (through JSON Lines, which keeps
# the header), a 10x10 game, a solitaire built from the PZZ layout, the
# first names of the names files.
mkdir -p $seeds/{wtb,wtd,pzz,jou,trn,othello_jsonl,transcript}
cp $o/WTH_1977.wtb $seeds/wtb/
$bf convert $o/WTH_2004.wtb "$tmp/2004.jsonl" 2>/dev/null
head -21 "$tmp/2004.jsonl" > $seeds/othello_jsonl/2004-20games.jsonl
$bf convert --from jsonl $seeds/othello_jsonl/2004-20games.jsonl $seeds/wtb/2004-20games.wtb 2>/dev/null
$bf convert $o/WTH_1977.wtb $seeds/othello_jsonl/1977.jsonl 2>/dev/null
$bf convert $o/WTH_1977.wtb --to transcript $seeds/transcript/1977.txt 2>/dev/null
printf 'e4\nd5\ng6\nf7\n' > "$tmp/ten.txt"
$bf convert --from transcript "$tmp/ten.txt" $seeds/wtd/two-games.wtd 2>/dev/null
cp "$tmp/ten.txt" $seeds/transcript/ten.txt
python3 - "$o" "$seeds" <<'PY'
import struct, sys
o, seeds = sys.argv[1], sys.argv[2]
# One solitaire, two empties (a1 as 00, b1 as 01), black to move b1.
cells = bytes([0x1b] + [0xff] * 14 + [0xfe])
pzz = bytes([20, 26, 11, 22]) + struct.pack("<IHHBBBB", 1, 2, 0, 0, 1, 0, 0)
table = [0] * 64
table[2] = 1
pzz += struct.pack("<64i", *table)
pzz += bytes([0xd4, 0x07, 5, 0, 12, 0, 0, 0, 40, 0, 0, 0]) + cells + bytes([2, 1, 4, 12, 60, 0, 0, 0])
open(f"{seeds}/pzz/one.pzz", "wb").write(pzz)
for name, rec in (("WTHOR.JOU", 20), ("WTHOR.TRN", 26)):
    data = open(f"{o}/{name}", "rb").read()
    head = bytearray(data[:16])
    head[8:10] = struct.pack("<H", 12)
    ext = name.split(".")[1].lower()
    open(f"{seeds}/{ext}/first12.{ext}", "wb").write(bytes(head) + data[16:16 + 12 * rec])
PY
find "$seeds" -type f | wc -l | xargs echo "seed files:"
du -sh "$seeds"
