/// Help texts of the developer tools, written once.
enum DevHelp {
    static let main = """
    allin-dev: developer tools for allin (not needed to use the app).

    Usage: allin-dev <command> [options]

    Commands:
      model       Train layer B's model from labelled lines, or measure the detector on them
      bench       Measure routing, detection, frame and journal speed (build with -c release)
      help CMD    Show help for a command

    Every command takes --catalog DIR (default: the catalog next to the program, or $ALLIN_CATALOG).

    """

    static let model = """
    Usage: allin-dev model train [--out FILE] [--crisis-at P] [--l2 X] [--iterations N] [--min-lines N] TSV...
           allin-dev model eval TSV... [--catalog DIR]
           allin-dev model cv TSV TSV... [--crisis-at P] [--l2 X] [--iterations N] [--min-lines N] [--catalog DIR]

    Layer B's trained model is a logistic regression over the words, word pairs and stems (the
    first five letters of longer words) of a line, the words at most six after a denial ("not",
    "never", ...) in the same clause, marked as denied ('!die'), the concept classes of its words
    (DEATH, WISH, ... from crisis/concepts.json) and pairs of classes at most three words apart
    (catalog/crisis/model.tsv). It adds to the hand-written rules; it never replaces them.

      train   Fit the model to labelled lines and print it (or write it to --out FILE).
              The same files in the same order always give the same model.
      eval    Run both crisis layers on labelled lines; print recall, false alarms and how
              many lines the model alone decided.
      cv      Leave one file out: measure the whole detector on each file with a model
              trained on the other files only, beside the rules alone (nothing is written).

    A labelled TSV has one line per text: the label (crisis, safe or ambiguous), a tab, any
    other columns, and the text last. A first line starting with 'label' and lines starting
    with '#' are skipped; ambiguous lines are left out of training.

      --out FILE       Write the model to FILE instead of standard output
      --crisis-at P    Probability from which the model's finding is a crisis, T2 (0.5-0.99,
                       default 0.70); below it the model adds nothing
      --l2 X           Regularisation per line (default 0.000003; larger gives smaller weights)
      --iterations N   Gradient steps (default 400)
      --min-lines N    Leave out features found in fewer than N training lines (default 1)

    Example (the committed model, from the training sets its header names, in order):
      scripts/retrain-model.sh
      allin-dev model train --out catalog/crisis/model.tsv Tests/AllinCoreTests/Fixtures/train/crisis-dev.tsv ...

    """

    static let bench = """
    Usage: allin-dev bench [--quick] [--only PARTS] [--runs N] [--journal] [--catalog DIR]

    Measures route latency per check-in (p50, p99) on the real catalog and on generated catalogs of
    1,000, 10,000 and 100,000 sessions; detector throughput in MB/s (each layer on one thread, and
    both layers on one thread and on every core, as 'classify --jsonl' runs them); and the terminal
    front's keypress-to-frame time (update, view and diff on the in-memory terminal) at 80x24 and
    200x60.
    Build in release mode for meaningful figures: swift run -c release allin-dev bench

      --quick     Fewer iterations (for a smoke test)
      --only P    Measure only these parts, comma-separated: route, detect, frames
      --runs N    Report the best of N detector runs (default 3; 1 with --quick): other work on
                  a shared machine only ever slows a run down, so more runs steady the figures
      --journal   Measure the journal instead: insert rate and query times on 10,000 check-ins
                  (in a temporary directory; your own journal is not touched)

    """

    static func text(for command: String) -> String? {
        switch command {
        case "model": return model
        case "bench": return bench
        case "help": return main
        default: return nil
        }
    }
}
