"""The unitxt tasks (lm-eval 0.4.13's unitxt folder) ported to lmeval's Task.

Without the ``unitxt`` library a run stops in one line naming the pack's extra, before the model.
With it, lm-eval's contract holds; it is checked here against a stand-in ``unitxt`` module (the
real one builds its documents from Hub datasets, which the tests cannot reach): the prompt is the
document's ``source``, generation stops at a newline and nothing else, the metrics are those the
first test document names (``metrics.`` dropped), each scored once over the run by
``unitxt.evaluate`` with that metric on every reference.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import lmeval
import pytest
from lmeval.errors import UsageError
from lmeval_tasks_classic import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates, is_generated

PACK = Path(__file__).resolve().parents[1]

STAND_IN = '''
__version__ = "{version}"
CALLS = []
DOCS = [
    {{"source": "Classify: stocks rally.\\nTopic:", "target": "business", "metrics": ["metrics.accuracy", "metrics.f1_micro"],
      "task_data": "{{}}", "data_classification_policy": ["public"]}},
    {{"source": "Classify: team wins cup.\\nTopic:", "target": "sports", "metrics": ["metrics.accuracy", "metrics.f1_micro"],
      "task_data": "{{}}", "data_classification_policy": ["public"]}},
]
CHAT = [dict(DOCS[0], source=[{{"role": "user", "content": "Classify: stocks rally."}}])]


def load_dataset(recipe, use_cache=False, **kwargs):
    CALLS.append(("load_dataset", recipe, use_cache))
    return {{"test": CHAT if "chat" in recipe else DOCS}}


def evaluate(predictions, references):
    CALLS.append(("evaluate", list(predictions), [r["metrics"] for r in references]))
    right = sum(p.strip() == r["target"] for p, r in zip(predictions, references))
    return [{{"score": {{"global": {{"score": right / len(predictions)}}}}}}]
'''


@pytest.fixture
def stand_in(tmp_path, monkeypatch):
    def install(version: str = "1.26.10"):
        folder = tmp_path / "stand_in" / "unitxt"
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text(STAND_IN.format(version=version), encoding="utf-8")
        monkeypatch.syspath_prepend(str(folder.parent))
        monkeypatch.delitem(sys.modules, "unitxt", raising=False)
        import unitxt

        return unitxt

    yield install
    sys.modules.pop("unitxt", None)


def test_generated_configs_are_the_generators():
    assert_regenerates(PACK, TASKS_DIR, Path(__import__("tempfile").mkdtemp()),
                       keep=lambda p: is_generated(p) and "/tasks/unitxt/" in p.as_posix())


def test_without_unitxt_the_run_stops_in_one_line_naming_the_extra(tmp_path):
    code = textwrap.dedent("""
        import sys
        sys.modules["unitxt"] = None
        from lmeval.cli import main
        sys.exit(main(["run", "--model", "dummy", "--tasks", "ag_news", "--limit", "1"]))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-2000:]
    error = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(error) == 1 and "task ag_news needs unitxt" in error[0]
    assert "pip install 'lmeval-tasks-classic[unitxt]'" in error[0]
    assert "Traceback" not in done.stderr


def test_an_old_unitxt_is_refused(stand_in):
    stand_in("1.17.1")
    with pytest.raises(UsageError, match=r"task ag_news needs unitxt 1\.17\.2 or later, found 1\.17\.1"):
        lmeval.evaluate("dummy", tasks=["ag_news"], limit=1)


def test_requests_and_scores_follow_lm_eval_unitxt_task(stand_in):
    unitxt = stand_in()
    out = lmeval.evaluate("dummy", tasks=["ag_news"], log_samples=True)
    samples = out["samples"]["ag_news"]
    assert [s["arguments"][0] for s in samples] == [
        ["Classify: stocks rally.\nTopic:", {"until": ["\n"]}],
        ["Classify: team wins cup.\nTopic:", {"until": ["\n"]}]]
    assert [s["target"] for s in samples] == ["business", "sports"]
    assert ("load_dataset", "card=cards.ag_news,template=templates.classification.multi_class.title", True) \
        in unitxt.CALLS
    evaluated = [c for c in unitxt.CALLS if c[0] == "evaluate"]
    assert sorted(c[2][0][0] for c in evaluated) == ["metrics.accuracy", "metrics.f1_micro"]
    assert all(len(c[1]) == 2 for c in evaluated)
    results = out["results"]["ag_news"]
    assert {"accuracy,none", "f1_micro,none"} <= set(results)
    predictions = [s["resps"][0][0] for s in samples]
    expected = sum(p.strip() == t for p, t in zip(predictions, ["business", "sports"], strict=True)) / 2
    assert results["accuracy,none"] == expected


def test_a_chat_recipe_needs_apply_chat_template(stand_in, tmp_path):
    stand_in()
    (tmp_path / "chat.yaml").write_text(
        "task: unitxt_chat\nclass: !function lmeval_tasks_classic.unitxt_tasks.Unitxt\ndataset_path: unitxt\n"
        "dataset_name: card=cards.chat,template=templates.chat\noutput_type: generate_until\ntest_split: test\n",
        encoding="utf-8")
    with pytest.raises(UsageError, match="gives chat messages but --apply_chat_template is not set"):
        lmeval.evaluate("dummy", tasks=["unitxt_chat"], include_path=str(tmp_path), limit=1)
