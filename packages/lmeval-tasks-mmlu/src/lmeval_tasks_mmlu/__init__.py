"""lmeval task pack: MMLU and MMLU-style exam benchmarks (YAML task configs + prompt helpers)."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
