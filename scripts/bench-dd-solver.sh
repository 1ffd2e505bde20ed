#!/usr/bin/env bash
# Our double-dummy solver (crates/dd) against pons-dds, what `boardfile
# solve` uses today: the same random deals, full tables, one thread each.
# Every table must agree (a disagreement prints the deal and fails); prints
# both solvers' time a deal, their ratio and our nodes a deal.
#
#   scripts/bench-dd-solver.sh [DEALS] [SEED]      (default 100 deals, seed 1)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run -q --release -p boardfile-dd --example versus -- "${1:-100}" "${2:-1}"
