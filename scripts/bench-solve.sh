#!/usr/bin/env bash
# `boardfile solve` at scale: deals BOARDS random boards (ChaCha20, seed
# 5eed), solves them on JOBS threads (default: every core) to a
# PBN, and every INTERVAL seconds prints the boards done (the journal's
# lines), the rate since the last line and the solve's resident memory.
# At the end: the time, boards a second, and the resident memory's peak
# and its range over the run's second half against its first (flat memory:
# the second half's highest no higher than the first half's).
#
#   scripts/bench-solve.sh [BOARDS] [--jobs N] [--interval S] [--dir DIR]
#
# BOARDS is 1,000,000 by default: about a day on two cores (0.18 s a table
# a core). With --dir the set, the output and the journal stay in DIR, and
# a run stopped (Ctrl-C) goes on, when the same command runs again, from
# the boards its journal holds (their time is not counted again); without
# it they go in a temporary directory, removed at the end. The set and
# the solved PBN of 1,000,000 boards take some 1 GB between them.
set -euo pipefail
boards=1000000
jobs=$(nproc)
interval=30
dir=""
while [ $# -gt 0 ]; do
  case $1 in
    --jobs) jobs=$2; shift ;;
    --interval) interval=$2; shift ;;
    --dir) dir=$(realpath -m "$2"); shift ;;
    [0-9]*) boards=$1 ;;
    *) echo "usage: $0 [BOARDS] [--jobs N] [--interval S] [--dir DIR]" >&2; exit 2 ;;
  esac
  shift
done
cd "$(dirname "$0")/.."
cargo build --release -q -p boardfile-cli
bin=${CARGO_TARGET_DIR:-$PWD/target}/release/boardfile
pid=""
# Stops the solve, if running, and waits for it to go.
stop() { [ -n "$pid" ] && kill "$pid" 2> /dev/null && wait "$pid" 2> /dev/null; true; }
if [ -z "$dir" ]; then
  dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-solve.XXXXXX")
  trap 'stop; rm -rf "$dir"' EXIT
else
  mkdir -p "$dir"
  trap stop EXIT
fi
set_pbn=$dir/set-$boards.pbn
if [ ! -s "$set_pbn" ]; then
  "$bin" deal "$set_pbn" --boards "$boards" --seed 5eed --force 2> "$dir/deal.err" ||
    { cat "$dir/deal.err" >&2; exit 1; }
fi
out=$dir/solved-$boards.pbn
journal=$out.solving
rm -f "$out"
# The journal's lines of boards (its first line is its header).
done_boards() {
  if [ -f "$journal" ]; then echo $(($(wc -l < "$journal") - 1)); else echo 0; fi
}
# Arithmetic (no bc on a fresh machine).
calc() { awk "BEGIN { print $1 }"; }
# A field of the solve's /proc status, in MiB.
mib() { awk -v f="$1:" '$1 == f { printf "%.0f", $2 / 1024 }' "/proc/$pid/status" 2> /dev/null || true; }

first=$(done_boards)
"$bin" solve "$set_pbn" "$out" --jobs "$jobs" 2> "$dir/solve.err" &
pid=$!
start=$(date +%s.%N)
echo "solving $boards boards on $jobs threads in $dir ($first from an earlier run)"
printf '%8s %10s %10s %9s\n' seconds boards 'boards/s' 'RSS MiB'
last_t=$start
last_n=$first
rss_log=$dir/rss
: > "$rss_log"
peak=0
while kill -0 "$pid" 2> /dev/null; do
  sleep "$interval" &
  wait $! || true
  kill -0 "$pid" 2> /dev/null || break
  now=$(date +%s.%N)
  n=$(done_boards)
  rss=$(mib VmRSS)
  hwm=$(mib VmHWM)
  [ -n "$hwm" ] && peak=$hwm
  [ -n "$rss" ] || continue
  echo "$n $rss" >> "$rss_log"
  printf '%8.0f %10d %10.1f %9s\n' "$(calc "$now - $start")" "$n" \
    "$(calc "($n - $last_n) / ($now - $last_t)")" "$rss"
  last_t=$now
  last_n=$n
done
status=0
wait "$pid" || status=$?
pid=""
end=$(date +%s.%N)
if [ "$status" -ne 0 ]; then
  echo "the solve failed (exit $status):" >&2
  tail -n 5 "$dir/solve.err" >&2
  exit 1
fi
solved=$((boards - first))
seconds=$(calc "$end - $start")
if [ "$solved" -gt 0 ]; then
  printf 'solved %d boards in %.0f s: %.2f boards a second, %.1f ms a board a thread\n' \
    "$solved" "$seconds" "$(calc "$solved / $seconds")" \
    "$(calc "$seconds * $jobs * 1000 / $solved")"
fi
# Resident memory over the first and the second half of the boards done.
awk -v half=$(((boards + first) / 2)) -v peak="$peak" '
  { if ($1 < half) { a = (a == "" || $2 < a) ? $2 : a; b = ($2 > b) ? $2 : b }
    else { c = (c == "" || $2 < c) ? $2 : c; d = ($2 > d) ? $2 : d } }
  END {
    if (NR == 0) { print "resident memory: not sampled (a run shorter than --interval)"; exit }
    printf "resident memory: peak %s MiB at the last sample; first half %s-%s MiB, second half %s-%s MiB\n", peak, a, b, c, d
  }' "$rss_log"
grep -c '^\[Board ' "$out" | xargs printf 'boards in the output: %s\n'
