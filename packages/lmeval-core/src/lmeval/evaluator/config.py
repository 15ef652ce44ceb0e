"""The one table of run options: ``RunConfig`` (what :func:`lmeval.evaluate` takes) and
``CommandOptions`` (what only ``lmeval run`` takes), each field declared once with its flag,
default, help text and lm-eval name.

Everything else is built from these two dataclasses: the ``lmeval run`` argument parser and
its ``--help`` (:func:`add_arguments`), the keys of a ``--config`` file (:func:`config_keys`),
:func:`lmeval.evaluate`'s signature, the mapping of lm-eval's ``simple_evaluate`` keywords
(:func:`lm_eval_names`) and ``docs/cli.md``. Values are parsed and checked once, in
:meth:`RunConfig.checked`: the command line hands it the values as typed.

Adding an option is one field here (``option(default, "--flag", help=...)``) and a test.
"""

from __future__ import annotations

import argparse
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from lmeval.errors import UsageError
from lmeval.protocol import LM, parse_model_args
from lmeval.run import options

#: the ``lmeval run --help`` groups, in order
GROUPS = ("model", "tasks", "output", "caching and reproducibility")
_SAME = object()


@dataclass(frozen=True)
class Flag:
    """How one option is spelled on the command line, documented and named by lm-eval."""

    flags: tuple[str, ...]
    help: str
    group: str
    metavar: str | None = None
    nargs: str | None = None
    const: Any = None
    action: str | None = None
    type: Callable[[str], Any] | None = None
    #: the default of ``lmeval run`` and of a ``--config`` file, when it is not the API's
    cli_default: Any = _SAME
    #: the keyword of lm-eval 0.4.13's ``simple_evaluate``: the field's name unless given,
    #: "" when lm-eval has none
    lm_eval: Any = _SAME
    #: a ``--config`` file may set it (not ``--config`` itself)
    config_key: bool = True
    #: the command line's text form to the API's (``a=1 b=2`` words to ``a=1,b=2``)
    from_cli: Callable[[Any], Any] | None = None

    @property
    def dest(self) -> str:
        return self.flags[0].lstrip("-") if self.flags else ""


def option(default: Any, *flags: str, help: str, group: str, lm_eval: str | None = None,
           **spelling: Any) -> Any:
    """A dataclass field that is a run option: its default, flags (the first names the
    option's ``--config`` key), help text, ``--help`` group and lm-eval keyword (the field's
    own name unless given; ``""`` when lm-eval has none)."""
    extra = {} if lm_eval is None else {"lm_eval": lm_eval}
    return field(default=default, metadata={"option": Flag(flags, help, group, **extra,
                                                           **spelling)})


def _fewshot_bool(text: str) -> bool:
    return text.lower() in ("true", "1", "yes")


def words(values: list[str] | str | Mapping[str, Any] | None) -> str | dict[str, Any] | None:
    """``--model_args a=1 b=2`` and ``--model_args a=1,b=2`` both become ``a=1,b=2``; a JSON
    object stays a dict, as lm-eval passes it (nested values such as ``chat_template_args``)."""
    import json

    if values is None or isinstance(values, Mapping):
        return values
    if isinstance(values, str):
        values = [values]
    if not values:
        return None
    text = " ".join(str(v) for v in values).strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"invalid JSON {text!r}: {exc}") from None
        if not isinstance(data, dict):
            raise UsageError(f"expected a JSON object, got {text!r}")
        return data
    return ",".join(str(v).strip(",") for v in values if str(v).strip(","))


def listish(value: Any) -> list[str]:
    """``a,b c`` (one string, or the words of a flag) as ``["a", "b", "c"]``."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    out: list[str] = []
    for v in value:
        out.extend(part.strip() for part in str(v).split(",") if part.strip())
    return out


def _parsed_model_args(model_args: Any) -> dict[str, Any]:
    if isinstance(model_args, LM):
        return {}
    try:
        return parse_model_args(model_args)
    except ValueError as exc:
        raise UsageError(f"--model_args: {exc}") from None


@dataclass(frozen=True)
class RunConfig:
    """The options of :func:`lmeval.evaluate`, in their parsed forms.

    ``samples`` is task name -> document indices (``--samples``), ``gen_kwargs`` the parsed
    ``--gen_kwargs`` ({} when none), ``arguments`` the parsed ``model_args`` (parsed here,
    once; ``model_args`` keeps the form given, as lm-eval's results record it).
    """

    model: str | LM = option(MISSING, "--model", "-M", group="model", cli_default="hf",
                             metavar="<model>",
                             help="model backend name (default: hf); see `lmeval ls models`")
    model_args: str | Mapping[str, Any] | None = option(
        None, "--model_args", "-a", group="model", nargs="+", metavar="<arg>", from_cli=words,
        help="backend arguments, k=v,k2=v2 (or JSON)")
    tasks: tuple[str | dict, ...] = option(
        (), "--tasks", "-t", group="tasks", nargs="+", metavar="<task>", from_cli=listish,
        help="task, group or tag names (comma or space separated, wildcards allowed), task YAML "
             "files (globs too) or a directory of task YAMLs")
    num_fewshot: int | None = option(None, "--num_fewshot", "-f", group="tasks", type=int,
                                     metavar="<n>", help="few-shot examples per prompt (>= 0)")
    batch_size: int | str | None = option(
        None, "--batch_size", "-b", group="model", cli_default=1, metavar="<size>",
        help="N, 'auto' or 'auto:N' (re-detect N times); default 1")
    max_batch_size: int | None = option(None, "--max_batch_size", group="model", type=int,
                                        metavar="<n>", help="upper bound for --batch_size auto")
    device: str | None = option(None, "--device", group="model", metavar="<device>",
                                help="cpu, cuda, cuda:0, mps ...")
    limit: float | None = option(
        None, "--limit", "-L", group="tasks", type=float, metavar="<limit>",
        help="documents per task: a count >= 1, or a fraction in (0, 1) (testing only)")
    samples: Mapping[str, Sequence[int]] | None = option(
        None, "--samples", "-E", group="tasks", metavar="<json>",
        help='{"task": [doc ids]} as JSON or a JSON file: evaluate only those documents of those '
             "tasks (every task named must be run; not with --limit)")
    use_cache: str | None = option(None, "--use_cache", "-c", group="caching and reproducibility",
                                   metavar="<dir>",
                                   help="response cache directory (SQLite); a rerun resumes from it")
    cache_requests: str | bool | None = option(
        None, "--cache_requests", group="caching and reproducibility", nargs="?", const="true",
        metavar="true|refresh|delete", help="cache built requests")
    include_path: str | Sequence[str] | None = option(
        None, "--include_path", group="tasks", metavar="<path>", lm_eval="",
        help="extra directory of task YAMLs")
    apply_chat_template: bool | str = option(
        False, "--apply_chat_template", group="model", nargs="?", const=True,
        metavar="<template>",
        help="render prompts with the model's chat template (optionally a named template)")
    fewshot_as_multiturn: bool | None = option(
        False, "--fewshot_as_multiturn", group="model", cli_default=None, nargs="?", const=True,
        type=_fewshot_bool, metavar="<bool>",
        help="few-shot examples as separate chat turns (default: on with --apply_chat_template, "
             "as lm-eval; 'false' turns it off)")
    system_instruction: str | None = option(None, "--system_instruction", group="model",
                                            metavar="<text>", help="system prompt")
    gen_kwargs: Mapping[str, Any] | None = option(
        None, "--gen_kwargs", group="model", nargs="+", metavar="<arg>",
        help="generation arguments for generate_until tasks: k=v,k2=v2 (values are Python "
             "literals: 'until=[\"a\",\"b\"]') or a JSON object")
    predict_only: bool = option(False, "--predict_only", "-x", group="output",
                                action="store_true", help="generate only, no metrics")
    log_samples: bool = option(False, "--log_samples", "-s", group="output", action="store_true",
                               help="write per-sample JSONL")
    bootstrap_iters: int = option(100000, "--bootstrap_iters", group="output", type=int,
                                  metavar="<n>", help="bootstrap iterations for stderr (0: none)")
    #: the four seeds: set together by ``--seed`` on the command line
    random_seed: int | None = option(0, group="caching and reproducibility",
                                     help="Python's random seed (--seed's first value)")
    numpy_random_seed: int | None = option(1234, group="caching and reproducibility",
                                           help="NumPy's seed (--seed's second value)")
    torch_random_seed: int | None = option(1234, group="caching and reproducibility",
                                           help="torch's seed (--seed's third value)")
    fewshot_random_seed: int | None = option(1234, group="caching and reproducibility",
                                             help="the few-shot sampler's seed (--seed's fourth)")
    metadata: Mapping[str, Any] | None = option(
        None, "--metadata", group="tasks", metavar="<json>",
        help="a JSON object or k=v,...: every task's metadata gets the model args, then these "
             "(as lm-eval)")
    write_out: bool = option(False, "--write_out", "-w", "--show_prompts", group="output",
                             action="store_true",
                             help="print the first documents' prompts as the model sees them")
    confirm_run_unsafe_code: bool = option(
        False, "--confirm_run_unsafe_code", group="tasks", action="store_true",
        help="allow tasks that execute model-generated code")
    progress: bool | None = option(None, group="output", lm_eval="",
                                   help="a progress bar (None: when stderr is a terminal)")
    executor: str | None = option(
        None, "--executor", group="model", metavar="<name[:k=v,...]>", lm_eval="",
        help="run the model calls on replicas elsewhere, e.g. ray:replicas=4,address=auto (pip "
             "install lmeval-ray; see docs/scale-out.md)")
    arguments: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def checked(cls, model: str | LM, model_args: Any = None,
                tasks: str | Sequence[str | dict] = (), **given: Any) -> RunConfig:
        """The configuration of these options, or a :class:`UsageError` naming what is wrong
        (no task, a bound out of range, ``--samples`` text, options that exclude each other).
        Every option is parsed here and nowhere else."""
        unknown = sorted(set(given) - set(run_option_names()))
        if unknown:
            from lmeval.errors import did_you_mean

            raise TypeError(f"unexpected run option {unknown[0]!r}"
                            f"{did_you_mean(unknown[0], run_option_names())}")
        if isinstance(tasks, str):  # one name (or path), not a sequence of letters
            tasks = [tasks]
        if not tasks:
            raise UsageError("no tasks given (--tasks name,name2,...); see `lmeval ls tasks`")
        limit = given.get("limit")
        if isinstance(limit, float) and limit >= 1 and limit.is_integer():
            given["limit"] = limit = int(limit)
        options.check_bounds(num_fewshot=given.get("num_fewshot"), limit=limit,
                             max_batch_size=given.get("max_batch_size"))
        if given.get("batch_size") is not None:
            given["batch_size"] = options.parse_batch_size(given["batch_size"])
        given["samples"] = options.parse_samples(given.get("samples"))
        given.setdefault("fewshot_as_multiturn", False)  # evaluate()'s default
        if given["fewshot_as_multiturn"] is None:  # the CLI's: on with a chat template (lm-eval)
            given["fewshot_as_multiturn"] = bool(given.get("apply_chat_template"))
        if given["fewshot_as_multiturn"] and not given.get("apply_chat_template"):
            raise UsageError("--fewshot_as_multiturn needs --apply_chat_template")
        if limit is not None and given["samples"] is not None:
            raise UsageError("--limit and --samples cannot be used together")  # as lm-eval
        given["gen_kwargs"] = options.parse_kv(given.get("gen_kwargs"), "--gen_kwargs") or {}
        given["metadata"] = options.parse_kv(given.get("metadata"), "--metadata")
        if given.get("predict_only"):
            given["log_samples"] = True  # as lm-eval: predictions are the output
        return cls(model=model, model_args=model_args, tasks=tuple(tasks),
                   arguments=_parsed_model_args(model_args), **given)

    def samples_of(self, task_name: str) -> Sequence[int] | None:
        """The ``--samples`` indices of one task, or None (every document, or ``--limit``)."""
        return (self.samples or {}).get(task_name)

    @property
    def model_label(self) -> str:
        """The backend name, or the class name of an LM passed in."""
        return self.model if isinstance(self.model, str) else type(self.model).__name__


@dataclass(frozen=True)
class CommandOptions:
    """The options only ``lmeval run`` takes: where results go, reporters, logging, plugins."""

    plugins: tuple[str, ...] = option(
        (), "--plugins", group="model", action="append", metavar="<module|file.py>", lm_eval="",
        from_cli=listish, help="load a local plugin module (repeatable); also LMEVAL_PLUGINS")
    trust_remote_code: bool = option(False, "--trust_remote_code", group="model",
                                     action="store_true", lm_eval="",
                                     help="allow remote code in datasets and models")
    check_integrity: bool = option(False, "--check_integrity", group="tasks",
                                   action="store_true", help="run the tasks' self-checks")
    output_path: str | None = option(None, "--output_path", "-o", group="output",
                                     metavar="<path>", lm_eval="",
                                     help="directory (or .json file) for results")
    show_config: bool = option(False, "--show_config", group="output", action="store_true",
                               lm_eval="", help="print the task configs after the table")
    reporter: tuple[str, ...] = option(
        (), "--reporter", group="output", action="append", metavar="<name[:k=v,...]>", lm_eval="",
        help="send the finished run to a registered reporter, built with the k=v arguments "
             "before the run and called after the results are printed and saved (repeatable; "
             "`lmeval ls reporters` lists them)")
    hf_hub_log_args: str | None = option(
        None, "--hf_hub_log_args", group="output", nargs="+", metavar="<arg>", lm_eval="",
        help="push to the HF Hub, k=v,...: the same as --reporter hf_hub:k=v,...")
    wandb_args: str | None = option(
        None, "--wandb_args", group="output", nargs="+", metavar="<arg>", lm_eval="",
        help="arguments to wandb.init, k=v,...: the same as --reporter wandb:k=v,...")
    wandb_config_args: str | None = option(
        None, "--wandb_config_args", group="output", nargs="+", metavar="<arg>", lm_eval="",
        help="extra wandb config, k=v,... (the wandb reporter's config_args)")
    seed: str = option(
        "0,1234,1234,1234", "--seed", group="caching and reproducibility", metavar="<seeds>",
        lm_eval="", help="python,numpy,torch,fewshot seeds: one value for all, or a,b,c[,d] (a "
                         "missing fewshot seed is 1234; None leaves a seed unset; default "
                         "0,1234,1234,1234)")
    config: str | None = option(
        None, "--config", "-C", group="caching and reproducibility", metavar="<file.yaml>",
        lm_eval="", config_key=False,
        help="YAML file of run options; flags on the command line override it")
    verbosity: str | None = option(None, "--verbosity", "-v",
                                   group="caching and reproducibility", metavar="<level>",
                                   help="log level (INFO, DEBUG ...)")
    verbose: bool = option(False, "--verbose", "-V", group="caching and reproducibility",
                           action="store_true", lm_eval="", help="tracebacks on errors")


@dataclass(frozen=True)
class Option:
    """One row of the table: a field of :class:`RunConfig` or :class:`CommandOptions`."""

    name: str
    flag: Flag
    default: Any
    run: bool  # a RunConfig field (an argument of lmeval.evaluate)
    annotation: Any = None

    @property
    def cli_default(self) -> Any:
        return self.default if self.flag.cli_default is _SAME else self.flag.cli_default

    @property
    def lm_eval(self) -> str:
        """lm-eval 0.4.13's name for it ("" when lm-eval has none)."""
        return self.name if self.flag.lm_eval is _SAME else self.flag.lm_eval


def _rows(cls: type, run: bool) -> Iterator[Option]:
    for f in fields(cls):
        flag = f.metadata.get("option")
        if flag is None:
            continue
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else None)  # type: ignore[misc]
        yield Option(f.name, flag, default, run, f.type)


def table() -> tuple[Option, ...]:
    """Every run option: RunConfig's fields, then CommandOptions'."""
    return (*_rows(RunConfig, True), *_rows(CommandOptions, False))


def run_option_names() -> tuple[str, ...]:
    """The keywords :meth:`RunConfig.checked` (and :func:`lmeval.evaluate`) take besides
    ``model``, ``model_args`` and ``tasks``."""
    return tuple(o.name for o in table() if o.run and o.name not in ("model", "model_args",
                                                                     "tasks"))


def config_keys() -> dict[str, Any]:
    """The keys of a ``--config`` file with the command line's defaults, in table order."""
    return {o.flag.dest: o.cli_default for o in table() if o.flag.flags and o.flag.config_key}


def lm_eval_names() -> dict[str, str]:
    """lm-eval ``simple_evaluate`` keyword -> RunConfig field, for the options both have."""
    return {o.lm_eval: o.name for o in table() if o.run and o.lm_eval}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Every flag of ``lmeval run``, grouped as ``--help`` shows them. Defaults are suppressed:
    what was not typed is absent from the namespace, so a ``--config`` file can supply it."""
    rows = table()
    for group in GROUPS:
        section = parser.add_argument_group(group)
        for row in rows:
            flag = row.flag
            if flag.group != group or not flag.flags:
                continue
            kwargs: dict[str, Any] = {"default": argparse.SUPPRESS, "help": flag.help}
            if row.name != flag.dest:
                kwargs["dest"] = row.name
            for key in ("metavar", "nargs", "action", "type"):
                if getattr(flag, key) is not None:
                    kwargs[key] = getattr(flag, key)
            if flag.const is not None:
                kwargs["const"] = flag.const
            if row.name == "config":
                kwargs["default"] = None  # always present: blame_config reads it
            section.add_argument(*_ordered(flag.flags), **kwargs)


def _ordered(flags: tuple[str, ...]) -> tuple[str, ...]:
    """The long flags first, then the short ones (``--write_out -w --show_prompts``)."""
    return tuple(sorted(flags, key=lambda f: (not f.startswith("--"), flags.index(f))))


def evaluate_signature(plugins_annotation: Any) -> inspect.Signature:
    """:func:`lmeval.evaluate`'s signature, from the table: ``model``, ``model_args``,
    ``tasks``, then every other RunConfig option as a keyword, then ``plugins``."""
    params = [
        inspect.Parameter("model", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation="str | LM"),
        inspect.Parameter("model_args", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None),
        inspect.Parameter("tasks", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=()),
    ]
    for row in table():
        if row.run and row.name not in ("model", "model_args", "tasks"):
            params.append(inspect.Parameter(row.name, inspect.Parameter.KEYWORD_ONLY,
                                            default=row.default, annotation=row.annotation))
    params.append(inspect.Parameter("plugins", inspect.Parameter.KEYWORD_ONLY, default=None,
                                    annotation=plugins_annotation))
    return inspect.Signature(params, return_annotation="dict[str, Any]")
