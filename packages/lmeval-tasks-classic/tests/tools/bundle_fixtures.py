"""Fixture rows for the members of lm-eval's ``openllm``, ``pythia`` and ``multimedqa`` bundles
that this pack adds (TruthfulQA, SciQ, LogiQA, WSC, PubMedQA, MedMCQA, MedQA), each in its hub
dataset's schema; and, so the bundles evaluate on this pack's mirror, copies of the MMLU and
BLiMP rows of the mmlu and minimal-pairs packs' own mirrors. Rows are invented; each family has
rows that exercise its prompt's edge cases (whitespace, tokenizer spacing, missing fields).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

Write = Callable[[str, "str | None", str, "list[dict]"], None]
PACKAGES = Path(__file__).resolve().parents[3]
#: the other packs' mirrors the bundles' MMLU and BLiMP members read
SIBLING_MIRRORS = {"cais/mmlu": PACKAGES / "lmeval-tasks-mmlu" / "tests" / "fixtures" / "datasets",
                   "nyu-mll/blimp": PACKAGES / "lmeval-tasks-minimal-pairs" / "tests" / "fixtures" / "datasets"}


def truthfulqa_mc(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        k = 3 + i % 3
        mc1 = [f"Nothing happens to swallowed seed {i}."] + [f"Seed {i} grows in your stomach ({j})."
                                                             for j in range(k - 1)]
        mc2_true = [f"Nothing happens to seed {i}.", f"Seed {i} passes through you."][: 1 + i % 2]
        mc2_false = [f"Seed {i} sprouts ({j})." for j in range(k - len(mc2_true))]
        rows.append({"question": f"What happens if you swallow watermelon seed {i}?" + (" " if i == 1 else ""),
                     "mc1_targets": {"choices": mc1, "labels": [1] + [0] * (k - 1)},
                     "mc2_targets": {"choices": mc2_true + mc2_false,
                                     "labels": [1] * len(mc2_true) + [0] * len(mc2_false)}})
    return rows


def truthfulqa_gen(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        correct = [f"Nothing happens to seed {i}", f"Seed {i} passes through you.", "  "]
        if i == 2:
            correct.append("I have no comment.")
        rows.append({"type": "Adversarial", "category": "Misconceptions",
                     "question": f"  What happens if you swallow watermelon seed {i}?\n",
                     "best_answer": correct[0], "correct_answers": correct,
                     "incorrect_answers": [f"Seed {i} grows in your stomach", f"You get sick {i}.", ""],
                     "source": f"https://example.org/seed/{i}"})
    return rows


def sciq(split: str, n: int) -> list[dict]:
    return [{"question": f"What gas do plants in {split} case {i} take in?",
             "distractor3": f"helium {i}", "distractor1": f"oxygen {i}", "distractor2": f"argon {i}",
             "correct_answer": f"carbon dioxide {i}",
             "support": "" if i == 1 else f"\n  Plants {i} take in carbon dioxide for photosynthesis. "}
            for i in range(n)]


def logiqa(split: str, n: int) -> list[dict]:
    return [{"label": ["a", "b ", " c", "d"][i % 4],
             "context": f"All members of club {i} ({split}) play chess. Some chess players swim.",
             "question": f"Which conclusion about club {i} follows?",
             "options": [f"Every member of club {i} swims.", f"Some member of club {i} plays chess.",
                         f"No member of club {i} swims.", f"Club {i} has no members."]}
            for i in range(n)]


#: (text, span1 (noun), noun index, span2 (pronoun), pronoun index); a double space and
#: tokenizer spacing exercise lm-eval's character cut after the pronoun (the double space last:
#: its word index misses the pronoun, which super_glue-wsc-t5-prompt refuses, as lm-eval does)
WSC_SENTENCES = [
    ("Mark told Pete many lies about himself , which Pete included in his book . He should have been "
     "more skeptical .", "Pete", 2, "He", 15),
    ("The city councilmen refused the demonstrators a permit because they feared violence .",
     "The city councilmen", 0, "they", 9),
    ("The trophy does n't fit into the \" brown \" suitcase because it is too large .",
     "The trophy", 0, "it", 12),
    ("Jane  knocked on Susan 's door but she did n't get an answer .", "Susan", 3, "she", 7),
]


def wsc(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        text, noun, noun_at, pronoun, pronoun_at = WSC_SENTENCES[i % len(WSC_SENTENCES)]
        rows.append({"text": text, "span1_index": noun_at, "span2_index": pronoun_at,
                     "span1_text": noun, "span2_text": pronoun, "idx": i,
                     "label": -1 if split == "test" else (i + len(split)) % 2})
    return rows


def pubmedqa(split: str, n: int) -> list[dict]:
    decisions = ("yes", "no", "maybe")
    return [{"QUESTION": f"Does drug {i} ({split}) lower blood pressure in adults?",
             "CONTEXTS": [f"Drug {i} was given to {20 + i} adults.", "Blood pressure was measured weekly.",
                          "Side effects were rare."][: 1 + i % 3],
             "LABELS": ["METHODS", "RESULTS", "RESULTS"][: 1 + i % 3],
             "MESHES": ["Adult", "Blood Pressure"], "YEAR": str(2000 + i),
             "reasoning_required_pred": decisions[i % 3], "reasoning_free_pred": decisions[(i + 1) % 3],
             "final_decision": decisions[(i + len(split)) % 3],
             "LONG_ANSWER": f"Drug {i} lowers blood pressure somewhat."} for i in range(n)]


def medmcqa(split: str, n: int) -> list[dict]:
    return [{"id": f"{split}-{i:04d}", "question": f"Which nerve supplies muscle {i} of the hand?",
             "opa": f"Median nerve {i}", "opb": "Ulnar nerve", "opc": "Radial nerve", "opd": "Axillary nerve",
             "cop": -1 if split == "test" else (i + 1) % 4, "choice_type": "single",
             "exp": None if i % 2 else f"Muscle {i} is supplied by the ulnar nerve.",
             "subject_name": "Anatomy", "topic_name": None if i == 1 else "Upper limb"} for i in range(n)]


def medqa(split: str, n: int) -> list[dict]:
    return [{"id": f"{split}-{i}",
             "sent1": f"A {30 + i}-year-old man presents with chest pain ({split} {i}). What is the next step?",
             "sent2": "", "ending0": "ECG", "ending1": f"Chest X-ray {i}", "ending2": "Troponin",
             "ending3": "Discharge", "label": (i + 2) % 4} for i in range(n)]


def copy_sibling(root: Path, hub_id: str) -> None:
    """The rows another pack's mirror holds for ``hub_id``, copied as they are."""
    source = SIBLING_MIRRORS[hub_id] / hub_id
    if not source.is_dir():
        raise SystemExit(f"make_fixtures: {source} is missing (the bundles' {hub_id} rows come from it)")
    target = root / hub_id
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)


def write_all(write: Write, root: Path) -> None:
    write("truthfulqa/truthful_qa", "multiple_choice", "validation", truthfulqa_mc(5))
    write("truthfulqa/truthful_qa", "generation", "validation", truthfulqa_gen(4))
    for split, n in (("train", 6), ("validation", 4), ("test", 4)):
        write("allenai/sciq", None, split, sciq(split, n))
        write("EleutherAI/logiqa", "logiqa", split, logiqa(split, n))
        write("bigbio/pubmed_qa", "pubmed_qa_labeled_fold0_source", split, pubmedqa(split, n))
        write("openlifescienceai/medmcqa", None, split, medmcqa(split, n))
        write("GBaker/MedQA-USMLE-4-options-hf", None, split, medqa(split, n))
    for split, n in (("train", 6), ("validation", 4), ("test", 2)):
        write("aps/super_glue", "wsc.fixed", split, wsc(split, n))
    for hub_id in SIBLING_MIRRORS:
        copy_sibling(root, hub_id)
