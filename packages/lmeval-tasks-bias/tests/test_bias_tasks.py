"""Names, generated files, README list, validation, subsets and the two CrowS-Pairs scores."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import lmeval
import pytest
from lmeval.cli import main
from lmeval_tasks_bias import TASKS_DIR

PACK = Path(__file__).resolve().parents[1]


def _load_generator():
    """The pack's ``generate/regenerate.py`` under its own name (other packs have one too)."""
    spec = importlib.util.spec_from_file_location("lmeval_tasks_bias_regenerate", PACK / "generate" / "regenerate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


regenerate = _load_generator()


def _configs(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in root.rglob("*.yaml")}


def test_generator_reproduces_the_committed_configs(tmp_path):
    subprocess.run([sys.executable, str(PACK / "generate" / "regenerate.py"), str(tmp_path)], check=True)
    assert _configs(tmp_path) == _configs(TASKS_DIR)


def test_readme_lists_every_task():
    text = (PACK / "README.md").read_text(encoding="utf-8")
    assert regenerate.render_readme(text) == text, "run generate/regenerate.py"
    assert "22 tasks, tag `crows_pairs`" in text


def test_ls_and_tag(capsys):
    assert main(["ls", "tags"]) == 0
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()[1:] if line.strip()}
    assert rows["crows_pairs"][:3] == ["lmeval-tasks-bias", "22", "tasks"]


def test_validate_passes(capsys):
    code = main(["validate", str(TASKS_DIR)])
    out = capsys.readouterr()
    assert code == 0, out.out
    assert re.search(r"22 file\(s\) checked, 0 problem\(s\)", out.err)


@pytest.mark.parametrize("suffix, bias_type", [
    ("race_color", "race-color"), ("socioeconomic", "socioeconomic"), ("sexual_orientation", "sexual-orientation"),
    ("physical_appearance", "physical-appearance"), ("autre", "autre"), ("age", "age"),
])
def test_subsets_keep_their_bias_type(build, suffix, bias_type):
    for language in ("english", "french"):
        task, _ = build(f"crows_pairs_{language}_{suffix}")
        kinds = {doc["bias_type"] for doc in task.eval_docs}
        assert kinds == {bias_type}


def test_requests_and_scores(build):
    task, instances = build("crows_pairs_french")
    doc = task.eval_docs[0]
    assert [i.request.args for i in instances] == [("", doc["sent_more"]), ("", doc["sent_less"])]
    assert task.process_results(doc, [(-3.0, False), (-5.5, False)]) == {"likelihood_diff": 2.5, "pct_stereotype": 1.0}
    assert task.process_results(doc, [(-5.0, False), (-5.0, True)]) == {"likelihood_diff": 0.0, "pct_stereotype": 0.0}


def test_reference_run_reports_both_metrics_lower_is_better():
    res = lmeval.evaluate(model="dummy", tasks=["crows_pairs"], bootstrap_iters=0)
    assert len([n for n in res["results"] if n.startswith("crows_pairs_")]) == 22
    english = res["results"]["crows_pairs_english"]
    assert english["likelihood_diff,none"] >= 0 and 0 <= english["pct_stereotype,none"] <= 1
    assert res["higher_is_better"]["crows_pairs_english"] == {"likelihood_diff": False, "pct_stereotype": False}
