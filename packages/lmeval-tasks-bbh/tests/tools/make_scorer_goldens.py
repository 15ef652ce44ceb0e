"""Write what lm-eval 0.4.13's scorers make of many answers, for the tests.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bbh/tests/tools/make_scorer_goldens.py

From lm-eval's own ``process_results``: for every (answer, gold) pair of ``ANSWERS`` x ``GOLDS``,
AGIEval's cloze ``acc`` and AIME's ``exact_match``; for every validation document of the DROP
and CoQA fixtures (after lm-eval's ``process_docs``) and every answer of ``READING_ANSWERS``,
``em`` and ``f1``. Output: ``tests/golden/scorer_answers.json``.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "golden" / "scorer_answers.json"
MIRROR = Path(__file__).resolve().parent.parent / "fixtures" / "datasets"

ANSWERS = [
    "", " 5", "5", " The answer is 5.", "$5$", "$x = 5$", "so $\\frac{1}{2}$ and $3$", "\\boxed{5}",
    "\\boxed{\\frac12}", "\\boxed{x=7}", "\\boxed 42$ done", "\\boxed{5", "\\fbox{5}", "0.5", ".5", "1/2",
    "a/b", "\\dfrac{1}{2}", "2\\sqrt3", "2\\sqrt{3}", "\\sqrt", "\\frac", "7\\text{ cm}",
    "7\\text{ cm}\\text{ m}", "x = 7", "k=7", "50\\%", "10^\\circ", "\\left(1,2\\right)", "(1,2)",
    "=", "5\\n6 = 7", "The value is 3.14159 and then 42", "042", "42", "\\$42", "1\\!000", "1000",
    "{.5}", " \\boxed{\\boxed{3}}", "$$", "$ $", "no number here", "12/4", "3/4", "\\frac{3}{4}",
    "\\frac1b", "\\frac{1}b", "x=\\frac{7}{1}", "\\boxed{7}\n\nQuestion: next",
]
READING_ANSWERS = [
    "", " 42", "42.0", " forty-two", " 41", " Paris", " Paris and London", " London, Paris", " the fish",
    " A fish!", " in paris", " 5 May 1999", " May 1999", " The answer is 5", " yes", " no\nQ: next",
    " Paris London 42", " -42", " 4 2", " the the the", " a", " Paris-London", " 42 points in Paris",
    " nan", " ???", " \u00e9t\u00e9 Paris", " 1,000",
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
    reading = {}
    import datasets
    from lm_eval.tasks.coqa import utils as coqa
    from lm_eval.tasks.drop import utils as drop

    for name, module, dataset in (("drop", drop, "EleutherAI/drop"), ("coqa", coqa, "EleutherAI/coqa")):
        lines = (MIRROR / dataset / "default" / "validation.jsonl").read_text(encoding="utf-8").splitlines()
        docs = datasets.Dataset.from_list([json.loads(line) for line in lines if line])
        if hasattr(module, "process_docs"):
            docs = module.process_docs(docs)
        reading[name] = [[module.process_results(doc, [a]) for a in READING_ANSWERS] for doc in docs]
    OUT.write_text(json.dumps({"answers": ANSWERS, "golds": rows, "reading_answers": READING_ANSWERS,
                               "reading": reading}, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
