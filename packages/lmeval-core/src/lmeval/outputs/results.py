"""A finished run's files: the results JSON, the per-sample JSONL files and the markdown table
lm-eval prints; where they go, checked before the model loads, written whole or not at all, and
somewhere else (said in one line) when the place asked for fails at the end."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lmeval.errors import UsageError

if TYPE_CHECKING:
    from lmeval.outputs.samplestream import SampleStream

EvaluationResults = dict[str, Any]

HIGHER_IS_BETTER_SYMBOLS = {True: "↑", False: "↓"}
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def _hierarchy(group_subtasks: dict[str, list[str]], names: set[str]) -> tuple[list[int], list[str]]:
    """Table rows in tree order (a task under two groups is listed under both), with depths."""
    children = {g for subs in group_subtasks.values() for g in subs}
    roots = [g for g in group_subtasks if g not in children]
    depth: dict[str, int] = {}
    order: list[str] = []
    levels: list[int] = []

    def visit(name: str, level: int, path: tuple[str, ...] = ()) -> None:
        if name in path:
            return
        depth.setdefault(name, level)
        if name in names:
            order.append(name)
            levels.append(level)
        for child in group_subtasks.get(name, []):
            visit(child, level + 1, (*path, name))

    for root in roots:
        visit(root, 0)
    for name in sorted(names):
        if name not in depth:
            depth[name] = 0
            order.append(name)
            levels.append(0)
    return levels, order


def _markdown(headers: list[str], rows: list[list[str]]) -> str:
    columns = list(zip(*rows, strict=False)) if rows else [[] for _ in headers]
    right = [bool(col) and all(_NUMBER.match(v.strip()) or not v.strip() for v in col)
             and any(v.strip() for v in col) for col in columns]
    widths = [max([len(h), *(len(v) for v in col)]) for h, col in zip(headers, columns, strict=False)]
    widths = [max(w, 3) for w in widths]

    def cell(text: str, width: int, align_right: bool) -> str:
        return text.rjust(width) if align_right else text.ljust(width)

    head = "|" + "|".join(h.center(w) for h, w in zip(headers, widths, strict=False)) + "|"
    sep = "|" + "|".join(("-" * (w - 1) + ":") if r else "-" * w for w, r in zip(widths, right, strict=False)) + "|"
    body = ["|" + "|".join(cell(v, w, r) for v, w, r in zip(row, widths, right, strict=False)) + "|" for row in rows]
    return "\n".join([head, sep, *body]) + "\n"


def make_table(results: EvaluationResults, column: str = "results", sort_results: bool = False) -> str:
    """The markdown table of ``results[column]``, as lm-eval prints it."""
    headers = ["Groups" if column == "groups" else "Tasks", "Version", "Filter", "n-shot",
               "Metric", "", "Value", "", "Stderr"]
    data = results.get(column, {})
    levels, order = _hierarchy(results.get("group_subtasks", {}), set(data))
    keyed = [(n, 0) for n in sorted(data)] if sort_results else list(zip(order, levels, strict=False))
    rows: list[list[str]] = []
    for name, level in keyed:
        metrics = dict(data[name])
        version = results.get("versions", {}).get(name)
        version_text = "    N/A" if version is None else str(version)
        shots = str(results.get("n-shot", {}).get(name, " "))
        hib = results.get("higher_is_better", {}).get(name, {})
        label = metrics.pop("alias", name)
        for drop in ("name", "sample_len", "sample_count"):
            metrics.pop(drop, None)
        if level > 0:
            label = " " * level + "- " + label
        first = True
        for key, value in sorted(metrics.items()):
            metric, _, filt = key.partition(",")
            if metric.endswith("_stderr"):
                continue
            arrow = HIGHER_IS_BETTER_SYMBOLS.get(hib.get(metric), "")
            shown = f"{value:.4f}" if isinstance(value, float) else str(value)
            se_key = f"{metric}_stderr,{filt}"
            if se_key in metrics:
                se = metrics[se_key]
                se_text = "   N/A" if se == "N/A" else f"{se:.4f}"
                row = [label, version_text, filt, shots, metric, arrow, shown, "±", se_text]
            else:
                row = [label, version_text, filt, shots, metric, arrow, shown, "", ""]
            if not first:
                row[0], row[1] = "", ""
            rows.append(row)
            first = False
    return _markdown(headers, rows)


def summary_line(config: dict[str, Any]) -> str:
    return (f"{config.get('model')} ({config.get('model_args') or ''}), gen_kwargs: "
            f"({config.get('gen_kwargs')}), limit: {config.get('limit')}, num_fewshot: "
            f"{config.get('num_fewshot')}, batch_size: {config.get('batch_size')}")


def _default(obj: Any) -> Any:
    if hasattr(obj, "item"):
        return obj.item()
    if isinstance(obj, (set, tuple)):
        return list(obj)
    return str(obj)


def write_results(results: EvaluationResults, output_path: str | Path,
                  streamed: SampleStream | None = None) -> Path:
    """Write ``results_<timestamp>.json`` (and sample JSONL files) under ``output_path``;
    ``streamed``: the samples already on disk (:mod:`lmeval.outputs.samplestream`)."""
    samples = results.get("samples")
    if streamed is not None:
        results["task_hashes"] = streamed.task_hashes()
    elif samples:  # as lm-eval: one hash per task over its samples' doc, prompt and target hashes
        import hashlib

        results["task_hashes"] = {
            task: hashlib.sha256("".join(
                f"{s.get('doc_hash', '')}{s.get('prompt_hash', '')}{s.get('target_hash', '')}"
                for s in entries).encode("utf-8")).hexdigest()
            for task, entries in samples.items()}
    stamp = datetime.now().strftime("%Y-%m-%dT%H-%M-%S.%f")
    out = Path(output_path)
    if out.suffix == ".json":
        directory, file = out.parent, out
        named = re.match(r"^results_(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?)\.json$", out.name)
        if named:  # results_<stamp>.json: its samples files carry the same stamp (found beside it)
            stamp = named.group(1)
    else:
        directory = out / (results.get("model_name_sanitized") or "model")
        file = directory / f"results_{stamp}.json"
    directory.mkdir(parents=True, exist_ok=True)
    # each file whole or absent (temporary file, then rename); the samples first, so a results
    # file never stands beside missing or truncated samples
    if streamed is not None:
        streamed.move_to(directory, stamp)
    elif samples:  # lm-eval 0.4.13's layout: arguments as gen_args_i/arg_j, values stringified
        from lmeval.outputs.samplefile import dumps

        for task_name, entries in samples.items():
            write_atomic(directory / f"samples_{task_name}_{stamp}.jsonl",
                         (dumps(entry) + "\n" for entry in entries))
    body = {k: v for k, v in results.items() if k != "samples"}
    write_atomic(file, json.dumps(body, indent=2, default=_default, ensure_ascii=False) + "\n")
    return file


def read_results(path: str | Path) -> EvaluationResults:
    return json.loads(Path(path).read_text(encoding="utf-8"))


#: bytes written (and synced) to prove a place has room: a results file, the first answers
PROBE_BYTES = 1 << 20


def check_writable(path: str | os.PathLike[str] | None, flag: str, *, file_suffixes: tuple[str, ...] = (),
                   probe_bytes: int = PROBE_BYTES) -> None:
    """Raise :class:`UsageError` (exit 2) unless ``path`` can be created and written.

    ``path`` is a directory, or a file when it ends with one of ``file_suffixes`` (its folder is
    then checked). A dangling symbolic link on the way, a file where a folder is expected, a
    read-only or full file system (``probe_bytes`` are written and synced) are each one line.
    Nothing is left behind: missing folders are not created here.
    """
    if path is None or path == "":
        return
    target = Path(path).expanduser()
    folder = target.parent if target.suffix in file_suffixes else target
    if target != folder and target.is_dir():
        raise UsageError(f"{flag}: {target} is a directory, expected a {'/'.join(file_suffixes)} file")
    _no_dangling_link(target, flag)
    probe = folder
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise UsageError(f"{flag}: cannot write to {target}: {probe} is not a directory")
    try:
        with tempfile.NamedTemporaryFile(dir=probe, prefix=".lmeval-write-check-") as fh:
            if probe_bytes:
                fh.write(bytes(probe_bytes))
                fh.flush()
                os.fsync(fh.fileno())
    except OSError as exc:
        import errno

        why = exc.strerror or str(exc)
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            why = f"{why} (no room for {probe_bytes >> 10} KiB in {probe}{_free(probe)})"
        raise UsageError(f"{flag}: cannot write to {target}: {why}") from None


def _no_dangling_link(target: Path, flag: str) -> None:
    """``target`` or a folder above it is a symbolic link to nothing: the folder cannot be made."""
    for part in (target, *target.parents):
        if part.is_symlink() and not part.exists():
            raise UsageError(f"{flag}: cannot write to {target}: {part} is a symbolic link to "
                             f"{os.readlink(part)}, which does not exist")
        if part.exists():
            return


def _free(folder: Path) -> str:
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):
        return ""
    return f", {st.f_bavail * st.f_frsize >> 10} KiB free"


def write_atomic(path: Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (or its pieces, streamed) to ``path`` through a temporary file and a
    rename: the file is whole or absent."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)  # as a plain open() would create it, not mkstemp's 0600
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            if isinstance(text, str):
                fh.write(text)
            else:
                fh.writelines(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def fallback_dir() -> Path:
    """Where results go when ``--output_path`` fails at the end of a run."""
    from lmeval.run.cachedir import cache_root

    return cache_root() / "unsaved-results"


def save_results(results: dict[str, Any], output_path: str | os.PathLike[str],
                 streamed: SampleStream | None = None) -> int:
    """Write the results (and samples) under ``output_path``; if that fails, under
    :func:`fallback_dir`. One line on stderr says where they are. Returns the exit status."""
    try:
        path = write_results(results, output_path, streamed)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        try:
            path = write_results(results, fallback_dir(), streamed)
        except OSError as again:
            print(f"lmeval: error: cannot write the results to {output_path} ({reason}) nor to "
                  f"{fallback_dir()} ({again.strerror or again}); only the table above is left",
                  file=sys.stderr)
            return 1
        print(f"lmeval: error: cannot write the results to {output_path} ({reason}); they were "
              f"written to {path} instead", file=sys.stderr)
        return 1
    print(f"lmeval: results written to {path}", file=sys.stderr)
    return 0
