"""KMMLU and GreekMMLU prompts, byte for byte as references 002 and 004 describe them.

Written out by hand from the fixture rows (see ``tools/make_fixtures.py``), independently of
the lm-eval goldens, so a change to either side is caught.
"""

from __future__ import annotations

import importlib.util

from lmeval_tasks_mmlu import TASKS_DIR

FULLWIDTH_COLON = "\uff1a"
GREEK_LABELS = ["\u0391", "\u0392", "\u0393", "\u0394"]  # Α Β Γ Δ


def _contexts(instances):
    return [inst.request.args for inst in instances]


def test_kmmlu_prompt_matches_reference_002(build):
    task, instances = build("kmmlu_accounting")
    expected = (
        "Accounting test 문제 0: 다음 중 옳은 것은 무엇인가?\n"  # question.strip()
        "A. 회계 보기 가0\n"
        "B. 경제 보기 나0\n"
        "C. 법률 보기 다0\n"
        "D. 역사 보기 라0\n"
        "정답" + FULLWIDTH_COLON
    )
    assert _contexts(instances) == [(expected, f" {letter}") for letter in "ABCD"]
    assert expected.encode("utf-8").endswith(b"\xec\xa0\x95\xeb\x8b\xb5\xef\xbc\x9a")
    # fixture answer is 3 (1-based) -> gold index 2
    assert task.doc_to_target(task.eval_docs[0]) == 2
    assert task.config.dataset_kwargs == {"revision": "d61b3f1"}


def test_kmmlu_direct_is_zero_shot_by_default_as_lm_eval(build):
    # lm-eval 0.4.13's kmmlu_direct template sets no num_fewshot: the same command gives 0-shot
    task, instances = build("kmmlu_direct_accounting")
    assert task.config.num_fewshot is None
    (inst,) = instances
    context, _ = inst.request.args
    assert context.count("정답" + FULLWIDTH_COLON) == 1
    assert context.startswith("Accounting test 문제 0")


def test_kmmlu_direct_is_generative_five_shot_exact_match(build):
    task, instances = build("kmmlu_direct_accounting", num_fewshot=5)  # the paper's setting
    (inst,) = instances
    context, gen_kwargs = inst.request.args
    assert gen_kwargs["until"] == ["Q:", "\n\n", "</s>", "."]
    # five solved examples from `dev`, then the test question with no answer
    assert context.count("정답" + FULLWIDTH_COLON) == 6
    assert context.endswith("D. 역사 보기 라0\n정답" + FULLWIDTH_COLON)
    assert task.doc_to_target(task.eval_docs[0]) == "C"
    assert task.metric_kwargs["exact_match"] == {
        "ignore_case": True, "ignore_punctuation": True, "regexes_to_ignore": [" "]}


def _greek_prompt(subject_gr: str, split: str, config: str, n_choices: int = 4, i: int = 0) -> str:
    options = "\n".join(f"{GREEK_LABELS[j]}. Επιλογή {j + 1} της ερώτησης {i}" for j in range(n_choices))
    return (f"Αυτό είναι μια ερώτηση {subject_gr}. Επίλεξε τη σωστή απάντηση!\n\n"
            f"Ερώτηση: Ερώτηση {split} {i} ({config}): ποια πρόταση είναι σωστή;\n"
            f"{options}\n\n Απάντηση:")


def test_greekmmlu_prompt_matches_reference_004(build):
    _, instances = build("greekmmlu_biology")
    prompt = _greek_prompt("Βιολογίας", "test", "Biology")
    assert prompt.startswith("Αυτό είναι μια ερώτηση Βιολογίας. Επίλεξε τη σωστή απάντηση!\n\nΕρώτηση: ")
    assert prompt.endswith("\n\n Απάντηση:")  # blank line, then a space before Απάντηση
    assert _contexts(instances) == [(prompt, f" {label}") for label in GREEK_LABELS]
    for label in GREEK_LABELS:  # Greek capitals, not Latin look-alikes
        assert label not in "ABΓΔ"[:2] and 0x391 <= ord(label) <= 0x394


def test_greekmmlu_few_shot_block_uses_first_dev_rows(build):
    _, instances = build("greekmmlu_biology", 1)
    shot = _greek_prompt("Βιολογίας", "dev", "Biology") + " Δ"  # dev row 0: answer 3
    assert instances[0].request.args[0] == shot + "\n\n" + _greek_prompt("Βιολογίας", "test", "Biology")


def test_greekmmlu_level_config_uses_base_subject_and_fewer_choices(build):
    task, _ = build("greekmmlu_physics_professional")
    doc = task.eval_docs[2]  # the fixture row with 2-4 options
    n = len(doc["choices"])
    assert task.doc_to_choice(doc) == GREEK_LABELS[:n]
    assert task.doc_to_text(doc) == _greek_prompt("Φυσικής", "test", "Physics_Professional", n, 2)


def _greek_utils():
    spec = importlib.util.spec_from_file_location("greek_utils", TASKS_DIR / "greekmmlu" / "utils.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_greek_subject_map_and_english_fallback():
    utils = _greek_utils()
    assert len(utils.SUBJECTS_GREEK) == 30
    doc = {"question": "Q", "choices": ["a", "b"], "subject": "Maritime Safety and Rescue Operations"}
    assert "ερώτηση Ναυαγοσωστικων Λειτουργιών και Ασφάλειας στη Θάλασσα." in utils.doc_to_text(doc)
    doc["subject"] = "Computer Networks & Security"
    assert "ερώτηση Δικτύων Υπολογιστών και Ασφάλειας." in utils.doc_to_text(doc)
    doc["subject"] = "Astrobiology"  # not in the map: written in English, no error
    assert utils.doc_to_text(doc).startswith("Αυτό είναι μια ερώτηση Astrobiology. ")
