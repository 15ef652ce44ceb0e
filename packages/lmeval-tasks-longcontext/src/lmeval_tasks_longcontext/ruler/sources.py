"""The texts RULER's haystacks and questions come from, read where lm-eval 0.4.13 reads them:

* Paul Graham's essays: the Hub dataset ``baber/paul_graham_essays`` (``train``, column ``text``),
  through lmeval's data loader (the offline mirror ``$LMEVAL_DATASETS_DIR`` when it has it);
* SQuAD 2.0's dev set and HotpotQA's dev (distractor) set: the JSON files lm-eval downloads (the
  HotpotQA one pinned on the Hub), or their copies in the offline mirror
  (``$LMEVAL_DATASETS_DIR/<MIRRORED path>``).
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from functools import cache
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError
from lmeval.tasks import data as datamod

ESSAYS = "baber/paul_graham_essays"
SQUAD_URL = "https://rajpurkar.github.io/SQuAD-explorer/dataset/dev-v2.0.json"
HOTPOTQA_URL = ("https://huggingface.co/datasets/namlh2004/hotpotqa/resolve/"
                "7e54db4656209750ff487f6fdf8e39a66dba136b/hotpot_dev_distractor_v1.json")
#: URL -> its path in the offline mirror
MIRRORED = {SQUAD_URL: "rajpurkar/SQuAD-explorer/dev-v2.0.json",
            HOTPOTQA_URL: "namlh2004/hotpotqa/hotpot_dev_distractor_v1.json"}
REPEAT = "The grass is green. The sky is blue. The sun is yellow. Here we go. There and back again."
NEEDLE = "One of the special magic {type_needle_v} for {key} is: {value}."


@cache
def essay_words() -> tuple[str, ...]:
    """The essays joined, white space runs made one space, split at spaces."""
    splits = datamod.load_splits(ESSAYS)
    rows = datamod.get_split(splits, "train", dataset=ESSAYS)
    text = " ".join(row["text"] for row in rows)
    return tuple(re.sub(r"\s+", " ", text).split(" "))


def haystack(kind: str) -> Any:
    """``essay``: the essays' words; ``repeat``: the noise sentences; ``needle``: the needle template."""
    if kind == "essay":
        return list(essay_words())
    if kind == "repeat":
        return REPEAT
    if kind == "needle":
        return NEEDLE
    raise ValueError(f"unknown haystack {kind!r}")


@cache
def read_json(url: str) -> Any:
    root = os.environ.get(datamod.MIRROR_ENV)
    if root:
        local = Path(root, MIRRORED[url])
        if local.is_file():
            return json.loads(local.read_text(encoding="utf-8"))
    try:
        with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310 - fixed https URLs
            return json.loads(response.read().decode("utf-8"))
    except OSError as exc:
        raise UsageError(f"RULER: cannot download {url} ({exc}); or put a copy at "
                         f"${datamod.MIRROR_ENV}/{MIRRORED[url]}") from None


@cache
def squad() -> tuple[list[dict], list[str]]:
    """SQuAD 2.0 dev's answerable questions, each with its paragraph and its article's other
    paragraphs (as indexes into the sorted distinct paragraphs), and those paragraphs."""
    data = read_json(SQUAD_URL)["data"]
    docs = sorted({p["context"] for article in data for p in article["paragraphs"]})
    index = {text: i for i, text in enumerate(docs)}
    qas = []
    for article in data:
        siblings = [index[p["context"]] for p in article["paragraphs"]]
        for paragraph in article["paragraphs"]:
            own = index[paragraph["context"]]
            for qa in paragraph["qas"]:
                if not qa["is_impossible"]:
                    qas.append({"query": qa["question"], "outputs": [a["text"] for a in qa["answers"]],
                                "context": [own], "more_context": [i for i in siblings if i != own]})
    return qas, docs


@cache
def hotpotqa() -> tuple[list[dict], list[str]]:
    """HotpotQA dev (distractor): each question with its ten paragraphs (``title\\ntext``)."""
    data = read_json(HOTPOTQA_URL)
    docs = sorted({f"{title}\n{''.join(sentences)}" for item in data for title, sentences in item["context"]})
    index = {text: i for i, text in enumerate(docs)}
    qas = [{"query": item["question"], "outputs": [item["answer"]],
            "context": [index[f"{t}\n{''.join(s)}"] for t, s in item["context"]]} for item in data]
    return qas, docs
