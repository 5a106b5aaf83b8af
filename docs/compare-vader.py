#!/usr/bin/env python3
"""Side by side: `allin classify --jsonl` against VADER on the same first-person lines.

Both run as whole processes, started from here, on one corpus file; each one's CPU time (user +
system, all its threads) comes from the kernel's accounting of that child alone, so loading the
catalog or importing the lexicon counts, as it does for a person who runs them.

    swift build -c release --product allin
    python3 -m venv /tmp/vader-venv && /tmp/vader-venv/bin/pip install vaderSentiment
    /tmp/vader-venv/bin/python docs/compare-vader.py

The corpus is every `text` column of the labelled test sets (Tests/*/Fixtures/**/*.tsv: crisis
lines, everyday answers, situation sentences), cycled until --lines lines. allin reads JSON lines
of {"text": ...} and writes one JSON result per line; VADER reads the same JSON lines and writes
one JSON line of its four scores per line, so both parse and print what they are given.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

VADER_CHILD = r"""
import json, sys
from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer
analyser = SentimentIntensityAnalyzer()
out = sys.stdout
for line in sys.stdin:
    out.write(json.dumps(analyser.polarity_scores(json.loads(line)["text"])))
    out.write("\n")
"""


def corpus_lines(root):
    """The text column of every labelled TSV under the test fixtures, in a fixed order."""
    texts = []
    for path in sorted(glob.glob(os.path.join(root, "Tests", "*", "Fixtures", "**", "*.tsv"), recursive=True)):
        with open(path, encoding="utf-8") as handle:
            rows = [row.rstrip("\n").split("\t") for row in handle if not row.startswith("#")]
        if not rows or "text" not in rows[0]:
            continue
        column = rows[0].index("text")
        texts.extend(row[column] for row in rows[1:] if len(row) > column and row[column].strip())
    return texts


def run(command, corpus_path):
    """Runs one child on the corpus; returns (wall seconds, CPU seconds, output lines)."""
    with open(corpus_path, "rb") as stdin, tempfile.TemporaryFile() as stdout:
        start = time.monotonic()
        child = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        errors = child.stderr.read().decode("utf-8", "replace")
        child.stderr.close()
        if child.returncode != 0:
            sys.exit(f"{command[0]} exited with {child.returncode}:\n{errors}")
        stdout.seek(0)
        lines = sum(1 for _ in stdout)
    return wall, usage.ru_utime + usage.ru_stime, lines


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--allin", default=os.path.join(root, ".build", "release", "allin"),
                        help="the allin program to measure (default: the release build)")
    parser.add_argument("--lines", type=int, default=179_200, help="corpus size in lines (default 179,200)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each; the best is reported (default 3)")
    args = parser.parse_args()
    if args.lines < 1 or args.runs < 1:
        parser.error("--lines and --runs must be at least 1")
    if not os.access(args.allin, os.X_OK):
        sys.exit(f"no allin program at {args.allin}: build it with `swift build -c release --product allin`")
    probe = subprocess.run([sys.executable, "-c", "import vaderSentiment"], capture_output=True)
    if probe.returncode != 0:
        sys.exit(f"{sys.executable} cannot import vaderSentiment: run this with a Python that has it "
                 "(python3 -m venv /tmp/vader-venv && /tmp/vader-venv/bin/pip install vaderSentiment)")

    texts = corpus_lines(root)
    if not texts:
        sys.exit("no labelled lines found under Tests/*/Fixtures")
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".jsonl", delete=False) as corpus:
        for index in range(args.lines):
            corpus.write(json.dumps({"text": texts[index % len(texts)]}) + "\n")
        corpus_path = corpus.name
    try:
        size = os.path.getsize(corpus_path)
        print(f"corpus: {args.lines:,} lines ({len(texts):,} distinct), {size / 1e6:.1f} MB of JSON lines")
        contenders = [
            ("allin classify --jsonl", [args.allin, "classify", "--jsonl"]),
            ("VADER polarity_scores", [sys.executable, "-c", VADER_CHILD]),
        ]
        best = {}
        for name, command in contenders:
            results = [run(command, corpus_path) for _ in range(args.runs)]
            for wall, cpu, lines in results:
                if lines != args.lines:
                    sys.exit(f"{name} printed {lines} lines for {args.lines}")
            wall, cpu, _ = min(results, key=lambda result: result[1])
            best[name] = cpu
            walls = ", ".join(f"{result[0]:.2f}" for result in results)
            print(f"{name:24} wall {walls} s; best CPU {cpu:.2f} s = {size / 1e6 / cpu:.2f} MB "
                  f"and {args.lines / cpu:,.0f} lines per CPU second")
        allin_cpu, vader_cpu = best["allin classify --jsonl"], best["VADER polarity_scores"]
        print(f"allin per CPU second: {vader_cpu / allin_cpu:.1f}x VADER's throughput (target 5x)")
    finally:
        os.unlink(corpus_path)


if __name__ == "__main__":
    main()
