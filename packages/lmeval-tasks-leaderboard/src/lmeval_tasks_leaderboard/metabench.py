"""metabench (Kipnis et al., 2024, arXiv:2407.12844): the rows of ``HCAI/metabench`` carry their own
few-shot examples in ``<benchmark>_*_shot_<k>`` columns; these helpers fold them into one prompt
prefix per document, as lm-eval 0.4.13's ``metabench/process_docs.py`` does.

The ``*_permute`` variants move each answer to another position. lm-eval shuffles with Python's
global generator every time it reads the documents; here each document's order comes from a
generator seeded by a hash of its question, so requests and gold always agree and a rerun gives
the same permutation.
"""

from __future__ import annotations

import copy
import hashlib
import random
import re
from collections.abc import Callable
from typing import Any

Doc = dict[str, Any]
LETTERS = ["A", "B", "C", "D"]


def hash_string(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _drop(doc: Doc, *keys: str) -> None:
    for key in keys:
        doc.pop(key, None)


def _moved(items: list[Any], answer: int, seed: str) -> int:
    """Shuffle ``items`` in place until the answer leaves position ``answer``; its new position."""
    rng = random.Random(hash_string(seed))
    correct = items[answer]
    new = answer
    while new == answer:
        rng.shuffle(items)
        new = items.index(correct)
    return new


def arc(doc: Doc) -> Doc:
    prompt = ""
    for shot in range(1, 26):
        question = doc[f"arc_question_shot_{shot}"]
        choices = doc[f"arc_choices_shot_{shot}"]
        answer = choices["text"][choices["label"].index(doc[f"arc_answerKey_shot_{shot}"])]
        _drop(doc, f"arc_question_shot_{shot}", f"arc_answerKey_shot_{shot}", f"arc_choices_shot_{shot}",
              f"arc_idx_shot_{shot}")
        prompt += f"Question: {question}\nAnswer: {answer}\n\n"
    doc["twentyfive_shot_preprompt"] = prompt
    doc["original_hash"] = hash_string(doc["question"])
    _drop(doc, "alltwentyfiveshot_longprompt")
    return doc


def arc_permuted(doc: Doc) -> Doc:
    doc = arc(doc)
    choices = doc["choices"]
    choices["text"] = list(choices["text"])
    new = _moved(choices["text"], choices["label"].index(doc["answerKey"]), doc["question"])
    doc["answerKey"] = choices["label"][new]
    return doc


def gsm8k(doc: Doc) -> Doc:
    prompt = ""
    for shot in range(1, 6):
        prompt += f"Question: {doc[f'gsm8k_prompt_shot_{shot}']}\nAnswer: {doc[f'gsm8k_answer_shot_{shot}']}\n\n"
        _drop(doc, f"gsm8k_prompt_shot_{shot}", f"gsm8k_answer_shot_{shot}", f"gsm8k_idx_shot_{shot}")
    doc["original_hash"] = hash_string(doc["question"])
    doc["five_shot_preprompt"] = prompt
    _drop(doc, "allfiveshot_longprompt")
    return doc


def _clean(text: str) -> str:
    """HellaSwag's text cleaning (WikiHow's ``[title]`` and bracketed artifacts)."""
    text = text.strip().replace(" [title]", ". ")
    return re.sub("\\[.*?\\]", "", text).replace("  ", " ")


def hellaswag(doc: Doc, permute: bool = False) -> Doc:
    doc["query"] = _clean(doc["activity_label"] + ": " + doc["ctx_a"] + " " + doc["ctx_b"].capitalize())
    endings = list(doc["endings"])
    if permute:
        doc["label"] = str(_moved(endings, int(doc["label"]), doc["query"]))
    doc["choices"] = [_clean(ending) for ending in endings]
    doc["gold"] = int(doc["label"])
    _drop(doc, "ctx_a", "ctx_b", "ctx", "activity_label", "endings")
    prompt = ""
    for shot in range(1, 11):
        context = doc[f"hellaswag_ctx_a_shot_{shot}"] + " " + doc[f"hellaswag_ctx_b_shot_{shot}"].capitalize()
        question = _clean(doc[f"hellaswag_activity_labels_shot_{shot}"] + ": " + context)
        ending = _clean(doc[f"hellaswag_endings_shot_{shot}"][int(doc[f"hellaswag_label_shot_{shot}"])])
        prompt += f"{question} {ending}\n\n"
        _drop(doc, *(f"hellaswag_{key}_shot_{shot}" for key in (
            "ctx_a", "ctx_b", "ctx", "activity_labels", "endings", "label", "ind", "source_id", "split",
            "split_type")))
    doc["original_hash"] = hash_string(doc["query"])
    doc["ten_shot_preprompt"] = prompt
    _drop(doc, "alltenshot_longprompt")
    return doc


def mmlu(doc: Doc, permute: bool = False) -> Doc:
    prompt = f"The following are multiple choice questions (with answers) about {' '.join(doc['subject'].split('_'))}.\n\n"
    for shot in range(1, 6):
        question = doc[f"mmlu_question_shot_{shot}"].strip()
        answer = LETTERS[int(doc[f"mmlu_answers_shot_{shot}"])]
        a, b, c, d = doc[f"mmlu_choices_shot_{shot}"][:4]
        prompt += f"{question}\nA. {a}\nB. {b}\nC. {c}\nD. {d}\nAnswer: {answer}\n\n"
        _drop(doc, f"mmlu_question_shot_{shot}", f"mmlu_choices_shot_{shot}", f"mmlu_answers_shot_{shot}",
              f"mmlu_ind_shot_{shot}")
    if permute:
        doc["choices"] = list(doc["choices"])
        doc["answer"] = _moved(doc["choices"], int(doc["answer"]), doc["question"])
    doc["original_hash"] = hash_string(doc["question"])
    doc["five_shot_preprompt"] = prompt
    _drop(doc, "allfiveshot_longprompt")
    return doc


def truthfulqa(doc: Doc, permute: bool = False) -> Doc:
    if permute:
        targets = doc["mc1_targets"]
        targets["choices"] = list(targets["choices"])
        new = _moved(targets["choices"], 0, doc["question"])
        targets["labels"] = [int(i == new) for i in range(len(targets["labels"]))]
        doc["answer"] = new
    doc["original_hash"] = hash_string(doc["question"])
    return doc


def winogrande(doc: Doc, permute: bool = False) -> Doc:
    prompt = ""
    for shot in range(1, 6):
        mark = doc[f"winogrande_answer_shot_{shot}"]
        if mark not in ("1", "2"):
            raise ValueError(f"metabench Winogrande: winogrande_answer_shot_{shot} is {mark!r}, expected '1' or '2'")
        answer = doc[f"winogrande_option{mark}_shot_{shot}"]
        prompt += doc[f"winogrande_prompt_shot_{shot}"].replace("_", answer) + "\n\n"
        _drop(doc, *(f"winogrande_{key}_shot_{shot}" for key in ("prompt", "answer", "idx", "option1", "option2")))
    doc["original_hash"] = hash_string(doc["sentence"])
    doc["sentence"] = prompt + doc["sentence"]
    _drop(doc, "allfiveshot_longprompt")
    if permute:
        doc["option1"], doc["option2"] = doc["option2"], doc["option1"]
        doc["answer"] = {"1": "2", "2": "1"}.get(doc["answer"], doc["answer"])
    return doc


def processor(function: Callable[..., Doc], **options: Any) -> Callable[[Any], Any]:
    """``process_docs`` applying ``function`` to every document."""
    def process_docs(dataset: Any) -> Any:
        return dataset.map(lambda doc: function(copy.deepcopy(dict(doc)), **options))
    return process_docs


def winogrande_doc_to_text(doc: Doc) -> int:
    """The index of the right filling: Winogrande scores the sentence's continuation after each."""
    return {"1": 0, "2": 1}[doc["answer"]]


def winogrande_doc_to_target(doc: Doc) -> str:
    return doc["sentence"][doc["sentence"].index("_") + 1:].strip()


def winogrande_doc_to_choice(doc: Doc) -> list[str]:
    cut = doc["sentence"].index("_")
    return [doc["sentence"][:cut] + option for option in (doc["option1"], doc["option2"])]
