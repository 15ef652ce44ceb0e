"""The core's ``pip install`` hints cannot drift from what the packages register.

``lmeval.plugins.KNOWN_BACKENDS`` maps a backend name to the distribution that provides it, so
that ``--model vllm`` without lmeval-vllm says ``pip install lmeval-vllm``. Here every package of
the workspace is loaded through the entry point its ``pyproject.toml`` declares (plugin modules
import no model library, so this needs none installed), its ``lmeval_register_models`` is
called through the real plugin manager, and the names and aliases it registers must be exactly
the hints: a backend without a hint, a hint no package backs, or a hint naming the wrong
package fails.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval.plugins import KNOWN_BACKENDS, PluginManager

tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11's tomllib")

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = sorted(p.parent for p in ROOT.glob("packages/*/pyproject.toml"))


def _entry_points() -> list[tuple[str, str, str]]:
    """(distribution, entry name, module) of every workspace package's ``lmeval`` entry point."""
    out = []
    for pkg in PACKAGES:
        project = tomllib.loads((pkg / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        for name, value in (project.get("entry-points", {}).get("lmeval") or {}).items():
            out.append((project["name"], name, value))
    return out


@pytest.fixture(scope="module")
def registered() -> dict[str, str]:
    """Backend name or alias -> the distribution that registers it, over every package."""
    added = [str(pkg / "src") for pkg in PACKAGES if str(pkg / "src") not in sys.path]
    sys.path[:0] = added  # the sources, installed or not
    try:
        pm = PluginManager(autoload=False, builtins=False)
        for dist, name, value in _entry_points():
            pm.register(importlib.import_module(value.split(":")[0]), name=name, distribution=dist)
        models = pm.models
        return {key: entry.distribution for entry in models.entries()
                for key in (entry.name, *models.aliases_of(entry.name))}
    finally:
        for path in added:
            sys.path.remove(path)


def test_every_package_declares_its_entry_point():
    """Every package but the core and the test kit (a pytest plugin, no lmeval plugin) has one."""
    dists = {dist for dist, _, _ in _entry_points()}
    assert dists == {_name(pkg) for pkg in PACKAGES} - {"lmeval-core", "lmeval-testkit"}
    testkit = tomllib.loads((ROOT / "packages" / "lmeval-testkit" / "pyproject.toml").read_text(encoding="utf-8"))
    assert testkit["project"]["entry-points"]["pytest11"] == {"lmeval-testkit": "lmeval_testkit.plugin"}


def _name(pkg: Path) -> str:
    return tomllib.loads((pkg / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"]


def test_known_backends_equal_what_the_plugins_register(registered):
    assert len(registered) >= 15  # hf, vllm, sglang, the API backends ... were all found
    missing = {n: d for n, d in registered.items() if n not in KNOWN_BACKENDS}
    assert not missing, f"registered backends with no pip install hint in KNOWN_BACKENDS: {missing}"
    unbacked = {n: d for n, d in KNOWN_BACKENDS.items() if n not in registered}
    assert not unbacked, f"KNOWN_BACKENDS names backends no package registers: {unbacked}"
    wrong = {n: (KNOWN_BACKENDS[n], d) for n, d in registered.items() if KNOWN_BACKENDS[n] != d}
    assert not wrong, f"KNOWN_BACKENDS names the wrong package (hint, provider): {wrong}"


@pytest.mark.parametrize("name", sorted(KNOWN_BACKENDS))
def test_a_missing_backend_names_its_package(name):
    pm = PluginManager(autoload=False)  # only the core: no backend package loaded
    with pytest.raises(UsageError, match=f"pip install {KNOWN_BACKENDS[name]}$"):
        pm.check_model(name)
