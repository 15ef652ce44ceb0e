"""lm-eval's ifeval_es and ifeval_ca: listed under their names, refused in one line before a model loads."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("name,pipeline", [("ifeval_es", "es_core_news_sm"), ("ifeval_ca", "ca_core_news_sm")])
def test_listed_and_refused_in_one_line(name, pipeline, tmp_path):
    listed = subprocess.run([sys.executable, "-m", "lmeval", "ls", "tasks"], capture_output=True, text=True,
                            cwd=tmp_path, check=True).stdout
    row = next(line for line in listed.splitlines() if line.split()[:1] == [name])
    assert "spaCy" in row
    proc = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy", "--tasks", name],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert f"{name}.yaml:" in lines[0] and pipeline in lines[0] and "not on PyPI" in lines[0]
