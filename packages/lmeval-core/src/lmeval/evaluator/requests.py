"""The requests phase: tasks configured for the run, their documents chosen, their requests
built (or read from ``--cache_requests``), then answered through the scheduler."""

from __future__ import annotations

import json
import logging
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from lmeval.errors import LmevalError, UsageError
from lmeval.evaluator.config import RunConfig
from lmeval.evaluator.table import RequestTable
from lmeval.protocol import LM, Request
from lmeval.run.cache import RequestCache, ResponseCache
from lmeval.run.scheduler import Scheduler
from lmeval.run.timelimit import TimeLimit, limit_seconds
from lmeval.tasks import documents
from lmeval.tasks.loader import Group, Node
from lmeval.tasks.task import Instance, Task

log = logging.getLogger("lmeval")

#: A task's requests: the document ids chosen, and their instances in document order (a
#: :class:`~lmeval.evaluator.table.RequestTable` in a run: the same read as a sequence).
Built = tuple[list[int], Sequence[Instance]]


def flatten(nodes: Iterable[Node]) -> tuple[list[Task], list[Group]]:
    """The leaf tasks (each once, in order) and the groups of a loaded task tree."""
    tasks: list[Task] = []
    groups: list[Group] = []

    def visit(node: Node) -> None:
        if isinstance(node, Group):
            groups.append(node)
            for child in node.children:
                visit(child)
        elif node not in tasks:
            tasks.append(node)

    for node in nodes:
        visit(node)
    return tasks, groups


def configure(task: Task, config: RunConfig) -> None:
    """Apply the run's options to one task: ``--num_fewshot``, ``--gen_kwargs``,
    ``--predict_only``, the few-shot seed; refuse unsafe code unless confirmed."""
    cfg = task.config
    num_fewshot = config.num_fewshot
    if cfg.unsafe_code and not config.confirm_run_unsafe_code:
        raise UsageError(f"task {task.name!r} executes model-generated code (unsafe_code: true); "
                         f"rerun with --confirm_run_unsafe_code to allow it")
    if num_fewshot is not None and cfg.num_fewshot == 0 and num_fewshot != 0:
        log.warning("%s: num_fewshot is 0 in its config; --num_fewshot %d does not apply to it "
                    "(as in lm-eval)", task.name, num_fewshot)
    elif num_fewshot is not None:
        cfg.num_fewshot = num_fewshot
    if config.gen_kwargs and task.output_type == "generate_until":
        cfg.generation_kwargs = {**(cfg.generation_kwargs or {}), **config.gen_kwargs}
    if config.predict_only:  # as lm-eval's override_metric: the task's own scoring does not run
        cfg.metric_list = [{"metric": "bypass"}]
        cfg.process_results = None
        task.metric_fns = {"bypass": task.plugins.metrics.get("bypass").load()}
        task.metric_kwargs = {"bypass": {}}
        task.aggregations = {"bypass": task.plugins.aggregations.get("bypass").load()
                             if "bypass" in task.plugins.aggregations else
                             task.plugins.aggregations.get("mean").load()}
        task.higher_is_better = {"bypass": True}
    task.fewshot_seed = config.fewshot_random_seed
    task.check()


def doc_ids(task: Task, limit: float | None, samples: Sequence[int] | None) -> list[int]:
    """The documents a run evaluates: ``--samples`` indices, the first ``--limit``, or all."""
    n = len(task.eval_docs)
    if samples is not None:
        bad = [s for s in samples if not 0 <= s < n]
        if bad:
            raise UsageError(f"--samples for {task.name}: indices {bad} outside 0..{n - 1}")
        return sorted(samples)
    if limit is None:
        return list(range(n))
    count = int(math.ceil(n * limit)) if 0 < limit < 1 else int(limit)
    return list(range(min(n, count)))


def build_instances(task: Task, *, limit: float | None = None, samples: Sequence[int] | None = None,
                    chat_template: Callable[..., str] | None = None, fewshot_as_multiturn: bool = False,
                    system_instruction: str | None = None,
                    notes: documents.DocumentNotes | None = None, compact: bool = False) -> Built:
    """The requests of every selected document of ``task``, in document order; each document
    checked, and rendered under the time limit of :mod:`lmeval.run.timelimit`. ``compact``:
    held as a :class:`~lmeval.evaluator.table.RequestTable`, not a list of instances."""
    docs = task.eval_docs
    ids = doc_ids(task, limit, samples)
    shots = task.config.num_fewshot or 0
    repeats = task.config.repeats or 1
    table = RequestTable(task.name, repeats,
                         in_doc_order=all(a < b for a, b in zip(ids, ids[1:], strict=False)))
    current = [0]
    with TimeLimit(limit_seconds(), documents.timed_out(task, current)) as timer:
        for doc_id in ids:
            current[0] = doc_id
            timer.restart()
            doc = docs[doc_id]
            with _located(task, doc_id):
                # a bad gold or choice list: an error, not a score
                documents.check_document(task, doc_id, doc, notes)
                ctx = task.fewshot_context(doc, shots, system_instruction=system_instruction,
                                           chat_template=chat_template,
                                           fewshot_as_multiturn=fewshot_as_multiturn,
                                           gen_prefix=task.doc_to_prefix(doc))
                made = task.construct_requests(doc, ctx, chat=chat_template is not None)
            for idx, request in enumerate(made):
                table.append(doc_id, idx, request)
    return ids, (table if compact else list(table))


def check_rendered(task: Task, ids: Sequence[int], notes: documents.DocumentNotes) -> None:
    """Each document of ``ids`` rendered field by field and checked, under the time limit: the
    check of a run whose prompts are built after the model loads."""
    docs = task.eval_docs
    current = [0]
    with TimeLimit(limit_seconds(), documents.timed_out(task, current)) as timer:
        for doc_id in ids:
            current[0] = doc_id
            timer.restart()
            doc = docs[doc_id]
            with _located(task, doc_id):
                documents.render_fields(task, doc)
                documents.check_document(task, doc_id, doc, notes)


@contextmanager
def _located(task: Task, doc_id: int) -> Iterator[None]:
    """An error raised inside becomes the located one of :func:`documents.in_document` (task file,
    field, document index), unless it already is."""
    try:
        yield
    except Exception as exc:
        error = documents.in_document(task, doc_id, exc)
        if error is exc:
            raise
        raise error from exc


def prepare(tasks: Sequence[Task], config: RunConfig) -> dict[str, Built]:
    """Before the model loads: every document the run evaluates, of every task, rendered and
    checked (one error naming the task file, the document and the field), and the warnings of
    :class:`~lmeval.tasks.documents.DocumentNotes` printed.

    Without a chat template the requests are built here, once, and used as they are after the
    model loads (returned by task name). A chat template comes with the model and
    ``--cache_requests true`` may skip building: then each document's fields are rendered and
    checked here, and the requests built (or read) after the model loads."""
    built: dict[str, Built] = {}
    later = bool(config.apply_chat_template) or str(config.cache_requests).lower() in ("true", "1")
    for task in tasks:
        notes = documents.DocumentNotes(task)
        samples = config.samples_of(task.name)
        try:
            if later:
                check_rendered(task, doc_ids(task, config.limit, samples), notes)
            else:
                built[task.name] = build_instances(
                    task, limit=config.limit, samples=samples,
                    fewshot_as_multiturn=config.fewshot_as_multiturn,
                    system_instruction=config.system_instruction, notes=notes, compact=True)
        except LmevalError:
            raise
        except Exception as exc:  # the task's own code (process_docs, samplers ...) raised
            raise task._error(None, f"building the task's requests failed: "
                                    f"{type(exc).__name__}: {exc}") from exc
        for line in notes.lines():
            print(f"lmeval: {line}", file=sys.stderr)
    return built


def build_requests(tasks: Sequence[Task], config: RunConfig, lm: LM,
                   chat: Callable[..., str] | None,
                   prepared: dict[str, Built] | None = None) -> dict[str, Built]:
    """Every task's requests: ``prepared`` ones (see :func:`prepare`), else read from or
    written to the request cache when one is asked for, else built now."""
    built: dict[str, Built] = {}
    request_cache = RequestCache.from_option(config.cache_requests)
    for t in tasks:
        samples = config.samples_of(t.name)
        key = request_cache.key(t, limit=config.limit, samples=samples,
                                chat=lm.chat_template if chat else None,
                                multiturn=config.fewshot_as_multiturn,
                                system=config.system_instruction,
                                tokenizer=lm.tokenizer_name) if request_cache else ""
        if prepared and t.name in prepared:
            built[t.name] = prepared[t.name]
            if request_cache:
                request_cache.save(key, built[t.name])
            continue
        cached_requests = request_cache.load(key) if request_cache else None
        if cached_requests is not None:
            built[t.name] = cached_requests
            continue
        try:
            built[t.name] = build_instances(t, limit=config.limit, samples=samples,
                                            chat_template=chat,
                                            fewshot_as_multiturn=config.fewshot_as_multiturn,
                                            system_instruction=config.system_instruction,
                                            compact=True)
            if request_cache:
                request_cache.save(key, built[t.name])
        except LmevalError:
            raise
        except Exception as exc:  # the task's own code (process_docs, doc_to_* functions) raised
            raise t._error(None, f"building the task's requests failed: {type(exc).__name__}: {exc}") from exc
    return built


def answer(lm: LM, built: dict[str, Built], config: RunConfig) -> Scheduler:
    """Run every request (each repeat) through the scheduler and the response cache; each
    instance's ``resps`` gets its answers. Returns the scheduler (its ``stats``)."""
    cache = ResponseCache(config.use_cache, lm.identity()) if config.use_cache else None
    scheduler = Scheduler(lm, cache, seed=config.random_seed, progress=config.progress)
    calls = _Calls(built)
    try:
        answers = scheduler.answer(calls)
    finally:
        if not isinstance(config.model, LM):
            lm.close()  # engines we started (vLLM, Ray actors) are stopped; a caller's LM stays open
    offset = 0
    for _ids, instances in built.values():
        if isinstance(instances, RequestTable):
            offset = instances.answered(answers, offset)
            continue
        for inst in instances:
            inst.resps.extend(answers[offset:offset + inst.repeats])
            offset += inst.repeats
    if cache is not None:
        cache.close()
    return scheduler


class _Calls:
    """Every instance's ``(request, repeat)`` pairs in order, made as they are iterated: a run
    of a million requests does not hold a second list of them."""

    def __init__(self, built: dict[str, Built]) -> None:
        self.built = built

    def __iter__(self) -> Iterator[tuple[Request, int]]:
        for _ids, instances in self.built.values():
            if isinstance(instances, RequestTable):
                for request in instances.requests:
                    for rep in range(instances.repeats):
                        yield request, rep
                continue
            for inst in instances:
                for rep in range(inst.repeats):
                    yield inst.request, rep

    def __len__(self) -> int:
        return sum(len(instances) * instances.repeats if isinstance(instances, RequestTable)
                   else sum(inst.repeats for inst in instances)
                   for _ids, instances in self.built.values())


def show_prompts(tasks: Sequence[Task], built: dict[str, Built], n: int = 1) -> None:
    """Print the first documents' prompts exactly as the model will see them."""
    out = sys.stdout
    for task in tasks:
        ids, instances = built[task.name]
        for doc_id in ids[:n]:
            out.write(f"### {task.name} doc {doc_id}\n")
            for inst in (i for i in instances if i.doc_id == doc_id):
                args = inst.request.args
                out.write(f"--- request {inst.idx} ({inst.request.kind.value})\n")
                for arg in args:
                    out.write(f"{arg if isinstance(arg, str) else json.dumps(arg, ensure_ascii=False, default=str)}\n")
                    out.write("<<< end\n")
        out.flush()
