#!/usr/bin/env bash
# Our own solver (crates/dd, what `boardfile solve` uses) and pons-dds
# against the C++ DDS (dds-bridge): tables and par must agree on every deal;
# time per deal on one core (and our nodes a deal), and ours on one and two
# threads as `boardfile solve` runs it; then each card of the played boards
# of ../shared/data/wild valued by our solver and the C++ DDS
# (tests/play_analysis.rs).
#
#   scripts/bench-dds.sh [DEALS]      (default 100; installs libclang-dev)
#   DDS_PART=K/M scripts/bench-dds.sh DEALS
#       only every M-th of the DEALS deals from the K-th, and no passes
#       through dd::solve_deals: M of these at once, one a core, check
#       all DEALS deals between them (the play analysis only in part 1;
#       install libclang-dev before starting them together)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! dpkg -s libclang-dev > /dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang-dev > /dev/null
fi
cargo bench -q -p boardfile-bridge --features dds-oracle --bench dds -- "${1:-100}"
# The play analysis too: every card of the played wild boards valued as
# the C++ DDS values it.
case ${DDS_PART:-1/1} in
  1/*) cargo test -q -p boardfile-bridge --features dds-oracle --test play_analysis -- --nocapture ;;
esac
