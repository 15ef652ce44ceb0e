"""lmeval task pack: social-bias benchmarks (CrowS-Pairs, BBQ, CaBBQ, EsBBQ, discrim_eval)."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
