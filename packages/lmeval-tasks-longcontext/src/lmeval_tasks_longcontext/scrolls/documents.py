"""SCROLLS' documents as lm-eval 0.4.13 reads them: each subset's ``train`` and ``validation``
JSON lines (``<name>.zip`` of ``tau/scrolls``, or the offline mirror ``tau/scrolls/<name>/``),
rows sharing an ``id`` merged into one document whose ``outputs`` lists their ``output``s, then
each task's own preparation (the query before the first blank line of ``input``, the text after).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from typing import Any

from lmeval.tasks import data as datamod

DATASET = "tau/scrolls"
ZIP_URL = "https://huggingface.co/datasets/{path}/resolve/main/{name}.zip"
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_CHOICE = re.compile(r" *\([A-D]\) *")


def load(name: str) -> dict[str, list[dict[str, Any]]]:
    """``{"train": [...], "validation": [...]}`` of subset ``name``, duplicates merged."""
    if datamod.mirror_dir(DATASET, name) is not None:
        splits = datamod.load_splits(DATASET, name)
    else:
        url = ZIP_URL.format(path=DATASET, name=name)
        files = {split: f"zip://{name}/{split}.jsonl::{url}" for split in ("train", "validation")}
        splits = datamod.load_splits("json", None, {"data_files": files})
    return {split: merge_duplicates(datamod.get_split(splits, split, dataset=DATASET))
            for split in ("train", "validation")}


def merge_duplicates(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One document per ``id`` (the first row's fields, in its order), ``outputs`` every row's ``output``."""
    kept: dict[Any, dict[str, Any]] = {}
    for row in rows:
        if row["id"] in kept:
            kept[row["id"]]["outputs"].append(row["output"])
            continue
        doc = {k: v for k, v in row.items() if k != "output"}
        doc["outputs"] = [row["output"]]
        kept[row["id"]] = doc
    return list(kept.values())


def with_query(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The query (before the first blank line of ``input``) and the text (after it)."""
    text = doc["input"]
    split = text.find("\n\n")
    return {"id": doc["id"], "pid": doc["pid"], "input": text, "outputs": doc["outputs"],
            "question": text[0:split], "text": text[split + 2:]}


def normalize_answer(text: str) -> str:
    """SQuAD's normalisation: lower case, no punctuation, no articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in string.punctuation)
    return " ".join(_ARTICLES.sub(" ", text).split())


def qasper(doc: Mapping[str, Any]) -> dict[str, Any]:
    out = with_query(doc)
    out["is_yes_no"] = all(normalize_answer(o) in ("yes", "no") for o in doc["outputs"])
    return out


def quality(doc: Mapping[str, Any]) -> dict[str, Any]:
    out = with_query(doc)
    split = out["text"].find("\n\n", out["text"].find("(D)"))
    choices_text = out["text"][:split]
    out["text"] = out["text"][split:].strip()
    out["choices"] = [" ".join(c.split()).strip() for c in _CHOICE.split(choices_text)[1:]]
    out["gold"] = out["choices"].index(" ".join(out["outputs"][0].split()).strip())
    return out


CONTRACT_NLI_CHOICES = ["Not mentioned", "Entailment", "Contradiction"]


def contract_nli(doc: Mapping[str, Any]) -> dict[str, Any]:
    out = with_query(doc)
    out["choices"] = list(CONTRACT_NLI_CHOICES)
    out["gold"] = CONTRACT_NLI_CHOICES.index(doc["outputs"][0])
    return out
