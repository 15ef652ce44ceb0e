"""Write what lm-eval 0.4.13's MATH scorers say about many answers: ``tests/golden/math_scorers.json``.

    PYTHONPATH=.venv/lmeval-math-libs benchmarks/.work/ref-venv/bin/python \\
        packages/lmeval-tasks-leaderboard/tests/tools/make_math_scorer_goldens.py

(The overlay gives the reference venv antlr4-python3-runtime 4.11 and math-verify, see the pack's
``ci-setup.sh``.) lm-eval's own ``utils.py`` of ``minerva_math``, ``hendrycks_math`` and
``leaderboard/math`` score the generations of ``benchmarks/scripted/math.py`` and a list of
hostile strings against the fixture documents; the tests compare lmeval's scorers with it.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
MIRROR = HERE.parent / "fixtures" / "datasets"
OUT = HERE.parent / "golden" / "math_scorers.json"


def _load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: strings no scorer should crash on, and normal forms worth pinning
HOSTILE = (
    "", " ", "$", "$$", "\\frac", "\\frac1", "\\frac{1}{", "\\sqrt", "\\sqrt{", "\\sqrt[3]8", "\\sqrt[3]{8}",
    "x = 5", "k=\\frac{3}{4}", "100,000", "0,1", "1,2,3", "-1,234", ".5", " .5", "{.5}", "0.5", "5/10", "a/b",
    "1/2/3", "10\\text{ cm}", "10\\text{ cm}\\text{ m}", "\\left( 1, 2 \\right)", "90^\\circ", "90^{\\circ}",
    "50\\%", "\\$4.50", "\\dfrac{3}{4}", "\\tfrac34", "\\text{(A)}", "\\textbf{B}", "\\overline{12}",
    "\\boxed{2}", "2\\pi cm", "\\left[2, 5\\right)", "5 ft", "6 feet", "3 square units", "\\mbox{ inches}",
    "a, b, \\text{and} c", "1 \\text{and} 2", "x^2+2x+1", "(x+1)^2", "\\infty", "\\emptyset", "e^{i\\pi}",
    "\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "I hope it is correct.", "\\mathrm{th}", "4!", "2^{10}",
)


def main() -> None:
    tasks = ROOT / "benchmarks" / ".work" / "ref-venv" / "lib" / "python3.11" / "site-packages" / "lm_eval" / "tasks"
    minerva = _load(tasks / "minerva_math" / "utils.py", "ref_minerva")
    hendrycks = _load(tasks / "hendrycks_math" / "utils.py", "ref_hendrycks")
    board = _load(tasks / "leaderboard" / "math" / "utils.py", "ref_board")
    scripted = _load(ROOT / "benchmarks" / "scripted" / "math.py", "scripted_math")
    generations = sorted({g for forms in scripted.FORMS.values() for a in forms for g in scripted._shapes(a)}
                         | {g for a in scripted.WRONG for g in scripted._shapes(a)})
    rows = [json.loads(line) for line in (MIRROR / "HuggingFaceH4" / "MATH-500" / "default" / "test.jsonl")
            .read_text(encoding="utf-8").splitlines()]
    solutions = [r["solution"] for r in rows]
    answers = sorted({*HOSTILE, *(a for forms in scripted.FORMS.values() for a in forms), *scripted.WRONG})

    def guard(fn, *args):
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001
            return {"error": type(exc).__name__}

    golden: dict[str, Any] = {
        "final_answer": [[g, minerva.get_unnormalized_answer(g)] for g in generations + list(HOSTILE)],
        "normalize": [[a, minerva.normalize_final_answer(a)] for a in answers],
        "normalize_original": [[a, board.normalize_final_answer(a)] for a in answers],
        "boxed": [[s, minerva.last_boxed_only_string(s), guard(minerva.remove_boxed, minerva.last_boxed_only_string(s))]
                  for s in solutions + list(HOSTILE) if minerva.last_boxed_only_string(s) is not None],
        "hendrycks_equivalent": [[a, g, hendrycks.is_equiv(a, g)] for g in {r["answer"] for r in rows}
                                 for a in answers],
        "hendrycks_strip": [[a, guard(hendrycks.strip_string, a)] for a in answers],
        "sympy_equal": [[a, b, bool(minerva.is_equiv(a, b))] for b in sorted({minerva.normalize_final_answer(r["answer"])
                                                                                for r in rows})
                        for a in sorted({minerva.normalize_final_answer(x) for x in answers})[::8]],
    }
    docs = {"minerva": [], "hendrycks": [], "leaderboard": []}
    for r in rows:
        base = {"problem": r["problem"], "solution": r["solution"], "level": "Level 5"}
        docs["minerva"].append({**base, "answer": minerva.normalize_final_answer(
            minerva.remove_boxed(minerva.last_boxed_only_string(r["solution"])))})
        docs["hendrycks"].append({**base, "answer": hendrycks.remove_boxed(hendrycks.last_boxed_only_string(r["solution"]))})
        docs["leaderboard"].append({**base, "answer": board.remove_boxed(board.last_boxed_only_string(r["solution"]))})
    scorers = {"minerva": minerva.process_results, "hendrycks": hendrycks.process_results,
               "leaderboard": board.process_results}
    golden["process_results"] = {
        family: [[i, g, scorers[family](doc, [g])] for i, doc in enumerate(docs[family])
                 for g in generations[i % 11::11]]
        for family in scorers}
    golden["docs"] = docs
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(golden, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print({k: len(v) for k, v in golden.items()})


if __name__ == "__main__":
    main()
