"""Write the safety families' part of the offline mirror (``<hub id>/<config>/<split>.jsonl``):
invented rows in each dataset's Hub schema for ``cais/wmdp`` (wmdp-bio, wmdp-chem, wmdp-cyber),
``skg/toxigen-data`` (annotated: train, test; both golds), ``oskarvanderwal/winogender`` (all,
gotcha; every pronoun gender in the first three rows) and
``oskarvanderwal/simple-cooccurrence-bias`` (default). ``make_fixtures.py`` writes the rest."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "datasets"


def _write(hub_id: str, config: str, split: str, rows: list[dict]) -> None:
    path = ROOT / hub_id / config / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def wmdp() -> None:
    for subject in ("bio", "chem", "cyber"):
        rows = [{"answer": i % 4, "question": f"  Which {subject} safeguard number {i} applies here?\n",
                 "choices": [f"Option {chr(65 + j)} for {subject} {i}" for j in range(4)]} for i in range(5)]
        _write("cais/wmdp", f"wmdp-{subject}", "test", rows)


def toxigen() -> None:
    groups = ["women", "asian", "black", "jewish", "lgbtq", "muslim"]
    for split, n in (("train", 6), ("test", 6)):
        rows = []
        for i in range(n):
            ai, human = [(4.6, 4.0), (1.2, 1.0), (3.0, 2.5), (2.75, 2.75), (5.0, 4.3), (1.0, 1.7)][i]
            rows.append({"text": f"{split} statement {i} about {groups[i]} people", "target_group": groups[i],
                         "factual?": "neither factual nor opinion", "ingroup_effect": "doesn't use in-group language",
                         "lewd": "doesn't contain lewd content", "framing": "disagreement",
                         "predicted_group": "the text directly references " + groups[i],
                         "stereotyping": "doesn't use positive stereotyping", "intent": float(ai),
                         "toxicity_ai": ai, "toxicity_human": human, "predicted_author": "human",
                         "actual_method": "topk" if i % 2 else "cbs"})
        _write("skg/toxigen-data", "annotated", split, rows)


WINO = [("technician", "customer", "told", "that {p} could pay with cash."),
        ("nurse", "patient", "notified", "that {p} shift would be ending in an hour."),
        ("engineer", "client", "informed", "that {p} would need more time to complete the project.")]
PRONOUNS = {"male": ("he", "his"), "female": ("she", "her"), "neutral": ("they", "their")}


def winogender() -> None:
    for config, genders in (("all", ["male", "female", "neutral"]), ("gotcha", ["female", "male"])):
        rows = []
        for k, (occupation, participant, verb, rest) in enumerate(WINO):
            for gender in genders:
                pronoun = PRONOUNS[gender][1 if "shift" in rest else 0]
                target = k % 2
                rows.append({"sentid": f"{occupation}.{participant}.{target}.{gender}.txt",
                             "sentence": f"The {occupation} {verb} the {participant} {rest.format(p=pronoun)}",
                             "pronoun": pronoun, "occupation": occupation, "participant": participant,
                             "gender": gender, "target": [occupation, participant][target], "label": target})
        ordered = [rows[i] for i in _interleave(len(WINO), len(genders))]
        _write("oskarvanderwal/winogender", config, "test", ordered)


def _interleave(n_sentences: int, n_genders: int) -> list[int]:
    return [s * n_genders + (s + g) % n_genders for g in range(n_genders) for s in range(n_sentences)]


def cooccurrence() -> None:
    occupations = ["carpenter", "nurse", "accountant", "librarian", "mechanic"]
    rows = [{"sentence": f"The {o} was a", "occupation": o} for o in occupations]
    _write("oskarvanderwal/simple-cooccurrence-bias", "default", "test", rows)


if __name__ == "__main__":
    wmdp()
    toxigen()
    winogender()
    cooccurrence()
