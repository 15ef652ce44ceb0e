"""lmeval task pack: code generation and code reasoning, scored by sandboxed execution."""

from pathlib import Path

__version__ = "0.1.0"
TASKS_DIR = Path(__file__).parent / "tasks"
