import AllinCLI

/// The developer tools' commands, declared once: parser, help and completions read them.
enum DevCommands {
    static let program = ProgramSpec(
        name: "allin-dev",
        summary: "allin-dev: developer tools for allin (not needed to use the app).",
        commands: [model, valence, bench, readme],
        footer: "")

    static let fitting: [OptionSpec] = [
        OptionSpec("--crisis-at", "P", help: "Probability from which the model's finding is a crisis, T2 (0.5-0.99, default 0.70)"),
        OptionSpec("--ask-at", "P", help: "Probability from which, below --crisis-at, the model's finding is a concern, T1: the crisis check asks if the person is safe (0.5 up to --crisis-at, default 0.60); below it the model adds nothing"),
        OptionSpec("--l2", "X", help: "Regularisation per line (default 0.000003; larger gives smaller weights)"),
        OptionSpec("--iterations", "N", help: "Gradient steps (default 400)"),
        OptionSpec("--min-lines", "N", help: "Leave out features found in fewer than N training lines (default 1)"),
    ]

    static let tsv = ArgumentSpec("TSV", repeats: true, help: "Labelled lines: label (crisis, safe or ambiguous), a tab, any other columns, the text last")

    static let model = CommandSpec(
        ["model"], abstract: "Train layer B's model from labelled lines, or measure the detector on them",
        about: """
        Layer B's trained model is a logistic regression over the words, word pairs and stems (the
        first five letters of longer words) of a line, the words at most six after a denial ("not",
        "never", ...) in the same clause, marked as denied ('!die'), the concept classes of its words
        (DEATH, WISH, ... from crisis/concepts.json) and pairs of classes at most three words apart
        (catalog/crisis/model.tsv). It adds to the hand-written rules; it never replaces them.

        A labelled TSV has one line per text: the label (crisis, safe or ambiguous), a tab, any
        other columns, and the text last. A first line starting with 'label' and lines starting
        with '#' are skipped; ambiguous lines are left out of training. Two kinds of everyday text
        count as safe lines: a TSV of sentences with a 'sign' header (written for the sentence
        reading: +, - or 0, then the sentence) and JSON lines of check-ins (FILE.jsonl: every
        free-text answer).
        """,
        notes: """
        Example (the committed model, from the training sets its header names, in order):
          scripts/retrain.sh model
          allin-dev model train --out catalog/crisis/model.tsv Tests/AllinCoreTests/Fixtures/train/crisis-dev.tsv ...
        """,
        subcommands: [
            CommandSpec(["model", "train"], abstract: "Fit the model to labelled lines and print it (or write it to --out FILE); the same files in the same order always give the same model",
                        arguments: [tsv],
                        options: [OptionSpec("--out", "FILE", help: "Write the model to FILE instead of standard output")] + fitting,
                        needs: [.catalog]),
            CommandSpec(["model", "eval"], abstract: "Run both crisis layers on labelled lines; print recall, false alarms and how many lines the model alone decided",
                        arguments: [tsv], needs: [.catalog, .detector]),
            CommandSpec(["model", "cv"], abstract: "Leave one file out: measure the whole detector on each file with a model trained on the other files only, beside the rules alone (nothing is written)",
                        arguments: [tsv], options: fitting, needs: [.catalog, .detector]),
            CommandSpec(["model", "features"], abstract: "Print each labelled line's features as the model reads them, one JSON object a line (file, label and features), to study the model outside allin",
                        arguments: [tsv], needs: [.catalog]),
        ], runnable: false)

    static let signs = ArgumentSpec("TSV", repeats: true, help: "Labelled sentences: the sign (+, - or 0), a tab, any other columns, the text last")
    static let valenceFitting: [OptionSpec] = [
        OptionSpec("--l2", "X", help: "Regularisation (default 0.00002; larger gives smaller weights)"),
        OptionSpec("--iterations", "N", help: "Gradient steps (default 300)"),
        OptionSpec("--min-lines", "N", help: "Leave out features found in fewer than N sentences (default 2)"),
        OptionSpec("--prune", "X", help: "Leave out features whose two weights are both under X (default 0.05)"),
        OptionSpec("--charged-from", "P", help: "The charge's probability from which a sentence has a sign (default 0.4; written to the file)"),
        OptionSpec("--lexicon-from", "X", help: "From this lexicon score (either sign) the lexicon decides alone (default 2; written to the file)"),
    ]

    static let valence = CommandSpec(
        ["valence"], abstract: "Train the situation sentence reading from sentences labelled + or -, or measure it",
        about: """
        The sentence reading is two logistic regressions over a situation sentence's words, words after
        a negation marked ('~happy'), neighbouring word pairs, and the lexicon's own score
        (catalog/lexicon/sentences.tsv): the charge (does it carry a feeling at all?) and the polarity
        (which way?). The classifier uses it only where the lexicon finds no clear
        feeling word: where the lexicon's score is weaker than the file's @lexiconFrom.

        A labelled TSV has one line per sentence: + (pleasant), - (unpleasant) or 0 (neutral: a plain
        report, which teaches the charge), a tab, any other columns, the text last. A first line starting with 'sign' and lines starting with '#' are skipped.
        """,
        subcommands: [
            CommandSpec(["valence", "train"], abstract: "Fit the reading to labelled sentences and print it (or write it to --out FILE)",
                        arguments: [signs],
                        options: [OptionSpec("--out", "FILE", help: "Write the reading to FILE instead of standard output")] + valenceFitting,
                        needs: [.catalog]),
            CommandSpec(["valence", "eval"], abstract: "Classify each sentence as allin does; print how many were read right, and how many as neutral",
                        arguments: [signs], needs: [.catalog]),
            CommandSpec(["valence", "cv"], abstract: "Leave one file out: the lexicon alone, and as allin reads with a reading trained on the other files, on signed and neutral lines (nothing is written)",
                        arguments: [signs], options: valenceFitting + [OptionSpec("--each", help: "Also print each file's figures")], needs: [.catalog]),
        ], runnable: false)

    static let readme = CommandSpec(
        ["readme"], abstract: "Print the README's command table, made from allin's command spec",
        about: "The README's table sits between its 'commands' markers; a test fails when the two differ.")

    static let bench = CommandSpec(
        ["bench"], abstract: "Measure routing, detection, frame, start-up and journal speed (build with -c release)",
        options: [
            OptionSpec("--quick", help: "Fewer iterations (for a smoke test)"),
            OptionSpec("--only", "PARTS", help: "Measure only these parts, comma-separated: route, detect, frames, startup, audio (audio runs only when named: it renders a session with each voice found)"),
            OptionSpec("--runs", "N", help: "Report the best of N detector runs (default 3; 1 with --quick): other work on a shared machine only ever slows a run down, so more runs steady the figures"),
            OptionSpec("--journal", help: "Measure the journal instead: insert rate and query times on 10,000 check-ins (in a temporary directory; your own journal is not touched)"),
            OptionSpec("--data-dir", "DIR", help: "Where to look for the natural voice with --only audio (default: as for allin)"),
        ], needs: [.catalog, .detector],
        about: """
        Measures route latency per check-in (p50, p99) on the real catalog and on generated catalogs of
        1,000, 10,000 and 100,000 sessions; detector throughput in MB/s (each layer on one thread, and
        both layers on one thread and on every core, as 'classify --jsonl' runs them); and the terminal
        front's keypress-to-frame time (update, view and diff on the in-memory terminal) at 80x24 and
        200x60; and start-up, whole process, against 'allin --help' in the same run: each light
        command's and 'classify hello''s wall time, CPU time and peak memory, and the full-screen front's
        first frame through a pseudo-terminal (from spawning allin to its home menu). With --only audio: the time from asking for a session to its audio being ready for the
        player, with each voice found (espeak-ng; Piper when 'allin voice install' has put it in the
        data directory), on a cold cache (an empty one) and a warm one, and render speed as a multiple
        of real time. Build in release mode for meaningful figures: swift run -c release allin-dev bench
        """)
}
