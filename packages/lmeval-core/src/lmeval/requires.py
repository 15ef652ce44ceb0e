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
                    note: str = "", error: BaseException | None = None) -> UsageError:
    """The error for ``library`` missing: ``<needed_by> needs <library>, which is not installed:
    pip install <install>`` (``install`` defaults to ``library``).

    ``error``: the ImportError of an installed library that fails to import (a missing shared
    library, a wrong build); it is shown instead of "not installed". ``note`` follows the line.
    """
    state = f"which failed to import ({error})" if error is not None else "which is not installed"
    tail = f" {note}" if note else ""
    return UsageError(f"{needed_by} needs {library}, {state}: pip install {install or library}{tail}")


def require(module: str, *, needed_by: str, install: str | None = None,
            library: str | None = None, note: str = "") -> ModuleType:
    """Import ``module`` (dotted names too) or raise :func:`missing_library`.

    ``library`` names it in the message (default: the top-level package of ``module``).
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.split(".")[0]
        absent = isinstance(exc, ModuleNotFoundError) and (exc.name or "").split(".")[0] == top
        raise missing_library(library or top, needed_by=needed_by, install=install, note=note,
                              error=None if absent else exc) from None
