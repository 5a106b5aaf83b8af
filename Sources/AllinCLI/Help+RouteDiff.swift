extension Help {
    static let routeDiff = """
    Usage: allin route diff --before DIR --after DIR [FILE | -] [--json] [--limit N]
           allin route diff --before DIR --after DIR --journal [--data-dir DIR] [--json] [--limit N]

    Replays check-ins through two catalogs and shows every decision that changes (kind: session or
    crisis support, lane, session, soothe first) with both routing traces, then how many check-ins
    each lane and each session receives before and after. Test a catalog change with it before it
    ships.

      --before DIR   The catalog as it is (required)
      --after DIR    The changed catalog (required)
      FILE | -       JSON lines of check-ins, as 'allin route --jsonl' reads them, each with an
                     optional "id" (string or number) that is reported back; '-' or no FILE reads
                     standard input. A line may use chips of either catalog.
      --journal      Replay the journal's own past check-ins instead (crisis handoffs keep no
                     answers, so they are skipped and counted)
      --data-dir DIR The journal's directory, with --journal
      --json         Print one JSON object: {"checkIns", "changed", "shown", "changes": [{"index"
                     (from 1), "id", "line", "parts", "before", "after"}], "lanes", "sessions",
                     "sessionsGained", "sessionsLost"}; before and after are 'allin route --json'
      --limit N      List at most N changes (0 = all, the default); the counts cover every check-in

    On a terminal at least 120 columns wide the two traces sit side by side; otherwise one after
    the other. Gates that decided the same in both are marked '=' with their decision only. In the
    counts, 'none' is a handoff before any lane was chosen and 'safety_handoff' is crisis support.

    Example:
      cp -r catalog /tmp/after && $EDITOR /tmp/after/sessions.json
      allin route diff --before catalog --after /tmp/after checkins.jsonl

    Exit status: 0 compared, 2 a missing or unknown option, a catalog that is not valid, or a bad
    line (every bad line is named by its number; nothing is compared).

    """
}
