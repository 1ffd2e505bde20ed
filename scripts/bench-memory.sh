#!/usr/bin/env bash
# Peak memory and speed of conversions, validation, info and dealing on
# large generated board sets, with /usr/bin/time (installed if missing).
#
#   scripts/bench-memory.sh [--10m] [--baseline REV|BINARY]
#
# Makes 1,000,000 random deals with whole double-dummy tables (ZRD), the
# PBN `boardfile solve` leaves from them (tables and par), and the same set
# in JSON Lines, LIN, ZBD and DUP (and the PBN with LF line ends, whose
# games keep their own text); then times each path below to standard
# output (so the disk is not measured) and prints seconds, boards a second
# and the peak resident memory (max RSS), with OK when it is under 64 MB.
# With --10m the conversions run at 10,000,000 boards too (about 20 GB of
# files in $TMPDIR). With --baseline REV the same commands run with the
# boardfile of git revision REV (built in a temporary worktree) in turn,
# and each line gives the ratio of the times (baseline / now); a path to a
# boardfile binary instead of REV is used as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes="1000000"
baseline=""
while [ $# -gt 0 ]; do
  case $1 in
    --10m) sizes="1000000 10000000" ;;
    --baseline) baseline=$2; shift ;;
    *) echo "usage: $0 [--10m] [--baseline REV|BINARY]" >&2; exit 2 ;;
  esac
  shift
done
if [ ! -x /usr/bin/time ]; then
  (apt-get update -qq && apt-get install -y -qq time) >/dev/null
fi
cargo build --release -q -p boardfile-cli
cargo build --release -q -p boardfile-bridge --example gen_zrd
bin=$PWD/target/release/boardfile
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-memory.XXXXXX")
cleanup() {
  [ -d "$work/base" ] && git worktree remove --force "$work/base" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
old=""
if [ -f "$baseline" ] && [ -x "$baseline" ]; then
  old=$(realpath "$baseline")
elif [ -n "$baseline" ]; then
  git worktree add -q --detach "$work/base" "$baseline"
  (cd "$work/base" && CARGO_TARGET_DIR="$work/base-target" cargo build --release -q -p boardfile-cli)
  old=$work/base-target/release/boardfile
fi

# seconds and max RSS in KB of a command, its output thrown away; "fail"
# when it fails.
measure() {
  if /usr/bin/time -f "%e %M" -o "$work/t" "$@" > /dev/null 2> "$work/err"; then
    cat "$work/t"
  else
    echo "fail $(tail -c 200 "$work/err" | tr '\n' ' ')"
  fi
}

report() { # label boards command...
  local label=$1 n=$2
  shift 2
  read -r secs kb rest <<< "$(measure "$bin" "$@")"
  if [ "$secs" = fail ]; then
    printf '%-22s %9d  failed: %s %s\n' "$label" "$n" "$kb" "$rest"
    return
  fi
  local mb verdict
  mb=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
  verdict=$(awk -v k="$kb" 'BEGIN { print (k < 65536 ? "OK" : "OVER 64 MB") }')
  printf '%-22s %9d %7.2f s %10.0f boards/s %8s MB %-10s' "$label" "$n" "$secs" \
    "$(awk -v n="$n" -v s="$secs" 'BEGIN { print n / (s > 0 ? s : 0.001) }')" "$mb" "$verdict"
  if [ -n "$old" ]; then
    read -r osecs okb orest <<< "$(measure "$old" "$@")"
    if [ "$osecs" = fail ]; then
      printf '  baseline failed'
    else
      printf '  baseline %7.2f s %8.1f MB  (%.2fx faster, %.1fx less memory)' "$osecs" \
        "$(awk -v k="$okb" 'BEGIN { print k / 1024 }')" \
        "$(awk -v a="$osecs" -v b="$secs" 'BEGIN { print a / (b > 0 ? b : 0.001) }')" \
        "$(awk -v a="$okb" -v b="$kb" 'BEGIN { print a / b }')"
    fi
  fi
  echo
}

printf '%-22s %9s %9s %17s %11s\n' path boards time speed "max RSS"
for n in $sizes; do
  d=$work/$n
  mkdir -p "$d"
  target/release/examples/gen_zrd "$n" complete > "$d/set.zrd"
  "$bin" solve "$d/set.zrd" "$d/set.pbn" 2>/dev/null
  for f in jsonl lin zbd dup; do "$bin" convert "$d/set.pbn" "$d/set.$f" 2>/dev/null; done
  report "JSONL -> PBN" "$n" convert "$d/set.jsonl" - --to pbn
  report "PBN -> JSONL" "$n" convert "$d/set.pbn" - --to jsonl
  report "PBN -> ZRD" "$n" convert "$d/set.pbn" - --to zrd
  report "PBN -> PBN" "$n" convert "$d/set.pbn" - --to pbn
  # The same file with LF line ends: not the export form, so each game
  # keeps its text and is given back from it.
  sed 's/\r$//' "$d/set.pbn" > "$d/set-lf.pbn"
  report "PBN (LF) -> PBN" "$n" convert "$d/set-lf.pbn" - --to pbn
  report "PBN (LF) -> JSONL" "$n" convert "$d/set-lf.pbn" - --to jsonl
  rm "$d/set-lf.pbn"
  report "LIN -> PBN" "$n" convert "$d/set.lin" - --to pbn
  report "ZBD -> DUP" "$n" convert "$d/set.zbd" - --to dup
  report "JSONL -> LIN" "$n" convert "$d/set.jsonl" - --to lin
  report "DUP -> PBN" "$n" convert "$d/set.dup" - --to pbn
  report "ZRD -> JSONL" "$n" convert "$d/set.zrd" - --to jsonl
  report "ZRD -> PBN" "$n" convert "$d/set.zrd" - --to pbn
  report "LIN -> ZRD" "$n" convert "$d/set.lin" - --to zrd
  if [ "$n" = 1000000 ]; then
    report "validate PBN" "$n" validate "$d/set.pbn"
    report "validate LIN" "$n" validate "$d/set.lin"
    report "info PBN" "$n" info "$d/set.pbn"
    report "deal (PBN)" "$n" deal - --to pbn --boards "$n" --seed 5eed
  fi
  rm -rf "$d"
done
