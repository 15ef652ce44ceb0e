"""BBH pack: prompts from the published exemplars, the filters' edge cases, registration,
validation, and reference-LM runs of the groups."""

from __future__ import annotations

import json
import re
from pathlib import Path

import lmeval
import pytest
from lmeval.cli import main
from lmeval_tasks_bbh import TASKS_DIR
from lmeval_tasks_bbh.filters import (
    MapRegex,
    MultipleChoice,
    NumberParse,
    WordSort,
    words_to_number,
)

PROMPTS = json.loads((Path(__file__).resolve().parents[1] / "generate" / "bbh_prompts.json")
                     .read_text(encoding="utf-8"))
SETTINGS = ("zeroshot", "fewshot", "cot_zeroshot", "cot_fewshot")
GROUPS = {"bbh", "bbh_zeroshot", "bbh_fewshot", "bbh_cot_zeroshot", "bbh_cot_fewshot"}


def test_cot_fewshot_prompt_is_the_published_prompt(build):
    """Description, the three worked exemplars, then the question (lm-eval 4.0 layout)."""
    _, instances = build("bbh_cot_fewshot_boolean_expressions")
    context, gen_kwargs = instances[0].request.args
    entry = PROMPTS["boolean_expressions"]
    expected = entry["description"] + "\n\n" + "".join(
        f"Q: {s['input']}\nA: Let's think step by step.\n{s['cot_target']}\n\n" for s in entry["shots"])
    expected += "Q: not ( True ) and ( True ) is\nA: Let's think step by step.\n"
    assert context == expected
    assert gen_kwargs["until"] == ["</s>", "Q", "\n\n"] and gen_kwargs["max_gen_toks"] == 1024


def test_fewshot_prompt_uses_final_answers(build):
    _, instances = build("bbh_fewshot_web_of_lies")
    context = instances[0].request.args[0]
    entry = PROMPTS["web_of_lies"]
    assert context.startswith("Evaluate a random boolean function expressed as a word problem.\n\nQ: ")
    assert [s["target"] for s in entry["shots"]] == ["Yes", "Yes", "No"]
    assert context.count("\nA: ") == 3 and context.endswith("Does Ben tell the truth?\nA:")


def test_every_subtask_has_three_exemplars_with_their_answer():
    assert len(PROMPTS) == 27
    for name, entry in PROMPTS.items():
        assert len(entry["shots"]) == 3, name
        for shot in entry["shots"]:
            assert shot["cot_target"].endswith(f"So the answer is {shot['target']}.") or \
                shot["cot_target"].endswith(f"So the answer is {shot['target']}"), name


def test_multiple_choice_filter_falls_back_to_option_text_and_letters():
    doc = {"input": "Q?\nOptions:\n(A) red ball\n(B) red ball and cup\n(C) blue"}
    f = MultipleChoice(regex_pattern=r"(\([A-Z]\))", ignore_case=True, ignore_punctuation=True)
    assert f.apply([["It is (C)."], ["the RED BALL AND CUP!"], ["answer: B"], ["none"]], [doc] * 4) == \
        [["(C)"], ["(B)"], ["(B)"], ["[invalid]"]]


def test_number_filter_reads_digits_then_words():
    f = NumberParse(regex_pattern="([-0-9]+)", group_select=-1)
    answers = [["so 3 then 12"], ["It is Twenty three."], ["Twenty-three"], ["none"], ["no digits"]]
    # as in lm-eval: "-" alone matches [-0-9]+, and "one" is found inside "none"
    assert f.apply(answers, [{}] * 5) == [["12"], ["23"], ["-"], ["1"], ["[invalid]"]]
    assert words_to_number("two million twenty three thousand and forty nine") == 2_023_049
    assert words_to_number("four point five") == 4.5


def test_map_and_word_sort_filters():
    m = MapRegex({r"\b(no|not plausible)\b": "no", r"\b(yes|plausible)\b": "yes"}, ignore_case=True)
    assert m.apply([["Quite PLAUSIBLE"], ["not plausible"], ["maybe"]], [{}] * 3) == \
        [["yes"], ["no"], ["[invalid]"]]
    doc = {"input": "Sort: List: pear fig apple"}
    assert WordSort().apply([["apple fig, then fig pear apple"]], [doc]) == [["fig pear apple"]]


def test_ls_lists_tasks_groups_and_filters(capsys):
    assert main(["ls", "tasks"]) == 0
    listed = {line.split()[0] for line in capsys.readouterr().out.splitlines()[1:] if line.strip()}
    expected = {f"bbh_{s}_{n}" for s in SETTINGS for n in PROMPTS}
    assert len(expected) == 108 and expected <= listed
    assert main(["ls", "groups"]) == 0
    assert GROUPS <= {line.split()[0] for line in capsys.readouterr().out.splitlines()[1:] if line.strip()}
    assert main(["ls", "filters"]) == 0
    out = capsys.readouterr().out
    for name in ("bbh_multiple_choice", "bbh_map_regex", "bbh_number", "bbh_word_sort"):
        assert re.search(rf"^{name}\s+lmeval-tasks-bbh", out, re.M), name


def test_validate_passes(capsys):
    code = main(["validate", str(TASKS_DIR)])
    out = capsys.readouterr()
    assert code == 0, out.out
    assert "0 problem(s)" in out.err


@pytest.mark.parametrize("group, filter_name", [
    ("bbh_zeroshot", "flexible-extract"), ("bbh_fewshot", "none"),
    ("bbh_cot_zeroshot", "flexible-extract"), ("bbh", "get-answer"),
])
def test_reference_run_of_each_group(group, filter_name):
    res = lmeval.evaluate(model="dummy", tasks=[group], bootstrap_iters=0)
    subtasks = res["group_subtasks"][group]
    assert len(subtasks) == 27
    key = f"exact_match,{filter_name}"
    sizes = [res["n-samples"][t]["effective"] for t in subtasks]
    values = [res["results"][t][key] for t in subtasks]
    assert all(0.0 <= v <= 1.0 for v in values)
    expected = sum(v * n for v, n in zip(values, sizes, strict=True)) / sum(sizes)
    assert res["results"][group][key] == pytest.approx(expected)
