"""Scores hostile answers with one side's own task code: ``python driver.py ref|ours CASES OUT``.

``ref`` loads lm-eval 0.4.13's task utils (run it with the reference venv's Python), ``ours``
lmeval's packs. Each side runs its own ``process_docs`` over the raw fixture rows, then the
family's scoring function over every (document, answer) case. A raised exception is recorded
as ``{"raised": type name}``. Standard library only (``datasets`` on the reference side).
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from typing import Any


def _load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Rows(list):
    """The two ``datasets.Dataset`` methods lmeval's process_docs call, over plain dicts."""

    def map(self, fn):  # noqa: A003
        return Rows({**row, **fn(dict(row))} for row in self)

    def filter(self, fn):  # noqa: A003
        return Rows(row for row in self if fn(row))


def _modules(side: str) -> dict[str, Any]:
    if side == "ref":
        import lm_eval

        root = Path(lm_eval.__file__).parent / "tasks"
        paths = {"drop": root / "drop/utils.py", "coqa": root / "coqa/utils.py",
                 "agieval": root / "agieval/utils.py", "aime": root / "aime/utils.py",
                 "eq_bench": root / "eq_bench/utils.py", "bbq": root / "bbq/utils.py",
                 "chartqa": root / "chartqa/utils.py", "cnn": root / "cnn_dailymail/utils.py"}
    else:
        import lmeval_tasks_bbh
        import lmeval_tasks_bias
        import lmeval_tasks_classic
        import lmeval_tasks_multimodal

        bbh = Path(lmeval_tasks_bbh.__file__).parent / "tasks"
        classic = Path(lmeval_tasks_classic.__file__).parent / "tasks"
        paths = {"drop": bbh / "drop/utils.py", "coqa": bbh / "coqa/utils.py",
                 "agieval": bbh / "agieval/utils.py", "aime": bbh / "aime/utils.py",
                 "eq_bench": classic / "eq_bench/scoring.py",
                 "bbq": Path(lmeval_tasks_bias.__file__).parent / "tasks/bbq/utils.py",
                 "chartqa": Path(lmeval_tasks_multimodal.__file__).parent / "tasks/chartqa/utils.py",
                 "cnn": classic / "cnn_dailymail/summary_scores.py"}
    return {k: _load(p, f"hostile_{side}_{k}") for k, p in paths.items()}


def _docs(side: str, family: str, module: Any, rows: list[dict]) -> list[dict]:
    if family not in ("drop", "bbq"):
        return rows
    if side == "ref":
        import datasets

        return [dict(d) for d in module.process_docs(datasets.Dataset.from_list(rows))]
    return [dict(d) for d in module.process_docs(Rows(rows))]


def _score(family: str, module: Any, doc: dict, answer: str) -> Any:
    if family == "eq_bench":
        return module.calculate_score_fullscale(doc, [answer])
    if family == "bbq":
        return module.process_results_generate_until(doc, [answer])
    if family == "chartqa":
        refs = [doc["label"]]
        return {**(module.exact_match(refs, [answer]) or {}),
                **(module.relaxed_accuracy(refs, [answer]) or {}),
                **(module.anywhere_accuracy(refs, [answer]) or {})}
    out = module.process_results(doc, [answer])
    if family == "cnn":  # BERTScore needs a model download: ROUGE and length only
        out = {k: v for k, v in out.items() if not k.startswith("bertscore")}
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "item"):
        return _plain(value.item())
    return value


def main(side: str, cases_file: str, out_file: str) -> None:
    """Write ``{"scores": [one per case], "opened": [files opened while scoring]}``; each
    family is scored once first so lazy imports (rouge_score...) are not counted."""
    data = json.loads(Path(cases_file).read_text(encoding="utf-8"))
    # cnn's BERTScore needs a Hub model: both sides score ROUGE and length as without bert-score
    sys.modules["bert_score"] = None  # type: ignore[assignment]
    modules = _modules(side)
    docs = {f: _docs(side, f, modules[f], rows) for f, rows in data["rows"].items()}
    for family in docs:
        try:
            _score(family, modules[family], docs[family][0], "warm up")
        except Exception:  # noqa: BLE001, S110 - only the imports matter here
            pass
    opened: list[str] = []
    scoring = [False]

    def audit(event: str, args: tuple) -> None:
        if scoring[0] and event in ("open", "os.system", "subprocess.Popen", "os.exec", "socket.connect"):
            opened.append(f"{event} {str(args[0])[:200]}")

    sys.addaudithook(audit)
    out = []
    for family, index, answer in data["cases"]:
        scoring[0] = True
        try:
            out.append(_plain(_score(family, modules[family], docs[family][index], answer)))
        except Exception as exc:  # noqa: BLE001 - the reference's own failures are recorded
            out.append({"raised": type(exc).__name__})
        finally:
            scoring[0] = False
    Path(out_file).write_text(json.dumps({"scores": out, "opened": opened}), encoding="utf-8")


if __name__ == "__main__":
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # lm-eval's utils print on bad answers
        main(*sys.argv[1:4])
