#!/usr/bin/env bash
# boardfile.read_table on a Parquet file boardfile wrote, against
# pyarrow.parquet.read_table on the same file, in the same process, taken
# in turn (ROUNDS rounds, each timed; the median and best of each, and the
# ratio of the medians), with the library's own decoding
# (boardfile.read_batches(...).read_all(), what read_table did before it
# handed our files to pyarrow) beside them.
#
#   scripts/bench-parquet.sh [BOARDS] [ROUNDS]    (default 1000000 and 7)
#
# Builds the release CLI and the release wheel (maturin), installed into
# target/bench-venv with pyarrow.
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-1000000}
rounds=${2:-7}
target=${CARGO_TARGET_DIR:-target}
venv=$target/bench-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q pyarrow==26.0.1 maturin==1.16.0
rm -rf "$target/bench-wheels"
"$venv/bin/maturin" build --release --quiet -m crates/python/Cargo.toml \
  --interpreter "$venv/bin/python" --out "$target/bench-wheels"
"$venv/bin/pip" install -q --force-reinstall --no-deps "$target"/bench-wheels/boardfile-*.whl
cargo build -q --release -p boardfile-cli
file=$target/bench-parquet-$boards.parquet
[ -s "$file" ] || "$target/release/boardfile" deal "$file" --boards "$boards" --seed 42 -q
echo "$boards boards, $(du -m "$file" | cut -f1) MB of Parquet ($file), $rounds rounds"

"$venv/bin/python" - "$file" "$rounds" <<'PY'
import statistics, sys, time
import pyarrow.parquet as pq
import boardfile

path, rounds = sys.argv[1], int(sys.argv[2])
ways = {
    "pyarrow.parquet.read_table": lambda: pq.read_table(path),
    "boardfile.read_table": lambda: boardfile.read_table(path),
    "library decoding (read_batches)": lambda: boardfile.read_batches(path).read_all(),
}
times = {k: [] for k in ways}
rows = {}
for _ in range(rounds):
    for name, f in ways.items():
        t = time.perf_counter()
        table = f()
        times[name].append(time.perf_counter() - t)
        rows[name] = table.num_rows
        del table
base = statistics.median(times["pyarrow.parquet.read_table"])
for name, ts in times.items():
    m = statistics.median(ts)
    print(f"{name:<34} median {m:6.3f} s  best {min(ts):6.3f} s  rows {rows[name]}  {m / base:5.2f}x pyarrow")
assert len(set(rows.values())) == 1
PY
