"""GraphWalks (OpenAI's ``openai/graphwalks``) as lm-eval 0.4.13's ``graphwalks`` folder has it:
the documents of one parquet file, and the set F1 of the nodes the answer lists.

The answer's nodes are read from ``Final Answer: [a, b, ...]``: on the last line only for ``f1``,
on the last line that has it for ``flexible_f1``; items stripped of spaces and quotes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.errors import UsageError
from lmeval.tasks import data as datamod

DATASET = "openai/graphwalks"
_FINAL = re.compile(r"Final Answer:\s*\[(.*)\]")


def load_dataset(**kwargs: Any) -> dict[str, Any]:
    """``{"train": rows of dataset_kwargs' data_file}``."""
    data_file = kwargs.get("data_file")
    if not data_file:
        raise UsageError("graphwalks: data_file must be specified in dataset_kwargs")
    splits = datamod.load_splits(DATASET, None, {"data_files": data_file})
    return {"train": datamod.get_split(splits, "train", dataset=DATASET)}


def _nodes(match: re.Match[str]) -> list[str]:
    content = match.group(1)
    if not content.strip():
        return []
    return [item.strip().strip("'\"") for item in content.split(",") if item.strip()]


def extract_answer_list(response: str) -> tuple[list[str], bool]:
    """The nodes of the last line's ``Final Answer: [...]``; ``(nodes, failed)``."""
    line = response.rstrip("\n").split("\n")[-1]
    if "Final Answer:" not in line:
        return [], True
    match = _FINAL.search(line)
    return (_nodes(match), False) if match else ([], True)


def extract_answer_list_flexible(response: str) -> tuple[list[str], bool]:
    """The nodes of the last line that has ``Final Answer: [...]``; ``(nodes, failed)``."""
    for line in reversed(response.rstrip("\n").split("\n")):
        match = _FINAL.search(line)
        if match:
            return _nodes(match), False
    return [], True


def _f1(predicted: set[str], truth: set[str]) -> float:
    overlap = len(predicted & truth)
    recall = overlap / len(truth) if truth else 0.0
    precision = overlap / len(predicted) if predicted else 0.0
    return 2 * (recall * precision) / (recall + precision) if (recall + precision) > 0 else 0.0


def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    response, truth = results[0], set(doc["answer_nodes"])
    return {"f1": _f1(set(extract_answer_list(response)[0]), truth),
            "flexible_f1": _f1(set(extract_answer_list_flexible(response)[0]), truth)}
