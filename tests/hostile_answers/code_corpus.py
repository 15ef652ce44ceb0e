"""Hostile answers for every code task: forgery attempts generated from classes of attack.

Each attempt is what a model could return for one fixture document of a task: a HumanEval
completion, an MBPP program, a CRUXEval answer. None solves anything; each tries to get a pass
some other way (exits and fake exit codes, patched builtins and assert, always-equal objects,
forged replies and verdict markers, the runner's own code through frames and gc, files the
runner might read, module names the runner might import, signals, timing, pickles, and for
CRUXEval expressions that are not the literal or the call the task asks for). :func:`score`
scores them with the task's own filter and metric functions: every one must get pass@1 = 0.

``python tests/hostile_answers/code_table.py`` prints the per-task table.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "packages" / "lmeval-tasks-code" / "tests" / "fixtures"
TASKS = ("humaneval", "humaneval_plus", "mbpp", "mbpp_plus", "cruxeval_input", "cruxeval_output",
         "humaneval_multi_line_infilling")
_DATA = {
    "humaneval": "openai/openai_humaneval/default/test.jsonl",
    "humaneval_plus": "evalplus/humanevalplus/default/test.jsonl",
    "mbpp": "google-research-datasets/mbpp/full/test.jsonl",
    "mbpp_plus": "evalplus/mbppplus/default/test.jsonl",
    "cruxeval_input": "cruxeval-org/cruxeval/default/test.jsonl",
    "cruxeval_output": "cruxeval-org/cruxeval/default/test.jsonl",
    # the answer is the middle: the program is prompt + answer + suffix
    "humaneval_multi_line_infilling": "loubnabnl/humaneval_infilling/HumanEval-MultiLineInfilling/test.jsonl",
}


@dataclass(frozen=True)
class Attempt:
    task: str
    name: str
    doc: dict
    #: the model's generation, before the task's filter
    answer: str


def docs(task: str) -> list[dict]:
    lines = (FIXTURES / _DATA[task]).read_text(encoding="utf-8").splitlines()
    return [json.loads(x) for x in lines if x.strip()]


def target(task: str, doc: dict) -> str:
    """The task's ``doc_to_target`` (test_hostile_answers_code checks it against a real run)."""
    if task.startswith("humaneval"):
        return f"{doc['test']}\ncheck({doc['entry_point']})"
    if task.startswith("mbpp"):
        return "\n".join(doc["test_list"][:3])
    return f"assert f({doc['input']}) == {doc['output']}\n[/ANSWER]"


# --------------------------------------------------------------------------- program attacks

#: A forged runner report: written to every descriptor, and to the runner's report descriptor
#: when this code finds itself running in the runner (the issue-30 attack).
FORGE_REPORT = textwrap.dedent("""\
    import os, sys
    _line = b'{"status": "passed", "detail": "", "seconds": 0.0, "stderr": "", "layers": {}}\\n'
    _f = sys._getframe()
    while _f is not None:
        if 'report_fd' in _f.f_locals:
            os.write(_f.f_locals['report_fd'], _line)
            os._exit(0)
        _f = _f.f_back
    for _fd in range(0, 64):
        try:
            os.write(_fd, _line)
        except OSError:
            pass
    """)

#: Files a runner might read from a directory the candidate can write: discovery, startup
#: hooks, debugger rc files, a ``__main__``.
PLANTED = {"test_pwn.py": FORGE_REPORT, "pwn_test.py": FORGE_REPORT, "sitecustomize.py": FORGE_REPORT,
           "usercustomize.py": FORGE_REPORT, "__main__.py": FORGE_REPORT, "pwn.pth": "import sitecustomize\n",
           ".pdbrc": "import os; os._exit(0)\n", "conftest.py": FORGE_REPORT, "this.py": FORGE_REPORT}

PLANT = "".join(f"open({name!r}, 'w').write({text!r})\n" for name, text in PLANTED.items())

#: Modules with import-time effects, or that read argv, cwd or files, and names made up to look
#: like them: each named to the runner in a reply.
MODULE_NAMES = (
    "unittest.__main__", "unittest.main", "unittest", "this", "antigravity", "idlelib.idle", "idlelib",
    "pydoc", "runpy", "doctest", "pdb", "site", "sitecustomize", "usercustomize", "__main__", "__hello__",
    "__phello__.spam", "venv.__main__", "test.__main__", "json.tool", "timeit", "cProfile", "trace",
    "ensurepip.__main__", "lib2to3.__main__", "pickle", "importlib", "code", "webbrowser", "test_pwn",
    "math.__main__", "unittest.__main__\x00math", "../test_pwn",
)

#: The shapes in which a module handle reaches the runner.
MODULE_SHAPES = {
    "returned": "return _m",
    "in-a-list": "return [_m, 1]",
    "in-a-dict": "return {'k': (_m,)}",
    "nested": "return [[[{'x': {_m}}]]] if False else [[[{'x': [_m]}]]]",
}

#: (name, statements run in the call, the value returned)
IN_CALL = [
    ("sys-exit-0", "raise SystemExit(0)", "None"),
    ("os-exit-0", "import os\nos._exit(0)", "None"),
    ("exit-builtin", "exit(0)", "None"),
    ("atexit-fake-pass", "import atexit, os, sys\natexit.register(lambda: os.write(1, b'passed\\n'))\nsys.exit(0)",
     "None"),
    ("keyboard-interrupt", "raise KeyboardInterrupt", "None"),
    ("fake-exit-class", "class SystemExit(Exception):\n    pass\nraise SystemExit('ok')", "None"),
    ("fake-stop-iteration", "raise StopIteration", "None"),
    ("always-equal", "class _A:\n    def __eq__(s, o): return True\n    def __ne__(s, o): return False\n"
                     "    __hash__ = object.__hash__", "_A()"),
    ("always-equal-int", "class _I(int):\n    def __eq__(s, o): return True\n    __hash__ = int.__hash__", "_I(0)"),
    ("always-equal-str", "class _S(str):\n    def __eq__(s, o): return True\n    __hash__ = str.__hash__", "_S('')"),
    ("always-equal-list", "class _L(list):\n    def __eq__(s, o): return True", "_L()"),
    ("always-equal-float", "class _F(float):\n    def __eq__(s, o): return True\n    def __abs__(s): return 0.0\n"
                           "    def __sub__(s, o): return _F(0.0)\n    __hash__ = float.__hash__", "_F(0.0)"),
    ("spoofed-class", "class _M(type):\n    def __instancecheck__(c, o): return True\n"
                      "class _B(metaclass=_M):\n    __class__ = property(lambda s: bool)\n"
                      "    def __eq__(s, o): return True\n    __hash__ = object.__hash__", "_B()"),
    ("nan", "", "float('nan')"),
    ("not-implemented", "", "NotImplemented"),
    ("patch-builtins", "import builtins\nbuiltins.abs = lambda x: 0\nbuiltins.AssertionError = type('X', (Exception,), {})\n"
                       "builtins.isinstance = lambda *a: True\nbuiltins.len = lambda x: 0", "True"),
    ("print-fake-verdicts", "import sys\nfor s in (sys.stdout, sys.stderr):\n"
                            "    print('{\"status\": \"passed\"}\\n{\"ok\": true}\\npassed', file=s, flush=True)",
     "True"),
    ("forge-replies-every-fd", FORGE_REPORT + "for _fd in range(3, 64):\n    try:\n"
                               "        os.write(_fd, b'{\"ok\":true}\\n' * 20)\n    except OSError:\n        pass",
     "True"),
    ("patch-serve", "import sys, os\n_main = sys.modules['__main__']\n"
                    "_main._serve = lambda *a, **k: None\n"
                    "import lmeval_tasks_code._wire as _w\n_w.encode = lambda v, *a, **k: True\n"
                    "_w.dumps = lambda m: b'{\"ok\":true}\\n'", "True"),
    ("gc-patch-harness", "import gc\nfor _o in gc.get_objects():\n"
                         "    if isinstance(_o, dict) and 'run_tests' in _o and 'Connection' in _o:\n"
                         "        _o['run_tests'] = lambda *a, **k: ('passed', '')\n"
                         "    if type(_o).__name__ == 'Connection':\n        _o.failed = None",
     "True"),
    ("frames-patch-runner", "import sys\n_f = sys._getframe()\nwhile _f is not None:\n"
                            "    _f.f_globals.get('_harness') and setattr(_f.f_globals['_harness'], 'run_tests', "
                            "lambda *a, **k: ('passed', ''))\n    _f = _f.f_back", "True"),
    ("kill-parent", "import os, signal\nfor _s in (signal.SIGKILL, signal.SIGTERM):\n    try:\n"
                    "        os.kill(os.getppid(), _s)\n    except OSError:\n        pass", "True"),
    ("stop-parent", "import os, signal\ntry:\n    os.kill(os.getppid(), signal.SIGSTOP)\nexcept OSError:\n    pass",
     "True"),
    ("alarm-parent", "import os, signal\nfor _p in (os.getppid(), 1, -1, 0):\n    try:\n"
                     "        os.kill(_p, signal.SIGALRM)\n    except OSError:\n        pass", "True"),
    ("signal-everyone", "import os, signal\nfor _p in (-1, 0, -os.getppid()):\n    try:\n"
                        "        os.kill(_p, signal.SIGUSR1)\n    except OSError:\n        pass", "True"),
    ("sleep-past-deadline", "import time\ntime.sleep(30)", "True"),
    ("cancel-alarms", "import signal\nsignal.setitimer(signal.ITIMER_REAL, 0)\nsignal.alarm(0)\n"
                      "signal.signal(signal.SIGALRM, signal.SIG_IGN)", "True"),
    ("pickled-payload", "import pickle, os\nclass _P:\n    def __reduce__(s): return (os._exit, (0,))",
     "pickle.dumps(_P())"),
    ("reduce-object", "import os\nclass _P:\n    def __reduce__(s): return (os._exit, (0,))", "_P()"),
    ("write-runner-files", PLANT, "True"),
    ("procfs-runner-mem", "import os\ntry:\n    _fd = os.open(f'/proc/{os.getppid()}/mem', os.O_RDWR)\n"
                          "except OSError:\n    _fd = None", "True"),
    ("procfs-runner-fds", "import os\nfor _n in range(64):\n    try:\n"
                          "        _fd = os.open(f'/proc/{os.getppid()}/fd/{_n}', os.O_WRONLY)\n"
                          "        os.write(_fd, b'{\"status\": \"passed\", \"layers\": {}}\\n')\n"
                          "    except OSError:\n        pass", "True"),
    ("fake-math-module", "import types\n_m = types.ModuleType('math')\n_m.isclose = lambda *a, **k: True\n"
                         "globals()['math'] = _m", "True"),
    ("math-name-rebound", "class _Fake:\n    isclose = staticmethod(lambda *a, **k: True)\n"
                          "    fabs = staticmethod(lambda x: 0.0)\nglobals()['math'] = _Fake()", "True"),
]


#: The attacks that also run at import time, before the first test.
AT_IMPORT = ("sys-exit-0", "os-exit-0", "exit-builtin", "atexit-fake-pass", "keyboard-interrupt", "fake-exit-class",
             "patch-builtins", "print-fake-verdicts", "forge-replies-every-fd", "patch-serve", "gc-patch-harness",
             "kill-parent", "cancel-alarms", "write-runner-files", "fake-math-module")


def _in_call_shapes() -> list[tuple[str, str, str]]:
    out = list(IN_CALL)
    for i, module in enumerate(MODULE_NAMES):
        shape = list(MODULE_SHAPES)[i % len(MODULE_SHAPES)]
        make = f"import types\n{PLANT}_m = types.ModuleType({module!r})"
        out.append((f"module-{module.encode('unicode_escape').decode()}-{shape}", make,
                    MODULE_SHAPES[shape].removeprefix("return ")))
    return out


def _entry(task: str, doc: dict) -> str:
    if task.startswith("humaneval"):
        return doc["entry_point"]
    return doc["test_list"][0].split("assert", 1)[1].strip().split("(", 1)[0].strip()


def _humaneval(statements: str, value: str) -> str:
    return textwrap.indent(f"{statements}\nreturn {value}\n".lstrip("\n"), "    ")


def _mbpp(entry: str, statements: str, value: str) -> str:
    body = textwrap.indent(f"{statements}\nreturn {value}\n".lstrip("\n"), "    ")
    return f"def {entry}(*args, **kwargs):\n{body}"


def _program_attempts(task: str) -> list[Attempt]:
    rows = docs(task)
    out = []
    for i, (name, statements, value) in enumerate(_in_call_shapes()):
        doc = rows[i % len(rows)]
        entry = _entry(task, doc)
        if task.startswith("humaneval"):
            answer = _humaneval(statements, value)
        else:
            answer = _mbpp(entry, statements, value)
        out.append(Attempt(task, f"in-call/{name}", doc, answer))
    # the same attacks at import time, before any test runs
    at_import = [a for a in IN_CALL if a[0] in AT_IMPORT]
    for i, (name, statements, _value) in enumerate(at_import):
        doc = rows[i % len(rows)]
        entry = _entry(task, doc)
        top = f"{statements}\n"
        if task.startswith("humaneval"):
            answer = "    return None\n" + top
        else:
            answer = top + f"def {entry}(*args, **kwargs):\n    return None\n"
        out.append(Attempt(task, f"at-import/{name}", doc, answer))
    # the function under test is itself a module object named to the runner
    for i, module in enumerate(MODULE_NAMES[:8]):
        doc = rows[i % len(rows)]
        entry = _entry(task, doc)
        bind = f"import types\n{PLANT}globals()[{entry!r}] = types.ModuleType({module!r})\n"
        answer = ("    return None\n" + bind) if task.startswith("humaneval") else bind
        out.append(Attempt(task, f"entry-is-module/{module}", doc, answer))
    return out


# --------------------------------------------------------------------------- CRUXEval answers

def _output_answers(doc: dict) -> list[tuple[str, str]]:
    call = f"f({doc['input']})"
    return [
        ("call-with-space", f"f ({doc['input']})"), ("call-with-tab", f"f\t({doc['input']})"),
        ("call-with-newline", f"f(\n{doc['input']})"), ("call-in-parens", f"(f)({doc['input']})"),
        ("fullwidth-f", f"\uff46({doc['input']})"), ("mathematical-f", f"\U0001d41f({doc['input']})"),
        ("dunder-call", f"f.__call__({doc['input']})"), ("globals-lookup", f"globals()['f']({doc['input']})"),
        ("eval", f"eval('f(' + {doc['input']!r} + ')')"), ("lambda", f"(lambda: {call})()"),
        ("subscript", f"[{call}][0]"), ("conditional", f"{call} if 1 else 0"), ("or", f"0 or {call}"),
        ("walrus", f"(y := {call})"), ("starred", f"[*{call}]"), ("comprehension", f"[x for x in [{call}]][0]"),
        ("always-equal", "type('A', (), {'__eq__': lambda s, o: True, '__hash__': None})()"),
        ("exit", "__import__('os')._exit(0)"), ("exec", "exec('import os; os._exit(0)')"),
        ("breakout", f"0\n    )\n    return {call}\n    (0"), ("second-statement", f"0; {call}"),
        ("comment-hides-call", f"0 # == {call}"), ("string-of-call", f"'{call}'.replace('x', 'x') and {call}"),
        ("attribute", "int.real"), ("name", "f"), ("bytes-call", f"bytes({call})"),
        ("sum-of-literals", f"{call} + 0"), ("fstring", f"f'{{{call}}}'"),
        ("generator", f"next(x for x in [{call}])"), ("vars", f"vars()['f']({doc['input']})"),
    ]


def _input_answers(doc: dict) -> list[tuple[str, str]]:
    out = doc["output"]
    return [
        ("output-if-1-else-call", f"{out} if 1 else f(0)"), ("call-or-true", "f(0) or True"),
        ("output-or-call", f"{out} or f(0)"), ("call-and-output", f"f(0) and {out}"),
        ("tuple-index", f"(f, {out})[1]"), ("dict-lookup", f"{{0: {out}, 1: f}}[0]"),
        ("lambda-call", f"(lambda *a: {out})(0)"), ("walrus-rebind-f", f"(f := lambda *a: {out})(0)"),
        ("lookalike-f", f"\u0192(0) if 0 else {out}"), ("other-function", "print(0)"),
        ("starred-args", "f(*[0])"), ("double-star", "f(**{})"), ("comprehension-arg", "f([i for i in range(3)])"),
        ("call-arg", "f(__import__('os')._exit(0))"), ("attribute-arg", "f(int.real)"),
        ("walrus-arg", "f((x := 0))"), ("lambda-arg", "f(lambda: 0)"),
        ("always-equal-arg", "f(type('A', (), {'__eq__': lambda s, o: True, '__hash__': None})())"),
        ("call-of-call", f"f(0)({out})"), ("dunder-call", "f.__call__(0)"), ("compare", f"f(0) == {out} or True"),
        ("output-only", out), ("exit", "__import__('os')._exit(0)"), ("breakout", "f(0)\n    )\n    return (0"),
        ("second-statement", "f(0); import os"), ("subscript-call", "[f][0](0)"),
        ("call-plus-zero", "f(0) + 0"), ("not-call", "not f(0)"), ("generator-arg", "f(x for x in [0])"),
        ("fstring-arg", "f(f'{0}')"),
    ]


def _crux_attempts(task: str) -> list[Attempt]:
    out = []
    for doc in docs(task):
        pairs = _output_answers(doc) if task == "cruxeval_output" else _input_answers(doc)
        for name, answer in pairs:
            body = f"assert f({doc['input']}) == {answer}" if task == "cruxeval_output" else f"assert {answer} == {doc['output']}"
            out.append(Attempt(task, f"{doc['id']}/{name}", doc, body + "\n"))
            if name in ("call-with-space", "output-if-1-else-call"):  # the bare answer, no assert
                out.append(Attempt(task, f"{doc['id']}/{name}-bare", doc, answer + "\n"))
    return out


def attempts(task: str) -> list[Attempt]:
    return _crux_attempts(task) if task.startswith("cruxeval") else _program_attempts(task)


# --------------------------------------------------------------------------- scoring


def _functions(task: str) -> tuple[Callable[[list[list[str]], list[dict]], list[list[str]]], Callable[..., Any]]:
    if task.endswith("_infilling"):
        from lmeval_tasks_code.tasks.humaneval_infilling import utils as hi

        return hi.build_predictions, lambda refs, preds, timeout: hi.pass_at_k(refs, preds, k=[1], timeout=timeout)["pass@1"]
    if task.startswith("humaneval"):
        from lmeval_tasks_code.tasks.humaneval import utils as he

        return he.build_predictions, lambda refs, preds, timeout: he.pass_at_k(refs, preds, k=[1], timeout=timeout)["pass@1"]
    if task.startswith("mbpp"):
        from lmeval_tasks_code.tasks.mbpp import utils as mb

        return (lambda resps, _docs: resps), lambda refs, preds, timeout: mb.pass_at_1(refs, preds, timeout=timeout)
    from lmeval_tasks_code.tasks.cruxeval import utils as cx

    build = cx.build_input_programs if task == "cruxeval_input" else cx.build_output_programs
    return build, lambda refs, preds, timeout: cx.pass_at_k(refs, preds, k=[1], timeout=timeout)["pass@1"]


def score(task: str, batch: list[Attempt], timeout: float = 2.0) -> float:
    """pass@1 over ``batch`` (one document each) with the task's own filter and metric."""
    build, metric = _functions(task)
    programs = build([[a.answer] for a in batch], [a.doc for a in batch])
    return metric([target(task, a.doc) for a in batch], programs, timeout)


def passing(task: str, batch: list[Attempt], timeout: float = 2.0) -> list[str]:
    """The attempts of ``batch`` that score a pass, one by one (empty when the batch scores 0)."""
    if score(task, batch, timeout) == 0.0:
        return []
    return [a.name for a in batch if score(task, [a], timeout) > 0.0]
