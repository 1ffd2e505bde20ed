#!/usr/bin/env bash
# The web page's server under load and on a large file: the release
# binary's `boardfile serve`, talked to by curl over loopback.
#
#   scripts/bench-serve.sh [CLIENTS]        (default 50)
#
# 2. CLIENTS clients at once each download a 10,000-board PBN converted
#    to LIN, and each download is compared with `boardfile convert`'s
#    bytes: the count correct, the wall time, and the server's peak
#    resident memory (VmHWM) against the same conversion run CLIENTS
#    times one after another (the ratio).
# 1. A 1,000,000-board PBN: the first page of boards (board 1 shown) and
#    pages read down to the last board (the server streams from the
#    start each time), with the server's peak memory.
# Files go to a temporary folder, removed at the end; the server is
# stopped by the script.
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-50}
target=${CARGO_TARGET_DIR:-target}
case $target in /*) ;; *) target=$PWD/$target ;; esac
cargo build --release -q -p boardfile-cli
bin=$target/release/boardfile
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill -INT "$server" 2> /dev/null || true; wait "$server" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
mkdir "$work/dir"
"$bin" deal "$work/dir/ten.pbn" --boards 10000 --seed 5e55 2> /dev/null
"$bin" deal "$work/dir/million.pbn" --boards 1000000 --seed 1 2> /dev/null
"$bin" convert "$work/dir/ten.pbn" "$work/want.lin" 2> /dev/null
"$bin" serve "$work/dir" > "$work/address" &
server=$!
for _ in $(seq 1 100); do grep -q token= "$work/address" 2> /dev/null && break; sleep 0.05; done
url=$(grep -o 'http://[^ ]*' "$work/address")
base=${url%%/?token=*}
token=${url##*token=}
get() { curl -sf -H "X-Boardfile-Token: $token" "$@"; }
peak() { awk '/VmHWM/ {print $2 / 1024 " MB"}' "/proc/$server/status"; }
now() { date +%s.%N; }
minus() { python3 -c "print(round($1 - $2, 3))"; }

echo "== a 1,000,000-board PBN"
for from in 0 250000 500000 750000 999988; do
  start=$(now)
  shown=$(get "$base/api/boards?file=dir/million.pbn&count=12&from=$from" | grep -o '"number":[0-9]*' | head -1)
  echo "boards from index $from: $(minus "$(now)" "$start") s (first: $shown)"
done
echo "server peak $(peak)"

echo "== $clients clients converting a 10,000-board PBN to LIN"
start=$(now)
for i in $(seq 1 "$clients"); do
  get -o "$work/got-$i.lin" "$base/api/convert?file=dir/ten.pbn&to=lin" &
done
wait_all() { for job in $(jobs -p); do [ "$job" = "$server" ] || wait "$job" || true; done; }
wait_all
together=$(minus "$(now)" "$start")
correct=0
for i in $(seq 1 "$clients"); do cmp -s "$work/got-$i.lin" "$work/want.lin" && correct=$((correct + 1)); done
echo "correct: $correct of $clients; wall ${together} s; server peak $(peak)"
start=$(now)
for i in $(seq 1 "$clients"); do get -o "$work/one.lin" "$base/api/convert?file=dir/ten.pbn&to=lin"; done
alone=$(minus "$(now)" "$start")
echo "one after another: ${alone} s (at once / one after another: $(python3 -c "print(round($together / $alone, 2))"))"

[ "$correct" = "$clients" ]
