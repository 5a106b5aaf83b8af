#!/bin/sh
# Converts the VADER sentiment lexicon (vader_lexicon.txt from the vaderSentiment 3.3.2 wheel, MIT)
# into catalog/lexicon/vader.json, the form AffectLexicon reads.
#
#   pip download vaderSentiment==3.3.2 --no-deps -d /tmp/vader && (cd /tmp/vader && unzip -o -q *.whl)
#   docs/import-vader.sh /tmp/vader/vaderSentiment/vader_lexicon.txt > catalog/lexicon/vader.json
#
# Only entries made of lowercase letters, apostrophes and single spaces are kept: VADER's emoticons
# are left out (affect.json lists its own). A word listed twice keeps its first line.
set -eu
src=${1:?usage: import-vader.sh path/to/vader_lexicon.txt}
awk -F '\t' '
BEGIN {
  print "{"
  print "  \"about\": \"Word valences from the VADER sentiment lexicon (C.J. Hutto and E. Gilbert, 2014), vaderSentiment 3.3.2, MIT licence: see VADER-LICENSE.txt. Each row is [word, mean valence -4...4, standard deviation of the raters]. Converted by docs/import-vader.sh; emoticons left out.\","
  print "  \"source\": {\"name\": \"VADER sentiment lexicon\", \"package\": \"vaderSentiment\", \"version\": \"3.3.2\", \"licence\": \"MIT\", \"url\": \"https://github.com/cjhutto/vaderSentiment\", \"file\": \"vader_lexicon.txt\"},"
  print "  \"words\": ["
  n = 0
}
$1 ~ /^[a-z][a-z'"'"' ]*[a-z]$/ && !($1 in seen) {
  seen[$1] = 1
  if (n++) printf ",\n"
  printf "    [\"%s\", %s, %s]", $1, $2, $3
}
END {
  printf "\n  ]\n}\n"
}' "$src"
