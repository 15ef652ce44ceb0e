"""Reporters chosen for ``lmeval run``: built before the evaluation, called after the table.

``--reporter name:k=v,...`` (repeatable) builds the reporter a plugin registered under ``name``
with those keyword arguments. lm-eval's flags are aliases: ``--hf_hub_log_args ARGS`` is
``--reporter hf_hub:ARGS`` and ``--wandb_args ARGS`` is ``--reporter wandb:ARGS``
(``--wandb_config_args`` becomes the wandb reporter's ``config_args``). Which distribution
provides a reporter is the plugins' business: the core names no reporter package.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lmeval.errors import UsageError

if TYPE_CHECKING:
    from lmeval.plugins import PluginManager

#: lm-eval's reporter flags, and the reporter each one means
FLAG_ALIASES: dict[str, str] = {"hf_hub_log_args": "hf_hub", "wandb_args": "wandb"}


def build_reporters(pm: PluginManager, options: dict[str, Any],
                    as_kv: Callable[[Any], Any]) -> list[tuple[str, Any]]:
    """``(name, reporter)`` for every reporter the options ask for, built now so that a bad
    argument or a missing library fails before the model loads. ``as_kv`` turns an option's
    value (a list of words, a string or a dict) into ``k=v,...`` text or a dict."""
    from lmeval.outputs import redact
    from lmeval.protocol import parse_model_args

    specs: list[tuple[str, str, Any]] = []  # (how the user asked, reporter name, its args)
    for flag, name in FLAG_ALIASES.items():
        if options.get(flag):
            specs.append((f"--{flag}", name, as_kv(options[flag])))
    chosen = options.get("reporter") or []
    for spec in [chosen] if isinstance(chosen, str) else chosen:  # a --config file may give one
        name, _, args = str(spec).partition(":")
        specs.append((f"--reporter {name.strip()}", name.strip(), args))
    config_args = options.get("wandb_config_args")
    if config_args and not any(name == "wandb" for _, name, _ in specs):
        raise UsageError("--wandb_config_args needs the wandb reporter: --wandb_args k=v,... "
                         "or --reporter wandb:k=v,...")
    out = []
    for asked, name, args in specs:
        redact.remember_args(args)  # a Hub token: masked in any output
        if name not in pm.reporters:
            raise UsageError(f"{asked}: {_not_installed(pm, asked, name)}")
        kwargs = parse_model_args(args)
        if name == "wandb" and config_args:
            redact.remember_args(as_kv(config_args))
            kwargs["config_args"] = parse_model_args(as_kv(config_args))
        factory = pm.reporters.get(name).load()
        _check_arguments(asked, name, factory, kwargs)
        try:
            out.append((name, factory(**kwargs)))
        except TypeError as exc:  # bad k=v keys the signature did not show
            raise UsageError(f"{asked}: {exc}") from None
    return out


def _check_arguments(asked: str, name: str, factory: Callable[..., Any],
                     kwargs: dict[str, Any]) -> None:
    """A usage error with "did you mean" for an argument ``factory`` does not take (checked
    against its signature, before anything is built); a factory taking ``**kwargs`` accepts all."""
    import inspect

    from lmeval.errors import did_you_mean

    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # no signature to read (a builtin): the call will tell
        return
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return
    takes = [n for n, p in params.items()
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and n != "self"]
    for key in kwargs:
        if key not in takes:
            raise UsageError(f"{asked}: reporter {name!r} has no argument {key!r}"
                             f"{did_you_mean(key, takes)}; it takes "
                             f"{', '.join(takes) or 'no arguments'}")
    missing = [n for n, p in params.items() if n in takes and p.default is p.empty
               and n not in kwargs]
    if missing:
        raise UsageError(f"{asked}: reporter {name!r} needs {', '.join(missing)} "
                         f"(e.g. {asked.split(':')[0]}:{missing[0]}=...)")


def _not_installed(pm: PluginManager, asked: str, name: str) -> str:
    installed = ", ".join(pm.reporters.names()) or "none"
    if asked.startswith("--reporter"):
        return f"{pm.reporters.unknown_message(name)}; installed reporters: {installed}"
    return (f"this flag means --reporter {name}:..., and no installed plugin registers a reporter "
            f"{name!r} (installed reporters: {installed}; docs/reporters.md names the package "
            "that provides it)")


def send_reports(reporters: list[tuple[str, Any]], results: dict[str, Any],
                 samples: dict[str, list[dict]] | None, *, verbose: bool = False) -> int:
    """Call every reporter; one that fails is told in one line (its traceback with
    ``verbose``) and the others still run. Returns 1 when any failed, else 0."""
    status = 0
    for name, reporter in reporters:
        try:
            reporter.report(results, samples)
        except Exception as exc:  # the results are printed and saved already: keep them
            from lmeval.outputs.redact import redact_text

            if verbose:
                import traceback

                print(redact_text(traceback.format_exc()), file=sys.stderr)
            print(f"lmeval: error: reporter {name!r} failed: {type(exc).__name__}: "
                  f"{redact_text(exc)} (the results above are complete)", file=sys.stderr)
            status = 1
    return status
