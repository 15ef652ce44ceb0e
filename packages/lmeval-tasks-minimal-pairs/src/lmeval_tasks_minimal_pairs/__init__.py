"""lmeval task pack: minimal pairs (BLiMP, BLiMP-NL, BHS), scored by which sentence is likelier."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
