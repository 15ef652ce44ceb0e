"""What a package folder holds beside its sources: only ``src/`` ships; ``tests/``, ``generate/``
(task packs' generators) and ``scripts/`` (shell build helpers) are development folders, and
benchmarks live in the root ``benchmarks/``, so no dev script inside a runtime package imports the
test kit or another package (docs/plugin-guide.md, "Writing a task pack")."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = sorted(p.parent for p in ROOT.glob("packages/*/pyproject.toml"))
FOLDERS = {"src", "tests", "generate", "scripts"}


def _folders(pkg: Path) -> set[str]:
    return {p.name for p in pkg.iterdir() if p.is_dir() and not p.name.startswith(".")
            and p.name not in ("build", "dist") and not p.name.endswith(".egg-info")}


def test_packages_hold_only_sources_tests_and_generators():
    odd = {pkg.name: sorted(_folders(pkg) - FOLDERS) for pkg in PACKAGES if _folders(pkg) - FOLDERS}
    assert not odd, f"dev folders belong in tests/tools/ or the root benchmarks/: {odd}"
    assert len(PACKAGES) >= 18


def test_scripts_folders_hold_no_python():
    python = [str(p.relative_to(ROOT)) for pkg in PACKAGES for p in (pkg / "scripts").rglob("*.py")]
    assert not python, f"a Python dev script goes to tests/tools/ or benchmarks/: {python}"


def test_every_task_pack_has_one_regenerate_and_its_drift_test():
    # every pack, not only those with a generate/ folder: a pack of hand-written configs is the
    # regression this guards against (lmeval-core's generate/ holds pack_names.py, no task configs)
    packs = [pkg for pkg in PACKAGES if pkg.name.startswith("lmeval-tasks-")]
    assert len(packs) >= 11
    for pkg in packs:
        assert (pkg / "generate" / "regenerate.py").is_file(), pkg.name
        tests = "".join(p.read_text(encoding="utf-8") for p in (pkg / "tests").glob("test_*.py"))
        assert "assert_regenerates(" in tests, f"{pkg.name}: its drift test is lmeval_testkit.taskgen.assert_regenerates"
