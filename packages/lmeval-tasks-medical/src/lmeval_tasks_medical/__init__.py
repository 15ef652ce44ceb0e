"""lmeval task pack: lm-eval 0.4.13's medical task folders."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
