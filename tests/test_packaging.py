"""Every package builds a wheel, and lmeval-core installs and runs on its own (issue 2).

Each package under ``packages/`` (and ``tests/plugin_example``) is copied to a temporary directory
without build outputs or egg-info and built with ``pip wheel --no-deps --no-build-isolation``, so
the wheel holds what the sources say and nothing a stale ``build/`` left behind. All of them are
built: the 19 builds take about 20 s together on 2 busy cores. Then a fresh venv gets only the
lmeval-core wheel (pip fetches pluggy, PyYAML and Jinja2 from the configured package index) and
runs the CLI, including a real evaluation of the reference LM on a local JSONL task.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIRS = sorted(p.parent for p in ROOT.glob("packages/*/pyproject.toml")) + [
    ROOT / "tests" / "plugin_example"]
NOT_SHIPPED = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__", "*.pyc", "tests",
                                     ".venv*")
#: What the fresh venv may hold besides lmeval-core: its three dependencies, MarkupSafe (Jinja2's)
#: and what `python -m venv` puts there.
CORE_ALONE = {"lmeval-core", "pluggy", "pyyaml", "jinja2", "markupsafe", "pip", "setuptools"}
HEAVY = ("torch", "numpy", "transformers", "datasets")


def _project_name(pkg_dir: Path) -> str:
    text = (pkg_dir / "pyproject.toml").read_text()
    try:
        import tomllib
    except ImportError:  # Python 3.10
        return re.search(r'^name\s*=\s*"([^"]+)"', text, re.M).group(1)
    return tomllib.loads(text)["project"]["name"]


def _wheel_prefix(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower() + "-"


@pytest.fixture(scope="module")
def wheels(tmp_path_factory) -> dict[str, dict]:
    """Build every package once; per package: its name, built wheels, pip's output, seconds."""
    base = tmp_path_factory.mktemp("wheels")
    built: dict[str, dict] = {}
    for pkg_dir in PACKAGE_DIRS:
        copy = base / "src" / pkg_dir.name
        shutil.copytree(pkg_dir, copy, ignore=NOT_SHIPPED)
        out = base / "out" / pkg_dir.name
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                               "-q", "-w", str(out), str(copy)],
                              capture_output=True, text=True, timeout=300)
        built[pkg_dir.name] = {"name": _project_name(pkg_dir), "source": copy, "proc": proc,
                               "wheels": sorted(out.glob("*.whl")) if out.exists() else [],
                               "seconds": time.perf_counter() - start}
    total = sum(b["seconds"] for b in built.values())
    print(f"\nbuilt {len(built)} wheels in {total:.1f} s")
    return built


@pytest.mark.timeout(900)
@pytest.mark.parametrize("pkg", [p.name for p in PACKAGE_DIRS])
def test_package_builds_a_complete_wheel(wheels, pkg):
    b = wheels[pkg]
    assert b["proc"].returncode == 0, f"{pkg}: pip wheel failed:\n{b['proc'].stdout}\n{b['proc'].stderr}"
    assert len(b["wheels"]) == 1, f"{pkg}: expected one wheel, got {b['wheels']}"
    wheel = b["wheels"][0]
    assert wheel.name.startswith(_wheel_prefix(b["name"])) and wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        metadata = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        entry_points = next((zf.read(n).decode() for n in names
                             if n.endswith(".dist-info/entry_points.txt")), "")
    headers, _, body = metadata.partition("\n\n")
    assert re.search(rf"^Name: {re.escape(b['name'])}$", headers, re.M)
    # the README is the long description
    assert "Description-Content-Type: text/markdown" in headers
    readme = (b["source"] / "README.md").read_text(encoding="utf-8")
    assert body.strip() == readme.strip(), f"{pkg}: METADATA's long description is not README.md"
    # every file under src/ ships: modules, task YAMLs, templates, data
    src = b["source"] / "src"
    sources = {p.relative_to(src).as_posix() for p in src.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and ".egg-info" not in p.as_posix()}
    missing = sorted(sources - names)
    assert not missing, f"{pkg}: {len(missing)} source files not in the wheel, e.g. {missing[:5]}"
    if pkg.startswith("lmeval-tasks-") or pkg == "plugin_example":
        yamls = [n for n in names if n.endswith(".yaml") and "/tasks/" in n]
        assert yamls, f"{pkg}: a task pack's wheel without task YAMLs"
    if b["name"] != "lmeval-core":
        assert re.search(r"^Requires-Dist: lmeval-core\b", headers, re.M), headers
        # a plugin is found through one entry point in the `lmeval` group named after its distribution
        assert re.search(rf"^\[lmeval\]\n{re.escape(b['name'])}\s*=", entry_points, re.M), entry_points
    else:
        assert re.search(r"^lmeval\s*=\s*lmeval\.cli:main$", entry_points, re.M), entry_points


def _clean_env(tmp: Path, venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("LMEVAL_") and k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv),
               LMEVAL_CACHE_DIR=str(tmp / "lmeval-cache"))
    return env


TINY_TASK = """\
task: tiny_mc
dataset_path: json
dataset_kwargs:
  data_files:
    test: tiny.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "Question: {{question}}\\nAnswer:"
doc_to_choice: "{{choices}}"
doc_to_target: label
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
"""
TINY_DOCS = [{"question": "2+2", "choices": ["3", "4"], "label": 1},
             {"question": "Capital of France", "choices": ["Paris", "Rome"], "label": 0},
             {"question": "Color of the sky", "choices": ["blue", "green"], "label": 0}]


@pytest.mark.timeout(900)
def test_lmeval_core_alone_in_a_fresh_venv(wheels, tmp_path):
    core = wheels["lmeval-core"]
    assert core["proc"].returncode == 0 and len(core["wheels"]) == 1, core["proc"].stderr
    venv = tmp_path / "venv"
    # sys.executable -m venv makes the venv from the base interpreter, not from the test venv
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = str(venv / "bin" / "python")
    env = _clean_env(tmp_path, venv)
    pip = [py, "-m", "pip", "--disable-pip-version-check", "--timeout", "30", "--retries", "2"]
    # the registry first, so that "unreachable" skips and a broken wheel fails
    probe = subprocess.run([*pip, "download", "-q", "-d", str(tmp_path / "probe"),
                            "pluggy", "PyYAML", "Jinja2"],
                           capture_output=True, text=True, env=env, timeout=600)
    if probe.returncode != 0:
        pytest.skip("package registry unreachable: pip could not fetch lmeval-core's dependencies "
                    f"(pluggy, PyYAML, Jinja2): {probe.stderr.strip().splitlines()[-1:]}")
    install = subprocess.run([*pip, "install", "-q", str(core["wheels"][0])],
                             capture_output=True, text=True, env=env, timeout=600)
    assert install.returncode == 0, install.stdout + install.stderr
    print(f"\nfresh venv with lmeval-core: {time.perf_counter() - start:.1f} s")

    listed = subprocess.run([*pip, "list", "--format", "json"], capture_output=True, text=True,
                            env=env, check=True, timeout=120)
    installed = {d["name"].lower() for d in json.loads(listed.stdout)}
    assert installed <= CORE_ALONE, f"more than lmeval-core's dependencies: {installed - CORE_ALONE}"
    spec = subprocess.run([py, "-c", "import importlib.util as u, sys; "
                           f"print([m for m in {HEAVY!r} if u.find_spec(m)])"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    assert spec.stdout.strip() == "[]", spec.stdout

    lmeval = str(venv / "bin" / "lmeval")

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([lmeval, *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=300)

    proc = cli("--help")
    assert proc.returncode == 0 and proc.stdout.startswith("usage: lmeval"), proc.stderr
    proc = cli("ls", "tasks")
    assert proc.returncode == 0 and proc.stdout.split()[:3] == ["task", "distribution", "config"], (
        proc.stdout + proc.stderr)
    proc = cli("ls", "models")
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"^dummy\s+lmeval-core\b", proc.stdout, re.M), proc.stdout
    hint = re.search(r"^not installed: (.*) \(pip install <name>\)$", proc.stdout, re.M)
    assert hint and "lmeval-hf" in hint.group(1).split(", "), proc.stdout
    proc = cli("run", "--model", "hf", "--tasks", "tiny_mc")
    assert proc.returncode == 2 and "pip install lmeval-hf" in proc.stderr, proc.stderr

    tasks = tmp_path / "tasks"
    tasks.mkdir()
    (tasks / "tiny_mc.yaml").write_text(TINY_TASK)
    (tasks / "tiny.jsonl").write_text("".join(json.dumps(d) + "\n" for d in TINY_DOCS))
    proc = cli("run", "--model", "dummy", "--tasks", "tiny_mc", "--include_path", str(tasks),
               "--output_path", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"^\|\s*Tasks\s*\|Version\|Filter\|n-shot\|Metric\|", proc.stdout, re.M), proc.stdout
    assert re.search(r"^\|tiny_mc\s*\|.*\|acc\s*\|.*\|\s*[01]\.\d{4}\|", proc.stdout, re.M), proc.stdout
    results = list((tmp_path / "out").rglob("results_*.json"))
    assert len(results) == 1, results
    data = json.loads(results[0].read_text())
    assert data["n-samples"]["tiny_mc"]["effective"] == len(TINY_DOCS)
    assert 0.0 <= data["results"]["tiny_mc"]["acc,none"] <= 1.0
