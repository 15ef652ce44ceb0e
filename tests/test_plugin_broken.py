"""A broken installed plugin never takes lmeval down.

Each variant is a real distribution: a wheel built here, installed by pip into its own
directory (put on PYTHONPATH for the CLI run), found through its ``lmeval`` entry point like any
plugin. Variants: a misspelled hook (``lmeval_register_model``), another unknown ``lmeval_*``
hookimpl, a hook with argument names its hook does not give, an import error, an exception at
import, an entry point naming a missing attribute, and a registration hook that raises. Each is
disabled with one warning naming its distribution (and the closest hook name where one is
misspelled); ``lmeval ls``, ``run`` and ``validate`` still work, the example plugin's
contributions included; ``lmeval ls plugins`` lists it as broken.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from lmeval_system_helpers import CUSTOM

HEAD = "from lmeval.hookspecs import hookimpl\nfrom lmeval.testing import ReferenceLM\n"

#: variant → (module source, entry-point target suffix, words the warning must hold)
VARIANTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "misspelled-hook": (HEAD + textwrap.dedent("""
        @hookimpl
        def lmeval_register_model(register):
            register("broken-model", ReferenceLM)
        """), "", ("'lmeval_register_model'", "did you mean 'lmeval_register_models'")),
    "unknown-hook": (HEAD + textwrap.dedent("""
        @hookimpl
        def lmeval_register_metric(register):
            pass

        @hookimpl
        def lmeval_register_models(register):
            register("broken-model", ReferenceLM)
        """), "", ("'lmeval_register_metric'", "did you mean 'lmeval_register_metrics'")),
    "wrong-argument": (HEAD + textwrap.dedent("""
        @hookimpl
        def lmeval_register_models(registry):
            registry("broken-model", ReferenceLM)
        """), "", ("'registry'", "did you mean 'register'")),
    "import-error": ("import lmeval_no_such_module_anywhere\n" + HEAD, "",
                     ("ModuleNotFoundError", "lmeval_no_such_module_anywhere")),
    "raises-at-import": (HEAD + "raise RuntimeError('the plugin could not start')\n", "",
                         ("RuntimeError", "could not start")),
    "missing-attribute": (HEAD, ":plugin_object", ("AttributeError", "plugin_object")),
    "hook-raises": (HEAD + textwrap.dedent("""
        @hookimpl
        def lmeval_register_models(register):
            register("broken-model", ReferenceLM)
            raise KeyError("half registered")
        """), "", ("lmeval_register_models raised", "KeyError")),
}


def _wheel(root: Path, variant: str) -> Path:
    dist = f"lmeval-broken-{variant}"
    module = dist.replace("-", "_")
    source, target, _ = VARIANTS[variant]
    info = f"{module}-0.1.0.dist-info"
    files = {
        f"{module}/__init__.py": source,
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: lmeval-tests\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
        f"{info}/entry_points.txt": f"[lmeval]\n{dist} = {module}{target}\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{name},,\n" for name in [*files, f"{info}/RECORD"])
    wheel = root / f"{module}-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, Path]:
    """variant → the directory pip installed its wheel into."""
    root = tmp_path_factory.mktemp("broken-plugins")
    out = {}
    for variant in VARIANTS:
        target = root / variant
        proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                               "--no-index", "--disable-pip-version-check", "--target",
                               str(target), str(_wheel(root, variant))],
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        out[variant] = target
    return out


def _cli(site: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site), "LMEVAL_CACHE_DIR": str(tmp_path / "cache"),
           "LMEVAL_DATASETS_DIR": str(CUSTOM / "mirror")}
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True,
                          text=True, timeout=300, env=env, cwd=tmp_path)


def _warnings(stderr: str, dist: str) -> list[str]:
    return [line for line in stderr.splitlines() if dist in line]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_broken_plugin_is_disabled_and_everything_else_works(variant, installed, tmp_path):
    site, dist = installed[variant], f"lmeval-broken-{variant}"
    words = VARIANTS[variant][2]

    plugins = _cli(site, tmp_path, "ls", "plugins")
    assert plugins.returncode == 0, plugins.stderr
    assert "Traceback" not in plugins.stderr
    (line,) = [row for row in plugins.stdout.splitlines() if row.startswith(dist)]
    assert "BROKEN" in line and all(w in line for w in words), line
    assert "lmeval-core" in plugins.stdout

    models = _cli(site, tmp_path, "ls", "models")
    assert models.returncode == 0, models.stderr
    (warning,) = _warnings(models.stderr, dist)  # one line, naming the distribution
    assert "broken and disabled" in warning and all(w in warning for w in words), warning
    assert "dummy" in models.stdout and "broken-model" not in models.stdout
    pytest.importorskip("lmeval_example_plugin", reason="tests/plugin_example is installed "
                        "by scripts/test.sh")
    assert "example-echo" in models.stdout  # the other plugins still register

    run = _cli(site, tmp_path, "run", "--model", "example-echo", "--tasks", "example_copy",
               "--limit", "2", "--output_path", str(tmp_path / "out"))
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and len(_warnings(run.stderr, dist)) == 1
    assert "example_copy" in run.stdout

    validate = _cli(site, tmp_path, "validate", "--tasks", "example_copy")
    assert validate.returncode == 0, validate.stderr
    assert "Traceback" not in validate.stderr


def test_a_local_plugin_with_a_misspelled_hook_is_a_usage_error(tmp_path):
    plugin = tmp_path / "typo_plugin.py"
    plugin.write_text(VARIANTS["misspelled-hook"][0])
    proc = subprocess.run([sys.executable, "-m", "lmeval", "ls", "models", "--plugins",
                           str(plugin)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "did you mean 'lmeval_register_models'" in proc.stderr
