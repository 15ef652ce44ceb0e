"""What the ONNX tests share besides fixtures (a uniquely named module: `from conftest import`
resolves to whichever package's conftest was imported first when several run together)."""

from __future__ import annotations

from pathlib import Path

TASKS = Path(__file__).resolve().parent / "tasks"
REPO = Path(__file__).resolve().parents[3]


MAX_LENGTH = 64  # short, so rolling texts span several windows and truncation is exercised
TASK_NAMES = ["onnx_mc", "onnx_rolling", "onnx_gen"]


def evaluate_tasks(model: str, path: Path, **kw):
    import lmeval

    args = f"pretrained={path},max_length={MAX_LENGTH}"
    if model == "hf":
        args += ",dtype=float32"
    return lmeval.evaluate(model=model, model_args=args, tasks=TASK_NAMES,
                           include_path=str(TASKS), log_samples=True, device="cpu", **kw)
