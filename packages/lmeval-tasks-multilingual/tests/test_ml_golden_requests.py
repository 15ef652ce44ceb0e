"""Every task builds, for its first document, exactly the requests lm-eval 0.4.13 builds from its
own YAML on the same documents (tests/golden/requests.json, made once by tests/tools/make_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval.evaluator import build_instances
from ml_data import GOLDEN


@pytest.fixture(scope="module")
def loader(lmeval_task_loader):
    """lmeval-testkit's loader over every installed pack (index cached in the session's tmp)."""
    return lmeval_task_loader


def first_doc_requests(loader, name: str, num_fewshot: int | None = None) -> list:
    task = loader.task(name)
    if num_fewshot is not None:
        task.config.num_fewshot = num_fewshot
    task.check()
    _, instances = build_instances(task, limit=1)
    return [json.loads(json.dumps(list(i.arguments))) for i in instances]


def mismatches(loader, golden: dict, num_fewshot: int | None) -> list[str]:
    bad = []
    for name, expected in golden.items():
        got = first_doc_requests(loader, name, num_fewshot)
        if got != expected:
            bad.append(f"{name}:\n  ours      {got!r:.400}\n  reference {expected!r:.400}")
    return bad


#: requests that differ from lm-eval's on purpose (README, "deliberate differences"): lm-eval
#: shuffles SciQ-ar's options anew on every read of the documents; the pack orders them by a
#: hash of the document, checked below
DELIBERATE = {"arabic_mt_sciq", "arabic_mt_sciq_light"}


def family_golden_tasks() -> set[str]:
    """Tasks of the families that keep their own golden file (tests/golden/<family>.json, a list of
    records or a zero_shot/two_shot dict), which samples a few tasks of each folder."""
    names: set[str] = set()
    for path in (Path(__file__).parent / "golden").glob("*.json"):
        if path.name in ("requests.json", "tagging_scores.json"):
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, list):
            names |= {r["task"] for r in data if isinstance(r, dict) and "task" in r}
        elif isinstance(data, dict) and "zero_shot" in data:
            names |= set(data["zero_shot"])
    return names


def test_golden_covers_every_task_of_the_pack(loader):
    entries = {n: e for n, e in loader.index.entries.items()
               if e.kind == "task" and e.distribution == "lmeval-tasks-multilingual"}
    tasks_dir = Path(next(iter(entries.values())).path).parents[0]
    while tasks_dir.name != "tasks":
        tasks_dir = tasks_dir.parent

    def folder(name: str) -> str:
        return Path(entries[name].path).relative_to(tasks_dir).parts[0]

    sampled = {folder(n) for n in family_golden_tasks() if n in entries}
    ours = {n for n in entries if folder(n) not in sampled}
    assert ours - DELIBERATE == set(GOLDEN["zero_shot"])
    assert DELIBERATE <= ours


def test_sciq_ar_options_are_a_fixed_order_of_the_document(loader):
    """The same document gives the same option order on every read and run; the gold follows it."""
    first = first_doc_requests(loader, "arabic_mt_sciq")
    assert first == first_doc_requests(loader, "arabic_mt_sciq")
    options = [args[1].strip() for args in first]
    assert sorted(options) == sorted(["خطأ1 0", "خطأ2 0", "خطأ3 0", "صحيح 0"])
    task = loader.task("arabic_mt_sciq")
    task.check()
    doc = next(iter(task.eval_docs))
    assert doc["choices"][doc["gold"]] == "صحيح 0"


def test_zero_shot_requests_equal_the_reference(loader):
    bad = mismatches(loader, GOLDEN["zero_shot"], None)
    assert not bad, f"{len(bad)} tasks differ:\n" + "\n".join(bad[:10])


def test_two_shot_requests_equal_the_reference(loader):
    assert len(GOLDEN["two_shot"]) > 40
    bad = mismatches(loader, GOLDEN["two_shot"], 2)
    assert not bad, f"{len(bad)} tasks differ:\n" + "\n".join(bad[:10])
