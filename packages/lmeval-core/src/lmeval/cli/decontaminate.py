"""``lmeval decontaminate``: which task documents appear in a training corpus (13-gram overlap),
and optionally a copy of the corpus with those n-grams cut out (the GPT-3 janitor)."""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

HELP = "find task documents in a training corpus (13-gram overlap) and clean the corpus"
CORPUS_SUFFIXES = (".txt", ".jsonl", ".json", ".txt.gz", ".jsonl.gz")


def add_parser(sub: argparse._SubParsersAction) -> None:
    from lmeval import decontamination as d

    p = sub.add_parser("decontaminate", help=HELP, description=HELP + ". Tasks take part when their YAML "
                       "sets should_decontaminate: true (or with --all_tasks); their n-grams come from "
                       "doc_to_decontamination_query.")
    p.add_argument("--tasks", "-t", nargs="+", required=True, metavar="<task>",
                   help="task, group or tag names, comma separated; wildcards allowed")
    p.add_argument("--corpus", nargs="+", required=True, metavar="<file|dir>",
                   help="training data: .txt (one document per file), .jsonl/.json (one document per "
                        "record, see --text_field), optionally .gz; directories are searched recursively")
    p.add_argument("--text_field", default="text", metavar="<name>", help="JSON field holding the text (default: text)")
    p.add_argument("--include_path", action="append", default=None, metavar="<path>",
                   help="extra directory of task YAMLs")
    p.add_argument("--plugins", action="append", default=None, metavar="<module|file.py>",
                   help="load a local plugin module (repeatable); also LMEVAL_PLUGINS")
    p.add_argument("--all_tasks", action="store_true",
                   help="also check tasks without should_decontaminate (query: doc_to_text)")
    p.add_argument("--limit", type=int, default=None, metavar="<n>", help="documents per task (testing only)")
    p.add_argument("--ngram_n", type=int, default=d.NGRAM_N, metavar="<n>", help="n-gram size (default 13)")
    p.add_argument("--window_to_remove", type=int, default=d.WINDOW_TO_REMOVE, metavar="<chars>",
                   help="characters cut on each side of a match when cleaning (default 200)")
    p.add_argument("--minimum_slice_length", type=int, default=d.MINIMUM_SLICE_LENGTH, metavar="<chars>",
                   help="clean chunks this short or shorter are dropped (default 200)")
    p.add_argument("--too_dirty_cutoff", type=int, default=d.TOO_DIRTY_CUTOFF, metavar="<n>",
                   help="a training document with more matches is dropped whole (default 10)")
    p.add_argument("--clean_output", default=None, metavar="<file.jsonl>",
                   help="write the cleaned corpus here, one chunk per line")
    p.add_argument("--output_path", "-o", default=None, metavar="<file.json>",
                   help="write the overlap report (contaminated document ids and example n-grams)")
    p.add_argument("--fail_on_overlap", action="store_true",
                   help="exit with code 1 when any task document overlaps the corpus (for CI)")
    p.add_argument("--verbose", "-V", action="store_true", help="tracebacks on errors")
    p.set_defaults(handler=handle)


# ---------------------------------------------------------------------------------- corpus


def corpus_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(f for f in path.rglob("*") if f.is_file() and f.name.endswith(CORPUS_SUFFIXES)))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"--corpus: {raw!r} does not exist")
    if not files:
        raise UsageError(f"--corpus: no {', '.join(CORPUS_SUFFIXES)} files in {', '.join(paths)}")
    return files


def _open(path: Path) -> Any:
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")


def _text_of(record: Any, field: str, where: str) -> str:
    if isinstance(record, str):
        return record
    if isinstance(record, dict) and isinstance(record.get(field), str):
        return record[field]
    raise UsageError(f"{where}: expected a string or an object with a {field!r} string (see --text_field)")


def read_corpus(files: list[Path], text_field: str = "text") -> Iterator[tuple[str, int, str]]:
    """``(file, index in file, text)`` for every training document."""
    for path in files:
        name = path.name[:-3] if path.name.endswith(".gz") else path.name
        with _open(path) as fh:
            if name.endswith(".jsonl"):
                for i, line in enumerate(fh):
                    if line.strip():
                        try:
                            record = json.loads(line)
                        except json.JSONDecodeError as exc:
                            raise UsageError(f"{path}:{i + 1}: invalid JSON: {exc}") from None
                        yield str(path), i, _text_of(record, text_field, f"{path}:{i + 1}")
            elif name.endswith(".json"):
                data = json.load(fh)
                records = data if isinstance(data, list) else [data]
                for i, record in enumerate(records):
                    yield str(path), i, _text_of(record, text_field, f"{path}[{i}]")
            else:
                yield str(path), 0, fh.read()


# ----------------------------------------------------------------------------------- tasks


def task_queries(args: argparse.Namespace) -> tuple[dict[str, list[tuple[int, str]]], dict[str, bool]]:
    """Each selected task's ``(doc_id, decontamination query)`` list, and its should_decontaminate."""
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex, task_sources
    from lmeval.tasks.loader import Group, TaskLoader

    names = [part.strip() for value in args.tasks for part in value.split(",") if part.strip()]
    pm = PluginManager(plugins=args.plugins or ())
    loader = TaskLoader(TaskIndex(task_sources(pm, args.include_path)), pm)
    leaves = []
    for node in loader.load(names):
        for task in node.leaf_tasks() if isinstance(node, Group) else [node]:
            if all(t.name != task.name for t in leaves):
                leaves.append(task)
    queries: dict[str, list[tuple[int, str]]] = {}
    flags: dict[str, bool] = {}
    for task in leaves:
        flags[task.name] = bool(task.config.should_decontaminate)
        if not flags[task.name] and not args.all_tasks:
            continue
        docs = task.eval_docs
        count = len(docs) if args.limit is None else min(len(docs), args.limit)
        items = []
        for doc_id in range(count):
            doc = docs[doc_id]
            query = task.doc_to_decontamination_query(doc) if flags[task.name] else task.doc_to_text(doc)
            items.append((doc_id, query if isinstance(query, str) else json.dumps(query, ensure_ascii=False)))
        queries[task.name] = items
    return queries, flags


# ----------------------------------------------------------------------------------- report


def _table(headers: tuple[str, ...], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    lines = [headers, *rows]
    return "".join("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() + "\n" for line in lines)


def handle(args: argparse.Namespace) -> int:
    from lmeval.decontamination import Janitor, find_overlaps

    files = corpus_files(args.corpus)
    queries, flags = task_queries(args)
    if not queries:
        skipped = ", ".join(sorted(flags))
        raise UsageError(f"none of the tasks sets should_decontaminate: true ({skipped}); "
                         f"pass --all_tasks to check them with doc_to_text")
    overlaps = find_overlaps(queries, (text for _, _, text in read_corpus(files, args.text_field)),
                             n=args.ngram_n)
    report: dict[str, Any] = {"ngram_n": args.ngram_n, "corpus_files": [str(f) for f in files],
                              "corpus_documents": overlaps.corpus_documents, "tasks": {}}
    rows = []
    for name in flags:
        entry: dict[str, Any] = {"should_decontaminate": flags[name]}
        if name in queries:
            dirty = overlaps.contaminated[name]
            total = overlaps.documents[name]
            entry.update(documents=total, contaminated=len(dirty),
                         contaminated_fraction=len(dirty) / total if total else 0.0,
                         contaminated_docs={str(k): v for k, v in sorted(dirty.items())})
            rows.append([name, str(flags[name]), str(total), str(len(dirty)),
                         f"{100 * len(dirty) / total:.1f}" if total else "-"])
        else:
            rows.append([name, "False", "-", "-", "skipped"])
        report["tasks"][name] = entry

    if args.clean_output:
        janitor = Janitor(ngram_n=args.ngram_n, window_to_remove=args.window_to_remove,
                          minimum_slice_length=args.minimum_slice_length,
                          too_dirty_cutoff=args.too_dirty_cutoff)
        for items in queries.values():
            for _, query in items:
                janitor.register_contaminant(query)
        stats = {"kept": 0, "split": 0, "too_dirty": 0, "no_chunk_left": 0, "chunks": 0}
        out = Path(args.clean_output)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8") as fh:
            for source, index, text in read_corpus(files, args.text_field):
                hits = janitor.matches(text)
                chunks = janitor.cut(text, hits)
                if not hits:
                    stats["kept"] += 1
                elif len(hits) > janitor.too_dirty_cutoff:
                    stats["too_dirty"] += 1
                else:
                    stats["split" if chunks else "no_chunk_left"] += 1
                for k, chunk in enumerate(chunks):
                    fh.write(json.dumps({"text": chunk, "source": source, "index": index, "chunk": k},
                                        ensure_ascii=False) + "\n")
                    stats["chunks"] += 1
        report["clean"] = {"output": str(out), **stats}

    sys.stdout.write(_table(("task", "should_decontaminate", "documents", "contaminated", "%"), rows))
    print(f"{overlaps.corpus_documents} training document(s) in {len(files)} file(s), "
          f"{args.ngram_n}-grams")
    if "clean" in report:
        c = report["clean"]
        print(f"cleaned corpus: {c['output']}: {c['kept']} kept whole, {c['split']} cut into chunks, "
              f"{c['too_dirty']} dropped as too dirty, {c['no_chunk_left']} with no chunk long enough, "
              f"{c['chunks']} chunk(s)")
    if args.output_path:
        path = Path(args.output_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"report written to {path}", file=sys.stderr)
    dirty_total = sum(e.get("contaminated", 0) for e in report["tasks"].values())
    return 1 if args.fail_on_overlap and dirty_total else 0
