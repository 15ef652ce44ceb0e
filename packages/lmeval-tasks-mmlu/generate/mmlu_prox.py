"""Write the MMLU-ProX task configs (Xuan et al., 2025, arXiv:2503.10497), lm-eval 0.4.13's
``mmlu_prox`` folder: MMLU-Pro translated into 29 languages, full (``li-lab/MMLU-ProX``) and lite
(``li-lab/MMLU-ProX-Lite``), config = language code.

Per language and set: 14 category tasks (``mmlu_prox[_lite]_<lang>_<category>``, one
``process_docs`` filter on ``category`` each) and a group (``mmlu_prox[_lite]_<lang>``,
exact_match of ``custom-extract`` weighted by size). MMLU-Pro's chain-of-thought prompt in the
language (``data/mmlu_prox.json``: question/options/answer lines, the description with the
translated category, the answer sentence); options ``option_0``..``option_9`` lettered A..J when
not null; 5-shot from ``validation`` (first rows of the category), each shot followed by its
``cot_content`` (its ``A: <step>`` opening replaced by the answer line) and a blank line;
generated until ``</s>``/``Q:``/the question line/``<|im_end|>``; the letter of the answer
sentence (English: ``answer is (X)``) is compared with ``answer``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _common import GENERATED, TASKS_ROOT, Function, reset_dir, write, write_yaml

SCRIPT = "mmlu_prox.py"
LANGS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parent / "data" / "mmlu_prox.json").read_text(encoding="utf-8"))
# task suffix -> the dataset's category value
CATEGORIES = {name: name.replace("_", " ") for name in (
    "biology", "business", "chemistry", "computer_science", "economics", "engineering", "health", "history",
    "law", "math", "other", "philosophy", "physics", "psychology")}
# set -> (task prefix, hub id)
SETS = {"full": ("mmlu_prox", "li-lab/MMLU-ProX"), "lite": ("mmlu_prox_lite", "li-lab/MMLU-ProX-Lite")}
LETTER = r"\(?([ABCDEFGHIJ])\)?"

UTILS = '''\
"""MMLU-ProX ({lang}): the chain-of-thought prompt of a document and of a few-shot example, and one
``process_docs`` per category."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LETTERS = "ABCDEFGHIJ"
QUESTION = {question!r}
OPTIONS = {options!r}
ANSWER = {answer!r}
SHOT_ANSWER = {shot_answer!r}


def _prompt(doc: dict[str, Any], with_answer: bool) -> str:
    text = f"{{QUESTION}}\\n{{doc['question']}}\\n{{OPTIONS}}\\n"
    for i, letter in enumerate(LETTERS):
        option = doc[f"option_{{i}}"]
        if option is not None:
            text += f"{{letter}}. {{option}}\\n"
    if with_answer:
        return text + doc["cot_content"].replace(SHOT_ANSWER, ANSWER) + "\\n\\n"
    return text + ANSWER


def doc_to_text(doc: dict[str, Any]) -> str:
    return _prompt(doc, False)


def fewshot_to_text(doc: dict[str, Any]) -> str:
    return _prompt(doc, True)


def _keep(category: str) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["category"] == category)

    return process


{functions}
'''


def answer_regex(lang: str, answer_is: str) -> str:
    """The answer sentence with its ``({})`` as the letter group; English drops its leading "the"."""
    pattern = answer_is.replace("({})", LETTER)
    return pattern.removeprefix("the ") if lang == "en" else pattern


def template(lang: str, hub_id: str, strings: dict[str, Any]) -> dict[str, Any]:
    return {
        "dataset_path": hub_id,
        "dataset_name": lang,
        "test_split": "test",
        "fewshot_split": "validation",
        "fewshot_config": {"sampler": "first_n", "doc_to_text": Function("utils.fewshot_to_text"),
                           "doc_to_target": ""},
        "output_type": "generate_until",
        "doc_to_text": Function("utils.doc_to_text"),
        "doc_to_target": "answer",
        "filter_list": [{"name": "custom-extract", "filter": [
            {"function": "regex", "regex_pattern": answer_regex(lang, strings["answer_is"])},
            {"function": "take_first"}]}],
        "generation_kwargs": {"until": ["</s>", "Q:", strings["question"], "<|im_end|>"], "do_sample": False,
                              "temperature": 0.0, "max_gen_toks": 2048},
        "num_fewshot": 5,
        "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                         "ignore_case": True, "ignore_punctuation": True}],
        "metadata": {"version": 0.0},
    }


def write_language(root: Path, lang: str, strings: dict[str, Any]) -> None:
    out = reset_dir(root / "mmlu_prox" / lang)
    functions = "\n".join(f'process_{name} = _keep("{value}")' for name, value in CATEGORIES.items())
    write(out / "utils.py", GENERATED.format(script=SCRIPT) + UTILS.format(lang=lang, functions=functions, **{
        key: strings[key] for key in ("question", "options", "answer", "shot_answer")}))
    suffix = strings["answer_is"].format("X")
    for prefix, hub_id in SETS.values():
        template_name = f"_{lang}{prefix.removeprefix('mmlu_prox')}_template_yaml"
        write_yaml(out / template_name, template(lang, hub_id, strings), SCRIPT)
        group = f"{prefix}_{lang}"
        for name in CATEGORIES:
            subject = strings["subjects"][name]
            write_yaml(out / f"{group}_{name}.yaml", {
                "description": strings["description"].format(subject=subject, ans_suffix=suffix) + "\n",
                "include": template_name,
                "task": f"{group}_{name}",
                "task_alias": name,
                "process_docs": Function(f"utils.process_{name}"),
            }, SCRIPT)
        write_yaml(out / f"_{group}.yaml", {
            "group": group,
            "task": [f"{group}_{name}" for name in CATEGORIES],
            "aggregate_metric_list": [{"aggregation": "mean", "metric": "exact_match", "weight_by_size": True,
                                       "filter_list": "custom-extract"}],
            "metadata": {"version": 0.0},
        }, SCRIPT)


def main(root: Path = TASKS_ROOT) -> None:
    reset_dir(root / "mmlu_prox")
    for lang, strings in LANGS.items():
        write_language(root, lang, strings)


if __name__ == "__main__":
    main()
