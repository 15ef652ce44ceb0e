"""``lmeval.simple_evaluate`` with lm-eval 0.4.13's keywords: each accepted and used, mapped, or
refused with a clear message; ``lmeval.evaluate(tasks="name")`` is one name."""

from __future__ import annotations

import inspect
import logging
from pathlib import Path

import lmeval
import pytest
from kernel_tasks import write_tasks
from lmeval import evaluator
from lmeval.errors import UsageError
from lmeval.lm_eval_api import LM_EVAL_KEYWORDS, _cache_mode

#: lm-eval 0.4.13's simple_evaluate signature, in order, with its defaults
#: (lm_eval/evaluator.py; positional order matters to callers that pass arguments positionally)
LM_EVAL_DEFAULTS = {
    "model_args": None, "tasks": None, "num_fewshot": None, "batch_size": None,
    "max_batch_size": None, "device": None, "use_cache": None, "cache_requests": False,
    "rewrite_requests_cache": False, "delete_requests_cache": False, "limit": None,
    "samples": None, "bootstrap_iters": 100000, "check_integrity": False, "write_out": False,
    "log_samples": True, "evaluation_tracker": None, "system_instruction": None,
    "apply_chat_template": False, "fewshot_as_multiturn": True, "gen_kwargs": None,
    "task_manager": None, "verbosity": None, "predict_only": False, "random_seed": 0,
    "numpy_random_seed": 1234, "torch_random_seed": 1234, "fewshot_random_seed": 1234,
    "confirm_run_unsafe_code": False, "metadata": None,
}


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


@pytest.fixture
def tasks(tmp_path) -> Path:
    return write_tasks(tmp_path / "tasks", n_docs=5)


def test_signature_matches_lm_evals():
    params = inspect.signature(lmeval.simple_evaluate).parameters
    positional = [n for n, p in params.items() if p.kind is p.POSITIONAL_OR_KEYWORD]
    assert positional == ["model", *LM_EVAL_DEFAULTS]
    assert tuple(positional) == LM_EVAL_KEYWORDS
    for name, default in LM_EVAL_DEFAULTS.items():
        assert params[name].default == default, name


def test_runs_with_lm_evals_defaults(tasks):
    results = lmeval.simple_evaluate(model="dummy", tasks=["k_mc"], include_path=str(tasks),
                                     bootstrap_iters=0)
    assert set(results["results"]) == {"k_mc"}
    assert len(results["samples"]["k_mc"]) == 5  # log_samples=True by default, as lm-eval
    assert results["fewshot_as_multiturn"] is False  # True acts only with a chat template
    config = results["config"]
    assert (config["random_seed"], config["numpy_seed"], config["fewshot_seed"]) == (0, 1234, 1234)


def test_keywords_reach_the_run(tasks):
    results = lmeval.simple_evaluate(
        "dummy", None, ["k_gen"], 0, 1, None, None, None, False, False, False, None,
        {"k_gen": [0, 2]}, 0, include_path=str(tasks), gen_kwargs="max_gen_toks=5,until=['Q']",
        apply_chat_template=True, system_instruction="Be brief.", log_samples=False,
        metadata={"extra": 1})
    assert results["n-samples"]["k_gen"]["effective"] == 2
    assert "samples" not in results
    assert results["configs"]["k_gen"]["generation_kwargs"]["until"] == ["Q"]
    assert results["configs"]["k_gen"]["metadata"]["extra"] == 1
    assert results["fewshot_as_multiturn"] is True  # lm-eval's default, with a chat template
    assert results["system_instruction"] == "Be brief."


def test_a_string_of_tasks_is_one_name(tasks):
    for fn in (lmeval.evaluate, lmeval.simple_evaluate):
        results = fn("dummy", tasks="k_mc", include_path=str(tasks), bootstrap_iters=0)
        assert set(results["results"]) == {"k_mc"}


def test_tasks_as_yaml_path_and_dict(tasks):
    results = lmeval.simple_evaluate("dummy", tasks=[str(tasks / "k_mc.yaml")], bootstrap_iters=0)
    assert set(results["results"]) == {"k_mc"}


def test_unknown_keyword_suggests_the_closest():
    with pytest.raises(TypeError, match="'num_fewshots'.*did you mean 'num_fewshot'"):
        lmeval.simple_evaluate("dummy", tasks=["k_mc"], num_fewshots=2)


@pytest.mark.parametrize(("cache", "rewrite", "delete", "mode"), [
    (False, False, False, None), (True, False, False, "true"), (True, True, False, "refresh"),
    (False, True, False, None), (False, False, True, "delete"), (True, False, True, "refresh"),
])
def test_request_cache_options_map_to_one_mode(cache, rewrite, delete, mode):
    assert _cache_mode(cache, rewrite, delete) == mode


def test_request_cache_options_reach_the_request_cache(tasks, tmp_path, monkeypatch):
    built: list[str] = []
    real = evaluator.build_instances
    monkeypatch.setattr(evaluator.requests, "build_instances",
                        lambda task, **kw: built.append(task.name) or real(task, **kw))
    run = dict(model="dummy", tasks=["k_mc"], include_path=str(tasks), bootstrap_iters=0)
    lmeval.simple_evaluate(**run, cache_requests=True)
    lmeval.simple_evaluate(**run, cache_requests=True)
    assert built == ["k_mc"]  # the second run read the cached requests
    lmeval.simple_evaluate(**run, cache_requests=True, rewrite_requests_cache=True)
    assert built == ["k_mc", "k_mc"]
    lmeval.simple_evaluate(**run, delete_requests_cache=True)
    assert not (tmp_path / "lmeval-cache" / "requests").exists()


class _TaskManager:  # the two attributes lm-eval's TaskManager has that lmeval uses
    def __init__(self, include_path, metadata):
        self.include_path, self.metadata = include_path, metadata


def test_task_manager_gives_include_path_and_metadata(tasks):
    results = lmeval.simple_evaluate("dummy", tasks=["k_mc"], bootstrap_iters=0,
                                     task_manager=_TaskManager(str(tasks), {"from_tm": 2}))
    assert results["configs"]["k_mc"]["metadata"]["from_tm"] == 2


def test_task_manager_of_another_kind_is_refused():
    with pytest.raises(UsageError, match="task_manager: expected .*include_path"):
        lmeval.simple_evaluate("dummy", tasks=["k_mc"], task_manager=object())


class _GeneralConfigTracker:
    def __init__(self):
        self.logged = None

    def log_experiment_args(self, **kwargs):
        self.logged = kwargs


class _EvaluationTracker:  # what lm-eval's simple_evaluate calls on its tracker
    def __init__(self):
        self.general_config_tracker = _GeneralConfigTracker()


def test_evaluation_tracker_gets_the_experiment_args(tasks):
    tracker = _EvaluationTracker()
    lmeval.simple_evaluate("dummy", "seed=0", ["k_mc"], include_path=str(tasks), bootstrap_iters=0,
                           evaluation_tracker=tracker, system_instruction="S")
    assert tracker.general_config_tracker.logged == {
        "model_source": "dummy", "model_args": "seed=0", "system_instruction": "S",
        "chat_template": None, "fewshot_as_multiturn": False}


def test_evaluation_tracker_of_another_kind_is_refused():
    with pytest.raises(UsageError, match="evaluation_tracker.*write_results"):
        lmeval.simple_evaluate("dummy", tasks=["k_mc"], evaluation_tracker=object())


def test_verbosity_sets_the_lmeval_logger(tasks):
    logger = logging.getLogger("lmeval")
    before = logger.level
    try:
        lmeval.simple_evaluate("dummy", tasks=["k_mc"], include_path=str(tasks), bootstrap_iters=0,
                               verbosity="DEBUG")
        assert logger.level == logging.DEBUG
        with pytest.raises(UsageError, match="verbosity"):
            lmeval.simple_evaluate("dummy", tasks=["k_mc"], verbosity="LOUD")
    finally:
        logger.setLevel(before)


def test_check_integrity_runs_validate_before_the_model(tasks, tmp_path):
    (tasks / "k_broken.yaml").write_text(
        (tasks / "k_mc.yaml").read_text().replace("task: k_mc", "task: k_broken")
        .replace("metric: acc_norm", "metric: acc_nrom"))
    log = tmp_path / "calls.log"
    with pytest.raises(UsageError, match="acc_nrom"):
        lmeval.simple_evaluate("dummy", f"call_log={log}", ["k_broken"], include_path=str(tasks),
                               check_integrity=True)
    assert not log.exists()


def test_task_objects_are_refused_with_a_message():
    with pytest.raises(UsageError, match="task names, YAML file paths or config dicts"):
        lmeval.simple_evaluate("dummy", tasks=[object()])


def test_no_tasks_is_lm_evals_message():
    with pytest.raises(UsageError, match="No tasks specified"):
        lmeval.simple_evaluate("dummy", tasks=[])
