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
check "help" 0 "Commands:" -- "$bin"
check "catalog check" 0 "catalog OK" -- "$bin" catalog --check
check "route audio" 0 '"kind": "audio"' -- sh -c "echo '{\"emotion\":\"happy\",\"triggerText\":\"sunny walk\",\"intensity\":3,\"intent\":\"soothe\"}' | '$bin' route --json"
check "route handoff GB" 0 "85258" -- sh -c "echo '{\"customEmotion\":\"i want to end it all\",\"intensity\":8}' | LANG=en_GB.UTF-8 '$bin' route"
check "route bad key" 2 "'mood'" -- sh -c "echo '{\"intensity\":3,\"mood\":1}' | '$bin' route"
check "classify" 0 '"fired": true' -- "$bin" classify --json "i want to die"
check "classify idiom" 0 '"fired": false' -- "$bin" classify --json "this deadline is killing me"
check "resources US" 0 "988" -- env LANG=en_US.UTF-8 "$bin" resources
check "resources unknown" 0 "findahelpline.com" -- "$bin" resources --region ZZ
check "bench smoke" 0 "p99" -- "$bin" bench --quick
check "bench frames" 0 "Keypress to frame" -- "$bin" bench --quick
check "plain check-in" 0 "Your session:" -- sh -c "printf '20\\n1\\nexam tomorrow\\n5\\n\\n2\\n1\\n' | '$bin' --plain"
check "plain handoff GB" 0 "116 123" -- sh -c "printf 'I want to kill myself\\n' | LANG=en_GB.UTF-8 '$bin' --plain"
check "plain help word" 0 "85258" -- sh -c "printf 'help\\nquit\\n' | LANG=en_GB.UTF-8 '$bin' --plain"
check "no tty prints help" 0 "Commands:" -- sh -c "'$bin' < /dev/null"
echo "e2e: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
