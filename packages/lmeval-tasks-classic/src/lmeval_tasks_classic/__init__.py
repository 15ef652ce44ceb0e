"""lmeval task pack: classic English benchmarks (YAML task configs + small helpers)."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
