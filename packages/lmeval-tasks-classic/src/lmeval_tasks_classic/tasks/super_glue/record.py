"""ReCoRD: the passage with its highlights as a bulleted list, each entity filled into the
query's @placeholder as a choice; the most likely entity scored against the gold answers with
SQuAD's exact match and token F1 (best over golds)."""

from __future__ import annotations

from typing import Any

from lmeval_tasks_classic.squad_v2 import exact, f1


def _format_answer(query: str, entity: str) -> str:
    return f"  - {query}".replace("@placeholder", entity)


def doc_to_text(doc: dict) -> str:
    initial, *highlights = doc["passage"].strip().split("\n@highlight\n")
    return initial + "\n\n" + "".join(f"  - {h}.\n" for h in highlights)


def doc_to_target(doc: dict) -> str:
    return _format_answer(doc["query"], doc["answers"][0])  # the first gold entity only


def doc_to_choice(doc: dict) -> list[str]:
    return [_format_answer(doc["query"], entity) for entity in doc["entities"]]


def _dedup(doc: dict) -> dict:
    return {"passage": doc["passage"], "query": doc["query"],
            "entities": sorted(set(doc["entities"])), "answers": sorted(set(doc["answers"]))}


def process_docs(dataset: Any) -> Any:
    """Entities and answers sorted, without repeats (a Dataset or a list of documents)."""
    if hasattr(dataset, "map"):
        return dataset.map(_dedup)
    return [{**doc, **_dedup(doc)} for doc in dataset]


def process_results(doc: dict, results: list) -> dict[str, float]:
    lls = [result[0] for result in results]
    prediction = doc["entities"][lls.index(max(lls))]
    return {"f1": max(f1(gold, prediction) for gold in doc["answers"]),
            "em": max(exact(gold, prediction) for gold in doc["answers"])}
