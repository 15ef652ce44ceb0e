"""Scripts written for lm-eval run with ``lm_eval`` replaced by ``lmeval`` in their imports.

Each script below is written as an lm-eval 0.4.13 user writes it (the imports found in public
scripts: ``evaluator.simple_evaluate``, ``tasks.TaskManager``, ``utils.make_table`` /
``handle_non_serializable``, ``api.model.LM``, ``api.registry.register_model``,
``models.huggingface.HFLM``); the test replaces ``lm_eval`` with ``lmeval`` and runs it in a
fresh interpreter.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

TASK = """task: tiny31
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
test_split: test
output_type: multiple_choice
doc_to_text: "{{{{q}}}}"
doc_to_choice: ["a", "b"]
doc_to_target: "{{{{t}}}}"
metric_list:
  - metric: acc
"""

CUSTOM_LM = """
import json
from lm_eval import evaluator
from lm_eval.api.instance import Instance
from lm_eval.api.model import LM
from lm_eval.api.registry import register_model
from lm_eval.tasks import TaskManager
from lm_eval.utils import handle_non_serializable, make_table


@register_model("always-a")
class AlwaysA(LM):
    def __init__(self, bonus=1.0, **kwargs):
        super().__init__()
        self.bonus = float(bonus)

    def loglikelihood(self, requests: list[Instance]) -> list[tuple[float, bool]]:
        return [(self.bonus if req.args[1].strip() == "a" else -1.0, True) for req in requests]

    def loglikelihood_rolling(self, requests):
        return [-1.0 for _ in requests]

    def generate_until(self, requests):
        return ["a" for _ in requests]


by_hand = Instance("loglikelihood", {{}}, ("Q:", " a"), 0)
assert AlwaysA(bonus=3).loglikelihood([by_hand]) == [(3.0, True)]
task_manager = TaskManager(include_path={folder!r})
assert "tiny31" in task_manager.all_tasks, task_manager.all_tasks[:5]
assert task_manager.match_tasks(["tiny3*"]) == ["tiny31"]
results = evaluator.simple_evaluate(model="always-a", model_args="bonus=2", tasks=["tiny31"],
                                    task_manager=task_manager, limit=3)
print(make_table(results))
print(json.dumps(results["results"], default=handle_non_serializable))
assert results["results"]["tiny31"]["acc,none"] == 2 / 3
"""

TRACKED = """
from lm_eval import simple_evaluate
from lm_eval.loggers import EvaluationTracker
from lm_eval.tasks import TaskManager

tracker = EvaluationTracker(output_path={out!r})
results = simple_evaluate(model="dummy", model_args="pretrained=org/tiny", tasks=["tiny31"],
                          evaluation_tracker=tracker,
                          task_manager=TaskManager(include_path={folder!r}), limit=2)
samples = results.pop("samples")
tracker.save_results_aggregated(results=results, samples=samples)
for task_name in results["configs"]:
    tracker.save_results_samples(task_name=task_name, samples=samples[task_name])
"""

HF_LM = """
from lm_eval import simple_evaluate
from lm_eval.models.huggingface import HFLM
from lm_eval.tasks import TaskManager
from lm_eval.utils import make_table

lm = HFLM(pretrained={model!r}, batch_size=2, device="cpu")
results = simple_evaluate(model=lm, tasks=["tiny31"], task_manager=TaskManager(include_path={folder!r}))
print(make_table(results))
assert results["config"]["model_num_parameters"] > 0
"""


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "task"
    folder.mkdir()
    data = folder / "tiny.jsonl"
    data.write_text('{"q":"x?","t":0}\n{"q":"y?","t":1}\n{"q":"z?","t":0}\n', encoding="utf-8")
    (folder / "tiny.yaml").write_text(TASK.format(data=data), encoding="utf-8")
    return folder


def _run_as_lmeval(script: str, tmp_path: Path) -> str:
    ported = textwrap.dedent(script).replace("lm_eval", "lmeval")
    path = tmp_path / "script.py"
    path.write_text(ported, encoding="utf-8")
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=600,
                          env={**__import__("os").environ, "HF_HUB_OFFLINE": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_custom_lm_script_runs_with_imports_replaced(tmp_path):
    out = _run_as_lmeval(CUSTOM_LM.format(folder=str(_folder(tmp_path))), tmp_path)
    assert "|tiny31|" in out.replace(" ", "")


def test_hflm_script_runs_with_imports_replaced(tmp_path):
    pytest.importorskip("torch", reason="HFLM needs lmeval-hf's torch")
    pytest.importorskip("lmeval_hf", reason="HFLM needs lmeval-hf")
    from lmeval_testkit.hf import build_tiny_gpt2

    model = build_tiny_gpt2(tmp_path / "gpt2")
    out = _run_as_lmeval(HF_LM.format(model=str(model), folder=str(_folder(tmp_path))), tmp_path)
    assert "acc" in out


def test_hflm_without_lmeval_hf_names_the_package(tmp_path):
    script = ("import sys\nsys.modules['lmeval_hf'] = None\n"
              "try:\n    from lm_eval.models.huggingface import HFLM\n"
              "except ImportError as exc:\n    print(exc)\n"
              "assert 'torch' not in sys.modules\n")
    said = _run_as_lmeval(script, tmp_path).strip()
    assert said == "HFLM: model backend 'hf' needs lmeval-hf, which is not installed: pip install lmeval-hf"


def test_names_import_without_torch():
    code = ("import sys\nfrom lmeval import evaluator\nfrom lmeval.tasks import TaskManager\n"
            "from lmeval.utils import make_table, setup_logging, simple_parse_args_string\n"
            "from lmeval.api.model import LM\nfrom lmeval.api.registry import register_model\n"
            "import lmeval.models.huggingface\n"
            "assert simple_parse_args_string('a=1,b=true,c=x') == {'a': 1, 'b': True, 'c': 'x'}\n"
            "assert 'torch' not in sys.modules and 'datasets' not in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_evaluation_tracker_script_writes_lm_evals_files(tmp_path):
    out = tmp_path / "out"
    _run_as_lmeval(TRACKED.format(out=str(out), folder=str(_folder(tmp_path))), tmp_path)
    (results,) = out.glob("org__tiny/results_*.json")
    (samples,) = out.glob("org__tiny/samples_tiny31_*.jsonl")
    assert results.name.removeprefix("results_").removesuffix(".json") == \
        samples.name.removeprefix("samples_tiny31_").removesuffix(".jsonl")
    data = __import__("json").loads(results.read_text(encoding="utf-8"))
    assert data["model_source"] == "dummy" and set(data["task_hashes"]) == {"tiny31"}
    assert len(samples.read_text(encoding="utf-8").splitlines()) == 2
