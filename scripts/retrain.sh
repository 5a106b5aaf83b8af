#!/bin/sh
# Rebuilds a trained catalog file from the training sets its header names, in the same order, so the
# result is byte-for-byte the committed file unless a set changed:
#   scripts/retrain.sh model      layer B's crisis model, catalog/crisis/model.tsv ('allin-dev model train')
#   scripts/retrain.sh sentences  the situation sentence reading, catalog/lexicon/sentences.tsv ('allin-dev valence train')
# Further arguments are passed to the trainer as options.
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in
  model) file=catalog/crisis/model.tsv; command=model ;;
  sentences) file=catalog/lexicon/sentences.tsv; command=valence ;;
  *) echo "usage: scripts/retrain.sh model|sentences [trainer options]" >&2; exit 2 ;;
esac
shift
files=$(sed -n 's/^#   \([^:]*\.\(tsv\|jsonl\)\): .*/Tests\/AllinCoreTests\/Fixtures\/train\/\1/p' "$file")
[ -n "$files" ] || { echo "retrain: no training sets named in $file" >&2; exit 1; }
# shellcheck disable=SC2086
exec swift run -c release allin-dev "$command" train --out "$file" "$@" $files
