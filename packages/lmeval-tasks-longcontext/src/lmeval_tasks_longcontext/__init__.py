"""lmeval task pack: long-context benchmarks (LongBench, RULER)."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
