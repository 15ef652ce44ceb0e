"""Write ACPBench Hard's golden records with lm-eval 0.4.13 (its acpbench helpers and their
planning libraries installed in the reference venv)::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_acp_goldens.py

For each generative task (``acp_*_gen``, ``acp_*_gen_with_pddl``): the requests of the first
fixture document, and for every fixture document of the plain variant, each answer of
``ANSWERS`` through lm-eval's ``ACP_grammar_filter`` and its ``process_results`` (planner
included). Output: ``tests/golden/acpbench_gen.json``, committed; the test
(``test_acpbench_gen.py``) needs neither lm-eval nor the reference venv.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import _jsonable, install_mirror, reference_case  # noqa: E402

QUESTIONS = ("app", "areach", "just", "land", "nexta", "prog", "reach", "val")
TASKS = [f"acp_{q}_gen{suffix}" for suffix in ("", "_with_pddl") for q in QUESTIONS]
#: answers read by every task's grammar: right answers of the fixture rows (found in the stored
#: answers or by the planner), near misses, the shapes the filter rewrites, hostile text
ANSWERS = [
    "(pickup-and-loose f0-1f key0-0 key0-0)",
    "(move f4-3f f3-3f) (move f4-3f f4-4f)",
    " [(move f4-3f f3-3f), (move f4-3f f4-4f)]",
    "(MOVE  f4-3f f3-3f)\n(move f4-3f f4-4f).",
    "(locked f2-2f)",
    "(locked f0-0f)",
    "(at-robot f9-9f)",
    "None",
    "none.",
    "(at-robot f2-0f)",
    "(move f1-1f f1-0f)",
    "(move f1-1f f0-1f)",
    "[(at-robot f1-2f)] [(at-robot f2-2f)]",
    "[(at-robot f1-2f)]",
    "**Positive Effects**: (at-robot f1-2f) **Negative Effects**: (at-robot f2-2f)",
    "**Simplified plan:** (move f3-3f f3-2f) (move f3-2f f2-2f) (pickup f2-2f key0-0) (move f2-2f f2-1f) "
    "(unlock f2-1f f2-0f key0-0 shape0) (move f2-1f f2-0f) (putdown f2-0f key0-0)",
    "(move f3-3f f3-2f) (move f3-2f f2-2f)",
    "0",
    " 12.",
    "The answer is 3",
    "[(a)][(a)]",
    "[][]",
    "(move",
    "((((",
    "",
    "   \n ",
    "\x00(rm -rf /)\x1b[31m",
]


def doc_answers(task, inst) -> list[dict]:
    out = []
    for answer in ANSWERS:
        inst.resps, inst.filtered_resps = [answer], {}
        for ensemble in task._filters:
            ensemble.apply([inst])
        filtered = dict(inst.filtered_resps)
        scores = {key: task.process_results(inst.doc, [value]) for key, value in filtered.items()}
        out.append(_jsonable({"answer": answer, "filtered": filtered, "scores": scores}))
    return out


def variant(suffix: str) -> list[dict]:
    """The records of one variant's tasks (``""`` or ``"_with_pddl"``)."""
    import logging
    import os

    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1")
    logging.disable(logging.WARNING)
    install_mirror(HERE.parent / "fixtures" / "datasets")
    from lm_eval.tasks import TaskManager, get_task_dict

    manager = TaskManager()
    records = []
    for name in [t for t in TASKS if t.endswith("_gen" + suffix)]:
        task = get_task_dict([name], manager)[name]
        task.set_fewshot_seed(seed=1234)
        task.build_all_requests(limit=None, rank=0, world_size=1)
        first = [inst for inst in task.instances if inst.doc_id == 0]
        record = reference_case(name, _FirstDoc(task, first), score=False)
        if not suffix:
            record["documents"] = [{"doc_id": inst.doc_id, "answers": doc_answers(task, inst)}
                                   for inst in sorted(task.instances, key=lambda i: i.doc_id)]
        records.append(record)
        print(f"{name}: {len(record['requests'])} request(s), {len(task.instances)} document(s)",
              file=sys.stderr)
    return records


def main() -> None:
    """Each variant in its own process: lm-eval 0.4.13 cannot load both in one (their two
    identical helpers both register ACP_grammar_filter; the second raises ValueError)."""
    import subprocess

    records = []
    for arg in ("plain", "_with_pddl"):
        out = subprocess.run([sys.executable, __file__, arg], check=True, stdout=subprocess.PIPE, text=True)
        records.extend(json.loads(out.stdout.strip().splitlines()[-1]))
    path = HERE.parent / "golden" / "acpbench_gen.json"
    path.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


class _FirstDoc:
    """A task seen through the requests of its first document only."""

    def __init__(self, task, instances) -> None:
        self.config, self.instances = task.config, instances


if __name__ == "__main__":
    if len(sys.argv) > 1:  # one variant: its records, one JSON line at the end of stdout
        print(json.dumps(variant("" if sys.argv[1] == "plain" else sys.argv[1])))
    else:
        main()
