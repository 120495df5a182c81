#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes tests/data/downstream/: small files of paper 1's twelve multiple-choice tasks in each data set's
original field layout (what `datasets.load_dataset(...)[split].to_json(path)` writes), made of random
words, for the tests of `quantscope downstream` and the peer test against lm-eval (docs/downstream.md).

They carry what the real data sets carry and lm-eval's templates react to: ARC's numeric labels and 3- or
5-choice questions, OpenBookQA stems ending in a space and answer keys with a stray space, HellaSwag's
"[title]" and "[header]" artefacts, double spaces and mixed-case ctx_b, MathQA's option strings,
PubMedQA's several contexts, SciQ's empty and space-led supports, Winogrande's blank, non-ASCII text,
a validation document that is also in the training split (lm-eval's sampler then drops it), and pools
on both sides of CPython's random.sample switch (21 and 85 documents).

    python3 tests/support/make_downstream_tasks.py [OUT_DIR]   (default: tests/data/downstream)
"""

import json
import os
import random
import sys

rng = random.Random(20261207)
WORDS = [w for w in """
the a of to in and is was for on with as by at from that this which be are were it its or an into over
water energy plant animal cell heat light sound force rock soil cloud river metal salt sugar blood bone
grows moves changes falls rises melts freezes boils breaks carries holds makes uses needs gives takes
small large warm cold fast slow bright dark heavy light strong weak young old early late full empty
student teacher farmer doctor child mother father friend driver player writer worker scientist
café naïve résumé façade coöperate — “quoted” ‘single’ œuvre
""".split()]


def words(n, cap=False):
    s = " ".join(rng.choice(WORDS) for _ in range(n))
    return s[0].upper() + s[1:] if cap else s


def sentence(lo=6, hi=14):
    return words(rng.randint(lo, hi), cap=True) + "."


def question(lo=5, hi=12):
    return words(rng.randint(lo, hi), cap=True) + "?"


def write(out, task, split, rows):
    os.makedirs(os.path.join(out, task), exist_ok=True)
    with open(os.path.join(out, task, split + ".jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=rng.random() < 0.5) + "\n")


def arc(n, prefix):
    rows = []
    for i in range(n):
        k = rng.choice([4, 4, 4, 3, 5])
        labels = ["1", "2", "3", "4", "5"][:k] if rng.random() < 0.2 else list("ABCDE")[:k]
        rows.append({"id": f"{prefix}_{i}", "question": question(),
                     "choices": {"text": [words(rng.randint(1, 5)) for _ in range(k)], "label": labels},
                     "answerKey": rng.choice(labels)})
    return rows


def openbookqa(n):
    rows = []
    for i in range(n):
        stem = words(rng.randint(4, 10), cap=True) + (" " if rng.random() < 0.3 else "")
        labels = list("ABCD")
        key = rng.choice(labels)
        rows.append({"id": f"{i}-{rng.randint(100, 999)}", "question_stem": stem,
                     "choices": {"text": [words(rng.randint(1, 6)) for _ in labels], "label": labels},
                     "answerKey": (" " if rng.random() < 0.1 else "") + key})
    return rows


def piqa(n):
    return [{"goal": words(rng.randint(4, 12), cap=True), "sol1": sentence(), "sol2": sentence(),
             "label": rng.randint(0, 1)} for _ in range(n)]


def hellaswag(n, split):
    rows = []
    for i in range(n):
        wikihow = rng.random() < 0.4
        ctx_a = (words(5, cap=True) + " [title] " + words(4) + " [step] " + words(6)) if wikihow else sentence()
        ctx_b = rng.choice(["", words(3), words(3).upper(), "THEN " + words(2), "  " + words(2)])
        endings = [words(rng.randint(3, 10)) + ("  " + words(2) if rng.random() < 0.2 else "")
                   + (" [header] " + words(2) if rng.random() < 0.1 else "") + "." for _ in range(4)]
        rows.append({"ind": i, "activity_label": words(2, cap=True), "ctx_a": ctx_a, "ctx_b": ctx_b,
                     "ctx": ctx_a + " " + ctx_b, "endings": endings, "source_id": f"src~{i}", "split": split,
                     "split_type": rng.choice(["indomain", "zeroshot"]), "label": str(rng.randint(0, 3))})
    return rows


def winogrande(n):
    rows = []
    for _ in range(n):
        a, b = words(1, cap=True), words(1, cap=True)
        s = f"{a} gave {b} the {words(1)} because _ {words(rng.randint(2, 6))}."
        rows.append({"sentence": s, "option1": a, "option2": b, "answer": rng.choice(["1", "2"])})
    return rows


def mathqa(n):
    rows = []
    for _ in range(n):
        opts = [str(rng.randint(1, 99)) + rng.choice(["", ".5", " %", " rs"]) for _ in range(3)]
        opts += [rng.choice(["data inadequate", "none of these", str(rng.randint(1, 9))]),
                 rng.choice(["none of these", "cannot be determined", "12 , 13"])]
        options = " , ".join(f"{l} ) {o}" for l, o in zip("abcde", opts))
        rows.append({"Problem": words(rng.randint(8, 16)) + " ?", "Rationale": '"' + words(8) + '"',
                     "options": options, "correct": rng.choice("abcde"), "annotated_formula": "add(n0, n1)",
                     "linear_formula": "add(n0,n1)|", "category": rng.choice(["gain", "general", "physics"])})
    return rows


def pubmedqa(n):
    rows = []
    for i in range(n):
        contexts = [sentence(10, 20) for _ in range(rng.randint(1, 3))]
        rows.append({"QUESTION": question(), "CONTEXTS": contexts, "LABELS": ["BACKGROUND"] * len(contexts),
                     "MESHES": [words(1)], "YEAR": str(2000 + i % 20), "reasoning_required_pred": "yes",
                     "reasoning_free_pred": "no", "final_decision": rng.choice(["yes", "no", "maybe"]),
                     "LONG_ANSWER": sentence()})
    return rows


def sciq(n):
    return [{"question": question(), "distractor3": words(2), "distractor1": words(1), "distractor2": words(3),
             "correct_answer": words(2),
             "support": rng.choice(["", sentence(), "\n" + sentence(), " " + sentence() + " " + sentence()])}
            for _ in range(n)]


def social_iqa(n):
    return [{"context": sentence(), "question": question(3, 6), "answerA": words(3), "answerB": words(2),
             "answerC": words(4), "label": rng.choice(["1", "2", "3"])} for _ in range(n)]


def commonsense_qa(n):
    rows = []
    for i in range(n):
        q = (" " if rng.random() < 0.2 else "") + question() + (" " if rng.random() < 0.2 else "")
        rows.append({"id": f"{i:032x}", "question": q, "question_concept": words(1),
                     "choices": {"label": list("ABCDE"), "text": [words(rng.randint(1, 3)) for _ in range(5)]},
                     "answerKey": rng.choice("ABCDE")})
    return rows


def mmlu(subjects, per_subject):
    return [{"question": (" " if rng.random() < 0.2 else "") + question(), "subject": s,
             "choices": [words(rng.randint(1, 4)) for _ in range(4)], "answer": rng.randint(0, 3)}
            for s in subjects for _ in range(per_subject)]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "data", "downstream")
    for name, prefix in (("arc_easy", "Mercury"), ("arc_challenge", "NYSEDREGENTS")):
        write(out, name, "train", arc(30, prefix))
        write(out, name, "validation", arc(8, prefix))
        write(out, name, "test", arc(24, prefix))
    for split, n in (("train", 18), ("validation", 8), ("test", 24)):
        write(out, "openbookqa", split, openbookqa(n))
    piqa_train = piqa(60)
    piqa_val = piqa(24)
    piqa_val[3] = dict(piqa_train[22])  # also a training document that the sampler draws for it: left out
    write(out, "piqa", "train", piqa_train)
    write(out, "piqa", "validation", piqa_val)
    write(out, "hellaswag", "train", hellaswag(100, "train"))
    write(out, "hellaswag", "validation", hellaswag(24, "val"))
    write(out, "winogrande", "train", winogrande(20))
    write(out, "winogrande", "validation", winogrande(24))
    for split, n in (("train", 40), ("validation", 8), ("test", 24)):
        write(out, "mathqa", split, mathqa(n))
    for split, n in (("train", 12), ("validation", 6), ("test", 20)):
        write(out, "pubmedqa", split, pubmedqa(n))
    for split, n in (("train", 90), ("validation", 8), ("test", 24)):
        write(out, "sciq", split, sciq(n))
    write(out, "social_iqa", "train", social_iqa(25))
    write(out, "social_iqa", "validation", social_iqa(24))
    write(out, "commonsense_qa", "train", commonsense_qa(22))
    write(out, "commonsense_qa", "validation", commonsense_qa(24))
    subjects = ["anatomy", "high_school_us_history", "marketing", "econometrics"]
    write(out, "mmlu", "dev", mmlu(subjects, 5))
    write(out, "mmlu", "test", mmlu(subjects, 8))


if __name__ == "__main__":
    main()
