#!/usr/bin/env python3
"""Regenerates the fuzzy anchors of catalog/crisis/normalisation.json: the crisis words whose
misspellings one letter off (two for words of nine letters or more) every crisis layer reads as the
word, and, for each, the real English words that near, so they are never read as it.

Anchors: every real word of five letters or more in the word classes the crisis rules use to say
something is wrong (layer A's act, means and farewell classes; the concept rules' wish, death,
plan, means and self-harm classes), plus the anchors written by hand (those with a note). Words the
rules use to say something is safe (guards, idioms, 'without' lists, context classes) are not
anchors: a typo read as one of those could hide a crisis statement. (Every real word of the rules'
patterns and slots as well, 2,049 anchors, recognised one more training line of 103,461 and
slowed the detector by a seventh.)

Real words: the Debian word lists (packages wbritish and wamerican, SCOWL, /usr/share/dict), every
entry of letters only, lowercased (names included: people type them lowercase). The hand-written
excludes are kept.

    apt-get install wbritish wamerican
    scripts/spelling-anchors.py            # rewrites catalog/crisis/normalisation.json in place
    scripts/spelling-anchors.py --check    # exits 1 if the file is not what the lists give
"""
import json, re, sys, os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CRISIS = os.path.join(ROOT, "catalog", "crisis")
LISTS = ["/usr/share/dict/british-english", "/usr/share/dict/american-english"]

# The classes that name what is wrong; the others (bodies, accidents, media, kin, away...) give context.
LAYER_A_CLASSES = {"reflexive", "dieAct", "endAct", "absenceAct", "methodAct", "strongAct", "substance",
                   "substanceAll", "substanceAlone", "means", "shVerbStrong", "farewellIntent"}
CONCEPT_CLASSES = {"WISH", "DEATH", "PLAN", "USE", "SUBSTANCE", "WEAPON", "SHVERB", "SHNOUN", "SHCUE"}


def words(text, out):
    for w in re.findall(r"[a-z]+", text):
        out.add(w)


def crisis_words():
    out = set()
    a = json.load(open(os.path.join(CRISIS, "layer-a.json")))
    for c in a["classes"]:
        if c["name"] in LAYER_A_CLASSES:
            for e in c["entries"]:
                words(e, out)
    c = json.load(open(os.path.join(CRISIS, "concepts.json")))
    for name, entries in c["classes"].items():
        if name in CONCEPT_CLASSES:
            for e in entries:
                words(e, out)
    return out


def distance(a, b, limit):
    """Optimal-string-alignment distance, as CrisisFuzzy computes it, or limit + 1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[len(b)]


def main():
    real = set()
    for path in LISTS:
        if not os.path.exists(path):
            sys.exit(f"spelling-anchors: {path} is missing (apt-get install wbritish wamerican)")
        for line in open(path, encoding="utf-8", errors="replace"):
            w = line.strip()
            if re.fullmatch(r"[A-Za-z]+", w):
                real.add(w.lower())
    path = os.path.join(CRISIS, "normalisation.json")
    text = open(path, encoding="utf-8").read()
    data = json.loads(text)
    # Anchors written by hand carry a note; the others are this script's and are made afresh.
    hand = {e["word"]: e for e in data["fuzzyAnchors"] if "note" in e}
    anchors = sorted(set(hand) | {w for w in crisis_words() if len(w) >= 5 and w in real})
    def letters(w):
        m = 0
        for c in w:
            m |= 1 << (ord(c) - 97)
        return m
    by_len = {}
    for w in real:
        by_len.setdefault(len(w), []).append((w, letters(w)))
    entries = []
    for word in anchors:
        limit = 2 if len(word) >= 9 else 1
        mask = letters(word)
        # Each edit brings in at most one letter and takes out at most one.
        near = {w for n in range(len(word) - limit, len(word) + limit + 1) for w, m in by_len.get(n, [])
                if bin(m & ~mask).count("1") <= limit and bin(mask & ~m).count("1") <= limit
                and w != word and distance(word, w, limit) <= limit}
        kept = set(hand.get(word, {}).get("exclude", [])) - {word}
        entry = {"word": word, "exclude": sorted(near | kept)}
        if "note" in hand.get(word, {}):
            entry["note"] = hand[word]["note"]
        entries.append(entry)
    # Only the anchors' block is rewritten, one entry a line, so the rest of the file keeps its layout.
    start = text.index('  "fuzzyAnchors": [\n')
    end = text.index("\n  ],\n", start)
    block = ",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in entries)
    out = text[:start] + '  "fuzzyAnchors": [\n' + block + text[end:]
    assert json.loads(out)["fuzzyAnchors"] == entries
    if "--check" in sys.argv:
        sys.exit(0 if out == text else 1)
    open(path, "w", encoding="utf-8").write(out)
    print(f"{len(entries)} anchors, {sum(len(e['exclude']) for e in entries)} excluded real words")


main()
