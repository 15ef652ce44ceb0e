"""The math word-problem families (gsm8k_platinum*, gsm_plus*, mathqa) build exactly the requests
lm-eval 0.4.13 builds on the same fixtures, filter and score answers as it does
(``golden/math_requests.json``, from ``tools/make_math_goldens.py``), and lm-eval's tags
``math_word_problems``, ``chain_of_thought`` and ``self_consistency`` sit on the same tasks."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from lmeval_tasks_classic import TASKS_DIR
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "math_requests.json")
MIRROR = Path(__file__).parent / "fixtures" / "datasets"


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("case", [c for c in GOLDEN if "answers" in c], ids=golden_id)
def test_answers_are_filtered_and_scored_as_in_reference(case, build):
    task, instances = build(case["task"], case.get("num_fewshot"))
    doc = task.eval_docs[instances[0].doc_id]
    for expected in case["answers"]:
        filtered = {p.name: p.apply([[expected["answer"]]], [doc])[0] for p in task.filters()}
        assert json.loads(json.dumps(filtered)) == expected["filtered"], expected["answer"]
        scores = {name: task.process_results(doc, [value]) for name, value in filtered.items()}
        assert json.loads(json.dumps(scores)) == expected["scores"], expected["answer"]


def _mathqa_utils():
    spec = importlib.util.spec_from_file_location("mathqa_utils", TASKS_DIR / "mathqa" / "utils.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mathqa_choices_cut_at_the_first_comma_space_and_drop_a_trailing_newline():
    rows = [json.loads(line) for line in
            (MIRROR / "regisss" / "math_qa" / "default" / "test.jsonl").read_text(encoding="utf-8").splitlines()]
    choices = _mathqa_utils().doc_to_choice
    assert choices(rows[1]) == ["rs . 1", "12", "13", "14", "none of these"]  # "rs . 1 , 200" is cut
    assert choices(rows[2]) == ["12", "13", "14", "15", "none of these"]  # options end with "\n"
    assert all(len(choices(row)) == 5 for row in rows)


#: lm-eval 0.4.13's members of each tag that this pack has (its TaskManager's index)
LM_EVAL_TAGS = {
    "math_word_problems": ["gsm8k", "gsm8k_cot_zeroshot", "gsm8k_platinum", "gsm8k_platinum_cot_zeroshot",
                           "gsm_plus", "gsm_plus_mini", "mathqa"],
    "chain_of_thought": ["asdiv_cot_llama", "gsm8k_cot", "gsm8k_cot_llama", "gsm8k_cot_self_consistency",
                         "gsm8k_platinum_cot", "gsm8k_platinum_cot_llama",
                         "gsm8k_platinum_cot_self_consistency"],
    "self_consistency": ["gsm8k_cot_self_consistency", "gsm8k_platinum_cot_self_consistency"],
}


@pytest.mark.parametrize("tag", sorted(LM_EVAL_TAGS))
def test_tags_hold_lm_evals_members(tag):
    from lmeval.tasks.index import TaskIndex

    entry = TaskIndex([(TASKS_DIR, "lmeval-tasks-classic")]).get(tag)
    assert entry.kind == "tag"
    assert sorted(entry.tags) == LM_EVAL_TAGS[tag]
