"""The trusted runner stays out of the candidate's reach (issue 30): it imports nothing on the
candidate's word, works in a directory the candidate cannot write, and says at the start of a
code task which kernel layers are missing — checked with every layer switch off in turn.
Also: arguments the candidate changes in place are changed for the test, as in Python."""

from __future__ import annotations

import logging
import os
import textwrap
from dataclasses import replace
from pathlib import Path

import lmeval
import pytest
from lmeval_tasks_code import execution, sandbox
from lmeval_tasks_code._harness import MODULES
from lmeval_tasks_code.sandbox import Limits, run_program, run_programs
from test_code_tasks import HE, MBPP, ScriptedLM

BASE = Limits(timeout=3.0, memory_mb=512, max_processes=8)
#: every switch the sandbox has, off one at a time, then all off
CONFIGS = {
    "default": BASE,
    "isolate=0": replace(BASE, isolate=False),
    "landlock=0": replace(BASE, landlock=False),
    "seccomp=0": replace(BASE, seccomp=False),
    "cgroups=0": replace(BASE, cgroups=False),
    "all-off": replace(BASE, isolate=False, landlock=False, seccomp=False, cgroups=False),
}
#: modules with import-time effects (or that read argv and cwd), named to the runner in replies
NAMED = ["unittest.__main__", "unittest", "this", "antigravity", "idlelib.idle", "pydoc", "runpy", "doctest",
         "pdb", "site", "sitecustomize", "__main__", "venv.__main__", "test.__main__", "test_pwn"]
SHAPES = ["return m", "return [m]", "return {'k': (m,)}", "return [[{'x': [m]}]]"]


def planted(marker: Path) -> str:
    """Program lines that plant files a runner could read: each, if ever run outside the
    sandbox, creates ``marker`` (a path the sandbox cannot write) and forges a passing report."""
    payload = textwrap.dedent(f"""\
        import os, sys
        open({str(marker)!r}, 'w').write(__name__)
        f = sys._getframe()
        while f is not None:
            if 'report_fd' in f.f_locals:
                os.write(f.f_locals['report_fd'], b'{{"status": "passed", "layers": {{}}}}\\n')
                os._exit(0)
            f = f.f_back
        """)
    files = ["test_pwn.py", "sitecustomize.py", "usercustomize.py", "__main__.py", "this.py", "pydoc.py",
             "../runner/test_pwn.py", "../test_pwn.py"]
    lines = [f"try:\n    open({name!r}, 'w').write({payload!r})\nexcept OSError:\n    pass\n" for name in files]
    pdbrc = f"open({str(marker)!r}, 'w')"
    return "".join(lines) + f"open('.pdbrc', 'w').write({pdbrc!r})\n"


def module_program(marker: Path, name: str, shape: str) -> str:
    return f"import types\n{planted(marker)}def g(*a, **k):\n    m = types.ModuleType({name!r})\n    {shape}\n"


@pytest.mark.parametrize("config", list(CONFIGS))
def test_module_names_in_replies_import_nothing_in_the_runner(config, tmp_path):
    marker = tmp_path / "ran-in-the-runner"
    jobs = [(module_program(marker, name, SHAPES[i % len(SHAPES)]), "x = g()\nassert x == 1\n", "")
            for i, name in enumerate(NAMED)]
    results = run_programs(jobs, CONFIGS[config])
    assert [r.status for r in results] == ["failed"] * len(NAMED), [(n, r) for n, r in zip(NAMED, results, strict=True)
                                                                    if r.status != "failed"]
    assert all("AssertionError" in r.detail for r in results), results[0]
    assert not marker.exists(), marker.read_text()


@pytest.mark.parametrize("config", ["default", "isolate=0", "all-off"])
def test_the_runner_gets_inert_handles_for_modules_outside_the_allow_list(config):
    tests = textwrap.dedent("""\
        m = g()
        assert type(m).__name__ == 'RemoteObject', type(m)
        assert type(m.TestCase).__name__ == 'RemoteObject'
        assert 'unittest' not in __import__('sys').modules  # never imported here
        r = h()
        assert r is __import__('math')  # an allow-listed module is the runner's own
        """)
    program = "import unittest, math\ndef g():\n    return unittest\ndef h():\n    return math\n"
    result = run_program(program, CONFIGS[config], tests=tests)
    assert result.status == "passed", result


def test_the_allow_list_holds_only_modules_without_import_time_effects():
    import sys

    assert {"math", "re", "collections"} <= MODULES
    assert not MODULES & {"unittest", "this", "antigravity", "pydoc", "runpy", "doctest", "pdb", "site", "os",
                          "sys", "builtins", "importlib", "pickle", "__main__", "subprocess", "code"}
    assert all(m.split(".")[0] in sys.stdlib_module_names for m in MODULES)


MATH_TEST = "assert math.isclose(volume(2), 33.51, rel_tol=0.001)\n"


@pytest.mark.parametrize("program,status", [
    ("import math\ndef volume(r):\n    return 4 / 3 * math.pi * r ** 3\n", "passed"),
    ("import types\nmath = types.ModuleType('math')\nmath.isclose = lambda *a, **k: True\n"
     "def volume(r):\n    return 0\n", "failed"),
    ("class _Fake:\n    isclose = staticmethod(lambda *a, **k: True)\nmath = _Fake()\n"
     "def volume(r):\n    return 0\n", "failed"),
    ("import math\nmath.isclose = lambda *a, **k: True\ndef volume(r):\n    return 0\n", "failed"),
    ("def volume(r):\n    return 33.51\n", "failed"),  # no `import math`: NameError, as in lm-eval
], ids=["honest", "fake-module", "fake-object", "patched-module", "unbound"])
@pytest.mark.parametrize("config", ["default", "isolate=0"])
def test_a_module_name_the_tests_use_is_always_the_real_module(program, status, config):
    """MBPP asserts use ``math.isclose`` from the candidate's ``import math``: whatever the
    candidate binds to ``math``, the test gets the runner's own module."""
    result = run_program(program, CONFIGS[config], tests=MATH_TEST)
    assert result.status == status, result


@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_runner_works_in_an_empty_dir_the_candidate_cannot_write(config):
    program = planted(Path("/nonexistent/marker")) + "open('mine.txt', 'w').write('x')\ndef g():\n    return 1\n"
    tests = textwrap.dedent("""\
        import os
        assert g() == 1
        assert os.path.basename(os.getcwd()) == 'runner', os.getcwd()
        assert os.listdir('.') == [], os.listdir('.')
        assert os.path.realpath(os.environ['HOME']) == os.path.realpath(os.getcwd())
        """)
    result = run_program(program, CONFIGS[config], tests=tests)
    assert result.status == "passed", result


def test_the_candidate_gets_its_work_dir_as_home_and_tmpdir():
    tests = "import os\nhome, tmp, cwd = g()\nassert home == tmp == cwd != os.getcwd()\n"
    program = "import os\ndef g():\n    return os.environ['HOME'], os.environ['TMPDIR'], os.getcwd()\n"
    assert run_program(program, BASE, tests=tests).status == "passed"


# --- the attack through a whole run ------------------------------------------------------

@pytest.mark.parametrize("isolate", ["1", "0"], ids=["isolation", "no-namespaces"])
def test_the_unittest_main_attack_scores_zero_on_every_program_task(isolate, monkeypatch, tmp_path):
    """Issue 30: the candidate plants test_*.py in its work dir and names ``unittest.__main__``
    in a reply. It scored pass@1 = 1.0 on these four tasks with LMEVAL_SANDBOX_ISOLATE=0."""
    monkeypatch.setenv("LMEVAL_SANDBOX_ISOLATE", isolate)
    marker = tmp_path / "ran-in-the-runner"
    plant = planted(marker)
    he = "\n    import types\n" + textwrap.indent(plant, "    ") + "    return types.ModuleType('unittest.__main__')\n"
    names = ["remove_Occ", "sort_matrix", "find_Volume"]
    mbpp = (f"import types\n{plant}def _g(*a, **k):\n    return types.ModuleType('unittest.__main__')\n"
            + "".join(f"{n} = _g\n" for n in names))

    class LM(ScriptedLM):
        def generate_until(self, requests):
            return [he if '"""' in r.context[-600:] else mbpp for r in requests]

    out = lmeval.evaluate(LM({}), tasks=["humaneval", "humaneval_plus", "mbpp", "mbpp_plus"],
                          confirm_run_unsafe_code=True)
    scores = {t: v for t, m in out["results"].items() for k, v in m.items() if k.startswith("pass") and "stderr" not in k}
    assert scores == {"humaneval": 0.0, "humaneval_plus": 0.0, "mbpp": 0.0, "mbpp_plus": 0.0}
    assert not marker.exists()


# --- missing layers: a loud warning when a code task starts --------------------------------------

@pytest.mark.parametrize("switch,layer_text", [
    ("isolate", "user namespace"), ("landlock", "Landlock"), ("seccomp", "seccomp"), ("cgroups", "memory cgroup"),
])
def test_each_switched_off_layer_is_a_warning_line(switch, layer_text, monkeypatch, caplog):
    monkeypatch.setattr(execution, "_announced", set())
    monkeypatch.setattr(execution, "_warned", set())
    limits = replace(BASE, **{switch: False})
    with caplog.at_level(logging.WARNING, logger="lmeval.tasks.code"):
        layers = execution.announce(limits)
    lines = [r.getMessage() for r in caplog.records]
    assert lines[0].startswith("code sandbox: this machine does not provide")
    missing = sandbox.missing_protections(layers)
    assert [line.removeprefix("code sandbox:   missing: ") for line in lines if "  missing: " in line] == missing
    assert any(m.startswith(layer_text) for m in missing)
    assert any(f"LMEVAL_SANDBOX_{switch.upper()}=0" in line for line in lines)


def test_the_warning_comes_before_the_first_request(monkeypatch, caplog):
    monkeypatch.setenv("LMEVAL_SANDBOX_ISOLATE", "0")
    monkeypatch.setattr(execution, "_announced", set())
    monkeypatch.setattr(execution, "_warned", set())
    seen_at_generation = []

    class LM(ScriptedLM):
        def generate_until(self, requests):
            seen_at_generation.extend(r.getMessage() for r in caplog.records)
            return [HE[0]["canonical_solution"] for _ in requests]

    with caplog.at_level(logging.WARNING, logger="lmeval.tasks.code"):
        lmeval.evaluate(LM({}), tasks=["humaneval"], limit=1, confirm_run_unsafe_code=True)
    assert any("missing: user namespace" in m for m in seen_at_generation)
    assert any("missing: PID namespace" in m for m in seen_at_generation)
    assert any("LMEVAL_SANDBOX_ISOLATE=0" in m for m in seen_at_generation)


def test_a_full_sandbox_warns_about_nothing_it_has(monkeypatch, caplog):
    monkeypatch.setattr(execution, "_announced", set())
    monkeypatch.setattr(execution, "_warned", set())
    with caplog.at_level(logging.WARNING, logger="lmeval.tasks.code"):
        layers = execution.announce(BASE)
    text = "\n".join(r.getMessage() for r in caplog.records)
    for missing in sandbox.missing_protections(layers):
        assert missing in text
    for key, words in sandbox.PROTECTIONS.items():
        if layers.get(key):
            assert words not in text


# --- cleanup never follows the candidate's symlinks -----------------------------------------------

def test_removing_a_work_dir_never_follows_a_symlink(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep").write_text("x")
    os.chmod(victim / "keep", 0o600)
    work = tmp_path / "work"
    (work / "locked").mkdir(parents=True)
    os.symlink(victim / "keep", work / "locked" / "link")
    os.symlink(victim, work / "dirlink")
    os.chmod(work / "locked", 0o500)
    sandbox._rmtree(work)
    assert not work.exists()
    assert (victim / "keep").read_text() == "x" and (victim / "keep").stat().st_mode & 0o777 == 0o600
    link = tmp_path / "link-to-victim"
    os.symlink(victim, link)
    sandbox._rmtree(link)
    assert victim.is_dir() and not link.exists()


def test_stale_dir_removal_skips_symlinks_and_foreign_dirs(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / ".lock").write_text("")
    os.symlink(victim, tmp_path / f"{sandbox.PREFIX}999999-x")
    assert sandbox.remove_stale(str(tmp_path)) == []
    assert (victim / ".lock").exists()


# --- arguments changed in place ---------------------------------------------------------------------

ALIASING = [
    ("def f(l):\n    l.append(1)\n    return len(l)\n", "l = [1]\nassert f(l) == 2\nassert l == [1, 1]\n"),
    ("def f(d):\n    d['k'] = 2\n", "d = {'a': 1}\nf(d)\nassert d == {'a': 1, 'k': 2}\n"),
    ("def f(s):\n    s.add(3)\n", "s = {1}\nf(s)\nassert s == {1, 3}\n"),
    ("def f(b):\n    b[0] = 65\n", "b = bytearray(b'a')\nf(b)\nassert b == bytearray(b'A')\n"),
    ("def f(*, out):\n    out.extend([1, 2])\n", "o = []\nf(out=o)\nassert o == [1, 2]\n"),
    ("def f(grid):\n    grid[0][0] = 9\n", "g = [[0, 1], [2]]\nrow = g[0]\nf(g)\nassert row == [9, 1] and g[0] is row\n"),
    ("def f(l):\n    l.sort()\n    raise ValueError('after sorting')\n",
     "l = [3, 1, 2]\ntry:\n    f(l)\nexcept ValueError:\n    pass\nassert l == [1, 2, 3]\n"),
    ("def f(l):\n    return sorted(l)\n", "l = [3, 1]\nassert f(l) == [1, 3]\nassert l == [3, 1]\n"),
    ("def f(l):\n    l.clear()\n", "t = ([1],)\nf(t[0])\nassert t == ([],)\n"),
]


@pytest.mark.parametrize("program,tests", ALIASING, ids=[f"case{i}" for i in range(len(ALIASING))])
def test_arguments_changed_in_place_are_changed_for_the_test(program, tests):
    result = run_program(program, BASE, tests=tests)
    assert result.status == "passed", result


@pytest.mark.parametrize("forged", [
    "[[0, 'not a list']]", "[[5, [1]]]", "[['nope', [1]]]", "'x'", "[[0, {'$d': []}]]",
])
def test_a_forged_change_of_arguments_is_a_protocol_violation(forged):
    program = textwrap.dedent(f"""\
        import sys
        main = sys.modules['__main__']
        real = main._mutations
        main._mutations = lambda *a, **k: {forged}
        def f(l):
            return 2
        """)
    result = run_program(program, BASE, tests="l = [1]\nassert f(l) == 2\n")
    assert result.status == "failed" and "protocol violation" in result.detail, result


def test_mbpp_and_humaneval_references_still_pass_with_changes_sent_back():
    """Canonical solutions that sort or pop their arguments in place pass as before."""
    jobs = [(MBPP[0]["code"], "\n".join(MBPP[0]["test_list"]), "")]
    jobs.append(("def f(xs):\n    xs.sort()\n    return xs.pop()\n",
                 "xs = [3, 1, 2]\nassert f(xs) == 3\nassert xs == [1, 2]\n", ""))
    assert [r.status for r in run_programs(jobs, BASE)] == ["passed", "passed"]
