"""Write what lm-eval 0.4.13's AGIEval and AIME scorers make of many answers, for the tests.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bbh/tests/tools/make_math_goldens.py

For every (answer, gold) pair of ``ANSWERS`` x ``GOLDS``: AGIEval's cloze ``acc`` and AIME's
``exact_match``, from lm-eval's own ``process_results``. Output: ``tests/golden/math_answers.json``.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "golden" / "math_answers.json"

ANSWERS = [
    "", " 5", "5", " The answer is 5.", "$5$", "$x = 5$", "so $\\frac{1}{2}$ and $3$", "\\boxed{5}",
    "\\boxed{\\frac12}", "\\boxed{x=7}", "\\boxed 42$ done", "\\boxed{5", "\\fbox{5}", "0.5", ".5", "1/2",
    "a/b", "\\dfrac{1}{2}", "2\\sqrt3", "2\\sqrt{3}", "\\sqrt", "\\frac", "7\\text{ cm}",
    "7\\text{ cm}\\text{ m}", "x = 7", "k=7", "50\\%", "10^\\circ", "\\left(1,2\\right)", "(1,2)",
    "=", "5\\n6 = 7", "The value is 3.14159 and then 42", "042", "42", "\\$42", "1\\!000", "1000",
    "{.5}", " \\boxed{\\boxed{3}}", "$$", "$ $", "no number here", "12/4", "3/4", "\\frac{3}{4}",
    "\\frac1b", "\\frac{1}b", "x=\\frac{7}{1}", "\\boxed{7}\n\nQuestion: next",
]
GOLDS = ["5", "\\frac{1}{2}", "0.5", "2\\sqrt{3}", "x=7", "7", "42", "500", "\\frac{3}{4}", "(1,2)"]


def main() -> None:
    from lm_eval.tasks.agieval import utils as agieval
    from lm_eval.tasks.aime import utils as aime

    rows = []
    with contextlib.redirect_stdout(io.StringIO()):  # lm-eval prints on empty golds
        for gold in GOLDS:
            rows.append({"gold": gold,
                         "agieval": [agieval.process_results({"answer": gold}, [a])["acc"] for a in ANSWERS],
                         "aime": [aime.process_results({"Answer": gold}, [a])["exact_match"] for a in ANSWERS]})
    OUT.write_text(json.dumps({"answers": ANSWERS, "golds": rows}, ensure_ascii=False, indent=0) + "\n",
                   encoding="utf-8")


if __name__ == "__main__":
    main()
