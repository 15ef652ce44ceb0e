"""Write the golden records of the families that keep their own golden file (MastermindEval,
Physics GRE, jfinqa, ...) with lm-eval 0.4.13 on this pack's fixtures::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_family_goldens.py [FAMILY ...]

Per family: the first document's requests and stand-in scores of a few tasks (few-shot
included); for generation tasks also each answer of ``ANSWERS[family]`` through lm-eval's
filters and ``process_results``. Output: ``tests/golden/<family>.json``, committed; the tests
need no lm-eval.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import Case, _jsonable, reference_case, reference_tasks  # noqa: E402

FAMILIES: dict[str, list[Case]] = {
    "mastermind": ["mastermind_24_easy", "mastermind_35_hard", ("mastermind_46_easy", 2), ("mastermind_24_hard", 1)],
    "physics_gre": ["physics_gre_multiple_choice", "physics_gre_additional_multiple_choice",
                    ("physics_gre_all_multiple_choice", 2)],
    "jfinqa": ["jfinqa_numerical", "jfinqa_consistency", "jfinqa_temporal"],
    # lm-eval's helper needs antlr4-python3-runtime 4.11 (PYTHONPATH=<a --target install of it>)
    "putnam_axiom": ["putnam_axiom", "putnam_axiom_original", "putnam_axiom_variations", "putnam_axiom_variations_org",
                     ("putnam_axiom", 0), ("putnam_axiom_variations", 1)],
    "lingoly": ["lingoly_context", "lingoly_nocontext"],
    "legalbench": ["legalbench_abercrombie", "legalbench_corporate_lobbying", "legalbench_function_of_decision_section",
                   "legalbench_international_citizenship_questions", "legalbench_proa",
                   "legalbench_contract_nli_survival_of_obligations", ("legalbench_contract_nli_limited_use", 0)],
    "e2lmc": ["mmlu_early_training", "noor_abstract_algebra", "noor_machine_learning", ("noor_college_physics", 0),
              "sciknoweval_mcqa_var5shots_Biology", ("sciknoweval_mcqa_var5shots_Physics", 1)],
}
ANSWERS: dict[str, list[str]] = {
    "legalbench": [" Yes", " yes.", " No", " generic", " Descriptive!", "", " Rule\nAnalysis", "  Facts "],
    "lingoly": [' {"a": "The big house", "b": "the small dog"', " {'a': 'the big house.', 'b': 'small dog'}",
                ' "a": "the big house", "b": "a small dog"}', " {'a': 'x', 'b': ['a small dog']}", " no JSON here", "",
                ' {"a": "the big house", "b": "the small dog"}', " {1: 2"],
    "putnam_axiom": [" So $\\boxed{x^2+2x+1}$.", " $\\boxed{(x+1)^2}$", "Final Answer: The final answer is $(x+1)^2$. I hope it is correct.",
                     " The answer is: x^2 + 2x + 1", " \\boxed x^{2}+2x+1$ done", " \\fbox{(x+1)^2}", " \\boxed{x^2+2x+2}",
                     " \\boxed{\\frac{1}{", " I could not solve it.", "", " \\boxed{7} then \\boxed{(1+x)^2}"],
    "jfinqa": [" 12.5%", " Answer: 1,234百万円", " 回答：△500", " 増加しました", " 3億円", " 12.6 %", " 0",
               " answer : 7", "計算すると\n\n 1234 ", "", "\x00 ＡＮＳＷＥＲ：１２．５％"],
}


def scored_answers(task, answers: list[str]) -> list[dict]:
    """Each answer through lm-eval's filters, then its process_results, per filter."""
    instances = [inst for inst in task.instances if inst.doc_id == task.instances[0].doc_id]
    doc, out = instances[0].doc, []
    for answer in answers:
        for inst in instances:
            inst.resps, inst.filtered_resps = [answer], {}
        for ensemble in task._filters:
            ensemble.apply(instances)
        filtered = dict(instances[0].filtered_resps)
        scores = {key: task.process_results(doc, [inst.filtered_resps[key] for inst in instances]) for key in filtered}
        out.append(_jsonable({"answer": answer, "filtered": filtered, "scores": scores}))
    return out


def main(families: list[str]) -> None:
    for family in families:
        records = []
        for name, task in reference_tasks(FAMILIES[family], HERE.parent / "fixtures" / "datasets"):
            record = reference_case(name, task)
            if family in ANSWERS:
                record["answers"] = scored_answers(task, ANSWERS[family])
            records.append(record)
            print(f"{name}: {len(record['requests'])} request(s)", file=sys.stderr)
        path = HERE.parent / "golden" / f"{family}.json"
        path.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:] or list(FAMILIES))
