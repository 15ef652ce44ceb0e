"""PolEmo 2.0, Histoires Morales, NoticIA: the first document's requests equal lm-eval 0.4.13's
(tests/golden/small_sets.json, tests/tools/reference_requests.py on the fixtures); NoticIA's text
clean-up and length as lm-eval's helper computes them. PolEmo 2.0's f1/accuracy are HF evaluate's
Hub modules, which neither tool can load offline (task_parity lists it as deliberate)."""

from __future__ import annotations

import json

import pytest
from lmeval.evaluator import build_instances
from lmeval_tasks_multilingual.noticia import average_len_agg, clean_text
from ml_data import HERE

GOLDEN = json.loads((HERE / "golden" / "small_sets.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("shots", "key"), [(None, "zero_shot"), (2, "two_shot")])
def test_requests_equal_lm_evals(lmeval_task_loader, shots, key):
    assert GOLDEN[key]
    for name, expected in GOLDEN[key].items():
        task = lmeval_task_loader.task(name)
        if shots is not None:
            task.config.num_fewshot = shots
        task.check()
        _, instances = build_instances(task, limit=1)
        assert [json.loads(json.dumps(list(i.arguments))) for i in instances] == expected, name


def test_noticia_cleans_as_lm_eval():
    assert clean_text(" «Nada»,\n dijo  el Ministro. ") == "«nada» dijo el ministro"
    assert average_len_agg([("x", "Uno, dos."), ("y", "  tres ")]) == 1.5


def test_polemo2_letter_maps_to_the_label(lmeval_task_loader):
    task = lmeval_task_loader.task("polemo2_in")
    doc = next(iter(task.eval_docs))
    assert task.doc_to_target(doc) == "0"  # __label__meta_zero ("A - Neutralny"), rendered as lm-eval renders it
