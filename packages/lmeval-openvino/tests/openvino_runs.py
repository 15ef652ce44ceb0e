"""What lmeval-openvino's tests share: the test tasks, their settings and how a run is made.

A module of its own name (not ``conftest``): pytest imports every package's ``conftest.py`` as
``conftest``, so ``from conftest import ...`` can find another package's.
"""

from __future__ import annotations

from pathlib import Path

TASKS = Path(__file__).resolve().parent / "tasks"
REPO = Path(__file__).resolve().parents[3]
MAX_LENGTH = 64  # short, so rolling texts span several windows and truncation is exercised
TASK_NAMES = ["ov_mc", "ov_rolling", "ov_gen"]
#: float32 compute and KV cache: OpenVINO's CPU defaults (bf16 where the CPU has it, u8 KV
#: cache) move log-likelihoods by up to ~5e-2, as lm-eval's openvino runs with its defaults.
F32 = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32"}


def evaluate_tasks(model: str, model_args: str, **kw):
    import lmeval

    return lmeval.evaluate(model=model, model_args=f"{model_args},max_length={MAX_LENGTH}",
                           tasks=TASK_NAMES, include_path=str(TASKS), log_samples=True, **kw)


def make_model(model: str, model_args: str, **run_options):
    """A backend built as ``lmeval run`` builds it (model args checked, run options added)."""
    from lmeval.evaluator.run import build_model
    from lmeval.plugins import get_plugin_manager

    return build_model(get_plugin_manager(), model, model_args, **run_options)
