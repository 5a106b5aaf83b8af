#!/bin/sh
# Rebuilds the situation sentence reading (catalog/lexicon/sentences.tsv) from the training sets its
# header names, in the same order, so the result is byte-for-byte the committed file unless a set
# changed. Usage: scripts/retrain-sentences.sh [extra 'allin-dev valence train' options]
set -eu
cd "$(dirname "$0")/.."
model=catalog/lexicon/sentences.tsv
files=$(sed -n 's/^#   \([^:]*\.tsv\): .*/Tests\/AllinCoreTests\/Fixtures\/train\/\1/p' "$model")
[ -n "$files" ] || { echo "retrain-sentences: no training sets named in $model" >&2; exit 1; }
# shellcheck disable=SC2086
exec swift run -c release allin-dev valence train --out "$model" "$@" $files
