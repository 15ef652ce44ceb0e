"""The trusted side of a code test: runs the dataset's test code against a remote candidate.

The test code (``check(candidate)`` with its helpers and loops, MBPP's assert lines) executes
in this process, which the candidate cannot reach. Every name the test code uses but does not
define is looked up in the sandbox; what comes back is plain data (:mod:`._wire`) or a
:class:`RemoteObject` whose calls, attributes, ``len``, iteration and indexing go over the pipe
and whose equality is identity. So every ``==``, ``abs(a - b) < 1e-6``, ``math.isclose`` and
``assert`` is evaluated here, on values the candidate can choose but not disguise.

Nothing is imported, evaluated or unpickled here on the candidate's word: a module named in a
reply is the runner's own copy only when it is one of :data:`MODULES` (side-effect-free
standard-library modules), and an inert :class:`RemoteObject` otherwise. Arguments the candidate
changes in place come back with the reply and are applied to the test's objects.
"""

from __future__ import annotations

import builtins
import importlib
import os
import select
import sys
import time

from lmeval_tasks_code import _wire

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds at every runner start
    from typing import Any

#: The only modules the runner imports when the candidate names one: standard-library modules
#: that define functions and constants and do nothing else at import (no argv, cwd, files,
#: environment, threads or output). Exact names, never a prefix. Any other module the candidate
#: names (``unittest.__main__``, ``this``, ``pydoc``, ``runpy``, a module it made itself) stays in
#: the sandbox as an inert :class:`RemoteObject`.
MODULES = frozenset({
    "array", "bisect", "cmath", "collections", "collections.abc", "copy", "datetime", "decimal",
    "fractions", "functools", "heapq", "itertools", "math", "numbers", "operator", "random", "re",
    "statistics", "string", "textwrap", "unicodedata",
})
#: Built-in exception types a candidate's exception is re-raised as (others: CandidateError).
_EXCEPTIONS = {n: c for n, c in vars(builtins).items()
               if isinstance(c, type) and issubclass(c, Exception) and c is not StopIteration}


class SandboxLost(BaseException):  # noqa: N818 - BaseException: test code's `except Exception` cannot swallow it
    """The candidate died, broke the protocol, exited, or the deadline passed: the test fails."""


class UnsupportedTest(BaseException):  # noqa: N818
    """The test code hands the candidate something that cannot cross as plain data."""


class CandidateError(Exception):
    """The candidate raised an exception that is not a built-in type (its name is in the message)."""


class Connection:
    """Requests to the sandboxed worker, one JSON line each way, all under one deadline."""

    def __init__(self, req_fd: int, resp_fd: int, err_fd: int, deadline: float) -> None:
        self.req_fd, self.resp_fd, self.err_fd = req_fd, resp_fd, err_fd
        self.deadline = deadline
        self.failed: str | None = None
        self.timed_out = False
        self.stderr = bytearray()
        self._buf = bytearray()
        self._err_open = True
        for fd in (req_fd, resp_fd, err_fd):
            os.set_blocking(fd, False)

    def lose(self, reason: str, timeout: bool = False) -> SandboxLost:
        if self.failed is None:
            self.failed = reason
            self.timed_out = timeout
        return SandboxLost(self.failed)

    def _wait(self, fds: list[int], write: bool) -> list[int]:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise self.lose("the time limit was reached", timeout=True)
        err = [self.err_fd] if self._err_open else []
        r, w, _ = select.select(err + ([] if write else fds), fds if write else [], [], remaining)
        if self.err_fd in r:
            self.drain_stderr()
        return w if write else [fd for fd in r if fd != self.err_fd]

    def drain_stderr(self) -> None:
        while True:
            try:
                chunk = os.read(self.err_fd, 65536)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                self._err_open = False  # closed by the candidate: stop selecting on it
                return
            self.stderr += chunk
            del self.stderr[:-4096]

    def send(self, message: Any) -> None:
        data = memoryview(_wire.dumps(message))
        while data:
            if self.req_fd in self._wait([self.req_fd], write=True):
                try:
                    n = os.write(self.req_fd, data)
                except BlockingIOError:
                    continue
                except OSError:
                    raise self.lose("the candidate process is gone") from None
                data = data[n:]

    def receive_line(self) -> bytes:
        while b"\n" not in self._buf:
            if self.resp_fd in self._wait([self.resp_fd], write=False):
                try:
                    chunk = os.read(self.resp_fd, 1 << 20)
                except BlockingIOError:
                    continue
                if not chunk:
                    raise self.lose("the candidate process ended before answering")
                self._buf += chunk
                if len(self._buf) > _wire.MAX_LINE:
                    raise self.lose("the candidate sent an oversized message")
        line, _, rest = bytes(self._buf).partition(b"\n")
        self._buf = bytearray(rest)
        return line

    def request(self, message: Any, arguments: tuple[tuple, dict] | None = None) -> Any:
        """Send ``message``, return the decoded value or raise the candidate's exception.

        ``arguments``: the test's own arguments of a call, updated in place from the reply's
        ``mut`` entry (what the candidate changed in them), as Python's shared objects would be."""
        if self.failed:
            raise SandboxLost(self.failed)
        self.send(message)
        try:
            reply = _wire.loads(self.receive_line())
            if type(reply) is not dict or len(reply) != 1 + ("mut" in reply) or "mut" in reply and arguments is None:
                raise _wire.ProtocolError("a reply must be {ok: value} or {exc: [type, message]}")
            if "mut" in reply and arguments is not None:
                self._apply_mutations(reply["mut"], *arguments)
            if "ok" in reply:
                return _wire.decode(reply["ok"], self._from_handle)
            exc = reply.get("exc")
            if type(exc) is not list or len(exc) != 2 or not all(type(x) is str for x in exc):
                raise _wire.ProtocolError("bad exception reply")
        except _wire.ProtocolError as err:
            raise self.lose(f"protocol violation: {err}") from None
        name, text = exc[0][:100], exc[1][:1000]
        if name == "StopIteration" and message.get("op") == "next":
            raise StopIteration
        if name in ("SystemExit", "KeyboardInterrupt", "GeneratorExit") or name not in _EXCEPTIONS and name.endswith("Exit"):
            raise self.lose(f"the candidate raised {name}")
        cls = _EXCEPTIONS.get(name)
        raise cls(text) if cls is not None else CandidateError(f"{name}: {text}")

    def _apply_mutations(self, mut: Any, args: tuple, kwargs: dict) -> None:
        if type(mut) is not list:
            raise _wire.ProtocolError("bad mutation list")
        for entry in mut:
            if type(entry) is not list or len(entry) != 2:
                raise _wire.ProtocolError("bad mutation entry")
            key, state = entry
            if type(key) is int and 0 <= key < len(args):
                target = args[key]
            elif type(key) is str and key in kwargs:
                target = kwargs[key]
            else:
                raise _wire.ProtocolError("a mutation of an argument that was not passed")
            new = _wire.decode(state, self._from_handle)
            if type(new) not in _MUTABLE or not isinstance(target, type(new)):
                raise _wire.ProtocolError("a mutation that changes an argument's type")
            _assign(target, new)

    def _from_handle(self, ref: int, module: str | None) -> Any:
        if type(module) is str and module in MODULES:
            return trusted_module(module)  # the test gets the real module, not the candidate's
        return RemoteObject(self, ref)  # inert: nothing is imported or run here on the candidate's word

    def encode_args(self, value: Any) -> Any:
        try:
            return _wire.encode(value)
        except _wire.Unencodable as err:
            raise UnsupportedTest(f"the test code passes the candidate a value that is not plain data ({err})") from None


_MUTABLE = (list, dict, set, bytearray)


def _assign(target: Any, new: Any, depth: int = 0) -> None:
    """Make ``target`` equal to ``new`` in place, keeping the identity of nested lists and dicts
    where the shape is unchanged (a test holding ``row = grid[0]`` sees its row change)."""
    if isinstance(target, list):
        if len(target) == len(new) and depth < _wire.MAX_DEPTH:
            for i, item in enumerate(new):
                old = target[i]
                if type(item) in (list, dict) and type(old) is type(item):
                    _assign(old, item, depth + 1)
                else:
                    target[i] = item
        else:
            target[:] = new
    elif isinstance(target, dict):
        if list(target) == list(new) and depth < _wire.MAX_DEPTH:
            for key, item in new.items():
                old = target[key]
                if type(item) in (list, dict) and type(old) is type(item):
                    _assign(old, item, depth + 1)
                else:
                    target[key] = item
        else:
            target.clear()
            target.update(new)
    elif isinstance(target, set):
        target.clear()
        target.update(new)
    else:
        target[:] = new


def trusted_module(name: str) -> Any:
    """The runner's own copy of an allow-listed standard-library module."""
    if name not in MODULES:
        raise KeyError(name)
    return sys.modules.get(name) or importlib.import_module(name)


class RemoteObject(_wire.Handle):
    """A candidate function, class or object: used through the pipe, compared by identity."""

    __slots__ = ("_conn",)

    def __init__(self, conn: Connection, ref: int) -> None:
        super().__init__(ref)
        self._conn = conn

    def __copy__(self) -> RemoteObject:
        return self  # a handle is a reference; copying the connection would desynchronise it

    def __deepcopy__(self, memo: dict) -> RemoteObject:
        return self

    def _op(self, op: str, **fields: Any) -> Any:
        return self._conn.request({"op": op, "h": self.ref, **fields})

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        enc = self._conn.encode_args
        message = {"op": "call", "h": self.ref, "args": [enc(a) for a in args],
                   "kw": [[k, enc(v)] for k, v in kwargs.items()]}
        return self._conn.request(message, arguments=(args, kwargs))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__") or name in RemoteObject.__slots__ + ("ref",):
            raise AttributeError(name)  # dunders are never asked of the candidate; unset slots (copying)
        return self._op("attr", name=name)

    def _typed(self, op: str, kind: type, **fields: Any) -> Any:
        value = self._op(op, **fields)
        if type(value) is not kind:
            raise self._conn.lose(f"{op} answered with a {type(value).__name__}")
        return value

    def __len__(self) -> int:
        return self._typed("len", int)

    def __iter__(self) -> Any:
        return iter(self._typed("iter", list))

    def __next__(self) -> Any:
        return self._op("next")

    def __getitem__(self, key: Any) -> Any:
        return self._op("item", key=self._conn.encode_args(key))

    def __contains__(self, value: Any) -> bool:
        return self._typed("contains", bool, value=self._conn.encode_args(value))

    def __bool__(self) -> bool:
        return self._typed("bool", bool)

    def __str__(self) -> str:
        return self._typed("str", str)

    def __repr__(self) -> str:
        return self._typed("repr", str)


class TestNamespace(dict):
    """Globals of the test code: a name it does not define is looked up in the sandbox."""

    def __init__(self, conn: Connection) -> None:
        super().__init__(__name__="__main__", __builtins__=builtins)
        self._conn = conn

    def __missing__(self, name: str) -> Any:
        if hasattr(builtins, name):
            raise KeyError(name)  # then Python looks in builtins
        value = self._conn.request({"op": "global", "name": name})
        if name in MODULES:
            # ``math.isclose(...)`` in MBPP's asserts uses the candidate's ``import math``: whatever
            # the candidate bound to that name (an object whose ``isclose`` is always true), the
            # test gets the real module; an unbound name is a NameError, as in lm-eval.
            value = trusted_module(name)
        self[name] = value
        return value


def run_tests(conn: Connection, tests: str, prelude: str = "") -> tuple[str, str]:
    """Runs ``prelude`` (trusted code of the prompt) then ``tests``; returns ``(status, detail)``.

    ``status`` is ``passed``, ``failed``, ``timeout`` or ``unsupported``. A pass needs the test
    code to finish with no exception and the sandbox to have kept to the protocol throughout.
    """
    namespace = TestNamespace(conn)
    try:
        if prelude:
            exec(compile(prelude, "<prompt>", "exec"), namespace)  # noqa: S102 - dataset code, trusted
        exec(compile(tests, "<tests>", "exec"), namespace)  # noqa: S102 - dataset code, trusted
    except UnsupportedTest as err:
        return "unsupported", str(err)
    except SandboxLost:
        pass
    except BaseException as err:  # an assert, a candidate exception re-raised, the deadline
        if conn.failed is None:
            return ("timeout" if conn.timed_out else "failed"), f"{type(err).__name__}: {err}"[:2000]
    if conn.failed is not None:
        return ("timeout" if conn.timed_out else "failed"), conn.failed
    return "passed", ""
