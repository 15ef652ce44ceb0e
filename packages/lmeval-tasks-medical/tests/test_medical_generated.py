"""The committed YAML files are exactly what the generators in ``generate/`` write."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lmeval_tasks_medical import TASKS_DIR

GENERATE = Path(__file__).resolve().parents[1] / "generate"


def _configs(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in root.rglob("*")
            if p.is_file() and (p.suffix == ".yaml" or p.name.endswith("_yaml"))}


def test_generators_reproduce_the_committed_configs(tmp_path):
    # a subprocess: the generator modules of different packs share names (_common, regenerate)
    subprocess.run([sys.executable, str(GENERATE / "regenerate.py"), str(tmp_path)], check=True)
    assert _configs(tmp_path) == _configs(TASKS_DIR)
