#!/usr/bin/env bash
# Hands generated a second: `boardfile deal --where` against Debian's
# dealer (installed here when missing), on one core and on all cores, for
# the same scripts and the same number of deals. dealer has no threads:
# "all cores" runs one dealer a core, each with its share of the deals.
#
#   scripts/bench-dealer.sh            N=10000000 scripts/bench-dealer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-4000000}
CORES=$(nproc)
if ! command -v dealer >/dev/null && [ ! -x /usr/games/dealer ]; then
    (apt-get update -qq && apt-get install -y -qq dealer) >/dev/null
fi
DEALER=$(command -v dealer || echo /usr/games/dealer)
cargo build --release -q -p boardfile-cli
BF=$PWD/target/release/boardfile
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
printf 'condition shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx) and hcp(north) >= 15 and hcp(north) <= 17\n' >"$TMP/1NT.dlr"
printf 'condition shape(south, any 5521 + any 6511 + any 55xx - xx55) and hcp(south) < 12\n' >"$TMP/shape.dlr"
printf 'condition hcp(north) >= 12 and hcp(north) <= 21 and spades(north) >= 5\n' >"$TMP/hcp.dlr"
printf 'condition 1\n' >"$TMP/any.dlr"
DATA=../shared/data/dealer/ADavidBailey+Practice-Bidding-Scenarios
SCRIPTS=("$TMP/1NT.dlr" "$TMP/shape.dlr" "$TMP/hcp.dlr" "$TMP/any.dlr")
for s in Basic_NT Smolen CRASH; do
    [ -f "$DATA/$s.dlr" ] && SCRIPTS+=("$DATA/$s.dlr")
done

now() { date +%s.%N; }
rate() { awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.0f", n / (b - a) }'; }

bf() { # script jobs
    local t0 t1
    t0=$(now)
    "$BF" deal /dev/null --to jsonl --where "$1" --generate "$N" --boards 2000000000 \
        --seed 1 --jobs "$2" --json >/dev/null 2>&1
    t1=$(now)
    rate "$N" "$t0" "$t1"
}

dl() { # script processes
    local t0 t1 share=$((N / $2))
    t0=$(now)
    for k in $(seq 1 "$2"); do
        "$DEALER" -s "$k" -g "$share" -p 2000000000 -q -v "$1" >/dev/null 2>&1 &
    done
    wait
    t1=$(now)
    rate $((share * $2)) "$t0" "$t1"
}

printf '%-26s %14s %14s %7s %14s %14s %7s\n' script "boardfile/1" "dealer/1" ratio \
    "boardfile/$CORES" "dealer/$CORES" ratio
for s in "${SCRIPTS[@]}"; do
    b1=$(bf "$s" 1); d1=$(dl "$s" 1); bn=$(bf "$s" "$CORES"); dn=$(dl "$s" "$CORES")
    printf '%-26s %14s %14s %7.2f %14s %14s %7.2f\n' "$(basename "$s" .dlr)" "$b1" "$d1" \
        "$(awk -v a="$b1" -v b="$d1" 'BEGIN{print a/b}')" "$bn" "$dn" \
        "$(awk -v a="$bn" -v b="$dn" 'BEGIN{print a/b}')"
done
