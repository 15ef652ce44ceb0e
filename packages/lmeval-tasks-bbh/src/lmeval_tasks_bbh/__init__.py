"""lmeval task pack: reasoning: BIG-Bench Hard in four settings (with its answer-extraction
filters), BIG-bench, AGIEval, AIME, arithmetic, DROP, CoQA."""

from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
