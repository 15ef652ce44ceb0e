"""lmeval task pack: text + image benchmarks (MMMU validation, ChartQA)."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
