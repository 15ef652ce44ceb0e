"""Checks of each evaluation document before requests are built from it.

A document whose gold index is outside its choices, whose choice list is empty, or whose
target has the wrong type would be scored silently wrong (lm-eval counts such a gold as -100:
never correct) or crash halfway through scoring. ``lmeval run`` refuses it before the model
is called; ``lmeval validate`` lists every such document when the data is local.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from lmeval.errors import ConfigError, LmevalError
from lmeval.run.timelimit import ENV, CodeTimeout, TimeLimit, limit_seconds

if TYPE_CHECKING:
    from lmeval.tasks.task import Task


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _kind(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def _gold_problem(gold: Any, choices: Sequence[Any], field: str,
                  notes: DocumentNotes | None = None) -> tuple[str, str] | None:
    n = len(choices)
    if isinstance(gold, list):
        if not gold:
            return field, "the list of gold indices is empty"
        for g in gold:
            found = _gold_problem(g, choices, field, notes)
            if found is not None:
                return found
            if isinstance(g, str):
                return field, f"a list of golds must hold choice indices, got the string {g!r}"
        return None
    if isinstance(gold, int):  # bool too, as lm-eval: True is index 1 (with a warning)
        if isinstance(gold, bool) and notes is not None:
            notes.bool_gold(field, gold)
        if 0 <= gold < n:
            return None
        return field, f"gold index {gold} is outside the {n} choices (0..{n - 1})"
    if isinstance(gold, str):
        if gold in choices:
            return None
        return field, f"gold {gold!r} is not one of the {n} choices {_short(list(choices))}"
    return field, (f"the gold must be a choice index, a choice or a list of indices, got "
                   f"{_kind(gold)} {_short(gold)}")


class DocumentNotes:
    """What lm-eval takes silently but is likely a mistake, counted over one task's documents:
    a gold written as a bool (``true`` is index 1), a choice written twice in one document (the
    model cannot tell the two apart, and lm-eval's argmax takes the first). Warnings, not errors:
    lm-eval scores such documents the same way, and real benchmarks hold a few of them."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self.doc_id = 0
        self.bools: list[int] = []
        self.bool_field = "doc_to_target"
        self.twice: list[tuple[int, str, int, int]] = []  # doc, choice, first index, again
        self.unreachable = 0  # ... whose gold is the later copy: never counted correct

    def bool_gold(self, field: str, value: bool) -> None:
        if not self.bools or self.bools[-1] != self.doc_id:
            self.bools.append(self.doc_id)
        self.bool_field = field

    def choices(self, choices: Sequence[str], gold: Any) -> None:
        if len(set(choices)) == len(choices):
            return
        seen: dict[str, int] = {}
        for i, choice in enumerate(choices):
            if choice in seen:
                self.twice.append((self.doc_id, choice, seen[choice], i))
                golds = gold if isinstance(gold, list) else [gold]
                later = {j for j, c in enumerate(choices) if c in seen and j != seen[c]}
                if any(isinstance(g, int) and g in later for g in golds):
                    self.unreachable += 1
                return
            seen[choice] = i

    def lines(self) -> list[str]:
        """One warning line per kind, naming the task's file, the first document and the count."""
        out: list[str] = []
        task, where_ = self.task, where(self.task)
        if self.bools:
            first = self.bools[0]
            out.append(task._error(self.bool_field, (
                f"warning: task {task.name!r}: the gold of {len(self.bools)} document(s) is a "
                f"bool (first: document {first}, {where_}); true is taken as choice index 1 and "
                "false as 0, as lm-eval does (a bool is an int in Python): write the index or "
                "the choice to say which")).located())
        if self.twice:
            doc_id, choice, a, b = self.twice[0]
            never = (f"; in {self.unreachable} the gold is the later copy and can never be "
                     "counted correct") if self.unreachable else ""
            out.append(task._error("doc_to_choice", (
                f"warning: task {task.name!r}: {len(self.twice)} document(s) list the same "
                f"choice twice (first: document {doc_id}, choices {a} and {b} are both "
                f"{_short(choice, 40)}, {where_}); the model cannot tell them apart and acc "
                f"counts the first, as lm-eval does{never}")).located())
        return out


def document_problem(task: Task, doc: dict,
                     notes: DocumentNotes | None = None) -> tuple[str, str] | None:
    """``(field, what is wrong)`` for a document that cannot be scored right, else ``None``;
    what is only suspicious goes to ``notes``."""
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
            gold = task.doc_to_text(doc)
            found = _gold_problem(gold, choices, "doc_to_text", notes)
        else:
            gold = task.doc_to_target(doc)
            if isinstance(gold, list) and not task.multiple_target:
                return "doc_to_target", ("the target is a list, but the first document's is not "
                                         "(a task has one gold or a list of golds in every document)")
            found = _gold_problem(gold, choices, "doc_to_target", notes)
        if found is None and notes is not None:
            notes.choices(choices, gold)
        return found
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


def check_document(task: Task, doc_id: int, doc: dict, notes: DocumentNotes | None = None) -> None:
    """Raise :func:`document_error` when ``doc`` cannot be scored right."""
    if notes is not None:
        notes.doc_id = doc_id
    found = document_problem(task, doc, notes)
    if found is not None:
        raise document_error(task, doc_id, *found)


def render_fields(task: Task, doc: dict) -> None:
    """Render what a prompt is made of (text, target, choices, description, prefix, the image
    column) without building it: the check of a run whose prompts need the model's chat
    template, which only exists once the model is loaded."""
    task.doc_to_text(doc)
    task.doc_to_target(doc)
    if task.config.doc_to_choice is not None:
        task.doc_to_choice(doc)
    task._field(doc, task.config.description)
    task.doc_to_prefix(doc)
    if task.config.doc_to_image is not None and task.doc_to_image(doc) is None:
        raise task._error("doc_to_image", "the document has no image (doc_to_image gave None)")


#: the fields a document is rendered through (named by the innermost in a traceback)
RENDERED = ("doc_to_text", "doc_to_target", "doc_to_choice", "doc_to_image", "doc_to_prefix",
            "description")
_TASK_METHODS = (*RENDERED, "_field", "doc_media")
_AS_FIELD = {"_field": "description", "doc_media": "doc_to_image"}  # method -> the field it renders


def timed_out(task: Task, doc_ids: list[int]) -> Callable[[CodeTimeout], ConfigError]:
    """The error of a document whose rendering ran past the time limit: its task file, the
    field being rendered, the document (``doc_ids[0]``, kept current by the caller) and where
    the code stopped."""
    def error(exc: CodeTimeout) -> ConfigError:
        method = exc.field(_TASK_METHODS)
        field = _AS_FIELD.get(method, method) if method else "doc_to_text"
        stopped = exc.where()
        return document_error(task, doc_ids[0], field, (
            f"rendering the document {exc} (an endless loop in a template or !function?)"
            + (f"; stopped at {stopped}" if stopped else "")
            + f"; {ENV} sets the limit"))

    return error


def in_document(task: Task, doc_id: int, exc: BaseException) -> BaseException:
    """What to raise for ``exc``, raised while document ``doc_id`` was rendered or checked:
    a template or task-code error becomes one line naming the document and the field; an error
    that already says where it is (a ``!function`` import, a document error) is kept."""
    found = _problem_of(exc)
    return exc if found is None else document_error(task, doc_id, *found)


def _problem_of(exc: BaseException) -> tuple[str, str] | None:
    """``(field, message)`` of an error raised by rendering a document, or None when the error
    is not about the document."""
    if isinstance(exc, ConfigError):
        if exc.field in RENDERED and "document " not in exc.message:
            return exc.field, exc.message
        return None
    if not isinstance(exc, Exception) or isinstance(exc, LmevalError):
        return None
    field, tb = "doc_to_text", exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_name
        if name in _TASK_METHODS:
            field = _AS_FIELD.get(name, name)
        tb = tb.tb_next
    return field, f"{type(exc).__name__}: {exc}"


def document_problems(task: Task, notes: DocumentNotes | None = None,
                      ) -> list[tuple[int, str, str]]:
    """``(doc_id, field, message)`` for every bad evaluation document of ``task``, each
    rendered under the time limit of :mod:`lmeval.run.timelimit`."""
    out: list[tuple[int, str, str]] = []
    current = [0]
    docs = task.eval_docs  # process_docs has its own, longer limit
    with TimeLimit(limit_seconds(), timed_out(task, current)) as limit:
        for doc_id, doc in enumerate(docs):
            current[0] = doc_id
            limit.restart()
            if notes is not None:
                notes.doc_id = doc_id
            try:
                task.doc_to_text(doc)
                found = document_problem(task, doc, notes)
            except Exception as exc:  # the task's own code: reported per document
                found = _problem_of(exc)
                if found is None:
                    raise
            if found is not None:
                out.append((doc_id, *found))
    return out


def located_document_problems(task: Task, limit: int = 5,
                              notes: DocumentNotes | None = None) -> list[str]:
    """``lmeval validate``'s lines for the bad documents of ``task``: the first ``limit``, then
    a count of the rest."""
    lines: list[str] = []
    extra = 0
    for doc_id, field, message in document_problems(task, notes):
        if len(lines) < limit:
            lines.append(document_error(task, doc_id, field, message).located())
        else:
            extra += 1
    if extra:
        lines.append(task._error(None, f"task {task.name!r}: {extra} more bad document(s) "
                                       f"({where(task)})").located())
    return lines
