"""The plugin manager: built-ins, entry points (group ``lmeval``) and local modules.

Every contribution hook fills a :class:`Registry` through a ``register`` callback, whose every
call is checked against the hook's typed signature (the ``Register*`` Protocols of
:mod:`lmeval.hookspecs`): an unknown keyword is a :class:`PluginError` naming the plugin. Built-in
metrics, filters, samplers and the reference LM are plugins of the core registered the same
way, so a third-party plugin is never second-class.

Environment:
  ``LMEVAL_PLUGINS``            comma-separated modules or ``.py`` paths to load as plugins.
  ``LMEVAL_DISABLE_AUTOLOAD=1`` do not load entry-point plugins (reproducible runs).
  ``LMEVAL_PLUGINS_ALLOW``      comma-separated distribution names: load only these entry points.

Finding entry points means reading every installed distribution's metadata (and importing
``importlib.metadata``), which costs more than the rest of ``lmeval ls`` together. The found
``lmeval`` entry points are therefore cached under ``$LMEVAL_CACHE_DIR`` keyed on every
``sys.path`` directory's mtime and each ``*.dist-info``'s ``entry_points.txt`` stamp: any
install, uninstall or edited entry point misses the cache.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from lmeval.errors import PluginError, UsageError, closest, did_you_mean
from lmeval.requires import missing_library
from lmeval.run.cachedir import cache_root, digest, write_json
from lmeval.run.records import SlotRecord

if TYPE_CHECKING:
    import inspect

    import pluggy

log = logging.getLogger("lmeval")

ENTRY_POINT_GROUP = "lmeval"
CORE_DISTRIBUTION = "lmeval-core"

BUILTIN_MODULES = (
    "lmeval.metrics",
    "lmeval.filters",
    "lmeval.tasks.fewshot",
    "lmeval.tasks.data",
    "lmeval.testing",
)

#: Backends lmeval knows of, with the distribution that provides them, for "pip install" hints.
KNOWN_BACKENDS: dict[str, str] = {
    "hf": "lmeval-hf",
    "hf-auto": "lmeval-hf",
    "huggingface": "lmeval-hf",
    "hf-multimodal": "lmeval-hf",
    "steered": "lmeval-steered",
    "vllm": "lmeval-vllm",
    "vllm-vlm": "lmeval-vllm",
    "sglang": "lmeval-sglang",
    "megatron_lm": "lmeval-megatron",
    "nemo_lm": "lmeval-nemo",
    "onnxruntime": "lmeval-onnx",
    "onnxruntime-genai": "lmeval-onnx",
    "winml": "lmeval-onnx",
    "gguf": "lmeval-llamacpp",
    "ggml": "lmeval-llamacpp",
    "openai-completions": "lmeval-api",
    "openai-chat-completions": "lmeval-api",
    "local-completions": "lmeval-api",
    "local-chat-completions": "lmeval-api",
    "anthropic-chat-completions": "lmeval-api",
    "anthropic-chat": "lmeval-api",
    "textsynth": "lmeval-api",
    "openvino": "lmeval-openvino",
}


class Entry(SlotRecord):
    """One registered contribution."""

    __slots__ = ("name", "obj", "plugin", "distribution", "meta")

    def __init__(self, name: str, obj: Any, plugin: str, distribution: str,
                 meta: dict[str, Any] | None = None) -> None:
        self.name, self.obj, self.plugin, self.distribution = name, obj, plugin, distribution
        self.meta: dict[str, Any] = {} if meta is None else meta

    def load(self) -> Any:
        """Resolve a ``"module:attr"`` string lazily."""
        if isinstance(self.obj, str) and ":" in self.obj:
            module, _, attr = self.obj.partition(":")
            self.obj = getattr(importlib.import_module(module), attr)
        return self.obj


class Registry:
    """Names to contributions of one kind, with the plugin and distribution of each."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, Entry] = {}
        self._aliases: dict[str, str] = {}

    def add(self, name: str, obj: Any, *, plugin: str, distribution: str,
            aliases: Iterable[str] = (), **meta: Any) -> None:
        if not isinstance(name, str) or not name:
            raise PluginError(f"plugin {plugin!r} registered a {self.kind} with an invalid name {name!r}")
        for key in (name, *aliases):
            if key in self._entries or key in self._aliases:
                other = self._entries.get(key) or self._entries[self._aliases[key]]
                raise PluginError(
                    f"{self.kind} {key!r} is registered twice: by plugin {other.plugin!r} "
                    f"({other.distribution}) and by plugin {plugin!r} ({distribution})"
                )
        self._entries[name] = Entry(name, obj, plugin, distribution, dict(meta))
        for alias in aliases:
            self._aliases[alias] = name

    def get(self, name: str) -> Entry:
        canonical = self._aliases.get(name, name)
        try:
            return self._entries[canonical]
        except KeyError:
            raise UsageError(self.unknown_message(name)) from None

    def unknown_message(self, name: str) -> str:
        return f"unknown {self.kind} {name!r}" + did_you_mean(name, self.names())

    def __contains__(self, name: object) -> bool:
        return name in self._entries or name in self._aliases

    def names(self) -> list[str]:
        return sorted([*self._entries, *self._aliases])

    def entries(self) -> list[Entry]:
        return [self._entries[n] for n in sorted(self._entries)]

    def aliases_of(self, name: str) -> list[str]:
        return sorted(a for a, target in self._aliases.items() if target == name)


class PluginManager:
    """Loads plugins once and hands out the registries they fill."""

    def __init__(self, *, autoload: bool | None = None, plugins: Iterable[str | ModuleType] = (),
                 builtins: bool = True) -> None:
        self._pm: pluggy.PluginManager | None = None
        self._distributions: dict[str, str] = {}
        self._versions: dict[str, str] = {}
        self._registries: dict[str, Registry] = {}
        #: task or group name → the note its pack registered with it (filled by task_sources)
        self.task_notes: dict[str, str] = {}
        #: task or group name → the task directory whose pack wrote its note
        self.task_note_roots: dict[str, Path] = {}
        self.failed: dict[str, str] = {}
        if builtins:
            for name in BUILTIN_MODULES:
                self.register(importlib.import_module(name), distribution=CORE_DISTRIBUTION)
        if autoload is None:
            autoload = os.environ.get("LMEVAL_DISABLE_AUTOLOAD", "").lower() not in ("1", "true", "yes")
        if autoload:
            self._load_entry_points()
        env_plugins = [p for p in os.environ.get("LMEVAL_PLUGINS", "").split(",") if p.strip()]
        for spec in [*env_plugins, *plugins]:
            self.load_local(spec)
        if self._pm is not None:
            self._pm.check_pending()

    @property
    def pm(self) -> pluggy.PluginManager:
        """The pluggy manager, made on first use: a listing with no plugin to load (``ls tasks``
        with entry points off) never imports pluggy, which is ~20 ms of a 0.15 s start-up."""
        if self._pm is None:
            import pluggy

            from lmeval import hookspecs

            self._pm = pluggy.PluginManager("lmeval")
            self._pm.add_hookspecs(hookspecs)
        return self._pm

    # -- loading ---------------------------------------------------------------------
    def register(self, plugin: object, *, name: str | None = None,
                 distribution: str = "local") -> None:
        plugin_name = name or getattr(plugin, "__name__", None) or repr(plugin)
        if self.pm.is_registered(plugin) or self.pm.get_plugin(plugin_name) is not None:
            return
        _check_hookimpls(self.pm, plugin)
        self.pm.register(plugin, name=plugin_name)
        self._distributions[plugin_name] = distribution
        self._registries.clear()

    def _load_entry_points(self) -> None:
        allow = {a.strip() for a in os.environ.get("LMEVAL_PLUGINS_ALLOW", "").split(",") if a.strip()}
        for name, value, dist, version in entry_points():
            dist = dist or name
            if allow and name not in allow and dist not in allow:
                continue
            try:
                module = _load_object(value)
                self.register(module, name=name, distribution=dist)
            except Exception as exc:  # a broken plugin must not take the CLI down
                self._disable(name, dist, _why(exc))
                continue
            if version is not None:
                self._versions[dist] = version

    def _disable(self, name: str, distribution: str, why: str) -> None:
        """Record a broken plugin and warn once; it contributes nothing from now on."""
        plugin = self.pm.get_plugin(name) if self._pm is not None else None
        if plugin is not None:
            self.pm.unregister(plugin)
            self._registries.clear()
        where = name if name == distribution else f"{name} (distribution {distribution})"
        self.failed[name] = why if name == distribution else f"distribution {distribution}: {why}"
        log.warning("lmeval: warning: plugin %s is broken and disabled: %s (`lmeval ls "
                    "plugins` lists it; every other plugin works)", where, why)

    def load_local(self, spec: str | ModuleType) -> None:
        """Load ``module.name`` or ``path/to/plugin.py`` as a plugin."""
        if isinstance(spec, ModuleType):
            self.register(spec, distribution="local")
            return
        spec = spec.strip()
        try:
            if spec.endswith(".py") or os.sep in spec:
                path = Path(spec).resolve()
                if not path.is_file():
                    raise UsageError(f"--plugins: no such file {spec!r}")
                mod_name = f"lmeval_local_plugin_{path.stem}"
                from importlib import util as import_util  # only for a file plugin

                module_spec = import_util.spec_from_file_location(mod_name, path)
                assert module_spec and module_spec.loader
                module = import_util.module_from_spec(module_spec)
                sys.modules[mod_name] = module
                module_spec.loader.exec_module(module)
            else:
                module = importlib.import_module(spec)
        except ModuleNotFoundError as exc:
            raise UsageError(f"--plugins: cannot import {spec!r}: {exc}") from None
        try:
            self.register(module, name=spec, distribution="local")
        except PluginError as exc:
            raise UsageError(f"--plugins {spec}: {exc}") from None

    # -- registries --------------------------------------------------------------------
    def _fill(self, kind: str, hook_name: str) -> Registry:
        if kind in self._registries:
            return self._registries[kind]
        registry = Registry(kind)
        for plugin_name, dist, impl in self._impls(hook_name):
            def add(name: str, obj: Any, aliases: Iterable[str], meta: dict[str, Any], *,
                    _p: str = plugin_name, _d: str = dist) -> None:
                registry.add(name, obj, plugin=_p, distribution=_d, aliases=aliases, **meta)

            try:
                impl.function(**{arg: _register_callback(hook_name, plugin_name, dist, add)
                                 for arg in impl.argnames})
            except PluginError:
                raise
            except Exception as exc:  # a broken plugin must not take the CLI down
                if dist in (CORE_DISTRIBUTION, "local"):
                    raise
                self._disable(plugin_name, dist, f"{hook_name} raised {_why(exc)}")
                return self._fill(kind, hook_name)  # again, without what it half-registered
        self._registries[kind] = registry
        return registry

    def _impls(self, hook_name: str) -> list[tuple[str, str, Any]]:
        """(plugin name, distribution, hookimpl) of a hook, in registration order."""
        out = []
        for impl in reversed(getattr(self.pm.hook, hook_name).get_hookimpls()):
            plugin_name = self.pm.get_name(impl.plugin) or "?"
            out.append((plugin_name, self._distributions.get(plugin_name, "local"), impl))
        return out

    @property
    def models(self) -> Registry:
        return self._fill("model", "lmeval_register_models")

    @property
    def metrics(self) -> Registry:
        return self._fill("metric", "lmeval_register_metrics")

    @property
    def aggregations(self) -> Registry:
        return self._fill("aggregation", "lmeval_register_aggregations")

    @property
    def filters(self) -> Registry:
        return self._fill("filter", "lmeval_register_filters")

    @property
    def samplers(self) -> Registry:
        return self._fill("sampler", "lmeval_register_samplers")

    @property
    def dataset_loaders(self) -> Registry:
        return self._fill("dataset loader", "lmeval_register_dataset_loaders")

    @property
    def reporters(self) -> Registry:
        return self._fill("reporter", "lmeval_register_reporters")

    @property
    def executors(self) -> Registry:
        """Executors for ``lmeval run --executor`` (:mod:`lmeval.run.executors`)."""
        return self._fill("executor", "lmeval_register_executors")

    @property
    def commands(self) -> Registry:
        """Plugin subcommands (``lmeval <name>``); the core's own are not in it."""
        return self._fill("subcommand", "lmeval_register_commands")

    def task_sources(self) -> list[tuple[Path, str]]:
        """Task directories in registration order, with the distribution of each; the notes
        registered with them land in :attr:`task_notes`."""
        out: list[tuple[Path, str]] = []
        self.task_notes, self.task_note_roots = {}, {}
        if self._pm is None:  # nothing registered, nothing to ask
            return out
        for plugin_name, dist, impl in self._impls("lmeval_register_task_sources"):
            def add(path: Any, notes: Any, _aliases: Any, _meta: Any, *, _d: str = dist) -> None:
                out.append((Path(path), _d))
                self.task_notes.update({str(k): str(v) for k, v in (notes or {}).items()})
                self.task_note_roots.update({str(k): Path(path) for k in (notes or {})})

            try:
                impl.function(register=_register_callback("lmeval_register_task_sources",
                                                          plugin_name, dist, add))
            except PluginError:
                raise
            except Exception as exc:  # a broken plugin must not take the CLI down
                if dist in (CORE_DISTRIBUTION, "local"):
                    raise
                self._disable(plugin_name, dist, f"lmeval_register_task_sources raised {_why(exc)}")
                return self.task_sources()
        return out

    def fill_all(self) -> None:
        """Call every registration hook now (``lmeval ls plugins``): a plugin whose hook
        raises is disabled and listed in :attr:`failed`."""
        for registry in ("models", "metrics", "aggregations", "filters", "samplers",
                         "dataset_loaders", "reporters", "executors", "commands"):
            getattr(self, registry)
        self.task_sources()

    # -- models ------------------------------------------------------------------------
    def model_factory(self, name: str) -> Callable[..., Any]:
        self.check_model(name)
        return self.models.get(name).load()

    def check_model(self, name: str) -> None:
        """Fail with a suggestion or a ``pip install`` line when no backend has this name."""
        if name not in self.models:
            dist = KNOWN_BACKENDS.get(name)
            if dist:
                raise missing_library(dist, needed_by=f"model backend {name!r}")
            raise UsageError(self.models.unknown_message(name).replace("unknown model", "unknown model backend"))

    # -- observers ----------------------------------------------------------------------
    def notify(self, hook_name: str, **kwargs: Any) -> None:
        """Call an observer hook; a failing observer is logged and never ends the run."""
        hook = getattr(self.pm.hook, hook_name)
        for impl in hook.get_hookimpls():
            try:
                impl.function(**{k: kwargs[k] for k in impl.argnames})
            except Exception as exc:
                log.warning("lmeval: plugin %s failed in %s: %s",
                            self.pm.get_name(impl.plugin), hook_name, exc)

    # -- description ---------------------------------------------------------------------
    def plugins(self) -> list[tuple[str, str, str]]:
        """(plugin name, distribution, version) of every loaded plugin."""
        rows = []
        for name, _plugin in self.pm.list_name_plugin():
            dist = self._distributions.get(name, "local")
            rows.append((name, dist, self.version_of(dist)))
        return sorted(rows, key=lambda r: (r[1] != CORE_DISTRIBUTION, r[1], r[0]))

    def version_of(self, distribution: str) -> str:
        if distribution in self._versions:
            return self._versions[distribution]
        from importlib import metadata

        try:
            version = metadata.version(distribution)
        except metadata.PackageNotFoundError:
            version = ""
        self._versions[distribution] = version
        return version

    def distributions_used(self) -> dict[str, str]:
        return {d: self.version_of(d) for d in sorted(set(self._distributions.values())) if d != "local"}


_signatures: dict[str, inspect.Signature] = {}


def _register_signature(hook_name: str) -> inspect.Signature:
    """The signature of ``register`` for a hook: its Protocol's ``__call__`` (hookspecs), less self."""
    if hook_name not in _signatures:
        import inspect  # pluggy has imported it already: free here

        from lmeval import hookspecs

        annotation = getattr(hookspecs, hook_name).__annotations__["register"]
        signature = inspect.signature(getattr(hookspecs, str(annotation)).__call__)
        _signatures[hook_name] = signature.replace(parameters=list(signature.parameters.values())[1:])
    return _signatures[hook_name]


def _register_callback(hook_name: str, plugin: str, distribution: str,
                       add: Callable[[Any, Any, Iterable[str], dict[str, Any]], None]) -> Callable[..., None]:
    """The ``register`` handed to one plugin's hook: checks each call against the hook's typed
    signature, so a misspelled keyword fails naming the plugin instead of being dropped."""
    signature = _register_signature(hook_name)
    params = list(signature.parameters)

    def register(*args: Any, **kwargs: Any) -> None:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise PluginError(_bad_call(hook_name, plugin, distribution, params, kwargs, exc)) from None
        bound.apply_defaults()
        values = dict(bound.arguments)
        aliases = values.pop("aliases", ())
        if isinstance(aliases, str):
            raise PluginError(f"plugin {plugin!r} ({distribution}) called register() of {hook_name} "
                              f"with aliases={aliases!r}: a list of names, not a string")
        first = values.pop(params[0])
        second = values.pop(params[1]) if len(params) > 1 else None
        add(first, second, tuple(aliases), values)

    return register


def _bad_call(hook_name: str, plugin: str, distribution: str, params: list[str],
              kwargs: dict[str, Any], exc: TypeError) -> str:
    unknown = [k for k in kwargs if k not in params]
    if unknown:
        what = f"with an unknown keyword {unknown[0]!r}" + did_you_mean(unknown[0], params)
    else:
        what = f"wrongly ({exc})"
    return (f"plugin {plugin!r} ({distribution}) called register() of {hook_name} {what}; "
            f"it takes register({', '.join(params)})")


def _hook_names() -> list[str]:
    from lmeval import hookspecs

    return sorted(n for n in dir(hookspecs) if n.startswith("lmeval_")
                  and callable(getattr(hookspecs, n)))


def _check_hookimpls(pm: pluggy.PluginManager, plugin: object) -> None:
    """A :class:`PluginError` naming the closest hook when ``plugin`` implements a hook that
    does not exist (``lmeval_register_model``) or takes arguments its hook does not give;
    pluggy would fail only later, at ``check_pending`` or at the call, for every command."""
    import inspect

    from lmeval import hookspecs

    known = _hook_names()
    for attr in dir(plugin):
        opts = pm.parse_hookimpl_opts(plugin, attr) if attr.startswith("lmeval_") else None
        if opts is None:
            continue
        if attr not in known:
            if opts.get("optionalhook"):  # a hook of a newer lmeval, declared optional
                continue
            raise PluginError(f"it implements {attr!r}, which is no lmeval hook"
                              + did_you_mean(attr, closest(attr, known)[:1]))
        given = list(inspect.signature(getattr(plugin, attr)).parameters)
        expected = list(inspect.signature(getattr(hookspecs, attr)).parameters)
        unknown = [a for a in given if a not in expected]
        if unknown:
            raise PluginError(f"its {attr}({', '.join(given)}) takes {unknown[0]!r}, which "
                              f"the hook does not give{did_you_mean(unknown[0], expected)}; "
                              f"it is {attr}({', '.join(expected)})")


def _why(exc: BaseException) -> str:
    """One line for a plugin's failure: a PluginError as it is, else the exception's type."""
    text = " ".join(str(exc).split())
    return text if isinstance(exc, PluginError) else f"{type(exc).__name__}: {text}"


def _load_object(value: str) -> Any:
    """What an entry point's ``module:attr.path [extras]`` names."""
    module_name, _, attrs = value.split("[", 1)[0].partition(":")
    obj: Any = importlib.import_module(module_name.strip())
    for part in filter(None, attrs.strip().split(".")):
        obj = getattr(obj, part)
    return obj


def _environment_stamp() -> list[Any]:
    """Changes whenever a distribution is installed, removed or has its entry points edited."""
    stamp: list[Any] = [sys.version, sys.prefix]
    for entry in sys.path:
        try:
            stamp.append((entry, os.stat(entry or ".").st_mtime_ns))
            with os.scandir(entry or ".") as it:
                infos = sorted(e.name for e in it if e.name.endswith((".dist-info", ".egg-info")))
        except OSError:
            continue  # a zip file or a missing directory: only its path counts
        for info in infos:
            try:
                mtime = os.stat(os.path.join(entry or ".", info, "entry_points.txt")).st_mtime_ns
            except OSError:
                mtime = None
            stamp.append((info, mtime))
    return stamp


def entry_points() -> list[tuple[str, str, str | None, str | None]]:
    """``(name, value, distribution, version)`` of every ``lmeval`` entry point, sorted by name."""
    stamp = digest(json.dumps(_environment_stamp()).encode())
    cache = cache_root() / "entry-points" / f"{digest(sys.prefix.encode(), 8)}.json"
    try:
        blob = json.loads(cache.read_text(encoding="utf-8"))
        if blob["stamp"] == stamp:
            return [tuple(row) for row in blob["entry_points"]]  # type: ignore[misc]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    from importlib import metadata

    found = []
    for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = ep.dist.name if ep.dist is not None else None
        found.append((ep.name, ep.value, dist, ep.dist.version if ep.dist is not None else None))
    write_json(cache, {"stamp": stamp, "entry_points": found}, what="entry-point cache")
    return found


_default: PluginManager | None = None


def get_plugin_manager() -> PluginManager:
    """The process-wide plugin manager, created on first use."""
    global _default
    if _default is None:
        _default = PluginManager()
    return _default


def set_plugin_manager(pm: PluginManager | None) -> None:
    global _default
    _default = pm
