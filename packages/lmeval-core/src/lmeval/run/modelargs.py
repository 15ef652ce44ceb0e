"""What a backend accepts — model arguments and generation arguments — checked before it loads.

A misspelled ``--model_args pretraned=...`` or ``--gen_kwargs max_gen_tok=64`` must not reach a
library that ignores it (or sets it as a config attribute): the score would change silently. The
core checks both for every backend, first- or third-party, before the model is built, and names
the closest valid names.

How a backend declares what it accepts (on its registered factory, usually the LM class):

* **Model arguments**: the named parameters of the factory — for a class, of ``__init__`` along
  the MRO, following each ``**kwargs`` that a subclass passes up to its base. A backend that
  forwards extra keywords to a library (vLLM engine arguments, transformers ``from_pretrained``
  keywords) defines ``extra_model_args(args) -> Collection[str] | None`` (a classmethod or
  staticmethod): the names beyond its parameters that the library takes for these ``args``
  (``None``: any name); it applies where the constructor chain ends in ``**kwargs``, and the
  walk up the MRO stops at the class that defines it. A plain function with ``**kwargs`` and no
  ``extra_model_args`` is not checked. Run options (``--batch_size``, ``--device``) and
  ``trust_remote_code`` reach only backends that take them.
* **Generation arguments**: every backend takes :data:`GENERATION_KWARGS`. A backend that takes
  more defines ``extra_generation_kwargs() -> Collection[str] | None`` (``None``: it forwards
  any key, e.g. to an HTTP API; then only keys that look like misspellings of
  :data:`GENERATION_KWARGS` are refused). Without it, a key outside :data:`GENERATION_KWARGS`
  is an error.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Mapping
from typing import Any

from lmeval.errors import UsageError, closest

#: Generation arguments every backend understands (lm-eval's, with the max-token aliases the
#: kernel resolves).
GENERATION_KWARGS = frozenset({
    "until", "max_gen_toks", "max_new_tokens", "max_tokens", "max_completion_tokens",
    "do_sample", "temperature", "top_p", "top_k",
})

#: Model arguments lm-eval passes to every backend (``--trust_remote_code`` adds
#: ``trust_remote_code=True``): a backend that does not take one simply does not get it, as in
#: lm-eval, where such backends ignore it. It changes no score.
FLAG_ARGS = frozenset({"trust_remote_code"})


def named_parameters(factory: Callable[..., Any]) -> tuple[frozenset[str], bool]:
    """``(names, open)``: the keyword names ``factory`` takes, and whether it takes any other.

    For a class, ``__init__`` is read along the MRO while each one passes ``**kwargs`` on to
    its base, up to the class that defines ``extra_model_args`` (its ``**kwargs`` go to a
    library); ``open`` is True when the last one read still takes ``**kwargs`` — as for a
    plain function with ``**kwargs``.
    """
    names: set[str] = set()
    functions: list[Callable[..., Any]] = []
    if isinstance(factory, type):
        for cls in factory.__mro__:
            if cls is object:
                break
            if "__init__" in cls.__dict__:
                functions.append(cls.__dict__["__init__"])
            if "extra_model_args" in cls.__dict__:
                break  # this class's **kwargs go to its library, not to its base
    else:
        functions = [factory]
    for fn in functions:
        try:
            params = inspect.signature(fn).parameters.values()
        except (TypeError, ValueError):
            return frozenset(names), True
        var_kw = False
        for p in params:
            if p.kind is p.VAR_KEYWORD:
                var_kw = True
            elif p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "self":
                names.add(p.name)
        if not var_kw:
            return frozenset(names), False
    return frozenset(names), True


def _suggest(name: str, pool: Collection[str]) -> str:
    found = closest(name, sorted(pool))
    return f" (did you mean {' or '.join(repr(f) for f in found)}?)" if found else ""


def check_model_args(backend: str, factory: Callable[..., Any], args: Mapping[str, Any]) -> None:
    """Refuse model arguments ``factory`` does not take: one line, the closest names, exit 2.
    A ``batch_size`` is checked against the one batch-size grammar, as ``--batch_size`` is."""
    if args.get("batch_size") is not None:
        from lmeval.backend.batch_size import parse_batch_size

        parse_batch_size(args["batch_size"], name="--model_args batch_size")
    names, is_open = named_parameters(factory)
    unknown = [k for k in args if k not in names and k not in FLAG_ARGS]
    if not unknown:
        return
    extra_fn = getattr(factory, "extra_model_args", None)
    pool = names
    if is_open:  # **kwargs reach a library: what it takes, if the backend says
        if not callable(extra_fn):
            return
        extra = extra_fn(dict(args))
        if extra is None:
            return
        pool = names | frozenset(extra)
        unknown = [k for k in unknown if k not in pool]
    if not unknown:
        return
    shown = [n for n in pool if not n.startswith("_")]
    from lmeval.outputs.redact import shown_word

    parts = [f"{shown_word(k, 'a name')}{_suggest(k, shown)}" for k in unknown]
    raise UsageError(f"--model_args: backend {backend!r} has no model argument {', '.join(parts)}")


def without_untaken_flags(factory: Callable[..., Any], args: Mapping[str, Any]) -> dict[str, Any]:
    """``args`` less the :data:`FLAG_ARGS` that ``factory`` does not take."""
    flags = {k: v for k, v in args.items() if k in FLAG_ARGS}
    rest = {k: v for k, v in args.items() if k not in FLAG_ARGS}
    return {**rest, **accepted_run_options(factory, rest, flags)}


def accepted_run_options(factory: Callable[..., Any], args: Mapping[str, Any],
                         options: Mapping[str, Any]) -> dict[str, Any]:
    """The run options (``--batch_size``, ``--device`` ...) that ``factory`` takes, given its
    model ``args``; a backend without a device setting simply does not get ``--device``."""
    names, is_open = named_parameters(factory)
    extra_fn = getattr(factory, "extra_model_args", None) if is_open else None
    extra: Collection[str] | None = () if callable(extra_fn) or not is_open else None
    if callable(extra_fn) and any(k not in names for k in options):
        extra = extra_fn(dict(args))
    return {k: v for k, v in options.items() if k in names or extra is None or k in extra}


def unknown_generation_kwargs(keys: Collection[str], extra: Collection[str] | None
                              ) -> list[tuple[str, list[str]]]:
    """``(key, closest names)`` for each key that is not a generation argument.

    ``extra`` is what the backend takes beyond :data:`GENERATION_KWARGS`; ``None`` (it forwards
    anything) refuses only keys close to a core name — ``untill``, ``max_gen_tok``.
    """
    pool = GENERATION_KWARGS | frozenset(extra or ())
    out = []
    for key in keys:
        if key in pool:
            continue
        if extra is None:
            import difflib

            near = difflib.get_close_matches(key, sorted(GENERATION_KWARGS), n=2, cutoff=0.8)
            if near:
                out.append((key, near))
            continue
        out.append((key, closest(key, sorted(pool))))
    return out


def check_generation_kwargs(backend: str | None, factory: Callable[..., Any] | None,
                            kwargs: Mapping[str, Any], *, where: str = "--gen_kwargs") -> None:
    """Refuse generation arguments the backend does not take (every key checked, one line)."""
    extra: Collection[str] | None
    extra_fn = getattr(factory, "extra_generation_kwargs", None) if factory is not None else None
    if factory is None:
        extra = None  # no backend known (lmeval validate): only misspellings of core names
    elif callable(extra_fn):
        extra = extra_fn()
    else:
        extra = ()
    bad = unknown_generation_kwargs(list(kwargs), extra)
    if not bad:
        return
    parts = []
    for key, near in bad:
        hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
        parts.append(f"{key!r}{hint}")
    owner = f" for backend {backend!r}" if backend else ""
    prefix = f"{where}: " if where else ""
    raise UsageError(f"{prefix}unknown generation argument {', '.join(parts)}{owner}; "
                     f"every backend takes {', '.join(sorted(GENERATION_KWARGS))}")
