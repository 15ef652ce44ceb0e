"""lmeval task pack: social-bias benchmarks (CrowS-Pairs)."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
