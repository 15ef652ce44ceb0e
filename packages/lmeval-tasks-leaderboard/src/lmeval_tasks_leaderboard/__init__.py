"""lmeval task pack: the Open LLM Leaderboard v2 and the families it is built from."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
