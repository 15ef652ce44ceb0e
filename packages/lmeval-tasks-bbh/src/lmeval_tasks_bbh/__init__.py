"""lmeval task pack: BIG-Bench Hard in four settings, with its answer-extraction filters."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
