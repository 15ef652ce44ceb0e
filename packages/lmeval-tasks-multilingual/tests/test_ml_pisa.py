"""PISA-Bench: prompts, images and scores equal what lm-eval 0.4.13's own helpers make of the
fixtures (tests/golden/pisa.json, tests/tools/pisa_reference.py; lm-eval will not run a multimodal
task on task_parity's text-only model), and the judged tasks refuse to load without their key."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from lmeval.evaluator import build_instances
from lmeval_tasks_multilingual import pisa
from ml_data import HERE

GOLDEN = json.loads((HERE / "golden" / "pisa.json").read_text(encoding="utf-8"))
LANGS = ["de", "fr", "it", "en", "es", "ch"]


def test_prompts_images_and_scores_equal_lm_evals(lmeval_task_loader):
    random.seed(1234)
    for lang in LANGS:
        task = lmeval_task_loader.task(f"pisa_{lang}")
        task.check()
        docs = list(task.eval_docs)
        expected = GOLDEN["languages"][lang]
        assert len(docs) == len(expected) == 4
        for doc, want in zip(docs, expected, strict=True):
            assert pisa.doc_to_text(doc) == want["prompt"]
            assert [task.process_results(doc, [r])["acc"] for r in GOLDEN["responses"]] == want["acc"]


def test_requests_carry_the_prompt_and_the_image(lmeval_task_loader):
    task = lmeval_task_loader.task("pisa_en")
    task.check()
    _, instances = build_instances(task, limit=4)
    args = [i.arguments for i in instances]
    assert args[0][0] == GOLDEN["languages"]["en"][0]["prompt"]
    assert args[0][1]["until"] == ["<|endoftext|>"]
    images = [i.request.media.images for i in instances]
    assert [len(ims) for ims in images] == [1, 1, 1, 1]
    assert len({ims[0].digest for ims in images}) == 4  # each item its own image


def test_first_requests_of_every_task_are_lm_evals(lmeval_task_loader, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")  # the judged tasks load their judge
    pytest.importorskip("openai", reason="the judged tasks need the [pisa-judge] extra (openai)")
    assert len(GOLDEN["zero_shot"]) == 12
    for name, expected in GOLDEN["zero_shot"].items():
        task = lmeval_task_loader.task(name)
        task.check()
        _, instances = build_instances(task, limit=1)
        got = [[i.arguments[0], i.arguments[1], len(i.request.media.images)] for i in instances]
        assert json.loads(json.dumps(got)) == expected, name


def test_judge_prompts_are_lm_evals(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    pytest.importorskip("openai", reason="the judge's client is the [pisa-judge] extra (openai)")
    from lmeval_tasks_multilingual import pisa_judge

    assert pisa_judge.SYSTEM_PROMPT == GOLDEN["judge_system_prompt"]
    doc = {"choices": "['en option 0 of item 0', 'en option 1 of item 0', 'en option 2 of item 0']", "answer": 2}
    index2ans, _ = pisa.choice_info(pisa.options(doc))
    prompt = pisa_judge.user_prompt(" B ", [f"{k}) {v}" for k, v in index2ans.items()], "C) en option 2 of item 0")
    assert prompt == GOLDEN["judge_user_prompt"]


def test_judged_task_without_key_is_refused_in_one_line(tmp_path):
    code = ("import os; os.environ.pop('OPENAI_API_KEY', None)\n"
            "try:\n    import lmeval_tasks_multilingual.pisa_judge\n"
            "except Exception as e:\n    print(type(e).__name__, '|', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout.strip()
    assert "\n" not in out
    assert ("OPENAI_API_KEY" in out and out.startswith("UsageError")) or "pisa-judge" in out, out


def test_judge_call_and_key_masking(monkeypatch):
    """The chat call lm-eval makes (model, temperature 0, one token, system + user prompts); a
    client error reaches the user with the key replaced by ***."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    pytest.importorskip("openai", reason="the judge's client is the [pisa-judge] extra (openai)")
    from lmeval_tasks_multilingual import pisa_judge

    calls = []

    class Completions:
        def create(self, **kwargs):
            calls.append(kwargs)
            if kwargs["messages"][1]["content"].startswith("Student Answer:\nboom"):
                raise ConnectionError("401 for key sk-test-not-a-key")
            reply = type("M", (), {"content": " 1\n"})
            return type("R", (), {"choices": [type("C", (), {"message": reply})]})

    client = type("Client", (), {"chat": type("Chat", (), {"completions": Completions()})()})()
    monkeypatch.setattr(pisa_judge, "_client", client)
    monkeypatch.setattr(pisa_judge, "_KEY", "sk-test-not-a-key")
    monkeypatch.setenv("MODEL_VERSION", "judge-model")
    doc = {"choices": "['red', 'blue']", "answer": 1}
    assert pisa_judge.process_results(doc, ["B"]) == {"acc": 1.0}
    call = calls[0]
    assert (call["model"], call["temperature"], call["max_tokens"]) == ("judge-model", 0, 1)
    assert [m["role"] for m in call["messages"]] == ["system", "user"]
    assert "Options:\nA) red\nB) blue\n" in call["messages"][1]["content"]
    assert "Correct Answer (letter and/or text):\nB) blue\n" in call["messages"][1]["content"]
    with pytest.raises(RuntimeError) as err:
        pisa_judge.process_results(doc, ["boom"])
    assert "sk-test-not-a-key" not in str(err.value) and "***" in str(err.value)
