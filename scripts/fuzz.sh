#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets) for SECONDS each, JOBS at a time,
# and prints seconds, executions and corpus size per target.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      default: 60 s, every target
#   FUZZ_JOBS=2 scripts/fuzz.sh 600            the maintainers' long run
#
# Installs cargo-fuzz when it is missing, and builds with the toolchain at
# hand (RUSTC_BOOTSTRAP=1 lets a stable compiler take the sanitizer flags).
# The corpus grows in fuzz/corpus/TARGET (not committed) from the seeds in
# fuzz/seeds and, when ../shared/data is beside the repository, the real
# files there (other projects' files, copied into fuzz/corpus/shared-seeds
# for the run, never committed); a crash is kept in fuzz/artifacts/TARGET and makes the script
# fail: copy it to tests/data/<format>/regression/TARGET-<name> so that
# `cargo test` replays it for ever (crates/cli/tests/regressions.rs).
set -euo pipefail
self=$(realpath "$0")
cd "$(dirname "$self")/../fuzz"

if [[ ${1:-} == --one ]]; then
  target=$2 seconds=$3
  kind=${target#read_} kind=${kind#round_trip_}
  seeds=(seeds/"$kind")
  [[ -d corpus/shared-seeds/$kind ]] && seeds+=(corpus/shared-seeds/"$kind")
  case $target in
    sniff)
      # Every seed directory; the shared ones only when there are any.
      shopt -s nullglob
      seeds=(seeds/* corpus/shared-seeds/*)
      ;;
    stream) seeds=(corpus/stream-seeds) ;;
  esac
  mkdir -p "corpus/$target" "artifacts/$target" logs
  bin=target/x86_64-unknown-linux-gnu/release/$target
  status=ok
  start=$SECONDS
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="artifacts/$target/" "corpus/$target" "${seeds[@]}" \
    >"logs/$target.log" 2>&1 || status=CRASH
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "logs/$target.log" | tail -1)
  printf '%-26s %6s s %12s execs %6s corpus  %s\n' "$target" "$((SECONDS - start))" "${execs:-?}" \
    "$(ls "corpus/$target" | wc -l)" "$status"
  [[ $status == ok ]]
  exit
fi

seconds=${1:-60}
shift || true
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
cargo fuzz build 2>&1 | grep -E '^(error|warning)|Finished' || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  mapfile -t targets < <(cargo fuzz list)
fi

# The real files of ../shared/data under 1 MB, each as a seed of the format
# its extension names.
rm -rf corpus/shared-seeds && mkdir -p corpus/shared-seeds
if [[ -d ../../shared/data ]]; then
  n=0
  while IFS= read -r -d '' f; do
    ext=${f##*.} ext=${ext,,}
    if [[ -d seeds/$ext ]]; then
      mkdir -p "corpus/shared-seeds/$ext"
      cp "$f" "corpus/shared-seeds/$ext/$n-$(basename "$f")"
      n=$((n + 1))
    fi
  done < <(find ../../shared/data -type f -size -1024k -print0)
fi

# The stream target's first byte picks the pair of formats: every seed of
# a streamed input format, behind each byte.
rm -rf corpus/stream-seeds && mkdir -p corpus/stream-seeds
i=0
for f in seeds/{bri,dge,dup,zbd,zdd,zrd,zrj,jsonl,dealnum,pbn,lin,ber,bhg,rzd,cds,bigdeal_csv}/* \
  corpus/shared-seeds/{bri,dge,dup,pbn,lin,ber,bhg,rzd,cds}/*; do
  [[ -f $f ]] || continue
  for b in $(seq $((i % 16)) 16 255); do
    { printf "\\x$(printf %02x "$b")"; cat "$f"; } >"corpus/stream-seeds/$b-$(basename "$f")"
  done
  i=$((i + 1))
done

echo "fuzzing ${#targets[@]} targets for $seconds s each, ${FUZZ_JOBS:-1} at a time"
start=$SECONDS
failed=0
printf '%s\n' "${targets[@]}" |
  xargs -P "${FUZZ_JOBS:-1}" -I{} "$self" --one {} "$seconds" || failed=1
echo "total: $((SECONDS - start)) s of wall time"
if [[ $failed == 1 ]]; then
  echo "crashes (inputs in fuzz/artifacts, logs in fuzz/logs):" >&2
  find artifacts -type f >&2
  exit 1
fi
