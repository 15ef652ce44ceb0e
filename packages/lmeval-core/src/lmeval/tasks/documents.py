"""Checks of each evaluation document before requests are built from it.

A document whose gold index is outside its choices, whose choice list is empty, or whose
target has the wrong type would be scored silently wrong (lm-eval counts such a gold as -100:
never correct) or crash halfway through scoring. ``lmeval run`` refuses it before the model
is called; ``lmeval validate`` lists every such document when the data is local.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from lmeval.errors import ConfigError

if TYPE_CHECKING:
    from lmeval.tasks.task import Task


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _kind(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def _gold_problem(gold: Any, choices: Sequence[Any], field: str) -> tuple[str, str] | None:
    n = len(choices)
    if isinstance(gold, list):
        if not gold:
            return field, "the list of gold indices is empty"
        for g in gold:
            found = _gold_problem(g, choices, field)
            if found is not None:
                return found
            if isinstance(g, str):
                return field, f"a list of golds must hold choice indices, got the string {g!r}"
        return None
    if isinstance(gold, int):  # bool too, as lm-eval: True is index 1
        if 0 <= gold < n:
            return None
        return field, f"gold index {gold} is outside the {n} choices (0..{n - 1})"
    if isinstance(gold, str):
        if gold in choices:
            return None
        return field, f"gold {gold!r} is not one of the {n} choices {_short(list(choices))}"
    return field, (f"the gold must be a choice index, a choice or a list of indices, got "
                   f"{_kind(gold)} {_short(gold)}")


def document_problem(task: Task, doc: dict) -> tuple[str, str] | None:
    """``(field, what is wrong)`` for a document that cannot be scored right, else ``None``."""
    kind = task.output_type
    # the task's own process_results (or --predict_only) reads the gold itself
    custom_scoring = task.config.process_results is not None or "bypass" in task.metric_fns
    if kind == "multiple_choice":
        choices = task.doc_to_choice(doc)
        if not isinstance(choices, (list, tuple)):
            return "doc_to_choice", f"the choices must be a list, got {_kind(choices)} {_short(choices)}"
        if not choices:
            return "doc_to_choice", "the choice list is empty"
        for i, choice in enumerate(choices):
            if not isinstance(choice, str):
                return "doc_to_choice", (f"choice {i} is {_kind(choice)} {_short(choice)}, "
                                         "not a string")
        if custom_scoring:
            return None
        if task.multiple_input:
            return _gold_problem(task.doc_to_text(doc), choices, "doc_to_text")
        gold = task.doc_to_target(doc)
        if isinstance(gold, list) and not task.multiple_target:
            return "doc_to_target", ("the target is a list, but the first document's is not "
                                     "(a task has one gold or a list of golds in every document)")
        return _gold_problem(gold, choices, "doc_to_target")
    if kind in ("loglikelihood", "loglikelihood_rolling"):
        target = task.doc_to_target(doc)
        if not isinstance(target, str):
            return "doc_to_target", (f"the target must be the text to score (a string), got "
                                     f"{_kind(target)} {_short(target)}")
        return None
    if kind == "generate_until" and not custom_scoring:
        target = task.doc_to_target(doc)
        if task.config.doc_to_choice is not None:
            choices = task.doc_to_choice(doc)
            if not isinstance(choices, (list, tuple)) or not choices:
                return "doc_to_choice", f"the choices must be a non-empty list, got {_short(choices)}"
            if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < len(choices):
                return "doc_to_target", (f"with doc_to_choice the target must be an index "
                                         f"0..{len(choices) - 1}, got {_kind(target)} {_short(target)}")
            return None
        if task.multiple_target and not isinstance(target, list):
            return "doc_to_target", (f"the first document's target is a list, this one is "
                                     f"{_kind(target)} {_short(target)}")
        if not task.multiple_target and isinstance(target, list):
            return "doc_to_target", ("the target is a list, but the first document's is not "
                                     "(a task has one gold or a list of golds in every document)")
        values = target if isinstance(target, list) else [target]
        for value in values:
            if value is None or isinstance(value, (dict, list, tuple, set)):
                return "doc_to_target", (f"the target must be a string or a number, got "
                                         f"{_kind(value)} {_short(value)}")
    return None


def where(task: Task) -> str:
    """The evaluation data of ``task`` in words: ``split 'test' of data/x.jsonl``."""
    cfg = task.config
    split = cfg.test_split or cfg.validation_split
    source = str(cfg.dataset_path or "custom_dataset")
    files = (cfg.dataset_kwargs or {}).get("data_files") if isinstance(cfg.dataset_kwargs, dict) else None
    if isinstance(files, dict) and split in files:
        files = files[split]
    if isinstance(files, str):
        source = files
    elif isinstance(files, list) and files and all(isinstance(f, str) for f in files):
        source = ", ".join(files)
    elif cfg.dataset_name:
        source += f" ({cfg.dataset_name})"
    return f"split {split!r} of {source}"


def document_error(task: Task, doc_id: int, field: str, message: str) -> ConfigError:
    """One error naming the task file, the field, the task, the document and the data."""
    return task._error(field, f"task {task.name!r}, document {doc_id} ({where(task)}): {message}")


def check_document(task: Task, doc_id: int, doc: dict) -> None:
    """Raise :func:`document_error` when ``doc`` cannot be scored right."""
    found = document_problem(task, doc)
    if found is not None:
        raise document_error(task, doc_id, *found)


def document_problems(task: Task) -> Iterator[tuple[int, str, str]]:
    """``(doc_id, field, message)`` for every bad evaluation document of ``task``."""
    for doc_id, doc in enumerate(task.eval_docs):
        found = document_problem(task, doc)
        if found is not None:
            yield (doc_id, *found)


def located_document_problems(task: Task, limit: int = 5) -> list[str]:
    """``lmeval validate``'s lines for the bad documents of ``task``: the first ``limit``, then
    a count of the rest."""
    lines: list[str] = []
    extra = 0
    for doc_id, field, message in document_problems(task):
        if len(lines) < limit:
            lines.append(document_error(task, doc_id, field, message).located())
        else:
            extra += 1
    if extra:
        lines.append(task._error(None, f"task {task.name!r}: {extra} more bad document(s) "
                                       f"({where(task)})").located())
    return lines
