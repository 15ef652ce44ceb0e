"""Hostile answers through a whole run: each task of the new families is run once with
``--predict_only --log_samples`` on its pack's fixture mirror, the logged answers are replaced by
hostile ones, and ``lmeval rescore`` scores them with the real task (filters, metrics,
aggregation, results and samples files). Nothing crashes and every metric is reported; the
per-answer values are checked against lm-eval 0.4.13 in test_hostile_answers_parity.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from lmeval.cli import main

ROOT = Path(__file__).resolve().parents[1]
PACKS = {
    "bbh": ("drop", "coqa", "aime", "agieval_math"),
    "classic": ("eq_bench", "cnn_dailymail_abisee"),
    "bias": ("bbq_generate",),
}
HOSTILE = [
    "", "\x00\x1b[31m\u202e", "x" * 200_000, "\\boxed{" * 3000 + "7", "\\boxed{}\\boxed{\\boxed{5}}",
    "A B C D (A)(B)(C)(D) yes no unknown", "Anger: 999999999999999999999999999 Joy: 0 Fear: 0 Surprise: 0",
    "Anger: NaN\nJoy: inf\nFear: -1\nSurprise: 1e309", "Final Answer: 42\nFINAL ANSWER: 43",
    "(((((((((([[[[[[\\\\\\$$$$^^^^", "{{ doc }} {% raw %} ${HOME} /etc/passwd ../../secret",
    "The answer is " + " or ".join(str(i) for i in range(2000)), "\ud800".encode("utf-8", "surrogatepass")
    .decode("utf-8", "replace") * 10, "１２ ٥ ½ 1,234 5% -0 0.0000001",
]


@pytest.mark.parametrize("pack", list(PACKS))
def test_hostile_answers_rescore_without_a_crash(pack, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(ROOT / "packages" / f"lmeval-tasks-{pack}" / "tests"
                                                  / "fixtures" / "datasets"))
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    # cnn_dailymail's BERTScore (when bert-score is installed) needs a Hub model: score as without it
    monkeypatch.setitem(sys.modules, "bert_score", None)
    for module in list(sys.modules.values()):
        try:  # only plain module dicts: some namespaces (torch.classes) raise on any attribute
            clear = getattr(vars(module).get("_bert_score"), "cache_clear", None)
        except TypeError:
            continue
        if clear is not None:
            clear()
    tasks = PACKS[pack]
    run = tmp_path / "run"
    assert main(["run", "--model", "dummy", "--tasks", ",".join(tasks), "--limit", "4",
                 "--predict_only", "--log_samples", "--output_path", str(run)]) == 0
    capsys.readouterr()
    files = sorted(run.rglob("samples_*.jsonl"))
    assert len(files) == len(tasks)
    docs = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in files}
    assert all(docs.values())
    for shift in range(0, len(HOSTILE), 4):  # every answer lands on every task, 4 documents at a time
        for path in files:
            lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
            for i, entry in enumerate(lines):
                entry["resps"] = [[HOSTILE[(shift + i + j) % len(HOSTILE)]] for j in range(len(entry["resps"]))]
            path.write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")
        out = tmp_path / f"out{shift}"
        code = main(["rescore", str(run), "-o", str(out)])
        err = capsys.readouterr().err
        assert code == 0, err[-3000:]
        (results,) = out.glob("results_*.json")
        scored = json.loads(results.read_text(encoding="utf-8"))
        for task in tasks:
            metrics = {k for k in scored["results"][task] if "," in k and "_stderr" not in k}
            assert metrics, (task, scored["results"][task])
            logged = [json.loads(x) for x in next(out.glob(f"samples_{task}_*.jsonl")).open(encoding="utf-8")]
            assert len(logged) == docs[next(f for f in files if f.name.startswith(f"samples_{task}_"))]
            assert all(e["resps"][0][0] in HOSTILE for e in logged)  # the hostile answers were scored
