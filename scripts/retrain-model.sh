#!/bin/sh
# Rebuilds layer B's trained model (catalog/crisis/model.tsv) from the training sets its header
# names, in the same order, so the result is byte-for-byte the committed model unless a set changed.
# Usage: scripts/retrain-model.sh [extra 'allin-dev model train' options]
set -eu
cd "$(dirname "$0")/.."
model=catalog/crisis/model.tsv
files=$(sed -n 's/^#   \([^:]*\.tsv\): .*/Tests\/AllinCoreTests\/Fixtures\/train\/\1/p' "$model")
[ -n "$files" ] || { echo "retrain-model: no training sets named in $model" >&2; exit 1; }
# shellcheck disable=SC2086
exec swift run -c release allin-dev model train --out "$model" "$@" $files
