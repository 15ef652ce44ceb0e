"""A configured task: documents → prompts → requests → per-document metrics, as lm-eval does."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lmeval import media
from lmeval.errors import ConfigError, UsageError, did_you_mean
from lmeval.media import Media
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, Request, RollingRequest
from lmeval.tasks import data as datamod
from lmeval.tasks import templates
from lmeval.tasks.config import TaskConfig, fail
from lmeval.tasks.prompts import Turn, qa_turns, render_turns
from lmeval.tasks.yamlio import FunctionRef

if TYPE_CHECKING:
    from lmeval.plugins import PluginManager


def _takes_references(fn: Any, kwargs: dict[str, Any]) -> bool:
    """Whether a generation metric is called as ``fn(references=, predictions=, **kwargs)``: lm-eval
    calls it so and, on a TypeError, as ``fn([gold, result])`` (a passthrough ``!function`` metric
    such as ``def rouge1(items): return items``). The signature decides here, so that a TypeError
    raised inside a metric is not taken for the other interface."""
    import inspect

    try:
        inspect.signature(fn).bind(references=[], predictions=[], **kwargs)
    except TypeError:
        return False
    except ValueError:  # no signature (a builtin): the keyword interface, as before
        return True
    return True


@dataclass(slots=True)  # no __dict__: a run holds one per request
class Instance:
    """One request of one document, and what became of it."""

    task_name: str
    doc_id: int
    idx: int
    request: Request
    repeats: int = 1
    resps: list[Any] = field(default_factory=list)
    filtered_resps: dict[str, Any] = field(default_factory=dict)

    @property
    def arguments(self) -> tuple[Any, ...]:
        return self.request.args


_NO_MEDIA = Media()  # frozen: one for every text request, not one per document


def _resolve(value: Any) -> Any:
    return value.resolve() if isinstance(value, FunctionRef) else value


def _resolve_deep(value: Any) -> Any:
    if isinstance(value, FunctionRef):
        return value.resolve()
    if isinstance(value, dict):
        return {k: _resolve_deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve_deep(v) for v in value]
    return value


def _argmax(values: Sequence[float]) -> int:
    """Index of the first maximum, as numpy.argmax: a NaN counts as the maximum (the first wins)."""
    best = 0
    for i, v in enumerate(values):
        if v != v:  # NaN
            return i
        if v > values[best]:
            best = i
    return best


def _per_unit(ll: float, units: int) -> float:
    """``ll / units`` with numpy's float division by zero: ±inf, or NaN for 0/0."""
    if units:
        return ll / units
    return math.inf if ll > 0 else -math.inf if ll < 0 else math.nan


def _softmax(values: Sequence[float]) -> list[float]:
    top = max(values)
    exps = [math.exp(v - top) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


class Task:
    """A task built from a :class:`TaskConfig`, with its documents loaded lazily."""

    def __init__(self, config: TaskConfig, *, plugins: PluginManager,
                 metadata: dict | None = None) -> None:
        self.config = config
        self.plugins = plugins
        self.name: str = config.task or "task"
        if metadata:
            config.metadata = {**(config.metadata or {}), **metadata}
        # lm-eval 0.4.13's ConfigurableTask.VERSION: "Yaml" unless metadata has a version
        self.version = (config.metadata or {}).get("version", "Yaml")
        self.output_type = config.output_type
        self._splits: dict[str, Any] | None = None
        self._eval_docs: Any = None
        self._fewshot_docs: Any = None
        self._sampler: Any = None
        self.fewshot_seed: int | None = 1234
        self.multiple_input = 0
        self.multiple_target = 0
        self._features: set[str] = set()
        self._fns: dict[str, Any] = {}
        self._setup_metrics()
        self._filters: list[Any] | None = None

    # -- config helpers -------------------------------------------------------------------
    def _fn(self, key: str, value: Any) -> Any:
        if isinstance(value, FunctionRef):
            if key not in self._fns:
                self._fns[key] = value.resolve()
            return self._fns[key]
        return value

    def _error(self, key: str | None, message: str) -> ConfigError:
        source = self.config.source
        if source is not None:
            return fail(source, key, message)
        return ConfigError(message, file=f"<task {self.name}>", field=key)

    @property
    def base_dir(self) -> Path | None:
        source = self.config.source
        file = getattr(source, "file", None)
        return Path(file).parent if file else None

    # -- metrics ---------------------------------------------------------------------------
    def _setup_metrics(self) -> None:
        from lmeval.metrics import DEFAULT_METRICS, hf_evaluate

        self.metric_fns: dict[str, Any] = {}
        self.metric_kwargs: dict[str, dict] = {}
        self.aggregations: dict[str, Any] = {}
        self.higher_is_better: dict[str, bool] = {}
        metrics = self.plugins.metrics
        aggregations = self.plugins.aggregations
        entries = self.config.metric_list
        if entries is None:
            entries = [{"metric": m} for m in DEFAULT_METRICS[self.output_type]]
        for entry in entries:
            name = _resolve(entry["metric"])
            kwargs = {k: v for k, v in entry.items()
                      if k not in ("metric", "aggregation", "higher_is_better", "hf_evaluate")}
            if callable(name):
                fn, name = name, name.__name__
                meta: dict[str, Any] = {}
            elif not isinstance(name, str) or not name.strip():
                kind = ("mapping" if isinstance(name, dict) else "list" if isinstance(name, list)
                        else type(name).__name__)
                raise self._error("metric_list", "`metric` must be a metric name or "
                                  f"!function module.fn, got {kind} {name!r}")
            elif self.config.process_results is not None and name not in metrics:
                fn, meta = None, {}
            elif hf_evaluate.comes_from_hf_evaluate(name, entry, metrics.names()):
                fn, meta = hf_evaluate.HFEvaluateMetric(name), {}  # loaded in the run's preflight
            else:
                if name not in metrics:
                    raise self._error("metric_list", metrics.unknown_message(name))
                registered = metrics.get(name)
                fn, meta = registered.load(), registered.meta
            self._check_metric_keywords(name, fn, meta, entry)
            self.metric_fns[name] = fn
            self.metric_kwargs[name] = kwargs
            agg = _resolve(entry.get("aggregation", meta.get("aggregation", "mean")))
            if isinstance(agg, str):
                if agg not in aggregations:
                    raise self._error("metric_list", aggregations.unknown_message(agg))
                self.aggregations[name] = aggregations.get(agg).load()
            else:
                self.aggregations[name] = agg
            self.higher_is_better[name] = bool(entry.get("higher_is_better",
                                                         meta.get("higher_is_better", True)))

    def _check_metric_keywords(self, name: str, fn: Any, meta: dict[str, Any], entry: dict) -> None:
        """An unknown keyword on a metric entry is an error at its line (it would change nothing)."""
        from lmeval.metrics.keywords import accepted_keywords, unknown_keyword

        if self.output_type == "generate_until" and self.config.process_results is None:
            accepted = accepted_keywords(fn, meta.get("keywords"))
        else:  # the task scores these itself: no keyword reaches a function (as in lm-eval)
            accepted = frozenset()
        found = unknown_keyword(name, entry, accepted)
        if found is not None:
            key, message = found
            raise fail(entry, key, message) if isinstance(entry, dict) and hasattr(entry, "lines") \
                else self._error("metric_list", message)

    def aggregation_name(self, metric: str) -> str:
        """The registered name of ``metric``'s aggregation. A task's own ``!function`` aggregation is
        named ``!function module.name``, never its bare ``__name__``: lm-eval bootstraps a stderr only
        for its built-in functions, matched by identity, so AfriQA's ``utils.f1`` gets "N/A" there and
        must not pass here for the built-in ``f1``."""
        fn = self.aggregations.get(metric)
        if fn is None:
            return "mean"
        aggregations = self.plugins.aggregations
        for entry in aggregations.entries():
            if entry.load() is fn:
                return entry.name
        return f"!function {getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"

    # -- documents --------------------------------------------------------------------------
    def splits(self) -> dict[str, Any]:
        if self._splits is None:
            cfg = self.config
            custom = self._fn("custom_dataset", cfg.custom_dataset)
            if callable(custom):
                self._splits = dict(custom(**(cfg.metadata or {}), **(cfg.dataset_kwargs or {})))
            else:
                loaders = {e.name: e.load() for e in self.plugins.dataset_loaders.entries()}
                base = [self.base_dir] if self.base_dir else []
                try:
                    self._splits = datamod.load_splits(cfg.dataset_path, cfg.dataset_name,
                                                       cfg.dataset_kwargs, loaders=loaders,
                                                       base_dirs=base)
                except datamod.DataFileError:
                    raise  # names the data file and its line, not the YAML
                except datamod.DatasetNameError as exc:
                    raise self._error("dataset_name", str(exc)) from None
                except UsageError as exc:
                    raise self._error("dataset_path", str(exc)) from None
        return self._splits

    def _split_docs(self, split: str, process: Any = None) -> Any:
        field_name = "test_split"
        for key in ("test_split", "validation_split", "training_split", "fewshot_split"):
            if getattr(self.config, key) == split:
                field_name = key
                break
        try:
            docs = datamod.get_split(self.splits(), split, dataset=str(self.config.dataset_path))
        except ConfigError:
            raise
        except UsageError as exc:
            raise self._error(field_name, str(exc)) from None
        process = self._fn("process_docs", process) if process is not None else None
        if not callable(process):
            return docs
        from lmeval.run.timelimit import ENV, TimeLimit, limit_seconds

        def timed_out(exc: Any) -> ConfigError:
            stopped = exc.where()
            return self._error("process_docs", f"process_docs on split {split!r} {exc} (an endless "
                               f"loop?){f'; stopped at {stopped}' if stopped else ''}; {ENV} "
                               "sets the limit (a whole split gets 10 times it)")

        with TimeLimit(limit_seconds(10), timed_out):
            return process(docs)

    @property
    def eval_docs(self) -> Any:
        if self._eval_docs is None:
            cfg = self.config
            split = cfg.test_split or cfg.validation_split
            self._eval_docs = self._split_docs(split, cfg.process_docs)
            if len(self._eval_docs) == 0:
                raise self._error("test_split" if cfg.test_split else "validation_split",
                                  f"split {split!r} has no documents")
            first = self._eval_docs[0]
            self._features = set(first.keys()) if isinstance(first, dict) else set()
            from lmeval.run.timelimit import TimeLimit, limit_seconds
            from lmeval.tasks.documents import timed_out

            with TimeLimit(limit_seconds(), timed_out(self, [0])):
                self._probe(first)
        return self._eval_docs

    def _probe(self, doc: dict) -> None:
        """Detect multiple-input and multiple-target tasks from the first document."""
        text = self.doc_to_text(doc)
        target = self.doc_to_target(doc)
        if self.config.doc_to_choice is not None and isinstance(text, int):
            self.multiple_input = len(self.doc_to_choice(doc))
        if isinstance(target, list):
            self.multiple_target = len(target)

    def fewshot_docs(self) -> Any:
        if self._fewshot_docs is None:
            fs = self.config.fewshot()
            if fs.split is not None:
                self._fewshot_docs = self._split_docs(fs.split, fs.process_docs)
            elif fs.samples is not None:
                samples = self._fn("fewshot_samples", fs.samples)
                self._fewshot_docs = samples() if callable(samples) else list(samples)
            elif self.config.training_split:
                self._fewshot_docs = self._split_docs(self.config.training_split, self.config.process_docs)
            elif self.config.validation_split:
                self._fewshot_docs = self._split_docs(self.config.validation_split, self.config.process_docs)
            else:
                self._fewshot_docs = self.eval_docs
        return self._fewshot_docs

    def sampler(self) -> Any:
        if self._sampler is None:
            fs = self.config.fewshot()
            sampler = fs.sampler
            if isinstance(sampler, str):
                if sampler not in self.plugins.samplers:
                    raise self._error("fewshot_config", self.plugins.samplers.unknown_message(sampler))
                factory = self.plugins.samplers.get(sampler).load()
            else:
                factory = _resolve(sampler)
            self._sampler = factory(list(self.fewshot_docs()), rnd=self.fewshot_seed,
                                    fewshot_indices=fs.fewshot_indices)
        return self._sampler

    # -- doc_to_* -------------------------------------------------------------------------------
    def _is_column(self, value: str) -> bool:
        if not self._features and self._eval_docs is None:
            _ = self.eval_docs
        return value in self._features

    def _template(self, key: str, template: str, doc: dict) -> str:
        try:
            return templates.render(template, doc)
        except Exception as exc:  # jinja2 errors: undefined names, syntax
            raise self._error(key, templates.describe_error(exc)) from None

    def doc_to_text(self, doc: dict, spec: Any = None) -> Any:
        spec = self.config.doc_to_text if spec is None else spec
        spec = self._fn("doc_to_text" if spec is self.config.doc_to_text else f"fs_text{id(spec)}", spec)
        if spec is None:
            return ""  # rolling tasks score only the target
        if isinstance(spec, int):
            return spec
        if isinstance(spec, str):
            if self._is_column(spec):
                return doc[spec]
            text = self._template("doc_to_text", spec, doc)
            if text.isdigit() and self.config.doc_to_choice is not None:
                return ast.literal_eval(text)
            return text
        if callable(spec):
            return spec(doc)
        raise self._error("doc_to_text", f"expected a string, template or !function, got {spec!r}")

    def doc_to_target(self, doc: dict, spec: Any = None) -> Any:
        spec = self.config.doc_to_target if spec is None else spec
        spec = self._fn("doc_to_target" if spec is self.config.doc_to_target else f"fs_target{id(spec)}", spec)
        if isinstance(spec, int) or isinstance(spec, list):
            return spec
        if isinstance(spec, str):
            if self._is_column(spec):
                return doc[spec]
            text = self._template("doc_to_target", spec, doc)
            if text.isdigit() and self.config.doc_to_choice is not None:
                return ast.literal_eval(text)
            if len(text) >= 2 and text[0] == "[" and text[-1] == "]":
                try:
                    return ast.literal_eval(text)
                except (SyntaxError, ValueError):
                    return text
            return text
        if callable(spec):
            return spec(doc)
        raise self._error("doc_to_target", f"expected a string, template or !function, got {spec!r}")

    def doc_to_choice(self, doc: dict, spec: Any = None) -> list[str]:
        spec = self.config.doc_to_choice if spec is None else spec
        spec = self._fn("doc_to_choice" if spec is self.config.doc_to_choice else f"fs_choice{id(spec)}", spec)
        if isinstance(spec, str):
            if self._is_column(spec):
                return doc[spec]
            rendered = self._template("doc_to_choice", spec, doc)
            try:
                return ast.literal_eval(rendered)
            except (SyntaxError, ValueError):
                raise self._error("doc_to_choice", f"template must render a Python list, got {rendered!r}") from None
        if isinstance(spec, list):
            return spec
        if isinstance(spec, dict):
            return list(spec.values())
        if callable(spec):
            return spec(doc)
        raise self._error("doc_to_choice", f"expected a column, template, list, dict or !function, got {spec!r}")

    def doc_to_image(self, doc: dict, spec: Any = None) -> Any:
        """lm-eval's ``doc_to_image``: a column, a template of a Python literal, a list of
        those (one image each), or a ``!function``; None when the task has no images."""
        spec = self.config.doc_to_image if spec is None else spec
        if spec is None:
            return None
        spec = self._fn("doc_to_image" if spec is self.config.doc_to_image else f"image{id(spec)}", spec)
        if isinstance(spec, list):
            return [self.doc_to_image(doc, item) for item in spec]
        if isinstance(spec, str):
            if self._is_column(spec):
                return doc[spec]
            rendered = self._template("doc_to_image", spec, doc)
            try:
                return ast.literal_eval(rendered)
            except (SyntaxError, ValueError):
                raise self._error("doc_to_image", f"{spec!r} is neither a column of the dataset "
                                  f"nor a template rendering a Python literal (got {rendered!r})"
                                  + did_you_mean(spec, sorted(self._features))) from None
        if callable(spec):
            return spec(doc)
        raise self._error("doc_to_image", f"expected a column, a list of columns or !function, got {spec!r}")

    def doc_media(self, doc: dict) -> Media:
        """The images of ``doc``'s requests (empty for a text task)."""
        if self.config.doc_to_image is None:
            return _NO_MEDIA
        value = self.doc_to_image(doc)
        if value is None:
            raise self._error("doc_to_image", "the document has no image (doc_to_image gave None)")
        try:
            return media.images(value)
        except media.MediaError as exc:
            raise self._error("doc_to_image", str(exc)) from None

    def _field(self, doc: dict, value: Any) -> Any:
        if not value:
            return None
        value = _resolve(value)
        if callable(value):
            return value(doc)
        return doc[value] if value in doc else templates.render(value, doc)

    def doc_to_prefix(self, doc: dict) -> str | None:
        gen_prefix = self.config.gen_prefix
        if gen_prefix is None:
            return None
        return doc[gen_prefix] if gen_prefix in self._features else templates.render(gen_prefix, doc)

    def doc_to_decontamination_query(self, doc: dict) -> Any:
        if not self.config.should_decontaminate:
            return None
        query = self.config.doc_to_decontamination_query
        if query is None:
            return self.doc_to_text(doc)
        query = self._fn("doc_to_decontamination_query", query)
        if callable(query):
            return query(doc)
        if query in self._features:
            return doc[query]
        return ast.literal_eval(templates.render(query, doc))

    # -- prompts ----------------------------------------------------------------------------------
    def fewshot_context(self, doc: dict, num_fewshot: int, *, system_instruction: str | None = None,
                        chat_template: Callable[..., Any] | None = None,
                        fewshot_as_multiturn: bool = False, gen_prefix: str | None = None) -> Any:
        turns: list[Turn] = []
        description = self._field(doc, self.config.description) or ""
        from lmeval.tasks.prompts import join_delimited

        system = join_delimited(system_instruction, description, self.config.fewshot_delimiter)
        if system:
            turns.append(Turn("system", system))
        fs = self.config.fewshot()
        if num_fewshot > 0:
            exclude = doc if fs.split == self.config.test_split else None
            for shot in self.sampler().sample(num_fewshot, eval_doc=exclude):
                q = self.doc_to_text(shot, fs.doc_to_text)
                c = self.doc_to_choice(shot, fs.doc_to_choice) if fs.doc_to_choice else None
                a = self.doc_to_target(shot, fs.doc_to_target)
                if self.multiple_input:
                    q, c = c[q], None
                turns += qa_turns(q, c, a, gen_prefix=self._field(shot, fs.gen_prefix),
                                  target_delimiter=fs.target_delimiter or "",
                                  fewshot_delimiter=fs.fewshot_delimiter or "")
        add_gen = not gen_prefix
        if self.multiple_input:
            choices = self.doc_to_choice(doc)
            return [render_turns(turns + qa_turns(ctx, gen_prefix=gen_prefix, target_delimiter=""),
                                 chat_template, fewshot_as_multiturn, add_gen) for ctx in choices]
        question = self.doc_to_text(doc)
        choices = self.doc_to_choice(doc) if self.config.doc_to_choice is not None else None
        turns += qa_turns(question, choices, gen_prefix=gen_prefix,
                          target_delimiter=self.config.target_delimiter, fewshot_delimiter="")
        return render_turns(turns, chat_template, fewshot_as_multiturn, add_gen)

    def construct_requests(self, doc: dict, ctx: Any, *, chat: bool = False) -> list[Request]:
        kind = self.output_type
        images = self.doc_media(doc)
        if kind == "loglikelihood":
            return [LoglikelihoodRequest(ctx, self.doc_to_target(doc), images)]
        if kind == "loglikelihood_rolling":
            if images:
                raise self._error("doc_to_image", "loglikelihood_rolling requests cannot carry "
                                  "images (as in lm-eval)")
            return [RollingRequest(self.doc_to_target(doc))]
        if kind == "generate_until":
            return [GenerateRequest.make(ctx, self.config.generation_kwargs, images)]
        delimiter = self.config.target_delimiter
        if chat:
            gp = self.config.gen_prefix
            delimiter = delimiter if gp and not gp[-1:].isspace() else ""
        if self.multiple_input:
            target = self.doc_to_target(doc)
            requests = [LoglikelihoodRequest(c, f"{delimiter}{target}", images) for c in ctx]
        else:
            requests = [LoglikelihoodRequest(ctx, f"{delimiter}{c}", images)
                        for c in self.doc_to_choice(doc)]
        if "acc_mutual_info" in self.metric_fns:
            requests += [LoglikelihoodRequest("", f"{delimiter}{c}", images)
                         for c in self.doc_to_choice(doc)]
        return requests

    def check(self) -> None:
        """Fail before any model call: resolve every ``!function``, build the filters."""
        from lmeval.tasks.config import TASK_FIELDS

        for key in sorted(TASK_FIELDS):
            value = getattr(self.config, key, None)
            stack = [value]
            while stack:
                item = stack.pop()
                if isinstance(item, FunctionRef):
                    try:
                        item.resolve()
                    except ConfigError as exc:
                        raise self._error(key, exc.message) from None
                elif isinstance(item, dict):
                    stack.extend(item.values())
                elif isinstance(item, list):
                    stack.extend(item)
        self.filters()

    # -- filters ----------------------------------------------------------------------------------
    def filters(self) -> list[Any]:
        if self._filters is None:
            from lmeval.filters import build_filter_pipeline

            registry = self.plugins.filters
            spec = self.config.filter_list
            if spec is None:
                self._filters = [build_filter_pipeline(registry, "none", [("take_first", {})])]
            else:
                pipelines = []
                for entry in spec:
                    steps = [(_resolve(step["function"]), {k: _resolve_deep(v) for k, v in step.items() if k != "function"})
                             for step in entry["filter"]]
                    try:
                        pipelines.append(build_filter_pipeline(registry, entry["name"], steps))
                    except UsageError as exc:
                        raise self._error("filter_list", str(exc)) from None
                self._filters = pipelines
        return self._filters

    # -- scoring ----------------------------------------------------------------------------------
    @staticmethod
    def count_words(text: str) -> int:
        import re

        return len(re.split(r"\s+", text))

    @staticmethod
    def count_bytes(text: str) -> int:
        return len(text.encode("utf-8"))

    def process_results(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        custom = self._fn("process_results", self.config.process_results)
        if callable(custom):
            return custom(doc, results)
        use = self.metric_fns
        kind = self.output_type
        if kind == "loglikelihood":
            ll, is_greedy = results[0]
            out: dict[str, Any] = {}
            if "perplexity" in use:
                out["perplexity"] = ll
            if "acc" in use:
                out["acc"] = int(is_greedy)
            return out
        if kind == "loglikelihood_rolling":
            (ll,) = results
            target = self.doc_to_target(doc)
            words, nbytes = self.count_words(target), self.count_bytes(target)
            out = {}
            if "word_perplexity" in use:
                out["word_perplexity"] = (ll, words)
            if "byte_perplexity" in use:
                out["byte_perplexity"] = (ll, nbytes)
            if "bits_per_byte" in use:
                out["bits_per_byte"] = (ll, nbytes)
            return out
        if kind == "multiple_choice":
            return self._process_multiple_choice(doc, results)
        return self._process_generation(doc, results[0])

    def _process_multiple_choice(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        lls = [r[0] for r in results]
        is_greedy = [r[1] for r in results]
        choices = self.doc_to_choice(doc)
        use = self.metric_fns
        unconditional = None
        if 2 * len(choices) == len(lls) and "acc_mutual_info" in use:
            unconditional, lls = lls[len(choices):], lls[: len(choices)]
        pred = _argmax(lls)
        pred_norm = _argmax([_per_unit(ll, len(c)) for ll, c in zip(lls, choices, strict=False)])
        pred_bytes = _argmax([_per_unit(ll, len(c.encode("utf-8"))) for ll, c in zip(lls, choices, strict=False)])
        gold = self.doc_to_text(doc) if self.multiple_input else self.doc_to_target(doc)
        if isinstance(gold, list):
            gold = [g if isinstance(g, int) and g < len(choices) else -100 for g in gold]
        elif isinstance(gold, int):
            gold = gold if gold < len(choices) else -100
        elif isinstance(gold, str):
            gold = choices.index(gold) if gold in choices else -100
        if self.multiple_target:
            golds = gold if isinstance(gold, list) else [gold]
            acc = 1.0 if pred in golds else 0.0
            acc_norm = 1.0 if pred_norm in golds else 0.0
            acc_bytes = 1.0 if pred_bytes in golds else 0.0
            exact = int(any(is_greedy[g] if g != -100 else 0 for g in golds))
        else:
            acc = 1.0 if pred == gold else 0.0
            acc_norm = 1.0 if pred_norm == gold else 0.0
            acc_bytes = 1.0 if pred_bytes == gold else 0.0
            exact = int(is_greedy[gold]) if gold != -100 else 0
        out: dict[str, Any] = {}
        if "acc" in use:
            out["acc"] = acc
        if "f1" in use:
            out["f1"] = (gold, pred)
        if "mcc" in use:
            out["mcc"] = (gold, pred)
        if "acc_norm" in use:
            out["acc_norm"] = acc_norm
        if "acc_bytes" in use:
            out["acc_bytes"] = acc_bytes
        if "exact_match" in use:
            out["exact_match"] = exact
        if "brier_score" in use:
            out["brier_score"] = (gold, _softmax(lls))
        if "likelihood" in use:
            out["likelihood"] = (gold, lls)
        if "acc_mutual_info" in use and unconditional is not None:
            mi = [c - u for c, u in zip(lls, unconditional, strict=False)]
            out["acc_mutual_info"] = 1.0 if _argmax(mi) == gold else 0.0
        for name in use:
            if name not in out and name.startswith("acc_all"):
                out[name] = (pred, doc)
        return out

    def _process_generation(self, doc: dict, result: Any) -> dict[str, Any]:
        gold = self.doc_to_target(doc)
        if self.config.doc_to_choice is not None:
            gold = self.doc_to_choice(doc)[gold]
        elif self.multiple_target:
            gold = list(gold)
        elif type(gold) is not type(result) and not ("bypass" in self.metric_fns or isinstance(result, list)):
            gold = type(result)(gold)
        out: dict[str, Any] = {}
        for name, fn in self.metric_fns.items():
            kwargs = self.metric_kwargs[name]
            if fn is None:
                continue
            if self.multiple_target:
                golds = gold if isinstance(gold, list) else [gold]
                if name == "exact_match":
                    score = fn(references=golds, predictions=[result] * len(golds), **kwargs)
                    score = score[name] if isinstance(score, dict) else score
                    value: Any = 1.0 if score > 0.0 else 0.0
                else:
                    scores = []
                    for option in golds:
                        s = fn(references=[option], predictions=[result], **kwargs)
                        scores.append(s[name] if isinstance(s, dict) else s)
                    value = 1.0 if any(scores) else 0.0
                out[name] = value
                continue
            if _takes_references(fn, kwargs):
                value = fn(references=[gold], predictions=[result], **kwargs)
            else:  # lm-eval's other interface: a !function metric of one positional [gold, result]
                value = fn([gold, result])
            if isinstance(value, dict):
                for key, v in value.items():
                    out[key] = v
                    if key not in self.aggregations:
                        self.aggregations[key] = self.aggregations[name]
                        self.higher_is_better[key] = self.higher_is_better[name]
            else:
                out[name] = value
        return out
