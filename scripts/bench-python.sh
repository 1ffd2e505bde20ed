#!/usr/bin/env bash
# boardfile.read_table into pandas against pandas.read_json(lines=True), on
# the same 1,000,000 dealt boards (JSON Lines, as `boardfile deal` writes
# them): seconds and each run's peak memory (a fresh process each), beside
# the table's own size.
#
#   scripts/bench-python.sh [BOARDS]      (default 1000000)
#
# Builds the release CLI and installs the package (release) into
# target/bench-venv with pyarrow and pandas, as the README says.
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-1000000}
venv=target/bench-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q pyarrow==26.0.1 pandas==3.1.1
"$venv/bin/pip" install -q ./crates/python
cargo build -q --release -p boardfile-cli
file=target/bench-python-$boards.jsonl
[ -s "$file" ] || target/release/boardfile deal "$file" --boards "$boards" --seed 42 -q
echo "$boards boards, $(du -m "$file" | cut -f1) MB of JSON Lines ($file)"

run() {
  "$venv/bin/python" - "$file" "$1" <<'PY'
import resource, sys, time
path, how = sys.argv[1], sys.argv[2]
import pandas as pd, pyarrow as pa, boardfile
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
if how.startswith("read_table"):
    table = boardfile.read_table(path)
    mid = time.perf_counter()
    size = table.nbytes
    if how == "read_table":
        df = table
        detail = f"(the arrow table itself: {size / 2**20:.0f} MiB)"
    else:
        df = table.to_pandas()
        detail = f"(read_table {mid - t:.2f} s + to_pandas {time.perf_counter() - mid:.2f} s; DataFrame {df.memory_usage(deep=True).sum() / 2**20:.0f} MiB)"
else:
    df = pd.read_json(path, lines=True)
    detail = f"({len(df.columns)} columns: the deal one string, no HCP or lengths; DataFrame {df.memory_usage(deep=True).sum() / 2**20:.0f} MiB)"
took = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"{how:<20} {took:6.2f} s   peak {peak / 1024:6.0f} MiB (+{(peak - base) / 1024:.0f} over the interpreter) {detail}  rows {len(df)}")
PY
}
run read_table
run read_table+pandas
run read_json
