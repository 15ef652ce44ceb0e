"""Reading task YAML: line numbers for every key, ``!function`` references, ``include``.

Every mapping is loaded as a :class:`LocatedDict` that remembers the file and the line of each
key, so a problem can be reported as ``file:line: field: message``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from lmeval.errors import ConfigError

try:
    _BaseLoader = yaml.CSafeLoader  # type: ignore[attr-defined]
except AttributeError:  # pragma: no cover - PyYAML without libyaml
    _BaseLoader = yaml.SafeLoader
_MERGE_TAG = "tag:yaml.org,2002:merge"


class LocatedDict(dict):
    """A dict that knows the file and line of each of its keys."""

    file: str | None = None
    line: int | None = None
    lines: dict[str, int]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines = {}

    def line_of(self, key: str) -> int | None:
        return self.lines.get(key, self.line)


@dataclass(frozen=True)
class FunctionRef:
    """A ``!function module.attr`` reference, resolved on first use."""

    spec: str
    base_dir: str
    file: str
    line: int

    def resolve(self) -> Any:
        module_name, _, attr = self.spec.rpartition(".")
        if not module_name or not attr:
            raise ConfigError(f"!function {self.spec!r} is not of the form module.function",
                              file=self.file, line=self.line, field="!function")
        candidate = Path(self.base_dir, *module_name.split(".")).with_suffix(".py")
        from lmeval.run.timelimit import TimeLimit, limit_seconds

        with TimeLimit(limit_seconds(), self._timed_out(candidate, module_name)):
            module = self._import(candidate, module_name)
        try:
            return getattr(module, attr)
        except AttributeError:
            names = [n for n in dir(module) if not n.startswith("_")]
            from lmeval.errors import did_you_mean

            raise ConfigError(f"!function {self.spec}: module {module_name!r} has no "
                              f"attribute {attr!r}" + did_you_mean(attr, names),
                              file=self.file, line=self.line, field="!function") from None

    def _timed_out(self, candidate: Path, module_name: str) -> Any:
        def error(exc: Any) -> ConfigError:
            what = candidate if candidate.is_file() else module_name
            where = exc.where()
            return ConfigError(f"!function {self.spec}: importing {what} {exc} (an endless "
                               f"loop?){f'; stopped at {where}' if where else ''}; "
                               "LMEVAL_TASK_CODE_TIMEOUT sets the limit",
                               file=self.file, line=self.line, field="!function")

        return error

    def _import(self, candidate: Path, module_name: str) -> Any:
        try:
            if candidate.is_file():
                key = f"lmeval_taskfn_{abs(hash(str(candidate)))}"
                module = sys.modules.get(key)
                if module is None:
                    spec = importlib.util.spec_from_file_location(key, candidate)
                    assert spec and spec.loader
                    module = importlib.util.module_from_spec(spec)
                    sys.modules[key] = module
                    sys.path.insert(0, self.base_dir)
                    shadowed = _hide_foreign_siblings(self.base_dir)
                    before = set(sys.modules)
                    try:
                        spec.loader.exec_module(module)
                    except SystemExit as exc:  # a helper that exits when a tool is missing
                        del sys.modules[key]
                        raise ConfigError(f"!function {self.spec}: importing {module_name} called "
                                          f"sys.exit({exc.code!r})",
                                          file=self.file, line=self.line, field="!function") from None
                    except BaseException:
                        del sys.modules[key]
                        raise
                    finally:
                        sys.path.remove(self.base_dir)
                        _forget_siblings(set(sys.modules) - before, self.base_dir)
                        sys.modules.update(shadowed)
            else:
                module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if candidate.is_file():  # the module is there; something it imports is not
                needs = f"module {exc.name!r} is not installed" if exc.name else str(exc)
                raise ConfigError(f"!function {self.spec}: importing {candidate} failed: {needs}"
                                  + (f" ({exc})" if exc.name and exc.name not in str(exc) else ""),
                                  file=self.file, line=self.line, field="!function") from None
            raise ConfigError(
                f"!function {self.spec}: no module {module_name!r} beside the YAML "
                f"({candidate}) nor importable ({exc})",
                file=self.file, line=self.line, field="!function") from None
        except ConfigError:
            raise
        except Exception as exc:
            raise ConfigError(f"!function {self.spec}: importing {module_name} failed: "
                              f"{type(exc).__name__}: {exc}",
                              file=self.file, line=self.line, field="!function") from None
        except SystemExit as exc:  # an importable module that exits
            raise ConfigError(f"!function {self.spec}: importing {module_name} called "
                              f"sys.exit({exc.code!r})",
                              file=self.file, line=self.line, field="!function") from None
        return module

    def __str__(self) -> str:
        return f"!function {self.spec}"


def _hide_foreign_siblings(folder: str) -> dict[str, Any]:
    """Take out of ``sys.modules``, for the time a helper is imported, every module named like a
    file or package of the helper's folder but loaded from elsewhere (another folder's ``utils``
    that code outside lmeval imported by a plain name), so the helper's ``import utils`` is its
    own sibling; the caller puts them back."""
    hidden: dict[str, Any] = {}
    prefix = os.path.join(os.path.abspath(folder), "")
    try:
        entries = os.listdir(folder)
    except OSError:
        return hidden
    for entry in entries:
        name = entry[:-3] if entry.endswith(".py") else entry
        module = sys.modules.get(name)
        if module is None or not name.isidentifier():
            continue
        origin = getattr(module, "__file__", None)
        if not (isinstance(origin, str) and os.path.abspath(origin).startswith(prefix)):
            hidden[name] = sys.modules.pop(name)
    return hidden


def _forget_siblings(names: set[str], folder: str) -> None:
    """Drop from ``sys.modules`` the modules a helper imported from its own folder by a plain
    name (``import utils``): the helper keeps them, but another task folder's ``utils`` must not
    resolve to this one."""
    prefix = os.path.join(os.path.abspath(folder), "")
    for name in names:
        origin = getattr(sys.modules.get(name), "__file__", None)
        if (isinstance(origin, str) and os.path.abspath(origin).startswith(prefix)
                and not name.startswith("lmeval_taskfn_")):
            del sys.modules[name]


def _make_loader(path: Path, duplicates: list[DuplicateKey]) -> type:
    class Loader(_BaseLoader):  # type: ignore[misc, valid-type]
        pass

    def construct_mapping(loader: Any, node: yaml.MappingNode) -> LocatedDict:
        written = sum(1 for key_node, _ in node.value if key_node.tag != _MERGE_TAG)
        loader.flatten_mapping(node)  # merged (``<<``) pairs first: the keys written here win
        first_written = len(node.value) - written
        out = LocatedDict()
        out.file, out.line = str(path), node.start_mark.line + 1
        for i, (key_node, value_node) in enumerate(node.value):
            key = loader.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if key in out and i >= first_written:
                duplicates.append(DuplicateKey(str(path), line, str(key), out.lines[key]))
            out[key] = loader.construct_object(value_node, deep=True)  # the last one wins
            out.lines[key] = line
        return out

    def construct_function(loader: Any, node: yaml.Node) -> FunctionRef:
        return FunctionRef(str(loader.construct_scalar(node)), str(path.parent), str(path),
                           node.start_mark.line + 1)

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    Loader.add_constructor("!function", construct_function)
    return Loader


def read_yaml(path: str | Path) -> LocatedDict:
    """Parse one YAML file (no include resolution). A key written twice in one mapping keeps
    its last value, as PyYAML gives lm-eval; :func:`duplicate_keys` lists them."""
    path = Path(path)
    try:
        data_bytes = path.read_bytes()  # bytes: PyYAML reads the BOM (UTF-8 or UTF-16)
    except FileNotFoundError:
        raise ConfigError("file not found", file=str(path)) from None
    except IsADirectoryError:
        raise ConfigError("is a directory, not a YAML file", file=str(path)) from None
    duplicates: list[DuplicateKey] = []
    loader = _make_loader(path, duplicates)(data_bytes)
    try:
        node = loader.get_single_node()
        bounded(node, path)  # an alias bomb stops here, before anything walks its values
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(f"invalid YAML: {problem}", file=str(path),
                          line=mark.line + 1 if mark else None) from None
    except (ValueError, TypeError, IndexError) as exc:  # PyYAML constructors, e.g. an unhashable key
        raise ConfigError(f"invalid YAML: {type(exc).__name__}: {exc}", file=str(path)) from None
    except RecursionError:  # the pure-Python composer, on nesting past the interpreter's limit
        raise ConfigError("invalid YAML: values nested too deep", file=str(path)) from None
    finally:
        loader.dispose()
    if data is None:
        data = LocatedDict()
        data.file, data.line = str(path), 1
    if not isinstance(data, dict):
        raise ConfigError(f"expected a mapping at the top level, got {type(data).__name__}",
                          file=str(path), line=1)
    data.__dict__["duplicates"] = duplicates
    return data


def bounded(node: yaml.Node | None, path: Path) -> None:
    """Raise a located :class:`ConfigError` when ``node`` passes a bound of
    :mod:`lmeval.tasks.yamlbounds` (an alias bomb, nesting too deep, a recursive alias)."""
    from lmeval.tasks.yamlbounds import check_bounds

    problem = check_bounds(node)
    if problem is not None:
        raise ConfigError(problem.message, file=str(path), line=problem.line, field=problem.key)


class DuplicateKey(NamedTuple):
    """A key written twice in one mapping: the later one is used."""

    file: str
    line: int
    key: str
    first_line: int

    def message(self) -> str:
        return (f"{self.file}:{self.line}: {self.key}: duplicate key (first at line "
                f"{self.first_line}); the last one is used, as lm-eval does")


def duplicate_keys(config: dict) -> list[DuplicateKey]:
    """The duplicate keys of a loaded config and of every file it includes."""
    return list(config.__dict__.get("duplicates", ())) if isinstance(config, LocatedDict) else []


def load_config(path: str | Path, _chain: tuple[str, ...] = ()) -> LocatedDict:
    """Parse a YAML file and resolve ``include`` (shallow merge; local keys win).

    With a list of includes, later entries win over earlier ones, as in lm-eval 0.4.13; an
    included file's ``task_list`` is not inherited.
    """
    path = Path(path).resolve()
    if str(path) in _chain:
        chain = " -> ".join([*_chain, str(path)])
        raise ConfigError(f"include cycle: {chain}", file=_chain[-1], field="include")
    return _merge_includes(read_yaml(path), path, _chain)


def resolve_includes(config: LocatedDict) -> LocatedDict:
    """An inline config (a group member written in its group's file) with its ``include``
    merged, relative to that file's folder, as a file's own ``include`` is."""
    if "include" not in config or not config.file:
        return config
    return _merge_includes(config, Path(config.file).resolve(), ())


def _merge_includes(data: LocatedDict, path: Path, _chain: tuple[str, ...]) -> LocatedDict:
    include = data.get("include")
    if include is None:
        return data
    includes = [include] if isinstance(include, str) else include
    if not isinstance(includes, list) or not all(isinstance(i, str) for i in includes):
        raise ConfigError("expected a file name or a list of file names", file=str(path),
                          line=data.line_of("include"), field="include")
    merged = LocatedDict()
    merged.file, merged.line = data.file, data.line
    duplicates = list(duplicate_keys(data))
    for inc in includes:
        inc_path = (path.parent / inc) if not Path(inc).is_absolute() else Path(inc)
        if str(inc_path.resolve()) in (*_chain, str(path)):
            chain = " -> ".join(Path(p).name for p in (*_chain, str(path), str(inc_path.resolve())))
            raise ConfigError(f"include cycle: {chain}", file=str(path),
                              line=data.line_of("include"), field="include")
        if not inc_path.exists():
            raise ConfigError(f"included file {inc!r} not found (looked in {path.parent})",
                              file=str(path), line=data.line_of("include"), field="include")
        parent = load_config(inc_path, (*_chain, str(path)))
        duplicates.extend(duplicate_keys(parent))
        for key, value in parent.items():
            if key == "task_list":
                continue
            merged[key] = value
            merged.lines[key] = parent.lines.get(key, parent.line or 1)
            merged.__dict__.setdefault("origins", {})[key] = parent.origin_of(key) \
                if hasattr(parent, "origin_of") else parent.file
    for key, value in data.items():
        if key == "include":
            continue
        merged[key] = value
        merged.lines[key] = data.lines.get(key, data.line or 1)
        merged.__dict__.setdefault("origins", {})[key] = str(path)
    merged.__dict__["duplicates"] = duplicates
    return merged


def origin_of(config: dict, key: str) -> tuple[str | None, int | None]:
    """The file and line where ``key`` of a loaded config was written."""
    if isinstance(config, LocatedDict):
        origins = config.__dict__.get("origins", {})
        return origins.get(key, config.file), config.line_of(key)
    return None, None


LocatedDict.origin_of = lambda self, key: origin_of(self, key)[0]  # type: ignore[attr-defined]
