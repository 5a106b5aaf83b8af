#!/usr/bin/env python3
"""Try another kind of model for layer B on exactly the words the shipped model reads (training side only).

The twenty-seventh session's trial (docs/crisis-check.md): a network with one hidden layer against
the shipped logistic regression, both added to the written rules by the crisis rule's thresholds.

    swift build -c release --product allin && swift build -c release --product allin-dev
    python3 -m venv /tmp/ml-venv && /tmp/ml-venv/bin/pip install scikit-learn
    /tmp/ml-venv/bin/python scripts/model-trial.py                 # --hidden 64 --passes 4

Trains on the files the shipped model's header names; measures on the training-side sets it never
trained on: train/lines-*.tsv, the everyday and route check-ins (JSON lines) not in its header, and
train/crisis-checkins.jsonl. It never opens blind/. Each line and check-in goes once through
`allin route` with a copy of the catalog whose model finds nothing (the written rules alone); a
model's score on each free-text field is then added as the crisis rule adds the shipped model's: a
handoff from H, the question from Q, a check-in taking its highest field. With the shipped weights
this reproduces the real route's figures (printed first, so the two can be compared).
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAIN = os.path.join(ROOT, "Tests/AllinCoreTests/Fixtures/train")
MODEL = os.path.join(ROOT, "catalog/crisis/model.tsv")
FREE_TEXT = ["customEmotion", "triggerText", "embodyNew", "customBelief", "pattern", "origin", "kinder"]
ROUTE_KEYS = ["emotion", "customEmotion", "situation", "triggerText", "intensity", "body", "intent", "claritySubTap",
              "confidenceSubTap", "embodyNew", "consent", "belief", "customBelief", "pattern", "origin", "kinder", "localHour"]


def features(dev, path):
    """Each labelled line of `path` as the model reads it, or None when allin-dev refuses the file."""
    run = subprocess.run([dev, "model", "features", "--catalog", os.path.join(ROOT, "catalog"), path],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return None
    return [json.loads(line) for line in run.stdout.splitlines()]


def route(allin, catalog, objects):
    out = subprocess.run([allin, "route", "--jsonl", "--catalog", catalog],
                         input="".join(json.dumps(o) + "\n" for o in objects), capture_output=True, text=True).stdout.splitlines()
    assert len(out) == len(objects), "allin route answered %d of %d" % (len(out), len(objects))
    verdicts = []
    for line in out:
        answer = json.loads(line)
        verdicts.append("H" if answer.get("kind") == "safety_handoff" else ("Q" if answer.get("concern") else "-"))
    return verdicts


def answered(checkin):
    return [k for k in FREE_TEXT if isinstance(checkin.get(k), str) and checkin[k].strip()]


def combine(rules, field_scores, handoff_at, ask_at):
    out = []
    for verdict, scores in zip(rules, field_scores):
        top = max(scores) if scores else 0.0
        out.append("H" if verdict == "H" or top >= handoff_at else ("Q" if verdict == "Q" or top >= ask_at else "-"))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--allin", default=os.path.join(ROOT, ".build/release/allin"))
    ap.add_argument("--allin-dev", default=os.path.join(ROOT, ".build/release/allin-dev"))
    ap.add_argument("--hidden", type=int, default=64, help="units in the hidden layer (default 64)")
    ap.add_argument("--passes", type=int, default=4, help="passes over the training lines (default 4)")
    ap.add_argument("--min-lines", type=int, default=2, help="leave out features in fewer lines (default 2)")
    args = ap.parse_args()
    from scipy import sparse
    from sklearn.neural_network import MLPClassifier

    header = [l.split()[1].rstrip(":") for l in open(MODEL, encoding="utf-8") if l.startswith("#   ")]
    training = []
    for name in header:
        training += [r for r in features(args.allin_dev, os.path.join(TRAIN, name)) if r["label"] in ("crisis", "safe")]

    # Measured on: labelled lines, everyday check-ins the model never read, crisis check-ins.
    lines, line_texts = [], []
    for name in sorted(os.listdir(TRAIN)):
        if name.startswith("lines-") and name.endswith(".tsv"):
            rows = features(args.allin_dev, os.path.join(TRAIN, name))
            if rows is None:
                print("left out (other labels): " + name, file=sys.stderr)
                continue
            texts = []
            for n, raw in enumerate(open(os.path.join(TRAIN, name), encoding="utf-8")):
                cols = raw.rstrip("\r\n").split("\t")
                if not raw.strip() or raw.startswith("#") or (n == 0 and cols[0] == "label"):
                    continue
                if cols[0] in ("crisis", "safe"):
                    texts.append(cols[-1])
            kept = [r for r in rows if r["label"] in ("crisis", "safe")]
            assert len(kept) == len(texts), name
            lines += kept
            line_texts += texts

    def checkins(names):
        objects, feats = [], []
        for name in names:
            path = os.path.join(TRAIN, name)
            objects += [{k: v for k, v in json.loads(l).items() if k in ROUTE_KEYS} for l in open(path, encoding="utf-8") if l.strip()]
            feats += features(args.allin_dev, path)
        assert sum(len(answered(o)) for o in objects) == len(feats)
        return objects, feats

    everyday_names = [n for n in sorted(os.listdir(TRAIN)) if n.endswith(".jsonl") and n not in header
                      and (n.startswith("everyday-") or n.startswith("route"))]
    everyday, everyday_feats = checkins(everyday_names)
    crisis_ci, crisis_feats = checkins(["crisis-checkins.jsonl"])

    with tempfile.TemporaryDirectory() as tmp:
        rules_catalog = os.path.join(tmp, "catalog")
        shutil.copytree(os.path.join(ROOT, "catalog"), rules_catalog)
        with open(os.path.join(rules_catalog, "crisis/model.tsv"), "w") as f:
            f.write("@bias\t-30\n@crisisAt\t0.7000\n@askAt\t0.6000\nwant\t0.0001\n")
        verdicts = {}
        for tag, catalog in (("shipped", os.path.join(ROOT, "catalog")), ("rules", rules_catalog)):
            verdicts[tag] = (route(args.allin, catalog, [{"triggerText": t, "intensity": 5} for t in line_texts]),
                             route(args.allin, catalog, everyday), route(args.allin, catalog, crisis_ci))

    def report(name, v):
        ls, es, cs = v
        crisis = [x for x, r in zip(ls, lines) if r["label"] == "crisis"]
        safe = [x for x, r in zip(ls, lines) if r["label"] == "safe"]
        print("%-44s crisis lines %d + %d = %d of %d | safe %dH / %dQ of %d | everyday %dH / %dQ of %d | crisis check-ins %d + %d"
              % (name, crisis.count("H"), crisis.count("Q"), crisis.count("H") + crisis.count("Q"), len(crisis),
                 safe.count("H"), safe.count("Q"), len(safe), es.count("H"), es.count("Q"), len(es), cs.count("H"), cs.count("Q")))

    def grouped(scores, objects):
        out, i = [], 0
        for o in objects:
            n = len(answered(o))
            out.append(list(scores[i:i + n]))
            i += n
        return out

    def simulate(score_lines, score_everyday, score_crisis, handoff_at, ask_at):
        rl, re_, rc = verdicts["rules"]
        return (combine(rl, [[s] for s in score_lines], handoff_at, ask_at),
                combine(re_, grouped(score_everyday, everyday), handoff_at, ask_at),
                combine(rc, grouped(score_crisis, crisis_ci), handoff_at, ask_at))

    weights, bias = {}, 0.0
    for raw in open(MODEL, encoding="utf-8"):
        if raw.startswith("#") or not raw.strip():
            continue
        key, value = raw.rstrip("\n").split("\t")
        if key == "@bias":
            bias = float(value)
        elif not key.startswith("@"):
            weights[key] = float(value)
    shipped = lambda rows: [1 / (1 + math.exp(-(bias + sum(weights.get(f, 0.0) for f in r["features"])))) for r in rows]
    report("shipped (the real route)", verdicts["shipped"])
    report("the written rules alone", verdicts["rules"])
    sl, se, sc = shipped(lines), shipped(everyday_feats), shipped(crisis_feats)
    for h, q in ((0.85, 0.60), (0.90, 0.60), (0.95, 0.70)):
        report("shipped model, simulated, H %.2f Q %.2f" % (h, q), simulate(sl, se, sc, h, q))

    counts = Counter(f for r in training for f in r["features"])
    common = {f for f, c in counts.items() if " " not in f and c >= max(0.04 * len(training), 50)}
    vocab = {f: i for i, f in enumerate(sorted(f for f, c in counts.items() if f not in common and c >= args.min_lines))}

    def matrix(rows):
        indices, starts = [], [0]
        for r in rows:
            indices += [vocab[f] for f in r["features"] if f in vocab]
            starts.append(len(indices))
        return sparse.csr_matrix(([1.0] * len(indices), indices, starts), shape=(len(rows), len(vocab)))

    net = MLPClassifier(hidden_layer_sizes=(args.hidden,), alpha=1e-4, max_iter=args.passes, batch_size=256, random_state=1)
    import warnings
    warnings.filterwarnings("ignore")   # fewer passes than convergence is the point: the later passes overfit
    net.fit(matrix(training), [r["label"] == "crisis" for r in training])
    nl, ne, nc = (net.predict_proba(matrix(rows))[:, 1] for rows in (lines, everyday_feats, crisis_feats))
    for h in (0.85, 0.90, 0.95, 0.97):
        for q in (0.50, 0.65):
            report("network %d hidden, %d passes, H %.2f Q %.2f" % (args.hidden, args.passes, h, q), simulate(nl, ne, nc, h, q))


if __name__ == "__main__":
    main()
