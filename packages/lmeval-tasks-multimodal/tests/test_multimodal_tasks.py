"""Names, generated files, README list, validation, the requests' images, the metrics against
lm-eval's own code (goldens), and a run on a tiny real vision-language model."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval.media import digest
from lmeval.tasks.index import TaskIndex
from lmeval_tasks_multimodal import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates

PACK = Path(__file__).resolve().parents[1]
GOLDEN = json.loads((PACK / "tests" / "golden" / "metrics.json").read_text(encoding="utf-8"))


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


chartqa = _load("lmeval_tasks_multimodal_chartqa", TASKS_DIR / "chartqa" / "utils.py")
mmmu = _load("lmeval_tasks_multimodal_mmmu", TASKS_DIR / "mmmu" / "utils.py")


def _subjects() -> list[str]:
    """MMMU's subject tasks, from the pack's configs (as ``lmeval ls`` finds them)."""
    return [n for n in TaskIndex([(TASKS_DIR, "lmeval-tasks-multimodal")]).names("task") if n.startswith("mmmu_val_")]


def test_generator_reproduces_the_committed_configs_and_readme(tmp_path):
    assert_regenerates(PACK, TASKS_DIR, tmp_path, readme=True)


def test_readme_lists_every_task():
    text = (PACK / "README.md").read_text(encoding="utf-8")
    assert "34 tasks" in text and len(_subjects()) == 30


def test_ls_lists_lm_evals_names(capsys):
    assert main(["ls", "tasks"]) == 0
    names = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert {"chartqa", "chartqa_llama", "chartqa_llama_90", *_subjects()} <= names
    assert main(["ls", "groups"]) == 0
    groups = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert {"mmmu_val", "mmmu_val_science", "mmmu_val_humanities_and_social_science"} <= groups


def test_validate_passes(capsys):
    code = main(["validate", str(TASKS_DIR)])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert re.search(r"4\d file\(s\) checked, 0 problem\(s\)", out.err), out.err


@pytest.mark.parametrize("name", ["chartqa", "chartqa_llama", "chartqa_llama_90"])
def test_chartqa_requests_carry_the_chart(build, name):
    task, instances = build(name)
    (inst,) = instances
    context, kwargs, visual = inst.arguments
    assert context.startswith("<image>") and context.count("<image>") == 1
    assert "What is the value of the" in context
    assert kwargs == {"until": [], "do_sample": False, "temperature": 0.0, "max_gen_toks": 512}
    doc = task.eval_docs[0]
    assert [str(i) for i in visual["visual"]] == [digest(doc["image"])]


def test_mmmu_images_follow_the_references(build):
    # the fixture's second Art question shows <image 1> <image 2> <image 1>
    task, _ = build("mmmu_val_art")
    doc = task.eval_docs[1]
    (request,) = task.construct_requests(doc, task.fewshot_context(doc, 0))
    images = request.media.images
    assert [i.digest for i in images] == [digest(doc[k]) for k in ("image_1", "image_2", "image_1")]
    assert request.context.count("<image>") == 3 and "<image 1>" not in request.context
    assert request.context.endswith("Answer with the option's letter from the given choices directly.")
    assert request.until == ("<|endoftext|>",)


@pytest.mark.parametrize("case", GOLDEN["chartqa"], ids=lambda c: repr(c["prediction"])[:40])
def test_chartqa_metrics_match_lm_eval(case):
    for name in ("exact_match", "relaxed_accuracy", "anywhere_accuracy"):
        assert getattr(chartqa, name)([case["gold"]], [case["prediction"]]) == case[name], name


@pytest.mark.parametrize("case", GOLDEN["mmmu_mc"], ids=lambda c: repr(c["response"])[:40])
def test_mmmu_letter_parsing_matches_lm_eval(case):
    letters = list(mmmu.LETTERS[:len(case["options"])])
    index2ans = dict(zip(letters, case["options"], strict=False))
    assert mmmu.parse_multi_choice_response(case["response"], letters, index2ans) == case["pred"]


@pytest.mark.parametrize("case", GOLDEN["mmmu_open"], ids=lambda c: repr(c["response"])[:40])
def test_mmmu_open_parsing_matches_lm_eval(case):
    preds = mmmu.parse_open_response(case["response"])
    assert sorted(map(repr, preds)) == case["preds"]
    assert mmmu.eval_open(case["gold"], preds) == case["correct"]


def test_mmmu_guesses_come_from_a_seeded_stream():
    first = [mmmu.parse_multi_choice_response("zzz", ["A", "B", "C", "D"], {}) for _ in range(20)]
    fresh = _load("mmmu_again", TASKS_DIR / "mmmu" / "utils.py")
    again = [fresh.parse_multi_choice_response("zzz", ["A", "B", "C", "D"], {}) for _ in range(20)]
    assert len(set(first)) > 1
    import random

    expected = random.Random(42)
    assert [expected.choice("ABCD") for _ in range(20)] == again


def test_text_only_backend_is_refused(tmp_path, capsys):
    code = main(["run", "--model", "dummy", "--tasks", "chartqa", "--limit", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert "task 'chartqa' gives the model images" in err and "backend 'dummy'" in err
