/// Help texts for every command, written once.
enum Help {
    static let main = """
    allin: a daily emotional check-in, routed to a guided session or to crisis support.

    Usage: allin                the full-screen check-in (in a terminal)
           allin --plain        the same check-in as numbered prompts (screen readers, pipes)
           allin <command> [options]

    Commands:
      route       Route one check-in (JSON on standard input) and explain the decision
      classify    Run the crisis detectors and the affect classifier on a text
      resources   Show crisis lines for your region
      catalog     Show or check the catalog (vocabulary, sessions, helplines)
      bench       Measure routing and detection speed (use: swift run -c release allin bench)
      help CMD    Show help for a command

    Options for every command:
      --catalog DIR   Read the catalog from DIR (default: ./catalog next to the program, or $ALLIN_CATALOG)
      -h, --help      Show help

    In the full-screen check-in: ? or F1 shows the keys, F2 opens crisis support from any screen,
    Esc goes back (answers are kept), Ctrl-C quits.

    If you are in danger now, run 'allin resources' for your local crisis lines.

    """

    static let route = """
    Usage: allin route [--file F] [--json | --jsonl] [--region XX] [--catalog DIR]

    Reads one check-in as JSON from standard input (or --file F) and prints where it goes:
    an audio session, or crisis support, with the trace of every gate.

      --file F      Read the check-in from file F instead of standard input
      --json        Print the recommendation as JSON
      --jsonl       Read one check-in per line, print one JSON result per line
      --region XX   Country for crisis resources (default: from LC_ALL, LC_MESSAGES, LANG)

    Input keys: emotion (chip id), customEmotion, situation (chip id), triggerText,
    intensity (1-10, required), body (list of chip ids), intent (soothe, clarity, embody,
    unblock), claritySubTap, confidenceSubTap, embodyNew, consent (true/false), belief
    (chip id), customBelief, pattern, origin, kinder. Run 'allin catalog' for the chip ids.

    Example:
      echo '{"emotion":"overwhelmed","intensity":5,"intent":"clarity","triggerText":"too many deadlines"}' | allin route

    Exit status: 0 routed, 2 bad input (the message names the key), 1 catalog problem.

    """

    static let classify = """
    Usage: allin classify TEXT... [--json] [--catalog DIR]
           allin classify --jsonl [--catalog DIR]   (lines of {"text": "..."} on standard input)

    Runs crisis layer A (phrases), crisis layer B (euphemism scorer) and the affect classifier on
    TEXT and explains each result.

      --json    Print JSON: {"crisisA":{...},"crisisB":{...},"valence":...,"explanation":...}
      --jsonl   Read JSON lines of {"text": ...}; print one JSON result per line

    """

    static let resources = """
    Usage: allin resources [--region XX] [--json] [--catalog DIR]

    Shows crisis lines for a region: the emergency number first, then voice and text lines with
    their hours and sources. The region comes from --region, else LC_ALL, LC_MESSAGES, LANG
    (en_GB.UTF-8 means GB). Regions allin does not list get findahelpline.com.

      --region XX   Two-letter country code (GB, US, IE, AU, NZ, CA, ...)
      --json        Print JSON

    """

    static let catalog = """
    Usage: allin catalog [--json | --check] [--catalog DIR]

    Shows what the catalog holds: emotions, chips, intents, sub-taps, sessions, lane defaults.

      --json    Print the whole vocabulary and session list as JSON
      --check   Validate every file; exit 1 listing every problem, 0 when valid

    """

    static let bench = """
    Usage: allin bench [--quick] [--catalog DIR]

    Measures route latency per check-in (p50, p99) on the real catalog and on generated catalogs of
    1,000, 10,000 and 100,000 sessions, detector throughput in MB/s, and the terminal front's
    keypress-to-frame time (update, view and diff on the in-memory terminal) at 80x24 and 200x60.
    Build in release mode for meaningful figures: swift run -c release allin bench

      --quick   Fewer iterations (for a smoke test)

    """

    static let plain = """
    Usage: allin --plain [--region XX] [--catalog DIR]

    The check-in as numbered prompts on standard input and output, with no full-screen drawing:
    for screen readers, simple terminals and pipes. Answer each prompt with a number or words.
    Type 'back' to go back, 'quit' to stop, and 'help', 'sos' or 'not safe' at any prompt for
    crisis support. Ends with the recommended session and why, or with crisis lines.

      --region XX   Country for crisis lines (default: from LC_ALL, LC_MESSAGES, LANG)

    Example:
      printf '3\\n\\nexam tomorrow\\n5\\n\\n2\\n1\\n' | allin --plain

    """

    static func text(for command: String) -> String? {
        switch command {
        case "route": return route
        case "classify": return classify
        case "resources": return resources
        case "catalog": return catalog
        case "bench": return bench
        case "help": return main
        case "plain", "--plain": return plain
        default: return nil
        }
    }
}
