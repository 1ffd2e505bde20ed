#!/usr/bin/env bash
# Fits the weights of the Othello solver's pattern evaluation, used to
# order moves (crates/othello/src/endgame/eval.rs), and writes them to
# crates/othello/src/endgame/eval.bin, the file committed.
#
# It learns from the WTHOR games in ../shared/data: WTH_2004 and the wild
# years 2001, 2003, 2019 and 2020. The wild WTH_2011 is left out: the
# tests measure the evaluation on it, against its stored exact scores.
# Positions of 18 empties and fewer are labelled with their exact scores,
# solved on every core (with the weights being replaced: they only order
# the search); earlier ones with the game's result. Positions off the
# games' lines, a move the game did not play and one more, are added with
# their exact scores (--deviations). The scores are kept in
# $CARGO_TARGET_DIR/fit-eval-labels.bin (else target/): a second run
# solves nothing and takes a minute or two.
#
#   scripts/fit-eval.sh          about 35 minutes on two cores
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=../shared/data
nice cargo build --release -q -p boardfile-othello --example fit_eval
TARGET=${CARGO_TARGET_DIR:-target}
"$TARGET"/release/examples/fit_eval --exact 18 --labels "$TARGET/fit-eval-labels.bin" --deviations \
    crates/othello/src/endgame/eval.bin \
    "$DATA/othello/WTH_2004.wtb" \
    "$DATA"/wild/ledpup+Othello/WTH_{2001,2003,2019,2020}.wtb
