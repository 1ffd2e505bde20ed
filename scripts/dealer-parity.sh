#!/usr/bin/env bash
# Acceptance-rate parity of `boardfile deal --where` with Debian's dealer.
#
# For every script in ../shared/data/dealer (or the files given), both
# programs generate the same number of deals (N, default 1,000,000) and the
# table gives each one's rate (produced / generated) and z, the difference
# in standard errors of the pooled rate. |z| < 4 passes. Installs dealer
# (apt) when it is missing. Not part of `cargo test`: it needs dealer.
#
#   scripts/dealer-parity.sh [SCRIPT.dlr...]      N=200000 scripts/dealer-parity.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
if ! command -v dealer >/dev/null && [ ! -x /usr/games/dealer ]; then
    (apt-get update -qq && apt-get install -y -qq dealer) >/dev/null
fi
DEALER=$(command -v dealer || echo /usr/games/dealer)
cargo build --release -q -p boardfile-cli
BF=target/release/boardfile
if [ $# -eq 0 ]; then
    set -- ../shared/data/dealer/*/*.dlr
fi
[ -e "$1" ] || { echo "no scripts found" >&2; exit 2; }
printf '%-32s %10s %12s %12s %8s\n' script generated boardfile dealer z
fail=0
for f in "$@"; do
    name=$(basename "$f" .dlr)
    dp=$("$DEALER" -s 1 -g "$N" -p 2000000000 -q "$f" 2>/dev/null | grep -a '^Produced' | awk '{print $2}' || true)
    bj=$("$BF" deal /dev/null --to jsonl --where "$f" --generate "$N" --boards 2000000000 --seed 1 --json 2>/dev/null || true)
    bp=$(echo "$bj" | sed -n 's/.*"produced":\([0-9]*\).*/\1/p')
    bg=$(echo "$bj" | sed -n 's/.*"generated":\([0-9]*\).*/\1/p')
    if [ -z "$bp" ]; then
        printf '%-32s %10s %12s %12s %8s\n' "$name" "$N" refused "${dp:-refused}" -
        continue
    fi
    if [ -z "$dp" ]; then
        printf '%-32s %10s %12.6f %12s %8s\n' "$name" "$bg" "$(awk -v a="$bp" -v n="$bg" 'BEGIN{print a/n}')" "refused" -
        continue
    fi
    line=$(awk -v a="$bp" -v b="$dp" -v n="$bg" -v m="$N" -v name="$name" 'BEGIN {
        p1 = a / n; p2 = b / m; p = (a + b) / (n + m);
        se = sqrt(p * (1 - p) * (1 / n + 1 / m)); z = (se > 0) ? (p1 - p2) / se : 0;
        printf "%-32s %10d %12.6f %12.6f %8.2f", name, n, p1, p2, z }')
    echo "$line"
    z=$(echo "$line" | awk '{print $NF}')
    awk -v z="$z" 'BEGIN { exit (z < 4 && z > -4) ? 0 : 1 }' || fail=1
done
exit $fail
