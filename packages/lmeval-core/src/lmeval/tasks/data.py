"""Dataset loading: plugin loaders, an offline mirror, local json/jsonl/csv, then HF ``datasets``.

Order for a task's ``dataset_path``:
1. a loader registered under that name through ``lmeval_register_dataset_loaders``;
2. the offline mirror ``$LMEVAL_DATASETS_DIR/<dataset_path>/<dataset_name or "default">/<split>.<ext>``
   (an air-gapped copy of hub datasets; ``<ext>`` is jsonl, json, csv or parquet);
3. the built-in local loader: ``dataset_path: json|jsonl|csv|parquet|text`` with
   ``dataset_kwargs.data_files``, or ``dataset_path`` naming a local directory of
   ``<split>.<ext>`` files (a ``hf://datasets/<owner>/<name>/<path>`` data file is read from
   ``$LMEVAL_DATASETS_DIR/<owner>/<name>/<path>`` when the mirror has it);
4. HF ``datasets.load_dataset`` when ``datasets`` is installed.

Local files give the documents ``datasets`` would: CSV columns are typed as its (pandas-based)
CSV reader types them (:func:`typed_csv_rows`), and a ``text`` file is one ``{"text": line}``
document per line.
"""

from __future__ import annotations

import csv
import glob
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from lmeval.errors import ConfigError, UsageError, did_you_mean
from lmeval.hookspecs import RegisterDatasetLoader, hookimpl
from lmeval.requires import require
from lmeval.tasks.dataset_revision import check_pinned_revision
from lmeval.tasks.doclist import DocList, JsonLinesDocs

MIRROR_ENV = "LMEVAL_DATASETS_DIR"
_EXTENSIONS = ("jsonl", "json", "csv", "parquet")


Splits = dict[str, Any]

#: Cells pandas' ``read_csv`` reads as missing (its default ``na_values``), which HF ``datasets``
#: hands over as None.
CSV_NA_VALUES = frozenset({
    "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
    "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"})
_CSV_TRUE = frozenset({"True", "TRUE", "true"})
_CSV_FALSE = frozenset({"False", "FALSE", "false"})
_CSV_INT = re.compile(r"\s*[+-]?\d+\s*")
_CSV_FLOAT = re.compile(r"\s*[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity)\s*",
                        re.IGNORECASE)


def _csv_column_type(values: list[Any]) -> str:
    """``bool``, ``int``, ``float`` or ``str``: what ``datasets`` (pandas) makes of a column."""
    if not all(v is None or isinstance(v, str) for v in values):
        return "raw"  # surplus fields of a long row (csv puts them in a list): left as they are
    present = [v for v in values if v is not None and v not in CSV_NA_VALUES]
    missing = len(present) < len(values)
    if not present:
        return "float"  # an all-missing column is float64 of nulls
    if all(v in _CSV_TRUE or v in _CSV_FALSE for v in present):
        return "bool"
    if all(_CSV_INT.fullmatch(v) for v in present):
        return "float" if missing else "int"  # pandas has no missing ints: the column is float
    if all(_CSV_FLOAT.fullmatch(v) for v in present):
        return "float"
    return "str"


def _csv_cell(value: Any, kind: str) -> Any:
    if kind == "raw":
        return value
    if value is None or value in CSV_NA_VALUES:
        return None
    if kind == "int":
        return int(value)
    if kind == "float":
        return float(value)
    if kind == "bool":
        return value in _CSV_TRUE
    return value


def typed_csv_rows(rows: Iterable[dict[str, str | None]]) -> list[dict[str, Any]]:
    """CSV rows with the column types HF ``datasets`` gives them (it reads CSV with pandas).

    Per column, over the whole file: a column whose present cells all parse as integers is int
    (float when some cell is missing), else float when they all parse as numbers, bool when
    they are all True/False (any case pandas accepts), else str. Missing cells (empty, ``NA``,
    ``null`` ... pandas' default ``na_values``) are None in every column.
    """
    rows = list(rows)
    if not rows:
        return rows
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    kinds = {c: _csv_column_type([row.get(c) for row in rows]) for c in columns}
    return [{c: _csv_cell(v, kinds[c]) for c, v in row.items()} for row in rows]


class DataFileError(ConfigError):
    """A data file that cannot be read, located at its file and line."""


def _json_lines(path: Path, lines: Iterable[str]) -> Iterator[Any]:
    """One JSON document per non-empty line; a bad line is named by its real line number."""
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield _json_line(path, number, line)


def _json_line(path: Path, number: int, line: str) -> Any:
    """Line ``number`` of ``path`` parsed; a bad line is a :class:`DataFileError` naming it."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"invalid JSON on this line: {exc.msg} (column {exc.colno})",
                            file=str(path), line=number) from None


def _json_document(path: Path, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"invalid JSON: {exc.msg} (column {exc.colno})",
                            file=str(path), line=exc.lineno) from None


def _read_text(path: Path, raw: bytes | None = None) -> str:
    """The file (or its bytes ``raw``) as UTF-8 text; undecodable bytes are named by their line."""
    raw = path.read_bytes() if raw is None else raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"not UTF-8 text: {exc.reason} at byte {exc.start}", file=str(path),
                            line=raw.count(b"\n", 0, exc.start) + 1) from None


def _json_lines_held(path: Path, raw: bytes) -> JsonLinesDocs:
    """The documents of JSON lines ``raw`` (checked UTF-8), each held as its line.

    Every non-empty line is parsed once here, so a bad line fails now, named as
    :func:`_json_line` names it; :class:`JsonLinesDocs` parses it again on each access.
    """
    from array import array

    starts, ends = array("q"), array("q")
    start, number, size = 0, 0, len(raw)
    while start <= size:
        end = raw.find(b"\n", start)
        end = size if end < 0 else end
        number += 1
        line = raw[start:end].decode("utf-8")  # "\n" never occurs inside a UTF-8 character
        if line.strip():
            _json_line(path, number, line)
            starts.append(start)
            ends.append(end)
        start = end + 1
    return JsonLinesDocs(raw, starts, ends)


def read_rows(path: Path) -> DocList:
    suffix = path.suffix.lower().lstrip(".")
    if suffix == "jsonl":
        raw = path.read_bytes()
        _read_text(path, raw)  # undecodable bytes fail first, as for every file
        return _json_lines_held(path, raw)
    if suffix == "json":
        raw = path.read_bytes()
        text = _read_text(path, raw)
        stripped = text.lstrip()
        if stripped.startswith("["):
            return DocList(_json_document(path, text))
        if stripped.startswith("{") and "\n{" not in stripped:
            data = _json_document(path, text)
            if isinstance(data, dict) and "data" in data and isinstance(data["data"], list):
                return DocList(data["data"])
            return DocList([data])
        del text, stripped
        return _json_lines_held(path, raw)
    if suffix == "csv":
        import io

        reader = csv.DictReader(io.StringIO(_read_text(path), newline=""))
        try:
            return DocList(typed_csv_rows(reader))
        except csv.Error as exc:
            raise DataFileError(f"invalid CSV: {exc}", file=str(path),
                                line=reader.reader.line_num) from None
    if suffix == "txt":
        # HF ``datasets``' "text" loader: one document per line, ``{"text": line}``; the file is
        # read with universal newlines, split on "\n" only, empty lines kept
        with path.open(encoding="utf-8") as fh:
            return DocList({"text": line.rstrip("\n")} for line in fh)
    if suffix == "parquet":
        pq = require("pyarrow.parquet", needed_by=f"{path}: reading parquet")
        return DocList(pq.read_table(path).to_pylist())
    raise UsageError(f"{path}: unsupported data file type {suffix!r} "
                     f"(use jsonl, json, csv, parquet or txt)")


def _files_in(directory: Path) -> dict[str, list[Path]]:
    splits: dict[str, list[Path]] = {}
    for path in sorted(directory.iterdir()):
        ext = path.suffix.lower().lstrip(".")
        if path.is_file() and ext in _EXTENSIONS:
            split = path.stem.split("-")[0]
            splits.setdefault(split, []).append(path)
    return splits


def _joined(parts: list[Any]) -> Any:
    """One split of several files' documents; JSON lines stay held as lines."""
    if len(parts) == 1:
        return parts[0]
    if parts and all(isinstance(p, JsonLinesDocs) for p in parts):
        return JsonLinesDocs.joined(parts)
    return DocList(row for part in parts for row in part)


def _load_split_files(files: Mapping[str, list[Path]]) -> Splits:
    return {split: _joined([read_rows(p) for p in paths]) for split, paths in files.items()}


class DatasetNameError(UsageError):
    """A ``dataset_name`` the dataset does not have (blamed on the task's ``dataset_name``)."""


def mirror_dir(dataset_path: str, dataset_name: str | None) -> Path | None:
    """The mirror's folder for this dataset and config, None when the mirror lacks the dataset.

    A dataset mirrored with only a ``default`` folder serves every ``dataset_name``; one with
    named configs refuses a name it does not have, with the closest existing names.
    """
    root = os.environ.get(MIRROR_ENV)
    if not root:
        return None
    for name in ([dataset_name] if dataset_name else []) + ["default"]:
        candidate = Path(root, dataset_path, name)
        if candidate.is_dir():
            if name == "default" and dataset_name not in (None, "", "default"):
                _check_config_name(Path(root, dataset_path), dataset_path, dataset_name)
            return candidate
    if dataset_name:
        _check_config_name(Path(root, dataset_path), dataset_path, dataset_name)
    return None


_UNKNOWN_CONFIG = re.compile(r"BuilderConfig '(?P<name>[^']*)' not found\. Available: (?P<names>\[.*\])")


def unknown_hub_config(exc: Exception, dataset_path: str,
                       dataset_name: str | None) -> DatasetNameError | None:
    """HF datasets' "BuilderConfig 'x' not found. Available: [...]" as a ``dataset_name`` error
    with the closest names; None for any other error."""
    found = _UNKNOWN_CONFIG.search(str(exc))
    if found is None:
        return None
    import ast

    try:
        names = [str(n) for n in ast.literal_eval(found["names"])]
    except (ValueError, SyntaxError):
        names = []
    return DatasetNameError(
        f"dataset {dataset_path!r} on the Hub has no config {dataset_name or found['name']!r}"
        + (did_you_mean(dataset_name or found["name"], names) or "")
        + f"; its configs: {', '.join(names[:20]) or 'none'}")


def _check_config_name(dataset_dir: Path, dataset_path: str, dataset_name: str) -> None:
    """Refuse ``dataset_name`` when ``dataset_dir`` holds configs as folders and not this one."""
    try:
        configs = sorted(p.name for p in dataset_dir.iterdir()
                         if p.is_dir() and p.name != "default" and _files_in(p))
    except OSError:
        return
    if configs:
        raise DatasetNameError(
            f"dataset {dataset_path!r} has no config {dataset_name!r} in {dataset_dir}"
            + (did_you_mean(dataset_name, configs) or f"; it has {', '.join(configs[:10])}"))


def _data_files(kwargs: Mapping[str, Any], base_dirs: Iterable[Path]) -> dict[str, list[Path]]:
    data_files = kwargs.get("data_files")
    if data_files is None:
        raise UsageError("a json/csv dataset needs dataset_kwargs.data_files (a path, a list, "
                         "or a mapping of split name to path)")
    if isinstance(data_files, (str, list)):
        data_files = {"train": data_files}
    out: dict[str, list[Path]] = {}
    for split, value in data_files.items():
        paths = [value] if isinstance(value, str) else list(value)
        resolved = []
        for p in paths:
            candidates = [Path(p)] + [b / p for b in base_dirs]
            if any(ch in str(p) for ch in "*?["):  # a glob, as HF datasets takes one
                matches = next((sorted(Path(m) for m in glob.glob(str(c))) for c in candidates
                                if glob.glob(str(c))), [])
                if matches:
                    resolved.extend(m for m in matches if m.is_file())
                    continue
            found = next((c for c in candidates if c.is_file()), None)
            if found is None:
                raise UsageError(f"data file {p!r} for split {split!r} not found "
                                 f"(looked in {', '.join(str(c.parent) for c in candidates)})")
            resolved.append(found)
        out[split] = resolved
    return out


_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def remote_data_files(dataset_kwargs: Mapping[str, Any] | None) -> list[str]:
    """The ``data_files`` that are URLs (``hf://datasets/...``, ``https://``, ``s3://``...): HF
    ``datasets`` fetches them, as it does for lm-eval."""
    data_files = (dataset_kwargs or {}).get("data_files")
    if isinstance(data_files, Mapping):
        values = list(data_files.values())
    else:
        values = [data_files]
    flat = [v for value in values for v in (value if isinstance(value, list) else [value])]
    return [v for v in flat if isinstance(v, str) and _URL.match(v)]


def _hub_file_in_mirror(url: str) -> str:
    """``hf://datasets/<owner>/<name>[@rev]/<path>`` as ``$LMEVAL_DATASETS_DIR/<owner>/<name>/<path>``
    when the mirror holds that file; anything else unchanged."""
    root = os.environ.get(MIRROR_ENV)
    prefix = "hf://datasets/"
    if not root or not isinstance(url, str) or not url.startswith(prefix):
        return url
    parts = url[len(prefix):].split("/")
    if len(parts) < 3:
        return url
    candidate = Path(root, parts[0], parts[1].split("@")[0], *parts[2:])
    return str(candidate) if candidate.is_file() else url


def mirror_hub_files(dataset_kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """``dataset_kwargs`` with its ``hf://datasets/...`` data files read from the offline mirror
    where it has them (an air-gapped copy of a hub repository's files)."""
    kwargs = dict(dataset_kwargs)
    files = kwargs.get("data_files")
    if isinstance(files, Mapping):
        kwargs["data_files"] = {k: [_hub_file_in_mirror(f) for f in v] if isinstance(v, list)
                                else _hub_file_in_mirror(v) for k, v in files.items()}
    elif isinstance(files, list):
        kwargs["data_files"] = [_hub_file_in_mirror(f) for f in files]
    elif files is not None:
        kwargs["data_files"] = _hub_file_in_mirror(files)
    return kwargs


def _import_datasets(why: str, hint: str = "") -> Any:
    return require("datasets", needed_by=why, library="HF datasets", install="datasets",
                   note=f"(or lmeval-core[datasets]){hint}")


def load_splits(dataset_path: str, dataset_name: str | None = None,
                dataset_kwargs: Mapping[str, Any] | None = None, *,
                loaders: Mapping[str, Callable[..., Any]] | None = None,
                base_dirs: Iterable[Path] = ()) -> Splits:
    """Load every split of a dataset as lists of dicts (or ``datasets`` objects)."""
    kwargs = dict(dataset_kwargs or {})
    if loaders and dataset_path in loaders:
        return dict(loaders[dataset_path](dataset_path, dataset_name, **kwargs))
    mirrored = mirror_dir(dataset_path, dataset_name)
    if mirrored is not None:
        return _load_split_files(_files_in(mirrored))
    if dataset_path in ("json", "jsonl", "csv", "parquet", "text"):
        kwargs = mirror_hub_files(kwargs)
        remote = remote_data_files(kwargs)
        if not remote:
            return _load_split_files(_data_files(kwargs, base_dirs))
        datasets = _import_datasets(f"data file {remote[0]!r} (a URL)")
        builder = "json" if dataset_path == "jsonl" else dataset_path  # lmeval's alias for json
        return dict(datasets.load_dataset(path=builder, name=dataset_name, **kwargs))
    local = next((b / dataset_path for b in [Path("."), *base_dirs] if (b / dataset_path).is_dir()), None)
    if local is not None:
        sub = local / dataset_name if dataset_name and (local / dataset_name).is_dir() else local
        if dataset_name and sub is local:
            _check_config_name(local, dataset_path, dataset_name)  # configs as subfolders
        files = _files_in(sub)
        if files:
            return _load_split_files(files)
    datasets = _import_datasets(
        f"dataset {dataset_path!r} (not a local folder)",
        f"; or put a copy under ${MIRROR_ENV}/{dataset_path}/{dataset_name or 'default'}/<split>.jsonl")
    kwargs.pop("trust_remote_code", None) if datasets.__version__ >= "4" else None
    from lmeval.tasks.hubaccess import load_from_hub

    try:
        loaded = dict(load_from_hub(lambda: datasets.load_dataset(
            path=dataset_path, name=dataset_name, **kwargs), dataset_path, dataset_name))
    except ValueError as exc:
        unknown = unknown_hub_config(exc, dataset_path, dataset_name)
        if unknown is None:
            raise
        raise unknown from None
    check_pinned_revision(loaded, dataset_path, kwargs.get("revision"))
    return loaded


def get_split(splits: Splits, name: str, *, dataset: str) -> Any:
    if name not in splits:
        available = sorted(splits)
        raise UsageError(f"dataset {dataset!r} has no split {name!r}; it has: "
                         f"{', '.join(available) or 'none'}" + did_you_mean(name, available))
    split = splits[name]
    return split if isinstance(split, (DocList, JsonLinesDocs)) or hasattr(split, "features") \
        else DocList(split)


def iter_jsonl(path: Path) -> Iterator[dict]:
    with path.open(encoding="utf-8") as fh:  # streamed: it may be large
        yield from _json_lines(path, fh)


@hookimpl
def lmeval_register_dataset_loaders(register: RegisterDatasetLoader) -> None:
    """The core registers no named loader: local files and the mirror are built in."""
