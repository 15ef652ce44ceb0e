"""One error for an optional library that is missing: what needs it and the ``pip install`` line.

Backends, metrics, readers and reporters import heavy libraries only when they are used; when
one is absent the user gets one line (exit 2, no traceback), the same everywhere::

    peft=... needs peft, which is not installed: pip install peft
"""

from __future__ import annotations

import importlib
from types import ModuleType

from lmeval.errors import UsageError


def missing_library(library: str, *, needed_by: str, install: str | None = None,
                    note: str = "", error: BaseException | None = None,
                    module: str | None = None) -> UsageError:
    """The error for ``library`` missing: ``<needed_by> needs <library>, which is not installed:
    pip install <install>`` (``install`` defaults to ``library``).

    ``error``: the ImportError caught, shown in parentheses. Unless it says that ``module``
    itself (the import name; any module when not given) is absent, the line reads "which
    failed to import": an installed library with a missing dependency or a wrong build.
    ``note`` follows the line.
    """
    absent = error is None or (isinstance(error, ModuleNotFoundError) and (
        module is None or _top(error.name or "") == _top(module)))
    state = "which is not installed" if absent else "which failed to import"
    detail = f" ({error})" if error is not None else ""
    tail = f" {note}" if note else ""
    return UsageError(f"{needed_by} needs {library}, {state}{detail}: "
                      f"pip install {install or library}{tail}")


def require(module: str, *, needed_by: str, install: str | None = None,
            library: str | None = None, note: str = "") -> ModuleType:
    """Import ``module`` (dotted names too) or raise :func:`missing_library`.

    ``library`` names it in the message and ``install`` is what pip installs (both default to
    the top-level package of ``module``).
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        absent = isinstance(exc, ModuleNotFoundError) and _top(exc.name or "") == _top(module)
        raise missing_library(library or _top(module), needed_by=needed_by,
                              install=install or _top(module),
                              note=note, error=None if absent else exc, module=module) from None


def _top(name: str) -> str:
    return name.split(".")[0]
