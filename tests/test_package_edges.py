"""Which package may import which (DESIGN.md, "Layout"), checked on the sources.

Every import of an lmeval package in ``packages/*/src`` — ``import x``, ``from x import y``,
``importlib.import_module("x")`` and a ``"module:attr"`` string (the lazy import a plugin
registers) — must be

1. **declared**: the importing package's ``pyproject.toml`` lists the imported distribution in
   ``dependencies`` (in an extra only for lmeval-testkit, the test kit distribution), and every
   lmeval distribution it declares is imported somewhere; and
2. **an allowed edge**: DESIGN's target edges are every package on lmeval-core; lmeval-steered
   on lmeval-hf; lmeval-megatron and lmeval-nemo on lmeval-hf's public ``Scorer``
   (``lmeval_hf.scoring``); lmeval-llamacpp on lmeval-api's HTTP transport
   (``lmeval_api.transport``); lmeval-nemo on lmeval-megatron's megatron-core base
   (``lmeval_megatron.runner``, ``lmeval_megatron.tokenizer``: issue 17 §4 gives megatron_lm and
   nemo_lm one base class; docs/plugin-guide.md says why); lmeval-testkit on any backend (its kits build what backend tests
   need; backends' tests, not their sources, import lmeval_testkit); nothing in lmeval-core on any
   other package.

Today some packages import more than those target edges: KNOWN_EXTRA_EDGES lists each such
(package, module) pair. They are known debt, not allowed edges: the issue 17 §1 refactor moves
the shared request code they use (batch-size grammar, rolling windows, tokenization,
generation kwargs, launcher ranks) into lmeval-core and deletes their lines here as it goes.
The test fails when an import appears that is in neither list (a NEW undeclared edge), and when
a listed pair no longer exists (so the list can only shrink).
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11's tomllib")

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = sorted(p.parent for p in ROOT.glob("packages/*/pyproject.toml"))
CORE = "lmeval-core"
TESTKIT = "lmeval-testkit"

#: DESIGN's target edges beyond "on lmeval-core": (package, distribution, what of it may be
#: imported: dotted prefixes, () for anything). An import is named by its dotted path:
#: ``from lmeval_hf import Scorer`` is ``lmeval_hf.Scorer``, ``import lmeval_hf.scoring`` is
#: ``lmeval_hf.scoring``.
ALLOWED_EDGES: set[tuple[str, str, tuple[str, ...]]] = {
    ("lmeval-steered", "lmeval-hf", ()),
    ("lmeval-megatron", "lmeval-hf", ("lmeval_hf.Scorer", "lmeval_hf.scoring")),
    ("lmeval-nemo", "lmeval-hf", ("lmeval_hf.Scorer", "lmeval_hf.scoring")),
    ("lmeval-llamacpp", "lmeval-api", ("lmeval_api.transport",)),
    ("lmeval-nemo", "lmeval-megatron", ("lmeval_megatron.runner", "lmeval_megatron.tokenizer")),
}

#: Imports beyond DESIGN's target edges that exist today: (package, dotted prefix of what it
#: imports). Debt to be removed (issue 17 §1 moves the shared request code into lmeval-core);
#: never add a line here.
# empty: lmeval-sglang, -megatron, -nemo, -vllm, -onnx and -api no longer use lmeval-hf's request
# code, and nemo's use of lmeval-megatron's base class is an allowed edge above
KNOWN_EXTRA_EDGES: set[tuple[str, str]] = set()

LAZY = re.compile(r"(lmeval\w*(?:\.\w+)*):[\w.]+")


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _project(pkg: Path) -> dict:
    return tomllib.loads((pkg / "pyproject.toml").read_text(encoding="utf-8"))["project"]


@functools.cache
def _import_names() -> dict[str, str]:
    """Top-level import name -> distribution, for every package of the workspace."""
    out = {}
    for pkg in PACKAGES:
        for top in (pkg / "src").iterdir():
            if (top / "__init__.py").is_file():
                out[top.name] = _project(pkg)["name"]
    return out


def _declared(pkg: Path) -> tuple[set[str], set[str]]:
    """(runtime dependencies, dependencies of extras), as normalized distribution names."""
    project = _project(pkg)

    def names(specs: list[str]) -> set[str]:
        return {_normalize(re.split(r"[\s<>=!~;\[(]", s, maxsplit=1)[0]) for s in specs}

    extras = set().union(*map(names, (project.get("optional-dependencies") or {}).values()))
    return names(project.get("dependencies", [])), extras




def _imports(pkg: Path) -> list[tuple[str, str]]:
    """(dotted path imported, file:line) of every lmeval import in a package's sources."""
    found = []
    for path in sorted((pkg / "src").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(ROOT if path.is_relative_to(ROOT) else pkg).as_posix()
        for node in ast.walk(tree):
            modules: list[str] = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) \
                    == "import_module" and node.args and isinstance(node.args[0], ast.Constant):
                modules = [str(node.args[0].value)]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                match = LAZY.fullmatch(node.value)
                modules = [match.group(1)] if match else []
            found += [(m, f"{where}:{node.lineno}") for m in modules if m.split(".")[0].startswith("lmeval")]
    return found


@functools.cache
def _edges() -> dict[tuple[str, str], list[str]]:
    """(package, imported module of another workspace package) -> where, for every package."""
    names = _import_names()
    edges: dict[tuple[str, str], list[str]] = {}
    for pkg in PACKAGES:
        dist = _project(pkg)["name"]
        for module, where in _imports(pkg):
            top = module.split(".")[0]
            if names.get(top) != dist:
                edges.setdefault((dist, module), []).append(where)
    return edges


def test_the_sources_are_found():
    names = _import_names()
    assert names["lmeval"] == CORE and names["lmeval_hf"] == "lmeval-hf" and len(PACKAGES) >= 18
    edges = _edges()
    assert ("lmeval-steered", "lmeval_hf.models.HFLM") in edges  # a real import the scan must see
    assert ("lmeval-hf", "lmeval.protocol.LM") in edges


@pytest.mark.parametrize("pkg", PACKAGES, ids=lambda p: p.name)
def test_every_lmeval_import_is_a_declared_dependency(pkg):
    names = _import_names()
    runtime, extras = _declared(pkg)
    dist = _project(pkg)["name"]
    problems = []
    for (importer, module), places in sorted(_edges().items()):
        if importer != dist:
            continue
        provider = names.get(module.split(".")[0])
        if provider is None:
            problems.append(f"{places[0]}: imports {module}, which no package of this workspace provides")
        elif _normalize(provider) not in runtime and not (
                _normalize(provider) in extras and all(_is_test_kit(w) for w in places)):
            problems.append(f"{places[0]}: imports {module}, but {pkg.name}/pyproject.toml does not "
                            f"declare {provider} in its dependencies")
    imported = {_normalize(names.get(m.split(".")[0], "?")) for (i, m) in _edges() if i == dist}
    unused = sorted(d for d in runtime if d.startswith("lmeval-") and d not in imported and d != CORE)
    problems += [f"{pkg.name}/pyproject.toml depends on {d}, which its sources never import" for d in unused]
    assert not problems, "\n".join(problems)


def _is_test_kit(where: str) -> bool:
    return where.startswith(f"packages/{TESTKIT}/")


def _under(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith(prefix + ".")


def _allowed(importer: str, provider: str, path: str) -> bool:
    if provider == CORE:
        return importer != CORE
    if importer == TESTKIT:
        return not provider.startswith(("lmeval-tasks-", "lmeval-report-"))
    return any(importer == a and provider == p and (not prefixes or any(_under(path, x) for x in prefixes))
               for a, p, prefixes in ALLOWED_EDGES)


def _known(importer: str, path: str) -> bool:
    return any(importer == a and _under(path, prefix) for a, prefix in KNOWN_EXTRA_EDGES)


def test_every_edge_between_packages_is_allowed_or_known_debt():
    names = _import_names()
    new = []
    for (importer, module), places in sorted(_edges().items()):
        provider = names.get(module.split(".")[0], "?")
        if not _allowed(importer, provider, module) and not _known(importer, module):
            new.append(f"{places[0]}: {importer} imports {module} ({provider}): not an edge DESIGN.md "
                       "allows (move what it needs into lmeval-core, or change DESIGN.md first)")
    assert not new, "\n".join(new)


def test_known_extra_edges_only_shrink():
    edges = _edges()
    stale = sorted((a, prefix) for a, prefix in KNOWN_EXTRA_EDGES
                   if not any(a == i and _under(path, prefix) for i, path in edges))
    assert not stale, (f"these imports are gone: delete them from KNOWN_EXTRA_EDGES so they cannot "
                       f"come back unnoticed: {stale}")
    names = _import_names()
    allowed = sorted(pair for pair in KNOWN_EXTRA_EDGES if _allowed(pair[0], names[pair[1].split('.')[0]], pair[1]))
    assert not allowed, f"allowed edges need no KNOWN_EXTRA_EDGES line: {allowed}"


def test_the_core_imports_no_backend_and_no_pack():
    core = [(module, places) for (importer, module), places in _edges().items() if importer == CORE]
    assert not core, f"lmeval-core imports other packages: {core}"
    runtime, extras = _declared(ROOT / "packages" / CORE)
    assert not {d for d in runtime | extras if d.startswith("lmeval")}


def test_the_core_names_no_reporter_and_no_task_pack():
    """Reporters (``--hf_hub_log_args`` is ``--reporter hf_hub:...``) and task packs are found by
    the names they register; only backends get ``pip install`` hints (KNOWN_BACKENDS)."""
    packs = [_project(p)["name"] for p in PACKAGES if p.name.startswith(("lmeval-report-", "lmeval-tasks-"))]
    assert len(packs) >= 8
    named = [f"{path.relative_to(ROOT)}: {dist}" for path in (ROOT / "packages" / CORE / "src").rglob("*.py")
             for dist in packs if dist in path.read_text(encoding="utf-8")
             or dist.replace("-", "_") in path.read_text(encoding="utf-8")]
    assert not named, named


def test_the_scan_sees_every_kind_of_import(tmp_path):
    """A package importing lmeval-hf four ways: each is found, and none is an allowed edge."""
    src = tmp_path / "src" / "lmeval_tasks_x"
    src.mkdir(parents=True)
    (src / "__init__.py").write_text("")
    (src / "plugin.py").write_text(
        "import importlib\n"
        "import lmeval_hf.models\n"
        "from lmeval_hf import scoring\n"
        "from lmeval.hookspecs import hookimpl\n"
        "def f():\n"
        "    return importlib.import_module('lmeval_hf.rolling')\n"
        "@hookimpl\n"
        "def lmeval_register_models(register):\n"
        "    register('x', 'lmeval_hf.batching:BatchSizer')\n")
    found = {module for module, _ in _imports(tmp_path)}
    assert found == {"lmeval_hf.models", "lmeval_hf.scoring", "lmeval_hf.rolling", "lmeval_hf.batching",
                     "lmeval.hookspecs.hookimpl"}
    assert not any(_allowed("lmeval-tasks-x", "lmeval-hf", m) for m in found if m.startswith("lmeval_hf"))
    assert _allowed("lmeval-tasks-x", CORE, "lmeval.hookspecs.hookimpl")
    assert _allowed("lmeval-nemo", "lmeval-hf", "lmeval_hf.Scorer")
    assert _allowed("lmeval-nemo", "lmeval-hf", "lmeval_hf.scoring.Scorer")
    assert not _allowed("lmeval-nemo", "lmeval-hf", "lmeval_hf.scoringx")
    assert not _allowed(CORE, "lmeval-hf", "lmeval_hf")
    assert _allowed(TESTKIT, "lmeval-megatron", "lmeval_megatron.arguments")
    assert not _allowed(TESTKIT, "lmeval-tasks-mmlu", "lmeval_tasks_mmlu")


def test_no_runtime_package_ships_a_test_kit():
    """Test kits live in lmeval-testkit; only lmeval-core's ``lmeval.testing`` (the ``dummy``
    backend) stays in a runtime wheel."""
    kits = sorted(p.relative_to(ROOT).as_posix() for pkg in PACKAGES if pkg.name not in (CORE, TESTKIT)
                  for p in (pkg / "src").rglob("testing.py"))
    assert not kits, f"move these into packages/{TESTKIT}: {kits}"
    assert _is_test_kit(f"packages/{TESTKIT}/src/lmeval_testkit/megatron.py:1")
