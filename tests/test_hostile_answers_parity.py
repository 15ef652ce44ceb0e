"""Hostile generated answers in the new task families score exactly as lm-eval 0.4.13 scores
them: drop, coqa, agieval MATH, aime, eq_bench, bbq_generate, chartqa and cnn_dailymail's ROUGE.

Answers try to fake a pass (every option, the gold repeated, nested or unclosed ``\\boxed{}``,
``Final Answer:`` tricks, NaN/inf/huge numbers, control characters, regex metacharacters, a
100,000-character string, file paths, template syntax), plus seeded random mixtures of those
pieces and of each document's gold. Both sides run their own task code over the same fixture
rows (tests/hostile_answers/driver.py): lm-eval's in its reference venv, lmeval's here.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).parent / "hostile_answers" / "driver.py"
FIX = {p: ROOT / "packages" / f"lmeval-tasks-{p}" / "tests" / "fixtures" / "datasets"
       for p in ("bbh", "bias", "classic")}

PIECES = [
    "", " ", "\n", "\x00", "\x1b[31m", "\u202e", "\ufeff", "\r\n\r\n", "\t", "(((", "[", "\\", "$", "$$",
    "^", "*", "+?", "{", "}", "{}", "\\boxed{}", "\\boxed{", "\\boxed", "\\fbox{}", "\\boxed{\\boxed{}}",
    "\\frac{1}{0}", "\\frac12", "\\sqrt", "\\left(", "\\text{", "\\!", "NaN", "nan", "inf", "-inf",
    "Infinity", "1e309", "-1e309", "9" * 400, "0.0000001", "-0", "１２", "٥", "½", "5%", "%", "1,234",
    "Final Answer: ", "FINAL ANSWER: ", "final answer:", "The answer is ", "A B C D", "A, B, C, D",
    "(A)(B)(C)(D)", "yes no", "Yes", "No", "unknown", "Cannot be determined", "not known",
    "/etc/passwd", "../../secret.txt", "{{ doc }}", "{% raw %}", "__import__('os')", "${HOME}",
    "Anger: ", "Joy: ", "Fear: ", "Surprise: ", ": 10", ": 0", "emotion1: 5",
]


def _rows() -> dict[str, list[dict]]:
    def first(path: Path, n: int) -> list[dict]:
        lines = path.read_text(encoding="utf-8").splitlines()
        return [json.loads(x) for x in lines if x.strip()][:n]

    return {
        "drop": first(FIX["bbh"] / "EleutherAI/drop/default/validation.jsonl", 4),
        "coqa": first(FIX["bbh"] / "EleutherAI/coqa/default/validation.jsonl", 2),
        "agieval": first(FIX["bbh"] / "hails/agieval-math/default/test.jsonl", 5),
        "aime": first(FIX["bbh"] / "gneubig/aime-1983-2024/default/train.jsonl", 3),
        "eq_bench": first(FIX["classic"] / "pbevan11/EQ-Bench/default/validation.jsonl", 2),
        "bbq": first(FIX["bias"] / "oskarvanderwal/bbq/All/test.jsonl", 4),
        "chartqa": [{"label": x} for x in ("12", "45%", "Yes", "1,234", "0.5", "Mexico")],
        "cnn": [{"highlights": "The cat sat on the mat .\nIt was 5 p.m. on Friday ."},
                {"highlights": ""}],
    }


def _golds(family: str, row: dict) -> list[str]:
    """What a model that knows the answer (or wants to look like it) would write."""
    if family == "drop":
        spans = row["answer"]["spans"] or []
        return [*spans, row["answer"]["number"], " ".join(spans)]
    if family == "coqa":
        return [*row["answers"]["input_text"][:2], row["answers"]["input_text"][0] * 3]
    if family in ("agieval", "aime"):
        gold = str(row.get("answer", row.get("Answer")))
        return [gold, f"\\boxed{{{gold}}}", f"${gold}$", f"\\boxed{{{gold}}} \\boxed{{0}}",
                f"\\boxed{{0}} \\boxed{{{gold}}}", f"\\boxed{{{gold}", f"$0$ {gold} $1$"]
    if family == "eq_bench":
        ref = eval(row["reference_answer_fullscale"], {})  # noqa: S307 - a fixture literal
        names = [ref[f"emotion{i}"] for i in range(1, 5)]
        scores = [ref[f"emotion{i}_score"] for i in range(1, 5)]
        good = "\n".join(f"{n}: {s}" for n, s in zip(names, scores, strict=True))
        return [good, good + "\n" + good, good.replace(": ", ":  "), good.replace("\n", " "),
                "\n".join(f"{n}: {'9' * 400}" for n in names), "\n".join(f"{n}: 1e5" for n in names),
                "\n".join(f"{n}: NaN" for n in names), "\n".join(f"{n}: -3" for n in names),
                "\n".join(f"{n.lower()}: 5" for n in names), good + "\nExtra: 1"]
    if family == "bbq":
        return [row["ans0"], row["ans1"], row["ans2"], f"{row['ans0']} {row['ans1']} {row['ans2']}",
                f"{row['ans0']}, or {row['ans1']}"]
    if family == "chartqa":
        gold = row["label"]
        return [f"Final Answer: {gold}", f"FINAL ANSWER: {gold}.", f"Final Answer: {gold}\nFinal Answer: 0",
                f"Final Answer: 0\nFinal Answer: {gold}", f"Final Answer: **{gold}**", f"{gold} {gold}",
                f"Final Answer: [{gold}, 0, 1, 2]", f"Final Answer: '{gold}'", f"Final Answer: {gold}%"]
    return [row["highlights"], row["highlights"] * 20, row["highlights"].upper()]


def _cases(rows: dict[str, list[dict]], per_doc: int = 30) -> list[tuple[str, int, str]]:
    rng = random.Random(20261203)
    cases = []
    for family, docs in rows.items():
        for index, row in enumerate(docs):
            golds = [str(g) for g in _golds(family, row)]
            # lm-eval's eq_bench regex is quadratic in a long word (a minute at 100,000
            # characters; lmeval's is linear: test_eq_bench_hostile), so 3,000 there
            huge = "x" * (3_000 if family == "eq_bench" else 100_000)
            answers = [*PIECES, *golds, huge, "\\boxed{" * 2000 + "5" + "}" * 1999]
            for _ in range(per_doc):
                pool = golds + PIECES
                answers.append("".join(rng.choice(pool) for _ in range(rng.randint(2, 6))))
            cases += [(family, index, a) for a in answers]
    return cases


def _score(python: Path, side: str, data_file: Path, out: Path) -> dict:
    proc = subprocess.run([str(python), str(DRIVER), side, str(data_file), str(out)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(out.read_text(encoding="utf-8"))


def _our_transformers() -> str | None:
    """This venv's transformers release: the reference venv is moved to it first, as the parity
    tests move it (lm-eval's own pin lets pip pick another, and its helpers then fail to import)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("transformers")
    except PackageNotFoundError:
        return None


def _reference_python() -> Path:
    """lm-eval 0.4.13's venv, built on first use as the parity tests build it."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from reference_env import reference_python

    try:
        return reference_python(transformers=_our_transformers())
    except Exception as exc:  # noqa: BLE001 - no registry access: say so instead of failing
        pytest.skip(f"cannot build the lm-eval 0.4.13 reference venv here: {exc}")


def test_hostile_answers_score_as_in_lm_eval(tmp_path):
    REF_PYTHON = _reference_python()
    rows = _rows()
    cases = _cases(rows)
    data = tmp_path / "cases.json"
    data.write_text(json.dumps({"rows": rows, "cases": cases}), encoding="utf-8")
    theirs = _score(REF_PYTHON, "ref", data, tmp_path / "ref.json")["scores"]
    ours_run = _score(Path(sys.executable), "ours", data, tmp_path / "ours.json")
    assert ours_run["opened"] == []  # no answer made the scoring open a file or a process
    ours = ours_run["scores"]
    assert len(theirs) == len(ours) == len(cases)
    crashed = [(c, o) for c, o in zip(cases, ours, strict=True) if "raised" in o]
    differ = [(c[0], c[1], c[2][:80], t, o) for c, t, o in zip(cases, theirs, ours, strict=True)
              if t != o and "raised" not in t]
    families = {c[0] for c in cases}
    assert families == set(rows) and len(cases) > 2000
    assert not crashed, crashed[:5]
    assert not differ, f"{len(differ)} of {len(cases)} differ, e.g. {differ[:6]}"
