"""Write lm-eval 0.4.13's ``llama3`` task configs: Meta's Llama-3.1 instruct evaluation formats.

* ``mmlu_llama``: MMLU (``hails/mmlu_no_train``) as generation; the question, its four options
  and the instruction to end with "The best answer is X"; five ``dev`` examples (first five), the
  answer prefixed by ``The best answer is``, a greedy ten-token answer stopped at ``.``; the
  whitespace-stripped answer against ``X.`` (``exact_match``, case, punctuation, ``$`` and a final
  ``.`` ignored). Groups per category and overall, size-weighted.
* ``mmlu_cot_llama``: the same questions zero-shot with a step-by-step instruction, up to 1,024
  tokens, the last ``best answer is X`` taken.
* ``mmlu_<lang>_llama`` (de es fr hi it pt th): the translated questions of Meta's
  ``Llama-3.1-8B-Instruct-evals`` details (split ``latest``, rows of one ``subtask_name``), five
  examples per subject given inline (``generate/data/llama3_mmlu_fewshot.json``).
* ``mmlu_pro_llama``: MMLU-Pro, five ``validation`` examples of the category whose reasoning ends
  "The best answer is X.", the last ``[tT]he best answer is X`` taken.
* ``arc_challenge_llama``: four-option ARC-Challenge questions, zero-shot, ``A``-``D`` labels.
* ``gsm8k_llama``: eight chain-of-thought examples ending "The final answer is N", up to 1,024
  tokens; ``strict_match`` and ``flexible_extract``. Like lm-eval's (it includes gsm8k-cot), it
  also carries the ``chain_of_thought`` tag.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "llama3.py"
DATA = Path(__file__).resolve().parent / "data" / "llama3_mmlu_fewshot.json"
CATEGORIES = {"stem": "stem", "other": "other", "social_sciences": "social sciences",
              "humanities": "humanities"}
#: MMLU subject -> category, as lm-eval's ``mmlu_*_llama_<category>_tasks`` tags have them
SUBJECTS = {
    "abstract_algebra": "stem", "anatomy": "stem", "astronomy": "stem", "business_ethics": "other",
    "clinical_knowledge": "other", "college_biology": "stem", "college_chemistry": "stem",
    "college_computer_science": "stem", "college_mathematics": "stem", "college_medicine": "other",
    "college_physics": "stem", "computer_security": "stem", "conceptual_physics": "stem",
    "econometrics": "social_sciences", "electrical_engineering": "stem", "elementary_mathematics": "stem",
    "formal_logic": "humanities", "global_facts": "other", "high_school_biology": "stem",
    "high_school_chemistry": "stem", "high_school_computer_science": "stem",
    "high_school_european_history": "humanities", "high_school_geography": "social_sciences",
    "high_school_government_and_politics": "social_sciences",
    "high_school_macroeconomics": "social_sciences", "high_school_mathematics": "stem",
    "high_school_microeconomics": "social_sciences", "high_school_physics": "stem",
    "high_school_psychology": "social_sciences", "high_school_statistics": "stem",
    "high_school_us_history": "humanities", "high_school_world_history": "humanities",
    "human_aging": "other", "human_sexuality": "social_sciences", "international_law": "humanities",
    "jurisprudence": "humanities", "logical_fallacies": "humanities", "machine_learning": "stem",
    "management": "other", "marketing": "other", "medical_genetics": "other", "miscellaneous": "other",
    "moral_disputes": "humanities", "moral_scenarios": "humanities", "nutrition": "other",
    "philosophy": "humanities", "prehistory": "humanities", "professional_accounting": "other",
    "professional_law": "humanities", "professional_medicine": "other",
    "professional_psychology": "social_sciences", "public_relations": "social_sciences",
    "security_studies": "social_sciences", "sociology": "social_sciences",
    "us_foreign_policy": "social_sciences", "virology": "other", "world_religions": "humanities",
}
LANGUAGES = ("de", "es", "fr", "hi", "it", "pt", "th")
MMLU_PRO = ("biology", "business", "chemistry", "computer_science", "economics", "engineering", "health",
            "history", "law", "math", "other", "philosophy", "physics", "psychology")

ANSWER_LINE = ("Your response should end with \"The best answer is [the_answer_letter]\" where the "
               "[the_answer_letter] is one of A, B, C or D.")
INSTRUCTION = "Given the following question and four candidate answers (A, B, C and D), choose the best answer.\n"
MMLU_TEXT = (INSTRUCTION + "Question: {{question.strip()}}\nA. {{choices[0]}}\nB. {{choices[1]}}\n"
             "C. {{choices[2]}}\nD. {{choices[3]}}\n" + ANSWER_LINE)
MULTILINGUAL_TEXT = (INSTRUCTION + "Question: {{input_question.strip()}}\nA. {{input_choice_list.A}}\n"
                     "B. {{input_choice_list.B}}\nC. {{input_choice_list.C}}\nD. {{input_choice_list.D}}\n"
                     + ANSWER_LINE)
COT_TEXT = (
    "Given the following question and four candidate answers (A, B, C and D), choose the best answer.\n\n"
    "Question: {{question.strip()}}\nA. {{choices[0]}}\nB. {{choices[1]}}\nC. {{choices[2]}}\n"
    "D. {{choices[3]}}\n\n- For simple problems:\nDirectly provide the answer with minimal explanation.\n\n"
    "- For complex problems:\nUse this step-by-step format:\n## Step 1: [Concise description]\n"
    "[Brief explanation]\n## Step 2: [Concise description]\n[Brief explanation]\n\n"
    "Regardless of the approach, always conclude with:\nThe best answer is [the_answer_letter].\n"
    "where the [the_answer_letter] is one of A, B, C or D.\n\nLet's think step by step.")
ARC_TEXT = (INSTRUCTION + "Question: {{ question }}\nA. {{ choices.text[0] }}\nB. {{ choices.text[1] }}\n"
            "C. {{ choices.text[2] }}\nD. {{ choices.text[3] }}\n" + ANSWER_LINE)
MMLU_PRO_TEXT = (
    "{% set letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' %}Given the following question and candidate answers, "
    "choose the best answer.\nQuestion: {{question.strip()}}\n{% for choice in options %}"
    "{{letters[loop.index0]}}. {{choice}}\n{% endfor %}\nYour response should end with \"The best answer is "
    "[the_answer_letter].\" where the [the_answer_letter] is a letter from the provided choices.\n\n"
    "Let's think step by step.")
GSM8K_TEXT = ("Given the following problem, reason and give a final answer to the problem.\nProblem: "
              "{{question}}\nYour response should end with \"The final answer is [answer]\" where [answer] "
              "is the response to the problem.")
#: (question, reasoning ending "The final answer is N") of gsm8k_llama's eight examples
GSM8K_SHOTS = (
    ("There are 15 trees in the grove. Grove workers will plant trees in the grove today. After they are "
     "done, there will be 21 trees. How many trees did the grove workers plant today?",
     "There are 15 trees originally. Then there were 21 trees after some more were planted. So there must "
     "have been 21 - 15 = 6. The final answer is 6."),
    ("If there are 3 cars in the parking lot and 2 more cars arrive, how many cars are in the parking lot?",
     "There are originally 3 cars. 2 more cars arrive. 3 + 2 = 5. The final answer is 5."),
    ("Leah had 32 chocolates and her sister had 42. If they ate 35, how many pieces do they have left in "
     "total?",
     "Originally, Leah had 32 chocolates. Her sister had 42. So in total they had 32 + 42 = 74. After "
     "eating 35, they had 74 - 35 = 39. The final answer is 39."),
    ("Jason had 20 lollipops. He gave Denny some lollipops. Now Jason has 12 lollipops. How many lollipops "
     "did Jason give to Denny?",
     "Jason started with 20 lollipops. Then he had 12 after giving some to Denny. So he gave Denny "
     "20 - 12 = 8. The final answer is 8."),
    ("Shawn has five toys. For Christmas, he got two toys each from his mom and dad. How many toys does he "
     "have now?",
     "Shawn started with 5 toys. If he got 2 toys each from his mom and dad, then that is 4 more toys. "
     "5 + 4 = 9. The final answer is 9."),
    ("There were nine computers in the server room. Five more computers were installed each day, from "
     "monday to thursday. How many computers are now in the server room?",
     "There were originally 9 computers. For each of 4 days, 5 more computers were added. So 5 * 4 = 20 "
     "computers were added. 9 + 20 is 29. The final answer is 29."),
    ("Michael had 58 golf balls. On tuesday, he lost 23 golf balls. On wednesday, he lost 2 more. How many "
     "golf balls did he have at the end of wednesday?",
     "Michael started with 58 golf balls. After losing 23 on tuesday, he had 58 - 23 = 35. After losing 2 "
     "more, he had 35 - 2 = 33 golf balls. The final answer is 33."),
    ("Olivia has $23. She bought five bagels for $3 each. How much money does she have left?",
     "Olivia had 23 dollars. 5 bagels for 3 dollars each will be 5 x 3 = 15 dollars. So she has 23 - 15 "
     "dollars left. 23 - 15 is 8. The final answer is 8."),
)

LETTER_MATCH = {"metric": "exact_match", "aggregation": "mean", "higher_is_better": True, "ignore_case": True,
                "ignore_punctuation": True, "regexes_to_ignore": ["\\$", "\\.$"]}
STRIP_FIRST = [{"name": "strict_match", "filter": [{"function": "remove_whitespace"},
                                                   {"function": "take_first"}]}]


def _last_match(pattern: str) -> list[dict[str, Any]]:
    return [{"name": "strict_match", "filter": [{"function": "regex", "regex_pattern": pattern,
                                                 "group_select": -1}, {"function": "take_first"}]}]


def _weighted(filter_list: Any, aggregation: bool = True) -> list[dict[str, Any]]:
    entry: dict[str, Any] = {"metric": "exact_match"}
    if aggregation:
        entry["aggregation"] = "mean"
    entry.update({"weight_by_size": True, "filter_list": filter_list})
    return [entry]


def mmlu_template() -> dict[str, Any]:
    return {
        "dataset_path": "hails/mmlu_no_train", "output_type": "generate_until", "test_split": "test",
        "fewshot_split": "dev", "fewshot_config": {"sampler": "first_n"}, "doc_to_text": MMLU_TEXT,
        "gen_prefix": "The best answer is", "doc_to_target": "{{['A.','B.','C.','D.'][answer]}}",
        "num_fewshot": 5, "metric_list": [LETTER_MATCH],
        "generation_kwargs": {"do_sample": False, "until": ["."], "max_gen_toks": 10},
        "filter_list": STRIP_FIRST, "metadata": {"version": 1.0},
    }


def cot_template() -> dict[str, Any]:
    return {
        "dataset_path": "hails/mmlu_no_train", "test_split": "test", "output_type": "generate_until",
        "doc_to_text": COT_TEXT, "doc_to_target": "{{['A','B','C','D'][answer]}}",
        "generation_kwargs": {"do_sample": False, "temperature": 0, "max_gen_toks": 1024, "until": []},
        "filter_list": _last_match("best answer is ([A-Z])"),
        "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                         "ignore_case": True, "ignore_punctuation": True}],
        "metadata": {"version": 1.0}, "num_fewshot": 0,
    }


def multilingual_template(lang: str) -> dict[str, Any]:
    return {
        "dataset_path": "meta-llama/Llama-3.1-8B-Instruct-evals",
        "dataset_name": f"Llama-3.1-8B-Instruct-evals__multilingual_mmlu_{lang}__details",
        "output_type": "generate_until", "test_split": "latest", "doc_to_text": MULTILINGUAL_TEXT,
        "gen_prefix": "The best answer is", "doc_to_target": "{{input_correct_responses[0]}}.",
        "num_fewshot": 5, "metric_list": [LETTER_MATCH],
        "generation_kwargs": {"do_sample": False, "temperature": 0, "until": ["."], "max_gen_toks": 10},
        "filter_list": STRIP_FIRST, "metadata": {"version": 1.0},
    }


def write_mmlu_family(out: Path, prefix: str, template: str, tasks: dict[str, dict[str, Any]],
                      stem_version: int, top: dict[str, Any], filter_list: Any, aggregation: bool) -> None:
    """Per-subject configs (``tasks``: subject -> extra keys), four category groups and the top group."""
    for subject, extra in tasks.items():
        config = {"include": template, "tag": f"{prefix}_{SUBJECTS[subject]}_tasks",
                  "task": f"{prefix}_{subject}", **extra}
        write_yaml(out / f"{prefix}_{subject}.yaml", config, SCRIPT)
    for category, alias in CATEGORIES.items():
        write_yaml(out / f"_{prefix}_{category}.yaml", {
            "group": f"{prefix}_{category}", "group_alias": alias, "task": [f"{prefix}_{category}_tasks"],
            "aggregate_metric_list": _weighted(filter_list, aggregation),
            "metadata": {"version": stem_version if category == "stem" else 1}}, SCRIPT)
    write_yaml(out / f"_{prefix}.yaml", {
        "group": prefix, "task": [f"{prefix}_{c}" for c in ("stem", "other", "social_sciences", "humanities")],
        "aggregate_metric_list": _weighted(filter_list, aggregation), **top}, SCRIPT)


def utils_multilingual(lang: str) -> str:
    lines = [f'"""Rows of one subject of Meta\'s multilingual MMLU ({lang}) for the YAML beside this file."""',
             "", "from lmeval_tasks_leaderboard.llama3 import in_subtask", ""]
    lines += [f'process_docs_{s} = in_subtask("mmlu_{lang}_chat.{s}")' for s in SUBJECTS]
    return "\n".join(lines) + "\n"


def utils_mmlu_pro() -> str:
    lines = ['"""MMLU-Pro\'s category filters and Llama-3 few-shot answers for the YAML beside this file."""', "",
             "from lmeval_tasks_leaderboard.llama3 import mmlu_pro_fewshot_to_text as fewshot_to_text",
             "from lmeval_tasks_leaderboard.mmlu_pro import in_category", ""]
    lines += [f'process_{s} = in_category("{s.replace("_", " ")}")' for s in MMLU_PRO]
    lines += ["", '__all__ = ["fewshot_to_text", ' + ", ".join(f'"process_{s}"' for s in MMLU_PRO) + "]"]
    return "\n".join(lines) + "\n"


def mmlu_pro_template() -> dict[str, Any]:
    return {
        "dataset_path": "TIGER-Lab/MMLU-Pro", "output_type": "generate_until", "test_split": "test",
        "fewshot_split": "validation",
        "fewshot_config": {"sampler": "first_n", "doc_to_target": Function("utils.fewshot_to_text")},
        "doc_to_text": MMLU_PRO_TEXT, "doc_to_target": "answer", "num_fewshot": 5,
        "metric_list": [LETTER_MATCH],
        "generation_kwargs": {"do_sample": False, "temperature": 0, "max_gen_toks": 1024, "until": []},
        "filter_list": _last_match("[tT]he best answer is ([A-Z])"), "metadata": {"version": 1.0},
    }


def arc_config() -> dict[str, Any]:
    return {
        "task": "arc_challenge_llama", "dataset_name": "ARC-Challenge", "dataset_path": "allenai/ai2_arc",
        "test_split": "test", "process_docs": Function("utils.process_docs"), "doc_to_text": ARC_TEXT,
        "doc_to_target": "{{answerKey}}", "gen_prefix": "The best answer is", "num_fewshot": 0,
        "output_type": "generate_until",
        "generation_kwargs": {"do_sample": False, "max_gen_toks": 100, "until": []},
        "filter_list": STRIP_FIRST, "metric_list": [LETTER_MATCH], "metadata": {"version": 1.0},
    }


def gsm8k_config() -> dict[str, Any]:
    return {
        "task": "gsm8k_llama", "tag": ["chain_of_thought"], "dataset_path": "openai/gsm8k",
        "dataset_name": "main", "output_type": "generate_until", "test_split": "test",
        "doc_to_text": GSM8K_TEXT,
        "doc_to_target": "{{answer.split('####')[-1].strip() if answer is defined else target}}",
        "fewshot_config": {"sampler": "first_n",
                           "samples": [{"question": q, "target": t} for q, t in GSM8K_SHOTS]},
        "num_fewshot": 8, "repeats": 1,
        "generation_kwargs": {"do_sample": False, "max_gen_toks": 1024, "temperature": 0, "until": []},
        "filter_list": [
            _last_match("final answer is (\\-?[0-9\\.\\,]+)")[0],
            {"name": "flexible_extract", "filter": [
                {"function": "regex", "group_select": -1, "regex_pattern": "(-?[$0-9.,]{2,})|(-?[0-9]+)"},
                {"function": "take_first"}]}],
        "metric_list": [{"aggregation": "mean", "higher_is_better": True, "ignore_case": True,
                         "ignore_punctuation": False, "metric": "exact_match",
                         "regexes_to_ignore": [",", "\\$", "(?s).*#### ", "\\.$"]}],
        "metadata": {"version": 3.0},
    }


def task_names() -> list[str]:
    names = [f"mmlu_llama_{s}" for s in SUBJECTS] + [f"mmlu_cot_llama_{s}" for s in SUBJECTS]
    names += [f"mmlu_{lang}_llama_{s}" for lang in LANGUAGES for s in SUBJECTS]
    return names + [f"mmlu_pro_llama_{s}" for s in MMLU_PRO] + ["arc_challenge_llama", "gsm8k_llama"]


def main(root: Path = TASKS_ROOT) -> None:
    base = reset_dir(root / "llama3")
    out = reset_dir(base / "mmlu")
    write_yaml(out / "_continuation_template_yaml", mmlu_template(), SCRIPT)
    write_mmlu_family(out, "mmlu_llama", "_continuation_template_yaml",
                      {s: {"dataset_name": s, "task_alias": s.replace("_", " ")} for s in SUBJECTS},
                      0, {"metadata": {"version": 1}}, ["strict_match"], True)
    out = reset_dir(base / "mmlu_cot")
    write_yaml(out / "_mmlu_cot_llama_template_yaml", cot_template(), SCRIPT)
    write_mmlu_family(out, "mmlu_cot_llama", "_mmlu_cot_llama_template_yaml",
                      {s: {"dataset_name": s, "description": "", "task_alias": s.replace("_", " ")}
                       for s in SUBJECTS}, 1, {}, "strict_match", False)
    shots = json.loads(DATA.read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        out = reset_dir(base / f"mmlu_{lang}")
        write_python(out / "utils.py", utils_multilingual(lang), SCRIPT)
        write_yaml(out / "_continuation_template_yaml", multilingual_template(lang), SCRIPT)
        write_mmlu_family(out, f"mmlu_{lang}_llama", "_continuation_template_yaml", {
            s: {"task_alias": s, "process_docs": Function(f"utils.process_docs_{s}"),
                "fewshot_config": {"sampler": "first_n", "samples": shots[lang][s]}} for s in SUBJECTS},
            1, {"metadata": {"version": 1}}, ["strict_match"], True)
    out = reset_dir(base / "mmlu_pro")
    write_python(out / "utils.py", utils_mmlu_pro(), SCRIPT)
    write_yaml(out / "_default_template_yaml", mmlu_pro_template(), SCRIPT)
    for s in MMLU_PRO:
        write_yaml(out / f"mmlu_pro_llama_{s}.yaml", {"include": "_default_template_yaml",
                                                      "task": f"mmlu_pro_llama_{s}", "task_alias": s,
                                                      "process_docs": Function(f"utils.process_{s}")}, SCRIPT)
    write_yaml(out / "_mmlu_pro_llama.yaml", {
        "group": "mmlu_pro_llama", "task": [f"mmlu_pro_llama_{s}" for s in MMLU_PRO],
        "aggregate_metric_list": _weighted(["strict_match"]), "metadata": {"version": 1.0}}, SCRIPT)
    out = reset_dir(base / "arc_challenge")
    write_python(out / "utils.py", '"""Meta\'s ARC-Challenge preprocessing for the YAML beside this file."""\n\n'
                 "from lmeval_tasks_leaderboard.llama3 import arc_process_docs as process_docs\n\n"
                 '__all__ = ["process_docs"]\n', SCRIPT)
    write_yaml(out / "arc_challenge_llama.yaml", arc_config(), SCRIPT)
    out = reset_dir(base / "gsm8k")
    write_yaml(out / "gsm8k_llama.yaml", gsm8k_config(), SCRIPT)
