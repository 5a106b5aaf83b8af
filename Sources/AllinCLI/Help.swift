/// Help texts for every command, written once.
enum Help {
    static let main = """
    allin: a daily emotional check-in, routed to a guided session or to crisis support.

    Usage: allin                the full-screen check-in (in a terminal)
           allin --plain        the same check-in as numbered prompts (screen readers, pipes)
           allin <command> [options]

    Commands:
      route       Route one check-in (JSON on standard input) and explain the decision
      route diff  Replay check-ins through two catalogs and show the decisions that change
      classify    Run the crisis detectors and the affect classifier on a text
      resources   Show crisis lines for your region
      catalog     Show or check the catalog (vocabulary, sessions, helplines)
      journal     Past check-ins, streak, days checked in and mood trend
      export      Write the whole journal as JSON, CSV or Markdown
      erase       Delete the journal and its files (asks first)
      where       Show where allin keeps data, cache and config
      safety-plan Show, write or export your personal safety plan
      plan        A 10-step plan over three life areas (new, show, explain, next)
      demo        The whole check-in and crisis support with nothing saved (for showing how it works)
      library     Every session by what it helps with, or searched (--search TEXT)
      play        Play one session's audio (or read along with its text)
      audio       Render session audio, list players, check scripts
      help CMD    Show help for a command

    Common options (each command's --help lists the ones it takes):
      --catalog DIR   Read the catalog from DIR (default: ./catalog next to the program, or $ALLIN_CATALOG)
      --data-dir DIR  Keep the journal in DIR (default: $ALLIN_DATA_DIR, else $XDG_DATA_HOME/allin,
                      else ~/.local/share/allin)
      -h, --help      Show help (every command)

    In the full-screen check-in: ? or F1 shows the keys, F2 opens crisis support from any screen,
    Esc goes back (answers are kept), Ctrl-C quits. After the recommendation: your mood, the session
    (Space pause, ←/→ 15 s, c captions, x stop; read-along text when no sound can play), your mood
    again and a note, saved to the journal. --player CMD (or $ALLIN_PLAYER) picks the audio player.

    Developer tools (training the crisis model, benchmarks) are a separate program: allin-dev --help.

    If you are in danger now, run 'allin resources' for your local crisis lines.

    """

    static let route = """
    Usage: allin route [--file F] [--json | --jsonl] [--region XX] [--catalog DIR]
           allin route diff --before DIR --after DIR [FILE | --journal]   (see 'allin route diff --help')

    Reads one check-in as JSON from standard input (or --file F) and prints where it goes:
    an audio session, or crisis support, with the trace of every gate.

      --file F      Read the check-in from file F instead of standard input
      --json        Print the recommendation as JSON
      --jsonl       Read one check-in per line, print one JSON result per line
      --region XX   Country for crisis resources (default: config 'region', else LC_ALL or LANG)

    Input keys: emotion (chip id), customEmotion, situation (chip id), triggerText,
    intensity (1-10, required), body (list of chip ids), intent (soothe, clarity, embody,
    unblock), claritySubTap, confidenceSubTap, embodyNew, consent (true/false), belief
    (chip id), customBelief, pattern, origin, kinder. Run 'allin catalog' for the chip ids.
    localHour (0-23, optional) is the person's local hour: late in the evening (21:00-03:59)
    sleep sessions are offered; without it they come only when sleep is mentioned.

    Example:
      echo '{"emotion":"swamped","intensity":5,"intent":"clarity","triggerText":"too many deadlines"}' | allin route

    Exit status: 0 routed, 2 bad input (the message names the key), 1 catalog problem.

    """

    static let classify = """
    Usage: allin classify TEXT... [--json] [--catalog DIR]
           allin classify --jsonl [--catalog DIR]   (lines of {"text": "..."} on standard input)

    Runs crisis layer A (phrases), crisis layer B (euphemism scorer) and the affect classifier on
    TEXT and explains each result, then reads TEXT as own words: the closest emotion family, its
    confidence, and the three families a check-in offers when it is not sure ("Which is closest?").

      --json    Print JSON: {"crisisA":{...},"crisisB":{...},"valence":...,"explanation":...,
                "feeling":{"family":...,"confidence":...,"asks":...,"closest":[...]}}
      --jsonl   Read JSON lines of {"text": ...}; print one JSON result per line, in input
                order (large inputs are classified on every core, in blocks of 4,096 lines;
                from 20,000 lines on, each core loads its own copy of the catalog)

    """

    static let resources = """
    Usage: allin resources [--region XX] [--json] [--catalog DIR]

    Shows crisis lines for a region: the emergency number first, then voice and text lines with
    their hours and sources. The region comes from --region, else 'region = XX' in the config
    file, else LC_ALL, LC_MESSAGES, LANG (en_GB.UTF-8 means GB). Every ISO 3166-1 country is
    accepted: where allin lists no lines, its emergency number (when sourced) and findahelpline.com.

      --region XX   Two-letter country code (GB, US, DE, JP, ...)
      --json        Print JSON

    """

    static let catalog = """
    Usage: allin catalog [--json | --check] [--catalog DIR]

    Shows what the catalog holds: emotions, chips, intents, sub-taps, sessions, lane defaults.

      --json    Print the whole vocabulary and session list as JSON
      --check   Validate every file; exit 1 listing every problem, 0 when valid

    """

    static let journal = """
    Usage: allin journal [--since YYYY-MM-DD] [--search TEXT] [--limit N] [--json]
                         [--rest-days N] [--data-dir DIR] [--move-aside]
           allin journal show ID [--json]
           allin journal record [--file CHECKIN.json] [--mood-before N] [--mood-after N] [--note TEXT]

    Lists past check-ins (newest first) under the streak, the days checked in out of the last 7
    and 30, the mood trend of the last 30 days and the sessions that raised mood most (counting only
    sessions listened to: at least 60% of their length heard or read along). A crisis handoff is
    listed with its tier only: its words are never stored. A check-in closed before its session
    began is kept, marked not played.

      --since DAY      Only check-ins on or after DAY (YYYY-MM-DD, local time)
      --search TEXT    Only check-ins whose note or kinder reframe has every word (prefixes match)
      --limit N        Show at most N (default 30, or all with --json; 0 = all)
      --json           Print JSON: the summary (streak, mood series, 12-week heatmap) and the entries
      --rest-days N    Missed days a week that keep the streak alive (0-6; 0 = off). Default:
                       'rest_days = N' in the config file (see 'allin where'), else 1
      --move-aside     If the journal file is damaged or not allin's, rename it (never delete it)
                       and start a new journal

    show ID prints one check-in in full, with its routing trace.

    record routes a check-in (JSON as for 'allin route', from --file or standard input) and
    stores it as completed, for scripts and testing:
      --mood-before N, --mood-after N   Mood from 1 to 10
      --note TEXT                       The reflection note
      --at TIME                         When it happened: 2024-05-01T09:30:00+01:00, or a day
                                        (YYYY-MM-DD, taken at noon local time); default now

    The journal lives in the data directory (see 'allin where'): directory mode 0700, files 0600.

    """

    static let journalRecord = journal

    static let export = """
    Usage: allin export [--format json|csv|md] [-o FILE] [--data-dir DIR] [--catalog DIR]

    Writes the whole journal. JSON holds everything stored: every check-in with its answers,
    route and trace, moods, notes, and the consent records. CSV has one row per check-in with
    every column; Markdown is for reading.

      --format F    json (default), csv or md
      -o FILE       Write to FILE (mode 0600, replaced whole) instead of standard output
      --catalog DIR The catalog whose labels name the chips in csv and md (default: the one near allin)

    """

    static let erase = """
    Usage: allin erase [--yes] [--data-dir DIR]

    Deletes every check-in, note, reframe and consent record, then the journal's files
    (journal.sqlite3 and its -wal and -shm files). On a terminal it asks you to type 'erase';
    without a terminal it refuses unless --yes is given. A file that is not an allin journal is
    never deleted.

      --yes     Erase without asking (for scripts)

    Exit status: 0 erased (or nothing to erase), 1 not erased, 2 no confirmation possible.

    """

    static let where_ = """
    Usage: allin where [--json] [--data-dir DIR] [--catalog DIR]

    Shows where allin keeps its files: the data directory and the journal in it, the cache and
    the configuration directories (XDG base directories; ALLIN_DATA_DIR or --data-dir override
    the data directory), and the catalog it reads (--catalog DIR or ALLIN_CATALOG override it).

    """

    static let library = """
    Usage: allin library [--search TEXT] [--json] [--data-dir DIR] [--catalog DIR]

    Every session, grouped by what it helps with, with its length and the day you last played it.
    --search ranks them by a full-text search of each session's title, description, tags and
    script (SQLite FTS5, bm25), leaving out filler words. Play one with 'allin play SLUG'.

      --search TEXT  Words to look for, e.g. --search "exam nerves"
      --json         Print JSON: {"sessions":[{"slug","title","lane","helpsWith","durationSeconds",
                     "lastPlayed","score"}]} (score: bm25, lower is closer; null without --search)

    """

    static let plan = """
    Usage: allin plan new [--json] [--data-dir DIR] [--catalog DIR]   (the intake as JSON on stdin)
           allin plan show [--json] [--data-dir DIR]
           allin plan explain [--data-dir DIR] [--catalog DIR]
           allin plan next [--player P] [--data-dir DIR] [--catalog DIR]

    A plan of ten sessions over three parts of your life you choose. For each you give a rating
    (1 = struggling, 10 = going well) and answer four short questions; the sessions are found by a
    full-text search of the library with your answers' words, steps alternate "reset" and
    "rewire", and the areas take turns. Every answer is read by the crisis check first: a crisis
    statement makes no plan and shows crisis lines instead (exit 0). A new plan replaces the
    active one; the plan and what you felt at each step stay in your journal (in 'allin export',
    gone with 'allin erase').

      new       Make a plan from {"areas":[{"area":ID,"rating":1-10,"answers":[4 strings]}, x3]}
                ('allin catalog --json' lists the areas under lifeAreas and the questions under
                planQuestions); bad input exits 2 naming the field, e.g. areas[1].answers[2]
      show      The ten steps, the next one, and your mood before and after each step played
      explain   For each area: the words, the query, what the search found (rank and score) and
                which fallback a step used
      next      Play the next step: mood before, the session, mood after and a note
      --json    Print JSON (new and show)

    Example (intake.json):
      {"areas":[
        {"area":"work","rating":3,"answers":["deadlines pile up","I can't let anyone down",
                                             "tight chest","to say no calmly"]},
        {"area":"money","rating":5,"answers":["bills","I'm behind","dread","a budget"]},
        {"area":"health","rating":8,"answers":["late nights","rest is lazy","tired","sleep"]}]}
      allin plan new < intake.json

    """

    static let safetyPlan = """
    Usage: allin safety-plan [show | edit | export [--format md|text]] [--data-dir DIR]

    A safety plan is a short list, in your own words, of what helps when things get very hard: your
    warning signs, things you can do on your own to cope, people and places that take your mind off
    things, people you can ask for help (with their numbers), professionals and services, making
    your surroundings safer, and your reasons for living. Every part is optional. It is kept with
    your journal (readable only by you), included in 'allin export' and removed by 'allin erase'.
    Crisis support shows your reasons, your ways to cope and your people first when a plan exists.

      show     Print the plan as plain text (the default)
      edit     Write or change it part by part: Enter keeps a part, '-' clears it, 'quit' stops
      export   Print it to keep or print out: --format md (the default) or text

    """

    static let demo = """
    Usage: allin demo [--region XX] [--catalog DIR]
           allin demo --plain [--region XX] [--catalog DIR]

    Runs the real check-in, router and crisis support screens with nothing saved, for showing how
    allin works (to a clinician, a reviewer, a team): a banner says "DEMO, nothing is saved" on
    every screen; the journal is kept in memory and forgotten on quit; sessions run as read-along
    text (no audio is rendered, nothing is remembered to resume); your data directory is never
    opened. d on the home screen lists scripted check-ins, one for each way a check-in can go (soothe
    first, each lane, the gentle question, each crisis level, a euphemism, a denial that must not
    hand off, danger at the end of a long text, words typed into a list's filter; catalog/demo.json): each starts the real check-in
    with its answers filled in. Type anything, crisis statements included, to see how it is handled:
    F3 on any screen (in a text field too) shows what the crisis check reads now and what it would
    do, why support opened and why this session; the routing lab (l) shows every layer of the
    decision. --plain gives the same as numbered prompts ('why' at any prompt) and stops at the
    recommendation.

    """

    static let plain = """
    Usage: allin --plain [--region XX] [--catalog DIR] [--data-dir DIR]

    The whole check-in as numbered prompts on standard input and output, with no full-screen
    drawing: for screen readers, simple terminals and pipes. Answer each prompt with a number or
    words. Type 'back' to go back, 'quit' to stop, and 'help', 'sos' or 'not safe' at any prompt
    for crisis support. After the recommended session and why: your mood, the session (through a
    player, or its words read along; Space pauses, q or x stops; type 'skip' to go without it),
    your mood again, a note, and the journal. Answers over 2,000 characters (200 for an own
    feeling) are refused, naming the field (exit 2 in a pipe).

      --region XX     Country for crisis lines (default: config 'region', else the system language)
      --data-dir DIR  Keep the journal in DIR

    Example:
      printf '3\\n\\nexam tomorrow\\n5\\n\\n2\\n1\\n' | allin --plain

    """

    static func text(for command: String) -> String? {
        switch command {
        case "route": return route
        case "route diff": return routeDiff
        case "classify": return classify
        case "resources": return resources
        case "catalog": return catalog
        case "journal": return journal
        case "export": return export
        case "erase": return erase
        case "where": return where_
        case "safety-plan": return safetyPlan
        case "plan": return plan
        case "library": return library
        case "demo": return demo
        case "play": return play
        case "audio": return audio
        case "audio render": return audioRender
        case "audio players": return audioPlayers
        case "audio check": return audioCheck
        case "help": return main
        case "plain", "--plain": return plain
        default: return nil
        }
    }
}
