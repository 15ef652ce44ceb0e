"""Where the code pack's fixture datasets live (the offline mirror layout of lmeval.tasks.data)."""

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
