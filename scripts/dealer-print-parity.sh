#!/usr/bin/env bash
# Print-action parity of `boardfile deal --where` with Debian's dealer.
#
# For every script in ../shared/data/dealer (or the files given):
#
# 1. boardfile prints: `boardfile deal --where SCRIPT --boards 3` (no OUT)
#    must print the 3 deals in the layout of the script's print action, or
#    as printall when it has no action (dealer's default); a script whose
#    actions only count (average, frequency) prints its statistics.
# 2. The layouts equal dealer's, byte for byte, for the same deals. dealer's
#    deals come from its own generator, so they are taken from dealer: the
#    script with its action list replaced by one print action, run with the
#    same seed (same seed and condition, same deals) once for each layout.
#    boardfile's layout code (the example dealer_layout) prints the deals
#    read from one of dealer's layouts in another, and the two are
#    compared: printall, printew, printcompact, printpbn and print(north,
#    west) from printoneline's deals, printoneline from printpbn's. dealer's
#    four closing lines (Generated, Produced, Initial random seed, Time
#    needed) are left out, and printpbn's Event and Date are dealer's own
#    (`Hand simulated by dealer with file F, seed 1`, today): they are the
#    tags' text, not the layout. The copy dealer reads has its /* */
#    comments cut (dealer's scanner echoes some of their letters onto
#    standard output, `OOO` before the first deal), and its `#` comments
#    after code (dealer refuses them; one script has them).
#
# Installs dealer (apt) when it is missing. Not part of `cargo test`: it
# needs dealer. Builds with the debug profile (PROFILE=release for the
# other) into $CARGO_TARGET_DIR (default target).
#
#   scripts/dealer-print-parity.sh [SCRIPT.dlr...]        DEALS=8 scripts/dealer-print-parity.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${DEALS:-5}
PROFILE=${PROFILE:-debug}
if ! command -v dealer >/dev/null && [ ! -x /usr/games/dealer ]; then
    (apt-get update -qq && apt-get install -y -qq dealer) >/dev/null
fi
DEALER=$(command -v dealer || echo /usr/games/dealer)
flag=()
[ "$PROFILE" = release ] && flag=(--release)
cargo build "${flag[@]}" -q -p boardfile-cli
cargo build "${flag[@]}" -q -p boardfile-bridge --example dealer_layout
TARGET=${CARGO_TARGET_DIR:-target}/$PROFILE
BF=$TARGET/boardfile
LAYOUT=$TARGET/examples/dealer_layout
if [ $# -eq 0 ]; then
    set -- ../shared/data/dealer/*/*.dlr
fi
[ -e "$1" ] || { echo "no scripts found" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
today=$(date +%Y.%m.%d)
LAYOUTS=(printall printew printcompact printpbn printoneline print:north,west)

# The script's code without comments: what its actions are read from.
code() { sed -E -e 's|//.*||' -e 's/^[[:space:]]*#.*//' "$1" | tr '\n' ' ' | sed -E 's#/\*([^*]|\*+[^*/])*\*+/##g'; }

# dealer's print action's layout in SCRIPT, or "none" / "counts".
kind() {
    local c
    c=$(code "$1")
    if grep -qE '\baction\b' <<<"$c"; then
        grep -oE '\b(printall|printew|printpbn|printcompact|printoneline|printes)\b|\bprint *\(' <<<"$c" | head -1 | tr -d ' (' || true
    else
        echo none
    fi
}

# How many deals a printout holds, in the layout given.
count() {
    case $1 in
        printall | none) grep -cE '^ +[0-9]+\.$' ;;
        printpbn) grep -c '^\[Deal "' ;;
        printoneline) grep -cE '^n .* w ' ;;
        printcompact) grep -c '^w ' ;;
        printew) grep -c '^$' ;;
        *) grep -c . ;;
    esac
}

printf '%-32s %-13s %8s  %s\n' script action printed layouts
prints=0 printed=0 silent=0 counts=0 compared=0 equal=0 fail=0
for f in "$@"; do
    name=$(basename "$f" .dlr)
    action=$(kind "$f")
    [ -n "$action" ] || action=counts
    out=$("$BF" deal --where "$f" --boards 3 --seed 1 --generate 10000000 2>/dev/null || true)
    if [ "$action" = counts ]; then
        counts=$((counts + 1))
        shown=$([ -n "$out" ] && echo stats || echo NONE)
    else
        [ "$action" = none ] && silent=$((silent + 1))
        prints=$((prints + 1))
        n=$(count "$action" <<<"$out" || true)
        shown="$n deals"
        if [ "$n" = 3 ]; then printed=$((printed + 1)); else fail=1; shown="$n deals!"; fi
    fi
    # The copy dealer reads: comments cut (dealer refuses a `#` comment
    # after code, and its scanner echoes some letters of a /* */ comment,
    # the O of NO, onto standard output before the deals), the action list
    # (the scripts' last statement) replaced.
    base="$work/$name.dlr"
    perl -0pe 's{/\*.*?\*/}{}gs; s{^([ \t]*[^#\s][^#\n]*)#[^\n]*}{$1}mg' "$f" |
        awk '/^[[:space:]]*action([[:space:]]|$)/ { exit } { print }' >"$base"
    for l in "${LAYOUTS[@]}"; do
        action_text=$l
        [ "$l" = print:north,west ] && action_text="print(north, west)"
        cp "$base" "$work/$l.dlr"
        printf '\naction %s\n' "$action_text" >>"$work/$l.dlr"
        "$DEALER" -s 1 -p "$DEALS" -g 100000000 "$work/$l.dlr" >"$work/$l.full" 2>"$work/$l.err" || true
        # Without the closing lines (print(seats)' last page runs into
        # them: its form feed stays; after printpbn dealer prints them for
        # an even number of deals only).
        perl -0pe 's/Generated \d+ hands\nProduced \d+ hands\nInitial random seed \d+\nTime needed +[\d.]+ sec\n\z//' \
            "$work/$l.full" >"$work/$l.out"
    done
    results=""
    if [ ! -s "$work/printoneline.out" ]; then
        results="dealer refused: $(head -c 60 "$work/printoneline.err")"
        fail=1
    elif [ "$(grep -cE '^n .* w ' "$work/printoneline.out")" != "$DEALS" ] ||
        [ "$(grep -c '^\[Deal "' "$work/printpbn.out")" != "$DEALS" ]; then
        results="dealer did not give $DEALS deals"
        fail=1
    else
        for l in "${LAYOUTS[@]}"; do
            from=printoneline
            [ "$l" = printoneline ] && from=printpbn
            "$LAYOUT" "$l" "$base" "Hand simulated by dealer with file $work/$l.dlr, seed 1" "$today" \
                <"$work/$from.out" >"$work/$l.mine"
            compared=$((compared + 1))
            if cmp -s "$work/$l.out" "$work/$l.mine"; then
                equal=$((equal + 1))
                results+="$l= "
            else
                fail=1
                results+="$l DIFFERS "
                diff "$work/$l.out" "$work/$l.mine" | head -5 >&2 || true
            fi
        done
    fi
    [ "$action" = none ] && action="(none)"
    printf '%-32s %-13s %8s  %s\n' "$name" "$action" "$shown" "$results"
done
echo
echo "scripts that print: $printed of $prints printed their 3 deals ($((prints - silent)) with a print action, $silent without an action: printall, as dealer); $counts with statistics only printed them"
echo "layouts compared: $equal of $compared equal to dealer's, byte for byte"
exit $fail
