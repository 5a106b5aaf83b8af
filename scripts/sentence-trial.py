#!/usr/bin/env python3
"""The shipped model scored per sentence and per window of sentences, with the written rules (training side only).

The twenty-eighth session's trial (docs/crisis-check.md): does scoring each sentence, or the best pair
or three of them, instead of the whole text take away everyday handoffs without losing crisis lines?
Reads the same sets as scripts/model-trial.py (never blind/) and combines scores the same way.

    swift build -c release --product allin && swift build -c release --product allin-dev
    python3 scripts/sentence-trial.py
"""
import importlib.util, os, re, json, math, subprocess, tempfile, sys
spec = importlib.util.spec_from_file_location("mt", os.path.join(os.path.dirname(os.path.abspath(__file__)), "model-trial.py"))
mt = importlib.util.module_from_spec(spec); spec.loader.exec_module(mt)
ROOT = mt.ROOT; TRAIN = mt.TRAIN
ALLIN = ROOT + "/.build/release/allin"; DEV = ROOT + "/.build/release/allin-dev"
header = [l.split()[1].rstrip(":") for l in open(mt.MODEL) if l.startswith("#   ")]
# texts
lines, line_texts = [], []
for name in sorted(os.listdir(TRAIN)):
    if name.startswith("lines-") and name.endswith(".tsv"):
        rows = mt.features(DEV, os.path.join(TRAIN, name))
        if rows is None: continue
        texts = []
        for n, raw in enumerate(open(os.path.join(TRAIN, name))):
            cols = raw.rstrip("\r\n").split("\t")
            if not raw.strip() or raw.startswith("#") or (n == 0 and cols[0] == "label"): continue
            if cols[0] in ("crisis", "safe"): texts.append(cols[-1])
        kept = [r for r in rows if r["label"] in ("crisis", "safe")]
        assert len(kept) == len(texts)
        lines += kept; line_texts += texts
def checkins(names):
    objs = []
    for name in names:
        objs += [{k: v for k, v in json.loads(l).items() if k in mt.ROUTE_KEYS} for l in open(os.path.join(TRAIN, name)) if l.strip()]
    return objs
everyday_names = [n for n in sorted(os.listdir(TRAIN)) if n.endswith(".jsonl") and n not in header and (n.startswith("everyday-") or n.startswith("route"))]
everyday = checkins(everyday_names); crisis_ci = checkins(["crisis-checkins.jsonl"])
ev_texts = [o[k] for o in everyday for k in mt.answered(o)]
cr_texts = [o[k] for o in crisis_ci for k in mt.answered(o)]
all_texts = line_texts + ev_texts + cr_texts
SPLIT = re.compile(r'(?<=[.!?;])\s+|\n+')
def sentences(t):
    s = [x for x in SPLIT.split(t) if x and x.strip()]
    return s or [t]
units = []  # (text index, kind, unit text)
for i, t in enumerate(all_texts):
    ss = sentences(t)
    units.append((i, 'whole', t))
    if len(ss) > 1:
        for s in ss: units.append((i, 's1', s))
        for a, b in zip(ss, ss[1:]): units.append((i, 's2', a + ' ' + b))
        for a, b, c in zip(ss, ss[1:], ss[2:]): units.append((i, 's3', a + ' ' + b + ' ' + c))
with tempfile.NamedTemporaryFile('w', suffix='.tsv', delete=False) as f:
    f.write("label\ttext\n")
    for _, _, u in units: f.write("safe\t" + u.replace("\t", " ").replace("\n", " ") + "\n")
    path = f.name
feats = mt.features(DEV, path); assert feats is not None and len(feats) == len(units), (len(feats or []), len(units))
weights, bias = {}, 0.0
for raw in open(mt.MODEL):
    if raw.startswith("#") or not raw.strip(): continue
    k, v = raw.rstrip("\n").split("\t")
    if k == "@bias": bias = float(v)
    elif not k.startswith("@"): weights[k] = float(v)
sc = lambda r: 1 / (1 + math.exp(-(bias + sum(weights.get(f, 0.0) for f in r["features"]))))
from collections import defaultdict
per = defaultdict(lambda: defaultdict(list))
for (i, kind, _), r in zip(units, feats): per[i][kind].append(sc(r))
def variant(name):
    out = []
    for i in range(len(all_texts)):
        d = per[i]; w = d['whole'][0]
        if 's1' not in d: out.append(w); continue
        m1 = max(d['s1']); m2 = max(d['s2']); m3 = max(d['s3']) if d['s3'] else m2
        out.append({'whole': w, 'max1': m1, 'max2': m2, 'min(whole,max2)': min(w, m2), 'min(whole,max3)': min(w, m3),
                    'max(whole,max1)': max(w, m1), 'min(whole,max1)': min(w, m1), 'max2 cap': min(w, max(m1, m2))}[name])
    return out
rules_cat = tempfile.mkdtemp() + "/catalog"
import shutil; shutil.copytree(ROOT + "/catalog", rules_cat)
open(rules_cat + "/crisis/model.tsv", "w").write("@bias\t-30\n@crisisAt\t0.7000\n@askAt\t0.6000\nwant\t0.0001\n")
R = (mt.route(ALLIN, rules_cat, [{"triggerText": t, "intensity": 5} for t in line_texts]), mt.route(ALLIN, rules_cat, everyday), mt.route(ALLIN, rules_cat, crisis_ci))
S = (mt.route(ALLIN, ROOT + "/catalog", [{"triggerText": t, "intensity": 5} for t in line_texts]), mt.route(ALLIN, ROOT + "/catalog", everyday), mt.route(ALLIN, ROOT + "/catalog", crisis_ci))
def grouped(scores, objects):
    out, i = [], 0
    for o in objects:
        n = len(mt.answered(o)); out.append(list(scores[i:i+n])); i += n
    return out
def report(name, v):
    ls, es, cs = v
    crisis = [x for x, r in zip(ls, lines) if r["label"] == "crisis"]; safe = [x for x, r in zip(ls, lines) if r["label"] == "safe"]
    print("%-28s crisis %d + %d = %d of %d | safe %dH/%dQ | everyday %dH/%dQ of %d | crisis ci %d + %d" % (name, crisis.count("H"), crisis.count("Q"), crisis.count("H")+crisis.count("Q"), len(crisis), safe.count("H"), safe.count("Q"), es.count("H"), es.count("Q"), len(es), cs.count("H"), cs.count("Q")))
report("real route", S)
nl, ne = len(line_texts), len(ev_texts)
for name in ['whole', 'max1', 'max2', 'min(whole,max1)', 'min(whole,max2)', 'min(whole,max3)', 'max(whole,max1)', 'max2 cap']:
    s = variant(name)
    for h, q in ((0.85, 0.65),):
        v = (mt.combine(R[0], [[x] for x in s[:nl]], h, q), mt.combine(R[1], grouped(s[nl:nl+ne], everyday), h, q), mt.combine(R[2], grouped(s[nl+ne:], crisis_ci), h, q))
        report(name, v)
multi = sum(1 for i in range(len(all_texts)) if 's1' in per[i])
print("texts with >1 sentence:", multi, "of", len(all_texts))
