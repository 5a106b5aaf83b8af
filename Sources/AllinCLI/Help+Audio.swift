/// Help texts of the audio commands (`allin audio …`, `allin play`).
extension Help {
    static let audio = """
    Usage: allin audio <render | players | check> [options]

    Session audio: rendered on this machine from each session's script (espeak-ng and sox),
    cached, and played through a command-line player.

      render SLUG... | --all [--force]   Render session audio into the cache (see: allin audio render --help)
      players [--player P]               Show the players allin can use and which it would choose
      check                              Check that every session has a valid script

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

    """

    static let audioRender = """
    Usage: allin audio render SLUG... [--force] [--catalog DIR]
           allin audio render --all [--force] [--catalog DIR]

    Renders each session's script to audio: espeak-ng speaks each line at a calm rate, sox adds the
    scripted pauses and a soft background with fades, and the mix is saved as Ogg Vorbis (WAV when
    sox cannot write Ogg) in the cache, with the caption timings beside it. A session already
    rendered from the same script, voice and settings is not rendered again.

      --all     Every session in the catalog
      --force   Render even when the cache has it

    Shows a progress bar on a terminal, one line per session otherwise.
    Exit status: 0 all rendered, 1 some could not be (each is named), 2 bad input.

    """

    static let audioPlayers = """
    Usage: allin audio players [--player P]

    Lists the players allin knows (mpv, ffplay, play, paplay, aplay), where each was found, what it
    can do (pause over IPC or by signals, seeking), and which one allin would use and why. Also
    shows whether audio can be rendered here and where the config file and cache are.

      --player P   Show what would happen with this player (a name, a path, or a command with options)

    """

    static let audioCheck = """
    Usage: allin audio check [--catalog DIR]

    Checks the session scripts: every session has <catalog>/scripts/<slug>.txt, each parses (lines,
    [pause N] with N from 1 to 30 seconds, '#' comments), has 150-450 words, and no script belongs
    to no session. Exit status: 0 all good, 1 problems (each named with its file and line).

    """

    static let play = """
    Usage: allin play SLUG [--player P] [--text] [--from-start] [--speed X] [--catalog DIR]
                      [--data-dir DIR]

    Plays one session's audio (rendering it first if needed) through a command-line player. On a
    terminal a one-line display shows the time, a progress bar and the keys; the caption lines are
    printed as they are spoken. Without a player (or with --text) the script runs as read-along
    text, paced by its timings. Reopening a session you stopped part-way earlier today asks
    "Resume from 3:12? (Enter resumes, r restarts)" on a terminal, and says where it resumes
    otherwise. Where you stopped is kept in the data directory, shared with the full-screen app.

      --player P     Use this player (a name such as mpv, a path, or a command: "mpv --ao=null")
      --text         Read-along text instead of audio
      --from-start   Start from the beginning even if you stopped part-way earlier today
      --speed X      Pace of read-along text (0.5 to 10; default 1)
      --data-dir DIR Where resume positions are kept (default: as for the journal; see 'allin where')

    Keys (when standard input is a terminal): Space or p pause/resume, ← → back/forward 15 s,
    c captions on/off, q or s stop. Ctrl-C stops cleanly too; the player never outlives allin.
    If the player fails (at once or part-way), the words go on as read-along text from there; its
    messages are in ~/.local/state/allin/player.log ($XDG_STATE_HOME/allin).
    Exit status: 0 finished or stopped, 2 bad input,
    130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.

    """
}
